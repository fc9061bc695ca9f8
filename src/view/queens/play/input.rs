//! Keys and the mouse on the play screen.

use ratatui::crossterm::event::{KeyEvent, MouseButton, MouseEvent, MouseEventKind};

use super::board::{LABEL, SQUARE};
use super::{Play, PlayAction, Tone, play_action};

impl Play {
    /// Reacts to one key press.
    pub fn on_key(&mut self, key: KeyEvent) {
        let Some(action) = play_action(key) else {
            return;
        };
        if self.help {
            // The help covers the board: close it first, but let quit through.
            match action {
                PlayAction::Quit => self.quit = true,
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
            PlayAction::Cancel => {
                self.say(Tone::Info, "nothing to cancel (q quits)".to_string());
            }
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

    /// The board square under screen cell (`x`, `y`), from the last frame
    /// (drawn at its scale: each natural cell a `scale` x `scale` block).
    fn square_at(&self, x: u16, y: u16) -> Option<(u8, u8)> {
        let (area, scale) = self.board_area.get()?;
        let dx = (x.checked_sub(area.x)? / scale).checked_sub(LABEL)?;
        let dy = (y.checked_sub(area.y)? / scale).checked_sub(1)?;
        let (row, col) = (dy, dx / SQUARE);
        let n = u16::from(self.n);
        (row < n && col < n && x < area.right()).then_some((row as u8, col as u8))
    }

    fn move_to(&mut self, col: u8) {
        self.cursor = col;
        self.refused = None;
    }
}
