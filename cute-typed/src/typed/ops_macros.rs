//! The macro that writes one typed algebra function with its zero-sized static
//! result (see [`super::static_result`]).

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
macro_rules! static_op {
    (
        $(#[$doc:meta])*
        pub fn $fname:ident<$($T:ident: $Tb:tt),+>($($arg:ident: $argty:ty),+) -> $Marker:ident as $Alias:ident
        where flag = $flag:ty, $(bound [$($bound:tt)*],)? static [$($wc:tt)*],
        mixed [$($mwc:tt)*] $(strides [$ss:ty])?
        { static: $static_expr:expr, mixed |$p:ident| $mixed_expr:expr, dynamic: $dyn_expr:expr $(,)? }
    ) => {
        $crate::typed::ops_macros::static_marker!(
            $(#[$doc])* $fname $Marker [$($T),+] [$($wc)*] $static_expr
        );
        impl<$($T),+> $Marker<$($T),+> where $($mwc)* {
            /// The typed mixed pattern: the operation on the operands'
            /// patterns, their run-time leaves set to each placeholder in
            /// turn; the first that computes, or the first one's error.
            const fn mixed_pattern() -> Result<$crate::DLayout, $crate::Error> {
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
            const PATTERN: Result<$crate::DLayout, $crate::Error> =
                if $crate::typed::ops_macros::any_failed!($($mwc)*) {
                    Err($crate::Error::FailedOperand)
                } else {
                    Self::mixed_pattern()
                };
            type StrideStatic = $crate::typed::ops_macros::or_false!($($ss)?);
        }
        #[doc = concat!("What [`", stringify!($fname), "`](fn@", stringify!($fname), ") returns: [`",
                         stringify!($Marker), "`] (zero-sized, computed at compile time) when \
                         every input is static, `Result<Mixed<", stringify!($Marker), "<…>>, Error>` \
                         (a typed mixed layout) when every input is typed and C++ computes the \
                         result with that mix, `Result<DLayout, Error>` otherwise. \
                         The function's documentation follows.")]
        #[doc = ""]
        $(#[$doc])*
        pub type $Alias<$($T),+> = $crate::typed::Out<$flag, $Marker<$($T),+>>;
        // Written out here, not by a helper macro: the compiler's note for a
        // violated rule shows this body, and a nested macro would add a line.
        $(#[$doc])*
        pub fn $fname<$($T: $Tb),+>($($arg: $argty),+) -> $Alias<$($T),+>
        where
            $flag: $crate::typed::Dispatch<$Marker<$($T),+>>,
            $($($bound)*)?
        {
            let () = <$flag as $crate::typed::Dispatch<$Marker<$($T),+>>>::CHECK;
            <$flag as $crate::typed::Dispatch<$Marker<$($T),+>>>::run(|| $dyn_expr)
        }
    };
    (
        $(#[$doc:meta])*
        pub fn $fname:ident<$($T:ident: $Tb:tt),+>($($arg:ident: $argty:ty),+) -> $Marker:ident as $Alias:ident
        where flag = $flag:ty, $(bound [$($bound:tt)*],)? static [$($wc:tt)*]
        { static: $static_expr:expr, dynamic: $dyn_expr:expr $(,)? }
    ) => {
        $crate::typed::ops_macros::static_marker!(
            $(#[$doc])* $fname $Marker [$($T),+] [$($wc)*] $static_expr
        );
        #[doc = concat!("What [`", stringify!($fname), "`](fn@", stringify!($fname), ") returns: [`",
                         stringify!($Marker), "`] (zero-sized, computed at compile time) when \
                         every input is static, `Result<DLayout, Error>` when one is dynamic. \
                         The function's documentation follows.")]
        #[doc = ""]
        $(#[$doc])*
        pub type $Alias<$($T),+> = $crate::typed::Out<$flag, $Marker<$($T),+>>;
        $(#[$doc])*
        pub fn $fname<$($T: $Tb),+>($($arg: $argty),+) -> $Alias<$($T),+>
        where
            $flag: $crate::typed::Dispatch<$Marker<$($T),+>>,
            $($($bound)*)?
        {
            let () = <$flag as $crate::typed::Dispatch<$Marker<$($T),+>>>::CHECK;
            <$flag as $crate::typed::Dispatch<$Marker<$($T),+>>>::run(|| $dyn_expr)
        }
    };
}

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
            const RESULT: Result<$crate::DLayout, $crate::Error> =
                if $crate::typed::ops_macros::any_failed!($($wc)*) {
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
pub(crate) use static_op;

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
            || $crate::typed::ops_macros::any_failed!($($($rest)*)?)
    };
    ($T:ident: TilerOperand<IsStatic = True> $(, $($rest:tt)*)?) => {
        <$T as $crate::typed::TilerOperand>::FAILED
            || $crate::typed::ops_macros::any_failed!($($($rest)*)?)
    };
    ($T:ident: $bound:ident<IsStatic = True> $(, $($rest:tt)*)?) => {
        $crate::typed::ops_macros::any_failed!($($($rest)*)?)
    };
    ($T:ident: LayoutOperand<Typed = True, StrideStatic = True> $(, $($rest:tt)*)?) => {
        <$T as $crate::typed::LayoutOperand>::FAILED
            || $crate::typed::ops_macros::any_failed!($($($rest)*)?)
    };
    ($T:ident: LayoutOperand<Typed = True> $(, $($rest:tt)*)?) => {
        <$T as $crate::typed::LayoutOperand>::FAILED
            || $crate::typed::ops_macros::any_failed!($($($rest)*)?)
    };
    ($T:ident: TilerOperand<Typed = True> $(, $($rest:tt)*)?) => {
        <$T as $crate::typed::TilerOperand>::FAILED
            || $crate::typed::ops_macros::any_failed!($($($rest)*)?)
    };
    ($T:ident: $bound:ident $(, $($rest:tt)*)?) => {
        $crate::typed::ops_macros::any_failed!($($($rest)*)?)
    };
}
pub(crate) use any_failed;
