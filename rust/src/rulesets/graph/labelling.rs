//! Canonical labelling: each graph renumbered in a way that only depends on
//! the graph up to isomorphism, so that isomorphic components share a key.
//!
//! Every key is the graph itself renumbered, so a key never stands for two
//! graphs that are not isomorphic.  Trees (most components of games played
//! on trees) are numbered by Aho, Hopcroft and Ullman's ranks of rooted
//! subtrees, hung from their centre ([`rooted`]).  Other graphs take the
//! least image over the leaves of an individualise-refine search (the method
//! of McKay's nauty, much reduced): colour refinement splits the vertices into
//! an ordered partition that only depends on the graph up to isomorphism
//! (labels and loops first, then the numbers of neighbours in each cell,
//! layer by layer, until stable); while a cell has several vertices, each of
//! them in turn is *individualised* (put in a cell of its own, first) and the
//! partition refined again; a discrete partition is a numbering, a *leaf*.
//! Isomorphic graphs have the same images at their leaves, so they get the
//! same key when the search is complete (past [`LEAF_BUDGET`] leaves the
//! least so far is kept: a key still exact, but maybe not shared).
//!
//! Three prunings keep the search small on symmetric graphs: a cell of
//! twins (vertices any two of which an automorphism exchanges, `Graph::twins`:
//! the leaves of a star, the sides of a complete bipartite graph) is split
//! into single vertices with no search at all; of a cell's twins only the
//! first is individualised; and two leaves with equal images give an
//! automorphism, whose orbits skip the branches it maps onto branches
//! already searched.

use super::{below, bit, bits, Graph, Row};

/// The most leaves a search visits.
const LEAF_BUDGET: usize = 1 << 12;

/// An ordered partition of the vertices: its cells, as bit sets, in order,
/// and the position of each vertex's cell.
#[derive(Clone, Copy)]
struct Partition<const N: usize> {
    cells: [u64; N],
    len: usize,
    cell_of: [u8; N],
}

impl<const N: usize> Partition<N> {
    /// Put `groups` (a split of cell `k`) in cell `k`'s place; cells marked
    /// in `pending` (by position) stay marked, and so are the groups.
    fn split(&mut self, k: usize, groups: &[u64], pending: &mut u64) {
        let f = groups.len();
        self.cells.copy_within(k + 1..self.len, k + f);
        self.cells[k..k + f].copy_from_slice(groups);
        self.len += f - 1;
        for j in k..self.len {
            for v in bits(self.cells[j]) {
                self.cell_of[v] = j as u8;
            }
        }
        let later = pending.checked_shr(k as u32 + 1).unwrap_or(0);
        *pending =
            *pending & below(k) | later.checked_shl((k + f) as u32).unwrap_or(0) | below(f) << k;
    }

    /// The positions of the cells that hold a vertex of `set`.
    fn cells_meeting(&self, set: u64) -> u64 {
        bits(set).fold(0, |acc, v| acc | bit(usize::from(self.cell_of[v])))
    }
}

/// How many vertices `set` has: quick on the sets of zero or one vertex that
/// refinement mostly counts (the baseline x86-64 has no popcount instruction).
fn count(set: u64) -> u8 {
    if set & set.wrapping_sub(1) == 0 {
        u8::from(set != 0)
    } else {
        set.count_ones() as u8
    }
}

/// A vertex's label and loops, as the first refinement sorts vertices.
fn colour<R: Row, const L: usize, const N: usize>(graph: &Graph<R, L, N>, v: usize) -> u32 {
    let loops = (0..L).fold(0, |acc, layer| {
        acc << 1 | u32::from(graph.row(layer, v) & bit(v) != 0)
    });
    u32::from(graph.label(v)) << 2 | loops
}

/// A sortable summary of the graph that isomorphic graphs share: each
/// vertex's label, loops and degrees, sorted.
pub(super) fn invariant<R: Row, const L: usize, const N: usize>(
    graph: &Graph<R, L, N>,
) -> [u32; N] {
    let mut summary = [0; N];
    for (v, entry) in summary.iter_mut().enumerate().take(graph.len()) {
        let degrees = (0..L).fold(0, |acc, layer| acc << 8 | graph.row(layer, v).count_ones());
        *entry = colour(graph, v) << 16 | degrees;
    }
    summary[..graph.len()].sort_unstable();
    summary
}

/// The partition by [`colour`], in increasing colour.
fn coloured<R: Row, const L: usize, const N: usize>(graph: &Graph<R, L, N>) -> Partition<N> {
    let n = graph.len();
    let mut sorted = [(0u32, 0u8); N];
    for (v, entry) in sorted.iter_mut().enumerate().take(n) {
        *entry = (colour(graph, v), v as u8);
    }
    sorted[..n].sort_unstable();
    let mut part = Partition {
        cells: [0; N],
        len: 0,
        cell_of: [0; N],
    };
    for (k, &(c, v)) in sorted[..n].iter().enumerate() {
        if k == 0 || sorted[k - 1].0 != c {
            part.len += 1;
        }
        part.cells[part.len - 1] |= bit(usize::from(v));
        part.cell_of[usize::from(v)] = (part.len - 1) as u8;
    }
    part
}

/// Refine `part` until it is equitable, splitting by each cell marked in
/// `pending` (by position; the first marked first), and each cell split off
/// on the way: a cell's vertices are grouped by their numbers of neighbours
/// in the splitter, layer by layer, the groups taking the cell's place in
/// increasing number.
fn refine<R: Row, const L: usize, const N: usize>(
    graph: &Graph<R, L, N>,
    part: &mut Partition<N>,
    mut pending: u64,
) {
    let mut counts = [0u8; N];
    let mut groups = [0u64; N];
    while pending != 0 {
        let at = pending.trailing_zeros() as usize;
        pending &= pending - 1;
        let splitter = part.cells[at];
        for layer in 0..L {
            let touched = bits(splitter).fold(0, |acc, w| acc | graph.row(layer, w));
            // Only cells with a vertex next to the splitter can split; the
            // last first, so that a split leaves the positions of the others.
            let mut meeting = part.cells_meeting(touched);
            while meeting != 0 {
                let k = 63 - meeting.leading_zeros() as usize;
                meeting &= !bit(k);
                let cell = part.cells[k];
                if cell & (cell - 1) == 0 {
                    continue;
                }
                let (mut least, mut most) = (u8::MAX, 0);
                for v in bits(cell) {
                    let count = count(graph.row(layer, v) & splitter);
                    counts[v] = count;
                    (least, most) = (least.min(count), most.max(count));
                }
                if least == most {
                    continue;
                }
                // The groups of equal count, least count first.
                let (mut rest, mut f) = (cell, 0);
                while rest != 0 {
                    let count = bits(rest).map(|v| counts[v]).min().unwrap_or(0);
                    let group = bits(rest)
                        .filter(|&v| counts[v] == count)
                        .fold(0, |acc, v| acc | bit(v));
                    groups[f] = group;
                    f += 1;
                    rest &= !group;
                }
                part.split(k, &groups[..f], &mut pending);
            }
        }
    }
}

/// Union-find over the vertices: the orbits of the automorphisms found so far.
#[derive(Clone, Copy)]
struct Orbits<const N: usize>([u8; N]);

impl<const N: usize> Orbits<N> {
    fn new() -> Self {
        let mut parent = [0; N];
        for (v, p) in parent.iter_mut().enumerate() {
            *p = v as u8;
        }
        Orbits(parent)
    }

    fn find(&mut self, mut v: usize) -> usize {
        while usize::from(self.0[v]) != v {
            self.0[v] = self.0[usize::from(self.0[v])];
            v = usize::from(self.0[v]);
        }
        v
    }

    fn join(&mut self, u: usize, v: usize) {
        let (a, b) = (self.find(u), self.find(v));
        if a != b {
            self.0[a.max(b)] = a.min(b) as u8;
        }
    }
}

struct Labeller<'a, R, const L: usize, const N: usize> {
    graph: &'a Graph<R, L, N>,
    /// Each vertex's earlier twins (`Graph::twins`).
    twins: [u64; N],
    /// Each vertex's twins, itself included.
    twin_class: [u64; N],
    leaves: usize,
    /// The least leaf so far, and its numbering of the vertices.
    best: Option<(Graph<R, L, N>, [u8; N])>,
    /// The vertex individualised at each depth of the current branch.
    path: [u8; N],
    /// The orbits at each node of the current branch, under the automorphisms
    /// found that fix the vertices individualised above it.
    orbits: [Orbits<N>; N],
}

impl<R: Row, const L: usize, const N: usize> Labeller<'_, R, L, N> {
    fn search(&mut self, part: &Partition<N>, depth: usize) {
        let n = self.graph.len();
        let mut part = *part;
        self.split_twins(&mut part);
        if part.len == n {
            self.leaf(&part, depth);
            return;
        }
        // The first of the smallest cells with several vertices.
        let (mut k, mut target) = (0, u32::MAX);
        for (j, &cell) in part.cells[..part.len].iter().enumerate() {
            if cell & (cell - 1) != 0 && cell.count_ones() < target {
                (k, target) = (j, cell.count_ones());
            }
        }
        let cell = part.cells[k];
        self.orbits[depth] = Orbits::new();
        let mut tried = 0u64;
        for v in bits(cell) {
            if self.leaves >= LEAF_BUDGET {
                return;
            }
            if self.twins[v] & tried != 0 {
                continue;
            }
            let orbit = self.orbits[depth].find(v);
            if bits(tried).any(|u| self.orbits[depth].find(u) == orbit) {
                continue;
            }
            tried |= bit(v);
            let mut child = part;
            child.split(k, &[bit(v), cell & !bit(v)], &mut 0);
            refine(self.graph, &mut child, bit(k));
            self.path[depth] = v as u8;
            self.search(&child, depth + 1);
        }
    }

    /// Split each cell whose vertices are all twins of each other into
    /// single vertices, in order: any order gives the same leaves (twins
    /// are exchanged by automorphisms), and the partition stays equitable
    /// (a vertex outside such a cell is next to all of it or none of it).
    fn split_twins(&self, part: &mut Partition<N>) {
        let mut singles = [0u64; N];
        for k in (0..part.len).rev() {
            let cell = part.cells[k];
            if cell & (cell - 1) != 0 && bits(cell).all(|v| cell & !self.twin_class[v] == 0) {
                for (single, v) in singles.iter_mut().zip(bits(cell)) {
                    *single = bit(v);
                }
                part.split(k, &singles[..cell.count_ones() as usize], &mut 0);
            }
        }
    }

    fn leaf(&mut self, part: &Partition<N>, depth: usize) {
        self.leaves += 1;
        let n = self.graph.len();
        let mut order = [0u8; N];
        for (slot, cell) in order.iter_mut().zip(&part.cells[..n]) {
            *slot = cell.trailing_zeros() as u8;
        }
        let image = self.graph.renumbered(&order[..n]);
        let Some((best, best_order)) = &self.best else {
            self.best = Some((image, order));
            return;
        };
        match image.cmp(best) {
            std::cmp::Ordering::Less => self.best = Some((image, order)),
            std::cmp::Ordering::Greater => {}
            std::cmp::Ordering::Equal => {
                // order[i] -> best_order[i] is an automorphism: record its orbits
                // at each node of this branch whose individualised vertices it fixes.
                let mut mapped = [0u8; N];
                for i in 0..n {
                    mapped[usize::from(order[i])] = best_order[i];
                }
                for d in 0..depth {
                    for (v, &image) in mapped.iter().enumerate().take(n) {
                        self.orbits[d].join(v, usize::from(image));
                    }
                    let fixed = usize::from(self.path[d]);
                    if usize::from(mapped[fixed]) != fixed {
                        break;
                    }
                }
            }
        }
    }
}

/// The canonical image of `graph`: for a tree, the least of its
/// images rooted at each centre ([`rooted`]); for any other graph, the
/// least image over the leaves of its individualise-refine search.
pub(super) fn least<R: Row, const L: usize, const N: usize>(
    graph: &Graph<R, L, N>,
) -> Graph<R, L, N> {
    let n = graph.len();
    let degrees: usize = (0..n)
        .map(|v| graph.neighbours(v).count_ones() as usize)
        .sum();
    if n <= 1 {
        return *graph;
    }
    if degrees == 2 * (n - 1) && graph.parts(graph.all()).next() == Some(graph.all()) {
        return least_tree(graph);
    }
    let mut part = coloured(graph);
    let cells = below(part.len);
    refine(graph, &mut part, cells);
    let twins = graph.twins();
    let mut twin_class = [0; N];
    for v in 0..graph.len() {
        twin_class[v] |= bit(v) | twins[v];
        for u in bits(twins[v]) {
            twin_class[u] |= bit(v);
        }
    }
    let mut labeller = Labeller {
        graph,
        twins,
        twin_class,
        leaves: 0,
        best: None,
        path: [0; N],
        orbits: [Orbits::new(); N],
    };
    labeller.search(&part, 0);
    labeller.best.map_or(*graph, |(image, _)| image)
}

/// The image of tree `graph` numbered from its centre, or from its two
/// centres (the vertices left once leaves are stripped off again and again).
fn least_tree<R: Row, const L: usize, const N: usize>(graph: &Graph<R, L, N>) -> Graph<R, L, N> {
    let mut centres = graph.all();
    while centres.count_ones() > 2 {
        centres &= !bits(centres)
            .filter(|&v| count(graph.neighbours(v) & centres) <= 1)
            .fold(0, |acc, v| acc | bit(v));
    }
    graph.renumbered(&rooted(graph, centres)[..graph.len()])
}

/// The canonical numbering of tree `graph` hanging from `roots`, one vertex
/// or two adjacent ones (Aho, Hopcroft and Ullman's tree isomorphism): level
/// by level from the deepest, the vertices of a level are ranked by their
/// edge to their parent, label, loops and the ranks of their children
/// (sorted); the numbering is the preorder of each root's subtree, the
/// lesser root's first, taking children in increasing rank (vertices of
/// equal rank head isomorphic subtrees, so their order does not change the image).
fn rooted<R: Row, const L: usize, const N: usize>(graph: &Graph<R, L, N>, roots: u64) -> [u8; N] {
    let n = graph.len();
    // Breadth first: each level, and each vertex's children, are runs of `queue`.
    let mut queue = [0u8; N];
    let (mut first_child, mut children, mut parent) = ([0usize; N], [0usize; N], [0usize; N]);
    let mut levels = [0usize; N];
    let (mut depth, mut level_end) = (0, roots.count_ones() as usize);
    for (slot, root) in queue.iter_mut().zip(bits(roots)) {
        *slot = root as u8;
    }
    let (mut seen, mut tail) = (roots, level_end);
    for head in 0..n {
        if head == level_end {
            depth += 1;
            levels[depth] = head;
            level_end = tail;
        }
        let v = usize::from(queue[head]);
        first_child[v] = tail;
        for u in bits(graph.neighbours(v) & !seen) {
            queue[tail] = u as u8;
            parent[u] = v;
            tail += 1;
        }
        seen |= graph.neighbours(v);
        children[v] = tail - first_child[v];
    }
    let level = |d: usize| levels[d]..if d == depth { n } else { levels[d + 1] };
    // What a vertex is, besides its children: its edge to its parent, label and loops.
    let mut own = [0u32; N];
    for (v, own) in own.iter_mut().enumerate().take(n) {
        *own = (0..L).fold(u32::from(graph.label(v)), |acc, layer| {
            let row = graph.row(layer, v);
            let up = roots & bit(v) == 0 && row & bit(parent[v]) != 0;
            acc << 2 | u32::from(up) << 1 | u32::from(row & bit(v) != 0)
        });
    }
    let mut rank = [0u8; N];
    let mut sorted = [0u8; N];
    for d in (0..=depth).rev() {
        let vertices = level(d);
        for i in vertices.clone() {
            let v = usize::from(queue[i]);
            let run = first_child[v]..first_child[v] + children[v];
            queue[run].sort_unstable_by_key(|&u| rank[usize::from(u)]);
        }
        let m = vertices.len();
        sorted[..m].copy_from_slice(&queue[vertices]);
        let mut ranks = [0u8; N];
        {
            let kids = |v: usize| {
                queue[first_child[v]..first_child[v] + children[v]]
                    .iter()
                    .map(|&u| rank[usize::from(u)])
            };
            let order = |a: &u8, b: &u8| {
                let (a, b) = (usize::from(*a), usize::from(*b));
                own[a].cmp(&own[b]).then_with(|| kids(a).cmp(kids(b)))
            };
            sorted[..m].sort_unstable_by(order);
            for i in 1..m {
                ranks[i] = ranks[i - 1] + u8::from(order(&sorted[i - 1], &sorted[i]).is_ne());
            }
        }
        for i in 0..m {
            rank[usize::from(sorted[i])] = ranks[i];
        }
    }
    // Preorder, children in increasing rank (the roots are level 0's run).
    let mut numbering = [0u8; N];
    let mut stack = [0u8; N];
    let top = roots.count_ones() as usize;
    stack[..top].copy_from_slice(&queue[..top]);
    if top == 2 && rank[usize::from(stack[0])] < rank[usize::from(stack[1])] {
        stack.swap(0, 1);
    }
    let (mut top, mut next) = (top, 0);
    while top > 0 {
        top -= 1;
        let v = usize::from(stack[top]);
        numbering[next] = v as u8;
        next += 1;
        for &u in queue[first_child[v]..first_child[v] + children[v]]
            .iter()
            .rev()
        {
            stack[top] = u;
            top += 1;
        }
    }
    numbering
}

#[cfg(test)]
mod tests {
    use super::*;

    type Small = Graph<u16, 1, 16>;
    type Coloured = Graph<u64, 2, 64>;

    fn graph(n: usize, edges: &[(usize, usize)]) -> Small {
        let mut g = Small::new(n).unwrap();
        for &(u, v) in edges {
            g.join(0, u, v);
        }
        g
    }

    /// Whether every edge of `graph` is in both its ends' rows, among its vertices.
    fn well_formed<R: Row, const L: usize, const N: usize>(graph: &Graph<R, L, N>) -> bool {
        let n = graph.len();
        (0..L).all(|layer| {
            (0..n).all(|v| {
                graph.row(layer, v) & !below(n) == 0
                    && bits(graph.row(layer, v)).all(|u| graph.row(layer, u) & bit(v) != 0)
            })
        })
    }

    /// A small deterministic generator (xorshift).
    struct Random(u64);

    impl Random {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }

    fn shuffled<R: Row, const L: usize, const N: usize>(
        g: &Graph<R, L, N>,
        random: &mut Random,
    ) -> Graph<R, L, N> {
        let n = g.len();
        let mut order: Vec<u8> = (0..n as u8).collect();
        for i in (1..n).rev() {
            order.swap(i, (random.next() % (i as u64 + 1)) as usize);
        }
        g.renumbered(&order)
    }

    #[test]
    fn isomorphic_graphs_share_a_key() {
        let mut random = Random(0x9e37_79b9_7f4a_7c15);
        let petersen = {
            let mut edges: Vec<(usize, usize)> = (0..5).map(|i| (i, (i + 1) % 5)).collect();
            edges.extend((0..5).map(|i| (5 + i, 5 + (i + 2) % 5)));
            edges.extend((0..5).map(|i| (i, i + 5)));
            graph(10, &edges)
        };
        let cycle = graph(16, &(0..16).map(|i| (i, (i + 1) % 16)).collect::<Vec<_>>());
        let k56 = graph(
            11,
            &(0..5)
                .flat_map(|i| (5..11).map(move |j| (i, j)))
                .collect::<Vec<_>>(),
        );
        let mut grid = graph(15, &[]);
        for r in 0..3 {
            for c in 0..5 {
                if c + 1 < 5 {
                    grid.join(0, 5 * r + c, 5 * r + c + 1);
                }
                if r + 1 < 3 {
                    grid.join(0, 5 * r + c, 5 * r + c + 5);
                }
            }
        }
        grid.set_label(7, 1);
        for g in [petersen, cycle, k56, grid] {
            let k = least(&g);
            assert!(well_formed(&k) && k.len() == g.len());
            for _ in 0..20 {
                assert_eq!(least(&shuffled(&g, &mut random)), k);
            }
        }
    }

    #[test]
    fn random_graphs_keep_their_keys_when_renumbered() {
        let mut random = Random(12345);
        for _ in 0..300 {
            let n = 1 + (random.next() % 12) as usize;
            let mut g = Coloured::new(n).unwrap();
            let density = random.next() % 4;
            for u in 0..n {
                g.set_label(u, (random.next() % 3) as u8);
                for v in u..n {
                    if random.next() % 4 <= density && (u != v || random.next().is_multiple_of(3)) {
                        g.join((random.next() % 2) as usize, u, v);
                    }
                }
            }
            let k = least(&g);
            assert!(well_formed(&k));
            assert_eq!(invariant(&k), invariant(&g));
            for _ in 0..5 {
                assert_eq!(least(&shuffled(&g, &mut random)), k);
            }
        }
    }

    #[test]
    fn trees_keep_their_keys_when_renumbered() {
        // Random labelled trees (with loops and coloured edges sometimes), one or two centres.
        let mut random = Random(777);
        for _ in 0..300 {
            let n = 1 + (random.next() % 14) as usize;
            let mut g = Coloured::new(n).unwrap();
            for v in 1..n {
                let u = (random.next() % v as u64) as usize;
                g.join((random.next() % 2) as usize, u, v);
                if random.next().is_multiple_of(4) {
                    g.join(0, v, v);
                }
                g.set_label(v, (random.next() % 2) as u8);
            }
            let k = least(&g);
            assert!(well_formed(&k));
            assert_eq!(invariant(&k), invariant(&g));
            for _ in 0..5 {
                assert_eq!(least(&shuffled(&g, &mut random)), k);
            }
        }
        // Paths that differ only in where a tint sits.
        let mut a = graph(4, &[(0, 1), (1, 2), (2, 3)]);
        let mut b = a;
        a.set_label(0, 1);
        b.set_label(1, 1);
        assert_ne!(least(&a), least(&b));
        assert_eq!(least(&a), least(&a.renumbered(&[3, 2, 1, 0])));
    }

    #[test]
    fn keys_tell_apart_graphs_that_refinement_does_not() {
        // Two triangles and a hexagon: every vertex has degree 2, so colour
        // refinement alone cannot tell them apart.
        let triangles = graph(6, &[(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3)]);
        let hexagon = graph(6, &(0..6).map(|i| (i, (i + 1) % 6)).collect::<Vec<_>>());
        assert_ne!(least(&triangles), least(&hexagon));
        // Layers count: a blue edge is not a red one.
        let mut blue = Coloured::new(2).unwrap();
        blue.join(0, 0, 1);
        let mut red = Coloured::new(2).unwrap();
        red.join(1, 0, 1);
        assert_ne!(least(&blue), least(&red));
    }

    #[test]
    fn a_key_is_the_graph_renumbered() {
        let mut g = graph(5, &[(0, 1), (1, 2), (1, 3), (3, 4)]);
        g.set_label(4, 2);
        let k = least(&g);
        assert_eq!(invariant(&k), invariant(&g));
        assert!(well_formed(&k));
    }
}
