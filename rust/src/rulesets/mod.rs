//! Rulesets whose search runs in Rust (the twins of `cgt/rulesets/`).
pub mod grid;
pub mod python;
