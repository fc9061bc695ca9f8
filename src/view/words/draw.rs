//! The words search on screen: the board with the current path, the trie
//! drawn as a tree beside it (the current prefix highlighted, found words
//! marked, cut branches shown as cut), and the words found with their
//! paths.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

use crate::search::Search;
use crate::search::word::DIRECTIONS;
use crate::search::words::{Refusal, Trie, Words, WordsEvent};
use crate::ui::columns::phrases;
use crate::ui::predict::Ask;
use crate::ui::scene::{Fit, PathLine, Scene, Title, put};
use crate::ui::theme::Theme;
use crate::worksheet::Sheet;

/// Row label width.
const LABEL: u16 = 3;
/// Each cell: its index on the path (two digits), the letter, the arrow.
const CELL: u16 = 4;
/// The most trie lines shown at once (a window around the prefix).
const TRIE_LINES: usize = 12;
/// The most found words listed.
const FOUND_LINES: usize = 6;
/// The widest a found word's line is drawn.
const FOUND_WIDTH: usize = 44;

impl Scene for Words {
    fn title(&self, name: &str) -> Title {
        let prune = if self.options().prune {
            "found words cut from the trie"
        } else {
            "no pruning"
        };
        Title::new([
            format!("Words {} on {name}", self.words().len()),
            "trie".to_string(),
            prune.to_string(),
        ])
    }

    fn board_size(&self) -> (u16, u16) {
        let b = self.board();
        if b.rows() == 0 {
            return ("(empty board)".len() as u16, 1);
        }
        (LABEL + CELL * b.cols() as u16, 1 + b.rows() as u16)
    }

    fn render_board_scaled(
        &self,
        _fit: Fit,
        k: u16,
        last: Option<&WordsEvent>,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
    ) -> bool {
        let b = self.board();
        crate::view::word::draw::render_scaled(
            (b.rows(), b.cols()),
            k,
            theme,
            area,
            buf,
            |area, buf| self.render_board(last, theme, area, buf),
        )
    }

    fn render_board(&self, last: Option<&WordsEvent>, theme: &Theme, area: Rect, buf: &mut Buffer) {
        let b = self.board();
        if b.rows() == 0 {
            put(buf, area, 0, 0, "(empty board)", theme.muted());
            return;
        }
        for c in 0..b.cols() {
            let x = LABEL + CELL * c as u16;
            put(buf, area, x, 0, &format!("{c:>3}"), theme.muted());
        }
        let path = self.path();
        for r in 0..b.rows() {
            let y = 1 + r as u16;
            put(buf, area, 0, y, &format!("{r:>2}"), theme.muted());
            for c in 0..b.cols() {
                let at = (r as u8, c as u8);
                let letter = char::from(b.letter(r, c));
                let (mut text, mut style) = match path.iter().position(|&p| p == at) {
                    Some(i) => {
                        let arrow = path
                            .get(i + 1)
                            .map_or(theme.glyphs.path_end, |&next| arrow(at, next, theme));
                        (format!("{i:>2}{letter}{arrow}"), theme.placed())
                    }
                    None => (format!("  {letter} "), Style::new()),
                };
                match last {
                    Some(WordsEvent::Reject { row, col, .. }) if (*row, *col) == at => {
                        style = theme.rejected();
                        if !path.contains(&at) {
                            text = format!(" {}{letter} ", theme.glyphs.rejected);
                        }
                    }
                    Some(WordsEvent::DeadEnd { row, col }) if (*row, *col) == at => {
                        style = theme.dead_end();
                    }
                    Some(WordsEvent::Place { row, col }) | Some(WordsEvent::Undo { row, col })
                        if (*row, *col) == at =>
                    {
                        style = style.patch(theme.changed());
                    }
                    _ => {}
                }
                put(buf, area, LABEL + CELL * c as u16, y, &text, style);
            }
        }
    }

    fn masks_title(&self) -> &'static str {
        "Trie and words found"
    }

    fn masks(&self, last: Option<&WordsEvent>, theme: &Theme) -> Vec<Line<'static>> {
        let trie = self.trie();
        let node = self.trie_node();
        let (next, letters) = if trie.node(node).cut {
            ("  cut: ", "no word goes on".to_string())
        } else {
            ("  next letters ", self.children_text())
        };
        let prefix = match self.prefix() {
            p if p.is_empty() => "(root)".to_string(),
            p => p,
        };
        let mut lines = vec![Line::from(vec![
            Span::styled("prefix ", theme.muted()),
            Span::styled(prefix, theme.current()),
            Span::styled(next, theme.muted()),
            Span::styled(letters, theme.muted()),
        ])];
        lines.extend(self.trie_window(theme));
        let in_trie = words_in_trie(trie);
        let found = self.found_words();
        lines.push(Line::styled(
            format!("found {} of {in_trie}", found.len()),
            theme.muted(),
        ));
        for (word, path) in found.iter().take(FOUND_LINES) {
            let cells: String = path.iter().map(|(r, c)| format!("({r},{c})")).collect();
            let mut text = format!("{word} {cells}");
            if text.len() > FOUND_WIDTH {
                text.truncate(FOUND_WIDTH - 1);
                text.push_str(theme.glyphs.ellipsis);
            }
            lines.push(Line::styled(text, theme.legal()));
        }
        if found.len() > FOUND_LINES {
            lines.push(Line::styled(
                format!("and {} more", found.len() - FOUND_LINES),
                theme.muted(),
            ));
        }
        match last {
            Some(WordsEvent::Reject {
                row,
                col,
                reason: Refusal::NoWord,
            }) => lines.push(phrases(
                theme.rejected(),
                [
                    format!("({row},{col}) refused: "),
                    format!("no word begins {}", self.prefix_with(*row, *col)),
                ],
            )),
            Some(WordsEvent::Reject {
                row,
                col,
                reason: Refusal::Visited,
            }) => lines.push(phrases(
                theme.rejected(),
                [
                    format!("({row},{col}) refused: "),
                    "already on the path".to_string(),
                ],
            )),
            _ => {}
        }
        lines
    }

    fn masks_extent(&self, theme: &Theme) -> (u16, u16) {
        let trie = self.trie();
        let lines = self.trie_window(theme);
        let depth = self.words().iter().map(String::len).max().unwrap_or(0);
        let trie_width = 2 * depth + 2;
        let in_trie = words_in_trie(trie);
        let listed = in_trie.min(FOUND_LINES) + usize::from(in_trie > FOUND_LINES);
        let found_width = self
            .words()
            .iter()
            .map(|w| (w.len() + 1 + 5 * w.len()).min(FOUND_WIDTH))
            .max()
            .unwrap_or(0);
        let fan = (0..trie.nodes().len() as u16)
            .map(|i| trie.child_letters(i).len())
            .max()
            .unwrap_or(0);
        let prefix = 7 + depth.max(6) + 2 + "next letters {}".len() + (2 * fan).saturating_sub(1);
        let reject = format!("(15,15) refused: no word begins {}", "W".repeat(depth + 1)).len();
        let width = [trie_width, found_width, prefix, reject]
            .into_iter()
            .max()
            .unwrap_or(0);
        // The prefix, the trie, the found heading and list, a reject.
        (width as u16, (1 + lines.len() + 1 + listed + 1) as u16)
    }

    fn legend(&self, theme: &Theme) -> Vec<(String, String)> {
        let g = theme.glyphs;
        vec![
            (
                format!(" 0O{}", g.arrows[1]),
                "on the path: index, letter, way on".into(),
            ),
            (
                "O A T H*".into(),
                "the trie, one branch per line; * ends a word not yet found".into(),
            ),
            (
                format!("O A T H{}", found_mark(theme)),
                "a word found (its end marked)".into(),
            ),
            (
                format!("  {}R", g.tree.bottom_left),
                "a second child: the branch forks here".into(),
            ),
            (
                "e a t (cut)".into(),
                "a branch cut out of the trie: lower case, crossed out".into(),
            ),
            (
                "reverse".into(),
                "the current prefix, in the trie and in the panel".into(),
            ),
        ]
    }

    fn path(&self, theme: &Theme) -> PathLine {
        let path = self.path();
        let mut steps = Vec::new();
        if path.is_empty() {
            steps.push(Span::styled("(empty)", theme.muted()));
        }
        let board = self.board();
        for (i, &(r, c)) in path.iter().enumerate() {
            let sep = if i + 1 < path.len() { " " } else { "" };
            let letter = char::from(board.letter(usize::from(r), usize::from(c)));
            steps.push(Span::styled(
                format!("{}{sep}", crate::view::word::cell_and_letter(r, c, letter)),
                theme.placed(),
            ));
        }
        let found: Vec<&str> = self.found_words().into_iter().map(|(w, _)| w).collect();
        let note = (!found.is_empty())
            .then(|| Span::styled(format!("   found {}", found.join(", ")), theme.legal()));
        PathLine {
            label: Span::styled("path ", theme.muted()),
            steps,
            note,
        }
    }

    fn algorithm(&self) -> &'static [&'static str] {
        &[
            "each word: too long for the board, or a letter the board lacks: reject",
            "the other words go into the trie",
            "for each start cell, row by row, whose letter begins a word:",
            "    place it: the prefix is its letter",
            "at a cell: the prefix ends a word not found yet: solution, mark it",
            "    pruning: cut the found word's leaf, and empty parents up;",
            "    the root left empty: stop, undo the path",
            "    for each neighbour up, right, down, left on the board:",
            "        on the path already: reject (visited)",
            "        no trie child for its letter: reject (no-word)",
            "        else place it, search on from it (step 5)",
            "    trie children but no neighbour placed: dead end",
            "    undo: the cell leaves the path",
        ]
    }

    fn algorithm_line(&self, last: Option<&WordsEvent>) -> usize {
        match last {
            None => 1,
            Some(WordsEvent::TooLong { .. }) | Some(WordsEvent::Inventory { .. }) => 0,
            Some(WordsEvent::Place { .. }) if self.path().len() == 1 => 3,
            Some(WordsEvent::Place { .. }) => 10,
            Some(WordsEvent::Solution { .. }) => 4,
            Some(WordsEvent::Reject {
                reason: Refusal::Visited,
                ..
            }) => 8,
            Some(WordsEvent::Reject {
                reason: Refusal::NoWord,
                ..
            }) => 9,
            Some(WordsEvent::DeadEnd { .. }) => 11,
            Some(WordsEvent::Undo { .. }) => 12,
        }
    }

    fn solutions_text(&self) -> String {
        format!(
            "{} of {}",
            self.counters().found,
            crate::model::counted(words_in_trie(self.trie()) as u64, "word", "words")
        )
    }

    fn ask(&self) -> Option<&dyn Ask<Self::Event>> {
        Some(self)
    }

    fn sheet(&self) -> Option<&dyn Sheet> {
        Some(self)
    }
}

/// The mark of a found word's end: the solution glyph, unless it is the
/// `*` of an unfound one (ASCII), then `+`.
fn found_mark(theme: &Theme) -> &'static str {
    match theme.glyphs.solution {
        "*" => "+",
        glyph => glyph,
    }
}

/// How many words went into the trie (those not rejected before the search).
fn words_in_trie(trie: &Trie) -> usize {
    trie.nodes().iter().filter(|n| n.word.is_some()).count()
}

/// The arrow from `from` to its path successor `to`.
fn arrow(from: (u8, u8), to: (u8, u8), theme: &Theme) -> &'static str {
    let (dr, dc) = (to.0 as i8 - from.0 as i8, to.1 as i8 - from.1 as i8);
    DIRECTIONS
        .iter()
        .position(|&(r, c, _)| (r, c) == (dr, dc))
        .map_or("?", |d| theme.glyphs.arrows[d])
}

impl Words {
    /// The whole trie, cut nodes included, one line per branch: a node's
    /// first child goes on along its line, each other child starts a line
    /// of its own under it. Returns the lines and the line of the current
    /// trie node.
    fn trie_lines(&self, theme: &Theme) -> (Vec<Line<'static>>, usize) {
        let trie = self.trie();
        let nodes = trie.nodes();
        let mut children: Vec<Vec<u16>> = vec![Vec::new(); nodes.len()];
        for (i, node) in nodes.iter().enumerate().skip(1) {
            children[usize::from(node.parent)].push(i as u16);
        }
        let mut on_prefix = vec![false; nodes.len()];
        if !self.path().is_empty() {
            let mut at = self.trie_node();
            while at != Trie::ROOT {
                on_prefix[usize::from(at)] = true;
                at = nodes[usize::from(at)].parent;
            }
        }
        let mut lines: Vec<Vec<Span<'static>>> = Vec::new();
        let mut current = 0;
        // Depth-first, children in the order the words were listed; each
        // stack entry is (node, depth, starts a line).
        let mut stack: Vec<(u16, usize, bool)> =
            children[0].iter().rev().map(|&c| (c, 0, true)).collect();
        while let Some((id, depth, new_line)) = stack.pop() {
            let node = nodes[usize::from(id)];
            if new_line || lines.is_empty() {
                let lead = if depth == 0 {
                    String::new()
                } else {
                    format!(
                        "{}{}",
                        " ".repeat(2 * depth - 1),
                        theme.glyphs.tree.bottom_left
                    )
                };
                lines.push(vec![Span::styled(lead, theme.muted())]);
            }
            let line = lines.len() - 1;
            let letter = char::from(node.letter);
            let (text, mut style) = if node.cut {
                (
                    letter.to_ascii_lowercase().to_string(),
                    theme.muted().add_modifier(Modifier::CROSSED_OUT),
                )
            } else {
                (letter.to_string(), Style::new())
            };
            if on_prefix[usize::from(id)] {
                style = style.patch(theme.current());
            }
            if id == self.trie_node() {
                current = line;
            }
            let mark = match node.word {
                Some(w) if self.found(usize::from(w)).is_some() => found_mark(theme),
                Some(_) => "*",
                None => " ",
            };
            let mark_style = if mark == " " {
                Style::new()
            } else {
                theme.legal()
            };
            lines[line].push(Span::styled(text, style));
            lines[line].push(Span::styled(mark, mark_style));
            let kids = &children[usize::from(id)];
            for (k, &child) in kids.iter().enumerate().rev() {
                stack.push((child, depth + 1, k > 0));
            }
            if kids.is_empty() && node.cut {
                lines[line].push(Span::styled(" (cut)", theme.muted()));
            }
        }
        (lines.into_iter().map(Line::from).collect(), current)
    }

    /// At most [`TRIE_LINES`] lines of the trie, around the current prefix.
    fn trie_window(&self, theme: &Theme) -> Vec<Line<'static>> {
        let (lines, current) = self.trie_lines(theme);
        if lines.len() <= TRIE_LINES {
            return lines;
        }
        let start = current
            .saturating_sub(TRIE_LINES / 2)
            .min(lines.len() - TRIE_LINES);
        lines.into_iter().skip(start).take(TRIE_LINES).collect()
    }
}
