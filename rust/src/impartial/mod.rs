//! Impartial games whose hot loops run in Rust (the twins of `cgt/impartial/`).
pub mod misere_quotient;
pub mod python;
pub mod sparse_space;
