//! The loopy graph algorithms' Python face: `cgt.loopy.stopper` calls them on the compiled engine.

use super::sided::{side_right_wins, Side};
use super::stopper::{right_wins, Halt};
use pyo3::exceptions::{PyKeyboardInterrupt, PyMemoryError, PyValueError};
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
    check_graph(&left, &right)?;
    let (win_l, win_r) = interruptible(py, |poll| right_wins(&left, &right, poll))?;
    Ok((PyBytes::new(py, &win_l), PyBytes::new(py, &win_r)))
}

/// Right's wins with Right to move in `H_b - G_a` for every pair, bytes indexed `a * m + b`,
/// where infinite play is decided by `side` ("onside", "offside" or None: survival).
#[pyfunction]
#[pyo3(signature = (g_left, g_right, h_left, h_right, side=None))]
fn loopy_side_right_wins<'py>(
    py: Python<'py>,
    g_left: Vec<Vec<u32>>,
    g_right: Vec<Vec<u32>>,
    h_left: Vec<Vec<u32>>,
    h_right: Vec<Vec<u32>>,
    side: Option<&str>,
) -> PyResult<Bound<'py, PyBytes>> {
    check_graph(&g_left, &g_right)?;
    check_graph(&h_left, &h_right)?;
    let side = match side {
        None => Side::Survival,
        Some("onside") => Side::Onside,
        Some("offside") => Side::Offside,
        Some(other) => {
            return Err(PyValueError::new_err(format!(
                "side must be 'onside', 'offside' or None, not {other:?}"
            )))
        }
    };
    let wins = interruptible(py, |poll| {
        side_right_wins((&g_left, &g_right), (&h_left, &h_right), side, poll)
    })?;
    Ok(PyBytes::new(py, &wins))
}

fn check_graph(left: &[Vec<u32>], right: &[Vec<u32>]) -> PyResult<()> {
    let n = left.len();
    if right.len() != n || left.iter().chain(right).flatten().any(|&w| w as usize >= n) {
        return Err(PyValueError::new_err(
            "a game graph has as many Right option lists as Left ones, each a node id below their number",
        ));
    }
    Ok(())
}

/// Runs `work` without the GIL; its poll reports a pending Ctrl-C, which is raised, and a
/// table too large for memory is a `MemoryError`.
fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&mut dyn FnMut() -> bool) -> Result<T, Halt> + Send,
) -> PyResult<T> {
    let mut pending = None;
    let result = py.detach(|| {
        work(&mut || {
            Python::attach(|py| py.check_signals())
                .map_err(|error| pending = Some(error))
                .is_err()
        })
    });
    result.map_err(|halt| match halt {
        Halt::Interrupted => pending.unwrap_or_else(|| PyKeyboardInterrupt::new_err("interrupted")),
        Halt::OutOfMemory => {
            PyMemoryError::new_err("the tables of a loopy game's analysis do not fit in memory")
        }
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(loopy_right_wins, m)?)?;
    m.add_function(wrap_pyfunction!(loopy_side_right_wins, m)?)
}
