"""`Value`: the questions every value of `cgt` answers, written down once.

A short game (`cgt.Game`), a stopper (`cgt.loopy.Stopper`), a sided value
``s & t`` (`cgt.loopy.SidedValue`), a misère canonical form
(`cgt.impartial.MisereGame`), and CGSuite's surreal numbers and transfinite
nimbers (`cgt.transfinite`) are each a `Value`.  Each answers the
questions below where the theory defines them for its kind, and where it
does not, says so with `~cgt.errors.UndefinedInvariantError` and the
reason; that error is an `AttributeError`, so ``hasattr(G, "birthday")``
tells whether a question applies.

| question | meaning |
|---|---|
| ``outcome`` | who wins: ``'L'``, ``'R'``, ``'N'``, ``'P'`` (a sided value also ``'D'``, ``'NHat'``, ...; a misère game its misère class) |
| ``left_options`` | ``G^L``, the positions Left moves to |
| ``right_options`` | ``G^R``, the positions Right moves to |
| ``left_stop`` | ``L(G)``: where alternating play, Left first, reaches a number (a pseudonumber, for a stopper) |
| ``right_stop`` | ``R(G)``, Right first |
| ``birthday`` | the first day on which ``G`` is born |
| ``is_*`` | CGSuite's predicates of normal-play values (`PREDICATES`) |

Every value is immutable and hashable, prints CGSuite's notation
(``str``), reads back with `cgt.parse` (``repr`` names its type), draws
itself in a notebook (``_repr_latex_``, a transliteration of its text into
LaTeX), adds (``G + H``) and negates (``-G``).

>>> from cgt import parse
>>> on, dud, misere = parse("on"), parse("dud"), parse("*[2]")
>>> [g.outcome for g in (parse("{1|*}"), on, dud, misere)]
['L', 'L', 'D', 'N']
>>> on.left_stop, hasattr(on, "birthday"), misere.birthday
(Stopper('on'), False, 2)
>>> on.birthday
Traceback (most recent call last):
...
cgt.errors.UndefinedInvariantError: Stopper.birthday is not defined: a stopper has no birthday: play in it need not end...
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar

from cgt.dyadic import number_text
from cgt.errors import UndefinedInvariantError
from cgt.hooks import above

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["PREDICATES", "QUESTIONS", "Immutable", "Struct", "Value", "facts", "kind"]

PREDICATES = {
    "is_number": "G is a number (dyadic, for a short game; a surreal number)",
    "is_integer": "G is an integer",
    "is_nimber": "G is a nimber ``*n``",
    "is_zero": "G = 0",
    "is_infinitesimal": "both (strong) stops of G are 0",
    "is_numberish": "G is a number plus an infinitesimal: its (strong) stops are one number",
    "is_number_tiny": "G is a number, or ``x + Tiny(y)`` / ``x + Miny(y)``",
    "is_uptimal": "G is an uptimal ``x + a1.↑ + a2.↑<2> + ... + *m``",
    "is_ordinal": "G is an ordinal: Right has no move anywhere in it",
    "is_all_small": "G is all-small: in every follower, Left can move iff Right can",
    "is_idempotent": "G + G = G",
    "is_loopfree": "G has no cycle: it is a short game",
    "is_plumtree": "the only cycles of G are passes",
    "is_pseudonumber": "G is a number, ``x over``, ``x under``, ``on`` or ``off``",
    "is_stopper": "no infinite alternating play from any position of G",
    "is_stopper_sided": "both sides of G are stoppers",
    "is_finite": "G has finitely many positions",
}

QUESTIONS = {
    "outcome": "the outcome class: who wins with Left moving first and with Right moving first",
    "left_options": "the options of Left, ``G^L``",
    "right_options": "the options of Right, ``G^R``",
    "left_stop": "the Left stop ``L(G)``",
    "right_stop": "the Right stop ``R(G)``",
    "birthday": "the birthday: the day on which G is born",
    **PREDICATES,
}


def _question(name: str, meaning: str) -> property:
    def undefined(self: Value) -> Any:
        raise UndefinedInvariantError(name, type(self).__name__, type(self)._undefined[name])

    return property(undefined, doc=f"{meaning[0].upper()}{meaning[1:]}.")


class Immutable:
    """An object set once, when made: assigning or deleting an attribute raises `AttributeError`.

    Its constructors set its slots with ``object.__setattr__``; an immutable
    object is its own copy (``copy.copy(x) is x``, ``copy.deepcopy(x) is x``).

    >>> from cgt.short.uptimals import UptimalExpansion
    >>> e = UptimalExpansion(0, (1,))
    >>> e.nimber = 3
    Traceback (most recent call last):
    ...
    AttributeError: UptimalExpansion is immutable (cannot set 'nimber')
    """

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable (cannot set {name!r})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable (cannot delete {name!r})")

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: object) -> Self:
        return self


class Struct(Immutable):
    """An immutable object made of named fields, equal to another of its class with equal fields.

    A struct class names its fields in ``__slots__`` (a slot whose name starts
    with ``_`` is a cache: not a field, and None until it is filled); its
    constructors set them, in order, with ``_init``.  It hashes, compares,
    prints (``Point(x=1, y=2)``) and pickles by its fields, and structs of two
    classes are never equal.

    >>> class Point(Struct):
    ...     __slots__ = ("x", "y")
    ...     def __init__(self, x, y):
    ...         self._init(x, y)
    >>> Point(1, 2) == Point(1, 2), Point(1, 2) == Point(2, 1), Point(1, 2)
    (True, False, Point(x=1, y=2))
    """

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()
    _key: ClassVar[attrgetter[Any]] = attrgetter("__class__")       # the fields' values, as compared
    _setters: ClassVar[tuple[Callable[[Any, Any], None], ...]] = ()  # the fields' slots, written
    _caches: ClassVar[tuple[Callable[[Any, Any], None], ...]] = ()   # the caches' slots, written

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        slots = {name: klass for klass in reversed(cls.__mro__) for name in _own_slots(klass)}
        cls._fields = tuple(name for name in slots if not name.startswith("_"))
        cls._setters = tuple(vars(slots[name])[name].__set__ for name in cls._fields)
        cls._caches = tuple(vars(klass)[name].__set__ for name, klass in slots.items() if name.startswith("_"))
        if cls._fields:
            cls._key = attrgetter(*cls._fields)

    def _init(self, *values: Any) -> None:
        """Set the fields to ``values`` (in ``_fields`` order) and the caches to None."""
        if len(values) != len(self._setters):
            raise TypeError(f"{type(self).__name__} has {len(self._setters)} fields, not {len(values)}")
        for set_field, value in zip(self._setters, values):
            set_field(self, value)
        for set_cache in self._caches:
            set_cache(self, None)

    @classmethod
    def _from_fields(cls, *values: Any) -> Self:
        """The struct with these field values, made without its constructor's checks."""
        struct = object.__new__(cls)
        struct._init(*values)
        return struct

    def _field_values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self._fields)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return bool(self._key(self) == self._key(other))

    def __hash__(self) -> int:
        return hash((type(self), self._key(self)))

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__name__}({fields})"

    def __reduce__(self) -> tuple[Callable[..., Any], tuple[Any, ...]]:
        return (_struct, (type(self), *self._field_values()))


def _own_slots(klass: type) -> tuple[str, ...]:
    slots = vars(klass).get("__slots__", ())
    return (slots,) if isinstance(slots, str) else tuple(slots)


def _struct(cls: type[Struct], *values: Any) -> Struct:
    """A pickled struct made again (`Struct.__reduce__`)."""
    return cls._from_fields(*values)


def _from_text(text: str) -> Value:
    """A pickled value made again from its text in CGSuite notation (`Value.__reduce__`)."""
    value: Value = above.read(text)
    return value


class Value(Immutable):
    """A value of combinatorial game theory: it answers `QUESTIONS` where they are defined.

    A value type subclasses `Value` and, for each question, either answers it
    (a property of the same name) or names it in ``_undefined``, a mapping
    from the question to the reason the theory gives none; a type that does
    neither is refused when its class is made.  ``_facts`` names the
    properties of its own that `facts` reports too.  A value is `Immutable`
    and pickles as its text, which `cgt.parse` reads back (``parse(str(G)) == G``).

    >>> from cgt import Game, up
    >>> isinstance(up, Value), up.is_stopper, up.birthday
    (True, True, 2)
    """

    __slots__ = ()

    _undefined: ClassVar[dict[str, str]] = {}
    _facts: ClassVar[tuple[str, ...]] = ()         # what else `facts` reports of this kind of value (mean, genus, ...)

    if TYPE_CHECKING:
        # The questions as a type checker sees them (the loop below the class makes them
        # properties that each kind of value answers or refuses).  A stop is a Fraction, a
        # pseudonumber or a surreal number; a birthday an int or an ordinal: hence Any.
        @property
        def outcome(self) -> str: ...
        @property
        def left_options(self) -> tuple[Value, ...]: ...
        @property
        def right_options(self) -> tuple[Value, ...]: ...
        @property
        def left_stop(self) -> Any: ...
        @property
        def right_stop(self) -> Any: ...
        @property
        def birthday(self) -> Any: ...
        @property
        def is_number(self) -> bool: ...
        @property
        def is_integer(self) -> bool: ...
        @property
        def is_nimber(self) -> bool: ...
        @property
        def is_zero(self) -> bool: ...
        @property
        def is_infinitesimal(self) -> bool: ...
        @property
        def is_numberish(self) -> bool: ...
        @property
        def is_number_tiny(self) -> bool: ...
        @property
        def is_uptimal(self) -> bool: ...
        @property
        def is_ordinal(self) -> bool: ...
        @property
        def is_all_small(self) -> bool: ...
        @property
        def is_idempotent(self) -> bool: ...
        @property
        def is_loopfree(self) -> bool: ...
        @property
        def is_plumtree(self) -> bool: ...
        @property
        def is_pseudonumber(self) -> bool: ...
        @property
        def is_stopper(self) -> bool: ...
        @property
        def is_stopper_sided(self) -> bool: ...
        @property
        def is_finite(self) -> bool: ...

        # Every value adds and negates; kinds that compare define the order.  What a sum is
        # depends on both kinds (a Game and a Stopper make a Stopper): hence Any.
        def __add__(self, other: Any, /) -> Any: ...
        def __radd__(self, other: Any, /) -> Any: ...
        def __sub__(self, other: Any, /) -> Any: ...
        def __rsub__(self, other: Any, /) -> Any: ...
        def __neg__(self) -> Any: ...
        def __pos__(self) -> Any: ...
        def __lt__(self, other: Any, /) -> bool: ...
        def __le__(self, other: Any, /) -> bool: ...
        def __gt__(self, other: Any, /) -> bool: ...
        def __ge__(self, other: Any, /) -> bool: ...

    @classmethod
    def _read(cls, text: str, builders: str = "") -> Self:
        """The value of this kind that ``text`` writes in CGSuite notation (`cgt.parse`).

        Every kind of value reads its own text, ``Stopper('over')`` as
        ``Game('^')`` does, so that its repr reads back (docs/architecture.md);
        ``builders`` names, for the error, what builds the value from other things.
        """
        if not isinstance(text, str):
            raise TypeError(f"{cls.__name__}() reads CGSuite notation (a str), not {type(text).__name__}{builders}")
        value = above.read(text)
        if not isinstance(value, cls):
            raise TypeError(f"{text!r} is {kind(value)}, not a {cls.__name__}")
        return value

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        silent = [name for name in QUESTIONS
                  if getattr(cls, name) is vars(Value)[name] and name not in cls._undefined]
        if silent:
            raise TypeError(f"{cls.__name__} neither answers nor says why it cannot answer: "
                            f"{', '.join(silent)}")

    def __reduce__(self) -> tuple[Callable[[str], Value], tuple[str]]:
        return (_from_text, (str(self),))

    def is_confused_with(self, other: Any) -> bool:
        """``G || H``: neither ``G <= H`` nor ``H <= G`` (written ``G <> H`` in CGSuite); a TypeError
        names the kinds when the two do not compare."""
        try:
            return not (self <= other) and not (other <= self)
        except TypeError as error:
            raise TypeError(f"a {type(self).__name__} and a {type(other).__name__} do not compare, so neither "
                            f"is confused with the other: {error}") from None

    def _latex(self, printer: object = None) -> str:
        """The value in LaTeX, math mode without the dollars; ``printer`` is SymPy's, when it asks."""
        raise NotImplementedError(f"{type(self).__name__} does not say how it prints in LaTeX")

    def _repr_latex_(self) -> str:
        """The value in LaTeX for notebooks (Jupyter's rich output): ``$...$`` around `_latex`."""
        return f"${self._latex()}$"


for _name, _meaning in QUESTIONS.items():
    setattr(Value, _name, _question(_name, _meaning))


_SHOWN = ("outcome", "birthday", "left_stop", "right_stop")


def facts(value: Value) -> dict[str, object]:
    """What applies to ``value``, as a dict for ``cgt eval``: text, whole numbers, flags.

    Its notation, its class, the `QUESTIONS` the theory answers for it
    (options aside: the notation shows them), the facts of its own kind
    (``_facts``), and under ``"is"`` the predicates that hold, without their
    ``is_``.  Whole numbers stay ints; every other value is its text.

    >>> from cgt import parse
    >>> for name, fact in facts(parse("over")).items():
    ...     print(f"{name}: {fact}")
    value: over
    class: Stopper
    outcome: L
    left_stop: over
    right_stop: over
    is: ['infinitesimal', 'numberish', 'idempotent', 'plumtree', 'pseudonumber', 'stopper', 'stopper_sided', 'finite']
    """
    shown: dict[str, object] = {"value": str(value), "class": type(value).__name__}
    for name in _SHOWN + type(value)._facts:
        try:
            shown[name] = _plain(getattr(value, name))
        except UndefinedInvariantError:
            continue
    holds = []
    for name in PREDICATES:
        try:
            if getattr(value, name):
                holds.append(name[3:])
        except UndefinedInvariantError:
            continue
    return shown | {"is": holds}


def _plain(x: object) -> object:
    """``x`` for JSON: an int as it is, anything else as its text (a Fraction's of any length)."""
    if isinstance(x, Fraction):
        return number_text(x)
    return x if isinstance(x, int) and not isinstance(x, bool) else str(x)


def kind(value: object) -> str:
    """A phrase for the kind of ``value``, for messages: "a Game", "an ExplicitGame", ...

    >>> from cgt import up
    >>> kind(up)
    'a Game'
    """
    name = type(value).__name__
    return f"an {name}" if name[0] in "AEIOU" else f"a {name}"
