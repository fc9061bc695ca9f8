//! Bookmarks: `m` marks the current step, `'` lists the marks and a digit
//! jumps to one. They last for the session, so a teacher can mark the
//! positions of a lesson and come back to each in front of the class.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

use super::render::centered;
use super::theme::Theme;

/// The most marks kept: one per digit key.
pub const MAX: usize = 9;

/// One marked step, with what happened there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The step marked.
    pub step: u64,
    /// Its event in words, as the event log said it.
    pub what: String,
}

/// The session's marks, in step order, and whether their list is open.
#[derive(Clone, Debug, Default)]
pub struct Bookmarks {
    marks: Vec<Mark>,
    /// Whether the list is on screen, waiting for a digit.
    pub open: bool,
}

impl Bookmarks {
    /// The marks, in step order.
    pub fn marks(&self) -> &[Mark] {
        &self.marks
    }

    /// Marks `step`; the message to show says which number it got, or
    /// why it was not kept.
    pub fn set(&mut self, step: u64, what: String) -> String {
        if let Some(i) = self.marks.iter().position(|m| m.step == step) {
            return format!("step {step} is already bookmark {} (' lists them)", i + 1);
        }
        if self.marks.len() >= MAX {
            return format!("{MAX} bookmarks already: that is one per digit key");
        }
        let at = self.marks.partition_point(|m| m.step < step);
        self.marks.insert(at, Mark { step, what });
        format!("bookmark {} set at step {step} (' lists them)", at + 1)
    }

    /// The step of bookmark `digit` (from 1), if there is one.
    pub fn step_of(&self, digit: char) -> Option<u64> {
        let n = digit.to_digit(10)? as usize;
        n.checked_sub(1)
            .and_then(|i| self.marks.get(i))
            .map(|m| m.step)
    }

    /// The list as the popup shows it.
    pub fn lines(&self, t: &Theme) -> Vec<Line<'static>> {
        let mut lines: Vec<Line> = self
            .marks
            .iter()
            .enumerate()
            .map(|(i, mark)| {
                Line::from(vec![
                    Span::styled(format!(" {} ", i + 1), t.key()),
                    Span::raw(format!(" step {:<6} {} ", mark.step, mark.what)),
                ])
            })
            .collect();
        lines.push(Line::raw(""));
        let dot = t.glyphs.dot;
        lines.push(Line::styled(
            format!(" 1-9 jump {dot} m marks this step {dot} esc closes "),
            t.muted(),
        ));
        lines
    }
}

/// Draws the open list in the middle of `area`.
pub fn render(bookmarks: &Bookmarks, t: &Theme, frame: &mut Frame, area: Rect) {
    let lines = bookmarks.lines(t);
    let width = lines.iter().map(Line::width).max().unwrap_or(0) as u16 + 2;
    let popup = centered(area, width, lines.len() as u16 + 2);
    let block = Block::bordered()
        .border_set(t.glyphs.border)
        .border_style(t.border())
        .title(Span::styled(" Bookmarks ", t.title()));
    frame.render_widget(Clear, popup);
    frame.render_widget(Paragraph::new(lines).block(block), popup);
}
