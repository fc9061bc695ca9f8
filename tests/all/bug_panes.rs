//! A bug variant's panes show what the buggy code computes, checked against
//! the bug's own trace: at each step the screen's state pane (drawn as
//! `--print frame` draws it) must agree with the event the bug does next,
//! as its `--print trace` (another process, a straight run) says. A pane
//! that showed the correct search's view would refuse what the bug goes on
//! to do, or allow what it refuses.

use backstep::launch::{self, Opened};
use backstep::registry::KINDS;
use backstep::ui::still;

use super::told::trace;

/// The frame the panes are read from: wide enough for whole lines.
const SIZE: (u16, u16) = (140, 40);

/// A variant opened in-process as `--print frame` opens it, and its trace.
fn open(args: &[&str]) -> (Box<dyn Opened>, Vec<String>) {
    let kind = KINDS
        .iter()
        .find(|k| k.name() == args[0])
        .expect("a registered search");
    let rest: Vec<String> = args[1..].iter().map(ToString::to_string).collect();
    let screen = launch::open(*kind, &rest).expect("the variant opens");
    let line: Vec<String> = args.iter().map(ToString::to_string).collect();
    (screen, trace(&line))
}

/// The screen's text at `step`.
fn screen_at(screen: &mut dyn Opened, step: u64) -> String {
    screen.go_to(step);
    assert_eq!(screen.step(), step);
    still::text(&screen.frame(SIZE.0, SIZE.1).expect("a frame"))
}

/// The inner lines of the panel titled `title` (`┌ Masks ──┐`).
fn panel(text: &str, title: &str) -> Vec<String> {
    let rows: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    let head = format!("┌ {title} ");
    let (top, left) = rows
        .iter()
        .enumerate()
        .find_map(|(y, row)| {
            let line: String = row.iter().collect();
            line.find(&head).map(|x| (y, line[..x].chars().count()))
        })
        .unwrap_or_else(|| panic!("no panel {title:?} in\n{text}"));
    let right = rows[top][left + 1..]
        .iter()
        .position(|&c| c == '┐')
        .map(|x| left + 1 + x)
        .expect("the panel's top right corner");
    rows[top + 1..]
        .iter()
        .take_while(|row| row.get(left) == Some(&'│'))
        .map(|row| row[left + 1..right].iter().collect())
        .collect()
}

/// The line of `lines` that starts with `label`.
fn line<'a>(lines: &'a [String], label: &str) -> &'a str {
    lines
        .iter()
        .find(|l| l.starts_with(label))
        .unwrap_or_else(|| panic!("no line {label:?} in {lines:#?}"))
}

/// The numbers in a `{1,3}` set at the end of a line.
fn set(text: &str) -> Vec<u32> {
    let inner = text
        .rsplit_once('{')
        .and_then(|(_, s)| s.split_once('}'))
        .map(|(s, _)| s)
        .unwrap_or_else(|| panic!("no set in {text:?}"));
    inner
        .split(',')
        .filter(|s| !s.trim().is_empty())
        .map(|s| s.trim().parse().expect("a number"))
        .collect()
}

/// `(r,c)` after `prefix` in an event: `place (2,1)` gives (2, 1).
fn cell_after(words: &str, prefix: &str) -> Option<(usize, usize)> {
    let rest = words.strip_prefix(prefix)?;
    let (r, rest) = rest.strip_prefix('(')?.split_once(',')?;
    let (c, _) = rest.split_once(')')?;
    Some((r.parse().ok()?, c.parse().ok()?))
}

/// A board cell's text: `CELL` columns after `LABEL`, row `r` under the
/// column header.
fn board_cell(board: &[String], label: usize, width: usize, (r, c): (usize, usize)) -> String {
    board[1 + r]
        .chars()
        .skip(label + width * c)
        .take(width)
        .collect()
}

#[test]
fn queens_one_diagonal_legal_set_is_what_the_bug_places() {
    for n in ["4", "5"] {
        let (mut screen, said) = open(&["queens", n, "--bug", "one-diagonal"]);
        let mut checked = 0;
        for (k, next) in said.iter().enumerate() {
            let text = screen_at(screen.as_mut(), k as u64);
            let masks = panel(&text, "Masks");
            assert!(
                line(&masks, "L ").contains("not consulted"),
                "step {k}: {masks:#?}"
            );
            assert!(line(&masks, "C|H ").contains("attacked"), "{masks:#?}");
            let (place, reject) = (cell_after(next, "place "), cell_after(next, "reject "));
            if let Some((row, col)) = place.or(reject) {
                assert_eq!(
                    line(&masks, "filling row").trim_end(),
                    format!("filling row {row}"),
                    "queens {n} step {k}: the pane fills another row than event {} ({next})",
                    k + 1
                );
                let legal = set(line(&masks, "legal"));
                assert_eq!(
                    legal.contains(&(col as u32)),
                    place.is_some(),
                    "queens {n} step {k}: legal {legal:?}, and the bug does `{next}` next"
                );
                checked += 1;
            }
        }
        assert!(checked > 20, "queens {n}: {checked} steps checked");
    }
}

#[test]
fn sudoku_no_stop_candidates_are_what_the_bug_tries_and_it_keeps_no_count_cap() {
    let (mut screen, said) = open(&["sudoku", "--bug", "no-stop"]);
    let solution = said
        .iter()
        .position(|w| w.starts_with("solution"))
        .expect("the bug passes a solution");
    let mut checked = 0;
    for (k, next) in said.iter().enumerate() {
        let text = screen_at(screen.as_mut(), k as u64);
        let counters = panel(&text, "Counters");
        let count = line(&counters, "solutions");
        if k > solution {
            assert!(
                count.contains("1 passed, none kept") && !count.contains("cap"),
                "step {k}: {count}"
            );
        }
        // `place 6 at (8,5)` / `reject 5 at (8,6): ...`
        let mut words = next.split_whitespace();
        let (Some(verb @ ("place" | "reject")), Some(digit), Some("at"), Some(at)) =
            (words.next(), words.next(), words.next(), words.next())
        else {
            continue;
        };
        let digit: u32 = digit.parse().expect("a digit");
        let cell = at.trim_end_matches(':');
        let pane = panel(&text, "Cell being decided");
        assert!(
            line(&pane, "cell").starts_with(&format!("cell {cell}")),
            "step {k}: the pane decides another cell than `{next}`: {pane:#?}"
        );
        let cands = set(line(&pane, "cands"));
        assert_eq!(
            cands.contains(&digit),
            verb == "place",
            "step {k}: candidates {cands:?}, and the bug does `{next}` next"
        );
        checked += 1;
    }
    assert!(checked > 400, "{checked} steps checked");
}

/// The word board's layout: row label, then four columns a cell.
const WORD_LABEL: usize = 3;
const WORD_CELL: usize = 4;

#[test]
fn word_no_unmark_board_shows_the_marks_the_bug_refuses() {
    let (mut screen, said) = open(&[
        "word",
        "--board",
        "AAA,AAB",
        "--word",
        "AAB",
        "--bug",
        "no-unmark",
    ]);
    let mut stale = 0;
    for (k, next) in said.iter().enumerate() {
        let text = screen_at(screen.as_mut(), k as u64);
        let board = panel(&text, "Board");
        let marks = panel(&text, "Word and checks");
        let marked = line(&marks, "marked");
        if let Some(at) = cell_after(next, "reject ")
            && next.ends_with("already on the path")
        {
            let cell = board_cell(&board, WORD_LABEL, WORD_CELL, at);
            let on_path = cell.chars().any(|c| c.is_ascii_digit());
            assert!(
                on_path || cell.contains('◌'),
                "step {k}: the bug refuses {at:?} as marked next (`{next}`), the board shows `{cell}`"
            );
            if !on_path {
                stale += 1;
                assert!(
                    marked.contains(&format!("({},{})", at.0, at.1)) || marked.contains('+'),
                    "step {k}: {marked}"
                );
            }
        }

        if let Some(at) = cell_after(next, "place ") {
            let cell = board_cell(&board, WORD_LABEL, WORD_CELL, at);
            assert!(
                !cell.contains('◌') && !cell.chars().any(|c| c.is_ascii_digit()),
                "step {k}: the bug enters {at:?} next (`{next}`), the board shows `{cell}`"
            );
        }
    }
    assert!(stale >= 3, "{stale} refusals of a stale mark checked");
}

#[test]
fn word_no_visited_check_board_shows_a_cell_at_its_newest_place() {
    let (mut screen, said) = open(&[
        "word",
        "--board",
        "AB,CD",
        "--word",
        "ABAB",
        "--bug",
        "no-visited-check",
    ]);
    let mut again = 0;
    for (k, event) in said.iter().enumerate() {
        let step = k as u64 + 1;
        let text = screen_at(screen.as_mut(), step);
        let marks = panel(&text, "Word and checks");
        assert!(
            line(&marks, "marked").contains("not consulted"),
            "{marks:#?}"
        );
        // `place (0,0) as letter 2, A`
        let (Some(at), Some((_, index))) =
            (cell_after(event, "place "), event.split_once("as letter "))
        else {
            continue;
        };
        let index = index.split(',').next().expect("an index");
        let board = panel(&text, "Board");
        let cell = board_cell(&board, WORD_LABEL, WORD_CELL, at);
        assert_eq!(
            cell.trim_start()
                .split(|c: char| !c.is_ascii_digit())
                .next(),
            Some(index),
            "step {step} (`{event}`): the board shows `{cell}`"
        );
        again += usize::from(index != "0" && index != "1");
    }
    assert!(again >= 2, "{again} re-used cells checked");
}

#[test]
fn maze_no_mark_moves_pane_is_what_the_bug_tries() {
    let (mut screen, said) = open(&["maze", "--bug", "no-mark"]);
    let mut onto_path = 0;
    for (k, next) in said.iter().enumerate().take(300) {
        let text = screen_at(screen.as_mut(), k as u64);
        // `move L (left) to (3,1)` / `reject L to (3,0): a wall`
        let mut words = next.split_whitespace();
        let (Some(verb @ ("move" | "reject")), Some(letter)) = (words.next(), words.next()) else {
            continue;
        };
        let Some((_, to)) = next.split_once(" to ") else {
            continue;
        };
        let cell = to.split(':').next().expect("a cell");
        let moves = panel(&text, "Moves");
        let row = moves
            .iter()
            .find(|l| l.chars().nth(1).map(String::from).as_deref() == Some(letter))
            .unwrap_or_else(|| panic!("no line for {letter} in {moves:#?}"));
        let said_open = row.contains(&format!("{cell} open"));
        assert_eq!(
            said_open,
            verb == "move",
            "step {k}: `{row}`, and the bug does `{next}` next"
        );
        onto_path += usize::from(row.contains("on the path, unmarked"));
        // The rat's cell is the path's end on the board, however often
        // the walk passed it before.
        let board = panel(&text, "Board");
        let here = line(&moves, "cell");
        if let Some(at) = cell_after(here.trim_start_matches("cell").trim_start(), "") {
            let cell = board_cell(&board, 3, 3, at);
            assert!(cell.contains('●'), "step {k}: {at:?} shows `{cell}`");
        }
    }
    assert!(onto_path > 50, "{onto_path} moves onto the path checked");
}
