//! Integration tests for the engine and the headless command line, in one
//! test binary (one link, one run) with a module per area:
//!
//! - `contract`: the contract every search joins with one line (balanced
//!   place/undo, view restored, clone-and-resume, rejects off, node counts);
//! - `cover`: exact cover and Sudoku as exact cover: references, oracles,
//!   the links restored, bad DLX input;
//! - `golden`: the reference outputs, byte for byte or event for event;
//! - `oracles`: independent brute-force answers the searches must agree with;
//! - `properties`: the EVENTS.md §1 invariants over random inputs (proptest);
//! - `errors`: bad inputs against the real binary.
//! - `fuzz`: random command lines and files against the real binary.
//! - `headless`: the JSON, trace and table writers: canonical JSON text,
//!   the streamed table against the node log, bounded memory, write errors.
//! - `screens`: insta snapshots of the terminal UI drawn into a `TestBackend`;
//! - `compact`: the compact `--order propagate` screen at 80x24 and 100x30;
//! - `sweep`: every screen at every terminal size, fitted and whole;
//! - `layers`: the imports of `src/` flow down the layers, no circle;
//! - `layout`: what the screens draw checked against the searches: whole
//!   counters at every width, panels that keep their size, the result at the
//!   end, attack glyphs, the help legend, the compare screen;
//! - `pty`: the real binary in a pseudo-terminal, signals included.
//! - `big_screens`: the board scaled up at 160x48 and 200x60 with the
//!   panels beside it, and the mouse (clicks that jump, the wheel).
//! - `event_loop`: runs and jumps worked in slices up to a deadline.
//! - `keys`: every key of every key table pressed, against the README's
//!   key lists and what each action's help says it does.
//! - `labs`: `samples --labs` (and a check that must FAIL) and `compare
//!   colour` against two `colour` runs.
//! - `quitting`: `q`, Ctrl-C and `Esc` on every screen and in every state.
//! - `tree`: snapshots of the search tree panel.
//! - `predict`: predict mode, scripted from the reference trace.
//! - `play`: play mode, where the student places the queens.
//! - `teaching`: check-at-the-end N-Queens, `compare`, the table and
//!   algorithm panels.
//! - `queens_variants`: N-Queens by permutations, fundamental solutions and
//!   the array and boolean states, against the references and oracles.
//! - `worksheet`: `--print worksheet`, its blanks and its answer key.
//! - `bugs`: the bug lab's bugs against oracles, and where each first
//!   parts from the correct search.
//! - `bug_panes`: each bug's state panes against the event its own trace
//!   does next (the bug's view, not the correct search's).
//! - `html`: `--print html` pages in headless Chromium (`browser`, a small
//!   WebDriver client): frames, keys, runs, help, no network, speed.
//! - `check`: `backstep check` grading traces and worksheets, naming the
//!   bug lab's bugs, and the student programs in `examples/students/`.
//! - `singular`: a count of one in the singular, in every headless output.
//! - `told`: every search and variant the registry knows: the Events panel
//!   against `--print trace`, the table panel against `--print table`.
//! - `timeline`: step, back, seek and jobs on random walks against stepping
//!   forward from the start, and the checkpoints' byte budget.
//!
//! Proptest keeps the seeds of past failures of a module in
//! `tests/proptest-regressions/<module>.txt` (next to this folder, since it
//! holds a `main.rs`), where they are replayed first.
//!
//! The fixtures in `tests/fixtures/` are copies of the project's reference
//! outputs, so a clone of the repository can run the suite on its own.

mod big_screens;
mod browser;
mod budgets;
mod bug_panes;
mod bugs;
mod capabilities;
mod casts;
mod check;
mod colour;
mod compact;
mod contract;
mod cover;
mod cover_cli;
mod errors;
mod estimate;
mod event_loop;
mod frames;
mod fuzz;
mod golden;
mod headless;
mod html;
mod keys;
mod labs;
mod layers;
mod layout;
mod lib_outputs;
mod maze;
mod maze_colour_cli;
mod maze_colour_screens;
mod model;
mod oracles;
mod play;
mod predict;
mod propagate;
mod properties;
mod pty;
mod queens_variants;
mod quitting;
mod screens;
mod seeded;
mod shell;
mod singular;
mod state_compare;
mod sweep;
mod teaching;
mod timeline;
mod told;
mod trail_trie;
mod tree;
mod tree_labels;
mod words;
mod worked;
mod worksheet;

use std::process::{Command, Output};

/// Runs the real `backstep` binary with `args`, from a neutral folder so no
/// file in the repository is picked up by accident.
pub fn backstep(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_backstep"))
        .args(args)
        .current_dir(env!("CARGO_TARGET_TMPDIR"))
        .output()
        .expect("the backstep binary runs")
}

/// Runs `args` and returns its standard output, failing the test unless it
/// exits with status 0.
pub fn backstep_ok(args: &[&str]) -> String {
    let output = backstep(args);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{args:?}: stderr: {}",
        stderr_text(&output)
    );
    stdout_text(&output)
}

/// Standard output as text, failing the test if it is not UTF-8.
pub fn stdout_text(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

/// Standard error as text, lossily: a test on an error message should still
/// report something readable if the bytes are odd.
pub fn stderr_text(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A small deterministic PRNG (the program's own SplitMix64, the same
/// stream), so that the oracle tests draw the same inputs on every run and
/// a failure names a reproducible case.
#[derive(Clone, Debug)]
pub struct Rng(backstep::rng::SplitMix64);

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(backstep::rng::SplitMix64::new(seed))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number in `0..bound` (`bound > 0`); the slight modulo bias does not
    /// matter for test inputs.
    pub fn below(&mut self, bound: usize) -> usize {
        (self.next_u64() % bound as u64) as usize
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

/// Apps on the searches the screen tests use, with every event shown and the
/// colour theme unless one is given: one definition for every module.
pub mod apps {
    use backstep::input;
    use backstep::search::queens::{Queens, QueensOptions};
    use backstep::search::sudoku::{Order, Sudoku, SudokuOptions};
    use backstep::search::word::{WordOptions, WordSearch};
    use backstep::ui::app::App;
    use backstep::ui::theme::Theme;

    /// The colour theme with Unicode glyphs: what a plain `backstep` shows.
    pub fn colour() -> Theme {
        Theme::new(true, false)
    }

    /// N-Queens with rejects shown.
    pub fn queens(n: u8, symmetry: bool, theme: Theme) -> App<Queens> {
        let options = QueensOptions {
            n,
            symmetry,
            rejects: true,
        };
        App::new(Queens::new(options), "queens", theme)
    }

    /// A shipped Sudoku, MRV order.
    pub fn sudoku(name: &str) -> App<Sudoku> {
        let puzzle = input::load_puzzle(name).expect("a shipped puzzle");
        let options = SudokuOptions {
            order: Order::Mrv,
            rejects: true,
        };
        App::new(Sudoku::new(&puzzle.value, options), &puzzle.name, colour())
    }

    /// The text of one 100x30 frame drawn by `draw`.
    pub fn screen(draw: impl FnOnce(&mut ratatui::Frame)) -> String {
        let backend = ratatui::backend::TestBackend::new(100, 30);
        let mut terminal = ratatui::Terminal::new(backend).expect("a test terminal");
        terminal.draw(draw).expect("a frame");
        terminal.backend().to_string()
    }

    /// A Word Search with inventory and reversal on.
    pub fn word(board: &str, word: &str) -> App<WordSearch> {
        let board = input::load_board(board).expect("a valid board");
        let options = WordOptions {
            inventory: true,
            reverse: true,
            rejects: true,
        };
        let search = WordSearch::new(&board.value, word, options);
        App::new(search, &board.name, colour())
    }
}
