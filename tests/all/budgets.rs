//! Node budgets (`--max-nodes K`, SPEC §5) through the outputs: the
//! summary's first line, `done`'s `complete`, the worksheet, the command
//! line and its errors. The streams themselves (a prefix of the full stream
//! and the closing undos, for every engine) are checked by the contract
//! harness (`contract.rs`).

use backstep::print::{self, Mode};
use backstep::search::Search;
use backstep::search::queens::{Queens, QueensOptions};
use backstep::search::queens_permutations::Permutations;
use backstep::ui::scene::Scene;

use crate::{backstep, stderr_text, stdout_text};

/// What `search` prints in `mode`, through the library.
fn printed<S: Scene>(search: S, mode: Mode) -> String {
    let mut out = Vec::new();
    print::print(search, mode, &mut out).expect("a Vec takes every write");
    String::from_utf8(out).expect("UTF-8")
}

/// The line after `$ command` in the reference summaries.
fn reference(command: &str) -> String {
    let text = include_str!("../fixtures/summaries.txt");
    let mut lines = text.lines();
    lines.find(|l| *l == format!("$ {command}"));
    lines
        .next()
        .expect("the command is in the reference")
        .to_string()
}

fn queens(n: u8, rejects: bool) -> Queens {
    Queens::new(QueensOptions {
        n,
        symmetry: true,
        rejects,
    })
}

#[test]
fn permutations_under_a_budget_print_the_reference_summary() {
    let mut search = Permutations::new(8, false);
    search.limit_nodes(1000);
    let command = "backstep queens 8 --permutations --max-nodes 1000 --print summary";
    assert_eq!(
        printed(search, Mode::Summary),
        format!("{}\n", reference(command))
    );
}

/// The real binary, against the reference line.
#[test]
fn permutations_under_a_budget_from_the_binary() {
    let command = "backstep queens 8 --permutations --max-nodes 1000 --print summary";
    let args: Vec<&str> = command.split(' ').skip(1).collect();
    let out = backstep(&args);
    assert!(out.status.success(), "{}", stderr_text(&out));
    assert_eq!(stdout_text(&out), format!("{}\n", reference(command)));
}

/// The summary's first line gets the suffix exactly when a place was
/// refused; the counts are those of the budgeted run.
#[test]
fn summary_marks_only_a_refused_run_incomplete() {
    let full = printed(queens(8, false), Mode::Summary);
    let mut counted = queens(8, false);
    counted.run_to_end();
    let total = counted.counters().nodes;
    assert_eq!(
        full,
        format!("queens 8 symmetry: solutions=92, nodes={total}\n")
    );
    for max in [0, 1, 100, total - 1] {
        let mut search = queens(8, false);
        search.limit_nodes(max);
        let shown = max.max(1);
        assert_eq!(
            printed(search, Mode::Summary),
            format!(
                "queens 8 symmetry: solutions={}, nodes={shown}, incomplete (node budget {max})\n",
                solutions_within(shown)
            )
        );
    }
    for max in [total, total + 1, u64::MAX] {
        let mut search = queens(8, false);
        search.limit_nodes(max);
        assert_eq!(printed(search, Mode::Summary), full, "--max-nodes {max}");
    }
}

/// The weighted solutions the event stream has counted once `nodes` nodes
/// are entered and the next place would pass them: an oracle from the full
/// stream.
fn solutions_within(nodes: u64) -> u64 {
    let mut search = queens(8, false);
    let mut solutions = 0;
    while let Some(_event) = search.next() {
        if search.counters().nodes > nodes {
            break;
        }
        solutions = search.counters().solutions;
    }
    solutions
}

#[test]
fn done_says_complete_false_only_when_a_place_was_refused() {
    for (max, complete) in [(5, false), (8, false), (9, true), (50, true)] {
        let mut search = queens(4, true);
        search.limit_nodes(max);
        let text = printed(search, Mode::Jsonl);
        let done: serde_json::Value =
            serde_json::from_str(text.lines().last().expect("a done line")).expect("JSON");
        assert_eq!(done["event"], "done");
        assert_eq!(done["nodes"], max.min(9));
        match complete {
            true => assert!(done.get("complete").is_none(), "{done}"),
            false => assert_eq!(done["complete"], false, "{done}"),
        }
    }
}

#[test]
fn worksheet_and_trace_say_incomplete() {
    let mut search = queens(6, true);
    search.limit_nodes(7);
    let sheet = printed(search.clone(), Mode::Worksheet);
    assert!(sheet.contains("incomplete (node budget 7)"), "{sheet}");
    let trace = printed(search, Mode::Trace);
    let last = trace.lines().last().expect("a summary line");
    assert!(
        last.ends_with(", nodes=7, incomplete (node budget 7)"),
        "{last}"
    );
}

/// Every search command takes the option, and its summary says so.
#[test]
fn every_command_takes_a_budget() {
    for args in [
        &["queens", "8"][..],
        &["queens", "8", "--full"],
        &["queens", "8", "--check-at-end"],
        &["sudoku", "inkala"],
        &["word"],
        &["word", "--word", "SEE"],
    ] {
        let mut args = args.to_vec();
        args.extend(["--max-nodes", "3", "--print", "summary"]);
        let out = backstep(&args);
        assert!(out.status.success(), "{args:?}: {}", stderr_text(&out));
        let text = stdout_text(&out);
        let first = text.lines().next().unwrap_or_default();
        assert!(
            first.ends_with(", incomplete (node budget 3)"),
            "{args:?}: {text}"
        );
    }
    let out = backstep(&[
        "compare",
        "queens",
        "8",
        "--max-nodes",
        "10",
        "--print",
        "summary",
    ]);
    assert!(out.status.success(), "{}", stderr_text(&out));
    let text = stdout_text(&out);
    assert_eq!(
        text.matches("incomplete (node budget 10)").count(),
        2,
        "{text}"
    );
}

#[test]
fn bad_budgets_exit_2_naming_the_option() {
    for value in ["-1", "abc", "1.5", "", "18446744073709551616", "+-3"] {
        for command in [&["queens", "8"][..], &["sudoku"], &["compare", "sudoku"]] {
            let mut args = command.to_vec();
            args.extend(["--max-nodes", value, "--print", "summary"]);
            let out = backstep(&args);
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            let err = stderr_text(&out);
            assert!(err.contains("--max-nodes"), "{args:?}: {err}");
            assert!(err.contains(&format!("'{value}'")), "{args:?}: {err}");
            assert!(stdout_text(&out).is_empty(), "{args:?}");
        }
    }
}
