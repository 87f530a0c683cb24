"""Positions in a notebook: the HTML that shows a position by its own drawing, and rows of such drawings.

>>> from cgt.rulesets import Domineering
>>> picture_html(Domineering("..")).startswith("<svg")
True
>>> row_html(["a", "b"]).count("<div")
3
"""

import html

__all__ = ["picture_html", "row_html", "row_pieces"]


def picture_html(position):
    """The HTML of a position: its own drawing (HTML, SVG or LaTeX), else its text."""
    for method in ("_repr_html_", "_repr_svg_", "_repr_latex_"):
        drawing = getattr(position, method, None)
        shown = drawing() if drawing is not None else None
        if shown is not None:
            return shown if method != "_repr_latex_" else f"<span>{html.escape(shown)}</span>"
    return f"<code>{html.escape(repr(position))}</code>"


def row_html(parts):
    """HTML pieces side by side, centred on one line."""
    return "".join(row_pieces(parts))


def row_pieces(parts):
    """The text of `row_html` as a list of pieces, ``parts`` among them unjoined.

    >>> "".join(row_pieces(["a", "b"])) == row_html(["a", "b"])
    True
    """
    cells = [piece for part in parts for piece in ("<div style='margin:0 0.4em'>", part, "</div>")]
    return ["<div style='display:flex;align-items:center'>", *cells, "</div>"]
