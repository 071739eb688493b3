//! A compile error that points at the tokens the user wrote.
use proc_macro2::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};

/// An error message with the span range it underlines.
pub struct Diag {
    first: Span,
    last: Span,
    message: String,
}

impl Diag {
    /// An error at one token.
    pub fn at(span: Span, message: impl Into<String>) -> Diag {
        Diag::between(span, span, message)
    }

    /// An error underlining from `first` to `last`.
    pub fn between(first: Span, last: Span, message: impl Into<String>) -> Diag {
        Diag {
            first,
            last,
            message: message.into(),
        }
    }

    /// The message.
    #[cfg(test)]
    pub fn message(&self) -> &str {
        &self.message
    }

    /// `::core::compile_error! { "message" }`, spanned so that the compiler
    /// underlines `first..last`: the diagnostic starts at the path's span and
    /// ends at the braces' span (a stable substitute for `Span::join`).
    pub fn into_compile_error(self) -> TokenStream {
        let colon = |span| {
            let mut a = Punct::new(':', Spacing::Joint);
            a.set_span(span);
            let mut b = Punct::new(':', Spacing::Alone);
            b.set_span(span);
            [TokenTree::Punct(a), TokenTree::Punct(b)]
        };
        let mut bang = Punct::new('!', Spacing::Alone);
        bang.set_span(self.first);
        let mut msg = Literal::string(&self.message);
        msg.set_span(self.last);
        let mut body = Group::new(Delimiter::Brace, TokenStream::from(TokenTree::Literal(msg)));
        body.set_span(self.last);
        let mut out: Vec<TokenTree> = Vec::new();
        out.extend(colon(self.first));
        out.push(TokenTree::Ident(Ident::new("core", self.first)));
        out.extend(colon(self.first));
        out.push(TokenTree::Ident(Ident::new("compile_error", self.first)));
        out.push(TokenTree::Punct(bang));
        out.push(TokenTree::Group(body));
        out.into_iter().collect()
    }
}
