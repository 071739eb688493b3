//! The derived layout algebra: swizzles and swizzled layouts, upcast/downcast,
//! make_layout_like, the divides and products, tile_to_shape, and the whitepaper
//! operations (nullspace, layout_add, greatest_common_domain):
//!
//! * every line of `shared/conformance/public.tsv` and `print_public.tsv` that uses
//!   one of these functions, evaluated directly with a small test-local reader
//!   (all integers static, as the calculator does), compared by the README's rules;
//! * definitional properties over exhaustive corpora of small layouts;
//! * proptest properties on random layouts.
use std::collections::BTreeSet;

use proptest::prelude::*;
use std::path::PathBuf;

use cute_types::algebra::*;
use cute_types::dynamic::{DTiler, TilerMode};
use cute_types::text::Cursor;
use cute_types::{DInt, DLayout, DTuple, Error};

// ---------------------------------------------------------------------------------
// A reader for the conformance lines that use this file's functions.
// ---------------------------------------------------------------------------------

/// A parsed argument: a call, a tiler, or a literal `shape[:stride]`.
// Test-only values: a few kilobytes per literal do not matter here.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
enum Ast {
    Call(String, Vec<Ast>),
    Tiler(Vec<Ast>),
    Lit(DTuple, Option<DTuple>),
}

/// A value of the calculator.
#[derive(Debug, Clone)]
enum Val {
    Int(DInt),
    Tuple(DTuple),
    Layout(DLayout),
    Swizzle(Swizzle),
    Swizzled(DComposedLayout),
}

/// The functions of this file's scope: a line is ours when it calls one of them.
const OURS: &[&str] = &[
    "swizzle",
    "upcast",
    "downcast",
    "make_layout_like",
    "logical_divide",
    "zipped_divide",
    "tiled_divide",
    "flat_divide",
    "logical_product",
    "zipped_product",
    "tiled_product",
    "flat_product",
    "blocked_product",
    "raked_product",
    "tile_to_shape",
];

fn calls_ours(expr: &str) -> bool {
    OURS.iter().any(|name| {
        expr.match_indices(name).any(|(at, _)| {
            let before_ok = at == 0
                || !expr.as_bytes()[at - 1].is_ascii_alphanumeric()
                    && expr.as_bytes()[at - 1] != b'_';
            let rest = expr[at + name.len()..].trim_start();
            before_ok && rest.starts_with('(')
        })
    })
}

fn parse(expr: &str) -> Result<Ast, String> {
    let mut c = Cursor::new(expr);
    let ast = parse_expr(&mut c)?;
    c.finish().map_err(|e| e.to_string())?;
    Ok(ast)
}

fn parse_expr(c: &mut Cursor) -> Result<Ast, String> {
    match c.peek() {
        Some(b'[') => {
            c.eat(b'[');
            let mut items = vec![parse_expr(c)?];
            while c.eat(b',') {
                items.push(parse_expr(c)?);
            }
            c.expect(b']').map_err(|e| e.to_string())?;
            Ok(Ast::Tiler(items))
        }
        Some(b) if b.is_ascii_lowercase() => {
            let mut name = String::new();
            while let Some(b) = c.peek() {
                if !(b.is_ascii_alphanumeric() || b == b'_') {
                    break;
                }
                name.push(b as char);
                c.pos += 1;
            }
            c.expect(b'(').map_err(|e| e.to_string())?;
            let mut args = vec![parse_expr(c)?];
            while c.eat(b',') {
                args.push(parse_expr(c)?);
            }
            c.expect(b')').map_err(|e| e.to_string())?;
            Ok(Ast::Call(name, args))
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

fn eval_line(expr: &str) -> Result<Val, String> {
    let ast = parse(expr)?;
    eval(&ast)
}

fn err<T>(e: Error) -> Result<T, String> {
    Err(e.to_string())
}

fn eval(ast: &Ast) -> Result<Val, String> {
    match ast {
        Ast::Lit(shape, None) => Ok(match shape.as_int() {
            Some(v) => Val::Int(v.with_static(true)),
            None => Val::Tuple(shape.clone().with_all_static(true)),
        }),
        Ast::Lit(shape, Some(stride)) => DLayout::new(shape.clone(), stride.clone())
            .map(|l| Val::Layout(l.with_all_static(true)))
            .or_else(err),
        Ast::Tiler(_) => Err("a bare tiler is not a value".into()),
        Ast::Call(name, args) => call(name, args),
    }
}

/// An argument where a layout is expected: a layout, a shape-only tuple, or an int.
fn as_layout(v: &Val) -> Result<DLayout, String> {
    match v {
        Val::Layout(l) => Ok(l.clone()),
        Val::Tuple(t) => DLayout::col_major(t.clone()).or_else(err),
        Val::Int(i) => DLayout::col_major(DTuple::int(*i)).or_else(err),
        other => Err(format!("expected a layout, got {other:?}")),
    }
}

/// An argument where an IntTuple is expected (a layout stands for its shape, as a cotarget).
fn as_tuple(v: &Val) -> Result<DTuple, String> {
    match v {
        Val::Tuple(t) => Ok(t.clone()),
        Val::Int(i) => Ok(DTuple::int(*i)),
        other => Err(format!("expected an IntTuple, got {other:?}")),
    }
}

fn as_int(v: &Val) -> Result<i64, String> {
    match v {
        Val::Int(i) => Ok(i.value),
        other => Err(format!("expected an int, got {other:?}")),
    }
}

fn tiler(items: &[Ast]) -> Result<DTiler, String> {
    let mut t = DTiler::new();
    for item in items {
        let mode = match item {
            Ast::Tiler(inner) => TilerMode::Tiler(tiler(inner)?),
            other => TilerMode::Layout(as_layout(&eval(other)?)?),
        };
        t = t.push(&mode).or_else(err)?;
    }
    Ok(t)
}

/// A divisor or multiplier: a tiler, or anything that reads as a layout.
#[allow(clippy::large_enum_variant)]
enum Divisor {
    Layout(DLayout),
    Tiler(DTiler),
}

fn divisor(ast: &Ast) -> Result<Divisor, String> {
    match ast {
        Ast::Tiler(items) => Ok(Divisor::Tiler(tiler(items)?)),
        other => Ok(Divisor::Layout(as_layout(&eval(other)?)?)),
    }
}

type ByLayout = fn(&DLayout, &DLayout) -> Result<DLayout, Error>;
type ByTiler = fn(&DLayout, &DTiler) -> Result<DLayout, Error>;

fn by_divisor(args: &[Ast], with_layout: ByLayout, with_tiler: ByTiler) -> Result<Val, String> {
    let [a, b] = args else {
        return Err("arity".into());
    };
    let a = as_layout(&eval(a)?)?;
    let r = match divisor(b)? {
        Divisor::Layout(l) => with_layout(&a, &l),
        Divisor::Tiler(t) => with_tiler(&a, &t),
    };
    r.map(Val::Layout).or_else(err)
}

fn swizzled(s: SwizzledLayout) -> Val {
    match s {
        SwizzledLayout::Plain(l) => Val::Layout(l),
        SwizzledLayout::Swizzled(c) => Val::Swizzled(c),
    }
}

fn call(name: &str, args: &[Ast]) -> Result<Val, String> {
    let vals = || -> Result<Vec<Val>, String> {
        args.iter()
            .map(|a| match a {
                Ast::Tiler(_) => Err("unexpected tiler".to_string()),
                other => eval(other),
            })
            .collect()
    };
    match name {
        "logical_divide" => by_divisor(args, logical_divide, logical_divide_tiler),
        "zipped_divide" => by_divisor(args, zipped_divide, zipped_divide_tiler),
        "tiled_divide" => by_divisor(args, tiled_divide, tiled_divide_tiler),
        "flat_divide" => by_divisor(args, flat_divide, flat_divide_tiler),
        "logical_product" => by_divisor(args, logical_product, logical_product_tiler),
        "zipped_product" => by_divisor(args, zipped_product, zipped_product_tiler),
        "tiled_product" => by_divisor(args, tiled_product, tiled_product_tiler),
        "flat_product" => by_divisor(args, flat_product, flat_product_tiler),
        "composition" => {
            let [a, b] = args else {
                return Err("arity".into());
            };
            match eval(a)? {
                Val::Swizzle(sw) => {
                    let Ast::Tiler(_) = b else {
                        return Ok(swizzled(compose_swizzle(sw, &as_layout(&eval(b)?)?)));
                    };
                    Err("composition of a swizzle with a tiler".into())
                }
                Val::Swizzled(c) => match divisor(b)? {
                    Divisor::Layout(l) => c.composition(&l).map(swizzled).or_else(err),
                    Divisor::Tiler(t) => c.composition_tiler(&t).map(swizzled).or_else(err),
                },
                other => {
                    let a = as_layout(&other)?;
                    match divisor(b)? {
                        Divisor::Layout(l) => composition(&a, &l).map(Val::Layout).or_else(err),
                        Divisor::Tiler(t) => {
                            composition_tiler(&a, &t).map(Val::Layout).or_else(err)
                        }
                    }
                }
            }
        }
        _ => {
            let v = vals()?;
            call_values(name, &v)
        }
    }
}

fn call_values(name: &str, v: &[Val]) -> Result<Val, String> {
    match (name, v) {
        ("swizzle", [b, m, s]) => Swizzle::new(as_int(b)?, as_int(m)?, as_int(s)?)
            .map(Val::Swizzle)
            .or_else(err),
        ("blocked_product", [a, b]) => blocked_product(&as_layout(a)?, &as_layout(b)?)
            .map(Val::Layout)
            .or_else(err),
        ("raked_product", [a, b]) => raked_product(&as_layout(a)?, &as_layout(b)?)
            .map(Val::Layout)
            .or_else(err),
        ("tile_to_shape", [a, s]) => tile_to_shape(&as_layout(a)?, &as_tuple(s)?, None)
            .map(Val::Layout)
            .or_else(err),
        ("tile_to_shape", [a, s, o]) => {
            tile_to_shape(&as_layout(a)?, &as_tuple(s)?, Some(&as_tuple(o)?))
                .map(Val::Layout)
                .or_else(err)
        }
        ("upcast", [a, n]) => upcast(&as_layout(a)?, as_int(n)?)
            .map(Val::Layout)
            .or_else(err),
        ("downcast", [a, n]) => downcast(&as_layout(a)?, as_int(n)?)
            .map(Val::Layout)
            .or_else(err),
        ("make_layout_like", [a]) => make_layout_like(&as_layout(a)?)
            .map(Val::Layout)
            .or_else(err),
        ("left_inverse", [a]) => left_inverse(&as_layout(a)?).map(Val::Layout).or_else(err),
        ("max_common_vector", [a, b]) => max_common_vector(&as_layout(a)?, &as_layout(b)?)
            .map(Val::Int)
            .or_else(err),
        ("coalesce", [Val::Swizzled(c)]) => c.coalesce().map(swizzled).or_else(err),
        ("coalesce", [Val::Swizzled(c), p]) => {
            c.coalesce_profile(&as_tuple(p)?).map(swizzled).or_else(err)
        }
        ("coalesce", [a]) => coalesce(&as_layout(a)?).map(Val::Layout).or_else(err),
        ("eval", [Val::Swizzle(sw), x]) => Ok(Val::Int(DInt::s(sw.apply(as_int(x)?)))),
        ("eval", [Val::Swizzled(c), x]) => c.eval(&as_tuple(x)?).map(Val::Int).or_else(err),
        ("eval", [a, x]) => as_layout(a)?.eval(&as_tuple(x)?).map(Val::Int).or_else(err),
        ("size" | "cosize" | "rank" | "depth" | "shape" | "stride", [Val::Swizzle(_)]) => {
            Err("a swizzle functor has no size, shape or stride".into())
        }
        ("stride", [Val::Swizzled(_)]) => Err("a swizzled layout has no stride".into()),
        ("size", [a]) => inner(a)?.size().map(Val::Int).or_else(err),
        ("cosize", [a]) => inner(a)?.cosize().map(Val::Int).or_else(err),
        ("rank", [a]) => Ok(Val::Int(DInt::s(inner(a)?.rank() as i64))),
        ("depth", [a]) => Ok(Val::Int(DInt::s(inner(a)?.depth() as i64))),
        ("shape", [a]) => Ok(Val::Tuple(inner(a)?.shape())),
        ("stride", [a]) => Ok(Val::Tuple(inner(a)?.stride())),
        _ => Err(format!(
            "unsupported call {name} with {} arguments",
            v.len()
        )),
    }
}

/// The layout whose domain queries answer `size`, `rank`, … (a swizzled layout's inner one).
fn inner(v: &Val) -> Result<DLayout, String> {
    match v {
        Val::Swizzled(c) => Ok(c.layout()),
        other => as_layout(other),
    }
}

fn show(v: &Val) -> String {
    match v {
        Val::Int(i) => i.value.to_string(),
        Val::Tuple(t) => t.to_string(),
        Val::Layout(l) => l.to_string(),
        Val::Swizzle(s) => s.to_string(),
        Val::Swizzled(c) => c.to_string(),
    }
}

/// The README's comparison: whitespace and every `_` removed.
fn normal(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace() && *c != '_')
        .collect()
}

fn conformance_file(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/vectors")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {name}: {e}"))
}

/// Checks one line; returns a description of the mismatch, if any.
fn check_line(expr: &str, expected: &str) -> Option<String> {
    let got = eval_line(expr);
    match (expected.trim(), got) {
        ("error", Err(_)) => None,
        ("error", Ok(v)) => Some(format!("{expr}: expected error, got {}", show(&v))),
        (want, Ok(v)) if normal(&show(&v)) == normal(want) => None,
        (want, Ok(v)) => Some(format!("{expr}: expected {want}, got {}", show(&v))),
        (want, Err(e)) => Some(format!("{expr}: expected {want}, got error {e}")),
    }
}

#[test]
fn conformance_public_lines() {
    let text = conformance_file("public.tsv");
    let mut ours = 0;
    let mut failures = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let (expr, expected) = line.split_once('\t').expect("EXPR<TAB>EXPECTED");
        if !calls_ours(expr) {
            continue;
        }
        ours += 1;
        if let Some(f) = check_line(expr, expected) {
            failures.push(f);
        }
    }
    println!("public.tsv: {} of {ours} lines pass", ours - failures.len());
    assert!(ours >= 180, "only {ours} lines matched");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// `print_public.tsv`: the first output line is the layout in `eval` notation; the
/// table that follows holds `L(m, n)` (rank 2) or `L(n)` (rank 1), checked here
/// value by value (the table's typography is the printer's business).
#[test]
fn conformance_print_lines() {
    let text = conformance_file("print_public.tsv");
    let mut ours = 0;
    let mut failures = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let (expr, expected) = line.split_once('\t').expect("EXPR<TAB>TEXT");
        if !calls_ours(expr) {
            continue;
        }
        ours += 1;
        let expected = expected.replace("\\n", "\n");
        let mut rows = expected.lines();
        let head = rows.next().unwrap_or("");
        if let Some(f) = check_line(expr, head) {
            failures.push(f);
            continue;
        }
        let v = eval_line(expr).expect("checked above");
        let at = |m: i64, n: i64, rank: usize| -> i64 {
            let coord: DTuple = if rank == 1 {
                DTuple::d(n)
            } else {
                DTuple::tuple(&[DTuple::d(m), DTuple::d(n)]).unwrap()
            };
            match &v {
                Val::Layout(l) => l.eval(&coord).unwrap().value,
                Val::Swizzled(c) => c.eval(&coord).unwrap().value,
                other => panic!("{expr}: not a layout: {other:?}"),
            }
        };
        let rank = inner(&v).unwrap().rank();
        for row in rows.filter(|r| r.contains('|')) {
            let (index, cells) = row.split_once('|').unwrap();
            let m: i64 = index.trim().parse().unwrap();
            for (n, cell) in cells
                .split('|')
                .filter(|c| !c.trim().is_empty())
                .enumerate()
            {
                let want: i64 = cell.trim().parse().unwrap();
                let got = at(m, n as i64, rank);
                if got != want {
                    failures.push(format!(
                        "{expr}: table ({m},{n}) expected {want}, got {got}"
                    ));
                }
            }
        }
    }
    println!(
        "print_public.tsv: {} of {ours} lines pass",
        ours - failures.len()
    );
    assert!(ours >= 10, "only {ours} lines matched");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn reader_sanity() {
    let v = eval_line("tiled_divide(8:1, [2:1])").unwrap();
    assert_eq!(show(&v), "((_2),(_4)):((_1),(_2))");
    let v = eval_line("composition(swizzle(3,4,3), (8,64):(64,1))").unwrap();
    assert_eq!(show(&v), "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)");
    assert!(eval_line("swizzle(3,4,2)").is_err());
    assert!(!calls_ours("composition((3,5):(1,4), 10:2)"));
    assert!(calls_ours("size(downcast((3,1,8):(1,3,3),2))"));
}

// ---------------------------------------------------------------------------------
// Static-vs-dynamic behaviour: answers of CuTe 4.2 (g++) on mixed layouts.
// ---------------------------------------------------------------------------------

fn lay(s: &str) -> DLayout {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn tup(s: &str) -> DTuple {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn tile(modes: &[&str]) -> DTiler {
    let ls: Vec<DLayout> = modes.iter().map(|m| lay(m)).collect();
    DTiler::from_layouts(&ls).unwrap()
}

#[test]
fn mixed_static_flags_match_cpp() {
    let s = |r: Result<DLayout, Error>| r.unwrap().to_string();
    assert_eq!(
        s(raked_product(&lay("(_7):(_1)"), &lay("_2:_1"))),
        "((_2,(_7))):((_7,(_1)))"
    );
    assert!(blocked_product(&lay("(_7):(_1)"), &lay("_2:_1")).is_err());
    assert_eq!(
        s(tile_to_shape(&lay("_2:_1"), &tup("5"), None)),
        "((_2,(3))):((_1,(_2)))"
    );
    assert_eq!(
        s(tile_to_shape(&lay("(_2,_3):(_1,_2)"), &tup("(8,9)"), None)),
        "((_2,4),(_3,3)):((_1,_6),(_2,24))"
    );
    assert_eq!(
        s(logical_divide(&lay("8:_1"), &lay("_2:_1"))),
        "(_2,4):(_1,_2)"
    );
    let a = lay("(8,_4):(_1,8)");
    let t = tile(&["_2:_1", "_2:_1"]);
    assert_eq!(
        s(logical_divide_tiler(&a, &t)),
        "((_2,4),(_2,_2)):((_1,_2),(8,16))"
    );
    assert_eq!(
        s(zipped_divide_tiler(&a, &t)),
        "((_2,_2),(4,_2)):((_1,8),(_2,16))"
    );
    assert_eq!(
        s(tiled_divide_tiler(&a, &t)),
        "((_2,_2),4,_2):((_1,8),_2,16)"
    );
    assert_eq!(s(flat_divide_tiler(&a, &t)), "(_2,_2,4,_2):(_1,8,_2,16)");
    let b = lay("(_2,_2):(_1,_2)");
    assert_eq!(
        s(logical_product(&b, &lay("3:_1"))),
        "((_2,_2),3):((_1,_2),_4)"
    );
    let c = lay("(3,4):(_1,3)");
    assert_eq!(
        s(blocked_product(&b, &c)),
        "((_2,3),(_2,4)):((_1,_4),(_2,12))"
    );
    assert_eq!(
        s(raked_product(&b, &c)),
        "((3,_2),(4,_2)):((_4,_1),(12,_2))"
    );
    assert_eq!(
        s(tile_to_shape(&b, &tup("(8,_4)"), None)),
        "((_2,4),(_2,_2)):((_1,_4),(_2,16))"
    );
    assert_eq!(
        s(tile_to_shape(&b, &tup("(_8,_4)"), Some(&tup("(3,_1)")))),
        "((_2,_4),(_2,_2)):((_1,_8),(_2,_4))"
    );
    let t3 = tile(&["_3:_1"]);
    assert_eq!(
        s(zipped_product_tiler(&b, &t3)),
        "((_2),(_3,_2)):((_1),(_2,_2))"
    );
    assert_eq!(s(tiled_product_tiler(&b, &t3)), "((_2),_3,_2):((_1),_2,_2)");
    assert_eq!(s(flat_product_tiler(&b, &t3)), "((_2),_3,_2):((_1),_2,_2)");
}

// ---------------------------------------------------------------------------------
// Exhaustive corpora of small static layouts.
// ---------------------------------------------------------------------------------

/// Every flat static layout with the given leaf values: rank 1 (integer shape) and
/// tuple-shaped ranks `2..=max_rank`.
fn corpus(shapes: &[i64], strides: &[i64], max_rank: usize) -> Vec<DLayout> {
    let mut out = Vec::new();
    for &s in shapes {
        for &d in strides {
            out.push(DLayout::new(DTuple::s(s), DTuple::s(d)).unwrap());
        }
    }
    let mut modes: Vec<Vec<(i64, i64)>> = vec![vec![]];
    for rank in 1..=max_rank {
        let mut next = Vec::new();
        for prefix in &modes {
            for &s in shapes {
                for &d in strides {
                    let mut m = prefix.clone();
                    m.push((s, d));
                    next.push(m);
                }
            }
        }
        modes = next;
        if rank >= 2 {
            for m in &modes {
                let shape =
                    DTuple::tuple(&m.iter().map(|&(s, _)| DTuple::s(s)).collect::<Vec<_>>())
                        .unwrap();
                let stride =
                    DTuple::tuple(&m.iter().map(|&(_, d)| DTuple::s(d)).collect::<Vec<_>>())
                        .unwrap();
                out.push(DLayout::new(shape, stride).unwrap());
            }
        }
    }
    out
}

fn values(l: &DLayout) -> Vec<i64> {
    let n = l.size().unwrap().value;
    (0..n).map(|i| l.at(i).unwrap()).collect()
}

fn is_injective(l: &DLayout) -> bool {
    let v = values(l);
    v.iter().collect::<BTreeSet<_>>().len() == v.len()
}

/// `A(i)` for every `i < size(B')`, evaluated the CuTe way beyond A's domain.
fn composed_values(a: &DLayout, b: &DLayout) -> Vec<i64> {
    values(b).iter().map(|&j| a.at(j).unwrap()).collect()
}

#[test]
fn logical_divide_is_its_definition_and_functional() {
    let dividends = corpus(&[1, 2, 3, 4, 6], &[0, 1, 2, 5], 2);
    let divisors = corpus(&[1, 2, 3, 4], &[1, 2, 3], 2);
    let (mut ok, mut refused) = (0, 0);
    for a in &dividends {
        let cotarget = coalesce(a).unwrap().shape();
        for b in &divisors {
            let got = logical_divide(a, b);
            let definition = complement(b, &cotarget)
                .and_then(|c| DLayout::from_modes(&[b.clone(), c]))
                .and_then(|bc| composition(a, &bc).map(|r| (bc, r)));
            match (got, definition) {
                (Ok(r), Ok((bc, want))) => {
                    assert_eq!(r, want, "logical_divide({a}, {b})");
                    assert_eq!(
                        values(&r),
                        composed_values(a, &bc),
                        "{a} / {b} is not A o B'"
                    );
                    let tile = r.get(0).unwrap();
                    assert_eq!(
                        values(&tile),
                        composed_values(a, b),
                        "{a} / {b}: tile is not A o B"
                    );
                    ok += 1;
                }
                (Err(e), Err(f)) => {
                    assert_eq!(e, f, "logical_divide({a}, {b})");
                    refused += 1;
                }
                (got, want) => panic!("logical_divide({a}, {b}): {got:?} vs definition {want:?}"),
            }
        }
    }
    assert!(ok > 10_000 && refused > 100, "{ok} {refused}");
}

#[test]
fn logical_product_is_its_definition_and_functional() {
    let blocks = corpus(&[1, 2, 3, 4], &[0, 1, 2, 3, 4], 2);
    let tilers = corpus(&[1, 2, 3], &[0, 1, 2, 3], 2);
    let (mut ok, mut refused) = (0, 0);
    for a in &blocks {
        for b in &tilers {
            let extent = DTuple::int(a.size().unwrap().mul(b.cosize().unwrap()).unwrap());
            let got = logical_product(a, b);
            let definition =
                complement(a, &extent).and_then(|c| composition(&c, b).map(|cb| (c, cb)));
            match (got, definition) {
                (Ok(r), Ok((c, cb))) => {
                    assert_eq!(
                        r,
                        DLayout::from_modes(&[a.clone(), cb]).unwrap(),
                        "logical_product({a}, {b})"
                    );
                    assert_eq!(r.get(0).unwrap(), *a);
                    // R(x + size(A)·y) = A(x) + C(B(y)).
                    let n = a.size().unwrap().value;
                    let vb = values(b);
                    let vr = values(&r);
                    for (y, &by) in vb.iter().enumerate() {
                        for x in 0..n {
                            let want = a.at(x).unwrap() + c.at(by).unwrap();
                            assert_eq!(
                                vr[(x + n * y as i64) as usize],
                                want,
                                "{a} x {b} at ({x},{y})"
                            );
                        }
                    }
                    if is_injective(a) && is_injective(b) {
                        assert!(is_injective(&r), "{a} x {b} = {r} is not injective");
                    }
                    ok += 1;
                }
                (Err(e), Err(f)) => {
                    assert_eq!(e, f, "logical_product({a}, {b})");
                    refused += 1;
                }
                (got, want) => panic!("logical_product({a}, {b}): {got:?} vs definition {want:?}"),
            }
        }
    }
    assert!(ok > 1_000 && refused > 100, "{ok} {refused}");
}

/// The flattened leaves `(shape, stride)` of a layout, in order.
fn leaves(l: &DLayout) -> Vec<(i64, i64)> {
    let (s, d) = (l.shape(), l.stride());
    (0..s.leaf_count())
        .map(|k| (s.leaf(k).value, d.leaf(k).value))
        .collect()
}

/// Two-mode tilers over small layouts, each mode a layout or a nested one-mode tiler.
fn small_tilers() -> Vec<DTiler> {
    let entries = corpus(&[1, 2, 3], &[1, 2], 1);
    let mut out = Vec::new();
    for e in &entries {
        out.push(DTiler::from_layouts(&[e.clone()]).unwrap());
        let nested = DTiler::new()
            .push_tiler(&DTiler::from_layouts(&[e.clone()]).unwrap())
            .unwrap();
        out.push(nested);
        for f in &entries {
            out.push(DTiler::from_layouts(&[e.clone(), f.clone()]).unwrap());
        }
    }
    out
}

#[test]
fn divides_by_tiler_regroup_the_by_mode_division() {
    let layouts: Vec<DLayout> = corpus(&[2, 3, 4, 6], &[1, 3, 8], 2)
        .into_iter()
        .chain(
            ["((_2,_3),_4):((_1,_2),_6)", "((_4,_2),_6):((_1,_4),_8)"]
                .iter()
                .map(|s| lay(s)),
        )
        .collect();
    let tilers = small_tilers();
    let mut ok = 0;
    for a in &layouts {
        for t in &tilers {
            let Ok(logical) = logical_divide_tiler(a, t) else {
                assert!(zipped_divide_tiler(a, t).is_err());
                continue;
            };
            // Mode i < rank(t) is the division of A_i; the others are A_i.
            for i in 0..a.rank() {
                let want = match (i < t.rank()).then(|| t.mode(i).unwrap()) {
                    Some(TilerMode::Layout(l)) => logical_divide(&a.get(i).unwrap(), &l).unwrap(),
                    Some(TilerMode::Tiler(s)) => {
                        logical_divide_tiler(&a.get(i).unwrap(), &s).unwrap()
                    }
                    None => a.get(i).unwrap(),
                };
                assert_eq!(logical.get(i).unwrap(), want, "{a} / {t}: mode {i}");
            }
            let zipped = zipped_divide_tiler(a, t).unwrap();
            let tiled = tiled_divide_tiler(a, t).unwrap();
            let flat = flat_divide_tiler(a, t).unwrap();
            // The tile is A composed with the tiler, mode by mode.
            assert_eq!(
                zipped.get(0).unwrap(),
                composition_tiler(a, t).unwrap(),
                "{a} / {t}"
            );
            // Zipping permutes the leaves of the logical division; tiled and flat only regroup.
            let mut lz = leaves(&zipped);
            let mut ll = leaves(&logical);
            assert_eq!(leaves(&tiled), lz);
            assert_eq!(leaves(&flat), lz);
            lz.sort();
            ll.sort();
            assert_eq!(lz, ll, "{a} / {t}");
            assert_eq!(tiled.get(0).unwrap(), zipped.get(0).unwrap());
            ok += 1;
        }
    }
    assert!(ok > 1_000, "{ok}");
}

#[test]
fn divides_and_products_by_layout_are_rank_two_forms() {
    let layouts = corpus(&[2, 3, 4], &[1, 4], 2);
    let divisors = corpus(&[1, 2, 3], &[1, 2], 2);
    for a in &layouts {
        for b in &divisors {
            if let Ok(z) = zipped_divide(a, b) {
                assert_eq!(z, logical_divide(a, b).unwrap());
                let (t, f) = (tiled_divide(a, b).unwrap(), flat_divide(a, b).unwrap());
                assert_eq!(leaves(&t), leaves(&z));
                assert_eq!(leaves(&f), leaves(&z));
                assert_eq!(t.get(0).unwrap(), z.get(0).unwrap());
            }
            if let Ok(z) = zipped_product(a, b) {
                assert_eq!(z, logical_product(a, b).unwrap());
                let (t, f) = (tiled_product(a, b).unwrap(), flat_product(a, b).unwrap());
                assert_eq!(leaves(&t), leaves(&z));
                assert_eq!(leaves(&f), leaves(&z));
                assert_eq!(t.get(0).unwrap(), *a);
            }
        }
    }
}

#[test]
fn products_by_tiler_regroup_the_by_mode_product() {
    let layouts = corpus(&[2, 3], &[1, 3], 2);
    let tilers = small_tilers();
    let mut ok = 0;
    for a in &layouts {
        for t in &tilers {
            let Ok(logical) = logical_product_tiler(a, t) else {
                continue;
            };
            let zipped = zipped_product_tiler(a, t).unwrap();
            // The block half holds the covered modes of A.
            for i in 0..t.rank() {
                if let TilerMode::Layout(l) = t.mode(i).unwrap() {
                    assert_eq!(
                        logical.get(i).unwrap(),
                        logical_product(&a.get(i).unwrap(), &l).unwrap()
                    );
                    assert_eq!(zipped.get(0).unwrap().get(i).unwrap(), a.get(i).unwrap());
                }
            }
            let mut lz = leaves(&zipped);
            let mut ll = leaves(&logical);
            assert_eq!(leaves(&tiled_product_tiler(a, t).unwrap()), lz);
            assert_eq!(leaves(&flat_product_tiler(a, t).unwrap()), lz);
            lz.sort();
            ll.sort();
            assert_eq!(lz, ll);
            ok += 1;
        }
    }
    assert!(ok > 500, "{ok}");
}

/// Every digit vector `d` with `0 <= d[k] < radices[k]`.
fn odometer(radices: &[i64]) -> Vec<Vec<i64>> {
    let mut out = vec![vec![]];
    for &r in radices {
        out = out
            .into_iter()
            .flat_map(|prefix| {
                (0..r).map(move |k| {
                    let mut v = prefix.clone();
                    v.push(k);
                    v
                })
            })
            .collect();
    }
    out
}

/// `blocked(((a_i, p_i))_i) == P((a), (p))` and `raked(((p_i, a_i))_i) == P((a), (p))`
/// for every coordinate, where `(A', P)` is the product of the padded operands.
#[test]
fn blocked_and_raked_products_regroup_the_logical_product() {
    let blocks = corpus(&[1, 2, 3], &[0, 1, 3], 2);
    let tilers = corpus(&[1, 2, 3], &[0, 1, 2], 2);
    let (mut ok, mut refused) = (0, 0);
    for a in &blocks {
        for b in &tilers {
            let rank = a.rank().max(b.rank());
            let pad = |l: &DLayout| {
                if l.rank() >= rank {
                    l.clone()
                } else {
                    let mut shape = l.shape().as_tuple();
                    let mut stride = l.stride().as_tuple();
                    while shape.rank() < rank {
                        shape = shape.push(&DTuple::s(1)).unwrap();
                        stride = stride.push(&DTuple::s(0)).unwrap();
                    }
                    DLayout::new(shape, stride).unwrap()
                }
            };
            let product = logical_product(&pad(a), &pad(b));
            let (blocked, raked) = (blocked_product(a, b), raked_product(a, b));
            let Ok(p) = product else {
                assert!(blocked.is_err() && raked.is_err(), "{a} {b}");
                refused += 1;
                continue;
            };
            let (blocked, raked) = match (blocked, raked) {
                (Ok(x), Ok(y)) => (x, y),
                // zip refuses a rank-1 tuple against an integer shape, as C++ does.
                (Err(Error::NotCongruent), Err(_)) | (Err(_), Err(Error::NotCongruent)) => continue,
                other => panic!("{a} {b}: {other:?}"),
            };
            assert_eq!(blocked.rank(), rank);
            let (p0, p1) = (p.get(0).unwrap(), p.get(1).unwrap());
            let mode = |h: &DLayout, i: usize| h.get(i).unwrap().size().unwrap().value;
            let mut radices: Vec<i64> = (0..rank).map(|i| mode(&p0, i)).collect();
            radices.extend((0..rank).map(|i| mode(&p1, i)));
            for digits in odometer(&radices) {
                let (x, y) = digits.split_at(rank);
                let half = |h: &DLayout, v: &[i64]| {
                    if h.shape().is_tuple() {
                        DTuple::tuple(&v.iter().map(|&k| DTuple::d(k)).collect::<Vec<_>>()).unwrap()
                    } else {
                        DTuple::d(v[0])
                    }
                };
                let pc = DTuple::tuple(&[half(&p0, x), half(&p1, y)]).unwrap();
                let want = p.eval(&pc).unwrap().value;
                let pairs = |first: &[i64], second: &[i64]| {
                    let modes: Vec<DTuple> = (0..rank)
                        .map(|i| {
                            DTuple::tuple(&[DTuple::d(first[i]), DTuple::d(second[i])]).unwrap()
                        })
                        .collect();
                    DTuple::tuple(&modes).unwrap()
                };
                let cb = pairs(x, y);
                let cr = pairs(y, x);
                assert_eq!(
                    blocked.eval(&cb).unwrap().value,
                    want,
                    "blocked({a},{b}) at {cb}"
                );
                assert_eq!(
                    raked.eval(&cr).unwrap().value,
                    want,
                    "raked({a},{b}) at {cr}"
                );
            }
            ok += 1;
        }
    }
    assert!(ok > 500 && refused > 10, "{ok} {refused}");
}

#[test]
fn tile_to_shape_covers_the_target_with_copies_of_the_block() {
    let blocks = corpus(&[1, 2, 3], &[1, 2, 3], 2);
    let targets = ["(6,6)", "(4,6)", "(12,3)", "12", "(6,6,2)"];
    let orders = [None, Some("(2,1)"), Some("(1,1)"), Some("(3,1,2)")];
    let (mut ok, mut refused) = (0, 0);
    for a in &blocks {
        for target in targets {
            let shape = tup(target).with_all_static(true);
            let wanted = |i: usize| shape.as_tuple().get(i).unwrap().product().unwrap().value;
            for order in orders {
                let order = order.map(|o| tup(o).with_all_static(true));
                if order.clone().is_some_and(|o| o.rank() != shape.rank()) {
                    assert!(tile_to_shape(a, &shape, order.as_ref()).is_err());
                    continue;
                }
                let divides = a.rank() <= shape.rank()
                    && (0..a.rank())
                        .all(|i| wanted(i) % a.get(i).unwrap().size().unwrap().value == 0);
                let got = tile_to_shape(a, &shape, order.as_ref());
                if !divides {
                    assert_eq!(got, Err(Error::TileToShape), "tile_to_shape({a}, {shape})");
                    refused += 1;
                    continue;
                }
                // The definition: blocked_product(A padded, ordered layout of the copy counts).
                let mut padded = (a.shape().as_tuple(), a.stride().as_tuple());
                if !a.shape().is_tuple() && shape.rank() == 1 {
                    padded = (a.shape(), a.stride());
                }
                while padded.0.rank() < shape.rank() {
                    padded = (
                        padded.0.push(&DTuple::s(1)).unwrap(),
                        padded.1.push(&DTuple::s(0)).unwrap(),
                    );
                }
                let padded = DLayout::new(padded.0, padded.1).unwrap();
                let counts: Vec<DTuple> = (0..shape.rank())
                    .map(|i| DTuple::s(wanted(i) / padded.get(i).unwrap().size().unwrap().value))
                    .collect();
                let counts = DTuple::tuple(&counts).unwrap();
                let arrangement = match &order {
                    Some(o) => make_ordered_layout(&counts, o).unwrap(),
                    None => DLayout::col_major(counts).unwrap(),
                };
                assert_eq!(
                    got,
                    blocked_product(&padded, &arrangement),
                    "tile_to_shape({a}, {shape})"
                );
                let Ok(r) = got else {
                    // A composition refused inside the product (C++ static_asserts too).
                    refused += 1;
                    continue;
                };
                // Compatible with the target mode by mode.
                for i in 0..shape.rank() {
                    assert_eq!(
                        r.get(i).unwrap().size().unwrap().value,
                        wanted(i),
                        "{a} {shape} {r}"
                    );
                }
                // The first copy is the block itself: coordinate ((a_0, 0), (a_1, 0), …).
                let radices: Vec<i64> = (0..a.rank())
                    .map(|i| a.get(i).unwrap().size().unwrap().value)
                    .collect();
                for digits in odometer(&radices) {
                    let modes: Vec<DTuple> = (0..shape.rank())
                        .map(|i| {
                            let x = digits.get(i).copied().unwrap_or(0);
                            DTuple::tuple(&[DTuple::d(x), DTuple::d(0)]).unwrap()
                        })
                        .collect();
                    let c = DTuple::tuple(&modes).unwrap();
                    let ca = if a.shape().is_tuple() {
                        DTuple::tuple(&digits.iter().map(|&x| DTuple::d(x)).collect::<Vec<_>>())
                            .unwrap()
                    } else {
                        DTuple::d(digits[0])
                    };
                    assert_eq!(
                        r.eval(&c).unwrap(),
                        a.eval(&ca).unwrap(),
                        "{a} {shape} at {c}"
                    );
                }
                // Tied orders start several copy modes at one offset on purpose.
                let tied =
                    order.is_some_and(|o| o.rank() == 2 && o.get(0).unwrap() == o.get(1).unwrap());
                if is_injective(a) && !tied {
                    assert!(is_injective(&r), "tile_to_shape({a}, {shape}) = {r}");
                }
                ok += 1;
            }
        }
    }
    assert!(ok > 100 && refused > 10, "{ok} {refused}");
}

// ---------------------------------------------------------------------------------
// Swizzles and swizzled layouts.
// ---------------------------------------------------------------------------------

/// The swizzle computed bit by bit: bit `m + max(s,0) + j` is XORed into bit
/// `m - min(s,0) + j` for `j < b`.
fn naive_swizzle(b: i64, m: i64, s: i64, x: i64) -> i64 {
    let mut out = x;
    for j in 0..b {
        let from = m + s.max(0) + j;
        let to = m - s.min(0) + j;
        out ^= ((x >> from) & 1) << to;
    }
    out
}

#[test]
fn swizzles_are_bijective_involutions_matching_the_bit_definition() {
    let mut checked = 0;
    for b in 0..=3 {
        for m in 0..=2 {
            for s in -5i64..=5 {
                let sw = match Swizzle::new(b, m, s) {
                    Ok(sw) => sw,
                    Err(e) => {
                        assert!(s.abs() < b, "Sw<{b},{m},{s}>: {e:?}");
                        continue;
                    }
                };
                let span = 1i64 << (b + m + s.abs());
                for block in 0..2 {
                    let image: BTreeSet<i64> = (block * span..(block + 1) * span)
                        .map(|x| sw.apply(x))
                        .collect();
                    let domain: BTreeSet<i64> = (block * span..(block + 1) * span).collect();
                    assert_eq!(image, domain, "{sw} is not a bijection of block {block}");
                }
                for x in -64..2 * span {
                    assert_eq!(sw.apply(x), naive_swizzle(b, m, s, x), "{sw}({x})");
                    assert_eq!(sw.apply(sw.apply(x)), x, "{sw} is not an involution at {x}");
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 60, "{checked}");
}

#[test]
fn swizzled_layouts_swizzle_the_inner_layout() {
    let layouts = corpus(&[2, 4, 8], &[1, 2, 8], 2);
    let swizzles = [(1, 0, 1), (2, 1, 3), (2, 0, -3), (3, 1, 3), (0, 2, 2)];
    for l in &layouts {
        for (b, m, s) in swizzles {
            let sw = Swizzle::new(b, m, s).unwrap();
            let composed = compose_swizzle(sw, l);
            assert_eq!(matches!(composed, SwizzledLayout::Plain(_)), b == 0);
            let n = l.size().unwrap().value;
            for i in 0..n {
                let want = sw.apply(l.at(i).unwrap());
                assert_eq!(
                    composed.eval(&DTuple::d(i)).unwrap().value,
                    want,
                    "{composed} at {i}"
                );
            }
            let SwizzledLayout::Swizzled(c) = composed else {
                continue;
            };
            let co = c.coalesce().unwrap();
            for i in 0..n {
                assert_eq!(
                    co.eval(&DTuple::d(i)).unwrap(),
                    c.eval_index(i).unwrap(),
                    "{co}"
                );
            }
            let half = DLayout::new(DTuple::s(n / 2), DTuple::s(2)).unwrap();
            if let Ok(sub) = c.composition(&half) {
                for j in 0..n / 2 {
                    assert_eq!(
                        sub.eval(&DTuple::d(j)).unwrap(),
                        c.eval_index(2 * j).unwrap(),
                        "{sub}"
                    );
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------
// upcast, downcast, make_layout_like.
// ---------------------------------------------------------------------------------

/// Layouts whose first leaf is the only stride-1 leaf.
fn unit_first(shapes: &[i64], strides: &[i64]) -> Vec<DLayout> {
    corpus(shapes, strides, 3)
        .into_iter()
        .filter(|l| {
            let lv = leaves(l);
            lv[0].1 == 1 && lv[1..].iter().all(|&(_, d)| d != 1 && d != -1)
        })
        .collect()
}

#[test]
fn upcast_reads_every_nth_element_divided_by_n() {
    // With a contiguous first leaf of shape divisible by n and other strides
    // divisible by n: upcast(L, n)(j) == L(j·n) / n.
    let mut checked = 0;
    for n in [2, 4] {
        for l in unit_first(&[1, 2, 4, 8], &[0, 1, 4, 8, 16]) {
            let lv = leaves(&l);
            if lv[0].0 % n != 0 || lv[1..].iter().any(|&(_, d)| d % n != 0) {
                continue;
            }
            let u = upcast(&l, n).unwrap();
            assert_eq!(
                u.size().unwrap().value * n,
                l.size().unwrap().value,
                "{l} -> {u}"
            );
            for j in 0..u.size().unwrap().value {
                assert_eq!(
                    u.at(j).unwrap() * n,
                    l.at(j * n).unwrap(),
                    "upcast({l}, {n}) = {u} at {j}"
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn downcast_splits_each_element_into_n() {
    // With the first leaf the only stride-1 leaf: downcast(L, n)(j) == n·L(j / n) + j % n.
    let mut checked = 0;
    for n in [2, 3] {
        for l in unit_first(&[1, 2, 3], &[0, 1, 2, 3]) {
            let d = downcast(&l, n).unwrap();
            for j in 0..d.size().unwrap().value {
                assert_eq!(
                    d.at(j).unwrap(),
                    n * l.at(j / n).unwrap() + j % n,
                    "downcast({l}, {n}) = {d}"
                );
            }
            // upcast undoes it.
            assert_eq!(values(&upcast(&d, n).unwrap()), values(&l), "{l}");
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn make_layout_like_is_compact_in_stride_order() {
    let mut checked = 0;
    for l in corpus(&[1, 2, 3], &[0, 1, 2, 5], 3) {
        let r = make_layout_like(&l).unwrap();
        assert_eq!(r.shape(), l.shape());
        let (lv, rv) = (leaves(&l), leaves(&r));
        let live: Vec<usize> = (0..lv.len())
            .filter(|&k| lv[k].1 != 0 && lv[k].0 > 1)
            .collect();
        for k in 0..lv.len() {
            if lv[k].1 == 0 {
                assert_eq!(rv[k].1, 0, "{l} -> {r}");
            }
        }
        for &k in &live {
            for &j in &live {
                if lv[k].1 < lv[j].1 {
                    assert!(rv[k].1 < rv[j].1, "{l} -> {r}: order of leaves {k}, {j}");
                }
            }
        }
        let distinct = live.iter().map(|&k| lv[k].1).collect::<BTreeSet<_>>().len() == live.len();
        if distinct {
            // Compact: every offset below the live size is hit equally often.
            let live_size: i64 = live.iter().map(|&k| lv[k].0).product();
            let v = values(&r);
            let hits = v.len() as i64 / live_size;
            for offset in 0..live_size {
                assert_eq!(
                    v.iter().filter(|&&x| x == offset).count() as i64,
                    hits,
                    "{l} -> {r}"
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 500, "{checked}");
}

// ---------------------------------------------------------------------------------
// Whitepaper operations.
// ---------------------------------------------------------------------------------

/// Whether `f(i)` on `[0, n)` is the function of some layout. Complete: a layout is
/// as a function its flattening, shape-1 leaves do nothing, and for a given ordered
/// factorization `(f_0, f_1, …)` of `n` the strides are forced, `d_j = f(f_0·…·f_{j-1})`.
fn is_layout_function(f: &[i64]) -> bool {
    fn factorizations(n: i64) -> Vec<Vec<i64>> {
        if n == 1 {
            return vec![vec![]];
        }
        let mut out = Vec::new();
        for d in 2..=n {
            if n % d == 0 {
                for mut rest in factorizations(n / d) {
                    rest.insert(0, d);
                    out.push(rest);
                }
            }
        }
        out
    }
    let n = f.len() as i64;
    factorizations(n).into_iter().any(|shape| {
        let mut strides = Vec::new();
        let mut p = 1;
        for &s in &shape {
            strides.push(f[p as usize]);
            p *= s;
        }
        (0..n).all(|i| {
            let (mut rest, mut v) = (i, 0);
            for (s, d) in shape.iter().zip(&strides) {
                v += (rest % s) * d;
                rest /= s;
            }
            v == f[i as usize]
        })
    })
}

#[test]
fn layout_function_decision_procedure() {
    assert!(is_layout_function(&values(&lay("(_2,_3):(_3,_1)"))));
    assert!(is_layout_function(&[0]));
    assert!(!is_layout_function(&[0, 2, 12, 21, 31, 33]));
    assert!(!is_layout_function(&[0, 1, 3, 2]));
}

#[test]
fn layout_add_adds_pointwise_whenever_a_layout_can() {
    let mut by_size: std::collections::BTreeMap<i64, Vec<DLayout>> = Default::default();
    for l in corpus(&[1, 2, 3, 4, 6], &[-1, 0, 1, 2, 3], 2) {
        by_size.entry(l.size().unwrap().value).or_default().push(l);
    }
    let (mut ok, mut refused) = (0, 0);
    for group in by_size.values() {
        for a in group {
            for b in group {
                let sum: Vec<i64> = values(a)
                    .iter()
                    .zip(values(b))
                    .map(|(x, y)| x + y)
                    .collect();
                match layout_add(a, b) {
                    Ok(r) => {
                        assert_eq!(values(&r), sum, "layout_add({a}, {b}) = {r}");
                        assert_eq!(layout_add(b, a).unwrap(), r, "not symmetric: {a} {b}");
                        ok += 1;
                    }
                    Err(e) => {
                        assert_eq!(e, Error::Unsupported);
                        assert!(
                            !is_layout_function(&sum),
                            "layout_add({a}, {b}) refused but {sum:?} is a layout"
                        );
                        refused += 1;
                    }
                }
            }
        }
    }
    assert!(ok > 10_000 && refused > 100, "{ok} {refused}");
    assert_eq!(
        layout_add(&lay("_6:_1"), &lay("_8:_1")),
        Err(Error::SizeMismatch)
    );
}

/// The flattened natural coordinate of `i` in `shape`, as a vector.
fn flat_crd(i: i64, shape: &DTuple) -> Vec<i64> {
    let flat = shape.flatten();
    let c = cute_types::dynamic::idx2crd(&DTuple::d(i), &flat).unwrap();
    (0..c.leaf_count()).map(|k| c.leaf(k).value).collect()
}

/// Whether `crd_S(Σ c_k e_k) == Σ c_k crd_S(e_k)` for every coordinate of the modes.
fn linear_on(modes: &[(i64, i64)], shape: &DTuple) -> bool {
    let size = shape.product().unwrap().value;
    let basis: Vec<Vec<i64>> = modes.iter().map(|&(_, e)| flat_crd(e, shape)).collect();
    let radices: Vec<i64> = modes.iter().map(|&(g, _)| g).collect();
    odometer(&radices).iter().all(|c| {
        let index: i64 = c.iter().zip(modes).map(|(ck, &(_, e))| ck * e).sum();
        if index >= size {
            return false;
        }
        let mut want = vec![0; basis.first().map_or(0, |b| b.len())];
        for (ck, b) in c.iter().zip(&basis) {
            for (w, x) in want.iter_mut().zip(b) {
                *w += ck * x;
            }
        }
        basis.is_empty() || flat_crd(index, shape) == want
    })
}

/// Whether the mode `g:e` divides a leaf of `shape`: some leaf `a` at offset `p`
/// (the product of the leaves before it) has `p | e` and `e·g | p·a`.
fn mode_divides(g: i64, e: i64, shape: &DTuple) -> bool {
    let flat = shape.flatten();
    let mut p = 1;
    (0..flat.leaf_count()).any(|k| {
        let a = flat.leaf(k).value;
        let inside = e % p == 0 && (p * a) % (e * g) == 0;
        p *= a;
        inside
    })
}

/// The largest size of a chain of modes `(g_k, e_k)`, `g_k >= 2`, each dividing a
/// leaf of both shapes, with `e_k·g_k | e_{k+1}`.
fn largest_common_chain(a: &DTuple, b: &DTuple) -> i64 {
    fn grow(chain: &mut Vec<(i64, i64)>, from: i64, limit: i64, a: &DTuple, b: &DTuple) -> i64 {
        let mut best: i64 = chain.iter().map(|&(g, _)| g).product();
        let mut e = from;
        while e < limit {
            for g in 2..=limit {
                if e * (g - 1) >= limit {
                    break;
                }
                if mode_divides(g, e, a) && mode_divides(g, e, b) {
                    chain.push((g, e));
                    best = best.max(grow(chain, e * g, limit, a, b));
                    chain.pop();
                }
            }
            e += from;
        }
        best
    }
    let limit = a.product().unwrap().value.min(b.product().unwrap().value);
    grow(&mut Vec::new(), 1, limit, a, b)
}

#[test]
fn greatest_common_domain_is_a_largest_common_linear_domain() {
    let values = [1i64, 2, 3, 4, 6];
    let mut shapes: Vec<DTuple> = values.iter().map(|&v| DTuple::s(v)).collect();
    for digits in odometer(&[5, 5]).into_iter().chain(odometer(&[4, 4, 4])) {
        let leaves: Vec<DTuple> = digits
            .iter()
            .map(|&k| DTuple::s(values[k as usize]))
            .collect();
        shapes.push(DTuple::tuple(&leaves).unwrap());
    }
    let mut checked = 0;
    for a in &shapes {
        for b in &shapes {
            let g = greatest_common_domain(a, b).unwrap();
            assert_eq!(
                greatest_common_domain(b, a).unwrap(),
                g,
                "not symmetric: {a} {b}"
            );
            assert_eq!(g.depth(), 1);
            let size = g.size().unwrap().value;
            let (sa, sb) = (a.product().unwrap().value, b.product().unwrap().value);
            assert_eq!(
                DInt::s(sa).gcd(DInt::s(sb)).value % size,
                0,
                "{a} {b} -> {g}"
            );
            let modes: Vec<(i64, i64)> = leaves(&g).into_iter().filter(|&(s, _)| s > 1).collect();
            assert!(
                linear_on(&modes, a) && linear_on(&modes, b),
                "{a} {b} -> {g} is not a common domain"
            );
            for &(s, e) in &modes {
                assert!(
                    mode_divides(s, e, a) && mode_divides(s, e, b),
                    "{a} {b} -> {g}: {s}:{e}"
                );
            }
            if sa.min(sb) <= 24 && a.rank() + b.rank() <= 4 {
                assert_eq!(
                    largest_common_chain(a, b),
                    size,
                    "{a} {b} -> {g} is not the largest"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 300, "{checked}");
}

// ---------------------------------------------------------------------------------
// Random layouts, static and dynamic leaves mixed.
// ---------------------------------------------------------------------------------

fn arb_layout(
    shapes: std::ops::RangeInclusive<i64>,
    strides: std::ops::RangeInclusive<i64>,
) -> impl Strategy<Value = DLayout> {
    prop::collection::vec((shapes, strides, any::<bool>(), any::<bool>()), 1..=3).prop_map(
        |modes| {
            let leaf = |v: i64, st: bool| {
                DTuple::int(DInt {
                    value: v,
                    is_static: st,
                })
            };
            if modes.len() == 1 {
                let (s, d, ss, ds) = modes[0];
                return DLayout::new(leaf(s, ss), leaf(d, ds)).unwrap();
            }
            let shape: Vec<DTuple> = modes.iter().map(|&(s, _, ss, _)| leaf(s, ss)).collect();
            let stride: Vec<DTuple> = modes.iter().map(|&(_, d, _, ds)| leaf(d, ds)).collect();
            DLayout::new(
                DTuple::tuple(&shape).unwrap(),
                DTuple::tuple(&stride).unwrap(),
            )
            .unwrap()
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn prop_logical_divide_is_a_functional_composition(
        a in arb_layout(1..=6, 0..=8),
        b in arb_layout(1..=4, 1..=4),
    ) {
        if let Ok(r) = logical_divide(&a, &b) {
            let cotarget = coalesce(&a).unwrap().shape();
            let bc = DLayout::from_modes(&[b.clone(), complement(&b, &cotarget).unwrap()]).unwrap();
            prop_assert_eq!(values(&r), composed_values(&a, &bc));
            prop_assert_eq!(values(&r.get(0).unwrap()), composed_values(&a, &b));
        }
    }

    #[test]
    fn prop_logical_product_places_copies_by_the_complement(
        a in arb_layout(1..=4, 0..=6),
        b in arb_layout(1..=4, 0..=4),
    ) {
        if let Ok(r) = logical_product(&a, &b) {
            let extent = DTuple::int(a.size().unwrap().mul(b.cosize().unwrap()).unwrap());
            let c = complement(&a, &extent).unwrap();
            let n = a.size().unwrap().value;
            let vr = values(&r);
            for (y, by) in values(&b).into_iter().enumerate() {
                for x in 0..n {
                    prop_assert_eq!(vr[(x + n * y as i64) as usize], a.at(x).unwrap() + c.at(by).unwrap());
                }
            }
        }
    }

    #[test]
    fn prop_swizzle_is_an_involution(b in 0i64..=8, m in 0i64..=8, extra in 0i64..=8, neg in any::<bool>(), x in any::<i64>()) {
        let s = if neg { -(b + extra) } else { b + extra };
        let sw = Swizzle::new(b, m, s).unwrap();
        prop_assert_eq!(sw.apply(sw.apply(x)), x);
        prop_assert_eq!(sw.apply(x), naive_swizzle(b, m, s, x));
    }

    #[test]
    fn prop_layout_add_is_pointwise(a in arb_layout(1..=4, -3..=6), b in arb_layout(1..=4, -3..=6)) {
        if let Ok(r) = layout_add(&a, &b) {
            let sum: Vec<i64> = values(&a).iter().zip(values(&b)).map(|(x, y)| x + y).collect();
            prop_assert_eq!(values(&r), sum);
        }
    }

    #[test]
    fn prop_nullspace_is_the_kernel(l in arb_layout(1..=5, -4..=4)) {
        let kernel: Vec<i64> = (0..l.size().unwrap().value).filter(|&i| l.at(i).unwrap() == 0).collect();
        if let Ok(n) = nullspace(&l) {
            let mut image = values(&n);
            image.sort();
            prop_assert_eq!(image, kernel);
        }
    }

    #[test]
    fn prop_downcast_then_upcast_is_the_identity(l in arb_layout(1..=4, 2..=6), k in 0usize..3, n in 1i64..=4) {
        // Make leaf k (or the last) a static stride 1.
        let k = k.min(l.shape().leaf_count() - 1);
        let l = DLayout::new(l.shape(), l.stride().with_leaf(k, DInt::s(1))).unwrap();
        let d = downcast(&l, n).unwrap();
        prop_assert_eq!(d.size().unwrap().value, n * l.size().unwrap().value);
        prop_assert_eq!(values(&upcast(&d, n).unwrap()), values(&l));
    }
}
