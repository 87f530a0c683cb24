//! The impartial variant of Clobber on one row, for the nimber search: rows of
//! hundreds of stones (MCGS's strips), past what a grid board holds.
//!
//! In the variant either player moves any stone onto an adjacent stone of the
//! other colour, which is removed, and the stone's own cell empties.  With the
//! colours swapped nothing changes, so a run of `n` stones is told by its
//! `n - 1` boundaries, `d_k = 1` where stones `k` and `k + 1` differ.  A move
//! is made across a boundary `d_k = 1` and splits the run:
//!
//! - stone `k` moves right: stones `0..k` stay as they were (`d_0 .. d_{k-2}`),
//!   and stone `k + 1` takes stone `k`'s colour, so the boundary after it
//!   turns over (`!d_{k+1}, d_{k+2}, ...`);
//! - stone `k + 1` moves left: the mirror image (`d_0, ..., !d_{k-1}` and
//!   `d_{k+2}, ...`).
//!
//! A part without a boundary of 1 (stones of one colour) has no move and is
//! dropped; a part and its reversal are one component.

use super::nimber::{Impartial, More};

/// Words of a run's boundaries: runs of up to `64 * WORDS + 1` stones.
const WORDS: usize = 10;
/// The most boundaries a run may have.
pub const MAX_BOUNDARIES: usize = 64 * WORDS;

/// The boundaries of a run of stones, bit `k` of the words `d_k`; the bits past `len` are 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Run {
    len: u16,
    words: [u64; WORDS],
}

impl Run {
    const EMPTY: Run = Run {
        len: 0,
        words: [0; WORDS],
    };

    /// The run of the stones `colours` (each `x` or `o`), or None when it is too long.
    fn of(colours: &[u8]) -> Option<Run> {
        let len = colours.len().saturating_sub(1);
        if len > MAX_BOUNDARIES {
            return None;
        }
        let mut run = Run {
            len: len as u16,
            ..Run::EMPTY
        };
        for k in 0..len {
            if colours[k] != colours[k + 1] {
                run.flip(k);
            }
        }
        Some(run)
    }

    fn len(&self) -> usize {
        usize::from(self.len)
    }

    fn get(&self, k: usize) -> bool {
        self.words[k / 64] >> (k % 64) & 1 == 1
    }

    fn flip(&mut self, k: usize) {
        self.words[k / 64] ^= 1 << (k % 64);
    }

    fn has_move(&self) -> bool {
        self.words.iter().any(|&w| w != 0)
    }

    /// The boundaries `from..to` as a run of their own.
    fn slice(&self, from: usize, to: usize) -> Run {
        let mut part = Run {
            len: (to - from) as u16,
            ..Run::EMPTY
        };
        let (skip, shift) = (from / 64, from % 64);
        for j in 0..WORDS - skip {
            let low = self.words[skip + j] >> shift;
            let high = match (shift, self.words.get(skip + j + 1)) {
                (0, _) | (_, None) => 0,
                (_, Some(&next)) => next << (64 - shift),
            };
            part.words[j] = low | high;
        }
        let len = to - from;
        for j in 0..WORDS {
            let kept = len.saturating_sub(64 * j).min(64);
            part.words[j] &= if kept == 64 { !0 } else { (1 << kept) - 1 };
        }
        part
    }

    /// The run read from its other end.
    fn reversed(&self) -> Run {
        let mut all = Run {
            len: MAX_BOUNDARIES as u16,
            ..Run::EMPTY
        };
        for j in 0..WORDS {
            all.words[WORDS - 1 - j] = self.words[j].reverse_bits();
        }
        all.slice(MAX_BOUNDARIES - self.len(), MAX_BOUNDARIES)
    }

    /// The standard one of the run and its reversal.
    fn canonical(&self) -> Run {
        (*self).min(self.reversed())
    }
}

/// The impartial variant of Clobber on one row.
pub struct ClobberRow;

impl ClobberRow {
    /// The runs of the row `cells` (`x`, `o`, and `.` or `#` between runs), or None when a
    /// character is none of these or a run is too long.
    pub fn runs(cells: &[u8]) -> Option<Vec<Run>> {
        if cells.iter().any(|c| !b"xo.#".contains(c)) {
            return None;
        }
        cells
            .split(|c| !b"xo".contains(c))
            .filter(|stones| !stones.is_empty())
            .map(Run::of)
            .collect()
    }

    /// Append `part` to `out` in standard form, unless it has no move.
    fn keep(part: Run, out: &mut Vec<Run>) {
        if part.has_move() {
            out.push(part.canonical());
        }
    }
}

impl Impartial for ClobberRow {
    type Position = Vec<Run>;
    type Component = Run;

    fn components(&self, runs: &Vec<Run>, out: &mut Vec<Run>) {
        for &run in runs {
            ClobberRow::keep(run, out);
        }
    }

    fn options(&self, run: &Run, parts: &mut Vec<Run>, ends: &mut Vec<usize>, more: More<Run>) {
        let m = run.len();
        let across: Vec<usize> = (0..m).filter(|&k| run.get(k)).collect();
        let n = 2 * across.len();
        for &k in &across {
            // Stone k moves right: stones 0..k, then stones k+1.. with the first boundary turned.
            let start = parts.len();
            if k >= 1 {
                ClobberRow::keep(run.slice(0, k - 1), parts);
            }
            if k + 1 < m {
                let mut right = run.slice(k + 1, m);
                right.flip(0);
                ClobberRow::keep(right, parts);
            }
            ends.push(parts.len());
            if !more(n, &parts[start..]) {
                return;
            }
            // Stone k+1 moves left: stones 0..=k with the last boundary turned, then stones k+2..
            let start = parts.len();
            if k >= 1 {
                let mut left = run.slice(0, k);
                left.flip(k - 1);
                ClobberRow::keep(left, parts);
            }
            if k + 2 <= m {
                ClobberRow::keep(run.slice(k + 2, m), parts);
            }
            ends.push(parts.len());
            if !more(n, &parts[start..]) {
                return;
            }
        }
    }

    fn size(&self, run: &Run) -> u32 {
        u32::from(run.len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::grid::Board;
    use crate::rulesets::stones::{GenClobber, Stones};
    use crate::solve::nimber::NimSearch;
    use crate::solve::variant::ImpartialVariant;

    #[test]
    fn slices_and_reversals_keep_the_boundaries() {
        let colours: Vec<u8> = (0..300)
            .map(|i| if i % 3 == 0 { b'x' } else { b'o' })
            .collect();
        let run = Run::of(&colours).unwrap();
        let part = run.slice(70, 200);
        assert_eq!(part.len(), 130);
        assert!((0..130).all(|k| part.get(k) == run.get(70 + k)));
        let back = run.reversed();
        assert!((0..run.len()).all(|k| back.get(k) == run.get(run.len() - 1 - k)));
        assert_eq!(back.reversed(), run);
    }

    #[test]
    fn rows_have_the_nimbers_of_the_grid_search_of_the_variant() {
        let mut rows = NimSearch::new(ClobberRow, 1 << 20);
        let mut grid = NimSearch::new(
            ImpartialVariant(Stones::<GenClobber, u128>::new(GenClobber::clobber())),
            1 << 20,
        );
        let mut texts: Vec<String> = [
            "xoxoxoxoxoxoxoxoxoxo",
            "xxoxxoxxoxxoxxo.xoox",
            "xooxoxxxo#oxoxxoxo",
            "oxxxxoxoooxoxx",
        ]
        .map(String::from)
        .to_vec();
        // Rows of more than 128 moves, up to the grid's 127 cells.
        texts.extend([120, 126, 127].map(|n| "xo".repeat(64)[..n].to_string()));
        for text in &texts {
            let runs = ClobberRow::runs(text.as_bytes()).unwrap();
            let board = Board::<u128>::from_rows(&[text.as_bytes()]).unwrap();
            let expected = grid.nimber(&board, &mut |_| false).unwrap();
            assert_eq!(
                rows.nimber(&runs, &mut |_| false).unwrap(),
                expected,
                "{text}"
            );
        }
    }
}
