//! Snapshots of whole screens, drawn by `backstep::ui::render::draw` into
//! ratatui's `TestBackend`, and checks on the styles that carry meaning.
//!
//! Every screen is taken with the app settled: no run in progress and no
//! job pending, so nothing on it depends on timing. The snapshots live in
//! `tests/all/snapshots/`; after an intended change to the screen, review
//! the new ones (`INSTA_UPDATE=always cargo test screens`, then read the
//! `.snap` files) before committing them. On CI, insta fails on any
//! snapshot that is missing or different.

use std::time::Duration;

use crate::apps::{colour, queens, sudoku, word};
use backstep::search::Search;
use backstep::search::sudoku::SudokuEvent;
use backstep::ui::app::App;
use backstep::ui::keys::{self, Action};
use backstep::ui::render;
use backstep::ui::scene::Scene;
use backstep::ui::theme::Theme;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::{Buffer, Cell};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::{Color, Modifier};

/// The size the screen captures use.
const WIDE: (u16, u16) = (100, 30);

/// Finishes whatever job the last action started, as the event loop would
/// over several frames, so that the screen shows where it landed and not
/// "working".
fn settle<S: Scene>(app: &mut App<S>) {
    for _ in 0..100_000 {
        if app.pending.is_none() {
            assert!(!app.running, "a screen must not be taken while running");
            return;
        }
        app.tick(Duration::ZERO);
    }
    panic!("the job never finished");
}

fn act<S: Scene>(app: &mut App<S>, action: Action) {
    app.act(action);
    settle(app);
}

fn press<S: Scene>(app: &mut App<S>, code: KeyCode) {
    app.on_key(KeyEvent::new(code, KeyModifiers::NONE));
}

/// Jumps to `step` the way a user does: `:`, the digits, enter.
fn jump<S: Scene>(app: &mut App<S>, step: u64) {
    press(app, KeyCode::Char(':'));
    for digit in step.to_string().chars() {
        press(app, KeyCode::Char(digit));
    }
    press(app, KeyCode::Enter);
    settle(app);
    assert_eq!(app.timeline.step(), step);
}

fn draw<S: Scene>(app: &App<S>, (width, height): (u16, u16)) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|frame| render::draw(app, frame))
        .expect("drawing into a TestBackend");
    terminal.backend().buffer().clone()
}

/// The cells of row `y`.
fn row(buf: &Buffer, y: u16) -> &[Cell] {
    let width = usize::from(buf.area.width);
    let start = usize::from(y) * width;
    &buf.content[start..start + width]
}

/// The screen as text, one line per row, trailing blanks trimmed (so that
/// the snapshot files survive editors that strip them).
fn text(buf: &Buffer) -> String {
    let lines: Vec<String> = (0..buf.area.height)
        .map(|y| {
            let line: String = row(buf, y).iter().map(Cell::symbol).collect();
            line.trim_end().to_string()
        })
        .collect();
    lines.join("\n")
}

/// The text modifiers of the screen, one digit per cell: the sum of 1 for
/// bold, 2 for reverse and 4 for underline, blank for none (`3` is bold
/// reverse); `?` for any other modifier.
fn modifiers(buf: &Buffer) -> String {
    let code = |m: Modifier| {
        let known = Modifier::BOLD | Modifier::REVERSED | Modifier::UNDERLINED;
        if !known.contains(m) {
            return '?';
        }
        let sum = u32::from(m.contains(Modifier::BOLD))
            + 2 * u32::from(m.contains(Modifier::REVERSED))
            + 4 * u32::from(m.contains(Modifier::UNDERLINED));
        char::from_digit(sum, 10)
            .filter(|&d| d != '0')
            .unwrap_or(' ')
    };
    let mut lines = vec!["modifiers: 1 bold + 2 reverse + 4 underline".to_string()];
    for y in 0..buf.area.height {
        let line: String = row(buf, y).iter().map(|c| code(c.modifier)).collect();
        lines.push(line.trim_end().to_string());
    }
    lines.join("\n")
}

/// Where `needle` first appears on row `y`, as a column; the glyphs are all
/// one cell wide, so a cell's place in the row is its column.
fn find_in_row(buf: &Buffer, y: u16, needle: &str) -> Option<u16> {
    let symbols: Vec<&str> = row(buf, y).iter().map(Cell::symbol).collect();
    let wanted: Vec<String> = needle.chars().map(String::from).collect();
    symbols
        .windows(wanted.len())
        .position(|w| w.iter().zip(&wanted).all(|(a, b)| *a == b))
        .map(|x| x as u16)
}

/// Where `needle` first appears on the screen, reading row by row.
fn find(buf: &Buffer, needle: &str) -> (u16, u16) {
    (0..buf.area.height)
        .find_map(|y| find_in_row(buf, y, needle).map(|x| (x, y)))
        .unwrap_or_else(|| panic!("{needle:?} is not on the screen:\n{}", text(buf)))
}

fn modifier_at(buf: &Buffer, (x, y): (u16, u16)) -> Modifier {
    buf[(x, y)].modifier
}

/// The row of the board whose label is `r`: the row number sits right after
/// the one-cell marker at the left edge of the board, inside its border
/// (`│`, or `|` with `--ascii`).
fn board_row(buf: &Buffer, r: u8) -> u16 {
    let label = format!("{r:>2}");
    (0..buf.area.height)
        .find(|&y| {
            let symbols: String = row(buf, y)[2..4].iter().map(Cell::symbol).collect();
            matches!(row(buf, y)[0].symbol(), "│" | "|") && symbols == label
        })
        .unwrap_or_else(|| panic!("no board row {r}:\n{}", text(buf)))
}

/// The first cell of square (`r`, `c`) of the N-Queens board: a border, the
/// marker and the two-digit row number, a space, then three cells a square.
fn queens_square(buf: &Buffer, r: u8, c: u8) -> (u16, u16) {
    (1 + 4 + 3 * u16::from(c), board_row(buf, r))
}

// ---------------------------------------------------------------------------
// 4-Queens: the start, the first dead end, a reject, the solution.

#[test]
fn queens4_start() {
    let app = queens(4, true, colour());
    let buf = draw(&app, WIDE);
    let screen = text(&buf);
    assert!(screen.contains("N-Queens n=4 · symmetry"), "{screen}");
    assert!(screen.contains("nothing has happened yet"), "{screen}");
    // Row 0 is being filled: its label is in reverse video.
    let (x, y) = (2, board_row(&buf, 0));
    assert!(modifier_at(&buf, (x, y)).contains(Modifier::REVERSED));
    insta::assert_snapshot!("queens4_start", screen);
}

/// Node 3 of the 4-Queens trace: after (0,0) and (1,2), row 2 has no legal
/// column. This is the screen the issue asks to see with its masks.
#[test]
fn queens4_first_dead_end() {
    let mut app = queens(4, true, colour());
    act(&mut app, Action::NextDeadEnd);
    assert_eq!(app.timeline.step(), 9);
    assert_eq!(app.timeline.search().counters().nodes, 3);
    let buf = draw(&app, WIDE);
    let screen = text(&buf);
    for expected in [
        "dead end at row 2: no legal column",
        "dead end: row 2 has no legal column",
        "prefix [0,2]",
        // Column numbers above the bits, most significant bit first.
        "col    3210",
        "C      0101",
        "H      1100",
        "L      0010",
        "C|H|L  1111",
        "legal  0000",
    ] {
        assert!(screen.contains(expected), "{expected:?} missing:\n{screen}");
    }

    // The dead-end row's marker is bold reverse, so it stands out without
    // colour; the board's border says "dead end" in the same style.
    let marker = (1, board_row(&buf, 2));
    assert_eq!(buf[marker].symbol(), "✗");
    assert_eq!(
        modifier_at(&buf, marker),
        Modifier::BOLD | Modifier::REVERSED
    );
    let status = find(&buf, " dead end ");
    assert_eq!(
        modifier_at(&buf, status),
        Modifier::BOLD | Modifier::REVERSED
    );

    // Each mask is drawn in the colour of its glyph on the board.
    let row2 = board_row(&buf, 2);
    let squares = queens_square(&buf, 2, 0).0..queens_square(&buf, 2, 4).0;
    for (glyph, name) in [("│", "C      "), ("╲", "H      "), ("╱", "L      ")] {
        let on_board = squares
            .clone()
            .find(|&x| buf[(x, row2)].symbol() == glyph)
            .unwrap_or_else(|| panic!("no {glyph} on row 2:\n{screen}"));
        let (mx, my) = find(&buf, name);
        let bit = (mx + 7, my);
        assert_eq!(
            buf[(on_board, row2)].fg,
            buf[bit].fg,
            "mask {name:?} and its glyph {glyph} differ in colour"
        );
        assert_ne!(buf[bit].fg, Color::Reset);
    }

    insta::assert_snapshot!("queens4_first_dead_end", screen);
    insta::assert_snapshot!("queens4_first_dead_end_modifiers", modifiers(&buf));
}

/// Step 2 of 4-Queens rejects (1,0): the square is in reverse video and
/// the masks panel says why.
#[test]
fn queens4_reject_highlights_the_square() {
    let mut app = queens(4, true, colour());
    act(&mut app, Action::Step);
    act(&mut app, Action::Step);
    let buf = draw(&app, WIDE);
    let screen = text(&buf);
    assert!(screen.contains("reject (1,0)"), "{screen}");
    let (x, y) = queens_square(&buf, 1, 0);
    for dx in 0..3 {
        assert!(
            modifier_at(&buf, (x + dx, y)).contains(Modifier::REVERSED),
            "cell {dx} of the rejected square is not reversed:\n{screen}"
        );
    }
    // The next square of the row is not the rejected one.
    assert!(!modifier_at(&buf, (x + 3, y)).contains(Modifier::REVERSED));
    // The queen placed at step 1 is on (0,0), and the row being filled is 1.
    assert_eq!(
        buf[(queens_square(&buf, 0, 0).0 + 1, board_row(&buf, 0))].symbol(),
        "♛"
    );
    assert!(modifier_at(&buf, (2, board_row(&buf, 1))).contains(Modifier::REVERSED));
}

#[test]
fn queens4_solution() {
    let mut app = queens(4, true, colour());
    act(&mut app, Action::NextSolution);
    let buf = draw(&app, WIDE);
    let screen = text(&buf);
    for expected in [
        "solution #1 [1,3,0,2], counted twice by symmetry",
        "prefix [1,3,0,2]",
        " solution ",
        "board complete",
    ] {
        assert!(screen.contains(expected), "{expected:?} missing:\n{screen}");
    }
    // The four queens are in the solution's style, bold reverse.
    for (r, c) in [(0, 1), (1, 3), (2, 0), (3, 2)] {
        let (x, y) = queens_square(&buf, r, c);
        assert_eq!(buf[(x + 1, y)].symbol(), "♛");
        assert_eq!(
            modifier_at(&buf, (x + 1, y)),
            Modifier::BOLD | Modifier::REVERSED
        );
    }
    insta::assert_snapshot!("queens4_solution", screen);
}

// ---------------------------------------------------------------------------
// 8-Queens, Sudoku, Word Search.

#[test]
fn queens8_mid_search() {
    let mut app = queens(8, false, colour());
    jump(&mut app, 200);
    let buf = draw(&app, WIDE);
    insta::assert_snapshot!("queens8_step200", text(&buf));
}

/// The smallest layout the issue asks for: the counters move into the path
/// panel, and nothing overlaps.
#[test]
fn queens8_in_80x24() {
    let mut app = queens(8, false, colour());
    jump(&mut app, 200);
    let (w, h) = render::min_size(&app);
    assert!(w <= 80 && h <= 24, "8-Queens needs {w}x{h}");
    let buf = draw(&app, (80, 24));
    let screen = text(&buf);
    assert!(screen.contains("Counters and path"), "{screen}");
    assert!(screen.contains("step 200"), "{screen}");
    insta::assert_snapshot!("queens8_step200_80x24", screen);
}

/// 8-Queens, a 9x9 Sudoku and the sample Word Search all fit the smallest
/// terminal the issue names (16-Queens does not: see `too_small`).
#[test]
fn all_searches_fit_80x24() {
    let q8 = render::min_size(&queens(8, false, colour()));
    let s9 = render::min_size(&sudoku("inkala"));
    let w = render::min_size(&word("sample", "ABCCED"));
    for (name, (width, height)) in [("queens 8", q8), ("sudoku inkala", s9), ("word sample", w)] {
        assert!(width <= 80 && height <= 24, "{name} needs {width}x{height}");
    }
}

#[test]
fn sudoku_campus_start() {
    let app = sudoku("campus");
    let buf = draw(&app, WIDE);
    let screen = text(&buf);
    assert!(screen.contains("Sudoku campus"), "{screen}");
    insta::assert_snapshot!("sudoku_campus_start", screen);
}

#[test]
fn sudoku_inkala_after_300_steps() {
    let mut app = sudoku("inkala");
    jump(&mut app, 300);
    let buf = draw(&app, WIDE);
    let screen = text(&buf);
    // The cell being decided is in reverse video: find it from the masks
    // panel's "cell (r,c)" and look at that cell of the grid.
    let search = app.timeline.search();
    let (cell, _) = search
        .deciding()
        .expect("a cell is being decided at step 300");
    let (r, c) = search.geometry().coords(cell);
    assert!(screen.contains(&format!("cell ({r},{c})")), "{screen}");
    let (x, y) = sudoku_cell(r, c);
    assert!(
        modifier_at(&buf, (x, y)).contains(Modifier::REVERSED),
        "cell ({r},{c}) at {x},{y} is not reversed:\n{screen}"
    );
    // Givens are bold; the digits the search wrote are not (the cell just
    // placed or undone is bold too, as the change).
    for idx in 0..81 {
        let (r, c) = search.geometry().coords(idx);
        let (x, y) = sudoku_cell(r, c);
        if idx == cell {
            continue;
        }
        let bold = modifier_at(&buf, (x, y)).contains(Modifier::BOLD);
        let given = search.givens()[idx] != 0;
        let changed = matches!(
            app.timeline.last_event(),
            Some(SudokuEvent::Place { row, col, .. } | SudokuEvent::Undo { row, col, .. })
                if (*row, *col) == (r, c)
        );
        if !changed {
            assert_eq!(bold, given, "cell ({r},{c}): bold {bold}, given {given}");
        }
    }
    insta::assert_snapshot!("sudoku_inkala_step300", screen);
    insta::assert_snapshot!("sudoku_inkala_step300_modifiers", modifiers(&buf));
}

/// Where the digit of cell (`r`, `c`) of a 9x9 grid is on the screen: the
/// board starts below the title bar, inside its border, under the column
/// numbers; a cell is two wide with its digit on the right, and the box
/// rules and bars take a row or two columns each.
fn sudoku_cell(r: u8, c: u8) -> (u16, u16) {
    let x = 1 + 3 + u16::from(c) * 2 + u16::from(c / 3) * 2 + 1;
    let y = 1 + 1 + 1 + u16::from(r) + u16::from(r / 3);
    (x, y)
}

#[test]
fn word_abcced_solution() {
    let mut app = word("sample", "ABCCED");
    act(&mut app, Action::NextSolution);
    let buf = draw(&app, WIDE);
    let screen = text(&buf);
    assert!(
        screen.contains("Word ABCCED · reversed: D is rarer than A"),
        "{screen}"
    );
    insta::assert_snapshot!("word_abcced_solution", screen);
}

// ---------------------------------------------------------------------------
// The too-small message, the help popup, and the theme variants.

#[test]
fn too_small() {
    let app = queens(16, true, colour());
    let (w, h) = render::min_size(&app);
    assert!(w > 60 || h > 20, "16-Queens fits 60x20?");
    let buf = draw(&app, (60, 20));
    let screen = text(&buf);
    assert!(
        screen.contains(&format!("It needs {w}x{h}; this one is 60x20.")),
        "{screen}"
    );
    assert!(screen.contains("press q to quit"), "{screen}");
    insta::assert_snapshot!("too_small_queens16_60x20", screen);
}

/// The help popup lists every row of the key table, and the key bar below
/// it shows the same keys.
#[test]
fn help_popup() {
    let mut app = queens(4, true, colour());
    act(&mut app, Action::Help);
    assert!(app.help);
    let buf = draw(&app, WIDE);
    let screen = text(&buf);
    for binding in keys::help_rows() {
        assert!(
            screen.contains(binding.help),
            "{:?} missing:\n{screen}",
            binding.help
        );
    }
    // The key bar, under the last panel, shows help and quit, and as many
    // of the others as fit, in the table's order.
    let last_panel = (0..buf.area.height)
        .rev()
        .find(|&y| matches!(row(&buf, y)[0].symbol(), "└" | "+"))
        .expect("a panel");
    let bar: Vec<String> = (last_panel + 1..buf.area.height)
        .map(|y| row(&buf, y).iter().map(Cell::symbol).collect())
        .collect();
    let bar = bar.join("\n");
    let item = |b: &keys::Binding| format!("{} {}", app.theme.key_names(b.bar_key()), b.short);
    assert!(bar.contains("? help") && bar.contains("q quit"), "{bar}");
    let shown: Vec<bool> = keys::bar_items()
        .filter(|b| !matches!(b.action, Action::Help | Action::Quit))
        .map(|b| bar.contains(&item(b)))
        .collect();
    assert!(shown.iter().filter(|&&s| s).count() >= 8, "{bar}");
    assert!(shown.windows(2).all(|w| w[0] || !w[1]), "{shown:?}: {bar}");
    insta::assert_snapshot!("help_popup", screen);
    // `?` again closes it.
    act(&mut app, Action::Help);
    assert!(!text(&draw(&app, WIDE)).contains("Press ? or esc to close."));
}

/// `--ascii`: the dead-end screen with nothing but ASCII on it.
#[test]
fn ascii_variant() {
    let mut app = queens(4, true, Theme::new(true, true));
    act(&mut app, Action::NextDeadEnd);
    let buf = draw(&app, WIDE);
    let screen = text(&buf);
    let stray: String = screen.chars().filter(|c| !c.is_ascii()).collect();
    assert!(
        stray.is_empty(),
        "non-ASCII {stray:?} on the --ascii screen:\n{screen}"
    );
    assert_eq!(buf[(1, board_row(&buf, 2))].symbol(), "X");
    insta::assert_snapshot!("queens4_first_dead_end_ascii", screen);
}

/// `--no-color` (or NO_COLOR): no colour anywhere on the screen, and what
/// colour said is still said by bold, reverse and underline.
#[test]
fn monochrome_variant() {
    let mono = Theme::new(false, false);
    let mut app = queens(4, true, mono);
    act(&mut app, Action::Step);
    act(&mut app, Action::Step);
    let reject = draw(&app, WIDE);
    act(&mut app, Action::NextDeadEnd);
    let dead_end = draw(&app, WIDE);
    let mut sudoku = sudoku("inkala");
    sudoku.theme = mono;
    jump(&mut sudoku, 300);
    let grid = draw(&sudoku, WIDE);
    for (name, buf) in [
        ("reject", &reject),
        ("dead end", &dead_end),
        ("sudoku", &grid),
    ] {
        for (i, cell) in buf.content.iter().enumerate() {
            assert!(
                cell.fg == Color::Reset && cell.bg == Color::Reset,
                "{name}: cell {i} ({:?}) has colour {:?} on {:?}",
                cell.symbol(),
                cell.fg,
                cell.bg
            );
        }
    }
    // The rejected square, the dead-end marker and the current row keep
    // their modifiers.
    let (x, y) = queens_square(&reject, 1, 0);
    assert!(modifier_at(&reject, (x + 1, y)).contains(Modifier::REVERSED));
    let marker = (1, board_row(&dead_end, 2));
    assert_eq!(
        modifier_at(&dead_end, marker),
        Modifier::BOLD | Modifier::REVERSED
    );
    assert!(modifier_at(&dead_end, (2, board_row(&dead_end, 2))).contains(Modifier::REVERSED));
    // The same text as in colour, but for a mark on each empty square
    // (which colour shows as a background): monochrome changes styles,
    // not words.
    let mut coloured = queens(4, true, colour());
    act(&mut coloured, Action::NextDeadEnd);
    let mono_text = text(&dead_end);
    let empty = mono.glyphs.empty;
    // Two queens, and the dead-end row shows its attacks.
    assert_eq!(mono_text.matches(empty).count(), 4 * 4 - 2 - 4);
    assert_eq!(mono_text.replace(empty, " "), text(&draw(&coloured, WIDE)));
    // In the grid, givens are bold and the digits the search wrote are
    // underlined (in colour, they are blue instead).
    insta::assert_snapshot!("sudoku_inkala_step300_mono_modifiers", modifiers(&grid));
}
