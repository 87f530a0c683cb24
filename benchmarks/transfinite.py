"""Timed workloads of `cgt.transfinite` (ordinal nim arithmetic, surreal numbers), wired into
``python -m benchmarks`` by the runner; the issue's targets are Lenstra's and CGSuite's NimExp
examples and ``(omega^omega^2+1)^6``, each under 10 ms."""

from cgt.transfinite import nim_exp, nim_inverse, omega


def _sum_of_reciprocals(n):
    """``1/(ω+1) + 1/(ω+2) + ... + 1/(ω+n)``: a quotient reduced to lowest terms at each step."""
    total = 0
    for k in range(1, n + 1):
        total = total + 1 / (omega + k)
    return total


def workloads():
    """(name, callable, slow, pure) rows; the pure engine is left out (no game engine work here)."""
    return [
        ("transfinite: Lenstra's omega^omega^13 NimExp 47", lambda: nim_exp(omega ** omega ** 13, 47), False, False),
        ("transfinite: CGSuite's omega^3 NimExp 9", lambda: nim_exp(omega ** 3, 9), False, False),
        ("transfinite: CGSuite's omega^(omega^41) NimExp 191", lambda: nim_exp(omega ** omega ** 41, 191), False, False),
        ("transfinite: CGSuite's omega^omega^3 NimExp 66", lambda: nim_exp(omega ** omega ** 3, 66), False, False),
        ("transfinite: (omega^omega^2+1)^6", lambda: (omega ** omega ** 2 + 1) ** 6, False, False),
        ("transfinite: NimInverse of omega^omega^3+omega^omega+omega+1",
         lambda: nim_inverse(omega ** omega ** 3 + omega ** omega + omega + 1), False, False),
        ("transfinite: sum of 1/(omega+k), k = 1..12", lambda: _sum_of_reciprocals(12), False, False),
    ]
