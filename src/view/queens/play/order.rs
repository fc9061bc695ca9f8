//! How the student's queens stand against the search's own order: the
//! lowest legal column of each row not yet tried.

use super::Play;
use crate::search::{bits, format_set};

/// How one placement stands against the search's left-to-right order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Order {
    /// Legal columns left of the queen not yet tried in its row: the search
    /// would have placed there first.
    pub skipped: u32,
    /// Whether the queen's column was already tried (placed and undone) in
    /// its row: the search tries each column once.
    pub revisit: bool,
}

impl Order {
    /// Whether the queen is where the search would place next.
    pub fn follows(self) -> bool {
        self.skipped == 0 && !self.revisit
    }

    /// How the queen at (`row`, `col`) stands, as a phrase.
    pub fn words(self, row: u8, col: u8) -> String {
        if self.revisit {
            format!(
                "column {col} was already tried in row {row}; the search tries each column once, left to right"
            )
        } else if let Some(first) = bits(self.skipped).next() {
            let (noun, verb) = if bits(self.skipped).count() == 1 {
                ("column", "was")
            } else {
                ("columns", "were")
            };
            format!(
                "legal {noun} {} {verb} skipped; the search places at ({row},{first}) first",
                format_set(bits(self.skipped))
            )
        } else {
            "where the search places next (the lowest legal column not yet tried)".into()
        }
    }
}

impl Play {
    /// The side note on the search's order, over every queen placed.
    pub fn order_note(&self) -> String {
        let first_off = self
            .order
            .iter()
            .zip(&self.queens)
            .enumerate()
            .find(|(_, (order, _))| !order.follows());
        match first_off {
            Some((row, (order, &col))) => format!(
                "Search order: off since ({row},{col}): {}.",
                order.words(row as u8, col)
            ),
            None if self.queens.is_empty() => {
                "Search order: the search places in the lowest legal column of each row first."
                    .into()
            }
            None => {
                "Search order: followed so far; every queen is where the search would place it."
                    .into()
            }
        }
    }
}
