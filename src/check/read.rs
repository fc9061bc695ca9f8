//! A student's file, read a line at a time in bounded memory: each line is
//! bounded before it is read, blank lines and `#` lines are skipped, and
//! every error names the line.

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use super::field::Fields;
use crate::search::EventKind;

/// The longest line read: a trace line is a few dozen bytes, a worksheet
/// row a few hundred; anything longer is not a line of either.
pub const MAX_LINE: u64 = 1 << 20;

/// The lines of a file, numbered from 1.
pub struct LineReader {
    input: BufReader<File>,
    path: PathBuf,
    /// The number of the last line read.
    pub number: u64,
    /// The last line read, without its line break.
    text: String,
}

impl LineReader {
    /// Opens `path` for reading.
    pub fn open(path: &Path) -> Result<LineReader> {
        let file =
            File::open(path).with_context(|| format!("cannot open {}", super::shown(path)))?;
        Ok(LineReader {
            input: BufReader::with_capacity(1 << 16, file),
            path: path.to_path_buf(),
            number: 0,
            text: String::new(),
        })
    }

    /// Where a line is, for an error message: `trace.jsonl line 12`.
    pub fn at(&self, line: u64) -> String {
        format!("{} line {line}", super::shown(&self.path))
    }

    /// Reads the next line ([`LineReader::text`]); false at the end.
    pub fn next_line(&mut self) -> Result<bool> {
        // The line's buffer is reused from one line to the next.
        let mut bytes = std::mem::take(&mut self.text).into_bytes();
        bytes.clear();
        let read = (&mut self.input)
            .take(MAX_LINE + 1)
            .read_until(b'\n', &mut bytes)
            .with_context(|| format!("cannot read {}", super::shown(&self.path)))?;
        if read == 0 {
            return Ok(false);
        }
        self.number += 1;
        if bytes.len() as u64 > MAX_LINE {
            bail!("{}: longer than {} bytes", self.at(self.number), MAX_LINE);
        }
        while matches!(bytes.last(), Some(b'\n' | b'\r')) {
            bytes.pop();
        }
        match String::from_utf8(bytes) {
            Ok(text) => self.text = text,
            Err(_) => bail!("{}: not UTF-8 text", self.at(self.number)),
        }
        Ok(true)
    }

    /// The last line read, without its line break.
    pub fn text(&self) -> &str {
        &self.text
    }
}

/// One line of a trace: its number, its kind and its fields.
pub struct TraceLine {
    /// The line's number in the file, from 1.
    pub line: u64,
    /// Its event kind.
    pub kind: EventKind,
    /// Its fields as written, `event` included.
    pub fields: Fields,
}

/// The event lines of a student's trace (`done` lines are skipped).
pub struct TraceReader {
    lines: LineReader,
}

impl TraceReader {
    /// Opens a trace.
    pub fn open(path: &Path) -> Result<TraceReader> {
        Ok(TraceReader {
            lines: LineReader::open(path)?,
        })
    }

    /// The number of the last line read.
    pub fn line(&self) -> u64 {
        self.lines.number
    }

    /// The next event line, checked to be an object with a known `event`
    /// and whole-number `step` and `nodes` if it has them.
    pub fn next_event(&mut self) -> Result<Option<TraceLine>> {
        Ok(match self.next_unless("")? {
            Some(Next::Line(line)) => Some(line),
            Some(Next::Exact(_)) | None => None,
        })
    }

    /// The next event line, or only its number when its text is exactly
    /// `exact` (the search's own JSON line: most lines of a right trace
    /// are, and need no parsing); `exact` empty matches no line.
    pub fn next_unless(&mut self, exact: &str) -> Result<Option<Next>> {
        loop {
            if !self.lines.next_line()? {
                return Ok(None);
            }
            let text = self.lines.text().trim();
            if text.is_empty() || text.starts_with('#') {
                continue;
            }
            if text == exact {
                return Ok(Some(Next::Exact(self.lines.number)));
            }
            if let Some(line) = self.parse()? {
                return Ok(Some(Next::Line(line)));
            }
        }
    }

    /// The current line as an event line; `None` for a `done` line.
    fn parse(&self) -> Result<Option<TraceLine>> {
        let text = self.lines.text().trim();
        let number = self.lines.number;
        let at = || self.lines.at(number);
        let fields: Fields = match serde_json::from_str::<serde_json::Value>(text) {
            Ok(serde_json::Value::Object(fields)) => fields,
            Ok(_) => bail!("{}: not a JSON object", at()),
            Err(err) => bail!("{}: not a JSON object ({err})", at()),
        };
        let kind = match fields.get("event") {
            Some(serde_json::Value::String(name)) => match kind_named(name) {
                Some(kind) => kind,
                None if name == "done" => return Ok(None),
                None => bail!(
                    "{}: unknown event kind {:?} (place, reject, dead-end, undo, solution or done)",
                    at(),
                    super::escaped(name)
                ),
            },
            Some(_) => bail!("{}: `event` should be a string", at()),
            None => bail!("{}: no `event` field", at()),
        };
        for key in ["step", "nodes"] {
            if fields.get(key).is_some_and(|v| !v.is_u64()) {
                bail!("{}: `{key}` should be a whole number", at());
            }
        }
        Ok(Some(TraceLine {
            line: number,
            kind,
            fields,
        }))
    }
}

/// What [`TraceReader::next_unless`] read.
pub enum Next {
    /// A line whose text was exactly the one given, by its number.
    Exact(u64),
    /// Any other event line.
    Line(TraceLine),
}

/// The event kind of a JSON `event` name.
fn kind_named(name: &str) -> Option<EventKind> {
    super::KINDS_IN_ORDER
        .iter()
        .copied()
        .find(|kind| kind.name() == name)
}
