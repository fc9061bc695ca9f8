//! `sudoku ... --order propagate` (EVENTS.md §2 sudoku): the reference stream and
//! summaries, the existing MRV search as an oracle for the count and the
//! first solution, and the trail property (undoing restores every
//! candidate set exactly).

use serde_json::Value;

use backstep::assets;
use backstep::input;
use backstep::print::{Mode, print};
use backstep::search::sudoku::{Order, Puzzle, Sudoku, SudokuOptions};
use backstep::search::sudoku_propagate::{Propagate, PropagateEvent, PropagateOptions};
use backstep::search::{EventKind, Search, SearchEvent};

use crate::Rng;

const CAMPUS4: &str = include_str!("../fixtures/sudoku-campus4-propagate.jsonl");
const SUMMARIES: &str = include_str!("../fixtures/summaries.txt");

fn propagate(puzzle: &Puzzle, rejects: bool) -> Propagate {
    Propagate::new(puzzle, PropagateOptions { rejects })
}

fn printed(search: Propagate, mode: Mode) -> String {
    let mut out = Vec::new();
    print(search, mode, &mut out).expect("printing to memory works");
    String::from_utf8(out).expect("UTF-8 output")
}

/// The output `summaries.txt` gives for the command `command`.
pub fn reference_summary(command: &str) -> String {
    let mut lines = SUMMARIES.lines();
    let header = format!("$ {command}");
    lines
        .by_ref()
        .find(|l| *l == header)
        .unwrap_or_else(|| panic!("{command:?} is not in summaries.txt"));
    let body: Vec<&str> = lines.take_while(|l| !l.starts_with("$ ")).collect();
    format!("{}\n", body.join("\n"))
}

/// Compares JSON lines as parsed values, line by line, then their count.
pub fn assert_same_jsonl(got: &str, want: &str) {
    let parse = |l: &str| -> Value { serde_json::from_str(l).expect("a JSON line") };
    let got: Vec<Value> = got.lines().map(parse).collect();
    let want: Vec<Value> = want.lines().map(parse).collect();
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(g, w, "line {} differs", i + 1);
    }
    assert_eq!(got.len(), want.len(), "number of lines");
}

#[test]
fn campus_jsonl_matches_the_reference() {
    let puzzle = input::load_puzzle("campus").expect("shipped").value;
    assert_same_jsonl(&printed(propagate(&puzzle, true), Mode::Jsonl), CAMPUS4);
}

#[test]
fn summaries_match_the_reference() {
    for grid in [
        "1..4.41.2..3.32.",
        "530070000600195000098000060800060003400803001700020006060000280000419005000080079",
    ] {
        let command = format!("backstep sudoku {grid} --order propagate --print summary");
        let puzzle = input::load_puzzle(grid).expect("a valid grid").value;
        assert_eq!(
            printed(propagate(&puzzle, true), Mode::Summary),
            reference_summary(&command),
            "{command}"
        );
    }
}

/// Count and first solution of the existing MRV search: the oracle (the
/// first solution agrees when it is the only one).
fn mrv(puzzle: &Puzzle) -> (u32, Option<Vec<u8>>) {
    let mut search = Sudoku::new(
        puzzle,
        SudokuOptions {
            order: Order::Mrv,
            rejects: false,
        },
    );
    search.run_to_end();
    (
        search.solution_count(),
        search.first_solution().map(<[u8]>::to_vec),
    )
}

fn check_against_mrv(puzzle: &Puzzle, case: &str) {
    let mut search = propagate(puzzle, false);
    search.run_to_end();
    let got = (
        search.solution_count(),
        search.first_solution().map(<[u8]>::to_vec),
    );
    let want = mrv(puzzle);
    assert_eq!(got.0, want.0, "{case}: count");
    if got.0 == 1 {
        assert_eq!(got.1, want.1, "{case}: the solution");
    } else if let Some(first) = &got.1 {
        // With two solutions or more, propagation changes which blank is
        // guessed (MRV is taken after the forced places), and so which
        // solution comes first: it must still be a completion of the givens.
        let complete = first.len() != 16
            || crate::oracles::all_4x4_grids()
                .iter()
                .any(|g| g[..] == first[..]);
        let keeps = first
            .iter()
            .zip(puzzle.cells())
            .all(|(&d, &g)| g == 0 || d == g);
        assert!(complete && keeps, "{case}: first solution {first:?}");
    }
    assert_eq!(search.grid(), puzzle.cells(), "{case}: grid restored");
}

#[test]
fn random_4x4_grids_agree_with_mrv() {
    let mut rng = Rng::new(12);
    let grids = crate::oracles::all_4x4_grids();
    let (mut checked, mut dead_units) = (0, 0);
    for case in 0..3000 {
        let mut cells: Vec<u8> = if rng.chance(50) {
            // Blanked from a complete grid: at least one solution.
            let grid = grids[rng.below(grids.len())];
            grid.iter()
                .map(|&d| if rng.chance(60) { 0 } else { d })
                .collect()
        } else {
            (0..16)
                .map(|_| {
                    if rng.chance(30) {
                        1 + rng.below(4) as u8
                    } else {
                        0
                    }
                })
                .collect()
        };
        if rng.chance(10) {
            cells.iter_mut().for_each(|c| *c = 0);
        }
        let Ok(puzzle) = Puzzle::new(cells) else {
            continue;
        };
        checked += 1;
        check_against_mrv(&puzzle, &format!("case {case}: {:?}", puzzle.cells()));
        dead_units += propagate(&puzzle, true)
            .filter(|e| matches!(e, PropagateEvent::Missing { .. }))
            .count();
    }
    assert!(checked > 1000, "only {checked} consistent grids");
    // The unit dead end (step 3's count 0) must be reached, or its rule is
    // untested.
    assert!(dead_units > 0, "no unit dead end in any case");
}

#[test]
fn every_shipped_9x9_agrees_with_mrv() {
    for asset in assets::SUDOKU {
        let puzzle = input::load_puzzle(asset.name).expect("shipped").value;
        check_against_mrv(&puzzle, asset.name);
    }
}

/// The grid and every cell's candidate set (0 for a filled cell).
type Snapshot = (Vec<u8>, Vec<u16>);

/// The grid and every cell's candidate set now.
fn snapshot(search: &Propagate) -> Snapshot {
    let cells = search.grid().len();
    (
        search.grid().to_vec(),
        (0..cells).map(|i| search.candidates(i)).collect(),
    )
}

/// The trail property: each `undo` restores the candidate sets (and grid)
/// to exactly what they were before its `place`; so undoing back to a
/// guess restores the state right after it, and undoing the guess the
/// state before it.
fn check_trail(puzzle: &Puzzle, case: &str) -> usize {
    let mut search = propagate(puzzle, true);
    // One entry per open place: the state before it, whether it was a guess.
    let mut open: Vec<(Snapshot, bool)> = Vec::new();
    let mut guesses_undone = 0;
    loop {
        let before = snapshot(&search);
        let Some(event) = search.next() else { break };
        match event {
            PropagateEvent::Place { forced, .. } => open.push((before, forced.is_none())),
            PropagateEvent::Undo { .. } => {
                let (state, guess) = open.pop().expect("an open place");
                assert_eq!(snapshot(&search), state, "{case}: undo restores");
                guesses_undone += usize::from(guess);
            }
            _ => {}
        }
        assert_eq!(
            search.trail().len(),
            open.len(),
            "{case}: trail is the depth"
        );
    }
    assert!(open.is_empty());
    assert_eq!(search.grid(), puzzle.cells(), "{case}: grid restored");
    guesses_undone
}

#[test]
fn undoing_restores_every_candidate_set() {
    let mut rng = Rng::new(99);
    let mut guesses = 0;
    let grids = crate::oracles::all_4x4_grids();
    for case in 0..300 {
        let grid = grids[rng.below(grids.len())];
        let cells: Vec<u8> = grid
            .iter()
            .map(|&d| if rng.chance(75) { 0 } else { d })
            .collect();
        let puzzle = Puzzle::new(cells).expect("from a complete grid");
        guesses += check_trail(&puzzle, &format!("case {case}"));
    }
    for name in ["sample", "unsat9", "empty4", "unsat4"] {
        let puzzle = input::load_puzzle(name).expect("shipped").value;
        guesses += check_trail(&puzzle, name);
    }
    assert!(guesses > 0, "no guess was ever undone");
}

#[test]
fn guesses_are_counted_as_nodes_and_forced_places_are_not() {
    let puzzle = input::load_puzzle("empty4").expect("shipped").value;
    let mut search = propagate(&puzzle, true);
    let (mut guesses, mut forced) = (0u64, 0u64);
    for event in search.by_ref() {
        if let PropagateEvent::Place { forced: f, .. } = event {
            if f.is_some() {
                forced += 1;
            } else {
                guesses += 1;
            }
        }
        assert!(event.kind() != EventKind::Place || guesses + forced > 0);
    }
    assert_eq!(search.counters().nodes, 1 + guesses);
    assert_eq!(search.forced(), forced);
    // An empty 4x4 has 288 solutions: the cap stops it at two.
    assert_eq!(search.solution_count(), 2);
    assert!(guesses > 0);
}
