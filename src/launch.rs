//! From a parsed command line to a search on screen or on standard output,
//! for any search: the option groups every search shares, the [`Kind`] of
//! a registry entry, and the generic [`show`] and [`show_pair`].
//!
//! Nothing here names a search. Each search's own options and the code that
//! builds it from them live in its command file (`src/view/<s>/command.rs`),
//! which implements [`Launch`]; the registry (`src/registry.rs`) lists the
//! searches, and the command line is built from that list.

use std::cell::RefCell;
use std::io::{self, Write};
use std::marker::PhantomData;
use std::path::PathBuf;
use std::process::ExitCode;
use std::rc::Rc;

use anyhow::{Context, Result, bail};
use clap::{ArgMatches, Args, FromArgMatches, ValueEnum};

use crate::check;
use crate::estimate;
pub use crate::files::shell_word;
use crate::model;
pub use crate::parting::BugLine;
use crate::parting::{self, Explain};
use crate::position::{self, Position};
use crate::print::{self, Mode};
use crate::progress::Progress;
use crate::ui::app::{App, Panel};
use crate::ui::compare::{self, Contender, Cost, Pane};
use crate::ui::scene::{Capability, Scene};
use crate::ui::{self, still, svg, theme::Theme};
use crate::worksheet::{self, Blanks, Group};

/// One search's parsed options (a subcommand's, or a `compare`
/// subcommand's), ready to run.
pub trait Launch: Args + FromArgMatches + 'static {
    /// Builds the search from the options and shows it: headless, or on
    /// screen. The exit status is the search's to say (`samples`-like
    /// checks may fail with 1); errors are reported by `main` (status 2).
    fn run(self) -> Result<ExitCode>;

    /// The bug lab's bugs of this search (`--bug NAME`), for `backstep
    /// bugs`; none unless the search has some (see [`bugs_of`]).
    fn bugs() -> Vec<BugLine> {
        Vec::new()
    }

    /// The options of how the search is shown, for `backstep check` to
    /// hand its request to the search this command builds (see
    /// [`Kind::check`]); `None` for a command that shows no one search.
    fn search_view(&mut self) -> Option<&mut SearchView> {
        None
    }

    /// What the searches this command builds do not offer (see
    /// [`Capability`]; a search that gives only its words lacks
    /// [`Capability::ALL`]): the options and `--print` modes that ask for
    /// them are left out of the command's `--help`, completions and man
    /// page (`hiding`), and refused by name if given all the same. None
    /// by default. Stated, not read off a search: the help is written
    /// before any search is built, and one command may build several
    /// searches; a test holds every registered command's list to what its
    /// searches offer (`Opened::offers`).
    const LACKS: &'static [Capability] = &[];
}

/// The bugs of a search's `--bug` value enum, with their help lines.
pub fn bugs_of<E: ValueEnum>() -> Vec<BugLine> {
    E::value_variants()
        .iter()
        .filter_map(ValueEnum::to_possible_value)
        .map(|value| BugLine {
            name: value.get_name().to_string(),
            about: value
                .get_help()
                .map(ToString::to_string)
                .unwrap_or_default(),
        })
        .collect()
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
    /// The search's bugs, for `backstep bugs`.
    fn bugs(&self) -> Vec<BugLine>;

    /// What the search does not offer ([`Launch::LACKS`]).
    fn lacks(&self) -> &'static [Capability];

    /// The search's variants, as the arguments after its subcommand that
    /// pick each (see [`variants_of`]).
    fn variants(&self) -> Vec<Vec<String>> {
        variants_of(&self.command())
    }

    /// Builds the search from its subcommand's matches exactly as
    /// [`Kind::run`] would, and hands it to `backstep check` (`request`)
    /// instead of showing it.
    fn check(&self, matches: &ArgMatches, request: check::Request) -> Result<()>;

    /// Builds the search from its subcommand's matches exactly as
    /// [`Kind::run`] would, and opens it in-process (see [`open`]).
    fn open(&self, matches: &ArgMatches) -> Result<Box<dyn Opened>>;
}

/// Every variant a search's command line can pick, as the arguments after
/// the subcommand: none (the default), then each of its own flags alone
/// (`--full`, `--all`, `--no-inventory`) and each value of each of its
/// value lists (`--order`, `--state`, `--bug`) but the default, kept when
/// the command accepts it with `--print trace` (so `--list` and `--play`,
/// which show no trace, are not variants; an instance not yet named is no
/// reason to refuse one). Read from the command itself:
/// an option added to a search is a variant with no list to keep. The
/// options every search shares ([`SearchView`]) and those taking other
/// values (an instance, a size) pick no variant.
pub fn variants_of(command: &clap::Command) -> Vec<Vec<String>> {
    let shared = SearchView::augment_args(clap::Command::new("view"));
    let shared: Vec<&clap::Id> = shared.get_arguments().map(clap::Arg::get_id).collect();
    let mut variants = vec![Vec::new()];
    for arg in command.get_arguments() {
        if shared.contains(&arg.get_id()) || arg.is_positional() || arg.is_hide_set() {
            continue;
        }
        let Some(long) = arg.get_long() else {
            continue;
        };
        let flag = format!("--{long}");
        if matches!(arg.get_action(), clap::ArgAction::SetTrue) {
            variants.push(vec![flag]);
            continue;
        }
        let defaults = arg.get_default_values();
        for value in arg.get_possible_values() {
            if value.is_hide_set()
                || defaults
                    .iter()
                    .any(|d| value.matches(&d.to_string_lossy(), false))
            {
                continue;
            }
            variants.push(vec![flag.clone(), value.get_name().to_string()]);
        }
    }
    // A command that needs an instance named is refused for want of it,
    // which is no conflict: its variants stand.
    variants.retain(|args| {
        let line = std::iter::once(command.get_name())
            .chain(args.iter().map(String::as_str))
            .chain(["--print", "trace"]);
        match command.clone().try_get_matches_from(line) {
            Ok(_) => true,
            Err(err) => err.kind() == clap::error::ErrorKind::MissingRequiredArgument,
        }
    });
    variants
}

/// A search opened in-process as `--print frame` opens it, for a caller
/// (the screen-against-trace test) to step and draw: see [`open`].
pub trait Opened {
    /// Goes to `step`, or the end if it is past it.
    fn go_to(&mut self, step: u64);
    /// The current step.
    fn step(&self) -> u64;
    /// The number of events, once the end has been reached.
    fn total(&self) -> Option<u64>;
    /// The screen at `width` x `height`, as `--print frame` draws it.
    fn frame(&self, width: u16, height: u16) -> Result<ratatui::buffer::Buffer>;
    /// The rows of the trace table panel, as far as the search has gone
    /// (brought up to the step as the panel brings them when shown).
    fn table_rows(&mut self) -> Vec<Vec<crate::model::Cell>>;
    /// Does what a key of the screen does (a panel, help, predict), and
    /// finishes the job it starts, if any.
    fn act(&mut self, action: ui::keys::Action);
    /// Whether a `width` x `height` screen draws the compact board and
    /// masks (`Scene::compact_board_size`) rather than the full ones.
    fn compact_at(&self, width: u16, height: u16) -> bool;
    /// Whether the search offers `capability`.
    fn offers(&self, capability: Capability) -> bool;
    /// Where a click lands on the last frame drawn ([`Opened::frame`]):
    /// each spot's area and what is under it (a table row, a tree node).
    fn spots(&self) -> Vec<(ratatui::layout::Rect, ui::mouse::Spot)>;
}

impl<S: Scene + 'static> Opened for App<S> {
    fn go_to(&mut self, step: u64) {
        App::go_to(self, step);
    }

    fn step(&self) -> u64 {
        self.timeline.step()
    }

    fn total(&self) -> Option<u64> {
        self.timeline.total()
    }

    fn frame(&self, width: u16, height: u16) -> Result<ratatui::buffer::Buffer> {
        still::draw(self, width, height)
    }

    fn table_rows(&mut self) -> Vec<Vec<crate::model::Cell>> {
        self.nodes.sync(&self.timeline);
        let log = self.nodes.log();
        (0..log.rows().len()).map(|i| log.table_row(i)).collect()
    }

    fn compact_at(&self, width: u16, height: u16) -> bool {
        let area = ratatui::layout::Rect::new(0, 0, width, height);
        ui::render::fit(self, area) == crate::ui::scene::Fit::Compact
    }

    fn act(&mut self, action: ui::keys::Action) {
        App::act(self, action);
        while self.pending.is_some() || self.running {
            self.tick(std::time::Duration::ZERO);
        }
    }

    fn offers(&self, capability: Capability) -> bool {
        capability.offered(self.timeline.search())
    }

    fn spots(&self) -> Vec<(ratatui::layout::Rect, ui::mouse::Spot)> {
        self.hits.all()
    }
}

/// Where [`show`] hands over the screen of a search [`open`] asked for,
/// instead of showing it.
#[derive(Clone, Default)]
pub struct Opening(Rc<RefCell<Option<Box<dyn Opened>>>>);

impl std::fmt::Debug for Opening {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Opening")
    }
}

/// Opens the search `args` name (the arguments after `backstep <kind>`,
/// as a person types them) at step 0, as the screen opens it, without
/// showing it: the command is parsed and built as `main` runs it, and
/// [`show`] hands the screen over. An error when the arguments are
/// refused or the command shows no one search.
pub fn open(kind: &dyn Kind, args: &[String]) -> Result<Box<dyn Opened>> {
    let matches = kind.command().try_get_matches_from(
        std::iter::once(kind.name()).chain(args.iter().map(String::as_str)),
    )?;
    kind.open(&matches)
}

/// The command `S`'s arguments as typed, remembered for the lines that
/// name them again (a worksheet's `backstep-command:`).
fn typed<S: Launch>(name: &str, matches: &ArgMatches) -> Result<S> {
    remember_typed(
        name,
        &S::augment_args(clap::Command::new("search")),
        matches,
    );
    S::from_arg_matches(matches).map_err(clap_bug)
}

/// Runs the command `S` with an [`Opening`] in place of its view.
fn run_opened<S: Launch>(name: &str, matches: &ArgMatches) -> Result<Box<dyn Opened>> {
    let mut args = typed::<S>(name, matches)?;
    let Some(view) = args.search_view() else {
        bail!("`{name}` shows no one search to open");
    };
    let opening = Opening::default();
    view.open = Some(opening.clone());
    args.run()?;
    let opened = opening.0.borrow_mut().take();
    opened.context("the command showed no search")
}

/// Runs the command `S` with `check`'s request in place of its view.
fn run_checked<S: Launch>(name: &str, matches: &ArgMatches, request: check::Request) -> Result<()> {
    let mut args = typed::<S>(name, matches)?;
    let Some(view) = args.search_view() else {
        bail!("`check` cannot grade against `{name}`: it shows no one search");
    };
    view.check = Some(request);
    args.run().map(drop)
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
        let command = listing_alone(S::augment_args(clap::Command::new(self.name)));
        hiding(command, S::LACKS)
    }

    fn compare(&self) -> Option<clap::Command> {
        Some(C::augment_args(clap::Command::new(self.name)))
    }

    fn run(&self, matches: &ArgMatches) -> Result<ExitCode> {
        remember_typed(self.name, &self.command(), matches);
        S::from_arg_matches(matches).map_err(clap_bug)?.run()
    }

    fn run_compare(&self, matches: &ArgMatches) -> Result<ExitCode> {
        C::from_arg_matches(matches).map_err(clap_bug)?.run()
    }

    fn bugs(&self) -> Vec<BugLine> {
        S::bugs()
    }

    fn lacks(&self) -> &'static [Capability] {
        S::LACKS
    }

    fn check(&self, matches: &ArgMatches, request: check::Request) -> Result<()> {
        run_checked::<S>(self.name, matches, request)
    }

    fn open(&self, matches: &ArgMatches) -> Result<Box<dyn Opened>> {
        run_opened::<S>(self.name, matches)
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
        let command = listing_alone(S::augment_args(clap::Command::new(self.name)));
        hiding(command, S::LACKS)
    }

    fn compare(&self) -> Option<clap::Command> {
        None
    }

    fn run(&self, matches: &ArgMatches) -> Result<ExitCode> {
        remember_typed(self.name, &self.command(), matches);
        S::from_arg_matches(matches).map_err(clap_bug)?.run()
    }

    fn run_compare(&self, _: &ArgMatches) -> Result<ExitCode> {
        bail!("`compare {}` does not exist", self.name)
    }

    fn bugs(&self) -> Vec<BugLine> {
        S::bugs()
    }

    fn lacks(&self) -> &'static [Capability] {
        S::LACKS
    }

    fn check(&self, matches: &ArgMatches, request: check::Request) -> Result<()> {
        run_checked::<S>(self.name, matches, request)
    }

    fn open(&self, matches: &ArgMatches) -> Result<Box<dyn Opened>> {
        run_opened::<S>(self.name, matches)
    }
}

/// The id of the option that lists a search's shipped instances.
pub const LIST: &str = "list";

/// A search's command with its `--list` (if it has one) in conflict with
/// every other argument of the command, read from the command itself so
/// that a new option cannot drift from it: `colour --list --record x` is
/// refused naming `--record`.
fn listing_alone(command: clap::Command) -> clap::Command {
    if !command.get_arguments().any(|arg| arg.get_id() == LIST) {
        return command;
    }
    let others: Vec<clap::Id> = command
        .get_arguments()
        .map(|arg| arg.get_id().clone())
        .filter(|id| !matches!(id.as_str(), LIST | "help" | "version"))
        .collect();
    command.mut_arg(LIST, |arg| arg.conflicts_with_all(others))
}

/// `command` without what a search lacking `lacks` cannot do in its
/// help: `--print worksheet` and the worksheet's options, `--predict`,
/// `--panel code`. They stay accepted, so that asking for one is the
/// search's own error naming it ([`Capability::refused`]), not clap's.
fn hiding(mut command: clap::Command, lacks: &[Capability]) -> clap::Command {
    if lacks.contains(&Capability::Worksheet) {
        command = command.mut_arg("seed", |arg| arg.help(seed_help(false)));
    }
    for capability in lacks {
        // The `--print` mode, the `--panel` and the options that ask for it.
        let (print, panel, options): (_, _, &[&str]) = match capability {
            Capability::Worksheet => (Some("worksheet"), None, &["blanks", "no_key", "estimate"]),
            Capability::Predict => (None, None, &["predict"]),
            Capability::Algorithm => (None, Some("code"), &[]),
            Capability::Board => (None, None, &[]),
        };
        for id in options {
            command = command.mut_arg(*id, |arg| arg.hide(true));
        }
        if let Some(mode) = print {
            command = hide_value::<Mode>(command, "print", mode);
        }
        if let Some(panel) = panel {
            command = hide_value::<Panel>(command, "panel", panel);
        }
    }
    command
}

/// `--seed`'s help, naming the worksheet's use of the seed only for a
/// search that offers a worksheet (`worksheet`).
fn seed_help(worksheet: bool) -> String {
    let mut help = "The run's random seed. With --print estimate, it makes the probes' random \
                    choices [default: 0]; else a search that can make its own instance makes one \
                    from it when none is named"
        .to_string();
    if worksheet {
        help.push_str(
            "; with --print worksheet on any other, it picks the node the student continues \
             the trace from",
        );
    }
    help
}

/// `command` with the value `value` of its enum option `id` left out of
/// the help (and any value hidden before still hidden).
fn hide_value<E>(command: clap::Command, id: &str, value: &str) -> clap::Command
where
    E: ValueEnum + Clone + Send + Sync + 'static,
{
    let Some(arg) = command.get_arguments().find(|arg| arg.get_id() == id) else {
        return command;
    };
    let mut hidden: Vec<String> = arg
        .get_possible_values()
        .iter()
        .filter(|v| v.is_hide_set())
        .map(|v| v.get_name().to_string())
        .collect();
    hidden.push(value.to_string());
    command.mut_arg(id, |arg| arg.value_parser(Hiding::<E>::new(hidden)))
}

/// An enum option's parser that leaves some of its values out of the help.
#[derive(Clone)]
struct Hiding<E: ValueEnum + Clone + Send + Sync + 'static> {
    hidden: Vec<String>,
    parser: clap::builder::EnumValueParser<E>,
}

impl<E: ValueEnum + Clone + Send + Sync + 'static> Hiding<E> {
    fn new(hidden: Vec<String>) -> Self {
        Hiding {
            hidden,
            parser: clap::builder::EnumValueParser::new(),
        }
    }
}

impl<E: ValueEnum + Clone + Send + Sync + 'static> clap::builder::TypedValueParser for Hiding<E> {
    type Value = E;

    fn parse_ref(
        &self,
        command: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<E, clap::Error> {
        self.parser.parse_ref(command, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        let values = E::value_variants()
            .iter()
            .filter_map(ValueEnum::to_possible_value);
        Some(Box::new(values.map(|value| {
            let hide = self.hidden.iter().any(|name| name == value.get_name());
            value.hide(hide)
        })))
    }
}

thread_local! {
    /// The search command as typed, remembered by [`remember_typed`] for
    /// the worksheet's `backstep-command:` line.
    static TYPED: std::cell::RefCell<Option<Typed>> = const { std::cell::RefCell::new(None) };
}

/// A search command as the user typed it: its name, and each argument
/// given on the command line with its id and, per occurrence, its value
/// and the words that give it (`--grid 1101`, `--full`, a positional value).
#[derive(Clone, Debug, Default)]
pub struct Typed {
    name: String,
    args: Vec<(String, Vec<Given>)>,
}

/// One occurrence of an argument: its value, and the words that give it.
type Given = (String, Vec<String>);

/// Remembers the search command `name` and the arguments of `matches`
/// (parsed by `command`) that came from the command line: the worksheet
/// writes them back as the command that made it.
pub fn remember_typed(name: &str, command: &clap::Command, matches: &ArgMatches) {
    let mut args = Vec::new();
    // Positional arguments first, as a person writes them, then options
    // in the order the command declares them.
    let mut declared: Vec<&clap::Arg> = command.get_arguments().collect();
    declared.sort_by_key(|arg| !arg.is_positional());
    for arg in declared {
        let id = arg.get_id().as_str();
        if matches.value_source(id) != Some(clap::parser::ValueSource::CommandLine) {
            continue;
        }
        let flag = match (arg.get_long(), arg.get_short()) {
            (Some(long), _) => format!("--{long}"),
            (None, Some(short)) => format!("-{short}"),
            (None, None) => String::new(),
        };
        let takes_value = arg.get_action().takes_values();
        let mut given = Vec::new();
        if arg.is_positional() {
            for value in matches.get_raw(id).into_iter().flatten() {
                let value = value.to_string_lossy().into_owned();
                given.push((value.clone(), vec![value]));
            }
        } else if takes_value {
            for value in matches.get_raw(id).into_iter().flatten() {
                let value = value.to_string_lossy().into_owned();
                given.push((value.clone(), vec![flag.clone(), value]));
            }
        } else {
            given.push((String::new(), vec![flag.clone()]));
        }
        args.push((id.to_string(), given));
    }
    let typed = Typed {
        name: name.to_string(),
        args,
    };
    TYPED.with(|cell| *cell.borrow_mut() = Some(typed));
}

/// Whether any of the arguments `ids` (clap ids, e.g. `puzzle`) was typed
/// on the command line of the search being run: a search that makes its
/// instance from `--seed` does so only when no instance is named.
pub fn typed_any(ids: &[&str]) -> bool {
    TYPED.with(|cell| {
        cell.borrow()
            .as_ref()
            .is_some_and(|typed| typed.args.iter().any(|(id, _)| ids.contains(&id.as_str())))
    })
}

/// The search command as typed (see [`remember_typed`]), without the
/// options that only say how it is shown (`--print`, `--no-key`,
/// `--blanks`, `--size WxH`, ...), and without `--seed` unless it made the
/// instance (`seeded`). `None` when no command was remembered (the
/// library called directly).
fn typed_command(seeded: bool) -> Option<String> {
    let typed = TYPED.with(|cell| cell.borrow().clone())?;
    let shown_only = SearchView::augment_args(clap::Command::new("view"));
    let mut words = vec![typed.name.clone()];
    for (id, given) in &typed.args {
        let view_option = shown_only
            .get_arguments()
            .any(|a| a.get_id() == id.as_str());
        let kept = |value: &str| match id.as_str() {
            "max_nodes" => true,
            "seed" => seeded,
            // A plain number is an instance's side; WxH is the screen's.
            "size" => still::parse_size(value).is_err(),
            _ => !view_option,
        };
        for (value, tokens) in given {
            if kept(value) {
                words.extend(tokens.iter().map(|t| shell_word(t)));
            }
        }
    }
    Some(words.join(" "))
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

    /// With --print worksheet: the columns of the first node to leave
    /// blank, comma-separated; every later node is traced by the student
    /// [default: legal,outcome].
    #[arg(long, value_enum, value_delimiter = ',', value_name = "COLUMNS")]
    pub blanks: Option<Vec<Group>>,

    // The run's random seed; its help says what it does for the search
    // at hand ([`seed_help`]).
    #[arg(long, value_name = "S", help = seed_help(true))]
    pub seed: Option<u64>,

    /// With --print estimate: how many random probes to take
    /// [default: 1000].
    #[arg(long, value_name = "K", value_parser = probe_count)]
    pub probes: Option<u64>,

    /// With --print worksheet: add a section where students estimate the
    /// tree by hand from three random probes (seeded by --seed).
    #[arg(long)]
    pub estimate: bool,

    /// With --print worksheet: leave the answer key out (a sheet to hand
    /// out; `backstep check` grades it without one).
    #[arg(long)]
    pub no_key: bool,

    /// Whether `--seed` made the instance (see [`SearchView::instance_seed`]).
    #[arg(skip)]
    pub seeded: bool,

    /// With --print: no progress line on standard error (one is shown only
    /// when it is a terminal and the run lasts over half a second).
    #[arg(long, requires = "print")]
    pub quiet: bool,

    /// Open at this position (on screen, or the frame --print frame or svg
    /// draws): a step number, or the n-th solution, dead end or node
    /// (solution:2, dead-end:1, node:7; nodes as the trace table numbers
    /// them).
    #[arg(long, value_name = "POSITION", allow_hyphen_values = true, value_parser = position::parse)]
    pub at: Option<Position>,

    /// With --print frame, svg, cast or html: the screen's size in columns
    /// and rows [default: 80x24]. A plain number N sets the side of the
    /// instance --seed makes, for a search whose instances take one.
    #[arg(long, value_name = "WxH", value_parser = still::parse_size_or_side, action = clap::ArgAction::Append)]
    pub size: Vec<still::Size>,

    /// The panel below the board to open with (on screen, or in a frame)
    /// [default: events].
    #[arg(long, value_enum, value_name = "PANEL")]
    pub panel: Option<Panel>,

    /// Leave the mouse to the terminal (to select text with it): no clicks
    /// or wheel in the terminal UI (also set by BACKSTEP_NO_MOUSE=1).
    #[arg(long, conflicts_with = "print")]
    pub no_mouse: bool,

    /// Record the terminal UI to FILE as an asciicast v2, as it is drawn
    /// (play it with `backstep replay FILE` or asciinema).
    #[arg(long, value_name = "FILE", conflicts_with = "print")]
    pub record: Option<PathBuf>,

    /// With --print frame, svg, cast or html: the screen without its chrome
    /// (the status at the right of the title and the key legend), for
    /// slides.
    #[arg(long)]
    pub bare: bool,

    /// With --print cast or html: the first step shown [default: 0].
    #[arg(long, value_name = "A")]
    pub from: Option<u64>,

    /// With --print cast or html: the last step shown, or `end` [default: end].
    #[arg(long, value_name = "B", value_parser = last_step)]
    pub to: Option<LastStep>,

    /// With --print cast: steps a second [default: 2]. (`replay --speed`
    /// is another thing: how many times faster than recorded.)
    #[arg(long, value_name = "S", value_parser = ui::replay::speed)]
    pub rate: Option<f64>,

    /// `replay`'s option, not a cast's: refused with a pointer to --rate.
    #[arg(long, hide = true, value_name = "S", allow_hyphen_values = true)]
    pub speed: Option<String>,

    /// What `backstep check` asks of the search, set by it, never typed.
    #[arg(skip)]
    pub check: Option<check::Request>,

    /// Where [`open`] takes the screen, set by it, never typed.
    #[arg(skip)]
    pub open: Option<Opening>,
}

impl SearchView {
    /// Takes `--seed` as the seed of the instance the search makes (a
    /// search that makes one calls this before [`View::new`]) unless an
    /// instance was `named` or the seed is an estimate's (then the seed
    /// stays the run's: a worksheet's node, the estimate's probes). A seed taken no longer picks a
    /// worksheet's blanks, and stays on the worksheet's command line, which
    /// it rebuilds the instance with.
    pub fn instance_seed(&mut self, named: bool) -> Option<u64> {
        // An estimate's seed is its probes': the instance it estimates is
        // named (the default, or the plain arguments a seed's made).
        if named || self.print == Some(Mode::Estimate) {
            return None;
        }
        self.seeded = self.seed.is_some();
        self.seed.take()
    }

    /// Takes a plain `--size N` (one number, not `WxH`): the side of the
    /// instance a seeded search makes. `None` when only a screen size, or
    /// none, was given.
    pub fn instance_side(&mut self) -> Option<u64> {
        let side = self.size.iter().find_map(|size| match size {
            still::Size::Side(n) => Some(*n),
            still::Size::Screen(..) => None,
        });
        self.size
            .retain(|size| matches!(size, still::Size::Screen(..)));
        side
    }
}

/// The last step a stretch of the search shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LastStep {
    /// This step.
    Step(u64),
    /// The end of the search.
    End,
}

/// Reads `--to B`: a step number, or `end`.
fn last_step(text: &str) -> Result<LastStep, String> {
    if text == "end" {
        return Ok(LastStep::End);
    }
    text.parse()
        .map(LastStep::Step)
        .map_err(|_| format!("expected a step number (0 or more) or 'end', not '{text}'"))
}

/// How the terminal UI draws, on screen and in a frame. Other headless
/// output is plain ASCII text with no colour, so these are refused with
/// any other `--print` (`Look::refuse_unless`).
#[derive(Args, Debug, Default)]
pub struct Look {
    /// Draw the terminal UI (or a --print frame, svg, cast or html) with ASCII
    /// characters only.
    #[arg(long)]
    pub ascii: bool,

    /// Draw the terminal UI (or a --print svg or cast) without colours: bold,
    /// reverse and underline only (also set by NO_COLOR).
    #[arg(long)]
    pub no_color: bool,
}

impl Look {
    /// Refuses `--ascii` and `--no-color` by name unless the screen is
    /// drawn (`drawn`); `where_` says where they apply.
    fn refuse_unless(&self, drawn: bool, where_: &str) -> Result<()> {
        let given = [("--ascii", self.ascii), ("--no-color", self.no_color)];
        match given.iter().find(|(_, given)| *given) {
            Some((name, _)) if !drawn => {
                bail!("{name} applies only {where_}")
            }
            _ => Ok(()),
        }
    }
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

    /// Record the compare screen to FILE as an asciicast v2.
    #[arg(long, value_name = "FILE", conflicts_with = "print")]
    pub record: Option<PathBuf>,
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

/// Reads `--probes K`: a whole number of probes, at least 2 (one standard
/// error needs two), at most [`estimate::MAX_PROBES`].
fn probe_count(text: &str) -> Result<u64, String> {
    let max = estimate::MAX_PROBES;
    match text.parse::<u64>() {
        Ok(k) if (2..=max).contains(&k) => Ok(k),
        _ => Err(format!(
            "expected a whole number of probes from 2 to {max}, not '{text}'"
        )),
    }
}

/// Reads `--max-nodes K`: a whole number of nodes, 0 or more (a root that
/// counts is always entered, so 0 still shows one node).
fn node_budget(text: &str) -> Result<u64, String> {
    text.parse()
        .map_err(|_| format!("expected a whole number of nodes (0 or more), not '{text}'"))
}

/// A value refused for what it must be (`must be at least 1, not 0`):
/// words that follow the option's name, so the usage error says
/// `--max must be ...` where another refusal is said `--to: expected ...`.
/// A type of its own, so that the usage error knows which without reading
/// the words.
#[derive(Debug)]
pub struct Must(String);

impl std::fmt::Display for Must {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "must {}", self.0)
    }
}

impl std::error::Error for Must {}

/// Reads a count that must be 1 or more (`--max K`), saying so in the
/// words a person would use.
pub fn at_least_one(text: &str) -> Result<u64, Must> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err(Must("be at least 1, not 0".to_string())),
        Ok(n) => Ok(n),
        Err(_) => Err(Must(format!("be a whole number, at least 1, not '{text}'"))),
    }
}

/// The result of writing to standard output, with the failure named (a
/// closed pipe stays recognisable to `main`, which ends quietly on it).
pub fn written(result: io::Result<()>) -> Result<()> {
    result.context(CANNOT_WRITE)
}

/// What every failed write to standard output says.
const CANNOT_WRITE: &str = "cannot write to standard output";

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

/// Whether the terminal UI captures the mouse: not with `--no-mouse`, nor
/// with BACKSTEP_NO_MOUSE set to anything but empty or `0`.
pub fn mouse(view: &SearchView) -> bool {
    let refused = std::env::var_os("BACKSTEP_NO_MOUSE").is_some_and(|v| !v.is_empty() && v != "0");
    !view.no_mouse && !refused
}

/// How the user asked to see the search.
pub struct View {
    mode: Option<Mode>,
    max_nodes: Option<u64>,
    predict: bool,
    /// Whether the terminal UI captures the mouse.
    mouse: bool,
    /// Whether a drawn screen leaves out its chrome (`--bare`).
    bare: bool,
    theme: Theme,
    /// Which cells a worksheet leaves blank.
    blanks: Blanks,
    /// The worksheet's command line, answer key and instance.
    sheet: worksheet::Options,
    /// Where to open (`--at`).
    at: Option<Position>,
    /// A frame's size (`--size`).
    size: (u16, u16),
    /// The panel to open with (`--panel`).
    panel: Panel,
    /// Where the terminal UI is recorded.
    record: Option<PathBuf>,
    /// What `--print cast` shows.
    stretch: ui::record::Stretch,
    /// What `backstep check` asks instead of showing the search.
    check: Option<check::Request>,
    /// Where [`open`] takes the screen instead of showing it.
    open: Option<Opening>,
    /// How many probes `--print estimate` takes.
    probes: u64,
    /// The run's random seed (`--seed`, 0 unless given).
    seed: u64,
    /// No progress line (`--quiet`).
    quiet: bool,
    /// The worksheet's estimate section (`--estimate`).
    estimate: bool,
}

impl View {
    /// Reads the options of one search. Worksheet options given to another
    /// mode are refused rather than ignored: a user who asked for blanks
    /// would otherwise get a full table and not know why.
    pub fn new(args: SearchView) -> Result<View> {
        if let Some(still::Size::Side(n)) = args.size.iter().find(|s| s.is_side()) {
            bail!(
                "--size '{n}': expected WxH, e.g. 100x30 (a plain number sets the side of the instance --seed makes, and this search's instances take no side)"
            );
        }
        if let (Some(_), Some(mode)) = (&args.check, args.print) {
            let mode = mode.to_possible_value().map(|v| v.get_name().to_string());
            bail!(
                "check prints its own report: leave --print {} out of the search's arguments",
                mode.unwrap_or_default()
            );
        }
        if args.print != Some(Mode::Worksheet) {
            let given = [
                ("--blanks", args.blanks.is_some()),
                ("--no-key", args.no_key),
            ];
            if let Some((name, _)) = given.iter().find(|(_, given)| *given) {
                bail!("{name} applies only with --print worksheet");
            }
        }
        if !matches!(args.print, Some(Mode::Worksheet | Mode::Estimate)) && args.seed.is_some() {
            bail!("--seed applies only with --print worksheet or estimate");
        }
        if args.print != Some(Mode::Worksheet) && args.estimate {
            bail!("--estimate applies only with --print worksheet");
        }
        if args.print != Some(Mode::Estimate) && args.probes.is_some() {
            bail!("--probes applies only with --print estimate");
        }
        if args.print == Some(Mode::Estimate) && args.max_nodes.is_some() {
            bail!(
                "--max-nodes does not apply to --print estimate (the probes walk the whole tree)"
            );
        }
        let frame = matches!(args.print, Some(Mode::Frame | Mode::Svg));
        let screen = args.print.is_none() || frame;
        if args.at.is_some() && !screen {
            bail!("--at applies only on screen or with --print frame or svg (one position each)");
        }
        let cast = args.print == Some(Mode::Cast);
        let html = args.print == Some(Mode::Html);
        if args.panel.is_some() && !screen && !html {
            bail!("--panel applies only on screen or with --print frame, svg or html");
        }
        args.look.refuse_unless(
            screen || cast || html,
            "on screen or with --print frame, svg, cast or html",
        )?;
        if args.seed.is_some() && args.blanks.is_some() {
            bail!(
                "--seed (the node a worksheet's student continues from) cannot be used with --blanks (the first node's blank columns)"
            );
        }
        let size = args.size.iter().find_map(|size| match size {
            still::Size::Screen(w, h) => Some((*w, *h)),
            still::Size::Side(_) => None,
        });
        if size.is_some() && !frame && !cast && !html {
            bail!(
                "--size applies only with --print frame, svg, cast or html (the screen is the terminal's size)"
            );
        }
        if args.bare && !args.print.is_some_and(Mode::draws_screen) {
            bail!(
                "--bare applies only with --print frame, svg, cast or html (the screen without its chrome)"
            );
        }
        if args.speed.is_some() {
            bail!(
                "--speed is replay's (how many times faster than recorded); --print cast takes --rate S, steps a second"
            );
        }
        if !cast && args.rate.is_some() {
            bail!("--rate applies only with --print cast");
        }
        if !cast && !html {
            let given = [("--from", args.from.is_some()), ("--to", args.to.is_some())];
            if let Some((name, _)) = given.iter().find(|(_, given)| *given) {
                bail!("{name} applies only with --print cast or html");
            }
        }
        let stretch = ui::record::Stretch {
            from: args.from.unwrap_or(0),
            to: match args.to {
                Some(LastStep::Step(step)) => Some(step),
                Some(LastStep::End) | None => None,
            },
            rate: args.rate.unwrap_or(2.0),
            size: size.unwrap_or(still::DEFAULT_SIZE),
        };
        let mouse = mouse(&args);
        let blanks = match (args.seed, args.blanks) {
            (Some(seed), _) => Blanks::Random(seed),
            (None, Some(groups)) => Blanks::Columns(groups),
            (None, None) => Blanks::default(),
        };
        let command = typed_command(args.seeded);
        Ok(View {
            mouse,
            bare: args.bare,
            probes: args.probes.unwrap_or(estimate::DEFAULT_PROBES),
            seed: args.seed.unwrap_or(0),
            quiet: args.quiet,
            estimate: args.estimate,
            mode: args.print,
            sheet: worksheet::Options {
                command,
                key: !args.no_key,
                instance: None,
            },
            max_nodes: args.max_nodes,
            predict: args.predict,
            theme: theme(&args.look),
            blanks,
            at: args.at,
            size: size.unwrap_or(still::DEFAULT_SIZE),
            panel: args.panel.unwrap_or(Panel::Events),
            record: args.record,
            stretch,
            check: args.check,
            open: args.open,
        })
    }

    /// Names the instance a seed made, as the plain arguments that rebuild
    /// it (e.g. `--grid 1101,...`): the first line of `--print trace` and
    /// `summary`, a line of the worksheet.
    pub fn instance(mut self, args: String) -> View {
        self.sheet.instance = Some(args);
        self
    }

    /// Whether the search should yield its rejects: counting and
    /// estimating need none; every other output shows them.
    pub fn rejects(&self) -> bool {
        !matches!(self.mode, Some(Mode::Summary | Mode::Estimate))
    }
}

/// Refuses what `view` asks of `search` that the search does not offer
/// (a worksheet, predict mode, the algorithm panel), naming the search
/// and what was asked, before anything is shown or printed.
fn offered<S: Scene>(search: &S, name: &str, view: &View) -> Result<()> {
    let asked = [
        (
            view.mode == Some(Mode::Worksheet),
            Capability::Worksheet,
            "--print worksheet",
        ),
        (view.predict, Capability::Predict, "--predict"),
        (
            view.panel == Panel::Code,
            Capability::Algorithm,
            "--panel code",
        ),
    ];
    for (wanted, capability, typed) in asked {
        if wanted && !capability.offered(search) {
            return Err(capability.refused(&search_named(name), typed));
        }
    }
    Ok(())
}

/// The search as an error names it: its command as typed (without the
/// options of how it is shown), else `name`.
fn search_named(name: &str) -> String {
    typed_command(false).unwrap_or_else(|| name.to_string())
}

/// Probes behind the screen's estimate: they refine it for a while, on a
/// thread of their own that ends with the screen.
const UI_PROBES: u64 = 200_000;

/// Probes behind a headless run's progress line: 10,000 take well under a
/// second on every shipped search, on a thread of their own.
const PROGRESS_PROBES: u64 = 10_000;

/// Prints the search headless, or opens the terminal UI on it.
pub fn show<S: Scene + 'static>(mut search: S, name: &str, view: View) -> Result<ExitCode> {
    if let Some(max) = view.max_nodes {
        search.limit_nodes(max);
    }
    offered(&search, name, &view)?;
    if let Some(request) = view.check {
        return check::serve(search, name, request, view.theme, view.mouse);
    }
    if let Some(opening) = view.open {
        let app = App::opened(search, name, view.theme, 0, view.panel);
        *opening.0.borrow_mut() = Some(Box::new(app));
        return Ok(ExitCode::SUCCESS);
    }
    let step = match view.at {
        Some(at) => position::find(&search, at)?,
        None => 0,
    };
    let Some(mode) = view.mode else {
        if !ui::can_draw() {
            bail!(
                "standard output is not a terminal; add --print summary, jsonl, trace, table or worksheet"
            );
        }
        let probes = estimate::Background::start(&search, view.seed, UI_PROBES);
        let mut app = App::opened(search, name, view.theme, step, view.panel);
        app.estimate = Some(probes);
        ui::run_app(app, view.predict, view.mouse, view.record.as_deref())?;
        return Ok(ExitCode::SUCCESS);
    };
    if let Mode::Frame | Mode::Svg = mode {
        // Plain text carries no colour: a text frame is drawn as without
        // colour, so that marks stand in for what colour shows.
        let theme = match mode {
            Mode::Frame => view.theme.without_color(),
            _ => view.theme,
        };
        // A drawing must not depend on timing: the probe view's estimate
        // is taken now, in full.
        let probes = (view.panel == Panel::Probe)
            .then(|| estimate::Background::computed(&search, view.seed, estimate::DEFAULT_PROBES));
        let mut app = App::opened(search, name, theme, step, view.panel);
        app.estimate = probes;
        app.bare = view.bare;
        let (width, height) = view.size;
        let buffer = still::draw(&app, width, height)?;
        let text = match mode {
            Mode::Svg => svg::svg(&buffer),
            _ => still::text(&buffer),
        };
        print_text(&text)?;
        return Ok(ExitCode::SUCCESS);
    }
    if mode == Mode::Estimate {
        let line = print::estimate_line(&search, view.probes, view.seed)?;
        print_text(&format!("{line}\n"))?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    if mode == Mode::Cast {
        let mut app = ui::app::App::new(search, name, view.theme);
        app.bare = view.bare;
        // The cast's only input/output is its writes to standard output
        // (its frames are drawn in memory): an I/O error is a write's.
        let filmed = ui::record::film(app, view.stretch, &mut out)
            .and_then(|()| Ok(out.flush()?))
            .map_err(|err| match err.downcast::<io::Error>() {
                Ok(io) => anyhow::Error::new(io).context(CANNOT_WRITE),
                Err(other) => other,
            });
        filmed?;
        return Ok(ExitCode::SUCCESS);
    }
    if mode == Mode::Html {
        let mut app = ui::app::App::new(search, name, view.theme);
        app.panel = view.panel;
        app.bare = view.bare;
        ui::html::page(app, view.stretch, &mut out)?;
        written(out.flush())?;
        return Ok(ExitCode::SUCCESS);
    }
    if let (Mode::Trace | Mode::Summary, Some(instance)) = (mode, &view.sheet.instance) {
        written(writeln!(out, "instance: {instance}"))?;
    }
    let mut progress = match mode {
        Mode::Summary | Mode::Jsonl | Mode::Trace | Mode::Table if !view.quiet => {
            let seed = view.seed;
            Progress::on_stderr(|| {
                let probes = estimate::Background::start(&search, seed, PROGRESS_PROBES);
                Box::new(move || probes.estimate())
            })
        }
        _ => Progress::off(),
    };
    let words = search.clone();
    let printed = match (mode, words.sheet()) {
        (Mode::Worksheet, Some(sheet)) if view.estimate => {
            worksheet::write(search, sheet, &view.blanks, &view.sheet, &mut out)
                .and_then(|()| worksheet::write_estimate(&words, view.seed, &mut out))
        }
        (Mode::Worksheet, Some(sheet)) => {
            worksheet::write(search, sheet, &view.blanks, &view.sheet, &mut out)
        }
        _ => print::print_watched(search, mode, &mut out, &mut progress),
    };
    progress.finish();
    written(printed.and_then(|()| out.flush()))?;
    Ok(ExitCode::SUCCESS)
}

/// Prints both summaries, each labelled with its variant, and the node
/// ratio; or opens the compare screen.
pub fn show_pair<A: Scene + 'static, B: Scene + 'static>(
    (left, right): (A, B),
    name: &str,
    labels: [&str; 2],
    named: Named,
    view: &CompareView,
) -> Result<ExitCode> {
    show_sides(
        vec![Box::new(left), Box::new(right)],
        name,
        (&labels, named),
        view,
        false,
    )
}

/// Whether a compared search's own summary names the variant a side runs:
/// the command that builds the sides knows, so nothing reads the summary's
/// words to find out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Named {
    /// Its head names it already: `queens 6 symmetry`, `colour 4 vertices,
    /// 5 edges, m=3`.
    InHead,
    /// Its head does not (`sudoku`): the side's label follows the head
    /// (`sudoku mrv`).
    ByLabel,
}

/// Prints every side's summary, each labelled with its variant, the node
/// counts and their ratios (and with `costs`, each side's cost per node);
/// or opens the compare screen on the sides, left to right.
pub fn show_sides(
    mut sides: Vec<Box<dyn Contender>>,
    name: &str,
    (labels, named): (&[&str], Named),
    view: &CompareView,
    costs: bool,
) -> Result<ExitCode> {
    view.look.refuse_unless(view.print.is_none(), "on screen")?;
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
        let record = view.record.as_deref();
        ui::compare::run(panes.collect(), labels, costs, record)?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut text = String::new();
    for (side, label) in sides.iter_mut().zip(labels) {
        side.run_to_end();
        let mut summary = side.summary();
        if named == Named::ByLabel {
            summary.head = format!("{} {label}", summary.head);
        }
        text.push_str(&summary.to_string());
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

/// `backstep bugs`: every search's bugs, one line each, in registry order.
pub fn bugs_text(kinds: &[&dyn Kind]) -> String {
    let lines: Vec<(String, String)> = kinds
        .iter()
        .flat_map(|kind| {
            kind.bugs()
                .into_iter()
                .map(|bug| (format!("{} --bug {}", kind.name(), bug.name), bug.about))
        })
        .collect();
    let width = lines.iter().map(|(head, _)| head.len()).max().unwrap_or(0);
    let mut text = String::new();
    for (head, about) in lines {
        text.push_str(&format!("{head:width$}  {about}\n"));
    }
    text.push_str("Each runs with --print MODE, and beside the correct search with `backstep compare <search> ... --bug NAME`.\n");
    text
}

/// Shows a bug variant as [`show`] does; its worksheet (`--print
/// worksheet`) also asks for the first row where it goes wrong, which the
/// answer key names by setting its table beside `correct`'s.
pub fn show_bug<B: Scene + 'static, C: Scene>(
    (bug, mut correct): (B, C),
    name: &str,
    bug_name: &str,
    view: View,
) -> Result<ExitCode> {
    if view.mode != Some(Mode::Worksheet) {
        return show(bug, name, view);
    }
    let mut bug = bug;
    if let Some(max) = view.max_nodes {
        bug.limit_nodes(max);
        correct.limit_nodes(max);
    }
    let words = bug.clone();
    let Some(sheet) = words.sheet() else {
        return Err(Capability::Worksheet.refused(&search_named(name), "--print worksheet"));
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    let printed = worksheet::write_bug(
        bug,
        sheet,
        correct,
        bug_name,
        &view.blanks,
        &view.sheet,
        &mut out,
    );
    written(printed.and_then(|()| out.flush()))?;
    Ok(ExitCode::SUCCESS)
}

/// The correct search and a bug variant side by side, stepping together
/// event by event: on screen they open at their first difference, with
/// `explain`'s sentence; `--print summary` prints both results and where
/// they part.
pub fn show_parting<A: Scene + 'static, B: Scene<Event = A::Event> + 'static>(
    (mut left, mut right): (A, B),
    name: &str,
    labels: [&str; 2],
    view: &CompareView,
    explain: Explain<A, B>,
) -> Result<ExitCode> {
    if let Some(max) = view.max_nodes {
        left.limit_nodes(max);
        right.limit_nodes(max);
    }
    let parting = parting::first(left.clone(), right.clone());
    let said = parting.as_ref().map(|p| (p.step, explain(p)));
    if view.print.is_none() {
        if !ui::can_draw() {
            bail!("standard output is not a terminal; add --print summary");
        }
        let theme = theme(&view.look);
        let sides: Vec<Box<dyn Pane>> = vec![
            Box::new(App::new(left, name, theme)),
            Box::new(App::new(right, name, theme)),
        ];
        let labels = labels.map(str::to_string).into();
        ui::compare::run_parting(sides, labels, said, view.record.as_deref())?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut text = String::new();
    if let Some(p) = &parting {
        text.push_str(&format!(
            "first difference at step {}:\n  {}: {}\n  {}: {}\n  {}\n",
            p.step,
            labels[0],
            p.left_said(),
            labels[1],
            p.right_said(),
            explain(p)
        ));
    } else {
        text.push_str("no difference: both searches yield the same events\n");
    }
    left.run_to_end();
    right.run_to_end();
    let results = format!(
        "{}\n{}\n",
        parenthesised(model::summary(&left), labels[0]),
        model::summary(&right),
    );
    print_text(&(results + &text))?;
    Ok(ExitCode::SUCCESS)
}

/// A summary whose head names its side in parentheses, as a bug's does:
/// `word AAB: ...` becomes `word AAB (correct): ...`.
fn parenthesised(mut summary: model::Summary, label: &str) -> String {
    summary.head = format!("{} ({label})", summary.head);
    summary.to_string()
}
