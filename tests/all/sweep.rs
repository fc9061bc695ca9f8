//! Every screen at every terminal size the issue names. Two sweeps are
//! generated from the registry (`registry::KINDS`) and each command's
//! variants (`Kind::variants`: each flag, each `--order`, `--state` and
//! `--bug`), the screens opened in-process as `--print frame` opens them
//! (`launch::open`), so a new search or option is swept with no new line
//! here: `every_variant_of_every_search_at_every_size` (start, middle and
//! end, each panel and predict mode, 80x24, 100x30, 160x48 and 200x60:
//! drawn, a key or status line, fitting, a Board panel, no word cut at a
//! panel's edge without an ellipsis, the words being those the same screen
//! shows at 300x100) and `a_big_frame_shows_every_word_of_the_usual_one`
//! (each word of the 100x30 frame on the 200x60 one, the board's words row
//! by row in order, walls kept).
//!
//! The typed sweeps below go deeper on chosen instances: each search's
//! default (N-Queens 4 and 8 in every strategy and attack state, Sudoku
//! `campus` and `inkala` in every order, Word Search, words, the maze,
//! colouring, exact cover `knuth`) and every compare, at the start, the
//! middle and the end, with each panel (events, table, code, tree, help)
//! and predict mode. Each screen must show its board whole (the board
//! drawn on its own, cell for cell, inside the Board panel, or on a big
//! screen drawn bigger with each row's words whole and in order; every
//! given of a Sudoku, counted on the screen against the puzzle file), and,
//! at 80x24, 100x30 and 200x60, cut no word of the panels' text (title,
//! algorithm, masks, legend, the event log) at a panel's edge without an
//! ellipsis (not read under the help popup, which covers the panels' ends
//! by design). Compare screens are checked for no panic, their key line,
//! fitting, and every Sudoku given on every side (two, or three for
//! `compare queens N --state all`).
//! Failures are collected and reported together.

use std::collections::HashSet;
use std::time::Duration;

use backstep::input;
use backstep::launch::{self, Kind, Opened};
use backstep::search::Search;
use backstep::search::colour::{Colour, ColourOptions};
use backstep::search::cover::Cover;
use backstep::search::maze::Maze;
use backstep::search::queens::{Queens, QueensOptions};
use backstep::search::queens_fundamental::Fundamental;
use backstep::search::queens_permutations::Permutations;
use backstep::search::queens_state::{QueensArray, QueensBools};
use backstep::search::sudoku::{Order, Puzzle, Sudoku, SudokuOptions};
use backstep::search::sudoku_dlx::SudokuDlx;
use backstep::search::sudoku_propagate::{Propagate, PropagateOptions};
use backstep::search::word::{WordOptions, WordSearch};
use backstep::search::words::{Words, WordsOptions};
use backstep::ui::app::{App, Panel};
use backstep::ui::big;
use backstep::ui::compare::{Compare, Pane};
use backstep::ui::keys::Action;
use backstep::ui::render;
use backstep::ui::scene::{Capability, Scene, board_size_at};
use backstep::ui::still;
use backstep::ui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;

const SIZES: [(u16, u16); 4] = [(80, 24), (100, 30), (160, 48), (200, 60)];

fn theme() -> Theme {
    Theme::new(true, false)
}

fn settle<S: Scene>(app: &mut App<S>) {
    for _ in 0..1_000_000 {
        if app.pending.is_none() && !app.running {
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

fn jump<S: Scene>(app: &mut App<S>, step: u64) {
    let press = |app: &mut App<S>, code| app.on_key(KeyEvent::new(code, KeyModifiers::NONE));
    press(app, KeyCode::Char(':'));
    for digit in step.to_string().chars() {
        press(app, KeyCode::Char(digit));
    }
    press(app, KeyCode::Enter);
    settle(app);
}

/// The words of a row of a board drawn cell for cell: its runs of text,
/// split at blanks, lines, fills and braille (which a bigger board draws
/// bigger rather than as text), and between bracketed groups.
fn board_words(row: &str) -> Vec<String> {
    let text = |c: char| {
        !c.is_whitespace()
            && !('\u{2500}'..='\u{259f}').contains(&c)
            && !('\u{2800}'..='\u{28ff}').contains(&c)
            && !matches!(c, '-' | '|' | '+' | '/' | '\\')
    };
    // Two bracketed groups side by side are two cells' marks.
    let row = row.replace("][", "] [").replace(")(", ") (");
    row.split(|c: char| !text(c))
        .filter(|w| !w.is_empty())
        .map(String::from)
        .collect()
}

/// What a screen must show besides the board, for one search: the
/// digits a Sudoku's givens hold, counted on the screen.
#[derive(Clone, Default)]
struct Expect {
    givens: Option<Vec<u8>>,
}

fn sudoku_expect(name: &str) -> Expect {
    let puzzle = input::load_puzzle(name).expect("a shipped puzzle").value;
    Expect {
        givens: Some(puzzle.cells().to_vec()),
    }
}

/// The top-left border cell of the panel titled `title`, if on screen.
fn panel(buf: &Buffer, title: &str) -> Option<(u16, u16)> {
    let needle = format!(" {title} ");
    (0..buf.area.height).find_map(|y| {
        let line: String = still::row(buf, y).iter().map(|c| c.symbol()).collect();
        let byte = line.find(&needle)?;
        let x = line[..byte].chars().count() as u16;
        Some((x.checked_sub(1)?, y))
    })
}

/// The characters that frame panels (Unicode and ASCII borders).
fn is_border(s: &str) -> bool {
    matches!(
        s,
        "│" | "┃" | "║" | "┤" | "├" | "┐" | "┘" | "┌" | "└" | "╮" | "╯" | "╭" | "╰"
    )
}

/// Words of the panels' own text, for the cut-word check.
fn words_of(texts: &[String]) -> HashSet<String> {
    texts
        .iter()
        .flat_map(|t| t.split_whitespace())
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_string())
        .filter(|w| w.chars().count() >= 3)
        .collect()
}

/// Words cut at a panel's right edge: the last token before a border (or
/// the screen's edge) that is a strict prefix of one of `words`, is none
/// of them, and carries no ellipsis.
fn cut_words(buf: &Buffer, words: &HashSet<String>) -> Vec<String> {
    let mut cut = Vec::new();
    for y in 0..buf.area.height {
        let cells: Vec<&str> = still::row(buf, y).iter().map(|c| c.symbol()).collect();
        let mut token = String::new();
        // A line shortened from the left (`moves … RLRL`) keeps its tail:
        // what follows its ellipsis up to the border is whole.
        let mut tail = false;
        let ellipsis = |t: &str| t.starts_with('…') || t.starts_with("...");
        for (x, s) in cells.iter().enumerate() {
            let edge = x + 1 == cells.len();
            if is_border(s) || s.trim().is_empty() {
                let at_border = is_border(s);
                if at_border && !token.is_empty() && !tail && !ellipsis(&token) {
                    check_token(&token, words, y, &mut cut);
                }
                tail = !at_border && (tail || (!token.is_empty() && ellipsis(&token)));
                token.clear();
                continue;
            }
            token.push_str(s);
            if edge && !tail && !ellipsis(&token) {
                check_token(&token, words, y, &mut cut);
            }
        }
    }
    cut
}

fn check_token(token: &str, words: &HashSet<String>, y: u16, cut: &mut Vec<String>) {
    if token.ends_with('…') || token.ends_with("...") {
        return;
    }
    let bare = token.trim_matches(|c: char| !c.is_alphanumeric());
    if bare.chars().count() < 3 || words.contains(bare) {
        return;
    }
    if let Some(word) = words
        .iter()
        .find(|w| w.starts_with(bare) && w.len() > bare.len())
    {
        cut.push(format!("row {y}: {token:?} (of {word:?})"));
    }
}

/// Checks one drawn screen of `app`; returns what is wrong. At the sizes
/// people use ([`CUT_SIZES`]) it reads the screen for cut words too.
fn check_app<S: Scene>(app: &App<S>, (w, h): (u16, u16), expect: &Expect) -> Vec<String> {
    let mut wrong = Vec::new();
    let buf = still::draw(app, w, h).expect("an off-screen drawing");
    let text = still::text(&buf);
    let last = text.lines().last().unwrap_or_default();
    if last.trim().is_empty() {
        wrong.push("no key or status line".to_string());
    }
    if text.contains("too small") {
        let (mw, mh) = render::min_size(app);
        wrong.push(format!("too small (needs {mw}x{mh})"));
        return wrong;
    }
    let view = render::view(app);
    let search = view.search;
    let fit = render::fit(app, Rect::new(0, 0, w, h));
    let theme = app.scene_theme();
    // The panels' text, for the cut-word check.
    let mut texts: Vec<String> = search.algorithm().iter().map(|s| s.to_string()).collect();
    texts.push(search.title(&app.name).text(theme.glyphs.dot));
    texts.extend(
        search
            .masks_at(fit, view.last, &theme)
            .iter()
            .map(|l| l.to_string()),
    );
    texts.extend(search.legend(&theme).into_iter().flat_map(|(a, b)| [a, b]));
    // The event log's words, as they were told.
    texts.extend(app.timeline.recent().map(|told| told.words().to_string()));
    // The help popup lies over the panels and hides their ends by design:
    // only the screen without it is read for cut words.
    if app.help {
        return wrong;
    }
    if CUT_SIZES.contains(&(w, h)) {
        for cut in cut_words(&buf, &words_of(&texts)) {
            wrong.push(format!("cut word {cut}"));
        }
    }
    let Some((bx, by)) = panel(&buf, "Board") else {
        // A short table or tree takes the board's place, by design.
        if app.predict.is_none() && matches!(app.panel, Panel::Table | Panel::Tree) {
            return wrong;
        }
        wrong.push("no Board panel".to_string());
        return wrong;
    };
    let (x0, y0) = (bx + 1, by + 1);
    let (bw, bh) = board_size_at(search, fit);
    let mut alone = Buffer::empty(Rect::new(0, 0, bw, bh));
    search.render_board_at(fit, view.last, &theme, alone.area, &mut alone);
    // On a big screen each board cell is a k x k block: the board is
    // drawn bigger, each run of text (a label, a cell's marks) whole on
    // the middle row of its blocks, in the same order as cell for cell.
    let k = big::layout(app, Rect::new(0, 0, w, h)).map_or(1, |big| big.scale);
    let mut missing = 0;
    let mut first = String::new();
    if k > 1 {
        let mut from = y0;
        for y in 0..bh {
            let want: String = (0..bw).map(|x| alone[(x, y)].symbol()).collect();
            let tokens = board_words(&want);
            if tokens.is_empty() {
                continue;
            }
            let shown = |sy: u16| -> String {
                (x0..(x0 + bw * k).min(w))
                    .map(|x| buf[(x, sy)].symbol())
                    .collect()
            };
            let holds = |got: &str| {
                let mut rest = got;
                tokens.iter().all(|token| match rest.find(token.as_str()) {
                    Some(at) => {
                        rest = &rest[at + token.len()..];
                        true
                    }
                    None => false,
                })
            };
            // The row's words, whole and in order, on one row of the big
            // board at or below the last row found: where a view draws
            // itself bigger (a ruled grid, a graph on a larger canvas) a
            // row's words need not sit on the middle row of its block.
            match (from..(y0 + bh * k).min(h)).find(|&sy| holds(&shown(sy))) {
                Some(sy) => from = sy + 1,
                None => {
                    if missing == 0 {
                        let got = shown((y0 + y * k + k / 2).min(h - 1));
                        first = format!(" (first: row {y} {tokens:?}, shown {got:?}, scale {k})");
                    }
                    missing += 1;
                }
            }
        }
    }
    for y in (0..bh).filter(|_| k == 1) {
        for x in 0..bw {
            let want = alone[(x, y)].symbol();
            if want.trim().is_empty() {
                continue;
            }
            let (sx, sy) = (x0 + x, y0 + y);
            let got = if sx < w && sy < h {
                buf[(sx, sy)].symbol()
            } else {
                ""
            };
            if got != want {
                if missing == 0 {
                    first = format!(" (first: ({x},{y}) {want:?}, shown {got:?}, scale {k})");
                }
                missing += 1;
            }
        }
    }
    if missing > 0 {
        wrong.push(format!("{missing} cells of the board not shown{first}"));
    }
    if let Some(givens) = &expect.givens {
        let board: String = (y0..(y0 + bh * k).min(h))
            .flat_map(|y| (x0..(x0 + bw * k).min(w)).map(move |x| (x, y)))
            .map(|(x, y)| buf[(x, y)].symbol().to_string())
            .collect();
        for d in 1..=9u8 {
            let want = givens.iter().filter(|&&g| g == d).count();
            let seen = board.matches(char::from(b'0' + d)).count();
            if seen < want {
                wrong.push(format!("digit {d}: {seen} on the board, {want} given"));
            }
        }
    }
    wrong
}

/// The modes a screen is swept in, with the action that turns each on
/// (and off again).
const MODES: [(&str, Option<Action>); 6] = [
    ("events", None),
    ("table", Some(Action::Table)),
    ("code", Some(Action::Code)),
    ("tree", Some(Action::Tree)),
    ("help", Some(Action::Help)),
    ("predict", Some(Action::Predict)),
];

/// Sweeps one search: start, middle and end, every mode, every size.
/// What a sweep found.
#[derive(Default)]
struct Out {
    found: Vec<String>,
}

impl Out {
    fn push(&mut self, wrong: String) {
        self.found.push(wrong);
    }
}

/// The sizes the cut-word check reads: the classic terminal, the usual
/// one, and a projector.
const CUT_SIZES: [(u16, u16); 3] = [(80, 24), (100, 30), (200, 60)];

fn sweep<S: Scene>(name: &str, make: impl Fn() -> App<S>, expect: Expect, out: &mut Out) {
    let mut probe = make();
    act(&mut probe, Action::End);
    let total = probe.timeline.step();
    for (place, step) in [("start", 0), ("middle", total / 2), ("end", total)] {
        let mut app = make();
        if step == total && total > 0 {
            act(&mut app, Action::End);
        } else if step > 0 {
            jump(&mut app, step);
        }
        for (mode, action) in MODES {
            if let Some(action) = action {
                act(&mut app, action);
            }
            for size in SIZES {
                for wrong in check_app(&app, size, &expect) {
                    out.push(format!(
                        "{name} {place} (step {}) {mode} {}x{}: {wrong}",
                        app.timeline.step(),
                        size.0,
                        size.1
                    ));
                }
            }
            if let Some(action) = action {
                act(&mut app, action);
                if action == Action::Predict && app.predict.is_some() {
                    act(&mut app, Action::Cancel);
                }
            }
        }
    }
}

fn report(what: &str, out: Out) {
    let found = out.found;
    assert!(
        found.is_empty(),
        "{what}: {} problems:\n{}",
        found.len(),
        found.join("\n")
    );
}

fn queens(n: u8, symmetry: bool) -> Queens {
    Queens::new(QueensOptions {
        n,
        symmetry,
        rejects: true,
    })
}

fn sudoku(name: &str, order: Order, budget: Option<u64>) -> App<Sudoku> {
    let puzzle = input::load_puzzle(name).expect("a shipped puzzle");
    let mut search = Sudoku::new(
        &puzzle.value,
        SudokuOptions {
            order,
            rejects: true,
        },
    );
    if let Some(max) = budget {
        search.limit_nodes(max);
    }
    App::new(search, &puzzle.name, theme())
}

fn puzzle(name: &str) -> Puzzle {
    input::load_puzzle(name).expect("a shipped puzzle").value
}

#[test]
fn every_queens_screen_at_every_size() {
    queens_screen_sweep();
}

fn queens_screen_sweep() {
    let mut out = Out::default();
    let t = theme;
    for n in [4u8, 8] {
        for symmetry in [false, true] {
            let name = format!("queens {n} symmetry {symmetry}");
            sweep(
                &name,
                || App::new(queens(n, symmetry), "queens", t()),
                Expect::default(),
                &mut out,
            );
            let name = format!("queens {n} array symmetry {symmetry}");
            sweep(
                &name,
                || App::new(QueensArray::new(n, symmetry, true), "queens", t()),
                Expect::default(),
                &mut out,
            );
            let name = format!("queens {n} bools symmetry {symmetry}");
            sweep(
                &name,
                || App::new(QueensBools::new(n, symmetry, true), "queens", t()),
                Expect::default(),
                &mut out,
            );
        }
        sweep(
            &format!("queens {n} check-at-end"),
            || App::new(Queens::check_at_end(n, true), "queens", t()),
            Expect::default(),
            &mut out,
        );
        sweep(
            &format!("queens {n} permutations"),
            || App::new(Permutations::new(n, true), "queens", t()),
            Expect::default(),
            &mut out,
        );
        sweep(
            &format!("queens {n} fundamental"),
            || App::new(Fundamental::new(n, true), "queens", t()),
            Expect::default(),
            &mut out,
        );
    }
    report("queens screens", out);
}

#[test]
fn every_sudoku_screen_at_every_size() {
    sudoku_screen_sweep();
}

fn sudoku_screen_sweep() {
    let mut out = Out::default();
    for name in ["campus", "inkala"] {
        let expect = sudoku_expect(name);
        sweep(
            &format!("sudoku {name} mrv"),
            || sudoku(name, Order::Mrv, None),
            expect.clone(),
            &mut out,
        );
        // inkala `first` runs 21 million events: a node budget ends it
        // (its end is the incomplete one).
        let budget = (name == "inkala").then_some(3000);
        sweep(
            &format!("sudoku {name} first"),
            || sudoku(name, Order::First, budget),
            expect.clone(),
            &mut out,
        );
        sweep(
            &format!("sudoku {name} propagate"),
            || {
                let search = Propagate::new(&puzzle(name), PropagateOptions { rejects: true });
                App::new(search, name, theme())
            },
            expect.clone(),
            &mut out,
        );
        sweep(
            &format!("sudoku {name} dlx"),
            || App::new(SudokuDlx::new(&puzzle(name)), name, theme()),
            expect.clone(),
            &mut out,
        );
    }
    report("sudoku screens", out);
}

#[test]
fn every_other_search_screen_at_every_size() {
    other_search_screen_sweep();
}

fn other_search_screen_sweep() {
    let mut out = Out::default();
    sweep(
        "word sample ABCCED",
        || {
            let board = input::load_board("sample").expect("a shipped board").value;
            let options = WordOptions {
                inventory: true,
                reverse: true,
                rejects: true,
            };
            App::new(
                WordSearch::new(&board, "ABCCED", options),
                "sample",
                theme(),
            )
        },
        Expect::default(),
        &mut out,
    );
    sweep(
        "words",
        || {
            let board = input::load_board(input::words::DEFAULT_BOARD)
                .expect("the default board")
                .value;
            let words =
                input::words::load_words(input::words::DEFAULT_WORDS).expect("the default words");
            let options = WordsOptions {
                inventory: true,
                prune: true,
                rejects: true,
            };
            App::new(Words::new(&board, &words, options), "board", theme())
        },
        Expect::default(),
        &mut out,
    );
    sweep(
        "maze",
        || {
            let grid = input::maze::parse_list(input::maze::DEFAULT).expect("the default maze");
            App::new(Maze::new(&grid, true), "grid", theme())
        },
        Expect::default(),
        &mut out,
    );
    sweep(
        "colour",
        || {
            let graph = input::colour::parse_edges(input::colour::DEFAULT_EDGES, None)
                .expect("the default graph");
            let options = ColourOptions {
                m: 3,
                all: false,
                rejects: true,
            };
            App::new(Colour::new(&graph, options), "graph", theme())
        },
        Expect::default(),
        &mut out,
    );
    sweep(
        "cover knuth",
        || {
            let problem = input::cover::load("knuth").expect("a shipped problem");
            App::new(Cover::new(&problem.value, None), &problem.name, theme())
        },
        Expect::default(),
        &mut out,
    );
    report("other screens", out);
}

/// Checks one drawn compare screen.
fn check_compare(c: &Compare, (w, h): (u16, u16), expect: &Expect) -> Vec<String> {
    let mut wrong = Vec::new();
    let buf = still::draw(c, w, h).expect("an off-screen drawing");
    let text = still::text(&buf);
    let last = text.lines().last().unwrap_or_default();
    if last.trim().is_empty() {
        wrong.push("no key or status line".to_string());
    }
    if text.contains("compare screen needs") {
        let (mw, mh) = backstep::ui::compare::min_size(c);
        wrong.push(format!("too small (needs {mw}x{mh})"));
        return wrong;
    }
    if let (Some(givens), false) = (&expect.givens, c.help) {
        for d in 1..=9u8 {
            let want = c.sides.len() * givens.iter().filter(|&&g| g == d).count();
            let seen = text.matches(char::from(b'0' + d)).count();
            if seen < want {
                wrong.push(format!(
                    "digit {d}: {seen} on screen, {want} given on every side"
                ));
            }
        }
    }
    wrong
}

fn sweep_compare(name: &str, make: impl Fn() -> Compare, expect: Expect, out: &mut Out) {
    let mut probe = make();
    for side in &mut probe.sides {
        side.act(Action::End);
        settle_pane(side.as_mut());
    }
    let total = probe.sides.iter().map(|s| s.step()).min().unwrap_or(0);
    for (place, step) in [("start", 0), ("middle", total / 2), ("end", u64::MAX)] {
        let mut c = make();
        for side in &mut c.sides {
            side.as_mut().go(step);
        }
        for help in [false, true] {
            c.help = help;
            for size in SIZES {
                for wrong in check_compare(&c, size, &expect) {
                    out.push(format!(
                        "compare {name} {place} help {help} {}x{}: {wrong}",
                        size.0, size.1
                    ));
                }
            }
        }
    }
}

/// Finishes a side's run or jump.
fn settle_pane(side: &mut dyn Pane) {
    for _ in 0..1_000_000 {
        if !side.busy() {
            return;
        }
        side.tick(Duration::ZERO);
    }
    panic!("the job never finished");
}

/// Moves a compare side to a step (`u64::MAX`: the end), whatever its
/// search.
trait Stepper {
    fn go(&mut self, step: u64);
}

impl Stepper for dyn Pane {
    fn go(&mut self, step: u64) {
        if step == u64::MAX {
            self.act(Action::End);
        } else if step > 0 {
            let mut press = |code| self.on_key(KeyEvent::new(code, KeyModifiers::NONE));
            press(KeyCode::Char(':'));
            for digit in step.to_string().chars() {
                press(KeyCode::Char(digit));
            }
            press(KeyCode::Enter);
        }
        settle_pane(self);
    }
}

#[test]
fn every_compare_screen_at_every_size() {
    let mut out = Out::default();
    for n in [4u8, 8] {
        let label = |a: &str, b: &str| [a.to_string(), b.to_string()];
        sweep_compare(
            &format!("queens {n} symmetry full"),
            || {
                Compare::new(
                    App::new(queens(n, true), "queens", theme()),
                    App::new(queens(n, false), "queens", theme()),
                    label("symmetry", "full"),
                )
            },
            Expect::default(),
            &mut out,
        );
        sweep_compare(
            &format!("queens {n} permutations"),
            || {
                Compare::new(
                    App::new(queens(n, false), "queens", theme()),
                    App::new(Permutations::new(n, true), "queens", theme()),
                    label("full", "permutations"),
                )
            },
            Expect::default(),
            &mut out,
        );
        sweep_compare(
            &format!("queens {n} check-at-end"),
            || {
                Compare::new(
                    App::new(queens(n, false), "queens", theme()),
                    App::new(Queens::check_at_end(n, true), "queens", theme()),
                    label("full", "check at end"),
                )
            },
            Expect::default(),
            &mut out,
        );
        sweep_compare(
            &format!("queens {n} states all"),
            || {
                let sides: Vec<Box<dyn Pane>> = vec![
                    Box::new(App::new(queens(n, true), "queens", theme())),
                    Box::new(App::new(QueensBools::new(n, true, true), "queens", theme())),
                    Box::new(App::new(QueensArray::new(n, true, true), "queens", theme())),
                ];
                let labels = ["masks", "bools", "array"].map(String::from).to_vec();
                Compare::of(sides, labels).with_costs()
            },
            Expect::default(),
            &mut out,
        );
    }
    for name in ["campus", "inkala"] {
        let expect = sudoku_expect(name);
        let budget = (name == "inkala").then_some(3000);
        sweep_compare(
            &format!("sudoku {name} mrv first"),
            || {
                Compare::new(
                    sudoku(name, Order::Mrv, None),
                    sudoku(name, Order::First, budget),
                    ["mrv".into(), "first".into()],
                )
            },
            expect.clone(),
            &mut out,
        );
        sweep_compare(
            &format!("sudoku {name} mrv propagate"),
            || {
                let search = Propagate::new(&puzzle(name), PropagateOptions { rejects: true });
                Compare::new(
                    sudoku(name, Order::Mrv, None),
                    App::new(search, name, theme()),
                    ["mrv".into(), "propagate".into()],
                )
            },
            expect.clone(),
            &mut out,
        );
        sweep_compare(
            &format!("sudoku {name} mrv dlx"),
            || {
                Compare::new(
                    sudoku(name, Order::Mrv, None),
                    App::new(SudokuDlx::new(&puzzle(name)), name, theme()),
                    ["mrv".into(), "dlx".into()],
                )
            },
            expect.clone(),
            &mut out,
        );
    }
    sweep_compare(
        "word sample pruned unpruned",
        || {
            let board = input::load_board("sample").expect("a shipped board").value;
            let make = |pruned| {
                let options = WordOptions {
                    inventory: pruned,
                    reverse: pruned,
                    rejects: true,
                };
                App::new(
                    WordSearch::new(&board, "ABCCED", options),
                    "sample",
                    theme(),
                )
            };
            Compare::new(
                make(true),
                make(false),
                ["pruned".into(), "unpruned".into()],
            )
        },
        Expect::default(),
        &mut out,
    );
    sweep_compare(
        "words pruned unpruned",
        || {
            let board = input::load_board(input::words::DEFAULT_BOARD)
                .expect("the default board")
                .value;
            let words =
                input::words::load_words(input::words::DEFAULT_WORDS).expect("the default words");
            let make = |prune| {
                let options = WordsOptions {
                    inventory: true,
                    prune,
                    rejects: true,
                };
                App::new(Words::new(&board, &words, options), "board", theme())
            };
            Compare::new(
                make(true),
                make(false),
                ["pruned".into(), "unpruned".into()],
            )
        },
        Expect::default(),
        &mut out,
    );
    report("compare screens", out);
}

/// The Board panel of a text frame: its rows inside the border, each as
/// the text between the panel's left and right edges.
fn board_panel(frame: &str) -> Vec<String> {
    let lines: Vec<Vec<char>> = frame.lines().map(|l| l.chars().collect()).collect();
    let Some((top, left)) = lines.iter().enumerate().find_map(|(y, l)| {
        let text: String = l.iter().collect();
        let at = text.find("┌ Board ")?;
        Some((y, text[..at].chars().count()))
    }) else {
        return Vec::new();
    };
    let right = (left + 1..lines[top].len())
        .find(|&x| lines[top][x] == '┐')
        .unwrap_or(lines[top].len());
    lines[top + 1..]
        .iter()
        .take_while(|l| l.get(left) == Some(&'│'))
        .map(|l| l[left + 1..right.min(l.len())].iter().collect())
        .collect()
}

/// Every variant of every search in the registry, as the arguments after
/// its subcommand (an instance first for a search that needs one named):
/// `Kind::variants` reads them from the command, so a new search or a new
/// option of one is swept here with no new line.
/// Each with its name for messages (`queens --state bools`).
fn variants() -> Vec<(&'static dyn Kind, Vec<String>, String)> {
    let mut all = Vec::new();
    for &kind in backstep::registry::KINDS {
        let instance = super::told::instance(kind);
        for variant in kind.variants() {
            let mut args = instance.clone();
            args.extend(variant);
            let name = format!("{} {}", kind.name(), args.join(" "));
            all.push((kind, args, name));
        }
    }
    all
}

/// A variant's screen, opened, and its number of steps (the screen left
/// at its end).
fn opened(kind: &dyn Kind, args: &[String]) -> (Box<dyn Opened>, u64) {
    let mut screen = launch::open(kind, args).expect("the variant opens");
    screen.go_to(u64::MAX);
    let total = screen.step();
    (screen, total)
}

/// The text of a frame of `screen`.
fn frame_text(screen: &dyn Opened, (w, h): (u16, u16)) -> String {
    still::text(&screen.frame(w, h).expect("a frame"))
}

/// The words of a frame's panels (not its key bar, its last one or two
/// lines, laid out by width, nor the panels' titles, which name a panel
/// by what the layout puts in it): runs of text between blanks and
/// borders, those cut with an ellipsis left out.
fn frame_words(text: &str, bar_rows: usize) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let keep = lines.len().saturating_sub(bar_rows);
    lines[..keep]
        .iter()
        .flat_map(|line| board_words(&without_borders(line)))
        .filter(|w| !w.ends_with('…') && !w.ends_with("..."))
        .collect()
}

/// `line` with its panels' top and bottom borders blanked, titles and all.
fn without_borders(line: &str) -> String {
    let mut border = false;
    line.chars()
        .map(|c| {
            if matches!(c, '┌' | '└') {
                border = true;
            }
            let blank = border;
            if matches!(c, '┐' | '┘') {
                border = false;
            }
            if blank { ' ' } else { c }
        })
        .collect()
}

/// Every variant of every search in the registry, at its start, a few
/// steps in and its end: each word of its 100x30 frame (the board's labels,
/// marks and digits, the masks, the events, the title) is on its 200x60
/// frame too, and the board's words row by row in the same order; a
/// maze's walls are drawn as filled blocks (as many wall glyphs or more).
/// The screens are opened in-process (`launch::open`), as `--print frame`
/// opens them.
#[test]
fn a_big_frame_shows_every_word_of_the_usual_one() {
    let mut wrong = Vec::new();
    for (kind, args, name) in variants() {
        let (mut screen, total) = opened(kind, &args);
        // A search whose full board does not fit 100x30 draws a compact
        // one there (`sudoku --order propagate`: candidate counts, not the
        // candidates): a different drawing, so only the words of the other
        // panels are compared (the typed sweeps check its big board
        // against its full one).
        let compact = screen.compact_at(100, 30) && !screen.compact_at(200, 60);
        for at in [0, 5, 12, total] {
            screen.go_to(at);
            let usual = frame_text(screen.as_ref(), (100, 30));
            let big = frame_text(screen.as_ref(), (200, 60));
            // The usual frame's text compared: all of it, or for a
            // compact screen what lies below its top panels.
            let compared = if compact {
                let lines: Vec<&str> = usual.lines().collect();
                let below = lines
                    .iter()
                    .position(|l| l.starts_with('└'))
                    .map_or(0, |y| y + 1);
                lines[below..].join("\n")
            } else {
                usual.clone()
            };
            let big_words: HashSet<String> = frame_words(&big, 1).into_iter().collect();
            let missing: Vec<String> = frame_words(&compared, 2)
                .into_iter()
                .filter(|w| !big_words.contains(w))
                .collect();
            if !missing.is_empty() {
                wrong.push(format!(
                    "{name} at {at}: {missing:?} not on the 200x60 frame"
                ));
            }
            // A search of words alone draws no board to compare.
            if compact || !screen.offers(Capability::Board) {
                continue;
            }
            let (usual, big) = (board_panel(&usual), board_panel(&big));
            if usual.is_empty() || big.is_empty() {
                wrong.push(format!("{name} at {at}: no Board panel"));
                continue;
            }
            let big_rows: Vec<Vec<String>> = big.iter().map(|row| board_words(row)).collect();
            let mut from = 0;
            for row in &usual {
                let words = board_words(row);
                if words.is_empty() {
                    continue;
                }
                // The first big row at or after the last match that holds
                // every word of this row, in order.
                let found = (from..big_rows.len()).find(|&y| {
                    let mut rest = big_rows[y].iter();
                    words.iter().all(|w| rest.any(|b| b == w))
                });
                match found {
                    Some(y) => from = y + 1,
                    None => wrong.push(format!("{name} at {at}: {row:?} not on the big board")),
                }
            }
            let walls =
                |rows: &[String]| rows.iter().map(|r| r.matches('▓').count()).sum::<usize>();
            if walls(&big) < walls(&usual) {
                wrong.push(format!("{name} at {at}: walls missing on the big board"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Every variant of every search in the registry (`Kind::variants`), at
/// its start, middle and end, with each panel and predict mode, at every
/// size: it draws, ends with its key or status line, fits, shows its
/// Board panel (but where a short table or tree takes its place), and at
/// the sizes people use cuts no word at a panel's edge without an
/// ellipsis, the words being those the same screen shows at 300x100.
#[test]
fn every_variant_of_every_search_at_every_size() {
    let mut out = Out::default();
    for (kind, args, name) in variants() {
        let (_, total) = opened(kind, &args);
        for (place, step) in [("start", 0), ("middle", total / 2), ("end", total)] {
            let (mut screen, _) = opened(kind, &args);
            screen.go_to(step);
            for (mode, action) in MODES {
                if let Some(action) = action {
                    screen.act(action);
                }
                let wide = frame_text(screen.as_ref(), (300, 100));
                let words = words_of(&wide.lines().map(String::from).collect::<Vec<_>>());
                for size in SIZES {
                    let buf = screen.frame(size.0, size.1).expect("a frame");
                    let text = still::text(&buf);
                    let mut wrong = Vec::new();
                    if text.lines().last().unwrap_or_default().trim().is_empty() {
                        wrong.push("no key or status line".to_string());
                    }
                    if text.contains("too small") {
                        wrong.push("too small".to_string());
                    } else if mode != "help" {
                        let hidden =
                            matches!(mode, "table" | "tree") || !screen.offers(Capability::Board);
                        if !hidden && panel(&buf, "Board").is_none() {
                            wrong.push("no Board panel".to_string());
                        }
                        if CUT_SIZES.contains(&size) {
                            for cut in cut_words(&buf, &words) {
                                wrong.push(format!("cut word {cut}"));
                            }
                        }
                    }
                    for wrong in wrong {
                        out.push(format!(
                            "{name} {place} (step {step}) {mode} {}x{}: {wrong}",
                            size.0, size.1
                        ));
                    }
                }
                if let Some(action) = action {
                    screen.act(action);
                    if action == Action::Predict {
                        screen.act(Action::Cancel);
                    }
                }
            }
        }
    }
    report("every variant", out);
}
