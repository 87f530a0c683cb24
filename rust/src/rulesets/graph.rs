//! Graphs that rulesets are played on (the twin of `cgt/rulesets/graph.py`).
//!
//! A [`Graph`] has at most `N` vertices, each with a small label (a tint, a
//! weight), and its edges in `L` *layers*: bit sets of neighbours (of type
//! `R`, `N` bits wide), a loop being a vertex's own bit; one layer for plain
//! edges, two for coloured ones (an edge Left may use is in layer 0, one
//! Right may use in layer 1, a green edge in both), or two for arcs (each
//! vertex's out-neighbours in layer 0, its in-neighbours in layer 1).  Graphs are small values
//! (no allocation) and are what the transposition tables hold: a search keeps
//! one table per size class, 16, 32 and 64 vertices, with rows of 16, 32 and
//! 64 bits.
//!
//! A ruleset says what it does on a graph through [`GraphGame`];
//! [`GraphSearch`] runs the generic search on it: a position splits into its
//! connected components, dead vertices and dead components dropped, and a
//! component is keyed by its canonical labelling (`labelling.rs`), or that of
//! its colour swap, which is worth the negative, when the ruleset is symmetric.

mod labelling;

use super::search::{AnySearch, Player, Rules, Search};
use crate::engine::{Engine, Id, Stop, Stoppable};
use std::any::Any;
use std::cmp::Ordering;
use std::fmt::Debug;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;

pub const MAX_VERTICES: usize = 64;

/// The vertices `v` of a bit set, lowest first.
pub fn bits(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let v = set.trailing_zeros() as usize;
            set &= set - 1;
            v
        })
    })
}

pub const fn bit(v: usize) -> u64 {
    1 << v
}

/// The bit set of vertices `0..k`.
pub const fn below(k: usize) -> u64 {
    if k >= 64 {
        u64::MAX
    } else {
        (1 << k) - 1
    }
}

/// A row of a graph as it is stored: a bit set of at most its width of vertices.
pub trait Row: Copy + Default + Eq + Debug + Send + Sync + 'static {
    /// How many vertices a row holds.
    const BITS: u32;
    fn get(self) -> u64;
    /// The row of `set`, whose vertices all fit.
    fn of(set: u64) -> Self;
    /// The row without vertex `v`, the vertices above it moved down by one.
    fn without(self, v: usize) -> Self;
}

macro_rules! row {
    ($($t:ty),*) => {$(
        impl Row for $t {
            const BITS: u32 = <$t>::BITS;
            fn get(self) -> u64 {
                u64::from(self)
            }
            fn of(set: u64) -> $t {
                set as $t
            }
            fn without(self, v: usize) -> $t {
                let below = (1 as $t).wrapping_shl(v as u32).wrapping_sub(1);
                self & below | (self >> 1) & !below
            }
        }
    )*};
}

row!(u16, u32, u64);

/// What a ruleset's labels and edges may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Bits of a vertex's label (0 when all labels are 0; at most 8).
    pub label_bits: usize,
    /// Whether an edge may join a vertex to itself.
    pub loops: bool,
    /// Whether the edges are arcs: layer 0 holds each vertex's out-neighbours
    /// and layer 1 its in-neighbours (each layer the other's transpose), where
    /// otherwise each layer is symmetric.
    pub directed: bool,
}

/// A graph of at most `N` vertices `0..n`, with labels and `L` layers of
/// edges, rows stored as `R` (`N` bits wide).  Equality, hashing and order
/// look at the first `n` vertices only.
#[derive(Clone, Copy, Debug)]
pub struct Graph<R, const L: usize, const N: usize> {
    n: u8,
    labels: [u8; N],
    rows: [[R; N]; L],
}

/// A graph of any size up to [`MAX_VERTICES`] (the size a position comes in at).
pub type Whole<const L: usize> = Graph<u64, L, MAX_VERTICES>;

impl<R: Row, const L: usize, const N: usize> PartialEq for Graph<R, L, N> {
    fn eq(&self, other: &Self) -> bool {
        let n = self.len();
        self.n == other.n
            && self.labels[..n] == other.labels[..n]
            && (0..L).all(|k| self.rows[k][..n] == other.rows[k][..n])
    }
}

impl<R: Row, const L: usize, const N: usize> Eq for Graph<R, L, N> {}

impl<R: Row, const L: usize, const N: usize> Hash for Graph<R, L, N> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let n = self.len();
        state.write_u8(self.n);
        for chunk in self.labels[..n].chunks(8) {
            state.write_u64(chunk.iter().fold(0, |acc, &l| acc << 8 | u64::from(l)));
        }
        // Rows narrower than a word go in several to a word.
        for rows in &self.rows {
            for chunk in rows[..n].chunks((64 / R::BITS) as usize) {
                state.write_u64(
                    chunk
                        .iter()
                        .fold(0, |acc, row| acc << (R::BITS % 64) | row.get()),
                );
            }
        }
    }
}

impl<R: Row, const L: usize, const N: usize> Ord for Graph<R, L, N> {
    /// By vertex count, then labels, then each layer's rows in order.
    fn cmp(&self, other: &Self) -> Ordering {
        let n = self.len();
        self.n
            .cmp(&other.n)
            .then_with(|| self.labels[..n].cmp(&other.labels[..n]))
            .then_with(|| {
                (0..L)
                    .flat_map(|k| (0..n).map(move |v| (k, v)))
                    .map(|(k, v)| self.row(k, v).cmp(&other.row(k, v)))
                    .find(|order| order.is_ne())
                    .unwrap_or(Ordering::Equal)
            })
    }
}

impl<R: Row, const L: usize, const N: usize> PartialOrd for Graph<R, L, N> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<R: Row, const L: usize, const N: usize> Graph<R, L, N> {
    /// The graph of `n` vertices, labels 0, no edges; None past `N`.
    pub fn new(n: usize) -> Option<Self> {
        (n <= N).then(|| Graph {
            n: n as u8,
            labels: [0; N],
            rows: [[R::default(); N]; L],
        })
    }

    /// How many vertices the graph has.
    #[allow(clippy::len_without_is_empty)] // a graph of no vertices is still a graph
    pub fn len(&self) -> usize {
        usize::from(self.n)
    }

    /// The set of all vertices.
    pub fn all(&self) -> u64 {
        below(self.len())
    }

    pub fn label(&self, v: usize) -> u8 {
        self.labels[v]
    }

    pub fn set_label(&mut self, v: usize, label: u8) {
        self.labels[v] = label;
    }

    /// `v`'s neighbours in `layer` (itself too, if it has a loop there).
    pub fn row(&self, layer: usize, v: usize) -> u64 {
        self.rows[layer][v].get()
    }

    /// Join `u` and `v` (a loop when equal) in `layer`.
    pub fn join(&mut self, layer: usize, u: usize, v: usize) {
        self.rows[layer][u] = R::of(self.row(layer, u) | bit(v));
        self.rows[layer][v] = R::of(self.row(layer, v) | bit(u));
    }

    /// `v`'s neighbours in any layer, itself too if it has a loop.
    pub fn edges_of(&self, v: usize) -> u64 {
        self.rows.iter().fold(0, |acc, rows| acc | rows[v].get())
    }

    /// `v`'s neighbours in any layer, itself left out.
    pub fn neighbours(&self, v: usize) -> u64 {
        self.edges_of(v) & !bit(v)
    }

    /// The same graph in another size class, if it fits.
    pub fn resized<S: Row, const M: usize>(&self) -> Option<Graph<S, L, M>> {
        let mut graph = Graph::new(self.len())?;
        for v in 0..self.len() {
            graph.labels[v] = self.labels[v];
            for layer in 0..L {
                graph.rows[layer][v] = S::of(self.row(layer, v));
            }
        }
        Some(graph)
    }

    /// The graph on the vertices not in `gone`, numbered in the same order.
    pub fn without(&self, gone: u64) -> Self {
        let mut gone = gone & self.all();
        let keep = self.all() & !gone;
        if gone.count_ones() <= 3 {
            // Take the vertices out one by one, the highest first: the arrays
            // close up over it and every row loses its bit (rows past the
            // count are never read, so each pass runs over whole arrays).
            let mut graph = *self;
            while gone != 0 {
                let v = 63 - gone.leading_zeros() as usize;
                gone &= !bit(v);
                graph.labels.copy_within(v + 1.., v);
                for rows in &mut graph.rows {
                    rows.copy_within(v + 1.., v);
                    for row in rows.iter_mut() {
                        *row = row.without(v);
                    }
                }
                graph.n -= 1;
            }
            return graph;
        }
        let mut graph = Graph {
            n: keep.count_ones() as u8,
            labels: [0; N],
            rows: [[R::default(); N]; L],
        };
        let mut index = [0u8; N];
        for (new, old) in bits(keep).enumerate() {
            index[old] = new as u8;
        }
        for (new, old) in bits(keep).enumerate() {
            graph.labels[new] = self.labels[old];
            for layer in 0..L {
                let row = self.row(layer, old) & keep;
                graph.rows[layer][new] =
                    R::of(bits(row).fold(0, |acc, v| acc | bit(usize::from(index[v]))));
            }
        }
        graph
    }

    /// The graph renumbered: its vertex `order[i]` becomes vertex `i`.
    pub fn renumbered(&self, order: &[u8]) -> Self {
        let mut new = [0u8; MAX_VERTICES];
        for (i, &v) in order.iter().enumerate() {
            new[usize::from(v)] = i as u8;
        }
        let mut image = *self;
        for (i, &v) in order.iter().enumerate() {
            let v = usize::from(v);
            image.labels[i] = self.labels[v];
            for layer in 0..L {
                image.rows[layer][i] = R::of(
                    bits(self.row(layer, v)).fold(0, |acc, u| acc | bit(usize::from(new[u]))),
                );
            }
        }
        image
    }

    /// The vertex sets of the connected components of the graph on the vertices `within`, by least vertex.
    pub fn parts(&self, within: u64) -> impl Iterator<Item = u64> + '_ {
        let mut left = within;
        std::iter::from_fn(move || {
            if left == 0 {
                return None;
            }
            let mut part = left & left.wrapping_neg();
            let mut fresh = part;
            while fresh != 0 {
                let reached = bits(fresh).fold(0, |acc, v| acc | self.neighbours(v));
                fresh = reached & within & !part;
                part |= fresh;
            }
            left &= !part;
            Some(part)
        })
    }

    /// For each vertex `v`, the vertices `u < v` that are its twins: same
    /// label, loops and neighbours in each layer apart from `u` and `v`
    /// themselves, so that exchanging `u` and `v` is an automorphism.
    pub fn twins(&self) -> [u64; N] {
        let mut twins = [0; N];
        // Twins share their label and degrees: compare only such vertices.
        let mut summary = [0u64; N];
        for (v, entry) in summary.iter_mut().enumerate().take(self.len()) {
            *entry = (0..L).fold(u64::from(self.labels[v]), |acc, layer| {
                acc << 16 | u64::from(self.row(layer, v).count_ones())
            });
        }
        for v in 0..self.len() {
            for u in 0..v {
                if summary[u] != summary[v] {
                    continue;
                }
                let outside = !(bit(u) | bit(v));
                // The edge between them too must go both ways (it does when the layers are symmetric).
                let same = (0..L).all(|layer| {
                    let (ru, rv) = (self.row(layer, u), self.row(layer, v));
                    ru & outside == rv & outside
                        && (ru & bit(u) == 0) == (rv & bit(v) == 0)
                        && (ru & bit(v) == 0) == (rv & bit(u) == 0)
                });
                if same {
                    twins[v] |= bit(u);
                }
            }
        }
        twins
    }

    /// The vertices with no earlier twin: a move at a vertex with one is a
    /// move at its twin, up to an automorphism.
    pub fn twin_free(&self) -> u64 {
        let twins = self.twins();
        (0..self.len())
            .filter(|&v| twins[v] == 0)
            .fold(0, |acc, v| acc | bit(v))
    }

    /// Whether the graph is one of `layout`'s: labels of its bits, loops only where allowed.
    pub fn fits(&self, layout: Layout) -> bool {
        self.labels[..self.len()]
            .iter()
            .all(|&label| u32::from(label) < 1 << layout.label_bits)
            && (layout.loops || (0..self.len()).all(|v| self.edges_of(v) & bit(v) == 0))
    }

    /// The graph with labels 1 and 2 exchanged (if `labels`) and its layers
    /// in the other order (if `layers`): the colour swap.
    pub fn swapped(&self, labels: bool, layers: bool) -> Self {
        let mut graph = *self;
        if labels {
            for label in &mut graph.labels[..self.len()] {
                if *label == 1 || *label == 2 {
                    *label = 3 - *label;
                }
            }
        }
        if layers {
            graph.rows.reverse();
        }
        graph
    }
}

/// A graph as it comes from Python: a label per vertex, and per layer each
/// vertex's neighbours as a bit set (its own bit a loop).
pub struct GraphData {
    pub labels: Vec<u8>,
    pub layers: Vec<Vec<u64>>,
}

impl GraphData {
    /// The graph, if it has at most [`MAX_VERTICES`] vertices, `L` layers of
    /// a row for each, and each edge in both its ends' rows (an arc of a
    /// `layout.directed` graph in its tail's row of layer 0 and its head's of layer 1).
    pub fn graph<const L: usize>(&self, layout: Layout) -> Stoppable<Whole<L>> {
        let n = self.labels.len();
        let mut graph = Whole::<L>::new(n).ok_or(Stop::Invalid("a graph past 64 vertices"))?;
        if self.layers.len() != L || self.layers.iter().any(|rows| rows.len() != n) {
            return Err(Stop::Invalid(
                "a graph of this ruleset has a row per vertex in each of its layers",
            ));
        }
        graph.labels[..n].copy_from_slice(&self.labels);
        for (layer, rows) in self.layers.iter().enumerate() {
            // The rows in which each edge of this layer appears again, at its other end.
            let other = if layout.directed {
                &self.layers[1 - layer]
            } else {
                rows
            };
            for (v, &row) in rows.iter().enumerate() {
                if !bits(row).all(|u| u < n && other[u] & bit(v) != 0) {
                    return Err(Stop::Invalid(
                        "a graph's rows are bit sets of its vertices, each edge in both ends' rows",
                    ));
                }
                graph.rows[layer][v] = row;
            }
        }
        Ok(graph)
    }
}

/// A ruleset played on a graph with `L` layers of edges, as [`GraphSearch`] needs it.
pub trait GraphGame<const L: usize>: Clone + Send + 'static {
    fn layout(&self) -> Layout;

    /// The vertices of `graph` that can take no part in any move to come.
    fn dead<R: Row, const N: usize>(&self, graph: &Graph<R, L, N>) -> u64;

    /// Whether `player` has a move.
    fn can_move<R: Row, const N: usize>(&self, graph: &Graph<R, L, N>, player: Player) -> bool;

    /// The graphs after each move of `player` (one for each class of moves
    /// that an automorphism maps onto each other, at least), given to `visit`.
    fn each_move<R: Row, const N: usize>(
        &self,
        graph: &Graph<R, L, N>,
        player: Player,
        visit: &mut dyn FnMut(Graph<R, L, N>),
    );

    /// Whether the colour swap (`swap`) turns a position into its negative.
    fn swap_negates(&self) -> bool;

    /// The colour swap of `graph`: labels 1 and 2, or its layers, exchanged.
    fn swap<R: Row, const N: usize>(&self, graph: &Graph<R, L, N>) -> Graph<R, L, N>;
}

/// A graph ruleset on graphs of the size class `(R, N)`.
#[derive(Clone)]
pub struct Sized<G, R, const L: usize, const N: usize>(G, PhantomData<R>);

impl<G: GraphGame<L>, R: Row, const L: usize, const N: usize> Sized<G, R, L, N> {
    fn live(&self, graph: &Graph<R, L, N>) -> bool {
        self.0.can_move(graph, Player::Left) || self.0.can_move(graph, Player::Right)
    }
}

impl<G, R, const L: usize, const N: usize> Rules for Sized<G, R, L, N>
where
    G: GraphGame<L>,
    R: Row,
{
    type Position = Graph<R, L, N>;

    /// The connected components of the live vertices where somebody can move.
    fn components(&self, graph: &Graph<R, L, N>, out: &mut Vec<Graph<R, L, N>>) {
        let all = graph.all();
        let live = all & !self.0.dead(graph);
        for part in graph.parts(live) {
            let component = graph.without(all & !part);
            if self.live(&component) {
                out.push(component);
            }
        }
    }

    /// The least labelling of the component, or of its colour swap (negated).
    fn canonical(&self, graph: &Graph<R, L, N>) -> (Graph<R, L, N>, bool) {
        if !self.0.swap_negates() {
            return (labelling::least(graph), false);
        }
        let swapped = self.0.swap(graph);
        if swapped == *graph {
            return (labelling::least(graph), false);
        }
        match labelling::invariant(graph).cmp(&labelling::invariant(&swapped)) {
            Ordering::Less => (labelling::least(graph), false),
            Ordering::Greater => (labelling::least(&swapped), true),
            Ordering::Equal => {
                let key = labelling::least(graph);
                let swapped_key = labelling::least(&swapped);
                if swapped_key < key {
                    (swapped_key, true)
                } else {
                    (key, false)
                }
            }
        }
    }

    fn moves(&self, graph: &Graph<R, L, N>, player: Player, out: &mut Vec<Graph<R, L, N>>) {
        self.0
            .each_move(graph, player, &mut |after| out.push(after));
    }
}

/// The search of a graph ruleset: one table per size class (16, 32, 64 vertices).
pub struct GraphSearch<G: GraphGame<L>, const L: usize> {
    game: G,
    small: Search<Sized<G, u16, L, 16>>,
    medium: Search<Sized<G, u32, L, 32>>,
    large: Search<Sized<G, u64, L, 64>>,
}

impl<G: GraphGame<L>, const L: usize> GraphSearch<G, L> {
    /// A search whose tables hold about as many bytes as `limit` graphs of the smallest class.
    pub fn new(game: G, limit: usize) -> GraphSearch<G, L> {
        GraphSearch {
            small: Search::new(Sized(game.clone(), PhantomData), limit),
            medium: Search::new(Sized(game.clone(), PhantomData), limit / 3),
            large: Search::new(Sized(game.clone(), PhantomData), limit / 12),
            game,
        }
    }

    /// The engine id of `graph`'s value.
    pub fn value(&mut self, engine: &mut Engine, graph: &Whole<L>) -> Stoppable<Id> {
        if !graph.fits(self.game.layout()) {
            return Err(Stop::Invalid(
                "a graph with labels or loops its ruleset does not have",
            ));
        }
        let graph = graph.without(self.game.dead(graph));
        if let Some(small) = graph.resized::<u16, 16>() {
            self.small.value(engine, &small)
        } else if let Some(medium) = graph.resized::<u32, 32>() {
            self.medium.value(engine, &medium)
        } else {
            self.large.value(engine, &graph)
        }
    }
}

impl<G: GraphGame<L>, const L: usize> AnySearch for GraphSearch<G, L> {
    fn clear(&mut self) {
        self.small.clear();
        self.medium.clear();
        self.large.clear();
    }

    fn value_of(&mut self, engine: &mut Engine, position: &dyn Any) -> Stoppable<Id> {
        let data = position
            .downcast_ref::<GraphData>()
            .ok_or(Stop::Invalid("that is not a graph"))?;
        self.value(engine, &data.graph(self.game.layout())?)
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Small = Graph<u16, 1, 16>;

    fn graph(n: usize, edges: &[(usize, usize)]) -> Small {
        let mut g = Small::new(n).unwrap();
        for &(u, v) in edges {
            g.join(0, u, v);
        }
        g
    }

    #[test]
    fn graphs_change_size_class_and_compare_on_their_vertices() {
        let mut g = graph(5, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)]);
        g.set_label(2, 1);
        let whole: Whole<1> = g.resized().unwrap();
        assert_eq!(whole.resized::<u16, 16>(), Some(g));
        assert!(Whole::<1>::new(17).unwrap().resized::<u16, 16>().is_none());
        // Vertices past n do not count.
        let mut h = g.without(bit(4));
        h.labels[4] = 7;
        assert_eq!(h, g.without(bit(4)));
        assert!(graph(2, &[]) < graph(2, &[(0, 1)]) && graph(2, &[(0, 1)]) < graph(3, &[]));
    }

    #[test]
    fn a_renumbered_graph_is_its_image() {
        // A path 0-1-2 with 0 tinted, read in the order 2, 1, 0.
        let mut g = graph(3, &[(0, 1), (1, 2)]);
        g.set_label(0, 1);
        let mut image = graph(3, &[(0, 1), (1, 2)]);
        image.set_label(2, 1);
        assert_eq!(g.renumbered(&[2, 1, 0]), image);
    }

    #[test]
    fn removing_vertices_renumbers_the_rest() {
        let g = graph(5, &[(0, 1), (1, 2), (2, 3), (3, 4)]);
        assert_eq!(g.without(bit(2)), graph(4, &[(0, 1), (2, 3)]));
        assert_eq!(g.without(bit(0) | bit(4)), graph(3, &[(0, 1), (1, 2)]));
        assert_eq!(g.without(0b11101), graph(1, &[]));
        let cycle = graph(8, &(0..8).map(|i| (i, (i + 1) % 8)).collect::<Vec<_>>());
        assert_eq!(
            cycle.without(0b1110_0000),
            graph(5, &[(0, 1), (1, 2), (2, 3), (3, 4)])
        );
    }

    #[test]
    fn parts_are_the_connected_components() {
        let g = graph(6, &[(0, 3), (3, 5), (1, 2)]);
        let parts: Vec<u64> = g.parts(g.all()).collect();
        assert_eq!(parts, vec![0b101001, 0b000110, 0b010000]);
        let parts: Vec<u64> = g.parts(g.all() & !bit(3)).collect();
        assert_eq!(parts, vec![0b000001, 0b000110, 0b010000, 0b100000]);
    }

    #[test]
    fn twins_have_the_same_neighbours() {
        // A star: the three leaves are twins; in a triangle all are (adjacent) twins.
        let star = graph(4, &[(0, 1), (0, 2), (0, 3)]);
        assert_eq!(star.twin_free(), 0b0011);
        let triangle = graph(3, &[(0, 1), (1, 2), (2, 0)]);
        assert_eq!(triangle.twin_free(), 0b001);
        let mut tinted = star;
        tinted.set_label(3, 1);
        assert_eq!(tinted.twin_free(), 0b1011);
    }

    #[test]
    fn python_data_is_checked() {
        let data = |layers: Vec<Vec<u64>>| GraphData {
            labels: vec![0, 0],
            layers,
        };
        let plain = Layout {
            label_bits: 0,
            loops: false,
            directed: false,
        };
        let arcs = Layout {
            directed: true,
            ..plain
        };
        assert!(data(vec![vec![0b10, 0b01]]).graph::<1>(plain).is_ok());
        assert!(
            data(vec![vec![0b10, 0b00]]).graph::<1>(plain).is_err(),
            "one-sided edge"
        );
        assert!(
            data(vec![vec![0b100, 0b00]]).graph::<1>(plain).is_err(),
            "no vertex 2"
        );
        assert!(
            data(vec![vec![0, 0]]).graph::<2>(plain).is_err(),
            "one layer of two"
        );
        // An arc 0 -> 1: in 0's out-row and 1's in-row.
        assert!(data(vec![vec![0b10, 0], vec![0, 0b01]])
            .graph::<2>(arcs)
            .is_ok());
        assert!(
            data(vec![vec![0b10, 0], vec![0b10, 0]])
                .graph::<2>(arcs)
                .is_err(),
            "an arc that is not the head's in-neighbour"
        );
    }
}
