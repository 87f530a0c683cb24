//! Grid games with stones (the twin of `cgt/rulesets/stones.py`): the
//! Clobber family (`GenClobber`), Konane, Amazons and Fission.
//!
//! Every family splits a board into regions a move cannot leave, drops the
//! regions where nobody can move, and keys a region by its least image under
//! the symmetries its rules allow (a colour swap, or a quarter turn in
//! Fission, negates the value).

use super::grid::{Board, Step, Symmetry, BLOCKED, COMPASS, EMPTY, LEFT, ORTHOGONAL, RIGHT};
use super::search::{Player, Rules};
use std::ops::ControlFlow;

fn stone(player: Player) -> u8 {
    match player {
        Player::Left => LEFT,
        Player::Right => RIGHT,
    }
}

fn side(player: Player) -> usize {
    match player {
        Player::Left => 0,
        Player::Right => 1,
    }
}

/// What a stone game says; [`Rules`] follows from it.
pub trait StoneGame {
    /// Each position `player` can move to, given to `visit` until it breaks.
    fn each_move(
        &self,
        board: &Board,
        player: Player,
        visit: &mut dyn FnMut(Board) -> ControlFlow<()>,
    ) -> ControlFlow<()>;

    /// The regions of `board` that a move cannot leave, cropped.
    fn regions(&self, board: &Board, out: &mut Vec<Board>);

    /// The symmetries that keep the rules (each with whether it negates),
    /// and whether a colour swap does (negating).
    fn symmetries(&self) -> (&[(Symmetry, bool)], bool);
}

impl<T: StoneGame> Rules for T {
    type Position = Board;

    /// The regions where somebody can move; a lone region is kept as it is
    /// (solving it when dead, worth 0, costs less than checking every lone region).
    fn components(&self, board: &Board, out: &mut Vec<Board>) {
        let start = out.len();
        self.regions(board, out);
        if out.len() == start + 1 {
            return;
        }
        let mut k = start;
        while k < out.len() {
            let region = out[k];
            let live = [Player::Left, Player::Right].into_iter().any(|player| {
                self.each_move(&region, player, &mut |_| ControlFlow::Break(()))
                    .is_break()
            });
            if live {
                k += 1;
            } else {
                out.swap_remove(k);
            }
        }
    }

    fn canonical(&self, board: &Board) -> (Board, bool) {
        let (symmetries, swap) = self.symmetries();
        board.least_image(symmetries, swap)
    }

    fn moves(&self, board: &Board, player: Player, out: &mut Vec<Board>) {
        let _ = self.each_move(board, player, &mut |after| {
            out.push(after);
            ControlFlow::Continue(())
        });
    }
}

/// CGSuite's `GenClobber`: a stone moves up to `max_distance` cells in one of
/// `steps` over empty cells onto a cell whose content is in the mover's
/// `clobbered` set, leaving the mover's `left_behind` on the cell it left.
pub struct GenClobber {
    steps: Vec<Step>,
    /// Per player (Left, Right): bit `v` set when a cell holding `v` may be moved onto.
    clobbered: [u8; 2],
    left_behind: [u8; 2],
    max_distance: u32,
    symmetries: Vec<(Symmetry, bool)>,
    swap: bool,
}

impl GenClobber {
    /// The ruleset; `clobbered` holds bit sets over EMPTY, LEFT, RIGHT and
    /// `left_behind` cell values (Left's, then Right's), checked by the caller.
    pub fn new(
        steps: Vec<Step>,
        clobbered: [u8; 2],
        left_behind: [u8; 2],
        max_distance: u32,
    ) -> GenClobber {
        let swap_bits = |bits: u8| (bits & 1) | ((bits & 2) << 1) | ((bits & 4) >> 1);
        let swap_cell = |v: u8| if v == LEFT || v == RIGHT { 3 - v } else { v };
        // A colour swap is a symmetry when Right's rules are Left's with the colours swapped.
        let swap =
            clobbered[1] == swap_bits(clobbered[0]) && left_behind[1] == swap_cell(left_behind[0]);
        let symmetries = Symmetry::keeping(&steps)
            .into_iter()
            .map(|s| (s, false))
            .collect();
        GenClobber {
            steps,
            clobbered,
            left_behind,
            max_distance,
            symmetries,
            swap,
        }
    }
}

impl StoneGame for GenClobber {
    fn each_move(
        &self,
        board: &Board,
        player: Player,
        visit: &mut dyn FnMut(Board) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let us = stone(player);
        let clobbered = self.clobbered[side(player)];
        let behind = self.left_behind[side(player)];
        for (i, value) in board.cells() {
            if value != us {
                continue;
            }
            let (r, c) = board.at(i);
            for &(dr, dc) in &self.steps {
                let mut n = 1;
                while n < self.max_distance
                    && board.get((r + n as i32 * dr, c + n as i32 * dc)) == Some(EMPTY)
                {
                    n += 1;
                }
                let target = (r + n as i32 * dr, c + n as i32 * dc);
                if let Some(v) = board.get(target) {
                    if v != BLOCKED && clobbered & (1 << v) != 0 {
                        visit(board.with(&[((r, c), behind), (target, us)]))?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// When stones only ever move one step onto stones, empty cells never
    /// change: the regions are groups of stones; otherwise regions of unblocked cells.
    fn regions(&self, board: &Board, out: &mut Vec<Board>) {
        if self.max_distance == 1 && (self.clobbered[0] | self.clobbered[1]) & 1 == 0 {
            board.regions(|v| v == LEFT || v == RIGHT, &self.steps, EMPTY, out);
        } else {
            board.regions(|v| v != BLOCKED, &self.steps, BLOCKED, out);
        }
    }

    fn symmetries(&self) -> (&[(Symmetry, bool)], bool) {
        (&self.symmetries, self.swap)
    }
}

/// Every symmetry of the rectangle, none negating.
const ALL_KEEP: [(Symmetry, bool); 8] = {
    let mut all = [(Symmetry::ALL[0], false); 8];
    let mut k = 0;
    while k < 8 {
        all[k] = (Symmetry::ALL[k], false);
        k += 1;
    }
    all
};

/// Konane: a stone jumps an adjacent enemy stone onto the empty cell beyond,
/// capturing it; further jumps in the same line are further moves.
pub struct Konane;

impl StoneGame for Konane {
    fn each_move(
        &self,
        board: &Board,
        player: Player,
        visit: &mut dyn FnMut(Board) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let us = stone(player);
        let (theirs, empty) = (board.mask(3 - us), board.mask(EMPTY));
        // Most boards fit in 64 cells, where a bit is tested with a cheaper shift.
        let small = board.len() <= 64;
        let holds = |cells: u128, i: usize| {
            if small {
                (cells as u64) >> i & 1 != 0
            } else {
                cells >> i & 1 != 0
            }
        };
        let (height, width) = (board.height(), board.width());
        let mut mine = board.mask(us);
        while mine != 0 {
            let i = mine.trailing_zeros() as usize;
            mine &= mine - 1;
            let from = board.at(i);
            for (dr, dc) in ORTHOGONAL {
                let (mut r, mut c) = from;
                let mut after = *board;
                // Jump while an enemy stone is next in line and the cell beyond it is empty
                // (cells ahead of the jumping stone are as they were on `board`).
                while (0..height).contains(&(r + 2 * dr)) && (0..width).contains(&(c + 2 * dc)) {
                    let (over, to) = (
                        board.index((r + dr, c + dc)),
                        board.index((r + 2 * dr, c + 2 * dc)),
                    );
                    if !holds(theirs, over) || !holds(empty, to) {
                        break;
                    }
                    after.set(board.index((r, c)), EMPTY);
                    after.set(over, EMPTY);
                    after.set(to, us);
                    (r, c) = (r + 2 * dr, c + 2 * dc);
                    visit(after)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn regions(&self, board: &Board, out: &mut Vec<Board>) {
        if board.contains(BLOCKED) {
            board.regions(|v| v != BLOCKED, &ORTHOGONAL, BLOCKED, out);
        } else {
            out.push(*board);
        }
    }

    fn symmetries(&self) -> (&[(Symmetry, bool)], bool) {
        (&ALL_KEEP, true)
    }
}

/// Amazons: an amazon moves as a chess queen over empty cells, then shoots an
/// arrow from where it lands, again as a queen; the arrow's cell is blocked.
pub struct Amazons;

impl StoneGame for Amazons {
    fn each_move(
        &self,
        board: &Board,
        player: Player,
        visit: &mut dyn FnMut(Board) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let us = stone(player);
        for (i, value) in board.cells() {
            if value != us {
                continue;
            }
            let from = board.at(i);
            let lifted = board.with(&[(from, EMPTY)]);
            for (dr, dc) in COMPASS {
                let mut to = (from.0 + dr, from.1 + dc);
                while lifted.get(to) == Some(EMPTY) {
                    let landed = lifted.with(&[(to, us)]);
                    for (ar, ac) in COMPASS {
                        let mut arrow = (to.0 + ar, to.1 + ac);
                        while landed.get(arrow) == Some(EMPTY) {
                            visit(landed.with(&[(arrow, BLOCKED)]))?;
                            arrow = (arrow.0 + ar, arrow.1 + ac);
                        }
                    }
                    to = (to.0 + dr, to.1 + dc);
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn regions(&self, board: &Board, out: &mut Vec<Board>) {
        board.regions(|v| v != BLOCKED, &COMPASS, BLOCKED, out);
    }

    fn symmetries(&self) -> (&[(Symmetry, bool)], bool) {
        (&ALL_KEEP, true)
    }
}

/// Fission: Left splits a stone into two, onto the empty cells just above and
/// below it; Right onto those just left and right of it.
pub struct Fission;

/// Every symmetry of the rectangle; a quarter turn swaps vertical and horizontal: the players' roles.
const FISSION_SYMMETRIES: [(Symmetry, bool); 8] = {
    let mut all = ALL_KEEP;
    let mut k = 4;
    while k < 8 {
        all[k].1 = true;
        k += 1;
    }
    all
};

impl StoneGame for Fission {
    fn each_move(
        &self,
        board: &Board,
        player: Player,
        visit: &mut dyn FnMut(Board) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let (dr, dc) = match player {
            Player::Left => (1, 0),
            Player::Right => (0, 1),
        };
        for (i, value) in board.cells() {
            if value != LEFT {
                continue;
            }
            let (r, c) = board.at(i);
            let (before, after) = ((r - dr, c - dc), (r + dr, c + dc));
            if board.get(before) == Some(EMPTY) && board.get(after) == Some(EMPTY) {
                visit(board.with(&[((r, c), EMPTY), (before, LEFT), (after, LEFT)]))?;
            }
        }
        ControlFlow::Continue(())
    }

    fn regions(&self, board: &Board, out: &mut Vec<Board>) {
        board.regions(|v| v != BLOCKED, &ORTHOGONAL, BLOCKED, out);
    }

    fn symmetries(&self) -> (&[(Symmetry, bool)], bool) {
        (&FISSION_SYMMETRIES, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Engine, Id};
    use crate::rulesets::search::Search;

    fn board(text: &str) -> Board {
        Board::from_rows(&text.split('|').collect::<Vec<_>>()).unwrap()
    }

    fn clobber() -> GenClobber {
        GenClobber::new(
            ORTHOGONAL.to_vec(),
            [1 << RIGHT, 1 << LEFT],
            [EMPTY, EMPTY],
            1,
        )
    }

    fn value<R: Rules<Position = Board>>(engine: &mut Engine, rules: R, text: &str) -> Id {
        Search::new(rules, 1 << 16)
            .value(engine, &board(text))
            .unwrap()
    }

    #[test]
    fn clobber_moves_capture_an_adjacent_enemy_stone() {
        let mut out = Vec::new();
        clobber().moves(&board("xoo"), Player::Left, &mut out);
        assert_eq!(out, vec![board(".xo")]);
        out.clear();
        clobber().moves(&board("xoo"), Player::Right, &mut out);
        assert_eq!(out, vec![board("o.o")]);
    }

    #[test]
    fn single_coloured_groups_are_dropped() {
        let mut out = Vec::new();
        clobber().components(&board("xx.o|....|xo.."), &mut out);
        assert_eq!(out, vec![board("xo")]);
    }

    #[test]
    fn clobber_xo_is_star_and_a_swap_negates() {
        let mut e = Engine::default();
        let star = e.canon(&[0], &[0]).unwrap();
        assert_eq!(value(&mut e, clobber(), "xo"), star);
        let g = value(&mut e, clobber(), "xxo");
        let h = value(&mut e, clobber(), "oox");
        assert_eq!(e.neg(g).unwrap(), h);
    }

    #[test]
    fn rooks_slide_to_the_first_stone_in_line() {
        let rooks = GenClobber::new(
            ORTHOGONAL.to_vec(),
            [1 << RIGHT, 1 << LEFT],
            [EMPTY, EMPTY],
            u32::MAX,
        );
        let mut out = Vec::new();
        rooks.moves(&board("x..o"), Player::Left, &mut out);
        assert_eq!(out, vec![board("...x")]);
    }

    #[test]
    fn konane_jumps_again_in_line() {
        let mut out = Vec::new();
        Konane.moves(&board("xo.o."), Player::Left, &mut out);
        assert_eq!(out, vec![board("..xo."), board("....x")]);
    }

    #[test]
    fn amazons_arrows_may_land_where_the_amazon_stood() {
        let mut out = Vec::new();
        Amazons.moves(&board("x."), Player::Left, &mut out);
        assert_eq!(out, vec![board("#x")]);
    }

    #[test]
    fn fission_splits_vertically_for_left_and_horizontally_for_right() {
        let mut out = Vec::new();
        Fission.moves(&board("...|.x.|..."), Player::Left, &mut out);
        assert_eq!(out, vec![board(".x.|...|.x.")]);
        out.clear();
        Fission.moves(&board("...|.x.|..."), Player::Right, &mut out);
        assert_eq!(out, vec![board("...|x.x|...")]);
        let mut e = Engine::default();
        let g = value(&mut e, Fission, ".|x|.");
        let one = e.canon(&[0], &[]).unwrap();
        assert_eq!(g, one);
        assert_eq!(value(&mut e, Fission, ".x."), e.neg(one).unwrap());
    }
}
