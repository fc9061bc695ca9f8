//! The N-Queens variants of EVENTS.md §2 queens (permutations, fundamental solutions,
//! the attacks held as Algorithm B's array or as boolean arrays), through
//! the library: the reference outputs, independent oracles, and the mask
//! search as the oracle for the states.

use serde_json::Value;

use backstep::print::{Mode, print};
use backstep::search::queens::{Queens, QueensEvent, QueensOptions};
use backstep::search::queens_fundamental::{Fundamental, FundamentalEvent};
use backstep::search::queens_permutations::Permutations;
use backstep::search::queens_state::{Held, QueensArray, QueensBools, State, StateEvent};
use backstep::search::{EventKind, Search, SearchEvent};
use backstep::ui::scene::Scene;

const PERMUTATIONS4: &str = include_str!("../fixtures/queens4-permutations.jsonl");
const FUNDAMENTAL4: &str = include_str!("../fixtures/queens4-fundamental.jsonl");
const FUNDAMENTAL6_SOLUTIONS: &str =
    include_str!("../fixtures/queens6-fundamental-solutions.jsonl");
const SUMMARIES: &str = include_str!("../fixtures/summaries.txt");

/// What a search prints in `mode`.
fn printed<S: Scene>(search: S, mode: Mode) -> String {
    let mut out = Vec::new();
    print(search, mode, &mut out).expect("printing to memory");
    String::from_utf8(out).expect("UTF-8 output")
}

fn parse(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("line {l:?}: {e}")))
        .collect()
}

/// The JSON lines, compared as parsed objects line by line.
fn assert_same_json(got: &str, want: &str, what: &str) {
    let (got, want) = (parse(got), parse(want));
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(g, w, "{what}: line {} differs", i + 1);
    }
    assert_eq!(got.len(), want.len(), "{what}: number of lines");
}

/// The output the reference's `summaries.txt` gives for `command`.
fn reference_summary(command: &str) -> String {
    let mut lines = SUMMARIES
        .lines()
        .skip_while(|l| *l != format!("$ {command}"));
    assert!(lines.next().is_some(), "{command} is in summaries.txt");
    let body: Vec<&str> = lines.take_while(|l| !l.starts_with("$ ")).collect();
    body.join("\n") + "\n"
}

#[test]
fn permutations_jsonl_matches_the_reference() {
    let got = printed(Permutations::new(4, true), Mode::Jsonl);
    assert_same_json(&got, PERMUTATIONS4, "queens 4 --permutations");
}

#[test]
fn fundamental_jsonl_matches_the_reference() {
    let got = printed(Fundamental::new(4, true), Mode::Jsonl);
    assert_same_json(&got, FUNDAMENTAL4, "queens 4 --fundamental");
    let six = printed(Fundamental::new(6, true), Mode::Jsonl);
    let kept: Vec<&str> = six
        .lines()
        .filter(|l| l.contains("\"solution\"") || l.contains("\"done\""))
        .collect();
    assert_same_json(
        &(kept.join("\n") + "\n"),
        FUNDAMENTAL6_SOLUTIONS,
        "queens 6 --fundamental, solutions and done",
    );
}

#[test]
fn summaries_match_the_reference() {
    for rejects in [false, true] {
        assert_eq!(
            printed(Permutations::new(8, rejects), Mode::Summary),
            reference_summary("backstep queens 8 --permutations --print summary")
        );
        for n in [8, 10] {
            assert_eq!(
                printed(Fundamental::new(n, rejects), Mode::Summary),
                reference_summary(&format!(
                    "backstep queens {n} --fundamental --print summary"
                ))
            );
        }
    }
    assert_eq!(
        printed(Fundamental::new(2, false), Mode::Summary),
        "queens 2 fundamental: solutions=0, fundamental=0, nodes=3\norbits:\n"
    );
}

// ------------------------------------------------------------ the oracles

/// Every solution for `n` queens by brute force: every permutation of the
/// columns (one queen per row and per column), each complete one tested
/// pair by pair for a shared diagonal. Lexicographic order.
fn all_solutions(n: usize) -> Vec<Vec<u8>> {
    fn extend(n: usize, board: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if board.len() == n {
            let clash = (0..n).any(|i| {
                (i + 1..n).any(|j| (board[i] as i32 - board[j] as i32).abs() == (j - i) as i32)
            });
            if !clash {
                out.push(board.clone());
            }
            return;
        }
        for c in 0..n as u8 {
            if !board.contains(&c) {
                board.push(c);
                extend(n, board, out);
                board.pop();
            }
        }
    }
    let mut out = Vec::new();
    extend(n, &mut Vec::new(), &mut out);
    out
}

/// The 8 images of a board, by drawing it on a grid, turning the grid a
/// quarter at a time and mirroring it, and reading each row's queen back.
fn grid_images(board: &[u8]) -> Vec<Vec<u8>> {
    let n = board.len();
    let mut grid = vec![vec![false; n]; n];
    for (r, &c) in board.iter().enumerate() {
        grid[r][c as usize] = true;
    }
    let turn = |g: &Vec<Vec<bool>>| -> Vec<Vec<bool>> {
        (0..n)
            .map(|r| (0..n).map(|c| g[n - 1 - c][r]).collect())
            .collect()
    };
    let mirror = |g: &Vec<Vec<bool>>| -> Vec<Vec<bool>> {
        g.iter()
            .map(|row| row.iter().rev().copied().collect())
            .collect()
    };
    let read = |g: &Vec<Vec<bool>>| -> Vec<u8> {
        g.iter()
            .map(|row| row.iter().position(|&q| q).expect("a queen per row") as u8)
            .collect()
    };
    let mut images = Vec::new();
    for start in [grid.clone(), mirror(&grid)] {
        let mut g = start;
        for _ in 0..4 {
            images.push(read(&g));
            g = turn(&g);
        }
    }
    images
}

#[test]
fn permutation_counts_match_the_mask_search_up_to_9() {
    for n in 0..=9u8 {
        let mut masks = Queens::new(QueensOptions {
            n,
            symmetry: false,
            rejects: false,
        });
        let mask_boards: Vec<QueensEvent> = masks
            .by_ref()
            .filter(|e| e.kind() == EventKind::Solution)
            .collect();
        let mut perms = Permutations::new(n, false);
        let perm_boards: Vec<QueensEvent> = perms
            .by_ref()
            .filter(|e| e.kind() == EventKind::Solution)
            .collect();
        assert_eq!(
            perm_boards, mask_boards,
            "n = {n}: the same boards, in order"
        );
        assert_eq!(perms.counters().solutions, masks.counters().solutions);
        // Nodes: the root, then every arrangement of k distinct columns.
        let n64 = u64::from(n);
        let nodes: u64 = (0..=n64)
            .map(|k| (n64 - k + 1..=n64).product::<u64>())
            .sum();
        assert_eq!(perms.counters().nodes, nodes, "n = {n}: nodes");
    }
}

#[test]
fn fundamental_solutions_match_brute_force_canonicalisation_up_to_10() {
    for n in 0..=10usize {
        let solutions = all_solutions(n);
        let expected: Vec<(Vec<u8>, u8, bool)> = solutions
            .iter()
            .map(|board| {
                let mut images = grid_images(board);
                if n == 0 {
                    images = vec![vec![]; 8];
                }
                let canonical = images.iter().all(|image| board <= image);
                images.sort();
                images.dedup();
                (board.clone(), images.len() as u8, canonical)
            })
            .collect();
        let mut search = Fundamental::new(n as u8, false);
        let got: Vec<(Vec<u8>, u8, bool)> = search
            .by_ref()
            .filter_map(|e| match e {
                FundamentalEvent::Solution {
                    queens,
                    orbit,
                    canonical,
                } => Some((queens.to_vec(), orbit, canonical)),
                _ => None,
            })
            .collect();
        assert_eq!(got, expected, "n = {n}");
        let fundamental = expected.iter().filter(|(_, _, c)| *c).count() as u64;
        assert_eq!(search.fundamental(), fundamental, "n = {n}");
        let orbit_total: u64 = expected
            .iter()
            .filter(|(_, _, c)| *c)
            .map(|(_, o, _)| u64::from(*o))
            .sum();
        assert_eq!(
            orbit_total,
            solutions.len() as u64,
            "n = {n}: orbits sum up"
        );
        let census: Vec<(u8, u64)> = [8u8, 4, 2, 1]
            .iter()
            .map(|&size| {
                let count = expected.iter().filter(|(_, o, c)| *c && *o == size).count();
                (size, count as u64)
            })
            .filter(|(_, count)| *count > 0)
            .collect();
        assert_eq!(search.census(), census, "n = {n}: census");
    }
}

/// The squares of `queens` (row by row) that attack square (`row`, `col`),
/// by brute force over the placed queens.
fn attackers_of(queens: &[u8], row: u8, col: u8) -> Vec<u64> {
    queens
        .iter()
        .enumerate()
        .filter(|&(i, &c)| {
            let (dr, dc) = (row as i32 - i as i32, col as i32 - c as i32);
            dc == 0 || dr.abs() == dc.abs()
        })
        .map(|(i, _)| i as u64)
        .collect()
}

/// The state search's events, with the prefix placed at each event.
fn state_stream<S: State>(mut search: Held<S>) -> Vec<(StateEvent, Vec<u8>, u64)> {
    std::iter::from_fn(|| {
        let prefix = search.queens().to_vec();
        search.next().map(|e| (e, prefix, search.counters().nodes))
    })
    .collect()
}

#[test]
fn the_three_states_yield_the_mask_search_stream_up_to_9() {
    for n in 0..=9u8 {
        for symmetry in [true, false] {
            for rejects in [true, false] {
                let case = format!("n = {n}, symmetry {symmetry}, rejects {rejects}");
                let mut masks = Queens::new(QueensOptions {
                    n,
                    symmetry,
                    rejects,
                });
                let want: Vec<(QueensEvent, u64)> =
                    std::iter::from_fn(|| masks.next().map(|e| (e, masks.counters().nodes)))
                        .collect();
                let array = state_stream(QueensArray::new(n, symmetry, rejects));
                let bools = state_stream(QueensBools::new(n, symmetry, rejects));
                for (name, stream) in [("array", &array), ("bools", &bools)] {
                    let got: Vec<(QueensEvent, u64)> = stream
                        .iter()
                        .map(|(e, _, nodes)| (e.queens_event(), *nodes))
                        .collect();
                    assert_eq!(got.len(), want.len(), "{name}, {case}: length");
                    assert!(got == want, "{name}, {case}: the streams differ");
                }
                for (event, prefix, _) in &array {
                    if let StateEvent::Reject {
                        row,
                        col,
                        attackers,
                        ..
                    } = *event
                    {
                        let got: Vec<u64> = (0..16).filter(|i| attackers >> i & 1 == 1).collect();
                        // A symmetry reject has no attacker: nothing is placed.
                        assert_eq!(got, attackers_of(prefix, row, col), "{case}: {event:?}");
                    }
                }
                assert!(bools.iter().all(|(e, ..)| !matches!(
                    e,
                    StateEvent::Reject { attackers, .. } if *attackers != 0
                )));
            }
        }
    }
}

#[test]
fn the_states_print_the_mask_search_json_and_summary() {
    for n in 0..=6u8 {
        for symmetry in [true, false] {
            let options = QueensOptions {
                n,
                symmetry,
                rejects: true,
            };
            let masks = printed(Queens::new(options), Mode::Jsonl);
            let bools = printed(QueensBools::new(n, symmetry, true), Mode::Jsonl);
            assert_eq!(bools, masks, "bools, n = {n}, symmetry {symmetry}");
            let array = printed(QueensArray::new(n, symmetry, true), Mode::Jsonl);
            let mut stripped = parse(&array);
            for line in &mut stripped {
                let object = line.as_object_mut().expect("an object");
                let by = object.get("by").cloned();
                let attackers = object.remove("attackers");
                match by.as_ref().and_then(Value::as_array) {
                    Some(by) if by != &[Value::from("symmetry")] => {
                        assert!(attackers.is_some(), "attack reject without attackers")
                    }
                    _ => assert!(attackers.is_none(), "attackers outside an attack reject"),
                }
            }
            assert_eq!(
                stripped,
                parse(&masks),
                "array, n = {n}, symmetry {symmetry}"
            );
        }
    }
    let masks8 = printed(
        Queens::new(QueensOptions {
            n: 8,
            symmetry: true,
            rejects: false,
        }),
        Mode::Summary,
    );
    assert_eq!(
        printed(QueensArray::new(8, true, false), Mode::Summary),
        masks8
    );
    assert_eq!(
        printed(QueensBools::new(8, true, false), Mode::Summary),
        masks8
    );
}

/// The first lines of `queens 4 --state array --print jsonl`, the issue's
/// example: the dead end at node 3 names its attackers.
#[test]
fn array_attackers_on_four_queens() {
    let text = printed(QueensArray::new(4, true, true), Mode::Jsonl);
    let lines = parse(&text);
    let reject = |row: u64, col: u64| -> Value {
        lines
            .iter()
            .find(|l| l["event"] == "reject" && l["row"] == row && l["col"] == col)
            .cloned()
            .expect("the reject is there")
    };
    // After (0,0) and (1,2): (2,1) is on row 1's low diagonal.
    assert_eq!(reject(2, 1)["attackers"], serde_json::json!([1]));
    assert_eq!(reject(2, 1)["by"], serde_json::json!(["low"]));
    // After (0,0), (1,3) and (2,1): (3,0) is on row 0's column and on row
    // 2's low diagonal.
    assert_eq!(reject(3, 0)["attackers"], serde_json::json!([0, 2]));
    assert_eq!(reject(3, 0)["by"], serde_json::json!(["column", "low"]));
    assert_eq!(reject(1, 0)["attackers"], serde_json::json!([0]));
    assert!(reject(0, 2).get("attackers").is_none(), "a symmetry reject");
}

/// The table has a row per node, each with the header's width; the trace a
/// line per event plus header and summary; the worksheet names its search.
fn check_readable<S: Scene>(search: S, title: &str) {
    let mut count = search.clone();
    count.by_ref().for_each(drop);
    let (nodes, steps) = (count.counters().nodes, count.counters().steps);
    let table = printed(search.clone(), Mode::Table);
    let width = search.table_header().len();
    let rows: Vec<&str> = table.lines().collect();
    assert_eq!(rows.len() as u64, nodes + 2, "{title}: table rows");
    for row in rows.iter().filter(|r| !r.starts_with("|---")) {
        assert_eq!(row.matches(" |").count(), width, "{title}: {row}");
    }
    let trace = printed(search.clone(), Mode::Trace);
    let summary = count.summary().to_string().lines().count() as u64;
    assert_eq!(
        trace.lines().count() as u64,
        steps + 1 + summary,
        "{title}: trace lines"
    );
    let sheet = printed(search, Mode::Worksheet);
    assert!(
        sheet.starts_with(&format!("# Worksheet: {title}")),
        "{sheet}"
    );
    assert!(sheet.contains("## Answer key"));
}

#[test]
fn tables_traces_and_worksheets() {
    check_readable(
        Permutations::new(4, true),
        "4-Queens, permutations checked at the end",
    );
    check_readable(Fundamental::new(4, true), "4-Queens, fundamental solutions");
    check_readable(
        QueensArray::new(4, true, true),
        "4-Queens, array state, with symmetry",
    );
    check_readable(
        QueensBools::new(5, false, true),
        "5-Queens, bools state, full search",
    );
    // The array's table shows `a`, the masks' prefix, row for row.
    let array = printed(QueensArray::new(4, true, true), Mode::Table);
    assert!(
        array.starts_with("| node | a | legal | outcome |"),
        "{array}"
    );
    assert!(array.contains("| 3 | [0,2] | {} | dead end |"), "{array}");
    let bools = printed(QueensBools::new(4, true, true), Mode::Table);
    assert!(
        bools.contains("| 3 | [0,2] | {0,2} | {2,3} | {0,3} | {} | dead end |"),
        "{bools}"
    );
}

// Through the real binary: the command line's flags, their outputs
// against the reference, the combinations EVENTS.md §2 queens forbids, compare.

use crate::{backstep, stderr_text, stdout_text};

/// What `backstep queens <args>` prints, the run required to succeed.
fn queens_out(args: &[&str]) -> String {
    let mut full = vec!["queens"];
    full.extend_from_slice(args);
    let output = backstep(&full);
    assert!(
        output.status.success(),
        "backstep {full:?}: {}",
        stderr_text(&output)
    );
    stdout_text(&output)
}

#[test]
fn the_binary_prints_the_reference_streams() {
    let got = queens_out(&["4", "--permutations", "--print", "jsonl"]);
    assert_same_json(&got, PERMUTATIONS4, "backstep queens 4 --permutations");
    let got = queens_out(&["4", "--fundamental", "--print", "jsonl"]);
    assert_same_json(&got, FUNDAMENTAL4, "backstep queens 4 --fundamental");
    let six = queens_out(&["6", "--fundamental", "--print", "jsonl"]);
    let kept: Vec<&str> = six
        .lines()
        .filter(|l| {
            let v: Value = serde_json::from_str(l).expect("a JSON line");
            matches!(v["event"].as_str(), Some("solution" | "done"))
        })
        .collect();
    assert_same_json(
        &(kept.join("\n") + "\n"),
        FUNDAMENTAL6_SOLUTIONS,
        "backstep queens 6 --fundamental, solutions and done",
    );
}

#[test]
fn the_binary_prints_the_reference_summaries() {
    for args in [
        ["8", "--permutations"],
        ["8", "--fundamental"],
        ["10", "--fundamental"],
    ] {
        let command = format!("backstep queens {} --print summary", args.join(" "));
        let got = queens_out(&[args[0], args[1], "--print", "summary"]);
        assert_eq!(got, reference_summary(&command), "{command}");
    }
}

/// Under `--state bools|array` the summary is the masks' line, and the
/// JSON lines are the masks' (with `attackers` added under `array`).
#[test]
fn the_states_print_the_masks_output_through_the_binary() {
    for tree in [None, Some("--full")] {
        let with = |extra: &[&str]| {
            let mut args: Vec<&str> = extra.to_vec();
            args.extend(tree);
            queens_out(&args)
        };
        let masks = with(&["8", "--print", "summary"]);
        for state in ["masks", "bools", "array"] {
            let got = with(&["8", "--state", state, "--print", "summary"]);
            assert_eq!(got, masks, "--state {state} {tree:?}");
        }
        let masks = parse(&with(&["5", "--print", "jsonl"]));
        let bools = parse(&with(&["5", "--state", "bools", "--print", "jsonl"]));
        assert_eq!(bools, masks, "bools JSON lines {tree:?}");
        let mut array = parse(&with(&["5", "--state", "array", "--print", "jsonl"]));
        let mut carried = 0;
        for line in &mut array {
            if let Some(object) = line.as_object_mut() {
                carried += usize::from(object.remove("attackers").is_some());
            }
        }
        assert_eq!(array, masks, "array JSON lines without attackers {tree:?}");
        assert!(carried > 0, "array rejects carry attackers");
    }
}

/// Every output mode runs for every new variant and says something.
#[test]
fn every_print_mode_runs_for_every_variant() {
    let variants: [&[&str]; 6] = [
        &["--permutations"],
        &["--fundamental"],
        &["--state", "bools"],
        &["--state", "array"],
        &["--state", "array", "--full"],
        &["--state", "bools", "--full"],
    ];
    for variant in variants {
        for mode in ["summary", "jsonl", "trace", "table", "worksheet"] {
            let mut args = vec!["5"];
            args.extend_from_slice(variant);
            args.extend(["--print", mode]);
            let out = queens_out(&args);
            assert!(out.lines().count() > 1 || mode == "summary", "{args:?}");
            assert!(!out.is_empty(), "{args:?}");
        }
    }
}

/// The variants EVENTS.md §2 queens forbids together: status 2, nothing on standard
/// output, one message naming both options, no panic.
#[test]
fn forbidden_combinations_exit_2_naming_both_options() {
    let cases: [(&[&str], [&str; 2]); 12] = [
        (
            &["queens", "--permutations", "--full"],
            ["--permutations", "--full"],
        ),
        (
            &["queens", "--permutations", "--fundamental"],
            ["--permutations", "--fundamental"],
        ),
        (
            &["queens", "--permutations", "--check-at-end"],
            ["--permutations", "--check-at-end"],
        ),
        (
            &["queens", "--fundamental", "--full"],
            ["--fundamental", "--full"],
        ),
        (
            &["queens", "--fundamental", "--check-at-end"],
            ["--fundamental", "--check-at-end"],
        ),
        (
            &["queens", "--state", "bools", "--permutations"],
            ["--state bools", "--permutations"],
        ),
        (
            &["queens", "--state", "array", "--permutations"],
            ["--state array", "--permutations"],
        ),
        (
            &["queens", "--state", "array", "--fundamental"],
            ["--state array", "--fundamental"],
        ),
        (
            &["queens", "--state", "bools", "--check-at-end"],
            ["--state bools", "--check-at-end"],
        ),
        (&["queens", "--state", "bits"], ["bits", "--state"]),
        (
            &["compare", "queens", "--permutations", "--check-at-end"],
            ["--permutations", "--check-at-end"],
        ),
        (
            &["compare", "queens", "--state", "masks"],
            ["--state masks", "bools or array"],
        ),
    ];
    for (args, names) in cases {
        let mut full = args.to_vec();
        full.extend(["--print", "summary"]);
        let output = backstep(&full);
        let stderr = stderr_text(&output);
        assert_eq!(output.status.code(), Some(2), "{full:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{full:?} printed to stdout");
        assert!(!stderr.contains("panicked"), "{full:?}: {stderr}");
        for name in names {
            assert!(stderr.contains(name), "{full:?} must name {name}: {stderr}");
        }
    }
    // With --play, which keeps the masks, too.
    let output = backstep(&["queens", "--play", "--permutations"]);
    assert_eq!(output.status.code(), Some(2));
    let output = backstep(&["queens", "--play", "--state", "array"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr_text(&output).contains("--state array"));
}

/// `compare queens 8 --permutations`: the full mask search against
/// permutations, each line the engine's own summary, the ratio from the
/// two counts (109601 / 2057: the seed's 53 times).
#[test]
fn compare_puts_permutations_and_the_states_beside_the_masks() {
    let output = backstep(&[
        "compare",
        "queens",
        "8",
        "--permutations",
        "--print",
        "summary",
    ]);
    assert!(output.status.success(), "{}", stderr_text(&output));
    let text = stdout_text(&output);
    let full = queens_out(&["8", "--full", "--print", "summary"]);
    let permutations = queens_out(&["8", "--permutations", "--print", "summary"]);
    let want = format!(
        "{}{}nodes: full 2057 vs permutations 109601, ratio {:.2}x\n",
        full,
        permutations,
        109_601f64 / 2057f64
    );
    assert_eq!(text, want);
    assert!(text.contains("ratio 53.28x"));
    let masks = queens_out(&["8", "--print", "summary"]);
    let masks_line = masks.trim_end().replace("symmetry:", "symmetry masks:");
    for state in ["bools", "array"] {
        let output = backstep(&[
            "compare", "queens", "8", "--state", state, "--print", "summary",
        ]);
        assert!(output.status.success(), "{}", stderr_text(&output));
        let text = stdout_text(&output);
        let other = masks
            .trim_end()
            .replace("symmetry:", &format!("symmetry {state}:"));
        let head =
            format!("{masks_line}\n{other}\nnodes: masks 1029 vs {state} 1029, ratio 1.00x\n");
        assert!(text.starts_with(&head), "{text}");
        // Then the cost per node and the work in all (tests/all/state_compare.rs).
        assert!(
            text[head.len()..].starts_with("cost per node: masks "),
            "{text}"
        );
        assert_eq!(text.lines().count(), 5, "{text}");
    }
}

// The screens at 100x30, each at the step the issues name, found from the
// stream rather than typed in.

mod screens {
    use backstep::search::queens::{Attack, Queens, QueensEvent, QueensOptions};
    use backstep::search::queens_fundamental::{Fundamental, FundamentalEvent};
    use backstep::search::queens_permutations::Permutations;
    use backstep::search::queens_state::{QueensArray, QueensBools, StateEvent};
    use backstep::search::{EventKind, Search, SearchEvent};
    use backstep::ui::app::App;
    use backstep::ui::compare::{self, Compare};
    use backstep::ui::keys::Action;
    use backstep::ui::render;
    use backstep::ui::scene::Scene;
    use std::time::Duration;

    use crate::apps::{colour, screen};

    /// The app on `search`, moved to `step` (one event a step).
    fn at<S: Scene>(search: S, step: usize) -> App<S> {
        let mut app = App::new(search, "queens", colour());
        for _ in 0..step {
            app.act(Action::Step);
            while app.pending.is_some() {
                app.tick(Duration::ZERO);
            }
        }
        assert_eq!(app.timeline.step(), step as u64);
        app
    }

    /// The step (1-based) of the first event `pick` accepts.
    fn step_of<S: Search>(search: S, mut pick: impl FnMut(&S::Event) -> bool) -> usize {
        let mut search = search;
        1 + search
            .by_ref()
            .position(|e| pick(&e))
            .expect("such an event")
    }

    fn shot<S: Scene>(app: &App<S>) -> String {
        let (w, h) = render::min_size(app);
        assert!(w <= 100 && h <= 30, "needs {w}x{h}");
        screen(|f| render::draw(app, f))
    }

    #[test]
    fn permutations_at_the_first_complete_board_conflict() {
        let step = step_of(
            Permutations::new(4, true),
            |e| matches!(e, QueensEvent::Reject { by, .. } if !by.contains(Attack::Column)),
        );
        let text = shot(&at(Permutations::new(4, true), step));
        assert!(text.contains("first conflict: row 1 (high)"), "{text}");
        assert!(
            text.contains("a[1]-a[0] = 1-0 = 1 = j-i = 1-0: high"),
            "{text}"
        );
        insta::assert_snapshot!("permutations4_first_conflict", text);
    }

    #[test]
    fn permutations_filling_a_row() {
        let text = shot(&at(Permutations::new(4, true), 5));
        assert!(text.contains("filling row 2"), "{text}");
        insta::assert_snapshot!("permutations4_step5", text);
    }

    #[test]
    fn fundamental_at_solutions() {
        let second = {
            let mut seen = 0;
            step_of(Fundamental::new(4, true), move |e| {
                seen += usize::from(e.kind() == EventKind::Solution);
                seen == 2
            })
        };
        let text = shot(&at(Fundamental::new(4, true), second));
        assert!(text.contains("=mLR"), "merged images: {text}");
        assert!(text.contains("not this board"), "{text}");
        insta::assert_snapshot!("fundamental4_second_solution", text);
        let first = step_of(Fundamental::new(8, true), |e| {
            matches!(e, FundamentalEvent::Solution { .. })
        });
        let text = shot(&at(Fundamental::new(8, true), first));
        assert!(
            text.contains("smallest: id [0,4,7,5,2,6,1,3] = this board"),
            "{text}"
        );
        insta::assert_snapshot!("fundamental8_first_solution", text);
    }

    /// Node 3 of 4-Queens, (0,0) and (1,2) placed: the last reject before
    /// its dead end, and the dead end.
    #[test]
    fn array_and_bools_at_the_node_3_dead_end() {
        let dead = step_of(QueensArray::new(4, true, true), |e| {
            matches!(e, StateEvent::DeadEnd { .. })
        });
        let text = shot(&at(QueensArray::new(4, true, true), dead - 1));
        assert!(text.contains("B3 tests (2,3)"), "{text}");
        assert!(text.contains("first attacker: row 1 (high)"), "{text}");
        insta::assert_snapshot!("array4_node3_last_reject", text);
        let text = shot(&at(QueensArray::new(4, true, true), dead));
        assert!(text.contains("dead end: every column of row 2"), "{text}");
        insta::assert_snapshot!("array4_node3_dead_end", text);
        let text = shot(&at(QueensBools::new(4, true, true), dead - 1));
        assert!(text.contains("high[2-3+3=2]"), "{text}");
        insta::assert_snapshot!("bools4_node3_last_reject", text);
    }

    /// Both compare pairs after three node steps of both sides.
    #[test]
    fn compare_screens() {
        let masks = |symmetry| {
            App::new(
                Queens::new(QueensOptions {
                    n: 8,
                    symmetry,
                    rejects: true,
                }),
                "queens",
                colour(),
            )
        };
        let mut c = Compare::new(
            masks(false),
            App::new(Permutations::new(8, true), "queens", colour()),
            ["full".into(), "permutations".into()],
        );
        for _ in 0..3 {
            c.act(Action::Step);
            while c.busy() {
                c.tick(Duration::ZERO);
            }
        }
        let text = screen(|f| compare::draw(&c, f));
        assert!(text.contains("permutations"), "{text}");
        insta::assert_snapshot!("compare_full_permutations8", text);
        let mut c = Compare::new(
            masks(true),
            App::new(QueensArray::new(8, true, true), "queens", colour()),
            ["masks".into(), "array".into()],
        );
        for _ in 0..3 {
            c.act(Action::Step);
            while c.busy() {
                c.tick(Duration::ZERO);
            }
        }
        let text = screen(|f| compare::draw(&c, f));
        insta::assert_snapshot!("compare_masks_array8", text);
    }
}

/// 8-Queens under each new variant fits the smallest terminal the brief
/// names, in colour and in ASCII.
#[test]
fn eight_queens_variants_fit_80x24() {
    use backstep::ui::app::App;
    use backstep::ui::render;
    use backstep::ui::theme::Theme;
    for theme in [Theme::new(true, false), Theme::new(false, true)] {
        let sizes = [
            (
                "permutations",
                render::min_size(&App::new(Permutations::new(8, true), "queens", theme)),
            ),
            (
                "fundamental",
                render::min_size(&App::new(Fundamental::new(8, true), "queens", theme)),
            ),
            (
                "array",
                render::min_size(&App::new(QueensArray::new(8, true, true), "queens", theme)),
            ),
            (
                "bools",
                render::min_size(&App::new(QueensBools::new(8, true, true), "queens", theme)),
            ),
        ];
        for (name, (w, h)) in sizes {
            assert!(w <= 80 && h <= 24, "{name} needs {w}x{h}");
        }
    }
}
