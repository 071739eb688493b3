//! Robustness: bad or extreme input gets a typed error, never a panic, a stack
//! overflow or a silently wrapped value.
//!
//! * random bytes and token soups through every parser and the calculator;
//! * random well-formed calculator expressions (every function of the
//!   conformance README's table, values up to 2^62 and negative ones, nested
//!   calls): the calculator answers, and every answer it prints re-parses;
//! * every public algebra function on random layouts (huge and negative values,
//!   shape-1 and stride-0 modes, empty tuples, dynamic and static leaves,
//!   placeholders `_` in tuple arguments, tilers);
//! * overflow cases that must be `Error::Overflow`, not wrapped values;
//! * the deepest nesting a tuple can hold, on a 2 MiB stack (debug build);
//! * tensors indexed with out-of-range coordinates, and the printers.
//!
//! It drives every crate of the workspace (core, calculator, printers), so it
//! lives in the umbrella package.
//!
//! Proptest reports the input of any case that panics (it catches the unwind and
//! shrinks). A stack overflow aborts the process instead, so the deep-nesting
//! test names each operation on stderr before running it.
// Spelled-out layout types are what these tests check.
#![allow(clippy::type_complexity)]
use cute::expr::{eval_line, eval_lines, evaluate, parse, Value, MAX_NESTING};
use cute::print::{print_latex, print_layout, print_svg, LayoutGrid};
use cute_typed::tensor::Tensor;
use cute_types::algebra::{self, compose_swizzle, Swizzle};
use cute_types::dynamic::{
    crd2idx, crd2idx_compact, idx2crd, idx2crd_strided, product_like, DTiler, Major, TilerMode,
    CAPACITY, MAX_TILER_DEPTH,
};
use cute_types::{parse_coord, parse_layout, parse_tuple, DInt, DLayout, DTuple, Error};
use proptest::prelude::*;

/// `cases` proptest cases, times `ROBUSTNESS_SCALE` when set (for long fuzzing
/// runs: `ROBUSTNESS_SCALE=100 cargo test --release --test robustness`).
fn config(cases: u32) -> ProptestConfig {
    let scale = std::env::var("ROBUSTNESS_SCALE")
        .ok()
        .and_then(|s| s.parse::<u32>().ok())
        .unwrap_or(1);
    ProptestConfig {
        cases: cases.saturating_mul(scale),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

// ---------------------------------------------------------------------------
// Value generators
// ---------------------------------------------------------------------------

/// Integers that stress arithmetic: small ones, powers of two up to 2^62, the
/// ends of `i64`, and their negatives.
fn wild_int() -> impl Strategy<Value = i64> {
    prop_oneof![
        4 => -3i64..=9,
        2 => (0u32..=62).prop_map(|k| 1i64 << k),
        1 => (0u32..=62).prop_map(|k| -(1i64 << k)),
        1 => prop::sample::select(vec![
            i64::MAX,
            i64::MAX - 1,
            i64::MIN,
            i64::MIN + 1,
            (1 << 62) + 1,
            (1 << 62) - 1,
            (1 << 32) + 1,
            3_037_000_499, // floor(sqrt(i64::MAX))
            3_037_000_500,
        ]),
    ]
}

/// Shape leaves: mostly small (so that algebra gets past its checks), sometimes huge.
fn shape_int() -> impl Strategy<Value = i64> {
    prop_oneof![
        8 => 1i64..=8,
        1 => (20u32..=62).prop_map(|k| 1i64 << k),
        1 => prop::sample::select(vec![i64::MAX, 3_037_000_500, (1 << 31) + 1]),
    ]
}

/// Stride leaves: small of both signs, zero, huge of both signs.
fn stride_int() -> impl Strategy<Value = i64> {
    prop_oneof![
        6 => -4i64..=16,
        1 => (20u32..=62).prop_map(|k| 1i64 << k),
        1 => (20u32..=62).prop_map(|k| -(1i64 << k)),
        1 => prop::sample::select(vec![i64::MAX, i64::MIN, i64::MIN + 1]),
    ]
}

/// A nested tuple shape with per-leaf payload.
#[derive(Clone, Debug)]
enum Tree<T> {
    Leaf(T),
    Node(Vec<Tree<T>>),
}

fn tree<T: Clone + core::fmt::Debug + 'static>(
    leaf: impl Strategy<Value = T> + 'static,
) -> impl Strategy<Value = Tree<T>> {
    leaf.prop_map(Tree::Leaf).prop_recursive(3, 16, 4, |inner| {
        prop::collection::vec(inner, 0..4).prop_map(Tree::Node)
    })
}

/// Builds a tuple from a tree; `None` when it does not fit in a `DTuple`.
fn to_tuple<T>(t: &Tree<T>, leaf: &impl Fn(&T) -> DTuple) -> Option<DTuple> {
    match t {
        Tree::Leaf(v) => Some(leaf(v)),
        Tree::Node(children) => {
            let mut out = DTuple::empty();
            for c in children {
                out = out.push(&to_tuple(c, leaf)?).ok()?;
            }
            Some(out)
        }
    }
}

type LeafData = (i64, i64, bool, bool);

fn layout_from(t: &Tree<LeafData>, checked: bool) -> Option<DLayout> {
    let shape = to_tuple(t, &|&(s, _, st, _)| {
        DTuple::int(DInt {
            value: s,
            is_static: st,
        })
    })?;
    let stride = to_tuple(t, &|&(_, d, _, dt)| {
        DTuple::int(DInt {
            value: d,
            is_static: dt,
        })
    })?;
    if checked {
        DLayout::new(shape, stride).ok()
    } else {
        DLayout::new_unchecked_shape(shape, stride).ok()
    }
}

/// Random layouts: valid ones (positive shapes), and now and then one built with
/// `new_unchecked_shape` whose shape has zero or negative leaves.
fn arb_layout() -> impl Strategy<Value = DLayout> {
    let valid = tree((shape_int(), stride_int(), any::<bool>(), any::<bool>()))
        .prop_filter_map("does not fit", |t| layout_from(&t, true));
    let odd = tree((-2i64..=4, stride_int(), any::<bool>(), any::<bool>()))
        .prop_filter_map("does not fit", |t| layout_from(&t, false));
    prop_oneof![9 => valid, 1 => odd]
}

/// Small layouts (all values small), for operations whose result is walked.
fn small_layout() -> impl Strategy<Value = DLayout> {
    tree((1i64..=4, -6i64..=8, any::<bool>(), any::<bool>()))
        .prop_filter_map("does not fit", |t| layout_from(&t, true))
}

/// Random tuples, possibly holding the placeholder `_` (as `str::parse::<DTuple>` allows).
fn arb_tuple() -> impl Strategy<Value = DTuple> {
    let leaf = prop_oneof![
        9 => (wild_int(), any::<bool>()).prop_map(|(v, s)| Some(DInt { value: v, is_static: s })),
        1 => Just(None),
    ];
    tree(leaf).prop_filter_map("does not fit", |t| {
        to_tuple(&t, &|v: &Option<DInt>| match v {
            Some(i) => DTuple::int(*i),
            None => DTuple::underscore(),
        })
    })
}

/// Random tilers, flat or nested (a fixed tiler's room for 64 layouts is
/// passed in `tiler_algebra_never_panics`, which must refuse it).
fn arb_tiler() -> impl Strategy<Value = Option<DTiler>> {
    (
        prop::collection::vec(arb_layout(), 1..4),
        prop::collection::vec(arb_layout(), 0..3),
        any::<bool>(),
    )
        .prop_map(|(flat, nested, nest)| {
            let mut t = DTiler::from_layouts(&flat).ok()?;
            if nest && !nested.is_empty() {
                let inner = DTiler::from_layouts(&nested).ok()?;
                t = t.push(&TilerMode::Tiler(inner)).ok()?;
            }
            Some(t)
        })
}

// ---------------------------------------------------------------------------
// Text: parsers and the calculator on garbage
// ---------------------------------------------------------------------------

/// Everything that reads text, fed `s`. Only panics matter here; the error
/// renderings are produced too, since a caret at a bad position could panic.
fn read_everything(s: &str) {
    if let Err(e) = parse_layout(s) {
        let _ = format!("{e} {}", e.caret(s));
    }
    if let Err(e) = parse_tuple(s) {
        let _ = format!("{e} {}", e.caret(s));
    }
    if let Err(e) = parse_coord(s) {
        let _ = format!("{e} {}", e.caret(s));
    }
    let _ = s.parse::<DLayout>();
    let _ = s.parse::<DTuple>();
    let _ = parse(s);
    match evaluate(s) {
        Ok(v) => {
            let _ = v.to_string();
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
    let line = eval_line(s);
    assert!(!line.contains('\n'), "one line per expression: {line:?}");
}

const TOKENS: &[&str] = &[
    "(",
    ")",
    "(",
    ")",
    ",",
    ",",
    ":",
    "_",
    "-",
    "[",
    "]",
    "0",
    "1",
    "2",
    "4",
    "8",
    "16",
    " ",
    "\t",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "18446744073709551616",
    "4611686018427387904",
    "_4",
    "_-4",
    "-_4",
    "size",
    "composition",
    "logical_divide",
    "swizzle",
    "eval",
    "coalesce",
    "complement",
    "get",
    "select",
    "take",
    "idx2crd",
    "crd2idx",
    "tile_to_shape",
    "upcast",
    "blocked_product",
    "é",
    "∘",
    "\u{0}",
    "\r",
    "\n",
    "x",
    "Sw<3,4,3>",
    "o",
    "()",
    "[]",
];

fn token_soup() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(TOKENS), 0..40).prop_map(|t| t.concat())
}

proptest! {
    #![proptest_config(config(600))]

    #[test]
    fn parsers_survive_random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        read_everything(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn parsers_survive_random_strings(s in "\\PC{0,48}") {
        read_everything(&s);
    }

    #[test]
    fn parsers_survive_token_soup(s in token_soup()) {
        read_everything(&s);
    }
}

// ---------------------------------------------------------------------------
// Well-formed calculator expressions
// ---------------------------------------------------------------------------

/// Every function of the conformance README's table, with the kind of each
/// argument (`L` a layout, `T` an IntTuple, `I` a small integer, `X` anything);
/// arguments after the first `min` are optional.
const FUNCTIONS: &[(&str, usize, &str)] = &[
    ("size", 1, "L"),
    ("cosize", 1, "L"),
    ("rank", 1, "L"),
    ("depth", 1, "L"),
    ("shape", 1, "L"),
    ("stride", 1, "L"),
    ("flatten", 1, "L"),
    ("coalesce", 1, "LT"),
    ("filter", 1, "L"),
    ("right_inverse", 1, "L"),
    ("left_inverse", 1, "L"),
    ("composition", 2, "LX"),
    ("complement", 1, "LT"),
    ("logical_divide", 2, "LX"),
    ("zipped_divide", 2, "LX"),
    ("tiled_divide", 2, "LX"),
    ("flat_divide", 2, "LX"),
    ("logical_product", 2, "LX"),
    ("zipped_product", 2, "LX"),
    ("tiled_product", 2, "LX"),
    ("flat_product", 2, "LX"),
    ("blocked_product", 2, "LL"),
    ("raked_product", 2, "LL"),
    ("tile_to_shape", 2, "LTT"),
    ("upcast", 2, "LI"),
    ("downcast", 2, "LI"),
    ("max_common_vector", 2, "LL"),
    ("max_common_layout", 2, "LL"),
    ("make_layout_like", 1, "L"),
    ("get", 2, "LIII"),
    ("select", 2, "LIII"),
    ("take", 3, "LII"),
    ("group", 3, "LII"),
    ("append", 2, "LL"),
    ("prepend", 2, "LL"),
    ("idx2crd", 2, "ITT"),
    ("crd2idx", 2, "TTT"),
    ("eval", 2, "LT"),
    ("swizzle", 3, "III"),
];

/// An integer literal as the calculator reads it (`_` marks allowed on non-negatives).
fn int_text() -> impl Strategy<Value = String> {
    (wild_int(), any::<bool>()).prop_map(|(v, mark)| {
        if mark && v >= 0 {
            format!("_{v}")
        } else {
            v.to_string()
        }
    })
}

fn tuple_text_of(t: &Tree<String>) -> String {
    match t {
        Tree::Leaf(s) => s.clone(),
        Tree::Node(c) if c.is_empty() => "(1)".into(),
        Tree::Node(c) => format!(
            "({})",
            c.iter().map(tuple_text_of).collect::<Vec<_>>().join(",")
        ),
    }
}

/// An IntTuple literal.
fn tuple_text() -> impl Strategy<Value = String> {
    let small = prop_oneof![4 => (0i64..=8).prop_map(|v| v.to_string()), 1 => int_text()];
    tree(small).prop_map(|t| tuple_text_of(&t))
}

/// A shape:stride literal (congruent by construction) or a bare shape.
fn layout_text() -> impl Strategy<Value = String> {
    let small = prop_oneof![4 => (1i64..=8).prop_map(|v| v.to_string()), 1 => int_text()];
    (tree((small, int_text())), any::<bool>()).prop_map(|(t, bare)| {
        let shape = tuple_text_of(&map_tree(&t, |(s, _)| s.clone()));
        if bare {
            shape
        } else {
            format!(
                "{shape}:{}",
                tuple_text_of(&map_tree(&t, |(_, d)| d.clone()))
            )
        }
    })
}

fn map_tree<T, U>(t: &Tree<T>, f: impl Fn(&T) -> U + Copy) -> Tree<U> {
    match t {
        Tree::Leaf(v) => Tree::Leaf(f(v)),
        Tree::Node(c) => Tree::Node(c.iter().map(|x| map_tree(x, f)).collect()),
    }
}

/// Argument-level atoms: small indices, wild ints, tuples, layouts, tilers, swizzles.
fn atom_text() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => (0i64..=4).prop_map(|v| v.to_string()),
        2 => int_text(),
        4 => layout_text(),
        1 => prop::collection::vec(layout_text(), 1..3).prop_map(|v| format!("[{}]", v.join(","))),
        1 => (0i64..=4, 0i64..=5, -5i64..=5).prop_map(|(b, m, s)| format!("swizzle({b},{m},{s})")),
    ]
}

fn call_text(inner: BoxedStrategy<String>) -> impl Strategy<Value = String> {
    // Per position: an argument of the kind the position reads, or (now and
    // then) anything at all.
    let kinds = (
        prop_oneof![3 => inner.clone(), 1 => layout_text()],
        prop_oneof![3 => tuple_text(), 1 => inner.clone()],
        prop_oneof![4 => (0i64..=4).prop_map(|v| v.to_string()), 1 => int_text()],
        inner,
    );
    (
        prop::sample::select(FUNCTIONS),
        prop::collection::vec(kinds, 4),
        prop::collection::vec(0u8..10, 4),
        0usize..8,
    )
        .prop_map(|((name, min, sig), args, odd, pick)| {
            let max = sig.len();
            // Mostly a valid arity; sometimes one too many or too few.
            let n = match pick {
                0 => min.saturating_sub(1),
                1 => max + 1,
                _ => min + pick % (max - min + 1),
            };
            let args: Vec<String> = (0..n)
                .map(|k| {
                    let (l, t, i, x) = &args[k % 4];
                    match (sig.as_bytes().get(k), odd[k % 4]) {
                        (_, 0) | (None, _) | (Some(b'X'), _) => x.clone(),
                        (Some(b'L'), _) => l.clone(),
                        (Some(b'T'), _) => t.clone(),
                        _ => i.clone(),
                    }
                })
                .collect();
            format!("{name}({})", args.join(","))
        })
}

fn expr_text() -> impl Strategy<Value = String> {
    atom_text().prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            3 => call_text(inner.clone().boxed()),
            1 => prop::collection::vec(inner, 1..3).prop_map(|v| format!("[{}]", v.join(","))),
        ]
    })
}

/// Checks that a printed calculator answer reads back to the same value.
fn reparses(src: &str, v: &Value) -> Result<(), TestCaseError> {
    let printed = v.to_string();
    prop_assert!(!printed.is_empty(), "{src}: empty answer");
    match v {
        Value::Layout(_) | Value::Tiler(_) => {
            let again = evaluate(&printed);
            prop_assert!(
                again.is_ok(),
                "{src} printed {printed}, which reads as {again:?}"
            );
            prop_assert_eq!(again.unwrap().to_string(), printed.clone(), "{}", src);
            if let Value::Layout(l) = v {
                let parsed = parse_layout(&printed);
                prop_assert!(parsed.is_ok(), "{src} printed {printed}: {parsed:?}");
                let parsed = parsed.unwrap();
                prop_assert!(parsed.shape().eq_values(&l.shape()));
                prop_assert!(parsed.stride().eq_values(&l.stride()));
            }
        }
        Value::Int(i) => {
            let parsed = parse_tuple(&printed);
            prop_assert!(parsed.is_ok(), "{src} printed {printed}: {parsed:?}");
            prop_assert_eq!(parsed.unwrap().as_int().map(|p| p.value), Some(i.value));
        }
        Value::Tuple(t) => {
            let parsed = parse_coord(&printed);
            prop_assert!(parsed.is_ok(), "{src} printed {printed}: {parsed:?}");
            prop_assert!(parsed.unwrap().eq_values(&t), "{src} printed {printed}");
        }
        Value::Swizzle(sw) => {
            let again = evaluate(&format!(
                "swizzle({},{},{})",
                sw.bits(),
                sw.base(),
                sw.shift()
            ));
            prop_assert_eq!(again.map(|a| a.to_string()), Ok(printed.clone()));
        }
        Value::Swizzled(c) => {
            let layout_part = printed.rsplit('o').next().unwrap_or_default();
            let parsed = parse_layout(layout_part);
            prop_assert!(parsed.is_ok(), "{src} printed {printed}: {parsed:?}");
            prop_assert!(parsed.unwrap().shape().eq_values(&c.layout().shape()));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(1000))]

    #[test]
    fn calculator_answers_every_well_formed_expression(src in expr_text()) {
        // Answers without panicking, in one line, and what it prints reads back.
        let line = eval_line(&src);
        prop_assert!(!line.contains('\n'));
        match evaluate(&src) {
            Ok(v) => {
                prop_assert_eq!(&line, &v.to_string());
                reparses(&src, &v)?;
            }
            Err(e) => prop_assert_eq!(line, format!("error: {e}")),
        }
    }
}

#[test]
fn calculator_lines_keep_one_answer_per_line() {
    // Enough lines for the parallel path of `cute eval -`; garbage included.
    let mut input = String::new();
    let mut expected = Vec::new();
    for i in 0..300 {
        let line = match i % 5 {
            0 => format!("size(({i},{i}))"),
            1 => "composition((3,5):(1,4), 10:2)".to_string(),
            2 => "((((".to_string(),
            3 => "\u{fffd}\u{0}:".to_string(),
            _ => format!("size(({},{}))", 1i64 << 40, 1i64 << 40),
        };
        expected.push(eval_line(&line));
        input.push_str(&line);
        input.push('\n');
    }
    let mut out = Vec::new();
    let errors = eval_lines(input.as_bytes(), &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    let got: Vec<&str> = out.lines().collect();
    assert_eq!(got, expected);
    let expected_errors = expected.iter().filter(|l| l.starts_with("error")).count();
    assert_eq!(errors, expected_errors);
    assert_eq!(expected_errors, 241, "size((0,0)) is an error too");
    // A line that is not UTF-8 is an error line, not a failure of the run.
    let mut out = Vec::new();
    eval_lines(&b"size(4)\n\xff\xfe\nsize(8)\n"[..], &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0], "4");
    assert!(lines[1].starts_with("error"));
    assert_eq!(lines[2], "8");
}

/// Evaluates an operation for its panics only, first naming it on stderr when
/// `ROBUSTNESS_TRACE` is set: a stack overflow aborts the process without
/// unwinding, so the last name printed (run with `--nocapture`) is the culprit.
macro_rules! run {
    ($e:expr) => {{
        if std::env::var_os("ROBUSTNESS_TRACE").is_some() {
            eprintln!("{}", stringify!($e));
        }
        let _ = $e;
    }};
}

// ---------------------------------------------------------------------------
// The algebra on random layouts
// ---------------------------------------------------------------------------

/// Every unary operation (plus those taking integers and tuples) on `l`.
fn unary_ops(l: &DLayout, t: &DTuple, u: &DTuple, i: i64, n: i64) {
    run!((l.size(), l.cosize(), l.rank(), l.depth(), l.to_string()));
    run!((l.eval_index(i), l.eval(t), l.idx2crd(i), l.at(i)));
    run!(l.flatten());
    run!(l.clone().with_all_static(true));
    run!(algebra::coalesce(l));
    run!(algebra::coalesce_profile(l, t));
    run!(algebra::coalesce_shape(&l.shape()));
    run!(algebra::filter(l));
    run!(algebra::right_inverse(l));
    run!(algebra::left_inverse(l));
    run!(algebra::complement_default(l));
    run!(algebra::complement(l, t));
    run!(algebra::complement(l, &DTuple::int(DInt::s(i))));
    run!(algebra::make_layout_like(l));
    run!(algebra::nullspace(l));
    run!(algebra::upcast(l, n));
    run!(algebra::downcast(l, n));
    run!(algebra::recast_layout(l, n, i));
    run!(algebra::make_ordered_layout(&l.shape(), t));
    run!(algebra::make_ordered_layout(t, &l.stride()));
    run!(algebra::compact_order(&l.shape(), &l.stride()));
    run!(algebra::greatest_common_domain(&l.shape(), t));
    run!(algebra::tile_to_shape(l, t, None));
    run!(algebra::tile_to_shape(l, t, Some(u)));
    let idx = [0usize, 1, 2, 7, usize::MAX];
    let k = (i.unsigned_abs() % 5) as usize;
    run!(l.select(&idx[..k]));
    run!(l.get_path(&idx[..k]));
    run!((
        l.get(k),
        l.take(k, idx[(k + 1) % 5]),
        l.group(k, idx[(k + 2) % 5]),
    ));
    run!((l.append(l), l.prepend(l), l.replace(idx[k], l)));
    run!((l.slice(t), l.dice(t), l.slice_and_offset(t)));
    run!(crd2idx(t, &l.shape(), &l.stride()));
    run!(idx2crd(t, &l.shape()));
    run!(idx2crd_strided(t, &l.shape(), &l.stride()));
    run!(idx2crd_strided(t, &l.shape(), u));
    run!(crd2idx_compact(t, &l.shape()));
    run!(product_like(&l.shape(), t));
    run!(DLayout::compact(t.clone(), Major::Left));
    run!(DLayout::compact(t.clone(), Major::Right));
    run!(DLayout::new(t.clone(), u.clone()));
    if let Ok(sw) = Swizzle::new(i.rem_euclid(4), n.rem_euclid(4), 3) {
        let s = compose_swizzle(sw, l);
        run!((s.eval(t), s.to_string(), sw.apply(i)));
    }
}

/// The tuple functions, on tuples that may hold `_`.
fn tuple_ops(t: &DTuple, u: &DTuple, i: usize) {
    let _ = (
        t.rank(),
        t.depth(),
        t.leaf_count(),
        t.product(),
        t.sum(),
        t.flatten(),
    );
    let _ = (
        t.get(i),
        t.get_path(&[i, 0, 1]),
        t.take(i, i + 2),
        t.as_tuple(),
    );
    let _ = (
        t.weakly_congruent(u),
        t.compatible(u),
        t.congruent(u),
        t.to_string(),
    );
    let _ = (
        t.is_static(),
        t.fill(DInt::d(3)),
        t.leaf(i),
        t.clone().with_leaf(i, DInt::s(1)),
    );
    let _ = (t.clone().push(u), DTuple::tuple(&[t.clone(), u.clone()]));
}

/// `R(i) == A(B(i))` wherever both sides evaluate: a wrapped stride would break it.
///
/// Skipped when `A` has an empty-tuple mode: C++ cannot evaluate such a layout
/// beyond its domain at all (`crd2idx` of an integer against `()` does not
/// compile), so there is no reference for `A(B(i))` there.
fn functional(a: &DLayout, b: &DLayout, r: &DLayout) -> Result<(), TestCaseError> {
    if a.to_string().contains("()") {
        return Ok(());
    }
    let n = b.size().map(|s| s.value).unwrap_or(0).min(48);
    for i in 0..n {
        if let (Ok(bi), Ok(ri)) = (b.eval_index(i), r.eval_index(i)) {
            if let Ok(abi) = a.eval_index(bi.value) {
                prop_assert_eq!(ri.value, abi.value, "{} o {} = {} at {}", a, b, r, i);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(600))]

    #[test]
    fn unary_algebra_never_panics(
        l in arb_layout(),
        t in arb_tuple(),
        u in arb_tuple(),
        i in wild_int(),
        n in wild_int(),
    ) {
        unary_ops(&l, &t, &u, i, n);
        unary_ops(&l.clone().with_all_static(true), &t.clone().with_all_static(true), &u, i, n);
        tuple_ops(&t, &u, (i.unsigned_abs() % 4) as usize);
        tuple_ops(&l.shape(), &t, (n.unsigned_abs() % 4) as usize);
    }

    #[test]
    fn binary_algebra_never_panics(a in arb_layout(), b in arb_layout(), statics in any::<bool>()) {
        let (a, b) = if statics { (a.with_all_static(true), b.with_all_static(true)) } else { (a, b) };
        if let Ok(r) = algebra::composition(&a, &b) {
            functional(&a, &b, &r)?;
        }
        run!(algebra::logical_divide(&a, &b));
        run!(algebra::zipped_divide(&a, &b));
        run!(algebra::tiled_divide(&a, &b));
        run!(algebra::flat_divide(&a, &b));
        run!(algebra::logical_product(&a, &b));
        run!(algebra::zipped_product(&a, &b));
        run!(algebra::tiled_product(&a, &b));
        run!(algebra::flat_product(&a, &b));
        run!(algebra::blocked_product(&a, &b));
        run!(algebra::raked_product(&a, &b));
        run!(algebra::max_common_vector(&a, &b));
        run!(algebra::max_common_layout(&a, &b));
        run!(algebra::layout_add(&a, &b));
        run!(algebra::zip(&a, &b));
        run!(algebra::greatest_common_domain(&a.shape(), &b.shape()));
        run!(algebra::complement(&a, &b.shape()));
        run!(algebra::tile_to_shape(&a, &b.shape(), Some(&b.stride())));
    }

    #[test]
    fn small_compositions_are_functional(a in small_layout(), b in small_layout(), statics in any::<bool>()) {
        let (a, b) = if statics { (a.with_all_static(true), b.with_all_static(true)) } else { (a, b) };
        if let Ok(r) = algebra::composition(&a, &b) {
            functional(&a, &b, &r)?;
        }
    }

    #[test]
    fn tiler_algebra_never_panics(a in arb_layout(), t in arb_tiler(), statics in any::<bool>()) {
        let Some(t) = t else { return Ok(()) };
        let (a, t) = if statics { (a.with_all_static(true), t.with_all_static(true)) } else { (a, t) };
        run!(t.to_string());
        run!(algebra::composition_tiler(&a, &t));
        run!(algebra::logical_divide_tiler(&a, &t));
        run!(algebra::zipped_divide_tiler(&a, &t));
        run!(algebra::tiled_divide_tiler(&a, &t));
        run!(algebra::flat_divide_tiler(&a, &t));
        run!(algebra::logical_product_tiler(&a, &t));
        run!(algebra::zipped_product_tiler(&a, &t));
        run!(algebra::tiled_product_tiler(&a, &t));
        run!(algebra::flat_product_tiler(&a, &t));
        run!(algebra::tile_unzip(&a, &t));
        // Past the room of a fixed tiler (64 layouts, or its tuples' nodes):
        // refused, never a panic.
        let mut big = t;
        for _ in 0..70 {
            match big.clone().push_layout(a.clone()) {
                Ok(b) => big = b,
                Err(e) => { prop_assert_eq!(e, Error::Capacity); break; }
            }
        }
        run!(algebra::composition_tiler(&a, &big));
    }
}

/// Found by `unary_algebra_never_panics`: `complement`'s `ceil_div_tuple` treated
/// anything that is not an integer as a tuple, and mode 0 of `_` is `_` itself,
/// so the recursion never ended (a stack overflow aborted the process).
#[test]
fn complement_with_placeholder_cotarget() {
    for cotarget in ["(_,8)", "_", "((8,_),2)"] {
        let r = algebra::complement(&"4:2".parse().unwrap(), &cotarget.parse().unwrap());
        assert_eq!(r, Err(Error::ExpectedInt), "{cotarget}");
    }
}

/// Found by `overflowing_arithmetic_is_an_error`: `complement(4:1, i64::MAX)` is
/// `2^61:4`, every value of which fits, but `push_compact` in complement.rs
/// multiplied past the last leaf (`4 * 2^61`) and reported a spurious overflow.
#[test]
fn complement_of_a_huge_cotarget() {
    let cotarget = t(&i64::MAX.to_string()).with_all_static(true);
    let c = algebra::complement(&l("4:1").with_all_static(true), &cotarget);
    let last = i64::MAX / 4 + 1;
    assert_eq!(c.map(|c| c.to_string()), Ok(format!("_{last}:_4")));
    assert_eq!(
        eval_line(&format!("complement(4:1, {})", i64::MAX)),
        format!("{last}:4")
    );
}

// ---------------------------------------------------------------------------
// Overflow is an error, not a wrap
// ---------------------------------------------------------------------------

fn l(s: &str) -> DLayout {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn t(s: &str) -> DTuple {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

const P40: i64 = 1 << 40;
const P62: i64 = 1 << 62;

#[test]
fn overflowing_arithmetic_is_an_error() {
    let big = l(&format!("({P40},{P40}):(1,{P40})"));
    assert_eq!(big.size(), Err(Error::Overflow));
    assert_eq!(big.cosize(), Err(Error::Overflow));
    assert_eq!(l(&format!("{P62}:4")).cosize(), Err(Error::Overflow));
    assert_eq!(l(&format!("2:{}", i64::MIN)).cosize(), Err(Error::Overflow));
    assert_eq!(l(&format!("{P62}:2")).eval_index(P62), Err(Error::Overflow));
    assert_eq!(
        l(&format!("({P62},2):(1,{P62})"))
            .eval_index(P62 + 1)
            .map(|v| v.value),
        Ok(P62 + 1)
    );
    assert_eq!(
        l(&format!("({P62},4):(2,{P62})")).eval_index(i64::MAX),
        Err(Error::Overflow)
    );
    // A compact layout whose strides fit is built even when its size does not
    // (64-bit C++ does the same); asking for the size is the overflow.
    let wide = DLayout::col_major(t(&format!("({P40},{P40})"))).unwrap();
    assert_eq!(wide.to_string(), format!("({P40},{P40}):(_1,{P40})"));
    assert_eq!(wide.size(), Err(Error::Overflow));
    let wide = DLayout::row_major(t(&format!("({P40},{P40},{P40})")));
    assert_eq!(wide, Err(Error::Overflow), "the first stride is 2^80");
    assert_eq!(
        eval_line(&format!("({P40},{P40})")),
        format!("({P40},{P40}):(1,{P40})")
    );
    assert!(eval_line(&format!("size(({P40},{P40}))")).starts_with("error"));
    let last = i64::MAX.to_string();
    assert_eq!(eval_line(&format!("eval(({P40},{P40}), {last})")), last);
    assert_eq!(
        t(&format!("({P40},{P40},{P40})")).product(),
        Err(Error::Overflow)
    );
    assert_eq!(t(&format!("({},1)", i64::MAX)).sum(), Err(Error::Overflow));
    // composition: strides multiply.
    let a = l(&format!("(2,{P40}):(1,{P40})")).with_all_static(true);
    let b = l(&format!("4:{P40}")).with_all_static(true);
    assert!(algebra::composition(&a, &b).is_err());
    let a = l(&format!("8:{P62}")).with_all_static(true);
    assert_eq!(
        algebra::composition(&a, &l("2:4").with_all_static(true)),
        Err(Error::Overflow)
    );
    // products: the complement's cotarget is size(A) * cosize(B).
    let a = l(&format!("{P40}:1")).with_all_static(true);
    let b = l(&format!("{P40}:1")).with_all_static(true);
    assert_eq!(algebra::logical_product(&a, &b), Err(Error::Overflow));
    assert_eq!(algebra::blocked_product(&a, &b), Err(Error::Overflow));
    assert_eq!(algebra::raked_product(&a, &b), Err(Error::Overflow));
    // downcast multiplies shapes and strides.
    assert_eq!(
        algebra::downcast(&l(&format!("({P62},4):(_1,8)")), 4),
        Err(Error::Overflow)
    );
    assert_eq!(
        algebra::downcast(&l(&format!("(4,4):(_1,{P62})")), 4),
        Err(Error::Overflow)
    );
    // crd2idx and idx2crd with huge coordinates.
    assert_eq!(
        crd2idx(&t(&format!("({P62},4)")), &t("(8,8)"), &t("(4,2)")),
        Err(Error::Overflow)
    );
    assert_eq!(
        crd2idx_compact(&t(&format!("(1,{P62})")), &t("(8,8)")),
        Err(Error::Overflow)
    );
    // complement: the layout's reach does not fit.
    let c = algebra::complement(
        &l(&format!("4:{P62}")).with_all_static(true),
        &t(&format!("{}", i64::MAX)),
    );
    assert!(c.is_err(), "{c:?}");
    // ceil_div fails only when the quotient does not fit (a + b - 1 may not).
    assert_eq!(
        DInt::d(i64::MAX).ceil_div(DInt::d(1)),
        Ok(DInt::d(i64::MAX))
    );
    assert_eq!(
        DInt::d(i64::MAX).ceil_div(DInt::d(8)).map(|q| q.value),
        Ok(i64::MAX / 8 + 1)
    );
    assert_eq!(
        DInt::d(i64::MIN).ceil_div(DInt::d(-1)),
        Err(Error::Overflow)
    );
    assert_eq!(DInt::d(5).ceil_div(DInt::d(0)), Err(Error::DivisionByZero));
    // So upcast by a huge factor is exact, not a spurious overflow.
    let r = algebra::upcast(&l("(4,8):(1,0)").with_all_static(true), i64::MAX);
    assert_eq!(r.map(|r| r.to_string()), Ok("(_1,_8):(_1,_0)".to_string()));
    assert_eq!(eval_line(&format!("upcast({P62}:1, {})", i64::MAX)), "1:1");
}

#[test]
fn calculator_overflow_is_an_error() {
    let mut wrong = Vec::new();
    for src in [
        format!("size(({P40},{P40}))"),
        format!("cosize(({P40},{P40}):({P40},1))"),
        format!("cosize({P62}:4)"),
        format!("size((({P62},4),2))"),
        format!("logical_product({P40}:1, {P40}:1)"),
        format!("blocked_product({P40}:1, {P40}:1)"),
        format!("raked_product({P40}:1, {P40}:1)"),
        format!("tile_to_shape({P40}:1, ({P62},{P62}))"),
        format!("composition(8:{P62}, 2:4)"),
        format!("eval({P62}:2, {P62})"),
        format!("crd2idx(({P62},4),(8,8),(4,2))"),
        format!("idx2crd({}, (8,8), {P62})", i64::MAX),
        format!("downcast(({P62},4):(1,8), 4)"),
        "size(9223372036854775808)".to_string(),
        "size(-9223372036854775809)".to_string(),
        format!("complement({P62}:2)"),
        format!("complement(4:{P62}, 9223372036854775807)"),
        format!("max_common_vector({P62}:1, ({P62},2):(1,{P62}))"),
        format!("left_inverse(({P40},{P40}):(1,{P40}))"),
        format!("right_inverse(({P40},{P40}):(1,{P40}))"),
        format!("logical_divide({P62}:1, [{P62}:2])"),
        format!("zipped_divide(({P40},{P40}), ({P40},{P40}):({P40},1))"),
    ] {
        let out = eval_line(&src);
        if out.starts_with("error") {
            continue;
        }
        // An answer is acceptable only if every number in it is right: re-evaluate
        // its pieces with checked arithmetic through the same calculator.
        let v = evaluate(&src).unwrap();
        reparses(&src, &v).unwrap();
        wrong.push(format!("{src} answered {out}"));
    }
    assert!(
        wrong.is_empty(),
        "expected overflow errors:\n{}",
        wrong.join("\n")
    );
}

// ---------------------------------------------------------------------------
// Deep nesting and stack use
// ---------------------------------------------------------------------------

/// An operation run on its own thread by the nesting tests.
type Op = Box<dyn FnOnce() + Send>;

/// Runs `f` on a thread with a 2 MiB stack (the default for spawned threads, and
/// what `cute eval -` workers get).
fn on_small_stack(name: &str, f: impl FnOnce() + Send + 'static) {
    eprintln!("deep nesting: {name}");
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap_or_else(|_| panic!("{name} panicked"));
}

#[test]
fn deepest_tuples_fit_on_a_small_stack() {
    // The fixed forms (the typed layer's compile-time values) at their capacity.
    use cute_types::text::{parse_coord_in, parse_layout_in, parse_tuple_in};
    use cute_types::{FixedLayout, FixedTiler, FixedTuple};
    // CAPACITY - 1 tuple levels around one leaf: CAPACITY nodes, the most a tuple holds.
    let levels = CAPACITY - 1;
    let deep = |leaf: &str| "(".repeat(levels) + leaf + &")".repeat(levels);
    let shape = deep("4");
    let layout = format!("{shape}:{}", deep("2"));
    let two = "(".repeat(CAPACITY - 3) + "(2,3)" + &")".repeat(CAPACITY - 3);
    let full = "(".repeat(CAPACITY) + &")".repeat(CAPACITY);
    assert_eq!(
        parse_tuple_in::<FixedTuple>(&full).map(|t| t.node_count()),
        Ok(CAPACITY)
    );
    let over = "(".repeat(CAPACITY + 1) + &")".repeat(CAPACITY + 1);
    assert!(parse_tuple_in::<FixedTuple>(&over).is_err());
    let huge = "(".repeat(100_000) + "1" + &")".repeat(100_000);
    on_small_stack("parse 100000 levels", move || {
        assert!(parse_tuple_in::<FixedTuple>(&huge).is_err());
        assert!(parse_layout_in::<FixedLayout>(&huge).is_err());
        assert!(parse_coord_in::<FixedTuple>(&huge).is_err());
    });
    for (name, text) in [
        ("one leaf", layout.clone()),
        ("bare", shape.clone()),
        ("two leaves", two),
    ] {
        let text2 = text.clone();
        on_small_stack(&format!("{name}: parse"), move || {
            let _ = parse_layout_in::<FixedLayout>(&text2).unwrap();
        });
        let lay = parse_layout_in::<FixedLayout>(&text).unwrap();
        let coord = lay.shape().fill(DInt::d(1));
        let ops: Vec<(&str, Op)> = vec![
            (
                "display",
                Box::new(move || {
                    let _ = lay.to_string();
                }),
            ),
            (
                "size/cosize/depth",
                Box::new(move || {
                    let _ = (lay.size(), lay.cosize(), lay.depth());
                }),
            ),
            (
                "eval 1-D",
                Box::new(move || {
                    let _ = lay.eval_index(3);
                }),
            ),
            (
                "eval natural",
                Box::new(move || {
                    let _ = lay.eval(&coord);
                }),
            ),
            (
                "idx2crd",
                Box::new(move || {
                    let _ = lay.idx2crd(3);
                }),
            ),
            (
                "idx2crd_strided",
                Box::new(move || {
                    let _ = cute_types::dynamic::fixed::idx2crd_strided(
                        &FixedTuple::d(3),
                        &lay.shape(),
                        &FixedTuple::d(1),
                    );
                }),
            ),
            (
                "crd2idx_compact",
                Box::new(move || {
                    let _ = cute_types::dynamic::fixed::crd2idx_compact(&coord, &lay.shape());
                }),
            ),
            (
                "product_like",
                Box::new(move || {
                    let _ = cute_types::dynamic::fixed::product_like(&lay.shape(), &coord);
                }),
            ),
            (
                "congruence",
                Box::new(move || {
                    let _ = (
                        coord.weakly_congruent(&lay.shape()),
                        coord.compatible(&lay.shape()),
                    );
                }),
            ),
            (
                "row major",
                Box::new(move || {
                    let _ = FixedLayout::row_major(lay.shape());
                }),
            ),
            (
                "coalesce",
                Box::new(move || {
                    let _ = algebra::fixed::coalesce(&lay);
                }),
            ),
            (
                "coalesce_profile",
                Box::new(move || {
                    let _ = algebra::fixed::coalesce_profile(&lay, &lay.shape());
                }),
            ),
            (
                "filter",
                Box::new(move || {
                    let _ = algebra::fixed::filter(&lay);
                }),
            ),
            (
                "inverses",
                Box::new(move || {
                    let _ = (
                        algebra::fixed::right_inverse(&lay),
                        algebra::fixed::left_inverse(&lay),
                    );
                }),
            ),
            (
                "complement",
                Box::new(move || {
                    let _ = (
                        algebra::fixed::complement_default(&lay),
                        algebra::fixed::complement(&lay, &lay.shape()),
                    );
                }),
            ),
            (
                "composition",
                Box::new(move || {
                    let _ = (
                        algebra::fixed::composition(&lay, &lay),
                        algebra::fixed::composition(&l("8:1").to_fixed().unwrap(), &lay),
                    );
                }),
            ),
            (
                "divides",
                Box::new(move || {
                    let _ = (
                        algebra::fixed::logical_divide(&lay, &lay),
                        algebra::fixed::zipped_divide(&lay, &lay),
                        algebra::fixed::tiled_divide(&lay, &lay),
                        algebra::fixed::flat_divide(&lay, &lay),
                    );
                }),
            ),
            (
                "products",
                Box::new(move || {
                    let _ = (
                        algebra::fixed::logical_product(&lay, &lay),
                        algebra::fixed::zipped_product(&lay, &lay),
                        algebra::fixed::blocked_product(&lay, &lay),
                        algebra::fixed::raked_product(&lay, &lay),
                    );
                }),
            ),
            (
                "tilers",
                Box::new(move || {
                    // A tiler's layouts share one tuple's node capacity under
                    // its root, so a full-capacity layout is refused (not lost)
                    // and the deepest layout a tiler holds is one level shallower.
                    let full = lay.shape().node_count() == CAPACITY;
                    let built = FixedTiler::from_layouts(&[lay]);
                    if full {
                        assert_eq!(built.err(), Some(cute_types::Error::Capacity));
                    }
                    let mode = if full { lay.get(0).unwrap() } else { lay };
                    let tiler = FixedTiler::from_layouts(&[mode]).unwrap();
                    let _ = (
                        algebra::fixed::composition_tiler(&lay, &tiler),
                        algebra::fixed::logical_divide_tiler(&lay, &tiler),
                        algebra::fixed::tile_unzip(&lay, &tiler),
                        algebra::fixed::logical_product_tiler(&lay, &tiler),
                    );
                }),
            ),
            (
                "max_common",
                Box::new(move || {
                    let _ = (
                        algebra::fixed::max_common_vector(&lay, &lay),
                        algebra::fixed::max_common_layout(&lay, &lay),
                    );
                }),
            ),
            (
                "make_layout_like",
                Box::new(move || {
                    let _ = algebra::fixed::make_layout_like(&lay);
                }),
            ),
            (
                "make_ordered_layout",
                Box::new(move || {
                    let _ = algebra::fixed::make_ordered_layout(&lay.shape(), &lay.stride());
                }),
            ),
            (
                "nullspace/gcd/add",
                Box::new(move || {
                    let _ = (
                        algebra::fixed::nullspace(&lay),
                        algebra::fixed::greatest_common_domain(&lay.shape(), &lay.shape()),
                        algebra::fixed::layout_add(&lay, &lay),
                    );
                }),
            ),
            (
                "casts",
                Box::new(move || {
                    let _ = (
                        algebra::fixed::upcast(&lay, 2),
                        algebra::fixed::downcast(&lay.with_all_static(true), 2),
                    );
                }),
            ),
            (
                "tile_to_shape",
                Box::new(move || {
                    let _ = algebra::fixed::tile_to_shape(&lay, &lay.shape(), None);
                }),
            ),
            (
                "zip",
                Box::new(move || {
                    let _ = algebra::fixed::zip(&lay, &lay);
                }),
            ),
            (
                "sublayouts",
                Box::new(move || {
                    let _ = (
                        lay.flatten(),
                        lay.slice(&coord),
                        lay.dice(&coord),
                        lay.slice_and_offset(&coord),
                        lay.select(&[0]),
                        lay.group(0, 1),
                    );
                }),
            ),
            (
                "print",
                Box::new(move || {
                    let mut s = String::new();
                    let _ = print_layout(&mut s, &lay);
                }),
            ),
        ];
        for (op, f) in ops {
            on_small_stack(&format!("{name}: {op}"), f);
        }
    }
}

#[test]
fn deepest_tilers_fit_on_a_small_stack() {
    // A tiler nested as deep as allowed, around one layout, applied to a layout
    // nested as deep.
    let mut tiler = DTiler::from_layouts(&[l("2:1")]).unwrap();
    let mut depth = 1;
    let refused = loop {
        match DTiler::new().push_tiler(&tiler) {
            Ok(t) => {
                tiler = t;
                depth += 1;
            }
            Err(e) => break e,
        }
    };
    assert_eq!((depth, refused), (MAX_TILER_DEPTH, Error::TooLarge));
    let a = l(&format!("{}8{}", "(".repeat(depth), ")".repeat(depth)));
    // The closures run on other threads: they share the values, leaked for
    // the test's lifetime (the run-time values are `Clone`, not `Copy`).
    let tiler: &'static DTiler = Box::leak(Box::new(tiler));
    let a: &'static DLayout = Box::leak(Box::new(a));
    let value = tiler;
    let ops: Vec<(&str, Op)> = vec![
        (
            "display",
            Box::new(move || {
                let _ = value.to_string();
            }),
        ),
        (
            "mode",
            Box::new(move || {
                let _ = value.mode(0);
            }),
        ),
        (
            "composition",
            Box::new(move || {
                let _ = algebra::composition_tiler(a, tiler);
            }),
        ),
        (
            "divide",
            Box::new(move || {
                let _ = (
                    algebra::logical_divide_tiler(&a, &tiler),
                    algebra::zipped_divide_tiler(&a, &tiler),
                );
            }),
        ),
        (
            "product",
            Box::new(move || {
                let _ = (
                    algebra::logical_product_tiler(&a, &tiler),
                    algebra::flat_product_tiler(&a, &tiler),
                );
            }),
        ),
        (
            "unzip",
            Box::new(move || {
                let _ = algebra::tile_unzip(&a, &tiler);
            }),
        ),
    ];
    for (op, f) in ops {
        on_small_stack(&format!("deepest tiler: {op}"), f);
    }
}

#[test]
fn results_beyond_the_node_capacity_are_refused() {
    // The fixed forms (the typed layer's compile-time values) at their capacity;
    // the run-time `DLayout` has none (`cute-types/tests/run_time_value.rs`).
    use cute_types::{FixedLayout, FixedTuple};
    let fl = |s: &str| -> FixedLayout { l(s).to_fixed().unwrap() };
    // A flat layout of CAPACITY / 2 leaves: anything holding two of it needs
    // more than CAPACITY nodes.
    let leaves = CAPACITY / 2;
    let wide = fl(&format!("({}2)", "2,".repeat(leaves - 1))).with_all_static(true);
    assert_eq!(wide.shape().node_count(), CAPACITY / 2 + 1);
    assert_eq!(wide.append(&wide), Err(Error::Capacity));
    assert_eq!(wide.prepend(&wide), Err(Error::Capacity));
    assert_eq!(
        FixedTuple::tuple(&[wide.shape(), wide.shape()]),
        Err(Error::Capacity)
    );
    let binary: [(
        &str,
        fn(&FixedLayout, &FixedLayout) -> Result<FixedLayout, Error>,
    ); 12] = [
        ("composition", algebra::fixed::composition),
        ("logical_divide", algebra::fixed::logical_divide),
        ("zipped_divide", algebra::fixed::zipped_divide),
        ("tiled_divide", algebra::fixed::tiled_divide),
        ("flat_divide", algebra::fixed::flat_divide),
        ("logical_product", algebra::fixed::logical_product),
        ("zipped_product", algebra::fixed::zipped_product),
        ("tiled_product", algebra::fixed::tiled_product),
        ("flat_product", algebra::fixed::flat_product),
        ("blocked_product", algebra::fixed::blocked_product),
        ("raked_product", algebra::fixed::raked_product),
        ("zip", algebra::fixed::zip),
    ];
    let mut refused = 0;
    for (name, f) in binary {
        for (a, b) in [(wide, wide), (wide, fl("2:1")), (fl("2:1"), wide)] {
            match f(&a, &b) {
                // Whatever fits must be a well-formed layout; a refusal is typed.
                Ok(r) => assert!(r.shape().node_count() <= CAPACITY, "{name}"),
                Err(Error::Capacity) => refused += 1,
                Err(_) => {}
            }
        }
    }
    assert!(
        refused > 0,
        "some result of two wide layouts must be refused"
    );
    let blocks = fl(&format!("({}2)", "2,".repeat(CAPACITY / 4 - 1))).with_all_static(true);
    let target = wide.shape();
    let r = algebra::fixed::tile_to_shape(&blocks, &target, None);
    assert!(
        r.is_ok() || r == Err(Error::Capacity) || r == Err(Error::TileToShape),
        "{r:?}"
    );
}

#[test]
fn calculator_at_its_nesting_limit_fits_on_a_small_stack() {
    let n = MAX_NESTING;
    let cases = [
        "size(".repeat(n - 1) + "(4,2)" + &")".repeat(n - 1),
        "coalesce(".repeat(n - 1) + "(4,2)" + &")".repeat(n - 1),
        "composition(".repeat(n - 1) + "(8,8)" + &",[2:1,4:1])".repeat(n - 1),
        "logical_divide(".repeat(n / 2) + "(8,8)" + &",[2,2])".repeat(n / 2),
        "(".repeat(n) + "2" + &")".repeat(n),
        format!(
            "eval({}:{},3)",
            "(".repeat(n - 1) + "4" + &")".repeat(n - 1),
            "(".repeat(n - 1) + "2" + &")".repeat(n - 1)
        ),
        "(".repeat(n + 1) + "2" + &")".repeat(n + 1),
        "size(".repeat(n + 1) + "4" + &")".repeat(n + 1),
        "size(".repeat(100_000),
        "[".repeat(100_000),
    ];
    for src in cases {
        let name = format!("calculator: {}...", &src[..src.len().min(30)]);
        on_small_stack(&name, move || {
            let _ = eval_line(&src);
        });
    }
}

/// Found by `calculator_at_its_nesting_limit_fits_on_a_small_stack`: nested
/// tiler literals `[[[…]]]` overflowed a 2 MiB stack from 18 levels in a debug
/// build, below `MAX_NESTING` = 24: each level of `expr::args::build_tiler`, of
/// `DTiler::mode` and of `DTiler`'s `Display` kept several 10 KiB `DTiler`s.
/// `cute eval -` evaluates on 2 MiB worker threads once a chunk has 64 lines,
/// so one such line aborted the whole run. Tilers now nest at most
/// `MAX_TILER_DEPTH` deep, and those three walks no longer hold `DTiler`s per level.
#[test]
fn calculator_nested_tilers_fit_on_a_small_stack() {
    let n = MAX_NESTING;
    for src in [
        "[".repeat(n) + "2" + &"]".repeat(n),
        "[logical_divide(8:1,".repeat(n / 2) + "2" + &")]".repeat(n / 2),
    ] {
        on_small_stack("nested tilers", move || {
            let _ = eval_line(&src);
        });
    }
    let d = MAX_TILER_DEPTH;
    let deepest = "[".repeat(d) + "2" + &"]".repeat(d);
    // (an integer entry prints as the integer)
    assert_eq!(eval_line(&deepest), deepest);
    let deeper = "[".repeat(d + 1) + "2" + &"]".repeat(d + 1);
    let e = eval_line(&deeper);
    assert!(e.starts_with("error: tiler: too large"), "{e}");
}

// ---------------------------------------------------------------------------
// Tensors and printers
// ---------------------------------------------------------------------------

/// Found by `fuzz/` (typed_convert): a tensor over stride-0 modes whose size
/// does not fit in `i64` was admitted, but every 1-D index was refused with
/// `Overflow`; such a domain holds every non-negative `i64` index.
#[test]
fn tensor_with_size_beyond_i64_takes_1d_indices() {
    let lay: DLayout = "(4611686018427387904,4):(0,0)".parse().unwrap();
    assert_eq!(lay.size(), Err(Error::Overflow));
    let data = [7u8];
    let ten = Tensor::new(&data[..], lay).unwrap();
    assert_eq!(ten.get(0), Ok(&7));
    assert_eq!(ten.get(i64::MAX), Ok(&7));
    assert_eq!(ten.index_of(5), Ok(0));
    assert_eq!(ten.get(-1), Err(Error::OutOfDomain));
    // Coordinates by mode are checked mode by mode as before.
    assert_eq!(ten.get((1i64, 3i64)), Ok(&7));
    assert_eq!(ten.get((1i64, 4i64)), Err(Error::OutOfDomain));
}

/// Found by `fuzz/` (typed_convert): `iter()` over such a tensor walked nothing
/// (the offsets' size overflowed `usize` and the error became an empty walk).
#[test]
fn tensor_iter_with_size_beyond_usize_walks_its_elements() {
    let lay: DLayout = "((()),_9223372036854775806,_2,(_2)):((()),_0,_1,(1))"
        .parse()
        .unwrap();
    let data = [10u8, 11, 12];
    let ten = Tensor::new(&data[..], lay).unwrap();
    assert_eq!(ten.size(), usize::MAX);
    let first: Vec<u8> = ten.iter().take(5).copied().collect();
    assert_eq!(first, [10, 10, 10, 10, 10]);
    // The walk has no exact length; `size_hint` says so.
    assert_eq!(ten.iter().size_hint(), (usize::MAX, None));
    // `offsets()` keeps its documented error.
    assert!(matches!(ten.offsets(), Err(Error::Overflow)));
    // A size that fits `usize` keeps its exact length.
    let lay: DLayout = "(_4611686018427387904,_2):(_0,_1)".parse().unwrap();
    let ten = Tensor::new(&data[..], lay).unwrap();
    assert_eq!(ten.iter().size_hint(), (1 << 63, Some(1 << 63)));
}

proptest! {
    #![proptest_config(config(300))]

    #[test]
    fn tensors_refuse_out_of_range_coordinates(lay in arb_layout(), c in arb_tuple(), i in wild_int(), off in wild_int()) {
        let data = [0u8; 64];
        match Tensor::with_offset(&data[..], lay.clone(), off) {
            Ok(ten) => {
                // Every index the tensor hands out lies inside the storage.
                for x in [i, 0, 1, -1, i64::MAX, i64::MIN] {
                    if let Ok(k) = ten.index_of(x) {
                        prop_assert!((0..64).contains(&k), "{lay} + {off} at {x}: {k}");
                    }
                    let _ = ten.get(x);
                }
                let _ = ten.get(&c);
                let _ = ten.index_of(&c);
                let _ = ten.clone().slice(c.clone());
                let _ = ten.clone().flatten();
                let _ = ten.clone().group_modes(0, 2);
                let _ = ten.clone().logical_divide(&lay);
                // Walking every element: only where there are few (stride-0 modes
                // let a small storage hold a huge domain).
                if lay.size().is_ok_and(|s| s.value <= 4096) {
                    let _ = ten.to_string();
                    let _ = ten.iter().count();
                    let _ = ten.offsets().map(|o| o.count());
                }
                let mut owned = [0u8; 64];
                if let Ok(mut m) = Tensor::with_offset(&mut owned[..], lay.clone(), off) {
                    let _ = m.set(i, 1);
                    let _ = m.set(&c, 1);
                    if lay.size().is_ok_and(|s| s.value <= 4096) {
                        let _ = m.for_each_mut(|v| *v = v.wrapping_add(1));
                    }
                }
            }
            Err(e) => prop_assert!(matches!(e, Error::OutOfStorage | Error::Overflow | Error::NonPositiveShape), "{e:?}"),
        }
        let _ = cute_typed::tensor::make_identity_tensor(&c);
        let _ = cute_typed::tensor::make_identity_tensor(&lay.shape()).map(|id| id.coord(i));
    }

    #[test]
    fn tiling_and_partitioning_never_panic(
        lay in arb_layout(),
        thr in arb_layout(),
        c in arb_tuple(),
        i in wild_int(),
        n in wild_int(),
        t in arb_tiler(),
    ) {
        use cute_typed::tensor::{local_tile_layout, shape_tiler, thread_coord, Partition, TileGrid};
        let _ = thread_coord(&thr, i);
        let _ = thread_coord(&thr, n);
        if let Ok(p) = Partition::new(&lay, &thr) {
            for x in [i, n, 0, p.threads() - 1] {
                let _ = p.thread(x);
            }
        }
        let _ = Partition::projected(&lay, &thr, &[true, false]);
        let mut tilers = vec![shape_tiler(&thr.shape()), shape_tiler(&c)];
        if let Some(t) = t {
            tilers.push(Ok(t));
        }
        for tiler in tilers.into_iter().flatten() {
            if let Ok(g) = TileGrid::new(&lay, &tiler) {
                let _ = (g.offset(&[i]), g.offset(&[0, n]), g.offset(&[i, n, 0]), g.tiles());
                let _ = (g.tile(&c), g.tile(&DTuple::d(i)));
            }
            let _ = local_tile_layout(&lay, &tiler, &c);
        }
    }

    #[test]
    fn printers_never_panic(lay in arb_layout()) {
        // The table has no size limit (it prints what it is asked for), so only
        // small layouts go there; the pictures refuse large ones themselves.
        if lay.size().is_ok_and(|s| s.value <= 1024) {
            let mut s = String::new();
            let _ = print_layout(&mut s, &lay);
        }
        if let Ok(grid) = LayoutGrid::new(&lay) {
            let mut svg = String::new();
            let _ = print_svg(&mut svg, &grid);
            let mut tex = String::new();
            let _ = print_latex(&mut tex, &grid);
        }
    }
}

#[test]
fn huge_tables_and_storage_are_refused() {
    use cute::tv::{render_tv_picture, PictureFormat, TvLayout, TvPictureSpec};
    use cute_typed::tensor::{make_tensor_owned, GemmConfig};
    // An owned tensor whose storage cannot exist: an error, not a capacity
    // overflow panic or an allocation abort.
    // (Sizes beyond any address space, so that no system can grant them.)
    for shape in [format!("{P62}:1"), format!("{}:1", 1i64 << 58)] {
        let r = make_tensor_owned(l(&shape), 0u64);
        assert!(
            matches!(r, Err(Error::TooLarge)),
            "{shape}: {:?}",
            r.map(|_| ())
        );
    }
    // A GEMM thread layout with more threads than memory holds flags for.
    let threads = l(&format!(
        "({},{}):(1,{})",
        1i64 << 31,
        1i64 << 31,
        1i64 << 31
    ));
    let r = GemmConfig::new((1 << 31, 1 << 31, 8), threads);
    assert!(matches!(r, Err(Error::TooLarge)), "{:?}", r.map(|_| ()));
    // TV pictures: a tile too large to draw, a layout whose stride-0 modes make
    // 2^80 (thread, value) pairs, and a thread count times value count that
    // does not fit in i64.
    let tv = |layout: &str, tile: &str| {
        render_tv_picture(&TvPictureSpec::Tv { layout, tile }, PictureFormat::Svg)
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    let big = tv("(2,2):(1,2)", "100000,100000").unwrap_err();
    assert!(big.contains("at most 65536"), "{big}");
    let zero = format!("({},{}):(0,0)", 1i64 << 40, 1i64 << 40);
    let e = tv(&zero, "2,1").unwrap_err();
    assert!(e.contains("too large"), "{e}");
    let broadcast = TvLayout::new(l(&zero), 1, 1).unwrap();
    assert_eq!(broadcast.owners().map(|_| ()), Err(Error::TooLarge));
    assert_eq!(broadcast.is_bijective(), Ok(false));
    let wide = TvLayout::new(l(&format!("({P62},4):(0,0)")), 1, 1).unwrap();
    assert_eq!(wide.is_bijective(), Ok(false));
    // Thread coordinates: i64::MIN / -1 and a zero extent are errors.
    use cute_typed::tensor::thread_coord;
    assert_eq!(
        thread_coord(&l("(4,2):(-1,4)"), i64::MIN),
        Err(Error::Overflow)
    );
    let empty = DLayout::new_unchecked_shape(t("(0,2)"), t("(1,1)")).unwrap();
    assert_eq!(thread_coord(&empty, 5), Err(Error::DivisionByZero));
    // Ordinary pictures still work.
    assert!(tv("((4,8),(2,2)):((32,1),(16,8))", "16,8").is_ok());
}

/// The slicing placeholder `_` is not a shape or stride: no constructor accepts
/// it (the algebra's walks would not terminate on a layout of it).
#[test]
fn placeholder_layouts_are_refused() {
    use cute_types::{DLayout, DTuple, Error};
    let u = DTuple::underscore();
    assert_eq!(
        DLayout::new_unchecked_shape(u.clone(), u.clone()).map(|_| ()),
        Err(Error::PlaceholderInLayout)
    );
    let t = DTuple::tuple(&[DTuple::s(2), u]).unwrap();
    assert_eq!(
        DLayout::new_unchecked_shape(t.clone(), t.clone()).map(|_| ()),
        Err(Error::PlaceholderInLayout)
    );
    assert!(DLayout::new(t.clone(), t).is_err());
}
