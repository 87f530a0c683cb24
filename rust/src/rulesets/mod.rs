//! Rulesets whose search runs in Rust (the twins of `cgt/rulesets/`).
pub mod domineering;
pub mod grid;
pub mod python;
pub mod search;
pub mod stones;
