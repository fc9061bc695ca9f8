//! Play mode (`backstep queens N --play`): the student places the queens.
//! Scripted sessions by key (and one by mouse) check the refusals, `u`, the
//! note on the search's order and the boards found; snapshots pin a refused
//! square and a completed board.

use backstep::ui::theme::Theme;
use backstep::view::queens::play::{self, Play, Tone};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

fn colour() -> Theme {
    Theme::new(true, false)
}

fn press(play: &mut Play, code: KeyCode) {
    play.on_key(KeyEvent::new(code, KeyModifiers::NONE));
}

/// Moves the cursor to `col` of the row being filled and presses enter, as a
/// student would: home, then right `col` times.
fn place(play: &mut Play, col: u8) {
    press(play, KeyCode::Home);
    for _ in 0..col {
        press(play, KeyCode::Right);
    }
    press(play, KeyCode::Enter);
}

fn message(play: &Play) -> (Tone, String) {
    let m = play.message().expect("a message after a key");
    (m.tone, m.text.clone())
}

fn screen(play: &Play, (w, h): (u16, u16)) -> String {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("a test terminal");
    terminal
        .draw(|frame| play::draw(play, frame))
        .expect("drawing into a TestBackend");
    terminal.backend().to_string()
}

#[test]
fn an_attacked_square_is_refused_naming_the_queen_and_the_mask() {
    let mut play = Play::new(6, colour());
    place(&mut play, 1);
    assert_eq!(play.queens(), &[1]);
    // (1,0) is one row down and one column left of (0,1): the low diagonal.
    place(&mut play, 0);
    assert_eq!(play.queens(), &[1], "a refused square holds no queen");
    let (tone, text) = message(&play);
    assert_eq!(tone, Tone::Refused);
    assert_eq!(
        text,
        "(1,0) refused: it is in L (low diagonal) of the queen at (0,1)."
    );
    // Straight below, the column; one to the right, the high diagonal.
    place(&mut play, 1);
    assert!(
        message(&play)
            .1
            .contains("in C (occupied column) of the queen at (0,1)")
    );
    place(&mut play, 2);
    assert!(
        message(&play)
            .1
            .contains("in H (high diagonal) of the queen at (0,1)")
    );
    place(&mut play, 0);
    insta::assert_snapshot!("play_queens6_refused", screen(&play, (100, 30)));
}

#[test]
fn a_square_attacked_twice_names_both_queens() {
    let mut play = Play::new(6, colour());
    place(&mut play, 0);
    place(&mut play, 2);
    // (2,2): column of (1,2) and high diagonal of (0,0).
    place(&mut play, 2);
    let (tone, text) = message(&play);
    assert_eq!(tone, Tone::Refused);
    assert!(
        text.contains("in H (high diagonal) of the queen at (0,0)"),
        "{text}"
    );
    assert!(
        text.contains("in C (occupied column) of the queen at (1,2)"),
        "{text}"
    );
    assert_eq!(play.attackers(2, 2).len(), 2);
}

#[test]
fn u_takes_back_the_last_queen_and_restores_the_masks() {
    let mut play = Play::new(6, colour());
    let empty = play.masks();
    place(&mut play, 1);
    let after_first = play.masks();
    place(&mut play, 3);
    assert_eq!(play.queens(), &[1, 3]);
    press(&mut play, KeyCode::Char('u'));
    assert_eq!(play.queens(), &[1]);
    assert_eq!(play.masks(), after_first);
    assert_eq!(
        play.cursor(),
        3,
        "the cursor goes back to the queen's square"
    );
    assert!(message(&play).1.starts_with("Queen at (1,3) taken back"));
    press(&mut play, KeyCode::Backspace);
    assert_eq!(play.queens(), &[] as &[u8]);
    assert_eq!(play.masks(), empty);
    press(&mut play, KeyCode::Char('u'));
    assert_eq!(
        message(&play),
        (Tone::Info, "There is no queen to undo.".into())
    );
}

#[test]
fn skipping_a_legal_column_is_reported_and_following_is_recognised() {
    let mut play = Play::new(6, colour());
    place(&mut play, 0);
    assert!(
        play.order_note()
            .starts_with("Search order: followed so far")
    );
    // Row 1 under (0,0): legal {2,3,4,5}; placing at 4 skips 2 and 3.
    place(&mut play, 4);
    let (tone, text) = message(&play);
    assert_eq!(tone, Tone::Done);
    assert_eq!(
        text,
        "Queen placed at (1,4): legal columns {2,3} were skipped; the search places at (1,2) first."
    );
    assert!(
        play.order_note()
            .starts_with("Search order: off since (1,4): legal columns {2,3} were skipped"),
        "{}",
        play.order_note()
    );
    // Undo, then the search's own order: 2 is the lowest legal column.
    press(&mut play, KeyCode::Char('u'));
    place(&mut play, 2);
    assert!(message(&play).1.contains("where the search places next"));
    assert!(
        play.order_note()
            .starts_with("Search order: followed so far")
    );
}

#[test]
fn after_undo_the_next_untried_column_is_the_search_order() {
    let mut play = Play::new(4, colour());
    // The search's first steps on 4-Queens: (0,0), (1,2), dead end in row 2.
    place(&mut play, 0);
    place(&mut play, 2);
    assert!(
        message(&play)
            .1
            .contains("Row 2 has no legal column: a dead end")
    );
    press(&mut play, KeyCode::Char('u'));
    let (_, text) = message(&play);
    assert!(
        text.contains("the search would place at (1,3) next"),
        "{text}"
    );
    // Column 3 is now the search's next place, not a skip of column 2.
    place(&mut play, 3);
    assert!(message(&play).1.contains("where the search places next"));
    // Coming back to column 2 is out of the search's order.
    press(&mut play, KeyCode::Char('u'));
    place(&mut play, 2);
    assert!(
        message(&play)
            .1
            .contains("column 2 was already tried in row 1; the search tries each column once"),
        "{}",
        message(&play).1
    );
}

#[test]
fn completing_a_board_records_it_once_and_counts_down() {
    let mut play = Play::new(4, colour());
    assert_eq!(play.total(), Some(2), "the engine's count, symmetry off");
    assert_eq!(play.remaining(), Some(2));
    for col in [1, 3, 0, 2] {
        place(&mut play, col);
    }
    assert!(play.complete());
    assert_eq!(play.found(), &[vec![1, 3, 0, 2]]);
    assert_eq!(play.remaining(), Some(1));
    let (tone, text) = message(&play);
    assert_eq!(tone, Tone::Solved);
    assert_eq!(
        text,
        "Board complete: [1,3,0,2] is new, 1 found, 1 to go. Press u to look for another."
    );
    // The same board again is not counted twice.
    press(&mut play, KeyCode::Char('u'));
    place(&mut play, 2);
    assert_eq!(play.found().len(), 1);
    assert_eq!(play.remaining(), Some(1));
    assert!(
        message(&play)
            .1
            .contains("was found before and is not counted again")
    );
    // The mirror image is the second board.
    for _ in 0..4 {
        press(&mut play, KeyCode::Char('u'));
    }
    for col in [2, 0, 3, 1] {
        place(&mut play, col);
    }
    assert_eq!(play.found(), &[vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
    assert_eq!(play.remaining(), Some(0));
    assert!(message(&play).1.contains("every board is found"));
}

#[test]
fn a_completed_board_screen() {
    let mut play = Play::new(4, colour());
    for col in [1, 3, 0, 2] {
        place(&mut play, col);
    }
    insta::assert_snapshot!("play_queens4_complete", screen(&play, (100, 30)));
}

#[test]
fn ascii_and_monochrome_screens_draw_the_same_words() {
    let mut play = Play::new(6, Theme::new(false, true));
    place(&mut play, 1);
    place(&mut play, 0);
    let text = screen(&play, (100, 30));
    assert!(text.is_ascii(), "{text}");
    assert!(text.contains("(1,0) refused: it is in L (low diagonal) of the queen at (0,1)."));
    assert!(text.contains("L      000001  / low diagonal"), "{text}");
}

#[test]
fn a_click_on_the_row_places_and_elsewhere_explains() {
    let mut play = Play::new(6, colour());
    // The board's squares are only known once a frame has been drawn.
    screen(&play, (100, 30));
    let click = |column, row| MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column,
        row,
        modifiers: KeyModifiers::NONE,
    };
    // Title (1) + border (1) + column numbers (1): row 0 is screen row 3;
    // border (1) + label (4): column c starts at screen column 5 + 3c.
    play.on_mouse(click(5 + 3 * 2 + 1, 3));
    assert_eq!(play.queens(), &[2]);
    play.on_mouse(click(5 + 3 * 4, 5));
    assert_eq!(play.queens(), &[2]);
    assert!(message(&play).1.starts_with("Row 1 comes first"));
    play.on_mouse(click(5 + 3 * 3 + 2, 4));
    assert_eq!(
        message(&play).0,
        Tone::Refused,
        "(1,3) is on (0,2)'s high diagonal"
    );
    play.on_mouse(click(5, 4));
    assert_eq!(play.queens(), &[2, 0]);
}

#[test]
fn keys_quit_and_help() {
    let mut play = Play::new(4, colour());
    press(&mut play, KeyCode::Char('?'));
    assert!(play.help);
    press(&mut play, KeyCode::Esc);
    assert!(!play.help && !play.quit, "esc closes the help first");
    press(&mut play, KeyCode::Esc);
    assert!(!play.quit, "esc never quits");
    press(&mut play, KeyCode::Char('q'));
    assert!(play.quit);
    let mut play = Play::new(4, colour());
    play.on_key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert!(play.quit);
}

#[test]
fn boards_with_no_solution_and_the_empty_board() {
    let mut play = Play::new(3, colour());
    assert_eq!(play.total(), Some(0));
    place(&mut play, 0);
    place(&mut play, 2);
    assert!(
        message(&play).1.contains("Row 2 has no legal column"),
        "{:?}",
        play.message()
    );
    assert!(screen(&play, (100, 30)).contains("No board of 3 queens exists"));
    let play = Play::new(0, colour());
    assert!(play.complete());
    assert_eq!(play.found(), &[Vec::<u8>::new()]);
    assert_eq!(play.remaining(), Some(0));
}

/// The play screen drawn at `size`, as cells.
fn cells(play: &Play, (w, h): (u16, u16)) -> ratatui::buffer::Buffer {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("a test terminal");
    terminal
        .draw(|frame| play::draw(play, frame))
        .expect("drawing into a TestBackend");
    terminal.backend().buffer().clone()
}

/// At 200x60 the board is drawn bigger, as the main screen draws its board
/// on a big screen: each cell of the natural board (28x10 inside its
/// border for n = 8) a k x k block, k the largest whole scale that fits
/// beside the 44 columns of the side panels and above the note and the
/// key bar (156x52 of room: k = 5); the side panels say what they say at
/// 100x30, and a click anywhere on a scaled square places there.
#[test]
fn at_200x60_the_board_is_scaled_and_clicks_follow_it() {
    let mut play = Play::new(8, colour());
    place(&mut play, 3);
    let k = 5;
    let big = cells(&play, (200, 60));
    // The board's border: 28 * 5 + 2 columns, 10 * 5 + 2 rows, under the title.
    assert_eq!(big[(0, 1)].symbol(), "┌");
    assert_eq!(big[(28 * k + 1, 1)].symbol(), "┐");
    assert_eq!(big[(0, 1 + 10 * k + 1)].symbol(), "└");
    // The queen at (0,3): natural cell (4 + 3*3 + 1, 1 + 0) inside the
    // border at (1, 2), its block's middle at +2.
    let queen = Theme::new(true, false).glyphs.piece;
    let at = (1 + (4 + 3 * 3 + 1) * k + 2, 2 + k + 2);
    assert_eq!(big[at].symbol(), queen);
    let queens = big.content().iter().filter(|c| c.symbol() == queen).count();
    assert_eq!(queens, 1, "the one queen is drawn once, not spaced out");
    // The side panels keep their words: every line of the masks panel at
    // 100x30 is on the big screen too.
    let small = screen(&play, (100, 30));
    let big_text = screen(&play, (200, 60));
    for name in ["C      ", "H      ", "L      ", "C|H|L  ", "legal  "] {
        let line = small
            .lines()
            .find(|l| l.contains(&format!("│{name}")))
            .unwrap_or_else(|| panic!("no {name:?} line at 100x30:\n{small}"));
        let from = line.find(&format!("│{name}")).unwrap() + '│'.len_utf8();
        // Up to the panel's right border, the line's last `│`.
        let words = line[from..line.rfind('│').unwrap()].trim_end();
        assert!(words.len() > name.len() + 8, "{words:?}");
        assert!(big_text.contains(words), "{words:?} missing at 200x60");
    }
    assert!(big_text.contains("Queen placed at (0,3)"));
    // A click on the left edge of square (1,5)'s blocks: natural columns
    // 4 + 15 .. 4 + 17, row 2 (the column numbers are row 0).
    let click = |column, row| MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column,
        row,
        modifiers: KeyModifiers::NONE,
    };
    play.on_mouse(click(1 + (4 + 15) * k, 2 + 2 * k));
    assert_eq!(play.queens(), &[3, 5]);
    // And the last cell of square (2,7)'s blocks.
    play.on_mouse(click(1 + (4 + 24) * k - 1, 2 + 3 * k + k - 1));
    assert_eq!(play.queens(), &[3, 5, 7]);
    // Below a big screen the board stays at its natural size.
    let small = cells(&play, (100, 30));
    assert_eq!(small[(28 + 1, 1)].symbol(), "┐");
}
