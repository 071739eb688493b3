//! The kernel configurations this crate ships: the ladder rungs, the tuned
//! variants the timing sweep compares, and the 32-bit fallback used when leading
//! dimensions are not multiples of 4.
use super::config::{
    Async, Blocked, Copy, GemmConfig, GemmParams, Padded, Pipeline, Prefetch, Sgemm, Snake,
    StagedMid, Tile, WarpTiled,
};
use super::kernel::{generate, generate_tail_split, GemmKernel};
use super::problem::GemmLayout;
use cute_typed::{_0, _1, _128, _16, _2, _256, _3, _32, _4, _64, _8};

/// Rung 1: shared-memory tiling and 8×8 register blocking, 32-bit loads, no pipeline.
pub type Rung1Smem =
    Sgemm<Tile<_128, _128, _8>, Blocked<_8, _8>, Padded<_4, _4>, Copy<_1>, Pipeline<_1, _1>>;
/// Rung 2: rung 1 with 128-bit global loads.
pub type Rung2Vec =
    Sgemm<Tile<_128, _128, _8>, Blocked<_8, _8>, Padded<_4, _4>, Copy<_4>, Pipeline<_1, _1>>;
/// Rung 3: rung 2 with a 3-stage `cp.async` pipeline.
pub type Rung3Pipe =
    Sgemm<Tile<_128, _128, _8>, Blocked<_8, _8>, Padded<_4, _4>, Copy<_4>, Pipeline<_3, _2>>;
/// Rung 4: rung 3 with warp tiling (32×64 per warp, lanes 4×8, strided 4-wide values).
pub type Rung4Warp = Sgemm<
    Tile<_128, _128, _8>,
    WarpTiled<_32, _64, _8, _8>,
    Padded<_4, _4>,
    Copy<_4>,
    Pipeline<_3, _2>,
>;
/// Tuning candidate: BK = 16, 3 stages (one block per multiprocessor: two would
/// cap registers at 128, which spills with the staged K-major loads).
pub type Warp128x128x16 = Sgemm<
    Tile<_128, _128, _16>,
    WarpTiled<_32, _64, _8, _8>,
    Padded<_4, _4>,
    Copy<_4>,
    Pipeline<_3, _1>,
>;
/// Tuning candidate: 128×256 tile, 8×16 per thread.
pub type Warp128x256x8 = Sgemm<
    Tile<_128, _256, _8>,
    WarpTiled<_32, _128, _8, _16>,
    Padded<_4, _4>,
    Copy<_4>,
    Pipeline<_3, _1>,
>;
/// Tuning candidate: rung 4 with blocks ordered in groups of 8 tile rows.
pub type Warp128x128x8G8 = Sgemm<
    Tile<_128, _128, _8>,
    WarpTiled<_32, _64, _8, _8>,
    Padded<_4, _4>,
    Copy<_4>,
    Pipeline<_3, _2, _8>,
>;
/// Tuning candidate: BK = 16, K-major operands by 4-byte cp.async, two blocks per SM.
pub type Warp128x128x16A = Sgemm<
    Tile<_128, _128, _16>,
    WarpTiled<_32, _64, _8, _8>,
    Padded<_4, _4>,
    Copy<_4, Async>,
    Pipeline<_3, _2, _8>,
>;
/// Tuning candidate: 128×256×16, 8×16 per thread, staged K-major.
pub type Warp128x256x16 = Sgemm<
    Tile<_128, _256, _16>,
    WarpTiled<_32, _128, _8, _16>,
    Padded<_4, _4>,
    Copy<_4>,
    Pipeline<_3, _1, _8>,
>;
/// Tuning candidate: 128×256×16 with K-major operands by cp.async.
pub type Warp128x256x16A = Sgemm<
    Tile<_128, _256, _16>,
    WarpTiled<_32, _128, _8, _16>,
    Padded<_4, _4>,
    Copy<_4, Async>,
    Pipeline<_3, _1, _8>,
>;
/// Tuning candidate: 128×256×8 in groups of 8.
pub type Warp128x256x8G8 = Sgemm<
    Tile<_128, _256, _8>,
    WarpTiled<_32, _128, _8, _16>,
    Padded<_4, _4>,
    Copy<_4>,
    Pipeline<_3, _1, _8>,
>;
/// Tuning candidate: w128x128x16a with 4 stages.
pub type Warp128x128x16S4A = Sgemm<
    Tile<_128, _128, _16>,
    WarpTiled<_32, _64, _8, _8>,
    Padded<_4, _4>,
    Copy<_4, Async>,
    Pipeline<_4, _2, _8>,
>;
/// Tuning candidate: w128x128x16a with 64×32 warp tiles (lanes 8×4).
pub type Warp128x128x16W64 = Sgemm<
    Tile<_128, _128, _16>,
    WarpTiled<_64, _32, _8, _8>,
    Padded<_4, _4>,
    Copy<_4, Async>,
    Pipeline<_3, _2, _8>,
>;
/// 128×256×8 with fragments prefetched one k step ahead ([`Prefetch`]).
pub type Warp128x256x8P = Sgemm<
    Tile<_128, _256, _8>,
    WarpTiled<_32, _128, _8, _16>,
    Padded<_4, _4>,
    Copy<_4>,
    Pipeline<_3, _1, _0, Prefetch>,
>;
/// w128x256x8p with the staged K-major stores halfway through a K tile
/// ([`StagedMid`]): the measured best for `nt` (the raster-grouped
/// [`Warp128x256x8PMG16`] is best for the other layouts).
pub type Warp128x256x8PM = Sgemm<
    Tile<_128, _256, _8>,
    WarpTiled<_32, _128, _8, _16>,
    Padded<_4, _4>,
    Copy<_4, StagedMid>,
    Pipeline<_3, _1, _0, Prefetch>,
>;
/// w128x256x8pm with blocks in raster groups of 16 tile rows (all N tiles of
/// 16 tile rows before the next 16): the measured best for `nn`, `tn` and `tt`.
pub type Warp128x256x8PMG16 = Sgemm<
    Tile<_128, _256, _8>,
    WarpTiled<_32, _128, _8, _16>,
    Padded<_4, _4>,
    Copy<_4, StagedMid>,
    Pipeline<_3, _1, _16, Prefetch>,
>;
/// w128x256x8pmg16 with odd raster groups running their tile columns right to
/// left ([`Snake`]).
pub type Warp128x256x8PMG16S = Sgemm<
    Tile<_128, _256, _8>,
    WarpTiled<_32, _128, _8, _16>,
    Padded<_4, _4>,
    Copy<_4, StagedMid>,
    Pipeline<_3, _1, _16, Prefetch, Snake>,
>;
/// w128x256x8pmg16s with raster groups of 8 tile rows.
pub type Warp128x256x8PMG8S = Sgemm<
    Tile<_128, _256, _8>,
    WarpTiled<_32, _128, _8, _16>,
    Padded<_4, _4>,
    Copy<_4, StagedMid>,
    Pipeline<_3, _1, _8, Prefetch, Snake>,
>;
/// w128x256x8pmg16s with raster groups of 32 tile rows.
pub type Warp128x256x8PMG32S = Sgemm<
    Tile<_128, _256, _8>,
    WarpTiled<_32, _128, _8, _16>,
    Padded<_4, _4>,
    Copy<_4, StagedMid>,
    Pipeline<_3, _1, _32, Prefetch, Snake>,
>;
/// Fallback for leading dimensions that are not multiples of 4: rung 4 with 32-bit loads.
pub type Fallback32 = Sgemm<
    Tile<_128, _128, _8>,
    WarpTiled<_32, _64, _8, _8>,
    Padded<_4, _4>,
    Copy<_1>,
    Pipeline<_3, _2>,
>;
/// A small configuration for simulator tests: 64×64×8 tile, 128 threads.
pub type Small = Sgemm<
    Tile<_64, _64, _8>,
    WarpTiled<_32, _32, _8, _4>,
    Padded<_4, _0>,
    Copy<_4>,
    Pipeline<_2, _1>,
>;

/// A shipped configuration.
#[derive(Clone, Copy, Debug)]
pub struct Shipped {
    /// short name, used in kernel names and on the command line
    pub name: &'static str,
    /// what it adds on the ladder
    pub what: &'static str,
    /// its numbers
    pub params: GemmParams,
    /// the layouts it is shipped for
    pub layouts: &'static [GemmLayout],
    /// it also ships the tail-split variant of its kernel
    /// ([`Shipped::split_kernel`], [`crate::gemm::split`]), which launches use
    /// when the schedule of the problem has a partial last wave worth splitting
    pub tail_split: bool,
}

/// All four layouts.
pub const ALL_LAYOUTS: &[GemmLayout] = &GemmLayout::ALL;

/// `nt` and `tn`: A and B of the same storage. The `…a` variants (K-major operands
/// by 4-byte `cp.async`, two blocks per SM) spill a few registers under the
/// 128-register cap when the storages are mixed (`nn`, `tt`), so they ship for
/// these two only.
pub const SAME_STORAGE: &[GemmLayout] = &[
    GemmLayout {
        a: super::Major::Mn,
        b: super::Major::Mn,
    },
    GemmLayout {
        a: super::Major::K,
        b: super::Major::K,
    },
];

impl Shipped {
    /// The kernel for `layout`, named `sgemm_<name>_<layout>`. Every shipped
    /// configuration generates for every layout (tested below), so this cannot fail.
    pub fn kernel(&self, layout: GemmLayout) -> GemmKernel {
        generate(
            &self.params,
            layout,
            &format!("sgemm_{}_{}", self.name, layout),
        )
        .expect("shipped configurations have valid layouts")
    }

    /// The tail-split variant of [`Shipped::kernel`], named
    /// `sgemm_<name>_<layout>_split`, when this configuration ships one.
    pub fn split_kernel(&self, layout: GemmLayout) -> Option<GemmKernel> {
        self.tail_split.then(|| {
            generate_tail_split(
                &self.params,
                layout,
                &format!("sgemm_{}_{}_split", self.name, layout),
            )
            .expect("shipped configurations have valid layouts")
        })
    }
}

/// Every shipped configuration, ladder order first.
pub fn shipped() -> Vec<Shipped> {
    vec![
        Shipped {
            name: "r1_smem",
            what: "smem tiling + 8x8 register blocking, 32-bit loads",
            params: Rung1Smem::PARAMS,
            layouts: ALL_LAYOUTS,
            tail_split: false,
        },
        Shipped {
            name: "r2_vec",
            what: "+ 128-bit global loads",
            params: Rung2Vec::PARAMS,
            layouts: ALL_LAYOUTS,
            tail_split: false,
        },
        Shipped {
            name: "r3_pipe",
            what: "+ 3-stage cp.async pipeline",
            params: Rung3Pipe::PARAMS,
            layouts: ALL_LAYOUTS,
            tail_split: false,
        },
        Shipped {
            name: "r4_warp",
            what: "+ warp tiling (32x64 warps, 4x8 lanes)",
            params: Rung4Warp::PARAMS,
            layouts: ALL_LAYOUTS,
            tail_split: false,
        },
        Shipped {
            name: "w128x128x16",
            what: "tuning: BK=16",
            params: Warp128x128x16::PARAMS,
            layouts: ALL_LAYOUTS,
            tail_split: false,
        },
        Shipped {
            name: "w128x256x8",
            what: "tuning: 128x256 tile, 8x16 per thread",
            params: Warp128x256x8::PARAMS,
            layouts: ALL_LAYOUTS,
            tail_split: false,
        },
        Shipped {
            name: "w128x128x8g8",
            what: "tuning: raster groups of 8",
            params: Warp128x128x8G8::PARAMS,
            layouts: ALL_LAYOUTS,
            tail_split: false,
        },
        Shipped {
            name: "w128x128x16a",
            what: "tuning: BK=16, K-major by cp.async, 2 blocks/SM, groups",
            params: Warp128x128x16A::PARAMS,
            layouts: SAME_STORAGE,
            tail_split: false,
        },
        Shipped {
            name: "w128x256x16",
            what: "tuning: 128x256x16, 8x16 per thread, groups",
            params: Warp128x256x16::PARAMS,
            layouts: ALL_LAYOUTS,
            tail_split: false,
        },
        Shipped {
            name: "w128x256x16a",
            what: "tuning: 128x256x16, K-major by cp.async, groups",
            params: Warp128x256x16A::PARAMS,
            layouts: SAME_STORAGE,
            tail_split: false,
        },
        Shipped {
            name: "w128x256x8g8",
            what: "tuning: 128x256x8, groups",
            params: Warp128x256x8G8::PARAMS,
            layouts: ALL_LAYOUTS,
            tail_split: false,
        },
        Shipped {
            name: "w128x128x16s4a",
            what: "tuning: BK=16, 4 stages, groups",
            params: Warp128x128x16S4A::PARAMS,
            layouts: SAME_STORAGE,
            tail_split: false,
        },
        Shipped {
            name: "w128x128x16w64",
            what: "tuning: BK=16, 64x32 warps (8x4 lanes), groups",
            params: Warp128x128x16W64::PARAMS,
            layouts: SAME_STORAGE,
            tail_split: false,
        },
        Shipped {
            name: "w128x256x8p",
            what: "+ fragments prefetched one k step ahead (128x256x8)",
            params: Warp128x256x8P::PARAMS,
            layouts: ALL_LAYOUTS,
            tail_split: false,
        },
        Shipped {
            name: "w128x256x8pm",
            what: "+ staged K-major stores halfway through the K tile",
            params: Warp128x256x8PM::PARAMS,
            layouts: ALL_LAYOUTS,
            tail_split: false,
        },
        Shipped {
            name: "w128x256x8pmg16",
            what: "+ raster groups of 16 tile rows (128x256x8)",
            params: Warp128x256x8PMG16::PARAMS,
            layouts: ALL_LAYOUTS,
            tail_split: false,
        },
        Shipped {
            name: "w128x256x8pm_ts",
            what: "w128x256x8pm + tail split of a partial last wave",
            params: Warp128x256x8PM::PARAMS,
            layouts: ALL_LAYOUTS,
            tail_split: true,
        },
        Shipped {
            name: "w128x256x8pmg16_ts",
            what: "w128x256x8pmg16 + tail split of a partial last wave",
            params: Warp128x256x8PMG16::PARAMS,
            layouts: ALL_LAYOUTS,
            tail_split: true,
        },
        Shipped {
            name: "w128x256x8pmg16s_ts",
            what: "w128x256x8pmg16_ts, odd raster groups right to left (snake)",
            params: Warp128x256x8PMG16S::PARAMS,
            layouts: ALL_LAYOUTS,
            tail_split: true,
        },
        Shipped {
            name: "w128x256x8pmg8s_ts",
            what: "w128x256x8pmg16s_ts with raster groups of 8 tile rows",
            params: Warp128x256x8PMG8S::PARAMS,
            layouts: ALL_LAYOUTS,
            tail_split: true,
        },
        Shipped {
            name: "w128x256x8pmg32s_ts",
            what: "w128x256x8pmg16s_ts with raster groups of 32 tile rows",
            params: Warp128x256x8PMG32S::PARAMS,
            layouts: ALL_LAYOUTS,
            tail_split: true,
        },
        Shipped {
            name: "fallback32",
            what: "32-bit loads for any leading dimension",
            params: Fallback32::PARAMS,
            layouts: ALL_LAYOUTS,
            tail_split: false,
        },
        Shipped {
            name: "small",
            what: "64x64x8, 128 threads (tests)",
            params: Small::PARAMS,
            layouts: ALL_LAYOUTS,
            tail_split: false,
        },
    ]
}

/// The shipped configuration called `name`.
pub fn find(name: &str) -> Option<Shipped> {
    shipped().into_iter().find(|s| s.name == name)
}

/// The configuration measured fastest for `layout` on the H100 and the H200
/// (4096³ and 8192³, see README.md): 128×256×8 (8×16 per thread) with prefetched
/// fragments and mid-tile staged stores, its blocks in raster groups of 16 tile
/// rows for `nn`, `tn` and `tt`, and in plain order for `nt` (where the groups
/// measured 0.5–1% slower), each with its tail split (used where a partial
/// last wave is worth splitting, such as 8192³; the plain kernel elsewhere).
/// The snake variants (`w128x256x8pmg{8,16,32}s_ts`) measured within 0.3% of it
/// on H200 `tn`, inside the per-round spread, so they stay tuning configurations.
pub fn best(layout: GemmLayout) -> Shipped {
    let name = if layout == NT {
        "w128x256x8pm_ts"
    } else {
        "w128x256x8pmg16_ts"
    };
    find(name).expect("the best configurations are shipped")
}

/// `nt`: A and B both M/N-major.
const NT: GemmLayout = GemmLayout {
    a: super::Major::Mn,
    b: super::Major::Mn,
};

#[cfg(test)]
mod tests {
    use super::*;

    /// The best configuration of each layout is shipped for it, and only `nt`
    /// keeps plain block order.
    #[test]
    fn best_is_shipped_for_its_layout() {
        for l in GemmLayout::ALL {
            let b = best(l);
            assert!(b.layouts.contains(&l), "{} {l}", b.name);
            assert_eq!(b.params.group_m() == 0, l.to_string() == "nt", "{l}");
            assert_eq!((b.params.bm(), b.params.bn(), b.params.bk()), (128, 256, 8));
            assert!(b.tail_split && b.split_kernel(l).is_some());
        }
    }

    /// A tail-split configuration's plain kernel is its base configuration's
    /// kernel (same PTX but for the name), and only those ship a split kernel.
    #[test]
    fn tail_split_configurations_keep_the_plain_kernel() {
        for (ts, base) in [
            ("w128x256x8pm_ts", "w128x256x8pm"),
            ("w128x256x8pmg16_ts", "w128x256x8pmg16"),
        ] {
            let (ts, base) = (find(ts).unwrap(), find(base).unwrap());
            assert!(base.split_kernel("nt".parse().unwrap()).is_none());
            for l in GemmLayout::ALL {
                let strip = |k: GemmKernel, name: &str| {
                    crate::module_ptx(vec![k.kernel().clone()]).replace(name, "K")
                };
                let (a, b) = (ts.kernel(l), base.kernel(l));
                let (na, nb) = (a.name().to_string(), b.name().to_string());
                assert_eq!(strip(a, &na), strip(b, &nb), "{l}");
                assert!(ts.split_kernel(l).unwrap().is_tail_split());
            }
        }
    }

    /// A snake configuration is its raster base with only the column order of
    /// odd groups changed: without the snake its PTX (plain and tail-split
    /// kernels) is the base's text for text; with it, the kernel adds one
    /// predicated move (the mirrored column) and a " (snake)" comment, and so
    /// does the tail-split kernel (its tail tiles' map; the whole tiles run on
    /// the plain kernel).
    #[test]
    fn snake_configurations_change_only_the_column_order() {
        let predicated_moves = |t: &str| {
            t.lines()
                .filter(|l| l.trim_start().starts_with("@%p") && l.contains(" mov.u32 "))
                .count()
        };
        let g16 = find("w128x256x8pmg16_ts").unwrap().params;
        for (name, group) in [
            ("w128x256x8pmg16s_ts", 16),
            ("w128x256x8pmg8s_ts", 8),
            ("w128x256x8pmg32s_ts", 32),
        ] {
            let s = find(name).unwrap();
            assert!(s.params.snake() && s.tail_split && !g16.snake(), "{name}");
            assert_eq!(s.params.group_m(), group, "{name}");
            let raster = s.params.try_with_snake(false).unwrap();
            if group == 16 {
                assert_eq!(raster, g16);
            }
            for l in GemmLayout::ALL {
                let text = |k: GemmKernel| crate::module_ptx(vec![k.kernel().clone()]);
                let base = text(generate(&raster, l, "k").unwrap());
                let snake = text(generate(&s.params, l, "k").unwrap());
                assert_ne!(base, snake);
                assert_eq!(
                    snake.replace(" (snake)", "").lines().count(),
                    base.lines().count() + 5,
                    "{name} {l}"
                );
                assert_eq!(
                    predicated_moves(&snake),
                    predicated_moves(&base) + 1,
                    "{name} {l}"
                );
                let split = |p: &GemmParams| text(generate_tail_split(p, l, "k").unwrap());
                assert_eq!(
                    predicated_moves(&split(&s.params)),
                    predicated_moves(&split(&raster)) + 1
                );
            }
        }
        assert!(find("w128x256x8pm")
            .unwrap()
            .params
            .try_with_snake(true)
            .is_err());
    }

    /// What keeps `Shipped::kernel`'s `expect` from firing: every configuration
    /// generates for each of the four layouts.
    #[test]
    fn every_shipped_configuration_generates_for_every_layout() {
        for s in shipped() {
            for l in GemmLayout::ALL {
                let params = s.params;
                assert!(generate(&params, l, "k").is_ok(), "{} {l}", s.name);
            }
        }
    }
}
