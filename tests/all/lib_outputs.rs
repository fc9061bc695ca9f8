//! Comparing outputs printed through the library (`backstep::print::print`
//! into memory) with the reference files: JSON lines as parsed objects, and
//! the summaries of `summaries.txt`, for the searches that have no command
//! yet.

use serde_json::Value;

const SUMMARIES: &str = include_str!("../fixtures/summaries.txt");

/// Compares JSON lines as parsed objects (key order free), line by line,
/// then their number.
pub fn assert_jsonl_values(what: &str, got: &str, reference: &str) {
    let parse = |line: &str, whose: &str| -> Value {
        serde_json::from_str(line).unwrap_or_else(|e| panic!("{what}: {whose} line {line:?}: {e}"))
    };
    let got: Vec<Value> = got.lines().map(|l| parse(l, "output")).collect();
    let want: Vec<Value> = reference.lines().map(|l| parse(l, "reference")).collect();
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(g, w, "{what}: line {} differs", i + 1);
    }
    assert_eq!(
        got.len(),
        want.len(),
        "{what}: {} lines printed, the reference has {}",
        got.len(),
        want.len()
    );
}

/// The `$ backstep <search> ...` commands of `summaries.txt`, each with its
/// exact output (newline-terminated lines).
pub fn summaries_for(search: &str) -> Vec<(String, String)> {
    let prefix = format!("$ backstep {search} ");
    let mut cases: Vec<(String, String)> = Vec::new();
    let mut current: Option<(String, String)> = None;
    for line in SUMMARIES.lines() {
        if let Some(command) = line.strip_prefix("$ ") {
            cases.extend(current.take());
            if line.starts_with(&prefix) || line == prefix.trim_end() {
                current = Some((command.to_string(), String::new()));
            }
        } else if let Some((_, text)) = current.as_mut() {
            text.push_str(line);
            text.push('\n');
        }
    }
    cases.extend(current);
    cases
}
