//! Rat in a Maze, presented: the headless outputs ([`Report`]: JSON lines,
//! trace words, summary, trace table) and the worksheet ([`Sheet`]).

use std::fmt::{self, Write as _};

use crate::model::{Ending, Json, Note, Placed, Report, write_plain_ending};
use crate::search::Search;
use crate::search::maze::{KEPT_PATHS, Maze, MazeEvent, Reason};
use crate::worksheet::{Sheet, prose, section, wrap_text};

/// A path as the summary and the table write it: `-` for the empty path.
fn shown(path: &str) -> &str {
    if path.is_empty() { "-" } else { path }
}

impl Report for Maze {
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

    fn summary(&self) -> String {
        let grid = self.grid();
        let mut text = format!(
            "maze {}x{}: paths={}, nodes={}",
            grid.rows(),
            grid.cols(),
            self.path_count(),
            self.counters().nodes
        );
        for path in self.paths().iter().take(KEPT_PATHS) {
            text.push('\n');
            text.push_str(shown(path));
        }
        let more = self.path_count().saturating_sub(KEPT_PATHS as u64);
        if more > 0 {
            let _ = write!(text, "\n({more} more)");
        }
        text
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

    fn node_cells(&self) -> Vec<String> {
        match self.current() {
            Some((row, col)) => vec![
                format!("({row},{col})"),
                self.last_move()
                    .map_or_else(|| "-".to_string(), |m| m.letter().to_string()),
                shown(&self.moves()).to_string(),
            ],
            None => vec!["-".into(), "-".into(), "-".into()],
        }
    }

    fn note(&self, event: &MazeEvent) -> Note {
        match *event {
            MazeEvent::Place {
                row,
                col,
                mv: Some(mv),
            } => Note::Placed(Placed {
                choice: format!("{} ({row},{col})", mv.letter()),
                label: format!("{}({row},{col})", mv.letter()),
            }),
            MazeEvent::DeadEnd { .. } => Note::End(Ending::DeadEnd),
            MazeEvent::Solution => Note::End(Ending::Solution {
                number: self.counters().found,
                weight: 1,
                stops: false,
            }),
            _ => Note::Nothing,
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

impl Sheet for Maze {
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
                    "- A path is written as its moves: D (down), L (left), R (right), U (up)."
                        .into(),
                    "- From each cell the moves are tried in the order D, L, R, U, so the \
                 paths come out in alphabetical order. A move off the grid is not tried; \
                 a move into a wall or onto a cell already on the path is refused."
                        .into(),
                    "- Reaching the goal records a path; the search then goes back and \
                 looks for more. A cell with no move left is a dead end. Each cell \
                 entered is a node (the start too; there is no root node)."
                        .into(),
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
