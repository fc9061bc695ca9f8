//! The headless presentation of N-Queens with the attacks held as
//! Algorithm B's array or as boolean arrays (`queens N --state
//! array|bools`): JSON lines and summary exactly the mask search's (plus
//! `attackers` on the array's attack rejects); trace state, table columns
//! and worksheet fitting each state; predict questions ([`Ask`]) and the
//! screens ([`draw`]).

pub mod draw;

use std::fmt::{self, Write as _};

use super::queens_board::column_question;
use super::queens_words::{
    SYMMETRY, cell_fields, describe_dead_end, describe_move, describe_reject, describe_solution,
    list, lowest_untried, reject_fields, set,
};
use crate::model::{
    Cell, Ending, Json, Note, Report, Skipped, Summary, plain_note, write_plain_ending,
};
use crate::search::Search;
use crate::search::queens::Attack;
use crate::search::queens_state::{Array, Bools, Held, State, StateEvent};
use crate::ui::predict::{Answer, Ask, Question};
use crate::worksheet::Part::{Item, Para};
use crate::worksheet::{Part, Sheet, prose, section, wrap_text};

/// What each state shows of itself: its trace state, its table columns and
/// its rules.
pub trait StateView: State {
    /// The trace table's columns, `node` and `outcome` included.
    const HEADER: &'static [&'static str];
    /// The columns `--blanks masks` hides.
    const STATE_COLUMNS: &'static [&'static str];
    /// The state after each trace line, the same width on every line.
    fn trace_state(search: &Held<Self>, out: &mut String);
    /// The table cells between `node` and `legal`.
    fn cells(search: &Held<Self>) -> Vec<String>;
    /// How the state is held and tested, as worksheet list items.
    fn rules(n: u8) -> Vec<Part>;
    /// What the state's table columns mean, for the worksheet.
    fn columns_words() -> &'static str;
}

/// `0 2 - -`: the array `a`, one slot per row, `-` for rows not yet
/// filled, each slot as wide as the largest column.
fn array_slots(a: &[u8], n: u8) -> String {
    let width = if n > 10 { 2 } else { 1 };
    (0..usize::from(n))
        .map(|r| match a.get(r) {
            Some(c) => format!("{c:>width$}"),
            None => format!("{:>width$}", "-"),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `0110`: flags, index 0 first.
fn flags(values: &[bool]) -> String {
    values.iter().map(|&v| if v { '1' } else { '0' }).collect()
}

/// The indices of the set flags: `{0,3}`.
fn occupied(values: &[bool]) -> String {
    set(values
        .iter()
        .enumerate()
        .filter(|(_, v)| **v)
        .fold(0u32, |s, (i, _)| s | 1 << i))
}

impl StateView for Array {
    const HEADER: &'static [&'static str] = &["node", "a", "legal", "outcome"];
    const STATE_COLUMNS: &'static [&'static str] = &["a"];

    fn trace_state(search: &Held<Self>, out: &mut String) {
        out.push_str("a=");
        out.push_str(&array_slots(search.queens(), search.n()));
    }

    fn cells(search: &Held<Self>) -> Vec<String> {
        vec![list(search.queens())]
    }

    fn rules(_n: u8) -> Vec<Part> {
        vec![
            Item(
                "Algorithm B: the only state is the array `a`, `a[i]` the column of \
                 row i's queen."
                    .into(),
            ),
            Item(
                "Step B3 tests square (r, c) by looping over the rows `i < r`: \
                 `a[i] == c` is the same column, `c - a[i] == r - i` the same high \
                 diagonal, `a[i] - c == r - i` the same low diagonal. Any of them: the \
                 square is attacked by row i."
                    .into(),
            ),
        ]
    }

    fn columns_words() -> &'static str {
        "a is the array of the queens' columns row by row"
    }
}

impl StateView for Bools {
    const HEADER: &'static [&'static str] = &[
        "node", "prefix", "column", "high", "low", "legal", "outcome",
    ];
    const STATE_COLUMNS: &'static [&'static str] = &["column", "high", "low"];

    fn trace_state(search: &Held<Self>, out: &mut String) {
        let s = search.state();
        let _ = write!(
            out,
            "column={} high={} low={}",
            flags(s.column()),
            flags(s.high()),
            flags(s.low())
        );
    }

    fn cells(search: &Held<Self>) -> Vec<String> {
        let s = search.state();
        vec![
            list(search.queens()),
            occupied(s.column()),
            occupied(s.high()),
            occupied(s.low()),
        ]
    }

    fn rules(n: u8) -> Vec<Part> {
        let last = (2 * usize::from(n)).saturating_sub(2);
        vec![
            Item(format!(
                "Three arrays of flags: `column[c]`, `high[r - c + {}]` and \
                 `low[r + c]` (diagonals numbered 0 to {last}), set when a queen goes \
                 on (r, c) and cleared when it is taken off.",
                n.saturating_sub(1)
            )),
            Item(
                "Square (r, c) is attacked when any of its three flags is set: \
                 `column` is the occupied column, `high` the high diagonal, `low` the \
                 low diagonal."
                    .into(),
            ),
        ]
    }

    fn columns_words() -> &'static str {
        "prefix is the queens' columns row by row, column, high and low the \
         indices set in each array"
    }
}

impl<S: StateView> Report for Held<S> {
    fn write_fields(&self, event: &StateEvent, json: &mut Json<'_>) {
        match *event {
            StateEvent::Place { row, col } | StateEvent::Undo { row, col } => {
                cell_fields(json, row, col);
            }
            StateEvent::Reject {
                row,
                col,
                by,
                attackers,
            } => {
                reject_fields(json, row, col, by);
                if S::ATTACKERS && !by.contains(Attack::Symmetry) {
                    json.uints("attackers", crate::search::bits(u32::from(attackers)));
                }
            }
            StateEvent::DeadEnd { row } => {
                json.uint("row", row);
            }
            StateEvent::Solution { queens, weight } => {
                json.uints("queens", queens.iter()).uint("weight", weight);
            }
        }
    }

    /// The mask search's line: the label names no state (EVENTS.md §2).
    fn summary(&self) -> Summary {
        let mode = if self.symmetry() { "symmetry" } else { "full" };
        Summary::counts(format!("queens {} {mode}", self.n()), self.counters())
    }

    fn write_description(&self, event: &StateEvent, found: u64, out: &mut String) -> fmt::Result {
        match *event {
            StateEvent::Place { row, col } => describe_move(out, "place", row, col),
            StateEvent::Undo { row, col } => describe_move(out, "undo", row, col),
            StateEvent::Reject {
                row,
                col,
                by,
                attackers,
            } => {
                describe_reject(out, row, col, by);
                if S::ATTACKERS && attackers != 0 {
                    let rows = crate::search::bits(u32::from(attackers));
                    let label = if attackers.count_ones() > 1 {
                        "rows"
                    } else {
                        "row"
                    };
                    write!(out, " (B3: attacked by {label} ")?;
                    for (i, row) in rows.enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        write!(out, "{row}")?;
                    }
                    out.push(')');
                }
            }
            StateEvent::DeadEnd { row } => describe_dead_end(out, row, self.n()),
            StateEvent::Solution { queens, weight } => {
                describe_solution(out, found, queens.iter(), weight)
            }
        }
        Ok(())
    }

    fn trace_column(&self) -> Option<&'static str> {
        Some("state")
    }

    fn write_trace_column(&self, out: &mut String) {
        S::trace_state(self, out);
    }

    fn table_header(&self) -> &'static [&'static str] {
        S::HEADER
    }

    fn node_cells(&self) -> Vec<Cell> {
        let mut cells: Vec<Cell> = S::cells(self).into_iter().map(Cell::from).collect();
        cells.push(if self.row() == self.n() {
            Cell::Nothing
        } else {
            set(self.legal()).into()
        });
        cells
    }

    fn skipped(&self) -> Option<Skipped> {
        let restricted = self.root_columns() != (1u32 << self.n()) - 1;
        (self.queens().is_empty() && restricted && self.rejects()).then(|| self.symmetry_skipped())
    }

    fn choice(&self, place: &StateEvent) -> Option<String> {
        match place {
            StateEvent::Place { col, .. } => Some(col.to_string()),
            _ => None,
        }
    }

    fn note(&self, event: &StateEvent) -> Note {
        match event {
            StateEvent::Reject { by, .. } if by.contains(Attack::Symmetry) => {
                Note::Skipped(self.symmetry_skipped())
            }
            StateEvent::Solution { weight, .. } => Note::End(Ending::Solution {
                number: self.counters().found,
                counts: u64::from(*weight),
                stops: false,
            }),
            _ => plain_note(self, event),
        }
    }

    fn write_ending(&self, ending: &Ending, out: &mut String) {
        match ending {
            Ending::Solution { counts, .. } => {
                let _ = write!(out, "solution, weight {counts}");
            }
            other => write_plain_ending(other, out),
        }
    }

    fn write_skipped(&self, skipped: &Skipped, out: &mut String) {
        debug_assert_eq!(skipped.why, SYMMETRY);
        let _ = write!(out, "search {} only (symmetry)", set(self.root_columns()));
    }
}

impl<S: StateView> Held<S> {
    /// The columns of the root's right half, skipped because their mirror
    /// images are searched (as the mask search names them).
    fn symmetry_skipped(&self) -> Skipped {
        let skipped = ((1u32 << self.n()) - 1) & !self.root_columns();
        Skipped {
            why: SYMMETRY,
            choices: crate::search::bits(skipped)
                .map(|col| col.to_string())
                .collect(),
        }
    }
}

impl<S: StateView> Sheet for Held<S> {
    fn title(&self) -> String {
        let how = if self.symmetry() {
            "with symmetry"
        } else {
            "full search"
        };
        format!("{}-Queens, {} state, {how}", self.n(), S::NAME)
    }

    fn rules(&self) -> Vec<String> {
        let n = self.n();
        let queens = crate::model::counted(u64::from(n), "queen", "queens");
        let mut parts = vec![Para(format!(
            "Place {queens} on a {n}x{n} board so that no two share a row, column \
             or diagonal. The search fills the rows top to bottom, trying each row's \
             columns in increasing order, and goes back up a row when a row has no \
             legal column left."
        ))];
        parts.extend(S::rules(n));
        if self.symmetry() {
            let centre = if n % 2 == 1 {
                format!("; the centre column {} counts once", n / 2)
            } else {
                String::new()
            };
            parts.push(Item(format!(
                "Symmetry: row 0 searches only columns {} (the others give mirror \
                 images); a solution starting in a column `c < {}` counts twice{centre}.",
                set(self.root_columns()),
                n / 2
            )));
        }
        section("The problem", vec![prose(&parts)])
    }

    fn filling(&self) -> Vec<String> {
        wrap_text(&format!(
            "One row per node, in the order entered; node 1 is the empty board. Each \
             row shows the node on entry: {}; legal is the columns of the next row no \
             queen attacks (`-` on a full board). outcome is what the node does first: \
             the first column placed from it (`place 0`), `dead end` or `solution, \
             weight w`.",
            S::columns_words()
        ))
    }

    fn masks_columns(&self) -> &'static [&'static str] {
        S::STATE_COLUMNS
    }

    fn legal_columns(&self) -> &'static [&'static str] {
        &["legal"]
    }
}

impl<S: StateView> Ask<crate::search::queens_state::StateEvent> for Held<S> {
    fn question(&self, next: &StateEvent, _previous: Option<&StateEvent>) -> Option<Question> {
        let (row, n) = (self.row(), self.n());
        let searchable = self.legal()
            & if row == 0 {
                self.root_columns()
            } else {
                u32::MAX
            };
        let (answer, why) = match *next {
            StateEvent::Place { col, .. } => (
                Answer::Number(u32::from(col)),
                lowest_untried(col, self.legal(), searchable),
            ),
            StateEvent::DeadEnd { .. } => (
                Answer::DeadEnd,
                format!("every column of row {row} is attacked: legal is {{}}"),
            ),
            _ => return None,
        };
        let next_col = match answer {
            Answer::Number(c) => c as u8,
            _ => n,
        };
        let reason = |c: u8| {
            let (by, attackers) = self.reasons(row, c);
            if by.iter().next().is_some() {
                let rows: Vec<String> = crate::search::bits(u32::from(attackers))
                    .map(|i| i.to_string())
                    .collect();
                let from = if S::ATTACKERS {
                    format!(", by row {}", rows.join(" and row "))
                } else {
                    String::new()
                };
                format!("column {c} is attacked ({}{from})", by.words())
            } else if searchable >> c & 1 == 0 {
                format!("column {c} is skipped by symmetry")
            } else if c < next_col {
                format!("column {c} was already tried")
            } else {
                format!("column {c} is legal, but a lower column comes first")
            }
        };
        let dead_end = format!("row {row} still has a legal column not yet tried");
        Some(column_question(row, n, (answer, why), reason, dead_end))
    }
}
