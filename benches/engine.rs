//! The engine's event iterators against plain recursive solvers.
//!
//! Every search in `backstep::search` is an explicit-stack state machine that
//! yields one event at a time, so that a person can step through it. That
//! costs something over a plain recursive solver, which keeps its state on
//! the call stack and reports nothing. This benchmark measures how much, for
//! each search, in three ways:
//!
//! - `recursive`: a plain recursive solver written here, counting the same
//!   nodes and solutions as the engine (asserted before anything is timed);
//! - `events-off`: the engine with reject events switched off (fast counting),
//!   every remaining event consumed;
//! - `every-event`: the engine with every event, rejects included, consumed;
//! - `recursive-every-event`: a second recursive solver written here that
//!   builds the engine's every event (rejects included, the real
//!   `backstep::search` event values, in the same order) and hands each to a
//!   callback, keeping the same counters as the engine. Before anything is
//!   timed its stream is asserted equal to the engine's, event by event. It
//!   does the same work per event as the engine; only the control structure
//!   differs (recursion against a resumable iterator).
//!
//! Criterion prints absolute times. Since the machine is noisy and the
//! targets are ratios, the run ends with a summary that times the four
//! variants of each case interleaved, round by round, and prints the ratios
//! (best of the rounds). The target is `every-event` /
//! `recursive-every-event`, both sides building and handing over the same
//! events: within 2x for every case, aiming at 1.5x. The ratios against the
//! counting `recursive` solver, which yields no events, are printed for
//! information only.
//!
//! Run with `cargo bench --bench engine`. Set `BACKSTEP_SUMMARY_ONLY=1` to
//! skip the criterion part and print only the ratio summary, and
//! `BACKSTEP_SUMMARY_FILTER=word` (say) to check, time and summarise only
//! the cases whose name holds that text (`sudoku` for `--order propagate`
//! against its recursive solver and against `mrv`).

use std::hint::black_box;
use std::time::{Duration, Instant};

use backstep::input::word::parse_word;
use backstep::search::colour::{Colour, ColourEvent, ColourOptions, Graph};
use backstep::search::maze::{Grid, Maze, MazeEvent, Move, Reason as MazeReason};
use backstep::search::queens::{
    Attack, Attacks, Columns, Masks, Queens, QueensEvent, QueensOptions,
};
use backstep::search::sudoku::{Order, Puzzle, Sudoku, SudokuEvent, SudokuOptions, Unit, Units};
use backstep::search::sudoku_propagate::{
    Forced, House, Propagate, PropagateEvent, PropagateOptions,
};
use backstep::search::word::{Board, Reason, WordEvent, WordOptions, WordSearch};
use backstep::search::{Counters, EventKind, Search, SearchEvent};
use criterion::{Criterion, SamplingMode};

/// What a run of one search reports: solutions (weighted for N-Queens,
/// capped at 2 for Sudoku, 0 or 1 for Word Search), nodes, and the answer
/// (the first Sudoku solution, the Word Search path), so that the engine and
/// the baseline can be compared exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Outcome {
    solutions: u64,
    nodes: u64,
    answer: Vec<u8>,
}

/// Runs a search to its end, dropping every event it yields, as `backstep
/// --print summary` does: what is timed is the engine, not a consumer.
/// Returns the outcome and how many events there were.
fn drain<S: Search>(mut search: S, answer: impl Fn(&S) -> Vec<u8>) -> (Outcome, u64) {
    search.by_ref().for_each(drop);
    let c = *search.counters();
    let outcome = Outcome {
        solutions: c.solutions,
        nodes: c.nodes,
        answer: answer(&search),
    };
    (outcome, c.steps)
}

// ---------------------------------------------------------------------------
// Recursive solvers with the same events
//
// Each search below also has a recursive solver that yields the engine's
// every event (rejects included) through a callback: the same
// `backstep::search` values, in the same order, with the same `Counters`
// kept per event. They are asserted equal to the engine's streams before
// anything is timed (`same_events_collected`, `same_events_lockstep`), and
// timed with a callback that drops each event, as the engine's events are
// dropped by `drain`. So both sides build, count and drop the same events;
// what differs is that the recursion keeps its place on the call stack and
// never returns to its caller between events.

/// What the engine does for every event it yields besides building it
/// (`Counters::record`, private to the library): the same bookkeeping.
#[inline(always)]
fn record(c: &mut Counters, kind: EventKind) {
    c.steps += 1;
    match kind {
        EventKind::Place => c.depth += 1,
        EventKind::Undo => c.depth -= 1,
        EventKind::Reject => c.rejects += 1,
        EventKind::DeadEnd => c.dead_ends += 1,
        EventKind::Solution => c.found += 1,
    }
}

/// Turns what a recursive solver with events returns into what the timed
/// closures return: the outcome and the number of events.
fn with_steps((outcome, counters): (Outcome, Counters)) -> (Outcome, u64) {
    (outcome, counters.steps)
}

// ---------------------------------------------------------------------------
// N-Queens

/// Plain recursive N-Queens on bit masks, counting nodes as the engine does:
/// the root counts 1 and every placed queen 1. With symmetry only the left
/// half of the first row is searched, its solutions weighted 2, the centre
/// column of odd `n` weighted 1.
fn queens_recursive(n: u32, symmetry: bool) -> Outcome {
    fn place(all: u32, cols: u32, high: u32, low: u32, nodes: &mut u64) -> u64 {
        if cols == all {
            return 1;
        }
        let mut legal = all & !(cols | high | low);
        let mut solutions = 0;
        while legal != 0 {
            let bit = legal & legal.wrapping_neg();
            legal ^= bit;
            *nodes += 1;
            solutions += place(
                all,
                cols | bit,
                ((high | bit) << 1) & all,
                (low | bit) >> 1,
                nodes,
            );
        }
        solutions
    }

    let all = (1u32 << n) - 1;
    let mut nodes = 1;
    let mut solutions = 0;
    if n == 0 {
        solutions = 1;
    }
    for col in 0..n {
        if symmetry && col >= n.div_ceil(2) {
            continue;
        }
        let weight = if symmetry && col < n / 2 { 2 } else { 1 };
        let bit = 1 << col;
        nodes += 1;
        solutions += weight * place(all, bit, (bit << 1) & all, bit >> 1, &mut nodes);
    }
    Outcome {
        solutions,
        nodes,
        answer: Vec::new(),
    }
}

fn queens_iterator(n: u8, symmetry: bool, rejects: bool) -> (Outcome, u64) {
    let search = Queens::new(QueensOptions {
        n,
        symmetry,
        rejects,
    });
    drain(search, |_| Vec::new())
}

/// Recursive N-Queens with every event of the engine, rejects included
/// (`Queens` with `rejects: true`): at each node every column of the row is
/// a `reject` (symmetry first, else the masks that hold it) or a `place`
/// followed by the child's events and the `undo`; a node with no legal
/// column ends with `dead-end`, a complete board is a `solution`. The masks
/// are the engine's `Masks`.
struct QueensEvents<F> {
    n: usize,
    all: u32,
    root_columns: u32,
    symmetry: bool,
    queens: [u8; 16],
    counters: Counters,
    visit: F,
}

impl<F: FnMut(QueensEvent)> QueensEvents<F> {
    fn run(n: u8, symmetry: bool, visit: F) -> (Outcome, Counters) {
        let all = (1u32 << n) - 1;
        let root_columns = if symmetry {
            (1u32 << u32::from(n).div_ceil(2)) - 1
        } else {
            all
        };
        let mut s = QueensEvents {
            n: usize::from(n),
            all,
            root_columns,
            symmetry,
            queens: [0; 16],
            counters: Counters {
                nodes: 1,
                ..Counters::default()
            },
            visit,
        };
        s.node(0, Masks::default());
        let outcome = Outcome {
            solutions: s.counters.solutions,
            nodes: s.counters.nodes,
            answer: Vec::new(),
        };
        (outcome, s.counters)
    }

    #[inline(always)]
    fn emit(&mut self, event: QueensEvent) {
        record(&mut self.counters, event.kind());
        (self.visit)(event);
    }

    fn node(&mut self, depth: usize, masks: Masks) {
        if depth == self.n {
            return self.solution();
        }
        let row = depth as u8;
        let allowed = if depth == 0 {
            self.root_columns
        } else {
            self.all
        };
        let free = self.all & !masks.attacked() & allowed;
        let mut todo = self.all;
        while todo != 0 {
            let col = todo.trailing_zeros();
            todo &= todo - 1;
            let bit = 1u32 << col;
            let col = col as u8;
            if free & bit == 0 {
                let by = if allowed & bit == 0 {
                    Attacks::none().with(Attack::Symmetry, true)
                } else {
                    Attacks::none()
                        .with(Attack::Column, masks.cols & bit != 0)
                        .with(Attack::High, masks.high & bit != 0)
                        .with(Attack::Low, masks.low & bit != 0)
                };
                self.emit(QueensEvent::Reject { row, col, by });
                continue;
            }
            self.queens[depth] = col;
            self.counters.nodes += 1;
            self.emit(QueensEvent::Place { row, col });
            self.node(depth + 1, masks.child(bit, self.all));
            self.emit(QueensEvent::Undo { row, col });
        }
        if free == 0 {
            self.emit(QueensEvent::DeadEnd { row });
        }
    }

    /// A complete board; rare, so kept out of line as in the engine.
    #[cold]
    #[inline(never)]
    fn solution(&mut self) {
        let queens = Columns::new(&self.queens[..self.n]);
        let weight = match queens.get(0) {
            Some(c) if self.symmetry && usize::from(c) < self.n / 2 => 2,
            _ => 1,
        };
        self.counters.solutions += u64::from(weight);
        self.emit(QueensEvent::Solution { queens, weight });
    }
}

fn queens_recursive_events(
    n: u8,
    symmetry: bool,
    visit: impl FnMut(QueensEvent),
) -> (Outcome, Counters) {
    QueensEvents::run(n, symmetry, visit)
}

fn queens_engine(n: u8, symmetry: bool) -> Queens {
    Queens::new(QueensOptions {
        n,
        symmetry,
        rejects: true,
    })
}

// ---------------------------------------------------------------------------
// Sudoku

/// Plain recursive Sudoku with the engine's rules: choose a cell (MRV: the
/// first blank without candidates, else the first with the fewest; `first`:
/// the first blank), try its candidates ascending, count every node entered,
/// stop at the second solution, keep the first.
struct SudokuRecursive {
    first_order: bool,
    all: u16,
    grid: Vec<u8>,
    /// Row, column and box of each cell, so no division runs per cell.
    units: Vec<(usize, usize, usize)>,
    rows: Vec<u16>,
    cols: Vec<u16>,
    boxes: Vec<u16>,
    count: u64,
    nodes: u64,
    first: Option<Vec<u8>>,
}

impl SudokuRecursive {
    fn run(puzzle: &Puzzle, order: Order) -> Outcome {
        let size = puzzle.size() as usize;
        let side = if size == 4 { 2 } else { 3 };
        let units: Vec<_> = (0..size * size)
            .map(|i| {
                let (r, c) = (i / size, i % size);
                (r, c, r / side * side + c / side)
            })
            .collect();
        let mut s = SudokuRecursive {
            first_order: order == Order::First,
            all: (1 << size) - 1,
            grid: puzzle.cells().to_vec(),
            units,
            rows: vec![0; size],
            cols: vec![0; size],
            boxes: vec![0; size],
            count: 0,
            nodes: 0,
            first: None,
        };
        for i in 0..size * size {
            if s.grid[i] != 0 {
                s.toggle(i, 1 << (s.grid[i] - 1));
            }
        }
        s.solve(0);
        assert_eq!(s.grid, puzzle.cells(), "the working grid is restored");
        Outcome {
            solutions: s.count,
            nodes: s.nodes,
            answer: s.first.unwrap_or_default(),
        }
    }

    fn toggle(&mut self, i: usize, bit: u16) {
        let (r, c, b) = self.units[i];
        self.rows[r] ^= bit;
        self.cols[c] ^= bit;
        self.boxes[b] ^= bit;
    }

    /// Returns true when the search must stop (two solutions). With the
    /// `first` order every cell before `from` is filled, so the scan starts
    /// there.
    fn solve(&mut self, from: usize) -> bool {
        self.nodes += 1;
        let mut best: Option<(usize, u16)> = None;
        let mut fewest = u32::MAX;
        for i in from..self.grid.len() {
            if self.grid[i] != 0 {
                continue;
            }
            let (r, c, b) = self.units[i];
            let candidates = self.all & !(self.rows[r] | self.cols[c] | self.boxes[b]);
            if self.first_order || candidates == 0 {
                best = Some((i, candidates));
                break;
            }
            if candidates.count_ones() < fewest {
                fewest = candidates.count_ones();
                best = Some((i, candidates));
            }
        }
        let Some((cell, mut candidates)) = best else {
            self.count += 1;
            if self.first.is_none() {
                self.first = Some(self.grid.clone());
            }
            return self.count >= 2;
        };
        let next = if self.first_order { cell + 1 } else { 0 };
        while candidates != 0 {
            let bit = candidates & candidates.wrapping_neg();
            candidates ^= bit;
            self.grid[cell] = bit.trailing_zeros() as u8 + 1;
            self.toggle(cell, bit);
            let stop = self.solve(next);
            self.toggle(cell, bit);
            self.grid[cell] = 0;
            if stop {
                return true;
            }
        }
        false
    }
}

fn sudoku_iterator(puzzle: &Puzzle, order: Order, rejects: bool) -> (Outcome, u64) {
    let search = Sudoku::new(puzzle, SudokuOptions { order, rejects });
    drain(search, |s| s.first_solution().unwrap_or_default().to_vec())
}

/// The number of candidates in a digit mask, by table, as the engine counts
/// them (the default x86-64 target has no population-count instruction).
const POPCOUNT: [u8; 512] = {
    let mut table = [0; 512];
    let mut mask = 0;
    while mask < 512 {
        table[mask] = (mask as u16).count_ones() as u8;
        mask += 1;
    }
    table
};

/// Recursive Sudoku with every event of the engine, rejects included
/// (`Sudoku` with `rejects: true`): the cell chosen as the engine chooses it
/// (MRV with the same table count, or the first blank from the parent's
/// cell on), every digit ascending a `reject` naming the units that hold it
/// or a `place` followed by the child's events and the `undo`; a cell with
/// no candidate ends with `dead-end`; a full grid is a `solution`, and the
/// second stops the search, every open node leaving with its `undo` only.
struct SudokuEvents<F> {
    first_order: bool,
    cells: usize,
    all: u16,
    /// `[row, col, box]` of each cell.
    units: [[u8; 3]; 81],
    grid: [u8; 81],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
    count: u32,
    first: Option<Vec<u8>>,
    counters: Counters,
    visit: F,
}

impl<F: FnMut(SudokuEvent)> SudokuEvents<F> {
    fn run(puzzle: &Puzzle, order: Order, visit: F) -> (Outcome, Counters) {
        let size = usize::from(puzzle.size());
        let side = if size == 4 { 2 } else { 3 };
        let mut units = [[0; 3]; 81];
        for (i, unit) in units.iter_mut().enumerate().take(size * size) {
            let (r, c) = (i / size, i % size);
            *unit = [r as u8, c as u8, (r / side * side + c / side) as u8];
        }
        let mut s = SudokuEvents {
            first_order: order == Order::First,
            cells: size * size,
            all: (1 << size) - 1,
            units,
            grid: [0; 81],
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
            count: 0,
            first: None,
            counters: Counters {
                nodes: 1,
                ..Counters::default()
            },
            visit,
        };
        for (i, &digit) in puzzle.cells().iter().enumerate() {
            if digit != 0 {
                s.write(i, digit);
            }
        }
        s.node(0);
        assert_eq!(
            &s.grid[..s.cells],
            puzzle.cells(),
            "the working grid is restored"
        );
        let outcome = Outcome {
            solutions: s.counters.solutions,
            nodes: s.counters.nodes,
            answer: s.first.take().unwrap_or_default(),
        };
        (outcome, s.counters)
    }

    #[inline(always)]
    fn emit(&mut self, event: SudokuEvent) {
        record(&mut self.counters, event.kind());
        (self.visit)(event);
    }

    #[inline]
    fn toggle(&mut self, i: usize, digit: u8) {
        let bit = 1u16 << (digit - 1);
        let [r, c, b] = self.units[i];
        self.rows[usize::from(r)] ^= bit;
        self.cols[usize::from(c)] ^= bit;
        self.boxes[usize::from(b)] ^= bit;
    }

    #[inline]
    fn write(&mut self, i: usize, digit: u8) {
        self.toggle(i, digit);
        self.grid[i] = digit;
    }

    #[inline]
    fn erase(&mut self, i: usize) -> u8 {
        let digit = self.grid[i];
        self.toggle(i, digit);
        self.grid[i] = 0;
        digit
    }

    #[inline]
    fn candidates(&self, i: usize) -> u16 {
        let [r, c, b] = self.units[i];
        let held =
            self.rows[usize::from(r)] | self.cols[usize::from(c)] | self.boxes[usize::from(b)];
        self.all & !held
    }

    /// The units of `i` that hold `digit`.
    #[inline]
    fn holders(&self, i: usize, digit: u8) -> Units {
        let bit = 1u16 << (digit - 1);
        let [r, c, b] = self.units[i];
        Units::none()
            .with(Unit::Row, self.rows[usize::from(r)] & bit != 0)
            .with(Unit::Col, self.cols[usize::from(c)] & bit != 0)
            .with(Unit::Box, self.boxes[usize::from(b)] & bit != 0)
    }

    /// The cell to decide, as the engine's `choose`.
    #[inline(always)]
    fn choose(&self, from: usize) -> Option<(usize, u16)> {
        if self.first_order {
            let i = (from..self.cells).find(|&i| self.grid[i] == 0)?;
            Some((i, self.candidates(i)))
        } else {
            self.fewest_candidates()
        }
    }

    /// MRV, as the engine's `fewest_candidates`.
    #[inline(never)]
    fn fewest_candidates(&self) -> Option<(usize, u16)> {
        let mut best: Option<(usize, u16)> = None;
        let mut fewest = u8::MAX;
        for i in 0..self.cells {
            if self.grid[i] != 0 {
                continue;
            }
            let candidates = self.candidates(i);
            if candidates == 0 {
                return Some((i, candidates));
            }
            let count = POPCOUNT[usize::from(candidates) & 511];
            if count < fewest {
                fewest = count;
                best = Some((i, candidates));
            }
        }
        best
    }

    /// One node; returns true when the search stops (two solutions). With
    /// the `first` order the cells before `from` are filled.
    fn node(&mut self, from: usize) -> bool {
        let Some((cell, candidates)) = self.choose(from) else {
            self.count += 1;
            self.counters.solutions = u64::from(self.count);
            if self.first.is_none() {
                self.first = Some(self.grid[..self.cells].to_vec());
            }
            let count = self.count;
            self.emit(SudokuEvent::Solution { count });
            return count >= 2;
        };
        let [row, col, _] = self.units[cell];
        let mut todo = self.all;
        while todo != 0 {
            let digit = todo.trailing_zeros() as u8 + 1;
            todo &= todo - 1;
            if candidates >> (digit - 1) & 1 == 0 {
                let by = self.holders(cell, digit);
                self.emit(SudokuEvent::Reject {
                    row,
                    col,
                    digit,
                    by,
                });
                continue;
            }
            self.write(cell, digit);
            self.counters.nodes += 1;
            self.emit(SudokuEvent::Place { row, col, digit });
            let stop = self.node(cell);
            let digit = self.erase(cell);
            self.emit(SudokuEvent::Undo { row, col, digit });
            if stop {
                return true;
            }
        }
        if candidates == 0 {
            self.emit(SudokuEvent::DeadEnd { row, col });
        }
        false
    }
}

fn sudoku_recursive_events(
    puzzle: &Puzzle,
    order: Order,
    visit: impl FnMut(SudokuEvent),
) -> (Outcome, Counters) {
    SudokuEvents::run(puzzle, order, visit)
}

fn sudoku_engine(puzzle: &Puzzle, order: Order) -> Sudoku {
    Sudoku::new(
        puzzle,
        SudokuOptions {
            order,
            rejects: true,
        },
    )
}

// ---------------------------------------------------------------------------
// Sudoku with propagation (`--order propagate`)

/// Recursive Sudoku with propagation and every event of the engine
/// (`Propagate`), rejects included or not: at each node the same steps as
/// the engine's `forcing` (the first blank with no candidate is a
/// `dead-end`; else the first naked single, else the first hidden single
/// by rows, columns, boxes and digits ascending, or a digit with no place
/// in a unit, `missing`; else a full grid is a `solution`, or the blank
/// with the fewest candidates is guessed, every digit ascending a `reject`
/// or a guessed `place` followed by the child node and the guess's `undo`).
/// A node leaves by undoing its forced places, deepest first. The second
/// solution stops the search: every open node undoes its forced places and
/// returns, each caller undoing its guess, which pops the trail deepest
/// first as the engine's `close` does. The grid, masks and scans are the
/// engine's (the same work per event); only the control structure differs.
struct PropagateEvents<F> {
    rejects: bool,
    size: usize,
    box_size: usize,
    cells: usize,
    all: u16,
    /// `[row, col, box]` of each cell.
    units: [[u8; 3]; 81],
    grid: [u8; 81],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
    /// The open places' cells, outermost first.
    trail: Vec<u8>,
    count: u32,
    first: Option<Vec<u8>>,
    forced: u64,
    counters: Counters,
    visit: F,
}

/// What the steps before a guess find (the engine's `Forcing`).
enum Found {
    DeadCell(usize),
    Missing(House, u8),
    Place(usize, u8, Forced),
    Full,
    Guess(usize, u16),
}

impl<F: FnMut(PropagateEvent)> PropagateEvents<F> {
    fn run(puzzle: &Puzzle, rejects: bool, visit: F) -> (Outcome, Counters) {
        let size = usize::from(puzzle.size());
        let box_size = if size == 4 { 2 } else { 3 };
        let mut units = [[0; 3]; 81];
        for (i, unit) in units.iter_mut().enumerate().take(size * size) {
            let (r, c) = (i / size, i % size);
            *unit = [
                r as u8,
                c as u8,
                (r / box_size * box_size + c / box_size) as u8,
            ];
        }
        let mut s = PropagateEvents {
            rejects,
            size,
            box_size,
            cells: size * size,
            all: (1 << size) - 1,
            units,
            grid: [0; 81],
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
            trail: Vec::with_capacity(size * size),
            count: 0,
            first: None,
            forced: 0,
            counters: Counters {
                nodes: 1,
                ..Counters::default()
            },
            visit,
        };
        for (i, &digit) in puzzle.cells().iter().enumerate() {
            if digit != 0 {
                s.toggle(i, digit);
                s.grid[i] = digit;
            }
        }
        s.node();
        assert_eq!(
            &s.grid[..s.cells],
            puzzle.cells(),
            "the working grid is restored"
        );
        assert!(s.trail.is_empty(), "the trail is empty at the end");
        let outcome = Outcome {
            solutions: s.counters.solutions,
            nodes: s.counters.nodes,
            answer: s.first.take().unwrap_or_default(),
        };
        (outcome, s.counters)
    }

    #[inline(always)]
    fn emit(&mut self, event: PropagateEvent) {
        record(&mut self.counters, event.kind());
        (self.visit)(event);
    }

    #[inline]
    fn toggle(&mut self, i: usize, digit: u8) {
        let bit = 1u16 << (digit - 1);
        let [r, c, b] = self.units[i];
        self.rows[usize::from(r)] ^= bit;
        self.cols[usize::from(c)] ^= bit;
        self.boxes[usize::from(b)] ^= bit;
    }

    #[inline]
    fn candidates(&self, i: usize) -> u16 {
        let [r, c, b] = self.units[i];
        let held =
            self.rows[usize::from(r)] | self.cols[usize::from(c)] | self.boxes[usize::from(b)];
        self.all & !held
    }

    fn held(&self, house: House) -> u16 {
        let i = usize::from(house.index);
        match house.kind {
            Unit::Row => self.rows[i],
            Unit::Col => self.cols[i],
            Unit::Box => self.boxes[i],
        }
    }

    fn cell_of(&self, house: House, k: usize) -> usize {
        let (size, b) = (self.size, self.box_size);
        let i = usize::from(house.index);
        match house.kind {
            Unit::Row => i * size + k,
            Unit::Col => k * size + i,
            Unit::Box => (i / b * b + k / b) * size + (i % b * b + k % b),
        }
    }

    fn holders(&self, i: usize, digit: u8) -> Units {
        let bit = 1u16 << (digit - 1);
        let [r, c, b] = self.units[i];
        Units::none()
            .with(Unit::Row, self.rows[usize::from(r)] & bit != 0)
            .with(Unit::Col, self.cols[usize::from(c)] & bit != 0)
            .with(Unit::Box, self.boxes[usize::from(b)] & bit != 0)
    }

    /// The engine's steps 1 to 4.
    fn found(&self) -> Found {
        let mut single = None;
        let mut best = None;
        let mut fewest = u32::MAX;
        for i in 0..self.cells {
            if self.grid[i] != 0 {
                continue;
            }
            let candidates = self.candidates(i);
            let count = candidates.count_ones();
            if count == 0 {
                return Found::DeadCell(i);
            }
            if count == 1 && single.is_none() {
                single = Some((i, candidates));
            }
            if count < fewest {
                fewest = count;
                best = Some((i, candidates));
            }
        }
        if let Some((i, candidates)) = single {
            return Found::Place(i, candidates.trailing_zeros() as u8 + 1, Forced::Naked);
        }
        let Some((cell, candidates)) = best else {
            return Found::Full;
        };
        for kind in [Unit::Row, Unit::Col, Unit::Box] {
            for index in 0..self.size as u8 {
                let house = House { kind, index };
                let missing = self.all & !self.held(house);
                if missing == 0 {
                    continue;
                }
                let mut counts = [0u8; 9];
                let mut last = [0usize; 9];
                for k in 0..self.size {
                    let i = self.cell_of(house, k);
                    if self.grid[i] != 0 {
                        continue;
                    }
                    let mut todo = self.candidates(i);
                    while todo != 0 {
                        let d = todo.trailing_zeros() as usize;
                        todo &= todo - 1;
                        counts[d] += 1;
                        last[d] = i;
                    }
                }
                let mut todo = missing;
                while todo != 0 {
                    let d = todo.trailing_zeros() as usize;
                    todo &= todo - 1;
                    match counts[d] {
                        0 => return Found::Missing(house, d as u8 + 1),
                        1 => return Found::Place(last[d], d as u8 + 1, Forced::Hidden(house)),
                        _ => {}
                    }
                }
            }
        }
        Found::Guess(cell, candidates)
    }

    #[inline]
    fn place(&mut self, i: usize, digit: u8, forced: Option<Forced>) {
        self.toggle(i, digit);
        self.grid[i] = digit;
        self.trail.push(i as u8);
        let [row, col, _] = self.units[i];
        self.emit(PropagateEvent::Place {
            row,
            col,
            digit,
            forced,
        });
    }

    #[inline]
    fn unplace(&mut self, guess: bool) {
        let i = usize::from(self.trail.pop().expect("an open place"));
        let digit = self.grid[i];
        self.toggle(i, digit);
        self.grid[i] = 0;
        let [row, col, _] = self.units[i];
        self.emit(PropagateEvent::Undo {
            row,
            col,
            digit,
            guess,
        });
    }

    /// One node; returns true when the search stops (two solutions).
    fn node(&mut self) -> bool {
        let base = self.trail.len();
        let stop = loop {
            match self.found() {
                Found::DeadCell(i) => {
                    let [row, col, _] = self.units[i];
                    self.emit(PropagateEvent::DeadEnd { row, col });
                    break false;
                }
                Found::Missing(unit, digit) => {
                    self.emit(PropagateEvent::Missing { unit, digit });
                    break false;
                }
                Found::Place(i, digit, forced) => {
                    self.forced += 1;
                    self.place(i, digit, Some(forced));
                }
                Found::Full => {
                    self.count += 1;
                    self.counters.solutions = u64::from(self.count);
                    if self.first.is_none() {
                        self.first = Some(self.grid[..self.cells].to_vec());
                    }
                    let count = self.count;
                    self.emit(PropagateEvent::Solution { count });
                    break count >= 2;
                }
                Found::Guess(cell, candidates) => {
                    let mut todo = if self.rejects { self.all } else { candidates };
                    let mut stop = false;
                    while todo != 0 {
                        let digit = todo.trailing_zeros() as u8 + 1;
                        todo &= todo - 1;
                        if candidates >> (digit - 1) & 1 == 0 {
                            let by = self.holders(cell, digit);
                            let [row, col, _] = self.units[cell];
                            self.emit(PropagateEvent::Reject {
                                row,
                                col,
                                digit,
                                by,
                            });
                            continue;
                        }
                        self.counters.nodes += 1;
                        self.place(cell, digit, None);
                        stop = self.node();
                        self.unplace(true);
                        if stop {
                            break;
                        }
                    }
                    break stop;
                }
            }
        };
        while self.trail.len() > base {
            self.unplace(false);
        }
        stop
    }
}

fn propagate_recursive_events(
    puzzle: &Puzzle,
    rejects: bool,
    visit: impl FnMut(PropagateEvent),
) -> (Outcome, Counters) {
    PropagateEvents::run(puzzle, rejects, visit)
}

fn propagate_iterator(puzzle: &Puzzle, rejects: bool) -> (Outcome, u64) {
    drain(propagate_engine(puzzle, rejects), |s| {
        s.first_solution().unwrap_or_default().to_vec()
    })
}

fn propagate_engine(puzzle: &Puzzle, rejects: bool) -> Propagate {
    Propagate::new(puzzle, PropagateOptions { rejects })
}

/// `inkala` (shipped) and the hard puzzles below, by name.
fn sudoku_puzzles() -> Vec<(String, Puzzle)> {
    let inkala = backstep::input::load_puzzle("inkala")
        .expect("the inkala puzzle is shipped")
        .value;
    let mut puzzles = vec![("inkala".to_string(), inkala)];
    for (name, grid) in HARD_SUDOKU {
        let puzzle = backstep::input::parse_grid(grid).expect("a valid puzzle");
        puzzles.push((name.to_string(), puzzle));
    }
    puzzles
}

/// Hard 9x9 puzzles from the puzzle literature, each with one solution,
/// timed beside the shipped `inkala` (the same three as `benches/labs.rs`).
const HARD_SUDOKU: [(&str, &str); 3] = [
    (
        "ai-escargot",
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    ),
    (
        "easter-monster",
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
    ),
    (
        "17-clue",
        "000000010400000000020000000000050407008000300001090000300400200050100000000806000",
    ),
];

// ---------------------------------------------------------------------------
// Word Search

/// Plain recursive Word Search with the engine's rules: the too-long and
/// inventory checks first, the reversal decision (first letter strictly more
/// common than the last), start cells row-major, neighbours up, right, down,
/// left, a node per entered cell, stop at the first path found. The answer
/// is the path as `row, col` bytes in the original word's order.
fn word_recursive(rows: usize, cols: usize, letters: &[u8], word: &[u8], reverse: bool) -> Outcome {
    struct Walk<'a> {
        rows: usize,
        cols: usize,
        letters: &'a [u8],
        searched: Vec<u8>,
        visited: Vec<bool>,
        path: Vec<usize>,
        nodes: u64,
    }

    impl Walk<'_> {
        fn enter(&mut self, cell: usize, index: usize) -> bool {
            self.nodes += 1;
            self.visited[cell] = true;
            self.path.push(cell);
            let mut found = index + 1 == self.searched.len();
            if !found {
                let (r, c) = (cell / self.cols, cell % self.cols);
                let neighbours = [
                    (r > 0).then(|| cell - self.cols),
                    (c + 1 < self.cols).then_some(cell + 1),
                    (r + 1 < self.rows).then(|| cell + self.cols),
                    (c > 0).then(|| cell - 1),
                ];
                for next in neighbours.into_iter().flatten() {
                    if !self.visited[next]
                        && self.letters[next] == self.searched[index + 1]
                        && self.enter(next, index + 1)
                    {
                        found = true;
                        break;
                    }
                }
            }
            if !found {
                self.path.pop();
            }
            self.visited[cell] = false;
            found
        }
    }

    let not_found = Outcome {
        solutions: 0,
        nodes: 0,
        answer: Vec::new(),
    };
    if word.is_empty() {
        return Outcome {
            solutions: 1,
            ..not_found
        };
    }
    if word.len() > letters.len() {
        return not_found;
    }
    let mut have = [0usize; 26];
    let mut need = [0usize; 26];
    letters.iter().for_each(|&l| have[(l - b'A') as usize] += 1);
    word.iter().for_each(|&l| need[(l - b'A') as usize] += 1);
    if need.iter().zip(&have).any(|(n, h)| n > h) {
        return not_found;
    }
    let count = |l: u8| have[(l - b'A') as usize];
    let reversed = reverse && count(word[0]) > count(word[word.len() - 1]);
    let mut searched = word.to_vec();
    if reversed {
        searched.reverse();
    }
    let mut walk = Walk {
        rows,
        cols,
        letters,
        searched,
        visited: vec![false; letters.len()],
        path: Vec::with_capacity(word.len()),
        nodes: 0,
    };
    for (start, &letter) in letters.iter().enumerate() {
        if letter == walk.searched[0] && walk.enter(start, 0) {
            if reversed {
                walk.path.reverse();
            }
            let answer = walk
                .path
                .iter()
                .flat_map(|&cell| [(cell / cols) as u8, (cell % cols) as u8])
                .collect();
            return Outcome {
                solutions: 1,
                nodes: walk.nodes,
                answer,
            };
        }
    }
    Outcome {
        nodes: walk.nodes,
        ..not_found
    }
}

fn word_iterator(board: &Board, word: &str, reverse: bool, rejects: bool) -> (Outcome, u64) {
    let options = WordOptions {
        inventory: true,
        reverse,
        rejects,
    };
    drain(WordSearch::new(board, word, options), |s| {
        s.found()
            .unwrap_or_default()
            .iter()
            .flat_map(|&(r, c)| [r, c])
            .collect()
    })
}

/// Recursive Word Search with every event of the engine, rejects included
/// (`WordSearch` with the inventory check and `rejects: true`): the
/// `too-long` or `inventory` rejects that end it before any cell, or the
/// start cells row-major, each cell a `place`, its neighbours up, right,
/// down, left each a `reject` (visited, then mismatch) or a `place` followed
/// by the child's events, `dead-end` when none was entered, then its `undo`;
/// the whole word is a `solution` and stops the search.
struct WordEvents<'a, F> {
    rows: usize,
    cols: usize,
    letters: &'a [u8],
    searched: Vec<u8>,
    reversed: bool,
    /// One bit per cell: the current path's cells.
    visited: [u64; 4],
    path: Vec<(u8, u8)>,
    found: Option<Vec<(u8, u8)>>,
    counters: Counters,
    visit: F,
}

impl<'a, F: FnMut(WordEvent)> WordEvents<'a, F> {
    fn run(
        rows: usize,
        cols: usize,
        letters: &'a [u8],
        word: &[u8],
        reverse: bool,
        visit: F,
    ) -> (Outcome, Counters) {
        let tally = |letters: &[u8]| {
            let mut counts = [0usize; 26];
            letters
                .iter()
                .for_each(|&l| counts[usize::from(l - b'A')] += 1);
            counts
        };
        let (have, need) = (tally(letters), tally(word));
        let reversed = reverse
            && !word.is_empty()
            && have[usize::from(word[0] - b'A')] > have[usize::from(word[word.len() - 1] - b'A')];
        let mut searched = word.to_vec();
        if reversed {
            searched.reverse();
        }
        let mut s = WordEvents {
            rows,
            cols,
            letters,
            searched,
            reversed,
            visited: [0; 4],
            path: Vec::with_capacity(word.len()),
            found: None,
            counters: Counters::default(),
            visit,
        };
        let mut decided = false;
        if word.is_empty() {
            s.counters.solutions = 1;
            s.found = Some(Vec::new());
            s.emit(WordEvent::Solution);
            decided = true;
        } else if word.len() > letters.len() {
            s.emit(WordEvent::TooLong {
                need: word.len() as u16,
                have: letters.len() as u16,
            });
            decided = true;
        } else {
            for (i, (&need, &have)) in need.iter().zip(&have).enumerate() {
                if need > have {
                    let letter = char::from(b'A' + i as u8);
                    let (need, have) = (need as u16, have as u16);
                    s.emit(WordEvent::Inventory { letter, need, have });
                    decided = true;
                }
            }
        }
        if !decided {
            let first = s.searched[0];
            for (start, &letter) in letters.iter().enumerate() {
                if letter == first {
                    let (row, col) = ((start / cols) as u8, (start % cols) as u8);
                    if s.enter(start, row, col) {
                        break;
                    }
                }
            }
        }
        let answer = s
            .found
            .as_deref()
            .unwrap_or_default()
            .iter()
            .flat_map(|&(r, c)| [r, c])
            .collect();
        let outcome = Outcome {
            solutions: s.counters.solutions,
            nodes: s.counters.nodes,
            answer,
        };
        (outcome, s.counters)
    }

    #[inline(always)]
    fn emit(&mut self, event: WordEvent) {
        record(&mut self.counters, event.kind());
        (self.visit)(event);
    }

    /// Enters `cell` as the next letter; returns true once the word is found.
    fn enter(&mut self, cell: usize, row: u8, col: u8) -> bool {
        let index = self.path.len();
        self.visited[cell / 64] |= 1 << (cell % 64);
        self.path.push((row, col));
        self.counters.nodes += 1;
        self.emit(WordEvent::Place {
            row,
            col,
            index: index as u8,
        });
        let found = if index + 1 == self.searched.len() {
            self.solution();
            true
        } else {
            let wanted = self.searched[index + 1];
            let (mut entered, mut found) = (false, false);
            for dir in 0..4 {
                let Some((r, c)) = step(row, col, dir, self.rows, self.cols) else {
                    continue;
                };
                let next = usize::from(r) * self.cols + usize::from(c);
                let reason = if self.visited[next / 64] >> (next % 64) & 1 == 1 {
                    Reason::Visited
                } else if self.letters[next] != wanted {
                    Reason::Mismatch
                } else {
                    entered = true;
                    if self.enter(next, r, c) {
                        found = true;
                        break;
                    }
                    continue;
                };
                self.emit(WordEvent::Reject {
                    row: r,
                    col: c,
                    index: (index + 1) as u8,
                    reason,
                });
            }
            if !entered {
                self.emit(WordEvent::DeadEnd { row, col });
            }
            found
        };
        self.path.pop();
        self.visited[cell / 64] &= !(1 << (cell % 64));
        self.emit(WordEvent::Undo { row, col });
        found
    }

    /// The whole word is on the path; rare, so kept out of line as in the
    /// engine.
    #[cold]
    #[inline(never)]
    fn solution(&mut self) {
        let mut path = self.path.clone();
        if self.reversed {
            path.reverse();
        }
        self.found = Some(path);
        self.counters.solutions = 1;
        self.emit(WordEvent::Solution);
    }
}

/// The neighbour of (`row`, `col`) in direction `dir` (up, right, down,
/// left) on a `rows`x`cols` board, as the engine steps.
#[inline]
fn step(row: u8, col: u8, dir: u8, rows: usize, cols: usize) -> Option<(u8, u8)> {
    let (r, c) = (usize::from(row), usize::from(col));
    match dir {
        0 => (r > 0).then(|| (row - 1, col)),
        1 => (c + 1 < cols).then(|| (row, col + 1)),
        2 => (r + 1 < rows).then(|| (row + 1, col)),
        _ => (c > 0).then(|| (row, col - 1)),
    }
}

fn word_recursive_events(
    rows: usize,
    cols: usize,
    letters: &[u8],
    word: &[u8],
    reverse: bool,
    visit: impl FnMut(WordEvent),
) -> (Outcome, Counters) {
    WordEvents::run(rows, cols, letters, word, reverse, visit)
}

fn word_engine(board: &Board, word: &str, reverse: bool) -> WordSearch {
    let options = WordOptions {
        inventory: true,
        reverse,
        rejects: true,
    };
    WordSearch::new(board, word, options)
}

// ---------------------------------------------------------------------------
// Rat in a Maze

/// Plain recursive Rat in a Maze: every simple path from the top-left to the
/// bottom-right cell, moves D, L, R, U; nodes are the cells entered (the
/// start included), the answer the first path's letters.
fn maze_recursive(grid: &Grid) -> Outcome {
    struct Walk<'a> {
        grid: &'a Grid,
        on: Vec<bool>,
        path: Vec<u8>,
        nodes: u64,
        paths: u64,
        first: Option<Vec<u8>>,
    }
    impl Walk<'_> {
        fn cell(&mut self, row: u8, col: u8) {
            self.nodes += 1;
            let (rows, cols) = (self.grid.rows(), self.grid.cols());
            if usize::from(row) + 1 == rows && usize::from(col) + 1 == cols {
                self.paths += 1;
                self.first.get_or_insert_with(|| self.path.clone());
                return;
            }
            let i = usize::from(row) * cols + usize::from(col);
            self.on[i] = true;
            for mv in Move::ALL {
                if let Some((r, c)) = mv.from(row, col, rows, cols) {
                    let j = usize::from(r) * cols + usize::from(c);
                    if self.grid.is_open(r.into(), c.into()) && !self.on[j] {
                        self.path.push(mv.letter() as u8);
                        self.cell(r, c);
                        self.path.pop();
                    }
                }
            }
            self.on[i] = false;
        }
    }
    let mut walk = Walk {
        grid,
        on: vec![false; grid.rows() * grid.cols()],
        path: Vec::new(),
        nodes: 0,
        paths: 0,
        first: None,
    };
    let goal_open = grid.is_open(grid.rows() - 1, grid.cols() - 1);
    if grid.is_open(0, 0) && goal_open {
        walk.cell(0, 0);
    }
    Outcome {
        solutions: walk.paths,
        nodes: walk.nodes,
        answer: walk.first.unwrap_or_default(),
    }
}

fn maze_iterator(grid: &Grid, rejects: bool) -> (Outcome, u64) {
    drain(Maze::new(grid, rejects), |s| {
        s.paths()
            .first()
            .map(|p| p.as_bytes().to_vec())
            .unwrap_or_default()
    })
}

/// Recursive Rat in a Maze with every event of the engine, rejects
/// included: the walls at the ends before any node, else the start's
/// `place`, at each cell the goal's `solution` or the moves D, L, R, U each
/// a `reject` (wall, visited) or a `place` and the child's events, a
/// `dead-end` when none was placed, then the cell's `undo`.
struct MazeEvents<'a, F> {
    grid: &'a Grid,
    visited: [u64; 4],
    path: Vec<u8>,
    first: Option<Vec<u8>>,
    counters: Counters,
    visit: F,
}

impl<'a, F: FnMut(MazeEvent)> MazeEvents<'a, F> {
    fn run(grid: &'a Grid, visit: F) -> (Outcome, Counters) {
        let mut s = MazeEvents {
            grid,
            visited: [0; 4],
            path: Vec::new(),
            first: None,
            counters: Counters::default(),
            visit,
        };
        let (rows, cols) = (grid.rows(), grid.cols());
        let wall = if !grid.is_open(0, 0) {
            Some((0, 0))
        } else if !grid.is_open(rows - 1, cols - 1) {
            Some((rows - 1, cols - 1))
        } else {
            None
        };
        match wall {
            Some((row, col)) => s.emit(MazeEvent::Reject {
                row: row as u8,
                col: col as u8,
                mv: None,
                reason: MazeReason::Wall,
            }),
            None => s.cell(0, 0, None),
        }
        let outcome = Outcome {
            solutions: s.counters.solutions,
            nodes: s.counters.nodes,
            answer: s.first.take().unwrap_or_default(),
        };
        (outcome, s.counters)
    }

    #[inline(always)]
    fn emit(&mut self, event: MazeEvent) {
        record(&mut self.counters, event.kind());
        (self.visit)(event);
    }

    fn cell(&mut self, row: u8, col: u8, mv: Option<Move>) {
        let (rows, cols) = (self.grid.rows(), self.grid.cols());
        let i = usize::from(row) * cols + usize::from(col);
        self.visited[i / 64] |= 1 << (i % 64);
        self.counters.nodes += 1;
        self.emit(MazeEvent::Place { row, col, mv });
        if usize::from(row) + 1 == rows && usize::from(col) + 1 == cols {
            self.counters.solutions += 1;
            if self.first.is_none() {
                self.first = Some(self.path.clone());
            }
            self.emit(MazeEvent::Solution);
        } else {
            let mut placed = false;
            for mv in Move::ALL {
                let Some((r, c)) = mv.from(row, col, rows, cols) else {
                    continue;
                };
                let j = usize::from(r) * cols + usize::from(c);
                let reason = if !self.grid.is_open(r.into(), c.into()) {
                    MazeReason::Wall
                } else if self.visited[j / 64] >> (j % 64) & 1 == 1 {
                    MazeReason::Visited
                } else {
                    placed = true;
                    self.path.push(mv.letter() as u8);
                    self.cell(r, c, Some(mv));
                    self.path.pop();
                    continue;
                };
                self.emit(MazeEvent::Reject {
                    row: r,
                    col: c,
                    mv: Some(mv),
                    reason,
                });
            }
            if !placed {
                self.emit(MazeEvent::DeadEnd { row, col });
            }
        }
        self.visited[i / 64] &= !(1 << (i % 64));
        self.emit(MazeEvent::Undo { row, col });
    }
}

fn maze_recursive_events(grid: &Grid, visit: impl FnMut(MazeEvent)) -> (Outcome, Counters) {
    MazeEvents::run(grid, visit)
}

// ---------------------------------------------------------------------------
// Graph colouring

/// Plain recursive m-colouring: vertices in order, colours ascending; nodes
/// are the root and every colour placed; the answer the first colouring.
/// Without `all` it stops at the first colouring.
fn colour_recursive(graph: &Graph, m: u8, all: bool) -> Outcome {
    fn node(
        graph: &Graph,
        m: u8,
        all: bool,
        colours: &mut Vec<u8>,
        out: &mut Outcome,
        first: &mut Option<Vec<u8>>,
    ) -> bool {
        let u = colours.len();
        if u == graph.vertices() {
            out.solutions += 1;
            first.get_or_insert_with(|| colours.clone());
            return !all;
        }
        let adjacent = graph.neighbours(u);
        for k in 1..=m {
            let clash = (0..u).any(|w| adjacent >> w & 1 == 1 && colours[w] == k);
            if !clash {
                out.nodes += 1;
                colours.push(k);
                let stop = node(graph, m, all, colours, out, first);
                colours.pop();
                if stop {
                    return true;
                }
            }
        }
        false
    }
    let mut out = Outcome {
        solutions: 0,
        nodes: 1,
        answer: Vec::new(),
    };
    let mut first = None;
    node(graph, m, all, &mut Vec::new(), &mut out, &mut first);
    out.answer = first.unwrap_or_default();
    out
}

fn colour_options(m: u8, all: bool, rejects: bool) -> ColourOptions {
    ColourOptions { m, all, rejects }
}

fn colour_iterator(graph: &Graph, m: u8, all: bool, rejects: bool) -> (Outcome, u64) {
    drain(Colour::new(graph, colour_options(m, all, rejects)), |s| {
        s.first().unwrap_or_default().to_vec()
    })
}

/// Recursive m-colouring with every event of the engine, rejects included:
/// at each node a `solution` once every vertex is coloured (which, without
/// `all`, stops the search: the open places are undone on the way out), or
/// the colours ascending each a `reject` naming the neighbours that hold it
/// or a `place`, the child's events and the `undo`; a `dead-end` when none
/// was placed.
struct ColourEvents<'a, F> {
    graph: &'a Graph,
    m: u8,
    all: bool,
    colours: Vec<u8>,
    classes: [u32; 10],
    first: Option<Vec<u8>>,
    counters: Counters,
    visit: F,
}

impl<'a, F: FnMut(ColourEvent)> ColourEvents<'a, F> {
    fn run(graph: &'a Graph, m: u8, all: bool, visit: F) -> (Outcome, Counters) {
        let mut s = ColourEvents {
            graph,
            m,
            all,
            colours: vec![0; graph.vertices()],
            classes: [0; 10],
            first: None,
            counters: Counters {
                nodes: 1,
                ..Counters::default()
            },
            visit,
        };
        s.node(0);
        let outcome = Outcome {
            solutions: s.counters.solutions,
            nodes: s.counters.nodes,
            answer: s.first.take().unwrap_or_default(),
        };
        (outcome, s.counters)
    }

    #[inline(always)]
    fn emit(&mut self, event: ColourEvent) {
        record(&mut self.counters, event.kind());
        (self.visit)(event);
    }

    /// Decides vertex `u`; returns true when the search stops.
    fn node(&mut self, u: usize) -> bool {
        if u == self.graph.vertices() {
            self.counters.solutions += 1;
            if self.first.is_none() {
                self.first = Some(self.colours.clone());
            }
            self.emit(ColourEvent::Solution);
            return !self.all;
        }
        let adjacent = self.graph.neighbours(u);
        let mut placed = false;
        for k in 1..=self.m {
            let by = self.classes[usize::from(k)] & adjacent;
            if by != 0 {
                self.emit(ColourEvent::Reject {
                    vertex: u as u8,
                    colour: k,
                    by,
                });
                continue;
            }
            placed = true;
            self.colours[u] = k;
            self.classes[usize::from(k)] |= 1 << u;
            self.counters.nodes += 1;
            self.emit(ColourEvent::Place {
                vertex: u as u8,
                colour: k,
            });
            let stop = self.node(u + 1);
            self.colours[u] = 0;
            self.classes[usize::from(k)] &= !(1 << u);
            self.emit(ColourEvent::Undo {
                vertex: u as u8,
                colour: k,
            });
            if stop {
                return true;
            }
        }
        if !placed {
            self.emit(ColourEvent::DeadEnd { vertex: u as u8 });
        }
        false
    }
}

fn colour_recursive_events(
    graph: &Graph,
    m: u8,
    all: bool,
    visit: impl FnMut(ColourEvent),
) -> (Outcome, Counters) {
    ColourEvents::run(graph, m, all, visit)
}

// ---------------------------------------------------------------------------
// The cases

type Run = Box<dyn Fn() -> Outcome>;
type Events = Box<dyn Fn() -> (Outcome, u64)>;

/// One benchmark case: the recursive baseline, the engine with rejects off
/// and on, and the recursive solver with the engine's every event.
struct Case {
    name: String,
    recursive: Run,
    events_off: Events,
    every_event: Events,
    /// Dropping every event, as `drain` does: the timed variant.
    recursive_events: Events,
    /// Compares its events with the engine's one by one (see
    /// `same_events_lockstep`); returns the number of events.
    same_events: Box<dyn Fn() -> u64>,
}

fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for n in [12u8, 13] {
        for symmetry in [false, true] {
            let mode = if symmetry { "symmetry" } else { "full" };
            cases.push(Case {
                name: format!("queens-{n}-{mode}"),
                recursive: Box::new(move || queens_recursive(u32::from(n), symmetry)),
                events_off: Box::new(move || queens_iterator(n, symmetry, false)),
                every_event: Box::new(move || queens_iterator(n, symmetry, true)),
                recursive_events: Box::new(move || {
                    with_steps(queens_recursive_events(n, symmetry, drop))
                }),
                same_events: Box::new(move || {
                    streams::same_events_lockstep(
                        &format!("queens-{n}-{mode}"),
                        queens_engine(n, symmetry),
                        |v| queens_recursive_events(n, symmetry, v).1,
                    )
                }),
            });
        }
    }

    let inkala = sudoku_puzzles().remove(0).1;
    for order in [Order::Mrv, Order::First] {
        let (a, b, c) = (inkala.clone(), inkala.clone(), inkala.clone());
        let (d, e) = (inkala.clone(), inkala.clone());
        cases.push(Case {
            name: format!("sudoku-inkala-{}", order.name()),
            recursive: Box::new(move || SudokuRecursive::run(&a, order)),
            events_off: Box::new(move || sudoku_iterator(&b, order, false)),
            every_event: Box::new(move || sudoku_iterator(&c, order, true)),
            recursive_events: Box::new(move || {
                with_steps(sudoku_recursive_events(&d, order, drop))
            }),
            same_events: Box::new(move || {
                streams::same_events_lockstep("inkala", sudoku_engine(&e, order), |v| {
                    sudoku_recursive_events(&e, order, v).1
                })
            }),
        });
    }

    // `--order propagate` on inkala and the hard puzzles, each beside `mrv`
    // on the same puzzle (inkala's `mrv` case is above), so that the
    // summary can set propagate's nodes and time against mrv's.
    for (name, puzzle) in sudoku_puzzles() {
        if name != "inkala" {
            let (a, b, c, d, e) = (
                puzzle.clone(),
                puzzle.clone(),
                puzzle.clone(),
                puzzle.clone(),
                puzzle.clone(),
            );
            let label = format!("sudoku-{name}-mrv");
            cases.push(Case {
                name: label.clone(),
                recursive: Box::new(move || SudokuRecursive::run(&a, Order::Mrv)),
                events_off: Box::new(move || sudoku_iterator(&b, Order::Mrv, false)),
                every_event: Box::new(move || sudoku_iterator(&c, Order::Mrv, true)),
                recursive_events: Box::new(move || {
                    with_steps(sudoku_recursive_events(&d, Order::Mrv, drop))
                }),
                same_events: Box::new(move || {
                    streams::same_events_lockstep(&label, sudoku_engine(&e, Order::Mrv), |v| {
                        sudoku_recursive_events(&e, Order::Mrv, v).1
                    })
                }),
            });
        }
        let (a, b, c, d, e) = (
            puzzle.clone(),
            puzzle.clone(),
            puzzle.clone(),
            puzzle.clone(),
            puzzle,
        );
        let label = format!("sudoku-{name}-propagate");
        cases.push(Case {
            name: label.clone(),
            // No counting solver of its own: the recursion with rejects off.
            recursive: Box::new(move || propagate_recursive_events(&a, false, drop).0),
            events_off: Box::new(move || propagate_iterator(&b, false)),
            every_event: Box::new(move || propagate_iterator(&c, true)),
            recursive_events: Box::new(move || {
                with_steps(propagate_recursive_events(&d, true, drop))
            }),
            same_events: Box::new(move || {
                streams::same_events_lockstep(&label, propagate_engine(&e, true), |v| {
                    propagate_recursive_events(&e, true, v).1
                })
            }),
        });
    }

    // A 6x6 board of A with one B in the bottom-right corner. Reversal makes
    // both words below start from the lone B (12 nodes); the third case
    // switches reversal off to show the search it saves.
    let lines = ["AAAAAA", "AAAAAA", "AAAAAA", "AAAAAA", "AAAAAA", "AAAAAB"];
    let board = Board::new(&lines).expect("a valid board");
    let letters: Vec<u8> = lines.concat().into_bytes();
    for (word, reverse, label) in [
        ("AAAAAAAAAAAB", true, "AAAAAAAAAAAB"),
        ("BAAAAAAAAAAA", true, "BAAAAAAAAAAA"),
        ("AAAAAAAAAAAB", false, "AAAAAAAAAAAB-no-reverse"),
    ] {
        let word = parse_word(word).expect("a valid word");
        let (b1, b2, b3) = (board.clone(), board.clone(), board.clone());
        let (w1, w2, w3, w4) = (word.clone(), word.clone(), word.clone(), word.clone());
        let (l1, l2, l3) = (letters.clone(), letters.clone(), letters.clone());
        cases.push(Case {
            name: format!("word-{label}"),
            recursive: Box::new(move || word_recursive(6, 6, &l1, word.as_bytes(), reverse)),
            events_off: Box::new(move || word_iterator(&b1, &w1, reverse, false)),
            every_event: Box::new(move || word_iterator(&b2, &w2, reverse, true)),
            recursive_events: Box::new(move || {
                with_steps(word_recursive_events(
                    6,
                    6,
                    &l2,
                    w3.as_bytes(),
                    reverse,
                    drop,
                ))
            }),
            same_events: Box::new(move || {
                streams::same_events_lockstep(&w4, word_engine(&b3, &w4, reverse), |v| {
                    word_recursive_events(6, 6, &l3, w4.as_bytes(), reverse, v).1
                })
            }),
        });
    }

    // Rat in a Maze: a 5x6 maze with every cell open (all the simple
    // corner-to-corner paths) and one with a few walls.
    for (label, rows) in [
        ("maze-5x6-open", "111111,111111,111111,111111,111111"),
        (
            "maze-6x6-walls",
            "111011,110111,111111,101101,111111,111011",
        ),
    ] {
        let grid = backstep::input::maze::parse_list(rows).expect("a valid maze");
        let (g1, g2, g3, g4, g5) = (
            grid.clone(),
            grid.clone(),
            grid.clone(),
            grid.clone(),
            grid.clone(),
        );
        let label = label.to_string();
        cases.push(Case {
            name: label.clone(),
            recursive: Box::new(move || maze_recursive(&g1)),
            events_off: Box::new(move || maze_iterator(&g2, false)),
            every_event: Box::new(move || maze_iterator(&g3, true)),
            recursive_events: Box::new(move || with_steps(maze_recursive_events(&g4, drop))),
            same_events: Box::new(move || {
                streams::same_events_lockstep(&label, Maze::new(&g5, true), |v| {
                    maze_recursive_events(&g5, v).1
                })
            }),
        });
    }

    // Graph colouring: every 4-colouring of myciel3, every 3-colouring of
    // the Petersen graph.
    for (name, m) in [("myciel3", 4u8), ("petersen", 3)] {
        let graph = backstep::input::colour::load_graph(name)
            .expect("a shipped graph")
            .value;
        let (g1, g2, g3, g4, g5) = (
            graph.clone(),
            graph.clone(),
            graph.clone(),
            graph.clone(),
            graph.clone(),
        );
        let label = format!("colour-{name}-m{m}-all");
        cases.push(Case {
            name: label.clone(),
            recursive: Box::new(move || colour_recursive(&g1, m, true)),
            events_off: Box::new(move || colour_iterator(&g2, m, true, false)),
            every_event: Box::new(move || colour_iterator(&g3, m, true, true)),
            recursive_events: Box::new(move || {
                with_steps(colour_recursive_events(&g4, m, true, drop))
            }),
            same_events: Box::new(move || {
                let engine = Colour::new(&g5, colour_options(m, true, true));
                streams::same_events_lockstep(&label, engine, |v| {
                    colour_recursive_events(&g5, m, true, v).1
                })
            }),
        });
    }
    cases
}

/// The engine and the baselines must agree before anything is timed:
/// outcomes, and the recursive solver with events must yield exactly the
/// engine's stream. Returns the event counts with rejects off and on.
fn check(case: &Case) -> (Outcome, u64, u64) {
    let expected = (case.recursive)();
    let (off, off_events) = (case.events_off)();
    let (all, all_events) = (case.every_event)();
    let (same, same_events) = (case.recursive_events)();
    assert_eq!(
        same, expected,
        "{}: recursive with events vs recursive",
        case.name
    );
    assert_eq!(same_events, all_events, "{}: event counts", case.name);
    assert_eq!(
        (case.same_events)(),
        all_events,
        "{}: events compared",
        case.name
    );
    assert_eq!(
        off, expected,
        "{}: engine (rejects off) vs recursive",
        case.name
    );
    assert_eq!(
        all, expected,
        "{}: engine (every event) vs recursive",
        case.name
    );
    (expected, off_events, all_events)
}

// ---------------------------------------------------------------------------
// The event-stream checks
//
// They drive the engine event by event outside `drain`. They live in a
// module of their own so that the compiler puts them in another codegen
// unit than the timed code: with them beside `drain`, the engine's
// `#[inline]` helpers (Sudoku's `enter`, say) got more than one caller in
// that unit, were no longer inlined into the timed loop, and the engine's
// own columns came out slower (Sudoku `first` events off 24 -> 31 ms).

mod streams {
    use super::*;

    /// Asserts that `produce` (a recursive solver with events, given a callback)
    /// yields exactly the events of `engine`, collected on both sides and
    /// compared as vectors, and leaves the same counters.
    pub(super) fn same_events_collected<S: Search>(
        name: &str,
        mut engine: S,
        produce: impl FnOnce(&mut dyn FnMut(S::Event)) -> Counters,
    ) {
        let mut events = Vec::new();
        let counters = produce(&mut |event| events.push(event));
        let expected: Vec<S::Event> = engine.by_ref().collect();
        assert_eq!(
            events, expected,
            "{name}: recursive events vs engine events"
        );
        // The recursions count no work (`Counters::work`): all else must agree.
        let mut counted = *engine.counters();
        counted.work = 0;
        assert_eq!(counters, counted, "{name}: counters");
    }

    /// The same check without storing the streams, for the timed cases (tens
    /// of millions of events): each event the recursive solver hands to its
    /// callback is compared with the engine's next one. Returns the number of
    /// events.
    pub(super) fn same_events_lockstep<S: Search>(
        name: &str,
        mut engine: S,
        produce: impl FnOnce(&mut dyn FnMut(S::Event)) -> Counters,
    ) -> u64 {
        let mut k = 0u64;
        let counters = produce(&mut |event| {
            let expected = engine.next();
            if expected.as_ref() != Some(&event) {
                panic!("{name}: event {k}: recursive {event:?}, engine {expected:?}");
            }
            k += 1;
        });
        assert!(
            engine.next().is_none(),
            "{name}: the engine goes on after the recursive solver's {k} events"
        );
        // The recursions count no work (`Counters::work`): all else must agree.
        let mut counted = *engine.counters();
        counted.work = 0;
        assert_eq!(counters, counted, "{name}: counters");
        assert_eq!(counters.steps, k, "{name}: events counted");
        k
    }

    /// Small inputs whose whole streams are collected on both sides and
    /// compared: N-Queens 0 to 8, every shipped Sudoku but `inkala` (a timed
    /// case) and an empty 9x9 in both orders and with propagation (rejects
    /// on and off), Word Search on the sample board
    /// and a 3x6 board of A with one B, found and not found, with and without
    /// reversal, and the words that end before any cell.
    pub(super) fn check_small_streams() {
        for n in 0..=8 {
            for symmetry in [false, true] {
                let name = format!("queens {n} symmetry {symmetry}");
                same_events_collected(&name, queens_engine(n, symmetry), |v| {
                    queens_recursive_events(n, symmetry, v).1
                });
            }
        }

        let mut puzzles: Vec<(String, Puzzle)> = backstep::assets::SUDOKU
            .iter()
            .filter(|asset| asset.name != "inkala")
            .map(|asset| {
                let puzzle = backstep::input::load_puzzle(asset.name)
                    .expect("a shipped puzzle")
                    .value;
                (asset.name.to_string(), puzzle)
            })
            .collect();
        puzzles.push((
            "empty 9x9".to_string(),
            Puzzle::new(vec![0; 81]).expect("an empty grid is valid"),
        ));
        for (name, puzzle) in &puzzles {
            for order in [Order::Mrv, Order::First] {
                let name = format!("sudoku {name} {}", order.name());
                same_events_collected(&name, sudoku_engine(puzzle, order), |v| {
                    sudoku_recursive_events(puzzle, order, v).1
                });
            }
            for rejects in [true, false] {
                let name = format!("sudoku {name} propagate, rejects {rejects}");
                same_events_collected(&name, propagate_engine(puzzle, rejects), |v| {
                    propagate_recursive_events(puzzle, rejects, v).1
                });
                let outcome = propagate_iterator(puzzle, rejects).0;
                assert_eq!(
                    outcome,
                    propagate_recursive_events(puzzle, rejects, drop).0,
                    "{name}"
                );
            }
        }

        let boards: [(&[&str], &[&str]); 2] = [
            (
                &["ABCE", "SFCS", "ADEE"],
                &[
                    "ABCCED",
                    "SEE",
                    "ABCB",
                    "ESCE",
                    "DEE",
                    "",
                    "Z",
                    "ABCESCEESEEDA",
                ],
            ),
            (
                &["AAAAAA", "AAAAAA", "AAAAAB"],
                &[
                    "AAAAB",
                    "BAAAA",
                    "AAAAAAAAAAB",
                    "AABB",
                    "AAAAAAAAAAAAAAAAAB",
                ],
            ),
        ];
        for (lines, words) in boards {
            let board = Board::new(lines).expect("a valid board");
            let letters: Vec<u8> = lines.concat().into_bytes();
            for word in words {
                let word = parse_word(word).expect("a valid word");
                for reverse in [true, false] {
                    let name = format!("word {word:?} on {lines:?}, reverse {reverse}");
                    let (rows, cols) = (board.rows(), board.cols());
                    same_events_collected(&name, word_engine(&board, &word, reverse), |v| {
                        word_recursive_events(rows, cols, &letters, word.as_bytes(), reverse, v).1
                    });
                }
            }
        }

        let mazes = [
            "1000,1101,1100,0111",
            "1",
            "01,11",
            "11,10",
            "1111,1111,1111,1111",
            "110,011,101",
        ];
        for rows in mazes {
            let grid = backstep::input::maze::parse_list(rows).expect("a valid maze");
            same_events_collected(&format!("maze {rows}"), Maze::new(&grid, true), |v| {
                maze_recursive_events(&grid, v).1
            });
            assert_eq!(
                maze_iterator(&grid, true).0,
                maze_recursive(&grid),
                "maze {rows}"
            );
        }

        let graphs = [
            (4, "0-1,1-3,2-3,3-0,0-2"),
            (0, ""),
            (3, ""),
            (5, "0-1,1-2,2-3,3-4,4-0"),
            (6, "0-1,0-2,1-2,2-3,3-4,4-5,5-3,0-5"),
        ];
        for (v, edges) in graphs {
            let graph =
                backstep::input::colour::parse_edges(edges, Some(v)).expect("a valid graph");
            for m in 1..=4 {
                for all in [false, true] {
                    let name = format!("colour V={v} {edges} m={m} all={all}");
                    let engine = Colour::new(&graph, colour_options(m, all, true));
                    same_events_collected(&name, engine, |v| {
                        colour_recursive_events(&graph, m, all, v).1
                    });
                    assert_eq!(
                        colour_iterator(&graph, m, all, true).0,
                        colour_recursive(&graph, m, all),
                        "{name}"
                    );
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// The ratio summary

/// Times `f` over a batch of `iters` calls; returns the time per call.
fn per_call<T>(iters: u32, f: &dyn Fn() -> T) -> Duration {
    let start = Instant::now();
    for _ in 0..iters {
        black_box(f());
    }
    start.elapsed() / iters
}

/// The best of the rounds: other work on the machine only ever adds time,
/// so the fastest round is the closest to the code's own cost.
fn best(times: Vec<Duration>) -> Duration {
    times.into_iter().min().unwrap_or_default()
}

fn show(d: Duration) -> String {
    let ns = d.as_nanos() as f64;
    if ns >= 1e6 {
        format!("{:.2} ms", ns / 1e6)
    } else if ns >= 1e3 {
        format!("{:.2} µs", ns / 1e3)
    } else {
        format!("{ns:.0} ns")
    }
}

/// Times the four variants of every case interleaved, round by round, so
/// that a slow spell of the machine hits all alike, and prints the best time
/// of each, the ratios of the engine to the counting recursive solver
/// (information only) and the target: the ratio of the engine with every
/// event to the recursive solver yielding the same events.
fn summary(cases: &[Case], checked: &[(Outcome, u64, u64)]) {
    const ROUNDS: usize = 9;
    // Each timed batch lasts about this long, so short cases are measured
    // over many calls.
    const BATCH: Duration = Duration::from_millis(40);
    println!();
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "Ratio summary: best of {ROUNDS} interleaved rounds, each a batch of about 40 ms or one run (load average {})",
        load.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    );
    println!(
        "| case | nodes | events off / every | recursive | events off | ratio | every event | ratio | recursive, same events | every event / recursive with the same events |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut missed = Vec::new();
    let mut above_aim = Vec::new();
    let filter = std::env::var("BACKSTEP_SUMMARY_FILTER").unwrap_or_default();
    // name -> (nodes, every event, events off), for propagate against mrv.
    let mut timed: Vec<(&str, u64, Duration, Duration)> = Vec::new();
    for (case, checked) in cases
        .iter()
        .zip(checked)
        .filter(|(c, _)| c.name.contains(&filter))
    {
        let (outcome, off_events, all_events) = checked;
        let variants: [&dyn Fn() -> Outcome; 4] = [
            &|| (case.recursive)(),
            &|| (case.events_off)().0,
            &|| (case.every_event)().0,
            &|| (case.recursive_events)().0,
        ];
        // One call each to size the batches.
        let iters: Vec<u32> = variants
            .iter()
            .map(|f| {
                let once = per_call(1, f).max(Duration::from_nanos(1));
                (BATCH.as_nanos() / once.as_nanos()).clamp(1, 1_000_000) as u32
            })
            .collect();
        let mut times = vec![Vec::new(); variants.len()];
        for _ in 0..ROUNDS {
            for (k, f) in variants.iter().enumerate() {
                times[k].push(per_call(iters[k], f));
            }
        }
        let [base, off, all, same]: [Duration; 4] = times
            .into_iter()
            .map(best)
            .collect::<Vec<_>>()
            .try_into()
            .expect("four variants");
        let off_ratio = off.as_secs_f64() / base.as_secs_f64();
        let all_ratio = all.as_secs_f64() / base.as_secs_f64();
        // No target: this ratio only isolates the cost of resumability.
        let same_ratio = all.as_secs_f64() / same.as_secs_f64();
        // The target: the cost of resumability alone, both sides yielding
        // the same events. The ratios against the counting solver are
        // information only.
        if same_ratio > 2.0 {
            missed.push(format!(
                "{} every event / recursive with the same events {same_ratio:.2}x > 2x",
                case.name
            ));
        } else if same_ratio > 1.5 {
            above_aim.push(format!("{} {same_ratio:.2}x", case.name));
        }
        timed.push((&case.name, outcome.nodes, all, off));
        println!(
            "| {} | {} | {off_events} / {all_events} | {} | {} | {off_ratio:.2}x | {} | {all_ratio:.2}x | {} | {same_ratio:.2}x |",
            case.name,
            outcome.nodes,
            show(base),
            show(off),
            show(all),
            show(same),
        );
    }
    if missed.is_empty() {
        println!(
            "\nTarget met: every event within 2x of the recursive solver with the same events."
        );
    } else {
        println!("\nTarget missed: {}", missed.join("; "));
    }
    if !above_aim.is_empty() {
        println!("Above the 1.5x aim: {}", above_aim.join("; "));
    }
    println!(
        "(The target is the last column: the engine with every event against a recursive solver yielding the same events through a callback, which isolates the cost of resumability. The ratios against the counting `recursive` solver, which yields no events, are information only.)"
    );
    propagate_against_mrv(&timed);
}

/// Sets each `sudoku-<puzzle>-propagate` case timed by the summary against
/// `sudoku-<puzzle>-mrv` from the same run: nodes (guesses) and the best
/// times, every event and events off.
fn propagate_against_mrv(timed: &[(&str, u64, Duration, Duration)]) {
    let puzzles = sudoku_puzzles();
    let mut rows = Vec::new();
    for &(name, nodes, all, off) in timed {
        let Some(puzzle) = name
            .strip_prefix("sudoku-")
            .and_then(|n| n.strip_suffix("-propagate"))
        else {
            continue;
        };
        let mrv_name = format!("sudoku-{puzzle}-mrv");
        let Some(&(_, mrv_nodes, mrv_all, mrv_off)) = timed.iter().find(|t| t.0 == mrv_name) else {
            continue;
        };
        let forced = puzzles
            .iter()
            .find(|(n, _)| n == puzzle)
            .map(|(_, p)| {
                let mut search = propagate_engine(p, true);
                search.by_ref().for_each(drop);
                search.forced()
            })
            .unwrap_or_default();
        rows.push(format!(
            "| {puzzle} | {mrv_nodes} | {nodes} | {forced} | {:.4}x | {} | {} | {:.2}x | {} | {} | {:.2}x |",
            nodes as f64 / mrv_nodes as f64,
            show(mrv_all),
            show(all),
            all.as_secs_f64() / mrv_all.as_secs_f64(),
            show(mrv_off),
            show(off),
            off.as_secs_f64() / mrv_off.as_secs_f64(),
        ));
    }
    if rows.is_empty() {
        return;
    }
    println!(
        "\nPropagate against mrv, same run (nodes are guesses; times are the best rounds above):"
    );
    println!(
        "| puzzle | mrv nodes | propagate nodes | forced places | nodes propagate / mrv | mrv every event | propagate every event | time propagate / mrv | mrv events off | propagate events off | time propagate / mrv |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for row in rows {
        println!("{row}");
    }
}

/// Runs one variant of one case once, with no check and no timing, for an
/// instruction profile: `BACKSTEP_PROFILE=queens-12-full:every-event
/// valgrind --tool=callgrind <bench binary> --bench`. The variants are
/// `recursive`, `events-off`, `every-event` and `recursive-every-event`.
fn profile(cases: &[Case], spec: &str) {
    let (name, variant) = spec.split_once(':').unwrap_or((spec, "every-event"));
    let case = cases
        .iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("BACKSTEP_PROFILE: no case {name:?}"));
    let events = match variant {
        "recursive" => black_box((case.recursive)()).nodes,
        "events-off" => black_box((case.events_off)()).1,
        "every-event" => black_box((case.every_event)()).1,
        "recursive-every-event" => black_box((case.recursive_events)()).1,
        other => panic!("BACKSTEP_PROFILE: no variant {other:?}"),
    };
    println!("{name} {variant}: {events}");
}

fn main() {
    if let Ok(spec) = std::env::var("BACKSTEP_PROFILE") {
        return profile(&cases(), &spec);
    }
    streams::check_small_streams();
    // The filter also skips the other cases' checks and criterion runs.
    let filter = std::env::var("BACKSTEP_SUMMARY_FILTER").unwrap_or_default();
    let cases: Vec<Case> = cases()
        .into_iter()
        .filter(|c| c.name.contains(&filter))
        .collect();
    let checked: Vec<_> = cases.iter().map(check).collect();

    let args: Vec<String> = std::env::args().collect();
    let benchmarking =
        args.iter().any(|a| a == "--bench") && !args.iter().any(|a| a == "--test" || a == "--list");
    let summary_only = std::env::var_os("BACKSTEP_SUMMARY_ONLY").is_some();

    if !(benchmarking && summary_only) {
        // Short windows keep `cargo bench` to a few minutes on two cores;
        // the flat sampling mode lets a case that takes a third of a second
        // per run still fit ten samples.
        let mut c = Criterion::default()
            .sample_size(10)
            .warm_up_time(Duration::from_millis(300))
            .measurement_time(Duration::from_secs(1))
            .configure_from_args();
        for case in &cases {
            let mut group = c.benchmark_group(&case.name);
            group.sampling_mode(SamplingMode::Flat);
            group.bench_function("recursive", |b| b.iter(|| (case.recursive)()));
            group.bench_function("events-off", |b| b.iter(|| (case.events_off)()));
            group.bench_function("every-event", |b| b.iter(|| (case.every_event)()));
            group.bench_function("recursive-every-event", |b| {
                b.iter(|| (case.recursive_events)())
            });
            group.finish();
        }
        c.final_summary();
    }

    if benchmarking {
        summary(&cases, &checked);
    }
}
