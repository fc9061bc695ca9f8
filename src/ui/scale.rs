//! A board drawn larger for a projector: the search draws its board at its
//! own size into a buffer, and each of its cells becomes a `k` x `k` block
//! of cells (a board square of two or three cells so becomes `k` rows by
//! `2k` or `3k` columns), its glyph in the middle. One mechanism for every
//! search: nothing here knows what the glyphs mean, only how lines join.
//!
//! Every cell of a block keeps its cell's colours, so a highlighted square
//! is a highlighted block. Line glyphs are drawn across their block so that
//! grid lines stay joined: `─` spans its block's middle row, `│` its middle
//! column, a junction (`┼`, `├`, `+`) reaches out along its arms, and a
//! diagonal (`╱`, `╲`) runs corner to corner.

use ratatui::buffer::{Buffer, Cell};
use ratatui::layout::Rect;

/// Which ways a line glyph reaches out of its cell: left, right, up, down.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Arms {
    left: bool,
    right: bool,
    up: bool,
    down: bool,
}

/// The shape of a glyph when it is drawn larger.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// Text: drawn once in the middle of its block.
    Glyph,
    /// A line or a junction of lines, with the glyph its arms are drawn in.
    Lines(Arms),
    /// A diagonal, rising (`╱`) or falling (`╲`).
    Diagonal { rising: bool },
}

/// The shape of `symbol`, from the box-drawing glyphs the themes use.
fn shape(symbol: &str) -> Shape {
    let arms = |left, right, up, down| {
        Shape::Lines(Arms {
            left,
            right,
            up,
            down,
        })
    };
    match symbol {
        "─" | "━" | "═" | "-" => arms(true, true, false, false),
        "│" | "┃" | "║" | "|" => arms(false, false, true, true),
        "┼" | "╋" | "╬" | "+" => arms(true, true, true, true),
        "├" | "┣" | "╠" => arms(false, true, true, true),
        "┤" | "┫" | "╣" => arms(true, false, true, true),
        "┬" | "┳" | "╦" => arms(true, true, false, true),
        "┴" | "┻" | "╩" => arms(true, true, true, false),
        "┌" | "┏" | "╔" => arms(false, true, false, true),
        "┐" | "┓" | "╗" => arms(true, false, false, true),
        "└" | "┗" | "╚" => arms(false, true, true, false),
        "┘" | "┛" | "╝" => arms(true, false, true, false),
        "╱" | "/" => Shape::Diagonal { rising: true },
        "╲" | "\\" => Shape::Diagonal { rising: false },
        _ => Shape::Glyph,
    }
}

/// The glyphs a line's arms are drawn in: the horizontal and vertical
/// glyph of the same family as `symbol` (heavy, double, ASCII or light).
fn arm_glyphs(symbol: &str) -> (&'static str, &'static str) {
    match symbol {
        "━" | "┃" | "╋" | "┣" | "┫" | "┳" | "┻" | "┏" | "┓" | "┗" | "┛" => {
            ("━", "┃")
        }
        "═" | "║" | "╬" | "╠" | "╣" | "╦" | "╩" | "╔" | "╗" | "╚" | "╝" => {
            ("═", "║")
        }
        "-" | "|" | "+" => ("-", "|"),
        _ => ("─", "│"),
    }
}

/// The largest whole scale at which a `width` x `height` board, with a
/// border around it, fits in `room` cells (0 when not even at scale 1).
pub fn largest(board: (u16, u16), room: (u16, u16)) -> u16 {
    let (width, height) = (board.0.max(1), board.1.max(1));
    let across = room.0.saturating_sub(2) / width;
    let down = room.1.saturating_sub(2) / height;
    across.min(down)
}

/// Copies `source` into `target` with each cell drawn as a `k` x `k` block,
/// from the top-left corner of `area` (cells that fall outside it are not
/// drawn). `k` of 1 copies the cells as they are.
pub fn blow_up(source: &Buffer, k: u16, area: Rect, target: &mut Buffer) {
    let k = k.max(1);
    let from = source.area;
    let mid = k / 2;
    let clip = area.intersection(target.area);
    for sy in 0..from.height {
        for sx in 0..from.width {
            let cell = &source[(from.x + sx, from.y + sy)];
            let (x0, y0) = (area.x + sx * k, area.y + sy * k);
            let mut put = |dx: u16, dy: u16, symbol: &str| {
                let (x, y) = (x0 + dx, y0 + dy);
                if clip.contains((x, y).into()) {
                    let out = &mut target[(x, y)];
                    *out = Cell::new(" ");
                    out.set_style(cell.style());
                    out.set_symbol(symbol);
                }
            };
            // The block in the cell's colours first, then its glyph.
            for dy in 0..k {
                for dx in 0..k {
                    put(dx, dy, " ");
                }
            }
            let symbol = cell.symbol();
            match shape(symbol) {
                // A wide glyph's second cell is blank in the source: the
                // glyph itself covers it in the scaled block too.
                Shape::Glyph if symbol.trim().is_empty() => {}
                Shape::Glyph => {
                    let wide = unicode_width(symbol) > 1;
                    let x = if wide { mid.saturating_sub(1) } else { mid };
                    put(x, mid, symbol);
                }
                Shape::Lines(arms) => {
                    let (across, down) = arm_glyphs(symbol);
                    for dx in 0..k {
                        let arm = (dx < mid && arms.left) || (dx > mid && arms.right);
                        if arm {
                            put(dx, mid, across);
                        }
                    }
                    for dy in 0..k {
                        let arm = (dy < mid && arms.up) || (dy > mid && arms.down);
                        if arm {
                            put(mid, dy, down);
                        }
                    }
                    put(mid, mid, symbol);
                }
                Shape::Diagonal { rising } => {
                    for d in 0..k {
                        let dy = if rising { k - 1 - d } else { d };
                        put(d, dy, symbol);
                    }
                }
            }
        }
    }
}

/// Columns `symbol` takes on a terminal.
fn unicode_width(symbol: &str) -> usize {
    ratatui::text::Span::raw(symbol).width()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(buf: &Buffer) -> Vec<String> {
        (0..buf.area.height)
            .map(|y| {
                (0..buf.area.width)
                    .map(|x| buf[(x, y)].symbol().to_string())
                    .collect()
            })
            .collect()
    }

    #[test]
    fn a_glyph_sits_in_the_middle_of_its_block() {
        let mut source = Buffer::empty(Rect::new(0, 0, 2, 1));
        source.set_string(0, 0, "Q1", ratatui::style::Style::new());
        let mut target = Buffer::empty(Rect::new(0, 0, 6, 3));
        blow_up(&source, 3, target.area, &mut target);
        assert_eq!(text(&target), ["      ", " Q  1 ", "      "]);
    }

    #[test]
    fn lines_stay_joined() {
        let mut source = Buffer::empty(Rect::new(0, 0, 3, 3));
        for (y, row) in [" │ ", "─┼─", " │ "].iter().enumerate() {
            source.set_string(0, y as u16, row, ratatui::style::Style::new());
        }
        let mut target = Buffer::empty(Rect::new(0, 0, 9, 9));
        blow_up(&source, 3, target.area, &mut target);
        let rows = text(&target);
        assert!(
            rows.iter().all(|r| r.chars().nth(4) != Some(' ')),
            "{rows:#?}"
        );
        assert_eq!(rows[4], "────┼────");
    }

    #[test]
    fn the_largest_scale_fits_the_border_too() {
        assert_eq!(largest((16, 5), (100, 30)), 5);
        assert_eq!(largest((16, 5), (33, 30)), 1);
        assert_eq!(largest((16, 5), (17, 30)), 0);
    }
}
