//! The mouse on the main screen: a click on a trace-table row or a tree
//! node jumps to the step that entered that node; the wheel scrolls the
//! panel under the pointer (table, tree, event log) or the help popup.
//!
//! Nothing here knows where the panels are: each panel records its spots
//! while it is drawn ([`Hits`]), so that a click is read against exactly
//! the geometry that was drawn.

use std::cell::RefCell;

use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Position, Rect};

use super::app::App;
use super::scene::Scene;
use crate::timeline::Goal;

/// Lines one notch of the wheel scrolls.
pub const WHEEL: usize = 3;

/// What is under a spot of the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    /// A trace-table row or a tree node: the node's number as the table
    /// shows it and the step that entered it.
    Node { number: u64, step: u64 },
    /// The trace table or the tree, which the wheel scrolls.
    Nodes,
    /// The event log, which the wheel scrolls back.
    Log {
        /// Lines in view.
        visible: usize,
        /// Lines the log holds.
        total: usize,
    },
}

/// The spots of the last frame, in the order drawn.
#[derive(Debug, Default)]
pub struct Hits(RefCell<Vec<(Rect, Spot)>>);

impl Hits {
    /// Forgets the last frame's spots: the next frame records its own.
    pub fn clear(&self) {
        self.0.borrow_mut().clear();
    }

    /// Records that `spot` was drawn over `area`.
    pub fn add(&self, area: Rect, spot: Spot) {
        if !area.is_empty() {
            self.0.borrow_mut().push((area, spot));
        }
    }

    /// The spots under screen cell (`x`, `y`), the last drawn first.
    pub fn at(&self, x: u16, y: u16) -> Vec<Spot> {
        let at = Position::new(x, y);
        let spots = self.0.borrow();
        spots
            .iter()
            .rev()
            .filter(|(area, _)| area.contains(at))
            .map(|&(_, spot)| spot)
            .collect()
    }

    /// Every spot of the last frame with its area, in the order drawn.
    pub fn all(&self) -> Vec<(Rect, Spot)> {
        self.0.borrow().clone()
    }
}

impl<S: Scene> App<S> {
    /// Reacts to the mouse.
    pub fn on_mouse(&mut self, mouse: MouseEvent) {
        let under = self.hits.at(mouse.column, mouse.row);
        if self.help {
            // The popup covers the panels: the wheel scrolls it, a click
            // closes it.
            match mouse.kind {
                MouseEventKind::ScrollDown => {
                    self.help_scroll = (self.help_scroll + WHEEL as u16).min(self.help_max.get());
                }
                MouseEventKind::ScrollUp => {
                    self.help_scroll = self.help_scroll.saturating_sub(WHEEL as u16);
                }
                MouseEventKind::Down(_) => self.help = false,
                _ => {}
            }
            return;
        }
        match mouse.kind {
            MouseEventKind::Down(MouseButton::Left) => {
                let node = under.iter().find_map(|spot| match *spot {
                    Spot::Node { number, step } => Some((number, step)),
                    _ => None,
                });
                if let Some((number, step)) = node {
                    self.message = None;
                    self.prompt = None;
                    self.stop();
                    self.begin(Goal::Step(step), format!("node {number}"));
                    self.sync();
                }
            }
            MouseEventKind::ScrollDown => self.wheel(&under, 1),
            MouseEventKind::ScrollUp => self.wheel(&under, -1),
            _ => {}
        }
    }

    /// One notch of the wheel over `under`, down (1) or up (-1).
    fn wheel(&mut self, under: &[Spot], notch: isize) {
        for spot in under {
            match *spot {
                Spot::Nodes => return self.scroll_by(notch * WHEEL as isize),
                Spot::Log { visible, total } => {
                    // Up scrolls back to older lines.
                    let most = total.saturating_sub(visible);
                    let back = self.log_back.min(most);
                    self.log_back = if notch < 0 {
                        (back + WHEEL).min(most)
                    } else {
                        back.saturating_sub(WHEEL)
                    };
                    self.log_step = self.timeline.step();
                    return;
                }
                Spot::Node { .. } => {}
            }
        }
    }
}
