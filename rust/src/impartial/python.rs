//! The octal kernel's Python face: `cgt.impartial._compiled_octal` wraps it.

use super::misere_quotient::{self as quotient, Quotient};
use super::sparse_space::{Halt, OctalKernel, Split};
use pyo3::exceptions::{PyKeyboardInterrupt, PyOverflowError, PyValueError};
use pyo3::prelude::*;
use std::time::Instant;

/// The sparse-space kernel of one octal game; `cgt.impartial._compiled_octal` drives it.
#[pyclass(name = "OctalKernel", module = "cgt._core")]
struct PyOctalKernel(OctalKernel);

#[pymethods]
impl PyOctalKernel {
    /// `splits`: pairs `(r, kind)`, kind 0 free, 1 unequal, 2 equal; `values`: `g(0), g(1), ...` so far.
    #[new]
    fn new(
        take_all: Vec<u64>,
        leave_one: Vec<u64>,
        splits: Vec<(u64, u8)>,
        values: Vec<u32>,
        block: usize,
        rank_every: usize,
    ) -> PyResult<Self> {
        if block == 0 || rank_every == 0 {
            return Err(PyValueError::new_err(format!(
                "block and rank_every are positive, not {block} and {rank_every}"
            )));
        }
        if values.first() != Some(&0) {
            return Err(PyValueError::new_err("the values start with g(0) = 0"));
        }
        let splits = splits
            .into_iter()
            .map(|(r, kind)| match kind {
                0 => Ok((r, Split::Free)),
                1 => Ok((r, Split::Unequal)),
                2 => Ok((r, Split::Equal)),
                _ => Err(PyValueError::new_err(format!(
                    "split kind {kind} is not 0, 1 or 2"
                ))),
            })
            .collect::<PyResult<Vec<_>>>()?;
        Ok(Self(OctalKernel::new(
            take_all, leave_one, &splits, values, block, rank_every,
        )))
    }

    /// How many values are known.
    fn __len__(&self) -> usize {
        self.0.values().len()
    }

    /// How many heaps have each value: `counts()[v]` for `v` up to the largest value.
    fn counts(&self) -> Vec<u64> {
        self.0.counts().to_vec()
    }

    /// Tell common values from rare ones by `mask` from now on (the speed changes, not the values).
    fn set_mask(&mut self, mask: u32) {
        self.0.set_mask(mask);
    }

    /// Compute up to `g(n)` and return `[g(start), ..., g(n)]`; Ctrl-C stops it between blocks.
    fn values(&mut self, py: Python<'_>, start: usize, n: usize) -> PyResult<Vec<u32>> {
        let kernel = &mut self.0;
        let mut pending = None;
        let halted = py.detach(|| {
            kernel.extend(n, &mut || {
                Python::attach(|py| py.check_signals())
                    .map_err(|error| pending = Some(error))
                    .is_err()
            })
        });
        match halted {
            Ok(()) => Ok(self.0.values()[start.min(n + 1)..=n].to_vec()),
            Err(Halt::Interrupted) => Err(pending
                .unwrap_or_else(|| PyKeyboardInterrupt::new_err("interrupted"))),
            Err(Halt::Overflow) => Err(PyOverflowError::new_err(
                "a nim value reached 2**32, beyond the compiled kernel (kernel='python' has no limit)",
            )),
        }
    }
}

pyo3::create_exception!(
    _core,
    QuotientTooLarge,
    pyo3::exceptions::PyValueError,
    "A misère quotient passed its element budget; args (heap reached, elements) (`cgt` raises GameTooLargeError)."
);

/// A quotient as Python receives it: `(order, table, P, phi)`.
type QuotientParts = (usize, Vec<u32>, Vec<bool>, Vec<u32>);

/// The misère quotient of heaps `0..len(options)` (`options[h]`: heap `h`'s options, each the
/// heaps it leaves), found with the GIL released and Ctrl-C polled: `(order, table, P, phi)`
/// with `table[x * order + y] = xy`.  `progress`, if given, is called at most once per
/// `progress_every` seconds with `(done, order)`: the quotient of heaps `0..=done` is known and
/// has `order` elements.
#[pyfunction]
#[pyo3(signature = (options, max_order, progress=None, progress_every=1.0))]
fn misere_quotient(
    py: Python<'_>,
    options: Vec<Vec<Vec<usize>>>,
    max_order: usize,
    progress: Option<Py<PyAny>>,
    progress_every: f64,
) -> PyResult<QuotientParts> {
    if let Some((h, bad)) = options
        .iter()
        .enumerate()
        .find_map(|(h, os)| os.iter().flatten().find(|&&k| k >= h).map(|&k| (h, k)))
    {
        return Err(PyValueError::new_err(format!(
            "heap {h} has an option leaving heap {bad}, not smaller than {h}"
        )));
    }
    let every = crate::engine::python::seconds(progress_every);
    let mut last = Instant::now();
    let mut pending = None;
    let found = py.detach(|| {
        quotient::misere_quotient(&options, max_order, &mut |p| {
            Python::attach(|py| {
                py.check_signals()?;
                if let Some(callback) = &progress {
                    if last.elapsed() >= every {
                        last = Instant::now();
                        callback.call1(py, (p.done, p.order))?;
                    }
                }
                Ok(())
            })
            .map_err(|error| pending = Some(error))
            .is_err()
        })
    });
    match found {
        Ok(Quotient {
            order,
            table,
            p_portion,
            phi,
        }) => Ok((order, table, p_portion, phi)),
        Err(quotient::Halt::Interrupted) => {
            Err(pending.unwrap_or_else(|| PyKeyboardInterrupt::new_err("interrupted")))
        }
        Err(quotient::Halt::TooLarge { heap, order }) => {
            Err(QuotientTooLarge::new_err((heap, order)))
        }
        Err(quotient::Halt::Stuck { heap }) => Err(pyo3::exceptions::PyRuntimeError::new_err(
            format!("the misère quotient search found no recalibration at heap {heap}"),
        )),
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyOctalKernel>()?;
    m.add_function(wrap_pyfunction!(misere_quotient, m)?)?;
    m.add("QuotientTooLarge", m.py().get_type::<QuotientTooLarge>())
}
