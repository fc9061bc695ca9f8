//! Writes the shipped exact-cover problems, `assets/cover/*.dlx`, in
//! Knuth's DLX format: how a puzzle becomes items and options.
//!
//! ```text
//! cargo run --example make_cover            # (re)write the files
//! cargo run --example make_cover -- --check # exit 1 if a file differs
//! ```
//!
//! A test (`tests/all/cover.rs`) includes this file and checks that the
//! shipped files are what it writes.

use std::path::Path;

/// Every shipped problem: its file name (without `.dlx`) and its text.
pub fn files() -> Vec<(&'static str, String)> {
    vec![
        ("knuth", knuth()),
        ("queens8", queens(8)),
        ("langford4", langford(4)),
        ("pentomino3x20", pentominoes(3, 20)),
        ("pentomino6x10", pentominoes(6, 10)),
    ]
}

/// Knuth's example from "Dancing Links" (2000): 7 items, 6 options, one
/// solution (options 0, 3 and 4).
fn knuth() -> String {
    let mut text = String::from(
        "| Knuth, Dancing Links (2000): 7 items, 6 options.\n\
         | One solution: options 0, 3, 4 (C E F / A D / B G).\n\
         A B C D E F G\n",
    );
    for option in ["C E F", "A D G", "B C F", "A D", "B G", "D E G"] {
        text.push_str(option);
        text.push('\n');
    }
    text
}

/// N queens: a queen on each row `R` and column `C` (primary), at most
/// one on each diagonal `A` (r+c) and anti-diagonal `B` (r-c+n-1)
/// (secondary, since some diagonals stay empty).
fn queens(n: usize) -> String {
    let mut text = format!(
        "| {n} queens: rows R and columns C primary; diagonals A (r+c) and\n\
         | B (r-c+{}) secondary, covered at most once.\n",
        n - 1
    );
    let mut items: Vec<String> = (0..n).map(|r| format!("R{r}")).collect();
    items.extend((0..n).map(|c| format!("C{c}")));
    items.push("|".into());
    items.extend((0..2 * n - 1).map(|d| format!("A{d}")));
    items.extend((0..2 * n - 1).map(|d| format!("B{d}")));
    text.push_str(&items.join(" "));
    text.push('\n');
    for r in 0..n {
        for c in 0..n {
            text.push_str(&format!("R{r} C{c} A{} B{}\n", r + c, r + n - 1 - c));
        }
    }
    text
}

/// Langford pairs: each digit k in 1..=n twice, in slots i and i+k+1 of
/// 2n slots.
fn langford(n: usize) -> String {
    let mut text = format!(
        "| Langford pairs for n = {n}: the two copies of digit k in slots i and\n\
         | i+k+1 of {}. Items d1..d{n} (digits), s1..s{} (slots).\n",
        2 * n,
        2 * n
    );
    let mut items: Vec<String> = (1..=n).map(|k| format!("d{k}")).collect();
    items.extend((1..=2 * n).map(|s| format!("s{s}")));
    text.push_str(&items.join(" "));
    text.push('\n');
    for k in 1..=n {
        for i in 1..=2 * n {
            if i + k < 2 * n {
                text.push_str(&format!("d{k} s{i} s{}\n", i + k + 1));
            }
        }
    }
    text
}

/// The twelve pentominoes, each drawn once (`#` a square).
const PIECES: [(&str, &[&str]); 12] = [
    ("F", &[".##", "##.", ".#."]),
    ("I", &["#####"]),
    ("L", &["####", "#..."]),
    ("N", &["##..", ".###"]),
    ("P", &["##", "##", "#."]),
    ("T", &["###", ".#.", ".#."]),
    ("U", &["#.#", "###"]),
    ("V", &["#..", "#..", "###"]),
    ("W", &["#..", "##.", ".##"]),
    ("X", &[".#.", "###", ".#."]),
    ("Y", &["..#.", "####"]),
    ("Z", &["##.", ".#.", ".##"]),
];

/// A shape's squares moved to touch row 0 and column 0, sorted row-major.
fn normal(cells: &[(i32, i32)]) -> Vec<(i32, i32)> {
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let mut out: Vec<(i32, i32)> = cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
    out.sort_unstable();
    out
}

/// The distinct orientations of a piece: its four rotations, then those of
/// its mirror image, each kept the first time it appears.
fn orientations(drawing: &[&str]) -> Vec<Vec<(i32, i32)>> {
    let mut shape: Vec<(i32, i32)> = Vec::new();
    for (r, row) in drawing.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if ch == '#' {
                shape.push((r as i32, c as i32));
            }
        }
    }
    let mut out: Vec<Vec<(i32, i32)>> = Vec::new();
    for mirror in [false, true] {
        let mut cells: Vec<(i32, i32)> = shape
            .iter()
            .map(|&(r, c)| if mirror { (r, -c) } else { (r, c) })
            .collect();
        for _ in 0..4 {
            let n = normal(&cells);
            if !out.contains(&n) {
                out.push(n);
            }
            // A quarter turn: (r, c) -> (c, -r).
            cells = cells.iter().map(|&(r, c)| (c, -r)).collect();
        }
    }
    out
}

/// The twelve pentominoes on a `rows` x `cols` board: items the pieces and
/// the cells; one option per placement of each orientation, offsets
/// row-major, the option's cells row-major.
fn pentominoes(rows: i32, cols: i32) -> String {
    let total: usize = PIECES.iter().map(|(_, d)| orientations(d).len()).sum();
    let mut text = format!(
        "| The 12 pentominoes on a {rows}x{cols} board: items the pieces, then the\n\
         | cells r{{row}}c{{col}} (0-based); one option per placement of each of\n\
         | the {total} distinct orientations.\n"
    );
    let mut items: Vec<String> = PIECES.iter().map(|(name, _)| name.to_string()).collect();
    for r in 0..rows {
        for c in 0..cols {
            items.push(format!("r{r}c{c}"));
        }
    }
    text.push_str(&items.join(" "));
    text.push('\n');
    for (name, drawing) in PIECES {
        for shape in orientations(drawing) {
            let height = shape.iter().map(|c| c.0).max().unwrap_or(0) + 1;
            let width = shape.iter().map(|c| c.1).max().unwrap_or(0) + 1;
            for dr in 0..=rows - height {
                for dc in 0..=cols - width {
                    text.push_str(name);
                    for &(r, c) in &shape {
                        text.push_str(&format!(" r{}c{}", r + dr, c + dc));
                    }
                    text.push('\n');
                }
            }
        }
    }
    text
}

#[allow(dead_code)]
fn main() {
    let check = std::env::args().any(|a| a == "--check");
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/cover");
    let mut differ = false;
    if !check {
        std::fs::create_dir_all(&folder).expect("assets/cover can be made");
    }
    for (name, text) in files() {
        let path = folder.join(format!("{name}.dlx"));
        if check {
            let old = std::fs::read_to_string(&path).unwrap_or_default();
            if old != text {
                eprintln!("{} differs from what make_cover writes", path.display());
                differ = true;
            }
        } else {
            std::fs::write(&path, text).expect("the file can be written");
            println!("wrote {}", path.display());
        }
    }
    if differ {
        std::process::exit(1);
    }
}
