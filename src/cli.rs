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

use clap::{CommandFactory, Parser};

use backstep::launch::SearchView;
use backstep::registry::{self, KINDS};

// The program's `--help` text comes from the registry, which names the
// searches; with no command the top-level options are the default
// search's (clap refuses them before a command).
#[derive(Parser, Debug)]
#[command(
    name = "backstep",
    version,
    about = registry::ABOUT,
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
/// The option of `samples` that runs the labs' self-checks.
pub const LABS: &str = "labs";

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
    Cli::command()
        .subcommands(KINDS.iter().map(|kind| kind.command()))
        .subcommand(compare)
        .subcommand(samples)
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
        assert_eq!(count, KINDS.len() + 2, "the searches, compare and samples");
    }
}
