//! Bad inputs against the real binary: each must exit with status 2, print
//! nothing on standard output, and say on standard error what is wrong and
//! where, without panicking.

use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// What a run of the binary left behind.
struct Run {
    code: Option<i32>,
    stdout: Vec<u8>,
    stderr: String,
}

/// Runs the binary like [`crate::backstep`], but safe against an input that
/// is wrongly accepted: that could start a search of billions of events.
/// Standard output is read up to a cap (then the pipe closes, which ends a
/// printing program), and a silent one is killed after a timeout.
fn run_bounded(args: &[&str]) -> Run {
    const CAP: u64 = 64 * 1024;
    const TIMEOUT: Duration = Duration::from_secs(30);
    let mut child = Command::new(env!("CARGO_BIN_EXE_backstep"))
        .args(args)
        .current_dir(env!("CARGO_TARGET_TMPDIR"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the backstep binary runs");
    let mut out = child.stdout.take().expect("piped stdout");
    let mut err = child.stderr.take().expect("piped stderr");
    let stdout = thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = out.by_ref().take(CAP).read_to_end(&mut bytes);
        bytes
    });
    let stderr = thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = err.by_ref().take(CAP).read_to_end(&mut bytes);
        String::from_utf8_lossy(&bytes).into_owned()
    });
    let start = Instant::now();
    let code = loop {
        if let Some(status) = child.try_wait().expect("wait for backstep") {
            break status.code();
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        thread::sleep(Duration::from_millis(5));
    };
    Run {
        code,
        stdout: stdout.join().expect("stdout reader"),
        stderr: stderr.join().expect("stderr reader"),
    }
}

/// One bad input and the words its message must contain.
struct Case {
    args: &'static [&'static str],
    /// Substrings that name the spot (the cell, row, character, range).
    says: &'static [&'static str],
}

const fn case(args: &'static [&'static str], says: &'static [&'static str]) -> Case {
    Case { args, says }
}

/// Files the file cases read, written next to where the binary runs.
const FILES: &[(&str, &str)] = &[
    (
        "errors-bad-char.sudoku",
        "# a 4x4 with a stray letter on its third line\n1 . | . 4\n. 4 | 1 .\n2 . | x 3\n. 3 | 2 .\n",
    ),
    (
        "errors-clash9.sudoku",
        "53. .7. ...\n6.. 195 ...\n.98 ... .6.\n8.. .6. ..3\n4.. 8.3 ..1\n7.. .2. ..6\n.6. ... 28.\n... 419 ..5\n... .8. 779\n",
    ),
    ("errors-bad.board", "ABCE\nSF2S\nADEE\n"),
];

const CASES: &[Case] = &[
    // N-Queens: the size, its range and its form.
    case(&["queens", "17"], &["got 17", "between 0 and 16"]),
    case(&["queens", "-1"], &["-1"]),
    case(&["queens", "x"], &["\"x\"", "between 0 and 16"]),
    case(&["queens", "4.5"], &["4.5", "whole number"]),
    case(&["queens", "99999999999999999999999"], &["whole number"]),
    // Sudoku: characters, cell counts, ranges and clashing givens.
    case(&["sudoku", "1.x............."], &["'x'", "character 3"]),
    case(
        &["sudoku", "1234341221434321 1"],
        &["17 cells", "16 (4x4) or 81 (9x9)"],
    ),
    case(
        &["sudoku", "..............."],
        &["15 cells", "16 (4x4) or 81 (9x9)"],
    ),
    case(&["sudoku", "123"], &["3 cells"]),
    case(&["sudoku", "inkla"], &["\"inkla\"", "inkala"]),
    case(&["sudoku", ""], &["\"\"", "not a shipped puzzle"]),
    case(
        &[
            "sudoku",
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7",
        ],
        &["80 cells"],
    ),
    case(
        &["sudoku", "......5........."],
        &["cell (1,2)", "5 is out of range", "1 to 4"],
    ),
    case(
        &["sudoku", "1..1............"],
        &["cell (0,3)", "already in row 0", "(0,0)"],
    ),
    case(
        &["sudoku", ".2.......2......"],
        &["cell (2,1)", "already in column 1", "(0,1)"],
    ),
    case(
        &["sudoku", "..3....3........"],
        &["cell (1,3)", "box", "(0,2)"],
    ),
    case(
        &["sudoku", "errors-bad-char.sudoku"],
        &["errors-bad-char.sudoku", "'x'", "line 4, character 7"],
    ),
    case(
        &["sudoku", "errors-clash9.sudoku"],
        &["errors-clash9.sudoku", "cell (8,7)", "7", "(8,6)"],
    ),
    case(
        &["sudoku", "no-such-puzzle.txt"],
        &["\"no-such-puzzle.txt\"", "a file"],
    ),
    case(
        &["sudoku", "campus", "--order", "sideways"],
        &["sideways", "mrv", "first"],
    ),
    // Word Search: the word, the board's shape, size and letters.
    case(&["word", "--word", "SE1"], &["'1'", "position 3"]),
    case(&["word", "--word", "sé"], &["'é'", "position 2"]),
    case(
        &["word", "--word", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"],
        &["33 letters", "32"],
    ),
    case(
        &["word", "--board", "ABCE,SFC,ADEE"],
        &["row 1 has 3 letters", "row 0 has 4"],
    ),
    case(
        &["word", "--board", "AB1E,SFCS"],
        &["'1'", "row 0, column 2"],
    ),
    case(
        &["word", "--board", "A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A"],
        &["17x1", "16"],
    ),
    case(&["word", "--board", "AAAAAAAAAAAAAAAAA"], &["1x17", "16"]),
    case(
        &["word", "--board", "no-such.board"],
        &["\"no-such.board\"", "existing file"],
    ),
    case(
        &["word", "--board", "errors-bad.board"],
        &["errors-bad.board", "'2'", "row 1, column 2"],
    ),
];

/// Writes the files the file cases read.
fn write_files() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    for (name, text) in FILES {
        std::fs::write(dir.join(name), text).expect("the test can write its files");
    }
    dir
}

#[test]
fn bad_inputs_exit_2_with_a_message_that_names_the_spot() {
    assert!(CASES.len() >= 15);
    write_files();
    let mut failures = Vec::new();
    for case in CASES {
        for mode in ["summary", "jsonl"] {
            let mut args = case.args.to_vec();
            args.extend(["--print", mode]);
            let run = run_bounded(&args);
            let stderr = &run.stderr;
            let mut problems = Vec::new();
            if run.code != Some(2) {
                problems.push(format!("exit status {:?} (None: killed)", run.code));
            }
            if !run.stdout.is_empty() {
                let head = &run.stdout[..run.stdout.len().min(160)];
                let head = String::from_utf8_lossy(head);
                problems.push(format!("stdout not empty: {head:?}..."));
            }
            if stderr.contains("panicked") {
                problems.push("panicked".to_string());
            }
            for words in case.says {
                if !stderr.contains(words) {
                    problems.push(format!("message lacks {words:?}"));
                }
            }
            if !problems.is_empty() {
                failures.push(format!(
                    "{args:?}: {}\n    stderr: {}",
                    problems.join("; "),
                    stderr.trim_end().replace('\n', "\n            ")
                ));
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
