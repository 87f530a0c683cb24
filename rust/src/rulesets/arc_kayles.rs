//! Arc Kayles and its relatives (the twin of `cgt/rulesets/arc_kayles.py`):
//! CGSuite's `GenArcKayles` (plain and weighted) and `PartizanArcKayles`.
//!
//! A move takes an edge and removes both its ends with all their edges (a
//! loop removes its one vertex).  In the weighted form a vertex has a weight
//! instead, and a move lowers the weights of both ends by one (a loop's end
//! once); a vertex of weight 0 is gone.  In the partizan form edges are blue,
//! red or green (layer 0 holds those Left may take, layer 1 Right's).

use super::graph::{below, bit, bits, Graph, GraphGame, Layout, Row};
use super::search::Player;

/// Each edge `(a, b)`, `a <= b`, of `layer`, one of each class of edges that
/// an exchange of twins maps onto each other.
///
/// An edge is skipped when an end `x` has an earlier twin `t` other than its
/// other end `y`: exchanging `x` and `t` maps it onto the edge `{t, y}`, whose
/// ends are smaller, so that each class keeps its least edge.
fn edges<R: Row, const L: usize, const N: usize>(
    graph: &Graph<R, L, N>,
    layer: usize,
    mut visit: impl FnMut(usize, usize),
) {
    let twins = graph.twins();
    for a in 0..graph.len() {
        for b in bits(graph.row(layer, a) & !below(a)) {
            if twins[a] & !bit(b) != 0 || twins[b] & !bit(a) != 0 {
                continue;
            }
            visit(a, b);
        }
    }
}

/// The vertices with no edge (nor loop) to a vertex not in `gone`: nothing
/// can ever remove them, nor do they matter.
fn isolated<R: Row, const L: usize, const N: usize>(graph: &Graph<R, L, N>, gone: u64) -> u64 {
    (0..graph.len())
        .filter(|&v| graph.edges_of(v) & !gone == 0)
        .fold(0, |acc, v| acc | bit(v))
}

/// CGSuite's `GenArcKayles(weighted)`: Arc Kayles, or Weighted Arc Kayles.
#[derive(Clone, Debug)]
pub struct GenArcKayles {
    pub weighted: bool,
}

impl GraphGame<1> for GenArcKayles {
    fn layout(&self) -> Layout {
        Layout {
            label_bits: if self.weighted { 8 } else { 0 },
            loops: true,
            directed: false,
        }
    }

    /// Vertices of weight 0 (as in CGSuite's `Graph.decomposition(0)`), and those with no edge to the others.
    fn dead<R: Row, const N: usize>(&self, graph: &Graph<R, 1, N>) -> u64 {
        let spent = if self.weighted {
            (0..graph.len())
                .filter(|&v| graph.label(v) == 0)
                .fold(0, |acc, v| acc | bit(v))
        } else {
            0
        };
        spent | isolated(graph, spent)
    }

    fn can_move<R: Row, const N: usize>(&self, graph: &Graph<R, 1, N>, _player: Player) -> bool {
        (0..graph.len()).any(|v| graph.edges_of(v) != 0)
    }

    fn each_move<R: Row, const N: usize>(
        &self,
        graph: &Graph<R, 1, N>,
        _player: Player,
        visit: &mut dyn FnMut(Graph<R, 1, N>),
    ) {
        edges(graph, 0, |a, b| {
            if !self.weighted {
                return visit(graph.without(bit(a) | bit(b)));
            }
            if graph.label(a) == 0 || graph.label(b) == 0 {
                return;
            }
            let mut after = *graph;
            let mut gone = 0;
            for v in [a, b].into_iter().take(if a == b { 1 } else { 2 }) {
                let weight = graph.label(v) - 1;
                after.set_label(v, weight);
                if weight == 0 {
                    gone |= bit(v);
                }
            }
            visit(after.without(gone));
        });
    }

    fn swap_negates(&self) -> bool {
        false
    }

    fn swap<R: Row, const N: usize>(&self, graph: &Graph<R, 1, N>) -> Graph<R, 1, N> {
        *graph
    }
}

/// CGSuite's `PartizanArcKayles`: Left takes blue or green edges, Right red or green ones.
#[derive(Clone, Debug)]
pub struct PartizanArcKayles;

fn layer(player: Player) -> usize {
    usize::from(player == Player::Right)
}

impl GraphGame<2> for PartizanArcKayles {
    fn layout(&self) -> Layout {
        Layout {
            label_bits: 0,
            loops: true,
            directed: false,
        }
    }

    fn dead<R: Row, const N: usize>(&self, graph: &Graph<R, 2, N>) -> u64 {
        isolated(graph, 0)
    }

    fn can_move<R: Row, const N: usize>(&self, graph: &Graph<R, 2, N>, player: Player) -> bool {
        (0..graph.len()).any(|v| graph.row(layer(player), v) != 0)
    }

    fn each_move<R: Row, const N: usize>(
        &self,
        graph: &Graph<R, 2, N>,
        player: Player,
        visit: &mut dyn FnMut(Graph<R, 2, N>),
    ) {
        edges(graph, layer(player), |a, b| {
            visit(graph.without(bit(a) | bit(b)))
        });
    }

    fn swap_negates(&self) -> bool {
        true
    }

    fn swap<R: Row, const N: usize>(&self, graph: &Graph<R, 2, N>) -> Graph<R, 2, N> {
        graph.swapped(false, true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Engine, Id};
    use crate::rulesets::graph::{GraphSearch, Whole};

    fn path(n: usize, looped: bool) -> Whole<1> {
        let mut g = Whole::<1>::new(n).unwrap();
        for v in 0..n {
            if v > 0 {
                g.join(0, v - 1, v);
            }
            if looped {
                g.join(0, v, v);
            }
        }
        g
    }

    /// *k, built as {0, *, ..., *(k-1) | same}.
    fn nimber(engine: &mut Engine, k: usize) -> Id {
        let mut options = Vec::new();
        for _ in 0..k {
            let g = engine.canon(&options, &options).unwrap();
            options.push(g);
        }
        engine.canon(&options, &options).unwrap()
    }

    #[test]
    fn paths_are_dawsons_kayles_and_looped_paths_kayles() {
        // CGSuite's GameGraphTest: ArcKayles on paths of n = 1..50 vertices are
        // Dawson's Kayles heaps, on looped paths Kayles heaps (first 20 here).
        let dawson = [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3];
        let kayles = [1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1];
        let mut e = Engine::default();
        let mut search = GraphSearch::new(GenArcKayles { weighted: false }, 1 << 16);
        for n in 1..=20 {
            let expected = nimber(&mut e, dawson[n - 1]);
            assert_eq!(
                search.value(&mut e, &path(n, false)).unwrap(),
                expected,
                "path {n}"
            );
            let expected = nimber(&mut e, kayles[n - 1]);
            assert_eq!(
                search.value(&mut e, &path(n, true)).unwrap(),
                expected,
                "looped {n}"
            );
        }
    }

    #[test]
    fn weights_of_one_are_plain_arc_kayles() {
        let mut e = Engine::default();
        let mut weighted = path(7, false);
        for v in 0..7 {
            weighted.set_label(v, 1);
        }
        let plain = GraphSearch::new(GenArcKayles { weighted: false }, 1 << 16)
            .value(&mut e, &path(7, false))
            .unwrap();
        let mut search = GraphSearch::new(GenArcKayles { weighted: true }, 1 << 16);
        assert_eq!(search.value(&mut e, &weighted).unwrap(), plain);
        // A single edge of weights 2 and 2 is two moves in a row: 0.
        let mut edge = path(2, false);
        edge.set_label(0, 2);
        edge.set_label(1, 2);
        assert_eq!(search.value(&mut e, &edge).unwrap(), 0);
    }

    #[test]
    fn partizan_arc_kayles_llr_is_one_half() {
        // CGSuite's GameGraphTest: PartizanArcKayles("llr") = 1/2.
        let mut g = Whole::<2>::new(4).unwrap();
        g.join(0, 0, 1);
        g.join(0, 1, 2);
        g.join(1, 2, 3);
        let mut e = Engine::default();
        let one = e.canon(&[0], &[]).unwrap();
        let half = e.canon(&[0], &[one]).unwrap();
        let mut search = GraphSearch::new(PartizanArcKayles, 1 << 16);
        assert_eq!(search.value(&mut e, &g).unwrap(), half);
        let swapped = g.swapped(false, true);
        assert_eq!(
            search.value(&mut e, &swapped).unwrap(),
            e.neg(half).unwrap()
        );
    }
}
