//! Sudoku as exact cover (`sudoku ... --order dlx`): the grid becomes the
//! items and options of EVENTS.md §2, the exact-cover search
//! ([`super::cover::Cover`]) searches them, and
//! its events are read back as Sudoku's.
//!
//! Items, in four blocks (ties in the MRV choice follow this order):
//! `p{r}{c}` for each cell (row-major), then `r{r}{d}` for each row and
//! digit, `c{c}{d}` for each column and digit, `b{b}{d}` for each box and
//! digit (0-based r, c, b; digits from 1). Options, cell by cell,
//! row-major: one for a given (its digit), N for a blank (every digit,
//! ascending, not filtered by the givens); each covers `p r c b` in that
//! order. A given is then an option like any other, placed as a node of its
//! own (its cell item has one option, so MRV takes it first).
//!
//! The count is capped at 2, as with `mrv`: the search closes at the second
//! solution.

use std::sync::Arc;

use super::backtrack::Backtrack;
use super::cover::{CoverEvent, CoverTree, Problem, Reading};
use super::sudoku::{Geometry, Puzzle, digit_rows};

/// The count at which the search stops.
pub const CAP: u32 = 2;

/// One event of Sudoku as exact cover (EVENTS.md §2): Sudoku's coordinates, and
/// the item that forced the choice (an index into [`SudokuDlx::items`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DlxEvent {
    /// `digit` is written at (`row`, `col`), chosen to cover `item`.
    Place {
        row: u8,
        col: u8,
        digit: u8,
        item: u16,
    },
    /// `item` has no option left.
    DeadEnd { item: u16 },
    /// `digit` is erased from (`row`, `col`).
    Undo { row: u8, col: u8, digit: u8 },
    /// The grid is full; `count` solutions so far, this one included.
    Solution { count: u32 },
}

event_kinds!(DlxEvent { Place => Place, DeadEnd => DeadEnd, Undo => Undo, Solution => Solution });

/// The exact-cover problem of a grid, and each option's `(row, col,
/// digit)`.
pub fn problem(puzzle: &Puzzle) -> (Problem, Vec<Placement>) {
    let g = Geometry::new(puzzle.size());
    let n = usize::from(g.size);
    let mut items = Vec::with_capacity(4 * n * n);
    for r in 0..n {
        for c in 0..n {
            items.push(format!("p{r}{c}"));
        }
    }
    for prefix in ['r', 'c', 'b'] {
        for unit in 0..n {
            for d in 1..=n {
                items.push(format!("{prefix}{unit}{d}"));
            }
        }
    }
    let mut options = Vec::new();
    let mut table = Vec::new();
    for (cell, &given) in puzzle.cells().iter().enumerate() {
        let (row, col) = g.coords(cell);
        let b = usize::from(g.box_of(cell));
        let digits = if given == 0 {
            1..=g.size
        } else {
            given..=given
        };
        for digit in digits {
            let d = usize::from(digit) - 1;
            let (r, c) = (usize::from(row), usize::from(col));
            options.push(vec![
                (r * n + c) as u32,
                (n * n + r * n + d) as u32,
                (2 * n * n + c * n + d) as u32,
                (3 * n * n + b * n + d) as u32,
            ]);
            table.push((row, col, digit));
        }
    }
    let problem = Problem {
        name: "sudoku".into(),
        items,
        primary: 4 * n * n,
        options,
    };
    (problem, table)
}

/// A Sudoku placement: `(row, col, digit)`.
pub type Placement = (u8, u8, u8);

/// How the cover search's events read as Sudoku's: the grid's geometry,
/// its givens and each option's `(row, col, digit)`, shared by clones.
#[derive(Clone, Debug)]
pub struct AsSudoku {
    geometry: Geometry,
    givens: Arc<[u8]>,
    /// `(row, col, digit)` of each option.
    table: Arc<[Placement]>,
}

impl Reading for AsSudoku {
    type Event = DlxEvent;

    #[inline(always)]
    fn read(&self, event: CoverEvent) -> DlxEvent {
        match event {
            CoverEvent::Place { item, option } => {
                let (row, col, digit) = self.table[option as usize];
                DlxEvent::Place {
                    row,
                    col,
                    digit,
                    item: item as u16,
                }
            }
            CoverEvent::Undo { option, .. } => {
                let (row, col, digit) = self.table[option as usize];
                DlxEvent::Undo { row, col, digit }
            }
            CoverEvent::DeadEnd { item } => DlxEvent::DeadEnd { item: item as u16 },
            CoverEvent::Solution { count } => DlxEvent::Solution {
                count: count.min(u64::from(u32::MAX)) as u32,
            },
        }
    }
}

/// Sudoku searched as exact cover: a resumable, cloneable iterator of
/// [`DlxEvent`]s, the exact-cover search
/// ([`super::cover::Cover`]) read as Sudoku's.
pub type SudokuDlx = Backtrack<CoverTree<AsSudoku>>;

impl SudokuDlx {
    /// A search of the puzzle.
    pub fn new(puzzle: &Puzzle) -> SudokuDlx {
        let (problem, table) = problem(puzzle);
        let reading = AsSudoku {
            geometry: Geometry::new(puzzle.size()),
            givens: puzzle.cells().into(),
            table: table.into(),
        };
        Backtrack::read_as(Arc::new(problem), Some(u64::from(CAP)), reading)
    }

    /// Grid size and box arithmetic.
    pub fn geometry(&self) -> Geometry {
        self.reading().geometry
    }

    /// The givens, row-major, 0 for a blank.
    pub fn givens(&self) -> &[u8] {
        &self.reading().givens
    }

    /// The item names: `p00`, ..., `r01`, ..., `c01`, ..., `b01`, ...
    pub fn items(&self) -> &[String] {
        self.problem().items()
    }

    /// The `(row, col, digit)` of an option.
    pub fn placement(&self, option: u32) -> Placement {
        self.reading().table[option as usize]
    }

    /// The working grid, row-major, 0 for a blank: the digits of the
    /// options on the current path (givens included once placed).
    pub fn grid(&self) -> Vec<u8> {
        self.grid_of(self.path())
    }

    fn grid_of(&self, options: impl IntoIterator<Item = u32>) -> Vec<u8> {
        let n = usize::from(self.geometry().size);
        let mut grid = vec![0; n * n];
        for option in options {
            let (row, col, digit) = self.placement(option);
            grid[usize::from(row) * n + usize::from(col)] = digit;
        }
        grid
    }

    /// The placements of the current path, in the order placed:
    /// `(cell, digit)`.
    pub fn placements(&self) -> Vec<(usize, u8)> {
        let n = usize::from(self.geometry().size);
        self.path()
            .into_iter()
            .map(|o| {
                let (row, col, digit) = self.placement(o);
                (usize::from(row) * n + usize::from(col), digit)
            })
            .collect()
    }

    /// Solutions found so far (capped at 2).
    pub fn solution_count(&self) -> u32 {
        self.solutions().min(u64::from(u32::MAX)) as u32
    }

    /// The first solution, once found.
    pub fn first_solution(&self) -> Option<Vec<u8>> {
        let options = self.first_options()?;
        Some(self.grid_of(options.iter().copied()))
    }

    /// The item the current node decides and its options left, as
    /// `(row, col, digit)`; `None` on a full grid.
    pub fn deciding(&self) -> Option<(u16, Vec<Placement>)> {
        let header = self.deciding_header()?;
        let column = self.links().column(header);
        let placements = column.into_iter().map(|o| self.placement(o)).collect();
        Some(((header - 1) as u16, placements))
    }

    /// The rows of the first solution as strings (none before it is found).
    pub fn solution_rows(&self) -> Vec<String> {
        let size = usize::from(self.geometry().size);
        self.first_solution()
            .map(|grid| digit_rows(&grid, size))
            .unwrap_or_default()
    }
}
