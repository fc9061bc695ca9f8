//! `backstep cover`: its options, and the search it builds from them.

use std::process::ExitCode;

use anyhow::Result;
use clap::Args;

use crate::assets;
use crate::input;
use crate::input::seeded;
use crate::launch::{self, Launch, SearchView, View};
use crate::search::cover::Cover;

/// Exact cover with dancing links (Knuth's Algorithm X) on a DLX file.
#[derive(Args, Debug)]
pub struct CoverArgs {
    /// A shipped problem (see --list) or a file in Knuth's DLX format.
    #[arg(value_name = "NAME|FILE", default_value = "knuth")]
    pub problem: String,

    /// Stop after K solutions (closing every open option).
    #[arg(long, value_name = "K", allow_hyphen_values = true, value_parser = launch::at_least_one)]
    pub max: Option<u64>,

    /// List the shipped problems, one line each, and exit (alone: with any
    /// other argument it is an error).
    #[arg(long)]
    pub list: bool,

    #[command(flatten)]
    pub view: SearchView,
}

impl Launch for CoverArgs {
    fn run(mut self) -> Result<ExitCode> {
        if self.list {
            launch::print_text(&assets::list_text(assets::COVER))?;
            return Ok(ExitCode::SUCCESS);
        }
        let seed = self.view.instance_seed(launch::typed_any(&["problem"]));
        let mut view = View::new(self.view)?;
        let problem = match seed {
            Some(seed) => {
                let made = seeded::make_cover(seed)?;
                view = view.instance(made.command);
                made.loaded
            }
            None => input::cover::load(&self.problem)?,
        };
        let search = Cover::new(&problem.value, self.max);
        launch::show(search, &problem.name, view)
    }

    fn search_view(&mut self) -> Option<&mut SearchView> {
        Some(&mut self.view)
    }
}
