//! The screen of the fundamental N-Queens search: the mask search's board
//! and masks, and at a solution, beside them, the board's 8 images under
//! the symmetries of the square in miniature: a repeated image is merged
//! into the first one equal to it (`=r90`), and the canonical image (the
//! smallest column list) is starred, with the reason spelled out.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::super::queens_words::list;
use crate::search::Search;
use crate::search::queens::{Columns, QueensEvent};
use crate::search::queens_fundamental::{Fundamental, FundamentalEvent};
use crate::ui::predict::Ask;
use crate::ui::scene::{Fit, PathLine, Scene, Title, extent};
use crate::ui::theme::Theme;
use crate::worksheet::Sheet;

/// Short names of the 8 symmetries, in the order of
/// [`crate::search::queens_fundamental::SYMMETRIES`].
const SHORT: [&str; 8] = ["id", "r90", "r180", "r270", "mLR", "mTB", "diag", "anti"];

/// Miniatures per band.
const PER_BAND: usize = 4;

/// The mask search's event for the inner search's drawing.
fn inner(last: Option<&FundamentalEvent>) -> Option<QueensEvent> {
    last.map(|e| e.queens_event())
}

/// A board in miniature, two rows a line: a queen in the upper row of the
/// pair is `▀` (`^` in ASCII), in the lower `▄` (`v`), none `·` (`.`).
/// Each column holds one queen, so no pair of rows clashes in a column.
fn miniature(board: Columns, ascii: bool) -> Vec<String> {
    let n = board.len();
    let (up, down, empty) = if ascii {
        ('^', 'v', '.')
    } else {
        ('▀', '▄', '·')
    };
    let a = board.to_vec();
    (0..n.div_ceil(2))
        .map(|pair| {
            (0..n)
                .map(|c| {
                    let at = |r: usize| a.get(r).is_some_and(|&q| usize::from(q) == c);
                    if at(2 * pair) {
                        up
                    } else if at(2 * pair + 1) {
                        down
                    } else {
                        empty
                    }
                })
                .collect()
        })
        .collect()
}

impl Fundamental {
    /// The images' panel: two bands of four miniatures, then the orbit
    /// and the canonical image with the reason.
    fn images_lines(&self, theme: &Theme) -> Vec<Line<'static>> {
        let Some((board, images, orbit, canonical)) = self.last_solution() else {
            return Vec::new();
        };
        let n = board.len();
        let ascii = theme.glyphs.piece.is_ascii();
        let width = n.max(5) + 1;
        let lists: Vec<Vec<u8>> = images.iter().map(|i| i.to_vec()).collect();
        let smallest = lists.iter().min().cloned().unwrap_or_default();
        let first_equal = |k: usize| lists.iter().position(|l| *l == lists[k]).unwrap_or(k);
        let star = lists
            .iter()
            .position(|l| *l == smallest)
            .unwrap_or_default();
        let mut lines = Vec::new();
        for band in 0..8 / PER_BAND {
            let ks = band * PER_BAND..(band + 1) * PER_BAND;
            let mut head = Vec::new();
            for k in ks.clone() {
                let name = if k == star {
                    format!("{}*", SHORT[k])
                } else {
                    SHORT[k].to_string()
                };
                let style = if k == star {
                    theme.solution()
                } else {
                    theme.muted()
                };
                head.push(Span::styled(format!("{name:<width$}"), style));
            }
            lines.push(Line::from(head));
            for pair in 0..n.div_ceil(2) {
                let mut spans = Vec::new();
                for k in ks.clone() {
                    let first = first_equal(k);
                    let text = if first != k {
                        if pair == 0 {
                            format!("={}", SHORT[first])
                        } else {
                            String::new()
                        }
                    } else {
                        miniature(images[k], ascii)[pair].clone()
                    };
                    let style = if first != k {
                        theme.muted()
                    } else if k == star {
                        theme.solution()
                    } else {
                        theme.placed()
                    };
                    spans.push(Span::styled(format!("{text:<width$}"), style));
                }
                lines.push(Line::from(spans));
            }
        }
        // One line: the orbit, and the smallest list, this board or not.
        let why = if canonical {
            format!(
                "orbit {orbit}; smallest: {} {} = this board, canonical",
                SHORT[star],
                list(&board.to_vec())
            )
        } else {
            format!(
                "orbit {orbit}; smallest: {} {}, not this board",
                SHORT[star],
                list(&smallest)
            )
        };
        let style = if canonical {
            theme.solution()
        } else {
            theme.muted()
        };
        lines.push(Line::styled(why, style));
        lines
    }

    /// The fundamental solutions found so far, the latest few listed.
    fn found_lines(&self, theme: &Theme) -> Vec<Line<'static>> {
        let mut lines = vec![Line::styled(
            format!(
                "fundamental so far: {} of {}",
                self.fundamental(),
                self.counters().found
            ),
            theme.current(),
        )];
        for (board, orbit) in self.recent() {
            lines.push(Line::styled(
                format!("  {} orbit {orbit}", list(&board.to_vec())),
                theme.solution(),
            ));
        }
        lines
    }
}

impl Scene for Fundamental {
    fn title(&self, _name: &str) -> Title {
        Title::new([format!("N-Queens n={}", self.n()), "fundamental".into()])
    }

    fn board_size(&self) -> (u16, u16) {
        self.queens_search().board_size()
    }

    fn render_board(
        &self,
        last: Option<&FundamentalEvent>,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
    ) {
        self.queens_search()
            .render_board(inner(last).as_ref(), theme, area, buf);
    }

    fn render_board_scaled(
        &self,
        fit: Fit,
        k: u16,
        last: Option<&FundamentalEvent>,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
    ) -> bool {
        self.queens_search()
            .render_board_scaled(fit, k, inner(last).as_ref(), theme, area, buf)
    }

    fn masks_title(&self) -> &'static str {
        "Masks and orbits"
    }

    fn masks(&self, last: Option<&FundamentalEvent>, theme: &Theme) -> Vec<Line<'static>> {
        if matches!(last, Some(FundamentalEvent::Solution { .. })) {
            return self.images_lines(theme);
        }
        let mut lines = Scene::masks(self.queens_search(), inner(last).as_ref(), theme);
        lines.extend(self.found_lines(theme));
        lines
    }

    fn masks_extent(&self, theme: &Theme) -> (u16, u16) {
        let (w, h) = self.queens_search().masks_extent(theme);
        let n = usize::from(self.n());
        let width = n.max(5) + 1;
        let big = format!("[{}]", vec![n.saturating_sub(1).to_string(); n].join(","));
        let widest = [
            " ".repeat(width * PER_BAND),
            format!("orbit 8; smallest: anti {big} = this board, canonical"),
            format!("  {big} orbit 8"),
            "fundamental so far: 9999 of 99999".to_string(),
        ];
        let lines: Vec<Line> = widest.into_iter().map(Line::raw).collect();
        let (wide, _) = extent(&lines);
        let images = 2 * (1 + n.div_ceil(2)) + 1;
        let found = usize::from(h) + 1 + crate::search::queens_fundamental::RECENT;
        (w.max(wide), images.max(found) as u16)
    }

    fn legend(&self, theme: &Theme) -> Vec<(String, String)> {
        let mut rows = self.queens_search().legend(theme);
        let ascii = theme.glyphs.piece.is_ascii();
        let (up, down) = if ascii { ("^", "v") } else { ("▀", "▄") };
        rows.push((
            format!("{up} {down}"),
            "in a miniature: a queen in the upper or lower row of a pair".into(),
        ));
        rows.push((
            "=r90".into(),
            "an image equal to an earlier one, merged".into(),
        ));
        rows.push((
            "id*".into(),
            "the canonical image: the smallest column list".into(),
        ));
        rows
    }

    fn path(&self, theme: &Theme) -> PathLine {
        let mut line = self.queens_search().path(theme);
        line.note = Some(Span::styled(
            format!("   {} fundamental so far", self.fundamental()),
            theme.muted(),
        ));
        line
    }

    fn algorithm(&self) -> &'static [&'static str] {
        &[
            "enter a node: r queens placed, masks C, H, L for row r",
            "if r = n: solution; map it by the 8 symmetries: orbit = distinct images, canonical if smallest",
            "legal = U & !(C|H|L)",
            "for each column c = 0 .. n-1 of row r:",
            "    (no symmetry skip: every root column is searched)",
            "    c in C, H or L: reject c, naming each mask holding it",
            "    else place a queen at (r,c), bit b = 2^c:",
            "        C' = C|b   H' = ((H|b) << 1) & U   L' = (L|b) >> 1",
            "        search the child node (step 1)",
            "        undo the queen at (r,c)",
            "if no column was legal: dead end",
            "return to the parent",
        ]
    }

    fn algorithm_line(&self, last: Option<&FundamentalEvent>) -> usize {
        self.queens_search().algorithm_line(inner(last).as_ref())
    }

    fn solutions_text(&self) -> String {
        format!(
            "{} ({} fundamental)",
            self.counters().solutions,
            self.fundamental()
        )
    }

    fn ask(&self) -> Option<&dyn Ask<Self::Event>> {
        Some(self)
    }

    fn sheet(&self) -> Option<&dyn Sheet> {
        Some(self)
    }
}
