//! A CPU interpreter for the kernels this crate emits, so that generated GEMMs are
//! executed and checked in unit tests on a machine without a GPU.
//!
//! It runs each block's threads one at a time up to the next `bar.sync`, keeps
//! `cp.async` copies pending until the `cp.async.wait_group` that completes them
//! (so a missing wait or barrier reads stale shared memory), and checks every
//! global access against the allocated buffers and every vector access for
//! alignment. It models no timing and no warp-level behaviour.
use crate::ptx::{
    AddrBase, Address, BinOp, Cmp, Instr, Kernel, Label, Operand, RegClass, RegId, Space, Special,
    Stmt, Ty,
};
use std::collections::HashMap;
use std::fmt;

/// A device address in the simulator's global memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SimPtr(pub u64);

/// A kernel argument.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Arg {
    /// a `.u64` parameter (pointer)
    U64(u64),
    /// a `.u32` parameter
    U32(u32),
    /// an `.f32` parameter
    F32(f32),
}

impl From<SimPtr> for Arg {
    fn from(p: SimPtr) -> Arg {
        Arg::U64(p.0)
    }
}

/// Launch shape: blocks in x and y, threads per block (x only), dynamic shared bytes.
#[derive(Clone, Copy, Debug)]
pub struct Grid {
    /// blocks (x, y)
    pub blocks: (u32, u32),
    /// threads per block
    pub threads: u32,
    /// bytes of dynamic shared memory
    pub dynamic_smem: u32,
}

impl Grid {
    /// A grid without dynamic shared memory.
    pub fn new(blocks: (u32, u32), threads: u32) -> Grid {
        Grid {
            blocks,
            threads,
            dynamic_smem: 0,
        }
    }
}

/// Why a simulated launch failed.
#[derive(Clone, Debug, PartialEq)]
pub enum SimError {
    /// a global access outside every allocation
    OutOfBounds {
        /// the address
        addr: u64,
        /// bytes accessed
        bytes: u32,
        /// the statement index
        pc: usize,
    },
    /// an access not aligned to its size
    Misaligned {
        /// the address
        addr: u64,
        /// bytes accessed
        bytes: u32,
        /// the statement index
        pc: usize,
    },
    /// a shared access outside the block's shared memory
    SharedOutOfBounds {
        /// the shared address
        addr: u64,
        /// the statement index
        pc: usize,
    },
    /// some threads exited while others wait at a barrier
    BarrierDeadlock,
    /// the argument list does not match the parameters
    BadArguments,
    /// a branch to a label that is not defined
    UnknownLabel(u32),
    /// the step budget ran out (an endless loop)
    StepLimit,
    /// an instruction the simulator does not model (the sm_90a extensions)
    Unsupported {
        /// the statement index
        pc: usize,
    },
    /// the launch was refused before it ran (sizes, grid limits)
    Refused(String),
}

impl fmt::Display for SimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

impl std::error::Error for SimError {}

const GLOBAL_BASE: u64 = 0x1_0000;
const RED_ZONE: u64 = 256;
const SHARED_BASE: u64 = 0x400;

/// Global memory plus the interpreter.
pub struct Simulator {
    mem: Vec<u8>,
    allocations: Vec<(u64, u64)>,
    /// the most statements one thread may execute in one launch
    pub step_limit: u64,
}

impl Default for Simulator {
    fn default() -> Self {
        Self::new()
    }
}

struct Thread {
    regs: [Vec<u64>; 5],
    pc: usize,
    done: bool,
    at_barrier: bool,
    group: Vec<PendingCopy>,
    pending: Vec<Vec<PendingCopy>>,
    steps: u64,
}

struct PendingCopy {
    dst: u64,
    data: Vec<u8>,
}

fn slot(c: RegClass) -> usize {
    match c {
        RegClass::Pred => 0,
        RegClass::B32 => 1,
        RegClass::B64 => 2,
        RegClass::F32 => 3,
        RegClass::F64 => 4,
    }
}

struct Block<'k> {
    kernel: &'k Kernel,
    labels: HashMap<Label, usize>,
    params: HashMap<&'k str, Arg>,
    symbols: HashMap<&'k str, u64>,
    shared: Vec<u8>,
    ctaid: (u32, u32),
}

impl Simulator {
    /// Empty global memory.
    pub fn new() -> Simulator {
        Simulator {
            mem: Vec::new(),
            allocations: Vec::new(),
            step_limit: 50_000_000,
        }
    }

    /// Allocates `bytes` zeroed bytes, 256-byte aligned, fenced by unallocated red zones.
    pub fn alloc(&mut self, bytes: usize) -> SimPtr {
        let start = GLOBAL_BASE + (self.mem.len() as u64).next_multiple_of(256) + RED_ZONE;
        let end = start + bytes as u64;
        self.mem.resize((end - GLOBAL_BASE) as usize, 0);
        self.allocations.push((start, end));
        SimPtr(start)
    }

    /// Allocates and fills with `data`.
    pub fn alloc_f32(&mut self, data: &[f32]) -> SimPtr {
        let p = self.alloc(4 * data.len());
        self.write_f32(p, data);
        p
    }

    /// Writes `data` at `p`.
    pub fn write_f32(&mut self, p: SimPtr, data: &[f32]) {
        let o = (p.0 - GLOBAL_BASE) as usize;
        for (i, v) in data.iter().enumerate() {
            self.mem[o + 4 * i..o + 4 * i + 4].copy_from_slice(&v.to_le_bytes());
        }
    }

    /// Allocates and fills with `data` (any tile element type).
    pub fn upload<E: crate::tile::Element>(&mut self, data: &[E]) -> SimPtr {
        let n = E::BYTES as usize;
        let bytes: Vec<u8> = data
            .iter()
            .flat_map(|e| e.to_bits().to_le_bytes().into_iter().take(n))
            .collect();
        let p = self.alloc(bytes.len());
        self.write_bytes(p, &bytes);
        p
    }

    /// Reads `len` elements at `p`.
    pub fn download<E: crate::tile::Element>(&self, p: SimPtr, len: usize) -> Vec<E> {
        let n = E::BYTES as usize;
        self.read_bytes(p, len * n)
            .chunks(n)
            .map(|c| E::from_bits(c.iter().rev().fold(0, |acc, &b| (acc << 8) | b as u32)))
            .collect()
    }

    /// Writes raw bytes at `p` (elements of any type, little-endian).
    pub fn write_bytes(&mut self, p: SimPtr, data: &[u8]) {
        let o = (p.0 - GLOBAL_BASE) as usize;
        self.mem[o..o + data.len()].copy_from_slice(data);
    }

    /// Reads `n` raw bytes at `p`.
    pub fn read_bytes(&self, p: SimPtr, n: usize) -> Vec<u8> {
        let o = (p.0 - GLOBAL_BASE) as usize;
        self.mem[o..o + n].to_vec()
    }

    /// Reads `n` f32 values at `p`.
    pub fn read_f32(&self, p: SimPtr, n: usize) -> Vec<f32> {
        self.read_u32(p, n)
            .into_iter()
            .map(f32::from_bits)
            .collect()
    }

    /// Reads `n` f64 values at `p`.
    pub fn read_f64(&self, p: SimPtr, n: usize) -> Vec<f64> {
        let o = (p.0 - GLOBAL_BASE) as usize;
        (0..n)
            .map(|i| {
                let mut b = [0u8; 8];
                b.copy_from_slice(&self.mem[o + 8 * i..o + 8 * i + 8]);
                f64::from_le_bytes(b)
            })
            .collect()
    }

    /// Reads `n` u32 values at `p`.
    pub fn read_u32(&self, p: SimPtr, n: usize) -> Vec<u32> {
        let o = (p.0 - GLOBAL_BASE) as usize;
        (0..n)
            .map(|i| {
                let mut b = [0u8; 4];
                b.copy_from_slice(&self.mem[o + 4 * i..o + 4 * i + 4]);
                u32::from_le_bytes(b)
            })
            .collect()
    }

    fn check_global(&self, addr: u64, bytes: u32, pc: usize) -> Result<usize, SimError> {
        if !addr.is_multiple_of(bytes as u64) {
            return Err(SimError::Misaligned { addr, bytes, pc });
        }
        let end = addr + bytes as u64;
        if self.allocations.iter().any(|&(s, e)| addr >= s && end <= e) {
            Ok((addr - GLOBAL_BASE) as usize)
        } else {
            Err(SimError::OutOfBounds { addr, bytes, pc })
        }
    }

    /// Runs `kernel` over `grid` with `args` (one per parameter, in order).
    pub fn launch(&mut self, kernel: &Kernel, grid: Grid, args: &[Arg]) -> Result<(), SimError> {
        if args.len() != kernel.params.len() {
            return Err(SimError::BadArguments);
        }
        let mut labels = HashMap::new();
        for (i, s) in kernel.body.iter().enumerate() {
            if let Stmt::Label(l) = s {
                labels.insert(*l, i);
            }
        }
        let params: HashMap<&str, Arg> = kernel
            .params
            .iter()
            .map(|(n, _)| n.as_str())
            .zip(args.iter().copied())
            .collect();
        let mut symbols = HashMap::new();
        let mut top = SHARED_BASE;
        for d in &kernel.shared {
            top = top.next_multiple_of(d.align as u64);
            symbols.insert(d.name.as_str(), top);
            top += d.bytes.unwrap_or(grid.dynamic_smem) as u64;
        }
        for by in 0..grid.blocks.1 {
            for bx in 0..grid.blocks.0 {
                let mut block = Block {
                    kernel,
                    labels: labels.clone(),
                    params: params.clone(),
                    symbols: symbols.clone(),
                    // uninitialised shared memory: a NaN pattern, so unwritten reads show up
                    shared: vec![0xFF; top as usize],
                    ctaid: (bx, by),
                };
                self.run_block(&mut block, grid.threads)?;
            }
        }
        Ok(())
    }

    fn run_block(&mut self, block: &mut Block<'_>, threads: u32) -> Result<(), SimError> {
        let counts: Vec<usize> = RegClass::ALL
            .iter()
            .map(|c| {
                block
                    .kernel
                    .reg_counts
                    .iter()
                    .find(|(k, _)| k == c)
                    .map(|(_, n)| *n as usize)
                    .unwrap_or(0)
            })
            .collect();
        let mut ts: Vec<Thread> = (0..threads)
            .map(|_| Thread {
                regs: [
                    vec![0; counts[0]],
                    vec![0; counts[1]],
                    vec![0; counts[2]],
                    vec![0; counts[3]],
                    vec![0; counts[4]],
                ],
                pc: 0,
                done: false,
                at_barrier: false,
                group: Vec::new(),
                pending: Vec::new(),
                steps: 0,
            })
            .collect();
        loop {
            for (tid, t) in ts.iter_mut().enumerate() {
                if !t.done && !t.at_barrier {
                    self.run_thread(block, t, tid as u32)?;
                }
            }
            let waiting = ts.iter().filter(|t| t.at_barrier).count();
            let done = ts.iter().filter(|t| t.done).count();
            if done == ts.len() {
                return Ok(());
            }
            if waiting + done == ts.len() {
                if done > 0 {
                    return Err(SimError::BarrierDeadlock);
                }
                for t in ts.iter_mut() {
                    t.at_barrier = false;
                    t.pc += 1;
                }
            }
        }
    }

    fn run_thread(&mut self, b: &mut Block<'_>, t: &mut Thread, tid: u32) -> Result<(), SimError> {
        let body = &b.kernel.body;
        while t.pc < body.len() {
            t.steps += 1;
            if t.steps > self.step_limit {
                return Err(SimError::StepLimit);
            }
            let pc = t.pc;
            let (guard, instr) = match &body[pc] {
                Stmt::Instr(g, i) => (g, i),
                _ => {
                    t.pc += 1;
                    continue;
                }
            };
            if let Some(g) = guard {
                let p = t.regs[0][g.pred.index as usize] != 0;
                if p == g.negated {
                    t.pc += 1;
                    continue;
                }
            }
            match instr {
                Instr::BarSync(_) => {
                    t.at_barrier = true;
                    return Ok(());
                }
                Instr::Ret => {
                    t.done = true;
                    return Ok(());
                }
                Instr::Bra { target, .. } => {
                    t.pc = *b
                        .labels
                        .get(target)
                        .ok_or(SimError::UnknownLabel(target.0))?;
                    continue;
                }
                _ => self.exec(b, t, tid, instr, pc)?,
            }
            t.pc += 1;
        }
        t.done = true;
        Ok(())
    }

    fn value(&self, b: &Block<'_>, t: &Thread, tid: u32, op: &Operand, ty: Ty) -> u64 {
        match op {
            Operand::Reg(r) => t.regs[slot(r.class)][r.index as usize],
            Operand::Int(v) => mask(*v as u64, ty),
            Operand::F32(v) => v.to_bits() as u64,
            Operand::F64(v) => v.to_bits(),
            Operand::Special(Special::TidX) => tid as u64,
            Operand::Special(Special::CtaidX) => b.ctaid.0 as u64,
            Operand::Special(Special::CtaidY) => b.ctaid.1 as u64,
            Operand::Symbol(s) => b.symbols[s.as_str()],
        }
    }

    fn address(&self, b: &Block<'_>, t: &Thread, a: &Address) -> u64 {
        let base = match &a.base {
            AddrBase::Reg(r) => t.regs[slot(r.class)][r.index as usize],
            AddrBase::Symbol(s) => b.symbols.get(s.as_str()).copied().unwrap_or(0),
        };
        base.wrapping_add(a.offset as u64)
    }

    fn shared_range(b: &Block<'_>, addr: u64, n: usize, pc: usize) -> Result<usize, SimError> {
        if addr < SHARED_BASE || (addr - SHARED_BASE) as usize + n > b.shared.len() {
            return Err(SimError::SharedOutOfBounds { addr, pc });
        }
        if !addr.is_multiple_of(n as u64) {
            return Err(SimError::Misaligned {
                addr,
                bytes: n as u32,
                pc,
            });
        }
        Ok(addr as usize)
    }

    fn exec(
        &mut self,
        b: &mut Block<'_>,
        t: &mut Thread,
        tid: u32,
        instr: &Instr,
        pc: usize,
    ) -> Result<(), SimError> {
        let set = |t: &mut Thread, r: &RegId, v: u64| t.regs[slot(r.class)][r.index as usize] = v;
        match instr {
            Instr::Mov { ty, dst, src } => {
                let v = self.value(b, t, tid, src, *ty);
                set(t, dst, v);
            }
            Instr::Bin {
                op,
                ty,
                dst,
                a,
                b: bb,
            } => {
                let x = self.value(b, t, tid, a, *ty);
                let y = self.value(b, t, tid, bb, *ty);
                set(t, dst, bin(*op, *ty, x, y));
            }
            Instr::Mad {
                wide,
                ty,
                dst,
                a,
                b: bb,
                c,
            } => {
                let x = self.value(b, t, tid, a, *ty);
                let y = self.value(b, t, tid, bb, *ty);
                let v = if *wide {
                    let z = self.value(b, t, tid, c, Ty::U64);
                    x.wrapping_mul(y).wrapping_add(z)
                } else {
                    let z = self.value(b, t, tid, c, *ty);
                    mask(x.wrapping_mul(y).wrapping_add(z), *ty)
                };
                set(t, dst, v);
            }
            Instr::Fma {
                ty,
                dst,
                a,
                b: bb,
                c,
            } => {
                let x = self.value(b, t, tid, a, *ty);
                let y = self.value(b, t, tid, bb, *ty);
                let z = self.value(b, t, tid, c, *ty);
                let v = match ty {
                    Ty::F32 => f32::from_bits(x as u32)
                        .mul_add(f32::from_bits(y as u32), f32::from_bits(z as u32))
                        .to_bits() as u64,
                    _ => f64::from_bits(x)
                        .mul_add(f64::from_bits(y), f64::from_bits(z))
                        .to_bits(),
                };
                set(t, dst, v);
            }
            Instr::Abs { ty, dst, a } => {
                let x = self.value(b, t, tid, a, *ty);
                let v = match ty {
                    Ty::F32 => f32::from_bits(x as u32).abs().to_bits() as u64,
                    _ => f64::from_bits(x).abs().to_bits(),
                };
                set(t, dst, v);
            }
            Instr::NotPred { dst, a } => {
                let v = t.regs[0][a.index as usize] == 0;
                set(t, dst, v as u64);
            }
            Instr::Setp {
                cmp,
                ty,
                dst,
                a,
                b: bb,
            } => {
                let x = self.value(b, t, tid, a, *ty);
                let y = self.value(b, t, tid, bb, *ty);
                set(t, dst, compare(*cmp, *ty, x, y) as u64);
            }
            Instr::Selp {
                ty,
                dst,
                a,
                b: bb,
                p,
            } => {
                let v = if t.regs[0][p.index as usize] != 0 {
                    self.value(b, t, tid, a, *ty)
                } else {
                    self.value(b, t, tid, bb, *ty)
                };
                set(t, dst, v);
            }
            Instr::Cvt { dty, sty, dst, src } => {
                let x = t.regs[slot(src.class)][src.index as usize];
                let v = match (dty, sty) {
                    (Ty::F64, Ty::F32) => (f32::from_bits(x as u32) as f64).to_bits(),
                    (Ty::F32, Ty::F64) => (f64::from_bits(x) as f32).to_bits() as u64,
                    (Ty::U64, Ty::U32) => x & 0xFFFF_FFFF,
                    (Ty::S64, Ty::S32) => x as u32 as i32 as i64 as u64,
                    _ => x,
                };
                set(t, dst, v);
            }
            Instr::Ld {
                space,
                ty,
                dst,
                addr,
                ..
            } => {
                let size = ty.bytes() as usize;
                if *space == Space::Param {
                    let AddrBase::Symbol(name) = &addr.base else {
                        return Err(SimError::BadArguments);
                    };
                    let v = match b.params.get(name.as_str()) {
                        Some(Arg::U64(v)) => *v,
                        Some(Arg::U32(v)) => *v as u64,
                        Some(Arg::F32(v)) => v.to_bits() as u64,
                        None => return Err(SimError::BadArguments),
                    };
                    set(t, &dst[0], v);
                    return Ok(());
                }
                let a = self.address(b, t, addr);
                let total = size * dst.len();
                let bytes: Vec<u8> = match space {
                    Space::Global => {
                        let o = self.check_global(a, total as u32, pc)?;
                        self.mem[o..o + total].to_vec()
                    }
                    _ => {
                        let o = Self::shared_range(b, a, total, pc)? - SHARED_BASE as usize;
                        b.shared[o..o + total].to_vec()
                    }
                };
                for (i, r) in dst.iter().enumerate() {
                    let mut v = 0u64;
                    for (k, byte) in bytes[i * size..(i + 1) * size].iter().enumerate() {
                        v |= (*byte as u64) << (8 * k);
                    }
                    set(t, r, v);
                }
            }
            Instr::St {
                space,
                ty,
                src,
                addr,
            } => {
                let size = ty.bytes() as usize;
                let a = self.address(b, t, addr);
                let total = size * src.len();
                let mut bytes = Vec::with_capacity(total);
                for s in src {
                    let v = self.value(b, t, tid, s, *ty);
                    bytes.extend_from_slice(&v.to_le_bytes()[..size]);
                }
                match space {
                    Space::Global => {
                        let o = self.check_global(a, total as u32, pc)?;
                        self.mem[o..o + total].copy_from_slice(&bytes);
                    }
                    _ => {
                        let o = Self::shared_range(b, a, total, pc)? - SHARED_BASE as usize;
                        b.shared[o..o + total].copy_from_slice(&bytes);
                    }
                }
            }
            Instr::CpAsync {
                bytes,
                dst,
                src,
                src_size,
                ignore_src,
                ..
            } => {
                let d = self.address(b, t, dst);
                Self::shared_range(b, d, *bytes as usize, pc)?;
                let mut read = match src_size {
                    Some(op) => self.value(b, t, tid, op, Ty::U32).min(*bytes as u64) as usize,
                    None => *bytes as usize,
                };
                if let Some(p) = ignore_src {
                    if t.regs[0][p.index as usize] != 0 {
                        read = 0;
                    }
                }
                let mut data = vec![0u8; *bytes as usize];
                // the source must be aligned even when nothing is read from it
                let s = self.address(b, t, src);
                if !s.is_multiple_of(*bytes as u64) {
                    return Err(SimError::Misaligned {
                        addr: s,
                        bytes: *bytes,
                        pc,
                    });
                }
                if read > 0 {
                    let o = self.check_global(s, read as u32, pc)?;
                    data[..read].copy_from_slice(&self.mem[o..o + read]);
                }
                t.group.push(PendingCopy { dst: d, data });
            }
            Instr::CpAsyncCommit => {
                let g = std::mem::take(&mut t.group);
                t.pending.push(g);
            }
            Instr::CpAsyncWait(n) => {
                while t.pending.len() > *n as usize {
                    let g = t.pending.remove(0);
                    for c in g {
                        let o = (c.dst - SHARED_BASE) as usize;
                        b.shared[o..o + c.data.len()].copy_from_slice(&c.data);
                    }
                }
            }
            Instr::AtomAdd { ty, dst, addr, src } => {
                let size = ty.bytes() as usize;
                let a = self.address(b, t, addr);
                let o = self.check_global(a, size as u32, pc)?;
                let mut old = 0u64;
                for (k, byte) in self.mem[o..o + size].iter().enumerate() {
                    old |= (*byte as u64) << (8 * k);
                }
                let add = self.value(b, t, tid, src, *ty);
                let new = mask(old.wrapping_add(add), *ty);
                self.mem[o..o + size].copy_from_slice(&new.to_le_bytes()[..size]);
                set(t, dst, old);
            }
            // blocks run one after another and threads one at a time: every
            // write is already visible to every later access
            Instr::FenceGpu => {}
            Instr::Ext(_) => return Err(SimError::Unsupported { pc }),
            Instr::BarSync(_) | Instr::Ret | Instr::Bra { .. } => {
                unreachable!("handled by run_thread")
            }
        }
        Ok(())
    }
}

fn mask(v: u64, ty: Ty) -> u64 {
    match ty.bytes() {
        2 => v & 0xFFFF,
        4 => v & 0xFFFF_FFFF,
        1 => (v != 0) as u64,
        _ => v,
    }
}

fn bin(op: BinOp, ty: Ty, x: u64, y: u64) -> u64 {
    match ty {
        Ty::F32 => {
            let (a, b) = (f32::from_bits(x as u32), f32::from_bits(y as u32));
            let r = match op {
                BinOp::Add => a + b,
                BinOp::Sub => a - b,
                BinOp::Mul => a * b,
                BinOp::Min => a.min(b),
                _ => unreachable!("{op:?} on f32"),
            };
            r.to_bits() as u64
        }
        Ty::F64 => {
            let (a, b) = (f64::from_bits(x), f64::from_bits(y));
            let r = match op {
                BinOp::Add => a + b,
                BinOp::Sub => a - b,
                BinOp::Mul => a * b,
                BinOp::Min => a.min(b),
                _ => unreachable!("{op:?} on f64"),
            };
            r.to_bits()
        }
        Ty::Pred => match op {
            BinOp::And => x & y,
            BinOp::Or => x | y,
            _ => unreachable!("{op:?} on pred"),
        },
        _ => {
            let bits = ty.bytes() * 8;
            let signed = ty.is_signed();
            let sx = if bits == 32 {
                x as u32 as i32 as i64
            } else {
                x as i64
            };
            let sy = if bits == 32 {
                y as u32 as i32 as i64
            } else {
                y as i64
            };
            let r = match op {
                BinOp::Add => x.wrapping_add(y),
                BinOp::Sub => x.wrapping_sub(y),
                BinOp::Mul => x.wrapping_mul(y),
                BinOp::MulWide => return x.wrapping_mul(y),
                BinOp::Div if signed => sx.wrapping_div(sy) as u64,
                BinOp::Div => x / y,
                BinOp::Rem if signed => sx.wrapping_rem(sy) as u64,
                BinOp::Rem => x % y,
                BinOp::Shl => x.wrapping_shl(y as u32),
                BinOp::Shr if signed => (sx >> y) as u64,
                BinOp::Shr => x >> y,
                BinOp::And => x & y,
                BinOp::Or => x | y,
                BinOp::Min if signed => sx.min(sy) as u64,
                BinOp::Min => x.min(y),
            };
            mask(r, ty)
        }
    }
}

fn compare(cmp: Cmp, ty: Ty, x: u64, y: u64) -> bool {
    use std::cmp::Ordering;
    let ord = match ty {
        Ty::F32 => f32::from_bits(x as u32).partial_cmp(&f32::from_bits(y as u32)),
        Ty::F64 => f64::from_bits(x).partial_cmp(&f64::from_bits(y)),
        Ty::S32 => Some((x as u32 as i32).cmp(&(y as u32 as i32))),
        Ty::S64 => Some((x as i64).cmp(&(y as i64))),
        _ => Some(x.cmp(&y)),
    };
    match (cmp, ord) {
        (Cmp::Ne, None) => true,
        (_, None) => false,
        (Cmp::Eq, Some(o)) => o == Ordering::Equal,
        (Cmp::Ne, Some(o)) => o != Ordering::Equal,
        (Cmp::Lt, Some(o)) => o == Ordering::Less,
        (Cmp::Le, Some(o)) => o != Ordering::Greater,
        (Cmp::Gt, Some(o)) => o == Ordering::Greater,
        (Cmp::Ge, Some(o)) => o != Ordering::Less,
    }
}
