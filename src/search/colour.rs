//! Graph colouring: give each vertex one of m colours so that no edge joins
//! two vertices of one colour (EVENTS.md §2).
//!
//! The algorithm (the names in bold are the variants of [`Step`]; a node is
//! "u vertices coloured", deciding vertex u). It runs on the one driver
//! ([`Backtrack`]): step 1 is the rules' `arrive`, 2 `choose` and `apply`,
//! 3 `done`, 4 `undo`.
//!
//! 1. At a node where u vertices are coloured: u == V is a colouring
//!    (**`Solution`**); the node ends. Unless every colouring is wanted, the
//!    search then stops (**`Close`**): every open `place` is undone, deepest
//!    first, with no further event.
//! 2. Otherwise try the colours k = 1..=m ascending: if neighbours of u
//!    already hold k, reject k naming them (**`Conflict`**); else colour u
//!    with k (**`Place`**), whose child node is step 1 again.
//! 3. If no colour was placed, yield **`DeadEnd`**.
//! 4. Leave the node: yield **`Undo`** of the colour that entered it (the
//!    root has none; the search ends there).
//!
//! Nodes: the root counts 1, each `place` 1.
//!
//! Invariants, checked with `debug_assert!` on every place and undo (the
//! driver's, and [`ColourTree`]'s `check`): the colours so far are those of
//! the open places, and each colour class is the set of vertices holding it.

use super::backtrack::{Arrive, Backtrack, Choice, Tree};
use super::{Counters, Search, bits};

/// The most vertices a graph may have.
pub const MAX_VERTICES: usize = 32;
/// The most colours.
pub const MAX_COLOURS: u8 = 9;

/// One colouring event (EVENTS.md §2). `Copy` and a few bytes wide: a solution's
/// colours are read from [`Colour::colours`] when the event is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColourEvent {
    /// Vertex `vertex` takes colour `colour` (1-based).
    Place { vertex: u8, colour: u8 },
    /// The neighbours in the mask `by` already hold `colour`.
    Reject { vertex: u8, colour: u8, by: u32 },
    /// No colour fits `vertex`.
    DeadEnd { vertex: u8 },
    /// Vertex `vertex` gives up colour `colour`.
    Undo { vertex: u8, colour: u8 },
    /// Every vertex is coloured: the colouring is [`Colour::colours`].
    Solution,
}

event_kinds!(ColourEvent);

/// The steps of the algorithm (the module's opening comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Before the first event: the root node, vertex 0 to decide.
    Begin,
    /// Step 1: every vertex is coloured.
    Solution,
    /// Step 2: a colour held by a neighbour is rejected.
    Conflict,
    /// Step 2: a colour is placed.
    Place,
    /// Step 3: no colour fits.
    DeadEnd,
    /// Step 4: the node is left.
    Undo,
    /// Step 1: the search stopped at its first colouring; open places are
    /// undone, deepest first.
    Close,
}

/// A validated graph: `vertices` (0..=32) and their neighbour masks. Built
/// only by [`Graph::new`] (in `crate::input::colour`), which validates it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    pub(crate) vertices: usize,
    /// Bit w of `adjacent[v]`: an edge joins v and w.
    pub(crate) adjacent: Vec<u32>,
}

impl Graph {
    /// Number of vertices.
    pub fn vertices(&self) -> usize {
        self.vertices
    }

    /// The neighbours of `v` as a bit mask.
    pub fn neighbours(&self, v: usize) -> u32 {
        self.adjacent[v]
    }

    /// The edges, each once, as `(a, b)` with `a < b`, sorted.
    pub fn edges(&self) -> Vec<(u8, u8)> {
        (0..self.vertices)
            .flat_map(|a| {
                bits(self.adjacent[a])
                    .filter(move |&b| b as usize > a)
                    .map(move |b| (a as u8, b as u8))
            })
            .collect()
    }

    /// How many edges (each counted once).
    pub fn edge_count(&self) -> usize {
        self.adjacent
            .iter()
            .map(|m| m.count_ones() as usize)
            .sum::<usize>()
            / 2
    }
}

/// The colour classes' table: colours 1..=[`MAX_COLOURS`], rounded up to a
/// power of two.
const CLASSES: usize = (MAX_COLOURS as usize + 1).next_power_of_two();

/// How a colouring search is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColourOptions {
    /// The number of colours, 1..=9.
    pub m: u8,
    /// Count every colouring instead of stopping at the first.
    pub all: bool,
    /// Yield `reject` events (off for fast counting).
    pub rejects: bool,
}

/// The colouring's rules on the one driver ([`Backtrack`]): the graph and
/// the colours so far. A node is "u vertices coloured" at depth u, deciding
/// vertex u; the driver's node is the next colour to try there (1..=m+1).
#[derive(Clone, Debug)]
pub struct ColourTree {
    graph: Graph,
    options: ColourOptions,
    /// The colour of each vertex, 0 when not coloured (the first
    /// `graph.vertices`). The tables are sized to powers of two and
    /// indexed through a mask, so the hot path has no bounds test.
    colours: [u8; MAX_VERTICES],
    /// `classes[k]`: the vertices holding colour k (index 0 unused).
    classes: [u32; CLASSES],
    /// The graph's adjacency masks, as a table of [`MAX_VERTICES`].
    adjacent: [u32; MAX_VERTICES],
    /// The first colouring found.
    first: Option<Vec<u8>>,
}

/// Graph colouring: a resumable, cloneable iterator of [`ColourEvent`]s.
pub type Colour = Backtrack<ColourTree>;

impl Tree for ColourTree {
    type Event = ColourEvent;
    /// The next colour to try at the node.
    type Node = u8;
    /// The vertex and the colour it takes.
    type Choice = (u8, u8);

    const ROOT_IS_NODE: bool = true;

    fn root(&mut self) -> u8 {
        1
    }

    fn depth_hint(&self) -> usize {
        self.graph.vertices + 1
    }

    /// Step 1: a colouring, or on to the colours.
    #[inline(always)]
    fn arrive(&mut self, _next: &mut u8, u: usize, counters: &mut Counters) -> Arrive<ColourEvent> {
        if u < self.graph.vertices {
            return Arrive::Scan;
        }
        counters.solutions += 1;
        if self.first.is_none() {
            self.first = Some(self.colours[..u].to_vec());
        }
        if self.options.all {
            Arrive::Leave(ColourEvent::Solution)
        } else {
            Arrive::Stop(ColourEvent::Solution)
        }
    }

    /// Step 2: the next colour that makes an event.
    #[inline(always)]
    fn choose(&mut self, next: &mut u8, u: usize) -> Choice<(u8, u8), ColourEvent> {
        let adjacent = self.adjacent[u % MAX_VERTICES];
        while *next <= self.options.m {
            let k = *next;
            *next += 1;
            let by = self.classes[usize::from(k) % CLASSES] & adjacent;
            if by == 0 {
                return Choice::Place((u as u8, k));
            }
            if self.options.rejects {
                return Choice::Reject(ColourEvent::Reject {
                    vertex: u as u8,
                    colour: k,
                    by,
                });
            }
        }
        Choice::Done
    }

    #[inline(always)]
    fn apply(
        &mut self,
        _next: &mut u8,
        _u: usize,
        (vertex, colour): (u8, u8),
        _counters: &mut Counters,
    ) -> (u8, ColourEvent) {
        self.colours[usize::from(vertex) % MAX_VERTICES] = colour;
        self.classes[usize::from(colour) % CLASSES] |= 1 << vertex;
        (1, ColourEvent::Place { vertex, colour })
    }

    /// Step 3: no colour was placed.
    #[inline(always)]
    fn done(&mut self, _next: &u8, u: usize, placed: bool) -> Option<ColourEvent> {
        (!placed).then_some(ColourEvent::DeadEnd { vertex: u as u8 })
    }

    /// Step 4: the vertex the node's parent decided gives its colour back.
    #[inline(always)]
    fn undo(&mut self, _next: &u8, depth: usize) -> ColourEvent {
        let u = depth - 1;
        let colour = std::mem::take(&mut self.colours[u % MAX_VERTICES]);
        self.classes[usize::from(colour) % CLASSES] &= !(1 << u);
        ColourEvent::Undo {
            vertex: u as u8,
            colour,
        }
    }

    fn check(&self, nodes: &[u8]) {
        debug_assert!(
            self.colours
                .iter()
                .enumerate()
                .all(|(v, &k)| (k != 0) == (v + 1 < nodes.len())),
            "the coloured vertices are those of the open places: {:?}",
            self.colours
        );
        debug_assert!(
            (1..=MAX_COLOURS).all(|k| {
                let class = self
                    .colours
                    .iter()
                    .enumerate()
                    .fold(0u32, |m, (v, &c)| if c == k { m | 1 << v } else { m });
                class == self.classes[usize::from(k)]
            }),
            "each colour class holds the vertices of its colour"
        );
    }

    fn heap_bytes(&self) -> usize {
        self.graph.adjacent.capacity() * std::mem::size_of::<u32>()
            + self.first.as_ref().map_or(0, Vec::capacity)
    }
}

impl Colour {
    /// A search of `graph` with the given options (`m` already validated,
    /// 1..=9).
    pub fn new(graph: &Graph, options: ColourOptions) -> Colour {
        debug_assert!((1..=MAX_COLOURS).contains(&options.m));
        Backtrack::of(ColourTree {
            graph: graph.clone(),
            options,
            colours: [0; MAX_VERTICES],
            classes: [0; CLASSES],
            adjacent: std::array::from_fn(|v| graph.adjacent.get(v).copied().unwrap_or(0)),
            first: None,
        })
    }

    /// The graph.
    pub fn graph(&self) -> &Graph {
        &self.tree().graph
    }

    /// How the search was set up.
    pub fn options(&self) -> ColourOptions {
        self.tree().options
    }

    /// The colour of every vertex, 0 for one not coloured yet.
    pub fn colours(&self) -> &[u8] {
        let tree = self.tree();
        &tree.colours[..tree.graph.vertices]
    }

    /// The colours of the vertices coloured so far, in vertex order.
    pub fn coloured(&self) -> &[u8] {
        &self.colours()[..self.depth()]
    }

    /// The vertex the current node decides (`None` once all are coloured,
    /// or after the end).
    pub fn deciding(&self) -> Option<usize> {
        self.top()?;
        let u = self.depth();
        (u < self.graph().vertices).then_some(u)
    }

    /// The colours held by `v`'s neighbours now, as a mask: bit k-1 for
    /// colour k.
    pub fn used_mask(&self, v: usize) -> u32 {
        let tree = self.tree();
        let adjacent = tree.graph.adjacent[v];
        (1..=tree.options.m)
            .filter(|&k| tree.classes[usize::from(k)] & adjacent != 0)
            .fold(0, |mask, k| mask | 1 << (k - 1))
    }

    /// The colours `v` may take now, as a mask: bit k-1 for colour k.
    pub fn legal_mask(&self, v: usize) -> u32 {
        let all = (1u32 << self.options().m) - 1;
        all & !self.used_mask(v)
    }

    /// The first colouring found, if any.
    pub fn first(&self) -> Option<&[u8]> {
        self.tree().first.as_deref()
    }

    /// Colourings found so far.
    pub fn colourings(&self) -> u64 {
        self.counters().solutions
    }

    /// The step of the algorithm that `last` (the last event yielded, `None`
    /// before the first) belongs to.
    pub fn step(&self, last: Option<&ColourEvent>) -> Step {
        let Some(event) = last else {
            return Step::Begin;
        };
        match event {
            ColourEvent::Place { .. } => Step::Place,
            ColourEvent::Reject { .. } => Step::Conflict,
            ColourEvent::DeadEnd { .. } => Step::DeadEnd,
            ColourEvent::Undo { .. } if self.is_closing() => Step::Close,
            ColourEvent::Undo { .. } => Step::Undo,
            ColourEvent::Solution => Step::Solution,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seed() -> Graph {
        let mut adjacent = vec![0u32; 4];
        for (a, b) in [(0, 1), (1, 3), (2, 3), (3, 0), (0, 2)] {
            adjacent[a] |= 1 << b;
            adjacent[b] |= 1 << a;
        }
        Graph {
            vertices: 4,
            adjacent,
        }
    }

    fn run(m: u8, all: bool) -> Colour {
        let options = ColourOptions {
            m,
            all,
            rejects: true,
        };
        let mut search = Colour::new(&seed(), options);
        search.run_to_end();
        search
    }

    #[test]
    fn seed_graph_figures() {
        let three = run(3, false);
        assert_eq!(
            (three.first(), three.counters().nodes),
            (Some(&[1, 2, 2, 3][..]), 5)
        );
        let two = run(2, false);
        assert_eq!((two.first(), two.counters().nodes), (None, 7));
        let all = run(3, true);
        assert_eq!((all.colourings(), all.counters().nodes), (6, 28));
    }

    #[test]
    fn close_mid_search_undoes_deepest_first() {
        let options = ColourOptions {
            m: 3,
            all: true,
            rejects: true,
        };
        let mut search = Colour::new(&seed(), options);
        search.by_ref().take(3).for_each(drop);
        assert_eq!(search.coloured(), [1, 2]);
        search.close();
        let rest: Vec<ColourEvent> = search.by_ref().collect();
        assert_eq!(
            rest,
            [
                ColourEvent::Undo {
                    vertex: 1,
                    colour: 2
                },
                ColourEvent::Undo {
                    vertex: 0,
                    colour: 1
                },
            ]
        );
        assert_eq!(search.colours(), [0, 0, 0, 0]);
    }

    #[test]
    fn events_are_small() {
        assert!(std::mem::size_of::<Option<ColourEvent>>() <= 16);
    }
}
