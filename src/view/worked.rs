//! Worked mask arithmetic: the lines under a masks panel that show a step's
//! bit operations with their operands, `C' = 0001 | 0100 = 0101`. Each
//! search writes its own lines from its engine's masks; this module only
//! picks the form that fits and the signs the theme can draw.

use ratatui::style::Style;
use ratatui::text::Line;

use crate::ui::theme::Theme;

/// The sign for "not": `¬`, or `!` in ASCII.
pub fn not(theme: &Theme) -> &'static str {
    if theme.glyphs.arrows[1].is_ascii() {
        "!"
    } else {
        "¬"
    }
}

/// The arrow from a test to its outcome: `→`, or `->` in ASCII.
pub fn then(theme: &Theme) -> &'static str {
    if theme.glyphs.arrows[1].is_ascii() {
        "->"
    } else {
        "→"
    }
}

/// The first of `forms` (longest and most telling first) that fits in
/// `width` columns, as a line in `style`; `None` when none fits, so that
/// the line is dropped rather than wrapped.
pub fn fit(forms: &[String], width: u16, style: Style) -> Option<Line<'static>> {
    forms
        .iter()
        .find(|form| form.chars().count() <= usize::from(width))
        .map(|form| Line::styled(form.clone(), style))
}
