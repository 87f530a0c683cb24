"""The mask of the sparse-space method, and the kinds of heap split, shared by its two kernels.

`cgt.impartial.sparse_space` computes nim sequences of octal games in Python
and `cgt.impartial._compiled_octal` in the compiled core; both split the
values into *rare* ones (``v & mask`` has an even number of bits) and
*common* ones, choose the mask that makes the fewest values rare, and choose
it again as the sequence grows (`next_review`).  A move that takes tokens and
leaves two heaps may split them freely (`FREE`), into unequal heaps
(`UNEQUAL`) or into equal ones (`EQUAL`).

>>> least_rare_mask({0: 1, 1: 5, 2: 4, 3: 1}, 0, 11)        # 0 and 3 rare under 0b11
3
>>> [next_review(n) for n in (0, 64, 100, 1 << 20)]
[64, 128, 200, 1081344]
"""

__all__ = ["EQUAL", "FREE", "UNEQUAL", "least_rare_mask", "next_review"]

FREE, UNEQUAL, EQUAL = "free", "unequal", "equal"

_FIRST_REVIEW = 64       # heap size at which a mask is first chosen
_REVIEW_EVERY = 1 << 15  # once reviews are this far apart they stop doubling
_MASK_BITS = 10          # masks are chosen among the low bits only


def next_review(n):
    """The heap count at which the mask is next re-chosen, after a review at ``n`` heaps."""
    return _FIRST_REVIEW if n < _FIRST_REVIEW else n + min(n, _REVIEW_EVERY)


def least_rare_mask(counts, mask, rare):
    """The mask making the fewest of the values counted so far rare; ``mask`` unless one beats ``rare``.

    A value v is rare under a mask when ``v & mask`` has an even number of bits.
    """
    bits = min(max(counts).bit_length(), _MASK_BITS)
    best_mask, best_rare = mask, rare + 1
    for candidate in range(1, 1 << bits):
        count = sum(c for v, c in counts.items() if not (v & candidate).bit_count() & 1)
        if count < best_rare:
            best_mask, best_rare = candidate, count
    return best_mask
