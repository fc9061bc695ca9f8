//! How big is the tree? Knuth's random-probe estimate (EVENTS.md §6; D. E.
//! Knuth, "Estimating the efficiency of backtrack programs", 1975).
//!
//! A probe walks from the root of the whole search down one random path.
//! At each node it counts the node's children `d`, the nodes the search
//! itself would enter from it, under its own rules (symmetry, ordering,
//! forced moves and all), stops at `d = 0`, and otherwise moves to one
//! child chosen uniformly at random. Its estimate of the node counter is
//! `R + d1 + d1·d2 + d1·d2·d3 + ...`, with `R` what the root counts (1
//! where the root is a node, else 0). Every node at depth `k` is reached
//! with probability `1 / (d1···dk)`, so the mean of many probes is an
//! unbiased estimate of the nodes the search counts at its natural end.
//!
//! The probe is generic over [`Search`]: it reads only the events and the
//! counters. A node's children are the `place` events that raise the node
//! counter while the search stands at that node (a forced place of
//! `sudoku --order propagate` enters no node, and is part of the node it
//! happens in); the node ends when an `undo` takes the depth below the
//! depth it was entered at (or, at the root, when the stream ends). To
//! count the children without searching them, the probe calls
//! [`Search::skip_subtree`] right after each counted place, so that the
//! next event is its `undo`; that one method is all an engine adds.
//!
//! The probes run without the search's stops: no node budget (the walk is
//! cloned with none), and neither a solution cap nor a stop at the first
//! find can fire, since the probe leaves every child before it is searched
//! and meets at most the one solution at the end of its own path. So what
//! the probes estimate is the tree the search walks when nothing stops it
//! early: for `sudoku` (capped at 2), `word`, `colour` without `--all`,
//! `cover --max K` and `words` with pruning, the full tree, which the
//! search's own count reaches only when no stop fires.

use crate::rng::SplitMix64;
use crate::search::{Budget, EventKind, Search, SearchEvent};

/// Probes a `--print estimate` takes unless told (`--probes K`).
pub const DEFAULT_PROBES: u64 = 1000;

/// The most probes one estimate takes (`--probes K`).
pub const MAX_PROBES: u64 = 100_000_000;

/// The deepest a probe goes before it gives up: far deeper than any finite
/// search here reaches (a path of the largest maze or board, a Sudoku's
/// cells, a cover's items), so that a tree that never ends (the bug lab's
/// `maze --bug no-mark`) is named rather than walked forever.
pub const MAX_DEPTH: usize = 4096;

/// Why there is no estimate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Endless;

impl std::fmt::Display for Endless {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "a probe went {MAX_DEPTH} levels deep without reaching a leaf: the tree looks endless, so it has no estimate"
        )
    }
}

impl std::error::Error for Endless {}

/// One probe: the path it walked and what it estimates.
#[derive(Clone, Debug)]
pub struct Probe<S: Search> {
    /// What the root counts: `R` (the node counter before any event).
    pub root: u64,
    /// The children of each node on the path, the root's first; the last
    /// is 0 (the node where the probe stopped).
    pub degrees: Vec<u64>,
    /// The `place` that entered each chosen child, root down.
    pub path: Vec<S::Event>,
    /// The search standing at the probe's last node (for drawing it).
    pub leaf: S,
}

impl<S: Search> Probe<S> {
    /// The probe's estimate of the node counter: `R + d1 + d1·d2 + ...`.
    pub fn estimate(&self) -> f64 {
        sum(self.root, &self.degrees)
    }
}

/// `R + d1 + d1·d2 + ...` for the degrees along a path.
pub fn sum(root: u64, degrees: &[u64]) -> f64 {
    let mut product = 1.0;
    let mut total = root as f64;
    for &d in degrees {
        product *= d as f64;
        total += product;
    }
    total
}

/// The running mean and standard error of many probes' estimates
/// (Welford's updates, so that a million probes lose no precision).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Estimate {
    /// Probes taken.
    pub probes: u64,
    mean: f64,
    /// The sum of squared differences from the mean.
    squares: f64,
}

impl Estimate {
    /// Adds one probe's estimate.
    pub fn add(&mut self, x: f64) {
        self.probes += 1;
        let delta = x - self.mean;
        self.mean += delta / self.probes as f64;
        self.squares += delta * (x - self.mean);
    }

    /// The mean of the probes' estimates: the estimate of `nodes`.
    pub fn mean(&self) -> f64 {
        self.mean
    }

    /// One standard error of the mean (0 before two probes).
    pub fn std_error(&self) -> f64 {
        if self.probes < 2 {
            return 0.0;
        }
        let n = self.probes as f64;
        (self.squares / (n - 1.0) / n).sqrt()
    }
}

/// The search at its root, ready to probe: a clone with no node budget.
fn unlimited<S: Search>(root: &S) -> S {
    let mut search = root.clone();
    *search.budget_mut() = Budget::default();
    search
}

/// Steps `node`, which stands at a node (fresh at the root, or right after
/// the `place` that entered it), through that node's events, skipping the
/// subtree of each child, and returns how many children it has. With
/// `Some(k)`, it stops instead right after the `place` that enters child
/// `k` (from 0) and returns that event too.
fn children<S: Search>(node: &mut S, stop_at: Option<u64>) -> (u64, Option<S::Event>) {
    let depth = node.counters().depth;
    let mut count = 0;
    loop {
        let before = node.counters().nodes;
        let Some(event) = node.next() else {
            break;
        };
        match event.kind() {
            EventKind::Place if node.counters().nodes > before => {
                if stop_at == Some(count) {
                    return (count + 1, Some(event));
                }
                count += 1;
                node.skip_subtree();
            }
            EventKind::Undo if node.counters().depth < depth => break,
            _ => {}
        }
    }
    (count, None)
}

/// Walks one probe down from `root`, telling `visit` each node's children
/// and the `place` into the chosen one (`None` at the last node), and
/// returns the search standing at the last node.
fn walk<S: Search>(
    root: &S,
    rng: &mut SplitMix64,
    mut visit: impl FnMut(u64, Option<S::Event>),
) -> Result<S, Endless> {
    let mut node = unlimited(root);
    loop {
        if node.counters().depth > MAX_DEPTH {
            return Err(Endless);
        }
        let (d, _) = children(&mut node.clone(), None);
        if d == 0 {
            visit(0, None);
            return Ok(node);
        }
        let pick = rng.below(d);
        let (_, entered) = children(&mut node, Some(pick));
        debug_assert!(entered.is_some(), "a search makes the same children twice");
        visit(d, entered);
    }
}

/// One probe from `root` (a search before its first event), its random
/// choices drawn from `rng`.
pub fn probe<S: Search>(root: &S, rng: &mut SplitMix64) -> Result<Probe<S>, Endless> {
    let mut degrees = Vec::new();
    let mut path = Vec::new();
    let leaf = walk(root, rng, |d, entered| {
        degrees.push(d);
        path.extend(entered);
    })?;
    Ok(Probe {
        root: root.counters().nodes,
        degrees,
        path,
        leaf,
    })
}

/// Probes from `root`, one after another from one random stream: an
/// endless, deterministic supply of estimates for a seed. The estimate's
/// figures, the UI's running estimate and the worksheet's three probes all
/// draw from it.
pub struct Probes<S: Search> {
    root: S,
    rng: SplitMix64,
}

impl<S: Search> Probes<S> {
    /// The probes of `root` (a search before its first event) for `seed`.
    pub fn new(root: &S, seed: u64) -> Probes<S> {
        Probes {
            root: unlimited(root),
            rng: SplitMix64::new(seed),
        }
    }

    /// The next probe, with its path and last node.
    pub fn next_probe(&mut self) -> Result<Probe<S>, Endless> {
        probe(&self.root, &mut self.rng)
    }

    /// The next probe's estimate alone (no path kept).
    pub fn next_estimate(&mut self) -> Result<f64, Endless> {
        let mut product = 1.0;
        let mut total = self.root.counters().nodes as f64;
        walk(&self.root, &mut self.rng, |d, _| {
            product *= d as f64;
            total += product;
        })?;
        Ok(total)
    }

    /// Adds `count` more probes to `estimate`.
    pub fn add_to(&mut self, estimate: &mut Estimate, count: u64) -> Result<(), Endless> {
        for _ in 0..count {
            estimate.add(self.next_estimate()?);
        }
        Ok(())
    }
}

/// What a [`Background`] estimate has so far.
#[derive(Clone, Debug)]
pub struct Running<S: Search> {
    /// The probes' estimate so far.
    pub estimate: Estimate,
    /// The latest probe whose path was kept (one a batch).
    pub last: Option<Probe<S>>,
    /// Set when a probe found no end: no estimate will come.
    pub endless: bool,
}

/// The state a [`Background`] thread shares with its handle.
struct Shared<S: Search> {
    running: std::sync::Mutex<Running<S>>,
    stop: std::sync::atomic::AtomicBool,
}

/// Probes taken on a thread of their own, from a clone of the search
/// before its first event, so that whoever steps or counts the search
/// itself is not slowed: the UI's "of ~N (estimated)" and a long headless
/// run's progress line read the running figures. The thread stops after
/// `limit` probes, at an endless tree, or when the handle is dropped.
pub struct Background<S: Search> {
    shared: std::sync::Arc<Shared<S>>,
}

/// Probes a background estimate takes between two updates of what it
/// shares; the last of each batch keeps its path for the probe view.
const BATCH: u64 = 50;

impl<S: Search> Background<S> {
    /// Starts probing `root` for `seed` on a thread of its own.
    pub fn start(root: &S, seed: u64, limit: u64) -> Background<S> {
        let background = Background::waiting();
        let mut probes = Probes::new(root, seed);
        let shared = std::sync::Arc::clone(&background.shared);
        std::thread::spawn(move || run(&mut probes, &shared, limit));
        background
    }

    /// The figures of `limit` probes of `root` for `seed`, taken now on
    /// this thread: the same figures the thread would reach, for a drawing
    /// that must not depend on timing (`--print frame`, tests).
    pub fn computed(root: &S, seed: u64, limit: u64) -> Background<S> {
        let background = Background::waiting();
        run(&mut Probes::new(root, seed), &background.shared, limit);
        background
    }

    fn waiting() -> Background<S> {
        Background {
            shared: std::sync::Arc::new(Shared {
                running: std::sync::Mutex::new(Running {
                    estimate: Estimate::default(),
                    last: None,
                    endless: false,
                }),
                stop: std::sync::atomic::AtomicBool::new(false),
            }),
        }
    }
}

/// Takes probes in batches until `limit`, an endless tree or a stop,
/// sharing the figures after each batch.
fn run<S: Search>(probes: &mut Probes<S>, shared: &Shared<S>, limit: u64) {
    use std::sync::atomic::Ordering;
    let mut estimate = Estimate::default();
    while estimate.probes < limit && !shared.stop.load(Ordering::Relaxed) {
        let batch = BATCH.min(limit - estimate.probes);
        let found = probes
            .add_to(&mut estimate, batch - 1)
            .and_then(|()| probes.next_probe());
        let Ok(mut running) = shared.running.lock() else {
            return;
        };
        let Ok(last) = found else {
            running.endless = true;
            return;
        };
        estimate.add(last.estimate());
        running.estimate = estimate;
        running.last = Some(last);
    }
}

impl<S: Search> Background<S> {
    /// The figures so far (a copy, taken under the lock).
    pub fn running(&self) -> Option<Running<S>> {
        self.shared
            .running
            .lock()
            .ok()
            .map(|running| running.clone())
    }

    /// The estimate so far, without the last probe.
    pub fn estimate(&self) -> Option<Estimate> {
        self.shared
            .running
            .lock()
            .ok()
            .map(|running| running.estimate)
    }
}

impl<S: Search> Drop for Background<S> {
    fn drop(&mut self) {
        self.shared
            .stop
            .store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

/// The estimate of `probes` probes of `root` for `seed`.
pub fn estimate<S: Search>(root: &S, probes: u64, seed: u64) -> Result<Estimate, Endless> {
    let mut estimate = Estimate::default();
    Probes::new(root, seed).add_to(&mut estimate, probes)?;
    Ok(estimate)
}

/// The line `--print estimate` prints, after the search's summary head
/// (`queens 12 full`): `queens 12 full: estimated nodes=8.56e5 ± 6.7e3
/// (1000 probes, seed 0)`, the mean to three significant figures and one
/// standard error to two.
pub fn line(head: &str, estimate: &Estimate, seed: u64) -> String {
    let probes = estimate.probes;
    let plural = if probes == 1 { "probe" } else { "probes" };
    format!(
        "{head}: estimated nodes={:.2e} ± {:.1e} ({probes} {plural}, seed {seed})",
        estimate.mean(),
        estimate.std_error()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_has_the_spec_form() {
        let mut e = Estimate::default();
        for x in [856_000.0, 850_000.0, 862_000.0] {
            e.add(x);
        }
        assert_eq!(
            line("queens 12 full", &e, 0),
            "queens 12 full: estimated nodes=8.56e5 ± 3.5e3 (3 probes, seed 0)"
        );
    }

    #[test]
    fn welford_matches_the_textbook_formulas() {
        let xs = [3.0, 7.0, 7.0, 19.0];
        let mut e = Estimate::default();
        xs.iter().for_each(|&x| e.add(x));
        let mean = xs.iter().sum::<f64>() / 4.0;
        let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / 3.0;
        assert!((e.mean() - mean).abs() < 1e-12);
        assert!((e.std_error() - (var / 4.0).sqrt()).abs() < 1e-12);
    }

    #[test]
    fn the_sum_of_a_path() {
        // A root that counts, 2 children, then 3, then a leaf.
        assert_eq!(sum(1, &[2, 3, 0]), 1.0 + 2.0 + 6.0);
        assert_eq!(sum(0, &[0]), 0.0);
    }
}
