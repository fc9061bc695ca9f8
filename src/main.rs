//! The `backstep` command: parse the command line, build the search, and
//! either print it headless or open the terminal UI.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
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
use cli::{Cli, Command, CompareCommand, CompareView, Look, OrderArg, QueensArgs, SearchView};

mod cli;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return clap_exit(&err),
    };
    match run(cli) {
        Ok(code) => code,
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            complain(format_args!("{err:#}"));
            ExitCode::from(2)
        }
    }
}

/// Prints clap's help, version or usage error. Help and version go to
/// standard output, so they follow the same rules as every other write: a
/// closed pipe is a quiet success, any other failure an error (status 2).
/// A usage error quotes what was typed: it is printed without styling and
/// with control characters escaped, so that an argument holding an escape
/// sequence cannot reach the terminal.
fn clap_exit(err: &clap::Error) -> ExitCode {
    let code = u8::try_from(err.exit_code()).unwrap_or(2);
    if err.use_stderr() {
        let text: String = err
            .render()
            .to_string()
            .chars()
            .map(|c| match c {
                '\n' => c.to_string(),
                c if c.is_control() => c.escape_debug().to_string(),
                c => c.to_string(),
            })
            .collect();
        let _ = io::stderr().lock().write_all(text.as_bytes());
        return ExitCode::from(code);
    }
    match err.print() {
        Ok(()) => ExitCode::from(code),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            complain(format_args!("cannot write to standard output: {e}"));
            ExitCode::from(2)
        }
    }
}

/// Writes one message to standard error. A failure to write it is ignored:
/// there is nowhere left to report it, and the exit status still says 2.
fn complain(message: std::fmt::Arguments) {
    let _ = writeln!(io::stderr().lock(), "backstep: {message}");
}

fn run(cli: Cli) -> Result<ExitCode> {
    // With no command the top-level options belong to 4-Queens (clap
    // refuses them before a command).
    let command = cli.command.unwrap_or(Command::Queens(QueensArgs {
        n: 4,
        full: false,
        check_at_end: false,
        play: false,
        view: cli.view,
    }));
    match command {
        Command::Samples => {
            let (text, ok) = samples::run()?;
            let mut out = io::stdout().lock();
            written(out.write_all(text.as_bytes()).and_then(|()| out.flush()))?;
            Ok(if ok {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            })
        }
        Command::Queens(args) if args.play => play(args.n, &args.view.look),
        Command::Queens(args) => {
            let view = View::new(args.view)?;
            // Counting needs no rejects; every other output shows them.
            let rejects = view.mode != Some(Mode::Summary);
            if args.check_at_end {
                show(Queens::check_at_end(args.n, rejects), "queens", view)
            } else {
                let options = QueensOptions {
                    n: args.n,
                    symmetry: !args.full,
                    rejects,
                };
                show(Queens::new(options), "queens", view)
            }
        }
        Command::Compare(what) => compare(what),
        Command::Sudoku(args) if args.list => {
            let mut out = io::BufWriter::new(io::stdout().lock());
            let list = assets::SUDOKU
                .iter()
                .try_for_each(|asset| writeln!(out, "{:<8} {}", asset.name, asset.about))
                .and_then(|()| out.flush());
            written(list)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Sudoku(args) => {
            let view = View::new(args.view)?;
            let rejects = view.mode != Some(Mode::Summary);
            let puzzle = input::load_puzzle(&args.puzzle)?;
            let order = match args.order {
                OrderArg::Mrv => Order::Mrv,
                OrderArg::First => Order::First,
            };
            let search = Sudoku::new(&puzzle.value, SudokuOptions { order, rejects });
            show(search, &puzzle.name, view)
        }
        Command::Word(args) => {
            let view = View::new(args.view)?;
            let board = input::load_board(&args.board)?;
            let word = input::load_word(&args.word)?;
            let options = WordOptions {
                inventory: !args.no_inventory,
                reverse: !args.no_reverse,
                rejects: view.mode != Some(Mode::Summary),
            };
            show(
                WordSearch::new(&board.value, &word, options),
                &board.name,
                view,
            )
        }
    }
}

/// The result of writing to standard output, with the failure named (a
/// closed pipe stays recognisable to `main`, which ends quietly on it).
fn written(result: io::Result<()>) -> Result<()> {
    result.context("cannot write to standard output")
}

/// The colours and glyphs `--no-color` and `--ascii` (or NO_COLOR) ask for.
fn theme(look: &Look) -> Theme {
    let no_color = look.no_color || std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    Theme::new(!no_color, look.ascii)
}

/// How the user asked to see the search.
struct View {
    mode: Option<Mode>,
    predict: bool,
    theme: Theme,
    /// Which cells a worksheet leaves blank.
    blanks: Blanks,
}

impl View {
    /// Reads the options of one search. Worksheet options given to another
    /// mode are refused rather than ignored: a user who asked for blanks
    /// would otherwise get a full table and not know why.
    fn new(args: SearchView) -> Result<View> {
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
            predict: args.predict,
            theme: theme(&args.look),
            blanks,
        })
    }
}

/// Prints the search headless, or opens the terminal UI on it.
fn show<S: Scene + Sheet>(search: S, name: &str, view: View) -> Result<ExitCode> {
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

/// Opens the play screen, where the student places the queens (clap
/// refuses the options of the other screens with `--play`).
fn play(n: u8, look: &Look) -> Result<ExitCode> {
    if !ui::can_draw() {
        bail!("standard output is not a terminal; --play needs one to draw on");
    }
    ui::play::run(n, theme(look))?;
    Ok(ExitCode::SUCCESS)
}

/// Runs two variants of one search: prints both summaries and the node
/// ratio, or opens them side by side.
fn compare(what: CompareCommand) -> Result<ExitCode> {
    match what {
        CompareCommand::Queens(args) => {
            let rejects = args.view.print.is_none();
            let options = |symmetry| QueensOptions {
                n: args.n,
                symmetry,
                rejects,
            };
            if args.check_at_end {
                let naive = Queens::check_at_end(args.n, rejects);
                let labels = ["full", "check at end"];
                let pair = (Queens::new(options(false)), naive);
                show_pair(pair, "queens", labels, &args.view)
            } else {
                let pair = (Queens::new(options(true)), Queens::new(options(false)));
                show_pair(pair, "queens", ["symmetry", "full"], &args.view)
            }
        }
        CompareCommand::Sudoku(args) => {
            let rejects = args.view.print.is_none();
            let puzzle = input::load_puzzle(&args.puzzle)?;
            let make = |order| Sudoku::new(&puzzle.value, SudokuOptions { order, rejects });
            let pair = (make(Order::Mrv), make(Order::First));
            show_pair(pair, &puzzle.name, ["mrv", "first"], &args.view)
        }
        CompareCommand::Word(args) => {
            let rejects = args.view.print.is_none();
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
            show_pair((make(true), make(false)), &board.name, labels, &args.view)
        }
    }
}

/// Prints both summaries, each labelled with its variant, and the node
/// ratio; or opens the compare screen.
fn show_pair<A: Scene, B: Scene>(
    (mut left, mut right): (A, B),
    name: &str,
    labels: [&str; 2],
    view: &CompareView,
) -> Result<ExitCode> {
    if view.print.is_none() {
        if !ui::can_draw() {
            bail!("standard output is not a terminal; add --print summary");
        }
        let labels = labels.map(str::to_string);
        ui::compare::run(left, right, name, labels, theme(&view.look))?;
        return Ok(ExitCode::SUCCESS);
    }
    left.run_to_end();
    right.run_to_end();
    let (a, b) = (left.counters().nodes, right.counters().nodes);
    let ratio = ui::compare::ratio(b, a);
    let text = format!(
        "{}\n{}\nnodes: {} {a} vs {} {b}, ratio {ratio}\n",
        labelled(&left.summary(), labels[0]),
        labelled(&right.summary(), labels[1]),
        labels[0],
        labels[1]
    );
    let mut out = io::stdout().lock();
    written(out.write_all(text.as_bytes()).and_then(|()| out.flush()))?;
    Ok(ExitCode::SUCCESS)
}

/// A summary whose first line names its variant: `sudoku: ...` becomes
/// `sudoku mrv: ...`, like `queens 8 symmetry: ...`, which already names
/// its own (the label `check at end` matches `check-at-end`).
fn labelled(summary: &str, label: &str) -> String {
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

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
