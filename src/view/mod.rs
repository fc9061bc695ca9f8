//! Each search's presentation, one module per search: its impl of
//! [`crate::model::Report`] (headless words, JSON, table), required, and
//! of [`crate::ui::scene::Scene`] (its `draw` submodule: the board), which
//! offers [`crate::worksheet::Sheet`] and [`crate::ui::predict::Ask`]
//! where the search has them (`Scene::sheet`, `Scene::ask`). The generic code
//! (`print`, `worksheet`, `ui`) never names a search. A search's
//! command-line options and launch live in `<search>/command.rs`, named by
//! its line in [`crate::registry`].

pub mod colour;
pub mod cover;
pub mod maze;
pub mod queens;
mod queens_board;
pub mod queens_fundamental;
pub mod queens_permutations;
pub mod queens_state;
mod queens_words;
pub mod sudoku;
pub mod sudoku_dlx;
pub mod sudoku_propagate;
pub(crate) mod text;
pub mod word;
pub mod words;
pub mod worked;
