//! The command line: every subcommand and option, declared with clap's
//! derive. `main.rs` reads these and dispatches.

use clap::{Args, Parser, Subcommand, ValueEnum};

use backstep::input;
use backstep::print::Mode;
use backstep::samples;
use backstep::worksheet::Group;

/// Step through backtracking searches event by event: N-Queens, Sudoku and
/// Word Search. With no command it opens 4-Queens.
#[derive(Parser, Debug)]
#[command(name = "backstep", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    /// Print headless output instead of opening the terminal UI.
    #[arg(long, value_enum, global = true, value_name = "MODE")]
    pub print: Option<Mode>,

    /// Draw with ASCII characters only.
    #[arg(long, global = true)]
    pub ascii: bool,

    /// No colours: bold, reverse and underline only (also set by NO_COLOR).
    #[arg(long, global = true)]
    pub no_color: bool,

    /// Start in predict mode: guess each decision before it is shown.
    #[arg(long, global = true)]
    pub predict: bool,

    /// With --print worksheet: the columns to leave blank, comma-separated
    /// [default: legal,outcome].
    #[arg(
        long,
        global = true,
        value_enum,
        value_delimiter = ',',
        value_name = "COLUMNS",
        conflicts_with = "seed"
    )]
    pub blanks: Option<Vec<Group>>,

    /// With --print worksheet: leave a third of the cells blank, chosen at
    /// random; the same K hides the same cells.
    #[arg(long, global = true, value_name = "K")]
    pub seed: Option<u64>,
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
    #[command(subcommand)]
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
}

#[derive(Args, Debug)]
pub struct CompareSudokuArgs {
    /// A shipped puzzle name (see `sudoku --list`), a file, or the grid itself.
    #[arg(default_value = "sample")]
    pub puzzle: String,
}

#[derive(Args, Debug)]
pub struct CompareWordArgs {
    /// The board: rows separated by commas, a file, or a shipped name.
    #[arg(long, default_value = samples::BOARD)]
    pub board: String,

    /// The word to trace (letters A-Z, at most 32).
    #[arg(long, default_value = "ABCCED")]
    pub word: String,
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
    #[arg(long, conflicts_with_all = ["full", "check_at_end"])]
    pub play: bool,
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
    #[arg(long)]
    pub list: bool,
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
}
