"""An interactive board for Jupyter: play a grid position by clicking, and watch its value change.

``Board(position)`` is an `anywidget <https://anywidget.dev>`_ widget (install
it with ``pip install "cgt-toolkit[notebook]"``) showing a position of a
grid ruleset (Domineering, Cram, Clobber, Konane, Amazons, Fission, ...) with,
beside it, its canonical value, its outcome class and its temperature.

A move is chosen by clicking the cells it changes: after each click, the
moves of the player to move that change every cell clicked so far are the
candidates, and once one is left it is played (a Domineering domino is its two
cells; a Clobber move the stone and the stone it clobbers; an Amazons move the
queen, the square she goes to and the square her arrow lands on).  When the
cells clicked are all a move changes but a longer move changes them too,
clicking one of them again plays the shorter move (an Amazon shooting her
arrow back where she came from).  Then the other player is to move; the buttons choose who moves, undo
a move, or go back to the start.  The same is there for Python:

>>> from cgt.rulesets import Domineering
>>> board = Board(Domineering("...|..."))
>>> board.value, board.outcome, board.to_move
('{2|-1/2}', 'N', 'L')
>>> board.click(0, 0)            # the only vertical domino on that cell: Left plays it
>>> board.rows, board.value, board.to_move
(['#..', '#..'], '+-1', 'R')
>>> board.undo(); board.rows
['...', '...']
"""

try:
    import anywidget
    import traitlets
except ImportError as missing:  # pragma: no cover - the notebook extra is in the test extra
    raise ImportError("the interactive board needs anywidget: pip install \"cgt-toolkit[notebook]\"") from missing

from cgt.rulesets import Grid, LoopyPositionError

__all__ = ["Board"]

_ESM = r"""
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "cgt-board";
  el.appendChild(root);
  const draw = () => {
    const rows = model.get("rows");
    const selected = new Set(model.get("selected").map(([r, c]) => r + "," + c));
    root.innerHTML = "";
    const grid = document.createElement("div");
    grid.className = "cgt-grid";
    grid.style.gridTemplateColumns = `repeat(${rows.length ? rows[0].length : 0}, 2.2em)`;
    rows.forEach((row, r) => [...row].forEach((ch, c) => {
      const cell = document.createElement("button");
      cell.className = "cgt-cell" + (ch === "#" ? " cgt-blocked" : "") +
        (selected.has(r + "," + c) ? " cgt-selected" : "");
      cell.dataset.row = r;
      cell.dataset.col = c;
      cell.title = `row ${r + 1}, column ${c + 1}`;
      if (ch === "x" || ch === "o") {
        const stone = document.createElement("span");
        stone.className = "cgt-stone cgt-" + ch;
        cell.appendChild(stone);
      }
      cell.addEventListener("click", () => model.send({ type: "click", row: r, col: c }));
      grid.appendChild(cell);
    }));
    const side = document.createElement("div");
    side.className = "cgt-side";
    const line = (label, key, text) => {
      const p = document.createElement("div");
      p.innerHTML = `<span class="cgt-label">${label}</span> `;
      const value = document.createElement("span");
      value.dataset.role = key;
      value.textContent = text;
      p.appendChild(value);
      side.appendChild(p);
    };
    line(model.get("ruleset"), "ruleset", "");
    line("value", "value", model.get("value"));
    line("outcome", "outcome", model.get("outcome"));
    line("temperature", "temperature", model.get("temperature"));
    line("to move", "to-move", model.get("to_move") === "L" ? "Left" : "Right");
    const buttons = document.createElement("div");
    for (const [label, content] of [["Left moves", { type: "turn", player: "L" }],
                                    ["Right moves", { type: "turn", player: "R" }],
                                    ["Undo", { type: "undo" }], ["Start again", { type: "reset" }]]) {
      const button = document.createElement("button");
      button.textContent = label;
      button.className = "cgt-button";
      button.addEventListener("click", () => model.send(content));
      buttons.appendChild(button);
    }
    side.appendChild(buttons);
    const message = document.createElement("div");
    message.className = "cgt-message";
    message.dataset.role = "message";
    message.textContent = model.get("message");
    side.appendChild(message);
    root.appendChild(grid);
    root.appendChild(side);
  };
  for (const key of ["rows", "selected", "value", "outcome", "temperature", "to_move", "message"]) {
    model.on("change:" + key, draw);
  }
  draw();
}
export default { render };
"""

_CSS = """
.cgt-board { display: inline-flex; gap: 1.5em; align-items: flex-start; font-family: sans-serif; }
.cgt-grid { display: grid; gap: 0; border: 1px solid #000; }
.cgt-cell { width: 2.2em; height: 2.2em; border: 1px solid #000; background: #fff; padding: 0; margin: 0;
            box-sizing: border-box; border-radius: 0; font-size: inherit;
            display: flex; align-items: center; justify-content: center; cursor: pointer; }
.cgt-blocked { background: #777; }
.cgt-selected { background: #ffe680; }
.cgt-stone { width: 1.5em; height: 1.5em; border-radius: 50%; border: 1px solid #000; display: block; }
.cgt-x { background: #000; }
.cgt-o { background: #fff; }
.cgt-side div { margin: 0.2em 0; }
.cgt-label { color: #555; display: inline-block; min-width: 6.5em; }
.cgt-button { margin: 0.3em 0.3em 0 0; }
.cgt-message { color: #a00; min-height: 1.2em; }
"""


class Board(anywidget.AnyWidget):
    """A grid position in a notebook, played by clicks, with its value, outcome and temperature beside it."""

    _esm = _ESM
    _css = _CSS
    rows = traitlets.List(traitlets.Unicode()).tag(sync=True)
    ruleset = traitlets.Unicode().tag(sync=True)
    to_move = traitlets.Unicode("L").tag(sync=True)
    selected = traitlets.List().tag(sync=True)
    value = traitlets.Unicode().tag(sync=True)
    outcome = traitlets.Unicode().tag(sync=True)
    temperature = traitlets.Unicode().tag(sync=True)
    message = traitlets.Unicode().tag(sync=True)

    def __init__(self, position, to_move="L"):
        if not isinstance(position, Grid):
            raise TypeError(f"a Board shows a position of a grid ruleset (Domineering, Clobber, Amazons, ...), "
                            f"not {type(position).__name__}")
        if to_move not in ("L", "R"):
            raise ValueError(f"the player to move is 'L' or 'R', not {to_move!r}")
        super().__init__(ruleset=type(position).__name__, to_move=to_move)
        self._history = [(position, to_move)]
        self._show(position)
        self.on_msg(self._on_message)

    @property
    def position(self):
        """The position on the board now."""
        return self._history[-1][0]

    def click(self, row, col):
        """Select the cell at ``row``, ``col`` (from 0); play the move once the cells clicked name one."""
        if not (isinstance(row, int) and isinstance(col, int)
                and 0 <= row < len(self.rows) and 0 <= col < len(self.rows[0])):
            self.message = f"no cell ({row}, {col}) on this board"
            return
        selected = {tuple(cell) for cell in self.selected}
        clicked = selected | {(row, col)}
        candidates = self._candidates(clicked)
        if not candidates:
            selected, clicked = set(), {(row, col)}
            candidates = self._candidates(clicked)
        exact = [move for move, changed in candidates if changed == clicked]
        if len(candidates) == 1:
            self._play(candidates[0][0])
        elif (row, col) in selected and len(exact) == 1:      # a selected cell again: the move of just these
            self._play(exact[0])
        elif candidates:
            self.selected = sorted([r, c] for r, c in clicked)
            self.message = ""
        else:
            self.selected = []
            self.message = f"{'Left' if self.to_move == 'L' else 'Right'} has no move there"

    def undo(self):
        """Take back the last move."""
        if len(self._history) > 1:
            self._history.pop()
            position, to_move = self._history[-1]
            self.to_move = to_move
            self._show(position)

    def reset(self):
        """Go back to the starting position."""
        del self._history[1:]
        position, to_move = self._history[0]
        self.to_move = to_move
        self._show(position)

    def _candidates(self, clicked):
        """The moves of the player to move that change every cell in ``clicked``, with the cells they change."""
        position = self.position
        moves = position.left_moves() if self.to_move == "L" else position.right_moves()
        out = []
        for move in moves:
            changed = {(r, c) for r, (a, b) in enumerate(zip(position.rows, move.rows))
                       for c, (x, y) in enumerate(zip(a, b)) if x != y}
            if clicked <= changed:
                out.append((move, changed))
        return out

    def _play(self, move):
        self.to_move = "R" if self.to_move == "L" else "L"
        self._history.append((move, self.to_move))
        self._show(move)

    def _show(self, position):
        self.selected = []
        self.message = ""
        self.rows = list(position.rows)
        try:
            value = position.canonical_form
        except LoopyPositionError:
            self.value, self.outcome, self.temperature = "loopy", "", ""
            return
        self.value = str(value)
        self.outcome = value.outcome
        self.temperature = str(value.temperature)

    def _on_message(self, _widget, content, _buffers):
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "click":
            self.click(content.get("row"), content.get("col"))
        elif kind == "undo":
            self.undo()
        elif kind == "reset":
            self.reset()
        elif kind == "turn" and content.get("player") in ("L", "R"):
            self.to_move = content["player"]
            self.selected = []
