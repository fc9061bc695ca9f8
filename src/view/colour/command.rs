//! `backstep colour` (also `color`): its options, and the search it builds
//! from them. There is no `compare colour`: stopping at the first
//! colouring and counting them all answer different questions, so their
//! node counts make no fair pair.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use clap::Args;

use crate::assets;
use crate::input::colour::{DEFAULT_EDGES, colours_m, load_graph, parse_edges, vertex_count};
use crate::launch::{self, Launch, SearchView, View};
use crate::search::colour::{Colour, ColourOptions};

/// Graph colouring with m colours: the first colouring, or with --all every one.
#[derive(Args, Debug)]
#[command(visible_alias = "color")]
pub struct ColourArgs {
    /// The number of vertices, 0 to 32 [default: the largest vertex named + 1].
    #[arg(long, value_name = "V", value_parser = vertex_count)]
    pub vertices: Option<usize>,

    /// The edges as 0-based pairs, comma-separated (empty for none).
    #[arg(long, value_name = "EDGES", default_value = DEFAULT_EDGES, allow_hyphen_values = true)]
    pub edges: String,

    /// The number of colours, 1 to 9.
    #[arg(short = 'm', long = "colours", visible_alias = "colors", value_name = "M", default_value = "3", value_parser = colours_m)]
    pub colours: u8,

    /// A DIMACS .col file (`p edge V E`, `e a b`, 1-based) or a shipped
    /// graph (see --list).
    #[arg(long, value_name = "FILE|NAME", conflicts_with_all = ["vertices", "edges"])]
    pub graph: Option<String>,

    /// Count every colouring instead of stopping at the first.
    #[arg(long)]
    pub all: bool,

    /// List the shipped graphs and exit.
    #[arg(
        long,
        conflicts_with_all = ["vertices", "edges", "colours", "graph", "all", "print", "ascii", "no_color", "predict", "blanks", "seed"]
    )]
    pub list: bool,

    #[command(flatten)]
    pub view: SearchView,
}

impl Launch for ColourArgs {
    fn run(self) -> Result<ExitCode> {
        if self.list {
            let mut out = io::BufWriter::new(io::stdout().lock());
            let list = assets::GRAPHS
                .iter()
                .try_for_each(|asset| writeln!(out, "{:<8} {}", asset.name, asset.about))
                .and_then(|()| out.flush());
            launch::written(list)?;
            return Ok(ExitCode::SUCCESS);
        }
        let view = View::new(self.view)?;
        let (name, graph) = match &self.graph {
            Some(arg) => {
                let loaded = load_graph(arg)?;
                (loaded.name, loaded.value)
            }
            None => (
                "graph".to_string(),
                parse_edges(&self.edges, self.vertices)?,
            ),
        };
        let options = ColourOptions {
            m: self.colours,
            all: self.all,
            rejects: view.rejects(),
        };
        launch::show(Colour::new(&graph, options), &name, view)
    }
}
