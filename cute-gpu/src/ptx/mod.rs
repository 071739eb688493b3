//! A structured PTX emitter: typed virtual registers, instructions as data,
//! predicates, labels, kernel parameters, shared arrays, launch bounds and the
//! module header. Generators drive [`KernelBuilder`]; `Display` prints PTX.
mod instr;
mod kernel;
mod module;
mod types;

pub use instr::{
    AddrBase, Address, BinOp, CacheOp, Cmp, ExtInstr, Guard, Instr, Label, Operand, Space, Special,
    Stmt,
};
pub use kernel::{AddrKind, Bounds, Kernel, KernelBuilder, Param, SharedDecl, Src};
pub use module::{Module, PTX_VERSION};
pub use types::{kind, Reg, RegClass, RegId, Ty};
