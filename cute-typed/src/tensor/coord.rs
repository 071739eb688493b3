//! [`IntoCoord`]: the coordinate forms a tensor accepts.
use crate::dynamic::{DInt, DTuple};
use crate::error::Error;

/// The slicing placeholder `_` (CuTe's `Underscore`) in Rust tuple coordinates:
/// `t.slice((1, Underscore))` keeps mode 1 and fixes mode 0 at 1. The typed
/// layer's placeholder itself, so that `use cute_typed::*` and
/// `use cute_typed::tensor::*` name one `Underscore`.
pub use crate::typed::Underscore;

/// Something that can be read as a coordinate: an integer (1-D index), a Rust
/// tuple or array of coordinates (nested as deep as needed), [`Underscore`], or a
/// [`DTuple`] (for example from [`crate::parse_coord`]).
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// use cute_typed::tensor::IntoCoord;
/// assert_eq!(5i64.into_coord().unwrap().to_string(), "5");
/// assert_eq!((1, (2, 3)).into_coord().unwrap().to_string(), "(1,(2,3))");
/// assert_eq!([1usize, 2].into_coord().unwrap().to_string(), "(1,2)");
/// assert_eq!((1, Underscore).into_coord().unwrap().to_string(), "(1,_)");
/// assert!(u64::MAX.into_coord().is_err()); // beyond i64
/// ```
pub trait IntoCoord {
    /// The coordinate as a [`DTuple`]. Integers that do not fit `i64` are
    /// [`Error::Overflow`].
    fn into_coord(self) -> Result<DTuple, Error>;
}

impl IntoCoord for DTuple {
    fn into_coord(self) -> Result<DTuple, Error> {
        Ok(self)
    }
}
impl IntoCoord for &DTuple {
    fn into_coord(self) -> Result<DTuple, Error> {
        Ok(self.clone())
    }
}
impl IntoCoord for Underscore {
    fn into_coord(self) -> Result<DTuple, Error> {
        Ok(DTuple::underscore())
    }
}
/// A static integer `_N` is the coordinate `N` (static).
impl<N: crate::typed::numeral::Numeral> IntoCoord for crate::typed::C<N> {
    fn into_coord(self) -> Result<DTuple, Error> {
        Ok(DTuple::s(crate::typed::C::<N>::VALUE))
    }
}
impl IntoCoord for DInt {
    fn into_coord(self) -> Result<DTuple, Error> {
        Ok(DTuple::int(self))
    }
}

macro_rules! int_coord {
    ($($t:ty),*) => {$(
        impl IntoCoord for $t {
            fn into_coord(self) -> Result<DTuple, Error> {
                i64::try_from(self).map(DTuple::d).map_err(|_| Error::Overflow)
            }
        }
    )*};
}
int_coord!(i8, i16, i32, i64, u8, u16, u32, u64, usize, isize);

macro_rules! tuple_coord {
    ($($name:ident),+) => {
        impl<$($name: IntoCoord),+> IntoCoord for ($($name,)+) {
            #[allow(non_snake_case)]
            fn into_coord(self) -> Result<DTuple, Error> {
                let ($($name,)+) = self;
                DTuple::tuple(&[$($name.into_coord()?),+])
            }
        }
    };
}
tuple_coord!(A);
tuple_coord!(A, B);
tuple_coord!(A, B, C);
tuple_coord!(A, B, C, D);
tuple_coord!(A, B, C, D, E);
tuple_coord!(A, B, C, D, E, F);

impl<T: IntoCoord + Copy, const N: usize> IntoCoord for [T; N] {
    fn into_coord(self) -> Result<DTuple, Error> {
        let mut t = DTuple::empty();
        for c in self {
            t = t.push(&c.into_coord()?)?;
        }
        Ok(t)
    }
}
