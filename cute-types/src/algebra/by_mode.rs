//! Applying an operation mode by mode with a tiler `[t0, t1, …]` (CuTe's `Tile<…>`).
use super::composition::composition;
use super::logical_divide::logical_divide;
use super::logical_product::logical_product;
use crate::dynamic::{DInt, DLayoutN, DTilerN, DTupleN, TilerModeN, N};
use crate::error::Error;
use crate::tri;

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! by_mode_body {
    ($($c:ident)?; [$($g:tt)*] $(; $fast:path)?) => {
/// The operation applied to each mode. An enum rather than a function pointer
/// because `const fn` cannot call through function pointers.
#[derive(Clone, Copy)]
pub(crate) enum ModeOp {
    /// `composition(mode, t)`; modes the tiler does not cover are dropped.
    Compose,
    /// `logical_divide(mode, t)`; uncovered modes are kept unchanged.
    Divide,
    /// `logical_product(mode, t)`; uncovered modes are kept unchanged.
    Product,
}

impl ModeOp {
    $($c)? fn apply $($g)* (
        self,
        mode: &DLayoutN<N>,
        t: &DLayoutN<N>,
    ) -> Result<DLayoutN<N>, Error> {
        match self {
            ModeOp::Compose => composition(mode, t),
            ModeOp::Divide => logical_divide(mode, t),
            ModeOp::Product => logical_product(mode, t),
        }
    }
    $($c)? fn keeps_uncovered_modes(self) -> bool {
        !matches!(self, ModeOp::Compose)
    }
}

/// `(op(a₀, t₀), op(a₁, t₁), …)`, recursing into nested tilers; modes of `a` past
/// the tiler are kept or dropped as `op` says. A tiler with more modes than `a` is
/// [`Error::TilerRank`].
pub(crate) $($c)? fn by_mode $($g)* (
    a: &DLayoutN<N>,
    tiler: &DTilerN<N>,
    op: ModeOp,
) -> Result<DLayoutN<N>, Error> {
    $(if let Some(r) = $fast(a, tiler, op) {
        return r;
    })?
    by_mode_at(a, tiler, op)
}

/// The body of [`by_mode`].
pub(crate) $($c)? fn by_mode_at $($g)* (
    a: &DLayoutN<N>,
    tiler: &DTilerN<N>,
    op: ModeOp,
) -> Result<DLayoutN<N>, Error> {
    if tiler.rank() > a.rank() {
        return Err(Error::TilerRank);
    }
    let end = if op.keeps_uncovered_modes() {
        a.rank()
    } else {
        tiler.rank()
    };
    let mut shape = DTupleN::empty();
    let mut stride = DTupleN::empty();
    let mut i = 0;
    while i < end {
        let mode = tri!(a.get(i));
        let part = if i < tiler.rank() {
            match tri!(tiler.mode(i)) {
                TilerModeN::Layout(t) => {
                    // C++ composes an integral tiler `n` as `n:_1`, even a static 1.
                    // (Only composition asks: the lookup repeats `mode(i)`'s.)
                    let int = if matches!(op, ModeOp::Compose) {
                        tri!(tiler.int_mode(i))
                    } else {
                        None
                    };
                    match int {
                        Some(n) => tri!(composition(&mode, &tri!(unit_stride(n)))),
                        None => tri!(op.apply(&mode, &t)),
                    }
                }
                TilerModeN::Tiler(t) => tri!(by_mode(&mode, &t, op)),
            }
        } else {
            mode
        };
        tri!(shape.push_in(part.shape_ref()));
        tri!(stride.push_in(part.stride_ref()));
        i += 1;
    }
    DLayoutN::new(shape, stride)
}

/// `n:_1`: an integer `n` as the right-hand side of a composition (C++
/// `composition(layout, n)` is `composition_impl(…, n, Int<1>{})`).
pub $($c)? fn unit_stride $($g)* (n: DInt) -> Result<DLayoutN<N>, Error> {
    DLayoutN::new(DTupleN::int(n), DTupleN::int(DInt::s(1)))
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use by_mode_body;
by_mode_body!(const; []);
