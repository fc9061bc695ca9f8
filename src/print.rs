//! Headless outputs: summary lines, JSON lines, readable traces and trace
//! tables (SPEC §3). Every figure the screen shows can be checked from a
//! script through these.

use std::io::{self, Write};

use serde_json::{Map, Value, json};

use crate::search::queens::{Attack, Queens, QueensEvent, format_mask};
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
pub trait Report: Search {
    /// The event's own JSON fields (the caller adds `step`, `event`, `nodes`).
    fn event_fields(&self, event: &Self::Event) -> Map<String, Value>;

    /// The fields of the closing `done` object (besides `event`).
    fn done_fields(&self) -> Map<String, Value>;

    /// The summary line(s), once the search is finished.
    fn summary(&self) -> String;

    /// The event in plain words, as the trace and the screen's log show it.
    /// `found` is how many `solution` events had happened once it did, so
    /// that a solution can be numbered.
    fn describe(&self, event: &Self::Event, found: u64) -> String;

    /// State worth printing after each trace line (N-Queens: the masks).
    fn trace_state(&self) -> String {
        String::new()
    }

    /// The trace table's columns, `node` and `outcome` included.
    fn table_header(&self) -> &'static [&'static str];

    /// Whether the search starts inside a root node (N-Queens and Sudoku do;
    /// Word Search enters its first node with a `place`).
    fn has_root(&self) -> bool {
        true
    }

    /// The columns between `node` and `outcome` for the node just entered.
    fn node_cells(&self) -> Vec<String>;

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
/// [`worksheet::write`] takes others.
pub fn print<S: Sheet>(mut search: S, mode: Mode, out: &mut dyn Write) -> io::Result<()> {
    match mode {
        Mode::Summary => {
            search.run_to_end();
            writeln!(out, "{}", search.summary())
        }
        Mode::Jsonl => {
            while let Some(event) = search.next() {
                writeln!(out, "{}", json_line(&search, &event))?;
            }
            let mut done = Map::new();
            done.insert("event".into(), json!("done"));
            done.extend(search.done_fields());
            writeln!(out, "{}", Value::Object(done))
        }
        Mode::Trace => {
            writeln!(out, "{:>6} {:>6}  event", "step", "nodes")?;
            while let Some(event) = search.next() {
                let c = search.counters();
                let words = search.describe(&event, c.found);
                let state = search.trace_state();
                let line = format!("{:>6} {:>6}  {words:<44} {state}", c.steps, c.nodes);
                writeln!(out, "{}", line.trim_end())?;
            }
            writeln!(out, "{}", search.summary())
        }
        Mode::Table => write!(out, "{}", Table::build(search).to_markdown()),
        Mode::Worksheet => worksheet::write(search, &Blanks::default(), out),
    }
}

/// One event as a JSON line: `step`, `event`, the event's fields, `nodes`.
pub fn json_line<S: Report>(search: &S, event: &S::Event) -> Value {
    let c = search.counters();
    let mut map = Map::new();
    map.insert("step".into(), json!(c.steps));
    map.insert("event".into(), json!(event.kind().name()));
    map.extend(search.event_fields(event));
    map.insert("nodes".into(), json!(c.nodes));
    Value::Object(map)
}

/// A trace table: one row per entered node.
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

    /// The outcome column: `search {0,1} only (symmetry); place 0, 1`.
    pub fn text(&self) -> String {
        let mut parts = self.lead.clone();
        if !self.placed.is_empty() {
            parts.push(format!("place {}", self.placed.join(", ")));
        }
        parts.extend(self.end.clone());
        parts.join("; ")
    }
}

/// One node entered, as the trace table and the search tree show it.
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

/// Records the nodes of a search as it runs, one event at a time. The
/// headless `--print table` and the screen's table and tree all read it, so
/// they cannot disagree.
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
    /// Runs the search to the end, recording a row for every node entered.
    pub fn build<S: Report>(mut search: S) -> Table {
        let mut log = NodeLog::new(&search);
        while let Some(event) = search.next() {
            log.record(&search, &event);
        }
        log.table(search.table_header())
    }

    /// The table in Markdown.
    pub fn to_markdown(&self) -> String {
        let line = |cells: &[&str]| format!("| {} |\n", cells.join(" | "));
        let mut text = line(&self.header);
        text.push_str(&format!("|{}\n", "---|".repeat(self.header.len())));
        for row in &self.rows {
            let cells: Vec<&str> = row.iter().map(String::as_str).collect();
            text.push_str(&line(&cells));
        }
        text
    }
}

/// `[(0,0),(0,1)]`, as the summary lines write a path.
fn path_text(path: &[(u8, u8)]) -> String {
    let cells: Vec<String> = path.iter().map(|(r, c)| format!("({r},{c})")).collect();
    format!("[{}]", cells.join(","))
}

/// `[0,3,1]`, as the trace table writes a prefix.
fn list_text(items: &[u8]) -> String {
    let items: Vec<String> = items.iter().map(u8::to_string).collect();
    format!("[{}]", items.join(","))
}

impl Report for Queens {
    fn event_fields(&self, event: &QueensEvent) -> Map<String, Value> {
        let value = match event {
            QueensEvent::Place { row, col } | QueensEvent::Undo { row, col } => {
                json!({"row": row, "col": col})
            }
            QueensEvent::Reject { row, col, by } => {
                json!({"row": row, "col": col, "by": by.names()})
            }
            QueensEvent::DeadEnd { row } => json!({ "row": row }),
            QueensEvent::Solution { queens, weight } => {
                json!({"queens": queens.to_vec(), "weight": weight})
            }
        };
        into_map(value)
    }

    fn done_fields(&self) -> Map<String, Value> {
        let c = self.counters();
        into_map(json!({"solutions": c.solutions, "nodes": c.nodes}))
    }

    fn summary(&self) -> String {
        let mode = if self.checks_at_end() {
            "check-at-end"
        } else if self.options().symmetry {
            "symmetry"
        } else {
            "full"
        };
        let c = self.counters();
        format!(
            "queens {} {mode}: solutions={}, nodes={}",
            self.n(),
            c.solutions,
            c.nodes
        )
    }

    fn describe(&self, event: &QueensEvent, found: u64) -> String {
        match event {
            QueensEvent::Place { row, col } => format!("place ({row},{col})"),
            QueensEvent::Reject { row, col, by } if by.contains(Attack::Symmetry) => {
                format!("reject ({row},{col}): skipped by symmetry, its mirror is searched")
            }
            QueensEvent::Reject { row, col, by } => {
                let verb = if by.iter().count() > 1 {
                    "attack"
                } else {
                    "attacks"
                };
                format!("reject ({row},{col}): {} {verb} column {col}", by.words())
            }
            QueensEvent::DeadEnd { row } if *row == self.n() => {
                "dead end: the complete board fails the test".to_string()
            }
            QueensEvent::DeadEnd { row } => format!("dead end at row {row}: no legal column"),
            QueensEvent::Undo { row, col } => format!("undo ({row},{col})"),
            QueensEvent::Solution { queens, weight } => {
                let counted = if *weight == 2 {
                    "counted twice by symmetry"
                } else {
                    "counted once"
                };
                format!(
                    "solution #{found} {}, {counted}",
                    list_text(&queens.to_vec())
                )
            }
        }
    }

    fn trace_state(&self) -> String {
        let m = self.masks();
        let n = self.n();
        format!(
            "C={} H={} L={}",
            format_mask(m.cols, n),
            format_mask(m.high, n),
            format_mask(m.low, n)
        )
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
            list_text(self.queens()),
            format_mask(m.cols, n),
            format_mask(m.high, n),
            format_mask(m.low, n),
            legal,
        ]
    }

    fn note(&self, event: &QueensEvent) -> Note {
        match event {
            QueensEvent::Place { col, .. } => Note::Placed(col.to_string()),
            QueensEvent::Reject { by, .. } if by.contains(Attack::Symmetry) => Note::Lead(format!(
                "search {} only (symmetry)",
                format_set(bits(self.root_columns()))
            )),
            QueensEvent::DeadEnd { .. } => Note::End("dead end".into()),
            QueensEvent::Solution { weight, .. } => Note::End(format!("solution, weight {weight}")),
            _ => Note::Nothing,
        }
    }
}

impl Report for Sudoku {
    fn event_fields(&self, event: &SudokuEvent) -> Map<String, Value> {
        let value = match event {
            SudokuEvent::Place { row, col, digit } | SudokuEvent::Undo { row, col, digit } => {
                json!({"row": row, "col": col, "digit": digit})
            }
            SudokuEvent::Reject {
                row,
                col,
                digit,
                by,
            } => json!({"row": row, "col": col, "digit": digit, "by": by.names()}),
            SudokuEvent::DeadEnd { row, col } => json!({"row": row, "col": col}),
            SudokuEvent::Solution { count } => json!({ "count": count }),
        };
        into_map(value)
    }

    fn done_fields(&self) -> Map<String, Value> {
        into_map(json!({
            "count": self.solution_count(),
            "nodes": self.counters().nodes,
            "grid": self.solution_rows(),
        }))
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

    fn describe(&self, event: &SudokuEvent, _found: u64) -> String {
        match event {
            SudokuEvent::Place { row, col, digit } => format!("place {digit} at ({row},{col})"),
            SudokuEvent::Reject {
                row,
                col,
                digit,
                by,
            } => format!(
                "reject {digit} at ({row},{col}): already in its {}",
                by.iter().map(Cause::words).collect::<Vec<_>>().join(", ")
            ),
            SudokuEvent::DeadEnd { row, col } => {
                format!("dead end at ({row},{col}): no candidate left")
            }
            SudokuEvent::Undo { row, col, digit } => format!("undo {digit} at ({row},{col})"),
            SudokuEvent::Solution { count } if *count >= CAP => {
                format!("solution #{count}: not unique, the search stops")
            }
            SudokuEvent::Solution { count } => format!("solution #{count}"),
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
    fn event_fields(&self, event: &WordEvent) -> Map<String, Value> {
        let value = match event {
            WordEvent::Place { row, col, index } => {
                json!({"row": row, "col": col, "index": index})
            }
            WordEvent::Reject {
                row,
                col,
                index,
                reason,
            } => json!({"row": row, "col": col, "index": index, "reason": reason.name()}),
            WordEvent::TooLong { need, have } => {
                json!({"reason": "too-long", "need": need, "have": have})
            }
            WordEvent::Inventory { letter, need, have } => {
                json!({"reason": "inventory", "letter": letter.to_string(), "need": need, "have": have})
            }
            WordEvent::DeadEnd { row, col } | WordEvent::Undo { row, col } => {
                json!({"row": row, "col": col})
            }
            WordEvent::Solution => json!({ "path": path_json(self.found().unwrap_or_default()) }),
        };
        into_map(value)
    }

    fn done_fields(&self) -> Map<String, Value> {
        into_map(json!({
            "found": self.found().is_some(),
            "nodes": self.counters().nodes,
            "path": path_json(self.found().unwrap_or_default()),
        }))
    }

    fn summary(&self) -> String {
        format!(
            "word {}: found={}, nodes={}, path={}",
            self.word(),
            u8::from(self.found().is_some()),
            self.counters().nodes,
            path_text(self.found().unwrap_or_default())
        )
    }

    fn describe(&self, event: &WordEvent, _found: u64) -> String {
        let letter = |index: u8| char::from(self.searched()[index as usize]);
        match event {
            WordEvent::Place { row, col, index } => {
                format!("place ({row},{col}) as letter {index}, {}", letter(*index))
            }
            WordEvent::Reject {
                row,
                col,
                index,
                reason: Reason::Visited,
            } => format!("reject ({row},{col}) for letter {index}: already on the path"),
            WordEvent::Reject {
                row,
                col,
                index,
                reason: Reason::Mismatch,
            } => format!(
                "reject ({row},{col}) for letter {index}: it holds {}, not {}",
                char::from(self.board().letter(*row as usize, *col as usize)),
                letter(*index)
            ),
            WordEvent::TooLong { need, have } => {
                format!("reject: the word has {need} letters, the board only {have} cells")
            }
            WordEvent::Inventory { letter, need, have } => {
                format!("reject: the word needs {need} x {letter}, the board holds {have}")
            }
            WordEvent::DeadEnd { row, col } => {
                format!("dead end at ({row},{col}): no neighbour continues the word")
            }
            WordEvent::Undo { row, col } => format!("undo ({row},{col})"),
            WordEvent::Solution => format!(
                "solution: found along {}",
                path_text(self.found().unwrap_or_default())
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

fn path_json(path: &[(u8, u8)]) -> Value {
    Value::Array(path.iter().map(|(r, c)| json!([r, c])).collect())
}

fn into_map(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}
