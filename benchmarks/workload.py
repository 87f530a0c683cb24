"""What a timed workload is: named work for cgt and, optionally, the same work for cgt-py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class Side:
    """One library's version of a workload: ``work(setup())`` is timed, ``setup`` is not."""

    work: Callable[..., Any]
    setup: Callable[[], Any] | None = None


@dataclass(frozen=True)
class Workload:
    """A named piece of work, done by cgt and (optionally) by cgt-py."""

    name: str
    cgt: Side | None
    peer: Side | None = None
    slow: bool = False
    requires: str = ""  # dotted attribute of the cgt module the cgt side needs, e.g. "Game.cool"
    pure: bool = True  # also time the pure engine (False where it takes minutes: big uptimals)
