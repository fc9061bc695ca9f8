//! The screen on a projector (at least [`SCREEN`]): the board drawn
//! larger, at the largest whole scale that fits ([`super::scale`]), and the
//! trace table, algorithm, tree or predict panel beside it, under the
//! masks and counters, so that the event log stays in view below.
//!
//! ```text
//! title
//! ┌ Board (scaled) ┐┌ Masks ┐┌ Counters ┐
//! │                ││       ││          │
//! │                │└───────┘└──────────┘
//! │                │┌ Trace table / Algorithm / Search tree ┐
//! │                ││                                       │
//! └────────────────┘└───────────────────────────────────────┘
//! ┌ Path ┐
//! ┌ Events ┐
//! keys
//! ```
//!
//! Smaller screens keep the usual layout ([`super::render::draw`]), cell
//! for cell.

use ratatui::Frame;
use ratatui::layout::Rect;

use super::app::{App, Panel};
use super::render::{
    COUNTERS_ROWS, COUNTERS_WIDTH, MIN_MASKS, block, keys_fit, masks_size, render_board_at,
    render_counters, render_help, render_key_bar, render_log, render_masks, render_path,
    render_title,
};
use super::scene::{Capability, Fit, Scene};
use super::{panels, scale, tree};

/// The smallest screen drawn this way: a projector at 160x48 or larger.
pub const SCREEN: (u16, u16) = (160, 48);
/// The event log's rows at least, its border included.
const LOG_ROWS: u16 = 8;
/// The rows a panel beside the board gets at least, its border included.
const SIDE_ROWS: u16 = 8;
/// The path panel's rows, its border included.
const PATH_ROWS: u16 = 3;

/// Where everything goes on a big screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Big {
    /// Each board cell is drawn as a `scale` x `scale` block.
    pub scale: u16,
    pub title: Rect,
    pub board: Rect,
    pub masks: Rect,
    pub counters: Rect,
    /// The table, algorithm, tree or predict panel, when one is open.
    pub side: Option<Rect>,
    pub path: Rect,
    pub log: Rect,
    pub bar: Rect,
}

/// The big layout of `app` on `area`, or `None` when the screen is smaller
/// than [`SCREEN`] or the board would not be drawn at least twice its size.
pub fn layout<S: Scene>(app: &App<S>, area: Rect) -> Option<Big> {
    if area.width < SCREEN.0 || area.height < SCREEN.1 {
        return None;
    }
    let search = app.timeline.search();
    // The plain screen (no board) has nothing to draw larger.
    if !Capability::Board.offered(search) {
        return None;
    }
    let board = search.board_size();
    let (mw, _) = masks_size(app, None, Fit::Full);
    let masks_width = mw.max(MIN_MASKS);
    let bar_rows = match () {
        _ if app.bare => 0,
        _ if keys_fit(app, area.width) => 1,
        _ => 2,
    };
    let main_rows = area
        .height
        .checked_sub(1 + PATH_ROWS + bar_rows + LOG_ROWS)?;
    let room = (
        area.width.saturating_sub(masks_width + COUNTERS_WIDTH),
        main_rows,
    );
    let scale = scale::largest(board, room);
    if scale < 2 {
        return None;
    }
    let board_width = board.0 * scale + 2;
    let board_rows = board.1 * scale + 2;
    let right_width = area.width - board_width;
    let (_, mh) = masks_size(app, Some(masks_width), Fit::Full);
    let counters_rows = COUNTERS_ROWS + search.extra_counters().len() as u16;
    let top = mh.max(counters_rows) + 2;
    let side_open = app.predict.is_some() || app.panel != Panel::Events;
    let main = board_rows
        .max(top + if side_open { SIDE_ROWS } else { 0 })
        .min(main_rows);
    let upper = if side_open { top.min(main) } else { main };
    let x = area.x;
    let y = area.y;
    let row = |y: u16, height: u16| Rect {
        x,
        y,
        width: area.width,
        height,
    };
    let right = |y: u16, height: u16| Rect {
        x: x + board_width,
        y,
        width: right_width,
        height,
    };
    // The columns the board's scale leaves go to the masks (its worked
    // arithmetic in its longest form), the counters keeping their width.
    let masks = Rect {
        width: masks_width.max(right_width.saturating_sub(COUNTERS_WIDTH)),
        ..right(y + 1, upper)
    };
    let counters = Rect {
        x: masks.right(),
        width: right_width - masks.width,
        ..masks
    };
    let side = (side_open && main > upper).then(|| right(y + 1 + upper, main - upper));
    let path = row(y + 1 + main, PATH_ROWS);
    let bar = row(area.bottom() - bar_rows, bar_rows);
    let log = row(path.bottom(), bar.y - path.bottom());
    Some(Big {
        scale,
        title: row(y, 1),
        board: Rect {
            x,
            y: y + 1,
            width: board_width,
            height: board_rows.min(main),
        },
        masks,
        counters,
        side,
        path,
        log,
        bar,
    })
}

/// Draws the whole screen in the big layout.
pub fn draw<S: Scene>(app: &App<S>, frame: &mut Frame, big: &Big) {
    render_title(app, frame, big.title, false);
    render_board_at(app, frame, big.board, Fit::Full, big.scale);
    render_masks(app, frame, big.masks, Fit::Full);
    render_counters(app, frame, big.counters);
    if let Some(side) = big.side {
        match app.panel {
            _ if app.predict.is_some() => {
                panels::render_predict(app, block(app, "Predict"), frame, side)
            }
            Panel::Events => {}
            Panel::Table => panels::render_table(app, block(app, "Trace table"), frame, side),
            Panel::Code => panels::render_code(app, block(app, "Algorithm"), frame, side),
            Panel::Tree => tree::render_tree(app, block(app, "Search tree"), frame, side),
            Panel::Probe => super::probe::render_panel(app, block(app, "Estimate"), frame, side),
        }
    }
    render_path(app, frame, big.path, false);
    render_log(app, frame, big.log);
    if !app.bare {
        render_key_bar(app, frame, big.bar);
    }
    if app.help {
        // Over the panels only: the title and the key bar stay in view.
        let room = Rect {
            y: big.title.bottom(),
            height: big.bar.y - big.title.bottom(),
            ..big.title
        };
        render_help(app, frame, room);
    }
}
