//! Big screens and the mouse (issue 14, item 5): at 160x48 and 200x60 the
//! board is drawn larger and the table, algorithm and tree panels sit beside
//! it with the event log still in view; at 80x24 and 100x30 nothing moves.
//! A click on a trace-table row or a tree node jumps to the step that
//! entered that node, and the wheel scrolls the panel under the pointer.

use std::time::Duration;

use crate::apps::{colour, queens, sudoku, word};
use backstep::search::queens::QueensEvent;
use backstep::search::queens::{Queens, QueensOptions};
use backstep::ui::app::App;
use backstep::ui::keys::Action;
use backstep::ui::mouse::Spot;
use backstep::ui::scene::{Fit, Scene};
use backstep::ui::{big, still};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;

const PROJECTOR: (u16, u16) = (200, 60);
const LARGE: (u16, u16) = (160, 48);

fn settle<S: Scene>(app: &mut App<S>) {
    for _ in 0..100_000 {
        if app.pending.is_none() {
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

fn steps<S: Scene>(app: &mut App<S>, n: u64) {
    for _ in 0..n {
        act(app, Action::Step);
    }
}

fn draw<S: Scene>(app: &App<S>, (width, height): (u16, u16)) -> Buffer {
    still::draw(app, width, height).expect("a frame")
}

fn text(buf: &Buffer) -> String {
    still::text(buf)
}

/// The screen's cells at row `y`, as text.
fn line(buf: &Buffer, y: u16) -> String {
    still::row(buf, y).iter().map(|c| c.symbol()).collect()
}

/// Where `needle` first appears on screen, in cells.
fn find(buf: &Buffer, needle: &str) -> Option<(u16, u16)> {
    (0..buf.area.height).find_map(|y| {
        let cells = still::row(buf, y);
        (0..cells.len()).find_map(|x| {
            let rest: String = cells[x..].iter().map(|c| c.symbol()).collect();
            rest.starts_with(needle).then_some((x as u16, y))
        })
    })
}

/// The board a search draws at its own size, with the theme the screen
/// draws it with: what the big screen must show larger.
fn small_board<S: Scene>(app: &App<S>) -> Buffer {
    let (w, h) = app.timeline.search().board_size();
    let mut board = Buffer::empty(Rect::new(0, 0, w, h));
    let last = app.timeline.last_event();
    app.timeline
        .search()
        .render_board(last, &app.scene_theme(), board.area, &mut board);
    board
}

/// Whether `symbol` is a line glyph (drawn across its block).
fn is_line(symbol: &str) -> bool {
    "─│┼├┤┬┴┌┐└┘╱╲-|+/\\".contains(symbol)
}

/// Checks that the board on `buf` is the search's own board with every
/// cell drawn as a `k` x `k` block in its cell's colours, each run of
/// text whole and in order on the middle row of its blocks.
/// Returns the scale.
fn check_scaled<S: Scene>(app: &App<S>, buf: &Buffer, size: (u16, u16)) -> u16 {
    let area = Rect::new(0, 0, size.0, size.1);
    let big = big::layout(app, area).expect("the big layout at this size");
    let k = big.scale;
    assert!(k >= 2, "scale {k} at {size:?}");
    let board = small_board(app);
    let (bw, bh) = (board.area.width, board.area.height);
    let inner = Rect {
        x: big.board.x + 1,
        y: big.board.y + 1,
        width: bw * k,
        height: bh * k,
    };
    assert!(big.board.contains(inner.as_position()), "{big:?}");
    assert!(inner.right() < big.board.right() && inner.bottom() < big.board.bottom());
    // A view that draws itself bigger (a ruled grid of squares) keeps
    // each row's words whole and in order, on a row of its own at or below
    // the last; the generic blow-up keeps every block in its cell's
    // colours and the words on the middle row of their blocks.
    let mut scratch = Buffer::empty(inner);
    let own = app.timeline.search().render_board_scaled(
        Fit::Full,
        k,
        app.timeline.last_event(),
        &app.scene_theme(),
        inner,
        &mut scratch,
    );
    let mut from = inner.y;
    let mut glyphs = 0;
    for y in 0..bh {
        let row: String = (0..bw).map(|x| board[(x, y)].symbol()).collect();
        if own {
            let words: Vec<&str> = row
                .split(|c: char| c.is_whitespace() || is_line(&c.to_string()))
                .filter(|w| !w.is_empty())
                .collect();
            if words.is_empty() {
                continue;
            }
            glyphs += words.len();
            let holds = |sy: u16| {
                let shown: String = (inner.x..inner.right())
                    .map(|x| buf[(x, sy)].symbol())
                    .collect();
                let mut rest = shown.as_str();
                words.iter().all(|w| match rest.find(w) {
                    Some(at) => {
                        rest = &rest[at + w.len()..];
                        true
                    }
                    None => false,
                })
            };
            let found = (from..inner.bottom()).find(|&sy| holds(sy));
            let sy =
                found.unwrap_or_else(|| panic!("row {y} {words:?} not on the board at {size:?}"));
            from = sy + 1;
            continue;
        }
        // Each block keeps its cell's background.
        for x in 0..bw {
            let cell = &board[(x, y)];
            let (x0, y0) = (inner.x + x * k, inner.y + y * k);
            for dy in 0..k {
                for dx in 0..k {
                    let at = &buf[(x0 + dx, y0 + dy)];
                    assert_eq!(at.bg, cell.bg, "block of ({x},{y}) at +({dx},{dy})");
                }
            }
        }
        // The row's runs of text, whole and in order, on the middle row of
        // its blocks, in their own styles.
        let middle = inner.y + y * k + k / 2;
        let shown: String = (inner.x..inner.right())
            .map(|x| buf[(x, middle)].symbol())
            .collect();
        let mut rest = shown.as_str();
        for word in row
            .split(|c: char| c.is_whitespace() || is_line(&c.to_string()))
            .filter(|w| !w.is_empty())
        {
            glyphs += 1;
            let at = rest
                .find(word)
                .unwrap_or_else(|| panic!("{word:?} of row {y} not in {shown:?} at {size:?}"));
            rest = &rest[at + word.len()..];
        }
    }
    assert!(glyphs > 0, "the board draws something");
    // One scale more would not leave the masks and counters beside the
    // board (30 columns of counters at least) and six lines of log below.
    let masks = (app.timeline.search().masks_extent(&app.theme).0 + 2).max(44);
    let right = masks + 30;
    let below = 1 + 3 + big.bar.height + 8;
    assert!(
        bw * (k + 1) + 2 > size.0 - right || bh * (k + 1) + 2 > size.1 - below,
        "scale {k} is not the largest at {size:?}"
    );
    k
}

/// Asserts that the panel titled `title` sits beside the board (right of
/// it, above the path) and that the event log is still on screen.
fn check_beside<S: Scene>(app: &App<S>, buf: &Buffer, size: (u16, u16), title: &str) {
    let big = big::layout(app, Rect::new(0, 0, size.0, size.1)).expect("the big layout");
    let screen = text(buf);
    let (x, y) = find(buf, &format!("┌ {title} ")).unwrap_or_else(|| panic!("{screen}"));
    assert!(x >= big.board.right(), "{title} at x {x}:\n{screen}");
    let (_, path) = find(buf, "┌ Path ").expect("the path panel");
    assert!(y < path, "{title} below the path:\n{screen}");
    let (_, events) = find(buf, "┌ Events ").expect("the event log stays");
    assert!(events > path, "{screen}");
    assert!(
        screen.contains("dead end at row 2") || screen.contains("undo"),
        "{screen}"
    );
}

#[test]
fn queens4_on_a_projector() {
    let mut app = queens(4, true, colour());
    steps(&mut app, 9);
    for (size, name) in [(PROJECTOR, "200x60"), (LARGE, "160x48")] {
        let buf = draw(&app, size);
        check_scaled(&app, &buf, size);
        // The queens, each in a block of its own: as many as the board has.
        let queens = |buf: &Buffer| text(buf).matches('♛').count();
        assert_eq!(queens(&buf), queens(&small_board(&app)), "{size:?}");
        for panel in [Action::Table, Action::Code, Action::Tree] {
            act(&mut app, panel);
            let buf = draw(&app, size);
            let title = match panel {
                Action::Table => "Trace table",
                Action::Code => "Algorithm",
                _ => "Search tree",
            };
            check_beside(&app, &buf, size, title);
            check_scaled(&app, &buf, size);
            if panel == Action::Table {
                insta::assert_snapshot!(format!("queens4_dead_end_table_{name}"), text(&buf));
            }
            act(&mut app, panel);
        }
    }
}

#[test]
fn sudoku_on_a_projector() {
    let mut app = sudoku("inkala");
    steps(&mut app, 300);
    act(&mut app, Action::Tree);
    for (size, name) in [(PROJECTOR, "200x60"), (LARGE, "160x48")] {
        let buf = draw(&app, size);
        check_scaled(&app, &buf, size);
        check_beside(&app, &buf, size, "Search tree");
        // Every digit of the grid is on screen, one per block.
        let digits: usize = app
            .timeline
            .search()
            .grid()
            .iter()
            .filter(|&&d| d != 0)
            .count();
        let big = big::layout(&app, buf.area).expect("big");
        let on_board = (big.board.y..big.board.bottom())
            .map(|y| {
                let row = line(&buf, y);
                let cells: Vec<char> = row.chars().collect();
                cells[usize::from(big.board.x)..usize::from(big.board.right())]
                    .iter()
                    .filter(|c| ('1'..='9').contains(c))
                    .count()
            })
            .sum::<usize>();
        // The labels 1 to 8 of the rows and columns are digits too.
        assert_eq!(on_board, digits + 16, "{size:?}");
        insta::assert_snapshot!(format!("sudoku_inkala_step300_tree_{name}"), text(&buf));
    }
}

/// The same mechanism draws every search larger: a Word Search and
/// 8-Queens too, mid-search, at both sizes.
#[test]
fn other_boards_scale_the_same_way() {
    let mut words = word("sample", "ABCB");
    steps(&mut words, 12);
    let mut eight = queens(8, false, colour());
    steps(&mut eight, 200);
    for size in [PROJECTOR, LARGE] {
        check_scaled(&words, &draw(&words, size), size);
        check_scaled(&eight, &draw(&eight, size), size);
    }
}

#[test]
fn small_screens_keep_their_layout() {
    let mut app = queens(4, true, colour());
    steps(&mut app, 9);
    for size in [(80, 24), (100, 30), (159, 60), (200, 47)] {
        let area = Rect::new(0, 0, size.0, size.1);
        assert_eq!(big::layout(&app, area), None, "{size:?}");
    }
    let screen = text(&draw(&app, (80, 24)));
    assert!(screen.contains("│  0  ♛          │"), "{screen}");
    assert!(screen.contains("│✗ 2  │ ╱  ╲│ ╲  │"), "{screen}");
    insta::assert_snapshot!("queens4_dead_end_80x24", screen);
    // A board too large to scale twice keeps the usual layout even on a
    // big screen: 16-Queens is 52 columns wide.
    let sixteen = queens(16, false, colour());
    assert_eq!(big::layout(&sixteen, Rect::new(0, 0, 160, 48)), None);
}

// ---------------------------------------------------------------------------
// The mouse.

fn mouse(kind: MouseEventKind, (column, row): (u16, u16)) -> MouseEvent {
    MouseEvent {
        kind,
        column,
        row,
        modifiers: KeyModifiers::NONE,
    }
}

fn click<S: Scene>(app: &mut App<S>, at: (u16, u16)) {
    app.on_mouse(mouse(MouseEventKind::Down(MouseButton::Left), at));
    app.on_mouse(mouse(MouseEventKind::Up(MouseButton::Left), at));
    settle(app);
}

/// The step at which each node of 4-Queens with symmetry is entered,
/// counted on a fresh search: node 1 (the root) at step 0, node k + 1 at
/// the k-th place. With each node its queen, `None` for the root.
fn entered() -> Vec<(u64, Option<(u8, u8)>)> {
    let search = Queens::new(QueensOptions {
        n: 4,
        symmetry: true,
        rejects: true,
    });
    let mut nodes = vec![(0, None)];
    let mut step = 0;
    for event in search {
        step += 1;
        if let QueensEvent::Place { row, col } = event {
            nodes.push((step, Some((row, col))));
        }
    }
    nodes
}

/// The table's rows on screen: (node number, where to click).
fn table_rows(buf: &Buffer) -> Vec<(usize, (u16, u16))> {
    let (x, y) = find(buf, "node  prefix").expect("the trace table's header");
    let mut rows = Vec::new();
    for y in y + 1..buf.area.height {
        let cells: String = line(buf, y).chars().skip(usize::from(x)).collect();
        let number: String = cells.chars().take_while(char::is_ascii_digit).collect();
        match number.parse() {
            Ok(n) => rows.push((n, (x + 1, y))),
            Err(_) => break,
        }
    }
    rows
}

#[test]
fn a_click_on_a_table_row_jumps_to_its_node() {
    let nodes = entered();
    for size in [PROJECTOR, (100, 30), (80, 24)] {
        let mut app = queens(4, true, colour());
        act(&mut app, Action::End);
        act(&mut app, Action::Table);
        let rows = table_rows(&draw(&app, size));
        assert!(rows.len() >= 8, "{size:?}: {rows:?}");
        for (number, at) in rows {
            act(&mut app, Action::End);
            draw(&app, size);
            click(&mut app, at);
            let (step, _) = nodes[number - 1];
            assert_eq!(app.timeline.step(), step, "node {number} at {size:?}");
            // The clicked row is the current node of the table.
            draw(&app, size);
            assert_eq!(app.nodes.log().current(), Some(number - 1), "node {number}");
        }
    }
}

#[test]
fn a_click_on_a_tree_node_jumps_to_it() {
    let nodes = entered();
    let mut app = queens(4, true, colour());
    act(&mut app, Action::End);
    act(&mut app, Action::Tree);
    let buf = draw(&app, PROJECTOR);
    let big = big::layout(&app, buf.area).expect("big");
    let side = big.side.expect("the tree beside the board");
    // Every label in the tree panel (a queen's column, one digit after a
    // branch; the layered tree gives each depth its own column of labels,
    // so the n-th column of labels from the left is row n-1), and the root.
    let mut digits = Vec::new();
    let mut labels = Vec::new();
    for y in side.y + 1..side.bottom() - 1 {
        let row: Vec<char> = line(&buf, y).chars().collect();
        for x in side.x + 3..side.right() - 6 {
            let at = usize::from(x);
            let branch = matches!(row[at - 2], '─' | '┬' | '├' | '└') && row[at - 1] == ' ';
            if branch && row[at].is_ascii_digit() && row[at + 1] == ' ' {
                // A branch pruned by symmetry was never entered: no jump.
                let after: String = row[at + 1..].iter().take(4).collect();
                digits.push((x, row[at] as u8 - b'0', after.contains('↔'), y));
            }
            if row[at..at + 4].iter().collect::<String>() == "root" {
                labels.push((None, false, (x, y)));
            }
        }
    }
    let mut columns: Vec<u16> = digits.iter().map(|d| d.0).collect();
    columns.sort_unstable();
    columns.dedup();
    assert_eq!(
        columns.len(),
        4,
        "a column of labels per row: {}",
        text(&buf)
    );
    for (x, col, pruned, y) in digits {
        let row = columns.iter().position(|&c| c == x).expect("a column") as u8;
        labels.push((Some((row, col)), pruned, (x, y)));
    }
    assert!(labels.len() >= 8, "{}", text(&buf));
    assert!(
        labels.iter().any(|l| l.1),
        "a pruned branch: {}",
        text(&buf)
    );
    let end = app.timeline.step();
    for (queen, pruned, at) in labels {
        act(&mut app, Action::End);
        draw(&app, PROJECTOR);
        click(&mut app, at);
        let step = app.timeline.step();
        if pruned {
            assert_eq!(step, end, "a pruned branch at {at:?} is no node to go to");
        } else {
            assert!(
                nodes.contains(&(step, queen)),
                "clicked {queen:?} at {at:?}, now at step {step}"
            );
        }
    }
}

#[test]
fn the_wheel_scrolls_the_table_the_log_and_the_help() {
    // The table of 6-Queens at its end has more rows than the panel.
    let mut app = queens(6, false, colour());
    act(&mut app, Action::End);
    act(&mut app, Action::Table);
    let buf = draw(&app, (100, 30));
    let first = table_rows(&buf)[0];
    let centre = first.1;
    app.on_mouse(mouse(MouseEventKind::ScrollDown, centre));
    let down = table_rows(&draw(&app, (100, 30)))[0].0;
    assert_eq!(
        down,
        first.0 + 3,
        "one notch down shows rows three further on"
    );
    app.on_mouse(mouse(MouseEventKind::ScrollUp, centre));
    let up = table_rows(&draw(&app, (100, 30)))[0].0;
    assert_eq!(up, first.0, "and one notch up brings them back");

    // The log at step 40 shows its latest lines; the wheel goes back.
    let mut app = queens(6, false, colour());
    steps(&mut app, 40);
    let size = PROJECTOR;
    let log_first = |buf: &Buffer| -> u64 {
        let (_, y) = find(buf, "┌ Events ").expect("the log");
        line(buf, y + 1)
            .trim_matches(|c: char| c == '│' || c.is_whitespace())
            .split_whitespace()
            .next()
            .and_then(|n| n.parse().ok())
            .expect("a step number")
    };
    let buf = draw(&app, size);
    let before = log_first(&buf);
    let (_, y) = find(&buf, "┌ Events ").expect("the log");
    app.on_mouse(mouse(MouseEventKind::ScrollUp, (10, y + 2)));
    let buf = draw(&app, size);
    assert_eq!(log_first(&buf), before - 3, "{}", text(&buf));
    assert!(text(&buf).contains("3 lines back"), "{}", text(&buf));
    app.on_mouse(mouse(MouseEventKind::ScrollDown, (10, y + 2)));
    assert_eq!(log_first(&draw(&app, size)), before);
    // Over the board the wheel does nothing.
    app.on_mouse(mouse(MouseEventKind::ScrollUp, (5, 5)));
    assert_eq!(log_first(&draw(&app, size)), before);

    // The help popup scrolls with the wheel, and a click closes it.
    act(&mut app, Action::Help);
    draw(&app, (80, 24));
    assert!(app.help_max.get() >= 3, "the help is longer than 80x24");
    app.on_mouse(mouse(MouseEventKind::ScrollDown, (40, 12)));
    assert_eq!(app.help_scroll, 3);
    app.on_mouse(mouse(MouseEventKind::ScrollUp, (40, 12)));
    assert_eq!(app.help_scroll, 0);
    app.on_mouse(mouse(MouseEventKind::Down(MouseButton::Left), (40, 12)));
    assert!(!app.help);
}

#[test]
fn spots_lie_inside_the_panels_drawn() {
    // Every spot recorded at draw time lies on the screen, and each node
    // spot on a row that shows the node's number (table) or a label (tree).
    let mut app = queens(4, true, colour());
    act(&mut app, Action::End);
    act(&mut app, Action::Table);
    let buf = draw(&app, PROJECTOR);
    let spots = app.hits.all();
    assert!(spots.iter().any(|(_, s)| matches!(s, Spot::Log { .. })));
    for (area, spot) in spots {
        assert!(buf.area.contains(area.as_position()), "{area:?}");
        if let Spot::Node { number, .. } = spot {
            let row: String = line(&buf, area.y).chars().skip(area.x.into()).collect();
            assert!(row.starts_with(&format!("{number} ")), "{number}: {row}");
        }
    }
}
