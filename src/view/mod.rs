//! The presentation of each search: one file (or folder) per search, with
//! its command-line options and launch in `<search>/command.rs`.

pub mod queens;
pub mod sudoku;
pub mod word;
