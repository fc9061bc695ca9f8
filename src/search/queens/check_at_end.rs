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
//! So 4-Queens enters 341 nodes (1 + 4 + 16 + 64 + 256). The search shares
//! the state of [`Queens`] (frames, masks, queens, counters): the masks are
//! still kept, so that the views can show what attacks each square, and
//! the invariants are the mask search's.

use super::{Attack, Attacks, Frame, Queens, QueensEvent, QueensOptions, Rules, Strategy};
use crate::search::Phase;

/// The rules of the search that tests only complete boards (see the
/// module's opening comment).
#[derive(Clone, Copy, Debug, Default)]
pub struct CheckAtEnd;

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

    /// The first queen, row by row, that a queen above it attacks, with the
    /// masks that hold it.
    fn first_conflict(&self) -> Option<(u8, u8, Attacks)> {
        (0..self.depth).find_map(|r| {
            let masks = self.frames[r].masks;
            let col = self.queens[r];
            let bit = 1u32 << col;
            (masks.attacked() & bit != 0).then(|| {
                let by = Attacks::none()
                    .with(Attack::Column, masks.cols & bit != 0)
                    .with(Attack::High, masks.high & bit != 0)
                    .with(Attack::Low, masks.low & bit != 0);
                (r as u8, col, by)
            })
        })
    }
}

impl Rules for CheckAtEnd {
    fn strategy(_: QueensOptions) -> Strategy {
        Strategy::CheckAtEnd
    }

    fn next(search: &mut Queens<CheckAtEnd>) -> Option<QueensEvent> {
        let n = search.options.n as usize;
        loop {
            let depth = search.depth;
            match search.phase {
                // 1. A complete board: a solution, or its first conflict.
                Phase::Enter if depth == n => match search.first_conflict() {
                    None => {
                        search.phase = Phase::Leave;
                        return search.solution();
                    }
                    Some((row, col, by)) => {
                        // The dead end follows in the scan phase.
                        search.phase = Phase::Scan;
                        if search.options.rejects {
                            return search.emit(QueensEvent::Reject { row, col, by });
                        }
                    }
                },
                Phase::Scan if depth == n => {
                    search.phase = Phase::Leave;
                    return search.emit(QueensEvent::DeadEnd { row: n as u8 });
                }
                Phase::Enter => {
                    search.phase = Phase::Scan;
                    search.frames[depth].todo = search.all;
                }
                // 2. Place in the next column, attacked or not.
                Phase::Scan if search.frames[depth].todo != 0 => {
                    if search.budget.refuses(search.counters.nodes) {
                        return search.close_from(depth);
                    }
                    let frame = &mut search.frames[depth];
                    let todo = frame.todo;
                    frame.todo = todo & (todo - 1);
                    let col = todo.trailing_zeros();
                    let child = frame.masks.child(1 << col, search.all);
                    search.frames[depth + 1] = Frame {
                        masks: child,
                        todo: 0,
                    };
                    search.queens[depth] = col as u8;
                    search.depth = depth + 1;
                    search.phase = Phase::Enter;
                    search.counters.nodes += 1;
                    let (row, col) = (depth as u8, col as u8);
                    let event = search.emit(QueensEvent::Place { row, col });
                    search.check_invariants();
                    return event;
                }
                // 3. Every column placed, or the board checked: leave.
                Phase::Scan | Phase::Leave => return search.leave(depth),
            }
        }
    }
}
