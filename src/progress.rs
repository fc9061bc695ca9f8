//! One updating line on standard error while a long headless run works:
//! the nodes so far, the rate, and from Knuth's estimate of the tree
//! (`estimate.rs`, probed on a thread of its own) the share done and the
//! time left. It appears only when standard error is a terminal and the
//! run has lasted half a second, and is erased when the run ends; pipes,
//! files and CI see nothing. `--quiet` turns it off.
//!
//! Not indicatif: its bar wants a known length and smooths its own rate
//! per step, while here the length is an estimate that may still move (or
//! be passed: the estimate is random) and the steps come from the engine
//! in uneven strides (a fast counting loop reports only when it climbs
//! back near the root). What is left is one line of `\r`, erase and text,
//! which needs no dependency.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

use crate::estimate::Estimate;
use crate::search::Counters;

/// How long a run goes before its progress line appears.
const QUIET_FOR: Duration = Duration::from_millis(500);

/// How often the line is redrawn at most.
const REDRAW: Duration = Duration::from_millis(100);

/// Probes the estimate needs before its share and time left are shown.
const TRUSTED: u64 = 200;

/// Where the estimate comes from: a closure reading a running estimate.
pub type Source = Box<dyn FnMut() -> Option<Estimate>>;

/// The progress of one run: nothing at all unless [`Progress::on_stderr`]
/// found a terminal.
pub struct Progress {
    live: Option<Live>,
}

struct Live {
    started: Instant,
    drawn: Option<Instant>,
    estimate: Source,
}

impl Progress {
    /// Progress that shows nothing.
    pub fn off() -> Progress {
        Progress { live: None }
    }

    /// Progress on standard error, if it is a terminal; the share done and
    /// time left come from `estimate` (started only then, by `start`).
    pub fn on_stderr(start: impl FnOnce() -> Source) -> Progress {
        if !std::io::stderr().is_terminal() {
            return Progress::off();
        }
        Progress {
            live: Some(Live {
                started: Instant::now(),
                drawn: None,
                estimate: start(),
            }),
        }
    }

    /// Called after every event: looks at the clock only every
    /// [`REPORT_EVERY`](crate::search::REPORT_EVERY) events.
    #[inline(always)]
    pub fn tick(&mut self, counters: &Counters) {
        if counters.steps & (crate::search::REPORT_EVERY - 1) == 0 {
            self.nodes(counters.nodes);
        }
    }

    /// The run has counted `nodes` so far: redraws the line if it is time.
    #[cold]
    #[inline(never)]
    pub fn nodes(&mut self, nodes: u64) {
        let Some(live) = &mut self.live else {
            return;
        };
        let now = Instant::now();
        let elapsed = now - live.started;
        if elapsed < QUIET_FOR || live.drawn.is_some_and(|at| now - at < REDRAW) {
            return;
        }
        live.drawn = Some(now);
        let estimate = (live.estimate)().filter(|e| e.probes >= TRUSTED);
        let line = line(nodes, elapsed, estimate.map(|e| e.mean()));
        let mut err = std::io::stderr().lock();
        // A failed write to the terminal only loses the progress line.
        let _ = write!(err, "\r\x1b[2K{line}").and_then(|()| err.flush());
    }

    /// Erases the line (if one was drawn); also done when dropped.
    pub fn finish(&mut self) {
        if let Some(live) = self.live.take()
            && live.drawn.is_some()
        {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[2K").and_then(|()| err.flush());
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}

/// The progress line: `nodes 1.23e8  2.46e8/s  ~11% of ~1.16e9
/// (estimated)  ~4.2s left`.
pub fn line(nodes: u64, elapsed: Duration, estimate: Option<f64>) -> String {
    let seconds = elapsed.as_secs_f64().max(1e-9);
    let rate = nodes as f64 / seconds;
    let mut text = format!("nodes {nodes}  {rate:.2e}/s");
    match estimate {
        Some(total) if (nodes as f64) < total => {
            let share = nodes as f64 / total * 100.0;
            let left = (total - nodes as f64) / rate.max(1e-9);
            text.push_str(&format!(
                "  ~{share:.0}% of ~{total:.2e} (estimated)  ~{} left",
                duration(left)
            ));
        }
        Some(total) => text.push_str(&format!("  past the estimate of ~{total:.2e}")),
        None => {}
    }
    text
}

/// Seconds as `4.2s`, `83s`, `12m`, `3.1h`.
fn duration(seconds: f64) -> String {
    match seconds {
        s if s < 10.0 => format!("{s:.1}s"),
        s if s < 600.0 => format!("{s:.0}s"),
        s if s < 36_000.0 => format!("{:.0}m", s / 60.0),
        s => format!("{:.1}h", s / 3600.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_says_share_and_time_left() {
        let line = line(250, Duration::from_secs(1), Some(1000.0));
        assert_eq!(
            line,
            "nodes 250  2.50e2/s  ~25% of ~1.00e3 (estimated)  ~3.0s left"
        );
        assert_eq!(
            super::line(2000, Duration::from_secs(2), Some(1000.0)),
            "nodes 2000  1.00e3/s  past the estimate of ~1.00e3"
        );
        assert_eq!(
            super::line(5, Duration::from_secs(1), None),
            "nodes 5  5.00e0/s"
        );
        assert_eq!(duration(4000.0), "67m");
    }
}
