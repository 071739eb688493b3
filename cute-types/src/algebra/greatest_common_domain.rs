//! `greatest_common_domain(A, B)`: the largest set of 1-D indices on which both
//! shapes split linearly (Cecka, *CuTe Layout Representation and Algebra*, 2026;
//! absent from CuTe C++ 4.2).
use crate::dynamic::{DInt, DLayoutN, DTupleN, N};
use crate::error::Error;
use crate::tri;

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! greatest_common_domain_body {
    ($($c:ident)?; [$($g:tt)*]; $Walk:ident) => {
/// A cursor over the non-unit leaves of a flattened shape.
struct $Walk $($g)* {
    leaves: DTupleN<N>,
    count: usize,
    index: usize,
    /// What is left of the current leaf.
    rest: i64,
    /// The 1-D offset where `rest` starts.
    offset: i64,
}

impl $($g)* Walk<N> {
    $($c)? fn new(shape: &DTupleN<N>) -> Walk<N> {
        let leaves = shape.flatten();
        let mut w = Walk {
            leaves: leaves.dup(),
            count: leaves.leaf_count(),
            index: 0,
            rest: 1,
            offset: 1,
        };
        w.load();
        w
    }
    /// Moves to the next leaf of size > 1 at or after `index`.
    $($c)? fn load(&mut self) {
        while self.index < self.count && self.leaves.leaf(self.index).value == 1 {
            self.index += 1;
        }
        if self.index < self.count {
            self.rest = self.leaves.leaf(self.index).value;
        }
    }
    $($c)? fn done(&self) -> bool {
        self.index >= self.count
    }
    /// 1-D offset one past the current leaf.
    $($c)? fn end(&self) -> Result<i64, Error> {
        match self.offset.checked_mul(self.rest) {
            Some(v) => Ok(v),
            None => Err(Error::Overflow),
        }
    }
    $($c)? fn advance(&mut self, end: i64) {
        self.offset = end;
        self.index += 1;
        self.load();
    }
}

$($c)? fn gcd(a: i64, b: i64) -> i64 {
    DInt::d(a).gcd(DInt::d(b)).value
}

/// `greatest_common_domain(A, B)`: the largest set of 1-D indices on which both
/// shapes split linearly (Cecka, *CuTe Layout Representation and Algebra*, 2026;
/// absent from CuTe C++ 4.2).
///
/// # Definition
///
/// Write a flattened shape as leaves `a_i` at offsets `p_i = a_0·…·a_{i-1}`. A mode
/// `g:e` *divides* the shape when it lies inside one leaf and splits it exactly:
/// `p_i | e` and `e·g | p_i·a_i` for some `i`. A flat layout
/// `G = (g_0,g_1,…):(e_0,e_1,…)` with `e_k·g_k | e_{k+1}` is a *common domain* of
/// shapes `A` and `B` when each of its modes divides both. Then, for `S ∈ {A, B}`
/// and every coordinate `c` of `G`, `crd_S(G(c)) = Σ_k c_k · crd_S(e_k)` (no carries
/// between leaves), so every layout `X` of shape `A` or `B` is linear on `G`:
/// `X(G(c)) = Σ_k c_k · X(e_k)`.
///
/// The greatest common domain is found by walking both leaf sequences from the
/// front with their running offsets `p_A`, `p_B`: at each step the first offset
/// where both are aligned is `q = lcm(p_A, p_B)`; if the current leaves of `A` and
/// `B` still extend past `q` by factors whose gcd `g > 1`, the mode `g:q` is
/// taken and both offsets move to `q·g`; otherwise the leaf that ends first (or
/// both, when neither end divides the other) is left behind.
///
/// Leaves of size 1 are skipped; only the shapes matter (strides are ignored).
///
/// The result is always a flat tuple of modes with increasing strides; when no
/// common factor exists it is `(_1):(_0)`.
///
/// # Properties (tested exhaustively on small shapes)
///
/// * `G` is a common domain of `A` and `B`, symmetric in `A` and `B`;
/// * `size(G)` divides `gcd(size(A), size(B))`;
/// * no common domain is larger (checked against a search over all chains).
///
/// # Static flags
///
/// The result is static iff every leaf of both shapes is static.
///
/// # Example
///
/// ```
/// use cute_types::algebra::greatest_common_domain;
/// let g = greatest_common_domain(&"(5,3,4)".parse().unwrap(), &"(10,6)".parse().unwrap()).unwrap();
/// assert_eq!(g.to_string(), "(5,2):(1,30)");
/// let g = greatest_common_domain(&"(5,3)".parse().unwrap(), &"(3,5)".parse().unwrap()).unwrap();
/// assert_eq!(g.to_string(), "(_1):(_0)");
/// ```
pub $($c)? fn greatest_common_domain $($g)* (
    a: &DTupleN<N>,
    b: &DTupleN<N>,
) -> Result<DLayoutN<N>, Error> {
    if a.has_underscore() || b.has_underscore() {
        return Err(Error::ExpectedInt);
    }
    let is_static = a.is_static() && b.is_static();
    let mut wa = Walk::new(a);
    let mut wb = Walk::new(b);
    let mut shape = DTupleN::empty();
    let mut stride = DTupleN::empty();
    while !wa.done() && !wb.done() {
        if wa.rest <= 0 || wb.rest <= 0 {
            return Err(Error::NonPositiveShape);
        }
        let g = gcd(wa.offset, wb.offset);
        // q = lcm(offset_a, offset_b): the first offset aligned in both walks.
        let q = match (wa.offset / g).checked_mul(wb.offset) {
            Some(v) => v,
            None => return Err(Error::Overflow),
        };
        let skip_a = q / wa.offset;
        let skip_b = q / wb.offset;
        if wa.rest % skip_a == 0 && wb.rest % skip_b == 0 {
            let common = gcd(wa.rest / skip_a, wb.rest / skip_b);
            if common != 1 {
                tri!(shape.push_int(DInt::d(common).with_static(is_static)));
                tri!(stride.push_int(DInt::d(q).with_static(is_static)));
                wa.rest /= skip_a * common;
                wb.rest /= skip_b * common;
                let next = match q.checked_mul(common) {
                    Some(v) => v,
                    None => return Err(Error::Overflow),
                };
                wa.offset = next;
                wb.offset = next;
                continue;
            }
        }
        // Leave behind the leaf that ends first; both when neither end divides the other.
        let end_a = tri!(wa.end());
        let end_b = tri!(wb.end());
        let a_in_b = end_b % end_a == 0;
        let b_in_a = end_a % end_b == 0;
        if a_in_b || !b_in_a {
            wa.advance(end_a);
        }
        if b_in_a || !a_in_b {
            wb.advance(end_b);
        }
    }
    if shape.rank() == 0 {
        tri!(shape.push_int(DInt::s(1)));
        tri!(stride.push_int(DInt::s(0)));
    }
    DLayoutN::new(shape, stride)
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use greatest_common_domain_body;
greatest_common_domain_body!(const; []; WalkFixed);
/// [`WalkFixed`] under the bodies' name.
type Walk<const M: usize> = WalkFixed;

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    fn gcd_of(a: &str, b: &str) -> std::string::String {
        greatest_common_domain(&a.parse().unwrap(), &b.parse().unwrap())
            .unwrap()
            .to_string()
    }

    #[test]
    fn whitepaper_examples() {
        // Worked examples of the CuTe whitepaper's reference implementation.
        let table = [
            ("1", "1", "(_1):(_0)"),
            ("10", "10", "(10):(1)"),
            ("(16,3)", "(16,3)", "(16,3):(1,16)"),
            ("(5,2)", "10", "(5,2):(1,5)"),
            ("(5,3,4)", "(10,6)", "(5,2):(1,30)"),
            ("(5,3,3,4)", "(10,6,3)", "(5):(1)"),
            ("(1,5,3,3,4)", "(10,6,3)", "(5):(1)"),
            ("(5,3,3,4)", "(10,6,1,3)", "(5):(1)"),
            ("(2,21)", "(3,14)", "(7):(6)"),
            ("(6,35)", "(15,14)", "(3,7):(1,30)"),
            ("(16,64)", "(4,16,16)", "(4,4,4,16):(1,4,16,64)"),
            ("(5,3)", "(3,5)", "(_1):(_0)"),
            ("(5,5,3)", "(5,3,5)", "(5):(1)"),
            ("(7,2,3,2,2,3)", "504", "(7,2,3,2,2,3):(1,7,14,42,84,168)"),
            ("(7,2,3,2,2,3,2)", "(7,3,2,2,3,2,2)", "(7,2,2):(1,42,504)"),
            ("(7,2,2,2,2,3,5)", "(7,3,2,2,2,2,5)", "(7,5):(1,336)"),
            ("(2,(3,4))", "(6,4)", "(2,3,4):(1,2,6)"),
        ];
        for (a, b, want) in table {
            assert_eq!(gcd_of(a, b), want, "gcd({a}, {b})");
            assert_eq!(gcd_of(b, a), want, "gcd({b}, {a})");
        }
    }

    #[test]
    fn static_only_when_both_are() {
        assert_eq!(gcd_of("(_4,_6)", "_24"), "(_4,_6):(_1,_4)");
        assert_eq!(gcd_of("(_4,6)", "_24"), "(4,6):(1,4)");
    }
}
