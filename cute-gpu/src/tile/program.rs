//! A finished tile kernel and the checks of its launch, done before any driver
//! call (and testable without a GPU).
use super::element::{ElemInfo, Element};
use super::ix::Ix;
use crate::error::GpuError;
use crate::launch::{grid_dim, LaunchShape};
use crate::ptx::Kernel;

/// A declared parameter.
#[derive(Clone, Debug)]
pub(crate) enum ParamDecl {
    Buffer {
        name: String,
        elem: ElemInfo,
        writable: bool,
    },
    Scalar {
        name: String,
    },
}

/// A global tensor's layout, for the length check.
#[derive(Clone, Debug)]
pub(crate) struct TensorDecl {
    pub(crate) buffer: usize,
    pub(crate) shape: Vec<Ix>,
    pub(crate) stride: Vec<Ix>,
}

/// A finished tile kernel: its PTX and what its launch checks.
#[derive(Clone, Debug)]
pub struct TileProgram {
    pub(crate) kernel: Kernel,
    pub(crate) name: String,
    pub(crate) threads: u32,
    pub(crate) params: Vec<ParamDecl>,
    pub(crate) tensors: Vec<TensorDecl>,
    pub(crate) checked: bool,
    pub(crate) smem_bytes: u64,
}

/// What a launch argument is, as the checks see it: a buffer (its length,
/// element type, whether it is borrowed for writing) or a scalar.
#[derive(Clone, Copy, Debug)]
pub struct ArgInfo(pub(crate) ArgKind);

#[derive(Clone, Copy, Debug)]
pub(crate) enum ArgKind {
    Buffer {
        len: usize,
        elem: ElemInfo,
        writable: bool,
    },
    Scalar(u32),
}

impl ArgInfo {
    /// A buffer of `len` elements of `E`, lent for reading.
    pub fn input<E: Element>(len: usize) -> ArgInfo {
        ArgInfo(ArgKind::Buffer {
            len,
            elem: ElemInfo::of::<E>(),
            writable: false,
        })
    }
    /// A buffer of `len` elements of `E`, lent for writing.
    pub fn output<E: Element>(len: usize) -> ArgInfo {
        ArgInfo(ArgKind::Buffer {
            len,
            elem: ElemInfo::of::<E>(),
            writable: true,
        })
    }
    /// A scalar.
    pub fn scalar(v: u32) -> ArgInfo {
        ArgInfo(ArgKind::Scalar(v))
    }
}

/// Elements a tensor reaches: `Σᵢ (extentᵢ − 1)·strideᵢ + 1`, or 0 when an
/// extent is 0 (no element is accessed); checked arithmetic.
fn reach(t: &TensorDecl, scalars: &[u32]) -> Result<u64, GpuError> {
    let val = |i: Ix| i.value(scalars).ok_or(GpuError::Overflow("a scalar index"));
    let mut last: u64 = 0;
    for (&e, &s) in t.shape.iter().zip(&t.stride) {
        let (e, s) = (val(e)? as u64, val(s)? as u64);
        if e == 0 {
            return Ok(0);
        }
        last = (e - 1)
            .checked_mul(s)
            .and_then(|x| x.checked_add(last))
            .ok_or(GpuError::Overflow("the elements a tensor reaches"))?;
    }
    last.checked_add(1)
        .ok_or(GpuError::Overflow("the elements a tensor reaches"))
}

impl TileProgram {
    /// The PTX kernel.
    pub fn kernel(&self) -> &Kernel {
        &self.kernel
    }

    /// A PTX module holding the kernel.
    pub fn ptx(&self) -> String {
        crate::module_ptx(vec![self.kernel.clone()])
    }

    /// The entry name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Threads per block.
    pub fn threads(&self) -> u32 {
        self.threads
    }

    /// Bytes of static shared memory.
    pub fn smem_bytes(&self) -> u64 {
        self.smem_bytes
    }

    /// Whether every global access is a bounds-predicated one of the tile
    /// layer (then the safe launch accepts the kernel).
    pub fn is_checked(&self) -> bool {
        self.checked
    }

    /// The launch shape for `grid` blocks and `args` (one per declared
    /// parameter, in order), or the first rule they break: argument count,
    /// kind, element type, a buffer written by the kernel but lent for reading,
    /// a buffer shorter than the elements its tensors reach with these scalars,
    /// a grid past CUDA's limits. `None` when the grid is empty (nothing runs).
    pub fn plan(&self, grid: [u64; 3], args: &[ArgInfo]) -> Result<Option<LaunchShape>, GpuError> {
        if args.len() != self.params.len() {
            return Err(GpuError::ArgumentCount {
                expected: self.params.len(),
                found: args.len(),
            });
        }
        let mut scalars = Vec::new();
        for (position, (p, a)) in self.params.iter().zip(args).enumerate() {
            let refuse = |name: &str, rule: &'static str| GpuError::Argument {
                position,
                param: name.to_string(),
                rule,
            };
            match (p, a.0) {
                (ParamDecl::Scalar { .. }, ArgKind::Scalar(v)) => scalars.push(v),
                (ParamDecl::Scalar { name }, _) => {
                    return Err(refuse(name, "a scalar is expected"))
                }
                (ParamDecl::Buffer { name, .. }, ArgKind::Scalar(_)) => {
                    return Err(refuse(name, "a buffer is expected"))
                }
                (
                    ParamDecl::Buffer {
                        name,
                        elem,
                        writable,
                    },
                    ArgKind::Buffer {
                        elem: e,
                        writable: w,
                        ..
                    },
                ) => {
                    if *elem != e {
                        return Err(GpuError::KernelElementType {
                            buffer: name.clone(),
                            expected: elem.name,
                            found: e.name,
                        });
                    }
                    if *writable && !w {
                        return Err(refuse(
                            name,
                            "the kernel writes this buffer: lend it with output",
                        ));
                    }
                }
            }
        }
        let mut needed = vec![0u64; self.params.len()];
        let buffer_positions: Vec<usize> = self
            .params
            .iter()
            .enumerate()
            .filter(|(_, p)| matches!(p, ParamDecl::Buffer { .. }))
            .map(|(i, _)| i)
            .collect();
        for t in &self.tensors {
            let pos = buffer_positions[t.buffer];
            needed[pos] = needed[pos].max(reach(t, &scalars)?);
        }
        for (position, (p, a)) in self.params.iter().zip(args).enumerate() {
            if let (ParamDecl::Buffer { name, .. }, ArgKind::Buffer { len, .. }) = (p, a.0) {
                if (len as u64) < needed[position] {
                    return Err(GpuError::KernelBufferTooShort {
                        buffer: name.clone(),
                        len,
                        needed: usize::try_from(needed[position]).unwrap_or(usize::MAX),
                    });
                }
            }
        }
        let shape = LaunchShape {
            grid: (
                grid_dim('x', grid[0])?,
                grid_dim('y', grid[1])?,
                grid_dim('z', grid[2])?,
            ),
            threads: self.threads,
            smem: 0,
        };
        Ok(if grid.contains(&0) { None } else { Some(shape) })
    }
}
