//! The engine's Python face: thin `#[pyfunction]`s over one shared [`Engine`].
//!
//! `cgt/engine/compiled.py` adapts them to the interface of `cgt/engine/pure.py`
//! (Fractions for numbers and stops).  Numbers cross as `(numerator,
//! denominator)` pairs of Python ints.
//!
//! One engine serves every Python thread: each call takes its lock.  A thread
//! that finds the lock taken waits with the GIL released, so the holder can
//! finish; the holder's own thread re-entering (a signal handler calling the
//! engine during a poll) is refused with an error instead of deadlocking.
//!
//! An operation starts holding the GIL (most take microseconds, less than
//! releasing it would cost); one still running at its first poll, a few
//! milliseconds in, stops and runs again with the GIL released, so that other
//! Python threads run meanwhile.  The results it finished the first time are
//! in the tables, so the second run finds them.

use super::{Engine, Id, Stop, Uptimal};
use crate::dyadic::Dyadic;
use crate::rulesets::search::AnySearch;
use num_bigint::BigInt;
use num_traits::{One, ToPrimitive};
use pyo3::exceptions::{
    PyKeyboardInterrupt, PyMemoryError, PyOverflowError, PyRuntimeError, PyValueError,
};
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::types::{PyBool, PyTuple};
use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{LazyLock, Mutex, MutexGuard, TryLockError};

pyo3::create_exception!(
    _core,
    LoopyPosition,
    PyValueError,
    "A ruleset's search met a position again while valuing it (`cgt.rulesets` raises LoopyPositionError)."
);

/// The engine and the tables of ids kept beside it (ruleset searches, each behind the handle
/// that is its index, whatever its ruleset), under one lock.
pub struct Tables {
    pub engine: Engine,
    pub searches: Vec<Box<dyn AnySearch>>,
}

static ENGINE: LazyLock<Mutex<Tables>> = LazyLock::new(|| {
    Mutex::new(Tables {
        engine: Engine::new(poll),
        searches: Vec::new(),
    })
});
/// The thread holding the engine (0: none).
static OWNER: AtomicU64 = AtomicU64::new(0);
static NEXT_THREAD: AtomicU64 = AtomicU64::new(1);

thread_local! {
    static THIS_THREAD: u64 = NEXT_THREAD.fetch_add(1, Ordering::Relaxed);
    /// The exception a poll found pending, raised when the operation unwinds.
    static PENDING: RefCell<Option<PyErr>> = const { RefCell::new(None) };
}

/// Whether a signal handler raised (Ctrl-C): then the operation stops.
fn poll() -> bool {
    Python::attach(|py| match py.check_signals() {
        Ok(()) => false,
        Err(error) => {
            PENDING.with(|pending| *pending.borrow_mut() = Some(error));
            true
        }
    })
}

/// A span of `seconds` given from Python: none below 0 (NaN too), and past what a `Duration`
/// holds (infinity), never.
pub fn seconds(seconds: f64) -> std::time::Duration {
    std::time::Duration::try_from_secs_f64(seconds.max(0.0)).unwrap_or(std::time::Duration::MAX)
}

pub fn to_pyerr(stop: Stop) -> PyErr {
    match stop {
        Stop::Interrupted => PENDING
            .with(|pending| pending.borrow_mut().take())
            .unwrap_or_else(|| PyKeyboardInterrupt::new_err("interrupted")),
        Stop::Overflow(what) => PyOverflowError::new_err(format!(
            "{what}: beyond the compiled engine's range (the pure engine, CGT_ENGINE=pure, has no such limit)"
        )),
        Stop::Invalid(what) => PyValueError::new_err(what),
        Stop::Loopy => LoopyPosition::new_err("play can return to a position: not a short game"),
        Stop::TooLarge { limit, what, value } => refusal(limit, what, value),
        Stop::Memory(what) => PyMemoryError::new_err(format!(
            "{what} ran out of memory (the tables of games are as they were before the operation)"
        )),
        Stop::Yield => PyRuntimeError::new_err("an operation of the engine yielded outside a quick attempt"),
        Stop::Budget => PyRuntimeError::new_err("a search's round ran past its budget outside that search"),
    }
}

/// The `GameTooLargeError` that `cgt.LIMITS` words for work past the limit `limit`.
fn refusal(limit: &str, what: &str, value: Option<u128>) -> PyErr {
    Python::attach(|py| {
        let made = py
            .import("cgt.limits")
            .and_then(|module| module.getattr("LIMITS"))
            .and_then(|limits| limits.call_method1("refusal", (limit, value, what)));
        match made {
            Ok(error) => PyErr::from_value(error),
            Err(error) => error,
        }
    })
}

/// The engine's guard, which clears the owner mark when dropped.
struct Held(MutexGuard<'static, Tables>);

impl Drop for Held {
    fn drop(&mut self) {
        OWNER.store(0, Ordering::Release);
    }
}

fn engine(py: Python<'_>) -> PyResult<Held> {
    let me = THIS_THREAD.with(|id| *id);
    let guard = loop {
        match ENGINE.try_lock() {
            Ok(guard) => break guard,
            Err(TryLockError::Poisoned(poisoned)) => break poisoned.into_inner(),
            Err(TryLockError::WouldBlock) => {
                if OWNER.load(Ordering::Acquire) == me {
                    return Err(PyRuntimeError::new_err(
                        "the game engine was called again while busy on this thread (from a signal handler?)",
                    ));
                }
                // Wait for the holder with the GIL released, then try again holding it.
                py.detach(|| drop(ENGINE.lock()));
            }
        }
    };
    OWNER.store(me, Ordering::Release);
    Ok(Held(guard))
}

/// Run the engine operation `operation`: first holding the GIL, and again
/// without it if it is long (see the module's notes).  It must give the same
/// answer when run twice, as every operation on the engine's tables does.
fn run<T: Send>(
    py: Python<'_>,
    operation: impl Fn(&mut Engine) -> Result<T, Stop> + Sync,
) -> PyResult<T> {
    let mut held = engine(py)?;
    attempt(py, &mut held.0.engine, operation)
}

fn attempt<T: Send>(
    py: Python<'_>,
    engine: &mut Engine,
    operation: impl Fn(&mut Engine) -> Result<T, Stop> + Sync,
) -> PyResult<T> {
    engine.begin(true);
    match operation(engine) {
        Err(Stop::Yield) => py
            .detach(|| {
                engine.begin(false);
                operation(engine)
            })
            .map_err(to_pyerr),
        done => done.map_err(to_pyerr),
    }
}

/// Run `operation` on the engine and its tables, holding the lock.
pub fn with_tables<T>(
    py: Python<'_>,
    operation: impl FnOnce(&mut Tables) -> Result<T, Stop>,
) -> PyResult<T> {
    let mut held = engine(py)?;
    held.0.engine.begin(false);
    operation(&mut held.0).map_err(to_pyerr)
}

/// Run `operation` on the engine and its tables, holding the lock but not the
/// GIL, so that other Python threads run meanwhile (for long searches).
pub fn with_tables_released<T: Send>(
    py: Python<'_>,
    operation: impl FnOnce(&mut Tables) -> Result<T, Stop> + Send,
) -> PyResult<T> {
    let mut held = engine(py)?;
    let tables: &mut Tables = &mut held.0;
    tables.engine.begin(false);
    py.detach(|| operation(tables)).map_err(to_pyerr)
}

fn check(engine: &Engine, ids: &[Id]) -> PyResult<()> {
    match ids.iter().find(|&&g| g as usize >= engine.table_size()) {
        Some(g) => Err(PyValueError::new_err(format!(
            "{g} is not the id of a game"
        ))),
        None => Ok(()),
    }
}

fn checked<T: Send>(
    py: Python<'_>,
    ids: &[Id],
    operation: impl Fn(&mut Engine) -> Result<T, Stop> + Sync,
) -> PyResult<T> {
    let mut held = engine(py)?;
    check(&held.0.engine, ids)?;
    attempt(py, &mut held.0.engine, operation)
}

/// An integer crossing between Python and the engine: read and written as an i64
/// when it fits, else as a BigInt (which the stable ABI converts slowly, through
/// `int.to_bytes`: most integers are small, and go the quick way).
pub struct Int(pub BigInt);

impl<'a, 'py> FromPyObject<'a, 'py> for Int {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Int> {
        match obj.extract::<i64>() {
            Ok(small) => Ok(Int(BigInt::from(small))),
            Err(_) => obj.extract::<BigInt>().map(Int),
        }
    }
}

impl<'py> IntoPyObject<'py> for Int {
    type Target = PyAny;
    type Output = Bound<'py, PyAny>;
    type Error = PyErr;

    fn into_pyobject(self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self.0.to_i64() {
            Some(small) => Ok(small.into_pyobject(py)?.into_any()),
            None => Ok(self.0.into_pyobject(py)?.into_any()),
        }
    }
}

/// A dyadic `numerator / denominator` (the denominator a power of two).
fn dyadic(numerator: BigInt, denominator: &BigInt) -> PyResult<Dyadic> {
    let exp = denominator.bits().saturating_sub(1);
    if denominator.sign() != num_bigint::Sign::Plus || *denominator != BigInt::one() << exp {
        return Err(PyValueError::new_err(format!(
            "{denominator} is not a positive power of 2"
        )));
    }
    Ok(Dyadic::new(numerator, exp))
}

fn pair(x: &Dyadic) -> (Int, Int) {
    let (num, exp) = x.parts();
    (Int(num), Int(BigInt::one() << exp))
}

#[pyfunction]
fn nus(py: Python<'_>, numerator: Int, denominator: Int, ups: Int, star: Int) -> PyResult<Id> {
    let (ups, star) = (ups.0, star.0);
    let x = dyadic(numerator.0, &denominator.0)?;
    let ups = ups
        .to_i128()
        .ok_or_else(|| to_pyerr(Stop::Overflow("more than 2^127 ups")))?;
    let star = star.to_u128().ok_or_else(|| {
        if star.sign() == num_bigint::Sign::Minus {
            PyValueError::new_err("a nimber's index is not negative")
        } else {
            to_pyerr(Stop::Overflow("a nimber *n with n >= 2^128"))
        }
    })?;
    run(py, |e| e.nus(Uptimal::classic(x.clone(), ups, star)))
}

#[pyfunction]
fn le(py: Python<'_>, a: Id, b: Id) -> PyResult<bool> {
    checked(py, &[a, b], |e| e.le(a, b))
}

#[pyfunction]
fn add(py: Python<'_>, a: Id, b: Id) -> PyResult<Id> {
    checked(py, &[a, b], |e| e.add(a, b))
}

#[pyfunction]
fn neg(py: Python<'_>, a: Id) -> PyResult<Id> {
    checked(py, &[a], |e| e.neg(a))
}

#[pyfunction]
fn multiple(py: Python<'_>, a: Id, n: Int) -> PyResult<Id> {
    checked(py, &[a], |e| e.multiple(a, &n.0))
}

#[pyfunction]
fn canon(py: Python<'_>, left: Vec<Id>, right: Vec<Id>) -> PyResult<Id> {
    let all: Vec<Id> = left.iter().chain(right.iter()).copied().collect();
    checked(py, &all, |e| e.canon(&left, &right))
}

#[pyfunction]
fn left<'py>(py: Python<'py>, a: Id) -> PyResult<Bound<'py, PyTuple>> {
    let ids = checked(py, &[a], |e| e.left(a).map(<[Id]>::to_vec))?;
    PyTuple::new(py, ids)
}

#[pyfunction]
fn right<'py>(py: Python<'py>, a: Id) -> PyResult<Bound<'py, PyTuple>> {
    let ids = checked(py, &[a], |e| e.right(a).map(<[Id]>::to_vec))?;
    PyTuple::new(py, ids)
}

#[pyfunction]
fn birthday(py: Python<'_>, a: Id) -> PyResult<Int> {
    checked(py, &[a], |e| e.birthday(a).map(Int))
}

#[pyfunction]
fn depth(py: Python<'_>, a: Id) -> PyResult<u64> {
    checked(py, &[a], |e| Ok(e.depth(a)))
}

/// `(left numerator, left denominator, right numerator, right denominator)`.
#[pyfunction]
fn stops(py: Python<'_>, a: Id) -> PyResult<(Int, Int, Int, Int)> {
    checked(py, &[a], |e| {
        let (l, r) = e.stops(a);
        let ((ln, ld), (rn, rd)) = (pair(l), pair(r));
        Ok((ln, ld, rn, rd))
    })
}

/// `(numerator, denominator, ups, star)` of `x + ups.↑ + *star`, or None
/// (also for the other uptimals: see `uptimal`).
#[pyfunction]
fn fast_path(py: Python<'_>, a: Id) -> PyResult<Option<(Int, Int, Int, Int)>> {
    checked(py, &[a], |e| {
        Ok(e.fast_path(a).filter(|n| n.higher.is_empty()).map(|n| {
            let (num, den) = pair(&n.x);
            (num, den, Int(n.ups.into()), Int(n.star.into()))
        }))
    })
}

/// An uptimal as Python sees it: numerator, denominator, star, coefficients `[a1, ..., ak]`.
type Expansion = (Int, Int, Int, Vec<Int>);

/// The expansion of an uptimal, or None.
#[pyfunction]
fn uptimal(py: Python<'_>, a: Id) -> PyResult<Option<Expansion>> {
    checked(py, &[a], |e| {
        Ok(e.fast_path(a).map(|n| {
            let (num, den) = pair(&n.x);
            let digits = n.digits().into_iter().map(|d| Int(d.into())).collect();
            (num, den, Int(n.star.into()), digits)
        }))
    })
}

/// `(numerator, denominator)` of the number `a` equals, or None.
#[pyfunction]
fn number(py: Python<'_>, a: Id) -> PyResult<Option<(Int, Int)>> {
    checked(py, &[a], |e| Ok(e.number_of(a).map(pair)))
}

#[pyfunction]
fn table_size(py: Python<'_>) -> PyResult<usize> {
    run(py, |e| Ok(e.table_size()))
}

#[pyfunction]
fn clear_caches(py: Python<'_>) -> PyResult<()> {
    run(py, |e| {
        e.clear_caches();
        Ok(())
    })
}

/// Set the engine's copy of the limit `name` of `cgt.LIMITS` ("max_depth" or "max_options").
#[pyfunction]
fn set_limit(py: Python<'_>, name: &str, value: u64) -> PyResult<()> {
    with_tables(py, |tables| {
        match name {
            "max_depth" => tables.engine.max_depth = value,
            "max_options" => tables.engine.max_options = u128::from(value),
            _ => {
                return Err(Stop::Invalid(
                    "the engine keeps the limits max_depth and max_options",
                ))
            }
        }
        Ok(())
    })
}

/// The handle of an interned game (the base of `cgt.Game`): its id, its hash, and the game order.
///
/// Comparisons between handles are the engine's order, done here without a
/// Python frame; against anything else the subclass's `_compare(other, op)`
/// decides (numbers, or NotImplemented).
#[pyclass(subclass, frozen, module = "cgt._core")]
pub struct GameHandle {
    id: Id,
    hash: isize,
}

#[pymethods]
impl GameHandle {
    /// The handle of game `id`, hashed as Python hashes the number it equals, if any.
    #[new]
    fn new(py: Python<'_>, id: Id) -> PyResult<GameHandle> {
        let hash = checked(py, &[id], |e| Ok(e.python_hash(id)))?;
        Ok(GameHandle {
            id,
            hash: hash as isize,
        })
    }

    #[getter]
    fn _id(&self) -> Id {
        self.id
    }

    fn __hash__(&self) -> isize {
        self.hash
    }

    fn __richcmp__(
        slf: &Bound<'_, GameHandle>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let Ok(other_handle) = other.cast::<GameHandle>() else {
            return slf
                .call_method1("_compare", (other, op as u8))
                .map(Bound::unbind);
        };
        let (a, b) = (slf.get().id, other_handle.get().id);
        let answer = match op {
            CompareOp::Eq => a == b,
            CompareOp::Ne => a != b,
            _ => run(py, |e| match op {
                CompareOp::Le => e.le(a, b),
                CompareOp::Ge => e.le(b, a),
                CompareOp::Lt => Ok(e.le(a, b)? && !e.le(b, a)?),
                _ => Ok(e.le(b, a)? && !e.le(a, b)?),
            })?,
        };
        Ok(PyBool::new(py, answer).to_owned().into_any().unbind())
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<GameHandle>()?;
    m.add("LoopyPosition", m.py().get_type::<LoopyPosition>())?;
    m.add_function(wrap_pyfunction!(nus, m)?)?;
    m.add_function(wrap_pyfunction!(le, m)?)?;
    m.add_function(wrap_pyfunction!(add, m)?)?;
    m.add_function(wrap_pyfunction!(neg, m)?)?;
    m.add_function(wrap_pyfunction!(multiple, m)?)?;
    m.add_function(wrap_pyfunction!(canon, m)?)?;
    m.add_function(wrap_pyfunction!(left, m)?)?;
    m.add_function(wrap_pyfunction!(right, m)?)?;
    m.add_function(wrap_pyfunction!(birthday, m)?)?;
    m.add_function(wrap_pyfunction!(depth, m)?)?;
    m.add_function(wrap_pyfunction!(stops, m)?)?;
    m.add_function(wrap_pyfunction!(fast_path, m)?)?;
    m.add_function(wrap_pyfunction!(uptimal, m)?)?;
    m.add_function(wrap_pyfunction!(number, m)?)?;
    m.add_function(wrap_pyfunction!(table_size, m)?)?;
    m.add_function(wrap_pyfunction!(clear_caches, m)?)?;
    m.add_function(wrap_pyfunction!(set_limit, m)?)?;
    Ok(())
}
