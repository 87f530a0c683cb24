//! The nimber search's Python face: a search object per ruleset, run with the GIL released.
//!
//! While a search runs it polls now and then (every few thousand components):
//! a pending signal (Ctrl-C) stops it, with its table consistent, and a
//! progress callable, if given, is called at most once per `progress_every`
//! seconds with `(expanded, depth, candidate, known)`.

use super::cram::Cram;
use super::nimber::{Checkpoint, Impartial, NimSearch, Progress};
use crate::engine::python::to_pyerr;
use crate::engine::Stop;
use crate::rulesets::domineering::{encode, Region};
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// `search`'s nimber of `position`, polled for signals and progress with the GIL released.
fn run<G>(
    py: Python<'_>,
    search: &mut NimSearch<G>,
    position: &G::Position,
    progress: Option<Py<PyAny>>,
    progress_every: f64,
) -> PyResult<u32>
where
    G: Impartial + Send,
    G::Position: Sync,
    G::Component: Send,
{
    let every = Duration::from_secs_f64(progress_every.max(0.0));
    let mut pending: Option<PyErr> = None;
    let mut last = Instant::now();
    let found = py.detach(|| {
        let mut poll = |p: &Progress| -> bool {
            Python::attach(|py| {
                if let Err(error) = py.check_signals() {
                    pending = Some(error);
                    return true;
                }
                if let Some(callback) = &progress {
                    if last.elapsed() >= every {
                        last = Instant::now();
                        let call = callback.call1(py, (p.expanded, p.depth, p.candidate, p.known));
                        if let Err(error) = call {
                            pending = Some(error);
                            return true;
                        }
                    }
                }
                false
            })
        };
        search.nimber(position, &mut poll)
    });
    match found {
        Ok(v) => Ok(v),
        Err(Stop::Interrupted) => {
            Err(pending.unwrap_or_else(|| PyKeyboardInterrupt::new_err("interrupted")))
        }
        Err(stop) => Err(to_pyerr(stop)),
    }
}

/// A nimber search of Cram positions, with its table of components' nimbers.
#[pyclass(module = "cgt._core")]
pub struct CramNimberSearch {
    search: NimSearch<Cram>,
}

#[pymethods]
impl CramNimberSearch {
    /// A search whose table holds at most `max_entries` nimbers.
    #[new]
    fn new(max_entries: usize) -> CramNimberSearch {
        CramNimberSearch {
            search: NimSearch::new(Cram, max_entries),
        }
    }

    /// The nimber of the board `rows` (`.` an empty cell, anything else filled),
    /// or None when it does not fit (a row and its spare cell past 128 bits).
    #[pyo3(signature = (rows, progress=None, progress_every=1.0))]
    fn nimber(
        &mut self,
        py: Python<'_>,
        rows: Vec<String>,
        progress: Option<Py<PyAny>>,
        progress_every: f64,
    ) -> PyResult<Option<u32>> {
        let Some((mask, width)) = encode(rows.iter().map(String::as_bytes)) else {
            return Ok(None);
        };
        let board = Region::board(mask, width);
        run(py, &mut self.search, &board, progress, progress_every).map(Some)
    }

    /// Write the table's large components to `path` every `every` seconds of
    /// search, and when a search stops; `tag` names what is solved (checked on loading).
    fn checkpoint_to(&mut self, path: PathBuf, tag: String, every: f64, min_size: u32) {
        let every = Duration::from_secs_f64(every.max(0.0));
        self.search.checkpoint = Some(Checkpoint::new(path, tag, every, min_size));
    }

    /// Write the checkpoint now.
    fn save(&mut self) -> PyResult<()> {
        self.search.save().map_err(to_pyerr)
    }

    /// Read a checkpoint's nimbers (the bytes of its file, written for `tag`) into the table.
    fn load(&mut self, data: &[u8], tag: &str) -> PyResult<usize> {
        self.search.load(data, tag).map_err(PyValueError::new_err)
    }

    /// How many components' nimbers the table holds.
    #[getter]
    fn known(&self) -> usize {
        self.search.known()
    }

    fn clear(&mut self) {
        self.search.clear();
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<CramNimberSearch>()?;
    Ok(())
}
