//! The play screen in the terminal loop, with the mouse captured while it
//! runs.

use std::time::{Duration, Instant};

use anyhow::Result;
use ratatui::Frame;
use ratatui::crossterm::event::{KeyEvent, MouseEvent};

use super::{Play, draw};
use crate::ui::Screen;
use crate::ui::theme::Theme;

/// Opens the play screen on an empty `n`×`n` board and runs it until the
/// user quits. The terminal is restored, and mouse capture switched off, on
/// every way out: quit, error, panic, or a terminating signal (see
/// [`crate::ui::run_screen`]). With `record`, the session is written to
/// that file as an asciicast; without `mouse`, the mouse is left alone.
pub fn run(n: u8, theme: Theme, mouse: bool, record: Option<&std::path::Path>) -> Result<()> {
    let mut play = Play::new(n, theme);
    crate::ui::run_screen(&mut play, mouse, record)
}

impl Screen for Play {
    fn draw(&self, frame: &mut Frame) {
        draw(self, frame);
    }

    fn on_key(&mut self, key: KeyEvent) {
        Play::on_key(self, key);
    }

    fn on_mouse(&mut self, mouse: MouseEvent) {
        Play::on_mouse(self, mouse);
    }

    fn quit(&self) -> bool {
        self.quit
    }

    fn working(&self) -> bool {
        // The count runs on a thread of its own: nothing to do here.
        false
    }

    fn ticking(&self) -> bool {
        self.counting()
    }

    fn tick_until(&mut self, _elapsed: Duration, _deadline: Instant) {
        self.tick();
    }
}
