//! The grid solvers' Python face: thin `#[pyfunction]`s; a solver is a handle (an index).

use super::grid::{fits, Moves, Placement};
use crate::engine::python::with_tables;
use crate::engine::{Id, Stop};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A new domino-placement solver: which dominoes each player places (vertical,
/// horizontal), whether a transposed region is the negative, and its table's limit.
#[pyfunction]
fn placement_new(
    py: Python<'_>,
    left: (bool, bool),
    right: (bool, bool),
    transpose_negates: bool,
    limit: usize,
) -> PyResult<usize> {
    let moves = |(vertical, horizontal)| Moves {
        vertical,
        horizontal,
    };
    with_tables(py, |tables| {
        tables.placements.push(Placement::new(
            (moves(left), moves(right), transpose_negates),
            limit,
        ));
        Ok(tables.placements.len() - 1)
    })
}

/// Whether a board of `height` rows and `width` columns fits the compiled solver.
#[pyfunction]
fn placement_fits(height: u32, width: u32) -> bool {
    fits(height, width)
}

/// The engine id of the board `mask` (empty cells, bit `r * (width + 1) + c`).
#[pyfunction]
fn placement_value(py: Python<'_>, solver: usize, mask: u128, width: u32) -> PyResult<Id> {
    if width >= 127 || (width > 0 && mask >> 127 != 0) {
        return Err(PyValueError::new_err(
            "the board does not fit the compiled solver",
        ));
    }
    with_tables(py, |tables| {
        let placement = tables
            .placements
            .get_mut(solver)
            .ok_or(Stop::Invalid("no such solver"))?;
        placement.value(&mut tables.engine, mask, width)
    })
}

/// Forget the values a solver has computed.
#[pyfunction]
fn placement_clear(py: Python<'_>, solver: usize) -> PyResult<()> {
    with_tables(py, |tables| {
        tables
            .placements
            .get_mut(solver)
            .ok_or(Stop::Invalid("no such solver"))?
            .clear();
        Ok(())
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(placement_new, m)?)?;
    m.add_function(wrap_pyfunction!(placement_fits, m)?)?;
    m.add_function(wrap_pyfunction!(placement_value, m)?)?;
    m.add_function(wrap_pyfunction!(placement_clear, m)?)?;
    Ok(())
}
