//! [`Swizzle`]: CuTe's XOR swizzle functor `Swizzle<B,M,S>`.
use crate::dynamic::DInt;
use crate::error::Error;

/// [`Swizzle`]: CuTe's XOR swizzle functor `Swizzle<B,M,S>`.
///
/// # Definition
///
/// For parameters `b` (number of bits), `m` (base: bits kept untouched at the
/// bottom) and `s` (shift), with
///
/// ```text
/// Y = (2^b - 1) << (m + max(s, 0))      the bits read
/// Z = (2^b - 1) << (m - min(s, 0))      the bits written
/// sw(x) = x ^ ((x & Y) >> s)            (a negative s shifts left by |s|)
/// ```
///
/// # Preconditions
///
/// `b >= 0`, `m >= 0`, `|s| >= b` (else [`Error::BadSwizzle`]), and both masks
/// fit in 63 bits, i.e. `b + m + |s| <= 63` (else [`Error::Overflow`]).
///
/// Because `|s| >= b`, the bit ranges `Y` and `Z` do not overlap, so `sw`
/// leaves the `Y` bits alone: `sw(sw(x)) == x` for every `x`. It is a
/// bijection of every aligned block of `2^(b+m+|s|)` integers onto itself.
///
/// # Example
///
/// ```
/// use cute_types::algebra::Swizzle;
/// let sw = Swizzle::new(3, 4, 3).unwrap();
/// assert_eq!(sw.apply(300), 268);
/// assert_eq!(sw.apply(sw.apply(300)), 300);
/// assert_eq!(sw.to_string(), "Sw<3,4,3>");
/// assert!(Swizzle::new(3, 4, 2).is_err()); // |s| < b
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Swizzle {
    b: i64,
    m: i64,
    s: i64,
}

/// Largest number of bit positions a swizzle may span (`b + m + |s|`): the masks
/// must fit in a non-negative `i64`.
const MAX_SPAN: i64 = 63;

impl Swizzle {
    /// `Swizzle<b,m,s>`; checks `b >= 0`, `m >= 0`, `|s| >= b` and `b + m + |s| <= 63`.
    pub const fn new(b: i64, m: i64, s: i64) -> Result<Swizzle, Error> {
        if b < 0 || m < 0 {
            return Err(Error::BadSwizzle);
        }
        let abs_s = match s.checked_abs() {
            Some(v) => v,
            None => return Err(Error::Overflow),
        };
        if abs_s < b {
            return Err(Error::BadSwizzle);
        }
        // b, m, |s| are each non-negative; compare without overflowing.
        if b > MAX_SPAN || m > MAX_SPAN || abs_s > MAX_SPAN || b + m + abs_s > MAX_SPAN {
            return Err(Error::Overflow);
        }
        Ok(Swizzle { b, m, s })
    }
    /// The number of swizzled bits `B`.
    pub const fn bits(&self) -> i64 {
        self.b
    }
    /// The base `M`: the number of low bits left untouched.
    pub const fn base(&self) -> i64 {
        self.m
    }
    /// The shift `S` (negative: the `Y` bits lie below the `Z` bits).
    pub const fn shift(&self) -> i64 {
        self.s
    }
    /// Whether this swizzle is the identity (`b == 0`).
    pub const fn is_identity(&self) -> bool {
        self.b == 0
    }
    const fn bit_mask(&self) -> i64 {
        (1i64 << self.b) - 1
    }
    /// The mask `Y` of the bits that are read: `(2^b - 1) << (m + max(s,0))`.
    pub const fn yyy_mask(&self) -> i64 {
        let up = if self.s > 0 { self.s } else { 0 };
        self.bit_mask() << (self.m + up)
    }
    /// The mask `Z` of the bits that are flipped: `(2^b - 1) << (m - min(s,0))`.
    pub const fn zzz_mask(&self) -> i64 {
        let up = if self.s < 0 { -self.s } else { 0 };
        self.bit_mask() << (self.m + up)
    }
    /// `sw(x) = x ^ ((x & Y) >> s)` (left shift for negative `s`).
    ///
    /// The shifted value is `x & Y`, which lies in `[0, 2^63)` and moves into the
    /// `Z` bits, so no shift overflows. Negative `x` are taken in two's complement,
    /// as C++ does for `int`.
    pub const fn apply(&self, x: i64) -> i64 {
        let picked = x & self.yyy_mask();
        let moved = if self.s >= 0 {
            picked >> self.s
        } else {
            picked << (-self.s)
        };
        x ^ moved
    }
    /// [`Swizzle::apply`] on a [`DInt`]; the result is static iff `x` is.
    pub const fn apply_int(&self, x: DInt) -> DInt {
        DInt {
            value: self.apply(x.value),
            is_static: x.is_static,
        }
    }
}

impl core::fmt::Display for Swizzle {
    /// CuTe notation: `Sw<3,4,3>`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Sw<{},{},{}>", self.b, self.m, self.s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conformance_values() {
        let cases = [
            ((1, 4, 1), 114, 98),
            ((3, 2, 5), 1803, 1811),
            ((1, 1, -3), 35, 51),
            ((2, 4, -3), 300, 44),
            ((3, 0, 3), 127, 120),
            ((2, 1, -3), 89, 89),
            ((1, 0, -4), 45, 61),
            ((3, 4, 3), 300, 268),
            ((0, 0, 0), 7, 7),
        ];
        for ((b, m, s), x, want) in cases {
            assert_eq!(
                Swizzle::new(b, m, s).unwrap().apply(x),
                want,
                "{b},{m},{s} @ {x}"
            );
        }
    }

    #[test]
    fn rejects_bad_parameters() {
        for (b, m, s) in [
            (2, -3, 4),
            (-1, 2, 3),
            (3, 4, 2),
            (1, -1, 3),
            (4, 3, 3),
            (3, 4, -2),
        ] {
            assert_eq!(Swizzle::new(b, m, s), Err(Error::BadSwizzle), "{b},{m},{s}");
        }
        assert_eq!(Swizzle::new(10, 30, 30), Err(Error::Overflow));
        assert_eq!(Swizzle::new(0, 0, i64::MIN), Err(Error::Overflow));
        assert!(Swizzle::new(1, 31, 31).is_ok());
    }

    #[test]
    fn masks() {
        let sw = Swizzle::new(2, 0, -3).unwrap();
        assert_eq!(sw.yyy_mask(), 0b11);
        assert_eq!(sw.zzz_mask(), 0b11000);
        let sw = Swizzle::new(3, 4, 3).unwrap();
        assert_eq!(sw.yyy_mask(), 0b111 << 7);
        assert_eq!(sw.zzz_mask(), 0b111 << 4);
    }
}
