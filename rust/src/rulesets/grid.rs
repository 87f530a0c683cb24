//! Boards of cells on a rectangular grid (the twin of `cgt/rulesets/grid.py`).
//!
//! A cell is [`EMPTY`] (`.`), [`LEFT`] (`x`, Left's stone), [`RIGHT`] (`o`,
//! Right's stone) or [`BLOCKED`] (`#`, off the board).  The eight symmetries
//! of the rectangle act on boards (and on the steps pieces move by), and a
//! board splits into regions: the parts of a set of cells linked by steps.

pub const EMPTY: u8 = 0;
pub const LEFT: u8 = 1;
pub const RIGHT: u8 = 2;
pub const BLOCKED: u8 = 3;

/// A step from a cell to another: rows down, columns right.
pub type Step = (i32, i32);

pub const ORTHOGONAL: [Step; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
pub const COMPASS: [Step; 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// The most cells a board may have: one bit a cell in each of two planes.
pub const MAX_CELLS: usize = 128;

/// A board: `height` rows of `width` cells, bit `r * width + c` for cell
/// (r, c) in two planes, `low` and `high`, the two bits of the cell's value
/// (so `x` stones are `low & !high`).
///
/// Boards are small values (no allocation); the least image of a board under
/// its ruleset's symmetries (in reading order) stands for its class.
/// Packed to an alignment of 4 (36 bytes, not 48): searches hold many boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, packed(4))]
pub struct Board {
    height: u8,
    width: u8,
    low: u128,
    high: u128,
}

impl std::hash::Hash for Board {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let mixed = self.low ^ self.high.rotate_left(61);
        state.write_u64((mixed as u64) ^ ((mixed >> 64) as u64).rotate_left(29));
        state.write_u16(u16::from(self.height) << 8 | u16::from(self.width));
    }
}

impl Board {
    /// An empty board of `height` rows and `width` columns, if it has at most
    /// [`MAX_CELLS`] cells and 255 rows and columns.
    pub fn empty(height: usize, width: usize) -> Option<Board> {
        let fits = height <= 255 && width <= 255 && height * width <= MAX_CELLS;
        fits.then_some(Board {
            height: height as u8,
            width: width as u8,
            low: 0,
            high: 0,
        })
    }

    /// The board of `rows` (`.`, `x`, `o`, `#` per cell, rows of equal
    /// length), or None when a character is none of these or the board has
    /// more than [`MAX_CELLS`] cells.
    pub fn from_rows<R: AsRef<[u8]>>(rows: &[R]) -> Option<Board> {
        let width = rows.first().map_or(0, |row| row.as_ref().len());
        let mut board = Board::empty(rows.len(), width)?;
        for (r, row) in rows.iter().enumerate() {
            let row = row.as_ref();
            if row.len() != width {
                return None;
            }
            for (c, &ch) in row.iter().enumerate() {
                let value = match ch {
                    b'.' => EMPTY,
                    b'x' => LEFT,
                    b'o' => RIGHT,
                    b'#' => BLOCKED,
                    _ => return None,
                };
                board.set(r * width + c, value);
            }
        }
        Some(board)
    }

    pub fn height(&self) -> i32 {
        i32::from(self.height)
    }

    pub fn width(&self) -> i32 {
        i32::from(self.width)
    }

    /// How many cells the board has.
    #[allow(clippy::len_without_is_empty)] // a board of no cells is still a board
    pub fn len(&self) -> usize {
        usize::from(self.height) * usize::from(self.width)
    }

    /// The value of cell `i` (row by row).
    pub fn cell(&self, i: usize) -> u8 {
        (self.low >> i & 1) as u8 | ((self.high >> i & 1) as u8) << 1
    }

    pub fn set(&mut self, i: usize, value: u8) {
        let bit = 1u128 << i;
        self.low = self.low & !bit | u128::from(value & 1) << i;
        self.high = self.high & !bit | u128::from(value >> 1) << i;
    }

    /// The cells holding `value`, one bit a cell.
    pub fn mask(&self, value: u8) -> u128 {
        let low = if value & 1 != 0 { self.low } else { !self.low };
        let high = if value & 2 != 0 {
            self.high
        } else {
            !self.high
        };
        low & high & self.all()
    }

    /// Every cell, one bit a cell.
    pub fn all(&self) -> u128 {
        if self.len() == MAX_CELLS {
            u128::MAX
        } else {
            (1 << self.len()) - 1
        }
    }

    /// The cells, row by row, with their values.
    pub fn cells(&self) -> impl Iterator<Item = (usize, u8)> + '_ {
        (0..self.len()).map(|i| (i, self.cell(i)))
    }

    /// The cell at (row, column), or None off the board.
    pub fn get(&self, (r, c): (i32, i32)) -> Option<u8> {
        if (0..self.height()).contains(&r) && (0..self.width()).contains(&c) {
            Some(self.cell(self.index((r, c))))
        } else {
            None
        }
    }

    pub fn index(&self, (r, c): (i32, i32)) -> usize {
        (r * self.width() + c) as usize
    }

    pub fn at(&self, i: usize) -> (i32, i32) {
        let w = usize::from(self.width);
        ((i / w) as i32, (i % w) as i32)
    }

    /// A copy with cells changed.
    pub fn with(&self, changes: &[((i32, i32), u8)]) -> Board {
        let mut board = *self;
        for &(cell, value) in changes {
            board.set(self.index(cell), value);
        }
        board
    }

    /// Whether some cell holds `value`.
    pub fn contains(&self, value: u8) -> bool {
        self.mask(value) != 0
    }

    /// The parts of the cells for which `member` holds, linked by `steps`
    /// (either way): each cropped to its bounding box, the box's other cells
    /// set to `fill`.
    pub fn regions(
        &self,
        member: impl Fn(u8) -> bool,
        steps: &[Step],
        fill: u8,
        out: &mut Vec<Board>,
    ) {
        let mut seen = [false; MAX_CELLS];
        let mut part = [0u8; MAX_CELLS];
        for start in 0..self.len() {
            if seen[start] || !member(self.cell(start)) {
                continue;
            }
            seen[start] = true;
            part[0] = start as u8;
            let (mut size, mut next) = (1, 0);
            while next < size {
                let (r, c) = self.at(usize::from(part[next]));
                next += 1;
                for (dr, dc) in steps.iter().flat_map(|&(dr, dc)| [(dr, dc), (-dr, -dc)]) {
                    let cell = (r + dr, c + dc);
                    if let Some(value) = self.get(cell) {
                        let j = self.index(cell);
                        if !seen[j] && member(value) {
                            seen[j] = true;
                            part[size] = j as u8;
                            size += 1;
                        }
                    }
                }
            }
            out.push(self.crop(&part[..size], fill));
        }
    }

    /// The cells `part` (indices) in their bounding box, the box's other cells `fill`.
    fn crop(&self, part: &[u8], fill: u8) -> Board {
        let (mut r0, mut r1, mut c0, mut c1) = (i32::MAX, i32::MIN, i32::MAX, i32::MIN);
        for &i in part {
            let (r, c) = self.at(usize::from(i));
            (r0, r1, c0, c1) = (r0.min(r), r1.max(r), c0.min(c), c1.max(c));
        }
        let (height, width) = (r1 - r0 + 1, c1 - c0 + 1);
        let mut board =
            Board::empty(height as usize, width as usize).expect("a part of a board fits");
        if fill != EMPTY {
            for i in 0..board.len() {
                board.set(i, fill);
            }
        }
        for &i in part {
            let (r, c) = self.at(usize::from(i));
            board.set(
                ((r - r0) * width + c - c0) as usize,
                self.cell(usize::from(i)),
            );
        }
        board
    }

    /// The least image of this board under `symmetries` (each with whether it
    /// negates the value), also with Left's and Right's stones swapped when
    /// `swap` (a swap negates): the image and whether it is worth the negative.
    pub fn least_image(&self, symmetries: &[(Symmetry, bool)], swap: bool) -> (Board, bool) {
        // A transposed image of a board with fewer rows than columns has more rows: never least.
        let transposing =
            self.height >= self.width && symmetries.iter().any(|(s, _)| s.transposes());
        let transposed = transposing.then(|| self.transposed());
        let mut best: Option<(Board, bool)> = None;
        for &(symmetry, negates) in symmetries {
            let base = match (symmetry.transposes(), &transposed) {
                (false, _) => *self,
                (true, Some(transposed)) => *transposed,
                (true, None) => continue,
            };
            let image = match (symmetry.flips(), symmetry.mirrors()) {
                (false, false) => base,
                (true, false) => base.flipped(),
                (true, true) => base.turned(),
                (false, true) => base.turned().flipped(),
            };
            for (image, negated) in [(image, negates), (image.swapped(), !negates)] {
                if best.is_none_or(|(least, _)| image.precedes(&least)) {
                    best = Some((image, negated));
                }
                if !swap {
                    break;
                }
            }
        }
        best.expect("the identity is a symmetry")
    }

    /// Whether this board orders before `other`: fewer rows, or fewer columns,
    /// or a smaller value at the first cell (in reading order) where they differ.
    pub fn precedes(&self, other: &Board) -> bool {
        if (self.height, self.width) != (other.height, other.width) {
            return (self.height, self.width) < (other.height, other.width);
        }
        let differ = (self.low ^ other.low) | (self.high ^ other.high);
        let first = differ & differ.wrapping_neg();
        // At the first difference, compare the values' high bits, then their low bits.
        if (self.high ^ other.high) & first != 0 {
            other.high & first != 0
        } else {
            other.low & first != 0
        }
    }

    /// The board turned about its main diagonal: rows become columns.
    fn transposed(&self) -> Board {
        let mut image = Board {
            height: self.width,
            width: self.height,
            low: 0,
            high: 0,
        };
        for (i, value) in self.cells() {
            let (r, c) = self.at(i);
            image.set(image.index((c, r)), value);
        }
        image
    }

    /// The board turned upside down: its rows in reverse order.
    fn flipped(&self) -> Board {
        let (height, width) = (u32::from(self.height), u32::from(self.width));
        let flip = |plane: u128| {
            // Boards of at most 64 cells (most) are flipped in a u64: cheaper shifts.
            if self.len() <= 64 {
                let (plane, mask) = (plane as u64, u64::MAX >> (64 - width.max(1)));
                (0..height).fold(0u64, |image, r| {
                    image | (plane >> (r * width) & mask) << ((height - 1 - r) * width)
                }) as u128
            } else {
                let mask = row_mask(width as i32);
                (0..height).fold(0u128, |image, r| {
                    image | (plane >> (r * width) & mask) << ((height - 1 - r) * width)
                })
            }
        };
        Board {
            low: flip(self.low),
            high: flip(self.high),
            ..*self
        }
    }

    /// The board given a half turn: its cells in reverse order.
    fn turned(&self) -> Board {
        let unused = (MAX_CELLS - self.len()) as u32;
        let reverse = |plane: u128| {
            if self.len() == 0 {
                0
            } else {
                plane.reverse_bits() >> unused
            }
        };
        Board {
            low: reverse(self.low),
            high: reverse(self.high),
            ..*self
        }
    }

    /// The board with Left's and Right's stones exchanged: LEFT (low bit) and
    /// RIGHT (high bit) swap planes, EMPTY and BLOCKED stay.
    fn swapped(&self) -> Board {
        Board {
            low: self.high,
            high: self.low,
            ..*self
        }
    }
}

/// The `width` lowest bits.
fn row_mask(width: i32) -> u128 {
    if width >= 128 {
        u128::MAX
    } else {
        (1 << width) - 1
    }
}

/// One of the eight symmetries of the rectangle: transpose first (bit 2), then
/// mirror the columns (bit 0) and flip the rows (bit 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symmetry(u8);

impl Symmetry {
    pub const ALL: [Symmetry; 8] = [
        Symmetry(0),
        Symmetry(1),
        Symmetry(2),
        Symmetry(3),
        Symmetry(4),
        Symmetry(5),
        Symmetry(6),
        Symmetry(7),
    ];

    pub fn transposes(self) -> bool {
        self.0 & 4 != 0
    }

    fn mirrors(self) -> bool {
        self.0 & 1 != 0
    }

    fn flips(self) -> bool {
        self.0 & 2 != 0
    }

    /// The image of a step.
    pub fn step(self, (dr, dc): Step) -> Step {
        let (dr, dc) = if self.transposes() {
            (dc, dr)
        } else {
            (dr, dc)
        };
        (
            if self.flips() { -dr } else { dr },
            if self.mirrors() { -dc } else { dc },
        )
    }

    /// The symmetries that map the set `steps` onto itself.
    pub fn keeping(steps: &[Step]) -> Vec<Symmetry> {
        Symmetry::ALL
            .into_iter()
            .filter(|s| steps.iter().all(|&d| steps.contains(&s.step(d))))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        Board::from_rows(&text.split('|').collect::<Vec<_>>()).unwrap()
    }

    #[test]
    fn rows_are_read_cell_by_cell() {
        let b = board("x.|#o");
        assert_eq!((b.height(), b.width()), (2, 2));
        assert_eq!(
            b.cells().map(|(_, v)| v).collect::<Vec<_>>(),
            [LEFT, EMPTY, BLOCKED, RIGHT]
        );
        assert_eq!(b.get((1, 1)), Some(RIGHT));
        assert_eq!(b.get((2, 0)), None);
        assert_eq!(b.get((0, -1)), None);
        assert!(Board::from_rows(&["x.", "o"]).is_none());
        assert!(Board::from_rows(&["xz"]).is_none());
        assert!(b.contains(BLOCKED) && b.contains(EMPTY) && !board("x.o|.x.").contains(BLOCKED));
        let long = Board::from_rows(&[&"x".repeat(40), &format!("{}#", "x".repeat(39))]).unwrap();
        assert!(long.contains(BLOCKED) && !long.contains(RIGHT));
        assert!(Board::from_rows(&vec!["........"; 16]).is_some());
        assert!(
            Board::from_rows(&vec!["........."; 15]).is_none(),
            "135 cells do not fit"
        );
    }

    #[test]
    fn every_image_of_a_board_has_one_least_image() {
        let all: Vec<(Symmetry, bool)> = Symmetry::ALL.iter().map(|&s| (s, false)).collect();
        let images = [
            "xo.|..#", ".ox|#..", "..#|xo.", "#..|.ox", "x.|o.|.#", ".#|o.|x.", "x.|o.|.#",
        ];
        let least = board(images[0]).least_image(&all, false).0;
        for text in images {
            assert_eq!(board(text).least_image(&all, false).0, least, "{text}");
        }
        assert_ne!(board("xx.|..#").least_image(&all, false).0, least);
    }

    #[test]
    fn a_colour_swap_is_a_negation() {
        let identity = [(Symmetry(0), false)];
        let (image, negated) = board("o.x").least_image(&identity, true);
        assert_eq!(board("x.o").least_image(&identity, true), (image, !negated));
        assert!(image == board("x.o") || image == board("o.x"));
    }

    #[test]
    fn symmetries_keep_a_set_of_steps() {
        assert_eq!(Symmetry::keeping(&ORTHOGONAL).len(), 8);
        assert_eq!(Symmetry::keeping(&[(1, 0), (-1, 0)]).len(), 4);
        assert_eq!(Symmetry::keeping(&[(1, 0)]).len(), 2);
        let transposes = Symmetry(4);
        assert_eq!(transposes.step((1, 0)), (0, 1));
    }

    #[test]
    fn regions_are_cropped_and_filled() {
        let mut out = Vec::new();
        board("xo..|....|..#x").regions(|v| v == LEFT || v == RIGHT, &ORTHOGONAL, EMPTY, &mut out);
        assert_eq!(out, vec![board("xo"), board("x")]);
        out.clear();
        board("x#.|#o.").regions(|v| v != BLOCKED, &ORTHOGONAL, BLOCKED, &mut out);
        assert_eq!(out, vec![board("x"), board("#.|o.")]);
        out.clear();
        board("x#.|#o.").regions(|v| v != BLOCKED, &COMPASS, BLOCKED, &mut out);
        assert_eq!(out, vec![board("x#.|#o.")]);
        out.clear();
        board("#o|ox").regions(|v| v != BLOCKED, &[(1, 0), (0, 1)], BLOCKED, &mut out);
        assert_eq!(out, vec![board("#o|ox")], "steps link cells either way");
    }
}
