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
            let before_ok = at == 0 || !expr.as_bytes()[at - 1].is_ascii_alphanumeric() && expr.as_bytes()[at - 1] != b'_';
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
            None => Val::Tuple(shape.with_all_static(true)),
        }),
        Ast::Lit(shape, Some(stride)) => DLayout::new(*shape, *stride)
            .map(|l| Val::Layout(l.with_all_static(true)))
            .or_else(err),
        Ast::Tiler(_) => Err("a bare tiler is not a value".into()),
        Ast::Call(name, args) => call(name, args),
    }
}

/// An argument where a layout is expected: a layout, a shape-only tuple, or an int.
fn as_layout(v: &Val) -> Result<DLayout, String> {
    match v {
        Val::Layout(l) => Ok(*l),
        Val::Tuple(t) => DLayout::col_major(*t).or_else(err),
        Val::Int(i) => DLayout::col_major(DTuple::int(*i)).or_else(err),
        other => Err(format!("expected a layout, got {other:?}")),
    }
}

/// An argument where an IntTuple is expected (a layout stands for its shape, as a cotarget).
fn as_tuple(v: &Val) -> Result<DTuple, String> {
    match v {
        Val::Tuple(t) => Ok(*t),
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
        ("left_inverse", [a]) => left_inverse(&as_layout(a)?)
            .map(Val::Layout)
            .or_else(err),
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
        ("eval", [a, x]) => as_layout(a)?
            .eval(&as_tuple(x)?)
            .map(Val::Int)
            .or_else(err),
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
        _ => Err(format!("unsupported call {name} with {} arguments", v.len())),
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
    s.chars().filter(|c| !c.is_whitespace() && *c != '_').collect()
}

fn conformance_file(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/conformance").join(name);
    let fallback = PathBuf::from("/work/shared/conformance").join(name);
    std::fs::read_to_string(&path)
        .or_else(|_| std::fs::read_to_string(&fallback))
        .unwrap_or_else(|e| panic!("cannot read {name}: {e}"))
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
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
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
            for (n, cell) in cells.split('|').filter(|c| !c.trim().is_empty()).enumerate() {
                let want: i64 = cell.trim().parse().unwrap();
                let got = at(m, n as i64, rank);
                if got != want {
                    failures.push(format!("{expr}: table ({m},{n}) expected {want}, got {got}"));
                }
            }
        }
    }
    println!("print_public.tsv: {} of {ours} lines pass", ours - failures.len());
    assert!(ours >= 10, "only {ours} lines matched");
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
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
    assert_eq!(s(raked_product(&lay("(_7):(_1)"), &lay("_2:_1"))), "((_2,(_7))):((_7,(_1)))");
    assert!(blocked_product(&lay("(_7):(_1)"), &lay("_2:_1")).is_err());
    assert_eq!(s(tile_to_shape(&lay("_2:_1"), &tup("5"), None)), "((_2,(3))):((_1,(_2)))");
    assert_eq!(
        s(tile_to_shape(&lay("(_2,_3):(_1,_2)"), &tup("(8,9)"), None)),
        "((_2,4),(_3,3)):((_1,_6),(_2,24))"
    );
    assert_eq!(s(logical_divide(&lay("8:_1"), &lay("_2:_1"))), "(_2,4):(_1,_2)");
    let a = lay("(8,_4):(_1,8)");
    let t = tile(&["_2:_1", "_2:_1"]);
    assert_eq!(s(logical_divide_tiler(&a, &t)), "((_2,4),(_2,_2)):((_1,_2),(8,16))");
    assert_eq!(s(zipped_divide_tiler(&a, &t)), "((_2,_2),(4,_2)):((_1,8),(_2,16))");
    assert_eq!(s(tiled_divide_tiler(&a, &t)), "((_2,_2),4,_2):((_1,8),_2,16)");
    assert_eq!(s(flat_divide_tiler(&a, &t)), "(_2,_2,4,_2):(_1,8,_2,16)");
    let b = lay("(_2,_2):(_1,_2)");
    assert_eq!(s(logical_product(&b, &lay("3:_1"))), "((_2,_2),3):((_1,_2),_4)");
    let c = lay("(3,4):(_1,3)");
    assert_eq!(s(blocked_product(&b, &c)), "((_2,3),(_2,4)):((_1,_4),(_2,12))");
    assert_eq!(s(raked_product(&b, &c)), "((3,_2),(4,_2)):((_4,_1),(12,_2))");
    assert_eq!(s(tile_to_shape(&b, &tup("(8,_4)"), None)), "((_2,4),(_2,_2)):((_1,_4),(_2,16))");
    assert_eq!(
        s(tile_to_shape(&b, &tup("(_8,_4)"), Some(&tup("(3,_1)")))),
        "((_2,_4),(_2,_2)):((_1,_8),(_2,_4))"
    );
    let t3 = tile(&["_3:_1"]);
    assert_eq!(s(zipped_product_tiler(&b, &t3)), "((_2),(_3,_2)):((_1),(_2,_2))");
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
                let shape = DTuple::tuple(&m.iter().map(|&(s, _)| DTuple::s(s)).collect::<Vec<_>>()).unwrap();
                let stride = DTuple::tuple(&m.iter().map(|&(_, d)| DTuple::s(d)).collect::<Vec<_>>()).unwrap();
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
                .and_then(|c| DLayout::from_modes(&[*b, c]))
                .and_then(|bc| composition(a, &bc).map(|r| (bc, r)));
            match (got, definition) {
                (Ok(r), Ok((bc, want))) => {
                    assert_eq!(r, want, "logical_divide({a}, {b})");
                    assert_eq!(values(&r), composed_values(a, &bc), "{a} / {b} is not A o B'");
                    let tile = r.get(0).unwrap();
                    assert_eq!(values(&tile), composed_values(a, b), "{a} / {b}: tile is not A o B");
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
            let definition = complement(a, &extent).and_then(|c| composition(&c, b).map(|cb| (c, cb)));
            match (got, definition) {
                (Ok(r), Ok((c, cb))) => {
                    assert_eq!(r, DLayout::from_modes(&[*a, cb]).unwrap(), "logical_product({a}, {b})");
                    assert_eq!(r.get(0).unwrap(), *a);
                    // R(x + size(A)·y) = A(x) + C(B(y)).
                    let n = a.size().unwrap().value;
                    let vb = values(b);
                    let vr = values(&r);
                    for (y, &by) in vb.iter().enumerate() {
                        for x in 0..n {
                            let want = a.at(x).unwrap() + c.at(by).unwrap();
                            assert_eq!(vr[(x + n * y as i64) as usize], want, "{a} x {b} at ({x},{y})");
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
    (0..s.leaf_count()).map(|k| (s.leaf(k).value, d.leaf(k).value)).collect()
}

/// Two-mode tilers over small layouts, each mode a layout or a nested one-mode tiler.
fn small_tilers() -> Vec<DTiler> {
    let entries = corpus(&[1, 2, 3], &[1, 2], 1);
    let mut out = Vec::new();
    for e in &entries {
        out.push(DTiler::from_layouts(&[*e]).unwrap());
        let nested = DTiler::new().push_tiler(&DTiler::from_layouts(&[*e]).unwrap()).unwrap();
        out.push(nested);
        for f in &entries {
            out.push(DTiler::from_layouts(&[*e, *f]).unwrap());
        }
    }
    out
}

#[test]
fn divides_by_tiler_regroup_the_by_mode_division() {
    let layouts: Vec<DLayout> = corpus(&[2, 3, 4, 6], &[1, 3, 8], 2)
        .into_iter()
        .chain(["((_2,_3),_4):((_1,_2),_6)", "((_4,_2),_6):((_1,_4),_8)"].iter().map(|s| lay(s)))
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
                    Some(TilerMode::Tiler(s)) => logical_divide_tiler(&a.get(i).unwrap(), &s).unwrap(),
                    None => a.get(i).unwrap(),
                };
                assert_eq!(logical.get(i).unwrap(), want, "{a} / {t}: mode {i}");
            }
            let zipped = zipped_divide_tiler(a, t).unwrap();
            let tiled = tiled_divide_tiler(a, t).unwrap();
            let flat = flat_divide_tiler(a, t).unwrap();
            // The tile is A composed with the tiler, mode by mode.
            assert_eq!(zipped.get(0).unwrap(), composition_tiler(a, t).unwrap(), "{a} / {t}");
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
                    assert_eq!(logical.get(i).unwrap(), logical_product(&a.get(i).unwrap(), &l).unwrap());
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

/// `blocked(((a_i, p_i))_i) == P((a), (p))` and `raked(((p_i, a_i))_i) == P((a), (p))`
/// for every coordinate, where `(A', P)` is the product of the padded operands.
#[test]
fn blocked_and_raked_products_regroup_the_logical_product() {
    let blocks = corpus(&[1, 2, 3], &[0, 1, 2, 3], 2);
    let tilers = corpus(&[1, 2, 3], &[0, 1, 2], 2);
    let (mut ok, mut refused) = (0, 0);
    for a in &blocks {
        for b in &tilers {
            let rank = a.rank().max(b.rank());
            let pad = |l: &DLayout| {
                if l.rank() >= rank {
                    *l
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
            for ia in 0..p0.size().unwrap().value {
                for ip in 0..p1.size().unwrap().value {
                    let ca = cute_types::dynamic::idx2crd(&DTuple::d(ia), &p0.shape()).unwrap().as_tuple();
                    let cp = cute_types::dynamic::idx2crd(&DTuple::d(ip), &p1.shape()).unwrap().as_tuple();
                    let want = p.eval(&DTuple::tuple(&[ca, cp]).unwrap()).unwrap().value;
                    let mut cb = DTuple::empty();
                    let mut cr = DTuple::empty();
                    for i in 0..rank {
                        let (x, y) = (ca.get(i).unwrap(), cp.get(i).unwrap());
                        cb = cb.push(&DTuple::tuple(&[x, y]).unwrap()).unwrap();
                        cr = cr.push(&DTuple::tuple(&[y, x]).unwrap()).unwrap();
                    }
                    if rank == 1 && !p0.shape().is_tuple() {
                        // zip of integer-shaped halves: ((a, p)).
                        cb = DTuple::tuple(&[DTuple::tuple(&[ca.get(0).unwrap(), cp]).unwrap()]).unwrap();
                    }
                    assert_eq!(blocked.eval(&cb).unwrap().value, want, "blocked({a},{b}) at {cb}");
                    if rank > 1 || p1.shape().is_tuple() {
                        assert_eq!(raked.eval(&cr).unwrap().value, want, "raked({a},{b}) at {cr}");
                    }
                }
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
    let orders: [Option<&str>; 3] = [None, Some("(2,1)"), Some("(1,1)")];
    let mut ok = 0;
    for a in &blocks {
        for target in targets {
            let shape = tup(target).with_all_static(true);
            for order in orders {
                let order = order.map(|o| tup(o).with_all_static(true));
                let Some(o) = order.filter(|o| o.rank() != shape.rank()).map(|_| ()) else {
                    let r = tile_to_shape(a, &shape, order.as_ref());
                    let divides = a.rank() <= shape.rank()
                        && (0..shape.rank()).all(|i| {
                            let want = shape.as_tuple().get(i).unwrap().product().unwrap().value;
                            let have = a.get(i).map(|m| m.size().unwrap().value).unwrap_or(1);
                            i >= a.rank() || want % have == 0
                        });
                    match r {
                        Ok(r) => {
                            assert!(divides, "tile_to_shape({a}, {shape}) = {r}");
                            // Compatible with the target mode by mode.
                            for i in 0..shape.rank() {
                                let want = shape.as_tuple().get(i).unwrap().product().unwrap().value;
                                assert_eq!(r.get(i).unwrap().size().unwrap().value, want);
                            }
                            // The first copy is the block itself.
                            let n = a.size().unwrap().value;
                            for x in 0..n {
                                let ca = cute_types::dynamic::idx2crd(&DTuple::d(x), &a.shape()).unwrap().as_tuple();
                                let mut c = DTuple::empty();
                                for i in 0..shape.rank() {
                                    let ai = ca.get(i).unwrap_or(DTuple::d(0));
                                    c = c.push(&DTuple::tuple(&[ai, DTuple::d(0)]).unwrap()).unwrap();
                                }
                                assert_eq!(r.eval(&c).unwrap().value, a.at(x).unwrap(), "{a} {shape}");
                            }
                            if is_injective(a) {
                                assert!(is_injective(&r), "tile_to_shape({a}, {shape}) = {r}");
                            }
                            ok += 1;
                        }
                        Err(e) => assert!(!divides || e != Error::TileToShape, "{a} {shape}: {e:?}"),
                    }
                    continue;
                };
                let _ = o;
                assert!(tile_to_shape(a, &shape, order.as_ref()).is_err());
            }
        }
    }
    assert!(ok > 100, "{ok}");
}
