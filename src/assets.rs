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
        about: "the reference 9x9: one solution, 52 MRV nodes",
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
    about: "the reference board ABCE/SFCS/ADEE",
    text: include_str!("../assets/word/sample.txt"),
}];

/// The shipped graphs to colour, in the DIMACS format.
pub const GRAPHS: &[Asset] = &[
    Asset {
        name: "seed",
        about: "seed 003's example: 4 vertices, 5 edges; 3 colours, not 2",
        text: include_str!("../assets/colour/seed.col"),
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
        about: "Knuth's 7-item, 6-option example: one solution",
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

/// The asset called `name`, if one is shipped.
pub fn find(list: &'static [Asset], name: &str) -> Option<&'static Asset> {
    list.iter().find(|a| a.name == name)
}

/// The names of a list, comma-separated, for error messages.
pub fn names(list: &[Asset]) -> String {
    let names: Vec<&str> = list.iter().map(|a| a.name).collect();
    names.join(", ")
}
