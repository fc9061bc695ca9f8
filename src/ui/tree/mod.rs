//! The search tree panel: the nodes entered so far, as a tree while it is
//! small enough to read, as a bar chart of nodes per depth once it is not.
//!
//! Three drawings, tried in this order:
//!
//! - **layered**: one column per depth and one line per leaf, the textbook
//!   picture of a search tree; used when it fits the panel's width;
//! - **outline**: each run of only children on one line (wrapped when long),
//!   each fork an indented outline; for deep, narrow trees such as a
//!   Sudoku's chains of forced cells;
//! - **bars**: nodes, dead ends and solutions per depth plus the current
//!   path, once the tree has more than [`DRAW_LIMIT`] nodes or the node
//!   log holds only a window of a long search (see [`super::app::Nodes`]).
//!
//! Everything is read from the node log the trace table also reads
//! ([`crate::model::NodeLog`]), so the two panels cannot disagree.
//!
//! The modules follow the seams: `model` builds the tree to draw from the
//! node log's typed data (labels, endings, skipped choices; no words are
//! read back), `layered` and `outline` draw it (on a `canvas`), and `bars`
//! summarises it per depth.

mod bars;
mod canvas;
mod layered;
mod model;
mod outline;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use super::app::App;
use super::mouse::Spot;
use super::scene::Scene;
use bars::render_bars;
use layered::layered;
use model::Tree;
use outline::outline;

/// The most nodes drawn as a tree; larger trees are summarised per depth.
pub const DRAW_LIMIT: usize = 200;

/// Lines kept in view below the current node when the drawing scrolls.
const LOOKAHEAD: usize = 2;

/// The tree of nodes entered so far, the current node and its path
/// highlighted and kept in view; per-depth bars when it is too large.
pub fn render_tree<S: Scene>(app: &App<S>, block: Block<'static>, frame: &mut Frame, area: Rect) {
    let log = app.nodes.log();
    let rows = log.rows();
    if log.base() > 0 {
        let why = format!("nodes after step {}", log.base());
        app.hits.add(area, Spot::Nodes);
        return render_bars(app, block, frame, area, &why);
    }
    if rows.len() > DRAW_LIMIT {
        let why = format!("too large to draw ({} nodes)", rows.len());
        app.hits.add(area, Spot::Nodes);
        return render_bars(app, block, frame, area, &why);
    }
    if rows.is_empty() {
        let note = Line::styled(
            "no node entered yet: the first place will start the tree",
            app.theme.muted(),
        );
        return frame.render_widget(Paragraph::new(note).block(block), area);
    }
    render_drawn(app, block, frame, area);
}

/// The tree itself, layered when it fits and outlined when not, scrolled
/// so the current node is in view.
fn render_drawn<S: Scene>(app: &App<S>, block: Block<'static>, frame: &mut Frame, area: Rect) {
    let log = app.nodes.log();
    let tree = Tree::build(log.rows(), log.open());
    let inner = block.inner(area);
    let width = usize::from(inner.width);
    let drawing =
        layered(&tree, &app.theme, width).unwrap_or_else(|| outline(&tree, &app.theme, width));
    let visible = usize::from(inner.height);
    let total = drawing.canvas.height();
    let first = app.first_line(scroll(drawing.focus, visible, total), visible, total);
    let mut block = block;
    if total > visible {
        block = block.title_bottom(Span::styled(
            format!(
                " {}; lines {}-{} of {total} · j k pgup pgdn ",
                crate::model::counted(log.rows().len() as u64, "node", "nodes"),
                first + 1,
                (first + visible).min(total)
            ),
            app.theme.muted(),
        ));
    }
    // A label longer than the panel ends in an ellipsis.
    let lines = crate::ui::columns::fit_lines(
        drawing.canvas.lines(first, visible),
        block.inner(area).width.into(),
        app.theme.glyphs.ellipsis,
    );
    frame.render_widget(Paragraph::new(lines).block(block), area);
    // What the mouse can reach: the panel scrolls, each logged node's label
    // (not a pruned branch, never entered) jumps to its step.
    app.hits.add(area, Spot::Nodes);
    for &(x, y, width, item) in &drawing.canvas.labels {
        let Some(row) = log.rows().get(item) else {
            continue;
        };
        if !(first..first + visible).contains(&y) || x >= usize::from(inner.width) {
            continue;
        }
        let spot = Rect {
            x: inner.x + x as u16,
            y: inner.y + (y - first) as u16,
            width: width.min(usize::from(inner.width) - x) as u16,
            height: 1,
        };
        let spot_kind = Spot::Node {
            number: log.number(item),
            step: row.step,
        };
        app.hits.add(spot, spot_kind);
    }
}

/// The first of `total` lines to show in `visible` rows so that line
/// `focus` is in view, with up to [`LOOKAHEAD`] lines below it when the
/// panel is tall enough.
fn scroll(focus: usize, visible: usize, total: usize) -> usize {
    let ahead = LOOKAHEAD.min(visible.saturating_sub(1) / 2);
    (focus + 1 + ahead)
        .saturating_sub(visible)
        .min(total.saturating_sub(visible))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scroll_keeps_the_focus_in_view() {
        for visible in 1..6 {
            for focus in 0..20 {
                let first = scroll(focus, visible, 20);
                assert!(
                    (first..first + visible).contains(&focus),
                    "{focus} in {visible}"
                );
            }
        }
        // Room below the focus when the panel allows it, none past the end.
        assert_eq!(scroll(10, 10, 20), 3);
        assert_eq!(scroll(19, 10, 20), 10);
        assert_eq!(scroll(3, 10, 5), 0);
    }
}
