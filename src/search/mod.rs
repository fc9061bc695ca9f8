//! The engine: backtracking searches that yield one event at a time.
//!
//! Every search here runs on one explicit-stack driver
//! ([`backtrack::Backtrack`], which supplies the stack, the counters, the
//! node budget and the close) with its own rules (a [`backtrack::Tree`]);
//! `queens_state`'s `Held` keeps a loop of its own. None recurses on
//! the call stack and never spawns a thread, so a caller can stop after any
//! event, clone the search, and resume either copy later. Between two events
//! each search exposes a read-only view of its working state (board, masks,
//! path) and its [`Counters`].
//!
//! Nothing in this module knows about terminals or output formats.

/// Implements [`SearchEvent`] for an event enum from its variants' kinds:
/// `event_kinds!(WordEvent { Place => Place, Reject | TooLong => Reject, ... })`
/// names each variant (or several, joined by `|`) and the [`EventKind`] it
/// is; `event_kinds!(MazeEvent)` is an enum whose variants are the five
/// kinds by their own names. With `=> Step` (`event_kinds!(SudokuEvent =>
/// Step)`), the event also gets `step()`: the search's `Step` of the same
/// name as its kind, for a search whose steps are one per kind. The same
/// `match` every engine would write by hand, so it costs the same; a
/// variant left out is a compile error (the match is exhaustive).
macro_rules! event_kinds {
    ($event:ident $(=> $step:ident)?) => {
        event_kinds!($event $(=> $step)? {
            Place => Place,
            Reject => Reject,
            DeadEnd => DeadEnd,
            Undo => Undo,
            Solution => Solution,
        });
    };
    ($event:ident => $step:ident { $($($variant:ident)|+ => $kind:ident),+ $(,)? }) => {
        event_kinds!($event { $($($variant)|+ => $kind),+ });

        impl $event {
            /// The algorithm step that yields this event.
            pub fn step(&self) -> $step {
                match self {
                    $($($event::$variant { .. })|+ => $step::$kind,)+
                }
            }
        }
    };
    ($event:ident { $($($variant:ident)|+ => $kind:ident),+ $(,)? }) => {
        impl $crate::search::SearchEvent for $event {
            fn kind(&self) -> $crate::search::EventKind {
                match self {
                    $($($event::$variant { .. })|+ => $crate::search::EventKind::$kind,)+
                }
            }
        }
    };
}

/// Implements [`Cause`] for an enum of reasons, listed in their order
/// (docs/EVENTS.md's), each with its JSON name and its plain words:
/// `causes!(Unit { Row => ("row", "row"), Col => ("col", "column"), ... })`.
/// The list names every variant in declaration order (checked when it
/// compiles), so that a reason's index, its bit in [`Causes`], is its
/// place in the list.
macro_rules! causes {
    ($cause:ident { $($variant:ident => ($name:literal, $words:literal)),+ $(,)? }) => {
        const _: () = {
            let mut index = 0;
            $(
                assert!($cause::$variant as usize == index, "causes! lists the variants in order");
                index += 1;
            )+
            let _ = index;
        };

        impl $crate::search::Cause for $cause {
            const ALL: &'static [$cause] = &[$($cause::$variant),+];

            fn name(self) -> &'static str {
                match self {
                    $($cause::$variant => $name,)+
                }
            }

            fn words(self) -> &'static str {
                match self {
                    $($cause::$variant => $words,)+
                }
            }

            fn index(self) -> u8 {
                self as u8
            }
        }
    };
}

pub mod backtrack;
pub mod colour;
pub mod cover;
pub mod grid;
pub mod maze;
pub mod queens;
pub mod queens_fundamental;
pub mod queens_permutations;
pub mod queens_state;
pub mod sudoku;
pub mod sudoku_dlx;
pub mod sudoku_propagate;
pub mod word;
pub mod words;

pub use queens::{Attack, Queens, QueensEvent};
pub use sudoku::{Order, Sudoku, SudokuEvent, Unit};
pub use word::{Reason, WordEvent, WordSearch};

/// The five kinds of event every search yields (EVENTS.md §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EventKind {
    /// A choice is applied and a new search node is entered.
    Place,
    /// One candidate choice is refused, with the reason.
    Reject,
    /// The node just entered has no legal choice.
    DeadEnd,
    /// The choice applied by the matching `place` is removed.
    Undo,
    /// A complete answer has been reached.
    Solution,
}

impl EventKind {
    /// The name used in JSON lines and trace output.
    pub fn name(self) -> &'static str {
        match self {
            EventKind::Place => "place",
            EventKind::Reject => "reject",
            EventKind::DeadEnd => "dead-end",
            EventKind::Undo => "undo",
            EventKind::Solution => "solution",
        }
    }
}

/// Anything a search yields: every event knows which of the five kinds it is.
/// Events are `Copy` and a few words wide: a step moves no heap data, and
/// what an event would need a list for (a board, a path) is read from the
/// search's view at that moment.
pub trait SearchEvent: Copy + std::fmt::Debug + PartialEq + Send + 'static {
    /// Which of the five kinds this event is.
    fn kind(&self) -> EventKind;
}

/// Live counters, visible between events.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Events yielded so far (the `step` of the last one).
    pub steps: u64,
    /// Search nodes entered, counted as EVENTS.md §2 says for each search.
    pub nodes: u64,
    /// Solutions found; for N-Queens this is the weighted count.
    pub solutions: u64,
    /// `solution` events so far (for N-Queens, boards found before weighting).
    pub found: u64,
    /// `dead-end` events so far.
    pub dead_ends: u64,
    /// `reject` events so far (stays 0 when rejects are switched off).
    pub rejects: u64,
    /// Open `place` events: how deep the current node is.
    pub depth: usize,
    /// The search's own unit of work so far, counted as it goes (N-Queens:
    /// mask word operations, boolean-array reads and writes, or step B3's
    /// comparisons; see `Scene::cost_unit`); 0 for a search that counts none.
    pub work: u64,
}

impl Counters {
    /// Updates the event-driven counters for one yielded event. `nodes` and
    /// `solutions` are kept by each search, since their rules differ.
    #[inline]
    pub(crate) fn record(&mut self, kind: EventKind) {
        self.steps += 1;
        match kind {
            EventKind::Place => self.depth += 1,
            EventKind::Undo => self.depth -= 1,
            EventKind::Reject => self.rejects += 1,
            EventKind::DeadEnd => self.dead_ends += 1,
            EventKind::Solution => self.found += 1,
        }
    }
}

/// How many events [`Search::run_to_end_reporting`] runs between two
/// reports: a clock read every 2^16 events costs nothing measurable.
pub const REPORT_EVERY: u64 = 1 << 16;

/// What the three searches share: a cloneable iterator over events with
/// counters and a finished flag that a caller can read between events.
///
/// A search is `Send` and owns its data (`'static`), so that a clone can
/// be probed on a thread of its own (`estimate::Background`).
pub trait Search: Iterator<Item = <Self as Search>::Event> + Clone + Send + 'static {
    /// The event type this search yields.
    type Event: SearchEvent;

    /// The counters after the last yielded event.
    fn counters(&self) -> &Counters;

    /// True once the search has yielded its last event.
    fn is_finished(&self) -> bool;

    /// Whether the search has closed: it stopped (at the last solution it
    /// wants, at its node budget) and yields only the `undo`s of its open
    /// places, deepest first. Right after a `solution`: whether the search
    /// stops at it.
    fn is_closing(&self) -> bool;

    /// Runs the search to its end, discarding the events: the counters and
    /// the view end as if every event had been taken. A search may do this
    /// faster than event by event (N-Queens does, for counting).
    fn run_to_end(&mut self) {
        self.by_ref().for_each(drop);
    }

    /// Runs the search to its end as [`Search::run_to_end`] does, telling
    /// `report` the node counter now and then (every [`REPORT_EVERY`]
    /// events, or as often in a search's own fast path), so that a long
    /// run can show its progress; the counters end the same.
    fn run_to_end_reporting(&mut self, report: &mut dyn FnMut(u64)) {
        loop {
            for _ in 0..REPORT_EVERY {
                if self.next().is_none() {
                    return;
                }
            }
            report(self.counters().nodes);
        }
    }

    /// The heap this search owns beyond its inline `size_of` (stacks, grids,
    /// paths: their capacities times their element sizes), so that the
    /// timeline can keep its checkpoints within a byte budget. An estimate
    /// that should count every large buffer; 0 for a search without any.
    fn heap_bytes(&self) -> usize {
        0
    }

    /// Skips what is left of the node the last event entered: called right
    /// after a `place`, it makes the next event that place's `undo`, with
    /// nothing of the child's subtree before it (no solution, no stop).
    /// Knuth's probes (`estimate.rs`) call it to count a node's children
    /// without searching them; the search's own stepping never does, so it
    /// costs that nothing. One line in the driver (`backtrack.rs`): the
    /// deepest node's phase becomes `Leave`.
    fn skip_subtree(&mut self);

    /// The search's node budget (EVENTS.md §1, `--max-nodes`).
    fn budget(&self) -> &Budget;

    /// The search's node budget, to set before the first event.
    fn budget_mut(&mut self) -> &mut Budget;

    /// Limits the search to `max` nodes: once one more counted `place`
    /// would take the node counter past `max`, the search yields only the
    /// `undo`s that close its open places, deepest first, then ends.
    fn limit_nodes(&mut self, max: u64) {
        self.budget_mut().max = max;
    }

    /// `Some(K)` once the search refused a place under the budget `K`: its
    /// result is incomplete. `None` while it runs within it, and for a
    /// search that finished without refusing one (complete).
    fn budget_hit(&self) -> Option<u64> {
        self.budget().hit.then_some(self.budget().max)
    }
}

/// A node budget: the most nodes a search may count, and whether it had
/// to refuse a place because of it. Without a limit the maximum is
/// `u64::MAX`, so that the check on every place is one compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    max: u64,
    hit: bool,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            max: u64::MAX,
            hit: false,
        }
    }
}

impl Budget {
    /// Whether a place that would count one more node than `nodes` is
    /// refused; a refusal is remembered.
    #[inline(always)]
    pub fn refuses(&mut self, nodes: u64) -> bool {
        if nodes >= self.max {
            self.refuse();
            true
        } else {
            false
        }
    }

    #[cold]
    #[inline(never)]
    fn refuse(&mut self) {
        self.hit = true;
    }

    /// Whether a limit is set (fast paths that skip the events fall back to
    /// them when one is).
    pub fn is_limited(&self) -> bool {
        self.max != u64::MAX
    }
}

/// A reason a choice can be refused. A search's reasons form a fixed, ordered
/// list, so a set of them fits in a byte and iterates in that order.
pub trait Cause: Copy + std::fmt::Debug + PartialEq + 'static {
    /// Every reason, in the order docs/EVENTS.md lists them.
    const ALL: &'static [Self];
    /// The name used in JSON lines.
    fn name(self) -> &'static str;
    /// The reason in plain words, for trace lines and the screen.
    fn words(self) -> &'static str;
    /// The reason's position in [`Cause::ALL`].
    fn index(self) -> u8;
}

/// A set of reasons for one reject, iterated in EVENTS.md order. A bit set, so
/// that rejects cost no allocation.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Causes<C: Cause>(u8, std::marker::PhantomData<C>);

impl<C: Cause> Causes<C> {
    /// The empty set.
    pub fn none() -> Self {
        Causes(0, std::marker::PhantomData)
    }

    /// This set, plus `cause` when `present` holds.
    pub fn with(self, cause: C, present: bool) -> Self {
        Causes(self.0 | (u8::from(present) << cause.index()), self.1)
    }

    /// Whether `cause` is in the set.
    pub fn contains(self, cause: C) -> bool {
        self.0 >> cause.index() & 1 == 1
    }

    /// The reasons, in EVENTS.md order.
    pub fn iter(self) -> impl Iterator<Item = C> {
        C::ALL.iter().copied().filter(move |c| self.contains(*c))
    }

    /// The JSON names, in EVENTS.md order.
    pub fn names(self) -> Vec<&'static str> {
        self.iter().map(C::name).collect()
    }

    /// The reasons in plain words: `column`, `column and high diagonal`,
    /// `column, high diagonal and low diagonal`.
    pub fn words(self) -> String {
        let words: Vec<&str> = self.iter().map(C::words).collect();
        match words.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => words.join(""),
        }
    }
}

impl<C: Cause> std::fmt::Debug for Causes<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl<C: Cause> FromIterator<C> for Causes<C> {
    fn from_iter<I: IntoIterator<Item = C>>(iter: I) -> Self {
        iter.into_iter()
            .fold(Causes::none(), |set, c| set.with(c, true))
    }
}

/// Where a frame of an explicit-stack search is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Just entered: the node has not yet been examined.
    Enter,
    /// Working through the node's choices.
    Scan,
    /// Every choice is done: the frame is popped with its `undo`.
    Leave,
}

/// Iterates the set bits of a mask, lowest first.
pub(crate) fn bits(mut mask: u32) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let bit = mask.trailing_zeros();
            mask &= mask - 1;
            Some(bit)
        }
    })
}

/// Formats a set of small numbers as `{2,3}` (`{}` when empty).
pub fn format_set(items: impl IntoIterator<Item = u32>) -> String {
    let inner: Vec<String> = items.into_iter().map(|i| i.to_string()).collect();
    format!("{{{}}}", inner.join(","))
}

#[cfg(test)]
mod tests {
    /// Events are `Copy` and at most 16 bytes, `Option` included: a step
    /// returns its event in two registers.
    #[test]
    fn events_are_small() {
        use std::mem::size_of;
        assert!(size_of::<Option<super::QueensEvent>>() <= 16);
        assert!(size_of::<Option<super::SudokuEvent>>() <= 16);
        assert!(size_of::<Option<super::WordEvent>>() <= 16);
        assert!(size_of::<Option<super::cover::CoverEvent>>() <= 16);
        assert!(size_of::<Option<super::sudoku_dlx::DlxEvent>>() <= 16);
    }
}
