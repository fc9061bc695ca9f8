//! What the searches that walk a grid share (maze, word, words): the set
//! of cells on the current path, and a step to an orthogonal neighbour.
//! Grids are at most 16×16, so a cell is an index below 256, row-major:
//! a `u8`, which also lets the set's word index go unchecked.

/// A set of cells of a grid of at most 256 cells: one bit per cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CellSet([u64; 4]);

impl CellSet {
    /// The index of (`row`, `col`) on a grid `cols` wide.
    #[inline(always)]
    pub fn index(row: u8, col: u8, cols: usize) -> u8 {
        (usize::from(row) * cols + usize::from(col)) as u8
    }

    /// Whether `cell` is in the set.
    #[inline(always)]
    pub fn contains(&self, cell: u8) -> bool {
        self.0[usize::from(cell / 64)] >> (cell % 64) & 1 == 1
    }

    /// Whether (`row`, `col`) of a grid `cols` wide is in the set (a
    /// view's question: any coordinates, no panic).
    pub fn holds(&self, row: usize, col: usize, cols: usize) -> bool {
        u8::try_from(row * cols + col).is_ok_and(|cell| self.contains(cell))
    }

    /// Adds `cell`.
    #[inline(always)]
    pub fn insert(&mut self, cell: u8) {
        self.0[usize::from(cell / 64)] |= 1 << (cell % 64);
    }

    /// Takes `cell` out.
    #[inline(always)]
    pub fn remove(&mut self, cell: u8) {
        self.0[usize::from(cell / 64)] &= !(1 << (cell % 64));
    }
}

impl FromIterator<u8> for CellSet {
    fn from_iter<I: IntoIterator<Item = u8>>(cells: I) -> CellSet {
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
    /// it is on the grid (sides below 256: a step off the top or the left
    /// wraps to 255, past any side).
    #[inline(always)]
    pub fn from(self, row: u8, col: u8, rows: usize, cols: usize) -> Option<(u8, u8)> {
        const STEPS: [(u8, u8); 4] = [(u8::MAX, 0), (0, 1), (1, 0), (0, u8::MAX)];
        step(row, col, STEPS[self as usize], rows, cols)
    }
}

/// The cell one step (`dr`, `dc`) from (`row`, `col`), each 0, 1 or -1
/// (as `u8::MAX`), if it is on a `rows`×`cols` grid (sides below 256: a
/// step off the top or the left wraps to 255, past any side). One add per
/// coordinate and one compare per side, no branch on the direction.
#[inline(always)]
pub fn step(row: u8, col: u8, (dr, dc): (u8, u8), rows: usize, cols: usize) -> Option<(u8, u8)> {
    let (r, c) = (row.wrapping_add(dr), col.wrapping_add(dc));
    (usize::from(r) < rows && usize::from(c) < cols).then_some((r, c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_holds_what_was_put_in_and_not_what_was_taken_out() {
        let mut set: CellSet = [0, 63, 64, 255].into_iter().collect();
        set.remove(63);
        let held: Vec<u8> = (0..=255).filter(|&c| set.contains(c)).collect();
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
