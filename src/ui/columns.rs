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

/// `line` on as many rows of at most `room` columns as it needs, broken
/// between phrases rather than inside one: between its spans first (a
/// mask's name, its bits, its note), then after a comma, colon or
/// semicolon or at a run of blanks, and only then at a single blank. Each
/// row after the first is indented under the line's value (the width of
/// its first span when that is a label padded with blanks), so that a
/// broken line reads as one. Every span keeps its style; a word wider than
/// a row is cut where the row ends.
pub fn wrap_phrases(line: Line<'static>, room: usize) -> Vec<Line<'static>> {
    if line.width() <= room || room == 0 {
        return vec![line];
    }
    let indent = match line.spans.first() {
        Some(first) if line.spans.len() > 1 && first.content.ends_with(' ') => first.width(),
        _ => line.to_string().chars().take_while(|c| *c == ' ').count(),
    };
    let indent = indent.min(room / 2);
    // The line's phrases, each a piece of one span, with the blanks that
    // come before it (dropped where a row breaks).
    let mut pieces: Vec<(String, String, ratatui::style::Style)> = Vec::new();
    for span in &line.spans {
        let mut lead = String::new();
        let mut word = String::new();
        let mut chars = span.content.chars().peekable();
        while let Some(c) = chars.next() {
            if c == ' ' {
                if word.is_empty() {
                    lead.push(c);
                    continue;
                }
                // A run of blanks ends a phrase; a single one joins words.
                let run = chars.peek() == Some(&' ');
                let clause = word.ends_with([',', ':', ';']);
                if run || clause {
                    pieces.push((
                        std::mem::take(&mut lead),
                        std::mem::take(&mut word),
                        span.style,
                    ));
                    lead.push(c);
                } else {
                    word.push(c);
                }
            } else {
                word.push(c);
            }
        }
        if !word.is_empty() || !lead.is_empty() {
            pieces.push((lead, word, span.style));
        }
    }
    let mut rows: Vec<Vec<Span<'static>>> = vec![Vec::new()];
    let mut used = 0usize;
    let new_row = |rows: &mut Vec<Vec<Span<'static>>>, used: &mut usize| {
        rows.push(vec![Span::raw(" ".repeat(indent))]);
        *used = indent;
    };
    for (lead, phrase, style) in pieces {
        let whole = width(&lead) + width(&phrase);
        if used + whole <= room {
            rows.last_mut()
                .expect("a row")
                .push(Span::styled(format!("{lead}{phrase}"), style));
            used += whole;
            continue;
        }
        // A phrase that fits a row whole starts one; a longer one goes on
        // where the row is, word by word, a word wider than a row cut
        // where the row ends.
        let fresh = (used > indent || (used > 0 && rows.len() == 1))
            && width(&phrase) <= room.saturating_sub(indent);
        let mut rest = phrase.as_str();
        if fresh {
            new_row(&mut rows, &mut used);
        } else if used > indent && used + width(&lead) < room {
            rows.last_mut()
                .expect("a row")
                .push(Span::styled(lead.clone(), style));
            used += width(&lead);
        }
        while !rest.is_empty() {
            let free = room.saturating_sub(used);
            if width(rest) <= free {
                rows.last_mut()
                    .expect("a row")
                    .push(Span::styled(rest.to_string(), style));
                used += width(rest);
                break;
            }
            let (fits, _) = head(rest, free);
            let cut = match fits.rfind(' ') {
                Some(at) if at > 0 => at,
                _ if used > indent => {
                    new_row(&mut rows, &mut used);
                    continue;
                }
                _ => fits
                    .len()
                    .max(rest.chars().next().map_or(1, char::len_utf8)),
            };
            rows.last_mut()
                .expect("a row")
                .push(Span::styled(rest[..cut].to_string(), style));
            rest = rest[cut..].trim_start();
            new_row(&mut rows, &mut used);
        }
    }
    rows.into_iter()
        .filter(|row| row.iter().any(|s| !s.content.trim().is_empty()))
        .map(Line::from)
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

    #[test]
    fn a_line_too_long_breaks_between_its_phrases_indented_under_its_value() {
        let line = Line::from(vec![
            Span::raw("H      "),
            Span::raw("01110000"),
            Span::raw("  ╲ high diagonal"),
        ]);
        let rows: Vec<String> = wrap_phrases(line, 31).iter().map(Line::to_string).collect();
        assert_eq!(rows, ["H      01110000", "       ╲ high diagonal"]);
        let line = Line::raw("  column d=0, high d=r-i, low -d=r-i");
        let rows: Vec<String> = wrap_phrases(line, 31).iter().map(Line::to_string).collect();
        assert_eq!(rows, ["  column d=0, high d=r-i,", "  low -d=r-i"]);
        let line = Line::raw("high   000101110000000          [r-c+n-1]");
        let rows: Vec<String> = wrap_phrases(line, 31).iter().map(Line::to_string).collect();
        assert_eq!(rows, ["high   000101110000000", "[r-c+n-1]"]);
        // A line that fits is left alone.
        assert_eq!(wrap_phrases(Line::raw("short"), 31).len(), 1);
    }
}
