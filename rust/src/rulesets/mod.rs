//! Rulesets whose search runs in Rust (the twins of `cgt/rulesets/`).
pub mod arc_kayles;
pub mod digraph_placement;
pub mod domineering;
pub mod graph;
pub mod graph_colouring;
pub mod grid;
pub mod heaps;
pub mod nogo;
pub mod python;
pub mod quelhas;
pub mod search;
pub mod sheep;
pub mod ski_jumps;
pub mod stones;
pub mod strip;
