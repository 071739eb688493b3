//! [`Value`]: what a calculator expression evaluates to, and how it prints.
use core::fmt::{self, Write};

use super::alloc::boxed::Box;
use crate::algebra::{DComposedLayout, SwizzledLayout, Swizzle};
use crate::dynamic::{DInt, DLayout, DTiler, DTuple, TilerMode};

/// The value of a calculator expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// An integer (`size`, `eval`, …).
    Int(DInt),
    /// An IntTuple (`shape`, `stride`, `idx2crd`, …); may also hold a single integer.
    Tuple(DTuple),
    /// A layout.
    Layout(DLayout),
    /// A by-mode tiler (boxed: it holds several layouts).
    Tiler(Box<DTiler>),
    /// A swizzle functor `Sw<b,m,s>`.
    Swizzle(Swizzle),
    /// A swizzled layout `Sw<b,m,s> o offset o L`.
    Swizzled(DComposedLayout),
}

impl From<SwizzledLayout> for Value {
    /// A plain layout stays a layout (C++ drops the identity swizzle).
    fn from(s: SwizzledLayout) -> Self {
        match s {
            SwizzledLayout::Plain(l) => Value::Layout(l),
            SwizzledLayout::Swizzled(c) => Value::Swizzled(c),
        }
    }
}

impl Value {
    /// What kind of value this is, in words, for error messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Int(_) => "an integer",
            Value::Tuple(t) if t.is_int() => "an integer",
            Value::Tuple(_) => "an IntTuple",
            Value::Layout(_) => "a layout",
            Value::Tiler(_) => "a tiler",
            Value::Swizzle(_) => "a swizzle",
            Value::Swizzled(_) => "a swizzled layout",
        }
    }
}

impl fmt::Display for Value {
    /// CuTe notation without spaces and without static `_` marks:
    /// `(4,(2,2)):(4,(1,2))`, `8:2`, `(1,(2,3))`, `12`, `[2:1,4:1]`,
    /// `Sw<3,4,3>`, `Sw<3,4,3>o0o(8,64):(64,1)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(v) => write!(f, "{}", v.value),
            Value::Tuple(t) => write_tuple(f, t),
            Value::Layout(l) => write_layout(f, l),
            Value::Tiler(t) => write_tiler(f, t),
            Value::Swizzle(sw) => write!(f, "{sw}"),
            Value::Swizzled(c) => {
                write!(f, "{}o{}o", c.swizzle(), c.offset().value)?;
                write_layout(f, &c.layout())
            }
        }
    }
}

/// Writes an IntTuple as plain integers: `(4,(2,2))`.
pub(crate) fn write_tuple<W: Write + ?Sized>(out: &mut W, t: &DTuple) -> fmt::Result {
    if let Some(v) = t.as_int() {
        return write!(out, "{}", v.value);
    }
    if t.is_underscore() {
        return out.write_char('_');
    }
    out.write_char('(')?;
    for i in 0..t.rank() {
        if i > 0 {
            out.write_char(',')?;
        }
        write_tuple(out, &t.get(i).map_err(|_| fmt::Error)?)?;
    }
    out.write_char(')')
}

/// Writes `shape:stride` with plain integers.
pub(crate) fn write_layout<W: Write + ?Sized>(out: &mut W, l: &DLayout) -> fmt::Result {
    write_tuple(out, &l.shape())?;
    out.write_char(':')?;
    write_tuple(out, &l.stride())
}

fn write_tiler<W: Write + ?Sized>(out: &mut W, t: &DTiler) -> fmt::Result {
    out.write_char('[')?;
    for i in 0..t.rank() {
        if i > 0 {
            out.write_char(',')?;
        }
        match t.mode(i).map_err(|_| fmt::Error)? {
            TilerMode::Layout(l) => write_layout(out, &l)?,
            TilerMode::Tiler(t) => write_tiler(out, &t)?,
        }
    }
    out.write_char(']')
}
