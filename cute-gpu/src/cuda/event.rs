//! Events on the stream, for timing.
use super::driver::Handle;
use super::{Gpu, Result};

/// A CUDA event recorded on a [`Gpu`]'s stream.
pub struct Event<'g> {
    gpu: &'g Gpu,
    handle: Handle,
}

impl<'g> Event<'g> {
    /// A new event (default flags: it records timing).
    pub fn new(gpu: &'g Gpu) -> Result<Event<'g>> {
        let api = gpu.api();
        let mut handle: Handle = std::ptr::null_mut();
        // SAFETY: out-pointer to a local; flags 0.
        api.check(
            unsafe { (api.event_create)(&mut handle, 0) },
            "cuEventCreate",
        )?;
        Ok(Event { gpu, handle })
    }

    /// Records the event at the current end of the stream.
    pub fn record(&self) -> Result<()> {
        let api = self.gpu.api();
        // SAFETY: live event and stream.
        api.check(
            unsafe { (api.event_record)(self.handle, self.gpu.stream()) },
            "cuEventRecord",
        )
    }

    /// Waits for the event.
    pub fn synchronize(&self) -> Result<()> {
        let api = self.gpu.api();
        // SAFETY: a live event.
        api.check(
            unsafe { (api.event_synchronize)(self.handle) },
            "cuEventSynchronize",
        )
    }

    /// Milliseconds from `start` to this event (both recorded and complete).
    pub fn elapsed_ms(&self, start: &Event<'_>) -> Result<f32> {
        let api = self.gpu.api();
        let mut ms = 0f32;
        // SAFETY: out-pointer to a local; two live events.
        api.check(
            unsafe { (api.event_elapsed_time)(&mut ms, start.handle, self.handle) },
            "cuEventElapsedTime",
        )?;
        Ok(ms)
    }
}

impl Drop for Event<'_> {
    fn drop(&mut self) {
        let api = self.gpu.api();
        // SAFETY: a live event, destroyed once (the driver defers the release of
        // an event still pending on the stream).
        unsafe { (api.event_destroy)(self.handle) };
    }
}

impl Gpu {
    /// Times `f` (which issues work to the stream) with a pair of events; returns
    /// milliseconds.
    pub fn time<F: FnOnce() -> Result<()>>(&self, f: F) -> Result<f32> {
        let start = Event::new(self)?;
        let stop = Event::new(self)?;
        start.record()?;
        f()?;
        stop.record()?;
        stop.synchronize()?;
        stop.elapsed_ms(&start)
    }
}
