//! The tail split: the schedule that removes the last, partial wave of tiles.
//!
//! With `s` blocks resident at once (multiprocessors × blocks per
//! multiprocessor) and `t` tiles of `k` K tiles each, one block per tile takes
//! `⌈t/s⌉` waves; when `t mod s` is small, the last wave runs mostly empty
//! (8192³ in 128×256 tiles on 132 SMs: 2048 tiles, 15.5 waves, 16 paid for).
//! The tail split computes the first `whole = t − tail` tiles whole, as before,
//! and each of the last `tail` tiles by `S` blocks over consecutive K ranges of
//! `k_tiles = ⌈k/S⌉` K tiles; the slices of a tile write their partial sums to a
//! workspace and the last of them to finish adds the `S` partials in slice
//! order and applies `α`, `β` (a deterministic sum: the same bits every run).
//!
//! Modelled time, in K tiles of one block:
//! `T(split) = ⌊whole/s⌋·k + ⌈tail·S/s⌉·(k_tiles + SLICE_OVERHEAD_K_TILES)`,
//! against `T(plain) = ⌈t/s⌉·k`; the tail is the partial wave's tiles, or those
//! plus one whole wave. The split is used when it saves at least 1%.
//!
//! ```
//! use cute_gpu::gemm::split::plan_tail_split;
//! // 8192³ in 128×256×8 tiles on 132 SMs, one block each: split the last 68 tiles
//! let s = plan_tail_split(2048, 1024, 132).unwrap();
//! assert_eq!((s.whole, s.tail), (1980, 68));
//! assert!(s.splits > 1 && (s.splits - 1) * s.k_tiles < 1024);
//! // 4096³: 512 tiles, 3.9 waves; no split count fills the fourth wave better
//! assert_eq!(plan_tail_split(512, 512, 132), None);
//! ```

/// The most slices a tail tile is cut into.
pub const MAX_SPLITS: usize = 8;
/// The fewest K tiles of a slice (shorter slices spend too much on the
/// pipeline's start and on the partial sums).
pub const MIN_SLICE_K_TILES: usize = 16;
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
/// blocks resident at once, or `None` when one block per tile is as good (no
/// partial wave, a wave almost full, too short a K, or no split count that
/// saves 1% in the model of the module documentation).
pub fn plan_tail_split(tiles: usize, k_tiles: usize, slots: usize) -> Option<TailSplit> {
    if slots == 0 || tiles == 0 || k_tiles < 2 * MIN_SLICE_K_TILES {
        return None;
    }
    let rem = tiles % slots;
    if rem == 0 {
        return None;
    }
    let plain = tiles.div_ceil(slots).checked_mul(k_tiles)?;
    let mut best: Option<(usize, TailSplit)> = None;
    for extra_waves in 0..=1usize {
        let tail = rem.checked_add(extra_waves.checked_mul(slots)?)?;
        if tail > tiles {
            break;
        }
        let whole = tiles - tail;
        for splits in 2..=MAX_SPLITS {
            let slice = k_tiles.div_ceil(splits);
            // every slice non-empty and long enough
            if slice < MIN_SLICE_K_TILES || (splits - 1) * slice >= k_tiles {
                continue;
            }
            let waves = tail.checked_mul(splits)?.div_ceil(slots);
            let cost = (whole / slots)
                .checked_mul(k_tiles)?
                .checked_add(waves.checked_mul(slice.checked_add(SLICE_OVERHEAD_K_TILES)?)?)?;
            if best.is_none_or(|(c, _)| cost < c) {
                let s = TailSplit {
                    whole: u32::try_from(whole).ok()?,
                    tail: u32::try_from(tail).ok()?,
                    splits: splits as u32,
                    k_tiles: u32::try_from(slice).ok()?,
                };
                best = Some((cost, s));
            }
        }
    }
    // at least 1% less than one block per tile
    best.filter(|&(c, _)| c.checked_mul(100).is_some_and(|c100| c100 <= plain * 99))
        .map(|(_, s)| s)
}

/// How a launch with a tail-split kernel at hand picks its schedule.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SplitPolicy {
    /// [`plan_tail_split`]'s choice (the default)
    #[default]
    Auto,
    /// never split: one block per tile, the plain kernel
    Off,
    /// the tiles of the partial last wave in this many slices, when every
    /// slice gets at least one K tile (otherwise no split); for measurements
    Splits(u32),
}

impl SplitPolicy {
    /// The schedule of `tiles` tiles of `k_tiles` K tiles with `slots` blocks
    /// resident at once, or `None` for one block per tile.
    pub fn schedule(self, tiles: usize, k_tiles: usize, slots: usize) -> Option<TailSplit> {
        match self {
            SplitPolicy::Auto => plan_tail_split(tiles, k_tiles, slots),
            SplitPolicy::Off => None,
            SplitPolicy::Splits(splits) => {
                let tail = tiles.checked_rem(slots).filter(|&r| r > 0)?;
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
    /// last wave; 4096³ (3.9 waves), 2048³ (128 tiles, one wave) and 4000³ do
    /// not split.
    #[test]
    fn splits_only_the_partial_wave_that_pays() {
        let s = plan_tail_split(2048, 1024, 132).unwrap();
        assert_eq!((s.whole, s.tail), (1980, 68));
        // 68·S blocks in as few waves as the slices allow: 7 slices of 147
        // K tiles, 476 blocks, 4 waves of 155 modelled K tiles < 1024
        assert_eq!((s.splits, s.k_tiles), (7, 147));
        assert_eq!(s.blocks(), Some(1980 + 476));
        assert_eq!(plan_tail_split(512, 512, 132), None);
        assert_eq!(plan_tail_split(128, 256, 132), None);
        assert_eq!(plan_tail_split(32 * 16, 500, 132), None);
    }

    #[test]
    fn no_split_without_a_partial_wave_or_enough_k() {
        assert_eq!(plan_tail_split(264, 1024, 132), None);
        assert_eq!(plan_tail_split(133, 31, 132), None);
        assert_eq!(plan_tail_split(0, 1024, 132), None);
        assert_eq!(plan_tail_split(10, 1024, 0), None);
    }

    /// Every schedule it returns is one a launch accepts: tiles add up, every
    /// slice has K tiles, the modelled time is below one block per tile.
    #[test]
    fn every_schedule_is_consistent() {
        for tiles in [1, 5, 67, 133, 200, 2048, 4000, 65_536] {
            for k in [32, 33, 100, 1024, 4097] {
                for slots in [1, 7, 132, 264] {
                    if let Some(s) = plan_tail_split(tiles, k, slots) {
                        assert_eq!((s.whole + s.tail) as usize, tiles);
                        assert!(s.splits >= 2 && s.splits as usize <= MAX_SPLITS);
                        assert!(((s.splits - 1) * s.k_tiles) < k as u32);
                        assert!(s.k_tiles as usize >= MIN_SLICE_K_TILES);
                    }
                }
            }
        }
        // a few tiles and a long K: classic split-K
        let s = plan_tail_split(16, 1024, 132).unwrap();
        assert_eq!((s.whole, s.tail, s.splits), (0, 16, 8));
    }

    #[test]
    fn policies() {
        let fixed = SplitPolicy::Splits(3).schedule(2048, 1024, 132).unwrap();
        assert_eq!(
            fixed,
            TailSplit {
                whole: 1980,
                tail: 68,
                splits: 3,
                k_tiles: 342
            }
        );
        assert_eq!(SplitPolicy::Off.schedule(2048, 1024, 132), None);
        assert_eq!(
            SplitPolicy::Auto.schedule(2048, 1024, 132),
            plan_tail_split(2048, 1024, 132)
        );
        // 4 slices of 1 K tile would leave the last one empty at 3 K tiles
        assert_eq!(SplitPolicy::Splits(4).schedule(133, 3, 132), None);
        assert_eq!(SplitPolicy::Splits(1).schedule(133, 64, 132), None);
        assert_eq!(SplitPolicy::Splits(2).schedule(264, 64, 132), None);
        assert_eq!(SplitPolicy::Splits(2).schedule(10, 64, 0), None);
    }
}
