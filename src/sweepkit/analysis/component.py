"""One component counted by the fastest exact route, and remembered: ``solve_component``.

The routes, in order: the closed form of a single equation; the boxes forced by single
equations fixed and the rest split into parts (:mod:`.split`, each part solved and cached on
its own); a depth-first box search (:mod:`.box_search`) with a budget of
:data:`SEARCH_BUDGET` nodes; when that runs out, the transfer matrix if the component fits in
a strip (:mod:`.strip_route`), else the box DP (:mod:`.box_dp`), after a longer search
(:data:`WIDE_SEARCH_BUDGET`) when the programme would keep more than :data:`DP_MAX_WIDTH`
equations open at once. Both fallbacks cost in proportion to the component's width, not to
its number of layouts.

Results are cached by the component's abstract structure (box sizes and equations: equal
structures anywhere on any board share one entry), so during a game only the components a
move changed are solved again: the **incremental** mechanism. The caches are
``functools.lru_cache`` (safe to share between threads: at worst two threads solve the same
component once each) and bounded twice: :data:`SMALL_ENTRIES` results of components whose
tables hold at most :data:`SMALL_TABLE` numbers, and :data:`LARGE_ENTRIES` of larger ones,
so one huge board cannot fill the memory with its solved components.

>>> from sweepkit.constraints import Component
>>> solve_component(Component((2, 1), (((0, 1), 1),), ((0, 1), (2,)), (5,))).by_mines
(3,)
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from sweepkit.analysis import strip_route
from sweepkit.analysis.box_dp import dp_component, open_width, width_order
from sweepkit.analysis.box_search import SearchBudgetExceeded, search_component, single_equation
from sweepkit.analysis.poly import ComponentCount
from sweepkit.analysis.split import combine_split, split_forced
from sweepkit.constraints import Component

SEARCH_BUDGET = 2_000
"""Search nodes tried (about 2.5 ms) before a component goes to a fallback whose cost grows
with its width, not with its number of layouts. The search is faster on most frontiers
(strong pruning, tiny overhead) and settles almost every component of a game within this
budget. On the 33 components of random 30–60%-revealed expert boards that it does not
settle, the box DP straight away took 1.5 s in all (median 13 ms), a
:data:`WIDE_SEARCH_BUDGET` search first 3.1 s (median 20 ms): ``python
benchmarks/bench_analysis.py``, case (d)."""

WIDE_SEARCH_BUDGET = 100_000
"""The longer search tried before the box DP on a component that keeps more than
:data:`DP_MAX_WIDTH` equations open at once (the programme's states can grow exponentially
with that width)."""

DP_MAX_WIDTH = 14
"""The widest component (most equations open at once along the box order) sent to the box DP
without the longer search first; expert-board components the search does not settle are
6–12 wide."""

SEARCH_MAX_BOXES = 500
"""Larger components skip the search: it recurses once per box (Python's stack is about
1,000 frames deep), and its budget would run out on them anyway."""

SMALL_TABLE = 20_000
"""Components whose tables hold at most this many numbers (boxes × (cells + 1), a bound
before solving) share a cache of :data:`SMALL_ENTRIES` results; larger ones a cache of
:data:`LARGE_ENTRIES`."""
SMALL_ENTRIES = 4096
"""Results kept of components up to :data:`SMALL_TABLE`."""
LARGE_ENTRIES = 32
"""Results kept of components beyond :data:`SMALL_TABLE`."""


def count_component(component: Component) -> ComponentCount:
    """Count a component by the routes of the module doc, without the cache (its parts, if it
    splits, go through :func:`solve_component`)."""
    if len(component.rows) == 1:
        return single_equation(component)
    split = split_forced(component)
    if split is not None:
        fixed, parts = split
        return combine_split(component, fixed, parts,
                             [solve_component(part) for part, _boxes in parts])
    searchable = len(component.sizes) <= SEARCH_MAX_BOXES
    if searchable:
        try:
            return search_component(component, budget=SEARCH_BUDGET)
        except SearchBudgetExceeded:
            pass
    crop = strip_route.strip_crop(component)  # only now: most components never get here
    if crop is not None:
        return strip_route.strip_count(component, crop)
    order = width_order(component.sizes, component.rows)
    if searchable and open_width(order, component.rows) > DP_MAX_WIDTH:
        try:
            return search_component(component, budget=WIDE_SEARCH_BUDGET)
        except SearchBudgetExceeded:
            pass
    return dp_component(component, order)


_solve_small = lru_cache(maxsize=SMALL_ENTRIES)(count_component)
_solve_large = lru_cache(maxsize=LARGE_ENTRIES)(count_component)


class CacheInfo(NamedTuple):
    """Hits and misses of both caches together, as ``functools`` reports them."""

    hits: int
    misses: int
    maxsize: int
    currsize: int


def solve_component(component: Component) -> ComponentCount:
    """Count a component's layouts by mine number (cached by its structure: see the module
    doc). Component equality and hash use only the abstract key.
    """
    if len(component.sizes) * (sum(component.sizes) + 1) <= SMALL_TABLE:
        return _solve_small(component)
    return _solve_large(component)


def cache_info() -> CacheInfo:
    """Hits, misses, bound and size of the component caches, both together."""
    small, large = _solve_small.cache_info(), _solve_large.cache_info()
    return CacheInfo(small.hits + large.hits, small.misses + large.misses,
                     SMALL_ENTRIES + LARGE_ENTRIES, small.currsize + large.currsize)


def cache_clear() -> None:
    """Forget every solved component (benchmarks time cold solves with it)."""
    _solve_small.cache_clear()
    _solve_large.cache_clear()


solve_component.cache_info = cache_info  # type: ignore[attr-defined]
solve_component.cache_clear = cache_clear  # type: ignore[attr-defined]
