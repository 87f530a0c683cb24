//! Rulesets whose search runs in Rust (the twins of `cgt/rulesets/`).
pub mod domineering;
pub mod grid;
pub mod heaps;
pub mod python;
pub mod search;
pub mod stones;
pub mod strip;
