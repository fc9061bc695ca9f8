//! The search tree panel (`T`): snapshots of the panel alone, cut out of a
//! 100x30 screen drawn by `backstep::ui::render::draw` into a `TestBackend`,
//! and checks on what the snapshots cannot show (styles, scrolling).
//!
//! Only the panel is pinned, so that a change elsewhere on the screen does
//! not churn these snapshots; `INSTA_UPDATE=always cargo test tree`, then
//! read the `.snap` files, after an intended change to the drawing.

use std::time::Duration;

use crate::apps::{queens, sudoku, word};
use backstep::model::NodeLog;
use backstep::search::queens::{Queens, QueensOptions};
use backstep::search::{EventKind, Search, SearchEvent};
use backstep::timeline::{Goal, Progress};
use backstep::ui::app::App;
use backstep::ui::app::NODES_SPAN;
use backstep::ui::keys::Action;
use backstep::ui::render;
use backstep::ui::scene::Scene;
use backstep::ui::theme::Theme;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::{Buffer, Cell};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
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
    assert!(tree.contains("root ─── 0 ─── 2 ✗ dead end"), "{tree}");
    // The current node is in reverse video, the path to it in bold, and the
    // dead end has its own glyph, not only a colour.
    assert!(modifier_at(&buf, "2 ✗").contains(Modifier::REVERSED));
    assert!(modifier_at(&buf, "0 ───").contains(Modifier::BOLD));
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
        "─ 0 ─┬─ 2 ✗ dead end",
        "└─ 3 ─── 1 ✗ dead end",
        "─ 1 ─── 3 ─── 0 ─── 2 ★ solution, weight 2",
        "├─ 2 ↔ pruned (mirror)",
        "└─ 3 ↔ pruned (mirror)",
    ] {
        assert!(tree.contains(expected), "{expected:?} missing:\n{tree}");
    }
    assert!(!tree.contains("lines"), "nothing scrolled out:\n{tree}");
    // At the end only the root is open: it is the current node.
    assert!(modifier_at(&buf, "root").contains(Modifier::REVERSED));
    insta::assert_snapshot!("queens4_end", tree);
}

#[test]
fn queens4_whole_tree_ascii() {
    let app = open(queens(4, true, Theme::new(false, true)), &[Action::End]);
    let tree = panel(&draw(&app));
    assert!(tree.contains("root -+- 0 -+- 2 X dead end"), "{tree}");
    assert!(tree.contains("`- 3 ~ pruned (mirror)"), "{tree}");
    assert!(tree.contains("2 * solution, weight 2"), "{tree}");
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
    assert!(!tree.contains("─ 0"), "{tree}");
}

// ---------------------------------------------------------------------------
// Word Search: one root per start cell; ABCCED is found along the first.

#[test]
fn word_abcced_solution() {
    let app = open(word("sample", "ABCCED"), &[Action::NextSolution]);
    let buf = draw(&app);
    let tree = panel(&buf);
    assert!(tree.contains("★ solution: word found"), "{tree}");
    assert!(modifier_at(&buf, "(0,0) A").contains(Modifier::REVERSED));
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

/// At 80x24 the board leaves the Sudoku's tree too little room, so the
/// tree takes the board's rows (the title bar says so), with the current
/// depth's bar in view and marked.
#[test]
fn sudoku_inkala_bars_on_a_short_panel() {
    let mut app = open(sudoku("inkala"), &[]);
    for _ in 0..3000 {
        act(&mut app, Action::Step);
    }
    let depth = app.timeline.search().counters().depth;
    let buf = draw_in(&app, (80, 24));
    let tree = panel(&buf);
    assert!(tree.lines().count() >= 12, "{tree}");
    assert!(
        row_text(&buf, 0).contains("board hidden"),
        "{}",
        row_text(&buf, 0)
    );
    let marked: Vec<&str> = tree.lines().filter(|l| l.starts_with("│▶")).collect();
    assert_eq!(marked.len(), 1, "{tree}");
    assert!(
        marked[0].starts_with(&format!("│▶{depth:>5} ")),
        "depth {depth}:\n{tree}"
    );
    assert!(tree.contains("too large to draw"), "{tree}");
    // At 100x30 the board stays.
    let wide = draw(&app);
    assert!(!row_text(&wide, 0).contains("board hidden"));
    assert!((0..30).any(|y| row_text(&wide, y).contains(" Board ")));
}

/// Goes to `step` the way `:` does, and brings the panels up to it.
fn go<S: Scene>(app: &mut App<S>, step: u64) {
    let mut job = app.timeline.start(Goal::Step(step));
    while !matches!(app.timeline.work(&mut job, 1 << 20), Progress::Reached(_)) {}
    app.sync();
}

/// The rows of the panel titled `title`, without its borders.
fn panel_lines(buf: &Buffer, title: &str) -> Vec<(u16, String)> {
    let rows: Vec<String> = (0..buf.area.height).map(|y| row_text(buf, y)).collect();
    let top = rows
        .iter()
        .position(|r| r.contains(title))
        .unwrap_or_else(|| panic!("no {title} panel:\n{}", rows.join("\n")));
    (top + 1..rows.len())
        .take_while(|&y| !rows[y].starts_with(['└', '+']))
        .map(|y| (y as u16, rows[y].clone()))
        .collect()
}

/// The bottom border of the panel titled `title`.
fn panel_bottom(buf: &Buffer, title: &str) -> String {
    let lines = panel_lines(buf, title);
    let y = lines.last().map_or(0, |(y, _)| y + 1);
    row_text(buf, y)
}

/// The panel's rows drawn reversed: the current node's.
fn highlighted(buf: &Buffer, title: &str) -> Vec<String> {
    panel_lines(buf, title)
        .into_iter()
        .filter(|&(y, _)| buf[(1, y)].modifier.contains(Modifier::REVERSED))
        .map(|(_, text)| text)
        .collect()
}

/// The first cell of a table row: its node number.
fn node_number(line: &str) -> u64 {
    line.trim_start_matches(['│', '|'])
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no node number in {line:?}"))
}

#[test]
fn past_the_first_steps_the_table_shows_the_node_an_independent_log_finds() {
    // 10-Queens without symmetry: about 250,000 events.
    let options = QueensOptions {
        n: 10,
        symmetry: false,
        rejects: true,
    };
    // Far moves both ways, and a run of single steps back.
    let mut targets = vec![240_000, 31_001, 123_457, 200_000, 65_432, 20_001, 150_000];
    targets.extend((0..40).map(|k| 149_999 - k));
    // The oracle: print's own node log, replayed from step 0 once, with the
    // step each open node was entered at.
    let mut expected = std::collections::HashMap::new();
    let mut search = Queens::new(options);
    let mut full = NodeLog::new(&search);
    let mut entered = vec![0u64];
    let mut outside_step = None;
    for step in 1..=240_000u64 {
        let event = search.next().expect("the search is long enough");
        full.record(&search, &event);
        match event.kind() {
            EventKind::Place => entered.push(step),
            EventKind::Undo => {
                entered.pop();
            }
            _ => {}
        }
        // A step whose current node was entered long before it.
        if outside_step.is_none()
            && step > 100_000
            && entered.last().is_some_and(|&e| e + 2 * NODES_SPAN < step)
        {
            outside_step = Some(step);
            targets.push(step);
        }
        if targets.contains(&step) {
            let current = full.open().last().copied();
            expected.insert(step, current.map(|i| (i as u64 + 1, full.table_row(i))));
        }
    }
    let mut app = App::new(Queens::new(options), "queens", Theme::new(true, false));
    act(&mut app, Action::Table);
    let (mut shown, mut outside) = (0, 0);
    for &target in &targets {
        go(&mut app, target);
        let buf = draw(&app);
        let rows = highlighted(&buf, " Trace table ");
        let log = app.nodes.log();
        let want = expected[&target].clone().expect("a node is open");
        if log.current_outside() {
            // Said plainly, and no row is marked.
            assert!(rows.is_empty(), "step {target}: {rows:?}");
            assert!(
                panel_bottom(&buf, " Trace table ").contains("current node entered before step"),
                "step {target}"
            );
            outside += 1;
        } else {
            assert_eq!(rows.len(), 1, "step {target}: one row marked");
            assert_eq!(node_number(&rows[0]), want.0, "step {target}");
            let current = log.current().expect("the current row");
            assert_eq!(log.table_row(current), want.1, "step {target}");
            shown += 1;
        }
    }
    assert!(shown >= 40, "most targets show their node ({shown} did)");
    assert!(outside >= 1, "the step far from its node's entry says so");
}

#[test]
fn a_back_step_far_into_a_long_search_replays_a_bounded_number_of_events() {
    let mut app = crate::apps::queens(11, false, crate::apps::colour());
    act(&mut app, Action::Tree);
    go(&mut app, 1_500_000);
    for _ in 0..3 {
        let before = app.nodes.replayed();
        act(&mut app, Action::Back);
        let cost = app.nodes.replayed() - before;
        let bound = NODES_SPAN + app.timeline.interval();
        assert!(
            cost <= bound,
            "a back step replayed {cost} events (bound {bound})"
        );
        assert_eq!(app.nodes.upto(), app.timeline.step());
    }
    // Far back, then forward again: still bounded, never from step 0.
    let before = app.nodes.replayed();
    go(&mut app, 700_000);
    let cost = app.nodes.replayed() - before;
    assert!(cost <= NODES_SPAN + app.timeline.interval(), "{cost}");
    assert!(app.nodes.base() > 0);
    // The tree's path ends in the current node or says it is outside.
    let buf = draw(&app);
    let top = row_text(&buf, panel_rows(&buf).start);
    let log = app.nodes.log();
    if log.current_outside() {
        assert!(top.contains("current node entered before step"), "{top}");
    } else {
        // The path ends in the current node's column (its queen's).
        let queens = app.timeline.search().queens().to_vec();
        let last = queens.len() - 1;
        let tail = format!("─ {} ", queens[last]);
        assert!(top.contains(&tail), "{tail:?} in {top}");
    }
}

fn key<S: Scene>(app: &mut App<S>, code: KeyCode) {
    app.on_key(KeyEvent::new(code, KeyModifiers::NONE));
}

/// The node numbers of the table rows in view.
fn table_numbers(buf: &Buffer) -> Vec<u64> {
    panel_lines(buf, " Trace table ")
        .into_iter()
        .skip(1)
        .map(|(_, line)| node_number(&line))
        .collect()
}

#[test]
fn j_k_and_the_page_keys_scroll_the_table_and_a_step_follows_again() {
    let mut app = crate::apps::queens(6, false, crate::apps::colour());
    act(&mut app, Action::Table);
    go(&mut app, 600);
    let follow = table_numbers(&draw(&app));
    let current = node_number(&highlighted(&draw(&app), " Trace table ")[0]);
    let visible = follow.len() as u64;
    assert!(follow[0] > visible, "room to scroll up: {follow:?}");
    key(&mut app, KeyCode::Char('k'));
    assert_eq!(table_numbers(&draw(&app))[0], follow[0] - 1, "k: a line up");
    key(&mut app, KeyCode::Char('k'));
    key(&mut app, KeyCode::Char('j'));
    assert_eq!(
        table_numbers(&draw(&app))[0],
        follow[0] - 1,
        "j: a line down"
    );
    key(&mut app, KeyCode::PageUp);
    let up = table_numbers(&draw(&app));
    assert_eq!(
        up[0],
        follow[0] - 1 - (visible - 1),
        "pgup: a page less a line"
    );
    assert!(!up.contains(&current), "the current row scrolled out");
    key(&mut app, KeyCode::PageDown);
    assert_eq!(table_numbers(&draw(&app))[0], follow[0] - 1, "pgdn");
    // Scrolling stops at the ends.
    for _ in 0..1000 {
        key(&mut app, KeyCode::PageDown);
    }
    let end = table_numbers(&draw(&app));
    assert_eq!(
        end.last(),
        Some(&app.nodes.log().number(app.nodes.log().rows().len() - 1))
    );
    key(&mut app, KeyCode::Char('k'));
    assert_eq!(
        table_numbers(&draw(&app))[0],
        end[0] - 1,
        "one k back from the end"
    );
    // A step follows the current row again.
    act(&mut app, Action::Step);
    let buf = draw(&app);
    let marked = highlighted(&buf, " Trace table ");
    assert_eq!(marked.len(), 1, "the current row is in view again");
}

#[test]
fn j_and_k_scroll_the_drawn_tree() {
    let mut app = open(queens(5, false, Theme::new(true, false)), &[Action::End]);
    let lines = |app: &App<_>| -> String { panel_bottom(&draw(app), " Search tree ") };
    // The tree has 14 lines; how many are in view depends on the layout.
    let first = lines(&app);
    let visible: usize = first
        .split(" lines 1-")
        .nth(1)
        .and_then(|rest| rest.split(" of 14 ").next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("the tree starts at its first line: {first}"));
    assert!((2..14).contains(&visible), "{first}");
    let shows = |app: &App<_>, from: usize| {
        let want = format!(" lines {from}-{} of 14 ", from + visible - 1);
        assert!(lines(app).contains(&want), "{want}: {}", lines(app));
    };
    key(&mut app, KeyCode::Char('j'));
    shows(&app, 2);
    key(&mut app, KeyCode::Char('k'));
    shows(&app, 1);
    // A page is the view less one line, clamped at the last line.
    key(&mut app, KeyCode::PageDown);
    shows(&app, 1 + (visible - 1).min(14 - visible));
    key(&mut app, KeyCode::PageUp);
    shows(&app, 1);
}

#[test]
fn keys_to_scroll_say_where_they_work_when_no_table_is_open() {
    let mut app = queens(4, true, Theme::new(true, false));
    key(&mut app, KeyCode::Char('j'));
    assert!(
        app.message
            .as_deref()
            .is_some_and(|m| m.contains("trace table"))
    );
    assert_eq!(app.scroll, None);
}

#[test]
fn twelve_queens_table_and_tree_fit_80x24() {
    let mut app = crate::apps::queens(12, false, crate::apps::colour());
    act(&mut app, Action::Table);
    go(&mut app, 100_000);
    let buf = draw_in(&app, (80, 24));
    let rows = table_numbers(&buf);
    assert!(rows.len() >= 10, "{rows:?}");
    assert_eq!(highlighted(&buf, " Trace table ").len(), 1);
    // Whole columns are left out, not cut: every row's prefix and legal
    // set are complete, and the border says which columns are missing.
    let table = panel_lines(&buf, " Trace table ");
    assert!(table[0].1.contains("prefix") && table[0].1.contains("legal"));
    for (_, line) in &table[1..] {
        assert!(line.contains(']') && line.contains('}'), "cut: {line}");
    }
    let bottom = panel_bottom(&buf, " Trace table ");
    assert!(bottom.contains("left out: narrow"), "{bottom}");
    act(&mut app, Action::Tree);
    let buf = draw_in(&app, (80, 24));
    let tree = panel(&buf);
    assert!(tree.lines().count() >= 12, "{tree}");
    assert_eq!(
        tree.lines().filter(|l| l.starts_with("│▶")).count(),
        1,
        "{tree}"
    );
}

/// A window's first row is numbered from the search's node counter: it
/// must count exactly the rows the node log enters, for every search.
#[test]
fn the_node_counter_counts_the_rows_of_the_node_log() {
    fn check<S: Scene>(mut search: S, steps: usize, what: &str) {
        let mut log = NodeLog::new(&search);
        assert_eq!(search.counters().nodes, log.rows().len() as u64, "{what}");
        for step in 1..=steps {
            let Some(event) = search.next() else {
                break;
            };
            log.record(&search, &event);
            let rows = log.rows().len() as u64;
            assert_eq!(search.counters().nodes, rows, "{what} step {step}");
        }
    }
    check(
        queens(6, true, Theme::new(true, false))
            .timeline
            .search()
            .clone(),
        usize::MAX,
        "queens 6",
    );
    check(
        sudoku("inkala").timeline.search().clone(),
        30_000,
        "sudoku inkala",
    );
    check(
        word("sample", "SEE").timeline.search().clone(),
        usize::MAX,
        "word SEE",
    );
    check(
        word("ABCE,SFCS,ADEE", "ABCCED").timeline.search().clone(),
        usize::MAX,
        "word ABCCED",
    );
}

#[test]
fn past_the_span_a_sudoku_table_row_matches_an_independent_log() {
    let mut app = open(sudoku("inkala"), &[]);
    act(&mut app, Action::Table);
    let mut search = app.timeline.search().clone();
    let mut full = NodeLog::new(&search);
    let target = 45_678;
    for _ in 0..target {
        let event = search.next().expect("inkala is long enough");
        full.record(&search, &event);
    }
    go(&mut app, target);
    let log = app.nodes.log();
    assert!(log.base() > 0, "the log holds a window");
    let want = full.open().last().copied().expect("a node is open");
    match log.current() {
        Some(current) => {
            assert_eq!(log.number(current), want as u64 + 1);
            assert_eq!(log.table_row(current), full.table_row(want));
        }
        None => assert!(log.current_outside()),
    }
    // Every row of the window is the independent log's row of that number.
    for i in 0..log.rows().len() {
        let n = log.number(i) as usize - 1;
        assert_eq!(log.table_row(i), full.table_row(n), "row {}", n + 1);
    }
}
