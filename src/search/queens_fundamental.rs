//! Fundamental N-Queens solutions (EVENTS.md §2, `queens N --fundamental`): the
//! full mask search (no symmetry), with each solution's orbit under the 8
//! symmetries of the square and whether it is the canonical member of it.
//!
//! A board is its column list `a` (`a[r]` is the column of row `r`). The 8
//! images map each queen `(r, c)` by a rotation or reflection of the square
//! and read the columns off again. The orbit size is the number of distinct
//! images (1, 2, 4 or 8); the board is canonical when its list is the
//! lexicographically smallest of the 8. Each orbit has exactly one
//! canonical board, so the canonical solutions are the fundamental ones and
//! their orbits sum to the total.

use super::queens::{Attacks, Columns, MAX_N, Masks, Queens, QueensEvent, QueensOptions};
use super::{Budget, Counters, Search};

/// The 8 symmetries of the square, in the order [`images`] lists them.
pub const SYMMETRIES: [&str; 8] = [
    "identity",
    "rotate 90",
    "rotate 180",
    "rotate 270",
    "mirror left-right",
    "mirror top-bottom",
    "main diagonal",
    "anti-diagonal",
];

/// Where symmetry `k` of [`SYMMETRIES`] takes square (`r`, `c`) of an
/// `n`×`n` board.
pub fn map_square(k: usize, n: usize, r: usize, c: usize) -> (usize, usize) {
    let m = n - 1;
    match k {
        0 => (r, c),
        1 => (c, m - r),
        2 => (m - r, m - c),
        3 => (m - c, r),
        4 => (r, m - c),
        5 => (m - r, c),
        6 => (c, r),
        _ => (m - c, m - r),
    }
}

/// The 8 images of a complete board, in the order of [`SYMMETRIES`].
pub fn images(queens: &[u8]) -> [Columns; 8] {
    let n = queens.len();
    std::array::from_fn(|k| {
        let mut image = [0u8; MAX_N as usize];
        for (r, &c) in queens.iter().enumerate() {
            let (r2, c2) = map_square(k, n, r, usize::from(c));
            image[r2] = c2 as u8;
        }
        Columns::new(&image[..n])
    })
}

/// The orbit size of a complete board and whether it is canonical (the
/// smallest of its images, compared as lists).
pub fn orbit(queens: &[u8]) -> (u8, bool) {
    let images = images(queens);
    let lists: Vec<Vec<u8>> = images.iter().map(|i| i.to_vec()).collect();
    let mut distinct = lists.clone();
    distinct.sort();
    distinct.dedup();
    let canonical = lists.iter().all(|image| queens <= image.as_slice());
    (distinct.len() as u8, canonical)
}

/// One event of the fundamental search: the full search's events, with a
/// solution's orbit size and canonical flag. `Copy`, 16 bytes with `Option`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FundamentalEvent {
    /// A queen is placed at (`row`, `col`), entering a new node.
    Place { row: u8, col: u8 },
    /// Column `col` of `row` is refused.
    Reject { row: u8, col: u8, by: Attacks },
    /// No column of `row` is legal.
    DeadEnd { row: u8 },
    /// The queen at (`row`, `col`) is removed.
    Undo { row: u8, col: u8 },
    /// A complete board (weight 1), its orbit size and whether it is the
    /// canonical member of its orbit.
    Solution {
        queens: Columns,
        orbit: u8,
        canonical: bool,
    },
}

event_kinds!(FundamentalEvent);

impl FundamentalEvent {
    /// The same event as the full mask search yields it (a solution of
    /// weight 1, without its orbit).
    pub fn queens_event(self) -> QueensEvent {
        match self {
            FundamentalEvent::Place { row, col } => QueensEvent::Place { row, col },
            FundamentalEvent::Reject { row, col, by } => QueensEvent::Reject { row, col, by },
            FundamentalEvent::DeadEnd { row } => QueensEvent::DeadEnd { row },
            FundamentalEvent::Undo { row, col } => QueensEvent::Undo { row, col },
            FundamentalEvent::Solution { queens, .. } => {
                QueensEvent::Solution { queens, weight: 1 }
            }
        }
    }
}

/// How many of the latest canonical solutions the search keeps for its
/// screen.
pub const RECENT: usize = 2;

/// The orbit sizes a board can have, largest first (the census order).
pub const ORBIT_SIZES: [u8; 4] = [8, 4, 2, 1];

/// The fundamental search: the full mask search, each solution classified
/// as it is found.
#[derive(Clone, Debug)]
pub struct Fundamental {
    inner: Queens,
    /// Canonical solutions so far.
    fundamental: u64,
    /// Canonical solutions per orbit size, in the order of [`ORBIT_SIZES`].
    census: [u64; 4],
    /// The last solution's board, its 8 images, orbit and canonical flag.
    last: Option<(Columns, [Columns; 8], u8, bool)>,
    /// The latest canonical solutions, newest first, with their orbits
    /// (a fixed array, so that a clone stays one copy).
    recent: [Option<(Columns, u8)>; RECENT],
}

impl Fundamental {
    /// A fundamental search for `n` queens (at most [`MAX_N`]).
    pub fn new(n: u8, rejects: bool) -> Fundamental {
        Fundamental {
            inner: Queens::new(QueensOptions {
                n,
                symmetry: false,
                rejects,
            }),
            fundamental: 0,
            census: [0; 4],
            last: None,
            recent: [None; RECENT],
        }
    }

    /// The full mask search underneath (its masks, prefix and legal set).
    pub fn queens_search(&self) -> &Queens {
        &self.inner
    }

    /// Board size.
    pub fn n(&self) -> u8 {
        self.inner.n()
    }

    /// Whether `reject` events are yielded.
    pub fn rejects(&self) -> bool {
        self.inner.options().rejects
    }

    /// The columns of the queens placed so far.
    pub fn queens(&self) -> &[u8] {
        self.inner.queens()
    }

    /// The row being filled at the current node.
    pub fn row(&self) -> u8 {
        self.inner.row()
    }

    /// The masks of the current node.
    pub fn masks(&self) -> Masks {
        self.inner.masks()
    }

    /// Canonical (fundamental) solutions found so far.
    pub fn fundamental(&self) -> u64 {
        self.fundamental
    }

    /// `(orbit size, canonical solutions with it)`, sizes descending, sizes
    /// with none left out.
    pub fn census(&self) -> Vec<(u8, u64)> {
        ORBIT_SIZES
            .iter()
            .zip(self.census)
            .filter(|(_, count)| *count > 0)
            .map(|(&size, count)| (size, count))
            .collect()
    }

    /// The last solution found: its board, its 8 images (in the order of
    /// [`SYMMETRIES`]), its orbit size and whether it is canonical.
    pub fn last_solution(&self) -> Option<(Columns, [Columns; 8], u8, bool)> {
        self.last
    }

    /// The latest canonical solutions found (at most [`RECENT`]), newest
    /// first, each with its orbit size.
    pub fn recent(&self) -> impl Iterator<Item = (Columns, u8)> + '_ {
        self.recent.iter().flatten().copied()
    }
}

impl Iterator for Fundamental {
    type Item = FundamentalEvent;

    fn next(&mut self) -> Option<FundamentalEvent> {
        Some(match self.inner.next()? {
            QueensEvent::Place { row, col } => FundamentalEvent::Place { row, col },
            QueensEvent::Reject { row, col, by } => FundamentalEvent::Reject { row, col, by },
            QueensEvent::DeadEnd { row } => FundamentalEvent::DeadEnd { row },
            QueensEvent::Undo { row, col } => FundamentalEvent::Undo { row, col },
            QueensEvent::Solution { queens, .. } => {
                let board = queens.to_vec();
                let (orbit, canonical) = orbit(&board);
                if canonical {
                    self.fundamental += 1;
                    let at = ORBIT_SIZES.iter().position(|&s| s == orbit);
                    self.census[at.expect("an orbit has 1, 2, 4 or 8 boards")] += 1;
                    self.recent.rotate_right(1);
                    self.recent[0] = Some((queens, orbit));
                }
                self.last = Some((queens, images(&board), orbit, canonical));
                FundamentalEvent::Solution {
                    queens,
                    orbit,
                    canonical,
                }
            }
        })
    }
}

impl Search for Fundamental {
    type Event = FundamentalEvent;

    fn counters(&self) -> &Counters {
        self.inner.counters()
    }

    fn is_finished(&self) -> bool {
        self.inner.is_finished()
    }

    fn is_closing(&self) -> bool {
        self.inner.is_closing()
    }

    fn budget(&self) -> &Budget {
        self.inner.budget()
    }

    fn budget_mut(&mut self) -> &mut Budget {
        self.inner.budget_mut()
    }

    fn skip_subtree(&mut self) {
        self.inner.skip_subtree();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_fit_in_two_registers() {
        assert!(std::mem::size_of::<Option<FundamentalEvent>>() <= 16);
    }

    #[test]
    fn the_four_queens_orbit() {
        assert_eq!(orbit(&[1, 3, 0, 2]), (2, true));
        assert_eq!(orbit(&[2, 0, 3, 1]), (2, false));
        assert_eq!(orbit(&[]), (1, true));
        assert_eq!(orbit(&[0]), (1, true));
    }

    #[test]
    fn eight_queens_census() {
        let mut search = Fundamental::new(8, false);
        search.by_ref().for_each(drop);
        assert_eq!(search.fundamental(), 12);
        assert_eq!(search.census(), vec![(8, 11), (4, 1)]);
        assert_eq!(search.counters().nodes, 2057);
    }
}
