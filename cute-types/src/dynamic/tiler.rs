//! [`DTiler`]: CuTe's by-mode tiler `[e1, e2, …]` (C++ `Tile<…>`), where each
//! entry is a layout or a nested tiler. Mode `i` of a tiler applies to mode `i`
//! of a layout; a layout used as a tiler instead applies to the whole layout.
use super::int::DInt;
use super::layout::DLayout;
use super::tuple::DTuple;
use crate::error::Error;
use crate::tri;

/// Most layouts one tiler (nested tilers included) can hold.
pub const TILER_CAPACITY: usize = 8;

/// Deepest bracket nesting of one tiler (`[[2:1]]` has depth 2).
///
/// The algebra recurses once per nesting level with a whole `DTiler` (10 KiB)
/// in each frame; 16 levels keep that within a 2 MiB thread stack even in debug
/// builds (30 levels did not), far beyond the nesting of real tilers. Deeper
/// tilers are [`Error::TooLarge`].
pub const MAX_TILER_DEPTH: usize = 16;

/// A by-mode tiler: a tuple whose entries are layouts or nested tilers.
///
/// Stored as a structure tuple whose leaves are indices into `layouts`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct DTiler {
    structure: DTuple,
    layouts: [DLayout; TILER_CAPACITY],
    count: usize,
}

/// One mode of a tiler.
// Both variants are plain `Copy` values on purpose: `const fn` code cannot box.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TilerMode {
    /// A layout entry (an integer `n` in text stands for the layout `n:1`).
    Layout(DLayout),
    /// A nested tiler.
    Tiler(DTiler),
}

const fn placeholder() -> DLayout {
    match DLayout::new(DTuple::s(1), DTuple::s(0)) {
        Ok(l) => l,
        Err(_) => panic!("unreachable"),
    }
}

impl DTiler {
    /// The empty tiler `[]`.
    pub const fn new() -> DTiler {
        DTiler {
            structure: DTuple::empty(),
            layouts: [placeholder(); TILER_CAPACITY],
            count: 0,
        }
    }
    /// The flat tiler `[l0, l1, …]`.
    pub const fn from_layouts(modes: &[DLayout]) -> Result<DTiler, Error> {
        let mut t = DTiler::new();
        let mut i = 0;
        while i < modes.len() {
            t = tri!(t.push_layout(modes[i]));
            i += 1;
        }
        Ok(t)
    }
    /// Appends a layout entry.
    pub const fn push_layout(mut self, l: DLayout) -> Result<DTiler, Error> {
        if self.count >= TILER_CAPACITY {
            return Err(Error::Capacity);
        }
        self.layouts[self.count] = l;
        self.structure = tri!(self.structure.push(&DTuple::d(self.count as i64)));
        self.count += 1;
        Ok(self)
    }
    /// Appends a nested tiler entry; [`Error::TooLarge`] if the result would be
    /// nested deeper than [`MAX_TILER_DEPTH`].
    pub const fn push_tiler(mut self, t: &DTiler) -> Result<DTiler, Error> {
        if self.count + t.count > TILER_CAPACITY {
            return Err(Error::Capacity);
        }
        if t.structure.depth() + 1 > MAX_TILER_DEPTH {
            return Err(Error::TooLarge);
        }
        let mut sub = t.structure;
        let mut k = 0;
        while k < t.count {
            self.layouts[self.count + k] = t.layouts[k];
            k += 1;
        }
        // Re-index the nested tiler's leaves past our own layouts.
        let n = sub.leaf_count();
        let mut j = 0;
        while j < n {
            let v = sub.leaf(j).value + self.count as i64;
            sub = sub.with_leaf(j, DInt::d(v));
            j += 1;
        }
        self.structure = tri!(self.structure.push(&sub));
        self.count += t.count;
        Ok(self)
    }
    /// Appends a mode.
    pub const fn push(self, m: &TilerMode) -> Result<DTiler, Error> {
        match m {
            TilerMode::Layout(l) => self.push_layout(*l),
            TilerMode::Tiler(t) => self.push_tiler(t),
        }
    }
    /// Number of top-level modes.
    pub const fn rank(&self) -> usize {
        self.structure.rank()
    }
    /// Mode `i`.
    pub const fn mode(&self, i: usize) -> Result<TilerMode, Error> {
        let sub = tri!(self.structure.get(i));
        if let Some(idx) = sub.as_int() {
            return Ok(TilerMode::Layout(self.layouts[idx.value as usize]));
        }
        Ok(TilerMode::Tiler(self.sub_tiler(&sub)))
    }
    /// The nested tiler whose structure is `sub` (a mode of this tiler): its
    /// layouts, renumbered from 0 in leaf order. Built in one pass rather than
    /// by recursing into the nesting, whose every level would hold several
    /// `DTiler`s on the stack.
    const fn sub_tiler(&self, sub: &DTuple) -> DTiler {
        let mut t = DTiler::new();
        let mut structure = *sub;
        // (a mode never has more leaves than its tiler has layouts)
        let n = sub.leaf_count();
        let mut j = 0;
        while j < n && j < TILER_CAPACITY {
            t.layouts[j] = self.layouts[sub.leaf(j).value as usize];
            structure = structure.with_leaf(j, DInt::d(j as i64));
            j += 1;
        }
        t.structure = structure;
        t.count = n;
        t
    }
    /// All leaves are static.
    pub const fn is_static(&self) -> bool {
        let mut k = 0;
        while k < self.count {
            if !self.layouts[k].is_static() {
                return false;
            }
            k += 1;
        }
        true
    }
    /// The same tiler with all layout leaves marked static or dynamic.
    pub const fn with_all_static(mut self, s: bool) -> DTiler {
        let mut k = 0;
        while k < self.count {
            self.layouts[k] = self.layouts[k].with_all_static(s);
            k += 1;
        }
        self
    }
}

impl Default for DTiler {
    fn default() -> Self {
        DTiler::new()
    }
}

impl core::fmt::Debug for DTiler {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Display::fmt(self, f)
    }
}

impl core::fmt::Display for DTiler {
    /// `[2:1,(4:2)]`-style text: layouts in CuTe notation, nested tilers in brackets.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.write_structure(f, &self.structure)
    }
}

impl DTiler {
    /// Writes the part of this tiler whose structure is `sub`. Recurses over the
    /// small structure tuple, not over nested `DTiler`s, so that deep nesting
    /// stays cheap on the stack.
    fn write_structure(&self, f: &mut core::fmt::Formatter<'_>, sub: &DTuple) -> core::fmt::Result {
        if let Some(idx) = sub.as_int() {
            let layout = usize::try_from(idx.value)
                .ok()
                .and_then(|k| self.layouts.get(k))
                .ok_or(core::fmt::Error)?;
            return write!(f, "{layout}");
        }
        f.write_str("[")?;
        for i in 0..sub.rank() {
            if i > 0 {
                f.write_str(",")?;
            }
            let part = sub.get(i).map_err(|_| core::fmt::Error)?;
            self.write_structure(f, &part)?;
        }
        f.write_str("]")
    }
}
