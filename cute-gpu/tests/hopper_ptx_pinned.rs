//! The shipped rung-5 kernel's PTX is pinned: adding configurations or
//! generator features must leave `r5_tma_store` byte-identical (ptxas schedules
//! the main loop from the whole kernel, so any change to its text can move its
//! speed). A deliberate change to the kernel updates these fingerprints.
use cute_gpu::hopper::shipped::{all_io, find, kernel_name};
use cute_gpu::ptx::Module;

/// FNV-1a, 64 bits: `h = (h ⊕ byte) · 0x100000001b3`, from `0xcbf29ce484222325`.
fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// `(kernel name, FNV-1a of its sm_90a module text)` for every format of
/// `r5_tma_store`, the text the H100/H200 parity runs of 2026-11-24 timed (the
/// same hashes come from a `hopper_ptx` built before the variants were added).
const PINNED: [(&str, u64); 8] = [
    ("hgemm_r5_tma_store_bf16_bf16", 0x01953b66490a1cdf),
    ("hgemm_r5_tma_store_bf16_f32", 0xa25584c3b37f4579),
    ("hgemm_r5_tma_store_f16_f16", 0xd19dc18213dc168d),
    ("hgemm_r5_tma_store_f16_f32", 0xe52ad0d7cc1fa83f),
    ("hgemm_r5_tma_store_bf16_bf16_bkn", 0xbe345270638502a4),
    ("hgemm_r5_tma_store_bf16_f32_bkn", 0x5eb8a7a388cf04c8),
    ("hgemm_r5_tma_store_f16_f16_bkn", 0x2625c287fc320e90),
    ("hgemm_r5_tma_store_f16_f32_bkn", 0x2e690fcdc28e52c0),
];

#[test]
fn r5_tma_store_ptx_is_byte_identical_to_the_pinned_text() {
    let r5 = find("r5_tma_store").expect("r5_tma_store is shipped");
    let mut got = Vec::new();
    for io in all_io() {
        let k = r5.kernel(io).expect("r5_tma_store generates");
        assert_eq!(k.kernel.name, kernel_name("r5_tma_store", io));
        let text = Module::new("sm_90a", vec![k.kernel.clone()]).to_string();
        got.push((k.kernel.name.clone(), fnv1a64(text.as_bytes())));
    }
    let want: Vec<(String, u64)> = PINNED.iter().map(|&(n, h)| (n.to_string(), h)).collect();
    assert_eq!(got, want, "r5_tma_store's PTX changed");
}

type Key = (
    usize,
    usize,
    usize,
    usize,
    Option<(usize, usize)>,
    usize,
    bool,
    bool,
);

fn key(p: &cute_gpu::hopper::config::HgemmParams) -> Key {
    (
        p.bm(),
        p.bn(),
        p.bk(),
        p.consumers(),
        p.warp_specialized(),
        p.stages(),
        p.persistent(),
        p.tma_store(),
    )
}

#[test]
fn the_raster_group_variants_differ_from_r5_only_by_the_group() {
    let r5 = find("r5_tma_store").unwrap().params;
    for name in ["r5_g4", "r5_g16"] {
        let v = find(name).unwrap().params;
        assert_ne!(v.group_m(), r5.group_m(), "{name}");
        assert_eq!(key(&v), key(&r5), "{name}");
    }
}
