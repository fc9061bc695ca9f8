//! N-Queens by permutations, diagonals checked at the end: the "fairer
//! baseline" of seed 003 (EVENTS.md §2, `queens N --permutations`).
//!
//! One queen per row and per column; nothing else is tested while placing.
//! The algorithm, rows filled top to bottom:
//!
//! 1. **Enter** a node whose prefix holds `r` queens. If `r == n` the board
//!    is a permutation: find the first row `j` (from 1) whose queen shares
//!    a diagonal with an earlier queen. None: yield `solution` (weight 1).
//!    Else yield `reject {row: j, col: a[j], by}` naming `high` and/or
//!    `low`, then `dead-end {row: n}`.
//! 2. Otherwise **scan** the columns `c` of row `r` in increasing order: a
//!    column already used is rejected (`by: [column]`); any other is
//!    placed, entering the child (step 1).
//! 3. **Leave** the node: yield `undo` for the queen that entered it.
//!
//! A row below `n` always has a free column, so only complete boards end
//! in a dead end. No symmetry: every weight is 1; for n = 8 the search
//! enters 109,601 nodes (1 + 8 + 8·7 + ... + 8!) and finds 92 solutions.

use super::Counters;
use super::backtrack::{Arrive, Backtrack, Choice, Tree};
use super::queens::{Attack, Attacks, Columns, MAX_N, QueensEvent};

/// The permutation tree: what the search holds beyond its stack of nodes
/// (each node is the columns it has still to scan, lowest first).
#[derive(Clone, Debug)]
pub struct PermutationTree {
    n: u8,
    rejects: bool,
    /// `U = 2^n - 1`.
    all: u32,
    /// Columns used by the placed queens.
    used: u32,
    /// The column of each placed queen, row by row (the first `depth`).
    queens: [u8; MAX_N as usize],
    /// Between the entering of a complete board in conflict and its
    /// step 2 (rejects on): the conflict's row, column and attacks (kept
    /// as parts, not as the `reject` event: an event held in the rules'
    /// state is copied piecewise into the step's result, PERFORMANCE.md).
    conflict: Option<(u8, u8, Attacks)>,
}

/// The permutation search: a resumable, cloneable iterator of
/// [`QueensEvent`]s (the events of the mask search; `by` is `column` while
/// placing and `high`/`low` on a complete board).
pub type Permutations = Backtrack<PermutationTree>;

impl Permutations {
    /// A search for `n` queens (`n` at most [`MAX_N`], validated by the
    /// caller); `rejects` switches the `reject` events on.
    pub fn new(n: u8, rejects: bool) -> Permutations {
        assert!(n <= MAX_N, "n is validated by the caller");
        Backtrack::of(PermutationTree {
            n,
            rejects,
            all: (1u32 << n) - 1,
            used: 0,
            queens: [0; MAX_N as usize],
            conflict: None,
        })
    }

    /// Board size.
    pub fn n(&self) -> u8 {
        self.tree().n
    }

    /// Whether `reject` events are yielded.
    pub fn rejects(&self) -> bool {
        self.tree().rejects
    }

    /// The columns of the queens placed so far: the current node's prefix.
    pub fn queens(&self) -> &[u8] {
        &self.tree().queens[..self.depth()]
    }

    /// The row being filled at the current node (`n` on a complete board).
    pub fn row(&self) -> u8 {
        self.depth() as u8
    }

    /// The columns the placed queens use (bit `2^c` for column `c`).
    pub fn used(&self) -> u32 {
        self.tree().used
    }

    /// The columns still free: `U & !used`.
    pub fn free(&self) -> u32 {
        self.tree().all & !self.tree().used
    }

    /// `U = 2^n - 1`.
    pub fn all_columns(&self) -> u32 {
        self.tree().all
    }

    /// The first row `j >= 1` of the complete board whose queen shares a
    /// diagonal with an earlier one: `(j, a[j], by)`, `by` naming `high`
    /// when some earlier `i` has `a[j] - a[i] == j - i` and `low` when some
    /// has `a[i] - a[j] == j - i`.
    pub fn first_conflict(&self) -> Option<(u8, u8, Attacks)> {
        self.tree().first_conflict(self.depth())
    }
}

impl PermutationTree {
    /// [`Permutations::first_conflict`] of the first `depth` queens.
    fn first_conflict(&self, depth: usize) -> Option<(u8, u8, Attacks)> {
        let a = &self.queens[..depth];
        (1..a.len()).find_map(|j| {
            let (mut high, mut low) = (false, false);
            for (i, &ai) in a[..j].iter().enumerate() {
                let (dc, dr) = (i32::from(a[j]) - i32::from(ai), (j - i) as i32);
                high |= dc == dr;
                low |= -dc == dr;
            }
            (high || low).then(|| {
                let by = Attacks::none()
                    .with(Attack::High, high)
                    .with(Attack::Low, low);
                (j as u8, a[j], by)
            })
        })
    }
}

impl Tree for PermutationTree {
    type Event = QueensEvent;
    /// The columns the node has still to scan, lowest first.
    type Node = u32;
    /// The column of the queen to place.
    type Choice = u8;

    const ROOT_IS_NODE: bool = true;

    fn root(&mut self) -> u32 {
        self.all
    }

    fn depth_hint(&self) -> usize {
        usize::from(self.n) + 1
    }

    /// Step 1 on a complete board: a solution, or its first conflict
    /// (told in step 2 with rejects on, followed by the dead end).
    #[inline(always)]
    fn arrive(&mut self, _: &mut u32, depth: usize, c: &mut Counters) -> Arrive<QueensEvent> {
        if depth < usize::from(self.n) {
            return Arrive::Scan;
        }
        match self.first_conflict(depth) {
            None => {
                c.solutions += 1;
                let queens = Columns::new(&self.queens[..depth]);
                Arrive::Leave(QueensEvent::Solution { queens, weight: 1 })
            }
            Some((row, col, by)) if self.rejects => {
                self.conflict = Some((row, col, by));
                Arrive::Scan
            }
            Some(_) => Arrive::Leave(QueensEvent::DeadEnd { row: self.n }),
        }
    }

    /// Step 2: the next column of the row; with rejects off the used
    /// columns are skipped in one mask operation rather than one pass
    /// each. On a complete board, its conflict.
    #[inline(always)]
    fn choose(&mut self, todo: &mut u32, depth: usize) -> Choice<u8, QueensEvent> {
        if depth == usize::from(self.n) {
            return match self.conflict.take() {
                Some((row, col, by)) => Choice::Reject(QueensEvent::Reject { row, col, by }),
                None => Choice::Done,
            };
        }
        let open = if self.rejects {
            *todo
        } else {
            *todo & !self.used
        };
        if open == 0 {
            return Choice::Done;
        }
        let col = open.trailing_zeros() as u8;
        let bit = 1u32 << col;
        *todo &= !((bit << 1).wrapping_sub(1));
        if self.used & bit != 0 {
            let by = Attacks::none().with(Attack::Column, true);
            return Choice::Reject(QueensEvent::Reject {
                row: depth as u8,
                col,
                by,
            });
        }
        Choice::Place(col)
    }

    #[inline(always)]
    fn apply(
        &mut self,
        _: &mut u32,
        depth: usize,
        col: u8,
        _: &mut Counters,
    ) -> (u32, QueensEvent) {
        self.used |= 1 << col;
        self.queens[depth] = col;
        let row = depth as u8;
        (self.all, QueensEvent::Place { row, col })
    }

    /// Step 3: a row below `n` always has a free column, so only a
    /// complete board (in conflict) ends in a dead end.
    #[inline(always)]
    fn done(&mut self, _: &u32, depth: usize, _: bool) -> Option<QueensEvent> {
        (depth == usize::from(self.n)).then_some(QueensEvent::DeadEnd { row: self.n })
    }

    #[inline(always)]
    fn undo(&mut self, _: &u32, depth: usize) -> QueensEvent {
        let col = self.queens[depth - 1];
        self.used &= !(1u32 << col);
        QueensEvent::Undo {
            row: (depth - 1) as u8,
            col,
        }
    }

    /// The used columns are the placed queens'.
    fn check(&self, nodes: &[u32]) {
        let depth = nodes.len() - 1;
        let used = self.queens[..depth].iter().fold(0, |u, &c| u | 1u32 << c);
        debug_assert_eq!(self.used, used, "the used columns are the queens'");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Search;

    fn counts(n: u8) -> (u64, u64) {
        let mut search = Permutations::new(n, false);
        search.by_ref().for_each(drop);
        (search.counters().solutions, search.counters().nodes)
    }

    #[test]
    fn counts_of_small_boards() {
        assert_eq!(counts(0), (1, 1));
        assert_eq!(counts(1), (1, 2));
        assert_eq!(counts(4), (2, 1 + 4 + 12 + 24 + 24));
        assert_eq!(counts(8), (92, 109_601));
    }

    #[test]
    fn closing_yields_only_the_undos_deepest_first() {
        let mut search = Permutations::new(6, true);
        search.by_ref().take(40).for_each(drop);
        let depth = search.queens().len();
        assert!(depth > 0);
        let open: Vec<(u8, u8)> = search
            .queens()
            .iter()
            .enumerate()
            .rev()
            .map(|(r, &c)| (r as u8, c))
            .collect();
        search.close();
        let rest: Vec<QueensEvent> = search.by_ref().collect();
        let undos: Vec<QueensEvent> = open
            .into_iter()
            .map(|(row, col)| QueensEvent::Undo { row, col })
            .collect();
        assert_eq!(rest, undos);
        assert!(search.is_finished() && search.used() == 0 && search.queens().is_empty());
    }
}
