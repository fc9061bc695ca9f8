//! Rat in a Maze: every path from the top-left cell to the bottom-right one
//! through open cells, each cell at most once per path, written as strings
//! of the moves `D`, `L`, `R`, `U` (EVENTS.md §2).
//!
//! The algorithm (the names in bold are the variants of [`Step`]; a cell on
//! the path is in phase `Enter` for step 2, `Scan` for steps 3 and 4,
//! `Leave` for step 5):
//!
//! 1. Before any search: the start a wall, or else the goal a wall, is
//!    rejected (**`StartWall`**, **`GoalWall`**) and the search ends with no
//!    node. Otherwise the start is entered with `place` and the move `""`
//!    (**`Start`**).
//! 2. At a cell: the goal is a path found (**`Solution`**); the node ends.
//! 3. Otherwise try the moves D, L, R, U in that order (so the paths come
//!    out sorted): off the grid makes no event; a wall is rejected
//!    (**`Wall`**); a cell on the current path is rejected (**`Visited`**);
//!    any other cell is entered with **`Place`** (step 2).
//! 4. If no move was placed, yield **`DeadEnd`**.
//! 5. Leave the cell: yield **`Undo`** and clear its visited mark.
//!
//! Every path is counted; the search never stops early on its own. A caller
//! that stops it (a node budget) calls [`Maze::close`], after which every
//! open cell goes straight to step 5, deepest first (**`Close`**).
//!
//! Invariants, checked with `debug_assert!` on every place and undo: one
//! frame per open place, and the visited set equals the path's cells.

use std::marker::PhantomData;

use super::{Budget, Counters, EventKind, Phase, Search, SearchEvent};

/// How a [`Maze`] marks its cells: the correct rules ([`Correct`]) or the
/// bug lab's `no-mark`. Constants, so the correct search compiles to the
/// same code as before.
pub trait Rules: Clone + Copy + std::fmt::Debug + Default + Send + Sync + 'static {
    /// The bug's name (`--bug NAME`), `None` for the correct search.
    const BUG: Option<&'static str> = None;
    /// Whether an entered cell is marked visited (step 2).
    const MARK: bool = true;
}

/// The search as the module's opening comment states it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Correct;

impl Rules for Correct {}

/// Bug `no-mark`: cells are never marked visited, so the rat steps back
/// and forth between two open cells and the walk never ends: only a node
/// budget stops it.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoMark;

impl Rules for NoMark {
    const BUG: Option<&'static str> = Some("no-mark");
    const MARK: bool = false;
}

/// The node budget a bug whose walk never ends gets when `--max-nodes` is
/// not given.
pub const BUG_BUDGET: u64 = 1000;

/// The largest maze side.
pub const MAX_SIDE: usize = 16;

/// How many paths the search keeps (the summary prints at most this many;
/// the count goes on).
pub const KEPT_PATHS: usize = 20;

/// A move, in the order the search tries them (letter order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Down: row + 1.
    D,
    /// Left: column - 1.
    L,
    /// Right: column + 1.
    R,
    /// Up: row - 1.
    U,
}

impl Move {
    /// The moves in search order.
    pub const ALL: [Move; 4] = [Move::D, Move::L, Move::R, Move::U];

    /// The move's letter.
    pub fn letter(self) -> char {
        match self {
            Move::D => 'D',
            Move::L => 'L',
            Move::R => 'R',
            Move::U => 'U',
        }
    }

    /// The move's letter as a string, for JSON.
    pub fn name(self) -> &'static str {
        match self {
            Move::D => "D",
            Move::L => "L",
            Move::R => "R",
            Move::U => "U",
        }
    }

    /// The move in words.
    pub fn words(self) -> &'static str {
        match self {
            Move::D => "down",
            Move::L => "left",
            Move::R => "right",
            Move::U => "up",
        }
    }

    /// The cell this move leads to from (`row`, `col`) on a `rows`×`cols`
    /// grid, if it is on the grid.
    #[inline]
    pub fn from(self, row: u8, col: u8, rows: usize, cols: usize) -> Option<(u8, u8)> {
        let (r, c) = (usize::from(row), usize::from(col));
        match self {
            Move::D => (r + 1 < rows).then(|| (row + 1, col)),
            Move::L => (c > 0).then(|| (row, col - 1)),
            Move::R => (c + 1 < cols).then(|| (row, col + 1)),
            Move::U => (r > 0).then(|| (row - 1, col)),
        }
    }
}

/// Why a move is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The cell is a wall.
    Wall,
    /// The cell is on the current path.
    Visited,
}

impl Reason {
    /// The name used in JSON lines.
    pub fn name(self) -> &'static str {
        match self {
            Reason::Wall => "wall",
            Reason::Visited => "visited",
        }
    }
}

/// One maze event (EVENTS.md §2). `Copy` and a few bytes wide: a solution's path
/// is read from [`Maze::moves`] when the event is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MazeEvent {
    /// The cell is entered by `mv` (`None`: the start, move `""`).
    Place { row: u8, col: u8, mv: Option<Move> },
    /// The cell cannot be entered (`mv` `None`: the start or the goal is a
    /// wall, before any search).
    Reject {
        row: u8,
        col: u8,
        mv: Option<Move>,
        reason: Reason,
    },
    /// No move from the cell was placed.
    DeadEnd { row: u8, col: u8 },
    /// The cell leaves the path.
    Undo { row: u8, col: u8 },
    /// The goal is reached; the path is [`Maze::moves`] at this event.
    Solution,
}

impl SearchEvent for MazeEvent {
    fn kind(&self) -> EventKind {
        match self {
            MazeEvent::Place { .. } => EventKind::Place,
            MazeEvent::Reject { .. } => EventKind::Reject,
            MazeEvent::DeadEnd { .. } => EventKind::DeadEnd,
            MazeEvent::Undo { .. } => EventKind::Undo,
            MazeEvent::Solution => EventKind::Solution,
        }
    }
}

/// The steps of the algorithm (the module's opening comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Step 1: before the first event.
    Begin,
    /// Step 1: the start is a wall.
    StartWall,
    /// Step 1: the goal is a wall.
    GoalWall,
    /// Step 1: the start is entered.
    Start,
    /// Step 2: the goal is reached.
    Solution,
    /// Step 3: a move into a wall is rejected.
    Wall,
    /// Step 3: a move onto the path is rejected.
    Visited,
    /// Step 3: a move is placed.
    Place,
    /// Step 4: no move was placed.
    DeadEnd,
    /// Step 5: the cell leaves the path.
    Undo,
    /// The search was stopped: open cells are undone, deepest first.
    Close,
}

/// A validated maze: `rows`×`cols` cells, 1..=16 each way. Built only by
/// [`Grid::new`] (in `crate::input::maze`), which validates it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    /// Row-major: true for an open cell.
    pub(crate) open: Vec<bool>,
}

impl Grid {
    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Whether (`row`, `col`) is open.
    pub fn is_open(&self, row: usize, col: usize) -> bool {
        self.open[row * self.cols + col]
    }

    /// The rows as `1`/`0` strings, as the default is written.
    pub fn lines(&self) -> Vec<String> {
        self.open
            .chunks(self.cols)
            .map(|row| row.iter().map(|&o| if o { '1' } else { '0' }).collect())
            .collect()
    }
}

/// One cell on the explicit stack.
#[derive(Clone, Copy, Debug)]
struct Frame {
    row: u8,
    col: u8,
    /// The move that entered the cell (`None` for the start).
    mv: Option<Move>,
    /// The next move to try, an index into [`Move::ALL`].
    next: u8,
    /// Whether any move was placed from here.
    placed: bool,
    phase: Phase,
}

/// Rat in a Maze: a resumable, cloneable iterator of [`MazeEvent`]s, by
/// the rules `R` ([`Correct`] unless named).
#[derive(Clone, Debug)]
pub struct Maze<R = Correct> {
    grid: Grid,
    rejects: bool,
    /// Whether step 1 has run.
    started: bool,
    /// Set by [`Maze::close`]: only the closing undos are left.
    closing: bool,
    budget: Budget,
    /// One bit per cell (at most 16×16 = 256): the current path's cells.
    visited: [u64; 4],
    frames: Vec<Frame>,
    /// The first [`KEPT_PATHS`] paths found.
    paths: Vec<String>,
    counters: Counters,
    finished: bool,
    rules: PhantomData<R>,
}

impl Maze {
    /// A search of `grid`; `rejects` off leaves out the `reject` events.
    pub fn new(grid: &Grid, rejects: bool) -> Maze {
        Maze::with_rules(grid, rejects)
    }
}

impl<R: Rules> Maze<R> {
    /// The search of [`Maze::new`], by the rules `R`.
    pub fn with_rules(grid: &Grid, rejects: bool) -> Maze<R> {
        Maze {
            grid: grid.clone(),
            rejects,
            started: false,
            closing: false,
            budget: Budget::default(),
            visited: [0; 4],
            frames: Vec::with_capacity(grid.rows * grid.cols),
            paths: Vec::new(),
            counters: Counters::default(),
            finished: false,
            rules: PhantomData,
        }
    }

    /// The bug these rules implement, `None` for the correct search.
    pub fn bug(&self) -> Option<&'static str> {
        R::BUG
    }

    /// The maze.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// Whether `reject` events are yielded.
    pub fn rejects(&self) -> bool {
        self.rejects
    }

    /// The current path's cells, start first.
    pub fn path(&self) -> Vec<(u8, u8)> {
        self.frames.iter().map(|f| (f.row, f.col)).collect()
    }

    /// The current path's moves as a string (`""` at the start).
    pub fn moves(&self) -> String {
        self.frames
            .iter()
            .filter_map(|f| f.mv.map(Move::letter))
            .collect()
    }

    /// The move that entered the current cell, if any (none at the start or
    /// with no cell on the path).
    pub fn last_move(&self) -> Option<Move> {
        self.frames.last().and_then(|f| f.mv)
    }

    /// The cell being decided: the deepest cell on the path.
    pub fn current(&self) -> Option<(u8, u8)> {
        self.frames.last().map(|f| (f.row, f.col))
    }

    /// Whether a cell is on the current path.
    pub fn is_visited(&self, row: usize, col: usize) -> bool {
        let cell = row * self.grid.cols + col;
        self.visited[cell / 64] >> (cell % 64) & 1 == 1
    }

    /// How many paths were found so far.
    pub fn path_count(&self) -> u64 {
        self.counters.solutions
    }

    /// The first paths found (at most [`KEPT_PATHS`]), in the order found.
    pub fn paths(&self) -> &[String] {
        &self.paths
    }

    /// The step of the algorithm that `last` (the last event yielded, `None`
    /// before the first) belongs to.
    pub fn step(&self, last: Option<&MazeEvent>) -> Step {
        let Some(event) = last else {
            return Step::Begin;
        };
        match event {
            MazeEvent::Reject { mv: None, .. } if self.grid.open[0] => Step::GoalWall,
            MazeEvent::Reject { mv: None, .. } => Step::StartWall,
            MazeEvent::Reject {
                reason: Reason::Wall,
                ..
            } => Step::Wall,
            MazeEvent::Reject { .. } => Step::Visited,
            MazeEvent::Place { mv: None, .. } => Step::Start,
            MazeEvent::Place { .. } => Step::Place,
            MazeEvent::Solution => Step::Solution,
            MazeEvent::DeadEnd { .. } => Step::DeadEnd,
            MazeEvent::Undo { .. } if self.closing => Step::Close,
            MazeEvent::Undo { .. } => Step::Undo,
        }
    }

    /// Stops the search: from now on it yields only the `undo`s of the open
    /// cells, deepest first, then ends. The view ends restored, as after a
    /// full run.
    pub fn close(&mut self) {
        self.closing = true;
        self.started = true;
    }

    /// The visited set recomputed from the path alone.
    fn recomputed_visited(&self) -> [u64; 4] {
        let mut visited = [0u64; 4];
        for f in &self.frames {
            let cell = usize::from(f.row) * self.grid.cols + usize::from(f.col);
            visited[cell / 64] |= 1 << (cell % 64);
        }
        visited
    }

    #[inline]
    fn check_invariants(&self) {
        debug_assert_eq!(
            self.counters.depth,
            self.frames.len(),
            "one frame per open place"
        );
        debug_assert!(
            !R::MARK || self.visited == self.recomputed_visited(),
            "the visited set equals the path {:?}",
            self.path()
        );
    }

    /// A place past the node budget: the search closes instead. Kept out
    /// of line, so that the hot `next` does not call itself and stays
    /// inlinable.
    #[cold]
    #[inline(never)]
    fn refuse(&mut self) -> Option<MazeEvent> {
        self.close();
        self.next()
    }

    #[inline]
    fn emit(&mut self, event: MazeEvent) -> Option<MazeEvent> {
        self.counters.record(event.kind());
        Some(event)
    }

    #[inline]
    fn cell(&self, row: u8, col: u8) -> usize {
        usize::from(row) * self.grid.cols + usize::from(col)
    }

    #[inline]
    fn enter(&mut self, row: u8, col: u8, mv: Option<Move>) -> Option<MazeEvent> {
        if self.budget.refuses(self.counters.nodes) {
            return self.refuse();
        }
        if R::MARK {
            let cell = self.cell(row, col);
            self.visited[cell / 64] |= 1 << (cell % 64);
        }
        self.frames.push(Frame {
            row,
            col,
            mv,
            next: 0,
            placed: false,
            phase: Phase::Enter,
        });
        self.counters.nodes += 1;
        let event = self.emit(MazeEvent::Place { row, col, mv });
        self.check_invariants();
        event
    }

    fn finish(&mut self) -> Option<MazeEvent> {
        self.finished = true;
        None
    }

    /// Step 1: the walls at the ends, or the start entered.
    #[cold]
    fn begin(&mut self) -> Option<MazeEvent> {
        self.started = true;
        let goal = (self.grid.rows - 1, self.grid.cols - 1);
        let wall = if !self.grid.open[0] {
            Some((0, 0))
        } else if !self.grid.is_open(goal.0, goal.1) {
            Some(goal)
        } else {
            None
        };
        match wall {
            Some((row, col)) if self.rejects => self.emit(MazeEvent::Reject {
                row: row as u8,
                col: col as u8,
                mv: None,
                reason: Reason::Wall,
            }),
            Some(_) => self.finish(),
            None => self.enter(0, 0, None),
        }
    }

    /// Step 2: the goal, or on to the moves.
    #[inline(always)]
    fn arrive(&mut self) -> Option<MazeEvent> {
        let top = self.frames.len() - 1;
        let f = self.frames[top];
        if usize::from(f.row) + 1 == self.grid.rows && usize::from(f.col) + 1 == self.grid.cols {
            self.frames[top].phase = Phase::Leave;
            self.counters.solutions += 1;
            if self.paths.len() < KEPT_PATHS {
                let moves = self.moves();
                self.paths.push(moves);
            }
            return self.emit(MazeEvent::Solution);
        }
        self.frames[top].phase = Phase::Scan;
        self.scan()
    }

    /// Steps 3 and 4: the next move that makes an event, then the dead end
    /// or the undo.
    #[inline(always)]
    fn scan(&mut self) -> Option<MazeEvent> {
        let top = self.frames.len() - 1;
        let (rows, cols) = (self.grid.rows, self.grid.cols);
        loop {
            let f = self.frames[top];
            if usize::from(f.next) == Move::ALL.len() {
                self.frames[top].phase = Phase::Leave;
                if !f.placed {
                    return self.emit(MazeEvent::DeadEnd {
                        row: f.row,
                        col: f.col,
                    });
                }
                return self.leave();
            }
            let mv = Move::ALL[usize::from(f.next)];
            self.frames[top].next += 1;
            let Some((row, col)) = mv.from(f.row, f.col, rows, cols) else {
                continue;
            };
            let cell = self.cell(row, col);
            let reason = if !self.grid.open[cell] {
                Reason::Wall
            } else if self.visited[cell / 64] >> (cell % 64) & 1 == 1 {
                Reason::Visited
            } else {
                self.frames[top].placed = true;
                return self.enter(row, col, Some(mv));
            };
            if self.rejects {
                return self.emit(MazeEvent::Reject {
                    row,
                    col,
                    mv: Some(mv),
                    reason,
                });
            }
        }
    }

    /// Step 5: leave the cell.
    #[inline(always)]
    fn leave(&mut self) -> Option<MazeEvent> {
        let f = self.frames.pop()?;
        let cell = self.cell(f.row, f.col);
        self.visited[cell / 64] &= !(1 << (cell % 64));
        let event = self.emit(MazeEvent::Undo {
            row: f.row,
            col: f.col,
        });
        self.check_invariants();
        event
    }
}

impl<R: Rules> Iterator for Maze<R> {
    type Item = MazeEvent;

    #[inline]
    fn next(&mut self) -> Option<MazeEvent> {
        if self.finished {
            return None;
        }
        let Some(frame) = self.frames.last() else {
            if self.started {
                return self.finish();
            }
            return self.begin();
        };
        if self.closing {
            return self.leave();
        }
        match frame.phase {
            Phase::Enter => self.arrive(),
            Phase::Scan => self.scan(),
            Phase::Leave => self.leave(),
        }
    }
}

impl<R: Rules> Search for Maze<R> {
    type Event = MazeEvent;

    fn counters(&self) -> &Counters {
        &self.counters
    }

    fn is_finished(&self) -> bool {
        self.finished
    }

    fn budget(&self) -> &Budget {
        &self.budget
    }

    fn budget_mut(&mut self) -> &mut Budget {
        &mut self.budget
    }

    fn skip_subtree(&mut self) {
        if let Some(frame) = self.frames.last_mut() {
            frame.phase = Phase::Leave;
        }
    }

    fn heap_bytes(&self) -> usize {
        self.grid.open.capacity()
            + self.frames.capacity() * std::mem::size_of::<Frame>()
            + self.paths.capacity() * std::mem::size_of::<String>()
            + self.paths.iter().map(String::capacity).sum::<usize>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: &[&str]) -> Grid {
        Grid {
            rows: rows.len(),
            cols: rows[0].len(),
            open: rows
                .iter()
                .flat_map(|r| r.bytes().map(|b| b == b'1'))
                .collect(),
        }
    }

    #[test]
    fn seed_maze_has_two_sorted_paths_in_fourteen_nodes() {
        let mut maze = Maze::new(&grid(&["1000", "1101", "1100", "0111"]), true);
        maze.run_to_end();
        assert_eq!(maze.paths(), ["DDRDRR", "DRDDRR"]);
        assert_eq!(maze.counters().nodes, 14);
    }

    #[test]
    fn close_undoes_the_open_cells_deepest_first() {
        let mut maze = Maze::new(&grid(&["1000", "1101", "1100", "0111"]), true);
        maze.by_ref().take(3).for_each(drop);
        assert_eq!(maze.path(), [(0, 0), (1, 0), (2, 0)]);
        maze.close();
        let rest: Vec<MazeEvent> = maze.by_ref().collect();
        assert_eq!(
            rest,
            [
                MazeEvent::Undo { row: 2, col: 0 },
                MazeEvent::Undo { row: 1, col: 0 },
                MazeEvent::Undo { row: 0, col: 0 },
            ]
        );
        assert!(maze.path().is_empty() && !maze.is_visited(0, 0));
        assert_eq!(maze.counters().depth, 0);
    }

    #[test]
    fn events_are_small() {
        assert!(std::mem::size_of::<Option<MazeEvent>>() <= 16);
    }
}
