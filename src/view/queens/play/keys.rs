//! The play screen's key table (rows of the shared [`Binding`] type), read
//! by the key bar, the help popup and the key handling alike.

use ratatui::crossterm::event::{KeyCode, KeyEvent};

use crate::ui::keys::{self, Binding, ScreenAction};

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
    /// Close the help; otherwise nothing (esc never quits).
    Cancel,
    /// Leave.
    Quit,
}

impl ScreenAction for PlayAction {
    const QUIT: Self = PlayAction::Quit;
    const HELP: Self = PlayAction::Help;
}

/// One row of the play screen's key table: the shared row type.
pub type PlayKey = Binding<PlayAction>;

/// The play screen's one key table: the key bar, the help popup and the key
/// handling all read it.
pub const PLAY_KEYS: &[Binding<PlayAction>] = &[
    Binding::new(
        &["←", "→"],
        "move",
        "move the cursor along the row being filled (also h l)",
        PlayAction::Left,
        &[KeyCode::Left, KeyCode::Char('h')],
    ),
    Binding::new(
        &["→"],
        "",
        "",
        PlayAction::Right,
        &[KeyCode::Right, KeyCode::Char('l')],
    ),
    Binding::new(
        &["home", "end"],
        "",
        "cursor to the first / last column",
        PlayAction::First,
        &[KeyCode::Home],
    ),
    Binding::new(&["end"], "", "", PlayAction::Last, &[KeyCode::End]),
    Binding::new(
        &["enter", "space"],
        "place",
        "place a queen on the cursor's square (or click a square of the row)",
        PlayAction::Place,
        &[KeyCode::Enter, KeyCode::Char(' ')],
    ),
    Binding::new(
        &["u", "bksp"],
        "undo",
        "undo the last queen",
        PlayAction::Undo,
        &[KeyCode::Char('u'), KeyCode::Backspace],
    ),
    Binding::new(
        &["?"],
        "help",
        "show / hide this help",
        PlayAction::Help,
        &[KeyCode::Char('?')],
    ),
    Binding::new(
        &["esc"],
        "",
        "close this help (esc never quits)",
        PlayAction::Cancel,
        &[KeyCode::Esc],
    ),
    Binding::new(
        &["q", "^c"],
        "quit",
        "quit (ctrl-c from anywhere; ctrl-z suspends, fg resumes)",
        PlayAction::Quit,
        &[KeyCode::Char('q')],
    ),
];

/// The action bound to a key press on the play screen, if any.
pub fn play_action(key: KeyEvent) -> Option<PlayAction> {
    keys::lookup(PLAY_KEYS, key)
}
