//! The maze on screen: walls, open cells, the path with its move arrows,
//! the cell being decided, and the four moves with why each is refused.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::{MoveStatus, move_status};
use crate::search::maze::{Maze, MazeEvent, Move, Rules, Step};
use crate::ui::predict::Ask;
use crate::ui::scene::{PathLine, Scene, Title, extent, put};
use crate::ui::theme::Theme;
use crate::worksheet::Sheet;

/// Row label width.
const LABEL: u16 = 3;
/// Each cell: three columns, its mark in the middle.
const CELL: u16 = 3;
/// The label column of the moves panel.
const TAG: usize = 10;
/// Lines of paths found the moves panel shows (as many paths as fit).
const PATH_LINES: usize = 2;
/// The widest the paths lines are measured at (the panel may wrap them).
const PATHS_WIDTH: usize = 36;
/// Room kept on the last paths line for ` (+K more)` (K < 10^9).
const MORE: usize = 19;

/// The theme's arrow for a move (the theme lists up, right, down, left).
fn arrow(mv: Move, theme: &Theme) -> &'static str {
    let arrows = theme.glyphs.arrows;
    match mv {
        Move::U => arrows[0],
        Move::R => arrows[1],
        Move::D => arrows[2],
        Move::L => arrows[3],
    }
}

/// A wall cell: a shaded block, or `#` with ASCII glyphs.
fn wall(theme: &Theme) -> &'static str {
    if theme.glyphs.path_end.is_ascii() {
        "###"
    } else {
        "▓▓▓"
    }
}

impl<R: Rules> Scene for Maze<R> {
    fn title(&self, name: &str) -> Title {
        let grid = self.grid();
        Title::new([
            format!("Rat in a Maze {}x{}", grid.rows(), grid.cols()),
            name.to_string(),
            "moves D, L, R, U".to_string(),
        ])
    }

    fn board_size(&self) -> (u16, u16) {
        let grid = self.grid();
        (LABEL + CELL * grid.cols() as u16, 1 + grid.rows() as u16)
    }

    fn render_board(&self, last: Option<&MazeEvent>, theme: &Theme, area: Rect, buf: &mut Buffer) {
        let grid = self.grid();
        for c in 0..grid.cols() {
            put(
                buf,
                area,
                LABEL + CELL * c as u16,
                0,
                &format!("{c:>2}"),
                theme.muted(),
            );
        }
        let path = self.path();
        let goal = (grid.rows() as u8 - 1, grid.cols() as u8 - 1);
        for r in 0..grid.rows() {
            let y = 1 + r as u16;
            put(buf, area, 0, y, &format!("{r:>2}"), theme.muted());
            for c in 0..grid.cols() {
                let at = (r as u8, c as u8);
                let x = LABEL + CELL * c as u16;
                let (mut text, mut style) = if !grid.is_open(r, c) {
                    (wall(theme).to_string(), theme.muted())
                } else if let Some(i) = path.iter().rposition(|&p| p == at) {
                    // A cell on the path twice (the bug `no-mark` walks
                    // back onto it) shows its newest visit, as that bug
                    // stands.
                    match path.get(i + 1) {
                        Some(&next) => {
                            let mv = Move::ALL.into_iter().find(|m| {
                                m.from(at.0, at.1, grid.rows(), grid.cols()) == Some(next)
                            });
                            let glyph = mv.map_or("?", |m| arrow(m, theme));
                            (format!("[{glyph}]"), theme.placed())
                        }
                        None => (format!("[{}]", theme.glyphs.path_end), theme.current()),
                    }
                } else if at == goal {
                    (" G ".to_string(), Style::new())
                } else {
                    (format!(" {} ", theme.glyphs.legal), Style::new())
                };
                match last {
                    Some(&MazeEvent::Reject { row, col, .. }) if (row, col) == at => {
                        style = theme.rejected();
                        if grid.is_open(r, c) && !self.is_visited(r, c) {
                            text = format!(" {} ", theme.glyphs.rejected);
                        }
                    }
                    Some(&MazeEvent::DeadEnd { row, col }) if (row, col) == at => {
                        style = theme.dead_end();
                    }
                    Some(&MazeEvent::Solution) if self.is_visited(r, c) => {
                        style = style.patch(theme.solution());
                    }
                    Some(&MazeEvent::Place { row, col, .. } | &MazeEvent::Undo { row, col })
                        if (row, col) == at =>
                    {
                        style = style.patch(theme.changed());
                    }
                    _ => {}
                }
                put(buf, area, x, y, &text, style);
            }
        }
    }

    fn masks_title(&self) -> &'static str {
        "Moves"
    }

    fn masks(&self, last: Option<&MazeEvent>, theme: &Theme) -> Vec<Line<'static>> {
        let label = |text: &str| Span::styled(format!("{text:<TAG$}"), theme.muted());
        let mut lines = Vec::new();
        let Some(here) = self.current() else {
            lines.push(Line::from(vec![
                label("cell"),
                Span::raw("none: no cell on the path"),
            ]));
            for _ in Move::ALL {
                lines.push(Line::raw(""));
            }
            lines.extend(self.tail_lines(theme));
            return lines;
        };
        let goal = (self.grid().rows() as u8 - 1, self.grid().cols() as u8 - 1);
        let mut deciding = format!("({},{}), deciding", here.0, here.1);
        if here == goal {
            deciding = format!("({},{}), the goal", here.0, here.1);
        }
        lines.push(Line::from(vec![
            label("cell"),
            Span::styled(deciding, theme.current()),
        ]));
        let touched = match last {
            Some(&MazeEvent::Reject { row, col, .. } | &MazeEvent::Place { row, col, .. }) => {
                Some((row, col))
            }
            _ => None,
        };
        for mv in Move::ALL {
            let tag = format!("{} {}", mv.letter(), arrow(mv, theme));
            // What the move meets, in phrases.
            let (text, style): (Vec<String>, Style) = match move_status(self, here, mv) {
                _ if here == goal => (
                    vec!["not tried: ".into(), "this is the goal".into()],
                    theme.muted(),
                ),
                MoveStatus::OffGrid => (
                    vec!["off the grid: ".into(), "not tried".into()],
                    theme.muted(),
                ),
                MoveStatus::Wall(r, c) => (
                    vec![format!("({r},{c}) wall: "), "refused".into()],
                    theme.rejected(),
                ),
                MoveStatus::Visited(r, c) => (
                    vec![
                        format!("({r},{c}) "),
                        "on the path (visited): ".into(),
                        "refused".into(),
                    ],
                    theme.rejected(),
                ),
                // The bug `no-mark` reads no mark: a cell on its path is
                // open to it.
                MoveStatus::Open(r, c) if self.path().contains(&(r, c)) => (
                    vec![
                        format!("({r},{c}) open: "),
                        "on the path, ".into(),
                        "unmarked".into(),
                    ],
                    theme.legal(),
                ),
                MoveStatus::Open(r, c) => (vec![format!("({r},{c}) open")], theme.legal()),
            };
            let target = mv.from(here.0, here.1, self.grid().rows(), self.grid().cols());
            let mark = if target.is_some() && target == touched {
                theme.glyphs.current_row
            } else {
                " "
            };
            let mut spans = vec![
                Span::styled(mark, theme.current()),
                Span::styled(format!("{tag:<w$}", w = TAG - 1), theme.muted()),
            ];
            spans.extend(text.into_iter().map(|part| Span::styled(part, style)));
            lines.push(Line::from(spans));
        }
        lines.extend(self.tail_lines(theme));
        lines
    }

    fn masks_extent(&self, theme: &Theme) -> (u16, u16) {
        let widest = TAG + "(15,15) on the path (visited): refused".len();
        let (_, height) = extent(&self.masks(None, theme));
        (widest.max(TAG + PATHS_WIDTH) as u16, height)
    }

    fn legend(&self, theme: &Theme) -> Vec<(String, String)> {
        let a = theme.glyphs.arrows;
        vec![
            (wall(theme).into(), "a wall: no path goes through it".into()),
            (
                format!(" {} ", theme.glyphs.legal),
                "an open cell, not on the path".into(),
            ),
            (" G ".into(), "the goal, the bottom-right cell".into()),
            (
                format!("[{}] [{}] [{}] [{}]", a[2], a[3], a[1], a[0]),
                "a cell on the path, with the move made from it: D, L, R, U".into(),
            ),
            (
                format!("[{}]", theme.glyphs.path_end),
                "the cell being decided: the end of the path".into(),
            ),
            (
                format!(" {} ", theme.glyphs.rejected),
                "the cell a move was just refused into".into(),
            ),
            (
                theme.glyphs.current_row.into(),
                "in the moves panel: the move the last event tried".into(),
            ),
        ]
    }

    fn path(&self, theme: &Theme) -> PathLine {
        let moves = self.moves();
        let mut steps = Vec::new();
        if self.current().is_none() {
            steps.push(Span::styled("(empty)", theme.muted()));
        } else if moves.is_empty() {
            steps.push(Span::styled("(at the start)", theme.muted()));
        }
        for letter in moves.chars() {
            steps.push(Span::styled(letter.to_string(), theme.placed()));
        }
        let note = self
            .current()
            .map(|(r, c)| Span::styled(format!("   at ({r},{c})"), theme.muted()));
        PathLine {
            label: Span::styled("moves ", theme.muted()),
            steps,
            note,
        }
    }

    fn algorithm(&self) -> &'static [&'static str] {
        if R::MARK { &ALGORITHM } else { &NO_MARK }
    }

    fn algorithm_line(&self, last: Option<&MazeEvent>) -> usize {
        match self.step(last) {
            Step::Begin | Step::StartWall | Step::GoalWall => 0,
            Step::Start => 1,
            Step::Solution => 3,
            Step::Wall => 5,
            Step::Visited => 6,
            Step::Place => 7,
            Step::DeadEnd => 8,
            Step::Undo => 9,
            Step::Close => 10,
        }
    }

    fn solutions_text(&self) -> String {
        self.path_count().to_string()
    }

    fn ask(&self) -> Option<&dyn Ask<Self::Event>> {
        Some(self)
    }

    fn sheet(&self) -> Option<&dyn Sheet> {
        Some(self)
    }
}

impl<R: Rules> Maze<R> {
    /// The moves panel's last lines: the path string and the paths found,
    /// as many as fit in [`PATH_LINES`] lines of [`PATHS_WIDTH`].
    fn tail_lines(&self, theme: &Theme) -> Vec<Line<'static>> {
        let label = |text: &str| Span::styled(format!("{text:<TAG$}"), theme.muted());
        let moves = self.moves();
        let path = if self.current().is_none() {
            "-".to_string()
        } else if moves.is_empty() {
            "(start)".to_string()
        } else if moves.len() > PATHS_WIDTH {
            // The newest moves, as the path panel keeps them.
            let tail = &moves[moves.len() - (PATHS_WIDTH - 1)..];
            format!("{}{tail}", theme.glyphs.ellipsis)
        } else {
            moves
        };
        let mut lines = vec![Line::from(vec![
            label("path"),
            Span::styled(path, theme.placed()),
        ])];
        let count = self.path_count();
        lines.push(Line::from(vec![
            label("found"),
            Span::raw(format!("{count} path{}", if count == 1 { "" } else { "s" })),
        ]));
        // The last row keeps room for `(+K more)`.
        let room = |i: usize| PATHS_WIDTH - if i + 1 == PATH_LINES { MORE } else { 0 };
        let mut rows: Vec<String> = vec![String::new(); PATH_LINES];
        let mut shown = 0u64;
        'fill: for found in self.paths() {
            let text = if found.is_empty() { "-" } else { found };
            for (i, row) in rows.iter_mut().enumerate() {
                let need = text.len() + usize::from(!row.is_empty());
                if row.len() + need <= room(i) {
                    if !row.is_empty() {
                        row.push(' ');
                    }
                    row.push_str(text);
                    shown += 1;
                    continue 'fill;
                }
            }
            break;
        }
        let more = count - shown;
        for (i, row) in rows.into_iter().enumerate() {
            let mut spans = vec![label(""), Span::styled(row, theme.legal())];
            if i + 1 == PATH_LINES && more > 0 {
                spans.push(Span::styled(format!(" (+{more} more)"), theme.muted()));
            }
            lines.push(Line::from(spans));
        }
        lines
    }
}

/// The search's steps, as the code panel lists them.
const ALGORITHM: [&str; 11] = [
    "the start or the goal is a wall: reject, no path",
    "place the start (0,0), mark it on the path",
    "at a cell:",
    "    the goal: a path found (solution); go back for more",
    "    for each move D, L, R, U that stays on the grid:",
    "        into a wall: reject (wall)",
    "        onto the path: reject (visited)",
    "        else place the cell, mark it, search on (step 3)",
    "    no move placed: dead end",
    "    undo: unmark the cell, step back",
    "stopped: undo every open cell, deepest first",
];

/// The steps the bug `no-mark` runs: it marks no cell, so none is refused as visited.
const NO_MARK: [&str; 11] = {
    let mut steps = ALGORITHM;
    steps[1] = "place the start (0,0); no mark (the bug)";
    steps[6] = "        (no mark to read: a cell on the path is open, the bug)";
    steps[7] = "        else place the cell, search on (step 3); no mark (the bug)";
    steps[9] = "    undo: step back";
    steps
};
