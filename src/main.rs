//! The `backstep` command: parse the command line, build the search, and
//! either print it headless or open the terminal UI.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use clap::{Args, Parser, Subcommand, ValueEnum};

use backstep::assets;
use backstep::input;
use backstep::print::{self, Mode};
use backstep::samples;
use backstep::search::queens::{Queens, QueensOptions};
use backstep::search::sudoku::{Order, Sudoku, SudokuOptions};
use backstep::search::word::{WordOptions, WordSearch};
use backstep::ui::{self, scene::Scene, theme::Theme};

/// Step through backtracking searches event by event: N-Queens, Sudoku and
/// Word Search. With no command it opens 4-Queens.
#[derive(Parser, Debug)]
#[command(name = "backstep", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    /// Print headless output instead of opening the terminal UI.
    #[arg(long, value_enum, global = true, value_name = "MODE")]
    print: Option<Mode>,

    /// Draw with ASCII characters only.
    #[arg(long, global = true)]
    ascii: bool,

    /// No colours: bold, reverse and underline only (also set by NO_COLOR).
    #[arg(long, global = true)]
    no_color: bool,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// N-Queens: one queen per row, attacks kept in the masks C, H and L.
    Queens(QueensArgs),
    /// Sudoku (4x4 or 9x9) with MRV and a solution count capped at 2.
    Sudoku(SudokuArgs),
    /// Word Search with letter-inventory pruning and rare-end reversal.
    Word(WordArgs),
    /// Run the reference samples and check their results.
    Samples,
}

#[derive(Args, Debug)]
struct QueensArgs {
    /// Board size, 0 to 16.
    #[arg(default_value = "4", value_parser = input::queens_n)]
    n: u8,

    /// Search every first-row column (turn reflection symmetry off).
    #[arg(long)]
    full: bool,
}

#[derive(Args, Debug)]
struct SudokuArgs {
    /// A shipped puzzle name (see --list), a file, or the grid itself.
    #[arg(default_value = "sample")]
    puzzle: String,

    /// How the next cell is chosen: fewest candidates, or first blank.
    #[arg(long, value_enum, default_value_t = OrderArg::Mrv)]
    order: OrderArg,

    /// List the shipped puzzles and exit.
    #[arg(long)]
    list: bool,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum OrderArg {
    /// Minimum remaining values: the blank with the fewest candidates.
    Mrv,
    /// The first blank in row-major order.
    First,
}

#[derive(Args, Debug)]
struct WordArgs {
    /// The board: rows separated by commas, a file, or a shipped name.
    #[arg(long, default_value = samples::BOARD)]
    board: String,

    /// The word to trace (letters A-Z, at most 32).
    #[arg(long, default_value = "ABCCED")]
    word: String,

    /// Skip the letter-inventory check before the search.
    #[arg(long)]
    no_inventory: bool,

    /// Never search the word reversed.
    #[arg(long)]
    no_reverse: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("backstep: {err:#}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode> {
    let command = cli
        .command
        .unwrap_or(Command::Queens(QueensArgs { n: 4, full: false }));
    let no_color = cli.no_color || std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let view = View {
        mode: cli.print,
        theme: Theme::new(!no_color, cli.ascii),
    };
    let mode = cli.print;
    // Counting needs no rejects; every other output shows them.
    let rejects = mode != Some(Mode::Summary);
    match command {
        Command::Samples => {
            let (text, ok) = samples::run()?;
            io::stdout().write_all(text.as_bytes())?;
            Ok(if ok {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            })
        }
        Command::Queens(args) => {
            let options = QueensOptions {
                n: args.n,
                symmetry: !args.full,
                rejects,
            };
            show(Queens::new(options), "queens", view)
        }
        Command::Sudoku(args) if args.list => {
            for asset in assets::SUDOKU {
                println!("{:<8} {}", asset.name, asset.about);
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Sudoku(args) => {
            let puzzle = input::load_puzzle(&args.puzzle)?;
            let order = match args.order {
                OrderArg::Mrv => Order::Mrv,
                OrderArg::First => Order::First,
            };
            let search = Sudoku::new(&puzzle.value, SudokuOptions { order, rejects });
            show(search, &puzzle.name, view)
        }
        Command::Word(args) => {
            let board = input::load_board(&args.board)?;
            let word = input::load_word(&args.word)?;
            let options = WordOptions {
                inventory: !args.no_inventory,
                reverse: !args.no_reverse,
                rejects,
            };
            show(
                WordSearch::new(&board.value, &word, options),
                &board.name,
                view,
            )
        }
    }
}

/// How the user asked to see the search.
struct View {
    mode: Option<Mode>,
    theme: Theme,
}

/// Prints the search headless, or opens the terminal UI on it.
fn show<S: Scene>(search: S, name: &str, view: View) -> Result<ExitCode> {
    let Some(mode) = view.mode else {
        if !ui::can_draw() {
            eprintln!(
                "backstep: standard output is not a terminal; add --print summary, jsonl, trace or table"
            );
            return Ok(ExitCode::from(2));
        }
        ui::run(search, name, view.theme)?;
        return Ok(ExitCode::SUCCESS);
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    print::print(search, mode, &mut out)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
