//! `--at` and `--print frame` / `--print svg` against the real binary:
//!
//! - a text frame is the screen the UI draws at that step: an app stepped
//!   there one key at a time, drawn into a `TestBackend` here;
//! - an SVG is well-formed XML (a strict little checker below) whose
//!   `<text>` runs, put back on their grid, are the text frame;
//! - every `--at` form lands on the step the JSON lines say: the n-th
//!   `dead-end` or `solution` line's step, the first step whose `nodes`
//!   reaches n;
//! - bad positions and sizes end with status 2 and name what was wrong.

use std::collections::BTreeMap;
use std::process::Command;

use backstep::search::queens::{Queens, QueensOptions};
use backstep::ui::app::App;
use backstep::ui::keys::Action;
use backstep::ui::render;
use backstep::ui::scene::Scene;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::apps::{self, colour};

/// The binary's standard output for `args`, which must succeed; the
/// colour theme whatever the environment says, as the apps here use.
fn run(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_backstep"))
        .args(args)
        .env_remove("NO_COLOR")
        .current_dir(env!("CARGO_TARGET_TMPDIR"))
        .output()
        .expect("the backstep binary runs");
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

/// The app drawn into a `width` x `height` test terminal, as text: each
/// row's symbols, trailing blanks trimmed.
fn drawn<S: Scene>(app: &App<S>, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|frame| render::draw(app, frame))
        .expect("a frame");
    let buffer = terminal.backend().buffer();
    let mut text = String::new();
    for y in 0..height {
        let row: String = (0..width).map(|x| buffer[(x, y)].symbol()).collect();
        text.push_str(row.trim_end());
        text.push('\n');
    }
    text
}

/// Takes `steps` single steps, as `→` would, and opens `panel` by its key.
fn step_to<S: Scene>(app: &mut App<S>, steps: u64, panel: Option<char>) {
    for _ in 0..steps {
        app.act(Action::Step);
    }
    if let Some(key) = panel {
        app.on_key(KeyEvent::new(KeyCode::Char(key), KeyModifiers::NONE));
    }
}

/// The JSON lines of a run: each event's step, kind and node count.
fn events(args: &[&str]) -> Vec<(u64, String, u64)> {
    let mut all = args.to_vec();
    all.extend(["--print", "jsonl"]);
    run(&all)
        .lines()
        .filter(|line| line.starts_with("{\"step\":"))
        .map(|line| {
            let field = |name: &str| {
                let start = line.find(&format!("\"{name}\":")).expect(name) + name.len() + 3;
                let rest = &line[start..];
                let end = rest.find([',', '}']).expect("a field's end");
                rest[..end].trim_matches('"').to_string()
            };
            (
                field("step").parse().expect("a step"),
                field("event"),
                field("nodes").parse().expect("a node count"),
            )
        })
        .collect()
}

/// 4-Queens as a text frame draws it: without colour (plain text has
/// none), so that each empty square shows its mark.
fn queens4() -> App<Queens> {
    App::new(
        Queens::new(QueensOptions {
            n: 4,
            symmetry: true,
            rejects: true,
        }),
        "queens",
        colour().without_color(),
    )
}

#[test]
fn a_text_frame_is_the_screen_at_that_step() {
    // The node-3 dead end of 4-Queens, found in the JSON lines.
    let dead_end = events(&["queens", "4"])
        .into_iter()
        .find(|(_, kind, _)| kind == "dead-end")
        .expect("a dead end");
    assert_eq!(dead_end.2, 3, "the first dead end is node 3");
    let step = dead_end.0;
    // Width, height, and the panel by its option and its key.
    type Case = (u16, u16, Option<(&'static str, char)>);
    let cases: [Case; 5] = [
        (80, 24, None),
        (100, 30, None),
        (100, 30, Some(("table", 't'))),
        (120, 40, Some(("tree", 'T'))),
        (100, 30, Some(("code", 'c'))),
    ];
    for (width, height, panel) in cases {
        let size = format!("{width}x{height}");
        let at = step.to_string();
        let mut args = vec!["queens", "4", "--print", "frame", "--at", &at];
        if (width, height) != (80, 24) {
            args.extend(["--size", &size]);
        }
        if let Some((name, _)) = panel {
            args.extend(["--panel", name]);
        }
        let mut app = queens4();
        step_to(&mut app, step, panel.map(|(_, key)| key));
        assert_eq!(run(&args), drawn(&app, width, height), "{args:?}");
    }
    // With --ascii, the ASCII screen.
    let mut ascii = App::new(
        Queens::new(QueensOptions {
            n: 4,
            symmetry: true,
            rejects: true,
        }),
        "queens",
        backstep::ui::theme::Theme::new(false, true),
    );
    step_to(&mut ascii, step, None);
    let at = step.to_string();
    let frame = run(&["queens", "4", "--print", "frame", "--ascii", "--at", &at]);
    assert_eq!(frame, drawn(&ascii, 80, 24));
    assert!(frame.is_ascii());
    // Other searches, at a step in the middle of their run.
    let mut sudoku = apps::sudoku("sample");
    step_to(&mut sudoku, 40, None);
    let frame = run(&[
        "sudoku", "--print", "frame", "--at", "40", "--size", "100x30",
    ]);
    assert_eq!(frame, drawn(&sudoku, 100, 30));
    let mut word = apps::word("ABCE,SFCS,ADEE", "SEE");
    step_to(&mut word, 7, Some('t'));
    let frame = run(&[
        "word",
        "--board",
        "ABCE,SFCS,ADEE",
        "--word",
        "SEE",
        "--print",
        "frame",
        "--at",
        "7",
        "--panel",
        "table",
    ]);
    assert_eq!(frame, drawn(&word, 80, 24));
}

/// The board's squares in a text frame: (row label, the first glyph of
/// each square, or a blank), read from the lines whose first word after the
/// board's border is a row number. Squares are three columns wide after a
/// four-column label, as the column numbers on top show.
fn board_squares(frame: &str, n: usize) -> Vec<(usize, Vec<char>)> {
    frame
        .lines()
        .filter_map(|line| {
            let cells: Vec<char> = line
                .chars()
                .skip_while(|&c| c != '│' && c != '|')
                .skip(1)
                .collect();
            let label: String = cells.get(..4)?.iter().collect();
            let row = label.trim_start_matches(['▶', '>', '✗', 'X', ' ']).trim();
            let row: usize = row.parse().ok()?;
            let squares = (0..n)
                .map(|c| {
                    let square = cells.get(4 + 3 * c..4 + 3 * c + 3).unwrap_or_default();
                    square
                        .iter()
                        .copied()
                        .find(|g| !g.is_whitespace())
                        .unwrap_or(' ')
                })
                .collect();
            Some((row, squares))
        })
        .take(n)
        .collect()
}

#[test]
fn an_empty_queens_board_shows_every_square_without_colour() {
    // A text frame, the same with NO_COLOR, --no-color and --ascii, at
    // the small and the big sizes: every one of the 64 squares shows a
    // glyph.
    let cases: [&[&str]; 5] = [
        &["queens", "8", "--print", "frame"],
        &["queens", "8", "--print", "frame", "--size", "100x30"],
        &["queens", "8", "--print", "frame", "--no-color"],
        &["queens", "8", "--print", "frame", "--ascii"],
        &["queens", "8", "--print", "frame", "--at", "dead-end:1"],
    ];
    for args in cases {
        let frame = run(args);
        let rows = board_squares(&frame, 8);
        assert_eq!(
            rows.iter().map(|(r, _)| *r).collect::<Vec<_>>(),
            (0..8).collect::<Vec<_>>(),
            "{args:?}: eight rows of squares\n{frame}"
        );
        let shown = rows
            .iter()
            .flat_map(|(_, squares)| squares)
            .filter(|c| !c.is_whitespace())
            .count();
        assert_eq!(shown, 64, "{args:?}: every square shows\n{frame}");
    }
    // With colour on screen the squares are a background, unmarked.
    let app = App::new(
        Queens::new(QueensOptions {
            n: 8,
            symmetry: true,
            rejects: true,
        }),
        "queens",
        colour(),
    );
    let rows = board_squares(&drawn(&app, 80, 24), 8);
    let blank = rows[1].1.iter().filter(|c| c.is_whitespace()).count();
    assert_eq!(blank, 8, "row 1 of the coloured board is background only");
}

/// Each `--at` form opens where the JSON lines put it: the frame equals
/// the frame at that step number (which the test above ties to the UI).
#[test]
fn every_position_form_lands_on_its_event() {
    let searches: [&[&str]; 5] = [
        &["queens", "6"],
        &["queens", "5", "--full"],
        &["sudoku", "campus"],
        &["maze"],
        &["colour", "-m", "3"],
    ];
    let frame = |search: &[&str], at: &str| {
        let mut args = search.to_vec();
        args.extend(["--print", "frame", "--size", "120x40", "--at", at]);
        run(&args)
    };
    let mut checked = 0;
    for search in searches {
        let events = events(search);
        let mut wanted: BTreeMap<String, u64> = BTreeMap::new();
        for (kind, name) in [("dead-end", "dead-end"), ("solution", "solution")] {
            let steps: Vec<u64> = events
                .iter()
                .filter(|(_, k, _)| k == kind)
                .map(|e| e.0)
                .collect();
            for n in [1, 2, steps.len()] {
                if n >= 1 && n <= steps.len() {
                    wanted.insert(format!("{name}:{n}"), steps[n - 1]);
                }
            }
        }
        // A node the counter reaches after the first event: the first step
        // whose count is at least n.
        let first = events[0].2;
        for n in [first + 1, first + 3] {
            if let Some(e) = events.iter().find(|e| e.2 >= n) {
                wanted.insert(format!("node:{n}"), e.0);
            }
        }
        for (at, step) in &wanted {
            assert_eq!(
                frame(search, at),
                frame(search, &step.to_string()),
                "{search:?} --at {at} should be step {step}"
            );
            checked += 1;
        }
        assert!(wanted.len() >= 3, "{search:?}: {wanted:?}");
    }
    assert!(checked >= 15, "{checked} positions checked");
    // And a step number is that step on screen.
    let mut app = queens4();
    step_to(&mut app, 25, None);
    assert_eq!(frame(&["queens", "4"], "25"), drawn(&app, 120, 40));
}

/// The screen `--at` opens is the frame's: the same App, opened in place.
#[test]
fn the_ui_opens_where_the_frame_is_drawn() {
    let step = events(&["queens", "6"])
        .into_iter()
        .filter(|(_, kind, _)| kind == "solution")
        .nth(1)
        .expect("a second solution")
        .0;
    let opened = App::opened(
        Queens::new(QueensOptions {
            n: 6,
            symmetry: true,
            rejects: true,
        }),
        "queens",
        colour().without_color(),
        step,
        backstep::ui::app::Panel::Tree,
    );
    let frame = run(&[
        "queens",
        "6",
        "--print",
        "frame",
        "--at",
        "solution:2",
        "--panel",
        "tree",
        "--size",
        "100x30",
    ]);
    assert_eq!(frame, drawn(&opened, 100, 30));
    assert_eq!(opened.timeline.step(), step);
}

#[test]
fn an_svg_is_well_formed_and_carries_the_text_frame() {
    let cases: [&[&str]; 4] = [
        &["queens", "4", "--at", "dead-end:1", "--size", "100x30"],
        &["queens", "8", "--at", "solution:1", "--panel", "tree"],
        &[
            "sudoku", "--at", "node:5", "--panel", "table", "--size", "120x40",
        ],
        &["word", "--at", "12", "--panel", "code"],
    ];
    for args in cases {
        // A text frame has no colour: the SVG it is compared with has none
        // either, so that both draw the same marks.
        let mut text_args = args.to_vec();
        text_args.extend(["--print", "frame"]);
        let mut svg_args = args.to_vec();
        svg_args.extend(["--print", "svg", "--no-color"]);
        let text = run(&text_args);
        let svg = run(&svg_args);
        let texts = xml::check(&svg).unwrap_or_else(|e| panic!("{args:?}: {e}"));
        assert!(svg.contains("viewBox=\"0 0 "), "{args:?}: a viewBox");
        // The runs put back on their grid: x / 10 is the column, y / 20
        // the row.
        let rows = text.lines().count();
        let mut grid: Vec<Vec<char>> = vec![Vec::new(); rows];
        for (x, y, run) in texts {
            let (col, row) = ((x / 10.0) as usize, (y / 20.0) as usize);
            let line = &mut grid[row];
            let chars: Vec<char> = run.chars().collect();
            if line.len() < col + chars.len() {
                line.resize(col + chars.len(), ' ');
            }
            line[col..col + chars.len()].copy_from_slice(&chars);
        }
        let rebuilt: String = grid
            .iter()
            .map(|line| {
                let line: String = line.iter().collect();
                format!("{}\n", line.trim_end())
            })
            .collect();
        assert_eq!(rebuilt, text, "{args:?}");
    }
    // A character XML reserves is escaped, and read back as itself.
    let svg = run(&["word", "--print", "svg", "--at", "1"]);
    xml::check(&svg).expect("well-formed");
}

/// A strict reader of the XML this program writes: one root, tags that
/// nest and close, quoted attributes, known entities, no stray `<` or `&`.
/// It returns each `<text>` element's `x`, `y` and content.
mod xml {
    pub type Texts = Vec<(f64, f64, String)>;

    pub fn check(doc: &str) -> Result<Texts, String> {
        let body = doc
            .strip_prefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
            .ok_or("no XML declaration")?;
        let mut stack: Vec<String> = Vec::new();
        let mut texts = Vec::new();
        let mut current: Option<(f64, f64, String)> = None;
        let mut roots = 0;
        let mut rest = body;
        while !rest.is_empty() {
            if let Some(tag) = rest.strip_prefix('<') {
                let end = tag.find('>').ok_or("a tag never closes")?;
                let inside = &tag[..end];
                rest = &tag[end + 1..];
                if let Some(name) = inside.strip_prefix('/') {
                    let open = stack.pop().ok_or(format!("</{name}> closes nothing"))?;
                    if open != name {
                        return Err(format!("<{open}> closed by </{name}>"));
                    }
                    if name == "text" {
                        texts.push(current.take().ok_or("</text> without <text>")?);
                    }
                    continue;
                }
                let empty = inside.ends_with('/');
                let inside = inside.trim_end_matches('/');
                let (name, attrs) = inside.split_once(' ').unwrap_or((inside, ""));
                if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric()) {
                    return Err(format!("bad tag name '{name}'"));
                }
                let attrs = attributes(attrs)?;
                if stack.is_empty() {
                    roots += 1;
                }
                if name == "text" {
                    let number = |key: &str| -> Result<f64, String> {
                        attrs
                            .iter()
                            .find(|(k, _)| k == key)
                            .and_then(|(_, v)| v.parse().ok())
                            .ok_or(format!("<text> without a number {key}"))
                    };
                    current = Some((number("x")?, number("y")?, String::new()));
                }
                if !empty {
                    stack.push(name.to_string());
                }
            } else {
                let end = rest.find('<').unwrap_or(rest.len());
                let text = unescape(&rest[..end])?;
                if stack.is_empty() && !text.trim().is_empty() {
                    return Err(format!("text outside the root: '{text}'"));
                }
                if let Some((_, _, content)) = current.as_mut() {
                    content.push_str(&text);
                }
                rest = &rest[end..];
            }
        }
        if let Some(open) = stack.pop() {
            return Err(format!("<{open}> never closed"));
        }
        if roots != 1 {
            return Err(format!("{roots} root elements"));
        }
        Ok(texts)
    }

    /// `key="value"` pairs, each value quoted and unescaped; a key once.
    fn attributes(mut text: &str) -> Result<Vec<(String, String)>, String> {
        let mut out: Vec<(String, String)> = Vec::new();
        loop {
            text = text.trim_start();
            if text.is_empty() {
                return Ok(out);
            }
            let eq = text
                .find("=\"")
                .ok_or(format!("unquoted attribute in '{text}'"))?;
            let key = &text[..eq];
            if key.is_empty()
                || !key
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || ":-".contains(c))
            {
                return Err(format!("bad attribute name '{key}'"));
            }
            let value_end = text[eq + 2..].find('"').ok_or("an attribute never ends")?;
            let value = &text[eq + 2..eq + 2 + value_end];
            if value.contains('<') {
                return Err(format!("'<' in the attribute {key}"));
            }
            if out.iter().any(|(k, _)| k == key) {
                return Err(format!("attribute {key} twice"));
            }
            out.push((key.to_string(), unescape(value)?));
            text = &text[eq + 2 + value_end + 1..];
            if !text.is_empty() && !text.starts_with(' ') {
                return Err(format!("no space before '{text}'"));
            }
        }
    }

    /// Text with its entities replaced; an unknown entity, a bare `&` or
    /// a control character is an error.
    fn unescape(text: &str) -> Result<String, String> {
        let mut out = String::new();
        let mut rest = text;
        while let Some(amp) = rest.find('&') {
            out.push_str(&rest[..amp]);
            let end = rest[amp..].find(';').ok_or("a bare '&'")?;
            out.push(match &rest[amp + 1..amp + end] {
                "amp" => '&',
                "lt" => '<',
                "gt" => '>',
                "quot" => '"',
                "apos" => '\'',
                other => return Err(format!("unknown entity &{other};")),
            });
            rest = &rest[amp + end + 1..];
        }
        out.push_str(rest);
        match out.chars().find(|c| c.is_control() && *c != '\n') {
            Some(c) => Err(format!("control character {c:?}")),
            None => Ok(out),
        }
    }

    #[test]
    fn the_checker_refuses_what_is_not_xml() {
        let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
        let good = format!("{head}<svg a=\"1\"><text x=\"0\" y=\"15\">a &amp; b</text></svg>\n");
        assert_eq!(
            check(&good).expect("good"),
            vec![(0.0, 15.0, "a & b".to_string())]
        );
        for bad in [
            "<svg><text x=\"0\" y=\"15\">a & b</text></svg>",
            "<svg><text x=\"0\" y=\"15\">a</svg></text>",
            "<svg a=1></svg>",
            "<svg></svg><svg></svg>",
            "<svg><g></svg>",
            "<svg>&nbsp;</svg>",
            "<svg a=\"1\" a=\"2\"></svg>",
            "<svg><text y=\"1\">a</text></svg>",
        ] {
            assert!(check(&format!("{head}{bad}\n")).is_err(), "{bad}");
        }
    }
}

/// Bad positions and sizes: status 2, nothing on standard output, and a
/// message naming the option and what was wrong.
#[test]
fn bad_positions_and_sizes_are_refused_by_name() {
    let events = events(&["queens", "4"]);
    let last = events.last().expect("events").0.to_string();
    let solutions = events.iter().filter(|e| e.1 == "solution").count();
    let dead_ends = events.iter().filter(|e| e.1 == "dead-end").count();
    let nodes = events.last().expect("events").2;
    let past_solutions = format!("solution:{}", solutions + 1);
    let past_dead_ends = format!("dead-end:{}", dead_ends + 1);
    let past_nodes = format!("node:{}", nodes + 1);
    let past_end = format!("{}", events.len() + 1);
    let has_solutions = format!("has {solutions} solution");
    let has_dead_ends = format!("has {dead_ends} dead end");
    let has_nodes = format!("enters {nodes} node");
    let ends_at = format!("step {last}");
    let frame = ["queens", "4", "--print", "frame"];
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["--at", ""], "--at"),
        (vec!["--at", "x"], "'x'"),
        (vec!["--at", "-1"], "'-1'"),
        (vec!["--at", "1.5"], "'1.5'"),
        (vec!["--at", "node:0"], "count from 1"),
        (vec!["--at", "solution:0"], "count from 1"),
        (vec!["--at", "dead-end:"], "'dead-end:'"),
        (vec!["--at", "nodes:3"], "'nodes'"),
        (vec!["--at", "solution:two"], "'two'"),
        (vec!["--at", &past_end], &ends_at),
        (vec!["--at", &past_solutions], &has_solutions),
        (vec!["--at", &past_dead_ends], &has_dead_ends),
        (vec!["--at", &past_nodes], &has_nodes),
        (vec!["--size", "0x10"], "'0'"),
        (vec!["--size", "100"], "'100'"),
        (vec!["--size", "100x"], "height"),
        (vec!["--size", "5000x30"], "'5000'"),
        (vec!["--panel", "board"], "'board'"),
    ];
    for (extra, named) in &cases {
        let mut args = frame.to_vec();
        args.extend(extra);
        let output = crate::backstep(&args);
        let stderr = crate::stderr_text(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert!(
            stderr.contains(named),
            "{args:?} should name {named}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{args:?}");
    }
    // The options that cannot apply are refused by name, not ignored.
    let refused: [(&[&str], &str); 5] = [
        (&["queens", "4", "--print", "jsonl", "--at", "3"], "--at"),
        (
            &["queens", "4", "--print", "summary", "--panel", "tree"],
            "--panel",
        ),
        (&["queens", "4", "--size", "100x30"], "--size"),
        (
            &["queens", "4", "--print", "trace", "--size", "100x30"],
            "--size",
        ),
        (&["queens", "--play", "--at", "3"], "--at"),
    ];
    for (args, named) in refused {
        let output = crate::backstep(args);
        let stderr = crate::stderr_text(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(named), "{args:?}: {stderr}");
    }
    assert!(cases.len() >= 10);
}

/// The lines of the Board panel of a text frame, its border included, but
/// not its blank rows (the panel is as tall as the panels beside it): the
/// box whose top edge starts `┌ Board`.
fn board_panel(frame: &str) -> Vec<String> {
    let lines: Vec<Vec<char>> = frame.lines().map(|l| l.chars().collect()).collect();
    let (top, left) = lines
        .iter()
        .enumerate()
        .find_map(|(y, line)| {
            let text: String = line.iter().collect();
            let at = text.find("┌ Board")?;
            Some((y, text[..at].chars().count()))
        })
        .unwrap_or_else(|| panic!("no Board panel in\n{frame}"));
    let right = (left..lines[top].len())
        .find(|&x| lines[top][x] == '┐')
        .expect("the board's top right corner");
    let mut panel = Vec::new();
    for line in &lines[top..] {
        let row: String = line[left..=right.min(line.len() - 1)].iter().collect();
        if row.chars().any(|c| c != '│' && c != ' ') {
            panel.push(row);
        }
        if line[left] == '└' {
            break;
        }
    }
    panel
}

/// `--bare` draws the screen for a slide: the same title without the
/// status at its right, no key legend (its rows go to the panels, so the
/// last row is a panel's bottom border), and the same board, for every
/// search, at three sizes. The usual frame has each piece of chrome the
/// bare one must not, so the check can fail. SVG pictures and casts drop
/// the same chrome.
#[test]
fn bare_frames_have_no_status_and_no_key_legend() {
    let searches: [&[&str]; 8] = [
        &["queens", "8"],
        &["sudoku", "campus"],
        &["sudoku", "inkala", "--order", "propagate"],
        &["word"],
        &["words"],
        &["maze"],
        &["colour"],
        &["cover", "knuth"],
    ];
    // On every usual frame (the bar keeps help and quit at its right end
    // when the rest does not fit).
    let chrome = ["? help", "q quit", "paused"];
    for search in searches {
        for size in ["80x24", "100x30", "200x60"] {
            let mut args = search.to_vec();
            args.extend(["--print", "frame", "--at", "10", "--size", size]);
            let framed = run(&args);
            args.push("--bare");
            let bare = run(&args);
            for piece in chrome {
                assert!(framed.contains(piece), "{args:?}: {piece:?}\n{framed}");
                assert!(!bare.contains(piece), "{args:?}: {piece:?}\n{bare}");
            }
            assert!(!bare.contains("esc cancel"), "{args:?}:\n{bare}");
            let height: usize = size[size.find('x').expect("WxH") + 1..]
                .parse()
                .expect("a height");
            assert_eq!(bare.lines().count(), height, "{args:?}");
            let title = bare.lines().next().expect("a title").trim_end();
            assert!(title.starts_with(" backstep · "), "{args:?}: {title}");
            let framed_title = framed.lines().next().expect("a title");
            let left = framed_title
                .split(" paused")
                .next()
                .expect("the title's left")
                .trim_end()
                .trim_end_matches('…');
            assert!(title.starts_with(left), "{args:?}: {title} / {left}");
            let last = bare.lines().last().expect("a last row");
            assert!(last.starts_with('└'), "{args:?}: the last row {last:?}");
            // At 200x60 the board may scale up into the legend's rows.
            if size != "200x60" {
                assert_eq!(board_panel(&framed), board_panel(&bare), "{args:?}");
            }
        }
    }
    for mode in ["svg", "cast"] {
        let mut args = vec!["queens", "8", "--print", mode, "--size", "100x30"];
        args.extend(if mode == "cast" {
            ["--to", "6"]
        } else {
            ["--at", "6"]
        });
        let framed = run(&args);
        args.push("--bare");
        let bare = run(&args);
        for word in ["quit", "help", "paused"] {
            assert!(framed.contains(word), "{args:?}: {word}");
            assert!(!bare.contains(word), "{args:?}: {word}");
        }
    }
}

/// `--bare` belongs to the drawn screens only: elsewhere it is refused by
/// name, not ignored.
#[test]
fn bare_elsewhere_is_refused() {
    for args in [
        &["queens", "4", "--print", "trace", "--bare"][..],
        &["queens", "4", "--print", "worksheet", "--bare"],
        &["queens", "4", "--bare"],
    ] {
        let output = crate::backstep(args);
        let stderr = crate::stderr_text(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains("--bare"), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}

/// Columns a line of a text frame takes on a terminal: two for a CJK
/// glyph or an emoji (the ranges the names below use), one otherwise.
fn frame_columns(line: &str) -> usize {
    line.chars()
        .map(|c| match c {
            '\u{3000}'..='\u{9fff}' | '\u{1f300}'..='\u{1faff}' => 2,
            _ => 1,
        })
        .sum()
}

#[test]
fn a_wide_file_name_keeps_the_status_on_the_title_line() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("wide-names");
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let puzzle = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sudoku/campus.txt"),
    )
    .expect("the campus puzzle");
    for name in [
        "日本語の数独🦀.txt",
        "数独🦀🦀🦀🦀🦀🦀🦀🦀🦀🦀🦀🦀🦀🦀🦀🦀🦀🦀🦀🦀日本語.txt",
    ] {
        let path = dir.join(name);
        std::fs::write(&path, &puzzle).expect("a puzzle file");
        let path = path.to_str().expect("a UTF-8 path");
        for (width, size) in [(80, "80x24"), (100, "100x30")] {
            let frame = run(&["sudoku", path, "--print", "frame", "--size", size]);
            let title = frame.lines().next().expect("a title line");
            assert!(title.ends_with("? help"), "{name} at {size}: {title}");
            assert_eq!(frame_columns(title), width - 1, "{name} at {size}: {title}");
            // Each wide glyph is written once, not followed by a blank.
            assert!(!frame.contains("日 本"), "{name} at {size}: {title}");
            assert!(
                title.contains("日本語") || title.contains('…'),
                "{name} at {size}: {title}"
            );
        }
    }
}
