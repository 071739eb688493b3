//! A context on device 0 and the one stream that orders all of its work.
use super::driver::{self, Api, CuDevice, Handle};
use super::{GpuError, Result};
use std::ffi::{c_char, c_int};

/// The primary context of device 0, made current on this thread, and one stream.
///
/// Every copy, fill, launch and event of this `Gpu` goes to that one stream, so
/// they run in the order they are issued; host reads ([`super::DeviceBuffer::copy_to`])
/// wait for the stream. `Gpu` is neither `Send` nor `Sync` (the context is
/// current on the thread that made it), and buffers, modules and kernels borrow
/// it, so none outlives it.
pub struct Gpu {
    api: &'static Api,
    device: CuDevice,
    context: Handle,
    stream: Handle,
}

impl Gpu {
    /// Loads the driver, retains device 0's primary context, makes it current on
    /// this thread and creates a stream.
    pub fn new() -> Result<Gpu> {
        let api = driver::api()?;
        let mut device: CuDevice = 0;
        // SAFETY: out-pointer to a local; ordinal 0.
        api.check(unsafe { (api.device_get)(&mut device, 0) }, "cuDeviceGet")?;
        let mut context: Handle = std::ptr::null_mut();
        // SAFETY: out-pointer to a local; `device` came from cuDeviceGet.
        api.check(
            unsafe { (api.primary_ctx_retain)(&mut context, device) },
            "cuDevicePrimaryCtxRetain",
        )?;
        let mut gpu = Gpu {
            api,
            device,
            context,
            stream: std::ptr::null_mut(),
        };
        // SAFETY: `context` was just retained.
        api.check(
            unsafe { (api.ctx_set_current)(gpu.context) },
            "cuCtxSetCurrent",
        )?;
        let mut stream: Handle = std::ptr::null_mut();
        // SAFETY: out-pointer to a local; the context is current.
        api.check(
            unsafe { (api.stream_create)(&mut stream, driver::STREAM_NON_BLOCKING) },
            "cuStreamCreate",
        )?;
        gpu.stream = stream;
        Ok(gpu)
    }

    pub(crate) fn api(&self) -> &'static Api {
        self.api
    }

    pub(crate) fn stream(&self) -> Handle {
        self.stream
    }

    /// The device's name.
    pub fn name(&self) -> Result<String> {
        let mut buf = [0 as c_char; 256];
        // SAFETY: the buffer holds `len` bytes; the driver NUL-terminates within it.
        self.api.check(
            unsafe {
                (self.api.device_get_name)(buf.as_mut_ptr(), buf.len() as c_int, self.device)
            },
            "cuDeviceGetName",
        )?;
        let bytes: Vec<u8> = buf
            .iter()
            .take_while(|&&c| c != 0)
            .map(|&c| c as u8)
            .collect();
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }

    fn attribute(&self, attr: c_int) -> Result<usize> {
        let mut v: c_int = 0;
        // SAFETY: out-pointer to a local; `attr` is a valid CUdevice_attribute.
        self.api.check(
            unsafe { (self.api.device_get_attribute)(&mut v, attr, self.device) },
            "cuDeviceGetAttribute",
        )?;
        usize::try_from(v).map_err(|_| GpuError::Overflow("a device attribute"))
    }

    /// Bytes of L2 cache.
    pub fn l2_bytes(&self) -> Result<usize> {
        self.attribute(driver::ATTR_L2_BYTES)
    }

    /// Number of multiprocessors.
    pub fn sm_count(&self) -> Result<usize> {
        self.attribute(driver::ATTR_SM_COUNT)
    }

    /// Waits until all work issued to the stream has finished; reports a failure
    /// of any of it (a kernel fault shows here).
    pub fn synchronize(&self) -> Result<()> {
        // SAFETY: the stream is alive while `self` is.
        self.api.check(
            unsafe { (self.api.stream_synchronize)(self.stream) },
            "cuStreamSynchronize",
        )
    }
}

impl Drop for Gpu {
    fn drop(&mut self) {
        // SAFETY: everything that borrowed this Gpu is gone; the stream is
        // drained before it is destroyed and the context released.
        unsafe {
            (self.api.stream_synchronize)(self.stream);
            (self.api.stream_destroy)(self.stream);
            (self.api.primary_ctx_release)(self.device);
        }
    }
}
