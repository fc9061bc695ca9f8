//! The `backstep` command: parse the command line, build the search, and
//! either print it headless or open the terminal UI.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{ArgMatches, FromArgMatches};

use backstep::commands::check::CheckArgs;
use backstep::commands::replay::ReplayArgs;
use backstep::files;
use backstep::launch::{self, Launch};
use backstep::registry::{self, KINDS};
use backstep::samples;
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
/// A usage error is said as the program's own errors are ([`usage_error`]).
fn clap_exit(err: &clap::Error) -> ExitCode {
    let code = u8::try_from(err.exit_code()).unwrap_or(2);
    if err.use_stderr() {
        complain(format_args!("{}", usage_error(err)));
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

/// A usage error in the program's one voice: one line after `backstep: `,
/// naming the option and what it must be (`--max must be at least 1, not
/// 0`), with the command whose `--help` lists what it takes. It quotes
/// what was typed, so it is escaped (by [`complain`]): an argument holding
/// an escape sequence cannot reach the terminal.
fn usage_error(err: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    use std::error::Error;
    // clap's text without styling: the message, its notes and tips, then
    // a usage paragraph and a pointer to --help, which are said here in a
    // few words instead.
    let text = err.render().to_string();
    let command = typed_command(std::env::args_os().skip(1));
    let said = match (err.kind(), err.get(ContextKind::InvalidArg), err.source()) {
        (ErrorKind::ValueValidation, Some(ContextValue::String(arg)), Some(why)) => {
            // `--max <K>` is said `--max`; a positional (`[N]`) is left
            // to its own words, which name it (`n must be ...`).
            let name = arg.split(' ').next().unwrap_or(arg.as_str());
            if !name.starts_with('-') {
                why.to_string()
            } else if why.is::<launch::Must>() {
                format!("{name} {why}")
            } else {
                format!("{name}: {why}")
            }
        }
        _ => {
            let body = text.split("\nUsage: ").next().unwrap_or(&text);
            let body = body.split("\nFor more information").next().unwrap_or(body);
            let lines: Vec<&str> = body
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .collect();
            let mut joined = String::new();
            for line in lines {
                if !joined.is_empty() {
                    joined.push_str(if line.starts_with("tip:") { "; " } else { " " });
                }
                joined.push_str(line);
            }
            joined
                .strip_prefix("error: ")
                .unwrap_or(&joined)
                .to_string()
        }
    };
    format!("{said} (see `{command} --help`)")
}

/// The command typed, as far as the command line names one: `backstep
/// compare sudoku` for `backstep compare sudoku --max-nodes x`.
fn typed_command(args: impl Iterator<Item = std::ffi::OsString>) -> String {
    let mut command = cli::command();
    let mut words = vec!["backstep".to_string()];
    for arg in args {
        let Some(name) = arg.to_str() else { break };
        let Some(sub) = command.find_subcommand(name).cloned() else {
            break;
        };
        words.push(sub.get_name().to_string());
        command = sub;
    }
    words.join(" ")
}

/// Writes one message to standard error, with any control character in it
/// escaped ([`files::escaped`]): a message may quote what was typed, and
/// nothing typed reaches the terminal raw. A failure to write it is
/// ignored: there is nowhere left to report it, and the exit status still
/// says 2.
fn complain(message: std::fmt::Arguments) {
    let message = files::escaped(&message.to_string());
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
        Some((cli::CHECK, check)) => CheckArgs::from_arg_matches(check)
            .context("internal error")?
            .run(KINDS),
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
