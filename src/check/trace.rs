//! Grading a student's JSON-lines trace against a search, event by event
//! (EVENTS.md §5, the first kind of file).
//!
//! The reference is read lazily from the search, the student's events a
//! line at a time, so that memory stays bounded however long the trace:
//! besides the two current events, only the words of the last three
//! matched ones are kept, for context.

use std::collections::VecDeque;
use std::path::Path;

use anyhow::{Context, Result, bail};
use serde_json::{Value, json};

use super::field::Fields;
use super::read::{Next, TraceLine, TraceReader};
use super::{Compared, bug_json, escaped};
use crate::model::{self, Report};
use crate::parting::BugLine;
use crate::print;
use crate::search::{EventKind, SearchEvent};
use crate::ui::app::{App, Panel};
use crate::ui::scene::Scene;
use crate::ui::theme::Theme;

/// How many matched events a difference shows before it.
const CONTEXT: usize = 3;

/// A trace's grade.
#[derive(Debug)]
pub struct Graded {
    /// The search as its summary names it (`queens 6 full`).
    pub label: String,
    /// How many events matched before the first difference (all of them,
    /// on a match).
    pub matched: u64,
    /// Where the trace first differs, if it does.
    pub difference: Option<Difference>,
}

/// The first place a trace differs from the search.
#[derive(Debug)]
pub struct Difference {
    /// The line of the file (past its last line when the trace stops
    /// early).
    pub line: u64,
    /// The student's event there; `None` when the trace has stopped.
    pub yours: Option<Shown>,
    /// The search's event there; `None` when the search has ended.
    pub expected: Option<Shown>,
    /// The matched events before it: each one's line and words.
    pub context: Vec<(u64, String)>,
    /// The step of the search's event there (the step the search is at
    /// when it has ended), for opening the screen at it.
    pub step: u64,
}

/// An event as the report shows it: in the search's words, and its fields.
#[derive(Debug)]
pub struct Shown {
    /// The event in the search's words (a student's event the search
    /// cannot read back is shown as its JSON).
    pub words: String,
    /// The event's JSON fields.
    pub fields: Fields,
}

/// Reads the whole trace once, checking every line, and says which kinds
/// it holds: rejects and dead ends are compared only when it has some.
pub fn survey(path: &Path) -> Result<Compared> {
    let mut reader = TraceReader::open(path)?;
    let mut compared = Compared {
        rejects: false,
        dead_ends: false,
    };
    while let Some(line) = reader.next_event()? {
        match line.kind {
            EventKind::Reject => compared.rejects = true,
            EventKind::DeadEnd => compared.dead_ends = true,
            _ => {}
        }
    }
    Ok(compared)
}

/// The search's next event of a kind compared, if any is left.
fn next_compared<S: Report>(search: &mut S, compared: Compared) -> Option<S::Event> {
    search.find(|event| compared.contains(event.kind()))
}

/// Grades the trace in `path` against `search` on the kinds compared.
pub fn grade<S: Report>(mut search: S, path: &Path, compared: Compared) -> Result<Graded> {
    let label = label(&search);
    let mut reader = TraceReader::open(path)?;
    let mut context: VecDeque<(u64, String)> = VecDeque::with_capacity(CONTEXT + 1);
    let mut json = String::new();
    let mut matched: u64 = 0;
    loop {
        let expected = next_compared(&mut search, compared);
        json.clear();
        if let Some(event) = &expected {
            print::json_line(&search, event, &mut json);
        }
        let yours = match (reader.next_unless(&json)?, &expected) {
            // The search's own line, word for word: the same event.
            (Some(Next::Exact(line)), Some(event)) => {
                let mut words = match context.len() {
                    CONTEXT => context
                        .pop_front()
                        .map(|(_, words)| words)
                        .unwrap_or_default(),
                    _ => String::new(),
                };
                words.clear();
                let _ = model::write_told(&search, event, &mut words);
                context.push_back((line, words));
                matched += 1;
                continue;
            }
            (Some(Next::Line(line)), _) => Some(line),
            (Some(Next::Exact(_)) | None, _) => None,
        };
        let differ = |line, yours: Option<Shown>, expected: Option<Shown>, search: &S| Graded {
            label: label.clone(),
            matched,
            difference: Some(Difference {
                line,
                yours,
                expected,
                context: context.iter().cloned().collect(),
                step: search.counters().steps,
            }),
        };
        let (yours, expected) = match (yours, expected) {
            (None, None) => {
                return Ok(Graded {
                    label,
                    matched,
                    difference: None,
                });
            }
            (Some(yours), None) => {
                let shown = student(&search, yours.fields);
                return Ok(differ(yours.line, Some(shown), None, &search));
            }
            (None, Some(expected)) => {
                let want = reference(&search, &expected, &json)?;
                let line = reader.line() + 1;
                return Ok(differ(line, None, Some(want), &search));
            }
            (Some(yours), Some(expected)) => (yours, expected),
        };
        let want = reference(&search, &expected, &json)?;
        let at = || reader_at(path, yours.line);
        let renumbered = json!(matched + 1);
        if !agree(
            &yours,
            &want.fields,
            Some(&renumbered),
            search.position_fields(),
            &at,
        )? {
            let line = yours.line;
            let shown = student(&search, yours.fields);
            return Ok(differ(line, Some(shown), Some(want), &search));
        }
        matched += 1;
        if context.len() == CONTEXT {
            context.pop_front();
        }
        context.push_back((yours.line, want.words));
    }
}

/// `trace.jsonl line 12`.
fn reader_at(path: &Path, line: u64) -> String {
    format!("{} line {line}", super::shown(path))
}

/// The search's event as the report shows it.
fn reference<S: Report>(search: &S, event: &S::Event, json: &str) -> Result<Shown> {
    let fields: Fields =
        serde_json::from_str(json).context("internal error: the search's JSON line")?;
    Ok(Shown {
        words: model::told(search, event),
        fields,
    })
}

/// The student's event as the report shows it: in the search's words when
/// the search reads it back, else as the JSON it was written in.
fn student<S: Report>(search: &S, fields: Fields) -> Shown {
    let words = match search.read_event(&fields) {
        Some(event) => model::told(search, &event),
        None => escaped(&Value::Object(fields.clone()).to_string()),
    };
    Shown { words, fields }
}

/// The search as its summary names it: the head of the summary's first
/// line (`queens 6 full`, `word ABCCED`).
fn label<S: Report>(search: &S) -> String {
    model::summary(search).head
}

/// Whether the student's line states the expected event (EVENTS.md §5): the
/// same kind; the position fields (every field of a dead end) present and
/// equal; `step`, `nodes`, `by`, `reason` and a solution's payload equal
/// when present; other fields ignored. A field of the wrong type, or a
/// required one missing, is bad input.
fn agree(
    yours: &TraceLine,
    want: &Fields,
    renumbered: Option<&Value>,
    position: &[&str],
    at: &dyn Fn() -> String,
) -> Result<bool> {
    let kind = match want.get("event").and_then(Value::as_str) {
        Some(name) if name == yours.kind.name() => yours.kind,
        _ => return Ok(false),
    };
    for (key, wanted) in want {
        let key = key.as_str();
        let counter = matches!(key, "step" | "nodes");
        let required = !counter
            && match kind {
                EventKind::DeadEnd => true,
                EventKind::Solution => false,
                _ => position.contains(&key),
            };
        let compared =
            required || counter || matches!(key, "by" | "reason") || kind == EventKind::Solution;
        if key == "event" || !compared {
            continue;
        }
        let Some(got) = yours.fields.get(key) else {
            if required {
                bail!(
                    "{}: this {} has no `{key}` field (required, like every field that says where an event is)",
                    at(),
                    kind.name()
                );
            }
            continue;
        };
        if type_name(got) != type_name(wanted) {
            bail!(
                "{}: `{key}` should be {}, not {}",
                at(),
                type_name(wanted),
                type_name(got)
            );
        }
        let same = match key {
            // `by` is a set of reasons: its order says nothing.
            "by" => sorted(got) == sorted(wanted),
            // A trace that leaves kinds out may number its events with or
            // without them.
            "step" => got == wanted || Some(got) == renumbered,
            _ => got == wanted,
        };
        if !same {
            return Ok(false);
        }
    }
    Ok(true)
}

/// A JSON value's type, in words.
fn type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "true or false",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// A list's items as text, sorted.
fn sorted(value: &Value) -> Vec<String> {
    let mut items: Vec<String> = match value {
        Value::Array(items) => items.iter().map(Value::to_string).collect(),
        other => vec![other.to_string()],
    };
    items.sort_unstable();
    items
}

/// `1 event`, `47 events`.
fn events(n: u64) -> String {
    format!("{n} event{}", if n == 1 { "" } else { "s" })
}

/// The text report: one line on a match; on a difference, where, the
/// context, both events and the bug the trace follows.
pub fn text(graded: &Graded, compared: Compared, bug: Option<&BugLine>) -> String {
    let kinds = compared.names().join(", ");
    let Some(d) = &graded.difference else {
        let verb = if graded.matched == 1 {
            "matches"
        } else {
            "match"
        };
        return format!(
            "check: {} {verb} {} (compared: {kinds})\n",
            events(graded.matched),
            graded.label
        );
    };
    let mut text = format!(
        "check: line {} differs from {} after {} matched (compared: {kinds})\n",
        d.line,
        graded.label,
        events(graded.matched)
    );
    for (line, words) in &d.context {
        text.push_str(&format!("  line {line:<6} {words}\n"));
    }
    let head = format!("  line {:<6} ", d.line);
    let pad = " ".repeat(head.len());
    match (&d.yours, &d.expected) {
        (None, Some(expected)) => text.push_str(&format!(
            "{head}your trace stops after {}; the search goes on with {}\n",
            events(graded.matched),
            expected.words
        )),
        (Some(yours), None) => text.push_str(&format!(
            "{head}yours:    {}\n{pad}expected: nothing, the search ends after {}\n",
            yours.words,
            events(graded.matched)
        )),
        (Some(yours), Some(expected)) => text.push_str(&format!(
            "{head}yours:    {}\n{pad}expected: {}\n",
            yours.words, expected.words
        )),
        (None, None) => {}
    }
    if let Some(bug) = bug {
        text.push_str(&format!(
            "your trace follows the bug {}: {}\n",
            bug.name, bug.about
        ));
    }
    text
}

/// The JSON report (EVENTS.md §5).
pub fn json(graded: &Graded, compared: Compared, bug: Option<&BugLine>) -> Value {
    let fields = |shown: &Option<Shown>| {
        shown
            .as_ref()
            .map_or(Value::Null, |s| Value::Object(s.fields.clone()))
    };
    let difference = graded.difference.as_ref().map_or(
        Value::Null,
        |d| json!({"line": d.line, "yours": fields(&d.yours), "expected": fields(&d.expected)}),
    );
    json!({
        "ok": graded.difference.is_none(),
        "compared": compared.names(),
        "matched": graded.matched,
        "first_difference": difference,
        "bug": bug_json(bug),
    })
}

/// `check --open`: the search on screen at the trace's first difference
/// (or its end), the student's event beside the expected one.
pub fn open<S: Scene>(
    search: S,
    name: &str,
    path: &Path,
    compared: Compared,
    (theme, mouse): (Theme, bool),
) -> Result<()> {
    let graded = grade(search.clone(), path, compared)?;
    if !crate::ui::can_draw() {
        bail!("standard output is not a terminal; --open needs one to draw on");
    }
    let (step, note) = match &graded.difference {
        None => (0, format!("your trace matches: {}", events(graded.matched))),
        Some(d) => {
            let yours = d
                .yours
                .as_ref()
                .map_or("(your trace has stopped)", |s| s.words.as_str());
            let expected = d
                .expected
                .as_ref()
                .map_or("(the search has ended)", |s| s.words.as_str());
            (
                d.step,
                format!("line {}: yours: {yours} | expected: {expected}", d.line),
            )
        }
    };
    let mut app = App::opened(search, name, theme, step, Panel::Events);
    app.message = Some(note);
    crate::ui::run_app(app, false, mouse, None)
}
