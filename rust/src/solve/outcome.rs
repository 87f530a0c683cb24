//! Outcomes by search: who wins a sum of positions, moving first, without its
//! canonical form (the twin of `cgt/solve/outcome.py`).
//!
//! The question is boolean — can the player to move win? — and minimax answers
//! it: a sum is won by the player to move when some move leads to a sum that the
//! opponent, moving first there, loses.  A sum is held as
//!
//! * *known* components, those whose canonical forms are cheap (already in
//!   the ruleset search's table, or of few moves and found by that search
//!   within a few components valued), added into one engine value `K`;
//! * *unknown* components, each as its canonical image (its least image under
//!   the ruleset's symmetries) and whether it stands for the image's negative,
//!   in a sorted multiset.
//!
//! The theory shortens the search:
//!
//! * with no unknown component left, `K` answers: Left moving first wins
//!   `K` iff `K ⧐ 0` (not `K <= 0`), Right iff `K ⧏ 0` (not `K >= 0`);
//! * `G + (-G) = 0`: an unknown component and its negative cancel, and in an
//!   impartial ruleset (`G = -G`) two equal components do;
//! * the moves in `K` are those of its canonical form, which has no dominated
//!   or reversible options; when `K` is a number they are tried last (number
//!   avoidance: when the rest is not a number, a winning move, if any, is in it);
//! * of equal unknown components only one is moved in (the same sums follow);
//! * a sum that is its own negative (`-G = G`) is won by the player moving
//!   first or by neither: its second question is answered by its first;
//! * moves are tried best first, scored by the mobility they leave (see
//!   [`Solver::children`]), and a table of answers, keyed by the multiset,
//!   `K` and the player to move, is read for every child before any child is
//!   searched (a child that loses for the opponent ends the search of its
//!   parent) — unless the ruleset says its moves are better tried as listed
//!   ([`Rules::MOVES_BY_MOBILITY`]), each child made when its turn comes.
//!
//! The table holds only answers, each true whatever else is in it, so an
//! interrupted search leaves it consistent; past its size it forgets its older
//! half.

use crate::engine::{Engine, Id, Stop, Stoppable, ZERO};
use crate::rulesets::search::{Player, Rules, Search};
use rustc_hash::{FxHashMap, FxHashSet, FxHasher};
use std::hash::{Hash, Hasher};

/// Who makes `player`'s moves in a component: in its negative, Left makes Right's moves, negated.
fn mover(player: Player, negated: bool) -> Player {
    if negated {
        opponent(player)
    } else {
        player
    }
}

/// The indices of `parts`, one of each run of equal parts (moves in equal parts lead to the same sums).
fn distinct<T: PartialEq>(parts: &[T]) -> impl Iterator<Item = usize> + '_ {
    (0..parts.len()).filter(move |&i| i == 0 || parts[i - 1] != parts[i])
}

fn opponent(player: Player) -> Player {
    match player {
        Player::Left => Player::Right,
        Player::Right => Player::Left,
    }
}

/// A sum: its unknown components, sorted, each a canonical image and whether
/// the component is the image's negative; and the value of the known ones.
///
/// A node is hashed once, when made: the tables of a search hash it many times.
#[derive(Clone, Debug)]
pub struct Node<P> {
    parts: Box<[(P, bool)]>,
    known: Id,
    hash: u64,
}

impl<P: Hash> Node<P> {
    fn new(parts: Box<[(P, bool)]>, known: Id) -> Node<P> {
        let mut hasher = FxHasher::default();
        parts.hash(&mut hasher);
        known.hash(&mut hasher);
        Node {
            parts,
            known,
            hash: hasher.finish(),
        }
    }
}

impl<P: PartialEq> PartialEq for Node<P> {
    fn eq(&self, other: &Node<P>) -> bool {
        self.hash == other.hash && self.known == other.known && self.parts == other.parts
    }
}

impl<P: Eq> Eq for Node<P> {}

impl<P> Hash for Node<P> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

impl<P> Node<P> {
    /// The unknown components.
    pub fn parts(&self) -> &[(P, bool)] {
        &self.parts
    }

    /// The engine id of the sum of the known components.
    pub fn known(&self) -> Id {
        self.known
    }
}

/// Unknown components, each a canonical image and whether it stands for the image's negative.
type Parts<P> = Vec<(P, bool)>;

/// The sum after a move, its score (the best is tried first) and, once read
/// from the table, whether the opponent, moving first there, wins it.
struct Child<P> {
    score: f64,
    node: Node<P>,
    answer: Option<bool>,
}

impl<P> Child<P> {
    fn new(score: f64, node: Node<P>) -> Child<P> {
        Child {
            score,
            node,
            answer: None,
        }
    }
}

/// The bits of a table entry that say `player`'s answer is known, and that it is a win.
fn bits(player: Player) -> (u8, u8) {
    match player {
        Player::Left => (1, 2),
        Player::Right => (4, 8),
    }
}

/// The answers found: for each sum, whether each player, moving first, wins.
///
/// Two generations of at most half the entries each: when the newer is full
/// it becomes the older, and the older is forgotten.
pub struct Table<P> {
    newer: FxHashMap<Node<P>, u8>,
    older: FxHashMap<Node<P>, u8>,
    /// Components whose canonical forms were found too costly to be known.
    large: FxHashSet<P>,
    max_entries: usize,
}

impl<P: Clone + Eq + Hash> Table<P> {
    /// A table of at most `max_entries` sums (at least 2).
    pub fn new(max_entries: usize) -> Table<P> {
        Table {
            newer: FxHashMap::default(),
            older: FxHashMap::default(),
            large: FxHashSet::default(),
            max_entries: max_entries.max(2),
        }
    }

    pub fn len(&self) -> usize {
        self.newer.len() + self.older.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A sum's entry: the newer table's, which took the older one's answers when it was made, or
    /// else the older one's.
    fn entry(&self, node: &Node<P>) -> u8 {
        match self.newer.get(node) {
            Some(&entry) => entry,
            None => self.older.get(node).copied().unwrap_or(0),
        }
    }

    /// Whether `player` moving first wins `node`, if known.
    pub fn get(&self, node: &Node<P>, player: Player) -> Option<bool> {
        let (known, win) = bits(player);
        let entry = self.entry(node);
        (entry & known != 0).then_some(entry & win != 0)
    }

    fn remember_large(&mut self, image: &P) {
        if self.large.len() >= self.max_entries / 2 || self.large.try_reserve(1).is_err() {
            self.large = FxHashSet::default();
        }
        self.large.insert(image.clone());
    }

    fn put(&mut self, node: Node<P>, player: Player, wins: bool) {
        let (known, win) = bits(player);
        let answer = known | if wins { win } else { 0 };
        if let Some(entry) = self.newer.get_mut(&node) {
            *entry |= answer;
            return;
        }
        if self.newer.len() >= self.max_entries / 2 {
            self.older = std::mem::take(&mut self.newer);
        }
        if self.newer.try_reserve(1).is_err() {
            // Out of memory: forget every answer (they are found again if needed).
            self.older = FxHashMap::default();
            self.newer = FxHashMap::default();
        }
        let carried = self.older.get(&node).copied().unwrap_or(0);
        self.newer.insert(node, carried | answer);
    }
}

/// How a search treats components.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// A component where the players have at most `cheap_moves` moves in all gets its
    /// canonical form, if the ruleset's search finds it within `cheap_steps` components valued.
    pub cheap_moves: usize,
    pub cheap_steps: u64,
    /// Every component equals its negative (an impartial ruleset): two equal components cancel.
    pub impartial: bool,
}

/// How far a search has got.
#[derive(Clone, Copy, Debug, Default)]
pub struct Progress {
    /// Sums searched (their moves generated).
    pub nodes: u64,
    /// How many moves deep the sum being searched is.
    pub depth: u32,
    /// Answers in the table.
    pub known: usize,
}

/// Asked now and then while a search runs: `true` stops it ([`Stop::Interrupted`]).
pub type Poll<'a> = &'a mut dyn FnMut(&Progress) -> bool;

/// Sums searched between two polls.
const POLL_EVERY: u32 = 1 << 7;
/// Stack kept free below a recursive step, and the size of a new segment when it runs short.
const RED_ZONE: usize = 64 * 1024;
const STACK_SEGMENT: usize = 1024 * 1024;

/// A search of sums of one ruleset's positions: its table of answers, the
/// ruleset's search (which values the cheap components) and the engine.
pub struct Solver<'a, R: Rules> {
    values: &'a mut Search<R>,
    engine: &'a mut Engine,
    table: &'a mut Table<R::Position>,
    /// The sums on the line of play being searched: one met again means play can return to it.
    line: FxHashSet<Node<R::Position>>,
    /// Room for the components of a position, for the moves from one, and for the
    /// moves listed in [`Solver::children`], reused.
    raw: Vec<R::Position>,
    moved: Vec<R::Position>,
    listed: Vec<R::Position>,
    /// Emptied lists of children, kept for the next sums searched.
    pool: Vec<Vec<Child<R::Position>>>,
    /// The mobilities of the unknown components the last split appended.
    split_mobility: Vec<(i64, i64)>,
    settings: Settings,
    progress: Progress,
    ticks: u32,
    poll: Poll<'a>,
}

impl<'a, R: Rules> Solver<'a, R>
where
    R::Position: Ord,
{
    pub fn new(
        values: &'a mut Search<R>,
        engine: &'a mut Engine,
        table: &'a mut Table<R::Position>,
        settings: Settings,
        poll: Poll<'a>,
    ) -> Solver<'a, R> {
        Solver {
            values,
            engine,
            table,
            line: FxHashSet::default(),
            raw: Vec::new(),
            moved: Vec::new(),
            listed: Vec::new(),
            pool: Vec::new(),
            split_mobility: Vec::new(),
            settings,
            progress: Progress::default(),
            ticks: 0,
            poll,
        }
    }

    /// The sum of `positions` and the game `known` (an engine id).
    pub fn node(&mut self, positions: &[R::Position], known: Id) -> Stoppable<Node<R::Position>> {
        let mut parts = Vec::new();
        let mut known = known;
        for position in positions {
            self.split(position, false, &mut parts, &mut known)?;
        }
        Ok(self.normalised(&mut parts, known))
    }

    /// Whether `player`, moving first in `node`, wins.
    ///
    /// A sum that is its own negative is won by the player moving first or by
    /// neither (`-G = G`: Right moving first in `G` is Left moving first in
    /// `-G`), so its second question is answered by the first (an empty board
    /// of NoGo, a Clobber checkerboard, any impartial sum).  A sum met again
    /// on a line of play is [`Stop::Loopy`]: not a short game.
    pub fn wins(&mut self, node: &Node<R::Position>, player: Player) -> Stoppable<bool> {
        self.line.clear();
        if let Some(wins) = self.table.get(node, opponent(player)) {
            if self.is_own_negative(node)? {
                return Ok(wins);
            }
        }
        self.search(node, player, 0)
    }

    /// Whether the sum `node` is its own negative as its parts' symmetries show
    /// it: each part is (see [`Rules::self_negative`]), and so is the known part.
    fn is_own_negative(&mut self, node: &Node<R::Position>) -> Stoppable<bool> {
        let rules = self.values.rules();
        let parts = node
            .parts
            .iter()
            .all(|(image, _)| self.settings.impartial || rules.self_negative(image));
        Ok(parts && self.engine.neg(node.known)? == node.known)
    }

    /// The components of `position` (its negative if `negated`): the known ones
    /// added to `known`, the others appended to `parts` (and their mobilities,
    /// Left's and Right's moves, left in `self.split_mobility`).
    fn split(
        &mut self,
        position: &R::Position,
        negated: bool,
        parts: &mut Parts<R::Position>,
        known: &mut Id,
    ) -> Stoppable<()> {
        let mut raw = std::mem::take(&mut self.raw);
        raw.clear();
        self.split_mobility.clear();
        self.values.rules().components(position, &mut raw);
        for component in raw.drain(..) {
            let value = match self.values.known(self.engine, &component)? {
                Ok(g) => g,
                Err((image, negative)) => {
                    let (left, right) = self.mobility(&image, false);
                    match self.cheap_value(&image, left + right)? {
                        Some(g) if negative => self.engine.neg(g)?,
                        Some(g) => g,
                        None => {
                            let negative = negative != negated;
                            parts.push((image, negative));
                            self.split_mobility.push(if negative {
                                (right, left)
                            } else {
                                (left, right)
                            });
                            continue;
                        }
                    }
                }
            };
            let value = if negated {
                self.engine.neg(value)?
            } else {
                value
            };
            *known = self.engine.add(*known, value)?;
        }
        self.raw = raw;
        Ok(())
    }

    /// The value of the canonical image `image`, of `moves` moves in all (both
    /// players'), if that is at most `cheap_moves` and the ruleset's search finds
    /// it within `cheap_steps` components valued (an image found costlier once is
    /// not tried again).
    fn cheap_value(&mut self, image: &R::Position, moves: i64) -> Stoppable<Option<Id>> {
        if moves > self.settings.cheap_moves as i64 || self.table.large.contains(image) {
            return Ok(None);
        }
        let found = self
            .values
            .value_within(self.engine, image, self.settings.cheap_steps)?;
        if found.is_none() {
            self.table.remember_large(image);
        }
        Ok(found)
    }

    /// The node of unknown components `parts` and known value `known`: the parts
    /// sorted, a component and its negative cancelled (two equal ones, if impartial).
    /// `parts` is used as room for the work, its contents left undefined.
    fn normalised(&self, parts: &mut Parts<R::Position>, known: Id) -> Node<R::Position> {
        parts.sort_unstable();
        // The kept parts are written over the sorted ones, never ahead of those still to read.
        let mut kept = 0;
        let mut start = 0;
        while start < parts.len() {
            let image = parts[start].0.clone();
            let end = start
                + parts[start..]
                    .iter()
                    .take_while(|(p, _)| *p == image)
                    .count();
            let negatives = parts[start..end].iter().filter(|(_, n)| *n).count();
            let positives = end - start - negatives;
            let (count, negative) = if self.settings.impartial {
                ((end - start) % 2, false)
            } else if positives >= negatives {
                (positives - negatives, false)
            } else {
                (negatives - positives, true)
            };
            for slot in &mut parts[kept..kept + count] {
                *slot = (image.clone(), negative);
            }
            kept += count;
            start = end;
        }
        Node::new(parts[..kept].into(), known)
    }

    /// Whether `player` moving first wins the game `known` (an engine id).
    fn settled(&mut self, known: Id, player: Player) -> Stoppable<bool> {
        Ok(match player {
            Player::Left => !self.engine.le(known, ZERO)?,
            Player::Right => !self.engine.le(ZERO, known)?,
        })
    }

    fn tick(&mut self, depth: u32) -> Stoppable<()> {
        self.progress.nodes += 1;
        self.ticks += 1;
        if self.ticks >= POLL_EVERY {
            self.ticks = 0;
            self.progress.depth = depth;
            self.progress.known = self.table.len();
            if (self.poll)(&self.progress) {
                return Err(Stop::Interrupted);
            }
        }
        Ok(())
    }

    fn search(&mut self, node: &Node<R::Position>, player: Player, depth: u32) -> Stoppable<bool> {
        if node.parts.is_empty() {
            return self.settled(node.known, player);
        }
        if let Some(wins) = self.table.get(node, player) {
            return Ok(wins);
        }
        self.search_unread(node, player, depth)
    }

    /// [`Solver::search`] of a sum of unknown components not found in the table
    /// (where the caller has just looked).
    fn search_unread(
        &mut self,
        node: &Node<R::Position>,
        player: Player,
        depth: u32,
    ) -> Stoppable<bool> {
        self.tick(depth)?;
        if self.line.try_reserve(1).is_err() {
            return Err(Stop::Memory("the line of play of an outcome search"));
        }
        if !self.line.insert(node.clone()) {
            return Err(Stop::Loopy);
        }
        let answer = self.answer(node, player, depth);
        let node = self
            .line
            .take(node)
            .ok_or(Stop::Invalid("an outcome search lost its line of play"))?;
        if let Ok(wins) = answer {
            self.table.put(node, player, wins);
        }
        answer
    }

    /// [`Solver::search`] of a sum not in the table: whether some move leads to a loss for the opponent.
    fn answer(&mut self, node: &Node<R::Position>, player: Player, depth: u32) -> Stoppable<bool> {
        if !R::MOVES_BY_MOBILITY {
            return self.answer_in_order(node, player, depth);
        }
        let mut children = self.children(node, player)?;
        let found = self.some_scored_child_loses(&mut children, opponent(player), depth);
        children.clear();
        self.pool.push(children);
        found
    }

    /// Whether `player`, moving first in one of `children` (sums one move below
    /// `depth`, each with its score), loses it: first by the table, then searched
    /// in turn until one is found.
    fn some_scored_child_loses(
        &mut self,
        children: &mut [Child<R::Position>],
        player: Player,
        depth: u32,
    ) -> Stoppable<bool> {
        // A child known to lose for the opponent settles the node without a search.
        for child in children.iter_mut() {
            child.answer = if child.node.parts.is_empty() {
                Some(self.settled(child.node.known, player)?)
            } else {
                self.table.get(&child.node, player)
            };
            if child.answer == Some(false) {
                return Ok(true);
            }
        }
        for child in children.iter() {
            if child.answer.is_none()
                && !self.deeper(|s| s.search_unread(&child.node, player, depth + 1))?
            {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// [`Solver::answer`] trying the moves as the ruleset lists them, each child
    /// made only when its turn comes: moves in the components, then in `K`.
    fn answer_in_order(
        &mut self,
        node: &Node<R::Position>,
        player: Player,
        depth: u32,
    ) -> Stoppable<bool> {
        let other = opponent(player);
        let mut moved = Vec::new();
        for i in distinct(&node.parts) {
            self.moves_in(node, i, player, &mut moved);
            for after in &moved {
                let child = self.child(node, i, after)?;
                if !self.deeper(|s| s.search(&child, other, depth + 1))? {
                    return Ok(true);
                }
            }
        }
        let in_known = self
            .known_options(node, player)?
            .into_iter()
            .map(|known| Node::new(node.parts.clone(), known));
        self.some_child_loses(in_known, other, depth)
    }

    /// Whether `player`, moving first in one of `children` (sums one move below
    /// `depth`), loses it: searched in turn until one is found.
    fn some_child_loses(
        &mut self,
        children: impl IntoIterator<Item = Node<R::Position>>,
        player: Player,
        depth: u32,
    ) -> Stoppable<bool> {
        for child in children {
            if !self.deeper(|s| s.search(&child, player, depth + 1))? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// `step`, the search of a sum one move deeper: long games recurse deeply,
    /// so on a stack that grows as needed.
    fn deeper(&mut self, step: impl FnOnce(&mut Self) -> Stoppable<bool>) -> Stoppable<bool> {
        stacker::maybe_grow(RED_ZONE, STACK_SEGMENT, || step(self))
    }

    /// `player`'s moves in part `i` of `node`, from its image, into `moved`.
    fn moves_in(
        &self,
        node: &Node<R::Position>,
        i: usize,
        player: Player,
        moved: &mut Vec<R::Position>,
    ) {
        let (image, negated) = &node.parts[i];
        moved.clear();
        self.values
            .rules()
            .moves(image, mover(player, *negated), moved);
    }

    /// The sum after a move in part `i` of `node` to `after` (the image's position after it).
    fn child(
        &mut self,
        node: &Node<R::Position>,
        i: usize,
        after: &R::Position,
    ) -> Stoppable<Node<R::Position>> {
        let mut parts = Vec::new();
        let known = self.child_parts(node, i, after, &mut parts)?;
        Ok(self.normalised(&mut parts, known))
    }

    /// The parts (into `parts`, emptied first) and known value of
    /// [`Solver::child`], not yet normalised: the parts `after` split into come last.
    fn child_parts(
        &mut self,
        node: &Node<R::Position>,
        i: usize,
        after: &R::Position,
        parts: &mut Parts<R::Position>,
    ) -> Stoppable<Id> {
        parts.clear();
        parts.extend(node.parts[..i].iter().cloned());
        parts.extend(node.parts[i + 1..].iter().cloned());
        let mut known = node.known;
        self.split(after, node.parts[i].1, parts, &mut known)?;
        Ok(known)
    }

    /// `player`'s options in the known part of `node`.
    fn known_options(&mut self, node: &Node<R::Position>, player: Player) -> Stoppable<Vec<Id>> {
        Ok(match player {
            Player::Left => self.engine.left(node.known)?.to_vec(),
            Player::Right => self.engine.right(node.known)?.to_vec(),
        })
    }

    /// The sums after each move of `player` in `node`, best first, each with its score.
    ///
    /// A move is scored, from the mover's side, by how many more moves than the
    /// opponent the mover has after it in the components it changed, plus the
    /// change in the mean of the known part, less a hundredth of the opponent's
    /// moves there (in all-small games, Clobber, the two players' moves come in
    /// pairs: then taking the opponent's moves away is what counts).  Moves in
    /// a known part that is a number come last.
    fn children(
        &mut self,
        node: &Node<R::Position>,
        player: Player,
    ) -> Stoppable<Vec<Child<R::Position>>> {
        let sign = if player == Player::Left { 1.0 } else { -1.0 };
        let mut scored = self.pool.pop().unwrap_or_default();
        let mut moved = std::mem::take(&mut self.listed);
        let mut parts = Vec::new();
        for i in distinct(&node.parts) {
            self.moves_in(node, i, player, &mut moved);
            let (image, negated) = &node.parts[i];
            let before = self.mobility(image, *negated);
            for after in &moved {
                let known = self.child_parts(node, i, after, &mut parts)?;
                let (mut left, mut right) = (-before.0, -before.1);
                for &(l, r) in &self.split_mobility {
                    left += l;
                    right += r;
                }
                let theirs = if player == Player::Left { right } else { left };
                let score =
                    sign * ((left - right) as f64 + self.mean(known)) - 0.01 * theirs as f64;
                let node = self.normalised(&mut parts, known);
                scored.push(Child::new(score, node));
            }
        }
        let last = if self.engine.number_of(node.known).is_some() {
            f64::NEG_INFINITY
        } else {
            0.0
        };
        for known in self.known_options(node, player)? {
            let score = last + sign * self.mean(known);
            scored.push(Child::new(score, Node::new(node.parts.clone(), known)));
        }
        self.listed = moved;
        scored.sort_by(|a, b| b.score.total_cmp(&a.score));
        Ok(scored)
    }

    /// Left's and Right's moves in a component (the image, negated or not).
    fn mobility(&mut self, image: &R::Position, negated: bool) -> (i64, i64) {
        let rules = self.values.rules();
        let left = rules.move_count(image, Player::Left, &mut self.moved) as i64;
        let right = rules.move_count(image, Player::Right, &mut self.moved) as i64;
        if negated {
            (right, left)
        } else {
            (left, right)
        }
    }

    fn mean(&self, known: Id) -> f64 {
        let (l, r) = self.engine.stops(known);
        (l.to_f64() + r.to_f64()) / 2.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::domineering::{encode, Placement, Region, CRAM, DOMINEERING};
    use crate::rulesets::grid::Board;
    use crate::rulesets::stones::{GenClobber, Stones};

    /// Whether `player` moving first wins `positions`, by the search with `settings`.
    fn wins<R: Rules>(
        rules: R,
        positions: &[R::Position],
        player: Player,
        settings: Settings,
    ) -> bool
    where
        R::Position: Ord,
    {
        let mut engine = Engine::default();
        let mut values = Search::new(rules, 1 << 16);
        let mut table = Table::new(1 << 16);
        let mut poll = |_: &Progress| false;
        let mut solver = Solver::new(&mut values, &mut engine, &mut table, settings, &mut poll);
        let node = solver.node(positions, ZERO).unwrap();
        solver.wins(&node, player).unwrap()
    }

    /// The outcome class ('L', 'R', 'N', 'P') of `positions` from the canonical form of their sum.
    fn outcome_of_form<R: Rules>(rules: R, positions: &[R::Position]) -> char {
        let mut engine = Engine::default();
        let mut values = Search::new(rules, 1 << 16);
        let mut total = ZERO;
        for position in positions {
            let g = values.value(&mut engine, position).unwrap();
            total = engine.add(total, g).unwrap();
        }
        let left_wins = !engine.le(total, ZERO).unwrap();
        let right_wins = !engine.le(ZERO, total).unwrap();
        match (left_wins, right_wins) {
            (true, true) => 'N',
            (true, false) => 'L',
            (false, true) => 'R',
            (false, false) => 'P',
        }
    }

    fn outcome<R: Rules>(
        rules: impl Fn() -> R,
        positions: &[R::Position],
        settings: Settings,
    ) -> char
    where
        R::Position: Ord,
    {
        let left = wins(rules(), positions, Player::Left, settings);
        let right = wins(rules(), positions, Player::Right, settings);
        match (left, right) {
            (true, true) => 'N',
            (true, false) => 'L',
            (false, true) => 'R',
            (false, false) => 'P',
        }
    }

    const SEARCHED: Settings = Settings {
        cheap_moves: 0,
        cheap_steps: 0,
        impartial: false,
    };
    const CHEAP: Settings = Settings {
        cheap_moves: 6,
        cheap_steps: 1000,
        impartial: false,
    };

    fn region(text: &str) -> Region {
        let (mask, width) = encode(text.split('|')).unwrap();
        Region::board(mask, width)
    }

    fn board(text: &str) -> Board<u64> {
        Board::from_rows(&text.split('|').collect::<Vec<_>>()).unwrap()
    }

    fn clobber() -> Stones<GenClobber, u64> {
        Stones::new(GenClobber::clobber())
    }

    #[test]
    fn small_domineering_outcomes_are_those_of_winning_ways() {
        // A vertical domino (1) is Left's, a horizontal one (-1) Right's, 2x2 (±1) the first
        // player's, and 3x3 too (Winning Ways; Lessons in Play, Table 2.1).
        for settings in [SEARCHED, CHEAP] {
            let rules = || Placement::new(DOMINEERING);
            assert_eq!(outcome(rules, &[region(".|.")], settings), 'L');
            assert_eq!(outcome(rules, &[region("..")], settings), 'R');
            assert_eq!(outcome(rules, &[region("..|..")], settings), 'N');
            assert_eq!(outcome(rules, &[region("...|...|...")], settings), 'N');
            // A vertical and a horizontal domino: 1 + -1 = 0.
            assert_eq!(
                outcome(rules, &[region(".|."), region("..")], settings),
                'P'
            );
        }
    }

    #[test]
    fn a_component_and_its_negative_cancel() {
        // A Domineering board and its transpose: G + (-G) = 0, known without a search.
        let mut engine = Engine::default();
        let mut values = Search::new(Placement::new(DOMINEERING), 1 << 10);
        let mut table = Table::new(1 << 10);
        let mut poll = |_: &Progress| false;
        let mut solver = Solver::new(&mut values, &mut engine, &mut table, SEARCHED, &mut poll);
        let node = solver
            .node(&[region("...|.##"), region("..|.#|.#")], ZERO)
            .unwrap();
        assert!(node.parts().is_empty() && node.known() == ZERO);
        let node = solver
            .node(&[region("...|.##"), region("...|.##")], ZERO)
            .unwrap();
        assert_eq!(node.parts().len(), 2);
    }

    #[test]
    fn clobber_outcomes_equal_the_canonical_forms() {
        for text in ["xo", "xox", "xoxo|oxox", "xo.|oxo|.ox", "xxo|oox|x.o"] {
            let expected = outcome_of_form(clobber(), &[board(text)]);
            assert_eq!(
                outcome(clobber, &[board(text)], SEARCHED),
                expected,
                "{text}"
            );
            assert_eq!(outcome(clobber, &[board(text)], CHEAP), expected, "{text}");
        }
    }

    #[test]
    fn sheep_outcomes_searched_in_move_order_equal_the_canonical_forms() {
        use crate::rulesets::sheep::{Herds, Sheep};
        // Sheep's moves are tried as listed (not by mobility): the other answer path.
        let boards: [&[&[i64]]; 5] = [
            &[&[3, 0, 0], &[0, 0, -2]],
            &[&[0, 4, 0], &[-3, 0, 0], &[0, 0, 0]],
            &[&[2, 0, -2], &[0, 0, 0], &[3, 0, -3]],
            &[&[0, 0, 0, 0], &[5, 0, 0, -4]],
            &[&[0, 1, 0], &[4, 0, -4], &[0, -1, 0]],
        ];
        for rows in boards {
            let rows: Vec<Vec<i64>> = rows.iter().map(|row| row.to_vec()).collect();
            let board = Herds::from_rows(&rows).unwrap();
            let expected = outcome_of_form(Sheep, &[board]);
            for settings in [SEARCHED, CHEAP] {
                assert_eq!(outcome(|| Sheep, &[board], settings), expected, "{rows:?}");
            }
        }
    }

    #[test]
    fn the_second_question_about_a_sum_that_is_its_own_negative_needs_no_search() {
        // A Clobber checkerboard is its own negative (colours swapped, then mirrored):
        // Right's question is Left's, answered without a search, and the outcome is the
        // canonical form's.  A board that is not its own negative is searched again.
        for (text, own_negative) in [("xoxo|oxox", true), ("xxo|oox|x.o", false)] {
            let mut engine = Engine::default();
            let mut values = Search::new(clobber(), 1 << 12);
            let mut table = Table::new(1 << 12);
            let mut poll = |_: &Progress| false;
            let mut solver = Solver::new(&mut values, &mut engine, &mut table, SEARCHED, &mut poll);
            let node = solver.node(&[board(text)], ZERO).unwrap();
            let left = solver.wins(&node, Player::Left).unwrap();
            let searched = solver.progress.nodes;
            let right = solver.wins(&node, Player::Right).unwrap();
            assert_eq!(solver.progress.nodes == searched, own_negative, "{text}");
            let found = match (left, right) {
                (true, true) => 'N',
                (true, false) => 'L',
                (false, true) => 'R',
                (false, false) => 'P',
            };
            assert_eq!(found, outcome_of_form(clobber(), &[board(text)]), "{text}");
        }
    }

    #[test]
    fn cram_twins_cancel_in_an_impartial_ruleset() {
        // Two equal Cram boards: *n + *n = 0, a second-player win.
        let impartial = Settings {
            cheap_moves: 0,
            cheap_steps: 0,
            impartial: true,
        };
        let twins = [region("...|..."), region("...|...")];
        assert_eq!(outcome(|| Placement::new(CRAM), &twins, impartial), 'P');
        assert_eq!(outcome(|| Placement::new(CRAM), &twins, SEARCHED), 'P');
    }

    #[test]
    fn the_table_keeps_each_players_answer_across_its_turnover() {
        // Room for 4 sums: 2 in the newer table, then it becomes the older one.
        let mut table: Table<u8> = Table::new(4);
        let sum = |k: u8| Node::new(Box::new([(k, false)]), ZERO);
        table.put(sum(1), Player::Left, true);
        table.put(sum(2), Player::Left, false);
        table.put(sum(3), Player::Left, true); // turnover: 1 and 2 are the older table's
        table.put(sum(1), Player::Right, false); // 1 again, in the newer table, Left's answer kept
        assert_eq!(table.get(&sum(1), Player::Left), Some(true));
        assert_eq!(table.get(&sum(1), Player::Right), Some(false));
        assert_eq!(table.get(&sum(2), Player::Left), Some(false));
        assert_eq!(table.get(&sum(2), Player::Right), None);
        table.put(sum(4), Player::Left, true); // turnover: 2 forgotten, 1 and 3 the older
        assert_eq!(table.get(&sum(2), Player::Left), None);
        assert_eq!(table.get(&sum(1), Player::Left), Some(true));
        assert_eq!(table.get(&sum(1), Player::Right), Some(false));
    }
}
