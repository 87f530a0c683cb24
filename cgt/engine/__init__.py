"""The canonical-form engine: interned games as integer ids.

`Game` is a thin wrapper over these functions; nothing else in `cgt` reaches
into the engine's tables.  See :mod:`cgt.engine.pure` for the algorithms.
"""

from cgt.engine.pure import (
    ZERO,
    add,
    birthday,
    call,
    canon,
    construct,
    clear_caches,
    depth,
    fast_path,
    le,
    left,
    multiple,
    neg,
    number,
    postorder,
    nus,
    right,
    run,
    run_deep,
    stops,
    table_size,
)

__all__ = [
    "ZERO", "add", "birthday", "call", "canon", "clear_caches", "construct", "depth",
    "fast_path", "le", "left", "multiple", "neg", "number", "nus", "postorder", "right", "run",
    "run_deep", "stops", "table_size",
]
