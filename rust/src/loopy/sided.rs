//! The order of onsides and offsides: the twin of `_right_wins` in `cgt/loopy/sided.py`.
//!
//! For two game graphs `G` and `H`, the states are `(a, b, r)`: the
//! difference `H_b - G_a` with Right to move when `r = 1`.  Left moves `a`
//! to a Right option of `G_a` (a move in `-G`) or `b` to a Left option of
//! `H_b`; Right the other way round.  A move in `H` is *accepting* for the
//! onside, a move in `-G` for the offside; with no side only survival
//! counts.  Right wins a state when Left runs out of moves, or when Right
//! can keep play going forever with finitely many accepting moves: the
//! complement of the Büchi game's winning region for Left, found by
//! alternating backward propagation of losses with Left's attractor to
//! accepting moves until nothing changes.

use super::stopper::{push, states, table, Halt};

/// Which infinite plays Left wins.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Side {
    /// None: only survival counts (the order of stoppers).
    Survival,
    /// Infinitely many moves in `H`.
    Onside,
    /// Infinitely many moves in `-G`.
    Offside,
}

struct Product<'a> {
    g_left: &'a [Vec<u32>],
    g_right: &'a [Vec<u32>],
    h_left: &'a [Vec<u32>],
    h_right: &'a [Vec<u32>],
    rev_g_left: Vec<Vec<u32>>,
    rev_g_right: Vec<Vec<u32>>,
    rev_h_left: Vec<Vec<u32>>,
    rev_h_right: Vec<Vec<u32>>,
    m: usize,
    side: Side,
}

fn reverse(sides: &[Vec<u32>]) -> Vec<Vec<u32>> {
    let mut rev = vec![Vec::new(); sides.len()];
    for (v, options) in sides.iter().enumerate() {
        for &w in options {
            rev[w as usize].push(v as u32);
        }
    }
    rev
}

impl Product<'_> {
    /// State index of `(a, b, r)`.
    fn id(&self, a: usize, b: usize, r: usize) -> usize {
        (a * self.m + b) * 2 + r
    }

    /// The moves from state `s`: (target, accepting).
    fn moves(&self, s: usize, out: &mut Vec<(usize, bool)>) {
        out.clear();
        let (pair, r) = (s / 2, s % 2);
        let (a, b) = (pair / self.m, pair % self.m);
        let (in_g, in_h) = if r == 1 {
            (&self.g_left[a], &self.h_right[b])
        } else {
            (&self.g_right[a], &self.h_left[b])
        };
        for &x in in_g {
            out.push((self.id(x as usize, b, 1 - r), self.side == Side::Offside));
        }
        for &y in in_h {
            out.push((self.id(a, y as usize, 1 - r), self.side == Side::Onside));
        }
    }

    /// The moves into state `t`, one per edge: (source, accepting).
    fn predecessors(&self, t: usize, out: &mut Vec<(usize, bool)>) {
        out.clear();
        let (pair, r) = (t / 2, t % 2);
        let (x, y) = (pair / self.m, pair % self.m);
        // The mover at the source is the other player: Right (1) when r = 0.
        let (into_g, into_h) = if r == 0 {
            (&self.rev_g_left[x], &self.rev_h_right[y])
        } else {
            (&self.rev_g_right[x], &self.rev_h_left[y])
        };
        for &a in into_g {
            out.push((self.id(a as usize, y, 1 - r), self.side == Side::Offside));
        }
        for &b in into_h {
            out.push((self.id(x, b as usize, 1 - r), self.side == Side::Onside));
        }
    }
}

/// Right's wins with Right to move, indexed `a * m + b` (`n` nodes in `G`, `m` in `H`).
pub fn side_right_wins(
    g: (&[Vec<u32>], &[Vec<u32>]),
    h: (&[Vec<u32>], &[Vec<u32>]),
    side: Side,
    poll: &mut dyn FnMut() -> bool,
) -> Result<Vec<u8>, Halt> {
    let (n, m) = (g.0.len(), h.0.len());
    let p = Product {
        g_left: g.0,
        g_right: g.1,
        h_left: h.0,
        h_right: h.1,
        rev_g_left: reverse(g.0),
        rev_g_right: reverse(g.1),
        rev_h_left: reverse(h.0),
        rev_h_right: reverse(h.1),
        m,
        side,
    };
    let states = states(states(n, m)?, 2)?;
    let mut lost = table(states, 0u8)?; // Right wins here
    let mut exits = table(states, 0u32)?;
    let mut buffer = Vec::new();
    let mut work = Vec::new();
    for s in 0..states {
        p.moves(s, &mut buffer);
        exits[s] = buffer.len() as u32;
        if s % 2 == 0 && buffer.is_empty() {
            lost[s] = 1;
            push(&mut work, s)?;
        }
    }
    let mut steps = 0usize;
    let mut tick = |poll: &mut dyn FnMut() -> bool| {
        steps += 1;
        if steps.is_multiple_of(1 << 18) && poll() {
            return Err(Halt::Interrupted);
        }
        Ok(())
    };
    let mut propagate = |work: &mut Vec<usize>,
                         lost: &mut Vec<u8>,
                         exits: &mut Vec<u32>,
                         buffer: &mut Vec<(usize, bool)>,
                         poll: &mut dyn FnMut() -> bool| {
        while let Some(t) = work.pop() {
            tick(poll)?;
            p.predecessors(t, buffer);
            for &(s, _) in buffer.iter() {
                if lost[s] == 1 {
                    continue;
                }
                if s % 2 == 1 {
                    lost[s] = 1; // Right moves to a state Left loses
                    push(work, s)?;
                } else {
                    exits[s] -= 1;
                    if exits[s] == 0 {
                        lost[s] = 1; // every Left move reaches a Right win
                        push(work, s)?;
                    }
                }
            }
        }
        Ok::<(), Halt>(())
    };
    propagate(&mut work, &mut lost, &mut exits, &mut buffer, poll)?;
    if side == Side::Survival {
        return Ok(collect(&lost, n * m));
    }
    let mut good = table(states, 0u8)?;
    let mut pending = table(states, 0u32)?;
    loop {
        // Left's attractor to an accepting move into a state not lost.
        good.fill(0);
        for s in 0..states {
            if lost[s] == 1 {
                continue;
            }
            p.moves(s, &mut buffer);
            let attracted = if s % 2 == 1 {
                pending[s] = buffer.iter().filter(|&&(_, accepting)| !accepting).count() as u32;
                pending[s] == 0
            } else {
                buffer
                    .iter()
                    .any(|&(t, accepting)| accepting && lost[t] == 0)
            };
            if attracted {
                good[s] = 1;
                push(&mut work, s)?;
            }
        }
        while let Some(t) = work.pop() {
            p.predecessors(t, &mut buffer);
            for &(s, accepting) in buffer.iter() {
                if good[s] == 1 || lost[s] == 1 || accepting {
                    continue;
                }
                if s % 2 == 1 {
                    pending[s] -= 1;
                    if pending[s] > 0 {
                        continue;
                    }
                }
                good[s] = 1;
                push(&mut work, s)?;
            }
        }
        // The rest of the undecided states are Right's: play there avoids accepting moves forever.
        for s in 0..states {
            if lost[s] == 0 && good[s] == 0 {
                lost[s] = 1;
                exits[s] = 0;
                push(&mut work, s)?;
            }
        }
        if work.is_empty() {
            return Ok(collect(&lost, n * m));
        }
        propagate(&mut work, &mut lost, &mut exits, &mut buffer, poll)?;
    }
}

fn collect(lost: &[u8], pairs: usize) -> Vec<u8> {
    (0..pairs).map(|pair| lost[2 * pair + 1]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wins(g: (&[Vec<u32>], &[Vec<u32>]), h: (&[Vec<u32>], &[Vec<u32>]), side: Side) -> Vec<u8> {
        side_right_wins(g, h, side, &mut || false).unwrap()
    }

    #[test]
    fn dud_and_on_share_an_onside_but_not_an_offside() {
        let dud = (vec![vec![0]], vec![vec![0]]);
        let on = (vec![vec![0]], vec![vec![]]);
        let (dud, on) = ((&dud.0[..], &dud.1[..]), (&on.0[..], &on.1[..]));
        assert_eq!(wins(on, dud, Side::Onside), vec![0]); // on <= dud in the onside
        assert_eq!(wins(dud, on, Side::Onside), vec![0]); // dud <= on in the onside
        assert_eq!(wins(on, dud, Side::Offside), vec![1]); // not on <= dud in the offside
        assert_eq!(wins(on, dud, Side::Survival), vec![0]);
    }
}
