//! Cram for the nimber search: domino placement on bitboards, and the mirror strategy as a theorem.
//!
//! A component is a [`Region`] of `rulesets/domineering.rs` (4-connected empty
//! cells, rows `width + 1` bits apart) in its standard place and orientation,
//! the least of its eight images.  Two equal components of one option cancel
//! (their nim-sum is 0).
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

use super::nimber::{Impartial, Theorem};
use crate::rulesets::domineering::{neighbours, translate, Region};

/// A component as the table keeps it: 17 bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C, packed)]
pub struct Key {
    cells: u128,
    width: u8,
}

impl Key {
    fn stride(self) -> u32 {
        u32::from(self.width) + 1
    }
}

/// Cram (both players place a domino either way), as an impartial game.
pub struct Cram;

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
    fn of(key: Key) -> Shape {
        let stride = key.stride();
        let cells = key.cells;
        let height = (127 - cells.leading_zeros()) / stride + 1;
        Shape {
            cells,
            stride,
            height,
            width: u32::from(key.width),
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

/// The standard form of region `x` (translated to the corner, rows `stride` bits
/// apart): its box turned to be at least as wide as high, then the least of the
/// images that keep that shape (four, or eight for a square box).  Any function
/// of the symmetry class would do; this one rarely transposes, the costly image.
fn standard(x: u128, stride: u32) -> Key {
    let row_mask = (1u128 << (stride - 1)) - 1;
    let height = ((127 - x.leading_zeros()) / stride + 1) as usize;
    let mut used = 0u128;
    let mut rest = x;
    while rest != 0 {
        used |= rest & row_mask;
        rest >>= stride;
    }
    let width = 128 - used.leading_zeros() as usize;
    let rows = |bits: u128, step: u32, mask: u128| {
        let mut rest = bits;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let row = rest & mask;
                rest >>= step;
                row
            })
        })
    };
    let wide = least_unturned(rows(x, stride, row_mask), height, width);
    if height < width {
        return wide;
    }
    let columns = columns_of(rows(x, stride, row_mask), width, height);
    let turned = least_unturned(
        columns[..width].iter().map(|&c| u128::from(c)),
        width,
        height,
    );
    if height > width || (turned.cells, turned.width) < (wide.cells, wide.width) {
        turned
    } else {
        wide
    }
}

/// The columns of a region of `height <= 64` rows `rows` and `width <= 64`
/// columns, each as the bits of its cells, top row lowest.  A box within 8x8
/// is turned as one 64-bit matrix (three swaps of bit blocks).
fn columns_of(rows: impl Iterator<Item = u128>, width: usize, height: usize) -> [u64; 64] {
    let mut columns = [0u64; 64];
    if height <= 8 && width <= 8 {
        let mut matrix = 0u64;
        for (r, row) in rows.enumerate() {
            matrix |= (row as u64) << (8 * r);
        }
        let mut t = (matrix ^ (matrix >> 7)) & 0x00aa_00aa_00aa_00aa;
        matrix ^= t ^ (t << 7);
        t = (matrix ^ (matrix >> 14)) & 0x0000_cccc_0000_cccc;
        matrix ^= t ^ (t << 14);
        t = (matrix ^ (matrix >> 28)) & 0x0000_0000_f0f0_f0f0;
        matrix ^= t ^ (t << 28);
        for (c, column) in columns.iter_mut().take(width).enumerate() {
            *column = (matrix >> (8 * c)) & 0xff;
        }
        return columns;
    }
    for (r, row) in rows.enumerate() {
        let mut bits = row;
        while bits != 0 {
            let c = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            columns[c] |= 1 << r;
        }
    }
    columns
}

/// Each 16-bit row, mirrored (a table: reversing a `u128`'s bits costs dozens of steps).
static REVERSED: [u16; 1 << 16] = {
    let mut table = [0u16; 1 << 16];
    let mut row = 0;
    while row < 1 << 16 {
        table[row] = (row as u16).reverse_bits();
        row += 1;
    }
    table
};

/// The least of the four images of the region of `height` rows `rows` (each
/// below `1 << width`) that keep rows as rows: as it is, upside down, mirrored, and both.
fn least_unturned(rows: impl Iterator<Item = u128>, height: usize, width: usize) -> Key {
    let s = width + 1;
    let (mut a, mut b, mut c, mut d) = (0u128, 0u128, 0u128, 0u128);
    for (i, row) in rows.enumerate() {
        let reversed = if width <= 16 {
            u128::from(REVERSED[row as usize] >> (16 - width))
        } else {
            row.reverse_bits() >> (128 - width)
        };
        let (down, up) = (i * s, (height - 1 - i) * s);
        a |= row << down;
        b |= row << up;
        c |= reversed << down;
        d |= reversed << up;
    }
    Key {
        cells: a.min(b).min(c).min(d),
        width: width as u8,
    }
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
fn reduced(mut cells: u128, stride: u32) -> u128 {
    loop {
        let right = cells & (cells >> 1);
        let left = cells & (cells << 1);
        let down = cells & (cells >> stride);
        let up = cells & (cells << stride);
        let any = right | left | down | up;
        let two = (right & left) | (down & up) | ((right | left) & (down | up));
        let tufts = any & !two;
        let centres = cells & neighbours(tufts, stride);
        // Each centre keeps its first tuft, met looking left, right, up, down from the tufts.
        let mut seen = (tufts & left) >> 1;
        let mut extra = 0u128;
        let of = (tufts & right) << 1;
        extra |= (of & seen) >> 1;
        seen |= of;
        let of = (tufts & up) >> stride;
        extra |= (of & seen) << stride;
        seen |= of;
        let of = (tufts & down) << stride;
        extra |= (of & seen) >> stride;
        let others = cells & !(tufts | centres);
        let bridges = others & !neighbours(others, stride);
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
fn unplayed(cells: u128, stride: u32) -> u128 {
    let right = cells >> 1;
    let left = cells << 1;
    let below = cells >> stride;
    let above = cells << stride;
    let open_right = cells & right & !left;
    let open_left = cells & left & !right;
    let open_below = below & !above;
    let open_above = above & !below;
    // Bottom-left cells of the blocks sealed at the top-left and bottom-right corners ...
    let falling = ((open_right & open_below) << stride) & ((open_left & open_above) >> 1);
    // ... and of those sealed at the top-right and bottom-left corners.
    let rising = ((open_left & open_below) << (stride - 1)) & open_right & open_above;
    let bottoms = falling | rising;
    bottoms | (bottoms >> stride)
}

/// The components of `cells` on the grid less the unplayed horizontal links
/// (see [`unplayed`]), cells with no playable neighbour dropped.
fn components_of(cells: u128, stride: u32) -> impl Iterator<Item = u128> {
    let linked = cells & !unplayed(cells, stride);
    let reach =
        move |x: u128| ((x & linked) << 1) | ((x >> 1) & linked) | (x << stride) | (x >> stride);
    let mut alive = cells & reach(cells);
    std::iter::from_fn(move || {
        if alive == 0 {
            return None;
        }
        let mut x = alive & alive.wrapping_neg();
        loop {
            let y = (x | reach(x)) & alive;
            if y == x {
                break;
            }
            x = y;
        }
        alive ^= x;
        Some(x)
    })
}

/// The components of the position `cells`, each reduced (see [`reduced`]) and
/// in standard form, appended to the option `parts[start..]` (twins cancel).
/// A component split off along unplayed links is reduced again on its own, and
/// split again if that changed it.
fn split_into(cells: u128, stride: u32, parts: &mut Vec<Key>, start: usize) {
    let whole = reduced(cells, stride);
    for x in components_of(whole, stride) {
        let alone = if x == whole { x } else { reduced(x, stride) };
        if alone == x {
            push_or_cancel(parts, start, standard(translate(x, stride), stride));
        } else {
            split_into(alone, stride, parts, start);
        }
    }
}

/// Append `component` to the option `parts[start..]`, or drop its twin there (their nim-sum is 0).
fn push_or_cancel(parts: &mut Vec<Key>, start: usize, component: Key) {
    match parts[start..].iter().position(|&p| p == component) {
        Some(k) => {
            parts.swap_remove(start + k);
        }
        None => parts.push(component),
    }
}

impl Impartial for Cram {
    type Position = Region;
    type Component = Key;
    const KEY_BYTES: usize = 17;

    fn components(&self, board: &Region, out: &mut Vec<Key>) {
        let start = out.len();
        split_into(board.cells, board.stride(), out, start);
    }

    /// The moves nearest the centre first (they split the component most often).
    fn options(&self, component: &Key, parts: &mut Vec<Key>, ends: &mut Vec<usize>) {
        let stride = component.stride();
        let m = component.cells;
        let height = (127 - m.leading_zeros()) / stride + 1;
        let width = stride - 1;
        let unplayed = unplayed(m, stride);
        // Each move as `off_centre << 8 | vertical << 7 | its first cell`, to sort.
        let mut moves = [0u32; 256];
        let mut count = 0;
        for (shift, skipped, (dr, dc)) in [(stride, 0, (1, 0)), (1, unplayed, (0, 1))] {
            let mut v = m & (m >> shift) & !skipped;
            while v != 0 {
                let i = v.trailing_zeros();
                v &= v - 1;
                let (r, c) = (i / stride, i % stride);
                let off_centre =
                    (2 * r + dr).abs_diff(height - 1) + (2 * c + dc).abs_diff(width - 1);
                moves[count] = off_centre << 8 | dr << 7 | i;
                count += 1;
            }
        }
        let moves = &mut moves[..count];
        moves.sort_unstable();
        for &code in moves.iter() {
            let i = code & 127;
            let shift = if code & 128 != 0 { stride } else { 1 };
            let start = parts.len();
            split_into(m ^ (1 << i) ^ (1 << (i + shift)), stride, parts, start);
            ends.push(parts.len());
        }
    }

    fn theorem(&self, component: &Key) -> Theorem {
        Shape::of(*component).theorem()
    }

    fn size(&self, component: &Key) -> u32 {
        component.cells.count_ones()
    }

    fn write_key(&self, component: &Key, out: &mut Vec<u8>) {
        let Key { cells, width } = *component;
        out.extend(cells.to_le_bytes());
        out.push(width);
    }

    fn read_key(&self, bytes: &[u8]) -> Option<Key> {
        let cells = u128::from_le_bytes(bytes.get(..16)?.try_into().ok()?);
        let width = *bytes.get(16)?;
        // Only a region in its standard form is a key.
        let region = Region::board(cells, u32::from(width));
        let key = Key { cells, width };
        (width < 127 && cells != 0 && standard(cells, region.stride()) == key).then_some(key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::domineering::encode;
    use crate::solve::nimber::NimSearch;
    use std::collections::HashMap;

    fn board(rows: usize, columns: usize) -> Region {
        let row = ".".repeat(columns);
        let (mask, width) = encode(std::iter::repeat_n(row.as_bytes(), rows)).unwrap();
        Region::board(mask, width)
    }

    /// Cram by the definition: the mex of every placement's nimber, no pruning, no splitting.
    fn by_mex(cells: u128, stride: u32, memo: &mut HashMap<u128, u32>) -> u32 {
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

    #[test]
    fn small_boards_have_the_nimbers_of_the_definition() {
        for rows in 1..=4 {
            for columns in 1..=5 {
                let start = board(rows, columns);
                let expected = by_mex(start.cells, start.stride(), &mut HashMap::new());
                let mut search = NimSearch::new(Cram, 1 << 22);
                assert_eq!(
                    search.nimber(&start, &mut |_| false),
                    Ok(expected),
                    "{rows}x{columns}"
                );
            }
        }
    }

    #[test]
    fn small_boxes_turn_as_large_ones_do() {
        // The 8x8 matrix turn against the cell-by-cell one, on pseudo-random boxes.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..2000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let (height, width) = ((seed % 8 + 1) as usize, ((seed >> 3) % 8 + 1) as usize);
            let rows: Vec<u128> = (0..height)
                .map(|r| u128::from((seed >> (8 + 5 * r)) as u8) & ((1 << width) - 1))
                .collect();
            let columns = columns_of(rows.iter().copied(), width, height);
            for c in 0..width {
                let expected =
                    (0..height).fold(0u64, |col, r| col | (((rows[r] >> c) & 1) as u64) << r);
                assert_eq!(columns[c], expected, "{rows:?} column {c}");
            }
        }
    }

    #[test]
    fn a_two_by_two_block_splits_into_two_equal_dominoes_that_cancel() {
        let mut keys = Vec::new();
        Cram.components(&board(2, 2), &mut keys);
        assert!(keys.is_empty());
    }

    #[test]
    fn the_mirror_theorem_holds_on_even_by_even_boards_and_not_on_odd_ones() {
        let theorem = |r, c| {
            let mut keys = Vec::new();
            Cram.components(&board(r, c), &mut keys);
            Cram.theorem(&keys[0])
        };
        assert_eq!(theorem(2, 4), Theorem::Zero);
        assert_eq!(theorem(4, 6), Theorem::Zero);
        assert_eq!(theorem(2, 3), Theorem::NonZero);
        assert_eq!(theorem(4, 7), Theorem::NonZero);
        // The half turn fixes the centre cell of an odd-by-odd board.
        assert_eq!(theorem(3, 5), Theorem::Unknown);
    }

    fn region(rows: &[&str]) -> Region {
        let (mask, width) = encode(rows.iter().map(|row| row.as_bytes())).unwrap();
        Region::board(mask, width)
    }

    fn theorem_and_nimber(start: Region) -> (Theorem, u32, u32) {
        let mut keys = Vec::new();
        Cram.components(&start, &mut keys);
        let expected = by_mex(start.cells, start.stride(), &mut HashMap::new());
        let found = NimSearch::new(Cram, 1 << 12).nimber(&start, &mut |_| false);
        (Cram.theorem(&keys[0]), found.unwrap(), expected)
    }

    #[test]
    fn the_theorem_checks_moves_not_sizes() {
        // A plus sign: every involution fixes its centre, so no mirror answers every
        // move; but the central domino along an axis leaves it fixed and three lone cells.
        let (theorem, found, expected) = theorem_and_nimber(region(&["#.#", "...", "#.#"]));
        assert_eq!((theorem, found), (Theorem::NonZero, expected));
        assert_ne!(expected, 0);
        // An L of four cells (an even count) is mapped onto itself by no involution.
        let (theorem, found, expected) = theorem_and_nimber(region(&["..", ".#", ".#"]));
        assert_eq!((theorem, found), (Theorem::Unknown, expected));
        // A 2x2 square with a tail: symmetric under a reflection that fixes the tail's cells.
        let (theorem, found, expected) = theorem_and_nimber(region(&["#.#", "...", "..."]));
        assert_eq!(found, expected, "{theorem:?}");
    }

    #[test]
    fn a_checkpoint_gives_back_its_nimbers() {
        let start = board(4, 5);
        let mut search = NimSearch::new(Cram, 1 << 22);
        let nimber = search.nimber(&start, &mut |_| false).unwrap();
        let path = std::env::temp_dir().join(format!("cgt-cram-test-{}", std::process::id()));
        search.checkpoint = Some(super::super::nimber::Checkpoint::new(
            path.clone(),
            "cram 4x5".into(),
            std::time::Duration::from_secs(1),
            0,
        ));
        search.save().unwrap();
        let bytes = std::fs::read(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        let mut resumed = NimSearch::new(Cram, 1 << 22);
        assert_eq!(resumed.load(&bytes, "cram 4x5"), Ok(search.known()));
        assert!(resumed.load(&bytes, "cram 5x4").is_err());
        assert_eq!(resumed.nimber(&start, &mut |_| true), Ok(nimber));
    }
}
