//! The bounds rule of tensors: every coordinate of a layout's domain, shifted by
//! the tensor's offset, lands inside the storage.
use crate::dynamic::{DLayout, DTuple};
use crate::error::Error;

/// The smallest and largest index `L(c)` over the domain of `layout`:
/// `min = Σ (sᵢ-1)·min(dᵢ,0)`, `max = Σ (sᵢ-1)·max(dᵢ,0)` over the leaves (each
/// leaf coordinate ranges over `[0, sᵢ)` independently). Errors on a
/// non-positive shape (an empty tensor has no elements to bound) or overflow.
pub(crate) fn index_range(layout: &DLayout) -> Result<(i64, i64), Error> {
    let shape = layout.shape();
    let stride = layout.stride();
    let n = shape.leaf_count();
    let mut lo = 0i64;
    let mut hi = 0i64;
    let mut k = 0;
    while k < n {
        let s = shape.leaf(k).value;
        if s <= 0 {
            return Err(Error::NonPositiveShape);
        }
        let d = stride.leaf(k).value;
        let reach = match (s - 1).checked_mul(d) {
            Some(v) => v,
            None => return Err(Error::Overflow),
        };
        if reach < 0 {
            lo = match lo.checked_add(reach) {
                Some(v) => v,
                None => return Err(Error::Overflow),
            };
        } else {
            hi = match hi.checked_add(reach) {
                Some(v) => v,
                None => return Err(Error::Overflow),
            };
        }
        k += 1;
    }
    Ok((lo, hi))
}

/// Number of storage elements a layout spans: `max - min + 1` (the cosize when
/// all strides are non-negative).
#[cfg(feature = "alloc")]
pub(crate) fn span(layout: &DLayout) -> Result<usize, Error> {
    let (lo, hi) = match index_range(layout) {
        Ok(r) => r,
        Err(e) => return Err(e),
    };
    let width = match hi.checked_sub(lo) {
        Some(w) => w,
        None => return Err(Error::Overflow),
    };
    match width.checked_add(1) {
        // Non-negative: hi >= 0 >= lo.
        Some(n) => Ok(n as usize),
        None => Err(Error::Overflow),
    }
}

/// Checks that `offset + L(c)` lies in `[0, extent)` for every `c` in the domain;
/// `extent == None` (a storage-less engine) accepts any layout.
pub(crate) fn check_fits(
    layout: &DLayout,
    offset: i64,
    extent: Option<usize>,
) -> Result<(), Error> {
    let (lo, hi) = index_range(layout)?;
    let Some(extent) = extent else {
        return Ok(());
    };
    let first = offset.checked_add(lo).ok_or(Error::Overflow)?;
    let last = offset.checked_add(hi).ok_or(Error::Overflow)?;
    let len = i64::try_from(extent).map_err(|_| Error::Overflow)?;
    if first < 0 || last >= len {
        return Err(Error::OutOfStorage);
    }
    Ok(())
}

/// Whether `coord` addresses an element of `shape`: an integer must lie in
/// `[0, size)` of the mode it indexes, a tuple must match the mode's rank and
/// be in range mode by mode. The slicing placeholder `_` is in range.
pub(crate) fn in_domain(coord: &DTuple, shape: &DTuple) -> Result<bool, Error> {
    match in_domain_congruent(coord, shape) {
        Some(inside) => Ok(inside),
        None => in_domain_by_mode(coord, shape),
    }
}

/// [`in_domain`] of a coordinate of the shape's own nesting (the usual case),
/// node by node without copying sub-tuples out; `None` when the nestings
/// differ (an integer indexing a whole mode, a `_`), which
/// [`in_domain_by_mode`] walks.
fn in_domain_congruent(coord: &DTuple, shape: &DTuple) -> Option<bool> {
    let n = shape.node_count();
    if coord.node_count() != n {
        return None;
    }
    let mut inside = true;
    for p in 0..n {
        match (coord.leaf_at_node(p), shape.leaf_at_node(p)) {
            (Some(c), Some(s)) => inside &= c.value >= 0 && c.value < s.value,
            (None, None) if coord.arity_at_node(p) == shape.arity_at_node(p) => {}
            _ => return None,
        }
    }
    Some(inside)
}

/// [`in_domain`], mode by mode.
fn in_domain_by_mode(coord: &DTuple, shape: &DTuple) -> Result<bool, Error> {
    if coord.is_underscore() {
        return Ok(true);
    }
    if let Some(c) = coord.as_int() {
        return match shape.product() {
            Ok(size) => Ok(c.value >= 0 && c.value < size.value),
            // A size beyond `i64` (a tensor over stride-0 modes may have one)
            // holds every non-negative `i64` index.
            Err(Error::Overflow) => Ok(c.value >= 0),
            Err(e) => Err(e),
        };
    }
    if !shape.is_tuple() || coord.rank() != shape.rank() {
        return Err(Error::CoordinateMismatch);
    }
    for i in 0..coord.rank() {
        if !in_domain_by_mode(&coord.get(i)?, &shape.get(i)?)? {
            return Ok(false);
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The node-by-node check answers as the mode-by-mode walk wherever it
    /// answers, and declines only where the nestings differ.
    #[test]
    fn the_congruent_check_is_the_walk() {
        let shapes = ["4", "(4,3)", "(2,(3,2))", "((2,2),(1,3),5)", "(_4,(2,_3))"];
        let coords = [
            "0",
            "3",
            "4",
            "-1",
            "(0,0)",
            "(3,2)",
            "(4,0)",
            "(0,3)",
            "(-1,1)",
            "(1,(2,1))",
            "(1,(3,1))",
            "(1,(2,2))",
            "(1,5)",
            "((1,1),(0,2),4)",
            "((1,2),(0,2),4)",
            "((1,1),(1,2),4)",
            "((1,1),(0,2),5)",
            "(3,(1,2))",
            "(3,(1,_))",
            "(_,(1,2))",
            "((0,1),2,3)",
        ];
        let mut answered = 0;
        for s in shapes {
            let shape: DTuple = s.parse().unwrap();
            for c in coords {
                let coord: DTuple = c.parse().unwrap();
                let walk = in_domain_by_mode(&coord, &shape);
                match in_domain_congruent(&coord, &shape) {
                    Some(inside) => {
                        answered += 1;
                        assert_eq!(Ok(inside), walk, "{c} in {s}");
                        assert!(coord.congruent(&shape), "{c} in {s}");
                    }
                    None => assert!(!coord.congruent(&shape) || coord.has_underscore()),
                }
                assert_eq!(in_domain(&coord, &shape), walk, "{c} in {s}");
            }
        }
        assert!(answered >= 15, "{answered}");
    }
}
