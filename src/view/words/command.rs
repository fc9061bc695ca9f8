//! `backstep words` and `backstep compare words`: their options, and the
//! search each builds from them.

use std::process::ExitCode;

use anyhow::Result;
use clap::Args;

use crate::assets;
use crate::input;
use crate::input::seeded;
use crate::input::words::{DEFAULT_BOARD, DEFAULT_WORDS, load_words};
use crate::launch::{self, CompareView, Launch, Named, SearchView, View};
use crate::search::word::Board;
use crate::search::words::{Words, WordsOptions};

/// Many words on one board, with a trie walked alongside (LeetCode 212).
#[derive(Args, Debug)]
pub struct WordsArgs {
    /// A shipped board (see `words --list`) or a file with one row per
    /// line [default: sample].
    #[arg(value_name = "NAME|FILE", conflicts_with = "board")]
    pub named: Option<String>,

    /// The board typed inline: rows of letters separated by commas; or a
    /// file or a shipped name.
    #[arg(long, value_name = "ROWS|FILE")]
    pub board: Option<String>,

    /// The words: separated by commas, or a file of one word per line
    /// (1 to 64 words of 1 to 32 letters A-Z).
    #[arg(long, default_value = DEFAULT_WORDS)]
    pub words: String,

    /// Keep found words in the trie (the search never stops early).
    #[arg(long)]
    pub no_prune: bool,

    /// Skip the letter-inventory check of each word before the search.
    #[arg(long)]
    pub no_inventory: bool,

    /// List the shipped boards, one line each, and exit (alone: with any
    /// other argument it is an error).
    #[arg(long)]
    pub list: bool,

    #[command(flatten)]
    pub view: SearchView,
}

/// The board the first argument or `--board` names, else the default.
fn board(named: Option<&String>, typed: Option<&String>) -> Result<input::Loaded<Board>> {
    let (named, typed) = (named.map(String::as_str), typed.map(String::as_str));
    input::board_of(assets::WORDS_BOARDS, named, typed, DEFAULT_BOARD)
}

impl Launch for WordsArgs {
    fn run(mut self) -> Result<ExitCode> {
        if self.list {
            launch::print_text(&assets::list_text(assets::WORDS_BOARDS))?;
            return Ok(ExitCode::SUCCESS);
        }
        let seed = self
            .view
            .instance_seed(launch::typed_any(&["named", "board", "words"]));
        let mut view = View::new(self.view)?;
        let (board, words) = match seed {
            Some(seed) => {
                let made = seeded::make_words(seed)?;
                view = view.instance(made.command);
                let (board, words) = made.loaded.value;
                let name = made.loaded.name;
                (input::Loaded { name, value: board }, words)
            }
            None => (
                board(self.named.as_ref(), self.board.as_ref())?,
                load_words(&self.words)?,
            ),
        };
        let options = WordsOptions {
            inventory: !self.no_inventory,
            prune: !self.no_prune,
            rejects: view.rejects(),
        };
        let search = Words::new(&board.value, &words, options);
        launch::show(search, &board.name, view)
    }

    fn search_view(&mut self) -> Option<&mut SearchView> {
        Some(&mut self.view)
    }
}

/// Found words cut from the trie against a trie that keeps them.
#[derive(Args, Debug)]
pub struct CompareWordsArgs {
    /// A shipped board (see `words --list`) or a file with one row per
    /// line [default: sample].
    #[arg(value_name = "NAME|FILE", conflicts_with = "board")]
    pub named: Option<String>,

    /// The board typed inline: rows of letters separated by commas; or a
    /// file or a shipped name.
    #[arg(long, value_name = "ROWS|FILE")]
    pub board: Option<String>,

    /// The words: separated by commas, or a file of one word per line.
    #[arg(long, default_value = DEFAULT_WORDS)]
    pub words: String,

    #[command(flatten)]
    pub view: CompareView,
}

impl Launch for CompareWordsArgs {
    fn run(self) -> Result<ExitCode> {
        let rejects = self.view.on_screen();
        let board = board(self.named.as_ref(), self.board.as_ref())?;
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
        let pair = (make(true), make(false));
        launch::show_pair(pair, &board.name, labels, Named::ByLabel, &self.view)
    }
}
