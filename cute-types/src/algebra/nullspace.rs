//! `nullspace(L)`: the layout of all 1-D indices that `L` maps to 0 (the kernel
//! of `L`).
use crate::dynamic::{DInt, DLayoutN, DTupleN, N};
use crate::error::Error;
use crate::tri;

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! nullspace_body {
    ($($c:ident)?; [$($g:tt)*]) => {
/// One flattened leaf: shape, stride and its 1-D domain stride.
#[derive(Clone, Copy)]
struct Leaf {
    shape: DInt,
    stride: DInt,
    domain_stride: DInt,
}

/// The leaves with a non-zero stride and more than one coordinate, by sign.
struct Signed {
    positive: Option<Leaf>,
    negative: Option<Leaf>,
    positives: usize,
    negatives: usize,
}

/// `nullspace(L)`: the layout of all 1-D indices that `L` maps to 0 (the kernel
/// of `L`).
///
/// # Definition
///
/// ```text
/// Ker(L) = { i ∈ [0, size(L)) : L(i) = 0 }
/// N = nullspace(L):  N is injective, L(N(j)) = 0 for all j, image(N) = Ker(L)
/// ```
///
/// Indices are those of `L`'s 1-D domain, i.e. `N`'s strides are expressed in the
/// compact column-major strides `p_k` of `L`'s flattened shape.
///
/// Write the flattened `L` as leaves `s_k : d_k`. A coordinate `c` is in the
/// kernel iff `Σ c_k d_k = 0`:
///
/// * every leaf with stride 0 is free: it contributes the mode `s_k : p_k`;
/// * among the leaves with `d_k ≠ 0` and `s_k > 1`, if all strides have one sign
///   each `c_k` must be 0;
/// * if exactly one stride `d_a > 0` and one `d_b < 0` remain, the solutions are
///   `c_a = t·|d_b|/g`, `c_b = t·d_a/g` with `g = gcd(d_a, |d_b|)` and
///   `t < T = 1 + min((s_a-1)·g/|d_b|, (s_b-1)·g/d_a)`: the mode
///   `T : (p_a·|d_b| + p_b·d_a)/g` (added when `T > 1`).
///
/// The stride-0 modes come first, in leaf order, then the mixed-sign mode. No
/// mode left gives `_1:_0`; one mode gives an integer shape (as C++).
///
/// # Relation to CuTe C++ 4.2
///
/// C++ `nullspace` selects only the *static* stride-0 leaves, which for layouts
/// with non-negative strides and static zeros gives the same answer. This one
/// also frees dynamic zero strides and solves the two-stride mixed-sign case, so
/// its image is always the whole kernel.
///
/// # Preconditions
///
/// When more than one positive or more than one negative non-zero stride of a
/// mode of size > 1 remain alongside the other sign, the kernel is in general not
/// the image of any layout (`(3,3,3):(1,1,-1)` has the 6-element kernel
/// `{0,10,12,20,22,24}`); this case is [`Error::Unsupported`].
///
/// # Example
///
/// ```
/// use cute_types::algebra::nullspace;
/// use cute_types::DLayout;
/// let l: DLayout = "(_2,_4,_6):(_1,_2,_0)".parse().unwrap();
/// assert_eq!(nullspace(&l).unwrap().to_string(), "_6:_8");
/// // (i, j) ↦ i - j on a 3x3 domain vanishes on the diagonal 0, 4, 8.
/// let d: DLayout = "(3,3):(1,-1)".parse().unwrap();
/// assert_eq!(nullspace(&d).unwrap().to_string(), "3:4");
/// ```
pub $($c)? fn nullspace $($g)* (layout: &DLayoutN<N>) -> Result<DLayoutN<N>, Error> {
    let shape = layout.shape();
    let stride = layout.stride();
    let domain = tri!(DLayoutN::col_major(shape.flatten())).stride();
    let mut out_shape = DTupleN::empty();
    let mut out_stride = DTupleN::empty();
    let mut signed = Signed {
        positive: None,
        negative: None,
        positives: 0,
        negatives: 0,
    };
    // Shape and stride share leaf positions; the flat domain has its own.
    let mut p = shape.leaf_from(0);
    let mut q = domain.leaf_from(0);
    while p < shape.node_count() {
        let leaf = Leaf {
            shape: shape.leaf_at(p),
            stride: stride.leaf_at(p),
            domain_stride: domain.leaf_at(q),
        };
        if leaf.stride.value == 0 {
            tri!(out_shape.push_int(leaf.shape));
            tri!(out_stride.push_int(leaf.domain_stride));
        } else if leaf.shape.value > 1 {
            if leaf.stride.value > 0 {
                signed.positive = Some(leaf);
                signed.positives += 1;
            } else {
                signed.negative = Some(leaf);
                signed.negatives += 1;
            }
        }
        p = shape.leaf_from(p + 1);
        q = domain.leaf_from(q + 1);
    }
    if let (Some(a), Some(b)) = (signed.positive, signed.negative) {
        if signed.positives > 1 || signed.negatives > 1 {
            return Err(Error::Unsupported);
        }
        if let Some((t, e)) = tri!(balanced_mode(a, b)) {
            tri!(out_shape.push_int(t));
            tri!(out_stride.push_int(e));
        }
    }
    match out_shape.rank() {
        0 => DLayoutN::new(DTupleN::s(1), DTupleN::s(0)),
        1 => DLayoutN::new(tri!(out_shape.get(0)), tri!(out_stride.get(0))),
        _ => DLayoutN::new(out_shape, out_stride),
    }
}

/// The solutions of `c_a·d_a + c_b·d_b = 0` (`d_a > 0 > d_b`) inside the box, as
/// one mode `T : e`, or `None` when only `c = 0` solves it.
$($c)? fn balanced_mode(a: Leaf, b: Leaf) -> Result<Option<(DInt, DInt)>, Error> {
    let abs_b = tri!(b.stride.abs());
    let g = a.stride.gcd(abs_b);
    let step_a = tri!(abs_b.div(g)); // c_a advances by |d_b|/g per solution
    let step_b = tri!(a.stride.div(g)); // c_b advances by d_a/g
    let one = DInt::s(1);
    let fit_a = tri!(tri!(a.shape.sub(one)).div(step_a));
    let fit_b = tri!(tri!(b.shape.sub(one)).div(step_b));
    let count = tri!(fit_a.min(fit_b).add(one));
    if count.value <= 1 {
        return Ok(None);
    }
    let e = tri!(tri!(a.domain_stride.mul(step_a)).add(tri!(b.domain_stride.mul(step_b))));
    Ok(Some((count, e)))
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use nullspace_body;
nullspace_body!(const; []);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dynamic::FixedLayout;
    use std::string::ToString;
    use std::vec::Vec;

    fn ns(s: &str) -> Result<std::string::String, Error> {
        let l: FixedLayout = s.parse().unwrap();
        nullspace(&l).map(|r| r.to_string())
    }

    #[test]
    fn matches_cpp_on_static_zero_strides() {
        // CuTe 4.2 answers (g++).
        assert_eq!(ns("(_2,_4,_6):(_0,_2,_0)").unwrap(), "(_2,_6):(_1,_8)");
        assert_eq!(ns("(2,_4,_6):(_0,_2,_0)").unwrap(), "(2,_6):(_1,8)");
        assert_eq!(ns("(_2,_4,_6):(_0,_2,_1)").unwrap(), "_2:_1");
        assert_eq!(ns("(_8,_4):(_1,_8)").unwrap(), "_1:_0");
    }

    #[test]
    fn whole_kernel_on_small_layouts() {
        let shapes = [1i64, 2, 3, 4];
        let strides = [-3i64, -2, -1, 0, 1, 2, 3];
        let mut checked = 0;
        let mut refused = 0;
        for &s0 in &shapes {
            for &s1 in &shapes {
                for &s2 in &shapes {
                    for &d0 in &strides {
                        for &d1 in &strides {
                            for &d2 in &strides {
                                let text = std::format!("({s0},{s1},{s2}):({d0},{d1},{d2})");
                                let l: FixedLayout = text.parse().unwrap();
                                let size = s0 * s1 * s2;
                                let kernel: Vec<i64> =
                                    (0..size).filter(|&i| l.at(i).unwrap() == 0).collect();
                                match nullspace(&l) {
                                    Ok(n) => {
                                        let nsize = n.size().unwrap().value;
                                        let mut image: Vec<i64> =
                                            (0..nsize).map(|j| n.at(j).unwrap()).collect();
                                        image.sort();
                                        image.dedup();
                                        assert_eq!(
                                            image.len() as i64,
                                            nsize,
                                            "{text}: not injective"
                                        );
                                        assert_eq!(image, kernel, "{text} -> {n}");
                                        checked += 1;
                                    }
                                    Err(e) => {
                                        assert_eq!(e, Error::Unsupported, "{text}");
                                        let live = [(s0, d0), (s1, d1), (s2, d2)];
                                        let pos =
                                            live.iter().filter(|(s, d)| *s > 1 && *d > 0).count();
                                        let neg =
                                            live.iter().filter(|(s, d)| *s > 1 && *d < 0).count();
                                        assert!(pos >= 1 && neg >= 1 && pos + neg == 3, "{text}");
                                        refused += 1;
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 10_000 && refused > 0, "{checked} {refused}");
    }
}
