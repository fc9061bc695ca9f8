//! The search tree panel: the nodes entered so far, as a tree while it is
//! small enough to read, as a bar chart of nodes per depth once it is not.
//!
//! Three drawings, tried in this order:
//!
//! - **layered**: one column per depth and one line per leaf, the textbook
//!   picture of a search tree; used when it fits the panel's width;
//! - **outline**: each run of only children on one line (wrapped when long),
//!   each fork an indented outline; for deep, narrow trees such as a
//!   Sudoku's chains of forced cells;
//! - **bars**: nodes, dead ends and solutions per depth plus the current
//!   path, once the tree has more than [`DRAW_LIMIT`] nodes or the node
//!   log holds only a window of a long search (see [`super::app::Nodes`]).
//!
//! Everything is read from the node log the trace table also reads
//! ([`super::app::NodeWindow`]), so the two panels cannot disagree.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use super::app::App;
use super::scene::Scene;
use super::theme::Theme;
use crate::print::{NodeRow, Outcome};

/// The most nodes drawn as a tree; larger trees are summarised per depth.
pub const DRAW_LIMIT: usize = 200;

/// Lines kept in view below the current node when the drawing scrolls.
const LOOKAHEAD: usize = 2;

/// The tree of nodes entered so far, the current node and its path
/// highlighted and kept in view; per-depth bars when it is too large.
pub fn render_tree<S: Scene>(app: &App<S>, block: Block<'static>, frame: &mut Frame, area: Rect) {
    let log = app.nodes.log();
    let rows = log.rows();
    let naming = Naming::of(app.timeline.search().table_header());
    if log.base() > 0 {
        let why = format!("nodes after step {}", log.base());
        return render_bars(app, naming, block, frame, area, &why);
    }
    if rows.len() > DRAW_LIMIT {
        let why = format!("too large to draw ({} nodes)", rows.len());
        return render_bars(app, naming, block, frame, area, &why);
    }
    if rows.is_empty() {
        let note = Line::styled(
            "no node entered yet: the first place will start the tree",
            app.theme.muted(),
        );
        return frame.render_widget(Paragraph::new(note).block(block), area);
    }
    render_drawn(app, naming, block, frame, area);
}

/// The tree itself, layered when it fits and outlined when not, scrolled
/// so the current node is in view.
fn render_drawn<S: Scene>(
    app: &App<S>,
    naming: Naming,
    block: Block<'static>,
    frame: &mut Frame,
    area: Rect,
) {
    let log = app.nodes.log();
    let tree = Tree::build(log.rows(), log.open(), naming);
    let inner = block.inner(area);
    let width = usize::from(inner.width);
    let drawing =
        layered(&tree, &app.theme, width).unwrap_or_else(|| outline(&tree, &app.theme, width));
    let visible = usize::from(inner.height);
    let total = drawing.canvas.height();
    let first = app.first_line(scroll(drawing.focus, visible, total), visible, total);
    let mut block = block;
    if total > visible {
        block = block.title_bottom(Span::styled(
            format!(
                " {} nodes; lines {}-{} of {total} · j k pgup pgdn ",
                log.rows().len(),
                first + 1,
                (first + visible).min(total)
            ),
            app.theme.muted(),
        ));
    }
    let lines = drawing.canvas.lines(first, visible);
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// The first of `total` lines to show in `visible` rows so that line
/// `focus` is in view, with up to [`LOOKAHEAD`] lines below it when the
/// panel is tall enough.
fn scroll(focus: usize, visible: usize, total: usize) -> usize {
    let ahead = LOOKAHEAD.min(visible.saturating_sub(1) / 2);
    (focus + 1 + ahead)
        .saturating_sub(visible)
        .min(total.saturating_sub(visible))
}

/// How a search names the choice that entered a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Naming {
    /// `(row,col)`: the row is the parent's depth.
    Queens,
    /// `(row,col)=digit`: the cell is the one the parent was deciding.
    Sudoku,
    /// `(row,col)` and its letter, as the path line writes them.
    Word,
}

impl Naming {
    /// Tells the searches apart by their trace-table columns.
    fn of(header: &[&str]) -> Naming {
        if header.contains(&"prefix") {
            Naming::Queens
        } else if header.contains(&"candidates") {
            Naming::Sudoku
        } else {
            Naming::Word
        }
    }

    /// The label of the node entered from `parent` by `choice` (`root` for
    /// a node no choice entered). `cells` are the node's own table cells,
    /// empty for a branch that was never entered.
    fn label(
        self,
        rows: &[NodeRow],
        parent: Option<usize>,
        choice: Option<&str>,
        cells: &[String],
    ) -> String {
        let Some(choice) = choice else {
            return "root".into();
        };
        let parent = parent.and_then(|p| rows.get(p));
        match self {
            Naming::Queens => match parent {
                Some(p) => format!("({},{choice})", p.depth),
                // Every queen is placed from a node; no choice lacks one.
                None => format!("c{choice}"),
            },
            Naming::Sudoku => match parent.and_then(|p| p.cells.first()) {
                Some(cell) if cell.starts_with('(') => format!("{cell}={choice}"),
                _ => format!("={choice}"),
            },
            Naming::Word => match cells.get(2) {
                Some(letter) => format!("{choice}{letter}"),
                None => choice.to_string(),
            },
        }
    }

    /// The label of a logged node.
    fn row_label(self, rows: &[NodeRow], row: &NodeRow) -> String {
        // A queen placed from a node entered before the node log's window:
        // its row is still the node's depth less one.
        if let (Naming::Queens, None, Some(choice)) = (self, row.parent, &row.choice)
            && row.depth > 0
        {
            return format!("({},{choice})", row.depth - 1);
        }
        self.label(rows, row.parent, row.choice.as_deref(), &row.cells)
    }
}

/// How a node ended, as far as the log knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// Not ended (yet): an inner node, or one still being searched.
    Open,
    /// No legal choice was left.
    Dead,
    /// A solution.
    Solution,
    /// Some other ending the log names in words.
    Other,
    /// A branch skipped by symmetry: never entered.
    Pruned,
}

impl End {
    /// Sorts the outcome's closing note; the notes are the words of
    /// [`crate::print::Report::note`].
    fn of(outcome: &Outcome) -> End {
        match outcome.end.as_deref() {
            None => End::Open,
            Some(text) if text.starts_with("solution") => End::Solution,
            Some(text) if text.starts_with("dead end") => End::Dead,
            Some(_) => End::Other,
        }
    }
}

/// Where a node stands relative to the current one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Off,
    /// On the path from the root to the current node.
    Path,
    Current,
}

/// One node of the drawing: a logged node or a pruned branch.
struct Item {
    label: String,
    depth: usize,
    end: End,
    /// The closing note, shown after the end's glyph.
    words: String,
    children: Vec<usize>,
    role: Role,
}

/// The nodes to draw: the logged ones first (same indices as the log's
/// rows), then the pruned branches.
struct Tree {
    items: Vec<Item>,
    roots: Vec<usize>,
    /// The node kept in view: the current one, or the latest entered.
    focus: usize,
}

impl Tree {
    fn build(rows: &[NodeRow], open: &[usize], naming: Naming) -> Tree {
        let mut items: Vec<Item> = rows
            .iter()
            .map(|row| Item {
                label: naming.row_label(rows, row),
                depth: row.depth,
                end: End::of(&row.outcome),
                words: row.outcome.end.clone().unwrap_or_default(),
                children: Vec::new(),
                role: Role::Off,
            })
            .collect();
        let mut roots = Vec::new();
        for (i, row) in rows.iter().enumerate() {
            // A parent is always logged before its children.
            match row.parent.filter(|&p| p < i) {
                Some(p) => items[p].children.push(i),
                None => roots.push(i),
            }
        }
        for (i, row) in rows.iter().enumerate() {
            for choice in pruned(row) {
                let label = naming.label(rows, Some(i), Some(&choice.to_string()), &[]);
                items.push(Item {
                    label,
                    depth: row.depth + 1,
                    end: End::Pruned,
                    words: "pruned (mirror)".into(),
                    children: Vec::new(),
                    role: Role::Off,
                });
                let pruned = items.len() - 1;
                items[i].children.push(pruned);
            }
        }
        for &i in open {
            if let Some(item) = items.get_mut(i) {
                item.role = Role::Path;
            }
        }
        let current = open.last().copied().filter(|&i| i < rows.len());
        if let Some(i) = current {
            items[i].role = Role::Current;
        }
        Tree {
            items,
            roots,
            focus: current.unwrap_or(rows.len().saturating_sub(1)),
        }
    }

    /// The label's style: the current node reversed, its path bold.
    fn label_style(&self, i: usize, theme: &Theme) -> Style {
        match (self.items[i].role, self.items[i].end) {
            (Role::Current, _) => theme.current(),
            (Role::Path, _) => theme.placed(),
            (Role::Off, End::Pruned) => theme.muted(),
            (Role::Off, _) => Style::new(),
        }
    }

    /// What follows a label: the end's glyph and words, e.g. ` ✗ dead end`.
    fn mark(&self, i: usize, theme: &Theme) -> Vec<(String, Style)> {
        let item = &self.items[i];
        let g = &theme.glyphs;
        let (glyph, style) = match item.end {
            End::Open => return Vec::new(),
            End::Other => return vec![(format!(" {}", item.words), theme.muted())],
            End::Dead => (g.dead, theme.dead_end()),
            End::Solution => (g.solution, theme.solution()),
            End::Pruned => (g.mirror, theme.muted()),
        };
        vec![
            (" ".into(), Style::new()),
            (glyph.into(), style),
            (format!(" {}", item.words), theme.muted()),
        ]
    }

    fn mark_width(&self, i: usize, theme: &Theme) -> usize {
        self.mark(i, theme)
            .iter()
            .map(|(text, _)| text.chars().count())
            .sum()
    }

    fn on_path(&self, i: usize) -> bool {
        self.items[i].role != Role::Off
    }
}

/// The choices a node skipped by symmetry: those in its set of legal
/// choices (its `{…}` cell) outside the set its lead note says it searched,
/// `search {0,1} only (symmetry)`.
fn pruned(row: &NodeRow) -> Vec<u32> {
    let searched = row
        .outcome
        .lead
        .iter()
        .filter(|lead| lead.contains("(symmetry)"))
        .find_map(|lead| parse_set(lead));
    let legal = row.cells.iter().rev().find_map(|cell| parse_set(cell));
    match (searched, legal) {
        (Some(searched), Some(legal)) => legal
            .into_iter()
            .filter(|c| !searched.contains(c))
            .collect(),
        _ => Vec::new(),
    }
}

/// The numbers of the first `{a,b,c}` in `text`.
fn parse_set(text: &str) -> Option<Vec<u32>> {
    let start = text.find('{')? + 1;
    let end = start + text[start..].find('}')?;
    text[start..end]
        .split(',')
        .filter(|s| !s.is_empty())
        .map(|s| s.trim().parse().ok())
        .collect()
}

/// A grid of styled cells, one char a cell (every glyph the tree uses is
/// one cell wide), grown as it is written.
#[derive(Default)]
struct Canvas {
    rows: Vec<Vec<(char, Style)>>,
}

impl Canvas {
    /// Writes `text` from (`x`, `y`); returns the column after it.
    fn put(&mut self, x: usize, y: usize, text: &str, style: Style) -> usize {
        if self.rows.len() <= y {
            self.rows.resize(y + 1, Vec::new());
        }
        let row = &mut self.rows[y];
        let mut x = x;
        for c in text.chars() {
            if row.len() <= x {
                row.resize(x + 1, (' ', Style::new()));
            }
            row[x] = (c, style);
            x += 1;
        }
        x
    }

    fn height(&self) -> usize {
        self.rows.len()
    }

    /// `count` rows from `first`, as lines of spans.
    fn lines(&self, first: usize, count: usize) -> Vec<Line<'static>> {
        self.rows
            .iter()
            .skip(first)
            .take(count)
            .map(|row| {
                let mut spans: Vec<Span<'static>> = Vec::new();
                let mut text = String::new();
                let mut style = Style::new();
                for &(c, s) in row {
                    if s != style && !text.is_empty() {
                        spans.push(Span::styled(std::mem::take(&mut text), style));
                    }
                    style = s;
                    text.push(c);
                }
                if !text.is_empty() {
                    spans.push(Span::styled(text, style));
                }
                Line::from(spans)
            })
            .collect()
    }
}

/// A drawn tree and the line of the node to keep in view.
struct Drawing {
    canvas: Canvas,
    focus: usize,
}

/// One column per depth, one line per leaf: a node sits on the line of its
/// first child, its later children on lines below, joined by a fork:
///
/// ```text
/// root ─┬─ (0,0) ─┬─ (1,2) ✗ dead end
///       │         └─ (1,3) ─── (2,1) ✗ dead end
///       └─ (0,1) ─── (1,3) ─── …
/// ```
///
/// `None` when it is wider than `width`.
fn layered(tree: &Tree, theme: &Theme, width: usize) -> Option<Drawing> {
    let items = &tree.items;
    let depths = items.iter().map(|item| item.depth + 1).max().unwrap_or(0);
    // Each depth's column is as wide as its widest label with children; a
    // leaf's label and words may run on, since nothing follows on its line.
    let mut label_width = vec![0; depths];
    for item in items.iter().filter(|item| !item.children.is_empty()) {
        let w = &mut label_width[item.depth];
        *w = (*w).max(item.label.chars().count());
    }
    let mut xs = vec![0; depths];
    for d in 1..depths {
        xs[d] = xs[d - 1] + label_width[d - 1] + 5;
    }
    let mut ys = vec![0; items.len()];
    let mut next = 0;
    for &root in &tree.roots {
        place(tree, root, &mut next, &mut ys);
    }
    let fits = items.iter().enumerate().all(|(i, item)| {
        xs[item.depth] + item.label.chars().count() + tree.mark_width(i, theme) <= width
    });
    if !fits {
        return None;
    }
    let t = &theme.glyphs.tree;
    let line_style = |on: bool| if on { theme.placed() } else { theme.border() };
    let mut canvas = Canvas::default();
    for (i, item) in items.iter().enumerate() {
        let (x, y) = (xs[item.depth], ys[i]);
        let mut end = canvas.put(x, y, &item.label, tree.label_style(i, theme));
        for (text, style) in tree.mark(i, theme) {
            end = canvas.put(end, y, &text, style);
        }
        let Some(&last) = item.children.last() else {
            continue;
        };
        // The path goes down the fork as far as the line of its child.
        let path_y = item
            .children
            .iter()
            .find(|&&c| tree.on_path(c))
            .map(|&c| ys[c]);
        let on = |row: usize| path_y.is_some_and(|py| row <= py);
        let fork = x + label_width[item.depth] + 2;
        end = canvas.put(end, y, " ", Style::new());
        for cx in end..fork {
            canvas.put(cx, y, t.horizontal, line_style(on(y)));
        }
        for row in y + 1..ys[last] {
            canvas.put(fork, row, t.vertical, line_style(on(row)));
        }
        let many = item.children.len() > 1;
        for (k, &c) in item.children.iter().enumerate() {
            let glyph = match (many, k) {
                (false, _) => t.horizontal,
                (true, 0) => t.horizontal_down,
                (true, k) if k + 1 == item.children.len() => t.bottom_left,
                (true, _) => t.vertical_right,
            };
            let row = ys[c];
            canvas.put(fork, row, glyph, line_style(on(row)));
            canvas.put(fork + 1, row, t.horizontal, line_style(tree.on_path(c)));
            canvas.put(fork + 2, row, " ", Style::new());
        }
    }
    Some(Drawing {
        canvas,
        focus: ys.get(tree.focus).copied().unwrap_or(0),
    })
}

/// Gives each leaf under `i` the next free line, and each inner node the
/// line of its first child.
fn place(tree: &Tree, i: usize, next: &mut usize, ys: &mut [usize]) {
    let children = &tree.items[i].children;
    match children.first() {
        None => {
            ys[i] = *next;
            *next += 1;
        }
        Some(&first) => {
            for &c in children {
                place(tree, c, next, ys);
            }
            ys[i] = ys[first];
        }
    }
}

/// Runs of only children on one line, wrapped at `width` (a wrapped line
/// ends in `─` and its continuation starts with one); forks as an outline:
///
/// ```text
/// root ─ (0,0)=1 ─ (0,1)=2 ─ … ─ (2,1)=1
/// ├─ (2,3)=3 ─ (3,1)=3 ─ (3,3)=1 ★ solution #1
/// └─ …
/// ```
fn outline(tree: &Tree, theme: &Theme, width: usize) -> Drawing {
    let mut out = Outline {
        tree,
        theme,
        width,
        canvas: Canvas::default(),
        y: 0,
        focus: 0,
    };
    for &root in &tree.roots {
        out.emit(root, "", None, String::new());
    }
    Drawing {
        canvas: out.canvas,
        focus: out.focus,
    }
}

/// The state of an outline being written, line by line.
struct Outline<'a> {
    tree: &'a Tree,
    theme: &'a Theme,
    width: usize,
    canvas: Canvas,
    /// The line being written.
    y: usize,
    focus: usize,
}

impl Outline<'_> {
    /// Writes the run of only children from `i`, then each child of the
    /// run's last node below it. `connector` joins `i` to its parent's
    /// fork (`├─ `); `below` is the prefix of the lines under `i`.
    fn emit(&mut self, i: usize, prefix: &str, connector: Option<&str>, below: String) {
        let (tree, theme) = (self.tree, self.theme);
        let t = &theme.glyphs.tree;
        let line_style = |on: bool| if on { theme.placed() } else { theme.border() };
        let mut x = self.canvas.put(0, self.y, prefix, theme.border());
        if let Some(connector) = connector {
            x = self
                .canvas
                .put(x, self.y, connector, line_style(tree.on_path(i)));
        }
        let mut node = i;
        loop {
            if node != i {
                let token = tree.items[node].label.chars().count() + 3;
                let style = line_style(tree.on_path(node));
                if x + token > self.width && x > below.chars().count() + 2 {
                    self.canvas
                        .put(x, self.y, &format!(" {}", t.horizontal), style);
                    self.y += 1;
                    x = self.canvas.put(0, self.y, &below, theme.border());
                    x = self
                        .canvas
                        .put(x, self.y, &format!("{} ", t.horizontal), style);
                } else {
                    x = self
                        .canvas
                        .put(x, self.y, &format!(" {} ", t.horizontal), style);
                }
            }
            let item = &tree.items[node];
            x = self
                .canvas
                .put(x, self.y, &item.label, tree.label_style(node, theme));
            for (text, style) in tree.mark(node, theme) {
                x = self.canvas.put(x, self.y, &text, style);
            }
            if node == tree.focus {
                self.focus = self.y;
            }
            match item.children.as_slice() {
                [only] => node = *only,
                _ => break,
            }
        }
        self.y += 1;
        let children = &tree.items[node].children;
        for (k, &c) in children.iter().enumerate() {
            let last = k + 1 == children.len();
            let (fork, rest) = if last {
                (t.bottom_left, " ")
            } else {
                (t.vertical_right, t.vertical)
            };
            let connector = format!("{fork}{} ", t.horizontal);
            self.emit(c, &below, Some(&connector), format!("{below}{rest}  "));
        }
    }
}

/// Per-depth counts of nodes, dead ends and solutions as a bar chart, under
/// the current path, for trees too large to draw; `why` says which.
fn render_bars<S: Scene>(
    app: &App<S>,
    naming: Naming,
    block: Block<'static>,
    frame: &mut Frame,
    area: Rect,
    why: &str,
) {
    let t = &app.theme;
    let log = app.nodes.log();
    let rows = log.rows();
    // The path rides on the top border, so that the header and every bar
    // of 8-Queens fit in the panel at 100x30. The room left of it holds the
    // panel's own title.
    let path = path_line(app, naming, usize::from(area.width).saturating_sub(20));
    let block = block
        .title_top(path.right_aligned())
        .title_bottom(Span::styled(format!(" {why}: nodes per depth "), t.muted()));
    let inner = block.inner(area);
    let width = usize::from(inner.width);
    // [nodes, dead ends, solutions] at each depth.
    let mut counts: Vec<[u64; 3]> = Vec::new();
    for row in rows {
        if counts.len() <= row.depth {
            counts.resize(row.depth + 1, [0; 3]);
        }
        let count = &mut counts[row.depth];
        count[0] += 1;
        match End::of(&row.outcome) {
            End::Dead => count[1] += 1,
            End::Solution => count[2] += 1,
            _ => {}
        }
    }
    let mut lines = Vec::new();
    let g = &t.glyphs;
    let titles = [
        "depth".to_string(),
        "nodes".to_string(),
        format!("{} dead ends", g.dead),
        format!("{} solutions", g.solution),
    ];
    let most = |k: usize| counts.iter().map(|c| c[k]).max().unwrap_or(0);
    let digits = |n: u64| n.to_string().len();
    let widths = [
        titles[0].chars().count().max(digits(counts.len() as u64)),
        titles[1].chars().count().max(digits(most(0))),
        titles[2].chars().count().max(digits(most(1))),
        titles[3].chars().count().max(digits(most(2))),
    ];
    let header: Vec<String> = titles
        .iter()
        .zip(widths)
        .map(|(title, w)| format!("{title:>w$}"))
        .collect();
    // On the shortest panels the current depth's bar matters more.
    if inner.height >= 2 {
        lines.push(Line::styled(format!(" {}", header.join("  ")), t.title()));
    }
    let used = 1 + widths.iter().sum::<usize>() + 2 * widths.len();
    let room = width.saturating_sub(used + 1) as u64;
    let max = most(0).max(1);
    let current_depth = log.current_depth();
    let bars: Vec<Line> = counts
        .iter()
        .enumerate()
        .map(|(depth, &[nodes, dead, solutions])| {
            let here = Some(depth) == current_depth;
            let marker = if here { g.current_row } else { " " };
            let text = format!(
                "{marker}{depth:>w0$}  {nodes:>w1$}  {dead:>w2$}  {solutions:>w3$}  ",
                w0 = widths[0],
                w1 = widths[1],
                w2 = widths[2],
                w3 = widths[3],
            );
            // Every non-empty depth gets at least one cell of bar.
            let cells = if nodes == 0 {
                0
            } else {
                (nodes * room / max).max(1)
            };
            let style = if here { t.placed() } else { Style::new() };
            Line::from(vec![
                Span::styled(text, style),
                Span::styled(g.bar.repeat(cells as usize), t.column()),
            ])
        })
        .collect();
    // Keep the current depth's bar in view when not all depths fit.
    let visible = usize::from(inner.height).saturating_sub(lines.len());
    let focus = current_depth.unwrap_or(0);
    let first = app.first_line(scroll(focus, visible, bars.len()), visible, bars.len());
    lines.extend(bars.into_iter().skip(first).take(visible));
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// ` path root ─ (0,0) ─ (1,4) `, the current node reversed, cut from the
/// left when longer than `width`.
fn path_line<S: Scene>(app: &App<S>, naming: Naming, width: usize) -> Line<'static> {
    let t = &app.theme;
    let log = app.nodes.log();
    let rows = log.rows();
    let open = log.open();
    let label = Span::styled(" path ", t.muted());
    if log.current_outside() {
        let text = format!("(current node entered before step {}) ", log.base() + 1);
        return Line::from(vec![label, Span::styled(text, t.muted())]);
    }
    if open.is_empty() {
        return Line::from(vec![label, Span::styled("(no node open) ", t.muted())]);
    }
    let nodes: Vec<Span<'static>> = open
        .iter()
        .filter_map(|&i| rows.get(i))
        .enumerate()
        .map(|(k, row)| {
            let style = if k + 1 == open.len() {
                t.current()
            } else {
                t.placed()
            };
            Span::styled(naming.row_label(rows, row), style)
        })
        .collect();
    let joint = Span::styled(format!(" {} ", t.glyphs.tree.horizontal), t.border());
    // Keep the newest (rightmost) nodes that fit, where the search is
    // working; an ellipsis stands for the rest.
    let ellipsis = Span::styled(format!("{} ", t.glyphs.ellipsis), t.muted());
    let mut budget = width.saturating_sub(label.width() + 1);
    let mut kept = 0;
    for (k, node) in nodes.iter().rev().enumerate() {
        let cost = node.width() + if k > 0 { joint.width() } else { 0 };
        let rest = if k + 1 < nodes.len() {
            ellipsis.width()
        } else {
            0
        };
        if cost + rest > budget {
            break;
        }
        budget -= cost;
        kept += 1;
    }
    let cut = nodes.len() - kept;
    let mut spans = vec![label];
    // Nodes entered before the log's window are on the path too.
    if cut > 0 || log.outside() > 0 {
        spans.push(ellipsis);
    }
    for (k, node) in nodes.into_iter().skip(cut).enumerate() {
        if k > 0 {
            spans.push(joint.clone());
        }
        spans.push(node);
    }
    spans.push(Span::raw(" "));
    Line::from(spans)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scroll_keeps_the_focus_in_view() {
        for visible in 1..6 {
            for focus in 0..20 {
                let first = scroll(focus, visible, 20);
                assert!(
                    (first..first + visible).contains(&focus),
                    "{focus} in {visible}"
                );
            }
        }
        // Room below the focus when the panel allows it, none past the end.
        assert_eq!(scroll(10, 10, 20), 3);
        assert_eq!(scroll(19, 10, 20), 10);
        assert_eq!(scroll(3, 10, 5), 0);
    }

    #[test]
    fn pruned_columns_are_the_legal_ones_not_searched() {
        let row = NodeRow {
            cells: vec!["[]".into(), "{0,1,2,3,4}".into()],
            parent: None,
            depth: 0,
            choice: None,
            outcome: Outcome {
                lead: vec!["search {0,1,2} only (symmetry)".into()],
                placed: vec!["0".into()],
                end: None,
            },
        };
        assert_eq!(pruned(&row), vec![3, 4]);
        let plain = NodeRow {
            outcome: Outcome::default(),
            ..row
        };
        assert!(pruned(&plain).is_empty());
        assert_eq!(parse_set("{}"), Some(vec![]));
        assert_eq!(parse_set("{1,x}"), None);
    }
}
