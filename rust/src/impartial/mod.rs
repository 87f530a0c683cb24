//! Impartial games whose hot loops run in Rust (the twins of `cgt/impartial/`).
pub mod python;
pub mod sparse_space;
