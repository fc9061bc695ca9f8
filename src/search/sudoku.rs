//! Sudoku (4×4 with 2×2 boxes, 9×9 with 3×3 boxes) with minimum remaining
//! values and a solution count capped at two.
//!
//! The algorithm, for each node (the names in bold are the variants of
//! [`Step`]; the state machine's phases are `Enter` for steps 1 and 2,
//! `Scan` for steps 3 and 4, `Leave` for step 5):
//!
//! 1. **Enter** the node and choose a cell. With MRV, scan the blanks
//!    row-major: the first blank with no candidate is a contradiction and
//!    becomes the chosen cell; otherwise the blank with the fewest
//!    candidates is chosen (ties go to the first). With `first`, the first
//!    blank is chosen as it is.
//! 2. No blank left: the grid is a **`Solution`**. Count it (the first is
//!    copied); at the second the search stops.
//! 3. For each digit `d` ascending: if a unit (row, column, box) of the cell
//!    already holds `d`, **`Reject`** it naming those units; else **`Place`**
//!    it, which enters the child node (step 1).
//! 4. If the cell had no candidate, yield **`DeadEnd`**.
//! 5. Leave the node: yield **`Undo`** for the digit that entered it.
//!
//! Once the count reaches two, every open node goes straight to step 5, so
//! the working grid is restored however the search ends.
//!
//! Invariants, checked with `debug_assert!` on every place and undo: the
//! open places balance the depth (one frame per open place, plus the
//! root), and the row, column and box masks equal the masks recomputed from
//! the grid.

use std::marker::PhantomData;

use super::backtrack::{Arrive, Backtrack, Choice, Tree};
use super::{Causes, Counters, Phase, bits};

/// When a [`Sudoku`] stops and what it keeps: the correct rules
/// ([`Unique`], and [`FirstSolution`] that the bug lab compares with), or
/// the bug `no-stop`. The rules are constants, so the correct search
/// compiles to the same code as before.
pub trait Rules: Clone + Copy + std::fmt::Debug + Default + Send + Sync + 'static {
    /// The bug's name (`--bug NAME`), `None` for a correct search.
    const BUG: Option<&'static str> = None;
    /// The count at which the search stops; `None`: it never stops.
    const CAP: Option<u32> = Some(CAP);
    /// Whether the first solution is copied when it is found.
    const KEEP: bool = true;
}

/// The search as the module's opening comment states it: it stops at the
/// second solution, which shows the puzzle is not unique.
#[derive(Clone, Copy, Debug, Default)]
pub struct Unique;

impl Rules for Unique {}

/// The seed's correct search: it stops at the first solution and keeps it.
#[derive(Clone, Copy, Debug, Default)]
pub struct FirstSolution;

impl Rules for FirstSolution {
    const CAP: Option<u32> = Some(1);
}

/// Bug `no-stop`: the answer of the recursive call is ignored, so the
/// search never stops at a solution and never keeps one; it goes on, and
/// every `undo` on its way out empties the solved board again.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoStop;

impl Rules for NoStop {
    const BUG: Option<&'static str> = Some("no-stop");
    const CAP: Option<u32> = None;
    const KEEP: bool = false;
}

/// A unit that can already hold a digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    /// The cell's row.
    Row,
    /// The cell's column.
    Col,
    /// The cell's box.
    Box,
}

causes!(Unit {
    Row => ("row", "row"),
    Col => ("col", "column"),
    Box => ("box", "box"),
});

/// The units that already hold a rejected digit.
pub type Units = Causes<Unit>;

/// How the next cell is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Order {
    /// Minimum remaining values, with a forward check of every blank.
    #[default]
    Mrv,
    /// The first blank in row-major order, with no forward check.
    First,
}

impl Order {
    /// The name the command line and the screen use.
    pub fn name(self) -> &'static str {
        match self {
            Order::Mrv => "mrv",
            Order::First => "first",
        }
    }
}

/// One Sudoku event (EVENTS.md §2). Coordinates are 0-based; digits are 1..=size.
/// `Copy` and a few bytes wide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SudokuEvent {
    /// `digit` is written at (`row`, `col`), entering a new node.
    Place { row: u8, col: u8, digit: u8 },
    /// `digit` cannot go at (`row`, `col`): the units in `by` hold it.
    Reject {
        row: u8,
        col: u8,
        digit: u8,
        by: Units,
    },
    /// The cell (`row`, `col`) has no candidate.
    DeadEnd { row: u8, col: u8 },
    /// `digit` is erased from (`row`, `col`).
    Undo { row: u8, col: u8, digit: u8 },
    /// The grid is full; `count` solutions so far, this one included.
    Solution { count: u32 },
}

/// The steps of the algorithm (the module's opening comment), one per kind
/// of event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Step 1: a node is entered (before the first event: the root).
    Enter,
    /// Step 2: no blank is left.
    Solution,
    /// Step 3: a digit a unit already holds is rejected.
    Reject,
    /// Step 3: a candidate digit is placed, entering the child.
    Place,
    /// Step 4: the chosen cell had no candidate.
    DeadEnd,
    /// Step 5: the node is left, its digit erased.
    Undo,
}

event_kinds!(SudokuEvent => Step);

/// A validated grid of givens: 4×4 or 9×9, digits in range, no unit holding
/// a digit twice. It may still have no solution. Built only by
/// [`Puzzle::new`] (in `crate::input::sudoku`), which validates the givens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub(crate) size: u8,
    pub(crate) cells: Vec<u8>,
}

impl Puzzle {
    /// 4 or 9.
    pub fn size(&self) -> u8 {
        self.size
    }

    /// The givens, row-major, 0 for a blank.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }
}

/// Cell, row, column and box arithmetic for one grid size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// 4 or 9.
    pub size: u8,
    /// 2 or 3.
    pub box_size: u8,
}

impl Geometry {
    pub(crate) fn new(size: u8) -> Geometry {
        let box_size = if size == 4 { 2 } else { 3 };
        Geometry { size, box_size }
    }

    /// (row, col) of a row-major cell index.
    pub fn coords(self, idx: usize) -> (u8, u8) {
        (
            (idx / self.size as usize) as u8,
            (idx % self.size as usize) as u8,
        )
    }

    /// The box (0-based, row-major) holding a cell.
    pub fn box_of(self, idx: usize) -> u8 {
        let (row, col) = self.coords(idx);
        row / self.box_size * self.box_size + col / self.box_size
    }

    /// The mask with one bit per digit: bit `d-1` is digit `d`.
    pub fn all_digits(self) -> u16 {
        (1u16 << self.size) - 1
    }

    /// Row, column and box of every cell, so that the search does no
    /// division per cell (a table of [`CELLS`], the grid's cells first).
    fn units(self) -> &'static [[u8; 3]; CELLS] {
        if self.size == 4 { &UNITS_4 } else { &UNITS_9 }
    }
}

/// `[row, col, box]` of each cell of a `size`×`size` grid, row-major.
const fn unit_table(size: usize, box_size: usize, cells: usize) -> [[u8; 3]; CELLS] {
    let mut table = [[0; 3]; CELLS];
    let mut idx = 0;
    while idx < cells {
        let (row, col) = (idx / size, idx % size);
        let r#box = row / box_size * box_size + col / box_size;
        table[idx] = [row as u8, col as u8, r#box as u8];
        idx += 1;
    }
    table
}

// The search's tables are sized to powers of two and indexed through a
// mask (`% CELLS`, `% UNITS`), so that the hot steps test no bounds.

/// The cells' tables: 81 cells, rounded up to a power of two.
const CELLS: usize = 128;
/// The units' tables: 9 rows (columns, boxes), rounded up.
const UNITS: usize = 16;

/// `[row, col, box]` of each cell, for each size; unused entries are 0.
const UNITS_4: [[u8; 3]; CELLS] = unit_table(4, 2, 16);
const UNITS_9: [[u8; 3]; CELLS] = unit_table(9, 3, 81);

/// The number of candidates in a digit mask, by table: the target's
/// baseline instruction set has no population count.
const fn popcount_table() -> [u8; 512] {
    let mut table = [0; 512];
    let mut mask = 0;
    while mask < 512 {
        table[mask] = (mask as u16).count_ones() as u8;
        mask += 1;
    }
    table
}

const POPCOUNT: [u8; 512] = popcount_table();

/// A cell with its units: `[row, col, box]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Spot {
    cell: u8,
    units: [u8; 3],
}

/// One node of the driver's stack: the root, or the node a digit entered.
///
/// A node carries what its events tell, so that the hot steps read the
/// node instead of the grid's tables: the cell and digit that entered it
/// (for its `undo`), its chosen cell, and the digits the chosen cell's row,
/// column and box held when it was entered (for its `reject`s: the units
/// do not change while the node scans, since every child undoes what it
/// writes).
#[derive(Clone, Copy, Debug)]
pub struct Node {
    /// The cell whose digit entered the node (unused at the root).
    entered: Spot,
    /// The digit that entered the node (0 at the root).
    digit: u8,
    /// The chosen cell; its `cell` is [`Node::NO_CELL`] on a full grid
    /// (and before step 1).
    chosen: Spot,
    /// The chosen cell's candidates when the node was entered.
    candidates: u16,
    /// Digits (as bits) still to try.
    todo: u16,
    /// The digits the chosen cell's row, column and box hold.
    held: [u16; 3],
}

impl Node {
    const NO_CELL: u8 = u8::MAX;

    const FRESH: Node = Node {
        entered: Spot {
            cell: 0,
            units: [0; 3],
        },
        digit: 0,
        chosen: Spot {
            cell: Node::NO_CELL,
            units: [0; 3],
        },
        candidates: 0,
        todo: 0,
        held: [0; 3],
    };

    /// The chosen cell, if any.
    fn cell(&self) -> Option<usize> {
        let cell = self.chosen.cell;
        (cell != Node::NO_CELL).then_some(usize::from(cell))
    }
}

/// How a Sudoku search is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SudokuOptions {
    /// How the next cell is chosen.
    pub order: Order,
    /// Yield `reject` events (off for fast counting).
    pub rejects: bool,
}

/// The Sudoku rules on the one driver ([`Backtrack`]), by the rules `R`:
/// the grid and its masks, the count and the first solution.
#[derive(Clone, Debug)]
pub struct SudokuTree<R> {
    options: SudokuOptions,
    geometry: Geometry,
    /// `[row, col, box]` of each cell.
    units: &'static [[u8; 3]; CELLS],
    givens: Vec<u8>,
    /// `size * size`: the cells in use of `grid`.
    cells: usize,
    // The working state lives in fixed arrays sized for 9×9, rounded up to
    // powers of two (a 4×4 uses the front): the hot loop then indexes one
    // struct instead of chasing four heap pointers, through a mask instead
    // of a bounds test, and a clone is one copy.
    grid: [u8; CELLS],
    rows: [u16; UNITS],
    cols: [u16; UNITS],
    boxes: [u16; UNITS],
    count: u32,
    first: Option<Vec<u8>>,
    /// The root's cell and candidates (step 1), still shown once the
    /// search has ended.
    root: Option<(usize, u16)>,
    rules: PhantomData<R>,
}

/// The Sudoku search: a resumable, cloneable iterator of [`SudokuEvent`]s,
/// by the rules `R` ([`Unique`] unless named).
pub type Sudoku<R = Unique> = Backtrack<SudokuTree<R>>;

/// The count at which the search stops.
pub const CAP: u32 = 2;

impl Sudoku {
    /// A search over the puzzle's blanks.
    pub fn new(puzzle: &Puzzle, options: SudokuOptions) -> Sudoku {
        Sudoku::with_rules(puzzle, options)
    }
}

impl<R: Rules> Sudoku<R> {
    /// The search of [`Sudoku::new`], by the rules `R`.
    pub fn with_rules(puzzle: &Puzzle, options: SudokuOptions) -> Sudoku<R> {
        let geometry = Geometry::new(puzzle.size);
        let size = puzzle.size as usize;
        let mut tree = SudokuTree {
            options,
            geometry,
            units: geometry.units(),
            givens: puzzle.cells.clone(),
            cells: size * size,
            grid: [0; CELLS],
            rows: [0; UNITS],
            cols: [0; UNITS],
            boxes: [0; UNITS],
            count: 0,
            first: None,
            root: None,
            rules: PhantomData,
        };
        for (idx, &digit) in puzzle.cells.iter().enumerate() {
            if digit != 0 {
                tree.write(idx, digit);
            }
        }
        Backtrack::of(tree)
    }

    /// How the search was set up.
    pub fn options(&self) -> SudokuOptions {
        self.tree().options
    }

    /// Grid size and box arithmetic.
    pub fn geometry(&self) -> Geometry {
        self.tree().geometry
    }

    /// The working grid, row-major, 0 for a blank.
    pub fn grid(&self) -> &[u8] {
        self.tree().grid()
    }

    /// The givens, row-major, 0 for a blank.
    pub fn givens(&self) -> &[u8] {
        &self.tree().givens
    }

    /// Digits held by each row (bit `d-1` for digit `d`).
    pub fn row_masks(&self) -> &[u16] {
        &self.tree().rows[..self.geometry().size as usize]
    }

    /// Digits held by each column.
    pub fn col_masks(&self) -> &[u16] {
        &self.tree().cols[..self.geometry().size as usize]
    }

    /// Digits held by each box.
    pub fn box_masks(&self) -> &[u16] {
        &self.tree().boxes[..self.geometry().size as usize]
    }

    /// The digits a cell could take now: none of its units holds them.
    pub fn candidates(&self, idx: usize) -> u16 {
        self.tree().candidates(idx)
    }

    /// The cell the current node decides and its candidates when the node
    /// was entered; `None` on a full grid. Once the search has ended, the
    /// root's.
    pub fn deciding(&self) -> Option<(usize, u16)> {
        let Some(node) = self.top() else {
            return self.tree().root;
        };
        match self.phase() {
            Phase::Enter => self.tree().choose_cell(0),
            _ => node.cell().map(|cell| (cell, node.candidates)),
        }
    }

    /// The placements of the current path, outermost first: `(cell, digit)`.
    pub fn placements(&self) -> Vec<(usize, u8)> {
        let grid = self.grid();
        self.nodes()
            .skip(1)
            .map(|node| usize::from(node.entered.cell))
            .map(|cell| (cell, grid[cell]))
            .collect()
    }

    /// Solutions found so far (capped at 2).
    pub fn solution_count(&self) -> u32 {
        self.tree().count
    }

    /// The first solution, once found.
    pub fn first_solution(&self) -> Option<&[u8]> {
        self.tree().first.as_deref()
    }

    /// The step of the algorithm that `last` (the last event yielded, `None`
    /// before the first) belongs to.
    pub fn step(&self, last: Option<&SudokuEvent>) -> Step {
        last.map_or(Step::Enter, SudokuEvent::step)
    }

    /// The row, column and box masks recomputed from the grid alone.
    pub fn recomputed_masks(&self) -> ([u16; 9], [u16; 9], [u16; 9]) {
        self.tree().recomputed_masks()
    }
}

impl<R: Rules> SudokuTree<R> {
    fn grid(&self) -> &[u8] {
        &self.grid[..self.cells]
    }

    /// The digits a cell could take now: none of its units holds them.
    #[inline]
    fn candidates(&self, idx: usize) -> u16 {
        let [row, col, r#box] = self.units[idx % CELLS];
        let held = self.rows[usize::from(row) % UNITS]
            | self.cols[usize::from(col) % UNITS]
            | self.boxes[usize::from(r#box) % UNITS];
        self.geometry.all_digits() & !held
    }

    /// The row, column and box masks recomputed from the grid alone.
    fn recomputed_masks(&self) -> ([u16; 9], [u16; 9], [u16; 9]) {
        unit_masks(self.grid(), &self.units[..self.cells])
    }

    #[inline]
    fn write(&mut self, idx: usize, digit: u8) {
        self.toggle(idx, digit);
        self.grid[idx % CELLS] = digit;
    }

    #[inline]
    fn toggle(&mut self, idx: usize, digit: u8) {
        self.toggle_units(self.units[idx % CELLS], digit);
    }

    #[inline(always)]
    fn toggle_units(&mut self, [row, col, r#box]: [u8; 3], digit: u8) {
        let bit = 1u16 << (digit - 1);
        self.rows[usize::from(row) % UNITS] ^= bit;
        self.cols[usize::from(col) % UNITS] ^= bit;
        self.boxes[usize::from(r#box) % UNITS] ^= bit;
    }

    /// The first blank from `from` on, row-major.
    #[inline(always)]
    fn first_blank(&self, from: usize) -> Option<usize> {
        (from..self.cells).find(|&idx| self.grid[idx % CELLS] == 0)
    }

    /// Step 1: the cell this node decides, or `None` when the grid is full.
    /// Cells before `from` must be filled: with the `first` order a child
    /// starts where its parent's cell is, instead of rescanning the grid.
    #[inline(always)]
    fn choose_cell(&self, from: usize) -> Option<(usize, u16)> {
        match self.options.order {
            Order::First => {
                let idx = self.first_blank(from)?;
                Some((idx, self.candidates(idx)))
            }
            Order::Mrv => self.fewest_candidates(),
        }
    }

    /// The MRV choice: the first blank with no candidate, else the first
    /// with the fewest. Scans the whole grid, so it is not inlined.
    #[inline(never)]
    fn fewest_candidates(&self) -> Option<(usize, u16)> {
        let mut best: Option<(usize, u16)> = None;
        let mut fewest = u8::MAX;
        for idx in 0..self.cells {
            if self.grid[idx % CELLS] != 0 {
                continue;
            }
            let candidates = self.candidates(idx);
            if candidates == 0 {
                return Some((idx, candidates));
            }
            let count = POPCOUNT[usize::from(candidates) & 511];
            if count < fewest {
                fewest = count;
                best = Some((idx, candidates));
            }
        }
        best
    }

    /// Step 2: a full grid, counted (the first copied).
    #[cold]
    fn solution(&mut self, counters: &mut Counters) -> Arrive<SudokuEvent> {
        self.count = self.count.saturating_add(1);
        counters.solutions = u64::from(self.count);
        if R::KEEP && self.first.is_none() {
            self.first = Some(self.grid().to_vec());
        }
        let event = SudokuEvent::Solution { count: self.count };
        if R::CAP.is_some_and(|cap| self.count >= cap) {
            Arrive::Stop(event)
        } else {
            Arrive::Leave(event)
        }
    }
}

impl<R: Rules> Tree for SudokuTree<R> {
    type Event = SudokuEvent;
    type Node = Node;
    /// The digit to write at the node's cell.
    type Choice = u8;

    const ROOT_IS_NODE: bool = true;

    fn root(&mut self) -> Node {
        Node::FRESH
    }

    fn depth_hint(&self) -> usize {
        self.cells + 1
    }

    /// Steps 1 and 2: choose the node's cell, or count a full grid.
    #[inline(always)]
    fn arrive(
        &mut self,
        node: &mut Node,
        depth: usize,
        counters: &mut Counters,
    ) -> Arrive<SudokuEvent> {
        let cell = match self.options.order {
            Order::First if depth > 0 => self.first_blank(usize::from(node.entered.cell)),
            Order::First => self.first_blank(0),
            Order::Mrv => self.fewest_candidates().map(|(cell, _)| cell),
        };
        let Some(cell) = cell else {
            return self.solution(counters);
        };
        let units = self.units[cell % CELLS];
        let [row, col, r#box] = units;
        let held = [
            self.rows[usize::from(row) % UNITS],
            self.cols[usize::from(col) % UNITS],
            self.boxes[usize::from(r#box) % UNITS],
        ];
        let candidates = self.geometry.all_digits() & !(held[0] | held[1] | held[2]);
        if depth == 0 {
            self.root = Some((cell, candidates));
        }
        node.chosen = Spot {
            cell: cell as u8,
            units,
        };
        node.held = held;
        node.candidates = candidates;
        node.todo = if self.options.rejects {
            self.geometry.all_digits()
        } else {
            candidates
        };
        Arrive::Scan
    }

    /// Step 3: the next digit of the node's cell, ascending.
    #[inline(always)]
    fn choose(&mut self, node: &mut Node, _depth: usize) -> Choice<u8, SudokuEvent> {
        let todo = node.todo;
        if todo == 0 {
            return Choice::Done;
        }
        node.todo = todo & (todo - 1);
        let digit = todo.trailing_zeros() as u8 + 1;
        if node.candidates >> (digit - 1) & 1 == 1 {
            return Choice::Place(digit);
        }
        let bit = 1u16 << (digit - 1);
        let [row, col, r#box] = node.held;
        let by = Units::none()
            .with(Unit::Row, row & bit != 0)
            .with(Unit::Col, col & bit != 0)
            .with(Unit::Box, r#box & bit != 0);
        let [row, col, _] = node.chosen.units;
        Choice::Reject(SudokuEvent::Reject {
            row,
            col,
            digit,
            by,
        })
    }

    #[inline(always)]
    fn apply(
        &mut self,
        parent: &mut Node,
        _depth: usize,
        digit: u8,
        _counters: &mut Counters,
    ) -> (Node, SudokuEvent) {
        let spot = parent.chosen;
        self.toggle_units(spot.units, digit);
        self.grid[usize::from(spot.cell) % CELLS] = digit;
        let child = Node {
            entered: spot,
            digit,
            ..Node::FRESH
        };
        let [row, col, _] = spot.units;
        (child, SudokuEvent::Place { row, col, digit })
    }

    /// Step 4: the cell had no candidate at all.
    #[inline(always)]
    fn done(&mut self, node: &Node, _depth: usize, _placed: bool) -> Option<SudokuEvent> {
        let [row, col, _] = node.chosen.units;
        (node.candidates == 0).then_some(SudokuEvent::DeadEnd { row, col })
    }

    /// Step 5: the digit that entered the node is erased.
    #[inline(always)]
    fn undo(&mut self, node: &Node, _depth: usize) -> SudokuEvent {
        let Node { entered, digit, .. } = *node;
        self.toggle_units(entered.units, digit);
        self.grid[usize::from(entered.cell) % CELLS] = 0;
        let [row, col, _] = entered.units;
        SudokuEvent::Undo { row, col, digit }
    }

    fn check(&self, _nodes: &[Node]) {
        let (rows, cols, boxes) = self.recomputed_masks();
        debug_assert_eq!(
            (&self.rows[..9], &self.cols[..9], &self.boxes[..9]),
            (&rows[..], &cols[..], &boxes[..]),
            "the unit masks equal the grid's"
        );
    }

    /// The givens and the first solution found.
    fn heap_bytes(&self) -> usize {
        self.givens.capacity() + self.first.as_ref().map_or(0, Vec::capacity)
    }
}

/// The digits of a mask as a set: `{1,5}`.
pub fn format_digits(mask: u16) -> String {
    super::format_set(bits(u32::from(mask)).map(|b| b + 1))
}

/// A grid's rows as strings of digits, `.` for a blank.
pub fn digit_rows(grid: &[u8], size: usize) -> Vec<String> {
    grid.chunks(size)
        .map(|row| {
            row.iter()
                .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
                .collect()
        })
        .collect()
}

/// A mask as binary digits, digit `size` first: `000010001` holds 1 and 5.
pub fn format_digit_mask(mask: u16, size: u8) -> String {
    (0..size)
        .rev()
        .map(|d| if mask >> d & 1 == 1 { '1' } else { '0' })
        .collect()
}

/// The row, column and box masks of a grid (`units[idx]`: the cell's row,
/// column and box), recomputed from its digits alone: what the searches'
/// kept masks must equal.
pub(crate) fn unit_masks(grid: &[u8], units: &[[u8; 3]]) -> ([u16; 9], [u16; 9], [u16; 9]) {
    let (mut rows, mut cols, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
    for (&digit, &[row, col, r#box]) in grid.iter().zip(units) {
        if digit != 0 {
            let bit = 1u16 << (digit - 1);
            rows[row as usize] |= bit;
            cols[col as usize] |= bit;
            boxes[r#box as usize] |= bit;
        }
    }
    (rows, cols, boxes)
}
