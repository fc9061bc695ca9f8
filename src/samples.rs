//! `backstep samples`: the sample searches of the reference programs, with
//! their self-check; with `--labs`, the labs' self-checks ([`labs`]).

pub mod labs;

use anyhow::Result;

use crate::input;
use crate::model::Report;
use crate::search::Search;
use crate::search::queens::{Queens, QueensOptions};
use crate::search::sudoku::{Order, Sudoku, SudokuOptions};
use crate::search::word::{Board, WordOptions, WordSearch};

/// The name of the samples' Sudoku and board among the shipped ones
/// (`assets/sudoku/sample.txt`, `assets/word/sample.txt`): the one list.
pub const SAMPLE: &str = "sample";
/// The words searched on the sample board, with whether each should be
/// found.
pub const WORDS: [(&str, bool); 3] = [("ABCCED", true), ("SEE", true), ("ABCB", false)];

/// Runs the samples and returns their lines and whether every check passed.
pub fn run() -> Result<(String, bool)> {
    let mut lines = Vec::new();
    let mut ok = true;
    for (n, symmetry) in [(4, true), (8, true), (8, false)] {
        let queens = finish(Queens::new(QueensOptions {
            n,
            symmetry,
            rejects: false,
        }));
        ok &= queens.counters().solutions == if n == 4 { 2 } else { 92 };
        ok &= queens.queens().is_empty() && queens.masks() == Default::default();
        lines.push(queens.summary().to_string());
    }

    let puzzle = input::load_puzzle(SAMPLE)?.value;
    let solved = finish(Sudoku::new(
        &puzzle,
        SudokuOptions {
            order: Order::Mrv,
            rejects: false,
        },
    ));
    ok &= solved.solution_count() == 1;
    let mut unchanged =
        solved.grid() == puzzle.cells() && puzzle == input::load_puzzle(SAMPLE)?.value;
    lines.push(solved.summary().to_string());

    let board = input::load_board(SAMPLE)?.value;
    for (word, expected) in WORDS {
        let search = finish(WordSearch::new(&board, word, word_options()));
        ok &= search.found().is_some() == expected;
        unchanged &= search.path().is_empty() && no_marks(&search, &board);
        lines.push(search.summary().to_string());
    }
    unchanged &= board == input::load_board(SAMPLE)?.value;

    lines.push(format!("inputs unchanged = {}", u8::from(unchanged)));
    ok &= unchanged;
    lines.push(format!("checks = {}", if ok { "PASS" } else { "FAIL" }));
    Ok((lines.join("\n") + "\n", ok))
}

fn word_options() -> WordOptions {
    WordOptions {
        inventory: true,
        reverse: true,
        rejects: false,
    }
}

fn finish<S: Search>(mut search: S) -> S {
    search.run_to_end();
    search
}

fn no_marks(search: &WordSearch, board: &Board) -> bool {
    (0..board.rows()).all(|r| (0..board.cols()).all(|c| !search.is_visited(r, c)))
}
