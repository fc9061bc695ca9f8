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
//! in `queens/check_at_end.rs`), so that each walks the tree in its own
//! `next` and [`Queens<Pruning>`]'s stays free of the others' tests.

use std::marker::PhantomData;

use super::{Budget, Cause, Causes, Counters, EventKind, Phase, Search, SearchEvent};

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

/// One way of walking the N-Queens tree: how [`Queens`] steps. Every set
/// of rules shares the search's state (the frames, masks, queens and
/// counters); only the order of its tests differs.
pub trait Rules: Clone + Copy + std::fmt::Debug + Default + Send + Sync + 'static {
    /// The variant a search with these rules and options is.
    fn strategy(options: QueensOptions) -> Strategy;

    /// Whether the rules consult the low-diagonal mask `L` (a bug may
    /// not): what the views show as attacked and legal is what the rules
    /// compute.
    const READS_LOW: bool = true;

    /// The next event, or `None` once the root is left.
    fn next(search: &mut Queens<Self>) -> Option<QueensEvent>;

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
            Attack::Column => "occupied column",
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

/// One node on the explicit stack. Only the deepest node has a phase of
/// its own (every node below it is scanning), so it lives in [`Queens`].
#[derive(Clone, Copy, Debug)]
struct Frame {
    masks: Masks,
    /// Columns still to scan, lowest first. Set when the node is pushed, so
    /// that entering it costs no extra step; read only once it is scanned.
    todo: u32,
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

/// The N-Queens search: a resumable, cloneable iterator of [`QueensEvent`]s,
/// stepping by the rules `R` ([`Pruning`] unless named).
#[derive(Clone, Debug)]
pub struct Queens<R = Pruning> {
    options: QueensOptions,
    /// `U = 2^n - 1`.
    all: u32,
    /// Root columns searched: the left half with symmetry, else all.
    root_columns: u32,
    /// `frames[r]` is the node whose prefix holds `r` queens; the frames
    /// above `depth` are stale. A fixed array, so that a step never touches
    /// the allocator and a clone is one copy.
    frames: [Frame; STACK],
    /// The current node's row: the number of queens placed.
    depth: usize,
    /// Where the current node is in its life.
    phase: Phase,
    /// The column of each placed queen, row by row (the first `depth`).
    queens: [u8; MAX_N as usize],
    counters: Counters,
    budget: Budget,
    finished: bool,
    rules: PhantomData<R>,
}

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
        search.counters.work = LEGAL_OPS * u64::from(options.n > 0);
        search
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
        // `todo` is 0 exactly when the node has nothing to scan: n = 0
        // (complete at once) or, without rejects, a dead end.
        let root = Frame {
            masks: Masks::default(),
            todo: if options.rejects { all } else { root_columns },
        };
        Queens {
            options,
            all,
            root_columns,
            frames: [root; STACK],
            depth: 0,
            phase: Phase::Enter,
            queens: [0; MAX_N as usize],
            counters: Counters {
                nodes: 1,
                ..Counters::default()
            },
            budget: Budget::default(),
            finished: false,
            rules: PhantomData,
        }
    }

    /// The variant this search is.
    pub fn strategy(&self) -> Strategy {
        R::strategy(self.options)
    }

    /// Whether this is the check-at-the-end search.
    pub fn checks_at_end(&self) -> bool {
        self.strategy() == Strategy::CheckAtEnd
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
        &self.queens[..self.depth]
    }

    /// The row being filled at the current node (equal to `n` on a complete board).
    pub fn row(&self) -> u8 {
        self.depth as u8
    }

    /// The masks of the current node.
    pub fn masks(&self) -> Masks {
        self.frames[self.depth].masks
    }

    /// The masks of the node on the current path whose prefix holds `row`
    /// queens: the current node's for `row == self.row()`, its parent's for
    /// one less (what a `place` shifted). `None` past the current node.
    /// The worked arithmetic on the screen reads the operands here rather
    /// than shifting masks again.
    pub fn path_masks(&self, row: u8) -> Option<Masks> {
        let row = usize::from(row);
        (row <= self.depth).then(|| self.frames[row].masks)
    }

    /// Columns free under the current node's masks: `U & !(C|H|L)`, before
    /// any symmetry restriction.
    pub fn legal(&self) -> u32 {
        self.all & !self.attacked()
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
        self.legal() & self.allowed(self.depth)
    }

    /// Columns of the current row not yet scanned, lowest first.
    pub fn pending(&self) -> u32 {
        match self.phase {
            Phase::Enter => self.all,
            Phase::Scan => self.frames[self.depth].todo,
            Phase::Leave => 0,
        }
    }

    /// Columns searched at the root (`{0,1}` for 4 with symmetry).
    pub fn root_columns(&self) -> u32 {
        self.root_columns
    }

    /// `U = 2^n - 1`.
    pub fn all_columns(&self) -> u32 {
        self.all
    }

    /// The step of the algorithm that `last` (the last event yielded, `None`
    /// before the first) belongs to.
    pub fn step(&self, last: Option<&QueensEvent>) -> Step {
        last.map_or(Step::Enter, QueensEvent::step)
    }

    /// The masks recomputed from the placed queens alone: what the frame of
    /// the current node must hold.
    pub fn recomputed_masks(&self) -> Masks {
        let depth = self.depth;
        self.queens[..depth]
            .iter()
            .enumerate()
            .fold(Masks::default(), |m, (r, &c)| {
                let (bit, up) = (1u32 << c, (depth - r) as u32);
                Masks {
                    cols: m.cols | bit,
                    high: m.high | (bit << up & self.all),
                    low: m.low | bit.checked_shr(up).unwrap_or(0),
                }
            })
    }

    /// The invariants, checked after each place and undo in debug builds.
    #[inline]
    fn check_invariants(&self) {
        debug_assert_eq!(
            self.counters.depth, self.depth,
            "open places balance the depth"
        );
        debug_assert!(self.depth <= self.options.n as usize);
        debug_assert_eq!(
            self.masks(),
            self.recomputed_masks(),
            "the masks equal the ones recomputed from the queens {:?}",
            self.queens()
        );
    }

    /// How much a solution with this first-row column counts for.
    pub fn weight(&self, first_col: Option<u8>) -> u64 {
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

    #[inline]
    fn emit(&mut self, event: QueensEvent) -> Option<QueensEvent> {
        self.counters.record(event.kind());
        Some(event)
    }

    /// Step 1 on a complete board: count it and yield `solution`. Rare next
    /// to the other steps, so kept out of the stepping code.
    #[cold]
    #[inline(never)]
    fn solution(&mut self) -> Option<QueensEvent> {
        let queens = Columns::new(&self.queens[..self.depth]);
        let weight = self.weight(queens.get(0)) as u8;
        self.counters.solutions += u64::from(weight);
        self.emit(QueensEvent::Solution { queens, weight })
    }

    /// The `reject` of a column that `allowed` or the masks refuse.
    #[inline]
    fn reject(&mut self, row: u8, col: u8, allowed: u32, masks: Masks) -> Option<QueensEvent> {
        let bit = 1u32 << col;
        let by = if allowed & bit == 0 {
            Attacks::none().with(Attack::Symmetry, true)
        } else {
            Attacks::none()
                .with(Attack::Column, masks.cols & bit != 0)
                .with(Attack::High, masks.high & bit != 0)
                .with(Attack::Low, masks.low & bit != 0)
        };
        self.emit(QueensEvent::Reject { row, col, by })
    }
}

impl<R: Rules> Iterator for Queens<R> {
    type Item = QueensEvent;

    // Inlined into the caller's loop, since a step is a handful of
    // instructions; the rules are a type, so there is no test of which.
    #[inline(always)]
    fn next(&mut self) -> Option<QueensEvent> {
        R::next(self)
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

    #[inline(always)]
    fn next(search: &mut Queens<Pruning>) -> Option<QueensEvent> {
        search.step_pruning()
    }

    fn run_to_end(search: &mut Queens<Pruning>) {
        search.count_to_end(|_| {});
    }

    fn run_to_end_reporting(search: &mut Queens<Pruning>, report: &mut dyn FnMut(u64)) {
        search.count_to_end(report);
    }
}

impl Queens<Pruning> {
    // Every call yields one event without looping: entering a node only
    // flips the phase (its columns were set when it was pushed), and a scan
    // that runs out of columns falls through to leaving the node.
    #[inline(always)]
    fn step_pruning(&mut self) -> Option<QueensEvent> {
        let depth = self.depth;
        match self.phase {
            Phase::Enter => {
                // A node has nothing to scan only when it is complete or,
                // without rejects, a dead end; so one test serves both.
                if self.frames[depth].todo == 0 {
                    self.phase = Phase::Leave;
                    if depth == self.options.n as usize {
                        // 1. A complete board is a solution.
                        return self.solution();
                    }
                    // 3. No legal column: a dead end.
                    return self.emit(QueensEvent::DeadEnd { row: depth as u8 });
                }
                self.phase = Phase::Scan;
                self.scan(depth)
            }
            Phase::Scan => {
                if self.frames[depth].todo != 0 {
                    return self.scan(depth);
                }
                // 3. Every column scanned and none legal: a dead end.
                self.phase = Phase::Leave;
                if self.options.rejects && self.searchable() == 0 {
                    return self.emit(QueensEvent::DeadEnd { row: depth as u8 });
                }
                self.leave(depth)
            }
            Phase::Leave => self.leave(depth),
        }
    }

    /// Step 2: the next column of the current node, lowest first: a
    /// `reject`, or a `place` that pushes the child with the masks shifted
    /// for the next row. Without rejects `todo` holds only the searchable
    /// columns.
    #[inline(always)]
    fn scan(&mut self, depth: usize) -> Option<QueensEvent> {
        let all = self.all;
        let rejects = self.options.rejects;
        let allowed = self.allowed(depth);
        let frame = &mut self.frames[depth];
        let masks = frame.masks;
        let todo = frame.todo;
        frame.todo = todo & (todo - 1);
        let col = todo.trailing_zeros();
        let bit = 1u32 << col;
        let (row, col) = (depth as u8, col as u8);
        if rejects && all & !masks.attacked() & allowed & bit == 0 {
            return self.reject(row, col, allowed, masks);
        }
        if self.budget.refuses(self.counters.nodes) {
            return self.close_from(depth);
        }
        let child = masks.child(bit, all);
        // With rejects every column is scanned, except on a complete board.
        let todo = if rejects {
            all & (u32::from(child.cols != all)).wrapping_neg()
        } else {
            all & !child.attacked()
        };
        self.frames[depth + 1] = Frame { masks: child, todo };
        self.queens[depth] = col;
        self.depth = depth + 1;
        self.phase = Phase::Enter;
        self.counters.nodes += 1;
        // A complete board has no row left whose legal columns to compute.
        let open = u64::from(depth + 1 < usize::from(self.options.n));
        self.counters.work += PLACE_OPS + LEGAL_OPS * open;
        let event = self.emit(QueensEvent::Place { row, col });
        self.check_invariants();
        event
    }
}

impl<R: Rules> Queens<R> {
    /// Step 4: leave the node, undoing the queen that entered it; the
    /// parent goes on scanning. The root's leaving ends the search.
    #[inline(always)]
    fn leave(&mut self, depth: usize) -> Option<QueensEvent> {
        if depth == 0 {
            self.finished = true;
            return None;
        }
        self.depth = depth - 1;
        self.phase = Phase::Scan;
        let row = (depth - 1) as u8;
        let col = self.queens[depth - 1];
        let event = self.emit(QueensEvent::Undo { row, col });
        self.check_invariants();
        event
    }
}

impl<R: Rules> Queens<R> {
    /// Stops the search at node `depth` and yields the first `undo` that
    /// closes its open places (none at the root): every scan is emptied and
    /// the node left, so that only leaving remains, deepest first.
    #[cold]
    #[inline(never)]
    pub(crate) fn close_from(&mut self, depth: usize) -> Option<QueensEvent> {
        for frame in &mut self.frames[..=depth] {
            frame.todo = 0;
        }
        self.phase = Phase::Leave;
        self.leave(depth)
    }
}

impl<R: Rules> Queens<R> {
    /// Runs to the end event by event, reporting the nodes every
    /// [`REPORT_EVERY`](super::REPORT_EVERY) events.
    fn step_to_end(&mut self, report: &mut dyn FnMut(u64)) {
        let mut events = 0u64;
        while self.next().is_some() {
            events += 1;
            if events & (super::REPORT_EVERY - 1) == 0 {
                report(self.counters.nodes);
            }
        }
    }
}

impl<R: Rules> Search for Queens<R> {
    type Event = QueensEvent;

    fn counters(&self) -> &Counters {
        &self.counters
    }

    fn is_finished(&self) -> bool {
        self.finished
    }

    fn run_to_end(&mut self) {
        R::run_to_end(self);
    }

    fn run_to_end_reporting(&mut self, report: &mut dyn FnMut(u64)) {
        R::run_to_end_reporting(self, report);
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

impl Queens<Pruning> {
    /// Counting without events: with rejects off and from the start, the
    /// same explicit stack runs in a tight loop that never returns between
    /// events, and the counters are set to what the event stream would have
    /// left (each node but the root is one `place` and one `undo`). Anything
    /// else takes the events one by one. A test checks both ways agree.
    ///
    /// `report` hears the nodes counted so far each time the loop climbs
    /// back to one of the top [`REPORT_ROWS`] rows: rare next to the places
    /// (a few thousand times in the billion nodes of 16-Queens), and
    /// compiled away when `report` does nothing (`run_to_end`).
    fn count_to_end(&mut self, mut report: impl FnMut(u64)) {
        let fresh = self.counters.steps == 0 && self.depth == 0 && self.phase == Phase::Enter;
        if self.options.rejects || self.options.n < 2 || !fresh || self.budget.is_limited() {
            self.step_to_end(&mut report);
            return;
        }
        let base = self.counters.nodes;
        let (n, all) = (self.options.n as usize, self.all);
        let (mut places, mut found, mut weighted, mut dead_ends) = (0u64, 0u64, 0u64, 0u64);
        // The current node lives in locals; a frame is written only when a
        // child is entered, and read back when the child is left.
        let (mut depth, mut todo, mut masks) = (0, self.frames[0].todo, self.frames[0].masks);
        let mut weight = 1;
        loop {
            if todo == 0 {
                if depth == 0 {
                    break;
                }
                depth -= 1;
                (todo, masks) = (self.frames[depth].todo, self.frames[depth].masks);
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
                weight = self.weight(Some(bit.trailing_zeros() as u8));
            }
            self.frames[depth] = Frame { masks, todo };
            depth += 1;
            (todo, masks) = (legal, child);
        }
        self.frames[0].todo = 0;
        self.phase = Phase::Leave;
        self.finished = true;
        let c = &mut self.counters;
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
