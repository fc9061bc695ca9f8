//! The bug lab's one generic question: where do a correct search and a
//! buggy one part? Both yield the same kind of event; the first step at
//! which their events differ (or one stream ends before the other) is
//! where the bug first shows.
//!
//! Nothing here names a search. Each search's bugs live in its engine
//! (`src/search/<s>.rs`, as rules types), and what a bug did at the
//! parting is said in words by its view (`src/view/<s>.rs`).

use crate::search::Search;

/// Where two streams first differ: the step (1-based, like the JSON
/// lines' `step`), each side's event there (`None` for a stream that had
/// ended), and both searches just after it.
#[derive(Clone, Debug)]
pub struct Parting<A: Search, B: Search<Event = A::Event>> {
    /// The step of the first differing event.
    pub step: u64,
    /// The correct search's event there (`None`: it had ended).
    pub left: Option<A::Event>,
    /// The buggy search's event there (`None`: it had ended).
    pub right: Option<B::Event>,
    /// The correct search just after its event.
    pub left_search: A,
    /// The buggy search just after its event.
    pub right_search: B,
}

/// The first step at which `left` and `right` yield different events,
/// both searches run from where they are; `None` when both streams are
/// the same to their ends.
pub fn first<A: Search, B: Search<Event = A::Event>>(
    mut left: A,
    mut right: B,
) -> Option<Parting<A, B>> {
    let mut step = 0;
    loop {
        step += 1;
        let (a, b) = (left.next(), right.next());
        if a.is_none() && b.is_none() {
            return None;
        }
        if a != b {
            return Some(Parting {
                step,
                left: a,
                right: b,
                left_search: left,
                right_search: right,
            });
        }
    }
}

/// Says in one sentence what the bug did at the parting: a function of
/// the search's view, given both searches just after their events.
pub type Explain<A, B> = fn(&Parting<A, B>) -> String;
