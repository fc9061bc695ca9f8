//! Sudoku's presentation: its words, JSON fields and trace table
//! ([`Report`]), its worksheet ([`Sheet`]), its predict questions ([`Ask`])
//! and its screen ([`draw`]: the grid, the unit masks, the algorithm steps).

pub mod command;
pub mod draw;

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};

use crate::model::{Cell, Ending, Json, Report, Summary, write_plain_ending};
use crate::parting::Parting;
use crate::search::sudoku::{
    CAP, FirstSolution, Order, Rules, Sudoku, SudokuEvent, digit_rows, format_digits,
};
use crate::search::{Cause, Search};
use crate::ui::predict::{Answer, Ask, Form, Question};
use crate::worksheet::Part::Item;
use crate::worksheet::{Sheet, prose, section, wrap_text};

/// The `done` fields every Sudoku order shares: the count (capped), the
/// nodes and the first solution's grid; an order adds its own counter after.
pub(crate) fn write_result_done(json: &mut Json<'_>, count: u32, nodes: u64, rows: &[String]) {
    json.uint("count", count)
        .uint("nodes", nodes)
        .strs("grid", rows.iter().map(String::as_str));
}

/// The summary every Sudoku order shares, `sudoku: solutions capped at
/// 2=1, nodes=9` (with an order's own counter after, `, forced=8`), then
/// the first solution's rows.
pub(crate) fn result_summary(
    count: u32,
    nodes: u64,
    extra: Option<(&str, u64)>,
    rows: Vec<String>,
) -> Summary {
    let mut result = format!("solutions capped at {CAP}={count}, nodes={nodes}");
    if let Some((name, value)) = extra {
        result.push_str(&format!(", {name}={value}"));
    }
    Summary::new("sudoku", result).with_rest(rows)
}

impl<R: Rules> Report for Sudoku<R> {
    fn read_event(&self, fields: &crate::check::field::Fields) -> Option<SudokuEvent> {
        use crate::check::field::{causes, uint};
        let (row, col, digit) = (
            || uint::<u8>(fields, "row"),
            || uint::<u8>(fields, "col"),
            || uint::<u8>(fields, "digit"),
        );
        Some(match fields.get("event")?.as_str()? {
            "place" => SudokuEvent::Place {
                row: row()?,
                col: col()?,
                digit: digit()?,
            },
            "undo" => SudokuEvent::Undo {
                row: row()?,
                col: col()?,
                digit: digit()?,
            },
            "reject" => SudokuEvent::Reject {
                row: row()?,
                col: col()?,
                digit: digit()?,
                by: causes(fields, "by")?,
            },
            "dead-end" => SudokuEvent::DeadEnd {
                row: row()?,
                col: col()?,
            },
            "solution" => SudokuEvent::Solution {
                count: uint(fields, "count")?,
            },
            _ => return None,
        })
    }

    fn position_fields(&self) -> &'static [&'static str] {
        &["row", "col", "digit"]
    }

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
        write_result_done(
            json,
            self.solution_count(),
            self.counters().nodes,
            &self.solution_rows(),
        );
    }

    fn summary(&self) -> Summary {
        let (count, nodes) = (self.solution_count(), self.counters().nodes);
        match (R::BUG, R::CAP) {
            (None, Some(CAP)) => result_summary(count, nodes, None, self.solution_rows()),
            (None, cap) => {
                let cap = cap.map_or("never".to_string(), |c| c.to_string());
                Summary::new(
                    "sudoku",
                    format!("solutions capped at {cap}={count}, nodes={nodes}"),
                )
                .with_rest(self.solution_rows())
            }
            // A bug keeps no solution: what it hands back is its board.
            (Some(bug), _) => Summary::new(
                format!("sudoku{}", crate::model::bug_label(Some(bug))),
                format!(
                    "solutions passed={count}, nodes={nodes}, kept none; its board comes \
                         back as:"
                ),
            )
            .with_rest(self.grid_rows()),
        }
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
            SudokuEvent::Solution { count } if R::CAP == Some(1) => {
                write!(out, "solution #{count}: the search stops and keeps it")
            }
            SudokuEvent::Solution { count } if R::CAP.is_some_and(|cap| *count >= cap) => {
                write!(out, "solution #{count}: not unique, the search stops")
            }
            SudokuEvent::Solution { count } => write!(out, "solution #{count}"),
        }
    }

    fn table_header(&self) -> &'static [&'static str] {
        &["node", "cell", "candidates", "outcome"]
    }

    fn node_cells(&self) -> Vec<Cell> {
        match self.deciding() {
            Some((cell, candidates)) => {
                let (row, col) = self.geometry().coords(cell);
                vec![
                    format!("({row},{col})").into(),
                    format_digits(candidates).into(),
                ]
            }
            None => vec![Cell::Nothing, Cell::Nothing],
        }
    }

    fn choice(&self, place: &SudokuEvent) -> Option<String> {
        match place {
            SudokuEvent::Place { row, col, digit } => Some(format!("({row},{col})={digit}")),
            _ => None,
        }
    }

    fn write_ending(&self, ending: &Ending, out: &mut String) {
        match ending {
            // `solution #2`, `solution #2, stop` at the cap.
            Ending::Solution { number, stops, .. } => {
                let _ = write!(out, "solution #{number}");
                if *stops {
                    out.push_str(", stop");
                }
            }
            other => write_plain_ending(other, out),
        }
    }
}

impl<R: Rules> Sudoku<R> {
    /// The working grid's rows as strings, `.` for a blank.
    pub fn grid_rows(&self) -> Vec<String> {
        let size = self.geometry().size as usize;
        digit_rows(self.grid(), size)
    }

    /// The rows of the first solution as strings (none before it is found).
    pub fn solution_rows(&self) -> Vec<String> {
        let size = self.geometry().size as usize;
        self.first_solution()
            .map(|grid| digit_rows(grid, size))
            .unwrap_or_default()
    }
}

/// The givens drawn for a worksheet, indented as Markdown code: `.` for a
/// blank, `|` between boxes, `-+-` rules between bands of boxes.
pub(crate) fn givens_drawing(givens: &[u8], size: usize, b: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for (r, row) in givens.chunks(size).enumerate() {
        if r > 0 && r % b == 0 {
            let dashes = vec!["-".repeat(2 * b - 1); size / b];
            lines.push(format!("    {}", dashes.join("-+-")));
        }
        let boxes: Vec<String> = row
            .chunks(b)
            .map(|cells| {
                let digits: Vec<String> = cells
                    .iter()
                    .map(|&d| match d {
                        0 => ".".to_string(),
                        d => d.to_string(),
                    })
                    .collect();
                digits.join(" ")
            })
            .collect();
        lines.push(format!("    {}", boxes.join(" | ")));
    }
    lines
}

impl<R: Rules> Sheet for Sudoku<R> {
    fn title(&self) -> String {
        let size = self.geometry().size;
        let order = match self.options().order {
            Order::Mrv => "MRV",
            Order::First => "first blank",
        };
        format!("Sudoku {size}x{size}, {order}")
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
        let choose = match self.options().order {
            Order::Mrv => {
                "Each node decides one blank by MRV (minimum remaining values): it \
                 scans the blanks row by row; the first blank with no candidate makes \
                 the node a dead end (every digit is rejected there); otherwise it \
                 takes the blank with the fewest candidates, the first one on ties."
            }
            Order::First => {
                "Each node decides the first blank in row-major order, without \
                 looking at the others; if it has no candidate, the node is a dead end."
            }
        };
        let items = [
            Item(
                "A blank's candidates are the digits not yet in its row, its column \
                 or its box."
                    .into(),
            ),
            Item(choose.into()),
            Item(
                "The candidates are tried in increasing order, each place entering a \
                 new node; the root and full grids are nodes too."
                    .into(),
            ),
            Item(format!(
                "The solution count is capped at {CAP}: the search stops at solution \
                 #{CAP}, since two solutions already show the puzzle is not unique."
            )),
        ];
        section("The problem", vec![wrap_text(&intro), lines, prose(&items)])
    }

    fn filling(&self) -> Vec<String> {
        wrap_text(&format!(
            "One row per node, in the order entered; node 1 is the puzzle as given. \
             cell is the blank the node decides, as (row,col), and candidates its \
             candidates as a set (`{{}}` for none); both are `-` on a full grid. \
             outcome is what the node does first: the first digit placed from it \
             (`place 2`; later digits show as the rows of its other children), or \
             `dead end` or `solution #k` (`solution #{CAP}, stop` at the cap)."
        ))
    }

    fn masks_columns(&self) -> &'static [&'static str] {
        // MRV's pick is worked out from every blank's candidates, as the
        // queens' legal set is worked out from the masks: so the cell plays
        // the masks' part, and its candidates are the legal choices.
        &["cell"]
    }

    fn legal_columns(&self) -> &'static [&'static str] {
        &["candidates"]
    }
}

impl<R: Rules> Ask<crate::search::SudokuEvent> for Sudoku<R> {
    fn question(&self, next: &SudokuEvent, previous: Option<&SudokuEvent>) -> Option<Question> {
        let g = self.geometry();
        let (cell, candidates) = self.deciding()?;
        let (row, col) = g.coords(cell);
        let digit_question = |digit: u8| {
            let mut wrong = BTreeMap::new();
            for d in 1..=g.size {
                let reason = if candidates >> (d - 1) & 1 == 0 {
                    format!("{d} is already in the cell's row, column or box")
                } else if d < digit {
                    format!("{d} was already tried")
                } else {
                    format!("{d} is a candidate, but digits are tried in increasing order")
                };
                wrong.insert(Answer::Number(u32::from(d)), reason);
            }
            Question {
                prompt: format!("Which digit goes into ({row},{col}) next?"),
                hint: format!("a digit 1-{}", g.size),
                answer: Answer::Number(u32::from(digit)),
                why: format!(
                    "{digit} is the lowest candidate not yet tried (candidates {})",
                    format_digits(candidates)
                ),
                wrong,
                form: Form::Digit,
                then: None,
            }
        };
        let (answer, why, then) = match next {
            SudokuEvent::Place { digit, .. } => {
                // After an undo the node tries its next digit in the same
                // cell, so only the digit is worth asking.
                if matches!(previous, Some(SudokuEvent::Undo { .. })) {
                    return Some(digit_question(*digit));
                }
                let why = match self.options().order {
                    Order::Mrv => format!(
                        "MRV picks ({row},{col}): {}, the fewest, first in row order",
                        candidates_text(candidates.count_ones())
                    ),
                    Order::First => {
                        format!("({row},{col}) is the first blank in row order")
                    }
                };
                (
                    Answer::Cell(row, col),
                    why,
                    Some(Box::new(digit_question(*digit))),
                )
            }
            SudokuEvent::DeadEnd { .. } => (
                Answer::DeadEnd,
                format!("({row},{col}) has no candidate left: a contradiction"),
                None,
            ),
            _ => return None,
        };
        let mut wrong = BTreeMap::new();
        for idx in (0..self.grid().len()).filter(|&i| self.grid()[i] == 0) {
            let (r, c) = g.coords(idx);
            let n = self.candidates(idx).count_ones();
            wrong.insert(
                Answer::Cell(r, c),
                format!("({r},{c}) has {}", candidates_text(n)),
            );
        }
        wrong.insert(Answer::DeadEnd, "every blank still has a candidate".into());
        Some(Question {
            prompt: "Which cell is decided next? Or is it a dead end?".into(),
            hint: "a cell as row,col (0-based), or d for a dead end".into(),
            answer,
            why,
            wrong,
            form: Form::Cell,
            then,
        })
    }
}

/// `1 candidate`, `3 candidates`.
fn candidates_text(n: u32) -> String {
    if n == 1 {
        "1 candidate".into()
    } else {
        format!("{n} candidates")
    }
}

/// What a Sudoku bug did where it first parts from the correct search
/// (the bug lab), in one sentence.
pub fn explain<R: Rules>(p: &Parting<Sudoku<FirstSolution>, Sudoku<R>>) -> String {
    let solved = p.right_search.solution_count() > 0;
    match (p.left, p.right) {
        (Some(SudokuEvent::Undo { .. }), Some(_)) if solved => {
            let undone = p.left_search.counters().depth;
            let went_on = p.right_said();
            format!(
                "The board was solved: the correct search stops and keeps it (closing its {} \
                 open places), but the bug ignores the answer and goes on ({went_on}); each \
                 undo on its way out empties the solved board.",
                undone + 1
            )
        }
        _ => p.plainly(),
    }
}
