//! The grid solvers' Python face: thin `#[pyfunction]`s; a solver is a handle (an index).

use super::grid::{encode, Moves, Placement};
use crate::engine::python::with_tables;
use crate::engine::{Id, Stop};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;

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

/// The engine id of the board `rows` (strings of equal length, `.` an empty cell,
/// `#` a blocked one), or None when it does not fit the compiled solver.
#[pyfunction]
fn placement_board(py: Python<'_>, solver: usize, rows: Vec<PyBackedStr>) -> PyResult<Option<Id>> {
    let Some((mask, width)) = encode(rows.iter().map(|row| row.as_bytes())) else {
        return Ok(None);
    };
    with_tables(py, |tables| {
        let placement = tables
            .placements
            .get_mut(solver)
            .ok_or(Stop::Invalid("no such solver"))?;
        placement.value(&mut tables.engine, mask, width).map(Some)
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
    m.add_function(wrap_pyfunction!(placement_board, m)?)?;
    m.add_function(wrap_pyfunction!(placement_clear, m)?)?;
    Ok(())
}
