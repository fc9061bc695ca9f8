//! Word Search: trace a word through orthogonally adjacent cells, each cell
//! at most once per path, with letter-inventory pruning and rare-end reversal.
//!
//! The algorithm (the names in bold are the variants of [`Step`]; while the
//! path is empty the search is idle, in steps 1 and 3; a cell on the path is
//! in phase `Enter` for step 4, `Scan` for steps 5 and 6, `Leave` for
//! step 7):
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
//! `undo` can serve another branch. Once found, every open node goes straight
//! to step 7.
//!
//! Invariants, checked with `debug_assert!` on every place and undo: the
//! open places balance the depth (one frame per open place), and the
//! visited set equals the set of the path's cells.

use std::marker::PhantomData;

use super::{Budget, Counters, EventKind, Phase, Search, SearchEvent};

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

/// The largest board side.
pub const MAX_SIDE: usize = 16;
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

impl SearchEvent for WordEvent {
    fn kind(&self) -> EventKind {
        match self {
            WordEvent::Place { .. } => EventKind::Place,
            WordEvent::Reject { .. } | WordEvent::TooLong { .. } | WordEvent::Inventory { .. } => {
                EventKind::Reject
            }
            WordEvent::DeadEnd { .. } => EventKind::DeadEnd,
            WordEvent::Undo { .. } => EventKind::Undo,
            WordEvent::Solution => EventKind::Solution,
        }
    }
}

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
/// only by [`Board::new`] (in `crate::input::word`), which validates it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    pub(crate) letters: Vec<u8>,
}

impl Board {
    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The letter at (`row`, `col`), as an upper-case ASCII byte.
    pub fn letter(&self, row: usize, col: usize) -> u8 {
        self.letters[row * self.cols + col]
    }

    /// The rows as strings.
    pub fn lines(&self) -> Vec<String> {
        self.letters
            .chunks(self.cols.max(1))
            .map(|row| String::from_utf8_lossy(row).into_owned())
            .collect()
    }

    /// How often each letter A–Z occurs.
    pub fn inventory(&self) -> [usize; 26] {
        tally(&self.letters)
    }

    /// The neighbour of `cell` in direction `dir`, if on the board.
    pub fn neighbor(&self, cell: usize, dir: usize) -> Option<usize> {
        let (dr, dc, _) = DIRECTIONS[dir];
        let row = (cell / self.cols).checked_add_signed(dr as isize)?;
        let col = (cell % self.cols).checked_add_signed(dc as isize)?;
        (row < self.rows && col < self.cols).then_some(row * self.cols + col)
    }

    fn coords(&self, cell: usize) -> (u8, u8) {
        ((cell / self.cols) as u8, (cell % self.cols) as u8)
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

/// One cell on the explicit stack.
#[derive(Clone, Debug)]
struct Frame {
    cell: usize,
    /// The cell's row and column, kept so that a step needs no division.
    row: u8,
    col: u8,
    /// Next direction to look at.
    dir: u8,
    /// Whether any neighbour was entered.
    entered: bool,
    phase: Phase,
}

/// The Word Search: a resumable, cloneable iterator of [`WordEvent`]s,
/// by the rules `R` ([`Correct`] unless named).
#[derive(Clone, Debug)]
pub struct WordSearch<R = Correct> {
    options: WordOptions,
    board: Board,
    word: String,
    searched: Vec<u8>,
    reversed: bool,
    /// The events of step 1, yielded before the search proper.
    preamble: Vec<WordEvent>,
    /// How many of the preamble events were yielded.
    preamble_done: usize,
    /// Whether step 1 decided the result, so no cell is searched.
    decided: bool,
    /// One bit per cell (at most 16×16 = 256): the current path's cells.
    visited: [u64; 4],
    frames: Vec<Frame>,
    next_start: usize,
    found: Option<Vec<(u8, u8)>>,
    counters: Counters,
    budget: Budget,
    finished: bool,
    rules: PhantomData<R>,
}

impl WordSearch {
    /// A search for `word` (already validated by
    /// [`crate::input::word::parse_word`]) on `board`.
    pub fn new(board: &Board, word: &str, options: WordOptions) -> WordSearch {
        WordSearch::with_rules(board, word, options)
    }
}

impl<R: Rules> WordSearch<R> {
    /// The search of [`WordSearch::new`], by the rules `R`.
    pub fn with_rules(board: &Board, word: &str, options: WordOptions) -> WordSearch<R> {
        let letters = word.as_bytes();
        let have = board.inventory();
        let need = tally(letters);
        let mut preamble = Vec::new();
        let mut found = None;
        let cells = board.rows * board.cols;
        if letters.is_empty() {
            preamble.push(WordEvent::Solution);
            found = Some(Vec::new());
        } else if letters.len() > cells {
            preamble.push(WordEvent::TooLong {
                need: letters.len() as u16,
                have: cells as u16,
            });
        } else if options.inventory {
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
            preamble.retain(|e| e.kind() != EventKind::Reject);
        }
        let reversed = options.reverse
            && !letters.is_empty()
            && have[(letters[0] - b'A') as usize]
                > have[(letters[letters.len() - 1] - b'A') as usize];
        let mut searched = letters.to_vec();
        if reversed {
            searched.reverse();
        }
        WordSearch {
            options,
            board: board.clone(),
            word: word.to_string(),
            searched,
            reversed,
            preamble,
            preamble_done: 0,
            decided,
            visited: [0; 4],
            frames: Vec::with_capacity(letters.len()),
            next_start: 0,
            counters: Counters {
                solutions: u64::from(found.is_some()),
                ..Counters::default()
            },
            found,
            finished: false,
            budget: Budget::default(),
            rules: PhantomData,
        }
    }

    /// The bug these rules implement, `None` for the correct search.
    pub fn bug(&self) -> Option<&'static str> {
        R::BUG
    }

    /// How the search was set up.
    pub fn options(&self) -> WordOptions {
        self.options
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The word as given (upper-cased).
    pub fn word(&self) -> &str {
        &self.word
    }

    /// The string actually searched: the word, or its reverse.
    pub fn searched(&self) -> &[u8] {
        &self.searched
    }

    /// Whether the reversed word is searched.
    pub fn reversed(&self) -> bool {
        self.reversed
    }

    /// The facts behind the reversal decision: the word's first and last
    /// letters and how often each occurs on the board (`None` for an empty
    /// word).
    pub fn reversal(&self) -> Option<(char, char, usize, usize)> {
        let (&first, &last) = (self.word.as_bytes().first()?, self.word.as_bytes().last()?);
        let have = self.board.inventory();
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
        self.decided
    }

    /// The current path, in search order: `(row, col)` of each cell.
    pub fn path(&self) -> Vec<(u8, u8)> {
        self.frames.iter().map(|f| (f.row, f.col)).collect()
    }

    /// The step of the algorithm that `last` (the last event yielded, `None`
    /// before the first) belongs to.
    pub fn step(&self, last: Option<&WordEvent>) -> Step {
        let Some(event) = last else {
            return Step::Reverse;
        };
        match event {
            WordEvent::Solution if self.word.is_empty() => Step::EmptyWord,
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

    /// The visited set recomputed from the path alone.
    fn recomputed_visited(&self) -> [u64; 4] {
        let mut visited = [0u64; 4];
        for frame in &self.frames {
            visited[frame.cell / 64] |= 1 << (frame.cell % 64);
        }
        visited
    }

    /// The invariants, checked after each place and undo in debug builds.
    #[inline]
    fn check_invariants(&self) {
        debug_assert_eq!(
            self.counters.depth,
            self.frames.len(),
            "one frame per open place"
        );
        // A bug's marks follow its own mistake, not the path.
        debug_assert!(
            R::BUG.is_some() || self.visited == self.recomputed_visited(),
            "the visited set equals the path {:?}",
            self.path()
        );
    }

    /// Whether a cell is on the current path.
    pub fn is_visited(&self, row: usize, col: usize) -> bool {
        let cell = row * self.board.cols + col;
        self.visited[cell / 64] >> (cell % 64) & 1 == 1
    }

    /// The path the word was found along, in the original word's order.
    pub fn found(&self) -> Option<&[(u8, u8)]> {
        self.found.as_deref()
    }

    #[inline]
    fn emit(&mut self, event: WordEvent) -> Option<WordEvent> {
        self.counters.record(event.kind());
        Some(event)
    }

    #[inline]
    fn enter(&mut self, cell: usize, row: u8, col: u8) -> Option<WordEvent> {
        if self.budget.refuses(self.counters.nodes) {
            return self.close();
        }
        let index = self.frames.len() as u8;
        self.visited[cell / 64] |= 1 << (cell % 64);
        self.frames.push(Frame {
            cell,
            row,
            col,
            dir: 0,
            entered: false,
            phase: Phase::Enter,
        });
        self.counters.nodes += 1;
        let event = self.emit(WordEvent::Place { row, col, index });
        self.check_invariants();
        event
    }

    /// Stops the search (a node budget refused a place): every open cell
    /// is left, deepest first, no start cell is tried after them, and the
    /// first `undo` (if any) is returned.
    #[cold]
    #[inline(never)]
    fn close(&mut self) -> Option<WordEvent> {
        for frame in &mut self.frames {
            frame.phase = Phase::Leave;
        }
        self.next_start = self.board.letters.len();
        match self.frames.is_empty() {
            true => self.finish(),
            false => self.leave(),
        }
    }

    fn finish(&mut self) -> Option<WordEvent> {
        self.finished = true;
        None
    }
}

impl<R: Rules> Iterator for WordSearch<R> {
    type Item = WordEvent;

    // Every call yields one event without re-dispatching on the phase:
    // entering a cell goes straight on to its neighbours, neighbours that
    // make no event are passed over in an inner loop, and a cell whose
    // neighbours are done goes straight on to its `undo`.
    #[inline(always)]
    fn next(&mut self) -> Option<WordEvent> {
        // A cell on the path means the search proper is under way: step 1
        // is over and nothing has ended it.
        let Some(frame) = self.frames.last() else {
            return self.idle();
        };
        match frame.phase {
            Phase::Enter => self.arrive(),
            Phase::Scan => self.scan(),
            Phase::Leave => self.leave(),
        }
    }
}

impl<R: Rules> WordSearch<R> {
    /// The path is empty: the checks before any search (step 1), the next
    /// start cell, row-major (step 3), or the end.
    #[inline(never)]
    fn idle(&mut self) -> Option<WordEvent> {
        if self.preamble_done < self.preamble.len() {
            let event = self.preamble[self.preamble_done];
            self.preamble_done += 1;
            return self.emit(event);
        }
        if self.decided || self.finished || self.found.is_some() {
            return self.finish();
        }
        let first = self.searched[0];
        let start = (self.next_start..self.board.letters.len())
            .find(|&cell| self.board.letters[cell] == first);
        match start {
            Some(cell) => {
                self.next_start = cell + 1;
                let (row, col) = self.board.coords(cell);
                if !R::UNMARK && self.visited[cell / 64] >> (cell % 64) & 1 == 1 {
                    // A mark left behind by an earlier path (only a bug
                    // leaves one): the cell is refused as the first letter.
                    return self.reject_start(row, col);
                }
                self.enter(cell, row, col)
            }
            None => {
                self.next_start = self.board.letters.len();
                self.finish()
            }
        }
    }

    /// A start cell still marked visited (bug `no-unmark`): its reject,
    /// or the next start when rejects are off.
    #[cold]
    #[inline(never)]
    fn reject_start(&mut self, row: u8, col: u8) -> Option<WordEvent> {
        if !self.options.rejects {
            return self.idle();
        }
        self.emit(WordEvent::Reject {
            row,
            col,
            index: 0,
            reason: Reason::Visited,
        })
    }

    /// The step after a cell was entered: the word is complete (step 4), or
    /// its neighbours are scanned (step 5).
    #[inline(always)]
    fn arrive(&mut self) -> Option<WordEvent> {
        let index = self.frames.len() - 1;
        if index + 1 == self.searched.len() {
            return self.solution();
        }
        self.frames[index].phase = Phase::Scan;
        self.scan()
    }

    /// Step 4: the whole word is on the path.
    #[cold]
    #[inline(never)]
    fn solution(&mut self) -> Option<WordEvent> {
        let index = self.frames.len() - 1;
        self.frames[index].phase = Phase::Leave;
        let mut path = self.path();
        if self.reversed {
            path.reverse();
        }
        self.found = Some(path);
        self.counters.solutions = 1;
        self.emit(WordEvent::Solution)
    }

    /// Step 5: the next neighbour that makes an event, up, right, down,
    /// left; once they are done, the dead end (step 6) or the `undo`.
    #[inline(always)]
    fn scan(&mut self) -> Option<WordEvent> {
        let index = self.frames.len() - 1;
        let stopped = self.found.is_some();
        let (rows, cols) = (self.board.rows, self.board.cols);
        let wanted = self.searched.get(index + 1).copied();
        let frame = &mut self.frames[index];
        loop {
            if stopped || frame.dir == 4 {
                frame.phase = Phase::Leave;
                if !stopped && !frame.entered {
                    // 6. No neighbour continues the word.
                    let (row, col) = (frame.row, frame.col);
                    return self.emit(WordEvent::DeadEnd { row, col });
                }
                return self.leave();
            }
            let dir = frame.dir;
            frame.dir += 1;
            let Some((row, col)) = step(frame.row, frame.col, dir, rows, cols) else {
                continue;
            };
            let next = usize::from(row) * cols + usize::from(col);
            let reason = if R::CHECK_VISITED && self.visited[next / 64] >> (next % 64) & 1 == 1 {
                Reason::Visited
            } else if Some(self.board.letters[next]) != wanted {
                Reason::Mismatch
            } else {
                frame.entered = true;
                return self.enter(next, row, col);
            };
            if self.options.rejects {
                let index = (index + 1) as u8;
                return self.emit(WordEvent::Reject {
                    row,
                    col,
                    index,
                    reason,
                });
            }
        }
    }

    /// Step 7: leave the cell.
    #[inline(always)]
    fn leave(&mut self) -> Option<WordEvent> {
        let frame = self.frames.pop()?;
        let cell = frame.cell;
        if R::UNMARK {
            self.visited[cell / 64] &= !(1 << (cell % 64));
        }
        let event = self.emit(WordEvent::Undo {
            row: frame.row,
            col: frame.col,
        });
        self.check_invariants();
        event
    }
}

/// The neighbour of (`row`, `col`) in direction `dir` (an index into
/// [`DIRECTIONS`]) on a `rows`×`cols` board, if it is on the board. The same
/// as [`Board::neighbor`], without its division.
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

impl<R: Rules> Search for WordSearch<R> {
    type Event = WordEvent;

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
        self.owned_heap()
    }
}

impl<R: Rules> WordSearch<R> {
    /// The heap a clone owns, for [`Search::heap_bytes`]: the board, the
    /// word in both spellings, the preamble's events (whose own paths are
    /// empty), the cell stack and the path found.
    fn owned_heap(&self) -> usize {
        self.board.letters.capacity()
            + self.word.capacity()
            + self.searched.capacity()
            + self.preamble.capacity() * std::mem::size_of::<WordEvent>()
            + self.frames.capacity() * std::mem::size_of::<Frame>()
            + self
                .found
                .as_ref()
                .map_or(0, |path| path.capacity() * std::mem::size_of::<(u8, u8)>())
    }
}
