//! Building a kernel: parameters, registers, instructions, labels, shared memory
//! and launch bounds, through a typed API.
use super::instr::{
    AddrBase, Address, BinOp, CacheOp, Cmp, Guard, Instr, Label, Operand, Space, Special, Stmt,
};
use super::types::kind::{self, Kind};
use super::types::{Reg, RegClass, Ty};
use core::fmt;
use core::marker::PhantomData;

/// A kernel parameter of kind `K`.
pub struct Param<K> {
    name: String,
    _kind: PhantomData<K>,
}

impl<K> Clone for Param<K> {
    fn clone(&self) -> Self {
        Param {
            name: self.name.clone(),
            _kind: PhantomData,
        }
    }
}

/// A value usable as a source of kind `K`: a register of that kind or an immediate.
#[derive(Clone, Debug)]
pub struct Src<K> {
    op: Operand,
    _kind: PhantomData<K>,
}

impl<K> Src<K> {
    /// The operand.
    pub fn operand(&self) -> Operand {
        self.op.clone()
    }
}

impl<K> From<Reg<K>> for Src<K> {
    fn from(r: Reg<K>) -> Self {
        Src {
            op: Operand::Reg(r.id()),
            _kind: PhantomData,
        }
    }
}
impl From<u32> for Src<kind::U32> {
    fn from(v: u32) -> Self {
        Src {
            op: Operand::Int(v as i64),
            _kind: PhantomData,
        }
    }
}
impl From<i32> for Src<kind::U32> {
    /// A signed immediate for 32-bit integer operations (printed as a decimal; PTX
    /// accepts negative literals for `.s32` and wraps them for `.u32`).
    fn from(v: i32) -> Self {
        Src {
            op: Operand::Int(v as i64),
            _kind: PhantomData,
        }
    }
}
impl From<u64> for Src<kind::U64> {
    fn from(v: u64) -> Self {
        Src {
            op: Operand::Int(v as i64),
            _kind: PhantomData,
        }
    }
}
impl From<f32> for Src<kind::F32> {
    fn from(v: f32) -> Self {
        Src {
            op: Operand::F32(v),
            _kind: PhantomData,
        }
    }
}
impl From<f64> for Src<kind::F64> {
    fn from(v: f64) -> Self {
        Src {
            op: Operand::F64(v),
            _kind: PhantomData,
        }
    }
}

/// A register that can hold an address (`u32` for shared memory, `u64` for global).
pub trait AddrKind: Kind {}
impl AddrKind for kind::U32 {}
impl AddrKind for kind::U64 {}

impl Address {
    /// `[r+offset]`.
    pub fn at<K: AddrKind>(r: Reg<K>, offset: i64) -> Address {
        Address {
            base: AddrBase::Reg(r.id()),
            offset,
        }
    }
}

/// A module-scope shared-memory array used by one kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SharedDecl {
    /// symbol name
    pub name: String,
    /// alignment in bytes
    pub align: u32,
    /// static size in bytes, or `None` for the dynamically sized (`.extern`) array
    pub bytes: Option<u32>,
}

impl fmt::Display for SharedDecl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.bytes {
            Some(n) => write!(f, ".shared .align {} .b8 {}[{}];", self.align, self.name, n),
            None => write!(
                f,
                ".extern .shared .align {} .b8 {}[];",
                self.align, self.name
            ),
        }
    }
}

/// Launch bounds and register limits of an `.entry`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bounds {
    /// `.maxntid x, 1, 1`: the most threads per block
    pub max_ntid: Option<u32>,
    /// `.minnctapersm n`: blocks that must fit on one multiprocessor
    pub min_ncta_per_sm: Option<u32>,
    /// `.maxnreg n`
    pub max_nreg: Option<u32>,
}

/// A finished kernel: the structured body plus its declarations.
#[derive(Clone, Debug)]
pub struct Kernel {
    /// entry name
    pub name: String,
    /// parameters, in order: (name, type)
    pub params: Vec<(String, Ty)>,
    /// virtual registers used per class
    pub reg_counts: Vec<(RegClass, u32)>,
    /// shared arrays (printed at module scope)
    pub shared: Vec<SharedDecl>,
    /// launch bounds
    pub bounds: Bounds,
    /// the body
    pub body: Vec<Stmt>,
}

impl Kernel {
    /// Number of instructions (labels and comments not counted).
    pub fn instruction_count(&self) -> usize {
        self.body
            .iter()
            .filter(|s| matches!(s, Stmt::Instr(..)))
            .count()
    }
}

impl fmt::Display for Kernel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, ".visible .entry {}(", self.name)?;
        for (i, (name, ty)) in self.params.iter().enumerate() {
            let comma = if i + 1 < self.params.len() { "," } else { "" };
            writeln!(f, "\t.param .{ty} {name}{comma}")?;
        }
        writeln!(f, ")")?;
        if let Some(n) = self.bounds.max_ntid {
            writeln!(f, ".maxntid {n}, 1, 1")?;
        }
        if let Some(n) = self.bounds.min_ncta_per_sm {
            writeln!(f, ".minnctapersm {n}")?;
        }
        if let Some(n) = self.bounds.max_nreg {
            writeln!(f, ".maxnreg {n}")?;
        }
        writeln!(f, "{{")?;
        for (class, n) in &self.reg_counts {
            if *n > 0 {
                writeln!(f, "\t.reg .{} %{}<{}>;", class.decl_ty(), class.prefix(), n)?;
            }
        }
        for s in &self.body {
            writeln!(f, "{s}")?;
        }
        writeln!(f, "}}")
    }
}

/// Builds one kernel. Registers are virtual (ptxas allocates them); every
/// instruction goes through a typed method.
pub struct KernelBuilder {
    name: String,
    params: Vec<(String, Ty)>,
    counts: [u32; 5],
    shared: Vec<SharedDecl>,
    bounds: Bounds,
    body: Vec<Stmt>,
    next_label: u32,
    pending_guard: Option<Guard>,
    /// this builder's identity (unique in the process): the tile layer checks that
    /// the registers it holds belong to the builder it is given
    pub(crate) uid: u64,
    /// body indices of the global accesses the tile layer emitted (bounds-checked)
    pub(crate) checked: Vec<usize>,
}

static NEXT_BUILDER: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

fn class_slot(c: RegClass) -> usize {
    match c {
        RegClass::Pred => 0,
        RegClass::B32 => 1,
        RegClass::B64 => 2,
        RegClass::F32 => 3,
        RegClass::F64 => 4,
    }
}

impl KernelBuilder {
    /// A kernel named `name` (a PTX identifier).
    pub fn new(name: &str) -> Self {
        KernelBuilder {
            name: name.to_string(),
            params: Vec::new(),
            counts: [0; 5],
            shared: Vec::new(),
            bounds: Bounds::default(),
            body: Vec::new(),
            next_label: 0,
            pending_guard: None,
            uid: NEXT_BUILDER.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            checked: Vec::new(),
        }
    }

    /// Sets the launch bounds.
    pub fn bounds(&mut self, b: Bounds) -> &mut Self {
        self.bounds = b;
        self
    }

    /// Declares the next parameter.
    pub fn param<K: Kind>(&mut self, name: &str) -> Param<K> {
        let full = format!("{}_{}", self.name, name);
        self.params.push((full.clone(), K::TY));
        Param {
            name: full,
            _kind: PhantomData,
        }
    }

    /// Declares a shared array of `bytes` bytes (`None`: the dynamically sized one)
    /// and returns its symbol, usable with [`KernelBuilder::symbol_address`].
    pub fn shared_array(&mut self, name: &str, align: u32, bytes: Option<u32>) -> String {
        let full = format!("{}_{}", self.name, name);
        self.shared.push(SharedDecl {
            name: full.clone(),
            align,
            bytes,
        });
        full
    }

    /// A fresh register of kind `K`.
    pub fn reg<K: Kind>(&mut self) -> Reg<K> {
        let slot = &mut self.counts[class_slot(K::CLASS)];
        let r = Reg::new(*slot);
        *slot += 1;
        r
    }

    /// `n` fresh registers of kind `K`.
    pub fn regs<K: Kind>(&mut self, n: usize) -> Vec<Reg<K>> {
        (0..n).map(|_| self.reg()).collect()
    }

    /// A fresh label (place it with [`KernelBuilder::place`]).
    pub fn label(&mut self) -> Label {
        let l = Label(self.next_label);
        self.next_label += 1;
        l
    }

    /// Defines `l` at this point.
    pub fn place(&mut self, l: Label) {
        self.body.push(Stmt::Label(l));
    }

    /// A comment line in the PTX.
    pub fn comment(&mut self, text: &str) {
        self.body.push(Stmt::Comment(text.to_string()));
    }

    /// Guards the next instruction with `@p`.
    pub fn when(&mut self, p: Reg<kind::Pred>) -> &mut Self {
        self.pending_guard = Some(Guard {
            pred: p.id(),
            negated: false,
        });
        self
    }

    /// Guards the next instruction with `@!p`.
    pub fn unless(&mut self, p: Reg<kind::Pred>) -> &mut Self {
        self.pending_guard = Some(Guard {
            pred: p.id(),
            negated: true,
        });
        self
    }

    fn push(&mut self, i: Instr) {
        let g = self.pending_guard.take();
        self.body.push(Stmt::Instr(g, i));
    }

    /// Drops a pending `when`/`unless`; true when there was one.
    pub(crate) fn take_guard(&mut self) -> bool {
        self.pending_guard.take().is_some()
    }

    /// Pushes a load or store emitted by the tile layer, recording it as checked.
    pub(crate) fn push_checked(&mut self, guard: Option<Reg<kind::Pred>>, i: Instr) {
        self.checked.push(self.body.len());
        let g = guard.map(|p| Guard {
            pred: p.id(),
            negated: false,
        });
        self.body.push(Stmt::Instr(g, i));
    }

    /// Pushes an instruction (crate-internal: raw `Instr` values).
    pub(crate) fn push_raw(&mut self, guard: Option<Reg<kind::Pred>>, i: Instr) {
        let g = guard.map(|p| Guard {
            pred: p.id(),
            negated: false,
        });
        self.body.push(Stmt::Instr(g, i));
    }

    /// The statements so far.
    pub(crate) fn body(&self) -> &[Stmt] {
        &self.body
    }

    /// The parameters declared so far (PTX names and types).
    pub(crate) fn params(&self) -> &[(String, Ty)] {
        &self.params
    }

    /// Loads a parameter into a fresh register.
    pub fn ld_param<K: Kind>(&mut self, p: &Param<K>) -> Reg<K> {
        let r = self.reg::<K>();
        self.push(Instr::Ld {
            space: Space::Param,
            nc: false,
            ty: K::TY,
            dst: vec![r.id()],
            addr: Address {
                base: AddrBase::Symbol(p.name.clone()),
                offset: 0,
            },
        });
        r
    }

    /// `mov` into a fresh register.
    pub fn mov<K: Kind>(&mut self, src: impl Into<Src<K>>) -> Reg<K> {
        let r = self.reg::<K>();
        self.mov_to(r, src);
        r
    }

    /// `mov dst, src`.
    pub fn mov_to<K: Kind>(&mut self, dst: Reg<K>, src: impl Into<Src<K>>) {
        let ty = if K::CLASS == RegClass::B64 {
            Ty::U64
        } else {
            K::TY
        };
        self.push(Instr::Mov {
            ty,
            dst: dst.id(),
            src: src.into().op,
        });
    }

    /// Reads a special register.
    pub fn special(&mut self, s: Special) -> Reg<kind::U32> {
        let r = self.reg::<kind::U32>();
        self.push(Instr::Mov {
            ty: Ty::U32,
            dst: r.id(),
            src: Operand::Special(s),
        });
        r
    }

    /// The 32-bit shared-memory address of a shared array.
    pub fn symbol_address(&mut self, symbol: &str) -> Reg<kind::U32> {
        let r = self.reg::<kind::U32>();
        self.push(Instr::Mov {
            ty: Ty::U32,
            dst: r.id(),
            src: Operand::Symbol(symbol.to_string()),
        });
        r
    }

    /// `op.ty dst, a, b` into `dst`, with the type taken from `K`.
    pub fn bin_to<K: Kind>(
        &mut self,
        op: BinOp,
        dst: Reg<K>,
        a: impl Into<Src<K>>,
        b: impl Into<Src<K>>,
    ) {
        self.push(Instr::Bin {
            op,
            ty: K::TY,
            dst: dst.id(),
            a: a.into().op,
            b: b.into().op,
        });
    }

    /// `op.ty` into a fresh register.
    pub fn bin<K: Kind>(
        &mut self,
        op: BinOp,
        a: impl Into<Src<K>>,
        b: impl Into<Src<K>>,
    ) -> Reg<K> {
        let r = self.reg::<K>();
        self.bin_to(op, r, a, b);
        r
    }

    /// `a + b`.
    pub fn add<K: Kind>(&mut self, a: impl Into<Src<K>>, b: impl Into<Src<K>>) -> Reg<K> {
        self.bin(BinOp::Add, a, b)
    }

    /// `dst = a + b`.
    pub fn add_to<K: Kind>(&mut self, dst: Reg<K>, a: impl Into<Src<K>>, b: impl Into<Src<K>>) {
        self.bin_to(BinOp::Add, dst, a, b)
    }

    /// `a << bits` (the shift amount is a 32-bit immediate for every width).
    pub fn shl<K: Kind>(&mut self, a: Reg<K>, bits: u32) -> Reg<K> {
        self.shift(BinOp::Shl, a, bits)
    }

    /// `a >> bits` (logical for unsigned kinds).
    pub fn shr<K: Kind>(&mut self, a: Reg<K>, bits: u32) -> Reg<K> {
        self.shift(BinOp::Shr, a, bits)
    }

    fn shift<K: Kind>(&mut self, op: BinOp, a: Reg<K>, bits: u32) -> Reg<K> {
        let r = self.reg::<K>();
        self.push(Instr::Bin {
            op,
            ty: K::TY,
            dst: r.id(),
            a: Operand::Reg(a.id()),
            b: Operand::Int(bits as i64),
        });
        r
    }

    /// `a - b`.
    pub fn sub<K: Kind>(&mut self, a: impl Into<Src<K>>, b: impl Into<Src<K>>) -> Reg<K> {
        self.bin(BinOp::Sub, a, b)
    }

    /// `a · b` (low half for integers).
    pub fn mul<K: Kind>(&mut self, a: impl Into<Src<K>>, b: impl Into<Src<K>>) -> Reg<K> {
        self.bin(BinOp::Mul, a, b)
    }

    /// The full 64-bit product of two 32-bit unsigned integers.
    pub fn mul_wide(
        &mut self,
        a: impl Into<Src<kind::U32>>,
        b: impl Into<Src<kind::U32>>,
    ) -> Reg<kind::U64> {
        let r = self.reg::<kind::U64>();
        self.push(Instr::Bin {
            op: BinOp::MulWide,
            ty: Ty::U32,
            dst: r.id(),
            a: a.into().op,
            b: b.into().op,
        });
        r
    }

    /// `a·b + c` with a 32 × 32 → 64-bit product.
    pub fn mad_wide(
        &mut self,
        a: impl Into<Src<kind::U32>>,
        b: impl Into<Src<kind::U32>>,
        c: impl Into<Src<kind::U64>>,
    ) -> Reg<kind::U64> {
        let r = self.reg::<kind::U64>();
        self.push(Instr::Mad {
            wide: true,
            ty: Ty::U32,
            dst: r.id(),
            a: a.into().op,
            b: b.into().op,
            c: c.into().op,
        });
        r
    }

    /// `a·b + c` (low 32 bits).
    pub fn mad_lo(
        &mut self,
        a: impl Into<Src<kind::U32>>,
        b: impl Into<Src<kind::U32>>,
        c: impl Into<Src<kind::U32>>,
    ) -> Reg<kind::U32> {
        let r = self.reg::<kind::U32>();
        self.push(Instr::Mad {
            wide: false,
            ty: Ty::U32,
            dst: r.id(),
            a: a.into().op,
            b: b.into().op,
            c: c.into().op,
        });
        r
    }

    /// `dst = a·b + c`, rounded once (`fma.rn`), for `f32` or `f64`.
    pub fn fma_to<K: Kind>(
        &mut self,
        dst: Reg<K>,
        a: impl Into<Src<K>>,
        b: impl Into<Src<K>>,
        c: impl Into<Src<K>>,
    ) {
        debug_assert!(K::TY.is_float(), "fma is emitted for floats only");
        self.push(Instr::Fma {
            ty: K::TY,
            dst: dst.id(),
            a: a.into().op,
            b: b.into().op,
            c: c.into().op,
        });
    }

    /// `|a|` into a fresh register.
    pub fn abs<K: Kind>(&mut self, a: impl Into<Src<K>>) -> Reg<K> {
        let r = self.reg::<K>();
        self.push(Instr::Abs {
            ty: K::TY,
            dst: r.id(),
            a: a.into().op,
        });
        r
    }

    /// Compares `a` and `b` as type `ty` (which must live in `K`'s register class,
    /// e.g. `Ty::S32` for a signed comparison of `u32` registers).
    pub fn setp_as<K: Kind>(
        &mut self,
        cmp: Cmp,
        ty: Ty,
        a: impl Into<Src<K>>,
        b: impl Into<Src<K>>,
    ) -> Reg<kind::Pred> {
        debug_assert_eq!(
            ty.class(),
            K::CLASS,
            "comparison type must match the registers"
        );
        let p = self.reg::<kind::Pred>();
        self.push(Instr::Setp {
            cmp,
            ty,
            dst: p.id(),
            a: a.into().op,
            b: b.into().op,
        });
        p
    }

    /// Compares `a` and `b` with `K`'s own type.
    pub fn setp<K: Kind>(
        &mut self,
        cmp: Cmp,
        a: impl Into<Src<K>>,
        b: impl Into<Src<K>>,
    ) -> Reg<kind::Pred> {
        self.setp_as::<K>(cmp, K::TY, a, b)
    }

    /// `p && q`.
    pub fn and_pred(&mut self, p: Reg<kind::Pred>, q: Reg<kind::Pred>) -> Reg<kind::Pred> {
        self.bin(BinOp::And, p, q)
    }

    /// `!p`.
    pub fn not_pred(&mut self, p: Reg<kind::Pred>) -> Reg<kind::Pred> {
        let r = self.reg::<kind::Pred>();
        self.push(Instr::NotPred {
            dst: r.id(),
            a: p.id(),
        });
        r
    }

    /// `p ? a : b` into a fresh register.
    pub fn selp<K: Kind>(
        &mut self,
        a: impl Into<Src<K>>,
        b: impl Into<Src<K>>,
        p: Reg<kind::Pred>,
    ) -> Reg<K> {
        let r = self.reg::<K>();
        let ty = if K::CLASS == RegClass::B64 {
            Ty::U64
        } else {
            K::TY
        };
        self.push(Instr::Selp {
            ty,
            dst: r.id(),
            a: a.into().op,
            b: b.into().op,
            p: p.id(),
        });
        r
    }

    /// Widens a `u32` to `u64`.
    pub fn cvt_u64_u32(&mut self, a: Reg<kind::U32>) -> Reg<kind::U64> {
        let r = self.reg::<kind::U64>();
        self.push(Instr::Cvt {
            dty: Ty::U64,
            sty: Ty::U32,
            dst: r.id(),
            src: a.id(),
        });
        r
    }

    /// Converts `f32` to `f64` (exact).
    pub fn cvt_f64_f32(&mut self, a: Reg<kind::F32>) -> Reg<kind::F64> {
        let r = self.reg::<kind::F64>();
        self.push(Instr::Cvt {
            dty: Ty::F64,
            sty: Ty::F32,
            dst: r.id(),
            src: a.id(),
        });
        r
    }

    /// Loads `dst.len()` consecutive values (a vector load when more than one).
    pub fn ld<K: Kind>(&mut self, space: Space, nc: bool, dst: &[Reg<K>], addr: Address) {
        debug_assert!(
            matches!(dst.len(), 1 | 2 | 4),
            "vector width must be 1, 2 or 4"
        );
        self.push(Instr::Ld {
            space,
            nc,
            ty: K::TY,
            dst: dst.iter().map(|r| r.id()).collect(),
            addr,
        });
    }

    /// Stores `src.len()` consecutive values (a vector store when more than one).
    pub fn st<K: Kind>(&mut self, space: Space, src: &[Src<K>], addr: Address) {
        debug_assert!(
            matches!(src.len(), 1 | 2 | 4),
            "vector width must be 1, 2 or 4"
        );
        self.push(Instr::St {
            space,
            ty: K::TY,
            src: src.iter().map(|s| s.op.clone()).collect(),
            addr,
        });
    }

    /// `cp.async` of `bytes` bytes from global `src` to shared `dst`; with
    /// `src_size`, only that many bytes are read and the rest are zero-filled.
    pub fn cp_async(
        &mut self,
        bytes: u32,
        dst: Address,
        src: Address,
        src_size: Option<Src<kind::U32>>,
    ) {
        let cache = if bytes == 16 {
            CacheOp::Cg
        } else {
            CacheOp::Ca
        };
        self.push(Instr::CpAsync {
            cache,
            bytes,
            dst,
            src,
            src_size: src_size.map(|s| s.op),
            ignore_src: None,
        });
    }

    /// `cp.async` of `bytes` bytes that writes zeros instead of reading `src`
    /// when `ignore` is true (the `ignore-src` operand: no predicate, no branch).
    pub fn cp_async_or_zero(
        &mut self,
        bytes: u32,
        dst: Address,
        src: Address,
        ignore: Reg<kind::Pred>,
    ) {
        let cache = if bytes == 16 {
            CacheOp::Cg
        } else {
            CacheOp::Ca
        };
        self.push(Instr::CpAsync {
            cache,
            bytes,
            dst,
            src,
            src_size: None,
            ignore_src: Some(ignore.id()),
        });
    }

    /// `cp.async.commit_group`.
    pub fn cp_async_commit(&mut self) {
        self.push(Instr::CpAsyncCommit);
    }

    /// `cp.async.wait_group n`.
    pub fn cp_async_wait(&mut self, n: u32) {
        self.push(Instr::CpAsyncWait(n));
    }

    /// `bar.sync 0`: a block-wide barrier.
    pub fn bar_sync(&mut self) {
        self.push(Instr::BarSync(0));
    }

    /// A branch every thread of the block takes the same way.
    pub fn bra_uniform(&mut self, target: Label) {
        self.push(Instr::Bra {
            target,
            uniform: true,
        });
    }

    /// A branch that may diverge.
    pub fn bra(&mut self, target: Label) {
        self.push(Instr::Bra {
            target,
            uniform: false,
        });
    }

    /// `atom.global.add.u32 old, [addr], src`: the old value.
    pub fn atom_add_u32(
        &mut self,
        addr: Address,
        src: impl Into<Src<kind::U32>>,
    ) -> Reg<kind::U32> {
        let r = self.reg::<kind::U32>();
        self.push(Instr::AtomAdd {
            ty: Ty::U32,
            dst: r.id(),
            addr,
            src: src.into().op,
        });
        r
    }

    /// `fence.acq_rel.gpu`.
    pub fn fence_gpu(&mut self) {
        self.push(Instr::FenceGpu);
    }

    /// `ret`.
    pub fn ret(&mut self) {
        self.push(Instr::Ret);
    }

    /// An instruction of an ISA extension (guarded by a pending `when`/`unless`);
    /// see [`crate::ptx::ExtInstr`].
    pub fn ext<I: crate::ptx::ExtInstr>(&mut self, i: I) {
        self.push(Instr::Ext(std::sync::Arc::new(i)));
    }

    /// Finishes the kernel.
    pub fn finish(self) -> Kernel {
        let reg_counts = RegClass::ALL
            .iter()
            .map(|c| (*c, self.counts[class_slot(*c)]))
            .collect();
        Kernel {
            name: self.name,
            params: self.params,
            reg_counts,
            shared: self.shared,
            bounds: self.bounds,
            body: self.body,
        }
    }
}
