//! The grid the layered and outline drawings write on.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// A grid of styled cells, one char a cell (every glyph the tree uses is
/// one cell wide), grown as it is written.
#[derive(Default)]
pub(super) struct Canvas {
    pub(super) rows: Vec<Vec<(char, Style)>>,
    /// Where each node's label was written: (x, y, width, item), for the
    /// mouse.
    pub(super) labels: Vec<(usize, usize, usize, usize)>,
}

impl Canvas {
    /// Writes `text` from (`x`, `y`); returns the column after it.
    pub(super) fn put(&mut self, x: usize, y: usize, text: &str, style: Style) -> usize {
        if self.rows.len() <= y {
            self.rows.resize(y + 1, Vec::new());
        }
        let row = &mut self.rows[y];
        let mut x = x;
        for c in text.chars() {
            if row.len() <= x {
                row.resize(x + 1, (' ', Style::new()));
            }
            row[x] = (c, style);
            x += 1;
        }
        x
    }

    /// Writes the label of tree item `item` from (`x`, `y`) and remembers
    /// where it is; returns the column after it.
    pub(super) fn label(
        &mut self,
        x: usize,
        y: usize,
        text: &str,
        style: Style,
        item: usize,
    ) -> usize {
        let end = self.put(x, y, text, style);
        self.labels.push((x, y, end - x, item));
        end
    }

    pub(super) fn height(&self) -> usize {
        self.rows.len()
    }

    /// `count` rows from `first`, as lines of spans.
    pub(super) fn lines(&self, first: usize, count: usize) -> Vec<Line<'static>> {
        self.rows
            .iter()
            .skip(first)
            .take(count)
            .map(|row| {
                let mut spans: Vec<Span<'static>> = Vec::new();
                let mut text = String::new();
                let mut style = Style::new();
                for &(c, s) in row {
                    if s != style && !text.is_empty() {
                        spans.push(Span::styled(std::mem::take(&mut text), style));
                    }
                    style = s;
                    text.push(c);
                }
                if !text.is_empty() {
                    spans.push(Span::styled(text, style));
                }
                Line::from(spans)
            })
            .collect()
    }
}

/// A drawn tree and the line of the node to keep in view.
pub(super) struct Drawing {
    pub(super) canvas: Canvas,
    pub(super) focus: usize,
}
