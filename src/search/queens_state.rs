//! N-Queens with the attacks held two other ways than bit masks (EVENTS.md §2,
//! "Three ways to hold the N-Queens attacks"): the same tree, the same
//! events, different state.
//!
//! - [`Array`]: Algorithm B of seed 004. The only state is the array
//!   `a[0..r]` of the placed queens' columns; step B3 tests a square
//!   `(r, c)` by looping over the earlier rows `i`: `a[i] == c` (column),
//!   `c - a[i] == r - i` (high diagonal), `a[i] - c == r - i` (low).
//! - [`Bools`]: seed 001's boolean-array form: `column[c]`, `high[r - c +
//!   n - 1]` and `low[r + c]`, one flag per column and per diagonal, set
//!   when a queen is placed and cleared when it is undone.
//!
//! [`Held`] is the search, generic over the [`State`]: it walks rows top to
//! bottom and columns in increasing order exactly as the mask search does
//! (symmetry at the root, weights, rejects, dead ends), so the streams are
//! identical; under `array` an attack reject also names its `attackers`.
//!
//! Each state counts its own unit of work in `Counters::work` as it goes
//! ([`State::test`], [`State::MOVE_WORK`]): `bools` its flag reads and
//! writes, `array` step B3's comparisons; the masks count their word
//! operations (`queens::LEGAL_OPS`). The compare screen divides by the
//! nodes for the cost per node.

use super::queens::{Attack, Attacks, Columns, MAX_N, QueensEvent};
use super::{Budget, Counters, Phase, Search, SearchEvent};

/// The stack holds the root and one node per row.
const STACK: usize = MAX_N as usize + 1;

/// The most diagonals of one direction: `2n - 1`.
const DIAGONALS: usize = 2 * MAX_N as usize - 1;

/// One event of a [`Held`] search: the mask search's events, with the
/// attackers of an attack reject (bit `i` for row `i`; 0 under `bools` and
/// for a symmetry reject). `Copy` and at most 16 bytes with `Option`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StateEvent {
    /// A queen is placed at (`row`, `col`), entering a new node.
    Place { row: u8, col: u8 },
    /// Column `col` of `row` is refused; `attackers` holds bit `i` for each
    /// earlier row `i` whose queen attacks the square (under `array`).
    Reject {
        row: u8,
        col: u8,
        by: Attacks,
        attackers: u16,
    },
    /// No column of `row` is legal.
    DeadEnd { row: u8 },
    /// The queen at (`row`, `col`) is removed.
    Undo { row: u8, col: u8 },
    /// A complete board and how many solutions it stands for.
    Solution { queens: Columns, weight: u8 },
}

event_kinds!(StateEvent);

impl StateEvent {
    /// The same event as the mask search yields it (without attackers).
    pub fn queens_event(self) -> QueensEvent {
        match self {
            StateEvent::Place { row, col } => QueensEvent::Place { row, col },
            StateEvent::Reject { row, col, by, .. } => QueensEvent::Reject { row, col, by },
            StateEvent::DeadEnd { row } => QueensEvent::DeadEnd { row },
            StateEvent::Undo { row, col } => QueensEvent::Undo { row, col },
            StateEvent::Solution { queens, weight } => QueensEvent::Solution { queens, weight },
        }
    }
}

/// How the attacks are held: tested, and updated on place and undo.
pub trait State: Clone + std::fmt::Debug + Send + 'static {
    /// The state's name, as `--state` spells it.
    const NAME: &'static str;
    /// Whether an attack reject names its attackers.
    const ATTACKERS: bool;
    /// What one unit of the state's work is (`Counters::work`).
    const UNIT: &'static str;
    /// The units of work a place or an undo takes.
    const MOVE_WORK: u64;
    /// The empty board of size `n`.
    fn new(n: u8) -> Self;
    /// Whether square (`row`, `col`) is attacked by the queens `a` of the
    /// rows above it (`a.len() == row`), and the units of work the test
    /// took.
    fn test(&self, a: &[u8], row: u8, col: u8) -> (bool, u64);
    /// Whether square (`row`, `col`) is attacked (the test, uncounted).
    #[inline(always)]
    fn attacked(&self, a: &[u8], row: u8, col: u8) -> bool {
        self.test(a, row, col).0
    }
    /// The reasons (`column`, `high`, `low`) the square is attacked, and
    /// the attacking rows as bits (0 when the state cannot tell).
    fn reasons(&self, a: &[u8], row: u8, col: u8) -> (Attacks, u16);
    /// A queen is placed at (`row`, `col`).
    fn place(&mut self, row: u8, col: u8);
    /// The queen at (`row`, `col`) is removed.
    fn remove(&mut self, row: u8, col: u8);
}

/// Algorithm B's state: nothing beyond the array `a` of queen columns,
/// which the search keeps anyway; every test is step B3's loop over the
/// earlier rows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Array;

/// What step B3 finds when it compares the square (`row`, `col`) with the
/// queen of earlier row `i` at column `ai`: same column, same high
/// diagonal (`col - ai == row - i`), same low diagonal (`ai - col == row - i`).
#[inline(always)]
pub fn b3(i: usize, ai: u8, row: u8, col: u8) -> (bool, bool, bool) {
    let (dc, dr) = (i32::from(col) - i32::from(ai), i32::from(row) - i as i32);
    (dc == 0, dc == dr, -dc == dr)
}

/// The comparisons step B3 makes for each earlier row it looks at: the
/// column, the high diagonal and the low diagonal.
pub const B3_COMPARISONS: u64 = 3;

impl State for Array {
    const NAME: &'static str = "array";
    const ATTACKERS: bool = true;
    const UNIT: &'static str = "comparisons";
    /// `a[r] = c` compares nothing.
    const MOVE_WORK: u64 = 0;

    fn new(_n: u8) -> Self {
        Array
    }

    /// Step B3: the first earlier row that attacks the square ends the
    /// loop; each row looked at is [`B3_COMPARISONS`] comparisons.
    #[inline(always)]
    fn test(&self, a: &[u8], row: u8, col: u8) -> (bool, u64) {
        for (i, &ai) in a.iter().enumerate() {
            let (column, high, low) = b3(i, ai, row, col);
            if column | high | low {
                return (true, B3_COMPARISONS * (i as u64 + 1));
            }
        }
        (false, B3_COMPARISONS * a.len() as u64)
    }

    fn reasons(&self, a: &[u8], row: u8, col: u8) -> (Attacks, u16) {
        let (mut by, mut attackers) = (Attacks::none(), 0u16);
        for (i, &ai) in a.iter().enumerate() {
            let (column, high, low) = b3(i, ai, row, col);
            by = by
                .with(Attack::Column, column)
                .with(Attack::High, high)
                .with(Attack::Low, low);
            attackers |= u16::from(column | high | low) << i;
        }
        (by, attackers)
    }

    fn place(&mut self, _row: u8, _col: u8) {}

    fn remove(&mut self, _row: u8, _col: u8) {}
}

/// The boolean-array form: one flag per column, per high diagonal
/// (`r - c + n - 1`) and per low diagonal (`r + c`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bools {
    n: u8,
    column: [bool; MAX_N as usize],
    high: [bool; DIAGONALS],
    low: [bool; DIAGONALS],
}

impl Bools {
    /// The column flags of the board.
    pub fn column(&self) -> &[bool] {
        &self.column[..usize::from(self.n)]
    }

    /// The high-diagonal flags, indexed by `r - c + n - 1`.
    pub fn high(&self) -> &[bool] {
        &self.high[..(2 * usize::from(self.n)).saturating_sub(1)]
    }

    /// The low-diagonal flags, indexed by `r + c`.
    pub fn low(&self) -> &[bool] {
        &self.low[..(2 * usize::from(self.n)).saturating_sub(1)]
    }

    /// The high-diagonal index of (`row`, `col`): `r - c + n - 1`.
    #[inline(always)]
    pub fn high_index(&self, row: u8, col: u8) -> usize {
        usize::from(row) + usize::from(self.n) - 1 - usize::from(col)
    }

    /// The low-diagonal index of (`row`, `col`): `r + c`.
    #[inline(always)]
    pub fn low_index(&self, row: u8, col: u8) -> usize {
        usize::from(row) + usize::from(col)
    }

    #[inline(always)]
    fn set(&mut self, row: u8, col: u8, value: bool) {
        let (h, l) = (self.high_index(row, col), self.low_index(row, col));
        self.column[usize::from(col)] = value;
        self.high[h] = value;
        self.low[l] = value;
    }
}

impl State for Bools {
    const NAME: &'static str = "bools";
    const ATTACKERS: bool = false;
    const UNIT: &'static str = "reads/writes";
    /// The three flags set, or cleared.
    const MOVE_WORK: u64 = 3;

    fn new(n: u8) -> Self {
        Bools {
            n,
            column: [false; MAX_N as usize],
            high: [false; DIAGONALS],
            low: [false; DIAGONALS],
        }
    }

    /// The three flags read, all of them (no short cut).
    #[inline(always)]
    fn test(&self, _a: &[u8], row: u8, col: u8) -> (bool, u64) {
        let attacked = self.column[usize::from(col)]
            | self.high[self.high_index(row, col)]
            | self.low[self.low_index(row, col)];
        (attacked, 3)
    }

    fn reasons(&self, _a: &[u8], row: u8, col: u8) -> (Attacks, u16) {
        let by = Attacks::none()
            .with(Attack::Column, self.column[usize::from(col)])
            .with(Attack::High, self.high[self.high_index(row, col)])
            .with(Attack::Low, self.low[self.low_index(row, col)]);
        (by, 0)
    }

    #[inline(always)]
    fn place(&mut self, row: u8, col: u8) {
        self.set(row, col, true);
    }

    #[inline(always)]
    fn remove(&mut self, row: u8, col: u8) {
        self.set(row, col, false);
    }
}

/// The N-Queens search with its attacks held in a [`State`]: a resumable,
/// cloneable iterator of [`StateEvent`]s.
#[derive(Clone, Debug)]
pub struct Held<S: State> {
    n: u8,
    symmetry: bool,
    rejects: bool,
    /// Columns searched at the root: `(n + 1) / 2` with symmetry, else `n`.
    root_limit: u8,
    state: S,
    /// `next[r]`: the next column node `r` scans.
    next: [u8; STACK],
    /// Bit `r` set once node `r` has placed a queen (no dead end).
    placed: u32,
    /// The column of each placed queen, row by row (the first `depth`).
    queens: [u8; MAX_N as usize],
    depth: usize,
    phase: Phase,
    /// Set by [`Held::close`]: only the closing undos follow.
    closing: bool,
    budget: Budget,
    counters: Counters,
    finished: bool,
}

/// Algorithm B: the attacks tested by looping over the array `a`.
pub type QueensArray = Held<Array>;
/// The boolean-array form.
pub type QueensBools = Held<Bools>;

impl<S: State> Held<S> {
    /// A search for `n` queens (at most [`MAX_N`], validated by the caller),
    /// with reflection symmetry at the root or not, rejects on or off.
    pub fn new(n: u8, symmetry: bool, rejects: bool) -> Held<S> {
        assert!(n <= MAX_N, "n is validated by the caller");
        Held {
            n,
            symmetry,
            rejects,
            root_limit: if symmetry { n.div_ceil(2) } else { n },
            state: S::new(n),
            next: [0; STACK],
            placed: 0,
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

    /// Whether the root searches only the left half.
    pub fn symmetry(&self) -> bool {
        self.symmetry
    }

    /// Whether `reject` events are yielded.
    pub fn rejects(&self) -> bool {
        self.rejects
    }

    /// The held state.
    pub fn state(&self) -> &S {
        &self.state
    }

    /// The columns of the queens placed so far (Algorithm B's `a[0..r]`).
    pub fn queens(&self) -> &[u8] {
        &self.queens[..self.depth]
    }

    /// The row being filled at the current node (`n` on a complete board).
    pub fn row(&self) -> u8 {
        self.depth as u8
    }

    /// Columns searched at the root (`{0,1}` for 4 with symmetry).
    pub fn root_columns(&self) -> u32 {
        (1u32 << self.root_limit) - 1
    }

    /// The columns of the current row that no placed queen attacks, as a
    /// bit set (before any symmetry restriction); 0 on a complete board.
    pub fn legal(&self) -> u32 {
        if self.depth == usize::from(self.n) {
            return 0;
        }
        let row = self.row();
        (0..self.n)
            .filter(|&c| !self.state.attacked(self.queens(), row, c))
            .fold(0, |set, c| set | 1 << c)
    }

    /// The reasons and attackers of square (`row`, `col`) against the
    /// placed queens of the rows above it, as the state finds them.
    pub fn reasons(&self, row: u8, col: u8) -> (Attacks, u16) {
        let above = &self.queens[..usize::from(row).min(self.depth)];
        self.state.reasons(above, row, col)
    }

    /// How much a solution with this first-row column counts for.
    pub fn weight(&self, first_col: Option<u8>) -> u8 {
        match first_col {
            Some(c) if self.symmetry && c < self.n / 2 => 2,
            _ => 1,
        }
    }

    /// Stops the search: from now on it yields only the `undo`s that close
    /// the open places, deepest first, then ends.
    pub fn close(&mut self) {
        self.closing = true;
    }

    #[inline]
    fn emit(&mut self, event: StateEvent) -> Option<StateEvent> {
        self.counters.record(event.kind());
        Some(event)
    }

    #[cold]
    fn solution(&mut self) -> Option<StateEvent> {
        let queens = Columns::new(self.queens());
        let weight = self.weight(queens.get(0));
        self.counters.solutions += u64::from(weight);
        self.emit(StateEvent::Solution { queens, weight })
    }

    #[inline]
    fn leave(&mut self, depth: usize) -> Option<StateEvent> {
        if depth == 0 {
            self.finished = true;
            return None;
        }
        let (row, col) = ((depth - 1) as u8, self.queens[depth - 1]);
        self.state.remove(row, col);
        // The undos that close a stopped search are not the search's work.
        self.counters.work += S::MOVE_WORK * u64::from(!self.closing);
        self.depth = depth - 1;
        self.phase = Phase::Scan;
        self.emit(StateEvent::Undo { row, col })
    }
}

impl<S: State> Iterator for Held<S> {
    type Item = StateEvent;

    #[inline]
    fn next(&mut self) -> Option<StateEvent> {
        if self.finished {
            return None;
        }
        if self.closing {
            return self.leave(self.depth);
        }
        let n = self.n;
        loop {
            let depth = self.depth;
            match self.phase {
                Phase::Enter => {
                    if depth == usize::from(n) {
                        self.phase = Phase::Leave;
                        return self.solution();
                    }
                    self.phase = Phase::Scan;
                    self.next[depth] = 0;
                    self.placed &= !(1 << depth);
                }
                Phase::Scan => {
                    let col = self.next[depth];
                    let row = depth as u8;
                    if col == n {
                        self.phase = Phase::Leave;
                        if self.placed >> depth & 1 == 0 {
                            return self.emit(StateEvent::DeadEnd { row });
                        }
                        continue;
                    }
                    self.next[depth] = col + 1;
                    if depth == 0 && col >= self.root_limit {
                        if self.rejects {
                            let by = Attacks::none().with(Attack::Symmetry, true);
                            return self.emit(StateEvent::Reject {
                                row,
                                col,
                                by,
                                attackers: 0,
                            });
                        }
                        continue;
                    }
                    let a = &self.queens[..depth];
                    let (attacked, work) = self.state.test(a, row, col);
                    self.counters.work += work;
                    if attacked {
                        if self.rejects {
                            let (by, attackers) = self.state.reasons(a, row, col);
                            return self.emit(StateEvent::Reject {
                                row,
                                col,
                                by,
                                attackers,
                            });
                        }
                        continue;
                    }
                    if self.budget.refuses(self.counters.nodes) {
                        // Nor is the test of the square it refused to place.
                        self.counters.work -= work;
                        self.close();
                        return self.leave(depth);
                    }
                    self.state.place(row, col);
                    self.counters.work += S::MOVE_WORK;
                    self.queens[depth] = col;
                    self.placed |= 1 << depth;
                    self.depth = depth + 1;
                    self.phase = Phase::Enter;
                    self.counters.nodes += 1;
                    return self.emit(StateEvent::Place { row, col });
                }
                Phase::Leave => return self.leave(depth),
            }
        }
    }
}

impl<S: State> Search for Held<S> {
    type Event = StateEvent;

    fn counters(&self) -> &Counters {
        &self.counters
    }

    fn is_finished(&self) -> bool {
        self.finished
    }

    fn is_closing(&self) -> bool {
        self.closing
    }

    fn budget(&self) -> &Budget {
        &self.budget
    }

    fn budget_mut(&mut self) -> &mut Budget {
        &mut self.budget
    }

    fn skip_subtree(&mut self) {
        self.phase = Phase::Leave;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::EventKind;

    #[test]
    fn events_fit_in_two_registers() {
        assert!(std::mem::size_of::<Option<StateEvent>>() <= 16);
    }

    #[test]
    fn eight_queens_counts() {
        for (symmetry, nodes) in [(true, 1029), (false, 2057)] {
            let mut array = QueensArray::new(8, symmetry, false);
            array.by_ref().for_each(drop);
            let mut bools = QueensBools::new(8, symmetry, false);
            bools.by_ref().for_each(drop);
            assert_eq!(
                (array.counters().solutions, array.counters().nodes),
                (92, nodes)
            );
            let counts = |c: &Counters| (c.nodes, c.solutions, c.steps, c.dead_ends);
            assert_eq!(counts(array.counters()), counts(bools.counters()));
        }
    }

    #[test]
    fn closing_yields_only_the_undos() {
        let mut search = QueensBools::new(8, false, true);
        search.by_ref().take(100).for_each(drop);
        let open = search.queens().len();
        search.close();
        let rest: Vec<StateEvent> = search.by_ref().collect();
        assert_eq!(rest.len(), open);
        assert!(rest.iter().all(|e| e.kind() == EventKind::Undo));
        assert_eq!(search.state(), &Bools::new(8));
    }
}
