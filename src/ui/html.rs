//! A stretch of a search as one web page (`--print html`): every step's
//! screen, drawn by [`super::still::draw`] as the terminal UI draws it,
//! in a page that steps like the terminal and needs nothing else (no
//! network, no file beside it).
//!
//! The page holds:
//! - the screen in one `<pre id="screen">`, whose text is `--print frame`'s
//!   (drawn without colour: its marks that stand in for a colour are drawn
//!   in the background's colour over the colour drawing's blanks; trailing
//!   blanks with a background are drawn by empty boxes, so they add no
//!   text);
//! - the frames, each row of cells written once as HTML in a dictionary of
//!   rows, and each step as the rows that changed since the step before
//!   (every `KEY_EVERY`-th step in full, a key frame), deflated and in
//!   base64 ([`encode`]); the page inflates them with the browser's own
//!   `DecompressionStream` and keeps every step's row numbers, so that any
//!   step is drawn at once;
//! - the kind of every step's event, for the keys that look for the next
//!   node, solution or dead end;
//! - the main screen's key table ([`super::keys::KEYS`]): the keys the page
//!   obeys and its `?` help are read from it;
//! - `page.css` and `page.js` (next to this file), inline.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::Write;
use std::rc::Rc;

use anyhow::Result;
use ratatui::buffer::{Buffer, Cell};
use ratatui::crossterm::event::KeyCode;
use ratatui::style::{Color, Modifier};
use serde_json::json;

use super::app::{App, SPEEDS};
use super::keys::{self, Action};
use super::record::{self, Stretch};
use super::scene::Scene;
use super::{still, svg};
use crate::search::{EventKind, SearchEvent};

/// The most steps one page holds: `queens 8 --full` (18,512 steps) fits,
/// and a page stays a few megabytes.
pub const MAX_STEPS: u64 = 20_000;

/// The most cells (steps times the screen's columns and rows) one page
/// draws: [`MAX_STEPS`] at 100x30, fewer on bigger screens, so that the
/// memory a page is made in stays bounded at any `--size`.
const MAX_CELLS: u64 = MAX_STEPS * 100 * 30;

/// The most steps a page of `width` x `height` holds.
pub fn max_steps(width: u16, height: u16) -> u64 {
    let cells = u64::from(width) * u64::from(height);
    MAX_STEPS.min(MAX_CELLS / cells.max(1))
}

/// Every how many steps a frame is stored whole.
const KEY_EVERY: usize = 64;

/// The page's style sheet.
const CSS: &str = include_str!("html/page.css");
/// The page's script.
const SCRIPT: &str = include_str!("html/page.js");

/// The actions the page carries out, each with its button's label. Other
/// keys of the table (panels, bookmarks, predict, quit) belong to the
/// terminal: the page shows one panel, as drawn.
const BUTTONS: &[(Action, &str)] = &[
    (Action::Start, "|◀ start"),
    (Action::PrevSolution, "◀ sol"),
    (Action::PrevDeadEnd, "◀ dead"),
    (Action::PrevNode, "◀ node"),
    (Action::Back, "◀ back"),
    (Action::Run, "▶ run"),
    (Action::Step, "step ▶"),
    (Action::NextNode, "node ▶"),
    (Action::NextDeadEnd, "dead ▶"),
    (Action::NextSolution, "sol ▶"),
    (Action::End, "end ▶|"),
    (Action::Slower, "slower"),
    (Action::Faster, "faster"),
    (Action::Jump, ": jump"),
    (Action::Help, "? keys"),
];

/// Actions the page obeys with no button of their own.
const WITHOUT_BUTTON: &[Action] = &[Action::Cancel];

/// Writes the page for the steps `stretch.from` to `stretch.to` of `app`'s
/// search. A stretch of more than [`MAX_STEPS`] steps is refused before
/// anything is written, naming `--from` and `--to`.
pub fn page<S: Scene>(mut app: App<S>, stretch: Stretch, out: &mut dyn Write) -> Result<()> {
    let (width, height) = stretch.size;
    let most = max_steps(width, height);
    let too_many = |last: &str| {
        anyhow::anyhow!(
            "--print html holds at most {most} steps at {width}x{height}, and steps {} to {last} \
             are more: choose a stretch with --from A --to B (B - A below {most})",
            stretch.from
        )
    };
    if let Some(to) = stretch.to
        && to.saturating_sub(stretch.from) >= most
    {
        return Err(too_many(&to.to_string()));
    }
    record::enter(&mut app, &stretch)?;
    if stretch.to.is_none() {
        // Counted before anything is drawn: stepping costs far less.
        let mut probe = app.timeline.clone();
        while probe.forward() {
            if probe.step() - stretch.from >= most {
                return Err(too_many(&format!(
                    "the end of the search (past step {})",
                    probe.step()
                )));
            }
        }
    }
    let mut book = Book::default();
    let mut kinds = String::new();
    let mut first = String::new();
    // The frames as JSON arrays, written as they are drawn.
    let mut frames = String::from("[");
    let mut previous: Vec<u32> = Vec::new();
    // The text is `--print frame`'s, drawn without colour (marks stand in
    // for colours there); the colours are the screen's.
    let coloured = app.theme;
    let plain = coloured.without_color();
    for count in 0usize.. {
        let buffer = still::draw(&app, width, height)?;
        let text = if coloured.color {
            app.theme = plain;
            let text = still::draw(&app, width, height);
            app.theme = coloured;
            text?
        } else {
            buffer.clone()
        };
        let ids: Vec<u32> = (0..height).map(|y| book.row(&buffer, &text, y)).collect();
        if count == 0 {
            first = ids.iter().map(|&id| book.html(id)).collect();
        } else {
            frames.push(',');
        }
        frames.push('[');
        let mut numbers = itoa::Buffer::new();
        let mut comma = "";
        let mut push = |frames: &mut String, n: u32| {
            frames.push_str(comma);
            frames.push_str(numbers.format(n));
            comma = ",";
        };
        if count % KEY_EVERY == 0 {
            for &id in &ids {
                push(&mut frames, id);
            }
        } else {
            for (y, (&now, &before)) in (0u32..).zip(ids.iter().zip(&previous)) {
                if now != before {
                    push(&mut frames, y);
                    push(&mut frames, now);
                }
            }
        }
        frames.push(']');
        previous = ids;
        kinds.push(kind_letter(app.timeline.last_event().map(|e| e.kind())));
        if stretch.to.is_some_and(|to| app.timeline.step() >= to) || !app.timeline.forward() {
            break;
        }
        app.sync();
    }
    frames.push(']');
    let last = app.timeline.step();
    let mut data = format!("{{\"height\":{height},\"key\":{KEY_EVERY},\"rows\":");
    let rows: Vec<&str> = book.rows.iter().map(|row| &**row).collect();
    data.push_str(&serde_json::to_string(&rows)?);
    drop(rows);
    drop(book.row_ids);
    data.push_str(",\"frames\":");
    data.push_str(&frames);
    drop(frames);
    data.push('}');
    let config = json!({
        "from": stretch.from,
        "last": last,
        "end": app.timeline.at_end(),
        "kinds": kinds,
        "speeds": SPEEDS.iter().map(|&s| (s != u64::MAX).then_some(s)).collect::<Vec<_>>(),
        "speed": app.speed,
        "keys": key_rows(),
    });
    let title = format!("backstep · {}", app.name);
    write_page(
        out,
        &Parts {
            title: &title,
            styles: &css(&book.looks),
            first: &first,
            config: &script_json(&config.to_string()),
            frames: &encode(data.as_bytes()),
            from: stretch.from,
            last,
        },
    )?;
    Ok(())
}

/// What goes into the page's template.
struct Parts<'a> {
    title: &'a str,
    styles: &'a str,
    first: &'a str,
    config: &'a str,
    frames: &'a str,
    from: u64,
    last: u64,
}

/// Writes the page: the screen's first frame in place (so that a page
/// shows and prints something even before its script runs), the controls,
/// the help, and the data and script.
fn write_page(out: &mut dyn Write, parts: &Parts) -> Result<()> {
    let Parts {
        title,
        styles,
        first,
        config,
        frames,
        from,
        last,
    } = parts;
    let mut buttons = String::new();
    for (action, label) in BUTTONS {
        let binding = keys::KEYS.iter().find(|b| b.action == *action);
        let tip = binding.map_or(String::new(), |b| tip(&b.keys.join(" "), help_of(*action)));
        let _ = write!(
            buttons,
            "<button type=\"button\" data-action=\"{action:?}\" title=\"{}\">{}</button>",
            escape(&tip),
            escape(label)
        );
    }
    let mut help = String::new();
    for binding in keys::help_rows().filter(|b| obeyed(b.action)) {
        let _ = write!(
            help,
            "<tr><th>{}</th><td>{}</td></tr>",
            escape(&binding.keys.join(" ")),
            escape(binding.help)
        );
    }
    let title = escape(title);
    write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; \
         script-src 'unsafe-inline'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"color-scheme\" content=\"light dark\">\n\
         <title>{title}</title>\n<style>\n{CSS}{styles}</style>\n</head>\n<body>\n\
         <main>\n<pre id=\"screen\">{first}</pre>\n\
         <div id=\"controls\">\n\
         <input type=\"range\" id=\"slider\" min=\"{from}\" max=\"{last}\" value=\"{from}\" aria-label=\"step\">\n\
         <div id=\"buttons\">{buttons}</div>\n\
         <div id=\"status\"><span id=\"where\">step {from}</span> <span id=\"state\">paused</span> \
         <span id=\"message\"></span></div>\n\
         </div>\n\
         <div id=\"help\" hidden>\n<p>Keys (as in the terminal; the page shows steps {from} to {last}):</p>\n\
         <table>{help}</table>\n<p>The address follows the step: <code>#step=K</code> opens at step K.</p>\n</div>\n\
         </main>\n\
         <script type=\"application/json\" id=\"config\">{config}</script>\n\
         <script type=\"application/octet-stream\" id=\"frames\">{frames}</script>\n\
         <script>\n{SCRIPT}</script>\n</body>\n</html>\n"
    )?;
    out.flush()?;
    Ok(())
}

/// A button's tooltip: what the action does, and its keys.
fn tip(keys: &str, help: &str) -> String {
    format!("{help} ({keys})")
}

/// The help sentence of the table's row for `action`, or of the row that
/// lists it with its partner (`-` is on the `+ -` row).
fn help_of(action: Action) -> &'static str {
    let partner = match action {
        Action::Slower => Action::Faster,
        Action::PrevNode => Action::NextNode,
        Action::PrevSolution => Action::NextSolution,
        Action::PrevDeadEnd => Action::NextDeadEnd,
        Action::End => Action::Start,
        other => other,
    };
    keys::KEYS
        .iter()
        .find(|b| b.action == partner)
        .map_or("", |b| b.help)
}

/// Whether the page carries out `action`.
fn obeyed(action: Action) -> bool {
    BUTTONS.iter().any(|(a, _)| *a == action) || WITHOUT_BUTTON.contains(&action)
}

/// The key table's rows the page obeys, for its script: the action's name
/// and the browser's names (`KeyboardEvent.key`) of its keys.
fn key_rows() -> serde_json::Value {
    let rows: Vec<serde_json::Value> = keys::KEYS
        .iter()
        .filter(|b| obeyed(b.action))
        .map(|b| {
            let names: Vec<String> = b.codes.iter().filter_map(|&c| key_name(c)).collect();
            json!({ "action": format!("{:?}", b.action), "keys": names })
        })
        .collect();
    json!(rows)
}

/// The browser's name for a key (`KeyboardEvent.key`).
fn key_name(code: KeyCode) -> Option<String> {
    Some(
        match code {
            KeyCode::Char(c) => return Some(c.to_string()),
            KeyCode::Right => "ArrowRight",
            KeyCode::Left => "ArrowLeft",
            KeyCode::Up => "ArrowUp",
            KeyCode::Down => "ArrowDown",
            KeyCode::Enter => "Enter",
            KeyCode::Backspace => "Backspace",
            KeyCode::Home => "Home",
            KeyCode::End => "End",
            KeyCode::PageUp => "PageUp",
            KeyCode::PageDown => "PageDown",
            KeyCode::Esc => "Escape",
            KeyCode::Tab => "Tab",
            _ => return None,
        }
        .to_string(),
    )
}

/// One letter per step for the kind of event that made it (`-` for the
/// start), as the page's script looks for them.
fn kind_letter(kind: Option<EventKind>) -> char {
    match kind {
        None => '-',
        Some(EventKind::Place) => 'p',
        Some(EventKind::Reject) => 'r',
        Some(EventKind::DeadEnd) => 'd',
        Some(EventKind::Undo) => 'u',
        Some(EventKind::Solution) => 's',
    }
}

/// What a run of cells shares: its class in the page's style sheet.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Look {
    fg: Color,
    bg: Color,
    modifier: Modifier,
    /// Text that only stands in for a colour: drawn in the background's.
    hidden: bool,
}

impl Look {
    /// The look of a cell drawn in colour (`colour`) and without
    /// (`text`): the colour drawing's colours; a mark the drawing without
    /// colour puts where the colour drawing has a blank (it stands in for
    /// a colour) is kept in the text but drawn in the background's colour.
    fn at(colour: &Cell, text: &Cell) -> Look {
        Look {
            fg: colour.fg,
            bg: colour.bg,
            modifier: colour.modifier,
            hidden: text.symbol() != colour.symbol() && colour.symbol().trim().is_empty(),
        }
    }

    /// Whether a blank in this look shows (a background, reversed or
    /// underlined), so that a trailing run of it must be drawn.
    fn shows_blank(self) -> bool {
        self.bg != Color::Reset
            || self
                .modifier
                .intersects(Modifier::REVERSED | Modifier::UNDERLINED)
    }

    /// The CSS declarations of the look. The terminal's own colours
    /// (`Reset`) are the page's, which follow the system's light or dark
    /// scheme; text on a background the theme set keeps the dark
    /// terminal's colour, as the theme was drawn for it.
    fn css(self) -> String {
        let colour = |c: Color| svg::hex(c);
        let mut fg = colour(self.fg);
        let mut bg = colour(self.bg);
        if fg.is_none() && bg.is_some() {
            fg = Some(svg::FOREGROUND.to_string());
        }
        if self.modifier.contains(Modifier::REVERSED) {
            let text = bg.unwrap_or_else(|| "var(--bg)".to_string());
            bg = Some(fg.unwrap_or_else(|| "var(--fg)".to_string()));
            fg = Some(text);
        }
        if self.hidden {
            fg = Some(bg.clone().unwrap_or_else(|| "var(--bg)".to_string()));
        }
        let mut css = String::new();
        if let Some(fg) = fg {
            let _ = write!(css, "color:{fg};");
        }
        if let Some(bg) = bg {
            let _ = write!(css, "background:{bg};");
        }
        for (modifier, declaration) in [
            (Modifier::BOLD, "font-weight:bold;"),
            (Modifier::ITALIC, "font-style:italic;"),
            (Modifier::DIM, "opacity:.6;"),
            (Modifier::UNDERLINED, "text-decoration:underline;"),
            (Modifier::CROSSED_OUT, "text-decoration:line-through;"),
        ] {
            if self.modifier.contains(modifier) {
                css.push_str(declaration);
            }
        }
        css
    }
}

/// The looks and rows of a page, each kept once and numbered.
#[derive(Default)]
struct Book {
    looks: Vec<Look>,
    look_ids: HashMap<Look, usize>,
    rows: Vec<Rc<str>>,
    row_ids: HashMap<Rc<str>, u32>,
}

impl Book {
    /// The number of row `y` of `buffer`, written as HTML.
    fn row(&mut self, colours: &Buffer, texts: &Buffer, y: u16) -> u32 {
        let html = self.row_html(still::row(colours, y), still::row(texts, y));
        if let Some(&id) = self.row_ids.get(html.as_str()) {
            return id;
        }
        let id = u32::try_from(self.rows.len()).unwrap_or(u32::MAX);
        let html: Rc<str> = html.into();
        self.rows.push(Rc::clone(&html));
        self.row_ids.insert(html, id);
        id
    }

    /// Row `id`'s HTML with its newline.
    fn html(&self, id: u32) -> String {
        let row = usize::try_from(id).map_or("", |i| self.rows.get(i).map_or("", |r| r));
        format!("{row}\n")
    }

    /// The class of `look` (`None` for the terminal's own colours).
    fn class(&mut self, look: Look) -> Option<usize> {
        if look.css().is_empty() {
            return None;
        }
        let next = self.looks.len();
        let id = *self.look_ids.entry(look).or_insert(next);
        if id == next {
            self.looks.push(look);
        }
        Some(id)
    }

    /// A row of cells as HTML: its text up to the last that is not blank,
    /// as `--print frame` writes it, in runs of one look; then, for
    /// trailing blanks that show, empty boxes of their width.
    fn row_html(&mut self, colours: &[Cell], texts: &[Cell]) -> String {
        let line: String = texts.iter().map(Cell::symbol).collect();
        let kept = line.trim_end().len();
        let looks: Vec<Look> = colours
            .iter()
            .zip(texts)
            .map(|(colour, text)| Look::at(colour, text))
            .collect();
        let mut html = String::new();
        let (mut start, mut at) = (0, 0);
        while start < texts.len() {
            let look = looks[start];
            let end = start + looks[start..].iter().take_while(|l| **l == look).count();
            let text: String = texts[start..end].iter().map(Cell::symbol).collect();
            let (shown, blank) = text.split_at(kept.saturating_sub(at).min(text.len()));
            let class = self.class(look);
            if !shown.is_empty() {
                match class {
                    Some(class) => {
                        let _ = write!(html, "<span class=\"s{class}\">{}</span>", escape(shown));
                    }
                    None => html.push_str(&escape(shown)),
                }
            }
            if !blank.is_empty()
                && look.shows_blank()
                && let Some(class) = class
            {
                let columns = end - start - shown.chars().count().min(end - start);
                let _ = write!(
                    html,
                    "<span class=\"s{class} g\" style=\"width:{columns}ch\"></span>"
                );
            }
            at += text.len();
            start = end;
        }
        html
    }
}

/// The style sheet of the looks: `.sN` for look N.
fn css(looks: &[Look]) -> String {
    let mut css = String::new();
    for (i, look) in looks.iter().enumerate() {
        let _ = writeln!(css, ".s{i}{{{}}}", look.css());
    }
    css
}

/// `text` with the HTML specials escaped.
fn escape(text: &str) -> String {
    // The SVG picture's escaping: XML's specials, and a space for a
    // control character.
    let mut out = String::with_capacity(text.len());
    super::svg::escape_into(text, &mut out);
    out
}

/// JSON text made safe inside a `<script>` element: no `<` at all, so no
/// `</script>` or `<!--` (JSON reads `\u003c` back as `<`).
fn script_json(text: &str) -> String {
    text.replace('<', "\\u003c")
}

/// The standard base64 alphabet with `-` for `h`: no run of four letters
/// can then spell `http`, so that the page has no `http` reference even by
/// chance. The page swaps `-` back before `atob`.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefg-ijklmnopqrstuvwxyz0123456789+/";

/// `bytes` deflated (raw DEFLATE, as `DecompressionStream("deflate-raw")`
/// reads it) and written in base64 with `ALPHABET`.
pub fn encode(bytes: &[u8]) -> String {
    let deflated = miniz_oxide::deflate::compress_to_vec(bytes, 9);
    base64(&deflated)
}

/// `bytes` in base64 ([`ALPHABET`]), padded with `=`.
fn base64(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i)) as usize & 63]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// base64 against values worked by hand (RFC 4648's examples, with `-`
    /// for `h`), and a deflated text inflates back.
    #[test]
    fn base64_and_deflate_read_back() {
        for (text, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            let expected = coded.replace('h', "-");
            assert_eq!(base64(text.as_bytes()), expected, "{text}");
        }
        // Bytes 0x85 0x2d 0x7e: 100001 010010 110101 111110 = h S 1 +.
        assert_eq!(base64(&[0x85, 0x2d, 0x7e]), "-S1+");
        let text = "step 1 step 2 step 3 ".repeat(100);
        let deflated = miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 9);
        let inflated = miniz_oxide::inflate::decompress_to_vec(&deflated).unwrap();
        assert_eq!(inflated, text.as_bytes());
        assert!(deflated.len() < text.len() / 10);
    }

    #[test]
    fn html_specials_are_escaped() {
        assert_eq!(
            escape("a<b & \"c\">\u{1b}"),
            "a&lt;b &amp; &quot;c&quot;&gt; "
        );
        assert_eq!(script_json("\"</script>\""), "\"\\u003c/script>\"");
    }
}
