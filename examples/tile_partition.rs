//! Tiles an 8×8 matrix into 4×4 CTA tiles and deals each tile out to 2×2
//! threads, exactly as a GPU kernel's layouts do, then prints who owns what.
//!
//! `cargo run --example tile_partition`
use cute::print::print_layout;
use cute::tensor::{make_identity_tensor, make_tensor, shape_tiler, Partition, TileGrid};
use cute::{DLayout, DTuple, Error};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // An 8×8 row-major matrix holding 0..64.
    let data: Vec<i32> = (0..64).collect();
    let matrix: DLayout = "(8,8):(8,1)".parse()?;
    let tensor = make_tensor(&data[..], matrix.clone())?;
    let mut out = String::new();
    println!("The matrix (8,8):(8,1) — element (m,n) is stored at index L(m,n):");
    print_layout(&mut out, &matrix)?;
    println!("{out}");

    // CTA tiles: local_tile with a 4×4 tiler.
    let tiler = shape_tiler(&"(4,4)".parse()?)?;
    let tile = tensor.view().local_tile(&tiler, (1, 0))?;
    println!(
        "local_tile(A, (4,4), (1,0)) = {} at offset {}:",
        tile.dlayout(),
        tile.offset()
    );
    println!("{tile}");

    // Threads: local_partition of the tile over a 2×2 thread layout (row-major numbering).
    let threads: DLayout = "(2,2):(2,1)".parse()?;
    for t in 0..4 {
        let part = tile.view().local_partition(&threads, t)?;
        println!(
            "thread {t}: local_partition(tile, {threads}, {t}) = {} at offset {} holds {:?}",
            part.dlayout(),
            part.offset(),
            part.to_vec()
        );
    }
    println!();

    // Who owns what, over the whole matrix: the same decomposition applied to the
    // identity tensor gives every (tile, thread, value) its (m, n).
    let owners = owner_table(&matrix.shape(), &tiler, &threads)?;
    println!("Owner of each element as (tile)T(thread)V(value), tiles numbered column-major:");
    print_table(&owners);
    Ok(())
}

/// `owners[m][n] = (tile, thread, value)`.
type Owners = Vec<Vec<(i64, i64, i64)>>;

/// Who owns each element, computed through layouts only.
fn owner_table(
    shape: &DTuple,
    tiler: &cute::dynamic::DTiler,
    threads: &DLayout,
) -> Result<Owners, Error> {
    let id = make_identity_tensor(shape)?;
    let tiles = TileGrid::new(&id.dlayout(), tiler)?;
    let (m_extent, n_extent) = (
        shape.get(0)?.product()?.value,
        shape.get(1)?.product()?.value,
    );
    let mut owners = vec![vec![(0, 0, 0); n_extent as usize]; m_extent as usize];
    let count = tiles.tiles()?.product()?.value;
    let (tile_layout, _) = tiles.tile(&"(0,0)".parse().map_err(|_| Error::Unsupported)?)?;
    let part = Partition::new(&tile_layout, threads)?;
    for tile in 0..count {
        let (_, tile_offset) = tiles.tile(&DTuple::d(tile))?;
        for t in 0..part.threads() {
            let base = tile_offset + part.thread_offset(t)?;
            for (v, code) in cute::tensor::Offsets::new(&part.values(), base)?.enumerate() {
                let (m, n) = (id.digit(code, 0)?, id.digit(code, 1)?);
                owners[m as usize][n as usize] = (tile, t, v as i64);
            }
        }
    }
    Ok(owners)
}

/// A `print_layout`-style table of owners.
fn print_table(owners: &[Vec<(i64, i64, i64)>]) {
    let cols = owners.first().map_or(0, Vec::len);
    let width = 8;
    print!("    ");
    for n in 0..cols {
        print!("  {n:>width$} ");
    }
    println!();
    let frame = format!(
        "    +{}",
        format!("{}+", "-".repeat(width + 2)).repeat(cols)
    );
    for (m, row) in owners.iter().enumerate() {
        println!("{frame}");
        print!("{m:>2}  ");
        for (tile, t, v) in row {
            print!("| {:>width$} ", format!("{tile}T{t}V{v}"));
        }
        println!("|");
    }
    println!("{frame}");
}
