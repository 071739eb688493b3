//! [`TileKernel`]: a kernel under construction, its declared parameters and its
//! raw builder.
use super::element::{ElemInfo, Element};
use super::ix::{Ix, Scalar};
use super::program::{ParamDecl, TensorDecl, TileProgram};
use super::TileError;
use crate::ptx::{
    kind, AddrBase, Address, Bounds, Instr, KernelBuilder, Operand, Param, Reg, Space, Special,
    Stmt,
};
use core::marker::PhantomData;

/// The most static shared memory a kernel may declare (48 KiB).
pub const MAX_STATIC_SMEM: u64 = 48 * 1024;

/// A global buffer parameter of element type `E`, declared with
/// [`TileKernel::input`] (read only) or [`TileKernel::output`] (read and write).
#[derive(Debug)]
pub struct Buffer<E> {
    pub(crate) kernel: u64,
    pub(crate) index: usize,
    pub(crate) writable: bool,
    _e: PhantomData<E>,
}

impl<E> Clone for Buffer<E> {
    fn clone(&self) -> Self {
        Buffer {
            kernel: self.kernel,
            index: self.index,
            writable: self.writable,
            _e: PhantomData,
        }
    }
}

/// A kernel written against tensors: global tensors over buffer parameters,
/// shared tensors, register fragments, and the copies between them.
///
/// Every global load and store it emits is predicated on the element's
/// coordinates lying inside the tensor's extents, and the launch
/// (`cuda::TileModule`) checks that each buffer holds every element
/// those extents reach; so a kernel whose global accesses all come from here is
/// launched safely. Raw code goes through [`TileKernel::builder`]; a raw global
/// access (or an ISA extension instruction) makes the kernel *unchecked*:
/// [`TileProgram::is_checked`] is false and only the `unsafe` launch takes it.
///
/// ```
/// use cute_gpu::tile::{TileKernel, ThreadValues};
/// use cute_gpu::ptx::Special;
/// use cute_typed::_1;
/// // y[i] = x[i] for i < n, 128 threads × 4 values per block
/// let mut k = TileKernel::new("copy1d", 128).unwrap();
/// let x = k.input::<f32>("x").unwrap();
/// let y = k.output::<f32>("y").unwrap();
/// let n = k.scalar("n").unwrap();
/// let gx = k.global(&x, &[n.into()], &[_1.into()]).unwrap();
/// let gy = k.global(&y, &[n.into()], &[_1.into()]).unwrap();
/// let block = k.builder().special(Special::CtaidX);
/// let (tx, ty) = (gx.tile(&[512], &[block]).unwrap(), gy.tile(&[512], &[block]).unwrap());
/// let tv = ThreadValues::new("(128,4):(4,1)", &[512]).unwrap();
/// let v = k.copy(&tx, &ty, &tv).unwrap();
/// assert_eq!(v, (4, 4)); // ld.global.v4 and st.global.v4
/// let program = k.finish().unwrap();
/// assert!(program.is_checked());
/// assert!(program.ptx().contains("ld.global.nc.v4.f32"));
/// ```
pub struct TileKernel {
    pub(crate) b: KernelBuilder,
    pub(crate) uid: u64,
    pub(crate) name: String,
    pub(crate) threads: u32,
    pub(crate) params: Vec<ParamDecl>,
    pub(crate) buffer_params: Vec<Param<kind::U64>>,
    pub(crate) scalar_params: Vec<Param<kind::U32>>,
    pub(crate) tensors: Vec<TensorDecl>,
    pub(crate) smem_bytes: u64,
    pub(crate) shared_count: usize,
}

pub(crate) fn check_ident(name: &str) -> Result<(), TileError> {
    let mut chars = name.chars();
    let first_ok = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
    if first_ok && chars.all(|c| c.is_ascii_alphanumeric() || c == '_') && name.len() <= 200 {
        Ok(())
    } else {
        Err(TileError::Name(name.to_string()))
    }
}

impl TileKernel {
    /// A kernel `name` run by blocks of `threads` threads (1..=1024).
    pub fn new(name: &str, threads: u32) -> Result<TileKernel, TileError> {
        check_ident(name)?;
        if !(1..=1024).contains(&threads) {
            return Err(TileError::Threads(threads));
        }
        let mut b = KernelBuilder::new(name);
        b.bounds(Bounds {
            max_ntid: Some(threads),
            ..Bounds::default()
        });
        let uid = b.uid;
        Ok(TileKernel {
            b,
            uid,
            name: name.to_string(),
            threads,
            params: Vec::new(),
            buffer_params: Vec::new(),
            scalar_params: Vec::new(),
            tensors: Vec::new(),
            smem_bytes: 0,
            shared_count: 0,
        })
    }

    /// Threads per block.
    pub fn threads(&self) -> u32 {
        self.threads
    }

    /// The raw PTX builder, for arithmetic on fragments, block indices, loops.
    /// A global load or store issued through it makes the kernel unchecked
    /// (launchable only with `unsafe`); replacing the builder makes every later
    /// tile operation fail with [`TileError::BuilderReplaced`].
    pub fn builder(&mut self) -> &mut KernelBuilder {
        &mut self.b
    }

    /// The builder, checked to be this kernel's, with no guard pending.
    pub(crate) fn own(&mut self) -> Result<&mut KernelBuilder, TileError> {
        if self.b.uid != self.uid {
            return Err(TileError::BuilderReplaced);
        }
        if self.b.take_guard() {
            return Err(TileError::PendingGuard);
        }
        Ok(&mut self.b)
    }

    fn buffer<E: Element>(&mut self, name: &str, writable: bool) -> Result<Buffer<E>, TileError> {
        check_ident(name)?;
        let _ = self.own()?;
        let p = self.b.param::<kind::U64>(name);
        let index = self.buffer_params.len();
        self.buffer_params.push(p);
        self.params.push(ParamDecl::Buffer {
            name: name.to_string(),
            elem: ElemInfo::of::<E>(),
            writable,
        });
        Ok(Buffer {
            kernel: self.uid,
            index,
            writable,
            _e: PhantomData,
        })
    }

    /// Declares the next parameter: a buffer of `E` the kernel only reads
    /// (loaded through the read-only path, `ld.global.nc`).
    pub fn input<E: Element>(&mut self, name: &str) -> Result<Buffer<E>, TileError> {
        self.buffer(name, false)
    }

    /// Declares the next parameter: a buffer of `E` the kernel reads and writes.
    pub fn output<E: Element>(&mut self, name: &str) -> Result<Buffer<E>, TileError> {
        self.buffer(name, true)
    }

    /// Declares the next parameter: a `u32` scalar, usable as an extent or
    /// stride ([`Ix`]) and readable with [`TileKernel::scalar_value`].
    pub fn scalar(&mut self, name: &str) -> Result<Scalar, TileError> {
        check_ident(name)?;
        let _ = self.own()?;
        let p = self.b.param::<kind::U32>(name);
        let index = self.scalar_params.len();
        self.scalar_params.push(p);
        self.params.push(ParamDecl::Scalar {
            name: name.to_string(),
        });
        Ok(Scalar {
            kernel: self.uid,
            index,
        })
    }

    /// A fresh register holding scalar `s` (yours to change: the tile layer
    /// reads its own copy of every parameter).
    pub fn scalar_value(&mut self, s: Scalar) -> Result<Reg<kind::U32>, TileError> {
        if s.kernel != self.uid {
            return Err(TileError::ForeignHandle);
        }
        let p = self.scalar_params[s.index].clone();
        Ok(self.own()?.ld_param(&p))
    }

    /// The thread index `%tid.x` in a fresh register.
    pub fn thread_index(&mut self) -> Result<Reg<kind::U32>, TileError> {
        Ok(self.own()?.special(Special::TidX))
    }

    /// The block index `(%ctaid.x, %ctaid.y)` in fresh registers.
    pub fn block_index(&mut self) -> Result<(Reg<kind::U32>, Reg<kind::U32>), TileError> {
        let b = self.own()?;
        Ok((b.special(Special::CtaidX), b.special(Special::CtaidY)))
    }

    /// `bar.sync 0`: every thread of the block waits for the others (between a
    /// copy into shared memory and a copy out of it).
    pub fn sync(&mut self) -> Result<(), TileError> {
        self.own()?.bar_sync();
        Ok(())
    }

    pub(crate) fn ix(&self, i: Ix) -> Result<Ix, TileError> {
        i.check(self.uid)
    }

    /// Finishes the kernel: appends `ret`, checks that no parameter was added
    /// behind its back, and records whether every global access is one of the
    /// tile layer's bounds-predicated ones.
    pub fn finish(mut self) -> Result<TileProgram, TileError> {
        self.own()?.ret();
        if self.b.params().len() != self.params.len() {
            return Err(TileError::ForeignParameter);
        }
        let checked = {
            let marks = &self.b.checked;
            self.b.body().iter().enumerate().all(|(i, s)| match s {
                Stmt::Instr(_, instr) => {
                    (!touches_global(instr) || marks.contains(&i)) && names_are_plain(instr)
                }
                // a line break would end the comment and print the rest as PTX
                Stmt::Comment(c) => !c.contains(['\n', '\r']),
                Stmt::Label(_) => true,
            })
        };
        let kernel = self.b.finish();
        let checked = checked && kernel.shared.iter().all(|d| check_ident(&d.name).is_ok());
        Ok(TileProgram {
            kernel,
            name: self.name,
            threads: self.threads,
            params: self.params,
            tensors: self.tensors,
            checked,
            smem_bytes: self.smem_bytes,
        })
    }
}

/// Whether every name an instruction prints (symbols in operands and
/// addresses) is a plain identifier: a name is printed as is, so any other
/// text could carry instructions the scan above never sees.
fn names_are_plain(i: &Instr) -> bool {
    let op = |o: &Operand| match o {
        Operand::Symbol(s) => check_ident(s).is_ok(),
        _ => true,
    };
    let addr = |a: &Address| match &a.base {
        AddrBase::Symbol(s) => check_ident(s).is_ok(),
        AddrBase::Reg(_) => true,
    };
    match i {
        Instr::Mov { src, .. } => op(src),
        Instr::Bin { a, b, .. } | Instr::Setp { a, b, .. } | Instr::Selp { a, b, .. } => {
            op(a) && op(b)
        }
        Instr::Mad { a, b, c, .. } | Instr::Fma { a, b, c, .. } => op(a) && op(b) && op(c),
        Instr::Abs { a, .. } => op(a),
        Instr::Ld { addr: at, .. } => addr(at),
        Instr::AtomAdd { addr: at, src, .. } => addr(at) && op(src),
        Instr::St { src, addr: at, .. } => src.iter().all(op) && addr(at),
        Instr::CpAsync {
            dst, src, src_size, ..
        } => addr(dst) && addr(src) && src_size.as_ref().is_none_or(op),
        Instr::NotPred { .. }
        | Instr::Cvt { .. }
        | Instr::CpAsyncCommit
        | Instr::CpAsyncWait(_)
        | Instr::BarSync(_)
        | Instr::Bra { .. }
        | Instr::Ret
        | Instr::FenceGpu
        | Instr::Ext(_) => true,
    }
}

/// Whether an instruction may read or write global memory.
fn touches_global(i: &Instr) -> bool {
    match i {
        Instr::Ld { space, .. } | Instr::St { space, .. } => *space == Space::Global,
        Instr::CpAsync { .. } | Instr::AtomAdd { .. } | Instr::Ext(_) => true,
        _ => false,
    }
}
