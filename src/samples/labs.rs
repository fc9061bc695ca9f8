//! `backstep samples --labs`: one self-check line for each of the labs'
//! searches (the maze, colouring, the N-Queens variants, the Sudoku orders,
//! words and exact cover).
//!
//! Each [`Check`] runs one command's search to its end and holds its
//! figures against facts known apart from the code under check: the
//! reference summaries (`docs/EVENTS.md` §2, `reference/summaries.txt`), a
//! published count, or a second engine (a brute force over every
//! colouring, the mask search against the permutations). A check that
//! differs prints `FAIL` with what differed; [`run`] says whether all
//! passed, and `samples --labs` exits 1 when one did not.

use std::fmt::Debug;

use anyhow::Result;

use crate::input::{self, colour::load_graph, cover, maze::load_grid, words::load_words};
use crate::model;
use crate::search::Search;
use crate::search::colour::{Colour, ColourOptions, Graph};
use crate::search::cover::Cover;
use crate::search::maze::Maze;
use crate::search::queens::{Queens, QueensOptions};
use crate::search::queens_fundamental::Fundamental;
use crate::search::queens_permutations::Permutations;
use crate::search::queens_state::{QueensArray, QueensBools};
use crate::search::sudoku::{Order, Puzzle, Sudoku, SudokuOptions};
use crate::search::sudoku_dlx::SudokuDlx;
use crate::search::sudoku_propagate::{Propagate, PropagateOptions};
use crate::search::word::{WordOptions, WordSearch};
use crate::search::words::{Words, WordsOptions};

/// Where the reference figures come from.
const REFERENCE: &str = "reference summaries";

/// One self-check: the command it stands for and how to run it.
#[derive(Clone, Copy)]
pub struct Check {
    /// The command whose search the check runs, as a user would type it.
    pub command: &'static str,
    /// Runs the search and holds its figures against the expected ones.
    pub run: fn() -> Result<Outcome>,
}

/// What a check found: its result in a line, and every figure that
/// differed from what was expected.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    result: String,
    differences: Vec<String>,
}

impl Outcome {
    /// An outcome whose result reads `result`, with nothing differing yet.
    pub fn new(result: impl Into<String>) -> Outcome {
        Outcome {
            result: result.into(),
            differences: Vec::new(),
        }
    }

    /// An outcome whose result is the first line of the search's summary
    /// (as `--print summary` prints it).
    pub fn summary<S: model::Report>(search: &S) -> Outcome {
        Outcome::new(model::summary(search).first_line())
    }

    /// Holds `got` against `want`, which `source` states; a difference is
    /// recorded as `what got, expected want (source)`.
    pub fn expect<T: PartialEq + Debug>(
        mut self,
        what: &str,
        got: T,
        want: T,
        source: &str,
    ) -> Self {
        if got != want {
            self.differences
                .push(format!("{what} {got:?}, expected {want:?} ({source})"));
        }
        self
    }

    /// The result, in a line.
    pub fn result(&self) -> &str {
        &self.result
    }

    /// What differed, one entry per figure.
    pub fn differences(&self) -> &[String] {
        &self.differences
    }

    /// Whether every figure was as expected.
    pub fn is_ok(&self) -> bool {
        self.differences.is_empty()
    }
}

/// Runs one check and writes its line: the command, the result, and `ok`
/// or `FAIL:` with what differed (a check that could not run fails with
/// its error). Returns the line and whether it passed.
pub fn line(check: &Check) -> (String, bool) {
    let outcome = (check.run)().unwrap_or_else(|err| Outcome {
        result: String::from("(did not run)"),
        differences: vec![format!("{err:#}")],
    });
    let verdict = if outcome.is_ok() {
        String::from("ok")
    } else {
        format!("FAIL: {}", outcome.differences.join("; "))
    };
    let text = format!(
        "backstep {:<44} {}  {verdict}",
        check.command, outcome.result
    );
    (text, outcome.is_ok())
}

/// Runs `checks` in order and returns their lines, a last line with the
/// tally, and whether every check passed.
pub fn run_checks(checks: &[Check]) -> (String, bool) {
    let mut text = String::new();
    let mut passed = 0;
    for check in checks {
        let (line, ok) = line(check);
        text.push_str(&line);
        text.push('\n');
        passed += usize::from(ok);
    }
    let all = passed == checks.len();
    let failed = checks.len() - passed;
    let verdict = if all { "PASS" } else { "FAIL" };
    text.push_str(&format!(
        "labs checks = {verdict} ({passed} ok, {failed} FAIL)\n"
    ));
    (text, all)
}

/// Runs every check of [`CHECKS`].
pub fn run() -> (String, bool) {
    run_checks(CHECKS)
}

/// The labs' checks, in the order they print.
pub const CHECKS: &[Check] = &[
    Check {
        command: "maze",
        run: maze_default,
    },
    Check {
        command: "maze --grid 111,111,111",
        run: || open_maze(3, 12),
    },
    Check {
        command: "maze --grid 1111,1111,1111,1111",
        run: || open_maze(4, 184),
    },
    Check {
        command: "colour",
        run: || colour_seed(3, false),
    },
    Check {
        command: "colour -m 2",
        run: || colour_seed(2, false),
    },
    Check {
        command: "colour --all",
        run: || colour_seed(3, true),
    },
    Check {
        command: "colour --graph petersen --all",
        run: || colour_shipped("petersen", 3, Some(3)),
    },
    Check {
        command: "colour --graph petersen -m 2 --all",
        run: || colour_shipped("petersen", 2, Some(3)),
    },
    Check {
        command: "colour --graph myciel3 --all",
        run: || colour_shipped("myciel3", 3, Some(4)),
    },
    Check {
        command: "colour --graph myciel3 -m 4 --all",
        run: || colour_shipped("myciel3", 4, Some(4)),
    },
    Check {
        command: "queens 8 --permutations",
        run: permutations_8,
    },
    Check {
        command: "queens N --permutations, N = 0..9",
        run: permutations_against_masks,
    },
    Check {
        command: "queens 8 --fundamental",
        run: fundamental_8,
    },
    Check {
        command: "queens N --fundamental, N = 0..10",
        run: fundamental_counts,
    },
    Check {
        command: "queens N [--full] --state bools, N = 0..10",
        run: || states_against_masks(Held::Bools),
    },
    Check {
        command: "queens N [--full] --state array, N = 0..10",
        run: || states_against_masks(Held::Array),
    },
    Check {
        command: "sudoku sample --order propagate",
        run: || propagate("sample", 51),
    },
    Check {
        command: "sudoku campus --order propagate",
        run: || propagate("campus", 8),
    },
    Check {
        command: "sudoku sample --order dlx",
        run: || dlx("sample", 82, 1467),
    },
    Check {
        command: "sudoku campus --order dlx",
        run: || dlx("campus", 17, 120),
    },
    Check {
        command: "words",
        run: words_default,
    },
    Check {
        command: "cover knuth",
        run: cover_knuth,
    },
    Check {
        command: "cover queens8",
        run: cover_queens8,
    },
    Check {
        command: "cover langford4",
        run: || cover_count("langford4", 2),
    },
    Check {
        command: "cover pentomino3x20",
        run: || cover_count("pentomino3x20", 8),
    },
];

fn finish<S: Search>(mut search: S) -> S {
    search.run_to_end();
    search
}

fn maze_default() -> Result<Outcome> {
    let grid = load_grid(input::maze::DEFAULT)?.value;
    let maze = finish(Maze::new(&grid, false));
    Ok(Outcome::summary(&maze)
        .expect("paths", maze.path_count(), 2, REFERENCE)
        .expect("nodes", maze.counters().nodes, 14, REFERENCE)
        .expect(
            "paths",
            maze.paths(),
            &["DDRDRR".into(), "DRDDRR".into()],
            REFERENCE,
        ))
}

/// An open `side` x `side` maze: its paths are the self-avoiding walks
/// from corner to opposite corner, counted in OEIS A007764 (1, 2, 12, 184,
/// 8512, ...).
fn open_maze(side: usize, walks: u64) -> Result<Outcome> {
    let rows = vec!["1".repeat(side); side].join(",");
    let maze = finish(Maze::new(&load_grid(&rows)?.value, false));
    Ok(Outcome::summary(&maze).expect(
        "paths",
        maze.path_count(),
        walks,
        "corner-to-corner self-avoiding walks, OEIS A007764",
    ))
}

fn colour_search(graph: &Graph, m: u8, all: bool) -> Colour {
    let options = ColourOptions {
        m,
        all,
        rejects: false,
    };
    finish(Colour::new(graph, options))
}

fn colour_seed(m: u8, all: bool) -> Result<Outcome> {
    let graph = input::colour::default_graph();
    let search = colour_search(&graph, m, all);
    let (nodes, solutions, first): (u64, u64, &[u8]) = match (m, all) {
        (3, false) => (5, 1, &[1, 2, 2, 3]),
        (2, false) => (7, 0, &[]),
        _ => (28, 6, &[1, 2, 2, 3]),
    };
    let (count, lowest) = brute_colourings(&graph, m);
    let outcome = Outcome::summary(&search)
        .expect("nodes", search.counters().nodes, nodes, REFERENCE)
        .expect("colourings", search.colourings(), solutions, REFERENCE)
        .expect(
            "colours",
            search.first().unwrap_or_default(),
            first,
            REFERENCE,
        )
        .expect("first", search.first(), lowest.as_deref(), "brute force");
    Ok(if all {
        outcome.expect("colourings", search.colourings(), count, "brute force")
    } else {
        outcome
    })
}

/// A shipped graph, every colouring counted and held against a brute
/// force over all m^V assignments; `chromatic`: the graph's chromatic
/// number, below which there is none.
fn colour_shipped(name: &str, m: u8, chromatic: Option<u8>) -> Result<Outcome> {
    let graph = load_graph(name)?.value;
    let search = colour_search(&graph, m, true);
    let (count, lowest) = brute_colourings(&graph, m);
    let outcome = Outcome::summary(&search)
        .expect("colourings", search.colourings(), count, "brute force")
        .expect("first", search.first(), lowest.as_deref(), "brute force");
    Ok(match chromatic {
        Some(chi) => outcome.expect(
            "found",
            search.colourings() > 0,
            m >= chi,
            "its chromatic number",
        ),
        None => outcome,
    })
}

/// Every assignment of colours 1..=m to the vertices, in lexicographic
/// order: how many are proper, and the first that is. Independent of the
/// search: no pruning, no order of its own.
pub fn brute_colourings(graph: &Graph, m: u8) -> (u64, Option<Vec<u8>>) {
    let edges = graph.edges();
    let mut colours = vec![1u8; graph.vertices()];
    let mut count = 0;
    let mut first = None;
    loop {
        let proper = edges
            .iter()
            .all(|&(a, b)| colours[usize::from(a)] != colours[usize::from(b)]);
        if proper && m > 0 {
            count += 1;
            first.get_or_insert_with(|| colours.clone());
        }
        let Some(i) = colours.iter().rposition(|&k| k < m) else {
            return (count, first);
        };
        colours[i] += 1;
        colours[i + 1..].fill(1);
    }
}

fn permutations_8() -> Result<Outcome> {
    let search = finish(Permutations::new(8, false));
    Ok(Outcome::summary(&search)
        .expect("solutions", search.counters().solutions, 92, REFERENCE)
        .expect("nodes", search.counters().nodes, 109_601, REFERENCE))
}

fn masks(n: u8, symmetry: bool) -> Queens {
    finish(Queens::new(QueensOptions {
        n,
        symmetry,
        rejects: false,
    }))
}

/// Permutations against the mask search for n = 0..9: the same solutions;
/// and one node per partial permutation, sum over k of n!/(n-k)!.
fn permutations_against_masks() -> Result<Outcome> {
    let mut outcome = Outcome::default();
    let mut counts = Vec::new();
    for n in 0..=9u8 {
        let search = finish(Permutations::new(n, false));
        let want = masks(n, false).counters().solutions;
        let (mut partial, mut arranged) = (0, 1);
        for k in 0..=u64::from(n) {
            partial += arranged;
            arranged *= u64::from(n).saturating_sub(k);
        }
        outcome = outcome
            .expect(
                &format!("n={n} solutions"),
                search.counters().solutions,
                want,
                "the mask search",
            )
            .expect(
                &format!("n={n} nodes"),
                search.counters().nodes,
                partial,
                "partial permutations",
            );
        counts.push(search.counters().solutions.to_string());
    }
    outcome.result = format!("solutions={} as the masks", counts.join(","));
    Ok(outcome)
}

fn fundamental_8() -> Result<Outcome> {
    let search = finish(Fundamental::new(8, false));
    Ok(Outcome::summary(&search)
        .expect("solutions", search.counters().solutions, 92, REFERENCE)
        .expect("fundamental", search.fundamental(), 12, REFERENCE)
        .expect("nodes", search.counters().nodes, 2057, REFERENCE)
        .expect("orbits", search.census(), vec![(8, 11), (4, 1)], REFERENCE))
}

/// Fundamental solutions for n = 0..10 against OEIS A002562; the orbits of
/// the canonical ones add up to the mask search's solutions.
fn fundamental_counts() -> Result<Outcome> {
    const A002562: [u64; 11] = [1, 1, 0, 0, 1, 2, 1, 6, 12, 46, 92];
    let mut outcome = Outcome::default();
    let mut counts = Vec::new();
    for (n, want) in (0..).zip(A002562) {
        let search = finish(Fundamental::new(n, false));
        let orbits: u64 = search
            .census()
            .iter()
            .map(|&(size, k)| u64::from(size) * k)
            .sum();
        let all = masks(n, false).counters().solutions;
        outcome = outcome
            .expect(
                &format!("n={n} fundamental"),
                search.fundamental(),
                want,
                "OEIS A002562",
            )
            .expect(&format!("n={n} orbits"), orbits, all, "the mask search");
        counts.push(search.fundamental().to_string());
    }
    outcome.result = format!("fundamental={} (OEIS A002562)", counts.join(","));
    Ok(outcome)
}

/// A way of holding the attacks other than the masks.
#[derive(Clone, Copy)]
enum Held {
    Bools,
    Array,
}

/// The same tree as the masks: every counter equal, n = 0..10, with
/// symmetry and without (but the work, which each state counts in its
/// own unit).
fn states_against_masks(held: Held) -> Result<Outcome> {
    let mut outcome = Outcome::default();
    let mut nodes = 0;
    for n in 0..=10u8 {
        for symmetry in [true, false] {
            let mut counters = match held {
                Held::Bools => *finish(QueensBools::new(n, symmetry, false)).counters(),
                Held::Array => *finish(QueensArray::new(n, symmetry, false)).counters(),
            };
            let mut want = *masks(n, symmetry).counters();
            (counters.work, want.work) = (0, 0);
            let what = format!("n={n} symmetry={symmetry} counters");
            outcome = outcome.expect(&what, counters, want, "the mask search");
            nodes += counters.nodes;
        }
    }
    outcome.result = format!("nodes={nodes} in all, every counter but the work as the masks");
    Ok(outcome)
}

/// The MRV search's solution of a shipped puzzle: the grid the other
/// orders must reach.
fn mrv_solution(puzzle: &Puzzle) -> Option<Vec<u8>> {
    let options = SudokuOptions {
        order: Order::Mrv,
        rejects: false,
    };
    finish(Sudoku::new(puzzle, options))
        .first_solution()
        .map(<[u8]>::to_vec)
}

fn propagate(name: &str, forced: u64) -> Result<Outcome> {
    let puzzle = input::load_puzzle(name)?.value;
    let search = finish(Propagate::new(&puzzle, PropagateOptions { rejects: false }));
    Ok(Outcome::summary(&search)
        .expect("solutions", search.solution_count(), 1, REFERENCE)
        .expect("nodes", search.counters().nodes, 1, REFERENCE)
        .expect("forced", search.forced(), forced, REFERENCE)
        .expect(
            "grid",
            search.first_solution().map(<[u8]>::to_vec),
            mrv_solution(&puzzle),
            "the MRV search",
        ))
}

fn dlx(name: &str, nodes: u64, updates: u64) -> Result<Outcome> {
    let puzzle = input::load_puzzle(name)?.value;
    let search = finish(SudokuDlx::new(&puzzle));
    Ok(Outcome::summary(&search)
        .expect("solutions", search.solution_count(), 1, REFERENCE)
        .expect("nodes", search.counters().nodes, nodes, REFERENCE)
        .expect("updates", search.updates(), updates, REFERENCE)
        .expect(
            "grid",
            search.first_solution(),
            mrv_solution(&puzzle),
            "the MRV search",
        ))
}

/// The default words: the reference figures, and each word found exactly
/// when the one-word search finds it on the same board.
fn words_default() -> Result<Outcome> {
    let board = input::load_board(input::words::DEFAULT_BOARD)?.value;
    let list = load_words(input::words::DEFAULT_WORDS)?;
    let options = WordsOptions {
        rejects: false,
        ..WordsOptions::default()
    };
    let search = finish(Words::new(&board, &list, options));
    let found: Vec<&str> = search.found_words().iter().map(|&(w, _)| w).collect();
    let alone: Vec<&str> = list
        .iter()
        .filter(|word| {
            let options = WordOptions {
                inventory: true,
                reverse: false,
                rejects: false,
            };
            finish(WordSearch::new(&board, word.as_str(), options))
                .found()
                .is_some()
        })
        .map(String::as_str)
        .collect();
    Ok(Outcome::summary(&search)
        .expect("found", search.counters().solutions, 2, REFERENCE)
        .expect("nodes", search.counters().nodes, 9, REFERENCE)
        .expect("words", found.clone(), vec!["OATH", "EAT"], REFERENCE)
        .expect("words", found, alone, "the one-word search"))
}

fn cover_search(name: &str) -> Result<Cover> {
    Ok(finish(Cover::new(&cover::load(name)?.value, None)))
}

fn cover_knuth() -> Result<Outcome> {
    let search = cover_search("knuth")?;
    Ok(Outcome::summary(&search)
        .expect("solutions", search.solutions(), 1, REFERENCE)
        .expect("nodes", search.counters().nodes, 6, REFERENCE)
        .expect("updates", search.updates(), 17, REFERENCE)
        .expect(
            "options",
            search.first_solution(),
            Some(&[0, 3, 4][..]),
            REFERENCE,
        ))
}

/// Eight queens as exact cover: as many solutions as the mask search.
fn cover_queens8() -> Result<Outcome> {
    let search = cover_search("queens8")?;
    let want = masks(8, false).counters().solutions;
    Ok(Outcome::summary(&search).expect("solutions", search.solutions(), want, "the mask search"))
}

fn cover_count(name: &str, solutions: u64) -> Result<Outcome> {
    let search = cover_search(name)?;
    Ok(Outcome::summary(&search).expect(
        "solutions",
        search.solutions(),
        solutions,
        "docs/EVENTS.md §2",
    ))
}
