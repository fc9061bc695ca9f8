//! The Sudoku grid and the unit masks of the cell being decided.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use crate::search::Cause;
use crate::search::sudoku::{
    Order, Rules, Step, Sudoku, SudokuEvent, format_digit_mask, format_digits,
};
use crate::ui::columns::phrases;
use crate::ui::predict::Ask;
use crate::ui::scene::{PathLine, Scene, Title, put};
use crate::ui::theme::Theme;
use crate::view::worked;
use crate::worksheet::Sheet;

/// Row label width.
const LABEL: u16 = 3;
/// Each cell is two wide: a space and the digit.
const CELL: u16 = 2;

impl<R: Rules> Scene for Sudoku<R> {
    fn title(&self, name: &str) -> Title {
        let order = match self.options().order {
            Order::Mrv => "MRV",
            Order::First => "first blank",
        };
        let size = self.geometry().size;
        Title::new([format!("Sudoku {name} ({size}x{size})"), order.to_string()])
    }

    fn board_size(&self) -> (u16, u16) {
        let g = self.geometry();
        let (size, boxes) = (u16::from(g.size), u16::from(g.size / g.box_size));
        (
            LABEL + size * CELL + (boxes - 1) * 2 + 1,
            1 + size + boxes - 1,
        )
    }

    fn render_board(
        &self,
        last: Option<&SudokuEvent>,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
    ) {
        let g = self.geometry();
        // While a question is open the cell being decided is the answer.
        let deciding = self
            .deciding()
            .map(|(cell, _)| cell)
            .filter(|_| !theme.hide_answer);
        let (dead, changed) = match last {
            Some(SudokuEvent::DeadEnd { row, col }) => (Some((*row, *col)), None),
            Some(SudokuEvent::Place { row, col, .. })
            | Some(SudokuEvent::Undo { row, col, .. }) => (None, Some((*row, *col))),
            _ => (None, None),
        };
        let x_of = |c: u8| LABEL + u16::from(c) * CELL + u16::from(c / g.box_size) * 2;
        let y_of = |r: u8| 1 + u16::from(r) + u16::from(r / g.box_size);
        for c in 0..g.size {
            put(buf, area, x_of(c), 0, &format!("{c:>2}"), theme.muted());
        }
        let width = x_of(g.size - 1) + CELL;
        for r in 0..g.size {
            if r > 0 && r % g.box_size == 0 {
                let lines = theme.glyphs.border;
                let rule: String = (LABEL..width + 1)
                    .map(|x| {
                        let at_bar =
                            (1..g.size / g.box_size).any(|b| x == x_of(b * g.box_size) - 1);
                        if at_bar {
                            theme.glyphs.cross
                        } else {
                            lines.horizontal_top
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
                let (text, style) = self.cell(idx, theme);
                let mut style = style;
                let mut text = text;
                if deciding == Some(idx) {
                    style = style.patch(theme.current());
                    if self.grid()[idx] == 0 {
                        text = "?".into();
                    }
                }
                if changed == Some((r, c)) {
                    style = style.patch(theme.changed());
                }
                if dead == Some((r, c)) {
                    style = theme.dead_end();
                    text = theme.glyphs.dead.into();
                }
                put(buf, area, x_of(c), y_of(r), &format!("{text:>2}"), style);
            }
        }
    }

    fn masks_title(&self) -> &'static str {
        "Cell being decided"
    }

    fn masks(&self, last: Option<&SudokuEvent>, theme: &Theme) -> Vec<Line<'static>> {
        let g = self.geometry();
        let label = |text: &str| Span::styled(format!("{text:<7}"), theme.muted());
        let Some((cell, candidates)) = self.deciding() else {
            let text = if self.solution_count() > 0 {
                "the grid is full: a solution"
            } else {
                "no cell chosen"
            };
            return vec![Line::styled(text, theme.muted())];
        };
        if theme.hide_answer {
            return vec![
                Line::styled("the cell being decided and its", theme.muted()),
                Line::styled("candidates are hidden until you answer", theme.muted()),
            ];
        }
        let (row, col) = g.coords(cell);
        let b = g.box_of(cell);
        let digits: String = (1..=g.size).rev().map(|d| char::from(b'0' + d)).collect();
        let mask = |name: &str, m: u16, style: Style, note: String| {
            Line::from(vec![
                label(name),
                Span::styled(format_digit_mask(m, g.size), style),
                Span::styled(format!("  {note}"), style),
            ])
        };
        let (rows, cols, boxes) = (
            self.row_masks()[usize::from(row)],
            self.col_masks()[usize::from(col)],
            self.box_masks()[usize::from(b)],
        );
        let held = rows | cols | boxes;
        let mut lines = vec![
            Line::from(vec![
                Span::raw(format!("cell ({row},{col})")),
                Span::styled(format!("  box {b}"), theme.muted()),
            ]),
            Line::from(vec![label("digit"), Span::styled(digits, theme.muted())]),
            mask(
                "row",
                rows,
                theme.first_mask(),
                format!("row {row} holds {}", format_digits(rows)),
            ),
            mask(
                "col",
                cols,
                theme.second_mask(),
                format!("column {col} holds {}", format_digits(cols)),
            ),
            mask(
                "box",
                boxes,
                theme.third_mask(),
                format!("box {b} holds {}", format_digits(boxes)),
            ),
            mask("held", held, Style::new(), "row|col|box".into()),
            mask(
                "cands",
                candidates,
                theme.legal(),
                format_digits(candidates),
            ),
        ];
        if candidates == 0 {
            lines.push(Line::styled("no candidate: a dead end", theme.dead_end()));
        }
        if let Some(SudokuEvent::Reject { digit, by, .. }) = last {
            let units: Vec<&str> = by.iter().map(Cause::words).collect();
            lines.push(phrases(
                theme.rejected(),
                [
                    format!("{digit} refused: "),
                    format!("in its {}", units.join(", ")),
                ],
            ));
        }
        lines
    }

    fn masks_extent(&self, _theme: &Theme) -> (u16, u16) {
        let g = self.geometry();
        let last = g.size - 1;
        let all = format_digits(g.all_digits());
        let bits = 7 + usize::from(g.size) + 2;
        let widest = [
            format!("cell ({last},{last})  box {last}").len(),
            bits + format!("column {last} holds {all}").len(),
            format!("{} refused: in its row, column, box", g.size).len(),
            "the grid is full: a solution".len(),
        ];
        // The cell, the digits, four masks and the candidates; then a
        // dead end and a reject can both be said.
        (widest.into_iter().max().unwrap_or(0) as u16, 9)
    }

    fn worked(
        &self,
        _last: Option<&SudokuEvent>,
        theme: &Theme,
        width: u16,
        rows: u16,
    ) -> Vec<Line<'static>> {
        let Some((cell, candidates)) = self.deciding().filter(|_| !theme.hide_answer) else {
            return Vec::new();
        };
        let g = self.geometry();
        let (row, col) = g.coords(cell);
        let m = |mask: u16| format_digit_mask(mask, g.size);
        let (rows_held, cols_held, box_held) = (
            self.row_masks()[usize::from(row)],
            self.col_masks()[usize::from(col)],
            self.box_masks()[usize::from(g.box_of(cell))],
        );
        let held = rows_held | cols_held | box_held;
        let not = worked::not(theme);
        let held_forms = [
            format!(
                "held = {} | {} | {} = {}",
                m(rows_held),
                m(cols_held),
                m(box_held),
                m(held)
            ),
            format!("held = row|col|box = {}", m(held)),
            format!("held = {}", m(held)),
        ];
        let cands_forms = [
            format!(
                "cands = {not}{} & {} = {}",
                m(held),
                m(g.all_digits()),
                m(candidates)
            ),
            format!("cands = {not}held & all = {}", m(candidates)),
            format!("cands = {}", m(candidates)),
        ];
        let mut lines: Vec<Line<'static>> = [
            worked::fit(&held_forms, width, Style::new()),
            worked::fit(&cands_forms, width, theme.legal()),
        ]
        .into_iter()
        .flatten()
        .collect();
        lines.truncate(usize::from(rows));
        lines
    }

    fn worked_rows(&self) -> u16 {
        2
    }

    fn legend(&self, theme: &Theme) -> Vec<(String, String)> {
        let g = theme.glyphs;
        vec![
            ("5 bold".into(), "a given digit of the puzzle".into()),
            (
                "5 underlined".into(),
                "a digit the search wrote (in colour: blue)".into(),
            ),
            (".".into(), "a blank cell".into()),
            (
                "? reverse".into(),
                "the cell being decided (MRV: the fewest candidates)".into(),
            ),
            (
                "5 bold underlined".into(),
                "the digit just placed or undone (in colour: yellow)".into(),
            ),
            (
                g.dead.into(),
                "a dead end: the cell has no candidate".into(),
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
            steps.push(Span::styled(format!("({r},{c})={digit} "), theme.written()));
        }
        PathLine {
            label: Span::styled("placed ", theme.muted()),
            steps,
            note: None,
        }
    }

    fn algorithm(&self) -> &'static [&'static str] {
        match R::CAP {
            None => &NO_STOP,
            Some(1) => &FIRST,
            Some(_) => &ALGORITHM,
        }
    }

    fn algorithm_line(&self, last: Option<&SudokuEvent>) -> usize {
        match self.step(last) {
            Step::Enter => 0,
            Step::Solution => 5,
            Step::Reject => 8,
            Step::Place => 9,
            Step::Undo => 11,
            Step::DeadEnd => 12,
        }
    }

    /// The count and where this search's rules stop it: at two (not
    /// unique), at the first (the correct search the bug lab sets beside
    /// a bug), or never (the bug `no-stop`, which keeps none).
    fn solutions_text(&self) -> String {
        let n = self.solution_count();
        match R::CAP {
            _ if n == 0 => "0".into(),
            None => format!("{n} passed, none kept"),
            Some(cap) if n < cap => format!("{n} (cap {cap})"),
            Some(1) => format!("{n} (stops at the first)"),
            Some(_) => format!("{n} (cap: not unique)"),
        }
    }

    fn ask(&self) -> Option<&dyn Ask<Self::Event>> {
        Some(self)
    }

    fn sheet(&self) -> Option<&dyn Sheet> {
        Some(self)
    }
}

impl<R: Rules> Sudoku<R> {
    fn cell(&self, idx: usize, theme: &Theme) -> (String, Style) {
        let digit = self.grid()[idx];
        if self.givens()[idx] != 0 {
            (digit.to_string(), theme.given())
        } else if digit != 0 {
            (digit.to_string(), theme.written())
        } else {
            (".".into(), theme.muted())
        }
    }
}

/// The search's steps, as the code panel lists them.
const ALGORITHM: [&str; 14] = [
    "enter a node: the grid with its blanks",
    "choose a cell: with MRV scan the blanks row by row;",
    "    a blank with no candidate is chosen at once (contradiction),",
    "    else the blank with the fewest candidates (first on ties);",
    "    with first-blank order, just the first blank",
    "no blank left: solution, count it; at count 2 stop, undo all",
    "candidates = digits in none of the row, col, box masks",
    "for each digit d = 1 .. size:",
    "    d not a candidate: reject d, naming the units holding it",
    "    else place d: write it, set its bit in row, col, box",
    "        search the child node (step 1)",
    "        undo d: erase it, clear its bits",
    "if the cell had no candidate: dead end",
    "return to the parent",
];

/// The steps the bug `no-stop` runs: the recursive call's answer is ignored.
const NO_STOP: [&str; 14] = {
    let mut steps = ALGORITHM;
    steps[5] = "no blank left: solution, count it; keep none, go on (the bug)";
    steps
};

/// The steps of the search the bug lab sets beside a bug: it stops at the
/// first solution.
const FIRST: [&str; 14] = {
    let mut steps = ALGORITHM;
    steps[5] = "no blank left: solution, count it; stop at the first, undo all";
    steps
};
