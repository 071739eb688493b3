//! Running kernels on the GPU through `cust` (feature `cuda`): context, module
//! loading (driver JIT from PTX, or a ptxas cubin), launches with the grid derived
//! from the problem, device buffers and event timing. Every CUDA failure comes
//! back as a [`GpuError`] carrying the driver's own message.
use crate::gemm::reference::{element_strides, reference_kernel, REFERENCE_BLOCK};
use crate::gemm::{GemmKernel, Problem, ProblemError};
use cust::context::Context;
use cust::device::{Device, DeviceAttribute};
use cust::error::CudaError;
use cust::event::{Event, EventFlags};
use cust::launch;
use cust::memory::{CopyDestination, DeviceBuffer};
use cust::module::Module;
use cust::stream::{Stream, StreamFlags};
use std::ffi::{c_void, CString};
use std::fmt;

pub use cust::memory::DeviceBuffer as Buffer;

/// A failure on the GPU path.
#[derive(Debug)]
pub enum GpuError {
    /// a driver call failed
    Cuda {
        /// what was being done
        call: &'static str,
        /// the driver's description of the error (`cuGetErrorString`)
        message: String,
    },
    /// the driver's JIT rejected a PTX module
    Jit {
        /// the driver's error
        error: CudaError,
        /// the JIT error log
        log: String,
    },
    /// the problem is not valid for this kernel
    Problem(ProblemError),
    /// a 128-bit kernel was given leading dimensions that are not multiples of 4
    NeedsVector4,
}

impl fmt::Display for GpuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GpuError::Cuda { call, message } => write!(f, "CUDA error in {call}: {message}"),
            GpuError::Jit { error, log } => write!(f, "PTX JIT failed: {error}\n{log}"),
            GpuError::Problem(e) => write!(f, "{e}"),
            GpuError::NeedsVector4 => write!(
                f,
                "this kernel loads 128-bit vectors: lda, ldb and ldc must be multiples of 4"
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

/// `Result` of the GPU path.
pub type Result<T> = std::result::Result<T, GpuError>;

/// Attaches the name of the failing call to a cust result.
pub trait Call<T> {
    /// Maps a driver error to [`GpuError::Cuda`] naming `call`.
    fn call(self, call: &'static str) -> Result<T>;
}

impl<T> Call<T> for std::result::Result<T, CudaError> {
    fn call(self, call: &'static str) -> Result<T> {
        self.map_err(|error| GpuError::Cuda {
            call,
            message: error.to_string(),
        })
    }
}

/// A context on device 0 and one stream.
pub struct Gpu {
    /// the stream every launch goes to
    pub stream: Stream,
    device: Device,
    _context: Context,
}

impl Gpu {
    /// Initialises the driver and creates a context on device 0.
    pub fn new() -> Result<Gpu> {
        cust::init(cust::CudaFlags::empty()).call("cuInit")?;
        let device = Device::get_device(0).call("cuDeviceGet")?;
        let context = Context::new(device).call("cuCtxCreate")?;
        let stream = Stream::new(StreamFlags::NON_BLOCKING, None).call("cuStreamCreate")?;
        Ok(Gpu {
            stream,
            device,
            _context: context,
        })
    }

    /// The device's name.
    pub fn name(&self) -> Result<String> {
        self.device.name().call("cuDeviceGetName")
    }

    /// Bytes of L2 cache.
    pub fn l2_bytes(&self) -> Result<usize> {
        let v = self
            .device
            .get_attribute(DeviceAttribute::L2CacheSize)
            .call("cuDeviceGetAttribute")?;
        Ok(v as usize)
    }

    /// Number of multiprocessors.
    pub fn sm_count(&self) -> Result<usize> {
        let v = self
            .device
            .get_attribute(DeviceAttribute::MultiprocessorCount)
            .call("cuDeviceGetAttribute")?;
        Ok(v as usize)
    }

    /// Waits for the stream.
    pub fn synchronize(&self) -> Result<()> {
        self.stream.synchronize().call("cuStreamSynchronize")
    }

    /// Loads a PTX module through the driver's JIT; on failure the JIT log is returned.
    pub fn load_ptx(&self, ptx: &str) -> Result<Module> {
        match Module::from_ptx(ptx, &[]) {
            Ok(m) => Ok(m),
            Err(error) => Err(GpuError::Jit {
                error,
                log: jit_log(ptx),
            }),
        }
    }

    /// Loads a cubin produced by `ptxas`.
    pub fn load_cubin(&self, cubin: &[u8]) -> Result<Module> {
        Module::from_cubin(cubin, &[]).call("cuModuleLoadData (cubin)")
    }

    /// Copies host data to a new device buffer.
    pub fn upload<T: cust::memory::DeviceCopy>(&self, data: &[T]) -> Result<DeviceBuffer<T>> {
        DeviceBuffer::from_slice(data).call("cuMemAlloc/cuMemcpyHtoD")
    }

    /// Copies a device buffer to the host.
    pub fn download<T: cust::memory::DeviceCopy + Default + Clone>(
        &self,
        buf: &DeviceBuffer<T>,
    ) -> Result<Vec<T>> {
        self.synchronize()?;
        let mut v = vec![T::default(); buf.len()];
        buf.copy_to(&mut v[..]).call("cuMemcpyDtoH")?;
        Ok(v)
    }

    /// Times `f` (which enqueues work on the stream) with a pair of events;
    /// returns milliseconds.
    pub fn time<F: FnMut() -> Result<()>>(&self, mut f: F) -> Result<f32> {
        let start = Event::new(EventFlags::DEFAULT).call("cuEventCreate")?;
        let stop = Event::new(EventFlags::DEFAULT).call("cuEventCreate")?;
        start.record(&self.stream).call("cuEventRecord")?;
        f()?;
        stop.record(&self.stream).call("cuEventRecord")?;
        stop.synchronize().call("cuEventSynchronize")?;
        stop.elapsed_time_f32(&start).call("cuEventElapsedTime")
    }
}

/// The driver's description of a raw result code.
fn driver_message(rc: cust::sys::CUresult) -> String {
    let mut ptr: *const std::ffi::c_char = std::ptr::null();
    // SAFETY: cuGetErrorString writes a pointer to a static NUL-terminated string
    // (or leaves it null for an unknown code), which is only read here.
    unsafe {
        if cust::sys::cuGetErrorString(rc, &mut ptr) == cust::sys::cudaError_enum::CUDA_SUCCESS
            && !ptr.is_null()
        {
            return std::ffi::CStr::from_ptr(ptr).to_string_lossy().into_owned();
        }
    }
    format!("CUresult {rc:?}")
}

/// Reloads `ptx` through `cuModuleLoadDataEx` with an error-log buffer, only to
/// obtain the JIT's message.
fn jit_log(ptx: &str) -> String {
    use cust::sys as cu;
    let Ok(image) = CString::new(ptx) else {
        return "PTX contains a NUL byte".to_string();
    };
    let mut log = vec![0u8; 16 * 1024];
    let mut opts = [
        cu::CUjit_option::CU_JIT_ERROR_LOG_BUFFER,
        cu::CUjit_option::CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
    ];
    let mut vals: [*mut c_void; 2] = [log.as_mut_ptr().cast(), log.len() as *mut c_void];
    let mut module: cu::CUmodule = std::ptr::null_mut();
    // SAFETY: `image` is a NUL-terminated PTX string alive for the call; the option
    // arrays have equal length 2; the log buffer outlives the call and its size is
    // passed in bytes, as the driver API requires for these two options.
    let rc = unsafe {
        cu::cuModuleLoadDataEx(
            &mut module,
            image.as_ptr().cast(),
            opts.len() as u32,
            opts.as_mut_ptr(),
            vals.as_mut_ptr(),
        )
    };
    if rc == cu::cudaError_enum::CUDA_SUCCESS {
        // SAFETY: the module was just loaded by this call and is not used elsewhere.
        unsafe { cu::cuModuleUnload(module) };
    }
    let end = log.iter().position(|&b| b == 0).unwrap_or(log.len());
    String::from_utf8_lossy(&log[..end]).into_owned()
}

/// A generated GEMM kernel loaded on the GPU.
pub struct GpuGemm {
    module: Module,
    name: CString,
    /// what was generated
    pub kernel: GemmKernel,
}

impl GpuGemm {
    /// Loads `kernel`: from `cubin` when given, else from its PTX by the driver's JIT.
    pub fn load(gpu: &Gpu, kernel: GemmKernel, cubin: Option<&[u8]>) -> Result<GpuGemm> {
        let module = match cubin {
            Some(bin) => gpu.load_cubin(bin)?,
            None => gpu.load_ptx(&crate::module_ptx(vec![kernel.kernel.clone()]))?,
        };
        let name = CString::new(kernel.kernel.name.clone()).expect("kernel names have no NUL");
        let g = GpuGemm {
            module,
            name,
            kernel,
        };
        if g.kernel.dynamic_smem > 0 {
            let f = g
                .module
                .get_function(g.name.to_str().unwrap_or_default())
                .call("cuModuleGetFunction")?;
            // SAFETY: `f` is a live function handle of this module; the attribute and
            // value are plain integers.
            let rc = unsafe {
                cust::sys::cuFuncSetAttribute(
                    f.to_raw(),
                    cust::sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                    g.kernel.dynamic_smem as i32,
                )
            };
            if rc != cust::sys::cudaError_enum::CUDA_SUCCESS {
                return Err(GpuError::Cuda {
                    call: "cuFuncSetAttribute",
                    message: driver_message(rc),
                });
            }
        }
        Ok(g)
    }

    /// Enqueues `C = α·op(A)·op(B) + β·C` on the stream, with the grid derived
    /// from the problem. Checks the problem and the buffer lengths first.
    #[allow(clippy::too_many_arguments)]
    pub fn launch(
        &self,
        gpu: &Gpu,
        p: &Problem,
        a: &DeviceBuffer<f32>,
        b: &DeviceBuffer<f32>,
        c: &mut DeviceBuffer<f32>,
        alpha: f32,
        beta: f32,
    ) -> Result<()> {
        p.validate()?;
        p.check_buffers(a.len(), b.len(), c.len())?;
        if self.kernel.needs_vector4() && !p.allows_vector4() {
            return Err(GpuError::NeedsVector4);
        }
        if p.m == 0 || p.n == 0 {
            return Ok(());
        }
        let (gx, gy) = self.kernel.grid(p.m, p.n);
        let threads = self.kernel.threads();
        let smem = self.kernel.dynamic_smem;
        let f = self
            .module
            .get_function(self.name.to_str().unwrap_or_default())
            .call("cuModuleGetFunction")?;
        let stream = &gpu.stream;
        let (ints, [fa, fb]) = GemmKernel::scalar_args(p, alpha, beta);
        // SAFETY: the arguments match the kernel's parameters in order and type
        // (three device pointers, six u32, two f32, see `gemm::kernel::PARAMS`); the
        // buffers were checked to hold the matrices the kernel indexes.
        unsafe {
            launch!(f<<<(gx, gy, 1), threads, smem, stream>>>(
                a.as_device_ptr(),
                b.as_device_ptr(),
                c.as_device_ptr(),
                ints[0], ints[1], ints[2], ints[3], ints[4], ints[5],
                fa, fb
            ))
        }
        .call("cuLaunchKernel")
    }
}

/// The fp64 reference kernel, loaded.
pub struct GpuReference {
    module: Module,
}

impl GpuReference {
    /// JIT-loads the reference kernel.
    pub fn load(gpu: &Gpu) -> Result<GpuReference> {
        let module = gpu.load_ptx(&crate::module_ptx(vec![reference_kernel()]))?;
        Ok(GpuReference { module })
    }

    /// `(R, S)` of `p` in fp64 on the GPU, column-major `m × n`.
    pub fn run(
        &self,
        gpu: &Gpu,
        p: &Problem,
        a: &DeviceBuffer<f32>,
        b: &DeviceBuffer<f32>,
    ) -> Result<(Vec<f64>, Vec<f64>)> {
        p.validate()?;
        p.check_buffers(a.len(), b.len(), p.c_len())?;
        let len = (p.m * p.n).max(1);
        let r = DeviceBuffer::<f64>::zeroed(len).call("cuMemAlloc")?;
        let s = DeviceBuffer::<f64>::zeroed(len).call("cuMemAlloc")?;
        if p.m > 0 && p.n > 0 {
            let (a_sm, a_sk, b_sk, b_sn) = element_strides(p);
            let grid = (
                p.m.div_ceil(REFERENCE_BLOCK.0 as usize) as u32,
                p.n.div_ceil(REFERENCE_BLOCK.1 as usize) as u32,
                1,
            );
            let threads = REFERENCE_BLOCK.0 * REFERENCE_BLOCK.1;
            let f = self
                .module
                .get_function("gemm_reference_f64")
                .call("cuModuleGetFunction")?;
            let stream = &gpu.stream;
            let v = [p.m, p.n, p.k, a_sm, a_sk, b_sk, b_sn, p.m].map(|x| x as u32);
            // SAFETY: arguments follow `reference_kernel`'s parameters (four pointers,
            // eight u32); R and S hold m·n doubles, A and B were checked above.
            unsafe {
                launch!(f<<<grid, threads, 0, stream>>>(
                    a.as_device_ptr(), b.as_device_ptr(), r.as_device_ptr(), s.as_device_ptr(),
                    v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]
                ))
            }
            .call("cuLaunchKernel (reference)")?;
        }
        let mut rv = gpu.download(&r)?;
        let mut sv = gpu.download(&s)?;
        rv.truncate(p.m * p.n);
        sv.truncate(p.m * p.n);
        Ok((rv, sv))
    }
}
