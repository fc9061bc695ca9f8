//! The per-depth bar chart and the path line, for trees too large to draw.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use super::model::{self, End};
use super::scroll;
use crate::ui::app::App;
use crate::ui::scene::Scene;

/// Per-depth counts of nodes, dead ends and solutions as a bar chart, under
/// the current path, for trees too large to draw; `why` says which.
pub(super) fn render_bars<S: Scene>(
    app: &App<S>,
    block: Block<'static>,
    frame: &mut Frame,
    area: Rect,
    why: &str,
) {
    let t = &app.theme;
    let log = app.nodes.log();
    let rows = log.rows();
    // The path rides on the top border, so that the header and every bar
    // of 8-Queens fit in the panel at 100x30. The room left of it holds the
    // panel's own title.
    let path = path_line(app, usize::from(area.width).saturating_sub(20));
    let block = block
        .title_top(path.right_aligned())
        .title_bottom(Span::styled(format!(" {why}: nodes per depth "), t.muted()));
    let inner = block.inner(area);
    let width = usize::from(inner.width);
    // [nodes, dead ends, solutions] at each depth.
    let mut counts: Vec<[u64; 3]> = Vec::new();
    for row in rows {
        if counts.len() <= row.depth {
            counts.resize(row.depth + 1, [0; 3]);
        }
        let count = &mut counts[row.depth];
        count[0] += 1;
        match End::of(row) {
            End::Dead => count[1] += 1,
            End::Solution => count[2] += 1,
            _ => {}
        }
    }
    let mut lines = Vec::new();
    let g = &t.glyphs;
    let titles = [
        "depth".to_string(),
        "nodes".to_string(),
        format!("{} dead ends", g.dead),
        format!("{} solutions", g.solution),
    ];
    let most = |k: usize| counts.iter().map(|c| c[k]).max().unwrap_or(0);
    let digits = |n: u64| n.to_string().len();
    let widths = [
        crate::ui::columns::width(&titles[0]).max(digits(counts.len() as u64)),
        crate::ui::columns::width(&titles[1]).max(digits(most(0))),
        crate::ui::columns::width(&titles[2]).max(digits(most(1))),
        crate::ui::columns::width(&titles[3]).max(digits(most(2))),
    ];
    let header: Vec<String> = titles
        .iter()
        .zip(widths)
        .map(|(title, w)| format!("{title:>w$}"))
        .collect();
    // On the shortest panels the current depth's bar matters more.
    if inner.height >= 2 {
        lines.push(Line::styled(format!(" {}", header.join("  ")), t.title()));
    }
    let used = 1 + widths.iter().sum::<usize>() + 2 * widths.len();
    let room = width.saturating_sub(used + 1) as u64;
    let max = most(0).max(1);
    let current_depth = log.current_depth();
    let bars: Vec<Line> = counts
        .iter()
        .enumerate()
        .map(|(depth, &[nodes, dead, solutions])| {
            let here = Some(depth) == current_depth;
            let marker = if here { g.current_row } else { " " };
            let text = format!(
                "{marker}{depth:>w0$}  {nodes:>w1$}  {dead:>w2$}  {solutions:>w3$}  ",
                w0 = widths[0],
                w1 = widths[1],
                w2 = widths[2],
                w3 = widths[3],
            );
            // Every non-empty depth gets at least one cell of bar.
            let cells = if nodes == 0 {
                0
            } else {
                (nodes * room / max).max(1)
            };
            let style = if here { t.placed() } else { Style::new() };
            Line::from(vec![
                Span::styled(text, style),
                Span::styled(g.bar.repeat(cells as usize), t.first_mask()),
            ])
        })
        .collect();
    // Keep the current depth's bar in view when not all depths fit.
    let visible = usize::from(inner.height).saturating_sub(lines.len());
    let focus = current_depth.unwrap_or(0);
    let first = app.first_line(scroll(focus, visible, bars.len()), visible, bars.len());
    lines.extend(bars.into_iter().skip(first).take(visible));
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// ` path root ─ 0 ─ 4 `, the current node reversed, cut from the
/// left when longer than `width`.
pub(super) fn path_line<S: Scene>(app: &App<S>, width: usize) -> Line<'static> {
    let t = &app.theme;
    let log = app.nodes.log();
    let rows = log.rows();
    let open = log.open();
    let label = Span::styled(" path ", t.muted());
    if log.current_outside() {
        let text = format!("(current node entered before step {}) ", log.base() + 1);
        return Line::from(vec![label, Span::styled(text, t.muted())]);
    }
    if open.is_empty() {
        return Line::from(vec![label, Span::styled("(no node open) ", t.muted())]);
    }
    let nodes: Vec<Span<'static>> = open
        .iter()
        .filter_map(|&i| rows.get(i))
        .enumerate()
        .map(|(k, row)| {
            let style = if k + 1 == open.len() {
                t.current()
            } else {
                t.placed()
            };
            Span::styled(model::label(row), style)
        })
        .collect();
    let joint = Span::styled(format!(" {} ", t.glyphs.tree.horizontal), t.border());
    // Keep the newest (rightmost) nodes that fit, where the search is
    // working; an ellipsis stands for the rest.
    let ellipsis = Span::styled(format!("{} ", t.glyphs.ellipsis), t.muted());
    let mut budget = width.saturating_sub(label.width() + 1);
    let mut kept = 0;
    for (k, node) in nodes.iter().rev().enumerate() {
        let cost = node.width() + if k > 0 { joint.width() } else { 0 };
        let rest = if k + 1 < nodes.len() {
            ellipsis.width()
        } else {
            0
        };
        if cost + rest > budget {
            break;
        }
        budget -= cost;
        kept += 1;
    }
    let cut = nodes.len() - kept;
    let mut spans = vec![label];
    // Nodes entered before the log's window are on the path too.
    if cut > 0 || log.outside() > 0 {
        spans.push(ellipsis);
    }
    for (k, node) in nodes.into_iter().skip(cut).enumerate() {
        if k > 0 {
            spans.push(joint.clone());
        }
        spans.push(node);
    }
    spans.push(Span::raw(" "));
    Line::from(spans)
}
