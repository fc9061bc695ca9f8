//! The tree names a choice as the table does: for every search the
//! registry knows and every variant its command line can pick
//! (`Kind::variants`), at every one of the first steps and a sample of
//! later ones, each node label the Search tree panel draws (read off the
//! frame, as `--print frame --panel tree` draws it, where the label's
//! click spot says which node it is) is the choice that node's parent
//! placed, in the words `--print table` gives it: whenever the node before
//! it in the table was decided by a placement (`place X`, or `...; place
//! X`), that placement entered this node, and its label must be `X`.
//!
//! The table comes from the real binary, a straight run in another
//! process; the screen is opened in-process (`launch::open`) and stepped.
//! A new search, or a new option of one, is covered with no new line here.
//! The Word Search and words Path panels, which list the open cells, are
//! held to the same labels.

use std::collections::BTreeMap;

use backstep::launch::{self, Kind, Opened};
use backstep::registry::KINDS;
use backstep::ui::keys::Action;
use backstep::ui::mouse::Spot;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::told::{instance, steps, table, trace};
use super::{Rng, backstep_ok};

/// The frame the tree is read from: big, so that many labels are drawn.
const SIZE: (u16, u16) = (160, 48);

/// The choice a table row's outcome says its node placed first: the `X`
/// of `place X` (after the node's lead, if any); `None` for a node that
/// ended, or was left, before placing anything.
fn placed_first(outcome: &str) -> Option<&str> {
    let decision = outcome.rsplit_once("; ").map_or(outcome, |(_, last)| last);
    decision.strip_prefix("place ")
}

/// The text of `area` of `buffer` (one row).
fn text_at(buffer: &Buffer, area: Rect) -> String {
    (area.x..area.right())
        .map(|x| buffer[(x, area.y)].symbol())
        .collect()
}

/// Each tree node label drawn on `screen`'s frame: the node's number as
/// the table gives it, the label's text, and whether the panel's edge cut
/// it (then only its start is drawn).
fn drawn_labels(screen: &dyn Opened) -> Vec<(u64, String, bool)> {
    let buffer = screen.frame(SIZE.0, SIZE.1).expect("a frame");
    let spots = screen.spots();
    // The panel the labels lie in (the tree, which the wheel scrolls).
    let Some(panel) = spots.iter().find_map(|&(area, spot)| match spot {
        Spot::Nodes => Some(area),
        _ => None,
    }) else {
        return Vec::new();
    };
    spots
        .iter()
        .filter_map(|&(area, spot)| match spot {
            Spot::Node { number, .. } => {
                let cut = area.right() + 1 >= panel.right();
                Some((number, text_at(&buffer, area), cut))
            }
            _ => None,
        })
        .collect()
}

/// Checks one variant; returns how many labels it compared.
fn check_variant(kind: &dyn Kind, variant: &[String], rng: &mut Rng) -> usize {
    let mut variant = variant.to_vec();
    variant.splice(0..0, instance(kind));
    let mut args = vec![kind.name().to_string()];
    args.extend(variant.iter().cloned());
    let rows: BTreeMap<String, Vec<String>> = table(&args);
    let total = trace(&args).len() as u64;
    let mut screen = launch::open(kind, &variant).expect("the variant opens");
    screen.act(Action::Tree);
    let mut compared = 0;
    for step in steps(total, rng) {
        screen.go_to(step);
        for (number, drawn, cut) in drawn_labels(screen.as_ref()) {
            let Some(before) = rows.get(&(number - 1).to_string()) else {
                continue;
            };
            let outcome = before.last().expect("an outcome column");
            let Some(choice) = placed_first(outcome) else {
                continue;
            };
            let shown = drawn.trim_end_matches(['…', '.']);
            let whole = drawn == choice;
            let started = cut && !shown.is_empty() && choice.starts_with(shown);
            assert!(
                whole || started,
                "{args:?} at step {step}: the tree labels node {number} `{drawn}`, \
                 where --print table says node {} placed `{choice}` (`{outcome}`)",
                number - 1
            );
            compared += 1;
        }
    }
    // A run that places something has labels to compare (one that places
    // nothing, a puzzle solved by its forced cells alone, has only a root).
    let places = rows
        .values()
        .filter_map(|row| row.last())
        .any(|outcome| placed_first(outcome).is_some());
    assert!(
        compared > 0 || !places,
        "{args:?}: no tree label was compared"
    );
    compared
}

#[test]
fn every_tree_label_is_its_choice_as_the_table_says_it() {
    let mut rng = Rng::new(26);
    for kind in KINDS {
        let compared: usize = kind
            .variants()
            .iter()
            .map(|variant| check_variant(*kind, variant, &mut rng))
            .sum();
        assert!(compared > 0, "{}: no tree label was compared", kind.name());
    }
}

#[test]
fn the_first_placement_is_read_after_the_lead() {
    assert_eq!(placed_first("place 0"), Some("0"));
    assert_eq!(
        placed_first("search {0,1} only (symmetry); place 0"),
        Some("0")
    );
    assert_eq!(
        placed_first("forced (0,1)=2 naked, (0,2)=3 naked; place (3,3)=4"),
        Some("(3,3)=4")
    );
    assert_eq!(placed_first("dead end"), None);
    assert_eq!(placed_first("forced (0,1)=2 naked; solution #1"), None);
    assert_eq!(placed_first(""), None);
}

/// The rows of `buffer`, as text.
fn rows_of(buffer: &Buffer) -> Vec<String> {
    let area = buffer.area;
    (area.y..area.bottom())
        .map(|y| text_at(buffer, Rect::new(area.x, y, area.width, 1)))
        .collect()
}

/// The searches whose Path panel lists the open cells: at every step, the
/// path is the open nodes' tree labels, outermost first (the open nodes
/// read off `--print jsonl`: a `place` opens the node it counts, an
/// `undo` closes the deepest), in the very words the tree draws them.
#[test]
fn a_word_path_names_its_cells_as_the_tree_labels_them() {
    for search in ["word", "words"] {
        let kind = KINDS
            .iter()
            .find(|kind| kind.name() == search)
            .expect("a registered search");
        let jsonl = backstep_ok(&[search, "--print", "jsonl"]);
        let mut screen = launch::open(*kind, &[]).expect("the search opens");
        screen.act(Action::Tree);
        let mut open: Vec<u64> = Vec::new();
        let mut compared = 0;
        for (step, line) in (1..).zip(jsonl.lines()) {
            let event: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            match event["event"].as_str() {
                Some("place") => open.push(event["nodes"].as_u64().expect("a node count")),
                Some("undo") => {
                    open.pop();
                }
                _ => {}
            }
            screen.go_to(step);
            let labels: BTreeMap<u64, String> = drawn_labels(screen.as_ref())
                .into_iter()
                .filter(|(_, _, cut)| !cut)
                .map(|(number, text, _)| (number, text))
                .collect();
            let Some(path) = open
                .iter()
                .map(|number| labels.get(number).cloned())
                .collect::<Option<Vec<String>>>()
                .filter(|path| !path.is_empty())
            else {
                continue;
            };
            let frame = screen.frame(SIZE.0, SIZE.1).expect("a frame");
            let want = format!("│path {} ", path.join(" "));
            assert!(
                rows_of(&frame).iter().any(|row| row.starts_with(&want)),
                "{search} at step {step}: no Path line reads `{want}`"
            );
            compared += 1;
        }
        assert!(compared > 3, "{search}: only {compared} paths compared");
    }
}
