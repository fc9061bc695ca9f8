//! Exact cover against two references, side by side in one run:
//!
//! 1. counting (`cover ... --print summary`, [`Search::run_to_end`])
//!    against a plain C dancing-links counter, `benches/dlx.c`, compiled
//!    with `cc -O2` when the bench starts, on the same file: the same
//!    solutions, nodes and updates are asserted;
//! 2. the iterator with every event against a recursive dancing-links
//!    search written here on the same [`Links`], producing the same events
//!    through a callback: the same event count and checksum are asserted.
//!
//! Plain timing (no criterion): one run takes seconds to a minute. Each time
//! is the best of `BACKSTEP_REPS` runs (1 by default). The problem is
//! `BACKSTEP_COVER` (a shipped name or a `.dlx` file; the reference
//! `pentomino6x10` by default, a billion updates; `pentomino3x20` takes a
//! second). `cargo bench --bench cover`.

use std::hint::black_box;
use std::process::Command;
use std::time::{Duration, Instant};

use backstep::input;
use backstep::search::Search;
use backstep::search::cover::{Cover, CoverEvent, Links, Problem};

/// The best time of `reps` runs of `run`, and its last result.
fn best<T>(reps: usize, mut run: impl FnMut() -> T) -> (Duration, T) {
    let mut fastest = Duration::MAX;
    let mut out = None;
    for _ in 0..reps.max(1) {
        let start = Instant::now();
        let result = run();
        fastest = fastest.min(start.elapsed());
        out = Some(result);
    }
    (fastest, out.expect("one run at least"))
}

/// A cheap order-sensitive checksum of an event.
fn mix(sum: u64, event: &CoverEvent) -> u64 {
    let (kind, a, b) = match *event {
        CoverEvent::Place { item, option } => (1, item, option),
        CoverEvent::DeadEnd { item } => (2, item, 0),
        CoverEvent::Undo { item, option } => (3, item, option),
        CoverEvent::Solution { count } => (4, count as u32, 0),
    };
    let word = (kind << 56) ^ (u64::from(a) << 28) ^ u64::from(b);
    (sum ^ word).wrapping_mul(0x0100_0000_01b3).rotate_left(5)
}

/// Algorithm X by recursion on the call stack, yielding the iterator's
/// events through `emit`.
struct Recursive<'a, F: FnMut(CoverEvent)> {
    links: Links,
    solutions: u64,
    updates: u64,
    emit: &'a mut F,
}

impl<F: FnMut(CoverEvent)> Recursive<'_, F> {
    fn search(&mut self) {
        let Some(c) = self.links.fewest() else {
            self.solutions += 1;
            (self.emit)(CoverEvent::Solution {
                count: self.solutions,
            });
            return;
        };
        if self.links.len[c as usize] == 0 {
            (self.emit)(CoverEvent::DeadEnd { item: c - 1 });
            return;
        }
        self.updates += self.links.cover(c);
        let mut r = self.links.down[c as usize];
        while r != c {
            let option = self.links.option[r as usize];
            self.updates += self.links.cover_others(r);
            (self.emit)(CoverEvent::Place {
                item: c - 1,
                option,
            });
            self.search();
            self.links.uncover_others(r);
            (self.emit)(CoverEvent::Undo {
                item: c - 1,
                option,
            });
            r = self.links.down[r as usize];
        }
        self.links.uncover(c);
    }
}

/// Compiles `benches/dlx.c` and runs it on `file`: its output line.
fn c_reference(file: &str) -> Option<String> {
    let out = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("dlx-c");
    let source = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/dlx.c");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let built = Command::new(&cc)
        .args(["-O2", "-o"])
        .arg(&out)
        .arg(source)
        .status();
    if !built.is_ok_and(|s| s.success()) {
        eprintln!("{cc} could not compile {source}: no C reference");
        return None;
    }
    let run = Command::new(&out).arg(file).output().ok()?;
    Some(String::from_utf8_lossy(&run.stdout).trim().to_string())
}

/// `key=value` out of the C program's line.
fn field(line: &str, key: &str) -> String {
    line.split(' ')
        .find_map(|kv| kv.strip_prefix(key)?.strip_prefix('='))
        .unwrap_or_default()
        .to_string()
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return; // `cargo test --benches` lists; nothing to list here.
    }
    let reps: usize = std::env::var("BACKSTEP_REPS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(1);
    let name = std::env::var("BACKSTEP_COVER").unwrap_or_else(|_| "pentomino6x10".into());
    // The reference file when one has the name, so the C program reads the
    // very file backstep does.
    let reference = format!(
        "{}/tests/fixtures/cover/{name}.dlx",
        env!("CARGO_MANIFEST_DIR")
    );
    let file = if std::path::Path::new(&reference).exists() {
        reference
    } else {
        name.clone()
    };
    let problem: Problem = input::cover::load(&file).expect("a problem").value;
    println!("cover {name} ({file})");

    // 1. Counting against C.
    let (rust_time, counted) = best(reps, || {
        let mut search = Cover::new(&problem, None);
        search.run_to_end();
        search
    });
    let c = counted.counters();
    println!(
        "  backstep run_to_end: {:>9.3} s  solutions={} nodes={} updates={}",
        rust_time.as_secs_f64(),
        c.solutions,
        c.nodes,
        counted.updates()
    );
    if let Some(line) = c_reference(&file) {
        let c_time: f64 = field(&line, "seconds").parse().unwrap_or(f64::NAN);
        assert_eq!(field(&line, "solutions"), c.solutions.to_string(), "{line}");
        assert_eq!(field(&line, "nodes"), c.nodes.to_string(), "{line}");
        assert_eq!(
            field(&line, "updates"),
            counted.updates().to_string(),
            "{line}"
        );
        println!(
            "  C dlx -O2:           {c_time:>9.3} s  (same counts)   ratio {:.2}x",
            rust_time.as_secs_f64() / c_time
        );
    }

    // 2. Every event: the iterator against the recursion.
    let (iter_time, (iter_events, iter_sum)) = best(reps, || {
        let mut search = Cover::new(&problem, None);
        let (mut events, mut sum) = (0u64, 0u64);
        for event in search.by_ref() {
            events += 1;
            sum = mix(sum, black_box(&event));
        }
        (events, sum)
    });
    let (rec_time, (rec_events, rec_sum)) = best(reps, || {
        let (mut events, mut sum) = (0u64, 0u64);
        let mut emit = |event: CoverEvent| {
            events += 1;
            sum = mix(sum, black_box(&event));
        };
        let fresh = Cover::new(&problem, None);
        let mut recursive = Recursive {
            links: fresh.links().clone(),
            solutions: 0,
            updates: 0,
            emit: &mut emit,
        };
        recursive.search();
        (events, sum)
    });
    assert_eq!(
        (iter_events, iter_sum),
        (rec_events, rec_sum),
        "the same events"
    );
    println!(
        "  iterator, every event: {:>7.3} s  ({iter_events} events)",
        iter_time.as_secs_f64()
    );
    println!(
        "  recursion + callback:  {:>7.3} s  (same events)   ratio {:.2}x",
        rec_time.as_secs_f64(),
        iter_time.as_secs_f64() / rec_time.as_secs_f64()
    );
}
