//! Arithmetic the core emitter lacks, for fragment values: element ↔ `f32`
//! conversions, `max`, `ex2`, division and warp butterflies. They are the tile
//! layer's own instructions (no memory access), so a kernel using them stays
//! checked; an [`crate::ptx::ExtInstr`] of your own makes it unchecked.
use super::element::{Bf16, Element, F16};
use super::kernel::TileKernel;
use super::TileError;
use crate::ptx::{kind, Instr, Operand, Reg, RegId, Ty};
use core::any::TypeId;
use core::fmt;

#[derive(Debug, PartialEq)]
enum Op {
    Max {
        d: RegId,
        a: RegId,
        b: RegId,
    },
    Ex2 {
        d: RegId,
        a: RegId,
    },
    Div {
        d: RegId,
        a: RegId,
        b: RegId,
    },
    Bfly {
        d: RegId,
        a: RegId,
        lanes: u32,
    },
    /// `d` (a `.b32` holding the 16-bit value in its low half) = `a` rounded
    Narrow {
        d: RegId,
        a: RegId,
        format: &'static str,
    },
    /// `d` = the f16 value in the low half of `a`, widened
    WidenF16 {
        d: RegId,
        a: RegId,
    },
}

impl fmt::Display for Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Op::Max { d, a, b } => write!(f, "max.f32 {d}, {a}, {b};"),
            Op::Ex2 { d, a } => write!(f, "ex2.approx.ftz.f32 {d}, {a};"),
            Op::Div { d, a, b } => write!(f, "div.rn.f32 {d}, {a}, {b};"),
            Op::Bfly { d, a, lanes } => {
                write!(f, "shfl.sync.bfly.b32 {d}, {a}, {lanes}, 0x1f, 0xffffffff;")
            }
            // the pair conversion puts the second source in the low half
            Op::Narrow { d, a, format } => {
                write!(f, "cvt.rn.{format}x2.f32 {d}, 0f00000000, {a};")
            }
            Op::WidenF16 { d, a } => write!(
                f,
                "{{ .reg .b16 %tile_h; cvt.u16.u32 %tile_h, {a}; cvt.f32.f16 {d}, %tile_h; }}"
            ),
        }
    }
}

impl TileKernel {
    fn op(&mut self, op: Op) -> Result<(), TileError> {
        let b = self.own()?;
        // recorded as the tile layer's own: these instructions touch no memory
        b.push_checked(None, Instr::Ext(std::sync::Arc::new(op)));
        Ok(())
    }

    fn fresh_f32(&mut self) -> Result<Reg<kind::F32>, TileError> {
        Ok(self.own()?.reg::<kind::F32>())
    }

    /// The `f32` value of an element register (exact).
    pub fn to_f32<E: Element>(&mut self, v: Reg<E::Kind>) -> Result<Reg<kind::F32>, TileError> {
        let d = self.fresh_f32()?;
        let b = self.own()?;
        if TypeId::of::<E>() == TypeId::of::<F16>() {
            self.op(Op::WidenF16 {
                d: d.id(),
                a: v.id(),
            })?;
            return Ok(d);
        }
        let src = if TypeId::of::<E>() == TypeId::of::<Bf16>() {
            // bf16 is the high half of an f32
            let r = b.reg::<kind::U32>();
            b.push_raw(
                None,
                Instr::Bin {
                    op: crate::ptx::BinOp::Shl,
                    ty: Ty::B32,
                    dst: r.id(),
                    a: Operand::Reg(v.id()),
                    b: Operand::Int(16),
                },
            );
            r.id()
        } else {
            v.id()
        };
        b.push_raw(
            None,
            Instr::Mov {
                ty: Ty::B32,
                dst: d.id(),
                src: Operand::Reg(src),
            },
        );
        Ok(d)
    }

    /// `v` rounded to the element type (to nearest, ties to even).
    pub fn from_f32<E: Element>(&mut self, v: Reg<kind::F32>) -> Result<Reg<E::Kind>, TileError> {
        let d = self.own()?.reg::<E::Kind>();
        let format = if TypeId::of::<E>() == TypeId::of::<Bf16>() {
            "bf16"
        } else if TypeId::of::<E>() == TypeId::of::<F16>() {
            "f16"
        } else {
            let b = self.own()?;
            b.push_raw(
                None,
                Instr::Mov {
                    ty: Ty::B32,
                    dst: d.id(),
                    src: Operand::Reg(v.id()),
                },
            );
            return Ok(d);
        };
        self.op(Op::Narrow {
            d: d.id(),
            a: v.id(),
            format,
        })?;
        Ok(d)
    }

    /// `max(a, b)` (`max.f32`).
    pub fn max_f32(
        &mut self,
        a: Reg<kind::F32>,
        b: Reg<kind::F32>,
    ) -> Result<Reg<kind::F32>, TileError> {
        let d = self.fresh_f32()?;
        self.op(Op::Max {
            d: d.id(),
            a: a.id(),
            b: b.id(),
        })?;
        Ok(d)
    }

    /// `2^a` (`ex2.approx.ftz.f32`: about 2 ulp, subnormals flushed).
    pub fn exp2_approx(&mut self, a: Reg<kind::F32>) -> Result<Reg<kind::F32>, TileError> {
        let d = self.fresh_f32()?;
        self.op(Op::Ex2 {
            d: d.id(),
            a: a.id(),
        })?;
        Ok(d)
    }

    /// `a / b`, correctly rounded (`div.rn.f32`).
    pub fn div_f32(
        &mut self,
        a: Reg<kind::F32>,
        b: Reg<kind::F32>,
    ) -> Result<Reg<kind::F32>, TileError> {
        let d = self.fresh_f32()?;
        self.op(Op::Div {
            d: d.id(),
            a: a.id(),
            b: b.id(),
        })?;
        Ok(d)
    }

    /// `a` of lane `lane ^ lanes` of the warp (`shfl.sync.bfly`, all 32 lanes
    /// taking part: call it where the whole warp runs).
    pub fn shfl_bfly_f32(
        &mut self,
        a: Reg<kind::F32>,
        lanes: u32,
    ) -> Result<Reg<kind::F32>, TileError> {
        if lanes > 31 {
            return Err(TileError::Layout("a butterfly lane mask is below 32"));
        }
        let d = self.fresh_f32()?;
        self.op(Op::Bfly {
            d: d.id(),
            a: a.id(),
            lanes,
        })?;
        Ok(d)
    }
}
