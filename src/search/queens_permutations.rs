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

use super::queens::{Attack, Attacks, Columns, MAX_N, QueensEvent};
use super::{Budget, Counters, Phase, Search, SearchEvent};

/// The stack holds the root and one node per row.
const STACK: usize = MAX_N as usize + 1;

/// The permutation search: a resumable, cloneable iterator of
/// [`QueensEvent`]s (the events of the mask search; `by` is `column` while
/// placing and `high`/`low` on a complete board).
#[derive(Clone, Debug)]
pub struct Permutations {
    n: u8,
    rejects: bool,
    /// `U = 2^n - 1`.
    all: u32,
    /// Columns used by the placed queens.
    used: u32,
    /// `todo[r]`: the columns node `r` has still to scan, lowest first
    /// (set to `U` when the node is pushed).
    todo: [u32; STACK],
    /// The column of each placed queen, row by row (the first `depth`).
    queens: [u8; MAX_N as usize],
    /// The current node's row: the number of queens placed.
    depth: usize,
    phase: Phase,
    /// Set by [`Permutations::close`]: only the closing undos follow.
    closing: bool,
    budget: Budget,
    counters: Counters,
    finished: bool,
}

impl Permutations {
    /// A search for `n` queens (`n` at most [`MAX_N`], validated by the
    /// caller); `rejects` switches the `reject` events on.
    pub fn new(n: u8, rejects: bool) -> Permutations {
        assert!(n <= MAX_N, "n is validated by the caller");
        Permutations {
            n,
            rejects,
            all: (1u32 << n) - 1,
            used: 0,
            // The root's columns are set here, every other node's when it
            // is pushed; a complete board's are never read.
            todo: [(1u32 << n) - 1; STACK],
            queens: [0; MAX_N as usize],
            depth: 0,
            phase: Phase::Enter,
            closing: false,
            budget: Budget::default(),
            counters: Counters {
                nodes: 1,
                ..Counters::default()
            },
            finished: false,
        }
    }

    /// Board size.
    pub fn n(&self) -> u8 {
        self.n
    }

    /// Whether `reject` events are yielded.
    pub fn rejects(&self) -> bool {
        self.rejects
    }

    /// The columns of the queens placed so far: the current node's prefix.
    pub fn queens(&self) -> &[u8] {
        &self.queens[..self.depth]
    }

    /// The row being filled at the current node (`n` on a complete board).
    pub fn row(&self) -> u8 {
        self.depth as u8
    }

    /// The columns the placed queens use (bit `2^c` for column `c`).
    pub fn used(&self) -> u32 {
        self.used
    }

    /// The columns still free: `U & !used`.
    pub fn free(&self) -> u32 {
        self.all & !self.used
    }

    /// `U = 2^n - 1`.
    pub fn all_columns(&self) -> u32 {
        self.all
    }

    /// Stops the search: from now on it yields only the `undo`s that close
    /// the open places, deepest first, then ends (what a node budget or any
    /// early stop needs).
    pub fn close(&mut self) {
        self.closing = true;
    }

    /// The first row `j >= 1` of the complete board whose queen shares a
    /// diagonal with an earlier one: `(j, a[j], by)`, `by` naming `high`
    /// when some earlier `i` has `a[j] - a[i] == j - i` and `low` when some
    /// has `a[i] - a[j] == j - i`.
    pub fn first_conflict(&self) -> Option<(u8, u8, Attacks)> {
        let a = self.queens();
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

    #[inline]
    fn emit(&mut self, event: QueensEvent) -> Option<QueensEvent> {
        self.counters.record(event.kind());
        Some(event)
    }

    /// Leaves node `depth`, yielding the `undo` of the queen that entered
    /// it; the root's leaving ends the search.
    #[inline(always)]
    fn leave(&mut self, depth: usize) -> Option<QueensEvent> {
        if depth == 0 {
            self.finished = true;
            return None;
        }
        self.depth = depth - 1;
        self.phase = Phase::Scan;
        let col = self.queens[depth - 1];
        self.used &= !(1u32 << col);
        self.emit(QueensEvent::Undo {
            row: (depth - 1) as u8,
            col,
        })
    }
}

impl Iterator for Permutations {
    type Item = QueensEvent;

    // One event per call, without a loop: a node's columns are set when it
    // is pushed (as the mask engine does), so entering it needs no step of
    // its own, and with rejects off the used columns are skipped in one
    // mask operation rather than one pass each.
    #[inline(always)]
    fn next(&mut self) -> Option<QueensEvent> {
        if self.finished {
            return None;
        }
        let depth = self.depth;
        if self.closing {
            return self.leave(depth);
        }
        if depth < usize::from(self.n) {
            // 2. The next column of the row.
            let todo = self.todo[depth];
            let open = if self.rejects {
                todo
            } else {
                todo & !self.used
            };
            if open == 0 {
                // 3. Every column scanned: leave the node.
                return self.leave(depth);
            }
            self.phase = Phase::Scan;
            let col = open.trailing_zeros() as u8;
            let bit = 1u32 << col;
            self.todo[depth] = todo & !((bit << 1).wrapping_sub(1));
            let row = depth as u8;
            if self.used & bit != 0 {
                let by = Attacks::none().with(Attack::Column, true);
                return self.emit(QueensEvent::Reject { row, col, by });
            }
            if self.budget.refuses(self.counters.nodes) {
                self.close();
                return self.leave(depth);
            }
            self.used |= bit;
            self.queens[depth] = col;
            self.todo[depth + 1] = self.all;
            self.depth = depth + 1;
            self.phase = Phase::Enter;
            self.counters.nodes += 1;
            return self.emit(QueensEvent::Place { row, col });
        }
        self.complete(depth)
    }
}

impl Permutations {
    /// Step 1 on a complete board: a solution, or its first conflict's
    /// reject (if rejects are on) and then its dead end.
    #[cold]
    #[inline(never)]
    fn complete(&mut self, depth: usize) -> Option<QueensEvent> {
        match self.phase {
            Phase::Enter => match self.first_conflict() {
                None => {
                    self.phase = Phase::Leave;
                    self.counters.solutions += 1;
                    let queens = Columns::new(self.queens());
                    self.emit(QueensEvent::Solution { queens, weight: 1 })
                }
                Some((row, col, by)) if self.rejects => {
                    // The dead end follows in the scan phase.
                    self.phase = Phase::Scan;
                    self.emit(QueensEvent::Reject { row, col, by })
                }
                Some(_) => self.dead_end(),
            },
            Phase::Scan => self.dead_end(),
            Phase::Leave => self.leave(depth),
        }
    }

    fn dead_end(&mut self) -> Option<QueensEvent> {
        self.phase = Phase::Leave;
        self.emit(QueensEvent::DeadEnd { row: self.n })
    }
}

impl Search for Permutations {
    type Event = QueensEvent;

    fn counters(&self) -> &Counters {
        &self.counters
    }

    fn is_finished(&self) -> bool {
        self.finished
    }

    fn budget(&self) -> &Budget {
        &self.budget
    }

    fn budget_mut(&mut self) -> &mut Budget {
        &mut self.budget
    }

    fn skip_subtree(&mut self) {
        // An empty row to scan, and on a complete board no test: straight
        // on to the undo.
        self.todo[self.depth] = 0;
        self.phase = Phase::Leave;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
