//! `backstep sudoku` and `backstep compare sudoku`: their options, and the
//! search each builds from them.

use std::process::ExitCode;

use anyhow::{Result, bail};
use clap::{Args, ValueEnum};

use crate::assets;
use crate::input;
use crate::input::seeded;
use crate::launch::{self, BugLine, CompareView, Launch, Named, SearchView, View};
use crate::search::sudoku::{FirstSolution, NoStop, Order, Rules, Sudoku, SudokuOptions};
use crate::view::sudoku::explain;

/// The Sudoku bugs (the bug lab).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SudokuBug {
    /// The recursive call's answer is ignored: the search never stops at
    /// the solution nor keeps it, and its undos empty the solved board.
    NoStop,
}
use crate::search::sudoku_dlx::SudokuDlx;
use crate::search::sudoku_propagate::{Propagate, PropagateOptions};

/// Sudoku (4x4 or 9x9) with MRV and a solution count capped at 2.
#[derive(Args, Debug)]
pub struct SudokuArgs {
    /// A shipped puzzle (see --list), a file, or the grid itself (digits,
    /// `.` or `0` for a blank).
    #[arg(value_name = "NAME|FILE|GRID", default_value = "sample")]
    pub puzzle: String,

    /// With --seed: the clues of the 9x9 puzzle made, 17 to 80 [default: 30].
    #[arg(long, value_name = "K", requires = "seed")]
    pub clues: Option<usize>,

    /// How the next cell is chosen: fewest candidates, or first blank.
    #[arg(long, value_enum, default_value_t = OrderArg::Mrv)]
    pub order: OrderArg,

    /// List the shipped puzzles, one line each, and exit (alone: with any
    /// other argument it is an error).
    #[arg(long)]
    pub list: bool,

    /// Run a classic bug instead of the correct search (`backstep bugs`
    /// lists them); with --order mrv or first.
    #[arg(long, value_enum, value_name = "NAME")]
    pub bug: Option<SudokuBug>,

    #[command(flatten)]
    pub view: SearchView,
}

/// `--order`: how the next cell is chosen.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum OrderArg {
    /// Minimum remaining values: the blank with the fewest candidates.
    Mrv,
    /// The first blank in row-major order.
    First,
    /// Exact cover with dancing links: the 4N² items of cells, rows,
    /// columns and boxes, the item with the fewest options first.
    Dlx,
    /// Naked and hidden singles forced before each guess, on an undo trail.
    Propagate,
}

impl Launch for SudokuArgs {
    fn run(mut self) -> Result<ExitCode> {
        if self.list {
            launch::print_text(&assets::list_text(assets::SUDOKU))?;
            return Ok(ExitCode::SUCCESS);
        }
        let named = launch::typed_any(&["puzzle"]);
        if named && self.clues.is_some() {
            bail!("--clues applies only to a puzzle made by --seed, and a puzzle is named");
        }
        let seed = self.view.instance_seed(named);
        let mut view = View::new(self.view)?;
        let rejects = view.rejects();
        let puzzle = match seed {
            Some(seed) => {
                let made = seeded::make_sudoku(seed, self.clues)?;
                view = view.instance(made.command);
                made.loaded
            }
            None => input::load_puzzle(&self.puzzle)?,
        };
        let order = match self.order {
            OrderArg::Mrv => Order::Mrv,
            OrderArg::First => Order::First,
            OrderArg::Dlx | OrderArg::Propagate if self.bug.is_some() => {
                bail!("--bug applies to --order mrv or first, the orders of one search")
            }
            OrderArg::Dlx => {
                return launch::show(SudokuDlx::new(&puzzle.value), &puzzle.name, view);
            }
            OrderArg::Propagate => {
                let search = Propagate::new(&puzzle.value, PropagateOptions { rejects });
                return launch::show(search, &puzzle.name, view);
            }
        };
        if let Some(SudokuBug::NoStop) = self.bug {
            let bug = Sudoku::<NoStop>::with_rules(&puzzle.value, SudokuOptions { order, rejects });
            let correct = first_solution(&puzzle.value, order);
            let name = NoStop::BUG.unwrap_or_default();
            return launch::show_bug((bug, correct), &puzzle.name, name, view);
        }
        let search = Sudoku::new(&puzzle.value, SudokuOptions { order, rejects });
        launch::show(search, &puzzle.name, view)
    }

    fn bugs() -> Vec<BugLine> {
        launch::bugs_of::<SudokuBug>()
    }

    fn search_view(&mut self) -> Option<&mut SearchView> {
        Some(&mut self.view)
    }
}

/// The correct search a bug is set beside: the seed's, which stops at the
/// first solution and keeps it (with rejects, since events are compared).
fn first_solution(puzzle: &crate::search::sudoku::Puzzle, order: Order) -> Sudoku<FirstSolution> {
    let options = SudokuOptions {
        order,
        rejects: true,
    };
    Sudoku::with_rules(puzzle, options)
}

/// MRV against first blank (or against another order).
#[derive(Args, Debug)]
pub struct CompareSudokuArgs {
    /// A shipped puzzle (see `sudoku --list`), a file, or the grid itself.
    #[arg(value_name = "NAME|FILE|GRID", default_value = "sample")]
    pub puzzle: String,

    /// The order shown beside MRV.
    #[arg(long, value_enum, default_value_t = CompareOrder::First)]
    pub order: CompareOrder,

    /// Set a classic bug beside the correct search that stops at the first
    /// solution (both choosing the first blank), stepping together from
    /// their first difference.
    #[arg(long, value_enum, value_name = "NAME")]
    pub bug: Option<SudokuBug>,

    #[command(flatten)]
    pub view: CompareView,
}

/// `compare sudoku --order`: the order set beside MRV.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum CompareOrder {
    /// The first blank in row-major order.
    First,
    /// Naked and hidden singles forced before each guess.
    Propagate,
    /// Exact cover with dancing links.
    Dlx,
}

impl Launch for CompareSudokuArgs {
    fn run(self) -> Result<ExitCode> {
        let rejects = self.view.on_screen();
        let puzzle = input::load_puzzle(&self.puzzle)?;
        if let Some(SudokuBug::NoStop) = self.bug {
            if !matches!(self.order, CompareOrder::First) {
                bail!(
                    "--bug sets the bug beside the correct search, both with the first blank; drop --order"
                );
            }
            let options = SudokuOptions {
                order: Order::First,
                rejects: true,
            };
            let pair = (
                first_solution(&puzzle.value, Order::First),
                Sudoku::<NoStop>::with_rules(&puzzle.value, options),
            );
            let labels = ["correct", NoStop::BUG.unwrap_or_default()];
            return launch::show_parting(pair, &puzzle.name, labels, &self.view, explain);
        }
        let make = |order| Sudoku::new(&puzzle.value, SudokuOptions { order, rejects });
        match self.order {
            CompareOrder::First => {
                let pair = (make(Order::Mrv), make(Order::First));
                launch::show_pair(
                    pair,
                    &puzzle.name,
                    ["mrv", "first"],
                    Named::ByLabel,
                    &self.view,
                )
            }
            CompareOrder::Propagate => {
                let propagate = Propagate::new(&puzzle.value, PropagateOptions { rejects });
                let pair = (make(Order::Mrv), propagate);
                launch::show_pair(
                    pair,
                    &puzzle.name,
                    ["mrv", "propagate"],
                    Named::ByLabel,
                    &self.view,
                )
            }
            CompareOrder::Dlx => {
                let pair = (make(Order::Mrv), SudokuDlx::new(&puzzle.value));
                launch::show_pair(
                    pair,
                    &puzzle.name,
                    ["mrv", "dlx"],
                    Named::ByLabel,
                    &self.view,
                )
            }
        }
    }
}
