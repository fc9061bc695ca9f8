//! Drawing the whole screen: one small function per panel.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use super::app::{App, Panel};
use super::keys::{self, Binding, ScreenAction};
use super::scene::{Capability, Fit, PathLine, Scene, board_size_at};
use super::theme::Theme;
use super::{columns, panels, tree};
use crate::model;
use crate::search::{EventKind, SearchEvent};
use crate::timeline::Told;

/// Rows taken by everything but the top panels: title, counters and path
/// (two lines and a border), the event log (at least one line), key bar.
const FIXED_ROWS: u16 = 1 + 4 + 3 + 1;
/// The masks panel's width on a wide screen, at least.
pub(super) const MIN_MASKS: u16 = 44;
/// The fewest rows a trace table or tree gets inside its border before it
/// takes the board's place.
const MIN_PANEL_ROWS: u16 = 5;
/// The narrowest the masks panel may be on a small screen (its longest
/// lines wrap): 12-Queens' masks fit beside its board in 80 columns.
const NARROWEST_MASKS: u16 = 38;
/// The counters column, when there is room for it.
pub(super) const COUNTERS_WIDTH: u16 = 30;
/// Its height inside the border: one line per counter.
pub(super) const COUNTERS_ROWS: u16 = 6;

/// The smallest terminal this search can be drawn in (in its compact
/// layout, when it has one).
pub fn min_size<S: Scene>(app: &App<S>) -> (u16, u16) {
    match app.timeline.search().compact_board_size() {
        Some(_) => min_size_at(app, Fit::Compact),
        None => min_size_at(app, Fit::Full),
    }
}

/// The smallest terminal this search can be drawn in with a fit.
fn min_size_at<S: Scene>(app: &App<S>, fit: Fit) -> (u16, u16) {
    let (bw, bh) = board_size_at(app.timeline.search(), fit);
    let (mw, _) = masks_size(app, None, fit);
    let narrowest = mw.min(NARROWEST_MASKS);
    let (_, mh) = masks_size(app, Some(narrowest), fit);
    ((bw + 2 + narrowest).max(60), bh.max(mh) + 2 + FIXED_ROWS)
}

/// The full board when the screen fits the area, else the compact one if
/// the search has one.
pub fn fit<S: Scene>(app: &App<S>, area: Rect) -> Fit {
    let (w, h) = min_size_at(app, Fit::Full);
    let fits = area.width >= w && area.height >= h;
    if fits || app.timeline.search().compact_board_size().is_none() {
        Fit::Full
    } else {
        Fit::Compact
    }
}

/// The masks panel's width with its border, and the rows it needs (with a
/// spare one) when it is `width` wide: the most it takes at any step, so
/// that no panel moves from one step to the next. A line too long for the
/// width wraps.
pub(super) fn masks_size<S: Scene>(app: &App<S>, width: Option<u16>, fit: Fit) -> (u16, u16) {
    let (w, h) = app.timeline.search().masks_extent_at(fit, &app.theme);
    let inner = width.map_or(w, |width| width.saturating_sub(2)).max(1);
    let wraps = w.div_ceil(inner).saturating_sub(1);
    (w + 2, h + wraps + 1)
}

/// The log's fewest rows, its border included, once rows are given to the
/// worked arithmetic.
const MIN_LOG_ROWS: u16 = 5;

/// How many rows the top panels grow by so that the masks panel holds the
/// worked arithmetic ([`Scene::worked_rows`]) below its `masks_rows` (with
/// its spare row): rows the panel does not already have, taken from the
/// log while it keeps [`MIN_LOG_ROWS`] of the `room` below the title.
fn worked_growth<S: Scene>(app: &App<S>, room: u16, top: u16, masks_rows: u16) -> u16 {
    let wanted = app.timeline.search().worked_rows();
    if wanted == 0 {
        return 0;
    }
    let free = top.saturating_sub(2 + masks_rows.saturating_sub(1));
    let log = room.saturating_sub(top);
    wanted
        .saturating_sub(free)
        .min(log.saturating_sub(MIN_LOG_ROWS))
}

/// What the board, masks and path panels show: the search at the current
/// step, or at the end its last solution.
pub struct View<'a, S: Scene> {
    /// The search to draw.
    pub search: &'a S,
    /// The event that led to it.
    pub last: Option<&'a S::Event>,
    /// At the end: what the board shows, e.g. `end: the last solution, from step 9`.
    pub end: Option<End>,
}

/// What the board shows at the end of a search, as data: the words, and
/// the step its last solution is from, said only where it fits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct End {
    /// `the last solution`, `no solution`, or the budget's words first.
    pub said: String,
    /// The step of the solution shown, if any.
    pub from: Option<u64>,
}

impl End {
    /// The line without the step: `end: the last solution`.
    pub fn short(&self) -> String {
        format!("end: {}", self.said)
    }

    /// The whole line: `end: the last solution, from step 9`.
    pub fn full(&self) -> String {
        match self.from {
            Some(step) => format!("end: {}, from step {step}", self.said),
            None => self.short(),
        }
    }

    /// The whole line when it fits in `room` columns, else the short one.
    pub fn fitted(&self, room: usize) -> String {
        let full = self.full();
        if columns::width(&full) > room {
            self.short()
        } else {
            full
        }
    }
}

/// The view of `app`: at the end of the search the board would be back to
/// its start, so it shows the last solution instead, or says there was none.
pub fn view<S: Scene>(app: &App<S>) -> View<'_, S> {
    let live = View {
        search: app.timeline.search(),
        last: app.timeline.last_event(),
        end: None,
    };
    if !app.timeline.at_end() {
        return live;
    }
    // A search a node budget stopped states no result.
    let incomplete = model::incomplete(app.timeline.search());
    match &app.outcome {
        Some(Some(outcome)) => View {
            search: &outcome.search,
            last: Some(&outcome.event),
            end: Some(End {
                said: match incomplete {
                    Some(words) => format!("{words}; the last solution"),
                    None => "the last solution".to_string(),
                },
                from: Some(outcome.step),
            }),
        },
        Some(None) => View {
            end: Some(End {
                said: incomplete.unwrap_or_else(|| "no solution".to_string()),
                from: None,
            }),
            ..live
        },
        None => live,
    }
}

/// Draws the whole screen for the app's current state.
pub fn draw<S: Scene>(app: &App<S>, frame: &mut Frame) {
    let area = frame.area();
    app.hits.clear();
    let (w, h) = min_size(app);
    if area.width < w || area.height < h {
        render_too_small(app, frame, area, (w, h));
        return;
    }
    // A projector's screen: the board drawn larger, the panels beside it.
    if let Some(big) = super::big::layout(app, area) {
        return super::big::draw(app, frame, &big);
    }
    let fit = fit(app, area);
    let (bw, bh) = board_size_at(app.timeline.search(), fit);
    let (mw, _) = masks_size(app, None, fit);
    // Wide screens get the counters as a third column beside the masks;
    // narrower ones a line above the path.
    let mut wide = area.width >= bw + 2 + mw.max(MIN_MASKS) + COUNTERS_WIDTH;
    let masks_width = if wide {
        mw.max(MIN_MASKS)
    } else {
        area.width - bw - 2
    };
    let (_, mh) = masks_size(app, Some(masks_width), fit);
    let counters_rows = COUNTERS_ROWS + app.timeline.search().extra_counters().len() as u16;
    let mut top = bh.max(mh).max(if wide { counters_rows } else { 0 }) + 2;
    // The key bar takes a second line when it needs one and the log can spare it.
    let bar_rows = if app.bare {
        0
    } else if keys_fit(app, area.width) || area.height <= h {
        1
    } else {
        2
    };
    // A trace table or tree too short to read (12-Queens at 80x24) takes
    // the board's rows; `t` or `T` again brings the board back.
    let table_or_tree = app.predict.is_none() && matches!(app.panel, Panel::Table | Panel::Tree);
    let spare = area
        .height
        .saturating_sub(1 + top + if wide { 3 } else { 4 } + bar_rows + 2);
    // A search that draws no board gets the plain screen: the title, the
    // counters and path, and the lower panel (the Events log).
    let plain = !Capability::Board.offered(app.timeline.search());
    let board_hidden = plain || table_or_tree && spare < MIN_PANEL_ROWS;
    if board_hidden {
        (wide, top) = (false, 0);
    }
    // The worked arithmetic takes rows from the event log only: the
    // table, tree and code panels keep theirs.
    if !board_hidden && app.predict.is_none() && matches!(app.panel, Panel::Events) {
        let below = 1 + if wide { 3 } else { 4 } + bar_rows;
        top += worked_growth(app, area.height.saturating_sub(below), top, mh);
    }
    let [title, main, progress, log, bar] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(top),
        Constraint::Length(if wide { 3 } else { 4 }),
        Constraint::Min(3),
        Constraint::Length(bar_rows),
    ])
    .areas(area);
    let [board, masks, counters] = Layout::horizontal([
        Constraint::Length(bw + 2),
        Constraint::Length(masks_width),
        Constraint::Fill(1),
    ])
    .areas(main);
    if wide {
        render_counters(app, frame, counters);
    }
    render_path(app, frame, progress, !wide);
    render_title(app, frame, title, board_hidden && !plain);
    if !board_hidden {
        render_board(app, frame, board, fit);
        render_masks(app, frame, masks, fit);
    }
    match app.panel {
        _ if app.predict.is_some() => {
            panels::render_predict(app, block(app, "Predict"), frame, log)
        }
        Panel::Events => render_log(app, frame, log),
        Panel::Table => panels::render_table(app, block(app, "Trace table"), frame, log),
        Panel::Code => panels::render_code(app, block(app, "Algorithm"), frame, log),
        Panel::Tree => tree::render_tree(app, block(app, "Search tree"), frame, log),
        Panel::Probe => super::probe::render_panel(app, block(app, "Estimate"), frame, log),
    }
    if !app.bare {
        render_key_bar(app, frame, bar);
    }
    if app.help {
        // Over the panels only: the title and the key bar stay in view.
        let room = Rect {
            y: area.y + 1,
            height: area.height.saturating_sub(1 + bar_rows),
            ..area
        };
        render_help(app, frame, room);
    }
    if app.bookmarks.open {
        super::bookmarks::render(&app.bookmarks, &app.theme, frame, area);
    }
}

pub(super) fn block<S: Scene>(app: &App<S>, title: &str) -> Block<'static> {
    Block::bordered()
        .border_set(app.theme.glyphs.border)
        .border_style(app.theme.border())
        .title(Span::styled(format!(" {title} "), app.theme.title()))
}

pub(super) fn render_title<S: Scene>(
    app: &App<S>,
    frame: &mut Frame,
    area: Rect,
    board_hidden: bool,
) {
    let search = app.timeline.search();
    let t = &app.theme;
    let dot = t.glyphs.dot;
    let state = if app.pending.is_some() {
        "working".to_string()
    } else if app.running {
        match app.rate() {
            Some(rate) => format!("running {rate}/s"),
            None => "running flat out".to_string(),
        }
    } else {
        "paused".to_string()
    };
    let fold = if app.fold {
        format!(" {dot} rejects folded")
    } else {
        String::new()
    };
    let left = format!(" backstep {dot} {}", search.title(&app.name).text(dot));
    let board = if board_hidden {
        format!(" {dot} board hidden")
    } else {
        String::new()
    };
    let right = if app.bare {
        String::new()
    } else {
        format!("{state}{fold}{board} {dot} ? help ")
    };
    frame.render_widget(Paragraph::new(title_line(left, right, area.width, t)), area);
}

/// A title bar: `left` in the title style, `right` muted at the right end.
pub fn title_line(left: String, right: String, width: u16, t: &Theme) -> Line<'static> {
    // Too long for the bar: `left` ends in an ellipsis, not a cut word.
    // Widths are columns: a wide glyph in a file name takes two.
    let room = (width as usize).saturating_sub(columns::width(&right) + 1);
    let left = shorten(&left, room, t);
    let pad = (width as usize).saturating_sub(columns::width(&left) + columns::width(&right));
    Line::from(vec![
        Span::styled(left, t.title()),
        Span::raw(" ".repeat(pad)),
        Span::styled(right, t.muted()),
    ])
}

fn render_board<S: Scene>(app: &App<S>, frame: &mut Frame, area: Rect, fit: Fit) {
    render_board_at(app, frame, area, fit, 1);
}

/// The board panel with each board cell drawn as a `scale` x `scale`
/// block ([`super::scale`]).
pub(super) fn render_board_at<S: Scene>(
    app: &App<S>,
    frame: &mut Frame,
    area: Rect,
    fit: Fit,
    scale: u16,
) {
    if app.panel == Panel::Probe && super::probe::render_board(app, frame, area, fit) {
        return;
    }
    let view = view(app);
    let mut block = block(app, "Board");
    // Short, to fit under the smallest board; the end line says more.
    let incomplete = app.timeline.search().budget_hit().is_some();
    let status = match (view.end.is_some(), view.last.map(SearchEvent::kind)) {
        (_, Some(EventKind::Solution)) => Some(("solution", app.theme.solution())),
        (true, _) if incomplete => Some(("incomplete", app.theme.dead_end())),
        (true, _) => Some(("no solution", app.theme.dead_end())),
        (false, Some(EventKind::DeadEnd)) => Some(("dead end", app.theme.dead_end())),
        _ => None,
    };
    if let Some((text, style)) = status {
        block = block.title_bottom(Span::styled(format!(" {text} "), style));
    }
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let theme = app.scene_theme();
    draw_board(&view, fit, scale, &theme, inner, frame.buffer_mut());
}

/// The board of `view` with each cell `scale` times its natural size:
/// drawn by the view itself where it can ([`Scene::render_board_scaled`]),
/// else its natural board drawn bigger glyph by glyph
/// ([`super::scale::blow_up`]). Scale 1 is the natural board.
pub(super) fn draw_board<S: Scene>(
    view: &View<'_, S>,
    fit: Fit,
    scale: u16,
    theme: &Theme,
    area: Rect,
    buf: &mut ratatui::buffer::Buffer,
) {
    if scale <= 1 {
        view.search
            .render_board_at(fit, view.last, theme, area, buf);
        return;
    }
    if view
        .search
        .render_board_scaled(fit, scale, view.last, theme, area, buf)
    {
        return;
    }
    let (bw, bh) = board_size_at(view.search, fit);
    let mut board = ratatui::buffer::Buffer::empty(Rect::new(0, 0, bw, bh));
    view.search
        .render_board_at(fit, view.last, theme, board.area, &mut board);
    super::scale::blow_up(&board, scale, area, buf);
}

pub(super) fn render_masks<S: Scene>(app: &App<S>, frame: &mut Frame, area: Rect, fit: Fit) {
    let view = view(app);
    let theme = app.scene_theme();
    let lines = view.search.masks_at(fit, view.last, &theme);
    let block = block(app, view.search.masks_title());
    let inner = block.inner(area);
    // The worked arithmetic keeps the panel's last rows, so that it stays
    // in one place from step to step; it starts lower when this step's
    // masks (wrapped) take more, and gives up lines or width to fit.
    let width = inner.width.max(1);
    let used: u16 = lines
        .iter()
        .map(|line| (line.width() as u16).div_ceil(width).max(1))
        .sum();
    let reserved = view.search.worked_rows().min(inner.height);
    let start = used.max(inner.height - reserved);
    let worked = view.search.worked(
        view.last,
        &theme,
        inner.width,
        inner.height.saturating_sub(start),
    );
    let paragraph = Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .block(block);
    frame.render_widget(paragraph, area);
    for (y, line) in (inner.y + start..inner.bottom()).zip(worked) {
        frame.render_widget(
            line,
            Rect {
                y,
                height: 1,
                ..inner
            },
        );
    }
}

/// `text` cut to `width` columns, with an ellipsis where it was cut.
pub fn shorten(text: &str, width: usize, theme: &Theme) -> String {
    columns::shorten(text, width, theme.glyphs.ellipsis)
}

/// One counter: its name and its value, written out in full and shortened.
struct Counter {
    name: &'static str,
    full: String,
    short: String,
    /// The figure alone, when even the short form does not fit (an
    /// estimate's share left out).
    least: String,
}

/// The counters, in the order both layouts show them. When room is short
/// they are dropped in [`DROP_ORDER`], never cut.
fn counter_items<S: Scene>(app: &App<S>) -> Vec<Counter> {
    let search = app.timeline.search();
    let c = search.counters();
    let step = app.timeline.step();
    let (full_step, short_step) = match app.timeline.total() {
        Some(total) => (
            format!("{step} / {total}"),
            format!("{} / {}", compact(step), compact(total)),
        ),
        None => (step.to_string(), compact(step)),
    };
    let item = |name, full: String, short: String| Counter {
        name,
        full,
        least: short.clone(),
        short,
    };
    let number = |name, n: u64| item(name, n.to_string(), compact(n));
    let nodes = match app.estimated_nodes() {
        Some(total) => {
            let about = compact(total.round() as u64);
            Counter {
                least: compact(c.nodes),
                ..item(
                    "nodes",
                    format!(
                        "{} of ~{about} (estimated), {}",
                        c.nodes,
                        share(c.nodes, total, " done")
                    ),
                    format!(
                        "{} of ~{about} (estimated) {}",
                        compact(c.nodes),
                        share(c.nodes, total, "")
                    ),
                )
            }
        }
        None => number("nodes", c.nodes),
    };
    let mut items = vec![
        item("step", full_step, short_step),
        nodes,
        item("solutions", search.solutions_text(), compact(c.solutions)),
        number("dead ends", c.dead_ends),
        number("rejects", c.rejects),
        number("depth", c.depth as u64),
    ];
    items.extend(
        search
            .extra_counters()
            .into_iter()
            .map(|(name, n)| number(name, n)),
    );
    items
}

/// The share of an estimated tree that `nodes` is, `0.4%` followed by
/// `done` (`" done"` in full, nothing in the short form), or `past the
/// estimate` once the count is beyond it.
fn share(nodes: u64, total: f64, done: &str) -> String {
    let percent = nodes as f64 / total * 100.0;
    match percent {
        p if p > 100.0 => "past the estimate".to_string(),
        p if p < 10.0 => format!("{p:.1}%{done}"),
        p => format!("{p:.0}%{done}"),
    }
}

/// The counters shortened first when room is short.
const SHORTEN_ORDER: [&str; 6] = [
    "solutions",
    "step",
    "rejects",
    "nodes",
    "dead ends",
    "depth",
];

/// The counters a narrow line drops first, least telling first.
const DROP_ORDER: [&str; 3] = ["rejects", "depth", "dead ends"];

/// A count in at most about five characters: whole below 100,000, else
/// three significant digits and a suffix (`191k`, `16.6M`).
pub fn compact(n: u64) -> String {
    if n < 100_000 {
        return n.to_string();
    }
    let mut value = n as f64;
    for suffix in ["k", "M", "G", "T", "P", "E"] {
        value /= 1000.0;
        let text = if value < 9.995 {
            format!("{value:.2}")
        } else if value < 99.95 {
            format!("{value:.1}")
        } else {
            format!("{value:.0}")
        };
        if value < 999.5 {
            return format!("{text}{suffix}");
        }
    }
    n.to_string()
}

/// One counter as shown: its name and the form of its value chosen.
type Shown = (&'static str, String);

/// The counters in at most `max_rows` lines of `width` columns: every
/// figure whole; when they do not fit, shortened, then the least telling
/// left out ([`DROP_ORDER`]). Never a figure cut.
fn counter_rows(items: &[Counter], width: usize, max_rows: usize) -> Vec<Vec<Shown>> {
    const GAP: usize = 3;
    let pack = |shown: &[Shown]| -> Option<Vec<Vec<Shown>>> {
        let mut rows: Vec<Vec<Shown>> = vec![Vec::new()];
        let mut used = 0;
        for (name, value) in shown {
            let w = columns::width(name) + 1 + columns::width(value);
            let row = rows.last_mut().expect("one row at least");
            if row.is_empty() || used + GAP + w <= width {
                used += if row.is_empty() { w } else { GAP + w };
                row.push((name, value.clone()));
            } else {
                rows.push(vec![(name, value.clone())]);
                used = w;
            }
            if w > width {
                return None;
            }
        }
        (rows.len() <= max_rows).then_some(rows)
    };
    // Shorten one counter at a time, the longest figures first, so that
    // as many as can stay exact do.
    let mut short: Vec<Shown> = items.iter().map(|c| (c.name, c.full.clone())).collect();
    for name in SHORTEN_ORDER {
        if let Some(rows) = pack(&short) {
            return rows;
        }
        for (shown, item) in short.iter_mut().zip(items) {
            if shown.0 == name {
                shown.1 = item.short.clone();
            }
        }
    }
    for name in DROP_ORDER {
        if let Some(rows) = pack(&short) {
            return rows;
        }
        short.retain(|(n, _)| *n != name);
    }
    while !short.is_empty() {
        if let Some(rows) = pack(&short) {
            return rows;
        }
        short.pop();
    }
    Vec::new()
}

/// The counters of `app` as up to `max_rows` lines of `width` columns.
pub fn counter_lines<S: Scene>(app: &App<S>, width: u16, max_rows: usize) -> Vec<Line<'static>> {
    let t = &app.theme;
    // One column spare, so that no figure runs into a border.
    let width = (width as usize).saturating_sub(1);
    counter_rows(&counter_items(app), width, max_rows)
        .into_iter()
        .map(|row| {
            let mut spans = Vec::new();
            for (name, value) in row {
                if !spans.is_empty() {
                    spans.push(Span::raw("   "));
                }
                spans.push(Span::styled(format!("{name} "), t.muted()));
                spans.push(Span::styled(value, t.title()));
            }
            Line::from(spans)
        })
        .collect()
}

/// The counters panel's width with every figure in full (a name column
/// of ten, the figure, the border), and [`COUNTERS_WIDTH`] at least: what
/// a big screen gives it before the board takes the rest.
pub(super) fn counters_width<S: Scene>(app: &App<S>) -> u16 {
    let widest = counter_items(app)
        .iter()
        .map(|c| columns::width(&c.full))
        .max()
        .unwrap_or(0);
    (widest as u16 + 2 + 10).max(COUNTERS_WIDTH)
}

pub(super) fn render_counters<S: Scene>(app: &App<S>, frame: &mut Frame, area: Rect) {
    let t = &app.theme;
    let room = area.width.saturating_sub(2 + 10) as usize;
    let lines: Vec<Line> = counter_items(app)
        .into_iter()
        .map(|c| {
            let value = if columns::width(&c.full) <= room {
                c.full
            } else if columns::width(&c.short) <= room {
                c.short
            } else {
                c.least
            };
            Line::from(vec![
                Span::styled(format!("{:<10}", c.name), t.muted()),
                Span::styled(value, t.title()),
            ])
        })
        .collect();
    frame.render_widget(Paragraph::new(lines).block(block(app, "Counters")), area);
}

pub(super) fn render_path<S: Scene>(
    app: &App<S>,
    frame: &mut Frame,
    area: Rect,
    with_counters: bool,
) {
    let t = &app.theme;
    let mut lines = Vec::new();
    let inner = area.width.saturating_sub(2) as usize;
    if with_counters {
        lines.extend(counter_lines(app, inner as u16, 1));
    }
    let view = view(app);
    lines.push(keep_tail(path_line(app), inner, t));
    let mut title = if with_counters {
        "Counters and path"
    } else {
        "Path"
    }
    .to_string();
    if let Some(end) = &view.end {
        // Without the step when it does not fit: a figure is whole or absent.
        let room = inner.saturating_sub(2);
        let head = format!("{title} {} ", t.glyphs.dot);
        let end = end.fitted(room.saturating_sub(columns::width(&head)));
        title = format!("{head}{end}");
        title = shorten(&title, room, t);
    }
    frame.render_widget(Paragraph::new(lines).block(block(app, &title)), area);
}

/// The path as the screen shows it (the current one, or at the end the
/// last solution's, as [`view`] picks): in the search's words when it
/// draws a board ([`Scene::path`]), else the plain screen's
/// ([`plain_path`]). The main screen and each side of the compare screen
/// show it.
pub(super) fn path_line<S: Scene>(app: &App<S>) -> PathLine {
    let view = view(app);
    match Capability::Board.offered(view.search) {
        true => view.search.path(&app.theme),
        false => plain_path(app),
    }
}

/// The plain screen's path (a search that draws no board): the choices
/// that entered the open nodes, as the tree labels them
/// ([`model::Placed::choice`]), outermost first, an ellipsis standing for
/// those entered before the node log's window. At the end, as the board
/// of a search that draws one, the last solution's path (its node and
/// those above it in the log). With no choice to show it says why: the
/// search has ended, it is at its root (as the tree names the root), or
/// no node is open.
pub(super) fn plain_path<S: Scene>(app: &App<S>) -> PathLine {
    let t = &app.theme;
    let log = app.nodes.log();
    let rows = log.rows();
    let mut path: Vec<usize> = Vec::new();
    let mut before = log.outside() > 0;
    if app.timeline.at_end() {
        let solution = rows
            .iter()
            .rposition(|row| row.outcome.end.is_some_and(|end| end.is_solution()));
        let mut at = solution;
        while let Some(i) = at {
            path.push(i);
            at = rows[i].parent;
        }
        path.reverse();
        // A chain cut by the log's window starts below the root.
        before = log.base() > 0 && path.first().is_some_and(|&i| rows[i].depth > 0);
    } else {
        path.extend_from_slice(log.open());
    }
    let mut steps = Vec::new();
    if before {
        steps.push(Span::styled(format!("{} ", t.glyphs.ellipsis), t.muted()));
    }
    let labels = path.iter().filter_map(|&i| rows[i].choice.as_ref());
    steps.extend(labels.map(|label| Span::raw(format!("{label} "))));
    let note = steps.is_empty().then(|| {
        let why = if app.timeline.at_end() {
            "search ended"
        } else if log.current_depth().is_some() {
            "root"
        } else {
            "no node open"
        };
        Span::styled(why, t.muted())
    });
    PathLine {
        label: Span::styled("path ", t.muted()),
        steps,
        note,
    }
}

/// A line of the Events log: the step, then the event's words as they were
/// told when it happened (predict's recent events use it too).
pub(super) fn log_line<E>(told: &Told<E>) -> String {
    format!("{:>8}  {}", told.step(), told.words())
}

pub(super) fn render_log<S: Scene>(app: &App<S>, frame: &mut Frame, area: Rect) {
    let mut block = block(app, "Events");
    let rows = block.inner(area).height as usize;
    let recent: Vec<_> = app.timeline.recent().collect();
    // Scrolled back with the wheel: older lines, the newest out of view.
    let back = app.log_back.min(recent.len().saturating_sub(rows));
    app.hits.add(
        area,
        super::mouse::Spot::Log {
            visible: rows,
            total: recent.len(),
        },
    );
    if back > 0 {
        block = block.title_bottom(Span::styled(
            format!(
                " {} back · wheel down for the newest ",
                crate::model::counted(back as u64, "line", "lines")
            ),
            app.theme.muted(),
        ));
    }
    let newest = recent.last().map(|told| told.step());
    // Each line is the event's words as they were told when it happened.
    let mut lines: Vec<Line> = recent
        .iter()
        .skip(recent.len().saturating_sub(rows + back))
        .take(rows)
        .map(|told| {
            let text = log_line(told);
            let style = if Some(told.step()) == newest {
                app.theme.newest()
            } else {
                ratatui::style::Style::new()
            };
            Line::styled(text, style)
        })
        .collect();
    if lines.is_empty() {
        lines.push(Line::styled(
            format!(
                "step 0: nothing has happened yet. Press {} or space to take the first step.",
                app.theme.glyphs.arrow_keys[1]
            ),
            app.theme.muted(),
        ));
    }
    // A line longer than the panel ends in an ellipsis.
    let room = block.inner(area).width.into();
    let lines = columns::fit_lines(lines, room, app.theme.glyphs.ellipsis);
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

pub(super) fn render_key_bar<S: Scene>(app: &App<S>, frame: &mut Frame, area: Rect) {
    let t = &app.theme;
    let line = if let Some(text) = &app.prompt {
        Line::from(vec![
            Span::styled(" jump to step: ", t.title()),
            Span::styled(format!("{text}_"), t.current()),
            Span::styled("   enter to go, esc to cancel", t.muted()),
        ])
    } else if let Some(pending) = &app.pending {
        Line::styled(
            format!(
                " working on: {}... now at step {} (esc cancels)",
                pending.label,
                app.timeline.step()
            ),
            t.title(),
        )
    } else if let Some(message) = &app.message {
        Line::styled(format!(" {message}"), t.title())
    } else {
        return frame.render_widget(
            Paragraph::new(key_lines(app, area.width, area.height)),
            area,
        );
    };
    // One line in the room of a key bar of two: on its last row, so that
    // the screen still ends in its status line.
    let last = Rect {
        y: area.bottom().saturating_sub(1),
        height: area.height.min(1),
        ..area
    };
    frame.render_widget(Paragraph::new(line), last);
}

/// The key bar's items, as many lines as it may use.
fn key_lines<S: Scene>(app: &App<S>, width: u16, rows: u16) -> Vec<Line<'static>> {
    bar_lines(
        &app.theme,
        keys::bar_items().filter(|b| app.obeys(b.action)),
        |b| b.short.to_string(),
        width,
        rows,
    )
}

/// A key bar drawn from the bar rows of a key table, `label` naming each,
/// on at most `rows` lines. Help and quit always show, at the right end;
/// the rest fill from the left in table order.
pub fn bar_lines<A: ScreenAction>(
    t: &Theme,
    bar: impl Iterator<Item = &'static Binding<A>>,
    label: impl Fn(&Binding<A>) -> String,
    width: u16,
    rows: u16,
) -> Vec<Line<'static>> {
    let item = |b: &Binding<A>| {
        vec![
            Span::styled(format!(" {}", t.key_names(b.bar_key())), t.key()),
            Span::styled(format!(" {} ", label(b)), t.muted()),
        ]
    };
    let (last, rest): (Vec<_>, Vec<_>) =
        bar.partition(|b| b.action == A::HELP || b.action == A::QUIT);
    let tail: Vec<Span> = last.into_iter().flat_map(item).collect();
    let tail_width: usize = tail.iter().map(Span::width).sum();
    let width = width as usize;
    let mut lines: Vec<(Vec<Span>, usize)> = vec![(Vec::new(), 0)];
    for binding in rest {
        let spans = item(binding);
        let w: usize = spans.iter().map(Span::width).sum();
        let room = |row: usize, used: usize| {
            used + w
                + if row + 1 == rows as usize {
                    tail_width
                } else {
                    0
                }
                <= width
        };
        let row = lines.len() - 1;
        if !room(row, lines[row].1) {
            if lines.len() == rows as usize || !room(row + 1, 0) {
                break;
            }
            lines.push((Vec::new(), 0));
        }
        let current = lines.last_mut().expect("one line at least");
        current.0.extend(spans);
        current.1 += w;
    }
    if let Some((spans, used)) = lines.last_mut() {
        spans.push(Span::raw(
            " ".repeat(width.saturating_sub(*used + tail_width)),
        ));
        spans.extend(tail);
    }
    lines
        .into_iter()
        .map(|(spans, _)| Line::from(spans))
        .collect()
}

/// Whether all the key bar's items fit on one line of this width.
pub(super) fn keys_fit<S: Scene>(app: &App<S>, width: u16) -> bool {
    let t = &app.theme;
    let total: usize = keys::bar_items()
        .filter(|b| app.obeys(b.action))
        .map(|b| columns::width(&t.key_names(b.bar_key())) + columns::width(b.short) + 3)
        .sum();
    total <= width as usize
}

pub(super) fn render_help<S: Scene>(app: &App<S>, frame: &mut Frame, area: Rect) {
    let rows = keys::help_rows().filter(|b| app.obeys(b.action));
    let lines = help_lines(view(app).search, &app.theme, rows);
    let max = help_popup(&app.theme, lines, app.help_scroll, frame, area);
    app.help_max.set(max);
}

/// The help popup's text: the keys, then what each glyph means.
pub fn help_lines<'a, S: Scene, A: 'a>(
    search: &S,
    t: &Theme,
    rows: impl Iterator<Item = &'a Binding<A>>,
) -> Vec<Line<'static>> {
    let mut lines: Vec<Line> = rows
        .map(|b| {
            Line::from(vec![
                Span::styled(format!(" {:<12}", t.key_names(b.keys)), t.key()),
                Span::raw(b.help),
            ])
        })
        .collect();
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        " One step is one event: place, reject, dead end, undo or solution.",
        t.muted(),
    ));
    let legend = search.legend(t);
    // A search that draws no board (or marks nothing on it) has no legend.
    if !legend.is_empty() {
        lines.push(Line::raw(""));
        lines.push(Line::styled(" On the board", t.title()));
    }
    let width = legend
        .iter()
        .map(|(glyph, _)| columns::width(glyph))
        .max()
        .unwrap_or(0)
        .max(11);
    for (glyph, text) in legend {
        lines.push(Line::from(vec![
            Span::styled(format!(" {glyph:<width$} "), t.key()),
            Span::raw(text),
        ]));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled(" Press ? or esc to close.", t.muted()));
    lines
}

/// Draws `lines` in a popup in the middle of `area`, from line `scroll`,
/// and returns the furthest it can scroll.
pub fn help_popup(
    t: &Theme,
    lines: Vec<Line<'static>>,
    scroll: u16,
    frame: &mut Frame,
    area: Rect,
) -> u16 {
    let width = lines.iter().map(Line::width).max().unwrap_or(0) as u16 + 4;
    let popup = centered(area, width, lines.len() as u16 + 2);
    let inner = popup.width.saturating_sub(2) as usize;
    let total: u16 = lines.iter().map(|l| wrapped_rows(l, inner)).sum();
    let popup = centered(area, width, total + 2);
    let rows = popup.height.saturating_sub(2);
    let max = total.saturating_sub(rows);
    let scroll = scroll.min(max);
    let mut block = Block::bordered()
        .border_set(t.glyphs.border)
        .border_style(t.border())
        .title(Span::styled(" Help ", t.title()));
    if max > 0 {
        let [up, down] = t.glyphs.scroll_keys;
        block = block.title_bottom(Span::styled(
            format!(
                " lines {}-{} of {total}, {up} {down} PgUp PgDn scroll ",
                scroll + 1,
                scroll + rows
            ),
            t.title(),
        ));
    }
    frame.render_widget(Clear, popup);
    frame.render_widget(
        Paragraph::new(lines)
            .block(block)
            .wrap(Wrap { trim: false })
            .scroll((scroll, 0)),
        popup,
    );
    max
}

/// How many rows `line` takes wrapped at word boundaries to `width`.
fn wrapped_rows(line: &Line, width: usize) -> u16 {
    let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
    if width == 0 || columns::width(&text) <= width {
        return 1;
    }
    let (mut rows, mut used) = (1u16, 0usize);
    for word in text.split_inclusive(' ') {
        let w = columns::width(word);
        if used + w.min(width) > width && used > 0 {
            rows += 1;
            used = 0;
        }
        used += w;
        while used > width {
            rows += 1;
            used -= width;
        }
    }
    rows
}

fn render_too_small<S: Scene>(app: &App<S>, frame: &mut Frame, area: Rect, need: (u16, u16)) {
    let text = vec![
        Line::styled(
            "The terminal is too small for this search.",
            app.theme.title(),
        ),
        Line::raw(format!(
            "It needs {}x{}; this one is {}x{}.",
            need.0, need.1, area.width, area.height
        )),
        Line::raw("Enlarge the window, or press q to quit."),
    ];
    let width = text.iter().map(Line::width).max().unwrap_or(0) as u16;
    let rect = centered(area, width, text.len() as u16);
    frame.render_widget(Paragraph::new(text).centered(), rect);
}

/// Shortens a long path line from the left, keeping its label and its
/// newest (rightmost) part: `placed … (4,1)=2 (4,4)=5`. A note after the
/// steps goes first, whole.
pub fn keep_tail(path: PathLine, width: usize, theme: &super::theme::Theme) -> Line<'static> {
    let PathLine { label, steps, note } = path;
    let steps_width: usize = label.width() + steps.iter().map(Span::width).sum::<usize>();
    let note_width = note.as_ref().map_or(0, Span::width);
    if steps_width + note_width <= width {
        return PathLine { label, steps, note }.line();
    }
    let mut spans = steps;
    match note {
        Some(note) if spans.is_empty() => spans.push(note),
        _ if steps_width <= width => {
            return PathLine {
                label,
                steps: spans,
                note: None,
            }
            .line();
        }
        _ => {}
    }
    let ellipsis = Span::styled(format!("{} ", theme.glyphs.ellipsis), theme.muted());
    let mut budget = width.saturating_sub(label.width() + ellipsis.width());
    let mut tail = Vec::new();
    while let Some(span) = spans.pop() {
        if span.width() > budget {
            break;
        }
        budget -= span.width();
        tail.push(span);
    }
    tail.reverse();
    let mut kept = vec![label, ellipsis];
    kept.extend(tail);
    Line::from(kept)
}

/// A `width` × `height` rectangle in the middle of `area`, clipped to it.
pub(crate) fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    }
}
