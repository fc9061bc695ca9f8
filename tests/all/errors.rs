//! Bad inputs against the real binary: each must exit with status 2, print
//! nothing on standard output, and say on standard error what is wrong and
//! where, without panicking.

use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// What a run of the binary left behind.
pub(crate) struct Run {
    pub(crate) code: Option<i32>,
    pub(crate) stdout: Vec<u8>,
    pub(crate) stderr: String,
}

/// Runs the binary like [`crate::backstep`], but safe against an input that
/// is wrongly accepted: that could start a search of billions of events.
/// Standard output is read up to a cap (then the pipe closes, which ends a
/// printing program), and a silent one is killed after a timeout.
pub(crate) fn run_bounded(args: &[&str]) -> Run {
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
const FILES: &[(&str, &[u8])] = &[
    (
        "errors-bad-char.sudoku",
        b"# a 4x4 with a stray letter on its third line\n1 . | . 4\n. 4 | 1 .\n2 . | x 3\n. 3 | 2 .\n",
    ),
    (
        "errors-clash9.sudoku",
        b"53. .7. ...\n6.. 195 ...\n.98 ... .6.\n8.. .6. ..3\n4.. 8.3 ..1\n7.. .2. ..6\n.6. ... 28.\n... 419 ..5\n... .8. 779\n",
    ),
    ("errors-bad.board", b"ABCE\nSF2S\nADEE\n"),
    // Latin-1, not UTF-8: the 0xE9 is the third byte of the second line.
    ("errors-latin1.sudoku", b"1234\n34\xe912\n2143\n4321\n"),
    ("errors-latin1.board", b"ABCE\nSFCS\nAD\xc9E\n"),
    // A name with an escape sequence that would turn the terminal red.
    ("errors-\x1b[31mred.sudoku", b"1x..\n"),
];

/// A sparse file of 2 GiB, far over the 1 MiB limit: read whole, it would
/// take seconds and gigabytes before any check.
const HUGE: &str = "errors-huge.sudoku";

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
        &["\"no-such-puzzle.txt\"", "does not exist"],
    ),
    case(&["sudoku", "no/such"], &["\"no/such\"", "does not exist"]),
    // Files: too large (refused before reading), not UTF-8 (the line and
    // byte named), a name with control characters (quoted, escaped).
    case(
        &["sudoku", HUGE],
        &[
            "\"errors-huge.sudoku\"",
            "2147483648 bytes",
            "over the limit of 1 MiB",
        ],
    ),
    case(
        &["sudoku", "errors-latin1.sudoku"],
        &[
            "\"errors-latin1.sudoku\"",
            "UTF-8",
            "line 2, byte 3",
            "0xE9",
        ],
    ),
    case(
        &["word", "--board", "errors-latin1.board"],
        &["\"errors-latin1.board\"", "UTF-8", "line 3, byte 3", "0xC9"],
    ),
    case(
        &["sudoku", "errors-\x1b[31mred.sudoku"],
        &["\"errors-\\u{1b}[31mred.sudoku\"", "'x' at character 2"],
    ),
    case(
        &["sudoku", "campus", "--order", "sideways"],
        &["sideways", "mrv", "first"],
    ),
    // Numbers a person would write, and the command whose --help helps.
    case(
        &["cover", "knuth", "--max", "0"],
        &["--max must be at least 1, not 0", "`backstep cover --help`"],
    ),
    case(
        &["cover", "knuth", "--max", "-3"],
        &["--max must be", "'-3'"],
    ),
    // Special files are named as such and never opened; missing files
    // do not exist.
    case(
        &["sudoku", "/dev/zero"],
        &["\"/dev/zero\" is a device, not a file"],
    ),
    case(
        &["words", "--words", "/dev/null"],
        &["\"/dev/null\" is a device, not a file"],
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
        &["\"no-such.board\"", "does not exist"],
    ),
    case(
        &["word", "--board", "nosuchfile.txt"],
        &["\"nosuchfile.txt\"", "does not exist", "shipped board"],
    ),
    case(&["word", "--board", "."], &["\".\"", "is a folder"]),
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
    let huge = std::fs::File::create(dir.join(HUGE)).expect("the test can write its files");
    huge.set_len(2 << 30).expect("a sparse 2 GiB file");
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
            if stderr.contains('\x1b') {
                problems.push("an escape character reached stderr".to_string());
            }
            // One voice: clap's errors are said as backstep's own are.
            if !stderr.starts_with("backstep: ") || stderr.lines().count() != 1 {
                problems.push("not one line after `backstep: `".to_string());
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

/// Runs the binary with standard output sent to `stdout`, and returns its
/// exit status and standard error.
fn run_into(args: &[&str], stdout: Stdio) -> (Option<i32>, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_backstep"))
        .args(args)
        .current_dir(env!("CARGO_TARGET_TMPDIR"))
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .expect("the backstep binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    (output.status.code(), stderr)
}

/// Every command that writes to standard output, small and large.
const WRITERS: &[&[&str]] = &[
    &["sudoku", "--list"],
    &["cover", "--list"],
    &["bugs"],
    &["man"],
    &["completions", "bash"],
    &["queens", "4", "--print", "cast"],
    &["queens", "4", "--print", "frame"],
    &["queens", "4", "--print", "svg"],
    &["samples"],
    &["--help"],
    &["--version"],
    &["queens", "4", "--print", "summary"],
    &["queens", "8", "--print", "jsonl"],
    &["queens", "6", "--print", "trace"],
    &["queens", "6", "--print", "table"],
    &["queens", "4", "--print", "worksheet"],
    &["compare", "queens", "4", "--print", "summary"],
];

#[test]
fn a_closed_pipe_ends_quietly_with_status_0() {
    for args in WRITERS {
        // The reading end is closed before the program starts, so its first
        // write meets a closed pipe however small the output.
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let (code, stderr) = run_into(args, Stdio::from(writer));
        assert_eq!(code, Some(0), "{args:?}: {stderr}");
        assert_eq!(stderr, "", "{args:?}");
    }
}

#[test]
fn a_full_disk_is_one_message_and_status_2() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    for args in WRITERS {
        let full = std::fs::File::create("/dev/full").expect("/dev/full opens");
        let (code, stderr) = run_into(args, Stdio::from(full));
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_eq!(
            stderr.lines().collect::<Vec<_>>(),
            ["backstep: cannot write to standard output: No space left on device (os error 28)"],
            "{args:?}"
        );
    }
}

/// Options a command cannot use: each is refused by name (status 2), never
/// ignored.
#[test]
fn an_option_that_cannot_apply_is_refused_by_name() {
    let cases: &[(&[&str], &str)] = &[
        (&["compare", "queens", "4", "--print", "jsonl"], "'jsonl'"),
        (&["compare", "queens", "4", "--print", "table"], "'table'"),
        (&["compare", "sudoku", "--predict"], "--predict"),
        (&["compare", "word", "--blanks", "all"], "--blanks"),
        (&["compare", "queens", "--seed", "3"], "--seed"),
        (&["compare", "--print", "summary", "queens"], "--print"),
        (&["samples", "--print", "summary"], "--print"),
        (&["samples", "--ascii"], "--ascii"),
        (&["samples", "--predict"], "--predict"),
        (&["queens", "4", "--print", "summary", "--ascii"], "--ascii"),
        (&["word", "--print", "jsonl", "--no-color"], "--no-color"),
        (&["sudoku", "--print", "trace", "--predict"], "--predict"),
        (&["queens", "--play", "--print", "summary"], "--play"),
        (&["queens", "--play", "--predict"], "--play"),
        (&["sudoku", "--list", "--print", "jsonl"], "--list"),
        (&["sudoku", "--list", "campus"], "--list"),
        (&["sudoku", "--list", "--order", "first"], "--list"),
        (&["--predict", "compare", "queens"], "--predict"),
        (&["--print", "summary", "samples"], "--print"),
    ];
    for (args, option) in cases {
        let run = run_bounded(args);
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
        assert!(run.stdout.is_empty(), "{args:?}");
        assert!(run.stderr.contains(option), "{args:?}: {}", run.stderr);
        assert!(!run.stderr.contains("panicked"), "{args:?}");
    }
}

/// Each `--help` lists only what works for that command.
#[test]
fn each_help_lists_only_the_options_of_its_command() {
    let help = |args: &[&str]| {
        let run = run_bounded(args);
        assert_eq!(run.code, Some(0), "{args:?}: {}", run.stderr);
        String::from_utf8(run.stdout).expect("UTF-8 help")
    };
    let absent = |text: &str, options: &[&str], args: &[&str]| {
        for option in options {
            assert!(!text.contains(option), "{args:?} lists {option}:\n{text}");
        }
    };
    let searches = [
        "--print",
        "--ascii",
        "--no-color",
        "--predict",
        "--blanks",
        "--seed",
    ];
    for args in [&["samples", "--help"][..], &["compare", "--help"]] {
        absent(&help(args), &searches, args);
    }
    for which in ["queens", "sudoku", "word"] {
        let args = ["compare", which, "--help"];
        let text = help(&args);
        for option in ["--print", "summary", "--ascii", "--no-color"] {
            assert!(text.contains(option), "{args:?} lacks {option}:\n{text}");
        }
        absent(
            &text,
            &["jsonl", "worksheet", "--predict", "--blanks", "--seed"],
            &args,
        );
        let args = [which, "--help"];
        let text = help(&args);
        for option in searches.iter().chain(&["jsonl", "worksheet"]) {
            assert!(text.contains(option), "{args:?} lacks {option}:\n{text}");
        }
    }
}

/// A typed argument holding an escape sequence is not echoed raw, even when
/// clap would colour its errors (as on a terminal; CLICOLOR_FORCE asks for
/// that on a pipe).
#[test]
fn escape_sequences_in_arguments_never_reach_stderr() {
    for args in [
        &["queens", "\u{1b}[31mx"][..],
        &["\u{1b}]0;title\u{7}"],
        &["sudoku", "--order", "\u{1b}[2J"],
        &["word", "--bogus\u{1b}[31m"],
        &["sudoku", "\u{1b}[31m.txt"],
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_backstep"))
            .args(args)
            .env("CLICOLOR_FORCE", "1")
            .current_dir(env!("CARGO_TARGET_TMPDIR"))
            .output()
            .expect("the backstep binary runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(!stderr.contains('\u{1b}'), "{args:?}: {stderr:?}");
        assert!(!stderr.contains('\u{7}'), "{args:?}: {stderr:?}");
    }
}

/// Every command that takes a path, with a path holding escape sequences:
/// missing, a file with bad content, and a FIFO. Each is refused (status
/// 2, the FIFO never opened) and the message names the path escaped: no
/// control byte of the name reaches the terminal.
#[test]
fn a_path_with_escapes_is_escaped_in_every_message() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let bad = "hB-\u{1b}]0;title\u{7}\u{1b}[2J.txt";
    std::fs::write(dir.join(bad), "\u{1b}[31m?\n").unwrap();
    let fifo = "hB-fifo-\u{1b}[31m.txt";
    let _ = std::fs::remove_file(dir.join(fifo));
    let made = Command::new("mkfifo").arg(dir.join(fifo)).status().unwrap();
    assert!(made.success());
    let missing = "no-such-\u{1b}[31m/x\u{9b}1m.txt";
    let commands: &[&[&str]] = &[
        &["check"],
        &["maze"],
        &["word"],
        &["words"],
        &["colour"],
        &["compare", "colour"],
        &["sudoku"],
        &["compare", "sudoku"],
        &["word", "--board"],
        &["compare", "word", "--board"],
        &["words", "--board"],
        &["words", "--words"],
        &["maze", "--grid"],
        &["compare", "maze", "--bug", "no-mark", "--grid"],
        &["colour", "--graph"],
        &["compare", "colour", "--graph"],
        &["cover"],
        &["replay"],
    ];
    let mut failures = Vec::new();
    for command in commands {
        for path in [bad, fifo, missing] {
            let mut args = command.to_vec();
            args.push(path);
            match args[0] {
                "replay" => {}
                "check" => args.extend(["queens", "4"]),
                _ => args.extend(["--print", "summary"]),
            }
            let run = run_bounded(&args);
            // A recording's content is read only on a terminal (the pty
            // test in casts names its bad line there).
            if args[0] == "replay" && path == bad {
                assert!(run.stderr.contains("not a terminal"), "{}", run.stderr);
                continue;
            }
            let raw = run.stderr.contains(['\u{1b}', '\u{7}', '\u{9b}']);
            if run.code != Some(2) || raw || !run.stderr.contains("\\u{1b}") {
                failures.push(format!("{args:?}: {:?} {:?}", run.code, run.stderr));
            }
            if path == fifo && !run.stderr.contains("is a FIFO (named pipe), not a file") {
                failures.push(format!("{args:?}: the FIFO not named: {:?}", run.stderr));
            }
        }
    }
    let _ = std::fs::remove_file(dir.join(fifo));
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
