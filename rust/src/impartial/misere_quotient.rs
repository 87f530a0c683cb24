//! Misère quotients of heap games (Plambeck and Siegel 2008), heap by heap: the compiled twin
//! of `cgt/impartial/misere_quotients.py`.
//!
//! A *pretension* is a finite commutative monoid `Q` (elements `0..n`, 0 the identity), a
//! subset `P` and an image `phi[h]` of every heap `h`.  It is the misère quotient of heaps
//! `0..=h_max` when it is *reduced* (distinct elements `x`, `y` have some `z` with exactly one
//! of `xz`, `yz` in `P`), `phi` generates `Q`, and `P` holds the images of exactly the misère
//! P-positions.  The last condition is checked on `Q` itself, without playing any game:
//!
//! * no *P-failure*: for every `x` and heap `h`, when `x·phi[h]` is in `P` no option `o` of `h`
//!   has `x·phi(o)` in `P` (every `x` is the image of some position);
//! * no *N-failure*: no position outside `P`, other than the empty one, has all its options
//!   outside `P`.  The options of a position `G` have the images `tr(G)`; adding a heap `h`
//!   gives `phi(G+h) = phi(G)·phi[h]` and `tr(G+h) = tr(G)·phi[h] ∪ phi(G)·phi(options of h)`,
//!   so pairs `(phi(G), tr(G))` form a finite search, and a pair whose set contains another's
//!   (same element) can be skipped: whatever fails above it fails above the smaller one.
//!
//! When heap `n` is equal to no element of `Q_{n-1}` it becomes a new generator of a trial
//! monoid `Q × C`, `C` a cyclic monoid; `P` is *marked* on the trial monoid by the outcome rule
//! (positions in the order of their words, the first one reaching an element deciding it),
//! the trial is reduced and checked.  A failure names a position; the heaps in it are made
//! free generators of larger cyclic monoids until the failure's outcome comes out right
//! (MisereSolver's recalibration), and the check repeats.

use std::collections::{BinaryHeap, HashMap};

/// Why a computation stopped without a quotient.
#[derive(Debug, PartialEq, Eq)]
pub enum Halt {
    /// The poll asked to stop (Ctrl-C).
    Interrupted,
    /// The quotient passed `max_order` elements (or a trial monoid grew too large) at `heap`.
    TooLarge { heap: usize, order: usize },
    /// No recalibration repaired a failure at `heap` (never seen; kept so it is not a panic).
    Stuck { heap: usize },
}

/// The largest trial monoid (elements of `Q × C1 × ... × Ck`) tried before giving up.
const MAX_TRIAL: usize = 1 << 26;

/// `Q × C(index1, period1) × ...`: a finite commutative monoid with a multiplication table for
/// `Q` and cyclic components `<x | x^(index+period) = x^index>` added arithmetically.
#[derive(Clone, Debug)]
struct Monoid {
    size: usize,
    table: Vec<u32>,
    cyclic: Vec<(u32, u32)>,
}

impl Monoid {
    fn trivial() -> Self {
        Monoid {
            size: 1,
            table: vec![0],
            cyclic: Vec::new(),
        }
    }

    fn order(&self) -> usize {
        self.cyclic
            .iter()
            .fold(self.size, |n, &(i, p)| n.saturating_mul((i + p) as usize))
    }

    fn mul(&self, x: u32, y: u32) -> u32 {
        let n = self.size as u32;
        let mut result = self.table[(x % n) as usize * self.size + (y % n) as usize];
        let (mut x, mut y, mut radix) = (x / n, y / n, n);
        for &(index, period) in &self.cyclic {
            let m = index + period;
            let mut k = x % m + y % m;
            if k >= m {
                k = index + (k - index) % period;
            }
            result += k * radix;
            x /= m;
            y /= m;
            radix *= m;
        }
        result
    }

    /// The generator of cyclic component `i`.
    fn cyclic_generator(&self, i: usize) -> u32 {
        let radix: u32 = self.cyclic[..i].iter().map(|&(a, b)| a + b).product();
        self.size as u32 * radix
    }

    /// The index of `x`: the least `i` with `x^i = x^j` for some `j > i`.
    fn index_of(&self, x: u32) -> u32 {
        let mut seen = HashMap::new();
        let (mut power, mut i) = (0u32, 0u32);
        while let std::collections::hash_map::Entry::Vacant(entry) = seen.entry(power) {
            entry.insert(i);
            power = self.mul(power, x);
            i += 1;
        }
        seen[&power]
    }
}

/// A set of elements of `Q` as a bitset.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
struct Set(Vec<u64>);

impl Set {
    fn empty(n: usize) -> Self {
        Set(vec![0; n.div_ceil(64)])
    }
    fn insert(&mut self, x: u32) {
        self.0[x as usize / 64] |= 1 << (x % 64);
    }
    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    fn is_subset(&self, other: &Set) -> bool {
        self.0.iter().zip(&other.0).all(|(a, b)| a & !b == 0)
    }
    fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            (0..64)
                .filter(move |b| w >> b & 1 == 1)
                .map(move |b| (i * 64 + b) as u32)
        })
    }
}

/// A position as the exponents of heaps `0..`; ordered as MisereSolver orders words, by the
/// exponent of the largest heap first.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Word(Vec<u32>);

impl Ord for Word {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.iter().rev().cmp(other.0.iter().rev())
    }
}

impl PartialOrd for Word {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// The quotient found: `table[x * order + y] = xy`, `p_portion`, `phi[h]` for every heap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quotient {
    pub order: usize,
    pub table: Vec<u32>,
    pub p_portion: Vec<bool>,
    pub phi: Vec<u32>,
}

/// What the poll is told: the quotient of heaps `0..=done` is known and has `order` elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    pub done: usize,
    pub order: usize,
}

/// The heap game and the poll, shared by every step.
struct Solver<'a> {
    options: &'a [Vec<Vec<usize>>],
    max_order: usize,
    poll: &'a mut dyn FnMut(Progress) -> bool,
    ticks: u32,
    heap: usize,
    order: usize,
}

impl Solver<'_> {
    fn tick(&mut self) -> Result<(), Halt> {
        self.ticks += 1;
        if self.ticks >= 4096 {
            self.ticks = 0;
            self.check_in()?;
        }
        Ok(())
    }

    /// Ask the poll whether to stop, telling it how far the computation is (heap `heap` is next).
    fn check_in(&mut self) -> Result<(), Halt> {
        let progress = Progress {
            done: self.heap.saturating_sub(1),
            order: self.order,
        };
        if (self.poll)(progress) {
            return Err(Halt::Interrupted);
        }
        Ok(())
    }

    /// The images of the options of heaps `0..=last` (sorted, without repeats).
    fn transitions(&self, m: &Monoid, phi: &[u32]) -> Vec<Vec<u32>> {
        phi.iter()
            .enumerate()
            .map(|(h, _)| {
                let mut images: Vec<u32> = self.options[h]
                    .iter()
                    .map(|o| o.iter().fold(0, |x, &k| m.mul(x, phi[k])))
                    .collect();
                images.sort_unstable();
                images.dedup();
                images
            })
            .collect()
    }

    /// `P` marked on `m` by the outcome rule, and which elements the heaps reach.
    fn mark(&mut self, m: &Monoid, phi: &[u32]) -> Result<(Vec<bool>, Vec<bool>), Halt> {
        let order = m.order();
        if order > MAX_TRIAL {
            return Err(Halt::TooLarge {
                heap: self.heap,
                order,
            });
        }
        let trans = self.transitions(m, phi);
        let mut marked = vec![false; order];
        let mut p = vec![false; order];
        self.mark_below(m, phi, &trans, phi.len(), 0, &[], &mut marked, &mut p)?;
        Ok((marked, p))
    }

    /// Words whose heaps are all below `depth`, added to a word of element `x` and options `tr`.
    #[allow(clippy::too_many_arguments)]
    fn mark_below(
        &mut self,
        m: &Monoid,
        phi: &[u32],
        trans: &[Vec<u32>],
        depth: usize,
        x: u32,
        tr: &[u32],
        marked: &mut [bool],
        p: &mut [bool],
    ) -> Result<(), Halt> {
        if depth == 0 {
            marked[x as usize] = true;
            p[x as usize] = !tr.is_empty() && !tr.iter().any(|&t| p[t as usize]);
            return self.tick();
        }
        let h = depth - 1;
        self.mark_below(m, phi, trans, h, x, tr, marked, p)?;
        if trans[h].is_empty() {
            return Ok(());
        }
        let (mut x, mut tr) = (x, tr.to_vec());
        loop {
            let next = m.mul(x, phi[h]);
            if marked[next as usize] {
                return Ok(());
            }
            let mut next_tr: Vec<u32> = tr.iter().map(|&t| m.mul(t, phi[h])).collect();
            next_tr.extend(trans[h].iter().map(|&t| m.mul(x, t)));
            next_tr.sort_unstable();
            next_tr.dedup();
            x = next;
            tr = next_tr;
            self.mark_below(m, phi, trans, h, x, &tr, marked, p)?;
        }
    }

    /// The reduced quotient of the submonoid of `m` the heaps reach, with `P` and `phi` on it.
    fn reduce(
        &mut self,
        m: &Monoid,
        phi: &[u32],
        marked: &[bool],
        p: &[bool],
    ) -> Result<(Monoid, Vec<bool>, Vec<u32>), Halt> {
        let states: Vec<u32> = (0..marked.len() as u32)
            .filter(|&x| marked[x as usize])
            .collect();
        let mut generators: Vec<u32> = phi.to_vec();
        generators.sort_unstable();
        generators.dedup();
        let mut class: HashMap<u32, u32> =
            states.iter().map(|&x| (x, p[x as usize] as u32)).collect();
        let mut classes = 0;
        loop {
            let mut ids: HashMap<Vec<u32>, u32> = HashMap::new();
            let mut next = HashMap::with_capacity(states.len());
            for &x in &states {
                let mut signature = vec![class[&x]];
                signature.extend(generators.iter().map(|&g| class[&m.mul(x, g)]));
                let fresh = ids.len() as u32;
                next.insert(x, *ids.entry(signature).or_insert(fresh));
                self.tick()?;
            }
            let count = ids.len();
            class = next;
            if count == classes {
                break;
            }
            classes = count;
        }
        if classes > self.max_order {
            return Err(Halt::TooLarge {
                heap: self.heap,
                order: classes,
            });
        }
        // Number the classes in the order the heaps reach them from the identity.
        let mut number = vec![u32::MAX; classes];
        let mut reps = vec![0u32];
        number[class[&0] as usize] = 0;
        let mut i = 0;
        while i < reps.len() {
            for &g in phi {
                let y = m.mul(reps[i], g);
                let c = class[&y] as usize;
                if number[c] == u32::MAX {
                    number[c] = reps.len() as u32;
                    reps.push(y);
                }
            }
            i += 1;
        }
        let n = reps.len();
        let mut table = vec![0u32; n * n];
        for a in 0..n {
            for b in a..n {
                let z = number[class[&m.mul(reps[a], reps[b])] as usize];
                table[a * n + b] = z;
                table[b * n + a] = z;
            }
            self.tick()?;
        }
        let reduced_p = reps.iter().map(|&r| p[r as usize]).collect();
        let reduced_phi = phi.iter().map(|&g| number[class[&g] as usize]).collect();
        Ok((
            Monoid {
                size: n,
                table,
                cyclic: Vec::new(),
            },
            reduced_p,
            reduced_phi,
        ))
    }

    /// A position that `(q, p, phi)` gets wrong, if any.  `thorough`: the least one (a
    /// search that provably finds it).  Else as MisereSolver finds one: the least P-failure
    /// or an N-failure before it, searched depth first, a pair skipped when an earlier one of
    /// its element has fewer option images.
    fn failure(
        &mut self,
        q: &Monoid,
        p: &[bool],
        phi: &[u32],
        thorough: bool,
    ) -> Result<Option<Word>, Halt> {
        let trans = self.transitions(q, phi);
        let heaps = phi.len();
        if p[0] {
            return Ok(Some(Word(vec![0; heaps])));
        }
        // Heaps with the same image and option images play the same part: the least of
        // each such kind stands for all of them (it makes the least words).
        let mut kinds: Vec<usize> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for h in 0..heaps {
            if !trans[h].is_empty() && seen.insert((phi[h], &trans[h])) {
                kinds.push(h);
            }
        }
        let mut least_p: Option<Word> = None;
        for (x, word) in least_words(q, phi).iter().enumerate() {
            for &h in &kinds {
                if p[q.mul(x as u32, phi[h]) as usize]
                    && trans[h].iter().any(|&t| p[q.mul(x as u32, t) as usize])
                {
                    let mut failure = word.clone();
                    failure.0[h] += 1;
                    if least_p.as_ref().is_none_or(|w| failure < *w) {
                        least_p = Some(failure);
                    }
                }
            }
            self.tick()?;
        }
        if thorough && least_p.is_some() {
            return Ok(least_p);
        }
        let search = Search {
            q,
            p,
            phi,
            trans: &trans,
            kinds: &kinds,
            bound: least_p.as_ref(),
        };
        let n_failure = if thorough {
            search.least_n_failure(self)?
        } else {
            let mut kept = vec![Vec::new(); q.size];
            let mut word = Word(vec![0; heaps]);
            match search.depth_first(self, heaps, 0, &Set::empty(q.size), &mut word, &mut kept)? {
                Found::Failure(w) => Some(w),
                Found::Nothing | Found::Bound => None,
            }
        };
        Ok(n_failure.or(least_p))
    }

    /// A pretension that gets `failure` right: the heaps in it made free cyclic generators.
    fn recalibrate(
        &mut self,
        q: &Monoid,
        p: &[bool],
        phi: &[u32],
        failure: &Word,
    ) -> Result<(Monoid, Vec<bool>, Vec<u32>), Halt> {
        let image = |phi: &[u32], m: &Monoid| {
            failure
                .0
                .iter()
                .enumerate()
                .fold(0, |x, (h, &e)| (0..e).fold(x, |x, _| m.mul(x, phi[h])))
        };
        let should_be_p = !p[image(phi, q) as usize];
        let involved: Vec<usize> = (0..phi.len()).filter(|&h| failure.0[h] > 0).collect();
        for size in 1..=involved.len() {
            for chosen in combinations(&involved, size) {
                let mut trial = q.clone();
                for &h in &chosen {
                    let index = q.index_of(phi[h]).max(failure.0[h].saturating_sub(1));
                    let period = 2 * (index.saturating_sub(4) / 2).max(1);
                    trial.cyclic.push((index, period));
                }
                let mut trial_phi = phi.to_vec();
                for (i, &h) in chosen.iter().enumerate() {
                    trial_phi[h] = trial.cyclic_generator(i);
                }
                let (marked, trial_p) = self.mark(&trial, &trial_phi)?;
                let reduced = self.reduce(&trial, &trial_phi, &marked, &trial_p)?;
                if reduced.1[image(&reduced.2, &reduced.0) as usize] == should_be_p {
                    return Ok(reduced);
                }
            }
        }
        Err(Halt::Stuck { heap: self.heap })
    }
}

/// The N-failure searches of one pretension, below a bound (the least P-failure).
struct Search<'a> {
    q: &'a Monoid,
    p: &'a [bool],
    phi: &'a [u32],
    trans: &'a [Vec<u32>],
    kinds: &'a [usize],
    bound: Option<&'a Word>,
}

/// What a depth-first search below a word found.
enum Found {
    Nothing,
    Failure(Word),
    Bound,
}

impl Search<'_> {
    fn fails(&self, x: u32, tr: &Set) -> bool {
        !tr.is_empty() && !self.p[x as usize] && !tr.iter().any(|t| self.p[t as usize])
    }

    /// The pair of the position plus heap `h`.
    fn add(&self, h: usize, x: u32, tr: &Set) -> (u32, Set) {
        let mut next = Set::empty(self.q.size);
        tr.iter()
            .for_each(|t| next.insert(self.q.mul(t, self.phi[h])));
        self.trans[h]
            .iter()
            .for_each(|&t| next.insert(self.q.mul(x, t)));
        (self.q.mul(x, self.phi[h]), next)
    }

    /// Whether `tr` is kept for its element: no kept set is inside it (supersets are dropped).
    fn keep(kept: &mut Vec<Set>, tr: &Set) -> bool {
        if kept.iter().any(|s| s.is_subset(tr)) {
            return false;
        }
        kept.retain(|s| !tr.is_subset(s));
        kept.push(tr.clone());
        true
    }

    /// MisereSolver's order: more of heap `depth - 1`, each time all words of smaller heaps.
    fn depth_first(
        &self,
        solver: &mut Solver,
        depth: usize,
        x: u32,
        tr: &Set,
        word: &mut Word,
        kept: &mut [Vec<Set>],
    ) -> Result<Found, Halt> {
        solver.tick()?;
        if depth == 0 {
            return Ok(if self.fails(x, tr) {
                Found::Failure(word.clone())
            } else {
                Found::Nothing
            });
        }
        let h = depth - 1;
        let found = self.depth_first(solver, h, x, tr, word, kept)?;
        if !matches!(found, Found::Nothing) || self.trans[h].is_empty() {
            return Ok(found);
        }
        let (mut x, mut tr, start) = (x, tr.clone(), word.0[h]);
        let result = loop {
            word.0[h] += 1;
            if self.bound.is_some_and(|b| *word >= *b) {
                break Found::Bound;
            }
            (x, tr) = self.add(h, x, &tr);
            if !Self::keep(&mut kept[x as usize], &tr) {
                break Found::Nothing;
            }
            let found = self.depth_first(solver, h, x, &tr, word, kept)?;
            if !matches!(found, Found::Nothing) {
                break found;
            }
        };
        word.0[h] = start;
        Ok(result)
    }

    /// The least N-failure below the bound: pairs in the order of their words, each skipped
    /// when a kept pair of its element has fewer option images (whatever fails above the
    /// skipped pair fails above the kept one, at a smaller word).
    fn least_n_failure(&self, solver: &mut Solver) -> Result<Option<Word>, Halt> {
        let n = self.q.size;
        let mut kept: Vec<Vec<Set>> = vec![Vec::new(); n];
        let mut queue = BinaryHeap::new();
        queue.push(std::cmp::Reverse((
            Word(vec![0; self.phi.len()]),
            0u32,
            Set::empty(n),
        )));
        while let Some(std::cmp::Reverse((word, x, tr))) = queue.pop() {
            solver.tick()?;
            if self.bound.is_some_and(|b| word >= *b) {
                break;
            }
            if self.fails(x, &tr) {
                return Ok(Some(word));
            }
            for &h in self.kinds {
                let (y, next) = self.add(h, x, &tr);
                if Self::keep(&mut kept[y as usize], &next) {
                    let mut successor = word.clone();
                    successor.0[h] += 1;
                    queue.push(std::cmp::Reverse((successor, y, next)));
                }
            }
        }
        Ok(None)
    }
}

/// The first word (in word order) reaching each element.
fn least_words(q: &Monoid, phi: &[u32]) -> Vec<Word> {
    let mut least: Vec<Option<Word>> = vec![None; q.size];
    least[0] = Some(Word(vec![0; phi.len()]));
    let mut queue = BinaryHeap::new();
    queue.push(std::cmp::Reverse((Word(vec![0; phi.len()]), 0u32)));
    while let Some(std::cmp::Reverse((word, x))) = queue.pop() {
        for (h, &g) in phi.iter().enumerate() {
            let y = q.mul(x, g);
            if least[y as usize].is_none() {
                let mut next = word.clone();
                next.0[h] += 1;
                least[y as usize] = Some(next.clone());
                queue.push(std::cmp::Reverse((next, y)));
            }
        }
    }
    least
        .into_iter()
        .map(|w| w.unwrap_or_else(|| Word(vec![0; phi.len()])))
        .collect()
}

/// The subsets of `values` of a given size, in lexicographic order.
fn combinations(values: &[usize], size: usize) -> Vec<Vec<usize>> {
    if size == 0 {
        return vec![Vec::new()];
    }
    let mut result = Vec::new();
    for i in 0..values.len() {
        for mut rest in combinations(&values[i + 1..], size - 1) {
            rest.insert(0, values[i]);
            result.push(rest);
        }
    }
    result
}

/// The misère quotient of heaps `0..options.len()`, where `options[h]` lists heap `h`'s
/// options (each the heaps it leaves).  `poll` is called now and then, at least once a heap, with
/// the progress so far; `true` stops the work.
pub fn misere_quotient(
    options: &[Vec<Vec<usize>>],
    max_order: usize,
    poll: &mut dyn FnMut(Progress) -> bool,
) -> Result<Quotient, Halt> {
    let mut solver = Solver {
        options,
        max_order,
        poll,
        ticks: 0,
        heap: 0,
        order: 1,
    };
    let (mut q, mut p, mut phi) = (Monoid::trivial(), vec![false], vec![0u32]);
    // The option images of the heaps so far, each with the image of a heap that has them: a
    // new heap with the same option images is one more heap of that kind, and the quotient,
    // checked kind by kind, stays right with it.
    let mut kinds: HashMap<Vec<u32>, u32> = HashMap::new();
    for (n, heap_options) in options.iter().enumerate().skip(1) {
        solver.heap = n;
        solver.order = q.size;
        solver.check_in()?;
        if heap_options.is_empty() {
            phi.push(0);
            continue;
        }
        let mut images: Vec<u32> = heap_options
            .iter()
            .map(|o| o.iter().fold(0, |x, &k| q.mul(x, phi[k])))
            .collect();
        images.sort_unstable();
        images.dedup();
        if let Some(&x) = kinds.get(&images) {
            phi.push(x);
            continue;
        }
        let heap_is_p = !images.iter().any(|&t| p[t as usize]);
        let mut found = None;
        for x in 0..q.size as u32 {
            if p[x as usize] != heap_is_p {
                continue;
            }
            let mut trial_phi = phi.clone();
            trial_phi.push(x);
            if solver.failure(&q, &p, &trial_phi, true)?.is_none() {
                found = Some(trial_phi);
                break;
            }
        }
        if let Some(extended) = found {
            phi = extended;
            kinds.insert(images, phi[n]);
            continue;
        }
        let mut trial = q.clone();
        trial.cyclic.push((2, 2));
        let mut trial_phi = phi.clone();
        trial_phi.push(trial.cyclic_generator(0));
        let (marked, trial_p) = solver.mark(&trial, &trial_phi)?;
        let (mut tq, mut tp, mut tphi) = solver.reduce(&trial, &trial_phi, &marked, &trial_p)?;
        // The least failure steers the recalibrations; when no recalibration repairs it, the
        // failure MisereSolver's search finds steers instead.
        while let Some(failure) = solver.failure(&tq, &tp, &tphi, true)? {
            (tq, tp, tphi) = match solver.recalibrate(&tq, &tp, &tphi, &failure) {
                Err(Halt::Stuck { .. }) => match solver.failure(&tq, &tp, &tphi, false)? {
                    Some(other) => solver.recalibrate(&tq, &tp, &tphi, &other)?,
                    None => return Err(Halt::Stuck { heap: n }),
                },
                result => result?,
            };
        }
        (q, p, phi) = (tq, tp, tphi);
        kinds = solver
            .transitions(&q, &phi)
            .into_iter()
            .zip(&phi)
            .filter(|(images, _)| !images.is_empty())
            .map(|(images, &x)| (images, x))
            .collect();
    }
    Ok(Quotient {
        order: q.size,
        table: q.table,
        p_portion: p,
        phi,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Options of heaps `0..=n` for an octal code given by its digits after the point.
    fn octal(digits: &[u8], n: usize) -> Vec<Vec<Vec<usize>>> {
        (0..=n)
            .map(|h| {
                let mut result = Vec::new();
                for (i, &d) in digits.iter().enumerate() {
                    let k = i + 1;
                    if k > h {
                        break;
                    }
                    let left = h - k;
                    if d & 1 != 0 && left == 0 {
                        result.push(vec![]);
                    }
                    if d & 2 != 0 && left > 0 {
                        result.push(vec![left]);
                    }
                    if d & 4 != 0 {
                        for a in 1..left {
                            if a <= left - a {
                                result.push(vec![a, left - a]);
                            }
                        }
                    }
                }
                result
            })
            .collect()
    }

    fn solve(digits: &[u8], n: usize) -> Quotient {
        misere_quotient(&octal(digits, n), 2000, &mut |_| false).unwrap()
    }

    #[test]
    fn nim_heaps_one_and_two_give_t2() {
        // 0.333: nim heaps; to heap 3 the tame quotient T2 has 6 elements and |P| = 2.
        let q = solve(&[3, 3, 3], 3);
        assert_eq!(q.order, 6);
        assert_eq!(q.p_portion.iter().filter(|&&b| b).count(), 2);
    }

    #[test]
    fn dawsons_kayles_to_heap_ten_has_twelve_elements() {
        // Plambeck and Siegel (2008), Figure 1: 0.07 to heap 10, |Q| = 12, |P| = 3.
        let q = solve(&[0, 7], 10);
        assert_eq!(q.order, 12);
        assert_eq!(q.p_portion.iter().filter(|&&b| b).count(), 3);
    }

    #[test]
    fn the_poll_hears_of_every_heap_with_the_order_so_far() {
        // Dawson's Kayles (0.07): |Q| = 12 to heap 10 (Plambeck and Siegel 2008, Figure 1), so
        // while heap 11 is worked on the quotient known is that of heaps 0..=10, of order 12.
        let mut seen = Vec::new();
        misere_quotient(&octal(&[0, 7], 11), 2000, &mut |p| {
            seen.push(p);
            false
        })
        .unwrap();
        let done: Vec<usize> = seen.iter().map(|p| p.done).collect();
        assert!(done.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(done.first(), Some(&0));
        assert!(seen.contains(&Progress {
            done: 10,
            order: 12
        }));
    }

    #[test]
    fn an_interrupt_stops_the_search() {
        let result = misere_quotient(&octal(&[0, 7], 20), 2000, &mut |_| true);
        assert_eq!(result, Err(Halt::Interrupted));
    }

    #[test]
    fn the_order_limit_stops_the_search() {
        let result = misere_quotient(&octal(&[0, 7], 20), 5, &mut |_| false);
        assert!(matches!(result, Err(Halt::TooLarge { .. })));
    }
}
