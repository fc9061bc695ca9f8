//! The typed view model (`backstep::model`): what the node log keeps of a
//! search is data the search said (labels, endings, skipped choices), and
//! predict's answers are typed values. Each check rebuilds the expected
//! data from the events themselves, not from the search's words.

use std::collections::BTreeMap;

use backstep::input;
use backstep::model::{Ending, NodeLog, Report, Skipped, Why};
use backstep::search::queens::{Attack, Queens, QueensEvent, QueensOptions};
use backstep::search::sudoku::{Order, Sudoku, SudokuEvent, SudokuOptions};
use backstep::search::word::{WordEvent, WordOptions, WordSearch};
use backstep::search::{EventKind, SearchEvent};
use backstep::ui::predict::{Answer, Form, Question};

/// Runs `search` for at most `steps` events, logging every node; returns
/// the log and the events.
fn logged<S: Report>(mut search: S, steps: usize) -> (NodeLog, Vec<S::Event>) {
    let mut log = NodeLog::new(&search);
    let mut events = Vec::new();
    while events.len() < steps {
        let Some(event) = search.next() else {
            break;
        };
        log.record(&search, &event);
        events.push(event);
    }
    (log, events)
}

/// The choices that entered the rows entered by a place, in order.
fn placed_choices(log: &NodeLog) -> Vec<String> {
    log.rows()
        .iter()
        .filter_map(|row| row.choice.clone())
        .collect()
}

/// The endings of the rows, in order, that have one.
fn endings(log: &NodeLog) -> Vec<Ending> {
    log.rows()
        .iter()
        .filter_map(|row| row.outcome.end)
        .collect()
}

fn queens(n: u8, symmetry: bool, rejects: bool) -> Queens {
    Queens::new(QueensOptions {
        n,
        symmetry,
        rejects,
    })
}

#[test]
fn queens_choices_and_endings_are_those_of_the_events() {
    let (log, events) = logged(queens(6, true, true), usize::MAX);
    let mut labels = Vec::new();
    let mut ends = Vec::new();
    let mut found = 0;
    for event in &events {
        match event {
            QueensEvent::Place { col, .. } => labels.push(col.to_string()),
            QueensEvent::DeadEnd { .. } => ends.push(Ending::DeadEnd),
            QueensEvent::Solution { weight, .. } => {
                found += 1;
                ends.push(Ending::Solution {
                    number: found,
                    counts: u64::from(*weight),
                    stops: false,
                });
            }
            _ => {}
        }
    }
    assert!(!labels.is_empty() && found > 0);
    assert_eq!(placed_choices(&log), labels);
    assert_eq!(endings(&log), ends);
    // The root has no choice; every other row has the column that entered it.
    assert_eq!(log.rows()[0].choice, None);
    assert!(log.rows()[1..].iter().all(|row| row.choice.is_some()));
}

#[test]
fn symmetry_skips_the_columns_rejected_by_symmetry_at_the_root() {
    for n in [4, 5, 8] {
        let (log, events) = logged(queens(n, true, true), usize::MAX);
        let mirrored: Vec<String> = events
            .iter()
            .filter_map(|event| match event {
                QueensEvent::Reject { col, by, .. } if by.contains(Attack::Symmetry) => {
                    Some(col.to_string())
                }
                _ => None,
            })
            .collect();
        assert!(!mirrored.is_empty(), "n={n}");
        let root = &log.rows()[0].outcome;
        assert_eq!(
            root.skipped,
            vec![Skipped {
                why: Why {
                    name: "symmetry",
                    pruned: "pruned (mirror)",
                },
                choices: mirrored
            }],
            "n={n}"
        );
        // Only the root skips anything.
        assert!(log.rows()[1..].iter().all(|r| r.outcome.skipped.is_empty()));
    }
    // Without rejects the skipped columns are never looked at, and without
    // symmetry none is skipped.
    for (symmetry, rejects) in [(true, false), (false, true)] {
        let (log, _) = logged(queens(6, symmetry, rejects), usize::MAX);
        assert!(log.rows().iter().all(|r| r.outcome.skipped.is_empty()));
    }
}

#[test]
fn sudoku_choices_name_the_cell_and_the_digit() {
    let puzzle = input::load_puzzle("inkala").expect("a shipped puzzle");
    let options = SudokuOptions {
        order: Order::Mrv,
        rejects: true,
    };
    let (log, events) = logged(Sudoku::new(&puzzle.value, options), 5_000);
    let labels: Vec<String> = events
        .iter()
        .filter_map(|event| match event {
            SudokuEvent::Place { row, col, digit } => Some(format!("({row},{col})={digit}")),
            _ => None,
        })
        .collect();
    let dead = events
        .iter()
        .filter(|e| e.kind() == EventKind::DeadEnd)
        .count();
    assert!(labels.len() > 100 && dead > 10);
    assert_eq!(placed_choices(&log), labels);
    assert_eq!(
        endings(&log)
            .iter()
            .filter(|e| **e == Ending::DeadEnd)
            .count(),
        dead
    );
}

#[test]
fn word_choices_name_the_cell_and_its_letter() {
    let board = input::load_board("sample").expect("a valid board");
    let word = "SEE";
    let options = WordOptions {
        inventory: true,
        reverse: false,
        rejects: true,
    };
    let (log, events) = logged(WordSearch::new(&board.value, word, options), usize::MAX);
    let labels: Vec<String> = events
        .iter()
        .filter_map(|event| match event {
            WordEvent::Place { row, col, index } => {
                let letter = word.as_bytes()[usize::from(*index)] as char;
                Some(format!("({row},{col}) {letter}"))
            }
            _ => None,
        })
        .collect();
    assert!(!labels.is_empty());
    assert_eq!(placed_choices(&log), labels);
    let solutions = endings(&log)
        .into_iter()
        .filter(|e| e.is_solution())
        .count();
    let events_solutions = events
        .iter()
        .filter(|e| e.kind() == EventKind::Solution)
        .count();
    assert_eq!(solutions, events_solutions);
}

fn question(form: Form, answer: Answer) -> Question {
    Question {
        prompt: String::new(),
        hint: "a hint".into(),
        answer,
        why: "why".into(),
        wrong: BTreeMap::new(),
        form,
        then: None,
    }
}

#[test]
fn typed_answers_are_read_from_what_is_typed() {
    let names = question(
        Form::Name(&["up", "right", "down", "left"]),
        Answer::DeadEnd,
    );
    assert_eq!(names.read("d"), Ok(Answer::Name("down")));
    assert_eq!(names.read(" Left "), Ok(Answer::Name("left")));
    assert_eq!(names.read("x"), Ok(Answer::DeadEnd));
    assert_eq!(names.read("dead end"), Ok(Answer::DeadEnd));
    assert!(names.read("q").is_err());
    assert!(names.starts('x') && names.starts('R') && !names.starts('q'));
    let column = question(Form::Column, Answer::Number(2));
    assert_eq!(column.read("d"), Ok(Answer::DeadEnd));
    assert_eq!(column.read("3"), Ok(Answer::Number(3)));
    assert!(column.read("x").is_err());
    let digit = question(Form::Digit, Answer::Number(2));
    assert!(digit.read("d").is_err(), "a digit question has no dead end");
    let cell = question(Form::Cell, Answer::Cell(1, 2));
    assert_eq!(cell.read("1, 2"), Ok(Answer::Cell(1, 2)));
    assert!(cell.judge(&Answer::Cell(1, 2)).right);
    let wrong = cell.judge(&Answer::DeadEnd);
    assert!(!wrong.right);
    assert!(
        wrong
            .text
            .starts_with("wrong: you said dead end, the answer is 1,2. "),
        "{}",
        wrong.text
    );
    let bits = question(Form::Binary(4), Answer::Bits("0110".into()));
    assert_eq!(bits.read("0110"), Ok(Answer::Bits("0110".into())));
    assert!(bits.read("011").is_err());
}
