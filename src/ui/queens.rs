//! The N-Queens board and its three attack masks.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::scene::{Scene, put};
use super::theme::Theme;
use crate::search::queens::{Masks, Queens, QueensEvent, Step, format_mask};
use crate::search::{Search, bits, format_set};

/// Row label width: the current-row marker, the row number, a space.
const LABEL: u16 = 4;
/// Each square is three cells wide, one per mask glyph.
const SQUARE: u16 = 3;

impl Scene for Queens {
    fn title(&self, _name: &str, theme: &Theme) -> String {
        let mode = if self.checks_at_end() {
            "check at end"
        } else if self.options().symmetry {
            "symmetry"
        } else {
            "full"
        };
        format!("N-Queens n={} {} {mode}", self.n(), theme.glyphs.dot)
    }

    fn board_size(&self) -> (u16, u16) {
        let n = u16::from(self.n());
        (LABEL + SQUARE * n.max(1), 1 + n.max(1))
    }

    fn render_board(
        &self,
        last: Option<&QueensEvent>,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
    ) {
        let n = self.n();
        let g = theme.glyphs;
        for c in 0..n {
            let x = LABEL + SQUARE * u16::from(c);
            put(buf, area, x, 0, &format!("{c:^3}"), theme.muted());
        }
        if n == 0 {
            put(
                buf,
                area,
                0,
                1,
                "(no squares: one empty solution)",
                theme.muted(),
            );
            return;
        }
        let row = self.row();
        let masks = self.masks();
        for r in 0..n {
            let y = 1 + u16::from(r);
            let dead = matches!(last, Some(QueensEvent::DeadEnd { row }) if *row == r);
            let (marker, marker_style) = match (dead, r == row) {
                (true, _) => (g.dead, theme.dead_end()),
                (false, true) => (g.current_row, theme.legal()),
                (false, false) => (" ", Style::new()),
            };
            let label_style = if r == row {
                theme.current()
            } else {
                theme.muted()
            };
            put(buf, area, 0, y, marker, marker_style);
            put(buf, area, 1, y, &format!("{r:>2}"), label_style);
            for c in 0..n {
                let x = LABEL + SQUARE * u16::from(c);
                let base = theme.square((r + c) % 2 == 1);
                for (i, (text, style)) in self
                    .square(r, c, masks, last, theme)
                    .into_iter()
                    .enumerate()
                {
                    put(buf, area, x + i as u16, y, text, base.patch(style));
                }
            }
        }
    }

    fn masks(&self, last: Option<&QueensEvent>, theme: &Theme) -> Vec<Line<'static>> {
        let n = self.n();
        let mut lines = mask_lines(self.masks(), n, theme);
        let row_of = |name: &str, mask: u32, style: Style, note: String| {
            mask_line(name, mask, n, style, note, theme)
        };
        let label = |text: &str| Span::styled(format!("{text:<7}"), theme.muted());
        if self.row() < n {
            let legal = self.legal();
            let set = format_set(bits(legal));
            // Past ten columns the set may not fit beside the bits.
            if n > 10 {
                lines.push(row_of("legal", legal, theme.legal(), String::new()));
                lines.push(Line::styled(format!("{:7}{set}", ""), theme.legal()));
            } else {
                lines.push(row_of("legal", legal, theme.legal(), set));
            }
            if self.row() == 0 && self.root_columns() != self.all_columns() {
                let searched = self.searchable();
                let note = format!("{} (symmetry)", format_set(bits(searched)));
                lines.push(row_of("search", searched, theme.legal(), note));
            }
            lines.push(Line::styled(
                format!("filling row {}", self.row()),
                theme.muted(),
            ));
        } else {
            lines.push(Line::from(vec![
                label("legal"),
                Span::raw("-  (board complete)"),
            ]));
        }
        match last {
            Some(QueensEvent::Reject { col, by, .. }) => lines.push(Line::styled(
                format!("column {col}: {}", by.words()),
                theme.rejected(),
            )),
            Some(QueensEvent::DeadEnd { row }) => lines.push(Line::styled(
                format!("dead end: row {row} has no legal column"),
                theme.dead_end(),
            )),
            Some(QueensEvent::Solution { weight, .. }) => lines.push(Line::styled(
                format!("solution, weight {weight}"),
                theme.solution(),
            )),
            _ => {}
        }
        lines
    }

    fn path(&self, theme: &Theme) -> Line<'static> {
        let prefix: Vec<String> = self.queens().iter().map(u8::to_string).collect();
        Line::from(vec![
            Span::styled("prefix ", theme.muted()),
            Span::styled(format!("[{}]", prefix.join(",")), theme.placed()),
            Span::styled(
                format!(
                    "   one queen per row; columns tried 0 to {}",
                    self.n().max(1) - 1
                ),
                theme.muted(),
            ),
        ])
    }

    fn algorithm(&self) -> &'static [&'static str] {
        &[
            "enter a node: r queens placed, masks C, H, L for row r",
            "if r = n: solution (weight 2 if its mirror was skipped); return",
            "legal = U & !(C|H|L)",
            "for each column c = 0 .. n-1 of row r:",
            "    root column right of centre (symmetry): reject c",
            "    c in C, H or L: reject c, naming each mask holding it",
            "    else place a queen at (r,c), bit b = 2^c:",
            "        C' = C|b   H' = ((H|b) << 1) & U   L' = (L|b) >> 1",
            "        search the child node (step 1)",
            "        undo the queen at (r,c)",
            "if no column was legal: dead end",
            "return to the parent",
        ]
    }

    fn algorithm_line(&self, last: Option<&QueensEvent>) -> usize {
        match self.step(last) {
            Step::Enter => 0,
            Step::Solution => 1,
            Step::SkipSymmetry => 4,
            Step::RejectAttacked => 5,
            Step::Place => 6,
            Step::Undo => 9,
            Step::DeadEnd => 10,
        }
    }

    fn solutions_text(&self) -> String {
        let c = self.counters();
        if self.options().symmetry && c.solutions != c.found {
            format!("{} ({} found)", c.solutions, c.found)
        } else {
            c.solutions.to_string()
        }
    }
}

/// The column numbers (two rows past ten) and the masks `C`, `H`, `L` and
/// `C|H|L`, most-significant bit first, each in its overlay's colour. The
/// main screen and play mode share them.
pub fn mask_lines(m: Masks, n: u8, theme: &Theme) -> Vec<Line<'static>> {
    let g = theme.glyphs;
    let label = |text: &str| Span::styled(format!("{text:<7}"), theme.muted());
    let mut lines = Vec::new();
    if n > 10 {
        let tens: String = (0..n)
            .rev()
            .map(|c| if c >= 10 { '1' } else { ' ' })
            .collect();
        lines.push(Line::from(vec![
            label(""),
            Span::styled(tens, theme.muted()),
        ]));
    }
    let units: String = (0..n).rev().map(|c| char::from(b'0' + c % 10)).collect();
    lines.push(Line::from(vec![
        label("col"),
        Span::styled(units, theme.muted()),
    ]));
    let rows = [
        ("C", m.cols, theme.column(), format!("{} column", g.column)),
        (
            "H",
            m.high,
            theme.high(),
            format!("{} high diagonal", g.high),
        ),
        ("L", m.low, theme.low(), format!("{} low diagonal", g.low)),
        ("C|H|L", m.attacked(), Style::new(), "attacked".to_string()),
    ];
    for (name, mask, style, note) in rows {
        lines.push(mask_line(name, mask, n, style, note, theme));
    }
    lines
}

/// An attacked square of the row being filled: one glyph per mask that
/// holds `bit` (column, high, low, in that order), each in its mask's
/// colour, with `extra` (the reject highlight) over all three cells.
pub fn attack_glyphs(
    masks: Masks,
    bit: u32,
    extra: Style,
    theme: &Theme,
) -> [(&'static str, Style); 3] {
    let g = theme.glyphs;
    let glyph = |on: bool, text: &'static str, style: Style| {
        if on {
            (text, style.patch(extra))
        } else {
            (" ", extra)
        }
    };
    [
        glyph(masks.cols & bit != 0, g.column, theme.column()),
        glyph(masks.high & bit != 0, g.high, theme.high()),
        glyph(masks.low & bit != 0, g.low, theme.low()),
    ]
}

/// One mask in the masks panel: its name, its bits, a note.
pub fn mask_line(
    name: &str,
    mask: u32,
    n: u8,
    style: Style,
    note: String,
    theme: &Theme,
) -> Line<'static> {
    Line::from(vec![
        Span::styled(format!("{name:<7}"), theme.muted()),
        Span::styled(format_mask(mask, n), style),
        Span::styled(format!("  {note}"), style),
    ])
}

impl Queens {
    /// The three glyph cells of square (`r`, `c`) and their styles.
    fn square(
        &self,
        r: u8,
        c: u8,
        masks: Masks,
        last: Option<&QueensEvent>,
        theme: &Theme,
    ) -> [(&'static str, Style); 3] {
        let g = theme.glyphs;
        let centre = |text, style| [(" ", style), (text, style), (" ", style)];
        let changed = match last {
            Some(QueensEvent::Place { row, col }) | Some(QueensEvent::Undo { row, col }) => {
                (*row, *col) == (r, c)
            }
            _ => false,
        };
        if self.queens().get(r as usize) == Some(&c) {
            let solved = matches!(last, Some(QueensEvent::Solution { .. }));
            let style = match (solved, changed) {
                (true, _) => theme.solution(),
                (false, true) => theme.changed(),
                (false, false) => theme.placed(),
            };
            return centre(g.queen, style);
        }
        if changed {
            return centre(g.removed, theme.changed());
        }
        if r != self.row() {
            return [
                (" ", Style::new()),
                (" ", Style::new()),
                (" ", Style::new()),
            ];
        }
        let rejected =
            matches!(last, Some(QueensEvent::Reject { row, col, .. }) if (*row, *col) == (r, c));
        let bit = 1u32 << c;
        let extra = if rejected {
            theme.rejected()
        } else {
            Style::new()
        };
        if masks.attacked() & bit == 0 {
            if self.searchable() & bit == 0 {
                return centre(g.mirror, theme.muted().patch(extra));
            }
            return centre(g.legal, theme.legal().patch(extra));
        }
        attack_glyphs(masks, bit, extra, theme)
    }
}
