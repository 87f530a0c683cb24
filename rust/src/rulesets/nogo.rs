//! NoGo on a grid, as MCGS plays it (the twin of `cgt/rulesets/nogo.py`).
//!
//! Left (`x`) and Right (`o`) take turns to put a stone of their own on an
//! empty cell.  Stones of one colour linked orthogonally form a group, and its
//! liberties are the empty cells next to it.  A move is illegal if afterwards
//! some group has no liberty: the mover's own (suicide) or an opposing one (a
//! capture).  Whoever cannot move loses.
//!
//! A board splits into regions: link two orthogonal neighbours unless one
//! holds an `x` and the other an `o`.  Whether a move at `p` is legal depends
//! only on what is linked to `p`, and a move only removes links, so the
//! regions stay apart for the rest of the game (`nogo.py` says why at length).

use super::grid::{Board, Plane, Symmetries, BLOCKED, EMPTY, LEFT, MAX_CELLS, ORTHOGONAL, RIGHT};
use super::search::Player;
use super::stones::{stone, StoneGame};
use std::ops::ControlFlow;

/// MCGS's NoGo (`nogo`, and `nogo_1xn` on one row).
#[derive(Clone)]
pub struct NoGo;

/// The groups of a board: each stone's group, and each group's number of liberties.
struct Groups {
    group: [u8; MAX_CELLS],
    liberties: Vec<u32>,
}

impl Groups {
    fn of<P: Plane>(board: &Board<P>) -> Groups {
        let mut groups = Groups {
            group: [u8::MAX; MAX_CELLS],
            liberties: Vec::new(),
        };
        let mut stack = Vec::new();
        for (start, value) in board.cells() {
            if (value != LEFT && value != RIGHT) || groups.group[start] != u8::MAX {
                continue;
            }
            let number = groups.liberties.len() as u8;
            let mut free = 0u128;
            groups.group[start] = number;
            stack.push(start);
            while let Some(i) = stack.pop() {
                let (r, c) = board.at(i);
                for (dr, dc) in ORTHOGONAL {
                    let cell = (r + dr, c + dc);
                    match board.get(cell) {
                        Some(EMPTY) => free |= 1 << board.index(cell),
                        Some(v) if v == value => {
                            let j = board.index(cell);
                            if groups.group[j] == u8::MAX {
                                groups.group[j] = number;
                                stack.push(j);
                            }
                        }
                        _ => {}
                    }
                }
            }
            groups.liberties.push(free.count_ones());
        }
        groups
    }

    fn liberties_of(&self, cell: usize) -> u32 {
        self.liberties[usize::from(self.group[cell])]
    }
}

impl StoneGame for NoGo {
    fn each_move<P: Plane>(
        &self,
        board: &Board<P>,
        player: Player,
        visit: &mut dyn FnMut(Board<P>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let me = stone(player);
        let groups = Groups::of(board);
        for (i, value) in board.cells() {
            if value != EMPTY {
                continue;
            }
            let (r, c) = board.at(i);
            let mut breathes = false;
            let mut captures = false;
            for (dr, dc) in ORTHOGONAL {
                let cell = (r + dr, c + dc);
                match board.get(cell) {
                    Some(EMPTY) => breathes = true,
                    // A group of mine next to `p` has `p` among its liberties: a second one outlives the move.
                    Some(v) if v == me => {
                        breathes |= groups.liberties_of(board.index(cell)) > 1;
                    }
                    Some(BLOCKED) | None => {}
                    Some(_) => captures |= groups.liberties_of(board.index(cell)) == 1,
                }
            }
            if breathes && !captures {
                visit(board.with(&[((r, c), me)]))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The regions of cells linked as the module says, each cropped with `#` around it.
    fn regions<P: Plane>(&self, board: &Board<P>, out: &mut Vec<Board<P>>) {
        let mut seen = [false; MAX_CELLS];
        let mut part = Vec::new();
        for start in 0..board.len() {
            if seen[start] || board.cell(start) == BLOCKED {
                continue;
            }
            seen[start] = true;
            part.clear();
            part.push(start as u8);
            let mut next = 0;
            let mut has_empty = false;
            while next < part.len() {
                let i = usize::from(part[next]);
                next += 1;
                let here = board.cell(i);
                has_empty |= here == EMPTY;
                let (r, c) = board.at(i);
                for (dr, dc) in ORTHOGONAL {
                    let cell = (r + dr, c + dc);
                    let Some(there) = board.get(cell) else {
                        continue;
                    };
                    let j = board.index(cell);
                    let apart =
                        there == BLOCKED || (here != EMPTY && there != EMPTY && here != there);
                    if !seen[j] && !apart {
                        seen[j] = true;
                        part.push(j as u8);
                    }
                }
            }
            if has_empty {
                out.push(board.crop(&part, BLOCKED));
            }
        }
    }

    /// Every symmetry of the rectangle; a colour swap negates.
    fn symmetries(&self) -> Symmetries {
        Symmetries::EVERY
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Engine, ZERO};
    use crate::rulesets::stones::GridSearch;

    fn board(text: &str) -> Board {
        Board::from_rows(&text.split('|').collect::<Vec<_>>()).unwrap()
    }

    fn moves(text: &str, player: Player) -> Vec<Board> {
        let mut out = Vec::new();
        let _ = NoGo.each_move(&board(text), player, &mut |after| {
            out.push(after);
            ControlFlow::Continue(())
        });
        out
    }

    #[test]
    fn a_move_may_neither_capture_nor_suicide() {
        // On .x.o Left may only join her stone (at the third cell she would take the
        // last liberty of Right's stone); Right has no move (his stone would have none).
        assert_eq!(moves(".x.o", Player::Left), vec![board("xx.o")]);
        assert!(moves(".x.o", Player::Right).is_empty());
    }

    #[test]
    fn a_board_splits_between_opposing_stones_and_at_blocked_cells() {
        let mut parts = Vec::new();
        NoGo.regions(&board("..xo..|######|.#...."), &mut parts);
        assert_eq!(
            parts,
            vec![board("..x"), board("o.."), board("."), board("....")]
        );
    }

    #[test]
    fn empty_strips_have_mcgs_outcomes() {
        // MCGS's nogo_1xn_empty.test: the strip of 4 is a second-player win, of 5 a first-player win.
        let mut e = Engine::default();
        let mut search = GridSearch::new(NoGo, 1 << 16);
        let four = search.value(&mut e, &board("....")).unwrap();
        let five = search.value(&mut e, &board(".....")).unwrap();
        assert_eq!(four, ZERO);
        assert!(!e.le(five, ZERO).unwrap() && !e.le(ZERO, five).unwrap());
    }
}
