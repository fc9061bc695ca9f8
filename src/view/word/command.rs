//! `backstep word` and `backstep compare word`: their options, and the
//! search each builds from them.

use std::process::ExitCode;

use anyhow::Result;
use clap::{Args, ValueEnum};

use crate::assets;
use crate::input;
use crate::input::seeded;
use crate::launch::{self, BugLine, CompareView, Launch, Named, SearchView, View};
use crate::samples;
use crate::search::word::{Board, NoUnmark, NoVisitedCheck, Rules, WordOptions, WordSearch};
use crate::view::word::explain;

/// The Word Search's bugs (the bug lab). A bug runs the plain search, no
/// inventory check and no reversal, as the seed's code does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum WordBug {
    /// Visited marks are never removed, so a failed path's cells stay
    /// refused (on AAA,AAB the word AAB is not found).
    NoUnmark,
    /// A neighbour already on the path is never refused, so a path reuses
    /// its own cells (on AB,CD the word ABAB is found).
    NoVisitedCheck,
}

impl WordBug {
    /// The name `--bug` takes.
    fn name(self) -> &'static str {
        match self {
            WordBug::NoUnmark => NoUnmark::BUG,
            WordBug::NoVisitedCheck => NoVisitedCheck::BUG,
        }
        .unwrap_or_default()
    }
}

/// The plain search of the bug lab, by the rules `R`: no inventory check,
/// no reversal (the seed's code has neither).
fn plain<R: Rules>(board: &Board, word: &str, rejects: bool) -> WordSearch<R> {
    let options = WordOptions {
        inventory: false,
        reverse: false,
        rejects,
    };
    WordSearch::with_rules(board, word, options)
}

/// Word Search with letter-inventory pruning and rare-end reversal.
#[derive(Args, Debug)]
pub struct WordArgs {
    /// A shipped board (see `word --list`) or a file with one row per
    /// line [default: sample].
    #[arg(value_name = "NAME|FILE", conflicts_with = "board")]
    pub named: Option<String>,

    /// The board typed inline: rows of letters separated by commas
    /// (ABCE,SFCS,ADEE); or a file or a shipped name.
    #[arg(long, value_name = "ROWS|FILE")]
    pub board: Option<String>,

    /// The word to trace (letters A-Z, at most 32); with --seed, the word
    /// planted in the board made.
    #[arg(long, default_value = "ABCCED")]
    pub word: String,

    /// Skip the letter-inventory check before the search.
    #[arg(long)]
    pub no_inventory: bool,

    /// Never search the word reversed.
    #[arg(long)]
    pub no_reverse: bool,

    /// Run a classic bug instead of the correct search (`backstep bugs`
    /// lists them); on the plain search, without inventory or reversal
    /// (--no-inventory and --no-reverse may be given, and change nothing).
    #[arg(long, value_enum, value_name = "NAME")]
    pub bug: Option<WordBug>,

    /// List the shipped boards, one line each, and exit (alone: with any
    /// other argument it is an error).
    #[arg(long)]
    pub list: bool,

    #[command(flatten)]
    pub view: SearchView,
}

/// The board the first argument or `--board` names, else the sample.
fn board(named: Option<&String>, typed: Option<&String>) -> Result<input::Loaded<Board>> {
    let (named, typed) = (named.map(String::as_str), typed.map(String::as_str));
    input::board_of(assets::BOARDS, named, typed, samples::SAMPLE)
}

impl Launch for WordArgs {
    fn run(mut self) -> Result<ExitCode> {
        if self.list {
            launch::print_text(&assets::list_text(assets::BOARDS))?;
            return Ok(ExitCode::SUCCESS);
        }
        let seed = self
            .view
            .instance_seed(launch::typed_any(&["named", "board"]));
        let mut view = View::new(self.view)?;
        let word = input::load_word(&self.word)?;
        let board = match seed {
            Some(seed) => {
                let made = seeded::make_word_board(seed, &word)?;
                view = view.instance(made.command);
                made.loaded
            }
            None => board(self.named.as_ref(), self.board.as_ref())?,
        };
        if let Some(bug) = self.bug {
            let (b, w, rejects) = (&board.value, word.as_str(), view.rejects());
            let correct = plain::<crate::search::word::Correct>(b, w, true);
            return match bug {
                WordBug::NoUnmark => {
                    let pair = (plain::<NoUnmark>(b, w, rejects), correct);
                    launch::show_bug(pair, &board.name, bug.name(), view)
                }
                WordBug::NoVisitedCheck => {
                    let pair = (plain::<NoVisitedCheck>(b, w, rejects), correct);
                    launch::show_bug(pair, &board.name, bug.name(), view)
                }
            };
        }
        let options = WordOptions {
            inventory: !self.no_inventory,
            reverse: !self.no_reverse,
            rejects: view.rejects(),
        };
        let search = WordSearch::new(&board.value, &word, options);
        launch::show(search, &board.name, view)
    }

    fn bugs() -> Vec<BugLine> {
        launch::bugs_of::<WordBug>()
    }

    fn search_view(&mut self) -> Option<&mut SearchView> {
        Some(&mut self.view)
    }
}

/// Pruned (inventory and reversal) against neither.
#[derive(Args, Debug)]
pub struct CompareWordArgs {
    /// A shipped board (see `word --list`) or a file with one row per
    /// line [default: sample].
    #[arg(value_name = "NAME|FILE", conflicts_with = "board")]
    pub named: Option<String>,

    /// The board typed inline: rows of letters separated by commas
    /// (ABCE,SFCS,ADEE); or a file or a shipped name.
    #[arg(long, value_name = "ROWS|FILE")]
    pub board: Option<String>,

    /// The word to trace (letters A-Z, at most 32).
    #[arg(long, default_value = "ABCCED")]
    pub word: String,

    /// Set a classic bug beside the correct plain search (no inventory, no
    /// reversal), stepping together from their first difference.
    #[arg(long, value_enum, value_name = "NAME")]
    pub bug: Option<WordBug>,

    #[command(flatten)]
    pub view: CompareView,
}

impl Launch for CompareWordArgs {
    fn run(self) -> Result<ExitCode> {
        let rejects = self.view.on_screen();
        let board = board(self.named.as_ref(), self.board.as_ref())?;
        let word = input::load_word(&self.word)?;
        if let Some(bug) = self.bug {
            // The events are compared, so both sides yield their rejects.
            let (b, w) = (&board.value, word.as_str());
            let correct = plain::<crate::search::word::Correct>(b, w, true);
            let labels = ["correct", bug.name()];
            return match bug {
                WordBug::NoUnmark => {
                    let pair = (correct, plain::<NoUnmark>(b, w, true));
                    launch::show_parting(pair, &board.name, labels, &self.view, explain)
                }
                WordBug::NoVisitedCheck => {
                    let pair = (correct, plain::<NoVisitedCheck>(b, w, true));
                    launch::show_parting(pair, &board.name, labels, &self.view, explain)
                }
            };
        }
        let make = |pruned| {
            let options = WordOptions {
                inventory: pruned,
                reverse: pruned,
                rejects,
            };
            WordSearch::new(&board.value, &word, options)
        };
        let labels = ["pruned", "unpruned"];
        let pair = (make(true), make(false));
        launch::show_pair(pair, &board.name, labels, Named::ByLabel, &self.view)
    }
}
