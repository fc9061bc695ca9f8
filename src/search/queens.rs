//! N-Queens with bit-mask attack sets and reflection symmetry.
//!
//! The algorithm, one queen per row, rows filled top to bottom (the names
//! in bold are the variants of [`Step`]; the state machine's phases are
//! `Enter` for step 1, `Scan` for steps 2 and 3, `Leave` for step 4):
//!
//! 1. **Enter** a node whose prefix holds `r` queens. If `r == n` the board
//!    is complete: yield **`Solution`** and leave the node.
//! 2. Otherwise **scan** the columns `c` of row `r` in increasing order:
//!    - at the root with symmetry on, a column in the right half is skipped
//!      (**`SkipSymmetry`**: `reject`, by `symmetry`), since its solutions
//!      mirror the left half's;
//!    - a column held by `C`, `H` or `L` is attacked (**`RejectAttacked`**:
//!      `reject`, naming each mask that holds it);
//!    - any other column is legal: **`Place`** a queen there, which enters
//!      the child node with the masks shifted for the next row (step 1).
//! 3. If no column was legal, yield **`DeadEnd`**.
//! 4. Leave the node: yield **`Undo`** for the queen that entered it.
//!
//! Invariants, checked with `debug_assert!` on every place and undo: the
//! open places balance the depth, and each node's masks equal the masks
//! recomputed from the queens placed above it.
//!
//! The masks describe attacks on the row being filled. Column `c` is bit
//! `2^c`; placing bit `b` gives `C' = C|b`, `H' = ((H|b) << 1) & U` and
//! `L' = (L|b) >> 1` with `U = 2^n - 1`, so diagonals drift one column per row.
//!
//! The variants of the search are the [`Strategy`] values. Each set of
//! rules is a type implementing [`Rules`] ([`Pruning`] here, [`CheckAtEnd`]
//! in `queens/check_at_end.rs`, [`OneDiagonal`] in `queens/one_diagonal.rs`):
//! how a node is entered, which column comes next and whether it is
//! refused. They all run on the one driver ([`Backtrack`], which owns the
//! stack of [`Frame`]s, the phases, the node budget and the close) through
//! [`QueensTree`], so that [`Queens<Pruning>`]'s steps stay free of the
//! others' tests.

use super::backtrack::{Arrive, Backtrack, Choice, Tree};
use super::{Causes, Counters, Phase, Search};

mod check_at_end;
mod one_diagonal;

pub use check_at_end::CheckAtEnd;
pub use one_diagonal::OneDiagonal;

/// The variants of the N-Queens search, one name each: the command line's
/// flags, the summaries and `compare`'s labels all read these names. A new
/// variant is one arm here and its [`Rules`] in a file of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// The mask search on the left half of the first row, mirrored.
    Symmetry,
    /// The mask search on every first-row column.
    Full,
    /// A queen in every column of every row, complete boards tested.
    CheckAtEnd,
    /// One queen per row and per column, diagonals tested on complete
    /// boards (`queens_permutations.rs`).
    Permutations,
    /// The full mask search, each solution classified by its orbit under
    /// the 8 symmetries of the square (`queens_fundamental.rs`).
    Fundamental,
    /// The bug lab's `one-diagonal`: the full mask search that never
    /// consults `L` (`queens/one_diagonal.rs`).
    OneDiagonal,
}

impl Strategy {
    /// Every variant, in the order of the `--help` text.
    pub const ALL: [Strategy; 6] = [
        Strategy::Symmetry,
        Strategy::Full,
        Strategy::CheckAtEnd,
        Strategy::Permutations,
        Strategy::Fundamental,
        Strategy::OneDiagonal,
    ];

    /// The name in summaries (`queens 4 check-at-end: ...`); also the
    /// command-line flag (`--full`, `--check-at-end`) of every variant but
    /// the default.
    pub const fn name(self) -> &'static str {
        match self {
            Strategy::Symmetry => "symmetry",
            Strategy::Full => "full",
            Strategy::CheckAtEnd => "check-at-end",
            Strategy::Permutations => "permutations",
            Strategy::Fundamental => "fundamental",
            Strategy::OneDiagonal => "one-diagonal",
        }
    }

    /// Whether this variant is one of the bug lab's bugs (its results are
    /// wrong on purpose, and labelled so).
    pub const fn is_bug(self) -> bool {
        matches!(self, Strategy::OneDiagonal)
    }

    /// Whether the attacks of this variant may be held another way than in
    /// masks (`--state bools|array`): only the mask search's own two.
    pub const fn takes_state(self) -> bool {
        matches!(self, Strategy::Symmetry | Strategy::Full)
    }

    /// The name in words, as a label on screen (`check at end`).
    pub const fn words(self) -> &'static str {
        match self {
            Strategy::Symmetry => "symmetry",
            Strategy::Full => "full",
            Strategy::CheckAtEnd => "check at end",
            Strategy::Permutations => "permutations",
            Strategy::Fundamental => "fundamental",
            Strategy::OneDiagonal => "one diagonal",
        }
    }
}

/// One way of walking the N-Queens tree: the rules [`QueensTree`] hands
/// the driver. Every set of rules shares the search's state (the masks in
/// each [`Frame`], the queens, the counters); only the order of its tests
/// differs.
pub trait Rules: Clone + Copy + std::fmt::Debug + Default + Send + Sync + 'static {
    /// The variant a search with these rules and options is.
    fn strategy(options: QueensOptions) -> Strategy;

    /// Whether the rules consult the low-diagonal mask `L` (a bug may
    /// not): what the views show as attacked and legal is what the rules
    /// compute.
    const READS_LOW: bool = true;

    /// Step 1: the node at `depth` (its masks set by its parent) is
    /// entered.
    fn arrive(
        tree: &mut QueensTree<Self>,
        frame: &mut Frame,
        depth: usize,
        counters: &mut Counters,
    ) -> Arrive<QueensEvent>;

    /// Step 2: the node's next column: placed (its number) or refused.
    fn choose(
        tree: &mut QueensTree<Self>,
        frame: &mut Frame,
        depth: usize,
    ) -> Choice<u8, QueensEvent>;

    /// The child with masks `masks` of a place at `depth`, with the work
    /// the place costs; the columns it scans are set here or, by rules
    /// that say so, on entering it.
    #[inline(always)]
    fn child(_: &QueensTree<Self>, masks: Masks, _depth: usize, _: &mut Counters) -> Frame {
        Frame {
            masks,
            ..Frame::default()
        }
    }

    /// Step 3: every column of the node at `depth` scanned; with rejects
    /// on, none placed is a dead end (without, it was told on entering).
    #[inline(always)]
    fn done(tree: &QueensTree<Self>, depth: usize, placed: bool) -> Option<QueensEvent> {
        (tree.options.rejects && !placed).then_some(QueensEvent::DeadEnd { row: depth as u8 })
    }

    /// Runs the search to its end (see [`Search::run_to_end`]).
    fn run_to_end(search: &mut Queens<Self>) {
        search.by_ref().for_each(drop);
    }

    /// Runs the search to its end, reporting the nodes now and then (see
    /// [`Search::run_to_end_reporting`]).
    fn run_to_end_reporting(search: &mut Queens<Self>, report: &mut dyn FnMut(u64)) {
        search.step_to_end(report);
    }
}

/// The rules of the mask search: each column is tested as it is scanned,
/// and only legal ones are entered (with symmetry on, only the left half
/// of the first row).
#[derive(Clone, Copy, Debug, Default)]
pub struct Pruning;

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

causes!(Attack {
    Symmetry => ("symmetry", "symmetry"),
    Column => ("column", "occupied column"),
    High => ("high", "high diagonal"),
    Low => ("low", "low diagonal"),
});

/// The reasons for one N-Queens reject.
pub type Attacks = Causes<Attack>;

/// The column of each row of a board, packed four bits a row (16 rows × 4
/// bits fill a `u64`), so that a `solution` event is `Copy` and small.
/// Aligned to 4 bytes rather than 8, so that the event, with its tag and
/// weight, fits in 16 bytes and `Option<QueensEvent>` is returned in two
/// registers.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
#[repr(C, packed(4))]
pub struct Columns {
    packed: u64,
    len: u8,
}

impl Columns {
    /// Packs the columns of the first `cols.len()` rows (at most [`MAX_N`]).
    pub fn new(cols: &[u8]) -> Columns {
        debug_assert!(cols.len() <= MAX_N as usize && cols.iter().all(|&c| c < MAX_N));
        let packed = cols
            .iter()
            .rev()
            .fold(0u64, |acc, &c| acc << 4 | u64::from(c & 15));
        Columns {
            packed,
            len: cols.len() as u8,
        }
    }

    /// The number of rows.
    pub fn len(self) -> usize {
        usize::from(self.len)
    }

    /// Whether there are no rows (the board of `n = 0`).
    pub fn is_empty(self) -> bool {
        self.len == 0
    }

    /// The column of `row`, if the board has that row.
    pub fn get(self, row: usize) -> Option<u8> {
        (row < self.len()).then(|| (self.packed >> (4 * row) & 15) as u8)
    }

    /// The columns, row by row.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (0..self.len()).map(move |row| (self.packed >> (4 * row) & 15) as u8)
    }

    /// The columns as a list, row by row.
    pub fn to_vec(self) -> Vec<u8> {
        self.iter().collect()
    }
}

impl std::fmt::Debug for Columns {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// One N-Queens event (EVENTS.md §2). `Copy` and 16 bytes wide, so that a step
/// moves no heap data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    Solution { queens: Columns, weight: u8 },
}

event_kinds!(QueensEvent);

/// The steps of the algorithm (the module's opening comment), one per kind
/// of event, so that a view can say which step ran without knowing the
/// event's fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Step 1: a node is entered (before the first event: the root).
    Enter,
    /// Step 1: the board is complete.
    Solution,
    /// Step 2: a right-half root column is skipped by symmetry.
    SkipSymmetry,
    /// Step 2: an attacked column is rejected.
    RejectAttacked,
    /// Step 2: a queen is placed, entering the child.
    Place,
    /// Step 3: no column of the row was legal.
    DeadEnd,
    /// Step 4: the node is left, its queen removed.
    Undo,
}

impl QueensEvent {
    /// The algorithm step that yields this event.
    pub fn step(&self) -> Step {
        match self {
            QueensEvent::Place { .. } => Step::Place,
            QueensEvent::Reject { by, .. } if by.contains(Attack::Symmetry) => Step::SkipSymmetry,
            QueensEvent::Reject { .. } => Step::RejectAttacked,
            QueensEvent::DeadEnd { .. } => Step::DeadEnd,
            QueensEvent::Undo { .. } => Step::Undo,
            QueensEvent::Solution { .. } => Step::Solution,
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
    pub fn child(self, bit: u32, all: u32) -> Masks {
        Masks {
            cols: self.cols | bit,
            high: ((self.high | bit) << 1) & all,
            low: (self.low | bit) >> 1,
        }
    }
}

/// One node on the driver's stack: its masks, and the columns it has still
/// to scan. Where the deepest node is in its life is the driver's
/// ([`Backtrack::phase`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Frame {
    masks: Masks,
    /// Columns still to scan, lowest first. Set when the node is pushed
    /// (or, by rules that say so, when it is entered); read only once it
    /// is scanned.
    todo: u32,
    /// The columns the node places in (the mask search's `searchable`),
    /// set when it is pushed, so that telling a scanned column's fate is
    /// one test.
    free: u32,
}

impl Frame {
    /// Takes the next column to scan, lowest first (`None`: every column
    /// scanned).
    #[inline(always)]
    fn next_column(&mut self) -> Option<u8> {
        let todo = self.todo;
        if todo == 0 {
            return None;
        }
        self.todo = todo & (todo - 1);
        Some(todo.trailing_zeros() as u8)
    }
}

/// The stack holds the root and one node per row: `n + 1` frames at most.
const STACK: usize = MAX_N as usize + 1;

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

/// The N-Queens tree by the rules `R`: what the search holds beyond its
/// stack of [`Frame`]s.
#[derive(Clone, Debug)]
pub struct QueensTree<R> {
    options: QueensOptions,
    /// `U = 2^n - 1`.
    all: u32,
    /// Root columns searched: the left half with symmetry, else all.
    root_columns: u32,
    /// The column of each placed queen, row by row (the first `depth`).
    queens: [u8; MAX_N as usize],
    /// The mask search's work for a place at each depth: [`PLACE_OPS`],
    /// and [`LEGAL_OPS`] when the child has a row to fill; looked up, so
    /// that a place does no arithmetic for it.
    place_work: [u64; MAX_N as usize],
    /// What the rules keep between two of their steps.
    rules: R,
}

/// The N-Queens search: a resumable, cloneable iterator of [`QueensEvent`]s,
/// stepping by the rules `R` ([`Pruning`] unless named).
pub type Queens<R = Pruning> = Backtrack<QueensTree<R>>;

/// The mask search's unit of work (`Counters::work`, "mask ops"): the word
/// operations of Walker's search, counted the same with rejects on or off.
/// A node with a row to fill computes its legal columns `U & ~(C|H|L)`:
/// [`LEGAL_OPS`]. Each queen placed takes its column from them (`b = t &
/// -t`, `t ^= b`) and shifts the masks for the child (`C|b`, `(H|b) << 1`,
/// `& U`, `(L|b) >> 1`): [`PLACE_OPS`].
pub const LEGAL_OPS: u64 = 3;
/// See [`LEGAL_OPS`]: the word operations of one place.
pub const PLACE_OPS: u64 = 8;

impl Queens<Pruning> {
    /// A search for `n` queens (`n` must be at most [`MAX_N`]).
    pub fn new(options: QueensOptions) -> Self {
        let mut search = Queens::with_rules(options);
        // The root's legal columns, unless the board is complete at once.
        search.parts_mut().1.work = LEGAL_OPS * u64::from(options.n > 0);
        search
    }
}

impl<R: Rules> QueensTree<R> {
    /// How much a solution with this first-row column counts for.
    fn weight(&self, first_col: Option<u8>) -> u64 {
        match first_col {
            Some(c) if self.options.symmetry && c < self.options.n / 2 => 2,
            _ => 1,
        }
    }

    /// The columns a node at `depth` may search.
    #[inline]
    fn allowed(&self, depth: usize) -> u32 {
        if depth == 0 {
            self.root_columns
        } else {
            self.all
        }
    }

    /// Step 1 on a complete board of `depth` rows: count it, and its
    /// `solution`. Rare next to the other steps, so kept out of line.
    #[cold]
    #[inline(never)]
    fn solution(&self, depth: usize, counters: &mut Counters) -> QueensEvent {
        let queens = Columns::new(&self.queens[..depth]);
        let weight = self.weight(queens.get(0)) as u8;
        counters.solutions += u64::from(weight);
        QueensEvent::Solution { queens, weight }
    }

    /// The `reject` of a column that `allowed` or the masks refuse.
    #[inline]
    fn reject(row: u8, col: u8, allowed: u32, masks: Masks) -> QueensEvent {
        let bit = 1u32 << col;
        let by = if allowed & bit == 0 {
            Attacks::none().with(Attack::Symmetry, true)
        } else {
            Attacks::none()
                .with(Attack::Column, masks.cols & bit != 0)
                .with(Attack::High, masks.high & bit != 0)
                .with(Attack::Low, masks.low & bit != 0)
        };
        QueensEvent::Reject { row, col, by }
    }
}

impl<R: Rules> Tree for QueensTree<R> {
    type Event = QueensEvent;
    type Node = Frame;
    /// The column of the queen to place.
    type Choice = u8;

    const ROOT_IS_NODE: bool = true;

    /// The root; `todo` is 0 exactly when it has nothing to scan: n = 0
    /// (complete at once) or, without rejects, a dead end.
    fn root(&mut self) -> Frame {
        Frame {
            masks: Masks::default(),
            todo: if self.options.rejects {
                self.all
            } else {
                self.root_columns
            },
            free: self.root_columns,
        }
    }

    fn depth_hint(&self) -> usize {
        STACK
    }

    #[inline(always)]
    fn arrive(
        &mut self,
        frame: &mut Frame,
        depth: usize,
        counters: &mut Counters,
    ) -> Arrive<QueensEvent> {
        R::arrive(self, frame, depth, counters)
    }

    #[inline(always)]
    fn choose(&mut self, frame: &mut Frame, depth: usize) -> Choice<u8, QueensEvent> {
        R::choose(self, frame, depth)
    }

    /// Step 2: a queen at (`depth`, `col`) pushes the child with the
    /// masks shifted for the next row.
    #[inline(always)]
    fn apply(
        &mut self,
        parent: &mut Frame,
        depth: usize,
        col: u8,
        counters: &mut Counters,
    ) -> (Frame, QueensEvent) {
        let masks = parent.masks.child(1 << col, self.all);
        let child = R::child(self, masks, depth, counters);
        // Below MAX_N (a place is made only on a row to fill); the `%`
        // says so to the compiler, so the hot path has no bounds test.
        self.queens[depth % MAX_N as usize] = col;
        let row = depth as u8;
        (child, QueensEvent::Place { row, col })
    }

    #[inline(always)]
    fn done(&mut self, _: &Frame, depth: usize, placed: bool) -> Option<QueensEvent> {
        R::done(self, depth, placed)
    }

    /// Step 4: the queen that entered the node is removed.
    #[inline(always)]
    fn undo(&mut self, _: &Frame, depth: usize) -> QueensEvent {
        let row = (depth - 1) as u8;
        QueensEvent::Undo {
            row,
            col: self.queens[(depth - 1) % MAX_N as usize],
        }
    }

    /// Each node's masks equal the ones recomputed from the queens placed
    /// above it.
    fn check(&self, frames: &[Frame]) {
        let depth = frames.len() - 1;
        debug_assert!(depth <= usize::from(self.options.n));
        let mut masks = Masks::default();
        for (r, frame) in frames.iter().enumerate() {
            debug_assert_eq!(
                frame.masks,
                masks,
                "row {r}'s masks equal the ones recomputed from the queens {:?}",
                &self.queens[..depth]
            );
            if r < depth {
                masks = masks.child(1 << self.queens[r], self.all);
            }
        }
    }

    fn run_to_end(search: &mut Queens<R>) {
        R::run_to_end(search);
    }

    fn run_to_end_reporting(search: &mut Queens<R>, report: &mut dyn FnMut(u64)) {
        R::run_to_end_reporting(search, report);
    }
}

impl<R: Rules> Queens<R> {
    /// A search for `n` queens by the rules `R`, before its first event.
    fn with_rules(options: QueensOptions) -> Self {
        assert!(options.n <= MAX_N, "n is validated by the caller");
        let n = u32::from(options.n);
        let all = (1u32 << n) - 1;
        let root_columns = if options.symmetry {
            (1u32 << n.div_ceil(2)) - 1
        } else {
            all
        };
        Backtrack::of(QueensTree {
            options,
            all,
            root_columns,
            queens: [0; MAX_N as usize],
            // A complete board has no row left whose legal columns to
            // compute.
            place_work: std::array::from_fn(|depth| {
                PLACE_OPS + LEGAL_OPS * u64::from(depth + 1 < usize::from(options.n))
            }),
            rules: R::default(),
        })
    }

    /// The variant this search is.
    pub fn strategy(&self) -> Strategy {
        R::strategy(self.tree().options)
    }

    /// Whether this is the check-at-the-end search.
    pub fn checks_at_end(&self) -> bool {
        self.strategy() == Strategy::CheckAtEnd
    }

    /// How the search was set up.
    pub fn options(&self) -> QueensOptions {
        self.tree().options
    }

    /// Board size.
    pub fn n(&self) -> u8 {
        self.tree().options.n
    }

    /// The columns of the queens placed so far: the current node's prefix.
    pub fn queens(&self) -> &[u8] {
        &self.tree().queens[..self.depth()]
    }

    /// The row being filled at the current node (equal to `n` on a complete board).
    pub fn row(&self) -> u8 {
        self.depth() as u8
    }

    /// The masks of the current node (the root's once the search ended).
    pub fn masks(&self) -> Masks {
        self.top().map_or_else(Masks::default, |frame| frame.masks)
    }

    /// The masks of the node on the current path whose prefix holds `row`
    /// queens: the current node's for `row == self.row()`, its parent's for
    /// one less (what a `place` shifted). `None` past the current node.
    /// The worked arithmetic on the screen reads the operands here rather
    /// than shifting masks again.
    pub fn path_masks(&self, row: u8) -> Option<Masks> {
        let row = usize::from(row);
        match self.node(row) {
            Some(frame) => Some(frame.masks),
            // The root's, once the search ended.
            None => (row == 0).then(Masks::default),
        }
    }

    /// Columns free under the current node's masks: `U & !(C|H|L)`, before
    /// any symmetry restriction.
    pub fn legal(&self) -> u32 {
        self.tree().all & !self.attacked()
    }

    /// The columns of the current row the rules count as attacked: `C|H|L`
    /// (`C|H` for rules that never read `L`).
    pub fn attacked(&self) -> u32 {
        let m = self.masks();
        if R::READS_LOW {
            m.attacked()
        } else {
            m.cols | m.high
        }
    }

    /// Whether the rules consult `L` (see [`Rules::READS_LOW`]).
    pub fn reads_low(&self) -> bool {
        R::READS_LOW
    }

    /// The columns the current node may place in: `legal`, restricted to the
    /// left half at the root when symmetry is on.
    pub fn searchable(&self) -> u32 {
        self.legal() & self.tree().allowed(self.depth())
    }

    /// Columns of the current row not yet scanned, lowest first (none once
    /// the search is closing).
    pub fn pending(&self) -> u32 {
        if self.is_closing() {
            return 0;
        }
        match self.phase() {
            Phase::Enter => self.tree().all,
            Phase::Scan => self.top().map_or(0, |frame| frame.todo),
            Phase::Leave => 0,
        }
    }

    /// Columns searched at the root (`{0,1}` for 4 with symmetry).
    pub fn root_columns(&self) -> u32 {
        self.tree().root_columns
    }

    /// `U = 2^n - 1`.
    pub fn all_columns(&self) -> u32 {
        self.tree().all
    }

    /// The step of the algorithm that `last` (the last event yielded, `None`
    /// before the first) belongs to.
    pub fn step(&self, last: Option<&QueensEvent>) -> Step {
        last.map_or(Step::Enter, QueensEvent::step)
    }

    /// The masks recomputed from the placed queens alone: what the frame of
    /// the current node must hold.
    pub fn recomputed_masks(&self) -> Masks {
        let depth = self.depth();
        let all = self.tree().all;
        self.queens()
            .iter()
            .enumerate()
            .fold(Masks::default(), |m, (r, &c)| {
                let (bit, up) = (1u32 << c, (depth - r) as u32);
                Masks {
                    cols: m.cols | bit,
                    high: m.high | (bit << up & all),
                    low: m.low | bit.checked_shr(up).unwrap_or(0),
                }
            })
    }

    /// How much a solution with this first-row column counts for.
    pub fn weight(&self, first_col: Option<u8>) -> u64 {
        self.tree().weight(first_col)
    }
}

impl Rules for Pruning {
    fn strategy(options: QueensOptions) -> Strategy {
        if options.symmetry {
            Strategy::Symmetry
        } else {
            Strategy::Full
        }
    }

    /// A node has nothing to scan only when it is complete or, without
    /// rejects, a dead end; so one test serves both.
    #[inline(always)]
    fn arrive(
        tree: &mut QueensTree<Pruning>,
        frame: &mut Frame,
        depth: usize,
        counters: &mut Counters,
    ) -> Arrive<QueensEvent> {
        if frame.todo != 0 {
            Arrive::Scan
        } else if depth == usize::from(tree.options.n) {
            // 1. A complete board is a solution.
            Arrive::Leave(tree.solution(depth, counters))
        } else {
            // 3. No legal column: a dead end.
            Arrive::Leave(QueensEvent::DeadEnd { row: depth as u8 })
        }
    }

    /// Step 2: the next column, lowest first: a `reject`, or a place.
    /// Without rejects `todo` holds only the free columns.
    #[inline(always)]
    fn choose(
        tree: &mut QueensTree<Pruning>,
        frame: &mut Frame,
        depth: usize,
    ) -> Choice<u8, QueensEvent> {
        let Some(col) = frame.next_column() else {
            return Choice::Done;
        };
        if frame.free & 1 << col == 0 {
            let allowed = tree.allowed(depth);
            let reject = QueensTree::<Pruning>::reject(depth as u8, col, allowed, frame.masks);
            return Choice::Reject(reject);
        }
        Choice::Place(col)
    }

    /// With rejects every column is scanned, except on a complete board;
    /// without, only the free ones.
    #[inline(always)]
    fn child(tree: &QueensTree<Pruning>, masks: Masks, depth: usize, c: &mut Counters) -> Frame {
        let all = tree.all;
        c.work += tree.place_work[depth % MAX_N as usize];
        let free = all & !masks.attacked();
        let todo = if tree.options.rejects {
            all & (u32::from(masks.cols != all)).wrapping_neg()
        } else {
            free
        };
        Frame { masks, todo, free }
    }

    fn run_to_end(search: &mut Queens<Pruning>) {
        search.count_to_end(|_| {});
    }

    fn run_to_end_reporting(search: &mut Queens<Pruning>, report: &mut dyn FnMut(u64)) {
        search.count_to_end(report);
    }
}

impl Queens<Pruning> {
    /// Counting without events: with rejects off and from the start, a
    /// stack of its own runs in a tight loop that never returns between
    /// events, and the counters are set to what the event stream would have
    /// left (each node but the root is one `place` and one `undo`). Anything
    /// else takes the events one by one. A test checks both ways agree.
    ///
    /// `report` hears the nodes counted so far each time the loop climbs
    /// back to one of the top [`REPORT_ROWS`] rows: rare next to the places
    /// (a few thousand times in the billion nodes of 16-Queens), and
    /// compiled away when `report` does nothing (`run_to_end`).
    fn count_to_end(&mut self, mut report: impl FnMut(u64)) {
        let options = self.tree().options;
        let fresh = self.counters().steps == 0 && self.depth() == 0 && !self.is_closing();
        let root = match self.top() {
            Some(&root) if fresh && self.phase() == Phase::Enter => root,
            _ => return self.step_to_end(&mut report),
        };
        if options.rejects || options.n < 2 || self.budget().is_limited() {
            return self.step_to_end(&mut report);
        }
        let base = self.counters().nodes;
        let tree = self.tree();
        let (n, all) = (usize::from(options.n), tree.all);
        let (mut places, mut found, mut weighted, mut dead_ends) = (0u64, 0u64, 0u64, 0u64);
        // The current node lives in locals; a frame is written only when a
        // child is entered, and read back when the child is left.
        let mut frames = [Frame::default(); STACK];
        let (mut depth, mut todo, mut masks) = (0, root.todo, root.masks);
        let mut weight = 1;
        loop {
            if todo == 0 {
                if depth == 0 {
                    break;
                }
                depth -= 1;
                (todo, masks) = (frames[depth].todo, frames[depth].masks);
                if depth < REPORT_ROWS {
                    report(base + places);
                }
                continue;
            }
            if depth + 1 == n {
                // The last row: every column left is a complete board, and
                // they all share the first queen, hence the weight.
                let boards = u64::from(todo.count_ones());
                (places, found, weighted) =
                    (places + boards, found + boards, weighted + boards * weight);
                todo = 0;
                continue;
            }
            let bit = todo & todo.wrapping_neg();
            todo ^= bit;
            places += 1;
            let child = masks.child(bit, all);
            let legal = all & !child.attacked();
            if legal == 0 {
                dead_ends += 1;
                continue;
            }
            if depth == 0 {
                weight = tree.weight(Some(bit.trailing_zeros() as u8));
            }
            frames[depth] = Frame {
                masks,
                todo,
                free: 0,
            };
            depth += 1;
            (todo, masks) = (legal, child);
        }
        self.finish_now();
        let c = self.parts_mut().1;
        c.nodes += places;
        c.work += PLACE_OPS * places + LEGAL_OPS * (places - found);
        c.steps += 2 * places + found + dead_ends;
        c.found += found;
        c.solutions += weighted;
        c.dead_ends += dead_ends;
    }
}

/// How deep the counting loop of [`Queens::count_to_end`] reports from.
const REPORT_ROWS: usize = 4;

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
    fn counting_without_events_matches_the_event_stream() {
        for n in 0..=10 {
            for symmetry in [true, false] {
                let options = QueensOptions {
                    n,
                    symmetry,
                    rejects: false,
                };
                let mut fast = Queens::new(options);
                fast.run_to_end();
                let mut slow = Queens::new(options);
                slow.by_ref().for_each(drop);
                assert_eq!(
                    fast.counters(),
                    slow.counters(),
                    "n = {n}, symmetry {symmetry}"
                );
                assert_eq!((fast.queens(), fast.masks()), (slow.queens(), slow.masks()));
                assert!(fast.is_finished() && fast.next().is_none());
            }
        }
    }

    #[test]
    fn events_fit_in_two_registers() {
        assert_eq!(std::mem::size_of::<QueensEvent>(), 16);
        assert_eq!(std::mem::size_of::<Option<QueensEvent>>(), 16);
        let board = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 15];
        assert_eq!(Columns::new(&board).to_vec(), board);
        assert_eq!(Columns::new(&[]).to_vec(), Vec::<u8>::new());
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
