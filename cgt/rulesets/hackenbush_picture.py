"""Hackenbush positions drawn as SVG text: edges in their colours, standing on the ground.

Vertices are laid out by a tidy tree layout of a breadth-first spanning
forest from the ground; loops are drawn as small circles.

>>> from cgt.rulesets import Hackenbush
>>> svg(Hackenbush.string("BRG"), 36).startswith("<svg")
True
"""

import math
from html import escape

from cgt.rulesets.hackenbush_values import BLUE, GREEN, RED

__all__ = ["svg"]

_INK = {BLUE: "#1f5fbf", RED: "#d62728", GREEN: "#2ca02c"}


def _layout(position):
    """Vertex positions (x in slots, level above the ground) by a tidy tree layout
    of a breadth-first spanning forest from the ground."""
    vertices = position._vertices
    adjacency = {v: [] for v in vertices}
    for u, v, _ in position._edges:
        if u != v:
            adjacency[u].append(v)
            adjacency[v].append(u)
    for v in adjacency:
        adjacency[v] = sorted(set(adjacency[v]))
    ground = position._ground
    level, children = {}, {v: [] for v in vertices}
    roots = list(ground)
    for g in ground:
        level[g] = 0

    def grow(queue):
        for u in queue:
            for w in adjacency[u]:
                if w not in level:
                    level[w] = level[u] + 1
                    children[u].append(w)
                    queue.append(w)

    grow(list(ground))
    for v in vertices:            # pieces off the ground float one level up
        if v not in level:
            roots.append(v)
            level[v] = 1
            grow([v])
    # Widths bottom-up, then x left to right.
    width = {}
    order = []
    for root in roots:
        queue = [root]
        for u in queue:
            queue.extend(children[u])
        order.extend(queue)
    for v in reversed(order):
        width[v] = max(1.0, sum(width[w] for w in children[v]))
    x = {}
    cursor = 0.0
    for root in roots:
        stack = [(root, cursor)]
        cursor += width[root]
        while stack:
            v, left = stack.pop()
            x[v] = left + width[v] / 2
            offset = left + (width[v] - sum(width[w] for w in children[v])) / 2
            for w in children[v]:
                stack.append((w, offset))
                offset += width[w]
    return x, level, cursor


def svg(position, unit):
    """``position`` as SVG text, ``unit`` pixels a step of the layout."""
    x, level, span = _layout(position)
    loops = {}
    for u, v, _ in position._edges:
        if u == v:
            loops[u] = loops.get(u, 0) + 1
    top = max([level[v] + (0.9 if v in loops else 0) for v in position._vertices], default=0)
    margin = unit * 0.75
    width = max(span, 1) * unit + 2 * margin
    height = (top + 0.5) * unit + 2 * margin

    def at(v):
        return margin + x[v] * unit, height - margin - level[v] * unit

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}">',
        f"<title>{escape(repr(position))}</title>",
        f'<line x1="0" y1="{height - margin:g}" x2="{width:g}" y2="{height - margin:g}" '
        f'stroke="#6b4f2a" stroke-width="4"/>',
    ]
    copies = {}
    loop_number = {}
    for u, v, c in position._edges:
        ink = _INK[c]
        (x1, y1), (x2, y2) = at(u), at(v)
        if u == v:
            # Loops fan out around the upward direction, a teardrop each.
            k = loop_number[u] = loop_number.get(u, 0) + 1
            angle = (k - (loops[u] + 1) / 2) * 0.7
            r = unit * 0.32
            dx, dy = math.sin(angle), -math.cos(angle)
            tip_x, tip_y = x1 + dx * 2.4 * r, y1 + dy * 2.4 * r
            side_x, side_y = -dy * 1.6 * r, dx * 1.6 * r
            path = (f"M{x1:g},{y1:g} C{tip_x + side_x:.4g},{tip_y + side_y:.4g} "
                    f"{tip_x - side_x:.4g},{tip_y - side_y:.4g} {x1:g},{y1:g}")
            parts.append(f'<path d="{path}" fill="none" stroke="{ink}" stroke-width="3"/>')
            continue
        k = copies[(u, v)] = copies.get((u, v), 0) + 1
        tree_edge = level.get(v) == level.get(u) + 1 or level.get(u) == level.get(v) + 1
        bend = (k // 2) * (1 if k % 2 else -1) if tree_edge else k
        if y1 == y2 and level[u] == 0:
            bend = abs(bend) or 1
        if bend == 0:
            parts.append(f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" '
                         f'stroke="{ink}" stroke-width="3" stroke-linecap="round"/>')
        else:
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            dx, dy = x2 - x1, y2 - y1
            length = (dx * dx + dy * dy) ** 0.5 or 1.0
            nx, ny = dy / length, -dx / length
            if ny > 0 or (ny == 0 and nx < 0):
                nx, ny = -nx, -ny
            cx, cy = mx + nx * bend * unit * 0.35, my + ny * bend * unit * 0.35
            parts.append(f'<path d="M{x1:g},{y1:g} Q{cx:g},{cy:g} {x2:g},{y2:g}" fill="none" '
                         f'stroke="{ink}" stroke-width="3" stroke-linecap="round"/>')
    ground = set(position._ground)
    for v in position._vertices:
        cx, cy = at(v)
        fill = "#6b4f2a" if v in ground else "#222"
        parts.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{unit * 0.09:g}" fill="{fill}"/>')
    parts.append("</svg>")
    return "\n".join(parts)
