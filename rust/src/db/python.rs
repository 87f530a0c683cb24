//! The census's Python face.

use super::census::{census_shard as shard_rows, MAX_CELLS};
use crate::engine::python::with_tables_released;
use crate::engine::Id;
use crate::rulesets::domineering::placement_search;
use pyo3::prelude::*;

/// `[(board, id), ...]`: the positions of shard `shard` of `shards` of the `n`-cell census
/// valued by placement search `solver` (see `census.rs`), the GIL released meanwhile.
#[pyfunction]
fn census_shard(
    py: Python<'_>,
    solver: usize,
    n: usize,
    shard: u64,
    shards: u64,
) -> PyResult<Vec<(String, Id)>> {
    with_tables_released(py, |tables| {
        let placement = placement_search(&mut tables.searches, solver)?;
        shard_rows(&mut tables.engine, placement, n, shard, shards)
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("CENSUS_MAX_CELLS", MAX_CELLS)?;
    m.add_function(wrap_pyfunction!(census_shard, m)?)?;
    Ok(())
}
