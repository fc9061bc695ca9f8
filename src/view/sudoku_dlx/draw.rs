//! Sudoku as exact cover on screen: the grid drawn from the options on
//! the path, and beside it the item being covered (a cell, or a digit in a
//! row, column or box) with its options, and the active items ranked by
//! `len`, MRV's view of the matrix.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::search::sudoku_dlx::{CAP, DlxEvent, SudokuDlx};
use crate::ui::columns::phrases;
use crate::ui::predict::Ask;
use crate::ui::scene::{PathLine, Scene, Title, put};
use crate::ui::theme::Theme;
use crate::worksheet::Sheet;

/// Row label width.
const LABEL: u16 = 3;
/// Each cell is two wide: a space and the digit.
const CELL: u16 = 2;
/// The side panel's width and lines.
const PANEL: usize = 40;
const PANEL_LINES: u16 = 8;

impl SudokuDlx {
    /// The active primary items, fewest options first (ties in item
    /// order), each with its `len`.
    fn ranked(&self) -> Vec<(u16, u32)> {
        let lens = self.lens();
        let mut active: Vec<(u16, u32)> = self
            .links()
            .active()
            .into_iter()
            .map(|h| ((h - 1) as u16, lens[h as usize - 1]))
            .collect();
        active.sort_by_key(|&(i, len)| (len, i));
        active
    }
}

impl Scene for SudokuDlx {
    fn title(&self, name: &str) -> Title {
        let size = self.geometry().size;
        Title::new([
            format!("Sudoku {name} ({size}x{size})"),
            "exact cover, dancing links".to_string(),
        ])
    }

    fn board_size(&self) -> (u16, u16) {
        let g = self.geometry();
        let (size, boxes) = (u16::from(g.size), u16::from(g.size / g.box_size));
        (
            LABEL + size * CELL + (boxes - 1) * 2 + 1,
            1 + size + boxes - 1,
        )
    }

    fn render_board(&self, last: Option<&DlxEvent>, theme: &Theme, area: Rect, buf: &mut Buffer) {
        let g = self.geometry();
        let grid = self.grid();
        let changed = match last {
            Some(DlxEvent::Place { row, col, .. }) | Some(DlxEvent::Undo { row, col, .. }) => {
                Some((*row, *col))
            }
            _ => None,
        };
        // The undone digit is shown on its way out.
        let undone = match last {
            Some(DlxEvent::Undo { row, col, digit }) => Some((*row, *col, *digit)),
            _ => None,
        };
        // A dead end on a cell item marks the cell.
        let dead = match last {
            Some(DlxEvent::DeadEnd { item }) if usize::from(*item) < grid.len() => {
                Some(usize::from(*item))
            }
            _ => None,
        };
        let x_of = |c: u8| LABEL + u16::from(c) * CELL + u16::from(c / g.box_size) * 2;
        let y_of = |r: u8| 1 + u16::from(r) + u16::from(r / g.box_size);
        for c in 0..g.size {
            put(buf, area, x_of(c), 0, &format!("{c:>2}"), theme.muted());
        }
        let width = x_of(g.size - 1) + CELL;
        for r in 0..g.size {
            if r > 0 && r % g.box_size == 0 {
                let rule: String = (LABEL..width + 1)
                    .map(|x| {
                        let at_bar =
                            (1..g.size / g.box_size).any(|b| x == x_of(b * g.box_size) - 1);
                        if at_bar {
                            theme.glyphs.cross
                        } else {
                            theme.glyphs.border.horizontal_top
                        }
                    })
                    .collect();
                put(buf, area, LABEL, y_of(r) - 1, &rule, theme.border());
            }
            put(buf, area, 0, y_of(r), &format!("{r:>2}"), theme.muted());
            for c in 0..g.size {
                if c > 0 && c % g.box_size == 0 {
                    put(
                        buf,
                        area,
                        x_of(c) - 1,
                        y_of(r),
                        theme.glyphs.border.vertical_left,
                        theme.border(),
                    );
                }
                let idx = usize::from(r) * usize::from(g.size) + usize::from(c);
                let mut digit = grid[idx];
                if let Some((_, _, ud)) = undone.filter(|&(ur, uc, _)| (ur, uc) == (r, c)) {
                    digit = ud;
                }
                let given = self.givens()[idx];
                let (mut text, mut style) = if digit == 0 && given != 0 {
                    // A given waits as an option until its node places it.
                    (given.to_string(), theme.muted())
                } else if digit == 0 {
                    (".".to_string(), theme.muted())
                } else if given != 0 {
                    (digit.to_string(), theme.given())
                } else {
                    (digit.to_string(), theme.written())
                };
                if changed == Some((r, c)) {
                    style = style.patch(theme.changed());
                }
                if dead == Some(idx) {
                    style = theme.dead_end();
                    text = theme.glyphs.dead.into();
                }
                put(buf, area, x_of(c), y_of(r), &format!("{text:>2}"), style);
            }
        }
    }

    fn masks_title(&self) -> &'static str {
        "Items by len (MRV)"
    }

    fn masks(&self, last: Option<&DlxEvent>, theme: &Theme) -> Vec<Line<'static>> {
        let label = |text: &str| Span::styled(format!("{text:<8}"), theme.muted());
        let mut lines = Vec::new();
        let item = match last {
            Some(DlxEvent::Place { item, .. }) | Some(DlxEvent::DeadEnd { item }) => Some(*item),
            _ if theme.hide_answer => None,
            _ => self.deciding().map(|(item, _)| item),
        };
        if theme.hide_answer && item.is_none() {
            lines.push(phrases(
                theme.muted(),
                ["", "the chosen item ", "is hidden until you answer"],
            ));
        } else if let Some(item) = item {
            let dead = matches!(last, Some(DlxEvent::DeadEnd { .. }));
            lines.push(Line::from(vec![
                label("item"),
                Span::styled(self.items()[usize::from(item)].clone(), theme.current()),
                Span::styled(format!("  {}", self.item_words(item)), theme.muted()),
            ]));
            let column = self.links().column(u32::from(item) + 1);
            let mut spans = vec![label("options")];
            if column.is_empty() || dead {
                spans.push(Span::styled("none left: a dead end", theme.dead_end()));
            }
            let mut used = 8;
            let tried = match last {
                Some(DlxEvent::Place {
                    row, col, digit, ..
                }) => Some((*row, *col, *digit)),
                _ => None,
            };
            for o in column {
                let p = self.placement(o);
                let text = format!("({},{})={} ", p.0, p.1, p.2);
                if used + text.len() > PANEL - 3 {
                    spans.push(Span::styled("...", theme.muted()));
                    break;
                }
                used += text.len();
                let style = if tried == Some(p) {
                    theme.current()
                } else {
                    theme.legal()
                };
                spans.push(Span::styled(text, style));
            }
            lines.push(Line::from(spans));
        } else {
            lines.push(phrases(
                theme.solution(),
                ["", "no primary item left: ", "the grid is full"],
            ));
        }
        if !theme.hide_answer {
            let ranked = self.ranked();
            let shown = ranked.len().min(4);
            for (k, (i, len)) in ranked.iter().take(shown).enumerate() {
                let head = if k == 0 { "by len" } else { "" };
                lines.push(Line::from(vec![
                    label(head),
                    Span::raw(format!("{:<4} {len}  ", self.items()[usize::from(*i)])),
                    Span::raw(self.item_words(*i)),
                ]));
            }
            if ranked.len() > shown {
                lines.push(phrases(
                    theme.muted(),
                    [
                        format!("{:8}", ""),
                        format!("... {} more active items", ranked.len() - shown),
                    ],
                ));
            }
        }
        lines.push(Line::from(vec![
            label("updates"),
            Span::raw(format!(
                "{} hidden",
                crate::model::counted(self.updates(), "node", "nodes")
            )),
        ]));
        lines
    }

    fn masks_extent(&self, _theme: &Theme) -> (u16, u16) {
        (PANEL as u16, PANEL_LINES)
    }

    fn legend(&self, theme: &Theme) -> Vec<(String, String)> {
        vec![
            (
                "5 bold".into(),
                "a given digit (placed as a node of its own)".into(),
            ),
            (
                "5 underlined".into(),
                "a digit an option wrote (in colour: blue)".into(),
            ),
            (".".into(), "a blank cell".into()),
            (
                "5 plain (dim)".into(),
                "a given not yet placed (each given is a node of its own)".into(),
            ),
            (
                "5 bold underlined".into(),
                "the option just placed or undone (in colour: yellow)".into(),
            ),
            (
                theme.glyphs.dead.into(),
                "a dead end on a cell item: no digit left for it".into(),
            ),
            (
                "p01 r03 c03 b03".into(),
                "items: cell (0,1); a 3 in row 0, in column 0, in box 0".into(),
            ),
            (
                "1 (cap 2)".into(),
                "solutions so far; the search stops at 2 (not unique)".into(),
            ),
        ]
    }

    fn path(&self, theme: &Theme) -> PathLine {
        let g = self.geometry();
        let mut steps = Vec::new();
        let placements = self.placements();
        if placements.is_empty() {
            steps.push(Span::styled("(none)", theme.muted()));
        }
        for (cell, digit) in placements {
            let (r, c) = g.coords(cell);
            let style = if self.givens()[cell] != 0 {
                theme.given()
            } else {
                theme.written()
            };
            steps.push(Span::styled(format!("({r},{c})={digit} "), style));
        }
        PathLine {
            label: Span::styled("placed ", theme.muted()),
            steps,
            note: None,
        }
    }

    fn algorithm(&self) -> &'static [&'static str] {
        &[
            "X1 enter a node: no item left? the grid is full: a solution",
            "   (count it; at count 2 stop, undo every open option)",
            "X2 choose the item with the fewest options left (first in",
            "   the order p, r, c, b on ties): a given's cell has one",
            "X3 len = 0: a dead end, return to the parent",
            "X4 cover the item: hide every option sharing it",
            "X5 for each option (r,c)=d left in its column:",
            "X6     place it: cover its other items (p r c b)",
            "X7         search the child node (X1)",
            "X8     undo it: uncover them in reverse",
            "X9 uncover the item, return to the parent",
        ]
    }

    fn algorithm_line(&self, last: Option<&DlxEvent>) -> usize {
        match last {
            None => 2,
            Some(DlxEvent::Solution { .. }) => 0,
            Some(DlxEvent::DeadEnd { .. }) => 4,
            Some(DlxEvent::Place { .. }) => 7,
            Some(DlxEvent::Undo { .. }) => 9,
        }
    }

    fn solutions_text(&self) -> String {
        match self.solution_count() {
            0 => "0".into(),
            n if n < CAP => format!("{n} (cap {CAP})"),
            n => format!("{n} (cap: not unique)"),
        }
    }

    fn extra_counters(&self) -> Vec<(&'static str, u64)> {
        vec![("updates", self.updates())]
    }

    fn ask(&self) -> Option<&dyn Ask<Self::Event>> {
        Some(self)
    }

    fn sheet(&self) -> Option<&dyn Sheet> {
        Some(self)
    }
}
