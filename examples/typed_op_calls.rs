//! Calls one typed operation of `benches/vs-cpp` (the "typed" column: `i64`
//! leaves built in the loop) N times, so that callgrind can count its
//! instructions per call, a figure that does not move with the machine's load:
//!
//! `benches/vs-cpp/instr.sh` (instructions per call of each operation), or
//! `valgrind --tool=callgrind target/release/examples/typed_op_calls composition 1000`
//! and `callgrind_annotate` for where they go.
use std::hint::black_box;

use cute::typed::*;
use cute::Error;

fn v(x: i64) -> i64 {
    black_box(x)
}

fn run(op: &str) -> Result<(), Error> {
    match op {
        "composition" => {
            let a = Layout::new((v(4), (v(2), v(3))), (v(1), (v(4), v(8))))?;
            let b = Layout::new((v(2), v(3)), (v(3), v(1)))?;
            black_box(composition(a, b)?);
        }
        "logical_divide" => {
            let a = Layout::new((v(128), v(64)), (v(1), v(128)))?;
            black_box(logical_divide(
                a,
                (Layout::new(v(32), v(1))?, Layout::new(v(16), v(1))?),
            )?);
        }
        "zipped_divide" => {
            let a = Layout::new((v(128), v(64)), (v(1), v(128)))?;
            black_box(zipped_divide(
                a,
                (Layout::new(v(32), v(1))?, Layout::new(v(16), v(1))?),
            )?);
        }
        "logical_product" => {
            let a = Layout::new((v(4), v(8)), (v(8), v(1)))?;
            black_box(logical_product(
                a,
                (Layout::new(v(2), v(1))?, Layout::new(v(4), v(1))?),
            )?);
        }
        "coalesce" => {
            black_box(coalesce(Layout::new(
                ((v(4), v(8)), (v(2), (v(2), v(4)))),
                ((v(1), v(4)), (v(32), (v(64), v(128)))),
            )?)?);
        }
        "complement" => {
            black_box(complement(Layout::new(v(4), v(2))?, v(64))?);
        }
        "right_inverse" => {
            black_box(right_inverse(Layout::new(
                (v(2), (v(8), v(2)), v(8)),
                (v(16), (v(32), v(8)), v(1)),
            )?)?);
        }
        "comp_mixed" => {
            let b = make_layout_strided((_4, _6), (_1, _4));
            black_box(composition(
                Layout::new((_4, (_2, v(6))), (_1, (_4, v(8))))?,
                b,
            )?);
        }
        _ => return Err(Error::FailedOperand),
    }
    Ok(())
}

fn main() {
    let mut args = std::env::args().skip(1);
    let op = args.next().unwrap_or_default();
    let n: u32 = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    for _ in 0..n {
        run(&op).expect("the operation succeeds");
    }
}
