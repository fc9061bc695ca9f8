//! The play screen's key table, read by the key bar, the help popup and
//! the key handling alike.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

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
        keys: "esc",
        short: "",
        help: "close this help (esc never quits)",
        action: PlayAction::Cancel,
        codes: &[KeyCode::Esc],
    },
    PlayKey {
        keys: "q ^c",
        short: "quit",
        help: "quit (ctrl-c from anywhere, the help included)",
        action: PlayAction::Quit,
        codes: &[KeyCode::Char('q')],
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
