//! The one backtracking driver: every search that is a tree of choices
//! runs on [`Backtrack`], and supplies only its rules (a [`Tree`]).
//!
//! The driver owns what every such search shares: the explicit stack of
//! nodes, where the deepest node is in its life ([`Phase`]), entering and
//! leaving nodes, the event counters, the node budget (`--max-nodes`,
//! EVENTS.md §1) and the close that undoes the open places deepest first.
//! A search cannot forget the budget: the driver tests it before every
//! counted place.
//!
//! The algorithm, for every search (the rules' methods in bold):
//!
//! 1. The stack starts with the root (**`root`**), which may or may not
//!    count as a node ([`Tree::ROOT_IS_NODE`]).
//! 2. **Entering** a node (**`arrive`**): the rules may end it at once
//!    with an event (a solution, a dead end known on entry), end it and
//!    stop the whole search (the last solution wanted), or go on to its
//!    choices, at once or after an event ([`Arrive::Tell`]: a solution that
//!    longer ones may extend).
//! 3. **Scanning** (**`choose`**): the node's next choice is either
//!    refused with a `reject`, or placed. A place that counts as a node is
//!    first tested against the budget; a refused one closes the search.
//!    Otherwise the rules apply it (**`apply`**: the child node and the
//!    `place` event) and the child is entered (step 2). A forced place
//!    ([`Choice::Force`]) is entered the same way but is not a node.
//! 4. When the node has no choice left, the rules may tell a dead end
//!    (**`done`**, told whether any choice was placed); then the node is
//!    left.
//! 5. **Leaving** a node takes back the choice that entered it
//!    (**`undo`**, an `undo` event) and its parent goes on scanning. Leaving
//!    the root ends the search (**`leave_root`**, no event: the rules take
//!    back what the root's `arrive` did, as dancing links uncovers the
//!    root's item).
//!
//! Once closed (a refused place, a stop, or a caller's [`Backtrack::close`])
//! every open node is left at once, deepest first, so the rules' state ends
//! restored, as after a full run.
//!
//! Monomorphised per tree: every call into the rules is static and
//! inlined, and a step touches the allocator only when the stack grows
//! past the capacity the rules asked for. A step is one match on the
//! deepest node's [`Phase`]: a closed search stays in `Leave` until it
//! ends, and an ended one has no node to leave. The rare paths (a refused
//! place, leaving the root) are kept out of line and return no event: an
//! event handed back from a function out of line is returned through
//! memory, which made the compiler build every event of the loop there
//! (PERFORMANCE.md, "Events returned from out of line").

use super::{Budget, Counters, Phase, Search, SearchEvent};

/// What a node does when it is entered (step 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrive<E> {
    /// Go on to the node's choices.
    Scan,
    /// Yield this event (a solution, a dead end known on entry) and leave
    /// the node without scanning it.
    Leave(E),
    /// Yield this event and close the search: the last solution wanted.
    Stop(E),
    /// Yield this event, then go on to the node's choices: a solution that
    /// longer ones may extend (words: a word that is a prefix of another).
    Tell(E),
}

/// A node's next choice (step 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice<C, E> {
    /// Place this choice: a new node, counted and tested against the budget.
    Place(C),
    /// Place this choice without counting a node (a forced move): no budget
    /// test.
    Force(C),
    /// Refuse a choice with this `reject` event.
    Reject(E),
    /// The node has no choice left.
    Done,
}

/// The rules of one search: a tree of choices, walked by [`Backtrack`].
///
/// The rules own the search's working state (a board, masks, a path's
/// marks); the driver owns the stack of nodes (`Self::Node`, one per open
/// place plus the root) and hands the rules the node in question and its
/// depth (0 for the root). Every method is called only as the module's
/// algorithm says, so the rules need not test where they are.
///
/// Keep no `Self::Event` in the rules' state for an inlined rule to hand
/// on: keep what it is made of and build the event where it is returned
/// (an event held in the state made every event of the loop copy in
/// pieces that stall on their stores; PERFORMANCE.md, "Events that are
/// consumed"). Word and words keep their root rejects, known before the
/// first step, as a list of events read by a rule kept out of line, which
/// the loop does not see into.
pub trait Tree: Clone + Send + 'static {
    /// The event this search yields.
    type Event: SearchEvent;
    /// One node on the stack: what the rules need to go on scanning it and
    /// to take back the choice that entered it.
    type Node: Clone + Send + std::fmt::Debug;
    /// A choice about to be placed (what `apply` needs).
    type Choice;

    /// Whether the root counts as a node (the node counter starts at 1).
    const ROOT_IS_NODE: bool;

    /// The root node (step 1).
    fn root(&mut self) -> Self::Node;

    /// How deep the stack may grow (root included), so that it is
    /// allocated once.
    fn depth_hint(&self) -> usize {
        0
    }

    /// Step 2: the node at `depth` has just been entered.
    fn arrive(
        &mut self,
        node: &mut Self::Node,
        depth: usize,
        counters: &mut Counters,
    ) -> Arrive<Self::Event>;

    /// Step 3: the node's next choice.
    fn choose(&mut self, node: &mut Self::Node, depth: usize) -> Choice<Self::Choice, Self::Event>;

    /// Step 3: applies `choice` made at `parent` (at `depth`): the child
    /// node and the `place` event. The driver has already counted the node
    /// (for a counted place) when this is called.
    fn apply(
        &mut self,
        parent: &mut Self::Node,
        depth: usize,
        choice: Self::Choice,
        counters: &mut Counters,
    ) -> (Self::Node, Self::Event);

    /// Step 4: the node has no choice left; `placed` tells whether any was
    /// placed. The dead-end event, if the search tells one here.
    fn done(&mut self, node: &Self::Node, depth: usize, placed: bool) -> Option<Self::Event>;

    /// Step 5: takes back the choice that entered `node` (at `depth`, at
    /// least 1): its `undo` event.
    fn undo(&mut self, node: &Self::Node, depth: usize) -> Self::Event;

    /// Step 5 at the root: the root is left and the search ends (after a
    /// full run or a close); the rules take back what the root's `arrive`
    /// did. Nothing by default.
    fn leave_root(&mut self, _root: &Self::Node) {}

    /// The search's invariants over the open nodes (root first), checked
    /// with `debug_assert!` after every place and undo in debug builds.
    fn check(&self, _nodes: &[Self::Node]) {}

    /// The heap the rules own (see [`Search::heap_bytes`]).
    fn heap_bytes(&self) -> usize {
        0
    }

    /// Runs the search to its end (see [`Search::run_to_end`]); a tree may
    /// count faster than event by event.
    fn run_to_end(search: &mut Backtrack<Self>)
    where
        Self: Sized,
    {
        search.by_ref().for_each(drop);
    }

    /// Runs the search to its end, reporting the nodes now and then (see
    /// [`Search::run_to_end_reporting`]).
    fn run_to_end_reporting(search: &mut Backtrack<Self>, report: &mut dyn FnMut(u64))
    where
        Self: Sized,
    {
        search.step_to_end(report);
    }
}

/// A search on the one driver: a resumable, cloneable iterator of the
/// tree's events, with live counters between events.
///
/// Every node above the deepest has placed a choice (the one that leads
/// down the path), so the driver keeps one `placed` flag, the deepest
/// node's. The nodes stay where they were pushed: a step works on the
/// deepest node in place, and a place writes only the child (moving the
/// deepest node out of a field of its own on every place and undo was
/// tried: fewer instructions, but twice the time on Sudoku, see
/// PERFORMANCE.md).
#[derive(Clone, Debug)]
pub struct Backtrack<T: Tree> {
    tree: T,
    /// The open nodes, root first; never empty until the search ends.
    stack: Vec<T::Node>,
    /// Whether any choice of the deepest node was placed (for step 4).
    placed: bool,
    /// Where the deepest node is in its life.
    phase: Phase,
    /// Set once the search is closed: only leaving is left, and the phase
    /// stays `Leave`.
    closing: bool,
    /// Set once the root is left.
    finished: bool,
    counters: Counters,
    budget: Budget,
}

impl<T: Tree> Backtrack<T> {
    /// The search of `tree`, before its first event.
    pub fn of(mut tree: T) -> Self {
        let mut stack = Vec::with_capacity(tree.depth_hint().max(1));
        stack.push(tree.root());
        Backtrack {
            tree,
            stack,
            placed: false,
            phase: Phase::Enter,
            closing: false,
            finished: false,
            counters: Counters {
                nodes: u64::from(T::ROOT_IS_NODE),
                ..Counters::default()
            },
            budget: Budget::default(),
        }
    }

    /// The rules and their working state.
    pub fn tree(&self) -> &T {
        &self.tree
    }

    /// The open nodes, root first (none once the search has ended).
    pub fn nodes(&self) -> impl DoubleEndedIterator<Item = &T::Node> + ExactSizeIterator {
        self.stack.iter()
    }

    /// The deepest open node (the root before the first event).
    pub fn top(&self) -> Option<&T::Node> {
        self.stack.last()
    }

    /// The open node at `depth` (0: the root).
    pub fn node(&self, depth: usize) -> Option<&T::Node> {
        self.stack.get(depth)
    }

    /// How many places are open: the deepest node's depth.
    pub fn depth(&self) -> usize {
        self.stack.len().saturating_sub(1)
    }

    /// Where the deepest node is in its life.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Stops the search: from now on it yields only the `undo`s of the open
    /// places, deepest first, then ends.
    pub fn close(&mut self) {
        self.closing = true;
        self.phase = Phase::Leave;
    }

    /// The counters and the rules together, for a fast path that counts
    /// without events.
    pub(crate) fn parts_mut(&mut self) -> (&mut T, &mut Counters) {
        (&mut self.tree, &mut self.counters)
    }

    /// Ends the search at once (after a fast path has run it to its end).
    pub(crate) fn finish_now(&mut self) {
        self.stack.clear();
        self.phase = Phase::Leave;
        self.finished = true;
    }

    #[inline(always)]
    fn emit(&mut self, event: T::Event) -> Option<T::Event> {
        self.counters.record(event.kind());
        Some(event)
    }

    #[inline(always)]
    fn check_invariants(&self) {
        debug_assert_eq!(
            self.counters.depth + 1,
            self.stack.len(),
            "one node per open place, plus the root"
        );
        if cfg!(debug_assertions) {
            self.tree.check(&self.stack);
        }
    }

    /// Step 2: the deepest node is entered.
    #[inline(always)]
    fn arrive(&mut self) -> Option<T::Event> {
        let depth = self.stack.len() - 1;
        let node = &mut self.stack[depth];
        match self.tree.arrive(node, depth, &mut self.counters) {
            Arrive::Scan => {
                self.phase = Phase::Scan;
                self.scan()
            }
            Arrive::Leave(event) => {
                self.phase = Phase::Leave;
                self.emit(event)
            }
            Arrive::Stop(event) => {
                self.phase = Phase::Leave;
                self.close();
                self.emit(event)
            }
            Arrive::Tell(event) => {
                self.phase = Phase::Scan;
                self.emit(event)
            }
        }
    }

    /// Steps 3 and 4: the deepest node's next choice, or its end.
    #[inline(always)]
    fn scan(&mut self) -> Option<T::Event> {
        let depth = self.stack.len() - 1;
        let node = &mut self.stack[depth];
        match self.tree.choose(node, depth) {
            Choice::Reject(event) => self.emit(event),
            Choice::Place(choice) => {
                if self.budget.refuses(self.counters.nodes) {
                    self.refuse();
                    return self.leave();
                }
                self.counters.nodes += 1;
                self.enter(depth, choice)
            }
            Choice::Force(choice) => self.enter(depth, choice),
            Choice::Done => match self.tree.done(&self.stack[depth], depth, self.placed) {
                Some(event) => {
                    self.phase = Phase::Leave;
                    self.emit(event)
                }
                None => self.leave(),
            },
        }
    }

    /// Step 3: the child of a placed choice is pushed and entered.
    #[inline(always)]
    fn enter(&mut self, depth: usize, choice: T::Choice) -> Option<T::Event> {
        let parent = &mut self.stack[depth];
        let (child, event) = self.tree.apply(parent, depth, choice, &mut self.counters);
        self.stack.push(child);
        self.placed = false;
        self.phase = Phase::Enter;
        let event = self.emit(event);
        self.check_invariants();
        event
    }

    /// A place past the node budget: the search closes instead (its
    /// caller then yields the first closing `undo`). Kept out of line, so
    /// that the hot path stays small, and returns no event (see the
    /// module's comment).
    #[cold]
    #[inline(never)]
    fn refuse(&mut self) {
        self.close();
    }

    /// Step 5: the deepest node is left, and its parent goes on scanning
    /// (or, closing, is left next); leaving the root ends the search, and
    /// once it has ended there is nothing to leave.
    #[inline(always)]
    fn leave(&mut self) -> Option<T::Event> {
        let depth = self.stack.len().checked_sub(1)?;
        if depth == 0 {
            self.leave_root();
            return None;
        }
        self.placed = true;
        // A closing search only leaves, so it stays in `Leave`.
        self.phase = if self.closing {
            Phase::Leave
        } else {
            Phase::Scan
        };
        // The rules read the node where it lies, then it is dropped: a
        // node read whole just after a scan wrote one field of it stalls
        // the load on the store (PERFORMANCE.md).
        let event = self.tree.undo(&self.stack[depth], depth);
        self.stack.truncate(depth);
        let event = self.emit(event);
        self.check_invariants();
        event
    }

    /// Step 5 at the root: the search ends.
    #[cold]
    #[inline(never)]
    fn leave_root(&mut self) {
        self.tree.leave_root(&self.stack[0]);
        self.stack.clear();
        self.phase = Phase::Leave;
        self.finished = true;
    }

    /// Runs to the end event by event, reporting the nodes every
    /// [`REPORT_EVERY`](super::REPORT_EVERY) events.
    pub(crate) fn step_to_end(&mut self, report: &mut dyn FnMut(u64)) {
        let mut events = 0u64;
        while self.next().is_some() {
            events += 1;
            if events & (super::REPORT_EVERY - 1) == 0 {
                report(self.counters.nodes);
            }
        }
    }
}

impl<T: Tree> Iterator for Backtrack<T> {
    type Item = T::Event;

    #[inline(always)]
    fn next(&mut self) -> Option<T::Event> {
        match self.phase {
            Phase::Enter => self.arrive(),
            Phase::Scan => self.scan(),
            Phase::Leave => self.leave(),
        }
    }
}

impl<T: Tree> Search for Backtrack<T> {
    type Event = T::Event;

    fn counters(&self) -> &Counters {
        &self.counters
    }

    fn is_finished(&self) -> bool {
        self.finished
    }

    /// A refused place, a stop, or [`Backtrack::close`].
    fn is_closing(&self) -> bool {
        self.closing
    }

    fn run_to_end(&mut self) {
        T::run_to_end(self);
    }

    fn run_to_end_reporting(&mut self, report: &mut dyn FnMut(u64)) {
        T::run_to_end_reporting(self, report);
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

    fn heap_bytes(&self) -> usize {
        self.stack.capacity() * std::mem::size_of::<T::Node>() + self.tree.heap_bytes()
    }
}

/// The event kinds a driver yields, for tests of the driver alone.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::EventKind;

    /// A tiny tree: binary strings of length `n`, with a `1` refused after
    /// a `1` (no two ones in a row). Solutions are the complete strings.
    #[derive(Clone, Debug)]
    struct Strings {
        n: usize,
        bits: Vec<bool>,
    }

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    enum Ev {
        Place(bool),
        Reject,
        Dead,
        Undo(bool),
        Solution,
    }

    impl SearchEvent for Ev {
        fn kind(&self) -> EventKind {
            match self {
                Ev::Place(_) => EventKind::Place,
                Ev::Reject => EventKind::Reject,
                Ev::Dead => EventKind::DeadEnd,
                Ev::Undo(_) => EventKind::Undo,
                Ev::Solution => EventKind::Solution,
            }
        }
    }

    impl Tree for Strings {
        type Event = Ev;
        type Node = (u8, bool);
        type Choice = bool;
        const ROOT_IS_NODE: bool = true;

        fn root(&mut self) -> (u8, bool) {
            (0, false)
        }

        fn arrive(&mut self, _: &mut (u8, bool), depth: usize, c: &mut Counters) -> Arrive<Ev> {
            if depth == self.n {
                c.solutions += 1;
                Arrive::Leave(Ev::Solution)
            } else {
                Arrive::Scan
            }
        }

        fn choose(&mut self, node: &mut (u8, bool), _: usize) -> Choice<bool, Ev> {
            let next = node.0;
            node.0 += 1;
            match next {
                0 => Choice::Place(false),
                1 if self.bits.last() == Some(&true) => Choice::Reject(Ev::Reject),
                1 => Choice::Place(true),
                _ => Choice::Done,
            }
        }

        fn apply(
            &mut self,
            _: &mut (u8, bool),
            _: usize,
            bit: bool,
            _: &mut Counters,
        ) -> ((u8, bool), Ev) {
            self.bits.push(bit);
            ((0, bit), Ev::Place(bit))
        }

        fn done(&mut self, _: &(u8, bool), _: usize, placed: bool) -> Option<Ev> {
            (!placed).then_some(Ev::Dead)
        }

        fn undo(&mut self, node: &(u8, bool), _: usize) -> Ev {
            assert_eq!(self.bits.pop(), Some(node.1));
            Ev::Undo(node.1)
        }
    }

    fn strings(n: usize) -> Backtrack<Strings> {
        Backtrack::of(Strings {
            n,
            bits: Vec::new(),
        })
    }

    /// Fibonacci: strings of length n without two ones in a row.
    #[test]
    fn counts_what_a_brute_force_counts() {
        for n in 0..12 {
            let brute = (0u32..1 << n).filter(|s| s & (s >> 1) == 0).count() as u64;
            let mut search = strings(n);
            search.run_to_end();
            let c = *search.counters();
            assert_eq!(c.solutions, brute, "n = {n}");
            assert_eq!(c.depth, 0);
            assert!(search.tree().bits.is_empty());
            // Every node but the root is one place and one undo.
            assert_eq!(
                c.steps,
                2 * (c.nodes - 1) + c.found + c.rejects + c.dead_ends
            );
        }
    }

    #[test]
    fn a_budget_closes_deepest_first_and_is_never_passed() {
        // 1 + 2 + 3 + 5 + 8 + 13 + 21 nodes in all for n = 6.
        let all = 53;
        for max in 0..60 {
            let mut search = strings(6);
            search.limit_nodes(max);
            let events: Vec<Ev> = search.by_ref().collect();
            let c = *search.counters();
            assert!(c.nodes <= max.max(1), "max {max}: {} nodes", c.nodes);
            assert_eq!(search.budget_hit().is_some(), max < all, "max {max}");
            assert_eq!(c.nodes, max.clamp(1, all), "max {max}");
            assert_eq!(c.depth, 0);
            let opened = events.iter().filter(|e| matches!(e, Ev::Place(_))).count();
            let closed = events.iter().filter(|e| matches!(e, Ev::Undo(_))).count();
            assert_eq!(opened, closed);
        }
    }

    #[test]
    fn skipping_a_subtree_leaves_it_at_once() {
        let mut search = strings(3);
        assert_eq!(search.next(), Some(Ev::Place(false)));
        search.skip_subtree();
        assert_eq!(search.next(), Some(Ev::Undo(false)));
        assert_eq!(search.next(), Some(Ev::Place(true)));
    }
}
