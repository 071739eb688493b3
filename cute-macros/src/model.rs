//! What a macro expands to, before it is written as Rust: nested tuples whose
//! leaves are static integers, run-time values or the slicing placeholder.
use cute_types::{DInt, FixedLayout, FixedTuple};
use proc_macro2::TokenStream;

use crate::source::{Leaf, LeafSource};

/// One node of a shape, stride or coordinate.
#[derive(Clone)]
pub enum Node {
    /// A static integer (`C<numeral>` in the typed layer).
    Static(i64),
    /// A run-time integer: the user's expression, or `None` where the value is
    /// computed by the typed layer (strides of a shape with run-time leaves).
    Runtime(Option<TokenStream>),
    /// The slicing placeholder `_`.
    Underscore,
    /// A tuple.
    Tuple(Vec<Node>),
}

/// A layout to emit: shape and stride trees.
pub struct LayoutModel {
    /// The shape.
    pub shape: Node,
    /// The stride.
    pub stride: Node,
}

impl Node {
    /// The tree of `t`, taking each leaf's origin from `leaves` (in order).
    pub fn from_source(t: &FixedTuple, leaves: &[&Leaf]) -> Node {
        // Placeholders are not integer leaves of a FixedTuple: skip them here.
        let mut next = leaves
            .iter()
            .map(|l| &l.source)
            .filter(|s| !matches!(s, LeafSource::Underscore));
        from_tuple(t, &mut |v| match next.next() {
            Some(LeafSource::Runtime(expr)) => Node::Runtime(Some(expr.clone())),
            // Literals are static, negative ones included (the text wrote them dynamic).
            Some(LeafSource::Literal(_)) => Node::Static(v.value),
            _ => leaf_of(v),
        })
    }

    /// The tree of a computed tuple: static leaves as they are, dynamic ones
    /// left for the typed layer to compute.
    pub fn computed(t: &FixedTuple) -> Node {
        from_tuple(t, &mut leaf_of)
    }
}

impl Node {
    /// The largest number of modes of any tuple in the tree.
    pub fn widest(&self) -> usize {
        match self {
            Node::Tuple(children) => children
                .iter()
                .map(Node::widest)
                .max()
                .unwrap_or(0)
                .max(children.len()),
            _ => 0,
        }
    }
}

fn leaf_of(v: DInt) -> Node {
    if v.is_static {
        Node::Static(v.value)
    } else {
        Node::Runtime(None)
    }
}

fn from_tuple(t: &FixedTuple, leaf: &mut impl FnMut(DInt) -> Node) -> Node {
    if let Some(v) = t.as_int() {
        return leaf(v);
    }
    if t.is_underscore() {
        return Node::Underscore;
    }
    let children = (0..t.rank())
        .filter_map(|i| t.get(i).ok())
        .map(|mode| from_tuple(&mode, leaf))
        .collect();
    Node::Tuple(children)
}

impl LayoutModel {
    /// A layout whose every leaf is static (algebra results, literals without braces).
    pub fn all_static(l: &FixedLayout) -> LayoutModel {
        let l = l.with_all_static(true);
        LayoutModel {
            shape: Node::computed(&l.shape()),
            stride: Node::computed(&l.stride()),
        }
    }
}
