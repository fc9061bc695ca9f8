//! The note panel: the latest message and the search-order note.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};

use super::draw::block;
use super::{Play, Tone};

pub(super) fn render_note(play: &Play, frame: &mut Frame, area: Rect) {
    let t = &play.theme;
    let mut lines = Vec::new();
    match &play.message {
        Some(message) => {
            let style = match message.tone {
                Tone::Refused => t.rejected(),
                Tone::Solved => t.solution(),
                Tone::Done => t.title(),
                Tone::Info => Style::new(),
            };
            lines.push(Line::styled(message.text.clone(), style));
        }
        None => lines.push(Line::raw(format!(
            "Place a queen in row 0: move with {} {}, then enter (or click a square).",
            t.glyphs.arrow_keys[0], t.glyphs.arrow_keys[1]
        ))),
    }
    lines.push(Line::styled(play.order_note(), t.muted()));
    frame.render_widget(
        Paragraph::new(lines)
            .block(block(t, "Note".into()))
            .wrap(Wrap { trim: true }),
        area,
    );
}
