//! The terminal UI's costs: drawing one frame, and running a whole search
//! from the UI.
//!
//! - `frame/<board>/draw`: one `Terminal::draw` of an unchanged screen into a
//!   `TestBackend`, the steady cost of a frame while paused: every panel is
//!   laid out and rendered, and the buffer is compared with the last one.
//! - `frame/<board>/repaint`: the same after `Terminal::clear`, so that every
//!   cell is also written to the backend, as after a resize.
//!   Boards: 16-Queens (100x30, the largest N-Queens board), Sudoku inkala
//!   (9x9) and an 8x8 Word Search board, each mid-search. Target: under 1 ms.
//! - `run/queens-12-full/*`: `queens 12 --full` (every event, rejects
//!   included) to its end from a fresh UI: `enter` at the highest speed,
//!   ticking and drawing a frame as the event loop does; or `G` (to the end),
//!   ticking until the job is done. Target: under 1 s.
//! - `G` through the real event loop: the release binary in a
//!   pseudo-terminal on `queens 13 --full` (66,206,855 events), from the key
//!   until the screen shows the end, against the timeline's own time for the
//!   same events (an `End` job worked in one go), interleaved rounds in one
//!   run. Target: within 1.5x.
//!
//! Run with `cargo bench --bench ui`; `BACKSTEP_SUMMARY_ONLY=1` runs only the
//! event loop comparison.

use std::hint::black_box;
use std::io::{Read, Write};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use backstep::input;
use backstep::search::Search;
use backstep::search::queens::{Queens, QueensOptions};
use backstep::search::sudoku::{Order, Sudoku, SudokuOptions};
use backstep::search::word::{WordOptions, WordSearch};
use backstep::timeline::{Goal, Progress, Timeline};
use backstep::ui::app::{App, SPEEDS};
use backstep::ui::keys::Action;
use backstep::ui::render;
use backstep::ui::scene::Scene;
use backstep::ui::theme::Theme;
use criterion::{Criterion, SamplingMode};
use portable_pty::{CommandBuilder, PtySize, native_pty_system};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

const SIZE: (u16, u16) = (100, 30);
/// A frame's worth of time, as the event loop passes to `tick`.
const FRAME: Duration = Duration::from_millis(16);

/// An 8x8 board over a small alphabet, so that a long word has many partial
/// paths to try and undo (178 events; at step 150 the path is long).
const BOARD_8X8: &str = "ABCDABCD,BCDABCDA,CDABCDAB,DABCDABC,ABCDABCD,BCDABCDA,CDABCDAB,DABCDABE";
const WORD_8X8: &str = "ABCDCBADCBABCDAB";

fn theme() -> Theme {
    Theme::new(true, false)
}

/// Moves the app's timeline to `step`, computing it if needed.
fn seek<S: Scene>(app: &mut App<S>, step: u64) {
    let mut job = app.timeline.start(Goal::Step(step));
    while let Progress::Running { .. } = app.timeline.work(&mut job, 1 << 16) {}
    assert_eq!(
        app.timeline.step(),
        step,
        "the search ends before step {step}"
    );
}

fn queens16() -> App<Queens> {
    let options = QueensOptions {
        n: 16,
        symmetry: true,
        rejects: true,
    };
    let mut app = App::new(Queens::new(options), "queens", theme());
    seek(&mut app, 5_000);
    app
}

fn sudoku9() -> App<Sudoku> {
    let puzzle = input::load_puzzle("inkala").expect("the shipped inkala");
    let options = SudokuOptions {
        order: Order::Mrv,
        rejects: true,
    };
    let mut app = App::new(Sudoku::new(&puzzle.value, options), &puzzle.name, theme());
    seek(&mut app, 300);
    app
}

fn word8x8() -> App<WordSearch> {
    let board = input::load_board(BOARD_8X8).expect("a valid 8x8 board");
    let options = WordOptions {
        inventory: true,
        reverse: true,
        rejects: true,
    };
    let search = WordSearch::new(&board.value, WORD_8X8, options);
    let mut app = App::new(search, &board.name, theme());
    seek(&mut app, 150);
    assert!(
        app.timeline.search().path().len() > 8,
        "a long path at step 150"
    );
    app
}

fn terminal() -> Terminal<TestBackend> {
    Terminal::new(TestBackend::new(SIZE.0, SIZE.1)).expect("a test terminal")
}

/// Benchmarks one board, after checking that the screen really draws the
/// search (not the too-small message).
fn bench_frame<S: Scene>(c: &mut Criterion, name: &str, app: &App<S>) {
    let (w, h) = render::min_size(app);
    assert!(w <= SIZE.0 && h <= SIZE.1, "{name} needs {w}x{h}");
    let mut group = c.benchmark_group(format!("frame/{name}"));
    let mut term = terminal();
    group.bench_function("draw", |b| {
        b.iter(|| {
            term.draw(|frame| render::draw(black_box(app), frame))
                .expect("a frame");
        })
    });
    let mut term = terminal();
    group.bench_function("repaint", |b| {
        b.iter(|| {
            term.clear().expect("a clear");
            term.draw(|frame| render::draw(black_box(app), frame))
                .expect("a frame");
        })
    });
    group.finish();
}

fn queens12_full() -> App<Queens> {
    let options = QueensOptions {
        n: 12,
        symmetry: false,
        rejects: true,
    };
    App::new(Queens::new(options), "queens", theme())
}

/// `enter` at full speed, with a frame drawn after every tick. Returns the
/// number of frames.
fn run_flat_out(term: &mut Terminal<TestBackend>) -> u64 {
    let mut app = queens12_full();
    app.speed = SPEEDS.len() - 1;
    app.act(Action::Run);
    let mut frames = 0;
    while app.running {
        app.tick(FRAME);
        term.draw(|frame| render::draw(&app, frame))
            .expect("a frame");
        frames += 1;
    }
    assert!(app.timeline.at_end());
    assert_eq!(app.timeline.search().counters().solutions, 14_200);
    frames
}

/// `G`, then ticks until the job is done.
fn run_to_end() -> u64 {
    let mut app = queens12_full();
    app.act(Action::End);
    while app.pending.is_some() {
        app.tick(FRAME);
    }
    assert!(app.timeline.at_end());
    assert_eq!(app.timeline.search().counters().solutions, 14_200);
    app.timeline.step()
}

/// Events of `queens 13 --full`, rejects included.
const QUEENS13_FULL: u64 = 66_206_855;

fn queens13_full() -> Queens {
    Queens::new(QueensOptions {
        n: 13,
        symmetry: false,
        rejects: true,
    })
}

/// The timeline alone: an `End` job on `queens 13 --full`, worked in one
/// go, as fast as the timeline goes forward.
fn timeline_to_end() -> Duration {
    let start = Instant::now();
    let mut timeline = Timeline::new(queens13_full());
    let mut job = timeline.start(Goal::End);
    while let Progress::Running { .. } = timeline.work(&mut job, u64::MAX) {}
    let took = start.elapsed();
    assert_eq!(timeline.total(), Some(QUEENS13_FULL));
    took
}

/// The release binary in a 100x30 pseudo-terminal on `queens 13 --full`:
/// the time from sending `G` until the screen shows the end (the job's
/// label gone and the total on screen), read through a vt100 parser.
fn g_through_the_event_loop() -> Duration {
    let pty = native_pty_system()
        .openpty(PtySize {
            rows: SIZE.1,
            cols: SIZE.0,
            pixel_width: 0,
            pixel_height: 0,
        })
        .expect("a pseudo-terminal");
    let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_backstep"));
    command.args(["queens", "13", "--full"]);
    command.env("TERM", "xterm-256color");
    let mut child = pty.slave.spawn_command(command).expect("backstep starts");
    drop(pty.slave);
    let mut reader = pty.master.try_clone_reader().expect("a pty reader");
    let (send, output) = mpsc::channel::<Vec<u8>>();
    std::thread::spawn(move || {
        let mut chunk = [0u8; 8192];
        while let Ok(n @ 1..) = reader.read(&mut chunk) {
            if send.send(chunk[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut keys = pty.master.take_writer().expect("a pty writer");
    let size = |n: u16| std::num::NonZeroU16::new(n).expect("a non-zero size");
    let mut screen = vt100::Parser::new(size(SIZE.1), size(SIZE.0), 0);
    let mut wait_for = |what: &str, ready: &dyn Fn(&str) -> bool| {
        let deadline = Instant::now() + Duration::from_secs(60);
        while !ready(&screen.screen().contents()) {
            assert!(Instant::now() < deadline, "no {what}");
            if let Ok(bytes) = output.recv_timeout(Duration::from_millis(1)) {
                screen.process(&bytes);
                while let Ok(bytes) = output.try_recv() {
                    screen.process(&bytes);
                }
            }
        }
    };
    wait_for("first screen", &|s| s.contains("N-Queens n=13"));
    let start = Instant::now();
    keys.write_all(b"G").expect("G sent");
    keys.flush().expect("G flushed");
    wait_for("job label", &|s| s.contains("the end"));
    wait_for("end of the search", &|s| {
        !s.contains("the end") && s.contains(&QUEENS13_FULL.to_string())
    });
    let took = start.elapsed();
    keys.write_all(b"q").expect("q sent");
    keys.flush().expect("q flushed");
    let status = child.wait().expect("backstep exits");
    assert!(status.success(), "{status:?}");
    took
}

/// `G` through the real event loop against the timeline alone, 3
/// interleaved rounds, the fastest of each.
fn event_loop_summary() {
    let mut alone = Vec::new();
    let mut through = Vec::new();
    for _ in 0..3 {
        alone.push(timeline_to_end());
        through.push(g_through_the_event_loop());
    }
    let (alone, through) = (
        alone.into_iter().min().unwrap_or_default(),
        through.into_iter().min().unwrap_or_default(),
    );
    println!(
        "G on queens 13 --full ({QUEENS13_FULL} events): {:.3} s through the event loop \
         (pty, release binary), {:.3} s the timeline alone: {:.2}x (target 1.5x)",
        through.as_secs_f64(),
        alone.as_secs_f64(),
        through.as_secs_f64() / alone.as_secs_f64()
    );
}

fn main() {
    event_loop_summary();
    if std::env::var_os("BACKSTEP_SUMMARY_ONLY").is_some() {
        return;
    }
    let (q16, s9, w8) = (queens16(), sudoku9(), word8x8());
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .configure_from_args();
    bench_frame(&mut c, "queens-16", &q16);
    bench_frame(&mut c, "sudoku-inkala", &s9);
    bench_frame(&mut c, "word-8x8", &w8);

    let mut group = c.benchmark_group("run/queens-12-full");
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .measurement_time(Duration::from_secs(10));
    let mut term = terminal();
    group.bench_function("enter-flat-out", |b| b.iter(|| run_flat_out(&mut term)));
    group.bench_function("end-job", |b| b.iter(run_to_end));
    group.finish();
    c.final_summary();
}
