//! [`TiledMma`]: an MMA atom repeated over a grid of atoms (CuTe's
//! `make_tiled_mma(atom, AtomLayoutMNK)`), and the TV layouts of its A, B and C
//! tiles — which thread holds which element of the whole tile.
use super::mma_atom::MmaAtom;
use super::tv_layout::TvLayout;
use crate::algebra::fixed::{composition, right_inverse, tiled_product};
use crate::dynamic::{FixedLayout, FixedTuple};
use crate::error::Error;

/// The most atoms a [`TiledMma`] tiles (`AM·AN·AK`); more are [`Error::Unsupported`].
pub const MAX_ATOMS: i64 = 1 << 16;

/// MMA atoms tiled over an `AM × AN × AK` grid.
///
/// Threads are numbered as CuTe numbers them: `thr_vmnk = tiled_product(ThrID,
/// atom_layout)` maps `(atom thread, atom m, atom n, atom k)` to the thread index,
/// so thread `t` is the atom thread `t % T` of the atom at
/// `atom_layout⁻¹(t / T)` when the atom layout is compact.
///
/// The tile is `(M_atom·AM) × (N_atom·AN) × (K_atom·AK)` (CuTe's default,
/// identity permutations).
#[derive(Clone, Debug)]
pub struct TiledMma {
    atom: MmaAtom,
    thr_vmnk: FixedLayout,
    /// `(AM, AN, AK)`: the sizes of the atom layout's modes.
    grid: (i64, i64, i64),
}

impl TiledMma {
    /// Tiles `atom` over `atom_layout`, a rank-3 layout `(AM, AN, AK) → atom index`
    /// that must be a bijection onto `[0, AM·AN·AK)` ([`Error::NotInjective`]).
    /// Its leaves are treated as static (it is a compile-time object of a kernel,
    /// and CuTe's algebra only inverts static layouts).
    ///
    /// ```
    /// use cute_typed::tv::{sm80_16x8x16_f32f16f16f32_tn, TiledMma};
    /// // 2×2 warps of m16n8k16: a 32×16×16 tile, 128 threads.
    /// let mma = TiledMma::new(sm80_16x8x16_f32f16f16f32_tn(), "(2,2,1):(1,2,0)".parse::<cute_typed::DLayout>().unwrap()).unwrap();
    /// assert_eq!(mma.tile_mnk(), (32, 16, 16));
    /// let c = mma.layout_c_tv().unwrap();
    /// // Thread 32 is warp 1 (atom (1,0)): its value 0 sits 16 rows below warp 0's.
    /// assert_eq!(c.coord(32, 0).unwrap(), (16, 0));
    /// ```
    pub fn new<L: crate::tensor::TensorLayout>(
        atom: MmaAtom,
        atom_layout: L,
    ) -> Result<TiledMma, Error> {
        let atom_layout = atom_layout.to_dlayout().to_fixed()?;
        if atom_layout.rank() != 3 {
            return Err(Error::CoordinateMismatch);
        }
        let atom_layout = atom_layout.with_all_static(true);
        if !is_permutation(&atom_layout)? {
            return Err(Error::NotInjective);
        }
        let thr_vmnk = tiled_product(&atom.thr_id.to_fixed()?, &atom_layout)?;
        let s = atom_layout.shape();
        let grid = (
            s.get(0)?.product()?.value,
            s.get(1)?.product()?.value,
            s.get(2)?.product()?.value,
        );
        Ok(TiledMma {
            atom,
            thr_vmnk,
            grid,
        })
    }
    /// The atom.
    pub fn atom(&self) -> &MmaAtom {
        &self.atom
    }
    /// CuTe's `thr_layout_vmnk`: `(ThrV, ThrM, ThrN, ThrK) → thread index`.
    pub fn thr_layout_vmnk(&self) -> crate::DLayout {
        crate::DLayout::from_fixed(&self.thr_vmnk)
    }
    /// Number of threads: `size(thr_vmnk)`.
    pub fn threads(&self) -> Result<i64, Error> {
        Ok(self.thr_vmnk.size()?.value)
    }
    fn atom_grid(&self) -> Result<(i64, i64, i64), Error> {
        Ok(self.grid)
    }
    /// The tile `(M, N, K)`: the atom's tile times the grid of atoms.
    pub fn tile_mnk(&self) -> (i64, i64, i64) {
        let (am, an, ak) = self.grid;
        let (m, n, k) = self.atom.shape_mnk;
        (m * am, n * an, k * ak)
    }
    /// `(thread, value) → m + M·n` over the `M × N` C tile (CuTe's `get_layoutC_TV`).
    pub fn layout_c_tv(&self) -> Result<TvLayout, Error> {
        let (am, an, _) = self.atom_grid()?;
        let (m, n, _) = self.atom.shape_mnk;
        let (tm, tn, _) = self.tile_mnk();
        // Thread coordinate (ThrM, ThrN, ThrK) moves m by M_atom, n by N_atom; K-threads share C.
        self.operand_tv(&self.atom.c, m, n, tm, [m, n * tm, 0], (tm, tn, am, an))
    }
    /// `(thread, value) → m + M·k` over the `M × K` A tile (CuTe's `get_layoutA_TV`).
    pub fn layout_a_tv(&self) -> Result<TvLayout, Error> {
        let (am, _, ak) = self.atom_grid()?;
        let (m, _, k) = self.atom.shape_mnk;
        let (tm, _, tk) = self.tile_mnk();
        self.operand_tv(&self.atom.a, m, k, tm, [m, 0, k * tm], (tm, tk, am, ak))
    }
    /// `(thread, value) → n + N·k` over the `N × K` B tile (CuTe's `get_layoutB_TV`).
    pub fn layout_b_tv(&self) -> Result<TvLayout, Error> {
        let (_, an, ak) = self.atom_grid()?;
        let (_, n, k) = self.atom.shape_mnk;
        let (_, tn, tk) = self.tile_mnk();
        self.operand_tv(&self.atom.b, n, k, tn, [0, n, k * tn], (tn, tk, an, ak))
    }

    /// The TV layout of one operand over the whole tile.
    ///
    /// `atom_tv` maps `(T, V)` to the column-major index in the atom's
    /// `rows × cols` operand tile. Re-indexed into the whole tile (`tile_rows`
    /// rows) by `embed = (rows, cols):(1, tile_rows)`, its thread mode is
    /// extended by the atom-grid coordinates `(ThrM, ThrN, ThrK)` with index
    /// strides `grid_strides`, and composed with `right_inverse(thr_vmnk)` so that
    /// the thread mode is indexed by the thread index itself.
    fn operand_tv(
        &self,
        atom_tv: &crate::DLayout,
        rows: i64,
        cols: i64,
        tile_rows: i64,
        grid_strides: [i64; 3],
        (tile_r, tile_c, _, _): (i64, i64, i64, i64),
    ) -> Result<TvLayout, Error> {
        let atom_tv = &atom_tv.to_fixed()?;
        let embed = FixedLayout::new(
            FixedTuple::tuple(&[FixedTuple::s(rows), FixedTuple::s(cols)])?,
            FixedTuple::tuple(&[FixedTuple::s(1), FixedTuple::s(tile_rows)])?,
        )?;
        let atom_thr = composition(&embed, &atom_tv.get(0)?)?;
        let atom_val = composition(&embed, &atom_tv.get(1)?)?;
        let (am, an, ak) = self.atom_grid()?;
        let grid_mode =
            |size: i64, stride: i64| FixedLayout::new(FixedTuple::d(size), FixedTuple::d(stride));
        let by_coord = FixedLayout::from_modes(&[
            atom_thr,
            grid_mode(am, grid_strides[0])?,
            grid_mode(an, grid_strides[1])?,
            grid_mode(ak, grid_strides[2])?,
        ])?;
        // thread index → (ThrV, ThrM, ThrN, ThrK) as a 1-D index, then → tile index.
        let thr_mode = composition(&by_coord, &right_inverse(&self.thr_vmnk)?)?;
        TvLayout::from_fixed(
            FixedLayout::from_modes(&[thr_mode, atom_val])?,
            tile_r,
            tile_c,
        )
    }
}

/// Whether `l` maps its domain one-to-one onto `[0, size)`.
fn is_permutation(l: &FixedLayout) -> Result<bool, Error> {
    let size = l.size()?.value;
    if size > MAX_ATOMS {
        return Err(Error::Unsupported);
    }
    let mut seen = [0u64; 1 << 10];
    for i in 0..size {
        let v = l.eval_index(i)?.value;
        if v < 0 || v >= size || seen[(v / 64) as usize] & (1 << (v % 64)) != 0 {
            return Ok(false);
        }
        seen[(v / 64) as usize] |= 1 << (v % 64);
    }
    Ok(true)
}
