//! References for checking a GEMM: an fp64 kernel (for the GPU) and the same sum
//! on the host, plus seeded random inputs.
use super::problem::{Major, Problem};
use crate::ptx::{
    kind::{F32, F64, U32, U64},
    Address, BinOp, Bounds, Cmp, Kernel, KernelBuilder, Space, Special,
};

/// Threads per block of the reference kernel: 32 along M times 8 along N.
pub const REFERENCE_BLOCK: (u32, u32) = (32, 8);

/// The fp64 reference kernel: for each `(m, n)`, `R = Σ_k A(m,k)·B(k,n)` and
/// `S = Σ_k |A(m,k)|·|B(k,n)|`, accumulated with `fma.rn.f64` in k order.
///
/// Parameters: `a, b, r, s` (pointers), `m, n, k`, the element strides
/// `a_sm, a_sk, b_sk, b_sn`, and `ldr` (R and S are column-major).
pub fn reference_kernel() -> Kernel {
    let mut b = KernelBuilder::new("gemm_reference_f64");
    b.bounds(Bounds {
        max_ntid: Some(REFERENCE_BLOCK.0 * REFERENCE_BLOCK.1),
        ..Bounds::default()
    });
    let names = ["a", "b", "r", "s"];
    let ptr_params: Vec<_> = names.iter().map(|n| b.param::<U64>(n)).collect();
    let int_names = ["m", "n", "k", "a_sm", "a_sk", "b_sk", "b_sn", "ldr"];
    let int_params: Vec<_> = int_names.iter().map(|n| b.param::<U32>(n)).collect();
    let ptrs: Vec<_> = ptr_params.iter().map(|p| b.ld_param(p)).collect();
    let ints: Vec<_> = int_params.iter().map(|p| b.ld_param(p)).collect();
    let (m, n, k) = (ints[0], ints[1], ints[2]);
    let (a_sm, a_sk, b_sk, b_sn, ldr) = (ints[3], ints[4], ints[5], ints[6], ints[7]);
    let tid = b.special(Special::TidX);
    let bx = b.special(Special::CtaidX);
    let by = b.special(Special::CtaidY);
    let lane = b.bin(BinOp::And, tid, REFERENCE_BLOCK.0 - 1);
    let row = b.shr(tid, REFERENCE_BLOCK.0.trailing_zeros());
    let gm = b.mad_lo(bx, REFERENCE_BLOCK.0, lane);
    let gn = b.mad_lo(by, REFERENCE_BLOCK.1, row);
    let exit = b.label();
    let in_m = b.setp(Cmp::Lt, gm, m);
    let in_n = b.setp(Cmp::Lt, gn, n);
    let inside = b.and_pred(in_m, in_n);
    b.unless(inside).bra(exit);
    let ea = b.mul_wide(gm, a_sm);
    let ba = b.shl(ea, 2);
    let pa = b.add(ptrs[0], ba);
    let eb = b.mul_wide(gn, b_sn);
    let bb = b.shl(eb, 2);
    let pb = b.add(ptrs[1], bb);
    let da = b.mul_wide(a_sk, 4u32);
    let db = b.mul_wide(b_sk, 4u32);
    let acc = b.mov::<F64>(0.0f64);
    let sacc = b.mov::<F64>(0.0f64);
    let i = b.mov::<U32>(0u32);
    let store = b.label();
    let empty = b.setp(Cmp::Eq, k, 0u32);
    b.when(empty).bra(store);
    let lp = b.label();
    b.place(lp);
    let x = b.reg::<F32>();
    let y = b.reg::<F32>();
    b.ld(Space::Global, true, &[x], Address::at(pa, 0));
    b.ld(Space::Global, true, &[y], Address::at(pb, 0));
    let xd = b.cvt_f64_f32(x);
    let yd = b.cvt_f64_f32(y);
    b.fma_to(acc, xd, yd, acc);
    let xa = b.abs(xd);
    let ya = b.abs(yd);
    b.fma_to(sacc, xa, ya, sacc);
    b.add_to(pa, pa, da);
    b.add_to(pb, pb, db);
    b.add_to(i, i, 1u32);
    let more = b.setp(Cmp::Lt, i, k);
    b.when(more).bra(lp);
    b.place(store);
    let gmw = b.cvt_u64_u32(gm);
    let idx = b.mad_wide(gn, ldr, gmw);
    let off = b.shl(idx, 3);
    let pr = b.add(ptrs[2], off);
    let ps = b.add(ptrs[3], off);
    b.st::<F64>(Space::Global, &[acc.into()], Address::at(pr, 0));
    b.st::<F64>(Space::Global, &[sacc.into()], Address::at(ps, 0));
    b.place(exit);
    b.ret();
    b.finish()
}

/// The element strides `(a_sm, a_sk, b_sk, b_sn)` of a problem.
pub fn element_strides(p: &Problem) -> (usize, usize, usize, usize) {
    let (a_sm, a_sk) = match p.layout.a {
        Major::Mn => (1, p.lda),
        Major::K => (p.lda, 1),
    };
    let (b_sk, b_sn) = match p.layout.b {
        Major::K => (1, p.ldb),
        Major::Mn => (p.ldb, 1),
    };
    (a_sm, a_sk, b_sk, b_sn)
}

/// `(R, S)` of one entry on the host, in the same order and precision as the kernel.
pub fn host_entry(p: &Problem, a: &[f32], b: &[f32], i: usize, j: usize) -> (f64, f64) {
    let mut r = 0.0f64;
    let mut s = 0.0f64;
    for kk in 0..p.k {
        let x = a[p.a_index(i, kk)] as f64;
        let y = b[p.b_index(kk, j)] as f64;
        r = x.mul_add(y, r);
        s = x.abs().mul_add(y.abs(), s);
    }
    (r, s)
}

/// `(R, S)` of every entry on the host (column-major, `m × n`), for small problems.
pub fn host_reference(p: &Problem, a: &[f32], b: &[f32]) -> (Vec<f64>, Vec<f64>) {
    let mut r = vec![0.0; p.m * p.n];
    let mut s = vec![0.0; p.m * p.n];
    for j in 0..p.n {
        for i in 0..p.m {
            let (x, y) = host_entry(p, a, b, i, j);
            r[i + j * p.m] = x;
            s[i + j * p.m] = y;
        }
    }
    (r, s)
}

/// SplitMix64: a small seeded generator for test inputs.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator with seed `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `[-1, 1)`, rounded to f32.
    pub fn uniform(&mut self) -> f32 {
        let u = (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        (2.0 * u - 1.0) as f32
    }
    /// An integer in `{-2, …, 2}` as f32.
    pub fn small_int(&mut self) -> f32 {
        (self.next_u64() % 5) as f32 - 2.0
    }
    /// A uniform index below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
    /// `n` uniform values.
    pub fn uniform_vec(&mut self, n: usize) -> Vec<f32> {
        (0..n).map(|_| self.uniform()).collect()
    }
    /// `n` small integers.
    pub fn small_int_vec(&mut self, n: usize) -> Vec<f32> {
        (0..n).map(|_| self.small_int()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gemm::GemmLayout;
    use crate::sim::{Arg, Grid, Simulator};

    #[test]
    fn host_reference_of_a_known_product() {
        // A = [[1,2],[3,4]] (nn: column-major), B = [[5,6],[7,8]]
        let p = Problem::new(2, 2, 2, "nn".parse().unwrap());
        let a = [1.0, 3.0, 2.0, 4.0];
        let b = [5.0, 7.0, 6.0, 8.0];
        let (r, s) = host_reference(&p, &a, &b);
        assert_eq!(r, vec![19.0, 43.0, 22.0, 50.0]);
        assert_eq!(s, r);
        let (r2, s2) = host_reference(&p, &[-1.0, 3.0, 2.0, 4.0], &b);
        assert_eq!(r2[0], -5.0 + 14.0);
        assert_eq!(s2[0], 5.0 + 14.0);
    }

    #[test]
    fn the_reference_kernel_matches_the_host_in_the_simulator() {
        let mut rng = Rng::new(7);
        for layout in GemmLayout::ALL {
            let p = Problem::new(37, 11, 5, layout);
            let a = rng.uniform_vec(p.a_len());
            let bv = rng.uniform_vec(p.b_len());
            let (hr, hs) = host_reference(&p, &a, &bv);
            let mut sim = Simulator::new();
            let (da, db) = (sim.alloc_f32(&a), sim.alloc_f32(&bv));
            let (dr, ds) = (sim.alloc(8 * p.m * p.n), sim.alloc(8 * p.m * p.n));
            let (a_sm, a_sk, b_sk, b_sn) = element_strides(&p);
            let args: Vec<Arg> = [da, db, dr, ds]
                .into_iter()
                .map(Arg::from)
                .chain(
                    [p.m, p.n, p.k, a_sm, a_sk, b_sk, b_sn, p.m]
                        .into_iter()
                        .map(|v| Arg::U32(v as u32)),
                )
                .collect();
            let grid = Grid::new(
                (
                    p.m.div_ceil(REFERENCE_BLOCK.0 as usize) as u32,
                    p.n.div_ceil(REFERENCE_BLOCK.1 as usize) as u32,
                ),
                REFERENCE_BLOCK.0 * REFERENCE_BLOCK.1,
            );
            sim.launch(&reference_kernel(), grid, &args).unwrap();
            assert_eq!(sim.read_f64(dr, p.m * p.n), hr, "{layout}");
            assert_eq!(sim.read_f64(ds, p.m * p.n), hs, "{layout}");
        }
    }

    #[test]
    fn random_inputs_are_seeded_and_in_range() {
        let a = Rng::new(1).uniform_vec(1000);
        assert_eq!(a, Rng::new(1).uniform_vec(1000));
        assert!(a.iter().all(|v| (-1.0..1.0).contains(v)));
        let ints = Rng::new(2).small_int_vec(1000);
        for v in -2..=2 {
            assert!(ints.contains(&(v as f32)));
        }
    }
}
