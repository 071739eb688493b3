//! The CUDA driver API, loaded at run time.
//!
//! `libcuda.so.1` is opened with `dlopen` on first use and each entry point is
//! looked up with `dlsym`, so nothing links against the driver: a crate that
//! depends on cute-gpu builds on a machine without CUDA, and a program built
//! with the `cuda` feature starts (and answers `--help`) where no driver is
//! installed; [`api`] then returns [`GpuError::DriverMissing`] naming what the
//! loader said.
//!
//! Only the functions cute-gpu calls are declared, with the C signatures of the
//! CUDA 12 driver API (`cuda.h`), under their versioned symbol names
//! (`cuMemAlloc` is exported as `cuMemAlloc_v2`, …).
use super::GpuError;
use std::ffi::{c_char, c_int, c_uint, c_void, CStr};
use std::sync::OnceLock;

/// `CUresult`.
pub(crate) type CuResult = c_int;
/// `CUdevice`.
pub(crate) type CuDevice = c_int;
/// `CUdeviceptr`.
pub(crate) type CuDevicePtr = u64;
/// `CUcontext`, `CUmodule`, `CUfunction`, `CUstream`, `CUevent`: opaque handles.
pub(crate) type Handle = *mut c_void;

/// `CUDA_SUCCESS`.
pub(crate) const SUCCESS: CuResult = 0;
/// `CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT`.
pub(crate) const ATTR_SM_COUNT: c_int = 16;
/// `CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE`.
pub(crate) const ATTR_L2_BYTES: c_int = 38;
/// `CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES`.
pub(crate) const FUNC_MAX_DYNAMIC_SMEM: c_int = 8;
/// `CU_STREAM_NON_BLOCKING`.
pub(crate) const STREAM_NON_BLOCKING: c_uint = 1;
/// `CU_JIT_ERROR_LOG_BUFFER`.
pub(crate) const JIT_ERROR_LOG_BUFFER: c_int = 5;
/// `CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES`.
pub(crate) const JIT_ERROR_LOG_BUFFER_SIZE_BYTES: c_int = 6;

extern "C" {
    fn dlopen(filename: *const c_char, flag: c_int) -> *mut c_void;
    fn dlsym(handle: *mut c_void, symbol: *const c_char) -> *mut c_void;
    fn dlerror() -> *mut c_char;
}

const RTLD_NOW: c_int = 2;
const RTLD_GLOBAL: c_int = 0x100;

/// `cuTensorMapEncodeTiled` (CUDA 12): absent from older drivers, so optional.
pub(crate) type EncodeTiled = unsafe extern "C" fn(
    *mut c_void,
    c_uint,
    c_uint,
    *mut c_void,
    *const u64,
    *const u64,
    *const u32,
    *const u32,
    c_uint,
    c_uint,
    c_uint,
    c_uint,
) -> CuResult;

macro_rules! driver_api {
    ($( $field:ident = $sym:literal : fn($($arg:ty),* $(,)?); )*) => {
        /// The driver's entry points.
        #[allow(non_snake_case)]
        pub(crate) struct Api {
            $( pub(crate) $field: unsafe extern "C" fn($($arg),*) -> CuResult, )*
            /// `cuTensorMapEncodeTiled`, when the driver has it
            pub(crate) tensor_map_encode_tiled: Option<EncodeTiled>,
        }

        impl Api {
            /// Looks every entry point up in `lib`.
            ///
            /// # Safety
            /// `lib` is a live handle of the CUDA driver library, whose symbols
            /// have the C signatures declared here.
            unsafe fn load(lib: *mut c_void) -> Result<Api, String> {
                Ok(Api {
                    $( $field: {
                        let p = symbol(lib, concat!($sym, "\0"));
                        if p.is_null() {
                            return Err(format!("the driver has no `{}`", $sym));
                        }
                        // SAFETY: the symbol is the driver's function of this
                        // name, whose C signature (cuda.h) is the one declared.
                        unsafe {
                            std::mem::transmute::<*mut c_void, unsafe extern "C" fn($($arg),*) -> CuResult>(p)
                        }
                    }, )*
                    tensor_map_encode_tiled: {
                        let p = symbol(lib, "cuTensorMapEncodeTiled\0");
                        // SAFETY: as above, with the signature `EncodeTiled`.
                        (!p.is_null()).then(|| unsafe { std::mem::transmute::<*mut c_void, EncodeTiled>(p) })
                    },
                })
            }
        }
    };
}

driver_api! {
    init = "cuInit": fn(c_uint);
    get_error_string = "cuGetErrorString": fn(CuResult, *mut *const c_char);
    device_get = "cuDeviceGet": fn(*mut CuDevice, c_int);
    device_get_name = "cuDeviceGetName": fn(*mut c_char, c_int, CuDevice);
    device_get_attribute = "cuDeviceGetAttribute": fn(*mut c_int, c_int, CuDevice);
    primary_ctx_retain = "cuDevicePrimaryCtxRetain": fn(*mut Handle, CuDevice);
    primary_ctx_release = "cuDevicePrimaryCtxRelease_v2": fn(CuDevice);
    ctx_set_current = "cuCtxSetCurrent": fn(Handle);
    stream_create = "cuStreamCreate": fn(*mut Handle, c_uint);
    stream_destroy = "cuStreamDestroy_v2": fn(Handle);
    stream_synchronize = "cuStreamSynchronize": fn(Handle);
    stream_wait_event = "cuStreamWaitEvent": fn(Handle, Handle, c_uint);
    mem_alloc = "cuMemAlloc_v2": fn(*mut CuDevicePtr, usize);
    mem_free = "cuMemFree_v2": fn(CuDevicePtr);
    memcpy_htod_async = "cuMemcpyHtoDAsync_v2": fn(CuDevicePtr, *const c_void, usize, Handle);
    memcpy_dtoh_async = "cuMemcpyDtoHAsync_v2": fn(*mut c_void, CuDevicePtr, usize, Handle);
    memset_d8_async = "cuMemsetD8Async": fn(CuDevicePtr, u8, usize, Handle);
    module_load_data_ex = "cuModuleLoadDataEx": fn(*mut Handle, *const c_void, c_uint, *mut c_int, *mut *mut c_void);
    module_unload = "cuModuleUnload": fn(Handle);
    module_get_function = "cuModuleGetFunction": fn(*mut Handle, Handle, *const c_char);
    func_set_attribute = "cuFuncSetAttribute": fn(Handle, c_int, c_int);
    occupancy_max_active_blocks = "cuOccupancyMaxActiveBlocksPerMultiprocessor": fn(*mut c_int, Handle, c_int, usize);
    launch_kernel = "cuLaunchKernel": fn(Handle, c_uint, c_uint, c_uint, c_uint, c_uint, c_uint, c_uint, Handle, *mut *mut c_void, *mut *mut c_void);
    event_create = "cuEventCreate": fn(*mut Handle, c_uint);
    event_destroy = "cuEventDestroy_v2": fn(Handle);
    event_record = "cuEventRecord": fn(Handle, Handle);
    event_synchronize = "cuEventSynchronize": fn(Handle);
    event_elapsed_time = "cuEventElapsedTime": fn(*mut f32, Handle, Handle);
}

/// `dlsym(lib, name)`; `name` ends with a NUL.
fn symbol(lib: *mut c_void, name: &str) -> *mut c_void {
    debug_assert!(name.ends_with('\0'));
    // SAFETY: `name` is NUL-terminated and `lib` a handle returned by dlopen.
    unsafe { dlsym(lib, name.as_ptr().cast()) }
}

/// The loader's last message.
fn loader_message() -> String {
    // SAFETY: dlerror returns null or a NUL-terminated string valid until the next
    // dl* call on this thread; it is copied at once.
    unsafe {
        let p = dlerror();
        if p.is_null() {
            "no message".to_string()
        } else {
            CStr::from_ptr(p).to_string_lossy().into_owned()
        }
    }
}

/// Opens the driver library and loads [`Api`].
fn open() -> Result<Api, String> {
    let mut tried = Vec::new();
    for name in [c"libcuda.so.1", c"libcuda.so"] {
        // SAFETY: dlopen with a NUL-terminated literal; a null result is handled.
        let lib = unsafe { dlopen(name.as_ptr(), RTLD_NOW | RTLD_GLOBAL) };
        if lib.is_null() {
            tried.push(loader_message());
            continue;
        }
        // SAFETY: `lib` is the CUDA driver library just opened; it is never closed.
        return unsafe { Api::load(lib) };
    }
    Err(tried.join("; "))
}

/// The driver, loaded and initialised once per process (`cuInit(0)`).
pub(crate) fn api() -> Result<&'static Api, GpuError> {
    static API: OnceLock<Result<Api, GpuError>> = OnceLock::new();
    API.get_or_init(|| {
        let api = open().map_err(GpuError::DriverMissing)?;
        // SAFETY: cuInit takes a flags word that must be 0.
        let rc = unsafe { (api.init)(0) };
        check_with(&api, rc, "cuInit")?;
        Ok(api)
    })
    .as_ref()
    .map_err(Clone::clone)
}

/// The driver's description of `rc` (`cuGetErrorName`'s text is not kept).
fn message(api: &Api, rc: CuResult) -> String {
    let mut p: *const c_char = std::ptr::null();
    // SAFETY: cuGetErrorString stores a pointer to a static NUL-terminated string,
    // or fails for an unknown code; the string is only read.
    unsafe {
        if (api.get_error_string)(rc, &mut p) == SUCCESS && !p.is_null() {
            return CStr::from_ptr(p).to_string_lossy().into_owned();
        }
    }
    format!("unknown CUresult {rc}")
}

/// `Ok(())` on `CUDA_SUCCESS`, else [`GpuError::Driver`] with the driver's text.
fn check_with(api: &Api, rc: CuResult, call: &'static str) -> Result<(), GpuError> {
    if rc == SUCCESS {
        Ok(())
    } else {
        Err(GpuError::Driver {
            call,
            code: rc,
            message: message(api, rc),
        })
    }
}

impl Api {
    /// `Ok(())` on success, else the failing `call` with the driver's message.
    pub(crate) fn check(&self, rc: CuResult, call: &'static str) -> Result<(), GpuError> {
        check_with(self, rc, call)
    }
}
