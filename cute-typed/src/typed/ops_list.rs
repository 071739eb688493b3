//! The typed functions of the operation list: `cute_types::for_each_op!` names
//! each operation once (its arguments' operand traits, its doc comment with
//! examples, its static result and return alias, its entry point), and
//! [`typed_ops!`] writes each typed function from it. Static inputs give
//! zero-sized static results, typed inputs with run-time leaves typed mixed
//! results ([`super::mixed`]; an argument marked `[static strides]` only when
//! its strides are static, as C++ complements it), and a `DLayout` operand a
//! run-time `Result<DLayout, Error>` (see [`super::static_result`]).
//! Definitions, examples and preconditions are those of [`crate::algebra`].
//!
//! Below: the macros that write the typed functions and the expansion, in one
//! file so that a compile-error note shows the macro's line and the expansion
//! in one snippet; then the entry points the list names that are not an
//! `algebra` function or a `DLayout` method: a by-mode dispatch on the tiler, a
//! method as a `Result`, a default argument.
use super::coord::Coord;
use super::flag::True;
use super::int::IntLike;
use super::layout_like::LayoutOperand;
use super::mixed::{pattern_layout, pattern_tiler, pattern_tuple, Kind};
use super::modes::TilerFits;
use super::operand::{DTilerArg, TilerOperand};
use super::static_result::{static_layout, static_tiler, static_tuple};
use super::tuple::IntTuple;
use crate::algebra::fixed as algebra;
use crate::dynamic::{FixedLayout, FixedTuple};
use crate::error::Error;

/// The zero-sized static result `$Marker` of `$fname`, valid when `$wc` holds,
/// whose `StaticLayout::RESULT` is `$static_expr`.
macro_rules! static_marker {
    ($(#[$doc:meta])* $fname:ident $Marker:ident [$($T:ident),+] [$($wc:tt)*] $static_expr:expr) => {
        #[doc = concat!("The zero-sized static result of [`", stringify!($fname), "`](fn@",
                         stringify!($fname), "): a layout computed at compile time. \
                         The function's documentation follows.")]
        #[doc = ""]
        $(#[$doc])*
        pub struct $Marker<$($T),+>(core::marker::PhantomData<fn() -> ($($T,)+)>);
        impl<$($T),+> $crate::typed::StaticLayout for $Marker<$($T),+> where $($wc)* {
            const RESULT: Result<$crate::FixedLayout, $crate::Error> =
                if $crate::typed::ops_list::any_failed!($($wc)*) {
                    Err($crate::Error::FailedOperand)
                } else {
                    $static_expr
                };
            fn from_checked_operation() -> Self {
                Self(core::marker::PhantomData)
            }
        }
        $crate::typed::static_result::marker_impls!([$($T),+] $Marker<$($T),+>, [$($wc)*]);
    };
}
pub(crate) use static_marker;

/// The given type, or `False` (the `strides [...]` clause of `static_op!`).
macro_rules! or_false {
    () => {
        $crate::typed::False
    };
    ($t:ty) => {
        $t
    };
}
pub(crate) use or_false;

/// Whether any operand named in the static bounds `T: Trait<IsStatic = True>, …`
/// is a failed static result (only layouts and tilers can be). Reads the bounds
/// rather than the function's generics: a generic's bound token used twice in
/// one expansion would move rustc's "required by this bound" note into this
/// file.
macro_rules! any_failed {
    () => {
        false
    };
    ($T:ident: LayoutOperand<IsStatic = True> $(, $($rest:tt)*)?) => {
        <$T as $crate::typed::LayoutOperand>::FAILED
            || $crate::typed::ops_list::any_failed!($($($rest)*)?)
    };
    ($T:ident: TilerOperand<IsStatic = True> $(, $($rest:tt)*)?) => {
        <$T as $crate::typed::TilerOperand>::FAILED
            || $crate::typed::ops_list::any_failed!($($($rest)*)?)
    };
    ($T:ident: $bound:ident<IsStatic = True> $(, $($rest:tt)*)?) => {
        $crate::typed::ops_list::any_failed!($($($rest)*)?)
    };
    ($T:ident: LayoutOperand<Typed = True, StrideStatic = True> $(, $($rest:tt)*)?) => {
        <$T as $crate::typed::LayoutOperand>::FAILED
            || $crate::typed::ops_list::any_failed!($($($rest)*)?)
    };
    ($T:ident: LayoutOperand<Typed = True> $(, $($rest:tt)*)?) => {
        <$T as $crate::typed::LayoutOperand>::FAILED
            || $crate::typed::ops_list::any_failed!($($($rest)*)?)
    };
    ($T:ident: TilerOperand<Typed = True, StrideStatic = True> $(, $($rest:tt)*)?) => {
        <$T as $crate::typed::TilerOperand>::FAILED
            || $crate::typed::ops_list::any_failed!($($($rest)*)?)
    };
    ($T:ident: TilerOperand<Typed = True> $(, $($rest:tt)*)?) => {
        <$T as $crate::typed::TilerOperand>::FAILED
            || $crate::typed::ops_list::any_failed!($($($rest)*)?)
    };
    ($T:ident: $bound:ident $(, $($rest:tt)*)?) => {
        $crate::typed::ops_list::any_failed!($($($rest)*)?)
    };
}
pub(crate) use any_failed;

/// Expands the operation list of the core (`cute_types::for_each_op!`) into the
/// typed functions: one [`static_op!`] per `typed` form, whose signature,
/// bounds, dispatch flag and static, mixed and run-time bodies are written from
/// the kinds of its arguments ([`typed_form!`], [`typed_kind!`]); and, for each
/// `typed_by_hand` name, a check that the hand-written function exists.
macro_rules! typed_ops {
    ($( $name:ident {
        calc: [$($calc:tt)*],
        typed: [$(
            $(#[$doc:meta])*
            fn $f:ident($($arg:ident: $T:ident $Tr:ident $([$($need:ident)+])?),+)
                -> $Marker:ident as $Alias:ident
                = $($entry:ident)::+ $(, strides($($S:ident),+))?;
        )*],
        typed_by_hand: [$($hand:ident),*],
    } )*) => {
        $($(
            $crate::typed::ops_list::typed_form! {
                state [
                    head [$(#[$doc])* fn $f -> $Marker as $Alias = [$($entry)::+] strides [$($($S),+)?]]
                    gen [] params [] is_static [] mixed_ok [] static_bounds [] mixed_bounds []
                    static_args [] mixed_args [] dyn_args [] tilers []
                ]
                p [p] rest [$($arg: $T $Tr [$($($need)+)?]),+]
            }
        )*)*
        $($(
            const _: () = {
                #[allow(unused_imports)]
                use super::$hand;
            };
        )*)*
    };
}

/// One typed function of the operation list. Reads its arguments one at a time
/// (`rest`): each one's kind ([`typed_kind!`]) adds its generic and bound, its
/// parts of the dispatch flag (`is_static`: the operand is static; `mixed_ok`:
/// what a typed mixed result needs of it), its static and mixed bounds, and how
/// each body reads it (the static value, the pattern with run-time leaves set
/// to the placeholder `p`, the run-time value). Then writes the [`static_op!`]:
/// its flag is `Kind<every operand static, every mixed need met>`, and a tiler
/// operand adds the rule that it has at most as many modes as the layout.
macro_rules! typed_form {
    (state $state:tt p [$p:ident] rest [
        $arg:ident: $T:ident $Tr:ident [$($need:ident)*] $(, $($rest:tt)+)?
    ]) => {
        $crate::typed::ops_list::typed_kind! {
            $Tr [$($need)*] $Tr $arg $T $p => state $state p [$p] rest [$($($rest)+)?]
        }
    };
    (add [$($a_gen:tt)*] [$($a_params:tt)*] [$($a_st:tt)*] [$($a_mk:tt)*] [$($a_sb:tt)*]
        [$($a_mb:tt)*] [$($a_sa:tt)*] [$($a_ma:tt)*] [$($a_da:tt)*] [$($a_tl:tt)*]
        => state [
            head $head:tt gen [$($gen:tt)*] params [$($params:tt)*] is_static [$($st:tt)*]
            mixed_ok [$($mk:tt)*] static_bounds [$($sb:tt)*] mixed_bounds [$($mb:tt)*]
            static_args [$($sa:tt)*] mixed_args [$($ma:tt)*] dyn_args [$($da:tt)*] tilers [$($tl:tt)*]
        ] p $p:tt rest $rest:tt
    ) => {
        $crate::typed::ops_list::typed_form! {
            state [
                head $head gen [$($gen)* $($a_gen)*] params [$($params)* $($a_params)*]
                is_static [$($st)* $($a_st)*] mixed_ok [$($mk)* $($a_mk)*]
                static_bounds [$($sb)* $($a_sb)*] mixed_bounds [$($mb)* $($a_mb)*]
                static_args [$($sa)* $($a_sa)*] mixed_args [$($ma)* $($a_ma)*]
                dyn_args [$($da)* $($a_da)*] tilers [$($tl)* $($a_tl)*]
            ]
            p $p rest $rest
        }
    };
    (state [
        head [$(#[$doc:meta])* fn $f:ident -> $Marker:ident as $Alias:ident = [$($entry:ident)::+]
            strides [$($S:ident),*]]
        gen [[$T0:ident $Tb0:ident] $([$T:ident $Tb:ident])*] params [$([$arg:ident $AT:ident])+]
        is_static [$([$st:ty])+] mixed_ok [$([$mk:ty])*]
        static_bounds [$([$($sb:tt)*])+] mixed_bounds [$([$($mb:tt)*])+]
        static_args [$([$sa:expr])+] mixed_args [$([$ma:expr])+] dyn_args [$([$da:expr])+]
        tilers [$([$B:ident])?]
    ] p [$p:ident] rest []) => {
        $crate::typed::ops_list::static_op! {
            $(#[$doc])*
            pub fn $f<$T0: $Tb0 $(, $T: $Tb)*>($($arg: $AT),+) -> $Marker as $Alias
            where flag = Kind<
                $crate::typed::ops_list::and_all!($($st),+),
                $crate::typed::ops_list::and_all!($($mk),*),
            >,
                $(bound [<$T0 as LayoutOperand>::Modes: TilerFits<<$B as TilerOperand>::Modes>],)?
                static [$($($sb)*),+],
                mixed [$($($mb)*),+] strides [$crate::typed::ops_list::and_all!(
                    $crate::typed::False; $(<$S as LayoutOperand>::StrideStatic),*
                )]
            {
                static: $($entry)::+($($sa),+),
                mixed |$p| $($entry)::+($($ma),+),
                // The same entry over the compact run-time values.
                dynamic: $crate::typed::ops_list::rt_entry::$($entry)::+($($da),+),
            }
        }
    };
}
pub(crate) use typed_form;

/// What an argument adds to a typed function, by its operand trait
/// (`LayoutOperand`, `TilerOperand`, `IntTuple`, `IntLike`, `Coord`) and what a
/// typed mixed result needs of it (`[static strides]`: its strides static, as
/// C++ complements it; `[static]`: the operand static). In the order
/// [`typed_form!`] reads: generic and bound, parameter, static flag,
/// mixed needs, static bound, mixed bound, static value, mixed value with
/// placeholder `p`, run-time value, tiler.
macro_rules! typed_kind {
    (LayoutOperand [] $Tr:ident $arg:ident $T:ident $p:ident => $($cont:tt)*) => {
        $crate::typed::ops_list::typed_form! { add
            [[$T $Tr]] [[$arg $T]]
            [[<$T as LayoutOperand>::IsStatic]] [[<$T as LayoutOperand>::Typed]]
            [[$T: LayoutOperand<IsStatic = True>]] [[$T: LayoutOperand<Typed = True>]]
            [[&static_layout(<$T as LayoutOperand>::STATIC)]]
            [[&pattern_layout(<$T as LayoutOperand>::PATTERN, $p)]]
            [[&rt_entry::layout(&$arg)]] []
            => $($cont)*
        }
    };
    (LayoutOperand [static strides] $Tr:ident $arg:ident $T:ident $p:ident => $($cont:tt)*) => {
        $crate::typed::ops_list::typed_form! { add
            [[$T $Tr]] [[$arg $T]]
            [[<$T as LayoutOperand>::IsStatic]]
            [[<$T as LayoutOperand>::Typed] [<$T as LayoutOperand>::StrideStatic]]
            [[$T: LayoutOperand<IsStatic = True>]]
            [[$T: LayoutOperand<Typed = True, StrideStatic = True>]]
            [[&static_layout(<$T as LayoutOperand>::STATIC)]]
            [[&pattern_layout(<$T as LayoutOperand>::PATTERN, $p)]]
            [[&rt_entry::layout(&$arg)]] []
            => $($cont)*
        }
    };
    (TilerOperand [] $Tr:ident $arg:ident $T:ident $p:ident => $($cont:tt)*) => {
        $crate::typed::ops_list::typed_form! { add
            [[$T $Tr]] [[$arg $T]]
            [[<$T as TilerOperand>::IsStatic]] [[<$T as TilerOperand>::Typed]]
            [[$T: TilerOperand<IsStatic = True>]] [[$T: TilerOperand<Typed = True>]]
            [[&static_tiler(<$T as TilerOperand>::STATIC_TILER)]]
            [[&pattern_tiler(<$T as TilerOperand>::PATTERN_TILER, $p)]]
            [[&rt_entry::tiler(&$arg)?]] [[$T]]
            => $($cont)*
        }
    };
    (TilerOperand [static strides] $Tr:ident $arg:ident $T:ident $p:ident => $($cont:tt)*) => {
        $crate::typed::ops_list::typed_form! { add
            [[$T $Tr]] [[$arg $T]]
            [[<$T as TilerOperand>::IsStatic]]
            [[<$T as TilerOperand>::Typed] [<$T as TilerOperand>::StrideStatic]]
            [[$T: TilerOperand<IsStatic = True>]]
            [[$T: TilerOperand<Typed = True, StrideStatic = True>]]
            [[&static_tiler(<$T as TilerOperand>::STATIC_TILER)]]
            [[&pattern_tiler(<$T as TilerOperand>::PATTERN_TILER, $p)]]
            [[&rt_entry::tiler(&$arg)?]] [[$T]]
            => $($cont)*
        }
    };
    (IntTuple [] $Tr:ident $arg:ident $T:ident $p:ident => $($cont:tt)*) => {
        $crate::typed::ops_list::typed_form! { add
            [[$T $Tr]] [[$arg $T]]
            [[<$T as IntTuple>::IsStatic]] []
            [[$T: IntTuple<IsStatic = True>]] [[$T: IntTuple]]
            [[&static_tuple(<$T as IntTuple>::STATIC)]]
            [[&pattern_tuple(<$T as IntTuple>::PATTERN, $p)]]
            [[&rt_entry::tuple(&$arg)]] []
            => $($cont)*
        }
    };
    // The tuple decides the result's nesting (`tile_to_shape`'s order).
    (IntTuple [static] $Tr:ident $arg:ident $T:ident $p:ident => $($cont:tt)*) => {
        $crate::typed::ops_list::typed_form! { add
            [[$T $Tr]] [[$arg $T]]
            [[<$T as IntTuple>::IsStatic]] [[<$T as IntTuple>::IsStatic]]
            [[$T: IntTuple<IsStatic = True>]] [[$T: IntTuple<IsStatic = True>]]
            [[&static_tuple(<$T as IntTuple>::STATIC)]]
            [[&static_tuple(<$T as IntTuple>::STATIC)]]
            [[&rt_entry::tuple(&$arg)]] []
            => $($cont)*
        }
    };
    (IntLike [static] $Tr:ident $arg:ident $T:ident $p:ident => $($cont:tt)*) => {
        $crate::typed::ops_list::typed_form! { add
            [[$T $Tr]] [[$arg $T]]
            [[<$T as IntLike>::IsStatic]] [[<$T as IntLike>::IsStatic]]
            [[$T: IntLike<IsStatic = True>]] [[$T: IntLike<IsStatic = True>]]
            [[static_int(<$T as IntLike>::STATIC)]]
            [[static_int(<$T as IntLike>::STATIC)]]
            [[$arg.value()]] []
            => $($cont)*
        }
    };
    // Which modes a coordinate keeps depends on where it holds `_`, a fact of
    // its type; its integers' values play no part in the mixed pattern.
    (Coord [] $Tr:ident $arg:ident $T:ident $p:ident => $($cont:tt)*) => {
        $crate::typed::ops_list::typed_form! { add
            [[$T $Tr]] [[$arg $T]]
            [[<$T as Coord>::IsStatic]] []
            [[$T: Coord<IsStatic = True>]] [[$T: Coord]]
            [[&static_coord::<$T>()]]
            [[&static_coord::<$T>()]]
            [[&rt_entry::dtuple(&$arg.to_dcoord())]] []
            => $($cont)*
        }
    };
}
pub(crate) use typed_kind;

/// `And` of the given flags (`True` for none); with a leading `F;`, `F` for none.
macro_rules! and_all {
    () => {
        $crate::typed::True
    };
    ($f:ty;) => {
        $f
    };
    ($f:ty; $($t:ty),+) => {
        $crate::typed::ops_list::and_all!($($t),+)
    };
    ($t:ty) => {
        $t
    };
    ($t:ty, $($rest:ty),+) => {
        $crate::typed::And<$t, $crate::typed::ops_list::and_all!($($rest),+)>
    };
}
pub(crate) use and_all;

/// Writes `pub fn $fname`, its marker `$Marker` and the alias `$Alias` of its
/// return type (`$Marker<…>` or `Result<DLayout, Error>`; rustdoc shows the
/// alias rather than the dispatch projection). The marker's
/// `StaticLayout::RESULT` is `$static_expr` (a `Result<DLayout, Error>` evaluated
/// at compile time, valid when `$wc` holds); the function returns the marker when
/// `$flag` is `True` and runs `$dyn_expr` (a `Result<DLayout, Error>` expression
/// over the arguments) otherwise.
///
/// `bound [...]` adds where-clauses to the function only (rules that are
/// trait bounds, reported by `cargo check` at the caller's line).
///
/// `strides [F]` after `mixed [...]` says whether the mixed result's strides are
/// static (`StrideStatic`, default `False`).
///
/// `mixed [...]` with `mixed |p| expr` makes the marker a typed mixed pattern
/// ([`MixedPattern`](crate::typed::MixedPattern), valid when the `mixed`
/// bounds hold): `expr` is the operation on the operands' patterns with their
/// run-time leaves set to `p`; the function then returns
/// `Result<Mixed<…>, Error>` when `$flag` is [`Mix`](crate::typed::Mix).
///
/// The function's body names [`Dispatch::CHECK`](crate::typed::Dispatch::CHECK)
/// as a plain constant (not in a `const { }` block, which would add a second note
/// to the error), so that a violated rule is reported with the caller's line.
#[rustfmt::skip]
macro_rules! static_op {
    (
        $(#[$doc:meta])*
        pub fn $fname:ident<$($T:ident: $Tb:ident),+>($($arg:ident: $argty:ty),+) -> $Marker:ident as $Alias:ident
        where flag = $flag:ty, $(bound [$($bound:tt)*],)? static [$($wc:tt)*],
        mixed [$($mwc:tt)*] $(strides [$ss:ty])?
        { static: $static_expr:expr, mixed |$p:ident| $mixed_expr:expr, dynamic: $dyn_expr:expr $(,)? }
    ) => {
        $crate::typed::ops_list::static_marker!(
            $(#[$doc])* $fname $Marker [$($T),+] [$($wc)*] $static_expr
        );
        impl<$($T),+> $Marker<$($T),+> where $($mwc)* {
            /// The typed mixed pattern: the operation on the operands'
            /// patterns, their run-time leaves set to each placeholder in
            /// turn; the first that computes, or the first one's error.
            const fn mixed_pattern() -> Result<$crate::FixedLayout, $crate::Error> {
                let mut first = $crate::Error::MixedPattern;
                let mut k = 0;
                while k < $crate::typed::mixed::PLACEHOLDERS.len() {
                    let $p = $crate::typed::mixed::PLACEHOLDERS[k];
                    match $mixed_expr {
                        Ok(l) => return Ok(l),
                        Err(e) => {
                            if k == 0 {
                                first = e;
                            }
                        }
                    }
                    k += 1;
                }
                Err(first)
            }
        }
        impl<$($T),+> $crate::typed::MixedPattern for $Marker<$($T),+> where $($mwc)* {
            const PATTERN: Result<$crate::FixedLayout, $crate::Error> =
                if $crate::typed::ops_list::any_failed!($($mwc)*) {
                    Err($crate::Error::FailedOperand)
                } else {
                    Self::mixed_pattern()
                };
            type StrideStatic = $crate::typed::ops_list::or_false!($($ss)?);
        }
        #[doc = concat!("What [`", stringify!($fname), "`](fn@", stringify!($fname), ") returns: [`",
                         stringify!($Marker), "`] (zero-sized, computed at compile time) when \
                         every input is static, `Result<Mixed<", stringify!($Marker), "<…>>, Error>` \
                         (a typed mixed layout) when every input is typed and C++ computes the \
                         result with that mix, `Result<FixedLayout, Error>` otherwise. \
                         The function's documentation follows.")]
        #[doc = ""]
        $(#[$doc])*
        pub type $Alias<$($T),+> = $crate::typed::Out<$flag, $Marker<$($T),+>>;
        // Written out here, not by a helper macro (the compiler's note for a
        // violated rule shows this body, and a nested macro would add a line),
        // as the last lines before the expansion `for_each_op!(typed_ops)` and
        // with the bounds and body on one line: a note then shows the rule's
        // line and the expansion together.
        $(#[$doc])*
        pub fn $fname<$($T),+>($($arg: $argty),+) -> $Alias<$($T),+>
        where $($T: $Tb,)+ $flag: $crate::typed::Dispatch<$Marker<$($T),+>>, $($($bound)*)? { let () = <$flag as $crate::typed::Dispatch<$Marker<$($T),+>>>::CHECK; <$flag as $crate::typed::Dispatch<$Marker<$($T),+>>>::run_rt(|| $dyn_expr) } }; }
cute_types::for_each_op!(typed_ops);
pub(crate) use static_op;

/// `composition` with a layout or a by-mode tiler.
pub(crate) const fn composition_any(a: &FixedLayout, b: &DTilerArg) -> Result<FixedLayout, Error> {
    match b {
        DTilerArg::Layout(b) => algebra::composition(a, b),
        // C++ composes an integral tiler `n` as `n:_1`, even a static 1.
        DTilerArg::Int(n) => match algebra::unit_stride(*n) {
            Ok(b) => algebra::composition(a, &b),
            Err(e) => Err(e),
        },
        DTilerArg::Tiler(t) => algebra::composition_tiler(a, t),
    }
}

/// `op(a, b)` for a layout `b`, `op_tiler(a, b)` for a by-mode tiler.
macro_rules! by_tiler {
    ($name:ident, $op:path, $op_tiler:path) => {
        pub(crate) const fn $name(a: &FixedLayout, b: &DTilerArg) -> Result<FixedLayout, Error> {
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
by_tiler!(
    zipped_divide_any,
    algebra::zipped_divide,
    algebra::zipped_divide_tiler
);
by_tiler!(
    tiled_divide_any,
    algebra::tiled_divide,
    algebra::tiled_divide_tiler
);
by_tiler!(
    flat_divide_any,
    algebra::flat_divide,
    algebra::flat_divide_tiler
);
by_tiler!(
    logical_product_any,
    algebra::logical_product,
    algebra::logical_product_tiler
);
by_tiler!(
    zipped_product_any,
    algebra::zipped_product,
    algebra::zipped_product_tiler
);
by_tiler!(
    tiled_product_any,
    algebra::tiled_product,
    algebra::tiled_product_tiler
);
by_tiler!(
    flat_product_any,
    algebra::flat_product,
    algebra::flat_product_tiler
);

/// `tile_to_shape` with the copies advancing column-major.
pub(crate) const fn tile_to_shape_column_major(
    block: &FixedLayout,
    shape: &FixedTuple,
) -> Result<FixedLayout, Error> {
    algebra::tile_to_shape(block, shape, None)
}

/// `tile_to_shape` with an explicit mode order.
pub(crate) const fn tile_to_shape_in(
    block: &FixedLayout,
    shape: &FixedTuple,
    order: &FixedTuple,
) -> Result<FixedLayout, Error> {
    algebra::tile_to_shape(block, shape, Some(order))
}

/// The value of a static integer operand.
const fn static_int(v: Option<i64>) -> i64 {
    match v {
        Some(v) => v,
        None => Error::StaticMismatch.raise(),
    }
}

/// `flatten` as a `Result` (it cannot fail).
pub(crate) const fn flatten_ok(l: &FixedLayout) -> Result<FixedLayout, Error> {
    Ok(l.flatten())
}

/// The value of a static coordinate operand.
const fn static_coord<K: Coord>() -> FixedTuple {
    K::COORD_PATTERN
}

/// The run-time arm of the typed functions: each list entry's twin over the
/// compact run-time values (`algebra::rt`, no 64-node ceiling inside), reached
/// by the entry's own path under this module (`algebra::coalesce` is
/// `algebra::rt::coalesce`, `DLayout::append` is `DLayout::append`, an adapter
/// below its twin here). The operands convert at the boundary; the result is
/// the run-time `DLayout` itself (no conversion back). Without `alloc` (no
/// compact values) the arm runs the const entries, as the static arm does.
pub(crate) mod rt_entry {
    pub(crate) use crate::algebra::rt as algebra;
    pub(crate) use crate::dynamic::rt::DLayout as FixedLayout;
    use crate::dynamic::rt::DTuple;
    use crate::dynamic::FixedTuple;
    use crate::error::Error;
    pub(crate) use crate::typed::operand::CTilerArg;
    use crate::typed::{IntTuple, LayoutOperand, TilerOperand};

    /// A layout operand in the compact form, written straight from its
    /// typed value ([`LayoutOperand::to_compact`]).
    #[inline]
    pub(crate) fn layout<A: LayoutOperand>(a: &A) -> FixedLayout {
        a.to_compact()
    }
    /// A tuple operand (shape, profile, order) in the compact form.
    #[inline]
    pub(crate) fn tuple<T: IntTuple>(t: &T) -> DTuple {
        t.to_compact()
    }
    /// A coordinate operand in the compact form.
    pub(crate) fn dtuple(t: &FixedTuple) -> DTuple {
        DTuple::from_fixed(t)
    }
    /// A tiler operand in the compact form.
    #[inline]
    pub(crate) fn tiler<B: TilerOperand>(t: &B) -> Result<CTilerArg, Error> {
        t.to_compact_tiler()
    }

    /// `composition` with a layout or a by-mode tiler (`super::composition_any`).
    pub(crate) fn composition_any(a: &FixedLayout, b: &CTilerArg) -> Result<FixedLayout, Error> {
        match b {
            CTilerArg::Layout(b) => algebra::composition(a, b),
            // C++ composes an integral tiler `n` as `n:_1`, even a static 1.
            CTilerArg::Int(n) => algebra::composition(a, &algebra::unit_stride(*n)?),
            CTilerArg::Tiler(t) => algebra::composition_tiler(a, t),
        }
    }

    /// `op(a, b)` for a layout or integer `b` (`make_layout(n)`),
    /// `op_tiler(a, b)` for a by-mode tiler (as `super::by_tiler!`).
    macro_rules! by_tiler_rt {
        ($($name:ident: $op:ident, $op_tiler:ident;)+) => {$(
            pub(crate) fn $name(a: &FixedLayout, b: &CTilerArg) -> Result<FixedLayout, Error> {
                match b {
                    CTilerArg::Layout(b) => algebra::$op(a, b),
                    CTilerArg::Int(n) => algebra::$op(a, &FixedLayout::col_major(DTuple::int(*n))?),
                    CTilerArg::Tiler(t) => algebra::$op_tiler(a, t),
                }
            }
        )+};
    }
    by_tiler_rt! {
        logical_divide_any: logical_divide, logical_divide_tiler;
        zipped_divide_any: zipped_divide, zipped_divide_tiler;
        tiled_divide_any: tiled_divide, tiled_divide_tiler;
        flat_divide_any: flat_divide, flat_divide_tiler;
        logical_product_any: logical_product, logical_product_tiler;
        zipped_product_any: zipped_product, zipped_product_tiler;
        tiled_product_any: tiled_product, tiled_product_tiler;
        flat_product_any: flat_product, flat_product_tiler;
    }

    /// `tile_to_shape` with the copies advancing column-major.
    pub(crate) fn tile_to_shape_column_major(
        block: &FixedLayout,
        shape: &DTuple,
    ) -> Result<FixedLayout, Error> {
        algebra::tile_to_shape(block, shape, None)
    }

    /// `tile_to_shape` with an explicit mode order.
    pub(crate) fn tile_to_shape_in(
        block: &FixedLayout,
        shape: &DTuple,
        order: &DTuple,
    ) -> Result<FixedLayout, Error> {
        algebra::tile_to_shape(block, shape, Some(order))
    }

    /// `flatten` as a `Result` (it cannot fail).
    pub(crate) fn flatten_ok(l: &FixedLayout) -> Result<FixedLayout, Error> {
        Ok(l.flatten())
    }
}
