//! Answering one question by search, without the whole canonical form (the twin of `cgt/solve/`).
pub mod cram;
pub mod nimber;
pub mod python;
pub mod variant;
