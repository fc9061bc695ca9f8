//! The `backstep` command: parse the command line, build the search, and
//! either print it headless or open the terminal UI.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use clap::Parser;

use backstep::assets;
use backstep::input;
use backstep::print::{self, Mode};
use backstep::samples;
use backstep::search::queens::{Queens, QueensOptions};
use backstep::search::sudoku::{Order, Sudoku, SudokuOptions};
use backstep::search::word::{WordOptions, WordSearch};
use backstep::ui::{self, scene::Scene, theme::Theme};
use backstep::worksheet::{self, Blanks, Sheet};
use cli::{Cli, Command, CompareCommand, OrderArg, QueensArgs};

mod cli;

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
