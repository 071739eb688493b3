//! Turning layouts into code: a layout `L` evaluated at a run-time index (the
//! thread index) becomes shifts, masks and multiply-adds with every shape and
//! stride baked in as an immediate; evaluated at generation-time indices (the
//! values a thread owns) it becomes address offsets.
//!
//! Both go through the core's (cute-types') evaluation engine ([`cute_typed::dynamic::Terms`],
//! the one definition of `layout → offset`): [`emit_eval`] emits PTX for each
//! of the engine's terms `((idx / div) mod extent)·stride`, and
//! [`all_offsets`] evaluates the layout with the engine at generation time.
use crate::ptx::{kind, BinOp, KernelBuilder, Reg};
use cute_typed::dynamic::Terms;
use cute_typed::{DLayout, Error};

/// The flattened modes `(shape, stride)` of `l`, colexicographic (first mode fastest).
pub fn flat_modes(l: &DLayout) -> Vec<(i64, i64)> {
    Terms::new(l)
        .map(|t| (t.extent.value, t.stride.value))
        .collect()
}

/// `L(i)` for every `i` in `[0, size(L))`.
pub fn all_offsets(l: &DLayout) -> Result<Vec<i64>, Error> {
    let n = l.size()?.value;
    (0..n).map(|i| l.at(i)).collect()
}

/// Emits code computing `L(idx)` for a run-time `idx` in `[0, size(L))`.
///
/// The engine's term of leaf `k` is `((idx / div_k) mod shape_k) · stride_k`,
/// with `div_k` the product of the shapes before it. Powers of two become
/// shifts and masks; terms of stride 0 or shape 1 emit nothing, and so do terms
/// whose divisor exceeds every `u32` index; the leaf taking the rest needs no
/// modulo (and, as `idx < size(L)`, no other leaf would be reduced by it).
pub fn emit_eval(b: &mut KernelBuilder, l: &DLayout, idx: Reg<kind::U32>) -> Reg<kind::U32> {
    let mut acc: Option<Reg<kind::U32>> = None;
    for t in Terms::new(l) {
        let (shape, stride) = (t.extent.value, t.stride.value);
        let prefix = match t.div {
            Some(d) if d.value <= i64::from(u32::MAX) => d.value,
            // `idx / div` is 0 for every `u32` index: the term vanishes.
            _ => continue,
        };
        if stride == 0 || shape == 1 {
            continue;
        }
        let shifted = if prefix == 1 {
            idx
        } else if is_pow2(prefix) {
            b.shr(idx, prefix.trailing_zeros())
        } else {
            b.bin(BinOp::Div, idx, prefix as u32)
        };
        let coord = if t.takes_rest {
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

    /// Runs `emit_eval(l, tid)` on the simulator, one thread per index of `l`.
    fn simulated_offsets(l: &DLayout) -> Vec<u32> {
        let mut b = KernelBuilder::new("eval");
        let out = b.param::<kind::U64>("out");
        let o = b.ld_param(&out);
        let t = b.special(Special::TidX);
        let v = emit_eval(&mut b, l, t);
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
        sim.read_u32(buf, n)
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
            let got: Vec<i64> = simulated_offsets(&l).into_iter().map(i64::from).collect();
            assert_eq!(got, all_offsets(&l).unwrap(), "layout {text}");
        }
    }

    /// The three consumers of the engine agree: the emitted PTX (run on the
    /// simulator, `u32` arithmetic), the engine's `DInt` evaluation, and the
    /// compile-time plan of static layouts, on layouts of every nesting in the
    /// list with shapes 1 to 5, negative, zero and power-of-two strides.
    #[test]
    fn ptx_engine_and_static_plan_agree() {
        let nestings = [
            "#",
            "(#,#)",
            "(#,#,#)",
            "(#,(#,#))",
            "((#,#),#)",
            "(#,())",
            "((#,#),(#,#))",
            "(#,((#,#),#))",
        ];
        let shapes = [1i64, 2, 3, 4, 5];
        let strides = [0i64, 1, 2, 3, -2, 8, 7];
        // A fixed pseudo-random sample of the combinations (xorshift).
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = |n: usize| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % n as u64) as usize
        };
        for nesting in nestings {
            for _ in 0..40 {
                let (mut st, mut dt) = (String::new(), String::new());
                for ch in nesting.chars() {
                    if ch == '#' {
                        st += &shapes[next(shapes.len())].to_string();
                        dt += &strides[next(strides.len())].to_string();
                    } else {
                        st.push(ch);
                        dt.push(ch);
                    }
                }
                let l: DLayout = format!("{st}:{dt}").parse().unwrap();
                let want: Vec<u32> = all_offsets(&l)
                    .unwrap()
                    .into_iter()
                    .map(|v| v as u32)
                    .collect();
                assert_eq!(simulated_offsets(&l), want, "{l}");
            }
        }
        // Static layouts: the typed compile-time plan gives the same offsets.
        fn check<L: cute_typed::typed::StaticLayout>(r: L) {
            let l = DLayout::from_fixed(&L::LAYOUT);
            let n = l.size().unwrap().value;
            let plan: Vec<u32> = (0..n).map(|i| r.eval_index(i).unwrap() as u32).collect();
            assert_eq!(simulated_offsets(&l), plan, "{l}");
        }
        use cute_typed::typed::*;
        let a = make_layout_strided((_4, (_2, _3)), (_3, (_1, _24)));
        check(composition(a, make_layout_strided((_3, _8), (_8, _1))));
        check(zipped_divide(
            make_layout_strided((_8, _16), (_16, _1)),
            (_2, _4),
        ));
        check(logical_divide(
            make_layout_strided((_3, (_1, _5), _2), (_7, (_0, _2), _0)),
            _3,
        ));
    }
}
