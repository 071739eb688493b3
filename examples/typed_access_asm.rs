//! Element access on a typed tile next to the same access written by hand, in
//! functions kept out of line so that their machine code can be read:
//!
//! `cargo rustc --release --example typed_access_asm -- --emit asm`
//! (then look for `typed_at`, `hand_at`, `typed_tile_sum`, `hand_tile_sum` in
//! `target/release/examples/typed_access_asm-*.s`).
//!
//! The tile is the typed local_tile of an `(M, N):(N, _1)` row-major matrix by
//! `(_32, _8)`: `Layout<(_32, _8), (i64, _1)>`, so `tile.at((i, j))` is
//! `offset + i·N + j` with `i < 32`, `j < 8` and the storage bound checked.
use cute::tensor::{make_tensor, Tensor};
use cute::typed::{Layout, _1, _32, _8};
use cute::Error;
use std::hint::black_box;

type Tile = Layout<(_32, _8), (i64, _1)>;

/// `tile(i, j)` through the typed layout: checked against the shape and the storage.
#[inline(never)]
pub fn typed_at(tile: &Tensor<&[f32], Tile>, i: i64, j: i64) -> Result<f32, Error> {
    tile.at((i, j)).copied()
}

/// The same element by hand: `data[offset + i·ld + j]`, checked against the
/// storage only (a panic instead of an error).
#[inline(never)]
pub fn hand_at(data: &[f32], offset: usize, ld: usize, i: usize, j: usize) -> f32 {
    data[offset + i * ld + j]
}

/// The sum of a tile's elements through `at`.
#[inline(never)]
pub fn typed_tile_sum(tile: &Tensor<&[f32], Tile>) -> Result<f32, Error> {
    let mut s = 0.0;
    for i in 0..32 {
        for j in 0..8 {
            s += *tile.at((i, j))?;
        }
    }
    Ok(s)
}

/// The same sum by hand.
#[inline(never)]
pub fn hand_tile_sum(data: &[f32], offset: usize, ld: usize) -> f32 {
    let mut s = 0.0;
    for i in 0..32 {
        for j in 0..8 {
            s += data[offset + i * ld + j];
        }
    }
    s
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (m, n) = (100i64, 60i64);
    let data: Vec<f32> = (0..m * n).map(|x| x as f32).collect();
    let a = make_tensor(&data[..], Layout::new((m, n), (n, _1))?)?;
    let tile: Tensor<&[f32], Tile> = a.local_tile(&(_32, _8), (2, 3))?;
    let (off, ld) = (tile.offset() as usize, n as usize);
    let (i, j) = (black_box(5), black_box(6));
    let typed = typed_at(black_box(&tile), i, j)?;
    let hand = hand_at(
        black_box(&data),
        black_box(off),
        black_box(ld),
        i as usize,
        j as usize,
    );
    let (ts, hs) = (
        typed_tile_sum(black_box(&tile))?,
        hand_tile_sum(black_box(&data), black_box(off), black_box(ld)),
    );
    println!(
        "tile {} at offset {off}: ({i},{j}) typed {typed}, by hand {hand}",
        tile.layout()
    );
    println!("tile sum: typed {ts}, by hand {hs}");
    if typed != hand || ts != hs {
        return Err("typed and hand-written access disagree".into());
    }
    Ok(())
}
