//! The timeline's promise, checked on random walks: whatever mix of steps,
//! backs, seeks and jobs (finished or cancelled) led to a step, the view there
//! equals the view reached by stepping forward from the start to that step.
//! And its memory: the checkpoints keep within their byte budget whatever a
//! clone of the search costs.

use backstep::input;
use backstep::model::{self, Json, Note, Report, Summary};
use backstep::search::{
    Budget, Counters, EventKind, Order, Queens, Search, SearchEvent, Sudoku, WordSearch,
};
use backstep::search::{queens::QueensOptions, sudoku::SudokuOptions, word::WordOptions};
use backstep::timeline::{DEFAULT_BUDGET, DEFAULT_INTERVAL, Goal, LOG, Progress, Timeline};
use proptest::prelude::*;

/// What a person sees of a search's working state, as a comparable string.
trait View: Report {
    fn fingerprint(&self) -> String;
}

impl View for Queens {
    fn fingerprint(&self) -> String {
        format!("{:?} {:?}", self.queens(), self.masks())
    }
}

impl View for Sudoku {
    fn fingerprint(&self) -> String {
        format!("{:?}", self.grid())
    }
}

impl View for WordSearch {
    fn fingerprint(&self) -> String {
        format!("{:?}", self.path())
    }
}

/// The whole search stepped forward from the start: every event with its
/// words told right after it, and the counters and state after each step
/// (index 0 is the start).
struct Reference<S: Search> {
    events: Vec<S::Event>,
    words: Vec<String>,
    views: Vec<(Counters, String)>,
}

impl<S: View> Reference<S> {
    fn new(search: &S) -> Self {
        let mut search = search.clone();
        let mut views = vec![(*search.counters(), search.fingerprint())];
        let mut events = Vec::new();
        let mut words = Vec::new();
        while let Some(event) = search.next() {
            words.push(model::told(&search, &event));
            events.push(event);
            views.push((*search.counters(), search.fingerprint()));
        }
        Reference {
            events,
            words,
            views,
        }
    }

    fn total(&self) -> u64 {
        self.events.len() as u64
    }

    fn kind_at(&self, step: u64) -> EventKind {
        self.events[step as usize - 1].kind()
    }
}

/// The timeline's view equals the reference at the timeline's step.
fn check_view<S: View>(
    timeline: &Timeline<S>,
    reference: &Reference<S>,
) -> Result<(), TestCaseError> {
    let step = timeline.step();
    let total = reference.total();
    prop_assert!(step <= total, "step {step} beyond the end {total}");
    let t = step as usize;
    let (counters, fingerprint) = &reference.views[t];
    prop_assert_eq!(
        timeline.search().counters(),
        counters,
        "counters at step {}",
        step
    );
    prop_assert_eq!(
        &timeline.search().fingerprint(),
        fingerprint,
        "state at step {}",
        step
    );
    prop_assert_eq!(
        timeline.last_event(),
        t.checked_sub(1).map(|i| &reference.events[i])
    );
    // The log's words are those told when each event happened, whatever
    // path led the timeline here.
    let recent: Vec<(u64, &S::Event, &str)> = timeline
        .recent()
        .map(|told| (told.step(), told.event(), told.words()))
        .collect();
    let expected: Vec<(u64, &S::Event, &str)> = (t.saturating_sub(LOG)..t)
        .map(|i| {
            (
                i as u64 + 1,
                &reference.events[i],
                reference.words[i].as_str(),
            )
        })
        .collect();
    prop_assert_eq!(recent, expected, "recent events at step {}", step);
    prop_assert_eq!(timeline.at_end(), step == total);
    prop_assert_eq!(timeline.search().is_finished(), timeline.at_end());
    prop_assert!(timeline.furthest() >= step && timeline.furthest() <= total);
    match timeline.total() {
        Some(known) => prop_assert_eq!(known, total),
        // Every stream ends at depth 0, where the timeline looks ahead.
        None => prop_assert!(timeline.furthest() < total),
    }
    Ok(())
}

#[derive(Clone, Copy, Debug)]
enum Pick {
    Step(u64),
    End,
    Run(u64),
    Next(EventKind),
    Prev(EventKind),
    NextOther(EventKind),
    PrevOther(EventKind),
    NextNode,
    PrevNode,
}

#[derive(Clone, Copy, Debug)]
enum Op {
    Forward,
    Back,
    /// A raw number, reduced to a step up to a little beyond the end.
    Seek(u64),
    /// A job worked in slices of `budget`; with `cancel`, dropped after that
    /// many slices if it has not finished.
    Job {
        pick: Pick,
        budget: u64,
        cancel: Option<u8>,
    },
}

fn kind() -> impl Strategy<Value = EventKind> {
    prop_oneof![
        Just(EventKind::Solution),
        Just(EventKind::DeadEnd),
        Just(EventKind::Place),
        Just(EventKind::Undo),
        Just(EventKind::Reject),
    ]
}

fn pick() -> impl Strategy<Value = Pick> {
    prop_oneof![
        any::<u64>().prop_map(Pick::Step),
        Just(Pick::End),
        (0u64..200).prop_map(Pick::Run),
        kind().prop_map(Pick::Next),
        kind().prop_map(Pick::Prev),
        Just(Pick::NextOther(EventKind::Reject)),
        Just(Pick::PrevOther(EventKind::Reject)),
        Just(Pick::NextNode),
        Just(Pick::PrevNode),
    ]
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => Just(Op::Forward),
        3 => Just(Op::Back),
        2 => any::<u64>().prop_map(Op::Seek),
        4 => (pick(), 1u64..8, proptest::option::of(0u8..4))
            .prop_map(|(pick, budget, cancel)| Op::Job { pick, budget, cancel }),
    ]
}

/// The step a finished job must have reached, or `None` for `NotFound`.
fn expected<S: View>(reference: &Reference<S>, origin: u64, goal: Goal) -> Option<u64> {
    let total = reference.total();
    let matches = |step: u64, want: &dyn Fn(EventKind) -> bool| want(reference.kind_at(step));
    let next = |want: &dyn Fn(EventKind) -> bool| (origin + 1..=total).find(|&s| matches(s, want));
    let prev = |want: &dyn Fn(EventKind) -> bool| (1..origin).rev().find(|&s| matches(s, want));
    match goal {
        Goal::Step(k) => Some(k.min(total)),
        Goal::End => Some(total),
        Goal::Run { events } => Some(origin.saturating_add(events).min(total)),
        Goal::Next(kind) => next(&|k| k == kind),
        Goal::Prev(kind) => prev(&|k| k == kind),
        Goal::NextOther(kind) => next(&|k| k != kind),
        Goal::PrevOther(kind) => prev(&|k| k != kind),
        Goal::NextNode => next(&|k| k == EventKind::Place),
        Goal::PrevNode => prev(&|k| k == EventKind::Place),
    }
}

fn goal(pick: Pick, total: u64) -> Goal {
    match pick {
        Pick::Step(raw) => Goal::Step(raw % (total + 5)),
        Pick::End => Goal::End,
        Pick::Run(events) => Goal::Run { events },
        Pick::Next(kind) => Goal::Next(kind),
        Pick::Prev(kind) => Goal::Prev(kind),
        Pick::NextOther(kind) => Goal::NextOther(kind),
        Pick::PrevOther(kind) => Goal::PrevOther(kind),
        Pick::NextNode => Goal::NextNode,
        Pick::PrevNode => Goal::PrevNode,
    }
}

fn walk<S: View>(search: S, interval: u64, max: usize, ops: &[Op]) -> Result<(), TestCaseError> {
    walk_within(search, interval, max, DEFAULT_BUDGET, ops)
}

/// [`walk`], with the checkpoints' bytes held within `budget`.
fn walk_within<S: View>(
    search: S,
    interval: u64,
    max: usize,
    budget: usize,
    ops: &[Op],
) -> Result<(), TestCaseError> {
    let reference = Reference::new(&search);
    let total = reference.total();
    let start = std::mem::size_of::<S>() + search.heap_bytes();
    let mut timeline = Timeline::with_policy(search, interval, max, budget);
    check_view(&timeline, &reference)?;
    for &op in ops {
        let before = timeline.step();
        match op {
            Op::Forward => {
                prop_assert_eq!(timeline.forward(), before < total);
                prop_assert_eq!(timeline.step(), (before + 1).min(total));
            }
            Op::Back => {
                prop_assert_eq!(timeline.back(), before > 0);
                prop_assert_eq!(timeline.step(), before.saturating_sub(1));
            }
            Op::Seek(raw) => {
                let target = raw % (timeline.furthest() + 3);
                let computed = target <= timeline.furthest();
                prop_assert_eq!(timeline.seek(target), computed);
                prop_assert_eq!(timeline.step(), if computed { target } else { before });
            }
            Op::Job {
                pick,
                budget,
                cancel,
            } => {
                let goal = goal(pick, total);
                let want = expected(&reference, before, goal);
                let backward = match goal {
                    Goal::Prev(_) | Goal::PrevOther(_) | Goal::PrevNode => true,
                    Goal::Step(k) => k < before,
                    _ => false,
                };
                let mut job = timeline.start(goal);
                let mut slices = 0u32;
                let outcome = loop {
                    match timeline.work(&mut job, budget) {
                        Progress::Running { step, .. } => {
                            prop_assert_eq!(step, timeline.step());
                            if backward {
                                prop_assert_eq!(
                                    step,
                                    before,
                                    "{:?} moved before it finished",
                                    goal
                                );
                            } else {
                                prop_assert!(step >= before && step <= want.unwrap_or(total));
                            }
                            check_view(&timeline, &reference)?;
                        }
                        done => break Some(done),
                    }
                    slices += 1;
                    prop_assert!(slices < 1_000_000, "{:?} never finished", goal);
                    if cancel.is_some_and(|c| slices > u32::from(c)) {
                        // Never working the job again (it is dropped at
                        // the end of this arm) is how the screen cancels it.
                        break None;
                    }
                };
                match outcome {
                    Some(Progress::Reached(step)) => {
                        prop_assert_eq!(Some(step), want, "{:?} from {}", goal, before);
                        prop_assert_eq!(timeline.step(), step);
                    }
                    Some(Progress::NotFound) => {
                        prop_assert_eq!(want, None, "{:?} from {}", goal, before);
                        let stays = if backward { before } else { total };
                        prop_assert_eq!(timeline.step(), stays);
                    }
                    Some(Progress::Running { .. }) => {
                        prop_assert!(false, "work returned Running as done")
                    }
                    None if backward => prop_assert_eq!(timeline.step(), before),
                    None => {}
                }
            }
        }
        check_view(&timeline, &reference)?;
        prop_assert!(
            timeline.checkpoint_bytes() <= budget.max(start),
            "{} checkpoint bytes over a budget of {budget}",
            timeline.checkpoint_bytes()
        );
    }
    Ok(())
}

/// The searches walked: small enough to step through whole, and between
/// them every event kind, the Sudoku cap, a search with no solution and one
/// with no events at all.
#[derive(Clone, Copy, Debug)]
enum Case {
    Queens {
        n: u8,
        symmetry: bool,
        rejects: bool,
    },
    Sudoku {
        puzzle: &'static str,
        order: Order,
        rejects: bool,
    },
    Word {
        word: &'static str,
        inventory: bool,
        rejects: bool,
    },
}

fn case() -> impl Strategy<Value = Case> {
    prop_oneof![
        (4u8..=7, any::<bool>(), any::<bool>()).prop_map(|(n, symmetry, rejects)| Case::Queens {
            n,
            symmetry,
            rejects
        }),
        (
            prop_oneof![
                Just("campus"),
                Just("empty4"),
                Just("unsat4"),
                Just("1.......3.......")
            ],
            prop_oneof![Just(Order::Mrv), Just(Order::First)],
            any::<bool>()
        )
            .prop_map(|(puzzle, order, rejects)| Case::Sudoku {
                puzzle,
                order,
                rejects
            }),
        (
            prop_oneof![
                Just("ABCCED"),
                Just("SEE"),
                Just("ABCB"),
                Just("Z"),
                Just("ESEE")
            ],
            any::<bool>(),
            any::<bool>()
        )
            .prop_map(|(word, inventory, rejects)| Case::Word {
                word,
                inventory,
                rejects
            }),
    ]
}

fn run(
    case: Case,
    interval: u64,
    max: usize,
    budget: usize,
    ops: &[Op],
) -> Result<(), TestCaseError> {
    match case {
        Case::Queens {
            n,
            symmetry,
            rejects,
        } => walk_within(
            Queens::new(QueensOptions {
                n,
                symmetry,
                rejects,
            }),
            interval,
            max,
            budget,
            ops,
        ),
        Case::Sudoku {
            puzzle,
            order,
            rejects,
        } => {
            let puzzle = input::load_puzzle(puzzle).expect("a test puzzle").value;
            walk_within(
                Sudoku::new(&puzzle, SudokuOptions { order, rejects }),
                interval,
                max,
                budget,
                ops,
            )
        }
        Case::Word {
            word,
            inventory,
            rejects,
        } => {
            let board = input::load_board("sample").expect("the sample board").value;
            let options = WordOptions {
                inventory,
                reverse: true,
                rejects,
            };
            let search = WordSearch::new(&board, word, options);
            walk_within(search, interval, max, budget, ops)
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Any walk, with a tiny checkpoint interval so that thinning, segment
    /// skipping and multi-segment scans all happen on small searches.
    #[test]
    fn any_walk_shows_what_stepping_forward_shows(
        case in case(),
        interval in prop_oneof![1u64..=8, 60u64..=300],
        max in 2usize..=8,
        ops in proptest::collection::vec(op(), 1..40),
    ) {
        run(case, interval, max, DEFAULT_BUDGET, &ops)?;
    }

    /// Any walk within a byte budget of a few clones or less, so that the
    /// budget, not the number of checkpoints, does the thinning (and below
    /// one clone, only the start is kept).
    #[test]
    fn any_walk_within_a_tight_budget_shows_what_stepping_forward_shows(
        case in case(),
        interval in 1u64..=8,
        budget in 0usize..=8192,
        ops in proptest::collection::vec(op(), 1..40),
    ) {
        run(case, interval, 2048, budget, &ops)?;
    }
}

/// A long walk on the largest test search, with the default policy, where
/// backs and previous-solution jumps cross many segments.
#[test]
fn long_walk_on_seven_queens() {
    let search = Queens::new(QueensOptions {
        n: 7,
        symmetry: false,
        rejects: true,
    });
    let mut ops = vec![Op::Job {
        pick: Pick::End,
        budget: 97,
        cancel: None,
    }];
    for _ in 0..50 {
        ops.push(Op::Job {
            pick: Pick::Prev(EventKind::Solution),
            budget: 13,
            cancel: None,
        });
        ops.push(Op::Back);
    }
    ops.push(Op::Job {
        pick: Pick::Next(EventKind::DeadEnd),
        budget: 5,
        cancel: Some(2),
    });
    for (interval, max) in [(1, 2), (3, 5), (256, 2048)] {
        if let Err(err) = walk(search.clone(), interval, max, &ops) {
            panic!("interval {interval}, max {max}: {err}");
        }
    }
}

/// A synthetic search whose clones are expensive: it owns a large buffer,
/// one byte of which each event changes, as a dancing-links matrix or an
/// undo trail would. Its events are a seeded random walk of every kind,
/// deep enough never to come back to depth 0 before its last event.
#[derive(Clone, Debug, PartialEq)]
struct Heavy {
    rng: u64,
    cargo: Vec<u8>,
    length: u64,
    counters: Counters,
    budget: Budget,
    finished: bool,
}

/// An event of [`Heavy`]: its kind and the byte it wrote.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Beat {
    kind: EventKind,
    byte: u8,
}

impl SearchEvent for Beat {
    fn kind(&self) -> EventKind {
        self.kind
    }
}

impl Heavy {
    /// `length` events over a buffer of `bytes` bytes.
    fn new(length: u64, bytes: usize) -> Heavy {
        Heavy {
            rng: 7,
            cargo: vec![0; bytes],
            length,
            counters: Counters::default(),
            budget: Budget::default(),
            finished: false,
        }
    }
}

impl Iterator for Heavy {
    type Item = Beat;

    fn next(&mut self) -> Option<Beat> {
        let c = &mut self.counters;
        let left = self.length - c.steps;
        if self.finished || left == 0 {
            self.finished = true;
            return None;
        }
        let mut rng = crate::Rng::new(self.rng);
        let roll = rng.next_u64();
        self.rng = roll;
        let depth = c.depth as u64;
        let kind = match roll % 8 {
            _ if depth == 0 && c.steps == 0 => EventKind::Place,
            _ if left <= depth => EventKind::Undo,
            0..=2 if depth < 40 && left >= depth + 2 => EventKind::Place,
            3 | 4 if depth > 1 => EventKind::Undo,
            6 => EventKind::DeadEnd,
            7 => EventKind::Solution,
            _ => EventKind::Reject,
        };
        c.steps += 1;
        match kind {
            EventKind::Place => {
                c.depth += 1;
                c.nodes += 1;
            }
            EventKind::Undo => c.depth -= 1,
            EventKind::Reject => c.rejects += 1,
            EventKind::DeadEnd => c.dead_ends += 1,
            EventKind::Solution => {
                c.found += 1;
                c.solutions += 1;
            }
        }
        let byte = (roll >> 56) as u8;
        let at = (c.steps as usize).wrapping_mul(7919) % self.cargo.len();
        self.cargo[at] = byte;
        Some(Beat { kind, byte })
    }
}

impl Search for Heavy {
    type Event = Beat;

    fn counters(&self) -> &Counters {
        &self.counters
    }

    fn is_finished(&self) -> bool {
        self.finished
    }

    // A fake that never stops early.
    fn is_closing(&self) -> bool {
        false
    }

    fn heap_bytes(&self) -> usize {
        self.cargo.capacity()
    }

    // A fake with no tree to skip in: the timeline never probes.
    fn skip_subtree(&mut self) {
        unreachable!("the timeline tests never probe the tree")
    }

    // A fake that never limits itself: the timeline tests set no budget.
    fn budget(&self) -> &Budget {
        &self.budget
    }

    fn budget_mut(&mut self) -> &mut Budget {
        &mut self.budget
    }
}

/// Just enough words for the timeline's log: the kind and the byte.
impl Report for Heavy {
    fn write_fields(&self, _event: &Beat, _json: &mut Json<'_>) {}

    fn write_done(&self, _json: &mut Json<'_>) {}

    fn summary(&self) -> Summary {
        Summary::new("heavy", "")
    }

    fn write_description(&self, event: &Beat, found: u64, out: &mut String) -> std::fmt::Result {
        use std::fmt::Write;
        write!(out, "{} {} #{found}", event.kind.name(), event.byte)
    }

    fn table_header(&self) -> &'static [&'static str] {
        &["node", "outcome"]
    }

    fn node_cells(&self) -> Vec<model::Cell> {
        Vec::new()
    }

    fn choice(&self, _place: &Beat) -> Option<String> {
        None
    }

    fn note(&self, _event: &Beat) -> Note {
        Note::Nothing
    }
}

/// Runs `timeline` forward to its end step by step, checking after every
/// step that the checkpoints keep within the budget.
fn run_within_budget(timeline: &mut Timeline<Heavy>) {
    let budget = timeline.budget();
    let mut most = 0;
    while timeline.forward() {
        let bytes = timeline.checkpoint_bytes();
        assert!(
            bytes <= budget,
            "{bytes} checkpoint bytes at step {}, over the budget of {budget}",
            timeline.step()
        );
        most = most.max(bytes);
    }
    // The budget, not the count of checkpoints, bounded them: thinning
    // started long before 2048 checkpoints, and most of the budget was used.
    assert!(timeline.checkpoint_count() < 1024);
    assert!(timeline.interval() > DEFAULT_INTERVAL);
    assert!(most > budget / 2, "at most {most} of {budget} bytes used");
}

/// Millions of steps of a search whose clone owns 100 KB, within 8 MiB of
/// checkpoints: the budget holds after every step, and seeks and backs
/// anywhere give the state reached by stepping forward from scratch.
#[test]
fn expensive_clones_stay_within_the_budget_and_seek_exactly() {
    const LENGTH: u64 = 3_000_000;
    let heavy = Heavy::new(LENGTH, 100_000);
    let mut timeline = Timeline::with_budget(heavy.clone(), 8 << 20);
    run_within_budget(&mut timeline);
    assert_eq!(timeline.total(), Some(LENGTH));
    assert!(timeline.search().is_finished());

    let mut rng = crate::Rng::new(99);
    let mut targets: Vec<u64> = (0..40).map(|_| 1 + rng.next_u64() % LENGTH).collect();
    targets.extend([1, 2, LOG as u64, LENGTH - 1, LENGTH]);
    targets.sort_unstable();
    targets.dedup();
    // The oracle: one fresh search stepped forward, never restored.
    let mut reference = heavy;
    for &target in &targets {
        while reference.counters().steps < target - 1 {
            reference.next();
        }
        let before = reference.clone();
        let event = reference.next();
        if target == LENGTH {
            // At the end the timeline's search knows it is finished.
            assert_eq!(reference.next(), None);
        }
        assert!(timeline.seek(target));
        assert_eq!(timeline.step(), target);
        assert!(*timeline.search() == reference, "seek to {target}");
        assert_eq!(timeline.last_event(), event.as_ref(), "seek to {target}");
        assert!(timeline.back());
        assert!(*timeline.search() == before, "back to {}", target - 1);
        assert!(timeline.checkpoint_bytes() <= timeline.budget());
    }
}

/// The default budget bounds a search whose clone owns 1 MB.
#[test]
fn the_default_budget_bounds_megabyte_clones() {
    let mut timeline = Timeline::new(Heavy::new(100_000, 1 << 20));
    assert_eq!(timeline.budget(), DEFAULT_BUDGET);
    run_within_budget(&mut timeline);
    let mut reference = Heavy::new(100_000, 1 << 20);
    for _ in 0..54_321 {
        reference.next();
    }
    assert!(timeline.seek(54_321));
    assert!(*timeline.search() == reference);
}
