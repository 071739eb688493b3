//! The tensors of a tile kernel: global (a buffer parameter and a mixed layout),
//! shared (a static layout, allocated by its cosize) and fragments (registers).
use super::element::Element;
use super::ix::Ix;
use super::kernel::{Buffer, TileKernel, MAX_STATIC_SMEM};
use super::partition::IntoLayout;
use super::program::TensorDecl;
use super::TileError;
use crate::ptx::{kind, Reg};
use core::marker::PhantomData;
use cute_typed::DLayout;

/// A tensor in global memory: `buffer[Σᵢ cᵢ·strideᵢ]` at coordinate `c` with
/// `0 ≤ cᵢ < extentᵢ`. Extents and strides are [`Ix`]: static (immediates) or
/// scalar parameters. Flat, rank 1 to 4.
#[derive(Clone, Debug)]
pub struct GlobalTensor<E> {
    pub(crate) kernel: u64,
    pub(crate) buffer: usize,
    pub(crate) writable: bool,
    pub(crate) shape: Vec<Ix>,
    pub(crate) stride: Vec<Ix>,
    _e: PhantomData<E>,
}

/// The tile of a [`GlobalTensor`] at tile coordinates `block`: extents `tile`
/// (static), origin `blockᵢ·tileᵢ`. Elements past the tensor's extents are
/// never read or written (loads leave zeros).
#[derive(Clone, Debug)]
pub struct GlobalTile<E> {
    pub(crate) tensor: GlobalTensor<E>,
    pub(crate) tile: Vec<u32>,
    pub(crate) block: Vec<Reg<kind::U32>>,
}

/// A tensor in shared memory with a static layout; the allocation holds
/// `cosize` elements, 16-byte aligned. Its top-level modes are the tile's modes.
#[derive(Clone, Debug)]
pub struct SharedTensor<E> {
    pub(crate) kernel: u64,
    pub(crate) symbol: String,
    pub(crate) layout: DLayout,
    pub(crate) tile: Vec<u32>,
    _e: PhantomData<E>,
}

/// Registers of one thread: value `v` lives in register `layout(v)`.
#[derive(Clone, Debug)]
pub struct Fragment<E: Element> {
    pub(crate) kernel: u64,
    pub(crate) layout: DLayout,
    pub(crate) regs: Vec<Reg<E::Kind>>,
}

impl<E: Element> Fragment<E> {
    /// Number of values.
    pub fn len(&self) -> usize {
        self.layout.size().map(|s| s.value as usize).unwrap_or(0)
    }

    /// Whether it holds no value.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The register of value `v` (for arithmetic through the builder).
    pub fn reg(&self, v: usize) -> Option<Reg<E::Kind>> {
        let r = self.layout.at(v as i64).ok()?;
        self.regs.get(usize::try_from(r).ok()?).copied()
    }
}

fn static_extents(l: &DLayout) -> Result<Vec<u32>, TileError> {
    (0..l.rank())
        .map(|i| {
            let m = l.get(i).map_err(|_| TileError::Layout("mode"))?;
            let n = m
                .size()
                .map_err(|_| TileError::Overflow("a mode's size"))?
                .value;
            u32::try_from(n)
                .ok()
                .filter(|&n| n > 0)
                .ok_or(TileError::Layout("a mode of 1..2³² elements"))
        })
        .collect()
}

impl<E: Element> GlobalTensor<E> {
    /// The tile of extents `tile` at tile coordinates `block` (registers, e.g.
    /// `%ctaid`): origin `blockᵢ·tileᵢ`.
    pub fn tile(&self, tile: &[u32], block: &[Reg<kind::U32>]) -> Result<GlobalTile<E>, TileError> {
        if tile.len() != self.shape.len() || block.len() != self.shape.len() {
            return Err(TileError::ShapeMismatch {
                what: "tile rank",
                expected: vec![self.shape.len() as i64],
                found: vec![tile.len() as i64, block.len() as i64],
            });
        }
        if tile.contains(&0) {
            return Err(TileError::Layout("a tile extent is positive"));
        }
        Ok(GlobalTile {
            tensor: self.clone(),
            tile: tile.to_vec(),
            block: block.to_vec(),
        })
    }

    /// Rank.
    pub fn rank(&self) -> usize {
        self.shape.len()
    }
}

impl TileKernel {
    /// A global tensor over `buffer` with per-mode `shape` and `stride`.
    pub fn global<E: Element>(
        &mut self,
        buffer: &Buffer<E>,
        shape: &[Ix],
        stride: &[Ix],
    ) -> Result<GlobalTensor<E>, TileError> {
        if buffer.kernel != self.uid {
            return Err(TileError::ForeignHandle);
        }
        if shape.is_empty() || shape.len() > 4 || shape.len() != stride.len() {
            return Err(TileError::Layout(
                "a global tensor has 1 to 4 modes, as many strides as extents",
            ));
        }
        for &i in shape.iter().chain(stride) {
            self.ix(i)?;
        }
        self.tensors.push(TensorDecl {
            buffer: buffer.index,
            shape: shape.to_vec(),
            stride: stride.to_vec(),
        });
        Ok(GlobalTensor {
            kernel: self.uid,
            buffer: buffer.index,
            writable: buffer.writable,
            shape: shape.to_vec(),
            stride: stride.to_vec(),
            _e: PhantomData,
        })
    }

    /// A shared tensor with the static `layout` (non-negative strides); its
    /// allocation holds `cosize(layout)` elements.
    pub fn shared<E: Element>(
        &mut self,
        layout: impl IntoLayout,
    ) -> Result<SharedTensor<E>, TileError> {
        let layout = layout.into_layout()?;
        let stride = layout.stride();
        if (0..stride.leaf_count()).any(|k| stride.leaf(k).value < 0) {
            return Err(TileError::Layout("shared strides are non-negative"));
        }
        let tile = static_extents(&layout)?;
        let cosize = layout
            .cosize()
            .map_err(|_| TileError::Overflow("a shared layout's cosize"))?
            .value as u64;
        let bytes = cosize
            .checked_mul(E::BYTES as u64)
            .ok_or(TileError::Overflow("shared bytes"))?
            .next_multiple_of(16);
        let total = self.smem_bytes + bytes;
        if total > MAX_STATIC_SMEM {
            return Err(TileError::SharedTooLarge { bytes: total });
        }
        let _ = self.own()?;
        let symbol = self.b.shared_array(
            &format!("smem{}", self.shared_count),
            16,
            Some(bytes as u32),
        );
        self.shared_count += 1;
        self.smem_bytes = total;
        Ok(SharedTensor {
            kernel: self.uid,
            symbol,
            layout,
            tile,
            _e: PhantomData,
        })
    }

    /// A fragment of registers with the static `layout` (value `v` in register
    /// `layout(v)`; `cosize` registers), zero-initialised.
    pub fn fragment<E: Element>(
        &mut self,
        layout: impl IntoLayout,
    ) -> Result<Fragment<E>, TileError> {
        let layout = layout.into_layout()?;
        let stride = layout.stride();
        if (0..stride.leaf_count()).any(|k| stride.leaf(k).value < 0) {
            return Err(TileError::Layout("fragment strides are non-negative"));
        }
        let cosize = layout
            .cosize()
            .map_err(|_| TileError::Overflow("a fragment's cosize"))?
            .value;
        if !(0..=1024).contains(&cosize) {
            return Err(TileError::Layout("a fragment holds at most 1024 registers"));
        }
        let b = self.own()?;
        let regs = b.regs::<E::Kind>(cosize as usize);
        for &r in &regs {
            b.mov_to(r, E::zero());
        }
        Ok(Fragment {
            kernel: self.uid,
            layout,
            regs,
        })
    }
}
