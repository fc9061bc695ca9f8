//! How N-Queens is presented: its command line in [`command`].

pub mod command;
