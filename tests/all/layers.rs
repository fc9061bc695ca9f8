//! The imports flow one way (docs/ARCHITECTURE.md): every `crate::` path
//! (and `backstep::` in the binary) of every file in `src/` is read, and a
//! module may name only modules of its own layer or of layers below it,
//! with no circle inside a layer. A new top-level module must be given a
//! layer here before it compiles into a passing suite.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, top first. `main` is the binary (`src/main.rs`, `src/cli.rs`).
const LAYERS: &[&[&str]] = &[
    &["main"],
    &["registry", "commands"],
    &["view"],
    &["launch"],
    &["check", "samples"],
    &["print", "ui", "worksheet", "parting"],
    &[
        "model", "timeline", "estimate", "progress", "position", "input", "cast",
    ],
    &["search"],
    &["assets", "files", "rng"],
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

/// A file, its top-level module and its path of modules below `src/`
/// (`src/view/queens/play/mod.rs`: `view`, and `view::queens::play`).
struct Source {
    path: PathBuf,
    top: String,
    depth: usize,
    code: String,
}

fn sources() -> Vec<Source> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    let mut folders = vec![src.clone()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("src/ lists") {
            let path = entry.expect("src/ lists").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let rel: Vec<String> = path
                .strip_prefix(&src)
                .expect("under src/")
                .iter()
                .map(|part| part.to_string_lossy().trim_end_matches(".rs").to_string())
                .collect();
            let top = match rel[0].as_str() {
                "main" | "cli" | "lib" => "main".to_string(),
                first => first.to_string(),
            };
            let depth = rel.len() - usize::from(rel.last().is_some_and(|l| l == "mod"));
            let code = code_of(&std::fs::read_to_string(&path).expect("a source file reads"));
            Source {
                path,
                top,
                depth,
                code,
            }
        })
        .collect()
}

/// The text with comments and the contents of string and char literals
/// blanked out, so that only code is read.
fn code_of(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                i += 1;
            }
            i += 2;
        } else if c == 'r'
            && matches!(next, Some('#' | '"'))
            && !ident(chars.get(i.wrapping_sub(1)))
        {
            // A raw string: r"...", r#"..."#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= chars.len() {
                    break;
                }
                if chars[j] == '"' && (0..hashes).all(|h| chars.get(j + 1 + h) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' && chars.get(i + 2) == Some(&'\'') {
            out.push_str("' '");
            i += 3;
        } else if c == '\'' && next == Some('\\') {
            // '\n', '\'', '\u{..}'
            i += 2;
            while i < chars.len() && chars[i] != '\'' {
                i += 1;
            }
            i += 1;
            out.push_str("' '");
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident(c: Option<&char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || *c == '_')
}

/// The top-level modules `code` names: `crate::x`, `crate::{x, y::z}`,
/// `backstep::x` (the binary), and `super::` chains that climb to the
/// crate root from a file `depth` modules deep.
fn named(code: &str, depth: usize, modules: &BTreeSet<String>) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let bytes = code.as_bytes();
    let word_at = |at: usize| -> String {
        code[at..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let skip_space = |mut at: usize| {
        while at < bytes.len() && (bytes[at] as char).is_whitespace() {
            at += 1;
        }
        at
    };
    for prefix in ["crate::", "backstep::"] {
        let mut from = 0;
        while let Some(found) = code[from..].find(prefix) {
            let at = from + found;
            from = at + prefix.len();
            if at > 0 && ident(code[..at].chars().last().as_ref()) {
                continue;
            }
            let after = skip_space(from);
            if bytes.get(after) == Some(&b'{') {
                // A group: its top-level items, nested groups skipped.
                let mut level = 0;
                let mut item_start = true;
                for (k, ch) in code[after + 1..].char_indices() {
                    match ch {
                        '{' => level += 1,
                        '}' if level == 0 => break,
                        '}' => level -= 1,
                        ',' if level == 0 => item_start = true,
                        c if c.is_whitespace() => {}
                        _ if item_start && level == 0 => {
                            names.insert(word_at(after + 1 + k));
                            item_start = false;
                        }
                        _ => {}
                    }
                }
            } else {
                names.insert(word_at(after));
            }
        }
    }
    // `super::super::x` from `a::b::c` (depth 3) names `a::x`; one more
    // `super` reaches the root and names `x`.
    let mut from = 0;
    while let Some(found) = code[from..].find("super::") {
        let at = from + found;
        if at > 0 && (ident(code[..at].chars().last().as_ref()) || code[..at].ends_with("::")) {
            from = at + 7;
            continue;
        }
        let mut climbs = 0;
        let mut end = at;
        while code[end..].starts_with("super::") {
            climbs += 1;
            end += 7;
        }
        from = end;
        if climbs >= depth {
            names.insert(word_at(end));
        }
    }
    names.retain(|name| modules.contains(name));
    names
}

/// Every edge between two top-level modules, with the files that make it.
fn edges() -> BTreeMap<(String, String), BTreeSet<PathBuf>> {
    let sources = sources();
    let modules: BTreeSet<String> = sources.iter().map(|s| s.top.clone()).collect();
    let mut edges: BTreeMap<(String, String), BTreeSet<PathBuf>> = BTreeMap::new();
    for source in &sources {
        for to in named(&source.code, source.depth, &modules) {
            if to != source.top {
                edges
                    .entry((source.top.clone(), to))
                    .or_default()
                    .insert(source.path.clone());
            }
        }
    }
    edges
}

#[test]
fn every_module_has_a_layer() {
    let unplaced: BTreeSet<String> = sources()
        .into_iter()
        .map(|s| s.top)
        .filter(|top| layer_of(top).is_none())
        .collect();
    assert!(
        unplaced.is_empty(),
        "give these modules a layer in tests/all/layers.rs: {unplaced:?}"
    );
}

#[test]
fn imports_flow_down_the_layers() {
    let mut upward = Vec::new();
    for ((from, to), files) in edges() {
        if let (Some(a), Some(b)) = (layer_of(&from), layer_of(&to))
            && b < a
        {
            upward.push(format!("{from} -> {to} ({files:?})"));
        }
    }
    assert!(
        upward.is_empty(),
        "imports against the layers:\n{}",
        upward.join("\n")
    );
}

#[test]
fn no_circle_between_modules() {
    let edges = edges();
    let mut next: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (from, to) in edges.keys() {
        next.entry(from.as_str()).or_default().push(to.as_str());
    }
    // Depth-first search; a grey node met again closes a circle.
    fn visit<'a>(
        node: &'a str,
        next: &BTreeMap<&'a str, Vec<&'a str>>,
        state: &mut BTreeMap<&'a str, bool>,
        path: &mut Vec<&'a str>,
    ) -> Option<Vec<String>> {
        match state.get(node) {
            Some(false) => {
                let from = path.iter().position(|n| *n == node).unwrap_or(0);
                let mut circle: Vec<String> = path[from..].iter().map(|n| n.to_string()).collect();
                circle.push(node.to_string());
                return Some(circle);
            }
            Some(true) => return None,
            None => {}
        }
        state.insert(node, false);
        path.push(node);
        for to in next.get(node).into_iter().flatten() {
            if let Some(circle) = visit(to, next, state, path) {
                return Some(circle);
            }
        }
        path.pop();
        state.insert(node, true);
        None
    }
    let mut state = BTreeMap::new();
    for node in next.keys() {
        let mut path = Vec::new();
        if let Some(circle) = visit(node, &next, &mut state, &mut path) {
            panic!("a circle of imports: {}", circle.join(" -> "));
        }
    }
}

/// The reader itself: it finds the edges it must, and none in comments or
/// strings, so that the tests above can fail.
#[test]
fn the_reader_finds_paths_and_skips_comments_and_strings() {
    let modules: BTreeSet<String> = ["ui", "view", "launch", "model", "search"]
        .map(String::from)
        .into();
    let code = code_of(
        "use crate::{model::{self, Report}, search};\n\
         // crate::launch in a comment\n\
         /* crate::launch */ let s = \"crate::launch\"; let c = '\"';\n\
         fn f() { crate::ui::run(); super::super::view::x(); }\n",
    );
    let at_depth_2: Vec<String> = named(&code, 2, &modules).into_iter().collect();
    assert_eq!(at_depth_2, ["model", "search", "ui", "view"]);
    let at_depth_3: Vec<String> = named(&code, 3, &modules).into_iter().collect();
    assert_eq!(at_depth_3, ["model", "search", "ui"]);
    // And the real tree: `ui` names neither `view` nor `launch`, and the
    // view layer does name `ui` (the reader sees real edges).
    let edges = edges();
    let has = |from: &str, to: &str| edges.contains_key(&(from.to_string(), to.to_string()));
    assert!(has("view", "ui") && has("launch", "ui") && has("registry", "view"));
    assert!(!has("ui", "view") && !has("ui", "launch") && !has("check", "launch"));
}
