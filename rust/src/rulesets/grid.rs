//! Boards of cells on a rectangular grid (the twin of `cgt/rulesets/grid.py`).
//!
//! A cell is [`EMPTY`] (`.`), [`LEFT`] (`x`, Left's stone), [`RIGHT`] (`o`,
//! Right's stone) or [`BLOCKED`] (`#`, off the board).  The eight symmetries
//! of the rectangle act on boards (and on the steps pieces move by), and a
//! board splits into regions: the parts of a set of cells linked by steps.

use num_traits::PrimInt;
use std::fmt::Debug;
use std::hash::{Hash, Hasher};

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

/// The integer type of a board's planes, one bit a cell: `u64` for boards of at
/// most 64 cells (most: half the room in a search's tables), `u128` for any board.
pub trait Plane: PrimInt + Hash + Debug + Send + 'static {
    /// How many cells a plane holds.
    const CELLS: usize;

    /// The plane as a u128.
    fn widen(self) -> u128;

    /// The low bits of `x` as a plane.
    fn narrow(x: u128) -> Self;
}

impl Plane for u64 {
    const CELLS: usize = 64;

    fn widen(self) -> u128 {
        u128::from(self)
    }

    fn narrow(x: u128) -> u64 {
        x as u64
    }
}

impl Plane for u128 {
    const CELLS: usize = 128;

    fn widen(self) -> u128 {
        self
    }

    fn narrow(x: u128) -> u128 {
        x
    }
}

/// A board: `height` rows of `width` cells, bit `r * width + c` for cell
/// (r, c) in two planes, `low` and `high`, the two bits of the cell's value
/// (so `x` stones are `low & !high`).
///
/// Boards are small values (no allocation); the least image of a board under
/// its ruleset's symmetries stands for its class.  Packed to an alignment of 4
/// (36 bytes, not 48, with u128 planes; 20 with u64 ones): searches hold many boards.
/// The derived order (field by field) is only a total order for sorting sets of boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[repr(C, packed(4))]
pub struct Board<P: Plane = u128> {
    height: u8,
    width: u8,
    low: P,
    high: P,
}

impl<P: Plane> Hash for Board<P> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let mixed = self.low.widen() ^ self.high.widen().rotate_left(61);
        state.write_u64((mixed as u64) ^ ((mixed >> 64) as u64).rotate_left(29));
        state.write_u16(u16::from(self.height) << 8 | u16::from(self.width));
    }
}

impl<P: Plane> Board<P> {
    /// An empty board of `height` rows and `width` columns, if it has at most
    /// as many cells as a plane holds (and at most [`MAX_CELLS`]) and 255 rows and columns.
    pub fn empty(height: usize, width: usize) -> Option<Board<P>> {
        let fits = height <= 255 && width <= 255 && height * width <= P::CELLS;
        fits.then_some(Board {
            height: height as u8,
            width: width as u8,
            low: P::zero(),
            high: P::zero(),
        })
    }

    /// The board of `rows` (`.`, `x`, `o`, `#` per cell, rows of equal
    /// length), or None when a character is none of these or the board has
    /// more cells than a plane holds.
    pub fn from_rows<R: AsRef<[u8]>>(rows: &[R]) -> Option<Board<P>> {
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

    /// The same board with planes of type `Q`, if they hold its cells.
    pub fn resized<Q: Plane>(&self) -> Option<Board<Q>> {
        Some(Board {
            height: self.height,
            width: self.width,
            low: Q::from(self.low)?,
            high: Q::from(self.high)?,
        })
        .filter(|_| self.len() <= Q::CELLS)
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
        let bit = |plane: P| u8::from(!(plane >> i & P::one()).is_zero());
        bit(self.low) | bit(self.high) << 1
    }

    pub fn set(&mut self, i: usize, value: u8) {
        let bit = P::one() << i;
        let plane = |plane: P, on: u8| if on != 0 { plane | bit } else { plane & !bit };
        self.low = plane(self.low, value & 1);
        self.high = plane(self.high, value & 2);
    }

    /// The cells holding `value`, one bit a cell.
    pub fn mask(&self, value: u8) -> P {
        let low = if value & 1 != 0 { self.low } else { !self.low };
        let high = if value & 2 != 0 {
            self.high
        } else {
            !self.high
        };
        low & high & self.all()
    }

    /// Every cell, one bit a cell.
    pub fn all(&self) -> P {
        low_bits(self.len())
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
    pub fn with(&self, changes: &[((i32, i32), u8)]) -> Board<P> {
        let mut board = *self;
        for &(cell, value) in changes {
            board.set(self.index(cell), value);
        }
        board
    }

    /// A copy where the cells of `cells` (one bit a cell) that hold stone
    /// `value` (LEFT or RIGHT) are empty and the empty ones hold it.
    pub fn toggled(&self, value: u8, cells: P) -> Board<P> {
        let mut board = *self;
        if value == LEFT {
            board.low = board.low ^ cells;
        } else {
            board.high = board.high ^ cells;
        }
        board
    }

    /// A copy where the cells of `cells` (one bit a cell) are blocked.
    pub fn blocked(&self, cells: P) -> Board<P> {
        let mut board = *self;
        board.low = board.low | cells;
        board.high = board.high | cells;
        board
    }

    /// Whether some cell holds `value`.
    pub fn contains(&self, value: u8) -> bool {
        !self.mask(value).is_zero()
    }

    /// The parts of the cells for which `member` holds, linked by `steps`
    /// (either way): each cropped to its bounding box, the box's other cells
    /// set to `fill`.
    pub fn regions(
        &self,
        member: impl Fn(u8) -> bool,
        steps: &[Step],
        fill: u8,
        out: &mut Vec<Board<P>>,
    ) {
        if Orthogonal::<P>::steps_are_orthogonal(steps) {
            return self.orthogonal_regions(member, fill, out);
        }
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
            let cells = part[..size]
                .iter()
                .fold(P::zero(), |acc, &i| acc | P::one() << usize::from(i));
            out.push(self.crop(cells, fill));
        }
    }

    /// Cells `start..start + length` of a board of one row or one column, as a
    /// board of that shape.
    pub fn segment(&self, start: usize, length: usize) -> Board<P> {
        let kept = low_bits::<P>(length);
        let (height, width) = if self.height == 1 {
            (1, length)
        } else {
            (length, 1)
        };
        Board {
            height: height as u8,
            width: width as u8,
            low: (self.low >> start) & kept,
            high: (self.high >> start) & kept,
        }
    }

    /// A board of one row or one column with the cells of `cut` taken out, the
    /// others closing up in order.
    pub fn without(&self, cut: P) -> Board<P> {
        let mut board = *self;
        // From the last cell cut to the first, so each index still names its cell.
        let mut rest = cut;
        while !rest.is_zero() {
            let i = P::CELLS - 1 - rest.leading_zeros() as usize;
            rest = rest & !(P::one() << i);
            let below = (P::one() << i) - P::one();
            let close = |plane: P| (plane & below) | ((plane >> 1) & !below);
            board.low = close(board.low);
            board.high = close(board.high);
        }
        let length = self.len() - cut.count_ones() as usize;
        if self.height == 1 {
            board.width = length as u8;
        } else {
            board.height = length as u8;
        }
        board
    }

    /// [`Board::regions`] with the orthogonal steps, by shifts of the planes.
    pub fn orthogonal_regions(
        &self,
        member: impl Fn(u8) -> bool,
        fill: u8,
        out: &mut Vec<Board<P>>,
    ) {
        let members = (0..4u8)
            .filter(|&v| member(v))
            .fold(P::zero(), |acc, v| acc | self.mask(v));
        let mut rest = members;
        if self.height == 1 || self.width == 1 {
            // On one row or one column a region is a run of cells, cut out whole.
            while !rest.is_zero() {
                let start = rest.trailing_zeros() as usize;
                let length = (!(rest >> start)).trailing_zeros() as usize;
                let run = self.segment(start, length);
                rest = rest & !(run.all() << start);
                out.push(run);
            }
            return;
        }
        let around = Orthogonal::of(self);
        while !rest.is_zero() {
            let region = around.fill(lowest(rest), members);
            rest = rest & !region;
            out.push(self.crop(region, fill));
        }
    }

    /// The cells of `part` (one bit a cell) in their bounding box, the box's other
    /// cells `fill`: row by row, by shifts of the planes.
    pub fn crop(&self, part: P, fill: u8) -> Board<P> {
        let w = usize::from(self.width);
        let row_of = |plane: P, r: usize| (plane >> (r * w)) & low_bits::<P>(w);
        let mut occupied = (0..usize::from(self.height)).filter(|&r| !row_of(part, r).is_zero());
        let r0 = occupied.next().expect("a part has a cell");
        let r1 = occupied.last().unwrap_or(r0);
        let columns = (r0..=r1).fold(P::zero(), |acc, r| acc | row_of(part, r));
        let c0 = columns.trailing_zeros() as usize;
        let c1 = P::CELLS - 1 - columns.leading_zeros() as usize;
        let (height, width) = (r1 - r0 + 1, c1 - c0 + 1);
        let mut board = Board::empty(height, width).expect("a part of a board fits");
        let kept = low_bits::<P>(width);
        for r in r0..=r1 {
            let inside = row_of(part, r);
            let outside = !inside;
            let at = (r - r0) * width;
            let place = |plane: P| ((plane >> c0) & kept) << at;
            let filled = |bit: u8| if fill & bit != 0 { outside } else { P::zero() };
            board.low = board.low | place((row_of(self.low, r) & inside) | filled(1));
            board.high = board.high | place((row_of(self.high, r) & inside) | filled(2));
        }
        board
    }

    /// The least image of this board under `symmetries`: the image and whether
    /// the board is worth its negative.
    ///
    /// Images are ordered by their rows, then their columns, then their planes
    /// as integers (`high`, then `low`).  Of two images that tie (a board worth
    /// both a value and its negative: either will do) the later one is taken.
    pub fn least_image(&self, symmetries: Symmetries) -> (Board<P>, bool) {
        if self.len() <= 64 {
            self.least_small_image(symmetries)
        } else {
            self.least_large_image(symmetries)
        }
    }

    /// The board with the two players' stones swapped.
    pub fn swapped(&self) -> Board<P> {
        Board {
            low: self.high,
            high: self.low,
            ..*self
        }
    }

    /// Whether some negating symmetry of `symmetries` maps the board onto
    /// itself, so that it is worth its own negative.  Told only where the
    /// colour swap is the one negating symmetry (with the others composed):
    /// then exactly when the swapped board has the board's least image under
    /// the symmetries that keep the colours.  False otherwise.
    pub fn self_negative(&self, symmetries: Symmetries) -> bool {
        if !symmetries.swap || symmetries.negating != 0 {
            return false;
        }
        let keeping = Symmetries::new(symmetries.kept, 0, false);
        self.least_image(keeping).0 == self.swapped().least_image(keeping).0
    }

    /// [`Board::least_image`] of a board of at most 64 cells (most boards), faster: its two
    /// planes packed in one u128, `high` in the upper half, so that a half turn of both is one
    /// bit reversal, a colour swap is a rotation, and packed images order as images do.
    fn least_small_image(&self, symmetries: Symmetries) -> (Board<P>, bool) {
        let (height, width) = (u32::from(self.height), u32::from(self.width));
        let cells = height * width;
        let swapped = |image: u128| image.rotate_left(64);
        let turned = |image: u128| match cells {
            0 => image,
            _ => swapped(image.reverse_bits() >> (64 - cells)),
        };
        let flipped = |image: u128, rows: u32, columns: u32| {
            let row = u64::MAX >> (64 - columns.max(1));
            let flip = |plane: u64| {
                (0..rows).fold(0, |flipped, r| {
                    flipped | (plane >> (r * columns) & row) << ((rows - 1 - r) * columns)
                })
            };
            u128::from(flip(image as u64)) | u128::from(flip((image >> 64) as u64)) << 64
        };
        // The images of a board under the symmetries that do not transpose, in the order of
        // their bits (mirror columns: bit 0, flip rows: bit 1); a mirror image is a flip turned.
        let images = |image: u128, rows: u32, columns: u32| {
            let upside_down = flipped(image, rows, columns);
            [image, turned(upside_down), upside_down, turned(image)]
        };
        let packed = self.high.widen() << 64 | self.low.widen();
        // Images with fewer rows come first: transposed ones when the board has more rows than
        // columns (and a symmetry transposes), else upright ones, both when it is square; every
        // competing image has as many rows and columns, and the least packed image wins.
        let transposing = height >= width && symmetries.transposing();
        let upright = height <= width || !transposing;
        let mut best = (u128::MAX, false);
        let mut consider = |images: [u128; 4], kept: u8, negating: u8| {
            for (k, image) in images.into_iter().enumerate() {
                if kept >> k & 1 == 0 {
                    continue;
                }
                let negates = negating >> k & 1 != 0;
                if image <= best.0 {
                    best = (image, negates);
                }
                if symmetries.swap && swapped(image) <= best.0 {
                    best = (swapped(image), !negates);
                }
            }
        };
        let Symmetries { kept, negating, .. } = symmetries;
        if upright {
            consider(images(packed, height, width), kept & 0xf, negating & 0xf);
        }
        if transposing {
            let (mut rest, mut image) = (packed, 0u128);
            while rest != 0 {
                let bit = rest.trailing_zeros();
                rest &= rest - 1;
                let (plane, i) = (bit & 64, bit & 63);
                image |= 1 << (plane + i % width * height + i / width);
            }
            consider(images(image, width, height), kept >> 4, negating >> 4);
        }
        let (image, negated) = best;
        let (rows, columns) = if upright {
            (height, width)
        } else {
            (width, height)
        };
        let plane = |bits: u128| P::from(bits & u128::from(u64::MAX)).expect("the image fits");
        let board = Board {
            height: rows as u8,
            width: columns as u8,
            low: plane(image),
            high: plane(image >> 64),
        };
        (board, negated)
    }

    /// [`Board::least_image`] of any board, its planes turned one by one.
    fn least_large_image(&self, symmetries: Symmetries) -> (Board<P>, bool) {
        let (height, width) = (u32::from(self.height), u32::from(self.width));
        let planes = [self.low, self.high];
        // A transposed image of a board with fewer rows than columns has more rows: never least.
        let transposing = height >= width && symmetries.transposing();
        let transposed = transposing.then(|| planes.map(|p| transpose(p, height, width)));
        // Ties as in `least_small_image`: the last of the least images.
        let mut best: Option<((u32, u32, P, P), bool)> = None;
        for (symmetry, negates) in symmetries.each() {
            let ((rows, columns), [low, high]) = match (symmetry.transposes(), transposed) {
                (false, _) => ((height, width), planes),
                (true, Some(transposed)) => ((width, height), transposed),
                (true, None) => continue,
            };
            let image = |p: P| match (symmetry.flips(), symmetry.mirrors()) {
                (false, false) => p,
                (true, false) => flip(p, rows, columns),
                (true, true) => turn(p, rows * columns),
                (false, true) => flip(turn(p, rows * columns), rows, columns),
            };
            let (low, high) = (image(low), image(high));
            let swapped = ((rows, columns, low, high), !negates);
            for (key, negated) in [((rows, columns, high, low), negates), swapped] {
                if best.is_none_or(|(least, _)| key <= least) {
                    best = Some((key, negated));
                }
                if !symmetries.swap {
                    break;
                }
            }
        }
        let ((rows, columns, high, low), negated) = best.expect("the identity is a symmetry");
        let board = Board {
            height: rows as u8,
            width: columns as u8,
            low,
            high,
        };
        (board, negated)
    }
}

/// A plane of `rows` rows of `columns` cells turned upside down: its rows in reverse order.
/// Orthogonal neighbourhoods on a board's planes, by shifts: the cells next to
/// a set of cells, and the cells a set reaches through another.
pub struct Orthogonal<P: Plane> {
    width: usize,
    rows: bool,
    all: P,
    not_first: P,
    not_last: P,
}

impl<P: Plane> Orthogonal<P> {
    pub fn of(board: &Board<P>) -> Orthogonal<P> {
        let width = usize::from(board.width);
        let mut first = P::zero();
        for r in 0..usize::from(board.height) {
            first = first | (P::one() << (r * width));
        }
        let last = if width == 0 {
            P::zero()
        } else {
            first << (width - 1)
        };
        let all = board.all();
        Orthogonal {
            width,
            rows: board.height > 1,
            all,
            not_first: all & !first,
            not_last: all & !last,
        }
    }

    /// The cells next to some cell of `x` (a shift by a whole row only when there are rows to
    /// shift to: a row of 128 cells fills a u128).
    pub fn around(&self, x: P) -> P {
        let across = ((x << 1) & self.not_first) | ((x >> 1) & self.not_last);
        let along = if self.rows {
            (x << self.width) | (x >> self.width)
        } else {
            P::zero()
        };
        (across | along) & self.all
    }

    /// Whether `steps` and their reverses are the four orthogonal steps.
    pub fn steps_are_orthogonal(steps: &[Step]) -> bool {
        let both = |&(dr, dc): &Step| steps.contains(&(dr, dc)) || steps.contains(&(-dr, -dc));
        steps.iter().all(|step| ORTHOGONAL.contains(step)) && ORTHOGONAL.iter().all(both)
    }

    /// The cells of `x`, each moved by the orthogonal `step` (those moved off the board dropped).
    pub fn shifted(&self, x: P, (dr, dc): Step) -> P {
        let moved = match (dr, dc) {
            (0, 1) => (x << 1) & self.not_first,
            (0, -1) => (x >> 1) & self.not_last,
            (1, 0) if self.rows => x << self.width,
            (-1, 0) if self.rows => x >> self.width,
            _ => P::zero(),
        };
        moved & self.all
    }

    /// The cells of `within` that `seed` reaches through `within`.
    pub fn fill(&self, seed: P, within: P) -> P {
        let mut x = seed & within;
        loop {
            let y = (x | self.around(x)) & within;
            if y == x {
                return x;
            }
            x = y;
        }
    }
}

/// The `n` lowest bits set (all of them if `n` is a plane's size).
fn low_bits<P: Plane>(n: usize) -> P {
    if n >= P::CELLS {
        P::max_value()
    } else {
        (P::one() << n) - P::one()
    }
}

/// The lowest set bit of `x` (zero for zero).
pub fn lowest<P: Plane>(x: P) -> P {
    if x.is_zero() {
        x
    } else {
        x & !(x - P::one())
    }
}

/// The set bits of `x`, as cell indices, lowest first.
pub fn bits<P: Plane>(mut x: P) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if x.is_zero() {
            return None;
        }
        let i = x.trailing_zeros() as usize;
        x = x & (x - P::one());
        Some(i)
    })
}

pub fn flip<P: PrimInt>(plane: P, rows: u32, columns: u32) -> P {
    if columns == 0 {
        return plane;
    }
    let row = P::max_value() >> (P::zero().count_zeros() - columns) as usize;
    (0..rows).fold(P::zero(), |image, r| {
        image | (plane >> (r * columns) as usize & row) << ((rows - 1 - r) * columns) as usize
    })
}

/// A plane of `cells` cells given a half turn: its cells in reverse order.
pub fn turn<P: PrimInt>(plane: P, cells: u32) -> P {
    if cells == 0 {
        return plane;
    }
    plane.reverse_bits() >> (P::zero().count_zeros() - cells) as usize
}

/// A plane of `rows` rows of `columns` cells turned about its main diagonal: rows become columns.
fn transpose<P: PrimInt>(mut plane: P, rows: u32, columns: u32) -> P {
    let mut image = P::zero();
    while !plane.is_zero() {
        let i = plane.trailing_zeros();
        plane = plane & (plane - P::one());
        let (r, c) = (i / columns, i % columns);
        image = image | P::one() << (c * rows + r) as usize;
    }
    image
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
}

/// Some of the rectangle's symmetries, each with whether it negates a value, and
/// whether a colour swap (which negates) is one too: those that keep a ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symmetries {
    /// Bit k set when `Symmetry(k)` is one.
    kept: u8,
    /// Bit k set when `Symmetry(k)` negates.
    negating: u8,
    swap: bool,
}

impl Symmetries {
    /// Every symmetry of the rectangle and the colour swap, none of the symmetries negating.
    pub const EVERY: Symmetries = Symmetries::new(0xff, 0, true);

    /// The symmetries `Symmetry(k)` for the bits k of `kept`, negating for the bits of
    /// `negating`, and the colour swap when `swap`.
    pub const fn new(kept: u8, negating: u8, swap: bool) -> Symmetries {
        Symmetries {
            kept,
            negating: negating & kept,
            swap,
        }
    }

    /// The symmetries that map the set `steps` onto itself (none negating), and the colour
    /// swap when `swap`.
    pub fn keeping(steps: &[Step], swap: bool) -> Symmetries {
        let keeps = |s: &Symmetry| steps.iter().all(|&d| steps.contains(&s.step(d)));
        let kept = Symmetry::ALL
            .iter()
            .filter(|s| keeps(s))
            .fold(0, |kept, s| kept | 1 << s.0);
        Symmetries::new(kept, 0, swap)
    }

    /// The symmetries, each with whether it negates.
    fn each(self) -> impl Iterator<Item = (Symmetry, bool)> {
        Symmetry::ALL
            .into_iter()
            .filter(move |s| self.kept >> s.0 & 1 != 0)
            .map(move |s| (s, self.negating >> s.0 & 1 != 0))
    }

    fn transposing(self) -> bool {
        self.kept & 0xf0 != 0
    }
}

/// The board written `text` (rows joined by `|`), for tests.
#[cfg(test)]
pub(crate) fn board(text: &str) -> Board {
    Board::from_rows(&text.split('|').collect::<Vec<_>>()).unwrap()
}

/// The next of a test's pseudo-random numbers (Marsaglia's xorshift), `seed` advanced.
#[cfg(test)]
pub(crate) fn xorshift(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

/// A test's board text of `height` rows of `width` cells, each drawn from `cells`, `seed` advanced.
#[cfg(test)]
pub(crate) fn random_text(seed: &mut u64, height: usize, width: usize, cells: &[char]) -> String {
    let row = |seed: &mut u64| -> String {
        (0..width)
            .map(|_| cells[(xorshift(seed) >> 8) as usize % cells.len()])
            .collect()
    };
    (0..height).map(|_| row(seed)).collect::<Vec<_>>().join("|")
}

#[cfg(test)]
mod tests;
