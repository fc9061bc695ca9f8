//! Every colour and glyph the screen uses, in one place.
//!
//! The colours are the Okabe–Ito palette, which stays distinct for the
//! common forms of colour blindness. Colour never carries information alone:
//! each mask has its own glyph, givens are bold, the current cell is in
//! reverse video. With `NO_COLOR` (or `--no-color`) the theme drops colour
//! altogether and keeps only bold, reverse and underline; with `--ascii` the
//! glyphs are plain ASCII.

use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::{border, line};

const ORANGE: Color = Color::Rgb(0xE6, 0x9F, 0x00);
const SKY_BLUE: Color = Color::Rgb(0x56, 0xB4, 0xE9);
const BLUISH_GREEN: Color = Color::Rgb(0x00, 0x9E, 0x73);
const YELLOW: Color = Color::Rgb(0xF0, 0xE4, 0x42);
const BLUE: Color = Color::Rgb(0x00, 0x72, 0xB2);
const VERMILLION: Color = Color::Rgb(0xD5, 0x5E, 0x00);
const PURPLE: Color = Color::Rgb(0xCC, 0x79, 0xA7);
const DARK_SQUARE: Color = Color::Rgb(0x30, 0x30, 0x38);
const LIGHT_SQUARE: Color = Color::Rgb(0x48, 0x48, 0x52);
const MUTED: Color = Color::Rgb(0x9A, 0x9A, 0xA0);

/// The glyphs of one theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyphs {
    /// A piece placed on a board.
    pub piece: &'static str,
    /// The square a piece was just removed from.
    pub removed: &'static str,
    /// A line through a square straight down (a square under attack along
    /// its column).
    pub vertical: &'static str,
    /// A line through a square falling to the right: down and to the right.
    pub falling: &'static str,
    /// A line through a square rising to the right: down and to the left.
    pub rising: &'static str,
    /// Both slanted lines at once ([`Glyphs::falling`] and
    /// [`Glyphs::rising`]).
    pub crossed: &'static str,
    /// A legal square of the row being filled.
    pub legal: &'static str,
    /// An empty square of a board drawn without colour, where no
    /// background shows the square.
    pub empty: &'static str,
    /// A choice skipped without being entered (a pruned branch of the
    /// search tree).
    pub pruned: &'static str,
    /// A rejected square or digit.
    pub rejected: &'static str,
    /// A dead end.
    pub dead: &'static str,
    /// A solution, in the search tree.
    pub solution: &'static str,
    /// The search tree's connectors: `vertical`, `horizontal`,
    /// `vertical_right` (a later child), `bottom_left` (the last child) and
    /// `horizontal_down` (a fork).
    pub tree: line::Set<'static>,
    /// One cell of a bar in a bar chart.
    pub bar: &'static str,
    /// The row being filled.
    pub current_row: &'static str,
    /// Directions of travel along a path of cells: up, right, down, left.
    pub arrows: [&'static str; 4],
    /// The end of a path of cells.
    pub path_end: &'static str,
    /// Separator in the title bar.
    pub dot: &'static str,
    /// Panel borders.
    pub border: border::Set<'static>,
    /// Where a grid's horizontal rule crosses its vertical bar (between
    /// boxes of cells).
    pub cross: &'static str,
    /// Stands for the part of a line cut off.
    pub ellipsis: &'static str,
    /// The names of the left and right arrow keys.
    pub arrow_keys: [&'static str; 2],
    /// The names of the up and down arrow keys.
    pub scroll_keys: [&'static str; 2],
}

const UNICODE: Glyphs = Glyphs {
    piece: "♛",
    removed: "◌",
    vertical: "│",
    falling: "╲",
    rising: "╱",
    crossed: "╳",
    legal: "·",
    empty: "_",
    pruned: "↔",
    rejected: "✗",
    dead: "✗",
    solution: "★",
    tree: line::NORMAL,
    bar: "█",
    current_row: "▶",
    arrows: ["↑", "→", "↓", "←"],
    path_end: "●",
    dot: "·",
    border: border::PLAIN,
    cross: "┼",
    ellipsis: "…",
    arrow_keys: ["←", "→"],
    scroll_keys: ["↑", "↓"],
};

const ASCII: Glyphs = Glyphs {
    piece: "Q",
    removed: "o",
    vertical: "|",
    falling: "\\",
    rising: "/",
    crossed: "X",
    legal: ".",
    empty: "_",
    pruned: "~",
    rejected: "x",
    dead: "X",
    solution: "*",
    tree: line::Set {
        vertical: "|",
        horizontal: "-",
        top_right: "+",
        top_left: "+",
        bottom_right: "+",
        bottom_left: "`",
        vertical_left: "|",
        vertical_right: "|",
        horizontal_down: "+",
        horizontal_up: "+",
        cross: "+",
    },
    bar: "#",
    current_row: ">",
    arrows: ["^", ">", "v", "<"],
    path_end: "*",
    dot: "-",
    border: border::Set {
        top_left: "+",
        top_right: "+",
        bottom_left: "+",
        bottom_right: "+",
        vertical_left: "|",
        vertical_right: "|",
        horizontal_top: "-",
        horizontal_bottom: "-",
    },
    cross: "+",
    ellipsis: "...",
    arrow_keys: ["left", "right"],
    scroll_keys: ["up", "down"],
};

/// Colours (or their monochrome stand-ins) and glyphs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// Whether colours are used at all.
    pub color: bool,
    /// The glyph set.
    pub glyphs: Glyphs,
    /// Predict mode with a question open: the scene leaves out whatever
    /// would give the answer away (the legal choices and their marks, the
    /// cell being decided and its candidates) until the verdict.
    pub hide_answer: bool,
}

impl Theme {
    /// A theme with or without colour and Unicode.
    pub fn new(color: bool, ascii: bool) -> Theme {
        Theme {
            color,
            glyphs: if ascii { ASCII } else { UNICODE },
            hide_answer: false,
        }
    }

    /// The same theme without colour (reverse video and marks instead).
    pub fn without_color(self) -> Theme {
        Theme {
            color: false,
            ..self
        }
    }

    fn paint(&self, color: Color, mono: Style) -> Style {
        if self.color {
            Style::new().fg(color)
        } else {
            mono
        }
    }

    /// Panel borders and titles.
    /// The lines that rule a board's cells off on a big screen: the light
    /// box-drawing set, or `-`, `|` and `+` in ASCII.
    pub fn grid_lines(&self) -> line::Set<'static> {
        if self.glyphs.cross == "+" {
            line::Set {
                vertical: "|",
                horizontal: "-",
                top_right: "+",
                top_left: "+",
                bottom_right: "+",
                bottom_left: "+",
                vertical_left: "+",
                vertical_right: "+",
                horizontal_down: "+",
                horizontal_up: "+",
                cross: "+",
            }
        } else {
            line::NORMAL
        }
    }

    pub fn border(&self) -> Style {
        self.paint(MUTED, Style::new())
    }

    /// Labels and secondary text.
    pub fn muted(&self) -> Style {
        self.paint(MUTED, Style::new())
    }

    /// The title bar.
    pub fn title(&self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    /// The first of up to three masks a search shows side by side, and
    /// its glyphs on the board ([`Glyphs::vertical`]); the bars of a chart.
    pub fn first_mask(&self) -> Style {
        self.paint(BLUE, Style::new())
    }

    /// The second mask ([`Theme::first_mask`]; [`Glyphs::falling`]).
    pub fn second_mask(&self) -> Style {
        self.paint(ORANGE, Style::new())
    }

    /// The third mask ([`Theme::first_mask`]; [`Glyphs::rising`]).
    pub fn third_mask(&self) -> Style {
        self.paint(PURPLE, Style::new())
    }

    /// Legal choices.
    pub fn legal(&self) -> Style {
        self.paint(BLUISH_GREEN, Style::new())
            .add_modifier(Modifier::BOLD)
    }

    /// A rejected square or digit.
    pub fn rejected(&self) -> Style {
        self.paint(VERMILLION, Style::new())
            .add_modifier(Modifier::REVERSED)
    }

    /// A dead end.
    pub fn dead_end(&self) -> Style {
        self.paint(VERMILLION, Style::new())
            .add_modifier(Modifier::BOLD | Modifier::REVERSED)
    }

    /// A placed piece, digit or path cell.
    pub fn placed(&self) -> Style {
        self.paint(SKY_BLUE, Style::new())
            .add_modifier(Modifier::BOLD)
    }

    /// The square just placed or undone.
    pub fn changed(&self) -> Style {
        self.paint(YELLOW, Style::new())
            .add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
    }

    /// A clue given with the puzzle.
    pub fn given(&self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    /// A digit the search wrote.
    pub fn written(&self) -> Style {
        self.paint(SKY_BLUE, Style::new().add_modifier(Modifier::UNDERLINED))
    }

    /// The cell or row being decided.
    pub fn current(&self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }

    /// A solution.
    pub fn solution(&self) -> Style {
        self.paint(BLUISH_GREEN, Style::new())
            .add_modifier(Modifier::BOLD | Modifier::REVERSED)
    }

    /// The newest line of the event log.
    pub fn newest(&self) -> Style {
        Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED)
    }

    /// A board square's background, checkered.
    pub fn square(&self, dark: bool) -> Style {
        match (self.color, dark) {
            (false, _) => Style::new(),
            (true, true) => Style::new().bg(DARK_SQUARE),
            (true, false) => Style::new().bg(LIGHT_SQUARE),
        }
    }

    /// Key names from the key table, one space between them, with the
    /// arrow keys spelled out under `--ascii`.
    pub fn key_names(&self, keys: &[&str]) -> String {
        let [left, right] = self.glyphs.arrow_keys;
        let names: Vec<&str> = keys
            .iter()
            .map(|&key| match key {
                "←" => left,
                "→" => right,
                other => other,
            })
            .collect();
        names.join(" ")
    }

    /// The key names in the key bar.
    pub fn key(&self) -> Style {
        self.paint(SKY_BLUE, Style::new())
            .add_modifier(Modifier::BOLD)
    }
}
