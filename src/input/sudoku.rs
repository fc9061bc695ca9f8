//! Validating a Sudoku's givens: the grid size, each digit's range, and no
//! unit holding a digit twice. The engine ([`crate::search::sudoku`]) takes
//! only a [`Puzzle`] built here.

use crate::search::sudoku::{Geometry, Puzzle, Unit, digit_rows};

/// Why a grid of givens is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GivenError {
    /// The number of cells is not 16 or 81.
    Size { cells: usize },
    /// A digit larger than the grid allows.
    OutOfRange {
        row: u8,
        col: u8,
        digit: u8,
        size: u8,
    },
    /// A digit that a unit already holds at another given.
    Conflict {
        row: u8,
        col: u8,
        digit: u8,
        unit: Unit,
        other: (u8, u8),
    },
}

impl std::fmt::Display for GivenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            GivenError::Size { cells } => write!(
                f,
                "the puzzle has {cells} cells; a Sudoku needs 16 (4x4) or 81 (9x9)"
            ),
            GivenError::OutOfRange {
                row,
                col,
                digit,
                size,
            } => write!(
                f,
                "cell ({row},{col}): {digit} is out of range; a {size}x{size} grid takes 1 to {size}"
            ),
            GivenError::Conflict {
                row,
                col,
                digit,
                unit,
                other: (orow, ocol),
            } => {
                let which = match unit {
                    Unit::Row => format!("row {row}"),
                    Unit::Col => format!("column {col}"),
                    Unit::Box => "its box".to_string(),
                };
                write!(
                    f,
                    "cell ({row},{col}): {digit} is already in {which}, at ({orow},{ocol})"
                )
            }
        }
    }
}

impl std::error::Error for GivenError {}

impl Puzzle {
    /// Checks `cells` (row-major, 0 for a blank) and builds the puzzle.
    pub fn new(cells: Vec<u8>) -> Result<Puzzle, GivenError> {
        let size = match cells.len() {
            16 => 4,
            81 => 9,
            n => return Err(GivenError::Size { cells: n }),
        };
        let geometry = Geometry::new(size);
        let mut seen: Vec<Option<(u8, u8)>> = vec![None; 3 * size as usize * size as usize];
        for (idx, &digit) in cells.iter().enumerate() {
            let (row, col) = geometry.coords(idx);
            if digit == 0 {
                continue;
            }
            if digit > size {
                return Err(GivenError::OutOfRange {
                    row,
                    col,
                    digit,
                    size,
                });
            }
            let units = [
                (Unit::Row, row),
                (Unit::Col, col),
                (Unit::Box, geometry.box_of(idx)),
            ];
            for (k, (unit, which)) in units.into_iter().enumerate() {
                let slot =
                    (k * size as usize + which as usize) * size as usize + digit as usize - 1;
                if let Some(other) = seen[slot] {
                    return Err(GivenError::Conflict {
                        row,
                        col,
                        digit,
                        unit,
                        other,
                    });
                }
                seen[slot] = Some((row, col));
            }
        }
        Ok(Puzzle { size, cells })
    }

    /// The givens as one line `sudoku` reads, row by row: a digit a
    /// given, `.` a blank.
    pub fn text(&self) -> String {
        digit_rows(self.cells(), usize::from(self.size())).concat()
    }
}
