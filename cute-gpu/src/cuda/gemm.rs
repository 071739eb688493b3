//! The fp32 GEMM on the GPU: a generated kernel, loaded, with checked launches.
use super::module::{arg, Function, Module};
use super::{DeviceBuffer, Event, Gpu, Pending, Result};
use crate::gemm::{GemmKernel, Problem};
use std::ffi::c_void;

/// A generated fp32 GEMM kernel loaded on a [`Gpu`].
pub struct GpuGemm<'g> {
    module: Module<'g>,
    kernel: GemmKernel,
}

impl<'g> GpuGemm<'g> {
    /// Loads `kernel` from its own PTX through the driver's JIT.
    pub fn load(gpu: &'g Gpu, kernel: GemmKernel) -> Result<GpuGemm<'g>> {
        let ptx = crate::module_ptx(vec![kernel.kernel().clone()]);
        // SAFETY: the PTX is the generator's output for `kernel`, whose launches
        // go through `GemmKernel::plan` (every access inside the buffers).
        let module = unsafe { Module::load_ptx(gpu, &ptx)? };
        Self::configured(module, kernel)
    }

    /// Loads `kernel` from a cubin instead of its PTX.
    ///
    /// # Safety
    /// `cubin` is `ptxas`'s output for this kernel's PTX (`module_ptx`): the
    /// launch checks hold only for the code the generator wrote.
    pub unsafe fn load_cubin(
        gpu: &'g Gpu,
        kernel: GemmKernel,
        cubin: &[u8],
    ) -> Result<GpuGemm<'g>> {
        // SAFETY: the caller's contract.
        let module = unsafe { Module::load_cubin(gpu, cubin)? };
        Self::configured(module, kernel)
    }

    fn configured(module: Module<'g>, kernel: GemmKernel) -> Result<GpuGemm<'g>> {
        let g = GpuGemm { module, kernel };
        if g.kernel.dynamic_smem() > 0 {
            g.module
                .set_max_dynamic_smem(g.function()?, g.kernel.dynamic_smem())?;
        }
        Ok(g)
    }

    fn function(&self) -> Result<Function<'_>> {
        self.module.function(self.kernel.name())
    }

    /// What was generated.
    pub fn kernel(&self) -> &GemmKernel {
        &self.kernel
    }

    /// `C = α·op(A)·op(B) + β·C`, waiting for the GPU. Every check of
    /// [`GemmKernel::plan`] (problem rules, each buffer's length, alignment,
    /// grid limits) and that the buffers live on this kernel's `Gpu` come first.
    #[allow(clippy::too_many_arguments)]
    pub fn launch(
        &self,
        p: &Problem,
        a: &DeviceBuffer<'g, f32>,
        b: &DeviceBuffer<'g, f32>,
        c: &mut DeviceBuffer<'g, f32>,
        alpha: f32,
        beta: f32,
    ) -> Result<()> {
        self.launch_async(p, a, b, c, alpha, beta)?.wait()
    }

    /// As [`GpuGemm::launch`] without waiting: the returned guard keeps A and B
    /// borrowed (shared) and C (exclusive) until it is waited on or dropped.
    #[allow(clippy::too_many_arguments)]
    pub fn launch_async<'a>(
        &'a self,
        p: &Problem,
        a: &'a DeviceBuffer<'g, f32>,
        b: &'a DeviceBuffer<'g, f32>,
        c: &'a mut DeviceBuffer<'g, f32>,
        alpha: f32,
        beta: f32,
    ) -> Result<Pending<'a>> {
        let gpu = self.module.gpu();
        for buf in [a, b, &*c] {
            buf.check_gpu(gpu)?;
        }
        let Some(shape) = self.kernel.plan(p, [a.len(), b.len(), c.len()])? else {
            return Ok(Pending::new(gpu, None));
        };
        let f = self.function()?;
        let (pa, pb, pc) = (a.device_ptr(), b.device_ptr(), c.device_ptr());
        let (ints, [fa, fb]) = GemmKernel::scalar_args(p, alpha, beta);
        let mut args: Vec<*mut c_void> = vec![arg(&pa), arg(&pb), arg(&pc)];
        args.extend(ints.iter().map(arg));
        args.extend([arg(&fa), arg(&fb)]);
        // SAFETY: the arguments follow `gemm::kernel::PARAMS` (three u64 device
        // addresses, six u32, two f32); `plan` checked that the buffers hold every
        // element the kernel indexes for this problem, and the borrows returned in
        // `Pending` keep them alive and untouched until the stream has passed.
        unsafe { self.module.launch(f, shape, &mut args)? };
        Ok(Pending::new(gpu, None))
    }

    /// The timing protocol of the benchmarks: `warmup` launches, then `iters`
    /// launches each between two events (waiting for each), cycling through
    /// `sets` of inputs; returns each timed launch's milliseconds.
    #[allow(clippy::too_many_arguments)]
    pub fn time(
        &self,
        p: &Problem,
        sets: &[(&DeviceBuffer<'g, f32>, &DeviceBuffer<'g, f32>)],
        c: &mut DeviceBuffer<'g, f32>,
        alpha: f32,
        beta: f32,
        warmup: usize,
        iters: usize,
    ) -> Result<Vec<f32>> {
        let gpu = self.module.gpu();
        if sets.is_empty() {
            return Ok(Vec::new());
        }
        for i in 0..warmup {
            let (a, b) = sets[i % sets.len()];
            drop(self.launch_async(p, a, b, c, alpha, beta)?);
        }
        gpu.synchronize()?;
        let (start, stop) = (Event::new(gpu)?, Event::new(gpu)?);
        let mut ms = Vec::with_capacity(iters);
        for i in 0..iters {
            let (a, b) = sets[i % sets.len()];
            start.record()?;
            let run = self.launch_async(p, a, b, c, alpha, beta)?;
            stop.record()?;
            stop.synchronize()?;
            run.wait()?;
            ms.push(stop.elapsed_ms(&start)?);
        }
        Ok(ms)
    }
}
