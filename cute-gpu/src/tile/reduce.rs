//! Reductions over a group of consecutive threads: a tree over each thread's
//! values, butterfly shuffles across the warp, then the warps' partials through
//! shared memory. Built from the tile layer's own instructions
//! ([`TileKernel::max_f32`], [`TileKernel::shfl_bfly_f32`]) and shared memory,
//! so a kernel using it stays checked.
//!
//! ```
//! use cute_gpu::tile::{Reduce, ThreadValues, TileKernel};
//! use cute_typed::_1;
//! // y[i] = 2^(x[i] − max x) over a row of 512 values, one block of 128 threads
//! let mut k = TileKernel::new("row_exp2", 128)?;
//! let (x, y, n) = (k.input::<f32>("x")?, k.output::<f32>("y")?, k.scalar("n")?);
//! let gx = k.global(&x, &[n.into()], &[_1.into()])?;
//! let gy = k.global(&y, &[n.into()], &[_1.into()])?;
//! let zero = k.builder().mov(0u32);
//! let (tx, ty) = (gx.tile(&[512], &[zero])?, gy.tile(&[512], &[zero])?);
//! let tv = ThreadValues::new("(128,4):(4,1)", &[512])?;
//! let f = k.fragment::<f32>("4:1")?;
//! k.load(&tx, &f, &tv)?;
//! let v: Vec<_> = (0..4).map(|i| f.reg(i).unwrap()).collect();
//! let m = k.reduce(Reduce::Max, &v, 128)?;
//! for &x in &v {
//!     let d = k.builder().sub(x, m);
//!     let e = k.exp2_approx(d)?;
//!     k.builder().mov_to(x, e);
//! }
//! k.store(&f, &ty, &tv)?;
//! let program = k.finish()?;
//! assert!(program.is_checked());
//! assert_eq!(program.ptx().matches("shfl.sync.bfly.b32").count(), 5);
//! # Ok::<(), cute_gpu::tile::TileError>(())
//! ```
use super::kernel::TileKernel;
use super::TileError;
use crate::ptx::kind::{Pred, F32, U32};
use crate::ptx::{Address, BinOp, Cmp, Reg, Space, Special};

/// How [`TileKernel::reduce`] combines two values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reduce {
    /// the larger (`max.f32`; −∞ is the identity)
    Max,
    /// the sum (`add.f32`; 0 is the identity)
    Sum,
}

impl TileKernel {
    fn combine(&mut self, op: Reduce, x: Reg<F32>, y: Reg<F32>) -> Result<Reg<F32>, TileError> {
        match op {
            Reduce::Max => self.max_f32(x, y),
            Reduce::Sum => Ok(self.own()?.add(x, y)),
        }
    }

    /// `op` over `v` as a balanced tree (independent operations, short chains).
    fn tree(&mut self, op: Reduce, mut v: Vec<Reg<F32>>) -> Result<Reg<F32>, TileError> {
        while v.len() > 1 {
            let mut next = Vec::with_capacity(v.len().div_ceil(2));
            for pair in v.chunks(2) {
                next.push(match pair {
                    [x, y] => self.combine(op, *x, *y)?,
                    _ => pair[0],
                });
            }
            v = next;
        }
        Ok(v[0])
    }

    /// `op` over this thread's `vals` and over the `group` consecutive threads
    /// `⌊tid/group⌋·group ..` that share its group; every thread of the group
    /// gets the result. Preconditions (else [`TileError::Layout`]): `vals` is not
    /// empty, `group` is a power of two dividing the block's threads, and when
    /// `group > 1` the threads are a multiple of 32 (the shuffles name all 32
    /// lanes of a warp). Past one warp the warps' partials meet in shared memory
    /// (`threads/32` words) behind one `bar.sync`: every thread of the block must
    /// reach it, so call this outside divergent code.
    pub fn reduce(
        &mut self,
        op: Reduce,
        vals: &[Reg<F32>],
        group: u32,
    ) -> Result<Reg<F32>, TileError> {
        let threads = self.threads();
        if vals.is_empty() {
            return Err(TileError::Layout("a reduction needs at least one value"));
        }
        if !group.is_power_of_two() || group > threads || !threads.is_multiple_of(group) {
            return Err(TileError::Layout(
                "a reduction group is a power of two that divides the block's threads",
            ));
        }
        if group > 1 && !threads.is_multiple_of(32) {
            return Err(TileError::Layout(
                "a reduction over threads needs whole warps (threads a multiple of 32)",
            ));
        }
        let mut r = self.tree(op, vals.to_vec())?;
        let mut lanes = group.min(32) / 2;
        while lanes > 0 {
            let o = self.shfl_bfly_f32(r, lanes)?;
            r = self.combine(op, r, o)?;
            lanes /= 2;
        }
        if group <= 32 {
            return Ok(r);
        }
        let warps = threads / 32;
        let sm = self.shared::<f32>(format!("{warps}:1").as_str())?;
        let b = self.own()?;
        let tid = b.special(Special::TidX);
        let base = b.symbol_address(&sm.symbol);
        let warp = b.shr(tid, 5);
        let warp = b.shl(warp, 2);
        let mine = b.add(base, warp);
        let lane = b.bin(BinOp::And, tid, 31u32);
        let lane0: Reg<Pred> = b.setp(Cmp::Eq, lane, 0u32);
        b.when(lane0)
            .st::<F32>(Space::Shared, &[r.into()], Address::at(mine, 0));
        b.bar_sync();
        // the group's warps: words ⌊tid/group⌋·(group/32) ..
        let g = b.shr(tid, group.trailing_zeros());
        let first: Reg<U32> = b.shl(g, (group / 32).trailing_zeros() + 2);
        let first = b.add(base, first);
        let parts = b.regs::<F32>((group / 32) as usize);
        for (k, c) in parts.chunks(4).enumerate() {
            b.ld(Space::Shared, false, c, Address::at(first, 16 * k as i64));
        }
        self.tree(op, parts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::{Bf16, Element, ThreadValues};
    use cute_typed::_1;

    /// A kernel of `threads` threads that loads `values` per thread of a row of
    /// `E`, reduces them over `group` threads with `op`, and stores `2^(v − r)`.
    fn row_kernel<E: Element>(
        threads: u32,
        values: u32,
        group: u32,
        op: Reduce,
    ) -> Result<String, TileError> {
        let mut k = TileKernel::new("row", threads)?;
        let (x, y, n) = (k.input::<E>("x")?, k.output::<E>("y")?, k.scalar("n")?);
        let gx = k.global(&x, &[n.into()], &[_1.into()])?;
        let gy = k.global(&y, &[n.into()], &[_1.into()])?;
        let zero = k.builder().mov(0u32);
        let w = threads * values;
        let (tx, ty) = (gx.tile(&[w], &[zero])?, gy.tile(&[w], &[zero])?);
        let tv = ThreadValues::new(format!("({threads},{values}):({values},1)").as_str(), &[w])?;
        let f = k.fragment::<E>(format!("{values}:1").as_str())?;
        k.load(&tx, &f, &tv)?;
        let mut v = Vec::new();
        for i in 0..values as usize {
            v.push(k.to_f32::<E>(f.reg(i).unwrap())?);
        }
        let r = k.reduce(op, &v, group)?;
        for (i, &x) in v.iter().enumerate() {
            let d = k.builder().sub(x, r);
            let e = k.exp2_approx(d)?;
            let e = k.from_f32::<E>(e)?;
            k.builder().mov_to(f.reg(i).unwrap(), e);
        }
        k.store(&f, &ty, &tv)?;
        let p = k.finish()?;
        assert!(p.is_checked(), "a reduction keeps the program checked");
        Ok(p.ptx())
    }

    fn count(ptx: &str, what: &str) -> usize {
        ptx.matches(what).count()
    }

    #[test]
    fn a_group_past_a_warp_meets_in_shared_memory() {
        let ptx = row_kernel::<f32>(256, 4, 128, Reduce::Max).unwrap();
        // a tree over 4 values (3), then 5 butterfly steps, then 4 warps' partials (3)
        assert_eq!(count(&ptx, "shfl.sync.bfly.b32"), 5);
        assert_eq!(count(&ptx, "max.f32"), 3 + 5 + 3);
        assert_eq!(count(&ptx, "bar.sync 0;"), 1);
        assert_eq!(count(&ptx, "st.shared.f32"), 1);
        assert_eq!(count(&ptx, "ld.shared.v4.f32"), 1);
        assert_eq!(count(&ptx, "ex2.approx.ftz.f32"), 4);
        // one word per warp of the block (8)
        assert!(ptx.contains(".shared .align 16 .b8 row_smem0[32];"));
    }

    #[test]
    fn a_group_inside_a_warp_only_shuffles() {
        let ptx = row_kernel::<f32>(128, 2, 8, Reduce::Sum).unwrap();
        // lanes 4, 2, 1: the group of 8 lanes, no shared memory, no barrier
        for lanes in [4, 2, 1] {
            assert!(ptx.contains(&format!(", {lanes}, 0x1f, 0xffffffff;")));
        }
        assert_eq!(count(&ptx, "shfl.sync.bfly.b32"), 3);
        assert_eq!(count(&ptx, "bar.sync"), 0);
        assert_eq!(count(&ptx, "add.f32"), 1 + 3);
        let ptx = row_kernel::<f32>(128, 2, 1, Reduce::Sum).unwrap();
        assert_eq!(count(&ptx, "shfl.sync"), 0);
        let ptx = row_kernel::<Bf16>(64, 8, 64, Reduce::Max).unwrap();
        assert_eq!(count(&ptx, "bar.sync"), 1);
        assert_eq!(count(&ptx, "ld.shared.v2.f32"), 1);
    }

    #[test]
    fn groups_that_do_not_tile_the_block_are_refused() {
        for group in [0, 3, 48, 512] {
            let e = row_kernel::<f32>(256, 4, group, Reduce::Max).unwrap_err();
            assert!(
                matches!(e, TileError::Layout(m) if m.contains("reduction group")),
                "{group}"
            );
        }
        let mut k = TileKernel::new("partial", 48).unwrap();
        let a = k.builder().mov(1.0f32);
        assert!(k.reduce(Reduce::Sum, &[a], 16).is_err());
        assert!(k.reduce(Reduce::Sum, &[a], 1).is_ok());
        let mut k = TileKernel::new("empty", 32).unwrap();
        assert!(matches!(
            k.reduce(Reduce::Sum, &[], 32),
            Err(TileError::Layout(_))
        ));
    }
}
