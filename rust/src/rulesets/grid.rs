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

/// The most cells a board may have: two bits a cell in four words.
pub const MAX_CELLS: usize = 128;

/// A board: `height` rows of `width` cells, row by row, two bits a cell
/// (the first cell in the highest bits).
///
/// Boards are small values (no allocation), ordered by height, then width,
/// then cells in reading order; the least image of a board stands for its
/// symmetry class.
#[derive(Clone, Copy, Debug, Eq, PartialOrd, Ord)]
pub struct Board {
    height: u8,
    width: u8,
    bits: [u64; 4],
}

// Word by word, for the transposition tables (a derived comparison calls memcmp).
impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.bits[0] == other.bits[0]
            && self.bits[1] == other.bits[1]
            && self.bits[2] == other.bits[2]
            && self.bits[3] == other.bits[3]
            && self.height == other.height
            && self.width == other.width
    }
}

impl std::hash::Hash for Board {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let [a, b, c, d] = self.bits;
        state.write_u64(a ^ b.rotate_left(17) ^ c.rotate_left(31) ^ d.rotate_left(47));
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
            bits: [0; 4],
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
        (self.bits[i / 32] >> (62 - 2 * (i % 32)) & 3) as u8
    }

    pub fn set(&mut self, i: usize, value: u8) {
        let shift = 62 - 2 * (i % 32);
        self.bits[i / 32] = self.bits[i / 32] & !(3 << shift) | u64::from(value) << shift;
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
        let pattern = 0x5555_5555_5555_5555u64 * u64::from(value);
        (0..self.len()).step_by(32).any(|start| {
            let word = self.bits[start / 32];
            let cells = (self.len() - start).min(32);
            // A pair of bits equal to `value` is a pair of zeros in word ^ pattern.
            let differ = word ^ pattern;
            let zero_pairs = !(differ | differ >> 1) & 0x5555_5555_5555_5555;
            let valid = if cells == 32 {
                u64::MAX
            } else {
                !(u64::MAX >> (2 * cells))
            };
            zero_pairs & valid != 0
        })
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
        let mut best: Option<(View, bool)> = None;
        for &(symmetry, negates) in symmetries {
            for swapped in [false, true] {
                if swapped && !swap {
                    continue;
                }
                let view = View::new(self, symmetry, swapped);
                if best.is_none_or(|(least, _)| view.is_less(self, &least)) {
                    best = Some((view, negates ^ swapped));
                }
            }
        }
        let (view, negated) = best.expect("the identity is a symmetry");
        (view.board(self), negated)
    }
}

/// How to read an image of a board under a symmetry (and maybe a colour swap):
/// image cell (r, c) is board cell `origin + r * down + c * right`.
#[derive(Clone, Copy)]
struct View {
    height: i32,
    width: i32,
    origin: i32,
    down: i32,
    right: i32,
    swapped: bool,
}

impl View {
    fn new(board: &Board, symmetry: Symmetry, swapped: bool) -> View {
        let (h, w) = (board.height(), board.width());
        let (mut down, mut right) = if symmetry.transposes() {
            (1, w)
        } else {
            (w, 1)
        };
        let (height, width) = if symmetry.transposes() {
            (w, h)
        } else {
            (h, w)
        };
        let mut origin = 0;
        if symmetry.flips() {
            origin += (height - 1) * down;
            down = -down;
        }
        if symmetry.mirrors() {
            origin += (width - 1) * right;
            right = -right;
        }
        View {
            height,
            width,
            origin,
            down,
            right,
            swapped,
        }
    }

    /// Image cell `(r, c)` of `board`.
    fn cell(&self, board: &Board, r: i32, c: i32) -> u8 {
        let value = board.cell((self.origin + r * self.down + c * self.right) as usize);
        // A swap exchanges LEFT (01) and RIGHT (10): flip both bits when they differ.
        if self.swapped {
            value ^ (((value ^ value >> 1) & 1) * 3)
        } else {
            value
        }
    }

    /// Whether this image of `board` orders before image `other`, stopping at the first difference.
    fn is_less(&self, board: &Board, other: &View) -> bool {
        if (self.height, self.width) != (other.height, other.width) {
            return (self.height, self.width) < (other.height, other.width);
        }
        for r in 0..self.height {
            for c in 0..self.width {
                let (a, b) = (self.cell(board, r, c), other.cell(board, r, c));
                if a != b {
                    return a < b;
                }
            }
        }
        false
    }

    fn board(&self, board: &Board) -> Board {
        let mut image = Board::empty(self.height as usize, self.width as usize)
            .expect("an image has as many cells");
        for r in 0..self.height {
            for c in 0..self.width {
                image.set((r * self.width + c) as usize, self.cell(board, r, c));
            }
        }
        image
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
