//! Reading an exact-cover problem in Knuth's DLX format (EVENTS.md §2).
//!
//! Lines starting with `|` are comments; blank lines (spaces and tabs
//! only) are ignored. The first other line names the items; a `|` on it starts
//! the secondary items. Each later line is an option: the names of the
//! items it covers. Tokens are separated by spaces or tabs, and `|` is a
//! token of its own. Every error names the line (1-based, as editors count)
//! and the item.

use anyhow::{Context, Result, bail};

use crate::assets;
use crate::search::cover::Problem;

use super::Loaded;
use crate::files;

/// The longest item name.
pub const MAX_NAME: usize = 8;

/// Why a DLX text is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DlxError {
    /// Nothing but comments and blank lines.
    NoItems,
    /// The item line has only secondary items.
    NoPrimary { line: usize },
    /// An item name declared twice on the item line.
    Repeated { line: usize, item: String },
    /// A second `|` on the item line.
    SecondBar { line: usize },
    /// A `|` on an option line.
    BarInOption { line: usize },
    /// A name with a `:` (colours are not supported).
    Colour { line: usize, item: String },
    /// A name longer than [`MAX_NAME`].
    TooLong { line: usize, item: String },
    /// A name with a character other than printable ASCII.
    BadChar { line: usize, item: String, ch: char },
    /// An option naming an item not on the item line.
    Undeclared { line: usize, item: String },
    /// An option naming an item twice.
    Twice { line: usize, item: String },
    /// An option with only secondary items.
    NoPrimaryInOption { line: usize, option: String },
    /// More items or options than the engine's indices hold.
    TooBig { line: usize },
}

impl std::fmt::Display for DlxError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DlxError::NoItems => write!(
                f,
                "no items: the text has no line other than comments (`|`) and blank lines"
            ),
            DlxError::NoPrimary { line } => write!(
                f,
                "line {line}: no primary item: every item is after the `|` that starts the secondary ones"
            ),
            DlxError::Repeated { line, item } => {
                write!(
                    f,
                    "line {line}: item {item:?} is named twice on the item line"
                )
            }
            DlxError::SecondBar { line } => write!(
                f,
                "line {line}: a second `|` on the item line (one `|` starts the secondary items)"
            ),
            DlxError::BarInOption { line } => write!(
                f,
                "line {line}: `|` in an option (only the item line may have one)"
            ),
            DlxError::Colour { line, item } => write!(
                f,
                "line {line}: item {item:?} has a colour (`:`); colours are not supported"
            ),
            DlxError::TooLong { line, item } => write!(
                f,
                "line {line}: item {item:?} is {} characters long; names have 1 to {MAX_NAME}",
                item.chars().count()
            ),
            DlxError::BadChar { line, item, ch } => write!(
                f,
                "line {line}: item {item:?} has {ch:?}; names are printable ASCII other than `|` and `:`"
            ),
            DlxError::Undeclared { line, item } => {
                write!(f, "line {line}: item {item:?} is not on the item line")
            }
            DlxError::Twice { line, item } => {
                write!(
                    f,
                    "line {line}: item {item:?} is named twice in this option"
                )
            }
            DlxError::NoPrimaryInOption { line, option } => write!(
                f,
                "line {line}: the option {option:?} has no primary item (every option must cover one)"
            ),
            DlxError::TooBig { line } => {
                write!(f, "line {line}: too many items or options")
            }
        }
    }
}

impl std::error::Error for DlxError {}

/// The tokens of a line: runs of characters other than space and tab,
/// with `|` a token of its own.
fn tokens(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for word in line.split([' ', '\t']) {
        let mut rest = word;
        while let Some(at) = rest.find('|') {
            if at > 0 {
                out.push(&rest[..at]);
            }
            out.push("|");
            rest = &rest[at + 1..];
        }
        if !rest.is_empty() {
            out.push(rest);
        }
    }
    out
}

/// Checks one name: 1 to 8 printable ASCII characters, no `:` (a `|` is a
/// token of its own, so never part of a name).
fn check_name(line: usize, name: &str) -> Result<(), DlxError> {
    let item = || name.to_string();
    if name.contains(':') {
        return Err(DlxError::Colour { line, item: item() });
    }
    if let Some(ch) = name.chars().find(|c| !c.is_ascii_graphic()) {
        return Err(DlxError::BadChar {
            line,
            item: item(),
            ch,
        });
    }
    if name.len() > MAX_NAME {
        return Err(DlxError::TooLong { line, item: item() });
    }
    Ok(())
}

/// Reads a problem in DLX format; `name` is its label.
pub fn parse(text: &str, name: &str) -> Result<Problem, DlxError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.strip_suffix('\r').unwrap_or(l)))
        .filter(|(_, l)| !l.trim_matches([' ', '\t']).is_empty() && !l.starts_with('|'));
    let Some((item_line, first)) = lines.next() else {
        return Err(DlxError::NoItems);
    };
    let options = lines.map(|(line, text)| (line, tokens(text)));
    Problem::new(name, (item_line, tokens(first)), options)
}

impl Problem {
    /// Builds a problem labelled `name` from its item line and its option
    /// lines, each a line's number and its tokens (a `|` on the item line
    /// starts the secondary items): a DLX text's lines, or a generator's
    /// names numbered as its DLX text would number them. The one check of
    /// a problem: names of 1 to [`MAX_NAME`] printable ASCII characters, no
    /// `:`, distinct; a primary item; every option naming declared items,
    /// each once, a primary one among them. Option lines are read one at a
    /// time, so the first line wrong is the one named.
    pub fn new<'a>(
        name: &str,
        (item_line, first): (usize, Vec<&'a str>),
        lines: impl IntoIterator<Item = (usize, Vec<&'a str>)>,
    ) -> Result<Problem, DlxError> {
        let mut items: Vec<String> = Vec::new();
        let mut primary = None;
        let mut index = std::collections::HashMap::new();
        for token in first {
            if token == "|" {
                if primary.is_some() {
                    return Err(DlxError::SecondBar { line: item_line });
                }
                primary = Some(items.len());
                continue;
            }
            check_name(item_line, token)?;
            if index.insert(token, items.len() as u32).is_some() {
                return Err(DlxError::Repeated {
                    line: item_line,
                    item: token.into(),
                });
            }
            items.push(token.into());
        }
        let primary = primary.unwrap_or(items.len());
        if primary == 0 {
            return Err(DlxError::NoPrimary { line: item_line });
        }
        let mut options = Vec::new();
        for (line, tokens) in lines {
            let mut option: Vec<u32> = Vec::new();
            for &token in &tokens {
                if token == "|" {
                    return Err(DlxError::BarInOption { line });
                }
                check_name(line, token)?;
                let Some(&item) = index.get(token) else {
                    return Err(DlxError::Undeclared {
                        line,
                        item: token.into(),
                    });
                };
                if option.contains(&item) {
                    return Err(DlxError::Twice {
                        line,
                        item: token.into(),
                    });
                }
                option.push(item);
            }
            if !option.iter().any(|&i| (i as usize) < primary) {
                return Err(DlxError::NoPrimaryInOption {
                    line,
                    option: tokens.join(" "),
                });
            }
            if options.len() >= u32::MAX as usize / 2 {
                return Err(DlxError::TooBig { line });
            }
            options.push(option);
        }
        Ok(Problem {
            name: name.into(),
            items,
            primary,
            options,
        })
    }
}

/// Loads a problem from a shipped name or a DLX file. The label is the
/// shipped name, or the file's name without its folder and `.dlx`.
pub fn load(arg: &str) -> Result<Loaded<Problem>> {
    if let Some(asset) = assets::find(assets::COVER, arg) {
        let value = parse(asset.text, asset.name)
            .with_context(|| format!("shipped problem {}", asset.name))?;
        return Ok(Loaded {
            name: asset.name.to_string(),
            value,
        });
    }
    let Some(text) = super::read_file(arg, "exact-cover")? else {
        bail!(
            "{} is neither a shipped problem ({}) nor a file",
            files::quoted(arg),
            assets::names(assets::COVER)
        );
    };
    let file = super::file_name(arg);
    let label = file.strip_suffix(".dlx").unwrap_or(&file).to_string();
    let value =
        parse(&text, &label).with_context(|| format!("exact-cover file {}", files::quoted(arg)))?;
    Ok(Loaded { name: label, value })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_split_on_blanks_and_bars() {
        assert_eq!(
            tokens("A B\tC|D  | E"),
            vec!["A", "B", "C", "|", "D", "|", "E"]
        );
    }

    #[test]
    fn secondary_items_follow_the_bar() {
        let p = parse("| c\nA B | x y\nA x\nB y\n", "t").unwrap();
        assert_eq!(p.primary(), 2);
        assert_eq!(p.items(), ["A", "B", "x", "y"]);
        assert_eq!(p.options(), [vec![0, 2], vec![1, 3]]);
    }

    #[test]
    fn shipped_problems_parse() {
        for asset in assets::COVER {
            assert!(load(asset.name).is_ok(), "{}", asset.name);
        }
    }
}
