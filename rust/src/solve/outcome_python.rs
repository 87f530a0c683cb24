//! The outcome search's Python face: a search object per compiled ruleset, run with the GIL released.
//!
//! A search is made for a ruleset search of `cgt.rulesets.compiled` (a handle
//! of the engine's tables: a grid ruleset's, a strip ruleset's, Sheep's, Ski
//! Jumps' or a domino placement ruleset's), whose table of canonical forms values the cheap
//! components.  Positions cross as bytes (a board's rows, a strip's cells) and
//! are read before the search starts.  While it runs the search polls now and
//! then: a pending signal (Ctrl-C) stops it, the time budget ends it (the
//! answer is then None), and a progress callable, if given, is called at most
//! once per `progress_every` seconds with `(nodes, depth, known)`.

use super::outcome::{Node, Poll, Progress, Settings, Solver, Table};
use crate::engine::python::{with_tables, with_tables_released, Tables};
use crate::engine::{Id, Stop};
use crate::rulesets::domineering::{encode, placement_search, Placement, Region};
use crate::rulesets::grid::Board;
use crate::rulesets::nogo::NoGo;
use crate::rulesets::python::{pasture, slope, strip};
use crate::rulesets::quelhas::Quelhas;
use crate::rulesets::search::{Player, Rules, Search};
use crate::rulesets::sheep::Sheep;
use crate::rulesets::ski_jumps::SkiJumps;
use crate::rulesets::stones::{Amazons, Fission, GenClobber, GridSearch, Konane, StoneGame};
use crate::rulesets::strip::{ToadsAndFrogs, TopplingDominoes};
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use std::marker::PhantomData;
use std::time::{Duration, Instant};

/// How often a running search looks for signals (Ctrl-C) and reports progress, at most.
const SIGNALS: Duration = Duration::from_millis(20);

/// Positions as they cross: each a list of byte strings (a board's rows; a strip's one row of cells;
/// a Sheep board's rows of herds, each a signed byte).
type Rows = [Vec<PyBackedBytes>];

fn player(left: bool) -> Player {
    if left {
        Player::Left
    } else {
        Player::Right
    }
}

/// Whether `player` moving first wins the sum of `positions` and `known`, by `solver`.
fn solve<R: Rules>(
    mut solver: Solver<R>,
    positions: &[R::Position],
    known: Id,
    player: Player,
) -> Result<bool, Stop>
where
    R::Position: Ord,
{
    let node: Node<R::Position> = solver.node(positions, known)?;
    solver.wins(&node, player)
}

/// The positions of one kind of ruleset search, and their tables of answers.
trait Family: Send + Sync {
    /// The positions read, or None when one does not fit the compiled search.
    fn fits(&self, positions: &Rows) -> bool;
    fn wins(
        &mut self,
        tables: &mut Tables,
        positions: &Rows,
        known: Id,
        player: Player,
        poll: Poll,
    ) -> Result<bool, Stop>;
    fn known(&self) -> usize;
}

fn boards(positions: &Rows) -> Option<Vec<Board<u128>>> {
    positions
        .iter()
        .map(|rows| Board::from_rows(&rows.iter().map(|r| r.as_ref()).collect::<Vec<&[u8]>>()))
        .collect()
}

/// A grid ruleset with stones (`GridSearch<G>`): boards of at most 64 cells in one table, larger ones in another.
struct Stones<G> {
    handle: usize,
    settings: Settings,
    small: Table<Board<u64>>,
    large: Table<Board<u128>>,
    game: PhantomData<G>,
}

impl<G: StoneGame + Sync> Family for Stones<G> {
    fn fits(&self, positions: &Rows) -> bool {
        boards(positions).is_some()
    }

    fn wins(
        &mut self,
        tables: &mut Tables,
        positions: &Rows,
        known: Id,
        player: Player,
        poll: Poll,
    ) -> Result<bool, Stop> {
        let boards = boards(positions).ok_or(Stop::Invalid("a board does not fit"))?;
        let search = tables
            .searches
            .get_mut(self.handle)
            .and_then(|s| s.as_any_mut().downcast_mut::<GridSearch<G>>())
            .ok_or(Stop::Invalid("that is not the search of this grid ruleset"))?;
        let engine = &mut tables.engine;
        let small = boards
            .iter()
            .map(Board::resized::<u64>)
            .collect::<Option<Vec<_>>>();
        match small {
            Some(boards) => {
                let values = search.small_mut();
                let solver = Solver::new(values, engine, &mut self.small, self.settings, poll);
                solve(solver, &boards, known, player)
            }
            None => {
                let values = search.large_mut();
                let solver = Solver::new(values, engine, &mut self.large, self.settings, poll);
                solve(solver, &boards, known, player)
            }
        }
    }

    fn known(&self) -> usize {
        self.small.len() + self.large.len()
    }
}

/// A ruleset whose search is a plain `Search<R>` (the strip rulesets, Sheep, Ski Jumps), each
/// position read from the rows of bytes that cross by `read` (None when it does not fit).
struct Plain<R: Rules> {
    handle: usize,
    settings: Settings,
    table: Table<R::Position>,
    read: fn(&[PyBackedBytes]) -> Option<R::Position>,
}

impl<R: Rules> Plain<R> {
    fn read_all(&self, positions: &Rows) -> Option<Vec<R::Position>> {
        positions.iter().map(|rows| (self.read)(rows)).collect()
    }
}

impl<R> Family for Plain<R>
where
    R: Rules + Send + Sync + 'static,
    R::Position: Ord + Send + Sync + 'static,
{
    fn fits(&self, positions: &Rows) -> bool {
        self.read_all(positions).is_some()
    }

    fn wins(
        &mut self,
        tables: &mut Tables,
        positions: &Rows,
        known: Id,
        player: Player,
        poll: Poll,
    ) -> Result<bool, Stop> {
        let positions = self
            .read_all(positions)
            .ok_or(Stop::Invalid("a position does not fit"))?;
        let search = tables
            .searches
            .get_mut(self.handle)
            .and_then(|s| s.as_any_mut().downcast_mut::<Search<R>>())
            .ok_or(Stop::Invalid("that is not the search of this ruleset"))?;
        solve(
            Solver::new(
                search,
                &mut tables.engine,
                &mut self.table,
                self.settings,
                poll,
            ),
            &positions,
            known,
            player,
        )
    }

    fn known(&self) -> usize {
        self.table.len()
    }
}

/// A domino placement ruleset (Domineering, Cram): the placement search `handle`.
struct Placements {
    handle: usize,
    settings: Settings,
    table: Table<Region>,
}

fn regions(positions: &Rows) -> Option<Vec<Region>> {
    positions
        .iter()
        .map(|rows| {
            encode(rows.iter().map(|r| r.as_ref())).map(|(mask, width)| Region::board(mask, width))
        })
        .collect()
}

impl Family for Placements {
    fn fits(&self, positions: &Rows) -> bool {
        regions(positions).is_some()
    }

    fn wins(
        &mut self,
        tables: &mut Tables,
        positions: &Rows,
        known: Id,
        player: Player,
        poll: Poll,
    ) -> Result<bool, Stop> {
        let regions = regions(positions).ok_or(Stop::Invalid("a board does not fit"))?;
        let search = placement_search(&mut tables.searches, self.handle)?;
        solve(
            Solver::new(
                search,
                &mut tables.engine,
                &mut self.table,
                self.settings,
                poll,
            ),
            &regions,
            known,
            player,
        )
    }

    fn known(&self) -> usize {
        self.table.len()
    }
}

fn stones<G: StoneGame + Sync>(
    handle: usize,
    settings: Settings,
    max_entries: usize,
) -> Box<dyn Family> {
    Box::new(Stones::<G> {
        handle,
        settings,
        small: Table::new(max_entries),
        large: Table::new(max_entries),
        game: PhantomData,
    })
}

fn plain<R>(
    handle: usize,
    settings: Settings,
    max_entries: usize,
    read: fn(&[PyBackedBytes]) -> Option<R::Position>,
) -> Box<dyn Family>
where
    R: Rules + Send + Sync + 'static,
    R::Position: Ord + Send + Sync + 'static,
{
    Box::new(Plain::<R> {
        handle,
        settings,
        table: Table::new(max_entries),
        read,
    })
}

/// An outcome search of positions of one compiled ruleset, with its table of answers.
#[pyclass(module = "cgt._core")]
pub struct OutcomeSearch {
    family: Box<dyn Family>,
}

#[pymethods]
impl OutcomeSearch {
    /// A search of the positions of ruleset search `handle`, whose table holds at most
    /// `max_entries` answers; a
    /// component with at most `cheap_moves` moves in all whose canonical form the ruleset's search finds within `cheap_steps` components valued is known, and two
    /// equal components cancel when `impartial`.
    #[new]
    fn new(
        py: Python<'_>,
        handle: usize,
        max_entries: usize,
        cheap_moves: usize,
        cheap_steps: u64,
        impartial: bool,
    ) -> PyResult<OutcomeSearch> {
        let settings = Settings {
            cheap_moves,
            cheap_steps,
            impartial,
        };
        let family = with_tables(py, |tables| {
            let any = tables
                .searches
                .get_mut(handle)
                .ok_or(Stop::Invalid("no such search"))?
                .as_any_mut();
            if any.is::<Search<Placement>>() {
                Ok(Box::new(Placements {
                    handle,
                    settings,
                    table: Table::new(max_entries),
                }) as Box<dyn Family>)
            } else if any.is::<GridSearch<GenClobber>>() {
                Ok(stones::<GenClobber>(handle, settings, max_entries))
            } else if any.is::<GridSearch<Konane>>() {
                Ok(stones::<Konane>(handle, settings, max_entries))
            } else if any.is::<GridSearch<Amazons>>() {
                Ok(stones::<Amazons>(handle, settings, max_entries))
            } else if any.is::<GridSearch<Fission>>() {
                Ok(stones::<Fission>(handle, settings, max_entries))
            } else if any.is::<GridSearch<NoGo>>() {
                Ok(stones::<NoGo>(handle, settings, max_entries))
            } else if any.is::<GridSearch<Quelhas>>() {
                Ok(stones::<Quelhas>(handle, settings, max_entries))
            } else if any.is::<Search<ToadsAndFrogs>>() {
                Ok(plain::<ToadsAndFrogs>(handle, settings, max_entries, strip))
            } else if any.is::<Search<TopplingDominoes>>() {
                Ok(plain::<TopplingDominoes>(
                    handle,
                    settings,
                    max_entries,
                    strip,
                ))
            } else if any.is::<Search<Sheep>>() {
                Ok(plain::<Sheep>(handle, settings, max_entries, pasture))
            } else if any.is::<Search<SkiJumps>>() {
                Ok(plain::<SkiJumps>(handle, settings, max_entries, slope))
            } else {
                Err(Stop::Invalid("no outcome search for that ruleset search"))
            }
        })?;
        Ok(OutcomeSearch { family })
    }

    /// Whether every position fits the compiled search.
    fn fits(&self, positions: Vec<Vec<PyBackedBytes>>) -> bool {
        self.family.fits(&positions)
    }

    /// Whether Left (`left`) or Right, moving first, wins the sum of `positions` and the game
    /// `known` (an engine id); None when `seconds` (if given) pass first.
    #[pyo3(signature = (positions, known, left, seconds=None, progress=None, progress_every=1.0))]
    #[allow(clippy::too_many_arguments)]
    fn wins(
        &mut self,
        py: Python<'_>,
        positions: Vec<Vec<PyBackedBytes>>,
        known: Id,
        left: bool,
        seconds: Option<f64>,
        progress: Option<Py<PyAny>>,
        progress_every: f64,
    ) -> PyResult<Option<bool>> {
        if !self.family.fits(&positions) {
            return Err(PyValueError::new_err(
                "a position does not fit the compiled search",
            ));
        }
        let deadline = match seconds {
            Some(s) if !(s >= 0.0 && s.is_finite()) => {
                return Err(PyValueError::new_err("seconds is a finite number >= 0"))
            }
            Some(s) => Instant::now().checked_add(Duration::from_secs_f64(s)),
            None => None,
        };
        let every = crate::engine::python::seconds(progress_every);
        let mut pending: Option<PyErr> = None;
        let mut timed_out = false;
        let mut last = Instant::now();
        let mut checked = Instant::now();
        let family = &mut self.family;
        let held = with_tables_released(py, |tables| {
            let mut poll = |p: &Progress| -> bool {
                let now = Instant::now();
                if deadline.is_some_and(|d| now >= d) {
                    timed_out = true;
                    return true;
                }
                // Signals and progress at most every SIGNALS (taking the GIL costs).
                if now.duration_since(checked) < SIGNALS {
                    return false;
                }
                checked = now;
                Python::attach(|py| {
                    if let Err(error) = py.check_signals() {
                        pending = Some(error);
                        return true;
                    }
                    if let Some(callback) = &progress {
                        if last.elapsed() >= every {
                            last = Instant::now();
                            if let Err(error) = callback.call1(py, (p.nodes, p.depth, p.known)) {
                                pending = Some(error);
                                return true;
                            }
                        }
                    }
                    false
                })
            };
            match family.wins(tables, &positions, known, player(left), &mut poll) {
                Err(Stop::Interrupted) if timed_out => Ok(None),
                Err(Stop::Interrupted) if pending.is_some() => Err(Stop::Interrupted),
                other => other.map(Some),
            }
        });
        match held {
            Err(error) if error.is_instance_of::<PyKeyboardInterrupt>(py) => {
                Err(pending.take().unwrap_or(error))
            }
            other => other,
        }
    }

    /// How many answers the tables hold.
    #[getter]
    fn known(&self) -> usize {
        self.family.known()
    }
}
