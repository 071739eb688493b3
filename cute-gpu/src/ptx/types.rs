//! PTX types and typed virtual registers.
use core::fmt;
use core::marker::PhantomData;

/// A PTX instruction type suffix (`.f32`, `.u64`, `.pred`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    /// `.pred`
    Pred,
    /// `.b16` (loads and stores of 16-bit elements held in 32-bit registers:
    /// PTX zero-extends a `.b16` load into a wider register and stores its low half)
    B16,
    /// `.b32`
    B32,
    /// `.u32`
    U32,
    /// `.s32`
    S32,
    /// `.f32`
    F32,
    /// `.b64`
    B64,
    /// `.u64`
    U64,
    /// `.s64`
    S64,
    /// `.f64`
    F64,
}

impl Ty {
    /// The register class that holds values of this type.
    pub const fn class(self) -> RegClass {
        match self {
            Ty::Pred => RegClass::Pred,
            Ty::B16 | Ty::B32 | Ty::U32 | Ty::S32 => RegClass::B32,
            Ty::F32 => RegClass::F32,
            Ty::B64 | Ty::U64 | Ty::S64 => RegClass::B64,
            Ty::F64 => RegClass::F64,
        }
    }
    /// Size in bytes of one value (a predicate counts as 1).
    pub const fn bytes(self) -> u32 {
        match self {
            Ty::Pred => 1,
            Ty::B16 => 2,
            Ty::B32 | Ty::U32 | Ty::S32 | Ty::F32 => 4,
            Ty::B64 | Ty::U64 | Ty::S64 | Ty::F64 => 8,
        }
    }
    /// Whether comparisons and shifts treat the value as signed.
    pub const fn is_signed(self) -> bool {
        matches!(self, Ty::S32 | Ty::S64)
    }
    /// Whether this is a floating-point type.
    pub const fn is_float(self) -> bool {
        matches!(self, Ty::F32 | Ty::F64)
    }
}

impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self {
            Ty::Pred => "pred",
            Ty::B16 => "b16",
            Ty::B32 => "b32",
            Ty::U32 => "u32",
            Ty::S32 => "s32",
            Ty::F32 => "f32",
            Ty::B64 => "b64",
            Ty::U64 => "u64",
            Ty::S64 => "s64",
            Ty::F64 => "f64",
        };
        f.write_str(s)
    }
}

/// A register file: each class is declared once per kernel as `.reg .<ty> %<prefix><N>;`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RegClass {
    /// predicates, `%p`
    Pred,
    /// 32-bit integers, `%r`
    B32,
    /// 64-bit integers and addresses, `%rd`
    B64,
    /// single precision, `%f`
    F32,
    /// double precision, `%fd`
    F64,
}

impl RegClass {
    /// All classes, in declaration order.
    pub const ALL: [RegClass; 5] = [
        RegClass::Pred,
        RegClass::B32,
        RegClass::B64,
        RegClass::F32,
        RegClass::F64,
    ];
    /// The register name prefix.
    pub const fn prefix(self) -> &'static str {
        match self {
            RegClass::Pred => "p",
            RegClass::B32 => "r",
            RegClass::B64 => "rd",
            RegClass::F32 => "f",
            RegClass::F64 => "fd",
        }
    }
    /// The type used in the `.reg` declaration.
    pub const fn decl_ty(self) -> Ty {
        match self {
            RegClass::Pred => Ty::Pred,
            RegClass::B32 => Ty::B32,
            RegClass::B64 => Ty::B64,
            RegClass::F32 => Ty::F32,
            RegClass::F64 => Ty::F64,
        }
    }
}

/// An untyped virtual register: its class and its number within the class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RegId {
    /// the register file
    pub class: RegClass,
    /// the index within that file
    pub index: u32,
}

impl fmt::Display for RegId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "%{}{}", self.class.prefix(), self.index)
    }
}

/// Marker types for typed registers.
pub mod kind {
    /// A value kind that lives in one register class.
    pub trait Kind: Copy {
        /// The register class of this kind.
        const CLASS: super::RegClass;
        /// The PTX type used when this kind is moved or compared.
        const TY: super::Ty;
    }
    /// A predicate.
    #[derive(Clone, Copy, Debug)]
    pub struct Pred;
    /// A 32-bit unsigned integer (also used for shared-memory addresses).
    #[derive(Clone, Copy, Debug)]
    pub struct U32;
    /// A 64-bit unsigned integer (global addresses).
    #[derive(Clone, Copy, Debug)]
    pub struct U64;
    /// A single-precision float.
    #[derive(Clone, Copy, Debug)]
    pub struct F32;
    /// A double-precision float.
    #[derive(Clone, Copy, Debug)]
    pub struct F64;
    impl Kind for Pred {
        const CLASS: super::RegClass = super::RegClass::Pred;
        const TY: super::Ty = super::Ty::Pred;
    }
    impl Kind for U32 {
        const CLASS: super::RegClass = super::RegClass::B32;
        const TY: super::Ty = super::Ty::U32;
    }
    impl Kind for U64 {
        const CLASS: super::RegClass = super::RegClass::B64;
        const TY: super::Ty = super::Ty::U64;
    }
    impl Kind for F32 {
        const CLASS: super::RegClass = super::RegClass::F32;
        const TY: super::Ty = super::Ty::F32;
    }
    impl Kind for F64 {
        const CLASS: super::RegClass = super::RegClass::F64;
        const TY: super::Ty = super::Ty::F64;
    }
}

/// A typed virtual register: the type parameter keeps, for example, an `f32`
/// register out of an address computation at compile time.
pub struct Reg<K> {
    id: RegId,
    _kind: PhantomData<K>,
}

impl<K> Clone for Reg<K> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<K> Copy for Reg<K> {}

impl<K> fmt::Debug for Reg<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.id)
    }
}

impl<K: kind::Kind> Reg<K> {
    pub(crate) fn new(index: u32) -> Self {
        Reg {
            id: RegId {
                class: K::CLASS,
                index,
            },
            _kind: PhantomData,
        }
    }
}

impl<K> Reg<K> {
    /// The untyped register.
    pub fn id(self) -> RegId {
        self.id
    }
}

impl<K> fmt::Display for Reg<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.id.fmt(f)
    }
}
