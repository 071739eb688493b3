//! Procedural macros for cute-rs (see issue: `layout!` literal).
