//! Canonical forms: `canon(left, right)` (Siegel, *Combinatorial Game Theory*, II.2).
//!
//! Remove dominated options, bypass reversible ones, repeat until neither
//! applies; then a form that is the canonical form of a fast-path value is
//! recognised as that value, so that each value has exactly one id.

use super::{Engine, Id, Span, Stoppable, Uptimal, MEMO_LIMIT, ZERO};
use crate::dyadic::simplest_number;
use rustc_hash::FxHashMap;

/// A game given by option ids (not yet canonical), with its own comparison cache.
///
/// Bypassing reversible options and removing dominated ones keep the value,
/// so the cache stays valid while the options change.  Forms are pooled in
/// the engine for their room: `bypassed` holds a side's options after
/// bypassing, until they replace the side.
#[derive(Default)]
pub(super) struct Form {
    left: Vec<Id>,
    right: Vec<Id>,
    bypassed: [Vec<Id>; 2],
    below: FxHashMap<Id, bool>, // x -> x <= G
    above: FxHashMap<Id, bool>, // y -> G <= y
}

impl Form {
    fn emptied(mut self) -> Form {
        self.left.clear();
        self.right.clear();
        self.bypassed.iter_mut().for_each(Vec::clear);
        self.below.clear();
        self.above.clear();
        self
    }
}

/// Sort `ids` and drop repeats.
fn dedup(ids: &mut Vec<Id>) {
    ids.sort_unstable();
    ids.dedup();
}

impl Engine {
    /// The id of the canonical form of `{left | right}`, for canonical option ids.
    pub fn canon(&mut self, left: &[Id], right: &[Id]) -> Stoppable<Id> {
        if self.le_memo.len() > 2 * MEMO_LIMIT {
            self.le_memo.clear();
        }
        if left.iter().chain(right.iter()).all(|&g| self.is_number(g)) {
            let lo = left
                .iter()
                .filter_map(|&g| self.number_of(g))
                .max()
                .cloned();
            let hi = right
                .iter()
                .filter_map(|&g| self.number_of(g))
                .min()
                .cloned();
            return match (lo, hi) {
                (Some(lo), Some(hi)) if lo == hi => self.nus(Uptimal::classic(lo, 0, 1)),
                (Some(lo), Some(hi)) if lo > hi => {
                    let (l, r) = (self.number(lo)?, self.number(hi)?);
                    self.general(&[l], &[r])
                }
                (lo, hi) => self.number(simplest_number(lo.as_ref(), hi.as_ref())),
            };
        }
        let mut form = self.spare_forms.pop().unwrap_or_default();
        form.left.extend_from_slice(left);
        form.right.extend_from_slice(right);
        dedup(&mut form.left);
        dedup(&mut form.right);
        self.keep_undominated(&mut form.left, true)?;
        self.keep_undominated(&mut form.right, false)?;
        loop {
            let changed_left = self.bypass(&mut form, true)?;
            let changed_right = self.bypass(&mut form, false)?;
            if !(changed_left || changed_right) {
                break;
            }
            let [new_left, new_right] = &mut form.bypassed;
            std::mem::swap(&mut form.left, new_left);
            std::mem::swap(&mut form.right, new_right);
            dedup(&mut form.left);
            dedup(&mut form.right);
            self.keep_undominated(&mut form.left, true)?;
            self.keep_undominated(&mut form.right, false)?;
        }
        form.left.sort_unstable();
        form.right.sort_unstable();
        let ident = self.recognise(&form.left, &form.right);
        self.spare_forms.push(form.emptied());
        ident
    }

    /// Drop the dominated options of one side: a left option g when g <= h
    /// for another option h, a right one when h <= g.
    ///
    /// Distinct canonical ids are distinct values, so domination is strict
    /// and transitive: an option dominated by a dropped one is dominated by a
    /// kept one too, and comparing with the options still kept is enough.
    /// `g <= h` needs both stops of h at least those of g, a cheap filter.
    fn keep_undominated(&mut self, ids: &mut Vec<Id>, left: bool) -> Stoppable<()> {
        let mut i = 0;
        'options: while i < ids.len() {
            let g = ids[i];
            for j in 0..ids.len() {
                let h = ids[j];
                if h == g {
                    continue;
                }
                // (worse, better): a left option g goes when g <= h, a right one when h <= g.
                let (worse, better) = if left { (g, h) } else { (h, g) };
                let (ws, bs) = (self.stops(worse), self.stops(better));
                if bs.0 >= ws.0 && bs.1 >= ws.1 && self.le(worse, better)? {
                    ids.remove(i);
                    continue 'options;
                }
            }
            i += 1;
        }
        Ok(())
    }

    /// Bypass the reversible options of one side of `form` into
    /// `form.bypassed` (Left's, then Right's); whether any was reversible.
    ///
    /// Left: replace each G^L with some G^LR <= G by the G^LRL.  Right: replace
    /// each G^R with some G^RL >= G by the G^RLR.
    fn bypass(&mut self, form: &mut Form, left: bool) -> Stoppable<bool> {
        let mut out = std::mem::take(&mut form.bypassed[usize::from(!left)]);
        out.clear();
        let mut changed = false;
        let count = if left {
            form.left.len()
        } else {
            form.right.len()
        };
        'options: for k in 0..count {
            let g = if left { form.left[k] } else { form.right[k] };
            let (gl, gr) = self.spans(g)?;
            let answers = if left { gr } else { gl };
            for i in 0..answers.len {
                let h = self.at(answers, i);
                let reverses = if left {
                    self.form_ge(form, h)?
                } else {
                    self.form_le(form, h)?
                };
                if reverses {
                    let (hl, hr) = self.spans(h)?;
                    let replacement: Span = if left { hl } else { hr };
                    out.extend((0..replacement.len).map(|j| self.at(replacement, j)));
                    changed = true;
                    continue 'options;
                }
            }
            out.push(g);
        }
        form.bypassed[usize::from(!left)] = out;
        Ok(changed)
    }

    /// `x <= G`: no G^R <= x and no x^L >= G.
    fn form_ge(&mut self, form: &mut Form, x: Id) -> Stoppable<bool> {
        if let Some(&known) = form.below.get(&x) {
            return Ok(known);
        }
        let result = self.descend(|e| -> Stoppable<bool> {
            for i in 0..form.right.len() {
                if e.le(form.right[i], x)? {
                    return Ok(false);
                }
            }
            let (xl, _) = e.spans(x)?;
            for i in 0..xl.len {
                let g = e.at(xl, i);
                if e.form_le(form, g)? {
                    return Ok(false);
                }
            }
            Ok(true)
        })?;
        form.below.insert(x, result);
        Ok(result)
    }

    /// `G <= y`: no G^L >= y and no y^R <= G.
    fn form_le(&mut self, form: &mut Form, y: Id) -> Stoppable<bool> {
        if let Some(&known) = form.above.get(&y) {
            return Ok(known);
        }
        self.tick()?;
        let result = self.descend(|e| -> Stoppable<bool> {
            for i in 0..form.left.len() {
                if e.le(y, form.left[i])? {
                    return Ok(false);
                }
            }
            let (_, yr) = e.spans(y)?;
            for i in 0..yr.len {
                let g = e.at(yr, i);
                if e.form_ge(form, g)? {
                    return Ok(false);
                }
            }
            Ok(true)
        })?;
        form.above.insert(y, result);
        Ok(result)
    }

    /// Intern a canonical form, as its fast-path value when it is one.
    fn recognise(&mut self, lopts: &[Id], ropts: &[Id]) -> Stoppable<Id> {
        if lopts.is_empty() && ropts.is_empty() {
            return Ok(ZERO);
        }
        // A fast-path value's options are all fast-path values.
        let parts: Option<Vec<&Uptimal>> = lopts
            .iter()
            .chain(ropts.iter())
            .map(|&g| self.fast_path(g))
            .collect();
        let Some(parts) = parts else {
            return self.general(lopts, ropts);
        };
        let classic = if parts.iter().all(|u| u.higher.is_empty()) {
            classic_value(&parts[..lopts.len()], &parts[lopts.len()..], lopts == ropts)
        } else {
            None
        };
        if let Some(value) = classic {
            return self.nus(value);
        }
        if let Some(value) = self.recognise_uptimal(lopts, ropts)? {
            return self.nus(value);
        }
        self.general(lopts, ropts)
    }
}

/// The value `x + n.↑ + *m` whose canonical form has these options (all of that kind), if any.
fn classic_value(lparts: &[&Uptimal], rparts: &[&Uptimal], same: bool) -> Option<Uptimal> {
    let all = || lparts.iter().chain(rparts.iter());
    if lparts.len() <= 1 && rparts.len() <= 1 && all().all(|n| n.is_number()) {
        let (lo, hi) = (lparts.first().map(|n| &n.x), rparts.first().map(|n| &n.x));
        if lo.is_none() || hi.is_none() || lo < hi {
            return Some(Uptimal::number(simplest_number(lo, hi)));
        }
    }
    if same && lparts.iter().all(|n| n.ups == 0) {
        // x + *m = {x + *j | x + *j : j < m}
        let x = &lparts[0].x;
        let mut stars: Vec<u128> = lparts
            .iter()
            .filter(|n| &n.x == x)
            .map(|n| n.star)
            .collect();
        stars.sort_unstable();
        if stars.len() == lparts.len() && stars.iter().enumerate().all(|(j, &s)| s == j as u128) {
            return Some(Uptimal::classic(x.clone(), 0, stars.len() as u128));
        }
    }
    if let ([lp], [rp]) = (lparts, rparts) {
        // x + n.↑ + *m = {x | x + (n-1).↑ + *(m ⊕ 1)}, and its negative
        if lp.is_number() && rp.x == lp.x && rp.ups >= 0 && !rp.is_number() {
            return Some(Uptimal::classic(
                lp.x.clone(),
                rp.ups.checked_add(1)?,
                rp.star ^ 1,
            ));
        }
        if rp.is_number() && lp.x == rp.x && lp.ups <= 0 && !lp.is_number() {
            return Some(Uptimal::classic(
                rp.x.clone(),
                lp.ups.checked_sub(1)?,
                lp.star ^ 1,
            ));
        }
    }
    // x + ↑* = {x, x* | x} and x + ↓* = {x | x, x*}
    let (pair, single, ups) = if lparts.len() == 2 {
        (lparts, rparts, 1)
    } else {
        (rparts, lparts, -1)
    };
    if let ([p, q], [s]) = (pair, single) {
        let nimber = |star| Uptimal::classic(s.x.clone(), 0, star);
        if s.is_number()
            && ((**p == nimber(0) && **q == nimber(1)) || (**p == nimber(1) && **q == nimber(0)))
        {
            return Some(Uptimal::classic(s.x.clone(), ups, 1));
        }
    }
    None
}
