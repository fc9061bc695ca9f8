//! The dancing-links matrix: every link in parallel arrays of one arena,
//! indices instead of pointers.
//!
//! Node 0 is the root. Nodes `1..=items` are the item headers, in the item
//! line's order; the primary ones are linked left and right in a circle
//! through the root, the secondary ones each in a circle of their own (so
//! they are never chosen, and covering one leaves the circle as it is).
//! Then come the options' nodes, option by option, one node per item the
//! option names, in its line's order: each is linked up and down into its
//! item's column (a circle through the header, options in input order) and
//! left and right into its option's row (a circle of its own nodes).
//!
//! [`Links::cover`] and [`Links::uncover`] are exact inverses: uncover
//! walks back in the reverse order of cover, so every link it restores is
//! the one that cover's removal left behind (Knuth's "dancing" trick:
//! `right[left[x]] = right[x]` leaves `x`'s own links untouched, and
//! `right[left[x]] = x` puts it back).

use std::sync::Arc;

/// The matrix's links. `top` and `option` never change after building, so
/// clones share them; `left`, `right`, `up`, `down` and `len` dance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Links {
    /// The node to the left: in the item list for headers, in the
    /// option's row for option nodes.
    pub left: Vec<u32>,
    /// The node to the right.
    pub right: Vec<u32>,
    /// The node above, in the item's column.
    pub up: Vec<u32>,
    /// The node below, in the item's column.
    pub down: Vec<u32>,
    /// The item header of each node (a header's is itself, the root's 0).
    pub top: Arc<[u32]>,
    /// The option of each option node (`u32::MAX` for the root and headers).
    pub option: Arc<[u32]>,
    /// The options left in each item's column, indexed by header node
    /// (`len[0]` is unused).
    pub len: Vec<u32>,
    /// The first node of each option, and one past the last option's.
    pub starts: Arc<[u32]>,
}

/// Not an option: the root and the item headers.
pub const NO_OPTION: u32 = u32::MAX;

impl Links {
    /// The matrix of `items` items, the first `primary` of them primary,
    /// and `options` (each a list of 0-based item indices, distinct).
    pub fn new(items: usize, primary: usize, options: &[Vec<u32>]) -> Links {
        let nodes = 1 + items + options.iter().map(Vec::len).sum::<usize>();
        let mut left = vec![0u32; nodes];
        let mut right = vec![0u32; nodes];
        let mut up: Vec<u32> = (0..nodes as u32).collect();
        let mut down: Vec<u32> = (0..nodes as u32).collect();
        let mut top = vec![0u32; nodes];
        let mut option = vec![NO_OPTION; nodes];
        let mut len = vec![0u32; items + 1];
        // The primary items in a circle through the root.
        let ring: Vec<u32> = (0..=primary as u32).collect();
        for (k, &x) in ring.iter().enumerate() {
            left[x as usize] = ring[(k + ring.len() - 1) % ring.len()];
            right[x as usize] = ring[(k + 1) % ring.len()];
        }
        // The secondary ones each on their own.
        for x in primary + 1..=items {
            left[x] = x as u32;
            right[x] = x as u32;
        }
        for (x, t) in top.iter_mut().enumerate().take(items + 1).skip(1) {
            *t = x as u32;
        }
        let mut starts = Vec::with_capacity(options.len() + 1);
        let mut next = items + 1;
        for (o, option_items) in options.iter().enumerate() {
            starts.push(next as u32);
            let first = next;
            let last = next + option_items.len() - 1;
            for (k, &item) in option_items.iter().enumerate() {
                let x = next + k;
                let header = item as usize + 1;
                top[x] = header as u32;
                option[x] = o as u32;
                // Into the bottom of the column, just above the header.
                let above = up[header];
                up[x] = above;
                down[x] = header as u32;
                down[above as usize] = x as u32;
                up[header] = x as u32;
                len[header] += 1;
                // Into the option's row.
                left[x] = if x == first { last } else { x - 1 } as u32;
                right[x] = if x == last { first } else { x + 1 } as u32;
            }
            next = last + 1;
        }
        starts.push(next as u32);
        Links {
            left,
            right,
            up,
            down,
            top: top.into(),
            option: option.into(),
            len,
            starts: starts.into(),
        }
    }

    /// Covers the item whose header is `c`: takes it out of the item list,
    /// and hides every other node of every option in its column from that
    /// node's own column. Returns the updates: the nodes hidden.
    #[inline]
    pub fn cover(&mut self, c: u32) -> u64 {
        let c = c as usize;
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l as usize] = r;
        self.left[r as usize] = l;
        let mut updates = 0;
        let mut i = self.down[c] as usize;
        while i != c {
            let mut j = self.right[i] as usize;
            while j != i {
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u as usize] = d;
                self.up[d as usize] = u;
                self.len[self.top[j] as usize] -= 1;
                updates += 1;
                j = self.right[j] as usize;
            }
            i = self.down[i] as usize;
        }
        updates
    }

    /// Undoes [`Links::cover`] of the same item, walking its column bottom
    /// to top and each row right to left: the reverse of cover's order.
    #[inline]
    pub fn uncover(&mut self, c: u32) {
        let c = c as usize;
        let mut i = self.up[c] as usize;
        while i != c {
            let mut j = self.left[i] as usize;
            while j != i {
                self.len[self.top[j] as usize] += 1;
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u as usize] = j as u32;
                self.up[d as usize] = j as u32;
                j = self.left[j] as usize;
            }
            i = self.up[i] as usize;
        }
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l as usize] = c as u32;
        self.left[r as usize] = c as u32;
    }

    /// Covers the items of the option of node `r` other than `r`'s own,
    /// left to right. Returns the updates.
    #[inline]
    pub fn cover_others(&mut self, r: u32) -> u64 {
        let mut updates = 0;
        let mut j = self.right[r as usize];
        while j != r {
            updates += self.cover(self.top[j as usize]);
            j = self.right[j as usize];
        }
        updates
    }

    /// Undoes [`Links::cover_others`], right to left.
    #[inline]
    pub fn uncover_others(&mut self, r: u32) {
        let mut j = self.left[r as usize];
        while j != r {
            self.uncover(self.top[j as usize]);
            j = self.left[j as usize];
        }
    }

    /// The primary item (header node) with the fewest options left, the
    /// first in the item list on ties; `None` when no primary item is left.
    #[inline]
    pub fn fewest(&self) -> Option<u32> {
        let mut best = None;
        let mut fewest = u32::MAX;
        let mut c = self.right[0];
        while c != 0 {
            let len = self.len[c as usize];
            if len < fewest {
                fewest = len;
                best = Some(c);
                if len == 0 {
                    break;
                }
            }
            c = self.right[c as usize];
        }
        best
    }

    /// The primary items still in the item list (header nodes), in order.
    pub fn active(&self) -> Vec<u32> {
        let mut out = Vec::new();
        let mut c = self.right[0];
        while c != 0 {
            out.push(c);
            c = self.right[c as usize];
        }
        out
    }

    /// The options still in the column of the item with header `c`, top
    /// to bottom.
    pub fn column(&self, c: u32) -> Vec<u32> {
        let mut out = Vec::new();
        let mut i = self.down[c as usize];
        while i != c {
            out.push(self.option[i as usize]);
            i = self.down[i as usize];
        }
        out
    }

    /// Whether the primary item with header `c` is in the item list (not
    /// covered). A secondary item's circle is its own, so this says
    /// nothing of it: the search's view knows which are covered.
    pub fn is_listed(&self, c: u32) -> bool {
        self.right[self.left[c as usize] as usize] == c
    }

    /// The heap the arrays own.
    pub fn heap_bytes(&self) -> usize {
        let word = std::mem::size_of::<u32>();
        (self.left.capacity()
            + self.right.capacity()
            + self.up.capacity()
            + self.down.capacity()
            + self.len.capacity())
            * word
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// The options of Knuth's 7-item example: C E F / A D G / B C F / A D /
    /// B G / D E G.
    pub(in crate::search::cover) fn knuth_options() -> Vec<Vec<u32>> {
        vec![
            vec![2, 4, 5],
            vec![0, 3, 6],
            vec![1, 2, 5],
            vec![0, 3],
            vec![1, 6],
            vec![3, 4, 6],
        ]
    }

    fn knuth() -> Links {
        Links::new(7, 7, &knuth_options())
    }

    #[test]
    fn columns_hold_their_options_in_input_order() {
        let links = knuth();
        assert_eq!(links.column(1), vec![1, 3]); // A
        assert_eq!(links.column(4), vec![1, 3, 5]); // D
        assert_eq!(links.len[7], 3); // G
        assert_eq!(links.active(), (1..=7).collect::<Vec<_>>());
    }

    #[test]
    fn cover_then_uncover_restores_every_link() {
        let fresh = knuth();
        for c in 1..=7 {
            let mut links = fresh.clone();
            let updates = links.cover(c);
            assert!(updates > 0);
            assert!(!links.is_listed(c));
            links.uncover(c);
            assert_eq!(links, fresh, "item {c}");
        }
        // Nested, undone in reverse.
        let mut links = fresh.clone();
        links.cover(1);
        links.cover(4);
        links.cover(7);
        links.uncover(7);
        links.uncover(4);
        links.uncover(1);
        assert_eq!(links, fresh);
    }

    #[test]
    fn covering_a_counts_the_nodes_it_hides() {
        // A's options are 1 (A D G) and 3 (A D): D, G and D are hidden.
        let mut links = knuth();
        assert_eq!(links.cover(1), 3);
        assert_eq!(links.column(4), vec![5]);
        assert_eq!(links.len[7], 2);
    }

    #[test]
    fn secondary_items_are_never_chosen() {
        let links = Links::new(3, 1, &[vec![0, 1], vec![0, 2]]);
        assert_eq!(links.active(), vec![1]);
        assert_eq!(links.fewest(), Some(1));
    }
}
