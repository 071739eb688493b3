//! Thread–value layouts: which element of a tile each thread moves.
use super::TileError;
use cute_typed::{algebra::composition, DLayout};

/// The most values one thread may move in one copy.
pub const MAX_VALUES: usize = 256;

/// A thread–value layout `TV : (thread, value) → tile index` over a tile of
/// static extents (the index is colexicographic: `i₀ + T₀·(i₁ + T₁·…)`).
/// CuTe's TV layouts of a tiled copy: thread `t` moves elements
/// `TV(t, 0), TV(t, 1), …` of the tile.
///
/// Preconditions, checked by [`ThreadValues::new`]: `TV` has rank 2, at most
/// [`MAX_VALUES`] values per thread, and every index lies inside the tile.
///
/// ```
/// use cute_gpu::tile::ThreadValues;
/// // 32×32 tile, 256 threads: thread t owns row t/8, columns 4·(t%8)..+4
/// let tv = ThreadValues::new("((8,32),4):((128,1),32)", &[32, 32]).unwrap();
/// assert_eq!((tv.threads(), tv.values()), (256, 4));
/// ```
#[derive(Clone, Debug)]
pub struct ThreadValues {
    pub(crate) layout: DLayout,
    pub(crate) thr: DLayout,
    pub(crate) tile: Vec<u32>,
    threads: usize,
    values: usize,
    /// `TV(t, v)` at `t + threads·v`
    pub(crate) idx: Vec<i64>,
}

/// A layout from text or a typed/dynamic layout.
pub trait IntoLayout {
    /// The layout, or why not.
    fn into_layout(self) -> Result<DLayout, TileError>;
}

impl IntoLayout for &str {
    fn into_layout(self) -> Result<DLayout, TileError> {
        cute_typed::parse_layout(self).map_err(|_| TileError::Layout("the text is not a layout"))
    }
}

impl IntoLayout for DLayout {
    fn into_layout(self) -> Result<DLayout, TileError> {
        Ok(self)
    }
}

impl IntoLayout for &DLayout {
    fn into_layout(self) -> Result<DLayout, TileError> {
        Ok(self.clone())
    }
}

impl<S: cute_typed::Congruent<D>, D: cute_typed::IntTuple> IntoLayout for cute_typed::Layout<S, D> {
    fn into_layout(self) -> Result<DLayout, TileError> {
        Ok(self.into())
    }
}

fn size_of(l: &DLayout) -> Result<usize, TileError> {
    let n = l
        .size()
        .map_err(|_| TileError::Overflow("a layout's size"))?
        .value;
    usize::try_from(n).map_err(|_| TileError::Layout("negative size"))
}

impl ThreadValues {
    /// Checks `tv` against a tile of extents `tile` and tabulates it.
    pub fn new(tv: impl IntoLayout, tile: &[u32]) -> Result<ThreadValues, TileError> {
        let layout = tv.into_layout()?;
        if layout.rank() != 2 {
            return Err(TileError::Layout("a thread-value layout has rank 2"));
        }
        if tile.is_empty() || tile.len() > 4 || tile.contains(&0) {
            return Err(TileError::Layout("a tile has 1 to 4 positive extents"));
        }
        let bad = |_| TileError::Layout("mode of a thread-value layout");
        let (thr, val) = (layout.get(0).map_err(bad)?, layout.get(1).map_err(bad)?);
        let (threads, values) = (size_of(&thr)?, size_of(&val)?);
        if values == 0 || values > MAX_VALUES || threads == 0 || threads > 1024 {
            return Err(TileError::Layout(
                "1..=1024 threads and 1..=256 values per thread",
            ));
        }
        let cells: u64 = tile.iter().map(|&e| e as u64).product();
        let mut idx = Vec::with_capacity(threads * values);
        for v in 0..values {
            for t in 0..threads {
                let i = layout
                    .at((t + threads * v) as i64)
                    .map_err(|_| TileError::Overflow("a thread-value index"))?;
                if i < 0 || i as u64 >= cells {
                    return Err(TileError::Layout("thread-value index outside the tile"));
                }
                idx.push(i);
            }
        }
        Ok(ThreadValues {
            layout,
            thr,
            tile: tile.to_vec(),
            threads,
            values,
            idx,
        })
    }

    /// Threads (size of mode 0).
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Values per thread (size of mode 1).
    pub fn values(&self) -> usize {
        self.values
    }

    /// The tile extents.
    pub fn tile(&self) -> &[u32] {
        &self.tile
    }

    /// The layout.
    pub fn layout(&self) -> &DLayout {
        &self.layout
    }

    /// `TV(t, v)`.
    pub(crate) fn at(&self, t: usize, v: usize) -> i64 {
        self.idx[t + self.threads * v]
    }

    /// The coordinate along tile mode `mode` of tile index `i`.
    pub(crate) fn coord(&self, i: i64, mode: usize) -> i64 {
        let mut i = i;
        for &e in &self.tile[..mode] {
            i /= e as i64;
        }
        i % self.tile[mode] as i64
    }

    /// Splits `f ∘ TV` into `P(t) + Q(v)`: `P = f ∘ thr` as a layout (evaluated at
    /// run time from the thread index) and `Q(v)` a table (immediates). `f` maps
    /// tile indices; `g` is `f` as a function, used to verify the split for every
    /// `(t, v)`.
    pub(crate) fn split(
        &self,
        f: &DLayout,
        g: impl Fn(i64) -> i64,
        what: &'static str,
    ) -> Result<(DLayout, Vec<i64>), TileError> {
        let p = composition(f, &self.thr).map_err(|_| TileError::NotSeparable(what))?;
        let mut q = Vec::with_capacity(self.values);
        for v in 0..self.values {
            let qv = g(self.at(0, v)) - p.at(0).map_err(|_| TileError::NotSeparable(what))?;
            q.push(qv);
        }
        for t in 0..self.threads {
            let pt = p.at(t as i64).map_err(|_| TileError::NotSeparable(what))?;
            for (v, qv) in q.iter().enumerate() {
                if g(self.at(t, v)) != pt + qv {
                    return Err(TileError::NotSeparable(what));
                }
            }
        }
        Ok((p, q))
    }

    /// The layout `tile → coordinate along mode` (stride 1 on that mode, 0 on the others).
    pub(crate) fn coord_layout(&self, mode: usize) -> Result<DLayout, TileError> {
        let shape: Vec<String> = self.tile.iter().map(|e| e.to_string()).collect();
        let stride: Vec<&str> = (0..self.tile.len())
            .map(|i| if i == mode { "1" } else { "0" })
            .collect();
        let text = format!("({}):({})", shape.join(","), stride.join(","));
        cute_typed::parse_layout(&text).map_err(|_| TileError::Layout("tile extents"))
    }
}
