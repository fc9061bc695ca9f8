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

use super::backtrack::{Arrive, Backtrack, Choice, Tree};
use super::grid::{self, Cells, Dir, Near, Walk};
use super::{Counters, Search};

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

    /// The directions of [`Move::ALL`], in its order: the order in which a
    /// maze's grid lists a cell's neighbours. Read from `ALL`, so that the
    /// two cannot disagree.
    pub const ORDER: [Dir; 4] = {
        let mut order = [Dir::Up; 4];
        let mut i = 0;
        while i < 4 {
            order[i] = Move::ALL[i].dir();
            i += 1;
        }
        order
    };

    /// The grid direction of this move.
    const fn dir(self) -> Dir {
        match self {
            Move::D => Dir::Down,
            Move::L => Dir::Left,
            Move::R => Dir::Right,
            Move::U => Dir::Up,
        }
    }

    /// The move from `cell` to its neighbour `near`.
    #[inline(always)]
    fn to(cell: &Cell, near: Near<bool>) -> Move {
        Move::between((cell.row, cell.col), (near.row, near.col))
    }

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

    /// The move from (`row`, `col`) to a cell next to it.
    fn between((row, col): (u8, u8), to: (u8, u8)) -> Move {
        if to.0 > row {
            Move::D
        } else if to.1 < col {
            Move::L
        } else if to.1 > col {
            Move::R
        } else {
            Move::U
        }
    }

    /// The moves along `path` (`""` for a path of one cell, or none).
    fn along(path: &[(u8, u8)]) -> String {
        path.windows(2)
            .map(|step| Move::between(step[0], step[1]).letter())
            .collect()
    }

    /// The cell this move leads to from (`row`, `col`) on a `rows`×`cols`
    /// grid, if it is on the grid.
    #[inline(always)]
    pub fn from(self, row: u8, col: u8, rows: usize, cols: usize) -> Option<(u8, u8)> {
        const STEPS: [(u8, u8); 4] = [(1, 0), (0, u8::MAX), (0, 1), (u8::MAX, 0)];
        grid::step(row, col, STEPS[self as usize], rows, cols)
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

event_kinds!(MazeEvent);

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

/// A validated maze: `rows`×`cols` cells, 1..=16 each way, true for an
/// open cell. Built only by [`Grid::new`] (typed rows) or
/// [`Grid::from_open`] (a generator's cells), in `crate::input::maze`, which
/// validate it with one check.
pub type Grid = Cells<bool>;

impl Grid {
    /// Whether (`row`, `col`) is open.
    pub fn is_open(&self, row: usize, col: usize) -> bool {
        self.at(row, col)
    }
}

/// One cell on the path: a node of the driver's stack. The root (depth 0)
/// is the search before its start cell, whose one choice is the start.
#[derive(Clone, Copy, Debug)]
pub struct Cell {
    /// The cell's row-major index.
    cell: u8,
    row: u8,
    col: u8,
    /// The next neighbour to look at: an index into the cell's neighbours
    /// on the grid (listed in [`Move::ORDER`]); at the root, 1 once the
    /// start was tried.
    next: u8,
}

/// The maze's rules on the one driver ([`Backtrack`]), by the bug rules
/// `R`: what the search holds beyond its stack of cells.
#[derive(Clone, Debug)]
pub struct MazeTree<R> {
    /// The maze, its neighbours listed in [`Move::ORDER`]: a scan reads a
    /// neighbour's index, coordinates and whether it is open with one
    /// load.
    grid: Grid,
    rejects: bool,
    /// The current path's cells, and their visited marks.
    walk: Walk,
    /// The first [`KEPT_PATHS`] paths found.
    paths: Vec<String>,
    rules: PhantomData<R>,
}

/// Rat in a Maze: a resumable, cloneable iterator of [`MazeEvent`]s, by
/// the rules `R` ([`Correct`] unless named).
pub type Maze<R = Correct> = Backtrack<MazeTree<R>>;

impl Maze {
    /// A search of `grid`; `rejects` off leaves out the `reject` events.
    pub fn new(grid: &Grid, rejects: bool) -> Maze {
        Maze::with_rules(grid, rejects)
    }
}

impl<R: Rules> MazeTree<R> {
    /// Step 1: the start's wall, or else the goal's, if either is one.
    fn end_wall(&self) -> Option<(u8, u8)> {
        let goal = (self.grid.rows - 1, self.grid.cols - 1);
        if !self.grid.cells[0] {
            Some((0, 0))
        } else if !self.grid.is_open(goal.0, goal.1) {
            Some((goal.0 as u8, goal.1 as u8))
        } else {
            None
        }
    }
}

impl<R: Rules> Tree for MazeTree<R> {
    type Event = MazeEvent;
    type Node = Cell;
    /// The cell entered: its index and coordinates.
    type Choice = Near<bool>;

    const ROOT_IS_NODE: bool = false;

    fn root(&mut self) -> Cell {
        Cell {
            cell: 0,
            row: 0,
            col: 0,
            next: 0,
        }
    }

    fn depth_hint(&self) -> usize {
        self.grid.rows * self.grid.cols + 1
    }

    /// Step 2: the goal is a path found.
    #[inline(always)]
    fn arrive(
        &mut self,
        cell: &mut Cell,
        depth: usize,
        counters: &mut Counters,
    ) -> Arrive<MazeEvent> {
        let at_goal = usize::from(cell.row) + 1 == self.grid.rows
            && usize::from(cell.col) + 1 == self.grid.cols;
        if depth == 0 || !at_goal {
            return Arrive::Scan;
        }
        counters.solutions += 1;
        if self.paths.len() < KEPT_PATHS {
            self.paths.push(Move::along(self.walk.path()));
        }
        Arrive::Leave(MazeEvent::Solution)
    }

    /// Step 1 at the root; step 3 at a cell: the next move that makes an
    /// event.
    #[inline(always)]
    fn choose(&mut self, cell: &mut Cell, depth: usize) -> Choice<Self::Choice, MazeEvent> {
        if depth == 0 {
            if cell.next > 0 {
                return Choice::Done;
            }
            cell.next = 1;
            return match self.end_wall() {
                Some((row, col)) if self.rejects => Choice::Reject(MazeEvent::Reject {
                    row,
                    col,
                    mv: None,
                    reason: Reason::Wall,
                }),
                Some(_) => Choice::Done,
                // The start, (0, 0), entered by no move.
                None => Choice::Place(Near::default()),
            };
        }
        let around = self.grid.around(cell.cell);
        while let Some(near) = around.get(usize::from(cell.next)) {
            cell.next += 1;
            let reason = if !near.value {
                Reason::Wall
            } else if self.walk.is_marked(near.cell) {
                Reason::Visited
            } else {
                return Choice::Place(near);
            };
            if self.rejects {
                return Choice::Reject(MazeEvent::Reject {
                    row: near.row,
                    col: near.col,
                    mv: Some(Move::to(cell, near)),
                    reason,
                });
            }
        }
        Choice::Done
    }

    #[inline(always)]
    fn apply(
        &mut self,
        parent: &mut Cell,
        depth: usize,
        near: Near<bool>,
        _counters: &mut Counters,
    ) -> (Cell, MazeEvent) {
        let Near { cell, row, col, .. } = near;
        self.walk.enter_at(cell, row, col, R::MARK);
        // The start is entered from the root, by no move.
        let mv = (depth > 0).then(|| Move::to(parent, near));
        let cell = Cell {
            cell,
            row,
            col,
            next: 0,
        };
        (cell, MazeEvent::Place { row, col, mv })
    }

    /// Step 4: no move was placed (the root tells none).
    #[inline(always)]
    fn done(&mut self, cell: &Cell, depth: usize, placed: bool) -> Option<MazeEvent> {
        (depth > 0 && !placed).then_some(MazeEvent::DeadEnd {
            row: cell.row,
            col: cell.col,
        })
    }

    /// Step 5: the cell leaves the path.
    #[inline(always)]
    fn undo(&mut self, cell: &Cell, _depth: usize) -> MazeEvent {
        self.walk.leave_at(cell.cell, R::MARK);
        MazeEvent::Undo {
            row: cell.row,
            col: cell.col,
        }
    }

    /// With `no-mark` no cell is marked.
    fn check(&self, cells: &[Cell]) {
        self.walk
            .check(cells[1..].iter().map(|c| (c.row, c.col)), R::MARK);
    }

    fn heap_bytes(&self) -> usize {
        self.grid.heap_bytes()
            + self.walk.heap_bytes()
            + self.paths.capacity() * std::mem::size_of::<String>()
            + self.paths.iter().map(String::capacity).sum::<usize>()
    }
}

impl<R: Rules> Maze<R> {
    /// The search of [`Maze::new`], by the rules `R`.
    pub fn with_rules(grid: &Grid, rejects: bool) -> Maze<R> {
        Backtrack::of(MazeTree {
            grid: grid.in_order(Move::ORDER),
            rejects,
            walk: Walk::new(grid.cols, grid.rows * grid.cols),
            paths: Vec::new(),
            rules: PhantomData,
        })
    }

    /// The bug these rules implement, `None` for the correct search.
    pub fn bug(&self) -> Option<&'static str> {
        R::BUG
    }

    /// The maze.
    pub fn grid(&self) -> &Grid {
        &self.tree().grid
    }

    /// Whether `reject` events are yielded.
    pub fn rejects(&self) -> bool {
        self.tree().rejects
    }

    /// The current path's cells, start first.
    pub fn path(&self) -> Vec<(u8, u8)> {
        self.tree().walk.path().to_vec()
    }

    /// The current path's moves as a string (`""` at the start).
    pub fn moves(&self) -> String {
        Move::along(self.tree().walk.path())
    }

    /// The move that entered the current cell, if any (none at the start or
    /// with no cell on the path).
    pub fn last_move(&self) -> Option<Move> {
        let mut path = self.nodes().skip(1).rev();
        let (cell, from) = (path.next()?, path.next()?);
        Some(Move::between((from.row, from.col), (cell.row, cell.col)))
    }

    /// The cell being decided: the deepest cell on the path.
    pub fn current(&self) -> Option<(u8, u8)> {
        self.tree().walk.path().last().copied()
    }

    /// Whether a cell is on the current path.
    pub fn is_visited(&self, row: usize, col: usize) -> bool {
        self.tree().walk.holds(row, col)
    }

    /// How many paths were found so far.
    pub fn path_count(&self) -> u64 {
        self.counters().solutions
    }

    /// The first paths found (at most [`KEPT_PATHS`]), in the order found.
    pub fn paths(&self) -> &[String] {
        &self.tree().paths
    }

    /// The step of the algorithm that `last` (the last event yielded, `None`
    /// before the first) belongs to.
    pub fn step(&self, last: Option<&MazeEvent>) -> Step {
        let Some(event) = last else {
            return Step::Begin;
        };
        match event {
            MazeEvent::Reject { mv: None, .. } if self.grid().cells[0] => Step::GoalWall,
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
            MazeEvent::Undo { .. } if self.is_closing() => Step::Close,
            MazeEvent::Undo { .. } => Step::Undo,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: &[&str]) -> Grid {
        Grid::new_checked(
            rows.len(),
            rows[0].len(),
            rows.iter()
                .flat_map(|r| r.bytes().map(|b| b == b'1'))
                .collect(),
            Move::ORDER,
        )
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
