//! Validating a Word Search board and word: letters A–Z (lower case is
//! upper-cased), a rectangular board of at most 16×16, a word of at most 32
//! letters. The engine ([`crate::search::word`]) takes only a [`Board`] and a
//! word validated here.

use crate::search::grid::{Dir, MAX_SIDE};
use crate::search::word::{Board, MAX_WORD};

/// Why a board or word is refused. Board rows and columns are 0-based grid
/// coordinates; a word position is 1-based, as a person counts letters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LetterError {
    /// A board character that is not a letter.
    BoardChar { row: usize, col: usize, ch: char },
    /// A row whose length differs from the first row's.
    Ragged {
        row: usize,
        len: usize,
        first: usize,
    },
    /// More than [`MAX_SIDE`] rows or columns.
    BoardSize { rows: usize, cols: usize },
    /// A word character that is not a letter.
    WordChar { position: usize, ch: char },
    /// A word longer than [`MAX_WORD`].
    WordLength { len: usize },
}

impl std::fmt::Display for LetterError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            LetterError::BoardChar { row, col, ch } => write!(
                f,
                "board: {ch:?} at row {row}, column {col} is not a letter A-Z"
            ),
            LetterError::Ragged { row, len, first } => write!(
                f,
                "board row {row} has {len} letter{}, row 0 has {first}; every row needs the same length",
                if len == 1 { "" } else { "s" }
            ),
            LetterError::BoardSize { rows, cols } => write!(
                f,
                "board is {rows}x{cols}; at most {MAX_SIDE} rows and {MAX_SIDE} columns"
            ),
            LetterError::WordChar { position, ch } => {
                write!(f, "word: {ch:?} at position {position} is not a letter A-Z")
            }
            LetterError::WordLength { len } => {
                write!(f, "word has {len} letters; at most {MAX_WORD}")
            }
        }
    }
}

impl std::error::Error for LetterError {}

impl Board {
    /// Builds a board from its rows of text; lower case is upper-cased.
    pub fn new<S: AsRef<str>>(rows: &[S]) -> Result<Board, LetterError> {
        Board::of_letters(rows.iter().map(|row| row.as_ref().chars()))
    }

    /// Builds a board from its rows of letters (a generator's, or a typed
    /// board's through [`Board::new`]), with the one check of a board:
    /// every cell a letter A-Z (lower case is upper-cased), every row as
    /// long as row 0, at most [`MAX_SIDE`] each way.
    pub fn of_letters<R: IntoIterator<Item = char>>(
        rows: impl IntoIterator<Item = R>,
    ) -> Result<Board, LetterError> {
        let mut letters = Vec::new();
        let mut cols = 0;
        let mut count = 0;
        for (r, row) in rows.into_iter().enumerate() {
            count += 1;
            let mut len = 0;
            for (c, ch) in row.into_iter().enumerate() {
                if !ch.is_ascii_alphabetic() {
                    return Err(LetterError::BoardChar { row: r, col: c, ch });
                }
                letters.push(ch.to_ascii_uppercase() as u8);
                len += 1;
            }
            if r == 0 {
                cols = len;
            }
            if len != cols {
                return Err(LetterError::Ragged {
                    row: r,
                    len,
                    first: cols,
                });
            }
        }
        if count > MAX_SIDE || cols > MAX_SIDE {
            return Err(LetterError::BoardSize { rows: count, cols });
        }
        let rows = if cols == 0 { 0 } else { count };
        Ok(Board::new_checked(rows, cols, letters, Dir::CLOCKWISE))
    }
}

/// Validates a word: letters A–Z (lower case is upper-cased), at most 32.
pub fn parse_word(word: &str) -> Result<String, LetterError> {
    if let Some((position, ch)) = word
        .chars()
        .enumerate()
        .find(|(_, c)| !c.is_ascii_alphabetic())
    {
        let position = position + 1;
        return Err(LetterError::WordChar { position, ch });
    }
    let len = word.chars().count();
    if len > MAX_WORD {
        return Err(LetterError::WordLength { len });
    }
    Ok(word.to_ascii_uppercase())
}
