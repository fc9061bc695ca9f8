//! The real binary in a pseudo-terminal: it opens, steps, goes back, quits
//! (with `q`, Ctrl-C, or SIGTERM, SIGHUP or SIGINT from outside), and leaves
//! the terminal as it found it. Its output is fed to a vt100
//! parser, which plays the part of the terminal emulator.
//!
//! Nothing here sleeps for a fixed time: every wait polls for what it
//! expects and gives up after a generous deadline, so the test is quick when
//! things work and fails with the screen's contents when they do not.

#![cfg(unix)]

use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, ExitStatus, MasterPty, PtySize, native_pty_system};

const ROWS: NonZeroU16 = NonZeroU16::new(30).unwrap();
const COLS: NonZeroU16 = NonZeroU16::new(100).unwrap();
/// How long any one expected change may take before the test fails. Far
/// above what a debug build needs, so that a busy machine does not fail it.
const DEADLINE: Duration = Duration::from_secs(20);

/// A running `backstep` in a pseudo-terminal, and the screen it drew.
struct Session {
    child: Box<dyn Child + Send + Sync>,
    master: Box<dyn MasterPty + Send>,
    keys: Box<dyn Write + Send>,
    output: Receiver<Vec<u8>>,
    screen: vt100::Parser,
    /// Set once the pty reported the end of the output (every copy of its
    /// other side closed: the program and its children are gone).
    closed: bool,
    /// Every byte the program wrote, for sequences the screen does not keep.
    seen: Vec<u8>,
}

impl Session {
    fn spawn(args: &[&str]) -> Session {
        Session::spawn_with(args, &[])
    }

    /// Spawns `backstep args` with the environment variables `env` set.
    fn spawn_with(args: &[&str], env: &[(&str, &str)]) -> Session {
        let pty = native_pty_system()
            .openpty(PtySize {
                rows: ROWS.get(),
                cols: COLS.get(),
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pseudo-terminal");
        // The baseline the program must restore.
        assert!(cooked(&*pty.master), "a fresh pty starts in cooked mode");
        let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_backstep"));
        command.args(args);
        command.cwd(env!("CARGO_TARGET_TMPDIR"));
        command.env("TERM", "xterm-256color");
        command.env_remove("NO_COLOR");
        command.env_remove("BACKSTEP_NO_MOUSE");
        for (name, value) in env {
            command.env(name, value);
        }
        let child = pty.slave.spawn_command(command).expect("backstep starts");
        // Our copy of the terminal side must close, or reading would never
        // see the end of the output after the program exits.
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().expect("a pty reader");
        let (send, output) = mpsc::channel();
        thread::spawn(move || {
            let mut chunk = [0u8; 8192];
            // Linux reports the closed side as an error (EIO), others as 0.
            while let Ok(n @ 1..) = reader.read(&mut chunk) {
                if send.send(chunk[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        let keys = pty.master.take_writer().expect("a pty writer");
        Session {
            child,
            master: pty.master,
            keys,
            output,
            screen: vt100::Parser::new(ROWS, COLS, 0),
            closed: false,
            seen: Vec::new(),
        }
    }

    fn text(&self) -> String {
        self.screen.screen().contents()
    }

    /// Feeds the output that arrives within `wait` to the screen.
    fn pump(&mut self, wait: Duration) {
        match self.output.recv_timeout(wait) {
            Ok(bytes) => {
                self.screen.process(&bytes);
                self.seen.extend_from_slice(&bytes);
            }
            Err(RecvTimeoutError::Timeout) => return,
            Err(RecvTimeoutError::Disconnected) => {
                self.closed = true;
                return;
            }
        }
        while let Ok(bytes) = self.output.try_recv() {
            self.screen.process(&bytes);
            self.seen.extend_from_slice(&bytes);
        }
    }

    /// Waits until the screen satisfies `ready`; fails with the screen.
    fn wait_for(&mut self, what: &str, ready: impl Fn(&vt100::Screen) -> bool) {
        let start = Instant::now();
        while !ready(self.screen.screen()) {
            if self.closed {
                panic!(
                    "backstep stopped before {what}; the screen:\n{}",
                    self.text()
                );
            }
            if start.elapsed() > DEADLINE {
                panic!("timed out waiting for {what}; the screen:\n{}", self.text());
            }
            self.pump(Duration::from_millis(20));
        }
    }

    fn wait_for_text(&mut self, text: &str) {
        self.wait_for(&format!("{text:?}"), |screen| {
            screen.contents().contains(text)
        });
    }

    fn send(&mut self, keys: &str) {
        self.keys.write_all(keys.as_bytes()).expect("keys sent");
        self.keys.flush().expect("keys flushed");
    }

    /// Waits for the program to exit, then for the last of its output.
    fn wait_exit(&mut self, within: Duration) -> ExitStatus {
        let start = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("the child's status") {
                break status;
            }
            if start.elapsed() > within {
                panic!(
                    "backstep did not exit within {within:?}; the screen:\n{}",
                    self.text()
                );
            }
            self.pump(Duration::from_millis(20));
        };
        while !self.closed {
            if start.elapsed() > DEADLINE {
                panic!("the pty never reported the end of the output");
            }
            self.pump(Duration::from_millis(20));
        }
        status
    }

    fn cooked(&self) -> bool {
        cooked(&*self.master)
    }
}

/// The terminal's line discipline flags, by name. Read through the master
/// side, which on Linux reports the terminal side's settings.
fn local_flags(master: &dyn MasterPty) -> Vec<String> {
    let termios = master.get_termios().expect("the terminal's settings");
    // Named through Debug, to avoid depending on `nix` for the flag type.
    format!("{:?}", termios.local_flags)
        .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
        .filter(|word| !word.is_empty())
        .map(str::to_string)
        .collect()
}

/// Whether the terminal is in its normal (cooked) mode: `ICANON` and `ECHO`
/// are on there, and off in raw mode.
fn cooked(master: &dyn MasterPty) -> bool {
    let flags = local_flags(master);
    flags.iter().any(|f| f == "ICANON") && flags.iter().any(|f| f == "ECHO")
}

impl Drop for Session {
    /// A failed test must not leave the program running.
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Whether the counters panel's step line says `step` (`step      3`, with
/// the total after it once the end of the search is known).
fn step_line(step: u64) -> impl Fn(&vt100::Screen) -> bool {
    let counter = format!("step      {step}");
    move |screen: &vt100::Screen| {
        let screen = screen.contents();
        screen.match_indices(&counter).any(|(at, _)| {
            let next = screen[at + counter.len()..].chars().next();
            !next.is_some_and(|c| c.is_ascii_digit())
        })
    }
}

#[test]
fn opens_steps_goes_back_and_quits_cleanly() {
    let mut session = Session::spawn(&[]);

    // It opens on 4-Queens with symmetry, at step 0, on the alternate
    // screen, in raw mode, with the cursor hidden.
    session.wait_for_text("N-Queens n=4");
    session.wait_for("step 0", step_line(0));
    assert!(session.text().contains("symmetry"), "{}", session.text());
    assert!(session.screen.screen().alternate_screen());
    // ratatui hides the cursor just after it writes a frame.
    session.wait_for("the cursor to be hidden", vt100::Screen::hide_cursor);
    assert!(!session.cooked(), "the UI runs in raw mode");

    // Three steps: place (0,0), then two rejects in row 1.
    session.send("l");
    session.wait_for("step 1", step_line(1));
    session.wait_for_text("place (0,0)");
    session.send("ll");
    session.wait_for("step 3", step_line(3));
    session.wait_for_text("reject (1,1)");

    // Back one: step 2, and the log ends at the reject of (1,0).
    session.send("h");
    session.wait_for("step 2", step_line(2));
    session.wait_for("the log to end at step 2", |screen| {
        let screen = screen.contents();
        screen.contains("reject (1,0)") && !screen.contains("reject (1,1)")
    });

    // Quit: exit status 0, back on the main screen, cursor shown, cooked.
    session.send("q");
    let status = session.wait_exit(Duration::from_secs(5));
    assert!(status.success(), "exit status {status:?}");
    let screen = session.screen.screen();
    assert!(
        !screen.alternate_screen(),
        "the alternate screen was not left"
    );
    assert!(!screen.hide_cursor(), "the cursor was left hidden");
    assert!(
        session.cooked(),
        "raw mode was left on: {:?}",
        local_flags(&*session.master)
    );
}

#[test]
fn refuses_to_draw_when_stdout_is_not_a_terminal() {
    for args in [&[][..], &["queens", "8", "--full"], &["sudoku", "inkala"]] {
        let output = crate::backstep(args);
        let stderr = crate::stderr_text(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains("--print"), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?} drew on a pipe");
    }
}

/// The checks above can fail: a program killed before it restores the
/// terminal leaves it raw, on the alternate screen, with the cursor hidden,
/// and the same checks see each of these.
#[test]
fn the_checks_see_a_terminal_left_in_raw_mode() {
    let mut session = Session::spawn(&[]);
    session.wait_for_text("N-Queens n=4");
    session.wait_for("the cursor to be hidden", vt100::Screen::hide_cursor);
    // SIGKILL, which no program can catch to restore the terminal.
    let pid = session.child.process_id().expect("the child's pid");
    let killed = std::process::Command::new("kill")
        .args(["-KILL", &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let status = session.wait_exit(Duration::from_secs(5));
    assert!(!status.success());
    let screen = session.screen.screen();
    assert!(screen.alternate_screen());
    assert!(screen.hide_cursor());
    assert!(!session.cooked());
}

/// The signals a terminal program is told to stop with, by name and number.
const SIGNALS: [(&str, i32); 3] = [("TERM", 15), ("HUP", 1), ("INT", 2)];

/// Sends the signal `name` (as `kill -NAME`) to the session's program.
fn send_signal(session: &mut Session, name: &str) {
    let pid = session.child.process_id().expect("the child's pid");
    let sent = std::process::Command::new("kill")
        .args([&format!("-{name}"), &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success(), "kill -{name} {pid}");
}

/// Asserts that the program left the terminal as it found it: the main
/// screen, the cursor shown, cooked mode, and no mouse reporting.
fn assert_restored(session: &Session, what: &str) {
    let screen = session.screen.screen();
    assert!(
        !screen.alternate_screen(),
        "{what}: the alternate screen was not left"
    );
    assert!(!screen.hide_cursor(), "{what}: the cursor was left hidden");
    assert!(
        session.cooked(),
        "{what}: raw mode was left on: {:?}",
        local_flags(&*session.master)
    );
    assert_eq!(
        screen.mouse_protocol_mode(),
        vt100::MouseProtocolMode::None,
        "{what}: mouse capture was left on"
    );
}

/// Opens `args`, waits for `ready` on screen (and, with `mouse`, for mouse
/// capture), sends each terminating signal in turn to a fresh process, and
/// checks that the terminal is restored and the exit status is 128 + the
/// signal's number, as a shell reports a program killed by it.
fn signals_restore_the_terminal(args: &[&str], ready: &str, mouse: bool) {
    for (name, number) in SIGNALS {
        let what = format!("{args:?} on SIG{name}");
        let mut session = Session::spawn(args);
        session.wait_for_text(ready);
        session.wait_for("the cursor to be hidden", vt100::Screen::hide_cursor);
        assert!(session.screen.screen().alternate_screen());
        assert!(!session.cooked(), "the UI runs in raw mode");
        if mouse {
            session.wait_for("mouse capture", |screen| {
                screen.mouse_protocol_mode() != vt100::MouseProtocolMode::None
            });
        }
        send_signal(&mut session, name);
        let status = session.wait_exit(Duration::from_secs(5));
        assert_restored(&session, &what);
        assert_eq!(
            status.exit_code(),
            128 + number as u32,
            "{what}: exit status {status:?}"
        );
    }
}

#[test]
fn signals_restore_the_terminal_on_the_main_screen() {
    signals_restore_the_terminal(&[], "N-Queens n=4", true);
}

#[test]
fn signals_restore_the_terminal_on_the_compare_screen() {
    signals_restore_the_terminal(&["compare", "queens", "6"], "nodes so far", false);
}

#[test]
fn signals_restore_the_terminal_on_the_play_screen() {
    signals_restore_the_terminal(&["queens", "6", "--play"], "6", true);
}

/// A signal also gets through while a long `G` keeps the loop working.
#[test]
fn a_signal_during_a_long_job_restores_the_terminal() {
    let mut session = Session::spawn(&["queens", "16", "--full"]);
    session.wait_for_text("N-Queens n=16");
    session.send("G");
    session.wait_for_text("the end");
    send_signal(&mut session, "TERM");
    let status = session.wait_exit(Duration::from_secs(5));
    assert_eq!(status.exit_code(), 128 + 15, "exit status {status:?}");
    assert_restored(&session, "SIGTERM during G");
}

/// Ctrl-C quits from the jump prompt, the terminal restored, status 0; Esc
/// before it cancelled the prompt without quitting.
#[test]
fn ctrl_c_quits_from_a_prompt_and_esc_does_not_quit() {
    let mut session = Session::spawn(&[]);
    session.wait_for("step 0", step_line(0));
    session.send("ll");
    session.wait_for("step 2", step_line(2));
    // Esc with nothing open does nothing: a step after it still works.
    session.send("\x1b");
    session.send("l");
    session.wait_for("step 3 after esc", step_line(3));
    session.send(":12");
    session.wait_for_text("12");
    // Ctrl-C is byte 3 in raw mode (no SIGINT: the UI turned ISIG off).
    session.send("\x03");
    let status = session.wait_exit(Duration::from_secs(5));
    assert!(status.success(), "exit status {status:?}");
    assert_restored(&session, "ctrl-c at the prompt");
}

/// While `G` works flat out, keys still get through: `Esc` cancels the job
/// (the loop never sleeps while working, but looks for keys every frame).
#[test]
fn esc_cancels_a_long_job_and_q_then_quits() {
    let mut session = Session::spawn(&["queens", "16", "--full"]);
    session.wait_for_text("N-Queens n=16");
    session.send("G");
    session.wait_for_text("the end");
    session.send("\x1b");
    session.wait_for_text("cancelled");
    session.send("q");
    let status = session.wait_exit(Duration::from_secs(5));
    assert!(status.success(), "exit status {status:?}");
    assert_restored(&session, "q after esc");
}

/// The main screen captures the mouse: a click (SGR, as xterm and tmux send
/// it) on a trace-table row jumps to the step that entered that node, and
/// `q` switches the capture off again: the disable sequence comes after the
/// last enable.
#[test]
fn a_click_jumps_and_quitting_releases_the_mouse() {
    let mut session = Session::spawn(&[]);
    session.wait_for_text("N-Queens n=4");
    session.wait_for("mouse capture", |screen| {
        screen.mouse_protocol_mode() != vt100::MouseProtocolMode::None
    });
    // To the end, then the trace table of every node.
    session.send("G");
    session.wait_for_text("end:");
    session.send("t");
    session.wait_for_text("node  prefix");
    // The rows may arrive after the header: wait for node 2's.
    session.wait_for("the row of node 2", |screen| {
        screen
            .contents()
            .lines()
            .any(|line| line.starts_with("│2 "))
    });
    // Node 2 is the queen at (0,0): placed at step 1.
    let text = session.text();
    let (y, line) = text
        .lines()
        .enumerate()
        .find(|(_, line)| line.starts_with("│2 "))
        .unwrap_or_else(|| panic!("no row for node 2:\n{text}"));
    assert!(line.contains("[0]"), "{line}");
    let (x, y) = (3, y + 1);
    session.send(&format!("\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m"));
    session.wait_for("step 1 after the click", step_line(1));
    session.send("q");
    let status = session.wait_exit(Duration::from_secs(5));
    assert!(status.success(), "exit status {status:?}");
    assert_restored(&session, "q after a click");
    let seen = String::from_utf8_lossy(&session.seen);
    let on = seen
        .rfind("\x1b[?1000h")
        .expect("mouse capture switched on");
    let off = seen
        .rfind("\x1b[?1000l")
        .expect("mouse capture switched off");
    assert!(
        off > on,
        "the mouse was switched off before the last switch on"
    );
}

/// Whether the program's process is stopped (state `T` in /proc), as a
/// shell's job is after Ctrl-Z.
fn stopped(session: &Session) -> bool {
    let pid = session.child.process_id().expect("the child's pid");
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The state follows the command's name in parentheses.
    stat.rsplit_once(')')
        .and_then(|(_, rest)| rest.split_whitespace().next())
        .is_some_and(|state| state == "T" || state == "t")
}

/// Stops the session with `stop` (Ctrl-Z, or a signal from outside), checks
/// that the terminal is restored while it is stopped and the shell's screen
/// is back, then continues it and checks that it took the terminal back and
/// drew its whole screen again (a diff against the last frame would draw
/// nothing: the state did not change), and still answers keys.
fn suspends_and_resumes(args: &[&str], ready: &str, mouse: bool, stop: impl Fn(&mut Session)) {
    let mut session = Session::spawn(args);
    // Something on the shell's screen before the UI opens.
    session.screen.process(b"$ backstep\r\n");
    session.wait_for_text(ready);
    session.wait_for("the cursor to be hidden", vt100::Screen::hide_cursor);
    if mouse {
        session.wait_for("mouse capture", |screen| {
            screen.mouse_protocol_mode() != vt100::MouseProtocolMode::None
        });
    }
    stop(&mut session);
    let start = Instant::now();
    while !stopped(&session) {
        assert!(
            start.elapsed() < DEADLINE,
            "never stopped:\n{}",
            session.text()
        );
        session.pump(Duration::from_millis(20));
    }
    session.pump(Duration::from_millis(50));
    assert_restored(&session, &format!("{args:?} stopped"));
    assert!(session.text().contains("$ backstep"), "{}", session.text());
    assert!(!session.text().contains(ready), "{}", session.text());

    send_signal(&mut session, "CONT");
    session.wait_for(
        "the alternate screen again",
        vt100::Screen::alternate_screen,
    );
    session.wait_for_text(ready);
    session.wait_for("the cursor hidden again", vt100::Screen::hide_cursor);
    if mouse {
        session.wait_for("mouse capture again", |screen| {
            screen.mouse_protocol_mode() != vt100::MouseProtocolMode::None
        });
    }
    assert!(!session.cooked(), "raw mode again after SIGCONT");
    assert!(!stopped(&session));
    session.send("q");
    let status = session.wait_exit(Duration::from_secs(5));
    assert!(status.success(), "exit status {status:?}");
    assert_restored(&session, &format!("{args:?} q after fg"));
}

/// Ctrl-Z (byte 26 in raw mode, where the terminal sends no SIGTSTP)
/// suspends the main screen like vim and less, and SIGCONT (`fg`) draws it
/// again whole, at the step it was at.
#[test]
fn ctrl_z_suspends_and_sigcont_redraws() {
    suspends_and_resumes(&["queens", "5"], "N-Queens n=5", true, |session| {
        session.send("ll");
        session.wait_for("step 2", step_line(2));
        session.send("\x1a");
    });
}

/// A SIGTSTP from outside suspends as Ctrl-Z does, on the compare screen
/// (no mouse) and on the play screen.
#[test]
fn an_outside_sigtstp_suspends_every_screen() {
    let tstp = |session: &mut Session| send_signal(session, "TSTP");
    suspends_and_resumes(&["queens", "5"], "N-Queens n=5", true, tstp);
    suspends_and_resumes(&["compare", "queens", "6"], "nodes so far", false, tstp);
    suspends_and_resumes(&["queens", "6", "--play"], "6", true, |session| {
        session.send("\x1a");
    });
}

/// Ctrl-Z suspends a replay as it does the live screen (the terminal
/// given back while stopped), and `fg` writes the recording's screen again
/// (its title, under the replay's banner) and plays on; a SIGTSTP from
/// outside does the same.
#[test]
fn ctrl_z_suspends_a_replay_and_fg_draws_it_again() {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("hB-suspend.cast");
    // One row short of the terminal, so that the banner goes under it.
    let cast = std::process::Command::new(env!("CARGO_BIN_EXE_backstep"))
        .args(["queens", "4", "--print", "cast", "--size", "100x29"])
        .output()
        .expect("backstep runs");
    assert!(cast.status.success());
    std::fs::write(&path, &cast.stdout).expect("the cast is written");
    let file = path.to_str().expect("a UTF-8 path");
    suspends_and_resumes(&["replay", file], "N-Queens n=4", false, |session| {
        session.wait_for_text("replay · hB-suspend.cast");
        session.send("\x1a");
    });
    let tstp = |session: &mut Session| send_signal(session, "TSTP");
    suspends_and_resumes(&["replay", file], "N-Queens n=4", false, tstp);
}

/// After SIGCONT the step the screen was at is still on it: the search was
/// not reset, and a step after `fg` goes on from there.
#[test]
fn after_fg_the_screen_goes_on_from_where_it_was() {
    let mut session = Session::spawn(&[]);
    session.wait_for("step 0", step_line(0));
    session.send("lll");
    session.wait_for("step 3", step_line(3));
    session.send("\x1a");
    let start = Instant::now();
    while !stopped(&session) {
        assert!(start.elapsed() < DEADLINE, "never stopped");
        session.pump(Duration::from_millis(20));
    }
    send_signal(&mut session, "CONT");
    session.wait_for("step 3 drawn again", step_line(3));
    session.send("l");
    session.wait_for("step 4", step_line(4));
    session.send("q");
    assert!(session.wait_exit(Duration::from_secs(5)).success());
}

/// `--no-mouse`, or BACKSTEP_NO_MOUSE=1, leaves the mouse to the terminal:
/// no mouse-reporting sequence is ever written (the check can fail: the
/// same run without either writes `ESC [?1000h`, see
/// `a_click_jumps_and_quitting_releases_the_mouse`).
#[test]
fn no_mouse_never_switches_mouse_reporting_on() {
    /// A command line and the environment variables it runs with.
    type Run<'a> = (&'a [&'a str], &'a [(&'a str, &'a str)]);
    let runs: [Run; 4] = [
        (&["--no-mouse"], &[]),
        (&[], &[("BACKSTEP_NO_MOUSE", "1")]),
        (&["queens", "6", "--play", "--no-mouse"], &[]),
        (&[], &[]),
    ];
    for (args, env) in runs {
        let mut session = Session::spawn_with(args, env);
        // ratatui hides the cursor just after it writes the first frame.
        session.wait_for("the cursor to be hidden", vt100::Screen::hide_cursor);
        session.send("l");
        session.send("q");
        let status = session.wait_exit(Duration::from_secs(5));
        assert!(status.success(), "{args:?} {env:?}: exit status {status:?}");
        let seen = String::from_utf8_lossy(&session.seen);
        let captured = ["\x1b[?1000h", "\x1b[?1002h", "\x1b[?1003h", "\x1b[?1006h"]
            .iter()
            .any(|on| seen.contains(on));
        let wanted = args.is_empty() && env.is_empty();
        assert_eq!(captured, wanted, "{args:?} {env:?}: mouse reporting");
    }
}

/// `check --open` opens the search at the trace's first difference, the
/// student's event beside the expected one, and quits cleanly.
#[test]
fn check_open_shows_the_first_difference() {
    let trace = crate::backstep_ok(&["queens", "6", "--bug", "one-diagonal", "--print", "jsonl"]);
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("pty-check-open.jsonl");
    std::fs::write(&path, trace).expect("the trace is written");
    let path = path.to_str().expect("a UTF-8 path");
    let mut session = Session::spawn(&["check", "--open", path, "queens", "6", "--full"]);
    session.wait_for("step 6", step_line(6));
    session.wait_for_text(
        "line 6: yours: place (2,1) | expected: reject (2,1): low diagonal attacks column 1",
    );
    session.send("q");
    let status = session.wait_exit(Duration::from_secs(5));
    assert!(status.success(), "exit status {status:?}");
    assert!(session.cooked());
}

/// A long headless run on a terminal shows one updating progress line on
/// standard error (nodes, rate, share of the estimated tree, time left),
/// and erases it before the summary; `--quiet` shows none.
#[test]
fn a_long_run_shows_its_progress_and_erases_it() {
    let args = ["queens", "14", "--full", "--print", "summary"];
    let mut session = Session::spawn(&args);
    session.wait_for_text("(estimated)");
    let line = session.text();
    assert!(
        line.contains("nodes ") && line.contains("/s") && line.contains("left"),
        "{line}"
    );
    assert!(session.wait_exit(Duration::from_secs(300)).success());
    let text = session.text();
    assert_eq!(
        text.trim(),
        "queens 14 full: solutions=365596, nodes=27358553",
        "the progress line is erased before the summary"
    );
    let mut quiet = Session::spawn(&["queens", "14", "--full", "--print", "summary", "--quiet"]);
    assert!(quiet.wait_exit(Duration::from_secs(300)).success());
    assert!(
        !String::from_utf8_lossy(&quiet.seen).contains("nodes "),
        "--quiet"
    );
}
