//! The tree to draw, built from the node log: one item per logged node,
//! then the branches the search skipped, each with its label, its ending and
//! where it stands relative to the current node.

use ratatui::style::Style;

use crate::model::{Ending, NodeRow};
use crate::ui::theme::Theme;

/// How a node ended, as far as the log knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum End {
    /// Not ended (yet): an inner node, or one still being searched.
    Open,
    /// No legal choice was left.
    Dead,
    /// A solution.
    Solution,
    /// Some other ending (the search stopped there), in the search's words.
    Other,
    /// A choice skipped for a reason the search names: never entered.
    Pruned,
}

impl End {
    /// How a logged node ended, from its typed ending.
    pub(super) fn of(row: &NodeRow) -> End {
        match row.outcome.end {
            None => End::Open,
            Some(Ending::DeadEnd) => End::Dead,
            Some(Ending::Solution { .. }) => End::Solution,
            Some(Ending::Stopped) => End::Other,
            Some(Ending::Pruned(_)) => End::Pruned,
        }
    }
}

/// A node's label: the choice that entered it, in the words its parent's
/// outcome in the trace table says it ([`crate::model::Placed::choice`]);
/// `root` for a node no choice entered.
pub(super) fn label(row: &NodeRow) -> String {
    row.choice.clone().unwrap_or_else(|| "root".into())
}

/// Where a node stands relative to the current one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Role {
    Off,
    /// On the path from the root to the current node.
    Path,
    Current,
}

/// One node of the drawing: a logged node or a pruned branch.
pub(super) struct Item {
    pub(super) label: String,
    pub(super) depth: usize,
    pub(super) end: End,
    /// The closing note, shown after the end's glyph.
    pub(super) words: String,
    pub(super) children: Vec<usize>,
    pub(super) role: Role,
}

/// The nodes to draw: the logged ones first (same indices as the log's
/// rows), then the pruned branches.
pub(super) struct Tree {
    pub(super) items: Vec<Item>,
    pub(super) roots: Vec<usize>,
    /// The node kept in view: the current one, or the latest entered.
    pub(super) focus: usize,
}

impl Tree {
    pub(super) fn build(rows: &[NodeRow], open: &[usize]) -> Tree {
        let mut items: Vec<Item> = rows
            .iter()
            .map(|row| Item {
                label: label(row),
                depth: row.depth,
                end: End::of(row),
                words: row.outcome.end_words.clone(),
                children: Vec::new(),
                role: Role::Off,
            })
            .collect();
        let mut roots = Vec::new();
        for (i, row) in rows.iter().enumerate() {
            // A parent is always logged before its children.
            match row.parent.filter(|&p| p < i) {
                Some(p) => items[p].children.push(i),
                None => roots.push(i),
            }
        }
        for (i, row) in rows.iter().enumerate() {
            for skipped in &row.outcome.skipped {
                for label in &skipped.choices {
                    items.push(Item {
                        label: label.clone(),
                        depth: row.depth + 1,
                        end: End::Pruned,
                        words: skipped.why.pruned.into(),
                        children: Vec::new(),
                        role: Role::Off,
                    });
                    let pruned = items.len() - 1;
                    items[i].children.push(pruned);
                }
            }
        }
        for &i in open {
            if let Some(item) = items.get_mut(i) {
                item.role = Role::Path;
            }
        }
        let current = open.last().copied().filter(|&i| i < rows.len());
        if let Some(i) = current {
            items[i].role = Role::Current;
        }
        Tree {
            items,
            roots,
            focus: current.unwrap_or(rows.len().saturating_sub(1)),
        }
    }

    /// The label's style: the current node reversed, its path bold.
    pub(super) fn label_style(&self, i: usize, theme: &Theme) -> Style {
        match (self.items[i].role, self.items[i].end) {
            (Role::Current, _) => theme.current(),
            (Role::Path, _) => theme.placed(),
            (Role::Off, End::Pruned) => theme.muted(),
            (Role::Off, _) => Style::new(),
        }
    }

    /// What follows a label: the end's glyph and words, e.g. ` ✗ dead end`.
    pub(super) fn mark(&self, i: usize, theme: &Theme) -> Vec<(String, Style)> {
        let item = &self.items[i];
        let g = &theme.glyphs;
        let (glyph, style) = match item.end {
            End::Open => return Vec::new(),
            End::Other => return vec![(format!(" {}", item.words), theme.muted())],
            End::Dead => (g.dead, theme.dead_end()),
            End::Solution => (g.solution, theme.solution()),
            End::Pruned => (g.pruned, theme.muted()),
        };
        vec![
            (" ".into(), Style::new()),
            (glyph.into(), style),
            (format!(" {}", item.words), theme.muted()),
        ]
    }

    pub(super) fn mark_width(&self, i: usize, theme: &Theme) -> usize {
        self.mark(i, theme)
            .iter()
            .map(|(text, _)| crate::ui::columns::width(text))
            .sum()
    }

    pub(super) fn on_path(&self, i: usize) -> bool {
        self.items[i].role != Role::Off
    }
}
