//! Graph colouring, presented: the headless outputs ([`Report`]: JSON
//! lines, trace words, summary, trace table), the worksheet ([`Sheet`]),
//! the predict question ([`Ask`]: which colour next?) and the screen
//! ([`draw`]: the graph on a `Canvas`, the used and legal masks).

pub mod command;
pub mod draw;

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};

use crate::model::{Cell, Ending, Json, Report, Summary, write_plain_ending};
use crate::search::colour::{Colour, ColourEvent};
use crate::search::{Search, bits, format_set};
use crate::ui::predict::{Answer, Ask, Form, Question};
use crate::worksheet::Part::Item;
use crate::worksheet::{Sheet, prose, section, wrap_text};

/// `[1,2,2,3]`, as the summary and the table write colours.
fn list(colours: &[u8]) -> String {
    let items: Vec<String> = colours.iter().map(u8::to_string).collect();
    format!("[{}]", items.join(","))
}

/// `neighbour 0` or `neighbours 1 and 2`.
fn neighbours(by: u32) -> String {
    let items: Vec<String> = bits(by).map(|w| w.to_string()).collect();
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            format!("neighbours {} and {last}", rest.join(", "))
        }
        _ => format!("neighbour {}", items.join("")),
    }
}

impl Colour {
    /// The summary's description of the problem: `colour 4 vertices, 5
    /// edges, m=3` ("vertices" and "edges" even for one, as EVENTS.md §2 says).
    fn heading(&self) -> String {
        format!(
            "colour {} vertices, {} edges, m={}",
            self.graph().vertices(),
            self.graph().edge_count(),
            self.options().m
        )
    }
}

impl Report for Colour {
    fn read_event(&self, fields: &crate::check::field::Fields) -> Option<ColourEvent> {
        use crate::check::field::{uint, uints};
        let (vertex, colour) = (
            || uint::<u8>(fields, "vertex"),
            || uint::<u8>(fields, "colour"),
        );
        Some(match fields.get("event")?.as_str()? {
            "place" => ColourEvent::Place {
                vertex: vertex()?,
                colour: colour()?,
            },
            "undo" => ColourEvent::Undo {
                vertex: vertex()?,
                colour: colour()?,
            },
            "reject" => {
                // `by` lists neighbours by number: a mask of at most 32.
                let by: Vec<u8> = uints(fields, "by")?;
                let mask = by.iter().try_fold(0u32, |mask, &v| {
                    Some(mask | 1u32.checked_shl(u32::from(v))?)
                })?;
                ColourEvent::Reject {
                    vertex: vertex()?,
                    colour: colour()?,
                    by: mask,
                }
            }
            "dead-end" => ColourEvent::DeadEnd { vertex: vertex()? },
            // A colouring is read from the search's own state, not the
            // line's: the student's is shown as written.
            _ => return None,
        })
    }

    fn position_fields(&self) -> &'static [&'static str] {
        &["vertex", "colour"]
    }

    fn write_fields(&self, event: &ColourEvent, json: &mut Json<'_>) {
        match *event {
            ColourEvent::Place { vertex, colour } | ColourEvent::Undo { vertex, colour } => {
                json.uint("vertex", vertex).uint("colour", colour);
            }
            ColourEvent::Reject { vertex, colour, by } => {
                json.uint("vertex", vertex)
                    .uint("colour", colour)
                    .uints("by", bits(by));
            }
            ColourEvent::DeadEnd { vertex } => {
                json.uint("vertex", vertex);
            }
            ColourEvent::Solution => {
                json.uints("colours", self.colours().iter().copied());
            }
        }
    }

    fn write_done(&self, json: &mut Json<'_>) {
        if self.options().all {
            json.uint("colourings", self.colourings());
        } else {
            json.bool("found", self.first().is_some());
        }
        json.uint("nodes", self.counters().nodes)
            .uints("colours", self.first().unwrap_or_default().iter().copied());
    }

    fn summary(&self) -> Summary {
        let nodes = self.counters().nodes;
        if self.options().all {
            Summary::new(
                format!("{}, all", self.heading()),
                format!("colourings={}, nodes={nodes}", self.colourings()),
            )
        } else {
            Summary::new(
                self.heading(),
                format!(
                    "found={}, nodes={nodes}, colours={}",
                    u8::from(self.first().is_some()),
                    list(self.first().unwrap_or_default())
                ),
            )
        }
    }

    fn write_description(&self, event: &ColourEvent, found: u64, out: &mut String) -> fmt::Result {
        match *event {
            ColourEvent::Place { vertex, colour } => {
                write!(out, "colour vertex {vertex} with {colour}")
            }
            ColourEvent::Reject { vertex, colour, by } => write!(
                out,
                "reject colour {colour} for vertex {vertex}: {} already {} it",
                neighbours(by),
                if by.count_ones() == 1 {
                    "holds"
                } else {
                    "hold"
                }
            ),
            ColourEvent::DeadEnd { vertex } => match self.options().m {
                1 => write!(
                    out,
                    "dead end at vertex {vertex}: the one colour is held by a neighbour"
                ),
                m => write!(
                    out,
                    "dead end at vertex {vertex}: each of the {m} colours is held by a neighbour"
                ),
            },
            ColourEvent::Undo { vertex, colour } => {
                write!(out, "undo colour {colour} of vertex {vertex}")
            }
            ColourEvent::Solution => {
                write!(out, "colouring #{found}: {}", list(self.colours()))?;
                if !self.options().all {
                    out.push_str(", the search stops");
                }
                Ok(())
            }
        }
    }

    fn table_header(&self) -> &'static [&'static str] {
        &["node", "vertex", "colours so far", "legal", "outcome"]
    }

    fn node_cells(&self) -> Vec<Cell> {
        let so_far = Cell::Text(list(self.coloured()));
        match self.deciding() {
            Some(u) => vec![
                u.to_string().into(),
                so_far,
                format_set(bits(self.legal_mask(u)).map(|b| b + 1)).into(),
            ],
            None => vec![Cell::Nothing, so_far, Cell::Nothing],
        }
    }

    fn choice(&self, place: &ColourEvent) -> Option<String> {
        match *place {
            ColourEvent::Place { colour, .. } => Some(colour.to_string()),
            _ => None,
        }
    }

    fn write_ending(&self, ending: &Ending, out: &mut String) {
        match ending {
            Ending::Solution {
                stops: false,
                number,
                ..
            } => {
                let _ = write!(out, "colouring #{number}");
            }
            Ending::Solution { stops: true, .. } => out.push_str("colouring found, stop"),
            other => write_plain_ending(other, out),
        }
    }
}

impl Sheet for Colour {
    fn title(&self) -> String {
        let m = self.options().m;
        let v = self.graph().vertices();
        let all = if self.options().all {
            ", every colouring"
        } else {
            ""
        };
        let v = crate::model::counted(v as u64, "vertex", "vertices");
        format!("{m}-colouring of a graph of {v}{all}")
    }

    fn rules(&self) -> Vec<String> {
        let edges: Vec<String> = self
            .graph()
            .edges()
            .iter()
            .map(|(a, b)| format!("{a}-{b}"))
            .collect();
        let edges = if edges.is_empty() {
            "(none)".to_string()
        } else {
            edges.join(", ")
        };
        let m = self.options().m;
        let stop = if self.options().all {
            "Every colouring is counted: after each one the search goes back and \
             tries the next colour."
        } else {
            "The search stops at the first colouring."
        };
        let vertices = match self.graph().vertices() {
            1 => "the one vertex (numbered 0)".to_string(),
            v => format!("each of the {v} vertices (numbered from 0)"),
        };
        let colours = match m {
            1 => "the colour 1".to_string(),
            m => format!("one of the colours 1 to {m}"),
        };
        let intro = format!(
            "Give {vertices} {colours} so that no edge joins two vertices of the same \
             colour. The edges:"
        );
        section(
            "The problem",
            vec![
                wrap_text(&intro),
                vec![format!("    {edges}")],
                prose(&[
                    Item(
                        "The vertices are coloured in order 0, 1, 2, ...; each node of the \
                         search decides one vertex, the root node vertex 0."
                            .into(),
                    ),
                    Item(
                        "A vertex tries the colours in increasing order. A colour already held \
                         by a neighbour coloured earlier is refused; a vertex with no colour \
                         left is a dead end, and the search goes back to the vertex before."
                            .into(),
                    ),
                    Item(stop.into()),
                ]),
            ],
        )
    }

    fn filling(&self) -> Vec<String> {
        wrap_text(
            "One row per node, in the order entered; node 1 decides vertex 0. The \
             vertex column is the vertex the node decides (`-` once all are coloured), \
             colours so far the colours of the vertices before it, and legal the \
             colours none of its coloured neighbours holds (`-` on a complete \
             colouring). The outcome is what the node does first: the first colour \
             placed (`place 2`; later colours show as the rows of its other children), \
             or `dead end`, or the colouring found.",
        )
    }

    fn masks_columns(&self) -> &'static [&'static str] {
        &["colours so far"]
    }

    fn legal_columns(&self) -> &'static [&'static str] {
        &["legal"]
    }
}

/// The colours in `mask` (bit k-1 for colour k) as `1, 3`, or `none`.
pub(crate) fn colour_list(mask: u32) -> String {
    let items: Vec<String> = bits(mask).map(|b| (b + 1).to_string()).collect();
    if items.is_empty() {
        "none".into()
    } else {
        items.join(", ")
    }
}

/// `mask` in binary, `m` digits, the highest colour first: `0101`.
pub(crate) fn binary(mask: u32, m: u8) -> String {
    (0..m)
        .rev()
        .map(|b| if mask >> b & 1 == 1 { '1' } else { '0' })
        .collect()
}

impl Colour {
    /// The neighbours of `v` holding colour `k` now, as a mask of vertices.
    pub(crate) fn holders(&self, v: usize, k: u8) -> u32 {
        bits(self.graph().neighbours(v))
            .filter(|&w| self.colours()[w as usize] == k)
            .fold(0, |mask, w| mask | 1 << w)
    }
}

impl Ask<crate::search::colour::ColourEvent> for Colour {
    fn question(&self, next: &ColourEvent, previous: Option<&ColourEvent>) -> Option<Question> {
        let u = self.deciding()?;
        let m = self.options().m;
        let used = self.used_mask(u);
        // After an undo at this vertex, the colours up to the one undone
        // were tried already.
        let tried = match previous {
            Some(&ColourEvent::Undo { vertex, colour }) if usize::from(vertex) == u => colour,
            _ => 0,
        };
        let (answer, why) = match *next {
            ColourEvent::Place { vertex, colour } if usize::from(vertex) == u => (
                Answer::Number(u32::from(colour)),
                format!(
                    "no neighbour of vertex {u} holds {colour} (used {} -> legal {}), and \
                     it is the lowest colour not tried yet",
                    binary(used, m),
                    binary(self.legal_mask(u), m)
                ),
            ),
            ColourEvent::DeadEnd { vertex } if usize::from(vertex) == u => (
                Answer::DeadEnd,
                format!(
                    "every colour left is held by a neighbour of vertex {u} (used {})",
                    binary(used, m)
                ),
            ),
            _ => return None,
        };
        let mut wrong = BTreeMap::new();
        for k in 1..=m {
            let holders = self.holders(u, k);
            let reason = if holders != 0 {
                format!(
                    "{} already {} colour {k}",
                    neighbours(holders),
                    if holders.count_ones() == 1 {
                        "holds"
                    } else {
                        "hold"
                    }
                )
            } else if k <= tried {
                format!("colour {k} was tried at vertex {u} already")
            } else {
                format!("colour {k} is free, but the colours are tried in increasing order")
            };
            wrong.insert(Answer::Number(u32::from(k)), reason);
        }
        wrong.insert(
            Answer::DeadEnd,
            format!(
                "a colour is still free for vertex {u}: legal {}",
                colour_list(self.legal_mask(u) & !((1u32 << tried) - 1))
            ),
        );
        Some(Question {
            prompt: format!("Vertex {u}: which colour next (1 to {m})? Or is it a dead end?"),
            hint: format!("a colour from 1 to {m}, or d for a dead end"),
            answer,
            why,
            wrong,
            form: Form::Column,
            then: None,
        })
    }
}
