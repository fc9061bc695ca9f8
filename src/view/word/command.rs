//! `backstep word` and `backstep compare word`: their options, and the
//! search each builds from them.

use std::process::ExitCode;

use anyhow::Result;
use clap::Args;

use crate::input;
use crate::launch::{self, CompareView, Launch, SearchView, View};
use crate::samples;
use crate::search::word::{WordOptions, WordSearch};

/// Word Search with letter-inventory pruning and rare-end reversal.
#[derive(Args, Debug)]
pub struct WordArgs {
    /// The board: rows separated by commas, a file, or a shipped name.
    #[arg(long, default_value = samples::BOARD)]
    pub board: String,

    /// The word to trace (letters A-Z, at most 32).
    #[arg(long, default_value = "ABCCED")]
    pub word: String,

    /// Skip the letter-inventory check before the search.
    #[arg(long)]
    pub no_inventory: bool,

    /// Never search the word reversed.
    #[arg(long)]
    pub no_reverse: bool,

    #[command(flatten)]
    pub view: SearchView,
}

impl Launch for WordArgs {
    fn run(self) -> Result<ExitCode> {
        let view = View::new(self.view)?;
        let board = input::load_board(&self.board)?;
        let word = input::load_word(&self.word)?;
        let options = WordOptions {
            inventory: !self.no_inventory,
            reverse: !self.no_reverse,
            rejects: view.rejects(),
        };
        let search = WordSearch::new(&board.value, &word, options);
        launch::show(search, &board.name, view)
    }
}

/// Pruned (inventory and reversal) against neither.
#[derive(Args, Debug)]
pub struct CompareWordArgs {
    /// The board: rows separated by commas, a file, or a shipped name.
    #[arg(long, default_value = samples::BOARD)]
    pub board: String,

    /// The word to trace (letters A-Z, at most 32).
    #[arg(long, default_value = "ABCCED")]
    pub word: String,

    #[command(flatten)]
    pub view: CompareView,
}

impl Launch for CompareWordArgs {
    fn run(self) -> Result<ExitCode> {
        let rejects = self.view.on_screen();
        let board = input::load_board(&self.board)?;
        let word = input::load_word(&self.word)?;
        let make = |pruned| {
            let options = WordOptions {
                inventory: pruned,
                reverse: pruned,
                rejects,
            };
            WordSearch::new(&board.value, &word, options)
        };
        let labels = ["pruned", "unpruned"];
        launch::show_pair((make(true), make(false)), &board.name, labels, &self.view)
    }
}
