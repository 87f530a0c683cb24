//! Colouring games on graphs (the twin of `cgt/rulesets/graph_colouring.py`):
//! CGSuite's family `GenCol`, whose members are Col, Snort and Fjords.
//!
//! A position is reduced as CGSuite keeps it: coloured vertices are gone, and
//! each uncoloured vertex has a *tint*, the colours of its coloured
//! neighbours ([`UNTINTED`], [`BLUE`], [`RED`]; both would make it dead, and
//! it is gone too).  A player may colour a vertex whose tint is in their
//! permitted set; colouring it removes it and adds the mover's colour to its
//! neighbours' tints.

use super::graph::{below, bit, bits, Graph, GraphGame, Layout, Row};
use super::search::Player;

/// An uncoloured vertex with no coloured neighbour.
pub const UNTINTED: u8 = 0;
/// An uncoloured vertex next to a blue (Left's) one: CGSuite's label `Left`.
pub const BLUE: u8 = 1;
/// An uncoloured vertex next to a red (Right's) one: CGSuite's label `Right`.
pub const RED: u8 = 2;

/// The tints a vertex of tint `tint` can still get (its own included), as a bit set.
fn reachable(tint: u8) -> u8 {
    match tint {
        UNTINTED => 0b111,
        tint => 1 << tint,
    }
}

fn paint(player: Player) -> u8 {
    match player {
        Player::Left => BLUE,
        Player::Right => RED,
    }
}

/// A bit set of tints with blue and red exchanged.
fn swap_tints(tints: u8) -> u8 {
    tints & 1 | (tints & 2) << 1 | (tints & 4) >> 1
}

/// CGSuite's `GenCol(leftPermitted, rightPermitted)`.
#[derive(Clone, Debug)]
pub struct GenCol {
    /// Per player (Left, Right): bit `t` set when the player may colour a vertex of tint `t`.
    permitted: [u8; 2],
}

impl GenCol {
    /// The ruleset; `left` and `right` are bit sets of tints (below 8), checked by the caller.
    pub fn new(left: u8, right: u8) -> GenCol {
        GenCol {
            permitted: [left, right],
        }
    }

    fn permits(&self, player: Player, tint: u8) -> bool {
        self.permitted[usize::from(player == Player::Right)] & 1 << tint != 0
    }
}

impl GraphGame<1> for GenCol {
    fn layout(&self) -> Layout {
        Layout {
            label_bits: 2,
            loops: false,
            directed: false,
        }
    }

    /// Vertices tinted both ways, and those no player may ever colour.
    fn dead<R: Row, const N: usize>(&self, graph: &Graph<R, 1, N>) -> u64 {
        let anyone = self.permitted[0] | self.permitted[1];
        (0..graph.len())
            .filter(|&v| graph.label(v) > RED || reachable(graph.label(v)) & anyone == 0)
            .fold(0, |acc, v| acc | bit(v))
    }

    fn can_move<R: Row, const N: usize>(&self, graph: &Graph<R, 1, N>, player: Player) -> bool {
        (0..graph.len()).any(|v| self.permits(player, graph.label(v)))
    }

    fn each_move<R: Row, const N: usize>(
        &self,
        graph: &Graph<R, 1, N>,
        player: Player,
        visit: &mut dyn FnMut(Graph<R, 1, N>),
    ) {
        let colour = paint(player);
        for v in bits(graph.twin_free()) {
            if !self.permits(player, graph.label(v)) {
                continue;
            }
            let neighbours = graph.neighbours(v);
            let gone = bit(v)
                | bits(neighbours)
                    .filter(|&w| graph.label(w) | colour == BLUE | RED)
                    .fold(0, |acc, w| acc | bit(w));
            let mut after = graph.without(gone);
            let keep = graph.all() & !gone;
            for w in bits(neighbours & keep) {
                let new = (keep & below(w)).count_ones() as usize;
                after.set_label(new, graph.label(w) | colour);
            }
            visit(after);
        }
    }

    fn swap_negates(&self) -> bool {
        self.permitted[1] == swap_tints(self.permitted[0])
    }

    fn swap<R: Row, const N: usize>(&self, graph: &Graph<R, 1, N>) -> Graph<R, 1, N> {
        graph.swapped(true, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Engine, Id, ZERO};
    use crate::rulesets::graph::{GraphSearch, Whole};

    fn col() -> GenCol {
        GenCol::new(1 << UNTINTED | 1 << RED, 1 << UNTINTED | 1 << BLUE)
    }

    fn snort() -> GenCol {
        GenCol::new(1 << UNTINTED | 1 << BLUE, 1 << UNTINTED | 1 << RED)
    }

    fn path(tints: &[u8]) -> Whole<1> {
        let mut g = Graph::new(tints.len()).unwrap();
        for (v, &t) in tints.iter().enumerate() {
            g.set_label(v, t);
            if v > 0 {
                g.join(0, v - 1, v);
            }
        }
        g
    }

    fn value(engine: &mut Engine, game: GenCol, g: &Whole<1>) -> Id {
        GraphSearch::new(game, 1 << 16).value(engine, g).unwrap()
    }

    #[test]
    fn col_and_snort_on_short_paths() {
        // Winning Ways: Col on one vertex is *, on an edge 0; Snort on an edge is +-1.
        let mut e = Engine::default();
        let star = e.canon(&[ZERO], &[ZERO]).unwrap();
        let one = e.canon(&[ZERO], &[]).unwrap();
        let minus_one = e.neg(one).unwrap();
        let plus_minus_one = e.canon(&[one], &[minus_one]).unwrap();
        assert_eq!(value(&mut e, col(), &path(&[0])), star);
        assert_eq!(value(&mut e, col(), &path(&[0, 0])), ZERO);
        assert_eq!(value(&mut e, snort(), &path(&[0, 0])), plus_minus_one);
        assert_eq!(value(&mut e, snort(), &path(&[BLUE])), one);
        assert_eq!(value(&mut e, col(), &path(&[BLUE])), minus_one);
    }

    #[test]
    fn a_colour_swap_negates() {
        let mut e = Engine::default();
        let g = value(&mut e, snort(), &path(&[BLUE, 0, 0, RED, 0]));
        let h = value(&mut e, snort(), &path(&[RED, 0, 0, BLUE, 0]));
        assert_eq!(e.neg(g).unwrap(), h);
    }

    #[test]
    fn moves_tint_neighbours_and_drop_dead_ones() {
        let mut out = Vec::new();
        // Col on l-.-r: Left colours the middle (the red end, now tinted both
        // ways, is gone), or the red end (the middle turns blue).
        col().each_move(&path(&[BLUE, 0, RED]), Player::Left, &mut |g| out.push(g));
        assert_eq!(out, vec![path(&[BLUE]), path(&[BLUE, BLUE])]);
        // Fjords: only tinted vertices may be coloured; untinted ones stay.
        let fjords = GenCol::new(1 << BLUE, 1 << RED);
        assert!(!fjords.can_move(&path(&[0, 0]), Player::Left));
        assert_eq!(fjords.dead(&path(&[0, 0])), 0);
        assert_eq!(col().dead(&path(&[BLUE | RED, 0])), 1);
    }
}
