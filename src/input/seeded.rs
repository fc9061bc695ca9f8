//! Instances made at random from a seed (`--seed S`, EVENTS.md §5), so that each
//! student can be given their own: a Sudoku with exactly one solution, a
//! maze with a path, a graph, a Word Search board with the word planted in
//! it, a board and word list, an exact-cover matrix with a cover.
//!
//! Each generator is a pure function of the seed and its options, and
//! returns what it made as data (the digits, the open cells, the edges,
//! the letters, the options). Each `make_*` builds the instance from that
//! data with the constructor every parser of that search ends in
//! ([`Puzzle::new`], [`Grid::from_open`], [`Graph::new`],
//! [`Board::of_letters`], [`word_list`], [`Problem::new`]), so a seeded
//! instance passes the very checks a typed one does; and writes the plain
//! arguments that rebuild it from the instance (or, for a graph, whose
//! value keeps no edge order, from the generator's edge list). Nothing
//! here reads text back: that the ordinary parser reads those arguments
//! to the same instance is a test (`tests/all/seeded.rs`), not a step of
//! every run.
//!
//! The same seed gives the same instance on every machine and in every
//! later version: the generators draw only from [`Rng`] (SplitMix64, whose
//! outputs a test pins), use integers only, and never iterate a hash map.

use anyhow::{Result, bail};

use super::Loaded;
use super::words::word_list;
use crate::files::shell_word;
use crate::rng::SplitMix64;
use crate::search::Search;
use crate::search::colour::Graph;
use crate::search::cover::Problem;
use crate::search::maze::Grid;
use crate::search::sudoku::{Order, Puzzle, Sudoku, SudokuOptions};
use crate::search::word::Board;

/// The program's SplitMix64 ([`crate::rng`]), drawn from in the sizes the
/// generators need: the same on every platform, so a seed names one
/// instance forever.
#[derive(Clone, Debug)]
pub struct Rng(SplitMix64);

impl Rng {
    /// The generator whose first output follows `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(SplitMix64::new(seed))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number in `0..bound` (`bound > 0`; 0 gives 0). The modulo bias
    /// is below 2^-50 for the bounds used here.
    pub fn below(&mut self, bound: usize) -> usize {
        match bound {
            0 => 0,
            _ => self.0.below(bound as u64) as usize,
        }
    }

    /// Shuffles `items` (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

/// The fewest and most clues `sudoku --seed S --clues K` takes.
pub const CLUES: std::ops::RangeInclusive<usize> = 17..=80;

/// The clues of a seeded Sudoku when `--clues` is not given.
pub const DEFAULT_CLUES: usize = 30;

/// How many full grids a seeded Sudoku carves before giving up on a
/// clue count that low.
const GRIDS: usize = 20;

/// A 9x9 Sudoku with exactly one solution and `clues` givens, its 81
/// cells row by row (0 a blank): a random full grid with clues carved out
/// one by one, each removal kept only when the project's own solver,
/// counting to 2, still finds one solution.
pub fn sudoku(seed: u64, clues: usize) -> Result<Vec<u8>> {
    if !CLUES.contains(&clues) {
        bail!(
            "--clues {clues} is out of range: a seeded Sudoku has {} to {} clues",
            CLUES.start(),
            CLUES.end()
        );
    }
    let mut rng = Rng::new(seed);
    let mut fewest = 81;
    for _ in 0..GRIDS {
        let mut grid = full_grid(&mut rng);
        let mut order: Vec<usize> = (0..81).collect();
        rng.shuffle(&mut order);
        let mut left = 81;
        for cell in order {
            if left == clues {
                break;
            }
            let digit = grid[cell];
            grid[cell] = 0;
            if unique(&grid) {
                left -= 1;
            } else {
                grid[cell] = digit;
            }
        }
        if left == clues {
            return Ok(grid);
        }
        fewest = fewest.min(left);
    }
    bail!(
        "--clues {clues}: seed {seed} carved {GRIDS} grids down to {fewest} clues at best, \
         and no clue more can go without a second solution; give more clues or another seed"
    )
}

/// Whether the solver counts exactly one solution.
fn unique(grid: &[u8]) -> bool {
    let Ok(puzzle) = Puzzle::new(grid.to_vec()) else {
        return false;
    };
    let options = SudokuOptions {
        order: Order::Mrv,
        rejects: false,
    };
    let mut search = Sudoku::new(&puzzle, options);
    search.run_to_end();
    search.solution_count() == 1
}

/// A random full 9x9 grid: the pattern `(3r + r/3 + c) mod 9` (a valid
/// grid), its digits relabelled, its rows shuffled within bands and its
/// bands shuffled, the same for columns, and transposed or not. Every one
/// of these keeps the grid valid.
fn full_grid(rng: &mut Rng) -> Vec<u8> {
    let mut digits: Vec<u8> = (1..=9).collect();
    rng.shuffle(&mut digits);
    let lines = |rng: &mut Rng| {
        let mut bands = [0, 1, 2];
        rng.shuffle(&mut bands);
        let mut order = Vec::with_capacity(9);
        for band in bands {
            let mut within = [0, 1, 2];
            rng.shuffle(&mut within);
            order.extend(within.iter().map(|w| band * 3 + w));
        }
        order
    };
    let rows = lines(rng);
    let cols = lines(rng);
    let transpose = rng.below(2) == 1;
    let mut grid = vec![0; 81];
    for (r, &pr) in rows.iter().enumerate() {
        for (c, &pc) in cols.iter().enumerate() {
            let value = (pr * 3 + pr / 3 + pc) % 9;
            let at = if transpose { c * 9 + r } else { r * 9 + c };
            grid[at] = digits[value];
        }
    }
    grid
}

/// The sides `maze --seed S --size N` takes.
pub const MAZE_SIDES: std::ops::RangeInclusive<u64> = 2..=16;

/// The side of a seeded maze when `--size` is not given.
pub const DEFAULT_MAZE_SIDE: u64 = 6;

/// An N×N maze with at least one path from the top-left cell to the
/// bottom-right one, row by row (true: open): a random path of right and down steps is opened, then every
/// other cell is open with odds 2 in 5 (more would make thousands of
/// paths, too many to trace).
pub fn maze(seed: u64, side: u64) -> Result<Vec<Vec<bool>>> {
    if !MAZE_SIDES.contains(&side) {
        bail!(
            "--size {side} is out of range: a seeded maze is {} to {} cells a side",
            MAZE_SIDES.start(),
            MAZE_SIDES.end()
        );
    }
    let n = side as usize;
    let mut rng = Rng::new(seed);
    let mut open = vec![vec![false; n]; n];
    let (mut r, mut c) = (0, 0);
    open[0][0] = true;
    while (r, c) != (n - 1, n - 1) {
        let down = match (r == n - 1, c == n - 1) {
            (true, _) => false,
            (_, true) => true,
            _ => rng.below(2) == 1,
        };
        if down {
            r += 1;
        } else {
            c += 1;
        }
        open[r][c] = true;
    }
    for row in open.iter_mut() {
        for cell in row.iter_mut() {
            *cell |= rng.below(5) < 2;
        }
    }
    Ok(open)
}

/// The vertices of a seeded graph when `--vertices` is not given.
pub const DEFAULT_VERTICES: usize = 8;

/// A graph of `vertices` vertices and `edges` distinct edges chosen at
/// random, each `(a, b)` with `a < b`, in the order drawn. `edges`
/// defaults to three per two vertices (at most all pairs).
pub fn graph(seed: u64, vertices: usize, edges: Option<usize>) -> Result<Vec<(usize, usize)>> {
    let pairs: Vec<(usize, usize)> = (0..vertices)
        .flat_map(|a| (a + 1..vertices).map(move |b| (a, b)))
        .collect();
    let edges = edges.unwrap_or((vertices * 3 / 2).min(pairs.len()));
    if edges > pairs.len() {
        bail!(
            "--edges-count {edges} is out of range: {vertices} vertices have {} pairs, so 0 to {} edges",
            pairs.len(),
            pairs.len()
        );
    }
    let mut rng = Rng::new(seed);
    let mut pairs = pairs;
    rng.shuffle(&mut pairs);
    pairs.truncate(edges);
    Ok(pairs)
}

/// The side of the square board a word of `len` letters is planted in:
/// at least 4, and with room for the word and as many cells again.
fn board_side(len: usize) -> usize {
    (4..).find(|n| n * n >= 2 * len).unwrap_or(4)
}

/// The four neighbours of a cell on an `n`×`n` board, in a fixed order.
fn neighbours(cell: usize, n: usize) -> Vec<usize> {
    let (r, c) = (cell / n, cell % n);
    let mut out = Vec::with_capacity(4);
    if r > 0 {
        out.push(cell - n);
    }
    if c + 1 < n {
        out.push(cell + 1);
    }
    if r + 1 < n {
        out.push(cell + n);
    }
    if c > 0 {
        out.push(cell - 1);
    }
    out
}

/// A path of `len` distinct, adjacent cells on an `n`×`n` board: a random
/// self-avoiding walk, tried a bounded number of times, or else a stretch
/// of the row-by-row snake (which always fits, since `n*n >= len`).
fn walk(rng: &mut Rng, n: usize, len: usize) -> Vec<usize> {
    for _ in 0..200 {
        let mut path = vec![rng.below(n * n)];
        while path.len() < len {
            let last = path[path.len() - 1];
            let free: Vec<usize> = neighbours(last, n)
                .into_iter()
                .filter(|c| !path.contains(c))
                .collect();
            if free.is_empty() {
                break;
            }
            path.push(free[rng.below(free.len())]);
        }
        if path.len() == len {
            return path;
        }
    }
    let snake: Vec<usize> = (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            if r % 2 == 0 { i } else { r * n + (n - 1 - c) }
        })
        .collect();
    let start = rng.below(n * n - len + 1);
    snake[start..start + len].to_vec()
}

/// The letters A to Z.
const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// A square board with `word` planted along a random path (and so found
/// by the search), the other cells a letter of the word or of the
/// alphabet, even odds, so that the search meets false starts. Its rows
/// of letters.
pub fn word_board(seed: u64, word: &str) -> Vec<Vec<u8>> {
    let letters: Vec<u8> = word.bytes().collect();
    let n = board_side(letters.len().max(1));
    let mut rng = Rng::new(seed);
    let mut board = vec![0u8; n * n];
    for (i, &cell) in walk(&mut rng, n, letters.len()).iter().enumerate() {
        board[cell] = letters[i];
    }
    for cell in board.iter_mut().filter(|c| **c == 0) {
        *cell = match letters.is_empty() || rng.below(2) == 0 {
            true => ALPHABET[rng.below(ALPHABET.len())],
            false => letters[rng.below(letters.len())],
        };
    }
    rows(&board, n)
}

/// The rows of an `n`-wide board.
fn rows(board: &[u8], n: usize) -> Vec<Vec<u8>> {
    board.chunks(n).map(<[u8]>::to_vec).collect()
}

/// A 4x4 board of eight letters and a list of words for `words`: four read
/// off the board along random paths of 3 to 5 cells (so found), and two
/// that are one of them with its last letter changed (often not found,
/// and sharing a prefix in the trie). The board's rows of letters, and
/// the words.
pub fn words(seed: u64) -> (Vec<Vec<u8>>, Vec<String>) {
    let n = 4;
    let mut rng = Rng::new(seed);
    let mut alphabet = ALPHABET.to_vec();
    rng.shuffle(&mut alphabet);
    let alphabet = &alphabet[..8];
    let board: Vec<u8> = (0..n * n)
        .map(|_| alphabet[rng.below(alphabet.len())])
        .collect();
    let mut list: Vec<String> = Vec::new();
    for _ in 0..4 {
        let len = 3 + rng.below(3);
        let path = walk(&mut rng, n, len);
        let word: String = path.iter().map(|&c| char::from(board[c])).collect();
        if !list.contains(&word) {
            list.push(word);
        }
    }
    for i in 0..2 {
        let mut word = list[i % list.len()].clone().into_bytes();
        let last = word.len() - 1;
        word[last] = alphabet[rng.below(alphabet.len())];
        let word = String::from_utf8_lossy(&word).into_owned();
        if !list.contains(&word) {
            list.push(word);
        }
    }
    (rows(&board, n), list)
}

/// The items of a seeded exact-cover problem, all primary.
pub const COVER_ITEMS: &[&str] = &["a", "b", "c", "d", "e", "f", "g"];

/// The options of an exact-cover problem on the items [`COVER_ITEMS`]
/// with at least one exact cover: the seven items cut at random into
/// blocks of one to three (those options are a cover), and as many random
/// options of two or three items again, all in a shuffled order, each
/// option's names in the items' order.
pub fn cover(seed: u64) -> Vec<Vec<&'static str>> {
    let mut rng = Rng::new(seed);
    let mut items: Vec<&str> = COVER_ITEMS.to_vec();
    rng.shuffle(&mut items);
    let mut options: Vec<Vec<&str>> = Vec::new();
    let mut rest = &items[..];
    while !rest.is_empty() {
        let take = (1 + rng.below(3)).min(rest.len());
        options.push(rest[..take].to_vec());
        rest = &rest[take..];
    }
    let extra = options.len();
    for _ in 0..extra {
        let mut pool = COVER_ITEMS.to_vec();
        rng.shuffle(&mut pool);
        let mut option = pool[..2 + rng.below(2)].to_vec();
        option.sort_unstable();
        if !options.iter().any(|o| {
            let mut o = o.clone();
            o.sort_unstable();
            o == option
        }) {
            options.push(option);
        }
    }
    rng.shuffle(&mut options);
    for option in &mut options {
        option.sort_unstable();
    }
    options
}

/// An instance made from a seed, with the plain arguments that rebuild
/// it (after the search's name: `--grid 1101,0111`).
pub struct Made<T> {
    /// The instance, named by its arguments (the screen's header shows it).
    pub loaded: Loaded<T>,
    /// The search command that rebuilds it (`maze --grid 1101,0111`).
    pub command: String,
}

impl<T> Made<T> {
    fn new(search: &str, args: String, value: T) -> Made<T> {
        Made {
            command: format!("{search} {args}"),
            loaded: Loaded { name: args, value },
        }
    }
}

/// `sudoku --seed S --clues K`.
pub fn make_sudoku(seed: u64, clues: Option<usize>) -> Result<Made<Puzzle>> {
    let value = Puzzle::new(sudoku(seed, clues.unwrap_or(DEFAULT_CLUES))?)?;
    Ok(Made::new("sudoku", value.text(), value))
}

/// `maze --seed S --size N`.
pub fn make_maze(seed: u64, side: Option<u64>) -> Result<Made<Grid>> {
    let value = Grid::from_open(maze(seed, side.unwrap_or(DEFAULT_MAZE_SIDE))?)?;
    Ok(Made::new("maze", format!("--grid {}", value.text()), value))
}

/// `colour --seed S --vertices V --edges-count E`. The edges are written
/// in the order drawn, which the graph itself does not keep.
pub fn make_graph(seed: u64, vertices: Option<usize>, edges: Option<usize>) -> Result<Made<Graph>> {
    let vertices = vertices.unwrap_or(DEFAULT_VERTICES);
    let edges = graph(seed, vertices, edges)?;
    let value = Graph::new(vertices, &edges)?;
    let list: Vec<String> = edges.iter().map(|(a, b)| format!("{a}-{b}")).collect();
    let args = format!(
        "--vertices {vertices} --edges {}",
        shell_word(&list.join(","))
    );
    Ok(Made::new("colour", args, value))
}

/// `word --seed S --word W` (`word` already checked, as `--word` is).
pub fn make_word_board(seed: u64, word: &str) -> Result<Made<Board>> {
    let value = letters(&word_board(seed, word))?;
    let args = format!("--board {} --word {word}", value.text());
    Ok(Made::new("word", args, value))
}

/// `words --seed S`: the board and the word list.
pub fn make_words(seed: u64) -> Result<Made<(Board, Vec<String>)>> {
    let (rows, list) = words(seed);
    let board = letters(&rows)?;
    let list = word_list(list.iter().map(String::as_str))?;
    let args = format!("--board {} --words {}", board.text(), list.join(","));
    Ok(Made::new("words", args, (board, list)))
}

/// A board of a generator's rows of letters.
fn letters(rows: &[Vec<u8>]) -> Result<Board> {
    let rows = rows.iter().map(|row| row.iter().map(|&b| char::from(b)));
    Ok(Board::of_letters(rows)?)
}

/// `cover --seed S`. `cover` reads a matrix only from a file, so the
/// arguments that rebuild it are the seed's own. Its lines are numbered as
/// its DLX text would number them: a comment, the items, the options.
pub fn make_cover(seed: u64) -> Result<Made<Problem>> {
    let name = format!("--seed {seed}");
    let options = cover(seed).into_iter().enumerate().map(|(i, o)| (3 + i, o));
    let value = Problem::new(&name, (2, COVER_ITEMS.to_vec()), options)?;
    Ok(Made::new("cover", name, value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rng_gives_the_published_splitmix64_outputs() {
        // The first outputs of SplitMix64 seeded with 1234567, as the
        // reference C code (Vigna, prng.di.unimi.it/splitmix64.c) prints.
        let mut rng = Rng::new(1234567);
        let first: Vec<u64> = (0..5).map(|_| rng.next_u64()).collect();
        assert_eq!(
            first,
            [
                6457827717110365317,
                3203168211198807973,
                9817491932198370423,
                4593380528125082431,
                16408922859458223821,
            ]
        );
    }
}
