//! The search tree panel (`T`): snapshots of the panel alone, cut out of a
//! 100x30 screen drawn by `backstep::ui::render::draw` into a `TestBackend`,
//! and checks on what the snapshots cannot show (styles, scrolling).
//!
//! Only the panel is pinned, so that a change elsewhere on the screen does
//! not churn these snapshots; `INSTA_UPDATE=always cargo test tree`, then
//! read the `.snap` files, after an intended change to the drawing.

use std::time::Duration;

use crate::apps::{queens, sudoku, word};
use backstep::search::Search;
use backstep::ui::app::App;
use backstep::ui::keys::Action;
use backstep::ui::render;
use backstep::ui::scene::Scene;
use backstep::ui::theme::Theme;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::{Buffer, Cell};
use ratatui::style::Modifier;

/// The size the screen captures use.
const WIDE: (u16, u16) = (100, 30);

/// Carries out `action` and finishes the job it started, as the event loop
/// would over several frames.
fn act<S: Scene>(app: &mut App<S>, action: Action) {
    app.act(action);
    for _ in 0..100_000 {
        if app.pending.is_none() {
            return;
        }
        app.tick(Duration::ZERO);
    }
    panic!("the job never finished");
}

/// An app with the tree panel open, after `actions`.
fn open<S: Scene>(mut app: App<S>, actions: &[Action]) -> App<S> {
    act(&mut app, Action::Tree);
    for &action in actions {
        act(&mut app, action);
    }
    app
}

fn draw<S: Scene>(app: &App<S>) -> Buffer {
    draw_in(app, WIDE)
}

fn draw_in<S: Scene>(app: &App<S>, (width, height): (u16, u16)) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|frame| render::draw(app, frame))
        .expect("drawing into a TestBackend");
    terminal.backend().buffer().clone()
}

fn row_text(buf: &Buffer, y: u16) -> String {
    (0..buf.area.width)
        .map(|x| buf[(x, y)].symbol())
        .collect::<String>()
        .trim_end()
        .to_string()
}

/// The rows of the tree panel, border included: from its title to the
/// bottom border below it.
fn panel_rows(buf: &Buffer) -> std::ops::Range<u16> {
    let rows: Vec<String> = (0..buf.area.height).map(|y| row_text(buf, y)).collect();
    let top = rows
        .iter()
        .position(|r| r.contains(" Search tree "))
        .unwrap_or_else(|| panic!("no tree panel:\n{}", rows.join("\n")));
    let bottom = (top + 1..rows.len())
        .find(|&y| rows[y].starts_with(['└', '+']))
        .expect("the panel's bottom border");
    top as u16..bottom as u16 + 1
}

/// The tree panel as text, trailing blanks trimmed.
fn panel(buf: &Buffer) -> String {
    panel_rows(buf)
        .map(|y| row_text(buf, y))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Where `needle` is in the panel, as (x, y) of its first cell.
fn find(buf: &Buffer, needle: &str) -> (u16, u16) {
    let wanted: Vec<String> = needle.chars().map(String::from).collect();
    for y in panel_rows(buf) {
        let cells: Vec<&Cell> = (0..buf.area.width).map(|x| &buf[(x, y)]).collect();
        if let Some(x) = cells
            .windows(wanted.len())
            .position(|w| w.iter().zip(&wanted).all(|(c, s)| c.symbol() == s))
        {
            return (x as u16, y);
        }
    }
    panic!("{needle:?} is not in the panel:\n{}", panel(buf));
}

fn modifier_at(buf: &Buffer, needle: &str) -> Modifier {
    buf[find(buf, needle)].modifier
}

// ---------------------------------------------------------------------------
// 4-Queens with symmetry: node 3 is the first dead end; the whole tree has
// nine nodes and two root columns pruned by symmetry.

#[test]
fn queens4_first_dead_end() {
    let app = open(
        queens(4, true, Theme::new(true, false)),
        &[Action::NextDeadEnd],
    );
    assert_eq!(app.timeline.step(), 9);
    let buf = draw(&app);
    let tree = panel(&buf);
    assert!(
        tree.contains("root ─── (0,0) ─── (1,2) ✗ dead end"),
        "{tree}"
    );
    // The current node is in reverse video, the path to it in bold, and the
    // dead end has its own glyph, not only a colour.
    assert!(modifier_at(&buf, "(1,2)").contains(Modifier::REVERSED));
    assert!(modifier_at(&buf, "(0,0)").contains(Modifier::BOLD));
    assert!(modifier_at(&buf, "root").contains(Modifier::BOLD));
    insta::assert_snapshot!("queens4_first_dead_end", tree);
}

#[test]
fn queens4_whole_tree() {
    let app = open(queens(4, true, Theme::new(true, false)), &[Action::End]);
    assert!(app.timeline.at_end());
    let buf = draw(&app);
    let tree = panel(&buf);
    // All nine nodes, both dead ends, the solution and the two pruned
    // columns are in view at once.
    for expected in [
        "(1,2) ✗ dead end",
        "(2,1) ✗ dead end",
        "(3,2) ★ solution, weight 2",
        "(0,2) ↔ pruned (mirror)",
        "(0,3) ↔ pruned (mirror)",
    ] {
        assert!(tree.contains(expected), "{expected:?} missing:\n{tree}");
    }
    assert_eq!(tree.matches("(1,3)").count(), 2, "{tree}");
    assert!(!tree.contains("lines"), "nothing scrolled out:\n{tree}");
    // At the end only the root is open: it is the current node.
    assert!(modifier_at(&buf, "root").contains(Modifier::REVERSED));
    insta::assert_snapshot!("queens4_end", tree);
}

#[test]
fn queens4_whole_tree_ascii() {
    let app = open(queens(4, true, Theme::new(false, true)), &[Action::End]);
    let tree = panel(&draw(&app));
    assert!(
        tree.contains("root -+- (0,0) -+- (1,2) X dead end"),
        "{tree}"
    );
    assert!(tree.contains("`- (0,3) ~ pruned (mirror)"), "{tree}");
    assert!(tree.contains("(3,2) * solution, weight 2"), "{tree}");
    assert!(tree.is_ascii(), "{tree}");
}

#[test]
fn queens4_full_whole_tree() {
    let app = open(queens(4, false, Theme::new(true, false)), &[Action::End]);
    let tree = panel(&draw(&app));
    assert_eq!(tree.matches("★ solution, weight 1").count(), 2, "{tree}");
    assert_eq!(tree.matches("✗ dead end").count(), 4, "{tree}");
    assert!(!tree.contains("pruned"), "{tree}");
    insta::assert_snapshot!("queens4_full_end", tree);
}

/// Back from the end, the tree shrinks to what was entered by then.
#[test]
fn queens4_back_follows_the_timeline() {
    let mut app = open(queens(4, true, Theme::new(true, false)), &[Action::End]);
    act(&mut app, Action::Start);
    assert_eq!(app.timeline.step(), 0);
    let tree = panel(&draw(&app));
    assert!(tree.contains("root"), "{tree}");
    assert!(!tree.contains("(0,0)"), "{tree}");
}

// ---------------------------------------------------------------------------
// Word Search: one root per start cell; ABCCED is found along the first.

#[test]
fn word_abcced_solution() {
    let app = open(word("sample", "ABCCED"), &[Action::NextSolution]);
    let buf = draw(&app);
    let tree = panel(&buf);
    assert!(tree.contains("★ solution: word found"), "{tree}");
    assert!(modifier_at(&buf, "(0,0)A").contains(Modifier::REVERSED));
    insta::assert_snapshot!("word_abcced_solution", tree);
}

#[test]
fn word_before_the_first_node() {
    let app = open(word("sample", "ABCCED"), &[]);
    let tree = panel(&draw(&app));
    assert!(tree.contains("no node entered yet"), "{tree}");
}

// ---------------------------------------------------------------------------
// Sudoku: the sample is one chain of 52 forced cells, too wide for columns,
// so it is drawn as wrapped runs; the current node stays in view.

#[test]
fn sudoku_sample_chain_wraps() {
    let app = open(sudoku("sample"), &[Action::End]);
    let buf = draw(&app);
    let tree = panel(&buf);
    assert!(tree.contains("root ─ (4,4)=5 ─ (4,1)=2"), "{tree}");
    assert!(tree.contains("(8,6)=1 ★ solution #1"), "{tree}");
    insta::assert_snapshot!("sudoku_sample_end", tree);
}

// ---------------------------------------------------------------------------
// 8-Queens without symmetry: 2,057 nodes, too many to draw.

#[test]
fn queens8_full_bar_chart() {
    let app = open(queens(8, false, Theme::new(true, false)), &[Action::End]);
    let buf = draw(&app);
    let tree = panel(&buf);
    assert!(
        tree.contains("too large to draw (2057 nodes): nodes per depth"),
        "{tree}"
    );
    assert!(tree.contains("path root"), "{tree}");
    // The 92 solutions are all at depth 8.
    let depth8 = tree
        .lines()
        .find(|l| l.trim_start_matches('│').trim_start().starts_with("8 "))
        .unwrap_or_else(|| panic!("no depth 8:\n{tree}"));
    assert!(depth8.contains(" 92 "), "{depth8}");
    insta::assert_snapshot!("queens8_full_end_bars", tree);
}

/// At 80x24 the Sudoku's panel has one line inside: it shows the bar of
/// the current depth, marked, not the column titles.
#[test]
fn sudoku_inkala_bars_on_a_short_panel() {
    let mut app = open(sudoku("inkala"), &[]);
    for _ in 0..3000 {
        act(&mut app, Action::Step);
    }
    let depth = app.timeline.search().counters().depth;
    let tree = panel(&draw_in(&app, (80, 24)));
    assert_eq!(tree.lines().count(), 3, "{tree}");
    let bar = tree.lines().nth(1).unwrap_or_default();
    assert!(
        bar.starts_with(&format!("│▶{depth:>5} ")),
        "depth {depth}:\n{tree}"
    );
    assert!(tree.contains("too large to draw"), "{tree}");
}
