"""Independent reference for 2×n boards: every board's number of explanations, by hiding cells
of every layout (no automaton, no transfer matrix, its own neighbour counting)."""

from __future__ import annotations

import itertools
from collections import Counter

from sweepkit.position import MINE, UNKNOWN


def explained_boards(n: int) -> Counter[tuple[int, ...]]:
    """Explanations of every 2×n board (as a cell tuple) that has at least one."""
    cols = n
    counts: Counter[tuple[int, ...]] = Counter()
    for bits in itertools.product((0, 1), repeat=2 * n):
        full = []
        for i, mine in enumerate(bits):
            r, c = divmod(i, cols)
            if mine:
                full.append(MINE)
            else:
                full.append(sum(bits[rr * cols + cc] for rr in (0, 1) for cc in (c - 1, c, c + 1)
                                if 0 <= cc < cols and (rr, cc) != (r, c)))
        for hide in itertools.product((False, True), repeat=2 * n):
            counts[tuple(UNKNOWN if h else v for v, h in zip(full, hide, strict=True))] += 1
    return counts
