//! `backstep colour` (also `color`) and `backstep compare colour`: their
//! options, and the searches they build from them. The comparison is the
//! same graph and the same question (the first colouring, or with --all
//! every one) with m colours against m-1 or K: stopping at the first
//! colouring against counting them all would answer different questions,
//! so their node counts would make no fair pair.

use std::process::ExitCode;

use anyhow::{Result, bail};
use clap::Args;

use crate::assets;
use crate::input::colour::{DEFAULT_EDGES, colours_m, load_graph, parse_edges, vertex_count};
use crate::input::seeded;
use crate::launch::{self, CompareView, Launch, Named, SearchView, View};
use crate::search::colour::{Colour, ColourOptions, Graph};

/// Graph colouring with m colours: the first colouring, or with --all every one.
#[derive(Args, Debug)]
#[command(visible_alias = "color")]
pub struct ColourArgs {
    /// A shipped graph (see --list) or a DIMACS .col file (`p edge V E`,
    /// `e a b`, 1-based) [default: sample].
    #[arg(value_name = "NAME|FILE", conflicts_with_all = ["vertices", "edges"])]
    pub graph: Option<String>,

    /// The number of vertices, 0 to 32 [default: the largest vertex named + 1].
    #[arg(long, value_name = "V", value_parser = vertex_count)]
    pub vertices: Option<usize>,

    /// The edges typed inline, as 0-based pairs, comma-separated (empty for
    /// none).
    #[arg(long, value_name = "EDGES", default_value = DEFAULT_EDGES, allow_hyphen_values = true)]
    pub edges: String,

    /// With --seed: the number of edges of the graph made, chosen at
    /// random among the V(V-1)/2 pairs [default: 3V/2].
    #[arg(long, value_name = "E", requires = "seed")]
    pub edges_count: Option<usize>,

    /// The number of colours, 1 to 9.
    #[arg(short = 'm', long = "colours", visible_alias = "colors", value_name = "M", default_value = "3", value_parser = colours_m)]
    pub colours: u8,

    /// The graph, as the first argument is (kept for older command lines).
    #[arg(long = "graph", value_name = "NAME|FILE", hide = true, conflicts_with_all = ["graph", "vertices", "edges"])]
    pub graph_option: Option<String>,

    /// Count every colouring instead of stopping at the first.
    #[arg(long)]
    pub all: bool,

    /// List the shipped graphs, one line each, and exit (alone: with any
    /// other argument it is an error).
    #[arg(long)]
    pub list: bool,

    #[command(flatten)]
    pub view: SearchView,
}

impl Launch for ColourArgs {
    fn run(mut self) -> Result<ExitCode> {
        if self.list {
            launch::print_text(&assets::list_text(assets::GRAPHS))?;
            return Ok(ExitCode::SUCCESS);
        }
        let named = launch::typed_any(&["graph", "graph_option", "edges"]);
        if named && self.edges_count.is_some() {
            bail!("--edges-count applies only to a graph made by --seed, and a graph is named");
        }
        let seed = self.view.instance_seed(named);
        let mut view = View::new(self.view)?;
        let named = self.graph.or(self.graph_option);
        let (name, graph) = match seed {
            Some(seed) => {
                let made = seeded::make_graph(seed, self.vertices, self.edges_count)?;
                view = view.instance(made.command);
                (made.loaded.name, made.loaded.value)
            }
            None => read_graph(named.as_deref(), &self.edges, self.vertices)?,
        };
        let options = ColourOptions {
            m: self.colours,
            all: self.all,
            rejects: view.rejects(),
        };
        launch::show(Colour::new(&graph, options), &name, view)
    }

    fn search_view(&mut self) -> Option<&mut SearchView> {
        Some(&mut self.view)
    }
}

/// The graph named (a shipped name or a file), or else of `--edges` and
/// `--vertices`, with its name.
fn read_graph(file: Option<&str>, edges: &str, vertices: Option<usize>) -> Result<(String, Graph)> {
    Ok(match file {
        Some(arg) => {
            let loaded = load_graph(arg)?;
            (loaded.name, loaded.value)
        }
        None => ("graph".to_string(), parse_edges(edges, vertices)?),
    })
}

/// The same graph with m colours against m-1 (or --against K colours), in
/// lockstep by node.
#[derive(Args, Debug)]
#[command(visible_alias = "color")]
pub struct CompareColourArgs {
    /// A shipped graph (see `colour --list`) or a DIMACS .col file
    /// [default: sample].
    #[arg(value_name = "NAME|FILE", conflicts_with_all = ["vertices", "edges"])]
    pub graph: Option<String>,

    /// The number of vertices, 0 to 32 [default: the largest vertex named + 1].
    #[arg(long, value_name = "V", value_parser = vertex_count)]
    pub vertices: Option<usize>,

    /// The edges as 0-based pairs, comma-separated (empty for none).
    #[arg(long, value_name = "EDGES", default_value = DEFAULT_EDGES, allow_hyphen_values = true)]
    pub edges: String,

    /// The number of colours on the left, 1 to 9.
    #[arg(short = 'm', long = "colours", visible_alias = "colors", value_name = "M", default_value = "3", value_parser = colours_m)]
    pub colours: u8,

    /// The number of colours on the right, 1 to 9, other than M [default: M-1].
    #[arg(long, value_name = "K", value_parser = colours_m)]
    pub against: Option<u8>,

    /// The graph, as the first argument is (kept for older command lines).
    #[arg(long = "graph", value_name = "NAME|FILE", hide = true, conflicts_with_all = ["graph", "vertices", "edges"])]
    pub graph_option: Option<String>,

    /// Count every colouring on both sides instead of stopping at the first.
    #[arg(long)]
    pub all: bool,

    #[command(flatten)]
    pub view: CompareView,
}

impl Launch for CompareColourArgs {
    fn run(self) -> Result<ExitCode> {
        let m = self.colours;
        let against = match self.against {
            Some(k) if k == m => {
                bail!(
                    "--against {k} would compare m={m} with itself; give another number of colours"
                )
            }
            Some(k) => k,
            None if m > 1 => m - 1,
            None => bail!("-m 1 has no m-1 to compare against; give --against K (2 to 9)"),
        };
        let named = self.graph.as_ref().or(self.graph_option.as_ref());
        let (name, graph) = read_graph(named.map(String::as_str), &self.edges, self.vertices)?;
        let make = |m| {
            let options = ColourOptions {
                m,
                all: self.all,
                rejects: self.view.on_screen(),
            };
            Colour::new(&graph, options)
        };
        let labels = [format!("m={m}"), format!("m={against}")];
        let labels = [labels[0].as_str(), labels[1].as_str()];
        let pair = (make(m), make(against));
        launch::show_pair(pair, &name, labels, Named::InHead, &self.view)
    }
}
