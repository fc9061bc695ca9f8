//! The board the N-Queens variants share with the mask search's screen:
//! column numbers on top, row labels with the current-row and dead-end
//! markers on the left, each square three cells wide, a queen in the middle
//! cell. What a square of the row being filled shows is each variant's own.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use crate::ui::scale::{self, Grid};
use crate::ui::scene::put;
use crate::ui::theme::Theme;

/// Row label width: the current-row marker, the row number, a space.
pub(crate) const LABEL: u16 = 4;
/// Each square is three cells wide.
pub(crate) const SQUARE: u16 = 3;

/// Three cells of a square, each with its style.
pub(crate) type Cells = [(&'static str, Style); 3];

/// The board's size inside its border for `n` queens.
pub(crate) fn size(n: u8) -> (u16, u16) {
    let n = u16::from(n);
    (LABEL + SQUARE * n.max(1), 1 + n.max(1))
}

/// Where the squares are, for the board drawn bigger
/// (`Scene::render_board_scaled`); none for a board of no squares.
pub(crate) fn grid(n: u8) -> Option<Grid> {
    (n > 0).then(|| Grid {
        label: LABEL,
        header: 1,
        width: SQUARE,
        cols: n.into(),
        rows: n.into(),
    })
}

/// The board drawn `k` times bigger, square by square (`scale::grid`):
/// `draw` draws it at its natural size. False for a board of no squares.
pub(crate) fn render_scaled(
    n: u8,
    k: u16,
    theme: &Theme,
    area: Rect,
    buf: &mut Buffer,
    draw: impl FnOnce(Rect, &mut Buffer),
) -> bool {
    grid(n).is_some_and(|cells| scale::draw_grid(cells, k, theme, area, buf, draw))
}

/// `text` in the middle cell, blanks either side, all in `style`.
pub(crate) fn centre(text: &'static str, style: Style) -> Cells {
    [(" ", style), (text, style), (" ", style)]
}

/// An empty square: blank, its background showing the square; without
/// colour no background shows, so a mark does.
pub(crate) fn empty(theme: &Theme) -> Cells {
    if theme.color {
        [(" ", Style::new()); 3]
    } else {
        centre(theme.glyphs.empty, theme.muted())
    }
}

/// What the board needs from the search and its last event.
pub(crate) struct Board<'a> {
    pub n: u8,
    /// The placed queens' columns, row by row.
    pub queens: &'a [u8],
    /// The row being filled (`n` on a complete board).
    pub row: u8,
    /// The row marked as a dead end, if the last event was one.
    pub dead: Option<u8>,
    /// The square the last place or undo changed.
    pub changed: Option<(u8, u8)>,
    /// Whether the last event was a solution.
    pub solved: bool,
}

impl Board<'_> {
    /// Draws the board; `square` gives the cells of each square that holds
    /// no queen and is not the one just changed (it may override a queen's
    /// cells too: it is asked first, and `None` means the usual drawing).
    pub(crate) fn render(
        &self,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
        square: impl Fn(u8, u8) -> Option<Cells>,
    ) {
        let n = self.n;
        let g = theme.glyphs;
        for c in 0..n {
            let x = LABEL + SQUARE * u16::from(c);
            put(buf, area, x, 0, &format!("{c:^3}"), theme.muted());
        }
        if n == 0 {
            put(
                buf,
                area,
                0,
                1,
                "(no squares: one empty solution)",
                theme.muted(),
            );
            return;
        }
        for r in 0..n {
            let y = 1 + u16::from(r);
            let (marker, marker_style) = match (self.dead == Some(r), r == self.row) {
                (true, _) => (g.dead, theme.dead_end()),
                (false, true) => (g.current_row, theme.legal()),
                (false, false) => (" ", Style::new()),
            };
            let label_style = if r == self.row {
                theme.current()
            } else {
                theme.muted()
            };
            put(buf, area, 0, y, marker, marker_style);
            put(buf, area, 1, y, &format!("{r:>2}"), label_style);
            for c in 0..n {
                let x = LABEL + SQUARE * u16::from(c);
                let base = theme.square((r + c) % 2 == 1);
                let cells = square(r, c).unwrap_or_else(|| self.usual(r, c, theme));
                for (i, (text, style)) in cells.into_iter().enumerate() {
                    put(buf, area, x + i as u16, y, text, base.patch(style));
                }
            }
        }
    }

    /// A queen (in the solution's style, or the just-changed one's), the
    /// square a queen was just taken from, or an empty square.
    fn usual(&self, r: u8, c: u8, theme: &Theme) -> Cells {
        let g = theme.glyphs;
        let changed = self.changed == Some((r, c));
        if self.queens.get(usize::from(r)) == Some(&c) {
            let style = match (self.solved, changed) {
                (true, _) => theme.solution(),
                (false, true) => theme.changed(),
                (false, false) => theme.placed(),
            };
            return centre(g.piece, style);
        }
        if changed {
            return centre(g.removed, theme.changed());
        }
        empty(theme)
    }
}

/// `[0,3,-,-]`: the array `a`, `-` for the rows not yet filled.
pub(crate) fn slots(a: &[u8], n: u8) -> String {
    let cells: Vec<String> = (0..usize::from(n))
        .map(|r| a.get(r).map_or("-".to_string(), u8::to_string))
        .collect();
    format!("[{}]", cells.join(","))
}

use std::collections::BTreeMap;

use crate::ui::predict::{Answer, Form, Question};

/// The column question of a row: which column gets the next queen, or is
/// it a dead end. `reason(c)` says why column `c` would be wrong.
pub(crate) fn column_question(
    row: u8,
    n: u8,
    (answer, why): (Answer, String),
    reason: impl Fn(u8) -> String,
    dead_end: String,
) -> Question {
    let mut wrong = BTreeMap::new();
    for c in 0..n {
        wrong.insert(Answer::Number(u32::from(c)), reason(c));
    }
    wrong.insert(Answer::DeadEnd, dead_end);
    Question {
        prompt: format!("Row {row}: which column gets the next queen? Or is it a dead end?"),
        hint: format!("a column 0-{}, or d for a dead end", n.max(1) - 1),
        answer,
        why,
        wrong,
        form: Form::Column,
        then: None,
    }
}
