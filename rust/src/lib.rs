//! `cgt._core`: the compiled twins of `cgt`'s hot loops (private: use the `cgt` package).
use pyo3::prelude::*;

pub mod db;
pub mod dyadic;
pub mod engine;
pub mod huge_pages;
pub mod impartial;
pub mod loopy;
pub mod rulesets;
pub mod solve;

#[global_allocator]
static ALLOCATOR: huge_pages::HugePages = huge_pages::HugePages;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add(
        "__doc__",
        "The compiled core of cgt (private: use the cgt package).",
    )?;
    // `stacker` finds a thread's stack bounds on first use by reading the
    // process's memory map (about 0.1 ms): do it now, for the importing thread.
    let _ = stacker::remaining_stack();
    engine::python::register(m)?;
    rulesets::python::register(m)?;
    impartial::python::register(m)?;
    loopy::python::register(m)?;
    db::python::register(m)?;
    solve::python::register(m)?;
    Ok(())
}
