//! Rat in a Maze, presented: the headless outputs ([`Report`]: JSON lines,
//! trace words, summary, trace table), the worksheet ([`Sheet`]), the
//! predict question ([`Ask`]: which move next?) and the screen ([`draw`]).

pub mod command;
pub mod draw;

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};

use crate::model::{Cell, Ending, Json, Report, Summary, write_plain_ending};
use crate::parting::Parting;
use crate::search::Search;
use crate::search::maze::{KEPT_PATHS, Maze, MazeEvent, Move, Reason, Rules};
use crate::ui::predict::{Answer, Ask, Form, Question};
use crate::worksheet::Part::Item;
use crate::worksheet::{Sheet, prose, section, wrap_text};

/// A path as the summary writes it: `-` for the empty path (the table
/// has nothing there, `Cell::Nothing`).
fn shown(path: &str) -> &str {
    if path.is_empty() { "-" } else { path }
}

impl<R: Rules> Report for Maze<R> {
    fn write_fields(&self, event: &MazeEvent, json: &mut Json<'_>) {
        match *event {
            MazeEvent::Place { row, col, mv } => {
                json.uint("row", row)
                    .uint("col", col)
                    .str("move", mv.map_or("", |m| m.name()));
            }
            MazeEvent::Reject {
                row,
                col,
                mv,
                reason,
            } => {
                json.uint("row", row).uint("col", col);
                if let Some(mv) = mv {
                    json.name("move", mv.name());
                }
                json.name("reason", reason.name());
            }
            MazeEvent::DeadEnd { row, col } | MazeEvent::Undo { row, col } => {
                json.uint("row", row).uint("col", col);
            }
            MazeEvent::Solution => {
                json.str("path", &self.moves());
            }
        }
    }

    fn write_done(&self, json: &mut Json<'_>) {
        json.uint("paths", self.path_count())
            .uint("nodes", self.counters().nodes);
        match self.paths().first() {
            Some(first) => {
                json.str("first", first);
            }
            None => json.0.push_str(",\"first\":null"),
        }
    }

    fn summary(&self) -> Summary {
        let grid = self.grid();
        let mut rest: Vec<String> = self
            .paths()
            .iter()
            .take(KEPT_PATHS)
            .map(|path| shown(path).to_string())
            .collect();
        if let (Some(_), Some(max)) = (R::BUG, self.budget_hit()) {
            rest.push(format!(
                "stopped by the node budget {max}: no cell is ever marked visited, so the \
                 walk never ends"
            ));
        }
        let more = self.path_count().saturating_sub(KEPT_PATHS as u64);
        if more > 0 {
            rest.push(format!("({more} more)"));
        }
        Summary::new(
            format!(
                "maze {}x{}{}",
                grid.rows(),
                grid.cols(),
                crate::model::bug_label(R::BUG)
            ),
            format!(
                "paths={}, nodes={}",
                self.path_count(),
                self.counters().nodes
            ),
        )
        .with_rest(rest)
    }

    fn write_description(&self, event: &MazeEvent, found: u64, out: &mut String) -> fmt::Result {
        match *event {
            MazeEvent::Place { row, col, mv: None } => {
                write!(out, "place ({row},{col}): the start")
            }
            MazeEvent::Place {
                row,
                col,
                mv: Some(mv),
            } => write!(
                out,
                "move {} ({}) to ({row},{col})",
                mv.letter(),
                mv.words()
            ),
            MazeEvent::Reject {
                row, col, mv: None, ..
            } => {
                let end = if (row, col) == (0, 0) {
                    "start"
                } else {
                    "goal"
                };
                write!(
                    out,
                    "reject ({row},{col}): the {end} is a wall, so there is no path"
                )
            }
            MazeEvent::Reject {
                row,
                col,
                mv: Some(mv),
                reason,
            } => {
                let why = match reason {
                    Reason::Wall => "a wall",
                    Reason::Visited => "already on the path",
                };
                write!(out, "reject {} to ({row},{col}): {why}", mv.letter())
            }
            MazeEvent::DeadEnd { row, col } => {
                write!(out, "dead end at ({row},{col}): no move left")
            }
            MazeEvent::Undo { row, col } => write!(out, "undo ({row},{col})"),
            MazeEvent::Solution => {
                write!(out, "path #{found}: {}", shown(&self.moves()))
            }
        }
    }

    fn table_header(&self) -> &'static [&'static str] {
        &["node", "cell", "move", "path", "outcome"]
    }

    fn has_root(&self) -> bool {
        false
    }

    fn node_cells(&self) -> Vec<Cell> {
        match self.current() {
            Some((row, col)) => vec![
                format!("({row},{col})").into(),
                self.last_move()
                    .map_or(Cell::Nothing, |m| m.letter().to_string().into()),
                match self.moves() {
                    moves if moves.is_empty() => Cell::Nothing,
                    moves => moves.into(),
                },
            ],
            None => vec![Cell::Nothing, Cell::Nothing, Cell::Nothing],
        }
    }

    fn choice(&self, place: &MazeEvent) -> Option<String> {
        match *place {
            MazeEvent::Place {
                row,
                col,
                mv: Some(mv),
            } => Some(format!("{} ({row},{col})", mv.letter())),
            _ => None,
        }
    }

    fn write_ending(&self, ending: &Ending, out: &mut String) {
        match ending {
            Ending::Solution { .. } => {
                let _ = write!(out, "solution {}", shown(&self.moves()));
            }
            other => write_plain_ending(other, out),
        }
    }
}

impl<R: Rules> Sheet for Maze<R> {
    fn title(&self) -> String {
        let grid = self.grid();
        format!("Rat in a Maze, {}x{}", grid.rows(), grid.cols())
    }

    fn rules(&self) -> Vec<String> {
        let grid = self.grid();
        let drawing: Vec<String> = (0..grid.rows())
            .map(|r| {
                let cells: Vec<&str> = (0..grid.cols())
                    .map(|c| if grid.is_open(r, c) { "1" } else { "0" })
                    .collect();
                format!("    {}", cells.join(" "))
            })
            .collect();
        let intro = format!(
            "Find every path from the top-left cell (0,0) to the bottom-right cell \
             ({},{}) through open cells (1), never through a wall (0), using no \
             cell twice. Rows and columns are numbered from 0:",
            grid.rows() - 1,
            grid.cols() - 1
        );
        section(
            "The problem",
            vec![
                wrap_text(&intro),
                drawing,
                prose(&[
                    Item(
                        "A path is written as its moves: D (down), L (left), R (right), U (up)."
                            .into(),
                    ),
                    Item(
                        "From each cell the moves are tried in the order D, L, R, U, so the \
                         paths come out in alphabetical order. A move off the grid is not tried; \
                         a move into a wall or onto a cell already on the path is refused."
                            .into(),
                    ),
                    Item(
                        "Reaching the goal records a path; the search then goes back and \
                         looks for more. A cell with no move left is a dead end. Each cell \
                         entered is a node (the start too; there is no root node)."
                            .into(),
                    ),
                ]),
            ],
        )
    }

    fn filling(&self) -> Vec<String> {
        wrap_text(
            "One row per node, in the order entered. The cell column is the cell the \
             node enters, move the move that entered it (`-` for the start) and path \
             the moves from the start (`-` when none). The outcome is what the node \
             does first: the first move placed from it (`D (1,0)`; later moves show as \
             the rows of its other children), or `dead end` or `solution` with the path.",
        )
    }

    fn masks_columns(&self) -> &'static [&'static str] {
        // The path is the state a node's moves are checked against.
        &["path"]
    }

    fn legal_columns(&self) -> &'static [&'static str] {
        &["move"]
    }
}

/// The moves in words, in search order: the answers to "which move next?"
/// (typed in full or by their letter: d, l, r, u).
const MOVE_NAMES: [&str; 4] = ["down", "left", "right", "up"];

/// Why a move from the current cell is or is not open now, in words.
pub(crate) fn move_status<R: Rules>(maze: &Maze<R>, (row, col): (u8, u8), mv: Move) -> MoveStatus {
    let grid = maze.grid();
    match mv.from(row, col, grid.rows(), grid.cols()) {
        None => MoveStatus::OffGrid,
        Some((r, c)) if !grid.is_open(usize::from(r), usize::from(c)) => MoveStatus::Wall(r, c),
        Some((r, c)) if maze.is_visited(usize::from(r), usize::from(c)) => {
            MoveStatus::Visited(r, c)
        }
        Some((r, c)) => MoveStatus::Open(r, c),
    }
}

/// What a move from the current cell meets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MoveStatus {
    /// It leaves the grid: not tried, no event.
    OffGrid,
    /// A wall at this cell: refused.
    Wall(u8, u8),
    /// This cell is on the path already: refused.
    Visited(u8, u8),
    /// This cell is open.
    Open(u8, u8),
}

impl<R: Rules> Ask<crate::search::maze::MazeEvent> for Maze<R> {
    fn question(&self, next: &MazeEvent, _previous: Option<&MazeEvent>) -> Option<Question> {
        let here = self.current()?;
        let (r, c) = here;
        let (answer, why) = match *next {
            MazeEvent::Place {
                row,
                col,
                mv: Some(mv),
            } => (
                Answer::Name(MOVE_NAMES[mv as usize]),
                format!(
                    "{} leads to ({row},{col}), open and off the path, and it is the \
                     first such move left in the order D, L, R, U",
                    mv.letter()
                ),
            ),
            MazeEvent::DeadEnd { .. } => (
                Answer::DeadEnd,
                format!("every move from ({r},{c}) is off the grid, a wall or on the path"),
            ),
            _ => return None,
        };
        let answer_index = match answer {
            Answer::Name(name) => MOVE_NAMES.iter().position(|&n| n == name),
            _ => None,
        };
        let mut wrong = BTreeMap::new();
        for (i, mv) in Move::ALL.into_iter().enumerate() {
            let letter = mv.letter();
            let reason = match move_status(self, here, mv) {
                MoveStatus::OffGrid => format!("{letter} leaves the grid"),
                MoveStatus::Wall(nr, nc) => format!("{letter} meets a wall at ({nr},{nc})"),
                MoveStatus::Visited(nr, nc) => {
                    format!("{letter} goes to ({nr},{nc}), already on the path")
                }
                MoveStatus::Open(..) if answer_index.is_some_and(|a| i < a) => {
                    format!("{letter} was tried from here already")
                }
                MoveStatus::Open(..) => {
                    format!("{letter} is open, but moves are tried in the order D, L, R, U")
                }
            };
            wrong.insert(Answer::Name(MOVE_NAMES[i]), reason);
        }
        wrong.insert(Answer::DeadEnd, "a move from here is still open".into());
        Some(Question {
            prompt: format!("At ({r},{c}): which move next? Or is it a dead end?"),
            hint: "down, left, right, up (or d, l, r, u), or x for a dead end".into(),
            answer,
            why,
            wrong,
            form: Form::Name(&MOVE_NAMES),
            then: None,
        })
    }
}

/// What a maze bug did where it first parts from the correct search (the
/// bug lab), in one sentence.
pub fn explain<R: Rules>(p: &Parting<Maze, Maze<R>>) -> String {
    match (p.left, p.right) {
        (
            Some(MazeEvent::Reject {
                row,
                col,
                reason: Reason::Visited,
                mv,
            }),
            Some(MazeEvent::Place { .. }),
        ) => {
            let mv = mv.map_or(String::new(), |m| format!(" by {}", m.letter()));
            format!(
                "({row},{col}) is already on the path, but the bug never marked it: the rat \
                 steps back onto it{mv} where the correct search refuses the move, and from \
                 here walks back and forth until a node budget stops it."
            )
        }
        _ => p.plainly(),
    }
}
