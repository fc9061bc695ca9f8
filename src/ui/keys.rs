//! The key tables: one [`Binding`] type, one table per screen ([`KEYS`] for
//! the main screen, [`COMPARE_KEYS`] for compare, `PLAY_KEYS` for play).
//! Each screen's key bar and `?` help popup are drawn from its table, and
//! its key presses are looked up in it, so the three can never disagree.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::scene::Capability;

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
    /// Bookmark the current step.
    Mark,
    /// List the bookmarks, to jump to one.
    Marks,
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
    /// Show the last random probe and the estimate of the tree (or go
    /// back to the event log).
    Probe,
    /// Turn predict mode on or off.
    Predict,
    /// Show or hide the help popup.
    Help,
    /// Cancel a prompt, a run, a jump or a panel; otherwise nothing.
    Cancel,
    /// Leave.
    Quit,
}

/// One row of a key table: what the help, the key bar and the lookup read.
/// `A` is the screen's action: [`Action`] on the main screen,
/// [`CompareAction`] on compare, `PlayAction` on the play screen.
#[derive(Clone, Copy, Debug)]
pub struct Binding<A = Action> {
    /// The keys' names, as the help lists them (`→`, `l`, `space`).
    pub keys: &'static [&'static str],
    /// The keys the key bar names (none: see [`Binding::bar_key`]).
    pub bar: &'static [&'static str],
    /// The short label of the key bar ("" keeps it out of the bar).
    pub short: &'static str,
    /// What the key does, in a sentence ("" keeps it out of the help).
    pub help: &'static str,
    /// The action.
    pub action: A,
    /// The key codes bound to the action.
    pub codes: &'static [KeyCode],
}

impl<A: Copy> Binding<A> {
    /// A row whose bar key is worked out from `keys`.
    pub const fn new(
        keys: &'static [&'static str],
        short: &'static str,
        help: &'static str,
        action: A,
        codes: &'static [KeyCode],
    ) -> Self {
        Binding {
            keys,
            bar: &[],
            short,
            help,
            action,
            codes,
        }
    }

    /// The same row with another key bar entry: `bar` keys (none: worked
    /// out from `keys`) and `short` label (`""`: out of the bar).
    pub const fn in_bar(self, bar: &'static [&'static str], short: &'static str) -> Self {
        Binding { bar, short, ..self }
    }

    /// The keys as the bar shows them: the row's own bar keys if it has
    /// them, else a pair of one-letter keys (`n N`) whole, otherwise just
    /// the first key.
    pub fn bar_key(&self) -> &'static [&'static str] {
        if !self.bar.is_empty() {
            return self.bar;
        }
        match self.keys {
            [a, b] if a.chars().count() == 1 && b.chars().count() == 1 => self.keys,
            [_, ..] => &self.keys[..1],
            [] => self.keys,
        }
    }
}

/// What every screen's actions have: the one Ctrl-C asks for, and the two
/// the key bar keeps at its right end.
pub trait ScreenAction: Copy + PartialEq + 'static {
    /// Leave (Ctrl-C, from every state).
    const QUIT: Self;
    /// Show or hide the help popup.
    const HELP: Self;
}

impl ScreenAction for Action {
    const QUIT: Self = Action::Quit;
    const HELP: Self = Action::Help;
}

/// The action a key press asks for in `table`, if any: Ctrl-C is
/// `A::QUIT` on every screen; other keys with Ctrl held do nothing.
pub fn lookup<A: ScreenAction>(table: &[Binding<A>], key: KeyEvent) -> Option<A> {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return is_interrupt(key).then_some(A::QUIT);
    }
    table
        .iter()
        .find(|b| b.codes.contains(&key.code))
        .map(|b| b.action)
}

/// The rows of `table` the help lists: the ones with a sentence.
pub fn help_of<A>(table: &'static [Binding<A>]) -> impl Iterator<Item = &'static Binding<A>> {
    table.iter().filter(|b| !b.help.is_empty())
}

/// The rows of `table` the key bar shows.
pub fn bar_of<A>(table: &'static [Binding<A>]) -> impl Iterator<Item = &'static Binding<A>> {
    table.iter().filter(|b| !b.short.is_empty())
}

/// The main screen's row for [`Action::Step`].
pub const STEP: Binding = Binding::new(
    &["→", "l", "space"],
    "step",
    "step one event forward",
    Action::Step,
    &[KeyCode::Right, KeyCode::Char('l'), KeyCode::Char(' ')],
);

/// The main screen's row for [`Action::Back`].
pub const BACK: Binding = Binding::new(
    &["←", "h", "bksp"],
    "back",
    "step one event back",
    Action::Back,
    &[KeyCode::Left, KeyCode::Char('h'), KeyCode::Backspace],
);

/// The main screen's row for [`Action::Run`].
pub const RUN: Binding = Binding::new(
    &["enter"],
    "run",
    "run / pause",
    Action::Run,
    &[KeyCode::Enter],
);

/// The main screen's row for [`Action::Faster`].
pub const FASTER: Binding = Binding::new(
    &["+", "-"],
    "speed",
    "run faster / slower (1 event/s up to as fast as possible)",
    Action::Faster,
    &[KeyCode::Char('+'), KeyCode::Char('=')],
);

/// The main screen's row for [`Action::Slower`].
pub const SLOWER: Binding = Binding::new(
    &["-"],
    "",
    "",
    Action::Slower,
    &[KeyCode::Char('-'), KeyCode::Char('_')],
);

/// The main screen's row for [`Action::NextNode`].
pub const NEXT_NODE: Binding = Binding::new(
    &["n", "N"],
    "node",
    "next / previous node entered",
    Action::NextNode,
    &[KeyCode::Char('n')],
);

/// The main screen's row for [`Action::PrevNode`].
pub const PREV_NODE: Binding =
    Binding::new(&["N"], "", "", Action::PrevNode, &[KeyCode::Char('N')]);

/// The main screen's row for [`Action::NextSolution`].
pub const NEXT_SOLUTION: Binding = Binding::new(
    &["s", "S"],
    "sol",
    "next / previous solution",
    Action::NextSolution,
    &[KeyCode::Char('s')],
);

/// The main screen's row for [`Action::PrevSolution`].
pub const PREV_SOLUTION: Binding =
    Binding::new(&["S"], "", "", Action::PrevSolution, &[KeyCode::Char('S')]);

/// The main screen's row for [`Action::NextDeadEnd`].
pub const NEXT_DEAD_END: Binding = Binding::new(
    &["d", "D"],
    "dead",
    "next / previous dead end",
    Action::NextDeadEnd,
    &[KeyCode::Char('d')],
);

/// The main screen's row for [`Action::PrevDeadEnd`].
pub const PREV_DEAD_END: Binding =
    Binding::new(&["D"], "", "", Action::PrevDeadEnd, &[KeyCode::Char('D')]);

/// The main screen's row for [`Action::Start`].
pub const START: Binding = Binding::new(
    &["g", "G"],
    "ends",
    "go to the start / the end",
    Action::Start,
    &[KeyCode::Char('g'), KeyCode::Home],
);

/// The main screen's row for [`Action::End`].
pub const END: Binding = Binding::new(
    &["G"],
    "",
    "",
    Action::End,
    &[KeyCode::Char('G'), KeyCode::End],
);

/// The main screen's row for [`Action::Jump`].
pub const JUMP: Binding = Binding::new(
    &[":"],
    "jump",
    "jump to step k (type the number, then enter)",
    Action::Jump,
    &[KeyCode::Char(':')],
);

/// The main screen's row for [`Action::Mark`].
pub const MARK: Binding = Binding::new(
    &["m"],
    "",
    "bookmark this step (kept for the session)",
    Action::Mark,
    &[KeyCode::Char('m')],
);

/// The main screen's row for [`Action::Marks`].
pub const MARKS: Binding = Binding::new(
    &["'"],
    "",
    "list the bookmarks; a digit 1-9 jumps to one",
    Action::Marks,
    &[KeyCode::Char('\'')],
);

/// The main screen's row for [`Action::Fold`].
pub const FOLD: Binding = Binding::new(
    &["f"],
    "fold",
    "fold rejects (step over them) / show them one by one",
    Action::Fold,
    &[KeyCode::Char('f')],
);

/// The main screen's row for [`Action::Table`].
pub const TABLE: Binding = Binding::new(
    &["t"],
    "table",
    "trace table: one row per node entered (t again: event log)",
    Action::Table,
    &[KeyCode::Char('t')],
);

/// The main screen's row for [`Action::Code`].
pub const CODE: Binding = Binding::new(
    &["c"],
    "code",
    "the algorithm's steps, with the line that ran highlighted",
    Action::Code,
    &[KeyCode::Char('c')],
);

/// The main screen's row for [`Action::Tree`].
pub const TREE: Binding = Binding::new(
    &["T"],
    "tree",
    "the search tree so far",
    Action::Tree,
    &[KeyCode::Char('T')],
);

/// The main screen's row for [`Action::ScrollDown`].
pub const SCROLL_DOWN: Binding = Binding::new(
    &["j", "k"],
    "",
    "scroll the table or tree a line down / up",
    Action::ScrollDown,
    &[KeyCode::Char('j')],
);

/// The main screen's row for [`Action::ScrollUp`].
pub const SCROLL_UP: Binding =
    Binding::new(&["k"], "", "", Action::ScrollUp, &[KeyCode::Char('k')]);

/// The main screen's row for [`Action::PageDown`].
pub const PAGE_DOWN: Binding = Binding::new(
    &["pgdn", "pgup"],
    "",
    "scroll a page; the next step follows the current node again",
    Action::PageDown,
    &[KeyCode::PageDown],
);

/// The main screen's row for [`Action::PageUp`].
pub const PAGE_UP: Binding = Binding::new(&["pgup"], "", "", Action::PageUp, &[KeyCode::PageUp]);

/// The main screen's row for [`Action::Probe`].
pub const PROBE: Binding = Binding::new(
    &["e"],
    "",
    "the last random probe and Knuth's estimate of the tree",
    Action::Probe,
    &[KeyCode::Char('e')],
);

/// The main screen's row for [`Action::Predict`].
pub const PREDICT: Binding = Binding::new(
    &["p"],
    "predict",
    "predict mode: guess each decision (m: answer legal in binary)",
    Action::Predict,
    &[KeyCode::Char('p')],
);

/// The main screen's row for [`Action::Help`].
pub const HELP: Binding = Binding::new(
    &["?"],
    "help",
    "show / hide this help",
    Action::Help,
    &[KeyCode::Char('?')],
);

/// The main screen's row for [`Action::Cancel`].
pub const CANCEL: Binding = Binding::new(
    &["esc"],
    "cancel",
    "cancel a prompt, a run, a jump, this help or a panel (never quits)",
    Action::Cancel,
    &[KeyCode::Esc],
);

/// The main screen's row for [`Action::Quit`].
pub const QUIT: Binding = Binding::new(
    &["q", "^c"],
    "quit",
    "quit (ctrl-c quits from anywhere; ctrl-z suspends, fg resumes)",
    Action::Quit,
    &[KeyCode::Char('q')],
);

/// The main screen's key table, in the order the help lists it.
pub const KEYS: &[Binding] = &[
    STEP,
    BACK,
    RUN,
    FASTER,
    SLOWER,
    NEXT_NODE,
    PREV_NODE,
    NEXT_SOLUTION,
    PREV_SOLUTION,
    NEXT_DEAD_END,
    PREV_DEAD_END,
    START,
    END,
    JUMP,
    MARK,
    MARKS,
    FOLD,
    TABLE,
    CODE,
    TREE,
    PROBE,
    SCROLL_DOWN,
    SCROLL_UP,
    PAGE_DOWN,
    PAGE_UP,
    PREDICT,
    HELP,
    CANCEL,
    QUIT,
];

impl Action {
    /// The part of a search this action shows, when it is one a search may
    /// lack ([`Capability`]): without it the action's key is neither in the
    /// key bar nor in the help, and pressing it only says so.
    pub fn needs(self) -> Option<Capability> {
        match self {
            Action::Predict => Some(Capability::Predict),
            Action::Code => Some(Capability::Algorithm),
            _ => None,
        }
    }
}

/// What a key asks for on the compare screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompareAction {
    /// Give the keys to both sides, the left or the right (in turn).
    Focus,
    /// A main-screen action, on the side(s) in focus.
    Side(Action),
}

impl ScreenAction for CompareAction {
    const QUIT: Self = CompareAction::Side(Action::Quit);
    const HELP: Self = CompareAction::Side(Action::Help);
}

/// A main-screen row on the compare screen: same keys, same sentence.
const fn side(row: Binding) -> Binding<CompareAction> {
    Binding {
        keys: row.keys,
        bar: row.bar,
        short: row.short,
        help: row.help,
        action: CompareAction::Side(row.action),
        codes: row.codes,
    }
}

/// The compare screen's key table, in the order the help lists it. The
/// panels, predict mode and scrolling belong to the main screen: compare
/// has no room for them, so their keys do nothing here.
pub const COMPARE_KEYS: &[Binding<CompareAction>] = &[
    Binding::new(
        &["tab"],
        "focus",
        "keys move both sides (a step is a node), the left or the right",
        CompareAction::Focus,
        &[KeyCode::Tab, KeyCode::BackTab],
    ),
    side(STEP).in_bar(&["→", "←"], "step/back"),
    side(BACK).in_bar(&[], ""),
    side(RUN),
    side(FASTER).in_bar(&[], ""),
    side(SLOWER),
    side(NEXT_NODE).in_bar(&[], ""),
    side(PREV_NODE),
    side(NEXT_SOLUTION).in_bar(&["s", "d"], "sol/dead"),
    side(PREV_SOLUTION),
    side(NEXT_DEAD_END).in_bar(&[], ""),
    side(PREV_DEAD_END),
    side(START).in_bar(&[], "start/end"),
    side(END),
    side(JUMP).in_bar(&[], ""),
    side(FOLD).in_bar(&[], ""),
    side(HELP),
    side(CANCEL),
    side(QUIT),
];

/// Whether a key press is Ctrl-C, which quits from every state.
pub fn is_interrupt(key: KeyEvent) -> bool {
    key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c')
}

/// Whether a key press is Ctrl-Z, which suspends every screen as a shell
/// job (`fg` brings it back), as in vim and less.
pub fn is_suspend(key: KeyEvent) -> bool {
    key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('z')
}

/// The action bound to a key press on the main screen, if any.
pub fn action(key: KeyEvent) -> Option<Action> {
    lookup(KEYS, key)
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
    help_of(KEYS)
}

/// The bindings the key bar shows.
pub fn bar_items() -> impl Iterator<Item = &'static Binding> {
    bar_of(KEYS)
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
