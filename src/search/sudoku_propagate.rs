//! Sudoku with propagation and an undo trail (`sudoku ... --order
//! propagate`, EVENTS.md §2): naked and hidden singles are placed before any
//! guess, each on a trail that is undone in reverse when its node ends.
//!
//! The algorithm, for each node (the root, or a node entered by a guess),
//! on the one driver ([`Backtrack`]): steps 1 to 4 are the rules' `arrive`,
//! step 5 their `choose`, step 6 the driver's leaving with the rules'
//! `undo`:
//!
//! 1. The first blank (row-major) with no candidate is a **dead end** at
//!    that cell; the node ends.
//! 2. Else the first blank with exactly one candidate is a **naked single**:
//!    place it (forced), and go back to step 1.
//! 3. Else scan the units (rows 0.., columns 0.., boxes 0..) and, in each,
//!    the digits it does not hold, ascending; count the unit's blanks that
//!    have the digit as a candidate. The first pair counted 0 is a **dead
//!    end** of the unit (the node ends); counted 1, a **hidden single**:
//!    place it (forced), and go back to step 1.
//! 4. Nothing forced: no blank left is a **solution** (counted, capped at
//!    2). Else choose the blank with the fewest candidates (ties: first
//!    row-major).
//! 5. For each digit ascending: not a candidate is **rejected** naming the
//!    units that hold it; a candidate is **guessed**: placed, entering a
//!    child node (step 1).
//! 6. Leave the node: undo its forced places, deepest first, then the guess
//!    that entered it.
//!
//! A forced place is a node of the driver's stack that does not count
//! ([`Choice::Force`]): a node that finds a forced move places it as its
//! one child and is done when that child is left, so a guess's forced
//! places nest under it and are undone deepest first before the guess.
//! Every place, forced or guessed, is also pushed on one trail (what the
//! view shows), and every `undo` pops it. At the second solution the
//! search stops ([`Arrive::Stop`]): every open place is undone, deepest
//! first, until the trail is empty.
//!
//! Invariants, checked with `debug_assert!` on every place and undo: the
//! open places are the trail (its length is the depth), and the unit masks
//! equal the masks recomputed from the grid.

use super::backtrack::{Arrive, Backtrack, Choice, Tree};
use super::sudoku::{CAP, Geometry, Puzzle, Unit, Units, digit_rows};
use super::{Cause, Counters};

/// A unit by kind and number (box `b` counts row-major over the boxes):
/// written `row 3`, `column 3`, `box 3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct House {
    /// Row, column or box.
    pub kind: Unit,
    /// Its number, from 0.
    pub index: u8,
}

impl std::fmt::Display for House {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.kind.words(), self.index)
    }
}

/// Why a place was forced.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Forced {
    /// The cell had one candidate left.
    Naked,
    /// The digit had one place left in the unit.
    Hidden(House),
}

impl Forced {
    /// The name used in JSON lines: `naked` or `hidden`.
    pub fn name(self) -> &'static str {
        match self {
            Forced::Naked => "naked",
            Forced::Hidden(_) => "hidden",
        }
    }

    /// The unit of a hidden single.
    pub fn unit(self) -> Option<House> {
        match self {
            Forced::Naked => None,
            Forced::Hidden(house) => Some(house),
        }
    }
}

/// One event of the propagating search. Coordinates are 0-based; digits
/// 1..=size. `Copy` and a few bytes wide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PropagateEvent {
    /// `digit` is written at (`row`, `col`): forced (`Some`), or a guess
    /// that enters a new node (`None`).
    Place {
        row: u8,
        col: u8,
        digit: u8,
        forced: Option<Forced>,
    },
    /// `digit` is not a candidate of the guessed cell: `by` holds it.
    Reject {
        row: u8,
        col: u8,
        digit: u8,
        by: Units,
    },
    /// The blank (`row`, `col`) has no candidate: the node ends.
    DeadEnd { row: u8, col: u8 },
    /// `digit` has no place left in `unit`: the node ends.
    Missing { unit: House, digit: u8 },
    /// `digit` is erased from (`row`, `col`); `guess` when it was a guess
    /// (its node is left), not a forced place.
    Undo {
        row: u8,
        col: u8,
        digit: u8,
        guess: bool,
    },
    /// The grid is full; `count` solutions so far, this one included.
    Solution { count: u32 },
}

event_kinds!(PropagateEvent {
    Place => Place,
    Reject => Reject,
    DeadEnd | Missing => DeadEnd,
    Undo => Undo,
    Solution => Solution,
});

/// One entry of the trail: a digit written, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    /// The cell, row-major.
    pub cell: u8,
    /// The digit written.
    pub digit: u8,
    /// Why it was forced; `None` for a guess.
    pub forced: Option<Forced>,
    /// How many guesses were open when it was placed (a guess counts
    /// itself): 0 for the root's forced places.
    pub guess: u8,
}

/// How the propagating search is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PropagateOptions {
    /// Yield `reject` events (off for fast counting).
    pub rejects: bool,
}

/// The grid and its unit masks: what propagation reads.
#[derive(Clone, Debug)]
struct Cells {
    geometry: Geometry,
    /// `[row, col, box]` of each cell.
    units: [[u8; 3]; 81],
    /// Number of cells in use.
    len: usize,
    grid: [u8; 81],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
}

/// What step 1 to 4 find at a node.
enum Forcing {
    /// A blank with no candidate.
    DeadCell(usize),
    /// A digit with no place in a unit.
    Missing(House, u8),
    /// A forced digit.
    Place(usize, u8, Forced),
    /// No blank left.
    Full,
    /// The blank to guess and its candidates.
    Guess(usize, u16),
}

impl Cells {
    fn new(puzzle: &Puzzle) -> Cells {
        let geometry = Geometry::new(puzzle.size());
        let len = puzzle.cells().len();
        let mut units = [[0; 3]; 81];
        for (idx, unit) in units.iter_mut().enumerate().take(len) {
            let (row, col) = geometry.coords(idx);
            *unit = [row, col, geometry.box_of(idx)];
        }
        let mut cells = Cells {
            geometry,
            units,
            len,
            grid: [0; 81],
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
        };
        for (idx, &digit) in puzzle.cells().iter().enumerate() {
            if digit != 0 {
                cells.write(idx, digit);
            }
        }
        cells
    }

    fn size(&self) -> usize {
        usize::from(self.geometry.size)
    }

    #[inline]
    fn candidates(&self, idx: usize) -> u16 {
        let [row, col, r#box] = self.units[idx];
        let held = self.rows[row as usize] | self.cols[col as usize] | self.boxes[r#box as usize];
        self.geometry.all_digits() & !held
    }

    fn write(&mut self, idx: usize, digit: u8) {
        self.toggle(idx, digit);
        self.grid[idx] = digit;
    }

    fn erase(&mut self, idx: usize) -> u8 {
        let digit = self.grid[idx];
        self.toggle(idx, digit);
        self.grid[idx] = 0;
        digit
    }

    fn toggle(&mut self, idx: usize, digit: u8) {
        let bit = 1u16 << (digit - 1);
        let [row, col, r#box] = self.units[idx];
        self.rows[row as usize] ^= bit;
        self.cols[col as usize] ^= bit;
        self.boxes[r#box as usize] ^= bit;
    }

    /// The mask of digits unit `house` holds.
    fn held(&self, house: House) -> u16 {
        let i = usize::from(house.index);
        match house.kind {
            Unit::Row => self.rows[i],
            Unit::Col => self.cols[i],
            Unit::Box => self.boxes[i],
        }
    }

    /// The `k`-th cell of a unit, row-major within it.
    fn cell_of(&self, house: House, k: usize) -> usize {
        let (size, b) = (self.size(), usize::from(self.geometry.box_size));
        let i = usize::from(house.index);
        match house.kind {
            Unit::Row => i * size + k,
            Unit::Col => k * size + i,
            Unit::Box => (i / b * b + k / b) * size + (i % b * b + k % b),
        }
    }

    /// Steps 1 to 4 at the current grid.
    fn forcing(&self) -> Forcing {
        // 1 and 2: one pass finds the first empty blank, the first single
        // and the MRV choice of step 4.
        let mut single = None;
        let mut best = None;
        let mut fewest = u32::MAX;
        for idx in 0..self.len {
            if self.grid[idx] != 0 {
                continue;
            }
            let candidates = self.candidates(idx);
            let count = candidates.count_ones();
            if count == 0 {
                return Forcing::DeadCell(idx);
            }
            if count == 1 && single.is_none() {
                single = Some((idx, candidates));
            }
            if count < fewest {
                fewest = count;
                best = Some((idx, candidates));
            }
        }
        if let Some((idx, candidates)) = single {
            return Forcing::Place(idx, digit_of(candidates), Forced::Naked);
        }
        let Some((cell, candidates)) = best else {
            return Forcing::Full;
        };
        // 3. Hidden singles, unit by unit, digit by digit.
        let size = self.size();
        for kind in [Unit::Row, Unit::Col, Unit::Box] {
            for index in 0..size as u8 {
                let house = House { kind, index };
                let missing = self.geometry.all_digits() & !self.held(house);
                if missing == 0 {
                    continue;
                }
                let mut counts = [0u8; 9];
                let mut last = [0usize; 9];
                for k in 0..size {
                    let idx = self.cell_of(house, k);
                    if self.grid[idx] != 0 {
                        continue;
                    }
                    let candidates = self.candidates(idx);
                    for d in super::bits(u32::from(candidates)) {
                        counts[d as usize] += 1;
                        last[d as usize] = idx;
                    }
                }
                for d in super::bits(u32::from(missing)) {
                    let digit = d as u8 + 1;
                    match counts[d as usize] {
                        0 => return Forcing::Missing(house, digit),
                        1 => return Forcing::Place(last[d as usize], digit, Forced::Hidden(house)),
                        _ => {}
                    }
                }
            }
        }
        Forcing::Guess(cell, candidates)
    }

    /// The units of `idx` that hold `digit`.
    fn holders(&self, idx: usize, digit: u8) -> Units {
        let bit = 1u16 << (digit - 1);
        let [row, col, r#box] = self.units[idx];
        Units::none()
            .with(Unit::Row, self.rows[row as usize] & bit != 0)
            .with(Unit::Col, self.cols[col as usize] & bit != 0)
            .with(Unit::Box, self.boxes[r#box as usize] & bit != 0)
    }

    fn coords(&self, idx: usize) -> (u8, u8) {
        let [row, col, _] = self.units[idx];
        (row, col)
    }

    /// The row, column and box masks recomputed from the grid alone.
    fn recomputed(&self) -> ([u16; 9], [u16; 9], [u16; 9]) {
        super::sudoku::unit_masks(&self.grid[..self.len], &self.units[..self.len])
    }
}

/// The digit of a one-candidate mask.
fn digit_of(mask: u16) -> u8 {
    mask.trailing_zeros() as u8 + 1
}

/// One node of the driver's stack: the root, a guess, or a forced place.
#[derive(Clone, Copy, Debug)]
pub struct Node {
    /// The place that entered the node (the trail's deepest entry while it
    /// is open; a blank one at the root).
    entered: Placed,
    /// Whether a guess entered the node: it opens a guess of its own, and
    /// its forced places nest under it (false for the root and a forced
    /// place).
    guess: bool,
    /// The forced place steps 2 and 3 found: the node's one child.
    force: Option<(u8, u8, Forced)>,
    /// The guessed cell, once chosen (step 4).
    cell: Option<u8>,
    /// The guessed cell's candidates when it was chosen.
    candidates: u16,
    /// Digits (as bits) still to try.
    todo: u16,
}

impl Node {
    const FRESH: Node = Node {
        entered: Placed {
            cell: 0,
            digit: 0,
            forced: None,
            guess: 0,
        },
        guess: false,
        force: None,
        cell: None,
        candidates: 0,
        todo: 0,
    };
}

/// The propagating rules on the one driver ([`Backtrack`]): the grid, the
/// trail, the count and the first solution.
#[derive(Clone, Debug)]
pub struct PropagateTree {
    options: PropagateOptions,
    givens: Vec<u8>,
    cells: Cells,
    /// Every open place, forced or guessed, outermost first.
    trail: Vec<Placed>,
    count: u32,
    first: Option<Vec<u8>>,
    /// Forced places so far, those undone included.
    forced: u64,
    /// The cell and candidates the innermost guess chose, once the node
    /// that chose them (the last of the guess's forced places) is left and
    /// until the guess is: what [`Propagate::guessing`] still shows.
    left_guess: Option<(usize, u16)>,
}

/// The propagating Sudoku search: a resumable, cloneable iterator of
/// [`PropagateEvent`]s.
pub type Propagate = Backtrack<PropagateTree>;

impl Propagate {
    /// A search over the puzzle's blanks.
    pub fn new(puzzle: &Puzzle, options: PropagateOptions) -> Propagate {
        let cells = Cells::new(puzzle);
        let len = cells.len;
        Backtrack::of(PropagateTree {
            options,
            givens: puzzle.cells().to_vec(),
            cells,
            trail: Vec::with_capacity(len),
            count: 0,
            first: None,
            forced: 0,
            left_guess: None,
        })
    }

    /// The dead end the grid as it stands gives, if any: what the last
    /// `dead-end` event reported, read back by the table's words.
    pub fn stuck(&self) -> Option<PropagateEvent> {
        let cells = &self.tree().cells;
        match cells.forcing() {
            Forcing::DeadCell(idx) => {
                let (row, col) = cells.coords(idx);
                Some(PropagateEvent::DeadEnd { row, col })
            }
            Forcing::Missing(unit, digit) => Some(PropagateEvent::Missing { unit, digit }),
            _ => None,
        }
    }

    /// How the search was set up.
    pub fn options(&self) -> PropagateOptions {
        self.tree().options
    }

    /// Grid size and box arithmetic.
    pub fn geometry(&self) -> Geometry {
        self.tree().cells.geometry
    }

    /// The working grid, row-major, 0 for a blank.
    pub fn grid(&self) -> &[u8] {
        let cells = &self.tree().cells;
        &cells.grid[..cells.len]
    }

    /// The givens, row-major, 0 for a blank.
    pub fn givens(&self) -> &[u8] {
        &self.tree().givens
    }

    /// The digits a blank could take now (bit `d-1` for digit `d`); 0 for a
    /// filled cell.
    pub fn candidates(&self, idx: usize) -> u16 {
        let cells = &self.tree().cells;
        if cells.grid[idx] != 0 {
            0
        } else {
            cells.candidates(idx)
        }
    }

    /// The open places, forced and guessed, outermost first.
    pub fn trail(&self) -> &[Placed] {
        &self.tree().trail
    }

    /// The cell the current guess (the innermost, or the root's) guesses
    /// and its candidates, once chosen: the cell of the one node of the
    /// guess's chain that chose it, or the one kept when that node was
    /// left.
    pub fn guessing(&self) -> Option<(usize, u16)> {
        for node in self.nodes().rev() {
            if let Some(cell) = node.cell {
                return Some((usize::from(cell), node.candidates));
            }
            if node.guess {
                break;
            }
        }
        self.tree().left_guess
    }

    /// Forced places so far, over the whole search.
    pub fn forced(&self) -> u64 {
        self.tree().forced
    }

    /// Solutions found so far (capped at 2).
    pub fn solution_count(&self) -> u32 {
        self.tree().count
    }

    /// The first solution, once found.
    pub fn first_solution(&self) -> Option<&[u8]> {
        self.tree().first.as_deref()
    }

    /// The rows of the first solution as strings (none before it is found).
    pub fn solution_rows(&self) -> Vec<String> {
        let size = self.tree().cells.size();
        self.first_solution()
            .map(|grid| digit_rows(grid, size))
            .unwrap_or_default()
    }

    /// (row, col) of a row-major cell index.
    pub fn coords(&self, idx: usize) -> (u8, u8) {
        self.tree().cells.coords(idx)
    }
}

impl PropagateTree {
    /// Step 4: a full grid, counted (the first copied); the second stops
    /// the search.
    fn solution(&mut self, counters: &mut Counters) -> Arrive<PropagateEvent> {
        self.count += 1;
        counters.solutions = u64::from(self.count);
        if self.first.is_none() {
            self.first = Some(self.cells.grid[..self.cells.len].to_vec());
        }
        let event = PropagateEvent::Solution { count: self.count };
        if self.count >= CAP {
            Arrive::Stop(event)
        } else {
            Arrive::Leave(event)
        }
    }
}

impl Tree for PropagateTree {
    type Event = PropagateEvent;
    type Node = Node;
    /// The cell, the digit, and why it is forced (`None`: a guess).
    type Choice = (u8, u8, Option<Forced>);

    const ROOT_IS_NODE: bool = true;

    fn root(&mut self) -> Node {
        Node::FRESH
    }

    fn depth_hint(&self) -> usize {
        self.cells.len + 1
    }

    /// Steps 1 to 4.
    fn arrive(
        &mut self,
        node: &mut Node,
        _depth: usize,
        counters: &mut Counters,
    ) -> Arrive<PropagateEvent> {
        match self.cells.forcing() {
            Forcing::DeadCell(idx) => {
                let (row, col) = self.cells.coords(idx);
                Arrive::Leave(PropagateEvent::DeadEnd { row, col })
            }
            Forcing::Missing(unit, digit) => Arrive::Leave(PropagateEvent::Missing { unit, digit }),
            Forcing::Place(idx, digit, forced) => {
                node.force = Some((idx as u8, digit, forced));
                Arrive::Scan
            }
            Forcing::Full => self.solution(counters),
            Forcing::Guess(cell, candidates) => {
                node.cell = Some(cell as u8);
                node.candidates = candidates;
                node.todo = if self.options.rejects {
                    self.cells.geometry.all_digits()
                } else {
                    candidates
                };
                Arrive::Scan
            }
        }
    }

    /// Steps 2 and 3's forced place, or step 5: the next digit of the
    /// guessed cell.
    fn choose(&mut self, node: &mut Node, _depth: usize) -> Choice<Self::Choice, PropagateEvent> {
        if let Some((cell, digit, forced)) = node.force.take() {
            return Choice::Force((cell, digit, Some(forced)));
        }
        let (Some(cell), todo) = (node.cell, node.todo) else {
            return Choice::Done;
        };
        if todo == 0 {
            return Choice::Done;
        }
        node.todo = todo & (todo - 1);
        let digit = digit_of(todo & todo.wrapping_neg());
        if node.candidates >> (digit - 1) & 1 == 1 {
            return Choice::Place((cell, digit, None));
        }
        let cell = usize::from(cell);
        let by = self.cells.holders(cell, digit);
        let (row, col) = self.cells.coords(cell);
        Choice::Reject(PropagateEvent::Reject {
            row,
            col,
            digit,
            by,
        })
    }

    /// Writes the digit and pushes it on the trail.
    fn apply(
        &mut self,
        _parent: &mut Node,
        _depth: usize,
        (cell, digit, forced): Self::Choice,
        _counters: &mut Counters,
    ) -> (Node, PropagateEvent) {
        let idx = usize::from(cell);
        self.cells.write(idx, digit);
        // A guess counts itself.
        let open = self.trail.last().map_or(0, |placed| placed.guess);
        let guess = open + u8::from(forced.is_none());
        let entered = Placed {
            cell,
            digit,
            forced,
            guess,
        };
        self.trail.push(entered);
        if forced.is_some() {
            self.forced += 1;
        }
        let (row, col) = self.cells.coords(idx);
        let child = Node {
            entered,
            guess: forced.is_none(),
            ..Node::FRESH
        };
        let event = PropagateEvent::Place {
            row,
            col,
            digit,
            forced,
        };
        (child, event)
    }

    /// A guessed cell always has a candidate (else step 1 ends the node),
    /// and a node with a forced place has no other choice: no dead end
    /// here.
    fn done(&mut self, _node: &Node, _depth: usize, _placed: bool) -> Option<PropagateEvent> {
        None
    }

    /// Step 6: pops the deepest trail entry and erases its digit.
    fn undo(&mut self, node: &Node, _depth: usize) -> PropagateEvent {
        if node.guess {
            self.left_guess = None;
        } else if let Some(cell) = node.cell {
            self.left_guess = Some((usize::from(cell), node.candidates));
        }
        let placed = node.entered;
        let popped = self.trail.pop();
        debug_assert_eq!(popped, Some(placed), "the trail's deepest entry");
        let cell = usize::from(placed.cell);
        let digit = self.cells.erase(cell);
        let (row, col) = self.cells.coords(cell);
        PropagateEvent::Undo {
            row,
            col,
            digit,
            guess: placed.forced.is_none(),
        }
    }

    fn check(&self, nodes: &[Node]) {
        debug_assert_eq!(
            self.trail.len() + 1,
            nodes.len(),
            "the trail is the open places"
        );
        debug_assert_eq!(
            (self.cells.rows, self.cells.cols, self.cells.boxes),
            self.cells.recomputed(),
            "the unit masks equal the grid's"
        );
    }

    fn heap_bytes(&self) -> usize {
        self.givens.capacity()
            + self.trail.capacity() * std::mem::size_of::<Placed>()
            + self.first.as_ref().map_or(0, Vec::capacity)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_small() {
        assert!(std::mem::size_of::<Option<PropagateEvent>>() <= 16);
    }
}
