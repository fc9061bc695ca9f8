//! The one key table. The key bar and the `?` help popup are both drawn from
//! it, and key presses are looked up in it, so the three can never disagree.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Everything a key can ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// One event forward (or past folded rejects).
    Step,
    /// One event back.
    Back,
    /// Start or pause running.
    Run,
    /// Run faster.
    Faster,
    /// Run slower.
    Slower,
    /// The next node entered.
    NextNode,
    /// The previous node entered.
    PrevNode,
    /// The next solution.
    NextSolution,
    /// The previous solution.
    PrevSolution,
    /// The next dead end.
    NextDeadEnd,
    /// The previous dead end.
    PrevDeadEnd,
    /// Back to step 0.
    Start,
    /// To the last event.
    End,
    /// Ask for a step number to jump to.
    Jump,
    /// Step over rejects, or show them one by one.
    Fold,
    /// Show the trace table in place of the event log (or go back to it).
    Table,
    /// Scroll the table or tree one line down.
    ScrollDown,
    /// Scroll the table or tree one line up.
    ScrollUp,
    /// Scroll the table or tree a page down.
    PageDown,
    /// Scroll the table or tree a page up.
    PageUp,
    /// Show the algorithm's steps in place of the event log.
    Code,
    /// Show the search tree in place of the event log.
    Tree,
    /// Turn predict mode on or off.
    Predict,
    /// Show or hide the help popup.
    Help,
    /// Cancel a prompt, a run, a jump or a panel; otherwise nothing.
    Cancel,
    /// Leave.
    Quit,
}

/// One row of the key table.
#[derive(Clone, Copy, Debug)]
pub struct Binding {
    /// The keys, as the help shows them.
    pub keys: &'static str,
    /// The short label of the key bar ("" keeps it out of the bar).
    pub short: &'static str,
    /// What the key does, in a sentence.
    pub help: &'static str,
    /// The action.
    pub action: Action,
    codes: &'static [KeyCode],
}

impl Binding {
    /// The keys as the bar shows them: a pair of one-letter keys (`n N`)
    /// whole, otherwise just the first key.
    pub fn bar_key(&self) -> &'static str {
        let tokens: Vec<&str> = self.keys.split(' ').collect();
        match tokens.as_slice() {
            [a, b] if a.chars().count() == 1 && b.chars().count() == 1 => self.keys,
            [first, ..] => first,
            [] => self.keys,
        }
    }
}

/// The key table, in the order the help lists it.
pub const KEYS: &[Binding] = &[
    Binding {
        keys: "→ l space",
        short: "step",
        help: "step one event forward",
        action: Action::Step,
        codes: &[KeyCode::Right, KeyCode::Char('l'), KeyCode::Char(' ')],
    },
    Binding {
        keys: "← h bksp",
        short: "back",
        help: "step one event back",
        action: Action::Back,
        codes: &[KeyCode::Left, KeyCode::Char('h'), KeyCode::Backspace],
    },
    Binding {
        keys: "enter",
        short: "run",
        help: "run / pause",
        action: Action::Run,
        codes: &[KeyCode::Enter],
    },
    Binding {
        keys: "+ -",
        short: "speed",
        help: "run faster / slower (1 event/s up to as fast as possible)",
        action: Action::Faster,
        codes: &[KeyCode::Char('+'), KeyCode::Char('=')],
    },
    Binding {
        keys: "-",
        short: "",
        help: "",
        action: Action::Slower,
        codes: &[KeyCode::Char('-'), KeyCode::Char('_')],
    },
    Binding {
        keys: "n N",
        short: "node",
        help: "next / previous node entered",
        action: Action::NextNode,
        codes: &[KeyCode::Char('n')],
    },
    Binding {
        keys: "N",
        short: "",
        help: "",
        action: Action::PrevNode,
        codes: &[KeyCode::Char('N')],
    },
    Binding {
        keys: "s S",
        short: "sol",
        help: "next / previous solution",
        action: Action::NextSolution,
        codes: &[KeyCode::Char('s')],
    },
    Binding {
        keys: "S",
        short: "",
        help: "",
        action: Action::PrevSolution,
        codes: &[KeyCode::Char('S')],
    },
    Binding {
        keys: "d D",
        short: "dead",
        help: "next / previous dead end",
        action: Action::NextDeadEnd,
        codes: &[KeyCode::Char('d')],
    },
    Binding {
        keys: "D",
        short: "",
        help: "",
        action: Action::PrevDeadEnd,
        codes: &[KeyCode::Char('D')],
    },
    Binding {
        keys: "g G",
        short: "ends",
        help: "go to the start / the end",
        action: Action::Start,
        codes: &[KeyCode::Char('g'), KeyCode::Home],
    },
    Binding {
        keys: "G",
        short: "",
        help: "",
        action: Action::End,
        codes: &[KeyCode::Char('G'), KeyCode::End],
    },
    Binding {
        keys: ":",
        short: "jump",
        help: "jump to step k (type the number, then enter)",
        action: Action::Jump,
        codes: &[KeyCode::Char(':')],
    },
    Binding {
        keys: "f",
        short: "fold",
        help: "fold rejects (step over them) / show them one by one",
        action: Action::Fold,
        codes: &[KeyCode::Char('f')],
    },
    Binding {
        keys: "t",
        short: "table",
        help: "trace table: one row per node entered (t again: event log)",
        action: Action::Table,
        codes: &[KeyCode::Char('t')],
    },
    Binding {
        keys: "c",
        short: "code",
        help: "the algorithm's steps, with the line that ran highlighted",
        action: Action::Code,
        codes: &[KeyCode::Char('c')],
    },
    Binding {
        keys: "T",
        short: "tree",
        help: "the search tree so far",
        action: Action::Tree,
        codes: &[KeyCode::Char('T')],
    },
    Binding {
        keys: "j k",
        short: "",
        help: "scroll the table or tree a line down / up",
        action: Action::ScrollDown,
        codes: &[KeyCode::Char('j')],
    },
    Binding {
        keys: "k",
        short: "",
        help: "",
        action: Action::ScrollUp,
        codes: &[KeyCode::Char('k')],
    },
    Binding {
        keys: "pgdn pgup",
        short: "",
        help: "scroll a page; the next step follows the current node again",
        action: Action::PageDown,
        codes: &[KeyCode::PageDown],
    },
    Binding {
        keys: "pgup",
        short: "",
        help: "",
        action: Action::PageUp,
        codes: &[KeyCode::PageUp],
    },
    Binding {
        keys: "p",
        short: "predict",
        help: "predict mode: guess each decision (m: answer legal in binary)",
        action: Action::Predict,
        codes: &[KeyCode::Char('p')],
    },
    Binding {
        keys: "?",
        short: "help",
        help: "show / hide this help",
        action: Action::Help,
        codes: &[KeyCode::Char('?')],
    },
    Binding {
        keys: "esc",
        short: "cancel",
        help: "cancel a prompt, a run, a jump, this help or a panel (never quits)",
        action: Action::Cancel,
        codes: &[KeyCode::Esc],
    },
    Binding {
        keys: "q ^c",
        short: "quit",
        help: "quit (ctrl-c quits from anywhere, prompts and questions included)",
        action: Action::Quit,
        codes: &[KeyCode::Char('q')],
    },
];

/// Whether a key press is Ctrl-C, which quits from every state.
pub fn is_interrupt(key: KeyEvent) -> bool {
    key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c')
}

/// The action bound to a key press, if any.
pub fn action(key: KeyEvent) -> Option<Action> {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return is_interrupt(key).then_some(Action::Quit);
    }
    KEYS.iter()
        .find(|b| b.codes.contains(&key.code))
        .map(|b| b.action)
}

/// Where a key moves the open help popup from line `from`: ↑ ↓ `k` `j`
/// by a line, PgUp PgDn by a page; `None` for any other key.
pub fn help_scroll(key: KeyEvent, from: u16) -> Option<u16> {
    const PAGE: u16 = 10;
    match key.code {
        KeyCode::Down | KeyCode::Char('j') => Some(from.saturating_add(1)),
        KeyCode::Up | KeyCode::Char('k') => Some(from.saturating_sub(1)),
        KeyCode::PageDown => Some(from.saturating_add(PAGE)),
        KeyCode::PageUp => Some(from.saturating_sub(PAGE)),
        _ => None,
    }
}

/// The bindings the help lists: the ones with a sentence.
pub fn help_rows() -> impl Iterator<Item = &'static Binding> {
    KEYS.iter().filter(|b| !b.help.is_empty())
}

/// The bindings the key bar shows.
pub fn bar_items() -> impl Iterator<Item = &'static Binding> {
    KEYS.iter().filter(|b| !b.short.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_has_a_key_and_no_key_is_bound_twice() {
        let mut seen = Vec::new();
        for binding in KEYS {
            for code in binding.codes {
                assert!(!seen.contains(code), "{code:?} bound twice");
                seen.push(*code);
            }
        }
        let press = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE);
        assert_eq!(action(press('N')), Some(Action::PrevNode));
        assert_eq!(action(press('?')), Some(Action::Help));
        assert_eq!(action(press('j')), Some(Action::ScrollDown));
        assert_eq!(action(press('k')), Some(Action::ScrollUp));
        let key = |code| KeyEvent::new(code, KeyModifiers::NONE);
        assert_eq!(action(key(KeyCode::PageDown)), Some(Action::PageDown));
        assert_eq!(action(key(KeyCode::PageUp)), Some(Action::PageUp));
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(action(ctrl_c), Some(Action::Quit));
        let esc = KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE);
        assert_eq!(action(esc), Some(Action::Cancel));
    }
}
