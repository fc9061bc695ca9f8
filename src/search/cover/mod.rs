//! Exact cover with dancing links: Knuth's Algorithm X (TAOCP 7.2.2.1) as
//! a resumable, cloneable state machine over the matrix in [`links`].
//!
//! The algorithm, for each node (the names in bold are the variants of
//! [`Step`]; the state machine's phases are `Enter` for steps 1 to 3,
//! `Scan` for step 4, `Leave` for step 5):
//!
//! 1. **Enter** the node. No primary item left: a **`Solution`** (the
//!    options chosen so far cover every primary item once). Count it; under
//!    `--max K` the K-th closes the search (see [`Cover::close`]).
//! 2. Choose the primary item with the fewest options left (MRV; ties go to
//!    the first in the item line's order). None left: a **`DeadEnd`**.
//! 3. **Cover** the item: take it out of the item list and hide every other
//!    node of its options from their columns.
//! 4. For each option in the item's column, top to bottom: **`Place`** it:
//!    cover the option's other items in its line's order and enter the child
//!    (step 1); when the child is left, uncover them in reverse.
//! 5. **Leave**: uncover the item, and yield **`Undo`** for the option that
//!    entered the node.
//!
//! There are no rejects: an option that would clash was hidden by a cover.
//!
//! Counters: nodes (the root 1, each place 1) and `updates`, the nodes
//! hidden by covers (EVENTS.md §2: taking the covered item out of the item list
//! does not count, and uncovering counts nothing).
//!
//! Invariants, checked with `debug_assert!`: one frame per open place plus
//! the root, and a search that has ended holds the links it started with
//! (checked by the tests, which compare the arrays).

pub mod links;

use std::sync::Arc;

use super::{Budget, Counters, EventKind, Phase, Search, SearchEvent};
pub use links::Links;

/// An exact-cover problem: items (the primary ones first) and options.
/// Built by [`crate::input::cover`], which validates it; the engine takes it
/// as valid (distinct names, distinct items per option, each option with a
/// primary item).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub(crate) name: String,
    pub(crate) items: Vec<String>,
    pub(crate) primary: usize,
    pub(crate) options: Vec<Vec<u32>>,
}

impl Problem {
    /// The label summaries use: the shipped name, or the file's name
    /// without its folder and `.dlx`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Every item's name, the primary ones first, in the item line's order.
    pub fn items(&self) -> &[String] {
        &self.items
    }

    /// How many items are primary (the first ones of [`Problem::items`]).
    pub fn primary(&self) -> usize {
        self.primary
    }

    /// The options, numbered from 0 in input order: each the indices of
    /// its items, in its line's order.
    pub fn options(&self) -> &[Vec<u32>] {
        &self.options
    }

    /// The names of an option's items, in its line's order.
    pub fn option_names(&self, option: u32) -> impl Iterator<Item = &str> {
        self.options[option as usize]
            .iter()
            .map(|&i| self.items[i as usize].as_str())
    }

    /// An option written as its line: `A D G`.
    pub fn option_text(&self, option: u32) -> String {
        self.option_names(option).collect::<Vec<_>>().join(" ")
    }
}

/// One exact-cover event (EVENTS.md §2). Items and options are 0-based indices
/// into the [`Problem`]; the names are read from it when written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoverEvent {
    /// `option` is chosen to cover `item`, entering a new node.
    Place { item: u32, option: u32 },
    /// The primary `item` has no option left.
    DeadEnd { item: u32 },
    /// `option`, chosen for `item`, is taken back.
    Undo { item: u32, option: u32 },
    /// Every primary item is covered; `count` solutions so far, this one
    /// included. The options are the search's [`Cover::path`].
    Solution { count: u64 },
}

impl SearchEvent for CoverEvent {
    fn kind(&self) -> EventKind {
        match self {
            CoverEvent::Place { .. } => EventKind::Place,
            CoverEvent::DeadEnd { .. } => EventKind::DeadEnd,
            CoverEvent::Undo { .. } => EventKind::Undo,
            CoverEvent::Solution { .. } => EventKind::Solution,
        }
    }
}

/// The steps of the algorithm (the module's opening comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Step 1: a node is entered (before the first event: the root).
    Enter,
    /// Step 1: no primary item is left.
    Solution,
    /// Step 2: the chosen item has no option left.
    DeadEnd,
    /// Step 4: an option is placed, entering the child.
    Place,
    /// Step 5 (and 4's end): the option that entered a node is taken back.
    Undo,
}

impl CoverEvent {
    /// The algorithm step that yields this event.
    pub fn step(&self) -> Step {
        match self {
            CoverEvent::Place { .. } => Step::Place,
            CoverEvent::DeadEnd { .. } => Step::DeadEnd,
            CoverEvent::Undo { .. } => Step::Undo,
            CoverEvent::Solution { .. } => Step::Solution,
        }
    }
}

/// One node on the explicit stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Frame {
    /// The chosen item's header node, 0 before the choice (or at a
    /// solution).
    item: u32,
    /// The option node being tried in the item's column; the header
    /// itself before the first.
    node: u32,
    /// Whether the item is covered (not at a dead end).
    covered: bool,
    phase: Phase,
}

impl Frame {
    const ENTER: Frame = Frame {
        item: 0,
        node: 0,
        covered: false,
        phase: Phase::Enter,
    };
}

/// Algorithm X with dancing links: a resumable, cloneable iterator of
/// [`CoverEvent`]s.
#[derive(Clone, Debug)]
pub struct Cover {
    problem: Arc<Problem>,
    links: Links,
    frames: Vec<Frame>,
    /// Stop at this many solutions (`--max K`).
    max: Option<u64>,
    updates: u64,
    /// The first solution's options, in input order.
    first: Option<Vec<u32>>,
    counters: Counters,
    budget: Budget,
    finished: bool,
}

impl Cover {
    /// A search of `problem`, stopping after `max` solutions if given.
    pub fn new(problem: &Problem, max: Option<u64>) -> Cover {
        Cover::shared(Arc::new(problem.clone()), max)
    }

    /// A search of a problem shared with other searches (no copy made).
    pub fn shared(problem: Arc<Problem>, max: Option<u64>) -> Cover {
        let links = Links::new(problem.items.len(), problem.primary, &problem.options);
        let mut frames = Vec::with_capacity(problem.primary + 1);
        frames.push(Frame::ENTER);
        Cover {
            problem,
            links,
            frames,
            max,
            updates: 0,
            first: None,
            counters: Counters {
                nodes: 1,
                ..Counters::default()
            },
            budget: Budget::default(),
            finished: false,
        }
    }

    /// The problem searched.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The problem, shared.
    pub fn shared_problem(&self) -> &Arc<Problem> {
        &self.problem
    }

    /// The links as they are now.
    pub fn links(&self) -> &Links {
        &self.links
    }

    /// The cap on solutions, if any.
    pub fn max(&self) -> Option<u64> {
        self.max
    }

    /// Nodes hidden by covers so far (EVENTS.md §2's `updates`).
    pub fn updates(&self) -> u64 {
        self.updates
    }

    /// Solutions found so far.
    pub fn solutions(&self) -> u64 {
        self.counters.solutions
    }

    /// The first solution's options in input order, once found.
    pub fn first_solution(&self) -> Option<&[u32]> {
        self.first.as_deref()
    }

    /// The options chosen on the current path, in the order chosen.
    pub fn path(&self) -> Vec<u32> {
        self.path_iter().collect()
    }

    fn path_iter(&self) -> impl Iterator<Item = u32> + '_ {
        let depth = self.frames.len() - 1;
        self.frames[..depth]
            .iter()
            .map(|f| self.links.option[f.node as usize])
    }

    /// The item (0-based) the current node decides and the options left in
    /// its column, top to bottom; `None` at a solution (or once the search
    /// has ended).
    pub fn deciding(&self) -> Option<(u32, Vec<u32>)> {
        let frame = self.frames.last()?;
        let header = match frame.phase {
            Phase::Enter => self.links.fewest()?,
            _ if frame.item == 0 => return None,
            _ => frame.item,
        };
        Some((header - 1, self.links.column(header)))
    }

    /// The option node being tried at depth `depth` (0 is the root).
    pub fn trying(&self, depth: usize) -> Option<u32> {
        let frame = self.frames.get(depth)?;
        (frame.node != frame.item && frame.phase != Phase::Enter)
            .then(|| self.links.option[frame.node as usize])
    }

    /// Whether each item (0-based) is covered now: the chosen items of the
    /// open nodes and every item of the options on the path.
    pub fn covered(&self) -> Vec<bool> {
        let mut covered = vec![false; self.problem.items.len()];
        for frame in &self.frames {
            if frame.covered {
                covered[frame.item as usize - 1] = true;
            }
        }
        for option in self.path_iter() {
            for &item in &self.problem.options[option as usize] {
                covered[item as usize] = true;
            }
        }
        covered
    }

    /// The options left in each item's column now (0-based items).
    pub fn lens(&self) -> &[u32] {
        &self.links.len[1..]
    }

    /// The step of the algorithm that `last` (the last event yielded, `None`
    /// before the first) belongs to.
    pub fn step(&self, last: Option<&CoverEvent>) -> Step {
        last.map_or(Step::Enter, CoverEvent::step)
    }

    /// Stops the search where it is: from now on it yields only the `undo`s
    /// that close the open places, deepest first, and every cover is
    /// undone. Used by `--max K` once K solutions are found; node budgets
    /// use it too.
    pub fn close(&mut self) {
        for frame in &mut self.frames {
            frame.phase = Phase::Leave;
        }
    }

    #[inline]
    fn emit(&mut self, event: CoverEvent) -> Option<CoverEvent> {
        self.counters.record(event.kind());
        Some(event)
    }

    /// Steps 1 to 3.
    #[inline]
    fn enter(&mut self, depth: usize) -> Option<CoverEvent> {
        let Some(c) = self.links.fewest() else {
            // 1. Every primary item is covered.
            self.frames[depth].phase = Phase::Leave;
            self.counters.solutions += 1;
            if self.first.is_none() {
                let mut options = self.path();
                options.sort_unstable();
                self.first = Some(options);
            }
            let count = self.counters.solutions;
            if self.max.is_some_and(|max| count >= max) {
                self.close();
            }
            return self.emit(CoverEvent::Solution { count });
        };
        let frame = &mut self.frames[depth];
        frame.item = c;
        frame.node = c;
        if self.links.len[c as usize] == 0 {
            // 2. No option left for the item.
            frame.phase = Phase::Leave;
            return self.emit(CoverEvent::DeadEnd { item: c - 1 });
        }
        // 3. Cover it.
        frame.covered = true;
        frame.phase = Phase::Scan;
        self.updates += self.links.cover(c);
        self.scan(depth)
    }

    /// Step 4: the next option of the node's item.
    #[inline]
    fn scan(&mut self, depth: usize) -> Option<CoverEvent> {
        let frame = &mut self.frames[depth];
        let r = self.links.down[frame.node as usize];
        if r == frame.item {
            frame.phase = Phase::Leave;
            return self.leave(depth);
        }
        let item = frame.item - 1;
        if self.budget.refuses(self.counters.nodes) {
            self.close();
            return self.leave(depth);
        }
        self.frames[depth].node = r;
        self.updates += self.links.cover_others(r);
        self.frames.push(Frame::ENTER);
        self.counters.nodes += 1;
        let option = self.links.option[r as usize];
        let event = self.emit(CoverEvent::Place { item, option });
        self.check_invariants();
        event
    }

    /// Step 5: uncover the node's item, leave the node, and take back the
    /// option that entered it. The root's leaving ends the search.
    #[inline]
    fn leave(&mut self, depth: usize) -> Option<CoverEvent> {
        let frame = self.frames[depth];
        if frame.covered {
            self.links.uncover(frame.item);
            self.frames[depth].covered = false;
        }
        if depth == 0 {
            self.finished = true;
            return None;
        }
        self.frames.pop();
        let parent = self.frames[depth - 1];
        self.links.uncover_others(parent.node);
        let option = self.links.option[parent.node as usize];
        let event = self.emit(CoverEvent::Undo {
            item: parent.item - 1,
            option,
        });
        self.check_invariants();
        event
    }

    #[inline]
    fn check_invariants(&self) {
        debug_assert_eq!(
            self.counters.depth + 1,
            self.frames.len(),
            "one frame per open place, plus the root"
        );
    }
}

impl Iterator for Cover {
    type Item = CoverEvent;

    // Every call yields one event: entering a node goes straight on to its
    // first option, and a node whose options are done to its `undo`.
    #[inline]
    fn next(&mut self) -> Option<CoverEvent> {
        if self.finished {
            return None;
        }
        let depth = self.frames.len() - 1;
        match self.frames[depth].phase {
            Phase::Enter => self.enter(depth),
            Phase::Scan => self.scan(depth),
            Phase::Leave => self.leave(depth),
        }
    }
}

impl Search for Cover {
    type Event = CoverEvent;

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
        if let Some(frame) = self.frames.last_mut() {
            frame.phase = Phase::Leave;
        }
    }

    /// Counts without building events: the same moves as [`Iterator::next`]
    /// in one loop, with the event counters added up at the end.
    fn run_to_end(&mut self) {
        if self.budget.is_limited() {
            self.by_ref().for_each(drop);
            return;
        }
        let (mut steps, mut places, mut undos, mut dead_ends, mut found) = (0u64, 0, 0, 0, 0);
        while !self.finished {
            let depth = self.frames.len() - 1;
            let frame = self.frames[depth];
            match frame.phase {
                Phase::Enter => match self.links.fewest() {
                    None => {
                        self.frames[depth].phase = Phase::Leave;
                        self.counters.solutions += 1;
                        found += 1;
                        if self.first.is_none() {
                            let mut options = self.path();
                            options.sort_unstable();
                            self.first = Some(options);
                        }
                        if self.max.is_some_and(|max| self.counters.solutions >= max) {
                            self.close();
                        }
                        steps += 1;
                    }
                    Some(c) if self.links.len[c as usize] == 0 => {
                        self.frames[depth] = Frame {
                            item: c,
                            node: c,
                            covered: false,
                            phase: Phase::Leave,
                        };
                        dead_ends += 1;
                        steps += 1;
                    }
                    Some(c) => {
                        self.frames[depth] = Frame {
                            item: c,
                            node: c,
                            covered: true,
                            phase: Phase::Scan,
                        };
                        self.updates += self.links.cover(c);
                    }
                },
                Phase::Scan => {
                    let r = self.links.down[frame.node as usize];
                    if r == frame.item {
                        self.frames[depth].phase = Phase::Leave;
                    } else {
                        self.frames[depth].node = r;
                        self.updates += self.links.cover_others(r);
                        self.frames.push(Frame::ENTER);
                        places += 1;
                        steps += 1;
                    }
                }
                Phase::Leave => {
                    if frame.covered {
                        self.links.uncover(frame.item);
                        self.frames[depth].covered = false;
                    }
                    if depth == 0 {
                        self.finished = true;
                    } else {
                        self.frames.pop();
                        self.links.uncover_others(self.frames[depth - 1].node);
                        undos += 1;
                        steps += 1;
                    }
                }
            }
        }
        let c = &mut self.counters;
        c.steps += steps;
        c.nodes += places;
        c.found += found;
        c.dead_ends += dead_ends;
        c.depth = (c.depth as u64 + places - undos) as usize;
    }

    fn heap_bytes(&self) -> usize {
        self.links.heap_bytes()
            + self.frames.capacity() * std::mem::size_of::<Frame>()
            + self.first.as_ref().map_or(0, |f| f.capacity() * 4)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn knuth() -> Problem {
        let items = "A B C D E F G".split(' ').map(String::from).collect();
        let options = [
            vec![2, 4, 5],
            vec![0, 3, 6],
            vec![1, 2, 5],
            vec![0, 3],
            vec![1, 6],
            vec![3, 4, 6],
        ];
        Problem {
            name: "knuth".into(),
            items,
            primary: 7,
            options: options.to_vec(),
        }
    }

    #[test]
    fn knuth_has_one_solution_in_six_nodes_and_seventeen_updates() {
        let mut search = Cover::new(&knuth(), None);
        let events: Vec<CoverEvent> = search.by_ref().collect();
        assert_eq!(events.len(), 12);
        assert_eq!(events[0], CoverEvent::Place { item: 0, option: 1 });
        assert_eq!(events[2], CoverEvent::DeadEnd { item: 4 });
        assert_eq!(search.counters().nodes, 6);
        assert_eq!(search.updates(), 17);
        assert_eq!(search.first_solution(), Some(&[0, 3, 4][..]));
        assert_eq!(*search.links(), Cover::new(&knuth(), None).links);
    }

    #[test]
    fn run_to_end_leaves_the_counters_of_the_stream() {
        for max in [None, Some(1)] {
            for at in 0..13 {
                let mut stepped = Cover::new(&knuth(), max);
                stepped.by_ref().take(at).for_each(drop);
                let mut counted = stepped.clone();
                stepped.by_ref().for_each(drop);
                counted.run_to_end();
                assert_eq!(counted.counters(), stepped.counters(), "from {at}");
                assert_eq!(counted.updates(), stepped.updates());
                assert_eq!(counted.first_solution(), stepped.first_solution());
                assert_eq!(counted.links, stepped.links);
                assert!(counted.is_finished());
            }
        }
    }
}
