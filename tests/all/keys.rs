//! Every key of every key table, pressed. The bindings the tests expect are
//! written out here from the README's key lists (an oracle independent of
//! the tables): each key must look up its row's action, every key of a
//! table must be on the list, and pressing the key on a real screen must do
//! what the help says the action does. So `S` bound to "next solution" (or
//! "next solution" doing what "previous solution" does) fails.

use std::fmt::Debug;
use std::time::Duration;

use crate::apps::{colour, queens};
use backstep::search::queens::{Queens, QueensOptions};
use backstep::search::{EventKind, SearchEvent};
use backstep::ui::app::{App, Panel, SPEEDS};
use backstep::ui::compare::{Compare, Focus};
use backstep::ui::keys::{self, Action, Binding, COMPARE_KEYS, CompareAction, KEYS, ScreenAction};
use backstep::ui::render;
use backstep::ui::scene::Scene;
use backstep::view::queens::play::{PLAY_KEYS, Play, PlayAction};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use KeyCode::{
    BackTab, Backspace, Char, End, Enter, Esc, Home, Left, PageDown, PageUp, Right, Tab,
};

/// The main screen's keys, from the README's key table (`=` and `_` are
/// `+` and `-` without shift; `home` and `end` go with `g` and `G`).
const MAIN: &[(KeyCode, Action)] = &[
    (Right, Action::Step),
    (Char('l'), Action::Step),
    (Char(' '), Action::Step),
    (Left, Action::Back),
    (Char('h'), Action::Back),
    (Backspace, Action::Back),
    (Enter, Action::Run),
    (Char('+'), Action::Faster),
    (Char('='), Action::Faster),
    (Char('-'), Action::Slower),
    (Char('_'), Action::Slower),
    (Char('n'), Action::NextNode),
    (Char('N'), Action::PrevNode),
    (Char('s'), Action::NextSolution),
    (Char('S'), Action::PrevSolution),
    (Char('d'), Action::NextDeadEnd),
    (Char('D'), Action::PrevDeadEnd),
    (Char('g'), Action::Start),
    (Home, Action::Start),
    (Char('G'), Action::End),
    (End, Action::End),
    (Char(':'), Action::Jump),
    (Char('m'), Action::Mark),
    (Char('\''), Action::Marks),
    (Char('f'), Action::Fold),
    (Char('t'), Action::Table),
    (Char('c'), Action::Code),
    (Char('T'), Action::Tree),
    (Char('e'), Action::Probe),
    (Char('j'), Action::ScrollDown),
    (Char('k'), Action::ScrollUp),
    (PageDown, Action::PageDown),
    (PageUp, Action::PageUp),
    (Char('p'), Action::Predict),
    (Char('?'), Action::Help),
    (Esc, Action::Cancel),
    (Char('q'), Action::Quit),
];

/// The keys the main screen and compare do not share: the panels, predict
/// mode and scrolling have no room on compare.
fn main_only(action: Action) -> bool {
    matches!(
        action,
        Action::Table
            | Action::Code
            | Action::Tree
            | Action::Probe
            | Action::Predict
            | Action::ScrollDown
            | Action::ScrollUp
            | Action::PageDown
            | Action::PageUp
            | Action::Mark
            | Action::Marks
    )
}

/// The compare screen's keys: `tab` (and shift-tab) move the focus, the
/// rest are the main screen's.
fn compare_list() -> Vec<(KeyCode, CompareAction)> {
    let mut list = vec![(Tab, CompareAction::Focus), (BackTab, CompareAction::Focus)];
    list.extend(
        MAIN.iter()
            .filter(|(_, a)| !main_only(*a))
            .map(|&(code, action)| (code, CompareAction::Side(action))),
    );
    list
}

/// The play screen's keys, from the README's play section.
const PLAY: &[(KeyCode, PlayAction)] = &[
    (Left, PlayAction::Left),
    (Char('h'), PlayAction::Left),
    (Right, PlayAction::Right),
    (Char('l'), PlayAction::Right),
    (Home, PlayAction::First),
    (End, PlayAction::Last),
    (Enter, PlayAction::Place),
    (Char(' '), PlayAction::Place),
    (Char('u'), PlayAction::Undo),
    (Backspace, PlayAction::Undo),
    (Char('?'), PlayAction::Help),
    (Esc, PlayAction::Cancel),
    (Char('q'), PlayAction::Quit),
];

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

/// Every code of every row looks up the row's action; no code is bound
/// twice; the table binds exactly the keys of `expected`, each to the
/// expected action; Ctrl-C quits and no other Ctrl key does anything.
fn table_agrees<A: ScreenAction + Debug>(
    screen: &str,
    table: &'static [Binding<A>],
    expected: &[(KeyCode, A)],
) {
    let mut seen = Vec::new();
    for row in table {
        assert!(
            !row.codes.is_empty(),
            "{screen}: {:?} has no key",
            row.action
        );
        for &code in row.codes {
            assert!(!seen.contains(&code), "{screen}: {code:?} bound twice");
            seen.push(code);
            assert_eq!(
                keys::lookup(table, key(code)),
                Some(row.action),
                "{screen}: {code:?}"
            );
            let want = expected.iter().find(|(c, _)| *c == code);
            assert_eq!(
                want.map(|(_, a)| *a),
                Some(row.action),
                "{screen}: {code:?} ({:?}) is bound to {:?}",
                row.keys,
                row.action
            );
        }
    }
    for (code, action) in expected {
        assert_eq!(
            keys::lookup(table, key(*code)),
            Some(*action),
            "{screen}: {code:?} must ask for {action:?}"
        );
    }
    let ctrl = |c| KeyEvent::new(Char(c), KeyModifiers::CONTROL);
    assert_eq!(keys::lookup(table, ctrl('c')), Some(A::QUIT), "{screen}");
    assert_eq!(keys::lookup(table, ctrl('s')), None, "{screen}");
    // `?` opens the help on every screen.
    assert_eq!(
        keys::lookup(table, key(Char('?'))),
        Some(A::HELP),
        "{screen}"
    );
}

#[test]
fn every_key_of_every_table_asks_for_the_documented_action() {
    table_agrees("main", KEYS, MAIN);
    table_agrees("compare", COMPARE_KEYS, &compare_list());
    table_agrees("play", PLAY_KEYS, PLAY);
}

/// Each table's help names every row that has a sentence, and its bar
/// shows help and quit.
#[test]
fn every_table_has_help_and_quit_in_its_bar() {
    fn check<A: ScreenAction>(table: &'static [Binding<A>]) {
        let bar: Vec<A> = keys::bar_of(table).map(|b| b.action).collect();
        assert!(bar.contains(&A::HELP) && bar.contains(&A::QUIT));
        assert!(keys::help_of(table).any(|b| b.action == A::HELP));
    }
    check(KEYS);
    check(COMPARE_KEYS);
    check(PLAY_KEYS);
}

/// The kinds of the events of 6-Queens with rejects, no symmetry, from an
/// independent run of the engine: `kinds[i]` is the event of step `i + 1`.
fn kinds() -> Vec<EventKind> {
    Queens::new(options()).map(|e| e.kind()).collect()
}

fn options() -> QueensOptions {
    QueensOptions {
        n: 6,
        symmetry: false,
        rejects: true,
    }
}

/// The first step after `from` whose event is `kind`.
fn next(kinds: &[EventKind], from: u64, kind: EventKind) -> u64 {
    (from + 1..=kinds.len() as u64)
        .find(|&s| kinds[s as usize - 1] == kind)
        .expect("one after")
}

/// The last step before `from` whose event is `kind`.
fn prev(kinds: &[EventKind], from: u64, kind: EventKind) -> u64 {
    (1..from)
        .rev()
        .find(|&s| kinds[s as usize - 1] == kind)
        .expect("one before")
}

/// Finishes the job the last key started, as the event loop would.
fn settle<S: Scene>(app: &mut App<S>) {
    for _ in 0..100_000 {
        if app.pending.is_none() {
            return;
        }
        app.tick(Duration::ZERO);
    }
    panic!("the job never finished");
}

fn press<S: Scene>(app: &mut App<S>, code: KeyCode) {
    app.on_key(key(code));
    settle(app);
}

/// Jumps to `step` by keys: `:`, the digits, enter.
fn jump<S: Scene>(app: &mut App<S>, step: u64) {
    press(app, Char(':'));
    for digit in step.to_string().chars() {
        press(app, Char(digit));
    }
    press(app, Enter);
}

fn draw<S: Scene>(app: &App<S>) {
    let mut terminal = Terminal::new(TestBackend::new(100, 30)).expect("a test terminal");
    terminal
        .draw(|frame| render::draw(app, frame))
        .expect("a frame");
}

/// A step between the first two solutions, with nodes, dead ends and
/// rejects on both sides.
fn middle(kinds: &[EventKind]) -> u64 {
    let first = next(kinds, 0, EventKind::Solution);
    let second = next(kinds, first, EventKind::Solution);
    (first + second) / 2
}

/// Presses `code` on a main screen at [`middle`] and checks that it did
/// what the help says `action` does, against the independent event list.
fn main_key_does(code: KeyCode, action: Action, kinds: &[EventKind]) {
    let m = middle(kinds);
    let end = kinds.len() as u64;
    let mut app = queens(6, false, colour());
    jump(&mut app, m);
    assert_eq!(app.timeline.step(), m);
    let what = format!("{code:?} ({action:?})");
    let step_after = |app: &mut App<Queens>, code| {
        press(app, code);
        app.timeline.step()
    };
    match action {
        Action::Step => assert_eq!(step_after(&mut app, code), m + 1, "{what}"),
        Action::Back => assert_eq!(step_after(&mut app, code), m - 1, "{what}"),
        Action::Run => {
            press(&mut app, code);
            assert!(app.running, "{what} runs");
            app.tick(Duration::from_secs(1));
            assert!(app.timeline.step() > m, "{what}: a run moves forward");
            press(&mut app, code);
            assert!(!app.running, "{what} again pauses");
        }
        Action::Faster => {
            app.speed = 3;
            press(&mut app, code);
            assert_eq!(app.speed, 4, "{what}");
            assert!(SPEEDS[4] > SPEEDS[3]);
        }
        Action::Slower => {
            app.speed = 3;
            press(&mut app, code);
            assert_eq!(app.speed, 2, "{what}");
        }
        Action::NextNode => {
            assert_eq!(
                step_after(&mut app, code),
                next(kinds, m, EventKind::Place),
                "{what}"
            )
        }
        Action::PrevNode => {
            assert_eq!(
                step_after(&mut app, code),
                prev(kinds, m, EventKind::Place),
                "{what}"
            )
        }
        Action::NextSolution => assert_eq!(
            step_after(&mut app, code),
            next(kinds, m, EventKind::Solution),
            "{what}"
        ),
        Action::PrevSolution => assert_eq!(
            step_after(&mut app, code),
            prev(kinds, m, EventKind::Solution),
            "{what}"
        ),
        Action::NextDeadEnd => assert_eq!(
            step_after(&mut app, code),
            next(kinds, m, EventKind::DeadEnd),
            "{what}"
        ),
        Action::PrevDeadEnd => assert_eq!(
            step_after(&mut app, code),
            prev(kinds, m, EventKind::DeadEnd),
            "{what}"
        ),
        Action::Start => assert_eq!(step_after(&mut app, code), 0, "{what}"),
        Action::End => {
            assert_eq!(step_after(&mut app, code), end, "{what}");
            assert!(app.timeline.at_end());
        }
        Action::Jump => {
            press(&mut app, code);
            assert_eq!(app.prompt.as_deref(), Some(""), "{what} asks for a step");
            for digit in "17".chars() {
                press(&mut app, Char(digit));
            }
            assert_eq!(step_after(&mut app, Enter), 17, "{what}");
        }
        Action::Mark => {
            press(&mut app, code);
            assert_eq!(app.bookmarks.marks()[0].step, m, "{what} marks the step");
            press(&mut app, Char('g'));
            press(&mut app, Char('\''));
            assert!(app.bookmarks.open, "' lists the marks");
            assert_eq!(step_after(&mut app, Char('1')), m, "{what}, then ' 1");
        }
        Action::Marks => {
            press(&mut app, code);
            assert!(!app.bookmarks.open, "{what} with no marks lists none");
            press(&mut app, Char('m'));
            press(&mut app, Char('G'));
            press(&mut app, code);
            assert!(app.bookmarks.open, "{what} lists the marks");
            assert_eq!(step_after(&mut app, Char('1')), m, "{what} then 1 jumps");
            assert!(!app.bookmarks.open, "the list closes after a jump");
        }
        Action::Fold => {
            press(&mut app, code);
            assert!(app.fold, "{what} folds");
            // A step now goes over the rejects to the next other event.
            let to = (m + 1..=end)
                .find(|&s| kinds[s as usize - 1] != EventKind::Reject)
                .expect("an event after");
            assert_eq!(step_after(&mut app, Right), to, "{what}");
            press(&mut app, code);
            assert!(!app.fold, "{what} again unfolds");
        }
        Action::Table | Action::Code | Action::Tree | Action::Probe => {
            let panel = match action {
                Action::Table => Panel::Table,
                Action::Code => Panel::Code,
                Action::Probe => Panel::Probe,
                _ => Panel::Tree,
            };
            press(&mut app, code);
            assert_eq!(app.panel, panel, "{what}");
            press(&mut app, code);
            assert_eq!(app.panel, Panel::Events, "{what} again: the event log");
        }
        Action::ScrollDown | Action::ScrollUp | Action::PageDown | Action::PageUp => {
            // The whole trace table, scrolled to line 3 of it.
            press(&mut app, Char('G'));
            press(&mut app, Char('t'));
            app.scroll = Some(3);
            draw(&app);
            press(&mut app, code);
            let at = app.scroll.expect("scrolled");
            match action {
                Action::ScrollDown => assert_eq!(at, 4, "{what}"),
                Action::ScrollUp => assert_eq!(at, 2, "{what}"),
                Action::PageUp => assert_eq!(at, 0, "{what}"),
                _ => {
                    assert!(at > 4, "{what}: a page is more than a line");
                    draw(&app);
                    press(&mut app, PageUp);
                    assert_eq!(app.scroll, Some(3), "{what}, then a page back");
                }
            }
        }
        Action::Predict => {
            press(&mut app, code);
            assert!(app.predict.is_some(), "{what} turns predict mode on");
            press(&mut app, Esc);
            press(&mut app, code);
            assert!(app.predict.is_none(), "{what} again turns it off");
        }
        Action::Help => {
            press(&mut app, code);
            assert!(app.help, "{what} opens the help");
            press(&mut app, code);
            assert!(!app.help, "{what} again closes it");
        }
        Action::Cancel => {
            press(&mut app, Enter);
            assert!(app.running);
            press(&mut app, code);
            assert!(!app.running && !app.quit, "{what} stops the run");
            assert_eq!(app.timeline.step(), m, "{what}: nothing moved");
            press(&mut app, code);
            assert!(!app.quit, "{what} never quits");
        }
        Action::Quit => {
            press(&mut app, code);
            assert!(app.quit, "{what}");
        }
    }
}

#[test]
fn every_main_screen_key_does_what_its_help_says() {
    let kinds = kinds();
    for row in KEYS {
        for &code in row.codes {
            main_key_does(code, row.action, &kinds);
        }
    }
    // The README's list, pressed as well: a key moved to another row is
    // checked against the action the README gives it.
    for &(code, action) in MAIN {
        main_key_does(code, action, &kinds);
    }
}

/// The compare screen on 6-Queens: the left side with symmetry, the right
/// without.
fn compare() -> Compare {
    Compare::new(
        queens(6, true, colour()),
        queens(6, false, colour()),
        ["symmetry".into(), "full".into()],
    )
}

fn settle_compare(c: &mut Compare) {
    for _ in 0..100_000 {
        if !c.busy() || left(c).running || right(c).running {
            return;
        }
        c.tick(Duration::ZERO);
    }
    panic!("the job never finished");
}

/// The left side of a compare screen on 6-Queens.
fn left(c: &Compare) -> &App<Queens> {
    c.app(0)
}

/// The right side of a compare screen on 6-Queens.
fn right(c: &Compare) -> &App<Queens> {
    c.app(1)
}

/// Where each side stands: its step, and what is open on it.
fn state(app: &App<Queens>) -> (u64, bool, bool, usize, Option<String>) {
    (
        app.timeline.step(),
        app.running,
        app.fold,
        app.speed,
        app.prompt.clone(),
    )
}

/// Presses `code` on compare with the focus on the left side, and checks
/// the left side against a main screen given the same key (the right side
/// stays put); in lockstep, a step and a step back are a node on each side.
fn compare_key_does(code: KeyCode, action: CompareAction) {
    let mut c = compare();
    let mut solo = queens(6, true, colour());
    for side in 0..2 {
        let app = c.app_mut::<Queens>(side);
        press(app, Char('s'));
        press(app, Char('d'));
    }
    press(&mut solo, Char('s'));
    press(&mut solo, Char('d'));
    let what = format!("compare {code:?} ({action:?})");
    let stays = state(right(&c));
    match action {
        CompareAction::Focus => {
            let mut seen = vec![c.focus];
            for _ in 0..3 {
                c.on_key(key(code));
                seen.push(c.focus);
            }
            assert_eq!(
                seen,
                [Focus::All, Focus::One(0), Focus::One(1), Focus::All],
                "{what}"
            );
        }
        CompareAction::Side(Action::Help) => {
            c.on_key(key(code));
            assert!(c.help, "{what} opens the help");
            c.on_key(key(code));
            assert!(!c.help, "{what} again closes it");
        }
        CompareAction::Side(Action::Quit) => {
            c.on_key(key(code));
            assert!(c.quit, "{what}");
        }
        CompareAction::Side(Action::Cancel) => {
            c.on_key(key(Enter));
            assert!(left(&c).running && right(&c).running);
            c.on_key(key(code));
            assert!(!c.busy() && !c.quit, "{what} stops both runs");
            c.on_key(key(code));
            assert!(!c.quit, "{what} never quits");
        }
        CompareAction::Side(side @ (Action::Step | Action::Back)) => {
            // In lockstep: a node on each side.
            let node = |app: &mut App<Queens>| {
                let key = if side == Action::Step { 'n' } else { 'N' };
                press(app, Char(key));
                app.timeline.step()
            };
            let mut solo_left = queens(6, true, colour());
            let mut solo_right = queens(6, false, colour());
            for app in [&mut solo_left, &mut solo_right] {
                press(app, Char('s'));
                press(app, Char('d'));
            }
            c.on_key(key(code));
            settle_compare(&mut c);
            let steps = (left(&c).timeline.step(), right(&c).timeline.step());
            assert_eq!(steps.0, node(&mut solo_left), "{what} left");
            assert_eq!(steps.1, node(&mut solo_right), "{what} right");
            // Focused on one side: one event on that side alone.
            c.on_key(key(Tab));
            let before = state(right(&c));
            press(&mut solo_left, code);
            c.on_key(key(code));
            settle_compare(&mut c);
            assert_eq!(
                state(left(&c)),
                state(&solo_left),
                "{what} on the left alone"
            );
            assert_eq!(state(right(&c)), before, "{what}: the right stays");
        }
        CompareAction::Side(side) => {
            assert!(!main_only(side), "{what} is not on compare");
            c.on_key(key(Tab));
            assert_eq!(c.focus, Focus::One(0));
            c.on_key(key(code));
            settle_compare(&mut c);
            press(&mut solo, code);
            if side == Action::Jump {
                // The prompt takes the digits and enter on the side in focus.
                for k in [Char('4'), Char('2'), Enter] {
                    c.on_key(key(k));
                    settle_compare(&mut c);
                    press(&mut solo, k);
                }
                assert_eq!(left(&c).timeline.step(), 42, "{what}");
            }
            assert_eq!(state(left(&c)), state(&solo), "{what} on the left");
            assert_eq!(state(right(&c)), stays, "{what}: the right stays");
        }
    }
}

#[test]
fn every_compare_key_does_what_its_help_says() {
    for row in COMPARE_KEYS {
        for &code in row.codes {
            compare_key_does(code, row.action);
        }
    }
    for (code, action) in compare_list() {
        compare_key_does(code, action);
    }
}

/// The panels, predict mode and scrolling keys do nothing on compare.
#[test]
fn main_only_keys_do_nothing_on_compare() {
    for &(code, action) in MAIN.iter().filter(|(_, a)| main_only(*a)) {
        let mut c = compare();
        c.on_key(key(code));
        assert_eq!(keys::lookup(COMPARE_KEYS, key(code)), None, "{action:?}");
        for app in [left(&c), right(&c)] {
            assert_eq!(app.panel, Panel::Events, "{code:?}");
            assert!(app.predict.is_none() && app.scroll.is_none(), "{code:?}");
        }
    }
}

/// Presses `code` on a 6x6 play board with queens at (0,1) and (1,3), the
/// cursor on column 2, and checks what the help says `action` does.
fn play_key_does(code: KeyCode, action: PlayAction) {
    let mut play = Play::new(6, colour());
    for col in [1, 3] {
        while play.cursor() != col {
            play.on_key(key(Right));
        }
        play.on_key(key(Enter));
    }
    assert_eq!(play.queens(), [1, 3]);
    let place = |play: &mut Play, col: u8| {
        while play.cursor() > col {
            play.on_key(key(Left));
        }
        while play.cursor() < col {
            play.on_key(key(Right));
        }
    };
    place(&mut play, 2);
    let what = format!("play {code:?} ({action:?})");
    match action {
        PlayAction::Left => {
            play.on_key(key(code));
            assert_eq!(play.cursor(), 1, "{what}");
        }
        PlayAction::Right => {
            play.on_key(key(code));
            assert_eq!(play.cursor(), 3, "{what}");
        }
        PlayAction::First => {
            play.on_key(key(code));
            assert_eq!(play.cursor(), 0, "{what}");
        }
        PlayAction::Last => {
            play.on_key(key(code));
            assert_eq!(play.cursor(), 5, "{what}");
        }
        PlayAction::Place => {
            // Row 2: column 5 is legal under (0,1) and (1,3).
            place(&mut play, 5);
            play.on_key(key(code));
            assert_eq!(play.queens(), [1, 3, 5], "{what}");
        }
        PlayAction::Undo => {
            play.on_key(key(code));
            assert_eq!(play.queens(), [1], "{what}");
        }
        PlayAction::Help => {
            play.on_key(key(code));
            assert!(play.help, "{what} opens the help");
            play.on_key(key(code));
            assert!(!play.help, "{what} again closes it");
        }
        PlayAction::Cancel => {
            play.on_key(key(Char('?')));
            play.on_key(key(code));
            assert!(!play.help && !play.quit, "{what} closes the help");
            play.on_key(key(code));
            assert!(!play.quit, "{what} never quits");
            assert_eq!(play.queens(), [1, 3], "{what} changes nothing");
        }
        PlayAction::Quit => {
            play.on_key(key(code));
            assert!(play.quit, "{what}");
        }
    }
}

#[test]
fn every_play_key_does_what_its_help_says() {
    for row in PLAY_KEYS {
        for &code in row.codes {
            play_key_does(code, row.action);
        }
    }
    for &(code, action) in PLAY {
        play_key_does(code, action);
    }
}
