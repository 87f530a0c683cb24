//! The sparse-space kernel for nim sequences of octal games (the twin of
//! `cgt/impartial/_compiled_octal.py`, whose docstring states the method).
//!
//! The options of heap `n` are `0` (take all of it), `g(n - r)` (take `r`,
//! leave one heap) and `g(a) ^ g(m - a)` (take `r`, split `m = n - r`), and
//! `g(n) = mex S(n)`.  Under a mask `M`, a value `v` is *common* when
//! `popcount(v & M)` is odd and *rare* otherwise; a common option has exactly
//! one rare part, so every common value of `S(n)` comes from a short list of
//! *rows* `(d, x)`, each giving the option `x ^ g(n - d)`.  The least common
//! value `c` the rows miss is `g(n)` unless some rare value below `c` is not
//! an option; the splits are scanned (most useful ones first) until each such
//! value is seen.  Every value is proved from smaller heaps: the mask, the
//! block size and the ranking change the speed only.

/// `row.excl` when the row's move exists at every heap.
const EVERY_HEAP: u64 = u64::MAX;
/// Splits `(a, rest - a)` with `a` below this are counted for the ranking.
const HIT_ROWS: usize = 1 << 16;
/// How many of the most useful splits are tried first when certifying.
const RANKED: usize = 4096;

/// How a split move divides the rest of the heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Split {
    /// Into two nonempty heaps, of any sizes.
    Free,
    /// Into two nonempty heaps of different sizes.
    Unequal,
    /// Into two equal nonempty heaps (always the option 0).
    Equal,
}

/// The option `x ^ g(n - d)` at every heap `n > d`, except at `n = excl`.
#[derive(Clone, Copy, Debug)]
struct Row {
    d: u64,
    x: u32,
    excl: u64,
}

/// Why `extend` stopped before its target.
#[derive(Debug, PartialEq, Eq)]
pub enum Halt {
    /// `poll` asked to stop (a pending Ctrl-C).
    Interrupted,
    /// A value reached 2^32.
    Overflow,
}

/// The nim values `g(0), g(1), ...` of one octal game and the state that makes more of them cheap.
pub struct OctalKernel {
    take_all: Vec<u64>,
    leave_one: Vec<u64>,
    /// The splits into two heaps that may differ: `(r, unequal)`.
    pairs: Vec<(u64, bool)>,
    equal: Vec<u64>,
    g: Vec<u32>,
    /// `counts[v]`: how many heaps have the value `v`.
    counts: Vec<u64>,
    /// Values stay below `2^bits`, so every option does too.
    bits: u32,
    mask: u32,
    /// `common[v]` for `v <= 2^bits`.
    common: Vec<bool>,
    rows: Vec<Row>,
    /// Whether `rows` were built for the current mask.
    rows_ready: bool,
    hits: Vec<u32>,
    /// Scratch for `certify`: `(rest, largest a)` per split.
    scans: Vec<(usize, usize)>,
    order: Vec<u32>,
    block: usize,
    rank_every: usize,
    next_rank: usize,
}

impl OctalKernel {
    /// A kernel continuing `values` (which start with `g(0) = 0`).
    pub fn new(
        take_all: Vec<u64>,
        leave_one: Vec<u64>,
        splits: &[(u64, Split)],
        values: Vec<u32>,
        block: usize,
        rank_every: usize,
    ) -> Self {
        let bits = bit_length(values.iter().copied().max().unwrap_or(0));
        let next_rank = values.len() + rank_every;
        let mut counts = Vec::new();
        for &v in &values {
            count(&mut counts, v);
        }
        OctalKernel {
            counts,
            take_all,
            leave_one,
            pairs: splits
                .iter()
                .filter(|(_, kind)| *kind != Split::Equal)
                .map(|&(r, kind)| (r, kind == Split::Unequal))
                .collect(),
            equal: splits
                .iter()
                .filter(|(_, kind)| *kind == Split::Equal)
                .map(|&(r, _)| r)
                .collect(),
            g: values,
            bits,
            mask: 0,
            common: Vec::new(),
            rows: Vec::new(),
            rows_ready: false,
            hits: vec![0; HIT_ROWS],
            scans: Vec::new(),
            order: Vec::new(),
            block,
            rank_every,
            next_rank,
        }
    }

    /// The values known: `g(0), ..., g(len - 1)`.
    pub fn values(&self) -> &[u32] {
        &self.g
    }

    /// How many heaps have each value: `counts()[v]` for `v` up to the largest value.
    pub fn counts(&self) -> &[u64] {
        &self.counts
    }

    /// Use `mask` to tell common values from rare ones from now on.
    pub fn set_mask(&mut self, mask: u32) {
        if mask != self.mask {
            self.mask = mask;
            self.common.clear();
            self.rows_ready = false;
        }
    }

    /// Compute the values up to `g(n)`, asking `poll` between blocks whether to stop.
    pub fn extend(&mut self, n: usize, poll: &mut dyn FnMut() -> bool) -> Result<(), Halt> {
        while self.g.len() <= n {
            if self.g.len() >= self.next_rank {
                self.rank();
            }
            self.prepare();
            let end = (n + 1).min(self.next_rank);
            self.extend_to(end, poll)?;
        }
        Ok(())
    }

    /// The common flags and rows for the current mask and value range.
    fn prepare(&mut self) {
        let top = 2usize << self.bits;
        if self.common.len() < top {
            let mask = self.mask;
            self.common = (0..top as u32)
                .map(|v| (v & mask).count_ones() & 1 == 1)
                .collect();
        }
        if !self.rows_ready {
            self.rows = self
                .leave_one
                .iter()
                .map(|&r| Row {
                    d: r,
                    x: 0,
                    excl: EVERY_HEAP,
                })
                .collect();
            for &(r, unequal) in &self.pairs {
                for (p, &x) in self.g.iter().enumerate().skip(1) {
                    if !self.common[x as usize] {
                        self.rows.push(row(r, p as u64, x, unequal));
                    }
                }
            }
            self.rows_ready = true;
        }
    }

    /// Set `g(len)..g(end - 1)`, or stop early when a value reaches `2^bits` (the tables widen).
    fn extend_to(&mut self, end: usize, poll: &mut dyn FnMut() -> bool) -> Result<(), Halt> {
        let stride = 1usize << self.bits;
        let mut table = vec![false; self.block * stride];
        let mut need = vec![false; stride];
        let mut local: Vec<usize> = Vec::new();
        while self.g.len() < end {
            if poll() {
                return Err(Halt::Interrupted);
            }
            let n0 = self.g.len();
            let width = self.block.min(end - n0);
            table[..width * stride].fill(false);
            local.clear();
            for (i, row) in self.rows.iter().enumerate() {
                let d = row.d as usize;
                if d >= width && d < n0 {
                    // Heaps n - d all lie before the block: mark the whole block at once.
                    let partner = &self.g[n0 - d..n0 - d + width];
                    let skip = row.excl.wrapping_sub(n0 as u64).min(width as u64) as usize;
                    mark(&mut table, stride, row.x, &partner[..skip], 0);
                    if skip < width {
                        mark(&mut table, stride, row.x, &partner[skip + 1..], skip + 1);
                    }
                } else {
                    local.push(i);
                }
            }
            for n in n0..n0 + width {
                let line = &mut table[(n - n0) * stride..(n - n0 + 1) * stride];
                let value = self.value(n, line, &mut need, &local);
                self.g.push(value);
                count(&mut self.counts, value);
                if !self.common[value as usize] {
                    for &(r, unequal) in &self.pairs {
                        local.push(self.rows.len());
                        self.rows.push(row(r, n as u64, value, unequal));
                    }
                }
                if value as usize >= stride {
                    self.bits = bit_length(value);
                    if self.bits >= 32 {
                        return Err(Halt::Overflow);
                    }
                    self.prepare();
                    return Ok(());
                }
            }
        }
        Ok(())
    }

    /// `g(n)`, given the options its block's bulk rows marked in `line`.
    fn value(&mut self, n: usize, line: &mut [bool], need: &mut [bool], local: &[usize]) -> u32 {
        for &i in local {
            let row = self.rows[i];
            if (row.d as usize) < n && row.excl != n as u64 {
                line[(row.x ^ self.g[n - row.d as usize]) as usize] = true;
            }
        }
        if self.take_all.contains(&(n as u64)) {
            line[0] = true;
        }
        if self
            .equal
            .iter()
            .any(|&r| n as u64 >= r + 2 && (n as u64 - r).is_multiple_of(2))
        {
            line[0] = true;
        }
        let stride = line.len();
        let c = (0..stride)
            .find(|&v| self.common[v] && !line[v])
            .unwrap_or(stride);
        let mut missing = 0;
        for v in 0..c {
            if !line[v] {
                need[v] = true;
                missing += 1;
            }
        }
        if missing == 0 {
            return c as u32;
        }
        self.certify(n, need, missing);
        let mut value = c;
        for v in (0..c).rev() {
            if need[v] {
                value = v;
                need[v] = false;
            }
        }
        value as u32
    }

    /// Scan the splits of heap `n`, ranked ones first, clearing `need` for each value seen.
    ///
    /// Split `(a, rest - a)` of each `rest = n - r` is tried for `a = 1, 2, ...`,
    /// a stretch of `a` at a time for every `r`.
    fn certify(&mut self, n: usize, need: &mut [bool], mut missing: usize) {
        self.scans.clear();
        for &(r, unequal) in &self.pairs {
            let rest = n.saturating_sub(r as usize);
            let top = if unequal {
                rest.saturating_sub(1) / 2
            } else {
                rest / 2
            };
            self.scans.push((rest, top));
        }
        let g = &self.g;
        for &(rest, top) in &self.scans {
            for &a in &self.order {
                let a = a as usize;
                if a > top {
                    continue;
                }
                let v = (g[a] ^ g[rest - a]) as usize;
                if need[v] {
                    need[v] = false;
                    self.hits[a] += 1;
                    missing -= 1;
                    if missing == 0 {
                        return;
                    }
                }
            }
        }
        let longest = self.scans.iter().map(|&(_, top)| top).max().unwrap_or(0);
        let mut first = 1;
        while first <= longest {
            let last = longest.min(2 * first + 64);
            for &(rest, top) in &self.scans {
                if top < first {
                    continue;
                }
                let stretch = first..=last.min(top);
                let partners = g[..rest].iter().rev().skip(first - 1);
                for (a, (&x, &y)) in stretch.clone().zip(g[stretch].iter().zip(partners)) {
                    let v = (x ^ y) as usize;
                    if need[v] {
                        need[v] = false;
                        if a < HIT_ROWS {
                            self.hits[a] += 1;
                        }
                        missing -= 1;
                        if missing == 0 {
                            return;
                        }
                    }
                }
            }
            first = last + 1;
        }
    }

    /// Rank the splits by how often they supplied a missing rare value lately.
    fn rank(&mut self) {
        let mut used: Vec<usize> = (0..HIT_ROWS).filter(|&a| self.hits[a] > 0).collect();
        used.sort_by_key(|&a| std::cmp::Reverse(self.hits[a]));
        used.truncate(RANKED);
        self.order = used.into_iter().map(|a| a as u32).collect();
        for hit in &mut self.hits {
            *hit /= 2;
        }
        self.next_rank = self.g.len() + self.rank_every;
    }
}

/// The row of rare heap `p` and split `r`: the option `g(p) ^ g(n - r - p)`.
fn row(r: u64, p: u64, x: u32, unequal: bool) -> Row {
    Row {
        d: r + p,
        x,
        excl: if unequal { r + 2 * p } else { EVERY_HEAP },
    }
}

/// Mark `x ^ partner[j]` on the line of heap `first + j`.
fn mark(table: &mut [bool], stride: usize, x: u32, partner: &[u32], first: usize) {
    for (line, &p) in table[first * stride..]
        .chunks_exact_mut(stride)
        .zip(partner)
    {
        line[(x ^ p) as usize & (stride - 1)] = true;
    }
}

fn count(counts: &mut Vec<u64>, v: u32) {
    let v = v as usize;
    if counts.len() <= v {
        counts.resize(v + 1, 0);
    }
    counts[v] += 1;
}

fn bit_length(v: u32) -> u32 {
    32 - v.leading_zeros()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `g(0..=n)` by the definition: the mex of every option.
    fn by_definition(
        take_all: &[u64],
        leave_one: &[u64],
        splits: &[(u64, Split)],
        n: usize,
    ) -> Vec<u32> {
        let mut g = vec![0u32];
        for m in 1..=n {
            let mut seen = std::collections::HashSet::new();
            if take_all.contains(&(m as u64)) {
                seen.insert(0);
            }
            for &r in leave_one {
                if (r as usize) < m {
                    seen.insert(g[m - r as usize]);
                }
            }
            for &(r, kind) in splits {
                let rest = m.saturating_sub(r as usize);
                for a in 1..rest {
                    let b = rest - a;
                    let allowed = match kind {
                        Split::Free => a <= b,
                        Split::Unequal => a < b,
                        Split::Equal => a == b,
                    };
                    if allowed {
                        seen.insert(g[a] ^ g[b]);
                    }
                }
            }
            g.push((0..).find(|v| !seen.contains(v)).unwrap());
        }
        g
    }

    fn kernel_values(
        splits: &[(u64, Split)],
        n: usize,
        block: usize,
        rank_every: usize,
        mask: u32,
    ) -> Vec<u32> {
        let mut kernel = OctalKernel::new(vec![1], vec![1], splits, vec![0], block, rank_every);
        kernel.set_mask(mask);
        kernel.extend(n, &mut || false).unwrap();
        kernel.values().to_vec()
    }

    #[test]
    fn every_block_and_mask_gives_the_definition() {
        let splits = [(0, Split::Unequal), (1, Split::Free), (2, Split::Equal)];
        let expected = by_definition(&[1], &[1], &splits, 600);
        for (block, rank_every, mask) in [(1, 3, 0), (3, 17, 1), (64, 4096, 6), (7, 64, 0xfe)] {
            assert_eq!(
                kernel_values(&splits, 600, block, rank_every, mask),
                expected
            );
        }
    }

    #[test]
    fn grundys_game_starts_as_oeis_a002188() {
        let mut kernel =
            OctalKernel::new(vec![], vec![], &[(0, Split::Unequal)], vec![0], 64, 4096);
        kernel.extend(20, &mut || false).unwrap();
        assert_eq!(
            kernel.values(),
            [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
        );
    }

    #[test]
    fn a_poll_that_says_stop_stops_with_the_values_so_far_intact() {
        let splits = [(0, Split::Unequal)];
        let mut kernel = OctalKernel::new(vec![], vec![], &splits, vec![0], 4, 4096);
        let mut polls = 0;
        let halted = kernel.extend(100, &mut || {
            polls += 1;
            polls > 3
        });
        assert_eq!(halted, Err(Halt::Interrupted));
        let known = kernel.values().len();
        assert!(known < 101);
        kernel.extend(100, &mut || false).unwrap();
        let expected = by_definition(&[], &[], &splits, 100);
        assert_eq!(kernel.values(), expected);
        for (v, &c) in kernel.counts().iter().enumerate() {
            assert_eq!(
                c as usize,
                expected.iter().filter(|&&w| w as usize == v).count()
            );
        }
    }
}
