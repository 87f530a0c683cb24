//! Nimbers by search, with Beling and Rogalski's pruning (the twin of `cgt/solve/nimber.py`).
//!
//! The nimber of an impartial position is the nim-sum of its components'
//! nimbers, and a component's nimber is the mex of its options' nimbers.  The
//! whole mex is seldom needed: asked only whether a component's nimber lies in
//! a set `R`, the search keeps the set `P` of values the nimber can still take
//! (at first `0..=n` for `n` options) and removes one value per option looked
//! at — the option's nimber if it is in `P`, else the largest of `P` — so that
//! `P` ends as `{mex}`.  An option need only say whether its nimber lies in
//! `P` minus its largest, below the largest of `R`, and a component answers
//! "not in `R`" as soon as `P` and `R` are disjoint (P. Beling and M. Rogalski,
//! *On pruning search trees of impartial games*, Artificial Intelligence 283,
//! 2020).  An option that is a sum of components asks the question of one of
//! them, the set shifted by the nim-sum of the others.
//!
//! At the top (`aspiration`) the candidates are tried in turn, 0, 1, 2, ...:
//! the first value no option has is the nimber, and each option is asked only
//! whether it has the candidate.  One option that has it settles the
//! candidate, so the top component's options are asked in rounds, each with a
//! budget of components to expand (four times the last round's): an option
//! that runs past it is asked again in the next round, after the others, lest
//! the search spend hours on one option while another would answer in minutes
//! (what it proved meanwhile stays in the tables).  Theorems a ruleset proves
//! (the mirror strategy) answer a component at once, or rule 0 out.
//!
//! The table holds only exact nimbers of components.  Beside it, a cache of
//! bounds: a component that answered "not in `R`" ends with its nimber known
//! to lie in `P` or above the values it asked about, and is not searched again
//! while the sets asked miss those (on Cram 4x9, two fifths of the components
//! expanded are saved).  Both hold facts only, each entry written whole, so
//! they are consistent whenever the search stops; the large components' entries
//! of both can be written to a checkpoint file and read back to resume a long
//! search (the bounds, too: most of what a search proves of a large component
//! that does not have the value asked about is a bound), with the top's
//! candidate and the round it was asked in (`checkpoint.rs`).

mod checkpoint;

use crate::engine::Stop;
pub use checkpoint::Checkpoint;
use rustc_hash::FxHashMap;
use std::any::Any;
use std::hash::Hash;

/// What a theorem tells of a component's nimber, before any search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theorem {
    Unknown,
    Zero,
    NonZero,
}

/// Told of each option as it is generated: whether to go on.
pub type More<'a, C> = &'a mut dyn FnMut(usize, &[C]) -> bool;

/// An impartial ruleset, as the nimber search needs it.
pub trait Impartial {
    /// A position as given, of one or more components.
    type Position;
    /// A component in its standard form (the least of its symmetric images): the table's key.
    type Component: Copy + Eq + Hash;
    /// The bytes of a component in a checkpoint (0: the ruleset keeps no checkpoints).
    const KEY_BYTES: usize = 0;

    /// The components of `position`, appended to `out` (components worth 0 may be left out).
    fn components(&self, position: &Self::Position, out: &mut Vec<Self::Component>);

    /// The options of `component`: each a run of components appended to `parts`,
    /// its end (an index of `parts`) appended to `ends`, then `more(n, its parts)`
    /// called, `n` the number of options in all; once `more` says false the rest
    /// are not needed.
    fn options(
        &self,
        component: &Self::Component,
        parts: &mut Vec<Self::Component>,
        ends: &mut Vec<usize>,
        more: More<Self::Component>,
    );

    /// What a theorem says of `component`'s nimber.
    fn theorem(&self, _component: &Self::Component) -> Theorem {
        Theorem::Unknown
    }

    /// How large `component` is (its cells, say): small options are tried first,
    /// and checkpoints keep the large components.
    fn size(&self, component: &Self::Component) -> u32;

    fn write_key(&self, _component: &Self::Component, _out: &mut Vec<u8>) {}

    fn read_key(&self, _bytes: &[u8]) -> Option<Self::Component> {
        None
    }
}

/// A set of nimbers below 128, as bits.
type Set = u128;

const ALL: Set = !0;

/// `{0, 1, ..., n - 1}`.
fn below(n: u32) -> Set {
    if n >= 128 {
        ALL
    } else {
        (1 << n) - 1
    }
}

fn without_largest(set: Set) -> Set {
    set & !(1 << (127 - set.leading_zeros()))
}

/// `set` less `v` if `v` is in it, else `set` less its largest (`smaller`).
fn remove(set: Set, v: u32, smaller: Set) -> Set {
    if v < 128 && set & (1 << v) != 0 {
        set & !(1 << v)
    } else {
        smaller
    }
}

/// A set in 64 bits: the values below 63 as they are, bit 63 for any value past 62.
fn squeeze(set: Set) -> u64 {
    (set as u64 & !(1 << 63)) | (u64::from(set >> 63 != 0) << 63)
}

pub(super) fn unsqueeze(bits: u64) -> Set {
    let high = if bits >> 63 != 0 { ALL << 63 } else { 0 };
    Set::from(bits & !(1 << 63)) | high
}

/// `{v ^ x : v in set}`, for `x < 128`: a swap of blocks for each bit of `x`.
fn xor_translate(mut set: Set, x: u32) -> Set {
    const LOW: [u128; 7] = [
        0x5555_5555_5555_5555_5555_5555_5555_5555,
        0x3333_3333_3333_3333_3333_3333_3333_3333,
        0x0f0f_0f0f_0f0f_0f0f_0f0f_0f0f_0f0f_0f0f,
        0x00ff_00ff_00ff_00ff_00ff_00ff_00ff_00ff,
        0x0000_ffff_0000_ffff_0000_ffff_0000_ffff,
        0x0000_0000_ffff_ffff_0000_0000_ffff_ffff,
        0x0000_0000_0000_0000_ffff_ffff_ffff_ffff,
    ];
    for (k, low) in LOW.iter().enumerate() {
        if x & (1 << k) != 0 {
            let shift = 1 << k;
            set = ((set & low) << shift) | ((set >> shift) & low);
        }
    }
    set
}

/// How far a search has got.
#[derive(Clone, Copy, Debug, Default)]
pub struct Progress {
    /// Components expanded (their options generated).
    pub expanded: u64,
    /// The depth of the component being expanded.
    pub depth: u32,
    /// The candidate nimber of the top component being tried.
    pub candidate: u32,
    /// Nimbers in the table.
    pub known: usize,
    /// The top component's options not yet asked whether they have the candidate.
    pub left: u32,
}

/// An option still to look at: the nim-sum of its parts known so far, and its
/// parts not yet known (`parts[first..first + len]`).
#[derive(Clone, Copy)]
struct Pending {
    xor: u32,
    first: usize,
    len: usize,
    weight: u64,
}

/// One component's options, sorted: those whose nimber is known, and the rest.
struct Frame<C> {
    parts: Vec<C>,
    ends: Vec<usize>,
    /// Each part's nimber if the table knew it when the option was generated.
    values: Vec<Option<u8>>,
    known: Vec<u32>,
    pending: Vec<Pending>,
}

impl<C> Frame<C> {
    fn new() -> Frame<C> {
        Frame {
            parts: Vec::new(),
            ends: Vec::new(),
            values: Vec::new(),
            known: Vec::new(),
            pending: Vec::new(),
        }
    }
}

/// The depth from which a search checks that play has not come back to a component on its path.
const LOOP_CHECK_DEPTH: usize = 48;
/// Steps between two polls.
const POLL_EVERY: u32 = 1 << 12;
/// Stack kept free below a recursive step, and the size of a new segment when it runs short.
const RED_ZONE: usize = 64 * 1024;
const STACK_SEGMENT: usize = 1024 * 1024;
/// Components the top component's options may expand in the first round of asking them about a
/// candidate; each round has four times the last one's budget.
const FIRST_ROUND: u64 = 1 << 16;

/// A nimber search of one ruleset, with its table of components' nimbers.
pub struct NimSearch<G: Impartial> {
    game: G,
    table: FxHashMap<G::Component, u8>,
    /// Components whose nimber a search showed to lie outside the set it asked about:
    /// the values still possible (see [`squeeze`]).  A cache: when full, its smaller half goes.
    pub(super) bounds: FxHashMap<G::Component, u64>,
    max_entries: usize,
    /// Bounds read from a checkpoint: the cache keeps room for twice as many, lest it forget
    /// them as soon as the search notes one more.
    loaded_bounds: usize,
    spare: Vec<Frame<G::Component>>,
    /// The components being searched, the top one first (`path[d]` at depth `d`).
    path: Vec<G::Component>,
    progress: Progress,
    ticks: u32,
    /// `progress.expanded` at which the round being searched runs past its budget.
    limit: u64,
    /// The budget of the first round of asking the top component's options about a candidate
    /// ([`FIRST_ROUND`]; a test's own).
    first_round: u64,
    /// The top's candidate and the budget of the round it is being asked in, kept in a
    /// checkpoint.
    top: Option<(u32, u64)>,
    /// The candidate and round of a checkpoint's search: resumed, the search asks that candidate
    /// from that round on, not again from the first.
    resume: Option<(u32, u64)>,
    pub checkpoint: Option<Checkpoint>,
}

/// Asked now and then while a search runs: `true` stops it ([`Stop::Interrupted`]).
pub type Poll<'a> = &'a mut dyn FnMut(&Progress) -> bool;

impl<G: Impartial> NimSearch<G> {
    /// A search whose table holds at most `max_entries` nimbers (past it, [`Stop::TooLarge`]).
    pub fn new(game: G, max_entries: usize) -> NimSearch<G> {
        NimSearch {
            game,
            table: FxHashMap::default(),
            bounds: FxHashMap::default(),
            max_entries,
            loaded_bounds: 0,
            spare: Vec::new(),
            path: Vec::new(),
            progress: Progress::default(),
            ticks: 0,
            limit: u64::MAX,
            first_round: FIRST_ROUND,
            top: None,
            resume: None,
            checkpoint: None,
        }
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    pub fn known(&self) -> usize {
        self.table.len()
    }

    pub fn clear(&mut self) {
        self.table.clear();
        self.bounds.clear();
    }

    /// The nimber of `position`: the nim-sum of its components'.
    pub fn nimber(&mut self, position: &G::Position, poll: Poll) -> Result<u32, Stop> {
        let mut components = Vec::new();
        self.game.components(position, &mut components);
        self.progress = Progress::default();
        let mut total = 0;
        for component in &components {
            total ^= self.aspiration(component, poll)?;
        }
        Ok(total)
    }

    /// Whether `position`'s nimber is `v`, without the whole nimber: the nimbers of
    /// its components but the largest, then the largest asked only whether it has
    /// the one value that makes the nim-sum `v` (whether a sum is a second-player
    /// win is whether its nimber is 0).
    pub fn has_nimber(&mut self, position: &G::Position, v: u32, poll: Poll) -> Result<bool, Stop> {
        let mut components = Vec::new();
        self.game.components(position, &mut components);
        self.progress = Progress::default();
        let Some(largest) = (0..components.len()).max_by_key(|&i| self.game.size(&components[i]))
        else {
            return Ok(v == 0);
        };
        let last = components.swap_remove(largest);
        let mut rest = 0;
        for component in &components {
            rest ^= self.aspiration(component, poll)?;
        }
        let target = v ^ rest;
        self.progress.candidate = target;
        if target >= 128 {
            return Ok(self.aspiration(&last, poll)? == target);
        }
        Ok(self.in_set(&last, 1 << target, 0, poll)? == Some(target))
    }

    /// The nimber of a component, found by trying candidates 0, 1, 2, ... in turn.
    fn aspiration(&mut self, component: &G::Component, poll: Poll) -> Result<u32, Stop> {
        if let Some(&v) = self.table.get(component) {
            return Ok(u32::from(v));
        }
        let first = match self.game.theorem(component) {
            Theorem::Zero => return self.store(component, 0),
            Theorem::NonZero => 1,
            Theorem::Unknown => 0,
        };
        let frame = self
            .expand(component, ALL, 0, poll)?
            .ok_or(Stop::Invalid("a nimber search lost an option"))?;
        self.candidates(component, frame, first, ALL, 0, poll)?
            .ok_or(Stop::Invalid("a nimber search lost an exact value"))
    }

    /// The nimber of `component` (options `frame`) if it lies in `wanted`, found by
    /// asking its options whether they have `first`, `first + 1`, ... in turn (the
    /// first candidate no option has is the nimber); None once the candidates pass
    /// the largest wanted value.  Past 127, the mex of every option's nimber.
    fn candidates(
        &mut self,
        component: &G::Component,
        mut frame: Frame<G::Component>,
        first: u32,
        wanted: Set,
        depth: u32,
        poll: Poll,
    ) -> Result<Option<u32>, Stop> {
        let largest_wanted = 127 - wanted.leading_zeros();
        let mut skip: Set = 0;
        for &v in &frame.known {
            if v < 128 {
                skip |= 1 << v;
            }
        }
        let mut candidate = first;
        'candidates: loop {
            // Every value is wanted when `wanted` is ALL, those past 127 too.
            if candidate > largest_wanted && wanted != ALL {
                self.spare.push(frame);
                return Ok(None);
            }
            if candidate >= 128 {
                return self.mex(component, frame, depth, poll).map(Some);
            }
            if depth == 0 {
                self.progress.candidate = candidate;
            }
            if skip & (1 << candidate) != 0 {
                candidate += 1;
                continue;
            }
            // Options `..cleared` are known not to have the candidate; those from `cleared` to
            // `i` ran past the round's budget, and are asked again in the next round.
            let mut cleared = 0;
            let mut i = 0;
            let mut round = (depth == 0).then(|| self.first_budget(candidate));
            let mut deferred = false;
            loop {
                if i == frame.pending.len() {
                    if !deferred {
                        break;
                    }
                    (i, deferred) = (cleared, false);
                    round = round.map(|r| r.saturating_mul(4));
                    continue;
                }
                if depth == 0 {
                    self.progress.left = (frame.pending.len() - cleared) as u32;
                }
                // Only the top sets a budget (a component of 128 options or more, deeper, comes
                // here too, and must leave the top's budget as it is).
                if let Some(r) = round {
                    self.limit = self.progress.expanded.saturating_add(r);
                    self.top = Some((candidate, r));
                }
                let asked = self.has_candidate(&mut frame, i, candidate, depth, poll);
                if round.is_some() {
                    self.limit = u64::MAX;
                }
                match asked {
                    Err(Stop::Budget) if round.is_some() => {
                        deferred = true;
                        i += 1;
                    }
                    Err(stop) => return Err(stop),
                    Ok(Some(value)) => {
                        frame.pending.remove(i);
                        frame.known.push(value);
                        if value == candidate {
                            candidate += 1;
                            continue 'candidates;
                        }
                        if value < 128 {
                            skip |= 1 << value;
                        }
                    }
                    Ok(None) => {
                        frame.pending[cleared..=i].rotate_right(1);
                        cleared += 1;
                        i += 1;
                    }
                }
            }
            break;
        }
        self.spare.push(frame);
        self.store(component, candidate).map(Some)
    }

    /// Pending option `i` of `frame` asked whether it has `candidate`: its nimber if it
    /// settled it (the candidate or not), None if it only showed that it is not the candidate.
    fn has_candidate(
        &mut self,
        frame: &mut Frame<G::Component>,
        i: usize,
        candidate: u32,
        depth: u32,
        poll: Poll,
    ) -> Result<Option<u32>, Stop> {
        let (x, part) = self.settle_all_but_one(frame, i, depth + 1, poll)?;
        let target = candidate ^ x;
        let found = if target < 128 {
            self.in_set(&part, 1 << target, depth + 1, poll)?
        } else {
            Some(self.exact(&part, depth + 1, poll)?)
        };
        Ok(found.map(|v| v ^ x))
    }

    /// The nimber of `component` if it lies in `wanted`; None only if it does not.
    fn in_set(
        &mut self,
        component: &G::Component,
        wanted: Set,
        depth: u32,
        poll: Poll,
    ) -> Result<Option<u32>, Stop> {
        if let Some(&v) = self.table.get(component) {
            return Ok(Some(u32::from(v)));
        }
        // Deep games (long heaps) recurse deeply: on a stack that grows as needed.
        stacker::maybe_grow(RED_ZONE, STACK_SEGMENT, || {
            self.search_in_set(component, wanted, depth, poll)
        })
    }

    /// [`NimSearch::in_set`] of a component not in the table.
    fn search_in_set(
        &mut self,
        component: &G::Component,
        mut wanted: Set,
        depth: u32,
        poll: Poll,
    ) -> Result<Option<u32>, Stop> {
        if let Some(&bound) = self.bounds.get(component) {
            if unsqueeze(bound) & wanted == 0 {
                return Ok(None);
            }
        }
        match self.game.theorem(component) {
            Theorem::Zero => return self.store(component, 0).map(Some),
            Theorem::NonZero => {
                wanted &= !1;
                if wanted == 0 {
                    return Ok(None);
                }
            }
            Theorem::Unknown => {}
        }
        let Some(mut frame) = self.expand(component, wanted, depth, poll)? else {
            return Ok(None);
        };
        let n = frame.ends.len() as u32;
        if n >= 128 {
            // Too many options for a set of candidates: try the candidates in turn.
            return self.candidates(component, frame, 0, wanted, depth, poll);
        }
        let mut possible = below(n + 1);
        for &v in &frame.known {
            possible = remove(possible, v, without_largest(possible));
        }
        let relevant = below(128 - wanted.leading_zeros());
        let mut exact = true;
        for i in 0..frame.pending.len() {
            if possible & wanted == 0 {
                self.spare.push(frame);
                return Ok(self.bound(component, possible | !relevant));
            }
            let smaller = without_largest(possible);
            let asked = smaller & relevant;
            if asked == 0 {
                // No answer of this option can remove a wanted value.
                possible = smaller;
                exact = false;
                continue;
            }
            let (x, part) = self.settle_all_but_one(&mut frame, i, depth + 1, poll)?;
            let found = if x < 128 {
                self.in_set(&part, xor_translate(asked, x), depth + 1, poll)?
            } else {
                Some(self.exact(&part, depth + 1, poll)?)
            };
            match found {
                Some(v) => possible = remove(possible, v ^ x, smaller),
                None => {
                    possible = smaller;
                    exact = false;
                }
            }
        }
        self.spare.push(frame);
        if exact || possible & relevant != 0 {
            self.store(component, possible.trailing_zeros()).map(Some)
        } else {
            Ok(self.bound(component, possible | !relevant))
        }
    }

    /// The nimber of `component`.
    fn exact(&mut self, component: &G::Component, depth: u32, poll: Poll) -> Result<u32, Stop> {
        self.in_set(component, ALL, depth, poll)?
            .ok_or(Stop::Invalid("a nimber search lost an exact value"))
    }

    /// The nimber of a component with 128 options or more: the mex of all its options' nimbers.
    fn mex(
        &mut self,
        component: &G::Component,
        mut frame: Frame<G::Component>,
        depth: u32,
        poll: Poll,
    ) -> Result<u32, Stop> {
        let mut seen = std::mem::take(&mut frame.known);
        for i in 0..frame.pending.len() {
            let (x, part) = self.settle_all_but_one(&mut frame, i, depth + 1, poll)?;
            seen.push(x ^ self.exact(&part, depth + 1, poll)?);
        }
        seen.sort_unstable();
        seen.dedup();
        let mex = seen
            .iter()
            .enumerate()
            .find(|&(k, &v)| v != k as u32)
            .map_or(seen.len(), |(k, _)| k) as u32;
        frame.known = seen;
        self.spare.push(frame);
        self.store(component, mex)
    }

    /// Pending option `i` of `frame` with all its parts but the first valued: the
    /// nim-sum of those values, and the first part.
    fn settle_all_but_one(
        &mut self,
        frame: &mut Frame<G::Component>,
        i: usize,
        depth: u32,
        poll: Poll,
    ) -> Result<(u32, G::Component), Stop> {
        let Pending { first, len, .. } = frame.pending[i];
        for j in (first + 1..first + len).rev() {
            let part = frame.parts[j];
            frame.pending[i].xor ^= self.exact(&part, depth, poll)?;
            frame.pending[i].len -= 1;
        }
        Ok((frame.pending[i].xor, frame.parts[first]))
    }

    /// Put `component` on the path at `depth`; [`Stop::Loopy`] if play has come back to it.
    /// (Paths are checked past [`LOOP_CHECK_DEPTH`] only: a loop makes them unbounded.)
    fn enter(&mut self, component: &G::Component, depth: u32) -> Result<(), Stop> {
        let depth = depth as usize;
        self.path.truncate(depth);
        if depth >= LOOP_CHECK_DEPTH && self.path.contains(component) {
            return Err(Stop::Loopy);
        }
        self.path.push(*component);
        Ok(())
    }

    /// `component`'s options, the nimbers of their parts in the table summed, the
    /// rest sorted small first; None if the options whose nimbers the table
    /// knows already show that `component`'s nimber is not in `wanted` (the
    /// other options are then not generated).
    fn expand(
        &mut self,
        component: &G::Component,
        wanted: Set,
        depth: u32,
        poll: Poll,
    ) -> Result<Option<Frame<G::Component>>, Stop> {
        self.tick(depth, poll)?;
        self.enter(component, depth)?;
        let mut frame = self.spare.pop().unwrap_or_else(Frame::new);
        frame.parts.clear();
        frame.ends.clear();
        frame.known.clear();
        frame.pending.clear();
        let table = &self.table;
        let mut possible = None;
        let Frame {
            parts,
            ends,
            values,
            ..
        } = &mut frame;
        values.clear();
        let mut more = |n: usize, parts: &[G::Component]| {
            let first = values.len();
            values.extend(parts.iter().map(|part| table.get(part).copied()));
            let mut xor = 0;
            for v in &values[first..] {
                match v {
                    Some(v) => xor ^= u32::from(*v),
                    None => return true,
                }
            }
            if wanted == ALL {
                // Every value is wanted, past 127 too (which the sets do not hold): no pruning.
                return true;
            }
            // The values still possible, {0, ..., n} at first: those below 128 as a set, and how
            // many of 128..=n are left.  Removing a value past 127, or the largest value while
            // some past 127 are left, takes one of those: the set below 128 is the same whichever.
            let (low, high) = possible
                .get_or_insert_with(|| (below(n as u32 + 1), (n as u32).saturating_sub(127)));
            if xor < 128 && *low & (1 << xor) != 0 {
                *low &= !(1 << xor);
            } else if *high > 0 {
                *high -= 1;
            } else {
                *low = without_largest(*low);
            }
            *low & wanted != 0
        };
        self.game.options(component, parts, ends, &mut more);
        if let Some((low, high)) = possible.filter(|&(low, _)| low & wanted == 0) {
            self.spare.push(frame);
            if high == 0 {
                self.bound(component, low);
            }
            return Ok(None);
        }
        let mut start = 0;
        for &end in &frame.ends {
            let mut xor = 0;
            let mut kept = start;
            let mut weight = 0u64;
            let mut largest = 0;
            for j in start..end {
                let part = frame.parts[j];
                match frame.values[j] {
                    Some(v) => xor ^= u32::from(v),
                    None => {
                        let size = u64::from(self.game.size(&part));
                        weight += size * size;
                        frame.parts[kept] = part;
                        // The largest part goes first: it is the one asked the pruned question.
                        if size > largest {
                            largest = size;
                            frame.parts.swap(start, kept);
                        }
                        kept += 1;
                    }
                }
            }
            if kept == start {
                frame.known.push(xor);
            } else {
                frame.pending.push(Pending {
                    xor,
                    first: start,
                    len: kept - start,
                    weight,
                });
            }
            start = end;
        }
        frame.pending.sort_by_key(|p| p.weight);
        Ok(Some(frame))
    }

    /// Note that `component`'s nimber lies in `possible`; None, the answer that it is not wanted.
    ///
    /// Of a search that asked its options about the values `relevant` only (up to the largest
    /// wanted), `possible` is right within `relevant` alone: an option that answered "not in
    /// the set asked" took away the largest possible value, where its own nimber, unknown,
    /// may have been a larger one.  Such a search notes `possible | !relevant`.
    fn bound(&mut self, component: &G::Component, possible: Set) -> Option<u32> {
        // At most as large as the table of nimbers (or twice the bounds a checkpoint brought), or
        // half its limit, but room for 262,144 bounds at least.  A search kept in a checkpoint,
        // meant to run on, has room for half the table's limit: forgetting the smaller half when
        // the table was small dropped two thirds of the large components' bounds a 7x8 stretch
        // had read, the first minutes' new bounds being as large.
        let room = if self.checkpoint.is_some() {
            self.max_entries / 2
        } else {
            self.table.len().max(2 * self.loaded_bounds)
        };
        let room = room.min(self.max_entries / 2).max(1 << 18);
        if self.bounds.len() >= room {
            forget_smallest(&self.game, &mut self.bounds);
        }
        let bound = self.bounds.entry(*component).or_insert(!0);
        *bound &= squeeze(possible);
        None
    }

    fn store(&mut self, component: &G::Component, v: u32) -> Result<u32, Stop> {
        let byte = u8::try_from(v).map_err(|_| Stop::Overflow("a nimber past 255"))?;
        if self.table.len() >= self.max_entries {
            if self.checkpoint.is_none() {
                return Err(Stop::TooLarge {
                    limit: "max_nimber_table",
                    what: "the components whose nimbers one search keeps",
                    value: None,
                });
            }
            forget_smallest(&self.game, &mut self.table);
        }
        self.table
            .try_reserve(1)
            .map_err(|_| Stop::Memory("the table of a nimber search"))?;
        self.table.insert(*component, byte);
        Ok(v)
    }

    fn tick(&mut self, depth: u32, poll: Poll) -> Result<(), Stop> {
        self.progress.expanded += 1;
        if self.progress.expanded >= self.limit {
            return Err(Stop::Budget);
        }
        self.ticks += 1;
        if self.ticks < POLL_EVERY {
            return Ok(());
        }
        self.ticks = 0;
        self.progress.depth = depth;
        self.progress.known = self.table.len();
        let due = self
            .checkpoint
            .as_ref()
            .is_some_and(|c| c.last.elapsed() >= c.every);
        if due {
            self.save()?;
        }
        if poll(&self.progress) {
            if self.checkpoint.is_some() {
                self.save()?;
            }
            return Err(Stop::Interrupted);
        }
        Ok(())
    }
}

/// Make room in a full table of nimbers (of a search kept in a checkpoint, meant to run on) or of
/// bounds: forget the entries of the smallest components, the quickest to find again, about half
/// (every component smaller than the least size that leaves at most half).  The entries are facts,
/// so the search stays right; the frames on its path hold what they read.
fn forget_smallest<G: Impartial, V>(game: &G, entries: &mut FxHashMap<G::Component, V>) {
    let mut counts = [0usize; 129];
    for component in entries.keys() {
        counts[game.size(component).min(128) as usize] += 1;
    }
    let (mut smaller, mut size) = (0, 0);
    while size < counts.len() && smaller < entries.len() / 2 {
        smaller += counts[size];
        size += 1;
    }
    entries.retain(|component, _| game.size(component) >= size as u32);
}

/// A nimber search of any ruleset, behind a handle.
pub trait AnyNimSearch: Send + Sync {
    /// The nimber of `position`, which must be a position of this search's ruleset.
    fn nimber_of(&mut self, position: &dyn Any, poll: Poll) -> Result<u32, Stop>;

    /// Whether the nimber of `position` (as for [`AnyNimSearch::nimber_of`]) is `v`.
    fn has_nimber(&mut self, position: &dyn Any, v: u32, poll: Poll) -> Result<bool, Stop>;

    /// Keep a checkpoint as `checkpoint` says (see [`NimSearch::save`]).
    fn checkpoint_to(&mut self, checkpoint: Checkpoint);

    fn save(&mut self) -> Result<(), Stop>;

    fn load(&mut self, bytes: &[u8], tag: &str) -> Result<(usize, usize), &'static str>;

    fn known(&self) -> usize;
}

impl<G> AnyNimSearch for NimSearch<G>
where
    G: Impartial + Send + Sync,
    G::Position: 'static,
    G::Component: Send + Sync,
{
    fn nimber_of(&mut self, position: &dyn Any, poll: Poll) -> Result<u32, Stop> {
        let position = position.downcast_ref::<G::Position>().ok_or(Stop::Invalid(
            "that is not a position of this search's ruleset",
        ))?;
        self.nimber(position, poll)
    }

    fn has_nimber(&mut self, position: &dyn Any, v: u32, poll: Poll) -> Result<bool, Stop> {
        let position = position.downcast_ref::<G::Position>().ok_or(Stop::Invalid(
            "that is not a position of this search's ruleset",
        ))?;
        NimSearch::has_nimber(self, position, v, poll)
    }

    fn checkpoint_to(&mut self, checkpoint: Checkpoint) {
        self.checkpoint = Some(checkpoint);
    }

    fn save(&mut self) -> Result<(), Stop> {
        NimSearch::save(self)
    }

    fn load(&mut self, bytes: &[u8], tag: &str) -> Result<(usize, usize), &'static str> {
        NimSearch::load(self, bytes, tag)
    }

    fn known(&self) -> usize {
        NimSearch::known(self)
    }
}

#[cfg(test)]
mod tests;
