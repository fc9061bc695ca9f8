//! The play screen's terminal loop, with the mouse captured while it runs.

use std::io;
use std::time::Duration;

use anyhow::{Context, Result};
use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyEventKind,
};
use ratatui::crossterm::execute;

use super::{Play, draw};
use crate::ui::theme::Theme;

/// Opens the play screen on an empty `n`×`n` board and runs it until the
/// user quits. The terminal is restored, and mouse capture switched off, on
/// every way out: quit, error, or panic.
pub fn run(n: u8, theme: Theme) -> Result<()> {
    let mut play = Play::new(n, theme);
    let mut terminal = ratatui::try_init().context("cannot open the terminal UI")?;
    // ratatui's hook (set by try_init) restores the terminal on a panic; this
    // one runs first and switches the mouse off as well.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(io::stdout(), DisableMouseCapture);
        hook(info);
    }));
    let result = execute!(io::stdout(), EnableMouseCapture)
        .context("cannot switch on the mouse")
        .and_then(|()| {
            while !play.quit {
                terminal.draw(|frame| draw(&play, frame))?;
                let wait = Duration::from_millis(if play.counting() { 100 } else { 500 });
                if event::poll(wait)? {
                    match event::read()? {
                        Event::Key(key) if key.kind != KeyEventKind::Release => play.on_key(key),
                        Event::Mouse(mouse) => play.on_mouse(mouse),
                        _ => {}
                    }
                }
                play.tick();
            }
            Ok(())
        });
    let _ = execute!(io::stdout(), DisableMouseCapture);
    ratatui::restore();
    result
}
