//! The search every ruleset solved in Rust shares (the twin of `solve` in `cgt/rulesets/position.py`).
//!
//! A ruleset says three things through [`Rules`]: how a position splits into
//! independent components (its value is the sum of theirs), which component
//! stands for a component's whole symmetry class (and whether the component is
//! worth the negative of it), and where each player can move.  [`Search`] does
//! the rest: it values components on an explicit stack (no recursion), keeps a
//! transposition table from components to engine ids (canonical ones, and the
//! raw ones met on the way, so that a symmetry class is looked up once), and
//! hands the options' values to the engine's `canon`.  The table only ever
//! receives finished values, so an interrupt leaves it consistent.

use crate::engine::{Engine, Id, Stop, Stoppable, ZERO};
use rustc_hash::FxHashMap;
use std::any::Any;
use std::hash::Hash;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    Left,
    Right,
}

/// A ruleset, as the search needs it.
pub trait Rules {
    /// A position, or a component of one.
    type Position: Clone + Eq + Hash;

    /// The independent parts of `position`, each in a standard place (moved to
    /// the corner, say), appended to `out`; parts where nobody can ever move
    /// (worth 0) may be left out.  A part, and its canonical image, must be
    /// its own one part: the search looks a position up as a part before
    /// splitting it.
    fn components(&self, position: &Self::Position, out: &mut Vec<Self::Position>);

    /// The component standing for `component`'s symmetry class, and whether
    /// `component` is worth its negative.  `component` is one of the parts
    /// [`Rules::components`] gives.
    fn canonical(&self, component: &Self::Position) -> (Self::Position, bool);

    /// Whether the canonical image `image` is worth its own negative by a
    /// symmetry of the rules (false where the ruleset cannot tell: a search
    /// only loses a shortcut).
    fn self_negative(&self, _image: &Self::Position) -> bool {
        false
    }

    /// The positions `player` can move to from `component`, appended to `out`.
    fn moves(&self, component: &Self::Position, player: Player, out: &mut Vec<Self::Position>);

    /// Whether an outcome search should try moves best first, by the mobility
    /// they leave (see `solve::outcome`), rather than as [`Rules::moves`] lists
    /// them.  Which is faster is measured per ruleset.
    const MOVES_BY_MOBILITY: bool = true;

    /// How many positions [`Rules::moves`] gives; `room` may be used to list them.
    fn move_count(
        &self,
        component: &Self::Position,
        player: Player,
        room: &mut Vec<Self::Position>,
    ) -> usize {
        room.clear();
        self.moves(component, player, room);
        room.len()
    }
}

/// A part of an option: its value, or a raw component whose value is its
/// canonical component's (negated or not), not yet known.
enum Part<P> {
    Known(Id),
    Pending { raw: P, key: P, negated: bool },
}

/// A canonical component still to value, and the raw component that led to it
/// (with whether the raw one is worth its negative), recorded with it.
type Missing<P> = (P, Option<(P, bool)>);

/// A component's options: each a run of parts; Left's runs first.
struct Frame<P> {
    parts: Vec<Part<P>>,
    /// Where each option's parts end.
    ends: Vec<usize>,
    /// How many options are Left's.
    lefts: usize,
}

impl<P> Frame<P> {
    fn emptied(mut self) -> Frame<P> {
        self.parts.clear();
        self.ends.clear();
        self.lefts = 0;
        self
    }
}

/// A ruleset and its table of valued components.
pub struct Search<R: Rules> {
    rules: R,
    limit: usize,
    /// Components, canonical and raw, to their values.
    table: FxHashMap<R::Position, Id>,
    /// Room for the positions after the moves from one component, reused.
    moved: Vec<R::Position>,
    /// Room for the components of one of them, reused.
    split: Vec<R::Position>,
    /// Room for the values of the positions after the moves, where known, reused.
    known: Vec<Option<Id>>,
    /// Frames done with, kept for their room.
    spare: Vec<Frame<R::Position>>,
    /// Room for the values of one component's Left and Right options, reused.
    values: [Vec<Id>; 2],
}

impl<R: Rules> Search<R> {
    /// A search with an empty table, emptied again before a position once it
    /// holds `limit` entries.
    pub fn new(rules: R, limit: usize) -> Search<R> {
        Search {
            rules,
            limit,
            table: FxHashMap::default(),
            moved: Vec::new(),
            split: Vec::new(),
            known: Vec::new(),
            spare: Vec::new(),
            values: [Vec::new(), Vec::new()],
        }
    }

    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The rules, to change in ways that keep every value in the table (adding
    /// the options of heaps not met yet, say).
    pub fn rules_mut(&mut self) -> &mut R {
        &mut self.rules
    }

    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// The value of the canonical component `key` (a [`Rules::canonical`] image) if valuing it
    /// takes at most `steps` components valued; else None, the values found meanwhile kept.
    pub fn value_within(
        &mut self,
        engine: &mut Engine,
        key: &R::Position,
        steps: u64,
    ) -> Stoppable<Option<Id>> {
        if self.table.len() >= self.limit {
            self.clear();
        }
        if let Some(&g) = self.table.get(key) {
            return Ok(Some(g));
        }
        if !self.solve(engine, key.clone(), steps)? {
            return Ok(None);
        }
        Ok(self.table.get(key).copied())
    }

    /// The value of component `raw` if the table holds it (or its canonical image), else its
    /// canonical image and whether `raw` is worth the image's negative; no search.
    pub fn known(
        &mut self,
        engine: &mut Engine,
        raw: &R::Position,
    ) -> Stoppable<Result<Id, (R::Position, bool)>> {
        self.lookup(engine, raw)
    }

    /// The engine id of `position`'s value: the sum of its components' values.
    ///
    /// The table is a cache: past its limit it is emptied before the next
    /// position (never during a search, whose frames rely on it).
    pub fn value(&mut self, engine: &mut Engine, position: &R::Position) -> Stoppable<Id> {
        if self.table.len() >= self.limit {
            self.clear();
        }
        let mut parts = Vec::new();
        self.rules.components(position, &mut parts);
        let mut total = ZERO;
        for raw in parts {
            let g = match self.lookup(engine, &raw)? {
                Ok(g) => g,
                Err((key, negated)) => {
                    self.solve(engine, key.clone(), u64::MAX)?;
                    self.resolve(engine, raw, &key, negated)?
                }
            };
            total = engine.add(total, g)?;
        }
        Ok(total)
    }

    /// The value of raw component `raw` if known, else its canonical component and sign.
    fn lookup(
        &mut self,
        engine: &mut Engine,
        raw: &R::Position,
    ) -> Stoppable<Result<Id, (R::Position, bool)>> {
        match self.table.get(raw) {
            Some(&g) => Ok(Ok(g)),
            None => self.lookup_image(engine, raw),
        }
    }

    /// [`Search::lookup`] of a raw component known to be missing from the table:
    /// its value from its canonical component's, if that is known.
    fn lookup_image(
        &mut self,
        engine: &mut Engine,
        raw: &R::Position,
    ) -> Stoppable<Result<Id, (R::Position, bool)>> {
        let (key, negated) = self.rules.canonical(raw);
        match self.table.get(&key) {
            Some(&g) => self.record(engine, raw.clone(), g, negated).map(Ok),
            None => Ok(Err((key, negated))),
        }
    }

    /// The value of `raw` from its valued canonical component `key`, recorded under `raw` too.
    fn resolve(
        &mut self,
        engine: &mut Engine,
        raw: R::Position,
        key: &R::Position,
        negated: bool,
    ) -> Stoppable<Id> {
        let g = *self
            .table
            .get(key)
            .ok_or(Stop::Invalid("a component left unsolved"))?;
        self.record(engine, raw, g, negated)
    }

    /// Record `raw` as worth `g`, or its negative when `negated`; its value.
    fn record(
        &mut self,
        engine: &mut Engine,
        raw: R::Position,
        g: Id,
        negated: bool,
    ) -> Stoppable<Id> {
        let g = if negated { engine.neg(g)? } else { g };
        self.table.insert(raw, g);
        Ok(g)
    }

    /// Append `player`'s options from canonical component `key` to `frame`;
    /// canonical components not yet valued are appended to `missing`, each with its raw one.
    fn options(
        &mut self,
        engine: &mut Engine,
        key: &R::Position,
        player: Player,
        frame: &mut Frame<R::Position>,
        missing: &mut Vec<Missing<R::Position>>,
    ) -> Stoppable<()> {
        let mut moved = std::mem::take(&mut self.moved);
        let mut split = std::mem::take(&mut self.split);
        moved.clear();
        self.rules.moves(key, player, &mut moved);
        // Every position is looked up before any is split: lookups that do not wait for
        // each other wait for memory together.
        let mut known = std::mem::take(&mut self.known);
        known.clear();
        known.extend(
            moved
                .iter()
                .map(|position| self.table.get(position).copied()),
        );
        for (position, known) in moved.drain(..).zip(known.drain(..)) {
            if let Some(g) = known {
                frame.parts.push(Part::Known(g));
            } else {
                split.clear();
                self.rules.components(&position, &mut split);
                for raw in split.drain(..) {
                    // A part that is the whole position was just missed in the table.
                    let found = if raw == position {
                        self.lookup_image(engine, &raw)?
                    } else {
                        self.lookup(engine, &raw)?
                    };
                    match found {
                        Ok(g) => frame.parts.push(Part::Known(g)),
                        Err((key, negated)) => {
                            missing.push((key.clone(), Some((raw.clone(), negated))));
                            frame.parts.push(Part::Pending { raw, key, negated });
                        }
                    }
                }
            }
            frame.ends.push(frame.parts.len());
        }
        self.moved = moved;
        self.split = split;
        self.known = known;
        Ok(())
    }

    /// The values of a frame's options, Left's and Right's, into `self.values` once its
    /// components are valued; else a canonical component still missing.
    fn option_values(
        &mut self,
        engine: &mut Engine,
        frame: &Frame<R::Position>,
    ) -> Stoppable<Result<(), R::Position>> {
        let mut values = std::mem::take(&mut self.values);
        values.iter_mut().for_each(Vec::clear);
        let mut start = 0;
        for (k, &end) in frame.ends.iter().enumerate() {
            let mut total = ZERO;
            for part in &frame.parts[start..end] {
                let g = match part {
                    Part::Known(g) => *g,
                    Part::Pending { raw, key, negated } => match self.table.get(key) {
                        Some(&g) => self.record(engine, raw.clone(), g, *negated)?,
                        None => {
                            self.values = values;
                            return Ok(Err(key.clone()));
                        }
                    },
                };
                total = engine.add(total, g)?;
            }
            values[usize::from(k >= frame.lefts)].push(total);
            start = end;
        }
        self.values = values;
        Ok(Ok(()))
    }

    /// Value canonical component `root`, and every component it needs first, in at most
    /// `steps` steps: whether it was valued.
    ///
    /// A component met again while it waits for its own options' values means
    /// play can return to it: that is [`Stop::Loopy`], not a short game.
    fn solve(&mut self, engine: &mut Engine, root: R::Position, mut steps: u64) -> Stoppable<bool> {
        let mut stack: Vec<Missing<R::Position>> = vec![(root, None)];
        let mut waiting: FxHashMap<R::Position, Frame<R::Position>> = FxHashMap::default();
        let mut missing = Vec::new();
        while let Some((key, raw)) = stack.last().cloned() {
            engine.tick()?;
            if steps == 0 {
                return Ok(false);
            }
            steps -= 1;
            if let Some(&g) = self.table.get(&key) {
                if let Some((raw, negated)) = raw {
                    self.record(engine, raw, g, negated)?;
                }
                stack.pop();
                continue;
            }
            // A component is played from the raw component that led to it, if any: in the
            // orientation of its parent, where play in other orders meets the same raw
            // components again (its canonical image would lead to raw components of its own).
            let start = raw.as_ref().map_or(&key, |(raw, _)| raw);
            missing.clear();
            let frame = match waiting.remove(&key) {
                Some(frame) => frame,
                None => {
                    let mut frame = self.spare.pop().unwrap_or(Frame {
                        parts: Vec::new(),
                        ends: Vec::new(),
                        lefts: 0,
                    });
                    self.options(engine, start, Player::Left, &mut frame, &mut missing)?;
                    frame.lefts = frame.ends.len();
                    self.options(engine, start, Player::Right, &mut frame, &mut missing)?;
                    if missing
                        .iter()
                        .any(|(m, _)| *m == key || waiting.contains_key(m))
                    {
                        return Err(Stop::Loopy);
                    }
                    frame
                }
            };
            if missing.is_empty() {
                match self.option_values(engine, &frame)? {
                    Ok(()) => {
                        let ident = engine.canon(&self.values[0], &self.values[1])?;
                        match raw {
                            Some((raw, negated)) => {
                                self.record(engine, key, ident, negated)?;
                                self.table.insert(raw, ident);
                            }
                            None => {
                                self.table.insert(key, ident);
                            }
                        }
                        stack.pop();
                        self.spare.push(frame.emptied());
                        continue;
                    }
                    Err(component) => missing.push((component, None)),
                }
            }
            waiting.insert(key, frame);
            stack.append(&mut missing);
        }
        Ok(true)
    }
}

/// A search of any ruleset, as the engine's tables hold it (behind a handle).
pub trait AnySearch: Send {
    fn clear(&mut self);
    /// The value of `position`, which must be a position of this search's ruleset.
    fn value_of(&mut self, engine: &mut Engine, position: &dyn Any) -> Stoppable<Id>;
    /// The search itself, to reach its rules (`Search::rules_mut` after a downcast).
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

/// Search `handle` of `searches` as the search `S` it was made as; `what` names `S` in the stop
/// when it is another.
pub fn search_of<'a, S: 'static>(
    searches: &'a mut [Box<dyn AnySearch>],
    handle: usize,
    what: &'static str,
) -> Stoppable<&'a mut S> {
    searches
        .get_mut(handle)
        .ok_or(Stop::Invalid("no such search"))?
        .as_any_mut()
        .downcast_mut::<S>()
        .ok_or(Stop::Invalid(what))
}

impl<R: Rules + Send + 'static> AnySearch for Search<R>
where
    R::Position: Send + 'static,
{
    fn clear(&mut self) {
        Search::clear(self);
    }

    fn value_of(&mut self, engine: &mut Engine, position: &dyn Any) -> Stoppable<Id> {
        let position = position
            .downcast_ref::<R::Position>()
            .ok_or(Stop::Invalid("that is not a position of this ruleset"))?;
        self.value(engine, position)
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Heaps of n counters: Left takes one or two, Right takes one (the `Pile` of position.py's doctest).
    struct Pile;

    impl Rules for Pile {
        type Position = u32;
        fn components(&self, position: &u32, out: &mut Vec<u32>) {
            if *position > 0 {
                out.push(*position);
            }
        }
        fn canonical(&self, component: &u32) -> (u32, bool) {
            (*component, false)
        }
        fn moves(&self, n: &u32, player: Player, out: &mut Vec<u32>) {
            let takes: &[u32] = if player == Player::Left {
                &[1, 2]
            } else {
                &[1]
            };
            out.extend(takes.iter().filter(|&&k| k <= *n).map(|k| n - k));
        }
    }

    /// A counter that Left may only move back and forth: play returns to a position.
    struct Swing;

    impl Rules for Swing {
        type Position = bool;
        fn components(&self, position: &bool, out: &mut Vec<bool>) {
            out.push(*position);
        }
        fn canonical(&self, component: &bool) -> (bool, bool) {
            (*component, false)
        }
        fn moves(&self, on: &bool, player: Player, out: &mut Vec<bool>) {
            if player == Player::Left {
                out.push(!on);
            }
        }
    }

    #[test]
    fn piles_are_the_values_of_the_python_doctest() {
        // 0, *, ^, ^^*, ^3 (Position's doctest in cgt/rulesets/position.py, checked by hand there).
        let mut e = Engine::default();
        let mut search = Search::new(Pile, 1 << 10);
        let values: Vec<Id> = (0..5).map(|n| search.value(&mut e, &n).unwrap()).collect();
        let star = e.canon(&[ZERO], &[ZERO]).unwrap();
        assert_eq!(values[0], ZERO);
        assert_eq!(values[1], star);
        let up = e.canon(&[ZERO], &[star]).unwrap();
        assert_eq!(values[2], up);
        // Pile(3) = {Pile(2), Pile(1) | Pile(2)} = {^, * | ^}.
        let three = e.canon(&[up, star], &[up]).unwrap();
        assert_eq!(values[3], three);
    }

    #[test]
    fn a_sum_of_components_is_their_sum() {
        struct Heaps;
        impl Rules for Heaps {
            type Position = Vec<u32>;
            fn components(&self, position: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
                out.extend(position.iter().filter(|&&n| n > 0).map(|&n| vec![n]));
            }
            fn canonical(&self, component: &Vec<u32>) -> (Vec<u32>, bool) {
                (component.clone(), false)
            }
            fn moves(&self, heap: &Vec<u32>, player: Player, out: &mut Vec<Vec<u32>>) {
                let mut after = Vec::new();
                Pile.moves(&heap[0], player, &mut after);
                out.extend(after.into_iter().map(|n| vec![n]));
            }
        }
        let mut e = Engine::default();
        let two = Search::new(Pile, 64).value(&mut e, &2).unwrap();
        let three = Search::new(Pile, 64).value(&mut e, &3).unwrap();
        let sum = e.add(two, three).unwrap();
        assert_eq!(
            Search::new(Heaps, 64)
                .value(&mut e, &vec![2, 0, 3])
                .unwrap(),
            sum
        );
    }

    #[test]
    fn a_loop_is_refused() {
        let mut e = Engine::default();
        assert_eq!(
            Search::new(Swing, 64).value(&mut e, &false),
            Err(Stop::Loopy)
        );
    }

    #[test]
    fn a_tiny_table_gives_the_same_values() {
        let mut e = Engine::default();
        let big: Vec<Id> = (0..30)
            .map(|n| Search::new(Pile, 1 << 10).value(&mut e, &n).unwrap())
            .collect();
        let mut small = Search::new(Pile, 2);
        for (n, &g) in (0..30).zip(&big) {
            assert_eq!(small.value(&mut e, &n).unwrap(), g);
        }
    }
}
