//! `logical_divide(A, B)`: `A` split into tiles of `B` and the layout of those tiles.
use super::by_mode::{by_mode, ModeOp};
use super::coalesce::coalesce;
use super::complement::complement;
use super::composition::composition;
use crate::dynamic::{DLayoutN, DTilerN, N};
use crate::error::Error;
use crate::tri;

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! logical_divide_body {
    ($($c:ident)?; [$($g:tt)*]) => {
/// `logical_divide(A, B)`: `A` split into tiles of `B` and the layout of those tiles.
///
/// # Definition
///
/// ```text
/// logical_divide(A, B) = A ∘ (B, complement(B, shape(coalesce(A))))
/// ```
///
/// Mode 0 of the result is the tile (`A ∘ B`), mode 1 the rest (how the tiles are
/// laid out over `A`). With a by-mode tiler `[t0, t1, …]` the division applies
/// mode by mode, `(A0 / t0, A1 / t1, …, A_r, …)`, and the modes the tiler does not
/// reach are kept unchanged; the result is then always tuple-shaped.
///
/// # Preconditions
///
/// * those of [`complement`](fn@crate::algebra::complement) (`B` injective, …);
/// * the composition must be functional, `R(i) == A(B'(i))` with
///   `B' = (B, complement(…))` ([`Error::NotFunctional`]): `logical_divide((3,5):(1,4), 2:1)`
///   is refused although C++ answers;
/// * with a tiler, `rank(tiler) <= rank(A)` ([`Error::TilerRank`]).
///
/// Tile overhang that satisfies the equation is legal: `logical_divide(8:1, 3:1)`
/// is `(3,3):(1,3)`.
///
/// # Example
///
/// ```
/// use cute_types::algebra::{logical_divide, logical_divide_tiler};
/// use cute_types::dynamic::{DLayout, DTiler};
/// let a: DLayout = "(_4,_2,_3):(_2,_1,_8)".parse().unwrap();
/// let b: DLayout = "_4:_2".parse().unwrap();
/// assert_eq!(logical_divide(&a, &b).unwrap().to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
/// let m: DLayout = "(_8,_8):(_1,_8)".parse().unwrap();
/// let t = DTiler::from_layouts(&["_2:_1".parse().unwrap(), "_4:_1".parse().unwrap()]).unwrap();
/// assert_eq!(logical_divide_tiler(&m, &t).unwrap().to_string(), "((_2,_4),(_4,_2)):((_1,_2),(_8,_32))");
/// ```
pub $($c)? fn logical_divide $($g)* (
    a: &DLayoutN<N>,
    b: &DLayoutN<N>,
) -> Result<DLayoutN<N>, Error> {
    logical_divide_at(a, b)
}

/// The body of [`logical_divide`].
pub(crate) $($c)? fn logical_divide_at $($g)* (
    a: &DLayoutN<N>,
    b: &DLayoutN<N>,
) -> Result<DLayoutN<N>, Error> {
    let coalesced = tri!(coalesce(a));
    let rest = tri!(complement(b, coalesced.shape_ref()));
    let tile_and_rest = tri!(DLayoutN::pair(b, &rest));
    composition(a, &tile_and_rest)
}

/// CuTe's `logical_divide(A, [t0, t1, …])`: mode-by-mode division.
pub $($c)? fn logical_divide_tiler $($g)* (
    a: &DLayoutN<N>,
    tiler: &DTilerN<N>,
) -> Result<DLayoutN<N>, Error> {
    logical_divide_tiler_at(a, tiler)
}

/// The body of [`logical_divide_tiler`].
pub(crate) $($c)? fn logical_divide_tiler_at $($g)* (
    a: &DLayoutN<N>,
    tiler: &DTilerN<N>,
) -> Result<DLayoutN<N>, Error> {
    by_mode(a, tiler, ModeOp::Divide)
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use logical_divide_body;
logical_divide_body!(const; []);
