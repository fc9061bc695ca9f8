//! A drawn screen as an SVG picture (`--print svg`): a monospace grid
//! with the theme's colours, for slides and web pages.
//!
//! Each cell is [`CELL_W`] x [`CELL_H`] units of the `viewBox`, so the
//! picture scales to any size and stays sharp. A row is cut into runs of
//! cells of one style: a `<rect>` for each run with a background, a
//! `<text>` for each run with something to read, stretched to exactly its
//! cells (`textLength`) so that box-drawing lines meet whatever monospace
//! font the viewer has.

use std::fmt::Write;

use ratatui::buffer::{Buffer, Cell};
use ratatui::style::{Color, Modifier};

use super::still;

/// A cell's width in `viewBox` units.
pub const CELL_W: u32 = 10;
/// A cell's height in `viewBox` units.
pub const CELL_H: u32 = 20;
/// Where a row's text sits: its baseline below the row's top.
const BASELINE: u32 = 16;
/// The font size whose line (ascent and descent) is one cell high, so that
/// box-drawing lines meet from row to row; `textLength` sets the width.
const FONT_SIZE: f32 = 17.2;

/// The terminal's own colours, for cells that keep them (`Color::Reset`).
const BACKGROUND: &str = "#16161c";
pub(super) const FOREGROUND: &str = "#dcdcdc";

/// What a run of cells shares.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Look {
    fg: Color,
    bg: Color,
    modifier: Modifier,
}

impl Look {
    fn of(cell: &Cell) -> Look {
        Look {
            fg: cell.fg,
            bg: cell.bg,
            modifier: cell.modifier,
        }
    }

    /// The text and background colours, after `REVERSED` swaps them.
    fn colours(self) -> (String, Option<String>) {
        let fg = hex(self.fg).unwrap_or_else(|| FOREGROUND.to_string());
        let bg = hex(self.bg);
        if self.modifier.contains(Modifier::REVERSED) {
            (bg.unwrap_or_else(|| BACKGROUND.to_string()), Some(fg))
        } else {
            (fg, bg)
        }
    }
}

/// The buffer as an SVG document.
pub fn svg(buffer: &Buffer) -> String {
    let (width, height) = (
        u32::from(buffer.area.width) * CELL_W,
        u32::from(buffer.area.height) * CELL_H,
    );
    let mut out = String::with_capacity(64 * buffer.content.len());
    let _ = write!(
        out,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" \
         width=\"{width}\" height=\"{height}\" \
         font-family=\"'DejaVu Sans Mono', Menlo, Consolas, 'Liberation Mono', monospace\" \
         font-size=\"{FONT_SIZE}\" style=\"white-space: pre\">\n\
         <rect width=\"{width}\" height=\"{height}\" fill=\"{BACKGROUND}\"/>\n"
    );
    let mut texts = String::new();
    for y in 0..buffer.area.height {
        let cells = still::row(buffer, y);
        let top = u32::from(y) * CELL_H;
        let mut start = 0;
        while start < cells.len() {
            let look = Look::of(&cells[start]);
            let end = start
                + cells[start..]
                    .iter()
                    .take_while(|cell| Look::of(cell) == look)
                    .count();
            let run = &cells[start..end];
            let (fg, bg) = look.colours();
            let x = start as u32 * CELL_W;
            let span = (end - start) as u32 * CELL_W;
            if let Some(bg) = bg {
                let _ = writeln!(
                    out,
                    "<rect x=\"{x}\" y=\"{top}\" width=\"{span}\" height=\"{CELL_H}\" fill=\"{bg}\"/>"
                );
            }
            let text: String = run.iter().map(Cell::symbol).collect();
            let underlined = look.modifier.contains(Modifier::UNDERLINED);
            if !text.trim().is_empty() || (underlined && !text.is_empty()) {
                let _ = write!(
                    texts,
                    "<text xml:space=\"preserve\" x=\"{x}\" y=\"{}\" textLength=\"{span}\" lengthAdjust=\"spacingAndGlyphs\" fill=\"{fg}\"",
                    top + BASELINE
                );
                if look.modifier.contains(Modifier::BOLD) {
                    texts.push_str(" font-weight=\"bold\"");
                }
                if look.modifier.contains(Modifier::ITALIC) {
                    texts.push_str(" font-style=\"italic\"");
                }
                if underlined {
                    texts.push_str(" text-decoration=\"underline\"");
                }
                if look.modifier.contains(Modifier::DIM) {
                    texts.push_str(" opacity=\"0.6\"");
                }
                texts.push('>');
                escape_into(&text, &mut texts);
                texts.push_str("</text>\n");
            }
            start = end;
        }
    }
    out.push_str(&texts);
    out.push_str("</svg>\n");
    out
}

/// Appends `text` with the five XML specials escaped, and any control
/// character (which XML 1.0 forbids) as a space.
pub(super) fn escape_into(text: &str, out: &mut String) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
}

/// `#rrggbb` for a colour, `None` for the terminal's own (`Reset`). The
/// sixteen named colours are xterm's.
pub(super) fn hex(colour: Color) -> Option<String> {
    let (r, g, b) = match colour {
        Color::Reset => return None,
        Color::Rgb(r, g, b) => (r, g, b),
        Color::Indexed(i) => indexed(i),
        named => NAMED[named_index(named)],
    };
    Some(format!("#{r:02x}{g:02x}{b:02x}"))
}

/// xterm's sixteen colours, in ANSI order.
const NAMED: [(u8, u8, u8); 16] = [
    (0x00, 0x00, 0x00),
    (0xcd, 0x00, 0x00),
    (0x00, 0xcd, 0x00),
    (0xcd, 0xcd, 0x00),
    (0x00, 0x00, 0xee),
    (0xcd, 0x00, 0xcd),
    (0x00, 0xcd, 0xcd),
    (0xe5, 0xe5, 0xe5),
    (0x7f, 0x7f, 0x7f),
    (0xff, 0x00, 0x00),
    (0x00, 0xff, 0x00),
    (0xff, 0xff, 0x00),
    (0x5c, 0x5c, 0xff),
    (0xff, 0x00, 0xff),
    (0x00, 0xff, 0xff),
    (0xff, 0xff, 0xff),
];

fn named_index(colour: Color) -> usize {
    match colour {
        Color::Black => 0,
        Color::Red => 1,
        Color::Green => 2,
        Color::Yellow => 3,
        Color::Blue => 4,
        Color::Magenta => 5,
        Color::Cyan => 6,
        Color::Gray => 7,
        Color::DarkGray => 8,
        Color::LightRed => 9,
        Color::LightGreen => 10,
        Color::LightYellow => 11,
        Color::LightBlue => 12,
        Color::LightMagenta => 13,
        Color::LightCyan => 14,
        _ => 15,
    }
}

/// xterm's 256-colour palette: the sixteen, a 6x6x6 cube, 24 greys.
fn indexed(i: u8) -> (u8, u8, u8) {
    match i {
        0..=15 => NAMED[usize::from(i)],
        16..=231 => {
            let level = |v: u8| if v == 0 { 0 } else { 55 + v * 40 };
            let v = i - 16;
            (level(v / 36), level(v / 6 % 6), level(v % 6))
        }
        _ => {
            let grey = 8 + (i - 232) * 10;
            (grey, grey, grey)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specials_are_escaped_and_colours_are_hex() {
        let mut out = String::new();
        escape_into("a<b & 'c' > \"d\"\u{1b}", &mut out);
        assert_eq!(out, "a&lt;b &amp; &apos;c&apos; &gt; &quot;d&quot; ");
        assert_eq!(
            hex(Color::Rgb(0xE6, 0x9F, 0x00)).as_deref(),
            Some("#e69f00")
        );
        assert_eq!(hex(Color::Indexed(196)).as_deref(), Some("#ff0000"));
        assert_eq!(hex(Color::Indexed(244)).as_deref(), Some("#808080"));
        assert_eq!(hex(Color::Reset), None);
    }
}
