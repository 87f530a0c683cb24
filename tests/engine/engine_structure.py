"""An engine-independent key of a canonical form, to compare two engines' tables."""


def structure(engine, ident, memo=None):
    """An engine-independent key of the canonical form with id ``ident``."""
    memo = {} if memo is None else memo
    if ident not in memo:
        fast = engine.fast_path(ident)
        if fast is not None:
            memo[ident] = ("nus",) + tuple(fast)
        else:
            memo[ident] = ("form",
                           tuple(sorted(structure(engine, g, memo) for g in engine.left(ident))),
                           tuple(sorted(structure(engine, g, memo) for g in engine.right(ident))))
    return memo[ident]
