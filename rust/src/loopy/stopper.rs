//! Survival in differences of stoppers: the twin of `right_wins` in `cgt/loopy/stopper.py`.
//!
//! For every pair of nodes `(g, h)` of one game graph, the state `G_g - G_h`
//! with Left to move and with Right to move.  Right *wins* when Left runs out
//! of moves after finitely many; the wins are the least fixed point of
//! retrograde analysis: a Left-to-move state is won when every Left move
//! (`g` to a Left option, or `h` to a Right option) reaches a won
//! Right-to-move state, a Right-to-move state when some Right move (`g` to a
//! Right option, `h` to a Left option) reaches a won Left-to-move state.

/// Why an analysis stopped early.
#[derive(Debug, PartialEq, Eq)]
pub enum Halt {
    /// The poll asked to stop (a pending Ctrl-C).
    Interrupted,
    /// A table did not fit in memory.
    OutOfMemory,
}

/// A table of `len` copies of `value`, allocated fallibly.
pub fn table<T: Clone>(len: usize, value: T) -> Result<Vec<T>, Halt> {
    let mut items = Vec::new();
    items
        .try_reserve_exact(len)
        .map_err(|_| Halt::OutOfMemory)?;
    items.resize(len, value);
    Ok(items)
}

/// Push `item` onto `items`, which grows fallibly.
pub fn push<T>(items: &mut Vec<T>, item: T) -> Result<(), Halt> {
    if items.len() == items.capacity() {
        items.try_reserve(1).map_err(|_| Halt::OutOfMemory)?;
    }
    items.push(item);
    Ok(())
}

/// `a * b` states, or [`Halt::OutOfMemory`] when the count itself overflows.
pub fn states(a: usize, b: usize) -> Result<usize, Halt> {
    a.checked_mul(b).ok_or(Halt::OutOfMemory)
}

/// Right's wins `(left_to_move, right_to_move)`, each indexed `g * n + h`.
///
/// `poll` is called every so often; when it returns true the analysis stops
/// with [`Halt::Interrupted`] (nothing is kept: the tables are rebuilt next
/// time).  Tables that do not fit in memory are [`Halt::OutOfMemory`].
pub fn right_wins(
    left: &[Vec<u32>],
    right: &[Vec<u32>],
    poll: &mut dyn FnMut() -> bool,
) -> Result<(Vec<u8>, Vec<u8>), Halt> {
    let n = left.len();
    let reverse = |sides: &[Vec<u32>]| {
        let mut rev = vec![Vec::new(); n];
        for (v, options) in sides.iter().enumerate() {
            for &w in options {
                rev[w as usize].push(v as u32);
            }
        }
        rev
    };
    let (rev_left, rev_right) = (reverse(left), reverse(right));
    let pairs = states(n, n)?;
    let mut escapes = table(pairs, 0u32)?;
    let mut win_l = table(pairs, 0u8)?;
    let mut win_r = table(pairs, 0u8)?;
    // Queue entries: state * 2 + (1 when Right is to move).
    let mut queue: Vec<usize> = Vec::new();
    for (g, left_g) in left.iter().enumerate() {
        for (h, right_h) in right.iter().enumerate() {
            let s = g * n + h;
            escapes[s] = (left_g.len() + right_h.len()) as u32;
            if escapes[s] == 0 {
                win_l[s] = 1;
                push(&mut queue, 2 * s)?;
            }
        }
    }
    let mut steps = 0usize;
    while let Some(entry) = queue.pop() {
        steps += 1;
        if steps.is_multiple_of(1 << 20) && poll() {
            return Err(Halt::Interrupted);
        }
        let (state, right_to_move) = (entry / 2, entry % 2 == 1);
        let (g, h) = (state / n, state % n);
        if !right_to_move {
            // Left to move at (g, h) is lost: Right wins wherever Right moved here from.
            let back = rev_right[g].iter().map(|&g2| g2 as usize * n + h);
            let back = back.chain(rev_left[h].iter().map(|&h2| g * n + h2 as usize));
            for t in back {
                if win_r[t] == 0 {
                    win_r[t] = 1;
                    push(&mut queue, 2 * t + 1)?;
                }
            }
        } else {
            // Right to move wins at (g, h): one escape fewer wherever Left moved here from.
            let back = rev_left[g].iter().map(|&g2| g2 as usize * n + h);
            let back = back.chain(rev_right[h].iter().map(|&h2| g * n + h2 as usize));
            for t in back {
                if win_l[t] == 0 {
                    escapes[t] -= 1;
                    if escapes[t] == 0 {
                        win_l[t] = 1;
                        push(&mut queue, 2 * t)?;
                    }
                }
            }
        }
    }
    Ok((win_l, win_r))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_too_large_for_memory_is_out_of_memory_not_an_abort() {
        let huge = std::hint::black_box(usize::MAX / 8); // 2^63 bytes of u32s
        assert_eq!(
            std::hint::black_box(table(huge, 0u32)).err(),
            Some(Halt::OutOfMemory)
        );
        assert_eq!(states(usize::MAX, 2), Err(Halt::OutOfMemory));
    }

    /// The index of the pair (g, h) in a table over `nodes` nodes.
    fn pair(nodes: usize, g: usize, h: usize) -> usize {
        g * nodes + h
    }

    #[test]
    fn over_is_above_zero_and_not_below_it() {
        // Node 0 = over = {0|pass}, node 1 = 0.
        let left = vec![vec![1], vec![]];
        let right = vec![vec![0], vec![]];
        let (_, win_r) = right_wins(&left, &right, &mut || false).unwrap();
        assert_eq!(win_r[pair(2, 0, 1)], 0); // Left survives over - 0 moving second: over >= 0
        assert_eq!(win_r[pair(2, 1, 0)], 1); // Right wins 0 - over with Left second: not 0 >= over
    }

    #[test]
    fn on_survives_everything_and_off_nothing() {
        // Node 0 = on = {pass|}, node 1 = off = {|pass}, node 2 = 0.
        let left = vec![vec![0], vec![], vec![]];
        let right = vec![vec![], vec![1], vec![]];
        let (_, win_r) = right_wins(&left, &right, &mut || false).unwrap();
        for h in 0..3 {
            assert_eq!(win_r[pair(3, 0, h)], 0, "on >= node {h}");
        }
        assert_eq!(win_r[pair(3, 1, 2)], 1, "off is not >= 0");
    }

    #[test]
    fn a_poll_that_says_stop_interrupts() {
        let n = 1100; // more than 2^20 queue steps
        let left: Vec<Vec<u32>> = (0..n).map(|_| vec![]).collect();
        let right = left.clone();
        assert_eq!(
            right_wins(&left, &right, &mut || true),
            Err(Halt::Interrupted)
        );
    }
}
