//! What the main and compare screens draw, checked against the searches
//! themselves (issue 8, items 1, 8, 9, 10, 12 and 14): every figure on
//! screen whole, panels that keep their size from step to step, the result
//! shown at the end, attack glyphs that stay apart, a help popup that
//! scrolls and explains every glyph.

use std::time::Duration;

use crate::apps::{colour, queens, sudoku, word};
use backstep::input;
use backstep::search::Search;
use backstep::search::queens::{Queens, QueensOptions};
use backstep::search::sudoku::{Order, Sudoku, SudokuOptions};
use backstep::ui::app::App;
use backstep::ui::compare::{self, Compare};
use backstep::ui::keys::Action;
use backstep::ui::render;
use backstep::ui::scene::{Scene, extent};
use backstep::ui::theme::Theme;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// The sizes the issue tries: the smallest, the usual, a large one.
const SIZES: [(u16, u16); 3] = [(80, 24), (100, 30), (160, 48)];

fn settle<S: Scene>(app: &mut App<S>) {
    while app.pending.is_some() {
        app.tick(Duration::ZERO);
    }
}

fn act<S: Scene>(app: &mut App<S>, action: Action) {
    app.act(action);
    settle(app);
}

fn press<S: Scene>(app: &mut App<S>, code: KeyCode) {
    app.on_key(KeyEvent::new(code, KeyModifiers::NONE));
    settle(app);
}

fn draw<S: Scene>(app: &App<S>, (width, height): (u16, u16)) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|frame| render::draw(app, frame))
        .expect("drawing into a TestBackend");
    terminal.backend().buffer().clone()
}

fn rows(buf: &Buffer) -> Vec<Vec<String>> {
    (0..buf.area.height)
        .map(|y| {
            (0..buf.area.width)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect()
        })
        .collect()
}

fn text(buf: &Buffer) -> String {
    rows(buf)
        .iter()
        .map(|r| r.concat().trim_end().to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

// ---------------------------------------------------------------------------
// Item 1: the counters.

/// The inside of the panel whose title starts with `title`, row by row.
fn panel(buf: &Buffer, title: &str) -> Vec<String> {
    let grid = rows(buf);
    let needle: Vec<String> = format!("┌ {title}").chars().map(String::from).collect();
    for (y, row) in grid.iter().enumerate() {
        let Some(x) = row.windows(needle.len()).position(|w| w == needle) else {
            continue;
        };
        let right = (x + 1..row.len())
            .find(|&i| row[i] == "┐")
            .expect("a panel's top right corner");
        return grid[y + 1..]
            .iter()
            .take_while(|r| r[x] != "└")
            .map(|r| r[x + 1..right].concat())
            .collect();
    }
    panic!("no panel {title:?}:\n{}", text(buf));
}

const NAMES: [&str; 6] = [
    "step",
    "nodes",
    "solutions",
    "dead ends",
    "rejects",
    "depth",
];

/// A figure as drawn against its true value: exactly, or shortened to
/// three significant digits with a k, M or G suffix (`16.6M`).
fn figure_matches(shown: &str, truth: u64) -> bool {
    if shown == truth.to_string() {
        return true;
    }
    let (number, scale) = match shown.chars().last() {
        Some('k') => (&shown[..shown.len() - 1], 1e3),
        Some('M') => (&shown[..shown.len() - 1], 1e6),
        Some('G') => (&shown[..shown.len() - 1], 1e9),
        _ => return false,
    };
    let digits = number.chars().filter(char::is_ascii_digit).count();
    let Ok(value) = number.parse::<f64>() else {
        return false;
    };
    // Three significant digits: off by at most half of the last one.
    let value = value * scale;
    digits == 3 && (value - truth as f64).abs() <= 0.005 * value + 1.0
}

/// Reads every counter line of the counters panel (a line that starts with
/// a counter's name) into (name, value) pairs. Anything between two names
/// belongs to the first one's value, so a cut name (`d`) spoils a value.
fn read_counters(lines: &[String]) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    for line in lines {
        let line = line.trim();
        if !NAMES.iter().any(|n| line.starts_with(&format!("{n} "))) {
            continue;
        }
        let mut rest = line;
        while !rest.is_empty() {
            let name = NAMES
                .iter()
                .find(|n| rest.starts_with(&format!("{n} ")))
                .unwrap_or_else(|| panic!("{rest:?} does not start with a counter in {line:?}"));
            rest = rest[name.len()..].trim_start();
            // The value runs to the next name after a gap of spaces.
            let end = NAMES
                .iter()
                .filter_map(|n| rest.find(&format!("  {n} ")))
                .min()
                .unwrap_or(rest.len());
            pairs.push((name.to_string(), rest[..end].trim().to_string()));
            rest = rest[end..].trim_start();
        }
    }
    pairs
}

/// Every counter on screen is whole and true; step, nodes and solutions are
/// always there.
fn check_counters<S: Scene>(app: &App<S>, size: (u16, u16), what: &str) {
    let buf = draw(app, size);
    let wide = text(&buf).contains("┌ Counters ─");
    let lines = panel(
        &buf,
        if wide {
            "Counters"
        } else {
            "Counters and path"
        },
    );
    let pairs = read_counters(&lines);
    let c = *app.timeline.search().counters();
    let shown = |name: &str| pairs.iter().filter(|(n, _)| n == name).count();
    let context = format!("{what} at {size:?}:\n{}", text(&buf));
    for name in ["step", "nodes", "solutions"] {
        assert_eq!(
            shown(name),
            1,
            "{name} shown {} times: {context}",
            shown(name)
        );
    }
    for (name, value) in &pairs {
        let ok = match name.as_str() {
            "step" => {
                let mut parts = value.split(" / ");
                let step = parts.next().unwrap_or_default();
                let total = parts.next();
                figure_matches(step, app.timeline.step())
                    && parts.next().is_none()
                    && match (total, app.timeline.total()) {
                        (Some(shown), Some(total)) => figure_matches(shown, total),
                        (None, _) => true,
                        (Some(_), None) => false,
                    }
            }
            "solutions" => {
                let (count, note) = value.split_once(' ').unwrap_or((value, ""));
                figure_matches(count, c.solutions)
                    && (note.is_empty() || (note.starts_with('(') && note.ends_with(')')))
            }
            "nodes" => figure_matches(value, c.nodes),
            "dead ends" => figure_matches(value, c.dead_ends),
            "rejects" => figure_matches(value, c.rejects),
            "depth" => figure_matches(value, c.depth as u64),
            _ => unreachable!(),
        };
        assert!(ok, "{name} {value:?} is not whole or not true: {context}");
    }
}

fn first_blank_inkala() -> App<Sudoku> {
    let puzzle = input::load_puzzle("inkala").expect("a shipped puzzle");
    let options = SudokuOptions {
        order: Order::First,
        rejects: true,
    };
    App::new(Sudoku::new(&puzzle.value, options), "inkala", colour())
}

fn full_queens(n: u8) -> App<Queens> {
    queens(n, false, colour())
}

/// The three states the issue names, at widths 80, 100 and 160: every
/// figure whole (or shortened, as `16.6M`), never cut.
#[test]
fn counters_are_whole_at_every_width() {
    let mut inkala = sudoku("inkala");
    act(&mut inkala, Action::NextSolution);
    assert_eq!(inkala.timeline.search().counters().depth, 60);
    let mut first = first_blank_inkala();
    act(&mut first, Action::End);
    assert_eq!(first.timeline.search().counters().rejects, 16_550_240);
    let mut twelve = full_queens(12);
    act(&mut twelve, Action::End);
    for size in SIZES {
        check_counters(&inkala, size, "sudoku inkala, s");
        check_counters(&first, size, "sudoku inkala --order first, G");
        check_counters(&twelve, size, "queens 12 --full, G");
    }
    // And a short search at every width in between.
    let mut four = queens(4, true, colour());
    act(&mut four, Action::End);
    for width in (60..=200).step_by(7) {
        check_counters(&four, (width, 30), "queens 4, G");
        check_counters(&twelve, (width.max(100), 30), "queens 12 --full, G");
    }
}

#[test]
fn compact_figures_round_to_three_digits() {
    for (n, text) in [
        (99_999, "99999"),
        (100_000, "100k"),
        (191_150, "191k"),
        (999_499, "999k"),
        (999_500, "1.00M"),
        (16_550_240, "16.6M"),
        (2_068_781, "2.07M"),
        (u64::MAX, "18.4E"),
    ] {
        assert_eq!(render::compact(n), text);
    }
}

// ---------------------------------------------------------------------------
// Item 14: panels keep their size from step to step.

/// The masks panel never needs more than its search's extent, at any step.
fn extent_holds<S: Scene>(app: &mut App<S>, steps: u64) {
    let theme = app.theme;
    let limit = app.timeline.search().masks_extent(&theme);
    for _ in 0..steps {
        let search = app.timeline.search();
        let lines = search.masks(app.timeline.last_event(), &theme);
        let (w, h) = extent(&lines);
        assert!(
            w <= limit.0 && h <= limit.1,
            "step {}: {w}x{h} past {limit:?}: {lines:?}",
            app.timeline.step()
        );
        if !app.timeline.forward() {
            break;
        }
    }
}

#[test]
fn masks_never_outgrow_their_extent() {
    extent_holds(&mut queens(4, true, colour()), u64::MAX);
    extent_holds(&mut queens(6, false, colour()), u64::MAX);
    extent_holds(&mut queens(11, true, colour()), 20_000);
    extent_holds(
        &mut App::new(Queens::check_at_end(4, true), "queens", colour()),
        u64::MAX,
    );
    extent_holds(&mut sudoku("sample"), u64::MAX);
    extent_holds(&mut sudoku("inkala"), 20_000);
    extent_holds(&mut word("sample", "ABCCED"), u64::MAX);
    extent_holds(&mut word("sample", "SEE"), u64::MAX);
    extent_holds(&mut word("sample", "ABCB"), u64::MAX);
}

/// The top row of panels (board, masks, counters) is drawn identically at
/// every step: no panel changes width as the search goes (4-Queens moved
/// at step 7).
#[test]
fn panels_keep_their_width_between_steps() {
    fn borders<S: Scene>(mut app: App<S>, size: (u16, u16)) {
        let top = |app: &App<S>| rows(&draw(app, size))[1].concat();
        let first = top(&app);
        while app.timeline.forward() && app.timeline.step() < 100 {
            app.sync();
            assert_eq!(top(&app), first, "step {} at {size:?}", app.timeline.step());
        }
    }
    for size in SIZES {
        borders(queens(4, true, colour()), size);
        borders(queens(8, false, colour()), size);
        borders(sudoku("inkala"), size);
        borders(word("sample", "ABCB"), size);
    }
}

// ---------------------------------------------------------------------------
// Item 9: the end shows the result.

/// At the end of 9x9 Sudoku the board shows a full valid grid holding the
/// givens, not the empty puzzle.
#[test]
fn sudoku_end_shows_the_solution() {
    let mut app = sudoku("inkala");
    act(&mut app, Action::End);
    assert!(app.timeline.at_end());
    let buf = draw(&app, (100, 30));
    let screen = text(&buf);
    assert!(screen.contains("end: the last solution"), "{screen}");
    // Read the grid back: rows 3.. of the screen, digits after the labels.
    let grid: Vec<Vec<u8>> = screen
        .lines()
        .filter_map(|l| l.strip_prefix("│ "))
        .filter(|l| l.as_bytes().first().is_some_and(u8::is_ascii_digit))
        .map(|l| {
            l[1..]
                .chars()
                .filter_map(|c| c.to_digit(10))
                .map(|d| d as u8)
                .collect()
        })
        .collect();
    assert_eq!(grid.len(), 9, "{screen}");
    let givens = app.timeline.search().givens().to_vec();
    for r in 0..9 {
        let mut row: Vec<u8> = grid[r].clone();
        assert_eq!(row.len(), 9, "row {r}: {screen}");
        let mut col: Vec<u8> = (0..9).map(|c| grid[c][r]).collect();
        let mut boxed: Vec<u8> = (0..9)
            .map(|i| grid[r / 3 * 3 + i / 3][r % 3 * 3 + i % 3])
            .collect();
        for unit in [&mut row, &mut col, &mut boxed] {
            unit.sort();
            assert_eq!(*unit, (1..=9).collect::<Vec<u8>>(), "{screen}");
        }
        for c in 0..9 {
            let given = givens[r * 9 + c];
            assert!(given == 0 || given == grid[r][c], "({r},{c}): {screen}");
        }
    }
}

#[test]
fn word_end_shows_the_path() {
    let mut app = word("sample", "ABCCED");
    act(&mut app, Action::End);
    let found = app.timeline.search().found().expect("found").to_vec();
    let screen = text(&draw(&app, (100, 30)));
    assert!(screen.contains("end: the last solution"), "{screen}");
    assert!(!screen.contains("path (empty)"), "{screen}");
    // Each cell of the path shows its 0-based index in the word as
    // searched (back to front when reversed) and its letter.
    assert!(app.timeline.search().reversed());
    let board: Vec<&str> = screen.lines().skip(3).take(3).collect();
    for (i, (r, c)) in found.iter().enumerate() {
        let line = board[usize::from(*r)];
        let cell: String = line.chars().skip(4 + 4 * usize::from(*c)).take(3).collect();
        let letter = char::from(b"ABCCED"[i]);
        let index = 5 - i;
        assert_eq!(cell, format!("{index:>2}{letter}"), "cell {i}:\n{screen}");
    }
}

/// A search a node budget stopped says so where it would state its result
/// (EVENTS.md §1, node budgets): never "no solution", on the board's status and the end line.
#[test]
fn budget_end_says_incomplete_not_no_solution() {
    let options = QueensOptions {
        n: 8,
        symmetry: true,
        rejects: true,
    };
    for (max, solution) in [(20, false), (200, true)] {
        let mut search = Queens::new(options);
        search.limit_nodes(max);
        let mut app = App::new(search, "queens", colour());
        act(&mut app, Action::End);
        let screen = text(&draw(&app, (100, 30)));
        let words = format!("incomplete (node budget {max})");
        assert!(screen.contains(&format!("end: {words}")), "{screen}");
        assert!(!screen.contains("no solution"), "{screen}");
        assert_eq!(screen.contains("the last solution"), solution, "{screen}");
    }
    // Within its budget the search states its result as before.
    let mut search = Queens::new(QueensOptions { n: 3, ..options });
    search.limit_nodes(100);
    let mut app = App::new(search, "queens", colour());
    act(&mut app, Action::End);
    let screen = text(&draw(&app, (100, 30)));
    assert!(screen.contains("end: no solution"), "{screen}");
    assert!(!screen.contains("incomplete"), "{screen}");
}

#[test]
fn queens_end_shows_the_last_solution_or_none() {
    let mut app = queens(4, false, colour());
    act(&mut app, Action::End);
    let screen = text(&draw(&app, (100, 30)));
    // 4-Queens' last solution in search order is [2,0,3,1].
    assert!(screen.contains("prefix [2,0,3,1]"), "{screen}");
    assert!(screen.contains("end: the last solution"), "{screen}");
    assert_eq!(screen.matches('♛').count(), 4, "{screen}");
    let mut none = queens(3, false, colour());
    act(&mut none, Action::End);
    let screen = text(&draw(&none, (100, 30)));
    assert!(screen.contains("end: no solution"), "{screen}");
}

// ---------------------------------------------------------------------------
// Item 10: attack glyphs.

/// Over every step of 6-Queens in ASCII without colour: each square of the
/// row being filled ends in a blank, so neighbours never touch, and its two
/// glyph cells say exactly which attacks reach it, as worked out from the
/// queens on the board (not from the masks).
#[test]
fn attack_glyphs_stay_apart_and_name_each_attack() {
    let mut app = queens(6, false, Theme::new(false, true));
    loop {
        let search = app.timeline.search();
        let row = search.row();
        if row < 6 {
            let buf = draw(&app, (100, 30));
            let grid = rows(&buf);
            let y = (0..grid.len())
                .find(|&y| grid[y][0] == "|" && grid[y][2..4].concat() == format!("{row:>2}"))
                .unwrap_or_else(|| panic!("no current row:\n{}", text(&buf)));
            for c in 0..6u8 {
                let x = 1 + 4 + 3 * usize::from(c);
                let cells = &grid[y][x..x + 3];
                assert_eq!(
                    cells[2],
                    " ",
                    "square {c} touches the next:\n{}",
                    text(&buf)
                );
                let queens = search.queens();
                let (r, c) = (i32::from(row), i32::from(c));
                let attacked = |dc: i32| {
                    queens
                        .iter()
                        .enumerate()
                        .any(|(qr, &qc)| i32::from(qc) - c == dc * (r - qr as i32))
                };
                let (column, high, low) = (attacked(0), attacked(-1), attacked(1));
                if column || high || low {
                    let diagonal = match (high, low) {
                        (true, true) => "X",
                        (true, false) => "\\",
                        (false, true) => "/",
                        (false, false) => " ",
                    };
                    assert_eq!(cells[0], diagonal, "({r},{c}):\n{}", text(&buf));
                    assert_eq!(cells[1], if column { "|" } else { " " });
                }
            }
        }
        if !app.timeline.forward() {
            break;
        }
        app.sync();
    }
}

// ---------------------------------------------------------------------------
// The help popup: a legend for every glyph, scrolling at 80x24.

fn help_text<S: Scene>(app: &mut App<S>, size: (u16, u16)) -> String {
    act(app, Action::Help);
    let mut seen = String::new();
    for _ in 0..40 {
        seen.push_str(&text(&draw(app, size)));
        press(app, KeyCode::Down);
    }
    // Scrolling stops at the end, so one key up moves at once.
    assert_eq!(app.help_scroll, app.help_max.get());
    act(app, Action::Help);
    seen
}

#[test]
fn help_explains_every_glyph_and_scrolls_at_80x24() {
    let mut app = queens(4, true, colour());
    act(&mut app, Action::NextSolution);
    let first = {
        act(&mut app, Action::Help);
        let t = text(&draw(&app, (80, 24)));
        act(&mut app, Action::Help);
        t
    };
    assert!(first.contains("lines 1-"), "{first}");
    assert!(!first.contains("Press ? or esc to close."), "{first}");
    let all = help_text(&mut app, (80, 24));
    for glyph in [
        "♛",
        "◌",
        "│",
        "╲",
        "╱",
        "╳",
        "·",
        "↔",
        "▶",
        "✗",
        "2 (1 found)",
    ] {
        assert!(
            all.lines().any(|l| l.contains(&format!(" {glyph} "))),
            "{glyph} not explained:\n{all}"
        );
    }
    assert!(all.contains("Press ? or esc to close."), "{all}");
    let ascii = help_text(&mut queens(4, true, Theme::new(false, true)), (80, 24));
    for glyph in ["Q", "o", "|", "\\", "/", "X", ".", "~", ">"] {
        assert!(
            ascii.lines().any(|l| l.contains(&format!(" {glyph} "))),
            "{glyph} not explained:\n{ascii}"
        );
    }
    let sudoku = help_text(&mut sudoku("inkala"), (80, 24));
    assert!(sudoku.contains("the cell being decided"), "{sudoku}");
    let word = help_text(&mut word("sample", "ABCCED"), (80, 24));
    assert!(word.contains("index (0-based)"), "{word}");
}

// ---------------------------------------------------------------------------
// Items 12 and 14: wording.

#[test]
fn word_index_counts_from_zero_and_says_so() {
    let mut app = word("sample", "ABCCED");
    act(&mut app, Action::NextSolution);
    let screen = text(&draw(&app, (100, 30)));
    assert!(
        screen.contains("index     5 (0-based, 0 to 5): A"),
        "{screen}"
    );
}

#[test]
fn jumping_past_the_end_says_where_it_stopped() {
    let mut app = queens(4, true, colour());
    press(&mut app, KeyCode::Char(':'));
    for c in "999".chars() {
        press(&mut app, KeyCode::Char(c));
    }
    press(&mut app, KeyCode::Enter);
    let end = app.timeline.total().expect("the end is known");
    assert_eq!(app.timeline.step(), end);
    let screen = text(&draw(&app, (100, 30)));
    assert!(
        screen.contains(&format!(
            "step 999 is past the end: the search ends at step {end}"
        )),
        "{screen}"
    );
}

// ---------------------------------------------------------------------------
// Item 8: the compare screen.

fn compare_pair() -> Compare {
    let puzzle = input::load_puzzle("inkala").expect("a shipped puzzle");
    let make = |order| {
        let options = SudokuOptions {
            order,
            rejects: true,
        };
        App::new(Sudoku::new(&puzzle.value, options), "inkala", colour())
    };
    Compare::new(
        make(Order::Mrv),
        make(Order::First),
        ["mrv".into(), "first".into()],
    )
}

fn draw_compare(c: &Compare, (w, h): (u16, u16)) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("a test terminal");
    terminal
        .draw(|frame| compare::draw(c, frame))
        .expect("a frame");
    terminal.backend().buffer().clone()
}

/// No text runs into a panel's right border or the screen's edge: what
/// does not fit is wrapped, shortened with an ellipsis, or left out.
fn nothing_cut(buf: &Buffer, what: &str) {
    let texty = |s: &str| {
        s.chars()
            .next()
            .is_some_and(|c| c.is_alphanumeric() || "(){},:;".contains(c))
    };
    for (y, row) in rows(buf).iter().enumerate() {
        for x in 1..row.len() {
            let touching = row[x] == "│" && texty(&row[x - 1]);
            let at_edge = x + 1 == row.len() && texty(&row[x]);
            assert!(
                !touching && !at_edge,
                "{what}: row {y} is cut at column {x}:\n{}",
                text(buf)
            );
        }
    }
}

#[test]
fn compare_screen_names_both_sides_has_help_and_cuts_nothing() {
    let mut c = compare_pair();
    for size in [(100, 30), (80, 24)] {
        let buf = draw_compare(&c, size);
        let title = rows(&buf)[0].concat();
        assert!(title.contains("mrv") && title.contains("first"), "{title}");
        nothing_cut(&buf, "the compare screen at step 0");
    }
    for _ in 0..40 {
        c.act(Action::Step);
        while c.busy() {
            c.tick(Duration::from_millis(16));
        }
    }
    for size in [(100, 30), (80, 24)] {
        nothing_cut(&draw_compare(&c, size), "the compare screen after 40 nodes");
    }
    c.on_key(KeyEvent::new(KeyCode::Char('?'), KeyModifiers::NONE));
    assert!(c.help);
    let screen = text(&draw_compare(&c, (100, 30)));
    assert!(screen.contains("focus"), "{screen}");
    assert!(screen.contains("the cell being decided"), "{screen}");
    c.on_key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE));
    assert!(!c.help && !c.quit);
    // The end on both sides: the boards show their solutions.
    c.act(Action::End);
    while c.busy() {
        c.tick(Duration::from_millis(16));
    }
    let screen = text(&draw_compare(&c, (100, 30)));
    assert_eq!(
        screen.matches("end: the last solution").count(),
        2,
        "{screen}"
    );
}

#[test]
fn queens_compare_title_names_both_variants() {
    let options = |symmetry| QueensOptions {
        n: 8,
        symmetry,
        rejects: true,
    };
    let c = Compare::new(
        App::new(Queens::new(options(true)), "queens", colour()),
        App::new(Queens::new(options(false)), "queens", colour()),
        ["symmetry".into(), "full".into()],
    );
    let title = rows(&draw_compare(&c, (100, 30)))[0].concat();
    assert!(
        title.contains("N-Queens n=8 · symmetry (left) vs full (right)"),
        "{title}"
    );
    let _ = c.app::<Queens>(0).timeline.search().counters();
}

/// While a long jump works, the key bar says what it is doing in plain
/// words (it said "looking for the the end").
#[test]
fn a_long_jump_says_what_it_works_on() {
    let mut app = first_blank_inkala();
    app.act(Action::End);
    assert!(
        app.pending.is_some(),
        "the end of 21 million steps is not one frame away"
    );
    let screen = text(&draw(&app, (100, 30)));
    assert!(
        screen.contains("working on: the end... now at step"),
        "{screen}"
    );
    assert!(!screen.contains("the the"), "{screen}");
}

/// Every compare pair, stepped a few nodes, at 100x30 and 80x24: nothing
/// runs into a border.
#[test]
fn compare_screens_of_every_search_cut_nothing() {
    fn check(mut c: Compare, what: &str) {
        for round in 0..6 {
            for size in [(100, 30), (80, 24)] {
                nothing_cut(&draw_compare(&c, size), &format!("{what}, round {round}"));
            }
            for _ in 0..5 {
                c.act(Action::Step);
                while c.busy() {
                    c.tick(Duration::from_millis(16));
                }
            }
        }
    }
    let options = |symmetry| QueensOptions {
        n: 8,
        symmetry,
        rejects: true,
    };
    check(
        Compare::new(
            App::new(Queens::new(options(true)), "queens", colour()),
            App::new(Queens::new(options(false)), "queens", colour()),
            ["symmetry".into(), "full".into()],
        ),
        "compare queens 8",
    );
    let board = input::load_board("sample").expect("a shipped board");
    let make = |pruned| {
        let options = backstep::search::word::WordOptions {
            inventory: pruned,
            reverse: pruned,
            rejects: true,
        };
        App::new(
            backstep::search::word::WordSearch::new(&board.value, "ABCB", options),
            "sample",
            colour(),
        )
    };
    check(
        Compare::new(
            make(true),
            make(false),
            ["pruned".into(), "unpruned".into()],
        ),
        "compare word ABCB",
    );
}
