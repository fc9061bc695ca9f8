//! You place the queens: `backstep queens N --play`.
//!
//! The student fills the board row by row with a cursor (or the mouse). Every
//! check is the engine's: the masks of each row come from
//! [`Masks::child`], a square is refused when it is in `C|H|L`, and the queen
//! behind a refusal is found by following each placed queen's own masks down
//! the rows with the same shift rules. The number of boards to find is the
//! engine's count, from one run of the search at start.
//!
//! Beside each placement the screen says whether the student is placing
//! where the search would: the lowest legal column of the row that has not
//! been tried yet (placed and undone) under the same queens above.

use std::cell::Cell;
use std::io;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::Duration;

use anyhow::{Context, Result};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyCode, KeyEvent, KeyEventKind,
    KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::crossterm::execute;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use super::queens::{mask_line, mask_lines as shared_mask_lines};
use super::render::title_line;
use super::scene::put;
use super::theme::Theme;
use crate::search::queens::{Attack, MAX_N, Masks, Queens, QueensOptions};
use crate::search::{Cause, Search, bits, format_set};

/// Row label width: the current-row marker, the row number, a space.
const LABEL: u16 = 4;
/// Each square is three cells wide, one per mask glyph, as on the main screen.
const SQUARE: u16 = 3;
/// Rows of the note panel inside its border.
const NOTE_ROWS: u16 = 4;
/// The narrowest the masks and boards panels may be.
const MIN_SIDE: u16 = 44;
/// How long [`Play::new`] waits for the board count before drawing without it.
const COUNT_WAIT: Duration = Duration::from_millis(250);

/// What a key asks for on the play screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayAction {
    /// Cursor one column left.
    Left,
    /// Cursor one column right.
    Right,
    /// Cursor to column 0.
    First,
    /// Cursor to the last column.
    Last,
    /// Place a queen on the cursor's square.
    Place,
    /// Remove the last queen.
    Undo,
    /// Show or hide the help popup.
    Help,
    /// Leave (esc first closes the help).
    Quit,
}

/// One row of the play screen's key table.
#[derive(Clone, Copy, Debug)]
pub struct PlayKey {
    /// The keys, as the help shows them.
    pub keys: &'static str,
    /// The key bar's label ("" keeps the row out of the bar).
    pub short: &'static str,
    /// What the keys do, in a sentence ("" keeps the row out of the help).
    pub help: &'static str,
    /// The action.
    pub action: PlayAction,
    codes: &'static [KeyCode],
}

/// The play screen's one key table: the key bar, the help popup and the key
/// handling all read it.
pub const PLAY_KEYS: &[PlayKey] = &[
    PlayKey {
        keys: "← →",
        short: "move",
        help: "move the cursor along the row being filled (also h l)",
        action: PlayAction::Left,
        codes: &[KeyCode::Left, KeyCode::Char('h')],
    },
    PlayKey {
        keys: "→",
        short: "",
        help: "",
        action: PlayAction::Right,
        codes: &[KeyCode::Right, KeyCode::Char('l')],
    },
    PlayKey {
        keys: "home end",
        short: "",
        help: "cursor to the first / last column",
        action: PlayAction::First,
        codes: &[KeyCode::Home],
    },
    PlayKey {
        keys: "end",
        short: "",
        help: "",
        action: PlayAction::Last,
        codes: &[KeyCode::End],
    },
    PlayKey {
        keys: "enter space",
        short: "place",
        help: "place a queen on the cursor's square (or click a square of the row)",
        action: PlayAction::Place,
        codes: &[KeyCode::Enter, KeyCode::Char(' ')],
    },
    PlayKey {
        keys: "u bksp",
        short: "undo",
        help: "undo the last queen",
        action: PlayAction::Undo,
        codes: &[KeyCode::Char('u'), KeyCode::Backspace],
    },
    PlayKey {
        keys: "?",
        short: "help",
        help: "show / hide this help",
        action: PlayAction::Help,
        codes: &[KeyCode::Char('?')],
    },
    PlayKey {
        keys: "q esc ^c",
        short: "quit",
        help: "quit (esc first closes this help)",
        action: PlayAction::Quit,
        codes: &[KeyCode::Char('q'), KeyCode::Esc],
    },
];

/// The action bound to a key press on the play screen, if any.
pub fn play_action(key: KeyEvent) -> Option<PlayAction> {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return (key.code == KeyCode::Char('c')).then_some(PlayAction::Quit);
    }
    PLAY_KEYS
        .iter()
        .find(|k| k.codes.contains(&key.code))
        .map(|k| k.action)
}

/// How a message reads: it picks the style of the note.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// A queen was placed or removed.
    Done,
    /// A square was refused.
    Refused,
    /// A board was completed.
    Solved,
    /// Anything else: a hint, or a key with nothing to do.
    Info,
}

/// The latest thing the screen has to say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The sentence.
    pub text: String,
    /// How it reads.
    pub tone: Tone,
}

/// A queen that attacks a square, and the mask that carries the attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attacker {
    /// The attacking queen's row.
    pub row: u8,
    /// The attacking queen's column.
    pub col: u8,
    /// The mask the square sits in because of this queen.
    pub mask: Attack,
}

/// How one placement stands against the search's left-to-right order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Order {
    /// Legal columns left of the queen not yet tried in its row: the search
    /// would have placed there first.
    pub skipped: u32,
    /// Whether the queen's column was already tried (placed and undone) in
    /// its row: the search tries each column once.
    pub revisit: bool,
}

impl Order {
    /// Whether the queen is where the search would place next.
    pub fn follows(self) -> bool {
        self.skipped == 0 && !self.revisit
    }

    /// How the queen at (`row`, `col`) stands, as a phrase.
    pub fn words(self, row: u8, col: u8) -> String {
        if self.revisit {
            format!(
                "column {col} was already tried in row {row}; the search tries each column once, left to right"
            )
        } else if let Some(first) = bits(self.skipped).next() {
            let (noun, verb) = if bits(self.skipped).count() == 1 {
                ("column", "was")
            } else {
                ("columns", "were")
            };
            format!(
                "legal {noun} {} {verb} skipped; the search places at ({row},{first}) first",
                format_set(bits(self.skipped))
            )
        } else {
            "where the search places next (the lowest legal column not yet tried)".into()
        }
    }
}

/// The play screen's state.
pub struct Play {
    n: u8,
    /// Colours and glyphs.
    pub theme: Theme,
    /// `U = 2^n - 1`.
    all: u32,
    /// The column of each queen placed, row by row.
    queens: Vec<u8>,
    /// `masks[r]`: the masks of row `r`, as the engine shifts them
    /// (`masks[0]` is empty, one more than the queens).
    masks: Vec<Masks>,
    /// `tried[r]`: columns of row `r` placed and undone under the current
    /// queens above it (one entry per row up to the current one).
    tried: Vec<u32>,
    /// How each queen stands against the search's order.
    order: Vec<Order>,
    /// The cursor's column in the row being filled.
    cursor: u8,
    /// The square last refused, shown until the next action.
    refused: Option<(u8, u8)>,
    /// Complete boards found, in the order found, each once.
    found: Vec<Vec<u8>>,
    /// The number of boards, from the engine; `None` while it counts.
    total: Option<u64>,
    counting: Option<Receiver<u64>>,
    /// The latest message.
    message: Option<Message>,
    /// Whether the help popup is open.
    pub help: bool,
    /// Set when the user asked to leave.
    pub quit: bool,
    /// Where the last frame drew the board (inside its border), so that a
    /// click can be mapped back to a square.
    board_area: Cell<Option<Rect>>,
}

impl Play {
    /// An empty `n`×`n` board. The engine counts the boards at once, on a
    /// thread of its own so that large boards open without waiting; small
    /// ones have their count before the first frame.
    /// `n` must be at most [`MAX_N`] (the command line checks it).
    pub fn new(n: u8, theme: Theme) -> Play {
        assert!(n <= MAX_N, "n is validated by the caller");
        let (send, receive) = mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("count boards".into())
            .spawn(move || send.send(count_boards(n)));
        let (total, counting) = match spawned {
            Ok(_) => match receive.recv_timeout(COUNT_WAIT) {
                Ok(total) => (Some(total), None),
                Err(_) => (None, Some(receive)),
            },
            // Without a thread, count here: slower to open, never wrong.
            Err(_) => (Some(count_boards(n)), None),
        };
        let mut play = Play {
            n,
            theme,
            all: (1u32 << n) - 1,
            queens: Vec::new(),
            masks: vec![Masks::default()],
            tried: vec![0],
            order: Vec::new(),
            cursor: 0,
            refused: None,
            found: Vec::new(),
            total,
            counting,
            message: None,
            help: false,
            quit: false,
            board_area: Cell::new(None),
        };
        if n == 0 {
            // The empty board is already complete: the one 0-Queens board.
            play.record();
        }
        play
    }

    /// Board size.
    pub fn n(&self) -> u8 {
        self.n
    }

    /// The columns of the queens placed, row by row.
    pub fn queens(&self) -> &[u8] {
        &self.queens
    }

    /// The row being filled (`n` once the board is complete).
    pub fn row(&self) -> u8 {
        self.queens.len() as u8
    }

    /// The cursor's column.
    pub fn cursor(&self) -> u8 {
        self.cursor
    }

    /// The masks of the row being filled.
    pub fn masks(&self) -> Masks {
        self.masks.last().copied().unwrap_or_default()
    }

    /// Legal columns of the row being filled: `U & !(C|H|L)`.
    pub fn legal(&self) -> u32 {
        if self.complete() {
            0
        } else {
            self.all & !self.masks().attacked()
        }
    }

    /// Columns of the row being filled already placed and undone.
    pub fn tried(&self) -> u32 {
        self.tried.last().copied().unwrap_or(0)
    }

    /// Whether every row holds a queen.
    pub fn complete(&self) -> bool {
        self.queens.len() == usize::from(self.n)
    }

    /// The boards found so far, each once, in the order found.
    pub fn found(&self) -> &[Vec<u8>] {
        &self.found
    }

    /// How many boards there are, once the engine has counted them.
    pub fn total(&self) -> Option<u64> {
        self.total
    }

    /// How many boards are still to find, once the engine has counted them.
    pub fn remaining(&self) -> Option<u64> {
        self.total
            .map(|t| t.saturating_sub(self.found.len() as u64))
    }

    /// The latest message.
    pub fn message(&self) -> Option<&Message> {
        self.message.as_ref()
    }

    /// The side note on the search's order, over every queen placed.
    pub fn order_note(&self) -> String {
        let first_off = self
            .order
            .iter()
            .zip(&self.queens)
            .enumerate()
            .find(|(_, (order, _))| !order.follows());
        match first_off {
            Some((row, (order, &col))) => format!(
                "Search order: off since ({row},{col}): {}.",
                order.words(row as u8, col)
            ),
            None if self.queens.is_empty() => {
                "Search order: the search places in the lowest legal column of each row first."
                    .into()
            }
            None => {
                "Search order: followed so far; every queen is where the search would place it."
                    .into()
            }
        }
    }

    /// Picks up the engine's count once it is ready.
    pub fn tick(&mut self) {
        if let Some(receive) = &self.counting {
            match receive.try_recv() {
                Ok(total) => {
                    self.total = Some(total);
                    self.counting = None;
                }
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => self.counting = None,
            }
        }
    }

    /// Whether the engine is still counting the boards.
    pub fn counting(&self) -> bool {
        self.counting.is_some()
    }

    /// Reacts to one key press.
    pub fn on_key(&mut self, key: KeyEvent) {
        let Some(action) = play_action(key) else {
            return;
        };
        if self.help {
            // The help covers the board: close it first, but let quit through.
            match action {
                PlayAction::Quit if key.code != KeyCode::Esc => self.quit = true,
                _ => self.help = false,
            }
            return;
        }
        self.act(action);
    }

    /// Carries out one action.
    pub fn act(&mut self, action: PlayAction) {
        let last = self.n.saturating_sub(1);
        match action {
            PlayAction::Left => self.move_to(self.cursor.saturating_sub(1)),
            PlayAction::Right => self.move_to((self.cursor + 1).min(last)),
            PlayAction::First => self.move_to(0),
            PlayAction::Last => self.move_to(last),
            PlayAction::Place => self.place(self.cursor),
            PlayAction::Undo => self.undo(),
            PlayAction::Help => self.help = !self.help,
            PlayAction::Quit => self.quit = true,
        }
    }

    /// Reacts to the mouse: a click on a square of the row being filled
    /// places there; moving over that row moves the cursor.
    pub fn on_mouse(&mut self, mouse: MouseEvent) {
        if self.help {
            if let MouseEventKind::Down(_) = mouse.kind {
                self.help = false;
            }
            return;
        }
        let Some((row, col)) = self.square_at(mouse.column, mouse.row) else {
            return;
        };
        match mouse.kind {
            MouseEventKind::Down(MouseButton::Left) if row == self.row() => self.place(col),
            MouseEventKind::Down(MouseButton::Left) if row < self.row() => {
                self.say(
                    Tone::Info,
                    format!(
                        "Row {row} already holds its queen; queens go row by row (u undoes the last one)."
                    ),
                );
            }
            MouseEventKind::Down(MouseButton::Left) => {
                let next = self.row();
                self.say(
                    Tone::Info,
                    format!("Row {next} comes first: queens go row by row, top to bottom."),
                );
            }
            MouseEventKind::Moved | MouseEventKind::Drag(_) if row == self.row() => {
                self.cursor = col;
            }
            _ => {}
        }
    }

    /// The board square under screen cell (`x`, `y`), from the last frame.
    fn square_at(&self, x: u16, y: u16) -> Option<(u8, u8)> {
        let area = self.board_area.get()?;
        let dx = x.checked_sub(area.x + LABEL)?;
        let dy = y.checked_sub(area.y + 1)?;
        let (row, col) = (dy, dx / SQUARE);
        let n = u16::from(self.n);
        (row < n && col < n && x < area.right()).then_some((row as u8, col as u8))
    }

    fn move_to(&mut self, col: u8) {
        self.cursor = col;
        self.refused = None;
    }

    fn say(&mut self, tone: Tone, text: String) {
        self.message = Some(Message { text, tone });
    }

    /// Places a queen at `col` of the row being filled, if no mask holds it.
    fn place(&mut self, col: u8) {
        self.cursor = col;
        self.refused = None;
        let row = self.row();
        if self.complete() {
            self.say(
                Tone::Info,
                "The board is complete; press u to take back a queen and look for another.".into(),
            );
            return;
        }
        let bit = 1u32 << col;
        if self.masks().attacked() & bit != 0 {
            self.refused = Some((row, col));
            let text = refusal(row, col, &self.attackers(row, col));
            self.say(Tone::Refused, text);
            return;
        }
        let legal = self.legal();
        let tried = self.tried();
        let order = Order {
            skipped: legal & !tried & (bit - 1),
            revisit: tried & bit != 0,
        };
        let child = self.masks().child(bit, self.all);
        self.queens.push(col);
        self.masks.push(child);
        self.order.push(order);
        self.tried.push(0);
        self.cursor = 0;
        if self.complete() {
            self.record();
            return;
        }
        let mut text = format!("Queen placed at ({row},{col}): {}.", order.words(row, col));
        if self.legal() == 0 {
            text.push_str(&format!(
                " Row {} has no legal column: a dead end, press u.",
                self.row()
            ));
        }
        self.say(Tone::Done, text);
    }

    /// Takes back the last queen; its column counts as tried in its row.
    fn undo(&mut self) {
        self.refused = None;
        let Some(col) = self.queens.pop() else {
            self.say(Tone::Info, "There is no queen to undo.".into());
            return;
        };
        self.masks.pop();
        self.order.pop();
        self.tried.pop();
        let row = self.row();
        if let Some(tried) = self.tried.last_mut() {
            *tried |= 1 << col;
        }
        self.cursor = col;
        // The same rule as the order note: the lowest legal column not yet tried.
        let hint = match bits(self.legal() & !self.tried()).next() {
            Some(c) => format!("the search would place at ({row},{c}) next"),
            None => format!(
                "every legal column of row {row} is tried, so the search would undo again (press u)"
            ),
        };
        self.say(
            Tone::Done,
            format!("Queen at ({row},{col}) taken back; {hint}."),
        );
    }

    /// Records the complete board, once.
    fn record(&mut self) {
        let board = self.queens.clone();
        let list = format_board(&board);
        let new = !self.found.contains(&board);
        if new {
            self.found.push(board);
        }
        let count = match self.remaining() {
            Some(0) => "every board is found".to_string(),
            Some(left) => format!("{left} to go"),
            None => "the total is still being counted".to_string(),
        };
        let text = if new {
            format!(
                "Board complete: {list} is new, {} found, {count}. Press u to look for another.",
                self.found.len()
            )
        } else {
            format!("Board complete: {list} was found before and is not counted again; {count}.")
        };
        self.say(Tone::Solved, text);
    }

    /// The queens that attack (`row`, `col`), each with the mask it puts the
    /// square in. Each queen's own masks are carried down to `row` with the
    /// engine's shift (a child with no new queen just shifts), so the masks
    /// of the row are exactly the union of these.
    pub fn attackers(&self, row: u8, col: u8) -> Vec<Attacker> {
        let bit = 1u32 << col;
        let mut found = Vec::new();
        let mut union = Masks::default();
        for (r, &c) in self.queens.iter().enumerate().take(usize::from(row)) {
            let mut own = Masks::default().child(1 << c, self.all);
            for _ in r + 1..usize::from(row) {
                own = own.child(0, self.all);
            }
            union = Masks {
                cols: union.cols | own.cols,
                high: union.high | own.high,
                low: union.low | own.low,
            };
            for (mask, on) in [
                (Attack::Column, own.cols),
                (Attack::High, own.high),
                (Attack::Low, own.low),
            ] {
                if on & bit != 0 {
                    found.push(Attacker {
                        row: r as u8,
                        col: c,
                        mask,
                    });
                }
            }
        }
        debug_assert!(
            usize::from(row) != self.queens.len() || union == self.masks(),
            "per-queen masks add up to the row's masks"
        );
        found
    }
}

/// Runs the engine once, rejects and symmetry off, for the number of boards.
fn count_boards(n: u8) -> u64 {
    let mut search = Queens::new(QueensOptions {
        n,
        symmetry: false,
        rejects: false,
    });
    search.by_ref().for_each(drop);
    search.counters().solutions
}

/// A board as its columns, row by row: `[1,3,0,2]`.
pub fn format_board(queens: &[u8]) -> String {
    let cols: Vec<String> = queens.iter().map(u8::to_string).collect();
    format!("[{}]", cols.join(","))
}

/// The letter of a mask: `C`, `H` or `L`.
fn letter(mask: Attack) -> &'static str {
    match mask {
        Attack::Column => "C",
        Attack::High => "H",
        Attack::Low => "L",
        Attack::Symmetry => "S",
    }
}

/// Why (`row`, `col`) is refused, naming each attacking queen and its mask.
fn refusal(row: u8, col: u8, attackers: &[Attacker]) -> String {
    let reasons: Vec<String> = attackers
        .iter()
        .map(|a| {
            format!(
                "in {} ({}) of the queen at ({},{})",
                letter(a.mask),
                a.mask.words(),
                a.row,
                a.col
            )
        })
        .collect();
    format!("({row},{col}) refused: it is {}.", reasons.join(", and "))
}

/// The smallest terminal the play screen fits: the board beside the masks
/// and boards panels, the note and the key bar below.
pub fn min_size(play: &Play) -> (u16, u16) {
    let (bw, bh) = board_size(play.n);
    let side = mask_lines(play).len() as u16 + 2 + 4;
    (
        bw + 2 + MIN_SIDE,
        1 + (bh + 2).max(side) + NOTE_ROWS + 2 + 1,
    )
}

/// Width and height of the board inside its border: the column numbers,
/// one line per row, and the cursor's arrow below.
fn board_size(n: u8) -> (u16, u16) {
    let n = u16::from(n.max(1));
    (LABEL + SQUARE * n, n + 2)
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
    let (bw, bh) = board_size(play.n);
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
        Constraint::Length(masks.len() as u16 + 2),
        Constraint::Fill(1),
    ])
    .areas(right);
    render_title(play, frame, title);
    render_board(play, frame, board);
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

fn block(t: &Theme, title: String) -> Block<'static> {
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

fn render_board(play: &Play, frame: &mut Frame, area: Rect) {
    let t = &play.theme;
    let mut block = block(t, "Board".into());
    if play.complete() {
        block = block.title_bottom(Span::styled(" board complete ", t.solution()));
    } else if play.legal() == 0 {
        block = block.title_bottom(Span::styled(" dead end ", t.dead_end()));
    }
    let inner = block.inner(area);
    frame.render_widget(block, area);
    play.board_area.set(Some(inner));
    draw_squares(play, inner, frame.buffer_mut());
}

/// The column numbers, the squares row by row, and the cursor's arrow.
fn draw_squares(play: &Play, area: Rect, buf: &mut Buffer) {
    let t = &play.theme;
    let g = t.glyphs;
    let n = play.n;
    for c in 0..n {
        put(buf, area, x_of(c), 0, &format!("{c:^3}"), t.muted());
    }
    if n == 0 {
        put(buf, area, 0, 1, "(no squares: one empty board)", t.muted());
        return;
    }
    let row = play.row();
    let dead = !play.complete() && play.legal() == 0;
    for r in 0..n {
        let y = 1 + u16::from(r);
        let (marker, marker_style) = match (r == row, dead) {
            (true, true) => (g.dead, t.dead_end()),
            (true, false) => (g.current_row, t.legal()),
            _ => (" ", Style::new()),
        };
        put(buf, area, 0, y, marker, marker_style);
        let label = if r == row { t.current() } else { t.muted() };
        put(buf, area, 1, y, &format!("{r:>2}"), label);
        for c in 0..n {
            let base = t.square((r + c) % 2 == 1);
            for (i, (text, style)) in square(play, r, c).into_iter().enumerate() {
                put(buf, area, x_of(c) + i as u16, y, text, base.patch(style));
            }
        }
    }
    if !play.complete() {
        let x = x_of(play.cursor) + 1;
        put(buf, area, x, 1 + u16::from(n), g.arrows[0], t.key());
    }
}

fn x_of(col: u8) -> u16 {
    LABEL + SQUARE * u16::from(col)
}

/// The three glyph cells of square (`r`, `c`) and their styles.
fn square(play: &Play, r: u8, c: u8) -> [(&'static str, Style); 3] {
    let t = &play.theme;
    let g = t.glyphs;
    let centre = |text, style| [(" ", style), (text, style), (" ", style)];
    if let Some(&q) = play.queens.get(usize::from(r)) {
        if q != c {
            return centre(" ", Style::new());
        }
        let style = if play.complete() {
            t.solution()
        } else if usize::from(r) + 1 == play.queens.len() {
            t.changed()
        } else {
            t.placed()
        };
        return centre(g.queen, style);
    }
    if r != play.row() {
        return centre(" ", Style::new());
    }
    // The row being filled: the cursor in reverse video, a refused square
    // marked as the main screen marks a reject.
    let mut extra = Style::new();
    if c == play.cursor {
        extra = extra.patch(t.current());
    }
    if play.refused == Some((r, c)) {
        extra = extra.patch(t.rejected());
    }
    let bit = 1u32 << c;
    let masks = play.masks();
    if masks.attacked() & bit == 0 {
        if play.tried() & bit != 0 {
            return centre(g.removed, t.muted().patch(extra));
        }
        return centre(g.legal, t.legal().patch(extra));
    }
    let glyph = |on: bool, text: &'static str, style: Style| {
        if on {
            (text, style.patch(extra))
        } else {
            (" ", extra)
        }
    };
    [
        glyph(masks.cols & bit != 0, g.column, t.column()),
        glyph(masks.high & bit != 0, g.high, t.high()),
        glyph(masks.low & bit != 0, g.low, t.low()),
    ]
}

/// The masks panel, as the main screen draws it: bits most-significant
/// first under the column numbers, then the legal set and the cursor.
fn mask_lines(play: &Play) -> Vec<Line<'static>> {
    let t = &play.theme;
    let g = t.glyphs;
    let n = play.n;
    let m = play.masks();
    let label = |text: &str| Span::styled(format!("{text:<7}"), t.muted());
    let mut lines = shared_mask_lines(m, n, t);
    let row_of = |name: &str, mask: u32, style: Style, note: String| {
        mask_line(name, mask, n, style, note, t)
    };
    if play.complete() {
        lines.push(Line::from(vec![
            label("legal"),
            Span::raw("-  (board complete)"),
        ]));
        return lines;
    }
    let legal = play.legal();
    lines.push(row_of("legal", legal, t.legal(), format_set(bits(legal))));
    // An arrow under the cursor's bit: most-significant first, so column c
    // is n-1-c places in.
    let offset = usize::from(n - 1 - play.cursor);
    lines.push(Line::from(vec![
        label("cursor"),
        Span::raw(" ".repeat(offset)),
        Span::styled(g.arrows[0], t.key()),
        Span::styled(
            format!(
                "{}  column {}",
                " ".repeat(usize::from(play.cursor)),
                play.cursor
            ),
            t.muted(),
        ),
    ]));
    let mut status = format!("filling row {}", play.row());
    if play.tried() != 0 {
        status.push_str(&format!(
            "; tried already {}",
            format_set(bits(play.tried()))
        ));
    }
    lines.push(Line::styled(status, t.muted()));
    if let Some((_, col)) = play.refused {
        let bit = 1u32 << col;
        let by: Vec<&str> = [
            (Attack::Column, m.cols),
            (Attack::High, m.high),
            (Attack::Low, m.low),
        ]
        .into_iter()
        .filter(|(_, mask)| mask & bit != 0)
        .map(|(attack, _)| attack.words())
        .collect();
        lines.push(Line::styled(
            format!("column {col}: {}", by.join(", ")),
            t.rejected(),
        ));
    }
    lines
}

fn render_boards(play: &Play, frame: &mut Frame, area: Rect) {
    let t = &play.theme;
    let found = play.found.len();
    let (title, summary) = match play.remaining() {
        Some(_) if play.total == Some(0) => (
            "Boards found: none exist".to_string(),
            format!(
                "No board of {} queens exists: every path ends in a dead end.",
                play.n
            ),
        ),
        Some(0) => (
            format!("Boards found: all {found}"),
            "Every board is found.".to_string(),
        ),
        Some(left) => (
            format!("Boards found: {found} of {}", found as u64 + left),
            format!("{left} still to find."),
        ),
        None => (
            format!("Boards found: {found}"),
            "The search is counting the boards...".to_string(),
        ),
    };
    let block = block(t, title);
    let rows = block.inner(area).height as usize;
    let mut lines = vec![Line::styled(summary, t.muted())];
    let room = rows.saturating_sub(1);
    let shown = if found > room {
        room.saturating_sub(1)
    } else {
        found
    };
    if found > shown {
        lines.push(Line::styled(
            format!("{} {} earlier", t.glyphs.ellipsis, found - shown),
            t.muted(),
        ));
    }
    for (i, board) in play.found.iter().enumerate().skip(found - shown) {
        let style = if i + 1 == found {
            t.solution()
        } else {
            t.placed()
        };
        lines.push(Line::from(vec![
            Span::styled(format!("{:>3}. ", i + 1), t.muted()),
            Span::styled(format_board(board), style),
        ]));
    }
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

fn render_note(play: &Play, frame: &mut Frame, area: Rect) {
    let t = &play.theme;
    let mut lines = Vec::new();
    match &play.message {
        Some(message) => {
            let style = match message.tone {
                Tone::Refused => t.rejected(),
                Tone::Solved => t.solution(),
                Tone::Done => t.title(),
                Tone::Info => Style::new(),
            };
            lines.push(Line::styled(message.text.clone(), style));
        }
        None => lines.push(Line::raw(format!(
            "Place a queen in row 0: move with {} {}, then enter (or click a square).",
            t.glyphs.arrow_keys[0], t.glyphs.arrow_keys[1]
        ))),
    }
    lines.push(Line::styled(play.order_note(), t.muted()));
    frame.render_widget(
        Paragraph::new(lines)
            .block(block(t, "Note".into()))
            .wrap(Wrap { trim: true }),
        area,
    );
}

fn render_key_bar(play: &Play, frame: &mut Frame, area: Rect) {
    let t = &play.theme;
    let mut spans = Vec::new();
    for key in PLAY_KEYS.iter().filter(|k| !k.short.is_empty()) {
        let keys = key.keys.split(' ').next().unwrap_or(key.keys);
        let keys = if key.action == PlayAction::Left {
            t.key_names(key.keys)
        } else {
            t.key_names(keys)
        };
        spans.push(Span::styled(format!(" {keys}"), t.key()));
        spans.push(Span::styled(format!(" {} ", key.short), t.muted()));
    }
    spans.push(Span::styled(" click", t.key()));
    spans.push(Span::styled(" a square of the row to place", t.muted()));
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

fn render_help(play: &Play, frame: &mut Frame, area: Rect) {
    let t = &play.theme;
    let mut lines: Vec<Line> = PLAY_KEYS
        .iter()
        .filter(|k| !k.help.is_empty())
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
            " C {} column, H {} high diagonal, L {} low diagonal.",
            g.column, g.high, g.low
        ),
        " The note says whether you place where the search would: the lowest",
        " legal column of the row not yet tried.",
        " Press ? or esc to close.",
    ] {
        lines.push(Line::styled(text.to_string(), t.muted()));
    }
    let width = lines.iter().map(Line::width).max().unwrap_or(0) as u16 + 4;
    let height = lines.len() as u16 + 2;
    let popup = centered(area, width, height);
    frame.render_widget(Clear, popup);
    frame.render_widget(Paragraph::new(lines).block(block(t, "Keys".into())), popup);
}

/// A `width` × `height` rectangle in the middle of `area`, clipped to it.
fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    }
}

/// Opens the play screen on an empty `n`×`n` board and runs it until the
/// user quits. The terminal is restored, and mouse capture switched off, on
/// every way out: quit, error, or panic.
pub fn run(n: u8, theme: Theme) -> Result<()> {
    let mut play = Play::new(n, theme);
    let mut terminal = ratatui::try_init().context("cannot open the terminal UI")?;
    // ratatui's hook (set by try_init) restores the terminal on a panic; this
    // one runs first and switches the mouse off as well.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(io::stdout(), DisableMouseCapture);
        hook(info);
    }));
    let result = execute!(io::stdout(), EnableMouseCapture)
        .context("cannot switch on the mouse")
        .and_then(|()| {
            while !play.quit {
                terminal.draw(|frame| draw(&play, frame))?;
                let wait = Duration::from_millis(if play.counting() { 100 } else { 500 });
                if event::poll(wait)? {
                    match event::read()? {
                        Event::Key(key) if key.kind != KeyEventKind::Release => play.on_key(key),
                        Event::Mouse(mouse) => play.on_mouse(mouse),
                        _ => {}
                    }
                }
                play.tick();
            }
            Ok(())
        });
    let _ = execute!(io::stdout(), DisableMouseCapture);
    ratatui::restore();
    result
}
