//! Why a GPU operation failed (always compiled: the checks that come before any
//! driver call run, and are tested, without the `cuda` feature).
use crate::gemm::ProblemError;
use std::fmt;

/// A failure on the GPU path. Every refusal that depends only on the arguments
/// (lengths, sizes, limits) is returned before any driver call.
#[derive(Clone, Debug, PartialEq)]
pub enum GpuError {
    /// the CUDA driver library could not be loaded (the loader's message)
    DriverMissing(String),
    /// a driver call failed
    Driver {
        /// the driver function
        call: &'static str,
        /// its `CUresult`
        code: i32,
        /// the driver's description of the error (`cuGetErrorString`)
        message: String,
    },
    /// the driver's JIT rejected a PTX module
    Jit {
        /// the driver's description of the error
        message: String,
        /// the JIT error log
        log: String,
    },
    /// the problem is not valid for this kernel
    Problem(ProblemError),
    /// a 128-bit kernel was given leading dimensions that are not multiples of 4
    NeedsVector4,
    /// a device buffer is shorter than the operand the problem describes
    BufferTooShort {
        /// which operand
        operand: &'static str,
        /// elements present
        len: usize,
        /// elements needed
        needed: usize,
    },
    /// a host slice and a device buffer differ in length
    LengthMismatch {
        /// elements on the host
        host: usize,
        /// elements on the device
        device: usize,
    },
    /// a size computed from the arguments does not fit its integer type
    Overflow(&'static str),
    /// the grid of blocks exceeds a launch limit of CUDA
    GridTooLarge {
        /// `x` or `y`
        dim: char,
        /// blocks needed along it
        blocks: u64,
        /// the most CUDA allows
        limit: u64,
    },
    /// a buffer (or kernel) belongs to another `Gpu`, whose stream does
    /// not order its work with this one's
    ForeignBuffer,
    /// the element type of a buffer is not the one the kernel was generated for
    ElementType {
        /// which operand
        operand: &'static str,
        /// bytes per element the kernel expects
        expected: usize,
        /// bytes per element of the buffer
        found: usize,
    },
    /// a PTX text or a kernel name contains a NUL byte
    NulByte,
    /// a tile kernel was given a different number of arguments than it declares
    ArgumentCount {
        /// parameters declared
        expected: usize,
        /// arguments given
        found: usize,
    },
    /// a tile kernel argument does not fit its parameter
    Argument {
        /// 0-based position
        position: usize,
        /// the parameter's name
        param: String,
        /// the rule broken
        rule: &'static str,
    },
    /// a tile kernel buffer is shorter than the elements its tensors reach
    KernelBufferTooShort {
        /// the parameter's name
        buffer: String,
        /// elements present
        len: usize,
        /// elements the tensors reach with the launch's scalars
        needed: usize,
    },
    /// a tile kernel buffer holds another element type than declared
    KernelElementType {
        /// the parameter's name
        buffer: String,
        /// the declared element type
        expected: &'static str,
        /// the buffer's element type
        found: &'static str,
    },
    /// a tail-split schedule does not fit the kernel or the problem (the rule
    /// broken), or a kernel of the other kind was given one
    BadSplit(&'static str),
    /// a tile kernel could not be defined
    Tile(crate::tile::TileError),
    /// a safe launch of a tile kernel with global accesses the tile layer did
    /// not emit (raw builder loads or stores, extension instructions)
    UncheckedKernel,
}

impl fmt::Display for GpuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GpuError::DriverMissing(m) => write!(
                f,
                "the CUDA driver (libcuda.so.1) could not be loaded: {m}; a GPU and its driver are needed to run kernels"
            ),
            GpuError::Driver {
                call,
                code,
                message,
            } => write!(f, "CUDA error in {call}: {message} (CUresult {code})"),
            GpuError::Jit { message, log } => write!(f, "PTX JIT failed: {message}\n{log}"),
            GpuError::Problem(e) => write!(f, "{e}"),
            GpuError::NeedsVector4 => write!(
                f,
                "this kernel loads 128-bit vectors: lda, ldb and ldc must be multiples of 4"
            ),
            GpuError::BufferTooShort {
                operand,
                len,
                needed,
            } => write!(
                f,
                "buffer {operand} holds {len} elements but the problem needs {needed}"
            ),
            GpuError::LengthMismatch { host, device } => write!(
                f,
                "a copy needs equal lengths: {host} elements on the host, {device} on the device"
            ),
            GpuError::Overflow(what) => write!(f, "{what} overflows its integer type"),
            GpuError::GridTooLarge { dim, blocks, limit } => write!(
                f,
                "the grid needs {blocks} blocks along {dim}, over CUDA's limit of {limit}"
            ),
            GpuError::ForeignBuffer => write!(
                f,
                "a buffer belongs to another Gpu: its work is not ordered with this stream"
            ),
            GpuError::ElementType {
                operand,
                expected,
                found,
            } => write!(
                f,
                "buffer {operand} has {found}-byte elements, the kernel writes {expected}-byte elements"
            ),
            GpuError::NulByte => write!(f, "a PTX text or kernel name contains a NUL byte"),
            GpuError::ArgumentCount { expected, found } => write!(
                f,
                "the kernel declares {expected} parameters, {found} arguments were given"
            ),
            GpuError::Argument {
                position,
                param,
                rule,
            } => write!(f, "argument {position} (`{param}`): {rule}"),
            GpuError::KernelBufferTooShort {
                buffer,
                len,
                needed,
            } => write!(
                f,
                "buffer `{buffer}` holds {len} elements but the kernel's tensors reach {needed}"
            ),
            GpuError::KernelElementType {
                buffer,
                expected,
                found,
            } => write!(
                f,
                "buffer `{buffer}` holds {found} elements, the kernel declares {expected}"
            ),
            GpuError::BadSplit(rule) => write!(f, "tail split refused: {rule}"),
            GpuError::Tile(e) => write!(f, "{e}"),
            GpuError::UncheckedKernel => write!(
                f,
                "the kernel has global accesses that are not bounds-predicated tile copies: only the unsafe launch takes it"
            ),
        }
    }
}

impl std::error::Error for GpuError {}

impl From<ProblemError> for GpuError {
    fn from(e: ProblemError) -> Self {
        GpuError::Problem(e)
    }
}

impl From<crate::tile::TileError> for GpuError {
    fn from(e: crate::tile::TileError) -> Self {
        GpuError::Tile(e)
    }
}

/// `Result` of the GPU path.
pub type Result<T> = std::result::Result<T, GpuError>;
