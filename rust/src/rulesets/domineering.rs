//! Domino placement on bitboards: Domineering and Cram (the twin of `cgt/rulesets/domineering.py`).
//!
//! A board is a `u128`, bit `r * (w + 1) + c` for cell (r, c) of a board of
//! width `w`: the spare bit per row keeps horizontal shifts from wrapping, so
//! all vertical dominoes are `m & (m >> (w + 1))` and all horizontal ones
//! `m & (m >> 1)`.  After a move the board splits into 4-connected regions
//! (cells with no empty neighbour dropped); the value is the sum of the
//! regions' values.  A region is stored under a canonical key: translated to
//! the corner and the least of its eight images under the symmetries of the
//! square; a mirror image has the same value, a transposed one the negative
//! (Domineering) or the same (Cram).  Regions are solved on an explicit stack
//! and their values are engine ids.

use crate::engine::{Engine, Id, Outcome, ZERO};
use rustc_hash::FxHashMap;

/// A region: its cells, with rows `width + 1` bits apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Region {
    cells: u128,
    width: u8,
}

impl Region {
    fn stride(self) -> u32 {
        u32::from(self.width) + 1
    }
}

/// The dominoes one player places.
#[derive(Clone, Copy, Debug)]
pub struct Moves {
    pub vertical: bool,
    pub horizontal: bool,
}

/// A domino-placement ruleset and its table of solved regions.
pub struct Placement {
    left: Moves,
    right: Moves,
    transpose_negates: bool,
    limit: usize,
    /// Regions (canonical, and raw ones met on the way) to engine ids.
    table: FxHashMap<Region, Id>,
    /// Raw regions to (canonical key, negated), until their value is known.
    keys: FxHashMap<Region, (Region, bool)>,
}

pub const DOMINEERING: (Moves, Moves, bool) = (
    Moves {
        vertical: true,
        horizontal: false,
    },
    Moves {
        vertical: false,
        horizontal: true,
    },
    true,
);
pub const CRAM: (Moves, Moves, bool) = (
    Moves {
        vertical: true,
        horizontal: true,
    },
    Moves {
        vertical: true,
        horizontal: true,
    },
    false,
);

/// The largest board: the bits of a `u128` with one spare column.
pub fn fits(height: u32, width: u32) -> bool {
    width < 127 && height.saturating_mul(width + 1) <= 128
}

/// `(mask, width)` of a board given as rows of equal length (`.` an empty cell,
/// anything else blocked), or None when it does not fit: bit `r * (width + 1) + c`
/// for empty cell (r, c).
pub fn encode<R: AsRef<[u8]>>(rows: impl IntoIterator<Item = R>) -> Option<(u128, u32)> {
    let mut mask = 0u128;
    let mut width = 0;
    for (r, row) in rows.into_iter().enumerate() {
        let row = row.as_ref();
        if r == 0 {
            width = u32::try_from(row.len()).ok()?;
        }
        let r = u32::try_from(r).ok()?;
        if row.len() != width as usize || !fits(r + 1, width) {
            return None;
        }
        for (c, &cell) in (0u32..).zip(row) {
            if cell == b'.' {
                mask |= 1u128 << (r * (width + 1) + c);
            }
        }
    }
    Some((mask, width))
}

fn neighbours(x: u128, stride: u32) -> u128 {
    (x << 1) | (x >> 1) | (x << stride) | (x >> stride)
}

/// The regions of `mask`: its 4-connected parts, cells with no neighbour dropped.
fn split(mask: u128, stride: u32) -> impl Iterator<Item = u128> {
    let mut alive = mask & neighbours(mask, stride);
    std::iter::from_fn(move || {
        if alive == 0 {
            return None;
        }
        let mut x = alive & alive.wrapping_neg();
        loop {
            let y = (x | neighbours(x, stride)) & alive;
            if y == x {
                break;
            }
            x = y;
        }
        alive ^= x;
        Some(x)
    })
}

/// Region `x` moved to row 0 and column 0.
fn translate(x: u128, stride: u32) -> u128 {
    let low_row = x.trailing_zeros() / stride;
    let mut x = x >> (low_row * stride);
    let row_mask = (1u128 << (stride - 1)) - 1;
    let mut used = 0u128;
    let mut z = x;
    while z != 0 {
        used |= z & row_mask;
        z >>= stride;
    }
    x >>= used.trailing_zeros();
    x
}

/// The rows of a translated region, first row first.
fn rows(mut x: u128, stride: u32) -> impl Iterator<Item = u128> + Clone {
    let row_mask = (1u128 << (stride - 1)) - 1;
    std::iter::from_fn(move || {
        (x != 0).then(|| {
            let row = x & row_mask;
            x >>= stride;
            row
        })
    })
}

/// `(key, transposed)`: the least of the eight images of a translated region,
/// and whether that image turns rows into columns.
fn canonical_key(x: u128, stride: u32) -> (Region, bool) {
    let rows = rows(x, stride);
    let width = 128
        - rows
            .clone()
            .fold(0u128, |used, row| used | row)
            .leading_zeros();
    let height = rows.clone().count() as u32;
    let mirror = |row: u128| {
        if width == 0 {
            0
        } else {
            row.reverse_bits() >> (128 - width)
        }
    };
    // Images keeping rows as rows, on stride width + 1.
    let s = width + 1;
    let (mut a, mut b, mut c, mut d) = (0u128, 0u128, 0u128, 0u128);
    // Images turning rows into columns, on stride height + 1.
    let t = height + 1;
    let (mut e, mut f, mut g, mut h) = (0u128, 0u128, 0u128, 0u128);
    let spread = |row: u128| {
        let mut y = 0u128;
        let mut bits = row;
        while bits != 0 {
            let col = bits.trailing_zeros();
            y |= 1u128 << (col * t);
            bits &= bits - 1;
        }
        y
    };
    for (i, row) in (0u32..).zip(rows) {
        let j = height - 1 - i;
        let reversed = mirror(row);
        a |= row << (i * s);
        b |= row << (j * s);
        c |= reversed << (i * s);
        d |= reversed << (j * s);
        let (y, ry) = (spread(row), spread(reversed));
        e |= y << i;
        f |= y << j;
        g |= ry << i;
        h |= ry << j;
    }
    let p = Region {
        cells: a.min(b).min(c).min(d),
        width: width as u8,
    };
    let q = Region {
        cells: e.min(f).min(g).min(h),
        width: height as u8,
    };
    // Python orders keys as `cells << 10 | width`: by cells, then width.
    if (q.cells, q.width) < (p.cells, p.width) {
        (q, true)
    } else {
        (p, false)
    }
}

/// A part of an option of a region being solved: its value, or a region still to solve.
enum Part {
    Known(Id),
    Region(Region),
}

/// A region's options, Left's and Right's, each a list of parts.
type Frame = (Vec<Vec<Part>>, Vec<Vec<Part>>);

impl Placement {
    pub fn new(rules: (Moves, Moves, bool), limit: usize) -> Placement {
        Placement {
            left: rules.0,
            right: rules.1,
            transpose_negates: rules.2,
            limit,
            table: FxHashMap::default(),
            keys: FxHashMap::default(),
        }
    }

    /// Whether a transposed region has the negative value (Domineering), not the same (Cram).
    pub fn transpose_negates(&self) -> bool {
        self.transpose_negates
    }

    pub fn clear(&mut self) {
        self.table.clear();
        self.keys.clear();
    }

    fn key(&self, x: u128, stride: u32) -> (Region, bool) {
        let (key, transposed) = canonical_key(x, stride);
        (key, transposed && self.transpose_negates)
    }

    /// The engine id of the board `mask` (empty cells, rows `width + 1` bits apart).
    ///
    /// The table is a cache: when it has passed its limit it is emptied before
    /// the next board (never during a search, whose frames rely on it).
    pub fn value(&mut self, engine: &mut Engine, mask: u128, width: u32) -> Outcome<Id> {
        if self.table.len() >= self.limit {
            self.clear();
        }
        let stride = width + 1;
        let mut total = ZERO;
        for x in split(mask, stride) {
            let (key, negated) = self.key(translate(x, stride), stride);
            let mut ident = self.solve(engine, key)?;
            if negated {
                ident = engine.neg(ident)?;
            }
            total = engine.add(total, ident)?;
        }
        Ok(total)
    }

    /// The value of a raw region's part, if known (recording it under the raw key too).
    fn lookup(&mut self, engine: &mut Engine, raw: Region) -> Outcome<Result<Id, Region>> {
        if let Some(&g) = self.table.get(&raw) {
            return Ok(Ok(g));
        }
        let (key, negated) = match self.keys.get(&raw) {
            Some(&known) => known,
            None => {
                let computed = self.key(raw.cells, raw.stride());
                self.keys.insert(raw, computed);
                computed
            }
        };
        let Some(&g) = self.table.get(&key) else {
            return Ok(Err(key));
        };
        let g = if negated { engine.neg(g)? } else { g };
        self.table.insert(raw, g);
        self.keys.remove(&raw);
        Ok(Ok(g))
    }

    /// The options of region `key` for one player, each as its parts.
    fn options(
        &mut self,
        engine: &mut Engine,
        key: Region,
        moves: Moves,
        missing: &mut Vec<Region>,
    ) -> Outcome<Vec<Vec<Part>>> {
        let stride = key.stride();
        let m = key.cells;
        let mut options = Vec::new();
        let shifts = [(moves.vertical, stride), (moves.horizontal, 1)];
        for (allowed, shift) in shifts {
            if !allowed {
                continue;
            }
            let mut v = m & (m >> shift);
            while v != 0 {
                let b = v & v.wrapping_neg();
                v ^= b;
                let after = m ^ b ^ (b << shift);
                let mut parts = Vec::new();
                for x in split(after, stride) {
                    let raw = Region {
                        cells: translate(x, stride),
                        width: key.width,
                    };
                    match self.lookup(engine, raw)? {
                        Ok(g) => parts.push(Part::Known(g)),
                        Err(canonical) => {
                            missing.push(canonical);
                            parts.push(Part::Region(raw));
                        }
                    }
                }
                options.push(parts);
            }
        }
        Ok(options)
    }

    /// The id of the sum of an option's parts, all of them known by now.
    fn option_value(&mut self, engine: &mut Engine, parts: &[Part]) -> Outcome<Result<Id, Region>> {
        let mut total = ZERO;
        for part in parts {
            let g = match part {
                Part::Known(g) => *g,
                Part::Region(raw) => match self.lookup(engine, *raw)? {
                    Ok(g) => g,
                    Err(missing) => return Ok(Err(missing)),
                },
            };
            total = engine.add(total, g)?;
        }
        Ok(Ok(total))
    }

    /// The id of canonical region `root`, solving the regions it needs first.
    fn solve(&mut self, engine: &mut Engine, root: Region) -> Outcome<Id> {
        let mut stack = vec![root];
        let mut pending: FxHashMap<Region, Frame> = FxHashMap::default();
        while let Some(&key) = stack.last() {
            engine.tick()?;
            if self.table.contains_key(&key) {
                stack.pop();
                continue;
            }
            let mut missing = Vec::new();
            let (lefts, rights) = match pending.remove(&key) {
                Some(frame) => frame,
                None => {
                    let lefts = self.options(engine, key, self.left, &mut missing)?;
                    let rights = self.options(engine, key, self.right, &mut missing)?;
                    (lefts, rights)
                }
            };
            if missing.is_empty() {
                let mut values = [
                    Vec::with_capacity(lefts.len()),
                    Vec::with_capacity(rights.len()),
                ];
                for (side, options) in [&lefts, &rights].into_iter().enumerate() {
                    for parts in options {
                        match self.option_value(engine, parts)? {
                            Ok(g) => values[side].push(g),
                            Err(region) => missing.push(region),
                        }
                    }
                }
                if missing.is_empty() {
                    let ident = engine.canon(&values[0], &values[1])?;
                    self.table.insert(key, ident);
                    stack.pop();
                    continue;
                }
            }
            pending.insert(key, (lefts, rights));
            stack.extend(missing);
        }
        self.table
            .get(&root)
            .copied()
            .ok_or(crate::engine::Stop::Invalid("a region left unsolved"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dyadic::Dyadic;
    use crate::engine::Uptimal;
    use num_bigint::BigInt;

    fn board(text: &str) -> (u128, u32) {
        encode(text.split('|')).unwrap()
    }

    fn value(engine: &mut Engine, rules: (Moves, Moves, bool), text: &str) -> Id {
        let (mask, width) = board(text);
        Placement::new(rules, 1 << 20)
            .value(engine, mask, width)
            .unwrap()
    }

    #[test]
    fn encode_sets_a_bit_per_empty_cell_with_a_spare_column() {
        assert_eq!(encode(["..", "#."]), Some((0b1_0011, 2)));
        assert_eq!(encode(["...", ".#."]), Some((0b101_0111, 3)));
        assert_eq!(encode(Vec::<&str>::new()), Some((0, 0)));
        // Ragged rows, and boards past 128 bits, are refused.
        assert_eq!(encode(["..", "."]), None);
        assert_eq!(encode(vec![".".repeat(11); 11]), None);
        assert_eq!(encode(vec![".".repeat(10); 11]).map(|(_, w)| w), Some(10));
    }

    #[test]
    fn small_domineering_values_from_winning_ways() {
        // A vertical domino is 1, a horizontal one -1; 2x2 is ±1; 3x2 (three rows of two) {1/2|-2}.
        let mut e = Engine::default();
        let one = e.number(Dyadic::int(1)).unwrap();
        assert_eq!(value(&mut e, DOMINEERING, ".|."), one);
        assert_eq!(
            value(&mut e, DOMINEERING, ".."),
            e.number(Dyadic::int(-1)).unwrap()
        );
        let pm1 = value(&mut e, DOMINEERING, "..|..");
        let minus_one = e.number(Dyadic::int(-1)).unwrap();
        assert_eq!(pm1, e.canon(&[one], &[minus_one]).unwrap());
        let half = e.number(Dyadic::new(BigInt::from(1), 1)).unwrap();
        let minus_two = e.number(Dyadic::int(-2)).unwrap();
        assert_eq!(
            value(&mut e, DOMINEERING, "..|..|.."),
            e.canon(&[half], &[minus_two]).unwrap()
        );
    }

    #[test]
    fn cram_values_are_nimbers() {
        // Cram: 3x3 is 0, 2x3 is * (Winning Ways; cgt's doctests).
        let mut e = Engine::default();
        assert_eq!(value(&mut e, CRAM, "...|...|..."), ZERO);
        let star = e.nus(Uptimal::classic(Dyadic::ZERO, 0, 1)).unwrap();
        assert_eq!(value(&mut e, CRAM, "...|..."), star);
    }

    #[test]
    fn symmetric_images_share_a_key() {
        let (l, w) = board("..#|...");
        let (m, v) = board("...|#..");
        assert_eq!(
            canonical_key(translate(l, w + 1), w + 1).0,
            canonical_key(translate(m, v + 1), v + 1).0
        );
        let (t, tw) = board("..|..|.#");
        let (key, transposed) = canonical_key(translate(t, tw + 1), tw + 1);
        let (own, own_transposed) = canonical_key(translate(l, w + 1), w + 1);
        assert_eq!(key, own);
        assert_ne!(transposed, own_transposed);
    }

    #[test]
    fn a_tiny_table_limit_gives_the_same_values() {
        let mut e = Engine::default();
        let (mask, width) = board("....|....|....");
        let big = Placement::new(DOMINEERING, 1 << 20)
            .value(&mut e, mask, width)
            .unwrap();
        let mut small = Placement::new(DOMINEERING, 8);
        for _ in 0..3 {
            assert_eq!(small.value(&mut e, mask, width).unwrap(), big);
        }
    }
}
