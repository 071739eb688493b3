//! Vector widths read off the layouts: how many consecutive values of a thread
//! one load or store may move.
//!
//! A width `w` is allowed when, for every thread `t` and every group of `w`
//! values starting at `v₀ = g·w`, the `w` elements are consecutive in memory and
//! the first is aligned to `w` elements; `w` is a power of two of at most 16
//! bytes (4 `f32`, 8 16-bit elements: those move as 4 packed `.b32` lanes). The
//! largest allowed width is taken.
use super::ix::Ix;
use super::partition::ThreadValues;

/// The widest vector in elements for elements of `bytes` bytes: 16 bytes, at
/// most 8 elements (16-bit elements are packed in pairs into 4 lanes).
pub fn max_lanes(bytes: u32) -> usize {
    (16 / bytes.max(1)).clamp(1, 8) as usize
}

fn candidates(values: usize, bytes: u32) -> impl Iterator<Item = usize> {
    let max = max_lanes(bytes);
    [8usize, 4, 2, 1]
        .into_iter()
        .filter(move |&w| w <= max && values.is_multiple_of(w))
}

/// The width for a static layout `offset(t, v)` (shared memory): every group of
/// `w` values consecutive and aligned, for every thread.
pub fn static_width(tv: &ThreadValues, offset: impl Fn(i64) -> i64, bytes: u32) -> usize {
    let ok = |w: usize| {
        (0..tv.threads()).all(|t| {
            (0..tv.values()).step_by(w).all(|v0| {
                let o0 = offset(tv.at(t, v0));
                o0.rem_euclid(w as i64) == 0
                    && (1..w).all(|j| offset(tv.at(t, v0 + j)) == o0 + j as i64)
            })
        })
    };
    candidates(tv.values(), bytes).find(|&w| ok(w)).unwrap_or(1)
}

/// A vector plan on a global tile: width `w` along tile mode `mode` (whose
/// stride is a static 1); the other modes' strides must be multiples of `w`
/// (static ones are checked here, scalar ones by the kernel at run time, which
/// falls back to single elements when they are not).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GlobalVector {
    /// lanes per access
    pub width: usize,
    /// the tile mode the lanes run along
    pub mode: usize,
}

/// The widest plan for a global tile with per-mode `strides`: groups of `w`
/// values run along one mode `k` with unit steps (the other coordinates fixed),
/// start at coordinates that are multiples of `w` for every thread, and the tile
/// extent along `k` is a multiple of `w` (so tile origins are aligned too).
pub fn global_width(tv: &ThreadValues, strides: &[Ix], bytes: u32) -> GlobalVector {
    let rank = tv.tile().len();
    let scalar = GlobalVector { width: 1, mode: 0 };
    for w in candidates(tv.values(), bytes) {
        if w == 1 {
            return scalar;
        }
        for k in 0..rank {
            if strides[k] != Ix::Static(1) || !(tv.tile()[k] as usize).is_multiple_of(w) {
                continue;
            }
            let others_aligned = (0..rank).all(|i| {
                i == k
                    || match strides[i] {
                        Ix::Static(s) => (s as usize).is_multiple_of(w),
                        Ix::Scalar(_) => true,
                    }
            });
            if !others_aligned {
                continue;
            }
            let runs = (0..tv.threads()).all(|t| {
                (0..tv.values()).step_by(w).all(|v0| {
                    let first = tv.at(t, v0);
                    tv.coord(first, k).rem_euclid(w as i64) == 0
                        && (1..w).all(|j| {
                            let e = tv.at(t, v0 + j);
                            (0..rank).all(|i| {
                                let step = if i == k { j as i64 } else { 0 };
                                tv.coord(e, i) == tv.coord(first, i) + step
                            })
                        })
                })
            });
            if runs {
                return GlobalVector { width: w, mode: k };
            }
        }
    }
    scalar
}
