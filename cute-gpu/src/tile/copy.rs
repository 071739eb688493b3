//! Copies between tensors, partitioned over threads by a [`ThreadValues`]
//! layout: vector widths read off the layouts ([`super::vector`]), every global
//! element predicated on its coordinates.
use super::element::Element;
use super::kernel::TileKernel;
use super::partition::ThreadValues;
use super::tensor::{Fragment, GlobalTile, SharedTensor};
use super::vector::{global_width, static_width};
use super::{Ix, TileError};
use crate::layout_code::emit_eval;
use crate::ptx::{
    kind, Address, BinOp, Cmp, Instr, KernelBuilder, Operand, Reg, RegId, Space, Special, Src, Ty,
};

mod sealed {
    pub trait Sealed {}
}

/// A tensor a copy reads or writes: a [`GlobalTile`] or a [`SharedTensor`].
pub trait TileMemory<E: Element>: sealed::Sealed {
    #[doc(hidden)]
    fn memory(&self) -> Memory<'_, E>;
}

#[doc(hidden)]
pub enum Memory<'a, E> {
    Global(&'a GlobalTile<E>),
    Shared(&'a SharedTensor<E>),
}

impl<E> sealed::Sealed for GlobalTile<E> {}
impl<E> sealed::Sealed for SharedTensor<E> {}
impl<E: Element> TileMemory<E> for GlobalTile<E> {
    fn memory(&self) -> Memory<'_, E> {
        Memory::Global(self)
    }
}
impl<E: Element> TileMemory<E> for SharedTensor<E> {
    fn memory(&self) -> Memory<'_, E> {
        Memory::Shared(self)
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Dir {
    Load,
    Store,
}

fn mismatch(what: &'static str, expected: &[u32], found: &[u32]) -> TileError {
    TileError::ShapeMismatch {
        what,
        expected: expected.iter().map(|&x| x as i64).collect(),
        found: found.iter().map(|&x| x as i64).collect(),
    }
}

fn and(b: &mut KernelBuilder, p: Option<Reg<kind::Pred>>, q: Reg<kind::Pred>) -> Reg<kind::Pred> {
    match p {
        Some(p) => b.and_pred(p, q),
        None => q,
    }
}

fn src(b: &mut KernelBuilder, i: Ix, scalars: &[crate::ptx::Param<kind::U32>]) -> Src<kind::U32> {
    match i {
        Ix::Static(v) => v.into(),
        Ix::Scalar(s) => b.ld_param(&scalars[s.index]).into(),
    }
}

/// Emits one access of `regs` (consecutive elements) at `at`, guarded by `p`:
/// up to 4 lanes of the element type, or 8 16-bit elements as 4 `.b32` lanes
/// (packed on store, unpacked on load, under the same guard).
#[allow(clippy::too_many_arguments)]
fn emit_access<E: Element>(
    b: &mut KernelBuilder,
    dir: Dir,
    space: Space,
    nc: bool,
    p: Option<Reg<kind::Pred>>,
    regs: &[Reg<E::Kind>],
    at: Address,
    checked: bool,
) {
    let push = |b: &mut KernelBuilder, i: Instr| {
        if checked {
            b.push_checked(p, i)
        } else {
            b.push_raw(p, i)
        }
    };
    let bin = |b: &mut KernelBuilder, op, dst: RegId, a: RegId, imm: Operand| {
        b.push_raw(
            p,
            Instr::Bin {
                op,
                ty: Ty::B32,
                dst,
                a: Operand::Reg(a),
                b: imm,
            },
        )
    };
    let ids: Vec<RegId> = regs.iter().map(|r| r.id()).collect();
    if ids.len() <= 4 {
        let i = match dir {
            Dir::Load => Instr::Ld {
                space,
                nc,
                ty: E::TY,
                dst: ids,
                addr: at,
            },
            Dir::Store => Instr::St {
                space,
                ty: E::TY,
                src: ids.into_iter().map(Operand::Reg).collect(),
                addr: at,
            },
        };
        push(b, i);
        return;
    }
    let lanes: Vec<RegId> = b
        .regs::<kind::U32>(ids.len() / 2)
        .iter()
        .map(|r| r.id())
        .collect();
    match dir {
        Dir::Load => {
            push(
                b,
                Instr::Ld {
                    space,
                    nc,
                    ty: Ty::B32,
                    dst: lanes.clone(),
                    addr: at,
                },
            );
            for (k, &l) in lanes.iter().enumerate() {
                bin(b, BinOp::And, ids[2 * k], l, Operand::Int(0xFFFF));
                bin(b, BinOp::Shr, ids[2 * k + 1], l, Operand::Int(16));
            }
        }
        Dir::Store => {
            for (k, &l) in lanes.iter().enumerate() {
                let lo = b.reg::<kind::U32>().id();
                bin(b, BinOp::And, lo, ids[2 * k], Operand::Int(0xFFFF));
                bin(b, BinOp::Shl, l, ids[2 * k + 1], Operand::Int(16));
                bin(b, BinOp::Or, l, l, Operand::Reg(lo));
            }
            let src = lanes.into_iter().map(Operand::Reg).collect();
            push(
                b,
                Instr::St {
                    space,
                    ty: Ty::B32,
                    src,
                    addr: at,
                },
            );
        }
    }
}

impl TileKernel {
    fn check_partition(
        &self,
        tv: &ThreadValues,
        tile: &[u32],
        values: usize,
    ) -> Result<(), TileError> {
        if tv.threads() != self.threads as usize {
            return Err(mismatch(
                "threads of the thread-value layout",
                &[self.threads],
                &[tv.threads() as u32],
            ));
        }
        if tv.tile() != tile {
            return Err(mismatch(
                "tile extents of the thread-value layout",
                tile,
                tv.tile(),
            ));
        }
        if values != tv.values() {
            return Err(mismatch(
                "fragment size",
                &[tv.values() as u32],
                &[values as u32],
            ));
        }
        Ok(())
    }

    /// Loads thread `t`'s values `TV(t, ·)` of `src` into `dst` (value `v` into
    /// `dst.reg(v)`); returns the vector width used (elements per load).
    /// Global elements outside the tensor's extents load as zero.
    pub fn load<E: Element>(
        &mut self,
        src: &impl TileMemory<E>,
        dst: &Fragment<E>,
        tv: &ThreadValues,
    ) -> Result<usize, TileError> {
        self.access(src.memory(), dst, tv, Dir::Load)
    }

    /// Stores `src`'s values into thread `t`'s elements `TV(t, ·)` of `dst`;
    /// returns the vector width used. Global elements outside the tensor's
    /// extents are not written.
    pub fn store<E: Element>(
        &mut self,
        src: &Fragment<E>,
        dst: &impl TileMemory<E>,
        tv: &ThreadValues,
    ) -> Result<usize, TileError> {
        self.access(dst.memory(), src, tv, Dir::Store)
    }

    /// `dst = src` over the tile, through a fragment of `tv.values()` registers:
    /// a [`TileKernel::load`] then a [`TileKernel::store`], each vectorised as
    /// its own layout allows. Returns both widths.
    pub fn copy<E: Element>(
        &mut self,
        src: &impl TileMemory<E>,
        dst: &impl TileMemory<E>,
        tv: &ThreadValues,
    ) -> Result<(usize, usize), TileError> {
        let frag = self.fragment::<E>(format!("{}:1", tv.values()).as_str())?;
        let wl = self.load(src, &frag, tv)?;
        let ws = self.store(&frag, dst, tv)?;
        Ok((wl, ws))
    }

    /// `dst = src` with `fast` where its vectors are aligned at run time, else
    /// with `safe`: a uniform branch on the scalar strides (every block takes
    /// the same side). With odd leading dimensions a 4-wide plan falls back lane
    /// by lane, each lane a strided access; a `safe` layout whose threads are
    /// consecutive along the contiguous mode keeps those accesses coalesced.
    /// Both layouts cover the same tile; returns both pairs of widths.
    pub fn copy_with<E: Element>(
        &mut self,
        src: &impl TileMemory<E>,
        dst: &impl TileMemory<E>,
        fast: &ThreadValues,
        safe: &ThreadValues,
    ) -> Result<[(usize, usize); 2], TileError> {
        let mut cond = None;
        for mem in [src.memory(), dst.memory()] {
            if let Memory::Global(g) = mem {
                if g.tensor.kernel != self.uid {
                    return Err(TileError::ForeignHandle);
                }
                if let Some(p) = self.alignment(g, fast)? {
                    let b = self.own()?;
                    cond = Some(and(b, cond, p));
                }
            }
        }
        let Some(cond) = cond else {
            let w = self.copy(src, dst, fast)?;
            return Ok([w, w]);
        };
        let b = self.own()?;
        let (other, end) = (b.label(), b.label());
        b.unless(cond).bra_uniform(other);
        let wf = self.copy(src, dst, fast)?;
        self.own()?.bra_uniform(end);
        self.own()?.place(other);
        let ws = self.copy(src, dst, safe)?;
        self.own()?.place(end);
        Ok([wf, ws])
    }

    /// The run-time condition of `tv`'s vector plan on `g`: its scalar strides
    /// (other than the vector's mode) are multiples of the width; `None` when
    /// the plan has none.
    fn alignment<E: Element>(
        &mut self,
        g: &GlobalTile<E>,
        tv: &ThreadValues,
    ) -> Result<Option<Reg<kind::Pred>>, TileError> {
        if tv.tile() != g.tile.as_slice() {
            return Err(mismatch(
                "tile extents of the thread-value layout",
                &g.tile,
                tv.tile(),
            ));
        }
        let plan = global_width(tv, &g.tensor.stride, E::BYTES);
        let scalars = self.scalar_params.clone();
        let b = self.own()?;
        let mut cond = None;
        if plan.width > 1 {
            for (i, &s) in g.tensor.stride.iter().enumerate() {
                if let (true, Ix::Scalar(_)) = (i != plan.mode, s) {
                    let s = src(b, s, &scalars);
                    let low = b.bin(crate::ptx::BinOp::And, s, (plan.width - 1) as u32);
                    let ok = b.setp(Cmp::Eq, low, 0u32);
                    cond = Some(and(b, cond, ok));
                }
            }
        }
        Ok(cond)
    }

    fn access<E: Element>(
        &mut self,
        mem: super::copy::Memory<'_, E>,
        frag: &Fragment<E>,
        tv: &ThreadValues,
        dir: Dir,
    ) -> Result<usize, TileError> {
        if frag.kernel != self.uid {
            return Err(TileError::ForeignHandle);
        }
        match mem {
            Memory::Shared(s) => {
                if s.kernel != self.uid {
                    return Err(TileError::ForeignHandle);
                }
                self.check_partition(tv, &s.tile, frag.len())?;
                self.shared_access(s, frag, tv, dir)
            }
            Memory::Global(g) => {
                if g.tensor.kernel != self.uid {
                    return Err(TileError::ForeignHandle);
                }
                if dir == Dir::Store && !g.tensor.writable {
                    return Err(TileError::ReadOnly);
                }
                self.check_partition(tv, &g.tile, frag.len())?;
                self.global_access(g, frag, tv, dir)
            }
        }
    }

    fn regs_of<E: Element>(
        frag: &Fragment<E>,
        v0: usize,
        w: usize,
    ) -> Result<Vec<Reg<E::Kind>>, TileError> {
        (v0..v0 + w)
            .map(|v| frag.reg(v).ok_or(TileError::Layout("fragment register")))
            .collect()
    }

    fn shared_access<E: Element>(
        &mut self,
        s: &SharedTensor<E>,
        frag: &Fragment<E>,
        tv: &ThreadValues,
        dir: Dir,
    ) -> Result<usize, TileError> {
        let off = |i: i64| s.layout.at(i).unwrap_or(i64::MIN);
        let (p, q) = tv.split(&s.layout, off, "the shared layout")?;
        let w = static_width(tv, off, E::BYTES);
        let shift = E::BYTES.trailing_zeros();
        let groups: Vec<Vec<Reg<E::Kind>>> = (0..tv.values())
            .step_by(w)
            .map(|v0| Self::regs_of(frag, v0, w))
            .collect::<Result<_, _>>()?;
        let b = self.own()?;
        let tid = b.special(Special::TidX);
        let pt = emit_eval(b, &p, tid);
        let bytes = b.shl(pt, shift);
        let base = b.symbol_address(&s.symbol);
        let addr = b.add(base, bytes);
        for (g, regs) in groups.into_iter().enumerate() {
            let at = Address::at(addr, q[g * w] << shift);
            emit_access::<E>(b, dir, Space::Shared, false, None, &regs, at, false);
        }
        Ok(w)
    }

    fn global_access<E: Element>(
        &mut self,
        g: &GlobalTile<E>,
        frag: &Fragment<E>,
        tv: &ThreadValues,
        dir: Dir,
    ) -> Result<usize, TileError> {
        let rank = g.tile.len();
        let mut parts = Vec::with_capacity(rank);
        for i in 0..rank {
            let c = tv.coord_layout(i)?;
            parts.push(tv.split(&c, |x| tv.coord(x, i), "the tile's modes")?);
        }
        let plan = global_width(tv, &g.tensor.stride, E::BYTES);
        let (w, k) = (plan.width, plan.mode);
        let shift = E::BYTES.trailing_zeros();
        let groups: Vec<Vec<Reg<E::Kind>>> = (0..tv.values())
            .step_by(w)
            .map(|v0| Self::regs_of(frag, v0, w))
            .collect::<Result<_, _>>()?;
        let scalars = self.scalar_params.clone();
        let buf = self.buffer_params[g.tensor.buffer].clone();
        let nc = !g.tensor.writable;
        let b = self.own()?;
        // Everything below is computed inside this one call, from the thread
        // index, the user's block registers (read once each: any value is fine,
        // predicate and address come from the same register) and the parameters.
        let tid = b.special(Special::TidX);
        let ptr = b.ld_param(&buf);
        let mut start = Vec::with_capacity(rank);
        let mut ext = Vec::with_capacity(rank);
        let mut stride = Vec::with_capacity(rank);
        for (i, part) in parts.iter().enumerate() {
            let a = emit_eval(b, &part.0, tid);
            let t = g.tile[i];
            let origin = if t.is_power_of_two() {
                b.shl(g.block[i], t.trailing_zeros())
            } else {
                b.mul(g.block[i], t)
            };
            start.push(b.add(origin, a));
            ext.push(src(b, g.tensor.shape[i], &scalars));
            stride.push(g.tensor.stride[i]);
        }
        let stride_src: Vec<Option<Src<kind::U32>>> = stride
            .iter()
            .map(|&s| match s {
                Ix::Static(0) => None,
                s => Some(src(b, s, &scalars)),
            })
            .collect();
        // scalar strides of the other modes must be multiples of w for a vector
        let mut aligned: Option<Reg<kind::Pred>> = None;
        if w > 1 {
            for i in (0..rank).filter(|&i| i != k) {
                if let (Ix::Scalar(_), Some(s)) = (stride[i], stride_src[i].clone()) {
                    let low = b.bin(crate::ptx::BinOp::And, s, (w - 1) as u32);
                    let ok = b.setp(Cmp::Eq, low, 0u32);
                    aligned = Some(and(b, aligned, ok));
                }
            }
        }
        for (gi, regs) in groups.into_iter().enumerate() {
            let v0 = gi * w;
            let mut others: Option<Reg<kind::Pred>> = None;
            let mut in_k = None;
            let mut off: Option<Reg<kind::U64>> = None;
            let mut ck = None;
            for i in 0..rank {
                let qv = parts[i].1[v0];
                let c = if qv == 0 {
                    start[i]
                } else {
                    b.add(start[i], qv as u32)
                };
                let inside = b.setp(Cmp::Lt, c, ext[i].clone());
                if i == k {
                    in_k = Some(inside);
                    ck = Some(c);
                } else {
                    others = Some(and(b, others, inside));
                }
                off = match (&stride_src[i], off) {
                    (None, o) => o,
                    (Some(s), None) => Some(b.mul_wide(c, s.clone())),
                    (Some(s), Some(o)) => Some(b.mad_wide(c, s.clone(), o)),
                };
            }
            let in_k = in_k.expect("mode k is a tile mode");
            let off = match off {
                Some(o) => o,
                None => b.mov(0u64),
            };
            let off_bytes = if shift == 0 { off } else { b.shl(off, shift) };
            let addr = b.add(ptr, off_bytes);
            if dir == Dir::Load {
                for &r in &regs {
                    b.mov_to(r, E::zero());
                }
            }
            let all_in = and(b, others, in_k);
            let access =
                |b: &mut KernelBuilder, p: Reg<kind::Pred>, regs: &[Reg<E::Kind>], byte: i64| {
                    let at = Address::at(addr, byte);
                    emit_access::<E>(b, dir, Space::Global, nc, Some(p), regs, at, true);
                };
            if w == 1 {
                access(b, all_in, &regs, 0);
                continue;
            }
            // the whole vector inside: c_k < ext_k and ext_k − c_k ≥ w
            let ck = ck.expect("mode k is a tile mode");
            let left = b.sub(ext[k].clone(), ck);
            let full = b.setp(Cmp::Ge, left, w as u32);
            let mut vec_ok = b.and_pred(all_in, full);
            if let Some(a) = aligned {
                vec_ok = b.and_pred(vec_ok, a);
            }
            access(b, vec_ok, &regs, 0);
            // otherwise element by element: element j inside when ext_k − c_k > j
            let scalar = b.not_pred(vec_ok);
            let scalar = b.and_pred(scalar, all_in);
            for (j, r) in regs.iter().enumerate() {
                let p = if j == 0 {
                    scalar
                } else {
                    let more = b.setp(Cmp::Gt, left, j as u32);
                    b.and_pred(scalar, more)
                };
                access(b, p, std::slice::from_ref(r), (j as i64) << shift);
            }
        }
        Ok(w)
    }
}
