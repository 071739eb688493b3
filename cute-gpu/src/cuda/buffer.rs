//! Typed device buffers: an element type and a length, owned, freed on drop.
use super::driver::CuDevicePtr;
use super::{Gpu, GpuError, Result};
use std::marker::PhantomData;

mod sealed {
    pub trait Sealed {}
}

/// A plain element type: every bit pattern is a value and it has no padding, so
/// bytes copied from the device are always a valid `Self`.
pub trait DeviceElement: Copy + Default + sealed::Sealed + 'static {}

macro_rules! elements {
    ($($t:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl DeviceElement for $t {}
    )*};
}
elements!(
    u8,
    u16,
    u32,
    u64,
    i32,
    f32,
    f64,
    crate::tile::Bf16,
    crate::tile::F16
);

/// `len` elements of `T` in device memory of `gpu`.
///
/// Kernels take buffers by reference for as long as the GPU may use them:
/// `&DeviceBuffer` for inputs, `&mut DeviceBuffer` for outputs. Dropping a
/// buffer first waits for its stream, so memory is never freed under a kernel.
/// A buffer stays on the thread of its [`Gpu`] (whose context is current there):
///
/// ```compile_fail,E0277
/// # fn f(gpu: &cute_gpu::cuda::Gpu) {
/// let buf = gpu.alloc_zeroed::<f32>(4).unwrap();
/// std::thread::spawn(move || drop(buf));
/// # }
/// ```
pub struct DeviceBuffer<'g, T: DeviceElement> {
    gpu: &'g Gpu,
    ptr: CuDevicePtr,
    len: usize,
    _t: PhantomData<T>,
}

/// `len · size_of::<T>()`, checked.
fn bytes_of<T>(len: usize) -> Result<usize> {
    len.checked_mul(size_of::<T>())
        .ok_or(GpuError::Overflow("the byte size of a buffer"))
}

impl Gpu {
    /// A buffer of `len` zero elements.
    pub fn alloc_zeroed<T: DeviceElement>(&self, len: usize) -> Result<DeviceBuffer<'_, T>> {
        let bytes = bytes_of::<T>(len)?;
        let api = self.api();
        let mut ptr: CuDevicePtr = 0;
        if bytes > 0 {
            // SAFETY: out-pointer to a local; the context is current.
            api.check(unsafe { (api.mem_alloc)(&mut ptr, bytes) }, "cuMemAlloc")?;
        }
        let buf = DeviceBuffer {
            gpu: self,
            ptr,
            len,
            _t: PhantomData,
        };
        if bytes > 0 {
            // SAFETY: `ptr` holds `bytes` bytes, just allocated.
            api.check(
                unsafe { (api.memset_d8_async)(ptr, 0, bytes, self.stream()) },
                "cuMemsetD8Async",
            )?;
            self.synchronize()?;
        }
        Ok(buf)
    }

    /// A buffer of `len` elements with unspecified contents (any bit pattern is
    /// a valid `T`), without waiting for the stream: crate-internal scratch that
    /// a kernel issued next on the stream overwrites before anything reads it.
    pub(crate) fn alloc_scratch<T: DeviceElement>(
        &self,
        len: usize,
    ) -> Result<DeviceBuffer<'_, T>> {
        let bytes = bytes_of::<T>(len)?;
        let api = self.api();
        let mut ptr: CuDevicePtr = 0;
        if bytes > 0 {
            // SAFETY: out-pointer to a local; the context is current.
            api.check(unsafe { (api.mem_alloc)(&mut ptr, bytes) }, "cuMemAlloc")?;
        }
        Ok(DeviceBuffer {
            gpu: self,
            ptr,
            len,
            _t: PhantomData,
        })
    }

    /// A new buffer holding a copy of `data`.
    pub fn upload<T: DeviceElement>(&self, data: &[T]) -> Result<DeviceBuffer<'_, T>> {
        let mut buf = self.alloc_zeroed::<T>(data.len())?;
        buf.copy_from(data)?;
        Ok(buf)
    }

    /// The contents of `buf`, after the work issued before this call.
    pub fn download<T: DeviceElement>(&self, buf: &DeviceBuffer<'_, T>) -> Result<Vec<T>> {
        let mut v = vec![T::default(); buf.len()];
        buf.copy_to(&mut v)?;
        Ok(v)
    }
}

impl<'g, T: DeviceElement> DeviceBuffer<'g, T> {
    /// Elements held.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it holds no element.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The [`Gpu`] it lives on.
    pub fn gpu(&self) -> &'g Gpu {
        self.gpu
    }

    /// The device address, for kernel arguments (crate-internal: a safe caller
    /// never sees a raw address).
    pub(crate) fn device_ptr(&self) -> CuDevicePtr {
        self.ptr
    }

    /// The buffer as a kernel argument for [`super::Module::launch`] (a user-written
    /// kernel reads it): an opaque device address that safe code cannot read, valid
    /// while the buffer is borrowed (shared: the kernel may only read it).
    pub fn kernel_arg(&self) -> DevicePtr<'_, T> {
        DevicePtr {
            addr: self.ptr,
            _borrow: PhantomData,
        }
    }

    /// As [`DeviceBuffer::kernel_arg`] for a buffer the kernel writes: the
    /// exclusive borrow keeps the host from touching it meanwhile.
    pub fn kernel_arg_mut(&mut self) -> DevicePtr<'_, T> {
        DevicePtr {
            addr: self.ptr,
            _borrow: PhantomData,
        }
    }

    /// Checks that it lives on `gpu` (whose stream then orders its work).
    pub(crate) fn check_gpu(&self, gpu: &Gpu) -> Result<()> {
        if std::ptr::eq(self.gpu, gpu) {
            Ok(())
        } else {
            Err(GpuError::ForeignBuffer)
        }
    }

    /// The byte count of a copy between this buffer and a host slice of `host`
    /// elements: the lengths must be equal.
    fn transfer_bytes(&self, host: usize) -> Result<usize> {
        if host != self.len {
            return Err(GpuError::LengthMismatch {
                host,
                device: self.len,
            });
        }
        bytes_of::<T>(self.len)
    }

    /// Overwrites the buffer with `data` (equal lengths), in stream order.
    pub fn copy_from(&mut self, data: &[T]) -> Result<()> {
        let bytes = self.transfer_bytes(data.len())?;
        if bytes == 0 {
            return Ok(());
        }
        let api = self.gpu.api();
        // SAFETY: the device buffer and `data` both hold `bytes` bytes; the stream
        // is drained before `data`'s borrow ends.
        api.check(
            unsafe {
                (api.memcpy_htod_async)(self.ptr, data.as_ptr().cast(), bytes, self.gpu.stream())
            },
            "cuMemcpyHtoDAsync",
        )?;
        self.gpu.synchronize()
    }

    /// Copies the buffer into `out` (equal lengths) after the work issued before.
    pub fn copy_to(&self, out: &mut [T]) -> Result<()> {
        let bytes = self.transfer_bytes(out.len())?;
        if bytes == 0 {
            return Ok(());
        }
        let api = self.gpu.api();
        // SAFETY: both sides hold `bytes` bytes; `T` accepts any bit pattern
        // (`DeviceElement`); the stream is drained before `out`'s borrow ends.
        api.check(
            unsafe {
                (api.memcpy_dtoh_async)(out.as_mut_ptr().cast(), self.ptr, bytes, self.gpu.stream())
            },
            "cuMemcpyDtoHAsync",
        )?;
        self.gpu.synchronize()
    }

    /// Sets every byte to `byte`, in stream order (e.g. 0xFF: NaN for floats).
    pub fn fill_bytes(&mut self, byte: u8) -> Result<()> {
        self.fill_prefix_bytes(byte, bytes_of::<T>(self.len)?)
    }

    /// Sets the first `bytes` bytes to `byte`, in stream order, without waiting.
    pub(crate) fn fill_prefix_bytes(&mut self, byte: u8, bytes: usize) -> Result<()> {
        if bytes > bytes_of::<T>(self.len)? {
            return Err(GpuError::BufferTooShort {
                operand: "fill",
                len: self.len,
                needed: bytes.div_ceil(size_of::<T>().max(1)),
            });
        }
        if bytes == 0 {
            return Ok(());
        }
        let api = self.gpu.api();
        // SAFETY: the buffer holds at least `bytes` bytes (checked above).
        api.check(
            unsafe { (api.memset_d8_async)(self.ptr, byte, bytes, self.gpu.stream()) },
            "cuMemsetD8Async",
        )
    }
}

/// A device address as a kernel argument (`.u64` parameter): pass `arg(&ptr)` to
/// [`super::Module::launch`]. It borrows its buffer; its value is not readable
/// from safe code.
#[repr(transparent)]
#[derive(Clone, Copy)]
pub struct DevicePtr<'a, T> {
    addr: CuDevicePtr,
    _borrow: PhantomData<&'a T>,
}

impl<T: DeviceElement> Drop for DeviceBuffer<'_, T> {
    fn drop(&mut self) {
        if self.ptr == 0 {
            return;
        }
        let api = self.gpu.api();
        // SAFETY: waiting for the stream first means no kernel or copy still uses
        // the memory (every use of it was issued to this stream); it was
        // allocated by cuMemAlloc and is freed once.
        unsafe {
            (api.stream_synchronize)(self.gpu.stream());
            (api.mem_free)(self.ptr);
        }
    }
}
