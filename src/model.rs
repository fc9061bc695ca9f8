//! The view model: what a search tells the generic views (the headless
//! outputs, the worksheet, the screen's table and tree), as data. A search
//! says how each event changes its trace table ([`Note`]): which choice it
//! placed, in the one wording the table, the tree and the path share
//! ([`Placed`]), which
//! choices it skipped and why ([`Skipped`]), how a node ended
//! ([`Ending`]). The views keep that data and never read their own words
//! back; the words come from the search's [`Report`], one place per search
//! (`src/view/<search>.rs`).

use std::fmt;

use crate::search::{Counters, EventKind, Search, SearchEvent};

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

    /// Writes the fields of the closing `done` object (besides `event`):
    /// by default the two counts every search keeps, `solutions` and
    /// `nodes`; a search that states more (its first solution, a counter
    /// of its own) writes its own.
    fn write_done(&self, json: &mut Json<'_>) {
        let c = self.counters();
        json.uint("solutions", c.solutions).uint("nodes", c.nodes);
    }

    /// The summary, once the search is finished.
    fn summary(&self) -> Summary;

    /// Writes the event in plain words, as the trace and the screen's log
    /// show it, `self` being the search right after the event. `found` is
    /// how many `solution` events had happened once it did, so that a
    /// solution can be numbered. Called only through [`write_told`], the
    /// one place an event is put in words.
    fn write_description(&self, event: &Self::Event, found: u64, out: &mut String) -> fmt::Result;

    /// The header of the column the search adds to `--print trace`,
    /// between the counters and the event's words: the part of its state
    /// worth printing after every event ([`Report::write_trace_column`]).
    /// `None` (the default): the trace has no such column.
    fn trace_column(&self) -> Option<&'static str> {
        None
    }

    /// Writes the trace column's text for the search as it is now. It
    /// must be as wide on every line as before the first event (the
    /// header's width), so that the words after it stay aligned.
    fn write_trace_column(&self, _out: &mut String) {}

    /// A key for what [`Report::write_trace_column`] writes: while it stays
    /// the same, so does the text, and a trace copies the text written for
    /// it before instead of writing it again. `None` (the default) writes
    /// the column on every line.
    fn trace_column_key(&self) -> Option<u128> {
        None
    }

    /// The fields of a `place`, `undo` or `reject` JSON line that say
    /// where the choice is (EVENTS.md §5): what `backstep check` requires of a
    /// student's line whenever the search's own line has them: by default
    /// `row` and `col`.
    fn position_fields(&self) -> &'static [&'static str] {
        &["row", "col"]
    }

    /// The event a JSON line states, read back from its fields (the
    /// inverse of [`Report::write_fields`]), so that `backstep check` can
    /// say a student's event in the search's own words; `None` when the
    /// fields make no event of this search, or the search reads none back
    /// (the line is then shown as it was written).
    fn read_event(
        &self,
        _fields: &serde_json::Map<String, serde_json::Value>,
    ) -> Option<Self::Event> {
        None
    }

    /// The trace table's columns, `node` and `outcome` included.
    fn table_header(&self) -> &'static [&'static str];

    /// Whether the search starts inside a root node (the default), or
    /// enters its first node with its first `place`.
    fn has_root(&self) -> bool {
        true
    }

    /// Whether `event`, a `place` or an `undo`, enters or leaves a node of
    /// the trace table and the tree. By default every place enters one and
    /// every undo leaves one; a search that also writes forced moves says
    /// no for those, so that its nodes are
    /// its choices. Asked with the search as it is after the event.
    fn node_step(&self, _event: &Self::Event) -> bool {
        true
    }

    /// How many nodes deep the search is now, the root not counted: the
    /// open places that entered nodes (see [`Report::node_step`]).
    fn node_depth(&self) -> usize {
        self.counters().depth
    }

    /// The columns between `node` and `outcome` for the node just entered
    /// ([`Cell::Nothing`] where there is nothing to state).
    fn node_cells(&self) -> Vec<Cell>;

    /// The choices the node just entered will skip without entering them,
    /// known on entry (for a reason the search names, [`Why`]). The
    /// trace table's outcome starts with their words
    /// ([`Report::write_skipped`]); the same [`Skipped`] comes as a
    /// [`Note::Skipped`] once the node's skipped choices come up.
    fn skipped(&self) -> Option<Skipped> {
        None
    }

    /// The words of the choice a `place` event placed: the one wording
    /// the trace table's outcome (`place CHOICE`, [`Report::write_placed`]),
    /// the search tree's label and the plain screen's path share
    /// ([`Placed::choice`]). `None` for a place that enters no node of its
    /// own (a forced move, see [`Report::node_step`]). Asked only of a
    /// `place`, with the search as it is after it.
    fn choice(&self, place: &Self::Event) -> Option<String>;

    /// What an event at the current node adds to its outcome; by default
    /// what every search says alike ([`plain_note`]). A search that skips
    /// choices, or counts a solution for more than one, says so here.
    fn note(&self, event: &Self::Event) -> Note {
        plain_note(self, event)
    }

    /// Writes how a node ended, as the outcome column and the tree say it.
    fn write_ending(&self, ending: &Ending, out: &mut String) {
        write_plain_ending(ending, out);
    }

    /// Writes what a node's first placement adds to its outcome: by
    /// default `place CHOICE`, the choice in the words the tree labels the
    /// node it enters with. A search may say what the node did before it
    /// first (`forced ...; place CHOICE`), but the choice's words stay
    /// the [`Placed::choice`] the tree shows.
    fn write_placed(&self, placed: &Placed, out: &mut String) {
        out.push_str("place ");
        out.push_str(&placed.choice);
    }

    /// Writes what a node's skipped choices say before its placements
    /// (by default `skip CHOICES (REASON)`).
    fn write_skipped(&self, skipped: &Skipped, out: &mut String) {
        out.push_str("skip ");
        out.push_str(&skipped.choices.join(", "));
        out.push_str(" (");
        out.push_str(skipped.why.name);
        out.push(')');
    }
}

/// What an event adds to its node's outcome, said as every search says it
/// unless it says more ([`Report::note`]): a place, its
/// [`Report::choice`]; a dead end; a solution, the `found`th, counting for
/// one, and stopping the search when the search closes at it (its cap, or
/// the last thing it looks for); nothing for a reject or an undo.
pub fn plain_note<S: Report>(search: &S, event: &S::Event) -> Note {
    match event.kind() {
        EventKind::Place => search
            .choice(event)
            .map_or(Note::Nothing, |choice| Note::Placed(Placed { choice })),
        EventKind::DeadEnd => Note::End(Ending::DeadEnd),
        EventKind::Solution => Note::End(Ending::Solution {
            number: search.counters().found,
            counts: 1,
            stops: search.is_closing(),
        }),
        EventKind::Reject | EventKind::Undo => Note::Nothing,
    }
}

/// Writes the words for `event`, which `search` has just yielded: the one
/// description of an event, told once, right after it happens, by the
/// trace as it writes its line and by the timeline as it logs the event
/// (`timeline::Told`). Every other output that shows an event (the Events
/// panel, predict, bookmarks, the compare panes, the bug lab's first
/// difference, the worksheet) shows words told here at that moment, never
/// words rebuilt later from a search that has moved on.
#[inline(always)]
pub fn write_told<S: Report>(search: &S, event: &S::Event, out: &mut String) -> fmt::Result {
    search.write_description(event, search.counters().found, out)
}

/// [`write_told`] into a new string.
pub fn told<S: Report>(search: &S, event: &S::Event) -> String {
    let mut text = String::new();
    // Writing to a String fails only if a Display impl does, and none of
    // the ones used here do; what was written is kept either way.
    let _ = write_told(search, event, &mut text);
    text
}

/// `1 colouring`, `2 colourings`: a count and its noun, singular for one.
pub fn counted(n: impl Into<u64>, one: &str, many: &str) -> String {
    match n.into() {
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    }
}

/// What a bug variant adds to the head of its summary, ` (bug NAME)`,
/// so that its wrong result is never read as the search's own; empty for a
/// correct search.
pub fn bug_label(bug: Option<&str>) -> String {
    bug.map_or_else(String::new, |name| format!(" (bug {name})"))
}

/// The words for a search a node budget stopped (EVENTS.md §1), `incomplete
/// (node budget K)`; `None` for a search within its budget. Every view
/// that would state a result (unsatisfiable, unique, not found) says this
/// instead once the budget is hit.
pub fn incomplete<S: Search>(search: &S) -> Option<String> {
    search
        .budget_hit()
        .map(|max| format!("incomplete (node budget {max})"))
}

/// The search's summary, its first line ending with `, incomplete (node
/// budget K)` when a node budget stopped it (EVENTS.md §1): what every output
/// prints for [`Report::summary`].
pub fn summary<S: Report>(search: &S) -> Summary {
    let mut summary = search.summary();
    if let Some(words) = incomplete(search) {
        summary.result.push_str(", ");
        summary.result.push_str(&words);
    }
    summary
}

/// A search's summary as data: its first line, `head: result` (`queens 4
/// symmetry: solutions=2, nodes=9`), and the lines after it (a solution's
/// rows, found words). Written out only at the edge ([`fmt::Display`]);
/// nothing takes a written summary apart again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// What was searched, as the first line names it: `queens 4 symmetry`.
    pub head: String,
    /// The result, after the colon: `solutions=2, nodes=9`.
    pub result: String,
    /// The lines after the first.
    pub rest: Vec<String>,
}

impl Summary {
    /// A one-line summary.
    pub fn new(head: impl Into<String>, result: impl Into<String>) -> Summary {
        Summary {
            head: head.into(),
            result: result.into(),
            rest: Vec::new(),
        }
    }

    /// The one-line summary of the two counts every search keeps,
    /// `HEAD: solutions=S, nodes=N`, as [`Report::write_done`] writes them
    /// by default.
    pub fn counts(head: impl Into<String>, counters: &Counters) -> Summary {
        let result = format!("solutions={}, nodes={}", counters.solutions, counters.nodes);
        Summary::new(head, result)
    }

    /// The summary with `lines` after its first line.
    pub fn with_rest(mut self, lines: impl IntoIterator<Item = String>) -> Summary {
        self.rest.extend(lines);
        self
    }

    /// The first line: `head: result`.
    pub fn first_line(&self) -> String {
        format!("{}: {}", self.head, self.result)
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.head, self.result)?;
        for line in &self.rest {
            write!(f, "\n{line}")?;
        }
        Ok(())
    }
}

/// Writes the fields of the `done` object: the search's own, then
/// `"complete": false` when a node budget stopped it (no `complete` field
/// when it finished, EVENTS.md §1).
pub fn write_done<S: Report>(search: &S, json: &mut Json<'_>) {
    search.write_done(json);
    if search.budget_hit().is_some() {
        json.bool("complete", false);
    }
}

/// One contribution of an event to its node's trace-table row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// Nothing worth recording.
    Nothing,
    /// Choices the node skips without entering them, for a reason the
    /// search names. Every skip of one reason names the whole set; a node
    /// records the first and ignores the rest.
    Skipped(Skipped),
    /// A choice placed from this node: the node entered next.
    Placed(Placed),
    /// How the node ended.
    End(Ending),
}

/// A choice placed, as the search names it: one wording, which the
/// parent's outcome in the trace table says (`place 3`,
/// [`Report::write_placed`]) and the search tree and the plain screen's
/// path label the node it enters with (`3`), so that the three cannot
/// name one choice two ways.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    /// The choice's words (`3`, `5 at (4,4)`, `D (1,0)`).
    pub choice: String,
}

/// Choices a node skips without entering them, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    /// Why they are skipped.
    pub why: Why,
    /// The choices skipped, in the words a [`Placed::choice`] would have
    /// had: the labels of the tree's pruned branches.
    pub choices: Vec<String>,
}

/// Why choices are skipped without being entered: a reason the search
/// names, in its own words (its trace table says `skip ... (NAME)` unless
/// the search words the skip itself, [`Report::write_skipped`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Why {
    /// The reason's name.
    pub name: &'static str,
    /// What the search tree says of a choice skipped for it, after the
    /// pruned mark (`pruned (mirror)`).
    pub pruned: &'static str,
}

/// How a node ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// No choice was left.
    DeadEnd,
    /// A solution: the `number`th found; `counts` is how many solutions it
    /// counts for in the `solutions` counter (1, or more for a search that
    /// counts solutions it does not search, such as images of this one);
    /// `stops` when the search stops at it (a cap on solutions).
    Solution {
        number: u64,
        counts: u64,
        stops: bool,
    },
    /// The search stopped inside the node without a solution (a budget).
    Stopped,
    /// Never entered: a skipped choice (see [`Skipped`]).
    Pruned(Why),
}

/// The plain words of an ending (`dead end`, `solution`, `stopped`,
/// `pruned`): what [`Report::write_ending`] writes unless a search says
/// more.
pub fn write_plain_ending(ending: &Ending, out: &mut String) {
    out.push_str(match ending {
        Ending::DeadEnd => "dead end",
        Ending::Solution { .. } => "solution",
        Ending::Stopped => "stopped",
        Ending::Pruned(_) => "pruned",
    });
}

impl Ending {
    /// Whether the ending is a solution.
    pub fn is_solution(self) -> bool {
        matches!(self, Ending::Solution { .. })
    }
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

    /// A string field holding what `value` displays, escaped as
    /// [`Json::str`] escapes it, without putting the text together first.
    pub fn display(&mut self, key: &str, value: impl fmt::Display) -> &mut Self {
        self.key(key);
        self.0.push('"');
        // Writing to a String fails only if a Display impl does; what was
        // written is kept either way.
        let _ = fmt::Write::write_fmt(&mut JsonText(self.0), format_args!("{value}"));
        self.0.push('"');
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
    push_json_text(out, value);
    out.push('"');
}

/// Text going into a JSON string, each piece escaped as
/// [`push_json_string`] escapes it.
struct JsonText<'a>(&'a mut String);

impl fmt::Write for JsonText<'_> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        push_json_text(self.0, text);
        Ok(())
    }
}

/// `value` escaped for a JSON string, without the quotes.
#[inline(always)]
fn push_json_text(out: &mut String, value: &str) {
    // Names and words rarely need an escape: check the bytes at once.
    if !value.bytes().any(|b| b == b'"' || b == b'\\' || b < b' ') {
        out.push_str(value);
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
}

/// A few ASCII digits, pushed one by one: for the short numbers of an
/// event this is cheaper than a call to copy them.
#[inline(always)]
pub(crate) fn push_digits(out: &mut String, digits: &str) {
    for b in digits.bytes() {
        out.push(char::from(b));
    }
}

/// `| a | b | c |`, without the newline.
pub(crate) fn push_markdown_row<'s>(out: &mut String, cells: impl IntoIterator<Item = &'s str>) {
    out.push('|');
    for cell in cells {
        out.push(' ');
        out.push_str(cell);
        out.push_str(" |");
    }
}

/// `|---|---|`, without the newline.
pub(crate) fn push_markdown_rule(out: &mut String, columns: usize) {
    out.push('|');
    for _ in 0..columns {
        out.push_str("---|");
    }
}

/// One cell of the trace table: words, or nothing to state there (no
/// legal set on a full board, no cell on a full grid). Nothing is typed so
/// that the worksheet's blanks and `check`'s grading tell it from words
/// without reading text; it is written [`Cell::NOTHING`] only where the
/// table is shown ([`Cell::shown`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cell {
    /// What the search states in the column.
    Text(String),
    /// Nothing to state.
    Nothing,
}

impl Cell {
    /// How every table writes [`Cell::Nothing`] (and how a student writes
    /// it on a worksheet).
    pub const NOTHING: &'static str = "-";

    /// The cell as a table shows it.
    pub fn shown(&self) -> &str {
        match self {
            Cell::Text(text) => text,
            Cell::Nothing => Cell::NOTHING,
        }
    }

    /// Whether the cell states something.
    pub fn is_nothing(&self) -> bool {
        matches!(self, Cell::Nothing)
    }
}

impl From<String> for Cell {
    fn from(text: String) -> Cell {
        Cell::Text(text)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.shown())
    }
}

/// One row of the trace table: the node's number, its cells on entry and
/// its outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row(Vec<Cell>);

impl Row {
    /// Every column, `node` first and `outcome` last.
    pub fn cells(&self) -> &[Cell] {
        &self.0
    }

    /// The row's cells, owned.
    pub fn into_cells(self) -> Vec<Cell> {
        self.0
    }
}

/// Turns a search's events into trace-table rows as it runs, one row per
/// entered node, in the order entered.
///
/// A row's outcome is the first thing that happens at its node: its first
/// placement (after what the node says on entry, see [`Report::skipped`]) or
/// how it ended (dead end, solution). Its row is then final, and the next
/// node entered is its child or comes after it; so rows complete in the
/// order entered, at most one is ever pending, and a search of any length
/// is tabled in constant memory.
#[derive(Debug, Default)]
pub struct Rows {
    /// The row entered and not yet decided: its cells so far, outcome
    /// last (the lead, or empty).
    pending: Option<(Vec<Cell>, String)>,
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
        let mut done = None;
        if self.pending.is_some()
            && let Some(words) = decision(search, event)
        {
            done = self.pending.take().map(|(mut cells, mut outcome)| {
                decide(&mut outcome, words);
                cells.push(Cell::Text(outcome));
                Row(cells)
            });
        }
        if event.kind() == EventKind::Place && search.node_step(event) {
            self.enter(search);
        }
        done
    }

    /// The row still pending once the search has ended, if any (a search
    /// that stops inside a node it has not decided).
    pub fn finish(self) -> Option<Row> {
        self.pending.map(|(mut cells, outcome)| {
            cells.push(Cell::Text(outcome));
            Row(cells)
        })
    }

    fn enter<S: Report>(&mut self, search: &S) {
        self.entered += 1;
        let mut cells = vec![Cell::Text(self.entered.to_string())];
        cells.extend(search.node_cells());
        self.pending = Some((cells, lead(search)));
    }
}

/// What the outcome of the node just entered says first: the words of the
/// choices it will skip, known on entry ([`Report::skipped`]), or nothing.
fn lead<S: Report>(search: &S) -> String {
    let mut lead = String::new();
    if let Some(skipped) = search.skipped() {
        search.write_skipped(&skipped, &mut lead);
    }
    lead
}

/// The words that decide the outcome of the node `event` happens at, when
/// it is the first thing that happens there: its first placement, how it
/// ended, or (empty) a node left with nothing placed and no end said.
/// `None` for an event that decides nothing.
fn decision<S: Report>(search: &S, event: &S::Event) -> Option<String> {
    match search.note(event) {
        Note::Placed(placed) => {
            let mut words = String::new();
            search.write_placed(&placed, &mut words);
            Some(words)
        }
        Note::End(ending) => {
            let mut words = String::new();
            search.write_ending(&ending, &mut words);
            Some(words)
        }
        _ if event.kind() == EventKind::Undo && search.node_step(event) => Some(String::new()),
        _ => None,
    }
}

/// Adds a decision's words to an outcome holding its lead.
fn decide(outcome: &mut String, words: String) {
    match (outcome.is_empty(), words.is_empty()) {
        (_, true) => {}
        (true, false) => *outcome = words,
        (false, false) => {
            outcome.push_str("; ");
            outcome.push_str(&words);
        }
    }
}

/// A trace table held in memory (the worksheet's few dozen rows).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    /// Column names.
    pub header: Vec<&'static str>,
    /// One row per entered node, in the order entered.
    pub rows: Vec<Vec<Cell>>,
}

/// What happened at one node, gathered from the notes of its events.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// The words of its skipped choices, said before the placements
    /// ([`Report::write_skipped`]), one per reason.
    pub lead: Vec<String>,
    /// The choices it skipped, one entry per reason.
    pub skipped: Vec<Skipped>,
    /// The choices placed from this node, in order, as [`Placed::choice`]
    /// names them.
    pub placed: Vec<String>,
    /// How the node ended, once known.
    pub end: Option<Ending>,
    /// [`Outcome::end`] in the search's words (empty while open).
    pub end_words: String,
}

impl Outcome {
    fn add<S: Report>(&mut self, search: &S, note: Note) {
        match note {
            Note::Nothing => {}
            Note::Skipped(skipped) if self.skipped.iter().any(|s| s.why == skipped.why) => {}
            Note::Skipped(skipped) => {
                let mut words = String::new();
                search.write_skipped(&skipped, &mut words);
                self.lead.push(words);
                self.skipped.push(skipped);
            }
            Note::Placed(placed) => self.placed.push(placed.choice),
            Note::End(ending) => {
                self.end_words.clear();
                search.write_ending(&ending, &mut self.end_words);
                self.end = Some(ending);
            }
        }
    }
}

/// One node entered, as the screen's table and search tree show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeRow {
    /// The columns between `node` and `outcome`, as seen on entry.
    pub cells: Vec<Cell>,
    /// The node's parent row, `None` for a root, a first node entered by
    /// a `place` ([`Report::has_root`]) or a node whose parent was entered
    /// before the log's window.
    pub parent: Option<usize>,
    /// How many places deep the node is.
    pub depth: usize,
    /// The choice that entered it ([`Placed::choice`]), as its parent's
    /// outcome names it and as the tree labels the node (`None` for a
    /// root).
    pub choice: Option<String>,
    /// What has happened at the node so far.
    pub outcome: Outcome,
    /// The outcome column as `--print table` writes it (see [`Rows`]):
    /// the lead, then the first thing that happened at the node, once it
    /// has; the same functions write both.
    pub said: String,
    /// Whether [`NodeRow::said`] is final.
    pub decided: bool,
    /// The step that entered it (the step of its place; the log's first
    /// step for a root), where a click on its row or tree node jumps to.
    pub step: u64,
}

/// Records the nodes of a search as it runs, one event at a time, for the
/// screen's table and tree (which read back and forth over it): every
/// node from step 0 ([`NodeLog::new`]), or those entered from some step
/// on ([`NodeLog::window`]). The headless table streams instead
/// ([`Rows`]); its cells are the same [`Report::node_cells`], so the two
/// cannot disagree on them.
///
/// In a window, nodes entered before it are not rows; those still open
/// count in [`NodeLog::outside`], so depths stay true and the current
/// node is known to be outside the rows when it is one of them. A window
/// from step 0 is the whole log.
#[derive(Clone, Debug, Default)]
pub struct NodeLog {
    rows: Vec<NodeRow>,
    /// Rows of the open nodes entered in the window, innermost last.
    open: Vec<usize>,
    /// Open nodes entered before the window (outermost of the path).
    outside: usize,
    /// Nodes entered before the window: the number of the first row, less 1.
    before: u64,
    /// The step the window begins at.
    base: u64,
    /// The step of the latest event recorded.
    step: u64,
}

impl NodeLog {
    /// A log of a search that has yielded no event yet.
    pub fn new<S: Report>(search: &S) -> NodeLog {
        NodeLog::window(search, 0)
    }

    /// A log beginning at step `base`, `search` being the search there.
    pub fn window<S: Report>(search: &S, base: u64) -> NodeLog {
        let mut log = NodeLog {
            base,
            step: base,
            ..NodeLog::default()
        };
        if base == 0 {
            if search.has_root() {
                log.enter(search, None);
            }
        } else {
            let c = search.counters();
            log.outside = search.node_depth() + usize::from(search.has_root());
            log.before = c.nodes;
        }
        log
    }

    /// Takes in the event the search just yielded (`search` is its state
    /// after the event).
    pub fn record<S: Report>(&mut self, search: &S, event: &S::Event) {
        self.step += 1;
        let note = search.note(event);
        let placed = match &note {
            Note::Placed(placed) => Some(placed.choice.clone()),
            _ => None,
        };
        if let Some(&top) = self.open.last() {
            let row = &mut self.rows[top];
            if !row.decided
                && let Some(words) = decision(search, event)
            {
                decide(&mut row.said, words);
                row.decided = true;
            }
            row.outcome.add(search, note);
        }
        if !search.node_step(event) {
            return;
        }
        match event.kind() {
            EventKind::Place => self.enter(search, placed),
            // An undo with no open row leaves a node entered before the window.
            EventKind::Undo => {
                let left_outside = usize::from(self.open.pop().is_none());
                self.outside = self.outside.saturating_sub(left_outside);
            }
            _ => {}
        }
    }

    fn enter<S: Report>(&mut self, search: &S, choice: Option<String>) {
        self.rows.push(NodeRow {
            cells: search.node_cells(),
            parent: self.open.last().copied(),
            depth: self.outside + self.open.len(),
            choice,
            outcome: Outcome::default(),
            said: lead(search),
            decided: false,
            step: self.step,
        });
        self.open.push(self.rows.len() - 1);
    }

    /// The nodes entered in the window, in order.
    pub fn rows(&self) -> &[NodeRow] {
        &self.rows
    }

    /// The rows of the open nodes entered in the window, outermost first.
    pub fn open(&self) -> &[usize] {
        &self.open
    }

    /// How many open nodes (the outer part of the current path) were
    /// entered before the window.
    pub fn outside(&self) -> usize {
        self.outside
    }

    /// The step the window begins at (0: the whole search).
    pub fn base(&self) -> u64 {
        self.base
    }

    /// The number the trace table gives row `i` (1 for the first node of
    /// the search).
    pub fn number(&self, i: usize) -> u64 {
        self.before + i as u64 + 1
    }

    /// The current node's row, when it was entered in the window.
    pub fn current(&self) -> Option<usize> {
        self.open.last().copied()
    }

    /// Whether the current node was entered before the window, so that no
    /// row shows it.
    pub fn current_outside(&self) -> bool {
        self.open.is_empty() && self.outside > 0
    }

    /// The current node's depth (places above it), if any node is open.
    pub fn current_depth(&self) -> Option<usize> {
        (self.outside + self.open.len()).checked_sub(1)
    }

    /// Row `i` of the table: node number, the node's cells, its outcome,
    /// as `--print table` has the row (the outcome as far as decided).
    pub fn table_row(&self, i: usize) -> Vec<Cell> {
        let row = &self.rows[i];
        let mut cells = vec![Cell::Text(self.number(i).to_string())];
        cells.extend(row.cells.iter().cloned());
        cells.push(Cell::Text(row.said.clone()));
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
            push_markdown_row(&mut text, row.iter().map(Cell::shown));
            text.push('\n');
        }
        text
    }
}
