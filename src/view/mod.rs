//! Each search's presentation: its impls of the headless outputs
//! ([`crate::print::Report`]) and the worksheet ([`crate::worksheet::Sheet`]).

pub mod colour;
pub mod maze;
mod prose;
