//! The Word Search grid with the current path, and the pruning checks.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use crate::search::word::{DIRECTIONS, Reason, Rules, Step, WordEvent, WordSearch};
use crate::ui::columns::phrases;
use crate::ui::predict::Ask;
use crate::ui::scale::{self, Grid};
use crate::ui::scene::{Fit, PathLine, Scene, Title, put};
use crate::ui::theme::Theme;
use crate::worksheet::Sheet;

/// Row label width.
const LABEL: u16 = 3;
/// Each cell: its index on the path (two digits, 0-based like the events'
/// letter numbers), the letter, the arrow.
const CELL: u16 = 4;

impl<R: Rules> Scene for WordSearch<R> {
    fn title(&self, _name: &str) -> Title {
        let why = match self.reversal() {
            Some((first, last, _, _)) if self.reversed() => {
                format!("reversed: {last} is rarer than {first}")
            }
            _ if !self.options().reverse => "reversal off".into(),
            _ => "not reversed".into(),
        };
        Title::new([format!("Word {}", self.word()), why])
    }

    fn board_size(&self) -> (u16, u16) {
        let b = self.board();
        if b.rows() == 0 {
            return ("(empty board)".len() as u16, 1);
        }
        (
            LABEL + CELL * (b.cols().max(1) as u16),
            1 + b.rows().max(1) as u16,
        )
    }

    fn render_board_scaled(
        &self,
        _fit: Fit,
        k: u16,
        last: Option<&WordEvent>,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
    ) -> bool {
        let b = self.board();
        render_scaled((b.rows(), b.cols()), k, theme, area, buf, |area, buf| {
            self.render_board(last, theme, area, buf)
        })
    }

    fn render_board(&self, last: Option<&WordEvent>, theme: &Theme, area: Rect, buf: &mut Buffer) {
        let b = self.board();
        if b.rows() == 0 {
            put(buf, area, 0, 0, "(empty board)", theme.muted());
            return;
        }
        for c in 0..b.cols() {
            put(
                buf,
                area,
                LABEL + CELL * c as u16,
                0,
                &format!("{c:>3}"),
                theme.muted(),
            );
        }
        let path = self.path();
        // A cell on the path twice (the bug `no-visited-check` steps onto
        // its own path) shows its newest place, as that bug sees it.
        let order = |r: usize, c: usize| path.iter().rposition(|&p| p == (r as u8, c as u8));
        for r in 0..b.rows() {
            let y = 1 + r as u16;
            put(buf, area, 0, y, &format!("{r:>2}"), theme.muted());
            for c in 0..b.cols() {
                let x = LABEL + CELL * c as u16;
                let letter = char::from(b.letter(r, c));
                let at = (r as u8, c as u8);
                let (text, mut style) = match order(r, c) {
                    Some(i) => {
                        let arrow = path
                            .get(i + 1)
                            .map_or(theme.glyphs.path_end, |&next| self.arrow(at, next, theme));
                        (format!("{i:>2}{letter}{arrow}"), theme.placed())
                    }
                    // A mark the bug `no-unmark` left behind, which it
                    // still refuses.
                    None if self.is_visited(r, c) => {
                        (format!(" {}{letter} ", theme.glyphs.removed), theme.muted())
                    }
                    None => (format!("  {letter} "), Style::new()),
                };
                let mut text = text;
                match last {
                    Some(WordEvent::Reject { row, col, .. }) if (*row, *col) == at => {
                        style = theme.rejected();
                        if order(r, c).is_none() {
                            text = format!(" {}{letter} ", theme.glyphs.rejected);
                        }
                    }
                    Some(WordEvent::DeadEnd { row, col }) if (*row, *col) == at => {
                        style = theme.dead_end();
                    }
                    Some(WordEvent::Place { row, col, .. })
                    | Some(WordEvent::Undo { row, col })
                        if (*row, *col) == at =>
                    {
                        style = style.patch(theme.changed());
                    }
                    _ => {}
                }
                if self.found().is_some_and(|p| p.contains(&at)) && path.is_empty() {
                    style = style.patch(theme.solution());
                }
                put(buf, area, x, y, &text, style);
            }
        }
    }

    fn masks_title(&self) -> &'static str {
        "Word and checks"
    }

    fn masks(&self, last: Option<&WordEvent>, theme: &Theme) -> Vec<Line<'static>> {
        let label = |text: &str| Span::styled(format!("{text:<10}"), theme.muted());
        let mut lines = vec![Line::from(vec![
            label("word"),
            Span::raw(self.word().to_string()),
        ])];
        let depth = self.path().len();
        let mut searched = vec![label("searched")];
        for (i, &l) in self.searched().iter().enumerate() {
            let style = if i + 1 == depth {
                theme.current()
            } else if i < depth {
                theme.placed()
            } else {
                Style::new()
            };
            searched.push(Span::styled(char::from(l).to_string(), style));
        }
        lines.push(Line::from(searched));
        let index = match depth {
            0 => vec!["no cell on the path".to_string()],
            d => index_text(d - 1, self.searched()).to_vec(),
        };
        let mut spans = vec![label("index")];
        spans.extend(index.into_iter().map(Span::raw));
        lines.push(Line::from(spans));
        let reversal = match self.reversal() {
            None => vec!["-".to_string()],
            Some((first, last, nf, nl)) => {
                let verdict = if self.reversed() {
                    "reversed"
                } else if self.options().reverse {
                    "kept"
                } else {
                    "reversal off"
                };
                vec![
                    format!("{first} x{nf}, {last} x{nl} "),
                    "on the board: ".to_string(),
                    verdict.to_string(),
                ]
            }
        };
        let mut spans = vec![label("ends")];
        spans.extend(reversal.into_iter().map(Span::raw));
        lines.push(Line::from(spans));
        let mut inventory = vec![label("inventory")];
        if !self.options().inventory {
            inventory.push(Span::styled("off; ", theme.muted()));
        }
        let have = self.board().inventory();
        let mut need = [0usize; 26];
        for &l in self.word().as_bytes() {
            need[usize::from(l - b'A')] += 1;
        }
        for (i, (&n, &h)) in need
            .iter()
            .zip(&have)
            .enumerate()
            .filter(|(_, (n, _))| **n > 0)
        {
            let style = if n > h {
                theme.rejected()
            } else {
                theme.legal()
            };
            inventory.push(Span::styled(
                format!("{}{n}/{h} ", char::from(b'A' + i as u8)),
                style,
            ));
        }
        lines.push(Line::from(inventory));
        lines.push(phrases(
            theme.muted(),
            [format!("{:10}", ""), "(need/have per letter)".to_string()],
        ));
        lines.extend(self.marks_line(theme));
        if let Some(WordEvent::Reject { index, reason, .. }) = last {
            let why = match reason {
                Reason::Visited => "already on the path".to_string(),
                Reason::Mismatch => {
                    format!("not {}", char::from(self.searched()[usize::from(*index)]))
                }
            };
            lines.push(phrases(
                theme.rejected(),
                ["neighbour refused: ".to_string(), why],
            ));
        }
        lines
    }

    fn masks_extent(&self, theme: &Theme) -> (u16, u16) {
        let lines = self.masks(None, theme);
        let (width, height) = crate::ui::scene::extent(&lines);
        let letters = self.searched();
        // The index line (after its label) and the reject line.
        let index = 10
            + index_text(letters.len().saturating_sub(1), letters)
                .concat()
                .len();
        let widest = index
            .max("neighbour refused: already on the path".len())
            .max(MARKS_WIDEST);
        (width.max(widest as u16), height + 1)
    }

    fn legend(&self, theme: &Theme) -> Vec<(String, String)> {
        let g = theme.glyphs;
        let arrows = g.arrows.join(" ");
        let mut legend = vec![
            (
                format!(" 0A{}", g.arrows[1]),
                format!("on the path: index (0-based), letter, way on ({arrows})"),
            ),
            (g.path_end.into(), "the last cell of the path so far".into()),
            (
                format!("{} reverse", g.rejected),
                "the neighbour just refused: on the path, or the wrong letter".into(),
            ),
            (
                "bold reverse".into(),
                "a dead end: no neighbour continues the word".into(),
            ),
            (
                "reversed".into(),
                "the word is searched back to front: its last letter is rarer".into(),
            ),
        ];
        if !R::UNMARK {
            legend.insert(
                2,
                (
                    format!(" {}A", g.removed),
                    "marked visited though off the path: a mark this bug never clears".into(),
                ),
            );
        }
        legend
    }

    fn path(&self, theme: &Theme) -> PathLine {
        let mut steps = Vec::new();
        let path = self.path();
        if path.is_empty() {
            steps.push(Span::styled("(empty)", theme.muted()));
        }
        for (i, (r, c)) in path.iter().enumerate() {
            let letter = char::from(self.board().letter(usize::from(*r), usize::from(*c)));
            let sep = if i + 1 < path.len() { " " } else { "" };
            steps.push(Span::styled(
                format!(
                    "{}{sep}",
                    crate::view::word::cell_and_letter(*r, *c, letter)
                ),
                theme.placed(),
            ));
        }
        let note = self.found().filter(|_| path.is_empty()).map(|found| {
            let cells: Vec<String> = found.iter().map(|(r, c)| format!("({r},{c})")).collect();
            Span::styled(format!("   found along {}", cells.join(" ")), theme.legal())
        });
        PathLine {
            label: Span::styled("path ", theme.muted()),
            steps,
            note,
        }
    }

    fn algorithm(&self) -> &'static [&'static str] {
        if !R::UNMARK {
            return &NO_UNMARK;
        }
        if !R::CHECK_VISITED {
            return &NO_VISITED_CHECK;
        }
        &ALGORITHM
    }

    fn algorithm_line(&self, last: Option<&WordEvent>) -> usize {
        match self.step(last) {
            Step::EmptyWord => 0,
            Step::TooLong => 1,
            Step::Inventory => 2,
            Step::Reverse => 3,
            Step::Start => 5,
            Step::Solution => 7,
            Step::Visited => 9,
            Step::Mismatch => 10,
            Step::Place => 11,
            Step::DeadEnd => 12,
            Step::Undo => 13,
        }
    }

    fn solutions_text(&self) -> String {
        if self.found().is_some() {
            "1 (found)".into()
        } else {
            "0".into()
        }
    }

    fn ask(&self) -> Option<&dyn Ask<Self::Event>> {
        Some(self)
    }

    fn sheet(&self) -> Option<&dyn Sheet> {
        Some(self)
    }
}

/// The search's steps, as the code panel lists them.
const ALGORITHM: [&str; 14] = [
    "empty word: found at once",
    "more letters than cells: reject (too-long), stop",
    "inventory: a letter needed more often than the board has: reject, stop",
    "reversal: first letter more common than the last? search it reversed",
    "for each start cell, row by row, holding the first letter:",
    "    place it as letter 0, mark it visited",
    "at a cell holding letter i:",
    "    i is the last letter: solution; stop, undo the path",
    "    for each neighbour up, right, down, left on the board:",
    "        on the path already: reject (visited)",
    "        wrong letter: reject (mismatch)",
    "        else place it as letter i+1, search on from it (step 7)",
    "    no neighbour placed: dead end",
    "    undo: unmark the cell, step back",
];

/// The steps the bug `no-unmark` runs: its undo leaves the mark.
const NO_UNMARK: [&str; 14] = {
    let mut steps = ALGORITHM;
    steps[13] = "    undo: step back; the cell stays marked (the bug)";
    steps
};

/// The steps the bug `no-visited-check` runs: it never reads a mark.
const NO_VISITED_CHECK: [&str; 14] = {
    let mut steps = ALGORITHM;
    steps[9] = "        (marks never read: a cell on the path is taken again, the bug)";
    steps
};

/// The most marked cells off the path the marks line lists.
const MARKS_SHOWN: usize = 2;
/// The widest marks line: its label, the cells listed, `+K`, the note.
const MARKS_WIDEST: usize = 10 + MARKS_SHOWN * "(15,15) ".len() + "+255".len() + OFF_PATH.len();
/// What the cells on the marks line are.
const OFF_PATH: &str = " off the path";

impl<R: Rules> WordSearch<R> {
    /// A bug's visited marks as its code reads them: for `no-unmark` the
    /// cells still marked though off the path (it refuses them as "on the
    /// path"), for `no-visited-check` that the marks are never read. None
    /// for the correct search, whose marks are its path.
    fn marks_line(&self, theme: &Theme) -> Option<Line<'static>> {
        let label = Span::styled(format!("{:<10}", "marked"), theme.muted());
        if !R::CHECK_VISITED {
            return Some(Line::from(vec![
                label,
                Span::styled("not consulted: ", theme.muted()),
                Span::styled("path cells placed again", theme.muted()),
            ]));
        }
        if R::UNMARK {
            return None;
        }
        let b = self.board();
        let path = self.path();
        let stale: Vec<(usize, usize)> = (0..b.rows())
            .flat_map(|r| (0..b.cols()).map(move |c| (r, c)))
            .filter(|&(r, c)| self.is_visited(r, c) && !path.contains(&(r as u8, c as u8)))
            .collect();
        let mut spans = vec![label];
        if stale.is_empty() {
            spans.push(Span::styled("the path's cells only", theme.muted()));
            return Some(Line::from(spans));
        }
        for (i, (r, c)) in stale.iter().take(MARKS_SHOWN).enumerate() {
            let gap = if i > 0 { " " } else { "" };
            spans.push(Span::styled(format!("{gap}({r},{c})"), theme.rejected()));
        }
        if stale.len() > MARKS_SHOWN {
            let more = format!(" +{}", stale.len() - MARKS_SHOWN);
            spans.push(Span::styled(more, theme.rejected()));
        }
        spans.push(Span::styled(OFF_PATH, theme.muted()));
        Some(Line::from(spans))
    }
}

/// The masks panel's index line, in phrases: `2 (0-based, 0 to 5): C`.
fn index_text(index: usize, letters: &[u8]) -> [String; 2] {
    [
        format!(
            "{index} (0-based, 0 to {}): ",
            letters.len().saturating_sub(1)
        ),
        letters
            .get(index)
            .map_or('?', |&l| char::from(l))
            .to_string(),
    ]
}

impl<R: Rules> WordSearch<R> {
    /// The arrow from `from` to its path successor `to`.
    fn arrow(&self, from: (u8, u8), to: (u8, u8), theme: &Theme) -> &'static str {
        let (dr, dc) = (to.0 as i8 - from.0 as i8, to.1 as i8 - from.1 as i8);
        DIRECTIONS
            .iter()
            .position(|&(r, c, _)| (r, c) == (dr, dc))
            .map_or("?", |d| theme.glyphs.arrows[d])
    }
}

/// A letter board (word's and words') drawn `k` times its natural size:
/// a ruled grid of its `(rows, cols)` cells, each cell's marks whole in the
/// middle of its block (`natural` draws the board at its natural size).
/// False for an empty board, which the generic blow-up draws.
pub(crate) fn render_scaled(
    (rows, cols): (usize, usize),
    k: u16,
    theme: &Theme,
    area: Rect,
    buf: &mut Buffer,
    natural: impl FnOnce(Rect, &mut Buffer),
) -> bool {
    if rows == 0 {
        return false;
    }
    let cells = Grid {
        label: LABEL,
        header: 1,
        width: CELL,
        cols: cols as u16,
        rows: rows as u16,
    };
    scale::draw_grid(cells, k, theme, area, buf, natural)
}
