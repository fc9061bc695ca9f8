//! Reading a maze (EVENTS.md §2): rows of `1` or `.` (open) and `0` or `#`
//! (wall), separated by `,` on the command line or by newlines in a file
//! (blank lines ignored; no comments, since `#` is a wall); spaces and tabs
//! are ignored. 1x1 to 16x16, every row the same length. Errors name the
//! row and column, 0-based as on screen.

use anyhow::{Result, bail};

use super::{Loaded, file_name, looks_like_path, read_file};
use crate::assets;
use crate::files;
use crate::search::grid::MAX_SIDE;
use crate::search::maze::{Grid, Move};

/// Seed 003's 4x4 maze, whose paths are `DDRDRR` and `DRDDRR`.
pub const DEFAULT: &str = "1000,1101,1100,0111";

/// The default maze.
pub fn default_grid() -> Grid {
    parse_list(DEFAULT).expect("the default maze is valid")
}

/// The maze of `backstep maze`: the first argument (a shipped name or a
/// file), else `--grid` (rows or a file), else the default.
pub fn maze_of(named: Option<&str>, typed: Option<&str>) -> Result<Loaded<Grid>> {
    match (named, typed) {
        (Some(arg), _) => super::load_named(assets::MAZES, "maze", arg, parse_lines),
        (None, Some(arg)) => load_grid(arg),
        (None, None) => load_grid(DEFAULT),
    }
}

/// Reads a maze file: one row per line, blank lines ignored.
pub fn parse_lines(text: &str) -> Result<Grid> {
    let rows: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    Grid::new(&rows)
}

/// Loads a maze from a file (one row per line) if a file of that name
/// exists, else from rows separated by commas.
pub fn load_grid(arg: &str) -> Result<Loaded<Grid>> {
    if let Some(text) = read_file(arg, "maze")? {
        let value = parse_lines(&text)
            .map_err(|e| anyhow::anyhow!("maze file {}: {e}", files::quoted(arg)))?;
        return Ok(Loaded {
            name: file_name(arg),
            value,
        });
    }
    // A maze row holds no letters, so an argument that reads as a file name
    // was meant as one: "no such file" says more than "'m' is not a cell".
    if looks_like_path(arg) {
        bail!("the maze file {} does not exist", files::quoted(arg));
    }
    Ok(Loaded {
        name: "grid".to_string(),
        value: parse_list(arg)?,
    })
}

/// Reads rows separated by commas (`1000,1101,1100,0111`).
pub fn parse_list(text: &str) -> Result<Grid> {
    if text.trim().is_empty() {
        bail!("the maze is empty; it needs at least one row of one cell");
    }
    let rows: Vec<&str> = text.split(',').collect();
    Grid::new(&rows)
}

impl Grid {
    /// Builds a maze from its rows of text (spaces, tabs and carriage
    /// returns ignored), naming the row and column of the first thing wrong.
    pub fn new<S: AsRef<str>>(rows: &[S]) -> Result<Grid> {
        let cells = rows
            .iter()
            .enumerate()
            .map(|(r, line)| row_cells(r, line.as_ref()));
        Grid::of_rows(cells)
    }

    /// Builds a maze from its rows of cells (true: open), checked as a
    /// typed maze's rows are ([`Grid::new`]): a generator's maze is refused
    /// for what a typed one would be.
    pub fn from_open(rows: Vec<Vec<bool>>) -> Result<Grid> {
        Grid::of_rows(rows.into_iter().map(Ok))
    }

    /// The one check of a maze's shape: rows read one at a time (so the
    /// first thing wrong, in reading order, is the one named), none empty,
    /// all as long as row 0, at most [`MAX_SIDE`] each way.
    fn of_rows(rows: impl ExactSizeIterator<Item = Result<Vec<bool>>>) -> Result<Grid> {
        let count = rows.len();
        let mut open = Vec::new();
        let mut cols = 0;
        for (r, row) in rows.enumerate() {
            let row = row?;
            let len = row.len();
            if len == 0 {
                bail!("maze row {r} is empty; every row needs at least one cell");
            }
            if r == 0 {
                cols = len;
            } else if len != cols {
                bail!(
                    "maze row {r} has {len} cell{}, row 0 has {cols}; every row needs the same length",
                    if len == 1 { "" } else { "s" }
                );
            }
            if r >= MAX_SIDE || cols > MAX_SIDE {
                bail!("maze is {count}x{cols}; at most {MAX_SIDE} rows and {MAX_SIDE} columns");
            }
            open.extend(row);
        }
        if count == 0 {
            bail!("the maze is empty; it needs at least one row of one cell");
        }
        Ok(Grid::new_checked(count, cols, open, Move::ORDER))
    }
}

/// Row `r` of a maze's text as its cells: `1` or `.` open, `0` or `#` a
/// wall, spaces, tabs and carriage returns ignored; any other character
/// is named with its row and column.
fn row_cells(r: usize, line: &str) -> Result<Vec<bool>> {
    let mut cells = Vec::new();
    for ch in line.chars() {
        match ch {
            '1' | '.' => cells.push(true),
            '0' | '#' => cells.push(false),
            ' ' | '\t' | '\r' => {}
            ch => bail!(
                "maze: {ch:?} at row {r}, column {} is not a cell: \
                 use 1 or . for open, 0 or # for a wall",
                cells.len()
            ),
        }
    }
    Ok(cells)
}
