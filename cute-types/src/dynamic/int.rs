//! [`DInt`]: an integer that remembers whether it is static.
use crate::error::Error;
use crate::tri;

/// An integer leaf of a shape, stride or coordinate.
///
/// `value` is an `i64`: strides may be negative (CuTe allows them) and sizes of
/// large tensors exceed 32 bits, so a signed 64-bit integer covers every case
/// CuTe C++ handles with `int` and `int64_t`; overflow beyond it is an
/// [`Error::Overflow`], never a wrap.
///
/// `is_static` follows CuTe's rule: static ⊗ static is static, anything with a
/// dynamic operand is dynamic. Algorithms use it exactly where CuTe C++ does:
/// simplifications that C++ can only prove for `Int<N>` are done only for static
/// leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DInt {
    /// The value.
    pub value: i64,
    /// Whether the value is known at compile time (a static leaf such as `_4`, in the typed layer or in text).
    pub is_static: bool,
}

impl DInt {
    /// A static integer (`_v`).
    pub const fn s(value: i64) -> DInt {
        DInt {
            value,
            is_static: true,
        }
    }
    /// A dynamic integer (`v`).
    pub const fn d(value: i64) -> DInt {
        DInt {
            value,
            is_static: false,
        }
    }
    /// Same value, static flag set to `is_static`.
    pub const fn with_static(self, is_static: bool) -> DInt {
        DInt {
            value: self.value,
            is_static,
        }
    }
    const fn both(self, o: DInt) -> bool {
        self.is_static && o.is_static
    }
    /// `self * o`, checked.
    /// As in CuTe C++, a static `_0` operand makes the product a static `_0`.
    pub const fn mul(self, o: DInt) -> Result<DInt, Error> {
        if self.is_static_eq(0) || o.is_static_eq(0) {
            return Ok(DInt::s(0));
        }
        match self.value.checked_mul(o.value) {
            Some(v) => Ok(DInt {
                value: v,
                is_static: self.both(o),
            }),
            None => Err(Error::Overflow),
        }
    }
    /// `self + o`, checked.
    pub const fn add(self, o: DInt) -> Result<DInt, Error> {
        match self.value.checked_add(o.value) {
            Some(v) => Ok(DInt {
                value: v,
                is_static: self.both(o),
            }),
            None => Err(Error::Overflow),
        }
    }
    /// `self - o`, checked.
    pub const fn sub(self, o: DInt) -> Result<DInt, Error> {
        match self.value.checked_sub(o.value) {
            Some(v) => Ok(DInt {
                value: v,
                is_static: self.both(o),
            }),
            None => Err(Error::Overflow),
        }
    }
    /// Truncating division `self / o` (C++ semantics), checked.
    /// As in CuTe C++, `_0 / x` is a static `_0`, even for a run-time `x` of 0.
    pub const fn div(self, o: DInt) -> Result<DInt, Error> {
        // C++'s `_0 / n` for a run-time `n` divides nothing, so `n` may be 0
        if self.is_static_eq(0) && !o.is_static {
            return Ok(DInt::s(0));
        }
        if o.value == 0 {
            return Err(Error::DivisionByZero);
        }
        if self.is_static_eq(0) {
            return Ok(DInt::s(0));
        }
        match self.value.checked_div(o.value) {
            Some(v) => Ok(DInt {
                value: v,
                is_static: self.both(o),
            }),
            None => Err(Error::Overflow),
        }
    }
    /// Remainder `self % o` (C++ semantics), checked.
    /// As in CuTe C++, `x % _1` and `_0 % x` are a static `_0`, even for a
    /// run-time `x` of 0.
    pub const fn rem(self, o: DInt) -> Result<DInt, Error> {
        // C++'s `_0 % n` for a run-time `n` divides nothing, so `n` may be 0
        if self.is_static_eq(0) && !o.is_static {
            return Ok(DInt::s(0));
        }
        if o.value == 0 {
            return Err(Error::DivisionByZero);
        }
        if self.is_static_eq(0) || o.is_static_eq(1) || o.is_static_eq(-1) {
            return Ok(DInt::s(0));
        }
        match self.value.checked_rem(o.value) {
            Some(v) => Ok(DInt {
                value: v,
                is_static: self.both(o),
            }),
            None => Err(Error::Overflow),
        }
    }
    /// CuTe's `ceil_div`: `(a + b - 1) / b` (C++ integer arithmetic), checked.
    ///
    /// Computed in 128 bits, so that it fails only when the quotient itself does
    /// not fit (`a + b - 1` may exceed `i64` while the quotient does not).
    pub const fn ceil_div(self, o: DInt) -> Result<DInt, Error> {
        if o.value == 0 {
            return Err(Error::DivisionByZero);
        }
        // In i64 when `a + b - 1` fits (the usual case): the same truncating
        // quotient without a 128-bit division; i128 otherwise.
        if o.value > 0 {
            if let Some(n) = self.value.checked_add(o.value - 1) {
                return Ok(DInt {
                    value: n / o.value,
                    is_static: self.both(o),
                });
            }
        }
        let q = (self.value as i128 + o.value as i128 - 1) / o.value as i128;
        if q < i64::MIN as i128 || q > i64::MAX as i128 {
            return Err(Error::Overflow);
        }
        Ok(DInt {
            value: q as i64,
            is_static: self.both(o),
        })
    }
    /// CuTe's `shape_div(a, b)`: `a / b` when that is non-zero, else `signum(a * b)`.
    /// Callers check divisibility (`a % b == 0 || b % a == 0`) where CuTe requires it.
    pub const fn shape_div(self, o: DInt) -> Result<DInt, Error> {
        let q = tri!(self.div(o));
        if q.value != 0 {
            return Ok(q);
        }
        let sign = if (self.value < 0) != (o.value < 0) {
            -1
        } else {
            1
        };
        Ok(DInt {
            value: sign,
            is_static: self.both(o),
        })
    }
    /// `min(self, o)`; static iff both are.
    pub const fn min(self, o: DInt) -> DInt {
        let v = if self.value < o.value {
            self.value
        } else {
            o.value
        };
        DInt {
            value: v,
            is_static: self.both(o),
        }
    }
    /// `max(self, o)`; static iff both are.
    pub const fn max(self, o: DInt) -> DInt {
        let v = if self.value > o.value {
            self.value
        } else {
            o.value
        };
        DInt {
            value: v,
            is_static: self.both(o),
        }
    }
    /// `|self|`, checked.
    pub const fn abs(self) -> Result<DInt, Error> {
        match self.value.checked_abs() {
            Some(v) => Ok(DInt {
                value: v,
                is_static: self.is_static,
            }),
            None => Err(Error::Overflow),
        }
    }
    /// A mode's term of CuTe's `cosize`, `(extent - 1)·|stride|`, checked. A
    /// mode of extent 1 adds 0 whatever its stride: `|i64::MIN|` does not fit
    /// but is never used, so it stands in as `i64::MAX` (non-zero, with the
    /// stride's flag: the product's flag is the one `|stride|` would give).
    // Public for `cute-typed` (a mixed result's cosize check), not a user API.
    #[doc(hidden)]
    pub const fn cosize_term(extent: DInt, stride: DInt) -> Result<DInt, Error> {
        let s = tri!(extent.sub(DInt::s(1)));
        let d = match stride.abs() {
            Ok(a) => a,
            Err(_) if s.value == 0 => DInt {
                value: i64::MAX,
                is_static: stride.is_static,
            },
            Err(e) => return Err(e),
        };
        s.mul(d)
    }
    /// Greatest common divisor (non-negative); static iff both are.
    pub const fn gcd(self, o: DInt) -> DInt {
        let mut a = self.value.unsigned_abs();
        let mut b = o.value.unsigned_abs();
        while b != 0 {
            let t = a % b;
            a = b;
            b = t;
        }
        // gcd(i64::MIN, 0) = 2^63 does not fit; saturate (only reachable with i64::MIN inputs).
        let v = if a > i64::MAX as u64 {
            i64::MAX
        } else {
            a as i64
        };
        DInt {
            value: v,
            is_static: self.both(o),
        }
    }
    /// Whether the value is statically known to equal `v`.
    pub const fn is_static_eq(self, v: i64) -> bool {
        self.is_static && self.value == v
    }
}

impl core::fmt::Display for DInt {
    /// CuTe notation: `_4` for a static 4, `4` for a dynamic one.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if self.is_static {
            write!(f, "_{}", self.value)
        } else {
            write!(f, "{}", self.value)
        }
    }
}
