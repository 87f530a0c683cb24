//! Uptimals `x + a1.↑ + a2.↑<2> + ... + ak.↑<k> + *m`, held arithmetically (the
//! fast path of `cgt/short/uptimals.py`'s `UptimalExpansion`).
//!
//! Every uptimal's canonical form is known from its expansion (Siegel,
//! *Combinatorial Game Theory*, II.4; CGSuite's `uptimalExpansion2`), so the
//! engine stores an uptimal as its expansion and makes its options only when
//! asked.  Sums and negatives are computed on expansions, and so is the order:
//! for two uptimals with the same number part, `G <= H` exactly when
//! `H - G = *m.d1...dk` is 0 or, not being confused with 0, has its first
//! non-zero `di` positive.

use super::{Engine, Id, Stop, Stoppable};
use crate::dyadic::Dyadic;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::ToPrimitive;

/// `x + ups.↑ + a2.↑<2> + ... + *star`; `higher` holds `a2, a3, ...` without
/// trailing zeros (empty for the classic `x + n.↑ + *m`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Uptimal {
    pub x: Dyadic,
    pub ups: i128,
    pub star: u128,
    pub higher: Vec<i128>,
}

const OVERFLOW: Stop = Stop::Overflow("an uptimal coefficient beyond 2^127");

impl Uptimal {
    pub fn number(x: Dyadic) -> Uptimal {
        Uptimal::classic(x, 0, 0)
    }

    /// `x + ups.↑ + *star`.
    pub fn classic(x: Dyadic, ups: i128, star: u128) -> Uptimal {
        Uptimal {
            x,
            ups,
            star,
            higher: Vec::new(),
        }
    }

    /// The uptimal with coefficients `digits` (`a1, a2, ...`, trailing zeros allowed).
    pub fn from_digits(x: Dyadic, star: u128, digits: &[i128]) -> Uptimal {
        let length = digits.iter().rposition(|&a| a != 0).map_or(0, |i| i + 1);
        let digits = &digits[..length];
        Uptimal {
            x,
            star,
            ups: digits.first().copied().unwrap_or(0),
            higher: digits.iter().skip(1).copied().collect(),
        }
    }

    pub fn is_number(&self) -> bool {
        self.ups == 0 && self.star == 0 && self.higher.is_empty()
    }

    /// The coefficients `a1 ... ak` (`ak != 0`; none for `x + *m`).
    pub fn digits(&self) -> Vec<i128> {
        if self.ups == 0 && self.higher.is_empty() {
            return Vec::new();
        }
        let mut digits = vec![self.ups];
        digits.extend_from_slice(&self.higher);
        digits
    }

    /// `k`, the index of the last non-zero coefficient.
    pub fn length(&self) -> usize {
        if self.higher.is_empty() {
            usize::from(self.ups != 0)
        } else {
            self.higher.len() + 1
        }
    }

    pub fn add(&self, other: &Uptimal) -> Stoppable<Uptimal> {
        let (a, b) = (self.digits(), other.digits());
        let sum = (0..a.len().max(b.len()))
            .map(|i| {
                a.get(i)
                    .unwrap_or(&0)
                    .checked_add(*b.get(i).unwrap_or(&0))
                    .ok_or(OVERFLOW)
            })
            .collect::<Stoppable<Vec<i128>>>()?;
        Ok(Uptimal::from_digits(
            self.x.add(&other.x),
            self.star ^ other.star,
            &sum,
        ))
    }

    /// `n` copies of this uptimal: the number and every coefficient times `n`,
    /// the star kept when `n` is odd.
    pub fn times(&self, n: &BigInt) -> Stoppable<Uptimal> {
        let digits = self.digits();
        let factor = if digits.is_empty() {
            0
        } else {
            n.to_i128().ok_or(OVERFLOW)?
        };
        let digits = digits
            .iter()
            .map(|a| a.checked_mul(factor).ok_or(OVERFLOW))
            .collect::<Stoppable<Vec<i128>>>()?;
        let star = if n.is_odd() { self.star } else { 0 };
        Ok(Uptimal::from_digits(self.x.times(n), star, &digits))
    }

    pub fn neg(&self) -> Stoppable<Uptimal> {
        let digits = self
            .digits()
            .iter()
            .map(|a| a.checked_neg().ok_or(OVERFLOW))
            .collect::<Stoppable<Vec<i128>>>()?;
        Ok(Uptimal::from_digits(self.x.neg(), self.star, &digits))
    }

    /// Whether the infinitesimal part `*m.a1...ak` is confused with 0 (CGSuite's `isConfused`).
    fn confused(star: u128, digits: &[i128]) -> bool {
        if star == 0 {
            return false;
        }
        if digits.first().is_none_or(|&a| a == 0) {
            return true;
        }
        if star >= 2 {
            return false;
        }
        // *.a1...ak with a1 != 0: confused until a coefficient passes ±1 in a1's direction.
        let positive = digits[0] > 0;
        for &a in digits {
            if (positive && a > 1) || (!positive && a < -1) {
                return false;
            }
            if (positive && a < 1) || (!positive && a > -1) {
                return true;
            }
        }
        true
    }

    /// `self <= other` in the game order, both uptimals.
    pub fn le(&self, other: &Uptimal) -> Stoppable<bool> {
        if self.x != other.x {
            return Ok(self.x < other.x);
        }
        let difference = other.add(&self.neg()?)?;
        let digits = difference.digits();
        if digits.is_empty() && difference.star == 0 {
            return Ok(true);
        }
        if Uptimal::confused(difference.star, &digits) {
            return Ok(false);
        }
        Ok(digits.iter().find(|&&a| a != 0).is_some_and(|&a| a > 0))
    }

    /// `a1 ... aT` with the same number and nimber parts.
    fn truncated(&self, digits: &[i128], t: usize) -> Uptimal {
        Uptimal::from_digits(self.x.clone(), self.star, &digits[..t.min(digits.len())])
    }

    /// Each of `a1 ... a_to` plus one (new places 1), with the star toggled.
    fn incremented(&self, to: usize) -> Stoppable<Uptimal> {
        let mut digits = self.digits();
        digits.resize(digits.len().max(to), 0);
        for a in digits.iter_mut().take(to) {
            *a = a.checked_add(1).ok_or(OVERFLOW)?;
        }
        Ok(Uptimal::from_digits(self.x.clone(), self.star ^ 1, &digits))
    }

    /// The canonical options of an uptimal with `k >= 2` and `ak > 0`, as values.
    ///
    /// Its one right option is `x*(m⊕1).(a1-1)...(ak-1)`.  With `J` the last
    /// index of a coefficient <= 0 and `cut = k - 1` when `ak = 1` (else `J`),
    /// its left options are: (a) when some `ai < 0`, `j` the last such,
    /// `x*(m⊕1).(a1+1)...(aj+1)` and the expansion cut; (b) when `a1 = 0`,
    /// `x, x*, ..., x*(m-1)` and the expansion cut; (c) when `a1 = 1` and the
    /// infinitesimal part is confused with 0, `x` and the expansion cut;
    /// (d) otherwise the expansion cut alone, its star dropped when no
    /// coefficient is left.
    fn positive_options(&self) -> Stoppable<(Vec<Uptimal>, Vec<Uptimal>)> {
        let digits = self.digits();
        let k = digits.len();
        let minus_one = digits
            .iter()
            .map(|a| a.checked_sub(1).ok_or(OVERFLOW))
            .collect::<Stoppable<Vec<i128>>>()?;
        let right = vec![Uptimal::from_digits(
            self.x.clone(),
            self.star ^ 1,
            &minus_one,
        )];
        let last_at_most = |bound: i128| {
            digits
                .iter()
                .rposition(|&a| a <= bound)
                .map_or(0, |i| i + 1)
        };
        let cut = if digits[k - 1] == 1 {
            k - 1
        } else {
            last_at_most(0)
        };
        let last_negative = last_at_most(-1);
        let truncation = self.truncated(&digits, cut);
        let left = if last_negative > 0 {
            let first = self.truncated(&digits, last_negative);
            vec![first.incremented(first.length())?, truncation]
        } else if digits[0] == 0 {
            let mut left: Vec<Uptimal> = (0..self.star)
                .map(|j| Uptimal::classic(self.x.clone(), 0, j))
                .collect();
            left.push(truncation);
            left
        } else if digits[0] == 1 && Uptimal::confused(self.star, &digits) {
            vec![Uptimal::number(self.x.clone()), truncation]
        } else if truncation.length() == 0 {
            vec![Uptimal::number(self.x.clone())]
        } else {
            vec![truncation]
        };
        Ok((left, right))
    }

    /// The canonical options of an uptimal with `k >= 2`, as values.
    pub fn higher_options(&self) -> Stoppable<(Vec<Uptimal>, Vec<Uptimal>)> {
        if self.higher.last().is_some_and(|&a| a > 0) {
            return self.positive_options();
        }
        let (left, right) = self.neg()?.positive_options()?;
        let negate = |side: Vec<Uptimal>| {
            side.iter()
                .map(Uptimal::neg)
                .collect::<Stoppable<Vec<Uptimal>>>()
        };
        Ok((negate(right)?, negate(left)?))
    }

    /// A bound on the depth of recursion through the options (the birthday, at most).
    pub fn depth_bound(&self) -> u128 {
        let places = self
            .digits()
            .iter()
            .enumerate()
            .fold(0u128, |total, (i, a)| {
                total.saturating_add(a.unsigned_abs().saturating_mul(i as u128 + 2))
            });
        places
            .saturating_add(self.star)
            .saturating_add(u128::from(self.x.exp()) + 2)
    }
}

impl Engine {
    /// Intern a list of uptimal values.
    fn intern_all(&mut self, values: Vec<Uptimal>) -> Stoppable<Vec<Id>> {
        values.into_iter().map(|u| self.nus(u)).collect()
    }

    /// The canonical option ids of an uptimal with `k >= 2`.
    pub(super) fn higher_uptimal_options(&mut self, u: &Uptimal) -> Stoppable<(Vec<Id>, Vec<Id>)> {
        let (left, right) = u.higher_options()?;
        Ok((self.intern_all(left)?, self.intern_all(right)?))
    }

    /// The uptimal with `k >= 2` whose canonical form is `{lopts | ropts}`, if there is one.
    ///
    /// With `ak > 0` there is one right option, `x*(m⊕1).(a1-1)...(ak-1)`, so it
    /// gives the candidates (`ak >= 2`: add 1 to each of its coefficients; `ak = 1`:
    /// add 1 up to a longer length), and a candidate is the value when its own
    /// options are exactly these; `ak < 0` is the same for the negative.
    pub(super) fn recognise_uptimal(
        &mut self,
        lopts: &[Id],
        ropts: &[Id],
    ) -> Stoppable<Option<Uptimal>> {
        for negated in [false, true] {
            let (lside, rside) = if negated {
                (ropts, lopts)
            } else {
                (lopts, ropts)
            };
            let [single] = rside else { continue };
            let value = |e: &mut Engine, g: Id| -> Stoppable<Option<Uptimal>> {
                match e.fast_path(g).cloned() {
                    Some(u) if negated => u.neg().map(Some),
                    other => Ok(other),
                }
            };
            let Some(r) = value(self, *single)? else {
                return Ok(None);
            };
            let mut longest = 0;
            for &g in lside {
                match value(self, g)? {
                    Some(l) if l.x == r.x => longest = longest.max(l.length()),
                    _ => return Ok(None),
                }
            }
            let mut candidates = Vec::new();
            if r.digits().last().is_some_and(|&a| a > 0) {
                candidates.push(r.incremented(r.length())?);
            }
            candidates.push(r.incremented(r.length().max(longest) + 1)?);
            for candidate in candidates.into_iter().filter(|c| c.length() >= 2) {
                let (mut left, mut right) = self.higher_uptimal_options(&candidate)?;
                if negated {
                    (left, right) = (self.negate_all(&right)?, self.negate_all(&left)?);
                }
                left.sort_unstable();
                right.sort_unstable();
                if left == lopts && right == ropts {
                    return Ok(Some(if negated { candidate.neg()? } else { candidate }));
                }
            }
        }
        Ok(None)
    }

    fn negate_all(&mut self, ids: &[Id]) -> Stoppable<Vec<Id>> {
        ids.iter().map(|&g| self.neg(g)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ZERO;

    fn up_nth(e: &mut Engine, n: usize) -> Id {
        let mut digits = vec![0; n];
        digits[n - 1] = 1;
        e.nus(Uptimal::from_digits(Dyadic::ZERO, 0, &digits))
            .unwrap()
    }

    #[test]
    fn up_second_is_zero_or_down_star_and_its_form_is_recognised() {
        // ↑<2> = ↑² = {0 | ↓*} (Winning Ways, ch. 9; Siegel II.4).
        let mut e = Engine::default();
        let up2 = up_nth(&mut e, 2);
        let down_star = e.nus(Uptimal::classic(Dyadic::ZERO, -1, 1)).unwrap();
        assert_eq!(e.left(up2).unwrap(), &[ZERO]);
        assert_eq!(e.right(up2).unwrap(), &[down_star]);
        assert_eq!(e.canon(&[ZERO], &[down_star]).unwrap(), up2);
        let minus = e.neg(up2).unwrap();
        assert_eq!(e.add(up2, minus).unwrap(), ZERO);
    }

    #[test]
    fn up_second_is_positive_and_smaller_than_up() {
        let mut e = Engine::default();
        let (up, up2) = (up_nth(&mut e, 1), up_nth(&mut e, 2));
        assert!(e.le(ZERO, up2).unwrap() && !e.le(up2, ZERO).unwrap());
        assert!(e.le(up2, up).unwrap() && !e.le(up, up2).unwrap());
    }

    #[test]
    fn expansions_add_coefficientwise_and_trim_trailing_zeros() {
        let a = Uptimal::from_digits(Dyadic::int(1), 3, &[1, -2, 0, 4]);
        let b = Uptimal::from_digits(Dyadic::int(-1), 1, &[0, 2, 0, -4, 0]);
        let sum = a.add(&b).unwrap();
        assert_eq!(sum, Uptimal::classic(Dyadic::ZERO, 1, 2));
        assert_eq!(
            a.add(&a.neg().unwrap()).unwrap(),
            Uptimal::number(Dyadic::ZERO)
        );
    }
}
