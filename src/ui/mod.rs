//! The terminal UI: ratatui over crossterm. Keys and time change the
//! [`App`]; [`render`] draws it; the engine is only read.

pub mod app;
pub mod compare;
pub mod keys;
pub mod panels;
pub mod play;
pub mod predict;
pub mod queens;
pub mod render;
pub mod scene;
pub mod sudoku;
pub mod theme;
pub mod tree;
pub mod word;

use std::io;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, Event, KeyEventKind};

use app::App;
use scene::Scene;
use theme::Theme;

/// How long the loop waits for a key before drawing the next frame.
const FRAME: Duration = Duration::from_millis(16);

/// Opens the terminal UI on `search` and runs it until the user quits. The
/// terminal is restored on every way out: quit, error, or panic (ratatui's
/// panic hook restores it before the panic message prints).
/// With `predict`, it starts in predict mode.
pub fn run<S: Scene>(search: S, name: &str, theme: Theme, predict: bool) -> Result<()> {
    let mut app = App::new(search, name, theme);
    if predict {
        app.act(keys::Action::Predict);
    }
    let mut terminal = ratatui::try_init().context("cannot open the terminal UI")?;
    let result = event_loop(&mut terminal, app);
    ratatui::restore();
    result
}

fn event_loop<S: Scene>(terminal: &mut DefaultTerminal, mut app: App<S>) -> Result<()> {
    let mut last = Instant::now();
    while !app.quit {
        terminal.draw(|frame| render::draw(&app, frame))?;
        // While running, wake every frame; otherwise only for keys (and a
        // slow redraw, which also catches a resize).
        let busy = app.running || app.pending.is_some();
        let wait = if busy { FRAME } else { FRAME * 30 };
        if event::poll(wait)? {
            // Take every key that is waiting, so held keys never queue up.
            loop {
                if let Event::Key(key) = event::read()?
                    && key.kind != KeyEventKind::Release
                {
                    app.on_key(key);
                }
                if app.quit || !event::poll(Duration::ZERO)? {
                    break;
                }
            }
        }
        let now = Instant::now();
        app.tick(now - last);
        last = now;
    }
    Ok(())
}

/// Whether standard output is a terminal the UI can draw on.
pub fn can_draw() -> bool {
    use std::io::IsTerminal;
    io::stdout().is_terminal()
}
