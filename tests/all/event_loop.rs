//! What the event loop asks of the app: a run flat out or a jump works in
//! slices up to a deadline, stays where it got to between slices, and ends
//! exactly where stepping one event at a time ends.

use std::time::{Duration, Instant};

use backstep::search::Search;
use backstep::search::queens::{Queens, QueensOptions};
use backstep::ui::app::{App, SPEEDS};
use backstep::ui::keys::Action;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::apps::colour;

fn queens8_full() -> App<Queens> {
    let search = Queens::new(QueensOptions {
        n: 8,
        symmetry: false,
        rejects: true,
    });
    App::new(search, "queens", colour())
}

/// The whole stream, stepped one event at a time (the independent oracle).
fn all_events() -> Vec<backstep::search::queens::QueensEvent> {
    let mut search = queens8_full().timeline.search().clone();
    std::iter::from_fn(|| search.next()).collect()
}

#[test]
fn a_run_flat_out_ends_where_stepping_ends_with_the_same_log() {
    let events = all_events();
    let mut app = queens8_full();
    app.speed = SPEEDS.len() - 1;
    app.act(Action::Run);
    assert!(app.working(), "a run flat out is work for the loop");
    let mut ticks = 0;
    while app.running {
        // Deadlines already past: every tick still makes progress.
        app.tick_until(Duration::from_millis(16), Instant::now());
        ticks += 1;
        assert!(ticks < 1_000_000, "the run never ended");
    }
    assert!(!app.working());
    assert_eq!(app.timeline.step(), events.len() as u64);
    assert!(app.timeline.at_end());
    assert_eq!(app.timeline.search().counters().solutions, 92);
    let recent: Vec<_> = app.timeline.recent().map(|told| *told.event()).collect();
    assert_eq!(recent.as_slice(), &events[events.len() - recent.len()..]);
    assert_eq!(app.message.as_deref(), Some("the search is complete"));
}

#[test]
fn a_key_between_slices_is_handled_and_the_run_stays_where_it_got_to() {
    let options = QueensOptions {
        n: 12,
        symmetry: false,
        rejects: true,
    };
    let mut app = App::new(Queens::new(options), "queens", colour());
    app.speed = SPEEDS.len() - 1;
    app.act(Action::Run);
    app.tick_until(Duration::from_millis(16), Instant::now());
    let step = app.timeline.step();
    assert!(step > 0 && !app.timeline.at_end());
    // Pause with `enter`: the run stops at once, on a consistent step.
    app.on_key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
    assert!(!app.running && !app.working());
    assert_eq!(app.timeline.step(), step);
    let mut oracle = Queens::new(options);
    let expected = (0..step).filter_map(|_| oracle.next()).last();
    assert_eq!(app.timeline.last_event(), expected.as_ref());
    assert_eq!(app.timeline.search().counters(), oracle.counters());
}

#[test]
fn a_run_at_a_set_speed_is_not_work_but_ticks() {
    let mut app = queens8_full();
    app.speed = 3; // 10 events per second
    app.act(Action::Run);
    assert!(app.running && !app.working());
    app.tick_until(Duration::from_millis(500), Instant::now());
    assert_eq!(app.timeline.step(), 5, "10 events/s for half a second");
}
