//! Printable worksheets (`--print worksheet`): the problem and its rules in
//! words, the trace table with some cells left blank for a student to fill
//! in, and the answer key at the end.
//!
//! The table comes from the same [`Rows`] that `--print table` streams, so
//! a worksheet can never teach a rule the search does not follow, and its
//! answer key is `--print table` cut at [`MAX_NODES`]: this module only
//! chooses which cells to hide and writes the prose around them.

use std::io::{self, Write};

use crate::estimate;
use crate::model::{Cell, Report, Rows, Table};
use crate::rng::SplitMix64;

/// The most nodes a worksheet lists. A student traces a few dozen nodes by
/// hand at most, and 60 rows already fill a page or two; past that the
/// sheet (answer key included) stops and says so.
pub const MAX_NODES: usize = 60;

/// Prose is wrapped to this width so that a sheet prints on one page width
/// even as plain text.
const WIDTH: usize = 78;

/// Blanks are at least this wide, so that there is room to write even in a
/// column of one-character answers.
const MIN_BLANK: usize = 4;

/// Blanks are at most this wide: they are room to write in, and a column of
/// long outcomes should not push the table off the page.
const MAX_BLANK: usize = 16;

/// A named group of trace-table columns that `--blanks` can hide. What each
/// group means for each search is given by [`columns`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Group {
    /// The state a node's choice is worked out from (N-Queens: C, H, L;
    /// Sudoku: the cell MRV picks; Word Search: index and letter).
    Masks,
    /// The choices open at the node (N-Queens: legal; Sudoku: candidates;
    /// Word Search: the cell entered).
    Legal,
    /// What happened at the node.
    Outcome,
    /// Every column but the node number.
    All,
}

/// Which cells of the trace table a worksheet leaves blank.
///
/// Every node's state follows from the choices made above it, and a
/// node's first choice shows in the state of the node after it (the next
/// row's prefix extends this row's by the column placed), so a blank
/// could be read off the rows below it. A sheet therefore gives the
/// student the rows up to one node, blanks chosen cells of that node, and
/// leaves every later row blank in full (node number aside): from there
/// the student traces the search by hand. No blank can be read off the
/// cells shown: the rows above hold only what happened before that node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Blanks {
    /// The first node's columns, by group (`--blanks legal,outcome`); every
    /// later node in full.
    Columns(Vec<Group>),
    /// A node picked at random (`--seed K`) among the first half: the rows
    /// before it given, its outcome blank, every later node in full. The
    /// same seed picks the same node.
    Random(u64),
}

/// What a worksheet says besides its table: the command that made it,
/// whether it has its answer key, and the instance a seed made.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The search command and its own arguments as a person types them
    /// after `backstep ` (`queens 4 --full`), written on its line
    /// `backstep-command: ...` so that `backstep check sheet.md` needs
    /// nothing more.
    pub command: Option<String>,
    /// Whether the answer key is written (`--no-key` leaves it out).
    pub key: bool,
    /// The plain arguments that rebuild an instance made by `--seed`
    /// (`maze --grid 1101,...`).
    pub instance: Option<String>,
}

/// The prefix of the worksheet's command line.
pub const COMMAND_PREFIX: &str = "backstep-command: ";

/// The prefix of the line that says which cells are blank, in the words
/// of the options that chose them (`legal,outcome` or `seed 7`).
pub const BLANKS_PREFIX: &str = "backstep-blanks: ";

impl Blanks {
    /// The blanks as the `backstep-blanks:` line gives them.
    pub fn words(&self) -> String {
        match self {
            Blanks::Columns(groups) => groups
                .iter()
                .filter_map(clap::ValueEnum::to_possible_value)
                .map(|v| v.get_name().to_string())
                .collect::<Vec<_>>()
                .join(","),
            Blanks::Random(seed) => format!("seed {seed}"),
        }
    }

    /// Reads the words of a `backstep-blanks:` line back.
    pub fn parse(words: &str) -> Option<Blanks> {
        let words = words.trim();
        if let Some(seed) = words.strip_prefix("seed ") {
            return seed.trim().parse().ok().map(Blanks::Random);
        }
        let groups: Option<Vec<Group>> = words
            .split(',')
            .map(|g| <Group as clap::ValueEnum>::from_str(g.trim(), true).ok())
            .collect();
        groups.map(Blanks::Columns)
    }
}

impl Default for Blanks {
    /// `legal,outcome`: the student is given the state and works out what
    /// the search does with it.
    fn default() -> Blanks {
        Blanks::Columns(vec![Group::Legal, Group::Outcome])
    }
}

/// What a search adds to a worksheet: its problem and rules in words, how
/// to fill each column, and which columns each [`Group`] names. Optional:
/// a search offers it through `Scene::sheet` (`ui/scene.rs`), and the
/// functions here take it beside the search whose table they trace.
pub trait Sheet {
    /// The sheet's title, e.g. `4-Queens, with symmetry`.
    fn title(&self) -> String;

    /// The problem and its rules as Markdown lines, read from the search
    /// before its first event (the board, the puzzle, the options).
    fn rules(&self) -> Vec<String>;

    /// How to fill in the table, column by column, as Markdown lines.
    fn filling(&self) -> Vec<String>;

    /// The columns `--blanks masks` hides: the state a node's choice is
    /// worked out from.
    fn masks_columns(&self) -> &'static [&'static str];

    /// The columns `--blanks legal` hides: the choices open at a node.
    fn legal_columns(&self) -> &'static [&'static str];
}

/// The table columns a group hides (never `node`), of a search with the
/// table `header` and the worksheet `sheet`.
pub fn columns(sheet: &dyn Sheet, header: &[&'static str], group: Group) -> Vec<&'static str> {
    match group {
        Group::Masks => sheet.masks_columns().to_vec(),
        Group::Legal => sheet.legal_columns().to_vec(),
        Group::Outcome => vec!["outcome"],
        Group::All => header[1..].to_vec(),
    }
}

/// Writes the worksheet for a whole search (at most [`MAX_NODES`] nodes).
/// Write errors (a closed pipe, a full disk) are returned, never a panic.
pub fn write<S: Report>(
    search: S,
    sheet: &dyn Sheet,
    blanks: &Blanks,
    options: &Options,
    out: &mut dyn Write,
) -> io::Result<()> {
    out.write_all(worksheet(search, sheet, blanks, options).as_bytes())?;
    out.flush()
}

/// The worksheet's estimate section (`--print worksheet --estimate`):
/// three of Knuth's random probes of the search (seeded by `--seed`, 0
/// unless given), each a list of the children counted along its path, for
/// a student to turn into estimates by hand and compare with the count;
/// then its key.
pub fn write_estimate<S: Report>(search: &S, seed: u64, out: &mut dyn Write) -> io::Result<()> {
    let mut probes = estimate::Probes::new(search, seed);
    let mut taken = Vec::new();
    for _ in 0..3 {
        match probes.next_probe() {
            Ok(probe) => taken.push(probe),
            Err(endless) => return writeln!(out, "\n{endless}"),
        }
    }
    let root = search.counters().nodes;
    let mut counted = search.clone();
    counted.run_to_end();
    let nodes = counted.counters().nodes;
    let mut text = String::from("\n## Estimate the tree by hand (Knuth's random probes)\n\n");
    text.push_str(&format!(
        "Each probe walked from the root down one random path. At each node it counted the node's \
         children d (the nodes the search enters from it) and went on to one of them at random, \
         until a node with d = 0. A probe estimates the nodes as R + d1 + d1·d2 + d1·d2·d3 + ..., \
         with R = {root} here (the count the root adds before any place).\n\n"
    ));
    text.push_str("| probe | d along the path | estimate |\n|---|---|---|\n");
    for (i, probe) in taken.iter().enumerate() {
        let ds: Vec<String> = probe.degrees.iter().map(u64::to_string).collect();
        text.push_str(&format!("| {} | {} | ________ |\n", i + 1, ds.join(", ")));
    }
    text.push_str(
        "\n1. Work out each probe's estimate.\n\
         2. Their mean: ________ nodes.\n\
         3. Count the nodes (`--print summary`): ________. How far is the mean from the count, \
         and why can one probe be far off while the mean of many is not?\n",
    );
    text.push_str("\n### Key: the estimates\n\n");
    let mut sum = 0.0;
    for (i, probe) in taken.iter().enumerate() {
        let estimate = probe.estimate();
        sum += estimate;
        text.push_str(&format!("- probe {}: {estimate}\n", i + 1));
    }
    text.push_str(&format!(
        "- mean: {}\n- counted: {}\n",
        sum / taken.len() as f64,
        crate::model::counted(nodes, "node", "nodes")
    ));
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// Writes the worksheet of a bug variant: the table of the buggy search,
/// with a task to find its first wrong row; the answer key names the bug
/// and the row, found by setting the table beside the `correct` search's.
pub fn write_bug<S: Report, C: Report>(
    bug: S,
    sheet: &dyn Sheet,
    correct: C,
    bug_name: &str,
    blanks: &Blanks,
    options: &Options,
    out: &mut dyn Write,
) -> io::Result<()> {
    let wrong = first_wrong_row(Run::new(bug.clone()), Run::new(correct));
    // No command line: `backstep check` grades a sheet against the correct
    // search, and a bug's name on the sheet would give the task away.
    let unnamed = Options {
        command: None,
        ..options.clone()
    };
    let (head, key) = parts(bug, sheet, blanks, &unnamed);
    let mut text = head.join("\n");
    text.push_str("\n\n");
    let key = key.join("\n") + "\n";
    text.push_str("## Find the bug\n\n");
    let task = "This search has a bug: at some row it does not do what the rules above \
                say. Fill in the table as the search ran, then find the first row that \
                goes wrong and say what the correct search does there.";
    for line in wrap(task, "", "") {
        text.push_str(&line);
        text.push('\n');
    }
    if !options.key {
        out.write_all(text.as_bytes())?;
        return out.flush();
    }
    text.push_str("\n## Answer key\n");
    text.push_str(&key);
    text.push('\n');
    let answer = match wrong {
        Some((node, row, Some(right))) => format!(
            "The bug is `{bug_name}`. The first wrong row is node {node}: it reads \
             `{}`, where the correct search's reads `{}`.",
            row.join(" | "),
            right.join(" | ")
        ),
        Some((node, row, None)) => format!(
            "The bug is `{bug_name}`. The first wrong row is node {node}, `{}`: the \
             correct search never enters it.",
            row.join(" | ")
        ),
        None => format!(
            "The bug is `{bug_name}`. Every row above is also the correct search's: \
             the bug shows only past the table, or in the result."
        ),
    };
    for line in wrap(&answer, "", "") {
        text.push_str(&line);
        text.push('\n');
    }
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// The first row (its node number, the bug's row and the correct
/// search's, if it has that many) where the bug's table differs.
fn first_wrong_row(bug: Run, correct: Run) -> Option<(String, Vec<String>, Option<Vec<String>>)> {
    let rows = &bug.table.rows;
    (0..rows.len())
        .find(|&i| correct.table.rows.get(i) != Some(&rows[i]))
        .map(|i| {
            let node = rows[i]
                .first()
                .map_or_else(|| (i + 1).to_string(), Cell::to_string);
            let shown = |row: &Vec<Cell>| row.iter().map(Cell::to_string).collect();
            (node, shown(&rows[i]), correct.table.rows.get(i).map(shown))
        })
}

/// The worksheet's trace table as the answer key has it (at most
/// [`MAX_NODES`] rows) and, cell by cell, whether the sheet leaves it
/// blank: what `backstep check` grades a filled-in sheet against.
pub fn blanked<S: Report>(
    search: S,
    sheet: &dyn Sheet,
    blanks: &Blanks,
) -> (Table, Vec<Vec<bool>>) {
    let hidden = chosen(sheet, search.table_header(), blanks);
    let run = Run::new(search);
    let mask = mask(&run.table, &hidden);
    (run.table, mask)
}

/// The columns `blanks` names, resolved for `search` (for random blanks,
/// none: the seed picks a node instead).
fn chosen(sheet: &dyn Sheet, header: &[&'static str], blanks: &Blanks) -> Hide {
    match blanks {
        Blanks::Columns(groups) => {
            let mut chosen: Vec<&'static str> = Vec::new();
            for &group in groups {
                for column in columns(sheet, header, group) {
                    if !chosen.contains(&column) {
                        chosen.push(column);
                    }
                }
            }
            Hide::Columns(chosen)
        }
        Blanks::Random(seed) => Hide::Random(*seed),
    }
}

/// The worksheet as Markdown text.
pub fn worksheet<S: Report>(
    search: S,
    sheet: &dyn Sheet,
    blanks: &Blanks,
    options: &Options,
) -> String {
    let (mut text, key) = parts(search, sheet, blanks, options);
    if options.key {
        text.push(String::new());
        text.push("## Answer key".into());
        text.extend(key);
    }
    let mut sheet = text.join("\n");
    sheet.push('\n');
    sheet
}

/// The worksheet's lines in two parts, kept apart as data so that nothing
/// cuts the written sheet back into them: the sheet up to its trace table,
/// and what its answer key says under the `## Answer key` heading.
fn parts<S: Report>(
    search: S,
    sheet: &dyn Sheet,
    blanks: &Blanks,
    options: &Options,
) -> (Vec<String>, Vec<String>) {
    let title = sheet.title();
    let rules = sheet.rules();
    let filling = sheet.filling();
    let hidden = chosen(sheet, search.table_header(), blanks);
    let run = Run::new(search);

    let mask = mask(&run.table, &hidden);

    let mut text = Vec::new();
    text.push(format!("# Worksheet: {title}"));
    text.push(String::new());
    if let Some(command) = &options.command {
        text.push(format!("{COMMAND_PREFIX}{command}"));
        text.push(String::new());
        // The blanks' line and the student's go together, so that a sheet
        // of a few nodes still prints on one page.
        text.push(format!("{BLANKS_PREFIX}{}", blanks.words()));
    }
    text.push("Name: ____________________   Date: ____________".into());
    text.push(String::new());
    text.extend(rules);
    if let Some(instance) = &options.instance {
        text.push(String::new());
        let words = format!(
            "This instance was made at random by `--seed`; `backstep {instance}` rebuilds it."
        );
        text.extend(wrap(&words, "", ""));
    }
    text.push(String::new());
    text.push("## Trace table".into());
    text.push(String::new());
    if run.table.rows.is_empty() {
        text.push("The search enters no node, so there is nothing to fill in. Instead:".into());
        text.push(String::new());
        for words in &run.before {
            text.extend(wrap(words, "- ", "  "));
        }
    } else {
        text.extend(filling);
        text.extend(wrap(&blank_note(&run.table, &hidden, &mask), "", ""));
        if run.cut {
            text.extend(wrap(&cut_note(), "", ""));
        }
        text.push(String::new());
        text.push(hide(&run.table, &mask).to_markdown().trim_end().into());
    }
    let mut key = vec![String::new()];
    match &run.summary {
        Some(summary) => key.push(format!("Result: `{summary}`")),
        None => key.push(format!("The search goes on past node {MAX_NODES}.")),
    }
    if !run.table.rows.is_empty() {
        key.push(String::new());
        key.push(run.table.to_markdown().trim_end().into());
    }
    (text, key)
}

/// `once`, `twice`, `3 times`.
pub(crate) fn times(n: usize) -> String {
    match n {
        1 => "once".into(),
        2 => "twice".into(),
        n => format!("{n} times"),
    }
}

/// `a`, `a and b`, `a, b and c`.
pub(crate) fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

pub(crate) fn cut_note() -> String {
    format!(
        "The search enters more than {MAX_NODES} nodes; this sheet and its key \
         stop at node {MAX_NODES}."
    )
}

/// The search run as far as the sheet needs it.
struct Run {
    /// The trace table, at most [`MAX_NODES`] rows.
    table: Table,
    /// Whether the search goes on past the table's last row.
    cut: bool,
    /// The first summary line, when the search was run to its end.
    summary: Option<String>,
    /// The events before the first node, in words (why no node is entered).
    before: Vec<String>,
}

impl Run {
    fn new<S: Report>(mut search: S) -> Run {
        let header = search.table_header().to_vec();
        let mut rows = Rows::new(&search);
        let mut table = Vec::new();
        let mut cut = false;
        let mut before = Vec::new();
        while let Some(event) = search.next() {
            if rows.entered() == 0 {
                before.push(crate::model::told(&search, &event));
            }
            table.extend(rows.record(&search, &event).map(|row| row.into_cells()));
            // Stop once the node past the cap is entered, rather than run
            // the rest of a search that may take minutes. Every row before
            // it is complete by then: a row is final at its node's first
            // placement or end, and entering a node takes one of those.
            if rows.entered() > MAX_NODES as u64 {
                cut = true;
                break;
            }
        }
        if !cut {
            table.extend(rows.finish().map(|row| row.into_cells()));
        }
        let summary = (!cut).then(|| crate::model::summary(&search).first_line());
        Run {
            table: Table {
                header,
                rows: table,
            },
            cut,
            summary,
            before,
        }
    }
}

/// Which cells to blank, resolved against a search.
enum Hide {
    /// These columns of the first node.
    Columns(Vec<&'static str>),
    /// The outcome of a node the seed picks.
    Random(u64),
}

/// The row the student takes over at, and the columns blank in it.
fn start(table: &Table, hide: &Hide) -> (usize, Vec<usize>) {
    let index = |name: &str| table.header.iter().position(|h| *h == name);
    match hide {
        Hide::Columns(names) => {
            let mut columns: Vec<usize> = names.iter().filter_map(|n| index(n)).collect();
            // The first node's outcome names the second node's choice,
            // which the second row's state would then be copied from.
            if table.rows.len() > 1 {
                columns.extend(index("outcome").filter(|j| !columns.contains(j)));
            }
            (0, columns)
        }
        Hide::Random(seed) => {
            // A node among the first half (never the root, when there is
            // more than one), so that at least half the rows are traced.
            let rows = table.rows.len();
            let row = match rows {
                0 | 1 => 0,
                _ => 1 + SplitMix64::new(*seed).below((rows / 2).max(1) as u64) as usize,
            };
            (row, index("outcome").into_iter().collect())
        }
    }
}

/// Cell by cell, whether the sheet leaves it blank: the chosen columns of
/// the start row (not its [`Cell::Nothing`] cells: blanking one in a row
/// whose state is given would set a question with no answer to work out),
/// and every cell of every later row but the node number. See [`Blanks`]
/// for why.
fn mask(table: &Table, hide: &Hide) -> Vec<Vec<bool>> {
    let (first, columns) = start(table, hide);
    table
        .rows
        .iter()
        .enumerate()
        .map(|(i, row)| {
            (0..row.len())
                .map(|j| match i.cmp(&first) {
                    std::cmp::Ordering::Less => false,
                    std::cmp::Ordering::Equal => {
                        j > 0 && columns.contains(&j) && !row[j].is_nothing()
                    }
                    std::cmp::Ordering::Greater => j > 0,
                })
                .collect()
        })
        .collect()
}

/// What the student fills in, in words: one line, under the paragraph on
/// how to fill the columns.
fn blank_note(table: &Table, hide: &Hide, mask: &[Vec<bool>]) -> String {
    let (first, _) = start(table, hide);
    let node = table
        .rows
        .get(first)
        .and_then(|r| r.first())
        .map_or_else(|| (first + 1).to_string(), Cell::to_string);
    let blank: Vec<String> = table
        .header
        .iter()
        .enumerate()
        .filter(|&(j, _)| mask.get(first).is_some_and(|row| row[j]))
        .map(|(_, c)| format!("`{c}`"))
        .collect();
    let given = table.rows.get(first).map_or(0, |row| {
        row.iter().skip(1).filter(|c| !c.is_nothing()).count()
    });
    let what = match blank.len() {
        n if n == given && n > 2 => format!("node {node} in full"),
        _ => format!("node {node}'s {}", and_list(&blank)),
    };
    let later = match table.rows.len() > first + 1 {
        true => ", then every later row",
        false => "",
    };
    let picked = match hide {
        Hide::Random(seed) => format!(" (seed {seed})"),
        Hide::Columns(_) => String::new(),
    };
    format!("Fill in each `____`: {what}{later}{picked}.")
}

/// The table with the masked cells replaced by an underline. Each column's
/// blanks share one width (its longest answer, within bounds), so a blank's
/// length gives nothing away about the answer under it.
fn hide(table: &Table, hidden: &[Vec<bool>]) -> Table {
    let columns = table.header.len();
    let width = |j: usize| {
        let longest = table.rows.iter().map(|row| row[j].shown().chars().count());
        longest.max().unwrap_or(0).clamp(MIN_BLANK, MAX_BLANK)
    };
    let widths: Vec<usize> = (0..columns).map(width).collect();
    let rows = table
        .rows
        .iter()
        .zip(hidden)
        .map(|(row, hide)| {
            row.iter()
                .enumerate()
                .map(|(j, cell)| match hide[j] {
                    true => Cell::Text("_".repeat(widths[j])),
                    false => cell.clone(),
                })
                .collect()
        })
        .collect();
    Table {
        header: table.header.clone(),
        rows,
    }
}

/// Wraps `text` to [`WIDTH`] columns, the first line after `first` and the
/// others after `rest` (a list item and its indented continuation).
pub(crate) fn wrap(text: &str, first: &str, rest: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = first.to_string();
    let mut empty = true;
    for word in words(text) {
        if !empty && line.chars().count() + 1 + word.chars().count() > WIDTH {
            lines.push(line);
            line = rest.to_string();
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(&word);
        empty = false;
    }
    lines.push(line);
    lines
}

/// The words of `text`, a `code span` counting as one word: a formula
/// broken across lines is hard to read, and in Markdown it would no longer
/// be code.
fn words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_code = false;
    for c in text.chars() {
        if c.is_whitespace() && !in_code {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            continue;
        }
        if c == '`' {
            in_code = !in_code;
        }
        word.push(if c.is_whitespace() { ' ' } else { c });
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// One block of a sheet's prose, typed by the view that writes it: whether
/// a block is a list item is said here, never read back out of its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// A paragraph: a blank line before and after it.
    Para(String),
    /// A list item, written `- ` with its continuation lines indented:
    /// consecutive items make one list, with no blank line between them.
    Item(String),
}

/// Paragraphs and list items, wrapped to [`WIDTH`]: a blank line around
/// each paragraph and around each list, none between a list's items.
pub(crate) fn prose(parts: &[Part]) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut was_item = false;
    for part in parts {
        let is_item = matches!(part, Part::Item(_));
        // Consecutive list items stay together; anything else is a block.
        let same_list = was_item && is_item;
        if !lines.is_empty() && !same_list {
            lines.push(String::new());
        }
        match part {
            Part::Item(text) => lines.extend(wrap(text, "- ", "  ")),
            Part::Para(text) => lines.extend(wrap(text, "", "")),
        }
        was_item = is_item;
    }
    lines
}

/// One paragraph, wrapped.
pub(crate) fn wrap_text(text: &str) -> Vec<String> {
    wrap(text, "", "")
}

/// `## heading`, a blank line, then the blocks separated by blank lines.
pub(crate) fn section(heading: &str, blocks: Vec<Vec<String>>) -> Vec<String> {
    let mut lines = vec![format!("## {heading}")];
    for block in blocks {
        lines.push(String::new());
        lines.extend(block);
    }
    lines
}

/// The answer key's table as the worksheet prints it (at most
/// [`MAX_NODES`] rows), computed from the search: what `backstep check`
/// grades a filled-in sheet against, never the key printed on the sheet.
pub fn key<S: Report>(search: S) -> Table {
    Run::new(search).table
}

#[cfg(test)]
mod tests {
    use super::Part::{Item, Para};
    use super::{Cell, Hide, Table, blank_note, hide, mask, prose};

    /// A given row's nothing stays shown (`-`) and is not counted as given;
    /// words that merely start with a dash are blanked like any words.
    #[test]
    fn nothing_is_never_blanked_in_the_given_row_and_is_written_as_a_dash() {
        let text = |t: &str| Cell::Text(t.into());
        let table = Table {
            header: vec!["node", "cell", "legal", "outcome"],
            rows: vec![
                vec![
                    text("1"),
                    text("- (the givens)"),
                    Cell::Nothing,
                    text("place 2"),
                ],
                vec![text("2"), text("(0,1)"), Cell::Nothing, text("solution")],
            ],
        };
        let all = Hide::Columns(vec!["cell", "legal", "outcome"]);
        let blanks = mask(&table, &all);
        assert_eq!(
            blanks,
            vec![
                vec![false, true, false, true],
                vec![false, true, true, true]
            ]
        );
        assert_eq!(
            blank_note(&table, &all, &blanks),
            "Fill in each `____`: node 1's `cell` and `outcome`, then every later row."
        );
        let sheet = hide(&table, &blanks).to_markdown();
        let rows: Vec<&str> = sheet.lines().skip(2).collect();
        assert_eq!(
            rows,
            [
                "| 1 | ______________ | - | ________ |",
                "| 2 | ______________ | ____ | ________ |",
            ]
        );
    }

    /// A paragraph, a list of two items, a paragraph, a one-item list:
    /// blank lines around each paragraph and each list, none inside a
    /// list, items wrapped under their text, a code span never broken.
    #[test]
    fn prose_sets_paragraphs_apart_and_keeps_a_list_together() {
        let long = "word ".repeat(20);
        let parts = [
            Para("First.".into()),
            Item(format!("{long}`a b c`")),
            Item("Two.".into()),
            Para("- not an item, though it starts like one".into()),
            Item("Last.".into()),
        ];
        let words = "word ".repeat(15);
        let expected = [
            "First.".to_string(),
            String::new(),
            format!("- {}", words.trim_end()),
            format!("  {}`a b c`", "word ".repeat(5)),
            "- Two.".into(),
            String::new(),
            "- not an item, though it starts like one".into(),
            String::new(),
            "- Last.".into(),
        ];
        assert_eq!(prose(&parts), expected);
    }
}
