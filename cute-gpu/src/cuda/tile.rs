//! Loading a [`TileProgram`] and launching it, checked.
use super::driver::CuDevicePtr;
use super::module::arg;
use super::{DeviceBuffer, DeviceElement, Event, Gpu, GpuError, Module, Pending, Result};
use crate::tile::{ArgInfo, Element, TileProgram};
use std::marker::PhantomData;

/// One argument of a tile kernel launch, borrowing its buffer for as long as
/// the launch may use it: [`TileArg::input`] (shared borrow, the kernel only
/// reads), [`TileArg::output`] (exclusive borrow) or [`TileArg::scalar`].
pub struct TileArg<'a> {
    info: ArgInfo,
    value: ArgValue,
    gpu: Option<*const Gpu>,
    _borrow: PhantomData<&'a mut ()>,
}

#[derive(Clone, Copy)]
enum ArgValue {
    Ptr(CuDevicePtr),
    U32(u32),
}

impl<'a> TileArg<'a> {
    /// A buffer the kernel reads.
    pub fn input<E: Element + DeviceElement>(b: &'a DeviceBuffer<'_, E>) -> TileArg<'a> {
        TileArg {
            info: ArgInfo::input::<E>(b.len()),
            value: ArgValue::Ptr(b.device_ptr()),
            gpu: Some(b.gpu() as *const Gpu),
            _borrow: PhantomData,
        }
    }

    /// A buffer the kernel writes (and may read).
    pub fn output<E: Element + DeviceElement>(b: &'a mut DeviceBuffer<'_, E>) -> TileArg<'a> {
        TileArg {
            info: ArgInfo::output::<E>(b.len()),
            value: ArgValue::Ptr(b.device_ptr()),
            gpu: Some(b.gpu() as *const Gpu),
            _borrow: PhantomData,
        }
    }

    /// A `u32` scalar.
    pub fn scalar(v: u32) -> TileArg<'a> {
        TileArg {
            info: ArgInfo::scalar(v),
            value: ArgValue::U32(v),
            gpu: None,
            _borrow: PhantomData,
        }
    }
}

/// A [`TileProgram`] loaded on a [`Gpu`].
///
/// ```no_run
/// use cute_gpu::cuda::{Gpu, TileArg, TileModule};
/// use cute_gpu::tile::{TileKernel, ThreadValues};
/// use cute_typed::_1;
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let mut k = TileKernel::new("copy1d", 128)?;
/// let (x, y, n) = (k.input::<f32>("x")?, k.output::<f32>("y")?, k.scalar("n")?);
/// let gx = k.global(&x, &[n.into()], &[_1.into()])?;
/// let gy = k.global(&y, &[n.into()], &[_1.into()])?;
/// let bx = k.builder().special(cute_gpu::ptx::Special::CtaidX);
/// let tv = ThreadValues::new("(128,4):(4,1)", &[512])?;
/// k.copy(&gx.tile(&[512], &[bx])?, &gy.tile(&[512], &[bx])?, &tv)?;
/// let gpu = Gpu::new()?;
/// let module = TileModule::load(&gpu, k.finish()?)?;
/// let src = gpu.upload(&vec![1.5f32; 1000])?;
/// let mut dst = gpu.alloc_zeroed::<f32>(1000)?;
/// module.launch([2, 1, 1], &[TileArg::input(&src), TileArg::output(&mut dst), TileArg::scalar(1000)])?;
/// assert_eq!(gpu.download(&dst)?, vec![1.5f32; 1000]);
/// # Ok(()) }
/// ```
pub struct TileModule<'g> {
    module: Module<'g>,
    program: TileProgram,
}

impl<'g> TileModule<'g> {
    /// JIT-compiles the program's PTX on `gpu`. Loading runs nothing; what the
    /// kernel may touch is checked at each launch.
    pub fn load(gpu: &'g Gpu, program: TileProgram) -> Result<TileModule<'g>> {
        // SAFETY: the module's one kernel is launched only through this type:
        // `launch` checks the arguments first and refuses an unchecked program;
        // `launch_unchecked` hands the rest of the contract to its caller.
        let module = unsafe { Module::load_ptx(gpu, &program.ptx())? };
        Ok(TileModule { module, program })
    }

    /// The program.
    pub fn program(&self) -> &TileProgram {
        &self.program
    }

    /// Runs the kernel over `grid` blocks and waits for it. Every check of
    /// [`TileProgram::plan`] runs before any driver call, plus: the buffers live
    /// on this module's `Gpu`, and the program is checked
    /// ([`TileProgram::is_checked`]), else [`GpuError::UncheckedKernel`].
    pub fn launch(&self, grid: [u64; 3], args: &[TileArg<'_>]) -> Result<()> {
        self.launch_async(grid, args)?.wait()
    }

    /// As [`TileModule::launch`], returning while the GPU runs: the [`Pending`]
    /// guard keeps the arguments' borrows until it is waited for or dropped.
    /// Reading an output or freeing an input meanwhile does not compile:
    ///
    /// ```compile_fail,E0502
    /// # use cute_gpu::cuda::{Gpu, TileArg, TileModule};
    /// # fn f<'g>(gpu: &'g Gpu, m: &TileModule<'g>) -> cute_gpu::cuda::Result<()> {
    /// let x = gpu.upload(&[1.0f32; 64])?;
    /// let mut y = gpu.alloc_zeroed::<f32>(64)?;
    /// let args = [TileArg::input(&x), TileArg::output(&mut y), TileArg::scalar(64)];
    /// let run = m.launch_async([1, 1, 1], &args)?;
    /// let early = gpu.download(&y)?; // y is still being written
    /// run.wait()
    /// # }
    /// ```
    ///
    /// ```compile_fail,E0505
    /// # use cute_gpu::cuda::{Gpu, TileArg, TileModule};
    /// # fn f<'g>(gpu: &'g Gpu, m: &TileModule<'g>) -> cute_gpu::cuda::Result<()> {
    /// let x = gpu.upload(&[1.0f32; 64])?;
    /// let mut y = gpu.alloc_zeroed::<f32>(64)?;
    /// let args = [TileArg::input(&x), TileArg::output(&mut y), TileArg::scalar(64)];
    /// let run = m.launch_async([1, 1, 1], &args)?;
    /// drop(x); // x is still being read
    /// run.wait()
    /// # }
    /// ```
    pub fn launch_async<'a>(&'a self, grid: [u64; 3], args: &[TileArg<'a>]) -> Result<Pending<'a>> {
        if !self.program.is_checked() {
            return Err(GpuError::UncheckedKernel);
        }
        // SAFETY: the program is checked: every global access is predicated on
        // its tensor's extents and `enqueue` checks (before any driver call)
        // that each buffer holds what those extents reach; the borrows of `args`
        // last as long as the returned guard.
        unsafe { self.enqueue(grid, args)? };
        Ok(Pending::new(self.module.gpu(), None))
    }

    /// Checks and enqueues without a [`Pending`] guard (crate-internal: the
    /// Hopper GEMM runs its padding copy ahead of its own kernel and keeps the
    /// borrows in the guard of that launch). Refuses an unchecked program.
    pub(crate) fn enqueue_checked(&self, grid: [u64; 3], args: &[TileArg<'_>]) -> Result<()> {
        if !self.program.is_checked() {
            return Err(GpuError::UncheckedKernel);
        }
        // SAFETY: as in `launch_async`: a checked program stays inside the buffers
        // that `enqueue` checked. Without the guard the borrows end here, which is
        // still sound: a buffer waits for the stream before it is freed, and host
        // copies to or from it are ordered after the kernel on the same stream.
        unsafe { self.enqueue(grid, args) }
    }

    /// The benchmark protocol: `warmup` launches, then `iters` launches each
    /// between two events on the stream; the times in ms, in launch order.
    /// The arguments stay borrowed for the whole run.
    pub fn time(
        &self,
        grid: [u64; 3],
        args: &[TileArg<'_>],
        warmup: usize,
        iters: usize,
    ) -> Result<Vec<f32>> {
        let gpu = self.module.gpu();
        for _ in 0..warmup {
            self.launch_async(grid, args)?.wait()?;
        }
        let (start, stop) = (Event::new(gpu)?, Event::new(gpu)?);
        let mut ms = Vec::with_capacity(iters);
        for _ in 0..iters {
            start.record()?;
            let run = self.launch_async(grid, args)?;
            stop.record()?;
            run.wait()?;
            ms.push(stop.elapsed_ms(&start)?);
        }
        Ok(ms)
    }

    /// Runs any program, checked or not, with the argument checks of
    /// [`TileProgram::plan`], and waits.
    ///
    /// # Safety
    /// Every global access the kernel makes outside the tile layer's copies
    /// (raw builder loads and stores) stays inside the buffers passed.
    pub unsafe fn launch_unchecked(&self, grid: [u64; 3], args: &[TileArg<'_>]) -> Result<()> {
        // SAFETY: the caller's contract for the raw accesses; the tile copies
        // are covered by the checks in `enqueue`.
        unsafe { self.enqueue(grid, args)? };
        self.module.gpu().synchronize()
    }

    /// Checks, then enqueues.
    ///
    /// # Safety
    /// The program's raw global accesses (if any) stay inside the buffers.
    unsafe fn enqueue(&self, grid: [u64; 3], args: &[TileArg<'_>]) -> Result<()> {
        let infos: Vec<ArgInfo> = args.iter().map(|a| a.info).collect();
        let plan = self.program.plan(grid, &infos)?;
        let gpu: *const Gpu = self.module.gpu();
        if args
            .iter()
            .any(|a| a.gpu.is_some_and(|g| !std::ptr::eq(g, gpu)))
        {
            return Err(GpuError::ForeignBuffer);
        }
        let Some(shape) = plan else {
            return Ok(());
        };
        let f = self.module.function(self.program.name())?;
        let mut values: Vec<ArgValue> = args.iter().map(|a| a.value).collect();
        let mut ptrs: Vec<*mut std::ffi::c_void> = values
            .iter_mut()
            .map(|v| match v {
                ArgValue::Ptr(p) => arg(p),
                ArgValue::U32(x) => arg(x),
            })
            .collect();
        // SAFETY: `plan` matched each argument to its parameter (u64 address or
        // u32 scalar, in order), the element types and the lengths; the values
        // live in `values` for the call; the rest is the caller's contract.
        unsafe { self.module.launch(f, shape, &mut ptrs) }
    }
}
