//! The advanced labs against the searches they improve on, in one run:
//!
//! - `sudoku --order propagate` against `mrv` on `inkala` and a few hard
//!   9x9 puzzles: nodes, events and time of each (every event consumed,
//!   rejects included);
//! - `words` with 64 words on a 16x16 board against the single-word search
//!   run once per word: the found sets are asserted equal, then both timed.
//!
//! Times are the best of a few interleaved rounds, so that both sides of a
//! comparison see the same machine load. Run with `cargo bench --bench labs`.

use std::time::{Duration, Instant};

use backstep::input;
use backstep::search::Search;
use backstep::search::sudoku::{Order, Puzzle, Sudoku, SudokuOptions};
use backstep::search::sudoku_propagate::{Propagate, PropagateOptions};
use backstep::search::word::{Board, WordOptions, WordSearch};
use backstep::search::words::{Words, WordsOptions};

/// Rounds per measurement; the best is kept.
const ROUNDS: usize = 5;

/// Hard 9x9 puzzles from the puzzle literature (each has one solution).
const HARD: [(&str, &str); 3] = [
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

/// Runs `make()` to its end `ROUNDS` times; the best time, and the search
/// as it ended.
fn best<S: Search>(make: impl Fn() -> S) -> (Duration, S) {
    let mut fastest = Duration::MAX;
    let mut last = None;
    for _ in 0..ROUNDS {
        let mut search = make();
        let start = Instant::now();
        search.run_to_end();
        fastest = fastest.min(start.elapsed());
        last = Some(search);
    }
    (fastest, last.expect("at least one round"))
}

fn sudoku(name: &str, puzzle: &Puzzle) {
    let (mrv_time, mrv) = best(|| {
        Sudoku::new(
            puzzle,
            SudokuOptions {
                order: Order::Mrv,
                rejects: true,
            },
        )
    });
    let (prop_time, prop) = best(|| Propagate::new(puzzle, PropagateOptions { rejects: true }));
    assert_eq!(mrv.solution_count(), prop.solution_count(), "{name}");
    if mrv.solution_count() == 1 {
        assert_eq!(mrv.first_solution(), prop.first_solution(), "{name}");
    }
    let (m, p) = (mrv.counters(), prop.counters());
    println!(
        "{name:<14} mrv: {:>8} nodes {:>9} events {:>10.3} ms | propagate: {:>6} nodes \
         {:>6} forced {:>8} events {:>9.3} ms | time x{:.2}",
        m.nodes,
        m.steps,
        mrv_time.as_secs_f64() * 1e3,
        p.nodes,
        prop.forced(),
        p.steps,
        prop_time.as_secs_f64() * 1e3,
        prop_time.as_secs_f64() / mrv_time.as_secs_f64()
    );
}

/// SplitMix64: the same board and words on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, bound: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % bound as u64) as usize
    }
}

/// A 16x16 board over eight letters and 64 distinct words: half traced
/// along random paths of the board (so they are on it), half random.
fn words_case() -> (Board, Vec<String>) {
    const SIDE: usize = 16;
    let mut rng = Rng(212);
    let letters: Vec<Vec<u8>> = (0..SIDE)
        .map(|_| (0..SIDE).map(|_| b"AEIRSTNL"[rng.below(8)]).collect())
        .collect();
    let rows: Vec<String> = letters
        .iter()
        .map(|r| String::from_utf8(r.clone()).expect("ASCII"))
        .collect();
    let board = Board::new(&rows).expect("a valid board");
    let mut words: Vec<String> = Vec::new();
    while words.len() < 64 {
        let len = 4 + rng.below(6);
        let word: String = if words.len().is_multiple_of(2) {
            // A random self-avoiding walk.
            let mut path = vec![(rng.below(SIDE), rng.below(SIDE))];
            while path.len() < len {
                let &(r, c) = path.last().expect("a start");
                let (dr, dc) = [(0, 1), (1, 0), (0, -1), (-1, 0)][rng.below(4)];
                let (nr, nc) = (r as isize + dr, c as isize + dc);
                if (0..SIDE as isize).contains(&nr) && (0..SIDE as isize).contains(&nc) {
                    let next = (nr as usize, nc as usize);
                    if !path.contains(&next) {
                        path.push(next);
                    } else if rng.below(8) == 0 {
                        break;
                    }
                }
            }
            path.iter()
                .map(|&(r, c)| char::from(letters[r][c]))
                .collect()
        } else {
            (0..len)
                .map(|_| char::from(b"AEIRSTNL"[rng.below(8)]))
                .collect()
        };
        if !words.contains(&word) {
            words.push(word);
        }
    }
    (board, words)
}

fn words() {
    let (board, list) = words_case();
    let words = input::words::parse_word_list(&list.join(",")).expect("a valid list");
    assert_eq!(words.len(), 64);
    let per_word = || {
        words
            .iter()
            .map(|w| {
                let options = WordOptions {
                    inventory: true,
                    reverse: false,
                    rejects: true,
                };
                let mut search = WordSearch::new(&board, w, options);
                search.run_to_end();
                (
                    search.found().is_some(),
                    search.counters().nodes,
                    search.counters().steps,
                )
            })
            .collect::<Vec<_>>()
    };
    // The single-word searches, timed the same way (best of the rounds).
    let mut single_time = Duration::MAX;
    let mut single = Vec::new();
    for _ in 0..ROUNDS {
        let start = Instant::now();
        single = per_word();
        single_time = single_time.min(start.elapsed());
    }
    for (name, prune) in [("trie, pruned", true), ("trie, no prune", false)] {
        let (time, trie) = best(|| {
            Words::new(
                &board,
                &words,
                WordsOptions {
                    prune,
                    ..WordsOptions::default()
                },
            )
        });
        let found: Vec<bool> = (0..words.len()).map(|i| trie.found(i).is_some()).collect();
        let want: Vec<bool> = single.iter().map(|s| s.0).collect();
        assert_eq!(
            found, want,
            "the trie finds what the single-word search finds"
        );
        println!(
            "words 64 on 16x16, {name:<14}: found {:>2}, {:>7} nodes {:>8} events {:>9.3} ms",
            found.iter().filter(|f| **f).count(),
            trie.counters().nodes,
            trie.counters().steps,
            time.as_secs_f64() * 1e3
        );
    }
    println!(
        "words 64 on 16x16, one search per word: found {:>2}, {:>7} nodes {:>8} events {:>9.3} ms",
        single.iter().filter(|s| s.0).count(),
        single.iter().map(|s| s.1).sum::<u64>(),
        single.iter().map(|s| s.2).sum::<u64>(),
        single_time.as_secs_f64() * 1e3
    );
}

fn main() {
    // `cargo bench` passes `--bench`; a filter word, if any, picks a part.
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let wants = |part: &str| filter.as_deref().is_none_or(|f| part.contains(f));
    if wants("sudoku") {
        let inkala = input::load_puzzle("inkala").expect("shipped").value;
        sudoku("inkala", &inkala);
        for (name, grid) in HARD {
            let puzzle = input::parse_grid(grid).expect("a valid grid");
            sudoku(name, &puzzle);
        }
    }
    if wants("words") {
        words();
    }
}
