//! How Word Search is presented: its command line in [`command`].

pub mod command;
