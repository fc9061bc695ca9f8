//! The propagating Sudoku on screen: every blank with its pencil marks (the
//! board grows to show them), each written digit tagged with why it is
//! there, and the trail beside it as a list.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

use crate::search::Search;
use crate::search::sudoku::CAP;
use crate::search::sudoku_propagate::{Forced, Placed, Propagate, PropagateEvent};
use crate::ui::columns::phrases;
use crate::ui::predict::Ask;
use crate::ui::scene::{Fit, PathLine, Scene, Title, put};
use crate::ui::theme::Theme;
use crate::worksheet::Sheet;

/// Row label width.
const LABEL: u16 = 3;
/// Each cell: a space and three characters (its pencil marks, or its
/// digit and tag).
const CELL: u16 = 4;
/// Each cell of the compact board: a space, the digit and its tag, or
/// the number of candidates of a blank.
const COMPACT_CELL: u16 = 3;

impl Scene for Propagate {
    fn title(&self, name: &str) -> Title {
        let size = self.geometry().size;
        Title::new([
            format!("Sudoku {name} ({size}x{size})"),
            "propagation: naked and hidden singles, undo trail".to_string(),
        ])
    }

    fn board_size(&self) -> (u16, u16) {
        let g = self.geometry();
        let (size, b) = (u16::from(g.size), u16::from(g.box_size));
        let bars = size / b - 1;
        (LABEL + size * CELL + bars * 2, 1 + size * b + bars)
    }

    fn render_board(
        &self,
        last: Option<&PropagateEvent>,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
    ) {
        let g = self.geometry();
        let (size, b) = (g.size, g.box_size);
        let x_of = |c: u8| LABEL + u16::from(c) * CELL + u16::from(c / b) * 2;
        let y_of = |r: u8| 1 + u16::from(r) * u16::from(b) + u16::from(r / b);
        let (changed, dead) = marked(last);
        let guessing = self
            .guessing()
            .map(|(cell, _)| cell)
            .filter(|_| !theme.hide_answer);
        for c in 0..size {
            put(buf, area, x_of(c) + 1, 0, &format!("{c:>2}"), theme.muted());
        }
        let width = x_of(size - 1) + CELL;
        for r in 0..size {
            if r > 0 && r % b == 0 {
                let rule = box_rule(theme, (size, b), width, x_of);
                put(buf, area, LABEL, y_of(r) - 1, &rule, theme.border());
            }
            put(buf, area, 0, y_of(r), &format!("{r:>2}"), theme.muted());
            for c in 0..size {
                let idx = usize::from(r) * usize::from(size) + usize::from(c);
                let lines = self.cell_lines(idx, theme);
                for (k, (text, style)) in lines.into_iter().enumerate() {
                    let mut style = style;
                    if guessing == Some(idx) {
                        style = style.patch(theme.current());
                    }
                    if changed == Some((r, c)) {
                        style = style.patch(theme.changed());
                    }
                    if dead == Some((r, c)) {
                        style = theme.dead_end();
                    }
                    let y = y_of(r) + k as u16;
                    if c > 0 && c % b == 0 {
                        let bar = theme.glyphs.border.vertical_left;
                        put(buf, area, x_of(c) - 1, y, bar, theme.border());
                    }
                    put(buf, area, x_of(c) + 1, y, &text, style);
                }
            }
        }
    }

    fn masks_title(&self) -> &'static str {
        "Trail (newest last)"
    }

    fn masks(&self, last: Option<&PropagateEvent>, theme: &Theme) -> Vec<Line<'static>> {
        self.masks_at(Fit::Full, last, theme)
    }

    fn masks_at(
        &self,
        fit: Fit,
        last: Option<&PropagateEvent>,
        theme: &Theme,
    ) -> Vec<Line<'static>> {
        let trail = self.trail();
        let guesses = trail.iter().filter(|p| p.forced.is_none()).count();
        let compact = fit == Fit::Compact;
        let (nodes, forced, on_trail) = if compact {
            ("guesses ", "  forced ", "trail ")
        } else {
            ("guesses (nodes) ", "  forced places ", "on the trail ")
        };
        let mut lines = vec![
            Line::from(vec![
                Span::styled(nodes, theme.muted()),
                Span::raw(self.counters().nodes.to_string()),
                Span::styled(forced, theme.muted()),
                Span::raw(self.forced().to_string()),
            ]),
            Line::from(vec![
                Span::styled(on_trail, theme.muted()),
                Span::raw(format!("{} ", trail.len())),
                Span::raw(format!(
                    "({} forced, {guesses} guessed)",
                    trail.len() - guesses
                )),
            ]),
        ];
        if fit == Fit::Compact {
            lines.push(self.marks_line(last, theme));
        }
        let hidden = trail.len().saturating_sub(self.trail_lines(fit));
        lines.push(if hidden > 0 {
            Line::styled(format!("{hidden} earlier entries above"), theme.muted())
        } else {
            match fit {
                Fit::Full => phrases(theme.muted(), self.trail_header()),
                Fit::Compact => phrases(theme.muted(), ["cell  ", "d ", "why          ", "node"]),
            }
        });
        for (i, placed) in trail.iter().enumerate().skip(hidden) {
            let mut style = match placed.forced {
                None => theme.placed(),
                Some(_) => theme.written(),
            };
            if i + 1 == trail.len() && matches!(last, Some(PropagateEvent::Place { .. })) {
                style = style.patch(theme.changed());
            }
            let entry = match fit {
                Fit::Full => self.trail_text(placed),
                Fit::Compact => self.compact_trail_text(placed),
            };
            lines.push(phrases(style, entry));
        }
        if trail.is_empty() {
            lines.push(Line::styled("(empty: the givens only)", theme.muted()));
        }
        match last {
            Some(PropagateEvent::Missing { unit, digit }) => lines.push(phrases(
                theme.dead_end(),
                [
                    "dead end: ".to_string(),
                    format!("{digit} has no place "),
                    format!("in {unit}"),
                ],
            )),
            Some(PropagateEvent::DeadEnd { row, col }) => lines.push(phrases(
                theme.dead_end(),
                [
                    "dead end: ".to_string(),
                    format!("({row},{col}) has no candidate"),
                ],
            )),
            Some(PropagateEvent::Reject {
                digit, row, col, ..
            }) => lines.push(phrases(
                theme.rejected(),
                [
                    String::new(),
                    format!("{digit} is not a candidate "),
                    format!("of ({row},{col})"),
                ],
            )),
            _ => {}
        }
        lines
    }

    fn masks_extent(&self, theme: &Theme) -> (u16, u16) {
        self.masks_extent_at(Fit::Full, theme)
    }

    fn masks_extent_at(&self, fit: Fit, _theme: &Theme) -> (u16, u16) {
        let g = self.geometry();
        let last = g.size - 1;
        let widest = Placed {
            cell: 0,
            digit: g.size,
            forced: Some(Forced::Hidden(crate::search::sudoku_propagate::House {
                kind: crate::search::Unit::Col,
                index: last,
            })),
            guess: 99,
        };
        let dead = format!("dead end: {last} has no place in column {last}").len();
        let width = match fit {
            Fit::Full => {
                let entry = self.trail_text(&widest).concat().len() + 2;
                let counters = format!("guesses (nodes) 99999  forced places {}", 99999).len();
                entry.max(counters).max(dead)
            }
            Fit::Compact => {
                let entry = self.compact_trail_text(&widest).concat().len();
                let counters = "trail 81 (81 forced, 81 guessed)".len();
                let marks =
                    format!("({last},{last}) guessed: {}", self.digits_text(u16::MAX)).len();
                entry.max(counters).max(dead).max(marks)
            }
        } as u16;
        // Two counter lines, the marks line (compact), the header, the
        // entries, a dead end.
        let marks_rows = u16::from(fit == Fit::Compact);
        (width, 3 + marks_rows + self.trail_lines(fit) as u16 + 1)
    }

    fn compact_board_size(&self) -> Option<(u16, u16)> {
        let g = self.geometry();
        let (size, b) = (u16::from(g.size), u16::from(g.box_size));
        let bars = size / b - 1;
        Some((LABEL + size * COMPACT_CELL + bars * 2, 1 + size + bars))
    }

    fn render_board_at(
        &self,
        fit: Fit,
        last: Option<&PropagateEvent>,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
    ) {
        match fit {
            Fit::Full => self.render_board(last, theme, area, buf),
            Fit::Compact => self.render_compact(last, theme, area, buf),
        }
    }

    fn legend(&self, theme: &Theme) -> Vec<(String, String)> {
        vec![
            (" 5 ".into(), "a given digit (bold, no tag)".into()),
            (
                " 5 / n0".into(),
                "a forced digit: n naked single, h hidden single, and the guess it belongs to (0: none)"
                    .into(),
            ),
            (
                " 5 / G1".into(),
                "a guessed digit (G, bold): guess 1 entered a new node".into(),
            ),
            (
                "1 3 / 4".into(),
                "a blank's pencil marks: its candidates, each digit in its place".into(),
            ),
            (
                "reverse".into(),
                "the blank being guessed (the fewest candidates, first on ties)".into(),
            ),
            (
                " 5n  5h  5G".into(),
                "compact board (small terminals): forced naked, forced hidden, guessed".into(),
            ),
            (
                format!("{}3", theme.glyphs.dot),
                "compact board: a blank and how many candidates it has (the trail panel lists the guessed cell's)".into(),
            ),
            (
                "underlined".into(),
                "the digit just written or erased (in colour: yellow)".into(),
            ),
            (
                "trail".into(),
                "every digit written, oldest first; a node ends by erasing its own, the last first"
                    .into(),
            ),
        ]
    }

    fn path(&self, theme: &Theme) -> PathLine {
        let mut steps = Vec::new();
        let guesses: Vec<&Placed> = self.trail().iter().filter(|p| p.forced.is_none()).collect();
        if guesses.is_empty() {
            steps.push(Span::styled("(none)", theme.muted()));
        }
        for placed in guesses {
            let (r, c) = self.coords(usize::from(placed.cell));
            steps.push(Span::styled(
                format!("({r},{c})={} ", placed.digit),
                theme.placed(),
            ));
        }
        let forced = self.trail().iter().filter(|p| p.forced.is_some()).count();
        PathLine {
            label: Span::styled("guesses ", theme.muted()),
            steps,
            note: Some(Span::styled(
                format!("  +{forced} forced on the trail"),
                theme.muted(),
            )),
        }
    }

    fn algorithm(&self) -> &'static [&'static str] {
        &[
            "enter a node (the start, or after a guess):",
            "    a blank with no candidate (first, row by row): dead end",
            "    else a blank with one candidate: place it (naked single), again",
            "    else rows, columns, boxes: a digit with no place: dead end;",
            "        with one place: place it there (hidden single), again",
            "no blank left: solution, count it; at count 2 stop, undo all",
            "guess: the blank with the fewest candidates (first on ties)",
            "for each digit d = 1 .. size:",
            "    d not a candidate: reject d",
            "    else guess d: a new node (step 1)",
            "leave the node: erase its forced digits, the last first,",
            "    then its guess",
        ]
    }

    fn algorithm_line(&self, last: Option<&PropagateEvent>) -> usize {
        match last {
            None => 0,
            Some(PropagateEvent::DeadEnd { .. }) => 1,
            Some(PropagateEvent::Place {
                forced: Some(Forced::Naked),
                ..
            }) => 2,
            Some(PropagateEvent::Missing { .. }) => 3,
            Some(PropagateEvent::Place {
                forced: Some(Forced::Hidden(_)),
                ..
            }) => 4,
            Some(PropagateEvent::Solution { .. }) => 5,
            Some(PropagateEvent::Reject { .. }) => 8,
            Some(PropagateEvent::Place { forced: None, .. }) => 9,
            Some(PropagateEvent::Undo { .. }) => 10,
        }
    }

    fn solutions_text(&self) -> String {
        match self.solution_count() {
            0 => "0".into(),
            n if n < CAP => format!("{n} (cap {CAP})"),
            n => format!("{n} (cap: not unique)"),
        }
    }

    fn ask(&self) -> Option<&dyn Ask<Self::Event>> {
        Some(self)
    }

    fn sheet(&self) -> Option<&dyn Sheet> {
        Some(self)
    }
}

impl Propagate {
    /// The most trail entries the panel lists at once (the newest): as
    /// many as keep the panel no taller than the board and a line, so
    /// that 4x4 fits 80x24.
    fn trail_lines(&self, fit: Fit) -> usize {
        let (_, height) = match fit {
            Fit::Full => self.board_size(),
            Fit::Compact => self.compact_board_size().unwrap_or_default(),
        };
        // The compact panel also has the marks line.
        let marks = usize::from(fit == Fit::Compact);
        // The compact screen fits 80x24: 7 entries under a 12-row board.
        usize::from(height).saturating_sub(3 + 2 * marks)
    }

    /// The compact panel's pencil marks: those of the blank being guessed,
    /// else of the cell the last event wrote or erased, if blank.
    fn marks_line(&self, last: Option<&PropagateEvent>, theme: &Theme) -> Line<'static> {
        let size = usize::from(self.geometry().size);
        let changed = match last {
            Some(PropagateEvent::Place { row, col, .. })
            | Some(PropagateEvent::Undo { row, col, .. })
            | Some(PropagateEvent::DeadEnd { row, col })
            | Some(PropagateEvent::Reject { row, col, .. }) => {
                Some(usize::from(*row) * size + usize::from(*col))
            }
            _ => None,
        };
        let guessing = self
            .guessing()
            .map(|(cell, _)| cell)
            .filter(|_| !theme.hide_answer);
        let shown = guessing.map(|cell| (cell, "guessed")).or_else(|| {
            changed
                .filter(|&cell| self.grid()[cell] == 0)
                .map(|cell| (cell, "erased"))
        });
        let Some((cell, why)) = shown else {
            return Line::styled("a blank: its number of marks", theme.muted());
        };
        let (r, c) = self.coords(cell);
        Line::from(vec![
            Span::styled(format!("({r},{c}) {why}: "), theme.muted()),
            Span::raw(self.digits_text(self.candidates(cell))),
        ])
    }

    /// A candidate mask as digits with spaces: `1 4 7`.
    fn digits_text(&self, mask: u16) -> String {
        (1..=self.geometry().size)
            .filter(|d| mask >> (d - 1) & 1 == 1)
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// A trail entry as the compact panel lists it, column by column:
    /// `(0,1) 2 hidden col 0 g1`.
    fn compact_trail_text(&self, placed: &Placed) -> [String; 4] {
        let (r, c) = self.coords(usize::from(placed.cell));
        let why = match placed.forced {
            None => "GUESS".to_string(),
            Some(Forced::Naked) => "naked".to_string(),
            Some(Forced::Hidden(unit)) => {
                let kind = match unit.kind {
                    crate::search::Unit::Row => "row",
                    crate::search::Unit::Col => "col",
                    crate::search::Unit::Box => "box",
                };
                format!("hidden {kind} {}", unit.index)
            }
        };
        let node = match placed.guess {
            0 => "root".to_string(),
            g => format!("g{g}"),
        };
        [
            format!("({r},{c}) "),
            format!("{} ", placed.digit),
            format!("{why:<12} "),
            node,
        ]
    }

    /// The compact board: one line per row, each written digit tagged
    /// (`n` naked, `h` hidden, `G` guessed), each blank showing how many
    /// candidates it has.
    fn render_compact(
        &self,
        last: Option<&PropagateEvent>,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
    ) {
        let g = self.geometry();
        let (size, b) = (g.size, g.box_size);
        let x_of = |c: u8| LABEL + u16::from(c) * COMPACT_CELL + u16::from(c / b) * 2;
        let y_of = |r: u8| 1 + u16::from(r) + u16::from(r / b);
        let (changed, dead) = marked(last);
        let guessing = self
            .guessing()
            .map(|(cell, _)| cell)
            .filter(|_| !theme.hide_answer);
        for c in 0..size {
            put(buf, area, x_of(c), 0, &format!("{c:>2}"), theme.muted());
        }
        let width = x_of(size - 1) + COMPACT_CELL;
        for r in 0..size {
            if r > 0 && r % b == 0 {
                let rule = box_rule(theme, (size, b), width, x_of);
                put(buf, area, LABEL, y_of(r) - 1, &rule, theme.border());
            }
            put(buf, area, 0, y_of(r), &format!("{r:>2}"), theme.muted());
            for c in 0..size {
                let idx = usize::from(r) * usize::from(size) + usize::from(c);
                let (text, mut style) = self.compact_cell(idx, theme);
                if guessing == Some(idx) {
                    style = style.patch(theme.current());
                }
                if changed == Some((r, c)) {
                    style = style.patch(theme.changed());
                }
                if dead == Some((r, c)) {
                    style = theme.dead_end();
                }
                if c > 0 && c % b == 0 {
                    let bar = theme.glyphs.border.vertical_left;
                    put(buf, area, x_of(c) - 1, y_of(r), bar, theme.border());
                }
                put(buf, area, x_of(c), y_of(r), &text, style);
            }
        }
    }

    /// A cell of the compact board: ` 5 ` a given, ` 5n` / ` 5h` forced,
    /// ` 5G` guessed, ` ·3` a blank with 3 candidates.
    fn compact_cell(&self, idx: usize, theme: &Theme) -> (String, Style) {
        let digit = self.grid()[idx];
        if self.givens()[idx] != 0 {
            return (format!(" {digit} "), theme.given());
        }
        if digit != 0 {
            let placed = self
                .trail()
                .iter()
                .rev()
                .find(|p| usize::from(p.cell) == idx);
            return match placed.and_then(|p| p.forced) {
                None => (format!(" {digit}G"), theme.placed()),
                Some(Forced::Naked) => (format!(" {digit}n"), theme.written()),
                Some(Forced::Hidden(_)) => (format!(" {digit}h"), theme.written()),
            };
        }
        let count = self.candidates(idx).count_ones();
        if count == 0 {
            return (format!(" {} ", theme.glyphs.dead), theme.dead_end());
        }
        (format!(" {}{count}", theme.glyphs.dot), theme.muted())
    }

    /// A trail entry as the panel lists it, column by column:
    /// `(0,1)  2  hidden in row 0   guess 1`.
    fn trail_text(&self, placed: &Placed) -> [String; 4] {
        let (r, c) = self.coords(usize::from(placed.cell));
        let why = match placed.forced {
            None => "GUESS".to_string(),
            Some(Forced::Naked) => "naked single".to_string(),
            Some(Forced::Hidden(unit)) => format!("hidden in {unit}"),
        };
        let node = match placed.guess {
            0 => "root".to_string(),
            g => format!("guess {g}"),
        };
        let [cell, digit, why_w] = self.trail_columns();
        let at = format!("({r},{c})");
        [
            format!("{at:<cell$}"),
            format!("{:<digit$}", placed.digit),
            format!("{why:<why_w$}"),
            node,
        ]
    }

    /// The widths of the full trail's cell, digit (`d`) and why columns, each
    /// with the two blanks after it: wide enough for the widest entry
    /// (`(8,8)`, `hidden in column 8`), so that no two columns run
    /// together and the header stands over its column.
    fn trail_columns(&self) -> [usize; 3] {
        let last = self.geometry().size - 1;
        let cell = format!("({last},{last})").len().max("cell".len());
        let digit = (last + 1).to_string().len();
        let why = [
            crate::search::Unit::Row,
            crate::search::Unit::Col,
            crate::search::Unit::Box,
        ]
        .into_iter()
        .map(|kind| {
            let house = crate::search::sudoku_propagate::House { kind, index: last };
            format!("hidden in {house}").len()
        })
        .chain(["naked single".len(), "GUESS".len()])
        .max()
        .unwrap_or(0);
        [cell + 2, digit + 2, why + 2]
    }

    /// The full trail's header, over [`Self::trail_columns`].
    fn trail_header(&self) -> [String; 4] {
        let [cell, digit, why] = self.trail_columns();
        [
            format!("{:<cell$}", "cell"),
            format!("{:<digit$}", "d"),
            format!("{:<why$}", "why"),
            "node".to_string(),
        ]
    }

    /// The cell's lines on the board, top to bottom: a blank's pencil
    /// marks (each candidate in its place of a box-shaped grid), or a
    /// digit and, for a digit the search wrote, its tag.
    fn cell_lines(&self, idx: usize, theme: &Theme) -> Vec<(String, Style)> {
        let g = self.geometry();
        let b = usize::from(g.box_size);
        let digit = self.grid()[idx];
        let blank = |_| ("   ".to_string(), Style::new());
        let mut lines: Vec<(String, Style)> = (0..b).map(blank).collect();
        if self.givens()[idx] != 0 {
            lines[0] = (format!(" {digit} "), theme.given());
            return lines;
        }
        if digit != 0 {
            let placed = self
                .trail()
                .iter()
                .rev()
                .find(|p| usize::from(p.cell) == idx);
            let (tag, style) = match placed.map(|p| (p.forced, p.guess)) {
                Some((None, guess)) => (format!("G{guess}"), theme.placed()),
                Some((Some(Forced::Naked), guess)) => (format!("n{guess}"), theme.written()),
                Some((Some(Forced::Hidden(_)), guess)) => (format!("h{guess}"), theme.written()),
                None => (String::new(), theme.written()),
            };
            lines[0] = (format!(" {digit} "), style);
            lines[1] = (format!("{tag:<3}"), style.add_modifier(Modifier::DIM));
            return lines;
        }
        let candidates = self.candidates(idx);
        if candidates == 0 {
            lines[0] = (format!(" {} ", theme.glyphs.dead), theme.dead_end());
            return lines;
        }
        for (k, line) in lines.iter_mut().enumerate() {
            let text: String = (0..b)
                .map(|j| {
                    let d = k * b + j + 1;
                    if candidates >> (d - 1) & 1 == 1 {
                        char::from(b'0' + d as u8).to_string()
                    } else {
                        ".".to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(if b == 2 { " " } else { "" });
            *line = (format!("{text:<3}"), theme.muted());
        }
        lines
    }
}

/// The rule between two bands of boxes, `width` columns from the labels: a
/// cross wherever a box column ends (`x_of` places a column on the board).
fn box_rule(theme: &Theme, (size, b): (u8, u8), width: u16, x_of: impl Fn(u8) -> u16) -> String {
    (LABEL..width + 1)
        .map(|x| {
            if (1..size / b).any(|k| x == x_of(k * b) - 1) {
                theme.glyphs.cross
            } else {
                theme.glyphs.border.horizontal_top
            }
        })
        .collect()
}

/// A cell of the board: row, column.
type Spot = Option<(u8, u8)>;

/// The cell the last event wrote or erased, and the cell it found dead.
fn marked(last: Option<&PropagateEvent>) -> (Spot, Spot) {
    match last {
        Some(PropagateEvent::Place { row, col, .. })
        | Some(PropagateEvent::Undo { row, col, .. }) => (Some((*row, *col)), None),
        Some(PropagateEvent::DeadEnd { row, col }) => (None, Some((*row, *col))),
        _ => (None, None),
    }
}
