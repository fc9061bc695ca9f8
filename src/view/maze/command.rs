//! `backstep maze`: its options, and the search it builds from them. There
//! is no `compare maze`: the maze search has one variant, so there is no
//! fair pair to set side by side.

use std::process::ExitCode;

use anyhow::Result;
use clap::Args;

use crate::input::maze::{DEFAULT, load_grid};
use crate::launch::{self, Launch, SearchView, View};
use crate::search::maze::Maze;

/// Rat in a Maze: every path from the top-left cell to the bottom-right one.
#[derive(Args, Debug)]
pub struct MazeArgs {
    /// The maze: rows of 1 or . (open) and 0 or # (wall), separated by
    /// commas, or a file with one row per line (at most 16x16).
    #[arg(long, value_name = "ROWS|FILE", default_value = DEFAULT)]
    pub grid: String,

    #[command(flatten)]
    pub view: SearchView,
}

impl Launch for MazeArgs {
    fn run(self) -> Result<ExitCode> {
        let view = View::new(self.view)?;
        let grid = load_grid(&self.grid)?;
        let search = Maze::new(&grid.value, view.rejects());
        launch::show(search, &grid.name, view)
    }
}
