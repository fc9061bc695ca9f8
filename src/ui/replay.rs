//! `backstep replay FILE`: an asciicast played back in the terminal, at its
//! own pace or faster, and the terminal restored on `q`, `Esc`, Ctrl-C, a
//! terminating signal, or a key after the end.

use std::io::{self, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use clap::Args;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind};

use super::{FRAME, Signals, can_draw, keys, watch_for_hang_up};
use crate::cast::{self, MAX_CAST_BYTES, Reader};
use crate::files::{self, Bounded};
use crate::launch::Launch;

/// Play a recording (an asciicast v2 file) back in the terminal; q, Esc or
/// Ctrl-C stops it, and after the end any key leaves.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The recording, as written by --record or --print cast.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// How many times faster than recorded: 2 plays twice as fast, 0.5 at
    /// half speed.
    #[arg(long, value_name = "S", default_value_t = 1.0, value_parser = speed)]
    pub speed: f64,
}

/// Reads a speed: a number from 0.001 to 1000000 (beyond those, event
/// times would round to nothing or overflow).
pub fn speed(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| (0.001..=1e6).contains(s))
        .ok_or_else(|| format!("expected a number from 0.001 to 1000000, not '{text}'"))
}

impl Launch for ReplayArgs {
    fn run(self) -> Result<ExitCode> {
        run(&self.file, self.speed)?;
        Ok(ExitCode::SUCCESS)
    }
}

/// The longest wait before one event, in seconds, however the file is
/// timed: a key still stops the replay at any time.
const LONGEST: f64 = 1e9;

/// Checks what `path` names (a regular file within [`MAX_CAST_BYTES`]) that there is a terminal to
/// play on, then reads the whole cast (every line, before the terminal is
/// touched, so that a bad file is an error on the normal screen), then
/// plays it.
pub fn run(path: &Path, speed: f64) -> Result<()> {
    check_file(path)?;
    if !can_draw() {
        bail!("standard output is not a terminal; replay needs one to play on");
    }
    check(path)?;
    let (_, mut reader) = Reader::new(open(path)?)?;
    let signals = Signals::install().context("cannot watch for signals")?;
    watch_for_hang_up();
    drop(ratatui::try_init().context("cannot open the terminal")?);
    let result = play(&mut reader, speed, &signals);
    let _ = ratatui::crossterm::execute!(io::stdout(), ratatui::crossterm::cursor::Show);
    ratatui::restore();
    if let Some(signal) = signals.caught() {
        std::process::exit(128 + signal);
    }
    result.with_context(|| format!("cannot replay {}", files::quoted(path)))
}

/// The recording at `path`, opened to be read within [`MAX_CAST_BYTES`].
fn open(path: &Path) -> Result<BufReader<Bounded>> {
    files::open("recording", path, MAX_CAST_BYTES).map(BufReader::new)
}

/// Refuses, from its metadata before anything is opened, a recording that
/// is missing, a folder, a special file or over [`MAX_CAST_BYTES`].
pub fn check_file(path: &Path) -> Result<()> {
    open(path).map(drop)
}

/// Reads the whole recording at `path` and checks every line, in bounded
/// memory: its header, the number of events and the time of the last.
pub fn check(path: &Path) -> Result<(cast::Header, usize, f64)> {
    cast::check(open(path)?)
        .with_context(|| format!("{} is not a valid asciicast", files::quoted(path)))
}

/// Writes each output event at its time; after the last, holds the screen
/// until a key.
fn play(reader: &mut Reader<BufReader<Bounded>>, speed: f64, signals: &Signals) -> Result<()> {
    let start = Instant::now();
    let mut out = io::stdout().lock();
    while let Some((time, event)) = reader.read()? {
        let wait = Duration::from_secs_f64((time / speed).min(LONGEST));
        let due = start.checked_add(wait);
        if stopped(due, signals, is_stop)? {
            return Ok(());
        }
        if let cast::Event::Output(text) = event {
            out.write_all(text.as_bytes())?;
            out.flush()?;
        }
    }
    stopped(None, signals, |_| true)?;
    Ok(())
}

/// Waits until `due` (for ever if `None`), reading keys: true if a key
/// that `stops` or a signal came first.
fn stopped(
    due: Option<Instant>,
    signals: &Signals,
    stops: impl Fn(event::KeyEvent) -> bool,
) -> Result<bool> {
    loop {
        if signals.caught().is_some() {
            return Ok(true);
        }
        let left = match due {
            Some(due) => due.saturating_duration_since(Instant::now()),
            None => FRAME,
        };
        if due.is_some() && left.is_zero() {
            return Ok(false);
        }
        if event::poll(left.min(FRAME))?
            && let Event::Key(key) = event::read()?
            && key.kind != KeyEventKind::Release
            && stops(key)
        {
            return Ok(true);
        }
    }
}

/// The keys that stop a replay: q, Esc and Ctrl-C.
fn is_stop(key: event::KeyEvent) -> bool {
    keys::is_interrupt(key) || matches!(key.code, KeyCode::Char('q') | KeyCode::Esc)
}
