//! The `backstep` command: parse the command line, build the search, and
//! either print it headless or open the terminal UI.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{ArgMatches, FromArgMatches};

use backstep::launch::{self, Launch};
use backstep::registry::{self, KINDS};
use backstep::samples;
use backstep::ui::replay::ReplayArgs;
use cli::Cli;

mod cli;

fn main() -> ExitCode {
    let matches = match cli::command().try_get_matches() {
        Ok(matches) => matches,
        Err(err) => return clap_exit(&err),
    };
    match run(matches) {
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

/// Hands the parsed command line to the registry entry it names.
fn run(matches: ArgMatches) -> Result<ExitCode> {
    let named = |name: &str| {
        KINDS
            .iter()
            .find(|kind| kind.name() == name)
            .with_context(|| format!("internal error: no search named {name}"))
    };
    match matches.subcommand() {
        None => {
            launch::remember_typed(registry::DEFAULT, &cli::command(), &matches);
            let cli = Cli::from_arg_matches(&matches).context("internal error")?;
            registry::default(cli.view)
        }
        Some((cli::SAMPLES, options)) => {
            let (text, ok) = if options.get_flag(cli::LABS) {
                samples::labs::run()
            } else {
                samples::run()?
            };
            launch::print_text(&text)?;
            Ok(if ok {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            })
        }
        Some((cli::COMPLETIONS, args)) => {
            let shell = args
                .get_one::<clap_complete::Shell>("shell")
                .context("internal error: completions without a shell")?;
            launch::print_text(&String::from_utf8_lossy(&cli::completions(*shell)))?;
            Ok(ExitCode::SUCCESS)
        }
        Some((cli::MAN, args)) => {
            let name = args.get_one::<String>("command").map(String::as_str);
            let page = cli::man(name)
                .with_context(|| {
                    format!(
                        "man: no command named {:?} (see backstep --help)",
                        name.unwrap_or_default()
                    )
                })?
                .context("cannot write the man page")?;
            launch::print_text(&String::from_utf8_lossy(&page))?;
            Ok(ExitCode::SUCCESS)
        }
        Some((cli::REPLAY, replay)) => ReplayArgs::from_arg_matches(replay)
            .context("internal error")?
            .run(),
        Some((cli::BUGS, _)) => {
            launch::print_text(&launch::bugs_text(KINDS))?;
            Ok(ExitCode::SUCCESS)
        }
        Some((cli::COMPARE, compare)) => {
            let (name, matches) = compare
                .subcommand()
                .context("internal error: compare without a search")?;
            named(name)?.run_compare(matches)
        }
        Some((name, matches)) => named(name)?.run(matches),
    }
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
