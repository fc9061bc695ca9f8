//! The one list of search kinds, in the manner of ripgrep's flag list.
//!
//! Each line joins one search to the program: its subcommand (with its
//! `--help`), its `compare` subcommand, and how either is run all come from
//! the types named on the line, which live in the search's command file
//! (`src/view/<search>/command.rs`). The command line (`cli.rs`) and the
//! dispatch (`main.rs`) are built from this list and name no search.

use std::process::ExitCode;

use anyhow::Result;

use crate::launch::{Entry, Kind, Launch, SearchView, Solo};
use crate::view::{colour, cover, maze, queens, sudoku, word, words};

/// Every search, in the order of `backstep --help`.
pub const KINDS: &[&dyn Kind] = &[
    &Entry::<queens::command::QueensArgs, queens::command::CompareQueensArgs>::new("queens"),
    &Entry::<sudoku::command::SudokuArgs, sudoku::command::CompareSudokuArgs>::new("sudoku"),
    &Entry::<word::command::WordArgs, word::command::CompareWordArgs>::new("word"),
    &Entry::<words::command::WordsArgs, words::command::CompareWordsArgs>::new("words"),
    &Entry::<maze::command::MazeArgs, maze::command::CompareMazeArgs>::new("maze"),
    &Entry::<colour::command::ColourArgs, colour::command::CompareColourArgs>::new("colour"),
    &Solo::<cover::command::CoverArgs>::new("cover"),
];

/// What `backstep --help` says of the program, naming its searches as
/// [`KINDS`] lists them (so that a new search is named there too).
pub fn about() -> String {
    let names: Vec<&str> = KINDS.iter().map(|kind| kind.name()).collect();
    let listed = match names.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    };
    format!(
        "Step through backtracking searches event by event, one command each: {listed}. With no \
command it opens 4-Queens, and the options below apply to it. Each command's `--help` lists \
that command's own options."
    )
}

/// The search `backstep` runs with no command.
pub const DEFAULT: &str = "queens";

/// `backstep` with no command: 4-Queens, with the top-level options.
pub fn default(view: SearchView) -> Result<ExitCode> {
    queens::command::QueensArgs::default_with(view).run()
}
