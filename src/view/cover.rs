//! Exact cover's presentation: its JSON fields, words, summary and trace
//! table ([`Report`]), its worksheet ([`Sheet`]), its predict questions
//! ([`Ask`]) and its screen ([`draw`]: the matrix, or the board drawn from
//! the partial solution).

pub mod command;
pub mod draw;

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};

use crate::model::{Cell, Ending, Json, Report, Summary, write_plain_ending};
use crate::search::cover::{Cover, CoverEvent, Problem};
use crate::search::{Search, format_set};
use crate::ui::predict::{Answer, Ask, Form, Question};
use crate::view::text::push_numbered_solution;
use crate::worksheet::Sheet;

/// The most options a worksheet lists in full.
const LISTED: usize = 40;

impl Cover {
    /// An item's name (0-based index).
    fn item_name(&self, item: u32) -> &str {
        &self.problem().items()[item as usize]
    }

    /// `[1,3]`: the options of the current path, in the order chosen.
    fn path_text(&self) -> String {
        let inner: Vec<String> = self.path().iter().map(u32::to_string).collect();
        format!("[{}]", inner.join(","))
    }

    /// Whether a solution with this count stops the search.
    fn stops_at(&self, count: u64) -> bool {
        self.max().is_some_and(|max| count >= max)
    }
}

impl Report for Cover {
    fn position_fields(&self) -> &'static [&'static str] {
        &["item", "option"]
    }

    fn write_fields(&self, event: &CoverEvent, json: &mut Json<'_>) {
        let problem = self.problem();
        match *event {
            CoverEvent::Place { item, option } => {
                json.str("item", self.item_name(item))
                    .uint("option", option)
                    .strs("items", problem.option_names(option));
            }
            CoverEvent::Undo { item, option } => {
                json.str("item", self.item_name(item))
                    .uint("option", option);
            }
            CoverEvent::DeadEnd { item } => {
                json.str("item", self.item_name(item));
            }
            CoverEvent::Solution { .. } => {
                json.uints("options", self.path());
            }
        }
    }

    fn write_done(&self, json: &mut Json<'_>) {
        let c = self.counters();
        json.uint("solutions", c.solutions)
            .uint("nodes", c.nodes)
            .uint("updates", self.updates())
            .uints(
                "options",
                self.first_solution().unwrap_or_default().iter().copied(),
            );
    }

    fn summary(&self) -> Summary {
        let c = self.counters();
        let problem = self.problem();
        Summary::new(
            format!("cover {}", problem.name()),
            format!(
                "solutions={}, nodes={}, updates={}",
                c.solutions,
                c.nodes,
                self.updates()
            ),
        )
        .with_rest(
            self.first_solution()
                .unwrap_or_default()
                .iter()
                .map(|&option| format!("{option}: {}", problem.option_text(option))),
        )
    }

    fn write_description(&self, event: &CoverEvent, _found: u64, out: &mut String) -> fmt::Result {
        let problem = self.problem();
        match *event {
            CoverEvent::Place { item, option } => write!(
                out,
                "place option {option} ({}) for item {}",
                problem.option_text(option),
                self.item_name(item)
            ),
            CoverEvent::DeadEnd { item } => write!(
                out,
                "dead end: item {} has no option left",
                self.item_name(item)
            ),
            CoverEvent::Undo { item, option } => write!(
                out,
                "undo option {option} ({}) for item {}",
                problem.option_text(option),
                self.item_name(item)
            ),
            CoverEvent::Solution { count } => {
                write!(out, "solution #{count}: options {}", self.path_text())?;
                if self.stops_at(count) {
                    out.push_str(", the cap is reached and the search stops");
                }
                Ok(())
            }
        }
    }

    fn table_header(&self) -> &'static [&'static str] {
        &["node", "path", "item", "options left", "outcome"]
    }

    fn node_cells(&self) -> Vec<Cell> {
        let (item, options) = match self.deciding() {
            Some((item, options)) => (
                self.item_name(item).to_string().into(),
                format_set(options.iter().copied()).into(),
            ),
            None => (Cell::Nothing, Cell::Nothing),
        };
        vec![self.path_text().into(), item, options]
    }

    fn choice(&self, place: &CoverEvent) -> Option<String> {
        match *place {
            CoverEvent::Place { option, .. } => {
                Some(format!("{option} ({})", self.problem().option_text(option)))
            }
            _ => None,
        }
    }

    fn write_ending(&self, ending: &Ending, out: &mut String) {
        match *ending {
            Ending::Solution { number, stops, .. } => push_numbered_solution(out, number, stops),
            other => write_plain_ending(&other, out),
        }
    }
}

/// The problem as Markdown lines: items, then the options (the first
/// [`LISTED`] of them).
fn listing(problem: &Problem) -> Vec<String> {
    let items = problem.items();
    let (primary, secondary) = items.split_at(problem.primary());
    let mut lines = vec![format!(
        "Primary items (covered exactly once): {}.",
        primary.join(" ")
    )];
    if !secondary.is_empty() {
        lines.push(String::new());
        lines.push(format!(
            "Secondary items (covered at most once, never chosen): {}.",
            secondary.join(" ")
        ));
    }
    lines.push(String::new());
    let count = problem.options().len();
    if count > LISTED {
        lines.push(format!("The options (the first {LISTED} of {count}):"));
    } else {
        lines.push("The options:".into());
    }
    lines.push(String::new());
    for option in 0..count.min(LISTED) as u32 {
        lines.push(format!("    {option}: {}", problem.option_text(option)));
    }
    lines
}

impl Sheet for Cover {
    fn title(&self) -> String {
        format!("Exact cover, {}", self.problem().name())
    }

    fn rules(&self) -> Vec<String> {
        let mut lines = vec![
            "## The problem".to_string(),
            String::new(),
            "Choose options so that every primary item is in exactly one chosen".into(),
            "option, and every secondary item in at most one. Options are".into(),
            "numbered from 0 in input order.".into(),
            String::new(),
        ];
        lines.extend(listing(self.problem()));
        lines.extend([
            String::new(),
            "- Algorithm X: at each node, if no primary item is left, the chosen".into(),
            "  options are a solution. Else choose the primary item with the".into(),
            "  fewest options left (the first in the item line on ties); none".into(),
            "  left is a dead end.".into(),
            "- Cover the item: take it out of the item list and hide every".into(),
            "  option that shares an item with one of its options.".into(),
            "- Try its options top to bottom: each covers the option's other".into(),
            "  items and enters a new node; on the way back they are uncovered".into(),
            "  in reverse.".into(),
        ]);
        if let Some(max) = self.max() {
            lines.push(format!(
                "- The search stops at solution #{max} (`--max {max}`)."
            ));
        }
        lines
    }

    fn filling(&self) -> Vec<String> {
        vec![
            "One row per node, in the order entered; node 1 is the root. path is".into(),
            "the options chosen so far, item the item the node chooses, and".into(),
            "options left the options still in its list (both `-` when no".into(),
            "primary item is left). outcome is what the node does first: the".into(),
            "first option placed (`place 3 (A D)`; later options show as the".into(),
            "rows of its other children), or `dead end` or `solution #k`.".into(),
        ]
    }

    fn masks_columns(&self) -> &'static [&'static str] {
        // The item is worked out from every active item's options left, as
        // the queens' legal set is worked out from the masks.
        &["item"]
    }

    fn legal_columns(&self) -> &'static [&'static str] {
        &["options left"]
    }
}

impl Ask<crate::search::cover::CoverEvent> for Cover {
    fn question(&self, next: &CoverEvent, previous: Option<&CoverEvent>) -> Option<Question> {
        let problem = self.problem();
        let (chosen, column) = self.deciding()?;
        let name = |i: u32| problem.items()[i as usize].clone();
        let option_question = |option: u32| {
            let mut wrong = BTreeMap::new();
            let at = column.iter().position(|&o| o == option).unwrap_or(0);
            for (k, &o) in column.iter().enumerate() {
                let reason = if k < at {
                    format!("option {o} was already tried")
                } else {
                    format!("option {o} comes later in {}'s column", name(chosen))
                };
                wrong.insert(Answer::Number(o), reason);
            }
            wrong.insert(
                Answer::DeadEnd,
                format!("{} still has options left", name(chosen)),
            );
            Question {
                prompt: format!("Which option covers {} next?", name(chosen)),
                hint: "an option number, or d for a dead end".into(),
                answer: Answer::Number(option),
                why: format!(
                    "options are tried top to bottom in {}'s column: {} ({})",
                    name(chosen),
                    option,
                    problem.option_text(option)
                ),
                wrong,
                form: Form::Column,
                then: None,
            }
        };
        let (why, then) = match *next {
            CoverEvent::Place { option, .. } => {
                // After an undo the node tries its next option for the same
                // item, so only the option is worth asking.
                if matches!(previous, Some(CoverEvent::Undo { .. })) {
                    return Some(option_question(option));
                }
                (
                    format!(
                        "{} has the fewest options left ({}), first on ties",
                        name(chosen),
                        column.len()
                    ),
                    Some(Box::new(option_question(option))),
                )
            }
            CoverEvent::DeadEnd { .. } => (
                format!(
                    "{} has no option left, the fewest: a dead end",
                    name(chosen)
                ),
                None,
            ),
            _ => return None,
        };
        let lens = self.lens();
        let mut wrong = BTreeMap::new();
        for header in self.links().active() {
            let i = header - 1;
            let len = lens[i as usize];
            let reason = if len == column.len() as u32 {
                format!(
                    "{} has as few options ({len}), but comes later in the item line",
                    name(i)
                )
            } else {
                format!(
                    "{} has {} left",
                    name(i),
                    crate::model::counted(len as u64, "option", "options")
                )
            };
            wrong.insert(Answer::Word(name(i)), reason);
        }
        for (i, item) in problem.items().iter().enumerate() {
            if i >= problem.primary() {
                wrong.insert(
                    Answer::Word(item.clone()),
                    format!("{item} is secondary: never chosen"),
                );
            }
        }
        Some(Question {
            prompt: "Which item is chosen next?".into(),
            hint: "an item's name as written (case counts)".into(),
            answer: Answer::Word(name(chosen)),
            why,
            wrong,
            form: Form::Word,
            then,
        })
    }
}
