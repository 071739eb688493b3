//! Layout-derived addresses of the Hopper GEMM against independent models of TMA,
//! wgmma descriptors, the wgmma accumulator and stmatrix.
use cute_gpu::hopper::layouts::*;
/// Where the TMA unit puts element `(r, k)` of a box under
/// `CU_TENSOR_MAP_SWIZZLE_{32,64,128}B` (CUDA driver documentation): byte
/// `r·W + 2k` with its 16-byte chunk index XORed with `(r / (128/W)) mod (W/16)`...
/// for 128-byte rows simply `r mod 8`. Written independently of the layout code.
fn tma_swizzled_byte(r: usize, k: usize, row_bytes: usize) -> usize {
    let linear = r * row_bytes + 2 * k;
    let chunk_bits = (row_bytes / 16).trailing_zeros(); // 3 for 128 B
    let mask = (1usize << chunk_bits) - 1;
    let row_sel = (linear >> 7) & mask; // bits 7.. (the 128-byte line index)
    linear ^ (row_sel << 4)
}

#[test]
fn operand_tiles_match_the_tma_swizzle_pattern() {
    for (rows, sw) in [(128usize, 128usize), (256, 128), (64, 64), (128, 32)] {
        let op = OperandSmem::new(rows, sw, 3).unwrap();
        let stage = op.stage_bytes().unwrap() as usize;
        assert_eq!(stage, rows * sw);
        for s in 0..3 {
            for r in 0..rows {
                for k in 0..sw / 2 {
                    let got = op.offset(r, k, s).unwrap() as usize * 2;
                    let want = s * stage + tma_swizzled_byte(r, k, sw);
                    assert_eq!(got, want, "rows {rows} sw {sw} (r={r}, k={k}, s={s})");
                }
            }
        }
        assert_eq!(op.tma_box().unwrap(), [(sw / 2) as u32, rows as u32]);
    }
}

#[test]
fn the_128b_descriptor_matches_the_known_encoding() {
    let op = OperandSmem::new(128, 128, 4).unwrap();
    let d = op.descriptor().unwrap();
    assert_eq!((d.sbo, d.layout_type), (1024, 1));
    // fast.cu / CUTLASS: (addr>>4)&0x3FFF | 1<<16 | 64<<32 | 1<<62
    let addr = 0x1_2400u32;
    let want = (u64::from(addr >> 4) & 0x3FFF) | 1 << 16 | 64u64 << 32 | 1u64 << 62;
    assert_eq!(d.encode(addr), want);
    assert_eq!(op.k_step_bytes(1).unwrap(), 32);
    assert_eq!(op.k_step_bytes(3).unwrap(), 96);
    assert_eq!(op.row_step_bytes(64).unwrap(), 8192);
    assert_eq!(op.swizzle_period(), 512);
    let d64 = OperandSmem::new(128, 64, 4).unwrap().descriptor().unwrap();
    assert_eq!((d64.sbo, d64.layout_type), (512, 2));
}

/// A model of how wgmma reads a K-major swizzled operand through a descriptor
/// (PTX ISA, "matrix descriptor" / canonical K-major layouts): element `(m, k)` of
/// a 64×16 slice lives at `start + (m/8)·SBO + (m%8)·row_bytes + 2k`, and the
/// swizzle is applied to that byte address. With the start address stepped by
/// the layout's k16 and m64 offsets it must land where TMA put `(m, 16kk + k)`.
#[test]
fn descriptor_steps_address_the_tma_tile() {
    let op = OperandSmem::new(128, 128, 2).unwrap();
    let d = op.descriptor().unwrap();
    for s in 0..2 {
        for mb in 0..2 {
            for kk in 0..4 {
                let start = op.stage_bytes().unwrap() as usize * s
                    + op.row_step_bytes(64 * mb).unwrap() as usize
                    + op.k_step_bytes(kk).unwrap() as usize;
                for m in 0..64 {
                    for k in 0..16 {
                        let linear = start + (m / 8) * d.sbo as usize + (m % 8) * 128 + 2 * k;
                        let hw = linear ^ (((linear >> 7) & 7) << 4);
                        let want = op.offset(64 * mb + m, 16 * kk + k, s).unwrap() as usize * 2;
                        assert_eq!(hw, want, "s={s} mb={mb} kk={kk} m={m} k={k}");
                    }
                }
            }
        }
    }
}

#[test]
fn the_accumulator_map_is_the_documented_formula() {
    for n in [8usize, 128, 256] {
        let acc = AccumulatorMap::new(n).unwrap();
        for t in 0..128 {
            for v in 0..n / 2 {
                let m = 16 * (t / 32) + (t % 32) / 4 + 8 * ((v / 2) % 2);
                let col = 2 * (t % 4) + (v % 2) + 8 * (v / 4);
                assert_eq!(
                    acc.coord(t, v).unwrap(),
                    (m as i64, col as i64),
                    "n={n} t={t} v={v}"
                );
            }
        }
    }
}

#[test]
fn the_store_plan_pairs_neighbouring_columns() {
    let acc = AccumulatorMap::new(256).unwrap();
    let plan = StorePlan::new(&acc).unwrap();
    assert_eq!(plan.regs.len(), 4);
    // q = 0: rows 0-7, cols 16jj..+8 → v = 8jj + {0,1}; q = 1: rows 8-15 → 8jj + {2,3};
    // q = 2: cols +8 → 8jj + {4,5}; q = 3: 8jj + {6,7}
    for (jj, r) in plan.regs.iter().enumerate() {
        assert_eq!(
            r,
            &[
                (8 * jj, 8 * jj + 1),
                (8 * jj + 2, 8 * jj + 3),
                (8 * jj + 4, 8 * jj + 5),
                (8 * jj + 6, 8 * jj + 7)
            ]
        );
    }
    // lane l of warp w addresses row 16w + l%8 + 8((l/8)%2), column 8(l/16)
    for t in 0..128usize {
        let (w, l) = (t / 32, t % 32);
        let (m, n) = (16 * w + l % 8 + 8 * ((l / 8) % 2), 8 * (l / 16));
        assert_eq!(
            plan.thread_address.at(t as i64).unwrap(),
            (m * 64 + n) as i64,
            "t={t}"
        );
    }
}

#[test]
fn mn_major_tiles_are_k_contiguous_boxes_of_the_tma_pattern() {
    let op = OperandSmem::mn_major(256, 64, 128, 3).unwrap();
    assert_eq!(
        op.layout.layout().to_string(),
        "((_64,_4),(_8,_8),(_1,_3)):((_1,_4096),(_64,_512),(_0,_16384))"
    );
    assert_eq!(op.tma_box().unwrap(), [64, 64]);
    assert_eq!(op.boxes().unwrap(), 4);
    assert_eq!(op.box_offset().unwrap(), 4096);
    assert_eq!(op.box_bytes().unwrap(), 256 * 64 * 2);
    // each box is a 64 (N) × 64 (K) TMA box: K row r of the box is a 128-byte line
    for s in 0..3 {
        for j in 0..4 {
            for k in 0..64 {
                for nn in 0..64 {
                    let got = op.offset(64 * j + nn, k, s).unwrap() as usize * 2;
                    let want = s * 256 * 128 + j * 8192 + tma_swizzled_byte(k, nn, 128);
                    assert_eq!(got, want, "s={s} j={j} k={k} n={nn}");
                }
            }
        }
    }
}

/// wgmma reading an MN-major operand (PTX ISA canonical layouts; CuTe's
/// `make_gmma_desc<Major::MN>`: `((8,n),(8,k)):((1,LBO),(8,SBO))` in 16-byte units):
/// element `(n, k)` of an N×16 slice sits at `start + 2·(n%64) + (n/64)·LBO +
/// (k%8)·128 + (k/8)·SBO`, then the 128-byte swizzle applies to the address.
#[test]
fn mn_major_descriptor_addresses_the_tma_tile() {
    let op = OperandSmem::mn_major(256, 64, 128, 2).unwrap();
    let d = op.descriptor().unwrap();
    assert_eq!((d.lbo, d.sbo, d.layout_type), (8192, 1024, 1));
    assert!(d.fits());
    for s in 0..2 {
        for kk in 0..4 {
            let start =
                op.stage_bytes().unwrap() as usize * s + op.k_step_bytes(kk).unwrap() as usize;
            for n in 0..256 {
                for k in 0..16 {
                    let linear = start
                        + 2 * (n % 64)
                        + (n / 64) * d.lbo as usize
                        + (k % 8) * 128
                        + (k / 8) * d.sbo as usize;
                    let hw = linear ^ (((linear >> 7) & 7) << 4);
                    let want = op.offset(n, 16 * kk + k, s).unwrap() as usize * 2;
                    assert_eq!(hw, want, "s={s} kk={kk} n={n} k={k}");
                }
            }
        }
    }
}
