"""An interactive board for Jupyter: play a grid position by clicking, and watch its value change.

``Board(position)`` is an `anywidget <https://anywidget.dev>`_ widget (install
it with ``pip install anywidget``) showing a position of a grid ruleset
(Domineering, Cram, Clobber, Konane, Amazons, Fission, ...) with, beside it,
its canonical value, its outcome class and its temperature, and a legend of
who plays what.  Each player's pieces are in their colour, Left's blue and
Right's red, as CGT draws them: the stones ``x`` and ``o``, and the cells each
player's moves fill (dominoes, arrows, crossed-out lines), each move's cells
joined as one piece.

A move is chosen by clicking the cells it changes: after each click, the
moves of the player to move that change every cell clicked so far are the
candidates, and once one is left it is played (a Domineering domino is its two
cells; a Clobber move the stone and the stone it clobbers; an Amazons move the
queen, the square she goes to and the square her arrow lands on).  When the
cells clicked are all a move changes but a longer move changes them too,
clicking one of them again plays the shorter move (an Amazon shooting her
arrow back where she came from); when two moves change the same cells, the
order of the clicks tells them apart, the cells a move fills clicked last (an
Amazon's square, then her arrow's).  Then the other player is to move; the
buttons choose who moves, undo a move, or go back to the start.  The cell
under the pointer previews what a
click there does: the cells of the move it plays, in the mover's colour, or,
while several moves remain, the cells all of them change and, fainter, those
some of them change.  The same is there for Python:

>>> from cgt.rulesets import Domineering
>>> board = Board(Domineering("...|..."))
>>> board.value, board.outcome, board.to_move
('{2|-1/2}', 'N', 'L')
>>> board.legend
['Left places vertical dominoes', 'Right places horizontal dominoes']
>>> board.hover(0, 0); board.preview     # a click there plays Left's domino in the first column
[[0, 0, '#', True], [1, 0, '#', True]]
>>> board.click(0, 0)
>>> board.rows, board.owners, board.value, board.to_move
(['#..', '#..'], ['L..', 'L..'], '+-1', 'R')
>>> board.undo(); board.rows
['...', '...']
"""

_MISSING_ANYWIDGET = ("the interactive board needs anywidget: pip install anywidget (the notebook extra of cgt: "
                     "pip install -e \".[notebook]\" in a checkout, pip install \"cgt-toolkit[notebook]\" from PyPI)")

try:
    import anywidget
    import traitlets
except ImportError as missing:  # pragma: no cover - the notebook extra is in the test extra
    raise ImportError(_MISSING_ANYWIDGET) from missing

from cgt.rulesets import Amazons, Clobber, Cram, Domineering, Fission, Grid, Konane, LoopyPositionError, NoGo, \
    Quelhas, SkiJumps

__all__ = ["Board"]

_LEGENDS = {
    Domineering: ("places vertical dominoes", "places horizontal dominoes"),
    Cram: ("places a domino either way", "places a domino either way"),
    Quelhas: ("crosses out 2 or more cells in a column", "crosses out 2 or more cells in a row"),
    Clobber: ("moves a blue stone onto a red one next to it", "moves a red stone onto a blue one next to it"),
    Konane: ("jumps a blue stone over a red one", "jumps a red stone over a blue one"),
    Amazons: ("moves a blue amazon like a queen, then shoots an arrow",
              "moves a red amazon like a queen, then shoots an arrow"),
    NoGo: ("places a blue stone", "places a red stone"),
    Fission: ("splits a stone in two, up and down", "splits a stone in two, left and right"),
    SkiJumps: ("moves the blue skiers east (L jumps, l slips)", "moves the red skiers west (R jumps, r slips)"),
}
"""What each player does, after the player's name, in the rulesets that have words of their own."""

_STONES = ("moves the blue stones", "moves the red stones")
"""The legend of the other rulesets with Left's stones ``x`` and Right's ``o`` (Kings, Rooks, ...)."""

_ESM = r"""
const NAMES = { L: "Left", R: "Right" };
const SIDES = [["top", -1, 0, ["TopLeft", "TopRight"]], ["bottom", 1, 0, ["BottomLeft", "BottomRight"]],
               ["left", 0, -1, ["TopLeft", "BottomLeft"]], ["right", 0, 1, ["TopRight", "BottomRight"]]];

const make = (tag, className, text) => {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
};

// The board and its panel are built once and updated in place: an element replaced between a press and
// its release would lose the click.
function render({ model, el }) {
  const root = make("div", "cgt-board");
  const grid = make("div", "cgt-grid");
  const side = make("div", "cgt-side");
  root.append(grid, side);
  el.appendChild(root);

  let hovered = null;
  const hover = (cell) => {
    const key = cell && cell.join(",");
    if (key === hovered) return;
    hovered = key;
    model.send(cell ? { type: "hover", row: cell[0], col: cell[1] } : { type: "hover" });
  };
  root.addEventListener("mouseover", (event) => {
    const cell = event.target.closest(".cgt-cell");
    hover(cell ? [Number(cell.dataset.row), Number(cell.dataset.col)] : null);
  });
  root.addEventListener("mouseleave", () => hover(null));

  const swatch = (player) => make("span", "cgt-swatch cgt-" + player);
  side.appendChild(make("div", "cgt-title", model.get("ruleset"))).dataset.role = "ruleset";
  const legend = side.appendChild(make("div", "cgt-legend"));
  model.get("legend").forEach((text, i) => {
    const line = legend.appendChild(make("div"));
    line.dataset.role = "legend-" + "LR"[i];
    line.append(swatch("LR"[i]), text);
  });
  legend.appendChild(make("div", "cgt-hint", "Click a move's cells to play it; point to preview it."));
  const field = (label, role) => {
    const line = side.appendChild(make("div"));
    line.appendChild(make("span", "cgt-label", label));
    const mark = line.appendChild(make("span"));
    const value = line.appendChild(make("span"));
    value.dataset.role = role;
    return { mark, value };
  };
  const toMove = field("to move", "to-move");
  const facts = ["value", "outcome", "temperature"].map((key) => [key, field(key, key).value]);
  const buttons = side.appendChild(make("div"));
  const turns = {};
  for (const [label, content] of [["Left to move", { type: "turn", player: "L" }],
                                  ["Right to move", { type: "turn", player: "R" }],
                                  ["Undo", { type: "undo" }], ["Start again", { type: "reset" }]]) {
    const button = buttons.appendChild(make("button", "cgt-button", label));
    button.addEventListener("click", () => model.send(content));
    if (content.player) turns[content.player] = button;
  }
  const message = side.appendChild(make("div", "cgt-message"));
  message.dataset.role = "message";

  // A stone x or o, or a letter (Ski Jumps' skiers), in its owner's colour.
  const piece = (ch, owner) => {
    const stone = ch === "x" || ch === "o";
    return make("span", (stone ? "cgt-stone" : "cgt-letter") + " cgt-" + (owner || "none"), stone ? undefined : ch);
  };
  // A filled cell's tile, or a previewed one (faint); a side joined to the next cell of the same piece
  // reaches over the borders, square-cornered.
  const tile = (player, joined, faint) => {
    const block = make("span", "cgt-tile cgt-" + player + (faint ? " cgt-ghost" : ""));
    for (const [side, dr, dc, corners] of SIDES) {
      if (!joined(dr, dc)) continue;
      block.style[side] = "-1px";
      corners.forEach((corner) => { block.style["border" + corner + "Radius"] = "0"; });
    }
    return block;
  };

  let cells = [];
  const drawGrid = () => {
    const rows = model.get("rows");
    const width = rows.length ? rows[0].length : 0;
    if (cells.length !== rows.length || (cells.length && cells[0].length !== width)) {
      grid.replaceChildren();
      grid.style.gridTemplateColumns = `repeat(${width}, 2.2em)`;
      cells = rows.map((row, r) => [...row].map((_, c) => {
        const cell = grid.appendChild(make("button", "cgt-cell"));
        cell.dataset.row = r;
        cell.dataset.col = c;
        cell.title = `row ${r + 1}, column ${c + 1}`;
        cell.addEventListener("click", () => model.send({ type: "click", row: r, col: c }));
        return cell;
      }));
    }
    const owners = model.get("owners");
    const moves = model.get("move_numbers");
    const pieces = model.get("pieces");
    const mover = model.get("to_move");
    const selected = new Set(model.get("selected").map(([r, c]) => r + "," + c));
    const preview = new Map(model.get("preview").map(([r, c, ch, sure]) => [r + "," + c, { ch, sure }]));
    const filling = (r, c) => { const p = preview.get(r + "," + c); return p && p.sure && p.ch === "#"; };
    rows.forEach((row, r) => [...row].forEach((ch, c) => {
      const cell = cells[r][c];
      const owner = owners[r][c];
      const shown = preview.get(r + "," + c);
      const ghost = filling(r, c);          // drawn as a faint tile: no outline of its own
      cell.className = "cgt-cell" + (ch === "#" && owner === "." ? " cgt-blocked" : "") +
        (selected.has(r + "," + c) ? " cgt-selected" : "") +
        (shown ? " cgt-preview" + (ghost ? "" : " cgt-preview-" + mover) + (shown.sure ? "" : " cgt-maybe") : "");
      const inside = [];
      if (ch === "#" && owner !== ".") {
        cell.dataset.owner = owner;
        inside.push(tile(owner, (dr, dc) => moves[r][c] > 0 && (moves[r + dr] || [])[c + dc] === moves[r][c], false));
      } else {
        delete cell.dataset.owner;
        if (ch !== "." && ch !== "#") {
          const mark = piece(ch, pieces[ch]);
          if (shown && shown.sure && shown.ch === ".") mark.classList.add("cgt-leaving");
          inside.push(mark);
        }
      }
      if (ghost) {
        inside.push(tile(mover, (dr, dc) => filling(r + dr, c + dc), true));
      } else if (shown && shown.sure && shown.ch !== "." && shown.ch !== "" && shown.ch !== ch) {
        const mark = piece(shown.ch, pieces[shown.ch]);
        mark.classList.add("cgt-ghost");
        inside.splice(0, inside.length, mark);
      }
      cell.replaceChildren(...inside);
    }));
  };

  const drawSide = () => {
    const mover = model.get("to_move");
    toMove.mark.replaceChildren(swatch(mover));
    toMove.value.textContent = NAMES[mover];
    for (const [key, value] of facts) value.textContent = model.get(key);
    for (const [player, button] of Object.entries(turns)) {
      button.classList.toggle("cgt-on", player === mover);
      button.setAttribute("aria-pressed", String(player === mover));
    }
    message.textContent = model.get("message");
  };

  for (const key of ["rows", "owners", "move_numbers", "selected", "preview", "to_move"]) {
    model.on("change:" + key, drawGrid);
  }
  for (const key of ["value", "outcome", "temperature", "to_move", "message"]) {
    model.on("change:" + key, drawSide);
  }
  drawGrid();
  drawSide();
}
export default { render };
"""

_CSS = """
.cgt-board { display: inline-flex; gap: 1.5em; align-items: flex-start; font-family: sans-serif; }
.cgt-grid { display: grid; gap: 0; border: 1px solid #000; }
.cgt-cell { position: relative; width: 2.2em; height: 2.2em; border: 1px solid #000; background: #fff;
            padding: 0; margin: 0; box-sizing: border-box; border-radius: 0; font-size: inherit;
            display: flex; align-items: center; justify-content: center; cursor: pointer; }
.cgt-blocked { background: #777; }
.cgt-selected { background: #ffe680; }
.cgt-preview-L { box-shadow: inset 0 0 0 2px #36c; }
.cgt-preview-R { box-shadow: inset 0 0 0 2px #c33; }
.cgt-preview-L.cgt-maybe { background: #e3ebf8; }
.cgt-preview-R.cgt-maybe { background: #f8e3e3; }
.cgt-tile { position: absolute; top: 4px; bottom: 4px; left: 4px; right: 4px; border-radius: 3px; }
.cgt-tile.cgt-L, .cgt-stone.cgt-L, .cgt-swatch.cgt-L { background: #36c; }
.cgt-tile.cgt-R, .cgt-stone.cgt-R, .cgt-swatch.cgt-R { background: #c33; }
.cgt-cell > * { pointer-events: none; }
.cgt-stone { width: 1.5em; height: 1.5em; border-radius: 50%; border: 1px solid #000; display: block;
             box-sizing: border-box; position: relative; }
.cgt-stone.cgt-none { background: #333; }
.cgt-letter { font-weight: bold; font-size: 1.3em; position: relative; }
.cgt-letter.cgt-L { color: #36c; }
.cgt-letter.cgt-R { color: #c33; }
.cgt-ghost { opacity: 0.5; }
.cgt-tile.cgt-ghost.cgt-L { opacity: 1; background: #a8bde6; }
.cgt-tile.cgt-ghost.cgt-R { opacity: 1; background: #e6a8a8; }
.cgt-hint { color: #555; font-size: 0.85em; }
.cgt-leaving { opacity: 0.3; }
.cgt-swatch { display: inline-block; width: 0.9em; height: 0.9em; border-radius: 2px; vertical-align: -0.1em;
              margin-right: 0.3em; }
.cgt-side div { margin: 0.2em 0; }
.cgt-title { font-weight: bold; }
.cgt-legend { margin-bottom: 0.5em !important; }
.cgt-label { color: #555; display: inline-block; min-width: 6.5em; }
.cgt-button { margin: 0.3em 0.3em 0 0; }
.cgt-button.cgt-on { font-weight: bold; }
.cgt-message { color: #a00; min-height: 1.2em; }
"""

class Board(anywidget.AnyWidget):
    """A grid position in a notebook, played by clicks, with its value, outcome and temperature beside it."""

    _esm = _ESM
    _css = _CSS
    rows = traitlets.List(traitlets.Unicode()).tag(sync=True)
    owners = traitlets.List(traitlets.Unicode()).tag(sync=True)
    move_numbers = traitlets.List().tag(sync=True)
    pieces = traitlets.Dict().tag(sync=True)
    ruleset = traitlets.Unicode().tag(sync=True)
    legend = traitlets.List(traitlets.Unicode()).tag(sync=True)
    to_move = traitlets.Unicode("L").tag(sync=True)
    selected = traitlets.List().tag(sync=True)
    preview = traitlets.List().tag(sync=True)
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
        ruleset = type(position)
        super().__init__(ruleset=ruleset.__name__, to_move=to_move, legend=_legend(ruleset),
                         pieces=_pieces(ruleset))
        # Each position played with who is to move, and for each cell the number of the move that filled
        # it and its player ('.' and 0 where no move has).
        self._history = [(position, to_move, [[0] * position.width for _ in position.rows],
                          ["." * position.width for _ in position.rows])]
        self._show()
        self.on_msg(self._on_message)

    @property
    def position(self):
        """The position on the board now."""
        return self._history[-1][0]

    def click(self, row, col):
        """Select the cell at ``row``, ``col`` (from 0); play the move once the cells clicked name one."""
        if not self._on_board(row, col):
            self.message = f"no cell ({row}, {col}) on this board"
            return
        clicked, candidates, move = self._click(row, col)
        if move is not None:
            self._play(move)
        elif candidates:
            self.selected = [[r, c] for r, c in clicked]
            self.message = ""
        else:
            self.selected = []
            self.message = f"{'Left' if self.to_move == 'L' else 'Right'} has no move there"

    def hover(self, row=None, col=None):
        """Preview a click at ``row``, ``col`` (None: no cell) in `preview`: ``[row, col, ch, sure]`` for
        each cell that the moves the click leaves change, ``ch`` the character they all put there (else
        ``''``) and ``sure`` whether they all change it; the move's own cells when the click plays one."""
        if row is None or not self._on_board(row, col):
            self.preview = []
            return
        _clicked, candidates, move = self._click(row, col)
        if move is not None:
            candidates = [(m, changed) for m, changed in candidates if m == move]
        cells = sorted({cell for _move, changed in candidates for cell in changed})
        preview = []
        for cell in cells:
            put = {changed.get(cell) for _move, changed in candidates}
            sure = None not in put
            preview.append([*cell, put.pop() if sure and len(put) == 1 else "", sure])
        self.preview = preview

    def undo(self):
        """Take back the last move."""
        if len(self._history) > 1:
            self._history.pop()
            self._show()

    def reset(self):
        """Go back to the starting position."""
        del self._history[1:]
        self._show()

    def _on_board(self, row, col):
        return (isinstance(row, int) and isinstance(col, int)
                and 0 <= row < len(self.rows) and 0 <= col < len(self.rows[0]))

    def _click(self, row, col):
        """What a click at ``row``, ``col`` does: the cells then clicked, in the order clicked, the moves
        that change them all (`_candidates`), and the move it plays, or None.

        A click that no move goes on with starts a new selection; a click on
        a selected cell plays the move of just the cells selected, if one is.
        When several moves change just the cells clicked, the order of the
        clicks chooses: the cells a move fills (``#``) are clicked last (an
        Amazon's square, then her arrow's, not the other way round).
        """
        selected = [tuple(cell) for cell in self.selected]
        clicked = selected + [(row, col)] if (row, col) not in selected else selected
        candidates = self._candidates(set(clicked))
        if not candidates:
            selected, clicked = [], [(row, col)]
            candidates = self._candidates(set(clicked))
        exact = [(move, changed) for move, changed in candidates if changed.keys() == set(clicked)]
        if len(candidates) == 1:
            return clicked, candidates, candidates[0][0]
        if (row, col) in selected and len(exact) == 1:
            return clicked, candidates, exact[0][0]
        if exact and len(exact) == len(candidates):
            # A move's key: which cells it fills, in the order clicked; the least fills the latest.
            keys = sorted((tuple(changed[cell] == "#" for cell in clicked), i) for i, (_move, changed) in enumerate(exact))
            if keys[0][0] != keys[1][0]:
                return clicked, candidates, exact[keys[0][1]][0]
        return clicked, candidates, None

    def _candidates(self, clicked):
        """The moves of the player to move that change every cell in ``clicked``, each with the cells it
        changes, as a dict (row, column) -> the character it puts there."""
        position = self.position
        moves = position.left_moves() if self.to_move == "L" else position.right_moves()
        out = []
        for move in moves:
            changed = _changes(position.rows, move.rows)
            if clicked <= changed.keys():
                out.append((move, changed))
        return out

    def _play(self, move):
        """Play ``move`` for the player to move: the cells it fills are that player's, numbered by the move."""
        position, _to_move, numbers, owners = self._history[-1]
        player = self.to_move
        numbers = [list(row) for row in numbers]
        owners = [list(row) for row in owners]
        for (r, c), ch in _changes(position.rows, move.rows).items():
            filled = ch == "#"
            numbers[r][c] = len(self._history) if filled else 0
            owners[r][c] = player if filled else "."
        self._history.append((move, "R" if player == "L" else "L", numbers, ["".join(row) for row in owners]))
        self._show()

    def _show(self):
        """The traits of the position now: its cells, who filled them, its value; no selection, no preview."""
        position, to_move, numbers, owners = self._history[-1]
        self.to_move = to_move
        self.selected = []
        self.preview = []
        self.message = ""
        self.move_numbers = numbers
        self.owners = owners
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
        elif kind == "hover":
            self.hover(content.get("row"), content.get("col"))
        elif kind == "undo":
            self.undo()
        elif kind == "reset":
            self.reset()
        elif kind == "turn" and content.get("player") in ("L", "R"):
            self.to_move = content["player"]
            self.selected = []
            self.preview = []


def _changes(before, after):
    """The cells that differ between the rows ``before`` and ``after``: (row, column) -> the new character."""
    return {(r, c): y for r, (a, b) in enumerate(zip(before, after))
            for c, (x, y) in enumerate(zip(a, b)) if x != y}


def _legend(ruleset):
    """The legend's two lines, Left's and Right's: who plays what, in which colour."""
    words = next((_LEGENDS[cls] for cls in ruleset.__mro__ if cls in _LEGENDS),
                 _STONES if "x" in ruleset.symbols and "o" in ruleset.symbols else ("", ""))
    return [f"{name} {text}".rstrip() for name, text in zip(("Left", "Right"), words)]


def _pieces(ruleset):
    """The player whose colour each piece character of ``ruleset`` is drawn in ('' for either's)."""
    if issubclass(ruleset, SkiJumps):
        return {"L": "L", "l": "L", "R": "R", "r": "R"}
    if issubclass(ruleset, Fission):
        return {"x": ""}
    return {"x": "L", "o": "R"}
