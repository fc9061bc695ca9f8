//! What the headless outputs cost against the output itself.
//!
//! Issue 16 asks that `--print jsonl` and `--print trace` of `queens 12
//! --full` run within 10x of writing the same bytes from memory to the same
//! sink. This benchmark prints each one through [`backstep::print::print`]
//! into a sink wrapped in a `BufWriter`, as `main` wraps standard output,
//! then writes the very bytes it printed, held in memory, to the same kind
//! of sink in 64 KiB pieces, and prints the ratio of the two times.
//!
//! The sink copies every write into a scratch buffer and counts the bytes,
//! as a pipe or `/dev/null`'s reader would touch them: a sink that dropped
//! the bytes unseen would make the baseline free and the ratio meaningless.
//! A counting allocator also reports how many allocations each print made,
//! which should not grow with the number of events.
//!
//! Plain timing (no criterion): one run takes seconds, and the figure
//! wanted is a ratio measured in one process. Each time is the best of
//! `BACKSTEP_REPS` runs (3 by default), so that a busy machine shows as
//! little as it can. `BACKSTEP_N` sets the board (12 by default);
//! `cargo bench --bench headless`.
//!
//! The same is then measured for a few of the other searches, which go
//! through the same writers with their own fields and words (`queens N-3
//! --permutations`, `sudoku inkala --order propagate`, the default maze):
//! their allocations too should not grow with the number of events.

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::io::{self, BufWriter, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use backstep::assets;
use backstep::input;
use backstep::input::maze::default_grid;
use backstep::print::{Mode, print};
use backstep::search::maze::Maze;
use backstep::search::queens::{Queens, QueensOptions};
use backstep::search::queens_permutations::Permutations;
use backstep::search::sudoku_propagate::{Propagate, PropagateOptions};
use backstep::ui::scene::Scene;

/// Counts allocation calls, so that "no allocation per event" is measured.
struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded unchanged to the system allocator; the
// counter is only bookkeeping.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller upholds `alloc`'s contract, passed on as is.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// A sink that reads what it is given: each write is copied into a scratch
/// buffer and counted.
struct Sink {
    scratch: Vec<u8>,
    bytes: u64,
}

impl Sink {
    fn new() -> Sink {
        Sink {
            scratch: vec![0; 1 << 16],
            bytes: 0,
        }
    }
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = buf.len().min(self.scratch.len());
        self.scratch[..n].copy_from_slice(&buf[..n]);
        black_box(&self.scratch);
        self.bytes += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn queens(n: u8) -> Queens {
    Queens::new(QueensOptions {
        n,
        symmetry: false,
        rejects: true,
    })
}

/// Prints the search in `mode` to a fresh sink, as `main` does.
fn print_to_sink<S: Scene>(search: S, mode: Mode) -> (Duration, u64, usize) {
    let mut sink = Sink::new();
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let start = Instant::now();
    {
        let mut out = BufWriter::new(&mut sink);
        print(search, mode, &mut out).expect("a sink takes every write");
        out.flush().expect("a sink takes every write");
    }
    let time = start.elapsed();
    let allocations = ALLOCATIONS.load(Ordering::Relaxed) - before;
    (time, black_box(sink.bytes), allocations)
}

/// Writes `bytes` from memory to a fresh sink in 64 KiB pieces.
fn write_from_memory(bytes: &[u8]) -> Duration {
    let mut sink = Sink::new();
    let start = Instant::now();
    for piece in bytes.chunks(1 << 16) {
        sink.write_all(piece).expect("a sink takes every write");
    }
    let time = start.elapsed();
    black_box(sink.bytes);
    time
}

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    // `cargo bench` passes `--bench`; a filter names the modes to run.
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let n = env("BACKSTEP_N", 12) as u8;
    let reps = env("BACKSTEP_REPS", 3).max(1);
    println!("queens {n} --full, best of {reps} runs, into a copying sink");
    println!(
        "{:<10} {:>10} {:>9} {:>11} {:>11} {:>7} {:>12}",
        "mode", "bytes", "lines", "print", "memory", "ratio", "allocations"
    );
    let wanted = |name: &str| filter.is_empty() || filter.iter().any(|f| name.contains(f.as_str()));
    for (name, mode) in [("jsonl", Mode::Jsonl), ("trace", Mode::Trace)] {
        if wanted(name) {
            measure(name, || queens(n), mode, reps);
        }
    }
    // The other searches through the same writers: one line each.
    let inkala = assets::find(assets::SUDOKU, "inkala").expect("inkala is shipped");
    let puzzle = input::parse_grid(inkala.text).expect("inkala parses");
    let grid = default_grid();
    // Permutations are checked at the end: N! leaves, so a smaller board.
    let small = n.saturating_sub(3).max(4);
    println!(
        "other searches (queens {small} --permutations, sudoku inkala --order propagate, the default maze)"
    );
    for (name, mode) in [("jsonl", Mode::Jsonl), ("trace", Mode::Trace)] {
        if !wanted(name) {
            continue;
        }
        measure(
            &format!("{name} perm"),
            || Permutations::new(small, true),
            mode,
            reps,
        );
        let options = PropagateOptions { rejects: true };
        measure(
            &format!("{name} prop"),
            || Propagate::new(&puzzle, options),
            mode,
            reps,
        );
        measure(
            &format!("{name} maze"),
            || Maze::new(&grid, true),
            mode,
            reps,
        );
    }
}

/// Prints the search `make` builds in `mode`, best of `reps`, then writes
/// the same bytes from memory, and prints one row of the table.
fn measure<S: Scene>(name: &str, make: impl Fn() -> S, mode: Mode, reps: u64) {
    let mut text = Vec::new();
    print(make(), mode, &mut text).expect("a Vec takes every write");
    let lines = text.iter().filter(|&&b| b == b'\n').count();
    let mut best_print = Duration::MAX;
    let mut allocations = 0;
    for _ in 0..reps {
        let (time, bytes, allocs) = print_to_sink(make(), mode);
        assert_eq!(bytes, text.len() as u64, "{name}: same bytes each run");
        best_print = best_print.min(time);
        allocations = allocs;
    }
    let best_memory = (0..reps)
        .map(|_| write_from_memory(&text))
        .min()
        .unwrap_or_default();
    let ratio = best_print.as_secs_f64() / best_memory.as_secs_f64().max(1e-9);
    println!(
        "{name:<10} {:>10} {lines:>9} {:>9.3} s {:>9.3} s {ratio:>6.1}x {allocations:>12}",
        text.len(),
        best_print.as_secs_f64(),
        best_memory.as_secs_f64(),
    );
}
