//! Grid games with stones (the twin of `cgt/rulesets/stones.py`): the
//! Clobber family (`GenClobber`), Konane, Amazons and Fission.
//!
//! Every family splits a board into regions a move cannot leave, drops the
//! regions where nobody can move, and keys a region by its least image under
//! the symmetries its rules allow (a colour swap, or a quarter turn in
//! Fission, negates the value).

use super::grid::{
    bits, Board, Orthogonal, Plane, Step, Symmetries, BLOCKED, COMPASS, EMPTY, LEFT, ORTHOGONAL,
    RIGHT,
};
use super::search::{AnySearch, Player, Rules, Search};
use crate::engine::{Engine, Id, Stop, Stoppable};
use std::any::Any;
use std::marker::PhantomData;
use std::ops::ControlFlow;

/// The stone of `player`: Left's `x` or Right's `o`.
pub fn stone(player: Player) -> u8 {
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
pub trait StoneGame: Clone + Send + 'static {
    /// Each position `player` can move to, given to `visit` until it breaks.
    fn each_move<P: Plane>(
        &self,
        board: &Board<P>,
        player: Player,
        visit: &mut dyn FnMut(Board<P>) -> ControlFlow<()>,
    ) -> ControlFlow<()>;

    /// How many moves [`StoneGame::each_move`] visits.
    fn move_count<P: Plane>(&self, board: &Board<P>, player: Player) -> usize {
        visits(self, board, player)
    }

    /// Whether [`StoneGame::each_move`] visits a move.
    fn has_move<P: Plane>(&self, board: &Board<P>, player: Player) -> bool {
        visits_one(self, board, player)
    }

    /// The regions of `board` that a move cannot leave, cropped.
    fn regions<P: Plane>(&self, board: &Board<P>, out: &mut Vec<Board<P>>);

    /// The symmetries that keep the rules.
    fn symmetries(&self) -> Symmetries;
}

/// How many moves `game`'s [`StoneGame::each_move`] visits from `board`.
fn visits<G: StoneGame, P: Plane>(game: &G, board: &Board<P>, player: Player) -> usize {
    let mut count = 0;
    let _ = game.each_move(board, player, &mut |_| {
        count += 1;
        ControlFlow::Continue(())
    });
    count
}

/// Whether `game`'s [`StoneGame::each_move`] visits a move from `board`.
fn visits_one<G: StoneGame, P: Plane>(game: &G, board: &Board<P>, player: Player) -> bool {
    game.each_move(board, player, &mut |_| ControlFlow::Break(()))
        .is_break()
}

/// A stone game's rules on boards whose planes are of type `P`.
pub struct Stones<G, P>(pub G, PhantomData<P>);

impl<G, P> Stones<G, P> {
    pub fn new(game: G) -> Stones<G, P> {
        Stones(game, PhantomData)
    }
}

impl<G: StoneGame, P: Plane> Rules for Stones<G, P> {
    type Position = Board<P>;

    /// The regions where somebody can move; a lone region is kept as it is
    /// (solving it when dead, worth 0, costs less than checking every lone region).
    fn components(&self, board: &Board<P>, out: &mut Vec<Board<P>>) {
        let start = out.len();
        self.0.regions(board, out);
        if out.len() == start + 1 {
            return;
        }
        let mut k = start;
        while k < out.len() {
            let region = out[k];
            let live = [Player::Left, Player::Right]
                .into_iter()
                .any(|player| self.0.has_move(&region, player));
            if live {
                k += 1;
            } else {
                out.swap_remove(k);
            }
        }
    }

    fn canonical(&self, board: &Board<P>) -> (Board<P>, bool) {
        board.least_image(self.0.symmetries())
    }

    fn self_negative(&self, image: &Board<P>) -> bool {
        image.self_negative(self.0.symmetries())
    }

    fn moves(&self, board: &Board<P>, player: Player, out: &mut Vec<Board<P>>) {
        let _ = self.0.each_move(board, player, &mut |after| {
            out.push(after);
            ControlFlow::Continue(())
        });
    }

    fn move_count(&self, board: &Board<P>, player: Player, _room: &mut Vec<Board<P>>) -> usize {
        self.0.move_count(board, player)
    }
}

/// A stone game's search: boards of at most 64 cells (most) in one, their
/// planes u64s (smaller tables, which stay in the processor's cache longer),
/// larger boards in another.  A board's regions are no larger than it is.
pub struct GridSearch<G: StoneGame> {
    small: Search<Stones<G, u64>>,
    large: Search<Stones<G, u128>>,
}

impl<G: StoneGame> GridSearch<G> {
    /// A search whose tables hold about as many bytes as `limit` boards of at most 64 cells.
    pub fn new(game: G, limit: usize) -> GridSearch<G> {
        GridSearch {
            small: Search::new(Stones(game.clone(), PhantomData), limit),
            large: Search::new(Stones(game, PhantomData), limit / 2),
        }
    }

    /// The rules of the game.
    pub fn game(&self) -> &G {
        &self.small.rules().0
    }

    /// The search of boards of at most 64 cells.
    pub fn small_mut(&mut self) -> &mut Search<Stones<G, u64>> {
        &mut self.small
    }

    /// The search of larger boards.
    pub fn large_mut(&mut self) -> &mut Search<Stones<G, u128>> {
        &mut self.large
    }

    /// The engine id of `board`'s value.
    pub fn value(&mut self, engine: &mut Engine, board: &Board) -> Stoppable<Id> {
        match board.resized::<u64>() {
            Some(small) => self.small.value(engine, &small),
            None => self.large.value(engine, board),
        }
    }
}

impl<G: StoneGame> AnySearch for GridSearch<G> {
    fn clear(&mut self) {
        self.small.clear();
        self.large.clear();
    }

    fn value_of(&mut self, engine: &mut Engine, position: &dyn Any) -> Stoppable<Id> {
        let board = position
            .downcast_ref::<Board>()
            .ok_or(Stop::Invalid("that is not a board"))?;
        self.value(engine, board)
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// CGSuite's `GenClobber`: a stone moves up to `max_distance` cells in one of
/// `steps` over empty cells onto a cell whose content is in the mover's
/// `clobbered` set, leaving the mover's `left_behind` on the cell it left.
#[derive(Clone)]
pub struct GenClobber {
    steps: Vec<Step>,
    /// Per player (Left, Right): bit `v` set when a cell holding `v` may be moved onto.
    clobbered: [u8; 2],
    left_behind: [u8; 2],
    max_distance: u32,
    symmetries: Symmetries,
    /// The steps are the four orthogonal ones (the boards' planes then find moves and regions).
    orthogonal: bool,
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
        GenClobber {
            symmetries: Symmetries::keeping(&steps, swap),
            orthogonal: Orthogonal::<u128>::steps_are_orthogonal(&steps),
            steps,
            clobbered,
            left_behind,
            max_distance,
        }
    }

    /// Whether every move is one orthogonal step (Clobber's kind): then moves are found by shifts.
    fn one_orthogonal_step(&self) -> bool {
        self.max_distance == 1 && self.orthogonal
    }

    /// The cells `player`'s stones may move onto.
    fn targets<P: Plane>(&self, board: &Board<P>, player: Player) -> P {
        let clobbered = self.clobbered[side(player)];
        [EMPTY, LEFT, RIGHT]
            .into_iter()
            .filter(|&v| clobbered & (1 << v) != 0)
            .fold(P::zero(), |acc, v| acc | board.mask(v))
    }

    /// Clobber itself: a stone moves onto an orthogonally adjacent stone of the other colour.
    pub fn clobber() -> GenClobber {
        GenClobber::new(
            ORTHOGONAL.to_vec(),
            [1 << RIGHT, 1 << LEFT],
            [EMPTY, EMPTY],
            1,
        )
    }
}

impl StoneGame for GenClobber {
    fn each_move<P: Plane>(
        &self,
        board: &Board<P>,
        player: Player,
        visit: &mut dyn FnMut(Board<P>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let us = stone(player);
        let clobbered = self.clobbered[side(player)];
        let behind = self.left_behind[side(player)];
        if self.one_orthogonal_step() {
            // One step onto a cell of `targets`, found a direction at a time for every stone at once.
            let around = Orthogonal::of(board);
            let targets = self.targets(board, player);
            let ours = board.mask(us);
            for &(dr, dc) in &self.steps {
                let offset = (dr * board.width() + dc) as isize;
                for i in bits(ours & around.shifted(targets, (-dr, -dc))) {
                    let mut after = *board;
                    after.set(i, behind);
                    after.set((i as isize + offset) as usize, us);
                    visit(after)?;
                }
            }
            return ControlFlow::Continue(());
        }
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

    /// With one orthogonal step, a direction's moves are the stones next to a target that way.
    fn move_count<P: Plane>(&self, board: &Board<P>, player: Player) -> usize {
        if !self.one_orthogonal_step() {
            return visits(self, board, player);
        }
        let around = Orthogonal::of(board);
        let (ours, targets) = (board.mask(stone(player)), self.targets(board, player));
        self.steps
            .iter()
            .map(|&(dr, dc)| (ours & around.shifted(targets, (-dr, -dc))).count_ones() as usize)
            .sum()
    }

    fn has_move<P: Plane>(&self, board: &Board<P>, player: Player) -> bool {
        if !self.one_orthogonal_step() {
            return visits_one(self, board, player);
        }
        self.move_count(board, player) > 0
    }

    /// When stones only ever move one step onto stones, empty cells never
    /// change: the regions are groups of stones; otherwise regions of unblocked cells.
    fn regions<P: Plane>(&self, board: &Board<P>, out: &mut Vec<Board<P>>) {
        let (member, fill): (fn(u8) -> bool, u8) =
            if self.max_distance == 1 && (self.clobbered[0] | self.clobbered[1]) & 1 == 0 {
                (|v| v == LEFT || v == RIGHT, EMPTY)
            } else {
                (|v| v != BLOCKED, BLOCKED)
            };
        if self.orthogonal {
            board.orthogonal_regions(member, fill, out);
        } else {
            board.regions(member, &self.steps, fill, out);
        }
    }

    fn symmetries(&self) -> Symmetries {
        self.symmetries
    }
}

/// Konane: a stone jumps an adjacent enemy stone onto the empty cell beyond,
/// capturing it; further jumps in the same line are further moves.
#[derive(Clone)]
pub struct Konane;

impl StoneGame for Konane {
    fn each_move<P: Plane>(
        &self,
        board: &Board<P>,
        player: Player,
        visit: &mut dyn FnMut(Board<P>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        konane_moves(board, player, visit)
    }

    fn regions<P: Plane>(&self, board: &Board<P>, out: &mut Vec<Board<P>>) {
        if board.contains(BLOCKED) {
            board.regions(|v| v != BLOCKED, &ORTHOGONAL, BLOCKED, out);
        } else {
            out.push(*board);
        }
    }

    fn symmetries(&self) -> Symmetries {
        Symmetries::EVERY
    }
}

/// Konane's moves on `board`, found a direction at a time for every stone at once.
fn konane_moves<P: Plane>(
    board: &Board<P>,
    player: Player,
    visit: &mut dyn FnMut(Board<P>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let (us, them) = (stone(player), 3 - stone(player));
    let (mine, theirs) = (board.mask(us), board.mask(them));
    let (empty, all) = (board.mask(EMPTY), board.all());
    let (bits, width) = (P::zero().count_zeros(), board.width() as u32);
    let bit = |i: u32| P::one() << i as usize;
    // The cells from which a jump along a row stays in it: a column at least two from the end.
    let rows = (0..board.height() as u32).fold(P::zero(), |ones, r| ones | bit(r * width));
    let rightward = match width {
        0..=2 => P::zero(),
        _ => rows * ((bit(width - 2)) - P::one()),
    };
    // Each direction: the step between cells (as a shift), forward or back, and where a jump may start.
    let directions = [
        (1, true, rightward),
        (1, false, rightward << 2),
        (width, true, all),
        (width, false, all),
    ];
    for (step, forward, inside) in directions {
        let shift = |cells: P, by: u32| match (by < bits, forward) {
            (false, _) => P::zero(),
            (true, true) => cells >> by as usize,
            (true, false) => cells << by as usize,
        };
        // Where a stone could jump from: an enemy stone next in line, an empty cell beyond.
        // Cells ahead of a jumping stone are as they were, so it jumps on from where it lands
        // while its landing cell is one of these.
        let jumps = shift(theirs, step) & shift(empty, 2 * step) & inside;
        let mut starts = mine & jumps;
        while !starts.is_zero() {
            let mut at = starts.trailing_zeros();
            starts = starts & (starts - P::one());
            let mut after = *board;
            loop {
                let (over, to) = if forward {
                    (at + step, at + 2 * step)
                } else {
                    (at - step, at - 2 * step)
                };
                after = after
                    .toggled(us, P::one() << at as usize | P::one() << to as usize)
                    .toggled(them, P::one() << over as usize);
                visit(after)?;
                if (jumps >> to as usize & P::one()).is_zero() {
                    break;
                }
                at = to;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Amazons: an amazon moves as a chess queen over empty cells, then shoots an
/// arrow from where it lands, again as a queen; the arrow's cell is blocked.
#[derive(Clone)]
pub struct Amazons;

impl StoneGame for Amazons {
    fn each_move<P: Plane>(
        &self,
        board: &Board<P>,
        player: Player,
        visit: &mut dyn FnMut(Board<P>) -> ControlFlow<()>,
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

    fn regions<P: Plane>(&self, board: &Board<P>, out: &mut Vec<Board<P>>) {
        board.regions(|v| v != BLOCKED, &COMPASS, BLOCKED, out);
    }

    fn symmetries(&self) -> Symmetries {
        Symmetries::EVERY
    }
}

/// Fission: Left splits a stone into two, onto the empty cells just above and
/// below it; Right onto those just left and right of it.
#[derive(Clone)]
pub struct Fission;

impl StoneGame for Fission {
    fn each_move<P: Plane>(
        &self,
        board: &Board<P>,
        player: Player,
        visit: &mut dyn FnMut(Board<P>) -> ControlFlow<()>,
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

    fn regions<P: Plane>(&self, board: &Board<P>, out: &mut Vec<Board<P>>) {
        board.regions(|v| v != BLOCKED, &ORTHOGONAL, BLOCKED, out);
    }

    fn symmetries(&self) -> Symmetries {
        // A quarter turn swaps vertical and horizontal: the players' roles.
        Symmetries::new(0xff, 0xf0, false)
    }
}

/// `game`'s moves for `player` on the board written `text`, for tests.
#[cfg(test)]
pub(crate) fn moves<G: StoneGame>(game: &G, text: &str, player: Player) -> Vec<Board> {
    let mut out = Vec::new();
    let _ = game.each_move(&super::grid::board(text), player, &mut |after| {
        out.push(after);
        ControlFlow::Continue(())
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Engine, Id};
    use crate::rulesets::grid::{board, random_text};

    fn rules<G: StoneGame>(game: G) -> Stones<G, u128> {
        Stones(game, PhantomData)
    }

    fn value<G: StoneGame>(engine: &mut Engine, game: G, text: &str) -> Id {
        GridSearch::new(game, 1 << 16)
            .value(engine, &board(text))
            .unwrap()
    }

    #[test]
    fn clobber_moves_capture_an_adjacent_enemy_stone() {
        let mut out = Vec::new();
        rules(GenClobber::clobber()).moves(&board("xoo"), Player::Left, &mut out);
        assert_eq!(out, vec![board(".xo")]);
        out.clear();
        rules(GenClobber::clobber()).moves(&board("xoo"), Player::Right, &mut out);
        assert_eq!(out, vec![board("o.o")]);
    }

    #[test]
    fn single_coloured_groups_are_dropped() {
        let mut out = Vec::new();
        rules(GenClobber::clobber()).components(&board("xx.o|....|xo.."), &mut out);
        assert_eq!(out, vec![board("xo")]);
    }

    #[test]
    fn clobber_xo_is_star_and_a_swap_negates() {
        let mut e = Engine::default();
        let star = e.canon(&[0], &[0]).unwrap();
        assert_eq!(value(&mut e, GenClobber::clobber(), "xo"), star);
        let g = value(&mut e, GenClobber::clobber(), "xxo");
        let h = value(&mut e, GenClobber::clobber(), "oox");
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
        rules(rooks).moves(&board("x..o"), Player::Left, &mut out);
        assert_eq!(out, vec![board("...x")]);
    }

    #[test]
    fn move_counts_are_the_lengths_of_the_move_lists() {
        // Clobber (counted by shifts), hot Clobber onto any stone, and rooks (counted by visits).
        let games = [
            GenClobber::clobber(),
            GenClobber::new(ORTHOGONAL.to_vec(), [6, 6], [EMPTY, EMPTY], 1),
            GenClobber::new(
                ORTHOGONAL.to_vec(),
                [1 << RIGHT, 1 << LEFT],
                [EMPTY, EMPTY],
                u32::MAX,
            ),
        ];
        let mut seed = 2024u64;
        for _ in 0..200 {
            let text = random_text(&mut seed, 4, 5, &['x', 'o', '.', 'x', 'o', '#']);
            for game in &games {
                for player in [Player::Left, Player::Right] {
                    let mut out = Vec::new();
                    rules(game.clone()).moves(&board(&text), player, &mut out);
                    assert_eq!(game.move_count(&board(&text), player), out.len(), "{text}");
                }
            }
        }
    }

    #[test]
    fn konane_jumps_again_in_line() {
        let mut out = Vec::new();
        rules(Konane).moves(&board("xo.o."), Player::Left, &mut out);
        assert_eq!(out, vec![board("..xo."), board("....x")]);
    }

    #[test]
    fn amazons_arrows_may_land_where_the_amazon_stood() {
        let mut out = Vec::new();
        rules(Amazons).moves(&board("x."), Player::Left, &mut out);
        assert_eq!(out, vec![board("#x")]);
    }

    #[test]
    fn fission_splits_vertically_for_left_and_horizontally_for_right() {
        let mut out = Vec::new();
        rules(Fission).moves(&board("...|.x.|..."), Player::Left, &mut out);
        assert_eq!(out, vec![board(".x.|...|.x.")]);
        out.clear();
        rules(Fission).moves(&board("...|.x.|..."), Player::Right, &mut out);
        assert_eq!(out, vec![board("...|x.x|...")]);
        let mut e = Engine::default();
        let g = value(&mut e, Fission, ".|x|.");
        let one = e.canon(&[0], &[]).unwrap();
        assert_eq!(g, one);
        assert_eq!(value(&mut e, Fission, ".x."), e.neg(one).unwrap());
    }
}
