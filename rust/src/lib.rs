//! `cgt._core`: the compiled twins of `cgt`'s hot loops.
use pyo3::prelude::*;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__doc__", "The compiled core of cgt (private: use the cgt package).")?;
    Ok(())
}
