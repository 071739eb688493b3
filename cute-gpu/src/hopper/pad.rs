//! Operands whose rows the TMA cannot address: a row-major `rows × cols` matrix
//! of 16-bit elements with `cols·2` bytes not a multiple of 16 (A or an `N×K` B
//! with `K mod 8 ≠ 0`, a `K×N` B with `N mod 8 ≠ 0`) is copied into scratch rows
//! of `pitch = ⌈cols/8⌉·8` elements (or `⌈cols/64⌉·64`, whole 128-byte lines,
//! as [`super::pitch`] decides, which also pads B's rows that the TMA can
//! address but that are not whole lines), and the tensor map walks the scratch:
//! extents `cols × rows` (the true ones), row pitch `pitch·2` bytes.
//!
//! The copy is a tile-API kernel ([`pad_program`]):
//!
//! ```text
//! y[r, c] = x[r·cols + c]   for c < cols
//! y[r, c] = 0               for cols ≤ c < pitch        (r < rows; y[r, c] at r·pitch + c)
//! ```
//!
//! The tensor map reads columns `≥ cols` as zeros anyway (they are outside its
//! extents); the copy writes them so that the scratch holds no stale bytes.
//! Every global element it touches is predicated on its coordinates by the tile
//! layer, and the launch is checked against the buffers ([`crate::tile`]).
use crate::error::GpuError;
use crate::launch::{grid_dim, mul};
use crate::tile::{ThreadValues, TileError, TileKernel, TileProgram};
use cute_typed::_1;

/// What a padded operand's rows are rounded up to (16-bit elements).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowAlign {
    /// 16 bytes (8 elements): what the TMA needs to address a row at all
    Tma,
    /// 128 bytes (64 elements): every row of a TMA box (64 elements of K, or of
    /// N for a `K×N` B, with the 128-byte swizzle) starts a line of its own
    /// ([`super::pitch`] says when this pays)
    Line,
}

impl RowAlign {
    /// Elements per aligned unit: 8 or 64.
    pub const fn elements(self) -> usize {
        match self {
            RowAlign::Tma => 8,
            RowAlign::Line => 64,
        }
    }
}

/// Rows × columns of one block's tile: a warp covers 512 contiguous bytes of a
/// row, and each thread has four 16-byte loads in flight (a 32×64 tile, one
/// vector per thread, copied at about 1 TB/s on the H100 at 8192×8200).
pub const PAD_TILE: [u32; 2] = [32, 256];

/// Shared staging of a tile, row-major.
const SMEM: &str = "(32,256):(256,1)";
/// Thread `(c, r)` (`c < 32` fastest, `r < 8`) holds columns `8c..8c+8` (a
/// 16-byte vector) of rows `r, r+8, r+16, r+24`; the tile's index is
/// `row + 32·col`.
const VECTOR: &str = "((32,8),(8,4)):((256,1),(32,8))";
/// One element per thread and value: thread `t` holds column `t` of every row
/// (consecutive threads along a row: coalesced 2-byte accesses where the
/// source rows are not 16-byte aligned).
const SINGLE: &str = "(256,32):(32,1)";

/// The padding copy: parameters `x` (input, `rows·cols` elements), `y` (output,
/// `rows·pitch` elements), `rows`, `cols`, `pitch`; 256 threads; grid
/// [`pad_grid`]. Source rows are read element by element into shared memory
/// (16-byte vectors when `cols` is a multiple of 8), written out as 16-byte
/// vectors when `pitch` is a multiple of 8.
///
/// ```
/// use cute_gpu::hopper::pad::pad_program;
/// let p = pad_program().unwrap();
/// assert!(p.is_checked()); // every global access comes from the tile layer
/// assert!(p.ptx().contains("st.global.v4.b32"));
/// ```
pub fn pad_program() -> Result<TileProgram, TileError> {
    let [tr, tc] = PAD_TILE;
    let mut k = TileKernel::new("cute_hopper_pad_rows", 256)?;
    let (x, y) = (k.input::<u16>("x")?, k.output::<u16>("y")?);
    let (rows, cols, pitch) = (k.scalar("rows")?, k.scalar("cols")?, k.scalar("pitch")?);
    let gx = k.global(&x, &[rows.into(), cols.into()], &[cols.into(), _1.into()])?;
    let gy = k.global(&y, &[rows.into(), pitch.into()], &[pitch.into(), _1.into()])?;
    // rows on grid x (up to 2³¹ − 1 blocks), columns on grid y
    let (bx, by) = k.block_index()?;
    let (tx, ty) = (
        gx.tile(&[tr, tc], &[bx, by])?,
        gy.tile(&[tr, tc], &[bx, by])?,
    );
    let s = k.shared::<u16>(SMEM)?;
    let tv = |l| ThreadValues::new(l, &[tr, tc]);
    // columns ≥ cols load as zero, so the staged tile is already padded
    k.copy_with(&tx, &s, &tv(VECTOR)?, &tv(SINGLE)?)?;
    k.sync()?;
    k.copy_with(&s, &ty, &tv(VECTOR)?, &tv(SINGLE)?)?;
    k.finish()
}

/// The grid of [`pad_program`] over `rows × pitch`: `(⌈rows/32⌉, ⌈pitch/256⌉, 1)`
/// (the launch check refuses a grid past CUDA's limits: more than 65535 column
/// tiles, i.e. `pitch > 16 776 960`).
pub fn pad_grid(rows: usize, pitch: usize) -> [u64; 3] {
    let [tr, tc] = PAD_TILE.map(|t| t as usize);
    [rows.div_ceil(tr) as u64, pitch.div_ceil(tc) as u64, 1]
}

/// One operand to pad: `rows × cols` row-major in the caller's buffer, `rows ×
/// pitch` in the scratch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pad {
    /// rows of the operand (and of the scratch)
    pub rows: usize,
    /// elements per row in the caller's buffer (the tensor map's inner extent)
    pub cols: usize,
    /// elements per scratch row: `cols` rounded up to a multiple of 8 or 64 ([`RowAlign`])
    pub pitch: usize,
}

impl Pad {
    /// The pad of a `rows × cols` operand, or `None` when `cols·2` bytes is
    /// already a multiple of 16. The scratch holds `rows·pitch < rows·(cols+8)`
    /// elements, at most 8× the operand (`cols = 1`); sizes are checked, and so
    /// is the copy's grid ([`pad_grid`] within CUDA's limits).
    ///
    /// ```
    /// use cute_gpu::hopper::pad::Pad;
    /// assert_eq!(Pad::of(4, 64).unwrap(), None);
    /// let p = Pad::of(3, 13).unwrap().unwrap();
    /// assert_eq!((p.pitch, p.scratch_len().unwrap()), (16, 48));
    /// assert!(Pad::of(2, usize::MAX).is_err());
    /// ```
    pub fn of(rows: usize, cols: usize) -> Result<Option<Pad>, GpuError> {
        Pad::to(rows, cols, RowAlign::Tma)
    }

    /// The pad of a `rows × cols` operand to rows of a multiple of
    /// `align.elements()` (`pitch = ⌈cols/a⌉·a`), or `None` when `cols` already
    /// is one. The scratch holds `rows·pitch < rows·(cols+a)` elements; sizes
    /// and the copy's grid are checked as for [`Pad::of`].
    ///
    /// ```
    /// use cute_gpu::hopper::pad::{Pad, RowAlign};
    /// // 4104 elements are 8208 bytes: TMA-addressable, not whole 128-byte lines
    /// assert_eq!(Pad::of(2, 4104).unwrap(), None);
    /// assert_eq!(Pad::to(2, 4104, RowAlign::Line).unwrap().unwrap().pitch, 4160);
    /// assert_eq!(Pad::to(2, 4160, RowAlign::Line).unwrap(), None);
    /// ```
    pub fn to(rows: usize, cols: usize, align: RowAlign) -> Result<Option<Pad>, GpuError> {
        let align = align.elements();
        if cols.is_multiple_of(align) {
            return Ok(None);
        }
        let pitch = cols
            .checked_next_multiple_of(align)
            .ok_or(GpuError::Overflow("the padded row length"))?;
        let pad = Pad { rows, cols, pitch };
        pad.scratch_bytes()?;
        let [gx, gy, _] = pad_grid(rows, pitch);
        grid_dim('x', gx)?;
        grid_dim('y', gy)?;
        Ok(Some(pad))
    }

    /// Elements of the scratch: `rows·pitch`, checked.
    pub fn scratch_len(&self) -> Result<usize, GpuError> {
        mul(self.rows, self.pitch, "rows·pitch of a padded operand")
    }

    /// Bytes of the scratch: `2·rows·pitch`, checked.
    pub fn scratch_bytes(&self) -> Result<usize, GpuError> {
        mul(self.scratch_len()?, 2, "the bytes of a padded operand")
    }
}

/// What a launch pads: A (`M×K`), B (`N×K` or `K×N`) ([`super::pitch::padding`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Padding {
    /// A's pad (when `K mod 8 ≠ 0`)
    pub a: Option<Pad>,
    /// B's pad (when its rows, `K` for `N×K` or `N` for `K×N`, are not multiples
    /// of 8, or by the policy not multiples of 64)
    pub b: Option<Pad>,
}
