//! The engine's event iterators against plain recursive solvers.
//!
//! Every search in `backstep::search` is an explicit-stack state machine that
//! yields one event at a time, so that a person can step through it. That
//! costs something over a plain recursive solver, which keeps its state on
//! the call stack and reports nothing. This benchmark measures how much, for
//! each search, in three ways:
//!
//! - `recursive`: a plain recursive solver written here, counting the same
//!   nodes and solutions as the engine (asserted before anything is timed);
//! - `events-off`: the engine with reject events switched off (fast counting),
//!   every remaining event consumed;
//! - `every-event`: the engine with every event, rejects included, consumed.
//!
//! Criterion prints absolute times. Since the machine is noisy and the
//! targets are ratios, the run ends with a summary that times the three
//! variants of each case interleaved, round by round, and prints the ratios
//! iterator / recursive (best of the rounds). Targets: `events-off` within
//! 1.3x, `every-event` within 3x.
//!
//! Run with `cargo bench --bench engine`. Set `BACKSTEP_SUMMARY_ONLY=1` to
//! skip the criterion part and print only the ratio summary, and
//! `BACKSTEP_SUMMARY_FILTER=word` (say) to summarise only the cases whose
//! name holds that text.

use std::hint::black_box;
use std::time::{Duration, Instant};

use backstep::search::Search;
use backstep::search::queens::{Queens, QueensOptions};
use backstep::search::sudoku::{Order, Puzzle, Sudoku, SudokuOptions};
use backstep::search::word::{Board, WordOptions, WordSearch, parse_word};
use criterion::{Criterion, SamplingMode};

/// What a run of one search reports: solutions (weighted for N-Queens,
/// capped at 2 for Sudoku, 0 or 1 for Word Search), nodes, and the answer
/// (the first Sudoku solution, the Word Search path), so that the engine and
/// the baseline can be compared exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Outcome {
    solutions: u64,
    nodes: u64,
    answer: Vec<u8>,
}

/// Runs a search to its end, dropping every event it yields, as `backstep
/// --print summary` does: what is timed is the engine, not a consumer.
/// Returns the outcome and how many events there were.
fn drain<S: Search>(mut search: S, answer: impl Fn(&S) -> Vec<u8>) -> (Outcome, u64) {
    search.by_ref().for_each(drop);
    let c = *search.counters();
    let outcome = Outcome {
        solutions: c.solutions,
        nodes: c.nodes,
        answer: answer(&search),
    };
    (outcome, c.steps)
}

// ---------------------------------------------------------------------------
// N-Queens

/// Plain recursive N-Queens on bit masks, counting nodes as the engine does:
/// the root counts 1 and every placed queen 1. With symmetry only the left
/// half of the first row is searched, its solutions weighted 2, the centre
/// column of odd `n` weighted 1.
fn queens_recursive(n: u32, symmetry: bool) -> Outcome {
    fn place(all: u32, cols: u32, high: u32, low: u32, nodes: &mut u64) -> u64 {
        if cols == all {
            return 1;
        }
        let mut legal = all & !(cols | high | low);
        let mut solutions = 0;
        while legal != 0 {
            let bit = legal & legal.wrapping_neg();
            legal ^= bit;
            *nodes += 1;
            solutions += place(
                all,
                cols | bit,
                ((high | bit) << 1) & all,
                (low | bit) >> 1,
                nodes,
            );
        }
        solutions
    }

    let all = (1u32 << n) - 1;
    let mut nodes = 1;
    let mut solutions = 0;
    if n == 0 {
        solutions = 1;
    }
    for col in 0..n {
        if symmetry && col >= n.div_ceil(2) {
            continue;
        }
        let weight = if symmetry && col < n / 2 { 2 } else { 1 };
        let bit = 1 << col;
        nodes += 1;
        solutions += weight * place(all, bit, (bit << 1) & all, bit >> 1, &mut nodes);
    }
    Outcome {
        solutions,
        nodes,
        answer: Vec::new(),
    }
}

fn queens_iterator(n: u8, symmetry: bool, rejects: bool) -> (Outcome, u64) {
    let search = Queens::new(QueensOptions {
        n,
        symmetry,
        rejects,
    });
    drain(search, |_| Vec::new())
}

// ---------------------------------------------------------------------------
// Sudoku

/// Plain recursive Sudoku with the engine's rules: choose a cell (MRV: the
/// first blank without candidates, else the first with the fewest; `first`:
/// the first blank), try its candidates ascending, count every node entered,
/// stop at the second solution, keep the first.
struct SudokuRecursive {
    first_order: bool,
    all: u16,
    grid: Vec<u8>,
    /// Row, column and box of each cell, so no division runs per cell.
    units: Vec<(usize, usize, usize)>,
    rows: Vec<u16>,
    cols: Vec<u16>,
    boxes: Vec<u16>,
    count: u64,
    nodes: u64,
    first: Option<Vec<u8>>,
}

impl SudokuRecursive {
    fn run(puzzle: &Puzzle, order: Order) -> Outcome {
        let size = puzzle.size() as usize;
        let side = if size == 4 { 2 } else { 3 };
        let units: Vec<_> = (0..size * size)
            .map(|i| {
                let (r, c) = (i / size, i % size);
                (r, c, r / side * side + c / side)
            })
            .collect();
        let mut s = SudokuRecursive {
            first_order: order == Order::First,
            all: (1 << size) - 1,
            grid: puzzle.cells().to_vec(),
            units,
            rows: vec![0; size],
            cols: vec![0; size],
            boxes: vec![0; size],
            count: 0,
            nodes: 0,
            first: None,
        };
        for i in 0..size * size {
            if s.grid[i] != 0 {
                s.toggle(i, 1 << (s.grid[i] - 1));
            }
        }
        s.solve(0);
        assert_eq!(s.grid, puzzle.cells(), "the working grid is restored");
        Outcome {
            solutions: s.count,
            nodes: s.nodes,
            answer: s.first.unwrap_or_default(),
        }
    }

    fn toggle(&mut self, i: usize, bit: u16) {
        let (r, c, b) = self.units[i];
        self.rows[r] ^= bit;
        self.cols[c] ^= bit;
        self.boxes[b] ^= bit;
    }

    /// Returns true when the search must stop (two solutions). With the
    /// `first` order every cell before `from` is filled, so the scan starts
    /// there.
    fn solve(&mut self, from: usize) -> bool {
        self.nodes += 1;
        let mut best: Option<(usize, u16)> = None;
        let mut fewest = u32::MAX;
        for i in from..self.grid.len() {
            if self.grid[i] != 0 {
                continue;
            }
            let (r, c, b) = self.units[i];
            let candidates = self.all & !(self.rows[r] | self.cols[c] | self.boxes[b]);
            if self.first_order || candidates == 0 {
                best = Some((i, candidates));
                break;
            }
            if candidates.count_ones() < fewest {
                fewest = candidates.count_ones();
                best = Some((i, candidates));
            }
        }
        let Some((cell, mut candidates)) = best else {
            self.count += 1;
            if self.first.is_none() {
                self.first = Some(self.grid.clone());
            }
            return self.count >= 2;
        };
        let next = if self.first_order { cell + 1 } else { 0 };
        while candidates != 0 {
            let bit = candidates & candidates.wrapping_neg();
            candidates ^= bit;
            self.grid[cell] = bit.trailing_zeros() as u8 + 1;
            self.toggle(cell, bit);
            let stop = self.solve(next);
            self.toggle(cell, bit);
            self.grid[cell] = 0;
            if stop {
                return true;
            }
        }
        false
    }
}

fn sudoku_iterator(puzzle: &Puzzle, order: Order, rejects: bool) -> (Outcome, u64) {
    let search = Sudoku::new(puzzle, SudokuOptions { order, rejects });
    drain(search, |s| s.first_solution().unwrap_or_default().to_vec())
}

// ---------------------------------------------------------------------------
// Word Search

/// Plain recursive Word Search with the engine's rules: the too-long and
/// inventory checks first, the reversal decision (first letter strictly more
/// common than the last), start cells row-major, neighbours up, right, down,
/// left, a node per entered cell, stop at the first path found. The answer
/// is the path as `row, col` bytes in the original word's order.
fn word_recursive(rows: usize, cols: usize, letters: &[u8], word: &[u8], reverse: bool) -> Outcome {
    struct Walk<'a> {
        rows: usize,
        cols: usize,
        letters: &'a [u8],
        searched: Vec<u8>,
        visited: Vec<bool>,
        path: Vec<usize>,
        nodes: u64,
    }

    impl Walk<'_> {
        fn enter(&mut self, cell: usize, index: usize) -> bool {
            self.nodes += 1;
            self.visited[cell] = true;
            self.path.push(cell);
            let mut found = index + 1 == self.searched.len();
            if !found {
                let (r, c) = (cell / self.cols, cell % self.cols);
                let neighbours = [
                    (r > 0).then(|| cell - self.cols),
                    (c + 1 < self.cols).then_some(cell + 1),
                    (r + 1 < self.rows).then(|| cell + self.cols),
                    (c > 0).then(|| cell - 1),
                ];
                for next in neighbours.into_iter().flatten() {
                    if !self.visited[next]
                        && self.letters[next] == self.searched[index + 1]
                        && self.enter(next, index + 1)
                    {
                        found = true;
                        break;
                    }
                }
            }
            if !found {
                self.path.pop();
            }
            self.visited[cell] = false;
            found
        }
    }

    let not_found = Outcome {
        solutions: 0,
        nodes: 0,
        answer: Vec::new(),
    };
    if word.is_empty() {
        return Outcome {
            solutions: 1,
            ..not_found
        };
    }
    if word.len() > letters.len() {
        return not_found;
    }
    let mut have = [0usize; 26];
    let mut need = [0usize; 26];
    letters.iter().for_each(|&l| have[(l - b'A') as usize] += 1);
    word.iter().for_each(|&l| need[(l - b'A') as usize] += 1);
    if need.iter().zip(&have).any(|(n, h)| n > h) {
        return not_found;
    }
    let count = |l: u8| have[(l - b'A') as usize];
    let reversed = reverse && count(word[0]) > count(word[word.len() - 1]);
    let mut searched = word.to_vec();
    if reversed {
        searched.reverse();
    }
    let mut walk = Walk {
        rows,
        cols,
        letters,
        searched,
        visited: vec![false; letters.len()],
        path: Vec::with_capacity(word.len()),
        nodes: 0,
    };
    for (start, &letter) in letters.iter().enumerate() {
        if letter == walk.searched[0] && walk.enter(start, 0) {
            if reversed {
                walk.path.reverse();
            }
            let answer = walk
                .path
                .iter()
                .flat_map(|&cell| [(cell / cols) as u8, (cell % cols) as u8])
                .collect();
            return Outcome {
                solutions: 1,
                nodes: walk.nodes,
                answer,
            };
        }
    }
    Outcome {
        nodes: walk.nodes,
        ..not_found
    }
}

fn word_iterator(board: &Board, word: &str, reverse: bool, rejects: bool) -> (Outcome, u64) {
    let options = WordOptions {
        inventory: true,
        reverse,
        rejects,
    };
    drain(WordSearch::new(board, word, options), |s| {
        s.found()
            .unwrap_or_default()
            .iter()
            .flat_map(|&(r, c)| [r, c])
            .collect()
    })
}

// ---------------------------------------------------------------------------
// The cases

type Run = Box<dyn Fn() -> Outcome>;
type Events = Box<dyn Fn() -> (Outcome, u64)>;

/// One benchmark case: the recursive baseline and the engine with rejects
/// off and on.
struct Case {
    name: String,
    recursive: Run,
    events_off: Events,
    every_event: Events,
}

fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for n in [12u8, 13] {
        for symmetry in [false, true] {
            let mode = if symmetry { "symmetry" } else { "full" };
            cases.push(Case {
                name: format!("queens-{n}-{mode}"),
                recursive: Box::new(move || queens_recursive(u32::from(n), symmetry)),
                events_off: Box::new(move || queens_iterator(n, symmetry, false)),
                every_event: Box::new(move || queens_iterator(n, symmetry, true)),
            });
        }
    }

    let inkala = backstep::input::load_puzzle("inkala")
        .expect("the inkala puzzle is shipped")
        .value;
    for order in [Order::Mrv, Order::First] {
        let (a, b, c) = (inkala.clone(), inkala.clone(), inkala.clone());
        cases.push(Case {
            name: format!("sudoku-inkala-{}", order.name()),
            recursive: Box::new(move || SudokuRecursive::run(&a, order)),
            events_off: Box::new(move || sudoku_iterator(&b, order, false)),
            every_event: Box::new(move || sudoku_iterator(&c, order, true)),
        });
    }

    // A 6x6 board of A with one B in the bottom-right corner. Reversal makes
    // both words below start from the lone B (12 nodes); the third case
    // switches reversal off to show the search it saves.
    let lines = ["AAAAAA", "AAAAAA", "AAAAAA", "AAAAAA", "AAAAAA", "AAAAAB"];
    let board = Board::new(&lines).expect("a valid board");
    let letters: Vec<u8> = lines.concat().into_bytes();
    for (word, reverse, label) in [
        ("AAAAAAAAAAAB", true, "AAAAAAAAAAAB"),
        ("BAAAAAAAAAAA", true, "BAAAAAAAAAAA"),
        ("AAAAAAAAAAAB", false, "AAAAAAAAAAAB-no-reverse"),
    ] {
        let word = parse_word(word).expect("a valid word");
        let (b1, b2) = (board.clone(), board.clone());
        let (w1, w2) = (word.clone(), word.clone());
        let letters = letters.clone();
        cases.push(Case {
            name: format!("word-{label}"),
            recursive: Box::new(move || word_recursive(6, 6, &letters, word.as_bytes(), reverse)),
            events_off: Box::new(move || word_iterator(&b1, &w1, reverse, false)),
            every_event: Box::new(move || word_iterator(&b2, &w2, reverse, true)),
        });
    }
    cases
}

/// The engine and the baseline must agree before anything is timed; returns
/// the event counts with rejects off and on.
fn check(case: &Case) -> (Outcome, u64, u64) {
    let expected = (case.recursive)();
    let (off, off_events) = (case.events_off)();
    let (all, all_events) = (case.every_event)();
    assert_eq!(
        off, expected,
        "{}: engine (rejects off) vs recursive",
        case.name
    );
    assert_eq!(
        all, expected,
        "{}: engine (every event) vs recursive",
        case.name
    );
    (expected, off_events, all_events)
}

// ---------------------------------------------------------------------------
// The ratio summary

/// Times `f` over a batch of `iters` calls; returns the time per call.
fn per_call<T>(iters: u32, f: &dyn Fn() -> T) -> Duration {
    let start = Instant::now();
    for _ in 0..iters {
        black_box(f());
    }
    start.elapsed() / iters
}

/// The best of the rounds: other work on the machine only ever adds time,
/// so the fastest round is the closest to the code's own cost.
fn best(times: Vec<Duration>) -> Duration {
    times.into_iter().min().unwrap_or_default()
}

fn show(d: Duration) -> String {
    let ns = d.as_nanos() as f64;
    if ns >= 1e6 {
        format!("{:.2} ms", ns / 1e6)
    } else if ns >= 1e3 {
        format!("{:.2} µs", ns / 1e3)
    } else {
        format!("{ns:.0} ns")
    }
}

/// Times the three variants of every case interleaved, round by round, so
/// that a slow spell of the machine hits all three alike, and prints the
/// best time of each and the ratios to the recursive baseline.
fn summary(cases: &[Case]) {
    const ROUNDS: usize = 9;
    // Each timed batch lasts about this long, so short cases are measured
    // over many calls.
    const BATCH: Duration = Duration::from_millis(40);
    println!();
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "Ratio summary: best of {ROUNDS} interleaved rounds, each a batch of about 40 ms or one run (load average {})",
        load.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    );
    println!(
        "| case | nodes | events off / every | recursive | events off | ratio | every event | ratio |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    let mut missed = Vec::new();
    let filter = std::env::var("BACKSTEP_SUMMARY_FILTER").unwrap_or_default();
    for case in cases.iter().filter(|c| c.name.contains(&filter)) {
        let (outcome, off_events, all_events) = check(case);
        let variants: [&dyn Fn() -> Outcome; 3] =
            [&|| (case.recursive)(), &|| (case.events_off)().0, &|| {
                (case.every_event)().0
            }];
        // One call each to size the batches.
        let iters: Vec<u32> = variants
            .iter()
            .map(|f| {
                let once = per_call(1, f).max(Duration::from_nanos(1));
                (BATCH.as_nanos() / once.as_nanos()).clamp(1, 1_000_000) as u32
            })
            .collect();
        let mut times = vec![Vec::new(); 3];
        for _ in 0..ROUNDS {
            for (k, f) in variants.iter().enumerate() {
                times[k].push(per_call(iters[k], f));
            }
        }
        let [base, off, all]: [Duration; 3] = times
            .into_iter()
            .map(best)
            .collect::<Vec<_>>()
            .try_into()
            .expect("three variants");
        let off_ratio = off.as_secs_f64() / base.as_secs_f64();
        let all_ratio = all.as_secs_f64() / base.as_secs_f64();
        if off_ratio > 1.3 {
            missed.push(format!("{} events off {off_ratio:.2}x > 1.3x", case.name));
        }
        if all_ratio > 3.0 {
            missed.push(format!("{} every event {all_ratio:.2}x > 3x", case.name));
        }
        println!(
            "| {} | {} | {off_events} / {all_events} | {} | {} | {off_ratio:.2}x | {} | {all_ratio:.2}x |",
            case.name,
            outcome.nodes,
            show(base),
            show(off),
            show(all),
        );
    }
    if missed.is_empty() {
        println!("\nTargets met: events off within 1.3x, every event within 3x.");
    } else {
        println!("\nTargets missed: {}", missed.join("; "));
    }
}

fn main() {
    let cases = cases();
    for case in &cases {
        check(case);
    }

    let args: Vec<String> = std::env::args().collect();
    let benchmarking =
        args.iter().any(|a| a == "--bench") && !args.iter().any(|a| a == "--test" || a == "--list");
    let summary_only = std::env::var_os("BACKSTEP_SUMMARY_ONLY").is_some();

    if !(benchmarking && summary_only) {
        // Short windows keep `cargo bench` to a few minutes on two cores;
        // the flat sampling mode lets a case that takes a third of a second
        // per run still fit ten samples.
        let mut c = Criterion::default()
            .sample_size(10)
            .warm_up_time(Duration::from_millis(300))
            .measurement_time(Duration::from_secs(1))
            .configure_from_args();
        for case in &cases {
            let mut group = c.benchmark_group(&case.name);
            group.sampling_mode(SamplingMode::Flat);
            group.bench_function("recursive", |b| b.iter(|| (case.recursive)()));
            group.bench_function("events-off", |b| b.iter(|| (case.events_off)()));
            group.bench_function("every-event", |b| b.iter(|| (case.every_event)()));
            group.finish();
        }
        c.final_summary();
    }

    if benchmarking {
        summary(&cases);
    }
}
