//! Exact cover with dancing links (`cover`) and Sudoku as exact cover
//! (`sudoku ... --order dlx`), through the library: the reference streams
//! and summaries, brute-force oracles, the links restored, bad DLX input.

use std::collections::BTreeSet;

use serde_json::Value;

use backstep::input;
use backstep::print::{Mode, print};
use backstep::search::Search;
use backstep::search::cover::{Cover, CoverEvent, Problem};
use backstep::search::sudoku::{Order, Puzzle, Sudoku, SudokuEvent, SudokuOptions};
use backstep::search::sudoku_dlx::{DlxEvent, SudokuDlx};
use backstep::ui::scene::Scene;

use crate::Rng;

#[allow(dead_code)]
#[path = "../../examples/make_cover.rs"]
mod make_cover;

const COVER_KNUTH: &str = include_str!("../fixtures/cover-knuth.jsonl");
const SUDOKU_CAMPUS4_DLX: &str = include_str!("../fixtures/sudoku-campus4-dlx.jsonl");
const SUMMARIES: &str = include_str!("../fixtures/summaries.txt");

/// The fixture copy of a reference `.dlx` file.
fn fixture(name: &str) -> String {
    format!("{}/tests/fixtures/cover/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn problem(arg: &str) -> Problem {
    input::cover::load(arg)
        .unwrap_or_else(|e| panic!("{arg}: {e:#}"))
        .value
}

fn puzzle(arg: &str) -> Puzzle {
    input::load_puzzle(arg).expect("a valid puzzle").value
}

/// What `print` writes in `mode`.
fn printed<S: Scene>(search: S, mode: Mode) -> String {
    let mut out = Vec::new();
    print(search, mode, &mut out).expect("printing to memory works");
    String::from_utf8(out).expect("UTF-8")
}

/// JSON lines compared as parsed values, line by line, then as bytes.
fn assert_same_jsonl(got: &str, want: &str, what: &str) {
    let parse = |l: &str| -> Value { serde_json::from_str(l).expect("a JSON line") };
    let (g, w): (Vec<Value>, Vec<Value>) = (
        got.lines().map(parse).collect(),
        want.lines().map(parse).collect(),
    );
    for (i, (a, b)) in g.iter().zip(&w).enumerate() {
        assert_eq!(a, b, "{what}: line {} differs", i + 1);
    }
    assert_eq!(g.len(), w.len(), "{what}: line count");
    assert_eq!(got, want, "{what}: same values, other bytes");
}

// ---------------------------------------------------------------- golden

#[test]
fn cover_knuth_jsonl_matches_the_reference() {
    let got = printed(Cover::new(&problem("knuth"), None), Mode::Jsonl);
    assert_same_jsonl(&got, COVER_KNUTH, "cover knuth");
}

#[test]
fn sudoku_campus_dlx_jsonl_matches_the_reference() {
    let got = printed(SudokuDlx::new(&puzzle("campus")), Mode::Jsonl);
    assert_same_jsonl(&got, SUDOKU_CAMPUS4_DLX, "sudoku campus --order dlx");
}

/// The `$ backstep ...` commands of the summaries reference that run
/// exact cover, each with its expected output.
fn reference_summaries() -> Vec<(Vec<String>, String)> {
    let mut out: Vec<(Vec<String>, String)> = Vec::new();
    for line in SUMMARIES.lines() {
        if let Some(command) = line.strip_prefix("$ backstep ") {
            out.push((
                command.split(' ').map(String::from).collect(),
                String::new(),
            ));
        } else if let Some((_, text)) = out.last_mut() {
            text.push_str(line);
            text.push('\n');
        }
    }
    out.retain(|(args, _)| args[0] == "cover" || args.iter().any(|a| a == "dlx"));
    out
}

/// The summary of one reference command, run through the library.
fn summary_of(args: &[String]) -> String {
    match args[0].as_str() {
        "cover" => {
            let arg = args[1]
                .strip_prefix("../shared/reference/cover/")
                .map_or_else(|| args[1].clone(), fixture);
            printed(Cover::new(&problem(&arg), None), Mode::Summary)
        }
        "sudoku" => printed(SudokuDlx::new(&puzzle(&args[1])), Mode::Summary),
        other => panic!("no such search {other}"),
    }
}

/// The reference summaries but the 10.8 M updates of the 3x20 pentominoes
/// (8 solutions), which have their own test: a few seconds in a debug build.
#[test]
fn summaries_match_the_reference() {
    let cases = reference_summaries();
    assert_eq!(cases.len(), 6, "cover and dlx commands in summaries.txt");
    for (args, want) in cases {
        if args[1].contains("pentomino") {
            continue;
        }
        assert_eq!(summary_of(&args), want, "{}", args.join(" "));
    }
}

#[test]
fn pentomino_3x20_summary_matches_the_reference() {
    let (args, want) = reference_summaries()
        .into_iter()
        .find(|(args, _)| args[1].contains("pentomino3x20"))
        .expect("the reference has it");
    assert_eq!(summary_of(&args), want);
}

#[test]
fn shipped_problems_have_their_known_counts() {
    // pentomino3x20: 2 up to symmetry, times the rectangle's 4 symmetries.
    let known = [
        ("knuth", 1),
        ("queens8", 92),
        ("langford4", 2),
        ("pentomino3x20", 8),
    ];
    for (name, count) in known {
        let mut search = Cover::new(&problem(name), None);
        search.run_to_end();
        assert_eq!(search.solutions(), count, "{name}");
    }
}

/// Over a billion updates: a minute even in a release build.
#[test]
#[ignore = "a minute in release: cargo test --release --test all pentomino_6x10 -- --ignored"]
fn pentomino_6x10_has_9356_solutions() {
    // 2,339 up to symmetry, times the rectangle's 4 symmetries.
    for arg in ["pentomino6x10".to_string(), fixture("pentomino6x10.dlx")] {
        let mut search = Cover::new(&problem(&arg), None);
        search.run_to_end();
        assert_eq!(search.solutions(), 9356, "{arg}");
    }
}

#[test]
fn the_shipped_files_are_what_make_cover_writes() {
    for (name, text) in make_cover::files() {
        let asset = backstep::assets::find(backstep::assets::COVER, name)
            .unwrap_or_else(|| panic!("{name} is shipped"));
        assert!(
            asset.text == text,
            "assets/cover/{name}.dlx: run `cargo run --example make_cover`"
        );
    }
    assert_eq!(make_cover::files().len(), backstep::assets::COVER.len());
}

#[test]
fn knuth_is_exactly_the_spec_matrix() {
    let p = problem("knuth");
    assert_eq!(p.items(), ["A", "B", "C", "D", "E", "F", "G"]);
    assert_eq!(p.primary(), 7);
    let options: Vec<String> = (0..6).map(|o| p.option_text(o)).collect();
    assert_eq!(options, ["C E F", "A D G", "B C F", "A D", "B G", "D E G"]);
    // The reference file reads the same.
    let reference = problem(&fixture("knuth.dlx"));
    assert_eq!(
        (reference.items(), reference.options()),
        (p.items(), p.options())
    );
}

#[test]
fn the_max_cap_closes_the_open_places() {
    let mut search = Cover::new(&problem("queens8"), Some(3));
    let events: Vec<CoverEvent> = search.by_ref().collect();
    assert_eq!(search.solutions(), 3);
    let last_solution = events
        .iter()
        .rposition(|e| matches!(e, CoverEvent::Solution { .. }))
        .unwrap();
    assert!(
        events[last_solution + 1..]
            .iter()
            .all(|e| matches!(e, CoverEvent::Undo { .. })),
        "only undos after the cap"
    );
    assert_eq!(
        events.len() - last_solution - 1,
        8,
        "8 queens placed, 8 undone"
    );
    assert_eq!(
        *search.links(),
        *Cover::new(&problem("queens8"), None).links()
    );
}

// ---------------------------------------------------------------- counting

#[test]
fn run_to_end_leaves_the_counters_of_the_event_stream() {
    for name in ["knuth", "queens8", "langford4"] {
        for max in [None, Some(1), Some(5)] {
            let mut counted = Cover::new(&problem(name), max);
            let mut stepped = counted.clone();
            // Resume from the middle too.
            counted.by_ref().take(37).for_each(drop);
            counted.run_to_end();
            stepped.by_ref().for_each(drop);
            assert_eq!(counted.counters(), stepped.counters(), "{name} {max:?}");
            assert_eq!(counted.updates(), stepped.updates(), "{name} {max:?}");
            assert_eq!(counted.first_solution(), stepped.first_solution());
            assert_eq!(counted.links(), stepped.links());
            assert!(counted.is_finished());
        }
    }
}

// ---------------------------------------------------------------- oracles

/// A random problem of at most 10 items (some secondary) and 14 options,
/// as DLX text (so the parser is exercised too).
fn random_dlx(rng: &mut Rng) -> String {
    let items = 1 + rng.below(10);
    let primary = 1 + rng.below(items);
    let mut text = String::from("| random\n");
    let names: Vec<String> = (0..items).map(|i| format!("i{i}")).collect();
    text.push_str(&names[..primary].join(" "));
    if primary < items {
        text.push_str(" | ");
        text.push_str(&names[primary..].join(" "));
    }
    text.push('\n');
    let options = rng.below(15);
    for _ in 0..options {
        let mut chosen: Vec<usize> = vec![rng.below(primary)];
        for i in 0..items {
            if !chosen.contains(&i) && rng.chance(25) {
                chosen.push(i);
            }
        }
        // Shuffle, so an option's line order is not the item order.
        for k in (1..chosen.len()).rev() {
            chosen.swap(k, rng.below(k + 1));
        }
        let line: Vec<&str> = chosen.iter().map(|&i| names[i].as_str()).collect();
        text.push_str(&line.join(" "));
        text.push('\n');
    }
    text
}

/// Every exact cover, by trying every subset of the options: each primary
/// item in exactly one chosen option, each secondary in at most one.
/// Solutions as sorted option lists, in increasing order.
fn brute_force(p: &Problem) -> BTreeSet<Vec<u32>> {
    let options = p.options();
    let mut out = BTreeSet::new();
    for mask in 0u32..1 << options.len() {
        let mut seen = vec![0; p.items().len()];
        for (o, items) in options.iter().enumerate() {
            if mask >> o & 1 == 1 {
                for &i in items {
                    seen[i as usize] += 1;
                }
            }
        }
        let primary_ok = seen[..p.primary()].iter().all(|&s| s == 1);
        let secondary_ok = seen[p.primary()..].iter().all(|&s| s <= 1);
        if primary_ok && secondary_ok {
            out.insert(
                (0..options.len() as u32)
                    .filter(|o| mask >> o & 1 == 1)
                    .collect(),
            );
        }
    }
    out
}

#[test]
fn random_matrices_agree_with_brute_force() {
    let mut rng = Rng::new(11);
    let mut with_solutions = 0;
    for case in 0..400 {
        let text = random_dlx(&mut rng);
        let p = input::cover::parse(&text, "random").expect("a valid problem");
        let want = brute_force(&p);
        let fresh = Cover::new(&p, None);
        let mut search = fresh.clone();
        let mut got = BTreeSet::new();
        let mut chosen = Vec::new();
        while let Some(event) = search.next() {
            match event {
                CoverEvent::Place { item, option } => {
                    assert!(
                        p.options()[option as usize].contains(&item),
                        "case {case}: option {option} does not hold item {item}"
                    );
                    chosen.push(option);
                }
                CoverEvent::Undo { option, .. } => assert_eq!(chosen.pop(), Some(option)),
                CoverEvent::Solution { count } => {
                    assert_eq!(search.path(), chosen, "case {case}");
                    let mut sorted = chosen.clone();
                    sorted.sort_unstable();
                    assert!(got.insert(sorted), "case {case}: a solution twice");
                    assert_eq!(count, got.len() as u64);
                }
                CoverEvent::DeadEnd { item } => {
                    assert!(
                        (item as usize) < p.primary(),
                        "case {case}: dead end on a secondary item"
                    );
                }
            }
        }
        assert_eq!(got, want, "case {case}:\n{text}");
        assert_eq!(search.links(), fresh.links(), "case {case}: links restored");
        if !want.is_empty() {
            with_solutions += 1;
        }
    }
    assert!(
        with_solutions > 40,
        "only {with_solutions} cases had a solution"
    );
}

/// Whether a full grid holds each digit once in every row, column and box.
fn is_solved(grid: &[u8], n: usize) -> bool {
    let b = if n == 4 { 2 } else { 3 };
    let unit = |cells: Vec<usize>| {
        let mut digits: Vec<u8> = cells.iter().map(|&i| grid[i]).collect();
        digits.sort_unstable();
        digits == (1..=n as u8).collect::<Vec<u8>>()
    };
    (0..n).all(|k| {
        let bx = (k / b * b, k % b * b);
        unit((0..n).map(|c| k * n + c).collect())
            && unit((0..n).map(|r| r * n + k).collect())
            && unit((0..n).map(|i| (bx.0 + i / b) * n + bx.1 + i % b).collect())
    })
}

/// The mrv search's count (capped) and first solution.
fn by_mrv(p: &Puzzle) -> (u32, Option<Vec<u8>>) {
    let mut search = Sudoku::new(
        p,
        SudokuOptions {
            order: Order::Mrv,
            rejects: false,
        },
    );
    search.run_to_end();
    (
        search.solution_count(),
        search.first_solution().map(<[u8]>::to_vec),
    )
}

fn by_dlx(p: &Puzzle) -> (u32, Option<Vec<u8>>) {
    let mut search = SudokuDlx::new(p);
    search.run_to_end();
    (search.solution_count(), search.first_solution())
}

#[test]
fn sudoku_dlx_agrees_with_mrv_on_random_4x4_grids() {
    let mut rng = Rng::new(4);
    let mut tried = 0;
    let (mut unique, mut several, mut none) = (0, 0, 0);
    while tried < 300 {
        let cells: Vec<u8> = (0..16)
            .map(|_| {
                if rng.chance(35) {
                    1 + rng.below(4) as u8
                } else {
                    0
                }
            })
            .collect();
        let text: String = cells.iter().map(|d| char::from(b'0' + d)).collect();
        let Ok(p) = input::parse_grid(&text) else {
            continue; // givens in conflict: not a puzzle
        };
        tried += 1;
        let (count, first) = by_dlx(&p);
        let (mrv_count, mrv_first) = by_mrv(&p);
        assert_eq!(count, mrv_count, "grid {text}");
        // One solution: the same. Two or more: each search's first is a
        // solution, found in its own order.
        if count == 1 {
            assert_eq!(first, mrv_first, "grid {text}");
        }
        match count {
            0 => none += 1,
            1 => unique += 1,
            _ => several += 1,
        }
        if let Some(grid) = first {
            for (i, &given) in cells.iter().enumerate() {
                assert!(given == 0 || grid[i] == given, "grid {text}: givens kept");
            }
            assert!(is_solved(&grid, 4), "grid {text}: {grid:?}");
        }
    }
    assert!(
        unique > 5 && several > 5 && none > 5,
        "{unique} {several} {none}"
    );
}

#[test]
fn sudoku_dlx_agrees_with_mrv_on_the_shipped_puzzles() {
    for name in ["sample", "campus", "empty4", "unsat4", "unsat9", "inkala"] {
        let p = puzzle(name);
        let (dlx, mrv) = (by_dlx(&p), by_mrv(&p));
        assert_eq!(dlx.0, mrv.0, "{name}: count");
        if dlx.0 == 1 {
            assert_eq!(dlx.1, mrv.1, "{name}: the solution");
        }
        if let Some(grid) = &dlx.1 {
            assert!(is_solved(grid, usize::from(p.size())), "{name}");
        }
    }
}

#[test]
fn sudoku_dlx_maps_each_place_to_its_item() {
    let mut search = SudokuDlx::new(&puzzle("sample"));
    let g = search.geometry();
    let mut grid = vec![0u8; 81];
    while let Some(event) = search.next() {
        match event {
            DlxEvent::Place {
                row,
                col,
                digit,
                item,
            } => {
                let name = &search.items()[usize::from(item)];
                let b = g.box_of(usize::from(row) * 9 + usize::from(col));
                let covers = [
                    format!("p{row}{col}"),
                    format!("r{row}{digit}"),
                    format!("c{col}{digit}"),
                    format!("b{b}{digit}"),
                ];
                assert!(covers.contains(name), "{event:?} names {name}");
                grid[usize::from(row) * 9 + usize::from(col)] = digit;
            }
            DlxEvent::Undo { row, col, .. } => grid[usize::from(row) * 9 + usize::from(col)] = 0,
            _ => {}
        }
        assert_eq!(search.grid(), grid);
    }
    assert_eq!(grid, vec![0; 81]);
}

/// The mrv stream's placements on a grid with a single solution end where
/// dlx's do: the same grid, whatever the order.
#[test]
fn sudoku_dlx_and_mrv_end_on_the_same_grid() {
    let p = puzzle("sample");
    let mut mrv = Sudoku::new(
        &p,
        SudokuOptions {
            order: Order::Mrv,
            rejects: false,
        },
    );
    let at_solution = mrv
        .by_ref()
        .find(|e| matches!(e, SudokuEvent::Solution { .. }))
        .map(|_| mrv.grid().to_vec());
    let mut dlx = SudokuDlx::new(&p);
    let dlx_at_solution = dlx
        .by_ref()
        .find(|e| matches!(e, DlxEvent::Solution { .. }))
        .map(|_| dlx.grid());
    assert_eq!(at_solution, dlx_at_solution);
}

// ---------------------------------------------------------------- properties

#[test]
fn stepping_then_closing_restores_the_links_exactly() {
    let mut rng = Rng::new(7);
    for name in ["knuth", "queens8", "langford4", "pentomino3x20"] {
        let p = problem(name);
        let fresh = Cover::new(&p, None);
        for _ in 0..6 {
            let mut search = fresh.clone();
            let steps = rng.below(3000);
            search.by_ref().take(steps).for_each(drop);
            let depth = search.counters().depth;
            search.close();
            let rest: Vec<CoverEvent> = search.by_ref().collect();
            assert_eq!(
                rest.len(),
                depth,
                "{name} after {steps}: one undo per open place"
            );
            assert!(rest.iter().all(|e| matches!(e, CoverEvent::Undo { .. })));
            assert_eq!(search.counters().depth, 0);
            assert_eq!(search.links(), fresh.links(), "{name} after {steps}");
        }
    }
}

#[test]
fn clones_mid_search_give_identical_streams() {
    let p = problem("pentomino3x20");
    let mut search = Cover::new(&p, None);
    search.by_ref().take(5000).for_each(drop);
    let mut copy = search.clone();
    let a: Vec<(CoverEvent, u64)> = copy.by_ref().take(3000).map(|e| (e, 0)).collect();
    let b: Vec<(CoverEvent, u64)> = search.by_ref().take(3000).map(|e| (e, 0)).collect();
    assert_eq!(a, b);
    assert_eq!(copy.counters(), search.counters());
    assert_eq!(copy.updates(), search.updates());
    assert_eq!(copy.links(), search.links());
}

#[test]
fn heap_bytes_counts_the_links() {
    let search = SudokuDlx::new(&puzzle("sample"));
    // The root, 324 headers and 4 nodes per option, in 4 link arrays.
    let options = search.problem().options().len();
    assert_eq!(options, 30 + 51 * 9, "one option per given, 9 per blank");
    let nodes = 1 + 324 + 4 * options;
    assert!(
        search.heap_bytes() >= 4 * 4 * nodes,
        "{}",
        search.heap_bytes()
    );
}

// ---------------------------------------------------------------- bad input

#[test]
fn malformed_dlx_names_the_line_and_the_item() {
    let cases: [(&str, &str, &[&str]); 12] = [
        ("undeclared", "A B\nA C\n", &["line 2", "\"C\""]),
        (
            "twice in an option",
            "| c\nA B\n\nA B A\n",
            &["line 4", "\"A\"", "twice"],
        ),
        ("repeated name", "A B A\nA\n", &["line 1", "\"A\"", "twice"]),
        (
            "no primary in option",
            "A | x\nA\nx\n",
            &["line 3", "\"x\"", "no primary"],
        ),
        ("colour", "A B\nA B:1\n", &["line 2", "\"B:1\"", "colour"]),
        (
            "colour on the item line",
            "A:x B\nB\n",
            &["line 1", "\"A:x\""],
        ),
        (
            "too long",
            "A LONGNAME9\nA\n",
            &["line 1", "\"LONGNAME9\"", "1 to 8"],
        ),
        ("not ASCII", "A B\u{e9}\nA\n", &["line 1", "\"B\u{e9}\""]),
        ("no items", "| only\n|comments\n\n\t\n", &["no items"]),
        ("no primary", "| c\n  | x y\nx\n", &["line 2", "no primary"]),
        (
            "bar first on the item line",
            "A | x | y\nA\n",
            &["line 1", "second"],
        ),
        ("bar in an option", "A B | x\nA | x\n", &["line 2", "`|`"]),
    ];
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("bad-dlx");
    std::fs::create_dir_all(&dir).expect("a temp folder");
    for (k, (what, text, needles)) in cases.iter().enumerate() {
        let path = dir.join(format!("bad{k}.dlx"));
        std::fs::write(&path, text).expect("written");
        let err = match input::cover::load(path.to_str().unwrap()) {
            Ok(_) => panic!("{what}: accepted"),
            Err(e) => format!("{e:#}"),
        };
        for needle in *needles {
            assert!(err.contains(needle), "{what}: {err:?} lacks {needle:?}");
        }
    }
    // Only a line starting with `|` is a comment.
    let p = input::cover::parse("|c\nB | x\n|B x\nB x\n", "t").expect("valid");
    assert_eq!(p.options().len(), 1);
}

#[test]
fn a_missing_file_is_named() {
    let err = format!("{:#}", input::cover::load("no-such-file.dlx").unwrap_err());
    assert!(
        err.contains("no-such-file.dlx") && err.contains("knuth"),
        "{err}"
    );
}

// ---------------------------------------------------------------- outputs

#[test]
fn other_modes_run_and_end_with_the_summary() {
    let trace = printed(Cover::new(&problem("knuth"), None), Mode::Trace);
    assert!(
        trace.contains("place option 1 (A D G) for item A"),
        "{trace}"
    );
    assert!(trace.contains("dead end: item E has no option left"));
    assert!(trace.ends_with("4: B G\n"));
    let table = printed(Cover::new(&problem("knuth"), None), Mode::Table);
    let rows: Vec<&str> = table.lines().collect();
    assert_eq!(rows[0], "| node | path | item | options left | outcome |");
    assert_eq!(rows[2], "| 1 | [] | A | {1,3} | place 1 (A D G) |");
    assert_eq!(rows.len(), 2 + 6, "one row per node");
    let sheet = printed(Cover::new(&problem("knuth"), None), Mode::Worksheet);
    assert!(sheet.contains("Result: `cover knuth: solutions=1, nodes=6, updates=17`"));
    let dlx = printed(SudokuDlx::new(&puzzle("campus")), Mode::Table);
    assert_eq!(dlx.lines().count(), 2 + 17);
    assert!(
        dlx.contains("| 1 | p00 | {(0,0)=1} | place (0,0)=1 |"),
        "{dlx}"
    );
    let sheet = printed(SudokuDlx::new(&puzzle("campus")), Mode::Worksheet);
    assert!(sheet.contains("Result: `sudoku: solutions capped at 2=1, nodes=17, updates=120`"));
}
