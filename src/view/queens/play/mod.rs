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

mod board;
mod draw;
mod found;
mod input;
mod keys;
mod masks;
mod note;
mod order;
mod rules;
mod run;

use std::cell::Cell;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::Duration;

use ratatui::layout::Rect;

use crate::search::Search;
use crate::search::queens::{MAX_N, Masks, Queens, QueensOptions};
use crate::ui::theme::Theme;

pub use draw::{board_scale, draw, min_size};
pub use keys::{PLAY_KEYS, PlayAction, PlayKey, play_action};
pub use order::Order;
pub use rules::Attacker;
pub use run::run;

/// How long [`Play::new`] waits for the board count before drawing without it.
const COUNT_WAIT: Duration = Duration::from_millis(250);

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
    /// Where the last frame drew the board (inside its border) and at
    /// which scale, so that a click can be mapped back to a square.
    board_area: Cell<Option<(Rect, u16)>>,
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

    fn say(&mut self, tone: Tone, text: String) {
        self.message = Some(Message { text, tone });
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
