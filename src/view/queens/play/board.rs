//! The board panel: the squares row by row, the masks of the row being
//! filled drawn in its squares, and the cursor.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Span;

use super::Play;
use super::draw::block;
use crate::ui::scale::blow_up;
use crate::ui::scene::put;
use crate::view::queens::draw::attack_glyphs;

/// Row label width: the current-row marker, the row number, a space.
pub(super) const LABEL: u16 = 4;
/// Each square is three cells wide, one per mask glyph, as on the main screen.
pub(super) const SQUARE: u16 = 3;

/// Width and height of the board inside its border at its natural size
/// (scale 1): the column numbers, one line per row, and the cursor's arrow
/// below.
pub(super) fn board_size(n: u8) -> (u16, u16) {
    let n = u16::from(n.max(1));
    (LABEL + SQUARE * n, n + 2)
}

/// Draws the board panel in `area`, each cell of the natural board a
/// `scale` x `scale` block ([`blow_up`], as the main screen scales its
/// board).
pub(super) fn render_board(play: &Play, frame: &mut Frame, area: Rect, scale: u16) {
    let t = &play.theme;
    let mut block = block(t, "Board".into());
    if play.complete() {
        block = block.title_bottom(Span::styled(" board complete ", t.solution()));
    } else if play.legal() == 0 {
        block = block.title_bottom(Span::styled(" dead end ", t.dead_end()));
    }
    let inner = block.inner(area);
    frame.render_widget(block, area);
    play.board_area.set(Some((inner, scale.max(1))));
    if scale <= 1 {
        draw_squares(play, inner, frame.buffer_mut());
        return;
    }
    let (width, height) = board_size(play.n);
    let mut board = Buffer::empty(Rect::new(0, 0, width, height));
    draw_squares(play, board.area, &mut board);
    blow_up(&board, scale, inner, frame.buffer_mut());
}

/// The column numbers, the squares row by row, and the cursor's arrow.
fn draw_squares(play: &Play, area: Rect, buf: &mut Buffer) {
    let t = &play.theme;
    let g = t.glyphs;
    let n = play.n;
    for c in 0..n {
        put(buf, area, x_of(c), 0, &format!("{c:^3}"), t.muted());
    }
    if n == 0 {
        put(buf, area, 0, 1, "(no squares: one empty board)", t.muted());
        return;
    }
    let row = play.row();
    let dead = !play.complete() && play.legal() == 0;
    for r in 0..n {
        let y = 1 + u16::from(r);
        let (marker, marker_style) = match (r == row, dead) {
            (true, true) => (g.dead, t.dead_end()),
            (true, false) => (g.current_row, t.legal()),
            _ => (" ", Style::new()),
        };
        put(buf, area, 0, y, marker, marker_style);
        let label = if r == row { t.current() } else { t.muted() };
        put(buf, area, 1, y, &format!("{r:>2}"), label);
        for c in 0..n {
            let base = t.square((r + c) % 2 == 1);
            for (i, (text, style)) in square(play, r, c).into_iter().enumerate() {
                put(buf, area, x_of(c) + i as u16, y, text, base.patch(style));
            }
        }
    }
    if !play.complete() {
        let x = x_of(play.cursor) + 1;
        put(buf, area, x, 1 + u16::from(n), g.arrows[0], t.key());
    }
}

fn x_of(col: u8) -> u16 {
    LABEL + SQUARE * u16::from(col)
}

/// The three glyph cells of square (`r`, `c`) and their styles.
fn square(play: &Play, r: u8, c: u8) -> [(&'static str, Style); 3] {
    let t = &play.theme;
    let g = t.glyphs;
    let centre = |text, style| [(" ", style), (text, style), (" ", style)];
    if let Some(&q) = play.queens.get(usize::from(r)) {
        if q != c {
            return centre(" ", Style::new());
        }
        let style = if play.complete() {
            t.solution()
        } else if usize::from(r) + 1 == play.queens.len() {
            t.changed()
        } else {
            t.placed()
        };
        return centre(g.piece, style);
    }
    if r != play.row() {
        return centre(" ", Style::new());
    }
    // The row being filled: the cursor in reverse video, a refused square
    // marked as the main screen marks a reject.
    let mut extra = Style::new();
    if c == play.cursor {
        extra = extra.patch(t.current());
    }
    if play.refused == Some((r, c)) {
        extra = extra.patch(t.rejected());
    }
    let bit = 1u32 << c;
    let masks = play.masks();
    if masks.attacked() & bit == 0 {
        if play.tried() & bit != 0 {
            return centre(g.removed, t.muted().patch(extra));
        }
        return centre(g.legal, t.legal().patch(extra));
    }
    attack_glyphs(masks, bit, extra, t)
}
