//! `--at`: a position in a search, as a step number or as the n-th event
//! of a kind (`solution:2`, `dead-end:3`, `node:7`), and the step it names
//! in a given search. The screen opens there, and a frame is drawn there.
//!
//! Nothing here names a search: a position is found by running a copy of
//! the search and reading its events' kinds and its node counter.

use std::fmt;
use std::str::FromStr;

use anyhow::{Result, bail};

use crate::search::{EventKind, Search, SearchEvent};

/// Where to open: a step, or the n-th (from 1) of a kind of event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Position {
    /// Exactly this step (0: before the first event).
    Step(u64),
    /// The step of the n-th event or node of this kind.
    Nth(Nth, u64),
}

/// What `--at KIND:N` counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nth {
    /// `solution` events.
    Solution,
    /// `dead-end` events.
    DeadEnd,
    /// Search nodes, as the node counter (and the trace table's `node`
    /// column) numbers them: the step at which the counter reaches n.
    Node,
}

impl Nth {
    /// The kinds, by the name `--at` takes.
    const ALL: [(&'static str, Nth); 3] = [
        ("solution", Nth::Solution),
        ("dead-end", Nth::DeadEnd),
        ("node", Nth::Node),
    ];

    /// The name `--at` takes, e.g. `dead-end`.
    pub fn name(self) -> &'static str {
        match self {
            Nth::Solution => "solution",
            Nth::DeadEnd => "dead-end",
            Nth::Node => "node",
        }
    }

    /// The noun for one and for many: `dead end`, `dead ends`.
    fn nouns(self) -> (&'static str, &'static str) {
        match self {
            Nth::Solution => ("solution", "solutions"),
            Nth::DeadEnd => ("dead end", "dead ends"),
            Nth::Node => ("node", "nodes"),
        }
    }

    /// `count` of these, in words: `1 dead end`, `2 solutions`.
    fn counted(self, count: u64) -> String {
        let (one, many) = self.nouns();
        format!("{count} {}", if count == 1 { one } else { many })
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Position::Step(step) => write!(f, "{step}"),
            Position::Nth(kind, n) => write!(f, "{}:{n}", kind.name()),
        }
    }
}

/// What `--at` accepts, for its messages.
const FORMS: &str = "STEP, solution:N, dead-end:N or node:N";

impl FromStr for Position {
    type Err = String;

    /// Reads `STEP` (a whole number, 0 or more) or `KIND:N` (N from 1).
    fn from_str(text: &str) -> Result<Position, String> {
        let Some((kind, n)) = text.split_once(':') else {
            return text.parse().map(Position::Step).map_err(|_| {
                format!("expected {FORMS}, not '{text}' (a step is a whole number, 0 or more)")
            });
        };
        let Some(&(_, nth)) = Nth::ALL.iter().find(|(name, _)| *name == kind) else {
            let names: Vec<&str> = Nth::ALL.iter().map(|(name, _)| *name).collect();
            return Err(format!(
                "'{kind}' in '{text}' is not a kind of position; expected {}",
                names.join(", ")
            ));
        };
        match n.parse::<u64>() {
            Ok(0) => Err(format!(
                "'{text}': positions count from 1 ({kind}:1 is the first {})",
                nth.nouns().0
            )),
            Ok(n) => Ok(Position::Nth(nth, n)),
            Err(_) => Err(format!(
                "'{n}' in '{text}' is not a count; expected {kind}:N with N a whole number from 1"
            )),
        }
    }
}

/// For clap's `value_parser`: the message says what was typed and what
/// is expected.
pub fn parse(text: &str) -> Result<Position, String> {
    text.parse()
}

/// The step `position` names in `search` (run on a copy, from where the
/// search stands, normally its start); an error, naming the position and
/// how many there are, when it is past the end.
pub fn find<S: Search>(search: &S, position: Position) -> Result<u64> {
    let mut copy = search.clone();
    let start = copy.counters().steps;
    match position {
        Position::Step(step) => {
            while copy.counters().steps - start < step {
                if copy.next().is_none() {
                    bail!(
                        "--at {position} is past the end: the search ends at step {}",
                        copy.counters().steps - start
                    );
                }
            }
            Ok(step)
        }
        Position::Nth(Nth::Node, n) => {
            while copy.counters().nodes < n {
                if copy.next().is_none() {
                    bail!(
                        "--at {position} is past the end: the search enters {}",
                        Nth::Node.counted(copy.counters().nodes)
                    );
                }
            }
            Ok(copy.counters().steps - start)
        }
        Position::Nth(nth, n) => {
            let wanted = match nth {
                Nth::Solution => EventKind::Solution,
                _ => EventKind::DeadEnd,
            };
            let mut seen = 0;
            while let Some(event) = copy.next() {
                if event.kind() == wanted {
                    seen += 1;
                    if seen == n {
                        return Ok(copy.counters().steps - start);
                    }
                }
            }
            let counters = copy.counters();
            let weighted = if nth == Nth::Solution && counters.solutions != seen {
                format!(
                    " (its count of {} includes solutions it does not visit)",
                    counters.solutions
                )
            } else {
                String::new()
            };
            bail!(
                "--at {position} is past the end: the search has {}{weighted}",
                nth.counted(seen)
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_forms_read_back_as_written() {
        for text in ["0", "17", "solution:2", "dead-end:1", "node:7"] {
            let position: Position = text.parse().expect(text);
            assert_eq!(position.to_string(), text);
        }
        for bad in [
            "",
            "x",
            "-1",
            "1.5",
            "node:0",
            "node:",
            "nodes:3",
            "solution:x",
        ] {
            assert!(bad.parse::<Position>().is_err(), "{bad}");
        }
    }
}
