//! The boards found panel.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::draw::block;
use super::{Play, format_board};

pub(super) fn render_boards(play: &Play, frame: &mut Frame, area: Rect) {
    let t = &play.theme;
    let found = play.found.len();
    let (title, summary) = match play.remaining() {
        Some(_) if play.total == Some(0) => (
            "Boards found: none exist".to_string(),
            format!(
                "No board of {} queens exists: every path ends in a dead end.",
                play.n
            ),
        ),
        Some(0) => (
            format!("Boards found: all {found}"),
            "Every board is found.".to_string(),
        ),
        Some(left) => (
            format!("Boards found: {found} of {}", found as u64 + left),
            format!("{left} still to find."),
        ),
        None => (
            format!("Boards found: {found}"),
            "The search is counting the boards...".to_string(),
        ),
    };
    let block = block(t, title);
    let rows = block.inner(area).height as usize;
    let mut lines = vec![Line::styled(summary, t.muted())];
    let room = rows.saturating_sub(1);
    let shown = if found > room {
        room.saturating_sub(1)
    } else {
        found
    };
    if found > shown {
        lines.push(Line::styled(
            format!("{} {} earlier", t.glyphs.ellipsis, found - shown),
            t.muted(),
        ));
    }
    for (i, board) in play.found.iter().enumerate().skip(found - shown) {
        let style = if i + 1 == found {
            t.solution()
        } else {
            t.placed()
        };
        lines.push(Line::from(vec![
            Span::styled(format!("{:>3}. ", i + 1), t.muted()),
            Span::styled(format_board(board), style),
        ]));
    }
    frame.render_widget(Paragraph::new(lines).block(block), area);
}
