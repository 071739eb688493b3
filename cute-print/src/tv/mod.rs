//! Pictures of thread–value layouts ([`cute_typed::tv`]): [`TvGrid`],
//! [`MmaGrid`] and [`CopyGrid`] draw a TV layout, a tiled MMA and a tiled copy as
//! CuTe's `print_latex` does, each element coloured by its thread and labelled
//! `T<thread>V<value>`, through this crate's renderers ([`tv_svg`],
//! [`tv_latex`], [`mma_svg`], [`copy_svg`]); [`render_tv_picture`] is the
//! `cute svg --tile`/`--atom` front end.
mod picture;
mod render;

pub use picture::{
    copy_latex, copy_svg, mma_latex, mma_svg, tv_latex, tv_svg, CopyGrid, MmaGrid, TvGrid, TvGrids,
};
pub use render::{render_tv_picture, PictureFormat, TvPictureError, TvPictureSpec};
