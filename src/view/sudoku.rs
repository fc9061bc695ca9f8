//! How Sudoku is presented: its command line in [`command`].

pub mod command;
