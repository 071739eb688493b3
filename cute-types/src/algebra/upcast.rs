//! `upcast(L, n)`: the layout of the same data seen as elements `n` times wider
//! (CuTe's `upcast<N>`).
use crate::dynamic::{DInt, DLayoutN, N};
use crate::error::Error;
use crate::tri;

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! upcast_body {
    ($($c:ident)?; [$($g:tt)*]) => {
/// `upcast(L, n)`: the layout of the same data seen as elements `n` times wider
/// (CuTe's `upcast<N>`).
///
/// # Definition
///
/// Leaf by leaf, for a shape `s` and stride `d`:
///
/// ```text
/// d a static 0:  s : 0                                      (unchanged)
/// d static:      ceil_div(s, ceil_div(n, |d|)) : signum(d) * ceil_div(|d|, n)
/// d dynamic:     s : d / n
/// ```
///
/// A stride that divides `n` (a contiguous run) shrinks its shape by `n / |d|`
/// and becomes `±1`; a stride that `n` divides is divided by `n`.
///
/// # Preconditions
///
/// * `n > 0`, else [`Error::NonPositiveFactor`];
/// * a static stride `d` satisfies `d % n == 0 || n % d == 0`, else
///   [`Error::UpcastDivisibility`] (C++ `static_assert`);
/// * a dynamic stride is assumed divisible by `n`, as in C++: it is divided by
///   `n` with truncation, so `upcast((8,2):(2,1), 16)` with run-time strides is
///   `(8,2):(0,0)`, exactly what CuTe C++ 4.2 returns.
///
/// Static flags follow C++: a shape stays static iff it was, a static stride
/// stays static.
///
/// # Example
///
/// ```
/// use cute_types::algebra::upcast;
/// use cute_types::DLayout;
/// let l: DLayout = "(_4,_2,_8):(_4,_2,_16)".parse().unwrap();
/// assert_eq!(upcast(&l, 8).unwrap().to_string(), "(_2,_1,_8):(_1,_1,_2)");
/// assert!(upcast(&"_8:_3".parse().unwrap(), 2).is_err());
/// ```
pub $($c)? fn upcast $($g)* (layout: &DLayoutN<N>, n: i64) -> Result<DLayoutN<N>, Error> {
    if n <= 0 {
        return Err(Error::NonPositiveFactor);
    }
    let factor = DInt::s(n);
    let mut shape = layout.shape();
    let mut stride = layout.stride();
    // Shape and stride are congruent: their leaves share node positions.
    let mut p = shape.leaf_from(0);
    while p < shape.node_count() {
        let (s, d) = tri!(upcast_leaf(shape.leaf_at(p), stride.leaf_at(p), factor));
        shape.set_leaf_at(p, s);
        stride.set_leaf_at(p, d);
        p = shape.leaf_from(p + 1);
    }
    DLayoutN::new(shape, stride)
}

/// One mode `s:d` of [`upcast`].
$($c)? fn upcast_leaf(s: DInt, d: DInt, n: DInt) -> Result<(DInt, DInt), Error> {
    if d.is_static_eq(0) {
        return Ok((s, d));
    }
    if !d.is_static {
        // C++'s `safe_div` checks only static operands; a run-time one divides.
        return Ok((s, tri!(d.div(n))));
    }
    if tri!(d.rem(n)).value != 0 && tri!(n.rem(d)).value != 0 {
        return Err(Error::UpcastDivisibility);
    }
    let abs_d = tri!(d.abs());
    let new_shape = tri!(s.ceil_div(tri!(n.ceil_div(abs_d))));
    let magnitude = tri!(abs_d.ceil_div(n));
    let new_stride = if d.value < 0 {
        tri!(magnitude.mul(DInt::s(-1)))
    } else {
        magnitude
    };
    Ok((new_shape, new_stride))
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use upcast_body;
upcast_body!(const; []);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dynamic::FixedLayout;
    use std::string::ToString;

    fn up(s: &str, n: i64) -> Result<std::string::String, Error> {
        let l: FixedLayout = s.parse().unwrap();
        upcast(&l, n).map(|r| r.to_string())
    }

    #[test]
    fn matches_cpp_static_and_dynamic() {
        // CuTe 4.2 answers (g++).
        assert_eq!(up("(8,_4):(_1,6)", 2).unwrap(), "(4,_4):(_1,3)");
        assert_eq!(up("_1:_2", 4).unwrap(), "_1:_1");
        assert_eq!(up("(_2,_8):(_0,_2)", 4).unwrap(), "(_2,_4):(_0,_1)");
        let neg: FixedLayout = "(3,3,9):(-8,-2,-2)".parse().unwrap();
        let r = upcast(&neg.with_all_static(true), 4).unwrap();
        assert_eq!(r.to_string(), "(_3,_2,_5):(_-2,_-1,_-1)");
    }

    #[test]
    fn run_time_strides_divide_as_cpp_does() {
        // CuTe 4.2 (g++): a run-time stride is divided with truncation, unchecked.
        assert_eq!(up("(8,2):(2,1)", 16).unwrap(), "(8,2):(0,0)");
        assert_eq!(up("(_8,4):(_2,3)", 4).unwrap(), "(_4,4):(_1,0)");
    }

    #[test]
    fn refusals() {
        assert_eq!(up("_8:_3", 2), Err(Error::UpcastDivisibility));
        assert_eq!(up("8:1", 0), Err(Error::NonPositiveFactor));
        assert_eq!(up("8:1", 0), Err(Error::NonPositiveFactor));
        assert_eq!(up("8:1", -2), Err(Error::NonPositiveFactor));
    }
}
