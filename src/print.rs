//! Headless outputs: summary lines, JSON lines, readable traces and trace
//! tables (EVENTS.md §3). Every figure the screen shows can be checked from a
//! script through these.

use std::io::{self, Write};

use crate::estimate;
use crate::model::{self, Json, Report, Rows, push_markdown_row, push_markdown_rule};
use crate::progress::Progress;
use crate::search::{EventKind, SearchEvent};
use crate::ui::scene::{Capability, Scene};
use crate::worksheet::{self, Blanks};

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
    /// The screen as the UI draws it at --at, as plain text (--size WxH,
    /// --panel).
    Frame,
    /// The same screen as an SVG picture in the theme's colours.
    Svg,
    /// The screen from step --from to --to as an asciicast (a recording
    /// asciinema plays), --rate steps a second, at --size.
    Cast,
    /// The screen from step --from to --to as one web page that steps like
    /// the terminal (its keys, a slider, `#step=K` addresses), at --size.
    Html,
    /// Knuth's estimate of the tree's nodes from --probes K random probes
    /// (default 1000), --seed S (default 0).
    Estimate,
}

impl Mode {
    /// Whether the mode draws the screen (and so takes `--bare`, `--size`
    /// and the look's options).
    pub fn draws_screen(self) -> bool {
        matches!(self, Mode::Frame | Mode::Svg | Mode::Cast | Mode::Html)
    }
}

/// Prints a whole search in the given mode.
///
/// A worksheet gets the default blanks (`legal,outcome`);
/// [`worksheet::write`] takes others. Every write error (a closed pipe, a
/// full disk) is returned, never a panic.
pub fn print<S: Scene>(search: S, mode: Mode, out: &mut dyn Write) -> io::Result<()> {
    print_watched(search, mode, out, &mut Progress::off())
}

/// [`print()`], with a long run's progress shown by `progress` (summary,
/// JSON lines, trace and table; it is erased before the summary line).
pub fn print_watched<S: Scene>(
    mut search: S,
    mode: Mode,
    out: &mut dyn Write,
    progress: &mut Progress,
) -> io::Result<()> {
    match mode {
        Mode::Summary => {
            search.run_to_end_reporting(&mut |nodes| progress.nodes(nodes));
            progress.finish();
            writeln!(out, "{}", model::summary(&search))?;
            out.flush()
        }
        Mode::Jsonl => write_jsonl(search, out, progress),
        Mode::Trace => write_trace(search, out, progress),
        Mode::Table => write_table(search, out, progress),
        Mode::Worksheet => {
            let words = search.clone();
            let Some(sheet) = words.sheet() else {
                return Err(io::Error::other(format!(
                    "this search offers no {}",
                    Capability::Worksheet.words()
                )));
            };
            worksheet::write(
                search,
                sheet,
                &Blanks::default(),
                &worksheet::Options {
                    key: true,
                    ..Default::default()
                },
                out,
            )
        }
        Mode::Estimate => {
            let line = estimate_line(&search, estimate::DEFAULT_PROBES, 0);
            writeln!(out, "{}", line.map_err(io::Error::other)?)?;
            out.flush()
        }
        // A frame, an SVG, a cast or a page draws the screen, which needs a
        // `Scene`: `launch::show` makes it, and never sends it here.
        Mode::Frame | Mode::Svg | Mode::Cast | Mode::Html => Err(io::Error::other(
            "internal error: the screen is drawn by launch::show, not print",
        )),
    }
}

/// `--print estimate`: the one line of Knuth's estimate of the nodes from
/// `probes` probes of the search (before its first event) for `seed`.
pub fn estimate_line<S: Report>(
    search: &S,
    probes: u64,
    seed: u64,
) -> Result<String, estimate::Endless> {
    let figures = estimate::estimate(search, probes, seed)?;
    Ok(estimate::line(&search.summary().head, &figures, seed))
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
    #[inline(always)]
    pub fn end_line(&mut self) -> io::Result<()> {
        self.text.push('\n');
        if self.text.len() >= BATCH {
            self.write_batch()?;
        }
        Ok(())
    }

    /// Writes the batch out: once per [`BATCH`] bytes, kept out of the
    /// lines' way.
    #[cold]
    #[inline(never)]
    fn write_batch(&mut self) -> io::Result<()> {
        self.out.write_all(self.text.as_bytes())?;
        self.text.clear();
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
fn write_jsonl<S: Report>(
    mut search: S,
    out: &mut dyn Write,
    progress: &mut Progress,
) -> io::Result<()> {
    let mut lines = Lines::new(out);
    let mut counters = LineCounters::default();
    while let Some(event) = search.next() {
        progress.tick(search.counters());
        counters.json_line(&search, &event, lines.line());
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
    LineCounters::default().json_line(search, event, line);
}

/// The `step` and `nodes` of consecutive lines, kept as decimal text.
#[derive(Default)]
struct LineCounters {
    steps: Decimal,
    nodes: Decimal,
}

impl LineCounters {
    /// [`json_line`], with the counters' text carried from the line before.
    #[inline(always)]
    fn json_line<S: Report>(&mut self, search: &S, event: &S::Event, line: &mut String) {
        let c = search.counters();
        line.push_str("{\"step\":");
        line.push_str(self.steps.text(c.steps));
        // `,"event":"place"`: one copy of a constant per kind.
        line.push_str(match event.kind() {
            EventKind::Place => ",\"event\":\"place\"",
            EventKind::Reject => ",\"event\":\"reject\"",
            EventKind::DeadEnd => ",\"event\":\"dead-end\"",
            EventKind::Undo => ",\"event\":\"undo\"",
            EventKind::Solution => ",\"event\":\"solution\"",
        });
        search.write_fields(event, &mut Json(line));
        line.push_str(",\"nodes\":");
        line.push_str(self.nodes.text(c.nodes));
        line.push('}');
    }
}

/// A counter as decimal text, the same as `itoa` writes it, kept from one
/// line to the next: a counter that grows by one (the step of every line)
/// has its last digit replaced, or its trailing nines carried, rather
/// than being formatted anew; one that stays (the nodes of most lines) is
/// copied as it is.
#[derive(Clone, Debug)]
pub(crate) struct Decimal {
    value: u64,
    text: String,
}

impl Default for Decimal {
    fn default() -> Decimal {
        Decimal {
            value: 0,
            text: String::from("0"),
        }
    }
}

impl Decimal {
    /// `value` in decimal.
    #[inline(always)]
    pub(crate) fn text(&mut self, value: u64) -> &str {
        if value != self.value {
            if Some(value) == self.value.checked_add(1) {
                self.increment();
            } else {
                self.text.clear();
                self.text.push_str(itoa::Buffer::new().format(value));
            }
            self.value = value;
        }
        &self.text
    }

    /// Adds one to the text: the last digit that is not a 9 goes up by
    /// one and the nines after it become zeros (a new leading 1 if all
    /// were nines).
    #[inline(always)]
    fn increment(&mut self) {
        let mut nines = 0;
        loop {
            match self.text.pop() {
                Some('9') => nines += 1,
                Some(digit) => {
                    self.text.push(char::from(digit as u8 + 1));
                    break;
                }
                None => {
                    self.text.push('1');
                    break;
                }
            }
        }
        for _ in 0..nines {
            self.text.push('0');
        }
    }
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
fn write_trace<S: Report>(
    mut search: S,
    out: &mut dyn Write,
    progress: &mut Progress,
) -> io::Result<()> {
    let mut lines = Lines::new(out);
    // The search's column has the same width on every line, so it comes
    // before the words, whose length varies: the columns stay aligned
    // however long an event's description is.
    let column = search.trace_column();
    let mut state = String::new();
    search.write_trace_column(&mut state);
    let state_width = state.chars().count();
    let header = match column {
        None => format!("{:>6} {:>6}  event", "step", "nodes"),
        Some(column) => format!(
            "{:>6} {:>6}  {column:<state_width$}  event",
            "step", "nodes"
        ),
    };
    writeln_str(&mut lines, &header)?;
    // The state's text, kept while its key stays the same.
    let mut state_key = None;
    let mut counters = LineCounters::default();
    while let Some(event) = search.next() {
        progress.tick(search.counters());
        let c = search.counters();
        let line = lines.line();
        push_padded(line, counters.steps.text(c.steps), TRACE_NUMBER);
        line.push(' ');
        push_padded(line, counters.nodes.text(c.nodes), TRACE_NUMBER);
        line.push_str("  ");
        if column.is_some() {
            match search.trace_column_key() {
                Some(key) => {
                    if state_key != Some(key) {
                        state.clear();
                        search.write_trace_column(&mut state);
                        state_key = Some(key);
                    }
                    line.push_str(&state);
                }
                None => search.write_trace_column(line),
            }
            line.push_str("  ");
        }
        model::write_told(&search, &event, line)
            .map_err(|_| io::Error::other("an event could not be put in words"))?;
        lines.end_line()?;
    }
    writeln_str(&mut lines, &model::summary(&search).to_string())?;
    lines.finish()
}

/// Adds a whole line of text.
fn writeln_str(lines: &mut Lines<'_>, text: &str) -> io::Result<()> {
    lines.line().push_str(text);
    lines.end_line()
}

/// `digits` right-aligned in `width` columns, as `{:>width}` writes a
/// number.
#[inline(always)]
fn push_padded(out: &mut String, digits: &str, width: usize) {
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
fn write_table<S: Report>(
    mut search: S,
    out: &mut dyn Write,
    progress: &mut Progress,
) -> io::Result<()> {
    let mut lines = Lines::new(out);
    let header = search.table_header();
    push_markdown_row(lines.line(), header.iter().copied());
    lines.end_line()?;
    push_markdown_rule(lines.line(), header.len());
    lines.end_line()?;
    let mut rows = Rows::new(&search);
    while let Some(event) = search.next() {
        progress.tick(search.counters());
        if let Some(row) = rows.record(&search, &event) {
            push_markdown_row(lines.line(), row.cells().iter().map(model::Cell::shown));
            lines.end_line()?;
        }
    }
    if let Some(row) = rows.finish() {
        push_markdown_row(lines.line(), row.cells().iter().map(model::Cell::shown));
        lines.end_line()?;
    }
    lines.finish()
}

#[cfg(test)]
mod tests {
    use super::Decimal;

    /// The text of every value, counted up by one across each change in
    /// the number of digits (9 to 10, 99 to 100, ... up to `u64::MAX`),
    /// agrees with `itoa`, and so does a value reached by a jump.
    #[test]
    fn decimal_counters_agree_with_itoa_across_digit_counts() {
        let mut counter = Decimal::default();
        let mut checked = 0;
        let mut edge: u64 = 10;
        loop {
            // Jump to a little below the edge, then count up across it.
            let start = edge.saturating_sub(12);
            for value in start..=edge.saturating_add(12) {
                assert_eq!(
                    counter.text(value),
                    itoa::Buffer::new().format(value),
                    "{value}"
                );
                checked += 1;
            }
            match edge.checked_mul(10) {
                Some(next) => edge = next,
                None => break,
            }
        }
        // The top of the range, counted up to u64::MAX.
        for value in u64::MAX - 30..=u64::MAX {
            assert_eq!(counter.text(value), itoa::Buffer::new().format(value));
        }
        // Every value from 0 up, as a run counts its steps.
        let mut counter = Decimal::default();
        for value in 0..=100_000u64 {
            assert_eq!(counter.text(value), itoa::Buffer::new().format(value));
            // A value asked again stays the same.
            assert_eq!(counter.text(value), itoa::Buffer::new().format(value));
        }
        // Down and back up (a counter that is set, not only counted).
        assert_eq!(counter.text(7), "7");
        assert_eq!(counter.text(999), "999");
        assert_eq!(counter.text(1000), "1000");
        assert_eq!(counter.text(0), "0");
        assert_eq!(counter.text(1), "1");
        assert!(checked > 19 * 20);
    }
}
