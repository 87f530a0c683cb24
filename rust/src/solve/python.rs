//! The nimber search's Python face: a search object per ruleset, run with the GIL released.
//!
//! While a search runs it polls now and then (every few thousand components):
//! a pending signal (Ctrl-C) stops it, with its table consistent, and a
//! progress callable, if given, is called at most once per `progress_every`
//! seconds with `(expanded, depth, candidate, known)`.

use super::clobber_row::ClobberRow;
use super::cram::Cram;
use super::nimber::{AnyNimSearch, Checkpoint, NimSearch, Poll, Progress};
use super::variant::{ImpartialVariant, Sized};
use crate::engine::python::{to_pyerr, with_tables, Tables};
use crate::engine::Stop;
use crate::rulesets::grid::{Board, Plane};
use crate::rulesets::nogo::NoGo;
use crate::rulesets::python::{pasture, slope, strip};
use crate::rulesets::quelhas::Quelhas;
use crate::rulesets::search::{Rules, Search};
use crate::rulesets::sheep::Sheep;
use crate::rulesets::ski_jumps::SkiJumps;
use crate::rulesets::stones::{
    Amazons, Fission, GenClobber, GridSearch, Konane, StoneGame, Stones,
};
use crate::rulesets::strip::{ToadsAndFrogs, TopplingDominoes};
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use std::any::Any;
use std::path::PathBuf;
use std::time::Instant;

/// What `search(poll)` finds, polled for signals and progress with the GIL released.
fn run<T: Send>(
    py: Python<'_>,
    search: impl FnOnce(Poll) -> Result<T, Stop> + Send,
    progress: Option<Py<PyAny>>,
    progress_every: f64,
) -> PyResult<T> {
    let every = crate::engine::python::seconds(progress_every);
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
                        let call =
                            callback.call1(py, (p.expanded, p.depth, p.candidate, p.known, p.left));
                        if let Err(error) = call {
                            pending = Some(error);
                            return true;
                        }
                    }
                }
                false
            })
        };
        search(&mut poll)
    });
    match found {
        Ok(v) => Ok(v),
        Err(Stop::Interrupted) => {
            Err(pending.unwrap_or_else(|| PyKeyboardInterrupt::new_err("interrupted")))
        }
        Err(stop) => Err(to_pyerr(stop)),
    }
}

/// The ruleset search `handle` of the engine's tables (see `cgt.rulesets.compiled`).
fn ruleset_search(tables: &mut Tables, handle: usize) -> Result<&mut dyn Any, Stop> {
    Ok(tables
        .searches
        .get_mut(handle)
        .ok_or(Stop::Invalid("no such search"))?
        .as_any_mut())
}

/// A nimber search of one Cram board, with its table of components' nimbers.
#[pyclass(module = "cgt._core")]
pub struct CramNimberSearch {
    search: Box<dyn AnyNimSearch>,
    board: Box<dyn Any + Send + Sync>,
}

fn cram_search<P: Plane + Sync>(
    rows: &[String],
    max_entries: usize,
) -> Option<(Box<dyn AnyNimSearch>, Box<dyn Any + Send + Sync>)> {
    let (cram, board) = Cram::<P>::board(rows)?;
    Some((Box::new(NimSearch::new(cram, max_entries)), Box::new(board)))
}

#[pymethods]
impl CramNimberSearch {
    /// A search of the board `rows` (`.` an empty cell, anything else filled) whose
    /// table holds at most `max_entries` nimbers.
    #[new]
    fn new(rows: Vec<String>, max_entries: usize) -> PyResult<CramNimberSearch> {
        let (search, board) = cram_search::<u64>(&rows, max_entries)
            .or_else(|| cram_search::<u128>(&rows, max_entries))
            .ok_or_else(|| {
                PyValueError::new_err(
                    "a Cram board for the compiled search has rows of one length \
                     and, turned to be at least as wide as high, fits 128 bits \
                     with a spare bit a row",
                )
            })?;
        Ok(CramNimberSearch { search, board })
    }

    /// The nimber of the board.
    #[pyo3(signature = (progress=None, progress_every=1.0))]
    fn nimber(
        &mut self,
        py: Python<'_>,
        progress: Option<Py<PyAny>>,
        progress_every: f64,
    ) -> PyResult<u32> {
        let (search, board) = (&mut self.search, &self.board);
        run(
            py,
            |poll| search.nimber_of(board.as_ref(), poll),
            progress,
            progress_every,
        )
    }

    /// Whether the nimber of the board is `n` (see `NimSearch::has_nimber`).
    #[pyo3(signature = (n, progress=None, progress_every=1.0))]
    fn has_nimber(
        &mut self,
        py: Python<'_>,
        n: u32,
        progress: Option<Py<PyAny>>,
        progress_every: f64,
    ) -> PyResult<bool> {
        let (search, board) = (&mut self.search, &self.board);
        run(
            py,
            |poll| search.has_nimber(board.as_ref(), n, poll),
            progress,
            progress_every,
        )
    }

    /// Write the tables' large components to `path` every `every` seconds of
    /// search, and when a search stops; `tag` names what is solved (checked on loading).
    fn checkpoint_to(&mut self, path: PathBuf, tag: String, every: f64, min_size: u32) {
        let every = crate::engine::python::seconds(every);
        self.search
            .checkpoint_to(Checkpoint::new(path, tag, every, min_size));
    }

    /// Write the checkpoint now.
    fn save(&mut self) -> PyResult<()> {
        self.search.save().map_err(to_pyerr)
    }

    /// Read a checkpoint's nimbers and bounds (the bytes of its file, written for `tag`) into the
    /// tables, and the top's candidate and round it had reached; how many nimbers and bounds.
    fn load(&mut self, data: &[u8], tag: &str) -> PyResult<(usize, usize)> {
        self.search.load(data, tag).map_err(PyValueError::new_err)
    }

    /// How many components' nimbers the table holds.
    #[getter]
    fn known(&self) -> usize {
        self.search.known()
    }
}

/// A nimber search of the impartial variant of a grid ruleset (the Clobber family, Konane,
/// Amazons, Fission, NoGo, Quelhas), made from that ruleset's search: one for boards of at most 64
/// cells (half the room a component takes), one for larger ones.
#[pyclass(module = "cgt._core")]
pub struct GridNimberSearch {
    small: Box<dyn AnyNimSearch>,
    large: Box<dyn AnyNimSearch>,
}

fn variant_of<G: StoneGame + Sync>(game: &G, max_entries: usize) -> GridNimberSearch {
    GridNimberSearch {
        small: Box::new(NimSearch::new(
            ImpartialVariant(Stones::<G, u64>::new(game.clone())),
            max_entries,
        )),
        large: Box::new(NimSearch::new(
            ImpartialVariant(Stones::<G, u128>::new(game.clone())),
            max_entries,
        )),
    }
}

#[pymethods]
impl GridNimberSearch {
    /// A search of the impartial variant of the ruleset of grid search `handle`
    /// (see `cgt.rulesets.compiled`), whose tables hold at most `max_entries` nimbers each.
    #[new]
    fn new(py: Python<'_>, handle: usize, max_entries: usize) -> PyResult<GridNimberSearch> {
        let search = with_tables(py, |tables| {
            let any = ruleset_search(tables, handle)?;
            if let Some(s) = any.downcast_ref::<GridSearch<GenClobber>>() {
                Ok(variant_of(s.game(), max_entries))
            } else if let Some(s) = any.downcast_ref::<GridSearch<Konane>>() {
                Ok(variant_of(s.game(), max_entries))
            } else if let Some(s) = any.downcast_ref::<GridSearch<Amazons>>() {
                Ok(variant_of(s.game(), max_entries))
            } else if let Some(s) = any.downcast_ref::<GridSearch<Fission>>() {
                Ok(variant_of(s.game(), max_entries))
            } else if let Some(s) = any.downcast_ref::<GridSearch<NoGo>>() {
                Ok(variant_of(s.game(), max_entries))
            } else if let Some(s) = any.downcast_ref::<GridSearch<Quelhas>>() {
                Ok(variant_of(s.game(), max_entries))
            } else {
                Err(Stop::Invalid("that is not the search of a grid ruleset"))
            }
        })?;
        Ok(search)
    }

    /// The nimber of the impartial variant of the board `rows` (`.`, `x`, `o`, `#`),
    /// or None when it does not fit (past 128 cells).
    #[pyo3(signature = (rows, progress=None, progress_every=1.0))]
    fn nimber(
        &mut self,
        py: Python<'_>,
        rows: Vec<String>,
        progress: Option<Py<PyAny>>,
        progress_every: f64,
    ) -> PyResult<Option<u32>> {
        let Some((search, board)) = self.board(&rows) else {
            return Ok(None);
        };
        run(
            py,
            |poll| search.nimber_of(board.as_ref(), poll),
            progress,
            progress_every,
        )
        .map(Some)
    }

    /// Whether that nimber is `n` (see `NimSearch::has_nimber`), or None when the board does not fit.
    #[pyo3(signature = (rows, n, progress=None, progress_every=1.0))]
    fn has_nimber(
        &mut self,
        py: Python<'_>,
        rows: Vec<String>,
        n: u32,
        progress: Option<Py<PyAny>>,
        progress_every: f64,
    ) -> PyResult<Option<bool>> {
        let Some((search, board)) = self.board(&rows) else {
            return Ok(None);
        };
        run(
            py,
            |poll| search.has_nimber(board.as_ref(), n, poll),
            progress,
            progress_every,
        )
        .map(Some)
    }
}

impl GridNimberSearch {
    /// The search for the board `rows` and the board, or None when it does not fit.
    #[allow(clippy::type_complexity)]
    fn board(
        &mut self,
        rows: &[String],
    ) -> Option<(&mut Box<dyn AnyNimSearch>, Box<dyn Any + Send + Sync>)> {
        let rows: Vec<&[u8]> = rows.iter().map(String::as_bytes).collect();
        if let Some(board) = Board::<u64>::from_rows(&rows) {
            Some((&mut self.small, Box::new(board)))
        } else {
            Board::<u128>::from_rows(&rows).map(|board| {
                (
                    &mut self.large,
                    Box::new(board) as Box<dyn Any + Send + Sync>,
                )
            })
        }
    }
}

/// A nimber search of the impartial variant of a ruleset whose search is a plain `Search<R>`
/// (the Toads and Frogs family, Toppling Dominoes, Sheep, Ski Jumps), made from that search; a
/// position crosses as rows of bytes, as the outcome search takes it.
#[pyclass(module = "cgt._core")]
pub struct PlainNimberSearch {
    search: Box<dyn AnyNimSearch>,
    read: fn(&[PyBackedBytes]) -> Option<Box<dyn Any + Send + Sync>>,
}

fn plain_variant<R>(search: &Search<R>, max_entries: usize) -> Box<dyn AnyNimSearch>
where
    R: Rules + Clone + Send + Sync + 'static,
    R::Position: Copy + Sized + Send + Sync + 'static,
{
    Box::new(NimSearch::new(
        ImpartialVariant(search.rules().clone()),
        max_entries,
    ))
}

/// `read`, boxed.
fn boxed<P: Send + Sync + 'static>(
    rows: &[PyBackedBytes],
    read: fn(&[PyBackedBytes]) -> Option<P>,
) -> Option<Box<dyn Any + Send + Sync>> {
    read(rows).map(|p| Box::new(p) as Box<dyn Any + Send + Sync>)
}

#[pymethods]
impl PlainNimberSearch {
    /// A search of the impartial variant of the ruleset of search `handle`
    /// (see `cgt.rulesets.compiled`), whose table holds at most `max_entries` nimbers.
    #[new]
    fn new(py: Python<'_>, handle: usize, max_entries: usize) -> PyResult<PlainNimberSearch> {
        let search = with_tables(py, |tables| {
            let any = ruleset_search(tables, handle)?;
            let (search, read): (_, fn(&[PyBackedBytes]) -> _) =
                if let Some(s) = any.downcast_ref::<Search<ToadsAndFrogs>>() {
                    (plain_variant(s, max_entries), |r| boxed(r, strip))
                } else if let Some(s) = any.downcast_ref::<Search<TopplingDominoes>>() {
                    (plain_variant(s, max_entries), |r| boxed(r, strip))
                } else if let Some(s) = any.downcast_ref::<Search<Sheep>>() {
                    (plain_variant(s, max_entries), |r| boxed(r, pasture))
                } else if let Some(s) = any.downcast_ref::<Search<SkiJumps>>() {
                    (plain_variant(s, max_entries), |r| boxed(r, slope))
                } else {
                    return Err(Stop::Invalid("no nimber search for that ruleset search"));
                };
            Ok(PlainNimberSearch { search, read })
        })?;
        Ok(search)
    }

    /// The nimber of the impartial variant of the position `rows` (a strip: one row of bytes 0
    /// to 3, empty, Left's, Right's, green; a Sheep board: rows of herds, each a signed byte; a
    /// Ski Jumps slope: rows of `.LlRr`), or None when it does not fit (past 64 cells).
    #[pyo3(signature = (rows, progress=None, progress_every=1.0))]
    fn nimber(
        &mut self,
        py: Python<'_>,
        rows: Vec<PyBackedBytes>,
        progress: Option<Py<PyAny>>,
        progress_every: f64,
    ) -> PyResult<Option<u32>> {
        let Some(position) = (self.read)(&rows) else {
            return Ok(None);
        };
        let search = &mut self.search;
        run(
            py,
            |poll| search.nimber_of(position.as_ref(), poll),
            progress,
            progress_every,
        )
        .map(Some)
    }

    /// Whether that nimber is `n` (see `NimSearch::has_nimber`), or None when it does not fit.
    #[pyo3(signature = (rows, n, progress=None, progress_every=1.0))]
    fn has_nimber(
        &mut self,
        py: Python<'_>,
        rows: Vec<PyBackedBytes>,
        n: u32,
        progress: Option<Py<PyAny>>,
        progress_every: f64,
    ) -> PyResult<Option<bool>> {
        let Some(position) = (self.read)(&rows) else {
            return Ok(None);
        };
        let search = &mut self.search;
        run(
            py,
            |poll| search.has_nimber(position.as_ref(), n, poll),
            progress,
            progress_every,
        )
        .map(Some)
    }
}

/// The nimber of the impartial variant of Clobber on the row `row` (`x`, `o`, `.`, `#`), by a
/// search whose table holds at most `max_entries` nimbers; None when a run of stones is longer
/// than the search takes (641 stones).
#[pyfunction]
#[pyo3(signature = (row, max_entries, progress=None, progress_every=1.0))]
fn clobber_row_nimber(
    py: Python<'_>,
    row: &str,
    max_entries: usize,
    progress: Option<Py<PyAny>>,
    progress_every: f64,
) -> PyResult<Option<u32>> {
    let Some(runs) = ClobberRow::runs(row.as_bytes()) else {
        return Ok(None);
    };
    let mut search = NimSearch::new(ClobberRow, max_entries);
    run(
        py,
        |poll| search.nimber(&runs, poll),
        progress,
        progress_every,
    )
    .map(Some)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(clobber_row_nimber, m)?)?;
    m.add_class::<CramNimberSearch>()?;
    m.add_class::<GridNimberSearch>()?;
    m.add_class::<PlainNimberSearch>()?;
    m.add_class::<super::outcome_python::OutcomeSearch>()?;
    Ok(())
}
