//! The maze and colouring screens: snapshots at 100x30, the layout checks
//! (80x24 holds them, the moves/deciding panel never outgrows its extent,
//! `--ascii` draws ASCII only, NO_COLOR draws no colour), and predict mode
//! (the question's answer is the event the search yields next).

use std::time::Duration;

use backstep::input;
use backstep::search::Search;
use backstep::search::colour::{Colour, ColourEvent, ColourOptions};
use backstep::search::maze::{Maze, MazeEvent};
use backstep::ui::app::App;
use backstep::ui::keys::Action;
use backstep::ui::predict::{Answer, Ask, peek};
use backstep::ui::render;
use backstep::ui::scene::{Scene, extent};
use backstep::ui::theme::Theme;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::Color;

const WIDE: (u16, u16) = (100, 30);
const SMALL: (u16, u16) = (80, 24);

fn maze(rows: &str, theme: Theme) -> App<Maze> {
    let grid = input::maze::parse_list(rows).expect("a valid maze");
    App::new(Maze::new(&grid, true), "grid", theme)
}

fn colour(name: &str, m: u8, all: bool, theme: Theme) -> App<Colour> {
    let graph = input::colour::load_graph(name).expect("a shipped graph");
    let options = ColourOptions {
        m,
        all,
        rejects: true,
    };
    App::new(Colour::new(&graph.value, options), &graph.name, theme)
}

fn act<S: Scene>(app: &mut App<S>, action: Action) {
    app.act(action);
    for _ in 0..100_000 {
        if app.pending.is_none() {
            return;
        }
        app.tick(Duration::ZERO);
    }
    panic!("the job never finished");
}

fn draw<S: Scene>(app: &App<S>, (width, height): (u16, u16)) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|frame| render::draw(app, frame))
        .expect("drawing into a TestBackend");
    terminal.backend().buffer().clone()
}

fn text(buf: &Buffer) -> String {
    let width = buf.area.width as usize;
    let symbols: Vec<&str> = buf.content.iter().map(|c| c.symbol()).collect();
    symbols
        .chunks(width)
        .map(|row| row.concat().trim_end().to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

fn steps<S: Scene>(app: &mut App<S>, n: usize) {
    for _ in 0..n {
        act(app, Action::Step);
    }
}

#[test]
fn maze_mid_search() {
    let mut app = maze(input::maze::DEFAULT, Theme::new(true, false));
    steps(&mut app, 7);
    let screen = text(&draw(&app, WIDE));
    // The move just refused, the path so far with its arrows, the cell
    // being decided.
    assert!(screen.contains("reject L to (3,0): a wall"), "{screen}");
    assert!(screen.contains("(3,1), deciding"), "{screen}");
    assert!(screen.contains("(3,0) wall: refused"), "{screen}");
    assert!(
        screen.contains("(2,1) on the path (visited): refused"),
        "{screen}"
    );
    assert!(screen.contains("[↓]"), "{screen}");
    assert!(screen.contains("path      DDRD"), "{screen}");
    insta::assert_snapshot!("maze_default_step7", screen);
}

#[test]
fn maze_after_both_paths_lists_them() {
    let mut app = maze(input::maze::DEFAULT, Theme::new(true, false));
    act(&mut app, Action::NextSolution);
    act(&mut app, Action::NextSolution);
    let screen = text(&draw(&app, WIDE));
    assert!(screen.contains("2 paths"), "{screen}");
    assert!(screen.contains("DDRDRR DRDDRR"), "{screen}");
    insta::assert_snapshot!("maze_default_second_path", screen);
}

#[test]
fn colouring_at_a_dead_end() {
    let mut app = colour("seed", 2, false, Theme::new(true, false));
    act(&mut app, Action::NextDeadEnd);
    let screen = text(&draw(&app, WIDE));
    assert!(screen.contains("used 11 → legal 00"), "{screen}");
    assert!(screen.contains("[3:-]"), "{screen}");
    for label in ["0:1", "1:2", "2:2"] {
        assert!(screen.contains(label), "{label}: {screen}");
    }
    assert!(
        screen.contains("dead end: no colour left for 3"),
        "{screen}"
    );
    insta::assert_snapshot!("colour_seed_m2_dead_end", screen);
}

#[test]
fn colouring_petersen_solution() {
    let mut app = colour("petersen", 3, false, Theme::new(true, false));
    act(&mut app, Action::NextSolution);
    let screen = text(&draw(&app, WIDE));
    assert!(screen.contains("[1,2,1,2,3,2,1,3,3,2]"), "{screen}");
    insta::assert_snapshot!("colour_petersen_solution", screen);
}

/// Every screen of these fits 80x24, and is drawn there whole (no
/// "too small" message).
#[test]
fn fit_80x24() {
    let theme = Theme::new(true, false);
    let sizes = [
        render::min_size(&maze(input::maze::DEFAULT, theme)),
        render::min_size(&maze("11111111,11111111,11111111,11111111", theme)),
        render::min_size(&colour("seed", 3, false, theme)),
        render::min_size(&colour("petersen", 3, true, theme)),
        render::min_size(&colour("myciel3", 4, false, theme)),
    ];
    for (w, h) in sizes {
        assert!(w <= SMALL.0 && h <= SMALL.1, "{w}x{h}");
    }
    let mut app = maze(input::maze::DEFAULT, theme);
    steps(&mut app, 7);
    let screen = text(&draw(&app, SMALL));
    assert!(screen.contains("(3,1), deciding"), "{screen}");
    let mut app = colour("myciel3", 3, false, theme);
    act(&mut app, Action::NextDeadEnd);
    let screen = text(&draw(&app, SMALL));
    assert!(screen.contains("legal "), "{screen}");
}

fn extent_holds<S: Scene>(app: &mut App<S>, limit_steps: u64) {
    let theme = app.theme;
    let limit = app.timeline.search().masks_extent(&theme);
    for _ in 0..limit_steps {
        let search = app.timeline.search();
        let lines = search.masks(app.timeline.last_event(), &theme);
        let (w, h) = extent(&lines);
        assert!(
            w <= limit.0 && h <= limit.1,
            "step {}: {w}x{h} past {limit:?}: {lines:?}",
            app.timeline.step()
        );
        if !app.timeline.forward() {
            break;
        }
    }
}

#[test]
fn panels_never_outgrow_their_extent() {
    let theme = Theme::new(true, false);
    extent_holds(&mut maze(input::maze::DEFAULT, theme), u64::MAX);
    extent_holds(&mut maze("1111,1111,1111,1111", theme), 5_000);
    extent_holds(&mut maze("1111111111111111", theme), u64::MAX);
    extent_holds(&mut colour("seed", 3, true, theme), u64::MAX);
    extent_holds(&mut colour("petersen", 3, true, theme), 5_000);
    extent_holds(&mut colour("myciel3", 4, false, theme), 5_000);
}

#[test]
fn ascii_and_no_color() {
    let ascii = Theme::new(true, true);
    let mono = Theme::new(false, false);
    let mut screens = Vec::new();
    for theme in [ascii, mono] {
        let mut m = maze(input::maze::DEFAULT, theme);
        steps(&mut m, 7);
        screens.push(draw(&m, WIDE));
        let mut c = colour("seed", 2, false, theme);
        act(&mut c, Action::NextDeadEnd);
        screens.push(draw(&c, WIDE));
    }
    for buf in &screens[..2] {
        let screen = text(buf);
        let stray: String = screen.chars().filter(|c| !c.is_ascii()).collect();
        assert!(stray.is_empty(), "non-ASCII {stray:?}:\n{screen}");
    }
    assert!(text(&screens[0]).contains("###"));
    assert!(text(&screens[1]).contains("used 11 > legal 00"));
    for buf in &screens[2..] {
        for cell in &buf.content {
            assert!(
                cell.fg == Color::Reset && cell.bg == Color::Reset,
                "{:?} has colour {:?} on {:?}",
                cell.symbol(),
                cell.fg,
                cell.bg
            );
        }
    }
}

/// At every step where a question is asked, its answer is what the
/// search does next, and every other answer has a reason.
#[test]
fn predict_answers_are_the_next_event() {
    let grid = input::maze::parse_list("1110,1011,1111,0101").expect("a valid maze");
    let mut search = Maze::new(&grid, true);
    let mut asked = 0;
    while !search.is_finished() {
        if let Some(next) = peek(&search, true)
            && let Some(q) = search.question(&next, None)
        {
            asked += 1;
            match (next, &q.answer) {
                (MazeEvent::Place { mv: Some(mv), .. }, Answer::Name(name)) => {
                    assert_eq!(name.chars().next(), mv.letter().to_lowercase().next());
                }
                (MazeEvent::DeadEnd { .. }, Answer::DeadEnd) => {}
                other => panic!("{other:?}"),
            }
            assert_eq!(q.read(&mv_initial(&q.answer)), Ok(q.answer.clone()));
            assert_eq!(q.wrong.len(), 5);
        }
        search.next();
    }
    assert!(asked > 10);
    let graph = input::colour::load_graph("myciel3").expect("shipped");
    let options = ColourOptions {
        m: 3,
        all: true,
        rejects: true,
    };
    let mut search = Colour::new(&graph.value, options);
    let (mut asked, mut dead) = (0, 0);
    for _ in 0..20_000 {
        if search.is_finished() {
            break;
        }
        if let Some(next) = peek(&search, true)
            && let Some(q) = search.question(&next, None)
        {
            asked += 1;
            match (next, &q.answer) {
                (ColourEvent::Place { colour, .. }, Answer::Number(k)) => {
                    assert_eq!(u32::from(colour), *k);
                    assert!(!q.judge(&Answer::DeadEnd).right);
                }
                (ColourEvent::DeadEnd { .. }, Answer::DeadEnd) => dead += 1,
                other => panic!("{other:?}"),
            }
            assert!(q.why.contains("used "), "{}", q.why);
        }
        search.next();
    }
    assert!(asked > 100 && dead > 10, "{asked} {dead}");
}

/// What a person types for an answer: a move's initial, a number, `x`.
fn mv_initial(answer: &Answer) -> String {
    match answer {
        Answer::Name(name) => name[..1].to_string(),
        Answer::DeadEnd => "x".into(),
        other => other.to_string(),
    }
}
