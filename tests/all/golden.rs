//! Golden tests: the reference outputs the program must reproduce exactly.

use serde_json::Value;

use backstep::search::Search;
use backstep::search::queens::{Queens, QueensOptions};

use crate::{backstep, stderr_text, stdout_text};

const SAMPLES: &str = include_str!("../fixtures/samples.txt");
const QUEENS4: &str = include_str!("../fixtures/queens4.jsonl");
const QUEENS4_FULL: &str = include_str!("../fixtures/queens4-full.jsonl");
const QUEENS4_TABLE: &str = include_str!("../fixtures/queens4-table.md");
const QUEENS_COUNTS: &str = include_str!("../fixtures/queens-counts.tsv");
const SUDOKU_CAMPUS4: &str = include_str!("../fixtures/sudoku-campus4.jsonl");
const WORD_SEE: &str = include_str!("../fixtures/word-see.jsonl");
// Traces as the program printed them before JSON lines and traces were
// written without building a value or a string per line (issue 16): the
// rewrite must not change a byte.
const QUEENS4_TRACE: &str = include_str!("../fixtures/queens4-trace.txt");
const QUEENS3_CHECK_AT_END_TRACE: &str = include_str!("../fixtures/queens3-check-at-end-trace.txt");
const SUDOKU_CAMPUS4_TRACE: &str = include_str!("../fixtures/sudoku-campus4-trace.txt");
const WORD_DEFAULT_TRACE: &str = include_str!("../fixtures/word-default-trace.txt");
const WORD_ZZ_TRACE: &str = include_str!("../fixtures/word-zz-trace.txt");

#[test]
fn samples_match_the_reference_byte_for_byte() {
    let output = backstep(&["samples"]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "stderr: {}",
        stderr_text(&output)
    );
    // Compare as text first for a readable diff, then as bytes to catch any
    // difference the text comparison could hide (there is none, but the
    // contract is bytes).
    assert_eq!(stdout_text(&output), SAMPLES);
    assert_eq!(output.stdout, SAMPLES.as_bytes());
}

/// Runs `args` with `--print jsonl` and compares each line, parsed, with the
/// reference file's line: key order is not significant, values are. The
/// program's bytes must also stay those of the reference, which is what it
/// printed when the reference was made: scripts may compare them as text.
fn assert_jsonl(args: &[&str], reference: &str) {
    let mut full: Vec<&str> = args.to_vec();
    full.extend(["--print", "jsonl"]);
    let output = backstep(&full);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{args:?}: stderr: {}",
        stderr_text(&output)
    );
    let text = stdout_text(&output);
    let parse = |line: &str, what: &str| -> Value {
        serde_json::from_str(line).unwrap_or_else(|e| panic!("{what} line {line:?}: {e}"))
    };
    let got: Vec<Value> = text.lines().map(|l| parse(l, "output")).collect();
    let want: Vec<Value> = reference.lines().map(|l| parse(l, "reference")).collect();
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(g, w, "{args:?}: line {} differs", i + 1);
    }
    assert_eq!(
        got.len(),
        want.len(),
        "{args:?}: {} lines printed, the reference has {}",
        got.len(),
        want.len()
    );
    assert_eq!(text, reference, "{args:?}: same values, other bytes");
}

#[test]
fn queens4_jsonl_matches_the_reference() {
    assert_jsonl(&["queens", "4"], QUEENS4);
}

#[test]
fn queens4_full_jsonl_matches_the_reference() {
    assert_jsonl(&["queens", "4", "--full"], QUEENS4_FULL);
}

#[test]
fn sudoku_campus_jsonl_matches_the_reference() {
    assert_jsonl(&["sudoku", "campus"], SUDOKU_CAMPUS4);
}

#[test]
fn word_see_jsonl_matches_the_reference() {
    assert_jsonl(&["word", "--word", "SEE"], WORD_SEE);
}

/// The cells of a Markdown table row, trimmed: `| a | b |` gives `[a, b]`.
fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    inner.split('|').map(|c| c.trim().to_string()).collect()
}

#[test]
fn queens4_table_matches_the_reference_byte_for_byte() {
    // All seven columns: the outcome is the first thing that happens at
    // each node, as the reference has it, which is what lets the table be
    // streamed row by row (issue 8).
    let output = backstep(&["queens", "4", "--print", "table"]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "stderr: {}",
        stderr_text(&output)
    );
    let text = stdout_text(&output);
    assert_eq!(text, QUEENS4_TABLE);
    // The outcome column says what happened at every node.
    for line in text.lines().skip(2) {
        assert!(!cells(line)[6].is_empty(), "empty outcome in {line}");
    }
}

#[test]
fn traces_keep_their_bytes() {
    let cases: &[(&[&str], &str)] = &[
        (&["queens", "4"], QUEENS4_TRACE),
        (
            &["queens", "3", "--check-at-end"],
            QUEENS3_CHECK_AT_END_TRACE,
        ),
        (&["sudoku", "campus"], SUDOKU_CAMPUS4_TRACE),
        (&["word"], WORD_DEFAULT_TRACE),
        (&["word", "--word", "ZZ"], WORD_ZZ_TRACE),
    ];
    for (args, want) in cases {
        let mut full = args.to_vec();
        full.extend(["--print", "trace"]);
        let output = backstep(&full);
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert_eq!(stdout_text(&output), *want, "{args:?}");
    }
}

/// One row of `queens-counts.tsv`.
#[derive(Debug)]
struct Counts {
    n: u8,
    solutions: u64,
    nodes_symmetry: u64,
    nodes_full: u64,
}

fn queens_counts() -> Vec<Counts> {
    QUEENS_COUNTS
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let f: Vec<u64> = line
                .split('\t')
                .map(|x| x.trim().parse().expect("a number"))
                .collect();
            Counts {
                n: f[0] as u8,
                solutions: f[1],
                nodes_symmetry: f[2],
                nodes_full: f[3],
            }
        })
        .collect()
}

#[test]
fn queens_node_and_solution_counts_match_the_reference_up_to_11() {
    let rows = queens_counts();
    assert!(rows.iter().any(|r| r.n == 11), "the fixture reaches n = 11");
    for row in rows.iter().filter(|r| r.n <= 11) {
        for (symmetry, nodes) in [(true, row.nodes_symmetry), (false, row.nodes_full)] {
            let mut search = Queens::new(QueensOptions {
                n: row.n,
                symmetry,
                rejects: false,
            });
            search.by_ref().for_each(drop);
            let c = search.counters();
            assert_eq!(
                (c.solutions, c.nodes),
                (row.solutions, nodes),
                "n = {}, symmetry {symmetry}",
                row.n
            );
        }
    }
}

#[test]
fn queens_summaries_from_the_binary_match_the_reference() {
    let rows = queens_counts();
    for (n, full) in [(6u8, false), (9, true), (10, false)] {
        let row = rows.iter().find(|r| r.n == n).expect("n in the fixture");
        let n_text = n.to_string();
        let mut args = vec!["queens", n_text.as_str(), "--print", "summary"];
        if full {
            args.push("--full");
        }
        let output = backstep(&args);
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        let (mode, nodes) = if full {
            ("full", row.nodes_full)
        } else {
            ("symmetry", row.nodes_symmetry)
        };
        assert_eq!(
            stdout_text(&output),
            format!(
                "queens {n} {mode}: solutions={}, nodes={nodes}\n",
                row.solutions
            ),
            "{args:?}"
        );
    }
}
