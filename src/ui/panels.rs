//! The teaching panels that can take the event log's place: the trace
//! table and the algorithm's steps.

use ratatui::Frame;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Row, Table};

use super::app::App;
use super::mouse::Spot;
use super::scene::Scene;

/// The trace table of the nodes entered so far (in a long search, of those
/// entered in the window the node log keeps), the current node's row
/// highlighted and kept in view unless the user scrolls.
pub fn render_table<S: Scene>(app: &App<S>, block: Block<'static>, frame: &mut Frame, area: Rect) {
    let log = app.nodes.log();
    let header = app.timeline.search().table_header();
    let total = log.rows().len();
    let current = log.current();
    let visible = block.inner(area).height.saturating_sub(1) as usize;
    // Keep the current row in view, a little above the bottom when possible;
    // only the rows in view are formatted.
    let focus = current.unwrap_or(total.saturating_sub(1));
    let follow = (focus + 3)
        .saturating_sub(visible)
        .min(total.saturating_sub(visible));
    let first = app.first_line(follow, visible, total);
    let mut notes: Vec<String> = Vec::new();
    if log.current_outside() {
        notes.push(format!(
            "current node entered before step {}: not in these rows",
            log.base() + 1
        ));
    } else if log.base() > 0 {
        notes.push(format!("nodes after step {}", log.base()));
    }
    if total > visible && visible > 0 {
        notes.push(format!(
            "rows {}-{} of {}",
            log.number(first),
            log.number((first + visible).min(total) - 1),
            log.number(total - 1)
        ));
        notes.push("j k pgup pgdn".into());
    }
    let shown: Vec<Vec<String>> = (first..total.min(first + visible))
        .map(|i| {
            log.table_row(i)
                .iter()
                .map(|c| c.shown().to_string())
                .collect()
        })
        .collect();
    let mut widths: Vec<u16> = header.iter().map(|h| h.len() as u16).collect();
    for row in &shown {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(super::columns::width(cell) as u16);
        }
    }
    // On a narrow panel leave out whole columns, widest first (never the
    // node, the first cell or the outcome), rather than cut figures.
    let room = usize::from(block.inner(area).width);
    let mut keep = vec![true; header.len()];
    let needed = |keep: &[bool]| -> usize {
        let kept = widths.iter().zip(keep).filter(|&(_, &k)| k);
        kept.clone()
            .map(|(&w, _)| usize::from(w) + 2)
            .sum::<usize>()
            - 2
    };
    while needed(&keep) > room {
        let widest = (2..header.len().saturating_sub(1))
            .filter(|&i| keep[i])
            .max_by_key(|&i| (widths[i], std::cmp::Reverse(i)));
        match widest {
            Some(i) => keep[i] = false,
            None => break,
        }
    }
    let dropped: Vec<&str> = (0..header.len())
        .filter(|&i| !keep[i])
        .map(|i| header[i])
        .collect();
    if !dropped.is_empty() {
        notes.insert(
            usize::from(log.current_outside() || log.base() > 0),
            format!("{} left out: narrow", dropped.join(", ")),
        );
    }
    // The least important notes go first when the border is too short.
    while notes.len() > 1 && super::columns::width(&notes.join(" · ")) + 4 > room {
        notes.pop();
    }
    // Still too wide with only the columns that always stay: the last one
    // takes what is left, each of its cells ending in an ellipsis where it
    // is cut.
    let over = needed(&keep).saturating_sub(room);
    if let Some(last) = (0..header.len()).rev().find(|&i| keep[i]) {
        widths[last] = widths[last].saturating_sub(over as u16).max(1);
    }
    let ellipsis = app.theme.glyphs.ellipsis;
    let kept = |cells: &[String]| -> Vec<String> {
        cells
            .iter()
            .zip(&keep)
            .zip(&widths)
            .filter(|&((_, &k), _)| k)
            .map(|((c, _), &w)| super::columns::shorten(c, usize::from(w), ellipsis))
            .collect()
    };
    let rows = shown.iter().enumerate().map(|(i, cells)| {
        let style = if Some(first + i) == current {
            app.theme.current()
        } else {
            ratatui::style::Style::new()
        };
        Row::new(kept(cells)).style(style)
    });
    let header: Vec<String> = kept(&header.iter().map(|h| h.to_string()).collect::<Vec<_>>());
    let columns: Vec<Constraint> = widths
        .iter()
        .zip(&keep)
        .filter(|&(_, &k)| k)
        .map(|(&w, _)| Constraint::Length(w))
        .collect();
    let mut block = block;
    if !notes.is_empty() {
        block = block.title_bottom(Span::styled(
            format!(" {} ", notes.join(" · ")),
            app.theme.muted(),
        ));
    }
    // What the mouse can reach: the panel scrolls, each row jumps to its node.
    let inner = block.inner(area);
    app.hits.add(area, Spot::Nodes);
    for (i, row) in (first..total.min(first + visible)).enumerate() {
        let y = inner.y + 1 + i as u16;
        let spot = Spot::Node {
            number: log.number(row),
            step: log.rows()[row].step,
        };
        app.hits.add(
            Rect {
                y,
                height: 1,
                ..inner
            },
            spot,
        );
    }
    let widget = Table::new(rows, columns)
        .column_spacing(2)
        .header(Row::new(header).style(app.theme.title()))
        .block(block);
    frame.render_widget(widget, area);
    if total == 0 {
        let inner = Rect {
            y: area.y + 2,
            height: 1,
            ..area
        };
        let text = match log.base() {
            0 => "  no node entered yet: the first place will start the table".to_string(),
            base => format!("  no node entered since step {base}"),
        };
        let note = Line::styled(text, app.theme.muted());
        frame.render_widget(
            Paragraph::new(note),
            inner.inner(ratatui::layout::Margin::new(1, 0)),
        );
    }
}

/// The algorithm's numbered steps, the line behind the last event marked.
pub fn render_code<S: Scene>(app: &App<S>, block: Block<'static>, frame: &mut Frame, area: Rect) {
    let search = app.timeline.search();
    let last = app.timeline.last_event();
    let current = search.algorithm_line(last);
    let marker = app.theme.glyphs.current_row;
    // A line too long for the panel ends in an ellipsis, not a cut word.
    let room = (block.inner(area).width as usize).saturating_sub(6);
    let lines: Vec<Line> = search
        .algorithm()
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let text = super::render::shorten(text, room, &app.theme);
            if i == current {
                Line::from(vec![
                    Span::styled(format!("{marker}{:>3}  ", i + 1), app.theme.legal()),
                    Span::styled(text, app.theme.current()),
                ])
            } else {
                Line::from(vec![
                    Span::styled(format!(" {:>3}  ", i + 1), app.theme.muted()),
                    Span::raw(text),
                ])
            }
        })
        .collect();
    let rows = block.inner(area).height as usize;
    // Scroll so the marked line stays visible on short screens, with the
    // line after it when there is room (on a panel of one row, the marked
    // line alone).
    let skip = (current + 2).saturating_sub(rows).min(current);
    let lines: Vec<Line> = lines.into_iter().skip(skip).collect();
    // The title names the marked line as the panel numbers it, not as
    // "step N": everywhere else a step is an event's number.
    let block = match app.timeline.last_told() {
        Some(told) => {
            let text = format!("{marker} {}: {}", current + 1, told.words());
            let room = (area.width as usize).saturating_sub(4);
            let text = super::render::shorten(&text, room, &app.theme);
            block.title_bottom(Span::styled(format!(" {text} "), app.theme.muted()))
        }
        None => block,
    };
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// Predict mode: the question about the next decision, the answer being
/// typed, the verdict on the last answer, and the score.
pub fn render_predict<S: Scene>(
    app: &App<S>,
    block: Block<'static>,
    frame: &mut Frame,
    area: Rect,
) {
    let Some(predict) = &app.predict else {
        return;
    };
    let t = &app.theme;
    let block = block.title_bottom(Span::styled(
        format!(" score {} (right / asked) ", predict.score()),
        t.title(),
    ));
    let mut lines = Vec::new();
    if let Some(verdict) = &predict.verdict {
        let style = if verdict.right {
            t.legal()
        } else {
            t.rejected()
        };
        let mark = if verdict.right {
            "✓"
        } else {
            t.glyphs.rejected
        };
        lines.push(Line::styled(format!("{mark} {}", verdict.text), style));
    }
    match &predict.question {
        Some(question) => {
            lines.push(Line::styled(question.prompt.clone(), t.title()));
            lines.push(Line::from(vec![
                Span::styled("> ", t.key()),
                Span::styled(format!("{}_", predict.input), t.current()),
                Span::styled(format!("   {}; enter to answer", question.hint), t.muted()),
            ]));
            if app.timeline.search().ask().and_then(|ask| ask.extra_question()).is_some() && predict.paused.is_none() {
                lines.push(Line::styled(
                    "m: first type legal in binary;  → reveals without answering;  ← goes back",
                    t.muted(),
                ));
            }
        }
        None if app.timeline.at_end() => {
            lines.push(Line::styled("The search is over.", t.muted()));
        }
        None => lines.push(Line::styled(
            "No decision to predict here: → goes on (f folds rejects, so questions come at decisions only).",
            t.muted(),
        )),
    }
    let recent: Vec<_> = app.timeline.recent().collect();
    let room = block.inner(area).height as usize;
    let keep = room.saturating_sub(lines.len() + 1);
    if keep > 0 && !recent.is_empty() {
        lines.push(Line::raw(""));
        for told in recent.iter().skip(recent.len().saturating_sub(keep)) {
            lines.push(Line::styled(super::render::log_line(told), t.muted()));
        }
    }
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(ratatui::widgets::Wrap { trim: false })
            .block(block),
        area,
    );
}
