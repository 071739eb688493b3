//! [`TvLayout`]: `(thread, value) → (m, n)` as a layout.
use crate::dynamic::{FixedLayout, FixedTuple};
use crate::error::Error;

/// Most tile elements [`TvLayout::owners`] builds a table for.
pub const MAX_OWNER_CELLS: usize = 1 << 20;
/// Most `(thread, value)` pairs [`TvLayout::owners`] visits.
pub const MAX_OWNER_PAIRS: i64 = 1 << 22;

/// A thread–value layout: `layout(t, v)` is the column-major index
/// `m + M·n` of the element of an `M × N` tile that thread `t` holds as its
/// value `v`.
///
/// This is CuTe's `(thr, val) -> idx` convention (`get_layoutC_TV`,
/// `make_layout_tv`). Elements no `(t, v)` maps to are nobody's; elements
/// several map to are shared (a broadcast, as in wgmma's shared-memory operands).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TvLayout {
    layout: FixedLayout,
    tile: (i64, i64),
}

impl TvLayout {
    /// `layout` over an `m × n` tile. Errors unless `layout` has rank 2 and every
    /// index it produces lies in `[0, m·n)` ([`Error::OutOfDomain`]).
    pub fn new<L: crate::tensor::TensorLayout>(
        layout: L,
        m: i64,
        n: i64,
    ) -> Result<TvLayout, Error> {
        Self::from_fixed(layout.to_dlayout().to_fixed()?, m, n)
    }
    /// [`TvLayout::new`] of the fixed form.
    pub(crate) fn from_fixed(layout: FixedLayout, m: i64, n: i64) -> Result<TvLayout, Error> {
        if layout.rank() != 2 {
            return Err(Error::CoordinateMismatch);
        }
        if m <= 0 || n <= 0 {
            return Err(Error::NonPositiveShape);
        }
        let (lo, hi) = crate::tensor::index_range_of(&crate::DLayout::from_fixed(&layout))?;
        let cells = m.checked_mul(n).ok_or(Error::Overflow)?;
        if lo < 0 || hi >= cells {
            return Err(Error::OutOfDomain);
        }
        Ok(TvLayout {
            layout,
            tile: (m, n),
        })
    }
    /// The layout `(thread, value) → index`.
    pub fn layout(&self) -> crate::DLayout {
        crate::DLayout::from_fixed(&self.layout)
    }
    /// The tile `(M, N)`.
    pub fn tile(&self) -> (i64, i64) {
        self.tile
    }
    /// The tile as a shape `(M,N)`.
    pub fn tile_shape(&self) -> Result<crate::DTuple, Error> {
        crate::DTuple::tuple(&[crate::DTuple::d(self.tile.0), crate::DTuple::d(self.tile.1)])
    }
    /// Number of threads: the size of mode 0.
    pub fn threads(&self) -> Result<i64, Error> {
        Ok(self.layout.shape().get(0)?.product()?.value)
    }
    /// Number of values per thread: the size of mode 1.
    pub fn values(&self) -> Result<i64, Error> {
        Ok(self.layout.shape().get(1)?.product()?.value)
    }
    /// The column-major tile index of thread `t`'s value `v`.
    pub fn index(&self, t: i64, v: i64) -> Result<i64, Error> {
        if t < 0 || t >= self.threads()? || v < 0 || v >= self.values()? {
            return Err(Error::OutOfDomain);
        }
        let c = FixedTuple::tuple(&[FixedTuple::d(t), FixedTuple::d(v)])?;
        Ok(self.layout.eval(&c)?.value)
    }
    /// The tile coordinate `(m, n)` of thread `t`'s value `v`.
    pub fn coord(&self, t: i64, v: i64) -> Result<(i64, i64), Error> {
        let i = self.index(t, v)?;
        Ok((i % self.tile.0, i / self.tile.0))
    }
    /// Whether every element of the tile is held by exactly one `(thread, value)`.
    /// (Tiles up to 2^16 elements; larger ones are [`Error::Unsupported`].)
    pub fn is_bijective(&self) -> Result<bool, Error> {
        let cells = self.tile.0 * self.tile.1;
        if cells > 1 << 16 {
            return Err(Error::Unsupported);
        }
        // A product that does not fit in i64 is certainly not the (small) cell count.
        if self.threads()?.checked_mul(self.values()?) != Some(cells) {
            return Ok(false);
        }
        let mut seen = [0u64; 1 << 10];
        for i in crate::tensor::Offsets::new(&crate::DLayout::from_fixed(&self.layout), 0)? {
            let (word, bit) = ((i / 64) as usize, i % 64);
            if seen[word] & (1 << bit) != 0 {
                return Ok(false);
            }
            seen[word] |= 1 << bit;
        }
        Ok(true)
    }
    /// The owner of each tile element as CuTe's pictures choose it: the first
    /// `(t, v)` in thread-major order (threads outer, values inner) that maps to
    /// it. `owners[m + M·n]` is `None` for an element nobody holds.
    ///
    /// Tiles of more than [`MAX_OWNER_CELLS`] elements, and layouts of more than
    /// [`MAX_OWNER_PAIRS`] `(t, v)` pairs (stride-0 modes can make those many
    /// more than the tile's elements), are [`Error::TooLarge`]: the table is
    /// built in memory, one pair at a time.
    #[cfg(feature = "alloc")]
    pub fn owners(&self) -> Result<crate::tv::alloc::vec::Vec<Option<(i64, i64)>>, Error> {
        let cells = usize::try_from(self.tile.0 * self.tile.1).map_err(|_| Error::Overflow)?;
        let threads = self.threads()?;
        let values = self.values()?;
        let pairs = threads.checked_mul(values).ok_or(Error::TooLarge)?;
        if cells > MAX_OWNER_CELLS || pairs > MAX_OWNER_PAIRS {
            return Err(Error::TooLarge);
        }
        let mut out = crate::tv::alloc::vec![None; cells];
        for t in 0..threads {
            for v in 0..values {
                let i = self.index(t, v)? as usize;
                if out[i].is_none() {
                    out[i] = Some((t, v));
                }
            }
        }
        Ok(out)
    }
}
