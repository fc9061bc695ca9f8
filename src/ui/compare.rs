//! Variants of one search side by side: `backstep compare ...`.
//!
//! Each side is a full [`App`] with its own timeline, held as a [`Pane`]
//! so that the screen keeps one list of sides whatever their searches: two
//! (`compare queens 8`) or three (`compare queens 8 --state all`), drawn
//! left to right. By default a step moves every side to its next node
//! entered, so the node counters race each other; `tab` gives the keys to
//! one side alone, each in turn, then to all of them again. In the bug lab
//! ([`Compare::parted`]) the sides open where they first differ and step
//! together event by event.

use std::any::Any;
use std::path::Path;
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
use super::scene::{Fit, Scene, Title, board_size_at};
use super::theme::Theme;
use crate::model;
use crate::search::Search;

/// Which sides the keys move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    /// Every side, in lockstep by node (by event in the bug lab).
    All,
    /// One side alone: its index, left to right.
    One(usize),
}

/// The work a search counted in its own unit ([`Scene::cost_unit`]) and
/// the nodes it entered, for the cost per node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cost {
    /// Units of work so far (`Counters::work`).
    pub work: u64,
    /// Nodes entered so far.
    pub nodes: u64,
    /// What one unit is, e.g. `mask ops`.
    pub unit: &'static str,
}

impl Cost {
    /// The cost of `search` so far, if it counts its work.
    pub fn of<S: Scene>(search: &S) -> Option<Cost> {
        let c = search.counters();
        search.cost_unit().map(|unit| Cost {
            work: c.work,
            nodes: c.nodes,
            unit,
        })
    }

    /// Units of work per node entered.
    pub fn per_node(self) -> f64 {
        self.work as f64 / self.nodes.max(1) as f64
    }
}

/// One side of the compare screen: an [`App`] on any search, seen through
/// what the screen asks of it. Every `App` is one.
pub trait Pane: Any {
    /// Reacts to one key press, as the main screen would.
    fn on_key(&mut self, key: KeyEvent);
    /// Carries out one action, as the main screen would.
    fn act(&mut self, action: Action);
    /// Advances a run or a long operation.
    fn tick(&mut self, elapsed: Duration);
    /// Advances a run or a long operation, working until about `deadline`.
    fn tick_until(&mut self, elapsed: Duration, deadline: Instant);
    /// Whether there is work to do right now.
    fn working(&self) -> bool;
    /// Whether the side is running or working on a jump.
    fn busy(&self) -> bool;
    /// Whether a jump prompt (`:`) is open on the side.
    fn prompting(&self) -> bool;
    /// Nodes entered so far.
    fn nodes(&self) -> u64;
    /// The side's step: events taken so far.
    fn step(&self) -> u64;
    /// Moves forward event by event up to `step` (or the end, if sooner)
    /// and brings the panels up to it.
    fn forward_to(&mut self, step: u64);
    /// Whether the side's timeline is at its end.
    fn at_end(&self) -> bool;
    /// The work counted so far, if the search counts it.
    fn cost(&self) -> Option<Cost>;
    /// The search's title, as the main screen's title bar shows it.
    fn title(&self) -> Title;
    /// Width and height of the search's board at a fit.
    fn board_size(&self, fit: Fit) -> (u16, u16);
    /// The side's colours and glyphs.
    fn theme(&self) -> Theme;
    /// The help popup's lines for the compare keys and this search's board.
    fn help(&self) -> Vec<Line<'static>>;
    /// Draws the side into `area` under `label`, its board at `fit` (drawn
    /// bigger, with its events, on a projector: `big`).
    fn draw(&self, label: &str, focused: bool, fit: Fit, big: bool, frame: &mut Frame, area: Rect);
}

impl<S: Scene + 'static> Pane for App<S> {
    fn on_key(&mut self, key: KeyEvent) {
        App::on_key(self, key);
    }

    fn act(&mut self, action: Action) {
        App::act(self, action);
    }

    fn tick(&mut self, elapsed: Duration) {
        App::tick(self, elapsed);
    }

    fn tick_until(&mut self, elapsed: Duration, deadline: Instant) {
        App::tick_until(self, elapsed, deadline);
    }

    fn working(&self) -> bool {
        App::working(self)
    }

    fn busy(&self) -> bool {
        self.running || self.pending.is_some()
    }

    fn prompting(&self) -> bool {
        self.prompt.is_some()
    }

    fn nodes(&self) -> u64 {
        self.timeline.search().counters().nodes
    }

    fn step(&self) -> u64 {
        self.timeline.step()
    }

    fn forward_to(&mut self, step: u64) {
        while self.timeline.step() < step && self.timeline.forward() {}
        self.sync();
    }

    fn at_end(&self) -> bool {
        self.timeline.at_end()
    }

    fn cost(&self) -> Option<Cost> {
        Cost::of(self.timeline.search())
    }

    fn title(&self) -> Title {
        self.timeline.search().title(&self.name)
    }

    fn board_size(&self, fit: Fit) -> (u16, u16) {
        board_size_at(self.timeline.search(), fit)
    }

    fn theme(&self) -> Theme {
        self.theme
    }

    fn help(&self) -> Vec<Line<'static>> {
        let help = keys::help_of(COMPARE_KEYS);
        render::help_lines(self.timeline.search(), &self.theme, help)
    }

    fn draw(&self, label: &str, focused: bool, fit: Fit, big: bool, frame: &mut Frame, area: Rect) {
        side(self, label, focused, fit, big, frame, area);
    }
}

/// A search about to be one side of a comparison, whatever its type:
/// counted to its end for `--print summary`, or opened as a [`Pane`].
/// Every [`Scene`] is one.
pub trait Contender {
    /// Limits the search to `max` nodes.
    fn limit_nodes(&mut self, max: u64);
    /// Runs the search to its end.
    fn run_to_end(&mut self);
    /// The search's summary.
    fn summary(&self) -> model::Summary;
    /// Nodes entered so far.
    fn nodes(&self) -> u64;
    /// The work counted so far, if the search counts it.
    fn cost(&self) -> Option<Cost>;
    /// The side of the compare screen on this search.
    fn into_pane(self: Box<Self>, name: &str, theme: Theme) -> Box<dyn Pane>;
}

impl<S: Scene + 'static> Contender for S {
    fn limit_nodes(&mut self, max: u64) {
        Search::limit_nodes(self, max);
    }

    fn run_to_end(&mut self) {
        Search::run_to_end(self);
    }

    fn summary(&self) -> model::Summary {
        model::summary(self)
    }

    fn nodes(&self) -> u64 {
        self.counters().nodes
    }

    fn cost(&self) -> Option<Cost> {
        Cost::of(self)
    }

    fn into_pane(self: Box<Self>, name: &str, theme: Theme) -> Box<dyn Pane> {
        Box::new(App::new(*self, name, theme))
    }
}

/// The compare screen's state.
pub struct Compare {
    /// The sides, left to right (the first is the pruned or faster one).
    pub sides: Vec<Box<dyn Pane>>,
    /// Names of the variants, one per side, e.g. `symmetry` and `full`.
    pub labels: Vec<String>,
    /// Who the keys move.
    pub focus: Focus,
    /// Whether the screen shows each side's cost per node (the sides hold
    /// one search in different ways, each counting its own unit of work).
    pub costs: bool,
    /// Set when the user asked to leave.
    pub quit: bool,
    /// Whether the help popup is open.
    pub help: bool,
    /// How far the help popup is scrolled.
    pub help_scroll: u16,
    /// The furthest the help popup can scroll, as last drawn.
    pub help_max: std::cell::Cell<u16>,
    /// The bug lab: the step where the correct search (left) and the bug
    /// (right) first differ, and what the bug did there. Set, every side
    /// steps together event by event instead of node by node.
    pub parting: Option<(u64, String)>,
}

impl Compare {
    /// Two sides at step 0, in lockstep.
    pub fn new<A: Scene + 'static, B: Scene + 'static>(
        left: App<A>,
        right: App<B>,
        labels: [String; 2],
    ) -> Self {
        Compare::of(vec![Box::new(left), Box::new(right)], labels.into())
    }

    /// Any number of sides, one label each, at step 0, in lockstep.
    pub fn of(sides: Vec<Box<dyn Pane>>, labels: Vec<String>) -> Self {
        assert_eq!(sides.len(), labels.len(), "one label per side");
        assert!(!sides.is_empty(), "a comparison has sides");
        Compare {
            sides,
            labels,
            focus: Focus::All,
            costs: false,
            quit: false,
            help: false,
            help_scroll: 0,
            help_max: std::cell::Cell::new(0),
            parting: None,
        }
    }

    /// The same screen with the cost per node shown.
    pub fn with_costs(self) -> Self {
        Compare {
            costs: true,
            ..self
        }
    }

    /// The bug lab's sides, opened at the step where they first differ
    /// (see [`Compare::parting`]); at step 0 when they never do.
    pub fn parted(mut self, parting: Option<(u64, String)>) -> Self {
        if let Some((step, _)) = &parting {
            // Forward event by event: the parting is never past either end.
            for side in &mut self.sides {
                side.forward_to(*step);
            }
        }
        self.parting = parting;
        self
    }

    /// The app of side `side` (0 is the left), whose search is `S`.
    ///
    /// # Panics
    /// When that side's search is of another type.
    pub fn app<S: Scene + 'static>(&self, side: usize) -> &App<S> {
        let pane: &dyn Any = self.sides[side].as_ref();
        pane.downcast_ref()
            .expect("the side's search is of that type")
    }

    /// The app of side `side`, to change.
    ///
    /// # Panics
    /// When that side's search is of another type.
    pub fn app_mut<S: Scene + 'static>(&mut self, side: usize) -> &mut App<S> {
        let pane: &mut dyn Any = self.sides[side].as_mut();
        pane.downcast_mut()
            .expect("the side's search is of that type")
    }

    /// Whether the keys move side `side`.
    pub fn focused(&self, side: usize) -> bool {
        match self.focus {
            Focus::All => true,
            Focus::One(one) => one == side,
        }
    }

    /// Reacts to one key press.
    pub fn on_key(&mut self, key: KeyEvent) {
        let action = keys::lookup(COMPARE_KEYS, key);
        if action == Some(CompareAction::Focus) {
            self.focus = match self.focus {
                Focus::All => Focus::One(0),
                Focus::One(side) if side + 1 < self.sides.len() => Focus::One(side + 1),
                Focus::One(_) => Focus::All,
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
        if action != Some(CompareAction::QUIT) && self.sides.iter().any(|s| s.prompting()) {
            for side in self.sides.iter_mut().filter(|s| s.prompting()) {
                side.on_key(key);
            }
            return;
        }
        let Some(CompareAction::Side(action)) = action else {
            return;
        };
        match action {
            // Esc cancels a run or a jump on every side, and never quits.
            Action::Cancel if self.busy() => {
                for side in &mut self.sides {
                    side.on_key(key);
                }
            }
            Action::Cancel => {}
            Action::Quit => self.quit = true,
            action => self.act(action),
        }
    }

    /// Whether any side is running or working on a jump.
    pub fn busy(&self) -> bool {
        self.sides.iter().any(|s| s.busy())
    }

    /// Carries out an action on the side(s) in focus.
    pub fn act(&mut self, action: Action) {
        // In lockstep a step is one node on each side, so the counters stay
        // comparable (in the bug lab one event, so the sides stay at the
        // same step); every other action applies to every side as it is.
        let by_node = self.parting.is_none();
        let action = match (self.focus, action) {
            (Focus::All, Action::Step) if by_node => Action::NextNode,
            (Focus::All, Action::Back) if by_node => Action::PrevNode,
            (_, Action::Help) => {
                self.help = !self.help;
                self.help_scroll = 0;
                return;
            }
            // The panels and predict mode belong to the single-search
            // screen; this one has no room for them.
            (_, Action::Table | Action::Code | Action::Tree | Action::Probe | Action::Predict) => {
                return;
            }
            (_, action) => action,
        };
        for side in 0..self.sides.len() {
            if self.focused(side) {
                self.sides[side].act(action);
            }
        }
    }

    /// Advances runs and long operations on every side.
    pub fn tick(&mut self, elapsed: Duration) {
        for side in &mut self.sides {
            side.tick(elapsed);
        }
    }

    /// The node counts so far and their ratios to the first side's.
    pub fn ratio_line(&self) -> String {
        let nodes: Vec<u64> = self.sides.iter().map(|s| s.nodes()).collect();
        let done = self.sides.iter().all(|s| s.at_end());
        let when = if done { "final" } else { "so far" };
        format!("nodes {when}: {}", nodes_text(&self.labels, &nodes))
    }

    /// The cost per node of every side, if every side counts its work.
    pub fn cost_line(&self) -> Option<String> {
        let costs: Vec<Option<Cost>> = self.sides.iter().map(|s| s.cost()).collect();
        cost_text(&self.labels, &costs).map(|text| format!("cost per node: {text}"))
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

/// `symmetry 9 vs full 17, ratio 1.89x`: each side's nodes, then each
/// later side's over the first's (`ratios 1.00x, 1.00x` for three).
pub fn nodes_text(labels: &[impl AsRef<str>], nodes: &[u64]) -> String {
    let counts: Vec<String> = labels
        .iter()
        .zip(nodes)
        .map(|(label, count)| format!("{} {count}", label.as_ref()))
        .collect();
    let ratios: Vec<String> = nodes[1..].iter().map(|&b| ratio(b, nodes[0])).collect();
    let word = if ratios.len() == 1 { "ratio" } else { "ratios" };
    format!("{}, {word} {}", counts.join(" vs "), ratios.join(", "))
}

/// `masks 11.0 mask ops vs array 20.3 comparisons`: each side's work per
/// node in its own unit; `None` unless every side counts its work.
pub fn cost_text(labels: &[impl AsRef<str>], costs: &[Option<Cost>]) -> Option<String> {
    let parts: Option<Vec<String>> = labels
        .iter()
        .zip(costs)
        .map(|(label, cost)| {
            cost.map(|c| format!("{} {:.1} {}", label.as_ref(), c.per_node(), c.unit))
        })
        .collect();
    parts.map(|parts| parts.join(" vs "))
}

/// The smallest terminal the compare screen fits: each side at least
/// `SIDE_TEXT` wide (a board wider than its side is left out), every
/// board's height (compact boards where a side has them).
pub fn min_size(c: &Compare) -> (u16, u16) {
    let sides = c.sides.len() as u16;
    let width = sides * (SIDE_TEXT + 2);
    (width.max(60), rows_at(c, Fit::Compact))
}

/// The rows the screen needs with its boards at `fit`.
fn rows_at(c: &Compare, fit: Fit) -> u16 {
    let board = c.sides.iter().map(|s| s.board_size(fit).1).max();
    let parting = if c.parting.is_some() { PARTING_ROWS } else { 0 };
    board.unwrap_or(0) + 2 + SIDE_ROWS + 4 + u16::from(c.costs) + parting
}

/// Full boards when every side has room for its full board beside
/// [`FULL_SIDE_TEXT`] and the rows for the tallest, else the compact ones.
fn fit(c: &Compare, area: Rect) -> Fit {
    let sides = c.sides.len() as u16;
    let widest = c.sides.iter().map(|s| s.board_size(Fit::Full).0).max();
    let width = sides * (widest.unwrap_or(0).max(FULL_SIDE_TEXT) + 2);
    if area.width >= width.max(60) && area.height >= rows_at(c, Fit::Full) {
        Fit::Full
    } else {
        Fit::Compact
    }
}

/// The narrowest a side's text may be.
const SIDE_TEXT: u16 = 24;

/// The narrowest a side's text may be for full boards.
const FULL_SIDE_TEXT: u16 = 34;

/// Rows below a board on each side: counters and the last event.
const SIDE_ROWS: u16 = 4;

/// Rows of the bug lab's line: where the sides part, and why.
const PARTING_ROWS: u16 = 3;

/// Where side `side` of `count` sits, in the title and the key bar: `left`
/// and `right` of two, `left`, `middle` and `right` of three; none beyond.
fn position(side: usize, count: usize) -> Option<&'static str> {
    match (count, side) {
        (2 | 3, 0) => Some("left"),
        (2, 1) | (3, 2) => Some("right"),
        (3, 1) => Some("middle"),
        _ => None,
    }
}

/// Draws the compare screen.
pub fn draw(c: &Compare, frame: &mut Frame) {
    let area = frame.area();
    let (w, h) = min_size(c);
    let theme = c.sides[0].theme();
    if area.width < w || area.height < h {
        let text = format!(
            "The compare screen needs {w}x{h}; this terminal is {}x{}. Enlarge it, or press q.",
            area.width, area.height
        );
        frame.render_widget(Paragraph::new(text).centered(), area);
        return;
    }
    let parting_rows = if c.parting.is_some() { PARTING_ROWS } else { 0 };
    let [title, sides, parting_area, ratio_area, cost_area, bar] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(parting_rows),
        Constraint::Length(1),
        Constraint::Length(u16::from(c.costs)),
        Constraint::Length(1),
    ])
    .areas(area);
    if let Some((step, why)) = &c.parting {
        let at = c.sides.iter().all(|s| s.step() == *step);
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
    let room = (title.width as usize).saturating_sub(super::columns::width(&right) + 1);
    // Too long: the program's name goes first, then the end of the line.
    let rest = title_text(c);
    let full = format!(" backstep {dot}{rest}");
    let head = if super::columns::width(&full) > room {
        render::shorten(&rest, room, &theme)
    } else {
        full
    };
    frame.render_widget(
        Paragraph::new(render::title_line(head, right, title.width, &theme)),
        title,
    );
    let columns = Layout::horizontal(vec![Constraint::Fill(1); c.sides.len()]).split(sides);
    let fit = fit(c, area);
    // A projector: each side's board drawn bigger, and its event log.
    let big = area.width >= super::big::SCREEN.0 && area.height >= super::big::SCREEN.1;
    for (i, (pane, label)) in c.sides.iter().zip(&c.labels).enumerate() {
        pane.draw(label, c.focused(i), fit, big, frame, columns[i]);
    }
    frame.render_widget(
        Paragraph::new(Span::styled(format!(" {}", c.ratio_line()), theme.legal())),
        ratio_area,
    );
    if let Some(line) = c.cost_line().filter(|_| c.costs) {
        let line = render::shorten(&line, cost_area.width.saturating_sub(1) as usize, &theme);
        frame.render_widget(
            Paragraph::new(Span::styled(format!(" {line}"), theme.muted())),
            cost_area,
        );
    }
    let by = if c.parting.is_some() { "event" } else { "node" };
    let focus = match c.focus {
        Focus::All if c.sides.len() == 2 => format!("both by {by}"),
        Focus::All => format!("all by {by}"),
        Focus::One(side) => {
            let name = position(side, c.sides.len()).unwrap_or(&c.labels[side]);
            format!("{name} only")
        }
    };
    let label = |b: &Binding<CompareAction>| match b.action {
        CompareAction::Focus => format!("{}: {focus}", b.short),
        _ => b.short.to_string(),
    };
    let line = render::bar_lines(&theme, keys::bar_of(COMPARE_KEYS), label, bar.width, 1);
    frame.render_widget(Paragraph::new(line), bar);
    if c.help {
        let lines = c.sides[0].help();
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

/// The title bar's text after the program's name: what every side
/// searches, then which is which, e.g. ` compare · Sudoku inkala (9x9) ·
/// mrv (left) vs first (right)` (the bar puts ` backstep ·` before it).
pub fn title_text(c: &Compare) -> String {
    let dot = c.sides[0].theme().glyphs.dot;
    let sep = format!(" {dot} ");
    let titles: Vec<Title> = c.sides.iter().map(|s| s.title()).collect();
    // The parts every title shares: all but each one's last, if those are
    // the same on every side; otherwise the first side's whole title.
    let head = titles[0].head();
    let shared = if !head.is_empty() && titles.iter().all(|t| t.head() == head) {
        Title::new(head.iter().cloned()).text(dot)
    } else {
        titles[0].text(dot)
    };
    let count = c.sides.len();
    let names: Vec<String> = c
        .labels
        .iter()
        .enumerate()
        .map(|(i, label)| match position(i, count) {
            Some(at) => format!("{label} ({at})"),
            None => label.clone(),
        })
        .collect();
    format!(" compare{sep}{shared}{sep}{}", names.join(" vs "))
}

/// One side: its board, then its counters, path, last event and masks.
/// At the end the board shows the last solution, as on the main screen.
/// A board wider than the side is left out (three sides on 80 columns).
/// On a projector (`big`) the board is drawn bigger, as on the main screen
/// ([`super::scale`]), at the largest scale that leaves the rest its rows
/// and [`SIDE_EVENTS`] lines of events, which follow in their own panel.
fn side<S: Scene>(
    app: &App<S>,
    label: &str,
    focused: bool,
    fit: Fit,
    big: bool,
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
        let end = end.fitted(room);
        block = block.title_bottom(Span::styled(
            format!(" {} ", render::shorten(&end, room, t)),
            t.muted(),
        ));
    }
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let (bw, bh) = board_size_at(view.search, fit);
    let width = inner.width as usize;
    let last = app
        .timeline
        .last_told()
        .map_or("step 0".to_string(), |told| told.words().to_string());
    let mut lines = render::counter_lines(app, inner.width, 2);
    lines.push(render::keep_tail(render::path_line(app), width, t));
    lines.push(Line::styled(render::shorten(&last, width, t), t.newest()));
    lines.push(Line::raw(""));
    lines.extend(view.search.masks_at(fit, view.last, t));
    // A line too long for the side breaks between its phrases.
    let lines: Vec<Line<'static>> = lines
        .into_iter()
        .flat_map(|line| super::columns::wrap_phrases(line, width))
        .collect();
    let info_rows = lines.len() as u16;
    let scale = if !big || bw > inner.width {
        1
    } else {
        let rows = inner.height.saturating_sub(info_rows + 1 + SIDE_EVENTS + 2);
        (inner.width / bw.max(1)).min(rows / bh.max(1)).max(1)
    };
    let board_rows = if bw <= inner.width { bh * scale + 1 } else { 0 };
    let [board, info] =
        Layout::vertical([Constraint::Length(board_rows), Constraint::Fill(1)]).areas(inner);
    if board_rows > 0 {
        let at = Rect {
            height: board.height.saturating_sub(1),
            ..board
        };
        render::draw_board(&view, fit, scale, t, at, frame.buffer_mut());
    }
    let events = if big {
        info.height.saturating_sub(info_rows)
    } else {
        0
    };
    let [info, log] =
        Layout::vertical([Constraint::Fill(1), Constraint::Length(events)]).areas(info);
    frame.render_widget(Paragraph::new(lines), info);
    if events >= 3 {
        side_events(app, frame, log);
    }
}

/// The fewest lines of events a side keeps on a projector.
const SIDE_EVENTS: u16 = 4;

/// A side's event log on a projector: its newest events, each line in the
/// words told when it happened, ending in an ellipsis where too long.
fn side_events<S: Scene>(app: &App<S>, frame: &mut Frame, area: Rect) {
    let block = render::block(app, "Events");
    let inner = block.inner(area);
    let rows = usize::from(inner.height);
    let recent: Vec<_> = app.timeline.recent().collect();
    let lines: Vec<Line<'static>> = recent[recent.len().saturating_sub(rows)..]
        .iter()
        .map(|told| Line::raw(render::log_line(told)))
        .collect();
    let lines =
        super::columns::fit_lines(lines, usize::from(inner.width), app.theme.glyphs.ellipsis);
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// Opens the compare screen on `sides`, one label each, and runs it until
/// the user quits (or a terminating signal arrives: see
/// [`super::run_screen`]), recording it to `record` if given; `costs` shows
/// each side's cost per node.
pub fn run(
    sides: Vec<Box<dyn Pane>>,
    labels: Vec<String>,
    costs: bool,
    record: Option<&Path>,
) -> Result<()> {
    let mut compare = Compare::of(sides, labels);
    compare.costs = costs;
    super::run_screen(&mut compare, false, record)
}

/// Opens the bug lab's compare screen (the correct search left, the bug
/// right) at their first difference, stepping event by event; as [`run`].
pub fn run_parting(
    sides: Vec<Box<dyn Pane>>,
    labels: Vec<String>,
    parting: Option<(u64, String)>,
    record: Option<&Path>,
) -> Result<()> {
    let mut compare = Compare::of(sides, labels).parted(parting);
    super::run_screen(&mut compare, false, record)
}

impl Screen for Compare {
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
        self.sides.iter().any(|s| s.working())
    }

    fn ticking(&self) -> bool {
        self.busy()
    }

    fn tick_until(&mut self, elapsed: Duration, deadline: Instant) {
        // The sides share the time: a side with a working side after it
        // has its share of what is left, the last working one all of it.
        let now = Instant::now();
        let left = deadline.saturating_duration_since(now);
        let count = self.sides.len() as u32;
        for i in 0..self.sides.len() {
            let later = self.sides[i + 1..].iter().any(|s| s.working());
            let until = if later {
                now + left * (i as u32 + 1) / count
            } else {
                deadline
            };
            self.sides[i].tick_until(elapsed, until);
        }
    }
}
