//! [`Value`]: what a calculator expression evaluates to, and how it prints.
use core::fmt;

use alloc::string::String;

use alloc::boxed::Box;
use cute_types::algebra::rt::{DComposedLayout, Swizzle, SwizzledLayout};
use cute_types::dynamic::rt::{DLayout, DTiler, DTuple, TilerMode};
use cute_types::dynamic::{DInt, Token};

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
        self.write_marked(out, false)
    }
    /// Appends the value with static leaves marked `_` when `marks` is set, as
    /// CuTe C++ prints a mix of `Int<N>` and `int` (`(_4,8):(_1,_4)`).
    pub fn write_marked(&self, out: &mut String, marks: bool) {
        let mut w = Writer { out, marks };
        match self {
            Value::Int(v) => w.int(v),
            Value::Tuple(t) => w.tuple(t),
            Value::Layout(l) => w.layout(l),
            Value::Tiler(t) => w.tiler(t),
            Value::Swizzle(sw) => write_swizzle(w.out, sw),
            Value::Swizzled(c) => {
                write_swizzle(w.out, &c.swizzle());
                w.out.push('o');
                w.int(&c.offset());
                w.out.push('o');
                w.layout(&c.layout());
            }
        }
    }
}

/// A value that displays with static `_` marks (see [`Value::marked`]).
pub struct Marked<'v>(&'v Value);

impl Value {
    /// The value displayed as C++ prints it, static leaves marked `_`: `(_4,8):(_1,_4)`.
    pub fn marked(&self) -> Marked<'_> {
        Marked(self)
    }
}

impl fmt::Display for Marked<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        self.0.write_marked(&mut s, true);
        f.write_str(&s)
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
    // Most integers of layouts are one digit.
    if (0..10).contains(&v) {
        out.push(char::from(b'0' + v as u8));
        return;
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
    if v < 0 {
        out.push('-');
    }
    // ASCII digits: always UTF-8.
    out.push_str(core::str::from_utf8(&digits[i..]).unwrap_or_default());
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

/// Writes values in calculator notation, with or without static `_` marks.
struct Writer<'o> {
    out: &'o mut String,
    marks: bool,
}

impl Writer<'_> {
    fn int(&mut self, v: &DInt) {
        if self.marks && v.is_static {
            self.out.push('_');
        }
        push_int(self.out, v.value);
    }
    /// An IntTuple: `(4,(2,2))`.
    fn tuple(&mut self, t: &DTuple) {
        let written: Result<(), core::convert::Infallible> = t.for_each_token(|token| {
            match token {
                Token::Open => self.out.push('('),
                Token::Close => self.out.push(')'),
                Token::Comma => self.out.push(','),
                Token::Int(v) => self.int(&v),
                Token::Underscore => self.out.push('_'),
            }
            Ok(())
        });
        let Ok(()) = written;
    }
    /// `shape:stride`.
    fn layout(&mut self, l: &DLayout) {
        self.tuple(&l.shape());
        self.out.push(':');
        self.tuple(&l.stride());
    }
    fn tiler(&mut self, t: &DTiler) {
        self.out.push('[');
        for i in 0..t.rank() {
            if i > 0 {
                self.out.push(',');
            }
            // An integer entry prints as written: it is not the same tiler as
            // its layout `n:_1` (C++ composes the two differently when n is a static 1).
            if let Ok(Some(n)) = t.int_mode(i) {
                self.int(&n);
                continue;
            }
            match t.mode(i) {
                Ok(TilerMode::Layout(l)) => self.layout(&l),
                Ok(TilerMode::Tiler(t)) => self.tiler(&t),
                // i < rank, so the mode exists.
                Err(_) => {}
            }
        }
        self.out.push(']');
    }
}
