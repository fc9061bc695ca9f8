//! The rules a placement meets: a square in `C|H|L` is refused, naming the
//! queens that attack it; `u` takes a queen back; a full board is recorded.

use super::{Order, Play, Tone, format_board};
use crate::search::queens::{Attack, Masks};
use crate::search::{Cause, bits};

/// A queen that attacks a square, and the mask that carries the attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attacker {
    /// The attacking queen's row.
    pub row: u8,
    /// The attacking queen's column.
    pub col: u8,
    /// The mask the square sits in because of this queen.
    pub mask: Attack,
}

impl Play {
    /// Places a queen at `col` of the row being filled, if no mask holds it.
    pub(super) fn place(&mut self, col: u8) {
        self.cursor = col;
        self.refused = None;
        let row = self.row();
        if self.complete() {
            self.say(
                Tone::Info,
                "The board is complete; press u to take back a queen and look for another.".into(),
            );
            return;
        }
        let bit = 1u32 << col;
        if self.masks().attacked() & bit != 0 {
            self.refused = Some((row, col));
            let text = refusal(row, col, &self.attackers(row, col));
            self.say(Tone::Refused, text);
            return;
        }
        let legal = self.legal();
        let tried = self.tried();
        let order = Order {
            skipped: legal & !tried & (bit - 1),
            revisit: tried & bit != 0,
        };
        let child = self.masks().child(bit, self.all);
        self.queens.push(col);
        self.masks.push(child);
        self.order.push(order);
        self.tried.push(0);
        self.cursor = 0;
        if self.complete() {
            self.record();
            return;
        }
        let mut text = format!("Queen placed at ({row},{col}): {}.", order.words(row, col));
        if self.legal() == 0 {
            text.push_str(&format!(
                " Row {} has no legal column: a dead end, press u.",
                self.row()
            ));
        }
        self.say(Tone::Done, text);
    }

    /// Takes back the last queen; its column counts as tried in its row.
    pub(super) fn undo(&mut self) {
        self.refused = None;
        let Some(col) = self.queens.pop() else {
            self.say(Tone::Info, "There is no queen to undo.".into());
            return;
        };
        self.masks.pop();
        self.order.pop();
        self.tried.pop();
        let row = self.row();
        if let Some(tried) = self.tried.last_mut() {
            *tried |= 1 << col;
        }
        self.cursor = col;
        // The same rule as the order note: the lowest legal column not yet tried.
        let hint = match bits(self.legal() & !self.tried()).next() {
            Some(c) => format!("the search would place at ({row},{c}) next"),
            None => format!(
                "every legal column of row {row} is tried, so the search would undo again (press u)"
            ),
        };
        self.say(
            Tone::Done,
            format!("Queen at ({row},{col}) taken back; {hint}."),
        );
    }

    /// Records the complete board, once.
    pub(super) fn record(&mut self) {
        let board = self.queens.clone();
        let list = format_board(&board);
        let new = !self.found.contains(&board);
        if new {
            self.found.push(board);
        }
        let count = match self.remaining() {
            Some(0) => "every board is found".to_string(),
            Some(left) => format!("{left} to go"),
            None => "the total is still being counted".to_string(),
        };
        let text = if new {
            format!(
                "Board complete: {list} is new, {} found, {count}. Press u to look for another.",
                self.found.len()
            )
        } else {
            format!("Board complete: {list} was found before and is not counted again; {count}.")
        };
        self.say(Tone::Solved, text);
    }

    /// The queens that attack (`row`, `col`), each with the mask it puts the
    /// square in. Each queen's own masks are carried down to `row` with the
    /// engine's shift (a child with no new queen just shifts), so the masks
    /// of the row are exactly the union of these.
    pub fn attackers(&self, row: u8, col: u8) -> Vec<Attacker> {
        let bit = 1u32 << col;
        let mut found = Vec::new();
        let mut union = Masks::default();
        for (r, &c) in self.queens.iter().enumerate().take(usize::from(row)) {
            let mut own = Masks::default().child(1 << c, self.all);
            for _ in r + 1..usize::from(row) {
                own = own.child(0, self.all);
            }
            union = Masks {
                cols: union.cols | own.cols,
                high: union.high | own.high,
                low: union.low | own.low,
            };
            for (mask, on) in [
                (Attack::Column, own.cols),
                (Attack::High, own.high),
                (Attack::Low, own.low),
            ] {
                if on & bit != 0 {
                    found.push(Attacker {
                        row: r as u8,
                        col: c,
                        mask,
                    });
                }
            }
        }
        debug_assert!(
            usize::from(row) != self.queens.len() || union == self.masks(),
            "per-queen masks add up to the row's masks"
        );
        found
    }
}

/// The letter of a mask: `C`, `H` or `L`.
fn letter(mask: Attack) -> &'static str {
    match mask {
        Attack::Column => "C",
        Attack::High => "H",
        Attack::Low => "L",
        Attack::Symmetry => "S",
    }
}

/// Why (`row`, `col`) is refused, naming each attacking queen and its mask.
fn refusal(row: u8, col: u8, attackers: &[Attacker]) -> String {
    let reasons: Vec<String> = attackers
        .iter()
        .map(|a| {
            format!(
                "in {} ({}) of the queen at ({},{})",
                letter(a.mask),
                a.mask.words(),
                a.row,
                a.col
            )
        })
        .collect();
    format!("({row},{col}) refused: it is {}.", reasons.join(", and "))
}
