//! The compact layout of `sudoku ... --order propagate` (9x9): the full
//! screen, with every blank's pencil marks, needs more than 80x24, so on a
//! small terminal the board is drawn one line per row, each written digit
//! tagged and each blank showing how many candidates it has; the trail
//! panel shows the guessed cell's marks. Drawn into a `TestBackend` at
//! 80x24 and 100x30 and read back cell by cell: every digit of the grid in
//! its place, every blank's count against candidates recounted here from
//! the grid (not the engine's masks), and insta snapshots.

use std::time::Duration;

use backstep::input;
use backstep::search::Search;
use backstep::search::sudoku_propagate::{Propagate, PropagateOptions};
use backstep::ui::app::App;
use backstep::ui::render;
use backstep::ui::scene::{Fit, Scene};
use backstep::ui::theme::Theme;
use backstep::ui::{keys::Action, still};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

const SMALL: (u16, u16) = (80, 24);
const MEDIUM: (u16, u16) = (100, 30);

fn propagate_app(name: &str) -> App<Propagate> {
    let puzzle = input::load_puzzle(name).expect("a shipped puzzle");
    let search = Propagate::new(&puzzle.value, PropagateOptions { rejects: true });
    App::new(search, &puzzle.name, Theme::new(true, false))
}

/// Steps forward `steps` events, one key press at a time.
fn step(app: &mut App<Propagate>, steps: u64) {
    for _ in 0..steps {
        app.act(Action::Step);
        while app.pending.is_some() {
            app.tick(Duration::ZERO);
        }
    }
}

fn draw(app: &App<Propagate>, (width, height): (u16, u16)) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|frame| render::draw(app, frame))
        .expect("drawing into a TestBackend");
    terminal.backend().buffer().clone()
}

/// The character at (`x`, `y`).
fn at(buf: &Buffer, x: u16, y: u16) -> char {
    buf[(x, y)].symbol().chars().next().unwrap_or(' ')
}

/// The top-left corner of the panel titled `title` (the border cell
/// before ` title `).
fn panel(buf: &Buffer, title: &str) -> (u16, u16) {
    let needle = format!(" {title} ");
    for y in 0..buf.area.height {
        let line: String = still::row(buf, y).iter().map(|c| c.symbol()).collect();
        if let Some(byte) = line.find(&needle) {
            let x = line[..byte].chars().count() as u16;
            return (x - 1, y);
        }
    }
    panic!("no panel {title:?} on\n{}", still::text(buf));
}

/// The candidates of blank `idx`, recounted from the grid: the digits its
/// row, column and box do not hold.
fn candidates(grid: &[u8], idx: usize) -> u32 {
    let (r, c) = (idx / 9, idx % 9);
    let mut held = [false; 10];
    for k in 0..9 {
        held[usize::from(grid[r * 9 + k])] = true;
        held[usize::from(grid[k * 9 + c])] = true;
        let (br, bc) = (r / 3 * 3 + k / 3, c / 3 * 3 + k % 3);
        held[usize::from(grid[br * 9 + bc])] = true;
    }
    (1..=9).filter(|&d| !held[d]).count() as u32
}

/// Reads the compact board back from the screen and checks it against the
/// search's grid and the puzzle's givens: each cell's digit (or a blank's
/// candidate count) at the place of its row and column.
fn check_board(app: &App<Propagate>, buf: &Buffer, givens: &[u8]) {
    let (x0, y0) = panel(buf, "Board");
    let (x0, y0) = (x0 + 1, y0 + 1);
    let grid = app.timeline.search().grid();
    let screen = still::text(buf);
    for r in 0..9u16 {
        let y = y0 + 1 + r + r / 3;
        let label: String = (0..2).map(|k| at(buf, x0 + k, y)).collect();
        assert_eq!(label.trim(), r.to_string(), "row label {r}\n{screen}");
        for c in 0..9u16 {
            let x = x0 + 3 + c * 3 + c / 3 * 2 + 1;
            let idx = usize::from(r * 9 + c);
            let shown = at(buf, x, y);
            if givens[idx] != 0 {
                assert_eq!(grid[idx], givens[idx], "a given stays");
            }
            if grid[idx] != 0 {
                let digit = char::from(b'0' + grid[idx]);
                assert_eq!(shown, digit, "cell ({r},{c})\n{screen}");
            } else if candidates(grid, idx) == 0 {
                // A blank with no candidate: the dead-end mark, no digit.
                assert!(!shown.is_ascii_digit(), "dead blank ({r},{c})\n{screen}");
                assert!(!at(buf, x + 1, y).is_ascii_digit(), "({r},{c})\n{screen}");
            } else {
                // A blank: the dot and its count.
                let count = at(buf, x + 1, y).to_digit(10);
                assert_eq!(
                    count,
                    Some(candidates(grid, idx)),
                    "blank ({r},{c})\n{screen}"
                );
            }
        }
    }
}

fn check_screen(app: &App<Propagate>, size: (u16, u16), givens: &[u8]) -> String {
    let buf = draw(app, size);
    let screen = still::text(&buf);
    assert!(!screen.contains("too small"), "{screen}");
    let area = Rect::new(0, 0, size.0, size.1);
    assert_eq!(render::fit(app, area), Fit::Compact, "{size:?}");
    check_board(app, &buf, givens);
    assert!(screen.contains(" Trail (newest last) "), "{screen}");
    assert!(screen.contains("guesses "), "{screen}");
    let last = screen.lines().last().unwrap_or_default();
    assert!(last.contains("quit"), "the key line: {last:?}\n{screen}");
    screen
}

fn inkala_givens() -> Vec<u8> {
    input::load_puzzle("inkala")
        .expect("a shipped puzzle")
        .value
        .cells()
        .to_vec()
}

#[test]
fn full_propagate_screen_does_not_fit_80x24_but_the_compact_one_does() {
    let app = propagate_app("inkala");
    let (w, h) = app.timeline.search().board_size();
    assert!(w + 2 > 80 || h + 2 > 24, "the full board fits 80x24?");
    let (w, h) = render::min_size(&app);
    assert!(w <= 80 && h <= 24, "the compact screen needs {w}x{h}");
    let wide = Rect::new(0, 0, 160, 48);
    assert_eq!(render::fit(&app, wide), Fit::Full, "a large terminal");
}

#[test]
fn inkala_compact_80x24_start() {
    let app = propagate_app("inkala");
    let screen = check_screen(&app, SMALL, &inkala_givens());
    insta::assert_snapshot!("compact_inkala_80x24_start", screen);
}

#[test]
fn inkala_compact_80x24_after_steps() {
    let mut app = propagate_app("inkala");
    step(&mut app, 40);
    let screen = check_screen(&app, SMALL, &inkala_givens());
    insta::assert_snapshot!("compact_inkala_80x24_step40", screen);
}

#[test]
fn inkala_compact_100x30_after_steps() {
    let mut app = propagate_app("inkala");
    step(&mut app, 40);
    let screen = check_screen(&app, MEDIUM, &inkala_givens());
    assert!(
        screen.contains("guessed: ") || screen.contains("erased: "),
        "the marks line: {screen}"
    );
    insta::assert_snapshot!("compact_inkala_100x30_step40", screen);
}

/// Every step of the first few hundred, at both sizes: the board read
/// back matches the grid each time (forced places, guesses and undos).
#[test]
fn inkala_compact_every_early_step() {
    let givens = inkala_givens();
    let mut app = propagate_app("inkala");
    for _ in 0..300 {
        for size in [SMALL, MEDIUM] {
            check_screen(&app, size, &givens);
        }
        step(&mut app, 1);
    }
}

/// The other 9x9 puzzles shipped draw compact too, start and end.
#[test]
fn every_shipped_9x9_compact() {
    for asset in backstep::assets::SUDOKU {
        let puzzle = input::load_puzzle(asset.name).expect("a shipped puzzle");
        if puzzle.value.size() != 9 {
            continue;
        }
        let givens = puzzle.value.cells().to_vec();
        let mut app = propagate_app(asset.name);
        check_screen(&app, SMALL, &givens);
        app.act(Action::End);
        while app.pending.is_some() {
            app.tick(Duration::ZERO);
        }
        let buf = draw(&app, SMALL);
        let screen = still::text(&buf);
        assert!(!screen.contains("too small"), "{}: {screen}", asset.name);
        assert!(app.timeline.search().is_finished(), "{}", asset.name);
    }
}
