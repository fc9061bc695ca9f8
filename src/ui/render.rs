//! Drawing the whole screen: one small function per panel.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use super::app::{App, Panel};
use super::keys;
use super::scene::Scene;
use super::theme::Theme;
use super::{panels, tree};
use crate::search::{EventKind, SearchEvent};

/// Rows taken by everything but the top panels: title, counters and path
/// (two lines and a border), the event log (at least one line), key bar.
const FIXED_ROWS: u16 = 1 + 4 + 3 + 1;
/// The narrowest the masks panel may be.
const MIN_MASKS: u16 = 44;
/// The fewest rows a trace table or tree gets inside its border before it
/// takes the board's place.
const MIN_PANEL_ROWS: u16 = 5;
/// The counters column, when there is room for it.
const COUNTERS_WIDTH: u16 = 30;
/// Its height inside the border: one line per counter.
const COUNTERS_ROWS: u16 = 6;

/// The smallest terminal this search can be drawn in.
pub fn min_size<S: Scene>(app: &App<S>) -> (u16, u16) {
    let (bw, bh) = app.timeline.search().board_size();
    let (mw, mh) = masks_size(app);
    (
        (bw + 2 + mw.min(MIN_MASKS)).max(60),
        bh.max(mh) + 2 + FIXED_ROWS,
    )
}

fn masks_size<S: Scene>(app: &App<S>) -> (u16, u16) {
    let lines = app
        .timeline
        .search()
        .masks(app.timeline.last_event(), &app.scene_theme());
    let width = lines.iter().map(|l| l.width() as u16).max().unwrap_or(0);
    (width + 2, lines.len() as u16 + 1)
}

/// Draws the whole screen for the app's current state.
pub fn draw<S: Scene>(app: &App<S>, frame: &mut Frame) {
    let area = frame.area();
    let (w, h) = min_size(app);
    if area.width < w || area.height < h {
        render_too_small(app, frame, area, (w, h));
        return;
    }
    let (bw, bh) = app.timeline.search().board_size();
    let (mw, mh) = masks_size(app);
    // Wide screens get the counters as a third column beside the masks;
    // narrower ones a line above the path.
    let mut wide = area.width >= bw + 2 + mw.max(MIN_MASKS) + COUNTERS_WIDTH;
    let mut top = bh.max(mh).max(if wide { COUNTERS_ROWS } else { 0 }) + 2;
    // The key bar takes a second line when it needs one and the log can spare it.
    let bar_rows = if keys_fit(app, area.width) || area.height <= h {
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
    let board_hidden = table_or_tree && spare < MIN_PANEL_ROWS;
    if board_hidden {
        (wide, top) = (false, 0);
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
        Constraint::Length(if wide {
            mw.max(MIN_MASKS)
        } else {
            main.width - bw - 2
        }),
        Constraint::Fill(1),
    ])
    .areas(main);
    if wide {
        render_counters(app, frame, counters);
    }
    render_path(app, frame, progress, !wide);
    render_title(app, frame, title, board_hidden);
    if !board_hidden {
        render_board(app, frame, board);
        render_masks(app, frame, masks);
    }
    match app.panel {
        _ if app.predict.is_some() => {
            panels::render_predict(app, block(app, "Predict"), frame, log)
        }
        Panel::Events => render_log(app, frame, log),
        Panel::Table => panels::render_table(app, block(app, "Trace table"), frame, log),
        Panel::Code => panels::render_code(app, block(app, "Algorithm"), frame, log),
        Panel::Tree => tree::render_tree(app, block(app, "Search tree"), frame, log),
    }
    render_key_bar(app, frame, bar);
    if app.help {
        render_help(app, frame, area);
    }
}

fn block<S: Scene>(app: &App<S>, title: &str) -> Block<'static> {
    Block::bordered()
        .border_set(app.theme.glyphs.border)
        .border_style(app.theme.border())
        .title(Span::styled(format!(" {title} "), app.theme.title()))
}

fn render_title<S: Scene>(app: &App<S>, frame: &mut Frame, area: Rect, board_hidden: bool) {
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
    let left = format!(" backstep {dot} {}", search.title(&app.name, t));
    let board = if board_hidden {
        format!(" {dot} board hidden")
    } else {
        String::new()
    };
    let right = format!("{state}{fold}{board} {dot} ? help ");
    frame.render_widget(Paragraph::new(title_line(left, right, area.width, t)), area);
}

/// A title bar: `left` in the title style, `right` muted at the right end.
pub fn title_line(left: String, right: String, width: u16, t: &Theme) -> Line<'static> {
    let pad = (width as usize).saturating_sub(left.chars().count() + right.chars().count());
    Line::from(vec![
        Span::styled(left, t.title()),
        Span::raw(" ".repeat(pad)),
        Span::styled(right, t.muted()),
    ])
}

fn render_board<S: Scene>(app: &App<S>, frame: &mut Frame, area: Rect) {
    let mut block = block(app, "Board");
    let status = match app.timeline.last_event().map(SearchEvent::kind) {
        Some(EventKind::DeadEnd) => Some(("dead end", app.theme.dead_end())),
        Some(EventKind::Solution) => Some(("solution", app.theme.solution())),
        _ => None,
    };
    if let Some((text, style)) = status {
        block = block.title_bottom(Span::styled(format!(" {text} "), style));
    }
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let search = app.timeline.search();
    search.render_board(
        app.timeline.last_event(),
        &app.scene_theme(),
        inner,
        frame.buffer_mut(),
    );
}

fn render_masks<S: Scene>(app: &App<S>, frame: &mut Frame, area: Rect) {
    let search = app.timeline.search();
    let lines = search.masks(app.timeline.last_event(), &app.scene_theme());
    let paragraph = Paragraph::new(lines).block(block(app, search.masks_title()));
    frame.render_widget(paragraph, area);
}

/// The counters as (name, value) pairs, in the order both layouts show them.
fn counter_items<S: Scene>(app: &App<S>) -> Vec<(&'static str, String)> {
    let search = app.timeline.search();
    let c = search.counters();
    let step = match app.timeline.total() {
        Some(total) => format!("{} / {total}", app.timeline.step()),
        None => app.timeline.step().to_string(),
    };
    vec![
        ("step", step),
        ("nodes", c.nodes.to_string()),
        ("solutions", search.solutions_text()),
        ("dead ends", c.dead_ends.to_string()),
        ("rejects", c.rejects.to_string()),
        ("depth", c.depth.to_string()),
    ]
}

fn render_counters<S: Scene>(app: &App<S>, frame: &mut Frame, area: Rect) {
    let t = &app.theme;
    let lines: Vec<Line> = counter_items(app)
        .into_iter()
        .map(|(name, value)| {
            Line::from(vec![
                Span::styled(format!("{name:<10}"), t.muted()),
                Span::styled(value, t.title()),
            ])
        })
        .collect();
    frame.render_widget(Paragraph::new(lines).block(block(app, "Counters")), area);
}

fn render_path<S: Scene>(app: &App<S>, frame: &mut Frame, area: Rect, with_counters: bool) {
    let t = &app.theme;
    let mut lines = Vec::new();
    if with_counters {
        let mut spans = Vec::new();
        for (name, value) in counter_items(app) {
            spans.push(Span::styled(format!("{name} "), t.muted()));
            spans.push(Span::styled(value, t.title()));
            spans.push(Span::raw("   "));
        }
        lines.push(Line::from(spans));
    }
    let inner = area.width.saturating_sub(2) as usize;
    lines.push(keep_tail(app.timeline.search().path(t), inner, t));
    let title = if with_counters {
        "Counters and path"
    } else {
        "Path"
    };
    frame.render_widget(Paragraph::new(lines).block(block(app, title)), area);
}

fn render_log<S: Scene>(app: &App<S>, frame: &mut Frame, area: Rect) {
    let block = block(app, "Events");
    let rows = block.inner(area).height as usize;
    let search = app.timeline.search();
    let recent: Vec<_> = app.timeline.recent().collect();
    let newest = recent.last().map(|(step, _)| *step);
    // Number solutions by counting back from the solutions found so far.
    let mut found = search.counters().found;
    let mut numbers: Vec<u64> = recent
        .iter()
        .rev()
        .map(|(_, event)| {
            let number = found;
            if event.kind() == EventKind::Solution {
                found = found.saturating_sub(1);
            }
            number
        })
        .collect();
    numbers.reverse();
    let mut lines: Vec<Line> = recent
        .iter()
        .zip(numbers)
        .skip(recent.len().saturating_sub(rows))
        .map(|((step, event), found)| {
            let text = format!("{step:>8}  {}", search.describe(event, found));
            let style = if Some(*step) == newest {
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
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

fn render_key_bar<S: Scene>(app: &App<S>, frame: &mut Frame, area: Rect) {
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
                " looking for the {}... step {} (esc cancels)",
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
    frame.render_widget(Paragraph::new(line), area);
}

/// The key bar's items, as many lines as it may use. Help and quit always
/// show, at the right end; the rest fill from the left in table order.
fn key_lines<S: Scene>(app: &App<S>, width: u16, rows: u16) -> Vec<Line<'static>> {
    let t = &app.theme;
    let item = |b: &keys::Binding| {
        vec![
            Span::styled(format!(" {}", t.key_names(b.bar_key())), t.key()),
            Span::styled(format!(" {} ", b.short), t.muted()),
        ]
    };
    let (last, rest): (Vec<_>, Vec<_>) = keys::bar_items()
        .partition(|b| matches!(b.action, keys::Action::Help | keys::Action::Quit));
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
fn keys_fit<S: Scene>(app: &App<S>, width: u16) -> bool {
    let t = &app.theme;
    let total: usize = keys::bar_items()
        .map(|b| t.key_names(b.bar_key()).chars().count() + b.short.chars().count() + 3)
        .sum();
    total <= width as usize
}

fn render_help<S: Scene>(app: &App<S>, frame: &mut Frame, area: Rect) {
    let t = &app.theme;
    let mut lines: Vec<Line> = keys::help_rows()
        .map(|b| {
            Line::from(vec![
                Span::styled(format!(" {:<12}", t.key_names(b.keys)), t.key()),
                Span::raw(b.help),
            ])
        })
        .collect();
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        " One step is one event: place, reject, dead-end, undo or solution.",
        t.muted(),
    ));
    lines.push(Line::styled(" Press ? or esc to close.", t.muted()));
    let width = lines.iter().map(Line::width).max().unwrap_or(0) as u16 + 4;
    let height = lines.len() as u16 + 2;
    let popup = centered(area, width, height);
    frame.render_widget(Clear, popup);
    frame.render_widget(
        Paragraph::new(lines)
            .block(block(app, "Keys"))
            .wrap(Wrap { trim: false }),
        popup,
    );
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
/// newest (rightmost) part: `placed … (4,1)=2 (4,4)=5`.
fn keep_tail(line: Line<'static>, width: usize, theme: &super::theme::Theme) -> Line<'static> {
    if line.width() <= width || line.spans.is_empty() {
        return line;
    }
    let mut spans = line.spans;
    let label = spans.remove(0);
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
