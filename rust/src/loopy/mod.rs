//! Loopy games whose graph algorithms run in Rust (the twins of `cgt/loopy/`).
pub mod python;
pub mod sided;
pub mod stopper;
