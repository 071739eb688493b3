//! Modules loaded into the context, and raw kernel launches.
use super::driver::{self, Handle};
use super::{Gpu, GpuError, Result};
pub use crate::launch::LaunchShape;
use std::ffi::{c_int, c_void, CString};

/// A loaded module (PTX through the driver's JIT, or a cubin).
///
/// Loading and launching are `unsafe`: nothing checks what an arbitrary kernel
/// reads or writes. cute-gpu's own kernels wrap a module in a safe type
/// ([`super::GpuGemm`], [`crate::hopper::host::HopperGemm`]) whose launch
/// checks every operand first.
pub struct Module<'g> {
    gpu: &'g Gpu,
    handle: Handle,
}

/// A kernel of a [`Module`].
#[derive(Clone, Copy)]
pub struct Function<'m> {
    handle: Handle,
    _module: std::marker::PhantomData<&'m ()>,
}

impl<'g> Module<'g> {
    /// JIT-compiles and loads a PTX module; on failure the JIT's error log comes
    /// back in [`GpuError::Jit`].
    ///
    /// # Safety
    /// Loading runs no code, but every kernel of the module can later be
    /// launched through [`Module::launch`]: the caller answers for what the
    /// PTX does (this function is `unsafe` so that loading foreign code is
    /// never a safe operation).
    pub unsafe fn load_ptx(gpu: &'g Gpu, ptx: &str) -> Result<Module<'g>> {
        let image = CString::new(ptx).map_err(|_| GpuError::NulByte)?;
        let api = gpu.api();
        let mut log = vec![0u8; 16 * 1024];
        let mut opts = [
            driver::JIT_ERROR_LOG_BUFFER,
            driver::JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
        ];
        let mut vals: [*mut c_void; 2] = [log.as_mut_ptr().cast(), log.len() as *mut c_void];
        let mut handle: Handle = std::ptr::null_mut();
        // SAFETY: `image` is NUL-terminated and alive for the call; both option
        // arrays have 2 entries; the log buffer outlives the call and its size is
        // given in bytes, as these two options require.
        let rc = unsafe {
            (api.module_load_data_ex)(
                &mut handle,
                image.as_ptr().cast(),
                opts.len() as u32,
                opts.as_mut_ptr(),
                vals.as_mut_ptr(),
            )
        };
        if let Err(GpuError::Driver { message, .. }) = api.check(rc, "cuModuleLoadDataEx") {
            let end = log.iter().position(|&b| b == 0).unwrap_or(log.len());
            return Err(GpuError::Jit {
                message,
                log: String::from_utf8_lossy(&log[..end]).into_owned(),
            });
        }
        Ok(Module { gpu, handle })
    }

    /// Loads a cubin (the output of `ptxas`).
    ///
    /// # Safety
    /// As [`Module::load_ptx`]; in addition the bytes must be a well-formed
    /// cubin: the driver parses them as one.
    pub unsafe fn load_cubin(gpu: &'g Gpu, cubin: &[u8]) -> Result<Module<'g>> {
        let api = gpu.api();
        let mut handle: Handle = std::ptr::null_mut();
        // SAFETY: the caller vouches for the image; it is alive for the call and
        // no options are passed.
        let rc = unsafe {
            (api.module_load_data_ex)(
                &mut handle,
                cubin.as_ptr().cast(),
                0,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
            )
        };
        api.check(rc, "cuModuleLoadDataEx (cubin)")?;
        Ok(Module { gpu, handle })
    }

    /// The [`Gpu`] it is loaded on.
    pub fn gpu(&self) -> &'g Gpu {
        self.gpu
    }

    /// The kernel called `name`.
    pub fn function(&self, name: &str) -> Result<Function<'_>> {
        let name = CString::new(name).map_err(|_| GpuError::NulByte)?;
        let api = self.gpu.api();
        let mut handle: Handle = std::ptr::null_mut();
        // SAFETY: out-pointer to a local, a live module, a NUL-terminated name.
        api.check(
            unsafe { (api.module_get_function)(&mut handle, self.handle, name.as_ptr()) },
            "cuModuleGetFunction",
        )?;
        Ok(Function {
            handle,
            _module: std::marker::PhantomData,
        })
    }

    /// Allows `f` up to `bytes` of dynamic shared memory.
    pub fn set_max_dynamic_smem(&self, f: Function<'_>, bytes: u32) -> Result<()> {
        let api = self.gpu.api();
        let bytes =
            c_int::try_from(bytes).map_err(|_| GpuError::Overflow("shared memory bytes"))?;
        // SAFETY: a live function handle; attribute and value are integers.
        api.check(
            unsafe { (api.func_set_attribute)(f.handle, driver::FUNC_MAX_DYNAMIC_SMEM, bytes) },
            "cuFuncSetAttribute (max dynamic shared memory)",
        )
    }

    /// How many blocks of `f` with `threads` threads and `smem` bytes of
    /// dynamic shared memory one multiprocessor holds at once.
    pub fn max_active_blocks(&self, f: Function<'_>, threads: u32, smem: u32) -> Result<usize> {
        let api = self.gpu.api();
        let threads =
            c_int::try_from(threads).map_err(|_| GpuError::Overflow("threads per block"))?;
        let mut n: c_int = 0;
        // SAFETY: out-pointer to a local, a live function handle, integers.
        api.check(
            unsafe { (api.occupancy_max_active_blocks)(&mut n, f.handle, threads, smem as usize) },
            "cuOccupancyMaxActiveBlocksPerMultiprocessor",
        )?;
        usize::try_from(n).map_err(|_| GpuError::Overflow("blocks per multiprocessor"))
    }

    /// Enqueues `f` on the stream with `args`, one pointer per kernel parameter
    /// pointing at its value.
    ///
    /// # Safety
    /// `args` match the kernel's parameters in number, order and type, and
    /// every memory access the kernel makes with them stays inside memory that
    /// is alive and not used by others until the stream has passed the launch.
    pub unsafe fn launch(
        &self,
        f: Function<'_>,
        shape: LaunchShape,
        args: &mut [*mut c_void],
    ) -> Result<()> {
        // SAFETY: the caller's contract.
        unsafe { self.launch_on(f, shape, args, self.gpu.stream()) }
    }

    /// [`Module::launch`] on `stream`, a stream of this module's context
    /// ([`super::fork::Fork`]'s side stream).
    ///
    /// # Safety
    /// As [`Module::launch`], with "the stream" read as `stream`, which must be
    /// joined to the `Gpu`'s stream before anything frees what the kernel uses.
    pub(crate) unsafe fn launch_on(
        &self,
        f: Function<'_>,
        shape: LaunchShape,
        args: &mut [*mut c_void],
        stream: Handle,
    ) -> Result<()> {
        let api = self.gpu.api();
        let (gx, gy, gz) = shape.grid;
        // SAFETY: the caller's contract; the argument array lives for the call
        // (the driver copies the values before returning).
        let rc = unsafe {
            (api.launch_kernel)(
                f.handle,
                gx,
                gy,
                gz,
                shape.threads,
                1,
                1,
                shape.smem,
                stream,
                args.as_mut_ptr(),
                std::ptr::null_mut(),
            )
        };
        api.check(rc, "cuLaunchKernel")
    }
}

impl Drop for Module<'_> {
    fn drop(&mut self) {
        let api = self.gpu.api();
        // SAFETY: the stream is drained first, so no kernel of the module runs.
        unsafe {
            (api.stream_synchronize)(self.gpu.stream());
            (api.module_unload)(self.handle);
        }
    }
}

/// A pointer to one kernel argument's value, for [`Module::launch`].
pub fn arg<T>(v: &T) -> *mut c_void {
    (v as *const T).cast_mut().cast()
}
