//! `backstep queens` and `backstep compare queens`: their options, and the
//! search each builds from them (one per [`Strategy`]).

use std::process::ExitCode;

use anyhow::{Result, bail};
use clap::{Args, ValueEnum};

use crate::input;
use crate::launch::{self, BugLine, CompareView, Launch, Named, SearchView, View};
use crate::search::queens::{Queens, QueensOptions, Strategy};
use crate::view::queens::explain;

/// The N-Queens bugs (the bug lab), each on the full search (no symmetry),
/// as the seed's code has it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum QueensBug {
    /// The low-diagonal mask L is never consulted, so queens on one
    /// up-right diagonal slip through (4-Queens gives 7 boards, not 2).
    OneDiagonal,
}

impl QueensBug {
    /// The variant that implements the bug.
    fn strategy(self) -> Strategy {
        match self {
            QueensBug::OneDiagonal => Strategy::OneDiagonal,
        }
    }
}

/// The correct search a bug is set beside: the full mask search.
fn full(n: u8, rejects: bool) -> Queens {
    Queens::new(QueensOptions {
        n,
        symmetry: false,
        rejects,
    })
}
use crate::search::queens_fundamental::Fundamental;
use crate::search::queens_permutations::Permutations;
use crate::search::queens_state::{QueensArray, QueensBools};
use crate::ui::compare::Contender;
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

    /// One queen per row and per column, the diagonals checked only on a
    /// complete board (seed 003's fairer baseline; no symmetry).
    #[arg(
        long = Strategy::Permutations.name(),
        conflicts_with_all = ["full", "check_at_end", "fundamental"]
    )]
    pub permutations: bool,

    /// The full search, each solution with its orbit under the 8 symmetries
    /// of the square and whether it is the canonical one.
    #[arg(long = Strategy::Fundamental.name(), conflicts_with_all = ["full", "check_at_end"])]
    pub fundamental: bool,

    /// How the attacks are held: Walker's bit masks, boolean arrays, or
    /// Algorithm B's array of columns (the mask search only).
    #[arg(long, value_enum, value_name = "STATE", default_value_t = AttackState::Masks)]
    pub state: AttackState,

    /// Run a classic bug instead of the correct search (`backstep bugs`
    /// lists them).
    #[arg(
        long,
        value_enum,
        value_name = "NAME",
        conflicts_with_all = ["check_at_end", "permutations", "fundamental", "play"]
    )]
    pub bug: Option<QueensBug>,

    /// Place the queens yourself, row by row: attacked squares are refused
    /// with the queen and mask that attack them.
    #[arg(
        long,
        conflicts_with_all = [
            "full", "check_at_end", "permutations", "fundamental",
            "print", "predict", "blanks", "seed", "at", "size", "panel"
        ]
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
            permutations: false,
            fundamental: false,
            state: AttackState::Masks,
            bug: None,
            play: false,
            view,
        }
    }

    /// The variant the flags name (clap lets at most one through).
    fn strategy(&self) -> Strategy {
        if let Some(bug) = self.bug {
            bug.strategy()
        } else if self.check_at_end {
            Strategy::CheckAtEnd
        } else if self.permutations {
            Strategy::Permutations
        } else if self.fundamental {
            Strategy::Fundamental
        } else if self.full {
            Strategy::Full
        } else {
            Strategy::Symmetry
        }
    }
}

impl Launch for QueensArgs {
    fn run(self) -> Result<ExitCode> {
        if self.play && self.state != AttackState::Masks {
            bail!(
                "--state {} cannot be used with --play, which keeps the masks",
                self.state.name()
            );
        }
        if self.play {
            return play(self.n, &self.view);
        }
        let plan = Plan::new(self.strategy(), self.state)?;
        let view = View::new(self.view)?;
        let rejects = view.rejects();
        if let Some(bug) = self.bug {
            let name = bug.to_possible_value().map(|v| v.get_name().to_string());
            let pair = (Queens::one_diagonal(self.n, rejects), full(self.n, true));
            return launch::show_bug(pair, "queens", &name.unwrap_or_default(), view);
        }
        build(plan, self.n, rejects, Show(view))
    }

    fn bugs() -> Vec<BugLine> {
        launch::bugs_of::<QueensBug>()
    }

    fn search_view(&mut self) -> Option<&mut SearchView> {
        Some(&mut self.view)
    }
}

/// How the attacks on the row being filled are held (EVENTS.md §2, "Three ways
/// to hold the N-Queens attacks").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum AttackState {
    /// Walker's bit masks C, H and L (the default).
    #[default]
    Masks,
    /// Three boolean arrays: columns, and the diagonals r-c+n-1 and r+c.
    Bools,
    /// Algorithm B: the array of queen columns, tested by a loop over the
    /// earlier rows (step B3).
    Array,
}

impl AttackState {
    /// The name `--state` takes, and the compare screen's label.
    pub const fn name(self) -> &'static str {
        match self {
            AttackState::Masks => "masks",
            AttackState::Bools => "bools",
            AttackState::Array => "array",
        }
    }
}

/// A variant and how it holds its attacks: what `build` makes a search of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    strategy: Strategy,
    state: AttackState,
}

impl Plan {
    /// The plan, refused when the state applies only to the mask search and
    /// the variant is another (EVENTS.md §2).
    pub fn new(strategy: Strategy, state: AttackState) -> Result<Plan> {
        if state != AttackState::Masks && !strategy.takes_state() {
            bail!(
                "--state {} applies to the mask search only; it cannot be used with --{}",
                state.name(),
                strategy.name()
            );
        }
        Ok(Plan { strategy, state })
    }

    /// The mask search of `strategy`.
    const fn masks(strategy: Strategy) -> Plan {
        Plan {
            strategy,
            state: AttackState::Masks,
        }
    }
}

/// Symmetry against --full (or, with --check-at-end, --full against
/// testing only complete boards; with --permutations, --full against
/// permutations; with --state, the masks against another state, or all
/// three states side by side).
#[derive(Args, Debug)]
pub struct CompareQueensArgs {
    /// Board size, 0 to 16.
    #[arg(default_value = "4", value_parser = input::queens_n, allow_negative_numbers = true)]
    pub n: u8,

    /// Compare testing as you place (--full) with testing only complete boards.
    #[arg(long = Strategy::CheckAtEnd.name())]
    pub check_at_end: bool,

    /// Compare the mask search (--full) with permutations checked at the end.
    #[arg(long = Strategy::Permutations.name(), conflicts_with = "check_at_end")]
    pub permutations: bool,

    /// Compare the masks with another way of holding the attacks, bools or
    /// array, or all three side by side (all): the same tree, in lockstep,
    /// each with its cost per node.
    #[arg(
        long,
        value_enum,
        value_name = "STATE",
        conflicts_with_all = ["check_at_end", "permutations"]
    )]
    pub state: Option<CompareState>,

    /// Set a classic bug beside the correct full search, stepping together
    /// from their first difference.
    #[arg(long, value_enum, value_name = "NAME", conflicts_with_all = ["check_at_end", "permutations", "state"])]
    pub bug: Option<QueensBug>,

    #[command(flatten)]
    pub view: CompareView,
}

/// What `compare queens --state` sets beside the masks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CompareState {
    /// The masks alone (refused: nothing to compare them with).
    Masks,
    /// The masks and the boolean arrays.
    Bools,
    /// The masks and Algorithm B's array.
    Array,
    /// The masks, the boolean arrays and the array, three sides.
    All,
}

impl CompareState {
    /// The states side by side, left to right.
    fn states(self) -> Result<Vec<AttackState>> {
        Ok(match self {
            CompareState::Masks => bail!(
                "--state masks would compare the masks with themselves; use bools or array (or all, for the three)"
            ),
            CompareState::Bools => vec![AttackState::Masks, AttackState::Bools],
            CompareState::Array => vec![AttackState::Masks, AttackState::Array],
            CompareState::All => vec![AttackState::Masks, AttackState::Bools, AttackState::Array],
        })
    }
}

impl Launch for CompareQueensArgs {
    fn run(self) -> Result<ExitCode> {
        if let Some(bug) = self.bug {
            let labels = ["correct", bug.strategy().name()];
            let QueensBug::OneDiagonal = bug;
            let pair = (full(self.n, true), Queens::one_diagonal(self.n, true));
            return launch::show_parting(pair, "queens", labels, &self.view, explain);
        }
        let strategies = |pair: [Strategy; 2]| {
            let plans = pair.map(Plan::masks).to_vec();
            (
                plans,
                pair.map(Strategy::words).to_vec(),
                Named::InHead,
                false,
            )
        };
        let (plans, labels, named, costs) = if self.check_at_end {
            strategies([Strategy::Full, Strategy::CheckAtEnd])
        } else if self.permutations {
            strategies([Strategy::Full, Strategy::Permutations])
        } else if let Some(state) = self.state {
            let states = state.states()?;
            let plans = states
                .iter()
                .map(|&s| Plan::new(Strategy::Symmetry, s))
                .collect::<Result<Vec<_>>>()?;
            let labels = states.iter().map(|s| s.name()).collect();
            (plans, labels, Named::ByLabel, true)
        } else {
            strategies([Strategy::Symmetry, Strategy::Full])
        };
        let rejects = self.view.on_screen();
        let mut sides = Vec::new();
        for plan in plans {
            build(plan, self.n, rejects, Collect(&mut sides))?;
        }
        launch::show_sides(sides, "queens", (&labels, named), &self.view, costs)
    }
}

/// Opens the play screen, where the student places the queens (clap
/// refuses the options of the other screens with `--play`).
fn play(n: u8, view: &SearchView) -> Result<ExitCode> {
    if !ui::can_draw() {
        bail!("standard output is not a terminal; --play needs one to draw on");
    }
    let mouse = launch::mouse(view);
    super::play::run(n, launch::theme(&view.look), mouse, view.record.as_deref())?;
    Ok(ExitCode::SUCCESS)
}

/// What to do with a search once built: each strategy is a type of its own,
/// so the code that uses one is generic, called by [`build`].
trait Use {
    fn with<S: Scene + Sheet + 'static>(self, search: S) -> Result<ExitCode>;
}

/// Builds the search of `plan` and hands it to `then`. The one place a
/// strategy becomes an engine: a new strategy is one arm here.
fn build(plan: Plan, n: u8, rejects: bool, then: impl Use) -> Result<ExitCode> {
    let masks = |symmetry| {
        Queens::new(QueensOptions {
            n,
            symmetry,
            rejects,
        })
    };
    let symmetry = plan.strategy == Strategy::Symmetry;
    match (plan.strategy, plan.state) {
        (Strategy::Symmetry | Strategy::Full, AttackState::Array) => {
            then.with(QueensArray::new(n, symmetry, rejects))
        }
        (Strategy::Symmetry | Strategy::Full, AttackState::Bools) => {
            then.with(QueensBools::new(n, symmetry, rejects))
        }
        (Strategy::Symmetry, _) => then.with(masks(true)),
        (Strategy::Full, _) => then.with(masks(false)),
        (Strategy::CheckAtEnd, _) => then.with(Queens::check_at_end(n, rejects)),
        (Strategy::Permutations, _) => then.with(Permutations::new(n, rejects)),
        (Strategy::Fundamental, _) => then.with(Fundamental::new(n, rejects)),
        (Strategy::OneDiagonal, _) => then.with(Queens::one_diagonal(n, rejects)),
    }
}

/// Shows one search.
struct Show(View);

impl Use for Show {
    fn with<S: Scene + Sheet + 'static>(self, search: S) -> Result<ExitCode> {
        launch::show(search, "queens", self.0)
    }
}

/// Keeps each search built, as one side of a comparison.
struct Collect<'a>(&'a mut Vec<Box<dyn Contender>>);

impl Use for Collect<'_> {
    fn with<S: Scene + Sheet + 'static>(self, search: S) -> Result<ExitCode> {
        self.0.push(Box::new(search));
        Ok(ExitCode::SUCCESS)
    }
}
