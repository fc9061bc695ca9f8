//! The exact-cover screen. A small problem (up to [`SMALL`] items and
//! options) is drawn as its whole matrix: items as columns with their
//! `len`, options as rows, covered items and hidden options dimmed and
//! marked, the chosen item and the option being tried highlighted. A
//! bigger one is drawn as its partial solution when the item names say
//! what the board is (cells `r{row}c{col}`: pentominoes as letters; rows
//! `R{r}` and columns `C{c}`: queens), else as the options chosen. The
//! side panel ranks the active items by `len` (MRV made visible) and lists
//! the chosen item's options.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use crate::search::cover::{Cover, CoverEvent, Problem, Step};
use crate::ui::predict::Ask;
use crate::ui::scale::{self, Grid};
use crate::ui::scene::{Fit, PathLine, Scene, Title, put};
use crate::ui::theme::Theme;
use crate::worksheet::Sheet;

/// The most items, and the most options, of a problem drawn as a matrix.
pub const SMALL: usize = 40;
/// The widest matrix drawn (inside the board's border).
const MATRIX_WIDTH: usize = 42;
/// The most option rows the matrix shows at once (it scrolls to the
/// option being tried), so that the screen fits 80x24.
const MATRIX_ROWS: usize = 11;
/// The option number and its mark, before the matrix's cells.
const LABEL: u16 = 6;
/// The side panel's width.
const PANEL: usize = 34;
/// The side panel's lines.
const PANEL_LINES: u16 = 8;

/// What the board shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Picture {
    /// The whole matrix, each item column `width` wide.
    Matrix { width: u16 },
    /// A grid of `rows` x `cols` cells, from items named `r{row}c{col}`;
    /// `cell[item]` is the item's cell, if it is one.
    Cells {
        rows: u16,
        cols: u16,
        cell: Vec<Option<(u16, u16)>>,
    },
    /// An n x n board of queens, from items named `R{r}` and `C{c}`.
    Queens {
        n: u16,
        row: Vec<Option<u16>>,
        col: Vec<Option<u16>>,
    },
    /// The options chosen, one per line.
    Chosen,
}

/// `r12c3` as (12, 3).
fn cell_name(name: &str) -> Option<(u16, u16)> {
    let (r, c) = name.strip_prefix('r')?.split_once('c')?;
    Some((r.parse().ok()?, c.parse().ok()?))
}

/// `R3` as 3, with the prefix given.
fn numbered(name: &str, prefix: char) -> Option<u16> {
    name.strip_prefix(prefix)?.parse().ok()
}

impl Picture {
    /// How a problem is drawn.
    pub fn of(problem: &Problem) -> Picture {
        let items = problem.items();
        let widest = items.iter().map(String::len).max().unwrap_or(1);
        let width = widest as u16 + 1;
        if items.len() <= SMALL
            && problem.options().len() <= SMALL
            && usize::from(LABEL) + items.len() * usize::from(width) <= MATRIX_WIDTH
        {
            return Picture::Matrix { width };
        }
        let cell: Vec<Option<(u16, u16)>> = items.iter().map(|n| cell_name(n)).collect();
        if cell.iter().flatten().count() >= 4 {
            let rows = cell.iter().flatten().map(|c| c.0).max().unwrap_or(0) + 1;
            let cols = cell.iter().flatten().map(|c| c.1).max().unwrap_or(0) + 1;
            if rows <= 20 && cols <= 30 {
                return Picture::Cells { rows, cols, cell };
            }
        }
        let row: Vec<Option<u16>> = items.iter().map(|n| numbered(n, 'R')).collect();
        let col: Vec<Option<u16>> = items.iter().map(|n| numbered(n, 'C')).collect();
        let n = row.iter().chain(&col).flatten().max().map_or(0, |m| m + 1);
        if (1..=16).contains(&n) && row.iter().flatten().count() as u16 == n {
            return Picture::Queens { n, row, col };
        }
        Picture::Chosen
    }
}

/// What the screen marks, read from the search and the last event.
struct Marks {
    /// The item to highlight: the one covered for the option being tried,
    /// or the one the node is about to choose.
    item: Option<u32>,
    /// The option being tried (just placed, or being taken back).
    option: Option<u32>,
    /// The item of a dead end.
    dead: Option<u32>,
}

impl Cover {
    fn marks(&self, last: Option<&CoverEvent>, theme: &Theme) -> Marks {
        let hide = theme.hide_answer;
        match last {
            Some(&CoverEvent::Place { item, option })
            | Some(&CoverEvent::Undo { item, option }) => Marks {
                item: Some(item),
                option: Some(option),
                dead: None,
            },
            Some(&CoverEvent::DeadEnd { item }) => Marks {
                item: Some(item),
                option: None,
                dead: Some(item),
            },
            _ => Marks {
                item: if hide {
                    None
                } else {
                    self.deciding().map(|(item, _)| item)
                },
                option: None,
                dead: None,
            },
        }
    }

    /// Whether each option is hidden now: it shares an item with a chosen
    /// option (or the covered item) and is neither chosen nor being tried
    /// in the covered item's own column.
    fn hidden(&self, covered: &[bool], path: &[u32]) -> Vec<bool> {
        let problem = self.problem();
        let mut own = vec![false; problem.options().len()];
        // The covered items' own options stay in their column: those of
        // the open nodes' items are the ones tried there.
        for o in path {
            own[*o as usize] = true;
        }
        problem
            .options()
            .iter()
            .enumerate()
            .map(|(o, items)| !own[o] && items.iter().any(|&i| covered[i as usize]))
            .collect()
    }

    /// The active primary items, fewest options first (ties in item-line
    /// order): MRV's ranking.
    fn ranked(&self) -> Vec<(u32, u32)> {
        let lens = self.lens();
        let mut active: Vec<(u32, u32)> = self
            .links()
            .active()
            .into_iter()
            .map(|h| (h - 1, lens[h as usize - 1]))
            .collect();
        active.sort_by_key(|&(i, len)| (len, i));
        active
    }

    fn render_matrix(
        &self,
        width: u16,
        last: Option<&CoverEvent>,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
    ) {
        let problem = self.problem();
        let items = problem.items();
        let covered = self.covered();
        let path = self.path();
        let hidden = self.hidden(&covered, &path);
        let marks = self.marks(last, theme);
        let lens = self.lens();
        let x_of = |i: usize| LABEL + i as u16 * width;
        put(buf, area, 0, 0, "item", theme.muted());
        put(buf, area, 0, 1, "len", theme.muted());
        for (i, name) in items.iter().enumerate() {
            let secondary = i >= problem.primary();
            let mut style = if covered[i] {
                theme.muted()
            } else if secondary {
                Style::new()
            } else {
                theme.title()
            };
            if marks.item == Some(i as u32) {
                style = style.patch(theme.current());
            }
            put(
                buf,
                area,
                x_of(i),
                0,
                &format!("{name:>w$}", w = usize::from(width)),
                style,
            );
            let (len, len_style) = if covered[i] {
                ("-".to_string(), theme.muted())
            } else if marks.dead == Some(i as u32) {
                ("0".to_string(), theme.dead_end())
            } else if secondary {
                (lens[i].to_string(), theme.muted())
            } else {
                (lens[i].to_string(), Style::new())
            };
            put(
                buf,
                area,
                x_of(i),
                1,
                &format!("{len:>w$}", w = usize::from(width)),
                len_style,
            );
        }
        let rows = usize::from(area.height.saturating_sub(2));
        let count = problem.options().len();
        let focus = marks
            .option
            .map(|o| o as usize)
            .or_else(|| path.last().map(|&o| o as usize))
            .unwrap_or(0);
        let start = if count <= rows {
            0
        } else {
            focus.saturating_sub(rows / 2).min(count - rows)
        };
        for (k, o) in (start..count).take(rows).enumerate() {
            let y = 2 + k as u16;
            let on_path = path.contains(&(o as u32));
            let tried = marks.option == Some(o as u32);
            let (mark, style) = if tried {
                (theme.glyphs.current_row, theme.current())
            } else if on_path {
                ("*", theme.placed())
            } else if hidden[o] {
                ("-", theme.muted())
            } else {
                (" ", Style::new())
            };
            put(buf, area, 0, y, &format!("{o:>4} "), theme.muted());
            put(buf, area, 5, y, mark, style);
            let option = &problem.options()[o];
            for (i, &is_covered) in covered.iter().enumerate() {
                let has = option.contains(&(i as u32));
                let text = if has { "1" } else { theme.glyphs.legal };
                let cell_style = if tried && has {
                    theme.current()
                } else if on_path && has {
                    theme.placed()
                } else if hidden[o] || is_covered || !has {
                    theme.muted()
                } else {
                    Style::new()
                };
                put(
                    buf,
                    area,
                    x_of(i),
                    y,
                    &format!("{text:>w$}", w = usize::from(width)),
                    cell_style,
                );
            }
        }
    }

    /// The letter a chosen option draws with: its first item that is not
    /// a cell (a pentomino's name), else `#`.
    fn piece(&self, option: u32, cell: &[Option<(u16, u16)>]) -> char {
        self.problem().options()[option as usize]
            .iter()
            .find(|&&i| cell[i as usize].is_none())
            .and_then(|&i| self.problem().items()[i as usize].chars().next())
            .unwrap_or('#')
    }
}

impl Scene for Cover {
    fn title(&self, name: &str) -> Title {
        let p = self.problem();
        let mut size = format!(
            "{}, {}",
            crate::model::counted(p.items().len() as u64, "item", "items"),
            crate::model::counted(p.options().len() as u64, "option", "options"),
        );
        if let Some(max) = self.max() {
            size.push_str(&format!(" (max {max})"));
        }
        Title::new([format!("Exact cover {name}"), size])
    }

    fn board_size(&self) -> (u16, u16) {
        let p = self.problem();
        match Picture::of(p) {
            Picture::Matrix { width } => (
                LABEL + p.items().len() as u16 * width,
                2 + p.options().len().min(MATRIX_ROWS) as u16,
            ),
            Picture::Cells { rows, cols, .. } => (2 * cols + 1, rows),
            Picture::Queens { n, .. } => (2 * n + 1, n),
            Picture::Chosen => (30, 10),
        }
    }

    /// The matrix drawn bigger, cell by cell; the other pictures glyph by
    /// glyph.
    fn render_board_scaled(
        &self,
        _fit: Fit,
        k: u16,
        last: Option<&CoverEvent>,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
    ) -> bool {
        let p = self.problem();
        let Picture::Matrix { width } = Picture::of(p) else {
            return false;
        };
        let cells = Grid {
            label: LABEL,
            header: 2,
            width,
            cols: p.items().len() as u16,
            rows: p.options().len().min(MATRIX_ROWS) as u16,
        };
        scale::draw_grid(cells, k, theme, area, buf, |area, buf| {
            self.render_matrix(width, last, theme, area, buf)
        })
    }

    fn render_board(&self, last: Option<&CoverEvent>, theme: &Theme, area: Rect, buf: &mut Buffer) {
        let path = self.path();
        let newest = match last {
            Some(CoverEvent::Place { option, .. }) | Some(CoverEvent::Undo { option, .. }) => {
                Some(*option)
            }
            _ => None,
        };
        match Picture::of(self.problem()) {
            Picture::Matrix { width } => self.render_matrix(width, last, theme, area, buf),
            Picture::Cells { rows, cols, cell } => {
                for r in 0..rows {
                    for c in 0..cols {
                        put(
                            buf,
                            area,
                            2 * c,
                            r,
                            &format!(" {}", theme.glyphs.legal),
                            theme.muted(),
                        );
                    }
                }
                // An undone option is drawn too, marked, on its way out.
                let shown = path
                    .iter()
                    .copied()
                    .chain(newest.filter(|o| !path.contains(o)));
                for option in shown {
                    let letter = self.piece(option, &cell);
                    let style = if Some(option) == newest {
                        theme.changed()
                    } else {
                        theme.placed()
                    };
                    for &i in &self.problem().options()[option as usize] {
                        if let Some((r, c)) = cell[i as usize] {
                            put(buf, area, 2 * c, r, &format!(" {letter}"), style);
                        }
                    }
                }
            }
            Picture::Queens { n, row, col } => {
                for r in 0..n {
                    for c in 0..n {
                        put(
                            buf,
                            area,
                            2 * c,
                            r,
                            &format!(" {}", theme.glyphs.legal),
                            theme.muted(),
                        );
                    }
                }
                let shown = path
                    .iter()
                    .copied()
                    .chain(newest.filter(|o| !path.contains(o)));
                for option in shown {
                    let items = &self.problem().options()[option as usize];
                    let r = items.iter().find_map(|&i| row[i as usize]);
                    let c = items.iter().find_map(|&i| col[i as usize]);
                    if let (Some(r), Some(c)) = (r, c) {
                        let style = if Some(option) == newest {
                            theme.changed()
                        } else {
                            theme.placed()
                        };
                        put(
                            buf,
                            area,
                            2 * c,
                            r,
                            &format!(" {}", theme.glyphs.piece),
                            style,
                        );
                    }
                }
            }
            Picture::Chosen => {
                put(buf, area, 0, 0, "options chosen:", theme.muted());
                let rows = usize::from(area.height.saturating_sub(1));
                let skip = path.len().saturating_sub(rows);
                for (k, &o) in path.iter().skip(skip).enumerate() {
                    let text = format!("{o:>5}: {}", self.problem().option_text(o));
                    let style = if Some(o) == newest {
                        theme.changed()
                    } else {
                        theme.placed()
                    };
                    put(buf, area, 0, 1 + k as u16, &text, style);
                }
            }
        }
    }

    fn masks_title(&self) -> &'static str {
        "Items by len (MRV)"
    }

    fn masks(&self, last: Option<&CoverEvent>, theme: &Theme) -> Vec<Line<'static>> {
        let problem = self.problem();
        let name = |i: u32| problem.items()[i as usize].clone();
        let cut = |text: String| -> String {
            if text.chars().count() > PANEL {
                let keep: String = text.chars().take(PANEL - 3).collect();
                format!("{keep}...")
            } else {
                text
            }
        };
        let label = |text: &str| Span::styled(format!("{text:<8}"), theme.muted());
        let mut lines = Vec::new();
        // The ranking, as MRV reads it.
        let ranked = self.ranked();
        let mut by_len = String::new();
        for (i, len) in &ranked {
            let part = format!("{} {len}  ", name(*i));
            if by_len.len() + part.len() > PANEL - 8 - 4 {
                by_len.push_str("...");
                break;
            }
            by_len.push_str(&part);
        }
        if theme.hide_answer {
            lines.push(Line::styled(
                "the ranking and the chosen item are",
                theme.muted(),
            ));
            lines.push(Line::styled("hidden until you answer", theme.muted()));
        } else if ranked.is_empty() {
            lines.push(Line::styled(
                "no primary item left: a solution",
                theme.solution(),
            ));
        } else {
            lines.push(Line::from(vec![
                label("active"),
                Span::raw(cut(by_len.trim_end().to_string())),
            ]));
            let marks = self.marks(last, theme);
            let chosen = marks.item.or_else(|| self.deciding().map(|(i, _)| i));
            if let Some(item) = chosen {
                lines.push(Line::from(vec![
                    label("item"),
                    Span::styled(name(item), theme.current()),
                    Span::styled(
                        if marks.dead.is_some() {
                            "  none left: dead end".to_string()
                        } else {
                            "  fewest left".to_string()
                        },
                        if marks.dead.is_some() {
                            theme.dead_end()
                        } else {
                            theme.muted()
                        },
                    ),
                ]));
                // Its options: a covered item keeps its own column (the
                // covers of its options' other items never reach it).
                let column = self.links().column(item + 1);
                let mut spans = vec![label("options")];
                if column.is_empty() {
                    spans.push(Span::styled("(none)", theme.muted()));
                }
                let mut used = 8;
                for o in column {
                    let text = format!("{o} ");
                    if used + text.len() > PANEL - 3 {
                        spans.push(Span::styled("...", theme.muted()));
                        break;
                    }
                    used += text.len();
                    let style = if marks.option == Some(o) {
                        theme.current()
                    } else {
                        theme.legal()
                    };
                    spans.push(Span::styled(text, style));
                }
                lines.push(Line::from(spans));
            }
            if let Some(o) = marks.option {
                let verb = match last {
                    Some(CoverEvent::Undo { .. }) => "undone",
                    _ => "tried",
                };
                lines.push(Line::from(vec![
                    label(verb),
                    Span::styled(
                        cut(format!("{o}: {}", problem.option_text(o))),
                        theme.changed(),
                    ),
                ]));
            }
        }
        let covered = self.covered();
        let count = covered.iter().filter(|&&c| c).count();
        lines.push(Line::from(vec![
            label("covered"),
            Span::raw(format!(
                "{count} of {}",
                crate::model::counted(covered.len() as u64, "item", "items")
            )),
        ]));
        let path = self.path();
        let hidden = self.hidden(&covered, &path).iter().filter(|&&h| h).count();
        lines.push(Line::from(vec![
            label("hidden"),
            Span::raw(format!(
                "{hidden} of {}",
                crate::model::counted(problem.options().len() as u64, "option", "options")
            )),
        ]));
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
        let g = theme.glyphs;
        let mut legend = vec![
            (
                "A reverse".into(),
                "the item chosen (fewest options left, MRV)".into(),
            ),
            (
                format!("{} row", g.current_row),
                "the option being tried (or taken back), reversed".into(),
            ),
            (
                "* row".into(),
                "an option chosen on the current path".into(),
            ),
            (
                "- row".into(),
                "a hidden option: it shares an item with a chosen one".into(),
            ),
            (
                "len -".into(),
                "a covered item: out of the item list (dimmed)".into(),
            ),
            (
                "len 0 reverse".into(),
                "a dead end: the item has no option left".into(),
            ),
            ("1".into(), "the option covers the item".into()),
        ];
        if !matches!(Picture::of(self.problem()), Picture::Matrix { .. }) {
            legend.push((
                "F underlined".into(),
                "the option just placed or undone on the board".into(),
            ));
        }
        legend
    }

    fn path(&self, theme: &Theme) -> PathLine {
        let mut steps = Vec::new();
        let path = self.path();
        if path.is_empty() {
            steps.push(Span::styled("(none)", theme.muted()));
        }
        for o in path {
            steps.push(Span::styled(
                format!(
                    "{o}:{} ",
                    self.problem().option_names(o).collect::<Vec<_>>().join(",")
                ),
                theme.placed(),
            ));
        }
        PathLine {
            label: Span::styled("chosen ", theme.muted()),
            steps,
            note: None,
        }
    }

    fn algorithm(&self) -> &'static [&'static str] {
        &[
            "X1 enter a node: no primary item left? a solution (--max stops)",
            "X2 choose the item i with the fewest options left (first on ties)",
            "X3 len(i) = 0: a dead end, return to the parent",
            "X4 cover(i): unlink i, hide its options from their other items",
            "X5 for each option x in i's column, top to bottom:",
            "X6     place x: cover x's other items, left to right",
            "X7         search the child node (X1)",
            "X8     undo x: uncover x's other items, right to left",
            "X9 uncover(i), return to the parent",
        ]
    }

    fn algorithm_line(&self, last: Option<&CoverEvent>) -> usize {
        match self.step(last) {
            Step::Enter => 1,
            Step::Solution => 0,
            Step::DeadEnd => 2,
            Step::Place => 5,
            Step::Undo => 7,
        }
    }

    fn solutions_text(&self) -> String {
        match self.max() {
            Some(max) => format!("{} (max {max})", self.solutions()),
            None => self.solutions().to_string(),
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
