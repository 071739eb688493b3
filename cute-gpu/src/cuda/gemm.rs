//! The fp32 GEMM on the GPU: a generated kernel, loaded, with checked launches.
use super::fork::Fork;
use super::module::{arg, Function, LaunchShape, Module};
use super::{DeviceBuffer, Event, Gpu, GpuError, Pending, Result};
use crate::gemm::{generate_tail_split, GemmKernel, Problem, SplitPolicy, TailSplit};
use std::cell::{Cell, RefCell};
use std::ffi::c_void;

/// A generated fp32 GEMM kernel loaded on a [`Gpu`], with its tail-split
/// variant when loaded by [`GpuGemm::load_tail_split`].
pub struct GpuGemm<'g> {
    module: Module<'g>,
    kernel: GemmKernel,
    split: Option<SplitPart<'g>>,
}

/// The tail-split kernel of a [`GpuGemm`] and what its launches need.
struct SplitPart<'g> {
    kernel: GemmKernel,
    /// blocks of the split kernel resident at once on the device
    slots: usize,
    policy: Cell<SplitPolicy>,
    /// partial sums and per-tile flags (all 0 between launches), owned here
    /// and grown on demand
    workspace: RefCell<Option<Workspace<'g>>>,
    /// the stream of the whole tiles' kernel
    fork: RefCell<Option<Fork<'g>>>,
}

struct Workspace<'g> {
    partials: DeviceBuffer<'g, f32>,
    flags: DeviceBuffer<'g, u32>,
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

    /// Loads `kernel` and its tail-split variant ([`generate_tail_split`],
    /// [`crate::gemm::split`]) in one module. Launches then pick, from the
    /// tile count, the K tiles and the blocks the device holds at once
    /// (multiprocessors × [`Module::max_active_blocks`] of `kernel`), either
    /// `kernel` alone (one block per tile) or the split schedule
    /// ([`GpuGemm::schedule`]): `kernel` over the first `whole` tiles and the
    /// split kernel over the rest, at the same time on two streams joined
    /// before the launch returns (the slices fill the multiprocessors that the
    /// plain kernel's last wave leaves idle). The
    /// split's workspace (`tail·splits·BM·BN` floats and `tail` flags) and its
    /// side stream are made by the first launch that needs them and kept.
    pub fn load_tail_split(gpu: &'g Gpu, kernel: GemmKernel) -> Result<GpuGemm<'g>> {
        if kernel.is_tail_split() {
            return Err(GpuError::BadSplit(
                "give the plain kernel; its split variant is generated here",
            ));
        }
        let name = format!("{}_split", kernel.name());
        let split = generate_tail_split(kernel.params(), kernel.layout(), &name)
            .map_err(|_| GpuError::BadSplit("the configuration has no split variant"))?;
        let ptx = crate::module_ptx(vec![kernel.kernel().clone(), split.kernel().clone()]);
        // SAFETY: the PTX is the generator's output for `kernel` and its split
        // variant, whose launches go through `GemmKernel::plan` and
        // `GemmKernel::plan_split` (every access inside the buffers and the
        // workspace this type owns).
        let module = unsafe { Module::load_ptx(gpu, &ptx)? };
        let mut g = Self::configured(module, kernel)?;
        let f = g.module.function(split.name())?;
        if split.dynamic_smem() > 0 {
            g.module.set_max_dynamic_smem(f, split.dynamic_smem())?;
        }
        // the waves are those of the plain kernel, which runs the whole tiles
        let per_sm = g.module.max_active_blocks(
            g.function()?,
            g.kernel.threads(),
            g.kernel.dynamic_smem(),
        )?;
        let slots = crate::launch::mul(gpu.sm_count()?, per_sm, "resident blocks")?;
        g.split = Some(SplitPart {
            kernel: split,
            slots,
            policy: Cell::new(SplitPolicy::Auto),
            workspace: RefCell::new(None),
            fork: RefCell::new(None),
        });
        Ok(g)
    }

    /// Sets how launches choose between one block per tile and the tail split
    /// (no effect without a split variant).
    pub fn set_split_policy(&self, policy: SplitPolicy) {
        if let Some(s) = &self.split {
            s.policy.set(policy);
        }
    }

    /// The tail-split schedule a launch on `p` uses, `None` for one block per
    /// tile (always `None` without a split variant).
    pub fn schedule(&self, p: &Problem) -> Result<Option<TailSplit>> {
        let Some(s) = &self.split else {
            return Ok(None);
        };
        if p.m == 0 || p.n == 0 {
            return Ok(None);
        }
        let (tiles, k_tiles) = self.kernel.tile_counts(p.m, p.n, p.k)?;
        let granule = self.kernel.tail_granule(p.m);
        Ok(s.policy.get().schedule(tiles, k_tiles, s.slots, granule))
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
        let g = GpuGemm {
            module,
            kernel,
            split: None,
        };
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
        let lens = [a.len(), b.len(), c.len()];
        let Some(shape) = self.kernel.plan(p, lens)? else {
            return Ok(Pending::new(gpu, None));
        };
        if let (Some(part), Some(s)) = (&self.split, self.schedule(p)?) {
            return self.launch_split(part, &s, p, lens, [a, b, &*c], alpha, beta);
        }
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

    /// The tail-split launch of `launch_async`, after its checks of the
    /// operands: the workspace is grown to the schedule's size (a driver call,
    /// so after every check that does not depend on it), then
    /// `GemmKernel::plan_split` checks everything again with it. Two launches:
    /// the plain kernel over the first `whole` tiles on the side stream, the
    /// split kernel over the last `tail` on the `Gpu`'s stream, between a fork
    /// and a join of the two streams.
    #[allow(clippy::too_many_arguments)]
    fn launch_split<'a>(
        &'a self,
        part: &SplitPart<'g>,
        s: &TailSplit,
        p: &Problem,
        lens: [usize; 3],
        [a, b, c]: [&DeviceBuffer<'g, f32>; 3],
        alpha: f32,
        beta: f32,
    ) -> Result<Pending<'a>> {
        let gpu = self.module.gpu();
        let tile = crate::launch::mul(
            part.kernel.params().bm(),
            part.kernel.params().bn(),
            "a tile's elements",
        )?;
        let slots = s
            .slots()
            .ok_or(GpuError::Overflow("the partial-sum slots"))?;
        let need = [
            crate::launch::mul(slots, tile, "the workspace")?,
            s.tail as usize,
        ];
        // the required sizes first: a refused schedule allocates nothing
        let whole = self.kernel.plan_whole(p, lens, s.whole)?;
        part.kernel.plan_split(p, lens, need, s)?;
        let mut ws = part.workspace.borrow_mut();
        let small = ws
            .as_ref()
            .is_none_or(|w| w.partials.len() < need[0] || w.flags.len() < need[1]);
        if small {
            // dropping the old buffers waits for the kernels that use them
            *ws = None;
            *ws = Some(Workspace {
                partials: gpu.alloc_zeroed(need[0])?,
                flags: gpu.alloc_zeroed(need[1])?,
            });
        }
        let w = ws.as_ref().ok_or(GpuError::Overflow("the workspace"))?;
        let Some(shape): Option<LaunchShape> =
            part.kernel
                .plan_split(p, lens, [w.partials.len(), w.flags.len()], s)?
        else {
            return Ok(Pending::new(gpu, None));
        };
        let (pa, pb, pc) = (a.device_ptr(), b.device_ptr(), c.device_ptr());
        let (pw, pf) = (w.partials.device_ptr(), w.flags.device_ptr());
        let (ints, [fa, fb]) = GemmKernel::scalar_args(p, alpha, beta);
        let sched = [s.whole, s.tail, s.splits, s.k_tiles];
        let mut args: Vec<*mut c_void> = vec![arg(&pa), arg(&pb), arg(&pc)];
        args.extend(ints.iter().map(arg));
        args.extend([arg(&fa), arg(&fb)]);
        let f = self.module.function(part.kernel.name())?;
        let plain = self.function()?;
        let mut fork = part.fork.borrow_mut();
        let side = match (&whole, fork.take()) {
            (None, kept) => {
                *fork = kept;
                None
            }
            (Some(_), Some(kept)) => Some(kept),
            (Some(_), None) => Some(Fork::new(gpu)?),
        };
        let launched = match (whole, &side) {
            (Some(shape), Some(side)) => side.fork().and_then(|()| {
                // SAFETY: as in `launch_async`: the plain kernel's arguments,
                // checked by `plan_whole` (`plan`'s checks; its blocks compute
                // tiles that exist). Once it is issued, the side stream is
                // joined below before this returns, on every path, so whatever
                // waits for the `Gpu` stream waits for this kernel too.
                unsafe {
                    self.module
                        .launch_on(plain, shape, &mut args, side.stream())
                }
            }),
            _ => Ok(()),
        };
        if let Err(e) = launched {
            *fork = side;
            return Err(e);
        }
        args.extend([arg(&pw), arg(&pf)]);
        args.extend(sched.iter().map(arg));
        // SAFETY: the arguments follow `PARAMS` then `SPLIT_PARAMS` (five u64
        // device addresses in all, ten u32, two f32); `plan_split` checked that
        // A, B and C hold every element the kernel indexes, that the workspace
        // holds every partial-sum slot and flag of the schedule and that no
        // slice starts past K; the flags are 0 (zeroed when allocated, reset by
        // each launch's last slices). The workspace lives in `self`, borrowed by
        // the returned guard, and is freed only after the stream drains; every
        // launch of this `GpuGemm` goes to the same stream, so two launches
        // never use it at once.
        let split = unsafe { self.module.launch(f, shape, &mut args) };
        let joined = match &side {
            Some(side) if whole.is_some() => side.join(),
            _ => Ok(()),
        };
        *fork = side;
        split?;
        joined?;
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
