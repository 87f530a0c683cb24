//! Sheep on a board of hexagons, as MCGS plays it (the twin of `cgt/rulesets/sheep.py`).
//!
//! A cell holds a whole number: `0` an empty pasture, `n > 0` a herd of `n` of
//! Left's sheep, `-n` a herd of Right's.  A player picks a herd of theirs of at
//! least two sheep and one of the six directions of the hexagonal grid, and
//! sends some of it (at least one sheep, not all) that way: the sheep run over
//! empty cells as far as they can and must run at least one cell.  The
//! neighbours of `(r, c)` are `(r, c ± 1)`, `(r - 1, c)`, `(r - 1, c + 1)`,
//! `(r + 1, c)` and `(r + 1, c - 1)`.
//!
//! A cell holding sheep never empties, so a herd of one, or one with no empty
//! neighbour, never moves and nothing runs past it: such herds are walls
//! (written `1`), and the regions of the other cells are independent.

use super::grid::bits;
use super::search::{Player, Rules};

/// The most cells a board may have.
pub const MAX_CELLS: usize = 64;

/// The six neighbours of a hexagon, as (rows, columns) steps.
const HEX: [(i32, i32); 6] = [(-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1)];

/// A board of herds, `height` rows of `width` cells, row by row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Herds {
    height: u8,
    width: u8,
    cells: [i8; MAX_CELLS],
}

impl Herds {
    /// The board of `rows` (of one length), or None if it has more than
    /// [`MAX_CELLS`] cells or a herd of more than 127 sheep.
    pub fn from_rows(rows: &[Vec<i64>]) -> Option<Herds> {
        let height = rows.len();
        let width = rows.first().map_or(0, Vec::len);
        if height * width > MAX_CELLS || rows.iter().any(|row| row.len() != width) {
            return None;
        }
        let mut herds = Herds::filled(height, width, 0);
        for (r, row) in rows.iter().enumerate() {
            for (c, &n) in row.iter().enumerate() {
                herds.cells[r * width + c] = i8::try_from(n).ok().filter(|&n| n != i8::MIN)?;
            }
        }
        Some(herds)
    }

    /// A board of `value` everywhere; the cells past the board are always 0 (equal boards are equal values).
    fn filled(height: usize, width: usize, value: i8) -> Herds {
        let mut cells = [0; MAX_CELLS];
        cells[..height * width].fill(value);
        Herds {
            height: height as u8,
            width: width as u8,
            cells,
        }
    }

    /// How many herds the board holds.
    pub fn herds(&self) -> u32 {
        self.cells[..self.len()].iter().filter(|&&n| n != 0).count() as u32
    }

    fn len(&self) -> usize {
        usize::from(self.height) * usize::from(self.width)
    }

    /// Every cell of the board, one bit a cell.
    fn all(&self) -> u64 {
        match self.len() {
            0 => 0,
            n => u64::MAX >> (MAX_CELLS - n),
        }
    }

    fn at(&self, i: usize) -> (i32, i32) {
        let width = usize::from(self.width);
        ((i / width) as i32, (i % width) as i32)
    }

    /// The index of cell `(r, c)`, if it is on the board.
    fn index(&self, (r, c): (i32, i32)) -> Option<usize> {
        let inside =
            (0..i32::from(self.height)).contains(&r) && (0..i32::from(self.width)).contains(&c);
        inside.then(|| r as usize * usize::from(self.width) + c as usize)
    }

    /// The empty cells, and the cells holding a herd of one sheep (either side's), one bit a cell.
    fn empty_and_single(&self) -> (u64, u64) {
        let (mut empty, mut single) = (0, 0);
        for (i, &n) in self.cells[..self.len()].iter().enumerate() {
            empty |= u64::from(n == 0) << i;
            single |= u64::from(n.unsigned_abs() == 1) << i;
        }
        (empty, single)
    }

    /// The herds that can never move (one bit a cell): those of one sheep and
    /// those with no empty neighbour; and the empty cells.
    fn walls(&self, hex: &Hex) -> (u64, u64) {
        let (empty, single) = self.empty_and_single();
        (hex.all & !empty & (single | !hex.around(empty)), empty)
    }

    /// The board with the cells of `walls` written `1`.
    fn walled(&self, walls: u64) -> Herds {
        let mut walled = *self;
        for i in bits(walls) {
            walled.cells[i] = 1;
        }
        walled
    }

    /// The cells of `part` (a bit a cell) in their bounding box, the box's other cells walls.
    fn crop(&self, part: u64) -> Herds {
        let width = usize::from(self.width);
        let row = u64::MAX >> (64 - width); // a part has a cell: the width is at least 1
        let rows = (0..usize::from(self.height)).map(|r| (part >> (r * width)) & row);
        let (mut r0, mut r1, mut columns) = (usize::MAX, 0, 0u64);
        for (r, row) in rows.enumerate().filter(|&(_, row)| row != 0) {
            (r0, r1, columns) = (r0.min(r), r, columns | row);
        }
        let c0 = columns.trailing_zeros() as usize;
        let (height, box_width) = (r1 - r0 + 1, 64 - columns.leading_zeros() as usize - c0);
        let mut cropped = Herds::filled(height, box_width, 1);
        for i in bits(part) {
            cropped.cells[(i / width - r0) * box_width + i % width - c0] = self.cells[i];
        }
        cropped
    }

    /// Itself, turned half round, and reflected through either diagonal of its box
    /// (the symmetries of the hexagonal grid that keep the box): made in one pass
    /// over its herds.
    fn images(&self) -> [Herds; 4] {
        let (height, width) = (usize::from(self.height), usize::from(self.width));
        let last = self.len().saturating_sub(1);
        let mut turned = Herds::filled(height, width, 0);
        let mut transposed = Herds::filled(width, height, 0);
        let mut anti_transposed = Herds::filled(width, height, 0);
        for r in 0..height {
            for c in 0..width {
                let n = self.cells[r * width + c];
                if n != 0 {
                    let t = c * height + r;
                    turned.cells[last - (r * width + c)] = n;
                    transposed.cells[t] = n;
                    anti_transposed.cells[last - t] = n;
                }
            }
        }
        [*self, turned, transposed, anti_transposed]
    }

    /// The order of `Ord` taken faster: the cells as bytes with their sign bit flipped
    /// (which keeps their order) compare as one block of memory.
    fn bytewise(&self, other: &Herds) -> std::cmp::Ordering {
        let bytes = |herds: &Herds| herds.cells.map(|n| n as u8 ^ 0x80);
        (self.height, self.width)
            .cmp(&(other.height, other.width))
            .then_with(|| bytes(self).cmp(&bytes(other)))
    }

    /// The herds changing sides (walls stay walls).
    fn swapped(&self) -> Herds {
        let mut swapped = *self;
        for n in &mut swapped.cells[..self.len()] {
            if *n != 1 {
                *n = -*n;
            }
        }
        swapped
    }
}

/// The hexagonal neighbourhoods of a board's cells as bits (bit `r * width + c`).
struct Hex {
    width: u32,
    all: u64,
    not_first: u64,
    not_last: u64,
}

impl Hex {
    fn of(herds: &Herds) -> Hex {
        let width = u32::from(herds.width);
        let first = (0..u32::from(herds.height)).fold(0u64, |acc, r| acc | 1 << (r * width));
        let last = if width == 0 { 0 } else { first << (width - 1) };
        let all = herds.all();
        Hex {
            width,
            all,
            not_first: all & !first,
            not_last: all & !last,
        }
    }

    /// The cells next to some cell of `x`: the steps of [`HEX`] as shifts, none wrapping
    /// round a row's end.
    fn around(&self, x: u64) -> u64 {
        let Some(w) = self.width.checked_sub(1) else {
            return 0;
        };
        let row = |shifted: Option<u64>| shifted.unwrap_or(0);
        let north = row(x.checked_shr(w + 1));
        let south = row(x.checked_shl(w + 1));
        let north_east = (x >> w) & self.not_first;
        let south_west = (x << w) & self.not_last;
        let east = (x << 1) & self.not_first;
        let west = (x >> 1) & self.not_last;
        (north | south | north_east | south_west | east | west) & self.all
    }
}

/// The sign of `player`'s herds.
fn sign(player: Player) -> i8 {
    match player {
        Player::Left => 1,
        Player::Right => -1,
    }
}

/// MCGS's Sheep.
#[derive(Clone)]
pub struct Sheep;

impl Rules for Sheep {
    type Position = Herds;

    /// MCGS's Sheep cases are solved faster with the moves as listed.
    const MOVES_BY_MOBILITY: bool = false;

    /// The regions of the cells that are not walls, linked as hexagons, each
    /// cropped with walls around it; only those with a herd that can move.
    fn components(&self, herds: &Herds, out: &mut Vec<Herds>) {
        let hex = Hex::of(herds);
        let (walls, empty) = herds.walls(&hex);
        let walled = herds.walled(walls);
        let open = hex.all & !walls;
        // A herd that is not a wall has two sheep or more and an empty neighbour (in its
        // region): it can move.  A region without one is dead.
        let movable = open & !empty;
        let mut rest = open;
        while rest != 0 {
            let mut region = rest & rest.wrapping_neg();
            loop {
                let grown = (region | hex.around(region)) & open;
                if grown == region {
                    break;
                }
                region = grown;
            }
            rest &= !region;
            if region & movable != 0 {
                out.push(walled.crop(region));
            }
        }
    }

    fn canonical(&self, herds: &Herds) -> (Herds, bool) {
        // The images of the board with its herds' sides swapped are those of the board, swapped.
        // A component's herds that can never move are walls already.
        let images = herds.images();
        let straight = images.into_iter().map(|image| (image, false));
        let negated = images.into_iter().map(|image| (image.swapped(), true));
        straight
            .chain(negated)
            .min_by(|(a, a_negated), (b, b_negated)| a.bytewise(b).then(a_negated.cmp(b_negated)))
            .expect("a board has images")
    }

    /// Swapping the herds' sides negates: a board is its own negative when one
    /// of its images, swapped, is it.
    fn self_negative(&self, herds: &Herds) -> bool {
        herds
            .images()
            .into_iter()
            .any(|image| image.swapped() == *herds)
    }

    /// The moves sending one sheep first (MCGS's order: a lone sheep sent off is
    /// a wall at once), then, a direction at a time, those sending the most sheep
    /// first: the order the outcome search tries them in, the faster one on
    /// MCGS's cases (measured in `docs/solving.md`).
    fn moves(&self, herds: &Herds, player: Player, out: &mut Vec<Herds>) {
        let sign = sign(player);
        let mut runs = Vec::new();
        for i in 0..herds.len() {
            let n = herds.cells[i] * sign;
            if n < 2 {
                continue;
            }
            let (r, c) = herds.at(i);
            for (dr, dc) in HEX {
                let mut end = None;
                let mut cell = (r + dr, c + dc);
                while let Some(j) = herds.index(cell).filter(|&j| herds.cells[j] == 0) {
                    end = Some(j);
                    cell = (cell.0 + dr, cell.1 + dc);
                }
                runs.extend(end.map(|end| (i, end, n)));
            }
        }
        let send = |out: &mut Vec<Herds>, (i, end, n): (usize, usize, i8), k: i8| {
            let mut after = *herds;
            after.cells[i] = sign * (n - k);
            after.cells[end] = sign * k;
            out.push(after);
        };
        for &run in &runs {
            send(out, run, 1);
        }
        for &run in &runs {
            for k in (2..run.2).rev() {
                send(out, run, k);
            }
        }
    }

    /// `player`'s herds of `n` sheep each have `n - 1` moves per open direction.
    fn move_count(&self, herds: &Herds, player: Player, _room: &mut Vec<Herds>) -> usize {
        let sign = sign(player);
        let mut count = 0;
        for i in 0..herds.len() {
            let n = herds.cells[i] * sign;
            if n < 2 {
                continue;
            }
            let (r, c) = herds.at(i);
            let open = HEX
                .iter()
                .filter(|&&(dr, dc)| {
                    herds
                        .index((r + dr, c + dc))
                        .is_some_and(|j| herds.cells[j] == 0)
                })
                .count();
            count += open * (n as usize - 1);
        }
        count
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Engine, ZERO};
    use crate::rulesets::search::Search;

    fn herds(rows: &[&[i64]]) -> Herds {
        Herds::from_rows(&rows.iter().map(|row| row.to_vec()).collect::<Vec<_>>()).unwrap()
    }

    #[test]
    fn neighbourhoods_as_bits_are_the_six_hexagon_steps() {
        for (height, width) in [
            (1, 1),
            (1, 5),
            (5, 1),
            (3, 4),
            (4, 3),
            (8, 8),
            (1, 64),
            (64, 1),
        ] {
            let board = Herds::filled(height, width, 0);
            let hex = Hex::of(&board);
            for i in 0..board.len() {
                let (r, c) = board.at(i);
                let by_steps = HEX
                    .iter()
                    .filter_map(|&(dr, dc)| board.index((r + dr, c + dc)))
                    .fold(0u64, |acc, j| acc | 1 << j);
                assert_eq!(hex.around(1 << i), by_steps, "cell {i} of {height}x{width}");
            }
        }
    }

    #[test]
    fn sheep_run_as_far_as_they_can_in_each_direction() {
        // On 4, 0, 0 | 0, 0, -1 Left's herd runs right (to the far end) or down; one sheep
        // sent either way comes first, then the most sheep sent first, a direction at a time.
        let mut out = Vec::new();
        Sheep.moves(&herds(&[&[4, 0, 0], &[0, 0, -1]]), Player::Left, &mut out);
        let expected = [
            herds(&[&[3, 0, 1], &[0, 0, -1]]),
            herds(&[&[3, 0, 0], &[1, 0, -1]]),
            herds(&[&[1, 0, 3], &[0, 0, -1]]),
            herds(&[&[2, 0, 2], &[0, 0, -1]]),
            herds(&[&[1, 0, 0], &[3, 0, -1]]),
            herds(&[&[2, 0, 0], &[2, 0, -1]]),
        ];
        assert_eq!(out, expected);
    }

    #[test]
    fn a_board_is_its_own_negative_when_an_image_swapped_is_it() {
        // Such a board's value G has G = -G (checked on the values).  The hexagonal grid
        // has no left-right mirror, so 3, 0, -3 | 0, 0, 0 is not told to be one.
        let mut engine = Engine::default();
        let mut search = Search::new(Sheep, 1 << 16);
        let cases: [(&[&[i64]], bool); 5] = [
            (&[&[3, 0], &[0, -3]], true),
            (&[&[2, 0, -2]], true),
            (&[&[3, 0, 0], &[0, 0, -3]], true),
            (&[&[3, 0, 0], &[0, 0, -2]], false),
            (&[&[3, 0, -3], &[0, 0, 0]], false),
        ];
        for (rows, expected) in cases {
            let board = herds(rows);
            let (image, _) = Sheep.canonical(&board);
            assert_eq!(Sheep.self_negative(&image), expected, "{rows:?}");
            let g = search.value(&mut engine, &board).unwrap();
            assert!(!expected || engine.neg(g).unwrap() == g, "{rows:?}");
        }
    }

    #[test]
    fn small_boards_have_the_values_worked_by_hand() {
        // 0, 3 is 1 (one move, then none); 0, 0, 3 is 2; a board and its sides swapped cancel.
        let mut e = Engine::default();
        let mut search = Search::new(Sheep, 1 << 16);
        let one = e.canon(&[ZERO], &[]).unwrap();
        let two = e.canon(&[one], &[]).unwrap();
        assert_eq!(search.value(&mut e, &herds(&[&[0, 3]])).unwrap(), one);
        assert_eq!(search.value(&mut e, &herds(&[&[0, 0, 3]])).unwrap(), two);
        let g = search
            .value(&mut e, &herds(&[&[0, 3, 0], &[-2, 0, 0]]))
            .unwrap();
        let h = search
            .value(&mut e, &herds(&[&[0, -3, 0], &[2, 0, 0]]))
            .unwrap();
        assert_eq!(e.neg(g).unwrap(), h);
    }

    #[test]
    fn move_counts_are_the_lengths_of_the_move_lists() {
        // Boards from a fixed pseudo-random sequence: herds of -9..=9 on a third of the cells.
        let mut seed = 12345u64;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as i64
        };
        for _ in 0..300 {
            let (height, width) = (1 + next() % 6, 1 + next() % 6);
            let rows: Vec<Vec<i64>> = (0..height)
                .map(|_| {
                    (0..width)
                        .map(|_| if next() % 3 == 0 { next() % 19 - 9 } else { 0 })
                        .collect()
                })
                .collect();
            let board = Herds::from_rows(&rows).unwrap();
            for player in [Player::Left, Player::Right] {
                let mut out = Vec::new();
                Sheep.moves(&board, player, &mut out);
                assert_eq!(
                    Sheep.move_count(&board, player, &mut Vec::new()),
                    out.len(),
                    "{rows:?}"
                );
            }
        }
    }

    #[test]
    fn every_image_of_a_board_has_its_canonical_image() {
        // Herds of 3, 2 and 5 sheep in an L shape: no symmetry maps the board, or its
        // herds swapped, onto itself.
        let board = herds(&[&[3, 0, 0], &[0, 0, 0], &[-2, 0, 5], &[0, 0, 0]]);
        let (image, negated) = Sheep.canonical(&board);
        assert!(!negated || image.swapped() != image);
        let unswapped = if negated { image.swapped() } else { image };
        assert!(board.images().contains(&unswapped));
        for other in board.images() {
            assert_eq!(Sheep.canonical(&other), (image, negated));
            assert_eq!(Sheep.canonical(&other.swapped()), (image, !negated));
        }
    }

    #[test]
    fn a_row_of_64_cells_splits_and_is_cropped() {
        // 0, 3, then walls, then -3, 0: the two ends' regions, each cropped to its two cells.
        let mut row = vec![1; 64];
        (row[0], row[1], row[62], row[63]) = (0, 3, -3, 0);
        let mut parts = Vec::new();
        Sheep.components(&herds(&[&row]), &mut parts);
        assert_eq!(parts, vec![herds(&[&[0, 3]]), herds(&[&[-3, 0]])]);
    }

    #[test]
    fn herds_that_can_never_move_split_the_board() {
        let mut parts = Vec::new();
        Sheep.components(&herds(&[&[0, 2, 1, 0, -2]]), &mut parts);
        assert_eq!(parts, vec![herds(&[&[0, 2]]), herds(&[&[0, -2]])]);
    }
}
