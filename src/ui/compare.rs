//! Two variants of one search side by side: `backstep compare ...`.
//!
//! Each side is a full [`App`] with its own timeline. By default a step
//! moves both sides to their next node entered, so the node counters race
//! each other; `tab` gives one side the keys alone.

use std::time::{Duration, Instant};

use anyhow::Result;
use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use super::Screen;
use super::app::App;
use super::keys::{self, Action};
use super::scene::Scene;
use super::theme::Theme;

/// Which side the keys move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    /// Both, in lockstep by node.
    Both,
    /// The left side alone.
    Left,
    /// The right side alone.
    Right,
}

/// The compare screen's state.
pub struct Compare<A: Scene, B: Scene> {
    /// The first variant (the pruned or faster one).
    pub left: App<A>,
    /// The second variant.
    pub right: App<B>,
    /// Names of the two variants, e.g. `symmetry` and `full`.
    pub labels: [String; 2],
    /// Who the keys move.
    pub focus: Focus,
    /// Set when the user asked to leave.
    pub quit: bool,
}

impl<A: Scene, B: Scene> Compare<A, B> {
    /// Both sides at step 0, in lockstep.
    pub fn new(left: App<A>, right: App<B>, labels: [String; 2]) -> Self {
        Compare {
            left,
            right,
            labels,
            focus: Focus::Both,
            quit: false,
        }
    }

    /// Reacts to one key press.
    pub fn on_key(&mut self, key: KeyEvent) {
        if key.code == KeyCode::Tab || key.code == KeyCode::BackTab {
            self.focus = match self.focus {
                Focus::Both => Focus::Left,
                Focus::Left => Focus::Right,
                Focus::Right => Focus::Both,
            };
            return;
        }
        match keys::action(key) {
            // Esc cancels a run or a jump on both sides, and never quits.
            Some(Action::Cancel) if self.busy() => {
                self.left.on_key(key);
                self.right.on_key(key);
            }
            Some(Action::Cancel) => {}
            Some(Action::Quit) => self.quit = true,
            Some(action) => self.act(action),
            None => {}
        }
    }

    /// Whether either side is running or working on a jump.
    pub fn busy(&self) -> bool {
        self.left.running
            || self.right.running
            || self.left.pending.is_some()
            || self.right.pending.is_some()
    }

    /// Carries out an action on the side(s) in focus.
    pub fn act(&mut self, action: Action) {
        // In lockstep a step is one node on each side, so the counters stay
        // comparable; every other action applies to both as it is.
        let action = match (self.focus, action) {
            (Focus::Both, Action::Step) => Action::NextNode,
            (Focus::Both, Action::Back) => Action::PrevNode,
            // The panels, predict mode and the help popup belong to the
            // single-search screen; this one has no room for them.
            (_, Action::Table | Action::Code | Action::Tree | Action::Predict | Action::Help) => {
                return;
            }
            (_, action) => action,
        };
        if self.focus != Focus::Right {
            self.left.act(action);
        }
        if self.focus != Focus::Left {
            self.right.act(action);
        }
    }

    /// Advances runs and long operations on both sides.
    pub fn tick(&mut self, elapsed: Duration) {
        self.left.tick(elapsed);
        self.right.tick(elapsed);
    }

    /// The node counts so far and their ratio, right over left.
    pub fn ratio_line(&self) -> String {
        let (a, b) = (
            self.left.timeline.search().counters().nodes,
            self.right.timeline.search().counters().nodes,
        );
        let done = self.left.timeline.at_end() && self.right.timeline.at_end();
        let when = if done { "final" } else { "so far" };
        format!(
            "nodes {when}: {} {a} vs {} {b}, ratio {}",
            self.labels[0],
            self.labels[1],
            ratio(b, a)
        )
    }
}

/// `b / a` to two decimals, as `1.89x`.
pub fn ratio(b: u64, a: u64) -> String {
    if a == 0 {
        "n/a".into()
    } else {
        format!("{:.2}x", b as f64 / a as f64)
    }
}

/// The smallest terminal the compare screen fits.
pub fn min_size<A: Scene, B: Scene>(c: &Compare<A, B>) -> (u16, u16) {
    let (aw, ah) = c.left.timeline.search().board_size();
    let (bw, bh) = c.right.timeline.search().board_size();
    let width = 2 * (aw.max(bw).max(34) + 2);
    (width.max(60), ah.max(bh) + 2 + SIDE_ROWS + 4)
}

/// Rows below a board on each side: counters and the last event.
const SIDE_ROWS: u16 = 4;

/// Draws the compare screen.
pub fn draw<A: Scene, B: Scene>(c: &Compare<A, B>, frame: &mut Frame) {
    let area = frame.area();
    let (w, h) = min_size(c);
    let theme = c.left.theme;
    if area.width < w || area.height < h {
        let text = format!(
            "The compare screen needs {w}x{h}; this terminal is {}x{}. Enlarge it, or press q.",
            area.width, area.height
        );
        frame.render_widget(Paragraph::new(text).centered(), area);
        return;
    }
    let [title, sides, ratio_area, bar] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let left_title = c.left.timeline.search().title(&c.left.name, &theme);
    let head = format!(
        " backstep {} compare {} {}",
        theme.glyphs.dot, theme.glyphs.dot, left_title
    );
    frame.render_widget(Paragraph::new(Span::styled(head, theme.title())), title);
    let [l, r] = Layout::horizontal([Constraint::Fill(1), Constraint::Fill(1)]).areas(sides);
    side(&c.left, &c.labels[0], c.focus != Focus::Right, frame, l);
    side(&c.right, &c.labels[1], c.focus != Focus::Left, frame, r);
    frame.render_widget(
        Paragraph::new(Span::styled(format!(" {}", c.ratio_line()), theme.legal())),
        ratio_area,
    );
    let focus = match c.focus {
        Focus::Both => "both by node",
        Focus::Left => "left only",
        Focus::Right => "right only",
    };
    let keys = Line::from(vec![
        Span::styled(" tab", theme.key()),
        Span::styled(format!(" focus: {focus} "), theme.muted()),
        Span::styled(
            format!(" {}{}", theme.key_names("→"), theme.key_names("←")),
            theme.key(),
        ),
        Span::styled(" step/back ", theme.muted()),
        Span::styled(" enter", theme.key()),
        Span::styled(" run ", theme.muted()),
        Span::styled(" s d g G", theme.key()),
        Span::styled(" sol/dead/start/end ", theme.muted()),
        Span::styled(" q", theme.key()),
        Span::styled(" quit", theme.muted()),
    ]);
    frame.render_widget(Paragraph::new(keys), bar);
}

/// One side: its board, then its counters and last event.
fn side<S: Scene>(app: &App<S>, label: &str, focused: bool, frame: &mut Frame, area: Rect) {
    let t = &app.theme;
    let search = app.timeline.search();
    let c = search.counters();
    let title_style = if focused { t.title() } else { t.muted() };
    let block = Block::bordered()
        .border_set(t.glyphs.border)
        .border_style(t.border())
        .title(Span::styled(format!(" {label} "), title_style));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let (_, bh) = search.board_size();
    let [board, info] =
        Layout::vertical([Constraint::Length(bh + 1), Constraint::Fill(1)]).areas(inner);
    search.render_board(app.timeline.last_event(), t, board, frame.buffer_mut());
    let total = app
        .timeline
        .total()
        .map_or(String::new(), |total| format!(" / {total}"));
    let last = app
        .timeline
        .last_event()
        .map_or("step 0".to_string(), |e| search.describe(e, c.found));
    let lines = vec![
        Line::from(vec![
            Span::styled("nodes ", t.muted()),
            Span::styled(c.nodes.to_string(), t.title()),
            Span::styled("   solutions ", t.muted()),
            Span::raw(search.solutions_text()),
        ]),
        Line::from(vec![
            Span::styled("step ", t.muted()),
            Span::raw(format!("{}{total}", app.timeline.step())),
            Span::styled("   dead ends ", t.muted()),
            Span::raw(c.dead_ends.to_string()),
            Span::styled("   depth ", t.muted()),
            Span::raw(c.depth.to_string()),
        ]),
        search.path(t),
        Line::styled(last, t.newest()),
        Line::raw(""),
    ];
    let lines: Vec<Line> = lines
        .into_iter()
        .chain(search.masks(app.timeline.last_event(), t))
        .collect();
    frame.render_widget(Paragraph::new(lines), info);
}

/// Opens the compare screen and runs it until the user quits (or a
/// terminating signal arrives: see [`super::run_screen`]).
pub fn run<A: Scene, B: Scene>(
    left: A,
    right: B,
    name: &str,
    labels: [String; 2],
    theme: Theme,
) -> Result<()> {
    let mut compare = Compare::new(
        App::new(left, name, theme),
        App::new(right, name, theme),
        labels,
    );
    super::run_screen(&mut compare, false)
}

impl<A: Scene, B: Scene> Screen for Compare<A, B> {
    fn draw(&self, frame: &mut Frame) {
        draw(self, frame);
    }

    fn on_key(&mut self, key: KeyEvent) {
        Compare::on_key(self, key);
    }

    fn quit(&self) -> bool {
        self.quit
    }

    fn working(&self) -> bool {
        self.left.working() || self.right.working()
    }

    fn ticking(&self) -> bool {
        self.busy()
    }

    fn tick_until(&mut self, elapsed: Duration, deadline: Instant) {
        // Both sides working share the time; one alone has all of it.
        let now = Instant::now();
        let half = now + deadline.saturating_duration_since(now) / 2;
        let left = if self.right.working() { half } else { deadline };
        self.left.tick_until(elapsed, left);
        self.right.tick_until(elapsed, deadline);
    }
}
