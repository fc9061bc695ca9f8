//! From a parsed command line to a search on screen or on standard output,
//! for any search: the option groups every search shares, the [`Kind`] of
//! a registry entry, and the generic [`show`] and [`show_pair`].
//!
//! Nothing here names a search. Each search's own options and the code that
//! builds it from them live in its command file (`src/view/<s>/command.rs`),
//! which implements [`Launch`]; the registry (`src/registry.rs`) lists the
//! searches, and the command line is built from that list.

use std::io::{self, Write};
use std::marker::PhantomData;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use clap::{ArgMatches, Args, FromArgMatches, ValueEnum};

use crate::print::{self, Mode};
use crate::ui::compare::{self, Contender, Cost};
use crate::ui::{self, scene::Scene, theme::Theme};
use crate::worksheet::{self, Blanks, Group, Sheet};

/// One search's parsed options (a subcommand's, or a `compare`
/// subcommand's), ready to run.
pub trait Launch: Args + FromArgMatches + 'static {
    /// Builds the search from the options and shows it: headless, or on
    /// screen. The exit status is the search's to say (`samples`-like
    /// checks may fail with 1); errors are reported by `main` (status 2).
    fn run(self) -> Result<ExitCode>;
}

/// A search as the registry lists it: its subcommand, its `compare`
/// subcommand if it has one, and how to run either from what clap parsed.
/// Object-safe, so that the registry is a plain list of `&dyn Kind`.
pub trait Kind: Sync {
    /// The subcommand's name, e.g. `queens`.
    fn name(&self) -> &'static str;
    /// The search's subcommand, with its options and their help.
    fn command(&self) -> clap::Command;
    /// The subcommand of `compare` for this search, if it has one.
    fn compare(&self) -> Option<clap::Command>;
    /// Runs the search from its subcommand's matches.
    fn run(&self, matches: &ArgMatches) -> Result<ExitCode>;
    /// Runs the comparison from its `compare` subcommand's matches.
    fn run_compare(&self, matches: &ArgMatches) -> Result<ExitCode>;
}

/// The registry entry of a search whose options are `S`, compared under
/// `compare <name>` with the options `C`.
pub struct Entry<S, C> {
    name: &'static str,
    types: PhantomData<fn() -> (S, C)>,
}

impl<S: Launch, C: Launch> Entry<S, C> {
    /// The entry of the search whose subcommand is `name`.
    pub const fn new(name: &'static str) -> Self {
        Entry {
            name,
            types: PhantomData,
        }
    }
}

impl<S: Launch, C: Launch> Kind for Entry<S, C> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn command(&self) -> clap::Command {
        S::augment_args(clap::Command::new(self.name))
    }

    fn compare(&self) -> Option<clap::Command> {
        Some(C::augment_args(clap::Command::new(self.name)))
    }

    fn run(&self, matches: &ArgMatches) -> Result<ExitCode> {
        S::from_arg_matches(matches).map_err(clap_bug)?.run()
    }

    fn run_compare(&self, matches: &ArgMatches) -> Result<ExitCode> {
        C::from_arg_matches(matches).map_err(clap_bug)?.run()
    }
}

/// The registry entry of a search with the options `S` and no comparison.
pub struct Solo<S> {
    name: &'static str,
    types: PhantomData<fn() -> S>,
}

impl<S: Launch> Solo<S> {
    /// The entry of the search whose subcommand is `name`.
    pub const fn new(name: &'static str) -> Self {
        Solo {
            name,
            types: PhantomData,
        }
    }
}

impl<S: Launch> Kind for Solo<S> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn command(&self) -> clap::Command {
        S::augment_args(clap::Command::new(self.name))
    }

    fn compare(&self) -> Option<clap::Command> {
        None
    }

    fn run(&self, matches: &ArgMatches) -> Result<ExitCode> {
        S::from_arg_matches(matches).map_err(clap_bug)?.run()
    }

    fn run_compare(&self, _: &ArgMatches) -> Result<ExitCode> {
        bail!("`compare {}` does not exist", self.name)
    }
}

/// Clap parsed the matches from the very command it then reads them back
/// with, so a failure here is a mismatch in the program, reported as an
/// error rather than a panic.
fn clap_bug(err: clap::Error) -> anyhow::Error {
    anyhow::anyhow!("internal error reading the options: {err}")
}

/// How to show one search: the terminal UI (with its look and predict mode)
/// or a headless output (with the worksheet's blanks).
#[derive(Args, Debug, Default)]
pub struct SearchView {
    /// Print headless output instead of opening the terminal UI.
    #[arg(long, value_enum, value_name = "MODE")]
    pub print: Option<Mode>,

    #[command(flatten)]
    pub look: Look,

    /// Stop the search once it would count more than K nodes: the result
    /// is marked incomplete.
    #[arg(long, value_name = "K", allow_hyphen_values = true, value_parser = node_budget)]
    pub max_nodes: Option<u64>,

    /// Start in predict mode: guess each decision before it is shown.
    #[arg(long, conflicts_with = "print")]
    pub predict: bool,

    /// With --print worksheet: the columns to leave blank, comma-separated
    /// [default: legal,outcome].
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        value_name = "COLUMNS",
        conflicts_with = "seed"
    )]
    pub blanks: Option<Vec<Group>>,

    /// With --print worksheet: leave a third of the cells blank, chosen at
    /// random; the same K hides the same cells.
    #[arg(long, value_name = "K")]
    pub seed: Option<u64>,
}

/// How the terminal UI draws. Headless output is plain ASCII text with no
/// colour, so these conflict with `--print`.
#[derive(Args, Debug, Default)]
pub struct Look {
    /// Draw the terminal UI with ASCII characters only.
    #[arg(long, conflicts_with = "print")]
    pub ascii: bool,

    /// Draw the terminal UI without colours: bold, reverse and underline
    /// only (also set by NO_COLOR).
    #[arg(long, conflicts_with = "print")]
    pub no_color: bool,
}

/// How to show a comparison: side by side on screen, or its summary.
#[derive(Args, Debug)]
pub struct CompareView {
    /// Print both summaries and the node ratio instead of opening the
    /// terminal UI.
    #[arg(long, value_enum, value_name = "MODE")]
    pub print: Option<SummaryOnly>,

    /// Stop each search once it would count more than K nodes: its result
    /// is marked incomplete.
    #[arg(long, value_name = "K", allow_hyphen_values = true, value_parser = node_budget)]
    pub max_nodes: Option<u64>,

    #[command(flatten)]
    pub look: Look,
}

impl CompareView {
    /// Whether the comparison is shown on screen, where each side steps
    /// through its events (with rejects); the summary only counts.
    pub fn on_screen(&self) -> bool {
        self.print.is_none()
    }
}

/// The one headless output of `compare`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SummaryOnly {
    /// Both summaries, each labelled with its variant, and the node ratio.
    Summary,
}

/// Reads `--max-nodes K`: a whole number of nodes, 0 or more (a root that
/// counts is always entered, so 0 still shows one node).
fn node_budget(text: &str) -> Result<u64, String> {
    text.parse()
        .map_err(|_| format!("expected a whole number of nodes (0 or more), not '{text}'"))
}

/// The result of writing to standard output, with the failure named (a
/// closed pipe stays recognisable to `main`, which ends quietly on it).
pub fn written(result: io::Result<()>) -> Result<()> {
    result.context("cannot write to standard output")
}

/// Writes `text` to standard output and flushes it.
pub fn print_text(text: &str) -> Result<()> {
    let mut out = io::stdout().lock();
    written(out.write_all(text.as_bytes()).and_then(|()| out.flush()))
}

/// The colours and glyphs `--no-color` and `--ascii` (or NO_COLOR) ask for.
pub fn theme(look: &Look) -> Theme {
    let no_color = look.no_color || std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    Theme::new(!no_color, look.ascii)
}

/// How the user asked to see the search.
pub struct View {
    mode: Option<Mode>,
    max_nodes: Option<u64>,
    predict: bool,
    theme: Theme,
    /// Which cells a worksheet leaves blank.
    blanks: Blanks,
}

impl View {
    /// Reads the options of one search. Worksheet options given to another
    /// mode are refused rather than ignored: a user who asked for blanks
    /// would otherwise get a full table and not know why.
    pub fn new(args: SearchView) -> Result<View> {
        if args.print != Some(Mode::Worksheet) {
            let given = [
                ("--blanks", args.blanks.is_some()),
                ("--seed", args.seed.is_some()),
            ];
            if let Some((name, _)) = given.iter().find(|(_, given)| *given) {
                bail!("{name} applies only with --print worksheet");
            }
        }
        let blanks = match (args.seed, args.blanks) {
            (Some(seed), _) => Blanks::Random(seed),
            (None, Some(groups)) => Blanks::Columns(groups),
            (None, None) => Blanks::default(),
        };
        Ok(View {
            mode: args.print,
            max_nodes: args.max_nodes,
            predict: args.predict,
            theme: theme(&args.look),
            blanks,
        })
    }

    /// Whether the search should yield its rejects: counting needs none;
    /// every other output shows them.
    pub fn rejects(&self) -> bool {
        self.mode != Some(Mode::Summary)
    }
}

/// Prints the search headless, or opens the terminal UI on it.
pub fn show<S: Scene + Sheet>(mut search: S, name: &str, view: View) -> Result<ExitCode> {
    if let Some(max) = view.max_nodes {
        search.limit_nodes(max);
    }
    let Some(mode) = view.mode else {
        if !ui::can_draw() {
            bail!(
                "standard output is not a terminal; add --print summary, jsonl, trace, table or worksheet"
            );
        }
        ui::run(search, name, view.theme, view.predict)?;
        return Ok(ExitCode::SUCCESS);
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    let printed = match mode {
        Mode::Worksheet => worksheet::write(search, &view.blanks, &mut out),
        _ => print::print(search, mode, &mut out),
    };
    written(printed.and_then(|()| out.flush()))?;
    Ok(ExitCode::SUCCESS)
}

/// Prints both summaries, each labelled with its variant, and the node
/// ratio; or opens the compare screen.
pub fn show_pair<A: Scene + 'static, B: Scene + 'static>(
    (left, right): (A, B),
    name: &str,
    labels: [&str; 2],
    view: &CompareView,
) -> Result<ExitCode> {
    show_sides(
        vec![Box::new(left), Box::new(right)],
        name,
        &labels,
        view,
        false,
    )
}

/// Prints every side's summary, each labelled with its variant, the node
/// counts and their ratios (and with `costs`, each side's cost per node);
/// or opens the compare screen on the sides, left to right.
pub fn show_sides(
    mut sides: Vec<Box<dyn Contender>>,
    name: &str,
    labels: &[&str],
    view: &CompareView,
    costs: bool,
) -> Result<ExitCode> {
    if let Some(max) = view.max_nodes {
        sides.iter_mut().for_each(|side| side.limit_nodes(max));
    }
    if view.print.is_none() {
        if !ui::can_draw() {
            bail!("standard output is not a terminal; add --print summary");
        }
        let theme = theme(&view.look);
        let panes = sides.into_iter().map(|s| s.into_pane(name, theme));
        let labels = labels.iter().map(ToString::to_string).collect();
        ui::compare::run(panes.collect(), labels, costs)?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut text = String::new();
    for (side, label) in sides.iter_mut().zip(labels) {
        side.run_to_end();
        text.push_str(&labelled(&side.summary(), label));
        text.push('\n');
    }
    let nodes: Vec<u64> = sides.iter().map(|s| s.nodes()).collect();
    text.push_str(&format!("nodes: {}\n", compare::nodes_text(labels, &nodes)));
    let spent: Vec<Option<Cost>> = sides.iter().map(|s| s.cost()).collect();
    if let Some(per_node) = compare::cost_text(labels, &spent).filter(|_| costs) {
        let all: Vec<String> = labels
            .iter()
            .zip(spent.iter().flatten())
            .map(|(label, cost)| format!("{label} {}", cost.work))
            .collect();
        text.push_str(&format!(
            "cost per node: {per_node}\nwork in all: {}\n",
            all.join(" vs ")
        ));
    }
    print_text(&text)?;
    Ok(ExitCode::SUCCESS)
}

/// A summary whose first line names its variant: `sudoku: ...` becomes
/// `sudoku mrv: ...`, like `queens 8 symmetry: ...`, which already names
/// its own (a label in words, `check at end`, matches the summary's
/// `check-at-end`).
pub fn labelled(summary: &str, label: &str) -> String {
    let Some(colon) = summary.find(':') else {
        return format!("{label}: {summary}");
    };
    let head = summary[..colon].replace('-', " ");
    if head.ends_with(&format!(" {label}")) {
        summary.to_string()
    } else {
        format!("{} {label}{}", &summary[..colon], &summary[colon..])
    }
}
