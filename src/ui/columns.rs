//! Text measured in terminal columns, not in chars: a CJK glyph or an
//! emoji takes two columns, a combining mark none. Everything that fits
//! text to a width (the title bar, the event log, a panel's lines) measures
//! it here, and a line too long for its room ends in the theme's ellipsis
//! instead of being cut silently.

use std::borrow::Cow;

use ratatui::style::Style;
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
    let mut last_style = Style::new();
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

/// A line of phrases in one style, one span each: where a side too narrow
/// for the line may break it, the rows after the first hanging under the
/// second phrase ([`wrap_phrases`]). Joined, the phrases are the line's
/// text, so a screen wide enough draws it as one line. A line with no
/// label to hang under (a sentence) starts with an empty phrase.
pub fn phrases<T: Into<Cow<'static, str>>>(
    style: Style,
    parts: impl IntoIterator<Item = T>,
) -> Line<'static> {
    Line::from(
        parts
            .into_iter()
            .map(|part| Span::styled(part, style))
            .collect::<Vec<_>>(),
    )
}

/// `line` on as many rows of at most `room` columns as it needs. A line
/// breaks only between its spans, each span being one phrase that its
/// view chose to say whole (a mask's name, its bits, its note; see
/// [`phrases`]); only a span wider than a row is broken as paragraph
/// text is, at its blanks, and a word wider than a row is cut where the
/// row ends. The rows after the first hang under the line's second span
/// (indented by the width of its first, at most half the room); a phrase
/// too wide to fit there (or after the line's own leading blanks) starts
/// its row at the edge instead. A line of one span, or whose first span
/// is empty, is not indented.
/// Blanks where a row breaks are dropped. Every span keeps its style.
/// Nothing here reads what the text says.
pub fn wrap_phrases(line: Line<'static>, room: usize) -> Vec<Line<'static>> {
    if line.width() <= room || room == 0 {
        return vec![line];
    }
    let indent = match line.spans.as_slice() {
        [first, _, ..] => first.width().min(room / 2),
        _ => 0,
    };
    let mut rows = Rows {
        rows: vec![Vec::new()],
        used: 0,
        bare: true,
        room,
        indent,
    };
    for token in tokens(line.spans, room) {
        rows.place(token);
    }
    rows.rows.into_iter().map(merged).collect()
}

/// A row's spans, neighbours of one style joined.
fn merged(row: Vec<Span<'static>>) -> Line<'static> {
    let mut spans: Vec<Span<'static>> = Vec::new();
    for span in row {
        match spans.last_mut() {
            Some(last) if last.style == span.style => {
                last.content = format!("{}{}", last.content, span.content).into();
            }
            _ => spans.push(span),
        }
    }
    Line::from(spans)
}

/// What [`wrap_phrases`] lays out: a phrase (or a word of a span too wide
/// to keep whole), with the blanks before it, dropped if a row breaks
/// there.
struct Token {
    gap: Vec<Span<'static>>,
    text: Span<'static>,
}

/// `spans` as tokens: each span one, its blanks before and after it the
/// gaps around it; a span wider than a row a token per word.
fn tokens(spans: Vec<Span<'static>>, room: usize) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut gap: Vec<Span<'static>> = Vec::new();
    for span in spans {
        let style = span.style;
        let text = span.content;
        let body = text.trim_matches(' ');
        if body.is_empty() {
            gap.push(Span::styled(text, style));
            continue;
        }
        let lead = text.len() - text.trim_start_matches(' ').len();
        let trail = text.len() - text.trim_end_matches(' ').len();
        if lead > 0 {
            gap.push(Span::styled(" ".repeat(lead), style));
        }
        if width(body) <= room {
            tokens.push(Token {
                gap: std::mem::take(&mut gap),
                text: Span::styled(body.to_string(), style),
            });
        } else {
            // Paragraph text: a break at any blank.
            let mut blanks = 0;
            for word in body.split(' ') {
                if word.is_empty() {
                    blanks += 1;
                    continue;
                }
                if blanks > 0 {
                    gap.push(Span::styled(" ".repeat(blanks), style));
                }
                tokens.push(Token {
                    gap: std::mem::take(&mut gap),
                    text: Span::styled(word.to_string(), style),
                });
                blanks = 1;
            }
        }
        if trail > 0 {
            gap.push(Span::styled(" ".repeat(trail), style));
        }
    }
    tokens
}

/// The rows [`wrap_phrases`] fills.
struct Rows {
    rows: Vec<Vec<Span<'static>>>,
    /// Columns taken on the last row.
    used: usize,
    /// Whether the last row holds no token yet.
    bare: bool,
    room: usize,
    indent: usize,
}

impl Rows {
    /// Puts `token` on the last row if it fits, else on a new one; a
    /// token wider than a row starts where the last row is and is cut
    /// where each row ends.
    fn place(&mut self, token: Token) {
        let Token { gap, text } = token;
        // A row after the first starts with its indent, not a gap.
        let first = self.rows.len() == 1;
        let gap_width: usize = if self.bare && !first {
            0
        } else {
            gap.iter().map(Span::width).sum()
        };
        if self.used + gap_width + text.width() <= self.room {
            if gap_width > 0 {
                self.rows.last_mut().expect("a row").extend(gap);
                self.used += gap_width;
            }
            self.put(text);
            return;
        }
        if text.width() <= self.room {
            // On a new row, hanging under the second span; or, too wide
            // for that (or for the line's own leading blanks), from the edge.
            if !self.bare {
                self.new_row();
            }
            if self.used + text.width() > self.room {
                self.rows.last_mut().expect("a row").clear();
                self.used = 0;
            }
            self.put(text);
            return;
        }
        // Wider than a row: from where this row is, as much as fits, then
        // the rest on new rows.
        if gap_width > 0 && self.used + gap_width < self.room {
            self.rows.last_mut().expect("a row").extend(gap);
            self.used += gap_width;
        }
        let style = text.style;
        let mut rest: &str = &text.content;
        while let Some(c) = rest.chars().next() {
            let (mut part, _) = head(rest, self.room.saturating_sub(self.used));
            if part.is_empty() {
                if !self.bare {
                    self.new_row();
                    continue;
                }
                // A glyph wider than a whole row goes alone.
                part = &rest[..c.len_utf8()];
            }
            self.put(Span::styled(part.to_string(), style));
            rest = &rest[part.len()..];
            if !rest.is_empty() {
                self.new_row();
            }
        }
    }

    fn put(&mut self, text: Span<'static>) {
        self.used += text.width();
        self.bare = false;
        self.rows.last_mut().expect("a row").push(text);
    }

    fn new_row(&mut self) {
        let mut row = Vec::new();
        if self.indent > 0 {
            row.push(Span::raw(" ".repeat(self.indent)));
        }
        self.rows.push(row);
        self.used = self.indent;
        self.bare = true;
    }
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

    /// The rows `wrap_phrases` gives, as text.
    fn wrapped(spans: &[&str], room: usize) -> Vec<String> {
        let line = Line::from(
            spans
                .iter()
                .map(|s| Span::raw(s.to_string()))
                .collect::<Vec<_>>(),
        );
        wrap_phrases(line, room)
            .iter()
            .map(Line::to_string)
            .collect()
    }

    #[test]
    fn a_line_breaks_between_its_spans_and_hangs_under_the_second() {
        assert_eq!(
            wrapped(&["H      ", "01110000", "  ╲ high diagonal"], 31),
            ["H      01110000", "       ╲ high diagonal"]
        );
        // Each span is whole on its row: the comma inside one is no place
        // to break, though `k v cc,` would fit the first row.
        assert_eq!(wrapped(&["k ", "v", " cc, dd"], 9), ["k v", "  cc, dd"]);
        // Leading blanks said as their own span are the indent.
        assert_eq!(
            wrapped(&["  ", "column d=0, ", "high d=r-i, ", "low -d=r-i"], 31),
            ["  column d=0, high d=r-i,", "  low -d=r-i"]
        );
        // The hang is at most half the room.
        assert_eq!(
            wrapped(&["column 3 refused: ", "in C, H and L"], 26),
            ["column 3 refused:", "             in C, H and L"]
        );
        // A phrase too wide to hang under the second span, but not for a
        // row, starts its row at the edge, whole.
        assert_eq!(
            wrapped(&["column 3 refused: ", "in C, H and L"], 24),
            ["column 3 refused:", "in C, H and L"]
        );
        assert_eq!(
            wrapped(&["a      ", "[0,2,4,1,-,-,-,-,-,-,-,-]"], 31),
            ["a", "[0,2,4,1,-,-,-,-,-,-,-,-]"]
        );
        // So does one too wide for the line's own leading blanks.
        assert_eq!(
            wrapped(&["       ", "{0,1,2,3,4,5,6,7,8,9,10,11}"], 31),
            ["{0,1,2,3,4,5,6,7,8,9,10,11}"]
        );
        // A sentence, its first phrase empty, hangs under nothing.
        assert_eq!(
            wrapped(
                &[
                    "",
                    "first attacker: row 2 (high); ",
                    "every attacker: rows 0,2"
                ],
                31
            ),
            ["first attacker: row 2 (high);", "every attacker: rows 0,2"]
        );
        // A line that fits is left alone, blanks and all.
        assert_eq!(wrapped(&["short  "], 31), ["short  "]);
    }

    #[test]
    fn a_span_wider_than_a_row_wraps_as_a_paragraph() {
        // One span: its words flow, and its rows are not indented.
        assert_eq!(
            wrapped(&["column d=0, high d=r-i, low -d=r-i"], 31),
            ["column d=0, high d=r-i, low", "-d=r-i"]
        );
        // After a first span, under the second.
        assert_eq!(
            wrapped(&["set ", "{0,1} {2,3} {4,5} {6,7}"], 14),
            ["set {0,1}", "    {2,3}", "    {4,5}", "    {6,7}"]
        );
        // A word wider than a row starts where the row is and is cut where
        // it ends; so is a wide glyph, which never straddles the edge.
        assert_eq!(
            wrapped(&["a      ", "[0,2,4,1,-,-,-,-,-,-,-,-,-,-]"], 24),
            ["a      [0,2,4,1,-,-,-,-,", "       -,-,-,-,-,-]"]
        );
        assert_eq!(wrapped(&["abcdefghij"], 4), ["abcd", "efgh", "ij"]);
        assert_eq!(wrapped(&["日本語"], 3), ["日", "本", "語"]);
        assert_eq!(wrapped(&["日"], 1), ["日"]);
    }

    #[test]
    fn a_wrapped_line_keeps_its_styles() {
        let bold = ratatui::style::Style::new().bold();
        let dim = ratatui::style::Style::new().dim();
        let line = Line::from(vec![
            Span::styled("C      ", dim),
            Span::styled("0101", bold),
            Span::styled("  column", dim),
        ]);
        let rows = wrap_phrases(line, 12);
        let styled: Vec<Vec<(String, ratatui::style::Style)>> = rows
            .iter()
            .map(|row| {
                row.spans
                    .iter()
                    .map(|s| (s.content.to_string(), s.style))
                    .collect()
            })
            .collect();
        assert_eq!(
            styled,
            [
                vec![("C      ".to_string(), dim), ("0101".to_string(), bold)],
                vec![
                    ("      ".to_string(), ratatui::style::Style::new()),
                    ("column".to_string(), dim)
                ],
            ]
        );
    }
}
