//! The terminal UI: ratatui over crossterm. Keys and time change the
//! [`App`]; [`render`] draws it; the engine is only read.

pub mod app;
pub mod big;
pub mod bookmarks;
pub mod columns;
pub mod compare;
pub mod html;
pub mod keys;
pub mod mouse;
pub mod panels;
pub mod predict;
pub mod probe;
pub mod record;
pub mod render;
pub mod replay;
pub mod scale;
pub mod scene;
pub mod still;
pub mod svg;
pub mod theme;
pub mod tree;

use std::io;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyEvent, KeyEventKind, MouseEvent,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{EnterAlternateScreen, disable_raw_mode, enable_raw_mode};
use ratatui::layout::Rect;
use ratatui::{Frame, Terminal};
use signal_hook::consts::{SIGCONT, SIGHUP, SIGINT, SIGTERM, SIGTSTP};
use signal_hook::{SigId, flag, low_level};

use app::App;
use scene::Scene;
use theme::Theme;

/// One frame: the loop draws at most this often, and never waits longer
/// than this for a key, so that a signal is noticed within a frame.
pub const FRAME: Duration = Duration::from_millis(16);
/// How often an idle screen is redrawn anyway (it also catches a resize).
const IDLE_REDRAW: Duration = Duration::from_millis(500);

/// What the event loop needs of a screen: the main screen, compare and play.
pub trait Screen {
    /// Draws the whole screen.
    fn draw(&self, frame: &mut Frame);
    /// Reacts to one key press.
    fn on_key(&mut self, key: KeyEvent);
    /// Reacts to the mouse (the main and play screens capture it).
    fn on_mouse(&mut self, _mouse: MouseEvent) {}
    /// Whether the user asked to leave.
    fn quit(&self) -> bool;
    /// Whether there is work to do right now (a job, or a run at full
    /// speed): the loop then never sleeps, it only looks for keys.
    fn working(&self) -> bool;
    /// Whether the screen changes with time (a run at any speed, a job, a
    /// count in progress): the loop then draws every frame.
    fn ticking(&self) -> bool;
    /// Advances time by `elapsed`, working until about `deadline`.
    fn tick_until(&mut self, elapsed: Duration, deadline: Instant);
}

/// Opens the terminal UI on `search` and runs it until the user quits. The
/// terminal is restored on every way out: quit, error, panic (ratatui's
/// panic hook restores it before the panic message prints), and SIGTERM,
/// SIGHUP or SIGINT (then the process exits with status 128 + the signal).
/// With `predict`, it starts in predict mode; with `record`, the session
/// is written to that file as an asciicast. With `mouse`, the mouse is
/// captured (a click on a table row or tree node jumps to it, the wheel
/// scrolls) and released on every one of those ways out.
pub fn run<S: Scene>(
    search: S,
    name: &str,
    theme: Theme,
    predict: bool,
    record: Option<&Path>,
) -> Result<()> {
    run_app(App::new(search, name, theme), predict, true, record)
}

/// Runs `app` (opened where `--at` asked) as [`run`] does.
pub fn run_app<S: Scene>(
    mut app: App<S>,
    predict: bool,
    mouse: bool,
    record: Option<&Path>,
) -> Result<()> {
    if predict {
        app.act(keys::Action::Predict);
    }
    run_screen(&mut app, mouse, record)
}

/// The terminal the screens draw on: standard output, recorded or not.
type Term = Terminal<CrosstermBackend<record::Tee>>;

/// Runs `screen` in the terminal until the user quits or a terminating
/// signal arrives, with the mouse captured if asked. The terminal is
/// restored on every way out; after a signal the process exits with the
/// conventional status, 128 + the signal's number. With `record`, what is
/// drawn is also written to that file as an asciicast, frame by frame, so
/// that the file is whole on every way out but SIGKILL.
///
/// Ctrl-Z (and a SIGTSTP from outside) suspends the screen as a shell job,
/// the terminal restored meanwhile; when the job goes on (`fg`, SIGCONT)
/// the screen takes the terminal back and is drawn whole (`suspend`).
pub fn run_screen(screen: &mut impl Screen, mouse: bool, record: Option<&Path>) -> Result<()> {
    let tee = record::Tee::new(record)?;
    let signals = Signals::install().context("cannot watch for signals")?;
    let stops = Stops::install().context("cannot watch for signals")?;
    watch_for_hang_up();
    // ratatui's own terminal sets up raw mode, the alternate screen and its
    // panic hook; the screens draw through ours, which can record.
    drop(ratatui::try_init().context("cannot open the terminal UI")?);
    let mut terminal =
        Terminal::new(CrosstermBackend::new(tee)).context("cannot open the terminal UI")?;
    if mouse {
        // ratatui's hook (set by try_init) restores the terminal on a panic;
        // this one runs first and switches the mouse off as well.
        let hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let _ = execute!(io::stdout(), DisableMouseCapture);
            hook(info);
        }));
    }
    let result = if mouse {
        execute!(io::stdout(), EnableMouseCapture).context("cannot switch on the mouse")
    } else {
        Ok(())
    }
    .and_then(|()| event_loop(&mut terminal, screen, &signals, &stops, mouse));
    if mouse {
        let _ = execute!(io::stdout(), DisableMouseCapture);
    }
    // Dropping the terminal would show the cursor, but `exit` below skips
    // the drop: show it here.
    let _ = terminal.show_cursor();
    ratatui::restore();
    // The recording's last bytes, before `exit` below skips the drop.
    let finished = ratatui::backend::Backend::flush(terminal.backend_mut())
        .context("cannot finish the recording");
    drop(terminal);
    // A signal wins over an error it caused (a hung-up terminal fails the
    // next draw).
    if let Some(signal) = signals.caught() {
        std::process::exit(128 + signal);
    }
    result.map(drop).and(finished)
}

/// Draws, reads keys and works until the screen quits (`None`) or a
/// terminating signal arrives (`Some(signal)`).
///
/// A frame is drawn at most once per [`FRAME`] while the screen changes with
/// time, at once after a key, and every [`IDLE_REDRAW`] otherwise. While
/// there is work the loop never sleeps: it looks for keys without waiting,
/// then works until the next frame is due, so a key is handled within a
/// frame. Otherwise it waits for a key at most one frame at a time.
///
/// A stop asked from outside (SIGTSTP) is handled here as Ctrl-Z is, and
/// after any stop (SIGCONT, even after a SIGSTOP nobody can catch) the
/// terminal is taken back and the screen drawn whole.
fn event_loop(
    terminal: &mut Term,
    screen: &mut impl Screen,
    signals: &Signals,
    stops: &Stops,
    mouse: bool,
) -> Result<Option<i32>> {
    let mut ticked = Instant::now();
    let mut drawn = Instant::now();
    let mut dirty = true;
    loop {
        if let Some(signal) = signals.caught() {
            return Ok(Some(signal));
        }
        if stops.stop.swap(false, Ordering::Relaxed) {
            suspend(terminal, mouse, stops)?;
            dirty = true;
        }
        if stops.resumed.swap(false, Ordering::Relaxed) {
            take_back(terminal, mouse)?;
            dirty = true;
        }
        if screen.quit() {
            return Ok(None);
        }
        let since = drawn.elapsed();
        if dirty || (screen.ticking() && since >= FRAME) || since >= IDLE_REDRAW {
            terminal.draw(|frame| screen.draw(frame))?;
            drawn = Instant::now();
            dirty = false;
        }
        let next_frame = drawn + FRAME;
        let wait = if screen.working() {
            Duration::ZERO
        } else if screen.ticking() {
            next_frame.saturating_duration_since(Instant::now())
        } else {
            FRAME
        };
        if event::poll(wait)? {
            // Take every event that is waiting, so held keys never queue up.
            loop {
                match event::read()? {
                    Event::Key(key) if key.kind == KeyEventKind::Release => {}
                    Event::Key(key) if keys::is_suspend(key) => suspend(terminal, mouse, stops)?,
                    Event::Key(key) => screen.on_key(key),
                    Event::Mouse(mouse) => screen.on_mouse(mouse),
                    _ => {}
                }
                if screen.quit() || !event::poll(Duration::ZERO)? {
                    break;
                }
            }
            // A key, a click or a resize: show the result at once.
            dirty = true;
        }
        let now = Instant::now();
        if screen.ticking() && !screen.quit() {
            screen.tick_until(now - ticked, next_frame.max(now));
            dirty = true;
        }
        ticked = now;
    }
}

/// Gives the terminal back to the shell as a quit would (mouse capture off,
/// the cursor shown, raw mode off, the main screen), stops the process as
/// SIGTSTP's default action does, and once it goes on takes the terminal
/// back ([`take_back`]).
fn suspend(terminal: &mut Term, mouse: bool, stops: &Stops) -> Result<()> {
    if mouse {
        execute!(io::stdout(), DisableMouseCapture).context("cannot switch off the mouse")?;
    }
    terminal.show_cursor().context("cannot show the cursor")?;
    stop_here(stops)?;
    take_back(terminal, mouse)
}

/// Gives the terminal back to the shell (raw mode off, the main screen;
/// the cursor and mouse are the caller's) and stops the process as
/// SIGTSTP's default action does, until it goes on (`fg`, SIGCONT).
fn stop_here(stops: &Stops) -> Result<()> {
    ratatui::restore();
    low_level::emulate_default_handler(SIGTSTP).context("cannot stop")?;
    // The SIGCONT that woke us is handled here and now.
    stops.resumed.store(false, Ordering::Relaxed);
    Ok(())
}

/// Raw mode afresh (the shell may have set its own modes meanwhile) and
/// the alternate screen, after a stop.
fn raw_again() -> Result<()> {
    let _ = disable_raw_mode();
    enable_raw_mode().context("cannot switch the terminal to raw mode")?;
    execute!(io::stdout(), EnterAlternateScreen).context("cannot open the alternate screen")
}

/// Ctrl-Z on a screen that writes its own bytes (a replay): the cursor
/// shown and the terminal given back while the process is stopped; once
/// it goes on, raw mode, the alternate screen, cleared, for the caller to
/// draw again.
fn suspend_plain(stops: &Stops) -> Result<()> {
    execute!(io::stdout(), ratatui::crossterm::cursor::Show).context("cannot show the cursor")?;
    stop_here(stops)?;
    raw_again()?;
    execute!(
        io::stdout(),
        ratatui::crossterm::terminal::Clear(ratatui::crossterm::terminal::ClearType::All)
    )
    .context("cannot clear the terminal")
}

/// Takes the terminal back after a stop: raw mode afresh (the shell may
/// have set its own modes meanwhile), the alternate screen, the mouse if
/// captured, and a cleared screen with the last frame forgotten, so that
/// the next frame is drawn whole (at the terminal's size now).
fn take_back(terminal: &mut Term, mouse: bool) -> Result<()> {
    raw_again()?;
    if mouse {
        execute!(io::stdout(), EnableMouseCapture).context("cannot switch on the mouse")?;
    }
    let size = terminal.size().context("cannot read the terminal's size")?;
    terminal
        .resize(Rect::new(0, 0, size.width, size.height))
        .context("cannot clear the terminal")
}

/// A terminal can go away without a SIGHUP reaching us (a closed tmux
/// session); crossterm's poll then spins on the dead tty and never returns
/// to the loop. A watcher thread looks for the hang-up ten times a second
/// and ends the process as SIGHUP would: there is no terminal left to
/// restore.
fn watch_for_hang_up() {
    let _watcher = std::thread::Builder::new()
        .name("hang-up watcher".into())
        .spawn(|| {
            loop {
                std::thread::sleep(Duration::from_millis(100));
                if terminal_hung_up() {
                    std::process::exit(128 + SIGHUP);
                }
            }
        });
}

/// Whether the terminal on standard output has hung up (its other end is
/// closed): a poll that waits for nothing still reports `HUP` or `ERR`.
fn terminal_hung_up() -> bool {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    let stdout = io::stdout();
    let mut fds = [PollFd::new(&stdout, PollFlags::empty())];
    let now = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    matches!(poll(&mut fds, Some(&now)), Ok(n) if n > 0)
        && fds[0]
            .revents()
            .intersects(PollFlags::HUP | PollFlags::ERR | PollFlags::NVAL)
}

/// Watches for SIGTERM, SIGHUP and SIGINT while the UI runs, so that the
/// loop can restore the terminal before leaving. A second signal while the
/// first is being handled ends the process at once.
struct Signals {
    /// The number of the latest signal caught, 0 for none.
    caught: Arc<AtomicUsize>,
    ids: Vec<SigId>,
}

impl Signals {
    fn install() -> io::Result<Signals> {
        let caught = Arc::new(AtomicUsize::new(0));
        let once = Arc::new(AtomicBool::new(false));
        let mut ids = Vec::new();
        for signal in [SIGTERM, SIGHUP, SIGINT] {
            // The shutdown is registered first, so it only fires when an
            // earlier signal already set `once`.
            ids.push(flag::register_conditional_shutdown(
                signal,
                128 + signal,
                Arc::clone(&once),
            )?);
            ids.push(flag::register(signal, Arc::clone(&once))?);
            ids.push(flag::register_usize(
                signal,
                Arc::clone(&caught),
                signal as usize,
            )?);
        }
        Ok(Signals { caught, ids })
    }

    /// The signal caught, if any.
    fn caught(&self) -> Option<i32> {
        match self.caught.load(Ordering::Relaxed) {
            0 => None,
            signal => i32::try_from(signal).ok(),
        }
    }
}

impl Drop for Signals {
    fn drop(&mut self) {
        for id in self.ids.drain(..) {
            low_level::unregister(id);
        }
    }
}

/// Watches for SIGTSTP (a stop asked from outside, `kill -TSTP`; Ctrl-Z
/// itself arrives as a key in raw mode) and SIGCONT (the process goes on
/// after a stop) while a screen runs.
struct Stops {
    stop: Arc<AtomicBool>,
    resumed: Arc<AtomicBool>,
    ids: Vec<SigId>,
}

impl Stops {
    fn install() -> io::Result<Stops> {
        let stop = Arc::new(AtomicBool::new(false));
        let resumed = Arc::new(AtomicBool::new(false));
        let ids = vec![
            flag::register(SIGTSTP, Arc::clone(&stop))?,
            flag::register(SIGCONT, Arc::clone(&resumed))?,
        ];
        Ok(Stops { stop, resumed, ids })
    }
}

impl Drop for Stops {
    fn drop(&mut self) {
        for id in self.ids.drain(..) {
            low_level::unregister(id);
        }
    }
}

impl<S: Scene> Screen for App<S> {
    fn draw(&self, frame: &mut Frame) {
        render::draw(self, frame);
    }

    fn on_key(&mut self, key: KeyEvent) {
        App::on_key(self, key);
    }

    fn on_mouse(&mut self, mouse: MouseEvent) {
        App::on_mouse(self, mouse);
    }

    fn quit(&self) -> bool {
        self.quit
    }

    fn working(&self) -> bool {
        App::working(self)
    }

    fn ticking(&self) -> bool {
        self.running || self.pending.is_some()
    }

    fn tick_until(&mut self, elapsed: Duration, deadline: Instant) {
        App::tick_until(self, elapsed, deadline);
    }
}

/// Whether standard output is a terminal the UI can draw on.
pub fn can_draw() -> bool {
    use std::io::IsTerminal;
    io::stdout().is_terminal()
}
