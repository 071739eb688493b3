//! Typed divides, products, `tile_to_shape`, `upcast` and `downcast`: static
//! inputs give zero-sized static results, typed inputs with run-time leaves
//! typed mixed results ([`super::mixed`]: the divides when the tiler's strides
//! are static, the products and `tile_to_shape` when the layout's are,
//! `upcast`/`downcast` for a static factor), and otherwise a run-time
//! `Result<DLayout, Error>` (see [`super::static_result`]). Definitions, examples
//! and preconditions are those of [`crate::algebra`].
use super::flag::{And, True};
use super::int::IntLike;
use super::layout_like::LayoutOperand;
use super::mixed::{pattern_layout, pattern_tiler, pattern_tuple, Kind};
use super::operand::{DTilerArg, TilerOperand};
use super::ops_macros::static_op;
use super::static_result::{static_layout, static_tiler, static_tuple};
use super::tuple::IntTuple;
use crate::algebra;
use crate::dynamic::{DLayout, DTuple};
use crate::error::Error;

/// `op(a, b)` for a layout `b`, `op_tiler(a, b)` for a by-mode tiler.
macro_rules! by_tiler {
    ($name:ident, $op:path, $op_tiler:path) => {
        const fn $name(a: &DLayout, b: &DTilerArg) -> Result<DLayout, Error> {
            match crate::tri!(b.as_layout_or_tiler()) {
                DTilerArg::Layout(b) => $op(a, &b),
                DTilerArg::Tiler(t) => $op_tiler(a, &t),
                // `as_layout_or_tiler` turned integers into layouts.
                DTilerArg::Int(_) => Err(Error::TilerRank),
            }
        }
    };
}

by_tiler!(
    logical_divide_any,
    algebra::logical_divide,
    algebra::logical_divide_tiler
);
static_op! {
    /// [`algebra::logical_divide`]: the tiles of `a` by `tiler`: `composition(a, (tiler, complement(tiler, size(a))))`, mode by mode for a tuple tiler. `tiler` is a layout, an integer (`n:1`) or a
    /// tuple of tilers.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// let a = make_layout((_4, _8));
    /// // By-mode tiler: 2 along mode 0, 4 along mode 1.
    /// let d: LogicalDivided<_, _> = logical_divide(a, (_2, _4));
    /// assert_eq!(d.to_string(), "((_2,_2),(_4,_2)):((_1,_2),(_4,_16))");
    /// assert_eq!(d.size(), 32);
    /// // A run-time tiler: a typed mixed layout, run-time where C++ is.
    /// let m = logical_divide(a, (2i64, 4i64)).unwrap();
    /// assert_eq!(m.to_string(), "((2,2),(4,2)):((_1,2),(_4,16))");
    /// assert_eq!(m.size(), 32);
    /// ```
    pub fn logical_divide<A: LayoutOperand, B: TilerOperand>(a: A, tiler: B) -> LogicalDivided as LogicalDivideOut
    where flag = Kind<
            And<<A as LayoutOperand>::IsStatic, <B as TilerOperand>::IsStatic>,
            And<<A as LayoutOperand>::Typed, And<<B as TilerOperand>::Typed, <B as TilerOperand>::StrideStatic>>,
        >,
        bound [<A as LayoutOperand>::Modes: super::TilerFits<<B as TilerOperand>::Modes>],
        static [A: LayoutOperand<IsStatic = True>, B: TilerOperand<IsStatic = True>],
        mixed [A: LayoutOperand<Typed = True>, B: TilerOperand<Typed = True>]
    {
        static: logical_divide_any(&static_layout(A::STATIC), &static_tiler(B::STATIC_TILER)),
        mixed |p| logical_divide_any(&pattern_layout(A::PATTERN, p), &pattern_tiler(B::PATTERN_TILER, p)),
        dynamic: logical_divide_any(&a.to_dynamic(), &tiler.to_tiler()?),
    }
}

by_tiler!(
    zipped_divide_any,
    algebra::zipped_divide,
    algebra::zipped_divide_tiler
);
static_op! {
    /// [`algebra::zipped_divide`]: `logical_divide` with the tile modes gathered first: `((tile), (rest))`. `tiler` is a layout, an integer (`n:1`) or a
    /// tuple of tilers.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// let a = make_layout((_4, _8));
    /// // By-mode tiler: 2 along mode 0, 4 along mode 1.
    /// let d: ZippedDivided<_, _> = zipped_divide(a, (_2, _4));
    /// assert_eq!(d.to_string(), "((_2,_4),(_2,_2)):((_1,_4),(_2,_16))");
    /// assert_eq!(d.size(), 32);
    /// // A run-time tiler: a typed mixed layout, run-time where C++ is.
    /// let m = zipped_divide(a, (2i64, 4i64)).unwrap();
    /// assert_eq!(m.to_string(), "((2,4),(2,2)):((_1,_4),(2,16))");
    /// assert_eq!(m.size(), 32);
    /// ```
    pub fn zipped_divide<A: LayoutOperand, B: TilerOperand>(a: A, tiler: B) -> ZippedDivided as ZippedDivideOut
    where flag = Kind<
            And<<A as LayoutOperand>::IsStatic, <B as TilerOperand>::IsStatic>,
            And<<A as LayoutOperand>::Typed, And<<B as TilerOperand>::Typed, <B as TilerOperand>::StrideStatic>>,
        >,
        bound [<A as LayoutOperand>::Modes: super::TilerFits<<B as TilerOperand>::Modes>],
        static [A: LayoutOperand<IsStatic = True>, B: TilerOperand<IsStatic = True>],
        mixed [A: LayoutOperand<Typed = True>, B: TilerOperand<Typed = True>]
    {
        static: zipped_divide_any(&static_layout(A::STATIC), &static_tiler(B::STATIC_TILER)),
        mixed |p| zipped_divide_any(&pattern_layout(A::PATTERN, p), &pattern_tiler(B::PATTERN_TILER, p)),
        dynamic: zipped_divide_any(&a.to_dynamic(), &tiler.to_tiler()?),
    }
}

by_tiler!(
    tiled_divide_any,
    algebra::tiled_divide,
    algebra::tiled_divide_tiler
);
static_op! {
    /// [`algebra::tiled_divide`]: `zipped_divide` with the rest modes unpacked: `((tile), rest0, rest1, …)`. `tiler` is a layout, an integer (`n:1`) or a
    /// tuple of tilers.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// let a = make_layout((_4, _8));
    /// // By-mode tiler: 2 along mode 0, 4 along mode 1.
    /// let d: TiledDivided<_, _> = tiled_divide(a, (_2, _4));
    /// assert_eq!(d.to_string(), "((_2,_4),_2,_2):((_1,_4),_2,_16)");
    /// assert_eq!(d.size(), 32);
    /// // A run-time tiler: a typed mixed layout, run-time where C++ is.
    /// let m = tiled_divide(a, (2i64, 4i64)).unwrap();
    /// assert_eq!(m.to_string(), "((2,4),2,2):((_1,_4),2,16)");
    /// assert_eq!(m.size(), 32);
    /// ```
    pub fn tiled_divide<A: LayoutOperand, B: TilerOperand>(a: A, tiler: B) -> TiledDivided as TiledDivideOut
    where flag = Kind<
            And<<A as LayoutOperand>::IsStatic, <B as TilerOperand>::IsStatic>,
            And<<A as LayoutOperand>::Typed, And<<B as TilerOperand>::Typed, <B as TilerOperand>::StrideStatic>>,
        >,
        bound [<A as LayoutOperand>::Modes: super::TilerFits<<B as TilerOperand>::Modes>],
        static [A: LayoutOperand<IsStatic = True>, B: TilerOperand<IsStatic = True>],
        mixed [A: LayoutOperand<Typed = True>, B: TilerOperand<Typed = True>]
    {
        static: tiled_divide_any(&static_layout(A::STATIC), &static_tiler(B::STATIC_TILER)),
        mixed |p| tiled_divide_any(&pattern_layout(A::PATTERN, p), &pattern_tiler(B::PATTERN_TILER, p)),
        dynamic: tiled_divide_any(&a.to_dynamic(), &tiler.to_tiler()?),
    }
}

by_tiler!(
    flat_divide_any,
    algebra::flat_divide,
    algebra::flat_divide_tiler
);
static_op! {
    /// [`algebra::flat_divide`]: `zipped_divide` with both parts unpacked: `(tile0, tile1, …, rest0, …)`. `tiler` is a layout, an integer (`n:1`) or a
    /// tuple of tilers.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// let a = make_layout((_4, _8));
    /// // By-mode tiler: 2 along mode 0, 4 along mode 1.
    /// let d: FlatDivided<_, _> = flat_divide(a, (_2, _4));
    /// assert_eq!(d.to_string(), "(_2,_4,_2,_2):(_1,_4,_2,_16)");
    /// assert_eq!(d.size(), 32);
    /// // A run-time tiler: a typed mixed layout, run-time where C++ is.
    /// let m = flat_divide(a, (2i64, 4i64)).unwrap();
    /// assert_eq!(m.to_string(), "(2,4,2,2):(_1,_4,2,16)");
    /// assert_eq!(m.size(), 32);
    /// ```
    pub fn flat_divide<A: LayoutOperand, B: TilerOperand>(a: A, tiler: B) -> FlatDivided as FlatDivideOut
    where flag = Kind<
            And<<A as LayoutOperand>::IsStatic, <B as TilerOperand>::IsStatic>,
            And<<A as LayoutOperand>::Typed, And<<B as TilerOperand>::Typed, <B as TilerOperand>::StrideStatic>>,
        >,
        bound [<A as LayoutOperand>::Modes: super::TilerFits<<B as TilerOperand>::Modes>],
        static [A: LayoutOperand<IsStatic = True>, B: TilerOperand<IsStatic = True>],
        mixed [A: LayoutOperand<Typed = True>, B: TilerOperand<Typed = True>]
    {
        static: flat_divide_any(&static_layout(A::STATIC), &static_tiler(B::STATIC_TILER)),
        mixed |p| flat_divide_any(&pattern_layout(A::PATTERN, p), &pattern_tiler(B::PATTERN_TILER, p)),
        dynamic: flat_divide_any(&a.to_dynamic(), &tiler.to_tiler()?),
    }
}

by_tiler!(
    logical_product_any,
    algebra::logical_product,
    algebra::logical_product_tiler
);
static_op! {
    /// [`algebra::logical_product`]: `a` repeated by `tiler`: `(a, composition(complement(a, size(a)·cosize(tiler)), tiler))`, mode by mode for a tuple tiler. `tiler` is a layout, an integer (`n:1`) or a
    /// tuple of tilers.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// let a = make_layout((_2, _2));
    /// let p: LogicalProduct<_, _> = logical_product(a, make_layout((_3, _2)));
    /// assert_eq!(p.to_string(), "((_2,_2),(_3,_2)):((_1,_2),(_4,_12))");
    /// assert_eq!(p.size(), 24);
    /// ```
    pub fn logical_product<A: LayoutOperand, B: TilerOperand>(a: A, tiler: B) -> LogicalProduct as LogicalProductOut
    where flag = Kind<
            And<<A as LayoutOperand>::IsStatic, <B as TilerOperand>::IsStatic>,
            And<And<<A as LayoutOperand>::Typed, <A as LayoutOperand>::StrideStatic>, <B as TilerOperand>::Typed>,
        >,
        bound [<A as LayoutOperand>::Modes: super::TilerFits<<B as TilerOperand>::Modes>],
        static [A: LayoutOperand<IsStatic = True>, B: TilerOperand<IsStatic = True>],
        mixed [A: LayoutOperand<Typed = True>, B: TilerOperand<Typed = True>]
    {
        static: logical_product_any(&static_layout(A::STATIC), &static_tiler(B::STATIC_TILER)),
        mixed |p| logical_product_any(&pattern_layout(A::PATTERN, p), &pattern_tiler(B::PATTERN_TILER, p)),
        dynamic: logical_product_any(&a.to_dynamic(), &tiler.to_tiler()?),
    }
}

by_tiler!(
    zipped_product_any,
    algebra::zipped_product,
    algebra::zipped_product_tiler
);
static_op! {
    /// [`algebra::zipped_product`]: `logical_product` with the modes zipped: `((a modes), (tiler modes))`. `tiler` is a layout, an integer (`n:1`) or a
    /// tuple of tilers.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// let a = make_layout((_2, _2));
    /// let p: ZippedProduct<_, _> = zipped_product(a, (_3, _2));
    /// assert_eq!(p.to_string(), "((_2,_2),(_3,_2)):((_1,_2),(_2,_1))");
    /// assert_eq!(p.size(), 24);
    /// ```
    pub fn zipped_product<A: LayoutOperand, B: TilerOperand>(a: A, tiler: B) -> ZippedProduct as ZippedProductOut
    where flag = Kind<
            And<<A as LayoutOperand>::IsStatic, <B as TilerOperand>::IsStatic>,
            And<And<<A as LayoutOperand>::Typed, <A as LayoutOperand>::StrideStatic>, <B as TilerOperand>::Typed>,
        >,
        bound [<A as LayoutOperand>::Modes: super::TilerFits<<B as TilerOperand>::Modes>],
        static [A: LayoutOperand<IsStatic = True>, B: TilerOperand<IsStatic = True>],
        mixed [A: LayoutOperand<Typed = True>, B: TilerOperand<Typed = True>]
    {
        static: zipped_product_any(&static_layout(A::STATIC), &static_tiler(B::STATIC_TILER)),
        mixed |p| zipped_product_any(&pattern_layout(A::PATTERN, p), &pattern_tiler(B::PATTERN_TILER, p)),
        dynamic: zipped_product_any(&a.to_dynamic(), &tiler.to_tiler()?),
    }
}

by_tiler!(
    tiled_product_any,
    algebra::tiled_product,
    algebra::tiled_product_tiler
);
static_op! {
    /// [`algebra::tiled_product`]: `zipped_product` with the tiler modes unpacked. `tiler` is a layout, an integer (`n:1`) or a
    /// tuple of tilers.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// let a = make_layout((_2, _2));
    /// let p: TiledProduct<_, _> = tiled_product(a, (_3, _2));
    /// assert_eq!(p.to_string(), "((_2,_2),_3,_2):((_1,_2),_2,_1)");
    /// assert_eq!(p.size(), 24);
    /// ```
    pub fn tiled_product<A: LayoutOperand, B: TilerOperand>(a: A, tiler: B) -> TiledProduct as TiledProductOut
    where flag = Kind<
            And<<A as LayoutOperand>::IsStatic, <B as TilerOperand>::IsStatic>,
            And<And<<A as LayoutOperand>::Typed, <A as LayoutOperand>::StrideStatic>, <B as TilerOperand>::Typed>,
        >,
        bound [<A as LayoutOperand>::Modes: super::TilerFits<<B as TilerOperand>::Modes>],
        static [A: LayoutOperand<IsStatic = True>, B: TilerOperand<IsStatic = True>],
        mixed [A: LayoutOperand<Typed = True>, B: TilerOperand<Typed = True>]
    {
        static: tiled_product_any(&static_layout(A::STATIC), &static_tiler(B::STATIC_TILER)),
        mixed |p| tiled_product_any(&pattern_layout(A::PATTERN, p), &pattern_tiler(B::PATTERN_TILER, p)),
        dynamic: tiled_product_any(&a.to_dynamic(), &tiler.to_tiler()?),
    }
}

by_tiler!(
    flat_product_any,
    algebra::flat_product,
    algebra::flat_product_tiler
);
static_op! {
    /// [`algebra::flat_product`]: `zipped_product` with both parts unpacked. `tiler` is a layout, an integer (`n:1`) or a
    /// tuple of tilers.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// let a = make_layout((_2, _2));
    /// let p: FlatProduct<_, _> = flat_product(a, (_3, _2));
    /// assert_eq!(p.to_string(), "(_2,_2,_3,_2):(_1,_2,_2,_1)");
    /// assert_eq!(p.size(), 24);
    /// ```
    pub fn flat_product<A: LayoutOperand, B: TilerOperand>(a: A, tiler: B) -> FlatProduct as FlatProductOut
    where flag = Kind<
            And<<A as LayoutOperand>::IsStatic, <B as TilerOperand>::IsStatic>,
            And<And<<A as LayoutOperand>::Typed, <A as LayoutOperand>::StrideStatic>, <B as TilerOperand>::Typed>,
        >,
        bound [<A as LayoutOperand>::Modes: super::TilerFits<<B as TilerOperand>::Modes>],
        static [A: LayoutOperand<IsStatic = True>, B: TilerOperand<IsStatic = True>],
        mixed [A: LayoutOperand<Typed = True>, B: TilerOperand<Typed = True>]
    {
        static: flat_product_any(&static_layout(A::STATIC), &static_tiler(B::STATIC_TILER)),
        mixed |p| flat_product_any(&pattern_layout(A::PATTERN, p), &pattern_tiler(B::PATTERN_TILER, p)),
        dynamic: flat_product_any(&a.to_dynamic(), &tiler.to_tiler()?),
    }
}

static_op! {
    /// [`algebra::blocked_product`]: each element of `b` becomes a block `a`; the result's modes pair `a`'s with `b`'s.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// let a = make_layout((_2, _2));
    /// let p: BlockedProduct<_, _> = blocked_product(a, make_layout((_3, _2)));
    /// assert_eq!(p.to_string(), "((_2,_3),(_2,_2)):((_1,_4),(_2,_12))");
    /// assert_eq!(p.size(), 24);
    /// ```
    pub fn blocked_product<A: LayoutOperand, B: LayoutOperand>(a: A, b: B) -> BlockedProduct as BlockedProductOut
    where flag = Kind<
            And<<A as LayoutOperand>::IsStatic, <B as LayoutOperand>::IsStatic>,
            And<And<<A as LayoutOperand>::Typed, <A as LayoutOperand>::StrideStatic>, <B as LayoutOperand>::Typed>,
        >,
        static [A: LayoutOperand<IsStatic = True>, B: LayoutOperand<IsStatic = True>],
        mixed [A: LayoutOperand<Typed = True>, B: LayoutOperand<Typed = True>]
    {
        static: algebra::blocked_product(&static_layout(A::STATIC), &static_layout(B::STATIC)),
        mixed |p| algebra::blocked_product(&pattern_layout(A::PATTERN, p), &pattern_layout(B::PATTERN, p)),
        dynamic: algebra::blocked_product(&a.to_dynamic(), &b.to_dynamic()),
    }
}

static_op! {
    /// [`algebra::raked_product`]: `a`'s elements interleaved (raked) across the copies laid out by `b`.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// let a = make_layout((_2, _2));
    /// let p: RakedProduct<_, _> = raked_product(a, make_layout((_3, _2)));
    /// assert_eq!(p.to_string(), "((_3,_2),(_2,_2)):((_4,_1),(_12,_2))");
    /// assert_eq!(p.size(), 24);
    /// ```
    pub fn raked_product<A: LayoutOperand, B: LayoutOperand>(a: A, b: B) -> RakedProduct as RakedProductOut
    where flag = Kind<
            And<<A as LayoutOperand>::IsStatic, <B as LayoutOperand>::IsStatic>,
            And<And<<A as LayoutOperand>::Typed, <A as LayoutOperand>::StrideStatic>, <B as LayoutOperand>::Typed>,
        >,
        static [A: LayoutOperand<IsStatic = True>, B: LayoutOperand<IsStatic = True>],
        mixed [A: LayoutOperand<Typed = True>, B: LayoutOperand<Typed = True>]
    {
        static: algebra::raked_product(&static_layout(A::STATIC), &static_layout(B::STATIC)),
        mixed |p| algebra::raked_product(&pattern_layout(A::PATTERN, p), &pattern_layout(B::PATTERN, p)),
        dynamic: algebra::raked_product(&a.to_dynamic(), &b.to_dynamic()),
    }
}

static_op! {
    /// [`algebra::tile_to_shape`]: copies of `block` laid out column-major until
    /// they cover `shape`.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// let block = make_layout((_2, _2));
    /// let t: TiledToShape<_, _> = tile_to_shape(block, (_4, _6));
    /// assert_eq!(t.to_string(), "((_2,_2),(_2,_3)):((_1,_4),(_2,_8))");
    /// // A run-time target shape: a typed mixed layout.
    /// let m = tile_to_shape(block, (4i64, 6i64)).unwrap();
    /// assert_eq!(m.to_string(), "((_2,2),(_2,3)):((_1,_4),(_2,8))");
    /// assert_eq!(m.size(), 24);
    /// ```
    pub fn tile_to_shape<A: LayoutOperand, S: IntTuple>(block: A, shape: S) -> TiledToShape as TileToShapeOut
    where flag = Kind<And<<A as LayoutOperand>::IsStatic, <S as IntTuple>::IsStatic>, And<<A as LayoutOperand>::Typed, <A as LayoutOperand>::StrideStatic>>,
        static [A: LayoutOperand<IsStatic = True>, S: IntTuple<IsStatic = True>],
        mixed [A: LayoutOperand<Typed = True, StrideStatic = True>, S: IntTuple]
    {
        static: algebra::tile_to_shape(&static_layout(A::STATIC), &static_tuple(S::STATIC), None),
        mixed |p| algebra::tile_to_shape(&pattern_layout(A::PATTERN, p), &pattern_tuple(S::PATTERN, p), None),
        dynamic: algebra::tile_to_shape(&block.to_dynamic(), &shape.to_dtuple(), None),
    }
}

/// `tile_to_shape` with an explicit mode order.
const fn tile_to_shape_in(
    block: &DLayout,
    shape: &DTuple,
    order: &DTuple,
) -> Result<DLayout, Error> {
    algebra::tile_to_shape(block, shape, Some(order))
}

static_op! {
    /// [`algebra::tile_to_shape`] with `order`, the order in which the copies
    /// advance through the modes (e.g. `(_2, _1)` for row-major).
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// let block = make_layout((_2, _2));
    /// // Blocks repeated along mode 1 first (order (1, 0)).
    /// let t: TiledToShapeOrdered<_, _, _> = tile_to_shape_ordered(block, (_4, _6), (_1, _0));
    /// assert_eq!(t.size(), 24);
    /// assert_eq!(t.to_string(), "((_2,_2),(_2,_3)):((_1,_12),(_2,_4))");
    /// ```
    pub fn tile_to_shape_ordered<A: LayoutOperand, S: IntTuple, O: IntTuple>(
        block: A, shape: S, order: O
    ) -> TiledToShapeOrdered as TileToShapeOrderedOut
    where flag = Kind<
            And<<A as LayoutOperand>::IsStatic, And<<S as IntTuple>::IsStatic, <O as IntTuple>::IsStatic>>,
            // The order decides the result's nesting: it must be static.
            And<And<<A as LayoutOperand>::Typed, <A as LayoutOperand>::StrideStatic>, <O as IntTuple>::IsStatic>,
        >,
        static [
            A: LayoutOperand<IsStatic = True>,
            S: IntTuple<IsStatic = True>,
            O: IntTuple<IsStatic = True>,
        ],
        mixed [A: LayoutOperand<Typed = True, StrideStatic = True>, S: IntTuple, O: IntTuple<IsStatic = True>]
    {
        static: tile_to_shape_in(
            &static_layout(A::STATIC),
            &static_tuple(S::STATIC),
            &static_tuple(O::STATIC),
        ),
        mixed |p| tile_to_shape_in(
            &pattern_layout(A::PATTERN, p),
            &pattern_tuple(S::PATTERN, p),
            &static_tuple(O::STATIC),
        ),
        dynamic: tile_to_shape_in(&block.to_dynamic(), &shape.to_dtuple(), &order.to_dtuple()),
    }
}

/// The value of a static integer operand.
const fn static_int(v: Option<i64>) -> i64 {
    match v {
        Some(v) => v,
        None => Error::StaticMismatch.raise(),
    }
}

static_op! {
    /// [`algebra::upcast`]: the same data seen as elements `n` times wider
    /// (CuTe `upcast<N>`); `n` is static (`_2`) or an `i64`.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// // Two 16-bit elements per 32-bit word: the index space shrinks by 2.
    /// let u: Upcast<_, _> = upcast(make_layout((_4, _8)), _2);
    /// assert_eq!(u.to_string(), "(_2,_8):(_1,_2)");
    /// ```
    pub fn upcast<A: LayoutOperand, N: IntLike>(a: A, n: N) -> Upcast as UpcastOut
    where flag = Kind<
            And<<A as LayoutOperand>::IsStatic, <N as IntLike>::IsStatic>,
            And<<A as LayoutOperand>::Typed, <N as IntLike>::IsStatic>,
        >,
        static [A: LayoutOperand<IsStatic = True>, N: IntLike<IsStatic = True>],
        mixed [A: LayoutOperand<Typed = True>, N: IntLike<IsStatic = True>]
    {
        static: algebra::upcast(&static_layout(A::STATIC), static_int(<N as IntLike>::STATIC)),
        mixed |p| algebra::upcast(&pattern_layout(A::PATTERN, p), static_int(<N as IntLike>::STATIC)),
        dynamic: algebra::upcast(&a.to_dynamic(), n.value()),
    }
}

static_op! {
    /// [`algebra::downcast`]: the same data seen as elements `n` times narrower
    /// (CuTe `downcast<N>`); `n` is static (`_2`) or an `i64`.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// // Each element split in two: the index space grows by 2.
    /// let d: Downcast<_, _> = downcast(make_layout((_4, _8)), _2);
    /// assert_eq!(d.to_string(), "(_8,_8):(_1,_8)");
    /// ```
    pub fn downcast<A: LayoutOperand, N: IntLike>(a: A, n: N) -> Downcast as DowncastOut
    where flag = Kind<
            And<<A as LayoutOperand>::IsStatic, <N as IntLike>::IsStatic>,
            And<<A as LayoutOperand>::Typed, <N as IntLike>::IsStatic>,
        >,
        static [A: LayoutOperand<IsStatic = True>, N: IntLike<IsStatic = True>],
        mixed [A: LayoutOperand<Typed = True>, N: IntLike<IsStatic = True>]
    {
        static: algebra::downcast(&static_layout(A::STATIC), static_int(<N as IntLike>::STATIC)),
        mixed |p| algebra::downcast(&pattern_layout(A::PATTERN, p), static_int(<N as IntLike>::STATIC)),
        dynamic: algebra::downcast(&a.to_dynamic(), n.value()),
    }
}
