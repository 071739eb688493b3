//! The fp64 reference GEMM on the GPU.
use super::module::{arg, Module};
use super::{DeviceBuffer, Gpu, Result};
use crate::gemm::reference::{element_strides, reference_kernel, REFERENCE_BLOCK};
use crate::gemm::Problem;
use crate::launch::{check_len, grid_dim, mul, LaunchShape};
use std::ffi::c_void;

/// The fp64 reference kernel, loaded.
pub struct GpuReference<'g> {
    module: Module<'g>,
}

impl<'g> GpuReference<'g> {
    /// JIT-loads the reference kernel.
    pub fn load(gpu: &'g Gpu) -> Result<GpuReference<'g>> {
        // SAFETY: the generator's own reference kernel, launched only by `run`,
        // which checks the buffers first.
        let module =
            unsafe { Module::load_ptx(gpu, &crate::module_ptx(vec![reference_kernel()]))? };
        Ok(GpuReference { module })
    }

    /// `(R, S)` of `p` in fp64 on the GPU, column-major `m × n`
    /// (`R = op(A)·op(B)`, `S = |op(A)|·|op(B)|`).
    pub fn run(
        &self,
        p: &Problem,
        a: &DeviceBuffer<'g, f32>,
        b: &DeviceBuffer<'g, f32>,
    ) -> Result<(Vec<f64>, Vec<f64>)> {
        let gpu = self.module.gpu();
        a.check_gpu(gpu)?;
        b.check_gpu(gpu)?;
        p.validate()?;
        let [a_len, b_len, _] = p.checked_lens()?;
        check_len("A", a.len(), a_len)?;
        check_len("B", b.len(), b_len)?;
        let len = mul(p.m, p.n, "M·N")?;
        let grid = (
            grid_dim('x', p.m.div_ceil(REFERENCE_BLOCK.0 as usize) as u64)?,
            grid_dim('y', p.n.div_ceil(REFERENCE_BLOCK.1 as usize) as u64)?,
            1,
        );
        let r = gpu.alloc_zeroed::<f64>(len)?;
        let s = gpu.alloc_zeroed::<f64>(len)?;
        if len > 0 {
            let (a_sm, a_sk, b_sk, b_sn) = element_strides(p);
            let f = self.module.function("gemm_reference_f64")?;
            let (pa, pb, pr, ps) = (
                a.device_ptr(),
                b.device_ptr(),
                r.device_ptr(),
                s.device_ptr(),
            );
            let v = [p.m, p.n, p.k, a_sm, a_sk, b_sk, b_sn, p.m].map(|x| x as u32);
            let mut args: Vec<*mut c_void> = vec![arg(&pa), arg(&pb), arg(&pr), arg(&ps)];
            args.extend(v.iter().map(arg));
            let shape = LaunchShape {
                grid,
                threads: REFERENCE_BLOCK.0 * REFERENCE_BLOCK.1,
                smem: 0,
            };
            // SAFETY: arguments follow `reference_kernel`'s parameters (four u64
            // addresses, eight u32); R and S hold m·n doubles, A and B were checked
            // above; every value fits u32 after `validate`. `download` below waits
            // for the stream before A, B, R, S can be released.
            unsafe { self.module.launch(f, shape, &mut args)? };
        }
        Ok((gpu.download(&r)?, gpu.download(&s)?))
    }
}
