//! backstep: step through backtracking searches event by event.
//!
//! Data flows one way: input → search → print (or, later, the screen). The
//! engine in [`search`] knows nothing of terminals; [`input`] turns what a
//! user typed into validated puzzles; [`print`] renders the headless outputs.

#![forbid(unsafe_code)]

pub mod assets;
pub mod input;
pub mod print;
pub mod samples;
pub mod search;
pub mod timeline;
