//! The headless presentation of N-Queens by permutations
//! (`queens N --permutations`): JSON lines, words, summary, trace table and
//! worksheet; its predict questions ([`Ask`]) and its screen ([`draw`]).

pub mod draw;

use std::collections::BTreeMap;
use std::fmt;
use std::fmt::Write as _;

use super::queens_board::column_question;
use super::queens_words::{
    cell_fields, describe_dead_end, describe_move, describe_solution, list, reject_fields, set,
};
use crate::model::{Cell, Ending, Json, Report, Summary, write_plain_ending};
use crate::search::queens::{Attack, QueensEvent};
use crate::search::queens_permutations::Permutations;
use crate::search::{Cause, Search};
use crate::ui::predict::{Answer, Ask, Form, Question};
use crate::view::queens::push_mask;
use crate::worksheet::Part::{Item, Para};
use crate::worksheet::{Sheet, prose, section, wrap_text};

impl Report for Permutations {
    fn read_event(&self, fields: &crate::check::field::Fields) -> Option<QueensEvent> {
        crate::view::queens::read_event(fields)
    }

    fn write_fields(&self, event: &QueensEvent, json: &mut Json<'_>) {
        match *event {
            QueensEvent::Place { row, col } | QueensEvent::Undo { row, col } => {
                cell_fields(json, row, col);
            }
            QueensEvent::Reject { row, col, by } => reject_fields(json, row, col, by),
            QueensEvent::DeadEnd { row } => {
                json.uint("row", row);
            }
            QueensEvent::Solution { queens, weight } => {
                json.uints("queens", queens.iter()).uint("weight", weight);
            }
        }
    }

    fn summary(&self) -> Summary {
        Summary::counts(format!("queens {} permutations", self.n()), self.counters())
    }

    fn write_description(&self, event: &QueensEvent, found: u64, out: &mut String) -> fmt::Result {
        match *event {
            QueensEvent::Place { row, col } => describe_move(out, "place", row, col),
            QueensEvent::Undo { row, col } => describe_move(out, "undo", row, col),
            QueensEvent::Reject { row, col, by } if by.contains(Attack::Column) => {
                write!(out, "reject ({row},{col}): column {col} is used")?;
            }
            QueensEvent::Reject { row, col, by } => {
                write!(
                    out,
                    "reject ({row},{col}): the first queen on a diagonal with an \
                     earlier one ("
                )?;
                if by.iter().count() > 1 {
                    out.push_str("both diagonals");
                } else {
                    // One reason: its words, as `by.words()` gives them.
                    by.iter().for_each(|attack| out.push_str(attack.words()));
                }
                out.push(')');
            }
            QueensEvent::DeadEnd { row } => describe_dead_end(out, row, self.n()),
            QueensEvent::Solution { queens, weight } => {
                describe_solution(out, found, queens.iter(), weight)
            }
        }
        Ok(())
    }

    fn trace_column(&self) -> Option<&'static str> {
        Some("state")
    }

    fn write_trace_column(&self, out: &mut String) {
        out.push_str("used=");
        push_mask(out, self.used(), usize::from(self.n()));
    }

    fn trace_column_key(&self) -> Option<u128> {
        // The text is the used columns at a fixed width.
        Some(u128::from(self.used()))
    }

    fn table_header(&self) -> &'static [&'static str] {
        &["node", "prefix", "used", "free", "outcome"]
    }

    fn node_cells(&self) -> Vec<Cell> {
        let free = if self.row() == self.n() {
            Cell::Nothing
        } else {
            set(self.free()).into()
        };
        vec![list(self.queens()).into(), set(self.used()).into(), free]
    }

    fn choice(&self, place: &QueensEvent) -> Option<String> {
        match place {
            QueensEvent::Place { col, .. } => Some(col.to_string()),
            _ => None,
        }
    }

    fn write_ending(&self, ending: &Ending, out: &mut String) {
        match (ending, self.first_conflict()) {
            (Ending::DeadEnd, Some((row, col, by))) => {
                let names: Vec<&str> = by.iter().map(Attack::name).collect();
                let _ = write!(out, "dead end, ({row},{col}) {}", names.join("+"));
            }
            (Ending::Solution { .. }, _) => out.push_str("solution, weight 1"),
            (other, _) => write_plain_ending(other, out),
        }
    }
}

impl Sheet for Permutations {
    fn title(&self) -> String {
        format!("{}-Queens, permutations checked at the end", self.n())
    }

    fn rules(&self) -> Vec<String> {
        let n = self.n();
        let queens = crate::model::counted(u64::from(n), "queen", "queens");
        section(
            "The problem",
            vec![prose(&[
                Para(format!(
                    "Place {queens} on a {n}x{n} board so that no two share a row, \
                     column or diagonal. This search keeps only the rows and columns \
                     apart: it fills the rows top to bottom, trying each row's columns in \
                     increasing order, and skips a column some queen above already uses. \
                     The diagonals are checked only once the board is complete."
                )),
                Item("used: the columns the queens above hold; free: the others.".into()),
                Item(
                    "On a complete board `a`, the first row `j` (from 1) whose queen shares \
                     a diagonal with an earlier row `i` (`a[j] - a[i] == j - i`: high, \
                     `a[i] - a[j] == j - i`: low) is rejected and the board is a dead end; \
                     a board with no such row is a solution of weight 1."
                        .into(),
                ),
                Item("No symmetry: every column of row 0 is searched.".into()),
            ])],
        )
    }

    fn filling(&self) -> Vec<String> {
        wrap_text(
            "One row per node, in the order entered; node 1 is the empty board. Each \
             row shows the node on entry: prefix is the queens' columns row by row, \
             used the columns they hold, free the columns left for the next row (`-` \
             on a complete board). outcome is what the node does first: the first \
             column placed from it (`place 0`), or, on a complete board, `dead end, (j,c) \
             high` naming the first queen found on a diagonal and which, or \
             `solution, weight 1`.",
        )
    }

    fn masks_columns(&self) -> &'static [&'static str] {
        &["used"]
    }

    fn legal_columns(&self) -> &'static [&'static str] {
        &["free"]
    }
}

impl Ask<crate::search::QueensEvent> for Permutations {
    fn question(&self, next: &QueensEvent, _previous: Option<&QueensEvent>) -> Option<Question> {
        let (row, n) = (self.row(), self.n());
        if row == n {
            return self.board_question(next);
        }
        let QueensEvent::Place { col, .. } = *next else {
            return None;
        };
        let why = format!(
            "column {col} is the lowest unused column not yet tried (free {})",
            set(self.free())
        );
        let reason = |c: u8| {
            if self.used() >> c & 1 == 1 {
                format!("column {c} is used by a queen above")
            } else if c < col {
                format!("column {c} was already tried")
            } else {
                format!("column {c} is free, but a lower column comes first")
            }
        };
        let dead_end = format!(
            "row {row} still has a free column: only a complete board can be a dead end here"
        );
        Some(column_question(
            row,
            n,
            (Answer::Number(u32::from(col)), why),
            reason,
            dead_end,
        ))
    }
}

impl Permutations {
    /// On a complete board: solution, or a dead end by a diagonal?
    fn board_question(&self, next: &QueensEvent) -> Option<Question> {
        const NAMES: &[&str] = &["solution", "dead end"];
        let (answer, why) = match (next, self.first_conflict()) {
            (QueensEvent::Solution { .. }, _) => (
                NAMES[0],
                "no queen shares a diagonal with a queen above it".to_string(),
            ),
            (QueensEvent::DeadEnd { .. }, Some((j, c, by))) => (
                NAMES[1],
                format!(
                    "row {j}'s queen at column {c} is on the {} of a queen above",
                    by.words()
                ),
            ),
            _ => return None,
        };
        let other = NAMES[usize::from(answer == NAMES[0])];
        let mut wrong = BTreeMap::new();
        wrong.insert(
            Answer::Name(other),
            format!("the diagonals decide, and they say {answer}"),
        );
        Some(Question {
            prompt: format!(
                "The board {} is complete: a solution, or a dead end (two queens on a diagonal)?",
                list(self.queens())
            ),
            hint: "s for solution, d for dead end".into(),
            answer: Answer::Name(answer),
            why,
            wrong,
            form: Form::Name(NAMES),
            then: None,
        })
    }
}
