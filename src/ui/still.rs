//! A screen drawn away from the terminal, into a buffer of a chosen size:
//! the one drawing that frames, SVG pictures and headless casts are made
//! from, so that each shows exactly what the terminal UI would.

use anyhow::{Context, Result};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::{Buffer, Cell};

use super::Screen;

/// Draws `screen` as the terminal UI would on a `width` x `height`
/// terminal, and returns the cells.
pub fn draw(screen: &impl Screen, width: u16, height: u16) -> Result<Buffer> {
    let mut terminal = Terminal::new(TestBackend::new(width, height))
        .context("cannot make an off-screen terminal")?;
    terminal
        .draw(|frame| screen.draw(frame))
        .context("cannot draw the screen off the terminal")?;
    Ok(terminal.backend().buffer().clone())
}

/// The cells of row `y` of `buffer`.
pub fn row(buffer: &Buffer, y: u16) -> &[Cell] {
    let width = usize::from(buffer.area.width);
    let start = usize::from(y) * width;
    &buffer.content[start..start + width]
}

/// The buffer as plain text: one line per row, trailing blanks trimmed,
/// each line ending in a newline. A wide glyph (`日`, an emoji) is written
/// once: the cell after it, which it covers on a terminal, is not written.
pub fn text(buffer: &Buffer) -> String {
    let mut out = String::new();
    for y in 0..buffer.area.height {
        let mut line = String::new();
        let mut covered = 0;
        for cell in row(buffer, y) {
            if covered > 0 {
                covered -= 1;
                continue;
            }
            line.push_str(cell.symbol());
            covered = super::columns::width(cell.symbol()).saturating_sub(1);
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The size a frame is drawn at when `--size` is not given: the classic
/// terminal.
pub const DEFAULT_SIZE: (u16, u16) = (80, 24);

/// The largest `--size` side: a frame bigger than any screen only costs
/// memory.
const MAX_SIDE: u16 = 1000;

/// What `--size` gives: a screen's size (`WxH`), or a plain number, the
/// side of an instance a search makes from `--seed` (`maze --seed S --size
/// N`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Size {
    /// Columns and rows.
    Screen(u16, u16),
    /// An instance's side, checked by the search that makes it.
    Side(u64),
}

impl Size {
    /// Whether this is an instance's side.
    pub fn is_side(&self) -> bool {
        matches!(self, Size::Side(_))
    }
}

/// Reads `--size`: `WxH` (see [`parse_size`]) or a plain whole number.
pub fn parse_size_or_side(text: &str) -> Result<Size> {
    if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        return text
            .parse()
            .map(Size::Side)
            .map_err(|_| anyhow::anyhow!("'{text}' is too large for a size"));
    }
    parse_size(text).map(|(w, h)| Size::Screen(w, h))
}

/// Reads `--size WxH`, e.g. `100x30`: columns and rows, each from 1 to
/// 1000.
pub fn parse_size(text: &str) -> Result<(u16, u16)> {
    let Some((w, h)) = text.split_once(['x', 'X']) else {
        anyhow::bail!("expected WxH, e.g. 100x30, not '{text}'");
    };
    let side = |part: &str, name: &str| -> Result<u16> {
        match part.parse::<u16>() {
            Ok(n) if (1..=MAX_SIDE).contains(&n) => Ok(n),
            _ => anyhow::bail!(
                "the {name} '{part}' in '{text}' is not a whole number from 1 to {MAX_SIDE}"
            ),
        }
    };
    Ok((side(w, "width")?, side(h, "height")?))
}
