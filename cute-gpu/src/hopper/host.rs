//! Launching the Hopper GEMM through the driver (feature `cuda`): problem checks,
//! TMA tensor maps built from the kernel's layouts, module loading and launches.
//!
//! `cuTensorMapEncodeTiled` is newer than cust's bundled bindings (CUDA 11.4) and
//! the link stub, so it is looked up in the loaded driver with `dlsym`.
use super::config::{balanced_grid, C_STAGE};
use super::kernel::{generate, HopperKernel, Io, Output};
use super::layouts::OperandMajor;
use super::shipped::{kernel_name, Shipped};
use crate::cuda::{Call, Gpu, GpuError};
use crate::ptx::Module as PtxModule;
use cust::launch;
use cust::memory::{CopyDestination, DeviceBuffer};
use cust::module::Module;
use std::ffi::{c_char, c_int, c_void, CString};
use std::fmt;
use std::sync::OnceLock;

/// Why a Hopper GEMM could not run.
#[derive(Debug)]
pub enum HopperError {
    /// the driver or the loader failed
    Gpu(GpuError),
    /// the problem breaks a rule of the TMA or of the kernel
    Problem(&'static str),
    /// the generator refused the configuration
    Generation(cute_types::Error),
    /// `cuTensorMapEncodeTiled` could not be found or rejected a map
    TensorMap(String),
}

impl fmt::Display for HopperError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HopperError::Gpu(e) => write!(f, "{e}"),
            HopperError::Problem(rule) => write!(f, "problem not supported: {rule}"),
            HopperError::Generation(e) => write!(f, "kernel generation failed: {}", e.rule()),
            HopperError::TensorMap(m) => write!(f, "tensor map: {m}"),
        }
    }
}

impl std::error::Error for HopperError {}

impl From<GpuError> for HopperError {
    fn from(e: GpuError) -> Self {
        HopperError::Gpu(e)
    }
}

impl From<cute_types::Error> for HopperError {
    fn from(e: cute_types::Error) -> Self {
        HopperError::Generation(e)
    }
}

/// `Result` of the Hopper host path.
pub type Result<T> = std::result::Result<T, HopperError>;

/// `C (M×N, row-major) = A (M×K, row-major) · Bᵀ`, B stored `N×K` row-major.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TcProblem {
    /// rows of A and C
    pub m: usize,
    /// rows of B, columns of C
    pub n: usize,
    /// the reduction length
    pub k: usize,
}

impl TcProblem {
    /// Checks the rules the TMA imposes (16-byte row pitches, 32-bit coordinates).
    pub fn validate(&self) -> Result<()> {
        if !self.k.is_multiple_of(8) {
            return Err(HopperError::Problem(
                "K must be a multiple of 8: TMA needs the rows of A and B (K·2 bytes) to be multiples of 16 bytes",
            ));
        }
        let limit = i32::MAX as usize;
        if self.m > limit || self.n > limit || self.k > limit {
            return Err(HopperError::Problem(
                "M, N and K must be below 2^31 (TMA coordinates are 32-bit)",
            ));
        }
        Ok(())
    }
}

/// A `CUtensorMap`: 128 opaque bytes, 64-byte aligned.
#[repr(C, align(64))]
#[derive(Clone, Copy, Debug)]
pub struct TensorMap(pub [u64; 16]);

/// `CUtensorMapDataType` values (cuda.h 12.x).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TmaType {
    /// `CU_TENSOR_MAP_DATA_TYPE_FLOAT16`
    F16 = 6,
    /// `CU_TENSOR_MAP_DATA_TYPE_FLOAT32`
    F32 = 7,
    /// `CU_TENSOR_MAP_DATA_TYPE_BFLOAT16`
    Bf16 = 9,
}

/// `CU_TENSOR_MAP_SWIZZLE_*` for a swizzle row of `bytes` bytes.
fn swizzle_enum(bytes: usize) -> u32 {
    match bytes {
        32 => 1,
        64 => 2,
        128 => 3,
        _ => 0,
    }
}

type EncodeTiled = unsafe extern "C" fn(
    *mut TensorMap,
    u32,
    u32,
    *mut c_void,
    *const u64,
    *const u64,
    *const u32,
    *const u32,
    u32,
    u32,
    u32,
    u32,
) -> u32;

extern "C" {
    fn dlopen(filename: *const c_char, flag: c_int) -> *mut c_void;
    fn dlsym(handle: *mut c_void, symbol: *const c_char) -> *mut c_void;
}

const RTLD_NOW: c_int = 2;

fn encode_tiled() -> Result<EncodeTiled> {
    static FN: OnceLock<usize> = OnceLock::new();
    let addr = *FN.get_or_init(|| {
        // SAFETY: dlopen/dlsym are called with NUL-terminated literals; libcuda.so.1
        // is the driver the process already links (cust), so this only takes a
        // reference to it. A null result is handled below.
        unsafe {
            let lib = dlopen(c"libcuda.so.1".as_ptr(), RTLD_NOW);
            if lib.is_null() {
                return 0;
            }
            dlsym(lib, c"cuTensorMapEncodeTiled".as_ptr()) as usize
        }
    });
    if addr == 0 {
        return Err(HopperError::TensorMap(
            "cuTensorMapEncodeTiled not found in libcuda.so.1 (driver older than CUDA 12?)".into(),
        ));
    }
    // SAFETY: the symbol is the driver's cuTensorMapEncodeTiled, whose C signature
    // (CUDA 12 driver API) is exactly `EncodeTiled`.
    Ok(unsafe { std::mem::transmute::<usize, EncodeTiled>(addr) })
}

/// A 2-D tiled tensor map over a row-major `outer × inner` matrix at device
/// address `addr` with rows `row_bytes` apart, boxes of `bx = [inner, outer]`
/// elements, the given swizzle row width, and zero fill outside the matrix.
pub fn encode_2d(
    dtype: TmaType,
    addr: u64,
    inner: usize,
    outer: usize,
    row_bytes: usize,
    bx: [u32; 2],
    swizzle_bytes: usize,
) -> Result<TensorMap> {
    let f = encode_tiled()?;
    let mut map = TensorMap([0; 16]);
    let dims = [inner as u64, outer as u64];
    let strides = [row_bytes as u64];
    let elem_strides = [1u32, 1];
    // L2 promotion 128B (2), the CUTLASS default; out-of-bounds elements read as zero
    // (oobFill NONE = 0) and are not written by stores.
    // SAFETY: every pointer refers to a live local array of the length the rank (2)
    // implies (strides: rank−1); `map` is 64-byte aligned as the driver requires.
    let rc = unsafe {
        f(
            &mut map,
            dtype as u32,
            2,
            addr as *mut c_void,
            dims.as_ptr(),
            strides.as_ptr(),
            bx.as_ptr(),
            elem_strides.as_ptr(),
            0,
            swizzle_enum(swizzle_bytes),
            2,
            0,
        )
    };
    if rc != 0 {
        return Err(HopperError::TensorMap(format!(
            "cuTensorMapEncodeTiled returned {rc} (dims {dims:?}, row bytes {row_bytes}, box {bx:?}, swizzle {swizzle_bytes})"
        )));
    }
    Ok(map)
}

fn tma_type(h: super::isa::Half) -> TmaType {
    match h {
        super::isa::Half::Bf16 => TmaType::Bf16,
        super::isa::Half::F16 => TmaType::F16,
    }
}

struct Loaded {
    kernel: HopperKernel,
    name: CString,
}

/// A shipped configuration loaded for one input/output format: the kernel, and for
/// TMA-store configurations its direct-store sibling (used when N·2 bytes is not a
/// multiple of 16, which a TMA store of C needs).
pub struct HopperGemm {
    module: Module,
    main: Loaded,
    direct: Option<Loaded>,
    sm_count: u32,
    /// the configuration
    pub shipped: Shipped,
}

/// Operands bound to a loaded GEMM: the tensor maps in device memory.
pub struct Bound {
    maps: DeviceBuffer<u64>,
    c: u64,
    problem: TcProblem,
    use_direct: bool,
}

impl HopperGemm {
    /// Generates, JIT-loads and configures (dynamic shared memory) the kernels.
    pub fn load(gpu: &Gpu, shipped: Shipped, io: Io) -> Result<HopperGemm> {
        let main = shipped.kernel(io)?;
        let direct = if main.tma_store {
            let mut p = shipped.params;
            p.tma_store = false;
            Some(generate(
                &p,
                io,
                &format!("{}_direct", kernel_name(shipped.name, io)),
            )?)
        } else {
            None
        };
        let mut kernels = vec![main.kernel.clone()];
        if let Some(d) = &direct {
            kernels.push(d.kernel.clone());
        }
        let module = gpu.load_ptx(&PtxModule::new("sm_90a", kernels).to_string())?;
        let wrap = |k: HopperKernel| Loaded {
            name: CString::new(k.kernel.name.clone()).expect("kernel names have no NUL"),
            kernel: k,
        };
        let g = HopperGemm {
            module,
            main: wrap(main),
            direct: direct.map(wrap),
            sm_count: gpu.sm_count()? as u32,
            shipped,
        };
        g.set_smem(&g.main)?;
        if let Some(d) = &g.direct {
            g.set_smem(d)?;
        }
        Ok(g)
    }

    fn set_smem(&self, l: &Loaded) -> Result<()> {
        let f = self
            .module
            .get_function(l.name.to_str().unwrap_or_default())
            .call("cuModuleGetFunction")?;
        // SAFETY: `f` is a live function of this module; attribute and value are integers.
        let rc = unsafe {
            cust::sys::cuFuncSetAttribute(
                f.to_raw(),
                cust::sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                l.kernel.smem_bytes() as i32,
            )
        };
        if rc != cust::sys::cudaError_enum::CUDA_SUCCESS {
            return Err(HopperError::Gpu(GpuError::Cuda {
                call: "cuFuncSetAttribute",
                message: format!("{rc:?}"),
            }));
        }
        Ok(())
    }

    /// The formats and B layout it was generated for.
    pub fn io(&self) -> Io {
        self.main.kernel.io
    }

    /// The kernel that runs for `p`.
    pub fn kernel_for(&self, p: &TcProblem) -> &HopperKernel {
        &self.pick(p).kernel
    }

    fn pick(&self, p: &TcProblem) -> &Loaded {
        match &self.direct {
            Some(d) if !(p.n * 2).is_multiple_of(16) => d,
            _ => &self.main,
        }
    }

    /// Builds the tensor maps of A (`M×K`), B (`N×K`, or `K×N` for an MN-major
    /// configuration) and C (`M×N`) from the
    /// kernel's layouts (boxes, swizzle) and copies them to device memory.
    /// `a`, `b` and `c` are device addresses of row-major matrices; `c_len` is
    /// the byte length of C's buffer.
    pub fn bind(&self, p: TcProblem, a: u64, b: u64, c: u64, c_len: usize) -> Result<Bound> {
        p.validate()?;
        let k = &self.pick(&p).kernel;
        let io = k.io;
        if c_len < p.m * p.n * io.output.bytes() {
            return Err(HopperError::Problem(
                "the C buffer is shorter than M·N elements",
            ));
        }
        let sw = k.params.swizzle_bytes;
        let t = tma_type(io.input);
        let ka = p.k.max(8);
        let map_a = encode_2d(
            t,
            a,
            ka,
            p.m.max(1),
            p.k.max(8) * 2,
            k.derived.a.tma_box()?,
            sw,
        )?;
        let map_b = match k.derived.b.major {
            OperandMajor::K => encode_2d(
                t,
                b,
                ka,
                p.n.max(1),
                p.k.max(8) * 2,
                k.derived.b.tma_box()?,
                sw,
            )?,
            OperandMajor::Mn => {
                if !p.n.is_multiple_of(8) {
                    return Err(HopperError::Problem(
                        "with B stored K×N, N must be a multiple of 8 (TMA needs 16-byte row pitches)",
                    ));
                }
                encode_2d(t, b, p.n, p.k.max(1), p.n * 2, k.derived.b.tma_box()?, sw)?
            }
        };
        let map_c = if k.tma_store {
            let h = match io.output {
                Output::Half(h) => h,
                Output::F32 => {
                    return Err(HopperError::Problem(
                        "TMA stores are generated for 16-bit C only",
                    ))
                }
            };
            let plan = k
                .derived
                .store
                .as_ref()
                .ok_or(HopperError::Problem("no store plan"))?;
            let rows = plan.staging.layout().get(0)?.size()?.value as u32;
            let cols = plan.staging.layout().get(1)?.size()?.value as u32;
            debug_assert_eq!((rows as usize, cols as usize), C_STAGE);
            encode_2d(
                tma_type(h),
                c,
                p.n,
                p.m,
                p.n * 2,
                [cols, rows],
                cols as usize * 2,
            )?
        } else {
            TensorMap([0; 16])
        };
        let mut words = Vec::with_capacity(48);
        for m in [map_a, map_b, map_c] {
            words.extend_from_slice(&m.0);
        }
        let maps =
            DeviceBuffer::from_slice(&words).call("cuMemAlloc/cuMemcpyHtoD (tensor maps)")?;
        Ok(Bound {
            maps,
            c,
            problem: p,
            use_direct: self.direct.is_some() && !(p.n * 2).is_multiple_of(16),
        })
    }

    /// Enqueues the GEMM on the stream. `ctas` overrides the persistent grid size
    /// (default: [`balanced_grid`]).
    pub fn launch(&self, gpu: &Gpu, bound: &Bound, ctas: Option<u32>) -> Result<()> {
        let p = bound.problem;
        if p.m == 0 || p.n == 0 {
            return Ok(());
        }
        let l = if bound.use_direct {
            self.direct
                .as_ref()
                .ok_or(HopperError::Problem("no direct-store kernel"))?
        } else {
            &self.main
        };
        let k = &l.kernel;
        if p.k == 0 {
            // no k-block: C is zero
            let zeros = vec![0u8; p.m * p.n * k.io.output.bytes()];
            // SAFETY: `bound.c` is the device address of a buffer of at least M·N
            // elements (checked in `bind`); the copy writes exactly that many bytes.
            let rc =
                unsafe { cust::sys::cuMemcpyHtoD_v2(bound.c, zeros.as_ptr().cast(), zeros.len()) };
            if rc != cust::sys::cudaError_enum::CUDA_SUCCESS {
                return Err(HopperError::Gpu(GpuError::Cuda {
                    call: "cuMemcpyHtoD",
                    message: format!("{rc:?}"),
                }));
            }
            return Ok(());
        }
        let tiles_m = p.m.div_ceil(k.params.bm) as u32;
        let tiles_n = p.n.div_ceil(k.params.bn) as u32;
        let total = tiles_m * tiles_n;
        let grid = match (k.params.persistent, ctas) {
            (false, _) => total,
            (true, Some(n)) => n.clamp(1, total),
            (true, None) => balanced_grid(total, self.sm_count),
        };
        let k_tiles = p.k.div_ceil(k.params.bk) as u32;
        let f = self
            .module
            .get_function(l.name.to_str().unwrap_or_default())
            .call("cuModuleGetFunction")?;
        let base = bound.maps.as_device_ptr().as_raw();
        let (map_a, map_b, map_c) = (base, base + 128, base + 256);
        let stream = &gpu.stream;
        let (threads, smem) = (k.threads(), k.smem_bytes());
        let (m, n) = (p.m as u32, p.n as u32);
        // SAFETY: the arguments follow `kernel::PARAMS` in order and type (four u64
        // addresses, six u32); the tensor maps describe buffers checked in `bind`
        // and live in `bound.maps`, which outlives the launch's stream order
        // because callers synchronize before dropping `bound`.
        unsafe {
            launch!(f<<<grid, threads, smem, stream>>>(
                map_a, map_b, map_c, bound.c, m, n, k_tiles, tiles_m, tiles_n, grid
            ))
        }
        .call("cuLaunchKernel (hopper gemm)")?;
        Ok(())
    }
}

/// Fills a device buffer with `nan` (a NaN of its element format), so that an
/// element the kernel fails to write shows up in the check.
pub fn poison<T: cust::memory::DeviceCopy + Copy>(buf: &mut DeviceBuffer<T>, nan: T) -> Result<()> {
    let v = vec![nan; buf.len()];
    buf.copy_from(&v[..]).call("cuMemcpyHtoD (poison)")?;
    Ok(())
}
