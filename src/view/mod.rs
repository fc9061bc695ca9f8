//! Each search's presentation: its headless words, JSON and table
//! (`print::Report`) and its worksheet (`worksheet::Sheet`).

pub mod sudoku_propagate;
pub mod words;
