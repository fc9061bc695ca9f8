//! The headless presentation of the fundamental N-Queens search
//! (`queens N --fundamental`): JSON lines with each solution's orbit and
//! canonical flag, the summary with the fundamental count and the orbit
//! census, the trace table and the worksheet; its predict questions
//! ([`Ask`], the mask search's) and its screen ([`draw`]).

pub mod draw;

use std::fmt::{self, Write as _};

use super::queens_words::{
    cell_fields, describe_dead_end, describe_move, describe_reject, list, reject_fields, set,
};
use crate::model::{Cell, Ending, Json, Report, Summary, write_plain_ending};
use crate::search::Search;
use crate::search::queens::format_mask;
use crate::search::queens_fundamental::{Fundamental, FundamentalEvent};
use crate::ui::predict::{Ask, Question};
use crate::view::queens::push_mask;
use crate::worksheet::Part::{Item, Para};
use crate::worksheet::{Sheet, prose, section, wrap_text};

impl Report for Fundamental {
    fn write_fields(&self, event: &FundamentalEvent, json: &mut Json<'_>) {
        match *event {
            FundamentalEvent::Place { row, col } | FundamentalEvent::Undo { row, col } => {
                cell_fields(json, row, col);
            }
            FundamentalEvent::Reject { row, col, by } => reject_fields(json, row, col, by),
            FundamentalEvent::DeadEnd { row } => {
                json.uint("row", row);
            }
            FundamentalEvent::Solution {
                queens,
                orbit,
                canonical,
            } => {
                json.uints("queens", queens.iter())
                    .uint("weight", 1u8)
                    .uint("orbit", orbit)
                    .bool("canonical", canonical);
            }
        }
    }

    fn write_done(&self, json: &mut Json<'_>) {
        let c = self.counters();
        json.uint("solutions", c.solutions)
            .uint("fundamental", self.fundamental())
            .uint("nodes", c.nodes);
    }

    fn summary(&self) -> Summary {
        let c = self.counters();
        let census: Vec<String> = self
            .census()
            .iter()
            .map(|(size, count)| format!("{size}x{count}"))
            .collect();
        let orbits = if census.is_empty() {
            "orbits:".to_string()
        } else {
            format!("orbits: {}", census.join(", "))
        };
        Summary::new(
            format!("queens {} fundamental", self.n()),
            format!(
                "solutions={}, fundamental={}, nodes={}",
                c.solutions,
                self.fundamental(),
                c.nodes
            ),
        )
        .with_rest([orbits])
    }

    fn write_description(
        &self,
        event: &FundamentalEvent,
        found: u64,
        out: &mut String,
    ) -> fmt::Result {
        match *event {
            FundamentalEvent::Place { row, col } => describe_move(out, "place", row, col),
            FundamentalEvent::Undo { row, col } => describe_move(out, "undo", row, col),
            FundamentalEvent::Reject { row, col, by } => describe_reject(out, row, col, by),
            FundamentalEvent::DeadEnd { row } => describe_dead_end(out, row, self.n()),
            FundamentalEvent::Solution {
                queens,
                orbit,
                canonical,
            } => {
                let board = queens.to_vec();
                write!(
                    out,
                    "solution #{found} {}, orbit of {orbit}, ",
                    list(&board)
                )?;
                if canonical {
                    out.push_str("canonical (the smallest of its 8 images)");
                } else {
                    // The canonical image: the smallest of the 8.
                    let smallest = self
                        .last_solution()
                        .and_then(|(_, images, ..)| images.iter().map(|i| i.to_vec()).min())
                        .unwrap_or(board);
                    write!(out, "an image of the canonical {}", list(&smallest))?;
                }
            }
        }
        Ok(())
    }

    fn trace_column(&self) -> Option<&'static str> {
        Some("state")
    }

    fn write_trace_column(&self, out: &mut String) {
        let (m, n) = (self.masks(), usize::from(self.n()));
        out.push_str("C=");
        push_mask(out, m.cols, n);
        out.push_str(" H=");
        push_mask(out, m.high, n);
        out.push_str(" L=");
        push_mask(out, m.low, n);
    }

    fn table_header(&self) -> &'static [&'static str] {
        &["node", "prefix", "C", "H", "L", "legal", "outcome"]
    }

    fn node_cells(&self) -> Vec<Cell> {
        let (m, n) = (self.masks(), self.n());
        let legal = if self.row() == n {
            Cell::Nothing
        } else {
            set(self.queens_search().legal()).into()
        };
        vec![
            list(self.queens()).into(),
            format_mask(m.cols, n).into(),
            format_mask(m.high, n).into(),
            format_mask(m.low, n).into(),
            legal,
        ]
    }

    fn choice(&self, place: &FundamentalEvent) -> Option<String> {
        match place {
            FundamentalEvent::Place { col, .. } => Some(col.to_string()),
            _ => None,
        }
    }

    fn write_ending(&self, ending: &Ending, out: &mut String) {
        // Written when the solution event comes, so the last solution is
        // the one that ends the node.
        match (ending, self.last_solution()) {
            (Ending::Solution { .. }, Some((_, _, orbit, canonical))) => {
                let which = if canonical {
                    "canonical"
                } else {
                    "not canonical"
                };
                let _ = write!(out, "solution, orbit {orbit}, {which}");
            }
            (other, _) => write_plain_ending(other, out),
        }
    }
}

impl Sheet for Fundamental {
    fn title(&self) -> String {
        format!("{}-Queens, fundamental solutions", self.n())
    }

    fn rules(&self) -> Vec<String> {
        let n = self.n();
        let queens = crate::model::counted(u64::from(n), "queen", "queens");
        let all = format_mask(self.queens_search().all_columns(), n);
        section(
            "The problem",
            vec![prose(&[
                Para(format!(
                    "Place {queens} on a {n}x{n} board so that no two share a row, \
                     column or diagonal, and sort the solutions into families: the 8 \
                     rotations and reflections of the square turn a solution into \
                     solutions. The search fills the rows top to bottom, trying each \
                     row's columns in increasing order, every column of row 0 included."
                )),
                Item("Column c is bit `2^c`; masks are written with column 0 on the right.".into()),
                Item(format!(
                    "Placing a queen at bit b gives the next row's masks: `C' = C | b`, \
                     `H' = ((H | b) << 1) & U`, `L' = (L | b) >> 1`, with `U = {all}`; \
                     the legal columns are `U & !(C | H | L)`."
                )),
                Item(
                    "At a solution, write its column list under each of the 8 symmetries \
                     (turn a queen at (r,c) by 90 degrees to (c, n-1-r); mirror it to \
                     (r, n-1-c)). Its orbit is how many different lists you get (1, 2, 4 or \
                     8); it is canonical when its own list is the smallest of them."
                        .into(),
                ),
            ])],
        )
    }

    fn filling(&self) -> Vec<String> {
        wrap_text(
            "One row per node, in the order entered; node 1 is the empty board. Each \
             row shows the node on entry: prefix is the queens' columns row by row, \
             C, H and L the masks for the next row, legal its legal columns (`-` on a \
             full board). outcome is what the node does first: the first column placed \
             from it (`place 0`), `dead end`, or `solution, orbit k, canonical` (or \
             `not canonical`).",
        )
    }

    fn masks_columns(&self) -> &'static [&'static str] {
        &["C", "H", "L"]
    }

    fn legal_columns(&self) -> &'static [&'static str] {
        &["legal"]
    }
}

/// The mask search's questions: the fundamental search walks its tree.
impl Ask<crate::search::queens_fundamental::FundamentalEvent> for Fundamental {
    fn question(
        &self,
        next: &FundamentalEvent,
        previous: Option<&FundamentalEvent>,
    ) -> Option<Question> {
        let previous = previous.map(|e| e.queens_event());
        self.queens_search()
            .question(&next.queens_event(), previous.as_ref())
    }

    fn extra_question(&self) -> Option<Question> {
        self.queens_search().extra_question()
    }
}
