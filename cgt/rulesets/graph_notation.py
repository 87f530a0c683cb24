"""CGSuite's graph strings: one reader for every ruleset played on a graph.

CGSuite writes a graph as a line of vertices and edges (``game.graph.Snort(
".-.-.(-.;-.)")``, ``game.graph.Hackenbush("lrlerrr")``).  Read left to right:

* a **vertex** is one of the ruleset's vertex letters (``L``, ``R`` in Col and
  Snort) or ``.`` for a vertex with none; a vertex that is not written is
  there anyway wherever an edge needs an end, so ``"---"`` is a path of four;
* an **edge** is ``-`` (a plain edge) or one of the ruleset's edge letters
  (``l``, ``r``, ``e`` in Hackenbush); it joins the vertex before it to the
  vertex after it;
* two vertices written one after the other are joined by a plain edge, in
  rulesets that have plain edges: ``"LR..L"`` is a path of five;
* ``(b1;b2;...)`` after a vertex are branches, each growing from that vertex;
  the group ends the branch it is in;
* ``;`` outside parentheses, where a ruleset allows it (``pieces=True``),
  starts a piece not joined to the one before, as in CGSuite: ``"l;r"`` is two
  pieces, and each piece written, even an empty one, has a first vertex;
* ``:A`` or ``:{name}`` after a vertex (or at the start, or after an edge,
  for the vertex not written there) names it, and all vertices of one name
  are one vertex, so that cycles can be drawn: ``":A----:A"`` is a 4-cycle;
* spaces are ignored.

Vertices are numbered 0, 1, ... in the order they first appear; the first is
vertex 0 (the ground, in Hackenbush).

>>> graph = parse_graph("L-.-.(-R;-)", vertex_tags="LR")
>>> graph.tags
('L', None, None, 'R', None)
>>> graph.edges
((0, 1, '-'), (1, 2, '-'), (2, 3, '-'), (2, 4, '-'))
>>> parse_graph("(e:B;e:B)", edge_tags="lre").edges
((0, 1, 'e'), (0, 1, 'e'))
>>> parse_graph("L-x", vertex_tags="LR")
Traceback (most recent call last):
...
cgt.errors.GameSyntaxError: unexpected character 'x' (expected a vertex 'L', 'R', '.', an edge '-', '(', ';', ')' or a name ':A') (column 3)
    L-x
      ^
"""

from typing import NamedTuple

from cgt.errors import GameSyntaxError

__all__ = ["GraphText", "parse_graph"]

PLAIN = "-"


class GraphText(NamedTuple):
    """A graph as read from its string: a tag per vertex (None if none), edges ``(u, v, letter)``."""

    tags: tuple
    edges: tuple


def _syntax_error(message, text, column):
    return GameSyntaxError(message, text, column)


def parse_graph(text, *, vertex_tags="", edge_tags=PLAIN, loops=True, pieces=False,
                syntax_error=_syntax_error):
    """Read a CGSuite graph string (see the module docs) into a `GraphText`.

    ``vertex_tags`` and ``edge_tags`` are the ruleset's one-letter vertex and
    edge tags (``-``, the plain edge, among the edge tags if the ruleset has
    plain edges): a str of letters, or a dict from letters to what they mean,
    for the error messages.  ``loops=False`` refuses an edge from a vertex to itself;
    ``pieces=True`` reads ``;`` outside parentheses as the start of another piece.
    Malformed text raises ``syntax_error(message, text, column)`` (by default a
    `GameSyntaxError`), the 1-based column pointing at the culprit.

    >>> parse_graph(":A----:A").edges
    ((0, 1, '-'), (1, 2, '-'), (2, 3, '-'), (3, 0, '-'))
    >>> parse_graph("l;r", edge_tags="lre", pieces=True).edges
    ((0, 1, 'l'), (2, 3, 'r'))
    """
    if not isinstance(text, str):
        raise TypeError(f"a graph string is a str, not {type(text).__name__}")
    reader = _Reader(text, vertex_tags, edge_tags, loops, pieces, syntax_error)
    reader.read()
    return GraphText(tuple(reader.tags), tuple(reader.edges))


class _Reader:
    """The state of one left-to-right reading (iterative: no recursion on deep branching)."""

    def __init__(self, text, vertex_tags, edge_tags, loops, pieces, syntax_error):
        self.text = text
        self.vertex_tags = "".join(vertex_tags)
        self.edge_tags = "".join(edge_tags)
        self.meaning = {**dict.fromkeys(self.vertex_tags + self.edge_tags, None),
                        **(vertex_tags if isinstance(vertex_tags, dict) else {}),
                        **(edge_tags if isinstance(edge_tags, dict) else {})}
        self.loops = loops
        self.pieces = pieces
        self.syntax_error = syntax_error
        self.tags = []
        self.edges = []
        self.names = {}
        self.current = None       # the vertex the next edge starts from
        self.pending = None       # (edge letter, index) of an edge still waiting for its far end
        self.groups = []          # (vertex the branches grow from, index of its '(')

    def fail(self, message, index):
        raise self.syntax_error(message, self.text, index + 1)

    def expected(self):
        def spell(letters):
            return ", ".join(repr(t) + (f" ({self.meaning[t]})" if self.meaning.get(t) else "") for t in letters)

        parts = [f"a vertex {spell(self.vertex_tags + '.')}", f"an edge {spell(self.edge_tags)}"]
        return f"expected {', '.join(parts)}, '(', ';', ')' or a name ':A'"

    # -- the reading ------------------------------------------------------------------------
    def read(self):
        text, i, n = self.text, 0, len(self.text)
        while i < n:
            ch = text[i]
            if ch.isspace():
                i += 1
            elif ch in self.vertex_tags or ch == ".":
                i = self.vertex(None if ch == "." else ch, i, i + 1)
            elif ch == ":":
                if self.pending is None and self.current is not None:
                    self.fail("a vertex name must follow an edge, a vertex or the start of the text", i)
                i = self.vertex(None, i, i)
            elif ch in self.edge_tags:
                self.close(i)
                if self.current is None:
                    self.current = self.new_vertex(None)
                self.pending = (ch, i)
                i += 1
            elif ch == "(":
                self.close(i)
                if self.current is None:
                    self.current = self.new_vertex(None)
                self.groups.append((self.current, i))
                i += 1
            elif ch == ";":
                self.close(i)
                if self.groups:
                    self.current = self.groups[-1][0]
                elif self.pieces:
                    if self.current is None:      # an empty piece still has its first vertex
                        self.new_vertex(None)
                    self.current = None
                else:
                    self.fail("';' outside parentheses", i)
                i += 1
            elif ch == ")":
                self.close(i)
                if not self.groups:
                    self.fail("')' without a matching '('", i)
                self.current = self.groups.pop()[0]
                i += 1
                while i < n and text[i].isspace():
                    i += 1
                if i < n and text[i] not in ";)":
                    self.fail("a group of branches '(...)' must end its branch", i)
            elif ch in "-<>":
                what = "a directed edge" if ch in "<>" else "a plain edge"
                self.fail(f"{what} {ch!r} is not allowed here ({self.expected()})", i)
            else:
                self.fail(f"unexpected character {ch!r} ({self.expected()})", i)
        self.close(n)
        if self.groups:
            self.fail("unclosed '('", self.groups[-1][1])

    def close(self, index):
        """End a pending edge at a vertex not written (a new one, untagged)."""
        if self.pending is not None:
            self.join(self.new_vertex(None), index)

    def vertex(self, tag, start, i):
        """Read the rest of a vertex (its name, if any) from ``i``; join it; return where reading goes on."""
        name = None
        text = self.text
        if i < len(text) and text[i] == ":":
            at = i
            i += 1
            if i < len(text) and text[i] == "{":
                end = text.find("}", i + 1)
                if end < 0:
                    self.fail("unclosed '{' in a vertex name", i)
                name, i = text[i + 1:end], end + 1
            elif i < len(text) and text[i].isalnum() and text[i] not in self.edge_tags:
                name, i = text[i], i + 1
            else:
                self.fail("':' must be followed by a vertex name: a letter, a digit or {name}", at)
        if name is not None and name in self.names:
            v = self.names[name]
            if tag is not None:
                if self.tags[v] is None:
                    self.tags[v] = tag
                elif self.tags[v] != tag:
                    self.fail(f"vertex :{name} is tagged both {self.tags[v]!r} and {tag!r}", start)
        else:
            v = self.new_vertex(tag)
            if name is not None:
                self.names[name] = v
        if self.pending is not None:
            self.join(v, start)
        elif self.current is not None:
            if PLAIN not in self.edge_tags:
                self.fail(f"two vertices with no edge between them ({self.expected()})", start)
            self.pending = (PLAIN, start)
            self.join(v, start)
        self.current = v
        return i

    def new_vertex(self, tag):
        self.tags.append(tag)
        return len(self.tags) - 1

    def join(self, v, index):
        letter, _ = self.pending
        self.pending = None
        if v == self.current and not self.loops:
            self.fail("an edge joins a vertex to itself (no loops in this ruleset)", index)
        self.edges.append((self.current, v, letter))
        self.current = v
