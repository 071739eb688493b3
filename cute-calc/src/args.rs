//! Reading a call's arguments by position: what a written argument means depends
//! on the kind the position expects (conformance README, *Argument forms*).
use super::error::ExprError;
use super::functions::evaluate_expr;
use super::parse::{Children, Expr, ExprKind};
use super::value::Value;
use alloc::boxed::Box;
use alloc::vec::Vec;
use cute_types::algebra::rt::DComposedLayout;
use cute_types::dynamic::rt::{DLayout, DTiler, DTuple};
use cute_types::dynamic::DInt;

/// A tiler argument `T`: a layout (applied to the whole layout) or a by-mode tiler.
#[derive(Clone, Debug)]
// Layouts are kept inline on purpose: they are short-lived, and boxing them
// would cost an allocation per argument on the calculator's hot path.
#[allow(clippy::large_enum_variant)]
pub(crate) enum TilerArg {
    /// a layout
    Layout(DLayout),
    /// an integer `n`: `make_layout(n)` for divides and products, `n:_1` for
    /// composition (C++ treats an integral tiler so)
    Int(DInt),
    /// a by-mode tiler `[…]` (boxed: it holds several layouts, and evaluation
    /// frames stay small on the recursion path)
    Tiler(Box<DTiler>),
}

/// A layout, or a swizzled layout.
pub(crate) enum LayoutOrSwizzled {
    /// a layout
    Layout(DLayout),
    /// `Sw o offset o L`
    Swizzled(DComposedLayout),
}

impl LayoutOrSwizzled {
    /// The layout, or the swizzled layout's inner layout.
    pub fn inner(&self) -> DLayout {
        match self {
            LayoutOrSwizzled::Layout(l) => l.clone(),
            LayoutOrSwizzled::Swizzled(c) => c.layout(),
        }
    }
}

/// An argument that is a shape (bare IntTuple) or a layout with explicit strides.
// Layouts are kept inline on purpose: they are short-lived, and boxing them
// would cost an allocation per argument on the calculator's hot path.
#[allow(clippy::large_enum_variant)]
pub(crate) enum ShapeOrLayout {
    /// a bare IntTuple
    Shape(DTuple),
    /// `shape:stride`, or a call giving a layout
    Layout(DLayout),
}

/// The arguments of one call, with the function's name for error messages.
pub(crate) struct Args<'p> {
    pub function: &'static str,
    args: Children<'p>,
}

impl<'p> Args<'p> {
    pub fn new(function: &'static str, args: Children<'p>) -> Self {
        Args { function, args }
    }

    /// Argument `i`, which the caller has checked exists (see [`Args::arity`]).
    fn expr(&self, i: usize) -> Result<Expr<'p>, ExprError> {
        // Handlers read only the arguments their arity check allows.
        self.args.get(i).ok_or(ExprError::Arity {
            function: self.function,
            expected: "more",
            found: self.args.len(),
        })
    }

    /// What argument `i` is (see [`Args::expr`]).
    fn arg(&self, i: usize) -> Result<ExprKind<'p>, ExprError> {
        self.expr(i).map(|e| e.kind())
    }

    /// Number of arguments.
    pub fn len(&self) -> usize {
        self.args.len()
    }

    /// Fails unless the count is in `min..=max`; `expected` says it in words.
    pub fn arity(&self, min: usize, max: usize, expected: &'static str) -> Result<(), ExprError> {
        if self.args.len() < min || self.args.len() > max {
            return Err(ExprError::Arity {
                function: self.function,
                expected,
                found: self.args.len(),
            });
        }
        Ok(())
    }

    fn kind_error(&self, i: usize, expected: &'static str, found: &'static str) -> ExprError {
        ExprError::ArgumentKind {
            function: self.function,
            argument: i + 1,
            expected,
            found,
        }
    }

    /// An algebra error of this function.
    pub fn fail(&self, error: cute_types::Error) -> ExprError {
        ExprError::algebra(self.function, error)
    }

    /// Argument `i` as a value, a bare IntTuple read as a shape-only layout.
    pub fn operand(&self, i: usize) -> Result<Value, ExprError> {
        self.operand_of(self.expr(i)?)
    }

    /// `e` as a value, a bare IntTuple read as a shape-only layout.
    fn operand_of(&self, e: Expr<'p>) -> Result<Value, ExprError> {
        match e.kind() {
            // `make_layout(shape)` errors (overflow) are reported as this function's.
            ExprKind::Tuple(value) => make_layout(value.clone())
                .map(Value::Layout)
                .map_err(|e| self.fail(e)),
            _ => evaluate_expr(e),
        }
    }

    /// Argument `i` where a layout is expected: an int or IntTuple becomes
    /// `make_layout(shape)` (compact column-major, static shape 1 → stride 0).
    pub fn layout(&self, i: usize) -> Result<DLayout, ExprError> {
        self.layout_of(i, self.expr(i)?)
    }

    /// [`Args::layout`] for argument `i`, already found as `e`.
    fn layout_of(&self, i: usize, e: Expr<'p>) -> Result<DLayout, ExprError> {
        let v = self.operand_of(e)?;
        self.value_as_layout(i, v)
    }

    /// A value where a layout is expected (see [`Args::layout`]).
    pub fn value_as_layout(&self, i: usize, v: Value) -> Result<DLayout, ExprError> {
        match v {
            Value::Layout(l) => Ok(l),
            Value::Int(n) => make_layout(DTuple::int(n)).map_err(|e| self.fail(e)),
            Value::Tuple(t) => make_layout(t).map_err(|e| self.fail(e)),
            other => Err(self.kind_error(i, "a layout", other.kind())),
        }
    }

    /// Argument `i` where a layout or a swizzled layout is expected.
    pub fn layout_or_swizzled(&self, i: usize) -> Result<LayoutOrSwizzled, ExprError> {
        match self.operand(i)? {
            Value::Swizzled(c) => Ok(LayoutOrSwizzled::Swizzled(c)),
            v => self.value_as_layout(i, v).map(LayoutOrSwizzled::Layout),
        }
    }

    /// Argument `i` where a layout is expected, a swizzled layout standing for
    /// its inner layout (the domain queries `size`, `shape`, …).
    pub fn domain_layout(&self, i: usize) -> Result<DLayout, ExprError> {
        Ok(self.layout_or_swizzled(i)?.inner())
    }

    /// Argument `i` where an IntTuple is expected (coordinate, shape, stride, profile).
    pub fn tuple(&self, i: usize) -> Result<DTuple, ExprError> {
        self.tuple_of(i, self.expr(i)?)
    }

    /// [`Args::tuple`] for argument `i`, already found as `e`.
    fn tuple_of(&self, i: usize, e: Expr<'p>) -> Result<DTuple, ExprError> {
        match e.kind() {
            ExprKind::Tuple(value) => Ok(value.clone()),
            ExprKind::Layout(_) => Err(self.kind_error(i, "an IntTuple", "a layout")),
            ExprKind::Tiler(_) => Err(self.kind_error(i, "an IntTuple", "a tiler")),
            ExprKind::Call(..) | ExprKind::Swizzle(_) | ExprKind::Swizzled { .. } => {
                match self.operand_of(e)? {
                    Value::Int(n) => Ok(DTuple::int(n)),
                    Value::Tuple(t) => Ok(t),
                    other => Err(self.kind_error(i, "an IntTuple", other.kind())),
                }
            }
        }
    }

    /// Argument `i` as a cotarget: an IntTuple, or a layout standing for its shape.
    pub fn cotarget(&self, i: usize) -> Result<DTuple, ExprError> {
        match self.arg(i)? {
            ExprKind::Layout(value) => Ok(value.shape()),
            ExprKind::Call(..) => match self.operand(i)? {
                Value::Layout(l) => Ok(l.shape()),
                Value::Int(n) => Ok(DTuple::int(n)),
                Value::Tuple(t) => Ok(t),
                other => Err(self.kind_error(i, "an IntTuple or a layout", other.kind())),
            },
            _ => self.tuple(i),
        }
    }

    /// Argument `i` as a shape (a bare IntTuple) or as a layout (written with its strides).
    pub fn shape_or_layout(&self, i: usize) -> Result<ShapeOrLayout, ExprError> {
        match self.arg(i)? {
            ExprKind::Layout(value) => Ok(ShapeOrLayout::Layout(value.clone())),
            ExprKind::Call(..) => match self.operand(i)? {
                Value::Layout(l) => Ok(ShapeOrLayout::Layout(l)),
                Value::Int(n) => Ok(ShapeOrLayout::Shape(DTuple::int(n))),
                Value::Tuple(t) => Ok(ShapeOrLayout::Shape(t)),
                other => Err(self.kind_error(i, "a shape or a layout", other.kind())),
            },
            _ => self.tuple(i).map(ShapeOrLayout::Shape),
        }
    }

    /// Argument `i` where an integer is expected.
    pub fn int(&self, i: usize) -> Result<DInt, ExprError> {
        self.int_of(i, self.expr(i)?)
    }

    /// [`Args::int`] for argument `i`, already found as `e`.
    fn int_of(&self, i: usize, e: Expr<'p>) -> Result<DInt, ExprError> {
        let t = self.tuple_of(i, e)?;
        t.as_int()
            .ok_or_else(|| self.kind_error(i, "an integer", "an IntTuple"))
    }

    /// Argument `i` as a mode index (a non-negative integer).
    pub fn index(&self, i: usize) -> Result<usize, ExprError> {
        self.index_of(i, self.expr(i)?)
    }

    /// [`Args::index`] for argument `i`, already found as `e`.
    fn index_of(&self, i: usize, e: Expr<'p>) -> Result<usize, ExprError> {
        let v = self.int_of(i, e)?.value;
        usize::try_from(v)
            .map_err(|_| self.kind_error(i, "a non-negative mode index", "a negative integer"))
    }

    /// Arguments `from..` as mode indices. One walk over the arguments: finding
    /// each by its number would walk them again each time (quadratic in the count).
    pub fn indices(&self, from: usize) -> Result<Vec<usize>, ExprError> {
        let mut out = Vec::new();
        for (i, e) in self.args.iter().enumerate().skip(from) {
            out.push(self.index_of(i, e)?);
        }
        Ok(out)
    }

    /// Argument `i` where a tiler `T` is expected: a layout, a tiler or an int
    /// (an int `n` is `make_layout(n)`).
    pub fn tiler(&self, i: usize) -> Result<TilerArg, ExprError> {
        self.tiler_of(i, self.expr(i)?)
    }

    /// [`Args::tiler`] for `e`, argument `i` (no walk to find it).
    fn tiler_of(&self, i: usize, e: Expr<'p>) -> Result<TilerArg, ExprError> {
        // An integer written as such (`4`, `_4`) is an integer tiler.
        if let ExprKind::Tuple(value) = e.kind() {
            if let Some(n) = value.as_int() {
                return Ok(TilerArg::Int(n));
            }
        }
        match self.operand_of(e)? {
            Value::Tiler(t) => Ok(TilerArg::Tiler(t)),
            Value::Int(n) => Ok(TilerArg::Int(n)),
            v => Ok(TilerArg::Layout(self.value_as_layout(i, v)?)),
        }
    }
}

/// CuTe's `make_layout(shape)` for the calculator: compact column-major; a
/// static shape-1 mode gets stride `_0`, as with `Int<1>` in C++, and a leaf
/// keeps the kind it was read with (all static, unless reading mixed).
pub(crate) fn make_layout(shape: DTuple) -> Result<DLayout, cute_types::Error> {
    DLayout::col_major(shape)
}

/// Builds a tiler from the entries of a `[…]` literal: nested brackets are
/// nested tilers; anything else is read as a layout (an int `n` is `n:1`).
///
/// Nested brackets recurse, so the recursive frame holds only a pointer: the
/// 10 KiB `DTiler` values (and their debug-build temporaries) live on the heap
/// and in [`push_entry`], whose frame is gone before the next level starts.
/// (With `DTiler`s in this frame, 18 nested levels overflowed a 2 MiB stack.)
pub(crate) fn build_tiler(items: Children<'_>) -> Result<Box<DTiler>, ExprError> {
    let mut t = Box::new(DTiler::new());
    let args = Args::new("tiler", items);
    for (i, item) in items.iter().enumerate() {
        let entry = match item.kind() {
            ExprKind::Tiler(inner) => TilerEntry::Tiler(build_tiler(inner)?),
            _ => match args.tiler_of(i, item)? {
                TilerArg::Int(n) => TilerEntry::Int(n),
                TilerArg::Layout(l) => TilerEntry::Layout(Box::new(l)),
                TilerArg::Tiler(inner) => TilerEntry::Tiler(inner),
            },
        };
        push_entry(&mut t, entry)?;
    }
    Ok(t)
}

/// One entry of a tiler literal, boxed (see [`build_tiler`]).
enum TilerEntry {
    Layout(Box<DLayout>),
    Int(DInt),
    Tiler(Box<DTiler>),
}

/// Appends `entry` to `t` in place.
#[inline(never)]
fn push_entry(t: &mut DTiler, entry: TilerEntry) -> Result<(), ExprError> {
    let t0 = core::mem::take(t);
    let pushed = match entry {
        TilerEntry::Layout(l) => t0.push_layout(*l),
        TilerEntry::Int(n) => t0.push_int(n),
        TilerEntry::Tiler(inner) => t0.push_tiler(&inner),
    };
    *t = pushed.map_err(|e| ExprError::algebra("tiler", e))?;
    Ok(())
}
