//! Small pieces of wording that every search's presentation uses: numbers,
//! cells, lists and paths, written straight into a reused buffer.

use std::fmt;

use crate::model::push_digits;

/// An integer in decimal.
#[inline(always)]
pub(crate) fn push_uint(out: &mut String, value: impl itoa::Integer) {
    push_digits(out, itoa::Buffer::new().format(value));
}

/// `(row,col)`.
#[inline(always)]
pub(crate) fn push_cell(out: &mut String, row: u8, col: u8) {
    out.push('(');
    push_uint(out, row);
    out.push(',');
    push_uint(out, col);
    out.push(')');
}

/// `[(0,0),(0,1)]`, as the summary lines write a path.
pub(crate) struct PathText<'a>(pub(crate) &'a [(u8, u8)]);

impl fmt::Display for PathText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (i, (r, c)) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "({r},{c})")?;
        }
        f.write_str("]")
    }
}

/// `[0,3,1]`, as the trace table writes a prefix.
pub(crate) struct ListText<'a>(pub(crate) &'a [u8]);

impl fmt::Display for ListText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (i, item) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{item}")?;
        }
        f.write_str("]")
    }
}

/// Words joined as `a`, `a and b`, `a, b and c`.
pub(crate) fn push_and_list<'s>(
    out: &mut String,
    count: usize,
    words: impl Iterator<Item = &'s str>,
) {
    for (i, word) in words.enumerate() {
        if i > 0 {
            out.push_str(if i + 1 == count { " and " } else { ", " });
        }
        out.push_str(word);
    }
}

/// The plural ending for a count of `n`: `""` for one, `"s"` otherwise.
pub(crate) fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// `solution #2`, or `solution #2, stop` when the search stops at it: how
/// the searches with a cap on solutions end a solution's node.
pub(crate) fn push_numbered_solution(out: &mut String, number: u64, stops: bool) {
    out.push_str("solution #");
    push_uint(out, number);
    if stops {
        out.push_str(", stop");
    }
}
