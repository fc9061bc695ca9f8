//! What the searches that walk a grid share (maze, word, words): the set
//! of cells on the current path, and a step to an orthogonal neighbour.
//! Grids are at most 16×16, so a cell is an index below 256, row-major.

/// A set of cells of a grid of at most 256 cells: one bit per cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CellSet([u64; 4]);

impl CellSet {
    /// Whether `cell` is in the set.
    #[inline(always)]
    pub fn contains(&self, cell: usize) -> bool {
        self.0[cell / 64] >> (cell % 64) & 1 == 1
    }

    /// Adds `cell`.
    #[inline(always)]
    pub fn insert(&mut self, cell: usize) {
        self.0[cell / 64] |= 1 << (cell % 64);
    }

    /// Takes `cell` out.
    #[inline(always)]
    pub fn remove(&mut self, cell: usize) {
        self.0[cell / 64] &= !(1 << (cell % 64));
    }
}

impl FromIterator<usize> for CellSet {
    fn from_iter<I: IntoIterator<Item = usize>>(cells: I) -> CellSet {
        let mut set = CellSet::default();
        cells.into_iter().for_each(|cell| set.insert(cell));
        set
    }
}

/// A step to an orthogonal neighbour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// Row - 1.
    Up,
    /// Column + 1.
    Right,
    /// Row + 1.
    Down,
    /// Column - 1.
    Left,
}

impl Dir {
    /// Up, right, down, left: the order in which word and words look at a
    /// cell's neighbours.
    pub const CLOCKWISE: [Dir; 4] = [Dir::Up, Dir::Right, Dir::Down, Dir::Left];

    /// The neighbour of (`row`, `col`) this way on a `rows`×`cols` grid, if
    /// it is on the grid.
    #[inline(always)]
    pub fn from(self, row: u8, col: u8, rows: usize, cols: usize) -> Option<(u8, u8)> {
        let (r, c) = (usize::from(row), usize::from(col));
        match self {
            Dir::Up => (r > 0).then(|| (row - 1, col)),
            Dir::Right => (c + 1 < cols).then(|| (row, col + 1)),
            Dir::Down => (r + 1 < rows).then(|| (row + 1, col)),
            Dir::Left => (c > 0).then(|| (row, col - 1)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_holds_what_was_put_in_and_not_what_was_taken_out() {
        let mut set: CellSet = [0, 63, 64, 255].into_iter().collect();
        set.remove(63);
        let held: Vec<usize> = (0..256).filter(|&c| set.contains(c)).collect();
        assert_eq!(held, [0, 64, 255]);
    }

    #[test]
    fn steps_stay_on_the_grid() {
        // Every cell of a 3×4 grid: the neighbours found are exactly the
        // cells at distance one.
        for row in 0..3u8 {
            for col in 0..4u8 {
                let mut found: Vec<(u8, u8)> = Dir::CLOCKWISE
                    .iter()
                    .filter_map(|d| d.from(row, col, 3, 4))
                    .collect();
                found.sort_unstable();
                let mut brute: Vec<(u8, u8)> = (0..3u8)
                    .flat_map(|r| (0..4u8).map(move |c| (r, c)))
                    .filter(|&(r, c)| r.abs_diff(row) + c.abs_diff(col) == 1)
                    .collect();
                brute.sort_unstable();
                assert_eq!(found, brute, "({row}, {col})");
            }
        }
    }
}
