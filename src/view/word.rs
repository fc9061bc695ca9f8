//! Word Search's presentation: its words, JSON fields and trace table
//! ([`Report`]), its worksheet ([`Sheet`]), its predict questions ([`Ask`])
//! and its screen ([`draw`]: the grid, the path, the algorithm steps).

pub mod command;
pub mod draw;

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};

use crate::model::{Cell, Ending, Json, Report, Summary, write_plain_ending};
use crate::parting::Parting;
use crate::search::Search;
use crate::search::word::{DIRECTIONS, Reason, Rules, WordEvent, WordSearch};
use crate::ui::predict::{Answer, Ask, Form, Question};
use crate::view::text::{PathText, plural};
use crate::worksheet::Part::Item;
use crate::worksheet::{Sheet, prose, section, times, wrap_text};

/// The board's rows as a worksheet shows them, indented and a blank
/// between letters (`    A B C E`), for word and words alike.
pub(crate) fn spaced_rows(board: &crate::search::word::Board) -> Vec<String> {
    board
        .rows_of_cells()
        .map(|row| {
            let letters: Vec<String> = row.iter().map(|&l| char::from(l).to_string()).collect();
            format!("    {}", letters.join(" "))
        })
        .collect()
}

/// A cell entered and its letter, `(1,3) E`: how the tree labels a place
/// and the path lists it, for word and words alike.
pub(crate) fn cell_and_letter(row: u8, col: u8, letter: char) -> String {
    format!("({row},{col}) {letter}")
}

impl<R: Rules> Report for WordSearch<R> {
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

    fn summary(&self) -> Summary {
        Summary::new(
            format!("word {}{}", self.word(), crate::model::bug_label(R::BUG)),
            format!(
                "found={}, nodes={}, path={}",
                u8::from(self.found().is_some()),
                self.counters().nodes,
                PathText(self.found().unwrap_or_default())
            ),
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

    fn node_cells(&self) -> Vec<Cell> {
        let path = self.path();
        match path.last() {
            Some((row, col)) => {
                let index = path.len() - 1;
                vec![
                    format!("({row},{col})").into(),
                    index.to_string().into(),
                    char::from(self.searched()[index]).to_string().into(),
                ]
            }
            None => vec![Cell::Nothing, Cell::Nothing, Cell::Nothing],
        }
    }

    fn choice(&self, place: &WordEvent) -> Option<String> {
        match *place {
            // The cell and the letter it stands for, as words says a cell.
            WordEvent::Place { row, col, index } => {
                let letter = self.searched().get(usize::from(index));
                Some(cell_and_letter(
                    row,
                    col,
                    letter.map_or('?', |&l| char::from(l)),
                ))
            }
            _ => None,
        }
    }

    fn write_ending(&self, ending: &Ending, out: &mut String) {
        match ending {
            Ending::Solution { .. } => out.push_str("solution: word found"),
            other => write_plain_ending(other, out),
        }
    }
}

impl<R: Rules> Sheet for WordSearch<R> {
    fn title(&self) -> String {
        format!("Word Search for {}", self.word())
    }

    fn rules(&self) -> Vec<String> {
        let options = self.options();
        let intro = format!(
            "Find the word {} on the board as a path of cells, each next to the one \
             before it (up, right, down or left), using no cell twice. Rows and \
             columns are numbered from 0:",
            self.word()
        );
        let mut items = Vec::new();
        let board = spaced_rows(self.board());
        items.push(if options.inventory {
            Item(
                "Inventory: before any cell is tried, the word's letters are counted \
                 against the board's; a letter the word needs more often than the board \
                 holds it ends the search with no node entered."
                    .into(),
            )
        } else {
            Item("Inventory check: off.".into())
        });
        let reversal = match (options.reverse, self.reversal()) {
            (false, _) => Item("Reversal: off; the word is searched as given.".into()),
            (true, None) => Item("Reversal: the word is empty, found at once.".into()),
            (true, Some((first, last, have_first, have_last))) => {
                let outcome = if self.reversed() {
                    let searched = String::from_utf8_lossy(self.searched()).into_owned();
                    format!("so the search looks for {searched}")
                } else {
                    "so the word is searched as given".to_string()
                };
                Item(format!(
                    "Reversal: when the first letter is more common on the board \
                     than the last, the reversed word is searched, since starting at \
                     the rarer end fails sooner. Here {first} occurs {} and {last} \
                     {}, {outcome}; paths are reported in the word's own order.",
                    times(have_first),
                    times(have_last)
                ))
            }
        };
        items.push(reversal);
        items.push(Item(
            "Start cells are tried row by row; from a cell, the neighbours in the \
             order up, right, down, left. A start cell or neighbour that holds the \
             next letter and is not on the path is placed, entering a node (there \
             is no root node). The search stops at the first path found."
                .into(),
        ));
        section("The problem", vec![wrap_text(&intro), board, prose(&items)])
    }

    fn filling(&self) -> Vec<String> {
        wrap_text(
            "One row per node, in the order entered. The cell column is the cell \
             the node enters, index its position in the searched word (from 0) and \
             letter the letter it matches. The outcome is what the node does first: the first \
             cell placed from it (`place (0,3)`; later cells show as the rows of \
             its other children), or `dead end` or `solution: word found`.",
        )
    }

    fn masks_columns(&self) -> &'static [&'static str] {
        // The index and letter are the state a node works from (the screen's
        // "Word and checks" panel shows them); the cell entered is the
        // choice its parent found legal.
        &["index", "letter"]
    }

    fn legal_columns(&self) -> &'static [&'static str] {
        &["cell"]
    }
}

/// The directions' names, in the order the search tries them: the
/// answers to "which neighbour comes next?".
const NAMES: [&str; 4] = [
    DIRECTIONS[0].2,
    DIRECTIONS[1].2,
    DIRECTIONS[2].2,
    DIRECTIONS[3].2,
];

impl<R: Rules> Ask<crate::search::WordEvent> for WordSearch<R> {
    fn question(&self, next: &WordEvent, _previous: Option<&WordEvent>) -> Option<Question> {
        let path = self.path();
        let &(r, c) = path.last()?;
        let board = self.board();
        let here = usize::from(r) * board.cols() + usize::from(c);
        let index = path.len();
        let (answer, why) = match next {
            WordEvent::Place { row, col, .. } => {
                let dir = (0..4).find(|&d| {
                    board.neighbor(here, d)
                        == Some(usize::from(*row) * board.cols() + usize::from(*col))
                })?;
                (
                    Answer::Name(DIRECTIONS[dir].2),
                    format!(
                        "({row},{col}) holds {}, letter {index} of {}, and is the first such neighbour in the order up, right, down, left",
                        char::from(self.searched()[index]),
                        String::from_utf8_lossy(self.searched())
                    ),
                )
            }
            WordEvent::DeadEnd { .. } => (
                Answer::DeadEnd,
                format!("no neighbour of ({r},{c}) holds the next letter off the path"),
            ),
            _ => return None,
        };
        let mut wrong = BTreeMap::new();
        for (d, (_, _, name)) in DIRECTIONS.iter().enumerate() {
            let reason = match board.neighbor(here, d) {
                None => format!("{name} is off the board"),
                Some(cell) => {
                    let (nr, nc) = (cell / board.cols(), cell % board.cols());
                    let letter = char::from(board.letter(nr, nc));
                    let want = self.searched().get(index).map_or('?', |&l| char::from(l));
                    if self.is_visited(nr, nc) {
                        format!(
                            "({nr},{nc}) is already on the path ({})",
                            Reason::Visited.name()
                        )
                    } else if letter != want {
                        format!("({nr},{nc}) holds {letter}, not {want}")
                    } else {
                        format!(
                            "({nr},{nc}) fits, but a neighbour earlier in the order comes first"
                        )
                    }
                }
            };
            wrong.insert(Answer::Name(name), reason);
        }
        wrong.insert(
            Answer::DeadEnd,
            "a neighbour still continues the word".into(),
        );
        Some(Question {
            prompt: format!("From ({r},{c}): which neighbour comes next? Or is it a dead end?"),
            hint: "up, right, down, left (or u, r, d, l), or x for a dead end".into(),
            answer,
            why,
            wrong,
            form: Form::Name(&NAMES),
            then: None,
        })
    }
}

/// What a Word Search bug did where it first parts from the correct
/// search (the bug lab), in one sentence.
pub fn explain<R: Rules>(p: &Parting<WordSearch, WordSearch<R>>) -> String {
    match (p.left, p.right) {
        (
            Some(WordEvent::Place { row, col, index }),
            Some(WordEvent::Reject {
                reason: Reason::Visited,
                ..
            }),
        ) => format!(
            "({row},{col}) still carries the visited mark an earlier path left on it: the bug \
             never clears marks, so it refuses the cell as letter {index} where the correct \
             search enters it."
        ),
        (
            Some(WordEvent::Reject {
                row,
                col,
                index,
                reason: Reason::Visited,
            }),
            Some(WordEvent::Place { .. }),
        ) => format!(
            "({row},{col}) is already on the path: the bug never asks, so it steps onto the \
             cell again as letter {index} where the correct search refuses it."
        ),
        _ => p.plainly(),
    }
}
