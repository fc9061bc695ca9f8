//! Exact cover with dancing links: Knuth's Algorithm X (TAOCP 7.2.2.1) as
//! the rules of the one driver ([`Backtrack`]) over the matrix in
//! [`links`].
//!
//! The algorithm, for each node (the names in bold are the variants of
//! [`Step`]; steps 1 to 3 are the rules' `arrive`, 4 `choose` and `apply`,
//! 5 `undo`, and `leave_root` at the root):
//!
//! 1. **Enter** the node. No primary item left: a **`Solution`** (the
//!    options chosen so far cover every primary item once). Count it; under
//!    `--max K` the K-th closes the search (see [`Backtrack::close`]).
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
//! The events are read by a [`Reading`]: exact cover's own ([`Plain`],
//! [`Cover`]) or another puzzle's (Sudoku's `--order dlx`), one search.
//!
//! Invariants, checked with `debug_assert!`: one node and one chosen option
//! per open place plus the root, and a search that has ended holds the
//! links it started with (checked by the tests, which compare the arrays).

pub mod links;

use std::sync::Arc;

use super::backtrack::{Arrive, Backtrack, Choice, Tree};
use super::{Counters, Phase, Search, SearchEvent};
pub use links::Links;

/// An exact-cover problem: items (the primary ones first) and options.
/// Built by [`Problem::new`] (in [`crate::input::cover`]: a DLX file's
/// lines, or a generator's names), which validates it, or made valid by
/// construction (`sudoku_dlx`); the engine takes it as valid (distinct names, distinct items per option, each option with a
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

event_kinds!(CoverEvent => Step { Place => Place, DeadEnd => DeadEnd, Undo => Undo, Solution => Solution });

/// How a cover search's events read: plain exact cover ([`Plain`]), or
/// a problem made from another puzzle that reads its events back in that
/// puzzle's words (Sudoku's `--order dlx`). The search is the same.
pub trait Reading: Clone + Send + std::fmt::Debug + 'static {
    /// The event the search yields.
    type Event: SearchEvent;
    /// The event in these words.
    fn read(&self, event: CoverEvent) -> Self::Event;
}

/// Exact cover's own words: [`CoverEvent`]s.
#[derive(Clone, Copy, Debug, Default)]
pub struct Plain;

impl Reading for Plain {
    type Event = CoverEvent;

    #[inline(always)]
    fn read(&self, event: CoverEvent) -> CoverEvent {
        event
    }
}

/// One node of the driver's stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame {
    /// The chosen item's header node, 0 before the choice (or at a
    /// solution).
    item: u32,
    /// The option node being tried in the item's column; the header
    /// itself before the first.
    node: u32,
    /// Whether the item is covered (not at a dead end).
    covered: bool,
}

impl Frame {
    const ENTER: Frame = Frame {
        item: 0,
        node: 0,
        covered: false,
    };
}

/// Algorithm X's rules on the one driver ([`Backtrack`]): the problem, its
/// dancing links, and the option nodes chosen on the current path; events
/// read by `V`.
#[derive(Clone, Debug)]
pub struct CoverTree<V = Plain> {
    problem: Arc<Problem>,
    links: Links,
    /// The option node placed at each open place, in the order placed.
    path: Vec<u32>,
    /// Stop at this many solutions (`--max K`).
    max: Option<u64>,
    updates: u64,
    /// The first solution's options, in input order.
    first: Option<Vec<u32>>,
    reading: V,
}

/// Algorithm X with dancing links: a resumable, cloneable iterator of
/// [`CoverEvent`]s. (`Backtrack<CoverTree<V>>` yields `V`'s events, for a
/// problem read in other words.)
pub type Cover = Backtrack<CoverTree>;

impl<V: Reading> CoverTree<V> {
    /// The options chosen on the current path, in the order chosen.
    fn options(&self) -> impl Iterator<Item = u32> + '_ {
        self.path.iter().map(|&r| self.links.option[r as usize])
    }
}

impl<V: Reading> Tree for CoverTree<V> {
    type Event = V::Event;
    type Node = Frame;
    /// The option node to place.
    type Choice = u32;

    const ROOT_IS_NODE: bool = true;

    fn root(&mut self) -> Frame {
        Frame::ENTER
    }

    fn depth_hint(&self) -> usize {
        self.problem.primary + 1
    }

    /// Steps 1 to 3.
    #[inline(always)]
    fn arrive(&mut self, frame: &mut Frame, _: usize, counters: &mut Counters) -> Arrive<V::Event> {
        let Some(c) = self.links.fewest() else {
            // 1. Every primary item is covered.
            counters.solutions += 1;
            if self.first.is_none() {
                let mut options: Vec<u32> = self.options().collect();
                options.sort_unstable();
                self.first = Some(options);
            }
            let count = counters.solutions;
            let event = self.reading.read(CoverEvent::Solution { count });
            return if self.max.is_some_and(|max| count >= max) {
                Arrive::Stop(event)
            } else {
                Arrive::Leave(event)
            };
        };
        frame.item = c;
        frame.node = c;
        if self.links.len[c as usize] == 0 {
            // 2. No option left for the item.
            return Arrive::Leave(self.reading.read(CoverEvent::DeadEnd { item: c - 1 }));
        }
        // 3. Cover it.
        frame.covered = true;
        self.updates += self.links.cover(c);
        Arrive::Scan
    }

    /// Step 4: the next option of the node's item.
    #[inline(always)]
    fn choose(&mut self, frame: &mut Frame, _: usize) -> Choice<u32, V::Event> {
        let r = self.links.down[frame.node as usize];
        if r == frame.item {
            Choice::Done
        } else {
            Choice::Place(r)
        }
    }

    /// Step 4: cover the option's other items and enter the child.
    #[inline(always)]
    fn apply(
        &mut self,
        frame: &mut Frame,
        _: usize,
        r: u32,
        _: &mut Counters,
    ) -> (Frame, V::Event) {
        frame.node = r;
        self.updates += self.links.cover_others(r);
        self.path.push(r);
        let option = self.links.option[r as usize];
        let event = CoverEvent::Place {
            item: frame.item - 1,
            option,
        };
        (Frame::ENTER, self.reading.read(event))
    }

    /// No dead end at the end of a column: one is told on entry (step 2).
    #[inline(always)]
    fn done(&mut self, _: &Frame, _: usize, _: bool) -> Option<V::Event> {
        None
    }

    /// Step 5: uncover the node's item, then the other items of the option
    /// that entered it, and take that option back.
    #[inline(always)]
    fn undo(&mut self, frame: &Frame, _: usize) -> V::Event {
        if frame.covered {
            self.links.uncover(frame.item);
        }
        let r = self.path.pop().unwrap_or_default();
        self.links.uncover_others(r);
        let event = CoverEvent::Undo {
            item: self.links.top[r as usize] - 1,
            option: self.links.option[r as usize],
        };
        self.reading.read(event)
    }

    /// Step 5 at the root: uncover its item.
    fn leave_root(&mut self, root: &Frame) {
        if root.covered {
            self.links.uncover(root.item);
        }
    }

    fn check(&self, frames: &[Frame]) {
        debug_assert_eq!(
            self.path.len() + 1,
            frames.len(),
            "one option per open place"
        );
    }

    fn heap_bytes(&self) -> usize {
        self.links.heap_bytes()
            + self.path.capacity() * std::mem::size_of::<u32>()
            + self.first.as_ref().map_or(0, |f| f.capacity() * 4)
    }
}

impl Cover {
    /// A search of `problem`, stopping after `max` solutions if given.
    pub fn new(problem: &Problem, max: Option<u64>) -> Cover {
        Cover::shared(Arc::new(problem.clone()), max)
    }

    /// A search of a problem shared with other searches (no copy made).
    pub fn shared(problem: Arc<Problem>, max: Option<u64>) -> Cover {
        Cover::read_as(problem, max, Plain)
    }

    /// The item (0-based) the current node decides and the options left in
    /// its column, top to bottom; `None` at a solution (or once the search
    /// has ended).
    pub fn deciding(&self) -> Option<(u32, Vec<u32>)> {
        let header = self.deciding_header()?;
        Some((header - 1, self.links().column(header)))
    }

    /// The first solution's options in input order, once found.
    pub fn first_solution(&self) -> Option<&[u32]> {
        self.first_options()
    }

    /// The step of the algorithm that `last` (the last event yielded, `None`
    /// before the first) belongs to.
    pub fn step(&self, last: Option<&CoverEvent>) -> Step {
        last.map_or(Step::Enter, CoverEvent::step)
    }
}

impl<V: Reading> Backtrack<CoverTree<V>> {
    /// A search of `problem` whose events `reading` reads, stopping after
    /// `max` solutions if given.
    pub fn read_as(problem: Arc<Problem>, max: Option<u64>, reading: V) -> Self {
        let links = Links::new(problem.items.len(), problem.primary, &problem.options);
        Backtrack::of(CoverTree {
            path: Vec::with_capacity(problem.primary),
            problem,
            links,
            max,
            updates: 0,
            first: None,
            reading,
        })
    }

    /// How the events read.
    pub fn reading(&self) -> &V {
        &self.tree().reading
    }

    /// The problem searched.
    pub fn problem(&self) -> &Problem {
        &self.tree().problem
    }

    /// The problem, shared.
    pub fn shared_problem(&self) -> &Arc<Problem> {
        &self.tree().problem
    }

    /// The links as they are now.
    pub fn links(&self) -> &Links {
        &self.tree().links
    }

    /// The cap on solutions, if any.
    pub fn max(&self) -> Option<u64> {
        self.tree().max
    }

    /// Nodes hidden by covers so far (EVENTS.md §2's `updates`).
    pub fn updates(&self) -> u64 {
        self.tree().updates
    }

    /// Solutions found so far.
    pub fn solutions(&self) -> u64 {
        self.counters().solutions
    }

    /// The first solution's options in input order, once found.
    pub fn first_options(&self) -> Option<&[u32]> {
        self.tree().first.as_deref()
    }

    /// The options chosen on the current path, in the order chosen.
    pub fn path(&self) -> Vec<u32> {
        self.tree().options().collect()
    }

    /// The header node of the item the current node decides; `None` at a
    /// solution (or once the search has ended).
    pub fn deciding_header(&self) -> Option<u32> {
        let frame = self.top()?;
        match self.phase() {
            Phase::Enter => self.links().fewest(),
            _ if frame.item == 0 => None,
            _ => Some(frame.item),
        }
    }

    /// The option node being tried at depth `depth` (0 is the root).
    pub fn trying(&self, depth: usize) -> Option<u32> {
        let frame = self.node(depth)?;
        (frame.node != frame.item).then(|| self.links().option[frame.node as usize])
    }

    /// Whether each item (0-based) is covered now: the chosen items of the
    /// open nodes and every item of the options on the path.
    pub fn covered(&self) -> Vec<bool> {
        let tree = self.tree();
        let mut covered = vec![false; tree.problem.items.len()];
        for frame in self.nodes().filter(|f| f.covered) {
            covered[frame.item as usize - 1] = true;
        }
        for option in tree.options() {
            for &item in &tree.problem.options[option as usize] {
                covered[item as usize] = true;
            }
        }
        covered
    }

    /// The options left in each item's column now (0-based items).
    pub fn lens(&self) -> &[u32] {
        &self.links().len[1..]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn knuth() -> Problem {
        let items = "A B C D E F G".split(' ').map(String::from).collect();
        Problem {
            name: "knuth".into(),
            items,
            primary: 7,
            options: links::tests::knuth_options(),
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
        assert_eq!(*search.links(), *Cover::new(&knuth(), None).links());
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
                assert_eq!(counted.links(), stepped.links());
                assert!(counted.is_finished());
            }
        }
    }
}
