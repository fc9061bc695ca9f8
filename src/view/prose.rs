//! Worksheet prose for the searches' views: a section of paragraphs, list
//! items and drawings, wrapped by `crate::worksheet`'s own `wrap`.

pub(crate) use crate::worksheet::wrap;

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
