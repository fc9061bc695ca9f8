//! How the propagating Sudoku search speaks: JSON lines, summary, trace
//! words and trace table ([`Report`]), and its worksheet ([`Sheet`]).
//!
//! The trace table has one row per `place`, since the shared table opens a
//! row on every `place` event: the root (the givens), each forced place and
//! each guess. A row names the cell written, the cell's candidates just
//! before (a naked single's one digit, a hidden single's several), what
//! placed it, and what came next. Read top to bottom, the rows replay the
//! trail as it grows.

pub mod draw;

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};

use crate::model::{self, Cell, Ending, Json, Report, Summary, write_plain_ending};
use crate::search::sudoku::{CAP, format_digits};
use crate::search::sudoku_propagate::{Forced, Placed, Propagate, PropagateEvent};
use crate::search::{Cause, Search};
use crate::ui::predict::{Answer, Ask, Form, Question};
use crate::view::sudoku::{givens_drawing, result_summary, write_result_done};
use crate::view::text::push_numbered_solution;
use crate::worksheet::Part::Item;
use crate::worksheet::{Sheet, prose, section, wrap_text};

impl Report for Propagate {
    fn position_fields(&self) -> &'static [&'static str] {
        &["row", "col", "digit"]
    }

    fn write_fields(&self, event: &PropagateEvent, json: &mut Json<'_>) {
        match *event {
            PropagateEvent::Place {
                row,
                col,
                digit,
                forced,
            } => {
                json.uint("row", row).uint("col", col).uint("digit", digit);
                if let Some(forced) = forced {
                    json.name("forced", forced.name());
                    if let Some(unit) = forced.unit() {
                        json.display("unit", unit);
                    }
                }
            }
            PropagateEvent::Reject {
                row,
                col,
                digit,
                by,
            } => {
                json.uint("row", row)
                    .uint("col", col)
                    .uint("digit", digit)
                    .names("by", by.iter().map(Cause::name));
            }
            PropagateEvent::DeadEnd { row, col } => {
                json.uint("row", row).uint("col", col);
            }
            PropagateEvent::Missing { unit, digit } => {
                json.display("unit", unit).uint("digit", digit);
            }
            PropagateEvent::Undo {
                row, col, digit, ..
            } => {
                json.uint("row", row).uint("col", col).uint("digit", digit);
            }
            PropagateEvent::Solution { count } => {
                json.uint("count", count);
            }
        }
    }

    fn write_done(&self, json: &mut Json<'_>) {
        write_result_done(
            json,
            self.solution_count(),
            self.counters().nodes,
            &self.solution_rows(),
        );
        json.uint("forced", self.forced());
    }

    fn summary(&self) -> Summary {
        let (count, nodes) = (self.solution_count(), self.counters().nodes);
        result_summary(
            count,
            nodes,
            Some(("forced", self.forced())),
            self.solution_rows(),
        )
    }

    fn write_description(
        &self,
        event: &PropagateEvent,
        _found: u64,
        out: &mut String,
    ) -> fmt::Result {
        match *event {
            PropagateEvent::Place {
                row,
                col,
                digit,
                forced: None,
            } => write!(out, "guess {digit} at ({row},{col})"),
            PropagateEvent::Place {
                row,
                col,
                digit,
                forced: Some(Forced::Naked),
            } => write!(
                out,
                "place {digit} at ({row},{col}), forced: its only candidate (naked single)"
            ),
            PropagateEvent::Place {
                row,
                col,
                digit,
                forced: Some(Forced::Hidden(unit)),
            } => write!(
                out,
                "place {digit} at ({row},{col}), forced: the only place for {digit} in {unit} (hidden single)"
            ),
            PropagateEvent::Reject {
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
            PropagateEvent::DeadEnd { row, col } => {
                write!(out, "dead end at ({row},{col}): no candidate left")
            }
            PropagateEvent::Missing { unit, digit } => {
                write!(out, "dead end: {digit} has no place left in {unit}")
            }
            PropagateEvent::Undo {
                row, col, digit, ..
            } => {
                write!(out, "undo {digit} at ({row},{col})")
            }
            PropagateEvent::Solution { count } if count >= CAP => {
                write!(out, "solution #{count}: not unique, the search stops")
            }
            PropagateEvent::Solution { count } => write!(out, "solution #{count}"),
        }
    }

    fn table_header(&self) -> &'static [&'static str] {
        &["node", "guess", "candidates", "outcome"]
    }

    fn node_step(&self, event: &PropagateEvent) -> bool {
        // A node is the root or a guess: forced places and their undos
        // happen inside the node that forced them.
        !matches!(
            event,
            PropagateEvent::Place {
                forced: Some(_),
                ..
            } | PropagateEvent::Undo { guess: false, .. }
        )
    }

    fn node_depth(&self) -> usize {
        self.guesses()
    }

    fn node_cells(&self) -> Vec<Cell> {
        match self.trail().iter().rev().find(|p| p.forced.is_none()) {
            Some(placed) => {
                let (row, col) = self.coords(usize::from(placed.cell));
                vec![
                    format!("({row},{col})={}", placed.digit).into(),
                    format_digits(self.candidates_before(placed)).into(),
                ]
            }
            None => vec![Cell::Text("- (the givens)".into()), Cell::Nothing],
        }
    }

    fn choice(&self, place: &PropagateEvent) -> Option<String> {
        match *place {
            // A forced place enters no node of its own.
            PropagateEvent::Place {
                row,
                col,
                digit,
                forced: None,
            } => Some(format!("({row},{col})={digit}")),
            _ => None,
        }
    }

    fn write_placed(&self, placed: &model::Placed, out: &mut String) {
        // Said by the node the guess leaves from, as its ending says them:
        // the places it forced first, then the guess.
        let forced = self.forced_at(self.guesses().saturating_sub(1));
        if !forced.is_empty() {
            out.push_str(&forced);
            out.push_str("; ");
        }
        out.push_str("place ");
        out.push_str(&placed.choice);
    }

    fn write_ending(&self, ending: &Ending, out: &mut String) {
        // Written when the event comes: the trail still holds what the
        // node forced, and the grid shows why it ended.
        let forced = self.forced_at(self.guesses());
        if !forced.is_empty() {
            out.push_str(&forced);
            out.push_str("; ");
        }
        match (ending, self.stuck()) {
            (Ending::DeadEnd, Some(PropagateEvent::DeadEnd { row, col })) => {
                let _ = write!(out, "dead end: ({row},{col}) has no candidate");
            }
            (Ending::DeadEnd, Some(PropagateEvent::Missing { unit, digit })) => {
                let _ = write!(out, "dead end: no place for {digit} in {unit}");
            }
            (Ending::Solution { number, stops, .. }, _) => {
                push_numbered_solution(out, *number, *stops)
            }
            (other, _) => write_plain_ending(other, out),
        }
    }
}

impl Propagate {
    /// How many guesses are open: the depth in nodes.
    pub fn guesses(&self) -> usize {
        self.trail().iter().filter(|p| p.forced.is_none()).count()
    }

    /// The places forced in the node `level` guesses deep, as the table
    /// says them: `forced (0,1)=2 naked, (2,2)=4 hidden in box 3`; empty
    /// when there are none.
    fn forced_at(&self, level: usize) -> String {
        let entries: Vec<String> = self
            .trail()
            .iter()
            .filter(|p| p.forced.is_some() && usize::from(p.guess) == level)
            .map(|p| {
                let (row, col) = self.coords(usize::from(p.cell));
                let why = match p.forced {
                    Some(Forced::Hidden(unit)) => format!("hidden in {unit}"),
                    _ => "naked".to_string(),
                };
                format!("({row},{col})={} {why}", p.digit)
            })
            .collect();
        if entries.is_empty() {
            String::new()
        } else {
            format!("forced {}", entries.join(", "))
        }
    }

    /// The candidates the trail entry's cell had just before it was
    /// written: its digit is in its units only because of the cell itself.
    fn candidates_before(&self, placed: &Placed) -> u16 {
        let cell = usize::from(placed.cell);
        let held = self.geometry().all_digits() & !self.units_holding(cell);
        held | 1 << (placed.digit - 1)
    }

    /// The digits held by a cell's row, column and box together.
    fn units_holding(&self, cell: usize) -> u16 {
        let g = self.geometry();
        let size = usize::from(g.size);
        let (row, col) = self.coords(cell);
        let (row, col) = (usize::from(row), usize::from(col));
        let b = usize::from(g.box_size);
        let grid = self.grid();
        let mut held = 0u16;
        for k in 0..size {
            let others = [
                row * size + k,
                k * size + col,
                (row / b * b + k / b) * size + (col / b * b + k % b),
            ];
            for idx in others {
                if grid[idx] != 0 {
                    held |= 1 << (grid[idx] - 1);
                }
            }
        }
        held
    }
}

impl Sheet for Propagate {
    fn title(&self) -> String {
        let size = self.geometry().size;
        format!("Sudoku {size}x{size}, propagation with an undo trail")
    }

    fn rules(&self) -> Vec<String> {
        let g = self.geometry();
        let (size, b) = (usize::from(g.size), usize::from(g.box_size));
        let intro = format!(
            "Fill the blanks so that every row, every column and every {b}x{b} box \
             holds each digit 1 to {size} once. The givens (`.` is a blank; rows \
             and columns are numbered from 0):"
        );
        let lines = givens_drawing(self.givens(), size, b);
        let items = [
            Item(
                "A blank's candidates are the digits not yet in its row, its column \
                 or its box."
                    .into(),
            ),
            Item(
                "Entering a node (the start, or after a guess), repeat until nothing \
                 is forced: the first blank (row by row) with no candidate is a dead \
                 end; else the first blank with one candidate gets it (naked single); \
                 else, looking at rows 0.., then columns 0.., then boxes 0.., and in \
                 each at the digits it lacks in increasing order, the first digit that \
                 fits in no blank of the unit is a dead end, and the first that fits in \
                 one blank only goes there (hidden single)."
                    .into(),
            ),
            Item(
                "Nothing forced and no blank left: a solution. Otherwise guess: the \
                 blank with the fewest candidates (the first on ties), its digits in \
                 increasing order, each guess entering a new node."
                    .into(),
            ),
            Item(
                "Every digit written goes on a trail; when a node ends, its forced \
                 digits are erased, the last first, then its guess."
                    .into(),
            ),
            Item(format!(
                "The solution count is capped at {CAP}: the search stops at solution \
                 #{CAP}, erasing every digit still on the trail."
            )),
        ];
        section("The problem", vec![wrap_text(&intro), lines, prose(&items)])
    }

    fn filling(&self) -> Vec<String> {
        wrap_text(
            "One row per node, in the order entered: row 1 is the puzzle as given, \
             every other row a guess. guess is the digit guessed and its cell, as \
             (row,col)=digit; candidates are that cell's candidates just before. \
             outcome is what the node did: the digits it forced, in order \
             (`(0,1)=2 naked`, `(2,2)=4 hidden in box 3`), then its first guess \
             (`guess 3 at (0,2)`), or how it ended (`dead end: ...`, `solution #k`).",
        )
    }

    fn masks_columns(&self) -> &'static [&'static str] {
        &["candidates"]
    }

    fn legal_columns(&self) -> &'static [&'static str] {
        &["guess"]
    }
}

impl Ask<crate::search::sudoku_propagate::PropagateEvent> for Propagate {
    /// Before a digit is written: which cell, then which digit, and why
    /// (forced, or a guess); before a dead end: that it is one.
    fn question(
        &self,
        next: &PropagateEvent,
        _previous: Option<&PropagateEvent>,
    ) -> Option<Question> {
        let (row, col, digit, why) = match *next {
            PropagateEvent::Place {
                row,
                col,
                digit,
                forced,
            } => {
                let why = match forced {
                    Some(Forced::Naked) => format!(
                        "({row},{col}) is the first blank, row by row, with one candidate: a naked single"
                    ),
                    Some(Forced::Hidden(unit)) => format!(
                        "no blank has one candidate, and {digit} fits in one blank only of {unit}: a hidden single"
                    ),
                    None => format!(
                        "nothing is forced: ({row},{col}) has the fewest candidates, so it is guessed"
                    ),
                };
                (row, col, digit, why)
            }
            PropagateEvent::DeadEnd { row, col } => {
                return Some(dead_end_question(format!(
                    "({row},{col}) has no candidate left"
                )));
            }
            PropagateEvent::Missing { unit, digit } => {
                return Some(dead_end_question(format!(
                    "{digit} fits in no blank of {unit}"
                )));
            }
            _ => return None,
        };
        let digit_question = Question {
            prompt: format!("Which digit goes into ({row},{col})?"),
            hint: format!("a digit 1-{}", self.geometry().size),
            answer: Answer::Number(u32::from(digit)),
            why: format!(
                "{digit} is the digit the rule gives (candidates of ({row},{col}): {})",
                format_digits(self.candidates(
                    usize::from(row) * usize::from(self.geometry().size) + usize::from(col)
                ))
            ),
            wrong: BTreeMap::new(),
            form: Form::Digit,
            then: None,
        };
        Some(Question {
            prompt: "Which cell gets a digit next (r,c)? Or is it a dead end (d)?".into(),
            hint: "a cell as r,c, or d for a dead end".into(),
            answer: Answer::Cell(row, col),
            why,
            wrong: BTreeMap::from([(
                Answer::DeadEnd,
                "every blank still has a candidate and every digit a place".to_string(),
            )]),
            form: Form::Cell,
            then: Some(Box::new(digit_question)),
        })
    }
}

/// The question before a dead end: the answer is `d`.
fn dead_end_question(why: String) -> Question {
    Question {
        prompt: "Which cell gets a digit next (r,c)? Or is it a dead end (d)?".into(),
        hint: "a cell as r,c, or d for a dead end".into(),
        answer: Answer::DeadEnd,
        why,
        wrong: BTreeMap::new(),
        form: Form::Cell,
        then: None,
    }
}
