//! The layered drawing: one column per depth, one line per leaf.

use ratatui::style::Style;

use super::canvas::{Canvas, Drawing};
use super::model::Tree;
use crate::ui::theme::Theme;

/// One column per depth, one line per leaf: a node sits on the line of its
/// first child, its later children on lines below, joined by a fork:
///
/// ```text
/// root ─┬─ (0,0) ─┬─ (1,2) ✗ dead end
///       │         └─ (1,3) ─── (2,1) ✗ dead end
///       └─ (0,1) ─── (1,3) ─── …
/// ```
///
/// `None` when it is wider than `width`.
pub(super) fn layered(tree: &Tree, theme: &Theme, width: usize) -> Option<Drawing> {
    let items = &tree.items;
    let depths = items.iter().map(|item| item.depth + 1).max().unwrap_or(0);
    // Each depth's column is as wide as its widest label with children; a
    // leaf's label and words may run on, since nothing follows on its line.
    let mut label_width = vec![0; depths];
    for item in items.iter().filter(|item| !item.children.is_empty()) {
        let w = &mut label_width[item.depth];
        *w = (*w).max(crate::ui::columns::width(&item.label));
    }
    let mut xs = vec![0; depths];
    for d in 1..depths {
        xs[d] = xs[d - 1] + label_width[d - 1] + 5;
    }
    let mut ys = vec![0; items.len()];
    let mut next = 0;
    for &root in &tree.roots {
        place(tree, root, &mut next, &mut ys);
    }
    let fits = items.iter().enumerate().all(|(i, item)| {
        xs[item.depth] + crate::ui::columns::width(&item.label) + tree.mark_width(i, theme) <= width
    });
    if !fits {
        return None;
    }
    let t = &theme.glyphs.tree;
    let line_style = |on: bool| if on { theme.placed() } else { theme.border() };
    let mut canvas = Canvas::default();
    for (i, item) in items.iter().enumerate() {
        let (x, y) = (xs[item.depth], ys[i]);
        let mut end = canvas.label(x, y, &item.label, tree.label_style(i, theme), i);
        for (text, style) in tree.mark(i, theme) {
            end = canvas.put(end, y, &text, style);
        }
        let Some(&last) = item.children.last() else {
            continue;
        };
        // The path goes down the fork as far as the line of its child.
        let path_y = item
            .children
            .iter()
            .find(|&&c| tree.on_path(c))
            .map(|&c| ys[c]);
        let on = |row: usize| path_y.is_some_and(|py| row <= py);
        let fork = x + label_width[item.depth] + 2;
        end = canvas.put(end, y, " ", Style::new());
        for cx in end..fork {
            canvas.put(cx, y, t.horizontal, line_style(on(y)));
        }
        for row in y + 1..ys[last] {
            canvas.put(fork, row, t.vertical, line_style(on(row)));
        }
        let many = item.children.len() > 1;
        for (k, &c) in item.children.iter().enumerate() {
            let glyph = match (many, k) {
                (false, _) => t.horizontal,
                (true, 0) => t.horizontal_down,
                (true, k) if k + 1 == item.children.len() => t.bottom_left,
                (true, _) => t.vertical_right,
            };
            let row = ys[c];
            canvas.put(fork, row, glyph, line_style(on(row)));
            canvas.put(fork + 1, row, t.horizontal, line_style(tree.on_path(c)));
            canvas.put(fork + 2, row, " ", Style::new());
        }
    }
    Some(Drawing {
        canvas,
        focus: ys.get(tree.focus).copied().unwrap_or(0),
    })
}

/// Gives each leaf under `i` the next free line, and each inner node the
/// line of its first child.
pub(super) fn place(tree: &Tree, i: usize, next: &mut usize, ys: &mut [usize]) {
    let children = &tree.items[i].children;
    match children.first() {
        None => {
            ys[i] = *next;
            *next += 1;
        }
        Some(&first) => {
            for &c in children {
                place(tree, c, next, ys);
            }
            ys[i] = ys[first];
        }
    }
}
