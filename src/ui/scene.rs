//! What each search draws: its board, its masks and its path. The rest of
//! the screen (title, counters, log, keys) is shared.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::predict::Ask;
use super::theme::Theme;
use crate::model::Report;

/// The per-search part of the screen. Everything is read from the search's
/// view between events and from the last event; nothing re-implements a
/// search rule.
pub trait Scene: Report + Ask {
    /// The title bar text, e.g. `N-Queens n=4 · symmetry`.
    fn title(&self, name: &str, theme: &Theme) -> String;

    /// Width and height the board needs inside its border.
    fn board_size(&self) -> (u16, u16);

    /// Draws the board into `area` (at least [`Scene::board_size`]).
    fn render_board(&self, last: Option<&Self::Event>, theme: &Theme, area: Rect, buf: &mut Buffer);

    /// The title of the masks panel.
    fn masks_title(&self) -> &'static str {
        "Masks"
    }

    /// The masks panel, line by line.
    fn masks(&self, last: Option<&Self::Event>, theme: &Theme) -> Vec<Line<'static>>;

    /// The most columns and lines [`Scene::masks`] takes at any step of
    /// this search, so that the panel keeps one size from step to step.
    fn masks_extent(&self, theme: &Theme) -> (u16, u16);

    /// What each glyph and mark on the board means, for the help popup:
    /// (the glyph as drawn, its meaning).
    fn legend(&self, theme: &Theme) -> Vec<(String, String)>;

    /// The current path in one line.
    fn path(&self, theme: &Theme) -> PathLine;

    /// The algorithm as short numbered pseudo-code, in the screen's words.
    fn algorithm(&self) -> &'static [&'static str];

    /// The line of [`Scene::algorithm`] (0-based) that produced `last`.
    fn algorithm_line(&self, last: Option<&Self::Event>) -> usize;

    /// What the solutions counter says, e.g. `2 (1 board, counted twice)`.
    fn solutions_text(&self) -> String;

    /// Counters of this search's own, shown after the shared ones (exact
    /// cover: `updates`), as (name, value).
    fn extra_counters(&self) -> Vec<(&'static str, u64)> {
        Vec::new()
    }

    /// What one unit of the work the search counts in `Counters::work` is
    /// (`mask ops`, `comparisons`), for the cost per node the compare
    /// screen shows; `None` for a search that counts none.
    fn cost_unit(&self) -> Option<&'static str> {
        None
    }
}

/// The path panel's line, in parts, so that a narrow panel can cut it
/// without reading its words: the note goes first, then the oldest steps.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PathLine {
    /// What the line shows, e.g. `prefix `, `placed `.
    pub label: Span<'static>,
    /// The path's steps, oldest first.
    pub steps: Vec<Span<'static>>,
    /// A note after the steps (a rule of thumb, what was found).
    pub note: Option<Span<'static>>,
}

impl PathLine {
    /// The whole line.
    pub fn line(self) -> Line<'static> {
        let mut spans = vec![self.label];
        spans.extend(self.steps);
        spans.extend(self.note);
        Line::from(spans)
    }
}

/// The display width of the widest line and the number of lines.
pub fn extent(lines: &[Line]) -> (u16, u16) {
    let width = lines.iter().map(Line::width).max().unwrap_or(0);
    (width as u16, lines.len() as u16)
}

/// Writes `text` at (`x`, `y`) of `area` if it fits.
pub fn put(buf: &mut Buffer, area: Rect, x: u16, y: u16, text: &str, style: ratatui::style::Style) {
    if x < area.width && y < area.height {
        let width = (area.width - x) as usize;
        buf.set_stringn(area.x + x, area.y + y, text, width, style);
    }
}
