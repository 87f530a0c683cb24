//! The ruleset searches' Python face: thin `#[pyfunction]`s; a search is a handle (an index).
//!
//! A position crosses as plain data (a board's rows) and is read before the
//! search starts; the search runs with the GIL released.

use super::arc_kayles::{GenArcKayles, PartizanArcKayles};
use super::digraph_placement::DigraphPlacement;
use super::domineering::{encode, placement_search, Moves, Placement, Region};
use super::graph::{GraphData, GraphGame, GraphSearch, MAX_VERTICES};
use super::graph_colouring::GenCol;
use super::grid::{Board, Step};
use super::heaps::{HeapRules, Piece, Shape};
use super::nogo::NoGo;
use super::quelhas::Quelhas;
use super::search::{search_of, AnySearch, Rules, Search};
use super::sheep::{Herds, Sheep};
use super::ski_jumps::{SkiJumps, Slope};
use super::stones::{Amazons, Fission, GenClobber, GridSearch, Konane, StoneGame};
use super::strip::{Strip, ToadsAndFrogs, TopplingDominoes};
use crate::engine::python::{with_tables, with_tables_released};
use crate::engine::{Id, Stop, ZERO};
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::{PyBackedBytes, PyBackedStr};

fn new_search<R: Rules + Send + 'static>(py: Python<'_>, rules: R, limit: usize) -> PyResult<usize>
where
    R::Position: Send + 'static,
{
    add_search(py, Box::new(Search::new(rules, limit)))
}

/// The handle of a new search.
fn add_search(py: Python<'_>, search: Box<dyn AnySearch>) -> PyResult<usize> {
    with_tables(py, |tables| {
        tables.searches.push(search);
        Ok(tables.searches.len() - 1)
    })
}

fn new_grid_search<G: StoneGame>(py: Python<'_>, game: G, limit: usize) -> PyResult<usize> {
    add_search(py, Box::new(GridSearch::new(game, limit)))
}

/// A new search of `GenClobber`: `steps` as (rows, columns); `clobbered`, per
/// player (Left, Right), a bit set of the cell values a stone may move onto
/// (bit 0 empty, 1 Left's stone, 2 Right's); `left_behind`, per player, the
/// value left on the cell a stone leaves; `max_distance` (at least 1; None: no limit).
#[pyfunction]
fn gen_clobber_new(
    py: Python<'_>,
    steps: Vec<Step>,
    clobbered: (u8, u8),
    left_behind: (u8, u8),
    max_distance: Option<u32>,
    limit: usize,
) -> PyResult<usize> {
    let bad_step = steps
        .iter()
        .any(|&(dr, dc)| (dr, dc) == (0, 0) || dr.abs() > 255 || dc.abs() > 255);
    if steps.is_empty() || bad_step {
        return Err(PyValueError::new_err(
            "steps are nonzero (rows, columns) pairs, at least one",
        ));
    }
    if clobbered.0 > 7 || clobbered.1 > 7 || left_behind.0 > 3 || left_behind.1 > 3 {
        return Err(PyValueError::new_err(
            "clobbered sets are bit sets below 8, left-behind values 0 to 3 (3: blocked, as King Dirt's dirt)",
        ));
    }
    if max_distance == Some(0) {
        return Err(PyValueError::new_err("max_distance is at least 1"));
    }
    let rules = GenClobber::new(
        steps,
        [clobbered.0, clobbered.1],
        [left_behind.0, left_behind.1],
        max_distance.unwrap_or(u32::MAX),
    );
    new_grid_search(py, rules, limit)
}

/// A new search of a grid ruleset without parameters: "konane", "amazons", "fission" or "nogo".
#[pyfunction]
fn stones_new(py: Python<'_>, ruleset: &str, limit: usize) -> PyResult<usize> {
    match ruleset {
        "konane" => new_grid_search(py, Konane, limit),
        "amazons" => new_grid_search(py, Amazons, limit),
        "fission" => new_grid_search(py, Fission, limit),
        "nogo" => new_grid_search(py, NoGo, limit),
        "quelhas" => new_grid_search(py, Quelhas, limit),
        _ => Err(PyValueError::new_err(format!(
            "no compiled grid ruleset {ruleset:?}"
        ))),
    }
}

/// The engine id of the board `rows` (`.`, `x`, `o`, `#`) under a grid
/// ruleset's search, or None when the board does not fit (past 128 cells, or 255 rows or columns).
#[pyfunction]
fn grid_value(py: Python<'_>, search: usize, rows: Vec<PyBackedStr>) -> PyResult<Option<Id>> {
    let Some(board) =
        Board::<u128>::from_rows(&rows.iter().map(|row| row.as_bytes()).collect::<Vec<_>>())
    else {
        return Ok(None);
    };
    search_value(py, search, board).map(Some)
}

fn new_graph_search<G: GraphGame<L>, const L: usize>(
    py: Python<'_>,
    game: G,
    limit: usize,
) -> PyResult<usize> {
    add_search(py, Box::new(GraphSearch::new(game, limit)))
}

/// A new search of CGSuite's `GenCol`: per player (Left, Right), a bit set of
/// the tints of the vertices they may colour (bit 0 untinted, 1 next to blue, 2 next to red).
#[pyfunction]
fn gen_col_new(
    py: Python<'_>,
    left_permitted: u8,
    right_permitted: u8,
    limit: usize,
) -> PyResult<usize> {
    if left_permitted > 7 || right_permitted > 7 {
        return Err(PyValueError::new_err(
            "permitted tints are bit sets below 8",
        ));
    }
    new_graph_search(py, GenCol::new(left_permitted, right_permitted), limit)
}

/// A new search of an Arc Kayles ruleset: "arc_kayles", "weighted_arc_kayles"
/// or "partizan_arc_kayles".
#[pyfunction]
fn arc_kayles_new(py: Python<'_>, ruleset: &str, limit: usize) -> PyResult<usize> {
    match ruleset {
        "arc_kayles" => new_graph_search(py, GenArcKayles { weighted: false }, limit),
        "weighted_arc_kayles" => new_graph_search(py, GenArcKayles { weighted: true }, limit),
        "partizan_arc_kayles" => new_graph_search(py, PartizanArcKayles, limit),
        _ => Err(PyValueError::new_err(format!(
            "no compiled Arc Kayles ruleset {ruleset:?}"
        ))),
    }
}

/// A new search of Digraph Placement (labels 0 blue, 1 red; layers: out-, then in-neighbours).
#[pyfunction]
fn digraph_placement_new(py: Python<'_>, limit: usize) -> PyResult<usize> {
    new_graph_search(py, DigraphPlacement, limit)
}

/// The engine id of a graph under a graph ruleset's search: vertex `v` has
/// label `labels[v]` and neighbours `layers[k][v]` (a bit set; its own bit a
/// loop) in each layer `k`; None when it has more than 64 vertices.
#[pyfunction]
fn graph_value(
    py: Python<'_>,
    search: usize,
    labels: Vec<u8>,
    layers: Vec<Vec<u64>>,
) -> PyResult<Option<Id>> {
    if labels.len() > MAX_VERTICES {
        return Ok(None);
    }
    search_value(py, search, GraphData { labels, layers }).map(Some)
}

/// A new search of CGSuite's `GenToadsAndFrogs`: slides of `min_slide` to
/// `max_slide` cells (negative: backwards), jumps over up to `max_jump` pieces.
#[pyfunction]
fn toads_and_frogs_new(
    py: Python<'_>,
    min_slide: i32,
    max_slide: i32,
    max_jump: u32,
    allow_friendly_jump: bool,
    limit: usize,
) -> PyResult<usize> {
    let rules = ToadsAndFrogs::new(min_slide, max_slide, max_jump, allow_friendly_jump);
    new_search(py, rules, limit)
}

/// A new search of Toppling Dominoes.
#[pyfunction]
fn toppling_dominoes_new(py: Python<'_>, limit: usize) -> PyResult<usize> {
    new_search(py, TopplingDominoes, limit)
}

/// A new search of Sheep (MCGS's, on a board of hexagons).
#[pyfunction]
fn sheep_new(py: Python<'_>, limit: usize) -> PyResult<usize> {
    new_search(py, Sheep, limit)
}

/// The engine id of the Sheep board `rows` (herds: `n > 0` Left's, `-n` Right's, 0 empty)
/// under a Sheep search, or None when it does not fit (past 64 cells or 127 sheep a herd).
#[pyfunction]
fn sheep_value(py: Python<'_>, search: usize, rows: Vec<Vec<i64>>) -> PyResult<Option<Id>> {
    let Some(herds) = Herds::from_rows(&rows) else {
        return Ok(None);
    };
    search_value(py, search, herds).map(Some)
}

/// A new search of Ski Jumps.
#[pyfunction]
fn ski_jumps_new(py: Python<'_>, limit: usize) -> PyResult<usize> {
    new_search(py, SkiJumps, limit)
}

/// The engine id of the Ski Jumps slope `rows` (`.`, `L`, `l`, `R`, `r`) under a Ski Jumps
/// search, or None when it does not fit (past 64 cells).
#[pyfunction]
fn ski_jumps_value(
    py: Python<'_>,
    search: usize,
    rows: Vec<PyBackedBytes>,
) -> PyResult<Option<Id>> {
    let Some(slope) = slope(&rows) else {
        return Ok(None);
    };
    search_value(py, search, slope).map(Some)
}

/// A strip: one row of cells (bytes 0 to 3: empty, Left's, Right's, green).
pub fn strip(rows: &[PyBackedBytes]) -> Option<Strip> {
    match rows {
        [cells] => Strip::from_cells(cells),
        _ => None,
    }
}

/// A Sheep board: rows of herds, each a signed byte.
pub fn pasture(rows: &[PyBackedBytes]) -> Option<Herds> {
    let herds: Vec<Vec<i64>> = rows
        .iter()
        .map(|row| row.iter().map(|&b| i64::from(b as i8)).collect())
        .collect();
    Herds::from_rows(&herds)
}

/// A Ski Jumps slope: rows of `.`, `L`, `l`, `R`, `r`.
pub fn slope(rows: &[PyBackedBytes]) -> Option<Slope> {
    let rows: Vec<&[u8]> = rows.iter().map(|row| row.as_ref()).collect();
    Slope::from_rows(&rows)
}

/// The engine id of the strip of `cells` (bytes 0 to 3: empty, Left's, Right's,
/// green) under a strip ruleset's search, or None when it does not fit (over 64 cells).
#[pyfunction]
fn strip_value(py: Python<'_>, search: usize, cells: PyBackedBytes) -> PyResult<Option<Id>> {
    let Some(strip) = Strip::from_cells(&cells) else {
        return Ok(None);
    };
    search_value(py, search, strip).map(Some)
}

/// A new search of partizan heaps (`shape` "heaps") or cakes ("cakes",
/// "twisted_cakes") whose heap option tables are empty until `heap_rules_extend`.
#[pyfunction]
fn heap_rules_new(
    py: Python<'_>,
    shape: &str,
    transpose_negates: bool,
    limit: usize,
) -> PyResult<usize> {
    let shape = match shape {
        "heaps" => Shape::Heaps,
        "cakes" => Shape::Cakes,
        "twisted_cakes" => Shape::TwistedCakes,
        _ => {
            return Err(PyValueError::new_err(format!(
                "a heap search's shape is 'heaps', 'cakes' or 'twisted_cakes', not {shape:?}"
            )))
        }
    };
    new_search(py, HeapRules::new(shape, transpose_negates), limit)
}

/// The rules of heap search `search`.
fn heap_rules(searches: &mut [Box<dyn AnySearch>], search: usize) -> Result<&mut HeapRules, Stop> {
    let search = search_of::<Search<HeapRules>>(searches, search, "that is not a heap search")?;
    Ok(search.rules_mut())
}

/// Add the options of the next heap sizes to a heap search's tables, Left's
/// and Right's, one row (a list of options, each a list of heaps) per heap size
/// from the first size not covered; no option may hold a heap larger than its
/// own.  The heap sizes now covered.
#[pyfunction]
fn heap_rules_extend(
    py: Python<'_>,
    search: usize,
    left: Vec<Vec<Vec<u32>>>,
    right: Vec<Vec<Vec<u32>>>,
) -> PyResult<usize> {
    if left.len() != right.len() {
        return Err(PyValueError::new_err(
            "Left's and Right's tables grow by as many heap sizes",
        ));
    }
    let mut failed = false;
    let covered = with_tables(py, |tables| {
        let rules = heap_rules(&mut tables.searches, search)?;
        let start = rules.covered();
        let grows = |rows: &[Vec<Vec<u32>>]| {
            rows.iter().enumerate().any(|(k, options)| {
                options
                    .iter()
                    .flatten()
                    .any(|&heap| heap as usize > start + k)
            })
        };
        if grows(&left) || grows(&right) {
            return Err(Stop::Invalid(
                "a heap option holds a heap larger than its own",
            ));
        }
        let (left_table, right_table) = rules.tables_mut();
        for (l, r) in left.iter().zip(&right) {
            if left_table.push(l).is_err() || right_table.push(r).is_err() {
                failed = true;
                break;
            }
        }
        Ok(rules.covered())
    })?;
    if failed {
        return Err(PyMemoryError::new_err(
            "heap option tables larger than memory",
        ));
    }
    Ok(covered)
}

/// The engine id of the sum of `pieces` (cakes `(a, b)`, heaps `(0, n)`) under a
/// heap search, or None when a piece is past the heap sizes its tables cover.
#[pyfunction]
fn heap_rules_value(
    py: Python<'_>,
    search: usize,
    pieces: Vec<(u32, u32)>,
) -> PyResult<Option<Id>> {
    with_tables_released(py, |tables| {
        let covered = heap_rules(&mut tables.searches, search)?.covered();
        if pieces.iter().any(|&(a, b)| a.max(b) as usize >= covered) {
            return Ok(None);
        }
        let search = tables
            .searches
            .get_mut(search)
            .ok_or(Stop::Invalid("no such search"))?;
        let mut total = ZERO;
        for (a, b) in pieces {
            let g = search.value_of(&mut tables.engine, &Piece::At(a, b))?;
            total = tables.engine.add(total, g)?;
        }
        Ok(Some(total))
    })
}

/// The value of `position` under search `search`, the GIL released meanwhile.
fn search_value<P: Send + Sync + 'static>(
    py: Python<'_>,
    search: usize,
    position: P,
) -> PyResult<Id> {
    with_tables_released(py, |tables| {
        let search = tables
            .searches
            .get_mut(search)
            .ok_or(Stop::Invalid("no such search"))?;
        search.value_of(&mut tables.engine, &position)
    })
}

/// Forget the values a search has computed.
#[pyfunction]
fn search_clear(py: Python<'_>, search: usize) -> PyResult<()> {
    with_tables(py, |tables| {
        tables
            .searches
            .get_mut(search)
            .ok_or(Stop::Invalid("no such search"))?
            .clear();
        Ok(())
    })
}

/// A new domino-placement search: which dominoes each player places (vertical,
/// horizontal), whether a transposed region is the negative, and its table's limit.
#[pyfunction]
fn placement_new(
    py: Python<'_>,
    left: (bool, bool),
    right: (bool, bool),
    transpose_negates: bool,
    limit: usize,
) -> PyResult<usize> {
    let moves = |(vertical, horizontal)| Moves {
        vertical,
        horizontal,
    };
    let rules = Placement::new((moves(left), moves(right), transpose_negates));
    new_search(py, rules, limit)
}

/// The engine id of the board `rows` (strings of equal length, `.` an empty cell,
/// `#` a blocked one), by placement search `search`, or None when it does not fit the search.
#[pyfunction]
fn placement_board(py: Python<'_>, search: usize, rows: Vec<PyBackedStr>) -> PyResult<Option<Id>> {
    let Some((mask, width)) = encode(rows.iter().map(|row| row.as_bytes())) else {
        return Ok(None);
    };
    with_tables_released(py, |tables| {
        let placement = placement_search(&mut tables.searches, search)?;
        placement
            .value(&mut tables.engine, &Region::board(mask, width))
            .map(Some)
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(gen_clobber_new, m)?)?;
    m.add_function(wrap_pyfunction!(stones_new, m)?)?;
    m.add_function(wrap_pyfunction!(grid_value, m)?)?;
    m.add_function(wrap_pyfunction!(search_clear, m)?)?;
    m.add_function(wrap_pyfunction!(gen_col_new, m)?)?;
    m.add_function(wrap_pyfunction!(arc_kayles_new, m)?)?;
    m.add_function(wrap_pyfunction!(digraph_placement_new, m)?)?;
    m.add_function(wrap_pyfunction!(graph_value, m)?)?;
    m.add_function(wrap_pyfunction!(toads_and_frogs_new, m)?)?;
    m.add_function(wrap_pyfunction!(toppling_dominoes_new, m)?)?;
    m.add_function(wrap_pyfunction!(strip_value, m)?)?;
    m.add_function(wrap_pyfunction!(sheep_new, m)?)?;
    m.add_function(wrap_pyfunction!(sheep_value, m)?)?;
    m.add_function(wrap_pyfunction!(ski_jumps_new, m)?)?;
    m.add_function(wrap_pyfunction!(ski_jumps_value, m)?)?;
    m.add_function(wrap_pyfunction!(heap_rules_new, m)?)?;
    m.add_function(wrap_pyfunction!(heap_rules_extend, m)?)?;
    m.add_function(wrap_pyfunction!(heap_rules_value, m)?)?;
    m.add_function(wrap_pyfunction!(placement_new, m)?)?;
    m.add_function(wrap_pyfunction!(placement_board, m)?)?;
    Ok(())
}
