//! The contract every search keeps (SPEC §1 and §2), checked by one harness
//! that each search joins with one line: a search type implements [`Joins`]
//! once (what its view is, whether it has a root node), and each case is a
//! `contract(name, |rejects| make the search)` call.
//!
//! For every case, on the stream with rejects and on the one without:
//!
//! - place/undo balance: the number of open places never goes below 0, is
//!   the `depth` counter after every event, and is 0 at the end;
//! - the view (the working state between events) at the end equals a fresh
//!   search's initial view: every place was undone;
//! - node counter: after every event, `nodes` is the number of `place`
//!   events so far, plus 1 where the search has a root node (SPEC §2:
//!   N-Queens "the root counts 1, each `place` adds 1"; Sudoku "every entry
//!   counts, the root and completed boards included"; Word Search "each
//!   `place` counts 1; there is no root node");
//! - the other counters follow the events (`steps`, `rejects`, `dead_ends`,
//!   `found`), and the search says it is finished once it yields nothing;
//! - clone-and-resume: cloned at several random steps, the clone and the
//!   original yield identical remaining streams, with identical counters
//!   and views after every event;
//! - rejects off: the stream equals the stream with rejects minus its
//!   `reject` events.

use std::fmt::Debug;

use backstep::input;
use backstep::search::cover::{Cover, Links};
use backstep::search::queens::{Masks, Queens, QueensOptions};
use backstep::search::sudoku::{Order, Sudoku, SudokuOptions};
use backstep::search::sudoku_dlx::SudokuDlx;
use backstep::search::word::{WordOptions, WordSearch};
use backstep::search::{Counters, EventKind, Search, SearchEvent};

use crate::Rng;

/// What the harness needs to know of a search beyond [`Search`].
trait Joins: Search {
    /// The working state a person sees between events.
    type View: PartialEq + Debug;
    /// The view now.
    fn view(&self) -> Self::View;
    /// Whether the search starts inside a root node that counts 1 (SPEC §2).
    const ROOT: bool;
}

impl Joins for Queens {
    /// The placed queens, the row being filled and the current node's masks.
    type View = (Vec<u8>, u8, Masks);
    fn view(&self) -> Self::View {
        (self.queens().to_vec(), self.row(), self.masks())
    }
    const ROOT: bool = true;
}

impl Joins for Sudoku {
    /// The working grid, the unit masks and the current path's placements.
    type View = (Vec<u8>, Vec<u16>, Vec<u16>, Vec<u16>, Vec<(usize, u8)>);
    fn view(&self) -> Self::View {
        (
            self.grid().to_vec(),
            self.row_masks().to_vec(),
            self.col_masks().to_vec(),
            self.box_masks().to_vec(),
            self.placements(),
        )
    }
    const ROOT: bool = true;
}

impl Joins for WordSearch {
    /// The current path and the visited mark of every cell.
    type View = (Vec<(u8, u8)>, Vec<bool>);
    fn view(&self) -> Self::View {
        let b = self.board();
        let marks = (0..b.rows())
            .flat_map(|r| (0..b.cols()).map(move |c| (r, c)))
            .map(|(r, c)| self.is_visited(r, c))
            .collect();
        (self.path(), marks)
    }
    const ROOT: bool = false;
}

impl Joins for Cover {
    /// The options on the path, the covered items and every link.
    type View = (Vec<u32>, Vec<bool>, Links);
    fn view(&self) -> Self::View {
        (self.path(), self.covered(), self.links().clone())
    }
    const ROOT: bool = true;
}

impl Joins for SudokuDlx {
    /// The working grid, the path's placements and every link.
    type View = (Vec<u8>, Vec<(usize, u8)>, Links);
    fn view(&self) -> Self::View {
        (self.grid(), self.placements(), self.cover().links().clone())
    }
    const ROOT: bool = true;
}

/// Runs `search` to its end checking every per-event rule; returns the
/// events, each with the counters and view after it.
fn run_checked<S: Joins>(name: &str, mut search: S) -> Vec<(S::Event, Counters, S::View)> {
    let initial = search.view();
    let root = u64::from(S::ROOT);
    assert_eq!(
        search.counters().nodes,
        root,
        "{name}: nodes before any event"
    );
    let (mut open, mut places, mut expected) = (0i64, 0u64, Counters::default());
    let mut out = Vec::new();
    while let Some(event) = search.next() {
        let k = out.len() + 1;
        match event.kind() {
            EventKind::Place => (open, places) = (open + 1, places + 1),
            EventKind::Undo => open -= 1,
            EventKind::Reject => expected.rejects += 1,
            EventKind::DeadEnd => expected.dead_ends += 1,
            EventKind::Solution => expected.found += 1,
        }
        assert!(
            open >= 0,
            "{name}: event {k} {event:?}: more undos than places"
        );
        let c = *search.counters();
        assert_eq!(c.depth as i64, open, "{name}: event {k}: depth counter");
        assert_eq!(c.nodes, places + root, "{name}: event {k}: nodes (SPEC §2)");
        assert_eq!(c.steps, k as u64, "{name}: event {k}: steps");
        assert_eq!(
            (c.rejects, c.dead_ends, c.found),
            (expected.rejects, expected.dead_ends, expected.found),
            "{name}: event {k}: rejects, dead ends, found"
        );
        assert!(!search.is_finished(), "{name}: finished before event {k}");
        out.push((event, c, search.view()));
    }
    assert_eq!(open, 0, "{name}: places left open at the end");
    assert!(search.is_finished(), "{name}: no event, yet not finished");
    assert!(search.next().is_none(), "{name}: an event after the end");
    assert_eq!(search.view(), initial, "{name}: the view is not restored");
    out
}

/// The whole contract for one case; `make(rejects)` builds the search with
/// reject events on or off.
fn contract<S: Joins>(name: &str, make: impl Fn(bool) -> S) {
    // A fresh search's view is the one a search must end with.
    assert_eq!(
        make(true).view(),
        make(false).view(),
        "{name}: initial views"
    );
    let full = run_checked(&format!("{name}, rejects on"), make(true));
    let off = run_checked(&format!("{name}, rejects off"), make(false));

    let without_rejects: Vec<S::Event> = full
        .iter()
        .map(|(e, ..)| *e)
        .filter(|e| e.kind() != EventKind::Reject)
        .collect();
    let off_events: Vec<S::Event> = off.iter().map(|(e, ..)| *e).collect();
    assert_eq!(
        off_events, without_rejects,
        "{name}: rejects off is the stream minus its rejects"
    );
    assert_eq!(off.iter().filter(|(_, c, _)| c.rejects != 0).count(), 0);

    // Clone at several random steps (and at the start and the last event).
    let seed = name
        .bytes()
        .fold(0u64, |h, b| h.wrapping_mul(31) ^ u64::from(b));
    let mut rng = Rng::new(seed);
    let mut at: Vec<usize> = (0..4).map(|_| rng.below(full.len() + 1)).collect();
    at.extend([0, full.len()]);
    for at in at {
        let mut original = make(true);
        original.by_ref().take(at).for_each(drop);
        let mut copy = original.clone();
        assert_eq!(copy.view(), original.view(), "{name}: clone at {at}");
        let rest = |s: &mut S| -> Vec<(S::Event, Counters, S::View)> {
            std::iter::from_fn(|| s.next().map(|e| (e, *s.counters(), s.view()))).collect()
        };
        // The clone runs first: the original must not be affected by it.
        let from_copy = rest(&mut copy);
        let from_original = rest(&mut original);
        assert_eq!(from_copy, from_original, "{name}: resumed after {at}");
        assert_eq!(from_original[..], full[at..], "{name}: resumed after {at}");
    }
}

fn queens(n: u8, symmetry: bool) -> impl Fn(bool) -> Queens {
    move |rejects| {
        Queens::new(QueensOptions {
            n,
            symmetry,
            rejects,
        })
    }
}

fn sudoku(name: &str, order: Order) -> impl Fn(bool) -> Sudoku {
    let puzzle = input::load_puzzle(name).expect("a shipped puzzle").value;
    move |rejects| Sudoku::new(&puzzle, SudokuOptions { order, rejects })
}

fn word(board: &str, word: &str, inventory: bool, reverse: bool) -> impl Fn(bool) -> WordSearch {
    let board = input::load_board(board).expect("a valid board").value;
    let word = input::load_word(word).expect("a valid word");
    move |rejects| {
        let options = WordOptions {
            inventory,
            reverse,
            rejects,
        };
        WordSearch::new(&board, &word, options)
    }
}

// Each search joins with one line per variant.

#[test]
fn queens_symmetry() {
    (0..=7).for_each(|n| contract(&format!("queens {n}"), queens(n, true)));
}

#[test]
fn queens_full() {
    (0..=7).for_each(|n| contract(&format!("queens {n} --full"), queens(n, false)));
}

#[test]
fn queens_check_at_end() {
    (0..=5).for_each(|n| {
        contract(&format!("queens {n} check-at-end"), |r| {
            Queens::check_at_end(n, r)
        })
    });
}

/// The shipped puzzles but `inkala` (millions of events in a debug build).
const PUZZLES: [&str; 5] = ["sample", "campus", "empty4", "unsat4", "unsat9"];

#[test]
fn sudoku_mrv() {
    PUZZLES
        .iter()
        .for_each(|p| contract(&format!("sudoku {p}"), sudoku(p, Order::Mrv)));
}

#[test]
fn sudoku_first() {
    PUZZLES
        .iter()
        .for_each(|p| contract(&format!("sudoku {p} first"), sudoku(p, Order::First)));
}

/// Boards and words covering found, not found, the empty word, too long, a
/// missing letter, and a word whose reversal is searched.
const WORDS: [(&str, &str); 8] = [
    ("sample", "ABCCED"),
    ("sample", "SEE"),
    ("sample", "ABCB"),
    ("sample", ""),
    ("sample", "ABCESCEESEEDAX"),
    ("sample", "ZZ"),
    ("AAAAAA,AAAAAA,AAAAAB", "AAAAAAAAAAB"),
    ("AAA,AAA,AAB", "AAAAAAAC"),
];

#[test]
fn word_with_inventory_and_reversal() {
    WORDS
        .iter()
        .for_each(|(b, w)| contract(&format!("word {w} on {b}"), word(b, w, true, true)));
}

#[test]
fn word_without_inventory() {
    WORDS.iter().for_each(|(b, w)| {
        contract(
            &format!("word {w} on {b}, no inventory"),
            word(b, w, false, true),
        )
    });
}

#[test]
fn word_without_reversal() {
    WORDS.iter().for_each(|(b, w)| {
        contract(
            &format!("word {w} on {b}, no reverse"),
            word(b, w, true, false),
        )
    });
}

/// Exact cover has no rejects: both streams are the same.
#[test]
fn cover_shipped_and_capped() {
    for (name, max) in [
        ("knuth", None),
        ("queens8", None),
        ("langford4", None),
        ("queens8", Some(3)),
    ] {
        let problem = input::cover::load(name).expect("a shipped problem").value;
        contract(&format!("cover {name} {max:?}"), |_| {
            Cover::new(&problem, max)
        });
    }
}

#[test]
fn sudoku_dlx() {
    PUZZLES.iter().for_each(|p| {
        let puzzle = input::load_puzzle(p).expect("a shipped puzzle").value;
        contract(&format!("sudoku {p} dlx"), |_| SudokuDlx::new(&puzzle))
    });
}
