//! Ski Jumps (Winning Ways, chapter 2; the twin of `cgt/rulesets/ski_jumps.py`).
//!
//! A slope of rows, the top row first.  Left's skiers move east, Right's west;
//! each is a jumper (`L`, `R`) or a slipper (`l`, `r`).  A move is one skier's:
//! a slide any number of cells its own way over empty cells, or off the board
//! when the way to the edge is clear; or, a jumper only, a jump down over an
//! opposing skier just below it onto the empty cell below that, the skier
//! jumped over becoming a slipper.
//!
//! A slope splits into bands of rows that no jump can ever join, and a row no
//! jump reaches into parts that never meet (the proof is in the twin's
//! `SkiJumps.components`).  Mirroring the slope east to west with the players'
//! skiers swapped negates it.

use super::grid::{bits, flip, turn};
use super::search::{Player, Rules};

/// The most cells a slope may have: one bit a cell.
pub const MAX_CELLS: usize = 64;

/// A slope: `height` rows of `width` cells, bit `r * width + c` the cell of row
/// `r` (from the top) and column `c` (from the west) in each plane.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slope {
    height: u8,
    width: u8,
    /// Left's skiers.
    left: u64,
    /// Right's skiers.
    right: u64,
    /// The skiers that are jumpers; the others are slippers.
    jumpers: u64,
}

/// A row's skiers, as the bits of [`Slope::kinds`].
const LEFT_JUMPER: u8 = 1;
const LEFT_SLIPPER: u8 = 2;
const RIGHT_JUMPER: u8 = 4;
const RIGHT_SLIPPER: u8 = 8;
const LEFT_ANY: u8 = LEFT_JUMPER | LEFT_SLIPPER;
const RIGHT_ANY: u8 = RIGHT_JUMPER | RIGHT_SLIPPER;

impl Slope {
    /// The slope of `rows` (of one length; `.` empty, `L` `l` `R` `r` skiers), or
    /// None if it has another character, rows of two lengths, or more than [`MAX_CELLS`] cells.
    pub fn from_rows(rows: &[&[u8]]) -> Option<Slope> {
        let width = rows.first().map_or(0, |row| row.len());
        if rows.len() * width > MAX_CELLS || rows.iter().any(|row| row.len() != width) {
            return None;
        }
        let mut slope = Slope::empty(rows.len(), width);
        for (i, &cell) in rows.iter().flat_map(|row| row.iter()).enumerate() {
            let bit = 1u64 << i;
            match cell {
                b'.' => {}
                b'L' | b'l' => slope.left |= bit,
                b'R' | b'r' => slope.right |= bit,
                _ => return None,
            }
            if cell == b'L' || cell == b'R' {
                slope.jumpers |= bit;
            }
        }
        Some(slope)
    }

    fn empty(height: usize, width: usize) -> Slope {
        Slope {
            height: height as u8,
            width: width as u8,
            left: 0,
            right: 0,
            jumpers: 0,
        }
    }

    fn cells(&self) -> u32 {
        u32::from(self.height) * u32::from(self.width)
    }

    fn occupied(&self) -> u64 {
        self.left | self.right
    }

    /// How many skiers are on the slope.
    pub fn skiers(&self) -> u32 {
        self.occupied().count_ones()
    }

    /// The cells of row `r`.
    fn row(&self, r: usize) -> u64 {
        let width = u32::from(self.width);
        u64::MAX.checked_shr(64 - width).unwrap_or(0) << (r as u32 * width)
    }

    /// Each row's skiers, as bits `LEFT_JUMPER` ... `RIGHT_SLIPPER`.
    fn kinds(&self) -> Vec<u8> {
        (0..usize::from(self.height))
            .map(|r| {
                let row = self.row(r);
                let has = |plane: u64, kind: u8| if plane & row != 0 { kind } else { 0 };
                has(self.left & self.jumpers, LEFT_JUMPER)
                    | has(self.left & !self.jumpers, LEFT_SLIPPER)
                    | has(self.right & self.jumpers, RIGHT_JUMPER)
                    | has(self.right & !self.jumpers, RIGHT_SLIPPER)
            })
            .collect()
    }

    /// Rows `start..end` as a slope of their own.
    fn rows(&self, start: usize, end: usize) -> Slope {
        let width = usize::from(self.width);
        let keep = if (end - start) * width == 64 {
            u64::MAX
        } else {
            (1u64 << ((end - start) * width)) - 1
        };
        let take = |plane: u64| (plane >> (start * width)) & keep;
        Slope {
            height: (end - start) as u8,
            width: self.width,
            left: take(self.left),
            right: take(self.right),
            jumpers: take(self.jumpers),
        }
    }

    /// The cells `begin..end` of the one row of a one-row slope, as a slope of their own.
    fn columns(&self, begin: usize, end: usize) -> Slope {
        let keep = (u64::MAX >> (64 - (end - begin))) << begin;
        let take = |plane: u64| (plane & keep) >> begin;
        Slope {
            height: 1,
            width: (end - begin) as u8,
            left: take(self.left),
            right: take(self.right),
            jumpers: take(self.jumpers),
        }
    }

    /// The bands of rows that no move ever joins, as `(first row, end row)`:
    /// `kinds` over-approximates what each row may ever hold (what a jump from a
    /// row two above may bring), and rows `r`, `r + 1` are joined when a jump may
    /// start in row `r` or `r - 1` (see the twin's `SkiJumps._bands`).
    fn bands(&self) -> Vec<(usize, usize)> {
        let height = usize::from(self.height);
        let mut kinds = self.kinds();
        for r in 0..height.saturating_sub(2) {
            if kinds[r] & LEFT_JUMPER != 0 && kinds[r + 1] & RIGHT_ANY != 0 {
                kinds[r + 2] |= LEFT_JUMPER;
                kinds[r + 1] |= RIGHT_SLIPPER;
            }
            if kinds[r] & RIGHT_JUMPER != 0 && kinds[r + 1] & LEFT_ANY != 0 {
                kinds[r + 2] |= RIGHT_JUMPER;
                kinds[r + 1] |= LEFT_SLIPPER;
            }
        }
        let jumps: Vec<bool> = (0..height)
            .map(|r| {
                r + 2 < height
                    && (kinds[r] & LEFT_JUMPER != 0 && kinds[r + 1] & RIGHT_ANY != 0
                        || kinds[r] & RIGHT_JUMPER != 0 && kinds[r + 1] & LEFT_ANY != 0)
            })
            .collect();
        let mut bands = Vec::new();
        let mut start = 0;
        for r in 0..height {
            let joined = r + 1 < height && (jumps[r] || r >= 1 && jumps[r - 1]);
            if !joined {
                bands.push((start, r + 1));
                start = r + 1;
            }
        }
        bands
    }

    /// A one-row slope cut into the parts that never meet: between a Right skier
    /// and a Left one east of it (they move apart for ever), the cells west of a
    /// first skier that is Left's and east of a last one that is Right's dropped.
    fn row_parts(&self, out: &mut Vec<Slope>) {
        let skiers: Vec<usize> = bits(self.occupied()).collect();
        let is_left = |c: usize| self.left >> c & 1 != 0;
        let mut start = 0;
        let mut part = |begin: usize, end: usize| {
            let inside: Vec<usize> = skiers
                .iter()
                .copied()
                .filter(|&c| (begin..end).contains(&c))
                .collect();
            let (Some(&first), Some(&last)) = (inside.first(), inside.last()) else {
                return;
            };
            let begin = if is_left(first) { first } else { begin };
            let end = if is_left(last) { end } else { last + 1 };
            out.push(self.columns(begin, end));
        };
        for pair in skiers.windows(2) {
            if !is_left(pair[0]) && is_left(pair[1]) {
                part(start, pair[0] + 1);
                start = pair[1];
            }
        }
        part(start, usize::from(self.width));
    }

    /// The cells of the first and of the last column.
    fn edges(&self) -> (u64, u64) {
        let width = u32::from(self.width);
        let first = (0..u32::from(self.height)).fold(0u64, |acc, r| acc | 1 << (r * width));
        (first, first << (width - 1))
    }

    /// Whether either player can move: a skier with an empty cell (or the edge) next to it
    /// its way, or a jump.
    fn has_move(&self) -> bool {
        if self.occupied() == 0 {
            return false;
        }
        let (first, last) = self.edges();
        let width = u32::from(self.width);
        let empty = !self.occupied() & self.row_mask();
        let left_slides = self.left & last != 0 || (self.left << 1) & !first & empty != 0;
        let right_slides = self.right & first != 0 || (self.right >> 1) & !last & empty != 0;
        let jumps = |jumpers: u64, over: u64| {
            let above = jumpers.checked_shl(width).unwrap_or(0) & over;
            above.checked_shl(width).unwrap_or(0) & empty != 0
        };
        left_slides
            || right_slides
            || jumps(self.left & self.jumpers, self.right)
            || jumps(self.right & self.jumpers, self.left)
    }

    /// Every cell of the slope.
    fn row_mask(&self) -> u64 {
        u64::MAX.checked_shr(64 - self.cells()).unwrap_or(0)
    }

    /// The slope mirrored east to west, the players' skiers swapped: its negative.
    fn mirrored(&self) -> Slope {
        let (rows, cells) = (u32::from(self.height), self.cells());
        let mirror = |plane: u64| flip(turn(plane, cells), rows, u32::from(self.width));
        Slope {
            height: self.height,
            width: self.width,
            left: mirror(self.right),
            right: mirror(self.left),
            jumpers: mirror(self.jumpers),
        }
    }
}

/// Ski Jumps, as Winning Ways and cgt-tools define it.
#[derive(Clone)]
pub struct SkiJumps;

impl Rules for SkiJumps {
    type Position = Slope;

    /// The bands, a band of one row cut into its parts, each where somebody can move.
    fn components(&self, slope: &Slope, out: &mut Vec<Slope>) {
        let start = out.len();
        for (first, end) in slope.bands() {
            let band = slope.rows(first, end);
            if end - first == 1 {
                band.row_parts(out);
            } else {
                out.push(band);
            }
        }
        let mut k = start;
        while k < out.len() {
            if out[k].has_move() {
                k += 1;
            } else {
                out.swap_remove(k);
            }
        }
    }

    fn canonical(&self, slope: &Slope) -> (Slope, bool) {
        let mirrored = slope.mirrored();
        if mirrored < *slope {
            (mirrored, true)
        } else {
            (*slope, false)
        }
    }

    fn moves(&self, slope: &Slope, player: Player, out: &mut Vec<Slope>) {
        let (own, opposing) = match player {
            Player::Left => (slope.left, slope.right),
            Player::Right => (slope.right, slope.left),
        };
        let width = usize::from(slope.width);
        let height = usize::from(slope.height);
        let occupied = slope.occupied();
        let place = |mut after: Slope, i: usize, jumper: bool| {
            match player {
                Player::Left => after.left |= 1 << i,
                Player::Right => after.right |= 1 << i,
            }
            if jumper {
                after.jumpers |= 1 << i;
            }
            after
        };
        for i in bits(own) {
            let (r, c) = (i / width, i % width);
            let jumper = slope.jumpers >> i & 1 != 0;
            let mut lifted = *slope;
            lifted.left &= !(1 << i);
            lifted.right &= !(1 << i);
            lifted.jumpers &= !(1 << i);
            let mut to = c;
            loop {
                let next = match player {
                    Player::Left => to.checked_add(1).filter(|&n| n < width),
                    Player::Right => to.checked_sub(1),
                };
                match next {
                    Some(n) if occupied >> (r * width + n) & 1 == 0 => {
                        out.push(place(lifted, r * width + n, jumper));
                        to = n;
                    }
                    Some(_) => break,
                    None => {
                        out.push(lifted);
                        break;
                    }
                }
            }
            let (below, landing) = (i + width, i + 2 * width);
            if jumper
                && r + 2 < height
                && opposing >> below & 1 != 0
                && occupied >> landing & 1 == 0
            {
                let mut after = lifted;
                after.jumpers &= !(1 << below);
                out.push(place(after, landing, true));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dyadic::Dyadic;
    use crate::engine::{Engine, ZERO};
    use crate::rulesets::search::Search;

    fn slope(text: &str) -> Slope {
        let rows: Vec<&[u8]> = text.split('|').map(str::as_bytes).collect();
        Slope::from_rows(&rows).unwrap()
    }

    fn moves(text: &str, player: Player) -> Vec<Slope> {
        let mut out = Vec::new();
        SkiJumps.moves(&slope(text), player, &mut out);
        out.sort();
        out
    }

    fn sorted(texts: &[&str]) -> Vec<Slope> {
        let mut out: Vec<Slope> = texts.iter().map(|t| slope(t)).collect();
        out.sort();
        out
    }

    #[test]
    fn a_jumper_jumps_onto_an_empty_cell_and_demotes_the_skier_jumped_over() {
        assert_eq!(
            moves("L.|R.|..", Player::Left),
            sorted(&[".L|R.|..", "..|R.|..", "..|r.|L."])
        );
        assert_eq!(moves("L|R|L", Player::Left), sorted(&[".|R|L", "L|R|."]));
        assert_eq!(moves("l|R|.", Player::Left), sorted(&[".|R|."]));
        assert_eq!(
            moves("R.|L.|..", Player::Right),
            sorted(&["..|L.|..", "..|l.|R."])
        );
    }

    #[test]
    fn bands_and_row_parts_are_the_twins() {
        // The twin's docstring: L..R|....|r..L splits into L..R, r and L.
        let mut parts = Vec::new();
        SkiJumps.components(&slope("L..R|....|r..L"), &mut parts);
        assert_eq!(parts, vec![slope("L..R"), slope("r"), slope("L")]);
        parts.clear();
        SkiJumps.components(&slope("L.|R.|.."), &mut parts);
        assert_eq!(parts, vec![slope("L.|R.|..")]);
    }

    #[test]
    fn the_mirror_image_swaps_the_skiers() {
        assert_eq!(slope("L.r|.R.").mirrored(), slope("l.R|.L."));
        let (key, negated) = SkiJumps.canonical(&slope("..R"));
        assert_eq!(SkiJumps.canonical(&slope("L..")), (key, !negated));
    }

    #[test]
    fn winning_ways_example_is_nine_halves() {
        // Worked by hand in the twin's docstring: {4 | 5} = 9/2.
        let mut e = Engine::default();
        let mut search = Search::new(SkiJumps, 1 << 16);
        let value = search.value(&mut e, &slope("L....|R....|.....")).unwrap();
        assert_eq!(value, e.number(Dyadic::new(9.into(), 1)).unwrap());
        // Face to face, a gap of n: either player shrinks it to any smaller one, *n.
        let mut star = vec![ZERO];
        for n in 1..5 {
            let value = search
                .value(&mut e, &slope(&format!("L{}R", ".".repeat(n))))
                .unwrap();
            let expected = e.canon(&star, &star).unwrap();
            assert_eq!(value, expected, "a gap of {n}");
            star.push(expected);
        }
    }
}
