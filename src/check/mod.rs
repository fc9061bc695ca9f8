//! `backstep check` (EVENTS.md §5): grades what a student made against the
//! search backstep runs, and says where it first goes wrong.
//!
//! Nothing here names a search. The search is built from `SEARCH ARGS` by
//! the search's own command, exactly as `backstep SEARCH ARGS` builds it:
//! the command's [`Kind::check`](crate::launch::Kind::check) runs its launch with a [`Request`] in its
//! view, and `launch::show` hands the typed search to [`serve`] instead of
//! showing it. The grade itself is generic over [`Report`](crate::model::Report) ([`trace`]) and
//! [`Sheet`](crate::worksheet::Sheet) ([`sheet`]), reading the reference lazily from the search and
//! the student's file a line at a time. A bug variant of the bug lab is
//! built the same way, by the same command with `--bug NAME`.

pub mod field;
mod read;
pub mod sheet;
pub mod trace;

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::rc::Rc;

use anyhow::Result;
use serde_json::{Value, json};

use crate::files;
use crate::parting::BugLine;
use crate::search::EventKind;
use crate::ui::scene::{Capability, Scene};
use crate::ui::theme::Theme;

pub use trace::{Difference, Graded, Shown};

/// Every event kind, in the order the report lists the kinds compared:
/// the three always compared, then the two a student may leave out.
pub const KINDS_IN_ORDER: [EventKind; 5] = [
    EventKind::Place,
    EventKind::Undo,
    EventKind::Solution,
    EventKind::Reject,
    EventKind::DeadEnd,
];

/// The kinds of event compared: `place`, `undo` and `solution` always;
/// `reject` and `dead-end` when the student's trace has any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Compared {
    /// Whether rejects are compared.
    pub rejects: bool,
    /// Whether dead ends are compared.
    pub dead_ends: bool,
}

impl Compared {
    /// Whether events of `kind` are compared.
    pub fn contains(self, kind: EventKind) -> bool {
        match kind {
            EventKind::Reject => self.rejects,
            EventKind::DeadEnd => self.dead_ends,
            EventKind::Place | EventKind::Undo | EventKind::Solution => true,
        }
    }

    /// The kinds compared, in report order.
    pub fn names(self) -> Vec<&'static str> {
        KINDS_IN_ORDER
            .iter()
            .filter(|kind| self.contains(**kind))
            .map(|kind| kind.name())
            .collect()
    }
}

/// What `check` asks of the search a command builds.
#[derive(Clone, Debug)]
pub struct Request {
    /// The student's file.
    pub file: PathBuf,
    /// What to do with it.
    pub task: Task,
    /// Where the grade is left for `check` to report.
    slot: Rc<RefCell<Option<Outcome>>>,
}

/// What `check` does with the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// Grade a trace on the kinds compared.
    Trace(Compared),
    /// Grade a worksheet.
    Sheet,
    /// Open the search on screen at the trace's first difference.
    Open(Compared),
}

/// A grade, as the search left it.
#[derive(Debug)]
pub enum Outcome {
    /// A trace's.
    Trace(Graded),
    /// A worksheet's.
    Sheet(sheet::SheetGrade),
}

impl Request {
    pub fn new(file: &Path, task: Task) -> Request {
        Request {
            file: file.to_path_buf(),
            task,
            slot: Rc::default(),
        }
    }

    /// The grade the search left, taken out.
    pub fn take(&self) -> Option<Outcome> {
        self.slot.borrow_mut().take()
    }
}

/// What `launch::show` does with a search when `check` asked for it.
pub fn serve<S: Scene>(
    search: S,
    name: &str,
    request: Request,
    theme: Theme,
    mouse: bool,
) -> Result<ExitCode> {
    let outcome = match request.task {
        Task::Trace(compared) => Outcome::Trace(trace::grade(search, &request.file, compared)?),
        Task::Sheet => {
            let words = search.clone();
            let Some(sheet) = words.sheet() else {
                return Err(Capability::Worksheet.refused(name, "a worksheet to `check`"));
            };
            Outcome::Sheet(sheet::grade(search, sheet, &request.file)?)
        }
        Task::Open(compared) => {
            trace::open(search, name, &request.file, compared, (theme, mouse))?;
            return Ok(ExitCode::SUCCESS);
        }
    };
    *request.slot.borrow_mut() = Some(outcome);
    Ok(ExitCode::SUCCESS)
}

/// A path as a message shows it: quoted, control characters escaped.
pub(crate) fn shown(path: &Path) -> String {
    files::quoted(path)
}

/// Text from a student's file as a message shows it: control characters
/// escaped, so that nothing in the file can reach the terminal as a code.
pub(crate) fn escaped(text: &str) -> String {
    files::escaped(text)
}

/// `"NAME"` or `null`: the bug a JSON report names.
fn bug_json(bug: Option<&BugLine>) -> Value {
    bug.map_or(Value::Null, |bug| json!(bug.name))
}
