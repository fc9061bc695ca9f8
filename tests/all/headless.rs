//! The headless writers (issues 8 and 16): JSON lines written as text are
//! what `serde_json` would print, the streamed trace table agrees with the
//! accumulating node log the screen reads, the table streams in bounded
//! memory, and a failing writer gives an error, never a panic.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use serde_json::Value;

use backstep::input;
use backstep::model::{NodeLog, Report, push_json_string};
use backstep::print::{self, Mode};
use backstep::search::queens::{Queens, QueensOptions};
use backstep::search::sudoku::{Order, Sudoku, SudokuOptions};
use backstep::search::word::{WordOptions, WordSearch};
use backstep::ui::scene::Scene;

fn queens(n: u8, symmetry: bool) -> Queens {
    Queens::new(QueensOptions {
        n,
        symmetry,
        rejects: true,
    })
}

fn sudoku(name: &str, order: Order) -> Sudoku {
    let puzzle = input::load_puzzle(name).expect("a shipped puzzle");
    Sudoku::new(
        &puzzle.value,
        SudokuOptions {
            order,
            rejects: true,
        },
    )
}

fn word(word: &str, pruned: bool) -> WordSearch {
    let board = input::load_board("sample").expect("the sample board");
    let options = WordOptions {
        inventory: pruned,
        reverse: pruned,
        rejects: true,
    };
    WordSearch::new(&board.value, word, options)
}

/// What `search` prints in `mode`, through the library.
fn printed<S: Scene>(search: S, mode: Mode) -> String {
    let mut out = Vec::new();
    print::print(search, mode, &mut out).expect("a Vec takes every write");
    String::from_utf8(out).expect("UTF-8")
}

/// Runs `check` on every search the headless tests cover: every search,
/// both N-Queens variants, check-at-the-end, both Sudoku orders, a Sudoku
/// with no solution, and Word Search found, not found, and refused by the
/// inventory.
fn each_search(mut check: impl FnMut(&str, &dyn Fn(Mode) -> String)) {
    for n in 0..=6 {
        for symmetry in [true, false] {
            let what = format!("queens {n} symmetry {symmetry}");
            check(&what, &|mode| printed(queens(n, symmetry), mode));
        }
        let what = format!("queens {n} check-at-end");
        check(&what, &|mode| {
            printed(Queens::check_at_end(n.min(4), true), mode)
        });
    }
    for name in ["campus", "unsat4"] {
        for order in [Order::Mrv, Order::First] {
            let what = format!("sudoku {name} {order:?}");
            check(&what, &|mode| printed(sudoku(name, order), mode));
        }
    }
    for w in ["ABCCED", "SEE", "ABCB", "ZZ", "ABCESEEEFS"] {
        for pruned in [true, false] {
            let what = format!("word {w} pruned {pruned}");
            check(&what, &|mode| printed(word(w, pruned), mode));
        }
    }
}

#[test]
fn every_json_line_is_what_serde_json_prints_for_its_values() {
    // Parse each line and print it again with serde_json (key order kept):
    // the text written field by field must be the canonical text, so no
    // spacing, number or escape differs from the former Value-built lines.
    each_search(|what, run| {
        let text = run(Mode::Jsonl);
        let lines: Vec<&str> = text.lines().collect();
        assert!(!lines.is_empty(), "{what}");
        for line in &lines {
            let value: Value =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("{what}: {line}: {e}"));
            let again = serde_json::to_string(&value).expect("a value prints");
            assert_eq!(*line, again, "{what}");
            let object = value.as_object().expect("an object per line");
            let keys: Vec<&str> = object.keys().map(String::as_str).collect();
            if keys[0] == "event" {
                assert_eq!(object["event"], "done", "{what}: {line}");
            } else {
                // step, event, the event's own fields, nodes.
                assert_eq!(keys[..2], ["step", "event"], "{what}: {line}");
                assert_eq!(keys.last(), Some(&"nodes"), "{what}: {line}");
            }
        }
        assert!(
            lines
                .last()
                .is_some_and(|l| l.starts_with(r#"{"event":"done""#)),
            "{what}: ends with done"
        );
    });
}

proptest! {
    #[test]
    fn json_strings_are_escaped_as_serde_json_escapes_them(text in any::<String>()) {
        let mut out = String::new();
        push_json_string(&mut out, &text);
        prop_assert_eq!(out, serde_json::to_string(&text).expect("a string prints"));
    }

    #[test]
    fn control_characters_and_quotes_are_escaped_as_serde_json_does(
        text in proptest::collection::vec(
            prop_oneof![0u8..0x20, Just(b'"'), Just(b'\\'), Just(0x7f), 0x20u8..0x7f],
            0..40,
        )
    ) {
        let text = String::from_utf8(text).expect("ASCII");
        let mut out = String::new();
        push_json_string(&mut out, &text);
        prop_assert_eq!(out, serde_json::to_string(&text).expect("a string prints"));
    }
}

/// The trace table the accumulating [`NodeLog`] gives once its outcomes are
/// cut to the first thing that happened at each node: its lead (the notes
/// said before the placements, which N-Queens only gives at the root's
/// skipped columns, after every placement), then its first placement, else
/// its end. An independent way to the streamed table's rows.
fn table_from_node_log<S: Report>(mut search: S) -> String {
    let mut log = NodeLog::new(&search);
    while let Some(event) = search.next() {
        log.record(&search, &event);
    }
    let header = search.table_header();
    let mut text = format!("| {} |\n", header.join(" | "));
    text.push_str(&format!("|{}\n", "---|".repeat(header.len())));
    for (i, row) in log.rows().iter().enumerate() {
        let mut parts = row.outcome.lead.clone();
        match row.outcome.placed.first() {
            Some(first) => parts.push(format!("place {first}")),
            None if row.outcome.end.is_some() => parts.push(row.outcome.end_words.clone()),
            None => {}
        }
        let mut cells = vec![(i + 1).to_string()];
        cells.extend(row.cells.iter().map(ToString::to_string));
        cells.push(parts.join("; "));
        text.push_str(&format!("| {} |\n", cells.join(" | ")));
    }
    text
}

#[test]
fn the_streamed_table_agrees_with_the_node_log() {
    for n in 0..=7 {
        for symmetry in [true, false] {
            let what = format!("queens {n} symmetry {symmetry}");
            let got = printed(queens(n, symmetry), Mode::Table);
            assert_eq!(got, table_from_node_log(queens(n, symmetry)), "{what}");
        }
    }
    for n in 0..=4 {
        let got = printed(Queens::check_at_end(n, true), Mode::Table);
        let want = table_from_node_log(Queens::check_at_end(n, true));
        assert_eq!(got, want, "queens {n} check-at-end");
    }
    for name in ["campus", "unsat4", "inkala"] {
        for order in [Order::Mrv, Order::First] {
            if name == "inkala" && order == Order::First {
                continue; // 21 million events: a minute in a debug build
            }
            let got = printed(sudoku(name, order), Mode::Table);
            let want = table_from_node_log(sudoku(name, order));
            assert_eq!(got, want, "sudoku {name} {order:?}");
        }
    }
    for w in ["ABCCED", "SEE", "ABCB", "ZZ", "ABCESEEEFS"] {
        for pruned in [true, false] {
            let got = printed(word(w, pruned), Mode::Table);
            assert_eq!(got, table_from_node_log(word(w, pruned)), "word {w}");
        }
    }
}

#[test]
fn every_table_row_is_complete() {
    each_search(|what, run| {
        let text = run(Mode::Table);
        let header = text.lines().next().expect("a header");
        let columns = header.matches(" | ").count() + 1;
        for line in text.lines().skip(2) {
            let cells: Vec<&str> = line.trim_matches('|').split(" | ").collect();
            assert_eq!(cells.len(), columns, "{what}: {line}");
            assert!(!cells[columns - 1].trim().is_empty(), "{what}: {line}");
        }
    });
}

/// The peak resident memory of a running process, in KiB (Linux only).
fn peak_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn a_huge_table_streams_at_once_in_bounded_memory() {
    // 16-Queens enters about 10^9 nodes: before streaming it grew past
    // 4 GB and printed nothing. Now rows come at once and memory stays
    // flat however many have gone by.
    let mut child = Command::new(env!("CARGO_BIN_EXE_backstep"))
        .args(["queens", "16", "--print", "table"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let start = Instant::now();
    let mut lines = BufReader::new(child.stdout.take().expect("piped")).lines();
    let first: Vec<String> = lines.by_ref().take(5).map(|l| l.expect("a line")).collect();
    let waited = start.elapsed();
    assert_eq!(first.len(), 5);
    assert!(first[0].starts_with("| node | prefix |"), "{first:?}");
    assert!(first[2].starts_with("| 1 | [] |"), "{first:?}");
    assert!(
        waited < Duration::from_secs(10),
        "first rows after {waited:?}"
    );
    let mut read = 5;
    for line in lines.by_ref().take(300_000) {
        line.expect("a line");
        read += 1;
    }
    assert_eq!(read, 300_005);
    if let Some(kib) = peak_kib(child.id()) {
        assert!(kib < 64 * 1024, "peak {kib} KiB after 300,000 rows");
    }
    // Closing the pipe ends the run quietly, with success.
    drop(lines);
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .expect("piped")
        .read_to_string(&mut stderr)
        .expect("stderr");
    let status = child.wait().expect("the binary exits");
    assert_eq!(status.code(), Some(0), "stderr: {stderr}");
    assert_eq!(stderr, "");
}

/// A writer that takes `room` bytes, then fails every write.
struct Full {
    room: usize,
    kind: io::ErrorKind,
}

impl Write for Full {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.room == 0 {
            return Err(io::Error::new(self.kind, "no room"));
        }
        let n = buf.len().min(self.room);
        self.room -= n;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn write_errors_are_returned_in_every_mode() {
    let modes = [
        Mode::Summary,
        Mode::Jsonl,
        Mode::Trace,
        Mode::Table,
        Mode::Worksheet,
    ];
    for mode in modes {
        for room in [0, 10, 1000, 100_000] {
            for kind in [io::ErrorKind::BrokenPipe, io::ErrorKind::StorageFull] {
                let mut out = Full { room, kind };
                let result = print::print(queens(8, false), mode, &mut out);
                let full = printed(queens(8, false), mode).len();
                if room >= full {
                    assert!(result.is_ok(), "{mode:?} fits in {room}");
                } else {
                    let err = result.expect_err("the failed write is reported");
                    assert_eq!(err.kind(), kind, "{mode:?} room {room}");
                }
            }
        }
    }
}

#[test]
fn a_closed_pipe_ends_jsonl_and_trace_quietly() {
    for mode in ["jsonl", "trace", "table"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_backstep"))
            .args(["queens", "12", "--full", "--print", mode])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let mut stdout = child.stdout.take().expect("piped");
        let mut some = [0u8; 4096];
        stdout.read_exact(&mut some).expect("output comes");
        drop(stdout);
        let output = child.wait_with_output().expect("the binary exits");
        assert_eq!(output.status.code(), Some(0), "{mode}");
        assert!(output.stderr.is_empty(), "{mode}: {:?}", output.stderr);
    }
}

#[test]
fn trace_masks_are_the_engines_format_mask_on_every_board() {
    use backstep::search::queens::format_mask;
    // The trace writes the masks from a digit table; the engine's own
    // format_mask is the oracle, on every board size up to the largest.
    for n in 0..=backstep::search::queens::MAX_N {
        // The first 3,000 lines are enough: every mask bit gets set. The
        // capped writer stops the print there (16-Queens runs for hours).
        let mut out = Capped {
            text: Vec::new(),
            room: 400_000,
        };
        let _stopped = print::print(queens(n, true), Mode::Trace, &mut out);
        let text = String::from_utf8_lossy(&out.text).into_owned();
        let mut search = queens(n, true);
        for line in text.lines().skip(1).take(3_000) {
            if search.next().is_none() {
                break;
            }
            let m = search.masks();
            let want = format!(
                "C={} H={} L={}",
                format_mask(m.cols, n),
                format_mask(m.high, n),
                format_mask(m.low, n)
            );
            // Step and nodes take 6 + 1 + 6 + 2 columns; the masks follow.
            assert_eq!(
                line.get(15..15 + want.len()),
                Some(want.as_str()),
                "n = {n}: {line}"
            );
        }
    }
}

/// A writer that keeps the first `room` bytes, then fails.
struct Capped {
    text: Vec<u8>,
    room: usize,
}

impl Write for Capped {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.room == 0 {
            return Err(io::Error::other("full"));
        }
        let n = buf.len().min(self.room);
        self.text.extend_from_slice(&buf[..n]);
        self.room -= n;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The trace's masks sit in one column on every line, however long the
/// event's words: a reader scans them straight down.
#[test]
fn the_trace_keeps_its_masks_in_one_column() {
    for n in 1..=7 {
        for symmetry in [true, false] {
            let mut out = Vec::new();
            print::print(queens(n, symmetry), Mode::Trace, &mut out).unwrap();
            let text = String::from_utf8(out).unwrap();
            let mut lines = text.lines();
            let header = lines.next().unwrap();
            let column = header.find("state").expect("the header names the state");
            let events: Vec<&str> = lines.filter(|l| l.contains("C=")).collect();
            assert!(!events.is_empty(), "queens {n}: no event lines");
            for line in events {
                assert_eq!(line.find("C="), Some(column), "queens {n}: {line}");
                // Every event with a long reason still has its masks in place.
                let words = &line[column..];
                assert!(words.contains("H=") && words.contains("L="), "{line}");
            }
        }
    }
}
