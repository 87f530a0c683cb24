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
//! (Domineering) or the same (Cram).  The search is `search.rs`'s.

use super::search::{search_of, AnySearch, Player, Rules, Search};
use crate::engine::Stoppable;

/// A region: its cells, with rows `width + 1` bits apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Region {
    pub(crate) cells: u128,
    pub(crate) width: u8,
}

impl Region {
    /// The board of empty cells `mask` (bit `r * (width + 1) + c` for cell (r, c)).
    pub fn board(mask: u128, width: u32) -> Region {
        Region {
            cells: mask,
            width: width as u8,
        }
    }

    pub(crate) fn stride(self) -> u32 {
        u32::from(self.width) + 1
    }
}

/// The dominoes one player places.
#[derive(Clone, Copy, Debug)]
pub struct Moves {
    pub vertical: bool,
    pub horizontal: bool,
}

/// A domino-placement ruleset: which dominoes each player places, and
/// whether a transposed region is worth the negative.  Its positions are
/// boards: a [`Region`] of empty cells with its row stride.
pub struct Placement {
    left: Moves,
    right: Moves,
    transpose_negates: bool,
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

pub(crate) fn neighbours(x: u128, stride: u32) -> u128 {
    (x << 1) | (x >> 1) | (x << stride) | (x >> stride)
}

/// The regions of `mask`: its 4-connected parts, cells with no neighbour dropped.
pub(crate) fn split(mask: u128, stride: u32) -> impl Iterator<Item = u128> {
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
pub(crate) fn translate(x: u128, stride: u32) -> u128 {
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
pub(crate) fn canonical_key(x: u128, stride: u32) -> (Region, bool) {
    let (p, q) = least_images(x, stride);
    // Python orders keys as `cells << 10 | width`: by cells, then width.
    if (q.cells, q.width) < (p.cells, p.width) {
        (q, true)
    } else {
        (p, false)
    }
}

/// The least of the four images of a translated region that keep rows as rows,
/// and the least of the four that turn rows into columns.
fn least_images(x: u128, stride: u32) -> (Region, Region) {
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
    (p, q)
}

impl Placement {
    pub fn new(rules: (Moves, Moves, bool)) -> Placement {
        Placement {
            left: rules.0,
            right: rules.1,
            transpose_negates: rules.2,
        }
    }

    /// Whether a transposed region has the negative value (Domineering), not the same (Cram).
    pub fn transpose_negates(&self) -> bool {
        self.transpose_negates
    }
}

/// The placement search behind handle `handle` of the engine's `searches`.
pub fn placement_search(
    searches: &mut [Box<dyn AnySearch>],
    handle: usize,
) -> Stoppable<&mut Search<Placement>> {
    search_of(searches, handle, "that is not a placement search")
}

impl Rules for Placement {
    type Position = Region;

    /// The regions of the board, each moved to row 0 and column 0.
    fn components(&self, board: &Region, out: &mut Vec<Region>) {
        let stride = board.stride();
        out.extend(split(board.cells, stride).map(|x| Region {
            cells: translate(x, stride),
            width: board.width,
        }));
    }

    fn canonical(&self, region: &Region) -> (Region, bool) {
        let (key, transposed) = canonical_key(region.cells, region.stride());
        (key, transposed && self.transpose_negates)
    }

    /// Where transposing negates (Domineering), a region is its own negative
    /// when one of its images that turn rows into columns is one that does not.
    fn self_negative(&self, region: &Region) -> bool {
        let (upright, turned) = least_images(region.cells, region.stride());
        self.transpose_negates && upright == turned
    }

    fn moves(&self, region: &Region, player: Player, out: &mut Vec<Region>) {
        let moves = match player {
            Player::Left => self.left,
            Player::Right => self.right,
        };
        let stride = region.stride();
        let m = region.cells;
        for (allowed, shift) in [(moves.vertical, stride), (moves.horizontal, 1)] {
            if !allowed {
                continue;
            }
            let mut v = m & (m >> shift);
            while v != 0 {
                let b = v & v.wrapping_neg();
                v ^= b;
                out.push(Region {
                    cells: m ^ b ^ (b << shift),
                    width: region.width,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dyadic::Dyadic;
    use crate::engine::{Engine, Id, Uptimal, ZERO};
    use crate::rulesets::search::Search;
    use num_bigint::BigInt;

    fn board(text: &str) -> (u128, u32) {
        encode(text.split('|')).unwrap()
    }

    fn value(engine: &mut Engine, rules: (Moves, Moves, bool), text: &str) -> Id {
        let (mask, width) = board(text);
        Search::new(Placement::new(rules), 1 << 20)
            .value(engine, &Region::board(mask, width))
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
    fn a_region_symmetric_about_a_diagonal_is_its_own_negative_in_domineering_only() {
        // Transposing swaps Domineering's players: a square, or a 2x2 less a corner, is
        // its own negative; a 3x2 board, or a 2x3 less a corner, is not.  In Cram
        // transposing negates nothing, so the rules tell nothing.
        let domineering = Placement::new(DOMINEERING);
        let cram = Placement::new(CRAM);
        for (text, expected) in [
            ("...|...|...", true),
            ("..|.#", true),
            ("#..|...|..#", true),
            ("..|..|..", false),
            ("...|..#", false),
        ] {
            let (mask, width) = board(text);
            let region = Region::board(mask, width);
            let (image, _) = domineering.canonical(&region);
            assert_eq!(domineering.self_negative(&image), expected, "{text}");
            assert!(!cram.self_negative(&image), "{text}");
        }
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
        let position = Region::board(mask, width);
        let big = Search::new(Placement::new(DOMINEERING), 1 << 20)
            .value(&mut e, &position)
            .unwrap();
        let mut small = Search::new(Placement::new(DOMINEERING), 8);
        for _ in 0..3 {
            assert_eq!(small.value(&mut e, &position).unwrap(), big);
        }
    }
}
