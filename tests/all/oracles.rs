//! Independent oracles: brute-force answers written here from scratch, with
//! none of the engine's masks, orders or pruning, that the searches must
//! agree with.

use std::sync::OnceLock;

use backstep::search::Search;
use backstep::search::queens::{Queens, QueensEvent, QueensOptions};
use backstep::search::sudoku::{Order, Puzzle, Sudoku, SudokuEvent, SudokuOptions};
use backstep::search::word::{Board, WordEvent, WordOptions, WordSearch};

use crate::Rng;

// ---------------------------------------------------------------- N-Queens

/// Whether two queens, as (row, col), attack each other.
fn attack(a: (i32, i32), b: (i32, i32)) -> bool {
    a.0 == b.0 || a.1 == b.1 || (a.0 - b.0).abs() == (a.1 - b.1).abs()
}

/// Whether no two of `queens` attack each other: every pair is checked.
fn peaceful(queens: &[(i32, i32)]) -> bool {
    queens
        .iter()
        .enumerate()
        .all(|(i, &a)| queens[i + 1..].iter().all(|&b| !attack(a, b)))
}

/// Every way to put `n` queens on `n*n` cells with no pair attacking, by
/// trying every set of `n` cells. Each solution is returned as the column of
/// the queen in each row (a peaceful set of `n` queens holds one per row).
fn queens_by_subsets(n: i32) -> Vec<Vec<u8>> {
    fn choose(n: i32, from: i32, picked: &mut Vec<(i32, i32)>, out: &mut Vec<Vec<u8>>) {
        if picked.len() == n as usize {
            if peaceful(picked) {
                let mut sorted = picked.clone();
                sorted.sort();
                out.push(sorted.iter().map(|&(_, c)| c as u8).collect());
            }
            return;
        }
        for cell in from..n * n {
            picked.push((cell / n, cell % n));
            choose(n, cell + 1, picked, out);
            picked.pop();
        }
    }
    let mut out = Vec::new();
    choose(n, 0, &mut Vec::new(), &mut out);
    out.sort();
    out
}

/// Every solution for `n` queens, row by row: each new queen is checked
/// against every queen already placed. Columns are tried in increasing
/// order, so the solutions come out in lexicographic order.
fn queens_by_rows(n: i32) -> Vec<Vec<u8>> {
    fn extend(n: i32, placed: &mut Vec<(i32, i32)>, out: &mut Vec<Vec<u8>>) {
        let row = placed.len() as i32;
        if row == n {
            out.push(placed.iter().map(|&(_, c)| c as u8).collect());
            return;
        }
        for col in 0..n {
            if placed.iter().all(|&q| !attack(q, (row, col))) {
                placed.push((row, col));
                extend(n, placed, out);
                placed.pop();
            }
        }
    }
    let mut out = Vec::new();
    extend(n, &mut Vec::new(), &mut out);
    out
}

#[test]
fn queens_oracles_agree_with_each_other_and_the_literature() {
    // OEIS A000170, the number of solutions for n = 0, 1, 2, ...
    let known = [1usize, 1, 0, 0, 2, 10, 4, 40, 92, 352];
    for (n, &count) in known.iter().enumerate() {
        let by_rows = queens_by_rows(n as i32);
        assert_eq!(by_rows.len(), count, "row oracle, n = {n}");
        if n <= 5 {
            assert_eq!(queens_by_subsets(n as i32), by_rows, "n = {n}");
        }
    }
}

/// Runs a search to the end and returns its solution events.
fn queens_solutions(n: u8, symmetry: bool) -> (Vec<(Vec<u8>, u64)>, u64) {
    let mut search = Queens::new(QueensOptions {
        n,
        symmetry,
        rejects: true,
    });
    let solutions = search
        .by_ref()
        .filter_map(|e| match e {
            QueensEvent::Solution { queens, weight } => Some((queens.to_vec(), u64::from(weight))),
            _ => None,
        })
        .collect();
    (solutions, search.counters().solutions)
}

#[test]
fn queens_counts_match_brute_force_up_to_9() {
    for n in 0..=9u8 {
        let all = queens_by_rows(i32::from(n));

        // Without symmetry every solution is found once, in column order.
        let (found, weighted) = queens_solutions(n, false);
        assert_eq!(weighted, all.len() as u64, "full, n = {n}");
        let boards: Vec<Vec<u8>> = found.iter().map(|(q, _)| q.clone()).collect();
        assert_eq!(boards, all, "full, n = {n}: the solutions themselves");
        assert!(found.iter().all(|&(_, w)| w == 1), "full, n = {n}");

        // With symmetry only first-row columns below (n+1)/2 are searched;
        // the weights make up for the mirror images.
        let (found, weighted) = queens_solutions(n, true);
        assert_eq!(weighted, all.len() as u64, "symmetry, n = {n}");
        let half: Vec<&Vec<u8>> = all
            .iter()
            .filter(|q| q.first().is_none_or(|&c| c < n.div_ceil(2)))
            .collect();
        let boards: Vec<&Vec<u8>> = found.iter().map(|(q, _)| q).collect();
        assert_eq!(boards, half, "symmetry, n = {n}: the solutions searched");
        for (queens, weight) in &found {
            let mirrored = queens.first().is_some_and(|&c| c < n / 2);
            assert_eq!(*weight, if mirrored { 2 } else { 1 }, "{queens:?}");
        }
        assert_eq!(found.iter().map(|(_, w)| w).sum::<u64>(), weighted);
    }
}

// ------------------------------------------------------------------ Sudoku

/// Whether a 4x4 grid (row-major, 0 for blank) has a digit out of 1..=4 or
/// two equal givens in a row, a column or a 2x2 box.
fn breaks_rules_4x4(cells: &[u8]) -> bool {
    let same_unit = |a: usize, b: usize| {
        let (ra, ca, rb, cb) = (a / 4, a % 4, b / 4, b % 4);
        ra == rb || ca == cb || (ra / 2 == rb / 2 && ca / 2 == cb / 2)
    };
    cells.iter().any(|&d| d > 4)
        || (0..16)
            .any(|a| (a + 1..16).any(|b| cells[a] != 0 && cells[a] == cells[b] && same_unit(a, b)))
}

/// Every complete, valid 4x4 Sudoku grid, found once by trying every
/// permutation of 1..=4 in each row and keeping the grids with no clash.
pub fn all_4x4_grids() -> &'static [[u8; 16]] {
    static GRIDS: OnceLock<Vec<[u8; 16]>> = OnceLock::new();
    GRIDS.get_or_init(|| {
        let mut perms = Vec::new();
        for a in 1..=4u8 {
            for b in 1..=4u8 {
                for c in 1..=4u8 {
                    for d in 1..=4u8 {
                        let row = [a, b, c, d];
                        if (1..=4).all(|x| row.contains(&x)) {
                            perms.push(row);
                        }
                    }
                }
            }
        }
        let mut grids = Vec::new();
        for r0 in &perms {
            for r1 in &perms {
                for r2 in &perms {
                    for r3 in &perms {
                        let mut grid = [0u8; 16];
                        for (r, row) in [r0, r1, r2, r3].into_iter().enumerate() {
                            grid[r * 4..r * 4 + 4].copy_from_slice(row);
                        }
                        if !breaks_rules_4x4(&grid) {
                            grids.push(grid);
                        }
                    }
                }
            }
        }
        grids
    })
}

/// The complete grids that keep every given of `cells`.
fn completions(cells: &[u8]) -> Vec<[u8; 16]> {
    all_4x4_grids()
        .iter()
        .filter(|g| cells.iter().zip(g.iter()).all(|(&c, &d)| c == 0 || c == d))
        .copied()
        .collect()
}

#[test]
fn there_are_288_complete_4x4_grids() {
    assert_eq!(all_4x4_grids().len(), 288);
}

/// Checks one consistent 4x4 puzzle against the enumeration, in both orders
/// and with rejects on and off.
fn check_sudoku_4x4(cells: &[u8], case: &str) {
    let puzzle = Puzzle::new(cells.to_vec()).expect("a consistent grid");
    let want = completions(cells);
    let capped = want.len().min(2) as u32;
    for order in [Order::Mrv, Order::First] {
        for rejects in [true, false] {
            let what = format!("{case}, {order:?}, rejects {rejects}, {cells:?}");
            let mut search = Sudoku::new(&puzzle, SudokuOptions { order, rejects });
            let mut seen: Vec<Vec<u8>> = Vec::new();
            while let Some(event) = search.next() {
                if let SudokuEvent::Solution { count } = event {
                    let grid = search.grid().to_vec();
                    assert!(want.iter().any(|g| g[..] == grid[..]), "{what}: {grid:?}");
                    assert!(!seen.contains(&grid), "{what}: solution found twice");
                    seen.push(grid);
                    assert_eq!(count as usize, seen.len(), "{what}");
                }
            }
            assert_eq!(search.solution_count(), capped, "{what}");
            assert_eq!(search.counters().solutions, u64::from(capped), "{what}");
            assert_eq!(seen.len(), capped as usize, "{what}");
            match (search.first_solution(), seen.first()) {
                (None, None) => assert!(want.is_empty(), "{what}"),
                (Some(first), Some(seen_first)) => {
                    assert_eq!(first, &seen_first[..], "{what}: first solution copied");
                    if want.len() == 1 {
                        assert_eq!(first, &want[0][..], "{what}: the unique solution");
                    }
                }
                (first, seen) => panic!("{what}: first {first:?}, seen {seen:?}"),
            }
        }
    }
}

#[test]
fn sudoku_4x4_blanked_from_complete_grids_matches_enumeration() {
    let mut rng = Rng::new(0x5EED_4A4A);
    let grids = all_4x4_grids();
    let (mut unique, mut several) = (0, 0);
    for case in 0..250 {
        let full = grids[rng.below(grids.len())];
        let blank_percent = 20 + rng.below(81);
        let cells: Vec<u8> = full
            .iter()
            .map(|&d| if rng.chance(blank_percent) { 0 } else { d })
            .collect();
        match completions(&cells).len() {
            1 => unique += 1,
            _ => several += 1,
        }
        check_sudoku_4x4(&cells, &format!("blanked case {case}"));
    }
    // The draw must exercise both outcomes, or the test proves little.
    assert!(
        unique > 20 && several > 20,
        "{unique} unique, {several} not"
    );
}

#[test]
fn sudoku_4x4_random_grids_match_enumeration_or_are_refused() {
    let mut rng = Rng::new(0xBAD_5EED);
    let (mut refused, mut unsolvable, mut solvable) = (0, 0, 0);
    for case in 0..400 {
        let given_percent = 15 + rng.below(35);
        let cells: Vec<u8> = (0..16)
            .map(|_| {
                if rng.chance(given_percent) {
                    // Mostly 1..=4, now and then a digit out of range.
                    if rng.chance(3) {
                        5 + rng.below(5) as u8
                    } else {
                        1 + rng.below(4) as u8
                    }
                } else {
                    0
                }
            })
            .collect();
        let broken = breaks_rules_4x4(&cells);
        assert_eq!(
            Puzzle::new(cells.clone()).is_err(),
            broken,
            "case {case}: {cells:?}"
        );
        if broken {
            refused += 1;
            continue;
        }
        if completions(&cells).is_empty() {
            unsolvable += 1;
        } else {
            solvable += 1;
        }
        check_sudoku_4x4(&cells, &format!("random case {case}"));
    }
    assert!(
        refused > 20 && unsolvable > 10 && solvable > 20,
        "{refused} refused, {unsolvable} unsolvable, {solvable} solvable"
    );
}

// ------------------------------------------------------------- Word Search

/// A board as rows of bytes.
type Letters = Vec<Vec<u8>>;

/// The first path along which `word` can be traced, trying start cells
/// row-major and neighbours up, right, down, left; `None` if there is none.
/// The empty word is found along the empty path.
fn first_path(board: &Letters, word: &[u8]) -> Option<Vec<(u8, u8)>> {
    fn extend(board: &Letters, word: &[u8], path: &mut Vec<(usize, usize)>) -> bool {
        if path.len() == word.len() {
            return true;
        }
        let &(r, c) = path.last().expect("a start cell");
        let steps: [(isize, isize); 4] = [(-1, 0), (0, 1), (1, 0), (0, -1)];
        for (dr, dc) in steps {
            let (Some(nr), Some(nc)) = (r.checked_add_signed(dr), c.checked_add_signed(dc)) else {
                continue;
            };
            if nr >= board.len() || nc >= board[0].len() || path.contains(&(nr, nc)) {
                continue;
            }
            if board[nr][nc] == word[path.len()] {
                path.push((nr, nc));
                if extend(board, word, path) {
                    return true;
                }
                path.pop();
            }
        }
        false
    }
    if word.is_empty() {
        return Some(Vec::new());
    }
    for r in 0..board.len() {
        for c in 0..board[r].len() {
            if board[r][c] != word[0] {
                continue;
            }
            let mut path = vec![(r, c)];
            if extend(board, word, &mut path) {
                return Some(path.iter().map(|&(r, c)| (r as u8, c as u8)).collect());
            }
        }
    }
    None
}

/// Whether `path` traces `word` on `board`: in bounds, each step to an
/// orthogonal neighbour, no cell twice, the letters in the word's order.
fn traces(board: &Letters, word: &[u8], path: &[(u8, u8)]) -> Result<(), String> {
    if path.len() != word.len() {
        return Err(format!("{} cells for {} letters", path.len(), word.len()));
    }
    for (i, &(r, c)) in path.iter().enumerate() {
        let (r, c) = (usize::from(r), usize::from(c));
        if r >= board.len() || c >= board[r].len() {
            return Err(format!("({r},{c}) is off the board"));
        }
        if board[r][c] != word[i] {
            return Err(format!("({r},{c}) is not letter {i} of the word"));
        }
        if path[..i].contains(&path[i]) {
            return Err(format!("({r},{c}) is used twice"));
        }
    }
    for pair in path.windows(2) {
        let ((r0, c0), (r1, c1)) = (pair[0], pair[1]);
        if r0.abs_diff(r1) + c0.abs_diff(c1) != 1 {
            return Err(format!("({r0},{c0}) and ({r1},{c1}) are not neighbours"));
        }
    }
    Ok(())
}

fn count_letter(board: &Letters, letter: u8) -> usize {
    board.iter().flatten().filter(|&&l| l == letter).count()
}

#[test]
fn word_search_on_random_boards_matches_path_enumeration() {
    let mut rng = Rng::new(0x0057_0DD5);
    let (mut found_count, mut missing_count) = (0, 0);
    for case in 0..600 {
        let rows = if rng.chance(3) { 0 } else { 1 + rng.below(4) };
        let cols = 1 + rng.below(4);
        let board: Letters = (0..rows)
            .map(|_| (0..cols).map(|_| b'A' + rng.below(3) as u8).collect())
            .collect();
        let word: Vec<u8> = (0..rng.below(7))
            .map(|_| b'A' + rng.below(3) as u8)
            .collect();
        let lines: Vec<String> = board
            .iter()
            .map(|r| String::from_utf8(r.clone()).expect("ASCII"))
            .collect();
        let word_text = String::from_utf8(word.clone()).expect("ASCII");
        let built = Board::new(&lines).expect("a valid board");

        let expected = first_path(&board, &word);
        if expected.is_some() {
            found_count += 1;
        } else {
            missing_count += 1;
        }
        for (inventory, reverse) in [(true, true), (true, false), (false, true), (false, false)] {
            let what = format!(
                "case {case}: board {lines:?}, word {word_text:?}, inventory {inventory}, reverse {reverse}"
            );
            let options = WordOptions {
                inventory,
                reverse,
                rejects: case % 2 == 0,
            };
            let mut search = WordSearch::new(&built, &word_text, options);
            // A solution event carries no path: read it from the search's
            // view as the event is yielded.
            let mut solutions: Vec<Vec<(u8, u8)>> = Vec::new();
            while let Some(event) = search.next() {
                if event == WordEvent::Solution {
                    solutions.push(search.found().expect("found").to_vec());
                }
            }
            let found = search.found().map(<[(u8, u8)]>::to_vec);
            assert_eq!(found.is_some(), expected.is_some(), "{what}");
            assert_eq!(search.counters().solutions, u64::from(found.is_some()));
            let Some(path) = found else {
                assert!(solutions.is_empty(), "{what}");
                continue;
            };
            assert_eq!(solutions, vec![path.clone()], "{what}: one solution event");
            if let Err(problem) = traces(&board, &word, &path) {
                panic!("{what}: path {path:?}: {problem}");
            }
            // Which path comes first is fixed by the search order: the word
            // itself, or when its first letter is the more common end, the
            // reversed word, whose path is then reported back to front.
            let flip = reverse
                && !word.is_empty()
                && count_letter(&board, word[0]) > count_letter(&board, word[word.len() - 1]);
            let first = if flip {
                let reversed: Vec<u8> = word.iter().rev().copied().collect();
                first_path(&board, &reversed).map(|p| p.into_iter().rev().collect())
            } else {
                expected.clone()
            };
            assert_eq!(Some(path), first, "{what}: the first path in search order");
        }
    }
    assert!(
        found_count > 100 && missing_count > 100,
        "{found_count} found, {missing_count} missing"
    );
}
