//! Launching the Hopper GEMM through the driver (feature `cuda`): TMA tensor
//! maps built from the kernel's layouts over typed, borrowed buffers, module
//! loading and checked launches ([`super::plan`] runs first, before any driver call).
//!
//! Any M, N, K below 2³¹ runs: an operand whose rows are not 16-byte multiples
//! (K mod 8 ≠ 0, or N mod 8 ≠ 0 for a `K×N` B) is copied on the stream into
//! scratch rows padded to a multiple of 8 elements ([`super::pad`]), owned by
//! the [`HopperGemm`] and grown when a launch needs more (at most 8× the
//! operand; growing frees the old scratch after the stream has passed every use
//! of it); its tensor map has the true extents and the scratch's pitch. By the default
//! policy, B is also copied into rows of whole 128-byte lines when its rows are
//! not and the problem is large enough to repay the copy ([`super::pitch`]).
//! The copies are part of every launch and of [`HopperGemm::time`]; the scratch
//! is allocated by the first launch that needs it (or more of it).
//!
//! `cuTensorMapEncodeTiled` is looked up in the driver at run time; a driver
//! older than CUDA 12 lacks it and the launch fails with [`HopperError::TensorMap`].
use super::config::C_STAGE;
use super::isa::Half;
use super::kernel::{generate, HopperKernel, Io, Output};
use super::layouts::OperandMajor;
use super::pad::{pad_grid, pad_program, Pad};
use super::pitch::PadPolicy;
use super::plan::{plan_with, HopperLaunch, Operands};
pub use super::plan::{HopperError, Result, TcProblem};
use super::shipped::{kernel_name, Shipped};
use crate::cuda::{
    arg, DeviceBuffer, DeviceElement, Event, Gpu, GpuError, Module, Pending, TileArg, TileModule,
};
use crate::ptx::Module as PtxModule;
use std::cell::RefCell;
use std::ffi::c_void;

/// A `CUtensorMap`: 128 opaque bytes, 64-byte aligned.
#[repr(C, align(64))]
#[derive(Clone, Copy, Debug)]
struct TensorMap([u64; 16]);

/// `CUtensorMapDataType` values (cuda.h 12.x).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TmaType {
    F16 = 6,
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

/// One 2-D tiled tensor map: a row-major `outer × inner` matrix with rows
/// `row_bytes` apart, boxes of `[inner, outer]` elements, a swizzle row width.
struct Map2d {
    dtype: TmaType,
    inner: usize,
    outer: usize,
    row_bytes: usize,
    bx: [u32; 2],
    swizzle_bytes: usize,
}

/// Encodes `m` over the buffer `buf`, which the caller checked holds
/// `outer · row_bytes` bytes (crate-internal: the address never leaves).
fn encode<T: DeviceElement>(gpu: &Gpu, buf: &DeviceBuffer<'_, T>, m: Map2d) -> Result<TensorMap> {
    let f = gpu.api().tensor_map_encode_tiled.ok_or_else(|| {
        HopperError::TensorMap(
            "cuTensorMapEncodeTiled not found in libcuda.so.1 (driver older than CUDA 12?)".into(),
        )
    })?;
    let mut map = TensorMap([0; 16]);
    let dims = [m.inner as u64, m.outer as u64];
    let strides = [m.row_bytes as u64];
    let elem_strides = [1u32, 1];
    // SAFETY: every pointer refers to a live local array of the length the rank (2)
    // implies (strides: rank−1); `map` is 64-byte aligned as the driver requires.
    // The call only writes the descriptor; L2 promotion 128B (2), interleave none,
    // out-of-bounds elements read as zero and are not written by stores.
    let rc = unsafe {
        f(
            (&mut map as *mut TensorMap).cast(),
            m.dtype as u32,
            2,
            buf.device_ptr() as *mut c_void,
            dims.as_ptr(),
            strides.as_ptr(),
            m.bx.as_ptr(),
            elem_strides.as_ptr(),
            0,
            swizzle_enum(m.swizzle_bytes),
            2,
            0,
        )
    };
    gpu.api().check(rc, "cuTensorMapEncodeTiled").map_err(|e| {
        HopperError::TensorMap(format!(
            "{e} (dims {dims:?}, row bytes {}, box {:?}, swizzle {})",
            m.row_bytes, m.bx, m.swizzle_bytes
        ))
    })?;
    Ok(map)
}

fn tma_type(h: Half) -> TmaType {
    match h {
        Half::Bf16 => TmaType::Bf16,
        Half::F16 => TmaType::F16,
    }
}

/// Which operand a scratch serves (its slot in [`HopperGemm`]'s scratch).
#[derive(Clone, Copy)]
enum Operand {
    A = 0,
    B = 1,
}

/// A checked launch, ready to issue: the tensor maps (for a kernel launch) and
/// the padding of each padded operand, whose scratch each issue fills before
/// the GEMM.
struct Prepared<'g> {
    launch: HopperLaunch,
    maps: Option<DeviceBuffer<'g, u64>>,
    pad_a: Option<Pad>,
    pad_b: Option<Pad>,
}

/// A shipped configuration loaded for one input/output format: the kernel, and for
/// TMA-store configurations its direct-store sibling (used when N·2 bytes is not a
/// multiple of 16, which a TMA store of C needs).
pub struct HopperGemm<'g> {
    module: Module<'g>,
    /// the padding copy ([`super::pad`]), for operands with rows the TMA cannot address
    pad: TileModule<'g>,
    main: HopperKernel,
    direct: Option<HopperKernel>,
    sm_count: u32,
    shipped: Shipped,
    policy: PadPolicy,
    /// the scratch rows of padded A and B, kept between launches and grown on
    /// demand (a launch's padding copy rewrites every element it reads)
    scratch: RefCell<[Option<DeviceBuffer<'g, u16>>; 2]>,
}

impl<'g> HopperGemm<'g> {
    /// Generates, JIT-loads and configures (dynamic shared memory) the kernels.
    pub fn load(gpu: &'g Gpu, shipped: Shipped, io: Io) -> Result<HopperGemm<'g>> {
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
        let ptx = PtxModule::new("sm_90a", kernels).to_string();
        // SAFETY: the generator's own kernels, launched only through `launch*`
        // and `time`, which run `plan` and build the tensor maps from the
        // checked buffers.
        let module = unsafe { Module::load_ptx(gpu, &ptx)? };
        let sm_count = u32::try_from(gpu.sm_count()?)
            .map_err(|_| GpuError::Overflow("the multiprocessor count"))?;
        let g = HopperGemm {
            module,
            pad: TileModule::load(gpu, pad_program().map_err(GpuError::from)?)?,
            main,
            direct,
            sm_count,
            shipped,
            policy: PadPolicy::default(),
            scratch: RefCell::new([None, None]),
        };
        for k in [Some(&g.main), g.direct.as_ref()].into_iter().flatten() {
            let f = g.module.function(&k.kernel.name)?;
            g.module.set_max_dynamic_smem(f, k.smem_bytes())?;
        }
        Ok(g)
    }

    /// The configuration.
    pub fn shipped(&self) -> &Shipped {
        &self.shipped
    }

    /// The padding policy of its launches ([`super::pitch`]; default
    /// [`PadPolicy::Auto`]).
    pub fn pad_policy(&self) -> PadPolicy {
        self.policy
    }

    /// Sets the padding policy of its launches.
    pub fn set_pad_policy(&mut self, policy: PadPolicy) {
        self.policy = policy;
    }

    /// The formats and B layout it was generated for.
    pub fn io(&self) -> Io {
        self.main.io
    }

    /// The kernel that runs for `p`.
    pub fn kernel_for(&self, p: &TcProblem) -> &HopperKernel {
        match &self.direct {
            Some(d) if !(p.n * 2).is_multiple_of(16) => d,
            _ => &self.main,
        }
    }

    /// Checks everything, allocates the scratch of padded operands, then builds
    /// the tensor maps of A (`M×K`), B (`N×K`, or `K×N` for an MN-major
    /// configuration) and C (`M×N`) over the buffers (the scratch for a padded
    /// operand: the true extents, the scratch's row pitch).
    fn prepare<O: DeviceElement>(
        &self,
        p: &TcProblem,
        a: &DeviceBuffer<'g, u16>,
        b: &DeviceBuffer<'g, u16>,
        c: &DeviceBuffer<'g, O>,
        ctas: Option<u32>,
    ) -> Result<Prepared<'g>> {
        let gpu = self.module.gpu();
        for buf in [a, b] {
            buf.check_gpu(gpu)?;
        }
        c.check_gpu(gpu)?;
        let k = self.kernel_for(p);
        let ops = Operands {
            a: a.len(),
            b: b.len(),
            c: c.len(),
            c_bytes: size_of::<O>(),
        };
        let launch = plan_with(k, p, ops, self.sm_count, ctas, self.policy)?;
        let HopperLaunch::Kernel { padding, .. } = launch else {
            return Ok(Prepared {
                launch,
                maps: None,
                pad_a: None,
                pad_b: None,
            });
        };
        // From here K ≥ 1, M, N ≥ 1, and the buffers hold M·K, N·K, M·N elements;
        // `plan` checked the scratch sizes and the padding copy's grid.
        let (pad_a, pad_b) = (padding.a, padding.b);
        for (pad, op) in [(pad_a, Operand::A), (pad_b, Operand::B)] {
            if let Some(pad) = pad {
                self.ensure_scratch(op, pad.scratch_len()?)?;
            }
        }
        let scratch = self.scratch.borrow();
        let held = |op: Operand| {
            scratch[op as usize]
                .as_ref()
                .ok_or(HopperError::Problem("a padded operand without scratch"))
        };
        let sw = k.params.swizzle_bytes;
        let t = tma_type(k.io.input);
        // a padded operand's map walks the scratch: true extents, its row pitch
        let (buf_a, pitch_a) = match &pad_a {
            Some(pad) => (held(Operand::A)?, pad.pitch),
            None => (a, p.k),
        };
        let map_a = encode(
            gpu,
            buf_a,
            Map2d {
                dtype: t,
                inner: p.k,
                outer: p.m,
                row_bytes: pitch_a * 2,
                bx: k.derived.a.tma_box()?,
                swizzle_bytes: sw,
            },
        )?;
        let (inner, outer) = match k.derived.b.major {
            OperandMajor::K => (p.k, p.n),
            OperandMajor::Mn => (p.n, p.k),
        };
        let (buf_b, pitch_b) = match &pad_b {
            Some(pad) => (held(Operand::B)?, pad.pitch),
            None => (b, inner),
        };
        let map_b = encode(
            gpu,
            buf_b,
            Map2d {
                dtype: t,
                inner,
                outer,
                row_bytes: pitch_b * 2,
                bx: k.derived.b.tma_box()?,
                swizzle_bytes: sw,
            },
        )?;
        let map_c = if k.tma_store {
            let Output::Half(h) = k.io.output else {
                return Err(HopperError::Problem(
                    "TMA stores are generated for 16-bit C only",
                ));
            };
            let plan = k
                .derived
                .store
                .as_ref()
                .ok_or(HopperError::Problem("no store plan"))?;
            let rows = plan.staging.layout().get(0)?.size()?.value as u32;
            let cols = plan.staging.layout().get(1)?.size()?.value as u32;
            if (rows as usize, cols as usize) != C_STAGE {
                return Err(HopperError::Problem("the C staging tile is not 64×64"));
            }
            encode(
                gpu,
                c,
                Map2d {
                    dtype: tma_type(h),
                    inner: p.n,
                    outer: p.m,
                    row_bytes: p.n * 2,
                    bx: [cols, rows],
                    swizzle_bytes: cols as usize * 2,
                },
            )?
        } else {
            TensorMap([0; 16])
        };
        let mut words = Vec::with_capacity(48);
        for m in [map_a, map_b, map_c] {
            words.extend_from_slice(&m.0);
        }
        Ok(Prepared {
            launch,
            maps: Some(gpu.upload(&words)?),
            pad_a,
            pad_b,
        })
    }

    /// Makes the scratch of `op` hold at least `len` elements. A smaller one
    /// is replaced; dropping it waits for the stream, so no issued copy or GEMM
    /// still uses it when it is freed (and the tensor maps over it were built
    /// for launches already issued).
    fn ensure_scratch(&self, op: Operand, len: usize) -> Result<()> {
        let mut scratch = self.scratch.borrow_mut();
        let slot = &mut scratch[op as usize];
        if slot.as_ref().is_some_and(|b| b.len() >= len) {
            return Ok(());
        }
        *slot = None;
        // every element a GEMM reads is written by the padding copy first
        *slot = Some(self.module.gpu().alloc_scratch::<u16>(len)?);
        Ok(())
    }

    /// Issues the padding copy of `src` into the scratch of `op` to the stream.
    fn enqueue_pad(&self, src: &DeviceBuffer<'g, u16>, op: Operand, pad: Pad) -> Result<()> {
        let Pad { rows, cols, pitch } = pad;
        let u = |v: usize| {
            u32::try_from(v).map_err(|_| GpuError::Overflow("a padded operand's extent (u32)"))
        };
        let mut scratch = self.scratch.borrow_mut();
        let buf = scratch[op as usize]
            .as_mut()
            .filter(|b| b.len() >= pad.scratch_len().unwrap_or(usize::MAX))
            .ok_or(HopperError::Problem("a padded operand without scratch"))?;
        let args = [
            TileArg::input(src),
            TileArg::output(buf),
            TileArg::scalar(u(rows)?),
            TileArg::scalar(u(cols)?),
            TileArg::scalar(u(pitch)?),
        ];
        Ok(self.pad.enqueue_checked(pad_grid(rows, pitch), &args)?)
    }

    /// Issues a checked launch to the stream: the padding copies, then the GEMM.
    fn enqueue<O: DeviceElement>(
        &self,
        p: &TcProblem,
        prep: &mut Prepared<'g>,
        a: &DeviceBuffer<'g, u16>,
        b: &DeviceBuffer<'g, u16>,
        c: &mut DeviceBuffer<'g, O>,
    ) -> Result<()> {
        if let Some(pad) = prep.pad_a {
            self.enqueue_pad(a, Operand::A, pad)?;
        }
        if let Some(pad) = prep.pad_b {
            self.enqueue_pad(b, Operand::B, pad)?;
        }
        match (prep.launch, prep.maps.as_ref()) {
            (HopperLaunch::Nothing, _) => Ok(()),
            (HopperLaunch::ZeroC { bytes }, _) => Ok(c.fill_prefix_bytes(0, bytes)?),
            (
                HopperLaunch::Kernel {
                    shape,
                    k_tiles,
                    tiles_m,
                    tiles_n,
                    ..
                },
                Some(maps),
            ) => {
                let k = self.kernel_for(p);
                let f = self.module.function(&k.kernel.name)?;
                let base = maps.device_ptr();
                let (ma, mb, mc, pc) = (base, base + 128, base + 256, c.device_ptr());
                let (m, n, grid) = (p.m as u32, p.n as u32, shape.grid.0);
                let mut args: Vec<*mut c_void> = vec![
                    arg(&ma),
                    arg(&mb),
                    arg(&mc),
                    arg(&pc),
                    arg(&m),
                    arg(&n),
                    arg(&k_tiles),
                    arg(&tiles_m),
                    arg(&tiles_n),
                    arg(&grid),
                ];
                // SAFETY: the arguments follow `kernel::PARAMS` (four u64 addresses,
                // six u32; M, N < 2³¹ by `plan`); the tensor maps in `maps` were
                // encoded over A, B and C, whose lengths `plan` checked, or over the
                // scratch of a padded operand (`rows·pitch` elements, allocated for
                // exactly that pitch, with extents rows × cols ≤ pitch); the direct
                // stores are predicated on M and N; the callers keep A, B, C,
                // the scratch and `maps` alive until the stream has passed the launch.
                unsafe { self.module.launch(f, shape, &mut args)? };
                Ok(())
            }
            (HopperLaunch::Kernel { .. }, None) => Err(HopperError::Problem("no tensor maps")),
        }
    }

    /// `C = A·Bᵀ`, waiting for the GPU. C's element type must be the kernel's
    /// output format (`u16` for bf16/fp16 bits, `f32`); every check of
    /// [`plan`] comes before any driver call. `ctas` overrides the persistent
    /// grid size (default: [`super::config::balanced_grid`]).
    pub fn launch<O: DeviceElement>(
        &self,
        p: &TcProblem,
        a: &DeviceBuffer<'g, u16>,
        b: &DeviceBuffer<'g, u16>,
        c: &mut DeviceBuffer<'g, O>,
        ctas: Option<u32>,
    ) -> Result<()> {
        Ok(self.launch_async(p, a, b, c, ctas)?.wait()?)
    }

    /// As [`HopperGemm::launch`] without waiting: the guard keeps A, B (shared),
    /// C (exclusive) and the tensor maps until it is waited on or dropped.
    pub fn launch_async<'a, O: DeviceElement>(
        &'a self,
        p: &TcProblem,
        a: &'a DeviceBuffer<'g, u16>,
        b: &'a DeviceBuffer<'g, u16>,
        c: &'a mut DeviceBuffer<'g, O>,
        ctas: Option<u32>,
    ) -> Result<Pending<'a>> {
        let mut prep = self.prepare(p, a, b, c, ctas)?;
        self.enqueue(p, &mut prep, a, b, c)?;
        Ok(Pending::new(self.module.gpu(), prep.maps))
    }

    /// The timing protocol of `gemm_tc`: tensor maps built once per input set
    /// (padded operands share the `HopperGemm`'s scratch); each launch includes
    /// its padding copies; `warmup` launches, then `iters` launches each between its own pair of
    /// events, issued back to back and cycling through `sets`; waits, and returns
    /// each timed launch's milliseconds.
    #[allow(clippy::too_many_arguments)]
    pub fn time<O: DeviceElement>(
        &self,
        p: &TcProblem,
        sets: &[(&DeviceBuffer<'g, u16>, &DeviceBuffer<'g, u16>)],
        c: &mut DeviceBuffer<'g, O>,
        warmup: usize,
        iters: usize,
        ctas: Option<u32>,
    ) -> Result<Vec<f32>> {
        let gpu = self.module.gpu();
        let mut prepared = sets
            .iter()
            .map(|(a, b)| self.prepare(p, a, b, c, ctas))
            .collect::<Result<Vec<_>>>()?;
        if prepared.is_empty() {
            return Ok(Vec::new());
        }
        let mut run = |i: usize, c: &mut DeviceBuffer<'g, O>| {
            let j = i % prepared.len();
            let (a, b) = sets[j];
            self.enqueue(p, &mut prepared[j], a, b, c)
        };
        for i in 0..warmup {
            run(i, c)?;
        }
        let events = (0..iters)
            .map(|_| Ok((Event::new(gpu)?, Event::new(gpu)?)))
            .collect::<Result<Vec<_>>>()?;
        for (i, (start, stop)) in events.iter().enumerate() {
            start.record()?;
            run(i, c)?;
            stop.record()?;
        }
        gpu.synchronize()?;
        let ms = events
            .iter()
            .map(|(a, b)| b.elapsed_ms(a))
            .collect::<std::result::Result<Vec<_>, _>>()?;
        Ok(ms)
    }
}
