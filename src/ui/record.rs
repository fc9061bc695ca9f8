//! Screens as asciicasts: a live session recorded as it is drawn
//! ([`Tee`]), and a stretch of a search rendered without a terminal
//! ([`film`]), each frame drawn by [`super::still::draw`].

use std::fs::File;
use std::io::{self, BufWriter, Stdout, Write};
use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use anyhow::{Context, Result, bail};
use ratatui::backend::{Backend, CrosstermBackend};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::app::App;
use super::scene::Scene;
use super::still;
use crate::cast::{self, Header};
use crate::files;

/// The terminal's writer: everything goes to standard output and, while
/// recording, into the cast as well, one output event per flush (ratatui
/// flushes once a frame, so an event is a frame's changes).
pub struct Tee {
    out: Stdout,
    recording: Option<Recording>,
}

/// A cast being written as the session goes.
struct Recording {
    cast: cast::Writer<BufWriter<File>>,
    path: PathBuf,
    start: Instant,
    /// The bytes written since the last flush: at most a frame's worth.
    pending: Vec<u8>,
    /// The terminal's size as last recorded.
    size: (u16, u16),
}

impl Tee {
    /// Standard output, recorded to a new cast at `path` if given. The file
    /// is created here, before the terminal opens, so that a path that
    /// cannot be written is an error on the normal screen.
    pub fn new(path: Option<&Path>) -> Result<Tee> {
        let recording = path.map(Recording::create).transpose()?;
        Ok(Tee {
            out: io::stdout(),
            recording,
        })
    }
}

impl Recording {
    fn create(path: &Path) -> Result<Recording> {
        let named = || format!("cannot write the recording {}", files::quoted(path));
        // Never opened for writing when it is a folder or a special file:
        // a FIFO with no reader would block before the session starts.
        match files::find(path) {
            files::Found::Missing | files::Found::File(_) => {}
            found => return Err(files::not_a_file("recording", path, found)),
        }
        let size = ratatui::crossterm::terminal::size().context("cannot read the terminal size")?;
        let file = File::create(path).with_context(named)?;
        let mut header = Header::new(size.0, size.1);
        header.timestamp = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .ok()
            .map(|d| d.as_secs());
        header.env = ["TERM", "SHELL"]
            .iter()
            .filter_map(|name| Some((name.to_string(), std::env::var(name).ok()?)))
            .collect();
        let mut cast = cast::Writer::new(BufWriter::new(file), &header).with_context(named)?;
        cast.flush().with_context(named)?;
        Ok(Recording {
            cast,
            path: path.to_path_buf(),
            start: Instant::now(),
            pending: Vec::new(),
            size,
        })
    }

    /// Writes what was output since the last flush as one event (after a
    /// resize event if the terminal changed size), and flushes the file,
    /// so that the cast on disk is whole at every frame.
    fn flush(&mut self) -> io::Result<()> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let time = self.start.elapsed().as_secs_f64();
        if let Ok(size) = ratatui::crossterm::terminal::size()
            && size != self.size
        {
            self.size = size;
            self.cast.resize(time, size.0, size.1)?;
        }
        // A character cut at the end waits for its other bytes; anything
        // that is not UTF-8 at all is written as U+FFFD.
        let whole = match std::str::from_utf8(&self.pending) {
            Ok(text) => text.len(),
            Err(err) if err.error_len().is_none() => err.valid_up_to(),
            Err(_) => self.pending.len(),
        };
        let text = String::from_utf8_lossy(&self.pending[..whole]).into_owned();
        self.pending.drain(..whole);
        self.cast.output(time, &text)?;
        self.cast.flush()
    }

    fn named(&self, err: io::Error) -> io::Error {
        let path = files::quoted(&self.path);
        io::Error::new(
            err.kind(),
            format!("cannot write the recording {path}: {err}"),
        )
    }
}

impl Write for Tee {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let written = self.out.write(buf)?;
        if let Some(recording) = &mut self.recording {
            recording.pending.extend_from_slice(&buf[..written]);
        }
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()?;
        match &mut self.recording {
            Some(recording) => recording.flush().map_err(|err| recording.named(err)),
            None => Ok(()),
        }
    }
}

impl Drop for Recording {
    /// The last bytes, if any were written after the last flush. Every
    /// flush already wrote the file; this only catches a tail.
    fn drop(&mut self) {
        let _ = self.flush();
    }
}

/// The stretch of a search a headless cast shows, and how.
#[derive(Clone, Copy, Debug)]
pub struct Stretch {
    /// The first step shown.
    pub from: u64,
    /// The last step shown; `None` for the end of the search.
    pub to: Option<u64>,
    /// Steps per second (`--rate`).
    pub rate: f64,
    /// The screen's columns and rows.
    pub size: (u16, u16),
}

/// Moves `app` to the first step of `stretch`, having checked that the
/// stretch is in the search: `--from` before `--to`, and both steps reached
/// (an error names the option and the search's last step otherwise), so
/// that nothing is written for a stretch that is not there.
pub fn enter<S: Scene>(app: &mut App<S>, stretch: &Stretch) -> Result<()> {
    let Stretch { from, to, .. } = *stretch;
    if let Some(to) = to
        && to < from
    {
        bail!("--from {from} is after --to {to}");
    }
    let past_the_end = |option: &str, step: u64, last: u64| {
        anyhow::anyhow!("{option} {step} is past the end of the search, whose last step is {last}")
    };
    while app.timeline.step() < from {
        if !app.timeline.forward() {
            return Err(past_the_end("--from", from, app.timeline.step()));
        }
    }
    if let Some(to) = to {
        // Found to exist before anything is written, so that a bad --to
        // leaves no half-written output.
        let mut probe = app.timeline.clone();
        while probe.step() < to {
            if !probe.forward() {
                return Err(past_the_end("--to", to, probe.step()));
            }
        }
    }
    app.sync();
    Ok(())
}

/// Writes the steps `stretch.from` to `stretch.to` of `app`'s search to
/// `out` as a cast, one output event per step, each the terminal output
/// that turns the previous frame into this one (the first clears the
/// screen and hides the cursor), with a last event that shows the cursor
/// again, so that the final frame stays on screen as long as the others. Steps and screens are
/// made one at a time: memory does not grow with the stretch.
pub fn film<S: Scene>(mut app: App<S>, stretch: Stretch, out: &mut dyn Write) -> Result<()> {
    enter(&mut app, &stretch)?;
    let Stretch {
        to,
        rate,
        size: (width, height),
        ..
    } = stretch;
    let mut cast = cast::Writer::new(out, &Header::new(width, height))?;
    let area = Rect::new(0, 0, width, height);
    let mut previous = Buffer::empty(area);
    let mut bytes = Vec::new();
    let mut frames: u64 = 0;
    loop {
        let frame = still::draw(&app, width, height)?;
        bytes.clear();
        let mut backend = CrosstermBackend::new(&mut bytes);
        if frames == 0 {
            backend.hide_cursor()?;
            backend.clear()?;
        }
        backend.draw(previous.diff(&frame).into_iter())?;
        Backend::flush(&mut backend)?;
        let text = String::from_utf8(std::mem::take(&mut bytes))
            .context("internal error: a frame's output is not UTF-8")?;
        cast.output(frames as f64 / rate, &text)?;
        bytes = text.into_bytes();
        previous = frame;
        frames += 1;
        if to.is_some_and(|to| app.timeline.step() >= to) || !app.timeline.forward() {
            break;
        }
        app.sync();
    }
    // The hold at the end gives the cursor back, as a session's end does,
    // so that a terminal the cast is played in is left as it was.
    bytes.clear();
    CrosstermBackend::new(&mut bytes).show_cursor()?;
    let text = String::from_utf8(bytes).context("internal error: an escape is not UTF-8")?;
    cast.output(frames as f64 / rate, &text)?;
    cast.flush()?;
    Ok(())
}
