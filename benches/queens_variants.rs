//! The N-Queens variants of EVENTS.md §2, timed (issues 10 and 15).
//!
//! - `permutations`: the permutation search's iterator with every event
//!   against a recursion written here that builds the same events (the
//!   real `QueensEvent` values, in the same order) and hands each to a
//!   callback. The streams are compared event by event first (n = 0..=7
//!   collected, the timed sizes in lockstep). Target: within 2x.
//! - `states`: the same tree with the attacks held three ways, counted
//!   side by side (`--full`, events off: rejects off, every other event
//!   consumed): Walker's bit masks (`Queens`), the boolean arrays and
//!   Algorithm B's array. The ratios are set beside seed 001's claim that
//!   the masks win by five to ten times.
//!
//! Timing: each variant of a case runs once per round, interleaved, for
//! `ROUNDS` rounds; the best time of each is kept (the machine is shared
//! and noisy). Run with `cargo bench --bench queens_variants`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use backstep::search::queens::{Attack, Attacks, Columns, Queens, QueensEvent, QueensOptions};
use backstep::search::queens_permutations::Permutations;
use backstep::search::queens_state::{QueensArray, QueensBools};
use backstep::search::{Counters, EventKind, Search, SearchEvent};

const ROUNDS: usize = 5;

/// The permutation search as a plain recursion with a callback: the same
/// events, in the same order, as `Permutations` with rejects on.
struct Recursive<F: FnMut(QueensEvent)> {
    n: usize,
    used: u32,
    queens: [u8; 16],
    counters: Counters,
    visit: F,
}

impl<F: FnMut(QueensEvent)> Recursive<F> {
    fn run(n: u8, visit: F) -> (u64, u64) {
        let mut s = Recursive {
            n: usize::from(n),
            used: 0,
            queens: [0; 16],
            counters: Counters {
                nodes: 1,
                ..Counters::default()
            },
            visit,
        };
        s.node(0);
        (s.counters.solutions, s.counters.nodes)
    }

    /// Hands an event over, keeping the counters the engine keeps.
    #[inline(always)]
    fn emit(&mut self, event: QueensEvent) {
        let c = &mut self.counters;
        c.steps += 1;
        match event.kind() {
            EventKind::Place => c.depth += 1,
            EventKind::Undo => c.depth -= 1,
            EventKind::Reject => c.rejects += 1,
            EventKind::DeadEnd => c.dead_ends += 1,
            EventKind::Solution => c.found += 1,
        }
        (self.visit)(event);
    }

    fn node(&mut self, depth: usize) {
        if depth == self.n {
            return self.complete();
        }
        let row = depth as u8;
        for col in 0..self.n as u8 {
            let bit = 1u32 << col;
            if self.used & bit != 0 {
                let by = Attacks::none().with(Attack::Column, true);
                self.emit(QueensEvent::Reject { row, col, by });
                continue;
            }
            self.used |= bit;
            self.queens[depth] = col;
            self.counters.nodes += 1;
            self.emit(QueensEvent::Place { row, col });
            self.node(depth + 1);
            self.used &= !bit;
            self.emit(QueensEvent::Undo { row, col });
        }
    }

    fn complete(&mut self) {
        let a = &self.queens[..self.n];
        for j in 1..self.n {
            let (mut high, mut low) = (false, false);
            for i in 0..j {
                let (dc, dr) = (i32::from(a[j]) - i32::from(a[i]), (j - i) as i32);
                high |= dc == dr;
                low |= -dc == dr;
            }
            if high || low {
                let by = Attacks::none()
                    .with(Attack::High, high)
                    .with(Attack::Low, low);
                let (row, col) = (j as u8, a[j]);
                self.emit(QueensEvent::Reject { row, col, by });
                self.emit(QueensEvent::DeadEnd { row: self.n as u8 });
                return;
            }
        }
        self.counters.solutions += 1;
        let queens = Columns::new(a);
        self.emit(QueensEvent::Solution { queens, weight: 1 });
    }
}

/// Drains a search, each event through `black_box`; returns its solutions,
/// nodes and steps.
fn drain<S: Search>(mut search: S) -> (u64, u64, u64) {
    for event in search.by_ref() {
        black_box(event);
    }
    let c = search.counters();
    (c.solutions, c.nodes, c.steps)
}

/// The recursion with every event through `black_box`.
fn recursive(n: u8) -> (u64, u64, u64) {
    let mut steps = 0u64;
    let (solutions, nodes) = Recursive::run(n, |event| {
        black_box(event);
        steps += 1;
    });
    (solutions, nodes, steps)
}

/// Asserts the recursion's stream is the engine's, event by event.
fn check_permutations(n: u8) {
    let mut engine = Permutations::new(n, true);
    let mut k = 0u64;
    let (solutions, nodes) = Recursive::run(n, |event| {
        let expected = engine.next();
        assert_eq!(expected, Some(event), "n = {n}: event {k}");
        k += 1;
    });
    assert!(engine.next().is_none(), "n = {n}: the engine goes on");
    let c = engine.counters();
    assert_eq!((c.solutions, c.nodes, c.steps), (solutions, nodes, k));
}

/// Times each variant once per round, interleaved; the best of each.
/// A timed variant: its name and a run returning solutions, nodes, steps.
type Variant<'a> = (&'a str, &'a dyn Fn() -> (u64, u64, u64));

fn best(variants: &[Variant<'_>]) -> Vec<Duration> {
    let mut best = vec![Duration::MAX; variants.len()];
    let expected = variants[0].1();
    for _ in 0..ROUNDS {
        for (i, (name, run)) in variants.iter().enumerate() {
            let start = Instant::now();
            let outcome = run();
            best[i] = best[i].min(start.elapsed());
            assert_eq!(
                (outcome.0, outcome.1),
                (expected.0, expected.1),
                "{name}: solutions and nodes"
            );
        }
    }
    best
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    // Criterion's flags (`--bench`) are accepted and ignored; a word
    // (`permutations` or `states`) runs only the part it names.
    let only = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let runs = |part: &str| only.as_deref().is_none_or(|o| part.contains(o));
    for n in 0..=9 {
        check_permutations(n);
    }
    if runs("permutations") {
        permutations();
    }
    if runs("states") {
        states();
    }
}

fn permutations() {
    println!("permutations: iterator with every event vs recursion with a callback");
    println!("| n | nodes | events | iterator | recursion | ratio |");
    println!("|---|---|---|---|---|---|");
    for n in [8u8, 9, 10] {
        let (_, nodes, steps) = recursive(n);
        let t = best(&[
            ("iterator", &|| drain(Permutations::new(n, true))),
            ("recursion", &|| recursive(n)),
        ]);
        println!(
            "| {n} | {nodes} | {steps} | {:.2} ms | {:.2} ms | {:.2}x |",
            ms(t[0]),
            ms(t[1]),
            t[0].as_secs_f64() / t[1].as_secs_f64()
        );
    }
}

fn states() {
    println!();
    println!("states: --full, events off (rejects off), each event consumed");
    println!("| n | nodes | masks | bools | array | bools/masks | array/masks |");
    println!("|---|---|---|---|---|---|---|");
    for n in [12u8, 13] {
        let masks = || {
            drain(Queens::new(QueensOptions {
                n,
                symmetry: false,
                rejects: false,
            }))
        };
        let (_, nodes, _) = masks();
        let t = best(&[
            ("masks", &masks),
            ("bools", &|| drain(QueensBools::new(n, false, false))),
            ("array", &|| drain(QueensArray::new(n, false, false))),
        ]);
        println!(
            "| {n} | {nodes} | {:.2} ms | {:.2} ms | {:.2} ms | {:.2}x | {:.2}x |",
            ms(t[0]),
            ms(t[1]),
            ms(t[2]),
            t[1].as_secs_f64() / t[0].as_secs_f64(),
            t[2].as_secs_f64() / t[0].as_secs_f64()
        );
    }
}
