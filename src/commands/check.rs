//! `backstep check FILE SEARCH ARGS`: the command line of
//! [`crate::check`]. The search is built from `SEARCH ARGS` by the
//! registry entry whose subcommand is its first word ([`Kind::check`]),
//! exactly as `backstep SEARCH ARGS` builds it, and graded there.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use clap::{Args, ValueEnum};

use crate::check::{Compared, Graded, Outcome, Request, Task, escaped, sheet, shown, trace};
use crate::files;
use crate::launch::{self, BugLine, Kind};

/// A bug is named when the student's trace agrees with it at least this
/// many events past the first difference from the correct search (or
/// equals its whole stream).
pub const BUG_AGREEMENT: u64 = 20;

/// `backstep check`: grade a student's trace or filled-in worksheet.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// How to report: text (one line on a match, the first difference
    /// with context otherwise) or one JSON object, for an autograder.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = Format::Text)]
    pub format: Format,

    /// With a worksheet: say what the first wrong cell should have been.
    #[arg(long)]
    pub show_answers: bool,

    /// Open the search on screen at the first difference, the student's
    /// event shown beside the expected one.
    #[arg(long, conflicts_with = "format")]
    pub open: bool,

    /// The student's file: a trace in JSON lines (one event per line, the
    /// field names of the search's --print jsonl) or a filled-in
    /// --print worksheet.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// The search and its own arguments, as typed after `backstep `; for
    /// a worksheet, its `backstep-command:` line when left out.
    #[arg(
        value_name = "SEARCH ARGS",
        trailing_var_arg = true,
        allow_hyphen_values = true
    )]
    pub search: Vec<String>,
}

/// How `check` reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Words for a person.
    Text,
    /// One JSON object: ok, compared, matched, first_difference, bug (a
    /// worksheet: ok, cells, first_wrong).
    Json,
}

impl CheckArgs {
    /// Grades the file against the search that `kinds` builds from the
    /// search arguments: exit 0 on a match, 1 on a difference; bad input
    /// is an error (status 2).
    pub fn run(self, kinds: &[&dyn Kind]) -> Result<ExitCode> {
        let file = &self.file;
        // Checked before it is opened: a FIFO or a device is named and
        // never opened (check reads the file twice: once for the kinds it
        // holds, once to compare).
        match files::find(file) {
            files::Found::File(_) => {}
            found => return Err(files::not_a_file("file", file, found)),
        }
        match sheet::sniff(file)? {
            sheet::Sniffed::Trace => self.run_trace(kinds),
            sheet::Sniffed::Sheet(command) => self.run_sheet(kinds, command),
        }
    }

    fn run_trace(&self, kinds: &[&dyn Kind]) -> Result<ExitCode> {
        if self.show_answers {
            bail!(
                "--show-answers applies only to a worksheet; a trace's difference already shows the expected event"
            );
        }
        let compared = trace::survey(&self.file)?;
        let built = Built::new(kinds, &self.search)?;
        if self.open {
            built.run(Request::new(&self.file, Task::Open(compared)))?;
            return Ok(ExitCode::SUCCESS);
        }
        let graded = built.trace(&self.file, compared)?;
        let bug = match graded.difference {
            Some(_) => built.bug_followed(&self.file, compared, graded.matched),
            None => None,
        };
        let text = match self.format {
            Format::Text => trace::text(&graded, compared, bug.as_ref()),
            Format::Json => {
                let mut text = trace::json(&graded, compared, bug.as_ref()).to_string();
                text.push('\n');
                text
            }
        };
        launch::print_text(&text)?;
        Ok(exit(graded.difference.is_none()))
    }

    fn run_sheet(&self, kinds: &[&dyn Kind], command: Option<Vec<String>>) -> Result<ExitCode> {
        if self.open {
            bail!("--open applies only to a trace; a worksheet's cells are checked headless");
        }
        let args = match (&self.search[..], command) {
            ([], Some(command)) => command,
            ([], None) => bail!(
                "{} has no `backstep-command:` line: give the search's arguments after the file (e.g. `queens 4`)",
                shown(&self.file)
            ),
            (given, _) => given.to_vec(),
        };
        let built = Built::new(kinds, &args)?;
        let request = Request::new(&self.file, Task::Sheet);
        built.run(request.clone())?;
        let Some(Outcome::Sheet(grade)) = request.take() else {
            bail!("internal error: the search left no worksheet grade");
        };
        let text = match self.format {
            Format::Text => sheet::text(&grade, self.show_answers),
            Format::Json => {
                let mut text = sheet::json(&grade, self.show_answers).to_string();
                text.push('\n');
                text
            }
        };
        launch::print_text(&text)?;
        Ok(exit(grade.first_wrong.is_none()))
    }
}

/// 0 on a match, 1 on a difference.
fn exit(ok: bool) -> ExitCode {
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// A search command and its arguments, parsed by the search's own
/// subcommand: what `backstep SEARCH ARGS` would run.
struct Built<'a> {
    kind: &'a dyn Kind,
    args: Vec<String>,
    matches: clap::ArgMatches,
}

impl<'a> Built<'a> {
    fn new(kinds: &[&'a dyn Kind], args: &[String]) -> Result<Built<'a>> {
        let Some((name, rest)) = args.split_first() else {
            let first = kinds.first().map_or("SEARCH", |kind| kind.name());
            bail!(
                "check needs the search after the file, e.g. `backstep check trace.jsonl {first}`"
            );
        };
        let kind = kinds
            .iter()
            .copied()
            .find(|kind| {
                let command = kind.command();
                command.get_name() == name || command.get_all_aliases().any(|a| a == name)
            })
            .with_context(|| {
                let names: Vec<&str> = kinds.iter().map(|kind| kind.name()).collect();
                format!(
                    "check: no search named {:?} (one of {})",
                    escaped(name),
                    names.join(", ")
                )
            })?;
        if let Some(option) = rest.iter().find(|a| *a == "--list" || *a == "--play") {
            bail!(
                "check grades against a search, and {option} shows none: leave it out of the search's arguments"
            );
        }
        if rest.iter().any(|a| a == "--bug" || a.starts_with("--bug=")) {
            bail!(
                "check grades against the correct search: leave --bug out (a trace that follows a bug is named by check itself)"
            );
        }
        let matches = Self::parse(kind, args)?;
        Ok(Built {
            kind,
            args: args.to_vec(),
            matches,
        })
    }

    fn parse(kind: &dyn Kind, args: &[String]) -> Result<clap::ArgMatches> {
        kind.command().try_get_matches_from(args).map_err(|err| {
            let text = err.render().to_string();
            let lines: Vec<String> = text.trim_end().lines().map(escaped).collect();
            anyhow::anyhow!("check: the search's arguments: {}", lines.join("\n"))
        })
    }

    fn run(&self, request: Request) -> Result<()> {
        self.kind.check(&self.matches, request)
    }

    fn trace(&self, file: &Path, compared: Compared) -> Result<Graded> {
        let request = Request::new(file, Task::Trace(compared));
        self.run(request.clone())?;
        match request.take() {
            Some(Outcome::Trace(graded)) => Ok(graded),
            _ => bail!(
                "check: `{}` builds no search to grade against",
                escaped(&self.args.join(" "))
            ),
        }
    }

    /// The bug of the bug lab the trace follows, if any: one whose stream
    /// the trace equals, or agrees with [`BUG_AGREEMENT`] events past the
    /// first difference from the correct search (`matched` events). A bug
    /// whose command refuses these arguments does not apply to them.
    fn bug_followed(&self, file: &Path, compared: Compared, matched: u64) -> Option<BugLine> {
        let mut best: Option<(u64, BugLine)> = None;
        for bug in self.kind.bugs() {
            let mut args = self.args.clone();
            args.extend(["--bug".to_string(), bug.name.clone()]);
            let Ok(matches) = Self::parse(self.kind, &args) else {
                continue;
            };
            let built = Built {
                kind: self.kind,
                args,
                matches,
            };
            let Ok(graded) = built.trace(file, compared) else {
                continue;
            };
            let agreed = match graded.difference {
                None => u64::MAX,
                Some(_) => graded.matched,
            };
            let better = best.as_ref().is_none_or(|(most, _)| agreed > *most);
            if agreed >= matched.saturating_add(BUG_AGREEMENT) && better {
                best = Some((agreed, bug));
            }
        }
        best.map(|(_, bug)| bug)
    }
}
