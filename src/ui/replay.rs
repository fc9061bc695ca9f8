//! `backstep replay FILE`: an asciicast played back in the terminal, at its
//! own pace or faster, and the terminal restored on `q`, `Esc`, Ctrl-C, a
//! terminating signal, or a key after the end. Ctrl-Z (or a SIGTSTP from
//! outside) suspends it as it does the live screen; on `fg` the recording
//! is written again up to where it was, at once, and plays on from there.

use std::io::{self, BufReader, Write};
use std::path::Path;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind};

use super::{FRAME, Signals, Stops, can_draw, keys, suspend_plain, watch_for_hang_up};
use crate::cast::{self, MAX_CAST_BYTES, Reader};
use crate::files::{self, Bounded};

/// Reads a speed: a number from 0.001 to 1000000 (beyond those, event
/// times would round to nothing or overflow).
pub fn speed(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| (0.001..=1e6).contains(s))
        .ok_or_else(|| format!("expected a number from 0.001 to 1000000, not '{text}'"))
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
    let (header, _, end) = check(path)?;
    let (_, mut reader) = Reader::new(open(path)?)?;
    let signals = Signals::install().context("cannot watch for signals")?;
    let stops = Stops::install().context("cannot watch for signals")?;
    watch_for_hang_up();
    drop(ratatui::try_init().context("cannot open the terminal")?);
    let (columns, rows) = ratatui::crossterm::terminal::size().unwrap_or((header.width, 0));
    let mut banner = Banner {
        name: files::escaped(
            &path
                .file_name()
                .unwrap_or(path.as_os_str())
                .to_string_lossy(),
        ),
        end,
        speed,
        // Under the recording when the terminal has a row to spare, else
        // over its top row.
        row: if rows > header.height {
            header.height
        } else {
            0
        },
        width: columns,
        shown: String::new(),
    };
    let result = play(path, &mut reader, &mut banner, &signals, &stops);
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

/// The replay's banner, so that a replay never passes for a live run: the
/// recording's name (escaped) and the position in it, on one row in
/// reverse video, written again whenever its text changes and after every
/// event of the recording (which may draw over it).
struct Banner {
    name: String,
    /// The time of the recording's last event, in seconds.
    end: f64,
    speed: f64,
    /// The row it takes (0-based).
    row: u16,
    /// The terminal's width.
    width: u16,
    /// The text last written.
    shown: String,
}

impl Banner {
    /// `replay · lesson.cast · 0:03 / 0:12 · q stops`, the pace after the
    /// position when it is not the recorded one; at the end `the end`.
    fn text(&self, at: Option<f64>) -> String {
        let clock = |seconds: f64| {
            let whole = seconds.max(0.0) as u64;
            format!("{}:{:02}", whole / 60, whole % 60)
        };
        let position = match at {
            Some(at) => format!("{} / {}", clock(at.min(self.end)), clock(self.end)),
            None => format!("the end, {}", clock(self.end)),
        };
        let pace = if self.speed == 1.0 {
            String::new()
        } else {
            format!(" at {}x", self.speed)
        };
        let keys = if at.is_some() {
            "q stops"
        } else {
            "any key leaves"
        };
        let text = format!(" replay · {} · {position}{pace} · {keys} ", self.name);
        let width = usize::from(self.width);
        if text.chars().count() <= width {
            return format!("{text:width$}");
        }
        let mut cut: String = text.chars().take(width.saturating_sub(1)).collect();
        cut.push('…');
        cut
    }

    /// Writes the banner for `at` (`None`: the end) if its text changed or
    /// `again`, leaving the recording's cursor and style as they were.
    fn show(&mut self, out: &mut impl Write, at: Option<f64>, again: bool) -> io::Result<()> {
        let text = self.text(at);
        if !again && text == self.shown {
            return Ok(());
        }
        write!(
            out,
            "\x1b7\x1b[{};1H\x1b[0;7m{text}\x1b[0m\x1b8",
            self.row + 1
        )?;
        self.shown = text;
        out.flush()
    }
}

/// Writes each output event at its time, the banner kept on top; after the
/// last, holds the screen until a key. After a stop (Ctrl-Z, SIGTSTP) the
/// screen is written again and the clock goes on from where it stopped.
fn play(
    path: &Path,
    reader: &mut Reader<BufReader<Bounded>>,
    banner: &mut Banner,
    signals: &Signals,
    stops: &Stops,
) -> Result<()> {
    let mut start = Instant::now();
    let speed = banner.speed;
    let mut out = io::stdout().lock();
    // The output events written so far, to write again after a stop.
    let mut written = 0usize;
    banner.show(&mut out, Some(0.0), true)?;
    let mut next = reader.read()?;
    loop {
        let due = match &next {
            Some((time, _)) => {
                start.checked_add(Duration::from_secs_f64((time / speed).min(LONGEST)))
            }
            None => None,
        };
        let at_end = next.is_none();
        let mut tick = || {
            let at = start.elapsed().as_secs_f64() * speed;
            banner.show(&mut io::stdout(), (!at_end).then_some(at), false)
        };
        let stops_on = |key| at_end || is_stop(key);
        match waited(due, signals, stops, stops_on, &mut tick)? {
            Waited::Stop => return Ok(()),
            Waited::Suspend => {
                let paused = Instant::now();
                suspend_plain(stops)?;
                start += paused.elapsed();
                rewrite(path, written, &mut out)?;
                let at = start.elapsed().as_secs_f64() * speed;
                banner.show(&mut out, (!at_end).then_some(at), true)?;
            }
            Waited::Due => {
                let Some((time, event)) = next.take() else {
                    return Ok(());
                };
                if let cast::Event::Output(text) = event {
                    out.write_all(text.as_bytes())?;
                    written += 1;
                    banner.show(&mut out, Some(time), true)?;
                }
                next = reader.read()?;
                if next.is_none() {
                    banner.show(&mut out, None, true)?;
                }
            }
        }
    }
}

/// Writes the first `count` output events of the recording at `path`
/// again, at once: the screen as it was (a stream read afresh, in bounded
/// memory).
fn rewrite(path: &Path, count: usize, out: &mut impl Write) -> Result<()> {
    let (_, mut reader) = Reader::new(open(path)?)?;
    let mut left = count;
    while left > 0 {
        let Some((_, event)) = reader.read()? else {
            break;
        };
        if let cast::Event::Output(text) = event {
            out.write_all(text.as_bytes())?;
            left -= 1;
        }
    }
    out.flush()?;
    Ok(())
}

/// How a wait ended.
enum Waited {
    /// Its time came.
    Due,
    /// A key that stops the replay, or a terminating signal.
    Stop,
    /// Ctrl-Z or a SIGTSTP: the replay is to be suspended.
    Suspend,
}

/// Waits until `due` (for ever if `None`), reading keys and calling `tick`
/// every frame, unless a key that `stops`, a signal, or a stop comes first.
fn waited(
    due: Option<Instant>,
    signals: &Signals,
    suspends: &Stops,
    stops: impl Fn(event::KeyEvent) -> bool,
    tick: &mut dyn FnMut() -> io::Result<()>,
) -> Result<Waited> {
    loop {
        if signals.caught().is_some() {
            return Ok(Waited::Stop);
        }
        if suspends.stop.swap(false, Ordering::Relaxed) {
            return Ok(Waited::Suspend);
        }
        tick()?;
        let left = match due {
            Some(due) => due.saturating_duration_since(Instant::now()),
            None => FRAME,
        };
        if due.is_some() && left.is_zero() {
            return Ok(Waited::Due);
        }
        if event::poll(left.min(FRAME))?
            && let Event::Key(key) = event::read()?
            && key.kind != KeyEventKind::Release
        {
            if keys::is_suspend(key) {
                return Ok(Waited::Suspend);
            }
            if stops(key) {
                return Ok(Waited::Stop);
            }
        }
    }
}

/// The keys that stop a replay: q, Esc and Ctrl-C.
fn is_stop(key: event::KeyEvent) -> bool {
    keys::is_interrupt(key) || matches!(key.code, KeyCode::Char('q') | KeyCode::Esc)
}
