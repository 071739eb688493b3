//! Runs the host GEMM written through layouts (CTA tiles by `local_tile`,
//! threads by `local_partition`, ragged edges by identity-tensor predicates) on
//! a problem that is not a multiple of the tile, with a transposed operand, and
//! checks it against the plain triple loop.
//!
//! `cargo run --release --example host_gemm`
use cute::tensor::{gemm, gemm_reference, gemm_typed, make_tensor, GemmConfig};
use cute::typed::{make_layout_right, Layout, _1, _32, _4, _8};
use cute::DLayout;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (m, n, k) = (100usize, 75usize, 37usize);
    // A (M,K) row-major; B (N,K) column-major (that is, Bᵀ is a row-major K×N
    // matrix); C (M,N) column-major.
    let la: DLayout = format!("({m},{k}):({k},1)").parse()?;
    let lb: DLayout = format!("({n},{k}):(1,{n})").parse()?;
    let lc: DLayout = format!("({m},{n}):(1,{m})").parse()?;
    let a: Vec<f64> = (0..m * k).map(|i| ((i * 7919) % 17) as f64 - 8.0).collect();
    let b: Vec<f64> = (0..n * k)
        .map(|i| ((i * 104729) % 13) as f64 - 6.0)
        .collect();
    let c0: Vec<f64> = (0..m * n).map(|i| (i % 5) as f64).collect();

    // 32×32×8 CTA tiles, 8×4 threads numbered row-major: 4×8 values per thread.
    let cfg = GemmConfig::new((32, 32, 8), "(8,4):(4,1)".parse()?)?;
    println!(
        "C = 2·A·Bᵀ + 0.5·C with M,N,K = {m},{n},{k}; tile {:?}, threads {}",
        cfg.tile(),
        cfg.threads()
    );
    println!("A {la}, B {lb}, C {lc}");

    let (ta, tb) = (make_tensor(&a[..], la)?, make_tensor(&b[..], lb)?);
    let mut c_layouts = c0.clone();
    gemm(
        2.0,
        &ta,
        &tb,
        0.5,
        &mut make_tensor(&mut c_layouts[..], lc.clone())?,
        &cfg,
    )?;
    let mut c_loop = c0.clone();
    gemm_reference(2.0, &ta, &tb, 0.5, &mut make_tensor(&mut c_loop[..], lc)?)?;

    // The same GEMM over typed layouts: the blocking is static (in the types),
    // tiles and partitions are typed layouts such as `(_32,_8):(37,_1)`.
    let (mi, ni, ki) = (m as i64, n as i64, k as i64);
    let ta_typed = make_tensor(&a[..], Layout::new((mi, ki), (ki, _1))?)?;
    let tb_typed = make_tensor(&b[..], Layout::new((ni, ki), (_1, ni))?)?;
    let mut c_typed = c0.clone();
    gemm_typed(
        2.0,
        &ta_typed,
        &tb_typed,
        0.5,
        &mut make_tensor(&mut c_typed[..], Layout::new((mi, ni), (_1, mi))?)?,
        (_32, _32, _8),
        make_layout_right((_8, _4)),
    )?;
    if c_typed != c_layouts {
        return Err("the typed GEMM disagrees with the DLayout GEMM".into());
    }
    println!("gemm_typed (tile (_32,_32,_8), threads (_8,_4):(_4,_1)) agrees, bit for bit");

    let differing = c_layouts
        .iter()
        .zip(&c_loop)
        .filter(|(x, y)| x != y)
        .count();
    println!(
        "C(0,0) = {}, C({},{}) = {}",
        c_layouts[0],
        m - 1,
        n - 1,
        c_layouts[m * n - 1]
    );
    println!(
        "elements differing from the triple loop: {differing} of {}",
        m * n
    );
    if differing != 0 {
        return Err("the layout GEMM disagrees with the triple loop".into());
    }
    Ok(())
}
