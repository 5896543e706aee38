"""Brute force for strips, independent of the package's solvers: enumerate every layout.

A strip string over ``0 1 2 B ?`` is consistent exactly when some layout (a mine
pattern with its numbers) shows it after hiding some cells behind ``?``. So the
consistent strings of length n, and the explanations of each, come from the 2**n
layouts and their 2**n maskings — far cheaper than testing 5**n strings one by one.
:func:`tests.brute.explanations` checks this helper on short strings.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from functools import cache

from sweepkit.position import VALUE_OF, Position


def layouts(n: int) -> Iterator[tuple[frozenset[int], str]]:
    """Every layout of a strip of n cells: (mine cells, string with B and digits)."""
    for bits in itertools.product((0, 1), repeat=n):
        text = "".join(
            "B" if bits[i] else str((i > 0 and bits[i - 1]) + (i + 1 < n and bits[i + 1]))
            for i in range(n))
        yield frozenset(i for i in range(n) if bits[i]), text


@cache
def consistent_strings(n: int) -> frozenset[str]:
    """All consistent strings of length n over ``0 1 2 B ?``."""
    result: set[str] = set()
    for _mines, text in layouts(n):
        result.update(map("".join, itertools.product(*((ch, "?") for ch in text))))
    return frozenset(result)


def explanations_by_string(n: int) -> dict[str, list[frozenset[int]]]:
    """Every consistent string of length n with all its explanations (mine cells)."""
    result: dict[str, list[frozenset[int]]] = {}
    for mines, text in layouts(n):
        for shown in itertools.product(*((ch, "?") for ch in text)):
            result.setdefault("".join(shown), []).append(mines)
    return result


def strip(text: str, mines: int | None = None) -> Position:
    """A 1-row position from strip text (``B``/``*`` mines), even with impossible numbers."""
    return Position((1, len(text)), tuple(VALUE_OF[ch] for ch in text), mines)


def occurs_in_consistent_strip(text: str) -> bool:
    """Whether a window could occur inside a longer consistent strip (free cells outside)."""
    return f"?{text}?" in consistent_strings(len(text) + 2)
