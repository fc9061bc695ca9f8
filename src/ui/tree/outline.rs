//! The outline drawing: runs of only children on one line, forks indented.

use super::canvas::{Canvas, Drawing};
use super::model::Tree;
use crate::ui::theme::Theme;

/// Runs of only children on one line, wrapped at `width` (a wrapped line
/// ends in `─` and its continuation starts with one); forks as an outline:
///
/// ```text
/// root ─ (0,0)=1 ─ (0,1)=2 ─ … ─ (2,1)=1
/// ├─ (2,3)=3 ─ (3,1)=3 ─ (3,3)=1 ★ solution #1
/// └─ …
/// ```
pub(super) fn outline(tree: &Tree, theme: &Theme, width: usize) -> Drawing {
    let mut out = Outline {
        tree,
        theme,
        width,
        canvas: Canvas::default(),
        y: 0,
        focus: 0,
    };
    for &root in &tree.roots {
        out.emit(root, "", None, String::new());
    }
    Drawing {
        canvas: out.canvas,
        focus: out.focus,
    }
}

/// The state of an outline being written, line by line.
pub(super) struct Outline<'a> {
    pub(super) tree: &'a Tree,
    pub(super) theme: &'a Theme,
    pub(super) width: usize,
    pub(super) canvas: Canvas,
    /// The line being written.
    pub(super) y: usize,
    pub(super) focus: usize,
}

impl Outline<'_> {
    /// Writes the run of only children from `i`, then each child of the
    /// run's last node below it. `connector` joins `i` to its parent's
    /// fork (`├─ `); `below` is the prefix of the lines under `i`.
    pub(super) fn emit(&mut self, i: usize, prefix: &str, connector: Option<&str>, below: String) {
        let (tree, theme) = (self.tree, self.theme);
        let t = &theme.glyphs.tree;
        let line_style = |on: bool| if on { theme.placed() } else { theme.border() };
        let mut x = self.canvas.put(0, self.y, prefix, theme.border());
        if let Some(connector) = connector {
            x = self
                .canvas
                .put(x, self.y, connector, line_style(tree.on_path(i)));
        }
        let mut node = i;
        loop {
            if node != i {
                let token = crate::ui::columns::width(&tree.items[node].label) + 3;
                let style = line_style(tree.on_path(node));
                if x + token > self.width && x > crate::ui::columns::width(&below) + 2 {
                    self.canvas
                        .put(x, self.y, &format!(" {}", t.horizontal), style);
                    self.y += 1;
                    x = self.canvas.put(0, self.y, &below, theme.border());
                    x = self
                        .canvas
                        .put(x, self.y, &format!("{} ", t.horizontal), style);
                } else {
                    x = self
                        .canvas
                        .put(x, self.y, &format!(" {} ", t.horizontal), style);
                }
            }
            let item = &tree.items[node];
            x = self
                .canvas
                .label(x, self.y, &item.label, tree.label_style(node, theme), node);
            for (text, style) in tree.mark(node, theme) {
                x = self.canvas.put(x, self.y, &text, style);
            }
            if node == tree.focus {
                self.focus = self.y;
            }
            match item.children.as_slice() {
                [only] => node = *only,
                _ => break,
            }
        }
        self.y += 1;
        let children = &tree.items[node].children;
        for (k, &c) in children.iter().enumerate() {
            let last = k + 1 == children.len();
            let (fork, rest) = if last {
                (t.bottom_left, " ")
            } else {
                (t.vertical_right, t.vertical)
            };
            let connector = format!("{fork}{} ", t.horizontal);
            self.emit(c, &below, Some(&connector), format!("{below}{rest}  "));
        }
    }
}
