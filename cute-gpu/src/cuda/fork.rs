//! A second stream forked from a [`Gpu`]'s stream and joined back to it, for
//! two kernels that may run at the same time.
use super::driver::{self, Handle};
use super::{Gpu, Result};

/// `CU_EVENT_DISABLE_TIMING`: events used only to order streams.
const EVENT_DISABLE_TIMING: std::ffi::c_uint = 2;

/// A stream whose work is ordered after the `Gpu` stream's work issued before
/// [`Fork::fork`], and before the `Gpu` stream's work issued after
/// [`Fork::join`]: `fork(); launch on side; launch on main; join()` runs the
/// two launches concurrently, and everything that waits for the `Gpu` stream
/// (host reads, buffer frees, [`super::Pending::wait`]) also waits for the side
/// stream's work. Private to the crate: every fork is joined before the
/// launch that made it returns.
pub(crate) struct Fork<'g> {
    gpu: &'g Gpu,
    stream: Handle,
    forked: Handle,
    joined: Handle,
}

impl<'g> Fork<'g> {
    /// A new side stream and its two events.
    pub(crate) fn new(gpu: &'g Gpu) -> Result<Fork<'g>> {
        let api = gpu.api();
        let mut f = Fork {
            gpu,
            stream: std::ptr::null_mut(),
            forked: std::ptr::null_mut(),
            joined: std::ptr::null_mut(),
        };
        // SAFETY: out-pointers to fields; the context is current on this
        // thread (`Gpu` is not `Send`). A handle left null is skipped on drop.
        unsafe {
            api.check(
                (api.stream_create)(&mut f.stream, driver::STREAM_NON_BLOCKING),
                "cuStreamCreate",
            )?;
            api.check(
                (api.event_create)(&mut f.forked, EVENT_DISABLE_TIMING),
                "cuEventCreate",
            )?;
            api.check(
                (api.event_create)(&mut f.joined, EVENT_DISABLE_TIMING),
                "cuEventCreate",
            )?;
        }
        Ok(f)
    }

    /// The side stream.
    pub(crate) fn stream(&self) -> Handle {
        self.stream
    }

    /// Orders the side stream after the `Gpu` stream's work issued so far.
    pub(crate) fn fork(&self) -> Result<()> {
        let api = self.gpu.api();
        // SAFETY: live event and streams of the current context.
        unsafe {
            api.check(
                (api.event_record)(self.forked, self.gpu.stream()),
                "cuEventRecord",
            )?;
            api.check(
                (api.stream_wait_event)(self.stream, self.forked, 0),
                "cuStreamWaitEvent",
            )
        }
    }

    /// Orders the `Gpu` stream's later work after the side stream's work.
    pub(crate) fn join(&self) -> Result<()> {
        let api = self.gpu.api();
        // SAFETY: live event and streams of the current context.
        unsafe {
            api.check(
                (api.event_record)(self.joined, self.stream),
                "cuEventRecord",
            )?;
            api.check(
                (api.stream_wait_event)(self.gpu.stream(), self.joined, 0),
                "cuStreamWaitEvent",
            )
        }
    }
}

impl Drop for Fork<'_> {
    fn drop(&mut self) {
        let api = self.gpu.api();
        // SAFETY: the side stream is drained before it and the events are
        // destroyed; each live handle is destroyed once.
        unsafe {
            if !self.stream.is_null() {
                (api.stream_synchronize)(self.stream);
                (api.stream_destroy)(self.stream);
            }
            for e in [self.forked, self.joined] {
                if !e.is_null() {
                    (api.event_destroy)(e);
                }
            }
        }
    }
}
