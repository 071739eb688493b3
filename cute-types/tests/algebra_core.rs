//! The core layout algebra (coalesce, filter, composition, complement, right and
//! left inverse, max_common_*) and the sub-layout operations:
//!
//! * every line of `shared/conformance/public.tsv` that uses only these functions,
//!   evaluated directly with a small test-local reader (all integers static, as the
//!   calculator does), compared by the README's rules;
//! * definitional properties over exhaustive corpora of small static layouts;
//! * proptest properties on random layouts, static and dynamic.
use std::path::PathBuf;

use cute_types::algebra::{
    coalesce, coalesce_profile, complement, complement_default, composition, composition_tiler,
    filter, left_inverse, max_common_layout, max_common_vector, right_inverse,
};
use cute_types::dynamic::{DTiler, TilerMode};
use cute_types::text::Cursor;
use cute_types::{algebra, DInt, DLayout, DTuple, Error, FixedLayout, FixedTuple};

// ---------------------------------------------------------------------------------
// A reader for the conformance lines that use this file's functions.
// ---------------------------------------------------------------------------------

/// A parsed argument: a call, a tiler, or a literal `shape[:stride]`.
// (a test-local reader: a few large values are fine)
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
enum Ast {
    Call(String, Vec<Ast>),
    Tiler(Vec<Ast>),
    Lit(DTuple, Option<DTuple>),
}

#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
enum Val {
    Layout(DLayout),
    Tuple(DTuple),
    Int(DInt),
}

/// The functions this test evaluates; a line using any other name is not ours.
const OURS: &[&str] = &[
    "coalesce",
    "filter",
    "composition",
    "complement",
    "right_inverse",
    "left_inverse",
    "max_common_vector",
    "max_common_layout",
    "select",
    "take",
    "group",
    "append",
    "prepend",
    "get",
    "flatten",
    "size",
    "cosize",
    "rank",
    "depth",
    "shape",
    "stride",
];

fn parse_expr(src: &str, c: &mut Cursor) -> Result<Ast, String> {
    match c.peek() {
        Some(b'[') => {
            c.eat(b'[');
            Ok(Ast::Tiler(parse_list(src, c, b']')?))
        }
        Some(b) if b.is_ascii_alphabetic() => {
            let start = c.pos;
            while src
                .as_bytes()
                .get(c.pos)
                .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
            {
                c.pos += 1;
            }
            let name = src[start..c.pos].to_string();
            c.expect(b'(').map_err(|e| e.to_string())?;
            Ok(Ast::Call(name, parse_list(src, c, b')')?))
        }
        _ => {
            let shape = c.int_tuple(false).map_err(|e| e.to_string())?;
            let stride = if c.eat(b':') {
                Some(c.int_tuple(false).map_err(|e| e.to_string())?)
            } else {
                None
            };
            Ok(Ast::Lit(shape, stride))
        }
    }
}

fn parse_list(src: &str, c: &mut Cursor, close: u8) -> Result<Vec<Ast>, String> {
    let mut items = Vec::new();
    if c.eat(close) {
        return Ok(items);
    }
    loop {
        items.push(parse_expr(src, c)?);
        if c.eat(close) {
            return Ok(items);
        }
        c.expect(b',').map_err(|e| e.to_string())?;
    }
}

fn names(a: &Ast, out: &mut Vec<String>) {
    match a {
        Ast::Call(n, args) => {
            out.push(n.clone());
            args.iter().for_each(|x| names(x, out));
        }
        Ast::Tiler(items) => items.iter().for_each(|x| names(x, out)),
        Ast::Lit(..) => {}
    }
}

fn err(e: Error) -> String {
    e.to_string()
}

fn as_layout(a: &Ast) -> Result<DLayout, String> {
    match a {
        Ast::Lit(shape, None) => {
            DLayout::col_major(shape.clone().with_all_static(true)).map_err(err)
        }
        Ast::Lit(shape, Some(stride)) => DLayout::new(
            shape.clone().with_all_static(true),
            stride.clone().with_all_static(true),
        )
        .map_err(err),
        Ast::Call(..) => match eval(a)? {
            Val::Layout(l) => Ok(l),
            other => Err(format!("expected a layout, got {other:?}")),
        },
        Ast::Tiler(_) => Err("a tiler is not a layout".into()),
    }
}

fn as_tuple(a: &Ast) -> Result<DTuple, String> {
    match a {
        Ast::Lit(shape, None) => Ok(shape.clone().with_all_static(true)),
        // a layout given as a cotarget stands for its shape
        Ast::Lit(..) | Ast::Call(..) => match a {
            Ast::Call(..) => match eval(a)? {
                Val::Tuple(t) => Ok(t),
                Val::Int(i) => Ok(DTuple::int(i)),
                Val::Layout(l) => Ok(l.shape()),
            },
            _ => Ok(as_layout(a)?.shape()),
        },
        Ast::Tiler(_) => Err("a tiler is not a tuple".into()),
    }
}

fn as_index(a: &Ast) -> Result<usize, String> {
    match a {
        Ast::Lit(t, None) => t
            .as_int()
            .filter(|v| v.value >= 0)
            .map(|v| v.value as usize)
            .ok_or_else(|| "expected a mode index".into()),
        _ => Err("expected a mode index".into()),
    }
}

fn as_tiler(items: &[Ast]) -> Result<DTiler, String> {
    let mut t = DTiler::new();
    for item in items {
        let mode = match item {
            Ast::Tiler(inner) => TilerMode::Tiler(as_tiler(inner)?),
            other => TilerMode::Layout(as_layout(other)?),
        };
        t = t.push(&mode).map_err(err)?;
    }
    Ok(t)
}

fn arity(args: &[Ast], lo: usize, hi: usize) -> Result<(), String> {
    if args.len() < lo || args.len() > hi {
        return Err(format!("wrong number of arguments: {}", args.len()));
    }
    Ok(())
}

fn eval(a: &Ast) -> Result<Val, String> {
    let Ast::Call(name, args) = a else {
        return as_layout(a).map(Val::Layout);
    };
    let l = |i: usize| as_layout(&args[i]);
    let lay = |r: Result<DLayout, Error>| r.map(Val::Layout).map_err(err);
    match name.as_str() {
        "coalesce" => {
            arity(args, 1, 2)?;
            if args.len() == 2 {
                lay(coalesce_profile(&l(0)?, &as_tuple(&args[1])?))
            } else {
                lay(coalesce(&l(0)?))
            }
        }
        "filter" => {
            arity(args, 1, 1)?;
            lay(filter(&l(0)?))
        }
        "composition" => {
            arity(args, 2, 2)?;
            match &args[1] {
                Ast::Tiler(items) => lay(composition_tiler(&l(0)?, &as_tiler(items)?)),
                _ => lay(composition(&l(0)?, &l(1)?)),
            }
        }
        "complement" => {
            arity(args, 1, 2)?;
            if args.len() == 2 {
                lay(complement(&l(0)?, &as_tuple(&args[1])?))
            } else {
                lay(complement_default(&l(0)?))
            }
        }
        "right_inverse" => {
            arity(args, 1, 1)?;
            lay(right_inverse(&l(0)?))
        }
        "left_inverse" => {
            arity(args, 1, 1)?;
            lay(left_inverse(&l(0)?))
        }
        "max_common_vector" => {
            arity(args, 2, 2)?;
            max_common_vector(&l(0)?, &l(1)?).map(Val::Int).map_err(err)
        }
        "max_common_layout" => {
            arity(args, 2, 2)?;
            lay(max_common_layout(&l(0)?, &l(1)?))
        }
        "get" => {
            arity(args, 2, usize::MAX)?;
            let path: Vec<usize> = args[1..].iter().map(as_index).collect::<Result<_, _>>()?;
            lay(l(0)?.get_path(&path))
        }
        "select" => {
            arity(args, 2, usize::MAX)?;
            let idx: Vec<usize> = args[1..].iter().map(as_index).collect::<Result<_, _>>()?;
            lay(l(0)?.select(&idx))
        }
        "take" | "group" => {
            arity(args, 3, 3)?;
            let (b, e) = (as_index(&args[1])?, as_index(&args[2])?);
            lay(if name == "take" {
                l(0)?.take(b, e)
            } else {
                l(0)?.group(b, e)
            })
        }
        "append" | "prepend" => {
            arity(args, 2, 2)?;
            let (x, y) = (l(0)?, l(1)?);
            lay(if name == "append" {
                x.append(&y)
            } else {
                x.prepend(&y)
            })
        }
        "flatten" => {
            arity(args, 1, 1)?;
            Ok(Val::Layout(l(0)?.flatten()))
        }
        "size" | "cosize" | "rank" | "depth" | "shape" | "stride" => {
            arity(args, 1, 1)?;
            let x = l(0)?;
            Ok(match name.as_str() {
                "size" => Val::Int(x.size().map_err(err)?),
                "cosize" => Val::Int(x.cosize().map_err(err)?),
                "rank" => Val::Int(DInt::s(x.rank() as i64)),
                "depth" => Val::Int(DInt::s(x.depth() as i64)),
                "shape" => Val::Tuple(x.shape()),
                _ => Val::Tuple(x.stride()),
            })
        }
        other => Err(format!("unknown function {other}")),
    }
}

fn run_line(expr: &str) -> Option<String> {
    let mut c = Cursor::new(expr);
    let ast = match parse_expr(expr, &mut c).and_then(|a| {
        c.finish().map_err(|e| e.to_string())?;
        Ok(a)
    }) {
        Ok(a) => a,
        // a syntax error of a line that names only our functions is ours too
        Err(e) => {
            return if OURS[..15].iter().any(|n| expr.trim_start().starts_with(n)) {
                Some(format!("error: {e}"))
            } else {
                None
            }
        }
    };
    let mut used = Vec::new();
    names(&ast, &mut used);
    let core = |n: &String| OURS[..15].contains(&n.as_str());
    if !used.iter().any(core) || !used.iter().all(|n| OURS.contains(&n.as_str())) {
        return None;
    }
    Some(match eval(&ast) {
        Ok(Val::Layout(l)) => l.to_string(),
        Ok(Val::Tuple(t)) => t.to_string(),
        Ok(Val::Int(i)) => i.value.to_string(),
        Err(e) => format!("error: {e}"),
    })
}

fn normal(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace() && *c != '_')
        .collect()
}

fn public_lines() -> Vec<(usize, String, String)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/vectors/public.tsv");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            let (e, x) = line.split_once('\t').expect("EXPR<TAB>EXPECTED");
            (i + 1, e.to_string(), x.to_string())
        })
        .collect()
}

#[test]
fn conformance_lines_of_the_core_algebra() {
    let mut ran = 0;
    let mut errors_expected = 0;
    let mut failures = Vec::new();
    for (no, expr, expected) in public_lines() {
        let Some(got) = run_line(&expr) else { continue };
        ran += 1;
        let ok = if expected.trim() == "error" {
            errors_expected += 1;
            got.starts_with("error")
        } else {
            normal(&got) == normal(&expected)
        };
        if !ok {
            failures.push(format!(
                "line {no}: {expr}\n  expected {expected}\n  got      {got}"
            ));
        }
    }
    eprintln!(
        "core-algebra conformance: {ran} lines ({errors_expected} expect error), {} failed",
        failures.len()
    );
    assert!(
        ran >= 150,
        "only {ran} lines were recognised as core-algebra lines"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ---------------------------------------------------------------------------------
// Corpora and helpers for the definitional tests.
// ---------------------------------------------------------------------------------

/// A flat layout from `(shape, stride)` pairs; one pair gives an integer shape.
fn flat(modes: &[(i64, i64)], is_static: bool) -> DLayout {
    let leaf = |v: i64| {
        DTuple::int(DInt {
            value: v,
            is_static,
        })
    };
    let (shape, stride) = if modes.len() == 1 {
        (leaf(modes[0].0), leaf(modes[0].1))
    } else {
        let s: Vec<DTuple> = modes.iter().map(|m| leaf(m.0)).collect();
        let d: Vec<DTuple> = modes.iter().map(|m| leaf(m.1)).collect();
        (DTuple::tuple(&s).unwrap(), DTuple::tuple(&d).unwrap())
    };
    DLayout::new(shape, stride).unwrap()
}

/// All flat mode lists of rank 1..=max_rank with shapes and strides in the ranges.
fn mode_lists(
    max_rank: usize,
    shapes: std::ops::RangeInclusive<i64>,
    strides: std::ops::RangeInclusive<i64>,
) -> Vec<Vec<(i64, i64)>> {
    let one: Vec<(i64, i64)> = shapes
        .flat_map(|s| strides.clone().map(move |d| (s, d)))
        .collect();
    let mut out: Vec<Vec<(i64, i64)>> = one.iter().map(|m| vec![*m]).collect();
    let mut last = out.clone();
    for _ in 1..max_rank {
        let mut next = Vec::new();
        for l in &last {
            for m in &one {
                let mut v = l.clone();
                v.push(*m);
                next.push(v);
            }
        }
        out.extend(next.iter().cloned());
        last = next;
    }
    out
}

/// `L(i)` for `i` in `[0, size(L))`.
fn values(l: &DLayout) -> Vec<i64> {
    let n = l.size().unwrap().value;
    (0..n).map(|i| l.at(i).unwrap()).collect()
}

fn is_injective(l: &DLayout) -> bool {
    let mut v = values(l);
    let n = v.len();
    v.sort_unstable();
    v.dedup();
    v.len() == n
}

// ---------------------------------------------------------------------------------
// coalesce and filter
// ---------------------------------------------------------------------------------

#[test]
fn coalesce_preserves_the_function_and_is_fully_merged() {
    let mut checked = 0;
    for modes in mode_lists(3, 1..=4, 0..=8) {
        let l = flat(&modes, true);
        let c = coalesce(&l).unwrap();
        assert!(c.depth() <= 1, "{l} -> {c}");
        assert_eq!(
            c.size().unwrap().value,
            l.size().unwrap().value,
            "{l} -> {c}"
        );
        assert_eq!(values(&c), values(&l), "{l} -> {c}");
        assert!(c.is_static(), "{l} -> {c}");
        // static inputs are merged as far as possible: no shape-1 mode left (other
        // than the lone 1:0) and no neighbours with d1 == s0*d0
        let f = c.flatten();
        let r = f.rank();
        let sh = |i: usize| f.shape().get(i).unwrap().to_int().unwrap().value;
        let st = |i: usize| f.stride().get(i).unwrap().to_int().unwrap().value;
        if c.shape().is_int() && sh(0) == 1 {
            assert_eq!(c.to_string(), "_1:_0");
        } else {
            for i in 0..r {
                assert_ne!(sh(i), 1, "{l} -> {c}");
                if i + 1 < r {
                    assert_ne!(st(i + 1), sh(i) * st(i), "{l} -> {c}");
                }
            }
        }
        // nesting does not matter
        if modes.len() == 3 {
            let nested: DLayout = format!(
                "((_{},_{}),_{}):((_{},_{}),_{})",
                modes[0].0, modes[1].0, modes[2].0, modes[0].1, modes[1].1, modes[2].1
            )
            .parse()
            .unwrap();
            assert_eq!(coalesce(&nested).unwrap(), c);
        }
        checked += 1;
    }
    assert_eq!(checked, 36 + 36 * 36 + 36 * 36 * 36);
}

#[test]
fn coalesce_of_dynamic_layouts_merges_nothing_but_keeps_the_function() {
    for modes in mode_lists(3, 1..=3, 0..=6) {
        let l = flat(&modes, false);
        let c = coalesce(&l).unwrap();
        assert_eq!(values(&c), values(&l), "{l} -> {c}");
        // C++ with run-time ints cannot prove anything: the flat layout comes back
        // unchanged (a single mode stays a single mode)
        assert_eq!(c, l.flatten(), "{l} -> {c}");
    }
}

#[test]
fn filter_keeps_the_image_and_drops_what_does_not_move() {
    for modes in mode_lists(3, 1..=4, 0..=8) {
        let l = flat(&modes, true);
        let f = filter(&l).unwrap();
        let mut img_l = values(&l);
        img_l.sort_unstable();
        img_l.dedup();
        let mut img_f = values(&f);
        img_f.sort_unstable();
        img_f.dedup();
        assert_eq!(img_f, img_l, "{l} -> {f}");
        assert!(f.depth() <= 1);
        let moving: i64 = modes.iter().filter(|m| m.1 != 0).map(|m| m.0).product();
        assert_eq!(f.size().unwrap().value, moving, "{l} -> {f}");
        let ff = f.flatten();
        for i in 0..ff.rank() {
            let d = ff.stride().get(i).unwrap().to_int().unwrap().value;
            let s = ff.shape().get(i).unwrap().to_int().unwrap().value;
            assert!(d != 0 || f.to_string() == "_1:_0", "{l} -> {f}");
            assert!(s != 1 || f.to_string() == "_1:_0", "{l} -> {f}");
        }
    }
}

// ---------------------------------------------------------------------------------
// composition
// ---------------------------------------------------------------------------------

/// A plain transcription of C++'s leaf composition with every integer static
/// (coalesce_x of A, then the fold), without any functionality check. The test
/// compares the library against it: equal where the result is functional, an error
/// where it is not or where C++'s static divisibility assertions fire.
mod cpp_model {
    #[derive(Debug, PartialEq)]
    pub enum Outcome {
        Layout(Vec<(i64, i64)>),
        StrideDivisibility,
        ShapeDivisibility,
    }

    pub fn coalesce_x(a: &[(i64, i64)]) -> Vec<(i64, i64)> {
        let n = a.len();
        let last = a[n - 1];
        let mut front: Vec<(i64, i64)> = vec![(if last.0 == 1 { 2 } else { last.0 }, last.1)];
        for &(s, d) in a[..n - 1].iter().rev() {
            if s == 1 {
                continue;
            }
            let f = *front.last().unwrap();
            if front.len() == 1 && f.0 == 1 {
                front[0] = (s, d);
            } else if s * d == f.1 {
                *front.last_mut().unwrap() = (s * f.0, d);
            } else {
                front.push((s, d));
            }
        }
        front.reverse();
        front
    }

    pub fn compose_leaf(a: &[(i64, i64)], s: i64, d: i64) -> Outcome {
        let a = coalesce_x(a);
        if d == 0 {
            return Outcome::Layout(vec![(s, 0)]);
        }
        if a.len() == 1 {
            return Outcome::Layout(vec![(s, d * a[0].1)]);
        }
        let (mut out, mut m, mut r) = (Vec::new(), s, d);
        for &(cs, cd) in &a[..a.len() - 1] {
            if !(r % cs == 0 || r < cs) {
                return Outcome::StrideDivisibility;
            }
            let next_shape = (cs + r.abs() - 1) / r.abs();
            let next_stride = (r.abs() + cs - 1) / cs * r.signum();
            if next_shape == 1 || m == 1 {
                r = next_stride;
                continue;
            }
            let new = next_shape.min(m);
            if m % new != 0 {
                return Outcome::ShapeDivisibility;
            }
            out.push((new, r * cd));
            m /= new;
            r = next_stride;
        }
        if out.is_empty() || m != 1 {
            out.push((m, r * a[a.len() - 1].1));
        }
        Outcome::Layout(out)
    }
}

/// Evaluates flat modes at `i`, the last mode taking the rest.
fn eval_modes(m: &[(i64, i64)], mut i: i64) -> i64 {
    let mut acc = 0;
    for (k, &(s, d)) in m.iter().enumerate() {
        if k + 1 == m.len() {
            acc += i * d;
        } else {
            acc += (i % s) * d;
            i /= s;
        }
    }
    acc
}

/// Checks `composition(A, s:d)` against the C++ model and brute force.
/// Returns whether the library returned Ok.
fn check_leaf_composition(a_modes: &[(i64, i64)], s: i64, d: i64) -> bool {
    let a = flat(a_modes, true);
    let b = flat(&[(s, d)], true);
    let got = composition(&a, &b);
    match cpp_model::compose_leaf(a_modes, s, d) {
        cpp_model::Outcome::StrideDivisibility => {
            assert_eq!(got, Err(Error::StrideDivisibility), "{a} o {b}");
            false
        }
        cpp_model::Outcome::ShapeDivisibility => {
            assert_eq!(got, Err(Error::ShapeDivisibility), "{a} o {b}");
            false
        }
        cpp_model::Outcome::Layout(r) => {
            let size: i64 = r.iter().map(|m| m.0).product();
            let functional = size == s && (0..s).all(|i| eval_modes(&r, i) == a.at(i * d).unwrap());
            if functional {
                let got = got.unwrap_or_else(|e| panic!("{a} o {b}: {e:?}, C++ gives {r:?}"));
                assert_eq!(got, flat(&r, true), "{a} o {b}");
                true
            } else {
                assert_eq!(got, Err(Error::NotFunctional), "{a} o {b}: C++ gives {r:?}");
                false
            }
        }
    }
}

#[test]
fn composition_is_exactly_the_functional_cpp_result_small_exhaustive() {
    // every A of rank <= 3 (shapes 1..4, strides 0..5) with every leaf B = s:d,
    // s in 1..=8, d in -2..=8
    let (mut ok, mut refused) = (0usize, 0usize);
    for a in mode_lists(3, 1..=4, 0..=5) {
        for s in 1..=8 {
            for d in -2..=8 {
                if check_leaf_composition(&a, s, d) {
                    ok += 1;
                } else {
                    refused += 1;
                }
            }
        }
    }
    eprintln!("composition corpus: {ok} functional, {refused} refused");
    assert!(ok > 100_000 && refused > 10_000, "{ok} {refused}");
}

#[test]
fn composition_with_stride_zero_modes_and_long_walks() {
    // A with a stride-0 mode between moving ones, B steps of every small size:
    // the class where the cheap criterion needs its witnesses
    let mut ok = 0;
    for s0 in 2..=7 {
        for s1 in 2..=5 {
            for d1 in 1..=3 {
                for s2 in 1..=4 {
                    for d2 in [0, 1, 5, 11] {
                        let a = [(s0, 0), (s1, d1), (s2, d2)];
                        for s in 1..=24 {
                            for d in 1..=8 {
                                ok += check_leaf_composition(&a, s, d) as usize;
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(ok > 1000);
}

#[test]
fn composition_distributes_over_the_modes_of_b_when_functional() {
    // R = (A o B_0, A o B_1) is C++'s answer; it is returned exactly when it is
    // functional as a whole (A need not add up over the modes of B)
    let a_list = mode_lists(2, 1..=4, 0..=5);
    let b_list = mode_lists(2, 1..=4, 0..=5);
    let (mut ok, mut refused) = (0, 0);
    for am in a_list.iter().step_by(5) {
        let a = flat(am, true);
        for bm in b_list.iter().filter(|m| m.len() == 2) {
            let b = flat(bm, true);
            let whole = composition(&a, &b);
            let parts: Result<Vec<DLayout>, Error> = (0..2)
                .map(|i| composition(&a, &b.get(i).unwrap()))
                .collect();
            let Ok(parts) = parts else {
                assert!(whole.is_err(), "{a} o {b}");
                continue;
            };
            let r = DLayout::from_modes(&parts).unwrap();
            let functional = (0..b.size().unwrap().value)
                .all(|i| r.at(i).unwrap() == a.at(b.at(i).unwrap()).unwrap());
            if functional {
                assert_eq!(whole, Ok(r), "{a} o {b}");
                ok += 1;
            } else {
                assert_eq!(whole, Err(Error::NotFunctional), "{a} o {b}: C++ gives {r}");
                refused += 1;
            }
        }
    }
    eprintln!("two-mode B: {ok} functional, {refused} refused");
    assert!(ok > 1000 && refused > 100);
}

#[test]
fn composition_accepts_everything_that_meets_the_strong_divisibility_conditions() {
    // The strong conditions, per leaf s:d walking the coalesced A (ρ = |d|, m = s):
    // ρ >= s_j needs s_j | ρ; ρ < s_j needs ρ | s_j and, unless m <= s_j/ρ, (s_j/ρ) | m.
    let mut accepted = 0;
    for a in mode_lists(3, 1..=4, 0..=6) {
        let ca = cpp_model::coalesce_x(&a);
        for s in 1..=12 {
            for d in 1..=12 {
                let (mut m, mut r, mut strong) = (s, d, true);
                // (C++ checks the stride condition on every mode, even once m is 1)
                for &(cs, _) in &ca[..ca.len() - 1] {
                    if r >= cs {
                        strong &= r % cs == 0;
                        r /= cs;
                    } else {
                        strong &= m == 1 || cs % r == 0;
                        let n = cs / r;
                        if m > n {
                            strong &= m % n == 0;
                            m /= n;
                        } else {
                            m = 1;
                        }
                        r = 1;
                    }
                }
                if strong && ca.len() > 1 {
                    let got = composition(&flat(&a, true), &flat(&[(s, d)], true));
                    assert!(got.is_ok(), "{a:?} o {s}:{d}: {got:?}");
                    accepted += 1;
                }
            }
        }
    }
    assert!(accepted > 50_000, "{accepted}");
}

#[test]
fn composition_with_a_tiler_keeps_only_the_covered_modes() {
    let a: DLayout = "(_12,(_4,_8)):(_59,(_13,_1))".parse().unwrap();
    let t = DTiler::new()
        .push_layout("_3:_4".parse().unwrap())
        .unwrap()
        .push_tiler(
            &DTiler::from_layouts(&["_2:_1".parse().unwrap(), "_4:_2".parse().unwrap()]).unwrap(),
        )
        .unwrap();
    let r = composition_tiler(&a, &t).unwrap();
    assert_eq!(r.to_string(), "(_3,(_2,_4)):(_236,(_13,_2))");
    let one = DTiler::from_layouts(&["_4:_3".parse().unwrap()]).unwrap();
    assert_eq!(
        composition_tiler(&a, &one).unwrap().to_string(),
        "(_4):(_177)"
    );
    let too_many = DTiler::from_layouts(&vec!["_2:_1".parse().unwrap(); 3]).unwrap();
    assert_eq!(composition_tiler(&a, &too_many), Err(Error::TilerRank));
    // a rank-1 layout takes a one-mode tiler as a whole
    let v: DLayout = "_8:_2".parse().unwrap();
    let t1 = DTiler::from_layouts(&["_4:_1".parse().unwrap()]).unwrap();
    assert_eq!(composition_tiler(&v, &t1).unwrap().to_string(), "(_4):(_2)");
}

#[test]
fn composition_of_large_layouts_is_fast_and_exact() {
    // 2^24 and beyond: decided by the per-step criterion, no enumeration
    let a: DLayout = "((_4096,_4096),_64):((_1,_8192),_4096)".parse().unwrap();
    let b: DLayout = "(_2048,(_2,_4096)):(_2,(_1,_4096))".parse().unwrap();
    let r = composition(&a, &b).unwrap();
    for i in [0, 1, 2047, 2048, 4095, 4096, (1 << 23) + 17, (1 << 24) - 1] {
        assert_eq!(r.at(i).unwrap(), a.at(b.at(i).unwrap()).unwrap(), "i = {i}");
    }
    // a big non-functional one is refused through a witness, without enumerating
    let bad: DLayout = "(_3,_16777216):(_1,_4)".parse().unwrap();
    assert_eq!(
        composition(&bad, &"_16777216:_2".parse().unwrap()),
        Err(Error::NotFunctional)
    );
    // dynamic integers: C++ checks nothing, the functional check still runs
    let dyn_bad: DLayout = "(3,5):(1,4)".parse().unwrap();
    assert_eq!(
        composition(&dyn_bad, &"10:2".parse().unwrap()),
        Err(Error::NotFunctional)
    );
    let dyn_ok = composition(
        &"(4,8):(1,4)".parse().unwrap(),
        &"(2,4):(4,1)".parse().unwrap(),
    )
    .unwrap();
    // C++ (checked with g++): run-time ints cannot be merged
    assert_eq!(dyn_ok.to_string(), "((1,2),(4,1)):((4,4),(1,4))");
}

#[test]
fn composition_keeps_static_flags() {
    let a: DLayout = "(_4,_8):(_1,_4)".parse().unwrap();
    let r = composition(&a, &"(_2,_4):(_4,_1)".parse().unwrap()).unwrap();
    assert!(r.is_static(), "{r}");
    // a dynamic B leaf makes the parts it touches dynamic, as in C++
    let r = composition(&a, &"(_2,4):(_4,_1)".parse().unwrap()).unwrap();
    assert_eq!(r.to_string(), "(_2,4):(_4,_1)");
}

#[test]
fn composition_across_modes_of_b_is_decided_without_enumeration_at_scale() {
    // B's modes share digit 0 of A (size 1024): 1023 + 127·8 overflows it, so the
    // carry witness decides (size(B) = 2^17, beyond any enumeration)
    let a: DLayout = "(_1024,_1024):(_1,_4096)".parse().unwrap();
    let bad: DLayout = "(_1024,_128):(_1,_8)".parse().unwrap();
    assert_eq!(composition(&a, &bad), Err(Error::NotFunctional));
    // 7 + 127·8 = 1023 fits in the digit; the third mode only uses the last mode
    let good: DLayout = "(_8,_128,_1024):(_1,_8,_1024)".parse().unwrap();
    let r = composition(&a, &good).unwrap();
    assert_eq!(r.to_string(), "(_8,_128,_1024):(_1,_8,_4096)");
    for i in [0, 7, 8, 1023, 1024, 5000, (1 << 20) - 1] {
        assert_eq!(r.at(i).unwrap(), a.at(good.at(i).unwrap()).unwrap());
    }
    // run-time ints leave (1024,1024):(1,1024) unmerged, but it is one digit by value:
    // carrying from mode 0 into mode 1 changes nothing
    let dyn_a: DLayout = "(1024,1024):(1,1024)".parse().unwrap();
    let dyn_b: DLayout = "(1024,1024):(1,1)".parse().unwrap();
    let r = composition(&dyn_a, &dyn_b).unwrap();
    for i in [0, 1023, 1024, 1025, (1 << 20) - 1] {
        assert_eq!(r.at(i).unwrap(), dyn_a.at(dyn_b.at(i).unwrap()).unwrap());
    }
    // ... so it is linear and adds up values of both signs
    let mixed: DLayout = "(1024,512):(1,-2)".parse().unwrap();
    let r = composition(&dyn_a, &mixed).unwrap();
    for i in [0, 1023, 1024, 1025, (1 << 19) - 1] {
        assert_eq!(r.at(i).unwrap(), dyn_a.at(mixed.at(i).unwrap()).unwrap());
    }
    // leaves that all live in A's last mode add up whatever their signs
    let a2: DLayout = "(_4,_100000):(_1,_100)".parse().unwrap();
    let pair = |a: i64, b: i64| DTuple::tuple(&[DTuple::s(a), DTuple::s(b)]).unwrap();
    let last_only = DLayout::new(pair(300, 300), pair(4, -8)).unwrap();
    let r = composition(&a2, &last_only).unwrap();
    assert_eq!(r.to_string(), "(_300,_300):(_100,_-200)");
    // a positive digit-0 leaf and a negative one borrow: A(1 - 4) != A(1) + A(-4)
    let borrow = DLayout::new(pair(2, 300_000), pair(1, -4)).unwrap();
    assert_eq!(composition(&a2, &borrow), Err(Error::NotFunctional));
}

// ---------------------------------------------------------------------------------
// complement
// ---------------------------------------------------------------------------------

/// The filtered modes' strides sorted ascending satisfy `d_{k+1} >= d_k·s_k`:
/// exactly the layouts C++'s complement accepts (a gap `d_{k+1} / (d_k·s_k)` of 0 is
/// its "non-injective" assertion).
fn complement_admissible(modes: &[(i64, i64)]) -> bool {
    let mut m: Vec<(i64, i64)> = modes
        .iter()
        .copied()
        .filter(|m| m.0 > 1 && m.1 != 0)
        .collect();
    // C++ picks the first minimum each time; ties do not change the condition
    m.sort_by_key(|x| x.1);
    m.windows(2).all(|w| w[1].1 >= w[0].1 * w[0].0)
}

fn check_complement(l: &DLayout, c: &DLayout, cotarget: i64) {
    // the complement is taken of filter(L): stride-0 modes are not L's image
    let f = filter(l).unwrap();
    let lc = DLayout::from_modes(&[f.clone(), c.clone()]).unwrap();
    assert!(is_injective(&lc), "({f}, {c}) is not injective (L = {l})");
    let cv = values(c);
    assert!(cv.windows(2).all(|w| w[0] < w[1]), "{c} is not ordered");
    // C++'s size bound holds when the sorted strides divide each other's spans;
    // otherwise (e.g. (2,2):(1,3), whose hole at 2 no layout can fill) C++ truncates
    // the gap and the bound can fail: complement((2,2):(1,3), 24) is 4:6 in C++
    let ff = f.flatten();
    let mut m: Vec<(i64, i64)> = (0..ff.rank())
        .map(|i| {
            (
                ff.get(i).unwrap().size().unwrap().value,
                ff.get(i).unwrap().stride().leaf(0).value,
            )
        })
        .filter(|m| m.0 > 1 && m.1 != 0)
        .collect();
    m.sort_by_key(|x| x.1);
    let tiles = m.windows(2).all(|w| w[1].1 % (w[0].1 * w[0].0) == 0);
    if tiles {
        let filtered = f.size().unwrap().value;
        assert!(
            c.size().unwrap().value >= cotarget / filtered,
            "size({c}) < {cotarget} / size(filter({l}))"
        );
    }
    // complement's documented guarantee (C++'s, so for static layouts): (L, C)
    // is a bijection onto [0, P·⌈M/P⌉), P the extent of the largest-stride mode.
    if tiles && l.is_static() {
        let p = m.last().map_or(1, |&(s, d)| s * d);
        let reach = p * ((cotarget + p - 1) / p);
        let mut all = values(&lc);
        all.sort_unstable();
        assert!(
            all.iter().copied().eq(0..reach),
            "({f}, {c}) is not a bijection onto [0, {reach})"
        );
    }
    assert!(c.depth() <= 1, "{c}");
    assert_eq!(c.is_static(), l.is_static(), "{l}: {c}");
}

#[test]
fn complement_fills_the_gaps_exhaustive() {
    let (mut ok, mut refused) = (0, 0);
    for modes in mode_lists(3, 1..=4, 0..=8) {
        let l = flat(&modes, true);
        let cosize = filter(&l).unwrap().cosize().unwrap().value;
        for cotarget in [cosize, 24, 7, 64] {
            let got = complement(&l, &DTuple::s(cotarget));
            if complement_admissible(&modes) {
                let c = got.unwrap_or_else(|e| panic!("complement({l}, {cotarget}): {e:?}"));
                check_complement(&l, &c, cotarget);
                ok += 1;
            } else {
                assert_eq!(got, Err(Error::NotInjective), "complement({l}, {cotarget})");
                assert!(
                    !is_injective(&l) || modes.iter().filter(|m| m.0 > 1 && m.1 != 0).count() > 1
                );
                refused += 1;
            }
        }
        assert_eq!(
            complement_default(&l).ok(),
            complement(&l, &DTuple::s(cosize)).ok(),
            "{l}"
        );
    }
    assert!(ok > 10_000 && refused > 10_000, "{ok} {refused}");
}

#[test]
fn complement_with_a_shape_cotarget_divides_mode_by_mode() {
    // C++ 4.2 with g++: complement(2:1, (3,5)) = 10:2, complement(_2:_32, (_4,_8,3)) = (32,2):(1,64)
    let c = complement(&"_2:_1".parse().unwrap(), &"(_3,_5)".parse().unwrap()).unwrap();
    assert_eq!(c.to_string(), "_10:_2");
    let c = complement(&"_2:_32".parse().unwrap(), &"(_4,_8,3)".parse().unwrap()).unwrap();
    assert_eq!(c.to_string(), "(_32,2):(_1,_64)");
}

#[test]
fn complement_static_flags_follow_cpp() {
    // C++ with run-time ints: complement(6:4, 24) = (4,1):(_1,24)
    let c = complement(&"6:4".parse().unwrap(), &DTuple::d(24)).unwrap();
    assert_eq!(c.to_string(), "(4,1):(_1,24)");
    let c = complement(&"_6:_4".parse().unwrap(), &DTuple::s(24)).unwrap();
    assert_eq!(c.to_string(), "_4:_1");
    // C++: complement((4,1):(_1,_100), _32) with a run-time shape = (25,1):(4,100)
    let c = complement(&"(4,1):(_1,_100)".parse().unwrap(), &DTuple::s(32)).unwrap();
    assert_eq!(c.to_string(), "(25,1):(4,100)");
}

#[test]
fn complement_of_dynamic_strides_is_computed_at_run_time() {
    // C++ does not compile rank>1 complements with run-time strides (and divides by
    // a run-time 0 stride in rank 1); the answer is the function the static layout
    // gets, with run-time flags: shape-1 and stride-0 modes are dropped by value as
    // filter drops static ones (`complement((3,6):(2,0), 24)` is `(2,4):(1,6)`)
    let mut ok = 0;
    for modes in mode_lists(2, 1..=4, 0..=6) {
        let s = flat(&modes, true);
        let d = flat(&modes, false);
        for cotarget in [24, 60] {
            let cs = complement(&s, &DTuple::s(cotarget));
            let cd = complement(&d, &DTuple::d(cotarget));
            match (&cs, &cd) {
                (Ok(_), Ok(c)) if modes.len() == 1 && modes[0].1 != 0 => {
                    // rank 1 compiles in C++, with its run-time arithmetic: a
                    // run-time shape 1 is not dropped (`complement(1:3, 8)` is
                    // `(3,3):(_1,3)` in C++)
                    check_complement(&d, c, cotarget)
                }
                (Ok(a), Ok(c)) => {
                    // a valid complement (checked on the static twin, whose filter
                    // drops the stride-0 modes), and the same function here
                    check_complement(&s, a, cotarget);
                    assert_eq!(a.size(), c.size().map(|n| DInt::s(n.value)), "{d}");
                    assert_eq!(values(a), values(c), "{s}: {a} vs {d}: {c}");
                    ok += 1;
                }
                (Err(a), Err(c)) => assert_eq!(a, c, "{d}"),
                _ => panic!("{s}: {cs:?} vs {d}: {cd:?}"),
            }
        }
    }
    assert!(ok > 100, "{ok}");
}

/// By value (rank > 1 with run-time strides, which C++ does not compile), the
/// answer is the static twin's function, also beyond its domain: run-time stride-0
/// modes and size-1 gaps are dropped as static ones are.
#[test]
fn complement_by_value_is_the_static_twins_function() {
    let cases = [
        ("(3,6):(_2,0)", 24, "(_2,4):(_1,6)"),
        ("(6,3):(0,_2)", 24, "(_2,4):(_1,6)"),
        // gaps 8/8 and 24/16 are run-time 1s; kept, (2,1,1,1):(1,8,16,144) maps 2 to 144
        ("(_1,(_2,6,4)):(2,(8,_24,2))", 144, "2:_1"),
    ];
    for (l, m, want) in cases {
        let l: DLayout = l.parse().unwrap();
        assert_eq!(
            complement(&l, &DTuple::d(m)).unwrap().to_string(),
            want,
            "{l}"
        );
    }
}

#[test]
fn complement_refuses_negative_strides() {
    let neg = DLayout::new(DTuple::s(4), DTuple::s(-1)).unwrap();
    assert_eq!(complement(&neg, &DTuple::s(8)), Err(Error::NotAdmissible));
}

// ---------------------------------------------------------------------------------
// right_inverse and left_inverse
// ---------------------------------------------------------------------------------

#[test]
fn right_inverse_inverts_on_its_domain_exhaustive() {
    let mut nontrivial = 0;
    for modes in mode_lists(3, 1..=4, 0..=8) {
        let l = flat(&modes, true);
        let r = right_inverse(&l).unwrap();
        let n = r.size().unwrap().value;
        for i in 0..n {
            assert_eq!(l.at(r.at(i).unwrap()).unwrap(), i, "{l}: R = {r}");
        }
        assert!(is_injective(&r) && r.is_static(), "{l}: R = {r}");
        // for an injective layout the inverse reaches the whole contiguous prefix
        if is_injective(&l) {
            let img: std::collections::HashSet<i64> = values(&l).into_iter().collect();
            let prefix = (0..).take_while(|i| img.contains(i)).count() as i64;
            assert_eq!(n, prefix, "{l}: R = {r}");
        }
        nontrivial += (n > 1) as usize;
    }
    assert!(nontrivial > 1000);
}

#[test]
fn right_inverse_ignores_run_time_strides() {
    let r = right_inverse(&"(2,3):(3,1)".parse().unwrap()).unwrap();
    assert_eq!(r.to_string(), "_1:_0");
    let r = right_inverse(&"(_2,_3):(3,_1)".parse().unwrap()).unwrap();
    assert_eq!(r.to_string(), "_3:_2");
}

#[test]
fn left_inverse_inverts_on_the_image_exhaustive() {
    let (mut ok, mut refused) = (0, 0);
    for modes in mode_lists(3, 1..=4, 0..=8) {
        let l = flat(&modes, true);
        match left_inverse(&l) {
            Ok(r) => {
                // for a non-injective L, C++'s answer is kept as it is (its documented
                // quasi-inverse property L(R(L(i))) == L(i) does not always hold:
                // left_inverse((2,3):(2,1)) = (2,2):(2,1) maps L(5) = 4 to 2)
                if is_injective(&l) {
                    for i in 0..l.size().unwrap().value {
                        assert_eq!(r.at(l.at(i).unwrap()).unwrap(), i, "{l}: R = {r}");
                    }
                }
                assert!(r.is_static());
                ok += 1;
            }
            Err(e) => {
                assert_eq!(e, Error::LeftInverse, "{l}");
                refused += 1;
            }
        }
    }
    // every injective layout whose sorted strides each divide the next mode's span
    // (the compact-like ones) has a left inverse
    for modes in mode_lists(3, 1..=4, 1..=8) {
        let l = flat(&modes, true);
        let mut m = modes.clone();
        m.sort_by_key(|x| x.1);
        let nested = m.first().is_some_and(|x| x.1 == 1)
            && m.windows(2).all(|w| w[1].1 % (w[0].1 * w[0].0) == 0);
        if nested && is_injective(&l) {
            assert!(left_inverse(&l).is_ok(), "{l}");
        }
    }
    assert!(ok > 10_000 && refused > 1000, "{ok} {refused}");
}

#[test]
fn left_inverse_of_run_time_strides_is_computed() {
    // C++ needs static strides; here the same algorithm runs on the values
    let mut checked = 0;
    for modes in mode_lists(3, 1..=4, 0..=8) {
        let l = flat(&modes, false);
        if !is_injective(&l) {
            continue;
        }
        let s = left_inverse(&flat(&modes, true));
        match left_inverse(&l) {
            Ok(r) => {
                for i in 0..l.size().unwrap().value {
                    assert_eq!(r.at(l.at(i).unwrap()).unwrap(), i, "{l}: R = {r}");
                }
                checked += 1;
            }
            Err(e) => {
                assert_eq!(e, Error::LeftInverse);
                assert!(s.is_err(), "{l}: static {s:?}");
            }
        }
    }
    assert!(checked > 1000);
    let neg = DLayout::new(DTuple::s(4), DTuple::s(-1)).unwrap();
    assert_eq!(left_inverse(&neg), Err(Error::LeftInverse));
}

// ---------------------------------------------------------------------------------
// max_common_vector / max_common_layout
// ---------------------------------------------------------------------------------

#[test]
fn max_common_layout_points_at_common_contiguous_elements() {
    let lists = mode_lists(2, 1..=4, 0..=8);
    let mut found = 0;
    for am in lists.iter().step_by(3) {
        let a = flat(am, true);
        for bm in lists.iter().step_by(5) {
            let b = flat(bm, true);
            if a.size().unwrap() != b.size().unwrap() {
                continue;
            }
            let (Ok(n), Ok(c)) = (max_common_vector(&a, &b), max_common_layout(&a, &b)) else {
                continue;
            };
            assert_eq!(c.size().unwrap().value, n.value, "{a} {b}: {c}");
            for i in 0..n.value {
                let k = c.at(i).unwrap();
                assert_eq!(a.at(k).unwrap(), i, "{a} {b}: {c}");
                assert_eq!(b.at(k).unwrap(), i, "{a} {b}: {c}");
            }
            found += (n.value > 1) as usize;
        }
    }
    assert!(found > 50, "{found}");
}

// ---------------------------------------------------------------------------------
// Random cases answered by CuTe C++ 4.2 (g++), static and run-time integers mixed
// ---------------------------------------------------------------------------------

/// `A(B(i)) == R(i)` on `[0, size(B))` and equal sizes.
fn functional(a: &DLayout, b: &DLayout, r: &DLayout) -> bool {
    let n = b.size().unwrap().value;
    r.size().unwrap().value == n
        && (0..n).all(|i| r.at(i).unwrap() == a.at(b.at(i).unwrap()).unwrap())
}

#[test]
fn agrees_with_cute_cpp_on_random_cases() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/core_algebra_cpp.tsv");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut counts = std::collections::BTreeMap::<String, usize>::new();
    let mut refused_functionality = 0;
    for (no, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#'))
    {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 5, "line {}: {line}", no + 1);
        let (op, x, y, cpp, aux) = (f[0], f[1], f[2], f[3], f[4]);
        let ctx = format!("line {}: {op}({x}, {y}) C++ {cpp}", no + 1);
        let a: DLayout = x.parse().unwrap();
        *counts.entry(op.to_string()).or_default() += 1;
        // C++ prints shape 0 or negative shapes for some non-injective inputs it
        // cannot detect with run-time shapes: those are errors here
        let cpp_layout = || -> Option<DLayout> { cpp.parse().ok() };
        match op {
            "composition" => {
                let b: DLayout = y.parse().unwrap();
                let ours = composition(&a, &b);
                if cpp == "error" {
                    assert!(
                        matches!(
                            ours,
                            Err(Error::StrideDivisibility | Error::ShapeDivisibility)
                        ),
                        "{ctx}: {ours:?}"
                    );
                } else {
                    let r: DLayout = cpp.parse().unwrap();
                    if functional(&a, &b, &r) {
                        assert_eq!(ours, Ok(r), "{ctx}");
                    } else {
                        assert_eq!(ours, Err(Error::NotFunctional), "{ctx}");
                        refused_functionality += 1;
                    }
                }
            }
            "coalesce" | "filter" | "right_inverse" | "left_inverse" | "complement_default"
            | "complement" => {
                let ours = match op {
                    "coalesce" => coalesce(&a),
                    "filter" => filter(&a),
                    "right_inverse" => right_inverse(&a),
                    "left_inverse" => left_inverse(&a),
                    "complement_default" => complement_default(&a),
                    _ => complement(&a, &y.parse().unwrap()),
                };
                match cpp_layout() {
                    Some(r) if cpp != "error" => assert_eq!(ours, Ok(r), "{ctx}"),
                    // C++'s left_inverse needs static strides, and refuses where
                    // a run-time shape 1 (which static coalescing would drop)
                    // breaks its divisibility; here the answer is computed at run
                    // time: check that it is one
                    _ if op == "left_inverse"
                        && (!a.stride().is_static() || has_runtime_one(&a.shape())) =>
                    {
                        if let Ok(r) = ours {
                            if is_injective(&a) {
                                for i in 0..a.size().unwrap().value {
                                    assert_eq!(r.at(a.at(i).unwrap()).unwrap(), i, "{ctx}: {r}");
                                }
                            } else {
                                // Not injective: C++'s answer for the all-static
                                // twin, which is no inverse either.
                                let twin = left_inverse(&a.with_all_static(true)).unwrap();
                                let values = |l: &DLayout| l.to_string().replace('_', "");
                                assert_eq!(values(&r), values(&twin), "{ctx}");
                            }
                        }
                    }
                    _ => assert!(ours.is_err(), "{ctx}: {ours:?}"),
                }
            }
            "max_common_vector" | "max_common_layout" => {
                let b: DLayout = y.parse().unwrap();
                let inner_ok = aux != "error"
                    && functional(&a, &right_inverse(&b).unwrap(), &aux.parse().unwrap());
                if op == "max_common_vector" {
                    let ours = max_common_vector(&a, &b);
                    if inner_ok {
                        let want: DTuple = cpp.parse().unwrap();
                        assert_eq!(ours.map(DTuple::int), Ok(want), "{ctx}");
                    } else {
                        assert!(ours.is_err(), "{ctx}: {ours:?}");
                    }
                } else {
                    let ours = max_common_layout(&a, &b);
                    if inner_ok {
                        assert_eq!(ours, Ok(cpp.parse().unwrap()), "{ctx}");
                    } else {
                        assert!(ours.is_err(), "{ctx}: {ours:?}");
                    }
                }
            }
            other => panic!("unknown op {other}"),
        }
    }
    eprintln!(
        "C++ cases: {counts:?}; {refused_functionality} C++ compositions refused as not functional"
    );
    assert!(counts.values().sum::<usize>() >= 50);
}

// ---------------------------------------------------------------------------------
// Properties on random nested layouts (static, dynamic and mixed leaves)
// ---------------------------------------------------------------------------------

mod props {
    use super::*;
    use proptest::prelude::*;

    /// A random layout: 1..=4 modes, each a leaf or a pair of leaves, with shapes
    /// in 1..=6, strides in `strides`, and each leaf static with probability 1/2
    /// (all static when `all_static`).
    fn layout(strides: std::ops::Range<i64>, all_static: bool) -> impl Strategy<Value = DLayout> {
        let leaf = (1i64..=6, strides, any::<bool>(), any::<bool>());
        prop::collection::vec((prop::collection::vec(leaf, 1..=2), any::<bool>()), 1..=4)
            .prop_map(move |modes| {
                let mut shape = DTuple::empty();
                let mut stride = DTuple::empty();
                for (leaves, nest) in &modes {
                    let mk = |v: i64, st: bool| {
                        DTuple::int(DInt {
                            value: v,
                            is_static: st || all_static,
                        })
                    };
                    if leaves.len() == 1 && !nest {
                        let (s, d, fs, fd) = leaves[0];
                        shape = shape.push(&mk(s, fs)).unwrap();
                        stride = stride.push(&mk(d, fd)).unwrap();
                    } else {
                        let mut ss = DTuple::empty();
                        let mut dd = DTuple::empty();
                        for &(s, d, fs, fd) in leaves {
                            ss = ss.push(&mk(s, fs)).unwrap();
                            dd = dd.push(&mk(d, fd)).unwrap();
                        }
                        shape = shape.push(&ss).unwrap();
                        stride = stride.push(&dd).unwrap();
                    }
                }
                DLayout::new(shape, stride).unwrap()
            })
            .prop_filter("at most 2048 elements", |l| l.size().unwrap().value <= 2048)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn coalesce_keeps_the_function(l in layout(-8..40, false)) {
            let c = coalesce(&l).unwrap();
            prop_assert!(c.depth() <= 1);
            prop_assert_eq!(c.size().unwrap().value, l.size().unwrap().value);
            prop_assert_eq!(values(&c), values(&l));
        }

        #[test]
        fn composition_is_functional_when_it_succeeds(
            a in layout(0..40, false),
            b in layout(-6..12, false),
        ) {
            if let Ok(r) = composition(&a, &b) {
                prop_assert!(functional(&a, &b, &r), "{} o {} = {}", a, b, r);
                prop_assert_eq!(r.rank(), b.rank());
            }
        }

        #[test]
        fn composition_with_the_compact_layout_is_the_layout(a in layout(0..40, true)) {
            // A ∘ (compact layout of A's shape) is A itself, up to nesting
            let id = DLayout::col_major(a.shape()).unwrap();
            let r = composition(&a, &id).unwrap();
            prop_assert_eq!(values(&r), values(&a));
        }

        #[test]
        fn complement_is_disjoint_and_ordered(l in layout(1..30, true), m in 1i64..200) {
            if let Ok(c) = complement(&l, &DTuple::s(m)) {
                let f = filter(&l).unwrap();
                let both = DLayout::from_modes(&[f.clone(), c.clone()]).unwrap();
                prop_assert!(is_injective(&both), "({}, {})", f, c);
                let v = values(&c);
                prop_assert!(v.windows(2).all(|w| w[0] < w[1]), "{}", c);
            }
        }

        #[test]
        fn right_inverse_is_a_right_inverse(l in layout(0..30, false)) {
            let r = right_inverse(&l).unwrap();
            for i in 0..r.size().unwrap().value {
                prop_assert_eq!(l.at(r.at(i).unwrap()).unwrap(), i, "{} R = {}", l, r);
            }
        }

        #[test]
        fn left_inverse_is_a_left_inverse_of_injective_layouts(l in layout(0..30, false)) {
            // C++ keeps a run-time shape-1 mode next to static strides, and its
            // answer (which is followed) then misses the property:
            // left_inverse((1,4):(_21,_7)) is (_7,_3,1):(_0,1,_1) in C++ too
            // (The strides that count are those of the modes other than static
            // `_1`s: C++ gives `left_inverse((_1,(2,1)):(0,(_22,_22)))` as
            // `(_22,1):(_0,2)`, which maps 22 to 2.)
            let flat = l.flatten();
            let (shape, stride) = (flat.shape(), flat.stride());
            let n = shape.leaf_count();
            let dynamic_one =
                (0..n).any(|k| shape.leaf(k).value == 1 && !shape.leaf(k).is_static);
            let static_strides = (0..n).all(|k| {
                let s = shape.leaf(k);
                (s.value == 1 && s.is_static) || stride.leaf(k).is_static
            });
            if is_injective(&l) && !(dynamic_one && static_strides) {
                if let Ok(r) = left_inverse(&l) {
                    for i in 0..l.size().unwrap().value {
                        prop_assert_eq!(r.at(l.at(i).unwrap()).unwrap(), i, "{} R = {}", l, r);
                    }
                }
            }
        }

        #[test]
        fn filter_keeps_the_image(l in layout(0..20, false)) {
            let f = filter(&l).unwrap();
            let mut a = values(&l);
            let mut b = values(&f);
            a.sort_unstable(); a.dedup();
            b.sort_unstable(); b.dedup();
            prop_assert_eq!(a, b);
        }
    }
}

// ---------------------------------------------------------------------------------
// Compile-time use: the same functions in `const` items
// ---------------------------------------------------------------------------------

// The fixed form (`FixedLayout`, the typed layer's compile-time values) is
// `const`; the run-time `DLayout` is not.
const fn layout_2d(s0: i64, s1: i64, d0: i64, d1: i64) -> FixedLayout {
    let shape = match FixedTuple::tuple(&[FixedTuple::s(s0), FixedTuple::s(s1)]) {
        Ok(t) => t,
        Err(e) => e.raise(),
    };
    let stride = match FixedTuple::tuple(&[FixedTuple::s(d0), FixedTuple::s(d1)]) {
        Ok(t) => t,
        Err(e) => e.raise(),
    };
    match FixedLayout::new(shape, stride) {
        Ok(l) => l,
        Err(e) => e.raise(),
    }
}

const ROW_MAJOR_4X8: FixedLayout = layout_2d(4, 8, 8, 1);
const TRANSPOSED: FixedLayout =
    match algebra::fixed::composition(&ROW_MAJOR_4X8, &layout_2d(8, 4, 4, 1)) {
        Ok(l) => l,
        Err(e) => e.raise(),
    };
const COALESCED: FixedLayout = match algebra::fixed::coalesce(&layout_2d(4, 8, 1, 4)) {
    Ok(l) => l,
    Err(e) => e.raise(),
};
const INVERSE: FixedLayout = match algebra::fixed::right_inverse(&ROW_MAJOR_4X8) {
    Ok(l) => l,
    Err(e) => e.raise(),
};
const REFUSED: Result<FixedLayout, Error> =
    algebra::fixed::composition(&layout_2d(3, 5, 1, 4), &layout_2d(10, 1, 2, 0));

#[test]
fn the_algebra_runs_in_const_items() {
    assert_eq!(TRANSPOSED.to_string(), "(_8,_4):(_1,_8)");
    assert_eq!(COALESCED.to_string(), "_32:_1");
    assert_eq!(INVERSE.to_string(), "(_8,_4):(_4,_1)");
    assert_eq!(REFUSED, Err(Error::NotFunctional));
}

/// Whether a leaf of `t` is a run-time 1.
fn has_runtime_one(t: &DTuple) -> bool {
    (0..t.leaf_count()).any(|k| {
        let v = t.leaf(k);
        !v.is_static && v.value == 1
    })
}
