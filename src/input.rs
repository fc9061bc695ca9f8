//! Turning what a user typed into validated puzzles.
//!
//! Every function here either returns something a search can run on or an
//! error that names what is wrong and where: the cell, the row, the
//! character, the allowed range. Grid coordinates (cells, board rows and
//! columns) are 0-based, as on screen; positions in typed text (a character
//! of a word, a line of a file) are 1-based, as editors count them.

use std::path::Path;

use anyhow::{Context, Result, bail};

use crate::assets::{self, Asset};
use crate::search::queens::MAX_N;
use crate::search::sudoku::Puzzle;
use crate::search::word::{Board, parse_word};

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
    if Path::new(arg).is_file() {
        let text = std::fs::read_to_string(arg)
            .with_context(|| format!("cannot read the puzzle file {arg}"))?;
        let value = parse_grid(&text).with_context(|| format!("puzzle file {arg}"))?;
        return Ok(Loaded {
            name: file_name(arg),
            value,
        });
    }
    // Mostly cells means a grid, even a short or mistyped one: then the
    // grid's own error (the stray character, the cell count) says more than
    // "not a puzzle name". Mostly letters means a name or a file name.
    let cells = arg
        .chars()
        .filter(|c| c.is_ascii_digit() || *c == '.')
        .count();
    let others = arg
        .chars()
        .filter(|c| !(c.is_ascii_digit() || c.is_whitespace() || ".|-+".contains(*c)))
        .count();
    if cells < 16 && cells <= others {
        bail!(
            "{arg:?} is not a shipped puzzle ({}), a file, or a grid of 16 or 81 cells",
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
    if let Some(asset) = assets::find(assets::BOARDS, arg) {
        return from_asset(asset, parse_board_lines);
    }
    if Path::new(arg).is_file() {
        let text = std::fs::read_to_string(arg)
            .with_context(|| format!("cannot read the board file {arg}"))?;
        let value = parse_board_lines(&text).with_context(|| format!("board file {arg}"))?;
        return Ok(Loaded {
            name: file_name(arg),
            value,
        });
    }
    let rows: Vec<&str> = if arg.trim().is_empty() {
        Vec::new()
    } else {
        arg.split(',').map(str::trim).collect()
    };
    let value = Board::new(&rows).map_err(|err| {
        let err = anyhow::Error::new(err);
        // A mistyped file name would otherwise be reported only as a board
        // with a stray '.' or '/' in it.
        if arg.contains(['.', '/', '\\']) {
            err.context(format!(
                "{arg:?} is not a shipped board ({}) or an existing file, nor rows of letters",
                assets::names(assets::BOARDS)
            ))
        } else {
            err
        }
    })?;
    Ok(Loaded {
        name: arg.to_string(),
        value,
    })
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

fn from_asset<T>(asset: &Asset, parse: fn(&str) -> Result<T>) -> Result<Loaded<T>> {
    let value = parse(asset.text).with_context(|| format!("shipped asset {}", asset.name))?;
    Ok(Loaded {
        name: asset.name.to_string(),
        value,
    })
}

fn file_name(path: &str) -> String {
    Path::new(path)
        .file_name()
        .map_or_else(|| path.to_string(), |n| n.to_string_lossy().into_owned())
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
