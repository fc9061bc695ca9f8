//! Sudoku as exact cover (`--order dlx`): its JSON fields, words, summary
//! and trace table ([`Report`]), its worksheet ([`Sheet`]), its predict
//! questions ([`Ask`]) and its screen ([`draw`]).

pub mod draw;

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};

use crate::model::{Cell, Ending, Json, Report, Summary, write_plain_ending};
use crate::search::Search;
use crate::search::sudoku_dlx::{CAP, DlxEvent, SudokuDlx};
use crate::ui::predict::{Answer, Ask, Form, Question};
use crate::view::sudoku::{givens_drawing, result_summary, write_result_done};
use crate::view::text::push_numbered_solution;
use crate::worksheet::Sheet;

impl SudokuDlx {
    /// An item's name (`p01`, `r03`, ...).
    fn item_name(&self, item: u16) -> &str {
        &self.items()[usize::from(item)]
    }

    /// An item in words: `cell (0,1)`, `a 3 in row 0`, `a 3 in column 2`,
    /// `a 3 in box 1`.
    pub fn item_words(&self, item: u16) -> String {
        let n = usize::from(self.geometry().size);
        let item = usize::from(item);
        let (block, rest) = (item / (n * n), item % (n * n));
        let (unit, d) = (rest / n, rest % n + 1);
        match block {
            0 => format!("cell ({unit},{})", rest % n),
            1 => format!("a {d} in row {unit}"),
            2 => format!("a {d} in column {unit}"),
            _ => format!("a {d} in box {unit}"),
        }
    }
}

impl Report for SudokuDlx {
    fn position_fields(&self) -> &'static [&'static str] {
        &["row", "col", "digit"]
    }

    fn write_fields(&self, event: &DlxEvent, json: &mut Json<'_>) {
        match *event {
            DlxEvent::Place {
                row,
                col,
                digit,
                item,
            } => {
                json.uint("row", row)
                    .uint("col", col)
                    .uint("digit", digit)
                    .str("item", self.item_name(item));
            }
            DlxEvent::Undo { row, col, digit } => {
                json.uint("row", row).uint("col", col).uint("digit", digit);
            }
            DlxEvent::DeadEnd { item } => {
                json.str("item", self.item_name(item));
            }
            DlxEvent::Solution { count } => {
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
        json.uint("updates", self.updates());
    }

    fn summary(&self) -> Summary {
        let (count, nodes) = (self.solution_count(), self.counters().nodes);
        result_summary(
            count,
            nodes,
            Some(("updates", self.updates())),
            self.solution_rows(),
        )
    }

    fn write_description(&self, event: &DlxEvent, _found: u64, out: &mut String) -> fmt::Result {
        match *event {
            DlxEvent::Place {
                row,
                col,
                digit,
                item,
            } => write!(
                out,
                "place {digit} at ({row},{col}) to cover {} ({})",
                self.item_name(item),
                self.item_words(item)
            ),
            DlxEvent::DeadEnd { item } => write!(
                out,
                "dead end: {} ({}) has no option left",
                self.item_name(item),
                self.item_words(item)
            ),
            DlxEvent::Undo { row, col, digit } => write!(out, "undo {digit} at ({row},{col})"),
            DlxEvent::Solution { count } if count >= CAP => {
                write!(out, "solution #{count}: not unique, the search stops")
            }
            DlxEvent::Solution { count } => write!(out, "solution #{count}"),
        }
    }

    fn table_header(&self) -> &'static [&'static str] {
        &["node", "item", "options left", "outcome"]
    }

    fn node_cells(&self) -> Vec<Cell> {
        match self.deciding() {
            Some((item, options)) => {
                let options: Vec<String> = options
                    .iter()
                    .map(|(row, col, digit)| format!("({row},{col})={digit}"))
                    .collect();
                vec![
                    self.item_name(item).to_string().into(),
                    format!("{{{}}}", options.join(",")).into(),
                ]
            }
            None => vec![Cell::Nothing, Cell::Nothing],
        }
    }

    fn choice(&self, place: &DlxEvent) -> Option<String> {
        match *place {
            DlxEvent::Place {
                row, col, digit, ..
            } => Some(format!("({row},{col})={digit}")),
            _ => None,
        }
    }

    fn write_ending(&self, ending: &Ending, out: &mut String) {
        match *ending {
            Ending::Solution { number, stops, .. } => push_numbered_solution(out, number, stops),
            other => write_plain_ending(&other, out),
        }
    }
}

impl Sheet for SudokuDlx {
    fn title(&self) -> String {
        let size = self.geometry().size;
        format!("Sudoku {size}x{size}, exact cover (dancing links)")
    }

    fn rules(&self) -> Vec<String> {
        let g = self.geometry();
        let (size, b) = (usize::from(g.size), usize::from(g.box_size));
        let mut lines = vec![
            "## The problem".to_string(),
            String::new(),
            format!("Fill the blanks so that every row, column and {b}x{b} box holds"),
            format!("each digit 1 to {size} once. The givens (`.` is a blank; rows and"),
            "columns are numbered from 0):".into(),
            String::new(),
        ];
        lines.extend(givens_drawing(self.givens(), size, b));
        lines.extend([
            String::new(),
            "- As exact cover: items `p{r}{c}` (the cell is filled), `r{r}{d}`,".into(),
            "  `c{c}{d}` and `b{b}{d}` (the row, column or box holds d), in that".into(),
            "  order. Each option writes one digit d at (r,c) and covers".into(),
            "  `p r c b`. A given has one option, a blank one per digit.".into(),
            "- Algorithm X chooses the item with the fewest options left (the".into(),
            "  first in that order on ties), so the givens come first, one node".into(),
            "  each; an item with no option left is a dead end.".into(),
            format!("- The count is capped at {CAP}: the search stops at solution #{CAP}."),
        ]);
        lines
    }

    fn filling(&self) -> Vec<String> {
        vec![
            "One row per node, in the order entered; node 1 is the root. item is".into(),
            "the item the node chooses and options left its options, each as".into(),
            "`(row,col)=digit` (both `-` on a full grid). outcome is what the".into(),
            "node does first: the first option placed (`place (0,1)=2`), or".into(),
            format!("`dead end` or `solution #k` (`solution #{CAP}, stop` at the cap)."),
        ]
    }

    fn masks_columns(&self) -> &'static [&'static str] {
        &["item"]
    }

    fn legal_columns(&self) -> &'static [&'static str] {
        &["options left"]
    }
}

impl Ask<crate::search::sudoku_dlx::DlxEvent> for SudokuDlx {
    fn question(&self, next: &DlxEvent, previous: Option<&DlxEvent>) -> Option<Question> {
        let (chosen, options) = self.deciding()?;
        let n = usize::from(self.geometry().size);
        let name = |i: u16| self.items()[usize::from(i)].clone();
        let is_cell = usize::from(chosen) < n * n;
        let option_question = |(row, col, digit): (u8, u8, u8)| {
            let at = options
                .iter()
                .position(|&p| p == (row, col, digit))
                .unwrap_or(0);
            let mut wrong = BTreeMap::new();
            for (k, &(r, c, d)) in options.iter().enumerate() {
                let key = if is_cell {
                    Answer::Number(u32::from(d))
                } else {
                    Answer::Cell(r, c)
                };
                let reason = if k < at {
                    format!("({r},{c})={d} was already tried")
                } else {
                    format!("({r},{c})={d} comes later in the item's column")
                };
                wrong.insert(key, reason);
            }
            let (prompt, hint, answer, form) = if is_cell {
                (
                    format!("Which digit goes into ({row},{col}) next?"),
                    format!("a digit 1-{n}"),
                    Answer::Number(u32::from(digit)),
                    Form::Digit,
                )
            } else {
                (
                    format!("Where does the {digit} for {} go next?", name(chosen)),
                    "a cell as row,col (0-based)".to_string(),
                    Answer::Cell(row, col),
                    Form::Cell,
                )
            };
            Question {
                prompt,
                hint,
                answer,
                why: format!(
                    "options are tried top to bottom in {}'s column: ({row},{col})={digit} is next",
                    name(chosen)
                ),
                wrong,
                form,
                then: None,
            }
        };
        let (why, then) = match *next {
            DlxEvent::Place {
                row, col, digit, ..
            } => {
                if matches!(previous, Some(DlxEvent::Undo { .. })) {
                    return Some(option_question((row, col, digit)));
                }
                (
                    format!(
                        "{} ({}) has the fewest options left ({}), first on ties",
                        name(chosen),
                        self.item_words(chosen),
                        options.len()
                    ),
                    Some(Box::new(option_question((row, col, digit)))),
                )
            }
            DlxEvent::DeadEnd { .. } => (
                format!(
                    "{} ({}) has no option left: a dead end",
                    name(chosen),
                    self.item_words(chosen)
                ),
                None,
            ),
            _ => return None,
        };
        let lens = self.lens();
        let mut wrong = BTreeMap::new();
        for header in self.links().active() {
            let i = (header - 1) as u16;
            let len = lens[usize::from(i)];
            wrong.insert(
                Answer::Word(name(i)),
                format!(
                    "{} ({}) has {} left",
                    name(i),
                    self.item_words(i),
                    crate::model::counted(len as u64, "option", "options")
                ),
            );
        }
        Some(Question {
            prompt: "Which item is chosen next?".into(),
            hint: "an item as written: p01 (cell), r03, c03, b03 (digit 3 in a unit)".into(),
            answer: Answer::Word(name(chosen)),
            why,
            wrong,
            form: Form::Word,
            then,
        })
    }
}
