//! The screens of N-Queens with the attacks held as Algorithm B's array or
//! as boolean arrays: the same board as the mask search (the row being
//! filled says why each column is refused), and beside it the state itself
//! with the worked test of the square being tested: under `array` step
//! B3's loop over the earlier rows, the first attacker found and the
//! attacking queens marked on the board; under `bools` the three arrays
//! with the indices the square maps to.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

use super::super::queens::draw::attack_glyphs;
use super::super::queens_board::{self, Board, Cells, centre};
use super::super::queens_words::list;
use super::StateView;
use crate::search::queens::{Attack, Attacks, Masks};
use crate::search::queens_state::{Array, Bools, Held, StateEvent, b3};
use crate::search::{Cause, Search, bits, format_set};
use crate::ui::columns::phrases;
use crate::ui::predict::Ask;
use crate::ui::scene::{Fit, PathLine, Scene, Title, extent};
use crate::ui::theme::Theme;
use crate::worksheet::Sheet;

/// What each state draws of itself.
pub trait StateDraw: StateView {
    /// The panel's title.
    const TITLE: &'static str;
    /// The state and the worked test of `square`, if one is being tested.
    fn lines(search: &Held<Self>, square: Option<(u8, u8)>, theme: &Theme) -> Vec<Line<'static>>;
    /// The most columns and lines [`StateDraw::lines`] takes.
    fn extent(n: u8) -> (u16, u16);
    /// Whether the board marks the queens that attack the tested square.
    const MARKS_ATTACKERS: bool;
    /// The algorithm in the screen's words.
    const ALGORITHM: &'static [&'static str];
    /// At a dead end of `row`, why each column failed (none by default).
    fn dead_end_lines(_search: &Held<Self>, _row: u8, _theme: &Theme) -> Vec<Line<'static>> {
        Vec::new()
    }
}

/// One mask bit per reason, so that the mask search's attack glyphs say
/// the same of a square whatever holds the attacks.
fn as_masks(by: Attacks, col: u8) -> Masks {
    let bit = 1u32 << col;
    let on = |attack| if by.contains(attack) { bit } else { 0 };
    Masks {
        cols: on(Attack::Column),
        high: on(Attack::High),
        low: on(Attack::Low),
    }
}

/// The reasons as the reject's words: `column`, `high+low`.
fn names(by: Attacks) -> String {
    let names: Vec<&str> = by.iter().map(Attack::name).collect();
    names.join("+")
}

impl<S: StateDraw> Held<S> {
    /// The square the last event tested: a reject's (not by symmetry), or
    /// the one just placed (it passed).
    fn tested(&self, last: Option<&StateEvent>) -> Option<(u8, u8)> {
        match last {
            Some(StateEvent::Reject { row, col, by, .. }) if !by.contains(Attack::Symmetry) => {
                Some((*row, *col))
            }
            Some(StateEvent::Place { row, col }) => Some((*row, *col)),
            _ => None,
        }
    }
}

impl<S: StateDraw> Scene for Held<S> {
    fn title(&self, _name: &str) -> Title {
        let mode = if self.symmetry() { "symmetry" } else { "full" };
        Title::new([
            format!("N-Queens n={}", self.n()),
            mode.to_string(),
            format!("state {}", S::NAME),
        ])
    }

    fn board_size(&self) -> (u16, u16) {
        queens_board::size(self.n())
    }

    fn render_board(&self, last: Option<&StateEvent>, theme: &Theme, area: Rect, buf: &mut Buffer) {
        let g = theme.glyphs;
        let (n, row) = (self.n(), self.row());
        let changed = match last {
            Some(StateEvent::Place { row, col } | StateEvent::Undo { row, col }) => {
                Some((*row, *col))
            }
            _ => None,
        };
        let attackers = match (S::MARKS_ATTACKERS, self.tested(last)) {
            (true, Some((r, c))) if r < row || changed.is_none() => self.reasons(r, c).1,
            _ => 0,
        };
        let board = Board {
            n,
            queens: self.queens(),
            row,
            dead: match last {
                Some(StateEvent::DeadEnd { row }) => Some(*row),
                _ => None,
            },
            changed,
            solved: matches!(last, Some(StateEvent::Solution { .. })),
        };
        let rejected = match last {
            Some(StateEvent::Reject { row, col, .. }) => Some((*row, *col)),
            _ => None,
        };
        let tested = self.tested(last);
        board.render(theme, area, buf, |r, c| -> Option<Cells> {
            if attackers >> r & 1 == 1 && self.queens().get(usize::from(r)) == Some(&c) {
                // An attacking queen: its glyph says along what.
                let (tr, tc) = tested.unwrap_or((r, c));
                let (column, high, low) = b3(usize::from(r), c, tr, tc);
                let glyph = match (column, high, low) {
                    (true, ..) => g.vertical,
                    (_, true, true) => g.crossed,
                    (_, true, false) => g.falling,
                    _ => g.rising,
                };
                return Some([
                    (glyph, theme.rejected()),
                    (g.piece, theme.rejected()),
                    (" ", theme.rejected()),
                ]);
            }
            if r != row || theme.hide_answer || row == n {
                return None;
            }
            let extra = if rejected == Some((r, c)) {
                theme.rejected()
            } else {
                Style::new()
            };
            let (by, _) = self.reasons(r, c);
            if by.iter().next().is_none() {
                if r == 0 && self.root_columns() >> c & 1 == 0 {
                    return Some(centre(g.pruned, theme.muted().patch(extra)));
                }
                return Some(centre(g.legal, theme.legal().patch(extra)));
            }
            Some(attack_glyphs(as_masks(by, c), 1 << c, extra, theme))
        });
    }

    fn masks_title(&self) -> &'static str {
        S::TITLE
    }

    fn render_board_scaled(
        &self,
        _fit: Fit,
        k: u16,
        last: Option<&StateEvent>,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
    ) -> bool {
        queens_board::render_scaled(self.n(), k, theme, area, buf, |area, buf| {
            self.render_board(last, theme, area, buf)
        })
    }

    fn masks(&self, last: Option<&StateEvent>, theme: &Theme) -> Vec<Line<'static>> {
        let (n, row) = (self.n(), self.row());
        let square = if theme.hide_answer {
            None
        } else {
            self.tested(last)
        };
        let mut lines = S::lines(self, square, theme);
        let dead_end = match last {
            Some(StateEvent::DeadEnd { row }) => S::dead_end_lines(self, *row, theme),
            _ => Vec::new(),
        };
        if !dead_end.is_empty() {
            lines.extend(dead_end);
        } else if square.is_none() {
            if row == n {
                lines.push(phrases(
                    theme.muted(),
                    ["legal  ", "-  ", "(board complete)"],
                ));
            } else if theme.hide_answer {
                lines.push(phrases(
                    theme.muted(),
                    [
                        "legal  ".to_string(),
                        "?  ".to_string(),
                        "(hidden until you answer); ".to_string(),
                        format!("filling row {row}"),
                    ],
                ));
            } else {
                lines.push(phrases(
                    theme.legal(),
                    [
                        "legal  ".to_string(),
                        format!("{}  ", format_set(bits(self.legal()))),
                        format!("filling row {row}"),
                    ],
                ));
            }
        }
        match last {
            Some(StateEvent::Reject { col, by, .. }) if by.contains(Attack::Symmetry) => lines
                .push(phrases(
                    theme.rejected(),
                    [
                        format!("column {col} refused: "),
                        "skipped by symmetry".to_string(),
                    ],
                )),
            Some(StateEvent::DeadEnd { row }) => lines.push(phrases(
                theme.dead_end(),
                [
                    "dead end: ".to_string(),
                    format!("every column of row {row} "),
                    "is attacked".to_string(),
                ],
            )),
            Some(StateEvent::Solution { weight, .. }) => lines.push(Line::styled(
                format!("solution, weight {weight}"),
                theme.solution(),
            )),
            _ => {}
        }
        lines
    }

    fn masks_extent(&self, _theme: &Theme) -> (u16, u16) {
        let (w, h) = S::extent(self.n());
        let widest = [
            format!("dead end: every column of row {} is attacked", self.n()),
            format!(
                "legal  ?  (hidden until you answer); filling row {}",
                self.n()
            ),
        ];
        let lines: Vec<Line> = widest.into_iter().map(Line::raw).collect();
        let (wide, _) = extent(&lines);
        (w.max(wide), h)
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
            (g.vertical, "  column attack: a queen above, in this column"),
            (g.falling, "  high diagonal: a queen up and to the left"),
            (g.rising, "  low diagonal: a queen up and to the right"),
            (g.crossed, "  both diagonals"),
            (g.legal, "  legal: no queen attacks the square"),
        ];
        if self.symmetry() {
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
        if S::MARKS_ATTACKERS {
            rows.push((
                format!("reverse {}", g.piece),
                "a queen attacking the square tested, its glyph saying along what".into(),
            ));
        }
        rows
    }

    fn path(&self, theme: &Theme) -> PathLine {
        PathLine {
            label: Span::styled("prefix ", theme.muted()),
            steps: vec![Span::styled(list(self.queens()), theme.placed())],
            note: Some(Span::styled(
                format!("   the attacks held as {}", S::NAME),
                theme.muted(),
            )),
        }
    }

    fn algorithm(&self) -> &'static [&'static str] {
        S::ALGORITHM
    }

    fn algorithm_line(&self, last: Option<&StateEvent>) -> usize {
        match last {
            None => 0,
            Some(StateEvent::Solution { .. }) => 1,
            Some(StateEvent::Reject { by, .. }) if by.contains(Attack::Symmetry) => 3,
            Some(StateEvent::Reject { .. }) => 4,
            Some(StateEvent::Place { .. }) => 5,
            Some(StateEvent::Undo { .. }) => 7,
            Some(StateEvent::DeadEnd { .. }) => 8,
        }
    }

    fn solutions_text(&self) -> String {
        let c = self.counters();
        if self.symmetry() && c.solutions != c.found {
            format!("{} ({} found)", c.solutions, c.found)
        } else {
            c.solutions.to_string()
        }
    }

    fn cost_unit(&self) -> Option<&'static str> {
        Some(S::UNIT)
    }

    fn ask(&self) -> Option<&dyn Ask<Self::Event>> {
        Some(self)
    }

    fn sheet(&self) -> Option<&dyn Sheet> {
        Some(self)
    }
}

impl StateDraw for Array {
    const TITLE: &'static str = "Array a and step B3";
    const MARKS_ATTACKERS: bool = true;
    const ALGORITHM: &'static [&'static str] = &[
        "enter a node: r queens placed, a[0..r] their columns",
        "if r = n: solution (weight 2 if its mirror was skipped); return",
        "for each column c = 0 .. n-1 of row r:",
        "    root column right of centre (symmetry): reject c",
        "    B3: for i = 0 .. r-1, d = c - a[i]: d = 0, d = r-i or -d = r-i attacks: reject c",
        "    else a[r] = c: place a queen at (r,c)",
        "        search the child node (step 1)",
        "        undo the queen at (r,c)",
        "if no column was legal: dead end",
        "return to the parent",
    ];

    fn lines(search: &Held<Array>, square: Option<(u8, u8)>, theme: &Theme) -> Vec<Line<'static>> {
        let n = search.n();
        let label = |text: &str| Span::styled(format!("{text:<7}"), theme.muted());
        let mut lines = vec![Line::from(vec![
            label("a"),
            Span::styled(queens_board::slots(search.queens(), n), theme.placed()),
        ])];
        let Some((r, c)) = square else {
            return lines;
        };
        let a = search.queens();
        lines.push(phrases(
            theme.current(),
            [
                String::new(),
                format!("B3 tests ({r},{c}): "),
                format!("rows i = 0..{}, ", r.saturating_sub(1)),
                "d = c-a[i]".to_string(),
            ],
        ));
        lines.push(phrases(
            theme.muted(),
            ["  ", "column d=0, ", "high d=r-i, ", "low -d=r-i"],
        ));
        let mut first = None;
        for (i, &ai) in a.iter().take(usize::from(r)).enumerate() {
            let (column, high, low) = b3(i, ai, r, c);
            let d = i32::from(c) - i32::from(ai);
            let by = Attacks::none()
                .with(Attack::Column, column)
                .with(Attack::High, high)
                .with(Attack::Low, low);
            let (verdict, style) = if by.iter().next().is_none() {
                ("clear".to_string(), theme.muted())
            } else {
                (format!("{}!", names(by)), theme.rejected())
            };
            lines.push(phrases(
                style,
                [
                    "  ".to_string(),
                    format!("i={i} a[{i}]={ai}: "),
                    format!("d={c}-{ai}={d:<3} "),
                    format!("r-i={r}-{i}={:<2} ", i32::from(r) - i as i32),
                    verdict,
                ],
            ));
            if by.iter().next().is_some() {
                first = Some((i, by));
                break;
            }
        }
        let (_, attackers) = search.reasons(r, c);
        let verdict = match first {
            Some((i, by)) => {
                let all: Vec<String> = bits(u32::from(attackers)).map(|i| i.to_string()).collect();
                let rows = if all.len() > 1 { "rows" } else { "row" };
                phrases(
                    theme.rejected(),
                    [
                        String::new(),
                        "first attacker: ".to_string(),
                        format!("row {i} ({}); ", names(by)),
                        format!("every attacker: {rows} {}", all.join(",")),
                    ],
                )
            }
            None => Line::styled(format!("no attacker: a[{r}] = {c}, place"), theme.legal()),
        };
        lines.push(verdict);
        lines
    }

    /// Step B3 for every column of the row: its first attacker.
    fn dead_end_lines(search: &Held<Array>, row: u8, theme: &Theme) -> Vec<Line<'static>> {
        let a = search.queens();
        (0..search.n())
            .map(|c| {
                let first = a.iter().enumerate().find_map(|(i, &ai)| {
                    let (column, high, low) = b3(i, ai, row, c);
                    let by = Attacks::none()
                        .with(Attack::Column, column)
                        .with(Attack::High, high)
                        .with(Attack::Low, low);
                    by.iter().next().is_some().then_some((i, by))
                });
                match first {
                    Some((i, by)) => phrases(
                        theme.rejected(),
                        [
                            "  ".to_string(),
                            format!("({row},{c}): "),
                            format!("B3 stops at row {i} ({})", names(by)),
                        ],
                    ),
                    None => phrases(
                        theme.legal(),
                        ["  ".to_string(), format!("({row},{c}): no attacker")],
                    ),
                }
            })
            .collect()
    }

    fn extent(n: u8) -> (u16, u16) {
        let big = n.saturating_sub(1);
        let widest = [
            format!(
                "{:<7}[{}]",
                "a",
                vec![big.to_string(); usize::from(n)].join(",")
            ),
            format!("B3 tests ({big},{big}): rows i = 0..{big}, d = c-a[i]"),
            format!("  i={big} a[{big}]={big}: d={big}-{big}=-15 r-i={big}-{big}=15 high+low!"),
            format!(
                "first attacker: row {big} (high+low); every attacker: rows {}",
                (0..big)
                    .map(|i| i.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            ),
        ];
        let lines: Vec<Line> = widest.into_iter().map(Line::raw).collect();
        let (width, _) = extent(&lines);
        // a, the test, the rule, one line per earlier row, the verdict;
        // with no square tested, a, legal and the last event's line.
        (width, (3 + u16::from(n.saturating_sub(1)) + 1).max(3))
    }
}

/// `0100`: flags, index 0 first, the index `at` reversed.
fn flag_spans(values: &[bool], at: Option<usize>, style: Style) -> Vec<Span<'static>> {
    values
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            let text = if v { "1" } else { "0" };
            let style = if Some(i) == at {
                style.add_modifier(Modifier::REVERSED | Modifier::BOLD)
            } else {
                style
            };
            Span::styled(text, style)
        })
        .collect()
}

impl StateDraw for Bools {
    const TITLE: &'static str = "Boolean arrays";
    const MARKS_ATTACKERS: bool = false;
    const ALGORITHM: &'static [&'static str] = &[
        "enter a node: r queens placed, column[], high[], low[] set for them",
        "if r = n: solution (weight 2 if its mirror was skipped); return",
        "for each column c = 0 .. n-1 of row r:",
        "    root column right of centre (symmetry): reject c",
        "    column[c] or high[r-c+n-1] or low[r+c] set: reject c",
        "    else set the three flags: place a queen at (r,c)",
        "        search the child node (step 1)",
        "        clear the three flags: undo the queen at (r,c)",
        "if no column was legal: dead end",
        "return to the parent",
    ];

    fn lines(search: &Held<Bools>, square: Option<(u8, u8)>, theme: &Theme) -> Vec<Line<'static>> {
        let s = search.state();
        let n = search.n();
        let label = |text: &str| Span::styled(format!("{text:<7}"), theme.muted());
        let diagonals = (2 * usize::from(n)).saturating_sub(1);
        let mut lines = Vec::new();
        if diagonals > 10 {
            let tens: String = (0..diagonals)
                .map(|i| {
                    if i >= 10 {
                        char::from(b'0' + (i / 10) as u8)
                    } else {
                        ' '
                    }
                })
                .collect();
            lines.push(Line::from(vec![
                label(""),
                Span::styled(tens, theme.muted()),
            ]));
        }
        let units: String = (0..diagonals)
            .map(|i| char::from(b'0' + (i % 10) as u8))
            .collect();
        lines.push(Line::from(vec![
            label("index"),
            Span::styled(units, theme.muted()),
        ]));
        // At a place the flags already hold the new queen: the indices
        // still show where the square maps.
        let at = square.map(|(r, c)| (usize::from(c), s.high_index(r, c), s.low_index(r, c)));
        let row = |name: &str, values: &[bool], at: Option<usize>, style: Style, note: &str| {
            let mut spans = vec![label(name)];
            spans.extend(flag_spans(values, at, style));
            let pad = diagonals.saturating_sub(values.len()) + 2;
            spans.push(Span::styled(format!("{:pad$}{note}", ""), theme.muted()));
            Line::from(spans)
        };
        lines.push(row(
            "column",
            s.column(),
            at.map(|a| a.0),
            theme.first_mask(),
            "[c]",
        ));
        lines.push(row(
            "high",
            s.high(),
            at.map(|a| a.1),
            theme.second_mask(),
            "[r-c+n-1]",
        ));
        lines.push(row(
            "low",
            s.low(),
            at.map(|a| a.2),
            theme.third_mask(),
            "[r+c]",
        ));
        if let (Some((r, c)), Some((ci, hi, li))) = (square, at) {
            // Just placed, the flags hold the new queen: what the test read
            // was 0 in all three.
            let placed = search.queens().get(usize::from(r)) == Some(&c) && search.row() > r;
            let read = |flag: bool| u8::from(flag && !placed);
            lines.push(phrases(
                theme.current(),
                [
                    String::new(),
                    format!("square ({r},{c}): "),
                    format!("column[{ci}]={}  ", read(s.column()[ci])),
                    format!("high[{r}-{c}+{}={hi}]={}  ", n - 1, read(s.high()[hi])),
                    format!("low[{r}+{c}={li}]={}", read(s.low()[li])),
                ],
            ));
            let (by, _) = search.reasons(r, c);
            let verdict = if placed {
                phrases(
                    theme.legal(),
                    ["all three were 0: ", "placed, ", "now set to 1"],
                )
            } else if by.iter().next().is_none() {
                Line::styled("all three are 0: free", theme.legal())
            } else {
                phrases(
                    theme.rejected(),
                    ["set: ".to_string(), format!("{} -> attacked", names(by))],
                )
            };
            lines.push(verdict);
        }
        lines
    }

    fn extent(n: u8) -> (u16, u16) {
        let diagonals = (2 * usize::from(n)).saturating_sub(1);
        let big = n.saturating_sub(1);
        let widest = [
            format!("{:<7}{}  [r-c+n-1]", "high", "0".repeat(diagonals)),
            format!(
                "square ({big},{big}): column[{big}]=0  high[{big}-{big}+{big}={}]=0  low[{big}+{big}={}]=0",
                2 * big,
                2 * big
            ),
            "all three were 0: placed, now set to 1".to_string(),
            "set: column+high+low -> attacked".to_string(),
        ];
        let lines: Vec<Line> = widest.into_iter().map(Line::raw).collect();
        let (width, _) = extent(&lines);
        // The arrays, then the square and its verdict, or legal and the
        // last event's line.
        (width, 4 + u16::from(diagonals > 10) + 2)
    }
}
