//! The N-Queens board and its three attack masks.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use crate::search::queens::{
    Attack, Attacks, Masks, Queens, QueensEvent, Rules, Step, format_mask,
};
use crate::search::{Search, bits, format_set};
use crate::ui::columns::phrases;
use crate::ui::predict::Ask;
use crate::ui::scene::{Fit, PathLine, Scene, Title, extent, put};
use crate::ui::theme::Theme;
use crate::view::{queens_board, worked};
use crate::worksheet::Sheet;

/// Row label width: the current-row marker, the row number, a space.
const LABEL: u16 = 4;
/// Each square is three cells wide, one per mask glyph.
const SQUARE: u16 = 3;

impl<R: Rules> Scene for Queens<R> {
    fn title(&self, _name: &str) -> Title {
        let mode = self.strategy().words();
        Title::new([format!("N-Queens n={}", self.n()), mode.to_string()])
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

    fn render_board_scaled(
        &self,
        _fit: Fit,
        k: u16,
        last: Option<&QueensEvent>,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
    ) -> bool {
        queens_board::render_scaled(self.n(), k, theme, area, buf, |area, buf| {
            self.render_board(last, theme, area, buf)
        })
    }

    fn masks(&self, last: Option<&QueensEvent>, theme: &Theme) -> Vec<Line<'static>> {
        let n = self.n();
        let mut lines = mask_lines(self.masks(), n, self.reads_low(), theme);
        let row_of = |name: &str, mask: u32, style: Style, note: String| {
            mask_line(name, mask, n, style, note, theme)
        };
        let label = |text: &str| Span::styled(format!("{text:<7}"), theme.muted());
        if self.row() < n && theme.hide_answer {
            lines.push(hidden_line("legal", n, theme));
            if self.row() == 0 && self.root_columns() != self.all_columns() {
                lines.push(hidden_line("search", n, theme));
            }
            lines.push(Line::styled(
                format!("filling row {}", self.row()),
                theme.muted(),
            ));
        } else if self.row() < n {
            let legal = self.legal();
            let set = format_set(bits(legal));
            // Past ten columns the set may not fit beside the bits.
            if n > 10 {
                lines.push(row_of("legal", legal, theme.legal(), String::new()));
                lines.push(phrases(theme.legal(), [format!("{:7}", ""), set]));
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
                Span::raw("-  "),
                Span::raw("(board complete)"),
            ]));
        }
        match last {
            Some(QueensEvent::Reject { col, by, .. }) => lines.push(phrases(
                theme.rejected(),
                [format!("column {col} refused: "), refused_by(*by)],
            )),
            Some(QueensEvent::DeadEnd { row }) => lines.push(phrases(
                theme.dead_end(),
                [
                    "dead end: ".to_string(),
                    format!("row {row} "),
                    "has no legal column".to_string(),
                ],
            )),
            Some(QueensEvent::Solution { weight, .. }) => lines.push(Line::styled(
                format!("solution, weight {weight}"),
                theme.solution(),
            )),
            _ => {}
        }
        lines
    }

    fn masks_extent(&self, theme: &Theme) -> (u16, u16) {
        let n = self.n();
        let all = self.all_columns();
        let bits_and = |note: String| mask_line("legal", all, n, Style::new(), note, theme);
        let mut lines = mask_lines(Masks::default(), n, self.reads_low(), theme);
        let set = format_set(bits(all));
        if n > 10 {
            lines.push(bits_and(String::new()));
            lines.push(Line::raw(format!("{:7}{set}", "")));
        } else {
            lines.push(bits_and(set));
        }
        if self.root_columns() != all {
            let searched = format_set(bits(self.root_columns()));
            lines.push(bits_and(format!("{searched} (symmetry)")));
        }
        lines.push(Line::raw(format!("filling row {n}")));
        let every: Attacks = [Attack::Column, Attack::High, Attack::Low]
            .into_iter()
            .collect();
        let last = [
            format!("column {n} refused: {}", refused_by(every)),
            format!("column {n} refused: skipped by symmetry"),
            format!("dead end: row {n} has no legal column"),
            "solution, weight 2".to_string(),
            "legal  -  (board complete)".to_string(),
        ];
        let (width, height) = extent(&lines);
        let widest = last.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        (width.max(widest as u16), height + 1)
    }

    fn worked(
        &self,
        last: Option<&QueensEvent>,
        theme: &Theme,
        width: u16,
        rows: u16,
    ) -> Vec<Line<'static>> {
        if theme.hide_answer {
            return Vec::new();
        }
        let mut lines = match last {
            Some(&QueensEvent::Place { row, col }) => {
                self.worked_place(row, col, theme, width, rows)
            }
            Some(&QueensEvent::Reject { row, col, by }) => {
                self.worked_reject(row, col, by, theme, width, rows)
            }
            Some(&QueensEvent::DeadEnd { row }) if row < self.n() => {
                self.worked_dead_end(theme, width)
            }
            _ => Vec::new(),
        };
        lines.truncate(usize::from(rows));
        lines
    }

    fn worked_rows(&self) -> u16 {
        4
    }

    fn legend(&self, theme: &Theme) -> Vec<(String, String)> {
        let g = theme.glyphs;
        let mut rows = vec![
            (g.piece, "a queen placed"),
            (g.removed, "the square a queen was just taken from (undo)"),
            (
                g.current_row,
                "the row being filled; its squares say why a column is refused:",
            ),
            (
                g.vertical,
                "  column attack (C): a queen above, in this column",
            ),
            (g.falling, "  high diagonal (H): a queen up and to the left"),
            (g.rising, "  low diagonal (L): a queen up and to the right"),
            (g.crossed, "  both diagonals (H and L)"),
            (g.legal, "  legal: no mask holds the column"),
        ];
        if self.root_columns() != self.all_columns() {
            rows.push((
                g.pruned,
                "  legal, but skipped by symmetry: its mirror is searched",
            ));
        }
        rows.push((
            g.dead,
            "left of a row: a dead end, the row has no legal column",
        ));
        let mut rows: Vec<(String, String)> = rows
            .into_iter()
            .map(|(glyph, text)| (glyph.to_string(), text.to_string()))
            .collect();
        rows.push(("reverse".into(), "the square just rejected".into()));
        if self.options().symmetry {
            rows.push((
                "2 (1 found)".into(),
                "solutions: 1 board found so far, counted twice for its mirror".into(),
            ));
        }
        rows
    }

    fn path(&self, theme: &Theme) -> PathLine {
        let prefix: Vec<String> = self.queens().iter().map(u8::to_string).collect();
        PathLine {
            label: Span::styled("prefix ", theme.muted()),
            steps: vec![Span::styled(
                format!("[{}]", prefix.join(",")),
                theme.placed(),
            )],
            note: Some(Span::styled(
                format!(
                    "   one queen per row; columns tried 0 to {}",
                    self.n().max(1) - 1
                ),
                theme.muted(),
            )),
        }
    }

    fn algorithm(&self) -> &'static [&'static str] {
        if R::READS_LOW {
            &ALGORITHM
        } else {
            &ONE_DIAGONAL
        }
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

    /// The mask search counts its word operations (`queens::LEGAL_OPS`);
    /// checking at the end counts none.
    fn cost_unit(&self) -> Option<&'static str> {
        (!self.checks_at_end()).then_some("mask ops")
    }

    fn ask(&self) -> Option<&dyn Ask<Self::Event>> {
        Some(self)
    }

    fn sheet(&self) -> Option<&dyn Sheet> {
        Some(self)
    }
}

/// The column numbers (two rows past ten) and the masks `C`, `H`, `L` and
/// `C|H|L`, most-significant bit first, each in its overlay's colour. The
/// main screen and play mode share them.
pub fn mask_lines(m: Masks, n: u8, reads_low: bool, theme: &Theme) -> Vec<Line<'static>> {
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
        (
            "C",
            m.cols,
            theme.first_mask(),
            format!("{} column", g.vertical),
        ),
        (
            "H",
            m.high,
            theme.second_mask(),
            format!("{} high diagonal", g.falling),
        ),
        if reads_low {
            (
                "L",
                m.low,
                theme.third_mask(),
                format!("{} low diagonal", g.rising),
            )
        } else {
            (
                "L",
                m.low,
                theme.third_mask(),
                format!("{} low, not consulted", g.rising),
            )
        },
        if reads_low {
            ("C|H|L", m.attacked(), Style::new(), "attacked".to_string())
        } else {
            ("C|H", m.cols | m.high, Style::new(), "attacked".to_string())
        },
    ];
    let last = rows.len() - 1;
    for (i, (name, mask, style, note)) in rows.into_iter().enumerate() {
        if i == last && theme.hide_answer {
            lines.push(hidden_line(name, n, theme));
        } else {
            lines.push(mask_line(name, mask, n, style, note, theme));
        }
    }
    lines
}

/// A mask kept back while a prediction question is open: its name and a
/// `?` per column.
fn hidden_line(name: &str, n: u8, theme: &Theme) -> Line<'static> {
    Line::from(vec![
        Span::styled(format!("{name:<7}"), theme.muted()),
        Span::styled("?".repeat(usize::from(n)), theme.muted()),
        Span::styled("  hidden until you answer", theme.muted()),
    ])
}

/// An attacked square of the row being filled, in its three cells: the
/// diagonal attacks on the left (`H`, `L`, or both at once), the column
/// attack in the middle (under where the queen above stands), and a blank
/// on the right, so that two neighbouring squares never run together. Each
/// glyph is in its mask's colour, with `extra` (the reject highlight) over
/// all three cells. The main screen and play mode share it.
pub fn attack_glyphs(
    masks: Masks,
    bit: u32,
    extra: Style,
    theme: &Theme,
) -> [(&'static str, Style); 3] {
    let g = theme.glyphs;
    let blank = (" ", extra);
    let diagonal = match (masks.high & bit != 0, masks.low & bit != 0) {
        (true, true) => (g.crossed, Style::new().patch(extra)),
        (true, false) => (g.falling, theme.second_mask().patch(extra)),
        (false, true) => (g.rising, theme.third_mask().patch(extra)),
        (false, false) => blank,
    };
    let column = if masks.cols & bit != 0 {
        (g.vertical, theme.first_mask().patch(extra))
    } else {
        blank
    };
    [diagonal, column, blank]
}

/// Why a column is refused, by the masks' names: `in C and H`, or
/// `skipped by symmetry`.
fn refused_by(by: Attacks) -> String {
    if by.contains(Attack::Symmetry) {
        return "skipped by symmetry".to_string();
    }
    let names: Vec<&str> = by
        .iter()
        .map(|attack| match attack {
            Attack::Column => "C",
            Attack::High => "H",
            Attack::Low => "L",
            Attack::Symmetry => "symmetry",
        })
        .collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("in {} and {last}", rest.join(", ")),
        _ => format!("in {}", names.join("")),
    }
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

impl<R: Rules> Queens<R> {
    /// A place at (`row`, `col`): the child's masks (the current node's)
    /// from its parent's and the queen's bit `b`, one line each, under the
    /// bit itself when there are four rows.
    fn worked_place(
        &self,
        row: u8,
        col: u8,
        theme: &Theme,
        width: u16,
        rows: u16,
    ) -> Vec<Line<'static>> {
        let (Some(parent), Some(child)) = (self.path_masks(row), self.path_masks(row + 1)) else {
            return Vec::new();
        };
        let n = self.n();
        let m = |mask: u32| format_mask(mask, n);
        let b = m(1 << col);
        let all = m(self.all_columns());
        let bit = format!("queen at ({row},{col}): b = 2^{col} = {b}");
        let forms = [
            (
                vec![
                    format!("C' = {} | {b} = {}", m(parent.cols), m(child.cols)),
                    format!("C' = C|b = {}", m(child.cols)),
                ],
                theme.first_mask(),
            ),
            (
                vec![
                    format!(
                        "H' = (({} | {b}) << 1) & {all} = {}",
                        m(parent.high),
                        m(child.high)
                    ),
                    format!(
                        "H' = ({} << 1) & U = {}",
                        m(parent.high | 1 << col),
                        m(child.high)
                    ),
                    format!("H' = ((H|b) << 1) & U = {}", m(child.high)),
                    format!("H' = {}", m(child.high)),
                ],
                theme.second_mask(),
            ),
            (
                vec![
                    format!("L' = ({} | {b}) >> 1 = {}", m(parent.low), m(child.low)),
                    format!("L' = (L|b) >> 1 = {}", m(child.low)),
                ],
                theme.third_mask(),
            ),
        ];
        let mut lines = Vec::new();
        if rows >= 4 {
            lines.extend(worked::fit(
                &[bit, format!("b = {b}")],
                width,
                theme.placed(),
            ));
        }
        for (forms, style) in forms {
            lines.extend(worked::fit(&forms, width, style));
        }
        lines
    }

    /// A reject of column `col` of `row`: which bit of which mask refused
    /// it, or the symmetry rule's search mask that leaves it out.
    fn worked_reject(
        &self,
        row: u8,
        col: u8,
        by: Attacks,
        theme: &Theme,
        width: u16,
        rows: u16,
    ) -> Vec<Line<'static>> {
        let n = self.n();
        let m = |mask: u32| format_mask(mask, n);
        let then = worked::then(theme);
        let style = theme.rejected();
        if by.contains(Attack::Symmetry) {
            let searched = m(self.root_columns());
            let forms = [
                format!("col {col}: search {searched} lacks bit {col} {then} skipped by symmetry"),
                format!("col {col}: not in search {searched}"),
            ];
            return worked::fit(&forms, width, style).into_iter().collect();
        }
        let Some(masks) = self.path_masks(row) else {
            return Vec::new();
        };
        let holders: Vec<(&str, u32)> = by
            .iter()
            .filter_map(|attack| match attack {
                Attack::Column => Some(("C", masks.cols)),
                Attack::High => Some(("H", masks.high)),
                Attack::Low => Some(("L", masks.low)),
                Attack::Symmetry => None,
            })
            .collect();
        let named: Vec<String> = holders
            .iter()
            .map(|(name, mask)| format!("{name} {}", m(*mask)))
            .collect();
        let names: Vec<&str> = holders.iter().map(|(name, _)| *name).collect();
        let verb = if holders.len() == 1 { "has" } else { "have" };
        let one = format!(
            "col {col}: {} {verb} bit {col} {then} refused by {}",
            named.join(", "),
            names.join(", ")
        );
        if let Some(line) = worked::fit(&[one], width, style) {
            return vec![line];
        }
        // Too narrow for one line: a line per mask, then the verdict, when
        // there are the rows; else the verdict alone.
        let verdict = [
            format!("{then} col {col} refused by {}", names.join(", ")),
            format!("col {col} refused by {}", names.join(", ")),
        ];
        let mut lines: Vec<Line<'static>> = named
            .iter()
            .filter_map(|held| worked::fit(&[format!("{held} has bit {col}")], width, style))
            .collect();
        if lines.len() != named.len() || lines.len() >= usize::from(rows) {
            lines.clear();
            lines.extend(worked::fit(&verdict[1..], width, style));
            return lines;
        }
        lines.extend(worked::fit(&verdict[..1], width, style));
        lines
    }

    /// A dead end: the three masks together hold every column, so
    /// `legal` is empty.
    fn worked_dead_end(&self, theme: &Theme, width: u16) -> Vec<Line<'static>> {
        let n = self.n();
        let m = |mask: u32| format_mask(mask, n);
        let masks = self.masks();
        let not = worked::not(theme);
        let style = theme.dead_end();
        // The attacked columns as the rules compute them (a bug that never
        // reads L leaves it out).
        let attacked = if self.reads_low() {
            [
                format!(
                    "C|H|L = {} | {} | {} = {}",
                    m(masks.cols),
                    m(masks.high),
                    m(masks.low),
                    m(self.attacked())
                ),
                format!("C|H|L = {}", m(self.attacked())),
            ]
        } else {
            [
                format!(
                    "C|H = {} | {} = {}",
                    m(masks.cols),
                    m(masks.high),
                    m(self.attacked())
                ),
                format!("C|H = {}", m(self.attacked())),
            ]
        };
        let legal = [
            format!(
                "legal = {not}{} & {} = {} {} dead end",
                m(self.attacked()),
                m(self.all_columns()),
                m(self.legal()),
                worked::then(theme)
            ),
            format!(
                "legal = {not}{} & U = {}",
                m(self.attacked()),
                m(self.legal())
            ),
            format!("legal = {}", m(self.legal())),
        ];
        [&attacked[..], &legal[..]]
            .into_iter()
            .filter_map(|forms| worked::fit(forms, width, style))
            .collect()
    }

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
            return centre(g.piece, style);
        }
        if changed {
            return centre(g.removed, theme.changed());
        }
        // While a question is open the row being filled shows no dots or
        // attack glyphs: they would give the answer away.
        if r != self.row() || theme.hide_answer {
            return queens_board::empty(theme);
        }
        let rejected =
            matches!(last, Some(QueensEvent::Reject { row, col, .. }) if (*row, *col) == (r, c));
        let bit = 1u32 << c;
        let extra = if rejected {
            theme.rejected()
        } else {
            Style::new()
        };
        if self.attacked() & bit == 0 {
            if self.searchable() & bit == 0 {
                return centre(g.pruned, theme.muted().patch(extra));
            }
            return centre(g.legal, theme.legal().patch(extra));
        }
        attack_glyphs(masks, bit, extra, theme)
    }
}

/// The search's steps, as the code panel lists them.
const ALGORITHM: [&str; 12] = [
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
];

/// The steps the bug `one-diagonal` runs: it never reads L.
const ONE_DIAGONAL: [&str; 12] = {
    let mut steps = ALGORITHM;
    steps[2] = "legal = U & !(C|H)   (L is never read: the bug)";
    steps[5] = "    c in C or H: reject c, naming each mask holding it";
    steps
};
