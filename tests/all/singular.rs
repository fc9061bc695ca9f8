//! Counts of one say their noun in the singular in every output: each
//! search run where something counts to 1 (one solution, one path, one
//! word, one probe), every headless output of it read for `1 <plural>`.

use super::backstep_ok;

/// Nouns the program counts, in the plural. ("vertices" and "edges" are
/// not among them: the colour summary's head keeps them for one, as the
/// EVENTS.md §2 colour says.)
const PLURALS: &[&str] = &[
    "solutions",
    "colourings",
    "nodes",
    "paths",
    "words",
    "queens",
    "cells",
    "items",
    "options",
    "colours",
    "lines",
    "probes",
    "candidates",
    "updates",
    "rejects",
    "letters",
    "bytes",
    "columns",
    "rows",
    "moves",
    "steps",
    "events",
    "times",
    "blanks",
    "digits",
    "neighbours",
    "boards",
    "orbits",
    "units",
];

/// Runs where some count is 1, one per search (and per kind of count).
const RUNS: &[&[&str]] = &[
    &["queens", "1"],
    &["queens", "1", "--full"],
    &["queens", "1", "--permutations"],
    &["queens", "1", "--fundamental"],
    &["queens", "1", "--state", "bools"],
    &["queens", "1", "--check-at-end"],
    &["sudoku"],
    &["sudoku", "--order", "propagate"],
    &["sudoku", "--order", "dlx"],
    &["word"],
    &["words", "--words", "OATH"],
    &["maze", "--grid", "11,01"],
    &["colour"],
    &[
        "colour",
        "--vertices",
        "1",
        "--edges",
        "",
        "-m",
        "1",
        "--all",
    ],
    &["cover", "knuth"],
];

/// `1 <plural>` in `text`, with the 1 standing alone (not `11`, `0.1`, `#1`).
fn one_plural(text: &str) -> Option<String> {
    for line in text.lines() {
        let words: Vec<&str> = line.split(' ').collect();
        for pair in words.windows(2) {
            let one = pair[0].trim_start_matches(['(', '[', '"', '`']);
            let noun = pair[1].trim_end_matches(|c: char| !c.is_ascii_alphabetic());
            if one == "1" && PLURALS.contains(&noun) {
                return Some(line.to_string());
            }
        }
    }
    None
}

#[test]
fn a_count_of_one_is_singular_in_every_output() {
    let mut outputs = 0;
    for run in RUNS {
        let mut modes: Vec<Vec<&str>> = ["summary", "trace", "table", "worksheet"]
            .iter()
            .map(|m| vec!["--print", m])
            .collect();
        modes.push(vec!["--print", "estimate", "--probes", "2"]);
        modes.push(vec![
            "--print",
            "frame",
            "--at",
            "solution:1",
            "--size",
            "160x48",
        ]);
        for mode in modes {
            let args: Vec<&str> = run.iter().chain(&mode).copied().collect();
            let text = backstep_ok(&args);
            if let Some(line) = one_plural(&text) {
                panic!("{args:?}: a count of one in the plural:\n  {line}");
            }
            outputs += 1;
        }
    }
    assert_eq!(outputs, RUNS.len() * 6);
}

#[test]
fn the_check_finds_a_plural_after_one() {
    assert!(one_plural("found 1 colourings").is_some());
    assert!(one_plural("(1 nodes)").is_some());
    assert!(one_plural("11 nodes, 0.1 nodes, #1 nodes, 1 node").is_none());
}
