//! `sudoku ... --order propagate` and `backstep words` end to end: the
//! reference outputs through the real binary, every `--print` mode, the
//! compare commands, bad inputs, and their screens (insta snapshots at
//! 100x30, read with `git diff` before committing).

use std::time::Duration;

use backstep::input;
use backstep::input::words::{DEFAULT_BOARD, load_words};
use backstep::search::sudoku_propagate::{Propagate, PropagateOptions};
use backstep::search::words::{Words, WordsOptions};
use backstep::ui::app::App;
use backstep::ui::keys::Action;
use backstep::ui::render;
use backstep::ui::scene::Scene;
use backstep::ui::theme::Theme;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use serde_json::Value;

use crate::propagate::reference_summary;
use crate::{backstep, stderr_text, stdout_text};

const CAMPUS4: &str = include_str!("../fixtures/sudoku-campus4-propagate.jsonl");
const WORDS_DEFAULT: &str = include_str!("../fixtures/words-default.jsonl");
const SAMPLE9: &str =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

/// Runs the binary, expecting success, and returns its standard output.
fn run_ok(args: &[&str]) -> String {
    let output = backstep(args);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{args:?}: stderr: {}",
        stderr_text(&output)
    );
    stdout_text(&output)
}

/// The binary's JSON lines against a reference, as parsed values.
fn assert_jsonl(args: &[&str], reference: &str) {
    let mut full = args.to_vec();
    full.extend(["--print", "jsonl"]);
    let text = run_ok(&full);
    let parse = |l: &str| -> Value { serde_json::from_str(l).expect("a JSON line") };
    let got: Vec<Value> = text.lines().map(parse).collect();
    let want: Vec<Value> = reference.lines().map(parse).collect();
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(g, w, "{args:?}: line {} differs", i + 1);
    }
    assert_eq!(got.len(), want.len(), "{args:?}: number of lines");
}

#[test]
fn propagate_campus_jsonl_from_the_binary_matches_the_reference() {
    assert_jsonl(&["sudoku", "campus", "--order", "propagate"], CAMPUS4);
}

#[test]
fn words_default_jsonl_from_the_binary_matches_the_reference() {
    assert_jsonl(&["words"], WORDS_DEFAULT);
}

#[test]
fn summaries_from_the_binary_match_the_reference() {
    let commands = [
        "backstep words --print summary".to_string(),
        "backstep sudoku 1..4.41.2..3.32. --order propagate --print summary".to_string(),
        format!("backstep sudoku {SAMPLE9} --order propagate --print summary"),
    ];
    for command in commands {
        let args: Vec<&str> = command.split(' ').skip(1).collect();
        assert_eq!(run_ok(&args), reference_summary(&command), "{command}");
    }
}

#[test]
fn every_print_mode_runs_and_says_something() {
    let searches: [&[&str]; 3] = [
        &["sudoku", "campus", "--order", "propagate"],
        &["sudoku", "inkala", "--order", "propagate"],
        &[
            "words",
            "--words",
            "OATH,PEA,EAT,RAIN,OAK,EAR",
            "--no-prune",
        ],
    ];
    for args in searches {
        for mode in ["summary", "jsonl", "trace", "table", "worksheet"] {
            let mut full = args.to_vec();
            full.extend(["--print", mode]);
            let text = run_ok(&full);
            assert!(text.lines().count() >= 2, "{full:?} printed {text:?}");
        }
    }
}

#[test]
fn the_propagate_table_has_one_row_per_node() {
    // inkala takes guesses: its table has a row per node (the root and
    // each guess), not per digit written.
    let summary = run_ok(&[
        "sudoku",
        "inkala",
        "--order",
        "propagate",
        "--print",
        "summary",
    ]);
    let nodes: usize = summary
        .split("nodes=")
        .nth(1)
        .and_then(|rest| rest.split(',').next())
        .and_then(|n| n.parse().ok())
        .expect("a node count");
    let table = run_ok(&[
        "sudoku",
        "inkala",
        "--order",
        "propagate",
        "--print",
        "table",
    ]);
    assert_eq!(table.lines().count() - 2, nodes, "{}", &table[..400]);
    let campus = run_ok(&[
        "sudoku",
        "campus",
        "--order",
        "propagate",
        "--print",
        "table",
    ]);
    assert_eq!(campus.lines().count() - 2, 1, "{campus}");
    assert!(campus.contains("solution #1"), "{campus}");
}

#[test]
fn compare_sudoku_puts_propagate_beside_mrv() {
    let text = run_ok(&[
        "compare",
        "sudoku",
        "inkala",
        "--order",
        "propagate",
        "--print",
        "summary",
    ]);
    let mrv = run_ok(&["sudoku", "inkala", "--print", "summary"]);
    let propagate = run_ok(&[
        "sudoku",
        "inkala",
        "--order",
        "propagate",
        "--print",
        "summary",
    ]);
    let label = |s: &str, l: &str| s.replacen("sudoku:", &format!("sudoku {l}:"), 1);
    assert!(text.starts_with(&label(&mrv, "mrv")), "{text}");
    assert!(text.contains(&label(&propagate, "propagate")), "{text}");
    assert!(text.contains("nodes: mrv 18936 vs propagate "), "{text}");
}

#[test]
fn compare_sudoku_default_is_still_mrv_against_first() {
    let default = run_ok(&["compare", "sudoku", "campus", "--print", "summary"]);
    let first = run_ok(&[
        "compare", "sudoku", "campus", "--order", "first", "--print", "summary",
    ]);
    assert_eq!(default, first);
    assert!(default.contains("nodes: mrv "), "{default}");
    assert!(default.contains(" vs first "), "{default}");
}

#[test]
fn compare_words_sets_pruned_beside_unpruned() {
    let list = "OATH,PEA,EAT,RAIN,OAK,EAR,OATHS";
    let text = run_ok(&["compare", "words", "--words", list, "--print", "summary"]);
    let pruned = run_ok(&["words", "--words", list, "--print", "summary"]);
    let unpruned = run_ok(&["words", "--words", list, "--no-prune", "--print", "summary"]);
    let label = |s: &str, l: &str| s.replacen(':', &format!(" {l}:"), 1);
    assert!(text.starts_with(&label(&pruned, "pruned")), "{text}");
    assert!(text.contains(&label(&unpruned, "unpruned")), "{text}");
    // The same words found either way.
    let found = |s: &str| s.lines().skip(1).map(str::to_string).collect::<Vec<_>>();
    assert_eq!(found(&pruned), found(&unpruned));
}

/// Bad inputs to the new options: status 2, nothing on standard output, and
/// a message naming what is wrong.
#[test]
fn bad_inputs_exit_2_and_say_what() {
    let long = "A".repeat(33);
    let many: Vec<String> = (0..65)
        .map(|i| format!("{}{}", char::from(b'A' + i / 26), char::from(b'A' + i % 26)))
        .collect();
    let many = many.join(",");
    let cases: Vec<(Vec<&str>, &[&str])> = vec![
        (vec!["words", "--words", ""], &["empty"]),
        (vec!["words", "--words", "OATH,,EAT"], &["word 2", "empty"]),
        (
            vec!["words", "--words", "OA7H"],
            &["OA7H", "'7'", "position 3"],
        ),
        (
            vec!["words", "--words", &long],
            &["33 letters", "at most 32"],
        ),
        (vec!["words", "--words", &many], &["65", "64"]),
        (
            vec!["words", "--words", "nosuch/list.txt"],
            &["nosuch/list.txt", "does not exist"],
        ),
        (vec!["words", "--board", "OA1N"], &["'1'"]),
        (vec!["words", "--prune"], &["--prune"]),
        (
            vec!["sudoku", "campus", "--order", "propagte"],
            &["propagte", "propagate"],
        ),
        (
            vec!["sudoku", "campus", "--order", "propagate", "--list"],
            &["--list"],
        ),
        (
            vec!["compare", "sudoku", "campus", "--order", "mrv"],
            &["'mrv'", "first, propagate"],
        ),
        (vec!["compare", "words", "--no-prune"], &["--no-prune"]),
    ];
    for (args, says) in cases {
        let mut full = args.clone();
        full.extend(["--print", "summary"]);
        let output = backstep(&full);
        let err = stderr_text(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {err}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        for word in says {
            assert!(
                err.contains(word),
                "{args:?}: {err:?} does not say {word:?}"
            );
        }
    }
}

fn settle<S: Scene>(app: &mut App<S>) {
    for _ in 0..100_000 {
        if app.pending.is_none() {
            return;
        }
        app.tick(Duration::ZERO);
    }
    panic!("the job never finished");
}

fn steps<S: Scene>(app: &mut App<S>, n: u64) {
    for _ in 0..n {
        app.act(Action::Step);
        settle(app);
    }
    assert_eq!(app.timeline.step(), n);
}

fn draw<S: Scene>(app: &App<S>, (width, height): (u16, u16)) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|frame| render::draw(app, frame))
        .expect("drawing into a TestBackend");
    terminal.backend().buffer().clone()
}

fn text(buf: &Buffer) -> String {
    let width = usize::from(buf.area.width);
    buf.content
        .chunks(width)
        .map(|row| {
            let line: String = row.iter().map(|c| c.symbol()).collect();
            line.trim_end().to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn propagate_app(name: &str, theme: Theme) -> App<Propagate> {
    let puzzle = input::load_puzzle(name).expect("a shipped puzzle");
    let search = Propagate::new(&puzzle.value, PropagateOptions { rejects: true });
    App::new(search, &puzzle.name, theme)
}

fn words_app(list: &str, theme: Theme) -> App<Words> {
    let board = input::load_board(DEFAULT_BOARD).expect("the default board");
    let words = load_words(list).expect("a list");
    App::new(
        Words::new(&board.value, &words, WordsOptions::default()),
        &board.name,
        theme,
    )
}

#[test]
fn propagate_campus_mid_trail() {
    let mut app = propagate_app("campus", Theme::new(true, false));
    steps(&mut app, 5);
    let screen = text(&draw(&app, (100, 30)));
    // Pencil marks: (2,2) has 4 only, drawn in its place of the 2x2 marks.
    assert!(
        screen.contains("(2,1)  1  naked single        root"),
        "{screen}"
    );
    assert!(
        screen.contains("guesses (nodes) 1  forced places 5"),
        "{screen}"
    );
    assert!(
        screen.contains("n0"),
        "forced digits carry a tag:\n{screen}"
    );
    insta::assert_snapshot!("propagate_campus_step5", screen);
}

#[test]
fn propagate_guesses_are_told_from_forced_digits_without_colour() {
    // inkala guesses at once: at step 2 the root's first guess is on the
    // trail, and the board tags it G1 where forced digits say n or h.
    let mut app = propagate_app("inkala", Theme::new(false, true));
    let search = app.timeline.search().clone();
    let first_guess = search
        .take_while(|e| {
            !matches!(
                e,
                backstep::search::sudoku_propagate::PropagateEvent::Place { forced: None, .. }
            )
        })
        .count() as u64
        + 1;
    steps(&mut app, first_guess + 3);
    let screen = text(&draw(&app, (120, 45)));
    assert!(screen.contains("GUESS"), "{screen}");
    assert!(screen.contains("G1"), "{screen}");
    assert!(screen.contains("guess 1"), "{screen}");
}

#[test]
fn words_mid_search_with_a_cut_branch() {
    let mut app = words_app("OATH,PEA,EAT,RAIN,EAR,OAK", Theme::new(true, false));
    steps(&mut app, 12);
    let screen = text(&draw(&app, (100, 30)));
    assert!(screen.contains("O A t h★ (cut)"), "{screen}");
    assert!(screen.contains("   └K*"), "{screen}");
    assert!(screen.contains("OATH (0,0)(0,1)(1,1)(2,1)"), "{screen}");
    insta::assert_snapshot!("words_oak_step12", screen);
}

#[test]
fn new_screens_fit_80x24_and_200x60_in_ascii() {
    for size in [(80, 24), (200, 60)] {
        let mut app = propagate_app("campus", Theme::new(false, true));
        steps(&mut app, 9);
        let screen = text(&draw(&app, size));
        assert!(screen.contains("solution"), "{size:?}:\n{screen}");
        assert!(!screen.contains("too small"), "{size:?}:\n{screen}");
        let mut app = words_app("OATH,PEA,EAT,RAIN", Theme::new(false, true));
        steps(&mut app, 9);
        let screen = text(&draw(&app, size));
        assert!(screen.contains("o a t h+ (cut)"), "{size:?}:\n{screen}");
        assert!(screen.contains("E A T* "), "{size:?}:\n{screen}");
        assert!(!screen.contains("too small"), "{size:?}:\n{screen}");
    }
}

#[test]
fn the_screen_log_of_nodes_counts_guesses_only() {
    // The screen's table and tree (NodeLog) take the same hook as the
    // headless table: a row per node, forced places inside their node.
    use backstep::model::NodeLog;
    use backstep::search::Search;
    for name in ["campus", "inkala"] {
        let puzzle = input::load_puzzle(name).expect("a shipped puzzle");
        let mut search = Propagate::new(&puzzle.value, PropagateOptions { rejects: true });
        let mut log = NodeLog::new(&search);
        let mut deepest = 0;
        while let Some(event) = search.next() {
            log.record(&search, &event);
            deepest = deepest.max(log.current_depth().unwrap_or(0));
            assert_eq!(log.current_depth(), Some(search.guesses()), "{name}");
        }
        assert_eq!(log.rows().len() as u64, search.counters().nodes, "{name}");
        assert!(log.open().len() <= 1, "{name}: only the root may stay open");
        assert!(name == "campus" || deepest > 0, "{name}: guesses nest");
    }
}
