//! The screen of N-Queens by permutations: the board with the used columns
//! marked in the row being filled, and on a complete board the diagonal
//! check worked out, the first conflict and the queen it meets marked.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::super::queens::draw::mask_line;
use super::super::queens_board::{self, Board, Cells, centre};
use crate::search::queens::{Attack, QueensEvent};
use crate::search::queens_permutations::Permutations;
use crate::search::{Cause, Search, bits, format_set};
use crate::ui::columns::phrases;
use crate::ui::predict::Ask;
use crate::ui::scene::{Fit, PathLine, Scene, Title, extent};
use crate::ui::theme::Theme;
use crate::worksheet::Sheet;

/// The earlier rows `i` whose queen shares a diagonal with row `j`'s on
/// the board `a`: `(i, high)` where high means `a[j] - a[i] == j - i`.
pub(crate) fn diagonal_partners(a: &[u8], j: usize) -> Vec<(usize, bool)> {
    (0..j)
        .filter_map(|i| {
            let (dc, dr) = (i32::from(a[j]) - i32::from(a[i]), (j - i) as i32);
            (dc == dr || -dc == dr).then_some((i, dc == dr))
        })
        .collect()
}

/// The worked check of one pair: `a[2]-a[0] = 2-0 = 2 = j-i = 2-0: high`.
fn worked(a: &[u8], i: usize, j: usize, high: bool) -> [String; 3] {
    let (x, y) = if high { (j, i) } else { (i, j) };
    [
        format!(
            "a[{x}]-a[{y}] = {}-{} = {} ",
            a[x],
            a[y],
            i32::from(a[x]) - i32::from(a[y])
        ),
        format!("= j-i = {j}-{i}: "),
        if high { "high" } else { "low" }.to_string(),
    ]
}

impl Permutations {
    /// Whether the screen shows the complete board's check: from the
    /// conflict's reject (or the solution) until the node is left.
    fn checked(&self, last: Option<&QueensEvent>) -> bool {
        self.row() == self.n()
            && matches!(
                last,
                Some(QueensEvent::Reject { .. } | QueensEvent::DeadEnd { .. })
                    | Some(QueensEvent::Solution { .. })
            )
    }
}

impl Scene for Permutations {
    fn title(&self, _name: &str) -> Title {
        Title::new([format!("N-Queens n={}", self.n()), "permutations".into()])
    }

    fn board_size(&self) -> (u16, u16) {
        queens_board::size(self.n())
    }

    fn render_board(
        &self,
        last: Option<&QueensEvent>,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
    ) {
        let g = theme.glyphs;
        let (n, row, a) = (self.n(), self.row(), self.queens());
        let changed = match last {
            Some(QueensEvent::Place { row, col } | QueensEvent::Undo { row, col }) => {
                Some((*row, *col))
            }
            _ => None,
        };
        let conflict = self.checked(last).then(|| self.first_conflict()).flatten();
        let partners = conflict.map_or(Vec::new(), |(j, ..)| diagonal_partners(a, usize::from(j)));
        let board = Board {
            n,
            queens: a,
            row,
            dead: None,
            changed,
            solved: matches!(last, Some(QueensEvent::Solution { .. })),
        };
        let rejected = match last {
            Some(QueensEvent::Reject { row, col, .. }) => Some((*row, *col)),
            _ => None,
        };
        board.render(theme, area, buf, |r, c| -> Option<Cells> {
            if let Some((j, col, _)) = conflict {
                if (r, c) == (j, col) {
                    return Some(centre(g.piece, theme.rejected()));
                }
                let partner = partners.iter().find(|(i, _)| *i == usize::from(r));
                if let (Some((_, high)), Some(&qc)) = (partner, a.get(usize::from(r)))
                    && qc == c
                {
                    let (glyph, style) = if *high {
                        (g.falling, theme.second_mask())
                    } else {
                        (g.rising, theme.third_mask())
                    };
                    return Some([(glyph, style), (g.piece, theme.dead_end()), (" ", style)]);
                }
            }
            if r != row || theme.hide_answer || row == n {
                return None;
            }
            let extra = if rejected == Some((r, c)) {
                theme.rejected()
            } else {
                Style::new()
            };
            Some(if self.used() >> c & 1 == 1 {
                [
                    (" ", extra),
                    (g.vertical, theme.first_mask().patch(extra)),
                    (" ", extra),
                ]
            } else {
                centre(g.legal, theme.legal().patch(extra))
            })
        });
    }

    fn masks_title(&self) -> &'static str {
        "Columns and diagonals"
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
        let (n, row, a) = (self.n(), self.row(), self.queens().to_vec());
        let label = |text: &str| Span::styled(format!("{text:<7}"), theme.muted());
        let units: String = (0..n).rev().map(|c| char::from(b'0' + c % 10)).collect();
        let mut lines = vec![
            Line::from(vec![label("col"), Span::styled(units, theme.muted())]),
            mask_line(
                "used",
                self.used(),
                n,
                theme.first_mask(),
                format!(
                    "{} {}",
                    theme.glyphs.vertical,
                    format_set(bits(self.used()))
                ),
                theme,
            ),
        ];
        if row < n {
            let free = if theme.hide_answer {
                phrases(
                    theme.muted(),
                    [format!("{:<7}", "free"), "?".repeat(usize::from(n))],
                )
            } else {
                mask_line(
                    "free",
                    self.free(),
                    n,
                    theme.legal(),
                    format_set(bits(self.free())),
                    theme,
                )
            };
            lines.push(free);
            lines.push(phrases(
                theme.muted(),
                [
                    String::new(),
                    format!("filling row {row}: "),
                    "a used column is skipped".to_string(),
                ],
            ));
            lines.push(phrases(
                theme.muted(),
                ["", "diagonals: ", "not tested until the board is full"],
            ));
        } else {
            lines.push(Line::from(vec![
                label("a"),
                Span::styled(queens_board::slots(&a, n), theme.placed()),
            ]));
            lines.push(phrases(
                theme.muted(),
                ["", "check j = 1..n-1 ", "against each i < j:"],
            ));
            lines.extend(self.check_lines(last, &a, theme));
        }
        match last {
            Some(QueensEvent::Reject { col, by, .. }) if by.contains(Attack::Column) => {
                lines.push(phrases(
                    theme.rejected(),
                    [
                        format!("column {col} refused: "),
                        "already used".to_string(),
                    ],
                ))
            }
            Some(QueensEvent::DeadEnd { .. }) => lines.push(phrases(
                theme.dead_end(),
                ["dead end: ", "the complete board fails the check"],
            )),
            Some(QueensEvent::Solution { .. }) => {
                lines.push(Line::styled("solution, weight 1", theme.solution()))
            }
            _ => {}
        }
        lines
    }

    fn masks_extent(&self, _theme: &Theme) -> (u16, u16) {
        let n = usize::from(self.n());
        let big = n.saturating_sub(1);
        let widest = [
            format!("{:<7}{}  {{{}}}", "used", "0".repeat(n), "0,".repeat(n)),
            format!("a[{big}]-a[{big}] = {big}-{big} = -{big} = j-i = {big}-{big}: high"),
            format!("rows 1-{big} clear; first conflict: row {big} (low)"),
            format!("{:<7}[{}]", "a", "15,".repeat(n)),
            "filling row 15: a used column is skipped".to_string(),
            "dead end: the complete board fails the check".to_string(),
            "diagonals: not tested until the board is full".to_string(),
            "  high: a[j]-a[i] = j-i   low: a[i]-a[j] = j-i".to_string(),
        ];
        let lines: Vec<Line> = widest.into_iter().map(Line::raw).collect();
        let (width, _) = extent(&lines);
        (width, 9)
    }

    fn legend(&self, theme: &Theme) -> Vec<(String, String)> {
        let g = theme.glyphs;
        [
            (g.piece, "a queen placed"),
            (g.removed, "the square a queen was just taken from (undo)"),
            (g.current_row, "the row being filled; its squares:"),
            (g.vertical, "  column used by a queen above: skipped"),
            (g.legal, "  free column: a queen goes there (no diagonal test)"),
            ("reverse", "the square just rejected; on a full board the first queen on a diagonal with an earlier one"),
            (g.falling, "beside a queen: the earlier queen on its high diagonal"),
            (g.rising, "beside a queen: the earlier queen on its low diagonal"),
        ]
        .into_iter()
        .map(|(glyph, text)| (glyph.to_string(), text.to_string()))
        .collect()
    }

    fn path(&self, theme: &Theme) -> PathLine {
        PathLine {
            label: Span::styled("prefix ", theme.muted()),
            steps: vec![Span::styled(
                super::super::queens_words::list(self.queens()),
                theme.placed(),
            )],
            note: Some(Span::styled(
                "   one queen per row and column; diagonals only at the end",
                theme.muted(),
            )),
        }
    }

    fn algorithm(&self) -> &'static [&'static str] {
        &[
            "enter a node: r queens placed, used = their columns",
            "if r = n: for j = 1 .. n-1 and each i < j:",
            "    a[j]-a[i] = j-i (high) or a[i]-a[j] = j-i (low): reject (j,a[j])",
            "    the first such j: dead end; return",
            "  no such j: solution, weight 1; return",
            "for each column c = 0 .. n-1 of row r:",
            "    c in used: reject c (column)",
            "    else place a queen at (r,c), used = used + {c}",
            "        search the child node (step 1)",
            "        undo the queen at (r,c), used = used - {c}",
            "return to the parent",
        ]
    }

    fn algorithm_line(&self, last: Option<&QueensEvent>) -> usize {
        match last {
            None => 0,
            Some(QueensEvent::Reject { by, .. }) if by.contains(Attack::Column) => 6,
            Some(QueensEvent::Reject { .. }) => 2,
            Some(QueensEvent::DeadEnd { .. }) => 3,
            Some(QueensEvent::Solution { .. }) => 4,
            Some(QueensEvent::Place { .. }) => 7,
            Some(QueensEvent::Undo { .. }) => 9,
        }
    }

    fn solutions_text(&self) -> String {
        self.counters().solutions.to_string()
    }

    fn ask(&self) -> Option<&dyn Ask<Self::Event>> {
        Some(self)
    }

    fn sheet(&self) -> Option<&dyn Sheet> {
        Some(self)
    }
}

impl Permutations {
    /// The complete board's check in lines: before it runs, what it will
    /// test; after, the rows found clear and the worked arithmetic of the
    /// first conflict (each diagonal it is on, with the first earlier row).
    fn check_lines(
        &self,
        last: Option<&QueensEvent>,
        a: &[u8],
        theme: &Theme,
    ) -> Vec<Line<'static>> {
        let rule = || {
            phrases(
                theme.muted(),
                ["  ", "high: a[j]-a[i] = j-i   ", "low: a[i]-a[j] = j-i"],
            )
        };
        if !self.checked(last) {
            return vec![rule()];
        }
        let n = a.len();
        match self.first_conflict() {
            None => vec![
                rule(),
                phrases(
                    theme.solution(),
                    [
                        String::new(),
                        format!("rows 1-{} clear: ", n.saturating_sub(1)),
                        "no queen on a diagonal".to_string(),
                    ],
                ),
            ],
            Some((j, _, by)) => {
                let j = usize::from(j);
                let clear = if j > 1 {
                    format!("rows 1-{} clear; ", j - 1)
                } else {
                    String::new()
                };
                let names: Vec<&str> = by.iter().map(|b| b.name()).collect();
                let mut lines = vec![phrases(
                    theme.rejected(),
                    [
                        String::new(),
                        clear,
                        format!("first conflict: row {j} ({})", names.join("+")),
                    ],
                )];
                let partners = diagonal_partners(a, j);
                for high in [true, false] {
                    if let Some((i, _)) = partners.iter().find(|(_, h)| *h == high) {
                        let style = if high {
                            theme.second_mask()
                        } else {
                            theme.third_mask()
                        };
                        let mut parts = vec!["  ".to_string()];
                        parts.extend(worked(a, *i, j, high));
                        lines.push(phrases(style, parts));
                    }
                }
                lines
            }
        }
    }
}
