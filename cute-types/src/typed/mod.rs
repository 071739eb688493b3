//! The typed layer: `Layout<Shape, Stride>` over nested tuples whose leaves are
//! typenum static integers or plain `i64`s.
