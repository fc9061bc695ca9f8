//! What the tree still reads back from the trace table's words: which
//! search drew the table (from its column names), how a node ended (from its
//! closing note) and which choices symmetry skipped (from its lead note).
//!
//! TO BE REPLACED by typed outcomes (issue 9, item 1: a typed view model
//! with `Ending::{DeadEnd, Solution, Stopped, Pruned}`, node labels stored
//! when placed, skipped choices with their reason). Until then this is the
//! only place in the tree that parses display text; keep it that way.

use super::model::End;
use crate::print::{NodeRow, Outcome};

/// How a search names the choice that entered a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Naming {
    /// `(row,col)`: the row is the parent's depth.
    Queens,
    /// `(row,col)=digit`: the cell is the one the parent was deciding.
    Sudoku,
    /// `(row,col)` and its letter, as the path line writes them.
    Word,
}

impl Naming {
    /// Tells the searches apart by their trace-table columns.
    pub(super) fn of(header: &[&str]) -> Naming {
        if header.contains(&"prefix") {
            Naming::Queens
        } else if header.contains(&"candidates") {
            Naming::Sudoku
        } else {
            Naming::Word
        }
    }

    /// The label of the node entered from `parent` by `choice` (`root` for
    /// a node no choice entered). `cells` are the node's own table cells,
    /// empty for a branch that was never entered.
    pub(super) fn label(
        self,
        rows: &[NodeRow],
        parent: Option<usize>,
        choice: Option<&str>,
        cells: &[String],
    ) -> String {
        let Some(choice) = choice else {
            return "root".into();
        };
        let parent = parent.and_then(|p| rows.get(p));
        match self {
            Naming::Queens => match parent {
                Some(p) => format!("({},{choice})", p.depth),
                // Every queen is placed from a node; no choice lacks one.
                None => format!("c{choice}"),
            },
            Naming::Sudoku => match parent.and_then(|p| p.cells.first()) {
                Some(cell) if cell.starts_with('(') => format!("{cell}={choice}"),
                _ => format!("={choice}"),
            },
            Naming::Word => match cells.get(2) {
                Some(letter) => format!("{choice}{letter}"),
                None => choice.to_string(),
            },
        }
    }

    /// The label of a logged node.
    pub(super) fn row_label(self, rows: &[NodeRow], row: &NodeRow) -> String {
        // A queen placed from a node entered before the node log's window:
        // its row is still the node's depth less one.
        if let (Naming::Queens, None, Some(choice)) = (self, row.parent, &row.choice)
            && row.depth > 0
        {
            return format!("({},{choice})", row.depth - 1);
        }
        self.label(rows, row.parent, row.choice.as_deref(), &row.cells)
    }
}

impl End {
    /// Sorts the outcome's closing note; the notes are the words of
    /// [`crate::print::Report::note`].
    pub(super) fn of(outcome: &Outcome) -> End {
        match outcome.end.as_deref() {
            None => End::Open,
            Some(text) if text.starts_with("solution") => End::Solution,
            Some(text) if text.starts_with("dead end") => End::Dead,
            Some(_) => End::Other,
        }
    }
}

/// The choices a node skipped by symmetry: those in its set of legal
/// choices (its `{…}` cell) outside the set its lead note says it searched,
/// `search {0,1} only (symmetry)`.
pub(super) fn pruned(row: &NodeRow) -> Vec<u32> {
    let searched = row
        .outcome
        .lead
        .iter()
        .filter(|lead| lead.contains("(symmetry)"))
        .find_map(|lead| parse_set(lead));
    let legal = row.cells.iter().rev().find_map(|cell| parse_set(cell));
    match (searched, legal) {
        (Some(searched), Some(legal)) => legal
            .into_iter()
            .filter(|c| !searched.contains(c))
            .collect(),
        _ => Vec::new(),
    }
}

/// The numbers of the first `{a,b,c}` in `text`.
pub(super) fn parse_set(text: &str) -> Option<Vec<u32>> {
    let start = text.find('{')? + 1;
    let end = start + text[start..].find('}')?;
    text[start..end]
        .split(',')
        .filter(|s| !s.is_empty())
        .map(|s| s.trim().parse().ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print::Outcome;

    #[test]
    fn pruned_columns_are_the_legal_ones_not_searched() {
        let row = NodeRow {
            cells: vec!["[]".into(), "{0,1,2,3,4}".into()],
            parent: None,
            depth: 0,
            choice: None,
            outcome: Outcome {
                lead: vec!["search {0,1,2} only (symmetry)".into()],
                placed: vec!["0".into()],
                end: None,
            },
        };
        assert_eq!(pruned(&row), vec![3, 4]);
        let plain = NodeRow {
            outcome: Outcome::default(),
            ..row
        };
        assert!(pruned(&plain).is_empty());
        assert_eq!(parse_set("{}"), Some(vec![]));
        assert_eq!(parse_set("{1,x}"), None);
    }
}
