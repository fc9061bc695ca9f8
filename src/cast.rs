//! Asciicast v2, the recording format `asciinema` plays and course pages
//! embed: a header line, then one event per line.
//!
//! ```text
//! {"version": 2, "width": 80, "height": 24, "timestamp": 1764748800, "env": {"TERM": "xterm-256color"}}
//! [0.0, "o", "\u001b[1;1H..."]      output written to the terminal, at 0.0 s
//! [1.25, "r", "100x30"]             the terminal resized to 100 columns, 30 rows
//! ```
//!
//! [`Writer`] writes one line per event as it happens (nothing is held back,
//! so a recording's memory does not grow with its length); [`Reader`] reads
//! one back strictly, naming the line of the first thing it refuses. The
//! format is <https://docs.asciinema.org/manual/asciicast/v2/>.

use std::io::{self, BufRead, Read, Write};

use anyhow::{Context, Result, bail};
use serde_json::{Map, Value, json};

/// The header line's fields that backstep writes and reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// Terminal columns.
    pub width: u16,
    /// Terminal rows.
    pub height: u16,
    /// When the recording started, in seconds since the Unix epoch (left
    /// out of headless casts, so that one command always gives one file).
    pub timestamp: Option<u64>,
    /// A few environment variables (`TERM`, `SHELL`), as asciinema records.
    pub env: Vec<(String, String)>,
}

impl Header {
    /// A header for a `width` x `height` terminal, with no timestamp and the
    /// `TERM` the output was made for.
    pub fn new(width: u16, height: u16) -> Header {
        Header {
            width,
            height,
            timestamp: None,
            env: vec![("TERM".into(), "xterm-256color".into())],
        }
    }
}

/// One event of a cast.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// Text written to the terminal (`"o"`).
    Output(String),
    /// Text typed (`"i"`): read and kept, never played.
    Input(String),
    /// A marker (`"m"`), with its label.
    Marker(String),
    /// The terminal resized (`"r"`): columns, rows.
    Resize(u16, u16),
}

/// Writes a cast line by line to `out`.
pub struct Writer<W: Write> {
    out: W,
    line: Vec<u8>,
}

impl<W: Write> Writer<W> {
    /// Writes the header line.
    pub fn new(mut out: W, header: &Header) -> io::Result<Writer<W>> {
        let mut fields = Map::new();
        fields.insert("version".into(), json!(2));
        fields.insert("width".into(), json!(header.width));
        fields.insert("height".into(), json!(header.height));
        if let Some(timestamp) = header.timestamp {
            fields.insert("timestamp".into(), json!(timestamp));
        }
        let env: Map<String, Value> = header
            .env
            .iter()
            .map(|(name, value)| (name.clone(), json!(value)))
            .collect();
        fields.insert("env".into(), Value::Object(env));
        serde_json::to_writer(&mut out, &fields)?;
        out.write_all(b"\n")?;
        Ok(Writer {
            out,
            line: Vec::new(),
        })
    }

    /// Writes `data`, output at `time` seconds from the start.
    pub fn output(&mut self, time: f64, data: &str) -> io::Result<()> {
        self.event(time, "o", data)
    }

    /// Writes a resize to `width` x `height` at `time` seconds.
    pub fn resize(&mut self, time: f64, width: u16, height: u16) -> io::Result<()> {
        self.event(time, "r", &format!("{width}x{height}"))
    }

    /// Writes one event line; the line reaches `out` in one write.
    fn event(&mut self, time: f64, code: &str, data: &str) -> io::Result<()> {
        // Microseconds, as asciinema writes: more is noise, and a rounded
        // float prints short (0.5, not 0.50000000001).
        let time = (time.max(0.0) * 1e6).round() / 1e6;
        self.line.clear();
        serde_json::to_writer(&mut self.line, &json!([time, code, data]))?;
        self.line.push(b'\n');
        self.out.write_all(&self.line)
    }

    /// Flushes what was written to `out`.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    /// The writer the cast goes to.
    pub fn into_inner(self) -> W {
        self.out
    }
}

/// The largest recording `replay` reads, in bytes: an hour's session of
/// full 200x60 redraws, and small enough that a wrong file (a disk image)
/// is refused before it is read.
pub const MAX_CAST_BYTES: u64 = 1 << 30;

/// The longest line read, in bytes: an event is one frame's changes (a
/// full 200x60 screen in colour is under 20 KB), so a longer line is not
/// a frame, and reading stops there (bounded memory on `/dev/zero` or a
/// file with no line breaks).
pub const MAX_LINE_BYTES: u64 = 4 << 20;

/// Reads a cast strictly: the header first ([`Reader::new`]), then the
/// events one line at a time (as an iterator). Every error names its line.
/// Memory is bounded: one line at a time, each at most [`MAX_LINE_BYTES`].
pub struct Reader<R: BufRead> {
    input: R,
    /// The bytes of the line being read, kept to be reused.
    bytes: Vec<u8>,
    /// The number of the line last read (1 is the header).
    line: usize,
    /// The time of the previous event: times never go back.
    time: f64,
}

impl<R: BufRead> Reader<R> {
    /// Reads and checks the header line.
    pub fn new(input: R) -> Result<(Header, Reader<R>)> {
        let mut reader = Reader {
            input,
            bytes: Vec::new(),
            line: 1,
            time: 0.0,
        };
        let first = reader
            .next_line()?
            .context("line 1: the file is empty; a cast starts with its header line")?;
        let header = header(first).context("line 1")?;
        Ok((header, reader))
    }

    /// The next line's text without its line break, `None` at the end of
    /// the input; refused (naming [`Reader::line`]) when longer than
    /// [`MAX_LINE_BYTES`] or not UTF-8.
    fn next_line(&mut self) -> Result<Option<&str>> {
        let line = self.line;
        self.bytes.clear();
        let read = (&mut self.input)
            .take(MAX_LINE_BYTES + 1)
            .read_until(b'\n', &mut self.bytes)
            .with_context(|| format!("line {line}: cannot read"))?;
        if read == 0 {
            return Ok(None);
        }
        if self.bytes.last() == Some(&b'\n') {
            self.bytes.pop();
            if self.bytes.last() == Some(&b'\r') {
                self.bytes.pop();
            }
        } else if read as u64 > MAX_LINE_BYTES {
            bail!(
                "line {line}: longer than the limit of {} (an event is one frame)",
                crate::files::size_words(MAX_LINE_BYTES)
            );
        }
        match std::str::from_utf8(&self.bytes) {
            Ok(text) => Ok(Some(text)),
            Err(err) => bail!(
                "line {line}: not UTF-8 text at byte {}",
                err.valid_up_to() + 1
            ),
        }
    }

    /// The next event and its time in seconds, `None` at the end of the
    /// file.
    pub fn read(&mut self) -> Result<Option<(f64, Event)>> {
        self.line += 1;
        let line = self.line;
        let Some(text) = self.next_line()? else {
            self.line -= 1;
            return Ok(None);
        };
        let (time, event) = event(text).with_context(|| format!("line {line}"))?;
        if time < self.time {
            bail!(
                "line {line}: the time {time} is before the previous event's {}",
                self.time
            );
        }
        self.time = time;
        Ok(Some((time, event)))
    }

    /// The number of the line last read.
    pub fn line(&self) -> usize {
        self.line
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<(f64, Event)>;

    fn next(&mut self) -> Option<Self::Item> {
        self.read().transpose()
    }
}

/// Checks a header line: a JSON object with `version` 2, a positive
/// `width` and `height`, and, if present, a whole `timestamp` and an `env`
/// of strings. Other fields asciinema knows (`title`, `duration`, ...) are
/// accepted and left alone.
fn header(text: &str) -> Result<Header> {
    let value: Value = serde_json::from_str(text).context("the header is not JSON")?;
    let Value::Object(fields) = value else {
        bail!("the header is not a JSON object");
    };
    match fields.get("version") {
        Some(version) if version == 2 => {}
        Some(other) => bail!("version {other} is not an asciicast v2 (\"version\": 2)"),
        None => bail!("the header has no \"version\""),
    }
    let size = |name: &str| -> Result<u16> {
        let value = fields
            .get(name)
            .with_context(|| format!("the header has no \"{name}\""))?;
        value
            .as_u64()
            .and_then(|n| u16::try_from(n).ok())
            .filter(|&n| n > 0)
            .with_context(|| format!("\"{name}\" is {value}, not a whole number from 1 to 65535"))
    };
    let (width, height) = (size("width")?, size("height")?);
    let timestamp = match fields.get("timestamp") {
        None => None,
        Some(value) => Some(
            value
                .as_u64()
                .with_context(|| format!("\"timestamp\" is {value}, not whole seconds"))?,
        ),
    };
    let env = match fields.get("env") {
        None => Vec::new(),
        Some(Value::Object(env)) => env
            .iter()
            .map(|(name, value)| match value {
                Value::String(text) => Ok((name.clone(), text.clone())),
                _ => bail!("\"env\" field \"{name}\" is {value}, not a string"),
            })
            .collect::<Result<_>>()?,
        Some(other) => bail!("\"env\" is {other}, not an object"),
    };
    Ok(Header {
        width,
        height,
        timestamp,
        env,
    })
}

/// Checks an event line: `[time, code, data]`, a time of 0 or more
/// seconds, a code of `o`, `i`, `m` or `r`, and data that is a string
/// (`WxH` for `r`).
fn event(text: &str) -> Result<(f64, Event)> {
    if text.trim().is_empty() {
        bail!("an empty line; every line after the header is one event");
    }
    let value: Value = serde_json::from_str(text).context("the event is not JSON")?;
    let Value::Array(parts) = value else {
        bail!("the event is not a JSON array [time, code, data]");
    };
    let [time, code, data] = parts.as_slice() else {
        bail!(
            "the event has {} parts, not 3 ([time, code, data])",
            parts.len()
        );
    };
    let time = time
        .as_f64()
        .filter(|t| t.is_finite() && *t >= 0.0)
        .with_context(|| format!("the time {time} is not a number of seconds, 0 or more"))?;
    let (Value::String(code), Value::String(data)) = (code, data) else {
        bail!("the code {code} and the data {data} must both be strings");
    };
    let event = match code.as_str() {
        "o" => Event::Output(data.clone()),
        "i" => Event::Input(data.clone()),
        "m" => Event::Marker(data.clone()),
        "r" => {
            let (width, height) =
                resize(data).with_context(|| format!("the resize {data:?} is not COLUMNSxROWS"))?;
            Event::Resize(width, height)
        }
        other => bail!("the code {other:?} is not one of \"o\", \"i\", \"m\", \"r\""),
    };
    Ok((time, event))
}

/// Reads `100x30`.
fn resize(text: &str) -> Option<(u16, u16)> {
    let (width, height) = text.split_once('x')?;
    let number = |text: &str| {
        text.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| text.parse::<u16>().ok())
            .flatten()
            .filter(|&n| n > 0)
    };
    Some((number(width)?, number(height)?))
}

/// Reads a whole cast from `input` and checks every line, without keeping
/// the events: its header, the number of events and the time of the last.
pub fn check(input: impl BufRead) -> Result<(Header, usize, f64)> {
    let (header, mut reader) = Reader::new(input)?;
    let (mut count, mut end) = (0, 0.0);
    while let Some((time, _)) = reader.read()? {
        count += 1;
        end = time;
    }
    Ok((header, count, end))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_cast_reads_back() {
        let mut header = Header::new(80, 24);
        header.timestamp = Some(1_764_748_800);
        let mut writer = Writer::new(Vec::new(), &header).unwrap();
        writer.output(0.0, "\u{1b}[1;1Hq\u{2655}").unwrap();
        writer.resize(0.5, 100, 30).unwrap();
        writer.output(1.0 / 3.0, "x").unwrap();
        let bytes = writer.into_inner();
        let (read, mut reader) = Reader::new(&bytes[..]).unwrap();
        assert_eq!(read, header);
        assert_eq!(
            reader.read().unwrap(),
            Some((0.0, Event::Output("\u{1b}[1;1Hq\u{2655}".into())))
        );
        assert_eq!(reader.read().unwrap(), Some((0.5, Event::Resize(100, 30))));
        // 1/3 s after 0.5 s: time went back, and the reader says where.
        let err = reader.read().unwrap_err();
        assert!(format!("{err:#}").starts_with("line 4:"), "{err:#}");
    }

    #[test]
    fn bad_lines_are_named() {
        let header = r#"{"version": 2, "width": 80, "height": 24}"#;
        for (text, line) in [
            ("", 1),
            ("[]", 1),
            (r#"{"version": 1, "width": 80, "height": 24}"#, 1),
            (r#"{"version": 2, "width": 0, "height": 24}"#, 1),
            (
                &format!("{header}\n[0.1, \"o\", \"a\"]\n[0.2, \"x\", \"a\"]"),
                3,
            ),
            (&format!("{header}\n[0.1, \"r\", \"80by24\"]"), 2),
            (&format!("{header}\n[-1, \"o\", \"a\"]"), 2),
            (&format!("{header}\n[0.1, \"o\"]"), 2),
            (&format!("{header}\n\n[0.1, \"o\", \"a\"]"), 2),
            (&format!("{header}\n[0.1, \"o\", 5]"), 2),
        ] {
            let err = check(text.as_bytes()).unwrap_err();
            let message = format!("{err:#}");
            assert!(
                message.starts_with(&format!("line {line}:")),
                "{text}: {message}"
            );
        }
    }
}
