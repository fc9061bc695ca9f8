//! Each search's presentation: its impls of the headless report
//! ([`crate::print::Report`]) and the worksheet ([`crate::worksheet::Sheet`]).

pub mod queens_fundamental;
pub mod queens_permutations;
pub mod queens_state;
mod queens_words;
