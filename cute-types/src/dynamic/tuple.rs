//! [`FixedTuple`]: a nested tuple of [`DInt`]s (CuTe's IntTuple) in a
//! fixed-capacity, `Copy`, `const`-friendly form: the compile-time form of the
//! typed layer (patterns, static results). Run-time values use the compact
//! [`DTuple`](crate::DTuple), which has no node ceiling.
use super::int::DInt;
use super::tuple_methods::{tuple_methods, tuple_text_methods, K_LEAF, K_STAR};
use crate::error::Error;
use crate::tri;

/// Maximum number of nodes (leaves plus tuples) of one [`FixedTuple`].
///
/// Fixed capacity keeps [`FixedTuple`] `Copy` and usable in `const fn`, which is what
/// lets one algorithm serve both compile time and run time. 64 nodes hold far more
/// than the layouts of real kernels (a 4-level, rank-4 layout has fewer than 30).
pub const CAPACITY: usize = 64;

const LEAF: u8 = u8::MAX;
/// Node kind of the slicing placeholder `_` (only meaningful in coordinates).
const STAR: u8 = u8::MAX - 1;
/// Largest number of children of one tuple node.
const MAX_CHILDREN: u8 = STAR - 1;

/// A nested tuple whose leaves are [`DInt`]s: CuTe's IntTuple (shape, stride or coordinate).
///
/// Stored in prefix order: each node is either a leaf (with a value) or a tuple
/// node that records how many children follow. A tuple is either a single
/// integer (`4`) or a tuple (`(4,(2,2))`), possibly empty (`()`).
///
/// The fixed form has room for [`CAPACITY`] nodes ([`Error::Capacity`] beyond
/// it); it is `Copy` and its methods are `const fn`, for the typed layer's
/// compile-time values. Not a user API: run-time values are [`DTuple`](crate::DTuple).
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct FixedTuple {
    len: u8,
    kinds: [u8; N],
    vals: [i64; N],
    statics: u64,
}

/// The room of the fixed form's arrays, under the name its bodies use.
pub(crate) const N: usize = CAPACITY;
/// [`FixedTuple`] under the bodies' name (the compact form's module gives the
/// same name to the compact tuple, so that the bodies read the same in both).
pub(crate) type DTupleN<const M: usize> = FixedTuple;

impl DTupleN<N> {
    /// Largest number of children of one tuple node.
    pub(crate) const MAX_CHILDREN: u32 = MAX_CHILDREN as u32;

    // The storage primitives (see `tuple_methods`).

    /// The tuple of the nodes `kinds`, `vals` (bit `p` of `statics`: whether
    /// node `p` is static) in this form's own encoding (the compact form's
    /// inline one is the same): at most `N` nodes, each tuple node with fewer
    /// than `MAX_CHILDREN` children (the caller's to know).
    #[cfg(feature = "alloc")]
    pub(crate) fn from_nodes(kinds: &[u8], vals: &[i64], statics: u64) -> DTupleN<N> {
        let mut t = Self::blank();
        t.set_nodes(kinds, vals, statics);
        t
    }
    /// This blank tuple made [`DTupleN::from_nodes`]`(kinds, vals, statics)`,
    /// in place.
    #[cfg(feature = "alloc")]
    pub(crate) fn set_nodes(&mut self, kinds: &[u8], vals: &[i64], statics: u64) {
        let n = kinds.len();
        self.kinds[..n].copy_from_slice(kinds);
        self.vals[..n].copy_from_slice(vals);
        // (flags of nodes past the last are not kept)
        self.statics = statics & u64::MAX.checked_shr(64 - n as u32).unwrap_or(0);
        self.len = n as u8;
    }
    /// No nodes at all (not a valid tuple until a root is set).
    pub(crate) const fn blank() -> DTupleN<N> {
        DTupleN {
            len: 0,
            kinds: [0; N],
            vals: [0; N],
            statics: 0,
        }
    }
    /// Number of nodes.
    pub const fn node_count(&self) -> usize {
        self.len as usize
    }
    pub(crate) const fn kind_at(&self, p: usize) -> u32 {
        match self.kinds[p] {
            LEAF => K_LEAF,
            STAR => K_STAR,
            k => k as u32,
        }
    }
    pub(crate) const fn val_at(&self, p: usize) -> i64 {
        self.vals[p]
    }
    pub(crate) const fn static_at(&self, p: usize) -> bool {
        self.statics & (1u64 << p) != 0
    }
    pub(crate) const fn set_node(&mut self, p: usize, kind: u32, value: i64, is_static: bool) {
        self.kinds[p] = match kind {
            K_LEAF => LEAF,
            K_STAR => STAR,
            k => k as u8,
        };
        self.vals[p] = value;
        if is_static {
            self.statics |= 1u64 << p;
        } else {
            self.statics &= !(1u64 << p);
        }
    }
    pub(crate) const fn set_kind(&mut self, p: usize, kind: u32) {
        self.kinds[p] = kind as u8;
    }
    pub(crate) const fn set_len(&mut self, n: usize) {
        self.len = n as u8;
    }
    /// Nodes `[start, end)` of `src` written from position `at`.
    pub(crate) const fn copy_nodes(
        &mut self,
        at: usize,
        src: &DTupleN<N>,
        start: usize,
        end: usize,
    ) {
        let mut i = start;
        while i < end {
            self.set_node(
                at + i - start,
                src.kind_at(i),
                src.val_at(i),
                src.static_at(i),
            );
            i += 1;
        }
    }
    /// Room for `n` nodes: [`Error::Capacity`] past `N`.
    pub(crate) const fn reserve_nodes(&self, n: usize) -> Result<(), Error> {
        if n > N {
            return Err(Error::Capacity);
        }
        Ok(())
    }
    pub(crate) const fn usize_list(_n: usize) -> [usize; N] {
        [0; N]
    }
    /// A copy (what `clone` is on the compact form).
    pub(crate) const fn dup(&self) -> DTupleN<N> {
        *self
    }

    tuple_methods!(const);
}

impl PartialEq for DTupleN<N> {
    /// Equal structure, values and static flags.
    fn eq(&self, o: &DTupleN<N>) -> bool {
        self.eq_exact(o)
    }
}
impl Eq for DTupleN<N> {}

impl core::fmt::Debug for DTupleN<N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Display::fmt(self, f)
    }
}

/// One piece of a tuple's text, in writing order (see [`DTupleN::for_each_token`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    /// `(`
    Open,
    /// `)`
    Close,
    /// `,` between two modes
    Comma,
    /// an integer leaf
    Int(DInt),
    /// the placeholder `_`
    Underscore,
}

impl DTupleN<N> {
    tuple_text_methods!();
}

impl core::fmt::Display for DTupleN<N> {
    /// CuTe notation: `(_4,(2,2))`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.for_each_token(|t| match t {
            Token::Open => f.write_str("("),
            Token::Close => f.write_str(")"),
            Token::Comma => f.write_str(","),
            Token::Int(v) => write!(f, "{v}"),
            Token::Underscore => f.write_str("_"),
        })
    }
}
