//! Step, back and jump through any [`Search`](crate::search::Search), using sparse checkpoints.
//!
//! A search only moves forward, but it is cheap to clone and deterministic: a
//! clone resumed yields the same events as the original. The timeline keeps
//! the live search at the current step and, for the stretch computed so far,
//! a clone (a *checkpoint*) every `interval` steps. Any step already computed
//! is rebuilt by restoring a checkpoint and replaying, so going back is exact
//! and unbounded without storing every event.
//!
//! The algorithm:
//!
//! 1. Forward applies one event to the live search. The first time a step is
//!    reached it is recorded: a checkpoint when the step is a multiple of the
//!    interval; the event's kind in the kind set of its *segment* (the steps
//!    between two checkpoints); and, when the search is back at depth 0, a
//!    look one event ahead on a clone, since every stream ends at depth 0 and
//!    the total is worth showing as soon as it is known.
//! 2. When one more checkpoint would make more than `max_checkpoints`, or
//!    would take the checkpoints' bytes (each clone's inline size plus the
//!    heap it owns, [`heap_bytes`](crate::search::Search::heap_bytes)) over the byte budget, every
//!    other one is dropped first, neighbouring segments' kind sets are
//!    merged and the interval doubles; the new checkpoint is kept only if
//!    its step is still a multiple of the interval. Memory stays bounded
//!    however long the search runs and whatever a clone costs, while a
//!    replay costs at most about one interval.
//! 3. Going to a computed step `k` restores the latest checkpoint at or
//!    before `k - LOG` and replays to `k`. Starting [`LOG`] events early
//!    rebuilds the event log exactly, as if the search had been stepped
//!    forward from the start.
//! 4. Long moves are [`Job`]s worked in budgeted slices. Moving forward
//!    advances the live search itself, so a cancelled run stays wherever it
//!    got to, and stretches already computed that cannot hold what is sought
//!    (by their segments' kind sets) are skipped with a restore. Going back,
//!    and scanning backwards for an event, works on a scratch clone that
//!    replaces the live search only once it has arrived, so a cancelled
//!    backward job changes nothing.

use std::collections::VecDeque;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::model::{self, Report};
use crate::search::{EventKind, SearchEvent};

/// How many of the latest events [`Timeline::recent`] keeps.
pub const LOG: usize = 64;

/// The checkpoint interval a new timeline starts with. Small enough that a
/// short search replays nothing noticeable, large enough that checkpointing
/// costs nothing measurable while running.
pub const DEFAULT_INTERVAL: u64 = 256;

/// The most checkpoints a timeline keeps before thinning them. At a few
/// hundred bytes to a few KB per clone this is at most a few MiB.
pub const MAX_CHECKPOINTS: usize = 2048;

/// The most bytes a timeline's checkpoints may hold by default (their
/// inline size and the heap each owns): 64 MiB. The small searches of today
/// stay far below it and are bounded by [`MAX_CHECKPOINTS`]; a search whose
/// clone costs tens of KB is bounded by this.
pub const DEFAULT_BUDGET: usize = 64 << 20;

/// `LOG` as a step count.
const LOG_STEPS: u64 = LOG as u64;

/// Every event kind, as a kind set.
const ALL_KINDS: u8 = 0b1_1111;

/// The bit of a kind in a segment's kind set.
fn bit(kind: EventKind) -> u8 {
    1 << match kind {
        EventKind::Place => 0,
        EventKind::Reject => 1,
        EventKind::DeadEnd => 2,
        EventKind::Undo => 3,
        EventKind::Solution => 4,
    }
}

/// Job identities, unique across every timeline, so that a timeline can tell
/// whether its scratch clone belongs to the job it is asked to work.
static NEXT_JOB: AtomicU64 = AtomicU64::new(1);

/// A long move through a timeline, started by [`Timeline::start`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Exactly step `k`, computing it if needed; beyond the end, the end.
    Step(u64),
    /// The last step of the search.
    End,
    /// The next step whose event is of this kind.
    Next(EventKind),
    /// The latest earlier step whose event is of this kind.
    Prev(EventKind),
    /// The next step whose event is of any other kind (to step over folded
    /// rejects).
    NextOther(EventKind),
    /// The latest earlier step whose event is of any other kind.
    PrevOther(EventKind),
    /// The next node entered: `Next(EventKind::Place)`.
    NextNode,
    /// The previous node entered: `Prev(EventKind::Place)`.
    PrevNode,
    /// `events` steps forward from where the job started (or to the end).
    Run {
        /// How many events to apply.
        events: u64,
    },
}

/// How a job stands after a slice of work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// Not done yet: call [`Timeline::work`] again.
    Running {
        /// Units of work (events applied or replayed, restores) done so far.
        done: u64,
        /// The live step: where the timeline stands if the job is dropped.
        step: u64,
    },
    /// Done: the timeline is at this step.
    Reached(u64),
    /// Nothing matched: a backward job left the timeline where it was; a
    /// forward job stopped at the end.
    NotFound,
}

/// A long move in progress. Work it with [`Timeline::work`] on the timeline
/// that started it; drop it to cancel. Not `Clone`: two copies would share
/// one scratch clone in the timeline.
#[derive(Debug)]
pub struct Job {
    id: u64,
    goal: Goal,
    /// The step to stop at, for goals that name one.
    target: Option<u64>,
    /// The kinds that stop the job, for goals that look for an event.
    want: u8,
    phase: Phase,
    /// Bumped whenever a phase needs a fresh scratch clone, so that a clone
    /// left from an earlier phase is never mistaken for the current one.
    serial: u64,
    done: u64,
    outcome: Option<Progress>,
}

impl Job {
    /// The goal this job was started with.
    pub fn goal(&self) -> Goal {
        self.goal
    }

    /// Whether the job has finished (a further `work` returns the outcome).
    pub fn is_finished(&self) -> bool {
        self.outcome.is_some()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Applying events to the live search.
    Forward,
    /// Looking for the latest match at a step below `below`, one segment
    /// per round, latest segment first. A round replays the scratch clone
    /// from the checkpoint at `from` up to `below - 1`.
    Scan {
        below: u64,
        from: u64,
        best: Option<u64>,
    },
    /// Replaying the scratch clone to `target`, then making it live; with
    /// `resume` the job goes on forward from there.
    Arrive { target: u64, resume: bool },
}

/// One event of the log, told as it happened: its step, the event, and its
/// words, written by [`model::write_told`] from the search as it stood
/// right after the event. Nothing can change them afterwards, so every
/// panel that shows a past event (the Events log, predict, the bookmark,
/// the compare panes) says what the trace said at that step, however far
/// the search has moved on since.
///
/// The words are written when the log is first read (the timeline's
/// `recent` and `last_told`), not as the event is applied: the log keeps
/// a clone of the search from before its first untold event
/// (`Cursor::base`), and telling replays that clone through the logged
/// events, writing each event's words from the state right after it. A
/// seek or a run that no panel reads tells nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Told<E> {
    step: u64,
    event: E,
    words: OnceLock<String>,
}

impl<E> Told<E> {
    /// The step the event produced (1 for the first event).
    pub fn step(&self) -> u64 {
        self.step
    }

    /// The event.
    pub fn event(&self) -> &E {
        &self.event
    }

    /// The event in words, as `--print trace` says it at this step. (The
    /// timeline tells every entry it hands out, so none is empty.)
    pub fn words(&self) -> &str {
        self.words.get().map_or("", String::as_str)
    }
}

/// A search at a step, with the latest events that led there.
#[derive(Clone, Debug)]
struct Cursor<S: Report> {
    search: S,
    step: u64,
    log: VecDeque<Told<S::Event>>,
    /// Events told before, of steps this cursor is about to replay (the
    /// log of the cursor it replaces, as far as it overlaps): their words
    /// are taken over instead of told again. The stream is deterministic,
    /// so the same step is the same event with the same words: this only
    /// spares a back of one step from telling the whole log anew.
    known: VecDeque<Told<S::Event>>,
    /// The search at the step before the log's first untold entry, and
    /// that step (`None` when every entry is told): [`Cursor::tell`]
    /// replays a clone of it through the log to tell the rest.
    base: Option<(S, u64)>,
}

impl<S: Report> Cursor<S> {
    fn new(search: S, step: u64) -> Self {
        Cursor {
            search,
            step,
            log: VecDeque::with_capacity(LOG),
            known: VecDeque::new(),
            base: None,
        }
    }

    /// Tells every untold entry of the log: a clone of [`Cursor::base`]
    /// is stepped through the logged events, each told from the state
    /// right after it, exactly as when the event was applied (the stream
    /// is deterministic). The live search is not read.
    fn tell(&self) {
        let Some((base, from)) = &self.base else {
            return;
        };
        if self.log.iter().all(|told| told.words.get().is_some()) {
            return;
        }
        let mut search = base.clone();
        let mut step = *from;
        for told in self.log.iter().filter(|told| told.step > *from) {
            while step < told.step {
                let event = search.next();
                step += 1;
                debug_assert!(
                    step < told.step || event.as_ref() == Some(&told.event),
                    "a replay to tell differs at step {step}"
                );
            }
            if told.words.get().is_none() {
                let mut words = String::new();
                // Writing to a String fails only if a Display impl does;
                // what was written is kept either way.
                let _ = model::write_told(&search, &told.event, &mut words);
                let _ = told.words.set(words);
            }
        }
    }

    /// Forgets the log (a stretch of unlogged events follows).
    fn clear_log(&mut self) {
        self.log.clear();
        self.base = None;
    }

    /// The words told before for `event` at the current step, if
    /// [`Cursor::known`] holds them; older known steps are dropped.
    fn known_words(&mut self, event: &S::Event) -> Option<OnceLock<String>> {
        while self.known.front().is_some_and(|t| t.step < self.step) {
            self.known.pop_front();
        }
        if self.known.front()?.step != self.step {
            return None;
        }
        let told = self.known.pop_front()?;
        debug_assert!(
            told.event == *event,
            "a replay differs at step {}",
            self.step
        );
        told.words.get().is_some().then_some(told.words)
    }

    /// Applies one event and logs it, its words left to [`Cursor::tell`]
    /// (or taken over from [`Cursor::known`]). The first untold entry
    /// keeps a clone of the search from before it, which follows the log's
    /// front as old entries leave.
    fn advance(&mut self) -> Option<EventKind> {
        if self.base.is_none() {
            self.base = Some((self.search.clone(), self.step));
        }
        let event = self.search.next()?;
        let kind = event.kind();
        self.step += 1;
        if self.log.len() == LOG
            && let Some(gone) = self.log.pop_front()
            && let Some((base, at)) = &mut self.base
            && *at < gone.step
        {
            base.next();
            *at += 1;
        }
        let words = self.known_words(&event).unwrap_or_default();
        self.log.push_back(Told {
            step: self.step,
            event,
            words,
        });
        Some(kind)
    }

    /// Applies one event without logging it. A separate path, not a flag:
    /// when only the kind is read the compiler can drop the payload, and a
    /// replay runs about twice as fast.
    fn skip(&mut self) -> Option<EventKind> {
        let kind = self.search.next()?.kind();
        self.step += 1;
        Some(kind)
    }

    /// Applies up to `n` events, logged if `LOGGED`, gathering their kind
    /// set; stops early after an event of a kind in `want`, after an event
    /// that leaves the search at depth 0, or at the end. Returns the events
    /// applied, their kind set and why it stopped.
    #[inline(always)]
    fn stretch<const LOGGED: bool>(&mut self, n: u64, want: u8) -> (u64, u8, Halt) {
        let mut kinds = 0;
        for done in 0..n {
            let kind = if LOGGED { self.advance() } else { self.skip() };
            let Some(kind) = kind else {
                return (done, kinds, Halt::End);
            };
            let bit = bit(kind);
            kinds |= bit;
            if bit & want != 0 {
                return (done + 1, kinds, Halt::Wanted);
            }
            if self.search.counters().depth == 0 {
                return (done + 1, kinds, Halt::Depth);
            }
        }
        (n, kinds, Halt::Count)
    }

    /// One event of a replay to `target`, logged only if it will still be
    /// in the log on arrival.
    fn toward(&mut self, target: u64) -> Option<EventKind> {
        if self.step + LOG_STEPS >= target {
            self.advance()
        } else {
            self.skip()
        }
    }
}

/// Why [`Cursor::stretch`] stopped.
enum Halt {
    /// It applied every event asked for.
    Count,
    /// After an event of a wanted kind.
    Wanted,
    /// After an event that left the search at depth 0, where the end is
    /// looked for.
    Depth,
    /// The search has no more events.
    End,
}

/// The scratch clone of a job, tagged with the job and phase it serves.
#[derive(Clone, Debug)]
struct Scratch<S: Report> {
    tag: (u64, u64),
    cursor: Cursor<S>,
}

/// Step, back and jump over a search, with sparse checkpoints.
#[derive(Clone, Debug)]
pub struct Timeline<S: Report> {
    /// The search at the current step.
    live: Cursor<S>,
    /// `checkpoints[i]` is the search at step `i * interval`.
    checkpoints: Vec<S>,
    /// `kinds[j]` is the set of event kinds at steps in
    /// `(j * interval, (j + 1) * interval]`, as far as computed.
    kinds: Vec<u8>,
    interval: u64,
    /// The most checkpoints kept: `max_checkpoints`, lowered so that their
    /// inline bytes alone take at most half the budget.
    max_checkpoints: usize,
    /// The most bytes the checkpoints may hold: see
    /// [`Timeline::checkpoint_bytes`].
    budget: usize,
    /// The heap owned by the checkpoints, the sum of their `heap_bytes`.
    heap: usize,
    /// The furthest step computed.
    furthest: u64,
    total: Option<u64>,
    scratch: Option<Scratch<S>>,
}

impl<S: Report> Timeline<S> {
    /// A timeline over `search`, whose state as given is step 0, with the
    /// default checkpoint policy.
    pub fn new(search: S) -> Self {
        Self::with_interval(search, DEFAULT_INTERVAL, MAX_CHECKPOINTS)
    }

    /// A timeline with the default interval and number of checkpoints whose
    /// checkpoints hold at most `budget` bytes (see
    /// [`Timeline::checkpoint_bytes`]).
    pub fn with_budget(search: S, budget: usize) -> Self {
        Self::with_policy(search, DEFAULT_INTERVAL, MAX_CHECKPOINTS, budget)
    }

    /// A timeline that checkpoints every `interval` steps (at least 1) and
    /// keeps at most `max_checkpoints` (at least 2, so thinning always leaves
    /// the start and makes room), within the default byte budget.
    pub fn with_interval(search: S, interval: u64, max_checkpoints: usize) -> Self {
        Self::with_policy(search, interval, max_checkpoints, DEFAULT_BUDGET)
    }

    /// A timeline that checkpoints every `interval` steps (at least 1), keeps
    /// at most `max_checkpoints` (at least 2) and holds at most `budget`
    /// bytes in them. The start is always kept: a budget smaller than the
    /// search itself keeps only the start, and every seek replays from it.
    pub fn with_policy(search: S, interval: u64, max_checkpoints: usize, budget: usize) -> Self {
        // The inline bytes of the checkpoint list take at most half the
        // budget, whatever the heap does.
        let inline = std::mem::size_of::<S>().max(1);
        let heap = search.heap_bytes();
        let mut timeline = Timeline {
            live: Cursor::new(search.clone(), 0),
            checkpoints: vec![search],
            kinds: Vec::new(),
            interval: interval.max(1),
            max_checkpoints: max_checkpoints.max(2).min(budget / 2 / inline).max(1),
            budget,
            heap,
            furthest: 0,
            total: None,
            scratch: None,
        };
        // A search with no events at all ends right here.
        timeline.probe_end();
        timeline
    }

    /// Events applied so far: 0 at the start.
    pub fn step(&self) -> u64 {
        self.live.step
    }

    /// The search's state at the current step. Its `is_finished` agrees with
    /// [`Timeline::at_end`].
    pub fn search(&self) -> &S {
        &self.live.search
    }

    /// The event that produced the current step (`None` at step 0).
    pub fn last_event(&self) -> Option<&S::Event> {
        self.live.log.back().map(Told::event)
    }

    /// The event that produced the current step, told as it happened
    /// (`None` at step 0).
    pub fn last_told(&self) -> Option<&Told<S::Event>> {
        self.live.tell();
        self.live.log.back()
    }

    /// Up to [`LOG`] latest events ending at the current step, oldest first,
    /// each with the step it produced and its words as they were told when
    /// it happened.
    pub fn recent(&self) -> impl DoubleEndedIterator<Item = &Told<S::Event>> + ExactSizeIterator {
        self.live.tell();
        self.live.log.iter()
    }

    /// The number of events in the whole search, once its end has been
    /// reached.
    pub fn total(&self) -> Option<u64> {
        self.total
    }

    /// Whether the current step is the last one.
    pub fn at_end(&self) -> bool {
        self.total == Some(self.live.step)
    }

    /// The furthest step computed so far: [`Timeline::seek`] reaches any
    /// step up to it.
    pub fn furthest(&self) -> u64 {
        self.furthest
    }

    /// Steps between two checkpoints: a bound on the replay of any seek,
    /// plus [`LOG`].
    pub fn interval(&self) -> u64 {
        self.interval
    }

    /// How many checkpoints are kept.
    pub fn checkpoint_count(&self) -> usize {
        self.checkpoints.len()
    }

    /// The bytes the checkpoints hold, as the budget counts them: the
    /// inline size of every slot of the checkpoint list, plus the heap each
    /// checkpoint owns ([`heap_bytes`](crate::search::Search::heap_bytes)). Beyond the start, it never
    /// exceeds the budget.
    pub fn checkpoint_bytes(&self) -> usize {
        self.checkpoints.capacity() * std::mem::size_of::<S>() + self.heap
    }

    /// The byte budget of the checkpoints.
    pub fn budget(&self) -> usize {
        self.budget
    }

    /// The bytes held by the timeline: its checkpoints, the live search and
    /// the scratch clone of a job and the clones their logs are told from
    /// (inline and heap), the kind sets and the event logs (inline, and
    /// the live log's words; an event's own heap,
    /// such as a solution's path, is not counted). The timeline benchmark
    /// measures it exactly.
    pub fn memory_estimate(&self) -> usize {
        let inline = std::mem::size_of::<S>();
        // A cursor's search, and the clone its log is told from.
        let cursor = |c: &Cursor<S>| {
            inline
                + c.search.heap_bytes()
                + c.base
                    .as_ref()
                    .map_or(0, |(base, _)| inline + base.heap_bytes())
        };
        let live = cursor(&self.live);
        let scratch = self.scratch.as_ref().map_or(0, |s| cursor(&s.cursor));
        self.checkpoint_bytes()
            + live
            + scratch
            + self.kinds.capacity()
            + 2 * LOG * std::mem::size_of::<Told<S::Event>>()
            + self
                .live
                .log
                .iter()
                .map(|told| told.words.get().map_or(0, String::capacity))
                .sum::<usize>()
    }

    /// The latest checkpoint at or before `step`: its step and a clone of
    /// the search there. Anything derived from the events before `step` can
    /// be rebuilt from it by replaying at most about one interval.
    pub fn checkpoint_before(&self, step: u64) -> (u64, S) {
        let cursor =
            self.checkpoint_cursor(usize::try_from(step / self.interval).unwrap_or(usize::MAX));
        (cursor.step, cursor.search)
    }

    /// Applies one event. False at the end.
    pub fn forward(&mut self) -> bool {
        self.advance_live().is_some()
    }

    /// Goes back to the previous step. False at step 0.
    pub fn back(&mut self) -> bool {
        match self.live.step.checked_sub(1) {
            Some(target) => self.seek(target),
            None => false,
        }
    }

    /// Goes to exactly `target` if it has been computed (`target <=
    /// furthest()`), replaying at most about one interval of events; false,
    /// and no move, otherwise. Use [`Goal::Step`] to go further.
    pub fn seek(&mut self, target: u64) -> bool {
        if target > self.furthest {
            return false;
        }
        // A short way forward costs less than a restore.
        if target >= self.live.step && target - self.live.step <= self.interval + LOG_STEPS {
            while self.live.step < target {
                if self.advance_live().is_none() {
                    return false;
                }
            }
            return true;
        }
        let mut cursor = self.restore_replacing(target);
        while cursor.step < target {
            if cursor.toward(target).is_none() {
                // Only a search that breaks determinism gets here; stay put.
                debug_assert!(false, "a replay ended before step {target}");
                return false;
            }
        }
        self.live = cursor;
        self.settle();
        true
    }

    /// Starts a long move from the current step. Nothing happens until the
    /// job is worked with [`Timeline::work`].
    pub fn start(&self, goal: Goal) -> Job {
        let origin = self.live.step;
        let (target, want) = match goal {
            Goal::Step(k) => (Some(k), 0),
            Goal::End => (Some(u64::MAX), 0),
            Goal::Run { events } => (Some(origin.saturating_add(events)), 0),
            Goal::Next(kind) | Goal::Prev(kind) => (None, bit(kind)),
            Goal::NextOther(kind) | Goal::PrevOther(kind) => (None, ALL_KINDS & !bit(kind)),
            Goal::NextNode | Goal::PrevNode => (None, bit(EventKind::Place)),
        };
        let phase = match goal {
            Goal::Prev(_) | Goal::PrevOther(_) | Goal::PrevNode => Phase::Scan {
                below: origin,
                from: 0,
                best: None,
            },
            _ => Phase::Forward,
        };
        Job {
            id: NEXT_JOB.fetch_add(1, Ordering::Relaxed),
            goal,
            target,
            want,
            phase,
            serial: 0,
            done: 0,
            outcome: None,
        }
    }

    /// Works `job` for about `budget` units (one per event applied or
    /// replayed). Between calls the timeline is always at a consistent step,
    /// so dropping the job cancels it safely. Forward goals move the live
    /// step as they go; backward goals move it only when they finish.
    ///
    /// The timeline should not be moved by other calls while a job is in
    /// progress; if it is, forward goals carry on from the new step and
    /// backward goals still answer relative to where they started.
    pub fn work(&mut self, job: &mut Job, budget: u64) -> Progress {
        if let Some(outcome) = job.outcome {
            return outcome;
        }
        let mut left = budget.max(1);
        loop {
            let outcome = match job.phase {
                Phase::Forward => self.work_forward(job, &mut left),
                Phase::Scan { .. } => self.work_scan(job, &mut left),
                Phase::Arrive { target, resume } => {
                    self.work_arrive(job, target, resume, &mut left)
                }
            };
            if let Some(outcome) = outcome {
                job.outcome = Some(outcome);
                if self.scratch.as_ref().is_some_and(|s| s.tag.0 == job.id) {
                    self.scratch = None;
                }
                return outcome;
            }
            if left == 0 {
                // Between calls the log is always whole (a no-op check).
                self.mend_log();
                return Progress::Running {
                    done: job.done,
                    step: self.live.step,
                };
            }
        }
    }

    /// Forward goals: apply events to the live search until the target, a
    /// wanted kind, the end, or the budget.
    fn work_forward(&mut self, job: &mut Job, left: &mut u64) -> Option<Progress> {
        loop {
            let step = self.live.step;
            if let Some(target) = job.target {
                if step == target {
                    return Some(Progress::Reached(step));
                }
                if target < step {
                    self.begin_arrive(job, target, false);
                    return None;
                }
            }
            if self.at_end() {
                return Some(if job.want == 0 {
                    Progress::Reached(step)
                } else {
                    Progress::NotFound
                });
            }
            if *left == 0 {
                return None;
            }
            if let Some(dest) = self.skip_to(job.target, job.want) {
                self.begin_arrive(job, dest, true);
                return None;
            }
            if step == self.furthest {
                // New ground: a stretch of events at once.
                if let Some(outcome) = self.frontier(job, left) {
                    return Some(outcome);
                }
                continue;
            }
            let kind = self.advance_live();
            *left -= 1;
            job.done += 1;
            if kind.is_some_and(|kind| job.want & bit(kind) != 0) {
                return Some(Progress::Reached(self.live.step));
            }
        }
    }

    /// Applies new events (beyond [`Timeline::furthest`]) for a forward job,
    /// up to the job's target, the next checkpoint, or the budget, in one
    /// tight loop. All but the last [`LOG`] events of the slice go
    /// unlogged, so the compiler can drop their payloads as in a replay and
    /// no words are told for events no panel will show; their kinds are
    /// gathered in a register and recorded once per stretch. A stop before
    /// the logged part (a wanted kind, the end) rebuilds the log from a
    /// checkpoint, at most about an interval of replay once per job.
    fn frontier(&mut self, job: &mut Job, left: &mut u64) -> Option<Progress> {
        let step = self.live.step;
        let boundary = self.checkpoints.len() as u64 * self.interval;
        // The events this slice of the job applies from here, if nothing
        // stops it early: only the last LOG of them are logged (and told),
        // so a stretch that ends well before the slice does is all quiet.
        let mut slice = *left;
        if let Some(target) = job.target {
            slice = slice.min(target - step);
        }
        let n = slice.min(boundary - step);
        let quiet = n.saturating_sub(LOG_STEPS.saturating_sub(slice - n));
        let (done, kinds, halt) = if quiet > 0 {
            // The events now skipped would leave the log before the end of
            // this stretch; an empty log says it must be rebuilt if the
            // stretch stops early.
            self.live.clear_log();
            self.live.stretch::<false>(quiet, job.want)
        } else {
            self.live.stretch::<true>(n, job.want)
        };
        *left -= done;
        job.done += done;
        if done > 0 {
            self.note(kinds);
            // A stretch stops at every event that leaves depth 0 (a wanted
            // one too), so every such step is looked beyond, as in `record`.
            if self.live.search.counters().depth == 0 {
                self.probe_end();
            }
        }
        match halt {
            Halt::Count => None,
            Halt::Depth => {
                self.mend_log();
                None
            }
            Halt::End => {
                // Only a search that ends away from depth 0 gets here, since
                // its end was not looked for ahead: this step is the last.
                self.total = Some(self.live.step);
                self.mend_log();
                None
            }
            Halt::Wanted => {
                self.mend_log();
                Some(Progress::Reached(self.live.step))
            }
        }
    }

    /// Rebuilds the live log, when a stretch of unlogged events left it
    /// short, by replaying from the checkpoint before it.
    fn mend_log(&mut self) {
        let step = self.live.step;
        if self.live.log.len() as u64 >= step.min(LOG_STEPS) {
            return;
        }
        let mut cursor = self.restore_replacing(step);
        while cursor.step < step {
            if cursor.toward(step).is_none() {
                debug_assert!(false, "a replay ended before step {step}");
                return;
            }
        }
        self.live = cursor;
        self.settle();
    }

    /// Where a forward job can jump by a restore instead of replaying, if
    /// that saves work: toward a named target, or over whole computed
    /// segments that hold none of the wanted kinds.
    fn skip_to(&self, target: Option<u64>, want: u8) -> Option<u64> {
        let step = self.live.step;
        if step >= self.furthest {
            return None;
        }
        let dest = match target {
            Some(target) => target.min(self.furthest),
            None => {
                let mut segment = step / self.interval;
                while (segment + 1) * self.interval <= self.furthest
                    && self.segment_kinds(segment) & want == 0
                {
                    segment += 1;
                }
                segment * self.interval
            }
        };
        // A restore replays up to an interval plus the log, so it only pays
        // when the way forward is longer than that.
        (dest > step && dest - step > self.interval + LOG_STEPS).then_some(dest)
    }

    /// Backward goals: scan segments from the latest, on the scratch clone,
    /// for the latest wanted event below where the job started.
    fn work_scan(&mut self, job: &mut Job, left: &mut u64) -> Option<Progress> {
        loop {
            let Phase::Scan {
                mut below,
                mut from,
                mut best,
            } = job.phase
            else {
                return None;
            };
            if !self.scratch_is(job) {
                // 1. A new round: the segment holding the event at step
                // `below - 1`, skipped whole when it holds no wanted kind.
                // Only a job from another timeline could start beyond what
                // this one has computed; clamping keeps the scan in range.
                below = below.min(self.furthest + 1);
                if below <= 1 {
                    return Some(Progress::NotFound);
                }
                let index = ((below - 2) / self.interval).min(self.checkpoints.len() as u64 - 1);
                from = index * self.interval;
                if self.segment_kinds(index) & job.want == 0 {
                    job.phase = Phase::Scan {
                        below: from + 1,
                        from,
                        best: None,
                    };
                    continue;
                }
                if *left == 0 {
                    return None;
                }
                best = None;
                job.serial += 1;
                self.scratch = Some(Scratch {
                    tag: (job.id, job.serial),
                    cursor: self.checkpoint_cursor(index as usize),
                });
                *left -= 1;
                job.done += 1;
            }
            // 2. Replay the round, remembering the latest match.
            let last = below - 1;
            let mut ended = false;
            if let Some(scratch) = self.scratch.as_mut() {
                while scratch.cursor.step < last && *left > 0 {
                    *left -= 1;
                    job.done += 1;
                    match scratch.cursor.skip() {
                        Some(kind) if job.want & bit(kind) != 0 => best = Some(scratch.cursor.step),
                        Some(_) => {}
                        None => {
                            ended = true;
                            break;
                        }
                    }
                }
                ended |= scratch.cursor.step >= last;
            }
            if !ended {
                job.phase = Phase::Scan { below, from, best };
                return None;
            }
            // 3. The round is over: go to its latest match, or to the
            // segment before it.
            self.scratch = None;
            match best {
                Some(found) => {
                    self.begin_arrive(job, found, false);
                    return None;
                }
                None => {
                    below = from + 1;
                    job.phase = Phase::Scan {
                        below,
                        from,
                        best: None,
                    };
                }
            }
        }
    }

    /// Replays the scratch clone to `target`, then makes it live.
    fn work_arrive(
        &mut self,
        job: &mut Job,
        target: u64,
        resume: bool,
        left: &mut u64,
    ) -> Option<Progress> {
        if !self.scratch_is(job) {
            self.scratch = Some(Scratch {
                tag: (job.id, job.serial),
                cursor: self.restore(target),
            });
            *left = left.saturating_sub(1);
            job.done += 1;
        }
        let cursor = &mut self.scratch.as_mut()?.cursor;
        let mut broken = false;
        while cursor.step < target && *left > 0 {
            *left -= 1;
            job.done += 1;
            if cursor.toward(target).is_none() {
                broken = true;
                break;
            }
        }
        if broken {
            // Only a search that breaks determinism gets here: give up and
            // leave the live search where it was.
            debug_assert!(false, "a replay ended before step {target}");
            self.scratch = None;
            return Some(Progress::NotFound);
        }
        if cursor.step < target {
            return None;
        }
        if let Some(scratch) = self.scratch.take() {
            self.live = scratch.cursor;
            self.settle();
        }
        if resume {
            job.phase = Phase::Forward;
            None
        } else {
            Some(Progress::Reached(target))
        }
    }

    fn begin_arrive(&mut self, job: &mut Job, target: u64, resume: bool) {
        job.serial += 1;
        job.phase = Phase::Arrive { target, resume };
    }

    /// Whether the scratch clone belongs to the current phase of `job`.
    fn scratch_is(&self, job: &Job) -> bool {
        self.scratch
            .as_ref()
            .is_some_and(|s| s.tag == (job.id, job.serial))
    }

    /// The kind set of segment `index`; every kind when it is unknown, so
    /// that nothing is skipped by mistake.
    fn segment_kinds(&self, index: u64) -> u8 {
        usize::try_from(index)
            .ok()
            .and_then(|i| self.kinds.get(i))
            .copied()
            .unwrap_or(ALL_KINDS)
    }

    /// A cursor at the latest checkpoint from which a replay to `target`
    /// rebuilds the whole log: at or before `target - LOG`.
    fn restore(&self, target: u64) -> Cursor<S> {
        let index = target.saturating_sub(LOG_STEPS) / self.interval;
        let index = usize::try_from(index)
            .unwrap_or(usize::MAX)
            .min(self.checkpoints.len() - 1);
        let mut cursor = self.checkpoint_cursor(index);
        // The live log's entries that the replay to `target` logs again.
        let first = target.saturating_sub(LOG_STEPS) + 1;
        cursor.known = self
            .live
            .log
            .iter()
            .filter(|told| (first..=target).contains(&told.step))
            .cloned()
            .collect();
        cursor
    }

    /// [`Timeline::restore`] for a replay whose cursor will replace the
    /// live one: the live log's words are moved over, not copied.
    fn restore_replacing(&mut self, target: u64) -> Cursor<S> {
        let log = std::mem::take(&mut self.live.log);
        let mut cursor = self.restore(target);
        let first = target.saturating_sub(LOG_STEPS) + 1;
        cursor.known = log
            .into_iter()
            .filter(|told| (first..=target).contains(&told.step))
            .collect();
        cursor
    }

    fn checkpoint_cursor(&self, index: usize) -> Cursor<S> {
        // `checkpoints` always holds step 0, so the clamp keeps this in range.
        let index = index.min(self.checkpoints.len() - 1);
        Cursor::new(
            self.checkpoints[index].clone(),
            index as u64 * self.interval,
        )
    }

    /// Applies one event to the live search, recording it if it is new.
    fn advance_live(&mut self) -> Option<EventKind> {
        if self.at_end() {
            return None;
        }
        let Some(kind) = self.live.advance() else {
            // Only a search that ends away from depth 0 gets here, since
            // its end was not looked for ahead: the current step is the last.
            debug_assert_eq!(self.live.step, self.furthest);
            self.total = Some(self.live.step);
            return None;
        };
        if self.live.step > self.furthest {
            self.record(kind);
        } else {
            self.settle();
        }
        Some(kind)
    }

    /// Bookkeeping for a step reached for the first time (steps 1 and 2 of
    /// the module's algorithm).
    fn record(&mut self, kind: EventKind) {
        self.note(bit(kind));
        if self.live.search.counters().depth == 0 {
            self.probe_end();
        }
    }

    /// Records new steps up to the live one, whose events have the kind set
    /// `kinds`, all in the segment after the last checkpoint: the kind set,
    /// and a checkpoint if the live step ends that segment.
    fn note(&mut self, kinds: u8) {
        let step = self.live.step;
        self.furthest = step;
        // The new step lies in the segment after the last checkpoint, which
        // spares this hot path two divisions.
        let segment = self.checkpoints.len() - 1;
        if segment == self.kinds.len() {
            self.kinds.push(0);
        }
        if let Some(set) = self.kinds.get_mut(segment) {
            *set |= kinds;
        }
        if step == (segment as u64 + 1) * self.interval {
            self.checkpoint();
        }
        debug_assert_eq!(
            self.checkpoints.len() as u64,
            self.furthest / self.interval + 1
        );
    }

    /// Keeps a clone of the live search, which stands at the end of the
    /// last segment, thinning first while it would not fit (step 2 of the
    /// module's algorithm).
    fn checkpoint(&mut self) {
        let clone = self.live.search.clone();
        let heap = clone.heap_bytes();
        let inline = std::mem::size_of::<S>();
        loop {
            let len = self.checkpoints.len();
            let capacity = self.checkpoints.capacity();
            // Grow by doubling, but never past the most checkpoints kept.
            let room = if len == capacity {
                len.min(self.max_checkpoints.saturating_sub(len)).max(1)
            } else {
                0
            };
            let bytes = (capacity + room) * inline + self.heap + heap;
            if len < self.max_checkpoints && bytes <= self.budget {
                self.checkpoints.reserve_exact(room);
                self.checkpoints.push(clone);
                self.heap += heap;
                return;
            }
            self.thin();
            if !self.live.step.is_multiple_of(self.interval) {
                // The new interval does not checkpoint this step.
                return;
            }
        }
    }

    /// Drops every other checkpoint and doubles the interval.
    fn thin(&mut self) {
        let mut index = 0;
        self.checkpoints.retain(|_| {
            index += 1;
            index % 2 == 1
        });
        self.heap = self.checkpoints.iter().map(S::heap_bytes).sum();
        self.kinds = self
            .kinds
            .chunks(2)
            .map(|pair| pair.iter().fold(0, |set, kinds| set | kinds))
            .collect();
        self.interval *= 2;
    }

    /// Looks one event ahead on a clone; if there is none, the current step
    /// is the last, and the clone (now finished) becomes the live search.
    fn probe_end(&mut self) {
        let mut probe = self.live.search.clone();
        if probe.next().is_none() {
            self.total = Some(self.live.step);
            self.live.search = probe;
        }
    }

    /// At the last step, makes the live search's own `is_finished` agree with
    /// the timeline by asking it for the event that is not there.
    fn settle(&mut self) {
        if self.at_end() && !self.live.search.is_finished() {
            let extra = self.live.search.next();
            debug_assert!(extra.is_none(), "the search went past its end");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Search;
    use crate::search::queens::{Queens, QueensOptions};

    fn queens(n: u8, symmetry: bool) -> Queens {
        Queens::new(QueensOptions {
            n,
            symmetry,
            rejects: true,
        })
    }

    /// The events of a whole search, stepped forward from the start.
    fn events(search: Queens) -> Vec<EventKind> {
        search.map(|e| e.kind()).collect()
    }

    fn finish(timeline: &mut Timeline<Queens>, job: &mut Job, budget: u64) -> Progress {
        loop {
            match timeline.work(job, budget) {
                Progress::Running { .. } => {}
                done => return done,
            }
        }
    }

    #[test]
    fn four_queens_total_is_known_at_its_last_event() {
        let all = events(queens(4, true));
        let mut timeline = Timeline::new(queens(4, true));
        assert_eq!(timeline.total(), None);
        for _ in 0..all.len() - 1 {
            assert!(timeline.forward());
            assert!(!timeline.at_end());
        }
        assert!(timeline.forward());
        assert_eq!(timeline.total(), Some(all.len() as u64));
        assert!(timeline.at_end() && timeline.search().is_finished());
        assert!(!timeline.forward());
        assert_eq!(timeline.step(), all.len() as u64);
    }

    #[test]
    fn back_at_the_start_is_refused() {
        let mut timeline = Timeline::new(queens(4, true));
        assert!(!timeline.back());
        assert_eq!(timeline.step(), 0);
        assert_eq!(timeline.last_event(), None);
        assert_eq!(timeline.recent().len(), 0);
    }

    #[test]
    fn seek_beyond_what_is_computed_is_refused() {
        let mut timeline = Timeline::new(queens(6, false));
        timeline.forward();
        assert!(!timeline.seek(5));
        assert_eq!(timeline.step(), 1);
    }

    #[test]
    fn thinning_bounds_checkpoints_and_doubles_the_interval() {
        let mut timeline = Timeline::with_interval(queens(8, false), 1, 8);
        while timeline.forward() {
            assert!(timeline.checkpoint_count() <= 8);
        }
        let total = timeline.total().unwrap_or_default();
        assert!(total > 1000);
        assert!(timeline.interval().is_power_of_two());
        assert!(total / timeline.interval() < 8);
        // Every step is still reachable exactly, with a full log.
        for target in [total, 0, 1, 777, total - 1] {
            assert!(timeline.seek(target));
            assert_eq!(timeline.search().counters().steps, target);
            assert_eq!(timeline.recent().len(), (target as usize).min(LOG));
            assert_eq!(
                timeline.recent().last().map(Told::step),
                target.checked_sub(1).map(|s| s + 1)
            );
        }
    }

    #[test]
    fn back_then_forward_is_identity() {
        let mut timeline = Timeline::with_interval(queens(6, true), 4, 4);
        for _ in 0..300 {
            timeline.forward();
        }
        let before: Vec<_> = timeline.recent().cloned().collect();
        let queens = timeline.search().queens().to_vec();
        assert!(timeline.back());
        assert!(timeline.forward());
        let after: Vec<_> = timeline.recent().cloned().collect();
        assert_eq!(before, after);
        assert_eq!(timeline.search().queens(), queens.as_slice());
    }

    #[test]
    fn prev_solution_before_the_first_leaves_the_timeline_alone() {
        let all = events(queens(6, true));
        let first = all
            .iter()
            .position(|k| *k == EventKind::Solution)
            .unwrap_or(0) as u64
            + 1;
        let mut timeline = Timeline::with_interval(queens(6, true), 2, 4);
        let mut job = timeline.start(Goal::Next(EventKind::Solution));
        assert_eq!(finish(&mut timeline, &mut job, 3), Progress::Reached(first));
        let mut job = timeline.start(Goal::Prev(EventKind::Solution));
        assert_eq!(finish(&mut timeline, &mut job, 3), Progress::NotFound);
        assert_eq!(timeline.step(), first);
    }

    #[test]
    fn next_after_the_last_match_stops_at_the_end() {
        let mut timeline = Timeline::new(queens(5, true));
        let mut job = timeline.start(Goal::End);
        let total = match finish(&mut timeline, &mut job, 10) {
            Progress::Reached(step) => step,
            other => panic!("End gave {other:?}"),
        };
        assert!(timeline.seek(total - 2));
        let mut job = timeline.start(Goal::Next(EventKind::Solution));
        assert_eq!(finish(&mut timeline, &mut job, 1), Progress::NotFound);
        assert!(timeline.at_end());
    }

    #[test]
    fn slices_respect_their_budget() {
        let mut timeline = Timeline::with_interval(queens(7, false), 16, 8);
        let mut job = timeline.start(Goal::End);
        let mut last = 0;
        while let Progress::Running { done, .. } = timeline.work(&mut job, 50) {
            assert!(done - last <= 51, "a slice did {} units", done - last);
            last = done;
        }
        let mut job = timeline.start(Goal::Prev(EventKind::Solution));
        let mut last = 0;
        while let Progress::Running { done, .. } = timeline.work(&mut job, 5) {
            assert!(done - last <= 6, "a slice did {} units", done - last);
            last = done;
        }
    }

    #[test]
    fn a_dropped_backward_job_leaves_the_step_unchanged() {
        let mut timeline = Timeline::with_interval(queens(7, true), 8, 4);
        let mut job = timeline.start(Goal::End);
        finish(&mut timeline, &mut job, 1000);
        let end = timeline.step();
        {
            // A job is cancelled by dropping it, here at the end of the block.
            let mut job = timeline.start(Goal::Step(3));
            assert!(matches!(
                timeline.work(&mut job, 2),
                Progress::Running { step, .. } if step == end
            ));
        }
        assert_eq!(timeline.step(), end);
        assert!(timeline.at_end());
        assert!(timeline.back());
        assert_eq!(timeline.step(), end - 1);
    }
}
