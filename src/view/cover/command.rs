//! `backstep cover`: its options, and the search it builds from them.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{Result, bail};
use clap::Args;

use crate::assets;
use crate::input;
use crate::input::seeded;
use crate::launch::{self, Launch, SearchView, View};
use crate::search::cover::Cover;

/// Exact cover with dancing links (Knuth's Algorithm X) on a DLX file.
#[derive(Args, Debug)]
pub struct CoverArgs {
    /// A shipped problem name (see --list) or a file in Knuth's DLX format.
    #[arg(required_unless_present_any = ["list", "seed"], conflicts_with = "seed")]
    pub problem: Option<String>,

    /// Stop after K solutions (closing every open option).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    pub max: Option<u64>,

    /// List the shipped problems and exit.
    #[arg(
        long,
        conflicts_with_all = ["problem", "max", "print", "ascii", "no_color", "predict", "blanks", "seed"]
    )]
    pub list: bool,

    #[command(flatten)]
    pub view: SearchView,
}

impl Launch for CoverArgs {
    fn run(mut self) -> Result<ExitCode> {
        if self.list {
            let mut out = io::BufWriter::new(io::stdout().lock());
            let list = assets::COVER
                .iter()
                .try_for_each(|asset| writeln!(out, "{:<14} {}", asset.name, asset.about))
                .and_then(|()| out.flush());
            launch::written(list)?;
            return Ok(ExitCode::SUCCESS);
        }
        let seed = self.view.instance_seed();
        let mut view = View::new(self.view)?;
        let problem = match (seed, self.problem) {
            (Some(seed), _) => {
                let made = seeded::make_cover(seed)?;
                view = view.instance(made.command);
                made.loaded
            }
            (None, Some(arg)) => input::cover::load(&arg)?,
            (None, None) => bail!("name a problem (see `backstep cover --list`) or a DLX file"),
        };
        let search = Cover::new(&problem.value, self.max);
        launch::show(search, &problem.name, view)
    }
}
