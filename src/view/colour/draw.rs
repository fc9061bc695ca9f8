//! The graph on screen, drawn with ratatui's `Canvas`: the vertices on a
//! circle, the edges as lines, each vertex labelled with its number and
//! its colour number (`3:2`, `3:-` before it is coloured) so that nothing
//! depends on colour alone. Beside it, the vertex being decided with its
//! neighbours' colours as a mask in binary and the legal mask.

use std::f64::consts::PI;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;
use ratatui::widgets::canvas::{Canvas, Line as Edge};

use super::{binary, colour_list};
use crate::search::Search;
use crate::search::colour::{Colour, ColourEvent, MAX_VERTICES, Step};
use crate::ui::predict::Ask;
use crate::ui::scene::{Fit, PathLine, Scene, Title, extent};
use crate::ui::theme::Theme;
use crate::view::worked;
use crate::worksheet::Sheet;

/// The canvas, inside the board's border: wide enough for a circle of
/// labels, short enough for 80x24.
const WIDTH: u16 = 36;
const HEIGHT: u16 = 13;
/// The label column of the masks panel.
const TAG: usize = 11;
/// The colour of each colour number on a colour screen (the label carries
/// the number either way).
const PALETTE: [Color; 9] = [
    Color::LightRed,
    Color::LightGreen,
    Color::LightBlue,
    Color::Yellow,
    Color::LightMagenta,
    Color::LightCyan,
    Color::Red,
    Color::Green,
    Color::Blue,
];

/// Where vertex `v` of `n` sits: on a circle, vertex 0 at the top, then
/// clockwise.
fn position(v: usize, n: usize) -> (f64, f64) {
    let angle = PI / 2.0 - 2.0 * PI * v as f64 / n.max(1) as f64;
    (angle.cos(), angle.sin())
}

impl Colour {
    /// The graph on a canvas filling `area`.
    fn draw_graph(&self, last: Option<&ColourEvent>, theme: &Theme, area: Rect, buf: &mut Buffer) {
        let n = self.graph().vertices();
        let deciding = self.deciding();
        let refused = match last {
            Some(&ColourEvent::Reject { by, .. }) => by,
            _ => 0,
        };
        let ascii = theme.glyphs.path_end.is_ascii();
        let edge_colour = |a: usize, b: usize| {
            if !theme.color {
                Color::Reset
            } else if deciding.is_some_and(|u| a == u || b == u) {
                Color::White
            } else {
                Color::DarkGray
            }
        };
        Canvas::default()
            .marker(if ascii {
                Marker::Custom('.')
            } else {
                Marker::Braille
            })
            .x_bounds([-1.35, 1.35])
            .y_bounds([-1.25, 1.25])
            .paint(|ctx| {
                for (a, b) in self.graph().edges() {
                    let (a, b) = (usize::from(a), usize::from(b));
                    let ((x1, y1), (x2, y2)) = (position(a, n), position(b, n));
                    ctx.draw(&Edge {
                        x1,
                        y1,
                        x2,
                        y2,
                        color: edge_colour(a, b),
                    });
                }
                ctx.layer();
                for v in 0..n {
                    let (x, y) = position(v, n);
                    let text = self.label(v);
                    let mut style = match self.colours()[v] {
                        0 => Style::new(),
                        k if theme.color => theme.placed().fg(PALETTE[usize::from(k - 1)]),
                        _ => theme.placed(),
                    };
                    let text = if Some(v) == deciding {
                        style = theme.current();
                        format!("[{text}]")
                    } else {
                        text
                    };
                    if refused >> v & 1 == 1 {
                        style = theme.rejected();
                    }
                    if let Some(&ColourEvent::DeadEnd { vertex }) = last
                        && usize::from(vertex) == v
                    {
                        style = theme.dead_end();
                    }
                    // Centre the label on the vertex: a canvas cell is
                    // 2.7/width wide.
                    let shift = text.len() as f64 / 2.0 * 2.7 / f64::from(area.width.max(1));
                    ctx.print(x - shift, y, Line::styled(text, style));
                }
            })
            .render(area, buf);
        if n == 0 {
            buf.set_string(area.x, area.y, "(no vertices)", theme.muted());
        }
    }

    /// A vertex's label: `3:2`, or `3:-` before it has a colour.
    fn label(&self, v: usize) -> String {
        match self.colours()[v] {
            0 => format!("{v}:-"),
            k => format!("{v}:{k}"),
        }
    }
}

impl Scene for Colour {
    fn title(&self, name: &str) -> Title {
        let mode = if self.options().all {
            "every colouring"
        } else {
            "first only"
        };
        let size = format!(
            "V={}, E={}, m={}",
            self.graph().vertices(),
            self.graph().edge_count(),
            self.options().m
        );
        Title::new([format!("Colouring {name}"), size, mode.to_string()])
    }

    fn board_size(&self) -> (u16, u16) {
        (WIDTH, HEIGHT)
    }

    fn render_board(
        &self,
        last: Option<&ColourEvent>,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
    ) {
        let area = Rect {
            width: area.width.min(WIDTH),
            height: area.height.min(HEIGHT),
            ..area
        };
        self.draw_graph(last, theme, area, buf);
    }

    /// The graph drawn again on the larger canvas: edges one dot thick,
    /// labels whole.
    fn render_board_scaled(
        &self,
        _fit: Fit,
        _k: u16,
        last: Option<&ColourEvent>,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
    ) -> bool {
        self.draw_graph(last, theme, area, buf);
        true
    }

    fn masks_title(&self) -> &'static str {
        "Deciding"
    }

    fn masks(&self, last: Option<&ColourEvent>, theme: &Theme) -> Vec<Line<'static>> {
        let label = |text: &str| Span::styled(format!("{text:<TAG$}"), theme.muted());
        let m = self.options().m;
        let mut lines = Vec::new();
        match self.deciding() {
            Some(u) => {
                lines.push(Line::from(vec![
                    label("vertex"),
                    Span::styled(format!("{u}, deciding"), theme.current()),
                ]));
                let around: Vec<String> = crate::search::bits(self.graph().neighbours(u))
                    .map(|w| match self.colours()[w as usize] {
                        0 => format!("{w}:-"),
                        k => format!("{w}:{k}"),
                    })
                    .collect();
                let around = if around.is_empty() {
                    "none".to_string()
                } else {
                    around.join(" ")
                };
                lines.push(Line::from(vec![label("neighbours"), Span::raw(around)]));
                let used = self.used_mask(u);
                let legal = self.legal_mask(u);
                lines.push(Line::from(vec![
                    label("masks"),
                    Span::raw("used "),
                    Span::styled(binary(used, m), theme.rejected()),
                    Span::raw(format!(" {} legal ", theme.glyphs.arrows[1])),
                    Span::styled(binary(legal, m), theme.legal()),
                ]));
                lines.push(Line::from(vec![
                    label(""),
                    Span::styled("bit k is colour k, ", theme.muted()),
                    Span::styled(format!("colour {m} first"), theme.muted()),
                ]));
                lines.push(Line::from(vec![
                    label("legal"),
                    Span::styled(colour_list(legal), theme.legal()),
                ]));
            }
            None => {
                let text = if self.is_finished() {
                    "none: the search is over"
                } else {
                    "none: every vertex has a colour"
                };
                lines.push(Line::from(vec![label("vertex"), Span::raw(text)]));
                for _ in 0..4 {
                    lines.push(Line::raw(""));
                }
            }
        }
        let event = match last {
            Some(&ColourEvent::Reject { vertex, colour, by }) => {
                let holders: Vec<String> = crate::search::bits(by).map(|w| w.to_string()).collect();
                vec![
                    Span::styled(format!("{colour} refused for {vertex}: "), theme.rejected()),
                    Span::styled(format!("held by {}", holders.join(", ")), theme.rejected()),
                ]
            }
            Some(&ColourEvent::DeadEnd { vertex }) => vec![
                Span::styled("dead end: ", theme.dead_end()),
                Span::styled(format!("no colour left for {vertex}"), theme.dead_end()),
            ],
            Some(&ColourEvent::Place { vertex, colour }) => {
                vec![Span::styled(
                    format!("vertex {vertex} takes {colour}"),
                    theme.placed(),
                )]
            }
            Some(&ColourEvent::Undo { vertex, colour }) => {
                vec![Span::raw(format!("vertex {vertex} gives back {colour}"))]
            }
            Some(&ColourEvent::Solution) => {
                vec![Span::styled("every vertex coloured", theme.solution())]
            }
            None => vec![Span::raw("")],
        };
        let mut spans = vec![label("last")];
        spans.extend(event);
        lines.push(Line::from(spans));
        let so_far: Vec<String> = self
            .colours()
            .iter()
            .map(|&k| if k == 0 { "-".into() } else { k.to_string() })
            .collect();
        lines.push(Line::from(vec![
            label("colours"),
            Span::raw(format!("[{}]", so_far.join(","))),
        ]));
        let found = match (self.options().all, self.first()) {
            (true, _) => vec![crate::model::counted(
                self.colourings(),
                "colouring",
                "colourings",
            )],
            (false, Some(_)) => vec!["1 colouring: ".into(), "the search stops".into()],
            (false, None) => vec!["none yet".to_string()],
        };
        let mut spans = vec![label("found")];
        spans.extend(found.into_iter().map(Span::raw));
        lines.push(Line::from(spans));
        lines
    }

    fn masks_extent(&self, theme: &Theme) -> (u16, u16) {
        let (width, height) = extent(&self.masks(None, theme));
        let v = MAX_VERTICES.min(self.graph().vertices().max(1)) - 1;
        // The longest lines: a refusal naming every neighbour, the colours
        // of every vertex.
        let refusal = TAG + format!("9 refused for {v}: held by ").len() + 3 * v;
        let colours = TAG + 2 + 2 * self.graph().vertices();
        let neighbours = TAG + 5 * self.graph().vertices();
        let widest = refusal.max(colours).max(neighbours).min(72);
        (width.max(widest as u16).max(40), height)
    }

    fn worked(
        &self,
        _last: Option<&ColourEvent>,
        theme: &Theme,
        width: u16,
        rows: u16,
    ) -> Vec<Line<'static>> {
        let Some(u) = self.deciding().filter(|_| !theme.hide_answer) else {
            return Vec::new();
        };
        let m = self.options().m;
        let all = (1u32 << m) - 1;
        // One term per neighbour, in the order of the `neighbours` line:
        // colour k is bit k-1, no colour yet is 0.
        let terms: Vec<String> = crate::search::bits(self.graph().neighbours(u))
            .map(|w| match self.colours()[w as usize] {
                0 => binary(0, m),
                k => binary(1 << (k - 1), m),
            })
            .collect();
        let (used, legal) = (self.used_mask(u), self.legal_mask(u));
        let not = worked::not(theme);
        let used_forms = if terms.is_empty() {
            vec![
                format!("used = {} (no neighbours)", binary(used, m)),
                format!("used = {}", binary(used, m)),
            ]
        } else {
            vec![
                format!("used = {} = {}", terms.join(" | "), binary(used, m)),
                format!("used = OR of neighbours' colours = {}", binary(used, m)),
                format!("used = {}", binary(used, m)),
            ]
        };
        let legal_forms = [
            format!(
                "legal = {not}{} & {} = {}",
                binary(used, m),
                binary(all, m),
                binary(legal, m)
            ),
            format!("legal = {not}used & all = {}", binary(legal, m)),
            format!("legal = {}", binary(legal, m)),
        ];
        let mut lines: Vec<Line<'static>> = [
            worked::fit(&used_forms, width, theme.rejected()),
            worked::fit(&legal_forms, width, theme.legal()),
        ]
        .into_iter()
        .flatten()
        .collect();
        lines.truncate(usize::from(rows));
        lines
    }

    fn worked_rows(&self) -> u16 {
        2
    }

    fn legend(&self, theme: &Theme) -> Vec<(String, String)> {
        vec![
            ("3:2".into(), "vertex 3 holds colour 2".into()),
            ("3:-".into(), "vertex 3 has no colour yet".into()),
            ("[3:-]".into(), "the vertex being decided".into()),
            (
                if theme.glyphs.path_end.is_ascii() {
                    "...".into()
                } else {
                    "⠤⠤⠤".into()
                },
                "an edge: its two ends may not share a colour".into(),
            ),
            (
                "used 011".into(),
                "the colours the neighbours hold, bit k for colour k, highest first".into(),
            ),
            (
                "legal 100".into(),
                "the colours the vertex may take: the others".into(),
            ),
        ]
    }

    fn path(&self, theme: &Theme) -> PathLine {
        let coloured = self.coloured();
        let mut steps = Vec::new();
        if coloured.is_empty() {
            steps.push(Span::styled("(none yet)", theme.muted()));
        }
        for (v, k) in coloured.iter().enumerate() {
            let sep = if v + 1 < coloured.len() { " " } else { "" };
            steps.push(Span::styled(format!("{v}={k}{sep}"), theme.placed()));
        }
        let note = self.first().filter(|_| coloured.is_empty()).map(|first| {
            let items: Vec<String> = first.iter().map(u8::to_string).collect();
            Span::styled(
                format!("   first colouring [{}]", items.join(",")),
                theme.legal(),
            )
        });
        PathLine {
            label: Span::styled("coloured ", theme.muted()),
            steps,
            note,
        }
    }

    fn algorithm(&self) -> &'static [&'static str] {
        &[
            "start at vertex 0, no vertex coloured (the root node)",
            "at vertex u:",
            "    u = V, all coloured: a colouring (solution); first only: stop",
            "    for each colour k = 1, 2, ..., m:",
            "        a neighbour already holds k: reject",
            "        else colour u with k, go on to vertex u+1 (step 2)",
            "    no colour placed: dead end",
            "    undo: take the colour back, step back to u-1",
            "stopped: undo every open colour, deepest first",
        ]
    }

    fn algorithm_line(&self, last: Option<&ColourEvent>) -> usize {
        match self.step(last) {
            Step::Begin => 0,
            Step::Solution => 2,
            Step::Conflict => 4,
            Step::Place => 5,
            Step::DeadEnd => 6,
            Step::Undo => 7,
            Step::Close => 8,
        }
    }

    fn solutions_text(&self) -> String {
        if self.options().all {
            self.colourings().to_string()
        } else if self.first().is_some() {
            "1 (found, stop)".into()
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
