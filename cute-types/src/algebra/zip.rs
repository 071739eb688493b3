//! `zip(X, Y)`: the layout whose mode `j` is `(X_j, Y_j)` (CuTe's `zip` of two layouts).
use crate::dynamic::{DLayoutN, DTupleN, N};
use crate::error::Error;
use crate::tri;

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! zip_body {
    ($($c:ident)?; [$($g:tt)*]) => {
/// `zip(X, Y)`: the layout whose mode `j` is `(X_j, Y_j)` (CuTe's `zip` of two layouts).
///
/// # Definition
///
/// ```text
/// zip(X, Y) = ((X_0, Y_0), (X_1, Y_1), …)     X and Y tuple-shaped
/// zip(X, Y) = ((X, Y))                         X integer-shaped
/// ```
///
/// Shapes and strides are zipped alike. `zip(X, Y)(c)` for `c = ((x_0,y_0),…)`
/// equals `X((x_0,…)) + Y((y_0,…))`: zip only regroups modes.
///
/// # Preconditions
///
/// When `X` is tuple-shaped, `Y` is tuple-shaped with the same rank, else
/// [`Error::NotCongruent`] (C++ does not compile `zip((7):(1), 2:1)`).
///
/// # Example
///
/// ```
/// use cute_types::algebra::zip;
/// use cute_types::DLayout;
/// let x: DLayout = "(_2,_5):(_5,_1)".parse().unwrap();
/// let y: DLayout = "(_3,_4):(_10,_30)".parse().unwrap();
/// assert_eq!(zip(&x, &y).unwrap().to_string(), "((_2,_3),(_5,_4)):((_5,_10),(_1,_30))");
/// assert_eq!(zip(&"_4:_1".parse().unwrap(), &"_2:_4".parse().unwrap()).unwrap().to_string(), "((_4,_2)):((_1,_4))");
/// ```
pub $($c)? fn zip $($g)* (x: &DLayoutN<N>, y: &DLayoutN<N>) -> Result<DLayoutN<N>, Error> {
    DLayoutN::new(
        tri!(zip_tuples(&x.shape(), &y.shape())),
        tri!(zip_tuples(&x.stride(), &y.stride())),
    )
}

/// `zip` on IntTuples: `((x_0,y_0),(x_1,y_1),…)`, or `((x,y))` for an integer `x`.
$($c)? fn zip_tuples $($g)* (x: &DTupleN<N>, y: &DTupleN<N>) -> Result<DTupleN<N>, Error> {
    if !x.is_tuple() {
        return DTupleN::tuple(&[tri!(DTupleN::tuple(&[x.dup(), y.dup()]))]);
    }
    if !y.is_tuple() || x.rank() != y.rank() {
        return Err(Error::NotCongruent);
    }
    let mut out = DTupleN::empty();
    let mut j = 0;
    while j < x.rank() {
        let pair = tri!(DTupleN::tuple(&[tri!(x.get(j)), tri!(y.get(j))]));
        tri!(out.push_in(&pair));
        j += 1;
    }
    Ok(out)
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use zip_body;
zip_body!(const; []);
