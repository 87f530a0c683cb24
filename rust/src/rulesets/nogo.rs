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
//! On one row (or column) a run of one colour's stones is kept as one stone.

use super::grid::{
    bits, lowest, Board, Orthogonal, Plane, Symmetries, BLOCKED, EMPTY, LEFT, RIGHT,
};
use super::search::Player;
use super::stones::{stone, StoneGame};
use std::ops::ControlFlow;

/// MCGS's NoGo (`nogo`, and `nogo_1xn` on one row).
#[derive(Clone)]
pub struct NoGo;

/// What `player`'s stone may not do on `board`: the cells where it would take
/// the last liberty of an opposing group, and the stones of `player`'s groups
/// with a liberty to spare (a stone played next to one of them still breathes).
fn groups<P: Plane>(board: &Board<P>, around: &Orthogonal<P>, player: Player) -> (P, P) {
    let me = stone(player);
    let empty = board.mask(EMPTY);
    let mut captures = P::zero();
    let mut spare = P::zero();
    for value in [LEFT, RIGHT] {
        let stones = board.mask(value);
        let mut rest = stones;
        while !rest.is_zero() {
            let group = around.fill(lowest(rest), stones);
            rest = rest & !group;
            let liberties = around.around(group) & empty;
            match (value == me, liberties.count_ones()) {
                (false, 1) => captures = captures | liberties,
                (true, n) if n > 1 => spare = spare | group,
                _ => {}
            }
        }
    }
    (captures, spare)
}

/// A board of one row or one column with each run of one colour's stones made
/// one stone: the same game (a run has the neighbours of one stone), kept
/// smaller; another board as it is.
fn runs_as_stones<P: Plane>(board: Board<P>) -> Board<P> {
    let (left, right) = (board.mask(LEFT), board.mask(RIGHT));
    // Bit i: cell i holds the stone cell i - 1 holds.
    let repeated = (left & (left << 1)) | (right & (right << 1));
    if (board.height() > 1 && board.width() > 1) || repeated.is_zero() {
        return board;
    }
    board.without(repeated)
}

/// The cells where `player` may put a stone: empty, next to an empty cell or to a
/// group of their own with a liberty to spare, and not taking an opposing group's
/// last liberty (bit by bit, on the board's planes).
fn legal<P: Plane>(board: &Board<P>, player: Player) -> P {
    if board.height() == 1 || board.width() == 1 {
        return legal_on_line(board, player);
    }
    let around = Orthogonal::of(board);
    let empty = board.mask(EMPTY);
    let (captures, spare) = groups(board, &around, player);
    empty & !captures & (around.around(empty) | around.around(spare))
}

/// [`legal`] on a board of one row or one column, where cell `i`'s neighbours
/// are cells `i - 1` and `i + 1` and a group is a run of one colour's stones,
/// whose liberties are the cells just before and just after it.
fn legal_on_line<P: Plane>(board: &Board<P>, player: Player) -> P {
    let all = board.all();
    let empty = board.mask(EMPTY);
    let around = |cells: P| ((cells << 1) | (cells >> 1)) & all;
    // The runs of `stones` that have a liberty before them, and after them.
    let runs = |stones: P| {
        let mut before = stones & !(stones << 1) & (empty << 1);
        let mut after = stones & !(stones >> 1) & (empty >> 1);
        loop {
            let (up, down) = (
                before | ((before << 1) & stones),
                after | ((after >> 1) & stones),
            );
            if up == before && down == after {
                return (before, after);
            }
            (before, after) = (up, down);
        }
    };
    let me = stone(player);
    let theirs = if me == LEFT { RIGHT } else { LEFT };
    let (before, after) = runs(board.mask(me));
    let spare = before & after;
    let (before, after) = runs(board.mask(theirs));
    let captures = around(before ^ after) & empty;
    empty & !captures & (around(empty) | around(spare))
}

impl StoneGame for NoGo {
    /// A stone on each [`legal`] cell, those with more empty neighbours first.  The outcome
    /// search tries moves of equal mobility in this order: a stone with room around it (off
    /// the edge: on the empty strip, next to the end cell rather than on it) is the better
    /// first try (measured in `docs/solving.md`).
    fn each_move<P: Plane>(
        &self,
        board: &Board<P>,
        player: Player,
        visit: &mut dyn FnMut(Board<P>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let around = Orthogonal::of(board);
        let empty = board.mask(EMPTY);
        // The legal cells by their count of empty neighbours (0 to 4).
        let mut by_room = [P::zero(); 5];
        for i in bits(legal(board, player)) {
            let room = (around.around(P::one() << i) & empty).count_ones() as usize;
            by_room[room] = by_room[room] | (P::one() << i);
        }
        for &cells in by_room.iter().rev() {
            for i in bits(cells) {
                visit(board.toggled(stone(player), P::one() << i))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The [`legal`] cells, counted without placing a stone.
    fn move_count<P: Plane>(&self, board: &Board<P>, player: Player) -> usize {
        legal(board, player).count_ones() as usize
    }

    fn has_move<P: Plane>(&self, board: &Board<P>, player: Player) -> bool {
        !legal(board, player).is_zero()
    }

    /// The regions of cells linked as the module says, each cropped with `#` around it.
    fn regions<P: Plane>(&self, board: &Board<P>, out: &mut Vec<Board<P>>) {
        let (empty, left, right) = (board.mask(EMPTY), board.mask(LEFT), board.mask(RIGHT));
        let mut rest = empty | left | right;
        if board.height() == 1 || board.width() == 1 {
            // Bit i: cells i and i + 1 are linked.
            let linked = rest & (rest >> 1) & !(left & (right >> 1)) & !(right & (left >> 1));
            while !rest.is_zero() {
                let start = rest.trailing_zeros() as usize;
                let length = (!(linked >> start)).trailing_zeros() as usize + 1;
                let part = board.segment(start, length);
                rest = rest & !(part.all() << start);
                if part.contains(EMPTY) {
                    out.push(runs_as_stones(part));
                }
            }
            return;
        }
        let around = Orthogonal::of(board);
        while !rest.is_zero() {
            let mut part = lowest(rest);
            loop {
                let grown = part
                    | (around.around(part & empty) & rest)
                    | (around.around(part & left) & (left | empty))
                    | (around.around(part & right) & (right | empty));
                if grown == part {
                    break;
                }
                part = grown;
            }
            rest = rest & !part;
            if !(part & empty).is_zero() {
                out.push(board.crop(part, BLOCKED));
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
    use crate::rulesets::grid::{board, random_text, xorshift};
    use crate::rulesets::stones;
    use crate::rulesets::stones::GridSearch;

    fn moves(text: &str, player: Player) -> Vec<Board> {
        stones::moves(&NoGo, text, player)
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
        // On one row or column a run of one colour is one stone.
        parts.clear();
        NoGo.regions(&board(".xxx..oo."), &mut parts);
        NoGo.regions(&board("x|x|.|o|o|."), &mut parts);
        assert_eq!(parts, vec![board(".x..o."), board("x|.|o|.")]);
    }

    #[test]
    fn move_counts_are_the_lengths_of_the_move_lists() {
        let mut seed = 7u64;
        for _ in 0..300 {
            let text = random_text(&mut seed, 4, 5, &['x', 'o', '.', '.', '.', '#']);
            for player in [Player::Left, Player::Right] {
                let listed = moves(&text, player).len();
                assert_eq!(NoGo.move_count(&board(&text), player), listed, "{text}");
                assert_eq!(NoGo.has_move(&board(&text), player), listed > 0, "{text}");
            }
        }
    }

    #[test]
    fn moves_with_more_empty_neighbours_come_first() {
        let mut seed = 5u64;
        for _ in 0..300 {
            let text = random_text(&mut seed, 4, 5, &['x', 'o', '.', '.', '.', '#']);
            let b = board(&text);
            let around = Orthogonal::of(&b);
            for player in [Player::Left, Player::Right] {
                let room: Vec<u32> = moves(&text, player)
                    .iter()
                    .map(|after| {
                        let placed = after.mask(stone(player)) & !b.mask(stone(player));
                        (around.around(placed) & b.mask(EMPTY)).count_ones()
                    })
                    .collect();
                assert!(room.windows(2).all(|w| w[0] >= w[1]), "{text}: {room:?}");
            }
        }
        // On the empty strip, the cell next to an end before the end cell itself.
        assert_eq!(
            moves("...", Player::Left)[..2],
            [board(".x."), board("x..")]
        );
    }

    #[test]
    fn moves_on_a_line_are_those_the_groups_allow() {
        // The line's runs against the general flood fill of groups, on random rows and columns.
        let mut seed = 11u64;
        for _ in 0..2000 {
            let length = 1 + xorshift(&mut seed) as usize % 40;
            let cells = random_text(&mut seed, 1, length, &['x', 'o', '.', '.', 'x', 'o', '#']);
            let column = cells
                .chars()
                .map(String::from)
                .collect::<Vec<_>>()
                .join("|");
            for text in [cells.clone(), column] {
                let b = board(&text);
                for player in [Player::Left, Player::Right] {
                    let around = Orthogonal::of(&b);
                    let empty = b.mask(EMPTY);
                    let (captures, spare) = groups(&b, &around, player);
                    let general = empty & !captures & (around.around(empty) | around.around(spare));
                    assert_eq!(legal_on_line(&b, player), general, "{text}");
                }
            }
        }
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
