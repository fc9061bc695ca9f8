//! How the words search speaks: JSON lines, summary, trace words and trace
//! table ([`Report`]), and its worksheet ([`Sheet`]). Prefixes and paths are
//! not carried by the events: they are read from the search's view (the
//! path, the trie) when an event is written.

pub mod command;
pub mod draw;

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};

use crate::model::{Cell, Ending, Json, Report, Summary, push_json_string, write_plain_ending};
use crate::search::Search;
use crate::search::word::DIRECTIONS;
use crate::search::words::{Refusal, Words, WordsEvent};
use crate::ui::predict::{Answer, Ask, Form, Question};
use crate::worksheet::Part::Item;
use crate::worksheet::{Sheet, prose, section, wrap_text};

/// `[(0,0),(0,1)]`, as the summary writes a path.
fn path_text(path: &[(u8, u8)]) -> String {
    let cells: Vec<String> = path.iter().map(|(r, c)| format!("({r},{c})")).collect();
    format!("[{}]", cells.join(","))
}

/// `[[0,0],[0,1]]`, as JSON writes a path.
fn push_json_path(out: &mut String, path: &[(u8, u8)]) {
    out.push('[');
    for (i, (r, c)) in path.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "[{r},{c}]");
    }
    out.push(']');
}

impl Words {
    /// The prefix a neighbour at (`row`, `col`) would make: the path's
    /// letters and its own.
    pub fn prefix_with(&self, row: u8, col: u8) -> String {
        let mut prefix = self.prefix();
        prefix.push(char::from(
            self.board().letter(usize::from(row), usize::from(col)),
        ));
        prefix
    }

    /// The letter at (`row`, `col`).
    fn letter_at(&self, row: u8, col: u8) -> char {
        char::from(self.board().letter(usize::from(row), usize::from(col)))
    }

    /// The letters of the current trie node's children: `{A,E}`.
    pub fn children_text(&self) -> String {
        let letters: Vec<String> = self
            .trie()
            .child_letters(self.trie_node())
            .into_iter()
            .map(|l| char::from(l).to_string())
            .collect();
        format!("{{{}}}", letters.join(","))
    }
}

impl Report for Words {
    fn write_fields(&self, event: &WordsEvent, json: &mut Json<'_>) {
        match *event {
            WordsEvent::Place { row, col } => {
                json.uint("row", row)
                    .uint("col", col)
                    .str("prefix", &self.prefix());
            }
            WordsEvent::Reject { row, col, reason } => {
                json.uint("row", row)
                    .uint("col", col)
                    .name("reason", reason.name());
                if reason == Refusal::NoWord {
                    json.str("prefix", &self.prefix_with(row, col));
                }
            }
            WordsEvent::TooLong { word, need, have } => {
                json.name("reason", "too-long")
                    .str("word", &self.words()[usize::from(word)])
                    .uint("need", need)
                    .uint("have", have);
            }
            WordsEvent::Inventory {
                word,
                letter,
                need,
                have,
            } => {
                let letter = [letter];
                json.name("reason", "inventory")
                    .str("word", &self.words()[usize::from(word)])
                    .str("letter", std::str::from_utf8(&letter).unwrap_or("?"))
                    .uint("need", need)
                    .uint("have", have);
            }
            WordsEvent::DeadEnd { row, col } | WordsEvent::Undo { row, col } => {
                json.uint("row", row).uint("col", col);
            }
            WordsEvent::Solution { word } => {
                let i = usize::from(word);
                json.str("word", &self.words()[i]);
                json.0.push_str(",\"path\":");
                push_json_path(json.0, self.found(i).unwrap_or_default());
            }
        }
    }

    fn write_done(&self, json: &mut Json<'_>) {
        let found = self.found_words();
        json.uint("found", found.len())
            .uint("nodes", self.counters().nodes);
        json.0.push_str(",\"words\":[");
        for (i, (word, path)) in found.iter().enumerate() {
            if i > 0 {
                json.0.push(',');
            }
            json.0.push_str("{\"word\":");
            push_json_string(json.0, word);
            json.0.push_str(",\"path\":");
            push_json_path(json.0, path);
            json.0.push('}');
        }
        json.0.push(']');
    }

    fn summary(&self) -> Summary {
        let found = self.found_words();
        Summary::new(
            format!("words {}", self.words().len()),
            format!("found={}, nodes={}", found.len(), self.counters().nodes),
        )
        .with_rest(
            found
                .iter()
                .map(|(word, path)| format!("{word} {}", path_text(path))),
        )
    }

    fn write_description(&self, event: &WordsEvent, _found: u64, out: &mut String) -> fmt::Result {
        match *event {
            WordsEvent::Place { row, col } => {
                write!(out, "place ({row},{col}) {}", self.letter_at(row, col))
            }
            WordsEvent::Reject {
                row,
                col,
                reason: Refusal::Visited,
            } => write!(out, "reject ({row},{col}): already on the path"),
            WordsEvent::Reject {
                row,
                col,
                reason: Refusal::NoWord,
            } => write!(
                out,
                "reject ({row},{col}) {}: no word in the trie goes on with it",
                self.letter_at(row, col)
            ),
            WordsEvent::TooLong { word, need, have } => write!(
                out,
                "reject {}: {need} letters, the board only {}",
                self.words()[usize::from(word)],
                crate::model::counted(have, "cell", "cells")
            ),
            WordsEvent::Inventory {
                word,
                letter,
                need,
                have,
            } => write!(
                out,
                "reject {}: it needs {need} x {}, the board holds {have}",
                self.words()[usize::from(word)],
                char::from(letter)
            ),
            WordsEvent::DeadEnd { row, col } => write!(
                out,
                "dead end at ({row},{col}): no neighbour continues a word"
            ),
            WordsEvent::Undo { row, col } => write!(out, "undo ({row},{col})"),
            WordsEvent::Solution { word } => {
                let i = usize::from(word);
                write!(
                    out,
                    "solution: {} found along {}",
                    self.words()[i],
                    path_text(self.found(i).unwrap_or_default())
                )
            }
        }
    }

    fn table_header(&self) -> &'static [&'static str] {
        &["node", "cell", "prefix", "trie children", "outcome"]
    }

    fn has_root(&self) -> bool {
        false
    }

    fn node_cells(&self) -> Vec<Cell> {
        match self.path().last() {
            Some((row, col)) => vec![
                format!("({row},{col})").into(),
                self.prefix().into(),
                self.children_text().into(),
            ],
            None => vec![Cell::Nothing, Cell::Nothing, self.children_text().into()],
        }
    }

    fn choice(&self, place: &WordsEvent) -> Option<String> {
        match *place {
            // The cell and its letter, as the trace's place line says them.
            WordsEvent::Place { row, col } => Some(super::word::cell_and_letter(
                row,
                col,
                self.letter_at(row, col),
            )),
            _ => None,
        }
    }

    fn write_ending(&self, ending: &Ending, out: &mut String) {
        match ending {
            // At a solution the prefix is the word found.
            Ending::Solution { .. } => {
                out.push_str("found ");
                out.push_str(&self.prefix());
            }
            other => write_plain_ending(other, out),
        }
    }
}

impl Sheet for Words {
    fn title(&self) -> String {
        format!("Words from a list: {}", self.words().join(", "))
    }

    fn rules(&self) -> Vec<String> {
        let options = self.options();
        let intro = format!(
            "Find which of the words {} are on the board, each as a path of cells \
             next to one another (up, right, down or left), using no cell twice in \
             one path. Rows and columns are numbered from 0:",
            self.words().join(", ")
        );
        let mut items = Vec::new();
        let board = super::word::spaced_rows(self.board());
        items.push(if options.inventory {
            Item(
                "Before the search, a word longer than the board has cells, or \
                 needing a letter more often than the board holds it, is rejected and \
                 left out."
                    .into(),
            )
        } else {
            Item(
                "Before the search, a word longer than the board has cells is \
                 rejected and left out (the letter inventory check is off)."
                    .into(),
            )
        });
        items.push(Item(
            "The other words go into a trie: one branch per letter, a word \
             ending at its last letter's node. The search walks the trie alongside \
             the path: a cell is entered only when the path's letters and its own \
             are the start of some word still in the trie."
                .into(),
        ));
        items.push(Item(
            "Start cells are tried row by row; from a cell, the neighbours in the \
             order up, right, down, left. A node whose letters make a word not yet \
             found is a solution, and the search goes on."
                .into(),
        ));
        items.push(if options.prune {
            Item(
                "Pruning: a found word's node is cut out of the trie when nothing \
                 hangs below it, then each node above left with no branch and no \
                 unfound word. When the trie is empty, the search stops."
                    .into(),
            )
        } else {
            Item(
                "Pruning is off: found words stay in the trie, and the search runs \
                 to the end."
                    .into(),
            )
        });
        section("The problem", vec![wrap_text(&intro), board, prose(&items)])
    }

    fn filling(&self) -> Vec<String> {
        wrap_text(
            "One row per node, in the order entered. cell is the cell the node \
             enters, prefix the path's letters, trie children the letters that \
             can follow in the trie as `{A,E}` (`{}` for none). outcome is what \
             the node does first: the first cell placed from it (`place (0,3)`), \
             or `found WORD`, or `dead end`; empty when it has nothing to try.",
        )
    }

    fn masks_columns(&self) -> &'static [&'static str] {
        &["prefix", "trie children"]
    }

    fn legal_columns(&self) -> &'static [&'static str] {
        &["cell"]
    }
}

/// The directions, as a predict answer names them.
const NAMES: [&str; 4] = ["up", "right", "down", "left"];

impl Ask<crate::search::words::WordsEvent> for Words {
    /// Before a cell is entered from the path: which neighbour (a start
    /// cell: which cell); before a dead end: that it is one.
    fn question(&self, next: &WordsEvent, _previous: Option<&WordsEvent>) -> Option<Question> {
        let path = self.path();
        let board = self.board();
        let Some(&(r, c)) = path.last() else {
            let WordsEvent::Place { row, col } = *next else {
                return None;
            };
            let letter = char::from(board.letter(usize::from(row), usize::from(col)));
            return Some(Question {
                prompt: "Which cell starts a path next (r,c)?".into(),
                hint: "a cell as r,c".into(),
                answer: Answer::Cell(row, col),
                why: format!(
                    "({row},{col}) is the next cell, row by row, whose letter {letter} begins a word in the trie"
                ),
                wrong: BTreeMap::new(),
                form: Form::Cell,
                then: None,
            });
        };
        let here = usize::from(r) * board.cols() + usize::from(c);
        let prefix = self.prefix();
        let (answer, why) = match *next {
            WordsEvent::Place { row, col } => {
                let there = usize::from(row) * board.cols() + usize::from(col);
                let dir = (0..4).find(|&d| board.neighbor(here, d) == Some(there))?;
                (
                    Answer::Name(DIRECTIONS[dir].2),
                    format!(
                        "{} is in the trie, and ({row},{col}) is the first neighbour in the order up, right, down, left that makes it",
                        self.prefix_with(row, col)
                    ),
                )
            }
            WordsEvent::DeadEnd { .. } => (
                Answer::DeadEnd,
                format!("no neighbour of ({r},{c}) off the path goes on with a word from {prefix}"),
            ),
            _ => return None,
        };
        let mut wrong = BTreeMap::new();
        for (d, (_, _, name)) in DIRECTIONS.iter().enumerate() {
            let reason = match board.neighbor(here, d) {
                None => format!("{name} is off the board"),
                Some(cell) => {
                    let (nr, nc) = (cell / board.cols(), cell % board.cols());
                    let with = self.prefix_with(nr as u8, nc as u8);
                    if self.is_visited(nr, nc) {
                        format!("({nr},{nc}) is already on the path")
                    } else if self
                        .trie()
                        .child(self.trie_node(), board.letter(nr, nc))
                        .is_none()
                    {
                        format!("no word in the trie begins {with}")
                    } else {
                        format!("{with} fits, but a neighbour earlier in the order comes first")
                    }
                }
            };
            wrong.insert(Answer::Name(name), reason);
        }
        wrong.insert(
            Answer::DeadEnd,
            "a neighbour still goes on with a word".into(),
        );
        Some(Question {
            prompt: format!(
                "From ({r},{c}), prefix {prefix}: which neighbour next? Or a dead end?"
            ),
            hint: "up, right, down, left (or u, r, d, l), or x for a dead end".into(),
            answer,
            why,
            wrong,
            form: Form::Name(&NAMES),
            then: None,
        })
    }
}
