//! Answering one question by search, without the whole canonical form (the twin of `cgt/solve/`).
pub mod clobber_row;
pub mod cram;
pub mod nimber;
pub mod outcome;
mod outcome_python;
pub mod python;
pub mod variant;
