//! Words from a list, with a trie (`backstep words`, EVENTS.md §2): which words
//! of a list are on the board (LeetCode 212), found by one search that walks
//! a trie of the words alongside the path.
//!
//! The trie lives in an arena: nodes are indices into one `Vec`, each with
//! its letter, its parent, its first child and its next sibling. Cutting a
//! node unlinks it from its parent's list of children; the node itself
//! stays in the arena (marked cut), so that a frame standing on it keeps a
//! valid index.
//!
//! ```text
//!   nodes[0]  root ──first──▶ O ──next──▶ E ──next──▶ R
//!                             │           │           │
//!                           first       first       first
//!                             ▼           ▼           ▼
//!                             A           A           A ─▶ I ─▶ N
//!                             ▼           ▼
//!                             T ─▶ ...    T (word EAT)
//!                             ▼
//!                             H (word OATH)
//! ```
//!
//! The algorithm (the state machine's phases: `Enter` for step 3, `Scan`
//! for steps 4 and 5, `Leave` for step 6; the path is empty in steps 1
//! and 2):
//!
//! 1. Before any search, each word in list order: longer than the board
//!    has cells, or (with the inventory check) needing a letter more often
//!    than the board holds it, is **rejected** and left out of the trie.
//! 2. Start cells row-major: a cell whose letter is a child of the trie's
//!    root is **placed** (entered).
//! 3. At a node: if its trie node ends a word not yet found, it is a
//!    **solution**; the word is marked found. With pruning, the word's trie
//!    node is cut when it has no child, then each ancestor left with no
//!    child and no unfound word; when the root has no child left, the
//!    search stops.
//! 4. If the trie node has children: each neighbour up, right, down, left on
//!    the board: on the path is **rejected** (`visited`), without a trie
//!    child for its letter **rejected** (`no-word`), else **placed**.
//! 5. A node with trie children and no neighbour placed is a **dead end**.
//! 6. Leave the node: **undo** it.
//!
//! Invariants, checked with `debug_assert!` on every place and undo: one
//! frame per open place, and the visited set equals the path's cells.

use super::word::{Board, tally};
use super::{Budget, Counters, EventKind, Phase, Search, SearchEvent};

/// The most words in a list.
pub const MAX_WORDS: usize = 64;

/// Why a neighbour is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Refusal {
    /// The cell is already on the current path.
    Visited,
    /// No word goes on with the cell's letter.
    NoWord,
}

impl Refusal {
    /// The name used in JSON lines.
    pub fn name(self) -> &'static str {
        match self {
            Refusal::Visited => "visited",
            Refusal::NoWord => "no-word",
        }
    }
}

/// One event of the words search. `word` is an index into
/// [`Words::words`]; what does not fit in a few bytes (a prefix, a path) is
/// read from the search's view when the event is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WordsEvent {
    /// The cell is entered; the prefix is the path's letters
    /// ([`Words::prefix`]).
    Place { row: u8, col: u8 },
    /// A neighbour is refused; for `no-word` the prefix it would make is
    /// the path's letters and its own.
    Reject { row: u8, col: u8, reason: Refusal },
    /// Word `word` has more letters than the board has cells.
    TooLong { word: u8, need: u16, have: u16 },
    /// Word `word` needs `letter` more often than the board holds it.
    Inventory {
        word: u8,
        letter: u8,
        need: u16,
        have: u16,
    },
    /// No neighbour of the cell continues a word.
    DeadEnd { row: u8, col: u8 },
    /// The cell leaves the path.
    Undo { row: u8, col: u8 },
    /// Word `word` is found along the current path.
    Solution { word: u8 },
}

impl SearchEvent for WordsEvent {
    fn kind(&self) -> EventKind {
        match self {
            WordsEvent::Place { .. } => EventKind::Place,
            WordsEvent::Reject { .. }
            | WordsEvent::TooLong { .. }
            | WordsEvent::Inventory { .. } => EventKind::Reject,
            WordsEvent::DeadEnd { .. } => EventKind::DeadEnd,
            WordsEvent::Undo { .. } => EventKind::Undo,
            WordsEvent::Solution { .. } => EventKind::Solution,
        }
    }
}

/// How the words search is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WordsOptions {
    /// Reject at once a word whose letters the board cannot supply.
    pub inventory: bool,
    /// Cut found words (and ancestors left empty) out of the trie.
    pub prune: bool,
    /// Yield `reject` events (off for fast counting).
    pub rejects: bool,
}

impl Default for WordsOptions {
    fn default() -> WordsOptions {
        WordsOptions {
            inventory: true,
            prune: true,
            rejects: true,
        }
    }
}

/// "No node": the end of a list of children.
const NONE: u16 = u16::MAX;

/// One trie node in the arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrieNode {
    /// Its letter (`b'A'..=b'Z'`; 0 for the root).
    pub letter: u8,
    /// Its parent (the root's is itself).
    pub parent: u16,
    first: u16,
    next: u16,
    /// The word (index into the list) that ends here, if any.
    pub word: Option<u8>,
    /// Whether the node was cut out of the trie.
    pub cut: bool,
}

/// The trie of the words, in an arena: node 0 is the root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trie {
    nodes: Vec<TrieNode>,
}

impl Trie {
    /// The root's index.
    pub const ROOT: u16 = 0;

    fn new() -> Trie {
        Trie {
            nodes: vec![TrieNode {
                letter: 0,
                parent: 0,
                first: NONE,
                next: NONE,
                word: None,
                cut: false,
            }],
        }
    }

    fn insert(&mut self, word: &[u8], index: u8) {
        let mut node = Trie::ROOT;
        for &letter in word {
            node = match self.child(node, letter) {
                Some(child) => child,
                None => {
                    let child = self.nodes.len() as u16;
                    let parent = &mut self.nodes[usize::from(node)];
                    let next = parent.first;
                    parent.first = child;
                    self.nodes.push(TrieNode {
                        letter,
                        parent: node,
                        first: NONE,
                        next,
                        word: None,
                        cut: false,
                    });
                    child
                }
            };
        }
        self.nodes[usize::from(node)].word = Some(index);
    }

    /// Node `i`.
    pub fn node(&self, i: u16) -> &TrieNode {
        &self.nodes[usize::from(i)]
    }

    /// Every node of the arena, cut ones included.
    pub fn nodes(&self) -> &[TrieNode] {
        &self.nodes
    }

    /// The child of `node` for `letter`, if it is still in the trie.
    #[inline]
    pub fn child(&self, node: u16, letter: u8) -> Option<u16> {
        self.children(node)
            .find(|&c| self.nodes[usize::from(c)].letter == letter)
    }

    /// The children still in the trie, newest first.
    pub fn children(&self, node: u16) -> impl Iterator<Item = u16> + '_ {
        let mut at = self.nodes[usize::from(node)].first;
        std::iter::from_fn(move || {
            (at != NONE).then(|| {
                let here = at;
                at = self.nodes[usize::from(here)].next;
                here
            })
        })
    }

    /// Whether `node` has a child left.
    pub fn has_children(&self, node: u16) -> bool {
        self.nodes[usize::from(node)].first != NONE
    }

    /// The letters of `node`'s children, alphabetically.
    pub fn child_letters(&self, node: u16) -> Vec<u8> {
        let mut letters: Vec<u8> = self
            .children(node)
            .map(|c| self.nodes[usize::from(c)].letter)
            .collect();
        letters.sort_unstable();
        letters
    }

    /// Unlinks `node` from its parent's children.
    fn cut(&mut self, node: u16) {
        let parent = self.nodes[usize::from(node)].parent;
        let next = self.nodes[usize::from(node)].next;
        if self.nodes[usize::from(parent)].first == node {
            self.nodes[usize::from(parent)].first = next;
        } else {
            let mut at = self.nodes[usize::from(parent)].first;
            while at != NONE {
                if self.nodes[usize::from(at)].next == node {
                    self.nodes[usize::from(at)].next = next;
                    break;
                }
                at = self.nodes[usize::from(at)].next;
            }
        }
        let gone = &mut self.nodes[usize::from(node)];
        gone.cut = true;
        gone.next = NONE;
    }
}

/// One cell on the explicit stack.
#[derive(Clone, Copy, Debug)]
struct Frame {
    cell: u16,
    row: u8,
    col: u8,
    /// The trie node of the path's letters so far.
    trie: u16,
    /// Next direction to look at.
    dir: u8,
    /// Whether any neighbour was placed.
    placed: bool,
    phase: Phase,
}

/// The words search: a resumable, cloneable iterator of [`WordsEvent`]s.
#[derive(Clone, Debug)]
pub struct Words {
    options: WordsOptions,
    board: Board,
    words: Vec<String>,
    trie: Trie,
    /// The events of step 1, yielded before the search proper.
    preamble: Vec<WordsEvent>,
    preamble_done: usize,
    /// One bit per cell (at most 16x16 = 256): the current path's cells.
    visited: [u64; 4],
    frames: Vec<Frame>,
    next_start: usize,
    /// The path each word was found along, by word.
    found: Vec<Option<Vec<(u8, u8)>>>,
    counters: Counters,
    /// Set by [`Words::close`]: only the path's undos are left.
    closing: bool,
    budget: Budget,
    finished: bool,
}

impl Words {
    /// A search for `words` (validated by [`crate::input::words`]: 1 to 64
    /// distinct words of 1 to 32 letters A-Z) on `board`.
    pub fn new(board: &Board, words: &[String], options: WordsOptions) -> Words {
        let have = board.inventory();
        let cells = board.rows() * board.cols();
        let mut preamble = Vec::new();
        let mut trie = Trie::new();
        for (i, word) in words.iter().enumerate() {
            let letters = word.as_bytes();
            let index = i as u8;
            if letters.len() > cells {
                preamble.push(WordsEvent::TooLong {
                    word: index,
                    need: letters.len() as u16,
                    have: cells as u16,
                });
                continue;
            }
            if options.inventory {
                let need = tally(letters);
                if let Some(l) = (0..26).find(|&l| need[l] > have[l]) {
                    preamble.push(WordsEvent::Inventory {
                        word: index,
                        letter: b'A' + l as u8,
                        need: need[l] as u16,
                        have: have[l] as u16,
                    });
                    continue;
                }
            }
            trie.insert(letters, index);
        }
        if !options.rejects {
            preamble.clear();
        }
        Words {
            options,
            board: board.clone(),
            words: words.to_vec(),
            trie,
            preamble,
            preamble_done: 0,
            visited: [0; 4],
            frames: Vec::with_capacity(32),
            next_start: 0,
            found: vec![None; words.len()],
            counters: Counters::default(),
            closing: false,
            budget: Budget::default(),
            finished: false,
        }
    }

    /// How the search was set up.
    pub fn options(&self) -> WordsOptions {
        self.options
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The word list (repeats already dropped).
    pub fn words(&self) -> &[String] {
        &self.words
    }

    /// The trie as it stands now.
    pub fn trie(&self) -> &Trie {
        &self.trie
    }

    /// The trie node of the current path (the root when it is empty).
    pub fn trie_node(&self) -> u16 {
        self.frames.last().map_or(Trie::ROOT, |f| f.trie)
    }

    /// The current path: `(row, col)` of each cell.
    pub fn path(&self) -> Vec<(u8, u8)> {
        self.frames.iter().map(|f| (f.row, f.col)).collect()
    }

    /// The current path's letters.
    pub fn prefix(&self) -> String {
        self.frames
            .iter()
            .map(|f| char::from(self.board.letter(usize::from(f.row), usize::from(f.col))))
            .collect()
    }

    /// Whether a cell is on the current path.
    pub fn is_visited(&self, row: usize, col: usize) -> bool {
        let cell = row * self.board.cols() + col;
        self.visited[cell / 64] >> (cell % 64) & 1 == 1
    }

    /// The path word `i` was found along, once found.
    pub fn found(&self, i: usize) -> Option<&[(u8, u8)]> {
        self.found[i].as_deref()
    }

    /// The words found so far with their paths, in list order.
    pub fn found_words(&self) -> Vec<(&str, &[(u8, u8)])> {
        self.words
            .iter()
            .zip(&self.found)
            .filter_map(|(w, p)| p.as_deref().map(|p| (w.as_str(), p)))
            .collect()
    }

    /// Stops the search: from now on every call yields the `undo` of the
    /// deepest open place, until the path is empty. Pruning ends the search
    /// through this one door when the trie's root has no child left.
    pub fn close(&mut self) {
        self.closing = true;
    }

    fn recomputed_visited(&self) -> [u64; 4] {
        let mut visited = [0u64; 4];
        for frame in &self.frames {
            let cell = usize::from(frame.cell);
            visited[cell / 64] |= 1 << (cell % 64);
        }
        visited
    }

    #[inline]
    fn check_invariants(&self) {
        debug_assert_eq!(
            self.counters.depth,
            self.frames.len(),
            "one frame per place"
        );
        debug_assert_eq!(
            self.visited,
            self.recomputed_visited(),
            "visited is the path"
        );
    }

    /// A place past the node budget: the search closes instead. Kept out
    /// of line, so that the hot `next` does not call itself and stays
    /// inlinable.
    #[cold]
    #[inline(never)]
    fn refuse(&mut self) -> Option<WordsEvent> {
        self.close();
        self.next()
    }

    fn emit(&mut self, event: WordsEvent) -> Option<WordsEvent> {
        self.counters.record(event.kind());
        Some(event)
    }

    fn enter(&mut self, cell: usize, trie: u16) -> Option<WordsEvent> {
        if self.budget.refuses(self.counters.nodes) {
            return self.refuse();
        }
        let (row, col) = (
            (cell / self.board.cols()) as u8,
            (cell % self.board.cols()) as u8,
        );
        self.visited[cell / 64] |= 1 << (cell % 64);
        self.frames.push(Frame {
            cell: cell as u16,
            row,
            col,
            trie,
            dir: 0,
            placed: false,
            phase: Phase::Enter,
        });
        self.counters.nodes += 1;
        let event = self.emit(WordsEvent::Place { row, col });
        self.check_invariants();
        event
    }

    /// The path is empty: step 1's rejects, the next start cell, or the end.
    fn idle(&mut self) -> Option<WordsEvent> {
        if let Some(&event) = self.preamble.get(self.preamble_done) {
            self.preamble_done += 1;
            return self.emit(event);
        }
        let cells = self.board.rows() * self.board.cols();
        while self.next_start < cells && self.trie.has_children(Trie::ROOT) {
            let cell = self.next_start;
            self.next_start += 1;
            let letter = self
                .board
                .letter(cell / self.board.cols(), cell % self.board.cols());
            if let Some(child) = self.trie.child(Trie::ROOT, letter) {
                return self.enter(cell, child);
            }
        }
        self.finished = true;
        None
    }

    /// Step 3: a word ends here, or on to the neighbours.
    fn arrive(&mut self) -> Option<WordsEvent> {
        let depth = self.frames.len() - 1;
        let trie = self.frames[depth].trie;
        self.frames[depth].phase = Phase::Scan;
        if let Some(word) = self.trie.node(trie).word
            && self.found[usize::from(word)].is_none()
        {
            self.found[usize::from(word)] = Some(self.path());
            self.counters.solutions += 1;
            if self.options.prune {
                self.prune(trie);
                if !self.trie.has_children(Trie::ROOT) {
                    self.close();
                }
            }
            return self.emit(WordsEvent::Solution { word });
        }
        self.start_scan(depth)
    }

    /// Cuts a found word's node, if childless, and each ancestor left with
    /// no child and no unfound word; the root is never cut.
    fn prune(&mut self, mut node: u16) {
        while node != Trie::ROOT && !self.trie.has_children(node) {
            let ends_unfound = self
                .trie
                .node(node)
                .word
                .is_some_and(|w| self.found[usize::from(w)].is_none());
            if ends_unfound {
                break;
            }
            let parent = self.trie.node(node).parent;
            self.trie.cut(node);
            node = parent;
        }
    }

    /// Step 4 begins only where the trie node has children (after any cut).
    fn start_scan(&mut self, depth: usize) -> Option<WordsEvent> {
        if self.trie.has_children(self.frames[depth].trie) {
            self.scan(depth)
        } else {
            self.frames[depth].phase = Phase::Leave;
            self.leave()
        }
    }

    /// Steps 4 and 5: the next neighbour that makes an event.
    fn scan(&mut self, depth: usize) -> Option<WordsEvent> {
        let (rows, cols) = (self.board.rows(), self.board.cols());
        loop {
            let frame = self.frames[depth];
            if frame.dir == 4 {
                self.frames[depth].phase = Phase::Leave;
                if !frame.placed {
                    let (row, col) = (frame.row, frame.col);
                    return self.emit(WordsEvent::DeadEnd { row, col });
                }
                return self.leave();
            }
            self.frames[depth].dir += 1;
            let (r, c) = (usize::from(frame.row), usize::from(frame.col));
            let next = match frame.dir {
                0 => (r > 0).then(|| (r - 1, c)),
                1 => (c + 1 < cols).then(|| (r, c + 1)),
                2 => (r + 1 < rows).then(|| (r + 1, c)),
                _ => (c > 0).then(|| (r, c - 1)),
            };
            let Some((nr, nc)) = next else {
                continue;
            };
            let reason = if self.is_visited(nr, nc) {
                Refusal::Visited
            } else if let Some(child) = self.trie.child(frame.trie, self.board.letter(nr, nc)) {
                self.frames[depth].placed = true;
                return self.enter(nr * cols + nc, child);
            } else {
                Refusal::NoWord
            };
            if self.options.rejects {
                let (row, col) = (nr as u8, nc as u8);
                return self.emit(WordsEvent::Reject { row, col, reason });
            }
        }
    }

    /// Step 6: leave the cell.
    fn leave(&mut self) -> Option<WordsEvent> {
        let frame = self.frames.pop()?;
        let cell = usize::from(frame.cell);
        self.visited[cell / 64] &= !(1 << (cell % 64));
        let event = self.emit(WordsEvent::Undo {
            row: frame.row,
            col: frame.col,
        });
        self.check_invariants();
        event
    }
}

impl Iterator for Words {
    type Item = WordsEvent;

    fn next(&mut self) -> Option<WordsEvent> {
        if self.finished {
            return None;
        }
        if self.closing {
            return match self.leave() {
                Some(event) => Some(event),
                None => {
                    self.finished = true;
                    None
                }
            };
        }
        let Some(frame) = self.frames.last() else {
            return self.idle();
        };
        let depth = self.frames.len() - 1;
        match frame.phase {
            Phase::Enter => self.arrive(),
            Phase::Scan if frame.dir == 0 && !frame.placed => self.start_scan(depth),
            Phase::Scan => self.scan(depth),
            Phase::Leave => self.leave(),
        }
    }
}

impl Search for Words {
    type Event = WordsEvent;

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
        let paths: usize = self
            .found
            .iter()
            .flatten()
            .map(|p| p.capacity() * std::mem::size_of::<(u8, u8)>())
            .sum();
        self.board.rows() * self.board.cols()
            + self.words.iter().map(String::capacity).sum::<usize>()
            + self.words.capacity() * std::mem::size_of::<String>()
            + self.trie.nodes.capacity() * std::mem::size_of::<TrieNode>()
            + self.preamble.capacity() * std::mem::size_of::<WordsEvent>()
            + self.frames.capacity() * std::mem::size_of::<Frame>()
            + self.found.capacity() * std::mem::size_of::<Option<Vec<(u8, u8)>>>()
            + paths
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_small() {
        assert!(std::mem::size_of::<Option<WordsEvent>>() <= 16);
    }
}
