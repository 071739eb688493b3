//! Calls one typed operation of `benches/vs-cpp` (the "typed" column: `i64`
//! leaves built in the loop) N times, so that callgrind can count its
//! instructions per call, a figure that does not move with the machine's load:
//!
//! `benches/vs-cpp/instr.sh` (instructions per call of each operation), or
//! `valgrind --tool=callgrind target/release/examples/typed_op_calls composition 1000`
//! and `callgrind_annotate` for where they go. The `parsed_*` and
//! `fixed_eval` cases time the run-time-structure forms (`DLayout`s, and the
//! typed layer's 64-node `FixedLayout`, parsed once) of the evaluations and of
//! `logical_divide`.
use std::hint::black_box;
use std::sync::LazyLock;

use cute::typed::*;
use cute::Error;
use cute::{DLayout, DTiler, DTuple};

fn v(x: i64) -> i64 {
    black_box(x)
}

static PARSED_MIXED: LazyLock<DLayout> =
    LazyLock::new(|| "(_4,(_2,_3)):(_1,(_4,8))".parse().expect("a layout"));
static FIXED_MIXED: LazyLock<cute::FixedLayout> =
    LazyLock::new(|| "(_4,(_2,_3)):(_1,(_4,8))".parse().expect("a layout"));
static PARSED_DIV: LazyLock<DLayout> =
    LazyLock::new(|| "(128,64):(1,128)".parse().expect("a layout"));
static DIV_TILER: LazyLock<DTiler> = LazyLock::new(|| {
    let (a, b) = (
        "32:1".parse().expect("a layout"),
        "16:1".parse().expect("a layout"),
    );
    DTiler::from_layouts(&[a, b]).expect("a tiler")
});
/// A tensor over a run-time `DLayout` (the element access of the `DLayout` path).
static TENSOR: LazyLock<cute::tensor::Tensor<Vec<i32>, DLayout>> =
    LazyLock::new(|| cute::tensor::make_tensor_owned(PARSED_DIV.clone(), 0i32).expect("a tensor"));
static COORD: LazyLock<DTuple> = LazyLock::new(|| "(5,7)".parse().expect("a tuple"));

/// The operation named `op`, as a function to call in the loop (the name is
/// matched once, so that the count is the operation's alone).
fn pick(op: &str) -> Option<fn() -> Result<(), Error>> {
    Some(match op {
        "composition" => || {
            let a = Layout::new((v(4), (v(2), v(3))), (v(1), (v(4), v(8))))?;
            let b = Layout::new((v(2), v(3)), (v(3), v(1)))?;
            black_box(composition(a, b)?);
            Ok(())
        },
        "logical_divide" => || {
            let a = Layout::new((v(128), v(64)), (v(1), v(128)))?;
            black_box(logical_divide(
                a,
                (Layout::new(v(32), v(1))?, Layout::new(v(16), v(1))?),
            )?);
            Ok(())
        },
        "zipped_divide" => || {
            let a = Layout::new((v(128), v(64)), (v(1), v(128)))?;
            black_box(zipped_divide(
                a,
                (Layout::new(v(32), v(1))?, Layout::new(v(16), v(1))?),
            )?);
            Ok(())
        },
        "logical_product" => || {
            let a = Layout::new((v(4), v(8)), (v(8), v(1)))?;
            black_box(logical_product(
                a,
                (Layout::new(v(2), v(1))?, Layout::new(v(4), v(1))?),
            )?);
            Ok(())
        },
        "coalesce" => || {
            black_box(coalesce(Layout::new(
                ((v(4), v(8)), (v(2), (v(2), v(4)))),
                ((v(1), v(4)), (v(32), (v(64), v(128)))),
            )?)?);
            Ok(())
        },
        "complement" => || {
            black_box(complement(Layout::new(v(4), v(2))?, v(64))?);
            Ok(())
        },
        "right_inverse" => || {
            black_box(right_inverse(Layout::new(
                (v(2), (v(8), v(2)), v(8)),
                (v(16), (v(32), v(8)), v(1)),
            )?)?);
            Ok(())
        },
        "comp_mixed" => || {
            let b = make_layout_strided((_4, _6), (_1, _4));
            black_box(composition(
                Layout::new((_4, (_2, v(6))), (_1, (_4, v(8))))?,
                b,
            )?);
            Ok(())
        },
        // The parsed forms of the evaluation cases (compact layouts made once).
        "parsed_eval" => || {
            black_box(black_box(&*PARSED_MIXED).eval_index(v(8) + v(5))?);
            Ok(())
        },
        "fixed_eval" => || {
            black_box(black_box(&*FIXED_MIXED).eval_index(v(8) + v(5))?);
            Ok(())
        },
        "parsed_logical_divide" => || {
            black_box(cute::algebra::logical_divide_tiler(
                black_box(&*PARSED_DIV),
                black_box(&*DIV_TILER),
            )?);
            Ok(())
        },
        "tensor_get" => || {
            black_box(black_box(&*TENSOR).get((v(5), v(7)))?);
            Ok(())
        },
        "parsed_crd2idx" => || {
            black_box(black_box(&*PARSED_DIV).eval(black_box(&*COORD))?);
            Ok(())
        },
        "parsed_idx2crd" => || {
            black_box(black_box(&*PARSED_DIV).idx2crd(v(128) * v(7) + v(5))?);
            Ok(())
        },
        _ => return None,
    })
}

fn main() {
    let mut args = std::env::args().skip(1);
    let op = args.next().unwrap_or_default();
    let n: u32 = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let f = pick(&op).expect("an operation of the list");
    for _ in 0..n {
        f().expect("the operation succeeds");
    }
}
