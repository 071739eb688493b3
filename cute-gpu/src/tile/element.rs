//! Element types of kernel tensors: how many bytes one element takes, the PTX
//! type its loads and stores use, and the register kind that holds it.
use crate::ptx::{kind, Src, Ty};
use core::any::TypeId;

mod sealed {
    pub trait Sealed {}
}

/// An element a tile kernel loads and stores.
///
/// 32-bit floats live in `.f32` registers; 16-bit formats live in the low half of
/// a `.b32` register (a `.b16` load zero-extends, a `.b16` store writes the low
/// half), so one generic path moves every type.
///
/// ```
/// use cute_gpu::tile::{Bf16, Element};
/// assert_eq!(<f32 as Element>::BYTES, 4);
/// assert_eq!(<Bf16 as Element>::BYTES, 2);
/// ```
pub trait Element:
    Copy + Default + PartialEq + core::fmt::Debug + sealed::Sealed + 'static
{
    /// The register kind holding one element.
    type Kind: kind::Kind;
    /// The type of its loads and stores.
    const TY: Ty;
    /// Bytes per element (a power of two).
    const BYTES: u32;
    /// A name for messages (`f32`, `bf16`, `f16`).
    const NAME: &'static str;
    /// The zero element, as an immediate (what a predicated-off load leaves).
    fn zero() -> Src<Self::Kind>;
    /// The element's bits (in the low `8·BYTES` bits).
    fn to_bits(self) -> u32;
    /// The element of these bits (the low `8·BYTES` bits are used).
    fn from_bits(bits: u32) -> Self;
}

/// bfloat16, as its bits (`f32`'s high half). Rounding conversions are in
/// [`crate::hopper::numeric`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Bf16(pub u16);

/// IEEE binary16, as its bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct F16(pub u16);

impl sealed::Sealed for f32 {}
impl sealed::Sealed for Bf16 {}
impl sealed::Sealed for F16 {}
impl sealed::Sealed for u16 {}

impl Element for f32 {
    type Kind = kind::F32;
    const TY: Ty = Ty::F32;
    const BYTES: u32 = 4;
    const NAME: &'static str = "f32";
    fn zero() -> Src<kind::F32> {
        0.0f32.into()
    }
    fn to_bits(self) -> u32 {
        f32::to_bits(self)
    }
    fn from_bits(bits: u32) -> f32 {
        f32::from_bits(bits)
    }
}

/// An [`Element`] of 16 bits held in a `u32` register (`b16` in memory):
/// its name, and how its bits are read from and made into the value.
macro_rules! b16_element {
    ($(#[$doc:meta])* $t:ty, $name:literal, |$v:ident| $to:expr, |$b:ident| $from:expr) => {
        $(#[$doc])*
        impl Element for $t {
            type Kind = kind::U32;
            const TY: Ty = Ty::B16;
            const BYTES: u32 = 2;
            const NAME: &'static str = $name;
            fn zero() -> Src<kind::U32> {
                0u32.into()
            }
            fn to_bits(self) -> u32 {
                let $v = self;
                $to
            }
            fn from_bits($b: u32) -> $t {
                $from
            }
        }
    };
}

b16_element!(Bf16, "bf16", |v| v.0 as u32, |bits| Bf16(bits as u16));
b16_element!(F16, "f16", |v| v.0 as u32, |bits| F16(bits as u16));
b16_element!(
    /// Raw 16-bit words (bf16 or fp16 bits the kernel only moves, e.g. the
    /// Hopper GEMM's operands, which live in `DeviceBuffer<u16>`).
    u16,
    "b16",
    |v| v as u32,
    |bits| bits as u16
);

/// What the launch checks compare: the element's type and size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ElemInfo {
    pub(crate) id: TypeId,
    pub(crate) bytes: u32,
    pub(crate) name: &'static str,
}

impl ElemInfo {
    pub(crate) fn of<E: Element>() -> ElemInfo {
        ElemInfo {
            id: TypeId::of::<E>(),
            bytes: E::BYTES,
            name: E::NAME,
        }
    }
}
