//! The worked mask arithmetic under the masks panel (`Scene::worked`),
//! checked at every step of small searches against an oracle that knows
//! only the JSON stream of the real binary and the puzzle's text: the
//! queens placed so far give the N-Queens masks, the digits written so far
//! the Sudoku unit masks, the colours given so far the colouring masks.
//! Each shown line is also evaluated as the arithmetic it claims to be.
//! Snapshots of the screens at 100x30 show where the lines go.

use backstep::input;
use backstep::search::colour::{Colour, ColourOptions};
use backstep::search::queens::{Queens, QueensOptions};
use backstep::search::sudoku::{Order, Sudoku, SudokuOptions};
use backstep::ui::app::App;
use backstep::ui::render;
use backstep::ui::scene::Scene;
use backstep::ui::theme::Theme;
use serde_json::Value;

use crate::apps::screen;
use crate::{backstep, stderr_text, stdout_text};

/// Wide enough for every full form.
const WIDE: u16 = 200;

/// The events the real binary prints with `--print jsonl` (the closing
/// `done` line left out).
fn jsonl(args: &[&str]) -> Vec<Value> {
    let mut args = args.to_vec();
    args.extend(["--print", "jsonl"]);
    let output = backstep(&args);
    assert_eq!(output.status.code(), Some(0), "{}", stderr_text(&output));
    stdout_text(&output)
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .filter(|v: &Value| v.get("step").is_some())
        .collect()
}

fn field(v: &Value, name: &str) -> u32 {
    v[name].as_u64().unwrap_or_else(|| panic!("{name} in {v}")) as u32
}

/// `mask` in `digits` binary digits, the highest first.
fn bin(mask: u32, digits: u32) -> String {
    (0..digits)
        .rev()
        .map(|b| if mask >> b & 1 == 1 { '1' } else { '0' })
        .collect()
}

fn parse_bin(text: &str) -> u32 {
    u32::from_str_radix(text, 2).unwrap_or_else(|_| panic!("binary digits: {text:?}"))
}

/// The lines `worked` gives after each event of `search`, `width` wide
/// and at most `rows` lines.
fn worked_text<S: Scene>(search: &S, last: &S::Event, width: u16, rows: u16) -> Vec<String> {
    let lines = search.worked(Some(last), &Theme::new(true, false), width, rows);
    lines.iter().map(ToString::to_string).collect()
}

/// Checks that a shown line's arithmetic holds, whatever its form: the
/// operands combined as the line says equal the value after the last `=`.
fn check_arithmetic(line: &str, all: u32) {
    let (left, result) = line.rsplit_once(" = ").unwrap_or((line, ""));
    let result = result.split_whitespace().next().unwrap_or("");
    let Ok(result) = u32::from_str_radix(result, 2) else {
        return; // a line with no value (a reject's verdict)
    };
    let Some((_, expr)) = left.split_once(" = ") else {
        return; // `H' = 1100`: nothing to evaluate
    };
    // The masks are the runs of binary digits, once the shifts' counts are
    // taken out.
    let operands = expr.replace("<< 1", "<<").replace(">> 1", ">>");
    let nums: Vec<u32> = operands
        .split(|c: char| !c.is_ascii_digit())
        .filter(|t| !t.is_empty() && t.chars().all(|c| c == '0' || c == '1'))
        .map(parse_bin)
        .collect();
    let value = if expr.contains("<< 1") && nums.len() == 3 {
        ((nums[0] | nums[1]) << 1) & nums[2]
    } else if expr.contains(">> 1") && nums.len() == 2 {
        (nums[0] | nums[1]) >> 1
    } else if expr.starts_with('¬') && nums.len() == 2 {
        !nums[0] & nums[1]
    } else if expr.contains(" | ") && !expr.contains('(') {
        nums.iter().fold(0, |a, b| a | b)
    } else {
        return; // a named form (`C|b`, `¬held & all`): no operands shown
    };
    assert_eq!(value & all, result, "the arithmetic of {line:?}");
}

// N-Queens -------------------------------------------------------------

/// The masks on row `row` from the queens placed above it: bit c of `C`
/// for a queen in column c, of `H` for a queen reaching c going down and
/// to higher columns, of `L` going down and to lower columns.
fn queens_masks(placed: &[(u32, u32)], row: u32, n: u32) -> (u32, u32, u32) {
    let (mut c, mut h, mut l) = (0, 0, 0);
    for &(r, col) in placed.iter().filter(|(r, _)| *r < row) {
        let up = row - r;
        c |= 1 << col;
        if col + up < n {
            h |= 1 << (col + up);
        }
        if col >= up {
            l |= 1 << (col - up);
        }
    }
    (c, h, l)
}

/// What the oracle expects under the masks after `event`, full width.
fn queens_expected(
    event: &Value,
    placed: &mut Vec<(u32, u32)>,
    n: u32,
    symmetry: bool,
) -> Vec<String> {
    let all = (1 << n) - 1;
    let b = |m: u32| bin(m, n);
    match event["event"].as_str().expect("an event name") {
        "place" => {
            let (r, c) = (field(event, "row"), field(event, "col"));
            let (pc, ph, pl) = queens_masks(placed, r, n);
            placed.push((r, c));
            let (cc, ch, cl) = queens_masks(placed, r + 1, n);
            let bit = 1 << c;
            vec![
                format!("queen at ({r},{c}): b = 2^{c} = {}", b(bit)),
                format!("C' = {} | {} = {}", b(pc), b(bit), b(cc)),
                format!(
                    "H' = (({} | {}) << 1) & {} = {}",
                    b(ph),
                    b(bit),
                    b(all),
                    b(ch)
                ),
                format!("L' = ({} | {}) >> 1 = {}", b(pl), b(bit), b(cl)),
            ]
        }
        "undo" => {
            let at = (field(event, "row"), field(event, "col"));
            assert_eq!(placed.pop(), Some(at), "undo of the last place");
            vec![]
        }
        "reject" => {
            let (r, c) = (field(event, "row"), field(event, "col"));
            let by: Vec<&str> = event["by"]
                .as_array()
                .expect("a reject's reasons")
                .iter()
                .filter_map(Value::as_str)
                .collect();
            if by == ["symmetry"] {
                assert!(symmetry && r == 0 && c >= n.div_ceil(2), "{event}");
                let searched = (1 << n.div_ceil(2)) - 1;
                return vec![format!(
                    "col {c}: search {} lacks bit {c} → skipped by symmetry",
                    b(searched)
                )];
            }
            let (mc, mh, ml) = queens_masks(placed, r, n);
            let holders: Vec<(&str, &str, u32)> =
                [("column", "C", mc), ("high", "H", mh), ("low", "L", ml)]
                    .into_iter()
                    .filter(|(_, _, m)| m >> c & 1 == 1)
                    .collect();
            let named: Vec<&str> = holders.iter().map(|h| h.0).collect();
            assert_eq!(
                named, by,
                "the stream's reasons are the masks holding the bit: {event}"
            );
            let shown: Vec<String> = holders
                .iter()
                .map(|(_, name, m)| format!("{name} {}", b(*m)))
                .collect();
            let names: Vec<&str> = holders.iter().map(|h| h.1).collect();
            let verb = if holders.len() == 1 { "has" } else { "have" };
            vec![format!(
                "col {c}: {} {verb} bit {c} → refused by {}",
                shown.join(", "),
                names.join(", ")
            )]
        }
        "dead-end" => {
            let r = field(event, "row");
            let (c, h, l) = queens_masks(placed, r, n);
            let attacked = c | h | l;
            assert_eq!(attacked, all, "a dead end's masks hold every column");
            vec![
                format!("C|H|L = {} | {} | {} = {}", b(c), b(h), b(l), b(attacked)),
                format!(
                    "legal = ¬{} & {} = {} → dead end",
                    b(attacked),
                    b(all),
                    b(!attacked & all)
                ),
            ]
        }
        _ => vec![],
    }
}

#[test]
fn queens_arithmetic_matches_the_placed_queens_at_every_step() {
    for n in 1..=6u8 {
        for symmetry in [true, false] {
            let arg = n.to_string();
            let mut args = vec!["queens", &arg];
            if !symmetry {
                args.push("--full");
            }
            let events = jsonl(&args);
            let mut search = Queens::new(QueensOptions {
                n,
                symmetry,
                rejects: true,
            });
            let mut placed = Vec::new();
            let (mut places, mut rejects, mut dead_ends) = (0, 0, 0);
            for (step, json) in events.iter().enumerate() {
                let event = search.next().expect("the library yields as many events");
                let want = queens_expected(json, &mut placed, u32::from(n), symmetry);
                let got = worked_text(&search, &event, WIDE, 4);
                assert_eq!(
                    got,
                    want,
                    "n={n} symmetry={symmetry} step {}: {json}",
                    step + 1
                );
                match json["event"].as_str() {
                    Some("place") => places += 1,
                    Some("reject") => rejects += 1,
                    Some("dead-end") => dead_ends += 1,
                    _ => {}
                }
                // Narrower: fewer rows or shorter forms, never a line too
                // long, and the arithmetic shown still holds.
                for (width, rows) in [(40, 4), (30, 3), (24, 2), (12, 1)] {
                    let lines = worked_text(&search, &event, width, rows);
                    assert!(lines.len() <= usize::from(rows), "{lines:?}");
                    for line in &lines {
                        assert!(
                            line.chars().count() <= usize::from(width),
                            "{line:?} in {width}"
                        );
                        check_arithmetic(line, (1 << n) - 1);
                    }
                }
            }
            assert!(search.next().is_none(), "the library yields no more events");
            if n >= 4 {
                assert!(
                    places > 0 && rejects > 0 && dead_ends > 0,
                    "n={n}: each kind was checked"
                );
            }
        }
    }
}

#[test]
fn queens_worked_lines_evaluate_for_bigger_boards() {
    for n in [8u8, 12, 16] {
        let mut search = Queens::new(QueensOptions {
            n,
            symmetry: true,
            rejects: true,
        });
        let all = (1u32 << n) - 1;
        for event in search.clone().take(3000) {
            let e = search.next().unwrap();
            assert_eq!(e, event);
            for line in worked_text(&search, &e, WIDE, 4) {
                check_arithmetic(&line, all);
            }
        }
    }
}

/// The arithmetic is hidden while a prediction question is open.
#[test]
fn predict_mode_hides_the_arithmetic() {
    let mut search = Queens::new(QueensOptions {
        n: 4,
        symmetry: true,
        rejects: true,
    });
    let event = search.next().unwrap();
    let mut theme = Theme::new(true, false);
    assert!(!search.worked(Some(&event), &theme, WIDE, 4).is_empty());
    theme.hide_answer = true;
    assert!(search.worked(Some(&event), &theme, WIDE, 4).is_empty());
}

// Sudoku ---------------------------------------------------------------

/// The givens of a shipped puzzle, read from its text: digits and dots in
/// reading order, separators and comments skipped.
fn givens(text: &str) -> Vec<u32> {
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .flat_map(|line| line.chars())
        .filter_map(|ch| match ch {
            '.' | '0' => Some(0),
            d if d.is_ascii_digit() => d.to_digit(10),
            _ => None,
        })
        .collect()
}

/// The digits held by the row, the column and the box of `cell`, bit d-1
/// for digit d.
fn units(grid: &[u32], size: u32, cell: u32) -> (u32, u32, u32) {
    let box_size = if size == 4 { 2 } else { 3 };
    let (r, c) = (cell / size, cell % size);
    let bit = |i: u32| match grid[i as usize] {
        0 => 0,
        d => 1 << (d - 1),
    };
    let row = (0..size).fold(0, |m, k| m | bit(r * size + k));
    let col = (0..size).fold(0, |m, k| m | bit(k * size + c));
    let (br, bc) = (r / box_size * box_size, c / box_size * box_size);
    let boxes = (0..box_size * box_size).fold(0, |m, k| {
        m | bit((br + k / box_size) * size + bc + k % box_size)
    });
    (row, col, boxes)
}

/// The cell a node of `grid` decides, by the order's rule: `first` takes
/// the first blank; MRV the first blank with no candidate, else the blank
/// with the fewest (the first of a tie).
fn decided_cell(grid: &[u32], size: u32, mrv: bool) -> Option<u32> {
    let all = (1 << size) - 1;
    let blanks = (0..size * size).filter(|&i| grid[i as usize] == 0);
    if !mrv {
        return blanks.clone().next();
    }
    let count = |i: u32| {
        let (r, c, b) = units(grid, size, i);
        (!(r | c | b) & all).count_ones()
    };
    blanks.min_by_key(|&i| (count(i), i))
}

#[test]
fn sudoku_arithmetic_matches_the_grid_at_every_step() {
    let campus = givens(include_str!("../../assets/sudoku/campus.txt"));
    let empty = givens(include_str!("../../assets/sudoku/empty4.txt"));
    for (name, start) in [("campus", &campus), ("empty4", &empty)] {
        for (order, flag) in [(Order::Mrv, "mrv"), (Order::First, "first")] {
            let events = jsonl(&["sudoku", name, "--order", flag]);
            let puzzle = input::load_puzzle(name).unwrap().value;
            let mut search = Sudoku::new(
                &puzzle,
                SudokuOptions {
                    order,
                    rejects: true,
                },
            );
            let size = (start.len() as f64).sqrt() as u32;
            assert_eq!(size * size, start.len() as u32, "{name} read as a square");
            let all = (1 << size) - 1;
            let mut grid = start.clone();
            for (k, json) in events.iter().enumerate() {
                let event = search.next().unwrap();
                let cell = |v: &Value| field(v, "row") * size + field(v, "col");
                match json["event"].as_str().unwrap() {
                    "place" => grid[cell(json) as usize] = field(json, "digit"),
                    "undo" => grid[cell(json) as usize] = 0,
                    _ => {}
                }
                let got = worked_text(&search, &event, WIDE, 2);
                let Some(decided) = decided_cell(&grid, size, order == Order::Mrv) else {
                    assert!(
                        got.is_empty(),
                        "{name} {flag} step {}: a full grid: {got:?}",
                        k + 1
                    );
                    continue;
                };
                // The next event, if it names a cell, is about the cell
                // the oracle says is being decided.
                if let Some(next) = events.get(k + 1)
                    && ["place", "reject", "dead-end"].contains(&next["event"].as_str().unwrap())
                {
                    assert_eq!(cell(next), decided, "{name} {flag} step {}: {next}", k + 2);
                }
                let (r, c, b) = units(&grid, size, decided);
                let held = r | c | b;
                let s = |m: u32| bin(m, size);
                let want = vec![
                    format!("held = {} | {} | {} = {}", s(r), s(c), s(b), s(held)),
                    format!("cands = ¬{} & {} = {}", s(held), s(all), s(!held & all)),
                ];
                assert_eq!(got, want, "{name} {flag} step {}: {json}", k + 1);
                for width in [30, 20, 12] {
                    for line in worked_text(&search, &event, width, 2) {
                        assert!(line.chars().count() <= usize::from(width), "{line:?}");
                        check_arithmetic(&line, all);
                    }
                }
            }
        }
    }
}

#[test]
fn sudoku_nine_by_nine_arithmetic_holds() {
    let puzzle = input::load_puzzle("sample").unwrap().value;
    let mut search = Sudoku::new(
        &puzzle,
        SudokuOptions {
            order: Order::Mrv,
            rejects: true,
        },
    );
    for _ in 0..2000 {
        let Some(event) = search.next() else { break };
        for line in worked_text(&search, &event, WIDE, 2) {
            check_arithmetic(&line, 0x1ff);
        }
    }
}

// Colouring ------------------------------------------------------------

/// The edges of a DIMACS file, 0-based.
fn edges(text: &str) -> Vec<(u32, u32)> {
    text.lines()
        .filter_map(|line| line.strip_prefix("e "))
        .map(|pair| {
            let mut ends = pair
                .split_whitespace()
                .map(|v| v.parse::<u32>().expect("a vertex number") - 1);
            let mut end = || ends.next().expect("an edge's two ends");
            (end(), end())
        })
        .collect()
}

#[test]
fn colour_arithmetic_matches_the_colours_at_every_step() {
    let cases = [
        (
            "seed",
            include_str!("../../assets/colour/sample.col"),
            3,
            false,
        ),
        (
            "seed",
            include_str!("../../assets/colour/sample.col"),
            2,
            false,
        ),
        (
            "myciel3",
            include_str!("../../assets/colour/myciel3.col"),
            4,
            false,
        ),
        (
            "petersen",
            include_str!("../../assets/colour/petersen.col"),
            3,
            true,
        ),
    ];
    for (name, text, m, all_colourings) in cases {
        let edges = edges(text);
        let vertices = edges.iter().map(|&(a, b)| a.max(b) + 1).max().unwrap() as usize;
        let m_arg = m.to_string();
        let mut args = vec!["colour", "--graph", name, "-m", &m_arg];
        if all_colourings {
            args.push("--all");
        }
        let events = jsonl(&args);
        let graph = input::colour::load_graph(name).unwrap().value;
        let options = ColourOptions {
            m,
            all: all_colourings,
            rejects: true,
        };
        let mut search = Colour::new(&graph, options);
        let all = (1u32 << m) - 1;
        let mut colours = vec![0u32; vertices];
        let mut coloured = 0usize;
        for (k, json) in events.iter().enumerate() {
            let event = search.next().unwrap();
            match json["event"].as_str().unwrap() {
                "place" => {
                    colours[field(json, "vertex") as usize] = field(json, "colour");
                    coloured += 1;
                }
                "undo" => {
                    colours[field(json, "vertex") as usize] = 0;
                    coloured -= 1;
                }
                _ => {}
            }
            let got = worked_text(&search, &event, WIDE, 2);
            // Vertices are coloured in order: the one being decided is the
            // first uncoloured, and the next event that names a vertex
            // names it.
            let u = coloured as u32;
            if u as usize == vertices {
                assert!(got.is_empty(), "{name} step {}: {got:?}", k + 1);
                continue;
            }
            if let Some(next) = events.get(k + 1)
                && ["place", "reject", "dead-end"].contains(&next["event"].as_str().unwrap())
            {
                assert_eq!(field(next, "vertex"), u, "{name} step {}", k + 2);
            }
            let mut neighbours: Vec<u32> = edges
                .iter()
                .filter_map(|&(a, b)| match (a == u, b == u) {
                    (true, _) => Some(b),
                    (_, true) => Some(a),
                    _ => None,
                })
                .collect();
            neighbours.sort_unstable();
            neighbours.dedup();
            let bit = |w: u32| match colours[w as usize] {
                0 => 0,
                k => 1 << (k - 1),
            };
            let used = neighbours.iter().fold(0, |acc, &w| acc | bit(w));
            let terms: Vec<String> = neighbours
                .iter()
                .map(|&w| bin(bit(w), u32::from(m)))
                .collect();
            let s = |x: u32| bin(x, u32::from(m));
            let used_line = if terms.is_empty() {
                format!("used = {} (no neighbours)", s(used))
            } else {
                format!("used = {} = {}", terms.join(" | "), s(used))
            };
            let want = vec![
                used_line,
                format!("legal = ¬{} & {} = {}", s(used), s(all), s(!used & all)),
            ];
            assert_eq!(got, want, "{name} m={m} step {}: {json}", k + 1);
            for width in [30, 20, 10] {
                for line in worked_text(&search, &event, width, 2) {
                    assert!(line.chars().count() <= usize::from(width), "{line:?}");
                    check_arithmetic(&line, all);
                }
            }
        }
    }
}

// Screens --------------------------------------------------------------

fn queens_at(step: usize) -> App<Queens> {
    let mut app = crate::apps::queens(4, true, crate::apps::colour());
    for _ in 0..step {
        app.timeline.forward();
    }
    app
}

#[test]
fn snapshots_at_100x30() {
    // 4-Queens: the place of (1,2), the reject of (1,1) by H, the first
    // dead end.
    for (step, what) in [(4, "place"), (3, "reject"), (9, "dead_end")] {
        let app = queens_at(step);
        let text = screen(|frame| render::draw(&app, frame));
        insta::assert_snapshot!(format!("worked_queens4_{what}"), text);
    }
    let mut app = crate::apps::sudoku("campus");
    for _ in 0..3 {
        app.timeline.forward();
    }
    insta::assert_snapshot!(
        "worked_sudoku_campus",
        screen(|frame| render::draw(&app, frame))
    );
    let graph = input::colour::load_graph("seed").unwrap();
    let options = ColourOptions {
        m: 3,
        all: false,
        rejects: true,
    };
    let mut app = App::new(
        Colour::new(&graph.value, options),
        &graph.name,
        crate::apps::colour(),
    );
    for _ in 0..4 {
        app.timeline.forward();
    }
    insta::assert_snapshot!(
        "worked_colour_seed",
        screen(|frame| render::draw(&app, frame))
    );
}

/// At 80x24 the 4-Queens place still shows its three mask lines, and the
/// screen keeps its log.
#[test]
fn queens4_place_fits_80x24() {
    let app = queens_at(4);
    let backend = ratatui::backend::TestBackend::new(80, 24);
    let mut terminal = ratatui::Terminal::new(backend).unwrap();
    terminal.draw(|frame| render::draw(&app, frame)).unwrap();
    let text = terminal.backend().to_string();
    for needle in [
        "C' = 0001 | 0100 = 0101",
        "H' = ((0010 | 0100) << 1) & 1111 = 1100",
        "L' = (0000 | 0100) >> 1 = 0010",
        "4  place (1,2)",
    ] {
        assert!(text.contains(needle), "{needle} in\n{text}");
    }
}
