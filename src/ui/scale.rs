//! A board drawn larger for a projector. A view that can draw its board
//! for a bigger cell does so itself (`Scene::render_board_scaled`), most
//! often through [`grid`]: a board of equal cells, each drawn as one block
//! ruled off from its neighbours, its marks whole in the middle. Any other
//! board is drawn bigger glyph by glyph by [`blow_up`]: the search draws its
//! board at its own size into a buffer, and each of its cells becomes a
//! `k` x `k` block of cells (a board square of two or three cells so becomes
//! `k` rows by `2k` or `3k` columns), its glyph in the middle. Nothing here
//! knows what the glyphs mean, only how lines join.
//!
//! Every cell of a block keeps its cell's colours, so a highlighted square
//! is a highlighted block. Line glyphs are drawn across their block so that
//! grid lines stay joined: `─` spans its block's middle row, `│` its middle
//! column, a junction (`┼`, `├`, `+`) reaches out along its arms, and a
//! diagonal (`╱`, `╲`) runs corner to corner.

use ratatui::buffer::{Buffer, Cell};
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::symbols::line;

use super::theme::Theme;

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
    /// A shade or block (`▓`, `█`): fills its whole block.
    Fill,
    /// Braille dots, the bits of the pattern.
    Braille(u8),
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
        "░" | "▒" | "▓" | "█" => Shape::Fill,
        _ => match symbol.chars().next().map(u32::from) {
            Some(c @ 0x2801..=0x28ff) if symbol.chars().count() == 1 => {
                Shape::Braille((c - 0x2800) as u8)
            }
            _ => Shape::Glyph,
        },
    }
}

/// The shape of the glyph at (`x`, `y`) of `source`: as [`shape`], but an
/// ASCII line glyph (`-`, `|`, `+`, `/`, `\\`) with no line beside it,
/// above or below is text (a mark such as cover's `-` or a label's
/// `3:-`), kept whole rather than drawn across its block.
fn shape_in(source: &Buffer, x: u16, y: u16) -> Shape {
    let from = source.area;
    let symbol = source[(from.x + x, from.y + y)].symbol();
    let found = shape(symbol);
    if !matches!(symbol, "-" | "|" | "+" | "/" | "\\") {
        return found;
    }
    let line = |dx: i32, dy: i32| {
        let (nx, ny) = (i32::from(x) + dx, i32::from(y) + dy);
        if nx < 0 || ny < 0 || nx >= i32::from(from.width) || ny >= i32::from(from.height) {
            return false;
        }
        let near = source[(from.x + nx as u16, from.y + ny as u16)].symbol();
        matches!(shape(near), Shape::Lines(_) | Shape::Diagonal { .. })
    };
    let joined = match symbol {
        "-" => line(-1, 0) || line(1, 0),
        "|" => line(0, -1) || line(0, 1),
        "+" => line(-1, 0) || line(1, 0) || line(0, -1) || line(0, 1),
        _ => line(-1, -1) || line(1, 1) || line(-1, 1) || line(1, -1),
    };
    if joined { found } else { Shape::Glyph }
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

/// Where the cells of a board drawn at its natural size are, when they
/// are a grid of equal cells: `label` columns of row labels on the left,
/// `header` rows of column labels on top, then `rows` rows of `cols`
/// cells, each `width` columns wide and one row high.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    pub label: u16,
    pub header: u16,
    pub width: u16,
    pub cols: u16,
    pub rows: u16,
}

/// Draws `source`, a board drawn at its natural size whose cells are
/// `grid`, `k` times bigger into `area` of `target` (the natural size
/// times `k`, like [`blow_up`]): each cell becomes a block of `k` rows by
/// `width * k` columns, ruled off from its neighbours by `lines` in
/// `line_style`, filled with its cell's colours (or its fill glyph, a
/// wall's `▓`), its marks read as one text and drawn whole in the middle.
/// Each row's label ends just before the grid's left line, on its block's
/// middle row; each column's label is centred over its block, on the row
/// above the grid's top line. `k` below 2 copies the cells as they are.
pub fn grid(
    source: &Buffer,
    grid: Grid,
    k: u16,
    lines: line::Set,
    line_style: Style,
    area: Rect,
    target: &mut Buffer,
) {
    if k < 2 {
        return blow_up(source, 1, area, target);
    }
    let from = source.area;
    let clip = area.intersection(target.area);
    let mut put = |x: u16, y: u16, style: Style, symbol: &str| {
        if clip.contains((x, y).into()) {
            let out = &mut target[(x, y)];
            *out = Cell::new(" ");
            out.set_style(style);
            out.set_symbol(symbol);
        }
    };
    let cell = |x: u16, y: u16| {
        (x < from.width && y < from.height).then(|| &source[(from.x + x, from.y + y)])
    };
    // The cells of `x0..x1` on natural row `y`, without the blanks at
    // either end: (symbol, style) each, and the columns they take.
    let text = |x0: u16, x1: u16, y: u16| {
        let mut run: Vec<(String, Style)> = Vec::new();
        let mut x = x0;
        while x < x1 {
            let Some(c) = cell(x, y) else { break };
            run.push((c.symbol().to_string(), c.style()));
            x += unicode_width(c.symbol()).max(1) as u16;
        }
        let blank = |s: &(String, Style)| s.0.trim().is_empty();
        let start = run.iter().position(|s| !blank(s)).unwrap_or(run.len());
        let end = run.iter().rposition(|s| !blank(s)).map_or(start, |e| e + 1);
        let run = run[start..end].to_vec();
        let width: u16 = run.iter().map(|s| unicode_width(&s.0).max(1) as u16).sum();
        (run, width)
    };
    let write =
        |put: &mut dyn FnMut(u16, u16, Style, &str), x: u16, y: u16, run: &[(String, Style)]| {
            let mut at = x;
            for (symbol, style) in run {
                put(at, y, *style, symbol);
                at += unicode_width(symbol).max(1) as u16;
            }
        };
    let block = grid.width * k;
    // The grid's lines: the last column of the label area and of each
    // block, the last row of the header and of each block.
    let line_x = |c: u16| area.x + ((grid.label + c * grid.width) * k).saturating_sub(1);
    let line_y = |r: u16| area.y + ((grid.header + r) * k).saturating_sub(1);
    // Each cell's block: its colours or its fill, its marks in the middle.
    for r in 0..grid.rows {
        let sy = grid.header + r;
        for c in 0..grid.cols {
            let sx = grid.label + c * grid.width;
            let first = cell(sx, sy).map(Cell::style).unwrap_or_default();
            let fill = (sx..sx + grid.width)
                .filter_map(|x| cell(x, sy))
                .find(|c| shape(c.symbol()) == Shape::Fill)
                .map(|c| (c.symbol().to_string(), c.style()));
            let (symbol, style) = fill.clone().unwrap_or((" ".to_string(), first));
            for y in line_y(r) + 1..line_y(r + 1) {
                for x in line_x(c) + 1..line_x(c + 1) {
                    put(x, y, style, &symbol);
                }
            }
            if fill.is_none() {
                let (run, width) = text(sx, sx + grid.width, sy);
                let inner = block - 1;
                let x = line_x(c) + 1 + inner.saturating_sub(width) / 2;
                write(&mut put, x, line_y(r) + 1 + (k - 2) / 2, &run);
            }
        }
        // The row's label, ending a blank before the left line.
        let (run, width) = text(0, grid.label, sy);
        let x = line_x(0).saturating_sub(width + 1).max(area.x);
        write(&mut put, x, line_y(r) + 1 + (k - 2) / 2, &run);
    }
    for hy in 0..grid.header {
        let y = area.y + hy * k + (k - 1) / 2;
        for c in 0..grid.cols {
            let sx = grid.label + c * grid.width;
            let (run, width) = text(sx, sx + grid.width, hy);
            let x = line_x(c) + 1 + (block - 1).saturating_sub(width) / 2;
            write(&mut put, x, y, &run);
        }
        let (run, width) = text(0, grid.label, hy);
        let x = line_x(0).saturating_sub(width + 1).max(area.x);
        write(&mut put, x, y, &run);
    }
    // The lines, and where they meet.
    let (last_c, last_r) = (grid.cols, grid.rows);
    for r in 0..=last_r {
        for x in line_x(0)..=line_x(last_c) {
            put(x, line_y(r), line_style, lines.horizontal);
        }
    }
    for c in 0..=last_c {
        for y in line_y(0)..=line_y(last_r) {
            put(line_x(c), y, line_style, lines.vertical);
        }
    }
    for r in 0..=last_r {
        for c in 0..=last_c {
            let junction = match (r == 0, r == last_r, c == 0, c == last_c) {
                (true, _, true, _) => lines.top_left,
                (true, _, _, true) => lines.top_right,
                (_, true, true, _) => lines.bottom_left,
                (_, true, _, true) => lines.bottom_right,
                (true, ..) => lines.horizontal_down,
                (_, true, ..) => lines.horizontal_up,
                (_, _, true, _) => lines.vertical_right,
                (_, _, _, true) => lines.vertical_left,
                _ => lines.cross,
            };
            put(line_x(c), line_y(r), line_style, junction);
        }
    }
}

/// A board of equal cells ([`Grid`]) drawn `k` times bigger: `draw` draws
/// it at its natural size (the grid's size) into a buffer, which [`grid`]
/// draws into `area` in the theme's lines. Always true, for
/// `Scene::render_board_scaled`.
pub fn draw_grid(
    cells: Grid,
    k: u16,
    theme: &Theme,
    area: Rect,
    target: &mut Buffer,
    draw: impl FnOnce(Rect, &mut Buffer),
) -> bool {
    let natural = Rect::new(
        0,
        0,
        cells.label + cells.cols * cells.width,
        cells.header + cells.rows,
    );
    let mut source = Buffer::empty(natural);
    draw(natural, &mut source);
    grid(
        &source,
        cells,
        k,
        theme.grid_lines(),
        theme.border(),
        area,
        target,
    );
    true
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
///
/// Drawn bigger, not spaced out: every block keeps its cell's colours; a
/// shade or block glyph (`▓`, a maze wall) fills its whole block; braille
/// dots (a graph's edges) are drawn on the larger dot grid, so that a line
/// stays a line; box-drawing lines reach across their blocks; and a run of
/// text glyphs (`[↓]`, `0:1`, `item`, `3a→`) stays together, centred on
/// the blocks its cells became, so that a label or a cell's marks are
/// never pulled apart.
pub fn blow_up(source: &Buffer, k: u16, area: Rect, target: &mut Buffer) {
    let k = k.max(1);
    let from = source.area;
    let mid = k / 2;
    let clip = area.intersection(target.area);
    let mut put = |x: u16, y: u16, style: ratatui::style::Style, symbol: &str| {
        if clip.contains((x, y).into()) {
            let out = &mut target[(x, y)];
            *out = Cell::new(" ");
            out.set_style(style);
            out.set_symbol(symbol);
        }
    };
    // Blocks, fills, braille and lines first; text on top.
    for sy in 0..from.height {
        for sx in 0..from.width {
            let cell = &source[(from.x + sx, from.y + sy)];
            let style = cell.style();
            let (x0, y0) = (area.x + sx * k, area.y + sy * k);
            let symbol = cell.symbol();
            let shape = shape_in(source, sx, sy);
            let fill = match shape {
                Shape::Fill => symbol,
                _ => " ",
            };
            for dy in 0..k {
                for dx in 0..k {
                    put(x0 + dx, y0 + dy, style, fill);
                }
            }
            match shape {
                Shape::Glyph | Shape::Fill => {}
                Shape::Braille(dots) => {
                    for dy in 0..k {
                        for dx in 0..k {
                            let part = braille_part(dots, k, dx, dy);
                            if part != 0 {
                                put(x0 + dx, y0 + dy, style, &braille(part));
                            }
                        }
                    }
                }
                Shape::Lines(arms) => {
                    let (across, down) = arm_glyphs(symbol);
                    for dx in 0..k {
                        if (dx < mid && arms.left) || (dx > mid && arms.right) {
                            put(x0 + dx, y0 + mid, style, across);
                        }
                    }
                    for dy in 0..k {
                        if (dy < mid && arms.up) || (dy > mid && arms.down) {
                            put(x0 + mid, y0 + dy, style, down);
                        }
                    }
                    put(x0 + mid, y0 + mid, style, symbol);
                }
                Shape::Diagonal { rising } => {
                    for d in 0..k {
                        let dy = if rising { k - 1 - d } else { d };
                        put(x0 + d, y0 + dy, style, symbol);
                    }
                }
            }
        }
    }
    for sy in 0..from.height {
        let row: Vec<&Cell> = (0..from.width)
            .map(|sx| &source[(from.x + sx, from.y + sy)])
            .collect();
        let is_text = |sx: usize| {
            !row[sx].symbol().trim().is_empty() && shape_in(source, sx as u16, sy) == Shape::Glyph
        };
        let mut sx = 0;
        while sx < row.len() {
            if !is_text(sx) {
                sx += 1;
                continue;
            }
            // A run of text, a wide glyph's covered cell included.
            let first = sx;
            let mut cells: Vec<&Cell> = Vec::new();
            let mut width = 0usize;
            while sx < row.len() && is_text(sx) {
                // Two bracketed groups side by side (`[→][↓]`, two cells
                // of a maze) are two runs, each centred on its own cells.
                let closed = cells
                    .last()
                    .is_some_and(|c| matches!(c.symbol(), "]" | ")"));
                if closed && matches!(row[sx].symbol(), "[" | "(") {
                    break;
                }
                let w = unicode_width(row[sx].symbol()).max(1);
                cells.push(row[sx]);
                width += w;
                sx += w;
            }
            let span = (sx - first) as u16 * k;
            let x = area.x + first as u16 * k + (span - width as u16) / 2;
            let y = area.y + sy * k + mid;
            let mut at = x;
            for cell in cells {
                put(at, y, cell.style(), cell.symbol());
                at += unicode_width(cell.symbol()).max(1) as u16;
            }
        }
    }
}

/// The dots of braille cell (`dx`, `dy`) of a `k` x `k` block drawn from
/// a cell whose dots are `dots`: the block is a grid of `2k` x `4k` dots,
/// and each dot of it is on where the source dot it falls in is on, so
/// that a line of dots stays joined.
fn braille_part(dots: u8, k: u16, dx: u16, dy: u16) -> u8 {
    let mut part = 0;
    for (bit, (col, row)) in BRAILLE_DOTS.iter().enumerate() {
        let (gx, gy) = (dx * 2 + col, dy * 4 + row);
        let (source_col, source_row) = (gx / k, gy / k);
        let source_bit = BRAILLE_DOTS
            .iter()
            .position(|&d| d == (source_col, source_row))
            .unwrap_or(0);
        if dots & (1 << source_bit) != 0 {
            part |= 1 << bit;
        }
    }
    part
}

/// Where each bit of a braille pattern puts its dot: (column, row) in the
/// cell's 2 x 4 grid, in Unicode's bit order.
const BRAILLE_DOTS: [(u16, u16); 8] = [
    (0, 0),
    (0, 1),
    (0, 2),
    (1, 0),
    (1, 1),
    (1, 2),
    (0, 3),
    (1, 3),
];

/// The braille glyph with `dots`.
fn braille(dots: u8) -> String {
    char::from_u32(0x2800 + u32::from(dots))
        .map(String::from)
        .unwrap_or_default()
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

    fn blown(rows: &[&str], k: u16) -> Vec<String> {
        let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0) as u16;
        let mut source = Buffer::empty(Rect::new(0, 0, width, rows.len() as u16));
        for (y, row) in rows.iter().enumerate() {
            source.set_string(0, y as u16, row, ratatui::style::Style::new());
        }
        let mut target = Buffer::empty(Rect::new(0, 0, width * k, rows.len() as u16 * k));
        blow_up(&source, k, target.area, &mut target);
        text(&target)
    }

    #[test]
    fn a_run_of_text_stays_together_in_the_middle_of_its_blocks() {
        assert_eq!(blown(&["Q1"], 3), ["      ", "  Q1  ", "      "]);
        // Two labels a blank apart stay apart, each whole.
        assert_eq!(blown(&["0:1 [↓]"], 2)[1], " 0:1     [↓]  ");
        // Two bracketed cells side by side stay two cells.
        assert_eq!(blown(&["[→][↓]"], 2)[1], " [→]   [↓]  ");
    }

    #[test]
    fn a_wall_fills_its_blocks() {
        assert_eq!(blown(&["▓▓ "], 2), ["▓▓▓▓  ", "▓▓▓▓  "]);
    }

    #[test]
    fn braille_lines_stay_joined() {
        // A row of dots along the top of two cells: along the top of the
        // larger grid, unbroken (each dot now two by two).
        let rows = blown(&["⠉⠉"], 2);
        assert_eq!(rows[0], "⠛⠛⠛⠛");
        assert_eq!(rows[1].trim(), "");
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
    fn a_lone_ascii_dash_is_a_mark_and_a_row_of_them_a_line() {
        assert_eq!(blown(&["3:- -"], 2)[1], " 3:-    - ");
        assert_eq!(blown(&["+-+"], 2)[1], "-+---+");
    }

    #[test]
    fn a_grid_rules_its_cells_off_and_keeps_their_marks_whole() {
        // Two columns of cells three wide, one label column, one header.
        let rows = [" 0  1 ", "0▓▓▓3a→"];
        let mut source = Buffer::empty(Rect::new(0, 0, 7, 2));
        for (y, row) in rows.iter().enumerate() {
            source.set_string(0, y as u16, row, Style::new());
        }
        let cells = Grid {
            label: 1,
            header: 1,
            width: 3,
            cols: 2,
            rows: 1,
        };
        let mut target = Buffer::empty(Rect::new(0, 0, 14, 4));
        let area = target.area;
        grid(
            &source,
            cells,
            2,
            line::NORMAL,
            Style::new(),
            area,
            &mut target,
        );
        assert_eq!(
            text(&target),
            [
                "    0     1   ",
                " ┌─────┬─────┐",
                "0│▓▓▓▓▓│ 3a→ │",
                " └─────┴─────┘",
            ]
        );
    }

    #[test]
    fn the_largest_scale_fits_the_border_too() {
        assert_eq!(largest((16, 5), (100, 30)), 5);
        assert_eq!(largest((16, 5), (33, 30)), 1);
        assert_eq!(largest((16, 5), (17, 30)), 0);
    }
}
