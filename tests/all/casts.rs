//! Recordings: the asciicast writer against its strict reader, `--print
//! cast` played through a terminal emulator (the vt100 crate) against the
//! screens drawn off the terminal step by step, `--record` in a real
//! pseudo-terminal ending in a whole cast after `q` and after SIGTERM, and
//! `replay` on good and bad files.

use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

use backstep::cast::{self, Event, Header, Reader, Writer};
use backstep::search::queens::Queens;
use backstep::ui::app::App;
use backstep::ui::still;
use portable_pty::{Child, CommandBuilder, ExitStatus, MasterPty, PtySize, native_pty_system};
use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};

use crate::apps;

/// Runs the binary with the colour theme whatever the environment says, as
/// the frames it is compared with are drawn.
fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_backstep"))
        .args(args)
        .current_dir(env!("CARGO_TARGET_TMPDIR"))
        .env_remove("NO_COLOR")
        .output()
        .expect("the backstep binary runs")
}

/// A file name in the test's scratch folder, removed if it is there.
fn scratch(name: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// Every event of a cast, read strictly.
fn read_cast(bytes: &[u8]) -> (Header, Vec<(f64, Event)>) {
    let (header, reader) = Reader::new(bytes).expect("a valid header");
    let events = reader
        .collect::<anyhow::Result<Vec<_>>>()
        .unwrap_or_else(|err| panic!("an invalid cast: {err:#}"));
    (header, events)
}

#[test]
fn the_reader_reads_back_what_the_writer_wrote() {
    let mut rng = crate::Rng::new(14);
    let mut expected = Vec::new();
    let mut writer = Writer::new(Vec::new(), &Header::new(100, 30)).unwrap();
    let mut time = 0.0;
    for _ in 0..500 {
        time += rng.below(1000) as f64 / 1000.0;
        let time = (time * 1e6_f64).round() / 1e6;
        if rng.chance(10) {
            let (w, h) = (1 + rng.below(300) as u16, 1 + rng.below(100) as u16);
            writer.resize(time, w, h).unwrap();
            expected.push((time, Event::Resize(w, h)));
        } else {
            // Escapes, quotes, backslashes, newlines and wide characters.
            let pieces = ["\u{1b}[2;3H", "\"", "\\", "\n", "♛", "é", "x", "\u{7}", " "];
            let data: String = (0..rng.below(20))
                .map(|_| pieces[rng.below(pieces.len())])
                .collect();
            writer.output(time, &data).unwrap();
            expected.push((time, Event::Output(data)));
        }
    }
    let bytes = writer.into_inner();
    let (header, events) = read_cast(&bytes);
    assert_eq!(header, Header::new(100, 30));
    assert_eq!(events, expected);
    // One event per line, each line a JSON array of three.
    assert_eq!(bytes.iter().filter(|&&b| b == b'\n').count(), 501);
}

/// The app on 4-Queens (or `n` with `--full`), at `step`.
fn queens_at(n: u8, symmetry: bool, step: u64) -> App<Queens> {
    let mut app = apps::queens(n, symmetry, apps::colour());
    while app.timeline.step() < step {
        assert!(app.timeline.forward(), "step {step} exists");
    }
    app.sync();
    app
}

/// The colour vt100 reports for a colour ratatui drew.
fn vt_colour(colour: Color) -> vt100::Color {
    let named = [
        Color::Black,
        Color::Red,
        Color::Green,
        Color::Yellow,
        Color::Blue,
        Color::Magenta,
        Color::Cyan,
        Color::Gray,
        Color::DarkGray,
        Color::LightRed,
        Color::LightGreen,
        Color::LightYellow,
        Color::LightBlue,
        Color::LightMagenta,
        Color::LightCyan,
        Color::White,
    ];
    match colour {
        Color::Reset => vt100::Color::Default,
        Color::Rgb(r, g, b) => vt100::Color::Rgb(r, g, b),
        Color::Indexed(i) => vt100::Color::Idx(i),
        other => {
            let i = named
                .iter()
                .position(|&c| c == other)
                .expect("a named colour");
            vt100::Color::Idx(i as u8)
        }
    }
}

/// Asserts that the emulator's screen shows `frame`: every cell's text,
/// colours, and bold, dim, italic, underline and reverse.
fn assert_shows(screen: &vt100::Screen, frame: &Buffer, what: &str) {
    for y in 0..frame.area.height {
        for x in 0..frame.area.width {
            let cell = &frame[(x, y)];
            let shown = screen.cell(y, x).expect("a cell on screen");
            if shown.is_wide_continuation() {
                continue;
            }
            let text = match shown.contents() {
                "" => " ",
                text => text,
            };
            let modifier = cell.modifier;
            let expected = (
                cell.symbol(),
                vt_colour(cell.fg),
                vt_colour(cell.bg),
                [
                    modifier.contains(Modifier::BOLD),
                    modifier.contains(Modifier::DIM),
                    modifier.contains(Modifier::ITALIC),
                    modifier.contains(Modifier::UNDERLINED),
                    modifier.contains(Modifier::REVERSED),
                ],
            );
            let got = (
                text,
                shown.fgcolor(),
                shown.bgcolor(),
                [
                    shown.bold(),
                    shown.dim(),
                    shown.italic(),
                    shown.underline(),
                    shown.inverse(),
                ],
            );
            assert_eq!(
                got,
                expected,
                "{what}: cell ({x}, {y}); the screen:\n{}\nthe frame:\n{}",
                screen.contents(),
                still::text(frame)
            );
        }
    }
}

/// Plays a headless cast through a terminal emulator of its size and
/// checks that each step's event leaves on screen exactly the frame the UI
/// draws at that step, at the steady pace asked for.
fn check_cast(
    args: &[&str],
    (n, symmetry): (u8, bool),
    from: u64,
    size: (u16, u16),
    speed: f64,
) -> App<Queens> {
    let output = run(args);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        crate::stderr_text(&output)
    );
    let (header, events) = read_cast(&output.stdout);
    assert_eq!((header.width, header.height), size, "{args:?}");
    let rows = NonZeroU16::new(size.1).expect("a screen size");
    let cols = NonZeroU16::new(size.0).expect("a screen size");
    let mut terminal = vt100::Parser::new(rows, cols, 0);
    let mut app = queens_at(n, symmetry, from);
    let frames = events.len() - 1;
    assert!(frames >= 1, "{args:?}: no frames");
    for (i, (time, event)) in events.iter().enumerate() {
        assert_eq!(*time, i as f64 / speed, "{args:?}: event {i}'s time");
        let Event::Output(data) = event else {
            panic!("{args:?}: event {i} is not output: {event:?}");
        };
        terminal.process(data.as_bytes());
        if i == frames {
            // The last event only holds the last frame on screen, and
            // gives the cursor back.
            let frame = still::draw(&app, size.0, size.1).expect("a frame");
            assert_shows(terminal.screen(), &frame, &format!("{args:?} at the end"));
            assert!(
                !terminal.screen().hide_cursor(),
                "{args:?}: the cursor is hidden at the end"
            );
            break;
        }
        if i > 0 {
            assert!(
                app.timeline.forward(),
                "{args:?}: frame {i} is past the end"
            );
            app.sync();
        }
        let frame = still::draw(&app, size.0, size.1).expect("a frame");
        let what = format!("{args:?} at step {}", app.timeline.step());
        assert_shows(terminal.screen(), &frame, &what);
        assert!(terminal.screen().hide_cursor(), "{what}: the cursor shows");
    }
    app
}

#[test]
fn print_cast_frames_are_the_screens_step_by_step() {
    // The whole of the nine-node trace: 44 frames, steps 0 to 43.
    let app = check_cast(
        &[
            "queens", "4", "--print", "cast", "--from", "0", "--to", "end",
        ],
        (4, true),
        0,
        (80, 24),
        2.0,
    );
    assert!(app.timeline.at_end(), "--to end stops at the end");
    assert_eq!(app.timeline.step(), 43);
    // A stretch in the middle of another search, at another size and pace.
    let args = [
        "queens", "6", "--full", "--print", "cast", "--from", "30", "--to", "75", "--size",
        "100x30", "--rate", "4",
    ];
    let app = check_cast(&args, (6, false), 30, (100, 30), 4.0);
    assert_eq!(app.timeline.step(), 75);
}

#[test]
fn bad_stretches_and_options_exit_2_naming_them() {
    let cast = ["queens", "4", "--print", "cast"];
    for (extra, expected) in [
        (&["--from", "44"][..], "--from 44 is past the end"),
        (&["--to", "44"], "--to 44 is past the end"),
        (&["--from", "9", "--to", "3"], "--from 9 is after --to 3"),
        (&["--to", "last"], "'last'"),
        (&["--from", "-1"], "'-1'"),
        (&["--rate", "0"], "from 0.001 to 1000000"),
        (&["--rate", "1e-320"], "from 0.001 to 1000000"),
        (&["--rate", "fast"], "'fast'"),
        // replay's --speed is a multiplier, not a cast's steps a second.
        (&["--speed", "4"], "--rate S, steps a second"),
        (&["--size", "0x24"], "the width '0'"),
        (&["--size", "80"], "expected WxH"),
    ] {
        let args: Vec<&str> = cast.iter().chain(extra).copied().collect();
        let output = run(&args);
        let stderr = crate::stderr_text(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?} wrote a partial cast");
    }
    // The stretch options belong to --print cast only.
    for args in [
        &["queens", "4", "--print", "trace", "--from", "3"][..],
        &["queens", "4", "--print", "summary", "--size", "100x30"],
        &["queens", "4", "--record", "x.cast", "--print", "trace"],
    ] {
        let output = run(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn replay_refuses_a_malformed_cast_naming_the_line() {
    let good = run(&["queens", "4", "--print", "cast", "--to", "5"]).stdout;
    let text = String::from_utf8(good).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let broken = |at: usize, with: &str| {
        let mut lines = lines.clone();
        lines[at - 1] = with;
        lines.join("\n")
    };
    let long = format!(r#"[1.0, "o", "{}"]"#, "x".repeat(5 << 20));
    for (name, text, expected) in [
        ("empty.cast", String::new(), "line 1:"),
        (
            "v1.cast",
            broken(1, r#"{"version": 1, "width": 80, "height": 24}"#),
            "line 1:",
        ),
        ("code.cast", broken(3, r#"[0.5, "x", "a"]"#), "line 3:"),
        ("cut.cast", broken(4, r#"[1.0, "o", "\u001b[1;"#), "line 4:"),
        ("back.cast", broken(5, r#"[0.1, "o", "a"]"#), "line 5:"),
        (
            "resize.cast",
            broken(6, r#"[9.0, "r", "80 by 24"]"#),
            "line 6:",
        ),
        (
            "long.cast",
            broken(3, &long),
            "line 3: longer than the limit of 4 MiB",
        ),
    ] {
        let path = scratch(&format!("hE-{name}"));
        std::fs::write(&path, text).unwrap();
        // The content is read only once a terminal is there to play on.
        let err = backstep::ui::replay::check(&path).unwrap_err();
        let message = format!("{err:#}");
        assert!(message.contains(expected), "{name}: {message}");
        assert!(message.contains(name), "{name}: {message}");
    }
    let output = run(&["replay", "no-such.cast"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = crate::stderr_text(&output);
    assert!(
        stderr.contains("the recording \"no-such.cast\" does not exist"),
        "{stderr}"
    );
    // A valid cast needs a terminal to play on, and so does a bad one:
    // the terminal is checked before the file is read.
    for name in ["hE-good.cast", "hE-code.cast"] {
        let path = scratch(name);
        std::fs::write(&path, &text).unwrap();
        let output = run(&["replay", path.to_str().unwrap()]);
        assert_eq!(output.status.code(), Some(2));
        assert!(crate::stderr_text(&output).contains("not a terminal"));
    }
}

/// A malformed cast on a terminal: one message naming the file (escaped)
/// and the line, on the normal screen (the file is read before the
/// terminal is taken over). A recording that cannot be written is named
/// escaped too.
#[test]
fn replay_on_a_terminal_names_the_bad_line_before_taking_the_screen() {
    let path = scratch("hB-bad-\u{1b}[31m-line.cast");
    std::fs::write(
        &path,
        "{\"version\": 2, \"width\": 80, \"height\": 24}\n[0.5, \"x\", \"a\"]\n",
    )
    .unwrap();
    let mut session = Session::spawn(&["replay", path.to_str().unwrap()]);
    session.wait_for("line 2:");
    let exit = session.wait_exit();
    assert_eq!(exit.exit_code(), 2);
    let screen = session.screen.screen();
    assert!(!screen.alternate_screen());
    assert!(
        screen.contents().contains("hB-bad-\\u{1b}[31m-line.cast"),
        "{}",
        screen.contents()
    );
    let mut session = Session::spawn(&["queens", "4", "--record", "no-such-\u{1b}[31m/x.cast"]);
    session.wait_for("cannot write the recording");
    assert_eq!(session.wait_exit().exit_code(), 2);
    let contents = session.screen.screen().contents();
    assert!(
        contents.contains("\"no-such-\\u{1b}[31m/x.cast\""),
        "{contents}"
    );
}

/// Recordings are bounded inputs: a file over the limit (a sparse 3 GB
/// one), a device that never ends, a FIFO with no writer and a folder each
/// end at once with one message naming what the path is, before anything
/// is read (so also before the terminal check).
#[test]
fn replay_refuses_huge_and_special_files_at_once() {
    let huge = scratch("hB-huge.cast");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(3 << 30)
        .unwrap();
    let fifo = scratch("hB-fifo.cast");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let folder = Path::new(env!("CARGO_TARGET_TMPDIR"));
    for (path, says) in [
        (
            huge.as_path(),
            "is 3221225472 bytes, over the limit of 1 GiB",
        ),
        (
            Path::new("/dev/zero"),
            "\"/dev/zero\" is a device, not a file",
        ),
        (fifo.as_path(), "is a FIFO (named pipe), not a file"),
        (folder, "is a folder, not a file"),
    ] {
        let start = Instant::now();
        let run = crate::errors::run_bounded(&["replay", path.to_str().unwrap()]);
        assert!(start.elapsed() < Duration::from_secs(5), "{path:?}");
        assert_eq!(run.code, Some(2), "{path:?}: {}", run.stderr);
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
        assert!(
            run.stderr.starts_with("backstep: the recording "),
            "{}",
            run.stderr
        );
        assert!(run.stderr.contains(says), "{}", run.stderr);
    }
    let _ = std::fs::remove_file(&huge);
    let _ = std::fs::remove_file(&fifo);
}

const ROWS: u16 = 30;
const COLS: u16 = 100;

/// `backstep` in a pseudo-terminal, its output fed to a vt100 screen.
struct Session {
    child: Box<dyn Child + Send + Sync>,
    _master: Box<dyn MasterPty + Send>,
    keys: Box<dyn Write + Send>,
    output: Receiver<Vec<u8>>,
    screen: vt100::Parser,
}

impl Session {
    fn spawn(args: &[&str]) -> Session {
        let pty = native_pty_system()
            .openpty(PtySize {
                rows: ROWS,
                cols: COLS,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pseudo-terminal");
        let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_backstep"));
        command.args(args);
        command.cwd(env!("CARGO_TARGET_TMPDIR"));
        command.env("TERM", "xterm-256color");
        command.env_remove("NO_COLOR");
        let child = pty.slave.spawn_command(command).expect("backstep starts");
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().expect("a pty reader");
        let (send, output) = mpsc::channel();
        thread::spawn(move || {
            let mut chunk = [0u8; 8192];
            while let Ok(n @ 1..) = reader.read(&mut chunk) {
                if send.send(chunk[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        let keys = pty.master.take_writer().expect("a pty writer");
        let size = |n| NonZeroU16::new(n).expect("a screen size");
        Session {
            child,
            _master: pty.master,
            keys,
            output,
            screen: vt100::Parser::new(size(ROWS), size(COLS), 0),
        }
    }

    /// Waits until the screen shows `text`; fails with the screen.
    fn wait_for(&mut self, text: &str) {
        let start = Instant::now();
        while !self.screen.screen().contents().contains(text) {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "timed out waiting for {text:?}; the screen:\n{}",
                self.screen.screen().contents()
            );
            if let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(20)) {
                self.screen.process(&bytes);
            }
        }
    }

    fn send(&mut self, keys: &str) {
        self.keys.write_all(keys.as_bytes()).expect("keys sent");
        self.keys.flush().expect("keys flushed");
    }

    fn wait_exit(&mut self) -> ExitStatus {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("the child's status") {
                // What it wrote last (leaving the alternate screen) may
                // still be on its way from the reader thread: take it all,
                // until the output ends or pauses.
                while let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(500)) {
                    self.screen.process(&bytes);
                }
                return status;
            }
            assert!(start.elapsed() < Duration::from_secs(20), "no exit");
            if let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(20)) {
                self.screen.process(&bytes);
            }
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The screen a cast leaves, played through a terminal of its size.
fn played(path: &Path) -> (Header, String) {
    let bytes = std::fs::read(path).expect("the recording exists");
    let (header, events) = read_cast(&bytes);
    let size = |n| NonZeroU16::new(n).expect("a screen size");
    let mut terminal = vt100::Parser::new(size(header.height), size(header.width), 0);
    for (_, event) in events {
        if let Event::Output(data) = event {
            terminal.process(data.as_bytes());
        }
    }
    (header, terminal.screen().contents())
}

/// Records a session, steps it to the reject at step 3, ends it with
/// `end`, and checks that the cast is whole and replays to the screen the
/// terminal showed.
fn record_and_end(name: &str, end: impl FnOnce(&mut Session), status: Option<u32>) {
    let path = scratch(name);
    let mut session = Session::spawn(&[
        "queens",
        "4",
        "--record",
        path.to_str().expect("a path in UTF-8"),
    ]);
    session.wait_for("N-Queens n=4");
    session.send("lll");
    session.wait_for("reject (1,1)");
    session.wait_for("step      3");
    // Idle redraws change no cell, so this is the screen at the end.
    thread::sleep(Duration::from_millis(200));
    while let Ok(bytes) = session.output.try_recv() {
        session.screen.process(&bytes);
    }
    let shown = session.screen.screen().contents();
    end(&mut session);
    let exit = session.wait_exit();
    assert_eq!(exit.exit_code(), status.unwrap_or(0), "{name}: {exit:?}");
    let (header, replayed) = played(&path);
    assert_eq!((header.width, header.height), (COLS, ROWS), "{name}");
    assert!(header.timestamp.is_some(), "{name}: a recording is dated");
    assert_eq!(
        replayed, shown,
        "{name}: the cast replays to the last screen"
    );
}

#[test]
fn a_recording_is_whole_after_q_and_after_sigterm() {
    record_and_end("hE-quit.cast", |session| session.send("q"), None);
    record_and_end("hE-ctrl-c.cast", |session| session.send("\u{3}"), None);
    let sigterm = |session: &mut Session| {
        let pid = session.child.process_id().expect("a pid");
        let sent = Command::new("kill")
            .args(["-TERM", &pid.to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
    };
    record_and_end("hE-term.cast", sigterm, Some(128 + 15));
}

#[test]
fn replay_plays_a_cast_to_its_last_screen_and_leaves_on_a_key() {
    let path = scratch("hE-replay.cast");
    let output = run(&["queens", "4", "--print", "cast", "--size", "100x30"]);
    assert!(output.status.success());
    std::fs::write(&path, &output.stdout).unwrap();
    let last = still::text(&still::draw(&queens_at(4, true, 43), COLS, ROWS).unwrap());
    let mut session = Session::spawn(&["replay", path.to_str().unwrap(), "--speed", "40"]);
    session.wait_for("step      43 / 43");
    let screen = session.screen.screen();
    assert!(
        screen.alternate_screen(),
        "replay plays on the alternate screen"
    );
    let shown: Vec<String> = (0..ROWS)
        .map(|y| {
            screen
                .rows(0, COLS)
                .nth(usize::from(y))
                .unwrap()
                .trim_end()
                .to_string()
        })
        .collect();
    assert_eq!(shown.join("\n") + "\n", last);
    // It holds the last screen until a key, then restores the terminal.
    thread::sleep(Duration::from_millis(300));
    assert!(session.child.try_wait().unwrap().is_none(), "it left early");
    session.send("x");
    assert!(session.wait_exit().success());
    let screen = session.screen.screen();
    assert!(!screen.alternate_screen(), "the alternate screen was left");
    assert!(!screen.hide_cursor(), "the cursor was left hidden");
}

#[test]
fn cast_check_counts_the_events_of_a_headless_cast() {
    let output = run(&["queens", "4", "--print", "cast", "--rate", "4"]);
    let (header, count, end) = cast::check(&output.stdout[..]).unwrap();
    assert_eq!((header.width, header.height), still::DEFAULT_SIZE);
    // Steps 0 to 43, then the hold.
    assert_eq!(count, 45);
    assert_eq!(end, 44.0 / 4.0);
}
