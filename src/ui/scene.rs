//! What each search draws: its board, its masks and its path. The rest of
//! the screen (title, counters, log, keys) is shared.
//!
//! A search must give only its words ([`Report`]); everything here is
//! optional. [`Scene`] is the one trait the screen and `launch` ask a
//! search for, and every method of it has a default: a search that
//! writes `impl Scene for S {}` gets the plain screen (no board: the
//! path, the counters and the Events log, drawn by generic code), no
//! predict mode and no worksheet. Each capability it does offer is one
//! override: a drawn board ([`Scene::board_size`] and the methods after
//! it), predict ([`Scene::ask`], returning its [`Ask`]), a worksheet
//! ([`Scene::sheet`], returning its [`Sheet`]). The keys, help lines and
//! `--print` modes of a capability a search lacks are not shown, and
//! asking for one is an error naming the search and the capability
//! ([`Capability`]).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::predict::Ask;
use super::theme::Theme;
use crate::model::Report;
use crate::worksheet::Sheet;

/// A title bar's words as data: its parts, what is searched first and how
/// last (`N-Queens n=4`, `symmetry`), joined with the theme's dot only
/// where the bar is drawn. The compare screen reads the parts (the ones
/// every side shares), never the joined text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Title {
    /// The parts, in the order the bar shows them.
    pub parts: Vec<String>,
}

impl Title {
    /// A title of these parts.
    pub fn new<P: Into<String>>(parts: impl IntoIterator<Item = P>) -> Title {
        Title {
            parts: parts.into_iter().map(Into::into).collect(),
        }
    }

    /// The title as the bar shows it: the parts joined by ` dot `.
    pub fn text(&self, dot: &str) -> String {
        self.parts.join(&format!(" {dot} "))
    }

    /// Every part but the last: what is searched, without how.
    pub fn head(&self) -> &[String] {
        self.parts.split_last().map_or(&[], |(_, head)| head)
    }
}

/// The per-search part of the screen, and what else a search offers
/// beyond its words. Everything is read from the search's view between
/// events and from the last event; nothing re-implements a search rule.
/// Every method has a default, so a search offers only what it overrides
/// (see the module's comment).
pub trait Scene: Report {
    /// Predict mode's questions, where the search offers them: a search
    /// that implements [`Ask`] returns `Some(self)`. `None` (the
    /// default): no `p` key, no predict help, and `--predict` is refused.
    fn ask(&self) -> Option<&dyn Ask<Self::Event>> {
        None
    }

    /// The worksheet's words, where the search offers one: a search that
    /// implements [`Sheet`] returns `Some(self)`. `None` (the default):
    /// `--print worksheet` is refused, and so is a worksheet to `check`.
    fn sheet(&self) -> Option<&dyn Sheet> {
        None
    }

    /// The title bar's parts, e.g. `N-Queens n=4` and `symmetry` (drawn
    /// `N-Queens n=4 · symmetry`); by default the command's name.
    fn title(&self, name: &str) -> Title {
        Title::new([name])
    }

    /// Width and height the board needs inside its border. `(0, 0)` (the
    /// default): the search draws no board, and the screen is the plain
    /// one (path, counters, log), which asks nothing else of this trait
    /// but [`Scene::title`] and [`Scene::solutions_text`].
    fn board_size(&self) -> (u16, u16) {
        (0, 0)
    }

    /// Draws the board into `area` (at least [`Scene::board_size`]).
    fn render_board(
        &self,
        last: Option<&Self::Event>,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
    ) {
        let _ = (last, theme, area, buf);
    }

    /// Draws the board for a cell `k` times its natural size, into `area`
    /// ([`board_size_at`] times `k`, inside the border), on a screen big
    /// enough for it (`ui::big`). A view that can draw itself bigger does
    /// so here and returns true: a board of equal cells through
    /// `ui::scale::grid` (each cell one block, ruled off, its marks whole),
    /// a picture by drawing it again on the larger area. The default
    /// returns false, and the screen draws the natural board bigger glyph
    /// by glyph (`ui::scale::blow_up`).
    #[allow(clippy::too_many_arguments)]
    fn render_board_scaled(
        &self,
        _fit: Fit,
        _k: u16,
        _last: Option<&Self::Event>,
        _theme: &Theme,
        _area: Rect,
        _buf: &mut Buffer,
    ) -> bool {
        false
    }

    /// The title of the masks panel.
    fn masks_title(&self) -> &'static str {
        "Masks"
    }

    /// The masks panel, line by line.
    fn masks(&self, last: Option<&Self::Event>, theme: &Theme) -> Vec<Line<'static>> {
        let _ = (last, theme);
        Vec::new()
    }

    /// The most columns and lines [`Scene::masks`] takes at any step of
    /// this search, so that the panel keeps one size from step to step.
    fn masks_extent(&self, theme: &Theme) -> (u16, u16) {
        extent(&self.masks(None, theme))
    }

    /// The worked arithmetic of the step that led here, shown under the
    /// masks when the screen has rows to spare: the bit operations with
    /// their operands (`C' = 0001 | 0100 = 0101`), read from the search's
    /// masks. At most `rows` lines, each at most `width` columns: a search
    /// gives shorter forms or fewer lines when room is short. None while a
    /// prediction question is open ([`Theme::hide_answer`]).
    fn worked(
        &self,
        _last: Option<&Self::Event>,
        _theme: &Theme,
        _width: u16,
        _rows: u16,
    ) -> Vec<Line<'static>> {
        Vec::new()
    }

    /// The most lines [`Scene::worked`] gives at any step, so that the
    /// screen can keep that many rows for it.
    fn worked_rows(&self) -> u16 {
        0
    }

    /// What each glyph and mark on the board means, for the help popup:
    /// (the glyph as drawn, its meaning). None by default: the help then
    /// has no "On the board" section.
    fn legend(&self, theme: &Theme) -> Vec<(String, String)> {
        let _ = theme;
        Vec::new()
    }

    /// The current path in one line, as the search words it. The plain
    /// screen (no board) words it itself, from the labels of the open
    /// nodes ([`crate::model::Placed::choice`]), and never asks.
    fn path(&self, theme: &Theme) -> PathLine {
        let _ = theme;
        PathLine::default()
    }

    /// The algorithm as short numbered pseudo-code, in the screen's words.
    /// None (the default): no Algorithm panel, no `c` key, and `--panel
    /// code` is refused.
    fn algorithm(&self) -> &'static [&'static str] {
        &[]
    }

    /// The line of [`Scene::algorithm`] (0-based) that produced `last`.
    fn algorithm_line(&self, last: Option<&Self::Event>) -> usize {
        let _ = last;
        0
    }

    /// What the solutions counter says, e.g. `2 (1 board, counted twice)`;
    /// by default the solutions found.
    fn solutions_text(&self) -> String {
        self.counters().found.to_string()
    }

    /// Counters of this search's own, shown after the shared ones (exact
    /// cover: `updates`), as (name, value).
    fn extra_counters(&self) -> Vec<(&'static str, u64)> {
        Vec::new()
    }

    /// What one unit of the work the search counts in `Counters::work` is
    /// (`mask ops`, `comparisons`), for the cost per node the compare
    /// screen shows; `None` for a search that counts none.
    fn cost_unit(&self) -> Option<&'static str> {
        None
    }

    /// The size inside its border of a smaller board this search draws
    /// when its full screen does not fit the terminal ([`Fit::Compact`]);
    /// `None` (the default) when it has none.
    fn compact_board_size(&self) -> Option<(u16, u16)> {
        None
    }

    /// [`Scene::render_board`] for a fit; the default draws the full board.
    fn render_board_at(
        &self,
        fit: Fit,
        last: Option<&Self::Event>,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
    ) {
        let _ = fit;
        self.render_board(last, theme, area, buf);
    }

    /// [`Scene::masks`] for a fit; the default is the full panel.
    fn masks_at(&self, fit: Fit, last: Option<&Self::Event>, theme: &Theme) -> Vec<Line<'static>> {
        let _ = fit;
        self.masks(last, theme)
    }

    /// [`Scene::masks_extent`] for a fit; the default is the full panel's.
    fn masks_extent_at(&self, fit: Fit, theme: &Theme) -> (u16, u16) {
        let _ = fit;
        self.masks_extent(theme)
    }
}

/// A part of the screen or of the outputs that a search may or may not
/// offer ([`Scene`]); asking for one it lacks is one clear error
/// ([`Capability::refused`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Capability {
    /// A drawn board ([`Scene::board_size`]).
    Board,
    /// Predict mode ([`Scene::ask`]).
    Predict,
    /// The worksheet ([`Scene::sheet`]).
    Worksheet,
    /// The algorithm's steps ([`Scene::algorithm`]).
    Algorithm,
}

impl Capability {
    /// Every capability: what a search that gives only its words lacks.
    pub const ALL: &'static [Capability] = &[
        Capability::Board,
        Capability::Predict,
        Capability::Worksheet,
        Capability::Algorithm,
    ];

    /// The capability in words, as an error names it.
    pub fn words(self) -> &'static str {
        match self {
            Capability::Board => "drawn board",
            Capability::Predict => "predict mode",
            Capability::Worksheet => "worksheet",
            Capability::Algorithm => "algorithm panel",
        }
    }

    /// Whether `scene` offers it.
    pub fn offered<S: Scene>(self, scene: &S) -> bool {
        match self {
            Capability::Board => scene.board_size() != (0, 0),
            Capability::Predict => scene.ask().is_some(),
            Capability::Worksheet => scene.sheet().is_some(),
            Capability::Algorithm => !scene.algorithm().is_empty(),
        }
    }

    /// The error for asking the search `name` for it (`asked`: what was
    /// typed, e.g. `--print worksheet`).
    pub fn refused(self, name: &str, asked: &str) -> anyhow::Error {
        anyhow::anyhow!(
            "`{name}` offers no {}, so {asked} does not apply to it",
            self.words()
        )
    }

    /// [`Capability::refused`] unless `scene` offers it.
    pub fn check<S: Scene>(self, scene: &S, name: &str, asked: &str) -> anyhow::Result<()> {
        match self.offered(scene) {
            true => Ok(()),
            false => Err(self.refused(name, asked)),
        }
    }
}

/// How a search's board and masks are drawn: in full, or in the smaller
/// layout a search may offer ([`Scene::compact_board_size`]), which the
/// screen chooses by itself when the full one does not fit the terminal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Fit {
    /// The full board.
    #[default]
    Full,
    /// The compact board, for small terminals.
    Compact,
}

/// The board's size inside its border for a fit (the full size when the
/// search offers no compact board).
pub fn board_size_at<S: Scene>(scene: &S, fit: Fit) -> (u16, u16) {
    match fit {
        Fit::Compact => scene
            .compact_board_size()
            .unwrap_or_else(|| scene.board_size()),
        Fit::Full => scene.board_size(),
    }
}

/// The path panel's line, in parts, so that a narrow panel can cut it
/// without reading its words: the note goes first, then the oldest steps.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PathLine {
    /// What the line shows, e.g. `prefix `, `placed `.
    pub label: Span<'static>,
    /// The path's steps, oldest first.
    pub steps: Vec<Span<'static>>,
    /// A note after the steps (a rule of thumb, what was found).
    pub note: Option<Span<'static>>,
}

impl PathLine {
    /// The whole line.
    pub fn line(self) -> Line<'static> {
        let mut spans = vec![self.label];
        spans.extend(self.steps);
        spans.extend(self.note);
        Line::from(spans)
    }
}

/// The display width of the widest line and the number of lines.
pub fn extent(lines: &[Line]) -> (u16, u16) {
    let width = lines.iter().map(Line::width).max().unwrap_or(0);
    (width as u16, lines.len() as u16)
}

/// Writes `text` at (`x`, `y`) of `area` if it fits.
pub fn put(buf: &mut Buffer, area: Rect, x: u16, y: u16, text: &str, style: ratatui::style::Style) {
    if x < area.width && y < area.height {
        let width = (area.width - x) as usize;
        buf.set_stringn(area.x + x, area.y + y, text, width, style);
    }
}
