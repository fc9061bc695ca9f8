//! Rat in a Maze (EVENTS.md §2 maze): the reference stream and summary, the paths
//! against an independent brute-force enumeration, and bad inputs.

use backstep::input::maze::{default_grid, load_grid, parse_list};
use backstep::print::{Mode, print};
use backstep::search::maze::{Grid, Maze, MazeEvent};
use backstep::search::{Search, SearchEvent};

use crate::Rng;
use crate::lib_outputs::{assert_jsonl_values, summaries_for};

const MAZE_DEFAULT: &str = include_str!("../fixtures/maze-default.jsonl");

fn output(search: Maze, mode: Mode) -> String {
    let mut out = Vec::new();
    print(search, mode, &mut out).expect("printing to memory works");
    String::from_utf8(out).expect("UTF-8 output")
}

#[test]
fn default_jsonl_matches_the_reference() {
    let text = output(Maze::new(&default_grid(), true), Mode::Jsonl);
    assert_jsonl_values("maze", &text, MAZE_DEFAULT);
}

#[test]
fn summaries_match_the_reference() {
    let cases = summaries_for("maze");
    assert!(!cases.is_empty(), "the reference has maze summaries");
    for (command, want) in cases {
        assert_eq!(command, "backstep maze --print summary", "a command to map");
        let got = output(Maze::new(&default_grid(), true), Mode::Summary);
        assert_eq!(got, want, "{command}");
    }
}

#[test]
fn summary_of_a_one_cell_maze_and_of_many_paths() {
    let one = output(Maze::new(&parse_list("1").unwrap(), true), Mode::Summary);
    assert_eq!(one, "maze 1x1: paths=1, nodes=1\n-\n");
    let jsonl = output(Maze::new(&parse_list(".").unwrap(), true), Mode::Jsonl);
    assert!(jsonl.contains(r#""event":"solution","path":"""#), "{jsonl}");
    assert!(jsonl.ends_with("{\"event\":\"done\",\"paths\":1,\"nodes\":1,\"first\":\"\"}\n"));
    // 4x4 all open: 184 corner-to-corner paths; the summary lists 20.
    let many = output(
        Maze::new(&parse_list("1111,1111,1111,1111").unwrap(), true),
        Mode::Summary,
    );
    let lines: Vec<&str> = many.lines().collect();
    assert!(
        lines[0].starts_with("maze 4x4: paths=184, nodes="),
        "{}",
        lines[0]
    );
    assert_eq!(lines.len(), 22);
    assert_eq!(lines[21], "(164 more)");
}

#[test]
fn walls_at_the_ends_reject_before_any_node() {
    let start = output(Maze::new(&parse_list("01,11").unwrap(), true), Mode::Jsonl);
    assert_eq!(
        start,
        "{\"step\":1,\"event\":\"reject\",\"row\":0,\"col\":0,\"reason\":\"wall\",\"nodes\":0}\n\
         {\"event\":\"done\",\"paths\":0,\"nodes\":0,\"first\":null}\n"
    );
    let goal = output(Maze::new(&parse_list("11,10").unwrap(), true), Mode::Jsonl);
    assert!(goal.starts_with(
        "{\"step\":1,\"event\":\"reject\",\"row\":1,\"col\":1,\"reason\":\"wall\",\"nodes\":0}\n"
    ));
    let summary = output(
        Maze::new(&parse_list("#1,11").unwrap(), true),
        Mode::Summary,
    );
    assert_eq!(summary, "maze 2x2: paths=0, nodes=0\n");
}

#[test]
fn table_trace_and_worksheet_cover_every_node() {
    let table = output(Maze::new(&default_grid(), true), Mode::Table);
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines[0], "| node | cell | move | path | outcome |");
    assert_eq!(lines.len(), 2 + 14, "one row per node:\n{table}");
    assert_eq!(lines[2], "| 1 | (0,0) | - | - | place D (1,0) |");
    assert!(
        table.contains("| 7 | (3,3) | R | DDRDRR | solution DDRDRR |"),
        "{table}"
    );
    let trace = output(Maze::new(&default_grid(), true), Mode::Trace);
    assert_eq!(trace.lines().count(), 1 + 58 + 3);
    let sheet = output(Maze::new(&default_grid(), true), Mode::Worksheet);
    assert!(
        sheet.contains("Result: `maze 4x4: paths=2, nodes=14`"),
        "{sheet}"
    );
}

/// Every simple path from the top-left to the bottom-right cell, by plain
/// recursion over the four neighbours, with the number of cells entered
/// (the start and every extension of a path that has not reached the goal).
fn brute_force(open: &[Vec<bool>]) -> (Vec<String>, u64) {
    fn walk(
        open: &[Vec<bool>],
        on: &mut Vec<Vec<bool>>,
        (r, c): (usize, usize),
        path: &mut String,
        out: &mut (Vec<String>, u64),
    ) {
        out.1 += 1;
        let (rows, cols) = (open.len(), open[0].len());
        if (r, c) == (rows - 1, cols - 1) {
            out.0.push(path.clone());
            return;
        }
        on[r][c] = true;
        let moves = [
            ('U', r.wrapping_sub(1), c),
            ('D', r + 1, c),
            ('L', r, c.wrapping_sub(1)),
            ('R', r, c + 1),
        ];
        for (letter, nr, nc) in moves {
            if nr < rows && nc < cols && open[nr][nc] && !on[nr][nc] {
                path.push(letter);
                walk(open, on, (nr, nc), path, out);
                path.pop();
            }
        }
        on[r][c] = false;
    }
    let (rows, cols) = (open.len(), open[0].len());
    let mut out = (Vec::new(), 0);
    if open[0][0] && open[rows - 1][cols - 1] {
        let mut on = vec![vec![false; cols]; rows];
        walk(open, &mut on, (0, 0), &mut String::new(), &mut out);
    }
    out.0.sort();
    out
}

#[test]
fn paths_match_a_brute_force_enumeration() {
    let mut rng = Rng::new(3);
    for case in 0..400 {
        let (rows, cols) = (1 + rng.below(5), 1 + rng.below(5));
        let percent = 55 + rng.below(40);
        let open: Vec<Vec<bool>> = (0..rows)
            .map(|_| (0..cols).map(|_| rng.chance(percent)).collect())
            .collect();
        let text: Vec<String> = open
            .iter()
            .map(|row| row.iter().map(|&o| if o { '1' } else { '0' }).collect())
            .collect();
        let text = text.join(",");
        let grid: Grid = parse_list(&text).expect("a valid maze");
        let mut maze = Maze::new(&grid, case % 2 == 0);
        let mut paths = Vec::new();
        while let Some(event) = maze.next() {
            if event == MazeEvent::Solution {
                paths.push(maze.moves());
            }
        }
        let (want, nodes) = brute_force(&open);
        assert_eq!(paths, want, "maze {text}: the paths, in sorted order");
        assert_eq!(maze.counters().nodes, nodes, "maze {text}: nodes");
        assert_eq!(maze.path_count(), want.len() as u64, "maze {text}");
        let summary = output(Maze::new(&grid, true), Mode::Summary);
        let first = summary.lines().next().unwrap_or_default().to_string();
        assert_eq!(
            first,
            format!("maze {rows}x{cols}: paths={}, nodes={nodes}", want.len())
        );
    }
}

#[test]
fn rejects_off_only_drops_rejects() {
    let grid = parse_list("1111,1011,1101,1111").unwrap();
    let with: Vec<MazeEvent> = Maze::new(&grid, true)
        .filter(|e| e.kind() != backstep::search::EventKind::Reject)
        .collect();
    let without: Vec<MazeEvent> = Maze::new(&grid, false).collect();
    assert_eq!(with, without);
}

#[test]
fn bad_mazes_are_refused_naming_the_spot() {
    let cases: [(&str, &str); 12] = [
        ("1000,1x01", "'x' at row 1, column 1"),
        ("10a0", "'a' at row 0, column 2"),
        ("1 0 2", "'2' at row 0, column 2"),
        ("1000,110,1100", "row 1 has 3 cells, row 0 has 4"),
        ("10,10,1", "row 2 has 1 cell, row 0 has 2"),
        ("", "the maze is empty"),
        ("   ", "the maze is empty"),
        ("10,,01", "row 1 is empty"),
        ("1,", "row 1 is empty"),
        ("11111111111111111", "maze is 1x17; at most 16"),
        (
            "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1",
            "maze is 17x1; at most 16",
        ),
        (
            "no-such-maze.txt",
            "the maze file \"no-such-maze.txt\" does not exist",
        ),
    ];
    for (input, want) in cases {
        match load_grid(input) {
            Ok(_) => panic!("{input:?} was accepted"),
            Err(e) => {
                let message = format!("{e:#}");
                assert!(
                    message.contains(want),
                    "{input:?}: {message:?} lacks {want:?}"
                );
            }
        }
    }
}

#[test]
fn maze_files_are_read_with_blank_lines_and_spaces_ignored() {
    let dir = std::env::temp_dir().join(format!("backstep-hc-maze-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("seed.maze");
    std::fs::write(&file, "1 0 0 0\r\n\n1101\n1.##\n\t0111\n\n").unwrap();
    let loaded = load_grid(file.to_str().unwrap()).expect("a valid maze file");
    assert_eq!(loaded.value, default_grid());
    assert_eq!(loaded.name, "seed.maze");
    std::fs::write(&file, "1000\n11z1\n").unwrap();
    let message = format!("{:#}", load_grid(file.to_str().unwrap()).unwrap_err());
    assert!(message.contains("'z' at row 1, column 2"), "{message}");
    std::fs::remove_dir_all(&dir).unwrap();
}
