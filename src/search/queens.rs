//! N-Queens with bit-mask attack sets and reflection symmetry.
//!
//! The algorithm, one queen per row, rows filled top to bottom:
//!
//! 1. Enter a node whose prefix holds `r` queens. If `r == n` the board is
//!    complete: yield `solution` and leave the node.
//! 2. Otherwise scan the columns `c` of row `r` in increasing order:
//!    - at the root with symmetry on, a column in the right half is skipped
//!      (`reject`, by `symmetry`), since its solutions mirror the left half's;
//!    - a column held by `C`, `H` or `L` is attacked (`reject`, naming each
//!      mask that holds it);
//!    - any other column is legal: `place` a queen there, which enters the
//!      child node with the masks shifted for the next row (step 1).
//! 3. If no column was legal, yield `dead-end`.
//! 4. Leave the node: yield `undo` for the queen that entered it.
//!
//! The masks describe attacks on the row being filled. Column `c` is bit
//! `2^c`; placing bit `b` gives `C' = C|b`, `H' = ((H|b) << 1) & U` and
//! `L' = (L|b) >> 1` with `U = 2^n - 1`, so diagonals drift one column per row.

use super::{Cause, Causes, Counters, EventKind, Phase, Search, SearchEvent};

/// The largest board this search accepts.
pub const MAX_N: u8 = 16;

/// One reason a column is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Attack {
    /// A right-half root column, skipped because of reflection symmetry.
    Symmetry,
    /// The column already holds a queen (`C`).
    Column,
    /// A diagonal moving toward higher column bits reaches it (`H`).
    High,
    /// A diagonal moving toward lower column bits reaches it (`L`).
    Low,
}

impl Cause for Attack {
    const ALL: &'static [Attack] = &[Attack::Symmetry, Attack::Column, Attack::High, Attack::Low];

    fn name(self) -> &'static str {
        match self {
            Attack::Symmetry => "symmetry",
            Attack::Column => "column",
            Attack::High => "high",
            Attack::Low => "low",
        }
    }

    fn words(self) -> &'static str {
        match self {
            Attack::Symmetry => "symmetry",
            Attack::Column => "column",
            Attack::High => "high diagonal",
            Attack::Low => "low diagonal",
        }
    }

    fn index(self) -> u8 {
        self as u8
    }
}

/// The reasons for one N-Queens reject.
pub type Attacks = Causes<Attack>;

/// One N-Queens event (SPEC §2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueensEvent {
    /// A queen is placed at (`row`, `col`), entering a new node.
    Place { row: u8, col: u8 },
    /// Column `col` of `row` is refused.
    Reject { row: u8, col: u8, by: Attacks },
    /// No column of `row` is legal.
    DeadEnd { row: u8 },
    /// The queen at (`row`, `col`) is removed.
    Undo { row: u8, col: u8 },
    /// A complete board: the column of each row, and how many solutions it
    /// stands for (2 when its mirror image was skipped by symmetry).
    Solution { queens: Vec<u8>, weight: u64 },
}

impl SearchEvent for QueensEvent {
    fn kind(&self) -> EventKind {
        match self {
            QueensEvent::Place { .. } => EventKind::Place,
            QueensEvent::Reject { .. } => EventKind::Reject,
            QueensEvent::DeadEnd { .. } => EventKind::DeadEnd,
            QueensEvent::Undo { .. } => EventKind::Undo,
            QueensEvent::Solution { .. } => EventKind::Solution,
        }
    }
}

/// The attack masks of one node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Masks {
    /// Occupied columns.
    pub cols: u32,
    /// Diagonal attacks moving toward higher column bits.
    pub high: u32,
    /// Diagonal attacks moving toward lower column bits.
    pub low: u32,
}

impl Masks {
    /// Every attacked column: `C|H|L`.
    pub fn attacked(self) -> u32 {
        self.cols | self.high | self.low
    }

    /// The masks of the child node after a queen on bit `bit`.
    fn child(self, bit: u32, all: u32) -> Masks {
        Masks {
            cols: self.cols | bit,
            high: ((self.high | bit) << 1) & all,
            low: (self.low | bit) >> 1,
        }
    }
}

/// One node on the explicit stack.
#[derive(Clone, Debug)]
struct Frame {
    masks: Masks,
    /// Columns still to scan, lowest first.
    todo: u32,
    phase: Phase,
}

/// How an N-Queens search is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QueensOptions {
    /// Board size, 0..=16.
    pub n: u8,
    /// Reflection symmetry: search only the left half of the first row.
    pub symmetry: bool,
    /// Yield `reject` events (off for fast counting).
    pub rejects: bool,
}

/// The N-Queens search: a resumable, cloneable iterator of [`QueensEvent`]s.
#[derive(Clone, Debug)]
pub struct Queens {
    options: QueensOptions,
    /// `U = 2^n - 1`.
    all: u32,
    /// Root columns searched: the left half with symmetry, else all.
    root_columns: u32,
    /// `frames[r]` is the node whose prefix holds `r` queens.
    frames: Vec<Frame>,
    /// The column of each placed queen, row by row.
    queens: Vec<u8>,
    counters: Counters,
    finished: bool,
}

impl Queens {
    /// A search for `n` queens (`n` must be at most [`MAX_N`]).
    pub fn new(options: QueensOptions) -> Self {
        assert!(options.n <= MAX_N, "n is validated by the caller");
        let n = u32::from(options.n);
        let all = (1u32 << n) - 1;
        let root_columns = if options.symmetry {
            (1u32 << n.div_ceil(2)) - 1
        } else {
            all
        };
        let root = Frame {
            masks: Masks::default(),
            todo: 0,
            phase: Phase::Enter,
        };
        Queens {
            options,
            all,
            root_columns,
            frames: vec![root],
            queens: Vec::with_capacity(options.n as usize),
            counters: Counters {
                nodes: 1,
                ..Counters::default()
            },
            finished: false,
        }
    }

    /// How the search was set up.
    pub fn options(&self) -> QueensOptions {
        self.options
    }

    /// Board size.
    pub fn n(&self) -> u8 {
        self.options.n
    }

    /// The columns of the queens placed so far: the current node's prefix.
    pub fn queens(&self) -> &[u8] {
        &self.queens
    }

    /// The row being filled at the current node (equal to `n` on a complete board).
    pub fn row(&self) -> u8 {
        self.queens.len() as u8
    }

    /// The masks of the current node.
    pub fn masks(&self) -> Masks {
        self.frames.last().map(|f| f.masks).unwrap_or_default()
    }

    /// Columns free under the current node's masks: `U & !(C|H|L)`, before
    /// any symmetry restriction.
    pub fn legal(&self) -> u32 {
        self.all & !self.masks().attacked()
    }

    /// The columns the current node may place in: `legal`, restricted to the
    /// left half at the root when symmetry is on.
    pub fn searchable(&self) -> u32 {
        self.legal() & self.allowed(self.queens.len())
    }

    /// Columns of the current row not yet scanned, lowest first.
    pub fn pending(&self) -> u32 {
        self.frames.last().map_or(0, |f| match f.phase {
            Phase::Enter => self.all,
            Phase::Scan => f.todo,
            Phase::Leave => 0,
        })
    }

    /// Columns searched at the root (`{0,1}` for 4 with symmetry).
    pub fn root_columns(&self) -> u32 {
        self.root_columns
    }

    /// `U = 2^n - 1`.
    pub fn all_columns(&self) -> u32 {
        self.all
    }

    /// How much a solution with this first-row column counts for.
    pub fn weight(&self, first_col: Option<u8>) -> u64 {
        match first_col {
            Some(c) if self.options.symmetry && c < self.options.n / 2 => 2,
            _ => 1,
        }
    }

    /// The columns a node at `depth` may search.
    fn allowed(&self, depth: usize) -> u32 {
        if depth == 0 {
            self.root_columns
        } else {
            self.all
        }
    }

    fn emit(&mut self, event: QueensEvent) -> Option<QueensEvent> {
        self.counters.record(event.kind());
        Some(event)
    }
}

impl Iterator for Queens {
    type Item = QueensEvent;

    fn next(&mut self) -> Option<QueensEvent> {
        let n = self.options.n as usize;
        loop {
            let depth = self.frames.len() - 1;
            let allowed = self.allowed(depth);
            let all = self.all;
            let rejects = self.options.rejects;
            let frame = self.frames.last_mut()?;
            let legal = all & !frame.masks.attacked();
            match frame.phase {
                Phase::Enter => {
                    // 1. A complete board is a solution.
                    if depth == n {
                        frame.phase = Phase::Leave;
                        let weight = self.weight(self.queens.first().copied());
                        self.counters.solutions += weight;
                        let queens = self.queens.clone();
                        return self.emit(QueensEvent::Solution { queens, weight });
                    }
                    frame.phase = Phase::Scan;
                    frame.todo = if rejects { all } else { legal & allowed };
                }
                Phase::Scan => {
                    if frame.todo == 0 {
                        // 3. No legal column: a dead end.
                        frame.phase = Phase::Leave;
                        if legal & allowed == 0 {
                            return self.emit(QueensEvent::DeadEnd { row: depth as u8 });
                        }
                        continue;
                    }
                    // 2. The next column, lowest first.
                    let col = frame.todo.trailing_zeros();
                    frame.todo &= frame.todo - 1;
                    let bit = 1u32 << col;
                    let (row, col) = (depth as u8, col as u8);
                    if allowed & bit == 0 {
                        let by = Attacks::none().with(Attack::Symmetry, true);
                        return self.emit(QueensEvent::Reject { row, col, by });
                    }
                    if legal & bit == 0 {
                        let m = frame.masks;
                        let by = Attacks::none()
                            .with(Attack::Column, m.cols & bit != 0)
                            .with(Attack::High, m.high & bit != 0)
                            .with(Attack::Low, m.low & bit != 0);
                        return self.emit(QueensEvent::Reject { row, col, by });
                    }
                    let child = Frame {
                        masks: frame.masks.child(bit, all),
                        todo: 0,
                        phase: Phase::Enter,
                    };
                    self.frames.push(child);
                    self.queens.push(col);
                    self.counters.nodes += 1;
                    return self.emit(QueensEvent::Place { row, col });
                }
                Phase::Leave => {
                    // 4. Leave the node, undoing the queen that entered it.
                    if depth == 0 {
                        self.finished = true;
                        return None;
                    }
                    self.frames.pop();
                    let col = self.queens.pop()?;
                    let row = (depth - 1) as u8;
                    return self.emit(QueensEvent::Undo { row, col });
                }
            }
        }
    }
}

impl Search for Queens {
    type Event = QueensEvent;

    fn counters(&self) -> &Counters {
        &self.counters
    }

    fn is_finished(&self) -> bool {
        self.finished
    }
}

/// Formats a mask most-significant bit first in `n` digits: `0001` is column 0.
pub fn format_mask(mask: u32, n: u8) -> String {
    (0..n)
        .rev()
        .map(|c| if mask >> c & 1 == 1 { '1' } else { '0' })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(n: u8, symmetry: bool) -> (u64, u64) {
        let mut q = Queens::new(QueensOptions {
            n,
            symmetry,
            rejects: false,
        });
        q.by_ref().for_each(drop);
        (q.counters().solutions, q.counters().nodes)
    }

    #[test]
    fn four_queens_counts() {
        assert_eq!(count(4, true), (2, 9));
        assert_eq!(count(4, false), (2, 17));
        assert_eq!(count(0, true), (1, 1));
        assert_eq!(count(8, true), (92, 1029));
    }

    #[test]
    fn masks_after_first_place() {
        let mut q = Queens::new(QueensOptions {
            n: 4,
            symmetry: true,
            rejects: true,
        });
        assert_eq!(q.next(), Some(QueensEvent::Place { row: 0, col: 0 }));
        let m = q.masks();
        assert_eq!(
            (
                format_mask(m.cols, 4),
                format_mask(m.high, 4),
                format_mask(m.low, 4)
            ),
            ("0001".into(), "0010".into(), "0000".into())
        );
    }
}
