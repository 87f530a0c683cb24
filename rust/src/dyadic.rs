//! Dyadic rationals `m / 2^k`: the numbers of short games (the twin of `cgt/dyadic.py`).
//!
//! A value is held in lowest terms (`m` odd or `k = 0`).  Values whose numerator
//! fits an `i64` and whose exponent is at most 62 are stored inline and compared
//! and added in `i128`; the others fall back to `BigInt`, so every value stays
//! exact whatever its size.

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive};
use std::cmp::Ordering;

/// Largest exponent stored inline: `i64 << 62` still fits an `i128`.
const SMALL_EXP: u64 = 62;

/// An exact dyadic rational `num / 2^exp`, in lowest terms.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Dyadic {
    Small { num: i64, exp: u32 },
    Big(Box<(BigInt, u64)>),
}

impl Dyadic {
    pub const ZERO: Dyadic = Dyadic::Small { num: 0, exp: 0 };

    /// The integer `n`.
    pub fn int(n: i64) -> Dyadic {
        Dyadic::Small { num: n, exp: 0 }
    }

    /// `num / 2^exp`, reduced to lowest terms.
    pub fn new(num: BigInt, exp: u64) -> Dyadic {
        let (num, exp) = match num.trailing_zeros() {
            None => (num, 0),
            Some(zeros) => {
                let shift = zeros.min(exp);
                (num >> shift, exp - shift)
            }
        };
        match num.to_i64() {
            Some(small) if exp <= SMALL_EXP => Dyadic::Small {
                num: small,
                exp: exp as u32,
            },
            _ => Dyadic::Big(Box::new((num, exp))),
        }
    }

    /// `num / 2^exp` for an `i128` numerator, reduced.
    fn from_i128(num: i128, exp: u64) -> Dyadic {
        if num == 0 {
            return Dyadic::ZERO;
        }
        let shift = u64::from(num.trailing_zeros()).min(exp);
        let (num, exp) = (num >> shift, exp - shift);
        match i64::try_from(num) {
            Ok(small) if exp <= SMALL_EXP => Dyadic::Small {
                num: small,
                exp: exp as u32,
            },
            _ => Dyadic::Big(Box::new((BigInt::from(num), exp))),
        }
    }

    /// `n` times this number.
    pub fn times(&self, n: &BigInt) -> Dyadic {
        let (num, exp) = self.parts();
        Dyadic::new(num * n, exp)
    }

    /// The value as an `f64`, roughly (for heuristics, never for exact work).
    pub fn to_f64(&self) -> f64 {
        match self {
            Dyadic::Small { num, exp } => *num as f64 / 2f64.powi(*exp as i32),
            Dyadic::Big(big) => big.0.to_f64().unwrap_or(0.0) / 2f64.powi(big.1.min(1000) as i32),
        }
    }

    /// The numerator and the exponent of the denominator.
    pub fn parts(&self) -> (BigInt, u64) {
        match self {
            Dyadic::Small { num, exp } => (BigInt::from(*num), u64::from(*exp)),
            Dyadic::Big(big) => (big.0.clone(), big.1),
        }
    }

    /// The exponent `k` of the denominator `2^k`.
    pub fn exp(&self) -> u64 {
        match self {
            Dyadic::Small { exp, .. } => u64::from(*exp),
            Dyadic::Big(big) => big.1,
        }
    }

    pub fn is_integer(&self) -> bool {
        self.exp() == 0
    }

    pub fn signum(&self) -> i32 {
        match self {
            Dyadic::Small { num, .. } => num.signum() as i32,
            Dyadic::Big(big) => {
                if big.0.is_positive() {
                    1
                } else if big.0.is_negative() {
                    -1
                } else {
                    0
                }
            }
        }
    }

    pub fn is_zero(&self) -> bool {
        self.signum() == 0
    }

    pub fn neg(&self) -> Dyadic {
        match self {
            Dyadic::Small { num, exp } if *num != i64::MIN => Dyadic::Small {
                num: -num,
                exp: *exp,
            },
            _ => {
                let (num, exp) = self.parts();
                Dyadic::new(-num, exp)
            }
        }
    }

    pub fn add(&self, other: &Dyadic) -> Dyadic {
        if let (Dyadic::Small { num: a, exp: i }, Dyadic::Small { num: b, exp: j }) = (self, other)
        {
            let e = (*i).max(*j);
            let sum = (i128::from(*a) << (e - i)) + (i128::from(*b) << (e - j));
            return Dyadic::from_i128(sum, u64::from(e));
        }
        let ((a, i), (b, j)) = (self.parts(), other.parts());
        let e = i.max(j);
        Dyadic::new((a << (e - i)) + (b << (e - j)), e)
    }

    pub fn sub(&self, other: &Dyadic) -> Dyadic {
        self.add(&other.neg())
    }

    /// `x ± 2^-k` for `x = m / 2^k` (`± 1` for integers): the neighbours of `x`
    /// at its own level of the number tree, its canonical options.
    pub fn step(&self, up: bool) -> Dyadic {
        let delta: i64 = if up { 1 } else { -1 };
        match self {
            Dyadic::Small { num, exp } => {
                Dyadic::from_i128(i128::from(*num) + i128::from(delta), u64::from(*exp))
            }
            Dyadic::Big(big) => Dyadic::new(&big.0 + delta, big.1),
        }
    }

    /// Python's `hash` of the number (`hash(Fraction(num, 2**exp))`, 64-bit CPython):
    /// `num * 2^-exp` modulo `2^61 - 1`, with the sign of `num`, and -2 for -1.
    pub fn python_hash(&self) -> i64 {
        const MODULUS: u64 = (1 << 61) - 1;
        let (residue, exp, negative) = match self {
            Dyadic::Small { num, exp } => (num.unsigned_abs() % MODULUS, u64::from(*exp), *num < 0),
            Dyadic::Big(big) => (
                (big.0.magnitude() % MODULUS).to_u64().unwrap_or(0),
                big.1,
                big.0.is_negative(),
            ),
        };
        // 2^61 = 1 modulo 2^61 - 1, so the inverse of 2^exp is 2^(61 - exp mod 61).
        let inverse = 1u64 << ((61 - exp % 61) % 61);
        let hash = (u128::from(residue) * u128::from(inverse) % u128::from(MODULUS)) as i64;
        match if negative { -hash } else { hash } {
            -1 => -2,
            hash => hash,
        }
    }

    /// The greatest integer `<= self`.
    pub fn floor(&self) -> Dyadic {
        match self {
            Dyadic::Small { num, exp } => Dyadic::int(num >> exp),
            Dyadic::Big(big) => Dyadic::new(big.0.div_floor(&(BigInt::one() << big.1)), 0),
        }
    }

    /// The least integer `>= self`.
    pub fn ceil(&self) -> Dyadic {
        self.neg().floor().neg()
    }

    /// The day on which the number is born: `|n|` for an integer, `floor(|x|) + 1 + k`
    /// for `m / 2^k` in lowest terms with `k >= 1`.
    pub fn birthday(&self) -> BigInt {
        if let Some(born) = self.small_birthday() {
            return BigInt::from(born);
        }
        let (num, exp) = self.parts();
        let whole = num.abs() >> exp;
        if exp == 0 {
            whole
        } else {
            whole + 1 + BigInt::from(exp)
        }
    }

    /// The birthday of a number stored inline (it fits a `u64`), else None.
    pub fn small_birthday(&self) -> Option<u64> {
        match self {
            Dyadic::Small { num, exp } => {
                let whole = num.unsigned_abs() >> exp;
                Some(if *exp == 0 {
                    whole
                } else {
                    whole + 1 + u64::from(*exp)
                })
            }
            Dyadic::Big(_) => None,
        }
    }
}

impl Ord for Dyadic {
    /// Inlined where two small dyadics have one denominator (most comparisons: stops of
    /// games on the same day), else a call.
    #[inline]
    fn cmp(&self, other: &Dyadic) -> Ordering {
        match (self, other) {
            (Dyadic::Small { num: a, exp: i }, Dyadic::Small { num: b, exp: j }) if i == j => {
                a.cmp(b)
            }
            _ => self.cmp_unlike(other),
        }
    }
}

impl PartialOrd for Dyadic {
    #[inline]
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Dyadic {
    /// [`Dyadic::cmp`] of dyadics with different denominators, or big ones.
    fn cmp_unlike(&self, other: &Dyadic) -> Ordering {
        if let (Dyadic::Small { num: a, exp: i }, Dyadic::Small { num: b, exp: j }) = (self, other)
        {
            let e = (*i).max(*j);
            return (i128::from(*a) << (e - i)).cmp(&(i128::from(*b) << (e - j)));
        }
        let ((a, i), (b, j)) = (self.parts(), other.parts());
        let e = i.max(j);
        (a << (e - i)).cmp(&(b << (e - j)))
    }
}

/// The simplest number strictly between `lo` and `hi` (None: unbounded), for `lo < hi`.
///
/// The simplicity principle: `{a | b}` with numbers `a < b` is the number of least
/// birthday in the open interval `(a, b)`.
pub fn simplest_number(lo: Option<&Dyadic>, hi: Option<&Dyadic>) -> Dyadic {
    match (lo, hi) {
        (None, None) => Dyadic::ZERO,
        (None, Some(hi)) => hi.ceil().step(false).min(Dyadic::ZERO),
        (Some(lo), None) => lo.floor().step(true).max(Dyadic::ZERO),
        (Some(lo), Some(hi)) => {
            if lo.signum() < 0 && hi.signum() > 0 {
                return Dyadic::ZERO;
            }
            if hi.signum() <= 0 {
                return simplest_number(Some(&hi.neg()), Some(&lo.neg())).neg();
            }
            // 0 <= lo < hi: the least integer above lo if it is below hi, else the
            // dyadic of least denominator inside; if m/2^k lies inside so does
            // 2m/2^(k+1), so binary-search the least such k.
            let n = lo.floor().step(true);
            if &n < hi {
                return n;
            }
            let (mut low, mut high) = (0u64, lo.exp().max(hi.exp()) + 1);
            while high - low > 1 {
                let middle = (low + high) / 2;
                if &first_above(lo, middle) < hi {
                    high = middle;
                } else {
                    low = middle;
                }
            }
            first_above(lo, high)
        }
    }
}

/// The least multiple of `2^-k` above `lo`.
fn first_above(lo: &Dyadic, k: u64) -> Dyadic {
    if let Dyadic::Small { num, exp } = *lo {
        let (num, exp) = (i128::from(num), u64::from(exp));
        if k <= exp + 64 {
            let scaled = if k >= exp {
                num << (k - exp)
            } else {
                num >> (exp - k)
            };
            return Dyadic::from_i128(scaled + 1, k);
        }
    }
    let (num, exp) = lo.parts();
    let scaled = if k >= exp {
        num << (k - exp)
    } else {
        num.div_floor(&(BigInt::one() << (exp - k)))
    };
    Dyadic::new(scaled + 1, k)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(num: i64, exp: u64) -> Dyadic {
        Dyadic::new(BigInt::from(num), exp)
    }

    #[test]
    fn to_f64_is_the_value_for_small_and_big_numbers() {
        assert_eq!(d(3, 2).to_f64(), 0.75);
        assert_eq!(d(-5, 0).to_f64(), -5.0);
        // 2^70 + 1 over 2^70: past an i64 numerator, stored big; the nearest f64 is 1.
        let big = Dyadic::new((BigInt::from(1) << 70) + 1, 70);
        assert!(matches!(big, Dyadic::Big(_)));
        assert_eq!(big.to_f64(), 1.0);
    }

    #[test]
    fn values_are_reduced() {
        assert_eq!(d(6, 3), d(3, 2));
        assert_eq!(d(4, 2), Dyadic::int(1));
        assert_eq!(d(0, 5), Dyadic::ZERO);
    }

    #[test]
    fn sums_and_order_are_exact_beyond_i64() {
        let big = Dyadic::new(BigInt::from(1) << 200u32, 0);
        let tiny = Dyadic::new(BigInt::from(1), 300);
        let sum = big.add(&tiny);
        assert!(sum > big && sum.sub(&big) == tiny);
        assert!(Dyadic::int(i64::MAX).add(&Dyadic::int(1)) > Dyadic::int(i64::MAX));
        assert!(d(1, 62) > d(1, 63) && d(1, 63) > Dyadic::ZERO);
    }

    #[test]
    fn simplest_numbers_follow_the_number_tree() {
        // Examples of cgt/dyadic.py: (1/8, 1/4) -> 3/16, (3/2, 7/4) -> 13/8, (-, -5/2) -> -3.
        assert_eq!(simplest_number(Some(&d(1, 3)), Some(&d(1, 2))), d(3, 4));
        assert_eq!(simplest_number(Some(&d(3, 1)), Some(&d(7, 2))), d(13, 3));
        assert_eq!(simplest_number(None, Some(&d(-5, 1))), Dyadic::int(-3));
        assert_eq!(
            simplest_number(Some(&d(-1, 1)), Some(&d(3, 0))),
            Dyadic::ZERO
        );
        assert_eq!(simplest_number(Some(&Dyadic::int(2)), None), Dyadic::int(3));
        assert_eq!(
            simplest_number(Some(&Dyadic::ZERO), Some(&Dyadic::int(1))),
            d(1, 1)
        );
    }

    #[test]
    fn python_hash_is_the_hash_of_the_fraction() {
        // hash(Fraction(...)) in CPython 3.11 on a 64-bit machine.
        assert_eq!(d(1, 1).python_hash(), 1 << 60);
        assert_eq!(d(-3, 2).python_hash(), -1729382256910270464);
        assert_eq!(Dyadic::int(-1).python_hash(), -2);
        assert_eq!(d(25, 4).python_hash(), 1297036692682702849);
        assert_eq!(Dyadic::ZERO.python_hash(), 0);
        let two_to = |n: u32| BigInt::one() << n;
        assert_eq!(Dyadic::new(two_to(70), 0).python_hash(), 512);
        let odd = -(two_to(80) + BigInt::one());
        assert_eq!(Dyadic::new(odd, 100).python_hash(), -2199027449856);
    }

    #[test]
    fn birthdays_of_numbers() {
        // 25/16 is born on day 1 + 1 + 4 = 6; -3/4 on day 3.
        assert_eq!(d(25, 4).birthday(), BigInt::from(6));
        assert_eq!(d(-3, 2).birthday(), BigInt::from(3));
        assert_eq!(Dyadic::int(-7).birthday(), BigInt::from(7));
    }
}
