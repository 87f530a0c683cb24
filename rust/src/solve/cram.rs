//! Cram for the nimber search: domino placement on bitboards, and the mirror strategy as a theorem.
//!
//! A search works in one frame, the board's turned to be at least as wide as
//! high: rows `stride` bits apart in a [`Plane`] (a `u64` when the board fits,
//! else a `u128`), a spare bit past each row's last cell so that shifts by one
//! never wrap into the next row.  A component is a set of 4-connected empty
//! cells of that frame in its standard place and orientation (see
//! [`Cram::standard`]), and is its own key: 8 or 16 bytes.  Two equal
//! components of one option cancel (their nim-sum is 0).
//!
//! The mirror strategy (Tweedledum and Tweedledee): if an involution σ of the
//! plane maps a position `S` onto itself and no domino of `S` meets its own
//! image, the second player answers every move `m` by `σ(m)` — still empty,
//! since `m` and `σ(m)` are disjoint — and the position stays symmetric, so
//! `S` is worth 0.  No domino meets its image exactly when no cell with an
//! empty neighbour is fixed by σ or sent to a neighbour.  If instead σ fixes a
//! domino `m` of `S` and `S - m` satisfies that condition, the first player
//! plays `m` and then mirrors: `S` is not worth 0.  The even-by-even board
//! (σ the half turn) and the even-by-odd one (`m` the central domino) are
//! the classic cases; the search asks it of every component.

use super::nimber::{Impartial, More, Theorem};
use crate::rulesets::domineering::neighbours;
use crate::rulesets::grid::Plane;

/// Cram (both players place a domino either way) as an impartial game, in the
/// frame of one board: rows `stride` bits apart in a `P`.
#[derive(Clone)]
pub struct Cram<P> {
    stride: usize,
    /// The cells of one row (the `stride - 1` low bits).
    row: P,
    /// Every cell of the frame (no spare bit).
    frame: P,
    /// The dominoes of each box of `height` rows of `width` cells (at `height * stride +
    /// width`), nearest the box's centre first (they split a component most often), as
    /// `vertical << 7 | its first cell`.
    orders: Vec<Vec<u8>>,
}

impl<P: Plane> Cram<P> {
    /// The search frame of the board `rows` (`.` an empty cell, anything else filled;
    /// rows of one length) and the board's empty cells in it, the board turned a
    /// quarter if it is higher than wide; None if the frame does not fit in a `P`.
    pub fn board<R: AsRef<[u8]>>(rows: &[R]) -> Option<(Cram<P>, P)> {
        let height = rows.len();
        let width = rows.first().map_or(0, |row| row.as_ref().len());
        if rows.iter().any(|row| row.as_ref().len() != width) {
            return None;
        }
        let turned = height > width;
        let (frame_height, frame_width) = if turned {
            (width, height)
        } else {
            (height, width)
        };
        let stride = frame_width + 1;
        if frame_height * stride > P::CELLS {
            return None;
        }
        let row = (P::one() << (stride - 1)) - P::one();
        let mut frame = P::zero();
        for r in 0..P::CELLS / stride {
            frame = frame | (row << (r * stride));
        }
        let orders = (0..=frame_height)
            .flat_map(|height| (0..stride).map(move |width| centre_first(height, width, stride)))
            .collect();
        let cram = Cram {
            stride,
            row,
            frame,
            orders,
        };
        let mut cells = P::zero();
        for (r, row) in rows.iter().enumerate() {
            for (c, &cell) in row.as_ref().iter().enumerate() {
                if cell == b'.' {
                    let (fr, fc) = if turned { (c, r) } else { (r, c) };
                    cells = cells | (P::one() << (fr * stride + fc));
                }
            }
        }
        Some((cram, cells))
    }

    fn neighbours(&self, x: P) -> P {
        let s = self.stride;
        (x << 1) | (x >> 1) | (x << s) | (x >> s)
    }

    /// Row `r` of `x`, in the low bits.
    fn row_of(&self, x: P, r: usize) -> P {
        (x >> (r * self.stride)) & self.row
    }

    /// The height of `x` (translated to row 0) and the union of its rows.
    fn rows_used(&self, x: P) -> (usize, P) {
        let mut used = P::zero();
        let mut height = 0;
        let mut rest = x;
        while rest != P::zero() {
            used = used | (rest & self.row);
            rest = rest >> self.stride;
            height += 1;
        }
        (height, used)
    }

    /// The standard form of the region `x`: translated to the corner, its box
    /// turned to be at least as wide as high, then the least of the images that
    /// keep that shape (four, or eight for a square box).  Any function of the
    /// symmetry class would do; this one seldom transposes, the costly image.
    fn standard(&self, x: P) -> P {
        let s = self.stride;
        let x = x >> (x.trailing_zeros() as usize / s * s);
        let (height, used) = self.rows_used(x);
        let left = used.trailing_zeros() as usize;
        let x = x >> left;
        let width = P::CELLS - used.leading_zeros() as usize - left;
        let wide = self.least_unturned(x, height, width);
        if height < width {
            return wide;
        }
        let turned = self.least_unturned(self.transposed(x, height, width), width, height);
        if height > width {
            turned
        } else {
            wide.min(turned)
        }
    }

    /// The least of the four images of the region `x` (in the corner, `height`
    /// rows of `width` cells) that keep rows as rows: as it is, upside down,
    /// mirrored, and both (turned half round).
    fn least_unturned(&self, x: P, height: usize, width: usize) -> P {
        let upside_down = self.upside_down(x, height);
        x.min(upside_down)
            .min(self.half_turned(x, height, width))
            .min(self.half_turned(upside_down, height, width))
    }

    /// The region `x` (in the corner, `height` rows) upside down.
    fn upside_down(&self, x: P, height: usize) -> P {
        let mut image = P::zero();
        for r in 0..height {
            image = image | (self.row_of(x, r) << ((height - 1 - r) * self.stride));
        }
        image
    }

    /// The region `x` (in the corner, `height` rows of `width` cells) turned half
    /// round: all the bits reversed, bit r*s + c going to CELLS - 1 - r*s - c,
    /// then moved down to (height-1-r)*s + width-1-c.
    fn half_turned(&self, x: P, height: usize, width: usize) -> P {
        x.reverse_bits() >> (P::CELLS - (height - 1) * self.stride - width)
    }

    /// Whether one of the plane's involutions maps the region `x` (in the corner) onto itself.
    fn symmetric(&self, x: P) -> bool {
        let (height, used) = self.rows_used(x);
        let width = P::CELLS - used.leading_zeros() as usize;
        let upside_down = self.upside_down(x, height);
        if upside_down == x
            || self.half_turned(x, height, width) == x
            || self.half_turned(upside_down, height, width) == x
        {
            return true;
        }
        if height != width {
            return false;
        }
        let transposed = self.transposed(x, height, width);
        transposed == x || self.half_turned(transposed, height, width) == x
    }

    /// The region `x` (in the corner, `height` rows of `width` cells) reflected in
    /// its diagonal: `width` rows of `height` cells.  A box within 8x8 is turned as
    /// one 64-bit matrix (three swaps of bit blocks).
    fn transposed(&self, x: P, height: usize, width: usize) -> P {
        let s = self.stride;
        let mut turned = P::zero();
        if height <= 8 && width <= 8 {
            let mut m = 0u64;
            for r in 0..height {
                m |= (self.row_of(x, r).widen() as u64) << (8 * r);
            }
            let mut t = (m ^ (m >> 7)) & 0x00aa_00aa_00aa_00aa;
            m ^= t ^ (t << 7);
            t = (m ^ (m >> 14)) & 0x0000_cccc_0000_cccc;
            m ^= t ^ (t << 14);
            t = (m ^ (m >> 28)) & 0x0000_0000_f0f0_f0f0;
            m ^= t ^ (t << 28);
            for c in 0..width {
                turned = turned | (P::narrow(u128::from((m >> (8 * c)) & 0xff)) << (c * s));
            }
            return turned;
        }
        let mut rest = x;
        while rest != P::zero() {
            let i = rest.trailing_zeros() as usize;
            rest = rest & (rest - P::one());
            let (r, c) = (i / s, i % s);
            turned = turned | (P::one() << (c * s + r));
        }
        turned
    }

    /// `cells` with the cells that cannot change its nimber removed, until none is left.
    ///
    /// A *tuft* is a cell with exactly one empty neighbour, its *centre*.  A cell
    /// `b` all of whose neighbours are centres of tufts other than `b` can go:
    /// the move `{b, c}` leaves what `{t, c}` leaves once `b` is gone (`t`, the
    /// tuft of `c`, then has no neighbour), and every other move keeps `b`'s
    /// neighbours centres of their tufts, so by induction the options of the
    /// position with and without `b` have the same nimbers.  Two such cases: a
    /// centre's second tuft (keep one tuft per centre), and a cell all of whose
    /// neighbours are centres (no tuft of its own).
    fn reduced(&self, mut cells: P) -> P {
        let s = self.stride;
        loop {
            let right = cells & (cells >> 1);
            let left = cells & (cells << 1);
            let down = cells & (cells >> s);
            let up = cells & (cells << s);
            let any = right | left | down | up;
            let two = (right & left) | (down & up) | ((right | left) & (down | up));
            let tufts = any & !two;
            let centres = cells & self.neighbours(tufts);
            // Each centre keeps its first tuft, met looking left, right, up, down from the tufts.
            let mut seen = (tufts & left) >> 1;
            let of = (tufts & right) << 1;
            let mut extra = (of & seen) >> 1;
            seen = seen | of;
            let of = (tufts & up) >> s;
            extra = extra | ((of & seen) << s);
            seen = seen | of;
            let of = (tufts & down) << s;
            extra = extra | ((of & seen) >> s);
            let others = cells & !(tufts | centres);
            let bridges = others & !self.neighbours(others);
            let next = cells & !(extra | bridges);
            if next == cells {
                return cells;
            }
            cells = next;
        }
    }

    /// The left cells of the horizontal dominoes of `cells` that need not be played:
    /// those of a 2x2 block whose two opposite corners have no empty neighbour
    /// outside it.
    ///
    /// In such a block (say the top-left and bottom-right corners are sealed), the
    /// top horizontal domino leaves the bottom-right cell hanging on the bottom-left
    /// one, as the right vertical domino leaves the top-left cell: the same
    /// position.  Likewise the bottom horizontal domino and the left vertical one.
    /// So the game is played on the grid less those two horizontal links, and the
    /// block may split the position into components along them.  Sealed blocks
    /// never overlap (a cell of one would be a sealed corner's empty outside
    /// neighbour in the other).  (The pruning of Beling's Cram solver.)
    fn unplayed(&self, cells: P) -> P {
        let s = self.stride;
        let right = cells >> 1;
        let left = cells << 1;
        let below = cells >> s;
        let above = cells << s;
        let open_right = cells & right & !left;
        let open_left = cells & left & !right;
        let open_below = below & !above;
        let open_above = above & !below;
        // Bottom-left cells of the blocks sealed at the top-left and bottom-right corners ...
        let falling = ((open_right & open_below) << s) & ((open_left & open_above) >> 1);
        // ... and of those sealed at the top-right and bottom-left corners.
        let rising = ((open_left & open_below) << (s - 1)) & open_right & open_above;
        let bottoms = falling | rising;
        bottoms | (bottoms >> s)
    }

    /// The components of `cells` on the grid less the unplayed horizontal links
    /// (see [`Cram::unplayed`]), cells with no playable neighbour dropped.
    fn components_of(&self, cells: P) -> impl Iterator<Item = P> + '_ {
        let s = self.stride;
        let linked = cells & !self.unplayed(cells);
        let reach = move |x: P| ((x & linked) << 1) | ((x >> 1) & linked) | (x << s) | (x >> s);
        let mut alive = cells & reach(cells);
        std::iter::from_fn(move || {
            if alive == P::zero() {
                return None;
            }
            let mut x = alive & (!alive + P::one());
            loop {
                let y = (x | reach(x)) & alive;
                if y == x {
                    break;
                }
                x = y;
            }
            alive = alive ^ x;
            Some(x)
        })
    }

    /// The components of the position `cells`, each reduced (see [`Cram::reduced`])
    /// and in standard form, appended to the option `parts[start..]` (twins cancel).
    /// A component split off along unplayed links is reduced again on its own, and
    /// split again if that changed it.
    fn split_into(&self, cells: P, parts: &mut Vec<P>, start: usize) {
        let whole = self.reduced(cells);
        for x in self.components_of(whole) {
            let alone = if x == whole { x } else { self.reduced(x) };
            if alone == x {
                push_or_cancel(parts, start, self.standard(x));
            } else {
                self.split_into(alone, parts, start);
            }
        }
    }
}

/// The dominoes of a box of `height` rows of `width` cells, rows `stride` bits apart,
/// as `vertical << 7 | first cell`, by distance from the box's centre (then
/// horizontal first, then by first cell).
fn centre_first(height: usize, width: usize, stride: usize) -> Vec<u8> {
    let mut moves: Vec<(usize, u8)> = Vec::new();
    for (dr, dc) in [(1, 0), (0, 1)] {
        for r in 0..height.saturating_sub(dr) {
            for c in 0..width.saturating_sub(dc) {
                let off_centre =
                    (2 * r + dr).abs_diff(height - 1) + (2 * c + dc).abs_diff(width - 1);
                moves.push((off_centre, (dr << 7 | (r * stride + c)) as u8));
            }
        }
    }
    moves.sort_unstable();
    moves.into_iter().map(|(_, code)| code).collect()
}

/// Append `component` to the option `parts[start..]`, or drop its twin there (their nim-sum is 0).
fn push_or_cancel<P: PartialEq>(parts: &mut Vec<P>, start: usize, component: P) {
    match parts[start..].iter().position(|p| *p == component) {
        Some(k) => {
            parts.swap_remove(start + k);
        }
        None => parts.push(component),
    }
}

/// One of the plane's involutions that can map a `height` x `width` box onto itself.
#[derive(Clone, Copy)]
enum Involution {
    HalfTurn,
    RowsReversed,
    ColumnsReversed,
    Transpose,
    AntiTranspose,
}

impl Involution {
    fn image(self, (r, c): (u32, u32), height: u32, width: u32) -> (u32, u32) {
        match self {
            Involution::HalfTurn => (height - 1 - r, width - 1 - c),
            Involution::RowsReversed => (height - 1 - r, c),
            Involution::ColumnsReversed => (r, width - 1 - c),
            Involution::Transpose => (c, r),
            Involution::AntiTranspose => (width - 1 - c, height - 1 - r),
        }
    }
}

/// A component's cells with their box, to test symmetries.
struct Shape {
    cells: u128,
    stride: u32,
    height: u32,
    width: u32,
}

impl Shape {
    /// The component `cells` in the corner of a frame of rows `stride` bits apart.
    fn of(cells: u128, stride: u32) -> Shape {
        let height = (127 - cells.leading_zeros()) / stride + 1;
        let mut used = 0;
        for r in 0..height {
            used |= (cells >> (r * stride)) & ((1 << (stride - 1)) - 1);
        }
        Shape {
            cells,
            stride,
            height,
            width: 128 - used.leading_zeros(),
        }
    }

    fn bit(&self, (r, c): (u32, u32)) -> u128 {
        1 << (r * self.stride + c)
    }

    fn each(&self, cells: u128) -> impl Iterator<Item = (u32, u32)> + '_ {
        let mut rest = cells;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let i = rest.trailing_zeros();
                rest &= rest - 1;
                (i / self.stride, i % self.stride)
            })
        })
    }

    fn involutions(&self) -> impl Iterator<Item = Involution> + '_ {
        let square = self.height == self.width;
        [
            Involution::HalfTurn,
            Involution::RowsReversed,
            Involution::ColumnsReversed,
            Involution::Transpose,
            Involution::AntiTranspose,
        ]
        .into_iter()
        .filter(move |s| square || !matches!(s, Involution::Transpose | Involution::AntiTranspose))
    }

    fn image(&self, sigma: Involution, cells: u128) -> u128 {
        self.each(cells)
            .map(|p| self.bit(sigma.image(p, self.height, self.width)))
            .fold(0, |image, bit| image | bit)
    }

    /// Whether no domino of the symmetric set `cells` meets its image under `sigma`.
    fn mirror_free(&self, sigma: Involution, cells: u128) -> bool {
        let live = cells & neighbours(cells, self.stride);
        self.each(live).all(|p| {
            let q = self.bit(sigma.image(p, self.height, self.width));
            let bit = self.bit(p);
            q != bit && q & neighbours(bit, self.stride) == 0
        })
    }

    /// The dominoes of `cells` that `sigma` maps onto themselves.
    fn fixed_dominoes(&self, sigma: Involution) -> impl Iterator<Item = u128> + '_ {
        let m = self.cells;
        [self.stride, 1].into_iter().flat_map(move |shift| {
            let mut v = m & (m >> shift);
            std::iter::from_fn(move || {
                while v != 0 {
                    let b = v & v.wrapping_neg();
                    v ^= b;
                    let domino = b | (b << shift);
                    if self.image(sigma, domino) == domino {
                        return Some(domino);
                    }
                }
                None
            })
        })
    }

    fn theorem(&self) -> Theorem {
        let symmetric: Vec<Involution> = self
            .involutions()
            .filter(|&s| self.image(s, self.cells) == self.cells)
            .collect();
        if symmetric.iter().any(|&s| self.mirror_free(s, self.cells)) {
            return Theorem::Zero;
        }
        let first_move_then_mirror = symmetric.iter().any(|&s| {
            self.fixed_dominoes(s)
                .any(|domino| self.mirror_free(s, self.cells ^ domino))
        });
        if first_move_then_mirror {
            Theorem::NonZero
        } else {
            Theorem::Unknown
        }
    }
}

impl<P: Plane> Impartial for Cram<P> {
    type Position = P;
    type Component = P;
    const KEY_BYTES: usize = P::CELLS / 8;

    fn components(&self, board: &P, out: &mut Vec<P>) {
        let start = out.len();
        self.split_into(*board, out, start);
    }

    /// The moves nearest the centre first (they split the component most often).
    fn options(&self, component: &P, parts: &mut Vec<P>, ends: &mut Vec<usize>, more: More<P>) {
        let s = self.stride;
        let m = *component;
        let (height, used) = self.rows_used(m);
        let width = P::CELLS - used.leading_zeros() as usize;
        let vertical = m & (m >> s);
        let horizontal = m & (m >> 1) & !self.unplayed(m);
        let count = (vertical.count_ones() + horizontal.count_ones()) as usize;
        for &code in &self.orders[height * s + width] {
            let i = usize::from(code & 127);
            let (playable, shift) = if code & 128 != 0 {
                (vertical, s)
            } else {
                (horizontal, 1)
            };
            if (playable >> i) & P::one() == P::zero() {
                continue;
            }
            let start = parts.len();
            let domino = (P::one() << i) | (P::one() << (i + shift));
            self.split_into(m ^ domino, parts, start);
            ends.push(parts.len());
            if !more(count, &parts[start..]) {
                return;
            }
        }
    }

    fn theorem(&self, component: &P) -> Theorem {
        if !self.symmetric(*component) {
            return Theorem::Unknown;
        }
        Shape::of(component.widen(), self.stride as u32).theorem()
    }

    fn size(&self, component: &P) -> u32 {
        component.count_ones()
    }

    fn write_key(&self, component: &P, out: &mut Vec<u8>) {
        out.extend(&component.widen().to_le_bytes()[..Self::KEY_BYTES]);
    }

    /// Only a component of the frame in its standard form is a key.
    fn read_key(&self, bytes: &[u8]) -> Option<P> {
        let mut wide = [0u8; 16];
        wide[..Self::KEY_BYTES].copy_from_slice(bytes.get(..Self::KEY_BYTES)?);
        let cells = P::narrow(u128::from_le_bytes(wide));
        let whole = cells != P::zero() && cells & !self.frame == P::zero();
        (whole && self.standard(cells) == cells).then_some(cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::grid::xorshift;
    use crate::solve::nimber::NimSearch;
    use std::collections::HashMap;

    fn rows_of(rows: usize, columns: usize) -> Vec<String> {
        vec![".".repeat(columns); rows]
    }

    /// Cram by the definition: the mex of every placement's nimber, no pruning, no splitting.
    fn by_mex(cells: u128, stride: usize, memo: &mut HashMap<u128, u32>) -> u32 {
        if let Some(&v) = memo.get(&cells) {
            return v;
        }
        let mut seen = Vec::new();
        for shift in [stride, 1] {
            let mut v = cells & (cells >> shift);
            while v != 0 {
                let b = v & v.wrapping_neg();
                v ^= b;
                seen.push(by_mex(cells ^ b ^ (b << shift), stride, memo));
            }
        }
        let mex = (0..).find(|v| !seen.contains(v)).unwrap();
        memo.insert(cells, mex);
        mex
    }

    fn searched<P: Plane>(rows: &[String]) -> (u32, u32) {
        let (cram, cells) = Cram::<P>::board(rows).unwrap();
        let expected = by_mex(cells.widen(), cram.stride, &mut HashMap::new());
        let found = NimSearch::new(cram, 1 << 22).nimber(&cells, &mut |_| false);
        (found.unwrap(), expected)
    }

    #[test]
    fn small_boards_have_the_nimbers_of_the_definition() {
        for rows in 1..=5 {
            for columns in 1..=5 {
                let board = rows_of(rows, columns);
                let (found, expected) = searched::<u64>(&board);
                assert_eq!(found, expected, "{rows}x{columns}");
                assert_eq!(searched::<u128>(&board).0, expected, "{rows}x{columns}");
            }
        }
    }

    /// A board of `h` x `w` cells, cell `i` filled where bits `i..` of `seed` masked by `mask` are 0.
    fn holed(seed: u64, h: usize, w: usize, mask: u64) -> Vec<String> {
        (0..h)
            .map(|r| {
                (0..w)
                    .map(|c| {
                        if seed >> (r * w + c) & mask == 0 {
                            '#'
                        } else {
                            '.'
                        }
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn boards_with_holes_have_the_nimbers_of_the_definition() {
        // Pseudo-random 4x5 and 5x4 boards with some cells filled.
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for k in 0..60 {
            xorshift(&mut seed);
            let (h, w) = if k % 2 == 0 { (4, 5) } else { (5, 4) };
            let board = holed(seed, h, w, 7);
            let (found, expected) = searched::<u64>(&board);
            assert_eq!(found, expected, "{board:?}");
        }
    }

    #[test]
    fn a_board_has_the_nimber_of_the_definition_and_no_other() {
        // Boards with holes split into several components: the question goes to the largest.
        let mut seed = 0x5851_f42d_4c95_7f2du64;
        for k in 0..40 {
            xorshift(&mut seed);
            let (h, w) = if k % 2 == 0 { (4, 6) } else { (3, 7) };
            let board = holed(seed, h, w, 3);
            let (cram, cells) = Cram::<u64>::board(&board).unwrap();
            let expected = by_mex(cells.widen(), cram.stride, &mut HashMap::new());
            for v in 0..=expected + 2 {
                // A fresh search each time: no answer read from an earlier question's table.
                let mut search = NimSearch::new(cram.clone(), 1 << 22);
                let found = search.has_nimber(&cells, v, &mut |_| false).unwrap();
                assert_eq!(found, v == expected, "{board:?} is *{expected}, asked *{v}");
            }
        }
    }

    #[test]
    fn every_bound_noted_holds_the_nimber_of_the_definition() {
        // A pruned search asks its options only about small values; the bounds it notes must
        // keep the larger values, which it never looked at (the empty 4x4 board caught that).
        use crate::solve::nimber::unsqueeze;
        for (rows, columns) in [(4, 4), (4, 5), (3, 6)] {
            let (cram, cells) = Cram::<u64>::board(&rows_of(rows, columns)).unwrap();
            let mut search = NimSearch::new(cram.clone(), 1 << 22);
            search.nimber(&cells, &mut |_| false).unwrap();
            let mut memo = HashMap::new();
            for (&component, &bound) in &search.bounds {
                let v = by_mex(component.widen(), cram.stride, &mut memo);
                assert!(
                    unsqueeze(bound) >> v & 1 == 1,
                    "{component:#x} is *{v}: {bound:#b}"
                );
            }
        }
    }

    /// Random regions of boxes up to `most` x `most` in the frame of a `side` x `side` board:
    /// each of their eight images, moved off the corner, has the region's standard form.
    fn images_share_a_standard_form<P: Plane>(side: usize, most: usize) {
        let (cram, _) = Cram::<P>::board(&rows_of(side, side)).unwrap();
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || xorshift(&mut seed);
        for _ in 0..1000 {
            let (h, w) = (
                (next() % most as u64) as usize + 1,
                (next() % most as u64) as usize + 1,
            );
            let cells: Vec<(usize, usize)> = (0..h * w)
                .filter(|_| next() % 3 != 0)
                .map(|k| (k / w, k % w))
                .collect();
            if cells.is_empty() {
                continue;
            }
            let place = |f: &dyn Fn(usize, usize) -> (usize, usize)| {
                cells.iter().fold(P::zero(), |x, &(r, c)| {
                    let (r, c) = f(r, c);
                    x | P::one() << (r * cram.stride + c)
                })
            };
            let standard = cram.standard(place(&|r, c| (r, c)));
            let images: [&dyn Fn(usize, usize) -> (usize, usize); 7] = [
                &|r, c| (h - 1 - r, c),
                &|r, c| (r, w - 1 - c),
                &|r, c| (h - 1 - r, w - 1 - c),
                &|r, c| (c, r),
                &|r, c| (w - 1 - c, r),
                &|r, c| (c, h - 1 - r),
                &|r, c| (w - 1 - c, h - 1 - r),
            ];
            for (k, image) in images.iter().enumerate() {
                // Shifted one row down and one column right: the translation is undone too.
                let moved = place(image) << (cram.stride + 1);
                assert!(cram.standard(moved) == standard, "{cells:?} image {k}");
            }
        }
    }

    #[test]
    fn every_image_of_a_region_has_one_standard_form() {
        // Boxes within 8x8 turn as one 64-bit matrix, larger ones cell by cell.
        images_share_a_standard_form::<u64>(7, 6);
        images_share_a_standard_form::<u128>(10, 9);
    }

    #[test]
    fn a_two_by_two_block_splits_into_two_equal_dominoes_that_cancel() {
        let (cram, cells) = Cram::<u64>::board(&rows_of(2, 2)).unwrap();
        let mut keys = Vec::new();
        cram.components(&cells, &mut keys);
        assert!(keys.is_empty());
    }

    fn theorem_and_nimber(rows: &[&str]) -> (Theorem, u32, u32) {
        let rows: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
        let (cram, cells) = Cram::<u64>::board(&rows).unwrap();
        let mut keys = Vec::new();
        cram.components(&cells, &mut keys);
        let (found, expected) = searched::<u64>(&rows);
        (cram.theorem(&keys[0]), found, expected)
    }

    #[test]
    fn the_mirror_theorem_holds_on_even_by_even_boards_and_not_on_odd_ones() {
        let theorem = |r, c| {
            let (cram, cells) = Cram::<u128>::board(&rows_of(r, c)).unwrap();
            let mut keys = Vec::new();
            cram.components(&cells, &mut keys);
            cram.theorem(&keys[0])
        };
        assert_eq!(theorem(2, 4), Theorem::Zero);
        assert_eq!(theorem(4, 6), Theorem::Zero);
        assert_eq!(theorem(2, 3), Theorem::NonZero);
        assert_eq!(theorem(7, 4), Theorem::NonZero);
        // The half turn fixes the centre cell of an odd-by-odd board.
        assert_eq!(theorem(3, 5), Theorem::Unknown);
    }

    #[test]
    fn the_theorem_checks_moves_not_sizes() {
        // A plus sign: every involution fixes its centre, so no mirror answers every
        // move; but the central domino along an axis leaves it fixed and three lone cells.
        let (theorem, found, expected) = theorem_and_nimber(&["#.#", "...", "#.#"]);
        assert_eq!((theorem, found), (Theorem::NonZero, expected));
        assert_ne!(expected, 0);
        // An L of four cells (an even count) is mapped onto itself by no involution.
        let (theorem, found, expected) = theorem_and_nimber(&["..", ".#", ".#"]);
        assert_eq!((theorem, found), (Theorem::Unknown, expected));
        // A 2x2 square with a tail: symmetric under a reflection that fixes the tail's cells.
        let (theorem, found, expected) = theorem_and_nimber(&["#.#", "...", "..."]);
        assert_eq!(found, expected, "{theorem:?}");
    }

    #[test]
    fn a_board_too_large_for_the_plane_has_no_frame() {
        assert!(Cram::<u64>::board(&rows_of(5, 13)).is_none());
        assert!(Cram::<u128>::board(&rows_of(5, 13)).is_some());
        assert!(Cram::<u64>::board(&["..", "."]).is_none());
    }

    #[test]
    fn the_bounds_a_checkpoint_brings_are_kept_as_the_search_goes_on() {
        // More bounds than the cache's least room (262,144), of regions of a 7x8 frame: a search
        // resumed from them kept only half once it noted one more (a 7x8 stretch lost 378,309).
        let mut board = vec!["########".to_string(); 7];
        board[0] = "#####...".into();
        board[1] = "#####...".into();
        let (cram, cells) = Cram::<u64>::board(&board).unwrap();
        let mut search = NimSearch::new(cram.clone(), 1 << 24);
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        while search.bounds.len() < 300_000 {
            xorshift(&mut seed);
            let region = cram.standard(seed & cram.frame);
            if region != 0 {
                search.bounds.insert(region, !0 << 2);
            }
        }
        let bytes = search.checkpoint_bytes("room");
        let mut resumed = NimSearch::new(cram, 1 << 24);
        assert_eq!(resumed.load(&bytes, "room"), Ok((0, 300_000)));
        assert_eq!(resumed.nimber(&cells, &mut |_| false), Ok(1));
        assert!(search.bounds.keys().all(|k| resumed.bounds.contains_key(k)));
    }

    #[test]
    fn a_checkpoint_gives_back_its_nimbers_and_bounds() {
        let (cram, start) = Cram::<u64>::board(&rows_of(4, 5)).unwrap();
        let mut search = NimSearch::new(cram.clone(), 1 << 22);
        let nimber = search.nimber(&start, &mut |_| false).unwrap();
        let bytes = search.checkpoint_bytes("cram 4x5");
        let mut resumed = NimSearch::new(cram, 1 << 22);
        let bounds = search.bounds.len();
        assert!(bounds > 0);
        assert_eq!(
            resumed.load(&bytes, "cram 4x5"),
            Ok((search.known(), bounds))
        );
        assert_eq!(resumed.bounds, search.bounds);
        assert!(resumed.load(&bytes, "cram 5x4").is_err());
        assert_eq!(resumed.nimber(&start, &mut |_| true), Ok(nimber));
    }
}
