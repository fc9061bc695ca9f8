//! Puzzles and boards shipped inside the binary, so that it runs from any
//! folder. The files live in `assets/`.

/// A shipped puzzle or board: its name, a one-line description, its text.
#[derive(Clone, Copy, Debug)]
pub struct Asset {
    /// The name a user types (`backstep sudoku inkala`).
    pub name: &'static str,
    /// What it is, for `--list`.
    pub about: &'static str,
    /// The file's text, in the format `input` reads.
    pub text: &'static str,
}

/// The shipped Sudoku grids.
pub const SUDOKU: &[Asset] = &[
    Asset {
        name: "sample",
        about: "the reference 9x9: one solution, 52 MRV nodes (the default)",
        text: include_str!("../assets/sudoku/sample.txt"),
    },
    Asset {
        name: "campus",
        about: "a 4x4 with eight givens and one solution",
        text: include_str!("../assets/sudoku/campus.txt"),
    },
    Asset {
        name: "empty4",
        about: "an empty 4x4: the count stops at its cap of 2",
        text: include_str!("../assets/sudoku/empty4.txt"),
    },
    Asset {
        name: "unsat4",
        about: "a consistent 4x4 with no solution",
        text: include_str!("../assets/sudoku/unsat4.txt"),
    },
    Asset {
        name: "unsat9",
        about: "a consistent 9x9 with no solution",
        text: include_str!("../assets/sudoku/unsat9.txt"),
    },
    Asset {
        name: "inkala",
        about: "Arto Inkala's 2012 9x9, built to be hard",
        text: include_str!("../assets/sudoku/inkala.txt"),
    },
];

/// The shipped Word Search boards.
pub const BOARDS: &[Asset] = &[Asset {
    name: "sample",
    about: "the reference board ABCE/SFCS/ADEE (the default)",
    text: include_str!("../assets/word/sample.txt"),
}];

/// The shipped boards of `words` (a board and its default word list).
pub const WORDS_BOARDS: &[Asset] = &[Asset {
    name: "sample",
    about: "LeetCode 212's board OAAN/ETAE/IHKR/IFLV, for OATH,PEA,EAT,RAIN (the default)",
    text: include_str!("../assets/words/sample.txt"),
}];

/// The shipped mazes: rows of 1 (open) and 0 (wall), one per line.
pub const MAZES: &[Asset] = &[Asset {
    name: "sample",
    about: "seed 003's 4x4 maze 1000,1101,1100,0111: paths DDRDRR and DRDDRR (the default)",
    text: include_str!("../assets/maze/sample.txt"),
}];

/// The shipped graphs to colour, in the DIMACS format.
pub const GRAPHS: &[Asset] = &[
    Asset {
        name: "sample",
        about: "seed 003's example: 4 vertices, 5 edges; 3 colours, not 2 (the default)",
        text: include_str!("../assets/colour/sample.col"),
    },
    Asset {
        name: "petersen",
        about: "the Petersen graph: 10 vertices, 15 edges; 3 colours",
        text: include_str!("../assets/colour/petersen.col"),
    },
    Asset {
        name: "myciel3",
        about: "Mycielski's graph of the 5-cycle: 11 vertices, 20 edges, no triangle; 4 colours",
        text: include_str!("../assets/colour/myciel3.col"),
    },
];

/// The shipped exact-cover problems, in Knuth's DLX format, written by
/// `cargo run --example make_cover`.
pub const COVER: &[Asset] = &[
    Asset {
        name: "knuth",
        about: "Knuth's 7-item, 6-option example: one solution (the default)",
        text: include_str!("../assets/cover/knuth.dlx"),
    },
    Asset {
        name: "queens8",
        about: "8 queens, diagonals secondary: 92 solutions",
        text: include_str!("../assets/cover/queens8.dlx"),
    },
    Asset {
        name: "langford4",
        about: "Langford pairs for n = 4: 2 solutions",
        text: include_str!("../assets/cover/langford4.dlx"),
    },
    Asset {
        name: "pentomino3x20",
        about: "the 12 pentominoes on a 3x20 board: 8 solutions",
        text: include_str!("../assets/cover/pentomino3x20.dlx"),
    },
    Asset {
        name: "pentomino6x10",
        about: "the 12 pentominoes on a 6x10 board: 9,356 solutions (2,339 up to symmetry)",
        text: include_str!("../assets/cover/pentomino6x10.dlx"),
    },
];

/// Earlier names of shipped instances, still accepted: every search's
/// example from the seeds is now called `sample`.
const OLD_NAMES: &[(&str, &str)] = &[("seed", "sample")];

/// The asset called `name` (or by an earlier name of it), if one is
/// shipped.
pub fn find(list: &'static [Asset], name: &str) -> Option<&'static Asset> {
    let name = OLD_NAMES
        .iter()
        .find(|(old, _)| *old == name)
        .map_or(name, |(_, new)| new);
    list.iter().find(|a| a.name == name)
}

/// What `--list` prints: one line per shipped instance, its name and what
/// it is.
pub fn list_text(list: &[Asset]) -> String {
    let width = list.iter().map(|a| a.name.len()).max().unwrap_or(0);
    list.iter()
        .map(|a| format!("{:<width$}  {}\n", a.name, a.about))
        .collect()
}

/// The names of a list, comma-separated, for error messages.
pub fn names(list: &[Asset]) -> String {
    let names: Vec<&str> = list.iter().map(|a| a.name).collect();
    names.join(", ")
}
