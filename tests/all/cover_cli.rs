//! `backstep cover` and `sudoku --order dlx` through the real binary: the
//! references (JSON lines as parsed objects, summaries byte for byte, run
//! exactly as `summaries.txt` writes them), `--list`, `--max`, every
//! `--print` mode, `compare sudoku --order dlx`, malformed DLX files (exit
//! 2, line and item named); then the screens (insta snapshots at 100x30,
//! the 80x24 floor) and predict's questions against the next event.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use backstep::input;
use backstep::search::cover::{Cover, CoverEvent};
use backstep::search::sudoku_dlx::{DlxEvent, SudokuDlx};
use backstep::ui::app::App;
use backstep::ui::predict::{Answer, Ask, peek};
use backstep::ui::render;
use backstep::ui::scene::Scene;
use backstep::ui::theme::Theme;
use serde_json::Value;

use crate::apps::colour;
use crate::{backstep, stderr_text, stdout_text};

const COVER_KNUTH: &str = include_str!("../fixtures/cover-knuth.jsonl");
const SUDOKU_CAMPUS4_DLX: &str = include_str!("../fixtures/sudoku-campus4-dlx.jsonl");
const SUMMARIES: &str = include_str!("../fixtures/summaries.txt");

/// A folder laid out like the project's parent, so that the reference's
/// `../shared/reference/cover/X.dlx` arguments name the fixtures: returns
/// the folder to run from (`<tmp>/project`).
fn reference_layout() -> PathBuf {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cover-cli");
    let cover = root.join("shared/reference/cover");
    std::fs::create_dir_all(&cover).expect("a temp folder");
    std::fs::create_dir_all(root.join("project")).expect("a temp folder");
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cover");
    for entry in std::fs::read_dir(&fixtures).expect("the cover fixtures") {
        let entry = entry.expect("a fixture");
        std::fs::copy(entry.path(), cover.join(entry.file_name())).expect("copied");
    }
    root.join("project")
}

fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_backstep"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the backstep binary runs")
}

fn ok(output: &Output, what: &str) -> String {
    assert!(
        output.status.success(),
        "{what}: {:?} {}",
        output.status,
        stderr_text(output)
    );
    stdout_text(output)
}

fn parsed(text: &str, what: &str) -> Vec<Value> {
    text.lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{what} {line:?}: {e}")))
        .collect()
}

// ---------------------------------------------------------------- golden

#[test]
fn cover_knuth_jsonl_through_the_binary_matches_the_reference() {
    let got = ok(
        &backstep(&["cover", "knuth", "--print", "jsonl"]),
        "cover knuth",
    );
    assert_eq!(parsed(&got, "got"), parsed(COVER_KNUTH, "reference"));
}

#[test]
fn sudoku_campus_dlx_jsonl_through_the_binary_matches_the_reference() {
    let args = ["sudoku", "campus", "--order", "dlx", "--print", "jsonl"];
    let got = ok(&backstep(&args), "sudoku campus dlx");
    assert_eq!(parsed(&got, "got"), parsed(SUDOKU_CAMPUS4_DLX, "reference"));
}

/// Every `$ backstep ...` line of the summaries reference that runs exact
/// cover (`cover`, or `--order dlx`), with its expected output.
fn reference_commands() -> Vec<(Vec<String>, String)> {
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

/// All six, the 3x20 pentominoes (10.8 M updates) included: under 3 s in
/// a debug build.
#[test]
fn every_cover_and_dlx_summary_through_the_binary_matches_the_reference() {
    let dir = reference_layout();
    let cases = reference_commands();
    assert_eq!(cases.len(), 6, "cover and dlx commands in summaries.txt");
    for (args, want) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let got = ok(&run_in(&dir, &args), &args.join(" "));
        assert_eq!(got, want, "backstep {}", args.join(" "));
    }
}

// ---------------------------------------------------------------- options

#[test]
fn list_names_every_shipped_problem() {
    let got = ok(&backstep(&["cover", "--list"]), "cover --list");
    let names: Vec<&str> = got.lines().filter_map(|l| l.split(' ').next()).collect();
    assert_eq!(
        names,
        [
            "knuth",
            "queens8",
            "langford4",
            "pentomino3x20",
            "pentomino6x10"
        ]
    );
    assert!(got.contains("9,356 solutions"), "{got}");
    let refused = backstep(&["cover", "knuth", "--list"]);
    assert_eq!(refused.status.code(), Some(2));
}

/// Like every search, `cover` opens a default: Knuth's example.
#[test]
fn with_no_problem_cover_opens_knuths_example() {
    let alone = ok(&backstep(&["cover", "--print", "summary"]), "cover");
    let named = ok(
        &backstep(&["cover", "knuth", "--print", "summary"]),
        "cover knuth",
    );
    assert_eq!(alone, named);
    assert!(alone.starts_with("cover knuth: solutions=1"), "{alone}");
    let refused = backstep(&["cover", "--list", "--max", "2"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr_text(&refused).contains("--max"),
        "{}",
        stderr_text(&refused)
    );
}

#[test]
fn max_stops_at_k_solutions_and_closes_the_open_places() {
    let got = ok(
        &backstep(&["cover", "queens8", "--max", "3", "--print", "jsonl"]),
        "--max 3",
    );
    let events = parsed(&got, "got");
    let kind = |v: &Value| v["event"].as_str().unwrap_or_default().to_string();
    let solutions = events.iter().filter(|v| kind(v) == "solution").count();
    assert_eq!(solutions, 3);
    let places = events.iter().filter(|v| kind(v) == "place").count();
    let undos = events.iter().filter(|v| kind(v) == "undo").count();
    assert_eq!(places, undos, "every place closed");
    let done = events.last().expect("a done line");
    assert_eq!(done["solutions"], 3);
    assert!(done.get("complete").is_none(), "a cap, not a budget");
    let summary = ok(
        &backstep(&["cover", "queens8", "--max", "1", "--print", "summary"]),
        "--max 1",
    );
    assert!(
        summary.starts_with("cover queens8: solutions=1, "),
        "{summary}"
    );
    for bad in ["0", "-1", "x"] {
        let out = backstep(&["cover", "knuth", "--max", bad]);
        assert_eq!(out.status.code(), Some(2), "--max {bad}");
    }
}

#[test]
fn every_print_mode_runs_through_the_binary() {
    for (args, needle) in [
        (
            &["cover", "knuth"][..],
            "cover knuth: solutions=1, nodes=6, updates=17",
        ),
        (&["sudoku", "campus", "--order", "dlx"][..], "updates=120"),
    ] {
        for mode in ["summary", "jsonl", "trace", "table", "worksheet"] {
            let mut full = args.to_vec();
            full.extend(["--print", mode]);
            let got = ok(&backstep(&full), &full.join(" "));
            assert!(!got.is_empty(), "{mode}");
            if mode != "jsonl" && mode != "table" {
                assert!(got.contains(needle), "{mode}: {got}");
            }
        }
    }
    let table = ok(&backstep(&["cover", "knuth", "--print", "table"]), "table");
    assert!(
        table.contains("| 1 | [] | A | {1,3} | place 1 (A D G) |"),
        "{table}"
    );
}

#[test]
fn compare_sudoku_puts_dlx_beside_mrv_and_keeps_the_default() {
    let got = ok(
        &backstep(&[
            "compare", "sudoku", "inkala", "--order", "dlx", "--print", "summary",
        ]),
        "compare dlx",
    );
    let mrv = ok(
        &backstep(&["sudoku", "inkala", "--print", "summary"]),
        "mrv",
    );
    let dlx = ok(
        &backstep(&["sudoku", "inkala", "--order", "dlx", "--print", "summary"]),
        "dlx",
    );
    let want = format!(
        "{}{}",
        mrv.replacen("sudoku:", "sudoku mrv:", 1),
        dlx.replacen("sudoku:", "sudoku dlx:", 1)
    );
    assert!(got.starts_with(&want), "{got}");
    let nodes = |s: &str| -> u64 {
        let at = s.find("nodes=").expect("nodes") + 6;
        s[at..]
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .unwrap_or("")
            .parse()
            .expect("n")
    };
    let last = got.lines().last().unwrap_or_default();
    assert!(
        last.starts_with(&format!(
            "nodes: mrv {} vs dlx {}, ratio ",
            nodes(&mrv),
            nodes(&dlx)
        )),
        "{last}"
    );
    // Without --order the comparison is the one it always was.
    let default = ok(
        &backstep(&["compare", "sudoku", "campus", "--print", "summary"]),
        "default",
    );
    let first = ok(
        &backstep(&[
            "compare", "sudoku", "campus", "--order", "first", "--print", "summary",
        ]),
        "first",
    );
    assert_eq!(default, first);
    assert!(
        default.ends_with("nodes: mrv 9 vs first 9, ratio 1.00x\n"),
        "{default}"
    );
    assert_eq!(
        backstep(&["compare", "sudoku", "--order", "mrv", "--print", "summary"])
            .status
            .code(),
        Some(2)
    );
}

// ---------------------------------------------------------------- bad input

#[test]
fn malformed_dlx_files_exit_2_naming_the_line_and_the_item() {
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "undeclared",
            "A B\nA C\n",
            &["line 2", "\"C\"", "not on the item line"],
        ),
        (
            "twice",
            "| c\nA B\n\nA B A\n",
            &["line 4", "\"A\"", "twice"],
        ),
        ("repeated", "A B A\nA\n", &["line 1", "\"A\"", "twice"]),
        (
            "secondary only",
            "A | x\nA\nx\n",
            &["line 3", "\"x\"", "no primary"],
        ),
        ("colour", "A B\nA B:1\n", &["line 2", "\"B:1\"", "colour"]),
        ("colour item", "A:x B\nB\n", &["line 1", "\"A:x\""]),
        (
            "too long",
            "A LONGNAME9\nA\n",
            &["line 1", "\"LONGNAME9\"", "1 to 8"],
        ),
        ("not ascii", "A B\u{e9}\nA\n", &["line 1", "\"B\u{e9}\""]),
        ("no items", "| only\n|comments\n\n\t\n", &["no items"]),
        ("no primary", "| c\n  | x y\nx\n", &["line 2", "no primary"]),
        ("two bars", "A | x | y\nA\n", &["line 1", "second"]),
        ("bar in option", "A B | x\nA | x\n", &["line 2", "`|`"]),
        ("empty file", "", &["no items"]),
    ];
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cover-cli-bad");
    std::fs::create_dir_all(&dir).expect("a temp folder");
    for (k, (what, text, needles)) in cases.iter().enumerate() {
        let path = dir.join(format!("bad{k}.dlx"));
        std::fs::write(&path, text).expect("written");
        let out = backstep(&["cover", path.to_str().expect("UTF-8"), "--print", "summary"]);
        let err = stderr_text(&out);
        assert_eq!(out.status.code(), Some(2), "{what}: {err}");
        assert!(out.stdout.is_empty(), "{what}: nothing on stdout");
        assert!(!err.contains("panicked"), "{what}: {err}");
        assert!(
            err.contains(&format!("bad{k}.dlx")),
            "{what}: file named: {err}"
        );
        for needle in *needles {
            assert!(err.contains(needle), "{what}: {err:?} lacks {needle:?}");
        }
    }
    let out = backstep(&["cover", "no-such-problem", "--print", "summary"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr_text(&out).contains("knuth"), "{}", stderr_text(&out));
}

// ---------------------------------------------------------------- screens

fn cover_app(name: &str, theme: Theme) -> App<Cover> {
    let problem = input::cover::load(name).expect("a shipped problem");
    App::new(Cover::new(&problem.value, None), &problem.name, theme)
}

fn dlx_app(name: &str) -> App<SudokuDlx> {
    let puzzle = input::load_puzzle(name).expect("a shipped puzzle");
    App::new(SudokuDlx::new(&puzzle.value), &puzzle.name, colour())
}

fn step_to<S: Scene>(app: &mut App<S>, step: u64) {
    while app.timeline.step() < step {
        app.act(backstep::ui::keys::Action::Step);
    }
    assert_eq!(app.timeline.step(), step);
}

fn frame<S: Scene>(app: &App<S>, (w, h): (u16, u16)) -> String {
    let mut terminal =
        ratatui::Terminal::new(ratatui::backend::TestBackend::new(w, h)).expect("a test terminal");
    terminal.draw(|f| render::draw(app, f)).expect("a frame");
    terminal.backend().to_string()
}

/// Knuth's matrix after option 1 (A D G) is placed: A, D, G covered (`-`
/// under them), the options sharing them hidden (`-` rows), option 1
/// marked as the one tried, and the ranking B 1, E 1 first.
#[test]
fn knuth_matrix_mid_cover() {
    let mut app = cover_app("knuth", colour());
    step_to(&mut app, 1);
    let screen = frame(&app, (100, 30));
    assert!(screen.contains("len    - 1 2 - 1 2 -"), "{screen}");
    assert!(screen.contains("active  B 1  E 1  C 2  F 2"), "{screen}");
    assert!(screen.contains("updates   6"), "{screen}");
    insta::assert_snapshot!("cover_knuth_step1", screen);
    // Without colour the highlights are still there: the chosen item's
    // name and the tried option's mark are reversed.
    let app = {
        let mut app = cover_app("knuth", Theme::new(false, false));
        step_to(&mut app, 1);
        app
    };
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(100, 30))
        .expect("a test terminal");
    terminal.draw(|f| render::draw(&app, f)).expect("a frame");
    let buf = terminal.backend().buffer().clone();
    let at = |x: u16, y: u16| buf[(x, y)].modifier;
    // `│item   A B ...`: A is the first item column, B the second.
    let a = (0..30)
        .find(|&x| buf[(x, 2)].symbol() == "A")
        .expect("item A");
    assert!(
        at(a, 2).contains(ratatui::style::Modifier::REVERSED),
        "A reversed"
    );
    assert!(
        !at(a + 2, 2).contains(ratatui::style::Modifier::REVERSED),
        "B not"
    );
    let row5: String = (0..30).map(|x| buf[(x, 5)].symbol().to_string()).collect();
    assert!(row5.contains("   1 \u{25b6} 1"), "{row5}");
}

#[test]
fn pentomino_3x20_draws_its_pieces_as_letters() {
    let mut app = cover_app("pentomino3x20", colour());
    while app.timeline.search().path().len() < 4 {
        app.act(backstep::ui::keys::Action::Step);
    }
    let screen = frame(&app, (100, 30));
    let path = app.timeline.search().path();
    let problem = app.timeline.search().problem().clone();
    for o in path {
        let piece = &problem.option_text(o)[..1];
        assert!(screen.contains(&format!(" {piece} ")), "{piece}: {screen}");
    }
}

#[test]
fn sudoku_dlx_campus_mid_search() {
    let mut app = dlx_app("campus");
    step_to(&mut app, 9);
    let screen = frame(&app, (100, 30));
    assert!(screen.contains("updates"), "{screen}");
    insta::assert_snapshot!("sudoku_dlx_campus_step9", screen);
}

#[test]
fn cover_and_dlx_screens_fit_80x24_in_ascii_without_colour() {
    let plain = Theme::new(false, true);
    for name in [
        "knuth",
        "queens8",
        "langford4",
        "pentomino3x20",
        "pentomino6x10",
    ] {
        let app = cover_app(name, plain);
        let (w, h) = render::min_size(&app);
        assert!(w <= 80 && h <= 24, "{name} needs {w}x{h}");
        let screen = frame(&app, (80, 24));
        assert!(screen.is_ascii(), "{name}: {screen}");
        assert!(screen.contains("Exact cover"), "{name}");
    }
    let (w, h) = render::min_size(&dlx_app("inkala"));
    assert!(w <= 80 && h <= 24, "sudoku dlx needs {w}x{h}");
}

// ---------------------------------------------------------------- predict

/// At every step of Knuth's search, a question's answer is what the next
/// event does: the item chosen, then the option placed.
#[test]
fn predict_asks_the_item_then_the_option_of_the_next_place() {
    let problem = input::cover::load("knuth").expect("knuth").value;
    let mut search = Cover::new(&problem, None);
    let mut previous = None;
    let mut asked = 0;
    while let Some(next) = peek(&search, false) {
        if let Some(q) = search.question(&next, previous.as_ref()) {
            asked += 1;
            match next {
                CoverEvent::Place { item, option } => {
                    let option_q = match q.then {
                        Some(then) => {
                            let name = problem.items()[item as usize].clone();
                            assert_eq!(q.answer, Answer::Word(name));
                            *then
                        }
                        None => q,
                    };
                    assert_eq!(option_q.answer, Answer::Number(option));
                    assert_eq!(
                        option_q.read(&option.to_string()),
                        Ok(Answer::Number(option))
                    );
                    assert!(option_q.judge(&Answer::Number(option)).right);
                }
                CoverEvent::DeadEnd { item } => {
                    let name = problem.items()[item as usize].clone();
                    assert_eq!(q.read(&name), Ok(Answer::Word(name.clone())));
                    assert!(q.judge(&Answer::Word(name)).right);
                    assert!(!q.judge(&Answer::Word("A".into())).right);
                }
                _ => panic!("no question on {next:?}"),
            }
        }
        previous = search.next();
    }
    assert!(asked >= 6, "{asked} questions");
}

#[test]
fn predict_on_sudoku_dlx_asks_the_item_then_the_digit_or_cell() {
    let puzzle = input::load_puzzle("campus").expect("campus").value;
    let mut search = SudokuDlx::new(&puzzle);
    let first = peek(&search, false).expect("a first event");
    let q = search.question(&first, None).expect("a question");
    let DlxEvent::Place { item, digit, .. } = first else {
        panic!("{first:?}")
    };
    assert_eq!(
        q.answer,
        Answer::Word(search.items()[usize::from(item)].clone())
    );
    let then = q.then.expect("the option question");
    assert_eq!(then.answer, Answer::Number(u32::from(digit)));
    search.next();
}
