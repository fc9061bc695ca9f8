//! `backstep queens` and `backstep compare queens`: their options, and the
//! search each builds from them (one per [`Strategy`]).

use std::process::ExitCode;

use anyhow::{Result, bail};
use clap::Args;

use crate::input;
use crate::launch::{self, CompareView, Launch, SearchView, View};
use crate::search::queens::{Queens, QueensOptions, Strategy};
use crate::ui::{self, scene::Scene};
use crate::worksheet::Sheet;

/// N-Queens: one queen per row, attacks kept in the masks C, H and L.
#[derive(Args, Debug)]
pub struct QueensArgs {
    /// Board size, 0 to 16.
    #[arg(default_value = "4", value_parser = input::queens_n, allow_negative_numbers = true)]
    pub n: u8,

    /// Search every first-row column (turn reflection symmetry off).
    #[arg(long = Strategy::Full.name())]
    pub full: bool,

    /// Place a queen in every column of every row and test only complete
    /// boards (the naive search; no symmetry).
    #[arg(long = Strategy::CheckAtEnd.name(), conflicts_with = "full")]
    pub check_at_end: bool,

    /// Place the queens yourself, row by row: attacked squares are refused
    /// with the queen and mask that attack them.
    #[arg(
        long,
        conflicts_with_all = ["full", "check_at_end", "print", "predict", "blanks", "seed"]
    )]
    pub play: bool,

    #[command(flatten)]
    pub view: SearchView,
}

impl QueensArgs {
    /// `backstep` with no command: 4-Queens, shown as the top-level options
    /// ask.
    pub fn default_with(view: SearchView) -> QueensArgs {
        QueensArgs {
            n: 4,
            full: false,
            check_at_end: false,
            play: false,
            view,
        }
    }

    /// The variant the flags name (clap lets at most one through).
    fn strategy(&self) -> Strategy {
        if self.check_at_end {
            Strategy::CheckAtEnd
        } else if self.full {
            Strategy::Full
        } else {
            Strategy::Symmetry
        }
    }
}

impl Launch for QueensArgs {
    fn run(self) -> Result<ExitCode> {
        if self.play {
            return play(self.n, &self.view.look);
        }
        let strategy = self.strategy();
        let view = View::new(self.view)?;
        let rejects = view.rejects();
        build(strategy, self.n, rejects, Show(view))
    }
}

/// Symmetry against --full (or, with --check-at-end, --full against
/// testing only complete boards).
#[derive(Args, Debug)]
pub struct CompareQueensArgs {
    /// Board size, 0 to 16.
    #[arg(default_value = "4", value_parser = input::queens_n, allow_negative_numbers = true)]
    pub n: u8,

    /// Compare testing as you place (--full) with testing only complete boards.
    #[arg(long = Strategy::CheckAtEnd.name())]
    pub check_at_end: bool,

    #[command(flatten)]
    pub view: CompareView,
}

impl Launch for CompareQueensArgs {
    fn run(self) -> Result<ExitCode> {
        let pair = if self.check_at_end {
            [Strategy::Full, Strategy::CheckAtEnd]
        } else {
            [Strategy::Symmetry, Strategy::Full]
        };
        let rejects = self.view.on_screen();
        let right = ShowPair {
            strategy: pair[1],
            labels: pair.map(Strategy::words),
            n: self.n,
            rejects,
            view: &self.view,
        };
        build(pair[0], self.n, rejects, right)
    }
}

/// Opens the play screen, where the student places the queens (clap
/// refuses the options of the other screens with `--play`).
fn play(n: u8, look: &launch::Look) -> Result<ExitCode> {
    if !ui::can_draw() {
        bail!("standard output is not a terminal; --play needs one to draw on");
    }
    ui::play::run(n, launch::theme(look))?;
    Ok(ExitCode::SUCCESS)
}

/// What to do with a search once built: each strategy is a type of its own,
/// so the code that uses one is generic, called by [`build`].
trait Use {
    fn with<S: Scene + Sheet>(self, search: S) -> Result<ExitCode>;
}

/// Builds the search of `strategy` and hands it to `then`. The one place a
/// strategy becomes an engine: a new strategy is one arm here.
fn build(strategy: Strategy, n: u8, rejects: bool, then: impl Use) -> Result<ExitCode> {
    let masks = |symmetry| {
        Queens::new(QueensOptions {
            n,
            symmetry,
            rejects,
        })
    };
    match strategy {
        Strategy::Symmetry => then.with(masks(true)),
        Strategy::Full => then.with(masks(false)),
        Strategy::CheckAtEnd => then.with(Queens::check_at_end(n, rejects)),
    }
}

/// Shows one search.
struct Show(View);

impl Use for Show {
    fn with<S: Scene + Sheet>(self, search: S) -> Result<ExitCode> {
        launch::show(search, "queens", self.0)
    }
}

/// Builds the right-hand search of a pair, then shows both.
struct ShowPair<'a> {
    strategy: Strategy,
    labels: [&'static str; 2],
    n: u8,
    rejects: bool,
    view: &'a CompareView,
}

impl Use for ShowPair<'_> {
    fn with<S: Scene + Sheet>(self, left: S) -> Result<ExitCode> {
        struct Right<'a, L> {
            left: L,
            labels: [&'static str; 2],
            view: &'a CompareView,
        }
        impl<L: Scene + Sheet> Use for Right<'_, L> {
            fn with<S: Scene + Sheet>(self, right: S) -> Result<ExitCode> {
                launch::show_pair((self.left, right), "queens", self.labels, self.view)
            }
        }
        let right = Right {
            left,
            labels: self.labels,
            view: self.view,
        };
        build(self.strategy, self.n, self.rejects, right)
    }
}
