//! Node budgets (`--max-nodes K`, EVENTS.md §1) through the outputs: the
//! summary's first line, `done`'s `complete`, the worksheet, the command
//! line and its errors. The streams themselves (a prefix of the full stream
//! and the closing undos, for every engine) are checked by the contract
//! harness (`contract.rs`).

use backstep::print::{self, Mode};
use backstep::search::Search;
use backstep::search::queens::{Queens, QueensOptions};
use backstep::search::queens_permutations::Permutations;
use backstep::ui::scene::Scene;

use crate::{backstep, backstep_ok, stderr_text, stdout_text};

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

/// A budgeted run of one variant, read from its JSON lines.
struct Budgeted {
    /// The node counter after each event.
    nodes: Vec<u64>,
    /// `place` events less `undo` events: 0 when every place was closed.
    open: i64,
    /// The `done` object's node count.
    done_nodes: u64,
    /// Whether `done` says `"complete": false`.
    incomplete: bool,
}

fn budgeted(args: &[String], max: u64) -> Budgeted {
    let max = max.to_string();
    let mut line: Vec<&str> = args.iter().map(String::as_str).collect();
    line.extend(["--max-nodes", &max, "--print", "jsonl"]);
    let text = backstep_ok(&line);
    let mut run = Budgeted {
        nodes: Vec::new(),
        open: 0,
        done_nodes: 0,
        incomplete: false,
    };
    for line in text.lines() {
        let value: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let nodes = value["nodes"]
            .as_u64()
            .expect("every line counts its nodes");
        match value["event"].as_str().expect("every line names its event") {
            "done" => {
                run.done_nodes = nodes;
                run.incomplete = value.get("complete") == Some(&serde_json::Value::Bool(false));
            }
            event => {
                run.nodes.push(nodes);
                run.open += match event {
                    "place" => 1,
                    "undo" => -1,
                    _ => 0,
                };
            }
        }
    }
    run
}

/// Generated from the registry: every search and every variant its command
/// line can pick, under several budgets K. The node counter never passes K
/// (1 for K = 0, a root that counts), every open place is closed, and the
/// run is incomplete exactly when the search has more nodes than K — known
/// from a run under a budget large enough to finish every small search.
#[test]
fn every_variant_keeps_its_budget_and_says_when_it_refused() {
    const PROBE: u64 = 400;
    let mut checked = 0;
    for kind in backstep::registry::KINDS {
        for variant in kind.variants() {
            let mut args = vec![kind.name().to_string()];
            args.extend(variant);
            // The whole tree's size when it is at most PROBE nodes.
            let probe = budgeted(&args, PROBE);
            let total = (!probe.incomplete).then_some(probe.done_nodes);
            let mut budgets = vec![0, 1, 2, 5, 33];
            if let Some(total) = total {
                budgets.extend([total.saturating_sub(1), total, total + 1]);
            }
            for max in budgets {
                let run = budgeted(&args, max);
                let most = max.max(1);
                let at = format!("{args:?} --max-nodes {max}");
                assert!(
                    run.nodes.iter().all(|&n| n <= most),
                    "{at}: the node counter went past {most}: {:?}",
                    run.nodes.iter().max()
                );
                assert_eq!(run.open, 0, "{at}: every place is closed by its undo");
                let refused = total.is_none_or(|total| total > max.max(1));
                assert_eq!(
                    run.incomplete, refused,
                    "{at}: the tree has {total:?} nodes"
                );
                if refused {
                    assert!(run.done_nodes <= most, "{at}");
                    assert!(run.done_nodes >= max, "{at}: stopped before its budget");
                } else {
                    assert_eq!(Some(run.done_nodes), total, "{at}");
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "only {checked} budgeted runs");
}
