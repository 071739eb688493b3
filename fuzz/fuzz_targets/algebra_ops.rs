//! Every operation of `cute_types::algebra` (and the sub-layout and coordinate
//! functions of `DLayout`) on arbitrary layouts: each must return `Ok` or `Err`,
//! never panic, and within bounded time. Where an operation has a defining
//! equation, an `Ok` result is checked against it on its first points.
//!
//! An input is two or three layouts (the registers) and up to four steps; each
//! step applies one operation (chosen by a byte) to registers and appends an `Ok`
//! layout result, so later steps run on algebra results (shape-0 modes, deep
//! nestings, huge strides) as well as on generated layouts.
#![no_main]

use arbitrary::{Result, Unstructured};
use cute_fuzz::{any_int, int_tuple, layout_or_unit, points, shape_tuple, tiler};
use cute_types::algebra::{self, compose_swizzle, Swizzle};
use cute_types::dynamic::{crd2idx, idx2crd, idx2crd_strided, product_like};
use cute_types::{DInt, DLayout, DTuple};
use libfuzzer_sys::fuzz_target;

/// Points checked per equation: enough to cross several modes, cheap per input.
const CHECK: i64 = 128;

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});

fn run(u: &mut Unstructured) -> Result<()> {
    let mut regs = vec![layout_or_unit(u)?, layout_or_unit(u)?];
    if u.arbitrary()? {
        regs.push(layout_or_unit(u)?);
    }
    let steps = u.int_in_range(1..=4)?;
    for _ in 0..steps {
        let a = u.choose(&regs)?.clone();
        let b = u.choose(&regs)?.clone();
        if let Some(r) = step(u, &a, &b)? {
            regs.push(r);
        }
    }
    Ok(())
}

/// `L(i)`, or `None` when it is an error (e.g. overflow beyond the domain).
fn at(l: &DLayout, i: i64) -> Option<i64> {
    l.eval_index(i).ok().map(|v| v.value)
}

/// One operation on `a` (and `b`); returns a layout result to keep.
fn step(u: &mut Unstructured, a: &DLayout, b: &DLayout) -> Result<Option<DLayout>> {
    let op: u8 = u.int_in_range(0..=33)?;
    Ok(match op {
        0 => check_coalesce(a, algebra::coalesce(a).ok()),
        1 => {
            let profile = int_tuple(u)?.unwrap_or(DTuple::s(1));
            check_coalesce(a, algebra::coalesce_profile(a, &profile).ok())
        }
        2 => check_filter(a, algebra::filter(a).ok()),
        3 => check_composition(a, b, algebra::composition(a, b).ok()),
        4 => {
            let t = tiler(u)?;
            t.and_then(|t| algebra::composition_tiler(a, &t).ok())
        }
        5 => {
            let cotarget = if u.arbitrary()? {
                shape_tuple(u)?.unwrap_or(DTuple::s(1))
            } else {
                DTuple::int(DInt {
                    value: any_int(u)?,
                    is_static: u.arbitrary()?,
                })
            };
            check_complement(a, algebra::complement(a, &cotarget).ok())
        }
        6 => check_complement(a, algebra::complement_default(a).ok()),
        7 => check_right_inverse(a, algebra::right_inverse(a).ok()),
        8 => check_left_inverse(a, algebra::left_inverse(a).ok()),
        9..=12 => {
            // The four divides, with a layout or a by-mode tiler.
            let with_tiler = u.arbitrary()?;
            let t = if with_tiler { tiler(u)? } else { None };
            match (op, t) {
                (9, None) => algebra::logical_divide(a, b).ok(),
                (10, None) => algebra::zipped_divide(a, b).ok(),
                (11, None) => algebra::tiled_divide(a, b).ok(),
                (12, None) => algebra::flat_divide(a, b).ok(),
                (9, Some(t)) => algebra::logical_divide_tiler(a, &t).ok(),
                (10, Some(t)) => algebra::zipped_divide_tiler(a, &t).ok(),
                (11, Some(t)) => algebra::tiled_divide_tiler(a, &t).ok(),
                (_, Some(t)) => algebra::flat_divide_tiler(a, &t).ok(),
                _ => unreachable!(),
            }
        }
        13..=16 => {
            let with_tiler = u.arbitrary()?;
            let t = if with_tiler { tiler(u)? } else { None };
            match (op, t) {
                (13, None) => algebra::logical_product(a, b).ok(),
                (14, None) => algebra::zipped_product(a, b).ok(),
                (15, None) => algebra::tiled_product(a, b).ok(),
                (16, None) => algebra::flat_product(a, b).ok(),
                (13, Some(t)) => algebra::logical_product_tiler(a, &t).ok(),
                (14, Some(t)) => algebra::zipped_product_tiler(a, &t).ok(),
                (15, Some(t)) => algebra::tiled_product_tiler(a, &t).ok(),
                (_, Some(t)) => algebra::flat_product_tiler(a, &t).ok(),
                _ => unreachable!(),
            }
        }
        17 => check_product_sizes(a, b, algebra::blocked_product(a, b).ok()),
        18 => check_product_sizes(a, b, algebra::raked_product(a, b).ok()),
        19 => {
            let shape = shape_tuple(u)?.unwrap_or(DTuple::s(1));
            let order = if u.arbitrary()? { int_tuple(u)? } else { None };
            algebra::tile_to_shape(a, &shape, order.as_ref()).ok()
        }
        20 => algebra::upcast(a, any_int(u)?).ok(),
        21 => algebra::downcast(a, any_int(u)?).ok(),
        22 => algebra::recast_layout(a, any_int(u)?, any_int(u)?).ok(),
        23 => {
            check_swizzle(u, a, b)?;
            None
        }
        24 => check_nullspace(a, algebra::nullspace(a).ok()),
        25 => check_layout_add(a, b, algebra::layout_add(a, b).ok()),
        26 => {
            check_gcd(&a.shape(), &b.shape());
            algebra::greatest_common_domain(&a.shape(), &b.shape()).ok()
        }
        27 => check_max_common(a, b),
        28 => {
            let _ = algebra::make_layout_like(a);
            let order = int_tuple(u)?.unwrap_or(DTuple::s(1));
            let _ = algebra::compact_order(&a.shape(), &order);
            let _ = algebra::coalesce_shape(&a.shape());
            algebra::make_ordered_layout(&a.shape(), &order).ok()
        }
        29 => {
            let _ = algebra::zip(a, b);
            let t = tiler(u)?;
            t.and_then(|t| algebra::tile_unzip(a, &t).ok())
        }
        30 => sublayout(u, a, b)?,
        31 => {
            coordinates(u, a)?;
            None
        }
        32 => {
            let _ = product_like(&a.shape(), &int_tuple(u)?.unwrap_or(DTuple::s(1)));
            let _ = DLayout::compact(a.shape(), cute_types::dynamic::Major::Right);
            DLayout::col_major(a.shape()).ok()
        }
        _ => {
            let _ = algebra::max_common_vector(a, b);
            algebra::max_common_layout(a, b).ok()
        }
    })
}

/// `size(R) == size(L)`, `R(i) == L(i)`.
fn check_coalesce(l: &DLayout, r: Option<DLayout>) -> Option<DLayout> {
    let r = r?;
    if let (Ok(sl), Ok(sr)) = (l.size(), r.size()) {
        assert_eq!(sl.value, sr.value, "coalesce changed the size: {l} -> {r}");
    }
    for i in 0..points(l, CHECK) {
        if let (Some(x), Some(y)) = (at(l, i), at(&r, i)) {
            assert_eq!(x, y, "coalesce({l}) = {r} differs at {i}");
        }
    }
    Some(r)
}

/// The image of `filter(L)` is the image of `L` (checked when both are small).
fn check_filter(l: &DLayout, r: Option<DLayout>) -> Option<DLayout> {
    let r = r?;
    let (Ok(sl), Ok(sr)) = (l.size(), r.size()) else {
        return Some(r);
    };
    if sl.value <= CHECK && sr.value <= CHECK && sl.value > 0 {
        let image = |x: &DLayout, n: i64| -> Option<Vec<i64>> {
            let mut v: Vec<i64> = (0..n).map(|i| at(x, i)).collect::<Option<_>>()?;
            v.sort_unstable();
            v.dedup();
            Some(v)
        };
        if let (Some(il), Some(ir)) = (image(l, sl.value), image(&r, sr.value)) {
            assert_eq!(il, ir, "filter({l}) = {r} has another image");
        }
    }
    Some(r)
}

/// `size(R) == size(B)` and `R(i) == A(B(i))`.
fn check_composition(a: &DLayout, b: &DLayout, r: Option<DLayout>) -> Option<DLayout> {
    let r = r?;
    if let (Ok(sb), Ok(sr)) = (b.size(), r.size()) {
        assert_eq!(
            sb.value, sr.value,
            "composition({a}, {b}) = {r}: size differs"
        );
    }
    if ends_in_empty_tuple(&a.shape()) {
        // Finding reported separately: beyond its domain such an `A` drops the
        // rest of an index (`eval((3,()):(8,()), 8) = 16`), while `composition`
        // extends it as `3:8` (`composition((3,()):(1,()), 6:1) = 6:1`, `R(3) = 3`,
        // `A(3) = 0`). CuTe C++ 4.2 compiles neither.
        return Some(r);
    }
    for i in 0..points(b, CHECK) {
        let want = at(b, i).and_then(|j| at(a, j));
        if let (Some(want), Some(got)) = (want, at(&r, i)) {
            assert_eq!(got, want, "composition({a}, {b}) = {r} differs at {i}");
        }
    }
    Some(r)
}

/// Whether the last mode, recursively, is an empty tuple `()`.
fn ends_in_empty_tuple(t: &DTuple) -> bool {
    if t.is_int() {
        return false;
    }
    match t.rank() {
        0 => true,
        r => t.get(r - 1).is_ok_and(|m| ends_in_empty_tuple(&m)),
    }
}

/// The image of `L` on its first points, when `L` is injective there and small.
fn injective_image(l: &DLayout) -> Option<Vec<i64>> {
    let n = l.size().ok()?.value;
    if n <= 0 || n > CHECK {
        return None;
    }
    let mut v: Vec<i64> = (0..n).map(|i| at(l, i)).collect::<Option<_>>()?;
    v.sort_unstable();
    let len = v.len();
    v.dedup();
    (v.len() == len).then_some(v)
}

/// For an injective `L`: `C` is ordered and meets `L`'s image only at 0.
fn check_complement(l: &DLayout, c: Option<DLayout>) -> Option<DLayout> {
    let c = c?;
    if let Some(image) = injective_image(l) {
        let mut prev = None;
        for j in 0..points(&c, CHECK) {
            let Some(x) = at(&c, j) else { break };
            if let Some(p) = prev {
                assert!(p < x, "complement of {l} = {c} is not ordered at {j}");
            }
            if j > 0 {
                assert!(
                    image.binary_search(&x).is_err(),
                    "complement of {l} = {c} meets L's image at {j} ({x})"
                );
            }
            prev = Some(x);
        }
    }
    Some(c)
}

/// `L(R(i)) == i` for `i < size(R)`.
fn check_right_inverse(l: &DLayout, r: Option<DLayout>) -> Option<DLayout> {
    let r = r?;
    for i in 0..points(&r, CHECK) {
        if let Some(x) = at(&r, i).and_then(|j| at(l, j)) {
            assert_eq!(x, i, "right_inverse({l}) = {r}: L(R({i})) = {x}");
        }
    }
    Some(r)
}

/// For an injective `L` (on its first points): `R(L(i)) == i`.
///
/// Not checked where the documentation of `left_inverse` says C++'s answer is no
/// inverse: a non-injective `L` (`(_5,_3,_2):(_1,_1,_0)` gives `_5:_1`, and
/// `L(9) = 5` but `L(R(5)) = 1`), and an `L` with a run-time shape-1 mode.
fn check_left_inverse(l: &DLayout, r: Option<DLayout>) -> Option<DLayout> {
    let r = r?;
    let runtime_unit = (0..l.shape().leaf_count()).any(|k| l.shape().leaf(k) == DInt::d(1));
    if injective_image(l).is_some() && !runtime_unit {
        for i in 0..points(l, CHECK) {
            let Some(li) = at(l, i) else { continue };
            if let Some(x) = at(&r, li) {
                assert_eq!(x, i, "left_inverse({l}) = {r}: R(L({i})) = R({li}) = {x}");
            }
        }
    }
    Some(r)
}

/// Blocked and raked products hold `size(A) * size(B)` points.
fn check_product_sizes(a: &DLayout, b: &DLayout, r: Option<DLayout>) -> Option<DLayout> {
    let r = r?;
    if let (Ok(sa), Ok(sb), Ok(sr)) = (a.size(), b.size(), r.size()) {
        if let Some(p) = sa.value.checked_mul(sb.value) {
            assert_eq!(sr.value, p, "product of {a} and {b} = {r}: size");
        }
    }
    Some(r)
}

/// `Swizzle<b,m,s>`: an involution; `compose_swizzle(sw, L)(i) == sw(L(i))`, and
/// composing the swizzled layout with `B` is `sw ∘ (L ∘ B)`.
fn check_swizzle(u: &mut Unstructured, l: &DLayout, b: &DLayout) -> Result<()> {
    let bits = u.int_in_range(-1..=8)?;
    let base = u.int_in_range(-1..=12)?;
    let shift = if u.ratio(1, 8)? {
        any_int(u)?
    } else {
        u.int_in_range(-12..=12)?
    };
    let Ok(sw) = Swizzle::new(bits, base, shift) else {
        return Ok(());
    };
    let x = any_int(u)?;
    assert_eq!(
        sw.apply(sw.apply(x)),
        x,
        "{sw:?} is not an involution at {x}"
    );
    let sl = compose_swizzle(sw, l);
    for i in 0..points(l, 64) {
        if let (Some(li), Ok(got)) = (at(l, i), sl.eval(&DTuple::d(i))) {
            assert_eq!(got.value, sw.apply(li), "{sw:?} o {l} differs at {i}");
        }
    }
    let _ = sl.to_string();
    if let cute_types::algebra::SwizzledLayout::Swizzled(c) = sl {
        if ends_in_empty_tuple(&l.shape()) {
            // The composition finding of `check_composition`.
            return Ok(());
        }
        let _ = c.coalesce();
        let _ = c.size();
        let _ = c.cosize();
        if let Ok(composed) = c.composition(b) {
            for i in 0..points(b, 64) {
                let want = at(b, i).and_then(|j| at(l, j)).map(|v| sw.apply(v));
                if let (Some(want), Ok(got)) = (want, composed.eval(&DTuple::d(i))) {
                    assert_eq!(got.value, want, "({sw:?} o {l}) o {b} differs at {i}");
                }
            }
        }
        if let Some(t) = tiler(u)? {
            let _ = c.composition_tiler(&t);
        }
    }
    Ok(())
}

/// `L(N(j)) == 0` and `N` injective (on its first points).
fn check_nullspace(l: &DLayout, n: Option<DLayout>) -> Option<DLayout> {
    let n = n?;
    let count = points(&n, CHECK);
    let mut seen = Vec::with_capacity(count as usize);
    for j in 0..count {
        let Some(i) = at(&n, j) else { continue };
        if let Some(x) = at(l, i) {
            assert_eq!(x, 0, "nullspace({l}) = {n}: L(N({j})) = L({i}) = {x}");
        }
        seen.push(i);
    }
    let len = seen.len();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), len, "nullspace({l}) = {n} is not injective");
    Some(n)
}

/// `size(R) == size(A)` and `R(i) == A(i) + B(i)`.
fn check_layout_add(a: &DLayout, b: &DLayout, r: Option<DLayout>) -> Option<DLayout> {
    let r = r?;
    if let (Ok(sa), Ok(sr)) = (a.size(), r.size()) {
        assert_eq!(sa.value, sr.value, "layout_add({a}, {b}) = {r}: size");
    }
    for i in 0..points(a, CHECK) {
        let want = at(a, i).zip(at(b, i)).and_then(|(x, y)| x.checked_add(y));
        if let (Some(want), Some(got)) = (want, at(&r, i)) {
            assert_eq!(got, want, "layout_add({a}, {b}) = {r} differs at {i}");
        }
    }
    Some(r)
}

/// Symmetric, and its size divides both sizes.
fn check_gcd(x: &DTuple, y: &DTuple) {
    let (Ok(g), Ok(h)) = (
        algebra::greatest_common_domain(x, y),
        algebra::greatest_common_domain(y, x),
    ) else {
        return;
    };
    assert!(
        g.shape().eq_values(&h.shape()) && g.stride().eq_values(&h.stride()),
        "greatest_common_domain({x:?}, {y:?}) = {g} but swapped {h}"
    );
    if let (Ok(sg), Ok(sx), Ok(sy)) = (g.size(), x.product(), y.product()) {
        if sg.value > 0 && sx.value > 0 && sy.value > 0 {
            assert_eq!(sx.value % sg.value, 0, "gcd({x:?}, {y:?}) = {g}: size");
            assert_eq!(sy.value % sg.value, 0, "gcd({x:?}, {y:?}) = {g}: size");
        }
    }
}

/// `A(Lc(i)) == i` and `B(Lc(i)) == i` for `i < max_common_vector(A, B)`.
fn check_max_common(a: &DLayout, b: &DLayout) -> Option<DLayout> {
    let lc = algebra::max_common_layout(a, b).ok()?;
    if let Ok(v) = algebra::max_common_vector(a, b) {
        for i in 0..v.value.clamp(0, CHECK) {
            let Some(j) = at(&lc, i) else { continue };
            for (name, x) in [("A", a), ("B", b)] {
                if let Some(y) = at(x, j) {
                    assert_eq!(
                        y, i,
                        "max_common_layout({a}, {b}) = {lc}: {name}(Lc({i})) = {y}"
                    );
                }
            }
        }
    }
    Some(lc)
}

/// `select`, `take`, `group`, `append`, `prepend`, `replace`, `flatten`, `slice`,
/// `dice`, `get_path`, `from_modes`.
fn sublayout(u: &mut Unstructured, a: &DLayout, b: &DLayout) -> Result<Option<DLayout>> {
    let i = u.int_in_range(0..=5)?;
    let j = u.int_in_range(0..=6)?;
    let idx: Vec<usize> = (0..u.int_in_range(0..=4)?)
        .map(|_| u.int_in_range(0..=5))
        .collect::<Result<_>>()?;
    let _ = a.select(&idx);
    let _ = a.get_path(&idx);
    let _ = a.take(i, j);
    let _ = a.append(b);
    let _ = a.prepend(b);
    let _ = a.replace(i, b);
    let _ = a.get(i);
    let flat = a.flatten();
    if let (Ok(x), Ok(y)) = (a.size(), flat.size()) {
        assert_eq!(x.value, y.value, "flatten({a}) = {flat}: size");
    }
    if let Some(c) = coord(u)? {
        let _ = a.slice(&c);
        let _ = a.dice(&c);
        let _ = a.slice_and_offset(&c);
    }
    let _ = DLayout::from_modes(&[a.clone(), b.clone()]);
    Ok(a.group(i, j).ok())
}

/// A coordinate tuple, `_` allowed (parsed from text so that stars appear).
fn coord(u: &mut Unstructured) -> Result<Option<DTuple>> {
    let Some(t) = int_tuple(u)? else {
        return Ok(None);
    };
    if u.ratio(1, 3)? {
        // Put a `_` in place of one leaf through the text form.
        let text = t.to_string();
        let k = u.int_in_range(0..=t.leaf_count().saturating_sub(1))?;
        let star = replace_leaf_text(&text, k);
        return Ok(cute_types::parse_coord(&star).ok());
    }
    Ok(Some(t))
}

/// `text` with its `k`-th integer literal replaced by `_`.
fn replace_leaf_text(text: &str, k: usize) -> String {
    let mut out = String::with_capacity(text.len());
    let mut seen = 0usize;
    let mut chars = text.chars().peekable();
    while let Some(ch) = chars.next() {
        let starts = ch == '_' || ch == '-' || ch.is_ascii_digit();
        if !starts {
            out.push(ch);
            continue;
        }
        let mut lit = String::from(ch);
        while let Some(&n) = chars.peek() {
            if n.is_ascii_digit() {
                lit.push(n);
                chars.next();
            } else {
                break;
            }
        }
        out.push_str(if seen == k { "_" } else { &lit });
        seen += 1;
    }
    out
}

/// `idx2crd`/`crd2idx` round trips and `eval` on arbitrary coordinates.
fn coordinates(u: &mut Unstructured, a: &DLayout) -> Result<()> {
    let shape = a.shape();
    let stride = a.stride();
    for _ in 0..4 {
        let i = if u.arbitrary()? {
            u.int_in_range(0..=CHECK)?
        } else {
            any_int(u)?
        };
        let _ = a.eval_index(i);
        let _ = idx2crd_strided(&DTuple::d(i), &shape, &stride);
        if let Ok(c) = a.idx2crd(i) {
            // The natural coordinate of an index in the domain maps back to it
            // through the compact column-major layout of the shape.
            if let (Ok(cm), Ok(n)) = (DLayout::col_major(shape.clone()), a.size()) {
                if i >= 0 && i < n.value {
                    if let Ok(back) = crd2idx(&c, &cm.shape(), &cm.stride()) {
                        assert_eq!(
                            back.value, i,
                            "idx2crd({i}, {shape:?}) = {c:?} maps back to {back:?}"
                        );
                    }
                }
            }
            let _ = a.eval(&c);
        }
    }
    if let Some(c) = coord(u)? {
        let _ = a.eval(&c);
        let _ = idx2crd(&c, &shape);
        let _ = crd2idx(&c, &shape, &stride);
        let _ = cute_types::dynamic::crd2idx_compact(&c, &shape);
    }
    Ok(())
}
