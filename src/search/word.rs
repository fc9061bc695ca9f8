//! Word Search: trace a word through orthogonally adjacent cells, each cell
//! at most once per path, with letter-inventory pruning and rare-end reversal.
//!
//! The algorithm (the names in bold are the variants of [`Step`]; the
//! search runs on the one driver, [`Backtrack`]: its root, before the first
//! cell, does steps 1 and 3, and every cell on the path is one of its nodes,
//! entered in step 4, scanned in steps 5 and 6, left in step 7):
//!
//! 1. Before any search: an **`EmptyWord`** is found at once. A word longer
//!    than the board has cells is rejected (**`TooLong`**). With the
//!    inventory check, every letter the word needs more often than the board
//!    holds is rejected (**`Inventory`**), alphabetically; any such reject
//!    ends the search.
//! 2. With reversal (**`Reverse`**), if the word's first letter is more
//!    common on the board than its last, search the reversed word: fewer
//!    starts, fewer branches.
//! 3. Try the start cells row-major: a cell holding the first searched
//!    letter is entered with `place` (index 0, **`Start`**).
//! 4. At a node with index `i`: if `i` is the last index, the word is found:
//!    yield **`Solution`** and stop.
//! 5. Otherwise look at the neighbours up, right, down, left (off-board ones
//!    make no event): one already on the path is rejected (**`Visited`**),
//!    one with the wrong letter is rejected (**`Mismatch`**), any other is
//!    entered with **`Place`** (index `i+1`, step 4).
//! 6. If no neighbour was entered, yield **`DeadEnd`**.
//! 7. Leave the node: yield **`Undo`** and clear its visited mark.
//!
//! Visited marks belong to the current path only, so a cell freed by an
//! `undo` can serve another branch. Once found, the search stops: every
//! open node goes straight to step 7 (the driver's close).
//!
//! Invariants, checked with `debug_assert!` on every place and undo: the
//! path is the open cells, and the visited set equals the set of the path's
//! cells.

use std::marker::PhantomData;

use super::Counters;
use super::backtrack::{Arrive, Backtrack, Choice, Tree};
use super::grid::{Cells, Near, Walk};

/// How a [`WordSearch`] keeps its visited marks: the correct rules
/// ([`Correct`]), or one of the classic mistakes of the bug lab. The rules
/// are constants, so the correct search compiles to the same code as
/// before: every test of a rule folds away.
pub trait Rules: Clone + Copy + std::fmt::Debug + Default + Send + Sync + 'static {
    /// The bug's name (`--bug NAME`), `None` for the correct search.
    const BUG: Option<&'static str> = None;
    /// Whether a cell's visited mark is cleared when it leaves the path
    /// (step 7).
    const UNMARK: bool = true;
    /// Whether a neighbour already on the path is refused (step 5).
    const CHECK_VISITED: bool = true;
}

/// The search as the module's opening comment states it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Correct;

impl Rules for Correct {}

/// Bug `no-unmark`: step 7 forgets to clear the visited mark, so a cell
/// left by a failed path stays marked and is refused (as a start cell too,
/// as when the mark overwrites the letter) by every later path.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoUnmark;

impl Rules for NoUnmark {
    const BUG: Option<&'static str> = Some("no-unmark");
    const UNMARK: bool = false;
}

/// Bug `no-visited-check`: step 5 never asks whether a neighbour is on the
/// path, so a path may step back onto its own cells.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoVisitedCheck;

impl Rules for NoVisitedCheck {
    const BUG: Option<&'static str> = Some("no-visited-check");
    const CHECK_VISITED: bool = false;
}

/// The longest word.
pub const MAX_WORD: usize = 32;

/// The neighbour directions, in search order: up, right, down, left.
pub const DIRECTIONS: [(i8, i8, &str); 4] = [
    (-1, 0, "up"),
    (0, 1, "right"),
    (1, 0, "down"),
    (0, -1, "left"),
];

/// Why a neighbour is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The cell is already on the current path.
    Visited,
    /// The cell holds the wrong letter.
    Mismatch,
}

impl Reason {
    /// The name used in JSON lines.
    pub fn name(self) -> &'static str {
        match self {
            Reason::Visited => "visited",
            Reason::Mismatch => "mismatch",
        }
    }
}

/// One Word Search event (EVENTS.md §2). `index` counts along the searched
/// string; coordinates are 0-based. `Copy` and a few bytes wide: the
/// solution's path is read from [`WordSearch::found`], not carried.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WordEvent {
    /// The cell is entered as letter `index` of the searched string.
    Place { row: u8, col: u8, index: u8 },
    /// A neighbour cannot be letter `index`.
    Reject {
        row: u8,
        col: u8,
        index: u8,
        reason: Reason,
    },
    /// The word has more letters than the board has cells.
    TooLong { need: u16, have: u16 },
    /// The word needs `letter` more often than the board holds it.
    Inventory { letter: char, need: u16, have: u16 },
    /// No neighbour of the cell can continue the word.
    DeadEnd { row: u8, col: u8 },
    /// The cell leaves the path.
    Undo { row: u8, col: u8 },
    /// The word is found; its path, in the original word's order, is
    /// [`WordSearch::found`] from this event on.
    Solution,
}

event_kinds!(WordEvent {
    Place => Place,
    Reject | TooLong | Inventory => Reject,
    DeadEnd => DeadEnd,
    Undo => Undo,
    Solution => Solution,
});

/// The steps of the algorithm (the module's opening comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Step 1: the empty word is found at once.
    EmptyWord,
    /// Step 1: the word has more letters than the board has cells.
    TooLong,
    /// Step 1: the board lacks a letter the word needs.
    Inventory,
    /// Step 2: the searched string is chosen (before the first event).
    Reverse,
    /// Step 3: a start cell is entered as letter 0.
    Start,
    /// Step 4: the whole word is on the path.
    Solution,
    /// Step 5: a neighbour already on the path is rejected.
    Visited,
    /// Step 5: a neighbour with the wrong letter is rejected.
    Mismatch,
    /// Step 5: a neighbour is entered as the next letter.
    Place,
    /// Step 6: no neighbour continues the word.
    DeadEnd,
    /// Step 7: the cell leaves the path.
    Undo,
}

/// A validated board: rectangular, upper-case letters, at most 16×16. Built
/// only by [`Board::new`] (typed rows) or [`Board::of_letters`] (a
/// generator's letters), in `crate::input::word`, which validate it with
/// one check.
pub type Board = Cells<u8>;

impl Board {
    /// The letter at (`row`, `col`), as an upper-case ASCII byte.
    pub fn letter(&self, row: usize, col: usize) -> u8 {
        self.at(row, col)
    }

    /// How often each letter A–Z occurs.
    pub fn inventory(&self) -> [usize; 26] {
        tally(&self.cells)
    }
}

pub(crate) fn tally(letters: &[u8]) -> [usize; 26] {
    let mut counts = [0; 26];
    for &l in letters {
        counts[(l - b'A') as usize] += 1;
    }
    counts
}

/// How a Word Search is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WordOptions {
    /// Reject at once a word whose letters the board cannot supply.
    pub inventory: bool,
    /// Search the reversed word when its last letter is rarer.
    pub reverse: bool,
    /// Yield `reject` events (off for fast counting).
    pub rejects: bool,
}

/// One node of the driver's stack: a cell on the path, or the root (depth
/// 0, the search before its first cell).
#[derive(Clone, Copy, Debug, Default)]
pub struct Cell {
    /// The cell's row-major index (0 at the root).
    cell: u8,
    row: u8,
    col: u8,
    /// The letter the next cell must hold (0 at the root and the last
    /// letter), looked up once on entry rather than on every scan.
    wanted: u8,
    /// At a cell: the next of its neighbours on the board to look at, an
    /// index into its [`super::grid::Around::near`] (up, right, down, left,
    /// those on the board). At the root: the next start cell (step 3), or,
    /// once step 1 decided the result, the next of its events.
    next: u16,
}

/// The Word Search's rules on the one driver ([`Backtrack`]), by the bug
/// rules `R`: what the search holds beyond its stack of cells.
#[derive(Clone, Debug)]
pub struct WordTree<R> {
    options: WordOptions,
    board: Board,
    word: String,
    searched: Vec<u8>,
    reversed: bool,
    /// The `reject` events of step 1 (kept only when rejects are on).
    preamble: Vec<WordEvent>,
    /// Whether step 1 decided the result, so no cell is searched.
    decided: bool,
    /// The current path, in search order, and its marks (with a bug, the
    /// cells its marks say).
    walk: Walk,
    found: Option<Vec<(u8, u8)>>,
    rules: PhantomData<R>,
}

/// The Word Search: a resumable, cloneable iterator of [`WordEvent`]s,
/// by the rules `R` ([`Correct`] unless named).
pub type WordSearch<R = Correct> = Backtrack<WordTree<R>>;

impl WordSearch {
    /// A search for `word` (already validated by
    /// [`crate::input::word::parse_word`]) on `board`.
    pub fn new(board: &Board, word: &str, options: WordOptions) -> WordSearch {
        WordSearch::with_rules(board, word, options)
    }
}

impl<R: Rules> WordTree<R> {
    /// Step 4: the whole word is on the path.
    /// Kept out of line, and returns no event (see `Backtrack`'s module
    /// comment): the caller stops with the `solution`.
    #[cold]
    #[inline(never)]
    fn solution(&mut self, counters: &mut Counters) {
        let mut path = self.walk.path().to_vec();
        if self.reversed {
            path.reverse();
        }
        self.found = Some(path);
        counters.solutions = 1;
    }

    /// Steps 1 and 3 at the root: step 1's next reject, or the next start
    /// cell, row-major.
    #[inline(never)]
    fn start(&mut self, root: &mut Cell) -> Choice<Near<u8>, WordEvent> {
        if self.decided {
            let event = self.preamble.get(usize::from(root.next));
            root.next += 1;
            return event.map_or(Choice::Done, |&event| Choice::Reject(event));
        }
        let first = self.searched[0];
        let letters = &self.board.cells;
        while let Some(&letter) = letters.get(usize::from(root.next)) {
            let cell = usize::from(root.next);
            root.next += 1;
            if letter != first {
                continue;
            }
            let at = self.board.coords(cell);
            if R::UNMARK || !self.walk.is_marked(cell as u8) {
                return Choice::Place(Near {
                    cell: cell as u8,
                    row: at.0,
                    col: at.1,
                    value: letter,
                });
            }
            // A mark left behind by an earlier path (only a bug leaves
            // one): the cell is refused as the first letter.
            if self.options.rejects {
                return Choice::Reject(WordEvent::Reject {
                    row: at.0,
                    col: at.1,
                    index: 0,
                    reason: Reason::Visited,
                });
            }
        }
        Choice::Done
    }
}

impl<R: Rules> Tree for WordTree<R> {
    type Event = WordEvent;
    type Node = Cell;
    /// The cell entered.
    type Choice = Near<u8>;

    const ROOT_IS_NODE: bool = false;

    fn root(&mut self) -> Cell {
        Cell::default()
    }

    fn depth_hint(&self) -> usize {
        self.searched.len() + 1
    }

    /// Step 1's empty word at the root; step 4 at a cell.
    #[inline(always)]
    fn arrive(&mut self, _: &mut Cell, depth: usize, counters: &mut Counters) -> Arrive<WordEvent> {
        if depth == self.searched.len() {
            if depth == 0 {
                return Arrive::Stop(WordEvent::Solution);
            }
            self.solution(counters);
            return Arrive::Stop(WordEvent::Solution);
        }
        Arrive::Scan
    }

    /// Steps 1 and 3 at the root; step 5 at a cell: the next neighbour
    /// that makes an event.
    #[inline(always)]
    fn choose(&mut self, cell: &mut Cell, depth: usize) -> Choice<Near<u8>, WordEvent> {
        if depth == 0 {
            return self.start(cell);
        }
        let wanted = cell.wanted;
        let around = self.board.around(cell.cell);
        while let Some(near) = around.get(usize::from(cell.next)) {
            cell.next += 1;
            let reason = if R::CHECK_VISITED && self.walk.is_marked(near.cell) {
                Reason::Visited
            } else if near.value != wanted {
                Reason::Mismatch
            } else {
                return Choice::Place(near);
            };
            if self.options.rejects {
                return Choice::Reject(WordEvent::Reject {
                    row: near.row,
                    col: near.col,
                    index: depth as u8,
                    reason,
                });
            }
        }
        Choice::Done
    }

    /// Steps 3 and 5: the cell is entered as letter `depth`.
    #[inline(always)]
    fn apply(
        &mut self,
        _parent: &mut Cell,
        depth: usize,
        near: Near<u8>,
        _counters: &mut Counters,
    ) -> (Cell, WordEvent) {
        let Near { cell, row, col, .. } = near;
        self.walk.enter_at(cell, row, col, true);
        let index = depth as u8;
        let wanted = self.searched.get(depth + 1).copied().unwrap_or(0);
        (
            Cell {
                cell,
                row,
                col,
                wanted,
                next: 0,
            },
            WordEvent::Place { row, col, index },
        )
    }

    /// Step 6: no neighbour was entered (the root tells none).
    #[inline(always)]
    fn done(&mut self, cell: &Cell, depth: usize, placed: bool) -> Option<WordEvent> {
        (depth > 0 && !placed).then_some(WordEvent::DeadEnd {
            row: cell.row,
            col: cell.col,
        })
    }

    /// Step 7: the cell leaves the path.
    #[inline(always)]
    fn undo(&mut self, cell: &Cell, _depth: usize) -> WordEvent {
        self.walk.leave_at(cell.cell, R::UNMARK);
        WordEvent::Undo {
            row: cell.row,
            col: cell.col,
        }
    }

    /// A bug's marks follow its own mistake, not the path.
    fn check(&self, cells: &[Cell]) {
        let open = cells[1..].iter().map(|c| (c.row, c.col));
        self.walk.check(open, R::BUG.is_none());
    }

    /// The board, the word in both spellings, step 1's events, the path
    /// and the path found.
    fn heap_bytes(&self) -> usize {
        self.board.heap_bytes()
            + self.word.capacity()
            + self.searched.capacity()
            + self.preamble.capacity() * std::mem::size_of::<WordEvent>()
            + self.walk.heap_bytes()
            + self
                .found
                .as_ref()
                .map_or(0, |path| path.capacity() * std::mem::size_of::<(u8, u8)>())
    }
}

impl<R: Rules> WordSearch<R> {
    /// The search of [`WordSearch::new`], by the rules `R`.
    pub fn with_rules(board: &Board, word: &str, options: WordOptions) -> WordSearch<R> {
        let letters = word.as_bytes();
        let have = board.inventory();
        let need = tally(letters);
        let mut preamble = Vec::new();
        let cells = board.rows * board.cols;
        if letters.len() > cells {
            preamble.push(WordEvent::TooLong {
                need: letters.len() as u16,
                have: cells as u16,
            });
        } else if options.inventory && !letters.is_empty() {
            for (i, (&need, &have)) in need.iter().zip(&have).enumerate() {
                if need > have {
                    let letter = char::from(b'A' + i as u8);
                    let (need, have) = (need as u16, have as u16);
                    preamble.push(WordEvent::Inventory { letter, need, have });
                }
            }
        }
        let decided = !preamble.is_empty();
        if !options.rejects {
            preamble.clear();
        }
        let reversed = options.reverse
            && !letters.is_empty()
            && have[(letters[0] - b'A') as usize]
                > have[(letters[letters.len() - 1] - b'A') as usize];
        let mut searched = letters.to_vec();
        if reversed {
            searched.reverse();
        }
        let found = letters.is_empty().then(Vec::new);
        let mut search = Backtrack::of(WordTree {
            options,
            board: board.clone(),
            word: word.to_string(),
            searched,
            reversed,
            preamble,
            decided,
            walk: Walk::new(board.cols, letters.len()),
            found,
            rules: PhantomData,
        });
        // The empty word is found before its one event.
        search.parts_mut().1.solutions = u64::from(letters.is_empty());
        search
    }

    /// The bug these rules implement, `None` for the correct search.
    pub fn bug(&self) -> Option<&'static str> {
        R::BUG
    }

    /// How the search was set up.
    pub fn options(&self) -> WordOptions {
        self.tree().options
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.tree().board
    }

    /// The word as given (upper-cased).
    pub fn word(&self) -> &str {
        &self.tree().word
    }

    /// The string actually searched: the word, or its reverse.
    pub fn searched(&self) -> &[u8] {
        &self.tree().searched
    }

    /// Whether the reversed word is searched.
    pub fn reversed(&self) -> bool {
        self.tree().reversed
    }

    /// The facts behind the reversal decision: the word's first and last
    /// letters and how often each occurs on the board (`None` for an empty
    /// word).
    pub fn reversal(&self) -> Option<(char, char, usize, usize)> {
        let word = self.word().as_bytes();
        let (&first, &last) = (word.first()?, word.last()?);
        let have = self.board().inventory();
        let count = |l: u8| have[usize::from(l - b'A')];
        Some((
            char::from(first),
            char::from(last),
            count(first),
            count(last),
        ))
    }

    /// Whether step 1 settled the result before any cell was searched.
    pub fn decided_early(&self) -> bool {
        self.tree().decided || self.word().is_empty()
    }

    /// The current path, in search order: `(row, col)` of each cell.
    pub fn path(&self) -> Vec<(u8, u8)> {
        self.tree().walk.path().to_vec()
    }

    /// The step of the algorithm that `last` (the last event yielded, `None`
    /// before the first) belongs to.
    pub fn step(&self, last: Option<&WordEvent>) -> Step {
        let Some(event) = last else {
            return Step::Reverse;
        };
        match event {
            WordEvent::Solution if self.word().is_empty() => Step::EmptyWord,
            WordEvent::Solution => Step::Solution,
            WordEvent::TooLong { .. } => Step::TooLong,
            WordEvent::Inventory { .. } => Step::Inventory,
            WordEvent::Place { index: 0, .. } => Step::Start,
            WordEvent::Place { .. } => Step::Place,
            WordEvent::Reject {
                reason: Reason::Visited,
                ..
            } => Step::Visited,
            WordEvent::Reject { .. } => Step::Mismatch,
            WordEvent::DeadEnd { .. } => Step::DeadEnd,
            WordEvent::Undo { .. } => Step::Undo,
        }
    }

    /// Whether a cell is on the current path.
    pub fn is_visited(&self, row: usize, col: usize) -> bool {
        self.tree().walk.holds(row, col)
    }

    /// The path the word was found along, in the original word's order.
    pub fn found(&self) -> Option<&[(u8, u8)]> {
        self.tree().found.as_deref()
    }
}
