//! Sudoku (4×4 with 2×2 boxes, 9×9 with 3×3 boxes) with minimum remaining
//! values and a solution count capped at two.
//!
//! The algorithm, for each node:
//!
//! 1. Choose a cell. With MRV, scan the blanks row-major: the first blank
//!    with no candidate is a contradiction and becomes the chosen cell;
//!    otherwise the blank with the fewest candidates is chosen (ties go to the
//!    first). With `first`, the first blank is chosen as it is.
//! 2. No blank left: the grid is a solution. Count it (the first is copied);
//!    at the second the search stops.
//! 3. For each digit `d` ascending: if a unit (row, column, box) of the cell
//!    already holds `d`, `reject` it naming those units; else `place` it,
//!    which enters the child node (step 1).
//! 4. If the cell had no candidate, yield `dead-end`.
//! 5. Leave the node: yield `undo` for the digit that entered it.
//!
//! Once the count reaches two, every open node goes straight to step 5, so
//! the working grid is restored however the search ends.

use super::{Cause, Causes, Counters, EventKind, Phase, Search, SearchEvent, bits};

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

impl Cause for Unit {
    const ALL: &'static [Unit] = &[Unit::Row, Unit::Col, Unit::Box];

    fn name(self) -> &'static str {
        match self {
            Unit::Row => "row",
            Unit::Col => "col",
            Unit::Box => "box",
        }
    }

    fn words(self) -> &'static str {
        match self {
            Unit::Row => "row",
            Unit::Col => "column",
            Unit::Box => "box",
        }
    }

    fn index(self) -> u8 {
        self as u8
    }
}

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

/// One Sudoku event (SPEC §2). Coordinates are 0-based; digits are 1..=size.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    Solution { count: u8 },
}

impl SearchEvent for SudokuEvent {
    fn kind(&self) -> EventKind {
        match self {
            SudokuEvent::Place { .. } => EventKind::Place,
            SudokuEvent::Reject { .. } => EventKind::Reject,
            SudokuEvent::DeadEnd { .. } => EventKind::DeadEnd,
            SudokuEvent::Undo { .. } => EventKind::Undo,
            SudokuEvent::Solution { .. } => EventKind::Solution,
        }
    }
}

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

/// A validated grid of givens: 4×4 or 9×9, digits in range, no unit holding
/// a digit twice. It may still have no solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    size: u8,
    cells: Vec<u8>,
}

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
    fn new(size: u8) -> Geometry {
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
}

/// One node on the explicit stack.
#[derive(Clone, Debug)]
struct Frame {
    /// The chosen cell, or `None` on a full grid.
    cell: Option<usize>,
    /// The chosen cell's candidates when the node was entered.
    candidates: u16,
    /// Digits (as bits) still to try.
    todo: u16,
    phase: Phase,
}

/// How a Sudoku search is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SudokuOptions {
    /// How the next cell is chosen.
    pub order: Order,
    /// Yield `reject` events (off for fast counting).
    pub rejects: bool,
}

/// The Sudoku search: a resumable, cloneable iterator of [`SudokuEvent`]s.
#[derive(Clone, Debug)]
pub struct Sudoku {
    options: SudokuOptions,
    geometry: Geometry,
    givens: Vec<u8>,
    grid: Vec<u8>,
    rows: Vec<u16>,
    cols: Vec<u16>,
    boxes: Vec<u16>,
    frames: Vec<Frame>,
    count: u8,
    first: Option<Vec<u8>>,
    counters: Counters,
    finished: bool,
}

/// The count at which the search stops.
pub const CAP: u8 = 2;

impl Sudoku {
    /// A search over the puzzle's blanks.
    pub fn new(puzzle: &Puzzle, options: SudokuOptions) -> Sudoku {
        let geometry = Geometry::new(puzzle.size);
        let size = puzzle.size as usize;
        let mut search = Sudoku {
            options,
            geometry,
            givens: puzzle.cells.clone(),
            grid: vec![0; size * size],
            rows: vec![0; size],
            cols: vec![0; size],
            boxes: vec![0; size],
            frames: vec![Frame {
                cell: None,
                candidates: 0,
                todo: 0,
                phase: Phase::Enter,
            }],
            count: 0,
            first: None,
            counters: Counters {
                nodes: 1,
                ..Counters::default()
            },
            finished: false,
        };
        for (idx, &digit) in puzzle.cells.iter().enumerate() {
            if digit != 0 {
                search.write(idx, digit);
            }
        }
        search
    }

    /// How the search was set up.
    pub fn options(&self) -> SudokuOptions {
        self.options
    }

    /// Grid size and box arithmetic.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The working grid, row-major, 0 for a blank.
    pub fn grid(&self) -> &[u8] {
        &self.grid
    }

    /// The givens, row-major, 0 for a blank.
    pub fn givens(&self) -> &[u8] {
        &self.givens
    }

    /// Digits held by each row (bit `d-1` for digit `d`).
    pub fn row_masks(&self) -> &[u16] {
        &self.rows
    }

    /// Digits held by each column.
    pub fn col_masks(&self) -> &[u16] {
        &self.cols
    }

    /// Digits held by each box.
    pub fn box_masks(&self) -> &[u16] {
        &self.boxes
    }

    /// The digits a cell could take now: none of its units holds them.
    pub fn candidates(&self, idx: usize) -> u16 {
        let (row, col) = self.geometry.coords(idx);
        let held = self.rows[row as usize]
            | self.cols[col as usize]
            | self.boxes[self.geometry.box_of(idx) as usize];
        self.geometry.all_digits() & !held
    }

    /// The cell the current node decides and its candidates when the node
    /// was entered; `None` on a full grid.
    pub fn deciding(&self) -> Option<(usize, u16)> {
        let frame = self.frames.last()?;
        match frame.phase {
            Phase::Enter => self.choose(),
            _ => frame.cell.map(|cell| (cell, frame.candidates)),
        }
    }

    /// The placements of the current path, outermost first: `(cell, digit)`.
    pub fn placements(&self) -> Vec<(usize, u8)> {
        let depth = self.frames.len() - 1;
        self.frames[..depth]
            .iter()
            .filter_map(|f| f.cell)
            .map(|cell| (cell, self.grid[cell]))
            .collect()
    }

    /// Solutions found so far (capped at 2).
    pub fn solution_count(&self) -> u8 {
        self.count
    }

    /// The first solution, once found.
    pub fn first_solution(&self) -> Option<&[u8]> {
        self.first.as_deref()
    }

    fn write(&mut self, idx: usize, digit: u8) {
        self.toggle(idx, digit);
        self.grid[idx] = digit;
    }

    fn erase(&mut self, idx: usize) -> u8 {
        let digit = self.grid[idx];
        self.toggle(idx, digit);
        self.grid[idx] = 0;
        digit
    }

    fn toggle(&mut self, idx: usize, digit: u8) {
        let bit = 1u16 << (digit - 1);
        let (row, col) = self.geometry.coords(idx);
        self.rows[row as usize] ^= bit;
        self.cols[col as usize] ^= bit;
        self.boxes[self.geometry.box_of(idx) as usize] ^= bit;
    }

    /// Step 1: the cell this node decides, or `None` when the grid is full.
    fn choose(&self) -> Option<(usize, u16)> {
        let mut best: Option<(usize, u16)> = None;
        for idx in (0..self.grid.len()).filter(|&i| self.grid[i] == 0) {
            let candidates = self.candidates(idx);
            if self.options.order == Order::First || candidates == 0 {
                return Some((idx, candidates));
            }
            if best.is_none_or(|(_, b)| candidates.count_ones() < b.count_ones()) {
                best = Some((idx, candidates));
            }
        }
        best
    }

    /// The units of `idx` that hold `digit`.
    fn holders(&self, idx: usize, digit: u8) -> Units {
        let bit = 1u16 << (digit - 1);
        let (row, col) = self.geometry.coords(idx);
        Units::none()
            .with(Unit::Row, self.rows[row as usize] & bit != 0)
            .with(Unit::Col, self.cols[col as usize] & bit != 0)
            .with(
                Unit::Box,
                self.boxes[self.geometry.box_of(idx) as usize] & bit != 0,
            )
    }

    fn emit(&mut self, event: SudokuEvent) -> Option<SudokuEvent> {
        self.counters.record(event.kind());
        Some(event)
    }
}

impl Iterator for Sudoku {
    type Item = SudokuEvent;

    fn next(&mut self) -> Option<SudokuEvent> {
        loop {
            let depth = self.frames.len() - 1;
            let phase = self.frames.last()?.phase;
            match phase {
                Phase::Enter => {
                    let choice = self.choose();
                    let rejects = self.options.rejects;
                    let all = self.geometry.all_digits();
                    let frame = self.frames.last_mut()?;
                    match choice {
                        Some((cell, candidates)) => {
                            frame.phase = Phase::Scan;
                            frame.cell = Some(cell);
                            frame.candidates = candidates;
                            frame.todo = if rejects { all } else { candidates };
                        }
                        None => {
                            // 2. A full grid.
                            frame.phase = Phase::Leave;
                            self.count += 1;
                            self.counters.solutions = u64::from(self.count);
                            if self.first.is_none() {
                                self.first = Some(self.grid.clone());
                            }
                            let count = self.count;
                            return self.emit(SudokuEvent::Solution { count });
                        }
                    }
                }
                Phase::Scan => {
                    let stopped = self.count >= CAP;
                    let frame = self.frames.last_mut()?;
                    let (cell, candidates) = (frame.cell?, frame.candidates);
                    let (row, col) = self.geometry.coords(cell);
                    if stopped || frame.todo == 0 {
                        frame.phase = Phase::Leave;
                        if !stopped && candidates == 0 {
                            // 4. No candidate at all.
                            return self.emit(SudokuEvent::DeadEnd { row, col });
                        }
                        continue;
                    }
                    // 3. The next digit, ascending.
                    let digit = frame.todo.trailing_zeros() as u8 + 1;
                    frame.todo &= frame.todo - 1;
                    if candidates >> (digit - 1) & 1 == 0 {
                        let by = self.holders(cell, digit);
                        return self.emit(SudokuEvent::Reject {
                            row,
                            col,
                            digit,
                            by,
                        });
                    }
                    self.write(cell, digit);
                    self.frames.push(Frame {
                        cell: None,
                        candidates: 0,
                        todo: 0,
                        phase: Phase::Enter,
                    });
                    self.counters.nodes += 1;
                    return self.emit(SudokuEvent::Place { row, col, digit });
                }
                Phase::Leave => {
                    // 5. Leave the node, erasing the digit that entered it.
                    if depth == 0 {
                        self.finished = true;
                        return None;
                    }
                    self.frames.pop();
                    let cell = self.frames.last()?.cell?;
                    let digit = self.erase(cell);
                    let (row, col) = self.geometry.coords(cell);
                    return self.emit(SudokuEvent::Undo { row, col, digit });
                }
            }
        }
    }
}

impl Search for Sudoku {
    type Event = SudokuEvent;

    fn counters(&self) -> &Counters {
        &self.counters
    }

    fn is_finished(&self) -> bool {
        self.finished
    }
}

/// The digits of a mask as a set: `{1,5}`.
pub fn format_digits(mask: u16) -> String {
    super::format_set(bits(u32::from(mask)).map(|b| b + 1))
}

/// A mask as binary digits, digit `size` first: `000010001` holds 1 and 5.
pub fn format_digit_mask(mask: u16, size: u8) -> String {
    (0..size)
        .rev()
        .map(|d| if mask >> d & 1 == 1 { '1' } else { '0' })
        .collect()
}
