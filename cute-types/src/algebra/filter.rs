//! `filter`: coalesce after removing the modes that do not move (stride 0) and
use super::coalesce::coalesce_modes;
use super::modes::Modes;
use crate::dynamic::{DInt, DLayoutN, N};
use crate::error::Error;
use crate::tri;

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! filter_body {
    ($($c:ident)?; [$($g:tt)*]) => {
/// `filter`: coalesce after removing the modes that do not move (stride 0) and
///
/// the modes of size 1.
///
/// **Defining equation.** `R = filter(L)` is `coalesce(L')`, where `L'` is `L` with
/// the shape of every static stride-`_0` mode replaced by `_1` (CuTe's
/// `filter_zeros`). `R` has depth at most 1 and its image is the image of `L`:
/// `{R(i) : i < size(R)} == {L(i) : i < size(L)}`; without stride-0 repetition
/// `size(R) == size(L) / Π(shapes of the static stride-0 modes)`.
///
/// As in CuTe C++, only *static* zeros and ones are removed: with run-time
/// integers `filter((2,2):(0,0))` stays `(2,2):(0,0)`, with static ones it is `_1:_0`.
///
/// **Preconditions.** None beyond a valid layout.
///
/// ```
/// use cute_types::{algebra::filter, DLayout};
/// let l: DLayout = "(_4,(_1,_2),_3):(_1,(_9,_0),_4)".parse().unwrap();
/// assert_eq!(filter(&l).unwrap().to_string(), "_12:_1");
/// let z: DLayout = "(_2,_2):(_0,_0)".parse().unwrap();
/// assert_eq!(filter(&z).unwrap().to_string(), "_1:_0");
/// ```
pub $($c)? fn filter $($g)* (l: &DLayoutN<N>) -> Result<DLayoutN<N>, Error> {
    let m = tri!(filter_modes(l));
    m.layout()
}

/// The filtered layout as flat modes (a single `_1:_0` when nothing remains).
pub(crate) $($c)? fn filter_modes $($g)* (l: &DLayoutN<N>) -> Result<Modes<N>, Error> {
    let mut m = Modes::of_layout(l);
    let mut k = 0;
    while k < m.len {
        if m.stride[k].is_static_eq(0) {
            m.shape[k] = DInt::s(1);
        }
        k += 1;
    }
    coalesce_modes(&m, false)
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use filter_body;
filter_body!(const; []);
