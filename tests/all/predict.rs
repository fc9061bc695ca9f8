//! Predict mode: scripted sessions answered from the reference trace (not
//! from the tool's own answers), wrong answers and their explanations, and
//! snapshots of the question, right-answer and wrong-answer screens.

use std::time::Duration;

use backstep::input;
use backstep::search::queens::Queens;
use backstep::search::sudoku::{Order, Sudoku, SudokuOptions};
use backstep::search::word::{WordOptions, WordSearch};
use backstep::search::{EventKind, SearchEvent};
use backstep::ui::app::App;
use backstep::ui::keys::Action;
use backstep::ui::predict::Answer;
use backstep::ui::render;
use backstep::ui::scene::Scene;
use backstep::ui::theme::Theme;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde_json::Value;

fn press<S: Scene>(app: &mut App<S>, code: KeyCode) {
    app.on_key(KeyEvent::new(code, KeyModifiers::NONE));
    while app.pending.is_some() {
        app.tick(Duration::from_millis(16));
    }
}

fn type_answer<S: Scene>(app: &mut App<S>, answer: &str) {
    for c in answer.chars() {
        press(app, KeyCode::Char(c));
    }
    press(app, KeyCode::Enter);
}

fn screen<S: Scene>(app: &App<S>) -> String {
    crate::apps::screen(|f| render::draw(app, f))
}

fn four_queens() -> App<Queens> {
    let mut app = crate::apps::queens(4, true, crate::apps::colour());
    app.act(Action::Predict);
    app
}

/// The decisions of the reference 4-Queens trace, in order: the column of
/// every `place`, `d` for every `dead-end`.
fn reference_decisions() -> Vec<String> {
    let text = include_str!("../fixtures/queens4.jsonl");
    text.lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter_map(|event| match event["event"].as_str() {
            Some("place") => Some(event["col"].to_string()),
            Some("dead-end") => Some("d".to_string()),
            _ => None,
        })
        .collect()
}

#[test]
fn answering_every_question_right_gives_a_perfect_score() {
    let mut app = four_queens();
    press(&mut app, KeyCode::Char('f'));
    let mut decisions = reference_decisions().into_iter();
    let mut guard = 0;
    while !app.timeline.at_end() && guard < 200 {
        guard += 1;
        if app.answering() {
            let answer = decisions.next().expect("a decision is left in the trace");
            type_answer(&mut app, &answer);
            let verdict = app.predict.as_ref().and_then(|p| p.verdict.clone());
            assert!(
                verdict.is_some_and(|v| v.right),
                "answer {answer} was judged wrong"
            );
        } else {
            press(&mut app, KeyCode::Right);
        }
    }
    let predict = app.predict.as_ref().expect("still in predict mode");
    // 9 nodes: 8 places and 2 dead ends are decisions.
    assert_eq!((predict.right, predict.asked), (10, 10));
    assert_eq!(decisions.next(), None, "every decision was asked");
    assert!(screen(&app).contains("score 10 / 10"));
}

#[test]
fn a_wrong_answer_is_marked_and_explained_then_revealed() {
    let mut app = four_queens();
    insta::assert_snapshot!("predict_question", screen(&app));
    type_answer(&mut app, "3");
    let predict = app.predict.as_ref().expect("predict mode");
    let verdict = predict.verdict.clone().expect("a verdict");
    assert!(!verdict.right);
    assert!(verdict.text.contains("the answer is 0"), "{}", verdict.text);
    assert!(
        verdict.text.contains("Column 3 is skipped by symmetry"),
        "{}",
        verdict.text
    );
    assert_eq!((predict.right, predict.asked), (0, 1));
    assert_eq!(
        app.timeline.step(),
        1,
        "the step is revealed after the answer"
    );
    insta::assert_snapshot!("predict_wrong_answer", screen(&app));
}

#[test]
fn a_right_answer_is_marked_and_the_mask_can_be_typed_on_request() {
    let mut app = four_queens();
    press(&mut app, KeyCode::Char('f'));
    type_answer(&mut app, "0");
    // Row 1 after a queen on (0,0): legal is 1100, the columns {2,3}.
    press(&mut app, KeyCode::Char('m'));
    type_answer(&mut app, "1100");
    let predict = app.predict.as_ref().expect("predict mode");
    assert!(predict.verdict.as_ref().is_some_and(|v| v.right));
    assert!(
        app.answering(),
        "back to the column question after the mask"
    );
    type_answer(&mut app, "2");
    insta::assert_snapshot!("predict_right_answer", screen(&app));
    let predict = app.predict.as_ref().expect("predict mode");
    assert_eq!((predict.right, predict.asked), (3, 3));
    // A wrong mask is judged wrong with the right one shown.
    press(&mut app, KeyCode::Char('m'));
    type_answer(&mut app, "1111");
    let verdict = app.predict.as_ref().and_then(|p| p.verdict.clone());
    assert!(verdict.is_some_and(|v| !v.right && v.text.contains("0000")));
}

#[test]
fn typos_are_refused_with_a_hint_not_counted() {
    let mut app = four_queens();
    press(&mut app, KeyCode::Char('z'));
    assert!(
        app.message
            .as_deref()
            .is_some_and(|m| m.contains("type an answer"))
    );
    type_answer(&mut app, "");
    let predict = app.predict.as_ref().expect("predict mode");
    assert_eq!(predict.asked, 0);
    assert!(app.answering(), "the question is still open");
    assert!(
        app.message
            .as_deref()
            .is_some_and(|m| m.contains("a column 0-3"))
    );
}

#[test]
fn back_asks_again_about_the_earlier_step() {
    let mut app = four_queens();
    type_answer(&mut app, "0");
    press(&mut app, KeyCode::Left);
    assert_eq!(app.timeline.step(), 0);
    assert!(app.answering(), "the question about step 0 is asked again");
}

#[test]
fn sudoku_asks_for_the_mrv_cell_then_the_digit() {
    let puzzle = input::load_puzzle("campus").expect("shipped");
    let options = SudokuOptions {
        order: Order::Mrv,
        rejects: true,
    };
    let mut app = App::new(
        Sudoku::new(&puzzle.value, options),
        "campus",
        Theme::new(true, false),
    );
    app.act(Action::Predict);
    press(&mut app, KeyCode::Char('f'));
    // The reference campus trace places 2 at (0,1) first.
    type_answer(&mut app, "1,1");
    let verdict = app.predict.as_ref().and_then(|p| p.verdict.clone());
    assert!(verdict.is_some_and(|v| !v.right && v.text.contains("0,1")));
    type_answer(&mut app, "2");
    let predict = app.predict.as_ref().expect("predict mode");
    assert_eq!((predict.right, predict.asked), (1, 2));
    assert_eq!(app.timeline.search().grid()[1], 2, "(0,1)=2 revealed");
}

#[test]
fn word_search_asks_for_the_next_neighbour() {
    let board = input::load_board("sample").expect("shipped");
    let options = WordOptions {
        inventory: true,
        reverse: true,
        rejects: true,
    };
    let search = WordSearch::new(&board.value, "SEE", options);
    let mut app = App::new(search, "sample", Theme::new(true, false));
    app.act(Action::Predict);
    press(&mut app, KeyCode::Char('f'));
    // Step 1 enters the start cell (1,0); its neighbours all mismatch.
    if !app.answering() {
        press(&mut app, KeyCode::Right);
    }
    type_answer(&mut app, "x");
    let verdict = app.predict.as_ref().and_then(|p| p.verdict.clone());
    assert!(
        verdict.is_some_and(|v| v.right),
        "(1,0) is a dead end for SEE"
    );
    // Next start (1,3): the reference trace goes up to (0,3) first.
    while !app.answering() && !app.timeline.at_end() {
        press(&mut app, KeyCode::Right);
    }
    type_answer(&mut app, "down");
    let verdict = app.predict.as_ref().and_then(|p| p.verdict.clone());
    assert!(verdict.is_some_and(|v| !v.right && v.text.contains("the answer is up")));
}

#[test]
fn a_run_stops_at_the_next_question() {
    let mut app = four_queens();
    type_answer(&mut app, "0");
    // Row 1 is asked at once, at step 1, before its rejects show.
    assert!(app.answering(), "row 1 is asked before its rejects");
    assert_eq!(app.timeline.step(), 1);
    type_answer(&mut app, "2");
    // The reject of (1,0) is revealed; amid the rejects nothing is asked.
    assert_eq!(app.timeline.step(), 2);
    assert!(!app.answering(), "amid the rejects: nothing to ask");
    app.act(Action::Run);
    for _ in 0..50 {
        app.tick(Duration::from_millis(500));
        if !app.running {
            break;
        }
    }
    assert!(!app.running, "the run stopped");
    assert!(app.answering(), "at a question");
    // Step 3 rejects (1,1); step 4 places (1,2), and row 2 is asked there,
    // before its four rejects and its dead end.
    assert_eq!(app.timeline.step(), 4);
}

/// Rejects folded or not, each decision of the reference trace is asked
/// once, before any reject that tells its answer is on screen: the last
/// event shown while a question is open is never a reject.
#[test]
fn every_decision_is_asked_before_its_rejects_show() {
    let mut app = four_queens();
    let mut decisions = reference_decisions().into_iter();
    let mut guard = 0;
    while !app.timeline.at_end() && guard < 200 {
        guard += 1;
        if app.answering() {
            let last = app.timeline.last_event().map(SearchEvent::kind);
            assert_ne!(
                last,
                Some(EventKind::Reject),
                "asked at step {} after a reject",
                app.timeline.step()
            );
            let answer = decisions.next().expect("a decision is left in the trace");
            type_answer(&mut app, &answer);
            let verdict = app.predict.as_ref().and_then(|p| p.verdict.clone());
            assert!(
                verdict.is_some_and(|v| v.right),
                "answer {answer} was judged wrong"
            );
        } else {
            press(&mut app, KeyCode::Right);
        }
    }
    let predict = app.predict.as_ref().expect("still in predict mode");
    assert_eq!((predict.right, predict.asked), (10, 10));
    assert_eq!(decisions.next(), None, "every decision was asked");
}

/// The feedback names the sets as the Masks panel does: at the root of a
/// symmetric search `legal` is every column and `search` the ones
/// symmetry keeps, never the latter called legal.
#[test]
fn the_feedback_names_legal_and_search_as_the_masks_panel_does() {
    let mut app = four_queens();
    let mut plain = crate::apps::queens(4, true, crate::apps::colour());
    plain.sync();
    let shown = screen(&plain);
    assert!(shown.contains("legal  1111  {0,1,2,3}"), "{shown}");
    assert!(shown.contains("search 0011  {0,1} (symmetry)"), "{shown}");
    type_answer(&mut app, "0");
    let verdict = app.predict.as_ref().and_then(|p| p.verdict.clone());
    let text = verdict.expect("a verdict").text;
    assert!(text.contains("legal {0,1,2,3}"), "{text}");
    assert!(text.contains("search {0,1}"), "{text}");
    assert!(!text.contains("legal {0,1}"), "{text}");
}

/// The rows of a screen above the Predict panel: the board, the masks,
/// the counters and the path, where an open question must not show its
/// answer.
fn scene_rows(screen: &str) -> String {
    screen
        .lines()
        .take_while(|line| !line.contains(" Predict "))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The board's rows of a screen: the text between the board's borders.
fn board_cells(screen: &str) -> String {
    screen
        .lines()
        .skip(2)
        .take_while(|line| !line.contains('└'))
        .map(|line| line.split("││").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_queens_question_hides_the_legal_masks_and_the_dots_until_the_verdict() {
    let mut app = four_queens();
    assert!(app.answering());
    let dot = app.theme.glyphs.legal;
    let asking = screen(&app);
    // What the scene shows with no question open, as the check that the
    // hidden things are there to hide.
    let mut plain = crate::apps::queens(4, true, crate::apps::colour());
    plain.sync();
    let shown = screen(&plain);
    for (what, text) in [("legal set", "{0,1,2,3}"), ("search set", "{0,1}")] {
        assert!(shown.contains(text), "no question: {what} shown\n{shown}");
        assert!(
            !asking.contains(text),
            "{what} shown while asking\n{asking}"
        );
    }
    assert!(board_cells(&shown).contains(dot));
    assert!(
        !board_cells(&asking).contains(dot),
        "dots shown while asking\n{asking}"
    );
    assert!(!asking.contains("1111") && !asking.contains("0011"));
    assert!(asking.contains("hidden until you answer"));
    // The binary question asks for legal: it must not be on screen either.
    press(&mut app, KeyCode::Char('m'));
    let binary = screen(&app);
    assert!(!binary.contains("1111") && !binary.contains("{0,1,2,3}"));
    assert!(!board_cells(&binary).contains(dot));
    type_answer(&mut app, "1111");
    type_answer(&mut app, "0");
    // Row 1 is asked before its rejects, its masks hidden in turn.
    assert!(app.answering());
    assert!(!board_cells(&screen(&app)).contains(dot));
    type_answer(&mut app, "2");
    // The reject of (1,0) shows: no question, and the masks are back.
    assert!(!app.answering());
    let after = screen(&app);
    assert!(
        after.contains("{2,3}"),
        "legal shown after the verdict\n{after}"
    );
    assert!(board_cells(&after).contains(dot));
    assert!(!after.contains("hidden until you answer"));
}

#[test]
fn a_sudoku_question_hides_the_cell_being_decided_until_the_verdict() {
    let mut app = crate::apps::sudoku("campus");
    app.act(Action::Predict);
    press(&mut app, KeyCode::Char('f'));
    let (row, col) = {
        let (cell, _) = app.timeline.search().deciding().expect("a cell to decide");
        app.timeline.search().geometry().coords(cell)
    };
    assert!(app.answering());
    let answer = app.predict.as_ref().and_then(|p| p.question.clone());
    assert_eq!(answer.map(|q| q.answer), Some(Answer::Cell(row, col)));
    let asking = screen(&app);
    let cell = format!("cell ({row},{col})");
    assert!(!scene_rows(&asking).contains(&cell), "{asking}");
    assert!(!asking.contains("cands"), "{asking}");
    assert!(!board_cells(&asking).contains('?'), "{asking}");
    // The digit question that follows keeps the candidates hidden.
    type_answer(&mut app, &format!("{row},{col}"));
    assert!(app.answering());
    let digit = screen(&app);
    assert!(!digit.contains("cands"), "{digit}");
    let right = app.predict.as_ref().and_then(|p| p.question.clone());
    type_answer(
        &mut app,
        &right.expect("the digit question").answer.to_string(),
    );
    // Fold off: the next question is asked before its rejects; → reveals
    // without answering, up to a step amid rejects, where no question is
    // open and the panel shows the cell being decided again.
    press(&mut app, KeyCode::Char('f'));
    for _ in 0..100 {
        if !app.answering() {
            break;
        }
        press(&mut app, KeyCode::Right);
    }
    assert!(!app.answering());
    let after = screen(&app);
    let (cell, _) = app.timeline.search().deciding().expect("a cell to decide");
    let (r, c) = app.timeline.search().geometry().coords(cell);
    assert!(after.contains(&format!("cell ({r},{c})")), "{after}");
    assert!(after.contains("cands"), "{after}");
    assert!(board_cells(&after).contains('?'), "{after}");
}

#[test]
fn a_word_search_question_does_not_show_the_next_cell() {
    let mut app = crate::apps::word("sample", "SEE");
    app.act(Action::Predict);
    press(&mut app, KeyCode::Char('f'));
    let mut asked = 0;
    while !app.timeline.at_end() {
        if app.answering() {
            let next = backstep::ui::predict::peek(app.timeline.search(), true);
            let Some(backstep::search::word::WordEvent::Place { row, col, .. }) = next else {
                press(&mut app, KeyCode::Right);
                continue;
            };
            let cell = format!("({row},{col})");
            let asking = screen(&app);
            assert!(!scene_rows(&asking).contains(&cell), "{cell}\n{asking}");
            let answer = app.predict.as_ref().and_then(|p| p.question.clone());
            type_answer(&mut app, &answer.expect("a question").answer.to_string());
            assert!(scene_rows(&screen(&app)).contains(&cell));
            asked += 1;
        } else {
            press(&mut app, KeyCode::Right);
        }
    }
    assert!(asked > 0, "some neighbour was asked about");
}
