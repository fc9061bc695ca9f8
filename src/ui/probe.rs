//! The probe view (`e`): Knuth's estimate as a lesson. The board shows the
//! last random probe (the search standing at the node where the probe
//! stopped), and the panel below says what the probe counted at each node
//! and what the probes estimate so far, beside the nodes counted.
//!
//! The probes run on a thread of their own (`estimate::Background`), from
//! a clone of the search before its first event, so stepping is never
//! slowed; the screen reads their figures when it draws.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::app::App;
use super::scene::{Fit, Scene};
use crate::estimate;

/// Draws the board of the last probe in `area`, titled as a probe; false
/// when there is no probe yet (the caller draws the search's own board).
pub fn render_board<S: Scene>(app: &App<S>, frame: &mut Frame, area: Rect, fit: Fit) -> bool {
    let Some(last) = app.estimate.as_ref().and_then(|e| e.running()?.last) else {
        return false;
    };
    let block = super::render::block(app, "Probe");
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let theme = app.scene_theme();
    last.leaf
        .render_board_at(fit, last.path.last(), &theme, inner, frame.buffer_mut());
    true
}

/// The panel: how a probe estimates, this probe's sum, the running
/// estimate and the count so far.
pub fn render_panel<S: Scene>(app: &App<S>, block: Block<'static>, frame: &mut Frame, area: Rect) {
    let t = &app.theme;
    let mut lines = vec![Line::from(Span::styled(
        "Knuth: walk one random path down, at each node count its children d and go on to one of them; the tree has about 1 + d1 + d1·d2 + ... nodes.",
        t.muted(),
    ))];
    let running = app.estimate.as_ref().and_then(|e| e.running());
    match running {
        None => lines.push(Line::from("No probes on this screen.")),
        Some(running) if running.endless => lines.push(Line::from(estimate::Endless.to_string())),
        Some(running) => match running.last {
            None => lines.push(Line::from("probing…")),
            Some(last) => {
                let e = running.estimate;
                let nodes = app.timeline.search().counters().nodes;
                lines.push(Line::from(vec![
                    Span::styled("all probes: ", t.title()),
                    Span::raw(format!(
                        "{}: nodes ~{:.3e} ± {:.1e}; counted so far {nodes}",
                        crate::model::counted(e.probes, "probe", "probes"),
                        e.mean(),
                        e.std_error()
                    )),
                ]));
                lines.push(Line::from(vec![
                    Span::styled("the probe on the board: ", t.title()),
                    Span::raw(probe_sum(last.root, &last.degrees)),
                ]));
            }
        },
    }
    frame.render_widget(
        Paragraph::new(lines).block(block).wrap(Wrap { trim: true }),
        area,
    );
}

/// A probe's sum: `d = 2, 3, 1, 0: 1 + 2 + 6 + 6 = 15` (the products
/// d1, d1·d2, ... worked out).
pub fn probe_sum(root: u64, degrees: &[u64]) -> String {
    let ds: Vec<String> = degrees.iter().map(u64::to_string).collect();
    let mut terms = Vec::new();
    if root > 0 {
        terms.push(root.to_string());
    }
    let mut product = 1.0f64;
    for &d in degrees.iter().take_while(|&&d| d > 0) {
        product *= d as f64;
        terms.push(format!("{product}"));
    }
    if terms.is_empty() {
        terms.push("0".to_string());
    }
    let total = estimate::sum(root, degrees);
    format!("d = {}: {} = {total}", ds.join(", "), terms.join(" + "))
}

#[cfg(test)]
mod tests {
    use super::probe_sum;

    #[test]
    fn a_probe_written_out() {
        assert_eq!(
            probe_sum(1, &[2, 3, 1, 0]),
            "d = 2, 3, 1, 0: 1 + 2 + 6 + 6 = 15"
        );
        assert_eq!(probe_sum(0, &[0]), "d = 0: 0 = 0");
    }
}
