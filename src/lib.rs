//! backstep: step through backtracking searches event by event.
//!
//! Data flows one way: input → search → timeline → view → screen. The
//! engine in [`search`] knows nothing of terminals; [`input`] turns what a
//! user typed into validated puzzles; [`mod@print`] renders the headless outputs;
//! [`timeline`] steps back and forth over any search; [`ui`] draws it.

#![forbid(unsafe_code)]

pub mod assets;
pub mod input;
pub mod print;
pub mod samples;
pub mod search;
pub mod timeline;
pub mod ui;
pub mod view;
pub mod worksheet;
