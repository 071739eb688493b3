//! The tail split: the schedule that removes the last, partial wave of tiles.
//!
//! With `s` blocks resident at once (multiprocessors × blocks per
//! multiprocessor) and `t` tiles of `k` K tiles each, one block per tile takes
//! `⌈t/s⌉` waves; when `t mod s` is small, the last wave runs mostly empty
//! (8192³ in 128×256 tiles on 132 SMs: 2048 tiles, 15.5 waves, 16 paid for).
//! The tail split computes the first `whole = t − tail` tiles whole, with the
//! plain kernel, and each of the last `tail` tiles by `S` blocks of a second
//! kernel over consecutive K ranges of `k_tiles = ⌈k/S⌉` K tiles; the two
//! kernels run at the same time, the slices filling the multiprocessors that
//! the plain kernel's last wave leaves idle. The slices of a tile write their
//! partial sums to a workspace and the last of them to finish adds the `S`
//! partials in slice order and applies `α`, `β` (a deterministic sum: the same
//! bits every run).
//!
//! `tail` is a multiple of a granule: 1 for a kernel whose blocks are in raster
//! groups (a 1-D grid: any prefix of tiles is a grid), the number of tile rows
//! for plain order (a 2-D grid: the whole tiles must be whole tile columns).
//!
//! Modelled time, in K tiles of one block, with slices of `L = k_tiles +
//! SLICE_OVERHEAD_K_TILES` and all the work `W = whole·k + tail·S·L`:
//! `T(split) = max(⌈whole/s⌉·k, ⌈W/(s·L)⌉·L)`, against `T(plain) = ⌈t/s⌉·k`. The
//! split is used when it saves at least 1%.
//!
//! ```
//! use cute_gpu::gemm::split::plan_tail_split;
//! // 8192³ in 128×256×8 tiles on 132 SMs, one block each: split the last 68 tiles
//! let s = plan_tail_split(2048, 1024, 132, 1).unwrap();
//! assert_eq!((s.whole, s.tail), (1980, 68));
//! assert!(s.splits > 1 && (s.splits - 1) * s.k_tiles < 1024);
//! // plain order (64 tile rows): the last 2 tile columns
//! assert_eq!(plan_tail_split(2048, 1024, 132, 64).unwrap().tail, 128);
//! // 4096³: 512 tiles, 3.9 waves; no split count fills the fourth wave better
//! assert_eq!(plan_tail_split(512, 512, 132, 1), None);
//! ```

/// The most slices a tail tile is cut into.
pub const MAX_SPLITS: usize = 8;
/// The fewest K tiles of a slice (shorter slices spend too much on the
/// pipeline's start and on the partial sums).
pub const MIN_SLICE_K_TILES: usize = 16;
/// The most tail sizes the planner weighs: with more granules in a wave than
/// this (a slot count beyond any device), it weighs every `⌈n/MAX⌉`-th
/// granule, so planning takes bounded time on any input.
pub const MAX_TAIL_CANDIDATES: usize = 4096;
/// A slice's fixed cost in the model, in K tiles: filling the pipeline,
/// writing the partial sums, and the last slice's reading them back.
pub const SLICE_OVERHEAD_K_TILES: usize = 8;

/// A launch's schedule: `whole` tiles by one block each, then `tail` tiles by
/// `splits` blocks each over `k_tiles` K tiles (the last slice over the rest).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TailSplit {
    /// tiles computed whole (the first ones in the kernel's tile order)
    pub whole: u32,
    /// tiles computed in slices (the last ones)
    pub tail: u32,
    /// slices per tail tile, at least 2
    pub splits: u32,
    /// K tiles of every slice but the last, which takes what is left (≥ 1)
    pub k_tiles: u32,
}

impl TailSplit {
    /// Blocks of the launch: `whole + tail·splits`, `None` on overflow.
    pub fn blocks(&self) -> Option<u64> {
        (self.tail as u64)
            .checked_mul(self.splits as u64)?
            .checked_add(self.whole as u64)
    }

    /// Partial-sum slots of the workspace: `tail·splits`, `None` on overflow.
    pub fn slots(&self) -> Option<usize> {
        (self.tail as usize).checked_mul(self.splits as usize)
    }
}

/// The schedule for `tiles` tiles of `k_tiles` K tiles each with `slots`
/// blocks resident at once and a tail that is a multiple of `granule`, or
/// `None` when one block per tile is as good (no partial wave, too short a K,
/// or no split that saves 1% in the model of the module documentation).
pub fn plan_tail_split(
    tiles: usize,
    k_tiles: usize,
    slots: usize,
    granule: usize,
) -> Option<TailSplit> {
    if slots == 0 || tiles == 0 || granule == 0 || k_tiles < 2 * MIN_SLICE_K_TILES {
        return None;
    }
    let rem = tiles % slots;
    if rem == 0 {
        return None;
    }
    let plain = tiles.div_ceil(slots).checked_mul(k_tiles)?;
    let mut best: Option<(usize, TailSplit)> = None;
    // tails from the partial wave up to one wave more, in whole granules
    let first = rem.div_ceil(granule).checked_mul(granule)?;
    let last = rem.checked_add(slots)?.min(tiles);
    let count = last.saturating_sub(first) / granule + 1;
    let step = granule.checked_mul(count.div_ceil(MAX_TAIL_CANDIDATES))?;
    for tail in (first..=last).step_by(step) {
        let whole = tiles - tail;
        for splits in 2..=MAX_SPLITS {
            let slice = k_tiles.div_ceil(splits);
            // every slice non-empty and long enough
            if slice < MIN_SLICE_K_TILES || (splits - 1) * slice >= k_tiles {
                continue;
            }
            // a model that does not fit in usize: not a candidate
            let Some(cost) = modelled_time(whole, tail, splits, slice, k_tiles, slots) else {
                continue;
            };
            // a schedule the kernel cannot be given (counts beyond u32): not
            // a candidate, the others still are
            let (Ok(w), Ok(t), Ok(sl)) = (
                u32::try_from(whole),
                u32::try_from(tail),
                u32::try_from(slice),
            ) else {
                continue;
            };
            if best.is_none_or(|(c, _)| cost < c) {
                let s = TailSplit {
                    whole: w,
                    tail: t,
                    splits: splits as u32,
                    k_tiles: sl,
                };
                best = Some((cost, s));
            }
        }
    }
    // at least 1% less than one block per tile (in u128: 99·plain may not fit)
    best.filter(|&(c, _)| c as u128 * 100 <= plain as u128 * 99)
        .map(|(_, s)| s)
}

/// `max(⌈whole/s⌉·k, ⌈W/(s·L)⌉·L)` of the module documentation, `None` on
/// overflow.
fn modelled_time(
    whole: usize,
    tail: usize,
    splits: usize,
    slice: usize,
    k_tiles: usize,
    slots: usize,
) -> Option<usize> {
    let l = slice.checked_add(SLICE_OVERHEAD_K_TILES)?;
    let work = whole
        .checked_mul(k_tiles)?
        .checked_add(tail.checked_mul(splits)?.checked_mul(l)?)?;
    let plain_part = whole.div_ceil(slots).checked_mul(k_tiles)?;
    let all = work.div_ceil(slots.checked_mul(l)?).checked_mul(l)?;
    Some(plain_part.max(all))
}

/// How a launch with a tail-split kernel at hand picks its schedule.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SplitPolicy {
    /// [`plan_tail_split`]'s choice (the default)
    #[default]
    Auto,
    /// never split: one block per tile, the plain kernel
    Off,
    /// the tiles of the partial last wave (rounded up to whole granules) in
    /// this many slices, when every slice gets at least one K tile (otherwise
    /// no split); for measurements
    Splits(u32),
}

impl SplitPolicy {
    /// The schedule of `tiles` tiles of `k_tiles` K tiles with `slots` blocks
    /// resident at once and a tail in multiples of `granule`, or `None` for
    /// one block per tile.
    pub fn schedule(
        self,
        tiles: usize,
        k_tiles: usize,
        slots: usize,
        granule: usize,
    ) -> Option<TailSplit> {
        match self {
            SplitPolicy::Auto => plan_tail_split(tiles, k_tiles, slots, granule),
            SplitPolicy::Off => None,
            SplitPolicy::Splits(splits) => {
                let rem = tiles.checked_rem(slots).filter(|&r| r > 0)?;
                let tail = rem.checked_next_multiple_of(granule)?.min(tiles);
                let slice = k_tiles.div_ceil(splits.max(1) as usize);
                if splits < 2 || slice == 0 || (splits as usize - 1) * slice >= k_tiles {
                    return None;
                }
                Some(TailSplit {
                    whole: u32::try_from(tiles - tail).ok()?,
                    tail: u32::try_from(tail).ok()?,
                    splits,
                    k_tiles: u32::try_from(slice).ok()?,
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The model's choice at the shapes of the parity tables (128×256 tiles,
    /// BK = 8, 132 SMs, one block each): 8192³ splits the 68 tiles of the
    /// last wave (raster groups) or the last 2 of 32 tile columns (plain
    /// order, 64 tile rows); 4096³ (3.9 waves), 2048³ (128 tiles, one wave)
    /// and 4000³ do not split.
    #[test]
    fn splits_only_the_partial_wave_that_pays() {
        let s = plan_tail_split(2048, 1024, 132, 1).unwrap();
        assert_eq!((s.whole, s.tail), (1980, 68));
        // 6 slices of 171 K tiles: all the work in 89 waves of 179 modelled
        // K tiles = 15931 < 16384
        assert_eq!((s.splits, s.k_tiles), (6, 171));
        assert_eq!(s.blocks(), Some(1980 + 408));
        let s = plan_tail_split(2048, 1024, 132, 64).unwrap();
        assert_eq!((s.whole, s.tail), (1920, 128));
        for g in [1, 32, 64] {
            assert_eq!(plan_tail_split(512, 512, 132, g), None);
            assert_eq!(plan_tail_split(128, 256, 132, g), None);
            assert_eq!(plan_tail_split(32 * 16, 500, 132, g), None);
        }
    }

    #[test]
    fn no_split_without_a_partial_wave_or_enough_k() {
        assert_eq!(plan_tail_split(264, 1024, 132, 1), None);
        assert_eq!(plan_tail_split(133, 31, 132, 1), None);
        assert_eq!(plan_tail_split(0, 1024, 132, 1), None);
        assert_eq!(plan_tail_split(10, 1024, 0, 1), None);
        assert_eq!(plan_tail_split(133, 1024, 132, 0), None);
    }

    /// Every schedule it returns is one a launch accepts: tiles add up, the
    /// tail is whole granules, every slice has K tiles.
    #[test]
    fn every_schedule_is_consistent() {
        for tiles in [1, 5, 67, 133, 200, 2048, 4000, 65_536] {
            for k in [32, 33, 100, 1024, 4097] {
                for slots in [1, 7, 132, 264] {
                    for g in [1, 3, 64] {
                        let Some(s) = plan_tail_split(tiles, k, slots, g) else {
                            continue;
                        };
                        assert_eq!((s.whole + s.tail) as usize, tiles);
                        assert_eq!(s.tail as usize % g, 0);
                        assert!(s.splits >= 2 && s.splits as usize <= MAX_SPLITS);
                        assert!(((s.splits - 1) * s.k_tiles) < k as u32);
                        assert!(s.k_tiles as usize >= MIN_SLICE_K_TILES);
                    }
                }
            }
        }
        // a few tiles and a long K: classic split-K
        let s = plan_tail_split(16, 1024, 132, 1).unwrap();
        assert_eq!((s.whole, s.tail, s.splits), (0, 16, 8));
    }

    #[test]
    fn policies() {
        let fixed = SplitPolicy::Splits(3).schedule(2048, 1024, 132, 1).unwrap();
        assert_eq!(
            fixed,
            TailSplit {
                whole: 1980,
                tail: 68,
                splits: 3,
                k_tiles: 342
            }
        );
        let cols = SplitPolicy::Splits(3)
            .schedule(2048, 1024, 132, 64)
            .unwrap();
        assert_eq!((cols.whole, cols.tail), (1920, 128));
        assert_eq!(SplitPolicy::Off.schedule(2048, 1024, 132, 1), None);
        assert_eq!(
            SplitPolicy::Auto.schedule(2048, 1024, 132, 1),
            plan_tail_split(2048, 1024, 132, 1)
        );
        // 4 slices of 1 K tile would leave the last one empty at 3 K tiles
        assert_eq!(SplitPolicy::Splits(4).schedule(133, 3, 132, 1), None);
        assert_eq!(SplitPolicy::Splits(1).schedule(133, 64, 132, 1), None);
        assert_eq!(SplitPolicy::Splits(2).schedule(264, 64, 132, 1), None);
        assert_eq!(SplitPolicy::Splits(2).schedule(10, 64, 0, 1), None);
    }
}
