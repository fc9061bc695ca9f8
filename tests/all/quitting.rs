//! How the screens are left: `q` and Ctrl-C quit, Ctrl-C from every state
//! (prompts and predict questions included); `Esc` cancels a prompt, a run,
//! a jump, the help or a panel, and otherwise does nothing.

use std::time::Duration;

use backstep::search::queens::{Queens, QueensOptions};
use backstep::ui::app::{App, Panel};
use backstep::ui::compare::Compare;
use backstep::ui::keys::Action;
use backstep::view::queens::play::Play;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::apps::{colour, queens};

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn ctrl_c() -> KeyEvent {
    KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)
}

fn esc() -> KeyEvent {
    key(KeyCode::Esc)
}

/// An app at step 3 of 8-Queens (no symmetry), nothing open.
fn at_step_3() -> App<Queens> {
    let mut app = queens(8, false, colour());
    for _ in 0..3 {
        app.on_key(key(KeyCode::Char('l')));
    }
    assert_eq!(app.timeline.step(), 3);
    app
}

/// A search long enough that `G` is still working after its first slice.
fn long() -> App<Queens> {
    let search = Queens::new(QueensOptions {
        n: 14,
        symmetry: false,
        rejects: true,
    });
    App::new(search, "queens", colour())
}

/// The states a user can be in when pressing a key, each set up by keys.
fn states() -> Vec<(&'static str, App<Queens>)> {
    let mut states = Vec::new();
    states.push(("nothing open", at_step_3()));
    let mut app = at_step_3();
    app.on_key(key(KeyCode::Char(':')));
    app.on_key(key(KeyCode::Char('4')));
    assert!(app.prompt.is_some());
    states.push(("the jump prompt", app));
    let mut app = at_step_3();
    app.on_key(key(KeyCode::Char('?')));
    assert!(app.help);
    states.push(("the help", app));
    let mut app = at_step_3();
    app.on_key(key(KeyCode::Char('t')));
    assert_eq!(app.panel, Panel::Table);
    states.push(("the table panel", app));
    let mut app = at_step_3();
    app.on_key(key(KeyCode::Enter));
    assert!(app.running);
    states.push(("a run", app));
    let mut app = long();
    app.on_key(key(KeyCode::Char('G')));
    assert!(
        app.pending.is_some(),
        "G on 14-Queens takes more than a slice"
    );
    states.push(("a job", app));
    let mut app = queens(4, true, colour());
    app.on_key(key(KeyCode::Char('p')));
    assert!(app.answering(), "predict mode asks at once");
    states.push(("a predict question", app));
    let mut app = queens(4, true, colour());
    app.on_key(key(KeyCode::Char('p')));
    app.on_key(key(KeyCode::Char('2')));
    assert!(app.predict.as_ref().is_some_and(|p| p.input == "2"));
    states.push(("a predict answer being typed", app));
    states
}

#[test]
fn ctrl_c_and_q_quit_from_every_state() {
    for (state, mut app) in states() {
        app.on_key(ctrl_c());
        assert!(app.quit, "ctrl-c did not quit from {state}");
    }
    // `q` quits wherever it is not part of an answer or a prompt.
    for (state, mut app) in states() {
        if app.prompt.is_some() || app.answering() {
            continue;
        }
        app.on_key(key(KeyCode::Char('q')));
        assert!(app.quit, "q did not quit from {state}");
    }
}

#[test]
fn esc_cancels_what_is_open_and_never_quits() {
    for (state, mut app) in states() {
        let step = app.timeline.step();
        app.on_key(esc());
        assert!(!app.quit, "esc quit from {state}");
        assert!(app.prompt.is_none(), "esc left the prompt open ({state})");
        assert!(!app.help, "esc left the help open ({state})");
        assert_eq!(app.panel, Panel::Events, "esc left the panel ({state})");
        assert!(!app.running, "esc left the run going ({state})");
        assert!(app.pending.is_none(), "esc left the job going ({state})");
        if state != "a job" && state != "a run" {
            assert_eq!(app.timeline.step(), step, "esc moved ({state})");
        }
        // A second esc, with nothing left to cancel, changes nothing.
        let step = app.timeline.step();
        app.on_key(esc());
        assert!(!app.quit, "a second esc quit from {state}");
        assert_eq!(app.timeline.step(), step);
    }
    // The typed answer is cleared, the question stays.
    let mut app = queens(4, true, colour());
    app.on_key(key(KeyCode::Char('p')));
    app.on_key(key(KeyCode::Char('2')));
    app.on_key(esc());
    assert!(app.answering());
    assert_eq!(app.predict.as_ref().map(|p| p.input.as_str()), Some(""));
}

#[test]
fn the_key_bar_and_help_say_what_esc_does() {
    use backstep::ui::keys;
    let esc = keys::KEYS
        .iter()
        .find(|b| b.action == Action::Cancel)
        .expect("esc has a row in the key table");
    assert!(esc.keys.contains(&"esc") && !esc.short.is_empty());
    assert!(esc.help.contains("never quits"));
    let quit = keys::KEYS.iter().find(|b| b.action == Action::Quit);
    assert!(quit.is_some_and(|b| !b.keys.contains(&"esc") && b.keys.contains(&"^c")));
}

fn compare() -> Compare {
    let side = |symmetry| {
        let search = Queens::new(QueensOptions {
            n: 14,
            symmetry,
            rejects: true,
        });
        App::new(search, "queens", colour())
    };
    Compare::new(side(true), side(false), ["symmetry".into(), "full".into()])
}

#[test]
fn compare_esc_cancels_and_never_quits_ctrl_c_quits() {
    let mut c = compare();
    c.on_key(esc());
    assert!(!c.quit, "esc quit the compare screen");
    c.on_key(key(KeyCode::Char('G')));
    assert!(c.busy());
    c.on_key(esc());
    assert!(!c.quit && !c.busy(), "esc cancels both sides' jobs");
    c.on_key(key(KeyCode::Char('G')));
    c.tick(Duration::from_millis(1));
    c.on_key(ctrl_c());
    assert!(c.quit, "ctrl-c quits while both sides work");
    let mut c = compare();
    c.on_key(key(KeyCode::Char('q')));
    assert!(c.quit);
}

#[test]
fn play_ctrl_c_quits_from_the_help() {
    let mut play = Play::new(6, colour());
    play.on_key(key(KeyCode::Char('?')));
    assert!(play.help);
    play.on_key(ctrl_c());
    assert!(play.quit);
}

#[test]
fn play_esc_closes_the_help_and_never_quits() {
    let mut play = Play::new(6, colour());
    play.on_key(key(KeyCode::Char('?')));
    assert!(play.help);
    play.on_key(key(KeyCode::Esc));
    assert!(!play.help && !play.quit, "esc closes the help");
    play.on_key(key(KeyCode::Esc));
    assert!(!play.quit, "esc with nothing open does not quit");
    play.on_key(key(KeyCode::Char('q')));
    assert!(play.quit);
}
