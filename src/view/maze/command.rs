//! `backstep maze` and `backstep compare maze`: their options, and the
//! search each builds from them. The maze search has one correct variant,
//! so `compare maze` sets it beside a bug of the bug lab (`--bug`).

use std::process::ExitCode;

use anyhow::{Result, bail};
use clap::{Args, ValueEnum};

use crate::assets;
use crate::input::maze::maze_of;
use crate::input::seeded;
use crate::launch::{self, BugLine, CompareView, Launch, SearchView, View};
use crate::print::Mode;
use crate::search::maze::{BUG_BUDGET, Maze, NoMark, Rules};
use crate::view::maze::explain;

/// The maze bugs (the bug lab).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MazeBug {
    /// Cells are never marked visited: the rat steps back and forth and
    /// the walk never ends (stopped at a node budget, 1000 by default).
    NoMark,
}

/// Rat in a Maze: every path from the top-left cell to the bottom-right one.
#[derive(Args, Debug)]
pub struct MazeArgs {
    /// A shipped maze (see --list) or a file with one row per line
    /// [default: sample].
    #[arg(value_name = "NAME|FILE", conflicts_with = "grid")]
    pub maze: Option<String>,

    /// The maze typed inline: rows of 1 or . (open) and 0 or # (wall),
    /// separated by commas (at most 16x16); or a file.
    #[arg(long, value_name = "ROWS|FILE")]
    pub grid: Option<String>,

    /// List the shipped mazes, one line each, and exit (alone: with any
    /// other argument it is an error).
    #[arg(long)]
    pub list: bool,

    /// Run a classic bug instead of the correct search (`backstep bugs`
    /// lists them); an endless one stops at --max-nodes, 1000 if not given.
    #[arg(long, value_enum, value_name = "NAME")]
    pub bug: Option<MazeBug>,

    #[command(flatten)]
    pub view: SearchView,
}

impl Launch for MazeArgs {
    fn run(mut self) -> Result<ExitCode> {
        if self.list {
            launch::print_text(&assets::list_text(assets::MAZES))?;
            return Ok(ExitCode::SUCCESS);
        }
        // The probes of an estimate walk without a budget (EVENTS.md §6), and
        // name an endless tree instead.
        if self.bug.is_some() && self.view.print != Some(Mode::Estimate) {
            self.view.max_nodes.get_or_insert(BUG_BUDGET);
        }
        let side = self.view.instance_side();
        let seed = self
            .view
            .instance_seed(launch::typed_any(&["maze", "grid"]));
        let mut view = View::new(self.view)?;
        let grid = match (seed, side) {
            (Some(seed), side) => {
                let made = seeded::make_maze(seed, side)?;
                view = view.instance(made.command);
                made.loaded
            }
            (None, Some(n)) => bail!("--size {n} (a maze's side) applies only with --seed"),
            (None, None) => maze_of(self.maze.as_deref(), self.grid.as_deref())?,
        };
        if let Some(MazeBug::NoMark) = self.bug {
            let bug = Maze::<NoMark>::with_rules(&grid.value, view.rejects());
            let pair = (bug, Maze::new(&grid.value, true));
            return launch::show_bug(pair, &grid.name, NoMark::BUG.unwrap_or_default(), view);
        }
        let search = Maze::new(&grid.value, view.rejects());
        launch::show(search, &grid.name, view)
    }

    fn bugs() -> Vec<BugLine> {
        launch::bugs_of::<MazeBug>()
    }

    fn search_view(&mut self) -> Option<&mut SearchView> {
        Some(&mut self.view)
    }
}

/// The correct search beside a bug (`--bug NAME`), stepping together from
/// their first difference.
#[derive(Args, Debug)]
pub struct CompareMazeArgs {
    /// A shipped maze (see `maze --list`) or a file with one row per line
    /// [default: sample].
    #[arg(value_name = "NAME|FILE", conflicts_with = "grid")]
    pub maze: Option<String>,

    /// The maze typed inline: rows of 1 or . (open) and 0 or # (wall),
    /// separated by commas (at most 16x16); or a file.
    #[arg(long, value_name = "ROWS|FILE")]
    pub grid: Option<String>,

    /// The bug to set beside the correct search (`backstep bugs`).
    #[arg(long, value_enum, value_name = "NAME", required = true)]
    pub bug: MazeBug,

    #[command(flatten)]
    pub view: CompareView,
}

impl Launch for CompareMazeArgs {
    fn run(mut self) -> Result<ExitCode> {
        self.view.max_nodes.get_or_insert(BUG_BUDGET);
        let grid = maze_of(self.maze.as_deref(), self.grid.as_deref())?;
        let MazeBug::NoMark = self.bug;
        let pair = (
            Maze::new(&grid.value, true),
            Maze::<NoMark>::with_rules(&grid.value, true),
        );
        let labels = ["correct", NoMark::BUG.unwrap_or_default()];
        launch::show_parting(pair, &grid.name, labels, &self.view, explain)
    }
}
