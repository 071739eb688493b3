//! Conversions between the typed and the dynamic layer, and dynamic layouts into
//! tensors:
//!
//! * `Layout::<S, D>::from_dynamic` / `TryFrom<DLayout>` on layouts shaped like
//!   `S:D` (static leaves kept or changed, dynamic leaves arbitrary) and on
//!   arbitrary ones: `Ok` or `Err`, never a panic; when `Ok`, `to_dynamic` gives
//!   the same values and nesting back, the static leaves of the type are static,
//!   converting again gives the same typed value, and `size`, `cosize`, `eval`
//!   and `idx2crd` of the typed layout agree with the dynamic layout;
//! * `IntTuple::from_dtuple` / `to_dtuple` the same way;
//! * `Tensor::new`/`with_offset` on a slice: when it accepts the layout, every
//!   element the layout addresses is readable (`get`, `iter`, `offsets`).
#![no_main]

use arbitrary::{Result, Unstructured};
use cute_fuzz::{layout, shape_int, stride_int};
use cute_typed::tensor::Tensor;
use cute_typed::typed::*;
use cute_types::{DInt, DLayout, DTuple};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});

fn run(u: &mut Unstructured) -> Result<()> {
    match u.int_in_range(0u8..=12)? {
        0 => check::<i64, i64>(u),
        1 => check::<_4, _1>(u),
        2 => check::<(i64, _2), (_1, i64)>(u),
        3 => check::<(_4, _8), (_1, _4)>(u),
        4 => check::<((i64, _2), (i64, i64, _3)), ((_1, i64), (i64, _0, i64))>(u),
        5 => check::<(i64, (i64, (i64, i64))), (i64, (i64, (i64, i64)))>(u),
        6 => check::<(), ()>(u),
        7 => check::<(_1, i64, _256), (_0, _1, i64)>(u),
        8 => check::<
            (i64, i64, i64, i64, i64, i64, i64, i64),
            (i64, i64, i64, i64, i64, i64, i64, i64),
        >(u),
        9 => check::<((_2, _2), _65536), ((_1, _2), _4)>(u),
        10 => check::<(i64,), (i64,)>(u),
        _ => tensor(u),
    }
}

/// `pattern` with its leaves replaced: static leaves mostly kept (value kept, flag
/// possibly dropped), dynamic leaves drawn by `leaf`.
fn fill(
    u: &mut Unstructured,
    pattern: &DTuple,
    leaf: fn(&mut Unstructured) -> Result<i64>,
) -> Result<DTuple> {
    let mut t = pattern.clone();
    for k in 0..pattern.leaf_count() {
        let p = pattern.leaf(k);
        let v = if p.is_static && u.ratio(7, 8)? {
            p.value
        } else {
            leaf(u)?
        };
        let is_static = if p.is_static {
            u.ratio(3, 4)?
        } else {
            u.ratio(1, 4)?
        };
        t = t.with_leaf(
            k,
            DInt {
                value: v,
                is_static,
            },
        );
    }
    Ok(t)
}

/// A layout shaped like `S:D` (mostly) or arbitrary.
fn candidate<S: Congruent<D>, D: IntTuple>(u: &mut Unstructured) -> Result<Option<DLayout>> {
    if u.ratio(1, 8)? {
        return layout(u);
    }
    let shape = fill(u, &DTuple::from_fixed(&S::PATTERN), shape_int)?;
    let stride = fill(u, &DTuple::from_fixed(&D::PATTERN), stride_int)?;
    Ok(DLayout::new(shape, stride).ok())
}

fn check<S: Congruent<D>, D: IntTuple>(u: &mut Unstructured) -> Result<()> {
    let Some(dl) = candidate::<S, D>(u)? else {
        return Ok(());
    };
    // The tuple conversions alone.
    if let Ok(s) = S::from_dtuple(&dl.shape().to_fixed().expect("a candidate fits")) {
        let back = s.to_dynamic();
        assert!(
            back.eq_values(&dl.shape()) && back.congruent(&dl.shape()),
            "shape {:?} -> {back:?}",
            dl.shape()
        );
        assert_eq!(S::from_dtuple(&back.to_fixed().unwrap()), Ok(s));
    }
    if let Ok(d) = D::from_dtuple(&dl.stride().to_fixed().expect("a candidate fits")) {
        let back = d.to_dynamic();
        assert!(
            back.eq_values(&dl.stride()),
            "stride {:?} -> {back:?}",
            dl.stride()
        );
    }
    let typed = Layout::<S, D>::from_dynamic(&dl);
    assert_eq!(
        typed,
        Layout::<S, D>::try_from(dl.clone()),
        "from_dynamic and TryFrom differ on {dl}"
    );
    let Ok(t) = typed else { return Ok(()) };
    let back = t.to_dynamic();
    assert!(
        back.shape().eq_values(&dl.shape())
            && back.stride().eq_values(&dl.stride())
            && back.shape().congruent(&dl.shape()),
        "{dl} -> typed -> {back}"
    );
    // Static leaves of the type are static in the result, dynamic ones dynamic.
    for (pattern, got) in [
        (DTuple::from_fixed(&S::PATTERN), back.shape()),
        (DTuple::from_fixed(&D::PATTERN), back.stride()),
    ] {
        for k in 0..pattern.leaf_count() {
            assert_eq!(
                pattern.leaf(k).is_static,
                got.leaf(k).is_static,
                "{dl} -> {back}: leaf {k}"
            );
        }
    }
    assert_eq!(
        Layout::<S, D>::from_dynamic(&back),
        Ok(t),
        "{back} does not convert back"
    );
    assert_eq!(DLayout::from(t).to_string(), back.to_string());
    assert_eq!(t.to_string(), back.to_string());
    // The typed layout computes what the dynamic one computes.
    let size = dl.size().expect("a typed layout's size fits").value;
    assert_eq!(t.size(), size, "{dl}: size");
    assert_eq!(
        t.cosize(),
        dl.cosize().expect("a typed layout's cosize fits").value,
        "{dl}: cosize"
    );
    let count = size.min(64);
    for i in (0..count).chain([size - 1, size, size.saturating_add(3), -1, i64::MAX]) {
        let typed_value = t.eval(i).map(|v| v);
        let dynamic_value = dl.eval_index(i).map(|v| v.value);
        assert_eq!(typed_value, dynamic_value, "{dl}: eval({i})");
        let typed_crd = t.idx2crd(i).map(|c| c.to_dynamic());
        let dynamic_crd = dl.idx2crd(i);
        match (typed_crd, dynamic_crd) {
            (Ok(a), Ok(b)) => assert!(a.eq_values(&b), "{dl}: idx2crd({i}) {a:?} vs {b:?}"),
            (a, b) => assert_eq!(a.is_ok(), b.is_ok(), "{dl}: idx2crd({i}) {a:?} vs {b:?}"),
        }
    }
    Ok(())
}

/// A dynamic layout over a slice of `len` elements at `offset`.
fn tensor(u: &mut Unstructured) -> Result<()> {
    let Some(dl) = layout(u)? else { return Ok(()) };
    let len = u.int_in_range(0usize..=300)?;
    let offset = if u.ratio(3, 4)? {
        u.int_in_range(0..=8)?
    } else {
        stride_int(u)?
    };
    let buf: Vec<i64> = (0..len as i64).collect();
    let Ok(t) = Tensor::with_offset(&buf[..], dl.clone(), offset) else {
        return Ok(());
    };
    // A size beyond i64 is admitted when every point addresses storage (stride 0).
    let size = dl.size().map_or(i64::MAX, |s| s.value);
    for i in 0..size.min(256) {
        let got = t.get(DTuple::d(i));
        match dl.eval_index(i) {
            Ok(v) => {
                let got = *got.unwrap_or_else(|e| panic!("{dl} at {offset}: get({i}) = {e:?}"));
                assert_eq!(got, v.value + offset, "{dl} at {offset}: element {i}");
            }
            // A non-last mode whose size exceeds i64 cannot split a 1-D index
            // (`Error::Overflow`, reported as a limitation): the tensor refuses too.
            Err(e) => assert!(
                got.is_err(),
                "{dl}: eval_index({i}) = {e:?} but get gives {got:?}"
            ),
        }
    }
    let n = size.clamp(0, 256) as usize;
    assert_eq!(t.iter().take(n).count(), n, "{dl}: iter");
    if let Ok(o) = t.offsets() {
        let _ = o.take(n).count();
    }
    let _ = t.get(DTuple::d(size));
    let _ = t.get(DTuple::d(-1));
    let other = cute_fuzz::layout_or_unit(u)?;
    let _ = t.relayout(other, offset);
    Ok(())
}
