//! The calculator's functions: one declaration per function ([`functions!`]:
//! name, arguments, help, example, evaluation), then each evaluation, mapped to
//! the core or to [`cute_types::algebra`].
use super::args::{build_tiler, make_layout, Args, LayoutOrSwizzled, ShapeOrLayout, TilerArg};
use super::error::ExprError;
use super::parse::{Expr, ExprKind};
use super::suggest::suggest;
use super::value::Value;
use alloc::string::ToString;
use cute_types::algebra::rt::{self as algebra, compose_swizzle, ComposedLayout, Swizzle};
use cute_types::dynamic::rt::{crd2idx_compact, idx2crd, idx2crd_strided, CLayout, CTiler, CTuple};
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

/// The one declaration of every calculator function: name, arguments, one-line
/// help, an example with CuTe C++'s answer, and the function that evaluates it.
///
/// It yields [`FUNCTIONS`] (the `--help` list of `cute` and the table of
/// [`Function`]s), `FUNCTION_NAMES` (the "did you mean" candidates) and
/// [`lookup`] (the dispatch). Adding a function is one entry here and its
/// evaluation below.
macro_rules! functions {
    ($( $name:literal ($args:literal) => $eval:ident,
        $help:literal, $example:literal => $result:literal; )*) => {
        /// Every function of the calculator, in the order `cute --help` lists them.
        ///
        /// ```
        /// let size = cute_calc::FUNCTIONS.iter().find(|f| f.name == "size").unwrap();
        /// assert_eq!(cute_calc::eval_line(size.example), size.result);
        /// ```
        pub const FUNCTIONS: &[Function] = &[$(Function {
            name: $name,
            args: $args,
            help: $help,
            example: $example,
            result: $result,
        }),*];

        /// Every name [`lookup`] knows, for "did you mean".
        pub(crate) const FUNCTION_NAMES: &[&str] = &[$($name),*];

        /// The function called `name`, with its name as a `'static` string.
        ///
        /// A `match` rather than a table searched in order: the compiler compares the
        /// length first and the bytes as integers, where the search called `memcmp`
        /// for every entry (1.7% fewer instructions in `cute eval -`).
        pub(crate) fn lookup(name: &str) -> Option<(&'static str, Handler)> {
            match name {
                $($name => Some(($name, $eval as Handler)),)*
                _ => None,
            }
        }
    };
}

// Arguments: L, A, B, M layouts; T a layout, an integer or a by-mode tiler
// `[…]`; S, D, P, O IntTuples (shape, stride, profile, order); c a coordinate;
// i, j, b, e, n integers. Every example and result is a line of
// tests/vectors/public.tsv (a test checks it).
functions! {
    "size" ("L") => size,
        "the number of elements of L's domain",
        "size((4,(2,3)))" => "24";
    "cosize" ("L") => cosize,
        "L(size(L) - 1) + 1: the extent of L's codomain",
        "cosize((2,4,3):(12,1,4))" => "24";
    "rank" ("L") => rank,
        "the number of top-level modes",
        "rank((2,(5,256)):(3840,(1,5)))" => "2";
    "depth" ("L") => depth,
        "the nesting depth of the shape (0 for an integer)",
        "depth((2,(2,(2,2))):(1,(2,(4,8))))" => "3";
    "shape" ("L") => shape,
        "the shape of L",
        "shape((3):(1))" => "(3)";
    "stride" ("L") => stride,
        "the stride of L",
        "stride((4,(2,2)):(4,(1,2)))" => "(4,(1,2))";
    "get" ("L, i [, j …]") => get,
        "the mode of L at the path i, j, … (C++ get<i,j,…>(L))",
        "get((4,(2,3)):(1,(4,8)), 1, 0)" => "2:4";
    "eval" ("L, c") => eval,
        "L(c): the offset of coordinate or 1-D index c; also Sw(c)",
        "eval((4,12):(12,2),(2,8))" => "40";
    "idx2crd" ("i, S [, D]") => idx2crd_fn,
        "the natural coordinate of index i in shape S",
        "idx2crd(22, (4,(2,3)))" => "(2,(1,2))";
    "crd2idx" ("c, S [, D]") => crd2idx_fn,
        "the index of c in shape S, column-major or with strides D",
        "crd2idx((1,5), (4,(2,3)))" => "21";
    "flatten" ("L") => flatten,
        "every leaf mode made a top-level mode",
        "flatten((2,((2,2),4)):(1,((2,4),8)))" => "(2,2,2,4):(1,2,4,8)";
    "coalesce" ("L [, P]") => coalesce,
        "the same function in the fewest modes (by mode of profile P)",
        "coalesce((1,4):(0,1))" => "4:1";
    "filter" ("L") => filter,
        "L without its stride-0 and size-1 modes, coalesced",
        "filter((4,(1,2),3):(1,(9,0),4))" => "12:1";
    "composition" ("A, T") => composition,
        "A ∘ T: (A ∘ T)(i) = A(T(i)), by mode for a tiler",
        "composition(8:2, 16:1)" => "16:2";
    "complement" ("L [, M]") => complement,
        "the offsets below M (default: cosize L) that L leaves out",
        "complement((2),6)" => "3:2";
    "right_inverse" ("L") => right_inverse,
        "the largest R with L(R(i)) = i",
        "right_inverse((2,8):(8,1))" => "(8,2):(2,1)";
    "left_inverse" ("L") => left_inverse,
        "an R with R(L(i)) = i",
        "left_inverse((2,3):(1,4))" => "(4,3):(1,2)";
    "logical_divide" ("L, T") => logical_divide,
        "L ∘ (T, complement of T): a tile, then the tiles",
        "logical_divide((4,3):(1,5), 8:1)" => "((4,2),2):((1,5),10)";
    "zipped_divide" ("L, T") => zipped_divide,
        "logical_divide with tile modes and rest modes gathered",
        "zipped_divide(10:1, 4:1)" => "(4,3):(1,4)";
    "tiled_divide" ("L, T") => tiled_divide,
        "zipped_divide with the rest modes made top-level",
        "tiled_divide((8,8):(1,8), [2:1,4:1])" => "((2,4),4,2):((1,8),2,32)";
    "flat_divide" ("L, T") => flat_divide,
        "zipped_divide with every mode made top-level",
        "flat_divide((8,8):(1,8), [2:1,4:1])" => "(2,4,4,2):(1,8,2,32)";
    "logical_product" ("A, T") => logical_product,
        "(A, complement of A ∘ T): A, repeated as T says",
        "logical_product((2,2):(1,2), 3)" => "((2,2),3):((1,2),4)";
    "zipped_product" ("A, T") => zipped_product,
        "logical_product with block modes and repeat modes gathered",
        "zipped_product((2,2):(1,2), [3:1,2:1])" => "((2,2),(3,2)):((1,2),(2,1))";
    "tiled_product" ("A, T") => tiled_product,
        "zipped_product with the repeat modes made top-level",
        "tiled_product((2,2):(1,2), [3:1,2:1])" => "((2,2),3,2):((1,2),2,1)";
    "flat_product" ("A, T") => flat_product,
        "zipped_product with every mode made top-level",
        "flat_product((2,2):(1,2), [3:1,2:1])" => "(2,2,3,2):(1,2,2,1)";
    "blocked_product" ("A, B") => blocked_product,
        "copies of A arranged as B, mode by mode, each copy together",
        "blocked_product((2,5):(5,1), (3,4):(1,3))" => "((2,3),(5,4)):((5,10),(1,30))";
    "raked_product" ("A, B") => raked_product,
        "copies of A arranged as B, mode by mode, elements interleaved",
        "raked_product(3:1, (2,2):(1,2))" => "((2,3),(2,1)):((3,1),(6,0))";
    "tile_to_shape" ("L, S [, O]") => tile_to_shape,
        "L repeated (in the mode order O) to fill the shape S",
        "tile_to_shape((2,2), (8,4))" => "((2,4),(2,2)):((1,4),(2,16))";
    "upcast" ("L, n") => upcast,
        "L over elements n times wider",
        "upcast((4,8):(8,1), 4)" => "(4,2):(2,1)";
    "downcast" ("L, n") => downcast,
        "L over elements n times narrower",
        "downcast((4,8):(8,1), 2)" => "(4,16):(16,1)";
    "max_common_vector" ("A, B") => max_common_vector,
        "the number of contiguous elements from 0 that A and B map alike",
        "max_common_vector((8,4), (8,4))" => "32";
    "max_common_layout" ("A, B") => max_common_layout,
        "the largest layout R with A ∘ R = B ∘ R contiguous",
        "max_common_layout((8,4), (8,4))" => "32:1";
    "make_layout_like" ("L") => make_layout_like,
        "a compact layout of L's shape, its strides ordered as L's",
        "make_layout_like((2,8,4):(0,8,2))" => "(2,8,4):(0,4,1)";
    "select" ("L, i [, j …]") => select,
        "the modes i, j, … of L",
        "select((4,8):(1,4), 1, 1)" => "(8,8):(4,4)";
    "take" ("L, b, e") => take,
        "the modes b to e - 1 of L",
        "take((2,3,4):(1,2,6), 1, 2)" => "(3):(2)";
    "group" ("L, b, e") => group,
        "the modes b to e - 1 of L gathered into one mode",
        "group((2,3,4):(1,2,6), 0, 2)" => "((2,3),4):((1,2),6)";
    "append" ("L, M") => append,
        "M added as L's last mode",
        "append((2,3):(1,2), (4,5):(6,24))" => "(2,3,(4,5)):(1,2,(6,24))";
    "prepend" ("L, M") => prepend,
        "M added as L's first mode",
        "prepend((3):(1), 2:0)" => "(2,3):(0,1)";
    "swizzle" ("b, m, s") => swizzle,
        "Swizzle<b,m,s>: XORs bits [m+s, m+s+b) into bits [m, m+b)",
        "swizzle(3,4,3)" => "Sw<3,4,3>";
}

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
                Value::Int(n) => as_layout(CTuple::int(n))?,
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
            Ok(ComposedLayout::new(*swizzle, *offset, inner)
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
        let l = CLayout::new(a.tuple(1)?, a.tuple(2)?).map_err(|e| a.fail(e))?;
        return int(l.eval(&c).map_err(|e| a.fail(e))?);
    }
    match a.shape_or_layout(1)? {
        ShapeOrLayout::Layout(l) => int(l.eval(&c).map_err(|e| a.fail(e))?),
        ShapeOrLayout::Shape(s) => int(crd2idx_compact(&c, &s).map_err(|e| a.fail(e))?),
    }
}

/// A layout result of this function, or its algebra error.
fn layout(a: &Args<'_>, r: Result<CLayout, Error>) -> Result<Value, ExprError> {
    Ok(Value::Layout(r.map_err(|e| a.fail(e))?))
}

/// A function of one layout giving a layout.
fn unary(a: &Args<'_>, f: fn(&CLayout) -> Result<CLayout, Error>) -> Result<Value, ExprError> {
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
fn cast(a: &Args<'_>, f: fn(&CLayout, i64) -> Result<CLayout, Error>) -> Result<Value, ExprError> {
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
fn compose(a: &Args<'_>, l: &CLayout, t: &TilerArg) -> Result<CLayout, ExprError> {
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
    r: Result<CLayout, Error>,
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
    f: fn(&CLayout, &CLayout) -> Result<CLayout, Error>,
) -> Result<Value, ExprError> {
    a.arity(2, 2, "2")?;
    layout(a, f(&a.layout(0)?, &a.layout(1)?))
}

/// A divide or product `(L, T)`: `by_layout` for a layout (or int) `T`,
/// `by_mode` for a tiler `[…]`.
fn with_tiler(
    a: &Args<'_>,
    by_layout: fn(&CLayout, &CLayout) -> Result<CLayout, Error>,
    by_mode: fn(&CLayout, &CTiler) -> Result<CLayout, Error>,
) -> Result<Value, ExprError> {
    a.arity(2, 2, "2")?;
    let l = a.layout(0)?;
    layout(
        a,
        match a.tiler(1)? {
            TilerArg::Layout(t) => by_layout(&l, &t),
            TilerArg::Int(n) => match make_layout(CTuple::int(n)) {
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
    f: fn(&CLayout, usize, usize) -> Result<CLayout, Error>,
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
