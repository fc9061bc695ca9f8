//! Random command lines and files against the real binary (each run under
//! `ulimit -v`, so that memory is bounded), and every file format's reader
//! (the recording reader included) in process on mutated shipped files:
//! random
//! subcommands, options in and out of place, sizes in and out of range, odd
//! strings, and files of random grids, boards and bytes (non-UTF-8, over the
//! size limit, names with control characters). Every run must end with
//! status 0 or 2, never panic, and on status 2 say in one message what is
//! wrong, naming the value, option or place.
//!
//! Standard output is a pipe, so a command that would open the terminal UI
//! must refuse at once (status 2). Output is read up to a cap and the pipe
//! then closed, which ends a long printing search quietly (status 0); a
//! search that prints nothing for [`timeout`] is killed and counted, not
//! failed, since a long search is not a defect.
//!
//! A normal `cargo test` runs a small number of cases. The full run:
//!
//! ```sh
//! BACKSTEP_FUZZ_RUNS=3000 cargo test --release --test all fuzz -- --nocapture
//! ```
//!
//! `BACKSTEP_FUZZ_SEED` changes the seed (default 2026); a failure names
//! the case number and its arguments, and the same seed replays it.
//! `BACKSTEP_FUZZ_SHOW=text` prints every case whose standard error holds
//! `text`; `BACKSTEP_FUZZ_TIMEOUT` sets the timeout in seconds (default 10);
//! `BACKSTEP_FUZZ_BIN` runs another build of the binary (an absolute path).

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

use crate::Rng;

/// Cases in a normal test run.
const DEFAULT_RUNS: usize = 120;
/// The virtual memory each run may use, in KiB (`ulimit -v`).
const MEMORY_KIB: u64 = 400 * 1024;
/// Bytes of standard output read before the pipe is closed.
const CAP: u64 = 64 * 1024;

fn timeout() -> Duration {
    let seconds = env_number("BACKSTEP_FUZZ_TIMEOUT").unwrap_or(10);
    Duration::from_secs(seconds)
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

/// What one run did.
enum Outcome {
    Exit(i32),
    /// Killed after the timeout.
    TimedOut,
    /// Ended by a signal we did not send.
    Signal,
}

/// One generated case: its arguments and the files it reads.
struct Case {
    args: Vec<String>,
    stdout: Sink,
}

/// Where standard output goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sink {
    /// A pipe read up to [`CAP`], then closed.
    Pipe,
    /// A pipe closed before the program starts: its first write fails.
    Closed,
    /// `/dev/full`: every write fails with "no space left".
    Full,
}

/// Picks one of `items`.
fn pick<'a, T: ?Sized>(rng: &mut Rng, items: &[&'a T]) -> &'a T {
    items[rng.below(items.len())]
}

/// A board size: mostly small (fast searches), sometimes large or out of
/// range or not a number.
fn size(rng: &mut Rng) -> String {
    if rng.chance(80) {
        return rng.below(11).to_string();
    }
    pick(
        rng,
        &[
            "11",
            "12",
            "13",
            "16",
            "17",
            "-1",
            "255",
            "256",
            "-0",
            "+4",
            " 4",
            "4.5",
            "x",
            "",
            "99999999999999999999999",
            "0x4",
            "4e1",
            "٤",
            "\u{1b}[31m4",
        ],
    )
    .to_string()
}

/// A string of `len` characters drawn from `alphabet`.
fn text_from(rng: &mut Rng, alphabet: &[char], len: usize) -> String {
    (0..len)
        .map(|_| alphabet[rng.below(alphabet.len())])
        .collect()
}

const DIGITS4: &[char] = &['.', '.', '.', '0', '1', '2', '3', '4'];
const DIGITS9: &[char] = &[
    '.', '.', '.', '.', '.', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9',
];
const LETTERS: &[char] = &['A', 'B', 'C', 'E', 'S', 'D', 'F', 'Z', 'a', 'e'];
const ODD: &[char] = &[
    'x', ' ', ',', '.', '/', '|', '-', '+', '#', '\n', '\t', 'é', '\u{1b}', '😀', '\\', '"', '\'',
    '%', '9',
];

/// A Sudoku grid as text: 16 or 81 cells (sometimes one more or less),
/// sometimes with a stray character or drawing characters.
fn grid(rng: &mut Rng) -> String {
    let (alphabet, cells) = if rng.chance(50) {
        (DIGITS4, 16)
    } else {
        (DIGITS9, 81)
    };
    let cells = match rng.below(10) {
        0 => cells - 1,
        1 => cells + 1,
        _ => cells,
    };
    let mut text = text_from(rng, alphabet, cells);
    if rng.chance(15) {
        let at = rng.below(text.len() + 1);
        text.insert(at, ODD[rng.below(ODD.len())]);
    }
    if rng.chance(20) {
        // One row per line, as in a file.
        let width = if cells <= 17 { 4 } else { 9 };
        let chars: Vec<char> = text.chars().collect();
        text = chars
            .chunks(width)
            .map(|row| row.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("\n");
    }
    text
}

/// A Word Search board: rows of letters, mostly rectangular and small.
fn board(rng: &mut Rng, separator: &str) -> String {
    let rows = if rng.chance(90) {
        rng.below(5) + 1
    } else {
        rng.below(18)
    };
    let cols = if rng.chance(90) {
        rng.below(5) + 1
    } else {
        rng.below(18)
    };
    let mut lines: Vec<String> = (0..rows).map(|_| text_from(rng, LETTERS, cols)).collect();
    if rng.chance(15) && !lines.is_empty() {
        let r = rng.below(lines.len());
        let extra = ODD[rng.below(ODD.len())];
        lines[r].push(extra);
    }
    lines.join(separator)
}

/// A word: mostly letters, sometimes too long or with a stray character.
fn word(rng: &mut Rng) -> String {
    let len = if rng.chance(95) {
        rng.below(9)
    } else {
        33 + rng.below(3)
    };
    let mut text = text_from(rng, LETTERS, len);
    if rng.chance(10) {
        text.push(ODD[rng.below(ODD.len())]);
    }
    text
}

/// Writes a random file into `dir` and returns its path: a grid, a board,
/// random bytes (often not UTF-8), an empty file, or a sparse file over the
/// 1 MiB limit; its name sometimes has spaces or control characters.
fn file(rng: &mut Rng, dir: &Path, case: usize) -> String {
    let name = match rng.below(6) {
        0 => format!("case {case}.txt"),
        1 => format!("case-{case}-\u{1b}[31m.sudoku"),
        2 => format!("case-{case}-é.board"),
        _ => format!("case-{case}.txt"),
    };
    let path = dir.join(name);
    let write = |bytes: &[u8]| std::fs::write(&path, bytes).expect("the fuzzer writes its files");
    match rng.below(7) {
        0 => write(grid(rng).as_bytes()),
        1 => write(board(rng, "\n").as_bytes()),
        2 => {
            let mut text = grid(rng).into_bytes();
            let at = rng.below(text.len() + 1);
            text.insert(at, [0xff, 0xc3, 0x80, 0xe9][rng.below(4)]);
            write(&text);
        }
        3 => {
            let bytes: Vec<u8> = (0..rng.below(300)).map(|_| rng.next_u64() as u8).collect();
            write(&bytes);
        }
        4 => write(b""),
        5 => {
            let file = std::fs::File::create(&path).expect("the fuzzer writes its files");
            let size = (1 << 20) + 1 + rng.below(1 << 30) as u64;
            file.set_len(size).expect("a sparse file");
        }
        _ => write(format!("# a comment\n{}\n", board(rng, "\n")).as_bytes()),
    }
    path.to_string_lossy().into_owned()
}

/// A value for a puzzle or board argument: a shipped name, a typed grid or
/// board, a file, a missing path, a folder, or an odd string.
fn source(rng: &mut Rng, dir: &Path, case: usize, sudoku: bool) -> String {
    match rng.below(8) {
        0 if sudoku => pick(
            rng,
            &["sample", "campus", "empty4", "unsat4", "unsat9", "inkala"],
        )
        .to_string(),
        0 => "sample".to_string(),
        1 | 2 if sudoku => grid(rng),
        1 | 2 => board(rng, ","),
        3 | 4 => file(rng, dir, case),
        5 => pick(
            rng,
            &[
                "missing.txt",
                "no/such/file",
                "./nope.sudoku",
                ".",
                "..",
                "/",
                "src",
            ],
        )
        .to_string(),
        _ => {
            let len = rng.below(6);
            text_from(rng, ODD, len)
        }
    }
}

/// Every option of any command, and a few no command has.
const OPTIONS: &[&str] = &[
    "--print",
    "--full",
    "--check-at-end",
    "--play",
    "--order",
    "--list",
    "--board",
    "--word",
    "--no-inventory",
    "--no-reverse",
    "--ascii",
    "--no-color",
    "--predict",
    "--blanks",
    "--seed",
    "--help",
    "-h",
    "--version",
    "--bogus",
    "-x",
    "--",
];

/// The options `command` (the words before its options) takes, so that
/// most runs get past the parser and reach a search or an input check.
fn options_of(command: &[String]) -> &'static [&'static str] {
    const VIEW: &[&str] = &[
        "--print",
        "--ascii",
        "--no-color",
        "--predict",
        "--blanks",
        "--seed",
    ];
    let words: Vec<&str> = command
        .iter()
        .map(String::as_str)
        .filter(|w| !w.starts_with('-'))
        .collect();
    match words.as_slice() {
        [] => VIEW,
        ["queens", ..] => &[
            "--print",
            "--full",
            "--check-at-end",
            "--play",
            "--ascii",
            "--predict",
            "--blanks",
            "--seed",
        ],
        ["sudoku", ..] => &[
            "--print",
            "--order",
            "--order",
            "--list",
            "--no-color",
            "--blanks",
            "--seed",
        ],
        ["word", ..] => &[
            "--print",
            "--board",
            "--board",
            "--word",
            "--word",
            "--no-inventory",
            "--no-reverse",
            "--blanks",
            "--seed",
        ],
        ["compare", "queens", ..] => &["--print", "--check-at-end", "--ascii", "--no-color"],
        ["compare", "word", ..] => &["--print", "--board", "--word", "--ascii"],
        ["compare", ..] => &["--print", "--ascii", "--no-color"],
        _ => &[],
    }
}

/// One option, mostly one that `command` takes, with its value if it has
/// one.
fn option(rng: &mut Rng, dir: &Path, case: usize, command: &[String]) -> Vec<String> {
    let modes: &[&str] = &[
        "summary",
        "summary",
        "jsonl",
        "trace",
        "table",
        "worksheet",
        "Summary",
        "",
    ];
    let own = options_of(command);
    let flag = if !own.is_empty() && rng.chance(92) {
        own[rng.below(own.len())]
    } else {
        OPTIONS[rng.below(OPTIONS.len())]
    };
    if flag == "--print" && command.iter().any(|a| a == "--print") && rng.chance(85) {
        return Vec::new();
    }
    let value = match flag {
        "--print" => Some(pick(rng, modes).to_string()),
        "--order" => Some(pick(rng, &["mrv", "first", "first", "sideways", ""]).to_string()),
        "--board" => Some(source(rng, dir, case, false)),
        "--word" => Some(word(rng)),
        "--blanks" => Some(
            pick(
                rng,
                &[
                    "masks",
                    "legal,outcome",
                    "all",
                    "mask",
                    "",
                    ",",
                    "legal,,all",
                ],
            )
            .to_string(),
        ),
        "--seed" => Some(pick(rng, &["0", "7", "18446744073709551615", "-1", "x"]).to_string()),
        _ => None,
    };
    let mut args = vec![flag.to_string()];
    if let Some(value) = value {
        if rng.chance(85) {
            args.push(value);
        } else {
            args[0] = format!("{flag}={value}");
        }
    }
    args
}

/// A random command line.
fn generate(rng: &mut Rng, dir: &Path, case: usize) -> Case {
    let mut args: Vec<String> = Vec::new();
    let command = rng.below(20) / 2;
    let push = |args: &mut Vec<String>, items: &[&str]| {
        args.extend(items.iter().map(|s| s.to_string()));
    };
    match command {
        0 => {}
        1 | 2 => push(&mut args, &["queens"]),
        3 | 4 => push(&mut args, &["sudoku"]),
        5 | 6 => push(&mut args, &["word"]),
        7 => push(
            &mut args,
            &["compare", pick(rng, &["queens", "sudoku", "word", "x", ""])],
        ),
        8 => push(&mut args, &["samples"]),
        // A search that reads a file, given a mutated one of its format.
        _ if rng.chance(50) => {
            let (search, format) = *pick(rng, SEARCH_FORMATS);
            let path = format_file(rng, dir, case, format);
            push(&mut args, &[search, &path]);
        }
        _ if rng.chance(50) => push(&mut args, &["compare", "word"]),
        _ => push(
            &mut args,
            &[pick(
                rng,
                &["help", "queen", "Queens", "", "compare", "\u{1b}[2J"],
            )],
        ),
    }
    let command_words = args.clone();
    let with_print = rng.chance(if command == 8 { 10 } else { 75 });
    // The positional argument, in its place or not at all.
    let which = args.last().cloned().unwrap_or_default();
    if rng.chance(70) {
        match (command, which.as_str()) {
            (1 | 2, _) | (_, "queens") => args.push(size(rng)),
            (3 | 4, _) | (_, "sudoku") => args.push(source(rng, dir, case, true)),
            _ if rng.chance(5) => args.push(size(rng)),
            _ => {}
        }
    }
    // Options; --print most of the time, so that searches run.
    if with_print {
        let mode = pick(
            rng,
            &["summary", "summary", "jsonl", "trace", "table", "worksheet"],
        );
        push(&mut args, &["--print", mode]);
    }
    let mut seen = command_words.clone();
    if with_print {
        seen.push("--print".to_string());
    }
    for _ in 0..rng.below(3) {
        let extra = option(rng, dir, case, &seen);
        let at = if rng.chance(93) {
            args.len()
        } else {
            rng.below(args.len() + 1)
        };
        for (i, arg) in extra.into_iter().enumerate() {
            args.insert(at + i, arg);
        }
    }
    // Check-at-the-end grows as n^n: keep most of those searches short.
    if args.iter().any(|a| a == "--check-at-end") {
        for arg in &mut args {
            if arg.parse::<u32>().is_ok_and(|n| n > 8) && rng.chance(90) {
                *arg = "6".to_string();
            }
        }
    }
    let stdout = match rng.below(20) {
        0 | 1 => Sink::Closed,
        2 if Path::new("/dev/full").exists() => Sink::Full,
        _ => Sink::Pipe,
    };
    Case { args, stdout }
}

/// Each file format, its shipped examples, and its reader. The readers
/// are the program's own: what the binary reads a file with.
const FORMATS: &[Format] = &[
    Format::Sudoku,
    Format::Board,
    Format::Maze,
    Format::Dimacs,
    Format::Dlx,
    Format::WordList,
    Format::Cast,
];

/// A file format the program reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Sudoku,
    Board,
    Maze,
    Dimacs,
    Dlx,
    WordList,
    Cast,
}

/// The commands that read each format from a file (their first argument).
const SEARCH_FORMATS: &[&(&str, Format)] = &[
    &("sudoku", Format::Sudoku),
    &("word", Format::Board),
    &("words", Format::Board),
    &("maze", Format::Maze),
    &("colour", Format::Dimacs),
    &("cover", Format::Dlx),
    &("replay", Format::Cast),
];

/// A recording of a few frames, as `--print cast` writes one.
fn sample_cast() -> String {
    use backstep::cast::{Header, Writer};
    let mut writer = Writer::new(Vec::new(), &Header::new(80, 24)).expect("a header");
    for (i, text) in ["\u{1b}[2J\u{1b}[1;1Hq", "\u{1b}[2;3H♛", "x\"\\y\n"]
        .iter()
        .enumerate()
    {
        writer.output(i as f64 * 0.5, text).expect("an event");
    }
    writer.resize(2.0, 100, 30).expect("a resize");
    String::from_utf8(writer.into_inner()).expect("UTF-8")
}

impl Format {
    /// Valid files of the format: every shipped one, or a made one.
    fn seeds(self) -> Vec<String> {
        use backstep::assets;
        let texts = |list: &[assets::Asset]| list.iter().map(|a| a.text.to_string()).collect();
        match self {
            Format::Sudoku => texts(assets::SUDOKU),
            Format::Board => texts(assets::BOARDS),
            Format::Maze => texts(assets::MAZES),
            Format::Dimacs => texts(assets::GRAPHS),
            Format::Dlx => texts(&assets::COVER[..4]),
            Format::WordList => vec!["OATH\nPEA\nEAT\nRAIN\n".to_string()],
            Format::Cast => vec![sample_cast()],
        }
    }

    /// Reads `bytes` with the program's reader: `Err` with its message
    /// when refused.
    fn read(self, bytes: &[u8]) -> Result<(), String> {
        use backstep::input;
        let text = String::from_utf8_lossy(bytes);
        let said = |err: anyhow::Error| format!("{err:#}");
        match self {
            Format::Sudoku => input::parse_grid(&text).map(drop).map_err(said),
            Format::Board => input::parse_board_lines(&text).map(drop).map_err(said),
            Format::Maze => input::maze::parse_lines(&text).map(drop).map_err(said),
            Format::Dimacs => input::colour::parse_dimacs(&text).map(drop).map_err(said),
            Format::Dlx => input::cover::parse(&text, "fuzz")
                .map(drop)
                .map_err(|e| e.to_string()),
            Format::WordList => input::words::parse_word_lines(&text)
                .map(drop)
                .map_err(|e| e.to_string()),
            Format::Cast => backstep::cast::check(bytes).map(drop).map_err(said),
        }
    }
}

/// Pieces that mean something in one format or another.
const TOKENS: &[&str] = &[
    "\n",
    "\r\n",
    "#",
    "|",
    "-",
    ":",
    ",",
    ".",
    "0",
    "1",
    "9",
    "A",
    "e 1 2",
    "e 1 1",
    "p edge 0 0",
    "p edge 99999999999999999999 1",
    "c",
    "\"",
    "[",
    "]",
    "{",
    "}",
    "\\u0000",
    "\u{1b}[31m",
    "é",
    "\0",
    "NaN",
    "1e309",
    "-1",
    "18446744073709551616",
    "\"o\"",
    "\"r\"",
    "\"100x30\"",
    " ",
    "\t",
];

/// A mutation of `seed`: bytes flipped, tokens inserted, a stretch cut,
/// a line repeated, the end cut off.
fn mutated(rng: &mut Rng, seed: &str) -> Vec<u8> {
    let mut bytes = seed.as_bytes().to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(bytes.len() + 1);
        match rng.below(6) {
            0 if at < bytes.len() => bytes[at] = rng.next_u64() as u8,
            1 | 2 => {
                let token = TOKENS[rng.below(TOKENS.len())].as_bytes();
                bytes.splice(at..at, token.iter().copied());
            }
            3 => {
                let end = (at + rng.below(40)).min(bytes.len());
                bytes.drain(at..end);
            }
            4 => {
                let line: Vec<u8> = bytes[at..]
                    .split(|&b| b == b'\n')
                    .next()
                    .unwrap_or_default()
                    .to_vec();
                for _ in 0..rng.below(200) {
                    bytes.splice(at..at, line.iter().copied().chain([b'\n']));
                }
            }
            _ => bytes.truncate(at),
        }
    }
    bytes
}

/// Writes a mutated file of `format` into `dir`; its path.
fn format_file(rng: &mut Rng, dir: &Path, case: usize, format: Format) -> String {
    let seeds = format.seeds();
    let seed = &seeds[rng.below(seeds.len())];
    let bytes = if rng.chance(20) {
        seed.as_bytes().to_vec()
    } else {
        mutated(rng, seed)
    };
    let path = dir.join(format!("case-{case}-{format:?}.txt"));
    std::fs::write(&path, bytes).expect("the fuzzer writes its files");
    path.to_string_lossy().into_owned()
}

/// The in-process target: every file format's reader, the recording
/// reader included, on mutated shipped files. Each file is read or
/// refused with a message (never a panic); a refusal of a file with more
/// than one line names the line where the format has lines.
#[test]
fn every_file_reader_reads_or_refuses_mutated_files() {
    let runs = env_number("BACKSTEP_FUZZ_RUNS").map_or(400, |n| n as usize);
    let seed = env_number("BACKSTEP_FUZZ_SEED").unwrap_or(2026);
    let mut counts = BTreeMap::new();
    for &format in FORMATS {
        let seeds = format.seeds();
        for case in 0..runs {
            let mut rng = Rng::new(seed ^ (case as u64) << 8 ^ format as u64);
            let bytes = mutated(&mut rng, &seeds[case % seeds.len()]);
            let read = format.read(&bytes);
            if let Err(message) = &read {
                assert!(!message.trim().is_empty(), "{format:?} case {case}");
                if format == Format::Cast {
                    assert!(
                        message.starts_with("line "),
                        "{format:?} case {case}: {message}\n{:?}",
                        String::from_utf8_lossy(&bytes)
                    );
                }
            }
            *counts
                .entry((format!("{format:?}"), read.is_ok()))
                .or_insert(0) += 1;
        }
    }
    // Both outcomes are reached for every format: the mutations are
    // neither all harmless nor all fatal.
    for &format in FORMATS {
        for ok in [true, false] {
            let n = counts
                .get(&(format!("{format:?}"), ok))
                .copied()
                .unwrap_or(0);
            assert!(
                n > 0,
                "{format:?}: no case {}; {counts:?}",
                if ok { "read" } else { "refused" }
            );
        }
    }
}

/// The recording reader's memory is bounded by construction: on an input
/// that never ends and holds no line break it stops at the line limit,
/// and on lines that never end it stops at the first bad one.
#[test]
fn the_recording_reader_stops_on_endless_input() {
    use std::io::BufReader;
    let endless = BufReader::new(std::io::repeat(b'x'));
    let err = backstep::cast::check(endless).unwrap_err();
    assert!(
        format!("{err:#}").contains("line 1: longer than the limit of 4 MiB"),
        "{err:#}"
    );
    let header = b"{\"version\": 2, \"width\": 80, \"height\": 24}\n";
    let endless = BufReader::new(&header[..]).chain(std::io::repeat(b'['));
    let err = backstep::cast::check(BufReader::new(endless)).unwrap_err();
    assert!(format!("{err:#}").starts_with("line 2: longer"), "{err:#}");
}

/// Runs the binary on `args` with stdout a pipe read up to [`CAP`].
fn run(bin: &Path, case: &Case, dir: &Path) -> (Outcome, String) {
    let stdout = match case.stdout {
        Sink::Pipe => Stdio::piped(),
        Sink::Closed => {
            let (reader, writer) = std::io::pipe().expect("a pipe");
            drop(reader);
            Stdio::from(writer)
        }
        Sink::Full => Stdio::from(std::fs::File::create("/dev/full").expect("/dev/full")),
    };
    // Memory is bounded: under `ulimit -v` an input read whole (or a
    // search that grows without bound) fails its allocation and aborts,
    // which the checks count as a failure.
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {MEMORY_KIB} && exec \"$0\" \"$@\""))
        .arg(bin)
        .args(&case.args)
        .current_dir(dir)
        .env_remove("NO_COLOR")
        // Colour clap's messages as on a terminal, so that an escape
        // sequence typed in an argument would show in them.
        .env("CLICOLOR_FORCE", "1")
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("the backstep binary runs");
    let out = child.stdout.take();
    let mut err = child.stderr.take().expect("piped stderr");
    let reader = thread::spawn(move || {
        if let Some(mut out) = out {
            let _ = out.by_ref().take(CAP).read_to_end(&mut Vec::new());
        }
        // Dropping `out` closes the pipe: a printing search then stops.
    });
    let stderr = thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = err.by_ref().take(CAP).read_to_end(&mut bytes);
        String::from_utf8_lossy(&bytes).into_owned()
    });
    let start = Instant::now();
    let limit = timeout();
    let outcome = loop {
        if let Some(status) = child.try_wait().expect("wait for backstep") {
            break match status.code() {
                Some(code) => Outcome::Exit(code),
                None => Outcome::Signal,
            };
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break Outcome::TimedOut;
        }
        thread::sleep(Duration::from_millis(2));
    };
    let _ = reader.join();
    (outcome, stderr.join().unwrap_or_default())
}

/// Whether an error message names something specific: a quoted value or
/// file, an option, or a number (a cell, a line, a size, a range).
fn names_a_spot(message: &str) -> bool {
    message.contains(['\'', '"']) || message.contains("--") || message.contains(char::is_numeric)
}

/// What a run broke, if anything.
fn problems(outcome: &Outcome, stderr: &str) -> Vec<String> {
    let mut problems = Vec::new();
    if stderr.contains("panicked") {
        problems.push("panicked".to_string());
    }
    if stderr.contains('\u{1b}') {
        problems.push("an escape character reached stderr".to_string());
    }
    match outcome {
        Outcome::Exit(0) | Outcome::TimedOut => {}
        Outcome::Exit(2) => {
            let first = stderr.lines().next().unwrap_or("");
            if first.trim().is_empty() {
                problems.push("status 2 with no message".to_string());
            }
            if !first.starts_with("backstep: ") || stderr.lines().count() != 1 {
                problems.push("not one line after `backstep: `".to_string());
            }
            if !names_a_spot(first) {
                problems.push("the message names no value, option or place".to_string());
            }
        }
        Outcome::Exit(code) => problems.push(format!("exit status {code}")),
        Outcome::Signal => problems.push("ended by a signal".to_string()),
    }
    problems
}

/// The kind of an error message, for the summary: its first words, with
/// quoted values and numbers left out.
fn kind(message: &str) -> String {
    let first = message.lines().next().unwrap_or("");
    let mut kind = String::new();
    let mut quoted = None;
    for c in first.chars() {
        match quoted {
            Some(q) if c == q => quoted = None,
            Some(_) => {}
            None if c == '\'' || c == '"' => {
                quoted = Some(c);
                kind.push('…');
            }
            None if c.is_ascii_digit() => {
                if !kind.ends_with('#') {
                    kind.push('#');
                }
            }
            None => kind.push(c),
        }
    }
    kind.chars().take(70).collect()
}

#[derive(Default)]
struct Tally {
    ok: usize,
    refused: usize,
    timed_out: usize,
    failures: Vec<String>,
    /// Each kind of error message: how often, and its first case.
    kinds: BTreeMap<String, (usize, String)>,
    timed_out_args: Vec<String>,
}

#[test]
fn random_command_lines_and_files_end_with_0_or_2_and_never_panic() {
    let runs = env_number("BACKSTEP_FUZZ_RUNS").map_or(DEFAULT_RUNS, |n| n as usize);
    let seed = env_number("BACKSTEP_FUZZ_SEED").unwrap_or(2026);
    let bin = std::env::var_os("BACKSTEP_FUZZ_BIN").map_or_else(
        || PathBuf::from(env!("CARGO_BIN_EXE_backstep")),
        PathBuf::from,
    );
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("fuzz-{seed}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the fuzzer's folder");
    // Prints every case whose standard error contains this text.
    let show = std::env::var("BACKSTEP_FUZZ_SHOW").ok();
    let tally = Mutex::new(Tally::default());
    let next = Mutex::new(0usize);
    let threads = thread::available_parallelism().map_or(2, |n| n.get().min(4));
    let started = Instant::now();
    thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let case = {
                        let mut next = next.lock().expect("the case counter");
                        let case = *next;
                        *next += 1;
                        case
                    };
                    if case >= runs {
                        break;
                    }
                    // Each case has its own generator, so one can be replayed.
                    let mut rng = Rng::new(seed.wrapping_mul(1_000_003) ^ case as u64);
                    let generated = generate(&mut rng, &dir, case);
                    let (outcome, stderr) = run(&bin, &generated, &dir);
                    let args = (generated.stdout, generated.args);
                    let found = problems(&outcome, &stderr);
                    if show.as_ref().is_some_and(|s| stderr.contains(s.as_str())) {
                        eprintln!(
                            "case {case} {args:?}: {}",
                            stderr.lines().next().unwrap_or("")
                        );
                    }
                    let mut tally = tally.lock().expect("the tally");
                    match outcome {
                        Outcome::Exit(0) => tally.ok += 1,
                        Outcome::Exit(2) => {
                            tally.refused += 1;
                            let example =
                                format!("{args:?} -> {}", stderr.lines().next().unwrap_or(""));
                            tally.kinds.entry(kind(&stderr)).or_insert((0, example)).0 += 1;
                        }
                        Outcome::TimedOut => {
                            tally.timed_out += 1;
                            tally.timed_out_args.push(format!("{args:?}"));
                        }
                        _ => {}
                    }
                    if !found.is_empty() {
                        tally.failures.push(format!(
                            "case {case} {args:?}: {}\n    stderr: {}",
                            found.join("; "),
                            stderr.trim_end().replace('\n', "\n            ")
                        ));
                    }
                }
            });
        }
    });
    let tally = tally.into_inner().expect("the tally");
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!(
        "fuzz: {runs} runs (seed {seed}) in {:.1} s: {} exit 0, {} exit 2, {} timed out \
         (killed after {} s), {} failures",
        started.elapsed().as_secs_f64(),
        tally.ok,
        tally.refused,
        tally.timed_out,
        timeout().as_secs(),
        tally.failures.len()
    );
    for (kind, (count, example)) in &tally.kinds {
        eprintln!("  {count:5}  {kind}\n         e.g. {example}");
    }
    for args in &tally.timed_out_args {
        eprintln!("  timed out: {args}");
    }
    assert!(tally.failures.is_empty(), "\n{}", tally.failures.join("\n"));
}

#[test]
fn the_checks_see_a_panic_a_bad_status_and_a_vague_message() {
    assert!(!problems(&Outcome::Exit(101), "thread 'main' panicked at").is_empty());
    assert!(!problems(&Outcome::Exit(1), "").is_empty());
    assert!(!problems(&Outcome::Signal, "").is_empty());
    assert!(!problems(&Outcome::Exit(2), "").is_empty());
    assert!(!problems(&Outcome::Exit(2), "backstep: something is wrong\n").is_empty());
    assert!(!problems(&Outcome::Exit(2), "backstep: a\nb\n").is_empty());
    assert!(
        problems(
            &Outcome::Exit(2),
            "backstep: cell (1,2): 5 is out of range\n"
        )
        .is_empty()
    );
    assert!(problems(&Outcome::Exit(0), "").is_empty());
}
