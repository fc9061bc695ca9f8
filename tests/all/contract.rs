//! The contract every search keeps (EVENTS.md §1 and §2), checked by one harness
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
//!   events so far, plus 1 where the search has a root node (EVENTS.md §2:
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
use backstep::search::queens::{Masks, Queens, QueensOptions, Rules};
use backstep::search::queens_fundamental::Fundamental;
use backstep::search::queens_permutations::Permutations;
use backstep::search::queens_state::{Held, QueensArray, QueensBools, State};
use backstep::search::sudoku::{Order, Sudoku, SudokuOptions};
use backstep::search::sudoku_dlx::SudokuDlx;
use backstep::search::sudoku_propagate::{Propagate, PropagateEvent, PropagateOptions};
use backstep::search::word::{WordOptions, WordSearch};
use backstep::search::words::{Words, WordsOptions};
use backstep::search::{Counters, EventKind, Search, SearchEvent};

use crate::Rng;

/// What the harness needs to know of a search beyond [`Search`].
trait Joins: Search {
    /// The working state a person sees between events.
    type View: PartialEq + Debug;
    /// The view now.
    fn view(&self) -> Self::View;
    /// Whether the search starts inside a root node that counts 1 (EVENTS.md §2).
    const ROOT: bool;
    /// Whether a `place` event enters a node that counts (EVENTS.md §2 sudoku: a
    /// forced place of `--order propagate` does not).
    fn counts_node(_place: &Self::Event) -> bool {
        true
    }
}

impl<R: Rules> Joins for Queens<R> {
    /// The placed queens, the row being filled and the current node's masks.
    type View = (Vec<u8>, u8, Masks);
    fn view(&self) -> Self::View {
        (self.queens().to_vec(), self.row(), self.masks())
    }
    const ROOT: bool = true;
}

impl Joins for Permutations {
    /// The placed queens, the row being filled and the used columns.
    type View = (Vec<u8>, u8, u32);
    fn view(&self) -> Self::View {
        (self.queens().to_vec(), self.row(), self.used())
    }
    const ROOT: bool = true;
}

impl Joins for Fundamental {
    /// The placed queens, the row being filled and the current node's masks.
    type View = (Vec<u8>, u8, Masks);
    fn view(&self) -> Self::View {
        (self.queens().to_vec(), self.row(), self.masks())
    }
    const ROOT: bool = true;
}

impl<S: State + PartialEq> Joins for Held<S> {
    /// The placed queens (Algorithm B's `a`), the row being filled and the
    /// held state (the three boolean arrays; nothing more for `array`).
    type View = (Vec<u8>, u8, S);
    fn view(&self) -> Self::View {
        (self.queens().to_vec(), self.row(), self.state().clone())
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

impl Joins for Propagate {
    /// The working grid, every blank's candidates and the trail.
    type View = (Vec<u8>, Vec<u16>, Vec<(u8, u8, bool)>);
    fn view(&self) -> Self::View {
        let candidates = (0..self.grid().len()).map(|i| self.candidates(i)).collect();
        let trail = self
            .trail()
            .iter()
            .map(|p| (p.cell, p.digit, p.forced.is_some()));
        (self.grid().to_vec(), candidates, trail.collect())
    }
    const ROOT: bool = true;
    fn counts_node(place: &PropagateEvent) -> bool {
        matches!(place, PropagateEvent::Place { forced: None, .. })
    }
}

impl Joins for Words {
    /// The current path, the visited marks and the trie node walked.
    type View = (Vec<(u8, u8)>, Vec<bool>, u16);
    fn view(&self) -> Self::View {
        let b = self.board();
        let marks = (0..b.rows())
            .flat_map(|r| (0..b.cols()).map(move |c| (r, c)))
            .map(|(r, c)| self.is_visited(r, c))
            .collect();
        (self.path(), marks, self.trie_node())
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
        (self.grid(), self.placements(), self.links().clone())
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
            EventKind::Place => {
                (open, places) = (open + 1, places + u64::from(S::counts_node(&event)))
            }
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
        assert_eq!(
            c.nodes,
            places + root,
            "{name}: event {k}: nodes (EVENTS.md §2)"
        );
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

    // Skipping a subtree (what Knuth's probes do, `estimate.rs`): right
    // after a counted place, the next event is the undo that closes it in
    // the full stream, with the same view after it.
    let places: Vec<usize> = (0..full.len())
        .filter(|&i| full[i].0.kind() == EventKind::Place && S::counts_node(&full[i].0))
        .collect();
    for _ in 0..places.len().min(6) {
        let i = places[rng.below(places.len())];
        let mut search = make(true);
        search.by_ref().take(i + 1).for_each(drop);
        search.skip_subtree();
        let open = full[i].1.depth - 1;
        let closing = (i + 1..full.len())
            .find(|&j| full[j].0.kind() == EventKind::Undo && full[j].1.depth == open)
            .expect("every place is closed by an undo");
        let next = search.next();
        assert_eq!(
            next,
            Some(full[closing].0),
            "{name}: skip after event {}",
            i + 1
        );
        assert_eq!(search.view(), full[closing].2, "{name}: view after a skip");
    }

    // Node budgets (EVENTS.md §1), with rejects and without.
    for (rejects, stream) in [(true, &full), (false, &off)] {
        let total = stream
            .last()
            .map_or(u64::from(S::ROOT), |(_, c, _)| c.nodes);
        let mut budgets = vec![0, 1, 2, 3, total / 3, total / 2, total.saturating_sub(1)];
        budgets.extend([total, total + 1, rng.next_u64() % (total + 1)]);
        budgets.sort_unstable();
        budgets.dedup();
        for max in budgets {
            budgeted(
                &format!("{name}, rejects {rejects}"),
                &make,
                rejects,
                stream,
                max,
            );
        }
    }
}

/// The stream of `make(rejects)` under `--max-nodes max` against the one
/// built from the full `stream` alone: its events up to the first `place`
/// that takes the node counter past `max`, then the matching `undo`s of the
/// places still open there, deepest first, the counters unchanged but for
/// `steps` and `depth`, and the view after each closing `undo` the view
/// just before its `place`. Complete exactly when the full run counts at
/// most `max` nodes.
fn budgeted<S: Joins>(
    name: &str,
    make: &impl Fn(bool) -> S,
    rejects: bool,
    stream: &[(S::Event, Counters, S::View)],
    max: u64,
) {
    let name = format!("{name}, --max-nodes {max}");
    let mut search = make(rejects);
    search.limit_nodes(max);
    assert_eq!(search.budget_hit(), None, "{name}: hit before any event");
    let got = run_checked(&name, search.clone());
    // The places of the full stream, each with its matching undo.
    let mut open: Vec<usize> = Vec::new();
    let mut undo_of = vec![usize::MAX; stream.len()];
    for (i, (event, ..)) in stream.iter().enumerate() {
        match event.kind() {
            EventKind::Place => open.push(i),
            EventKind::Undo => undo_of[open.pop().expect("balanced")] = i,
            _ => {}
        }
    }
    let cut = stream
        .iter()
        .position(|(e, c, _)| e.kind() == EventKind::Place && S::counts_node(e) && c.nodes > max);
    let end = cut.unwrap_or(stream.len());
    let mut expected: Vec<(S::Event, Counters, &S::View)> =
        stream[..end].iter().map(|(e, c, v)| (*e, *c, v)).collect();
    if let Some(cut) = cut {
        let mut open: Vec<usize> = Vec::new();
        for (i, (event, ..)) in stream[..cut].iter().enumerate() {
            match event.kind() {
                EventKind::Place => open.push(i),
                EventKind::Undo => {
                    open.pop();
                }
                _ => {}
            }
        }
        let fresh = *make(rejects).counters();
        let mut counters = cut.checked_sub(1).map_or(fresh, |i| stream[i].1);
        for &place in open.iter().rev() {
            counters.steps += 1;
            counters.depth -= 1;
            // The full stream's own undo, yielded here with these counters
            // and leaving the view it leaves there.
            let (undo, _, view) = &stream[undo_of[place]];
            expected.push((*undo, counters, view));
        }
    }
    assert_eq!(got.len(), expected.len(), "{name}: number of events");
    // The work a search counts between events (squares tested with rejects
    // off, up to the refused place) is not in the stream; the rest is.
    let counted = |c: &Counters| Counters { work: 0, ..*c };
    for (k, (g, e)) in got.iter().zip(&expected).enumerate() {
        assert_eq!(g.0, e.0, "{name}: event {}", k + 1);
        let (g1, e1) = (counted(&g.1), counted(&e.1));
        assert_eq!(g1, e1, "{name}: counters after event {}", k + 1);
        assert_eq!(&g.2, e.2, "{name}: view after event {}", k + 1);
    }
    let mut search = search;
    search.by_ref().for_each(drop);
    // Complete exactly when the full run counts at most `max` nodes, or
    // only its root (always entered).
    let total = stream
        .last()
        .map_or(u64::from(S::ROOT), |(_, c, _)| c.nodes);
    let complete = total <= max.max(u64::from(S::ROOT));
    assert_eq!(cut.is_none(), complete, "{name}: the oracle's own cut");
    assert_eq!(
        search.budget_hit(),
        (!complete).then_some(max),
        "{name}: incomplete exactly when a place was refused"
    );
    // Counting without events honours the budget too.
    let mut counted = make(rejects);
    counted.limit_nodes(max);
    counted.run_to_end();
    assert_eq!(counted.counters(), search.counters(), "{name}: run_to_end");
    assert_eq!(
        counted.budget_hit(),
        search.budget_hit(),
        "{name}: run_to_end hit"
    );
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

#[test]
fn queens_permutations() {
    (0..=5).for_each(|n| {
        contract(&format!("queens {n} --permutations"), |r| {
            Permutations::new(n, r)
        })
    });
}

#[test]
fn queens_fundamental() {
    (0..=7).for_each(|n| {
        contract(&format!("queens {n} --fundamental"), |r| {
            Fundamental::new(n, r)
        })
    });
}

#[test]
fn queens_state_array() {
    for symmetry in [true, false] {
        (0..=7).for_each(|n| {
            contract(
                &format!("queens {n} --state array, symmetry {symmetry}"),
                |r| QueensArray::new(n, symmetry, r),
            )
        });
    }
}

#[test]
fn queens_state_bools() {
    for symmetry in [true, false] {
        (0..=7).for_each(|n| {
            contract(
                &format!("queens {n} --state bools, symmetry {symmetry}"),
                |r| QueensBools::new(n, symmetry, r),
            )
        });
    }
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

impl Joins for backstep::search::maze::Maze {
    /// The current path (cells and moves) and the visited mark of every cell.
    type View = (Vec<(u8, u8)>, String, Vec<bool>);
    fn view(&self) -> Self::View {
        let g = self.grid();
        let marks = (0..g.rows())
            .flat_map(|r| (0..g.cols()).map(move |c| (r, c)))
            .map(|(r, c)| self.is_visited(r, c))
            .collect();
        (self.path(), self.moves(), marks)
    }
    const ROOT: bool = false;
}

impl Joins for backstep::search::colour::Colour {
    /// The colour of every vertex and the colours of the vertices decided.
    type View = (Vec<u8>, Vec<u8>);
    fn view(&self) -> Self::View {
        (self.colours().to_vec(), self.coloured().to_vec())
    }
    const ROOT: bool = true;
}

/// Mazes covering paths found, none, walls at either end, one cell, open.
const MAZES: [&str; 7] = [
    "1000,1101,1100,0111",
    "1",
    "01,11",
    "11,10",
    "1111,1111,1111",
    "110,011,101",
    "10,01",
];

#[test]
fn maze() {
    use backstep::search::maze::Maze;
    MAZES.iter().for_each(|m| {
        let grid = input::maze::parse_list(m).expect("a valid maze");
        contract(&format!("maze {m}"), |r| Maze::new(&grid, r))
    });
}

/// Graphs (vertices, edges) for m = 1..=3, first colouring and all.
const GRAPHS: [(usize, &str); 5] = [
    (4, "0-1,1-3,2-3,3-0,0-2"),
    (0, ""),
    (3, ""),
    (5, "0-1,1-2,2-3,3-4,4-0"),
    (4, "0-1,0-2,0-3,1-2,1-3,2-3"),
];

#[test]
fn colour() {
    use backstep::search::colour::{Colour, ColourOptions};
    for (v, edges) in GRAPHS {
        let graph = input::colour::parse_edges(edges, Some(v)).expect("a valid graph");
        for (m, all) in (1..=3).flat_map(|m| [(m, false), (m, true)]) {
            let name = format!("colour V={v} {edges} m={m} all={all}");
            contract(&name, |rejects| {
                Colour::new(&graph, ColourOptions { m, all, rejects })
            });
        }
    }
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
fn sudoku_propagate() {
    PUZZLES.iter().for_each(|p| {
        let puzzle = input::load_puzzle(p).expect("a shipped puzzle").value;
        contract(&format!("sudoku {p} propagate"), |rejects| {
            Propagate::new(&puzzle, PropagateOptions { rejects })
        })
    });
}

/// Word lists covering the reference, pruning that empties the trie,
/// every word rejected before the search, and words that are prefixes of
/// others.
const LISTS: [(&str, &str); 5] = [
    ("OAAN,ETAE,IHKR,IFLV", "OATH,PEA,EAT,RAIN"),
    ("sample", "ABCCED,SEE,ABCB,SFCS,A"),
    ("sample", "ZZZ,ABCESCEESEEDAXY"),
    ("AAA,AAA,AAB", "A,AA,AAA,AAAB,BA,AAAAAAAA"),
    ("", "A"),
];

#[test]
fn words_with_and_without_pruning() {
    LISTS.iter().for_each(|(b, w)| {
        let board = input::load_board(b).expect("a valid board").value;
        let words = input::words::load_words(w).expect("a valid list");
        for prune in [true, false] {
            contract(&format!("words {w} on {b}, prune {prune}"), |rejects| {
                let options = WordsOptions {
                    inventory: true,
                    prune,
                    rejects,
                };
                Words::new(&board, &words, options)
            })
        }
    });
}

#[test]
fn sudoku_dlx() {
    PUZZLES.iter().for_each(|p| {
        let puzzle = input::load_puzzle(p).expect("a shipped puzzle").value;
        contract(&format!("sudoku {p} dlx"), |_| SudokuDlx::new(&puzzle))
    });
}
