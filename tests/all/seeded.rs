//! `--seed S` instances (EVENTS.md §5): each checked by an oracle of its own
//! (a brute-force Sudoku counter, a breadth-first search of the maze, every
//! subset of the cover's options), pinned so that a seed names the same
//! instance in every later version, and shown as the arguments that
//! rebuild them.

use backstep::assets;
use backstep::input::{self, seeded};
use backstep::search::cover::Problem;

use crate::{backstep, stderr_text, stdout_text};

/// Solutions of a 9x9 grid (`.` blank), counted to `cap` by plain
/// backtracking over the cells in order: no MRV, no shared code.
fn count_sudoku(grid: &mut [u8; 81], cap: u32) -> u32 {
    let Some(cell) = grid.iter().position(|&d| d == 0) else {
        return 1;
    };
    let (r, c) = (cell / 9, cell % 9);
    let mut found = 0;
    for d in 1..=9u8 {
        let clash = (0..9).any(|i| {
            grid[r * 9 + i] == d
                || grid[i * 9 + c] == d
                || grid[(r / 3 * 3 + i / 3) * 9 + c / 3 * 3 + i % 3] == d
        });
        if clash {
            continue;
        }
        grid[cell] = d;
        found += count_sudoku(grid, cap - found);
        grid[cell] = 0;
        if found >= cap {
            break;
        }
    }
    found
}

fn sudoku_cells(text: &str) -> [u8; 81] {
    let mut grid = [0u8; 81];
    assert_eq!(text.len(), 81, "{text}");
    for (i, ch) in text.bytes().enumerate() {
        grid[i] = match ch {
            b'.' => 0,
            b'1'..=b'9' => ch - b'0',
            _ => panic!("{text}"),
        };
    }
    grid
}

#[test]
fn seeded_sudokus_have_exactly_one_solution_and_differ_by_seed() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..24u64 {
        let clues = [30, 26, 40, 60][seed as usize % 4];
        let made = seeded::make_sudoku(seed, Some(clues)).expect("a puzzle");
        // The grid as the user sees it, read by the test's own reader.
        let text = made.loaded.name;
        assert_eq!(made.command, format!("sudoku {text}"));
        let mut grid = sudoku_cells(&text);
        let givens = grid.iter().filter(|&&d| d != 0).count();
        assert_eq!(givens, clues, "seed {seed}: {text}");
        // The givens break no rule, and the puzzle has one solution.
        assert_eq!(count_sudoku(&mut grid, 2), 1, "seed {seed}: {text}");
        assert!(seen.insert(text), "seed {seed} repeats a puzzle");
    }
}

#[test]
fn seeded_instances_are_pinned() {
    // A later version must make these very instances from these seeds,
    // and show them as these arguments.
    let args = |made: Result<String, anyhow::Error>| made.expect("an instance");
    assert_eq!(
        args(seeded::make_sudoku(1, Some(30)).map(|m| m.command)),
        "sudoku ..6..2.7...84..21.1..7.8...312.....68...9.1.....32...89....3..7.31..54697........"
    );
    assert_eq!(
        args(seeded::make_maze(3, Some(4)).map(|m| m.command)),
        "maze --grid 1110,1001,1010,1111"
    );
    assert_eq!(
        args(seeded::make_graph(4, Some(6), Some(9)).map(|m| m.command)),
        "colour --vertices 6 --edges 2-4,1-5,3-4,2-3,4-5,0-2,0-1,0-3,2-5"
    );
    assert_eq!(
        args(seeded::make_word_board(5, "BACKSTEP").map(|m| m.command)),
        "word --board RSTE,KCAK,STBB,PEKD --word BACKSTEP"
    );
    assert_eq!(
        args(seeded::make_words(6).map(|m| m.command)),
        "words --board XKKO,OCCO,LXXO,CKNL --words OLCKX,CKXOL,KOOCC,CKNXX,OLCKK"
    );
    // Its options as the screen's board shows them (`cover --seed 8
    // --print frame`), in the order drawn.
    assert_eq!(
        seeded::cover(8),
        [
            vec!["g"],
            vec!["e"],
            vec!["b", "d", "f"],
            vec!["a", "c", "g"],
            vec!["c", "d"],
            vec!["a", "f"],
            vec!["b", "c", "d"],
            vec!["a", "b"],
        ]
    );
}

/// Whether the maze (true: open) has a path from the top-left cell to the
/// bottom-right one, by breadth-first search.
fn maze_has_path(grid: &[Vec<bool>]) -> bool {
    let n = grid.len();
    if !grid[0][0] {
        return false;
    }
    let mut seen = vec![vec![false; n]; n];
    let mut queue = std::collections::VecDeque::from([(0usize, 0usize)]);
    seen[0][0] = true;
    while let Some((r, c)) = queue.pop_front() {
        if (r, c) == (n - 1, n - 1) {
            return true;
        }
        let steps = [
            (r.wrapping_sub(1), c),
            (r + 1, c),
            (r, c.wrapping_sub(1)),
            (r, c + 1),
        ];
        for (a, b) in steps {
            if a < n && b < n && grid[a][b] && !seen[a][b] {
                seen[a][b] = true;
                queue.push_back((a, b));
            }
        }
    }
    false
}

#[test]
fn every_seeded_maze_has_a_path() {
    let mut distinct = std::collections::BTreeSet::new();
    for side in 2..=16u64 {
        for seed in 0..40u64 {
            let grid = seeded::maze(seed, side).expect("a maze");
            assert_eq!(grid.len() as u64, side, "{grid:?}");
            assert!(grid.iter().all(|r| r.len() as u64 == side), "{grid:?}");
            assert!(maze_has_path(&grid), "seed {seed} side {side}: {grid:?}");
            distinct.insert(grid);
        }
    }
    assert!(distinct.len() > 500, "{} distinct mazes", distinct.len());
}

/// Whether some set of the options covers every item exactly once, by
/// trying every subset of the options.
fn has_exact_cover(items: &[&str], options: &[Vec<&str>]) -> bool {
    let options: Vec<u32> = options
        .iter()
        .map(|o| {
            o.iter()
                .map(|name| 1u32 << items.iter().position(|i| i == name).expect("an item"))
                .fold(0, |a, b| a | b)
        })
        .collect();
    let all = (1u32 << items.len()) - 1;
    (0u32..1 << options.len()).any(|subset| {
        let chosen = (0..options.len()).filter(|&o| subset >> o & 1 == 1);
        let mut covered = 0u32;
        for o in chosen {
            if covered & options[o] != 0 {
                return false;
            }
            covered |= options[o];
        }
        covered == all
    })
}

#[test]
fn every_seeded_cover_has_an_exact_cover() {
    let mut distinct = std::collections::BTreeSet::new();
    for seed in 0..200u64 {
        let options = seeded::cover(seed);
        assert!(
            has_exact_cover(seeded::COVER_ITEMS, &options),
            "seed {seed}: {options:?}"
        );
        distinct.insert(options);
    }
    assert!(distinct.len() > 150, "{}", distinct.len());
}

#[test]
fn seeded_words_and_graphs_hold_what_they_promise() {
    for seed in 0..50u64 {
        // The graph: E distinct edges between V vertices, none a loop.
        let edges = seeded::graph(seed, 7, Some(10)).expect("a graph");
        assert_eq!(edges.len(), 10, "{edges:?}");
        assert!(edges.iter().all(|&(a, b)| a < b && b < 7), "{edges:?}");
        let mut pairs = edges.clone();
        pairs.sort_unstable();
        pairs.dedup();
        assert_eq!(pairs.len(), 10, "{edges:?}");
    }
    for (seed, word) in [
        (1u64, "SEE"),
        (2, "BACKTRACKING"),
        (3, "ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEF"),
    ] {
        // The word is on its board, found by the search (the summary).
        let out = backstep(&[
            "word",
            "--seed",
            &seed.to_string(),
            "--word",
            word,
            "--print",
            "summary",
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr_text(&out));
        let text = stdout_text(&out);
        assert!(
            text.lines().nth(1).is_some_and(|l| l.contains("found=1")),
            "{text}"
        );
    }
}

#[test]
fn the_instance_is_the_first_line_and_rebuilds_the_same_search() {
    let cases: &[&[&str]] = &[
        &["sudoku", "--seed", "9", "--clues", "35"],
        &["maze", "--seed", "2", "--size", "6"],
        &[
            "colour",
            "--seed",
            "3",
            "--vertices",
            "7",
            "--edges-count",
            "9",
        ],
        &["word", "--seed", "4", "--word", "SEE"],
        &["words", "--seed", "5"],
    ];
    for args in cases {
        for mode in ["trace", "summary"] {
            let mut with = args.to_vec();
            with.extend(["--print", mode]);
            let out = backstep(&with);
            assert_eq!(
                out.status.code(),
                Some(0),
                "{with:?}: {}",
                stderr_text(&out)
            );
            let text = stdout_text(&out);
            let (first, rest) = text.split_once('\n').expect("lines");
            let instance = first.strip_prefix("instance: ").expect("the instance line");
            // The plain arguments print the same output, line for line.
            let mut again: Vec<&str> = instance.split(' ').collect();
            again.extend(["--print", mode]);
            let plain = backstep(&again);
            assert_eq!(stdout_text(&plain), rest, "{again:?}");
        }
    }
    // Different seeds, different instances.
    let first_line = |seed: &str| {
        let out = backstep(&["maze", "--seed", seed, "--print", "summary"]);
        stdout_text(&out)
            .lines()
            .next()
            .unwrap_or_default()
            .to_string()
    };
    assert_ne!(first_line("1"), first_line("2"));
}

#[test]
fn a_seeded_worksheet_names_its_seed_and_its_instance() {
    let out = backstep(&["sudoku", "--seed", "11", "--print", "worksheet", "--no-key"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_text(&out));
    let text = stdout_text(&out);
    assert!(
        text.contains("\n\nbackstep-command: sudoku --seed 11\n\n"),
        "{text}"
    );
    // Blanks picked by a column default, not by the seed.
    assert!(text.contains("backstep-blanks: legal,outcome\n"), "{text}");
    let summary = stdout_text(&backstep(&["sudoku", "--seed", "11", "--print", "summary"]));
    let instance = summary
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("instance: "))
        .expect("line");
    let joined = text.replace('\n', " ");
    assert!(
        joined.contains(&format!("`backstep {instance}` rebuilds it")),
        "{text}"
    );
    assert!(!text.contains("## Answer key"));
}

#[test]
fn out_of_range_options_exit_2_naming_them() {
    let cases: &[(&[&str], &str)] = &[
        (&["sudoku", "--seed", "1", "--clues", "16"], "--clues 16"),
        (&["sudoku", "--seed", "1", "--clues", "81"], "--clues 81"),
        (&["maze", "--seed", "1", "--size", "1"], "--size 1"),
        (&["maze", "--seed", "1", "--size", "17"], "--size 17"),
        (&["maze", "--size", "5"], "applies only with --seed"),
        (
            &[
                "colour",
                "--seed",
                "1",
                "--vertices",
                "4",
                "--edges-count",
                "7",
            ],
            "--edges-count 7",
        ),
        (&["sudoku", "--clues", "30"], "--seed"),
        // Beside a named maze the seed is the run's, for a worksheet or an
        // estimate only.
        (
            &["maze", "--seed", "1", "--grid", "11,11"],
            "--seed applies only",
        ),
        (
            &["sudoku", "campus", "--seed", "1", "--clues", "30"],
            "--clues applies only",
        ),
        (
            &["queens", "4", "--size", "5", "--print", "summary"],
            "--size '5'",
        ),
    ];
    for (args, named) in cases {
        let mut with = args.to_vec();
        if !with.contains(&"--print") {
            with.extend(["--print", "summary"]);
        }
        let out = backstep(&with);
        assert_eq!(out.status.code(), Some(2), "{with:?}");
        assert!(out.stdout.is_empty(), "{with:?}");
        let err = stderr_text(&out);
        assert!(err.contains(named), "{with:?}: {err}");
    }
}

/// The value of each option of a seeded instance's arguments, in order
/// (`--grid 1110,1001` gives `[("--grid", "1110,1001")]`), as a shell
/// would split them: no argument a seed makes holds a space, and only an
/// empty edge list is quoted (`''`).
fn option_values(args: &str) -> Vec<(&str, &str)> {
    let words: Vec<&str> = args.split(' ').collect();
    assert!(words.len().is_multiple_of(2), "{args}");
    words
        .chunks(2)
        .map(|pair| (pair[0], if pair[1] == "''" { "" } else { pair[1] }))
        .collect()
}

/// A problem in DLX format, written by the test: the item line (a `|`
/// before the secondary items) and an option a line.
fn dlx(problem: &Problem) -> String {
    let items = problem.items();
    let mut line: Vec<&str> = items[..problem.primary()]
        .iter()
        .map(String::as_str)
        .collect();
    if problem.primary() < items.len() {
        line.push("|");
        line.extend(items[problem.primary()..].iter().map(String::as_str));
    }
    let mut text = format!("{}\n", line.join(" "));
    for option in 0..problem.options().len() {
        let names: Vec<&str> = problem.option_names(option as u32).collect();
        text.push_str(&names.join(" "));
        text.push('\n');
    }
    text
}

/// What `--seed` once did on every run, now a test: the arguments a
/// seeded instance is shown as, read by the ordinary loaders (as the
/// command reads them when typed), give the very instance the generator
/// built directly; and the generator's instance passed the same
/// constructor checks, so it is checked like any typed one.
#[test]
fn a_seeded_instance_is_what_its_arguments_read_back_to() {
    const LETTERS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEF";
    for seed in 0..48u64 {
        let clues = [30, 40, 60, 80][seed as usize % 4];
        let made = seeded::make_sudoku(seed, Some(clues)).expect("a puzzle");
        let typed = input::load_puzzle(&made.loaded.name).expect("the grid reads back");
        assert_eq!(typed.value, made.loaded.value, "sudoku seed {seed}");

        let made = seeded::make_maze(seed, Some(2 + seed % 15)).expect("a maze");
        let [("--grid", rows)] = option_values(&made.loaded.name)[..] else {
            panic!("{}", made.loaded.name)
        };
        let typed = input::maze::maze_of(None, Some(rows)).expect("the rows read back");
        assert_eq!(typed.value, made.loaded.value, "maze seed {seed}");

        let vertices = seed as usize % 12;
        let pairs = vertices * (vertices.max(1) - 1) / 2;
        for edges in [None, Some(pairs / 2), Some(pairs)] {
            let made = seeded::make_graph(seed, Some(vertices), edges).expect("a graph");
            let [("--vertices", v), ("--edges", list)] = option_values(&made.loaded.name)[..]
            else {
                panic!("{}", made.loaded.name)
            };
            assert_eq!(v, vertices.to_string());
            let typed = input::colour::parse_edges(list, Some(vertices)).expect("the edges");
            assert_eq!(typed, made.loaded.value, "colour seed {seed}: {list}");
        }

        let word = &LETTERS[..seed as usize % (LETTERS.len() + 1)];
        let made = seeded::make_word_board(seed, word).expect("a board");
        let [("--board", rows), ("--word", w)] = option_values(&made.loaded.name)[..] else {
            panic!("{}", made.loaded.name)
        };
        assert_eq!(w, word);
        let typed = input::board_of(assets::BOARDS, None, Some(rows), "sample").expect("rows");
        assert_eq!(typed.value, made.loaded.value, "word seed {seed}");

        let made = seeded::make_words(seed).expect("a board and words");
        let [("--board", rows), ("--words", list)] = option_values(&made.loaded.name)[..] else {
            panic!("{}", made.loaded.name)
        };
        let board = input::board_of(assets::WORDS_BOARDS, None, Some(rows), "x").expect("rows");
        let words = input::words::load_words(list).expect("the words read back");
        assert_eq!((board.value, words), made.loaded.value, "words seed {seed}");

        let made = seeded::make_cover(seed).expect("a problem");
        let text = dlx(&made.loaded.value);
        let typed = input::cover::parse(&text, &made.loaded.name).expect("the DLX reads back");
        assert_eq!(typed, made.loaded.value, "cover seed {seed}:\n{text}");
    }
}
