//! [`Value`]: what a calculator expression evaluates to, and how it prints.
use core::fmt;

use super::alloc::string::String;

use super::alloc::boxed::Box;
use crate::algebra::{DComposedLayout, Swizzle, SwizzledLayout};
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

impl Value {
    /// Appends the value in calculator notation (see the [`fmt::Display`] impl) to `out`.
    pub fn write_to(&self, out: &mut String) {
        match self {
            Value::Int(v) => push_int(out, v.value),
            Value::Tuple(t) => write_tuple(out, t),
            Value::Layout(l) => write_layout(out, l),
            Value::Tiler(t) => write_tiler(out, t),
            Value::Swizzle(sw) => write_swizzle(out, sw),
            Value::Swizzled(c) => {
                write_swizzle(out, &c.swizzle());
                out.push('o');
                push_int(out, c.offset().value);
                out.push('o');
                write_layout(out, &c.layout());
            }
        }
    }
}

impl fmt::Display for Value {
    /// CuTe notation without spaces and without static `_` marks:
    /// `(4,(2,2)):(4,(1,2))`, `8:2`, `(1,(2,3))`, `12`, `[2:1,4:1]`,
    /// `Sw<3,4,3>`, `Sw<3,4,3>o0o(8,64):(64,1)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        self.write_to(&mut s);
        f.write_str(&s)
    }
}

/// Appends `v` in decimal. Written out by hand: this is the calculator's hot
/// output path, and `core::fmt` costs more than the digits.
fn push_int(out: &mut String, v: i64) {
    if v < 0 {
        out.push('-');
    }
    let mut digits = [0u8; 20];
    let mut n = v.unsigned_abs();
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in &digits[i..] {
        out.push(char::from(d));
    }
}

fn write_swizzle(out: &mut String, sw: &Swizzle) {
    out.push_str("Sw<");
    push_int(out, sw.bits());
    out.push(',');
    push_int(out, sw.base());
    out.push(',');
    push_int(out, sw.shift());
    out.push('>');
}

/// Appends an IntTuple as plain integers: `(4,(2,2))`.
fn write_tuple(out: &mut String, t: &DTuple) {
    if let Some(v) = t.as_int() {
        return push_int(out, v.value);
    }
    if t.is_underscore() {
        return out.push('_');
    }
    out.push('(');
    for i in 0..t.rank() {
        if i > 0 {
            out.push(',');
        }
        // i < rank, so the mode exists.
        if let Ok(mode) = t.get(i) {
            write_tuple(out, &mode);
        }
    }
    out.push(')');
}

/// Appends `shape:stride` with plain integers.
fn write_layout(out: &mut String, l: &DLayout) {
    write_tuple(out, &l.shape());
    out.push(':');
    write_tuple(out, &l.stride());
}

fn write_tiler(out: &mut String, t: &DTiler) {
    out.push('[');
    for i in 0..t.rank() {
        if i > 0 {
            out.push(',');
        }
        match t.mode(i) {
            Ok(TilerMode::Layout(l)) => write_layout(out, &l),
            Ok(TilerMode::Tiler(t)) => write_tiler(out, &t),
            // i < rank, so the mode exists.
            Err(_) => {}
        }
    }
    out.push(']');
}
