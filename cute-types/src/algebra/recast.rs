//! `recast_layout(L, old_bits, new_bits)`: the layout of the same bytes seen as
//! elements of `new_bits` instead of `old_bits` (CuTe's `recast_layout<Old,New>`).
use super::downcast::downcast;
use super::upcast::upcast;
use crate::dynamic::{DInt, DLayoutN, N};
use crate::error::Error;
use crate::tri;

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! recast_body {
    ($($c:ident)?; [$($g:tt)*]) => {
/// `recast_layout(L, old_bits, new_bits)`: the layout of the same bytes seen as
/// elements of `new_bits` instead of `old_bits` (CuTe's `recast_layout<Old,New>`).
///
/// # Definition
///
/// With the reduced ratio `new_bits / old_bits = num / den`:
///
/// ```text
/// num == den == 1:  L
/// num == 1:         downcast(L, den)
/// den == 1:         upcast(L, num)
/// otherwise:        downcast(upcast(L, num), den)
/// ```
///
/// # Preconditions
///
/// `old_bits > 0` and `new_bits > 0` (else [`Error::NonPositiveFactor`]), plus
/// those of [`upcast`](fn@crate::algebra::upcast) and [`downcast`](fn@crate::algebra::downcast).
///
/// # Example
///
/// ```
/// use cute_types::algebra::recast_layout;
/// use cute_types::DLayout;
/// let halves: DLayout = "(_4,_8):(_8,_1)".parse().unwrap();
/// // 16-bit elements seen as 32-bit ones: half as many per row.
/// assert_eq!(recast_layout(&halves, 16, 32).unwrap().to_string(), "(_4,_4):(_4,_1)");
/// // and as 8-bit ones: twice as many.
/// assert_eq!(recast_layout(&halves, 16, 8).unwrap().to_string(), "(_4,_16):(_16,_1)");
/// ```
pub $($c)? fn recast_layout $($g)* (
    layout: &DLayoutN<N>,
    old_bits: i64,
    new_bits: i64,
) -> Result<DLayoutN<N>, Error> {
    if old_bits <= 0 || new_bits <= 0 {
        return Err(Error::NonPositiveFactor);
    }
    let g = DInt::s(new_bits).gcd(DInt::s(old_bits)).value;
    let num = new_bits / g;
    let den = old_bits / g;
    if num == 1 && den == 1 {
        Ok(layout.dup())
    } else if num == 1 {
        downcast(layout, den)
    } else if den == 1 {
        upcast(layout, num)
    } else {
        downcast(&tri!(upcast(layout, num)), den)
    }
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use recast_body;
recast_body!(const; []);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dynamic::FixedLayout;
    use std::string::ToString;

    #[test]
    fn ratios() {
        let l: FixedLayout = "(_4,_12):(_12,_1)".parse().unwrap();
        assert_eq!(recast_layout(&l, 8, 8).unwrap(), l);
        // 24-bit -> 16-bit: upcast by 2, then downcast by 3.
        assert_eq!(
            recast_layout(&l, 16, 24).unwrap().to_string(),
            "(_4,_8):(_8,_1)"
        );
        assert_eq!(
            recast_layout(&l, 24, 16).unwrap().to_string(),
            "(_4,_18):(_18,_1)"
        );
        assert_eq!(recast_layout(&l, 0, 8), Err(Error::NonPositiveFactor));
    }
}
