//! Drawing the play screen: the layout of its panels, the title, the key
//! bar and the help popup. Each panel draws in a module of its own.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::board::{board_size, render_board};
use super::found::render_boards;
use super::masks::mask_lines;
use super::note::render_note;
use super::{PLAY_KEYS, Play};
use crate::search::queens::Masks;
use crate::ui::render::title_line;
use crate::ui::theme::Theme;
use crate::ui::{big, keys, scale};
use crate::view::queens::draw::mask_lines as shared_mask_lines;

/// Rows of the note panel inside its border.
const NOTE_ROWS: u16 = 4;
/// The narrowest the masks and boards panels may be.
const MIN_SIDE: u16 = 44;

/// The smallest terminal the play screen fits: the board beside the masks
/// and boards panels, the note and the key bar below.
pub fn min_size(play: &Play) -> (u16, u16) {
    let (bw, bh) = board_size(play.n);
    let side = masks_rows(play) + 2 + 4;
    (
        bw + 2 + MIN_SIDE,
        1 + (bh + 2).max(side) + NOTE_ROWS + 2 + 1,
    )
}

/// How many times bigger than its natural size the board is drawn on
/// `area`: on a screen of at least [`big::SCREEN`], as on the main screen,
/// the largest whole scale at which it fits beside the side panels (at
/// least `MIN_SIDE` wide) and above the note and the key bar
/// ([`scale::largest`]); 1 on a smaller screen.
pub fn board_scale(play: &Play, area: Rect) -> u16 {
    if area.width < big::SCREEN.0 || area.height < big::SCREEN.1 {
        return 1;
    }
    let room = (
        area.width.saturating_sub(MIN_SIDE),
        area.height.saturating_sub(1 + NOTE_ROWS + 2 + 1),
    );
    scale::largest(board_size(play.n), room).max(1)
}

/// Draws the play screen.
pub fn draw(play: &Play, frame: &mut Frame) {
    let area = frame.area();
    let (w, h) = min_size(play);
    let t = &play.theme;
    if area.width < w || area.height < h {
        let text = format!(
            "The play screen needs {w}x{h}; this terminal is {}x{}. Enlarge it, or press q.",
            area.width, area.height
        );
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        play.board_area.set(None);
        return;
    }
    let scale = board_scale(play, area);
    let (bw, bh) = board_size(play.n);
    let (bw, bh) = (bw * scale, bh * scale);
    let masks = mask_lines(play);
    let [title, main, note, bar] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(NOTE_ROWS + 2),
        Constraint::Length(1),
    ])
    .areas(area);
    let [left, right] =
        Layout::horizontal([Constraint::Length(bw + 2), Constraint::Fill(1)]).areas(main);
    let [board, _] =
        Layout::vertical([Constraint::Length(bh + 2), Constraint::Fill(1)]).areas(left);
    let [masks_area, boards] = Layout::vertical([
        Constraint::Length(masks_rows(play) + 2),
        Constraint::Fill(1),
    ])
    .areas(right);
    render_title(play, frame, title);
    render_board(play, frame, board, scale);
    frame.render_widget(
        Paragraph::new(masks).block(block(t, "Masks".into())),
        masks_area,
    );
    render_boards(play, frame, boards);
    render_note(play, frame, note);
    render_key_bar(play, frame, bar);
    if play.help {
        render_help(play, frame, area);
    }
}

/// The most lines the masks panel takes: the shared mask lines, then the
/// legal line, the cursor, the row's status and a refusal. Fixed for the
/// board, so that the panels below never move from one move to the next.
fn masks_rows(play: &Play) -> u16 {
    shared_mask_lines(Masks::default(), play.n, true, &play.theme).len() as u16 + 4
}

pub(super) fn block(t: &Theme, title: String) -> Block<'static> {
    Block::bordered()
        .border_set(t.glyphs.border)
        .border_style(t.border())
        .title(Span::styled(format!(" {title} "), t.title()))
}

fn render_title(play: &Play, frame: &mut Frame, area: Rect) {
    let t = &play.theme;
    let dot = t.glyphs.dot;
    let left = format!(
        " backstep {dot} N-Queens n={} {dot} you place the queens",
        play.n
    );
    let right = format!("row by row {dot} ? help ");
    frame.render_widget(Paragraph::new(title_line(left, right, area.width, t)), area);
}

fn render_key_bar(play: &Play, frame: &mut Frame, area: Rect) {
    let t = &play.theme;
    let mut spans = Vec::new();
    for key in keys::bar_of(PLAY_KEYS) {
        let keys = t.key_names(key.bar_key());
        spans.push(Span::styled(format!(" {keys}"), t.key()));
        spans.push(Span::styled(format!(" {} ", key.short), t.muted()));
    }
    // The mouse hint only where it fits whole.
    let used: usize = spans.iter().map(Span::width).sum();
    for (key, what) in [
        (" click", " a square of the row to place"),
        (" click", " to place"),
    ] {
        if used + key.len() + what.len() <= area.width as usize {
            spans.push(Span::styled(key, t.key()));
            spans.push(Span::styled(what, t.muted()));
            break;
        }
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

fn render_help(play: &Play, frame: &mut Frame, area: Rect) {
    let t = &play.theme;
    let mut lines: Vec<Line> = keys::help_of(PLAY_KEYS)
        .map(|k| {
            Line::from(vec![
                Span::styled(format!(" {:<13}", t.key_names(k.keys)), t.key()),
                Span::raw(k.help),
            ])
        })
        .collect();
    let g = t.glyphs;
    for text in [
        "",
        " One queen per row, top to bottom. A square in C|H|L is refused,",
        " naming the queen above that attacks it and the mask it sits in:",
        &format!(
            " C {} column, H {} high diagonal, L {} low diagonal, {} both",
            g.vertical, g.falling, g.rising, g.crossed
        ),
        " diagonals: a square shows its diagonal left, its column in the middle.",
        &format!(
            " {} legal, {} tried already, {} a queen; reverse video: the cursor.",
            g.legal, g.removed, g.piece
        ),
        " The note says whether you place where the search would: the lowest",
        " legal column of the row not yet tried.",
        " Press ? or esc to close.",
    ] {
        lines.push(Line::styled(text.to_string(), t.muted()));
    }
    // Wrapped at word boundaries when the screen is narrower than a line.
    crate::ui::render::help_popup(t, lines, 0, frame, area);
}
