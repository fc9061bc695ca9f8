//! Files as a careful tool handles them: every input is checked before it
//! is opened (a special file is named as one and never opened, so a FIFO
//! with no writer cannot hang the program and `/dev/zero` cannot fill its
//! memory), bounded before it is read, and every name shown on a terminal
//! is escaped by [`escaped`], the one function that does it.

use std::ffi::OsStr;
use std::fs::{File, Metadata};
use std::io::{self, Read};
use std::path::Path;

use anyhow::{Context, Result, bail};

/// `text` with its control characters escaped (`\u{1b}`, `\n`, `\t`), so
/// that a name or a path shown on a terminal cannot move the cursor, clear
/// the screen or retitle the window. Every name and path a message or a
/// title shows goes through here (or through [`quoted`]).
pub fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}

/// `text` as one word of a POSIX shell command: as it is when it has only
/// characters no shell treats specially, else in single quotes (a `'`
/// inside written `'\''`).
pub fn shell_word(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_.,:/=+@%^".contains(c);
    if !text.is_empty() && text.chars().all(plain) {
        return text.to_string();
    }
    format!("'{}'", text.replace('\'', "'\\''"))
}

/// A path or a typed argument as messages name it: in double quotes, with
/// control characters escaped and bytes that are not UTF-8 shown as U+FFFD.
pub fn quoted(path: impl AsRef<OsStr>) -> String {
    format!("\"{}\"", escaped(&path.as_ref().to_string_lossy()))
}

/// What a path names, as far as reading it goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    /// Nothing by that name.
    Missing,
    /// A regular file, of this many bytes.
    File(u64),
    /// A folder.
    Folder,
    /// Anything else (a FIFO, a device, a socket), in words: never opened.
    Special(&'static str),
}

/// What `path` names, from its metadata alone (following links): nothing
/// is opened, so a FIFO or a device is found without blocking.
pub fn find(path: &Path) -> Found {
    match std::fs::metadata(path) {
        Ok(meta) => kind(&meta),
        Err(_) => Found::Missing,
    }
}

fn kind(meta: &Metadata) -> Found {
    let file_type = meta.file_type();
    if file_type.is_file() {
        return Found::File(meta.len());
    }
    if file_type.is_dir() {
        return Found::Folder;
    }
    Found::Special(special(&file_type))
}

/// A special file's kind, in words.
#[cfg(unix)]
fn special(file_type: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if file_type.is_fifo() {
        "a FIFO (named pipe)"
    } else if file_type.is_char_device() || file_type.is_block_device() {
        "a device"
    } else if file_type.is_socket() {
        "a socket"
    } else {
        "a special file"
    }
}

#[cfg(not(unix))]
fn special(_: &std::fs::FileType) -> &'static str {
    "a special file"
}

/// The error for a path that is not a regular file, naming what it is.
pub fn not_a_file(what: &str, path: &Path, found: Found) -> anyhow::Error {
    let shown = quoted(path);
    match found {
        Found::Missing => anyhow::anyhow!("the {what} {shown} does not exist"),
        Found::Folder => anyhow::anyhow!("the {what} {shown} is a folder, not a file"),
        Found::Special(kind) => anyhow::anyhow!("the {what} {shown} is {kind}, not a file"),
        Found::File(_) => anyhow::anyhow!("the {what} {shown} is a file"),
    }
}

/// A byte count as a person says it: `1 MiB`, `1 GiB`, else bytes.
pub fn size_words(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 30 && b % (1 << 30) == 0 => format!("{} GiB", b >> 30),
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        1 => "1 byte".to_string(),
        b => format!("{b} bytes"),
    }
}

/// Opens the regular file at `path` to read at most `limit` bytes of it:
/// refused by name, before anything is opened, when it is missing, a
/// folder, a special file, or larger than `limit`. The file is opened
/// without blocking and checked again once open, so a file swapped for a
/// FIFO in between is still refused; reads past `limit` (a file that grew)
/// end in an error rather than more memory.
pub fn open(what: &str, path: &Path, limit: u64) -> Result<Bounded> {
    match find(path) {
        Found::File(size) if size > limit => bail!(
            "the {what} {} is {size} bytes, over the limit of {}",
            quoted(path),
            size_words(limit)
        ),
        Found::File(_) => {}
        found => return Err(not_a_file(what, path, found)),
    }
    let cannot = || format!("cannot read the {what} {}", quoted(path));
    let file = open_without_blocking(path).with_context(cannot)?;
    let found = kind(&file.metadata().with_context(cannot)?);
    if !matches!(found, Found::File(_)) {
        return Err(not_a_file(what, path, found));
    }
    Ok(Bounded {
        file,
        left: limit,
        limit,
    })
}

#[cfg(unix)]
fn open_without_blocking(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    let flags = rustix::fs::OFlags::NONBLOCK | rustix::fs::OFlags::NOCTTY;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(flags.bits() as i32)
        .open(path)
}

#[cfg(not(unix))]
fn open_without_blocking(path: &Path) -> io::Result<File> {
    File::open(path)
}

/// A file read up to a limit: a read past it is an error naming the
/// limit, so a file that grows after its size was checked still cannot
/// make the program read more.
#[derive(Debug)]
pub struct Bounded {
    file: File,
    left: u64,
    limit: u64,
}

impl Read for Bounded {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        // One byte more than is left, to tell "ends at the limit" from
        // "goes on past it".
        let most = usize::try_from(self.left.saturating_add(1))
            .unwrap_or(usize::MAX)
            .min(buf.len());
        let read = self.file.read(&mut buf[..most])?;
        if read as u64 > self.left {
            return Err(io::Error::other(format!(
                "over the limit of {}",
                size_words(self.limit)
            )));
        }
        self.left -= read as u64;
        Ok(read)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_the_rest_kept() {
        assert_eq!(escaped("a\u{1b}]0;x\u{7}b\nç♛"), "a\\u{1b}]0;x\\u{7}b\\nç♛");
        assert_eq!(quoted("x\u{9b}2J"), "\"x\\u{9b}2J\"");
    }

    #[test]
    fn sizes_are_said_as_a_person_would() {
        assert_eq!(size_words(1 << 20), "1 MiB");
        assert_eq!(size_words(1 << 30), "1 GiB");
        assert_eq!(size_words(1000), "1000 bytes");
    }

    #[cfg(unix)]
    #[test]
    fn special_files_are_named_without_being_opened() {
        assert_eq!(find(Path::new("/dev/zero")), Found::Special("a device"));
        assert_eq!(find(Path::new("/")), Found::Folder);
        assert_eq!(find(Path::new("/no/such/file")), Found::Missing);
        let err = open("recording", Path::new("/dev/zero"), 10).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the recording \"/dev/zero\" is a device, not a file"
        );
    }

    #[test]
    fn a_read_past_the_limit_is_an_error() {
        let path = std::env::temp_dir().join(format!("backstep-bounded-{}", std::process::id()));
        std::fs::write(&path, b"0123456789").unwrap();
        let mut text = String::new();
        let read = open("test file", &path, 10)
            .unwrap()
            .read_to_string(&mut text);
        assert_eq!(read.unwrap(), 10);
        let mut bounded = open("test file", &path, 20).unwrap();
        bounded.left = 4;
        let mut bytes = Vec::new();
        assert!(bounded.read_to_end(&mut bytes).is_err());
        assert!(bytes.len() <= 4, "{}", bytes.len());
        let _ = std::fs::remove_file(&path);
    }
}
