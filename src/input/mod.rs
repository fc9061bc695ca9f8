//! Turning what a user typed into validated puzzles.
//!
//! Every function here either returns something a search can run on or an
//! error that names what is wrong and where: the cell, the row, the
//! character, the allowed range. Grid coordinates (cells, board rows and
//! columns) are 0-based, as on screen; positions in typed text (a character
//! of a word, a line of a file) are 1-based, as editors count them.
//!
//! The checks of each search's values live here, not in the engine, each
//! in the one constructor that every way of making the value ends in (a
//! typed instance's parser and a `--seed` generator, [`seeded`]):
//! [`sudoku`] builds a [`Puzzle`] from givens, [`word`] a [`Board`] from rows
//! and a word, [`maze`] a maze, [`colour`] a graph, [`cover`] a problem;
//! the engines take those values as already validated.

use std::io::Read;
use std::path::Path;

use anyhow::{Context, Result, bail};

use crate::assets::{self, Asset};
use crate::files::{self, Found};
use crate::search::queens::MAX_N;
use crate::search::sudoku::Puzzle;
use crate::search::word::Board;

pub mod colour;
pub mod cover;
pub mod maze;
pub mod seeded;
pub mod sudoku;
pub mod word;
pub mod words;

pub use sudoku::GivenError;
pub use word::{LetterError, parse_word};

/// Parses an N-Queens size, 0..=16 (a clap value parser).
pub fn queens_n(text: &str) -> Result<u8, String> {
    match text.trim().parse::<i64>() {
        Ok(n) if (0..=i64::from(MAX_N)).contains(&n) => Ok(n as u8),
        Ok(n) => Err(format!("n must be between 0 and {MAX_N}, got {n}")),
        Err(_) => Err(format!(
            "n must be a whole number between 0 and {MAX_N}, got {text:?}"
        )),
    }
}

/// A puzzle and where it came from (a shipped name, a file, or "grid").
#[derive(Clone, Debug)]
pub struct Loaded<T> {
    /// A short name for titles and messages.
    pub name: String,
    /// The validated value.
    pub value: T,
}

/// Loads a Sudoku from a shipped name, a file path, or a grid typed inline.
pub fn load_puzzle(arg: &str) -> Result<Loaded<Puzzle>> {
    if let Some(asset) = assets::find(assets::SUDOKU, arg) {
        return from_asset(asset, parse_grid);
    }
    if let Some(text) = read_file(arg, "puzzle")? {
        let value =
            parse_grid(&text).with_context(|| format!("puzzle file {}", files::quoted(arg)))?;
        return Ok(Loaded {
            name: file_name(arg),
            value,
        });
    }
    if looks_like_path(arg) && cell_count(arg) < 16 {
        bail!(
            "the puzzle file {} does not exist (and it is not a shipped puzzle: {})",
            files::quoted(arg),
            assets::names(assets::SUDOKU)
        );
    }
    // Mostly cells means a grid, even a short or mistyped one: then the
    // grid's own error (the stray character, the cell count) says more than
    // "not a puzzle name". Mostly letters means a name or a file name.
    let cells = cell_count(arg);
    let others = arg
        .chars()
        .filter(|c| !(c.is_ascii_digit() || c.is_whitespace() || ".|-+".contains(*c)))
        .count();
    if cells < 16 && cells <= others {
        bail!(
            "{} is not a shipped puzzle ({}), a file, or a grid of 16 or 81 cells",
            files::quoted(arg),
            assets::names(assets::SUDOKU)
        );
    }
    let value = parse_grid(arg).context("puzzle")?;
    Ok(Loaded {
        name: "grid".to_string(),
        value,
    })
}

/// Reads a grid: digits are givens, `0` and `.` blanks; white space and the
/// drawing characters `|`, `-`, `+` are ignored; lines starting with `#` are
/// comments.
pub fn parse_grid(text: &str) -> Result<Puzzle> {
    let mut cells = Vec::new();
    let multi_line = text.trim_end().contains('\n');
    for (l, line) in text.lines().enumerate() {
        if line.trim_start().starts_with('#') {
            continue;
        }
        for (c, ch) in line.chars().enumerate() {
            match ch {
                '0'..='9' => cells.push(ch as u8 - b'0'),
                '.' => cells.push(0),
                '|' | '-' | '+' => {}
                ch if ch.is_whitespace() => {}
                ch => {
                    let place = if multi_line {
                        format!("line {}, character {}", l + 1, c + 1)
                    } else {
                        format!("character {}", c + 1)
                    };
                    bail!("{ch:?} at {place} is not a digit, '.', or one of | - +");
                }
            }
        }
    }
    Ok(Puzzle::new(cells)?)
}

/// Loads a Word Search board from a shipped name, a file (one row per line),
/// or rows separated by commas (`ABCE,SFCS,ADEE`).
pub fn load_board(arg: &str) -> Result<Loaded<Board>> {
    load_board_from(assets::BOARDS, arg)
}

/// [`load_board`], with the shipped boards of `list`.
fn load_board_from(list: &'static [Asset], arg: &str) -> Result<Loaded<Board>> {
    if let Some(asset) = assets::find(list, arg) {
        return from_asset(asset, parse_board_lines);
    }
    if let Some(text) = read_file(arg, "board")? {
        let value = parse_board_lines(&text)
            .with_context(|| format!("board file {}", files::quoted(arg)))?;
        return Ok(Loaded {
            name: file_name(arg),
            value,
        });
    }
    // Rows of letters hold no '.' or '/': an argument with one was meant
    // as a file, and "no such file" says more than "'.' is not a letter".
    if looks_like_path(arg) || arg.contains('.') {
        bail!(
            "the board file {} does not exist (and it is not a shipped board: {})",
            files::quoted(arg),
            assets::names(list)
        );
    }
    let rows: Vec<&str> = if arg.trim().is_empty() {
        Vec::new()
    } else {
        arg.split(',').map(str::trim).collect()
    };
    let value = Board::new(&rows)?;
    Ok(Loaded {
        name: arg.to_string(),
        value,
    })
}

/// Loads the instance a search's first argument names: a shipped one of
/// `list` by name, or a file, read by `parse`. Typed text is not read here
/// (it has its own option, `--grid`, `--board`): a mistyped name is an
/// error naming the shipped ones, never a tiny board of its letters.
pub fn load_named<T>(
    list: &'static [Asset],
    what: &str,
    arg: &str,
    parse: fn(&str) -> Result<T>,
) -> Result<Loaded<T>> {
    if let Some(asset) = assets::find(list, arg) {
        return from_asset(asset, parse);
    }
    if let Some(text) = read_file(arg, what)? {
        let value = parse(&text).with_context(|| format!("{what} file {}", files::quoted(arg)))?;
        return Ok(Loaded {
            name: file_name(arg),
            value,
        });
    }
    bail!(
        "{} is neither a shipped {what} ({}) nor a file",
        files::quoted(arg),
        assets::names(list)
    )
}

/// The board of `word` or `words`: the first argument (a shipped name or
/// a file), else `--board` (rows, a file or a name), else `default` rows.
pub fn board_of(
    list: &'static [Asset],
    named: Option<&str>,
    typed: Option<&str>,
    default: &str,
) -> Result<Loaded<Board>> {
    match (named, typed) {
        (Some(arg), _) => load_named(list, "board", arg, parse_board_lines),
        (None, Some(arg)) => load_board_from(list, arg),
        (None, None) => load_board_from(list, default),
    }
}

/// Reads a board written one row per line; blank lines and lines starting
/// with `#` are skipped.
pub fn parse_board_lines(text: &str) -> Result<Board> {
    let rows: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    Ok(Board::new(&rows)?)
}

/// Validates a word (letters A–Z, at most 32; lower case is upper-cased).
pub fn load_word(arg: &str) -> Result<String> {
    Ok(parse_word(arg)?)
}

/// The largest input file read, in bytes: far more than any grid or board
/// allowed (a 16x16 board is under 300 bytes), and small enough that a
/// wrong file (a log, a disk image) is refused before it is read.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// The text of the file `arg` names, if it names an existing file: refused
/// before reading when it is larger than [`MAX_FILE_BYTES`] or a special
/// file (a FIFO, a device, a socket: named as such and never opened), and
/// refused naming the line and byte when it is not UTF-8. `None` when no
/// such file exists.
fn read_file(arg: &str, what: &str) -> Result<Option<String>> {
    let path = Path::new(arg);
    match files::find(path) {
        Found::Missing => return Ok(None),
        // A name like `src` may be rows of letters that happen to match a
        // folder, and is read as such; a name with a '/' or '.' (neither
        // allowed in a board, nor in a grid of a folder's name) is not.
        Found::Folder if !(looks_like_path(arg) || arg.contains('.')) => return Ok(None),
        _ => {}
    }
    let what = format!("{what} file");
    let mut bytes = Vec::new();
    files::open(&what, path, MAX_FILE_BYTES)?
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read the {what} {}", files::quoted(arg)))?;
    match String::from_utf8(bytes) {
        Ok(text) => Ok(Some(text)),
        Err(err) => {
            let bytes = err.as_bytes();
            let bad = err.utf8_error().valid_up_to();
            let line_start = bytes[..bad]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
            let line = 1 + bytes[..bad].iter().filter(|&&b| b == b'\n').count();
            bail!(
                "the {what} {} is not UTF-8 text: line {line}, byte {} (0x{:02X})",
                files::quoted(arg),
                bad - line_start + 1,
                bytes[bad]
            );
        }
    }
}

/// Whether `arg` reads as a file name rather than a typed value: it has a
/// folder separator, or ends in an extension with a letter in it (`.txt`,
/// `.sudoku`; a grid's `.5` or `..` is no extension).
fn looks_like_path(arg: &str) -> bool {
    if arg.contains(['/', '\\']) {
        return true;
    }
    match arg.rsplit_once('.') {
        Some((stem, ext)) => {
            !stem.is_empty()
                && (1..=10).contains(&ext.len())
                && ext.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && ext.chars().any(|c| c.is_ascii_alphabetic())
        }
        None => false,
    }
}

/// How many characters of `arg` could be Sudoku cells (digits and `.`).
fn cell_count(arg: &str) -> usize {
    arg.chars()
        .filter(|c| c.is_ascii_digit() || *c == '.')
        .count()
}

fn from_asset<T>(asset: &Asset, parse: fn(&str) -> Result<T>) -> Result<Loaded<T>> {
    let value = parse(asset.text).with_context(|| format!("shipped asset {}", asset.name))?;
    Ok(Loaded {
        name: asset.name.to_string(),
        value,
    })
}

/// The last part of a file's path, for titles, with control characters
/// escaped so that a file name cannot send escape sequences to the terminal.
fn file_name(path: &str) -> String {
    let name = Path::new(path)
        .file_name()
        .map_or_else(|| path.to_string(), |n| n.to_string_lossy().into_owned());
    files::escaped(&name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_assets_parse() {
        for asset in assets::SUDOKU {
            assert!(load_puzzle(asset.name).is_ok(), "{}", asset.name);
        }
        assert_eq!(
            load_board("sample").map(|b| b.value.lines()).ok(),
            Some(vec!["ABCE".into(), "SFCS".into(), "ADEE".into()])
        );
    }

    #[test]
    fn n_out_of_range_is_named() {
        assert_eq!(
            queens_n("17"),
            Err("n must be between 0 and 16, got 17".into())
        );
        assert_eq!(queens_n("4"), Ok(4));
    }
}
