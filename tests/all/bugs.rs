//! The bug lab: each bug's wrong result as the seed states it, checked
//! against brute-force oracles; the first difference with the correct
//! search found by comparing the two full JSON streams line by line (not
//! by the lockstep code); the worksheet's first wrong row against the two
//! trace tables; bad `--bug` input; a snapshot of a compare screen at its
//! first difference.

use ratatui::Terminal;
use ratatui::backend::TestBackend;

use backstep::input;
use backstep::parting;
use backstep::print::{self, Mode};
use backstep::search::sudoku::{FirstSolution, NoStop, Order, Sudoku, SudokuOptions};
use backstep::ui::app::App;
use backstep::ui::compare::{self, Compare};
use backstep::ui::theme::Theme;
use backstep::view::word::explain;

use crate::{backstep, backstep_ok as ok, stderr_text};

/// Whether `word` can be traced on `board` through orthogonal neighbours,
/// each cell at most once: a plain recursive oracle.
fn traceable(board: &[&str], word: &str) -> bool {
    let grid: Vec<Vec<u8>> = board.iter().map(|r| r.bytes().collect()).collect();
    fn go(g: &[Vec<u8>], w: &[u8], r: usize, c: usize, used: &mut Vec<(usize, usize)>) -> bool {
        if g[r][c] != w[used.len()] || used.contains(&(r, c)) {
            return false;
        }
        used.push((r, c));
        if used.len() == w.len() {
            return true;
        }
        let steps = [(-1i32, 0i32), (0, 1), (1, 0), (0, -1)];
        for (dr, dc) in steps {
            let (nr, nc) = (r as i32 + dr, c as i32 + dc);
            let inside =
                nr >= 0 && nc >= 0 && (nr as usize) < g.len() && (nc as usize) < g[0].len();
            if inside && go(g, w, nr as usize, nc as usize, used) {
                return true;
            }
        }
        used.pop();
        false
    }
    (0..grid.len())
        .any(|r| (0..grid[0].len()).any(|c| go(&grid, word.as_bytes(), r, c, &mut Vec::new())))
}

#[test]
fn no_unmark_misses_aab_that_the_correct_search_finds() {
    assert!(traceable(&["AAA", "AAB"], "AAB"), "the oracle finds AAB");
    let args = [
        "word", "--board", "AAA,AAB", "--word", "AAB", "--print", "summary",
    ];
    let correct = ok(&args);
    assert!(correct.starts_with("word AAB: found=1"), "{correct}");
    let plain = ok(&[&args[..], &["--no-inventory", "--no-reverse"]].concat());
    assert!(plain.starts_with("word AAB: found=1"), "{plain}");
    let bug = ok(&[&args[..], &["--bug", "no-unmark"]].concat());
    assert!(
        bug.starts_with("word AAB (bug no-unmark): found=0"),
        "{bug}"
    );
}

#[test]
fn no_visited_check_finds_a_word_that_needs_a_cell_twice() {
    assert!(
        !traceable(&["AB", "CD"], "ABAB"),
        "the oracle finds no ABAB"
    );
    let args = [
        "word", "--board", "AB,CD", "--word", "ABAB", "--print", "summary",
    ];
    let bug = ok(&[&args[..], &["--bug", "no-visited-check"]].concat());
    assert!(
        bug.starts_with("word ABAB (bug no-visited-check): found=1"),
        "{bug}"
    );
    assert!(ok(&args).starts_with("word ABAB: found=0"));
}

/// Boards with one queen per row and column and no two on one `r - c`
/// diagonal: what a search that never checks `r + c` accepts.
fn one_diagonal_boards(n: usize) -> u64 {
    fn go(n: usize, row: usize, cols: &mut Vec<usize>) -> u64 {
        if row == n {
            return 1;
        }
        let mut count = 0;
        for c in 0..n {
            let clash = cols
                .iter()
                .enumerate()
                .any(|(r, &qc)| qc == c || r as i64 - qc as i64 == row as i64 - c as i64);
            if !clash {
                cols.push(c);
                count += go(n, row + 1, cols);
                cols.pop();
            }
        }
        count
    }
    go(n, 0, &mut Vec::new())
}

#[test]
fn one_diagonal_gives_seven_boards_for_four_queens() {
    assert_eq!(one_diagonal_boards(4), 7);
    for n in 1..=7u8 {
        let n_text = n.to_string();
        let out = ok(&[
            "queens",
            &n_text,
            "--bug",
            "one-diagonal",
            "--print",
            "summary",
        ]);
        let want = format!(
            "queens {n} (bug one-diagonal): solutions={},",
            one_diagonal_boards(n.into())
        );
        assert!(out.starts_with(&want), "{out} / {want}");
    }
    let correct = ok(&["queens", "4", "--full", "--print", "summary"]);
    assert!(
        correct.starts_with("queens 4 full: solutions=2,"),
        "{correct}"
    );
}

#[test]
fn no_stop_hands_back_the_board_emptied_to_its_givens() {
    let puzzle = input::load_puzzle("sample").expect("the shipped sample");
    let givens: Vec<String> = puzzle
        .value
        .cells()
        .chunks(9)
        .map(|row| {
            row.iter()
                .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
                .collect()
        })
        .collect();
    assert_eq!(givens[0], "53..7....", "the seed's first row");
    let out = ok(&["sudoku", "sample", "--bug", "no-stop", "--print", "summary"]);
    let mut lines = out.lines();
    let head = lines.next().unwrap_or_default();
    assert!(
        head.starts_with("sudoku (bug no-stop): solutions passed=1,"),
        "{head}"
    );
    let board: Vec<&str> = lines.collect();
    assert_eq!(board, givens, "{out}");
    // The correct search keeps its solution.
    let correct = ok(&["sudoku", "sample", "--print", "summary"]);
    assert!(
        correct.lines().nth(1).is_some_and(|row| !row.contains('.')),
        "{correct}"
    );
}

#[test]
fn no_mark_stops_at_its_node_budget_and_says_why() {
    let out = ok(&["maze", "--bug", "no-mark", "--print", "summary"]);
    assert!(
        out.starts_with(
            "maze 4x4 (bug no-mark): paths=0, nodes=1000, incomplete (node budget 1000)"
        ),
        "{out}"
    );
    assert!(
        out.contains("no cell is ever marked visited, so the walk never ends"),
        "{out}"
    );
    let out = ok(&[
        "maze",
        "--bug",
        "no-mark",
        "--max-nodes",
        "40",
        "--print",
        "summary",
    ]);
    assert!(
        out.contains("nodes=40, incomplete (node budget 40)"),
        "{out}"
    );
    let lines = ok(&["maze", "--bug", "no-mark", "--print", "jsonl"]);
    let places = lines
        .lines()
        .filter(|l| l.contains("\"event\":\"place\""))
        .count();
    assert_eq!(places, 1000, "one place per node within the budget");
}

/// The 1-based line at which two JSON-line streams first differ.
fn first_differing_line(a: &str, b: &str) -> usize {
    let (a, b): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    (0..a.len().max(b.len()))
        .find(|&i| a.get(i) != b.get(i))
        .map(|i| i + 1)
        .expect("the streams differ")
}

/// The step `compare ... --print summary` names.
fn compare_step(args: &[&str]) -> usize {
    let out = ok(args);
    let line = out
        .lines()
        .find(|l| l.starts_with("first difference at step "))
        .unwrap_or_else(|| panic!("no first difference in {out}"));
    line["first difference at step ".len()..]
        .trim_end_matches(':')
        .parse()
        .expect("a step number")
}

#[test]
fn the_first_difference_is_where_the_two_json_streams_part() {
    let cases: [(&[&str], &[&str], &[&str]); 4] = [
        (
            &[
                "word",
                "--board",
                "AAA,AAB",
                "--word",
                "AAB",
                "--no-inventory",
                "--no-reverse",
            ],
            &[
                "word",
                "--board",
                "AAA,AAB",
                "--word",
                "AAB",
                "--bug",
                "no-unmark",
            ],
            &[
                "compare",
                "word",
                "--board",
                "AAA,AAB",
                "--word",
                "AAB",
                "--bug",
                "no-unmark",
            ],
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
            &[
                "word",
                "--board",
                "AB,CD",
                "--word",
                "ABAB",
                "--bug",
                "no-visited-check",
            ],
            &[
                "compare",
                "word",
                "--board",
                "AB,CD",
                "--word",
                "ABAB",
                "--bug",
                "no-visited-check",
            ],
        ),
        (
            &["queens", "4", "--full"],
            &["queens", "4", "--bug", "one-diagonal"],
            &["compare", "queens", "4", "--bug", "one-diagonal"],
        ),
        (
            &["maze"],
            &["maze", "--bug", "no-mark"],
            &["compare", "maze", "--bug", "no-mark"],
        ),
    ];
    for (correct, bug, compare) in cases {
        let jsonl = |args: &[&str]| ok(&[args, &["--print", "jsonl"]].concat());
        let line = first_differing_line(&jsonl(correct), &jsonl(bug));
        let step = compare_step(&[compare, &["--print", "summary"]].concat());
        assert_eq!(step, line, "{compare:?}");
        let bug_line = jsonl(bug).lines().nth(line - 1).map(str::to_string);
        let step_field = format!("{{\"step\":{line},");
        assert!(
            bug_line.is_some_and(|l| l.starts_with(&step_field)),
            "{compare:?}"
        );
    }
}

#[test]
fn the_sudoku_parting_is_where_the_two_json_streams_part() {
    // The correct side stops at its first solution, which no command
    // line runs alone: both streams come from the library.
    let puzzle = input::load_puzzle("campus").expect("a shipped puzzle");
    let options = SudokuOptions {
        order: Order::First,
        rejects: true,
    };
    let stream = |mode_out: &mut Vec<u8>, correct: bool| {
        let printed = if correct {
            print::print(
                Sudoku::<FirstSolution>::with_rules(&puzzle.value, options),
                Mode::Jsonl,
                mode_out,
            )
        } else {
            print::print(
                Sudoku::<NoStop>::with_rules(&puzzle.value, options),
                Mode::Jsonl,
                mode_out,
            )
        };
        printed.expect("written to memory");
    };
    let (mut a, mut b) = (Vec::new(), Vec::new());
    stream(&mut a, true);
    stream(&mut b, false);
    let line = first_differing_line(
        &String::from_utf8(a).expect("UTF-8"),
        &String::from_utf8(b).expect("UTF-8"),
    );
    let step = compare_step(&[
        "compare", "sudoku", "campus", "--bug", "no-stop", "--print", "summary",
    ]);
    assert_eq!(step, line);
}

#[test]
fn the_bug_worksheet_names_the_first_wrong_row_of_the_tables() {
    let table = |args: &[&str]| ok(&[args, &["--print", "table"]].concat());
    let (correct, bug) = (
        table(&["queens", "4", "--full"]),
        table(&["queens", "4", "--bug", "one-diagonal"]),
    );
    let (a, b): (Vec<&str>, Vec<&str>) = (correct.lines().collect(), bug.lines().collect());
    let i = (0..b.len())
        .find(|&i| a.get(i) != b.get(i))
        .expect("the tables differ");
    let node = b[i]
        .split('|')
        .nth(1)
        .expect("a node cell")
        .trim()
        .to_string();
    let sheet = ok(&[
        "queens",
        "4",
        "--bug",
        "one-diagonal",
        "--print",
        "worksheet",
    ]);
    let (task, key) = sheet.split_once("## Answer key").expect("an answer key");
    assert!(task.contains("## Find the bug"), "{sheet}");
    assert!(
        !task.contains("one-diagonal"),
        "the task does not give the bug away"
    );
    let key = key.replace('\n', " ");
    assert!(key.contains("The bug is `one-diagonal`"), "{key}");
    assert!(
        key.contains(&format!("The first wrong row is node {node}:")),
        "{key}"
    );
}

#[test]
fn bugs_lists_every_bug_once() {
    let out = ok(&["bugs"]);
    for (search, bug) in [
        ("queens", "one-diagonal"),
        ("sudoku", "no-stop"),
        ("word", "no-unmark"),
        ("word", "no-visited-check"),
        ("maze", "no-mark"),
    ] {
        let head = format!("{search} --bug {bug} ");
        assert_eq!(
            out.lines().filter(|l| l.starts_with(&head)).count(),
            1,
            "{out}"
        );
    }
}

#[test]
fn bad_bugs_exit_2_with_a_clear_message() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["word", "--bug", "nope"],
            "invalid value 'nope' for '--bug <NAME>'",
        ),
        (
            &["queens", "--bug", "no-unmark"],
            "invalid value 'no-unmark' for '--bug <NAME>'",
        ),
        (
            &["colour", "--bug", "no-mark"],
            "unexpected argument '--bug'",
        ),
        (&["compare", "maze"], "--bug <NAME>"),
        (
            &[
                "sudoku", "--order", "dlx", "--bug", "no-stop", "--print", "summary",
            ],
            "--bug applies to --order mrv or first",
        ),
    ];
    for (args, message) in cases {
        let output = backstep(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let err = stderr_text(&output);
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn the_compare_screen_opens_at_the_first_difference() {
    let board = input::load_board("AAA,AAB").expect("a board");
    let options = backstep::search::word::WordOptions {
        inventory: false,
        reverse: false,
        rejects: true,
    };
    use backstep::search::word::{Correct, NoUnmark, WordSearch};
    let left = WordSearch::<Correct>::with_rules(&board.value, "AAB", options);
    let right = WordSearch::<NoUnmark>::with_rules(&board.value, "AAB", options);
    let p = parting::first(left.clone(), right.clone()).expect("they part");
    let theme = Theme::new(false, true);
    let c = Compare::new(
        App::new(left, "board", theme),
        App::new(right, "board", theme),
        ["correct".into(), "no-unmark".into()],
    )
    .parted(Some((p.step, explain(&p))));
    assert_eq!(c.app::<WordSearch<Correct>>(0).timeline.step(), p.step);
    assert_eq!(c.app::<WordSearch<NoUnmark>>(1).timeline.step(), p.step);
    let mut terminal = Terminal::new(TestBackend::new(100, 30)).expect("a test terminal");
    terminal
        .draw(|frame| compare::draw(&c, frame))
        .expect("a frame");
    let buf = terminal.backend().buffer().clone();
    let screen: Vec<String> = (0..buf.area.height)
        .map(|y| {
            (0..buf.area.width)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect();
    let screen = screen.join("\n");
    assert!(screen.contains("First difference, step 14"), "{screen}");
    insta::assert_snapshot!("bug_lab_word_no_unmark_parting", screen);
}

#[test]
fn the_no_stop_bug_counts_every_solution_it_passes_past_255() {
    // Every complete 4x4 grid, enumerated apart from any search.
    let fillings = crate::oracles::all_4x4_grids().len() as u64;
    assert!(fillings > 255, "the oracle counts {fillings}");
    let summary = ok(&["sudoku", "empty4", "--bug", "no-stop", "--print", "summary"]);
    assert!(
        summary.contains(&format!("solutions passed={fillings},")),
        "{summary}"
    );
    let solutions = ok(&["sudoku", "empty4", "--bug", "no-stop", "--print", "jsonl"])
        .lines()
        .filter(|line| line.contains(r#""event":"solution""#))
        .count() as u64;
    assert_eq!(solutions, fillings);
    let table = ok(&["sudoku", "empty4", "--bug", "no-stop", "--print", "table"]);
    assert!(
        table.contains(&format!("solution #{fillings}")),
        "no row says solution #{fillings}"
    );
}
