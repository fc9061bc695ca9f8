//! A screen drawn away from the terminal, into a buffer of a chosen size:
//! the one drawing that frames, SVG pictures and headless casts are made
//! from, so that each shows exactly what the terminal UI would.

use anyhow::{Context, Result, bail};
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
/// each line ending in a newline.
pub fn text(buffer: &Buffer) -> String {
    let mut out = String::new();
    for y in 0..buffer.area.height {
        let line: String = row(buffer, y).iter().map(Cell::symbol).collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The screen size of a headless screen when none is given.
pub const DEFAULT_SIZE: (u16, u16) = (80, 24);

/// The largest side of a headless screen, in cells.
const LARGEST: u16 = 1000;

/// Reads `--size WxH`: columns `x` rows, each from 1 to 1000.
pub fn parse_size(text: &str) -> Result<(u16, u16)> {
    let Some((width, height)) = text.split_once(['x', 'X']) else {
        bail!("expected COLUMNSxROWS such as 100x30, not '{text}'");
    };
    let side = |what: &str, side: &str| {
        side.parse::<u16>()
            .ok()
            .filter(|n| (1..=LARGEST).contains(n))
            .with_context(|| {
                format!("{what} '{side}' in '{text}' is not a whole number from 1 to {LARGEST}")
            })
    };
    Ok((side("the columns", width)?, side("the rows", height)?))
}
