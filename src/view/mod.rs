//! What each search says and draws: one file per search, holding its
//! implementations of the presentation traits.

pub mod cover;
pub mod sudoku_dlx;
