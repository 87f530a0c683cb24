//! A shard of a census of a domino-placement ruleset, enumerated and valued in one call: the
//! twin of `cgt.db.build.compute_shard` (which keeps the pure-Python reference).

use super::enumerate::{fixed_polyominoes, image, DIHEDRAL};
use crate::engine::{Engine, Id, Stop, Stoppable};
use crate::rulesets::domineering::{fits, Placement, Region};
use crate::rulesets::search::Search;

/// The largest polyominoes a census can value here: every polyomino of up to this many
/// cells fits the solver's board (`h * (w + 1) <= 128` for `h + w <= n + 1`).
pub const MAX_CELLS: usize = 20;

/// The positions of shard `shard` of `shards` of the `n`-cell census, as `(board, id)`.
///
/// The shard is dealt free polyominoes (classes under all eight symmetries); each
/// is its least board string `P`, valued by `placement`.  When a transposition
/// negates values (Domineering), the least board string `T` among the
/// transposes of `P` is also a position, of value `-P`, unless it is `P` itself:
/// so the positions are one per class under the four symmetries that keep rows
/// as rows, as in `cgt.db.census.RULESETS`.
pub fn census_shard(
    engine: &mut Engine,
    placement: &mut Search<Placement>,
    n: usize,
    shard: u64,
    shards: u64,
) -> Stoppable<Vec<(String, Id)>> {
    if !(1..=MAX_CELLS).contains(&n) || shard >= shards {
        return Err(Stop::Invalid(
            "a census shard needs 1 <= n <= 20 and shard < shards",
        ));
    }
    let mut rows = Vec::new();
    let mut boards: [Vec<u8>; 8] = Default::default();
    fixed_polyominoes(n, shard, shards, &mut |cells| {
        engine.tick()?;
        image(cells, DIHEDRAL[0], &mut boards[0]);
        for (k, &symmetry) in DIHEDRAL.iter().enumerate().skip(1) {
            let (least, other) = boards.split_at_mut(k);
            image(cells, symmetry, &mut other[0]);
            if other[0] < least[0] {
                return Ok(());
            }
        }
        let (mask, width) = mask_of(cells);
        let g = placement.value(engine, &Region::board(mask, width))?;
        rows.push((board_string(&boards[0]), g));
        if placement.rules().transpose_negates() {
            let transposed = boards[4..].iter().min().expect("four transposes");
            if *transposed != boards[0] {
                rows.push((board_string(transposed), engine.neg(g)?));
            }
        }
        Ok(())
    })?;
    Ok(rows)
}

/// `(mask, width)` of normalised `cells` for the grid solver: bit `row * (width + 1) + col`.
fn mask_of(cells: &[(i32, i32)]) -> (u128, u32) {
    let height = cells.iter().map(|&(row, _)| row).max().unwrap_or(0) as u32 + 1;
    let width = cells.iter().map(|&(_, col)| col).max().unwrap_or(0) as u32 + 1;
    debug_assert!(fits(height, width));
    let stride = width + 1;
    let mask = cells.iter().fold(0u128, |mask, &(row, col)| {
        mask | 1u128 << (row as u32 * stride + col as u32)
    });
    (mask, width)
}

fn board_string(board: &[u8]) -> String {
    String::from_utf8(board.to_vec()).expect("a board string is ASCII")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dyadic::Dyadic;
    use crate::rulesets::domineering::{CRAM, DOMINEERING};

    #[test]
    fn every_polyomino_of_a_size_fits_the_solver() {
        for height in 1..=MAX_CELLS as u32 {
            assert!(fits(height, MAX_CELLS as u32 + 1 - height));
        }
    }

    #[test]
    fn the_domino_census_is_a_vertical_and_a_horizontal_domino() {
        let mut engine = Engine::default();
        let mut placement = Search::new(Placement::new(DOMINEERING), 1 << 16);
        let mut rows = census_shard(&mut engine, &mut placement, 2, 0, 1).unwrap();
        rows.sort();
        let one = engine.number(Dyadic::int(1)).unwrap();
        let minus_one = engine.number(Dyadic::int(-1)).unwrap();
        assert_eq!(
            rows,
            [("..".to_string(), minus_one), (".|.".to_string(), one)]
        );
    }

    #[test]
    fn a_cram_census_keeps_one_board_per_free_polyomino() {
        // A000105: 5 free tetrominoes, 12 free pentominoes.
        let mut engine = Engine::default();
        let mut placement = Search::new(Placement::new(CRAM), 1 << 16);
        for (n, free) in [(4, 5), (5, 12)] {
            let rows: usize = (0..3)
                .map(|shard| {
                    census_shard(&mut engine, &mut placement, n, shard, 3)
                        .unwrap()
                        .len()
                })
                .sum();
            assert_eq!(rows, free);
        }
    }
}
