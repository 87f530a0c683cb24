"""Hooks: what a module takes from the layers above it.

Each module of `cgt` imports only from the layers below its own
(``docs/architecture.md``).  Where two ideas lean on each other, the lower
module takes what it needs from above through a `Hooks` object, which the
package that loads both modules fills when it loads:

* `above`, filled by the package `cgt` (``cgt/__init__.py``): the `~cgt.Game`
  of an engine id (explicit forms sit below `cgt.short.game`, whose methods use
  them, yet their values are Games); the reader of CGSuite notation
  (`cgt.notation.parse` reads every kind of value, so it sits above them all,
  yet ``Game("{1|*}")`` reads text); the compounds of forms (`cgt.short.products`
  reads any form through `~cgt.short.explicit.ExplicitGame`, yet an explicit form
  has the compounds as methods); the partizan join of two heap rulesets
  (`cgt.rulesets.heaps` builds on the impartial heap rulesets, yet
  ``HeapRuleset.partizan_join`` spells it); and the nimber and outcome
  searches (`cgt.solve` searches positions of every ruleset, yet
  ``Position.nim_value`` and ``Position.winner`` ask it).
* `cgt.loopy.stopper.loopy`, filled by the package `cgt.loopy`: the modules of
  `cgt.loopy` above `Stopper` that its methods use.

A hook is always filled before it is used: ``import cgt.<anything>`` runs
``cgt/__init__.py`` first, and no loopy value exists before ``cgt.loopy`` is
loaded.

>>> hooks = Hooks(double="an example module above")
>>> hooks.register(double=lambda x: 2 * x)
>>> hooks.double(21)
42
"""

from typing import Any

__all__ = ["Hooks", "above"]


class Hooks:
    """The names a module takes from the layers above it, each with the module that provides it.

    ``Hooks(name=provider, ...)`` declares them; ``register(name=value, ...)``
    fills them; then ``hooks.name`` is the value.
    """

    def __init__(self, **providers: str) -> None:
        self._providers = providers

    def register(self, **values: Any) -> None:
        """Fill hooks declared by this object (done by the package that loads the providers)."""
        unknown = sorted(values.keys() - self._providers.keys())
        if unknown:
            raise TypeError(f"no such hook: {', '.join(unknown)}")
        vars(self).update(values)

    def __getattr__(self, name: str) -> Any:
        providers = vars(self).get("_providers", {})
        if name not in providers:
            raise AttributeError(name)
        raise LookupError(f"the hook {name!r} is filled by {providers[name]} when it loads, which has not happened")


above = Hooks(
    game="cgt (cgt.short.game): the Game of an engine id",
    read="cgt (cgt.notation.parse): the value written in CGSuite notation",
    compounds="cgt (cgt.short.products, loaded on first use): the compounds of forms",
    partizan_join="cgt (cgt.rulesets.heaps, loaded on first use): the partizan join of two heap rulesets",
    nim_value="cgt (cgt.solve, loaded on first use): the nimber of an impartial position, by search",
    outcome="cgt (cgt.solve, loaded on first use): who wins a position, by search",
)
