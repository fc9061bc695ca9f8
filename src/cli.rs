//! The command line: the top-level options, then one subcommand per entry
//! of the registry, `compare` with one subcommand per search that has a
//! comparison, and `samples`. `main.rs` reads what this parses and hands
//! it to the registry's entries.
//!
//! Each subcommand declares only the options that work for it, so that its
//! `--help` is exact and an option that cannot apply is refused by clap
//! (status 2, naming the option) instead of being ignored. The option
//! groups shared by several commands are `Args` structs in
//! `backstep::launch`, flattened into each search's own.

use clap::{Args, CommandFactory, Parser};

use backstep::commands::check::CheckArgs;
use backstep::commands::replay::ReplayArgs;
use backstep::launch::SearchView;
use backstep::registry::{self, KINDS};

// The program's `--help` text comes from the registry, which names the
// searches; with no command the top-level options are the default
// search's (clap refuses them before a command).
#[derive(Parser, Debug)]
#[command(
    name = "backstep",
    version,
    about = registry::about(),
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// With no command: the options of the default search.
    #[command(flatten)]
    pub view: SearchView,
}

/// The name of the subcommand that runs two variants of one search.
pub const COMPARE: &str = "compare";
/// The name of the subcommand that runs the reference samples.
pub const SAMPLES: &str = "samples";
/// The name of the subcommand that prints a shell's completion script.
pub const COMPLETIONS: &str = "completions";
/// The name of the subcommand that prints the man page.
pub const MAN: &str = "man";
/// The name of the subcommand that plays a recording back.
pub const REPLAY: &str = "replay";
/// The name of the subcommand that lists the bug lab's bugs.
pub const BUGS: &str = "bugs";
/// The name of the subcommand that grades a student's trace or worksheet.
pub const CHECK: &str = "check";
/// The option of `samples` that runs the labs' self-checks.
pub const LABS: &str = "labs";

/// What `check --help` adds after its options: the searches it grades
/// and the examples named from the registry ([`KINDS`]), so that a new
/// search is named there too.
fn check_help() -> String {
    let names: Vec<&str> = KINDS.iter().map(|kind| kind.name()).collect();
    let mut examples = String::new();
    let formats = ["", "--format json "];
    for (kind, format) in KINDS.iter().zip(formats) {
        examples.push_str(&format!(
            "  backstep check {format}trace.jsonl {}\n",
            kind.name()
        ));
    }
    format!(
        "SEARCH is one of {}, with the arguments its own command takes. A trace needs only \
`event` and the fields of a `place`, `undo` or `reject` line that say where the choice is (those \
the search's own --print jsonl writes there, row and col on a board) and a dead end's own fields; \
step, nodes, by/reason and a solution's payload are compared when present. Kinds a trace leaves \
out altogether (reject, dead-end) are left out of the comparison. On a difference check prints \
the line, your event and the expected one, three events before it, how many matched, and the bug \
of `backstep bugs` the trace follows, if any. A worksheet's cells are compared after trimming, \
ignoring case and the spaces inside {{}}, [] and (); its `backstep-command:` line names the \
search.

Exit status: 0 the file matches, 1 it differs, 2 bad input (one message naming the line).

Examples:
{examples}  backstep check --show-answers sheet.md",
        names.join(", ")
    )
}

/// The whole command line, built from the registry.
pub fn command() -> clap::Command {
    let compare = clap::Command::new(COMPARE)
        .about("Two variants of one search side by side, with their node ratio")
        .subcommand_required(true)
        .arg_required_else_help(false)
        .subcommands(KINDS.iter().filter_map(|kind| kind.compare()));
    let samples = clap::Command::new(SAMPLES)
        .about("Run the reference samples and check their results")
        .arg(
            clap::Arg::new(LABS)
                .long(LABS)
                .action(clap::ArgAction::SetTrue)
                .help("Check the labs' searches instead: one line per check, `ok` or `FAIL`"),
        );
    let completions = clap::Command::new(COMPLETIONS)
        .about("Print the completion script of a shell (bash, zsh, fish, elvish, powershell)")
        .arg(
            clap::Arg::new("shell")
                .required(true)
                .value_parser(clap::value_parser!(clap_complete::Shell)),
        );
    let man = clap::Command::new(MAN)
        .about("Print the man page (roff), e.g. `backstep man | man -l -`")
        .arg(
            clap::Arg::new("command")
                .help("A command's own page, with its options (`backstep man queens`)"),
        );
    let replay = ReplayArgs::augment_args(clap::Command::new(REPLAY))
        .about("Play a recording (--record, --print cast) back in the terminal");
    let bugs = clap::Command::new(BUGS)
        .about("List the bug lab's classic bugs, one line each: each search's --bug NAME");
    let check = CheckArgs::augment_args(clap::Command::new(CHECK))
        .about(
            "Grade a student's trace (JSON lines) or filled-in worksheet against the search: exit 0 on a match, 1 on a difference, 2 on bad input",
        )
        .after_long_help(check_help());
    Cli::command()
        .subcommands(KINDS.iter().map(|kind| kind.command()))
        .subcommand(compare)
        .subcommand(check)
        .subcommand(samples)
        .subcommand(completions)
        .subcommand(man)
        .subcommand(replay)
        .subcommand(bugs)
}

/// The completion script of `shell` for the whole command line.
pub fn completions(shell: clap_complete::Shell) -> Vec<u8> {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut command(), "backstep", &mut out);
    out
}

/// The man page, in roff, generated from the command line: the program's
/// options and a line for each subcommand, or with `name` that
/// subcommand's own page (`backstep-queens(1)`, which the first page names).
/// `None` when no subcommand has that name.
pub fn man(name: Option<&str>) -> Option<std::io::Result<Vec<u8>>> {
    let mut top = command()
        .about("step through backtracking searches, event by event")
        .long_about(registry::about());
    // Built, a subcommand knows its page name (`backstep-queens`) and how
    // it is typed (`backstep queens`).
    top.build();
    let page = match name {
        None => top,
        Some(name) => top.find_subcommand(name)?.clone(),
    };
    let mut out = Vec::new();
    let page =
        clap_mangen::Man::new(page).source(format!("backstep {}", env!("CARGO_PKG_VERSION")));
    Some(page.render(&mut out).map(|()| {
        // roff's preamble (a string for the apostrophe) comes before the
        // `.TH` header; a page opening with its header is what `man`,
        // `whatis` and `mandb` expect to read first.
        let text = String::from_utf8_lossy(&out).into_owned();
        match text.find("\n.TH ").map(|at| at + 1) {
            Some(at) => {
                let end = text[at..].find('\n').map_or(text.len(), |e| at + e + 1);
                format!("{}{}{}", &text[at..end], &text[..at], &text[end..]).into_bytes()
            }
            None => out,
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// clap's own checks of the built command (conflicts naming real
    /// options, no two options of one name), which it runs only when
    /// parsing in debug builds.
    #[test]
    fn the_command_line_is_well_formed() {
        command().debug_assert();
    }

    /// Every registry entry is a subcommand and, where it has one, a
    /// subcommand of `compare`; no name is taken twice.
    #[test]
    fn every_kind_is_a_subcommand() {
        let command = command();
        let compare = command
            .find_subcommand(COMPARE)
            .expect("compare is a subcommand");
        for kind in KINDS {
            assert!(
                command.find_subcommand(kind.name()).is_some(),
                "{}",
                kind.name()
            );
            assert_eq!(
                compare.find_subcommand(kind.name()).is_some(),
                kind.compare().is_some(),
                "compare {}",
                kind.name()
            );
        }
        let mut names: Vec<_> = command.get_subcommands().map(|c| c.get_name()).collect();
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count, "{names:?}");
        assert_eq!(
            count,
            KINDS.len() + 7,
            "the searches, compare, check, samples, completions, man, replay and bugs"
        );
    }
}
