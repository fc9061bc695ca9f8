//! Headless outputs: summary lines, JSON lines, readable traces and trace
//! tables (SPEC §3). Every figure the screen shows can be checked from a
//! script through these.

use std::io::{self, Write};

use crate::model::{self, Json, Report, Rows, push_markdown_row, push_markdown_rule};
use crate::search::SearchEvent;
use crate::worksheet::{self, Blanks, Sheet};

/// The headless output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Mode {
    /// The reference summary lines.
    Summary,
    /// One JSON object per event, then a `done` object.
    Jsonl,
    /// One readable line per event.
    Trace,
    /// A Markdown table with one row per entered node.
    Table,
    /// A Markdown worksheet: the rules, the trace table with blanks for a
    /// student, and the answer key.
    Worksheet,
}

/// Prints a whole search in the given mode.
///
/// A worksheet gets the default blanks (`legal,outcome`);
/// [`worksheet::write`] takes others. Every write error (a closed pipe, a
/// full disk) is returned, never a panic.
pub fn print<S: Sheet>(mut search: S, mode: Mode, out: &mut dyn Write) -> io::Result<()> {
    match mode {
        Mode::Summary => {
            search.run_to_end();
            writeln!(out, "{}", model::summary(&search))?;
            out.flush()
        }
        Mode::Jsonl => write_jsonl(search, out),
        Mode::Trace => write_trace(search, out),
        Mode::Table => write_table(search, out),
        Mode::Worksheet => worksheet::write(search, &Blanks::default(), out),
    }
}

/// How much text [`Lines`] gathers before handing it to the writer.
const BATCH: usize = 1 << 16;

/// Whole lines gathered into one reusable buffer and written out in
/// batches: the one buffer of a headless run, so that each line costs a
/// copy, not a call into the writer.
pub struct Lines<'a> {
    out: &'a mut dyn Write,
    text: String,
}

impl<'a> Lines<'a> {
    /// Lines that will go to `out`.
    pub fn new(out: &'a mut dyn Write) -> Lines<'a> {
        Lines {
            out,
            text: String::with_capacity(BATCH + 1024),
        }
    }

    /// The buffer to write the current line into (without its newline).
    pub fn line(&mut self) -> &mut String {
        &mut self.text
    }

    /// Ends the current line, writing the batch out once it is full.
    pub fn end_line(&mut self) -> io::Result<()> {
        self.text.push('\n');
        if self.text.len() >= BATCH {
            self.out.write_all(self.text.as_bytes())?;
            self.text.clear();
        }
        Ok(())
    }

    /// Writes out what is left and flushes the writer.
    pub fn finish(mut self) -> io::Result<()> {
        self.out.write_all(self.text.as_bytes())?;
        self.text.clear();
        self.out.flush()
    }
}

/// `--print jsonl`: one object per event, `step`, `event`, the event's
/// fields and `nodes` in that order, then the `done` object.
fn write_jsonl<S: Report>(mut search: S, out: &mut dyn Write) -> io::Result<()> {
    let mut lines = Lines::new(out);
    while let Some(event) = search.next() {
        json_line(&search, &event, lines.line());
        lines.end_line()?;
    }
    let line = lines.line();
    line.push_str("{\"event\":\"done\"");
    model::write_done(&search, &mut Json(line));
    line.push('}');
    lines.end_line()?;
    lines.finish()
}

/// Writes one event as a JSON line (without its newline) at the end of
/// `line`: `step`, `event`, the event's fields, `nodes`.
pub fn json_line<S: Report>(search: &S, event: &S::Event, line: &mut String) {
    let c = search.counters();
    line.push_str("{\"step\":");
    line.push_str(itoa::Buffer::new().format(c.steps));
    let mut json = Json(line);
    json.name("event", event.kind().name());
    search.write_fields(event, &mut json);
    json.uint("nodes", c.nodes);
    line.push('}');
}

/// Spaces to pad with, as many as any trace column needs.
const SPACES: &str = "                                                ";

/// `count` spaces.
#[inline(always)]
fn push_spaces(out: &mut String, count: usize) {
    let mut left = count;
    while left > 0 {
        let take = left.min(SPACES.len());
        out.push_str(&SPACES[..take]);
        left -= take;
    }
}

/// The width of the trace's step and nodes columns.
const TRACE_NUMBER: usize = 6;

/// `--print trace`: a header, one line per event (step, nodes, the state
/// after it, the event in words), then the summary.
fn write_trace<S: Report>(mut search: S, out: &mut dyn Write) -> io::Result<()> {
    let mut lines = Lines::new(out);
    // The state (N-Queens: the masks) has the same width on every line, so
    // it comes before the words, whose length varies: the columns stay
    // aligned however long an event's description is.
    let mut state = String::new();
    search.write_trace_state(&mut state);
    let state_width = state.chars().count();
    let header = if state_width == 0 {
        format!("{:>6} {:>6}  event", "step", "nodes")
    } else {
        format!(
            "{:>6} {:>6}  {:<state_width$}  event",
            "step", "nodes", "state"
        )
    };
    writeln_str(&mut lines, &header)?;
    while let Some(event) = search.next() {
        let c = search.counters();
        let line = lines.line();
        push_padded(line, c.steps, TRACE_NUMBER);
        line.push(' ');
        push_padded(line, c.nodes, TRACE_NUMBER);
        line.push_str("  ");
        if state_width > 0 {
            search.write_trace_state(line);
            line.push_str("  ");
        }
        search
            .write_description(&event, c.found, line)
            .map_err(|_| io::Error::other("an event could not be put in words"))?;
        lines.end_line()?;
    }
    writeln_str(&mut lines, &model::summary(&search))?;
    lines.finish()
}

/// Adds a whole line of text.
fn writeln_str(lines: &mut Lines<'_>, text: &str) -> io::Result<()> {
    lines.line().push_str(text);
    lines.end_line()
}

/// `value` right-aligned in `width` columns, as `{:>width}` writes it.
#[inline(always)]
fn push_padded(out: &mut String, value: u64, width: usize) {
    let mut buffer = itoa::Buffer::new();
    let digits = buffer.format(value);
    // The trace's columns are narrower than SPACES: one slice, one copy,
    // rather than a loop and a push per digit.
    let pad = width.saturating_sub(digits.len());
    match SPACES.get(..pad) {
        Some(spaces) => out.push_str(spaces),
        None => push_spaces(out, pad),
    }
    out.push_str(digits);
}

/// `--print table`: the Markdown table, each row written as soon as its
/// node's outcome is known, so memory stays bounded however long the
/// search runs.
fn write_table<S: Report>(mut search: S, out: &mut dyn Write) -> io::Result<()> {
    let mut lines = Lines::new(out);
    let header = search.table_header();
    push_markdown_row(lines.line(), header.iter().copied());
    lines.end_line()?;
    push_markdown_rule(lines.line(), header.len());
    lines.end_line()?;
    let mut rows = Rows::new(&search);
    while let Some(event) = search.next() {
        if let Some(row) = rows.record(&search, &event) {
            push_markdown_row(lines.line(), row.cells().iter().map(String::as_str));
            lines.end_line()?;
        }
    }
    if let Some(row) = rows.finish() {
        push_markdown_row(lines.line(), row.cells().iter().map(String::as_str));
        lines.end_line()?;
    }
    lines.finish()
}
