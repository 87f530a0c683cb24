//! `cgt._core`: the compiled twins of `cgt`'s hot loops (private: use the `cgt` package).
use pyo3::prelude::*;

pub mod dyadic;
pub mod engine;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add(
        "__doc__",
        "The compiled core of cgt (private: use the cgt package).",
    )?;
    engine::python::register(m)?;
    Ok(())
}
