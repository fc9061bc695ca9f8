//! `compare queens N --state all|bools|array`: the masks, the boolean
//! arrays and Algorithm B's array on one tree, with each state's cost per
//! node. The node counts are checked against each state's own summary, and
//! the work each engine counts against a count made here from its JSON
//! stream (step B3 recomputed by brute force over the placed queens).

use std::time::Duration;

use backstep::search::Search;
use backstep::search::queens::{Queens, QueensOptions};
use backstep::search::queens_state::{QueensArray, QueensBools, StateEvent};
use backstep::ui::app::App;
use backstep::ui::compare::{self, Compare, Pane};
use backstep::ui::keys::Action;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use serde_json::Value;

use crate::apps::{colour, screen};
use crate::{backstep, stderr_text, stdout_text};

/// `backstep args...`, which must succeed; its standard output.
fn run(args: &[&str]) -> String {
    let output = backstep(args);
    assert!(
        output.status.success(),
        "backstep {args:?}: {}",
        stderr_text(&output)
    );
    stdout_text(&output)
}

fn events(args: &[&str]) -> Vec<Value> {
    run(args)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// The value after `name=` in a summary line.
fn field(line: &str, name: &str) -> u64 {
    let start = line.find(&format!("{name}=")).expect("the field") + name.len() + 1;
    let digits: String = line[start..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().expect("a number")
}

/// The work each state counts, recounted from its JSON stream (rejects
/// on, so that every square tested is an event): `(masks, bools, array)`.
/// `--full` when `full`.
fn work_from_streams(n: u8, full: bool) -> (u64, u64, u64) {
    let args = |state: &'static str| {
        let n = n.to_string();
        let mut args = vec!["queens".to_string(), n, "--state".into(), state.into()];
        if full {
            args.push("--full".into());
        }
        args.extend(["--print".into(), "jsonl".into()]);
        args
    };
    let stream = |state| {
        let args = args(state);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        events(&args)
    };
    let kind = |e: &Value| e["event"].as_str().unwrap_or("").to_string();
    let cell = |e: &Value| {
        let at = |key: &str| e[key].as_u64().expect("a row and a column");
        (at("row"), at("col"))
    };
    let symmetry = |e: &Value| e["by"].as_array().is_some_and(|by| by[0] == "symmetry");

    // Masks: the legal columns of every node but a complete board (3), and
    // for each place the column taken (2) and the child's masks (6).
    let masks = stream("masks");
    let count = |what: &str| masks.iter().filter(|e| kind(e) == what).count() as u64;
    let (places, boards) = (count("place"), count("solution"));
    let masks_work = 3 * (1 + places - boards) + 8 * places;

    // Bools: three reads per square tested (a place or an attack reject),
    // three writes per place and per undo.
    let bools = stream("bools");
    let tested = bools
        .iter()
        .filter(|e| kind(e) == "place" || (kind(e) == "reject" && !symmetry(e)))
        .count() as u64;
    let moves = bools
        .iter()
        .filter(|e| kind(e) == "place" || kind(e) == "undo")
        .count() as u64;
    let bools_work = 3 * tested + 3 * moves;

    // Array: step B3 on each square tested, against the queens placed so
    // far: three comparisons per earlier row looked at, up to the first
    // that attacks.
    let mut placed: Vec<u64> = Vec::new();
    let mut array_work = 0;
    for e in stream("array") {
        let tested = kind(&e) == "place" || (kind(&e) == "reject" && !symmetry(&e));
        if tested {
            let (row, col) = cell(&e);
            assert_eq!(placed.len() as u64, row, "{e}");
            let attacks = |(i, &c): (usize, &u64)| c == col || c.abs_diff(col) == row - i as u64;
            let looked = match placed.iter().enumerate().position(attacks) {
                Some(first) => first + 1,
                None => placed.len(),
            };
            array_work += 3 * looked as u64;
        }
        match kind(&e).as_str() {
            "place" => placed.push(cell(&e).1),
            "undo" => {
                placed.pop();
            }
            _ => {}
        }
    }
    (masks_work, bools_work, array_work)
}

/// The three sides of `compare queens N --state all --print summary`:
/// each state's own summary, labelled; the node counts, equal; the cost
/// per node and the work in all, each the count made from the streams.
#[test]
fn three_sides_count_the_nodes_of_each_state_alone_and_their_own_work() {
    for n in [1u8, 4, 5, 6, 8] {
        let text = run(&[
            "compare",
            "queens",
            &n.to_string(),
            "--state",
            "all",
            "--print",
            "summary",
        ]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 6, "{text}");
        let mut nodes = Vec::new();
        for (line, state) in lines.iter().zip(["masks", "bools", "array"]) {
            let alone = run(&[
                "queens",
                &n.to_string(),
                "--state",
                state,
                "--print",
                "summary",
            ]);
            let labelled = alone
                .trim_end()
                .replace("symmetry:", &format!("symmetry {state}:"));
            assert_eq!(*line, labelled, "{text}");
            nodes.push(field(line, "nodes"));
        }
        assert!(nodes.iter().all(|&k| k == nodes[0]), "{text}");
        let k = nodes[0];
        assert_eq!(
            lines[3],
            format!("nodes: masks {k} vs bools {k} vs array {k}, ratios 1.00x, 1.00x")
        );
        if n > 6 {
            continue;
        }
        let (masks, bools, array) = work_from_streams(n, false);
        let per = |work: u64| format!("{:.1}", work as f64 / k as f64);
        assert_eq!(
            lines[4],
            format!(
                "cost per node: masks {} mask ops vs bools {} reads/writes vs array {} comparisons",
                per(masks),
                per(bools),
                per(array)
            )
        );
        assert_eq!(
            lines[5],
            format!("work in all: masks {masks} vs bools {bools} vs array {array}")
        );
    }
}

/// The engines' own counters, stepped with every event or counted without
/// rejects (the masks' fast count included), symmetry or not, agree with
/// the streams.
#[test]
fn each_engine_counts_its_work_as_the_streams_do() {
    for n in 0..=6u8 {
        for full in [false, true] {
            let symmetry = !full;
            let (masks, bools, array) = work_from_streams(n, full);
            for rejects in [true, false] {
                let what = format!("n={n} full={full} rejects={rejects}");
                let mut m = Queens::new(QueensOptions {
                    n,
                    symmetry,
                    rejects,
                });
                m.run_to_end();
                assert_eq!(m.counters().work, masks, "masks {what}");
                let mut b = QueensBools::new(n, symmetry, rejects);
                b.by_ref().for_each(drop);
                assert_eq!(b.counters().work, bools, "bools {what}");
                let mut a = QueensArray::new(n, symmetry, rejects);
                a.by_ref().for_each(drop);
                assert_eq!(a.counters().work, array, "array {what}");
            }
        }
    }
}

/// The masks cost the fewest units per node, the array the most, at every
/// size the screen shows: the lesson the three sides are there for.
#[test]
fn cost_per_node_differs_and_the_array_grows_with_n() {
    let per_node = |n: u8| {
        let text = run(&[
            "compare",
            "queens",
            &n.to_string(),
            "--state",
            "all",
            "--print",
            "summary",
        ]);
        let line = text.lines().nth(4).expect("the cost line").to_string();
        let figures: Vec<f64> = line
            .split(' ')
            .filter_map(|word| word.parse().ok())
            .collect();
        assert_eq!(figures.len(), 3, "{line}");
        figures
    };
    let (eight, ten) = (per_node(8), per_node(10));
    assert!(eight[0] < eight[1] && eight[0] < eight[2], "{eight:?}");
    assert!(eight[1] != eight[2], "{eight:?}");
    // The array's test loops over the earlier rows; the masks' is one word.
    assert!(ten[2] > eight[2], "{eight:?} {ten:?}");
    assert!((ten[0] - eight[0]).abs() < 1.0, "{eight:?} {ten:?}");
}

/// The three-way compare screen of 4-Queens, every side moved to the
/// first dead end (node 3: queens at (0,0) and (1,2)) with `d`.
fn three_way_at_the_dead_end() -> Compare {
    let sides: Vec<Box<dyn Pane>> = vec![
        Box::new(App::new(
            Queens::new(QueensOptions {
                n: 4,
                symmetry: true,
                rejects: true,
            }),
            "queens",
            colour(),
        )),
        Box::new(App::new(
            QueensBools::new(4, true, true),
            "queens",
            colour(),
        )),
        Box::new(App::new(
            QueensArray::new(4, true, true),
            "queens",
            colour(),
        )),
    ];
    let labels = ["masks", "bools", "array"].map(String::from).to_vec();
    let mut c = Compare::of(sides, labels).with_costs();
    c.act(Action::NextDeadEnd);
    while c.busy() {
        c.tick(Duration::from_millis(16));
    }
    c
}

#[test]
fn three_way_screen_at_the_node_3_dead_end() {
    let c = three_way_at_the_dead_end();
    let dead = 1 + QueensArray::new(4, true, true)
        .position(|e| matches!(e, StateEvent::DeadEnd { .. }))
        .expect("a dead end");
    let steps = [
        c.app::<Queens>(0).timeline.step(),
        c.app::<QueensBools>(1).timeline.step(),
        c.app::<QueensArray>(2).timeline.step(),
    ];
    assert_eq!(steps, [dead as u64; 3]);
    let text = screen(|f| compare::draw(&c, f));
    assert!(!text.contains("needs"), "{text}");
    assert!(
        text.contains("masks (left) vs bools (middle) vs array (right)"),
        "{text}"
    );
    assert!(
        text.contains("nodes so far: masks 3 vs bools 3 vs array 3, ratios 1.00x, 1.00x"),
        "{text}"
    );
    assert!(text.contains("cost per node: masks "), "{text}");
    // Each side's own state: the masks in binary, the flags, the array.
    assert!(text.contains("C|H|L  1111"), "{text}");
    assert!(text.contains("column 1010"), "{text}");
    assert!(text.contains("a      [0,2,-,-]"), "{text}");
    // Too long for its side, a line breaks after its colon, the phrase
    // after it whole on the next row, indented.
    assert!(text.contains("  (2,3):  "), "{text}");
    assert!(text.contains("  B3 stops at row 1 (high)"), "{text}");
    insta::assert_snapshot!("three_way_queens4_node3_dead_end", text);
}

/// At 80x24 the three sides still draw (without their boards), every
/// state and the cost line in view.
#[test]
fn three_way_screen_is_usable_at_80x24() {
    let c = three_way_at_the_dead_end();
    let (w, h) = compare::min_size(&c);
    assert!(w <= 80 && h <= 24, "needs {w}x{h}");
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("a test terminal");
    terminal.draw(|f| compare::draw(&c, f)).expect("a frame");
    let text = terminal.backend().to_string();
    for seen in [
        "masks",
        "bools",
        "array",
        "cost per node",
        "a      [0,2,-,-]",
        "C|H|L",
    ] {
        assert!(text.contains(seen), "{seen}: {text}");
    }
}

/// Bad `--state` values and `--state all` where it cannot apply: one
/// message naming the option, exit status 2.
#[test]
fn bad_states_exit_2() {
    let cases: [(&[&str], &str); 6] = [
        (&["queens", "8", "--state", "nope"], "--state"),
        (&["compare", "queens", "8", "--state", "nope"], "--state"),
        (&["queens", "8", "--state", "all"], "--state"),
        (&["compare", "sudoku", "--state", "all"], "--state"),
        (
            &["compare", "queens", "8", "--state", "all", "--permutations"],
            "--state",
        ),
        (
            &["compare", "queens", "8", "--state", "all", "--check-at-end"],
            "--state",
        ),
    ];
    for (args, named) in cases {
        let output = backstep(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = stderr_text(&output);
        assert!(stderr.contains(named), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}
