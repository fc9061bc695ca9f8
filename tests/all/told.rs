//! The screen tells past events as they happened: for every search the
//! registry knows and every variant its command line can pick
//! (`Kind::variants`: each flag, each `--order`, `--state` and `--bug`),
//! at every one of the first steps and at a sample of later ones (the
//! last included), every line of the Events panel, drawn as `--print
//! frame` draws it, says what `--print trace` says at that step, and the
//! table panel's rows are `--print table`'s.
//!
//! The trace and the table come from the real binary, a straight run in
//! another process; the screen is opened in-process (`launch::open`, the
//! very command line parsed and built as `main` does) and stepped. A new
//! search, or a new option of one, is covered with no new line here.

use std::collections::BTreeMap;

use backstep::launch::{self, Kind, Opened};
use backstep::model::Cell;
use backstep::registry::KINDS;
use backstep::ui::scene::Capability;
use backstep::ui::still;

use super::{Rng, backstep_ok};

/// Every step up to this one is checked.
const FIRST: u64 = 150;
/// Later steps checked, at random, besides the last.
const LATER: usize = 12;
/// The frame the Events panel is read from: wide, so lines are whole.
const SIZE: (u16, u16) = (120, 24);
/// The most steps a variant's checked run goes to (a node-budgeted bug
/// walks on for long): the trace is read this far.
const MOST: u64 = 20_000;

/// A variant's `--print trace`: each step's words.
pub(super) fn trace(args: &[String]) -> Vec<String> {
    let mut line: Vec<&str> = args.iter().map(String::as_str).collect();
    line.extend(["--print", "trace"]);
    let text = backstep_ok(&line);
    let mut lines = text.lines();
    let header = lines.next().expect("a trace header");
    let at = header
        .find("event")
        .expect("the header names the event column");
    let mut words = Vec::new();
    for line in lines {
        let Some(step) = line
            .get(..at)
            .and_then(|head| head.split_whitespace().next())
        else {
            break;
        };
        // The summary follows the last event line.
        if step.parse::<u64>().ok() != Some(words.len() as u64 + 1) {
            break;
        }
        words.push(line[at..].to_string());
    }
    words
}

/// A variant's `--print table`: its rows by node number.
pub(super) fn table(args: &[String]) -> BTreeMap<String, Vec<String>> {
    let mut line: Vec<&str> = args.iter().map(String::as_str).collect();
    line.extend(["--print", "table"]);
    rows_by_node(backstep_ok(&line).lines().skip(2))
}

/// Markdown table rows keyed by their first cell (the node number).
fn rows_by_node<'a>(rows: impl Iterator<Item = &'a str>) -> BTreeMap<String, Vec<String>> {
    rows.map(|row| {
        let cells: Vec<String> = row
            .trim_matches('|')
            .split(" | ")
            .map(|c| c.trim().to_string())
            .collect();
        (cells[0].clone(), cells)
    })
    .collect()
}

/// The Events panel's lines on the screen: step and words.
fn events(screen: &dyn Opened) -> Vec<(u64, String, bool)> {
    let buffer = screen.frame(SIZE.0, SIZE.1).expect("a frame");
    let text = still::text(&buffer);
    let rows: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    let Some((top, left)) = rows.iter().enumerate().find_map(|(y, row)| {
        let line: String = row.iter().collect();
        line.find("┌ Events")
            .map(|x| (y, line[..x].chars().count()))
    }) else {
        return Vec::new();
    };
    let right = rows[top][left + 1..]
        .iter()
        .position(|&c| c == '┐')
        .map_or(rows[top].len(), |x| left + 1 + x);
    let mut lines = Vec::new();
    for row in &rows[top + 1..] {
        if row.get(left) != Some(&'│') {
            break;
        }
        let inner: String = row[left + 1..right.min(row.len())].iter().collect();
        let full = inner.trim_end().chars().count() >= right - left - 2;
        let inner = inner.trim_end_matches('│').trim_end();
        let Some((step, words)) = inner.trim_start().split_once("  ") else {
            continue;
        };
        if let Ok(step) = step.parse() {
            lines.push((step, words.to_string(), full));
        }
    }
    lines
}

/// The steps checked: all of the first ones, a sample of the rest, the last.
pub(super) fn steps(total: u64, rng: &mut Rng) -> Vec<u64> {
    let mut steps: Vec<u64> = (1..=total.min(FIRST)).collect();
    if total > FIRST {
        for _ in 0..LATER {
            steps.push(FIRST + 1 + rng.next_u64() % (total - FIRST));
        }
        steps.push(total);
    }
    steps.sort_unstable();
    steps.dedup();
    steps
}

/// What a search that needs an instance named is checked on: the first
/// its `--list` names (nothing for a search that opens a default).
pub(crate) fn instance(kind: &dyn Kind) -> Vec<String> {
    if super::backstep(&[kind.name(), "--print", "summary"])
        .status
        .success()
    {
        return Vec::new();
    }
    let list = backstep_ok(&[kind.name(), "--list"]);
    let first = list
        .split_whitespace()
        .next()
        .expect("--list names an instance");
    vec![first.to_string()]
}

/// A variant with its instance named first (what `launch::open` takes),
/// and the whole command line (the search's name first) for the binary.
fn command_line(kind: &dyn Kind, variant: &[String]) -> (Vec<String>, Vec<String>) {
    let mut variant = variant.to_vec();
    variant.splice(0..0, instance(kind));
    let mut args = vec![kind.name().to_string()];
    args.extend(variant.iter().cloned());
    (variant, args)
}

fn check_variant(kind: &dyn Kind, variant: &[String], rng: &mut Rng) -> u64 {
    let (variant, args) = command_line(kind, variant);
    let said = trace(&args);
    let rows = table(&args);
    let mut screen = launch::open(kind, &variant).expect("the variant opens");
    let total = (said.len() as u64).min(MOST);
    assert!(total > 0, "{args:?}: the trace has no event");
    let mut lines = 0;
    for step in steps(total, rng) {
        screen.go_to(step);
        assert_eq!(screen.step(), step, "{args:?}");
        let shown = events(screen.as_ref());
        assert!(
            shown.iter().any(|(s, _, _)| *s == step),
            "{args:?} at step {step}: the Events panel does not show the step: {shown:?}"
        );
        for (at, words, full) in shown {
            let expected = &said[at as usize - 1];
            let cut = full && expected.starts_with(words.trim_end_matches('…'));
            assert!(
                words == *expected || cut,
                "{args:?} at step {step}: the Events panel says of step {at}\n  `{words}`\nwhere the trace says\n  `{expected}`"
            );
            lines += 1;
        }
        for row in screen.table_rows() {
            let row: Vec<String> = row.iter().map(Cell::to_string).collect();
            let printed = rows.get(&row[0]).unwrap_or_else(|| {
                panic!(
                    "{args:?} at step {step}: node {} is not in --print table",
                    row[0]
                )
            });
            let (outcome, cells) = row.split_last().expect("an outcome column");
            let (printed_outcome, printed_cells) = printed.split_last().expect("an outcome");
            assert_eq!(
                cells, printed_cells,
                "{args:?} at step {step}: node {}",
                row[0]
            );
            // A node still open has said only the start of its outcome.
            assert!(
                printed_outcome.starts_with(outcome.as_str()),
                "{args:?} at step {step}: node {} outcome `{outcome}`, --print table `{printed_outcome}`",
                row[0]
            );
            if step == said.len() as u64 {
                assert_eq!(
                    outcome, printed_outcome,
                    "{args:?} at the end: node {}",
                    row[0]
                );
            }
        }
    }
    lines
}

#[test]
fn every_log_line_on_screen_is_the_trace_line_of_its_step() {
    let mut rng = Rng::new(25);
    let mut checked = Vec::new();
    for kind in KINDS {
        let variants = kind.variants();
        assert!(
            !variants.is_empty(),
            "{}: no variant runs with --print trace",
            kind.name()
        );
        for variant in variants {
            let lines = check_variant(*kind, &variant, &mut rng);
            checked.push((kind.name(), variant, lines));
        }
    }
    // Each registered search and each of its bugs was among them.
    for kind in KINDS {
        for bug in kind.bugs() {
            assert!(
                checked
                    .iter()
                    .any(|(k, v, _)| k == &kind.name() && v.contains(&bug.name)),
                "{} --bug {} was not checked",
                kind.name(),
                bug.name
            );
        }
    }
    assert!(checked.iter().all(|(_, _, lines)| *lines > 0));
}

/// The answer key's table of a variant's `--print worksheet`: its rows by
/// node number (the rows after `## Answer key`'s header).
fn key_rows(args: &[String]) -> Option<BTreeMap<String, Vec<String>>> {
    let mut line: Vec<&str> = args.iter().map(String::as_str).collect();
    line.extend(["--print", "worksheet"]);
    let out = super::backstep(&line);
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let (_, key) = text.split_once("## Answer key").expect("an answer key");
    let rows = key
        .lines()
        .filter(|l| l.starts_with('|'))
        .skip(2)
        .take_while(|l| l.starts_with("| "));
    Some(rows_by_node(rows))
}

/// Worksheets word a node as the table does: for every search and variant
/// the registry knows, each row of the worksheet's answer key is the row
/// of `--print table` for that node, outcome included.
#[test]
fn every_worksheet_key_row_is_the_table_row_of_its_node() {
    let mut checked = Vec::new();
    for kind in KINDS {
        for variant in kind.variants() {
            let mut args = vec![kind.name().to_string()];
            args.extend(instance(*kind));
            args.extend(variant.iter().cloned());
            let Some(key) = key_rows(&args) else {
                continue;
            };
            let rows = table(&args);
            assert!(!key.is_empty(), "{args:?}: an answer key with no row");
            for (node, row) in &key {
                assert_eq!(
                    Some(row),
                    rows.get(node),
                    "{args:?}: the worksheet's node {node} against --print table"
                );
            }
            checked.push(kind.name());
        }
    }
    // Every search that offers a worksheet was checked.
    for kind in KINDS {
        let offered = !kind.lacks().contains(&Capability::Worksheet);
        assert!(
            checked.contains(&kind.name()) || !offered,
            "{}: no variant has a worksheet",
            kind.name()
        );
    }
}

/// "Nothing here" is a typed cell, and written `-` only where the table is
/// shown: for every search and variant the registry knows, each cell of the
/// table panel's rows (as far as the run goes, up to [`MOST`] steps) is
/// `Cell::Nothing` exactly where `--print table` writes `-`, and words
/// otherwise, never the words `-` (which the worksheet would blank and
/// `check` grade as if there were something to work out).
#[test]
fn nothing_is_a_typed_cell_written_as_a_dash_only_at_the_edge() {
    let mut nothing = BTreeMap::new();
    for kind in KINDS {
        for variant in kind.variants() {
            let (variant, args) = command_line(*kind, &variant);
            let rows = table(&args);
            let mut screen = launch::open(*kind, &variant).expect("the variant opens");
            screen.go_to(MOST);
            let typed = screen.table_rows();
            assert!(!typed.is_empty(), "{args:?}: no row");
            for row in typed {
                let node = row[0].to_string();
                let printed = rows
                    .get(&node)
                    .unwrap_or_else(|| panic!("{args:?}: node {node} is not in --print table"));
                assert_eq!(row.len(), printed.len(), "{args:?}: node {node}");
                // The outcome of the last node may be still open.
                let last = row.len() - 1;
                for (j, (cell, shown)) in row.iter().zip(printed).enumerate().take(last) {
                    match cell {
                        Cell::Nothing => {
                            *nothing.entry(kind.name()).or_insert(0) += 1;
                            assert_eq!(shown, "-", "{args:?}: node {node} column {j}");
                        }
                        Cell::Text(text) => {
                            assert_ne!(
                                text, "-",
                                "{args:?}: node {node} column {j}: nothing as words"
                            );
                            assert_eq!(text, shown, "{args:?}: node {node} column {j}");
                        }
                    }
                }
            }
        }
    }
    // Every search but the two word searches (whose cells always say
    // something) has a full board or grid, or a node with nothing to
    // decide, in its table: five searches, 321 cells of nothing today.
    for kind in KINDS {
        println!(
            "{}: {} cells of nothing",
            kind.name(),
            nothing.get(kind.name()).unwrap_or(&0)
        );
    }
    assert!(
        nothing.len() >= 5,
        "too few searches with nothing in a cell: {nothing:?}"
    );
}

/// The Algorithm panel of `screen` in a `width` x `height` frame: its
/// inner lines and its bottom title (`None` if the frame has no such
/// panel, as when the screen is too small).
fn algorithm_panel(screen: &dyn Opened, width: u16, height: u16) -> Option<(Vec<String>, String)> {
    let buffer = screen.frame(width, height).expect("a frame");
    let text = still::text(&buffer);
    let rows: Vec<&str> = text.lines().collect();
    let top = rows.iter().position(|l| l.starts_with("┌ Algorithm"))?;
    let bottom = top + 1 + rows[top + 1..].iter().position(|l| l.starts_with('└'))?;
    let inner = rows[top + 1..bottom]
        .iter()
        .map(|l| {
            l.trim_start_matches('│')
                .trim_end()
                .trim_end_matches('│')
                .to_string()
        })
        .collect();
    let title = rows[bottom]
        .trim_start_matches('└')
        .trim_end_matches('┘')
        .trim_matches('─')
        .trim()
        .to_string();
    Some((inner, title))
}

/// The Algorithm panel shows the line behind the last event on short
/// screens (the four smallest heights each screen draws at, where the
/// panel may have a single row) and at 30 rows; and its title names that
/// line's number, as the panel numbers it, and the event in the words of
/// `--print trace` at that step (not "step N", which everywhere else on
/// the screen is the event's number). For every search and variant the
/// registry knows that has an algorithm to show.
#[test]
fn the_algorithm_panel_shows_its_marked_line_at_every_height() {
    const WIDTH: u16 = 100;
    let mut rng = Rng::new(26);
    let mut checked = 0;
    for kind in KINDS {
        for variant in kind.variants() {
            let (variant, args) = command_line(*kind, &variant);
            let mut screen = launch::open(*kind, &variant).expect("the variant opens");
            if !screen.offers(Capability::Algorithm) {
                continue;
            }
            screen.act(backstep::ui::keys::Action::Code);
            let said = trace(&args);
            // The smallest height the screen draws at, with the panel.
            let least = (8..60)
                .find(|&h| algorithm_panel(screen.as_ref(), WIDTH, h).is_some())
                .unwrap_or_else(|| panic!("{args:?}: no Algorithm panel at any height"));
            let total = (said.len() as u64).min(MOST);
            let mut at: Vec<u64> = steps(total, &mut rng).into_iter().take(40).collect();
            at.push(total);
            for step in at {
                screen.go_to(step);
                for height in (least..least + 4).chain([30]) {
                    let (inner, title) = algorithm_panel(screen.as_ref(), WIDTH, height)
                        .unwrap_or_else(|| panic!("{args:?} {WIDTH}x{height}: no Algorithm panel"));
                    let marked: Vec<&String> =
                        inner.iter().filter(|l| l.starts_with('▶')).collect();
                    let [line] = marked[..] else {
                        panic!(
                            "{args:?} at step {step}, {WIDTH}x{height}: {} marked lines in {inner:?}",
                            marked.len()
                        );
                    };
                    let number = line
                        .trim_start_matches('▶')
                        .split_whitespace()
                        .next()
                        .expect("a line number");
                    let (named, words) = title.split_once(": ").unwrap_or_else(|| {
                        panic!("{args:?} at step {step}: title `{title}` names no event")
                    });
                    assert_eq!(
                        named,
                        format!("▶ {number}"),
                        "{args:?} at step {step}, {WIDTH}x{height}: the title `{title}` against the marked line `{line}`"
                    );
                    let expected = &said[step as usize - 1];
                    let kept = words.trim_end_matches('…');
                    assert!(
                        words == *expected || (!kept.is_empty() && expected.starts_with(kept)),
                        "{args:?} at step {step}: the title says `{words}` where the trace says `{expected}`"
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 0, "no search offers an algorithm panel");
}
