//! The command line: every subcommand and option, declared with clap's
//! derive. `main.rs` reads these and dispatches.
//!
//! Each subcommand declares only the options that work for it, so that its
//! `--help` is exact and an option that cannot apply is refused by clap
//! (status 2, naming the option) instead of being ignored. The option
//! groups shared by several commands are `Args` structs flattened into each.

use clap::{Args, Parser, Subcommand, ValueEnum};

use backstep::input;
use backstep::print::Mode;
use backstep::samples;
use backstep::worksheet::Group;

/// Step through backtracking searches event by event: N-Queens, Sudoku and
/// Word Search. With no command it opens 4-Queens, and the options below
/// apply to it; each command's `--help` lists that command's own.
#[derive(Parser, Debug)]
#[command(
    name = "backstep",
    version,
    about,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    /// With no command: the options of `backstep queens 4`.
    #[command(flatten)]
    pub view: SearchView,
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

    #[command(flatten)]
    pub look: Look,
}

/// The one headless output of `compare`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SummaryOnly {
    /// Both summaries, each labelled with its variant, and the node ratio.
    Summary,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// N-Queens: one queen per row, attacks kept in the masks C, H and L.
    Queens(QueensArgs),
    /// Sudoku (4x4 or 9x9) with MRV and a solution count capped at 2.
    Sudoku(SudokuArgs),
    /// Word Search with letter-inventory pruning and rare-end reversal.
    Word(WordArgs),
    /// Two variants of one search side by side, with their node ratio.
    #[command(subcommand, subcommand_required = true, arg_required_else_help = false)]
    Compare(CompareCommand),
    /// Run the reference samples and check their results.
    Samples,
}

#[derive(Subcommand, Debug)]
pub enum CompareCommand {
    /// Symmetry against --full (or, with --check-at-end, --full against
    /// testing only complete boards).
    Queens(CompareQueensArgs),
    /// MRV against first blank.
    Sudoku(CompareSudokuArgs),
    /// Pruned (inventory and reversal) against neither.
    Word(CompareWordArgs),
}

#[derive(Args, Debug)]
pub struct CompareQueensArgs {
    /// Board size, 0 to 16.
    #[arg(default_value = "4", value_parser = input::queens_n, allow_negative_numbers = true)]
    pub n: u8,

    /// Compare testing as you place (--full) with testing only complete boards.
    #[arg(long)]
    pub check_at_end: bool,

    #[command(flatten)]
    pub view: CompareView,
}

#[derive(Args, Debug)]
pub struct CompareSudokuArgs {
    /// A shipped puzzle name (see `sudoku --list`), a file, or the grid itself.
    #[arg(default_value = "sample")]
    pub puzzle: String,

    #[command(flatten)]
    pub view: CompareView,
}

#[derive(Args, Debug)]
pub struct CompareWordArgs {
    /// The board: rows separated by commas, a file, or a shipped name.
    #[arg(long, default_value = samples::BOARD)]
    pub board: String,

    /// The word to trace (letters A-Z, at most 32).
    #[arg(long, default_value = "ABCCED")]
    pub word: String,

    #[command(flatten)]
    pub view: CompareView,
}

#[derive(Args, Debug)]
pub struct QueensArgs {
    /// Board size, 0 to 16.
    #[arg(default_value = "4", value_parser = input::queens_n, allow_negative_numbers = true)]
    pub n: u8,

    /// Search every first-row column (turn reflection symmetry off).
    #[arg(long)]
    pub full: bool,

    /// Place a queen in every column of every row and test only complete
    /// boards (the naive search; no symmetry).
    #[arg(long, conflicts_with = "full")]
    pub check_at_end: bool,

    /// Place the queens yourself, row by row: attacked squares are refused
    /// with the queen and mask that attack them.
    #[arg(
        long,
        conflicts_with_all = ["full", "check_at_end", "print", "predict", "blanks", "seed"]
    )]
    pub play: bool,

    #[command(flatten)]
    pub view: SearchView,
}

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

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum OrderArg {
    /// Minimum remaining values: the blank with the fewest candidates.
    Mrv,
    /// The first blank in row-major order.
    First,
}

#[derive(Args, Debug)]
pub struct WordArgs {
    /// The board: rows separated by commas, a file, or a shipped name.
    #[arg(long, default_value = samples::BOARD)]
    pub board: String,

    /// The word to trace (letters A-Z, at most 32).
    #[arg(long, default_value = "ABCCED")]
    pub word: String,

    /// Skip the letter-inventory check before the search.
    #[arg(long)]
    pub no_inventory: bool,

    /// Never search the word reversed.
    #[arg(long)]
    pub no_reverse: bool,

    #[command(flatten)]
    pub view: SearchView,
}
