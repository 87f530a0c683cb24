//! Quelhas (the twin of `cgt/rulesets/quelhas.py`): Left crosses out two or
//! more consecutive empty cells of a column, Right of a row.
//!
//! A segment lies in one region of empty cells (joined side to side) and
//! whether it may be crossed out depends on its own cells only, so a board is
//! the sum of its regions.  A quarter turn swaps columns and rows, the
//! players' roles: it negates.

use super::grid::{bits, Board, Plane, Symmetries, BLOCKED, EMPTY, ORTHOGONAL};
use super::search::Player;
use super::stones::StoneGame;
use std::ops::ControlFlow;

/// Quelhas, as cgt-tools defines it.
#[derive(Clone)]
pub struct Quelhas;

impl StoneGame for Quelhas {
    /// Each segment of two or more empty cells, down a column for Left and along a row for Right,
    /// from each empty cell as its first.
    fn each_move<P: Plane>(
        &self,
        board: &Board<P>,
        player: Player,
        visit: &mut dyn FnMut(Board<P>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let empty = board.mask(EMPTY);
        let width = board.width() as usize;
        let step = match player {
            Player::Left => width,
            Player::Right => 1,
        };
        let follows = |next: usize| {
            next < board.len()
                && (player == Player::Left || !next.is_multiple_of(width))
                && !((empty >> next) & P::one()).is_zero()
        };
        for start in bits(empty) {
            let mut segment = P::one() << start;
            let mut next = start + step;
            while follows(next) {
                segment = segment | (P::one() << next);
                visit(board.blocked(segment))?;
                next += step;
            }
        }
        ControlFlow::Continue(())
    }

    fn regions<P: Plane>(&self, board: &Board<P>, out: &mut Vec<Board<P>>) {
        board.regions(|v| v == EMPTY, &ORTHOGONAL, BLOCKED, out);
    }

    fn symmetries(&self) -> Symmetries {
        Symmetries::new(0xff, 0xf0, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dyadic::Dyadic;
    use crate::engine::Engine;
    use crate::rulesets::grid::board;
    use crate::rulesets::stones;
    use crate::rulesets::stones::GridSearch;

    fn moves(text: &str, player: Player) -> Vec<Board> {
        stones::moves(&Quelhas, text, player)
    }

    #[test]
    fn a_segment_takes_two_or_more_cells_of_a_column_or_a_row() {
        assert_eq!(
            moves("...", Player::Right),
            vec![board("##."), board("###"), board(".##")]
        );
        assert!(moves("...", Player::Left).is_empty());
        assert_eq!(moves(".|.|#", Player::Left), vec![board("#|#|#")]);
        // A row does not run on into the next one.
        assert_eq!(moves(".#|..", Player::Right), vec![board(".#|##")]);
    }

    #[test]
    fn a_row_of_n_cells_is_minus_n_halved() {
        // Right alone moves on a row, taking at least two cells: -(n // 2) (quelhas.py's docstring).
        let mut e = Engine::default();
        let mut search = GridSearch::new(Quelhas, 1 << 12);
        for n in 2..9 {
            let row = ".".repeat(n);
            let value = search.value(&mut e, &board(&row)).unwrap();
            let expected = e.number(Dyadic::int(-((n / 2) as i64))).unwrap();
            assert_eq!(value, expected);
        }
    }
}
