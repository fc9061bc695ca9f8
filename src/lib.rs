//! backstep: step through backtracking searches event by event.
//!
//! Data flows one way: input → search → timeline → view → screen. The
//! engine in [`search`] knows nothing of terminals; [`input`] turns what a
//! user typed into validated puzzles; [`model`] is what a search tells the
//! views (typed notes, endings, labels, the node log); [`view`] holds each
//! search's presentation, one module per search; [`mod@print`] renders the
//! headless outputs; [`timeline`] steps back and forth over any search;
//! [`ui`] draws it.

#![forbid(unsafe_code)]

pub mod assets;
pub mod cast;
pub mod check;
pub mod commands;
pub mod estimate;
pub mod files;
pub mod input;
pub mod launch;
pub mod model;
pub mod parting;
pub mod position;
pub mod print;
pub mod progress;
pub mod registry;
pub mod rng;
pub mod samples;
pub mod search;
pub mod timeline;
pub mod ui;
pub mod view;
pub mod worksheet;
