//! The guard of an asynchronous launch.
use super::{DeviceBuffer, Gpu, Result};
use std::marker::PhantomData;

/// Work issued to a [`Gpu`]'s stream that may still be running. It holds the
/// borrows of the launch's buffers (`'a`), so they can be neither freed nor
/// touched from the host until [`Pending::wait`] or drop (which also waits).
///
/// Forgetting it (`mem::forget`) is harmless: buffers wait for the stream before
/// they are freed, and host copies are ordered after the kernel on the stream.
///
/// ```no_run
/// use cute_gpu::cuda::{Gpu, GpuGemm, Result};
/// use cute_gpu::gemm::{shipped::find, Problem};
/// fn run() -> Result<Vec<f32>> {
///     let gpu = Gpu::new()?;
///     let l = "nn".parse().unwrap();
///     let k = GpuGemm::load(&gpu, find("fallback32").unwrap().kernel(l))?;
///     let p = Problem::new(8, 8, 8, l);
///     let (a, b) = (gpu.upload(&[1.0f32; 64])?, gpu.upload(&[1.0f32; 64])?);
///     let mut c = gpu.alloc_zeroed::<f32>(64)?;
///     let run = k.launch_async(&p, &a, &b, &mut c, 1.0, 0.0)?;
///     // ... host work here, while the GPU runs ...
///     run.wait()?;
///     gpu.download(&c) // 8.0 everywhere
/// }
/// ```
///
/// While it lives, C cannot be read, nor A freed:
///
/// ```compile_fail,E0502
/// # use cute_gpu::cuda::{Gpu, GpuGemm, Result};
/// # fn f<'g>(gpu: &'g Gpu, k: &GpuGemm<'g>, p: &cute_gpu::gemm::Problem) -> Result<()> {
/// let (a, b) = (gpu.upload(&[1.0f32; 64])?, gpu.upload(&[1.0f32; 64])?);
/// let mut c = gpu.alloc_zeroed::<f32>(64)?;
/// let run = k.launch_async(p, &a, &b, &mut c, 1.0, 0.0)?;
/// let early = gpu.download(&c)?; // C is still being written
/// run.wait()
/// # }
/// ```
///
/// ```compile_fail,E0505
/// # use cute_gpu::cuda::{Gpu, GpuGemm, Result};
/// # fn f<'g>(gpu: &'g Gpu, k: &GpuGemm<'g>, p: &cute_gpu::gemm::Problem) -> Result<()> {
/// let (a, b) = (gpu.upload(&[1.0f32; 64])?, gpu.upload(&[1.0f32; 64])?);
/// let mut c = gpu.alloc_zeroed::<f32>(64)?;
/// let run = k.launch_async(p, &a, &b, &mut c, 1.0, 0.0)?;
/// drop(a); // A is still being read
/// run.wait()
/// # }
/// ```
#[must_use = "dropping a Pending waits for the GPU; call wait() to see its errors"]
pub struct Pending<'a> {
    gpu: &'a Gpu,
    /// device memory the kernel reads (e.g. TMA descriptors), freed after it ends
    _keep: Option<DeviceBuffer<'a, u64>>,
    waited: bool,
    _borrows: PhantomData<&'a mut ()>,
}

impl<'a> Pending<'a> {
    pub(crate) fn new(gpu: &'a Gpu, keep: Option<DeviceBuffer<'a, u64>>) -> Pending<'a> {
        Pending {
            gpu,
            _keep: keep,
            waited: false,
            _borrows: PhantomData,
        }
    }

    /// Waits for the stream; an error of the kernel (a fault) shows here.
    pub fn wait(mut self) -> Result<()> {
        self.waited = true;
        self.gpu.synchronize()
    }
}

impl Drop for Pending<'_> {
    fn drop(&mut self) {
        if !self.waited {
            // errors are reported by wait(); drop only has to keep the borrows
            // until the GPU is done
            let _ = self.gpu.synchronize();
        }
    }
}
