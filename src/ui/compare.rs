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
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::Screen;
use super::app::App;
use super::keys::{self, Action, Binding, COMPARE_KEYS, CompareAction, ScreenAction};
use super::render;
use super::scene::{Fit, Scene, board_size_at};
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
    /// Whether the help popup is open.
    pub help: bool,
    /// How far the help popup is scrolled.
    pub help_scroll: u16,
    /// The furthest the help popup can scroll, as last drawn.
    pub help_max: std::cell::Cell<u16>,
    /// The bug lab: the step where the correct search (left) and the bug
    /// (right) first differ, and what the bug did there. Set, both sides
    /// step together event by event instead of node by node.
    pub parting: Option<(u64, String)>,
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
            help: false,
            help_scroll: 0,
            help_max: std::cell::Cell::new(0),
            parting: None,
        }
    }

    /// The bug lab's pair, opened at the step where they first differ
    /// (see [`Compare::parting`]); at step 0 when they never do.
    pub fn parted(mut self, parting: Option<(u64, String)>) -> Self {
        if let Some((step, _)) = &parting {
            // Forward event by event: the parting is never past either end.
            while self.left.timeline.step() < *step && self.left.timeline.forward() {}
            while self.right.timeline.step() < *step && self.right.timeline.forward() {}
            self.left.sync();
            self.right.sync();
        }
        self.parting = parting;
        self
    }

    /// Reacts to one key press.
    pub fn on_key(&mut self, key: KeyEvent) {
        let action = keys::lookup(COMPARE_KEYS, key);
        if action == Some(CompareAction::Focus) {
            self.focus = match self.focus {
                Focus::Both => Focus::Left,
                Focus::Left => Focus::Right,
                Focus::Right => Focus::Both,
            };
            return;
        }
        if self.help {
            if key.code == KeyCode::Esc {
                self.help = false;
                return;
            }
            if let Some(to) = keys::help_scroll(key, self.help_scroll) {
                self.help_scroll = to.min(self.help_max.get());
                return;
            }
        }
        // A jump prompt (`:`) takes the digits, enter and esc on the side(s)
        // that opened it; Ctrl-C still quits.
        if action != Some(CompareAction::QUIT)
            && (self.left.prompt.is_some() || self.right.prompt.is_some())
        {
            if self.left.prompt.is_some() {
                self.left.on_key(key);
            }
            if self.right.prompt.is_some() {
                self.right.on_key(key);
            }
            return;
        }
        let Some(CompareAction::Side(action)) = action else {
            return;
        };
        match action {
            // Esc cancels a run or a jump on both sides, and never quits.
            Action::Cancel if self.busy() => {
                self.left.on_key(key);
                self.right.on_key(key);
            }
            Action::Cancel => {}
            Action::Quit => self.quit = true,
            action => self.act(action),
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
        let by_node = self.parting.is_none();
        let action = match (self.focus, action) {
            (Focus::Both, Action::Step) if by_node => Action::NextNode,
            (Focus::Both, Action::Back) if by_node => Action::PrevNode,
            (_, Action::Help) => {
                self.help = !self.help;
                self.help_scroll = 0;
                return;
            }
            // The panels and predict mode belong to the single-search
            // screen; this one has no room for them.
            (_, Action::Table | Action::Code | Action::Tree | Action::Predict) => {
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

/// The smallest terminal the compare screen fits (with compact boards
/// where a side has one).
pub fn min_size<A: Scene, B: Scene>(c: &Compare<A, B>) -> (u16, u16) {
    min_size_at(c, Fit::Compact)
}

fn min_size_at<A: Scene, B: Scene>(c: &Compare<A, B>, fit: Fit) -> (u16, u16) {
    let (aw, ah) = board_size_at(c.left.timeline.search(), fit);
    let (bw, bh) = board_size_at(c.right.timeline.search(), fit);
    let width = 2 * (aw.max(bw).max(34) + 2);
    let parting = if c.parting.is_some() { PARTING_ROWS } else { 0 };
    (width.max(60), ah.max(bh) + 2 + SIDE_ROWS + 4 + parting)
}

/// Full boards when they fit `area`, else the compact ones.
fn fit<A: Scene, B: Scene>(c: &Compare<A, B>, area: Rect) -> Fit {
    let (w, h) = min_size_at(c, Fit::Full);
    if area.width >= w && area.height >= h {
        Fit::Full
    } else {
        Fit::Compact
    }
}

/// Rows below a board on each side: counters and the last event.
const SIDE_ROWS: u16 = 4;

/// Rows of the bug lab's line: where the two sides part, and why.
const PARTING_ROWS: u16 = 3;

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
    let parting_rows = if c.parting.is_some() { PARTING_ROWS } else { 0 };
    let [title, sides, parting_area, ratio_area, bar] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(parting_rows),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    if let Some((step, why)) = &c.parting {
        let at = c.left.timeline.step() == *step && c.right.timeline.step() == *step;
        let head = if at {
            format!(" First difference, step {step}: ")
        } else {
            format!(" They first differ at step {step} (back to it: `:{step}` enter): ")
        };
        let line = Line::from(vec![
            Span::styled(head, theme.title()),
            Span::styled(why.clone(), if at { theme.newest() } else { theme.muted() }),
        ]);
        frame.render_widget(Paragraph::new(line).wrap(Wrap { trim: true }), parting_area);
    }
    let dot = theme.glyphs.dot;
    let right = format!("{dot} ? help ");
    let room = (title.width as usize).saturating_sub(right.chars().count() + 1);
    // Too long: the program's name goes first, then the end of the line.
    let full = title_text(c);
    let prefix = format!(" backstep {dot}");
    let head = if full.chars().count() > room {
        render::shorten(full.strip_prefix(&prefix).unwrap_or(&full), room, &theme)
    } else {
        full
    };
    frame.render_widget(
        Paragraph::new(render::title_line(head, right, title.width, &theme)),
        title,
    );
    let [l, r] = Layout::horizontal([Constraint::Fill(1), Constraint::Fill(1)]).areas(sides);
    let fit = fit(c, area);
    side(
        &c.left,
        &c.labels[0],
        c.focus != Focus::Right,
        fit,
        frame,
        l,
    );
    side(
        &c.right,
        &c.labels[1],
        c.focus != Focus::Left,
        fit,
        frame,
        r,
    );
    frame.render_widget(
        Paragraph::new(Span::styled(format!(" {}", c.ratio_line()), theme.legal())),
        ratio_area,
    );
    let focus = match c.focus {
        Focus::Both if c.parting.is_some() => "both by event",
        Focus::Both => "both by node",
        Focus::Left => "left only",
        Focus::Right => "right only",
    };
    let label = |b: &Binding<CompareAction>| match b.action {
        CompareAction::Focus => format!("{}: {focus}", b.short),
        _ => b.short.to_string(),
    };
    let line = render::bar_lines(&theme, keys::bar_of(COMPARE_KEYS), label, bar.width, 1);
    frame.render_widget(Paragraph::new(line), bar);
    if c.help {
        let help = keys::help_of(COMPARE_KEYS);
        let lines = render::help_lines(c.left.timeline.search(), &theme, help);
        // Over the sides only: the title and the key bar stay in view.
        let room = Rect {
            y: area.y + 1,
            height: area.height.saturating_sub(2),
            ..area
        };
        let max = render::help_popup(&theme, lines, c.help_scroll, frame, room);
        c.help_max.set(max);
    }
}

/// The title bar's text: what both sides search, then which is which,
/// e.g. `backstep · compare · Sudoku inkala (9x9) · mrv (left) vs first (right)`.
pub fn title_text<A: Scene, B: Scene>(c: &Compare<A, B>) -> String {
    let theme = c.left.theme;
    let dot = theme.glyphs.dot;
    let sep = format!(" {dot} ");
    let left = c.left.timeline.search().title(&c.left.name, &theme);
    let right = c.right.timeline.search().title(&c.right.name, &theme);
    // The part both titles share, up to their last separator.
    let shared = match (left.rsplit_once(&sep), right.rsplit_once(&sep)) {
        (Some((a, _)), Some((b, _))) if a == b => a.to_string(),
        _ => left.clone(),
    };
    format!(
        " backstep{sep}compare{sep}{shared}{sep}{} (left) vs {} (right)",
        c.labels[0], c.labels[1]
    )
}

/// One side: its board, then its counters, path, last event and masks.
/// At the end the board shows the last solution, as on the main screen.
fn side<S: Scene>(
    app: &App<S>,
    label: &str,
    focused: bool,
    fit: Fit,
    frame: &mut Frame,
    area: Rect,
) {
    let t = &app.theme;
    let view = render::view(app);
    let title_style = if focused { t.title() } else { t.muted() };
    let mut block = Block::bordered()
        .border_set(t.glyphs.border)
        .border_style(t.border())
        .title(Span::styled(format!(" {label} "), title_style));
    let room = area.width.saturating_sub(4) as usize;
    if let Some(end) = &view.end {
        // Without the step when it does not fit: a figure is whole or absent.
        let end = match end.split_once(", ") {
            Some((short, _)) if end.chars().count() > room => short,
            _ => end,
        };
        block = block.title_bottom(Span::styled(
            format!(" {} ", render::shorten(end, room, t)),
            t.muted(),
        ));
    }
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let (_, bh) = board_size_at(view.search, fit);
    let [board, info] =
        Layout::vertical([Constraint::Length(bh + 1), Constraint::Fill(1)]).areas(inner);
    view.search
        .render_board_at(fit, view.last, t, board, frame.buffer_mut());
    let width = info.width as usize;
    let search = app.timeline.search();
    let last = app.timeline.last_event().map_or("step 0".to_string(), |e| {
        search.describe(e, search.counters().found)
    });
    let mut lines = render::counter_lines(app, info.width, 2);
    lines.push(render::keep_tail(view.search.path(t), width, t));
    lines.push(Line::styled(render::shorten(&last, width, t), t.newest()));
    lines.push(Line::raw(""));
    lines.extend(view.search.masks_at(fit, view.last, t));
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), info);
}

/// Opens the compare screen and runs it until the user quits (or a
/// terminating signal arrives: see [`super::run_screen`]), recording it to
/// `record` if given.
pub fn run<A: Scene, B: Scene>(
    left: A,
    right: B,
    name: &str,
    labels: [String; 2],
    theme: Theme,
    record: Option<&std::path::Path>,
) -> Result<()> {
    let mut compare = Compare::new(
        App::new(left, name, theme),
        App::new(right, name, theme),
        labels,
    );
    super::run_screen(&mut compare, false, record)
}

/// Opens the bug lab's compare screen (the correct search left, the bug
/// right) at their first difference, stepping event by event.
pub fn run_parting<A: Scene, B: Scene>(
    left: A,
    right: B,
    name: &str,
    labels: [String; 2],
    theme: Theme,
    parting: Option<(u64, String)>,
    record: Option<&std::path::Path>,
) -> Result<()> {
    let mut compare = Compare::new(
        App::new(left, name, theme),
        App::new(right, name, theme),
        labels,
    )
    .parted(parting);
    super::run_screen(&mut compare, false, record)
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
