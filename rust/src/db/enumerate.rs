//! Fixed polyominoes by Redelmeier's algorithm, sharded, and their board strings: the twin
//! of `cgt/db/enumerate.py`, which documents the method.
//!
//! Both must deal the same polyominoes to the same shard (a build may mix
//! shards computed by either), so the search here visits the nodes in the same
//! order: the untried cells are a stack, and a new cell's neighbours are tried
//! in the order right, left, down, up.

/// Shards are dealt the partial polyominoes of this many cells (`n - 1` if fewer).
pub const SPLIT_SIZE: usize = 10;

/// The eight symmetries of the square, `(row, col) -> (a*row + b*col, c*row + d*col)`, in the
/// order of `cgt.db.enumerate.DIHEDRAL`: the first four keep rows as rows (the
/// identity, the two reflections in the axes, the half turn), the last four transpose.
pub const DIHEDRAL: [[i32; 4]; 8] = [
    [1, 0, 0, 1],
    [-1, 0, 0, 1],
    [1, 0, 0, -1],
    [-1, 0, 0, -1],
    [0, 1, 1, 0],
    [0, 1, -1, 0],
    [0, -1, 1, 0],
    [0, -1, -1, 0],
];

/// Redelmeier's search for the polyominoes of `n` cells in one shard.
struct Search {
    n: usize,
    width: usize,
    split: usize,
    shard: u64,
    shards: u64,
    node: u64,
    seen: Vec<bool>,
    polyomino: Vec<usize>,
    cells: Vec<(i32, i32)>,
}

/// Calls `visit` with each fixed polyomino of `n` cells of shard `shard` of `shards`, as its
/// cells `(row, col)` with least row and least column 0, in the order of
/// `cgt.db.enumerate.fixed_polyominoes`; stops at the first error `visit` returns.
pub fn fixed_polyominoes<E>(
    n: usize,
    shard: u64,
    shards: u64,
    visit: &mut impl FnMut(&[(i32, i32)]) -> Result<(), E>,
) -> Result<(), E> {
    assert!(n >= 1 && shard < shards, "n >= 1 and shard < shards");
    // Cell (row, col) is number (row + 1) * width + col + n: the origin is width + n, and
    // the cells numbered below it are exactly the ones not allowed.
    let width = 2 * n + 1;
    let origin = width + n;
    let mut seen = vec![false; (n + 2) * width];
    seen[..=origin].fill(true);
    let mut search = Search {
        n,
        width,
        split: (n - 1).min(SPLIT_SIZE),
        shard,
        shards,
        node: 0,
        seen,
        polyomino: Vec::with_capacity(n),
        cells: Vec::with_capacity(n),
    };
    search.grow(vec![origin], visit)
}

impl Search {
    fn grow<E>(
        &mut self,
        mut untried: Vec<usize>,
        visit: &mut impl FnMut(&[(i32, i32)]) -> Result<(), E>,
    ) -> Result<(), E> {
        if self.polyomino.len() == self.split {
            let node = self.node;
            self.node += 1;
            if node % self.shards != self.shard {
                return Ok(());
            }
        }
        if self.polyomino.len() == self.n - 1 {
            for &cell in &untried {
                self.visit_with(cell, visit)?;
            }
            return Ok(());
        }
        while let Some(cell) = untried.pop() {
            let (mut new, mut added) = ([0; 4], 0);
            for c in [cell + 1, cell - 1, cell + self.width, cell - self.width] {
                if !self.seen[c] {
                    self.seen[c] = true;
                    new[added] = c;
                    added += 1;
                }
            }
            let mut child = Vec::with_capacity(untried.len() + added);
            child.extend_from_slice(&untried);
            child.extend_from_slice(&new[..added]);
            self.polyomino.push(cell);
            let grown = self.grow(child, visit);
            self.polyomino.pop();
            for &c in &new[..added] {
                self.seen[c] = false;
            }
            grown?;
        }
        Ok(())
    }

    /// Visit the polyomino plus `cell`, normalised.
    fn visit_with<E>(
        &mut self,
        cell: usize,
        visit: &mut impl FnMut(&[(i32, i32)]) -> Result<(), E>,
    ) -> Result<(), E> {
        let (width, n) = (self.width, self.n);
        self.cells.clear();
        self.cells.extend(
            self.polyomino
                .iter()
                .chain([&cell])
                .map(|&i| ((i / width) as i32 - 1, (i % width) as i32 - n as i32)),
        );
        let left = self.cells.iter().map(|&(_, col)| col).min().unwrap_or(0);
        for cell in &mut self.cells {
            cell.1 -= left;
        }
        visit(&self.cells)
    }
}

/// The board string of the image of `cells` under `symmetry` (see [`DIHEDRAL`]), written into
/// `board`: translated to row 0 and column 0, `.` a cell, `#` none, rows joined by `|`
/// (`cgt.db.enumerate.encode`).
pub fn image(cells: &[(i32, i32)], symmetry: [i32; 4], board: &mut Vec<u8>) {
    let [a, b, c, d] = symmetry;
    let moved = |&(row, col): &(i32, i32)| (a * row + b * col, c * row + d * col);
    let (mut top, mut left, mut bottom, mut right) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
    for (row, col) in cells.iter().map(moved) {
        top = top.min(row);
        bottom = bottom.max(row);
        left = left.min(col);
        right = right.max(col);
    }
    let stride = (right - left + 2) as usize;
    let height = (bottom - top + 1) as usize;
    board.clear();
    board.resize(height * stride - 1, b'#');
    for i in 1..height {
        board[i * stride - 1] = b'|';
    }
    for (row, col) in cells.iter().map(moved) {
        board[(row - top) as usize * stride + (col - left) as usize] = b'.';
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(n: usize, shards: u64) -> usize {
        let mut found = 0;
        for shard in 0..shards {
            fixed_polyominoes(n, shard, shards, &mut |_| {
                found += 1;
                Ok::<(), ()>(())
            })
            .unwrap();
        }
        found
    }

    #[test]
    fn fixed_polyomino_counts_are_oeis_a001168() {
        let a001168 = [1, 2, 6, 19, 63, 216, 760, 2725, 9910, 36446, 135268, 505861];
        for (n, &expected) in (1..).zip(a001168.iter()) {
            assert_eq!(count(n, 1), expected, "n = {n}");
        }
        assert_eq!(count(12, 7), 505861);
    }

    #[test]
    fn images_are_board_strings() {
        let cells = [(0, 1), (1, 0), (1, 1)];
        let mut board = Vec::new();
        image(&cells, DIHEDRAL[0], &mut board);
        assert_eq!(board, b"#.|..");
        image(&cells, DIHEDRAL[3], &mut board);
        assert_eq!(board, b"..|.#");
        image(&[(0, 0), (0, 1), (0, 2)], DIHEDRAL[4], &mut board);
        assert_eq!(board, b".|.|.");
    }
}
