//! Grading a filled-in worksheet (EVENTS.md §5, the second kind of file): the
//! student's trace table, cell by cell, against the answer key computed
//! from the search (never the key printed on the sheet).

use std::path::Path;

use anyhow::{Result, bail};
use serde_json::{Value, json};

use super::escaped;
use super::read::LineReader;
use crate::model::{Cell, Report, Table};
use crate::worksheet::{self, Sheet};

/// The line a worksheet names the command that made it on.
pub const COMMAND_LINE: &str = "backstep-command:";

/// What a file is, told apart by its content.
pub enum Sniffed {
    /// JSON lines: its first line that is not blank or a `#` comment opens
    /// an object.
    Trace,
    /// Anything else is read as a worksheet, with the arguments of its
    /// `backstep-command:` line if it has one.
    Sheet(Option<Vec<String>>),
}

/// Tells a trace from a worksheet.
pub fn sniff(path: &Path) -> Result<Sniffed> {
    let mut lines = LineReader::open(path)?;
    let mut command = None;
    let mut first = true;
    while lines.next_line()? {
        let line = lines.text().trim();
        if line.is_empty() || (first && line.starts_with('#') && !line.starts_with("# Worksheet")) {
            continue;
        }
        if first && line.starts_with('{') {
            return Ok(Sniffed::Trace);
        }
        first = false;
        if let Some(args) = line.strip_prefix(COMMAND_LINE) {
            let number = lines.number;
            command = Some(split_args(args).map_err(|why| {
                anyhow::anyhow!("{}: the {COMMAND_LINE} line {why}", lines.at(number))
            })?);
            break;
        }
    }
    if first {
        return Ok(Sniffed::Trace);
    }
    Ok(Sniffed::Sheet(command))
}

/// Splits a command line into arguments at spaces, keeping what single or
/// double quotes hold together.
fn split_args(text: &str) -> Result<Vec<String>, &'static str> {
    let mut args = Vec::new();
    let mut arg: Option<String> = None;
    let mut quote: Option<char> = None;
    for c in text.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => arg.get_or_insert_default().push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                arg.get_or_insert_default();
            }
            (None, c) if c.is_whitespace() => args.extend(arg.take()),
            (None, c) => arg.get_or_insert_default().push(c),
        }
    }
    if quote.is_some() {
        return Err("has a quote that is never closed");
    }
    args.extend(arg.take());
    if args.is_empty() {
        return Err("names no search");
    }
    Ok(args)
}

/// A worksheet's grade.
#[derive(Debug)]
pub struct SheetGrade {
    /// Cells right.
    pub right: u64,
    /// Cells graded.
    pub total: u64,
    /// The first wrong cell, if any.
    pub first_wrong: Option<WrongCell>,
}

/// A wrong cell: where, what the student wrote, what the key says.
#[derive(Debug)]
pub struct WrongCell {
    /// The node's number (the row's `node` cell).
    pub node: String,
    /// The column's name.
    pub column: String,
    /// What the student wrote.
    pub yours: String,
    /// What the key says.
    pub expected: String,
}

/// Grades the worksheet in `path` against the key of `search`. A sheet
/// that says which cells it blanked (its `backstep-blanks:` line, which
/// `--print worksheet` writes) is graded on those cells: the right ones out
/// of all blanks (EVENTS.md §5). A sheet without that line has every cell of
/// its trace table but the node number (and the key's
/// [`Cell::Nothing`] cells, never blanked, when the student left them `-`)
/// graded: a cell the sheet showed and the student left as it was
/// is right. Either way a blank left untouched or empty is wrong.
pub fn grade<S: Report>(search: S, sheet: &dyn Sheet, path: &Path) -> Result<SheetGrade> {
    let blanks = blanks_of(path)?;
    let (key, mask) = match &blanks {
        Some(blanks) => {
            let (key, mask) = worksheet::blanked(search, sheet, blanks);
            (key, Some(mask))
        }
        None => (worksheet::key(search), None),
    };
    let mut lines = LineReader::open(path)?;
    let mut first_text: Option<u64> = None;
    // Find the student's table: the first Markdown table whose header's
    // first cell is `node`.
    let header = loop {
        if !lines.next_line()? {
            let at = first_text.map_or_else(|| lines.at(1), |n| lines.at(n));
            bail!(
                "{at}: neither JSON lines (a trace; this line is not an object) nor a worksheet (no trace table whose first column is `node`)"
            );
        };
        let line = lines.text().trim();
        if !line.is_empty() {
            first_text.get_or_insert(lines.number);
        }
        if let Some(cells) = cells(line)
            && cells.first().is_some_and(|c| c == "node")
        {
            break cells;
        }
    };
    let header_at = lines.number;
    let want: Vec<&str> = key.header.to_vec();
    if header != want {
        bail!(
            "{}: the table's columns are {}, but the search's are {}: was the sheet made by another command?",
            lines.at(header_at),
            escaped(&header.join(", ")),
            want.join(", ")
        );
    }
    let mut grade = SheetGrade {
        right: 0,
        total: 0,
        first_wrong: None,
    };
    while lines.next_line()? {
        let number = lines.number;
        let line = lines.text().trim();
        let Some(row) = cells(line) else { break };
        if row.iter().all(|c| c.chars().all(|c| c == '-' || c == ':')) {
            continue;
        }
        if row.len() != want.len() {
            bail!(
                "{}: a row of {} in a table of {}",
                lines.at(number),
                crate::model::counted(row.len() as u64, "cell", "cells"),
                crate::model::counted(want.len() as u64, "column", "columns")
            );
        }
        let node = &row[0];
        let Some((index, answer)) = find_row(&key, node) else {
            bail!(
                "{}: node {} is not in the search's table, which has {} rows",
                lines.at(number),
                escaped(node),
                key.rows.len()
            );
        };
        for (j, (yours, expected)) in row.iter().zip(answer).enumerate().skip(1) {
            let graded = match &mask {
                Some(mask) => mask
                    .get(index)
                    .and_then(|cells| cells.get(j))
                    .copied()
                    .unwrap_or(false),
                None => !(expected.is_nothing() && yours.trim() == Cell::NOTHING),
            };
            if !graded {
                continue;
            }
            grade.total += 1;
            if answers(yours, expected) {
                grade.right += 1;
            } else if grade.first_wrong.is_none() {
                grade.first_wrong = Some(WrongCell {
                    node: node.clone(),
                    column: want[j].to_string(),
                    yours: yours.clone(),
                    expected: expected.to_string(),
                });
            }
        }
    }
    Ok(grade)
}

/// The key's row of node `node`, with its index.
fn find_row<'t>(key: &'t Table, node: &str) -> Option<(usize, &'t Vec<Cell>)> {
    key.rows
        .iter()
        .enumerate()
        .find(|(_, row)| row.first().is_some_and(|n| n.shown() == node))
}

/// Whether the student's cell `yours` (as written on the sheet) says what
/// the key's cell says: the same words, compared [`normal`]ised, or, for
/// nothing to state, the `-` a table writes for it.
fn answers(yours: &str, expected: &Cell) -> bool {
    match expected {
        Cell::Text(text) => normal(yours) == normal(text),
        Cell::Nothing => normal(yours) == Cell::NOTHING,
    }
}

/// The blanks a sheet says it has, from its `backstep-blanks:` line (read
/// up to the first table row); `None` for a sheet without one. A line
/// whose words are not blanks `--print worksheet` writes is bad input.
fn blanks_of(path: &Path) -> Result<Option<worksheet::Blanks>> {
    let mut lines = LineReader::open(path)?;
    let prefix = worksheet::BLANKS_PREFIX.trim_end();
    while lines.next_line()? {
        let line = lines.text().trim();
        if line.starts_with('|') {
            break;
        }
        if let Some(words) = line.strip_prefix(prefix) {
            return match worksheet::Blanks::parse(words) {
                Some(blanks) => Ok(Some(blanks)),
                None => bail!(
                    "{}: the {prefix} line names no blanks a worksheet has ({})",
                    lines.at(lines.number),
                    escaped(words.trim())
                ),
            };
        }
    }
    Ok(None)
}

/// A Markdown table row's cells, trimmed; `None` for a line that is not one.
fn cells(line: &str) -> Option<Vec<String>> {
    let inner = line.strip_prefix('|')?;
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    Some(inner.split('|').map(|c| c.trim().to_string()).collect())
}

/// A cell as it is compared: trimmed, lower case, without the spaces
/// inside `{}`, `[]` and `()` (EVENTS.md §5).
fn normal(cell: &str) -> String {
    let mut depth = 0usize;
    let mut out = String::new();
    for c in cell.trim().chars() {
        match c {
            '{' | '[' | '(' => depth += 1,
            '}' | ']' | ')' => depth = depth.saturating_sub(1),
            c if c.is_whitespace() && depth > 0 => continue,
            _ => {}
        }
        out.extend(c.to_lowercase());
    }
    out
}

/// The text report.
pub fn text(grade: &SheetGrade, show_answers: bool) -> String {
    let Some(wrong) = &grade.first_wrong else {
        return format!(
            "check: all {} right ({} of {})\n",
            crate::model::counted(grade.total, "cell", "cells"),
            grade.right,
            grade.total
        );
    };
    let mut text = format!(
        "check: {} of {} right; the first wrong cell is node {}, column {}",
        grade.right,
        crate::model::counted(grade.total, "cell", "cells"),
        escaped(&wrong.node),
        wrong.column
    );
    if show_answers {
        text.push_str(&format!(
            ": yours {:?}, expected {:?}",
            escaped(&wrong.yours),
            wrong.expected
        ));
    }
    text.push('\n');
    text
}

/// The JSON report (EVENTS.md §5): the answer only with `--show-answers`.
pub fn json(grade: &SheetGrade, show_answers: bool) -> Value {
    let first_wrong = grade.first_wrong.as_ref().map_or(Value::Null, |wrong| {
        let node = wrong
            .node
            .parse::<u64>()
            .map_or_else(|_| json!(wrong.node), |n| json!(n));
        let mut value = json!({"node": node, "column": wrong.column});
        if show_answers {
            value["yours"] = json!(wrong.yours);
            value["expected"] = json!(wrong.expected);
        }
        value
    });
    json!({
        "ok": grade.first_wrong.is_none(),
        "cells": {"right": grade.right, "total": grade.total},
        "first_wrong": first_wrong,
    })
}

#[cfg(test)]
mod tests {
    use super::{Cell, answers};

    /// The key's nothing is answered by the `-` a student writes for it
    /// (and only by that); the key's words by the same words, spaced freely.
    #[test]
    fn a_student_answers_nothing_with_a_dash_and_words_with_words() {
        assert!(answers(" - ", &Cell::Nothing));
        assert!(!answers("{}", &Cell::Nothing));
        assert!(!answers("", &Cell::Nothing));
        assert!(answers("{ 1, 3 }", &Cell::Text("{1,3}".into())));
        assert!(!answers("-", &Cell::Text("{}".into())));
        assert!(!answers("-", &Cell::Text("- (the givens)".into())));
    }
}
