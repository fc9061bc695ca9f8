//! Bug `one-diagonal` of the bug lab: the mask search that never consults
//! the low-diagonal mask `L` (the seed's `row - c in diag` with `row + c`
//! never checked).
//!
//! 1. **Enter** a node whose prefix holds `r` queens. If `r == n` the board
//!    is complete: yield **`Solution`** (weight 1, no symmetry) and leave.
//! 2. Otherwise **scan** the columns of row `r` in increasing order: a
//!    column held by `C` or `H` is rejected (**`RejectAttacked`**, naming
//!    those masks only); any other, even one `L` holds, is **placed**.
//! 3. If no column was placed, yield **`DeadEnd`**.
//! 4. Leave the node: yield **`Undo`** for the queen that entered it.
//!
//! `L` is still kept (the views show it, and the invariants check it): the
//! mistake is only that step 2 never reads it, so queens on one up-right
//! diagonal slip through and 4-Queens finds 7 boards instead of 2.

use super::{
    Attack, Attacks, Frame, Queens, QueensEvent, QueensOptions, QueensTree, Rules, Strategy,
};
use crate::search::Counters;
use crate::search::backtrack::{Arrive, Choice};

/// The rules of the mask search without its low diagonal (see the
/// module's opening comment).
#[derive(Clone, Copy, Debug, Default)]
pub struct OneDiagonal;

impl Queens<OneDiagonal> {
    /// The full mask search for `n` queens that never consults `L`.
    pub fn one_diagonal(n: u8, rejects: bool) -> Queens<OneDiagonal> {
        Queens::with_rules(QueensOptions {
            n,
            symmetry: false,
            rejects,
        })
    }
}

impl Rules for OneDiagonal {
    fn strategy(_: QueensOptions) -> Strategy {
        Strategy::OneDiagonal
    }

    const READS_LOW: bool = false;

    fn arrive(
        tree: &mut QueensTree<OneDiagonal>,
        frame: &mut Frame,
        depth: usize,
        counters: &mut Counters,
    ) -> Arrive<QueensEvent> {
        if depth == usize::from(tree.options.n) {
            // 1. A complete board.
            return Arrive::Leave(tree.solution(depth, counters));
        }
        // The columns the bug lets through: free of `C` and `H`.
        let through = tree.all & !(frame.masks.cols | frame.masks.high);
        if tree.options.rejects {
            frame.todo = tree.all;
        } else if through == 0 {
            // 3. Nothing passes the two masks consulted.
            return Arrive::Leave(QueensEvent::DeadEnd { row: depth as u8 });
        } else {
            frame.todo = through;
        }
        Arrive::Scan
    }

    fn choose(
        _: &mut QueensTree<OneDiagonal>,
        frame: &mut Frame,
        depth: usize,
    ) -> Choice<u8, QueensEvent> {
        let todo = frame.todo;
        if todo == 0 {
            return Choice::Done;
        }
        frame.todo = todo & (todo - 1);
        let col = todo.trailing_zeros() as u8;
        let bit = 1u32 << col;
        let masks = frame.masks;
        // 2. Only C and H are read: L is never consulted.
        if (masks.cols | masks.high) & bit != 0 {
            let by = Attacks::none()
                .with(Attack::Column, masks.cols & bit != 0)
                .with(Attack::High, masks.high & bit != 0);
            let row = depth as u8;
            return Choice::Reject(QueensEvent::Reject { row, col, by });
        }
        Choice::Place(col)
    }
}
