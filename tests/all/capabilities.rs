//! Views as capabilities: a search that gives only its words (`Report`)
//! and an empty `impl Scene` gets the plain screen (path, counters, Events
//! log), no predict key, no algorithm key, no legend in the help, and
//! asking for what it lacks (`--print worksheet`, `--predict`, `--panel
//! code`, the `p` key) is one error naming the search and the capability.
//!
//! The search lacking them is 4-Queens with its own view masked: `Masked`
//! hands on the search and its words and offers nothing else (or, with
//! `ASK`, only predict), so the oracle is the real search, stepped apart.

use std::process::ExitCode;

use backstep::launch::{self, Kind, Launch, SearchView, Solo, View};
use backstep::model::{self, Json, Note, Report, Summary};
use backstep::print::{self, Mode};
use backstep::registry::KINDS;
use backstep::search::queens::{Queens, QueensOptions};
use backstep::search::{Budget, Counters, EventKind, Search, SearchEvent};
use backstep::ui::app::{App, Panel};
use backstep::ui::keys::Action;
use backstep::ui::predict::Ask;
use backstep::ui::scene::{Capability, Scene};
use backstep::ui::still;

use crate::apps::colour;

/// A search and its words, with every optional view of its own left out
/// but predict when `ASK`.
#[derive(Clone)]
struct Masked<S, const ASK: bool = false>(S);

impl<S: Search, const ASK: bool> Iterator for Masked<S, ASK> {
    type Item = S::Event;

    fn next(&mut self) -> Option<S::Event> {
        self.0.next()
    }
}

impl<S: Search, const ASK: bool> Search for Masked<S, ASK> {
    type Event = S::Event;

    fn counters(&self) -> &Counters {
        self.0.counters()
    }

    fn is_finished(&self) -> bool {
        self.0.is_finished()
    }

    fn is_closing(&self) -> bool {
        self.0.is_closing()
    }

    fn skip_subtree(&mut self) {
        self.0.skip_subtree();
    }

    fn budget(&self) -> &Budget {
        self.0.budget()
    }

    fn budget_mut(&mut self) -> &mut Budget {
        self.0.budget_mut()
    }
}

impl<S: Report, const ASK: bool> Report for Masked<S, ASK> {
    fn write_fields(&self, event: &S::Event, json: &mut Json<'_>) {
        self.0.write_fields(event, json);
    }

    fn write_done(&self, json: &mut Json<'_>) {
        self.0.write_done(json);
    }

    fn summary(&self) -> Summary {
        self.0.summary()
    }

    fn write_description(
        &self,
        event: &S::Event,
        found: u64,
        out: &mut String,
    ) -> std::fmt::Result {
        self.0.write_description(event, found, out)
    }

    fn table_header(&self) -> &'static [&'static str] {
        self.0.table_header()
    }

    fn node_cells(&self) -> Vec<model::Cell> {
        self.0.node_cells()
    }

    fn choice(&self, place: &S::Event) -> Option<String> {
        self.0.choice(place)
    }

    fn note(&self, event: &S::Event) -> Note {
        self.0.note(event)
    }
}

/// Nothing but predict, and that only with `ASK`.
impl<S: Scene, const ASK: bool> Scene for Masked<S, ASK> {
    fn ask(&self) -> Option<&dyn Ask<S::Event>> {
        self.0.ask().filter(|_| ASK)
    }
}

fn queens4() -> Queens {
    Queens::new(QueensOptions {
        n: 4,
        symmetry: false,
        rejects: true,
    })
}

fn masked() -> Masked<Queens> {
    Masked(queens4())
}

fn frame<S: Scene>(app: &App<S>) -> String {
    still::text(&still::draw(app, 100, 30).expect("a frame"))
}

fn tall<S: Scene>(app: &App<S>) -> String {
    still::text(&still::draw(app, 120, 60).expect("a frame"))
}

#[test]
fn a_masked_search_offers_nothing_and_queens_offers_everything() {
    for &capability in Capability::ALL {
        assert!(!capability.offered(&masked()), "{capability:?}");
        assert!(capability.offered(&queens4()), "{capability:?}");
    }
    assert!(Capability::Predict.offered(&Masked::<_, true>(queens4())));
    assert!(!Capability::Board.offered(&Masked::<_, true>(queens4())));
}

/// The plain screen at every one of the first 40 steps: no board, no
/// masks; the counters and the path (the labels of the open nodes, kept
/// here by stepping the real search apart) and the Events log, whose
/// newest line is the real search's words for the last event.
#[test]
fn the_plain_screen_shows_the_path_the_counters_and_the_log() {
    let mut real = queens4();
    let mut open: Vec<String> = Vec::new();
    for step in 1..=40u64 {
        let event = real.next().expect("4-Queens has more than 40 events");
        match (event.kind(), real.note(&event)) {
            (EventKind::Place, Note::Placed(placed)) => open.push(placed.choice),
            (EventKind::Undo, _) => drop(open.pop()),
            _ => {}
        }
        let app = App::opened(masked(), "masked", colour(), step, Panel::Events);
        let text = frame(&app);
        assert!(!text.contains("Board") && !text.contains("Masks"), "{text}");
        assert!(text.contains("Events"), "{text}");
        let path_line = text
            .lines()
            .find(|line| line.contains("│path "))
            .unwrap_or_else(|| panic!("step {step}: no path line\n{text}"));
        // Back at the root between subtrees, the path says so.
        let expected = if open.is_empty() {
            "path root".to_string()
        } else {
            format!("path {}", open.join(" "))
        };
        assert!(
            path_line.contains(&expected),
            "step {step}: {path_line:?}, expected {expected:?}"
        );
        let nodes = format!("nodes {}", real.counters().nodes);
        assert!(text.contains(&nodes), "step {step}: {nodes}\n{text}");
        let words = model::told(&real, &event);
        let newest = format!("{step:>8}  {words}");
        assert!(text.contains(&newest), "step {step}: {newest:?}\n{text}");
    }
}

/// The key bar and the help list only what the search offers: queens
/// shows predict, the algorithm panel and its legend; the masked search
/// none of them, and its `p` and `c` keys only say so.
#[test]
fn keys_and_help_leave_out_what_is_not_offered() {
    let mut real = App::new(queens4(), "queens", colour());
    let mut plain = App::new(masked(), "masked", colour());
    let bar = |text: &str| text.lines().last().unwrap_or_default().to_string();
    assert!(bar(&frame(&real)).contains("predict"));
    assert!(bar(&frame(&real)).contains("code"));
    assert!(!bar(&frame(&plain)).contains("predict"));
    assert!(!bar(&frame(&plain)).contains("code"));
    real.act(Action::Help);
    plain.act(Action::Help);
    // Tall enough for the whole help.
    let (real_help, plain_help) = (tall(&real), tall(&plain));
    for words in ["predict mode", "the algorithm's steps", "On the board"] {
        assert!(real_help.contains(words), "{words}\n{real_help}");
        assert!(!plain_help.contains(words), "{words}\n{plain_help}");
    }
    plain.act(Action::Help);
    plain.act(Action::Predict);
    assert!(plain.predict.is_none());
    assert_eq!(
        plain.message.as_deref(),
        Some("this search offers no predict mode")
    );
    plain.act(Action::Code);
    assert_eq!(plain.panel, Panel::Events);
    // Predict alone: the key is back, the algorithm's is not.
    let asking = App::new(Masked::<_, true>(queens4()), "asking", colour());
    assert!(bar(&frame(&asking)).contains("predict"));
    assert!(!bar(&frame(&asking)).contains("code"));
}

/// Asking for what the search lacks is one error naming the search and
/// the capability (`main` exits 2 with it), before anything is printed.
#[test]
fn asking_for_a_missing_capability_is_one_error() {
    let asked = [
        (
            SearchView {
                print: Some(Mode::Worksheet),
                ..SearchView::default()
            },
            "offers no worksheet, so --print worksheet does not apply to it",
        ),
        (
            SearchView {
                predict: true,
                ..SearchView::default()
            },
            "offers no predict mode, so --predict does not apply to it",
        ),
        (
            SearchView {
                print: Some(Mode::Frame),
                panel: Some(Panel::Code),
                ..SearchView::default()
            },
            "offers no algorithm panel, so --panel code does not apply to it",
        ),
    ];
    for (args, words) in asked {
        let view = View::new(args).expect("valid options");
        let err = launch::show(masked(), "masked", view).expect_err(words);
        let said = format!("{err:#}");
        assert!(said.contains(words), "{said}");
        assert!(said.starts_with('`'), "names the search: {said}");
    }
    // What it does offer still prints: its words.
    let mut out = Vec::new();
    print::print(masked(), Mode::Summary, &mut out).expect("a summary");
    let mut real = Vec::new();
    print::print(queens4(), Mode::Summary, &mut real).expect("a summary");
    assert_eq!(out, real);
    let refused = print::print(masked(), Mode::Worksheet, &mut Vec::new());
    assert!(refused.is_err());
}

/// `backstep masked`: a command whose search offers nothing beyond its
/// words, registered only here.
#[derive(clap::Args, Debug)]
struct MaskedArgs {
    #[command(flatten)]
    view: SearchView,
}

impl Launch for MaskedArgs {
    fn run(self) -> anyhow::Result<ExitCode> {
        launch::show(masked(), "masked", View::new(self.view)?)
    }

    fn search_view(&mut self) -> Option<&mut SearchView> {
        Some(&mut self.view)
    }

    const LACKS: &'static [Capability] = Capability::ALL;
}

const MASKED: Solo<MaskedArgs> = Solo::new("masked");

/// The command's help, completions and man page leave out what its search
/// lacks; queens' list them (so the test can fail). Given all the same,
/// each is the search's own error naming it, not clap's.
#[test]
fn a_command_leaves_out_of_its_help_what_its_search_lacks() {
    let help = |kind: &dyn Kind| kind.command().render_long_help().to_string();
    let (masked_help, queens_help) = (help(&MASKED), help(KINDS[0]));
    // The listed values of --print and --panel, and the options.
    let listed = [
        "- worksheet:",
        "- code:",
        "--predict",
        "--blanks",
        "--no-key",
        "--estimate",
    ];
    for words in listed {
        assert!(queens_help.contains(words), "{words}\n{queens_help}");
        assert!(!masked_help.contains(words), "{words}\n{masked_help}");
    }
    assert!(masked_help.contains("- summary:") && masked_help.contains("- events:"));
    // No help line names the worksheet (`--seed`'s says what a seed does
    // for the search at hand), and queens' `--seed` says what it picks.
    let seed = "with --print worksheet on any other, it picks the node";
    assert!(queens_help.contains(seed), "{queens_help}");
    assert!(masked_help.contains("--seed"), "{masked_help}");
    assert!(!masked_help.contains("worksheet"), "{masked_help}");
    for (args, words) in [
        (
            &["--print", "worksheet"][..],
            "offers no worksheet, so --print worksheet",
        ),
        (
            &["--print", "worksheet", "--no-key"][..],
            "offers no worksheet",
        ),
        (&["--predict"][..], "offers no predict mode, so --predict"),
        (
            &["--print", "frame", "--panel", "code"][..],
            "offers no algorithm panel",
        ),
    ] {
        let line = std::iter::once("masked").chain(args.iter().copied());
        let matches = MASKED
            .command()
            .try_get_matches_from(line)
            .expect("accepted");
        let err = MASKED.run(&matches).expect_err(words);
        assert!(format!("{err:#}").contains(words), "{err:#}");
    }
}

/// Every registered command's list of what it lacks is what each of its
/// variants' searches lacks, opened as `--print frame` opens them.
#[test]
fn every_registered_command_lacks_what_its_searches_lack() {
    let kinds = KINDS.iter().copied().chain([&MASKED as &dyn Kind]);
    let mut checked = Vec::new();
    for kind in kinds {
        for variant in kind.variants() {
            // A variant that needs an instance named opens none.
            let Ok(opened) = launch::open(kind, &variant) else {
                continue;
            };
            checked.push(kind.name());
            for &capability in Capability::ALL {
                assert_eq!(
                    opened.offers(capability),
                    !kind.lacks().contains(&capability),
                    "{} {variant:?}: {capability:?}",
                    kind.name()
                );
            }
        }
    }
    // Every command was opened at least once.
    for kind in KINDS.iter().copied().chain([&MASKED as &dyn Kind]) {
        assert!(
            checked.contains(&kind.name()),
            "{} never opened",
            kind.name()
        );
    }
}

/// What the plain screen's path says at each step of `search` (index 0:
/// step 0), found by stepping the real search apart: the choices of the
/// open places, `root` when none is open mid-search, and at the end the
/// last solution's choices (`search ended` when there was none).
fn plain_paths(mut search: Queens) -> Vec<String> {
    let mut open: Vec<String> = Vec::new();
    let mut solved: Option<Vec<String>> = None;
    let mut paths = vec!["path root".to_string()];
    while let Some(event) = search.next() {
        match (event.kind(), search.note(&event)) {
            (EventKind::Place, Note::Placed(placed)) => open.push(placed.choice),
            (EventKind::Undo, _) => drop(open.pop()),
            (EventKind::Solution, _) => solved = Some(open.clone()),
            _ => {}
        }
        paths.push(match open.is_empty() {
            true => "path root".to_string(),
            false => format!("path {}", open.join(" ")),
        });
    }
    let end = match solved {
        Some(path) => format!("path {}", path.join(" ")),
        None => "path search ended".to_string(),
    };
    if let Some(last) = paths.last_mut() {
        *last = end;
    }
    paths
}

fn queens(n: u8, symmetry: bool) -> Queens {
    Queens::new(QueensOptions {
        n,
        symmetry,
        rejects: true,
    })
}

/// At the end the plain screen's path is the last solution's, as a board
/// would show it (4-Queens), or says the search ended (3-Queens has none).
#[test]
fn the_plain_path_at_the_end_is_the_last_solution() {
    for (n, end) in [(4, "path 2 0 3 1"), (3, "path search ended")] {
        let paths = plain_paths(queens(n, false));
        assert_eq!(paths.last().map(String::as_str), Some(end), "n={n}");
        let total = paths.len() as u64 - 1;
        let app = App::opened(
            Masked::<Queens>(queens(n, false)),
            "masked",
            colour(),
            total,
            Panel::Events,
        );
        let text = frame(&app);
        assert!(text.contains(&format!("│{end} ")), "n={n}\n{text}");
    }
}

/// The compare screen of two searches without a board: each side is the
/// plain screen's side (its counters, its path in the choices' words, its
/// last event), no board and no panic, at every step of lockstep by node
/// up to the end, at 100x30 and 80x24, the help popup too.
#[test]
fn compare_shows_the_plain_path_of_each_side() {
    use backstep::ui::compare::Compare;
    let expected = [plain_paths(queens(4, false)), plain_paths(queens(4, true))];
    let mut c = Compare::new(
        App::new(Masked::<Queens>(queens(4, false)), "masked", colour()),
        App::new(Masked::<Queens>(queens(4, true)), "masked", colour()),
        ["full".into(), "symmetry".into()],
    );
    let mut ends = 0;
    for _ in 0..40 {
        let steps = [
            c.app::<Masked<Queens>>(0).timeline.step(),
            c.app::<Masked<Queens>>(1).timeline.step(),
        ];
        for (w, h) in [(100u16, 30u16), (80, 24)] {
            let text = still::text(&still::draw(&c, w, h).expect("a frame"));
            assert!(!text.contains("Board"), "{text}");
            let half = usize::from(w / 2);
            for (side, step) in steps.iter().enumerate() {
                let want = &expected[side][*step as usize];
                let shown = text.lines().any(|line| {
                    let cells: Vec<char> = line.chars().collect();
                    let part: String = match side {
                        0 => cells.iter().take(half).collect(),
                        _ => cells.iter().skip(half).collect(),
                    };
                    part.contains(&format!("│{want} ")) || part.contains(&format!("│{want}│"))
                });
                assert!(
                    shown,
                    "side {side} at step {step} ({w}x{h}): {want:?}\n{text}"
                );
            }
        }
        if c.app::<Masked<Queens>>(0).timeline.at_end()
            && c.app::<Masked<Queens>>(1).timeline.at_end()
        {
            ends += 1;
            break;
        }
        c.act(Action::Step);
        for _ in 0..1000 {
            c.tick(std::time::Duration::ZERO);
        }
    }
    assert_eq!(ends, 1, "both sides reach their end");
    c.act(Action::Help);
    let help = still::text(&still::draw(&c, 100, 30).expect("a frame"));
    assert!(help.contains("help") || help.contains("Help"), "{help}");
    assert!(!help.contains("predict"), "{help}");
}
