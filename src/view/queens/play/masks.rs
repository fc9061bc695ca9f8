//! The masks panel's lines.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::Play;
use crate::search::queens::Attack;
use crate::search::{Cause, bits, format_set};
use crate::view::queens::draw::{mask_line, mask_lines as shared_mask_lines};

/// The masks panel, as the main screen draws it: bits most-significant
/// first under the column numbers, then the legal set and the cursor.
pub(super) fn mask_lines(play: &Play) -> Vec<Line<'static>> {
    let t = &play.theme;
    let g = t.glyphs;
    let n = play.n;
    let m = play.masks();
    let label = |text: &str| Span::styled(format!("{text:<7}"), t.muted());
    let mut lines = shared_mask_lines(m, n, true, t);
    let row_of = |name: &str, mask: u32, style: Style, note: String| {
        mask_line(name, mask, n, style, note, t)
    };
    if play.complete() {
        lines.push(Line::from(vec![
            label("legal"),
            Span::raw("-  (board complete)"),
        ]));
        return lines;
    }
    let legal = play.legal();
    lines.push(row_of("legal", legal, t.legal(), format_set(bits(legal))));
    // An arrow under the cursor's bit: most-significant first, so column c
    // is n-1-c places in.
    let offset = usize::from(n - 1 - play.cursor);
    lines.push(Line::from(vec![
        label("cursor"),
        Span::raw(" ".repeat(offset)),
        Span::styled(g.arrows[0], t.key()),
        Span::styled(
            format!(
                "{}  column {}",
                " ".repeat(usize::from(play.cursor)),
                play.cursor
            ),
            t.muted(),
        ),
    ]));
    let mut status = format!("filling row {}", play.row());
    if play.tried() != 0 {
        status.push_str(&format!(
            "; tried already {}",
            format_set(bits(play.tried()))
        ));
    }
    lines.push(Line::styled(status, t.muted()));
    if let Some((_, col)) = play.refused {
        let bit = 1u32 << col;
        let by: Vec<&str> = [
            (Attack::Column, m.cols),
            (Attack::High, m.high),
            (Attack::Low, m.low),
        ]
        .into_iter()
        .filter(|(_, mask)| mask & bit != 0)
        .map(|(attack, _)| attack.words())
        .collect();
        lines.push(Line::styled(
            format!("column {col}: {}", by.join(", ")),
            t.rejected(),
        ));
    }
    lines
}
