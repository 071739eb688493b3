//! CuTe's layout algebra over [`crate::DLayout`], one operation per file.
//!
//! Every function is `const fn`: the same code computes static layouts at compile
//! time and dynamic ones at run time. Static-vs-dynamic behaviour of C++ is kept
//! through each leaf's `is_static` flag.
