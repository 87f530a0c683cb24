"""Timed impartial-game workloads, wired into ``python -m benchmarks`` by the runner."""

from cgt.impartial import TakeAndBreak, chomp, grundy_value


def _fresh(code):
    """A new ruleset each run, so no nim values are cached from an earlier run."""
    return TakeAndBreak(code)


def workloads():
    """(name, callable) pairs; each callable does one timed run."""
    return [
        ("kayles nim sequence to 10^6", lambda: _fresh("0.77").nim_sequence(10**6)),
        ("dawson's kayles nim sequence to 10^6", lambda: _fresh("0.07").nim_sequence(10**6)),
        ("octal 0.165 period (14000 heaps)", lambda: _fresh("0.165").periodicity(14000)),
        ("octal 0.16 sparse space to 10^5", lambda: _fresh("0.16").nim_sequence(10**5)),
        ("grundy's game to 2^13", lambda: _fresh("4!.0").nim_sequence(2**13)),
        ("hexadecimal 0.3F to 300", lambda: _fresh("0.3F").nim_sequence(300)),
        ("chomp 5x6 grundy value", lambda: grundy_value((6,) * 5, chomp.moves)),
    ]
