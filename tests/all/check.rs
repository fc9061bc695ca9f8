//! `backstep check` (EVENTS.md §5) against the real binary: every search's own
//! trace passes, each bug of the bug lab is named, an edited trace differs
//! at exactly the edited line, kinds left out are left out, bad input is
//! status 2 naming the line, worksheets are graded cell by cell, and the
//! student programs in `examples/students/` pass (and their bugs are
//! named) where python3 and a C compiler are present.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use proptest::prelude::*;

use crate::{backstep, backstep_ok, stderr_text, stdout_text};

/// A file in the test's scratch folder holding `text`.
fn file(name: &str, text: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("check-{name}"));
    std::fs::write(&path, text).expect("the scratch file is written");
    path
}

/// `backstep check [options] FILE SEARCH...`.
fn check(options: &[&str], path: &Path, search: &[&str]) -> Output {
    let path = path.to_str().expect("a UTF-8 path");
    let args: Vec<&str> = ["check"]
        .iter()
        .chain(options)
        .chain(&[path])
        .chain(search)
        .copied()
        .collect();
    backstep(&args)
}

/// The `--print jsonl` of `search` (its arguments then `--print jsonl`).
fn jsonl(search: &[&str]) -> String {
    let mut args = search.to_vec();
    args.extend(["--print", "jsonl"]);
    backstep_ok(&args)
}

/// Every search's own trace matches it, whatever the search and variant:
/// the grader is one, generic over the registry.
#[test]
fn every_search_passes_its_own_trace() {
    let commands: &[&[&str]] = &[
        &["queens", "5"],
        &["queens", "6", "--full"],
        &["queens", "5", "--check-at-end"],
        &["queens", "5", "--permutations"],
        &["queens", "5", "--fundamental"],
        &["queens", "5", "--state", "array"],
        &["sudoku", "campus"],
        &["sudoku", "campus", "--order", "first"],
        &["sudoku", "campus", "--order", "dlx"],
        &["sudoku", "campus", "--order", "propagate"],
        &["word"],
        &["word", "--word", "ABCB"],
        &["words"],
        &["maze"],
        &["colour"],
        &["cover", "langford4"],
    ];
    for search in commands {
        let trace = jsonl(search);
        let events = trace.lines().count() - 1;
        let path = file("own.jsonl", &trace);
        let output = check(&[], &path, search);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{search:?}: {}",
            stdout_text(&output)
        );
        let text = stdout_text(&output);
        assert!(
            text.starts_with(&format!("check: {events} event")),
            "{search:?}: {text}"
        );
        assert_eq!(text.lines().count(), 1, "{search:?}: {text}");
    }
}

/// The one match line of EVENTS.md §5, word for word.
#[test]
fn a_match_is_one_line_naming_the_kinds_compared() {
    let path = file("q4.jsonl", &jsonl(&["queens", "4", "--full"]));
    let text = stdout_text(&check(&[], &path, &["queens", "4", "--full"]));
    assert_eq!(
        text,
        "check: 82 events match queens 4 full (compared: place, undo, solution, reject, dead-end)\n"
    );
}

/// Rejects and dead ends a student leaves out are left out of the
/// comparison; their steps may count the events shown or the search's.
#[test]
fn kinds_left_out_are_not_compared() {
    let full = jsonl(&["queens", "6", "--full"]);
    let kept: Vec<&str> = full
        .lines()
        .filter(|line| !line.contains("\"reject\"") && !line.contains("\"dead-end\""))
        .collect();
    let events = kept.len() - 1;
    let path = file("no-rejects.jsonl", &kept.join("\n"));
    let output = check(&[], &path, &["queens", "6", "--full"]);
    assert_eq!(
        stdout_text(&output),
        format!("check: {events} events match queens 6 full (compared: place, undo, solution)\n")
    );
    // The same events numbered 1, 2, 3, ... without the rejects.
    let renumbered: Vec<String> = kept
        .iter()
        .filter(|line| !line.contains("\"done\""))
        .enumerate()
        .map(|(i, line)| {
            let mut value: serde_json::Value = serde_json::from_str(line).unwrap();
            value["step"] = serde_json::json!(i + 1);
            value.to_string()
        })
        .collect();
    let path = file("renumbered.jsonl", &renumbered.join("\n"));
    assert_eq!(
        check(&[], &path, &["queens", "6", "--full"]).status.code(),
        Some(0)
    );
    // Only the required fields: event, row and col (a dead end's row).
    let bare: Vec<String> = full
        .lines()
        .filter(|line| !line.contains("\"done\""))
        .map(|line| {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            let mut bare = serde_json::Map::new();
            for key in ["event", "row", "col"] {
                if let Some(v) = value.get(key) {
                    bare.insert(key.to_string(), v.clone());
                }
            }
            serde_json::Value::Object(bare).to_string()
        })
        .collect();
    let path = file("bare.jsonl", &bare.join("\n"));
    assert_eq!(
        check(&[], &path, &["queens", "6", "--full"]).status.code(),
        Some(0)
    );
}

/// Each bug of the bug lab, its trace checked against the correct search
/// on arguments where the two differ, is named with its line from
/// `backstep bugs`.
#[test]
fn each_bug_is_named() {
    let cases: &[(&[&str], &str)] = &[
        (&["queens", "6", "--full"], "one-diagonal"),
        (&["sudoku", "empty4"], "no-stop"),
        (
            &["word", "--board", "AAA,AAB", "--word", "AAB"],
            "no-unmark",
        ),
        (
            &[
                "word",
                "--board",
                "AB,CD",
                "--word",
                "ABAB",
                "--no-inventory",
                "--no-reverse",
            ],
            "no-visited-check",
        ),
        (&["maze"], "no-mark"),
    ];
    let bugs = backstep_ok(&["bugs"]);
    let listed = bugs
        .lines()
        .filter(|line| line.split_whitespace().nth(1) == Some("--bug"))
        .count();
    assert_eq!(listed, cases.len(), "a case for every bug:\n{bugs}");
    for (search, bug) in cases {
        let mut args = search.to_vec();
        args.extend(["--bug", bug]);
        let path = file("bug.jsonl", &jsonl(&args));
        let output = check(&[], &path, search);
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        let text = stdout_text(&output);
        let about = bugs
            .lines()
            .find(|line| line.contains(&format!("--bug {bug} ")))
            .and_then(|line| line.split("  ").last())
            .expect("the bug's line");
        assert!(
            text.ends_with(&format!(
                "your trace follows the bug {bug}: {}\n",
                about.trim()
            )),
            "{args:?}:\n{text}"
        );
        let json = stdout_text(&check(&["--format", "json"], &path, search));
        let value: serde_json::Value = serde_json::from_str(&json).expect("one JSON object");
        assert_eq!(value["bug"], serde_json::json!(bug), "{json}");
    }
    // The correct trace names no bug.
    let path = file("correct.jsonl", &jsonl(&["maze"]));
    let json = stdout_text(&check(&["--format", "json"], &path, &["maze"]));
    assert!(
        json.ends_with("\"first_difference\":null,\"bug\":null}\n"),
        "{json}"
    );
}

/// One edit to a correct trace.
#[derive(Clone, Debug)]
enum Edit {
    /// Another column in the line.
    Column,
    /// Another kind of event.
    Kind,
    /// The line removed.
    Delete,
    /// The line before repeated at this place.
    Repeat,
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// An edited trace differs at exactly the edited line: the text and
    /// the JSON report both name it, with the events before it matched.
    #[test]
    fn an_edit_is_found_at_its_line(
        n in 4u8..=6,
        full in any::<bool>(),
        at in any::<prop::sample::Index>(),
        edit in prop_oneof![Just(Edit::Column), Just(Edit::Kind), Just(Edit::Delete), Just(Edit::Repeat)],
    ) {
        let n_text = n.to_string();
        let mut search = vec!["queens", n_text.as_str()];
        if full {
            search.push("--full");
        }
        let trace = jsonl(&search);
        let mut lines: Vec<String> = trace.lines().map(str::to_string).collect();
        lines.pop(); // the done line
        let k = at.index(lines.len());
        let mut value: serde_json::Value = serde_json::from_str(&lines[k]).unwrap();
        match edit {
            Edit::Column => {
                let field = if value.get("col").is_some() { "col" } else { "row" };
                let old = value[field].as_u64().unwrap_or(0);
                value[field] = serde_json::json!((old + 1) % u64::from(n));
                if value.get("queens").is_some() {
                    value["queens"] = serde_json::json!([n]);
                }
                lines[k] = value.to_string();
            }
            Edit::Kind => {
                let other = if value["event"] == "undo" { "place" } else { "undo" };
                value["event"] = serde_json::json!(other);
                if value.get("row").is_none() {
                    value["row"] = serde_json::json!(0);
                }
                if value.get("col").is_none() {
                    value["col"] = serde_json::json!(0);
                }
                lines[k] = value.to_string();
            }
            Edit::Delete => {
                lines.remove(k);
            }
            Edit::Repeat => {
                // A line said twice: line k again before line k + 1 (for the
                // first line, the second one said too early), so the file
                // parts from the search exactly at line k + 1.
                let again = lines[if k == 0 { 1 } else { k - 1 }].clone();
                lines.insert(k, again);
            }
        }
        let path = file("edited.jsonl", &(lines.join("\n") + "\n"));
        let output = check(&["--format", "json"], &path, &search);
        prop_assert_eq!(output.status.code(), Some(1), "{}", stderr_text(&output));
        let report: serde_json::Value = serde_json::from_str(&stdout_text(&output)).unwrap();
        let line = k as u64 + 1;
        prop_assert_eq!(&report["first_difference"]["line"], &serde_json::json!(line), "{}", report);
        prop_assert_eq!(&report["matched"], &serde_json::json!(k), "{}", report);
        let text = stdout_text(&check(&[], &path, &search));
        prop_assert!(text.starts_with(&format!("check: line {line} differs")), "{}", text);
    }
}

/// A trace that stops early differs at its end, saying what comes next; a
/// longer one at its first extra line.
#[test]
fn shorter_and_longer_traces() {
    let trace = jsonl(&["queens", "4"]);
    let lines: Vec<&str> = trace.lines().collect();
    let short = file("short.jsonl", &lines[..10].join("\n"));
    let text = stdout_text(&check(&[], &short, &["queens", "4"]));
    assert!(
        text.contains("line 11     your trace stops after 10 events; the search goes on with "),
        "{text}"
    );
    let json = stdout_text(&check(&["--format", "json"], &short, &["queens", "4"]));
    assert!(
        json.contains("\"line\":11,\"yours\":null,\"expected\":{"),
        "{json}"
    );
    let long = file("long.jsonl", &format!("{trace}{}\n", lines[0]));
    let output = check(&[], &long, &["queens", "4"]);
    assert_eq!(output.status.code(), Some(1));
    let line = lines.len() + 1;
    assert!(
        stdout_text(&output).contains(&format!("line {line:<6} yours:    place (0,0)\n")),
        "{}",
        stdout_text(&output)
    );
}

/// The JSON report's keys, in EVENTS.md §5's order, and the expected event in
/// the search's own fields.
#[test]
fn the_json_report() {
    let path = file(
        "one-off.jsonl",
        "{\"event\":\"place\",\"row\":0,\"col\":1}\n",
    );
    let output = check(&["--format", "json"], &path, &["queens", "4"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stdout_text(&output),
        "{\"ok\":false,\"compared\":[\"place\",\"undo\",\"solution\"],\"matched\":0,\
         \"first_difference\":{\"line\":1,\"yours\":{\"event\":\"place\",\"row\":0,\"col\":1},\
         \"expected\":{\"step\":1,\"event\":\"place\",\"row\":0,\"col\":0,\"nodes\":2}},\"bug\":null}\n"
    );
}

/// Bad input is one message naming the line, status 2.
#[test]
fn bad_input_names_the_line() {
    let cases: &[(&str, &str)] = &[
        (
            "{\"event\":\"place\",\"row\":0,\"col\":0}\n[1,2]\n",
            "line 2: not a JSON object",
        ),
        (
            "# a comment\n\n{\"event\":\"jump\"}\n",
            "line 3: unknown event kind \"jump\"",
        ),
        (
            "{\"event\":\"place\",\"row\":0,\"col\":\"0\"}\n",
            "line 1: `col` should be a number, not a string",
        ),
        (
            "{\"event\":\"place\",\"row\":0}\n",
            "line 1: this place has no `col` field",
        ),
        (
            "{\"event\":\"place\",\"row\":0,\"col\":0,\"step\":-1}\n",
            "line 1: `step` should be a whole number",
        ),
        ("{\"row\":0}\n", "line 1: no `event` field"),
        (
            "{\"event\":\"place\",\"row\":0,\n",
            "line 1: not a JSON object",
        ),
    ];
    for (text, message) in cases {
        let path = file("bad.jsonl", text);
        let output = check(&[], &path, &["queens", "4"]);
        assert_eq!(output.status.code(), Some(2), "{text}");
        let err = stderr_text(&output);
        assert!(err.contains(message), "{text}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(stdout_text(&output).is_empty());
    }
    let path = file("fine.jsonl", "");
    for (search, message) in [
        (
            &["queens", "4", "--bug", "one-diagonal"][..],
            "leave --bug out",
        ),
        (
            &["queens", "4", "--print", "summary"][..],
            "leave --print summary out",
        ),
        (&["chess"][..], "no search named \"chess\""),
        (&["sudoku", "--list"][..], "--list shows none"),
        (&[][..], "check needs the search"),
    ] {
        let output = check(&[], &path, search);
        assert_eq!(output.status.code(), Some(2), "{search:?}");
        assert!(
            stderr_text(&output).contains(message),
            "{search:?}: {}",
            stderr_text(&output)
        );
    }
}

/// A worksheet as `--print worksheet` writes it, with the command line it
/// carries, and without its answer key (`--no-key`, the sheet handed out).
fn sheet(search: &[&str]) -> String {
    let mut args = search.to_vec();
    args.extend(["--print", "worksheet", "--no-key"]);
    let text = backstep_ok(&args);
    assert!(text.contains("\nbackstep-command: "), "{text}");
    text
}

/// The sheet's trace table with every cell filled from `key` (the
/// search's `--print table`, rows by node number), before the answer key.
fn filled(sheet: &str, key: &str) -> String {
    let key_rows: Vec<&str> = key.lines().skip(2).collect();
    let mut out = Vec::new();
    let mut in_key = false;
    for line in sheet.lines() {
        in_key |= line.starts_with("## Answer key");
        let node = line
            .strip_prefix("| ")
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse::<usize>().ok());
        match node {
            Some(n) if !in_key => out.push(key_rows[n - 1].to_string()),
            _ => out.push(line.to_string()),
        }
    }
    out.join("\n") + "\n"
}

/// A worksheet filled from the key passes; one wrong cell is named by its
/// node and column, its answer shown only with --show-answers; a blank
/// left untouched is wrong.
#[test]
fn worksheets_are_graded_cell_by_cell() {
    for search in [
        &["queens", "4"][..],
        &["sudoku", "campus"][..],
        &["word"][..],
        // Seeded instances: the sheet's command line keeps the seed.
        &["sudoku", "--seed", "5", "--clues", "40"][..],
        &["maze", "--seed", "3", "--size", "5"][..],
        &["cover", "--seed", "2"][..],
    ] {
        let blank = sheet(search);
        let mut table_args = search.to_vec();
        table_args.extend(["--print", "table"]);
        let key = backstep_ok(&table_args);
        let right = filled(&blank, &key);
        let path = file("sheet.md", &right);
        let output = check(&[], &path, &[]);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{search:?}: {}{}",
            stdout_text(&output),
            stderr_text(&output)
        );
        assert!(
            stdout_text(&output).starts_with("check: all "),
            "{}",
            stdout_text(&output)
        );
        let untouched = file("blank.md", &blank);
        let output = check(&["--format", "json"], &untouched, &[]);
        assert_eq!(output.status.code(), Some(1), "{search:?}");
        // Graded on its blanks only (EVENTS.md §5: right cells out of all
        // blanks), counted here off the sheet's own table.
        let table = blank.split("## Answer key").next().unwrap_or(&blank);
        let blanks = table
            .lines()
            .filter(|line| line.starts_with('|'))
            .flat_map(|line| line.split('|'))
            .filter(|cell| {
                cell.trim().chars().next().is_some() && cell.trim().chars().all(|c| c == '_')
            })
            .count() as u64;
        let report: serde_json::Value =
            serde_json::from_str(&stdout_text(&output)).expect("a JSON report");
        assert_eq!(report["cells"]["total"], blanks, "{search:?}");
        assert_eq!(report["cells"]["right"], 0, "{search:?}");
    }
    let blank = sheet(&["queens", "4"]);
    let right = filled(&blank, &backstep_ok(&["queens", "4", "--print", "table"]));
    // Spaces inside braces and case do not matter.
    let spaced = right.replacen("| {2,3} | place 2 |", "|  { 2, 3 } | PLACE 2 |", 1);
    assert_ne!(spaced, right);
    assert_eq!(
        check(&[], &file("spaced.md", &spaced), &[]).status.code(),
        Some(0)
    );
    let wrong = right.replacen("| {2,3} | place 2 |", "| {2,3} | place 3 |", 1);
    assert_ne!(wrong, right);
    let path = file("wrong.md", &wrong);
    let output = check(&[], &path, &[]);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout_text(&output);
    assert!(
        text.contains("the first wrong cell is node 2, column outcome\n"),
        "{text}"
    );
    assert!(
        !text.contains("place 2"),
        "no answer without --show-answers: {text}"
    );
    let shown = stdout_text(&check(&["--show-answers"], &path, &[]));
    assert!(
        shown.contains("yours \"place 3\", expected \"place 2\""),
        "{shown}"
    );
    let json = stdout_text(&check(&["--format", "json"], &path, &[]));
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["ok"], false);
    assert_eq!(
        value["first_wrong"],
        serde_json::json!({"node": 2, "column": "outcome"})
    );
    let total = value["cells"]["total"].as_u64().unwrap();
    assert_eq!(value["cells"]["right"].as_u64(), Some(total - 1));
    // The arguments given after the file win over the sheet's line, and a
    // sheet of another search is refused, naming the table's line.
    let output = check(&[], &path, &["sudoku", "campus"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr_text(&output).contains("the table's columns are"),
        "{}",
        stderr_text(&output)
    );
}

/// Whether `program --version` runs.
fn present(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The student programs' traces: the correct ones pass, the buggy ones are
/// named as the bug lab's one-diagonal.
fn grade_students(run: &dyn Fn(&[&str]) -> Output, label: &str) {
    for n in ["0", "4", "6"] {
        let output = run(&[n]);
        assert!(output.status.success(), "{label} {n}");
        let path = file(&format!("{label}-{n}.jsonl"), &stdout_text(&output));
        let graded = check(&[], &path, &["queens", n, "--full"]);
        assert_eq!(
            graded.status.code(),
            Some(0),
            "{label} {n}: {}",
            stdout_text(&graded)
        );
    }
    let output = run(&["6", "--bug", "one-diagonal"]);
    let path = file(&format!("{label}-bug.jsonl"), &stdout_text(&output));
    let graded = check(&[], &path, &["queens", "6", "--full"]);
    assert_eq!(graded.status.code(), Some(1));
    assert!(
        stdout_text(&graded).contains("your trace follows the bug one-diagonal: "),
        "{label}: {}",
        stdout_text(&graded)
    );
}

fn students() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/students")
}

#[test]
fn the_python_student_passes_and_its_bug_is_named() {
    if !present("python3") {
        eprintln!("python3 is not installed: the Python student is not run");
        return;
    }
    let script = students().join("queens.py");
    grade_students(
        &|args| {
            Command::new("python3")
                .arg(&script)
                .args(args)
                .output()
                .unwrap()
        },
        "python",
    );
}

#[test]
fn the_c_student_passes_and_its_bug_is_named() {
    let Some(compiler) = ["cc", "gcc", "clang"].into_iter().find(|c| present(c)) else {
        eprintln!("no C compiler is installed: the C student is not run");
        return;
    };
    let program = Path::new(env!("CARGO_TARGET_TMPDIR")).join("check-student-queens");
    let built = Command::new(compiler)
        .arg("-O2")
        .arg("-o")
        .arg(&program)
        .arg(students().join("queens.c"))
        .output()
        .unwrap();
    assert!(built.status.success(), "{}", stderr_text(&built));
    grade_students(
        &|args| Command::new(&program).args(args).output().unwrap(),
        "c",
    );
}

/// `--help`, the man page and the completion scripts cover `check`.
#[test]
fn help_man_and_completions_cover_check() {
    let help = backstep_ok(&["check", "--help"]);
    for words in [
        "--format",
        "--show-answers",
        "--open",
        "Exit status: 0",
        "SEARCH ARGS",
    ] {
        assert!(help.contains(words), "{words}: {help}");
    }
    assert!(backstep_ok(&["--help"]).contains("\n  check "));
    let page = backstep_ok(&["man", "check"]);
    assert!(page.starts_with(".TH backstep-check 1"), "{page}");
    assert!(page.contains("show\\-answers"), "{page}");
    assert!(backstep_ok(&["man"]).contains("backstep\\-check(1)"));
    for shell in ["bash", "zsh", "fish"] {
        let script = backstep_ok(&["completions", shell]);
        assert!(script.contains("show-answers"), "{shell}");
    }
}

/// `check --help` is written from the registry: it names every search
/// `backstep --help` lists as a command, and each example names a search
/// that runs as the example types it (no instance needed).
#[test]
fn check_help_names_the_registry_searches_and_runnable_examples() {
    let help = backstep_ok(&["check", "--help"]);
    let (_, listed) = help
        .split_once("SEARCH is one of ")
        .expect("check --help lists the searches");
    let listed = listed.split_once(", with").map_or("", |(names, _)| names);
    let names: Vec<&str> = listed.split(", ").collect();
    for kind in backstep::registry::KINDS {
        assert!(
            names.contains(&kind.name()),
            "{} in {listed:?}",
            kind.name()
        );
    }
    assert_eq!(names.len(), backstep::registry::KINDS.len(), "{listed:?}");
    let examples: Vec<&str> = help
        .lines()
        .filter_map(|line| line.trim().strip_prefix("backstep check "))
        .filter_map(|rest| rest.split_once("trace.jsonl ").map(|(_, search)| search))
        .collect();
    assert!(!examples.is_empty(), "{help}");
    for search in examples {
        let mut args: Vec<&str> = search.split_whitespace().collect();
        args.extend(["--print", "summary"]);
        backstep_ok(&args);
    }
}
