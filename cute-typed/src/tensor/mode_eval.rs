//! [`ModeEval`]: a layout's leaves grouped by top-level mode, to evaluate
//! coordinates of the form "one 1-D index per mode" without building
//! coordinate tuples — the path of tiling and partitioning loops. A mode's
//! offset is the evaluation engine's ([`crate::dynamic::index_offset`] over
//! the mode's [`crate::dynamic::Terms`]), as for every layout.
use crate::dynamic::index_offset;
use crate::dynamic::{DInt, DLayout, DTuple, Terms, CAPACITY};
use crate::error::Error;

/// The leaves of a layout by top-level mode.
#[derive(Clone, Debug)]
pub(crate) struct ModeEval {
    shape: [i64; CAPACITY],
    stride: [i64; CAPACITY],
    /// Mode `i` owns leaves `start[i]..start[i + 1]`.
    start: [u8; CAPACITY + 1],
    modes: usize,
    /// The layout's shape and stride as tuples of modes (an integer shape is
    /// one mode), and the node position of each mode in them.
    shape_modes: DTuple,
    stride_modes: DTuple,
    node: [u8; CAPACITY],
}

impl ModeEval {
    /// The modes of `l` (an integer-shaped layout is one mode).
    pub(crate) fn new(l: &DLayout) -> Result<ModeEval, Error> {
        let shape = l.shape().as_tuple();
        let stride = l.stride().as_tuple();
        let mut out = ModeEval {
            shape: [0; CAPACITY],
            stride: [0; CAPACITY],
            start: [0; CAPACITY + 1],
            modes: shape.rank(),
            shape_modes: shape.clone(),
            stride_modes: stride.clone(),
            node: [0; CAPACITY],
        };
        let mut k = 0usize;
        let mut node = 1usize;
        for i in 0..shape.rank() {
            let (s, d) = (shape.get(i)?, stride.get(i)?);
            out.node[i] = node as u8;
            node = shape.subtree_end(node);
            out.start[i] = k as u8;
            for leaf in 0..s.leaf_count() {
                out.shape[k] = s.leaf(leaf).value;
                out.stride[k] = d.leaf(leaf).value;
                k += 1;
            }
        }
        out.start[shape.rank()] = k as u8;
        Ok(out)
    }
    /// Number of top-level modes.
    pub(crate) fn modes(&self) -> usize {
        self.modes
    }
    /// Mode `i` at its 1-D index `c`: split colexicographically over the mode's
    /// leaves, the last leaf taking the rest (CuTe's `crd2idx`).
    pub(crate) fn mode_offset(&self, i: usize, c: i64) -> Result<i64, Error> {
        if i >= self.modes {
            return Err(Error::ModeOutOfRange {
                index: i,
                rank: self.modes,
            });
        }
        let terms = Terms::at_node(&self.shape_modes, &self.stride_modes, self.node[i] as usize);
        Ok(index_offset(terms, DInt::d(c))?.value)
    }
    /// Size of mode `i`.
    pub(crate) fn mode_size(&self, i: usize) -> Result<i64, Error> {
        let (b, e) = (self.start[i] as usize, self.start[i + 1] as usize);
        self.shape[b..e]
            .iter()
            .try_fold(1i64, |acc, &s| acc.checked_mul(s))
            .ok_or(Error::Overflow)
    }
    /// Coordinate of index `t` in a thread layout, one 1-D index per mode (CuTe's
    /// `get_flat_coord`, see [`super::thread_coord`]): over the engine's walk of
    /// each mode ([`Terms`]), leaf `k` has the coordinate `(t / dₖ) mod sₖ`
    /// (0 for an extent 1), weighted by the term's `divₖ` (the product of the
    /// mode's leaves before it) into the mode's 1-D index.
    pub(crate) fn flat_coord_of(&self, t: i64, out: &mut [i64]) -> Result<(), Error> {
        for (i, slot) in out.iter_mut().enumerate().take(self.modes) {
            let terms =
                Terms::at_node(&self.shape_modes, &self.stride_modes, self.node[i] as usize);
            let mut index = 0i64;
            for term in terms {
                let (extent, step) = (term.extent.value, term.stride.value);
                let c = if extent == 1 {
                    0
                } else if step == 0 {
                    return Err(Error::NotInjective);
                } else {
                    let q = euclid(t.checked_div(step), step)?;
                    euclid(q.checked_rem_euclid(extent), extent)?
                };
                let scale = term.div.ok_or(Error::Overflow)?.value;
                index = index
                    .checked_add(c.checked_mul(scale).ok_or(Error::Overflow)?)
                    .ok_or(Error::Overflow)?;
            }
            *slot = index;
        }
        Ok(())
    }
}

/// The result of a checked Euclidean division or remainder by `divisor`: `None`
/// means division by zero, or `i64::MIN / -1`.
fn euclid(r: Option<i64>, divisor: i64) -> Result<i64, Error> {
    r.ok_or(if divisor == 0 {
        Error::DivisionByZero
    } else {
        Error::Overflow
    })
}
