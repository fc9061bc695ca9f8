//! What the searches that walk a grid share (maze, word, words): the grid
//! itself ([`Cells`]: a maze's open cells, a board's letters), the path
//! being walked with its set of cells ([`Walk`], [`CellSet`]), and a step
//! to an orthogonal neighbour ([`Dir`]). Grids are at most 16×16, so a cell
//! is an index below 256, row-major: a `u8`, which also lets the set's word
//! index go unchecked.

/// The largest grid side.
pub const MAX_SIDE: usize = 16;

/// The most cells a grid has: a cell's index is a `u8`.
pub const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;

/// A validated rectangular grid, row-major: at most [`MAX_SIDE`] each way.
/// A maze's is [`Cells<bool>`] (true: open), a board's [`Cells<u8>`] (an
/// upper-case ASCII letter a cell); each is built only by its constructors
/// in `crate::input`, which validate it (a typed grid's rows and a
/// generator's cells through one check).
#[derive(Clone)]
pub struct Cells<T> {
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    /// Row-major, `rows * cols` of them.
    pub(crate) cells: Vec<T>,
    /// Each cell's neighbours, row-major, in [`Cells::order`]: worked out
    /// once for the grid and shared by its clones (every search made on it
    /// holds one), so that a scan finds a neighbour's index, coordinates
    /// and value with one load, no bounds test and no multiplication. A
    /// table of [`MAX_CELLS`], indexed by a `u8`; the cells past the grid
    /// have no neighbours. Derived from the cells, so equality and `Debug`
    /// leave it out.
    around: std::sync::Arc<[Around<T>; MAX_CELLS]>,
    /// The order in which the table lists a cell's neighbours: the order
    /// the grid's search looks at them.
    order: [Dir; 4],
}

impl<T: PartialEq> PartialEq for Cells<T> {
    fn eq(&self, other: &Self) -> bool {
        (self.rows, self.cols, &self.cells) == (other.rows, other.cols, &other.cells)
    }
}

impl<T: Eq> Eq for Cells<T> {}

impl<T: std::fmt::Debug> std::fmt::Debug for Cells<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cells")
            .field("rows", &self.rows)
            .field("cols", &self.cols)
            .field("cells", &self.cells)
            .finish_non_exhaustive()
    }
}

/// A cell's neighbour: its row-major index, coordinates and value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Near<T> {
    /// Its row-major index.
    pub cell: u8,
    /// Its row.
    pub row: u8,
    /// Its column.
    pub col: u8,
    /// What the grid holds there (a letter, an open cell).
    pub value: T,
}

/// A cell's neighbours on its grid, those that are on it, in the grid's
/// [`Cells::order`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Around<T> {
    near: [Near<T>; 4],
    len: u8,
}

impl<T: Copy> Around<T> {
    /// The neighbours, in the grid's order.
    pub fn near(&self) -> &[Near<T>] {
        &self.near[..usize::from(self.len)]
    }

    /// The `i`-th neighbour (0-based), if there is one.
    #[inline(always)]
    pub fn get(&self, i: usize) -> Option<Near<T>> {
        (i < usize::from(self.len)).then(|| self.near[i % 4])
    }
}

impl<T: Copy + Default> Cells<T> {
    /// The grid of `cells`, row-major, `rows`×`cols` (already validated:
    /// at most [`MAX_SIDE`] each way), whose search looks at a cell's
    /// neighbours in `order`.
    pub(crate) fn new_checked(
        rows: usize,
        cols: usize,
        cells: Vec<T>,
        order: [Dir; 4],
    ) -> Cells<T> {
        debug_assert!(rows <= MAX_SIDE && cols <= MAX_SIDE && cells.len() == rows * cols);
        let around = Cells::table(rows, cols, &cells, order);
        Cells {
            rows,
            cols,
            cells,
            around,
            order,
        }
    }

    /// This grid with its neighbours listed in `order`: a clone, whose
    /// table is worked out again only if the order differs.
    pub(crate) fn in_order(&self, order: [Dir; 4]) -> Cells<T> {
        if order == self.order {
            return self.clone();
        }
        Cells::new_checked(self.rows, self.cols, self.cells.clone(), order)
    }

    /// The neighbour table of a `rows`×`cols` grid (see `Cells::around`).
    fn table(
        rows: usize,
        cols: usize,
        cells: &[T],
        order: [Dir; 4],
    ) -> std::sync::Arc<[Around<T>; MAX_CELLS]> {
        let mut around = std::sync::Arc::new([Around::default(); MAX_CELLS]);
        let table = std::sync::Arc::get_mut(&mut around).expect("a new table");
        for (cell, here) in table.iter_mut().enumerate().take(rows * cols) {
            let (row, col) = ((cell / cols) as u8, (cell % cols) as u8);
            for dir in order {
                if let Some((row, col)) = dir.from(row, col, rows, cols) {
                    let cell = CellSet::index(row, col, cols);
                    here.near[usize::from(here.len)] = Near {
                        cell,
                        row,
                        col,
                        value: cells[usize::from(cell)],
                    };
                    here.len += 1;
                }
            }
        }
        around
    }

    /// The order in which the neighbour table lists a cell's neighbours.
    pub fn order(&self) -> [Dir; 4] {
        self.order
    }

    /// The neighbours of `cell` (a row-major index on the grid).
    #[inline(always)]
    pub(crate) fn around(&self, cell: u8) -> &Around<T> {
        &self.around[usize::from(cell) % MAX_CELLS]
    }
}

/// How a cell is written in a grid's rows ([`Cells::lines`]).
pub trait Glyph: Copy {
    /// The cell as one character.
    fn glyph(self) -> char;
}

/// A maze's cell: `1` open, `0` a wall, as the default is written.
impl Glyph for bool {
    fn glyph(self) -> char {
        if self { '1' } else { '0' }
    }
}

/// A board's cell: its letter.
impl Glyph for u8 {
    fn glyph(self) -> char {
        char::from(self)
    }
}

impl<T: Glyph> Cells<T> {
    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The cell at (`row`, `col`).
    #[inline]
    pub fn at(&self, row: usize, col: usize) -> T {
        self.cells[row * self.cols + col]
    }

    /// The rows, each a slice of its cells.
    pub fn rows_of_cells(&self) -> impl Iterator<Item = &[T]> {
        self.cells.chunks(self.cols.max(1))
    }

    /// The rows as strings, a character a cell.
    pub fn lines(&self) -> Vec<String> {
        self.rows_of_cells()
            .map(|row| row.iter().map(|&cell| cell.glyph()).collect())
            .collect()
    }

    /// The rows as typed on the command line, separated by commas: a
    /// maze's `--grid 1000,1101`, a board's `--board ABCE,SFCS`.
    pub fn text(&self) -> String {
        self.lines().join(",")
    }

    /// The neighbour of `cell` in direction `dir` (an index into
    /// [`Dir::CLOCKWISE`]), if on the grid.
    pub fn neighbor(&self, cell: usize, dir: usize) -> Option<usize> {
        let (row, col) = self.coords(cell);
        let (row, col) = Dir::CLOCKWISE[dir].from(row, col, self.rows, self.cols)?;
        Some(usize::from(CellSet::index(row, col, self.cols)))
    }

    /// The (`row`, `col`) of a row-major index.
    pub(crate) fn coords(&self, cell: usize) -> (u8, u8) {
        ((cell / self.cols) as u8, (cell % self.cols) as u8)
    }

    /// The heap the cells take of their own: the neighbour table is shared
    /// by every clone (a timeline's checkpoints copy none of it), so it is
    /// not counted.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.cells.capacity() * std::mem::size_of::<T>()
    }
}

/// The path a grid walk is on: its cells in order, and the same cells as a
/// set for the one-bit "is it on the path?" test. A bug may leave marks
/// that the path does not have, or have cells that it did not mark (see
/// [`Walk::enter`], [`Walk::leave`]).
#[derive(Clone, Debug)]
pub struct Walk {
    cols: usize,
    visited: CellSet,
    path: Vec<(u8, u8)>,
}

impl Walk {
    /// An empty path on a grid `cols` wide, with room for `longest` cells.
    pub fn new(cols: usize, longest: usize) -> Walk {
        Walk {
            cols,
            visited: CellSet::default(),
            path: Vec::with_capacity(longest),
        }
    }

    /// Whether `cell` (a row-major index) is marked.
    #[inline(always)]
    pub fn is_marked(&self, cell: u8) -> bool {
        self.visited.contains(cell)
    }

    /// Whether (`row`, `col`) is marked (a view's question: any
    /// coordinates, no panic).
    pub fn holds(&self, row: usize, col: usize) -> bool {
        self.visited.holds(row, col, self.cols)
    }

    /// The path's cells, first entered first.
    pub fn path(&self) -> &[(u8, u8)] {
        &self.path
    }

    /// (`row`, `col`) joins the path, marked unless `mark` is off (a bug).
    #[inline(always)]
    pub fn enter(&mut self, row: u8, col: u8, mark: bool) {
        if mark {
            self.visited.insert(CellSet::index(row, col, self.cols));
        }
        self.path.push((row, col));
    }

    /// [`Walk::enter`] for a cell whose row-major index is known.
    #[inline(always)]
    pub fn enter_at(&mut self, cell: u8, row: u8, col: u8, mark: bool) {
        if mark {
            self.visited.insert(cell);
        }
        self.path.push((row, col));
    }

    /// [`Walk::leave`] for the last cell, whose row-major index is `cell`.
    #[inline(always)]
    pub fn leave_at(&mut self, cell: u8, unmark: bool) {
        if unmark {
            self.visited.remove(cell);
        }
        self.path.pop();
    }

    /// (`row`, `col`), the last cell, leaves the path, its mark cleared
    /// unless `unmark` is off (a bug).
    #[inline(always)]
    pub fn leave(&mut self, row: u8, col: u8, unmark: bool) {
        if unmark {
            self.visited.remove(CellSet::index(row, col, self.cols));
        }
        self.path.pop();
    }

    /// The walk's invariants (`debug_assert!`): the path is `open`, the
    /// driver's open cells, and, where the rules keep the marks right
    /// (`marks_follow`, off for a bug's), the marks are the path's cells.
    pub fn check(&self, open: impl Iterator<Item = (u8, u8)>, marks_follow: bool) {
        let open: Vec<(u8, u8)> = open.collect();
        debug_assert_eq!(self.path, open, "the path is the open cells");
        let cols = self.cols;
        let marks: CellSet = open
            .iter()
            .map(|&(r, c)| CellSet::index(r, c, cols))
            .collect();
        debug_assert!(
            !marks_follow || self.visited == marks,
            "the visited set equals the path {open:?}"
        );
    }

    /// The heap the path takes.
    pub fn heap_bytes(&self) -> usize {
        self.path.capacity() * std::mem::size_of::<(u8, u8)>()
    }
}

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
    fn a_cell_s_neighbours_are_its_steps_on_the_grid_in_the_grid_s_order() {
        // Against signed arithmetic: every cell of grids of many shapes,
        // the widest and tallest included, in the boards' order and the
        // maze's.
        let offset = |dir: Dir| match dir {
            Dir::Up => (-1, 0),
            Dir::Right => (0, 1),
            Dir::Down => (1, 0),
            Dir::Left => (0, -1),
        };
        let orders = [Dir::CLOCKWISE, [Dir::Down, Dir::Left, Dir::Right, Dir::Up]];
        for order in orders {
            for (rows, cols) in [(1, 1), (1, 5), (4, 1), (3, 4), (16, 16), (2, 16)] {
                let values: Vec<u8> = (0..rows * cols).map(|i| (i * 7 % 26) as u8).collect();
                let grid = Cells::new_checked(rows, cols, values.clone(), order);
                for cell in 0..MAX_CELLS {
                    let near: Vec<(u8, u8, u8, u8)> = grid
                        .around(cell as u8)
                        .near()
                        .iter()
                        .map(|n| (n.cell, n.row, n.col, n.value))
                        .collect();
                    let mut want = Vec::new();
                    if cell < rows * cols {
                        let (row, col) = ((cell / cols) as i32, (cell % cols) as i32);
                        for dir in order {
                            let (dr, dc) = offset(dir);
                            let (r, c) = (row + dr, col + dc);
                            if (0..rows as i32).contains(&r) && (0..cols as i32).contains(&c) {
                                let i = r as usize * cols + c as usize;
                                want.push((i as u8, r as u8, c as u8, values[i]));
                            }
                        }
                    }
                    assert_eq!(near, want, "{order:?} {rows}x{cols}, cell {cell}");
                }
            }
        }
    }

    #[test]
    fn a_grid_in_another_order_lists_the_same_neighbours_in_that_order() {
        let grid = Cells::new_checked(2, 3, vec![1u8, 2, 3, 4, 5, 6], Dir::CLOCKWISE);
        let order = [Dir::Down, Dir::Left, Dir::Right, Dir::Up];
        let again = grid.in_order(order);
        assert_eq!(again.order(), order);
        // Cell 4 is (1, 1): left (1, 0), right (1, 2), up (0, 1).
        let cells: Vec<u8> = again.around(4).near().iter().map(|n| n.cell).collect();
        assert_eq!(cells, [3, 5, 1]);
        let cells: Vec<u8> = grid.around(4).near().iter().map(|n| n.cell).collect();
        assert_eq!(cells, [1, 5, 3]);
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
