//! Partizan games on heaps and cakes (the twin of `cgt/rulesets/heaps.py` and `cake.py`).
//!
//! Both are played with two heap rulesets, Left's and Right's, given as tables
//! of heap options ([`HeapTable`], filled in by Python up to the largest heap
//! a position needs).  A move replaces one piece by a sum of pieces: in a
//! partizan heap game a heap by the heaps of one of the mover's options; in
//! CGSuite's `GenCutcake` a cake `(a, b)` by the cakes `(a, k)` for the heaps
//! `k` of a Left option on `b`, or `(k, b)` for those of a Right option on `a`
//! (the twisted form swaps the coordinates after the move).

use super::search::{Player, Rules};
use std::collections::TryReserveError;

/// The options of the heaps `0, 1, ..., len - 1` under one heap ruleset: each
/// option a list of heap sizes (its summands).
#[derive(Default)]
pub struct HeapTable {
    /// Where each heap's options start in `summand_starts` (one entry more than heaps).
    option_starts: Vec<usize>,
    /// Where each option's summands start in `summands` (one entry more than options).
    summand_starts: Vec<usize>,
    summands: Vec<u32>,
}

impl HeapTable {
    pub fn new() -> HeapTable {
        HeapTable {
            option_starts: vec![0],
            summand_starts: vec![0],
            summands: Vec::new(),
        }
    }

    /// How many heap sizes the table covers.
    #[allow(clippy::len_without_is_empty)] // a table of no heaps still has a start
    pub fn len(&self) -> usize {
        self.option_starts.len() - 1
    }

    /// Add the options of the next heap size; the room is reserved fallibly.
    pub fn push(&mut self, options: &[Vec<u32>]) -> Result<(), TryReserveError> {
        let count: usize = options.iter().map(Vec::len).sum();
        self.summands.try_reserve(count)?;
        self.summand_starts.try_reserve(options.len())?;
        self.option_starts.try_reserve(1)?;
        for option in options {
            self.summands.extend_from_slice(option);
            self.summand_starts.push(self.summands.len());
        }
        self.option_starts.push(self.summand_starts.len() - 1);
        Ok(())
    }

    /// How many options heap `n` has (none past the table).
    pub fn count(&self, n: u32) -> usize {
        let n = n as usize;
        if n >= self.len() {
            return 0;
        }
        self.option_starts[n + 1] - self.option_starts[n]
    }

    /// The summands of option `index` of heap `n` (which must be in the table).
    pub fn option(&self, n: u32, index: u32) -> &[u32] {
        let k = self.option_starts[n as usize] + index as usize;
        &self.summands[self.summand_starts[k]..self.summand_starts[k + 1]]
    }
}

/// How pieces are played: heaps (the first coordinate unused), cakes, twisted cakes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    Heaps,
    Cakes,
    TwistedCakes,
}

/// A piece `(a, b)`, or what a move from one leaves: option `index` of the
/// mover's ruleset (Left's when `left`) at that piece, a sum of pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    At(u32, u32),
    After {
        from: (u32, u32),
        left: bool,
        index: u32,
    },
}

/// Partizan heaps or cakes over two tables of heap options.
pub struct HeapRules {
    left: HeapTable,
    right: HeapTable,
    shape: Shape,
    /// Whether a cake turned a quarter, `(b, a)`, is worth the negative of `(a, b)`
    /// (so when Left's and Right's rulesets are the same).
    transpose_negates: bool,
}

impl HeapRules {
    pub fn new(shape: Shape, transpose_negates: bool) -> HeapRules {
        HeapRules {
            left: HeapTable::new(),
            right: HeapTable::new(),
            shape,
            transpose_negates,
        }
    }

    /// The tables, Left's and Right's, to fill in.
    pub fn tables_mut(&mut self) -> (&mut HeapTable, &mut HeapTable) {
        (&mut self.left, &mut self.right)
    }

    /// How many heap sizes both tables cover.
    pub fn covered(&self) -> usize {
        self.left.len().min(self.right.len())
    }

    /// The heap `player` moves on in piece `(a, b)`, and how a heap `k` of
    /// the option makes a piece.
    fn side(&self, (a, b): (u32, u32), left: bool) -> (&HeapTable, u32, impl Fn(u32) -> Piece) {
        let table = if left { &self.left } else { &self.right };
        let (heap, other, first) = match (self.shape, left) {
            (Shape::Heaps, _) => (b, 0, false),
            (Shape::Cakes, true) => (b, a, false),
            (Shape::Cakes, false) => (a, b, true),
            (Shape::TwistedCakes, true) => (a, b, false),
            (Shape::TwistedCakes, false) => (b, a, true),
        };
        let piece = move |k| {
            if first {
                Piece::At(k, other)
            } else {
                Piece::At(other, k)
            }
        };
        (table, heap, piece)
    }

    fn live(&self, at: (u32, u32)) -> bool {
        [true, false].into_iter().any(|left| {
            let (table, heap, _) = self.side(at, left);
            table.count(heap) > 0
        })
    }
}

impl Rules for HeapRules {
    type Position = Piece;

    fn components(&self, piece: &Piece, out: &mut Vec<Piece>) {
        match *piece {
            Piece::At(a, b) => {
                if self.live((a, b)) {
                    out.push(*piece);
                }
            }
            Piece::After { from, left, index } => {
                let (table, heap, make) = self.side(from, left);
                for &k in table.option(heap, index) {
                    let Piece::At(a, b) = make(k) else { continue };
                    if self.live((a, b)) {
                        out.push(Piece::At(a, b));
                    }
                }
            }
        }
    }

    fn canonical(&self, piece: &Piece) -> (Piece, bool) {
        match *piece {
            Piece::At(a, b) if self.transpose_negates && self.shape != Shape::Heaps && a > b => {
                (Piece::At(b, a), true)
            }
            _ => (*piece, false),
        }
    }

    fn moves(&self, piece: &Piece, player: Player, out: &mut Vec<Piece>) {
        let Piece::At(a, b) = *piece else { return };
        let left = player == Player::Left;
        let (table, heap, _) = self.side((a, b), left);
        out.extend((0..table.count(heap) as u32).map(|index| Piece::After {
            from: (a, b),
            left,
            index,
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Engine, Id, ZERO};
    use crate::rulesets::search::Search;

    /// A table of `ruleset`'s options for heaps up to `top`.
    fn table(top: u32, ruleset: impl Fn(u32) -> Vec<Vec<u32>>) -> HeapTable {
        let mut t = HeapTable::new();
        for n in 0..=top {
            t.push(&ruleset(n)).unwrap();
        }
        t
    }

    /// Take-and-break 4.0: split a heap into two nonempty heaps (Cutcake's rule).
    fn split(n: u32) -> Vec<Vec<u32>> {
        (1..=n / 2).map(|k| vec![k, n - k]).collect()
    }

    /// Take-and-break 0.7: take one, leaving none, one or two heaps (Eatcake's rule).
    fn eat(n: u32) -> Vec<Vec<u32>> {
        (0..n)
            .filter(|&k| k <= n - 1 - k)
            .map(|k| [k, n - 1 - k].into_iter().filter(|&h| h > 0).collect())
            .collect()
    }

    type Ruleset = fn(u32) -> Vec<Vec<u32>>;

    fn rules(shape: Shape, top: u32, left: Ruleset, right: Ruleset, same: bool) -> HeapRules {
        let mut r = HeapRules::new(shape, same);
        let (l, rt) = r.tables_mut();
        *l = table(top, left);
        *rt = table(top, right);
        r
    }

    fn integer(e: &mut Engine, n: i32) -> Id {
        let mut g = ZERO;
        for _ in 0..n.abs() {
            g = if n > 0 {
                e.canon(&[g], &[]).unwrap()
            } else {
                e.canon(&[], &[g]).unwrap()
            };
        }
        g
    }

    #[test]
    fn a_table_lists_options_by_heap() {
        let t = table(4, split);
        assert_eq!(t.len(), 5);
        assert_eq!((t.count(0), t.count(4), t.count(9)), (0, 2, 0));
        assert_eq!(t.option(4, 1), &[2, 2]);
    }

    #[test]
    fn cutcake_is_winning_ways_table() {
        // Cutcake (rows, columns), Left splitting the columns: 1x4 is 3, 2x4 is 1, 4x2 is -1.
        let mut e = Engine::default();
        let mut search = Search::new(rules(Shape::Cakes, 8, split, split, true), 1 << 12);
        let expected = [
            ((1, 4), 3),
            ((2, 4), 1),
            ((4, 2), -1),
            ((8, 0), -7),
            ((8, 8), 0),
        ];
        for ((a, b), v) in expected {
            let g = integer(&mut e, v);
            assert_eq!(
                search.value(&mut e, &Piece::At(a, b)).unwrap(),
                g,
                "({a}, {b})"
            );
        }
    }

    #[test]
    fn turn_and_eatcake_row_8() {
        // GameHeapTest.scala: TurnAndEatcake((8, n)), n = 0..8: 0, v, 0, v, 0, v<3>, 0, v, 0.
        let mut e = Engine::default();
        let mut search = Search::new(rules(Shape::TwistedCakes, 8, eat, eat, true), 1 << 12);
        let star = e.canon(&[ZERO], &[ZERO]).unwrap();
        let down = e.canon(&[star], &[ZERO]).unwrap();
        for (n, &is_down) in [false, true, false, true, false].iter().enumerate() {
            let g = search.value(&mut e, &Piece::At(8, n as u32)).unwrap();
            assert_eq!(g, if is_down { down } else { ZERO }, "(8, {n})");
        }
    }

    #[test]
    fn partizan_heaps_sum_their_options() {
        // Left splits (4.0), Right eats (0.7), worked by hand: heap 1 = {|0} = -1.
        let mut e = Engine::default();
        let mut search = Search::new(rules(Shape::Heaps, 6, split, eat, false), 1 << 12);
        let minus_one = integer(&mut e, -1);
        assert_eq!(search.value(&mut e, &Piece::At(0, 1)).unwrap(), minus_one);
        // Heap 2: Left to 1 + 1 = -2, Right to heap 1 = -1: {-2 | -1} = -3/2.
        let minus_two = integer(&mut e, -2);
        let expected = e.canon(&[minus_two], &[minus_one]).unwrap();
        assert_eq!(search.value(&mut e, &Piece::At(0, 2)).unwrap(), expected);
    }
}
