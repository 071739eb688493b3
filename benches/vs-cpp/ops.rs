//! The Rust side of `benches/vs-cpp/run.sh`: the operations of `ops.cpp`, timed
//! the same way (median over 31 rounds of the mean of 200,000 calls), in two forms:
//!
//! * **typed**: `Layout<…>` with `i64` leaves built inside the timed loop from
//!   `black_box`ed values, as C++ builds its `int` layouts; the typed algebra;
//! * **parsed**: compact layouts ([`DLayout`]) parsed once before the loop
//!   (run-time structure); the run-time instantiation of the algebra
//!   (`algebra::rt`).
//!
//! Every result is checked once against the text CuTe C++ 4.2 prints for the
//! same operation (`SHOW=1` on the C++ side), so both sides compute the same thing.
//!
//! Run: `cargo bench --bench vs_cpp` (prints `name<TAB>typed ns<TAB>parsed ns`).
//!
//! Instruction counts: with `VS_CPP_OP=name VS_CPP_CALLS=n` the binary runs only
//! the parsed form of that operation, `n` times, untimed (for
//! `valgrind --tool=callgrind`: `(Ir(n) - Ir(0)) / n` instructions per call).
use std::hint::black_box;
use std::time::Instant;

use cute::algebra::rt as algebra;
use cute::dynamic::rt::{DLayout, DTiler, DTuple};
use cute::typed::*;
use cute::Error;

const ITERS: u32 = 200_000;
const ROUNDS: usize = 31;

/// Median over [`ROUNDS`] of the mean time per call of [`ITERS`] calls, in ns.
fn median_ns<R>(mut f: impl FnMut() -> R) -> f64 {
    let mut t: Vec<f64> = (0..ROUNDS)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..ITERS {
                black_box(f());
            }
            start.elapsed().as_nanos() as f64 / f64::from(ITERS)
        })
        .collect();
    t.sort_by(f64::total_cmp);
    t[t.len() / 2]
}

/// A run-time value the optimiser cannot see through.
fn v(x: i64) -> i64 {
    black_box(x)
}

fn dl(s: &str) -> DLayout {
    s.parse().expect("a layout literal")
}

fn tiler(modes: &[&str]) -> DTiler {
    let layouts: Vec<DLayout> = modes.iter().map(|m| dl(m)).collect();
    DTiler::from_layouts(&layouts).expect("a tiler")
}

/// Checks both forms once against C++'s text, then times them.
fn case<T: std::fmt::Display, P: std::fmt::Display>(
    name: &'static str,
    cpp: &str,
    mut typed: impl FnMut() -> Result<T, Error>,
    mut parsed: impl FnMut() -> Result<P, Error>,
) {
    if let Ok(op) = std::env::var("VS_CPP_OP") {
        if op == name {
            let calls: u32 = std::env::var("VS_CPP_CALLS")
                .ok()
                .and_then(|c| c.parse().ok())
                .unwrap_or(0);
            for _ in 0..calls {
                let _ = black_box(parsed());
            }
        }
        return;
    }
    let t = typed().expect("the typed operation succeeds").to_string();
    let p = parsed().expect("the parsed operation succeeds").to_string();
    assert_eq!(t, cpp, "{name} (typed) differs from C++");
    assert_eq!(p, cpp, "{name} (parsed) differs from C++");
    println!("{name}\t{:.2}\t{:.2}", median_ns(typed), median_ns(parsed));
}

/// A coordinate pair printed as CuTe does.
struct Pair(i64, i64);

impl std::fmt::Display for Pair {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({},{})", self.0, self.1)
    }
}

fn main() {
    let comp_a = dl("(4,(2,3)):(1,(4,8))");
    let comp_b = dl("(2,3):(3,1)");
    let div_a = dl("(128,64):(1,128)");
    let div_t = tiler(&["32:1", "16:1"]);
    let prod_a = dl("(4,8):(8,1)");
    let prod_t = tiler(&["2:1", "4:1"]);
    let coal = dl("((4,8),(2,(2,4))):((1,4),(32,(64,128)))");
    let comp4 = dl("4:2");
    let rinv = dl("(2,(8,2),8):(16,(32,8),1)");
    let coord: DTuple = "(5,7)".parse().expect("a tuple");
    let (a, b) = (black_box(&comp_a), black_box(&comp_b));
    case(
        "composition",
        "((2,1,1),(3,1,1)):((3,4,8),(1,4,8))",
        || {
            let a = Layout::new((v(4), (v(2), v(3))), (v(1), (v(4), v(8))))?;
            let b = Layout::new((v(2), v(3)), (v(3), v(1)))?;
            composition(a, b)
        },
        || algebra::composition(a, b),
    );
    let (a, t) = (black_box(&div_a), black_box(&div_t));
    case(
        "logical_divide",
        "((32,(1,4)),(16,(1,4))):((1,(1,32)),(128,(128,2048)))",
        || {
            let a = Layout::new((v(128), v(64)), (v(1), v(128)))?;
            logical_divide(a, (Layout::new(v(32), v(1))?, Layout::new(v(16), v(1))?))
        },
        || algebra::logical_divide_tiler(a, t),
    );
    case(
        "zipped_divide",
        "((32,16),((1,4),(1,4))):((1,128),((1,32),(128,2048)))",
        || {
            let a = Layout::new((v(128), v(64)), (v(1), v(128)))?;
            zipped_divide(a, (Layout::new(v(32), v(1))?, Layout::new(v(16), v(1))?))
        },
        || algebra::zipped_divide_tiler(a, t),
    );
    let (pa, pt) = (black_box(&prod_a), black_box(&prod_t));
    case(
        "logical_product",
        "((4,(2,1)),(8,(1,4))):((8,(1,32)),(1,(1,8)))",
        || {
            let a = Layout::new((v(4), v(8)), (v(8), v(1)))?;
            logical_product(a, (Layout::new(v(2), v(1))?, Layout::new(v(4), v(1))?))
        },
        || algebra::logical_product_tiler(pa, pt),
    );
    let c = black_box(&coal);
    case(
        "coalesce",
        "(4,8,2,2,4):(1,4,32,64,128)",
        || {
            coalesce(Layout::new(
                ((v(4), v(8)), (v(2), (v(2), v(4)))),
                ((v(1), v(4)), (v(32), (v(64), v(128)))),
            )?)
        },
        || algebra::coalesce(c),
    );
    let c4 = black_box(&comp4);
    case(
        "complement",
        "(2,8):(_1,8)",
        || complement(Layout::new(v(4), v(2))?, v(64)),
        || algebra::complement(c4, &DTuple::d(v(64))),
    );
    let r = black_box(&rinv);
    case(
        "right_inverse",
        "_1:_0",
        || {
            right_inverse(Layout::new(
                (v(2), (v(8), v(2)), v(8)),
                (v(16), (v(32), v(8)), v(1)),
            )?)
        },
        || algebra::right_inverse(r),
    );
    let k = black_box(&coord);
    case(
        "crd2idx",
        "901",
        || Layout::new((v(128), v(64)), (v(1), v(128)))?.eval((v(5), v(7))),
        || Ok(a.eval(k)?.value),
    );
    case(
        "idx2crd",
        "(5,7)",
        || {
            let (m, n) =
                Layout::new((v(128), v(64)), (v(1), v(128)))?.idx2crd(v(128) * v(7) + v(5))?;
            Ok(Pair(m, n))
        },
        || a.idx2crd(v(128) * v(7) + v(5)),
    );
    // A mixed layout: typed (`Mixed<…>`, the static leaves in the type) and parsed.
    let mixed_a = dl("(_4,(_2,6)):(_1,(_4,8))");
    let mixed_b = dl("(_4,_6):(_1,_4)");
    let (ma, mb) = (black_box(&mixed_a), black_box(&mixed_b));
    let static_b = make_layout_strided((_4, _6), (_1, _4));
    case(
        "comp_mixed",
        "(_4,(_2,_3)):(_1,(_4,8))",
        || composition(Layout::new((_4, (_2, v(6))), (_1, (_4, v(8))))?, static_b),
        || algebra::composition(ma, mb),
    );
    let typed = composition(
        Layout::new((_4, (_2, v(6))), (_1, (_4, v(8)))).expect("a layout"),
        static_b,
    )
    .expect("the composition");
    let parsed = algebra::composition(ma, mb).expect("the composition");
    let (t, p) = (black_box(&typed), black_box(&parsed));
    case(
        "eval_mixed",
        "13",
        || t.eval_index(v(8) + v(5)),
        || Ok(p.eval_index(v(8) + v(5))?.value),
    );
}
