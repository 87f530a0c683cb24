//! Censuses of grid rulesets (the twins of `cgt/db/`).
pub mod census;
pub mod enumerate;
pub mod python;
