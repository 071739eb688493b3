//! [`DComposedLayout`]: a swizzled layout `sw ∘ offset ∘ L` (CuTe's
//! `DComposedLayout<Swizzle<B,M,S>, Offset, Layout>`).
use super::coalesce::{coalesce, coalesce_profile};
use super::composition::{composition, composition_tiler};
use super::swizzle::Swizzle;
use crate::dynamic::{DInt, DLayoutN, DTilerN, DTupleN, N};
use crate::error::Error;
use crate::tri;

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! composed_layout_body {
    ($($c:ident)?; [$($g:tt)*]; $DComposed:ident, $Swizzled:ident) => {
/// [`DComposedLayout`](crate::algebra::DComposedLayout): a swizzled layout `sw ∘ offset ∘ L` (CuTe's
/// `DComposedLayout<Swizzle<B,M,S>, Offset, Layout>`).
///
/// # Definition
///
/// ```text
/// SL(c) = sw(offset + L(c))
/// ```
///
/// The domain is `L`'s: `size`, `cosize`, `shape`, `rank` and `depth` are those of
/// the inner layout `L` (in particular the cosize is `L`'s, not the swizzle's
/// range). Layout operations act on `L` and keep `sw` and `offset`:
/// `coalesce(SL) = sw ∘ offset ∘ coalesce(L)`, `SL ∘ B = sw ∘ offset ∘ (L ∘ B)`.
///
/// # The identity swizzle
///
/// C++ simplifies `Sw<0,m,s> ∘ _0 ∘ L` to `L` (a swizzle with no bits is the
/// identity, and a static zero offset adds nothing). Every function here that
/// builds a swizzled layout returns a [`SwizzledLayout`](crate::algebra::SwizzledLayout), which is
/// [`SwizzledLayout::Plain`](crate::algebra::SwizzledLayout::Plain) exactly in that case, so callers see the same
/// result kind as C++. [`DComposedLayout::new`](crate::algebra::DComposedLayout::new) itself does not simplify.
///
/// # Example
///
/// ```
/// use cute_types::algebra::{compose_swizzle, Swizzle, SwizzledLayout};
/// use cute_types::DLayout;
/// let l: DLayout = "(_8,_64):(_64,_1)".parse().unwrap();
/// let sl = compose_swizzle(Swizzle::new(3, 4, 3).unwrap(), &l);
/// assert_eq!(sl.to_string(), "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)");
/// assert_eq!(sl.eval(&"(3,5)".parse().unwrap()).unwrap().value, 213);
/// // b = 0: the identity swizzle disappears.
/// assert!(matches!(compose_swizzle(Swizzle::new(0, 4, 3).unwrap(), &l), SwizzledLayout::Plain(_)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct $DComposed $($g)* {
    swizzle: Swizzle,
    offset: DInt,
    layout: DLayoutN<N>,
}


/// The result of composing a swizzle with a layout: a swizzled layout, or the
/// plain layout when the swizzle is the identity and the offset a static 0
/// (C++ returns the layout itself then).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum $Swizzled $($g)* {
    /// `Sw<0,m,s> ∘ _0 ∘ L` simplified to `L`.
    Plain(DLayoutN<N>),
    /// A genuine swizzled layout.
    Swizzled(DComposedLayoutN<N>),
}


/// CuTe's `composition(Swizzle<b,m,s>, L)`: `sw ∘ _0 ∘ L`, or `L` itself when `b == 0`.
pub $($c)? fn compose_swizzle $($g)* (
    swizzle: Swizzle,
    layout: &DLayoutN<N>,
) -> SwizzledLayoutN<N> {
    DComposedLayoutN::new(swizzle, DInt::s(0), layout.dup()).simplified()
}

impl $($g)* DComposedLayoutN<N> {
    /// `swizzle ∘ offset ∘ layout`, kept as given (no simplification).
    pub $($c)? fn new(swizzle: Swizzle, offset: DInt, layout: DLayoutN<N>) -> DComposedLayoutN<N> {
        DComposedLayoutN {
            swizzle,
            offset,
            layout,
        }
    }
    /// The same composition with `layout` as the inner layout, simplified as C++ does.
    pub $($c)? fn with_layout(&self, layout: DLayoutN<N>) -> SwizzledLayoutN<N> {
        DComposedLayoutN::new(self.swizzle, self.offset, layout).simplified()
    }
    /// `Plain(L)` when the swizzle is the identity and the offset a static 0, else `Swizzled(self)`.
    pub $($c)? fn simplified(self) -> SwizzledLayoutN<N> {
        if self.swizzle.is_identity() && self.offset.is_static_eq(0) {
            SwizzledLayoutN::Plain(self.layout)
        } else {
            SwizzledLayoutN::Swizzled(self)
        }
    }
    /// The swizzle (outer function).
    pub $($c)? fn swizzle(&self) -> Swizzle {
        self.swizzle
    }
    /// The offset added before swizzling.
    pub $($c)? fn offset(&self) -> DInt {
        self.offset
    }
    /// The inner layout.
    pub $($c)? fn layout(&self) -> DLayoutN<N> {
        self.layout.dup()
    }
    /// `sw(offset + L(c))` for any coordinate form `L` accepts.
    pub $($c)? fn eval(&self, coord: &DTupleN<N>) -> Result<DInt, Error> {
        let inner = tri!(self.layout.eval(coord));
        Ok(self.swizzle.apply_int(tri!(self.offset.add(inner))))
    }
    /// `SL(i)` for a 1-D index.
    pub $($c)? fn eval_index(&self, i: i64) -> Result<DInt, Error> {
        self.eval(&DTupleN::d(i))
    }
    /// The inner layout's size.
    pub $($c)? fn size(&self) -> Result<DInt, Error> {
        self.layout.size()
    }
    /// The inner layout's cosize (not the swizzle's range).
    pub $($c)? fn cosize(&self) -> Result<DInt, Error> {
        self.layout.cosize()
    }
    /// The inner layout's shape.
    pub $($c)? fn shape(&self) -> DTupleN<N> {
        self.layout.shape()
    }
    /// The inner layout's rank.
    pub $($c)? fn rank(&self) -> usize {
        self.layout.rank()
    }
    /// The inner layout's depth.
    pub $($c)? fn depth(&self) -> usize {
        self.layout.depth()
    }
    /// `coalesce(sw ∘ o ∘ L) = sw ∘ o ∘ coalesce(L)`.
    pub $($c)? fn coalesce(&self) -> Result<SwizzledLayoutN<N>, Error> {
        Ok(self.with_layout(tri!(coalesce(&self.layout))))
    }
    /// `coalesce(sw ∘ o ∘ L, profile) = sw ∘ o ∘ coalesce(L, profile)`.
    pub $($c)? fn coalesce_profile(
        &self,
        profile: &DTupleN<N>,
    ) -> Result<SwizzledLayoutN<N>, Error> {
        Ok(self.with_layout(tri!(coalesce_profile(&self.layout, profile))))
    }
    /// `(sw ∘ o ∘ L) ∘ B = sw ∘ o ∘ (L ∘ B)`.
    pub $($c)? fn composition(&self, b: &DLayoutN<N>) -> Result<SwizzledLayoutN<N>, Error> {
        Ok(self.with_layout(tri!(composition(&self.layout, b))))
    }
    /// `(sw ∘ o ∘ L) ∘ [t0, …] = sw ∘ o ∘ (L ∘ [t0, …])`.
    pub $($c)? fn composition_tiler(&self, tiler: &DTilerN<N>) -> Result<SwizzledLayoutN<N>, Error> {
        Ok(self.with_layout(tri!(composition_tiler(&self.layout, tiler))))
    }
}

impl $($g)* SwizzledLayoutN<N> {
    /// `SL(c)` (or `L(c)` for a plain layout).
    pub $($c)? fn eval(&self, coord: &DTupleN<N>) -> Result<DInt, Error> {
        match self {
            SwizzledLayoutN::Plain(l) => l.eval(coord),
            SwizzledLayoutN::Swizzled(c) => c.eval(coord),
        }
    }
    /// The layout of the domain (the inner layout, or the plain layout).
    pub $($c)? fn inner(&self) -> DLayoutN<N> {
        match self {
            SwizzledLayoutN::Plain(l) => l.dup(),
            SwizzledLayoutN::Swizzled(c) => c.layout.dup(),
        }
    }
}

impl $($g)* core::fmt::Display for DComposedLayoutN<N> {
    /// CuTe notation: `Sw<3,4,3> o _0 o (_8,_64):(_64,_1)`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{} o {} o {}", self.swizzle, self.offset, self.layout)
    }
}

impl $($g)* core::fmt::Display for SwizzledLayoutN<N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            SwizzledLayoutN::Plain(l) => write!(f, "{l}"),
            SwizzledLayoutN::Swizzled(c) => write!(f, "{c}"),
        }
    }
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use composed_layout_body;
composed_layout_body!(const; []; FixedComposedLayout, FixedSwizzledLayout);
/// [`FixedComposedLayout`] under the bodies' name.
pub(crate) type DComposedLayoutN<const M: usize> = FixedComposedLayout;
/// [`FixedSwizzledLayout`] under the bodies' name.
pub(crate) type SwizzledLayoutN<const M: usize> = FixedSwizzledLayout;
impl Copy for DComposedLayoutN<N> {}
impl Copy for SwizzledLayoutN<N> {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dynamic::{FixedLayout, FixedTiler, FixedTuple};
    use std::string::ToString;

    fn sl(b: i64, m: i64, s: i64, l: &str) -> FixedSwizzledLayout {
        let l: FixedLayout = l.parse().unwrap();
        compose_swizzle(Swizzle::new(b, m, s).unwrap(), &l.with_all_static(true))
    }

    #[test]
    fn eval_matches_conformance() {
        let c: FixedTuple = "(3,5)".parse().unwrap();
        assert_eq!(sl(3, 4, 3, "(8,64):(64,1)").eval(&c).unwrap().value, 213);
        let one = |s: &FixedSwizzledLayout, i: i64| s.eval(&FixedTuple::d(i)).unwrap().value;
        assert_eq!(one(&sl(1, 2, 1, "(16,8):(8,1)"), 57), 79);
        assert_eq!(one(&sl(1, 3, 3, "((2,4),(2,2)):((1,2),(8,16))"), 3), 3);
        assert_eq!(one(&sl(2, 0, 2, "16:1"), 20), 21);
        assert_eq!(one(&sl(3, 1, 5, "(8,32):(32,1)"), 214), 220);
        assert_eq!(one(&sl(3, 4, 3, "(8,64):(64,1)"), 100), 300);
        let c: FixedTuple = "(2,1)".parse().unwrap();
        assert_eq!(sl(1, 0, 1, "(4,4)").eval(&c).unwrap().value, 7);
    }

    #[test]
    fn queries_are_the_inner_layouts() {
        let s = sl(3, 4, 3, "(8,64):(64,1)");
        let FixedSwizzledLayout::Swizzled(c) = s else {
            panic!("expected a swizzled layout")
        };
        assert_eq!(c.size().unwrap().value, 512);
        assert_eq!(c.cosize().unwrap().value, 512);
        assert_eq!(c.rank(), 2);
        assert_eq!(sl(2, 0, 2, "((2,4),8)").inner().depth(), 2);
        let c2 = sl(2, 0, -3, "(8,8):(8,1)");
        assert_eq!(c2.inner().cosize().unwrap().value, 64);
    }

    #[test]
    fn identity_swizzle_is_dropped_only_with_static_zero_offset() {
        assert!(matches!(
            sl(0, 4, 3, "(8,64):(64,1)"),
            FixedSwizzledLayout::Plain(_)
        ));
        assert_eq!(
            sl(0, 3, 3, "(1,4,5,6):(1,1,12,120)").to_string(),
            "(_1,_4,_5,_6):(_1,_1,_12,_120)"
        );
        let l: FixedLayout = "8:1".parse().unwrap();
        let kept = FixedComposedLayout::new(Swizzle::new(0, 0, 0).unwrap(), DInt::d(0), l);
        assert!(matches!(
            kept.simplified(),
            FixedSwizzledLayout::Swizzled(_)
        ));
    }

    fn swizzled(s: FixedSwizzledLayout) -> FixedComposedLayout {
        match s {
            FixedSwizzledLayout::Swizzled(c) => c,
            FixedSwizzledLayout::Plain(l) => panic!("expected a swizzled layout, got {l}"),
        }
    }

    #[test]
    fn operations_act_on_the_inner_layout() {
        let c = swizzled(sl(3, 4, 3, "(8,64):(64,1)"));
        let b: FixedLayout = "_16:_2".parse().unwrap();
        assert_eq!(
            c.composition(&b).unwrap().to_string(),
            "Sw<3,4,3> o _0 o (_4,_4):(_128,_1)"
        );
        let t = FixedTiler::from_layouts(&["_4:_1".parse().unwrap(), "_8:_1".parse().unwrap()])
            .unwrap();
        assert_eq!(
            c.composition_tiler(&t).unwrap().to_string(),
            "Sw<3,4,3> o _0 o (_4,_8):(_64,_1)"
        );
        let c = swizzled(sl(3, 4, 3, "(8,64)"));
        assert_eq!(
            c.coalesce().unwrap().to_string(),
            "Sw<3,4,3> o _0 o _512:_1"
        );
        let c = swizzled(sl(2, 0, 3, "((2,4),(2,4))"));
        assert_eq!(
            c.coalesce_profile(&"(1,1)".parse().unwrap())
                .unwrap()
                .to_string(),
            "Sw<2,0,3> o _0 o (_8,_8):(_1,_8)"
        );
        // The composition's own refusal carries through.
        let c = swizzled(sl(1, 0, 1, "(3,3):(1,1)"));
        assert!(c.composition(&"_4:_2".parse().unwrap()).is_err());
    }

    #[test]
    fn display_is_cute_notation() {
        assert_eq!(
            sl(3, 4, 3, "(8,64):(64,1)").to_string(),
            "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)"
        );
        assert_eq!(sl(2, 0, -3, "8:1").to_string(), "Sw<2,0,-3> o _0 o _8:_1");
    }
}
