//! Words, JSON fields and Markdown shared by the N-Queens variants' views
//! (permutations, fundamental, the array and boolean states).

use std::fmt::Write as _;

use crate::model::{Json, Why};
use crate::search::queens::{Attack, Attacks};
use crate::search::{Cause, bits, format_set};
use crate::view::text::{push_and_list, push_cell, push_uint};

/// `[0,3,1]`: a prefix or a board, as the trace table writes it.
pub(crate) fn list(items: &[u8]) -> String {
    let inner: Vec<String> = items.iter().map(u8::to_string).collect();
    format!("[{}]", inner.join(","))
}

/// `{2,3}`: a set of columns or indices given as bits.
pub(crate) fn set(mask: u32) -> String {
    format_set(bits(mask))
}

/// Why predict's answer is column `col`, naming the sets as the Masks
/// panel does: `legal`, the columns no queen attacks, and, where symmetry
/// searches only some of them (the root row), `search`, those it does.
pub(crate) fn lowest_untried(col: u8, legal: u32, searched: u32) -> String {
    if searched == legal {
        format!(
            "column {col} is the lowest legal column not yet tried (legal {})",
            set(legal)
        )
    } else {
        format!(
            "column {col} is the lowest searched column not yet tried (legal {}, search {} by symmetry)",
            set(legal),
            set(searched)
        )
    }
}

/// The JSON fields of a place or undo.
pub(crate) fn cell_fields(json: &mut Json<'_>, row: u8, col: u8) {
    json.uint("row", row).uint("col", col);
}

/// The JSON fields of a reject (without `attackers`).
pub(crate) fn reject_fields(json: &mut Json<'_>, row: u8, col: u8, by: Attacks) {
    json.uint("row", row)
        .uint("col", col)
        .names("by", by.iter().map(Attack::name));
}

/// Why the root's right half is skipped: its mirror images are searched
/// (the trace table's `search {0,1} only (symmetry)`, the tree's
/// `pruned (mirror)`).
pub(crate) const SYMMETRY: Why = Why {
    name: "symmetry",
    pruned: "pruned (mirror)",
};

/// `place (r,c)`, `undo (r,c)`.
pub(crate) fn describe_move(out: &mut String, verb: &str, row: u8, col: u8) {
    out.push_str(verb);
    out.push(' ');
    push_cell(out, row, col);
}

/// `reject (r,c): high diagonal and low diagonal attack column c`, or the
/// symmetry skip, in the mask search's words.
pub(crate) fn describe_reject(out: &mut String, row: u8, col: u8, by: Attacks) {
    if by.contains(Attack::Symmetry) {
        let _ = write!(
            out,
            "reject ({row},{col}): skipped by symmetry, its mirror is searched"
        );
        return;
    }
    // `by.words()`, written in place rather than built as a String.
    let count = by.iter().count();
    out.push_str("reject ");
    push_cell(out, row, col);
    out.push_str(": ");
    push_and_list(out, count, by.iter().map(Attack::words));
    out.push_str(if count > 1 {
        " attack column "
    } else {
        " attacks column "
    });
    push_uint(out, col);
}

/// `solution #k [1,3,0,2], counted once` (or twice by symmetry).
pub(crate) fn describe_solution(
    out: &mut String,
    found: u64,
    queens: impl IntoIterator<Item = u8>,
    weight: u8,
) {
    let counted = if weight == 2 {
        "counted twice by symmetry"
    } else {
        "counted once"
    };
    // The board written as `list` writes it, without a String of its own.
    out.push_str("solution #");
    push_uint(out, found);
    out.push_str(" [");
    for (i, col) in queens.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        push_uint(out, col);
    }
    out.push_str("], ");
    out.push_str(counted);
}

/// The dead end of `row` on a board of `n`: a complete board failing the
/// test, or a row with no legal column.
pub(crate) fn describe_dead_end(out: &mut String, row: u8, n: u8) {
    if row == n {
        out.push_str("dead end: the complete board fails the test");
    } else {
        let _ = write!(out, "dead end at row {row}: no legal column");
    }
}
