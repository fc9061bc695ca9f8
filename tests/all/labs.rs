//! `samples --labs` and `compare colour`: the labs' self-checks through the
//! binary and at the function level (a wrong expectation must FAIL), the
//! brute force they lean on against counts known by hand, the colour
//! comparison against two separate `colour` runs, and its bad inputs.

use backstep::input::colour::{default_graph, parse_edges};
use backstep::samples::labs::{self, CHECKS, Check, Outcome, brute_colourings};
use backstep::search::Search;
use backstep::search::colour::{Colour, ColourOptions};

use crate::errors::run_bounded;
use crate::{backstep, backstep_ok as ok, stdout_text};

const SAMPLES: &str = include_str!("../fixtures/samples.txt");

#[test]
fn samples_labs_pass_every_check_and_exit_0() {
    let text = ok(&["samples", "--labs"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), CHECKS.len() + 1, "{text}");
    for (line, check) in lines.iter().zip(CHECKS) {
        let head = format!("backstep {}", check.command);
        assert!(line.starts_with(&head), "{line:?} is not {head:?}");
        assert!(line.ends_with("  ok"), "{line}");
    }
    let last = format!("labs checks = PASS ({} ok, 0 FAIL)", CHECKS.len());
    assert_eq!(lines.last(), Some(&last.as_str()));
    // Every lab search has a line.
    for search in ["maze", "colour", "--permutations", "--fundamental"] {
        assert!(text.contains(search), "{search}: {text}");
    }
    for part in ["--state bools", "--state array", "propagate", "dlx"] {
        assert!(text.contains(part), "{part}: {text}");
    }
    for part in ["words", "cover", "petersen", "myciel3"] {
        assert!(text.contains(part), "{part}: {text}");
    }
}

#[test]
fn plain_samples_stay_the_reference() {
    let output = backstep(&["samples"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout_text(&output), SAMPLES);
}

/// A check's command is one a user can type: its `--print summary` starts
/// with the result the check prints (checks over many N stand for a family
/// of commands and are left out).
#[test]
fn each_checked_command_prints_the_checked_result() {
    let text = ok(&["samples", "--labs"]);
    for (line, check) in text.lines().zip(CHECKS) {
        if check.command.contains(" N") {
            continue;
        }
        let mut args: Vec<&str> = check.command.split_whitespace().collect();
        args.extend(["--print", "summary"]);
        let summary = ok(&args);
        let first = summary.lines().next().unwrap_or_default();
        let shown = format!("backstep {:<44} {first}  ok", check.command);
        assert_eq!(*line, shown, "{args:?}");
    }
}

fn colour_m2() -> Colour {
    let options = ColourOptions {
        m: 2,
        all: false,
        rejects: false,
    };
    let mut search = Colour::new(&default_graph(), options);
    search.run_to_end();
    search
}

#[test]
fn a_wrong_expectation_reports_fail_with_what_differed() {
    let wrong = Check {
        command: "colour -m 2",
        run: || {
            let search = colour_m2();
            Ok(Outcome::summary(&search)
                .expect("found", search.colourings(), 1, "a wrong expectation")
                .expect("nodes", search.counters().nodes, 7, "the reference"))
        },
    };
    let (line, passed) = labs::line(&wrong);
    assert!(!passed);
    assert!(line.starts_with("backstep colour -m 2 "), "{line}");
    assert!(
        line.ends_with("  FAIL: found 0, expected 1 (a wrong expectation)"),
        "{line}"
    );
    assert!(line.contains("m=2: found=0, nodes=7"), "{line}");

    let right = Check {
        command: "colour -m 2",
        run: || {
            let search = colour_m2();
            Ok(Outcome::summary(&search).expect("found", search.colourings(), 0, "docs/EVENTS.md"))
        },
    };
    let broken = Check {
        command: "colour --graph nosuch",
        run: || Err(anyhow::anyhow!("no such graph")),
    };
    let (text, all) = labs::run_checks(&[right, wrong, broken]);
    assert!(!all);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].ends_with("  ok"), "{text}");
    assert!(lines[1].contains("FAIL: found 0, expected 1"), "{text}");
    assert!(lines[2].ends_with("FAIL: no such graph"), "{text}");
    assert_eq!(lines[3], "labs checks = FAIL (1 ok, 2 FAIL)");
}

/// The brute force the colour checks lean on, against counts worked out
/// by hand: k colours on a path of three vertices k(k-1)^2, on K4 k(k-1)(k-2)(k-3),
/// on V isolated vertices k^V; the seed graph's first colouring.
#[test]
fn the_colouring_brute_force_counts_as_by_hand() {
    let path = parse_edges("0-1,1-2", None).unwrap();
    let k4 = parse_edges("0-1,0-2,0-3,1-2,1-3,2-3", None).unwrap();
    let empty = parse_edges("", Some(3)).unwrap();
    for k in 1..=5u64 {
        let m = k as u8;
        assert_eq!(brute_colourings(&path, m).0, k * (k - 1) * (k - 1));
        assert_eq!(
            brute_colourings(&k4, m).0,
            k * (k - 1) * k.saturating_sub(2) * k.saturating_sub(3)
        );
        assert_eq!(brute_colourings(&empty, m).0, k.pow(3));
    }
    assert_eq!(
        brute_colourings(&default_graph(), 3),
        (6, Some(vec![1, 2, 2, 3]))
    );
    assert_eq!(brute_colourings(&default_graph(), 2), (0, None));
    assert_eq!(brute_colourings(&k4, 4).1, Some(vec![1, 2, 3, 4]));
}

/// The `nodes=N` figure of a summary's first line.
fn nodes(summary: &str) -> u64 {
    let first = summary.lines().next().expect("a summary line");
    let field = first
        .split(", ")
        .find_map(|part| part.strip_prefix("nodes="))
        .unwrap_or_else(|| panic!("no nodes in {first:?}"));
    field.parse().expect("a whole number of nodes")
}

#[test]
fn compare_colour_summary_is_two_colour_runs_and_their_ratio() {
    let cases: &[(&[&str], &[&str], &[&str])] = &[
        (&[], &["-m", "3"], &["-m", "2"]),
        (&["--all"], &["-m", "3", "--all"], &["-m", "2", "--all"]),
        (&["-m", "4"], &["-m", "4"], &["-m", "3"]),
        (
            &["--graph", "petersen", "--against", "4"],
            &["--graph", "petersen", "-m", "3"],
            &["--graph", "petersen", "-m", "4"],
        ),
        (
            &["--graph", "myciel3", "-m", "4", "--all"],
            &["--graph", "myciel3", "-m", "4", "--all"],
            &["--graph", "myciel3", "-m", "3", "--all"],
        ),
        (
            &["--edges", "0-1,1-2,2-0", "--against", "2"],
            &["--edges", "0-1,1-2,2-0", "-m", "3"],
            &["--edges", "0-1,1-2,2-0", "-m", "2"],
        ),
    ];
    for &(compare, left, right) in cases {
        for alias in ["colour", "color"] {
            let mut args = vec!["compare", alias];
            args.extend(compare);
            args.extend(["--print", "summary"]);
            let text = ok(&args);
            let run = |side: &[&str]| {
                let mut args = vec!["colour"];
                args.extend(side);
                args.extend(["--print", "summary"]);
                ok(&args)
            };
            let (a, b) = (run(left), run(right));
            let m = |side: &[&str]| {
                let at = side.iter().position(|&s| s == "-m").unwrap();
                side[at + 1].to_string()
            };
            let (na, nb) = (nodes(&a), nodes(&b));
            let ratio = format!("{:.2}x", nb as f64 / na as f64);
            let want = format!(
                "{a}{b}nodes: m={} {na} vs m={} {nb}, ratio {ratio}\n",
                m(left),
                m(right)
            );
            assert_eq!(text, want, "{args:?}");
        }
    }
}

#[test]
fn compare_colour_on_the_seed_graph_says_the_seed_figures() {
    // EVENTS.md §2 colour: m = 3 found in 5 nodes, m = 2 not found in 7.
    let text = ok(&["compare", "colour", "--print", "summary"]);
    assert!(
        text.ends_with("nodes: m=3 5 vs m=2 7, ratio 1.40x\n"),
        "{text}"
    );
}

#[test]
fn compare_colour_bad_inputs_exit_2_naming_the_spot() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("labs-compare-colour");
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.col");
    std::fs::write(&bad, "p edge 3 2\ne 1 2\ne 2 7\n").unwrap();
    let bad = bad.to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["-m", "0"], "--colours"),
        (&["-m", "10"], "--colours"),
        (&["--against", "0"], "--against"),
        (&["--against", "x"], "--against"),
        (&["-m", "1"], "-m 1"),
        (&["--against", "3"], "--against 3"),
        (&["-m", "2", "--against", "2"], "--against 2"),
        (&["--graph", bad], "line 3"),
        (&["--graph", "nosuch"], "nosuch"),
        (&["--edges", "0-0"], "0-0"),
        (&["--edges", "0-1", "--graph", "petersen"], "--graph"),
        (&["--print", "jsonl"], "--print"),
    ];
    for (extra, spot) in cases {
        let mut args = vec!["compare", "colour"];
        args.extend(*extra);
        if !extra.contains(&"--print") {
            args.extend(["--print", "summary"]);
        }
        let run = run_bounded(&args);
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
        assert!(run.stdout.is_empty(), "{args:?}");
        assert!(run.stderr.contains(spot), "{args:?}: {}", run.stderr);
    }
}
