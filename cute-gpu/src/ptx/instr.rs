//! PTX operands, addresses and instructions as data, printed by `Display`.
//!
//! Every instruction the generators use is a variant here, so the same value is
//! printed as PTX and executed by the CPU simulator ([`crate::sim`]).
use super::types::{RegId, Ty};
use core::fmt;

/// A special (read-only) register.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    /// `%tid.x`: the thread index in the block.
    TidX,
    /// `%ctaid.x`: the block index, x.
    CtaidX,
    /// `%ctaid.y`: the block index, y.
    CtaidY,
}

impl fmt::Display for Special {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Special::TidX => "%tid.x",
            Special::CtaidX => "%ctaid.x",
            Special::CtaidY => "%ctaid.y",
        })
    }
}

/// An instruction operand.
#[derive(Clone, Debug, PartialEq)]
pub enum Operand {
    /// a virtual register
    Reg(RegId),
    /// an integer immediate
    Int(i64),
    /// a single-precision immediate (printed exactly, as `0fXXXXXXXX`)
    F32(f32),
    /// a double-precision immediate (printed exactly, as `0dXXXXXXXXXXXXXXXX`)
    F64(f64),
    /// a special register
    Special(Special),
    /// the address of a module-scope symbol (a shared array)
    Symbol(String),
}

impl fmt::Display for Operand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Operand::Reg(r) => r.fmt(f),
            Operand::Int(v) => write!(f, "{v}"),
            Operand::F32(v) => write!(f, "0f{:08X}", v.to_bits()),
            Operand::F64(v) => write!(f, "0d{:016X}", v.to_bits()),
            Operand::Special(s) => s.fmt(f),
            Operand::Symbol(s) => f.write_str(s),
        }
    }
}

/// What an address is relative to.
#[derive(Clone, Debug, PartialEq)]
pub enum AddrBase {
    /// a register holding an address
    Reg(RegId),
    /// a kernel parameter or module symbol
    Symbol(String),
}

/// A memory operand `[base+offset]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Address {
    /// the base
    pub base: AddrBase,
    /// a byte offset, baked in as an immediate
    pub offset: i64,
}

impl fmt::Display for Address {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.base {
            AddrBase::Reg(r) => write!(f, "[{r}")?,
            AddrBase::Symbol(s) => write!(f, "[{s}")?,
        }
        if self.offset != 0 {
            write!(f, "+{}", self.offset)?;
        }
        f.write_str("]")
    }
}

/// A state space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Space {
    /// `.global`
    Global,
    /// `.shared`
    Shared,
    /// `.param`
    Param,
}

impl fmt::Display for Space {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Space::Global => "global",
            Space::Shared => "shared",
            Space::Param => "param",
        })
    }
}

/// Two-operand arithmetic and logic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `add`
    Add,
    /// `sub`
    Sub,
    /// `mul.lo` on integers, `mul` on floats
    Mul,
    /// `mul.wide` (32 × 32 → 64 bits)
    MulWide,
    /// `div` (integers only here)
    Div,
    /// `rem`
    Rem,
    /// `shl`
    Shl,
    /// `shr`
    Shr,
    /// `and` (also on predicates)
    And,
    /// `or` (also on predicates)
    Or,
    /// `min`
    Min,
}

/// Comparison of `setp`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

impl fmt::Display for Cmp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Cmp::Eq => "eq",
            Cmp::Ne => "ne",
            Cmp::Lt => "lt",
            Cmp::Le => "le",
            Cmp::Gt => "gt",
            Cmp::Ge => "ge",
        })
    }
}

/// Which L1 policy a `cp.async` uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CacheOp {
    /// `.ca`: cache in L1 (required for 4- and 8-byte copies)
    Ca,
    /// `.cg`: bypass L1 (16-byte copies only)
    Cg,
}

/// A label: a branch target, unique within its kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Label(pub u32);

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "$L__{}", self.0)
    }
}

/// One PTX instruction.
#[derive(Clone, Debug, PartialEq)]
pub enum Instr {
    /// `mov.ty dst, src`
    Mov {
        /// type
        ty: Ty,
        /// destination
        dst: RegId,
        /// source
        src: Operand,
    },
    /// `op.ty dst, a, b`
    Bin {
        /// operation
        op: BinOp,
        /// operand type (the *source* type for `mul.wide`)
        ty: Ty,
        /// destination
        dst: RegId,
        /// first source
        a: Operand,
        /// second source
        b: Operand,
    },
    /// `mad.lo.ty` or `mad.wide.ty dst, a, b, c` (`a·b + c`)
    Mad {
        /// `mad.wide` (32-bit sources, 64-bit result) instead of `mad.lo`
        wide: bool,
        /// source type
        ty: Ty,
        /// destination
        dst: RegId,
        /// factor
        a: Operand,
        /// factor
        b: Operand,
        /// addend
        c: Operand,
    },
    /// `fma.rn.ty dst, a, b, c` (`a·b + c`, one rounding)
    Fma {
        /// `f32` or `f64`
        ty: Ty,
        /// destination
        dst: RegId,
        /// factor
        a: Operand,
        /// factor
        b: Operand,
        /// addend
        c: Operand,
    },
    /// `abs.ty dst, a`
    Abs {
        /// type
        ty: Ty,
        /// destination
        dst: RegId,
        /// source
        a: Operand,
    },
    /// `not.pred dst, a`
    NotPred {
        /// destination
        dst: RegId,
        /// source
        a: RegId,
    },
    /// `setp.cmp.ty dst, a, b`
    Setp {
        /// comparison
        cmp: Cmp,
        /// operand type
        ty: Ty,
        /// destination predicate
        dst: RegId,
        /// left
        a: Operand,
        /// right
        b: Operand,
    },
    /// `selp.ty dst, a, b, p` (`p ? a : b`)
    Selp {
        /// type
        ty: Ty,
        /// destination
        dst: RegId,
        /// value if `p`
        a: Operand,
        /// value if not `p`
        b: Operand,
        /// the predicate
        p: RegId,
    },
    /// `cvt[.rn].dty.sty dst, src`
    Cvt {
        /// destination type
        dty: Ty,
        /// source type
        sty: Ty,
        /// destination
        dst: RegId,
        /// source
        src: RegId,
    },
    /// `ld.space[.nc][.vN].ty {dst…}, [addr]`
    Ld {
        /// state space
        space: Space,
        /// read-only path (`.nc`, global only)
        nc: bool,
        /// element type
        ty: Ty,
        /// one destination per vector lane
        dst: Vec<RegId>,
        /// address
        addr: Address,
    },
    /// `st.space[.vN].ty [addr], {src…}`
    St {
        /// state space
        space: Space,
        /// element type
        ty: Ty,
        /// one source per vector lane
        src: Vec<Operand>,
        /// address
        addr: Address,
    },
    /// `cp.async.{ca,cg}.shared.global [dst], [src], bytes[, src_size]`
    CpAsync {
        /// L1 policy
        cache: CacheOp,
        /// bytes copied (4, 8 or 16)
        bytes: u32,
        /// shared destination
        dst: Address,
        /// global source
        src: Address,
        /// bytes read from `src`; the rest is zero-filled
        src_size: Option<Operand>,
        /// when this predicate is true, nothing is read and zeros are written
        ignore_src: Option<RegId>,
    },
    /// `cp.async.commit_group`
    CpAsyncCommit,
    /// `cp.async.wait_group n`: all but the newest `n` groups are complete
    CpAsyncWait(u32),
    /// `bar.sync n`
    BarSync(u32),
    /// `bra.uni label` (uniform) or `bra label`
    Bra {
        /// target
        target: Label,
        /// whether every thread of the warp takes the same path
        uniform: bool,
    },
    /// `atom.global.add.ty dst, [addr], src`: adds `src` to the value at `addr`
    /// atomically and returns the old value (relaxed, device scope)
    AtomAdd {
        /// integer type (`u32`)
        ty: Ty,
        /// the old value
        dst: RegId,
        /// global address
        addr: Address,
        /// the addend
        src: Operand,
    },
    /// `fence.acq_rel.gpu`: orders this thread's memory accesses before and after
    /// it for every thread of the device (with a barrier: for the whole block)
    FenceGpu,
    /// `ret`
    Ret,
    /// an instruction of an ISA extension, defined above the core emitter (the
    /// core only prints it); see [`ExtInstr`]
    Ext(std::sync::Arc<dyn ExtInstr>),
}

/// An instruction defined outside the core emitter: an ISA extension (such as
/// sm_90a's TMA, mbarrier and wgmma) plugs in by implementing `Display` (the PTX
/// text, with its `;`) and `PartialEq`; [`crate::ptx::KernelBuilder::ext`] adds one
/// to a kernel. The core knows nothing of what it does: the simulator reports
/// it as unsupported.
pub trait ExtInstr: fmt::Debug + fmt::Display + Send + Sync + 'static {
    /// `self == other` when `other` has the same type.
    fn eq_ext(&self, other: &dyn ExtInstr) -> bool;
    /// `self` as `Any`, for [`ExtInstr::eq_ext`].
    fn as_any(&self) -> &dyn core::any::Any;
}

impl<T: fmt::Debug + fmt::Display + PartialEq + Send + Sync + 'static> ExtInstr for T {
    fn eq_ext(&self, other: &dyn ExtInstr) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }
    fn as_any(&self) -> &dyn core::any::Any {
        self
    }
}

impl PartialEq for dyn ExtInstr {
    fn eq(&self, other: &Self) -> bool {
        self.eq_ext(other)
    }
}

fn bit_ty(ty: Ty) -> Ty {
    match ty {
        Ty::U32 | Ty::S32 | Ty::F32 => Ty::B32,
        Ty::U64 | Ty::S64 | Ty::F64 => Ty::B64,
        other => other,
    }
}

fn write_vec<T: fmt::Display>(f: &mut fmt::Formatter<'_>, items: &[T]) -> fmt::Result {
    if items.len() == 1 {
        return write!(f, "{}", items[0]);
    }
    f.write_str("{")?;
    for (i, it) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{it}")?;
    }
    f.write_str("}")
}

fn vec_suffix(n: usize) -> String {
    if n == 1 {
        String::new()
    } else {
        format!(".v{n}")
    }
}

impl fmt::Display for Instr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Instr::Mov { ty, dst, src } => write!(f, "mov.{ty} {dst}, {src};"),
            Instr::Bin { op, ty, dst, a, b } => {
                let name = match (op, ty.is_float()) {
                    (BinOp::Add, _) => format!("add.{ty}"),
                    (BinOp::Sub, _) => format!("sub.{ty}"),
                    (BinOp::Mul, true) => format!("mul.rn.{ty}"),
                    (BinOp::Mul, false) => format!("mul.lo.{ty}"),
                    (BinOp::MulWide, _) => format!("mul.wide.{ty}"),
                    (BinOp::Div, _) => format!("div.{ty}"),
                    (BinOp::Rem, _) => format!("rem.{ty}"),
                    (BinOp::Shl, _) => format!("shl.{}", bit_ty(*ty)),
                    (BinOp::Shr, _) => format!("shr.{ty}"),
                    (BinOp::And, _) => format!("and.{}", bit_ty(*ty)),
                    (BinOp::Or, _) => format!("or.{}", bit_ty(*ty)),
                    (BinOp::Min, _) => format!("min.{ty}"),
                };
                write!(f, "{name} {dst}, {a}, {b};")
            }
            Instr::Mad {
                wide,
                ty,
                dst,
                a,
                b,
                c,
            } => {
                let w = if *wide { "wide" } else { "lo" };
                write!(f, "mad.{w}.{ty} {dst}, {a}, {b}, {c};")
            }
            Instr::Fma { ty, dst, a, b, c } => write!(f, "fma.rn.{ty} {dst}, {a}, {b}, {c};"),
            Instr::Abs { ty, dst, a } => write!(f, "abs.{ty} {dst}, {a};"),
            Instr::NotPred { dst, a } => write!(f, "not.pred {dst}, {a};"),
            Instr::Setp { cmp, ty, dst, a, b } => write!(f, "setp.{cmp}.{ty} {dst}, {a}, {b};"),
            Instr::Selp { ty, dst, a, b, p } => write!(f, "selp.{ty} {dst}, {a}, {b}, {p};"),
            Instr::Cvt { dty, sty, dst, src } => {
                let narrowing_float =
                    dty.is_float() && (dty.bytes() < sty.bytes() || !sty.is_float());
                let rnd = if narrowing_float { ".rn" } else { "" };
                write!(f, "cvt{rnd}.{dty}.{sty} {dst}, {src};")
            }
            Instr::Ld {
                space,
                nc,
                ty,
                dst,
                addr,
            } => {
                let nc = if *nc { ".nc" } else { "" };
                write!(f, "ld.{space}{nc}{}.{ty} ", vec_suffix(dst.len()))?;
                write_vec(f, dst)?;
                write!(f, ", {addr};")
            }
            Instr::St {
                space,
                ty,
                src,
                addr,
            } => {
                write!(f, "st.{space}{}.{ty} {addr}, ", vec_suffix(src.len()))?;
                write_vec(f, src)?;
                f.write_str(";")
            }
            Instr::CpAsync {
                cache,
                bytes,
                dst,
                src,
                src_size,
                ignore_src,
            } => {
                let c = match cache {
                    CacheOp::Ca => "ca",
                    CacheOp::Cg => "cg",
                };
                write!(f, "cp.async.{c}.shared.global {dst}, {src}, {bytes}")?;
                if let Some(s) = src_size {
                    write!(f, ", {s}")?;
                }
                if let Some(p) = ignore_src {
                    write!(f, ", {p}")?;
                }
                f.write_str(";")
            }
            Instr::CpAsyncCommit => f.write_str("cp.async.commit_group;"),
            Instr::CpAsyncWait(n) => write!(f, "cp.async.wait_group {n};"),
            Instr::BarSync(n) => write!(f, "bar.sync {n};"),
            Instr::Bra { target, uniform } => {
                let u = if *uniform { ".uni" } else { "" };
                write!(f, "bra{u} {target};")
            }
            Instr::AtomAdd { ty, dst, addr, src } => {
                write!(f, "atom.global.add.{ty} {dst}, {addr}, {src};")
            }
            Instr::FenceGpu => f.write_str("fence.acq_rel.gpu;"),
            Instr::Ret => f.write_str("ret;"),
            Instr::Ext(e) => e.fmt(f),
        }
    }
}

/// A guard `@p` or `@!p` on an instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Guard {
    /// the predicate register
    pub pred: RegId,
    /// `@!p` instead of `@p`
    pub negated: bool,
}

/// One line of a kernel body.
#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    /// an instruction, maybe guarded
    Instr(Option<Guard>, Instr),
    /// a label definition
    Label(Label),
    /// a comment (for readers of the PTX)
    Comment(String),
}

impl fmt::Display for Stmt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stmt::Instr(None, i) => write!(f, "\t{i}"),
            Stmt::Instr(Some(g), i) => {
                let bang = if g.negated { "!" } else { "" };
                write!(f, "\t@{bang}{} {i}", g.pred)
            }
            Stmt::Label(l) => write!(f, "{l}:"),
            Stmt::Comment(c) => write!(f, "\t// {c}"),
        }
    }
}
