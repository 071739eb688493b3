//! `downcast(L, n)`: the layout of the same data seen as elements `n` times
//! narrower (CuTe's `downcast<N>`).
use crate::dynamic::{DInt, DLayoutN, N};
use crate::error::Error;
use crate::tri;

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! downcast_body {
    ($($c:ident)?; [$($g:tt)*]) => {
/// `downcast(L, n)`: the layout of the same data seen as elements `n` times
/// narrower (CuTe's `downcast<N>`).
///
/// # Definition
///
/// Leaf by leaf, for a shape `s` and stride `d`:
///
/// ```text
/// d a static ±1:  s * n : d          (each element splits into n contiguous ones)
/// otherwise:      s : d * n
/// ```
///
/// When no stride leaf is a static `_1` but a run-time one is 1, C++ refuses only
/// because the value is run-time; the leaves are then taken by value (a run-time
/// `±1` splits too), which gives the all-static twin's answer with run-time flags:
/// `downcast((4,7):(1,_3), 4)` is `(16,7):(1,_12)`, as `downcast((4,7):(1,3), 4)`
/// is `(16,7):(1,12)`.
///
/// # Preconditions
///
/// * `n > 0`, else [`Error::NonPositiveFactor`];
/// * some leaf of the stride is 1 (C++ `has_int1`: the elements must be adjacent
///   somewhere), else [`Error::DowncastNoUnitStride`]. A run-time 1 counts only
///   where no static `_1` does (see above).
///
/// # Example
///
/// ```
/// use cute_types::algebra::downcast;
/// use cute_types::DLayout;
/// let l: DLayout = "(_4,_8):(_8,_1)".parse().unwrap();
/// assert_eq!(downcast(&l, 2).unwrap().to_string(), "(_4,_16):(_16,_1)");
/// assert!(downcast(&"(_4,_4):(_2,_8)".parse().unwrap(), 2).is_err());
/// ```
pub $($c)? fn downcast $($g)* (layout: &DLayoutN<N>, n: i64) -> Result<DLayoutN<N>, Error> {
    if n <= 0 {
        return Err(Error::NonPositiveFactor);
    }
    let factor = DInt::s(n);
    let mut shape = layout.shape();
    let mut stride = layout.stride();
    let by_value = tri!(unit_strides(layout));
    // Shape and stride are congruent: their leaves share node positions.
    let mut p = shape.leaf_from(0);
    while p < shape.node_count() {
        let s = shape.leaf_at(p);
        let d = stride.leaf_at(p);
        let unit = if by_value {
            d.value == 1 || d.value == -1
        } else {
            d.is_static_eq(1) || d.is_static_eq(-1)
        };
        if unit {
            shape.set_leaf_at(p, tri!(s.mul(factor)));
        } else {
            stride.set_leaf_at(p, tri!(d.mul(factor)));
        }
        p = shape.leaf_from(p + 1);
    }
    DLayoutN::new(shape, stride)
}

/// Whether `downcast` decides its unit strides by value: `false` when some stride
/// leaf is a static `_1` (C++ compiles and splits only the static `±1` leaves),
/// `true` when only a run-time leaf is 1 (C++ refuses, because the value is
/// run-time; the answer is then the all-static twin's), and
/// [`Error::DowncastNoUnitStride`] when no leaf is 1.
$($c)? fn unit_strides $($g)* (layout: &DLayoutN<N>) -> Result<bool, Error> {
    let stride = layout.stride();
    let mut by_value = false;
    let mut p = stride.leaf_from(0);
    while p < stride.node_count() {
        let d = stride.leaf_at(p);
        if d.is_static_eq(1) {
            return Ok(false);
        }
        if d.value == 1 {
            by_value = true;
        }
        p = stride.leaf_from(p + 1);
    }
    if by_value {
        Ok(true)
    } else {
        Err(Error::DowncastNoUnitStride)
    }
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use downcast_body;
downcast_body!(const; []);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dynamic::FixedLayout;
    use std::string::ToString;

    fn down(s: &str, n: i64) -> Result<std::string::String, Error> {
        let l: FixedLayout = s.parse().unwrap();
        downcast(&l, n).map(|r| r.to_string())
    }

    #[test]
    fn matches_cpp() {
        // CuTe 4.2 answers (g++).
        assert_eq!(down("(8,_4):(_1,6)", 2).unwrap(), "(16,_4):(_1,12)");
        assert_eq!(down("(_4,_2):(_1,_0)", 4).unwrap(), "(_16,_2):(_1,_0)");
        let l: FixedLayout = "(3,8):(-1,1)".parse().unwrap();
        let r = downcast(&l.with_all_static(true), 2).unwrap();
        assert_eq!(r.to_string(), "(_6,_16):(_-1,_1)");
    }

    #[test]
    fn run_time_unit_strides_by_value() {
        // C++ refuses (its static twin (4,7):(1,3) gives (16,7):(1,12))
        assert_eq!(down("(4,7):(1,_3)", 4).unwrap(), "(16,7):(1,_12)");
        assert_eq!(down("(4,_7,3):(1,_3,-1)", 2).unwrap(), "(8,_7,6):(1,_6,-1)");
        // a static _1 decides: the run-time 1 is scaled, as C++ does
        assert_eq!(down("(8,_4,4):(_1,6,1)", 2).unwrap(), "(16,_4,4):(_1,12,2)");
    }

    #[test]
    fn refusals() {
        assert_eq!(down("(_4,_4):(_2,_8)", 2), Err(Error::DowncastNoUnitStride));
        assert_eq!(down("(4,4):(-1,8)", 2), Err(Error::DowncastNoUnitStride));
        assert_eq!(down("_8:_1", 0), Err(Error::NonPositiveFactor));
    }
}
