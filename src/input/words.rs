//! Reading the word list of `backstep words`: a file of one word per line
//! when a file of that name exists, else a comma-separated list. Words are
//! upper-cased, repeats dropped (the first kept); 1 to 64 distinct words of
//! 1 to 32 letters A-Z. An error names the word and its position (its
//! place in the list, or its line in the file, from 1).

use anyhow::{Context, Result};

use crate::files;
use crate::search::word::MAX_WORD;
use crate::search::words::MAX_WORDS;

/// Why a word list is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ListError {
    /// No word at all.
    Empty,
    /// An empty entry (`OATH,,EAT`, or a blank line in the middle of a list).
    EmptyWord { at: Place },
    /// A character that is not a letter.
    NotALetter {
        at: Place,
        word: String,
        position: usize,
        ch: char,
    },
    /// A word longer than [`MAX_WORD`].
    TooLong { at: Place, word: String, len: usize },
    /// More than [`MAX_WORDS`] distinct words.
    TooMany { count: usize },
}

/// Where a word stands: its place in a typed list, or its line in a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The n-th word of a list, from 1.
    Word(usize),
    /// Line n of a file, from 1.
    Line(usize),
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Place::Word(n) => write!(f, "word {n}"),
            Place::Line(n) => write!(f, "line {n}"),
        }
    }
}

impl std::fmt::Display for ListError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ListError::Empty => write!(f, "the word list is empty; give 1 to {MAX_WORDS} words"),
            ListError::EmptyWord { at } => {
                write!(
                    f,
                    "words: {at} is empty; a word has 1 to {MAX_WORD} letters"
                )
            }
            ListError::NotALetter {
                at,
                word,
                position,
                ch,
            } => write!(
                f,
                "words: {at} {word:?}: {ch:?} at position {position} is not a letter A-Z"
            ),
            ListError::TooLong { at, word, len } => write!(
                f,
                "words: {at} {word:?} has {len} letters; at most {MAX_WORD}"
            ),
            ListError::TooMany { count } => write!(
                f,
                "the list has {count} distinct words; at most {MAX_WORDS}"
            ),
        }
    }
}

impl std::error::Error for ListError {}

/// The default list of `backstep words`.
pub const DEFAULT_WORDS: &str = "OATH,PEA,EAT,RAIN";
/// The default board of `backstep words`.
pub const DEFAULT_BOARD: &str = "OAAN,ETAE,IHKR,IFLV";

/// Reads `--words`: a file of one word per line if `arg` names one, else a
/// comma-separated list.
pub fn load_words(arg: &str) -> Result<Vec<String>> {
    if let Some(text) = super::read_file(arg, "word list")? {
        return parse_word_lines(&text)
            .with_context(|| format!("word list file {}", files::quoted(arg)));
    }
    // Words hold no '/', '\\' or '.': an argument with one was meant as a
    // file, and "no such file" says more than "'/' is not a letter".
    if super::looks_like_path(arg) || arg.contains('.') {
        anyhow::bail!(
            "the word list file {} does not exist (a list of words is separated by commas)",
            files::quoted(arg)
        );
    }
    Ok(parse_word_list(arg)?)
}

/// A comma-separated list: `OATH,PEA,EAT,RAIN` (spaces around a word are
/// ignored).
pub fn parse_word_list(list: &str) -> Result<Vec<String>, ListError> {
    if list.trim().is_empty() {
        return Err(ListError::Empty);
    }
    word_list(list.split(',').map(str::trim))
}

/// A list of words (a generator's, or a typed list's through
/// [`parse_word_list`]), checked as a typed list is, each named by its
/// place from 1.
pub fn word_list<'a>(words: impl IntoIterator<Item = &'a str>) -> Result<Vec<String>, ListError> {
    let words = words
        .into_iter()
        .enumerate()
        .map(|(i, w)| (Place::Word(i + 1), w));
    collect(words)
}

/// One word per line; blank lines and lines starting with `#` are skipped.
pub fn parse_word_lines(text: &str) -> Result<Vec<String>, ListError> {
    let words = text
        .lines()
        .enumerate()
        .map(|(i, w)| (Place::Line(i + 1), w.trim()))
        .filter(|(_, w)| !w.is_empty() && !w.starts_with('#'));
    collect(words)
}

/// The one check of a word list: every word 1 to [`MAX_WORD`] letters
/// A-Z (upper-cased), repeats dropped (the first kept), 1 to
/// [`MAX_WORDS`] words.
fn collect<'a>(words: impl Iterator<Item = (Place, &'a str)>) -> Result<Vec<String>, ListError> {
    let mut list: Vec<String> = Vec::new();
    for (at, word) in words {
        if word.is_empty() {
            return Err(ListError::EmptyWord { at });
        }
        if let Some((i, ch)) = word
            .chars()
            .enumerate()
            .find(|(_, c)| !c.is_ascii_alphabetic())
        {
            return Err(ListError::NotALetter {
                at,
                word: word.to_string(),
                position: i + 1,
                ch,
            });
        }
        let len = word.len();
        if len > MAX_WORD {
            return Err(ListError::TooLong {
                at,
                word: word.to_string(),
                len,
            });
        }
        let word = word.to_ascii_uppercase();
        if !list.contains(&word) {
            list.push(word);
        }
    }
    match list.len() {
        0 => Err(ListError::Empty),
        count if count > MAX_WORDS => Err(ListError::TooMany { count }),
        _ => Ok(list),
    }
}
