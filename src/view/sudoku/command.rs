//! `backstep sudoku` and `backstep compare sudoku`: their options, and the
//! search each builds from them.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use clap::{Args, ValueEnum};

use crate::assets;
use crate::input;
use crate::launch::{self, CompareView, Launch, SearchView, View};
use crate::search::sudoku::{Order, Sudoku, SudokuOptions};
use crate::search::sudoku_dlx::SudokuDlx;
use crate::search::sudoku_propagate::{Propagate, PropagateOptions};

/// Sudoku (4x4 or 9x9) with MRV and a solution count capped at 2.
#[derive(Args, Debug)]
pub struct SudokuArgs {
    /// A shipped puzzle name (see --list), a file, or the grid itself.
    #[arg(default_value = "sample")]
    pub puzzle: String,

    /// How the next cell is chosen: fewest candidates, or first blank.
    #[arg(long, value_enum, default_value_t = OrderArg::Mrv)]
    pub order: OrderArg,

    /// List the shipped puzzles and exit.
    #[arg(
        long,
        conflicts_with_all = ["puzzle", "order", "print", "ascii", "no_color", "predict", "blanks", "seed"]
    )]
    pub list: bool,

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
    fn run(self) -> Result<ExitCode> {
        if self.list {
            let mut out = io::BufWriter::new(io::stdout().lock());
            let list = assets::SUDOKU
                .iter()
                .try_for_each(|asset| writeln!(out, "{:<8} {}", asset.name, asset.about))
                .and_then(|()| out.flush());
            launch::written(list)?;
            return Ok(ExitCode::SUCCESS);
        }
        let view = View::new(self.view)?;
        let rejects = view.rejects();
        let puzzle = input::load_puzzle(&self.puzzle)?;
        let order = match self.order {
            OrderArg::Mrv => Order::Mrv,
            OrderArg::First => Order::First,
            OrderArg::Dlx => {
                return launch::show(SudokuDlx::new(&puzzle.value), &puzzle.name, view);
            }
            OrderArg::Propagate => {
                let search = Propagate::new(&puzzle.value, PropagateOptions { rejects });
                return launch::show(search, &puzzle.name, view);
            }
        };
        let search = Sudoku::new(&puzzle.value, SudokuOptions { order, rejects });
        launch::show(search, &puzzle.name, view)
    }
}

/// MRV against first blank (or against another order).
#[derive(Args, Debug)]
pub struct CompareSudokuArgs {
    /// A shipped puzzle name (see `sudoku --list`), a file, or the grid itself.
    #[arg(default_value = "sample")]
    pub puzzle: String,

    /// The order shown beside MRV.
    #[arg(long, value_enum, default_value_t = CompareOrder::First)]
    pub order: CompareOrder,

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
        let make = |order| Sudoku::new(&puzzle.value, SudokuOptions { order, rejects });
        match self.order {
            CompareOrder::First => {
                let pair = (make(Order::Mrv), make(Order::First));
                launch::show_pair(pair, &puzzle.name, ["mrv", "first"], &self.view)
            }
            CompareOrder::Propagate => {
                let propagate = Propagate::new(&puzzle.value, PropagateOptions { rejects });
                let pair = (make(Order::Mrv), propagate);
                launch::show_pair(pair, &puzzle.name, ["mrv", "propagate"], &self.view)
            }
            CompareOrder::Dlx => {
                let pair = (make(Order::Mrv), SudokuDlx::new(&puzzle.value));
                launch::show_pair(pair, &puzzle.name, ["mrv", "dlx"], &self.view)
            }
        }
    }
}
