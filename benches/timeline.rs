//! What the timeline costs: going back, seeking, and memory over long runs.
//!
//! The targets of issue 3:
//!
//! - back one step at step 10,000,000 of `queens 13 --full` (rejects on, as
//!   the screen shows them): under 5 ms;
//! - seek to any step: the replay is bounded by the checkpoint interval (plus
//!   the event log's 64 events), whatever the distance;
//! - timeline memory after 100,000,000 events: under 16 MiB.
//!
//! And of issue 9: the checkpoints' bytes as the timeline accounts them
//! (`Timeline::checkpoint_bytes`, inline size plus each clone's
//! `heap_bytes`) stay within its byte budget (64 MiB by default).
//!
//! Criterion times `back` and `seek`. The summary that follows prints the
//! worst back, the memory held after 100,000,000 events of `queens 14
//! --full` (13 has fewer events than that), measured with a counting
//! allocator next to the timeline's own account, and the timeline's cost
//! per event against the bare engine.
//!
//! Run with `cargo bench --bench timeline`. Set `BACKSTEP_SUMMARY_ONLY=1` to
//! skip the criterion part and print only the summary.

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use backstep::model::Report;
use backstep::search::EventKind;
use backstep::search::queens::{Queens, QueensOptions};
use backstep::timeline::{DEFAULT_BUDGET, Goal, LOG, Progress, Timeline};
use criterion::Criterion;

/// Counts the bytes allocated and not yet freed, and the most ever held, so
/// that the memory figure is measured rather than estimated: a clone's heap
/// is invisible through the `Search` trait. The library forbids unsafe code;
/// implementing `GlobalAlloc` needs it, and only this benchmark does that.
struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grow(bytes: usize) {
    let held = HELD.fetch_add(bytes, Ordering::Relaxed) + bytes;
    PEAK.fetch_max(held, Ordering::Relaxed);
}

// SAFETY: every call is forwarded unchanged to the system allocator; the
// counters are only bookkeeping.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller upholds `alloc`'s contract, passed on as is.
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            grow(layout.size());
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) };
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as above.
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        if !new.is_null() {
            HELD.fetch_sub(layout.size(), Ordering::Relaxed);
            grow(new_size);
        }
        new
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The step the back and seek figures are taken at.
const AT: u64 = 10_000_000;
/// The length of the memory run.
const LONG: u64 = 100_000_000;

fn queens(n: u8) -> Queens {
    Queens::new(QueensOptions {
        n,
        symmetry: false,
        rejects: true,
    })
}

/// Moves a timeline forward to `target` as the screen would, with a job.
fn run_to<S: Report>(timeline: &mut Timeline<S>, target: u64) {
    let mut job = timeline.start(Goal::Step(target));
    while let Progress::Running { .. } = timeline.work(&mut job, 1 << 20) {}
}

/// A deterministic stream of steps in `0..=bound`, so runs are comparable.
fn steps(bound: u64) -> impl FnMut() -> u64 {
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 11) % (bound + 1)
    }
}

fn criterion_part(timeline: &mut Timeline<Queens>) {
    // Short windows keep `cargo bench` quick on two cores.
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
        .configure_from_args();
    c.bench_function(
        "back one step at step 10,000,000 of queens 13 --full",
        |b| {
            b.iter_custom(|iters| {
                timeline.seek(AT);
                // Each back starts from a different step, so the figure averages
                // over every distance to the checkpoint before it.
                let start = Instant::now();
                for _ in 0..iters {
                    black_box(timeline.back());
                }
                start.elapsed()
            })
        },
    );
    let mut next = steps(AT);
    c.bench_function("seek to a random step of the first 10,000,000", |b| {
        b.iter(|| black_box(timeline.seek(next())))
    });
    c.final_summary();
}

/// The back with the longest replay near step `AT`, timed 200 times: the
/// median, and the slowest run (which includes whatever else the machine
/// was doing at that moment).
fn worst_back(timeline: &mut Timeline<Queens>) -> (Duration, Duration) {
    let interval = timeline.interval();
    // A back to `k` restores the checkpoint at or before `k - LOG`; the
    // replay is longest when `k - LOG` is one short of the next checkpoint.
    let k = (AT / interval) * interval + LOG as u64 - 1;
    let mut runs = Vec::new();
    for _ in 0..200 {
        timeline.seek(k + 1);
        let start = Instant::now();
        black_box(timeline.back());
        runs.push(start.elapsed());
    }
    runs.sort();
    (runs[runs.len() / 2], runs[runs.len() - 1])
}

/// Events per run of the forward cost comparison.
const OVERHEAD: u64 = 20_000_000;

/// Nanoseconds per event moving forward with a job through a timeline, and
/// for the bare engine: medians of interleaved runs, since other work on the
/// machine shifts both alike.
fn forward_cost() -> (f64, f64) {
    let mut through = Vec::new();
    let mut bare = Vec::new();
    for _ in 0..5 {
        let start = Instant::now();
        let mut timeline = Timeline::new(queens(14));
        run_to(&mut timeline, OVERHEAD);
        through.push(start.elapsed().as_secs_f64());
        let start = Instant::now();
        let mut search = queens(14);
        for _ in 0..OVERHEAD {
            black_box(search.next());
        }
        bare.push(start.elapsed().as_secs_f64());
    }
    let median = |mut runs: Vec<f64>| {
        runs.sort_by(f64::total_cmp);
        runs[runs.len() / 2] * 1e9 / OVERHEAD as f64
    };
    (median(through), median(bare))
}

fn summary(timeline: &mut Timeline<Queens>) {
    println!("\nTimeline summary");
    println!("----------------");

    let interval = timeline.interval();
    let mut total = Duration::ZERO;
    let rounds = 2_000;
    timeline.seek(AT);
    for _ in 0..rounds {
        let start = Instant::now();
        black_box(timeline.back());
        total += start.elapsed();
    }
    let (worst, slowest) = worst_back(timeline);
    println!(
        "queens 13 --full at step {AT}: interval {interval}, {} checkpoints \
         ({} bytes accounted); \
         back one step: mean {:.3} ms over {rounds} consecutive backs; \
         longest replay ({} events) {:.3} ms median, {:.3} ms slowest of 200",
        timeline.checkpoint_count(),
        timeline.checkpoint_bytes(),
        total.as_secs_f64() * 1e3 / f64::from(rounds),
        interval + LOG as u64 - 1,
        worst.as_secs_f64() * 1e3,
        slowest.as_secs_f64() * 1e3,
    );

    let mut next = steps(AT);
    let seeks = 2_000;
    let start = Instant::now();
    for _ in 0..seeks {
        black_box(timeline.seek(next()));
    }
    println!(
        "seek to a random step in 0..={AT}: mean {:.3} ms (replay at most {} events)",
        start.elapsed().as_secs_f64() * 1e3 / f64::from(seeks),
        interval + LOG as u64,
    );

    timeline.seek(AT);
    let start = Instant::now();
    let mut job = timeline.start(Goal::Prev(EventKind::Solution));
    while let Progress::Running { .. } = timeline.work(&mut job, 1 << 16) {}
    println!(
        "previous solution from step {AT}: {:.3} ms (to step {})",
        start.elapsed().as_secs_f64() * 1e3,
        timeline.step()
    );

    // Memory: everything the timeline holds after LONG events, measured.
    let before = HELD.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let start = Instant::now();
    let mut long = Timeline::new(queens(14));
    run_to(&mut long, LONG);
    let elapsed = start.elapsed();
    let held = HELD.load(Ordering::Relaxed).saturating_sub(before);
    let peak = PEAK.load(Ordering::Relaxed).saturating_sub(before);
    let mib = |bytes: usize| bytes as f64 / (1024.0 * 1024.0);
    let accounted = long.checkpoint_bytes();
    println!(
        "queens 14 --full after {} events: {:.2} MiB held ({:.2} MiB peak), \
         {} checkpoints of {} bytes inline, interval {}; checkpoints account \
         for {:.2} MiB of a {:.0} MiB budget; {:.1} s to get there",
        long.step(),
        mib(held),
        mib(peak),
        long.checkpoint_count(),
        std::mem::size_of::<Queens>(),
        long.interval(),
        mib(accounted),
        mib(long.budget()),
        elapsed.as_secs_f64(),
    );
    drop(long);
    let (through, bare) = forward_cost();
    println!(
        "forward, median of 5 interleaved runs of {OVERHEAD} events: \
         {through:.2} ns/event through the timeline, {bare:.2} ns/event bare engine, \
         {:.2}x",
        through / bare
    );

    let start = Instant::now();
    let mut full = Timeline::new(queens(12));
    let mut job = full.start(Goal::End);
    while let Progress::Running { .. } = full.work(&mut job, 1 << 16) {}
    println!(
        "queens 12 --full to the end through the timeline: {:.3} s ({} events)",
        start.elapsed().as_secs_f64(),
        full.step()
    );

    let back_ok = worst < Duration::from_millis(5);
    let memory_ok = mib(peak) < 16.0;
    let forward_ok = through / bare <= 1.5;
    let budget_ok = accounted <= DEFAULT_BUDGET;
    println!(
        "\nTargets: back under 5 ms {}; memory under 16 MiB {}; forward within 1.5x of the \
         bare engine {}; checkpoints within the byte budget {}.",
        if back_ok { "met" } else { "MISSED" },
        if memory_ok { "met" } else { "MISSED" },
        if forward_ok { "met" } else { "MISSED" },
        if budget_ok { "met" } else { "MISSED" },
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let benchmarking =
        args.iter().any(|a| a == "--bench") && !args.iter().any(|a| a == "--test" || a == "--list");
    if !benchmarking {
        // Under `cargo test --all-targets`, a quick check that the setup
        // works, without the long runs of a debug build.
        let mut timeline = Timeline::new(queens(6));
        run_to(&mut timeline, 500);
        assert!(timeline.back() && timeline.seek(10));
        assert!(timeline.checkpoint_bytes() <= timeline.budget());
        return;
    }
    let mut timeline = Timeline::new(queens(13));
    run_to(&mut timeline, AT);
    assert_eq!(timeline.step(), AT, "queens 13 --full has {AT} events");
    if std::env::var_os("BACKSTEP_SUMMARY_ONLY").is_none() {
        criterion_part(&mut timeline);
    }
    summary(&mut timeline);
}
