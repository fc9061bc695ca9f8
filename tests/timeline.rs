//! The timeline's promise, checked on random walks: whatever mix of steps,
//! backs, seeks and jobs (finished or cancelled) led to a step, the view there
//! equals the view reached by stepping forward from the start to that step.

use backstep::input;
use backstep::search::{
    Counters, EventKind, Order, Queens, Search, SearchEvent, Sudoku, WordSearch,
};
use backstep::search::{queens::QueensOptions, sudoku::SudokuOptions, word::WordOptions};
use backstep::timeline::{Goal, LOG, Progress, Timeline};
use proptest::prelude::*;

/// What a person sees of a search's working state, as a comparable string.
trait View: Search {
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

/// The whole search stepped forward from the start: every event, and the
/// counters and state after each step (index 0 is the start).
struct Reference<S: Search> {
    events: Vec<S::Event>,
    views: Vec<(Counters, String)>,
}

impl<S: View> Reference<S> {
    fn new(search: &S) -> Self {
        let mut search = search.clone();
        let mut views = vec![(*search.counters(), search.fingerprint())];
        let mut events = Vec::new();
        while let Some(event) = search.next() {
            events.push(event);
            views.push((*search.counters(), search.fingerprint()));
        }
        Reference { events, views }
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
    let recent: Vec<(u64, &S::Event)> = timeline.recent().collect();
    let expected: Vec<(u64, &S::Event)> = (t.saturating_sub(LOG)..t)
        .map(|i| (i as u64 + 1, &reference.events[i]))
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
    let reference = Reference::new(&search);
    let total = reference.total();
    let mut timeline = Timeline::with_interval(search, interval, max);
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

fn run(case: Case, interval: u64, max: usize, ops: &[Op]) -> Result<(), TestCaseError> {
    match case {
        Case::Queens {
            n,
            symmetry,
            rejects,
        } => walk(
            Queens::new(QueensOptions {
                n,
                symmetry,
                rejects,
            }),
            interval,
            max,
            ops,
        ),
        Case::Sudoku {
            puzzle,
            order,
            rejects,
        } => {
            let puzzle = input::load_puzzle(puzzle).expect("a test puzzle").value;
            walk(
                Sudoku::new(&puzzle, SudokuOptions { order, rejects }),
                interval,
                max,
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
            walk(WordSearch::new(&board, word, options), interval, max, ops)
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
        run(case, interval, max, &ops)?;
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
