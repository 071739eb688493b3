//! Interim `zipped_divide` with a by-mode tiler, built from `composition` and
//! `complement`, until `crate::algebra::zipped_divide_tiler` lands.
use crate::algebra::{coalesce, complement, composition};
use crate::dynamic::{DLayout, DTiler, DTuple, TilerMode};
use crate::error::Error;

/// `logical_divide(L, T) = L ∘ (T, complement(T, shape(coalesce(L))))`.
fn logical_divide(l: &DLayout, t: &DLayout) -> Result<DLayout, Error> {
    let rest = complement(t, &coalesce(l)?.shape())?;
    composition(l, &DLayout::from_modes(&[*t, rest])?)
}

/// `zipped_divide(L, [T0, T1, …])`: `((tile0, tile1, …), (rest0, rest1, …, untouched…))`.
pub(crate) fn zipped_divide_tiler(l: &DLayout, tiler: &DTiler) -> Result<DLayout, Error> {
    if tiler.rank() > l.rank() {
        return Err(Error::TilerRank);
    }
    let mut tiles = [*l; 8];
    let mut rests = [*l; 8];
    let r = l.rank();
    if r > 8 {
        return Err(Error::Capacity);
    }
    for i in 0..r {
        let mode = if l.shape().is_tuple() { l.get(i)? } else { *l };
        if i < tiler.rank() {
            let t = match tiler.mode(i)? {
                TilerMode::Layout(t) => t,
                TilerMode::Tiler(_) => return Err(Error::Unsupported),
            };
            let d = logical_divide(&mode, &t)?;
            tiles[i] = d.get(0)?;
            rests[i] = d.get(1)?;
        } else {
            rests[i] = mode;
        }
    }
    let tile = DLayout::from_modes(&tiles[..tiler.rank()])?;
    let rest = DLayout::from_modes(&rests[..r])?;
    let _ = DTuple::empty();
    DLayout::from_modes(&[tile, rest])
}
