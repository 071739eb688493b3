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
//! Compile-time preconditions: each `Tᵢ` divides `Sᵢ`, and each thread holds at
//! least 2 values per mode where `Tᵢ > 1` (a mode of one value per thread is
//! `_1:_0` in CuTe, another stride kind); a thread-mode stride is not `_0` where
//! its extent exceeds 1 (the thread layout must be injective).
use super::layout_trait::TensorLayout;
use super::local_partition::local_partition_layout;
use crate::dynamic::DLayout;
use crate::error::Error;
use crate::typed::numeral::Numeral;
use crate::typed::{Congruent, IntLike, IntMul, IntTuple, Layout, StaticDiv, C};

/// A thread layout of [`Tensor::local_partition`](super::Tensor::local_partition)
/// for a tensor of layout `L`: a [`DLayout`] (any tensor; a [`DLayout`]
/// partition) or a static typed thread layout (a typed partition, see
/// [`PartitionedBy`]).
///
/// ```
/// use cute_types::tensor::*;
/// use cute_types::*;
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
/// use cute_types::tensor::*;
/// use cute_types::*;
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

/// The compile-time preconditions of a tile mode of extent `s` over a thread
/// mode of extent `t` and stride `e`.
#[track_caller]
const fn check_leaf_partition(s: i64, t: i64, e: i64) {
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

macro_rules! leaf_partitioned_by {
    ($($S:ident $D:ident $T:ident $E:ident $i:tt),+) => {
        impl<$($S, $D, $T, $E),+> PartitionedBy<Layout<($(C<$T>,)+), ($(C<$E>,)+)>>
            for Layout<($(C<$S>,)+), ($($D,)+)>
        where
            $(
                $S: Numeral, $T: Numeral, $E: Numeral,
                $D: IntLike + IntTuple,
                C<$S>: Congruent<$D> + StaticDiv<C<$T>>,
                <C<$S> as StaticDiv<C<$T>>>::Output: IntLike + Congruent<<C<$T> as IntMul<$D>>::Output>,
                C<$T>: IntMul<$D>,
            )+
        {
            type Part = Layout<
                ($(<C<$S> as StaticDiv<C<$T>>>::Output,)+),
                ($(<C<$T> as IntMul<$D>>::Output,)+),
            >;
            #[inline]
            fn partition_by(
                &self,
                _: &Layout<($(C<$T>,)+), ($(C<$E>,)+)>,
                t: i64,
            ) -> Result<(Self::Part, i64), Error> {
                let () = const {
                    $(check_leaf_partition(C::<$S>::VALUE, C::<$T>::VALUE, C::<$E>::VALUE);)+
                };
                let threads = 1 $(* C::<$T>::VALUE)+;
                if t < 0 || t >= threads {
                    return Err(Error::OutOfDomain);
                }
                let stride = self.stride();
                let mut offset = 0i64;
                $(
                    let c = thread_digit(t, C::<$T>::VALUE, C::<$E>::VALUE);
                    offset = c
                        .checked_mul(stride.$i.value())
                        .and_then(|x| offset.checked_add(x))
                        .ok_or(Error::Overflow)?;
                )+
                let part = Layout::try_new(
                    ($(<<C<$S> as StaticDiv<C<$T>>>::Output as Default>::default(),)+),
                    ($(C::<$T>::new().int_mul(stride.$i)?,)+),
                )?;
                Ok((part, offset))
            }
        }
    };
}
leaf_partitioned_by!(S0 D0 T0 E0 0);
leaf_partitioned_by!(S0 D0 T0 E0 0, S1 D1 T1 E1 1);
leaf_partitioned_by!(S0 D0 T0 E0 0, S1 D1 T1 E1 1, S2 D2 T2 E2 2);
