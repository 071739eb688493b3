//! The calculator's functions: its table, expanded from the core's one list of
//! operations ([`functions!`] over `cute_types::for_each_op!`: name, arguments,
//! help, example, evaluation), then each evaluation, mapped to the core or to
//! [`cute_types::algebra`].
use super::args::{build_tiler, make_layout, Args, LayoutOrSwizzled, ShapeOrLayout, TilerArg};
use super::error::ExprError;
use super::parse::{Expr, ExprKind};
use super::suggest::suggest;
use super::value::Value;
use alloc::string::ToString;
use cute_types::algebra::rt::{self as algebra, compose_swizzle, DComposedLayout, Swizzle};
use cute_types::dynamic::rt::{crd2idx_compact, idx2crd, idx2crd_strided, DLayout, DTiler, DTuple};
use cute_types::dynamic::DInt;
use cute_types::error::Error;

type Handler = fn(&Args<'_>) -> Result<Value, ExprError>;

/// One function of the calculator, as its users see it: how it is called, what
/// it gives, and an example with CuTe C++'s answer. [`FUNCTIONS`] lists them all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Function {
    /// The name it is called by (CuTe's).
    pub name: &'static str,
    /// Its arguments as the help writes them, optional ones in brackets:
    /// `L, T`, `L [, P]`.
    pub args: &'static str,
    /// What it computes, in one line.
    pub help: &'static str,
    /// A call of it …
    pub example: &'static str,
    /// … and the answer CuTe C++ 4.2 gives (a line of the conformance vectors).
    pub result: &'static str,
}

/// Expands the operation list of the core ([`cute_types::for_each_op!`]: one
/// entry per operation, shared with the typed layer) into the calculator's
/// table: the entries with a `calc` part, each with its name, arguments,
/// one-line help, an example with CuTe C++'s answer, and the function here
/// that evaluates it.
///
/// It yields [`FUNCTIONS`] (the `--help` list of `cute` and the table of
/// [`Function`]s), `FUNCTION_NAMES` (the "did you mean" candidates) and
/// [`lookup`] (the dispatch). Adding a function is one entry in that list and
/// its evaluation below.
macro_rules! functions {
    ($( $name:ident {
        calc: [$( ($args:literal) => $eval:ident,
            $help:literal, $example:literal => $result:literal )?],
        typed: [$($typed:tt)*],
        typed_by_hand: [$($hand:ident),*],
    } )*) => {
        /// Every function of the calculator, in the order `cute --help` lists them.
        ///
        /// ```
        /// let size = cute_calc::FUNCTIONS.iter().find(|f| f.name == "size").unwrap();
        /// assert_eq!(cute_calc::eval_line(size.example), size.result);
        /// ```
        pub const FUNCTIONS: &[Function] = &[$($(Function {
            name: stringify!($name),
            args: $args,
            help: $help,
            example: $example,
            result: $result,
        },)?)*];

        /// Every name [`lookup`] knows, for "did you mean".
        pub(crate) const FUNCTION_NAMES: &[&str] = &[$($(first!(stringify!($name), $eval),)?)*];

        /// The function called `name`, with its name as a `'static` string.
        ///
        /// A `match` rather than a table searched in order: the compiler compares the
        /// length first and the bytes as integers, where the search called `memcmp`
        /// for every entry (1.7% fewer instructions in `cute eval -`).
        pub(crate) fn lookup(name: &str) -> Option<(&'static str, Handler)> {
            match name {
                $($(stringify!($name) => Some((stringify!($name), $eval as Handler)),)?)*
                _ => None,
            }
        }
    };
}

/// Its first argument (to repeat a name once per optional `calc` part).
macro_rules! first {
    ($a:expr, $($rest:tt)*) => {
        $a
    };
}

cute_types::for_each_op!(functions);

/// Evaluates a parsed expression. A bare IntTuple literal is a shape-only layout
/// here (the reading of an operand); positions that expect IntTuples read their
/// literals directly through [`Args`].
pub(crate) fn evaluate_expr(e: Expr<'_>) -> Result<Value, ExprError> {
    match e.kind() {
        ExprKind::Tuple(value) => make_layout(value.clone())
            .map(Value::Layout)
            .map_err(|err| ExprError::algebra("make_layout", err)),
        ExprKind::Layout(value) => Ok(Value::Layout(value.clone())),
        ExprKind::Tiler(items) => build_tiler(items).map(Value::Tiler),
        ExprKind::Swizzle(sw) => Ok(Value::Swizzle(*sw)),
        ExprKind::Swizzled {
            swizzle,
            offset,
            layout,
        } => {
            // Read as a layout argument is: an integer or IntTuple is the
            // column-major layout of that shape.
            let as_layout =
                |shape| make_layout(shape).map_err(|e| ExprError::algebra("make_layout", e));
            let inner = match evaluate_expr(layout)? {
                Value::Layout(l) => l,
                Value::Int(n) => as_layout(DTuple::int(n))?,
                Value::Tuple(t) => as_layout(t)?,
                other => {
                    return Err(ExprError::ArgumentKind {
                        function: "Sw<b,m,s> o offset o L",
                        argument: 3,
                        expected: "a layout",
                        found: other.kind(),
                    })
                }
            };
            // As C++ builds it: `Sw<0,m,s> o _0 o L` is `L`.
            Ok(DComposedLayout::new(*swizzle, *offset, inner)
                .simplified()
                .into())
        }
        ExprKind::Call(name, args) => {
            let (function, handler) = lookup(name).ok_or_else(|| ExprError::UnknownFunction {
                name: name.to_string(),
                pos: e.pos(),
                suggestion: suggest(name, FUNCTION_NAMES),
            })?;
            handler(&Args::new(function, args))
        }
    }
}

fn int(v: DInt) -> Result<Value, ExprError> {
    Ok(Value::Int(v))
}

fn size(a: &Args<'_>) -> Result<Value, ExprError> {
    a.arity(1, 1, "1")?;
    int(a.domain_layout(0)?.size().map_err(|e| a.fail(e))?)
}

fn cosize(a: &Args<'_>) -> Result<Value, ExprError> {
    a.arity(1, 1, "1")?;
    int(a.domain_layout(0)?.cosize().map_err(|e| a.fail(e))?)
}

fn rank(a: &Args<'_>) -> Result<Value, ExprError> {
    a.arity(1, 1, "1")?;
    int(DInt::s(a.domain_layout(0)?.rank() as i64))
}

fn depth(a: &Args<'_>) -> Result<Value, ExprError> {
    a.arity(1, 1, "1")?;
    int(DInt::s(a.domain_layout(0)?.depth() as i64))
}

fn shape(a: &Args<'_>) -> Result<Value, ExprError> {
    a.arity(1, 1, "1")?;
    Ok(Value::Tuple(a.domain_layout(0)?.shape()))
}

fn stride(a: &Args<'_>) -> Result<Value, ExprError> {
    a.arity(1, 1, "1")?;
    Ok(Value::Tuple(a.layout(0)?.stride()))
}

/// `get(L, i, j, …)`: `get<i,j,…>(L)`.
fn get(a: &Args<'_>) -> Result<Value, ExprError> {
    a.arity(2, usize::MAX, "2 or more")?;
    let l = a.layout(0)?;
    let path = a.indices(1)?;
    Ok(Value::Layout(l.get_path(&path).map_err(|e| a.fail(e))?))
}

/// `eval(L, c)`: `L(c)`; `eval(swizzle, x)`: `Sw(x)`; `eval(SL, c)`: `SL(c)`.
fn eval(a: &Args<'_>) -> Result<Value, ExprError> {
    a.arity(2, 2, "2")?;
    if let Value::Swizzle(sw) = a.operand(0)? {
        return int(sw.apply_int(a.int(1)?));
    }
    let c = a.tuple(1)?;
    let v = match a.layout_or_swizzled(0)? {
        LayoutOrSwizzled::Layout(l) => l.eval(&c),
        LayoutOrSwizzled::Swizzled(sl) => sl.eval(&c),
    };
    int(v.map_err(|e| a.fail(e))?)
}

/// `swizzle(b, m, s)`: `Swizzle<b,m,s>{}`.
fn swizzle(a: &Args<'_>) -> Result<Value, ExprError> {
    a.arity(3, 3, "3")?;
    let sw = Swizzle::new(a.int(0)?.value, a.int(1)?.value, a.int(2)?.value);
    Ok(Value::Swizzle(sw.map_err(|e| a.fail(e))?))
}

/// `idx2crd(i, S)` or `idx2crd(i, S, D)`.
fn idx2crd_fn(a: &Args<'_>) -> Result<Value, ExprError> {
    a.arity(2, 3, "2 or 3")?;
    let i = a.tuple(0)?;
    let s = a.tuple(1)?;
    let c = if a.len() == 3 {
        idx2crd_strided(&i, &s, &a.tuple(2)?)
    } else {
        idx2crd(&i, &s)
    };
    Ok(Value::Tuple(c.map_err(|e| a.fail(e))?))
}

/// `crd2idx(c, S)`, `crd2idx(c, S, D)` or `crd2idx(c, L)` with `L` a layout.
fn crd2idx_fn(a: &Args<'_>) -> Result<Value, ExprError> {
    a.arity(2, 3, "2 or 3")?;
    let c = a.tuple(0)?;
    if a.len() == 3 {
        let l = DLayout::new(a.tuple(1)?, a.tuple(2)?).map_err(|e| a.fail(e))?;
        return int(l.eval(&c).map_err(|e| a.fail(e))?);
    }
    match a.shape_or_layout(1)? {
        ShapeOrLayout::Layout(l) => int(l.eval(&c).map_err(|e| a.fail(e))?),
        ShapeOrLayout::Shape(s) => int(crd2idx_compact(&c, &s).map_err(|e| a.fail(e))?),
    }
}

/// A layout result of this function, or its algebra error.
fn layout(a: &Args<'_>, r: Result<DLayout, Error>) -> Result<Value, ExprError> {
    Ok(Value::Layout(r.map_err(|e| a.fail(e))?))
}

/// A function of one layout giving a layout.
fn unary(a: &Args<'_>, f: fn(&DLayout) -> Result<DLayout, Error>) -> Result<Value, ExprError> {
    a.arity(1, 1, "1")?;
    layout(a, f(&a.layout(0)?))
}

fn make_layout_like(a: &Args<'_>) -> Result<Value, ExprError> {
    unary(a, algebra::make_layout_like)
}

fn filter(a: &Args<'_>) -> Result<Value, ExprError> {
    unary(a, algebra::filter)
}

fn right_inverse(a: &Args<'_>) -> Result<Value, ExprError> {
    unary(a, algebra::right_inverse)
}

fn left_inverse(a: &Args<'_>) -> Result<Value, ExprError> {
    unary(a, algebra::left_inverse)
}

/// `complement(L)`, `complement(L, n)`, `complement(L, S)`; a layout as the
/// cotarget stands for its shape.
fn complement(a: &Args<'_>) -> Result<Value, ExprError> {
    a.arity(1, 2, "1 or 2")?;
    let l = a.layout(0)?;
    if a.len() == 1 {
        return layout(a, algebra::complement_default(&l));
    }
    layout(a, algebra::complement(&l, &a.cotarget(1)?))
}

/// `upcast(L, n)` / `downcast(L, n)`: `n` a positive integer.
fn cast(a: &Args<'_>, f: fn(&DLayout, i64) -> Result<DLayout, Error>) -> Result<Value, ExprError> {
    a.arity(2, 2, "2")?;
    let l = a.layout(0)?;
    let n = a.int(1)?.value;
    if n <= 0 {
        return Err(a.fail(Error::NonPositiveFactor));
    }
    layout(a, f(&l, n))
}

fn upcast(a: &Args<'_>) -> Result<Value, ExprError> {
    cast(a, algebra::upcast)
}

fn downcast(a: &Args<'_>) -> Result<Value, ExprError> {
    cast(a, algebra::downcast)
}

/// `coalesce(L)`, `coalesce(L, P)`; on a swizzled layout, coalesces its inner layout.
fn coalesce(a: &Args<'_>) -> Result<Value, ExprError> {
    a.arity(1, 2, "1 or 2")?;
    let target = a.layout_or_swizzled(0)?;
    let inner = target.inner();
    let r = if a.len() == 2 {
        algebra::coalesce_profile(&inner, &a.tuple(1)?)
    } else {
        algebra::coalesce(&inner)
    };
    rewrap(a, &target, r)
}

/// `composition(L, T)`, `composition(swizzle, L)`, `composition(SL, T)`.
fn composition(a: &Args<'_>) -> Result<Value, ExprError> {
    a.arity(2, 2, "2")?;
    match a.operand(0)? {
        Value::Swizzle(sw) => Ok(compose_swizzle(sw, &a.layout(1)?).into()),
        Value::Swizzled(c) => {
            let r = compose(a, &c.layout(), &a.tiler(1)?)?;
            Ok(c.with_layout(r).into())
        }
        v => Ok(Value::Layout(compose(
            a,
            &a.value_as_layout(0, v)?,
            &a.tiler(1)?,
        )?)),
    }
}

/// `A ∘ T` for a layout or a by-mode tiler `T`.
fn compose(a: &Args<'_>, l: &DLayout, t: &TilerArg) -> Result<DLayout, ExprError> {
    let r = match t {
        TilerArg::Layout(b) => algebra::composition(l, b),
        TilerArg::Int(n) => match algebra::unit_stride(*n) {
            Ok(b) => algebra::composition(l, &b),
            Err(e) => Err(e),
        },
        TilerArg::Tiler(t) => algebra::composition_tiler(l, t),
    };
    r.map_err(|e| a.fail(e))
}

/// The result of an operation on the inner layout of `target`, wrapped back in
/// its swizzle when `target` is swizzled.
fn rewrap(
    a: &Args<'_>,
    target: &LayoutOrSwizzled,
    r: Result<DLayout, Error>,
) -> Result<Value, ExprError> {
    let l = r.map_err(|e| a.fail(e))?;
    Ok(match target {
        LayoutOrSwizzled::Layout(_) => Value::Layout(l),
        LayoutOrSwizzled::Swizzled(c) => c.with_layout(l).into(),
    })
}

/// A function of two layouts giving a layout.
fn binary(
    a: &Args<'_>,
    f: fn(&DLayout, &DLayout) -> Result<DLayout, Error>,
) -> Result<Value, ExprError> {
    a.arity(2, 2, "2")?;
    layout(a, f(&a.layout(0)?, &a.layout(1)?))
}

/// A divide or product `(L, T)`: `by_layout` for a layout (or int) `T`,
/// `by_mode` for a tiler `[…]`.
fn with_tiler(
    a: &Args<'_>,
    by_layout: fn(&DLayout, &DLayout) -> Result<DLayout, Error>,
    by_mode: fn(&DLayout, &DTiler) -> Result<DLayout, Error>,
) -> Result<Value, ExprError> {
    a.arity(2, 2, "2")?;
    let l = a.layout(0)?;
    layout(
        a,
        match a.tiler(1)? {
            TilerArg::Layout(t) => by_layout(&l, &t),
            TilerArg::Int(n) => match make_layout(DTuple::int(n)) {
                Ok(t) => by_layout(&l, &t),
                Err(e) => Err(e),
            },
            TilerArg::Tiler(t) => by_mode(&l, &t),
        },
    )
}

fn flatten(a: &Args<'_>) -> Result<Value, ExprError> {
    a.arity(1, 1, "1")?;
    Ok(Value::Layout(a.layout(0)?.flatten()))
}

fn logical_divide(a: &Args<'_>) -> Result<Value, ExprError> {
    with_tiler(a, algebra::logical_divide, algebra::logical_divide_tiler)
}

fn zipped_divide(a: &Args<'_>) -> Result<Value, ExprError> {
    with_tiler(a, algebra::zipped_divide, algebra::zipped_divide_tiler)
}

fn tiled_divide(a: &Args<'_>) -> Result<Value, ExprError> {
    with_tiler(a, algebra::tiled_divide, algebra::tiled_divide_tiler)
}

fn flat_divide(a: &Args<'_>) -> Result<Value, ExprError> {
    with_tiler(a, algebra::flat_divide, algebra::flat_divide_tiler)
}

fn logical_product(a: &Args<'_>) -> Result<Value, ExprError> {
    with_tiler(a, algebra::logical_product, algebra::logical_product_tiler)
}

fn zipped_product(a: &Args<'_>) -> Result<Value, ExprError> {
    with_tiler(a, algebra::zipped_product, algebra::zipped_product_tiler)
}

fn tiled_product(a: &Args<'_>) -> Result<Value, ExprError> {
    with_tiler(a, algebra::tiled_product, algebra::tiled_product_tiler)
}

fn flat_product(a: &Args<'_>) -> Result<Value, ExprError> {
    with_tiler(a, algebra::flat_product, algebra::flat_product_tiler)
}

fn blocked_product(a: &Args<'_>) -> Result<Value, ExprError> {
    binary(a, algebra::blocked_product)
}

fn raked_product(a: &Args<'_>) -> Result<Value, ExprError> {
    binary(a, algebra::raked_product)
}

fn max_common_layout(a: &Args<'_>) -> Result<Value, ExprError> {
    binary(a, algebra::max_common_layout)
}

fn append(a: &Args<'_>) -> Result<Value, ExprError> {
    binary(a, |l, x| l.append(x))
}

fn prepend(a: &Args<'_>) -> Result<Value, ExprError> {
    binary(a, |l, x| l.prepend(x))
}

/// `max_common_vector(A, B)`: an integer.
fn max_common_vector(a: &Args<'_>) -> Result<Value, ExprError> {
    a.arity(2, 2, "2")?;
    let v = algebra::max_common_vector(&a.layout(0)?, &a.layout(1)?);
    int(v.map_err(|e| a.fail(e))?)
}

/// `tile_to_shape(L, S)` or `tile_to_shape(L, S, O)`.
fn tile_to_shape(a: &Args<'_>) -> Result<Value, ExprError> {
    a.arity(2, 3, "2 or 3")?;
    let block = a.layout(0)?;
    let shape = a.tuple(1)?;
    let order = if a.len() == 3 {
        Some(a.tuple(2)?)
    } else {
        None
    };
    layout(a, algebra::tile_to_shape(&block, &shape, order.as_ref()))
}

/// `select(L, i, …)`.
fn select(a: &Args<'_>) -> Result<Value, ExprError> {
    a.arity(2, usize::MAX, "2 or more")?;
    let l = a.layout(0)?;
    layout(a, l.select(&a.indices(1)?))
}

/// `take(L, b, e)` / `group(L, b, e)`: a mode range.
fn range(
    a: &Args<'_>,
    f: fn(&DLayout, usize, usize) -> Result<DLayout, Error>,
) -> Result<Value, ExprError> {
    a.arity(3, 3, "3")?;
    let l = a.layout(0)?;
    layout(a, f(&l, a.index(1)?, a.index(2)?))
}

fn take(a: &Args<'_>) -> Result<Value, ExprError> {
    range(a, |l, b, e| l.take(b, e))
}

fn group(a: &Args<'_>) -> Result<Value, ExprError> {
    range(a, |l, b, e| l.group(b, e))
}
