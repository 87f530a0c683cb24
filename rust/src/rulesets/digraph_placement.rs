//! Digraph Placement (Clow and McKay, arXiv:2407.12219; the twin of
//! `cgt/rulesets/digraph_placement.py`): every vertex of a digraph is blue
//! (label 0, Left's) or red (label 1, Right's); a player chooses a vertex of
//! their colour, and it is deleted with its out-neighbours.
//!
//! A graph holds the arcs twice, each vertex's out-neighbours in layer 0 and
//! its in-neighbours in layer 1, so that the canonical labelling sees their
//! direction.  Every vertex is somebody's move: none is dead.  Swapping the
//! colours negates.

use super::graph::{bit, bits, Graph, GraphGame, Layout, Row};
use super::search::Player;

pub const BLUE: u8 = 0;
pub const RED: u8 = 1;

const OUT: usize = 0;

/// Digraph Placement, as cgt-tools defines it.
#[derive(Clone, Debug)]
pub struct DigraphPlacement;

fn colour(player: Player) -> u8 {
    match player {
        Player::Left => BLUE,
        Player::Right => RED,
    }
}

impl GraphGame<2> for DigraphPlacement {
    fn layout(&self) -> Layout {
        Layout {
            label_bits: 1,
            loops: true,
            directed: true,
        }
    }

    fn dead<R: Row, const N: usize>(&self, _graph: &Graph<R, 2, N>) -> u64 {
        0
    }

    fn can_move<R: Row, const N: usize>(&self, graph: &Graph<R, 2, N>, player: Player) -> bool {
        (0..graph.len()).any(|v| graph.label(v) == colour(player))
    }

    /// Each vertex of the player's colour that has no earlier twin, deleted with its out-neighbours.
    fn each_move<R: Row, const N: usize>(
        &self,
        graph: &Graph<R, 2, N>,
        player: Player,
        visit: &mut dyn FnMut(Graph<R, 2, N>),
    ) {
        for v in bits(graph.twin_free()) {
            if graph.label(v) == colour(player) {
                visit(graph.without(graph.row(OUT, v) | bit(v)));
            }
        }
    }

    fn swap_negates(&self) -> bool {
        true
    }

    /// Blue and red exchanged; the arcs stay.
    fn swap<R: Row, const N: usize>(&self, graph: &Graph<R, 2, N>) -> Graph<R, 2, N> {
        let mut swapped = *graph;
        for v in 0..graph.len() {
            swapped.set_label(v, RED - graph.label(v));
        }
        swapped
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dyadic::Dyadic;
    use crate::engine::{Engine, ZERO};
    use crate::rulesets::graph::{GraphData, GraphSearch};

    /// The graph of `labels` and `arcs` (u, v): u -> v.
    fn digraph(labels: &[u8], arcs: &[(usize, usize)]) -> GraphData {
        let n = labels.len();
        let mut layers = vec![vec![0u64; n]; 2];
        for &(u, v) in arcs {
            layers[0][u] |= bit(v);
            layers[1][v] |= bit(u);
        }
        GraphData {
            labels: labels.to_vec(),
            layers,
        }
    }

    fn value(e: &mut Engine, labels: &[u8], arcs: &[(usize, usize)]) -> crate::engine::Id {
        let mut search = GraphSearch::new(DigraphPlacement, 1 << 12);
        let graph = digraph(labels, arcs)
            .graph(DigraphPlacement.layout())
            .unwrap();
        search.value(e, &graph).unwrap()
    }

    #[test]
    fn an_arc_from_blue_to_red_is_a_half_and_arcs_both_ways_are_star() {
        // The twin's docstring, worked by hand: {0 | 1} = 1/2 and {0 | 0} = *.
        let mut e = Engine::default();
        let half = e.number(Dyadic::new(1.into(), 1)).unwrap();
        let star = e.canon(&[ZERO], &[ZERO]).unwrap();
        assert_eq!(value(&mut e, &[BLUE, RED], &[(0, 1)]), half);
        assert_eq!(value(&mut e, &[BLUE, RED], &[(0, 1), (1, 0)]), star);
    }

    #[test]
    fn twins_joined_by_an_arc_one_way_are_not_exchanged() {
        // Blue 0 -> blue 1: taking 0 takes both (0); taking 1 leaves 0 (1): Left's options 0 and 1,
        // so the value is 2, where the two taken as twins would give 1.
        let mut e = Engine::default();
        let two = e.number(Dyadic::int(2)).unwrap();
        assert_eq!(value(&mut e, &[BLUE, BLUE], &[(0, 1)]), two);
    }
}
