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
//! The algorithm (on the one driver, [`Backtrack`]: its root, before the
//! first cell, does steps 1 and 2, and every cell on the path is one of its
//! nodes, entered in step 3, scanned in steps 4 and 5, left in step 6):
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
//! Invariants, checked with `debug_assert!` on every place and undo: the
//! path is the open cells, and the visited set equals the path's cells.

use super::Counters;
use super::backtrack::{Arrive, Backtrack, Choice, Tree};
use super::grid::{Near, Walk};
use super::word::{Board, MAX_WORD, tally};

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

event_kinds!(WordsEvent {
    Place => Place,
    Reject | TooLong | Inventory => Reject,
    DeadEnd => DeadEnd,
    Undo => Undo,
    Solution => Solution,
});

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

/// One node of the driver's stack: a cell on the path, or the root (depth
/// 0, the search before its first cell).
#[derive(Clone, Copy, Debug, Default)]
pub struct Cell {
    /// The cell's row-major index (0 at the root).
    cell: u8,
    row: u8,
    col: u8,
    /// The trie node of the path's letters so far (the trie's root at the
    /// root).
    trie: u16,
    /// At a cell: the next of its neighbours on the board to look at, an
    /// index into its [`super::grid::Around::near`] (up, right, down, left,
    /// those on the board), or [`NO_SCAN`]. At the root: step 1's events
    /// yielded, then the next start cell after them.
    next: u16,
}

/// A cell's `next` when its trie node had no child left to scan for: it
/// ends with its `undo`, and no dead end.
const NO_SCAN: u16 = u16::MAX;

/// The words search's rules on the one driver ([`Backtrack`]): what the
/// search holds beyond its stack of cells.
#[derive(Clone, Debug)]
pub struct WordsTree {
    options: WordsOptions,
    board: Board,
    words: Vec<String>,
    trie: Trie,
    /// The `reject` events of step 1 (kept only when rejects are on).
    preamble: Vec<WordsEvent>,
    /// The current path and its marks.
    walk: Walk,
    /// The path each word was found along, by word.
    found: Vec<Option<Vec<(u8, u8)>>>,
}

/// The words search: a resumable, cloneable iterator of [`WordsEvent`]s.
pub type Words = Backtrack<WordsTree>;

impl WordsTree {
    /// Step 3: word `word` ends at the path's trie node `node`.
    fn solution(&mut self, node: u16, word: u8, counters: &mut Counters) -> Arrive<WordsEvent> {
        self.found[usize::from(word)] = Some(self.walk.path().to_vec());
        counters.solutions += 1;
        let event = WordsEvent::Solution { word };
        if self.options.prune {
            self.prune(node);
            if !self.trie.has_children(Trie::ROOT) {
                return Arrive::Stop(event);
            }
        }
        Arrive::Tell(event)
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

    /// Steps 1 and 2 at the root: step 1's next reject, or the next start
    /// cell, row-major, whose letter begins a word. Kept out of line, as
    /// word's is: the loop does not see the list of events it reads.
    #[inline(never)]
    fn start(&mut self, root: &mut Cell) -> Choice<(Near<u8>, u16), WordsEvent> {
        if let Some(&event) = self.preamble.get(usize::from(root.next)) {
            root.next += 1;
            return Choice::Reject(event);
        }
        let letters = &self.board.cells;
        loop {
            let cell = usize::from(root.next) - self.preamble.len();
            let Some(&letter) = letters.get(cell) else {
                return Choice::Done;
            };
            if !self.trie.has_children(Trie::ROOT) {
                return Choice::Done;
            }
            root.next += 1;
            if let Some(child) = self.trie.child(Trie::ROOT, letter) {
                let (row, col) = self.board.coords(cell);
                let near = Near {
                    cell: cell as u8,
                    row,
                    col,
                    value: letter,
                };
                return Choice::Place((near, child));
            }
        }
    }
}

impl Tree for WordsTree {
    type Event = WordsEvent;
    type Node = Cell;
    /// The cell entered and its trie node.
    type Choice = (Near<u8>, u16);

    const ROOT_IS_NODE: bool = false;

    fn root(&mut self) -> Cell {
        Cell {
            trie: Trie::ROOT,
            ..Cell::default()
        }
    }

    fn depth_hint(&self) -> usize {
        MAX_WORD + 1
    }

    /// Step 3: a word not yet found ends here.
    fn arrive(
        &mut self,
        cell: &mut Cell,
        depth: usize,
        counters: &mut Counters,
    ) -> Arrive<WordsEvent> {
        match self.trie.node(cell.trie).word {
            Some(word) if depth > 0 && self.found[usize::from(word)].is_none() => {
                self.solution(cell.trie, word, counters)
            }
            _ => Arrive::Scan,
        }
    }

    /// Steps 1 and 2 at the root; step 4 at a cell: the next neighbour that
    /// makes an event, where the trie node has children (after any cut).
    fn choose(&mut self, cell: &mut Cell, depth: usize) -> Choice<(Near<u8>, u16), WordsEvent> {
        if depth == 0 {
            return self.start(cell);
        }
        if cell.next == 0 && !self.trie.has_children(cell.trie) {
            cell.next = NO_SCAN;
        }
        let around = self.board.around(cell.cell);
        while let Some(near) = around.get(usize::from(cell.next)) {
            cell.next += 1;
            let reason = if self.walk.is_marked(near.cell) {
                Refusal::Visited
            } else if let Some(child) = self.trie.child(cell.trie, near.value) {
                return Choice::Place((near, child));
            } else {
                Refusal::NoWord
            };
            if self.options.rejects {
                let Near { row, col, .. } = near;
                return Choice::Reject(WordsEvent::Reject { row, col, reason });
            }
        }
        Choice::Done
    }

    /// Steps 2 and 4: the cell is entered.
    fn apply(
        &mut self,
        _parent: &mut Cell,
        _depth: usize,
        (near, trie): (Near<u8>, u16),
        _counters: &mut Counters,
    ) -> (Cell, WordsEvent) {
        let Near { cell, row, col, .. } = near;
        self.walk.enter_at(cell, row, col, true);
        let cell = Cell {
            cell,
            row,
            col,
            trie,
            next: 0,
        };
        (cell, WordsEvent::Place { row, col })
    }

    /// Step 5: the trie node had children and no neighbour was placed (the
    /// root tells none).
    fn done(&mut self, cell: &Cell, depth: usize, placed: bool) -> Option<WordsEvent> {
        (depth > 0 && !placed && cell.next != NO_SCAN).then_some(WordsEvent::DeadEnd {
            row: cell.row,
            col: cell.col,
        })
    }

    /// Step 6: the cell leaves the path.
    fn undo(&mut self, cell: &Cell, _depth: usize) -> WordsEvent {
        self.walk.leave_at(cell.cell, true);
        WordsEvent::Undo {
            row: cell.row,
            col: cell.col,
        }
    }

    fn check(&self, cells: &[Cell]) {
        self.walk
            .check(cells[1..].iter().map(|c| (c.row, c.col)), true);
    }

    fn heap_bytes(&self) -> usize {
        let paths: usize = self
            .found
            .iter()
            .flatten()
            .map(|p| p.capacity() * std::mem::size_of::<(u8, u8)>())
            .sum();
        self.board.heap_bytes()
            + self.words.iter().map(String::capacity).sum::<usize>()
            + self.words.capacity() * std::mem::size_of::<String>()
            + self.trie.nodes.capacity() * std::mem::size_of::<TrieNode>()
            + self.preamble.capacity() * std::mem::size_of::<WordsEvent>()
            + self.walk.heap_bytes()
            + self.found.capacity() * std::mem::size_of::<Option<Vec<(u8, u8)>>>()
            + paths
    }
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
        Backtrack::of(WordsTree {
            options,
            board: board.clone(),
            words: words.to_vec(),
            trie,
            preamble,
            walk: Walk::new(board.cols, MAX_WORD),
            found: vec![None; words.len()],
        })
    }

    /// How the search was set up.
    pub fn options(&self) -> WordsOptions {
        self.tree().options
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.tree().board
    }

    /// The word list (repeats already dropped).
    pub fn words(&self) -> &[String] {
        &self.tree().words
    }

    /// The trie as it stands now.
    pub fn trie(&self) -> &Trie {
        &self.tree().trie
    }

    /// The trie node of the current path (the root when it is empty).
    pub fn trie_node(&self) -> u16 {
        self.top().map_or(Trie::ROOT, |cell| cell.trie)
    }

    /// The current path: `(row, col)` of each cell.
    pub fn path(&self) -> Vec<(u8, u8)> {
        self.tree().walk.path().to_vec()
    }

    /// The current path's letters.
    pub fn prefix(&self) -> String {
        let board = self.board();
        self.tree()
            .walk
            .path()
            .iter()
            .map(|&(r, c)| char::from(board.letter(usize::from(r), usize::from(c))))
            .collect()
    }

    /// Whether a cell is on the current path.
    pub fn is_visited(&self, row: usize, col: usize) -> bool {
        self.tree().walk.holds(row, col)
    }

    /// The path word `i` was found along, once found.
    pub fn found(&self, i: usize) -> Option<&[(u8, u8)]> {
        self.tree().found[i].as_deref()
    }

    /// The words found so far with their paths, in list order.
    pub fn found_words(&self) -> Vec<(&str, &[(u8, u8)])> {
        let tree = self.tree();
        tree.words
            .iter()
            .zip(&tree.found)
            .filter_map(|(w, p)| p.as_deref().map(|p| (w.as_str(), p)))
            .collect()
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
