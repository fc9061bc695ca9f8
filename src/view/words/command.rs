//! `backstep words` and `backstep compare words`: their options, and the
//! search each builds from them.

use std::process::ExitCode;

use anyhow::Result;
use clap::Args;

use crate::input;
use crate::input::seeded;
use crate::input::words::{DEFAULT_BOARD, DEFAULT_WORDS, load_words};
use crate::launch::{self, CompareView, Launch, SearchView, View};
use crate::search::words::{Words, WordsOptions};

/// Many words on one board, with a trie walked alongside (LeetCode 212).
#[derive(Args, Debug)]
pub struct WordsArgs {
    /// The board: rows separated by commas, a file, or a shipped name.
    #[arg(long, default_value = DEFAULT_BOARD, conflicts_with = "seed")]
    pub board: String,

    /// The words: separated by commas, or a file of one word per line
    /// (1 to 64 words of 1 to 32 letters A-Z).
    #[arg(long, default_value = DEFAULT_WORDS, conflicts_with = "seed")]
    pub words: String,

    /// Keep found words in the trie (the search never stops early).
    #[arg(long)]
    pub no_prune: bool,

    /// Skip the letter-inventory check of each word before the search.
    #[arg(long)]
    pub no_inventory: bool,

    #[command(flatten)]
    pub view: SearchView,
}

impl Launch for WordsArgs {
    fn run(mut self) -> Result<ExitCode> {
        let seed = self.view.instance_seed();
        let mut view = View::new(self.view)?;
        let (board, words) = match seed {
            Some(seed) => {
                let made = seeded::make_words(seed)?;
                view = view.instance(made.command);
                let (board, words) = made.loaded.value;
                let name = made.loaded.name;
                (input::Loaded { name, value: board }, words)
            }
            None => (input::load_board(&self.board)?, load_words(&self.words)?),
        };
        let options = WordsOptions {
            inventory: !self.no_inventory,
            prune: !self.no_prune,
            rejects: view.rejects(),
        };
        let search = Words::new(&board.value, &words, options);
        launch::show(search, &board.name, view)
    }
}

/// Found words cut from the trie against a trie that keeps them.
#[derive(Args, Debug)]
pub struct CompareWordsArgs {
    /// The board: rows separated by commas, a file, or a shipped name.
    #[arg(long, default_value = DEFAULT_BOARD)]
    pub board: String,

    /// The words: separated by commas, or a file of one word per line.
    #[arg(long, default_value = DEFAULT_WORDS)]
    pub words: String,

    #[command(flatten)]
    pub view: CompareView,
}

impl Launch for CompareWordsArgs {
    fn run(self) -> Result<ExitCode> {
        let rejects = self.view.on_screen();
        let board = input::load_board(&self.board)?;
        let words = load_words(&self.words)?;
        let make = |prune| {
            let options = WordsOptions {
                inventory: true,
                prune,
                rejects,
            };
            Words::new(&board.value, &words, options)
        };
        let labels = ["pruned", "unpruned"];
        launch::show_pair((make(true), make(false)), &board.name, labels, &self.view)
    }
}
