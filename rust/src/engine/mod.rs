//! The compiled canonical-form engine (the twin of `cgt/engine/pure.py`).
//!
//! Every canonical short game lives once in an interning table under a small
//! integer id; the operations work on ids only:
//!
//! * `le(a, b)`: the game order `a <= b`;
//! * `add(a, b)`: the disjunctive sum `a + b`;
//! * `neg(a)`: the negative `-a`;
//! * `canon(left, right)`: the id of the canonical form of `{left | right}`
//!   (in `canon.rs`),
//!
//! each memoised on ids.  Values `x + n.↑ + *m` (x a dyadic number) are
//! *fast-path* nodes: stored as the triple `(x, n, m)`, combined
//! arithmetically, and given options only when someone asks for them.
//!
//! The algorithms are those of the pure engine, step for step, so that the two
//! can be tested against each other.  Recursion grows its own stack (`stacker`),
//! so deep games never overflow, down to `max_depth` levels; every recursive
//! step may stop with [`Stop`] when the poll function reports a pending
//! interrupt.  The tables grow fallibly (a failed allocation is
//! [`Stop::Memory`], never an abort) and only ever receive finished results,
//! so they stay consistent after a stop.

mod canon;
pub mod python;
mod uptimal;

pub use uptimal::Uptimal;

use crate::dyadic::Dyadic;
use num_bigint::BigInt;
use rustc_hash::FxHashMap;
use std::hash::Hash;

pub type Id = u32;

/// A computation stopped early (a pending Ctrl-C, or a limit of the compiled engine).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stop {
    /// `poll()` asked to stop (a pending KeyboardInterrupt).
    Interrupted,
    /// A value beyond the compiled engine's range.
    Overflow(&'static str),
    /// An argument that is not what the operation needs.
    Invalid(&'static str),
    /// A ruleset's play returned to a position: not a short game.
    Loopy,
    /// Work past the limit `limit` of `cgt.LIMITS`: `what` asked for `value`
    /// (None: for more than the limit, by how much unknown).
    TooLarge {
        limit: &'static str,
        what: &'static str,
        value: Option<u128>,
    },
    /// An allocation failed (the memory of `what` ran out).
    Memory(&'static str),
    /// A quick attempt met long work (see [`Engine::begin`]): do it again without the GIL.
    Yield,
    /// A round of a search's work ran past the budget the search gave it (caught by that search).
    Budget,
}

/// Room for `more` items in `items`, or [`Stop::Memory`].
pub fn room<T>(items: &mut Vec<T>, more: usize, what: &'static str) -> Stoppable<()> {
    items.try_reserve(more).map_err(|_| Stop::Memory(what))
}

/// Room for one more entry in `map`, or [`Stop::Memory`].
pub fn map_room<K: Eq + Hash, V>(map: &mut FxHashMap<K, V>, what: &'static str) -> Stoppable<()> {
    map.try_reserve(1).map_err(|_| Stop::Memory(what))
}

/// Record `key -> value` in a memo table; one that cannot grow is emptied instead.
fn remember<K: Eq + Hash, V>(memo: &mut FxHashMap<K, V>, key: K, value: V) {
    if memo.try_reserve(1).is_err() {
        *memo = FxHashMap::default();
    }
    memo.insert(key, value);
}

/// Work that may end early with a [`Stop`] (an interrupt, a limit, an allocation that failed, a
/// loopy position...) in place of its answer `T`; `?` carries the stop up to the Python face.
pub type Stoppable<T> = Result<T, Stop>;

/// Where a node's options live in the option arena.
#[derive(Clone, Copy, Debug)]
struct Span {
    start: u32,
    len: u32,
}

struct Node {
    /// Left and right options; for fast-path nodes only once asked for.
    options: Option<(Span, Span)>,
    nus: Option<Uptimal>,
    /// The birthday, or `u64::MAX` when it does not fit (then recomputed exactly).
    birthday: u64,
    /// How deep a recursive operation on this node may go (saturating).
    depth: u64,
    left_stop: Dyadic,
    right_stop: Dyadic,
}

/// Memo tables are caches: past this many entries they are emptied.
const MEMO_LIMIT: usize = 1 << 21;
/// Recursive steps between two polls for an interrupt.
const POLL_EVERY: u32 = 1 << 14;
/// Stack left before `stacker` moves to a fresh segment, and that segment's size.
const RED_ZONE: usize = 128 * 1024;
const STACK_SEGMENT: usize = 8 * 1024 * 1024;

pub struct Engine {
    nodes: Vec<Node>,
    arena: Vec<Id>,
    general_ids: FxHashMap<Vec<Id>, Id>,
    nus_ids: FxHashMap<Uptimal, Id>,
    le_memo: FxHashMap<u64, bool>,
    add_memo: FxHashMap<u64, Id>,
    neg_memo: FxHashMap<Id, Id>,
    /// Room for a general form's key while it is looked up, reused.
    general_key: Vec<Id>,
    /// Forms done with, kept for their room (`canon` may nest, so a pool).
    spare_forms: Vec<canon::Form>,
    ticks: u32,
    poll_every: u32,
    poll: fn() -> bool,
    /// Whether the next poll yields ([`Stop::Yield`]) instead of asking `poll()`.
    quick: bool,
    /// How deep the running operation has recursed, and how deep it may.
    level: u64,
    pub max_depth: u64,
    /// The most options a nimber may list.
    pub max_options: u128,
}

/// The defaults of `cgt.LIMITS.max_depth` and `max_options`.
const MAX_DEPTH: u64 = 1_000_000;
const MAX_OPTIONS: u128 = 1_000_000;

pub const ZERO: Id = 0;
const SEPARATOR: Id = Id::MAX;

fn never() -> bool {
    false
}

fn key(a: Id, b: Id) -> u64 {
    (u64::from(a) << 32) | u64::from(b)
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new(never)
    }
}

impl Engine {
    /// A fresh engine; `poll()` is asked now and then whether to stop.
    pub fn new(poll: fn() -> bool) -> Engine {
        let mut engine = Engine {
            nodes: Vec::new(),
            arena: Vec::new(),
            general_ids: FxHashMap::default(),
            nus_ids: FxHashMap::default(),
            le_memo: FxHashMap::default(),
            add_memo: FxHashMap::default(),
            neg_memo: FxHashMap::default(),
            general_key: Vec::new(),
            spare_forms: Vec::new(),
            ticks: 0,
            poll_every: POLL_EVERY,
            poll,
            quick: false,
            level: 0,
            max_depth: MAX_DEPTH,
            max_options: MAX_OPTIONS,
        };
        let zero = engine.number(Dyadic::ZERO);
        debug_assert_eq!(zero, Ok(ZERO));
        engine
    }

    /// Start an operation called from outside.  A `quick` one stops with
    /// [`Stop::Yield`] at its first poll, a few milliseconds in, so that the
    /// caller can do it again without holding the GIL: the results finished
    /// meanwhile are in the tables, so little is done twice.
    pub fn begin(&mut self, quick: bool) {
        self.quick = quick;
        self.ticks = 0;
        self.level = 0;
    }

    /// Count a step of work; now and then ask `poll()` whether to stop.
    pub(crate) fn tick(&mut self) -> Stoppable<()> {
        self.ticks += 1;
        if self.ticks >= self.poll_every {
            self.ticks = 0;
            if self.quick {
                self.quick = false;
                return Err(Stop::Yield);
            }
            if (self.poll)() {
                return Err(Stop::Interrupted);
            }
        }
        Ok(())
    }

    /// `step(self)` one level deeper, on a stack that grows as needed; past
    /// `max_depth` levels, [`Stop::TooLarge`].
    fn descend<T>(&mut self, step: impl FnOnce(&mut Engine) -> Stoppable<T>) -> Stoppable<T> {
        if self.level >= self.max_depth {
            return Err(Stop::TooLarge {
                limit: "max_depth",
                what: "the depth of a computation on games",
                value: None,
            });
        }
        self.level += 1;
        let result = stacker::maybe_grow(RED_ZONE, STACK_SEGMENT, || step(self));
        self.level -= 1;
        result
    }

    fn push(&mut self, node: Node) -> Stoppable<Id> {
        let ident = Id::try_from(self.nodes.len())
            .ok()
            .filter(|&i| i < SEPARATOR)
            .ok_or(Stop::Overflow("the table of games is full"))?;
        room(&mut self.nodes, 1, "the table of games")?;
        self.nodes.push(node);
        Ok(ident)
    }

    // ------------------------------------------------------------ reading nodes
    pub fn table_size(&self) -> usize {
        self.nodes.len()
    }

    pub fn fast_path(&self, a: Id) -> Option<&Uptimal> {
        self.nodes[a as usize].nus.as_ref()
    }

    /// The number `a` equals, if it is one.
    pub fn number_of(&self, a: Id) -> Option<&Dyadic> {
        match &self.nodes[a as usize].nus {
            Some(n) if n.is_number() => Some(&n.x),
            _ => None,
        }
    }

    fn is_number(&self, a: Id) -> bool {
        self.number_of(a).is_some()
    }

    /// The hash Python gives `a`: a number's own hash (so that `Game(1/2)` and
    /// `Fraction(1, 2)` hash alike), for other games a mix of the id.
    pub fn python_hash(&self, a: Id) -> i64 {
        match self.number_of(a) {
            Some(x) => x.python_hash(),
            None => (u64::from(a).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 2) as i64,
        }
    }

    pub fn stops(&self, a: Id) -> (&Dyadic, &Dyadic) {
        let node = &self.nodes[a as usize];
        (&node.left_stop, &node.right_stop)
    }

    pub fn depth(&self, a: Id) -> u64 {
        self.nodes[a as usize].depth
    }

    /// The birthday of `a`, exact whatever its size.
    pub fn birthday(&mut self, a: Id) -> Stoppable<BigInt> {
        let born = self.nodes[a as usize].birthday;
        if born != u64::MAX {
            return Ok(BigInt::from(born));
        }
        if let Some(n) = &self.nodes[a as usize].nus {
            if n.higher.is_empty() {
                return Ok(n.x.birthday() + uptimal_birthday(n.ups.unsigned_abs(), n.star));
            }
        }
        let mut best = BigInt::from(0);
        for g in self.all_options(a)? {
            best = best.max(self.descend(|e| e.birthday(g))?);
        }
        let born = best + 1;
        if let Some(small) = u64::try_from(&born).ok().filter(|&b| b != u64::MAX) {
            self.nodes[a as usize].birthday = small;
        }
        Ok(born)
    }

    /// The left options of `a` (a fast-path node gets them now).
    pub fn left(&mut self, a: Id) -> Stoppable<&[Id]> {
        let (l, _) = self.spans(a)?;
        Ok(&self.arena[l.start as usize..(l.start + l.len) as usize])
    }

    pub fn right(&mut self, a: Id) -> Stoppable<&[Id]> {
        let (_, r) = self.spans(a)?;
        Ok(&self.arena[r.start as usize..(r.start + r.len) as usize])
    }

    fn all_options(&mut self, a: Id) -> Stoppable<Vec<Id>> {
        let mut all = self.left(a)?.to_vec();
        all.extend_from_slice(self.right(a)?);
        Ok(all)
    }

    fn spans(&mut self, a: Id) -> Stoppable<(Span, Span)> {
        if let Some(spans) = self.nodes[a as usize].options {
            return Ok(spans);
        }
        let nus = self.nodes[a as usize]
            .nus
            .clone()
            .ok_or(Stop::Invalid("a node without options"))?;
        let (left, right) = self.nus_options(&nus)?;
        let spans = (self.store(&left)?, self.store(&right)?);
        self.nodes[a as usize].options = Some(spans);
        Ok(spans)
    }

    fn store(&mut self, ids: &[Id]) -> Stoppable<Span> {
        let full = Stop::Overflow("the table of options is full");
        let start = u32::try_from(self.arena.len()).map_err(|_| full.clone())?;
        let len = u32::try_from(ids.len()).map_err(|_| full.clone())?;
        start.checked_add(len).ok_or(full)?;
        room(&mut self.arena, ids.len(), "the table of options")?;
        self.arena.extend_from_slice(ids);
        Ok(Span { start, len })
    }

    /// The option ids `i` of a span, one at a time (the arena may grow meanwhile).
    fn at(&self, span: Span, i: u32) -> Id {
        self.arena[(span.start + i) as usize]
    }

    // ------------------------------------------------------------ fast-path nodes
    /// The id of `x + ups.↑ + *star`.
    pub fn nus(&mut self, nus: Uptimal) -> Stoppable<Id> {
        if let Some(&ident) = self.nus_ids.get(&nus) {
            return Ok(ident);
        }
        let (birthday, depth) =
            if let (true, Some(born)) = (nus.is_number(), nus.x.small_birthday()) {
                // Operations on a number recurse through its binary places.
                (born, nus.x.exp())
            } else if nus.higher.is_empty() {
                let small = uptimal_birthday(nus.ups.unsigned_abs(), nus.star);
                let born = nus.x.birthday() + &small;
                // Operations recurse through the infinitesimal part and the binary places of x.
                let depth = (small + nus.x.exp()).try_into().unwrap_or(u64::MAX);
                (
                    born.try_into()
                        .ok()
                        .filter(|&b| b != u64::MAX)
                        .unwrap_or(u64::MAX),
                    depth,
                )
            } else {
                // The birthday is found from the options when asked for.
                (
                    u64::MAX,
                    u64::try_from(nus.depth_bound()).unwrap_or(u64::MAX),
                )
            };
        let node = Node {
            options: None,
            birthday,
            depth,
            left_stop: nus.x.clone(),
            right_stop: nus.x.clone(),
            nus: Some(nus.clone()),
        };
        map_room(&mut self.nus_ids, "the table of games")?;
        let ident = self.push(node)?;
        self.nus_ids.insert(nus, ident);
        Ok(ident)
    }

    pub fn number(&mut self, x: Dyadic) -> Stoppable<Id> {
        self.nus(Uptimal::number(x))
    }

    fn nus_of(&mut self, x: &Dyadic, ups: i128, star: u128) -> Stoppable<Id> {
        self.nus(Uptimal::classic(x.clone(), ups, star))
    }

    /// Canonical options of `x + ups.↑ + *star`.
    ///
    /// Numbers: `n = {n-1 | }` for integers n > 0, `m/2^k = {(m-1)/2^k | (m+1)/2^k}`.
    /// Nimbers: `x + *m = {x + *j | x + *j : j < m}`.  Ups (n >= 1):
    /// `x + ↑* = {x, x* | x}`, otherwise `x + n.↑ + *m = {x | x + (n-1).↑ + *(m ⊕ 1)}`;
    /// downs are the negatives of ups.
    fn nus_options(&mut self, n: &Uptimal) -> Stoppable<(Vec<Id>, Vec<Id>)> {
        if !n.higher.is_empty() {
            return self.higher_uptimal_options(n);
        }
        let x = &n.x;
        if n.is_number() {
            if x.is_integer() {
                return Ok(match x.signum() {
                    1 => (vec![self.number(x.step(false))?], vec![]),
                    -1 => (vec![], vec![self.number(x.step(true))?]),
                    _ => (vec![], vec![]),
                });
            }
            return Ok((
                vec![self.number(x.step(false))?],
                vec![self.number(x.step(true))?],
            ));
        }
        if n.ups == 0 {
            if n.star > self.max_options {
                return Err(Stop::TooLarge {
                    limit: "max_options",
                    what: "the options of a nimber *n, n of them",
                    value: Some(n.star),
                });
            }
            let count = usize::try_from(n.star)
                .map_err(|_| Stop::Overflow("a nimber too large to list its options"))?;
            let mut options = Vec::new();
            room(&mut options, count, "the options of a nimber")?;
            for j in 0..count {
                self.tick()?;
                options.push(self.nus_of(x, 0, j as u128)?);
            }
            return Ok((options.clone(), options));
        }
        if n.ups < 0 {
            let (left, right) = self.nus_options(&Uptimal::classic(x.neg(), -n.ups, n.star))?;
            let negate = |engine: &mut Engine, ids: Vec<Id>| -> Stoppable<Vec<Id>> {
                ids.into_iter().map(|g| engine.neg(g)).collect()
            };
            let new_left = negate(self, right)?;
            let new_right = negate(self, left)?;
            return Ok((new_left, new_right));
        }
        let base = self.number(x.clone())?;
        if n.ups == 1 && n.star == 1 {
            let star = self.nus_of(x, 0, 1)?;
            return Ok((vec![base, star], vec![base]));
        }
        let below = self.nus_of(x, n.ups - 1, n.star ^ 1)?;
        Ok((vec![base], vec![below]))
    }

    /// Intern a canonical form that is not a fast-path value.
    fn general(&mut self, left: &[Id], right: &[Id]) -> Stoppable<Id> {
        let mut key = std::mem::take(&mut self.general_key);
        key.clear();
        key.extend_from_slice(left);
        key.push(SEPARATOR);
        key.extend_from_slice(right);
        let known = self.general_ids.get(&key).copied();
        self.general_key = key;
        if let Some(ident) = known {
            return Ok(ident);
        }
        let all = || {
            left.iter()
                .chain(right.iter())
                .map(|&g| &self.nodes[g as usize])
        };
        let birthday = all()
            .map(|n| n.birthday)
            .max()
            .unwrap_or(0)
            .saturating_add(1);
        let depth = all().map(|n| n.depth).max().unwrap_or(0).saturating_add(1);
        let left_stop = left
            .iter()
            .map(|&g| &self.nodes[g as usize].right_stop)
            .max();
        let right_stop = right
            .iter()
            .map(|&g| &self.nodes[g as usize].left_stop)
            .min();
        let (Some(left_stop), Some(right_stop)) = (left_stop.cloned(), right_stop.cloned()) else {
            return Err(Stop::Invalid(
                "a general form with no left or no right option",
            ));
        };
        map_room(&mut self.general_ids, "the table of games")?;
        let spans = (self.store(left)?, self.store(right)?);
        let ident = self.push(Node {
            options: Some(spans),
            nus: None,
            birthday,
            depth,
            left_stop,
            right_stop,
        })?;
        self.general_ids.insert(self.general_key.clone(), ident);
        Ok(ident)
    }

    // ------------------------------------------------------------ the order
    /// `a <= b` in the game order.
    ///
    /// Answers that fast-path values or stops give at once are not memoised:
    /// computing them again is cheaper than the table.
    pub fn le(&mut self, a: Id, b: Id) -> Stoppable<bool> {
        if let Some(known) = self.quick_le(a, b) {
            return Ok(known);
        }
        if let Some(&known) = self.le_memo.get(&key(a, b)) {
            return Ok(known);
        }
        self.tick()?;
        let result = self.descend(|e| e.compute_le(a, b))?;
        remember(&mut self.le_memo, key(a, b), result);
        Ok(result)
    }

    /// `a <= b` when equal ids, fast-path arithmetic or the stops decide it.
    fn quick_le(&self, a: Id, b: Id) -> Option<bool> {
        if a == b {
            return Some(true);
        }
        let (na, nb) = (&self.nodes[a as usize], &self.nodes[b as usize]);
        if let (Some(p), Some(q)) = (&na.nus, &nb.nus) {
            if p.x != q.x {
                return Some(p.x < q.x);
            }
            if p.higher.is_empty() && q.higher.is_empty() {
                return Some(uptimal_le(p.ups, q.ups, p.star ^ q.star));
            }
            return p.le(q).ok();
        }
        // Stops: a <= b forces L(a) <= L(b) and R(a) <= R(b); L(a) < R(b) forces a < b.
        if na.left_stop > nb.left_stop || na.right_stop > nb.right_stop {
            return Some(false);
        }
        if na.left_stop < nb.right_stop {
            return Some(true);
        }
        None
    }

    fn compute_le(&mut self, a: Id, b: Id) -> Stoppable<bool> {
        // Number avoidance: against a number only the non-number's moves matter.
        if !self.is_number(a) {
            let (l, _) = self.spans(a)?;
            for i in 0..l.len {
                let g = self.at(l, i);
                if self.le(b, g)? {
                    return Ok(false);
                }
            }
        }
        if !self.is_number(b) {
            let (_, r) = self.spans(b)?;
            for i in 0..r.len {
                let g = self.at(r, i);
                if self.le(g, a)? {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    // ------------------------------------------------------------ negation
    /// The id of `-a`.
    pub fn neg(&mut self, a: Id) -> Stoppable<Id> {
        if let Some(&known) = self.neg_memo.get(&a) {
            return Ok(known);
        }
        if let Some(n) = &self.nodes[a as usize].nus {
            let negative = n.neg()?;
            let result = self.nus(negative)?;
            remember(&mut self.neg_memo, a, result);
            remember(&mut self.neg_memo, result, a);
            return Ok(result);
        }
        self.tick()?;
        let (l, r) = self.spans(a)?;
        let result = self.descend(|e| -> Stoppable<Id> {
            let mut new_left = e.negate_span(r)?;
            let mut new_right = e.negate_span(l)?;
            new_left.sort_unstable();
            new_right.sort_unstable();
            e.general(&new_left, &new_right)
        })?;
        remember(&mut self.neg_memo, a, result);
        remember(&mut self.neg_memo, result, a);
        Ok(result)
    }

    fn negate_span(&mut self, span: Span) -> Stoppable<Vec<Id>> {
        (0..span.len).map(|i| self.neg(self.at(span, i))).collect()
    }

    // ------------------------------------------------------------ sums
    /// The id of the disjunctive sum `a + b` (inlined where a summand is 0: searches add
    /// the values of one-component options to 0 most of the time).
    #[inline]
    pub fn add(&mut self, a: Id, b: Id) -> Stoppable<Id> {
        match (a, b) {
            (ZERO, _) => Ok(b),
            (_, ZERO) => Ok(a),
            _ => self.add_nonzero(a, b),
        }
    }

    /// [`Engine::add`] of two nonzero summands.
    fn add_nonzero(&mut self, a: Id, b: Id) -> Stoppable<Id> {
        let (a, b) = if a > b { (b, a) } else { (a, b) };
        if let Some(&known) = self.add_memo.get(&key(a, b)) {
            return Ok(known);
        }
        // Fast-path sums are memoised too: a ruleset search adds the same few
        // numbers over and over, and finding a sum's node by its value
        // (`nus`) costs more than finding it by its summands.
        let result = if let (Some(p), Some(q)) =
            (&self.nodes[a as usize].nus, &self.nodes[b as usize].nus)
        {
            let sum = p.add(q)?;
            self.nus(sum)?
        } else {
            self.tick()?;
            self.descend(|e| e.compute_add(a, b))?
        };
        if self.add_memo.len() >= MEMO_LIMIT {
            self.add_memo.clear();
        }
        remember(&mut self.add_memo, key(a, b), result);
        Ok(result)
    }

    fn compute_add(&mut self, a: Id, b: Id) -> Stoppable<Id> {
        // x + u + b = (u + b) + x: translate last, so the infinitesimal sum is shared.
        for (this, other) in [(a, b), (b, a)] {
            if let Some(n) = &self.nodes[this as usize].nus {
                if !n.x.is_zero() && !n.is_number() {
                    let x = n.x.clone();
                    let small = self.nus(Uptimal {
                        x: Dyadic::ZERO,
                        ..n.clone()
                    })?;
                    let partial = self.add(small, other)?;
                    let shift = self.number(x)?;
                    return self.add(partial, shift);
                }
            }
        }
        // Number translation: G + x = {G^L + x | G^R + x} for G not a number.
        for (this, other) in [(a, b), (b, a)] {
            if self.is_number(this) {
                let (l, r) = self.spans(other)?;
                let left = self.add_span(l, this, false)?;
                let right = self.add_span(r, this, false)?;
                return self.canon(&left, &right);
            }
        }
        let (la, ra) = self.spans(a)?;
        let (lb, rb) = self.spans(b)?;
        let mut left = self.add_span(la, b, false)?;
        left.extend(self.add_span(lb, a, true)?);
        let mut right = self.add_span(ra, b, false)?;
        right.extend(self.add_span(rb, a, true)?);
        self.canon(&left, &right)
    }

    /// `g + other` for each option g of a span (`other + g` when `flip`, the same value).
    fn add_span(&mut self, span: Span, other: Id, flip: bool) -> Stoppable<Vec<Id>> {
        (0..span.len)
            .map(|i| {
                let g = self.at(span, i);
                if flip {
                    self.add(other, g)
                } else {
                    self.add(g, other)
                }
            })
            .collect()
    }

    /// The id of `n.a` for a (possibly big) integer n: arithmetically for an
    /// uptimal, else by doubling.
    pub fn multiple(&mut self, a: Id, n: &BigInt) -> Stoppable<Id> {
        if let Some(u) = &self.nodes[a as usize].nus {
            let product = u.times(n)?;
            return self.nus(product);
        }
        let (mut a, n) = if n.sign() == num_bigint::Sign::Minus {
            (self.neg(a)?, -n)
        } else {
            (a, n.clone())
        };
        let mut total = ZERO;
        let bits = n.bits();
        for i in 0..bits {
            if n.bit(i) {
                total = self.add(total, a)?;
            }
            if i + 1 < bits {
                a = self.add(a, a)?;
            }
        }
        Ok(total)
    }

    /// Forget the memo tables of `le`, `add` and `neg` (the interned games stay).
    pub fn clear_caches(&mut self) {
        self.le_memo.clear();
        self.add_memo.clear();
        self.neg_memo.clear();
    }
}

/// The birthday of `n.↑ + *m` (n >= 0), from the canonical forms of `Engine::nus_options`.
fn uptimal_birthday(n: u128, m: u128) -> BigInt {
    if n == 0 {
        return BigInt::from(m);
    }
    // n.↑*m = {0 | (n-1).↑*(m^1)} except ↑* = {0,*|0}: walk down to n = 1.
    let s1 = m ^ ((n - 1) & 1);
    let last = if s1 == 1 {
        BigInt::from(2)
    } else {
        BigInt::from(s1 ^ 1) + 1
    };
    BigInt::from(n - 1) + last
}

/// Whether `a.↑ <= b.↑ + *star`, that is `(b - a).↑ + *star >= 0`: true when
/// `b = a` and `star = 0`, or `b > a` except `b = a + 1` with `*star = *`.
fn uptimal_le(a: i128, b: i128, star: u128) -> bool {
    match b.cmp(&a) {
        std::cmp::Ordering::Equal => star == 0,
        std::cmp::Ordering::Less => false,
        std::cmp::Ordering::Greater => !(star == 1 && a.checked_add(1) == Some(b)),
    }
}

#[cfg(test)]
mod tests;
