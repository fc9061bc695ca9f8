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
use backstep::worksheet::{self, Blanks, Group, Sheet};

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

    /// Start in predict mode: guess each decision before it is shown.
    #[arg(long, global = true)]
    predict: bool,

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
    blanks: Option<Vec<Group>>,

    /// With --print worksheet: leave a third of the cells blank, chosen at
    /// random; the same K hides the same cells.
    #[arg(long, global = true, value_name = "K")]
    seed: Option<u64>,
}

#[derive(Subcommand, Debug)]
enum Command {
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
enum CompareCommand {
    /// Symmetry against --full (or, with --check-at-end, --full against
    /// testing only complete boards).
    Queens(CompareQueensArgs),
    /// MRV against first blank.
    Sudoku(CompareSudokuArgs),
    /// Pruned (inventory and reversal) against neither.
    Word(CompareWordArgs),
}

#[derive(Args, Debug)]
struct CompareQueensArgs {
    /// Board size, 0 to 16.
    #[arg(default_value = "4", value_parser = input::queens_n, allow_negative_numbers = true)]
    n: u8,

    /// Compare testing as you place (--full) with testing only complete boards.
    #[arg(long)]
    check_at_end: bool,
}

#[derive(Args, Debug)]
struct CompareSudokuArgs {
    /// A shipped puzzle name (see `sudoku --list`), a file, or the grid itself.
    #[arg(default_value = "sample")]
    puzzle: String,
}

#[derive(Args, Debug)]
struct CompareWordArgs {
    /// The board: rows separated by commas, a file, or a shipped name.
    #[arg(long, default_value = samples::BOARD)]
    board: String,

    /// The word to trace (letters A-Z, at most 32).
    #[arg(long, default_value = "ABCCED")]
    word: String,
}

#[derive(Args, Debug)]
struct QueensArgs {
    /// Board size, 0 to 16.
    #[arg(default_value = "4", value_parser = input::queens_n, allow_negative_numbers = true)]
    n: u8,

    /// Search every first-row column (turn reflection symmetry off).
    #[arg(long)]
    full: bool,

    /// Place a queen in every column of every row and test only complete
    /// boards (the naive search; no symmetry).
    #[arg(long, conflicts_with = "full")]
    check_at_end: bool,

    /// Place the queens yourself, row by row: attacked squares are refused
    /// with the queen and mask that attack them.
    #[arg(long, conflicts_with_all = ["full", "check_at_end"])]
    play: bool,
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
    let command = cli.command.unwrap_or(Command::Queens(QueensArgs {
        n: 4,
        full: false,
        check_at_end: false,
        play: false,
    }));
    let no_color = cli.no_color || std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    // Worksheet options given to another mode are refused rather than
    // ignored: a user who asked for blanks would otherwise get a full
    // table and not know why.
    if cli.print != Some(Mode::Worksheet) {
        let given = [
            ("--blanks", cli.blanks.is_some()),
            ("--seed", cli.seed.is_some()),
        ];
        if let Some((name, _)) = given.iter().find(|(_, given)| *given) {
            anyhow::bail!("{name} applies only with --print worksheet");
        }
    }
    let blanks = match (cli.seed, cli.blanks) {
        (Some(seed), _) => Blanks::Random(seed),
        (None, Some(groups)) => Blanks::Columns(groups),
        (None, None) => Blanks::default(),
    };
    let view = View {
        mode: cli.print,
        predict: cli.predict,
        theme: Theme::new(!no_color, cli.ascii),
        blanks,
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
        Command::Queens(args) if args.play => play(args.n, view),
        Command::Queens(args) if args.check_at_end => {
            show(Queens::check_at_end(args.n, rejects), "queens", view)
        }
        Command::Queens(args) => {
            let options = QueensOptions {
                n: args.n,
                symmetry: !args.full,
                rejects,
            };
            show(Queens::new(options), "queens", view)
        }
        Command::Compare(what) => compare(what, view),
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
    predict: bool,
    theme: Theme,
    /// Which cells a worksheet leaves blank.
    blanks: Blanks,
}

/// Prints the search headless, or opens the terminal UI on it.
fn show<S: Scene + Sheet>(search: S, name: &str, view: View) -> Result<ExitCode> {
    let Some(mode) = view.mode else {
        if !ui::can_draw() {
            eprintln!(
                "backstep: standard output is not a terminal; add --print summary, jsonl, trace, table or worksheet"
            );
            return Ok(ExitCode::from(2));
        }
        ui::run(search, name, view.theme, view.predict)?;
        return Ok(ExitCode::SUCCESS);
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    match mode {
        Mode::Worksheet => worksheet::write(search, &view.blanks, &mut out)?,
        _ => print::print(search, mode, &mut out)?,
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Opens the play screen, where the student places the queens.
fn play(n: u8, view: View) -> Result<ExitCode> {
    if view.mode.is_some() || view.predict {
        anyhow::bail!("--play opens its own screen; it takes neither --print nor --predict");
    }
    if !ui::can_draw() {
        eprintln!("backstep: standard output is not a terminal; --play needs one to draw on");
        return Ok(ExitCode::from(2));
    }
    ui::play::run(n, view.theme)?;
    Ok(ExitCode::SUCCESS)
}

/// Runs two variants of one search: prints both summaries and the node
/// ratio, or opens them side by side.
fn compare(what: CompareCommand, view: View) -> Result<ExitCode> {
    let rejects = view.mode != Some(Mode::Summary);
    match what {
        CompareCommand::Queens(args) => {
            let options = |symmetry| QueensOptions {
                n: args.n,
                symmetry,
                rejects,
            };
            if args.check_at_end {
                let naive = Queens::check_at_end(args.n, rejects);
                let labels = ["full", "check at end"];
                show_pair(Queens::new(options(false)), naive, "queens", labels, view)
            } else {
                let pair = (Queens::new(options(true)), Queens::new(options(false)));
                show_pair(pair.0, pair.1, "queens", ["symmetry", "full"], view)
            }
        }
        CompareCommand::Sudoku(args) => {
            let puzzle = input::load_puzzle(&args.puzzle)?;
            let make = |order| Sudoku::new(&puzzle.value, SudokuOptions { order, rejects });
            let pair = (make(Order::Mrv), make(Order::First));
            show_pair(pair.0, pair.1, &puzzle.name, ["mrv", "first"], view)
        }
        CompareCommand::Word(args) => {
            let board = input::load_board(&args.board)?;
            let word = input::load_word(&args.word)?;
            let make = |pruned| {
                let options = WordOptions {
                    inventory: pruned,
                    reverse: pruned,
                    rejects,
                };
                WordSearch::new(&board.value, &word, options)
            };
            let labels = ["pruned", "unpruned"];
            show_pair(make(true), make(false), &board.name, labels, view)
        }
    }
}

/// Prints both summaries and the node ratio, or opens the compare screen.
fn show_pair<A: Scene, B: Scene>(
    mut left: A,
    mut right: B,
    name: &str,
    labels: [&str; 2],
    view: View,
) -> Result<ExitCode> {
    match view.mode {
        None if !ui::can_draw() => {
            eprintln!("backstep: standard output is not a terminal; add --print summary");
            Ok(ExitCode::from(2))
        }
        None => {
            let labels = labels.map(str::to_string);
            ui::compare::run(left, right, name, labels, view.theme)?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Mode::Summary) => {
            left.run_to_end();
            right.run_to_end();
            let (a, b) = (left.counters().nodes, right.counters().nodes);
            let mut out = io::stdout().lock();
            writeln!(out, "{}", left.summary())?;
            writeln!(out, "{}", right.summary())?;
            let ratio = ui::compare::ratio(b, a);
            writeln!(
                out,
                "nodes: {} {a} vs {} {b}, ratio {ratio}",
                labels[0], labels[1]
            )?;
            Ok(ExitCode::SUCCESS)
        }
        Some(_) => anyhow::bail!(
            "compare prints only --print summary; run the searches one at a time for the other outputs"
        ),
    }
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
