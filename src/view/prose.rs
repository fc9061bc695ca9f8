//! Worksheet prose for the searches' views: paragraphs and list items
//! wrapped to the worksheet's width, the way `crate::worksheet` writes its
//! own (whose helpers are private to it).

/// Prose is wrapped to this width, as in `crate::worksheet`.
const WIDTH: usize = 78;

/// Wraps `text` to [`WIDTH`] columns, the first line after `first` and the
/// others after `rest`. A `code span` is never broken.
pub(crate) fn wrap(text: &str, first: &str, rest: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_code = false;
    for c in text.chars() {
        if c.is_whitespace() && !in_code {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            continue;
        }
        if c == '`' {
            in_code = !in_code;
        }
        word.push(if c.is_whitespace() { ' ' } else { c });
    }
    if !word.is_empty() {
        words.push(word);
    }
    let mut lines = Vec::new();
    let mut line = first.to_string();
    let mut empty = true;
    for word in words {
        if !empty && line.chars().count() + 1 + word.chars().count() > WIDTH {
            lines.push(std::mem::replace(&mut line, rest.to_string()));
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(&word);
        empty = false;
    }
    lines.push(line);
    lines
}

/// `## heading`, then paragraphs (`- ` items kept together as one list),
/// each block after a blank line; lines starting with four spaces are kept
/// as they are (a drawing of the board).
pub(crate) fn section(heading: &str, parts: &[String]) -> Vec<String> {
    let mut lines = vec![format!("## {heading}")];
    let mut was_item = false;
    for part in parts {
        let item = part.strip_prefix("- ");
        if !(was_item && item.is_some()) {
            lines.push(String::new());
        }
        match item {
            Some(item) => lines.extend(wrap(item, "- ", "  ")),
            None if part.starts_with("    ") => lines.extend(part.lines().map(String::from)),
            None => lines.extend(wrap(part, "", "")),
        }
        was_item = item.is_some();
    }
    lines
}
