//! Headless outputs: summary lines, JSON lines, readable traces and trace
//! tables (SPEC §3). Every figure the screen shows can be checked from a
//! script through these.

use std::io::{self, Write};

use std::fmt::{self, Write as _};

use crate::search::queens::{self, Attack, Queens, QueensEvent, Rules, format_mask};
use crate::search::sudoku::{CAP, Sudoku, SudokuEvent, format_digits};
use crate::search::word::{Reason, WordEvent, WordSearch};
use crate::search::{Cause, EventKind, Search, SearchEvent, bits, format_set};
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

/// What each search adds to the shared headless machinery: its JSON fields,
/// its words, its summary and its trace-table columns.
///
/// The per-event methods write into a buffer the caller reuses, so that a
/// headless run allocates nothing per event: JSON lines and trace lines go
/// out at the speed of the output, not of the allocator.
pub trait Report: Search {
    /// Writes the event's own JSON fields (the caller adds `step`, `event`,
    /// `nodes`).
    fn write_fields(&self, event: &Self::Event, json: &mut Json<'_>);

    /// Writes the fields of the closing `done` object (besides `event`).
    fn write_done(&self, json: &mut Json<'_>);

    /// The summary line(s), once the search is finished.
    fn summary(&self) -> String;

    /// Writes the event in plain words, as the trace and the screen's log
    /// show it. `found` is how many `solution` events had happened once it
    /// did, so that a solution can be numbered.
    fn write_description(&self, event: &Self::Event, found: u64, out: &mut String) -> fmt::Result;

    /// The event in plain words (see [`Report::write_description`]).
    fn describe(&self, event: &Self::Event, found: u64) -> String {
        let mut text = String::new();
        // Writing to a String fails only if a Display impl does, and none
        // of the ones used here do; what was written is kept either way.
        let _ = self.write_description(event, found, &mut text);
        text
    }

    /// Writes the state worth printing after each trace line (N-Queens:
    /// the masks).
    fn write_trace_state(&self, _out: &mut String) {}

    /// The trace table's columns, `node` and `outcome` included.
    fn table_header(&self) -> &'static [&'static str];

    /// Whether the search starts inside a root node (N-Queens and Sudoku do;
    /// Word Search enters its first node with a `place`).
    fn has_root(&self) -> bool {
        true
    }

    /// The columns between `node` and `outcome` for the node just entered.
    fn node_cells(&self) -> Vec<String>;

    /// What the node just entered says before its first placement, known
    /// on entry (N-Queens: the root's symmetry restriction). The trace
    /// table's outcome starts with it; it is the same text that
    /// [`Report::note`] gives as a [`Note::Lead`] once the node's skipped
    /// choices come up.
    fn lead(&self) -> Option<String> {
        None
    }

    /// What an event at the current node adds to its outcome.
    fn note(&self, event: &Self::Event) -> Note;
}

/// One contribution to a trace-table row's outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// Nothing worth writing.
    Nothing,
    /// Said before the placements (N-Queens: the symmetry restriction).
    Lead(String),
    /// A choice placed from this node.
    Placed(String),
    /// How the node ended.
    End(String),
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
            writeln!(out, "{}", search.summary())?;
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
    search.write_done(&mut Json(line));
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

/// The fields of a JSON object, written as text straight into a line, in
/// the order they are written: what `serde_json` prints for the same
/// values, without building them first. Each field is written with its
/// leading comma, so the caller opens the object with its first field.
pub struct Json<'a>(pub &'a mut String);

impl Json<'_> {
    /// `,"key":`. Keys are the program's own identifiers: nothing in them
    /// needs escaping.
    #[inline(always)]
    fn key(&mut self, key: &str) {
        debug_assert!(
            key.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        );
        self.0.push_str(",\"");
        self.0.push_str(key);
        self.0.push_str("\":");
    }

    /// An integer field.
    #[inline(always)]
    pub fn uint(&mut self, key: &str, value: impl itoa::Integer) -> &mut Self {
        self.key(key);
        push_digits(self.0, itoa::Buffer::new().format(value));
        self
    }

    /// A boolean field.
    #[inline(always)]
    pub fn bool(&mut self, key: &str, value: bool) -> &mut Self {
        self.key(key);
        self.0.push_str(if value { "true" } else { "false" });
        self
    }

    /// A string field.
    #[inline(always)]
    pub fn str(&mut self, key: &str, value: &str) -> &mut Self {
        self.key(key);
        push_json_string(self.0, value);
        self
    }

    /// A field whose value is one of the program's own names (an event
    /// kind, a reason): nothing in it needs escaping, so it is copied
    /// without the scan [`push_json_string`] makes of arbitrary text. These
    /// are on nearly every line.
    #[inline(always)]
    pub fn name(&mut self, key: &str, value: &'static str) -> &mut Self {
        self.key(key);
        push_name(self.0, value);
        self
    }

    /// An array of the program's own names, as [`Json::name`] writes one.
    #[inline(always)]
    pub fn names(
        &mut self,
        key: &str,
        values: impl IntoIterator<Item = &'static str>,
    ) -> &mut Self {
        self.key(key);
        self.0.push('[');
        for (i, value) in values.into_iter().enumerate() {
            if i > 0 {
                self.0.push(',');
            }
            push_name(self.0, value);
        }
        self.0.push(']');
        self
    }

    /// An array of strings.
    #[inline(always)]
    pub fn strs<'s>(&mut self, key: &str, values: impl IntoIterator<Item = &'s str>) -> &mut Self {
        self.key(key);
        self.0.push('[');
        for (i, value) in values.into_iter().enumerate() {
            if i > 0 {
                self.0.push(',');
            }
            push_json_string(self.0, value);
        }
        self.0.push(']');
        self
    }

    /// An array of integers.
    #[inline(always)]
    pub fn uints<I: itoa::Integer>(
        &mut self,
        key: &str,
        values: impl IntoIterator<Item = I>,
    ) -> &mut Self {
        self.key(key);
        self.0.push('[');
        let mut buffer = itoa::Buffer::new();
        for (i, value) in values.into_iter().enumerate() {
            if i > 0 {
                self.0.push(',');
            }
            self.0.push_str(buffer.format(value));
        }
        self.0.push(']');
        self
    }

    /// An array of `[row, col]` pairs.
    pub fn cells(&mut self, key: &str, cells: &[(u8, u8)]) -> &mut Self {
        self.key(key);
        self.0.push('[');
        let mut buffer = itoa::Buffer::new();
        for (i, &(row, col)) in cells.iter().enumerate() {
            if i > 0 {
                self.0.push(',');
            }
            self.0.push('[');
            self.0.push_str(buffer.format(row));
            self.0.push(',');
            self.0.push_str(buffer.format(col));
            self.0.push(']');
        }
        self.0.push(']');
        self
    }
}

/// `"name"`: one of the program's own names, which need no escape.
#[inline(always)]
fn push_name(out: &mut String, name: &'static str) {
    debug_assert!(
        name.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    );
    out.push('"');
    out.push_str(name);
    out.push('"');
}

/// Writes `value` as a JSON string, escaped as `serde_json` escapes it:
/// `\"` and `\\`, the short escapes `\b \f \n \r \t`, and `\u00XX` (lower
/// case hex) for the other control characters; everything else as is.
#[inline(always)]
pub fn push_json_string(out: &mut String, value: &str) {
    out.push('"');
    // Names and words rarely need an escape: check the bytes at once.
    if !value.bytes().any(|b| b == b'"' || b == b'\\' || b < b' ') {
        out.push_str(value);
        out.push('"');
        return;
    }
    let mut rest = value;
    while let Some(at) = rest.find(|c: char| c == '"' || c == '\\' || c < ' ') {
        out.push_str(&rest[..at]);
        let c = rest.as_bytes()[at];
        match c {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            0x08 => out.push_str("\\b"),
            0x0c => out.push_str("\\f"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            _ => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.push_str("\\u00");
                out.push(char::from(HEX[usize::from(c >> 4)]));
                out.push(char::from(HEX[usize::from(c & 15)]));
            }
        }
        rest = &rest[at + 1..];
    }
    out.push_str(rest);
    out.push('"');
}

/// A few ASCII digits, pushed one by one: for the short numbers of an
/// event this is cheaper than a call to copy them.
#[inline(always)]
fn push_digits(out: &mut String, digits: &str) {
    for b in digits.bytes() {
        out.push(char::from(b));
    }
}

/// An integer in decimal.
#[inline(always)]
fn push_uint(out: &mut String, value: impl itoa::Integer) {
    push_digits(out, itoa::Buffer::new().format(value));
}

/// `(row,col)`.
#[inline(always)]
fn push_cell(out: &mut String, row: u8, col: u8) {
    out.push('(');
    push_uint(out, row);
    out.push(',');
    push_uint(out, col);
    out.push(')');
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
    writeln_str(&mut lines, &search.summary())?;
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

/// `| a | b | c |`, without the newline.
fn push_markdown_row<'s>(out: &mut String, cells: impl IntoIterator<Item = &'s str>) {
    out.push('|');
    for cell in cells {
        out.push(' ');
        out.push_str(cell);
        out.push_str(" |");
    }
}

/// `|---|---|`, without the newline.
fn push_markdown_rule(out: &mut String, columns: usize) {
    out.push('|');
    for _ in 0..columns {
        out.push_str("---|");
    }
}

/// One row of the trace table: the node's number, its cells on entry and
/// its outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row(Vec<String>);

impl Row {
    /// Every column, `node` first and `outcome` last.
    pub fn cells(&self) -> &[String] {
        &self.0
    }

    /// The row's cells, owned.
    pub fn into_cells(self) -> Vec<String> {
        self.0
    }
}

/// Turns a search's events into trace-table rows as it runs, one row per
/// entered node, in the order entered.
///
/// A row's outcome is the first thing that happens at its node: its first
/// placement (after what the node says on entry, see [`Report::lead`]) or
/// how it ended (dead end, solution). Its row is then final, and the next
/// node entered is its child or comes after it; so rows complete in the
/// order entered, at most one is ever pending, and a search of any length
/// is tabled in constant memory.
#[derive(Debug, Default)]
pub struct Rows {
    /// The row entered and not yet decided: its cells so far, outcome
    /// last (the lead, or empty).
    pending: Option<Vec<String>>,
    /// Nodes entered so far.
    entered: u64,
}

impl Rows {
    /// Rows of a search that has yielded no event yet.
    pub fn new<S: Report>(search: &S) -> Rows {
        let mut rows = Rows::default();
        if search.has_root() {
            rows.enter(search);
        }
        rows
    }

    /// How many nodes have been entered.
    pub fn entered(&self) -> u64 {
        self.entered
    }

    /// Takes in the event the search just yielded (`search` is its state
    /// after it) and returns the row it completes, if any.
    pub fn record<S: Report>(&mut self, search: &S, event: &S::Event) -> Option<Row> {
        let kind = event.kind();
        let mut done = None;
        if self.pending.is_some() {
            let decided = match search.note(event) {
                Note::Placed(choice) => Some(format!("place {choice}")),
                Note::End(words) => Some(words),
                // A node left with nothing placed and no end said: its
                // row is as complete as it will get.
                _ if kind == EventKind::Undo => Some(String::new()),
                _ => None,
            };
            if let Some(words) = decided {
                done = self.pending.take().map(|mut cells| {
                    if let Some(outcome) = cells.last_mut() {
                        match (outcome.is_empty(), words.is_empty()) {
                            (_, true) => {}
                            (true, false) => *outcome = words,
                            (false, false) => {
                                outcome.push_str("; ");
                                outcome.push_str(&words);
                            }
                        }
                    }
                    Row(cells)
                });
            }
        }
        if kind == EventKind::Place {
            self.enter(search);
        }
        done
    }

    /// The row still pending once the search has ended, if any (a search
    /// that stops inside a node it has not decided).
    pub fn finish(self) -> Option<Row> {
        self.pending.map(Row)
    }

    fn enter<S: Report>(&mut self, search: &S) {
        self.entered += 1;
        let mut cells = vec![self.entered.to_string()];
        cells.extend(search.node_cells());
        cells.push(search.lead().unwrap_or_default());
        self.pending = Some(cells);
    }
}

/// A trace table held in memory (the worksheet's few dozen rows).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    /// Column names.
    pub header: Vec<&'static str>,
    /// One row per entered node, in the order entered.
    pub rows: Vec<Vec<String>>,
}

/// What happened at one node, gathered from the notes of its events.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Said before the placements (N-Queens: the symmetry restriction).
    pub lead: Vec<String>,
    /// The choices placed from this node, in order.
    pub placed: Vec<String>,
    /// How the node ended, once known (dead end, solution).
    pub end: Option<String>,
}

impl Outcome {
    fn add(&mut self, note: Note) {
        match note {
            Note::Nothing => {}
            Note::Lead(text) if !self.lead.contains(&text) => self.lead.push(text),
            Note::Lead(_) => {}
            Note::Placed(text) => self.placed.push(text),
            Note::End(text) => self.end = Some(text),
        }
    }

    /// Everything that happened at the node, as the screen's table shows
    /// it: `search {0,1} only (symmetry); place 0, 1`.
    pub fn text(&self) -> String {
        let mut parts = self.lead.clone();
        if !self.placed.is_empty() {
            parts.push(format!("place {}", self.placed.join(", ")));
        }
        parts.extend(self.end.clone());
        parts.join("; ")
    }
}

/// One node entered, as the screen's table and search tree show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeRow {
    /// The columns between `node` and `outcome`, as seen on entry.
    pub cells: Vec<String>,
    /// The node's parent row, `None` for a root (or a Word Search start).
    pub parent: Option<usize>,
    /// How many places deep the node is.
    pub depth: usize,
    /// The choice that entered it, as its parent's outcome names it.
    pub choice: Option<String>,
    /// What has happened at the node so far.
    pub outcome: Outcome,
}

/// Records every node of a search as it runs, one event at a time, for the
/// screen's table and tree (which read back and forth over it). The
/// headless table streams instead ([`Rows`]); its cells are the same
/// [`Report::node_cells`], so the two cannot disagree on them.
#[derive(Clone, Debug, Default)]
pub struct NodeLog {
    rows: Vec<NodeRow>,
    /// Rows of the nodes on the current path, innermost last.
    open: Vec<usize>,
}

impl NodeLog {
    /// A log of a search that has yielded no event yet.
    pub fn new<S: Report>(search: &S) -> NodeLog {
        let mut log = NodeLog::default();
        if search.has_root() {
            log.enter(search, None);
        }
        log
    }

    /// Takes in the event the search just yielded (`search` is its state
    /// after the event).
    pub fn record<S: Report>(&mut self, search: &S, event: &S::Event) {
        let note = search.note(event);
        let choice = match &note {
            Note::Placed(text) => Some(text.clone()),
            _ => None,
        };
        if let Some(&top) = self.open.last() {
            self.rows[top].outcome.add(note);
        }
        match event.kind() {
            EventKind::Place => self.enter(search, choice),
            EventKind::Undo => {
                self.open.pop();
            }
            _ => {}
        }
    }

    fn enter<S: Report>(&mut self, search: &S, choice: Option<String>) {
        self.rows.push(NodeRow {
            cells: search.node_cells(),
            parent: self.open.last().copied(),
            depth: self.open.len(),
            choice,
            outcome: Outcome::default(),
        });
        self.open.push(self.rows.len() - 1);
    }

    /// Every node entered so far, in order.
    pub fn rows(&self) -> &[NodeRow] {
        &self.rows
    }

    /// The rows of the nodes on the current path, outermost first.
    pub fn open(&self) -> &[usize] {
        &self.open
    }

    /// Row `i` of the table: node number, the node's cells, its outcome.
    pub fn table_row(&self, i: usize) -> Vec<String> {
        let row = &self.rows[i];
        let mut cells = vec![(i + 1).to_string()];
        cells.extend(row.cells.iter().cloned());
        cells.push(row.outcome.text());
        cells
    }

    /// The nodes so far as a table (outcomes as far as known).
    pub fn table(&self, header: &[&'static str]) -> Table {
        Table {
            header: header.to_vec(),
            rows: (0..self.rows.len()).map(|i| self.table_row(i)).collect(),
        }
    }
}

impl Table {
    /// The table in Markdown.
    pub fn to_markdown(&self) -> String {
        let mut text = String::new();
        push_markdown_row(&mut text, self.header.iter().copied());
        text.push('\n');
        push_markdown_rule(&mut text, self.header.len());
        text.push('\n');
        for row in &self.rows {
            push_markdown_row(&mut text, row.iter().map(String::as_str));
            text.push('\n');
        }
        text
    }
}

/// `[(0,0),(0,1)]`, as the summary lines write a path.
struct PathText<'a>(&'a [(u8, u8)]);

impl fmt::Display for PathText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (i, (r, c)) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "({r},{c})")?;
        }
        f.write_str("]")
    }
}

/// `[0,3,1]`, as the trace table writes a prefix.
struct ListText<'a>(&'a [u8]);

impl fmt::Display for ListText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (i, item) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{item}")?;
        }
        f.write_str("]")
    }
}

/// Words joined as `a`, `a and b`, `a, b and c`.
fn push_and_list<'s>(out: &mut String, count: usize, words: impl Iterator<Item = &'s str>) {
    for (i, word) in words.enumerate() {
        if i > 0 {
            out.push_str(if i + 1 == count { " and " } else { ", " });
        }
        out.push_str(word);
    }
}

/// The most digits a mask has: one per column of the largest board.
const MASK_DIGITS: usize = queens::MAX_N as usize;

/// The four binary digits of each nibble, most significant first, as text.
const NIBBLES: [&str; 16] = [
    "0000", "0001", "0010", "0011", "0100", "0101", "0110", "0111", "1000", "1001", "1010", "1011",
    "1100", "1101", "1110", "1111",
];

/// The low `n` bits of `mask` as binary digits, column 0 on the right: what
/// [`format_mask`] returns, pushed a nibble at a time. Each piece is already
/// a `&str`, so nothing is checked for UTF-8 on every trace line (a byte
/// array put together and passed through `str::from_utf8` cost more than
/// formatting the rest of the line).
#[inline(always)]
fn push_mask(out: &mut String, mask: u32, n: usize) {
    debug_assert!(n <= MASK_DIGITS);
    // The top `n % 4` digits come from a partial nibble, then whole ones.
    let partial = n % 4;
    if partial > 0 {
        let nibble = (mask >> (n - partial)) & 15;
        out.push_str(&NIBBLES[nibble as usize][4 - partial..]);
    }
    for k in (0..n / 4).rev() {
        out.push_str(NIBBLES[((mask >> (4 * k)) & 15) as usize]);
    }
}

impl<R: Rules> Report for Queens<R> {
    fn write_fields(&self, event: &QueensEvent, json: &mut Json<'_>) {
        match event {
            QueensEvent::Place { row, col } | QueensEvent::Undo { row, col } => {
                json.uint("row", *row).uint("col", *col);
            }
            QueensEvent::Reject { row, col, by } => {
                json.uint("row", *row)
                    .uint("col", *col)
                    .names("by", by.iter().map(Attack::name));
            }
            QueensEvent::DeadEnd { row } => {
                json.uint("row", *row);
            }
            QueensEvent::Solution { queens, weight } => {
                json.uints("queens", queens.iter()).uint("weight", *weight);
            }
        }
    }

    fn write_done(&self, json: &mut Json<'_>) {
        let c = self.counters();
        json.uint("solutions", c.solutions).uint("nodes", c.nodes);
    }

    fn summary(&self) -> String {
        let mode = self.strategy().name();
        let c = self.counters();
        format!(
            "queens {} {mode}: solutions={}, nodes={}",
            self.n(),
            c.solutions,
            c.nodes
        )
    }

    fn write_description(&self, event: &QueensEvent, found: u64, out: &mut String) -> fmt::Result {
        match event {
            // The events of nearly every line, written without the
            // formatting machinery: `place (r,c)`.
            QueensEvent::Place { row, col } => {
                out.push_str("place ");
                push_cell(out, *row, *col);
                Ok(())
            }
            QueensEvent::Reject { row, col, by } if by.contains(Attack::Symmetry) => write!(
                out,
                "reject ({row},{col}): skipped by symmetry, its mirror is searched"
            ),
            QueensEvent::Reject { row, col, by } => {
                out.push_str("reject ");
                push_cell(out, *row, *col);
                out.push_str(": ");
                let count = by.iter().count();
                push_and_list(out, count, by.iter().map(Attack::words));
                out.push_str(if count > 1 {
                    " attack column "
                } else {
                    " attacks column "
                });
                push_uint(out, *col);
                Ok(())
            }
            QueensEvent::DeadEnd { row } if *row == self.n() => {
                out.push_str("dead end: the complete board fails the test");
                Ok(())
            }
            QueensEvent::DeadEnd { row } => write!(out, "dead end at row {row}: no legal column"),
            QueensEvent::Undo { row, col } => {
                out.push_str("undo ");
                push_cell(out, *row, *col);
                Ok(())
            }
            QueensEvent::Solution { queens, weight } => {
                let counted = if *weight == 2 {
                    "counted twice by symmetry"
                } else {
                    "counted once"
                };
                write!(
                    out,
                    "solution #{found} {}, {counted}",
                    ListText(&queens.to_vec())
                )
            }
        }
    }

    fn write_trace_state(&self, out: &mut String) {
        // `C=0101 H=1100 L=0010`.
        let m = self.masks();
        let n = usize::from(self.n());
        out.push_str("C=");
        push_mask(out, m.cols, n);
        out.push_str(" H=");
        push_mask(out, m.high, n);
        out.push_str(" L=");
        push_mask(out, m.low, n);
    }

    fn table_header(&self) -> &'static [&'static str] {
        &["node", "prefix", "C", "H", "L", "legal", "outcome"]
    }

    fn node_cells(&self) -> Vec<String> {
        let (m, n) = (self.masks(), self.n());
        let legal = if self.row() == n {
            "-".to_string()
        } else {
            format_set(bits(self.legal()))
        };
        vec![
            ListText(self.queens()).to_string(),
            format_mask(m.cols, n),
            format_mask(m.high, n),
            format_mask(m.low, n),
            legal,
        ]
    }

    fn lead(&self) -> Option<String> {
        // The root scans every column when rejects are on, and skips the
        // right half by symmetry: the same condition under which its
        // `reject ... by symmetry` events, and so its Note::Lead, come.
        let restricted = self.root_columns() != self.all_columns();
        let at_root = self.queens().is_empty() && !self.checks_at_end();
        (at_root && restricted && self.options().rejects).then(|| self.symmetry_words())
    }

    fn note(&self, event: &QueensEvent) -> Note {
        match event {
            QueensEvent::Place { col, .. } => Note::Placed(col.to_string()),
            QueensEvent::Reject { by, .. } if by.contains(Attack::Symmetry) => {
                Note::Lead(self.symmetry_words())
            }
            QueensEvent::DeadEnd { .. } => Note::End("dead end".into()),
            QueensEvent::Solution { weight, .. } => Note::End(format!("solution, weight {weight}")),
            _ => Note::Nothing,
        }
    }
}

impl<R: Rules> Queens<R> {
    /// `search {0,1} only (symmetry)`: the root's restriction in words.
    fn symmetry_words(&self) -> String {
        format!(
            "search {} only (symmetry)",
            format_set(bits(self.root_columns()))
        )
    }
}

impl Report for Sudoku {
    fn write_fields(&self, event: &SudokuEvent, json: &mut Json<'_>) {
        match event {
            SudokuEvent::Place { row, col, digit } | SudokuEvent::Undo { row, col, digit } => {
                json.uint("row", *row)
                    .uint("col", *col)
                    .uint("digit", *digit);
            }
            SudokuEvent::Reject {
                row,
                col,
                digit,
                by,
            } => {
                json.uint("row", *row)
                    .uint("col", *col)
                    .uint("digit", *digit)
                    .names("by", by.iter().map(Cause::name));
            }
            SudokuEvent::DeadEnd { row, col } => {
                json.uint("row", *row).uint("col", *col);
            }
            SudokuEvent::Solution { count } => {
                json.uint("count", *count);
            }
        }
    }

    fn write_done(&self, json: &mut Json<'_>) {
        let rows = self.solution_rows();
        json.uint("count", self.solution_count())
            .uint("nodes", self.counters().nodes)
            .strs("grid", rows.iter().map(String::as_str));
    }

    fn summary(&self) -> String {
        let mut lines = vec![format!(
            "sudoku: solutions capped at {CAP}={}, nodes={}",
            self.solution_count(),
            self.counters().nodes
        )];
        lines.extend(self.solution_rows());
        lines.join("\n")
    }

    fn write_description(&self, event: &SudokuEvent, _found: u64, out: &mut String) -> fmt::Result {
        match event {
            SudokuEvent::Place { row, col, digit } => {
                write!(out, "place {digit} at ({row},{col})")
            }
            SudokuEvent::Reject {
                row,
                col,
                digit,
                by,
            } => {
                write!(out, "reject {digit} at ({row},{col}): already in its ")?;
                for (i, cause) in by.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    out.push_str(cause.words());
                }
                Ok(())
            }
            SudokuEvent::DeadEnd { row, col } => {
                write!(out, "dead end at ({row},{col}): no candidate left")
            }
            SudokuEvent::Undo { row, col, digit } => write!(out, "undo {digit} at ({row},{col})"),
            SudokuEvent::Solution { count } if *count >= CAP => {
                write!(out, "solution #{count}: not unique, the search stops")
            }
            SudokuEvent::Solution { count } => write!(out, "solution #{count}"),
        }
    }

    fn table_header(&self) -> &'static [&'static str] {
        &["node", "cell", "candidates", "outcome"]
    }

    fn node_cells(&self) -> Vec<String> {
        match self.deciding() {
            Some((cell, candidates)) => {
                let (row, col) = self.geometry().coords(cell);
                vec![format!("({row},{col})"), format_digits(candidates)]
            }
            None => vec!["-".into(), "-".into()],
        }
    }

    fn note(&self, event: &SudokuEvent) -> Note {
        match event {
            SudokuEvent::Place { digit, .. } => Note::Placed(digit.to_string()),
            SudokuEvent::DeadEnd { .. } => Note::End("dead end".into()),
            SudokuEvent::Solution { count } if *count >= CAP => {
                Note::End(format!("solution #{count}, stop"))
            }
            SudokuEvent::Solution { count } => Note::End(format!("solution #{count}")),
            _ => Note::Nothing,
        }
    }
}

impl Sudoku {
    /// The rows of the first solution as strings (none before it is found).
    pub fn solution_rows(&self) -> Vec<String> {
        let size = self.geometry().size as usize;
        self.first_solution()
            .map(|grid| {
                grid.chunks(size)
                    .map(|row| row.iter().map(|d| char::from(b'0' + d)).collect())
                    .collect()
            })
            .unwrap_or_default()
    }
}

impl Report for WordSearch {
    fn write_fields(&self, event: &WordEvent, json: &mut Json<'_>) {
        match event {
            WordEvent::Place { row, col, index } => {
                json.uint("row", *row)
                    .uint("col", *col)
                    .uint("index", *index);
            }
            WordEvent::Reject {
                row,
                col,
                index,
                reason,
            } => {
                json.uint("row", *row)
                    .uint("col", *col)
                    .uint("index", *index)
                    .str("reason", reason.name());
            }
            WordEvent::TooLong { need, have } => {
                json.str("reason", "too-long")
                    .uint("need", *need)
                    .uint("have", *have);
            }
            WordEvent::Inventory { letter, need, have } => {
                let mut utf8 = [0; 4];
                json.str("reason", "inventory")
                    .str("letter", letter.encode_utf8(&mut utf8))
                    .uint("need", *need)
                    .uint("have", *have);
            }
            WordEvent::DeadEnd { row, col } | WordEvent::Undo { row, col } => {
                json.uint("row", *row).uint("col", *col);
            }
            WordEvent::Solution => {
                json.cells("path", self.found().unwrap_or_default());
            }
        }
    }

    fn write_done(&self, json: &mut Json<'_>) {
        json.bool("found", self.found().is_some())
            .uint("nodes", self.counters().nodes)
            .cells("path", self.found().unwrap_or_default());
    }

    fn summary(&self) -> String {
        format!(
            "word {}: found={}, nodes={}, path={}",
            self.word(),
            u8::from(self.found().is_some()),
            self.counters().nodes,
            PathText(self.found().unwrap_or_default())
        )
    }

    fn write_description(&self, event: &WordEvent, _found: u64, out: &mut String) -> fmt::Result {
        let letter = |index: u8| char::from(self.searched()[index as usize]);
        match event {
            WordEvent::Place { row, col, index } => {
                write!(
                    out,
                    "place ({row},{col}) as letter {index}, {}",
                    letter(*index)
                )
            }
            WordEvent::Reject {
                row,
                col,
                index,
                reason: Reason::Visited,
            } => write!(
                out,
                "reject ({row},{col}) for letter {index}: already on the path"
            ),
            WordEvent::Reject {
                row,
                col,
                index,
                reason: Reason::Mismatch,
            } => write!(
                out,
                "reject ({row},{col}) for letter {index}: it holds {}, not {}",
                char::from(self.board().letter(*row as usize, *col as usize)),
                letter(*index)
            ),
            WordEvent::TooLong { need, have } => write!(
                out,
                "reject: the word has {need} letter{}, the board only {have} cell{}",
                plural(usize::from(*need)),
                plural(usize::from(*have))
            ),
            WordEvent::Inventory { letter, need, have } => write!(
                out,
                "reject: the word needs {need} x {letter}, the board holds {have}"
            ),
            WordEvent::DeadEnd { row, col } => write!(
                out,
                "dead end at ({row},{col}): no neighbour continues the word"
            ),
            WordEvent::Undo { row, col } => write!(out, "undo ({row},{col})"),
            WordEvent::Solution => write!(
                out,
                "solution: found along {}",
                PathText(self.found().unwrap_or_default())
            ),
        }
    }

    fn table_header(&self) -> &'static [&'static str] {
        &["node", "cell", "index", "letter", "outcome"]
    }

    fn has_root(&self) -> bool {
        false
    }

    fn node_cells(&self) -> Vec<String> {
        let path = self.path();
        match path.last() {
            Some((row, col)) => {
                let index = path.len() - 1;
                vec![
                    format!("({row},{col})"),
                    index.to_string(),
                    char::from(self.searched()[index]).to_string(),
                ]
            }
            None => vec!["-".into(), "-".into(), "-".into()],
        }
    }

    fn note(&self, event: &WordEvent) -> Note {
        match event {
            WordEvent::Place { row, col, .. } => Note::Placed(format!("({row},{col})")),
            WordEvent::DeadEnd { .. } => Note::End("dead end".into()),
            WordEvent::Solution => Note::End("solution: word found".into()),
            _ => Note::Nothing,
        }
    }
}

/// The plural ending for a count of `n`: `""` for one, `"s"` otherwise.
fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
