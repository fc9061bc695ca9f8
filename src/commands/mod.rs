//! The subcommands that are not one search: `backstep check` and
//! `backstep replay`. They sit beside the registry, over [`crate::launch`]:
//! `check` builds its search through a registry entry ([`Kind`]), and
//! `replay` is a command (`Launch`) whose player lives in `ui/`, which
//! names no command.
//!
//! [`Kind`]: crate::launch::Kind

pub mod check;
pub mod replay;
