//! The loopy graph algorithms' Python face: `cgt.loopy.stopper` calls them on the compiled engine.

use super::stopper::{right_wins, Interrupted};
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// Right's wins in `G_g - G_h` for every pair of nodes: two bytes objects indexed `g * n + h`
/// (Left to move, Right to move).  Ctrl-C stops it.
#[pyfunction]
fn loopy_right_wins<'py>(
    py: Python<'py>,
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>)> {
    let n = left.len();
    if right.len() != n
        || left
            .iter()
            .chain(&right)
            .flatten()
            .any(|&w| w as usize >= n)
    {
        return Err(PyValueError::new_err(
            "a game graph has as many Right option lists as Left ones, each a node id below their number",
        ));
    }
    let mut pending = None;
    let result = py.detach(|| {
        right_wins(&left, &right, &mut || {
            Python::attach(|py| py.check_signals())
                .map_err(|error| pending = Some(error))
                .is_err()
        })
    });
    match result {
        Ok((win_l, win_r)) => Ok((PyBytes::new(py, &win_l), PyBytes::new(py, &win_r))),
        Err(Interrupted) => {
            Err(pending.unwrap_or_else(|| PyKeyboardInterrupt::new_err("interrupted")))
        }
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(loopy_right_wins, m)?)
}
