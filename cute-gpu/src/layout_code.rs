//! Turning layouts into code: a layout `L` evaluated at a run-time index (the
//! thread index) becomes shifts, masks and multiply-adds with every shape and
//! stride baked in as an immediate; evaluated at generation-time indices (the
//! values a thread owns) it becomes address offsets.
use crate::ptx::{kind, BinOp, KernelBuilder, Reg};
use cute_types::{DLayout, Error};

/// The flattened modes `(shape, stride)` of `l`, colexicographic (first mode fastest).
pub fn flat_modes(l: &DLayout) -> Vec<(i64, i64)> {
    let (s, d) = (l.shape(), l.stride());
    (0..s.leaf_count())
        .map(|k| (s.leaf(k).value, d.leaf(k).value))
        .collect()
}

/// `L(i)` for every `i` in `[0, size(L))`.
pub fn all_offsets(l: &DLayout) -> Result<Vec<i64>, Error> {
    let n = l.size()?.value;
    (0..n).map(|i| l.at(i)).collect()
}

/// Emits code computing `L(idx)` for a run-time `idx` in `[0, size(L))`.
///
/// Each flattened mode `k` contributes `((idx / prefix_k) mod shape_k) · stride_k`,
/// with `prefix_k` the product of the shapes before it. Powers of two become
/// shifts and masks; modes of stride 0 or shape 1 emit nothing; the last mode
/// needs no modulo because `idx < size(L)`.
pub fn emit_eval(b: &mut KernelBuilder, l: &DLayout, idx: Reg<kind::U32>) -> Reg<kind::U32> {
    let modes = flat_modes(l);
    let mut acc: Option<Reg<kind::U32>> = None;
    let mut prefix: i64 = 1;
    for (k, &(shape, stride)) in modes.iter().enumerate() {
        let last = k + 1 == modes.len();
        if stride != 0 && shape != 1 {
            let shifted = if prefix == 1 {
                idx
            } else if is_pow2(prefix) {
                b.shr(idx, prefix.trailing_zeros())
            } else {
                b.bin(BinOp::Div, idx, prefix as u32)
            };
            let coord = if last {
                shifted
            } else if is_pow2(shape) {
                b.bin(BinOp::And, shifted, (shape - 1) as u32)
            } else {
                b.bin(BinOp::Rem, shifted, shape as u32)
            };
            acc = Some(match acc {
                None if stride == 1 => coord,
                None if stride > 0 && is_pow2(stride) => b.shl(coord, stride.trailing_zeros()),
                None => b.mul(coord, stride as i32),
                Some(a) => b.mad_lo(coord, stride as i32, a),
            });
        }
        prefix *= shape;
    }
    match acc {
        Some(a) => a,
        None => b.mov(0u32),
    }
}

fn is_pow2(v: i64) -> bool {
    v > 0 && (v & (v - 1)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ptx::Special;
    use crate::sim::{Grid, Simulator};

    #[test]
    fn offsets_of_a_column_major_layout() {
        let l: DLayout = "(2,3):(1,2)".parse().unwrap();
        assert_eq!(all_offsets(&l).unwrap(), vec![0, 1, 2, 3, 4, 5]);
    }

    #[test]
    fn emitted_code_matches_the_layout_for_every_thread() {
        // powers of two, a non-power-of-two shape, a stride-0 mode and a nested mode
        for text in [
            "(4,8,2):(4,512,64)",
            "(3,(2,5)):(7,(0,100))",
            "((2,2),(4,2)):((1,16),(2,64))",
        ] {
            let l: DLayout = text.parse().unwrap();
            let mut b = KernelBuilder::new("eval");
            let out = b.param::<kind::U64>("out");
            let o = b.ld_param(&out);
            let t = b.special(Special::TidX);
            let v = emit_eval(&mut b, &l, t);
            let off = b.mul_wide(t, 4u32);
            let addr = b.add(o, off);
            b.st::<kind::U32>(
                crate::ptx::Space::Global,
                &[v.into()],
                crate::ptx::Address::at(addr, 0),
            );
            b.ret();
            let k = b.finish();
            let n = l.size().unwrap().value as usize;
            let mut sim = Simulator::new();
            let buf = sim.alloc(4 * n);
            sim.launch(&k, Grid::new((1, 1), n as u32), &[buf.into()])
                .unwrap();
            let got: Vec<i64> = sim.read_u32(buf, n).into_iter().map(|x| x as i64).collect();
            assert_eq!(got, all_offsets(&l).unwrap(), "layout {text}");
        }
    }
}
