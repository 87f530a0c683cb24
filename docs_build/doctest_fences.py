"""A griffe extension for the API reference: docstrings keep their doctest
examples as bare ``>>>`` blocks (so that pytest runs them), and this wraps
each block in a ``pycon`` code fence before mkdocstrings renders it as
Markdown, so its output lines are shown as code and not read as Markdown.
"""

import griffe


def fence_doctests(text):
    """``text`` with every doctest block (a ``>>>`` line up to the next blank
    line) wrapped in a fenced ``pycon`` block at the same indentation."""
    out, block, indent = [], [], ""
    for line in text.splitlines() + [""]:
        stripped = line.lstrip()
        if block:
            if stripped:
                block.append(line)
                continue
            out += [indent + "```pycon", *block, indent + "```"]
            block = []
        if stripped.startswith(">>>"):
            indent = line[: len(line) - len(stripped)]
            block.append(line)
        else:
            out.append(line)
    return "\n".join(out[:-1])


class DoctestFences(griffe.Extension):
    """Fence the doctest blocks of every docstring griffe loads."""

    def on_object(self, *, obj, **kwargs):
        if obj.docstring is not None:
            obj.docstring.value = fence_doctests(obj.docstring.value)
