"""The exceptions of `cgt`, each named by the mathematics it guards."""

__all__ = [
    "CoolingTemperatureError",
    "DatabaseError",
    "DisconnectedGraphError",
    "EmptyGraphError",
    "GameSyntaxError",
    "NotDyadicError",
    "NotImpartialError",
    "NotAtomicError",
    "UnknownOctalCodeError",
    "UnknownTurningCodeError",
    "GameTooLargeError",
    "SearchTimeoutError",
    "NotStopperSidedError",
    "SidedValueNotSupportedError",
    "IndeterminateFormError",
    "NotOrdinalError",
    "NimRangeError",
    "UndefinedInvariantError",
    "LoopyError",
    "LoopyGameError",
    "LoopyCodeError",
    "LoopyPositionError",
    "PositionSyntaxError",
    "NotLinkedError",
    "NotSubtractableError",
    "VarietyError",
    "SubordinateError",
]

_WINDOW = 72  # characters of the offending text shown around the caret


class GameSyntaxError(ValueError):
    """Text that is not game notation; `.text` and the 1-based `.column` say where."""

    def __init__(self, message, text=None, column=None):
        self.message = message
        self.text = text
        self.column = column
        super().__init__(self._render())

    def _render(self):
        if self.text is None or self.column is None:
            return self.message
        text, column = self.text, self.column
        start = max(0, min(column - 1 - _WINDOW // 2, len(text) + 1 - _WINDOW))
        end = start + _WINDOW
        shown = "".join(ch if ch.isprintable() else " " for ch in text[start:end])
        caret = column - 1 - start
        if start > 0:
            shown, caret = "..." + shown, caret + 3
        if end < len(text):
            shown += "..."
        return f"{self.message} (column {column})\n    {shown}\n    {' ' * caret}^"

    def __reduce__(self):
        return (type(self), (self.message, self.text, self.column))


class PositionSyntaxError(ValueError):
    """A position written in a ruleset's notation that cannot be read; the message says where."""


class NotDyadicError(ValueError):
    """A rational number whose denominator is not a power of 2, so not a short game."""


class NotImpartialError(ValueError):
    """A position asked for its nimber whose players have different moves somewhere in its game tree."""


class NotAtomicError(ValueError):
    """A game asked for its atomic weight that has none (it is not atomic)."""


class CoolingTemperatureError(ValueError):
    """A cooling temperature ``t <= -1``: ``G_t`` is defined for ``t > -1`` only (CGSuite's reason)."""


class DatabaseError(ValueError):
    """A file that is not a `cgt.db` database of the expected schema and ruleset (or no file at all)."""


class EmptyGraphError(ValueError):
    """A Hackenbush picture with no vertex at all, so no ground (CGSuite's "That Graph is empty")."""


class DisconnectedGraphError(ValueError):
    """A Hackenbush picture with a vertex not joined to the ground (CGSuite's "That Graph is not connected")."""


class UnknownOctalCodeError(ValueError):
    """A take-and-break (octal) code that cannot be read."""


class UnknownTurningCodeError(ValueError):
    """A coin-turning code (CGSuite's ``Spawning`` syntax) that cannot be read; `.column` says where."""


class LoopyError(ValueError):
    """A question that only a short game answers, asked of a game in which play can return to a
    position it has left (so need not end): catch it to catch every such refusal below."""


class LoopyGameError(LoopyError):
    """A position that can be reached again from itself: not a short game, so it has no Grundy value."""


class LoopyCodeError(LoopyError):
    """A code some of whose moves leave a heap as large as the one moved in, so play need not end."""


class LoopyPositionError(LoopyError):
    """``canonical_form`` of a position from which play can return to itself: use ``game_value``."""


class SubordinateError(ValueError):
    """A game cannot be subordinated to a base, or an exponent is not valid for it."""


class VarietyError(ValueError):
    """A variety asked of a stopper that has none (CGSuite's messages)."""


class NotLinkedError(ValueError):
    """Two misère games with no game ``T`` making both ``G + T`` and ``H + T`` P-positions."""


class NotSubtractableError(ValueError):
    """A misère difference ``G - H`` asked for when ``H`` is not a part of ``G``."""


class GameTooLargeError(RuntimeError):
    """A computation that would exceed the size or depth limit it was given."""


class SearchTimeoutError(TimeoutError):
    """A search that ran out of its time budget before it knew the answer (the question is open, not settled).

    `.seconds` is the budget; `.winners` maps each first player whose search
    did finish ('L' or 'R') to the winner found.
    """

    def __init__(self, message, seconds=None, winners=None):
        super().__init__(message)
        self.seconds = seconds
        self.winners = dict(winners or {})

    def __reduce__(self):
        return (type(self), (str(self), self.seconds, self.winners))


class SidedValueNotSupportedError(NotImplementedError):
    """A loopy game that is not a stopper (such as ``dud = {pass|pass}``) where only a stopper
    will do: `cgt.loopy.stopper` of it, or an ordinal sum with it (its value is a sided value,
    onside & offside, Siegel VI.5)."""


class IndeterminateFormError(ZeroDivisionError, ValueError):
    """``0/0``, ``inf - inf``, ``0 × inf``: a quotient with no value, even among the rationals
    with ``±inf`` (CGSuite's "/ by zero")."""


class NotOrdinalError(ValueError):
    """A generalized ordinal or an integer where an ordinal is needed: the nim value of ``*(ω-1)``,
    nim arithmetic on ``-1`` (CGSuite's "Nim value is not an ordinal", "applies only to ordinals")."""


class NimRangeError(ValueError):
    """A nim product of ordinals past the part of the ordinal nim field whose constants are known
    (Lenstra's alpha_p, for primes p up to 257; CGSuite's "NimProduct out of range.")."""
class UndefinedInvariantError(AttributeError, TypeError):
    """A question of `cgt.value.Value` that the theory does not define for this kind of value.

    A stopper has no birthday (its play need not end), a sided value has no
    options of its own, a misère game has no stops.  An `AttributeError`, so
    ``hasattr(G, "birthday")`` and ``getattr(G, "birthday", None)`` ask whether
    it applies; a `TypeError`, as asking it is a question of the wrong type.
    `.name` is the question, `.kind` the class of the value, and the message
    says why.
    """

    def __init__(self, name, kind, reason):
        self.kind = kind
        self.reason = reason
        super().__init__(f"{kind}.{name} is not defined: {reason}", name=name)

    def __reduce__(self):
        return (type(self), (self.name, self.kind, self.reason))


class NotStopperSidedError(UndefinedInvariantError):
    """A sided value one of whose sides is a carousel (equals no stopper), asked for that side as a
    value: CGSuite's ``SidedValue`` of a carousel has no ``Onside`` or ``Offside`` either."""
