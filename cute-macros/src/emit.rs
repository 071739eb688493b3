//! Writes a [`LayoutModel`] or a tuple [`Node`] as Rust code against the typed
//! layer of `cute` (`cute_typed::typed`, re-exported as `::cute::…`).
use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::quote;

use crate::model::{LayoutModel, Node};

/// The type of a static integer `v >= 0`: the alias `_v` where the typed layer
/// has one (0 to 256, powers of two to 65536), otherwise `C<N>` with `N` the
/// decimal numeral of `v` (`C<(D1, D0, D0, D0)>` for 1000).
fn static_type(v: i64) -> TokenStream {
    if has_alias(v) {
        let alias = Ident::new(&format!("_{v}"), Span::call_site());
        return quote!(::cute::typed::#alias);
    }
    let numeral = decimal_numeral(v);
    quote!(::cute::typed::C<#numeral>)
}

/// The typed layer's numeral of `v >= 10`: its digits `D0 … D9` in a tuple, most
/// significant first.
fn decimal_numeral(v: i64) -> TokenStream {
    let digits: Vec<Ident> = v
        .to_string()
        .chars()
        .map(|d| Ident::new(&format!("D{d}"), Span::call_site()))
        .collect();
    quote!((#(::cute::typed::#digits),*))
}

fn has_alias(v: i64) -> bool {
    (0..=256).contains(&v) || (v <= 65536 && v.count_ones() == 1)
}

/// The value of a static integer `v >= 0`.
fn static_value(v: i64) -> TokenStream {
    if has_alias(v) {
        let alias = Ident::new(&format!("_{v}"), Span::call_site());
        return quote!(::cute::typed::#alias);
    }
    let ty = static_type(v);
    quote!(<#ty>::new())
}

/// A leaf of value `v` that is static in the layout algebra: a static integer
/// when `v >= 0`; a negative one is an `i64`, because the typed layer's static
/// integers are unsigned.
fn literal_type(v: i64) -> TokenStream {
    if v >= 0 {
        static_type(v)
    } else {
        quote!(i64)
    }
}

fn literal_value(v: i64) -> TokenStream {
    if v >= 0 {
        static_value(v)
    } else {
        let lit = Literal::i64_suffixed(v);
        quote!(#lit)
    }
}

/// The type of a dynamic leaf: the written type, or `i64`.
fn dynamic_type(written: Option<&TokenStream>) -> TokenStream {
    match written {
        Some(ty) if !ty.is_empty() => ty.clone(),
        _ => quote!(i64),
    }
}

/// The type of a tuple tree.
pub fn tuple_type(node: &Node) -> TokenStream {
    match node {
        Node::Static(v) => literal_type(*v),
        Node::Runtime(written) => dynamic_type(written.as_ref()),
        Node::Underscore => quote!(::cute::typed::Underscore),
        Node::Tuple(children) => {
            let children = children.iter().map(tuple_type);
            quote!((#(#children,)*))
        }
    }
}

/// The value of a tuple tree. Run-time leaves are the user's expressions,
/// converted to `i64` by `cute::typed::dynamic`.
pub fn tuple_value(node: &Node) -> TokenStream {
    match node {
        Node::Static(v) => literal_value(*v),
        Node::Runtime(Some(expr)) => quote!(::cute::typed::dynamic({ #expr })),
        // Only strides computed from a run-time shape are `None`; `layout_value`
        // leaves those layouts to `make_layout`, so this arm is not reached.
        Node::Runtime(None) => quote!(::core::compile_error!(
            "internal: run-time stride without a value"
        )),
        Node::Underscore => quote!(::cute::typed::Underscore),
        Node::Tuple(children) => {
            let children = children.iter().map(tuple_value);
            quote!((#(#children,)*))
        }
    }
}

/// `Layout<Shape, Stride>`.
pub fn layout_type(model: &LayoutModel) -> TokenStream {
    let shape = tuple_type(&model.shape);
    let stride = tuple_type(&model.stride);
    quote!(::cute::typed::Layout<#shape, #stride>)
}

/// A layout value, built by the typed layer's constructors, so it is what they
/// return: the layout itself when every leaf is static (checked at compile
/// time), a `Result` when a run-time leaf must be checked at run time.
///
/// Run-time leaves may be of any integer type (`{rows.len()}` is a `usize`):
/// each is converted to `i64` first with `cute::typed::try_dynamic`, and a
/// value beyond `i64` makes the whole literal `Err(Error::Overflow)`, like
/// any other check of a run-time leaf. (The conversions are bound in a labeled
/// block, so the user's expressions keep their own `?` and `return`.)
pub fn layout_value(model: &LayoutModel) -> TokenStream {
    let mut leaves = Vec::new();
    let shape = bound_tuple_value(&model.shape, &mut leaves);
    let built = if has_computed(&model.stride) {
        quote!(::cute::typed::make_layout(#shape))
    } else {
        let stride = bound_tuple_value(&model.stride, &mut leaves);
        quote!(::cute::typed::Layout::new(#shape, #stride))
    };
    if leaves.is_empty() {
        return built;
    }
    let bindings = leaves.iter().enumerate().map(|(k, expr)| {
        let name = leaf_name(k);
        quote! {
            let #name: i64 = match ::cute::typed::try_dynamic({ #expr }) {
                ::core::result::Result::Ok(v) => v,
                ::core::result::Result::Err(e) => break '__cute_leaves ::core::result::Result::Err(e),
            };
        }
    });
    quote!('__cute_leaves: { #(#bindings)* #built })
}

/// The binding of run-time leaf `k` in [`layout_value`].
fn leaf_name(k: usize) -> Ident {
    Ident::new(&format!("__cute_leaf_{k}"), Span::mixed_site())
}

/// [`tuple_value`] with every run-time leaf's expression moved to `leaves` and
/// replaced by its binding.
fn bound_tuple_value(node: &Node, leaves: &mut Vec<TokenStream>) -> TokenStream {
    match node {
        Node::Runtime(Some(expr)) => {
            let name = leaf_name(leaves.len());
            leaves.push(expr.clone());
            quote!(#name)
        }
        Node::Tuple(children) => {
            let children: Vec<TokenStream> = children
                .iter()
                .map(|c| bound_tuple_value(c, leaves))
                .collect();
            quote!((#(#children,)*))
        }
        other => tuple_value(other),
    }
}

/// Whether a leaf must be computed at run time (compact strides of a run-time shape).
fn has_computed(node: &Node) -> bool {
    match node {
        Node::Runtime(None) => true,
        Node::Tuple(children) => children.iter().any(has_computed),
        _ => false,
    }
}
