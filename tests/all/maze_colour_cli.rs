//! `backstep maze` and `backstep colour` through the real binary: the
//! reference summaries and JSON lines, `colour --list`, the `color` alias,
//! every `--print` mode, and bad inputs (status 2, the spot named).

use serde_json::Value;

use crate::backstep_ok as ok;
use crate::errors::run_bounded;
use crate::lib_outputs::summaries_for;

const MAZE_DEFAULT: &str = include_str!("../fixtures/maze-default.jsonl");
const COLOUR_M3: &str = include_str!("../fixtures/colour-seed-m3.jsonl");
const COLOUR_M2: &str = include_str!("../fixtures/colour-seed-m2.jsonl");

#[test]
fn summaries_match_the_reference_through_the_binary() {
    for search in ["maze", "colour"] {
        let cases = summaries_for(search);
        assert!(!cases.is_empty(), "the reference has {search} summaries");
        for (command, want) in cases {
            let args: Vec<&str> = command.split_whitespace().skip(1).collect();
            assert_eq!(ok(&args), want, "{command}");
        }
    }
    // The alias prints the same: the summary says `colour` either way.
    assert_eq!(
        ok(&["color", "--print", "summary"]),
        ok(&["colour", "--print", "summary"])
    );
}

#[test]
fn jsonl_matches_the_reference_through_the_binary() {
    let cases: &[(&[&str], &str)] = &[
        (&["maze"], MAZE_DEFAULT),
        (&["colour"], COLOUR_M3),
        (&["colour", "-m", "2"], COLOUR_M2),
        (&["color", "--colours", "2"], COLOUR_M2),
    ];
    for (args, reference) in cases {
        let mut full = args.to_vec();
        full.extend(["--print", "jsonl"]);
        let text = ok(&full);
        let parse = |line: &str| -> Value {
            serde_json::from_str(line).unwrap_or_else(|e| panic!("{args:?}: {line:?}: {e}"))
        };
        let got: Vec<Value> = text.lines().map(parse).collect();
        let want: Vec<Value> = reference.lines().map(parse).collect();
        assert_eq!(got, want, "{args:?}");
    }
}

#[test]
fn every_print_mode_works() {
    for search in [&["maze"][..], &["colour"], &["colour", "--all"]] {
        for mode in ["summary", "jsonl", "trace", "table", "worksheet"] {
            let mut args = search.to_vec();
            args.extend(["--print", mode]);
            assert!(!ok(&args).is_empty(), "{args:?}");
        }
    }
    let table = ok(&["maze", "--print", "table"]);
    assert!(
        table.starts_with("| node | cell | move | path | outcome |"),
        "{table}"
    );
    let table = ok(&["colour", "--print", "table"]);
    assert!(
        table.starts_with("| node | vertex | colours so far | legal | outcome |"),
        "{table}"
    );
}

#[test]
fn inputs_from_options_files_and_names() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let maze = dir.join("cli-maze.txt");
    std::fs::write(&maze, "1 0 0 0\n\n1 1 0 1\n1 1 0 0\n0 1 1 1\n").expect("write");
    let from_file = ok(&[
        "maze",
        "--grid",
        maze.to_str().expect("UTF-8"),
        "--print",
        "summary",
    ]);
    assert_eq!(from_file, ok(&["maze", "--print", "summary"]));
    // `.` and `#` read as `1` and `0`.
    assert_eq!(
        ok(&["maze", "--grid", "1..,.#.,...", "--print", "summary"]),
        ok(&["maze", "--grid", "111,101,111", "--print", "summary"])
    );
    let graph = dir.join("cli-seed.col");
    std::fs::write(
        &graph,
        "c seed\np edge 4 5\ne 1 2\ne 2 4\ne 3 4\ne 4 1\ne 1 3\n",
    )
    .expect("write");
    let path = graph.to_str().expect("UTF-8");
    assert_eq!(
        ok(&["colour", "--graph", path, "--print", "summary"]),
        ok(&["colour", "--print", "summary"])
    );
    assert_eq!(
        ok(&["colour", "--graph", "seed", "--all", "--print", "summary"]),
        ok(&["colour", "--all", "--print", "summary"])
    );
    // `--vertices` adds isolated vertices, each free to take any colour.
    // The seed's 6 colourings, times 3 for the fifth vertex.
    let five = ok(&["colour", "--vertices", "5", "--all", "--print", "summary"]);
    assert!(
        five.starts_with("colour 5 vertices, 5 edges, m=3, all: colourings=18,"),
        "{five}"
    );
    assert_eq!(
        ok(&["colour", "--edges", "", "--print", "summary"]),
        "colour 0 vertices, 0 edges, m=3: found=1, nodes=1, colours=[]\n"
    );
}

#[test]
fn colour_list_names_every_shipped_graph() {
    let list = ok(&["colour", "--list"]);
    let names: Vec<&str> = list
        .lines()
        .map(|l| l.split_whitespace().next().expect("a name"))
        .collect();
    let shipped: Vec<&str> = backstep::assets::GRAPHS.iter().map(|a| a.name).collect();
    assert_eq!(names, shipped);
    for name in shipped {
        ok(&["colour", "--graph", name, "--print", "summary"]);
    }
    assert_eq!(ok(&["color", "--list"]), list);
}

#[test]
fn help_names_the_commands_and_the_alias() {
    let help = ok(&["--help"]);
    assert!(help.contains("maze") && help.contains("colour"), "{help}");
    assert!(help.contains("color"), "the alias is visible:\n{help}");
    let colour = ok(&["colour", "--help"]);
    for option in [
        "--vertices",
        "--edges",
        "--colours",
        "-m",
        "[NAME|FILE]",
        "--all",
        "--list",
    ] {
        assert!(colour.contains(option), "{option}:\n{colour}");
    }
    // The old spelling still works, but the help shows the one way.
    assert!(!colour.contains("--graph"), "{colour}");
    let maze = ok(&["maze", "--help"]);
    assert!(
        maze.contains("--grid") && maze.contains("[NAME|FILE]"),
        "{maze}"
    );
}

/// Files the bad-input cases read, written next to where the binary runs.
const FILES: &[(&str, &str)] = &[
    ("cli-bad.maze", "1000\n1101\n11x0\n0111\n"),
    ("cli-ragged.maze", "1000\n110\n"),
    ("cli-loop.col", "p edge 3 2\ne 1 2\ne 2 2\n"),
    ("cli-range.col", "c a comment\np edge 3 1\ne 1 4\n"),
    ("cli-early.col", "e 1 2\np edge 3 1\n"),
    ("cli-kind.col", "p cnf 3 1\n"),
    ("cli-nop.col", "c only a comment\n"),
];

const CASES: &[(&[&str], &[&str])] = &[
    // Maze: characters, shape, size, files.
    (
        &["maze", "--grid", "1000,11x1,1100,0111"],
        &["'x'", "row 1, column 2"],
    ),
    (
        &["maze", "--grid", "1000,110,1100"],
        &["row 1 has 3 cells", "row 0 has 4"],
    ),
    (&["maze", "--grid", "10,,11"], &["row 1 is empty"]),
    (&["maze", "--grid", ""], &["empty"]),
    (&["maze", "--grid", "11111111111111111"], &["1x17", "16"]),
    (
        &["maze", "--grid", "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1"],
        &["17x1", "16"],
    ),
    (&["maze", "--grid", "12"], &["'2'", "row 0, column 1"]),
    (
        &["maze", "--grid", "no-such.maze"],
        &["\"no-such.maze\"", "does not exist"],
    ),
    (
        &["maze", "--grid", "cli-bad.maze"],
        &["cli-bad.maze", "'x'", "row 2, column 2"],
    ),
    (
        &["maze", "--grid", "cli-ragged.maze"],
        &["cli-ragged.maze", "row 1 has 3"],
    ),
    (&["maze", "--grid", "."], &["\".\"", "folder"]),
    // Colour: the edges, the counts, the files.
    (
        &["colour", "--edges", "0-1,1-1"],
        &["edge 2", "\"1-1\"", "itself"],
    ),
    (&["colour", "--edges", "0-1,2"], &["edge 2", "\"2\"", "'-'"]),
    (&["colour", "--edges", "0-x"], &["edge 1", "\"x\""]),
    (
        &["colour", "--vertices", "3", "--edges", "0-3"],
        &["edge 1", "vertex 3", "0..=2"],
    ),
    (
        &["colour", "--edges", "0-32"],
        &["vertex 32", "out of range"],
    ),
    (&["colour", "--vertices", "33"], &["33", "between 0 and 32"]),
    (&["colour", "-m", "0"], &["got 0", "between 1 and 9"]),
    (&["colour", "-m", "10"], &["got 10", "between 1 and 9"]),
    (
        &["colour", "--colours", "three"],
        &["\"three\"", "whole number"],
    ),
    (
        &["colour", "--graph", "petersn"],
        &["\"petersn\"", "petersen"],
    ),
    (
        &["colour", "--graph", "no-such.col"],
        &["\"no-such.col\"", "does not exist"],
    ),
    (
        &["colour", "--graph", "cli-loop.col"],
        &["cli-loop.col", "line 3", "itself"],
    ),
    (
        &["colour", "--graph", "cli-range.col"],
        &["cli-range.col", "line 3", "vertex 4", "1..=3"],
    ),
    (
        &["colour", "--graph", "cli-early.col"],
        &["cli-early.col", "line 1", "before"],
    ),
    (
        &["colour", "--graph", "cli-kind.col"],
        &["cli-kind.col", "line 1", "\"cnf\""],
    ),
    (
        &["colour", "--graph", "cli-nop.col"],
        &["cli-nop.col", "no `p edge V E` line"],
    ),
    (
        &["colour", "--graph", "seed", "--edges", "0-1"],
        &["--graph", "--edges"],
    ),
    (&["color", "--edges", "5-5"], &["edge 1", "itself"]),
];

#[test]
fn bad_inputs_exit_2_with_a_message_that_names_the_spot() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    for (name, text) in FILES {
        std::fs::write(dir.join(name), text).expect("the test can write its files");
    }
    let count = |which: &str| CASES.iter().filter(|(a, _)| a[0] == which).count();
    assert!(count("maze") >= 10 && count("colour") >= 10);
    let mut failures = Vec::new();
    for (args, says) in CASES {
        for mode in ["summary", "jsonl"] {
            let mut full = args.to_vec();
            full.extend(["--print", mode]);
            let run = run_bounded(&full);
            let mut problems = Vec::new();
            if run.code != Some(2) {
                problems.push(format!("exit status {:?}", run.code));
            }
            if !run.stdout.is_empty() {
                problems.push("stdout not empty".to_string());
            }
            if run.stderr.contains("panicked") {
                problems.push("panicked".to_string());
            }
            if !run.stderr.starts_with("backstep: ") || run.stderr.lines().count() != 1 {
                problems.push("not one line after `backstep: `".to_string());
            }
            for words in *says {
                if !run.stderr.contains(words) {
                    problems.push(format!("message lacks {words:?}"));
                }
            }
            if !problems.is_empty() {
                failures.push(format!(
                    "{full:?}: {}\n    stderr: {}",
                    problems.join("; "),
                    run.stderr.trim_end()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn options_that_cannot_apply_are_refused_by_name() {
    let cases: &[(&[&str], &str)] = &[
        (&["colour", "--list", "--print", "jsonl"], "--list"),
        (&["colour", "--list", "--all"], "--list"),
        (&["colour", "--list", "-m", "2"], "--list"),
        (&["maze", "--print", "summary", "--ascii"], "--ascii"),
        (&["compare", "maze"], "maze"),
        (&["compare", "colour", "--list"], "--list"),
    ];
    for (args, option) in cases {
        let run = run_bounded(args);
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
        assert!(run.stdout.is_empty(), "{args:?}");
        assert!(run.stderr.contains(option), "{args:?}: {}", run.stderr);
    }
}

/// One rule in every search with shipped instances: `--list` prints one
/// line each (its name and what it is), each opens by that name as the
/// first argument, and `--list` with anything else is refused naming it.
#[test]
fn every_search_lists_its_instances_and_opens_each_by_name() {
    use backstep::assets;
    for (search, shipped) in [
        ("sudoku", assets::SUDOKU),
        ("word", assets::BOARDS),
        ("words", assets::WORDS_BOARDS),
        ("maze", assets::MAZES),
        ("colour", assets::GRAPHS),
        ("cover", assets::COVER),
    ] {
        let list = ok(&[search, "--list"]);
        let lines: Vec<&str> = list.lines().collect();
        assert_eq!(lines.len(), shipped.len(), "{search}:\n{list}");
        for (line, asset) in lines.iter().zip(shipped) {
            let (name, about) = line.split_once(' ').expect("a name and what it is");
            assert_eq!(name, asset.name, "{search}");
            assert!(about.trim().len() > 10, "{search} {name}: {about:?}");
            ok(&[search, name, "--print", "summary", "--max-nodes", "2000"]);
        }
        let run = crate::errors::run_bounded(&[
            search,
            "--list",
            "--record",
            "x",
            "--at",
            "5",
            "--max-nodes",
            "3",
        ]);
        assert_eq!(run.code, Some(2), "{search}: {}", run.stderr);
        assert!(
            run.stderr
                .starts_with("backstep: the argument '--list' cannot be used with")
                && run.stderr.contains("--record"),
            "{search}: {}",
            run.stderr
        );
    }
}
