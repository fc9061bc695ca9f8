//! The bug lab's one generic question: where do a correct search and a
//! buggy one part? Both yield the same kind of event; the first step at
//! which their events differ (or one stream ends before the other) is
//! where the bug first shows.
//!
//! Nothing here names a search. Each search's bugs live in its engine
//! (`src/search/<s>.rs`, as rules types), and what a bug did at the
//! parting is said in words by its view (`src/view/<s>.rs`).

use crate::model::{self, Report};

/// One bug of the bug lab, as `backstep bugs` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BugLine {
    /// The name `--bug` takes.
    pub name: String,
    /// What the bug gets wrong, in one line.
    pub about: String,
}

/// Where two streams first differ: the step (1-based, like the JSON
/// lines' `step`), each side's event there (`None` for a stream that had
/// ended) with its words, told right after it as the trace tells it, and
/// both searches just after it.
#[derive(Clone, Debug)]
pub struct Parting<A: Report, B: Report<Event = A::Event>> {
    /// The step of the first differing event.
    pub step: u64,
    /// The correct search's event there (`None`: it had ended).
    pub left: Option<A::Event>,
    /// The buggy search's event there (`None`: it had ended).
    pub right: Option<B::Event>,
    /// The correct search's event in words, as its trace says it.
    pub left_words: Option<String>,
    /// The buggy search's event in words, as its trace says it.
    pub right_words: Option<String>,
    /// The correct search just after its event.
    pub left_search: A,
    /// The buggy search just after its event.
    pub right_search: B,
}

/// The first step at which `left` and `right` yield different events,
/// both searches run from where they are; `None` when both streams are
/// the same to their ends.
pub fn first<A: Report, B: Report<Event = A::Event>>(
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
                left_words: a.map(|e| model::told(&left, &e)),
                right_words: b.map(|e| model::told(&right, &e)),
                left_search: left,
                right_search: right,
            });
        }
    }
}

/// Says in one sentence what the bug did at the parting: a function of
/// the search's view, given both searches just after their events.
pub type Explain<A, B> = fn(&Parting<A, B>) -> String;

impl<A: Report, B: Report<Event = A::Event>> Parting<A, B> {
    /// What the correct search did there, in its trace's words.
    pub fn left_said(&self) -> &str {
        said(self.left_words.as_deref())
    }

    /// What the bug did there, in its trace's words.
    pub fn right_said(&self) -> &str {
        said(self.right_words.as_deref())
    }

    /// The sentence for a parting a view has nothing more to say about:
    /// what each side did, in the words its trace has for it.
    pub fn plainly(&self) -> String {
        let side = |words: Option<&str>| {
            words.map_or_else(|| "has ended".to_string(), |w| format!("does `{w}`"))
        };
        format!(
            "The correct search {} where the bug {}.",
            side(self.left_words.as_deref()),
            side(self.right_words.as_deref())
        )
    }
}

/// A side's words at the parting, or that its search had ended.
fn said(words: Option<&str>) -> &str {
    words.unwrap_or("the search has ended")
}
