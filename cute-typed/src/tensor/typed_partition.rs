//! `local_partition` with a typed thread layout: a static
//! `Layout<(_T₀, _T₁, …), (_E₀, _E₁, …)>` over a tile whose modes are single
//! leaves with static extents, giving a typed partition.
//!
//! Thread `t` sits at `cᵢ = (t / Eᵢ) mod Tᵢ` in mode `i` of the thread layout
//! (CuTe's `get_flat_coord`); the tile `(S₀, …):(d₀, …)` divided by the thread
//! shape is, mode by mode, `(Tᵢ, Sᵢ/Tᵢ):(dᵢ, Tᵢ·dᵢ)`, so thread `t` owns
//!
//! ```text
//! (S₀/T₀, S₁/T₁, …) : (T₀·d₀, T₁·d₁, …)   at offset   Σ cᵢ·dᵢ
//! ```
//!
//! — a typed `Layout` whose static entries stay static and whose run-time
//! strides stay run-time (CuTe's `(_4,_2):(480,_4)` for the `(_32,_8):(60,_1)`
//! tile of an `(M,N):(N,_1)` matrix over `(_8,_4):(_4,_1)` threads).
//!
//! A leaf of run-time extent `s` gives the run-time extent `⌈s/Tᵢ⌉` (C++'s
//! `shape_div` for a dynamic extent: `(_4,2):(_2,32)` for `(_8,6):(_1,8)` over
//! `(_2,_4)` threads), still in a typed `Layout` ([`PartLeaf`]).
//!
//! A tile with a nested mode is partitioned as C++'s
//! `outer_partition` does it, through the typed algebra
//! (`zipped_divide(tile, shape(thr))` sliced at the thread's coordinate,
//! [`PartDispatch`]): a static result for a static tile, a [`DLayout`]
//! otherwise (CuTe's `((1,2),4):((_4,4),16)` for `((2,4),8):((_1,2),8)` over
//! `(_4,_2)` row-major threads, thread 5).
//!
//! Compile-time preconditions: each `Tᵢ` divides `Sᵢ`, and each thread holds at
//! least 2 values per mode where `Tᵢ > 1` (a mode of one value per thread is
//! `_1:_0` in CuTe, another stride kind); a thread-mode stride is not `_0` where
//! its extent exceeds 1 (the thread layout must be injective).
use super::divide::DivideArg;
use super::layout_trait::TensorLayout;
use super::local_partition::local_partition_layout;
use super::slice::{SliceBy, TensorSliced};
use super::typed_tile::ModeKind;
use crate::dynamic::DLayout;
use crate::error::Error;
use crate::typed::numeral::Numeral;
use crate::typed::{
    And, Congruent, False, IntLike, IntMul, IntTuple, Layout, RuntimeInt, StaticDiv, True,
    Underscore, C,
};

/// A thread layout of [`Tensor::local_partition`](super::Tensor::local_partition)
/// for a tensor of layout `L`: a [`DLayout`] (any tensor; a [`DLayout`]
/// partition) or a static typed thread layout (a typed partition, see
/// [`PartitionedBy`]).
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// let tile = Layout::new((_32, _8), (60i64, _1)).unwrap(); // a tile of an (M,60):(60,_1) matrix
/// let thr = make_layout_right((_8, _4)); // 8×4 threads, row-major
/// let (vals, off) = thr.partition_layout(&tile, 13).unwrap();
/// let _: &Layout<(_4, _2), (i64, _4)> = &vals;
/// assert_eq!((vals.to_string(), off), ("(_4,_2):(480,_4)".to_string(), 181));
/// ```
pub trait LocalPartitioner<L> {
    /// The layout of one thread's values.
    type Part: TensorLayout;
    /// Thread `t`'s values in `layout` and the offset of its first one.
    fn partition_layout(&self, layout: &L, t: i64) -> Result<(Self::Part, i64), Error>;
}

impl<L: TensorLayout> LocalPartitioner<L> for DLayout {
    type Part = DLayout;
    fn partition_layout(&self, layout: &L, t: i64) -> Result<(DLayout, i64), Error> {
        local_partition_layout(&layout.to_dlayout(), self, t)
    }
}

impl<L: PartitionedBy<Layout<TS, TD>>, TS: Congruent<TD>, TD: IntTuple> LocalPartitioner<L>
    for Layout<TS, TD>
{
    type Part = L::Part;
    #[inline]
    fn partition_layout(&self, layout: &L, t: i64) -> Result<(L::Part, i64), Error> {
        layout.partition_by(self, t)
    }
}

/// A layout that the typed thread layout `Thr` partitions: `Layout<(_S₀, …),
/// (D₀, …)>` (static extents, strides of any kind) by a static
/// `Layout<(_T₀, …), (_E₀, …)>` of the same rank (see the module docs). A
/// thread index outside `[0, size(Thr))` is [`Error::OutOfDomain`].
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// let tile = make_layout((_16, _16)); // column-major
/// let thr = make_layout((_4, _8)); // 4×8 threads, column-major
/// let (vals, off) = tile.partition_by(&thr, 13).unwrap();
/// assert_eq!((vals.to_string(), off), ("(_4,_2):(_4,_128)".to_string(), 49));
/// assert_eq!(tile.partition_by(&thr, 32).unwrap_err(), Error::OutOfDomain);
/// ```
pub trait PartitionedBy<Thr>: Sized {
    /// The layout of one thread's values.
    type Part: TensorLayout;
    /// Thread `t`'s values and the offset of its first one.
    fn partition_by(&self, thr: &Thr, t: i64) -> Result<(Self::Part, i64), Error>;
}

/// The compile-time preconditions of a tile mode of extent `s` (`None`:
/// run-time) over a thread mode of extent `t` and stride `e`.
#[track_caller]
const fn check_leaf_partition(s: Option<i64>, t: i64, e: i64) {
    if let Some(s) = s {
        if s % t != 0 {
            Error::ShapeDivisibility.raise()
        }
        if t > 1 && s / t < 2 {
            panic!(
                "typed local_partition: each thread must hold at least 2 values in a mode that \
                 threads split (one value is the layout _1:_0 in CuTe, another stride; partition by a \
                 DLayout)"
            )
        }
    }
    if t > 1 && e == 0 {
        Error::NotInjective.raise()
    }
}

/// Thread `t`'s coordinate in a thread mode of extent `extent` and stride `stride`.
#[inline(always)]
fn thread_digit(t: i64, extent: i64, stride: i64) -> i64 {
    if extent == 1 {
        0
    } else {
        (t / stride) % extent
    }
}

/// A leaf mode of a tile dealt out over `_T` threads: its extent per thread.
///
/// * `_S`: the static `_S/_T` (`T | S` and at least 2 values per thread where
///   `T > 1`, checked at compile time);
/// * a run-time `s`: `⌈s/T⌉` as an `i64`, as C++'s `shape_div` for a dynamic
///   extent (`(_8,6):(_1,8)` over `(_2,_4)` threads is `(_4,2):(_2,32)`).
pub trait PartLeaf<T> {
    /// The extent per thread.
    type Extent: IntLike + IntTuple;
    /// The extent per thread of `self`.
    fn per_thread(&self) -> Self::Extent;
}
impl<N: Numeral, T: Numeral> PartLeaf<T> for C<N>
where
    C<N>: StaticDiv<C<T>>,
    <C<N> as StaticDiv<C<T>>>::Output: IntLike + IntTuple,
{
    type Extent = <C<N> as StaticDiv<C<T>>>::Output;
    #[inline(always)]
    fn per_thread(&self) -> Self::Extent {
        Default::default()
    }
}
impl<R: RuntimeInt, T: Numeral> PartLeaf<T> for R {
    type Extent = i64;
    #[inline(always)]
    fn per_thread(&self) -> i64 {
        super::typed_tile::tile_count(self.value(), C::<T>::VALUE)
    }
}

/// How a typed tile `L` is partitioned by the static thread layout `Thr`,
/// chosen by whether every mode of `L` is a static leaf:
///
/// * [`True`] (every mode a leaf, static or run-time): mode by mode (see the
///   module docs), a typed `Layout`;
/// * [`False`] (a nested mode): as C++'s
///   `outer_partition`, `zipped_divide(L, shape(Thr))` by the typed algebra,
///   then the slice `(thread coordinate, (_, …))`: a static result for a static
///   tile, a [`DLayout`] otherwise.
pub trait PartDispatch<L, Thr> {
    /// The layout of one thread's values.
    type Part: TensorLayout;
    /// Thread `t`'s values and the offset of its first one.
    fn partition(layout: &L, thr: &Thr, t: i64) -> Result<(Self::Part, i64), Error>;
}

macro_rules! leaf_partitioned_by {
    ($($S:ident $D:ident $T:ident $E:ident $i:tt),+; $Flag:ty; $($U:ident)+) => {
        impl<$($S, $D, $T, $E),+> PartDispatch<Layout<($($S,)+), ($($D,)+)>, Layout<($(C<$T>,)+), ($(C<$E>,)+)>>
            for True
        where
            $(
                $T: Numeral, $E: Numeral,
                $D: IntLike + IntTuple,
                $S: IntLike + Congruent<$D> + PartLeaf<$T>,
                <$S as PartLeaf<$T>>::Extent: Congruent<<C<$T> as IntMul<$D>>::Output>,
                C<$T>: IntMul<$D>,
            )+
        {
            type Part = Layout<
                ($(<$S as PartLeaf<$T>>::Extent,)+),
                ($(<C<$T> as IntMul<$D>>::Output,)+),
            >;
            #[inline]
            fn partition(
                layout: &Layout<($($S,)+), ($($D,)+)>,
                _: &Layout<($(C<$T>,)+), ($(C<$E>,)+)>,
                t: i64,
            ) -> Result<(Self::Part, i64), Error> {
                let () = const {
                    $(check_leaf_partition(<$S as IntLike>::STATIC, C::<$T>::VALUE, C::<$E>::VALUE);)+
                };
                let threads = 1 $(* C::<$T>::VALUE)+;
                if t < 0 || t >= threads {
                    return Err(Error::OutOfDomain);
                }
                let (shape, stride) = (layout.shape(), layout.stride());
                let mut offset = 0i64;
                $(
                    let c = thread_digit(t, C::<$T>::VALUE, C::<$E>::VALUE);
                    offset = c
                        .checked_mul(stride.$i.value())
                        .and_then(|x| offset.checked_add(x))
                        .ok_or(Error::Overflow)?;
                )+
                let part = Layout::try_new(
                    ($(shape.$i.per_thread(),)+),
                    ($(C::<$T>::new().int_mul(stride.$i)?,)+),
                )?;
                Ok((part, offset))
            }
        }

        impl<$($S, $D, $T, $E),+> PartDispatch<Layout<($($S,)+), ($($D,)+)>, Layout<($(C<$T>,)+), ($(C<$E>,)+)>>
            for False
        where
            ($($S,)+): Congruent<($($D,)+)>,
            ($($D,)+): IntTuple,
            $($T: Numeral, $E: Numeral,)+
            ($(C<$T>,)+): DivideArg<Layout<($($S,)+), ($($D,)+)>>,
            <($(C<$T>,)+) as DivideArg<Layout<($($S,)+), ($($D,)+)>>>::Zipped:
                SliceBy<(($(part_i64!($T),)+), ($($U,)+))>,
        {
            type Part = <<($(C<$T>,)+) as DivideArg<Layout<($($S,)+), ($($D,)+)>>>::Zipped as SliceBy<
                (($(part_i64!($T),)+), ($($U,)+)),
            >>::Sliced;
            #[inline]
            fn partition(
                layout: &Layout<($($S,)+), ($($D,)+)>,
                _: &Layout<($(C<$T>,)+), ($(C<$E>,)+)>,
                t: i64,
            ) -> Result<(Self::Part, i64), Error> {
                let () = const { $(check_thread_mode(C::<$T>::VALUE, C::<$E>::VALUE);)+ };
                let threads = 1 $(* C::<$T>::VALUE)+;
                if t < 0 || t >= threads {
                    return Err(Error::OutOfDomain);
                }
                let coord = ($(thread_digit(t, C::<$T>::VALUE, C::<$E>::VALUE),)+);
                divide_and_slice(layout, ($(C::<$T>::new(),)+), (coord, ($($U,)+)))
            }
        }

        impl<$($S, $D, $T, $E),+> PartitionedBy<Layout<($(C<$T>,)+), ($(C<$E>,)+)>>
            for Layout<($($S,)+), ($($D,)+)>
        where
            ($($S,)+): Congruent<($($D,)+)>,
            ($($D,)+): IntTuple,
            $($S: ModeKind, $T: Numeral, $E: Numeral,)+
            $Flag: PartDispatch<Self, Layout<($(C<$T>,)+), ($(C<$E>,)+)>>,
        {
            type Part = <$Flag as PartDispatch<Self, Layout<($(C<$T>,)+), ($(C<$E>,)+)>>>::Part;
            #[inline]
            fn partition_by(
                &self,
                thr: &Layout<($(C<$T>,)+), ($(C<$E>,)+)>,
                t: i64,
            ) -> Result<(Self::Part, i64), Error> {
                <$Flag as PartDispatch<Self, Layout<($(C<$T>,)+), ($(C<$E>,)+)>>>::partition(self, thr, t)
            }
        }
    };
}
/// `i64`, once per thread mode (a thread coordinate's type).
macro_rules! part_i64 {
    ($T:ident) => {
        i64
    };
}

/// `slice(zipped_divide(layout, tiler), coord)`: C++'s `inner_partition`
/// (`local_tile`) and `outer_partition` (`local_partition`) through the typed
/// algebra.
#[inline]
pub(crate) fn divide_and_slice<L, T, Q>(
    layout: &L,
    tiler: T,
    coord: Q,
) -> Result<(<T::Zipped as SliceBy<Q>>::Sliced, i64), Error>
where
    T: DivideArg<L>,
    T::Zipped: SliceBy<Q>,
{
    tiler.zipped(layout)?.slice_by(coord)
}

/// A static tile (a [`TensorSliced`], as the typed `local_tile` of a static
/// layout with nested modes gives) partitioned through the algebra: a static
/// result.
macro_rules! sliced_partitioned_by {
    ($($T:ident $E:ident),+; $($U:ident)+) => {
        impl<L, K, $($T, $E),+> PartitionedBy<Layout<($(C<$T>,)+), ($(C<$E>,)+)>> for TensorSliced<L, K>
        where
            $($T: Numeral, $E: Numeral,)+
            ($(C<$T>,)+): DivideArg<TensorSliced<L, K>>,
            <($(C<$T>,)+) as DivideArg<TensorSliced<L, K>>>::Zipped:
                SliceBy<(($(part_i64!($T),)+), ($($U,)+))>,
        {
            type Part = <<($(C<$T>,)+) as DivideArg<TensorSliced<L, K>>>::Zipped as SliceBy<
                (($(part_i64!($T),)+), ($($U,)+)),
            >>::Sliced;
            #[inline]
            fn partition_by(
                &self,
                _: &Layout<($(C<$T>,)+), ($(C<$E>,)+)>,
                t: i64,
            ) -> Result<(Self::Part, i64), Error> {
                let () = const { $(check_thread_mode(C::<$T>::VALUE, C::<$E>::VALUE);)+ };
                let threads = 1 $(* C::<$T>::VALUE)+;
                if t < 0 || t >= threads {
                    return Err(Error::OutOfDomain);
                }
                let coord = ($(thread_digit(t, C::<$T>::VALUE, C::<$E>::VALUE),)+);
                divide_and_slice(self, ($(C::<$T>::new(),)+), (coord, ($($U,)+)))
            }
        }
    };
}
sliced_partitioned_by!(T0 E0; Underscore);
sliced_partitioned_by!(T0 E0, T1 E1; Underscore Underscore);
sliced_partitioned_by!(T0 E0, T1 E1, T2 E2; Underscore Underscore Underscore);

/// A thread mode must number its threads once each (a stride-0 thread mode of
/// extent > 1 is not injective).
#[track_caller]
const fn check_thread_mode(t: i64, e: i64) {
    if t > 1 && e == 0 {
        Error::NotInjective.raise()
    }
}

leaf_partitioned_by!(S0 D0 T0 E0 0; S0::IsLeaf; Underscore);
leaf_partitioned_by!(
    S0 D0 T0 E0 0, S1 D1 T1 E1 1;
    And<S0::IsLeaf, S1::IsLeaf>;
    Underscore Underscore
);
leaf_partitioned_by!(
    S0 D0 T0 E0 0, S1 D1 T1 E1 1, S2 D2 T2 E2 2;
    And<S0::IsLeaf, And<S1::IsLeaf, S2::IsLeaf>>;
    Underscore Underscore Underscore
);
