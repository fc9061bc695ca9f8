//! N-Queens checked at the end: the naive search, which tests only complete
//! boards.
//!
//! 1. **Enter** a node whose prefix holds `r` queens. If `r == n` the board
//!    is complete: find its first attacked queen, row by row (the masks of
//!    the row above it say which attack it). None: yield **`Solution`**
//!    (weight 1, no symmetry) and leave the node. Else yield one
//!    **`RejectAttacked`** for that queen (when rejects are on), then
//!    **`DeadEnd`** with `row: n`, and leave the node.
//! 2. Otherwise **place** a queen in every column of row `r` in increasing
//!    order, attacked or not, each entering its child (step 1).
//! 3. Leave the node: yield **`Undo`** for the queen that entered it.
//!
//! So 4-Queens enters 341 nodes (1 + 4 + 16 + 64 + 256). The search runs
//! on the driver as [`Queens`] does, with the same frames: the masks are
//! still kept, so that the views can show what attacks each square, and
//! the invariants are the mask search's.

use super::{
    Attack, Attacks, Frame, Masks, Queens, QueensEvent, QueensOptions, QueensTree, Rules, Strategy,
};
use crate::search::Counters;
use crate::search::backtrack::{Arrive, Choice};

/// The rules of the search that tests only complete boards (see the
/// module's opening comment); between the entering of a complete board
/// and its step 2, the row, column and attacks of its first conflict
/// (parts, not the `reject` event: an event held in the rules' state is
/// copied piecewise into the step's result, PERFORMANCE.md).
#[derive(Clone, Copy, Debug, Default)]
pub struct CheckAtEnd {
    conflict: Option<(u8, u8, Attacks)>,
}

impl Queens<CheckAtEnd> {
    /// The naive search for `n` queens that tests only complete boards: a
    /// queen goes into every column of every row (no rejects while placing),
    /// and each complete board is then checked row by row. A board whose
    /// first attacked queen is at (r, c) yields `reject {r, c, by}` naming
    /// the masks that attack it, then `dead-end {row: n}`; a board with no
    /// attacked queen is a `solution` of weight 1.
    pub fn check_at_end(n: u8, rejects: bool) -> Queens<CheckAtEnd> {
        Queens::with_rules(QueensOptions {
            n,
            symmetry: false,
            rejects,
        })
    }
}

impl QueensTree<CheckAtEnd> {
    /// The first queen of the complete board, row by row, that a queen
    /// above it attacks: its row, column and the masks that hold it (the
    /// masks of its row, shifted down from the root again).
    fn first_conflict(&self) -> Option<(u8, u8, Attacks)> {
        let mut masks = Masks::default();
        for (r, &col) in self.queens[..usize::from(self.options.n)]
            .iter()
            .enumerate()
        {
            let bit = 1u32 << col;
            if masks.attacked() & bit != 0 {
                let by = Attacks::none()
                    .with(Attack::Column, masks.cols & bit != 0)
                    .with(Attack::High, masks.high & bit != 0)
                    .with(Attack::Low, masks.low & bit != 0);
                return Some((r as u8, col, by));
            }
            masks = masks.child(bit, self.all);
        }
        None
    }
}

impl Rules for CheckAtEnd {
    fn strategy(_: QueensOptions) -> Strategy {
        Strategy::CheckAtEnd
    }

    /// Step 1: a complete board is a solution, or its first conflict (told
    /// in step 2 with rejects on, followed by the dead end).
    fn arrive(
        tree: &mut QueensTree<CheckAtEnd>,
        frame: &mut Frame,
        depth: usize,
        counters: &mut Counters,
    ) -> Arrive<QueensEvent> {
        if depth < usize::from(tree.options.n) {
            frame.todo = tree.all;
            return Arrive::Scan;
        }
        match tree.first_conflict() {
            None => Arrive::Leave(tree.solution(depth, counters)),
            Some(_) if !tree.options.rejects => {
                Arrive::Leave(QueensEvent::DeadEnd { row: depth as u8 })
            }
            conflict => {
                tree.rules.conflict = conflict;
                Arrive::Scan
            }
        }
    }

    /// Step 2: place in the next column, attacked or not; on a complete
    /// board, tell its conflict.
    fn choose(
        tree: &mut QueensTree<CheckAtEnd>,
        frame: &mut Frame,
        depth: usize,
    ) -> Choice<u8, QueensEvent> {
        if depth == usize::from(tree.options.n) {
            return match tree.rules.conflict.take() {
                Some((row, col, by)) => Choice::Reject(QueensEvent::Reject { row, col, by }),
                None => Choice::Done,
            };
        }
        frame.next_column().map_or(Choice::Done, Choice::Place)
    }

    /// Step 3: the dead end of a complete board in conflict; every other
    /// node placed all its columns.
    fn done(tree: &QueensTree<CheckAtEnd>, depth: usize, _: bool) -> Option<QueensEvent> {
        (depth == usize::from(tree.options.n)).then_some(QueensEvent::DeadEnd { row: depth as u8 })
    }
}
