//! Text measured in terminal columns, not in chars: a CJK glyph or an
//! emoji takes two columns, a combining mark none. Everything that fits
//! text to a width (the title bar, the event log, a panel's lines) measures
//! it here, and a line too long for its room ends in the theme's ellipsis
//! instead of being cut silently.

use ratatui::text::{Line, Span};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// The columns `text` takes on a terminal.
pub fn width(text: &str) -> usize {
    UnicodeWidthStr::width(text)
}

/// The longest start of `text` that takes at most `room` columns, and the
/// columns it takes.
fn head(text: &str, room: usize) -> (&str, usize) {
    let mut used = 0;
    for (i, c) in text.char_indices() {
        let w = c.width().unwrap_or(0);
        if used + w > room {
            return (&text[..i], used);
        }
        used += w;
    }
    (text, used)
}

/// `text` in at most `room` columns: whole when it fits, else its start
/// and `ellipsis` where it was cut.
pub fn shorten(text: &str, room: usize, ellipsis: &str) -> String {
    if width(text) <= room {
        return text.to_string();
    }
    let (kept, _) = head(text, room.saturating_sub(width(ellipsis)));
    format!("{kept}{ellipsis}")
}

/// `line` in at most `room` columns: whole when it fits, else cut where
/// the room ends with `ellipsis` (in the style of the span it cuts), every
/// span keeping its style.
pub fn fit_line(line: Line<'static>, room: usize, ellipsis: &str) -> Line<'static> {
    if line.width() <= room {
        return line;
    }
    let Line {
        spans,
        style,
        alignment,
    } = line;
    let mut budget = room.saturating_sub(width(ellipsis));
    let mut kept = Vec::new();
    let mut last_style = ratatui::style::Style::new();
    for span in spans {
        last_style = span.style;
        let (part, used) = head(&span.content, budget);
        budget -= used;
        let whole = part.len() == span.content.len();
        if !part.is_empty() {
            kept.push(Span::styled(part.to_string(), span.style));
        }
        if !whole {
            break;
        }
    }
    kept.push(Span::styled(ellipsis.to_string(), last_style));
    Line {
        spans: kept,
        style,
        alignment,
    }
}

/// [`fit_line`] for each of `lines`.
pub fn fit_lines(lines: Vec<Line<'static>>, room: usize, ellipsis: &str) -> Vec<Line<'static>> {
    lines
        .into_iter()
        .map(|line| fit_line(line, room, ellipsis))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_glyphs_take_two_columns() {
        assert_eq!(width("日本語"), 6);
        assert_eq!(width("a🦀b"), 4);
        assert_eq!(shorten("日本語の名前", 7, "…"), "日本語…");
        assert_eq!(shorten("short", 5, "…"), "short");
        assert_eq!(shorten("longer", 5, "..."), "lo...");
    }

    #[test]
    fn a_long_line_ends_in_an_ellipsis_and_keeps_its_styles() {
        let bold = ratatui::style::Style::new().bold();
        let line = Line::from(vec![
            Span::raw("31  reject "),
            Span::styled("(3,1): column", bold),
        ]);
        let fitted = fit_line(line.clone(), 20, "…");
        assert_eq!(fitted.to_string(), "31  reject (3,1): c…");
        assert_eq!(fitted.width(), 20);
        assert_eq!(fitted.spans.last().map(|s| s.style), Some(bold));
        assert_eq!(fit_line(line.clone(), 24, "…"), line);
        // A wide glyph that would straddle the edge goes whole.
        let wide = fit_line(Line::raw("ab日本"), 4, "…");
        assert_eq!(wide.to_string(), "ab…");
    }
}
