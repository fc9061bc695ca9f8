//! N-Queens' presentation: its words, JSON fields and trace table
//! ([`Report`]), its worksheet ([`Sheet`]), its predict questions ([`Ask`])
//! and its screen ([`draw`]: the board, the masks, the algorithm steps).

pub mod command;
pub mod draw;
pub mod play;

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};

use super::queens_words::SYMMETRY;
use crate::check::field::{self, Fields};
use crate::model::{
    Cell, Ending, Json, Note, Report, Skipped, Summary, plain_note, write_plain_ending,
};
use crate::parting::Parting;
use crate::search::queens::{
    self, Attack, Attacks, Columns, Queens, QueensEvent, Rules, format_mask,
};
use crate::search::{Cause, Search, bits, format_set};
use crate::ui::predict::{Answer, Ask, Form, Question};
use crate::view::text::{ListText, push_and_list, push_cell, push_uint};
use crate::worksheet::Part::{Item, Para};
use crate::worksheet::{Sheet, prose, section, wrap_text};

/// The most digits a mask has: one per column of the largest board.
const MASK_DIGITS: usize = queens::MAX_N as usize;

/// The four binary digits of each nibble, most significant first, as text.
const NIBBLES: [&str; 16] = [
    "0000", "0001", "0010", "0011", "0100", "0101", "0110", "0111", "1000", "1001", "1010", "1011",
    "1100", "1101", "1110", "1111",
];

/// The low `n` bits of `mask` as binary digits, column 0 on the right: what
/// [`format_mask`] returns, pushed a nibble at a time. Each piece is already
/// a `&str`, so nothing is checked for UTF-8 on every trace line (a byte
/// array put together and passed through `str::from_utf8` cost more than
/// formatting the rest of the line).
#[inline(always)]
pub(crate) fn push_mask(out: &mut String, mask: u32, n: usize) {
    debug_assert!(n <= MASK_DIGITS);
    // The top `n % 4` digits come from a partial nibble, then whole ones.
    let partial = n % 4;
    if partial > 0 {
        let nibble = (mask >> (n - partial)) & 15;
        out.push_str(&NIBBLES[nibble as usize][4 - partial..]);
    }
    for k in (0..n / 4).rev() {
        out.push_str(NIBBLES[((mask >> (4 * k)) & 15) as usize]);
    }
}

/// A JSON line's N-Queens event (see [`Report::read_event`]), for every
/// N-Queens search whose events are [`QueensEvent`]s.
pub(crate) fn read_event(fields: &Fields) -> Option<QueensEvent> {
    let row = || field::uint::<u8>(fields, "row");
    let col = || field::uint::<u8>(fields, "col");
    Some(match fields.get("event")?.as_str()? {
        "place" => QueensEvent::Place {
            row: row()?,
            col: col()?,
        },
        "undo" => QueensEvent::Undo {
            row: row()?,
            col: col()?,
        },
        "reject" => QueensEvent::Reject {
            row: row()?,
            col: col()?,
            by: field::causes(fields, "by")?,
        },
        "dead-end" => QueensEvent::DeadEnd { row: row()? },
        "solution" => {
            let queens: Vec<u8> = field::uints(fields, "queens")?;
            if queens.len() > usize::from(queens::MAX_N)
                || queens.iter().any(|&c| c >= queens::MAX_N)
            {
                return None;
            }
            QueensEvent::Solution {
                queens: Columns::new(&queens),
                weight: field::uint(fields, "weight").unwrap_or(1),
            }
        }
        _ => return None,
    })
}

impl<R: Rules> Report for Queens<R> {
    fn read_event(&self, fields: &Fields) -> Option<QueensEvent> {
        read_event(fields)
    }

    fn write_fields(&self, event: &QueensEvent, json: &mut Json<'_>) {
        match event {
            QueensEvent::Place { row, col } | QueensEvent::Undo { row, col } => {
                json.uint("row", *row).uint("col", *col);
            }
            QueensEvent::Reject { row, col, by } => {
                json.uint("row", *row).uint("col", *col);
                // Most rejects have one reason: its whole field is one
                // constant, as `names` would write it.
                let mut reasons = by.iter();
                match (reasons.next(), reasons.next()) {
                    (Some(attack), None) => json.0.push_str(match attack {
                        Attack::Symmetry => ",\"by\":[\"symmetry\"]",
                        Attack::Column => ",\"by\":[\"column\"]",
                        Attack::High => ",\"by\":[\"high\"]",
                        Attack::Low => ",\"by\":[\"low\"]",
                    }),
                    _ => {
                        json.names("by", by.iter().map(Attack::name));
                    }
                }
            }
            QueensEvent::DeadEnd { row } => {
                json.uint("row", *row);
            }
            QueensEvent::Solution { queens, weight } => {
                json.uints("queens", queens.iter()).uint("weight", *weight);
            }
        }
    }

    fn summary(&self) -> Summary {
        let strategy = self.strategy();
        let mode = match strategy.is_bug() {
            true => crate::model::bug_label(Some(strategy.name())),
            false => format!(" {}", strategy.name()),
        };
        Summary::counts(format!("queens {}{mode}", self.n()), self.counters())
    }

    fn write_description(&self, event: &QueensEvent, found: u64, out: &mut String) -> fmt::Result {
        match event {
            // The events of nearly every line, written without the
            // formatting machinery: `place (r,c)`.
            QueensEvent::Place { row, col } => {
                out.push_str("place ");
                push_cell(out, *row, *col);
                Ok(())
            }
            QueensEvent::Reject { row, col, by } if by.contains(Attack::Symmetry) => write!(
                out,
                "reject ({row},{col}): skipped by symmetry, its mirror is searched"
            ),
            QueensEvent::Reject { row, col, by } => {
                out.push_str("reject ");
                push_cell(out, *row, *col);
                out.push_str(": ");
                let count = by.iter().count();
                push_and_list(out, count, by.iter().map(Attack::words));
                out.push_str(if count > 1 {
                    " attack column "
                } else {
                    " attacks column "
                });
                push_uint(out, *col);
                Ok(())
            }
            QueensEvent::DeadEnd { row } if *row == self.n() => {
                out.push_str("dead end: the complete board fails the test");
                Ok(())
            }
            QueensEvent::DeadEnd { row } => write!(out, "dead end at row {row}: no legal column"),
            QueensEvent::Undo { row, col } => {
                out.push_str("undo ");
                push_cell(out, *row, *col);
                Ok(())
            }
            QueensEvent::Solution { queens, weight } => {
                let counted = if *weight == 2 {
                    "counted twice by symmetry"
                } else {
                    "counted once"
                };
                // `solution #3 [1,3,0,2], counted once`, the columns read
                // from the event as they are written.
                out.push_str("solution #");
                push_uint(out, found);
                out.push_str(" [");
                for (i, col) in queens.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    push_uint(out, col);
                }
                out.push_str("], ");
                out.push_str(counted);
                Ok(())
            }
        }
    }

    fn trace_column(&self) -> Option<&'static str> {
        Some("state")
    }

    fn write_trace_column(&self, out: &mut String) {
        // `C=0101 H=1100 L=0010`.
        let m = self.masks();
        let n = usize::from(self.n());
        out.push_str("C=");
        push_mask(out, m.cols, n);
        out.push_str(" H=");
        push_mask(out, m.high, n);
        out.push_str(" L=");
        push_mask(out, m.low, n);
    }

    fn trace_column_key(&self) -> Option<u128> {
        // The text is the three masks at a fixed width.
        let m = self.masks();
        Some(u128::from(m.cols) | u128::from(m.high) << 32 | u128::from(m.low) << 64)
    }

    fn table_header(&self) -> &'static [&'static str] {
        &["node", "prefix", "C", "H", "L", "legal", "outcome"]
    }

    fn node_cells(&self) -> Vec<Cell> {
        let (m, n) = (self.masks(), self.n());
        let legal = if self.row() == n {
            Cell::Nothing
        } else {
            format_set(bits(self.legal())).into()
        };
        vec![
            ListText(self.queens()).to_string().into(),
            format_mask(m.cols, n).into(),
            format_mask(m.high, n).into(),
            format_mask(m.low, n).into(),
            legal,
        ]
    }

    fn skipped(&self) -> Option<Skipped> {
        // The root scans every column when rejects are on, and skips the
        // right half by symmetry: the same condition under which its
        // `reject ... by symmetry` events, and so its Note::Skipped, come.
        let restricted = self.root_columns() != self.all_columns();
        let at_root = self.queens().is_empty() && !self.checks_at_end();
        (at_root && restricted && self.options().rejects).then(|| self.symmetry_skipped())
    }

    fn choice(&self, place: &QueensEvent) -> Option<String> {
        match place {
            QueensEvent::Place { col, .. } => Some(col.to_string()),
            _ => None,
        }
    }

    fn note(&self, event: &QueensEvent) -> Note {
        match event {
            QueensEvent::Reject { by, .. } if by.contains(Attack::Symmetry) => {
                Note::Skipped(self.symmetry_skipped())
            }
            QueensEvent::Solution { weight, .. } => Note::End(Ending::Solution {
                number: self.counters().found,
                counts: u64::from(*weight),
                stops: false,
            }),
            _ => plain_note(self, event),
        }
    }

    fn write_ending(&self, ending: &Ending, out: &mut String) {
        match ending {
            Ending::Solution { counts, .. } => {
                out.push_str("solution, weight ");
                push_uint(out, *counts);
            }
            other => write_plain_ending(other, out),
        }
    }

    fn write_skipped(&self, skipped: &Skipped, out: &mut String) {
        // `search {0,1} only (symmetry)`: the root's restriction, the one
        // reason N-Queens skips.
        debug_assert_eq!(skipped.why, SYMMETRY);
        let _ = write!(
            out,
            "search {} only (symmetry)",
            format_set(bits(self.root_columns()))
        );
    }
}

impl<R: Rules> Queens<R> {
    /// The columns of the root's right half, skipped because their mirror
    /// images are searched.
    fn symmetry_skipped(&self) -> Skipped {
        let skipped = self.all_columns() & !self.root_columns();
        Skipped {
            why: SYMMETRY,
            choices: bits(skipped).map(|col| col.to_string()).collect(),
        }
    }
}

impl<R: Rules> Sheet for Queens<R> {
    fn title(&self) -> String {
        let n = self.n();
        let how = if self.checks_at_end() {
            "checked at the end"
        } else if self.options().symmetry {
            "with symmetry"
        } else {
            "full search"
        };
        format!("{n}-Queens, {how}")
    }

    fn rules(&self) -> Vec<String> {
        let n = self.n();
        let queens = crate::model::counted(u64::from(n), "queen", "queens");
        let all = format_mask(self.all_columns(), n);
        let mut parts = vec![
            Para(format!(
                "Place {queens} on a {n}x{n} board so that no two share a row, column \
                 or diagonal. The search fills the rows top to bottom, trying each \
                 row's columns in increasing order, and goes back up a row when a row \
                 has no legal column left."
            )),
            Item("Column c is bit `2^c`; masks are written with column 0 on the right.".into()),
            Item(
                "For the row being filled, C holds the columns taken, H and L the \
                 columns attacked by diagonals moving toward higher and lower columns."
                    .into(),
            ),
            Item(format!(
                "Placing a queen at bit b gives the next row's masks: \
                 `C' = C | b`, `H' = ((H | b) << 1) & U`, `L' = (L | b) >> 1`, \
                 with `U = 2^{n} - 1 = {all}`."
            )),
            Item("The legal columns are `U & !(C | H | L)`; none legal is a dead end.".into()),
        ];
        if self.checks_at_end() {
            parts.push(Item(
                "Check at the end: no test while placing. A queen goes into every \
                 column of every row, and only a complete board is tested: it is a \
                 dead end if some queen is attacked by one above it, else a solution \
                 of weight 1. The masks are still kept, so legal shows what the \
                 pruned search would allow."
                    .into(),
            ));
        } else if self.options().symmetry {
            let roots = format_set(bits(self.root_columns()));
            let centre = if n % 2 == 1 {
                format!("; the centre column {} counts once", n / 2)
            } else {
                String::new()
            };
            parts.push(Item(format!(
                "Symmetry: row 0 searches only columns {roots} (the others give \
                 mirror images); a solution starting in a column `c < {}` counts \
                 twice{centre}.",
                n / 2
            )));
        }
        section("The problem", vec![prose(&parts)])
    }

    fn filling(&self) -> Vec<String> {
        let end = if self.checks_at_end() {
            "`dead end` or `solution, weight 1`".to_string()
        } else if self.options().symmetry {
            format!(
                "`dead end` or `solution, weight w`; at the root it starts with \
                 `search {} only (symmetry)`",
                format_set(bits(self.root_columns()))
            )
        } else {
            "`dead end` or `solution, weight w`".to_string()
        };
        wrap_text(&format!(
            "One row per node, in the order entered; node 1 is the empty board. \
             Each row shows the node on entry: prefix is the queens' columns row by \
             row, C, H and L the masks for the next row, legal its legal columns \
             (`-` on a full board). outcome is what the node does first: the first \
             column placed from it (`place 0`; its later columns show as the rows \
             of its other children), or {end}."
        ))
    }

    fn masks_columns(&self) -> &'static [&'static str] {
        &["C", "H", "L"]
    }

    fn legal_columns(&self) -> &'static [&'static str] {
        &["legal"]
    }
}

impl<R: Rules> Ask<crate::search::QueensEvent> for Queens<R> {
    fn question(&self, next: &QueensEvent, _previous: Option<&QueensEvent>) -> Option<Question> {
        let row = self.row();
        let n = self.n();
        let pending = self.pending();
        let legal = self.searchable();
        let (answer, why) = match next {
            QueensEvent::Place { col, .. } => (
                Answer::Number(u32::from(*col)),
                super::queens_words::lowest_untried(*col, self.legal(), legal),
            ),
            QueensEvent::DeadEnd { .. } if !self.checks_at_end() => (
                Answer::DeadEnd,
                format!("every column of row {row} is attacked: legal is {{}}"),
            ),
            _ => return None,
        };
        let masks = self.masks();
        let mut wrong = BTreeMap::new();
        for c in 0..n {
            let bit = 1u32 << c;
            let reason = if self.attacked() & bit != 0 {
                let by = Attacks::none()
                    .with(Attack::Column, masks.cols & bit != 0)
                    .with(Attack::High, masks.high & bit != 0)
                    .with(Attack::Low, self.reads_low() && masks.low & bit != 0);
                format!("column {c} is attacked ({})", by.words())
            } else if legal & bit == 0 {
                format!("column {c} is skipped by symmetry")
            } else if pending & bit == 0 {
                format!("column {c} was already tried")
            } else {
                format!("column {c} is legal, but a lower column comes first")
            };
            wrong.insert(Answer::Number(u32::from(c)), reason);
        }
        wrong.insert(
            Answer::DeadEnd,
            format!("row {row} still has a legal column not yet tried"),
        );
        Some(Question {
            prompt: format!("Row {row}: which column gets the next queen? Or is it a dead end?"),
            hint: format!("a column 0-{}, or d for a dead end", n.max(1) - 1),
            answer,
            why,
            wrong,
            form: Form::Column,
            then: None,
        })
    }

    fn extra_question(&self) -> Option<Question> {
        let row = self.row();
        let n = self.n();
        if row >= n {
            return None;
        }
        let m = self.masks();
        let answer = format_mask(self.legal(), n);
        Some(Question {
            prompt: format!(
                "Row {row}: type legal = U & !(C|H|L) in binary (C={} H={} L={})",
                format_mask(m.cols, n),
                format_mask(m.high, n),
                format_mask(m.low, n)
            ),
            hint: format!("{n} binary digits, column {} first", n.max(1) - 1),
            why: format!(
                "legal is {answer}, the columns {}",
                format_set(bits(self.legal()))
            ),
            answer: Answer::Bits(answer),
            wrong: BTreeMap::new(),
            form: Form::Binary(n),
            then: None,
        })
    }
}

/// What an N-Queens bug did where it first parts from the correct search
/// (the bug lab), in one sentence.
pub fn explain<R: Rules>(p: &Parting<Queens, Queens<R>>) -> String {
    match (p.left, p.right) {
        (Some(QueensEvent::Reject { row, col, by }), Some(QueensEvent::Place { .. }))
            if by.contains(Attack::Low) =>
        {
            format!(
                "({row},{col}) is attacked along the low diagonal L: the bug never reads L, so it \
                 places a queen there where the correct search rejects the square."
            )
        }
        _ => p.plainly(),
    }
}
