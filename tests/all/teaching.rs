//! The teaching views: the check-at-the-end N-Queens search against
//! independent counts, `compare` summaries, and snapshots of the trace table,
//! algorithm and compare screens.

use std::time::Duration;

use backstep::search::queens::{Queens, QueensEvent, QueensOptions};
use backstep::search::{Search, SearchEvent};
use backstep::ui::app::App;
use backstep::ui::compare::{self, Compare};
use backstep::ui::keys::Action;
use backstep::ui::render;
use backstep::ui::theme::Theme;

use crate::apps::{colour, queens, screen};
use crate::{backstep, stdout_text};

/// Solutions of n-Queens by trying every permutation of columns: written
/// from scratch here, sharing nothing with the engine.
fn brute_force_solutions(n: usize) -> u64 {
    fn extend(cols: &mut Vec<usize>, n: usize) -> u64 {
        if cols.len() == n {
            return 1;
        }
        let mut count = 0;
        for c in 0..n {
            let r = cols.len();
            let safe = cols
                .iter()
                .enumerate()
                .all(|(pr, &pc)| pc != c && pr.abs_diff(r) != pc.abs_diff(c));
            if safe {
                cols.push(c);
                count += extend(cols, n);
                cols.pop();
            }
        }
        count
    }
    extend(&mut Vec::new(), n)
}

#[test]
fn check_at_end_enters_every_prefix_and_finds_every_solution() {
    for n in 0..=6u8 {
        let mut search = Queens::check_at_end(n, false);
        search.by_ref().for_each(drop);
        let nn = u64::from(n);
        let every_prefix: u64 = (0..=n).map(|k| nn.pow(u32::from(k))).sum();
        let c = search.counters();
        assert_eq!(c.nodes, every_prefix, "nodes for n = {n}");
        assert_eq!(c.solutions, brute_force_solutions(n as usize), "n = {n}");
        // Every complete board is either a solution or a dead end.
        assert_eq!(c.found + c.dead_ends, nn.pow(u32::from(n)), "n = {n}");
    }
}

#[test]
fn check_at_end_rejects_only_complete_boards_naming_a_real_attack() {
    let n = 5u8;
    let mut search = Queens::check_at_end(n, true);
    let mut board: Vec<u8> = Vec::new();
    let mut previous: Option<QueensEvent> = None;
    for event in search.by_ref() {
        match &event {
            QueensEvent::Place { row, col } => {
                assert_eq!(usize::from(*row), board.len());
                board.push(*col);
            }
            QueensEvent::Undo { col, .. } => assert_eq!(board.pop(), Some(*col)),
            QueensEvent::Reject { row, col, by } => {
                assert_eq!(
                    board.len(),
                    usize::from(n),
                    "rejects only at complete boards"
                );
                let (r, c) = (usize::from(*row), *col);
                assert_eq!(board[r], c);
                // The named queen is attacked by one above it, and no queen
                // above it is attacked (it is the first).
                let attacked = |r: usize| {
                    (0..r).any(|p| {
                        board[p] == board[r]
                            || p.abs_diff(r) == board[p].abs_diff(board[r]) as usize
                    })
                };
                assert!(attacked(r), "({r},{c}) is attacked, by {by:?}");
                assert!(
                    (0..r).all(|p| !attacked(p)),
                    "({r},{c}) is the first attacked"
                );
            }
            QueensEvent::DeadEnd { row } => {
                assert_eq!(*row, n);
                assert!(matches!(previous, Some(QueensEvent::Reject { .. })));
            }
            QueensEvent::Solution { queens, weight } => {
                assert_eq!((queens.to_vec(), *weight), (board.clone(), 1));
            }
        }
        previous = Some(event);
    }
    assert!(board.is_empty() && search.counters().depth == 0);
}

#[test]
fn compare_summaries_state_both_counts_and_the_ratio() {
    let cases: [(&[&str], &str); 3] = [
        (
            &["compare", "queens", "4", "--print", "summary"],
            "queens 4 symmetry: solutions=2, nodes=9\nqueens 4 full: solutions=2, nodes=17\nnodes: symmetry 9 vs full 17, ratio 1.89x\n",
        ),
        (
            &[
                "compare",
                "queens",
                "4",
                "--check-at-end",
                "--print",
                "summary",
            ],
            "queens 4 full: solutions=2, nodes=17\nqueens 4 check-at-end: solutions=2, nodes=341\nnodes: full 17 vs check at end 341, ratio 20.06x\n",
        ),
        (
            &["queens", "8", "--check-at-end", "--print", "summary"],
            "queens 8 check-at-end: solutions=92, nodes=19173961\n",
        ),
    ];
    for (args, expected) in cases {
        let output = backstep(args);
        assert!(output.status.success(), "{args:?}");
        assert_eq!(stdout_text(&output), expected, "{args:?}");
    }
    let sudoku = stdout_text(&backstep(&[
        "compare", "sudoku", "sample", "--print", "summary",
    ]));
    // Each summary names its variant, as `queens 4 symmetry:` does.
    assert!(
        sudoku.starts_with("sudoku mrv: solutions capped at 2=1, nodes=52\n"),
        "{sudoku}"
    );
    assert!(sudoku.contains("\nsudoku first: solutions capped at 2=1, nodes="));
    assert!(sudoku.contains("nodes: mrv 52 vs first "), "{sudoku}");
    let word = stdout_text(&backstep(&["compare", "word", "--print", "summary"]));
    let heads: Vec<&str> = word.lines().filter_map(|l| l.split(':').next()).collect();
    assert_eq!(
        heads,
        ["word ABCCED pruned", "word ABCCED unpruned", "nodes"],
        "{word}"
    );
}

fn four_queens() -> App<Queens> {
    queens(4, true, colour())
}

/// Carries out `action` and lets the job it started finish.
fn act(app: &mut App<Queens>, action: Action) {
    app.act(action);
    while app.pending.is_some() {
        app.tick(Duration::from_millis(16));
    }
}

#[test]
fn trace_table_panel_grows_with_the_search_and_follows_back() {
    let mut app = four_queens();
    act(&mut app, Action::Table);
    act(&mut app, Action::NextDeadEnd);
    let text = screen(|f| render::draw(&app, f));
    assert!(text.contains("Trace table"));
    assert!(
        text.contains("[0,2]") && !text.contains("[0,3]"),
        "three nodes so far"
    );
    insta::assert_snapshot!("queens4_table_at_first_dead_end", text);
    act(&mut app, Action::End);
    let end = screen(|f| render::draw(&app, f));
    assert!(end.contains("[1,3,0,2]") && end.contains("solution, weight 2"));
    act(&mut app, Action::Start);
    let start = screen(|f| render::draw(&app, f));
    assert!(
        !start.contains("[0,2]"),
        "back at step 0 only the root row is left"
    );
}

#[test]
fn algorithm_panel_marks_the_line_behind_the_last_event() {
    let mut app = four_queens();
    act(&mut app, Action::Code);
    act(&mut app, Action::NextDeadEnd);
    let text = screen(|f| render::draw(&app, f));
    let marked: Vec<&str> = text.lines().filter(|l| l.contains("▶")).collect();
    assert!(
        marked
            .iter()
            .any(|l| l.contains("if no column was legal: dead end")),
        "{text}"
    );
    insta::assert_snapshot!("queens4_algorithm_at_first_dead_end", text);
    act(&mut app, Action::Step);
    let after = screen(|f| render::draw(&app, f));
    assert!(
        after
            .lines()
            .any(|l| l.contains("▶") && l.contains("undo the queen"))
    );
}

#[test]
fn compare_screen_steps_both_sides_by_node() {
    let theme = Theme::new(true, false);
    let options = |symmetry| QueensOptions {
        n: 4,
        symmetry,
        rejects: true,
    };
    let left = App::new(Queens::new(options(true)), "queens", theme);
    let right = App::new(Queens::new(options(false)), "queens", theme);
    let mut c = Compare::new(left, right, ["symmetry".into(), "full".into()]);
    for _ in 0..3 {
        c.act(Action::Step);
        while c.busy() {
            c.tick(Duration::from_millis(16));
        }
    }
    let nodes = |c: &Compare| {
        (
            c.app::<Queens>(0).timeline.search().counters().nodes,
            c.app::<Queens>(1).timeline.search().counters().nodes,
        )
    };
    assert_eq!(nodes(&c), (4, 4), "three nodes entered on each side");
    let text = screen(|f| compare::draw(&c, f));
    assert!(text.contains("nodes so far: symmetry 4 vs full 4, ratio 1.00x"));
    insta::assert_snapshot!("compare_queens4_three_nodes", text);
    c.act(Action::End);
    while c.busy() {
        c.tick(Duration::from_millis(16));
    }
    assert_eq!(nodes(&c), (9, 17));
    assert!(
        c.ratio_line()
            .contains("final: symmetry 9 vs full 17, ratio 1.89x")
    );
    let done = c.app::<Queens>(0).timeline.last_event().map(|e| e.kind());
    assert!(done.is_some());
}
