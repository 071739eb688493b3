//! Generators shared by the fuzz targets: integers, nested tuples, layouts and
//! tilers built from the fuzzer's bytes with `arbitrary`, biased towards values
//! that get past the algebra's checks (small shapes, strides of both signs) while
//! still reaching the extremes (powers of two up to 2^62, `i64::MIN`/`MAX`, 0).
//!
//! Every generator consumes a bounded number of bytes and builds a bounded
//! structure, so one input costs bounded time before the code under test runs.
use arbitrary::{Result, Unstructured};
use cute_types::dynamic::{DTiler, CAPACITY};
use cute_types::{DInt, DLayout, DTuple};

/// Values that sit on arithmetic edges.
const SPECIAL: [i64; 12] = [
    0,
    -1,
    i64::MAX,
    i64::MIN,
    i64::MIN + 1,
    i64::MAX - 1,
    1 << 62,
    (1 << 62) + 1,
    (1 << 31) + 1,
    (1 << 32) + 1,
    3_037_000_499, // floor(sqrt(i64::MAX))
    3_037_000_500,
];

/// A shape leaf: mostly 1..=8, sometimes larger, rarely extreme (or non-positive).
pub fn shape_int(u: &mut Unstructured) -> Result<i64> {
    Ok(match u.arbitrary::<u8>()? {
        0..=199 => u.int_in_range(1..=8)?,
        200..=229 => u.int_in_range(9..=64)?,
        230..=245 => 1i64 << u.int_in_range(0..=62)?,
        _ => *u.choose(&SPECIAL)?,
    })
}

/// A stride leaf: small of both signs and zero, sometimes powers of two, rarely extreme.
pub fn stride_int(u: &mut Unstructured) -> Result<i64> {
    Ok(match u.arbitrary::<u8>()? {
        0..=179 => u.int_in_range(-4..=16)?,
        180..=219 => {
            let p = 1i64 << u.int_in_range(0..=62)?;
            if u.arbitrary()? {
                -p
            } else {
                p
            }
        }
        _ => *u.choose(&SPECIAL)?,
    })
}

/// Any integer argument (factors, indices, cotargets): biased like a stride.
pub fn any_int(u: &mut Unstructured) -> Result<i64> {
    stride_int(u)
}

/// The nesting of a tuple, without values: `None` is a leaf.
#[derive(Clone, Debug)]
pub enum Shape {
    /// An integer.
    Leaf,
    /// A tuple of sub-structures (possibly empty).
    Tuple(Vec<Shape>),
}

impl Shape {
    /// A random nesting of at most `max_depth` levels and about `budget` nodes.
    pub fn arbitrary(u: &mut Unstructured, max_depth: usize, budget: &mut usize) -> Result<Shape> {
        if max_depth == 0 || *budget <= 1 || u.ratio(1, 2)? {
            *budget = budget.saturating_sub(1);
            return Ok(Shape::Leaf);
        }
        *budget -= 1;
        let n = u.int_in_range(0..=4)?;
        let mut children = Vec::with_capacity(n);
        for _ in 0..n {
            if *budget == 0 {
                break;
            }
            children.push(Shape::arbitrary(u, max_depth - 1, budget)?);
        }
        Ok(Shape::Tuple(children))
    }

    /// Fills this nesting with leaves from `leaf`; `static_bias` of 256 makes a leaf static.
    pub fn fill(
        &self,
        u: &mut Unstructured,
        leaf: &mut dyn FnMut(&mut Unstructured) -> Result<i64>,
        static_bias: u8,
    ) -> Result<Option<DTuple>> {
        match self {
            Shape::Leaf => {
                let v = leaf(u)?;
                let is_static = u.arbitrary::<u8>()? < static_bias;
                Ok(Some(DTuple::int(DInt {
                    value: v,
                    is_static,
                })))
            }
            Shape::Tuple(children) => {
                let mut out = Vec::with_capacity(children.len());
                for c in children {
                    match c.fill(u, leaf, static_bias)? {
                        Some(t) => out.push(t),
                        None => return Ok(None),
                    }
                }
                // More than CAPACITY nodes: not representable, the caller skips it.
                Ok(DTuple::tuple(&out).ok())
            }
        }
    }
}

/// A random nesting small enough to fit [`CAPACITY`] comfortably.
pub fn nesting(u: &mut Unstructured) -> Result<Shape> {
    let mut budget = 12usize;
    Shape::arbitrary(u, 3, &mut budget)
}

/// A tuple of shape-like values (positive mostly), `None` when it does not fit.
pub fn shape_tuple(u: &mut Unstructured) -> Result<Option<DTuple>> {
    let bias = u.arbitrary()?;
    nesting(u)?.fill(u, &mut shape_int, bias)
}

/// A tuple of any integers.
pub fn int_tuple(u: &mut Unstructured) -> Result<Option<DTuple>> {
    let bias = u.arbitrary()?;
    nesting(u)?.fill(u, &mut any_int, bias)
}

/// A layout. Mostly a valid one (`DLayout::new`); sometimes built without the
/// positive-shape check (algebra results may carry shape-0 or negative modes and
/// are fed back into the algebra), sometimes with a non-congruent stride. `None`
/// when the parts are rejected or do not fit.
pub fn layout(u: &mut Unstructured) -> Result<Option<DLayout>> {
    let kind: u8 = u.arbitrary()?;
    let nest = nesting(u)?;
    let bias = u.arbitrary()?;
    let Some(shape) = nest.fill(u, &mut shape_int, bias)? else {
        return Ok(None);
    };
    let stride_nest = if kind >= 250 { nesting(u)? } else { nest };
    let Some(stride) = stride_nest.fill(u, &mut stride_int, bias)? else {
        return Ok(None);
    };
    Ok(if kind >= 240 && kind < 250 {
        DLayout::new_unchecked_shape(shape, stride).ok()
    } else {
        DLayout::new(shape, stride).ok()
    })
}

/// A layout, falling back to `1:0` when the generated one is rejected.
pub fn layout_or_unit(u: &mut Unstructured) -> Result<DLayout> {
    Ok(layout(u)?.unwrap_or_else(|| DLayout::new(DTuple::s(1), DTuple::s(0)).unwrap()))
}

/// A by-mode tiler `[l0, [l1, l2], …]` of at most two levels.
pub fn tiler(u: &mut Unstructured) -> Result<Option<DTiler>> {
    let mut t = DTiler::new();
    let n = u.int_in_range(0..=3)?;
    for _ in 0..n {
        let next = if u.ratio(1, 5)? {
            let mut inner = DTiler::new();
            for _ in 0..u.int_in_range(0..=2)? {
                match inner.push_layout(layout_or_unit(u)?) {
                    Ok(i) => inner = i,
                    Err(_) => return Ok(None),
                }
            }
            t.push_tiler(&inner)
        } else {
            t.push_layout(layout_or_unit(u)?)
        };
        match next {
            Ok(next) => t = next,
            Err(_) => return Ok(None),
        }
    }
    Ok(Some(t))
}

/// `min(size(L), limit)` when the size is known, else 0: the number of points a
/// check may enumerate.
pub fn points(l: &DLayout, limit: i64) -> i64 {
    match l.size() {
        Ok(s) if s.value > 0 => s.value.min(limit),
        _ => 0,
    }
}

/// Whether a tuple has room for the algebra (a quarter of the capacity is left):
/// used only to document that capacity errors are expected on big inputs.
pub fn roomy(t: &DTuple) -> bool {
    t.node_count() * 4 <= CAPACITY * 3
}
