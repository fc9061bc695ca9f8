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

use super::{Attack, Attacks, Frame, Queens, QueensEvent, QueensOptions, Rules, Strategy};
use crate::search::Phase;

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

    /// The columns of row `depth` the bug lets through: free of `C` and `H`.
    fn let_through(&self, depth: usize) -> u32 {
        let masks = self.frames[depth].masks;
        self.all & !(masks.cols | masks.high)
    }
}

impl Rules for OneDiagonal {
    fn strategy(_: QueensOptions) -> Strategy {
        Strategy::OneDiagonal
    }

    const READS_LOW: bool = false;

    fn next(search: &mut Queens<OneDiagonal>) -> Option<QueensEvent> {
        let n = search.options.n as usize;
        let rejects = search.options.rejects;
        loop {
            let depth = search.depth;
            match search.phase {
                // 1. A complete board.
                Phase::Enter if depth == n => {
                    search.phase = Phase::Leave;
                    return search.solution();
                }
                Phase::Enter => {
                    search.phase = Phase::Scan;
                    search.frames[depth].todo = if rejects {
                        search.all
                    } else {
                        search.let_through(depth)
                    };
                    if search.let_through(depth) == 0 {
                        // 3. Nothing passes the two masks consulted.
                        if !rejects {
                            search.phase = Phase::Leave;
                            return search.emit(QueensEvent::DeadEnd { row: depth as u8 });
                        }
                    }
                }
                Phase::Scan if search.frames[depth].todo != 0 => {
                    let frame = &mut search.frames[depth];
                    let masks = frame.masks;
                    let todo = frame.todo;
                    frame.todo = todo & (todo - 1);
                    let col = todo.trailing_zeros();
                    let bit = 1u32 << col;
                    let (row, c) = (depth as u8, col as u8);
                    // 2. Only C and H are read: L is never consulted.
                    if (masks.cols | masks.high) & bit != 0 {
                        let by = Attacks::none()
                            .with(Attack::Column, masks.cols & bit != 0)
                            .with(Attack::High, masks.high & bit != 0);
                        return search.emit(QueensEvent::Reject { row, col: c, by });
                    }
                    if search.budget.refuses(search.counters.nodes) {
                        return search.close_from(depth);
                    }
                    let child = masks.child(bit, search.all);
                    search.frames[depth + 1] = Frame {
                        masks: child,
                        todo: 0,
                    };
                    search.queens[depth] = c;
                    search.depth = depth + 1;
                    search.phase = Phase::Enter;
                    search.counters.nodes += 1;
                    let event = search.emit(QueensEvent::Place { row, col: c });
                    search.check_invariants();
                    return event;
                }
                Phase::Scan => {
                    search.phase = Phase::Leave;
                    if rejects && search.let_through(depth) == 0 {
                        // 3. Every column scanned and none let through.
                        return search.emit(QueensEvent::DeadEnd { row: depth as u8 });
                    }
                }
                // 4. Leave the node.
                Phase::Leave => return search.leave(depth),
            }
        }
    }
}
