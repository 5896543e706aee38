"""One component counted by the fastest exact route, and remembered: ``solve_component``.

The routes, in order: the closed form of a single equation; the boxes made certain by single
equations fixed and the rest split into parts (:mod:`.split`, each part solved and cached on
its own); a depth-first box search (:mod:`.box_search`) with a node limit of
:data:`SEARCH_NODE_LIMIT`; when it reaches that, the transfer matrix if the component fits in
a strip (:mod:`.strip_route`), else the box DP (:mod:`.box_dp`), after a longer search
(:data:`WIDE_SEARCH_NODE_LIMIT`) when the programme would keep more than :data:`DP_MAX_WIDTH`
equations open at once. Both fallbacks cost in proportion to the component's width, not to
its number of layouts.

Results are cached by the component's abstract structure (box sizes and equations: equal
structures anywhere on any board share one entry), so during a game only the components a
move changed are solved again: the **incremental** mechanism. The caches are safe to share
between threads (at worst two threads solve the same component once each) and bounded twice:
:data:`SMALL_ENTRIES` results of components whose tables hold at most :data:`SMALL_TABLE`
numbers (a ``functools.lru_cache``), and larger ones up to :data:`LARGE_ENTRIES` results
holding :data:`LARGE_NUMBERS` numbers in all (:class:`SizedCache`: the least recently used
go first, and a result bigger than that is not kept), so one huge board cannot fill the
memory with its solved components.

:func:`solve_by_row` counts a component for every need of one of its equations at once
(what a cell's outcomes need: :mod:`.outcomes`), cached the same way.

Every route checks the open budget (:mod:`.budget`) in its loops and before it builds a large
table, so a caller's time or size limit stops a huge component cleanly.

>>> from sweepkit.constraints import Component
>>> solve_component(Component((2, 1), (((0, 1), 1),), ((0, 1), (2,)), (5,))).by_mines
(3,)
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from threading import Lock
from typing import NamedTuple

from sweepkit.analysis import budget
from sweepkit.analysis.budget import check, check_size
from sweepkit.analysis.count import strip_route
from sweepkit.analysis.count.box_dp import (
    dp_component,
    open_width,
    plan,
    support_width,
    width_order,
)
from sweepkit.analysis.count.box_search import (
    SearchLimitExceeded,
    search_by_row,
    search_component,
    single_equation,
)
from sweepkit.analysis.count.component_count import ComponentCount
from sweepkit.analysis.count.split import Parts, SplitBoxTable, combine_split, split_certain
from sweepkit.constraints import Component

SEARCH_NODE_LIMIT = 2_000
"""Search nodes tried (about 2.5 ms) before a component goes to a fallback whose cost grows
with its width, not with its number of layouts. The search is faster on most frontiers
(strong pruning, tiny overhead) and settles almost every component of a game within this
node limit. On the 33 components of random 30–60%-revealed expert boards that it does not
settle, the box DP straight away took 1.5 s in all (median 13 ms), a
:data:`WIDE_SEARCH_NODE_LIMIT` search first 3.1 s (median 20 ms): ``python
benchmarks/bench_analysis.py``, case (d)."""

WIDE_SEARCH_NODE_LIMIT = 100_000
"""The longer search tried before the box DP on a component that keeps more than
:data:`DP_MAX_WIDTH` equations open at once (the programme's states can grow exponentially
with that width)."""

DP_MAX_WIDTH = 14
"""The widest component (most equations open at once along the box order) sent to the box DP
without the longer search first; expert-board components the search does not settle are
6–12 wide."""

SEARCH_MAX_BOXES = 500
"""Larger components skip the search: it recurses once per box (Python's stack is about
1,000 frames deep), and its node limit would stop it on them anyway."""

SMALL_TABLE = 20_000
"""Components whose tables hold at most this many numbers (boxes × (cells + 1), a bound
before solving) share a cache of :data:`SMALL_ENTRIES` results; larger ones a cache of
:data:`LARGE_ENTRIES`."""
SMALL_ENTRIES = 4096
"""Results kept of components up to :data:`SMALL_TABLE`."""
LARGE_ENTRIES = 32
"""Results kept of components beyond :data:`SMALL_TABLE`."""
LARGE_NUMBERS = 4_000_000
"""The most numbers (polynomial coefficients, counted by :func:`table_size`) the results of
components beyond :data:`SMALL_TABLE` hold together in their cache."""


def count_component(component: Component) -> ComponentCount:
    """Count a component by the routes of the module doc, without the cache (its parts, if it
    splits, go through :func:`solve_component`)."""
    check()
    if len(component.rows) == 1:
        return single_equation(component)
    split = cached_split(component)
    if split is not None:
        fixed, parts = split
        return combine_split(component, fixed, parts,
                             [solve_component(part) for part, _boxes in parts])
    searchable = len(component.sizes) <= SEARCH_MAX_BOXES
    if searchable:
        try:
            return search_component(component, node_limit=SEARCH_NODE_LIMIT)
        except SearchLimitExceeded:
            pass
    crop = strip_route.strip_crop(component)  # only now: most components never get here
    if crop is not None:
        _check_table(component, strip_route.strip_order(component, crop))
        return strip_route.strip_count(component, crop)
    order = width_order(component.sizes, component.rows, component)
    _check_table(component, order)
    if searchable and open_width(order, component.rows) > DP_MAX_WIDTH:
        try:
            return search_component(component, node_limit=WIDE_SEARCH_NODE_LIMIT)
        except SearchLimitExceeded:
            pass
    return dp_component(component, order)


def _check_table(component: Component, order: list[int]) -> None:
    """Under a table budget (:mod:`.budget`), check a big component's box table (boxes × the
    mine numbers it has layouts for, found on bit sets by
    :func:`~sweepkit.analysis.count.box_dp.support_width`) before either fallback builds its own
    tables: the transfer matrix does not check the budget itself."""
    open_budget = budget.current()
    if open_budget is None or open_budget.table is None or _small(component):
        return
    width = support_width(plan(component, order))
    check_size(len(component.sizes) * width, "the box table of a component")


class CacheInfo(NamedTuple):
    """Hits and misses of both caches together, as ``functools`` reports them."""

    hits: int
    misses: int
    maxsize: int
    currsize: int


def table_size(count: ComponentCount) -> int:
    """The numbers a solved component holds: its polynomial and one per box (boxes sharing
    one tuple, as the certain boxes of a split component do, count once). A split
    component's table counts as built, without building it."""
    if isinstance(count.box_mines, SplitBoxTable):
        return len(count.by_mines) + count.box_mines.numbers()
    distinct = {id(m): len(m) for m in count.box_mines}
    return len(count.by_mines) + sum(distinct.values())


class SizedCache:
    """A least-recently-used cache of solved components bounded by entries and by the numbers
    they hold (:func:`table_size`); thread-safe. Used as :func:`functools.lru_cache` is:
    :meth:`__call__`, :meth:`cache_info`, :meth:`cache_clear`."""

    def __init__(self, solve: Callable[[Component], ComponentCount], entries: int,
                 numbers: int) -> None:
        self.solve = solve
        self.entries = entries
        self.numbers = numbers
        self.lock = Lock()
        self.kept: OrderedDict[Component, tuple[ComponentCount, int]] = OrderedDict()
        self.held = self.hits = self.misses = 0

    def __call__(self, component: Component) -> ComponentCount:
        with self.lock:
            found = self.kept.get(component)
            if found is not None:
                self.kept.move_to_end(component)
                self.hits += 1
                return found[0]
            self.misses += 1
        count = self.solve(component)  # outside the lock: other threads go on meanwhile
        size = table_size(count)
        if size <= self.numbers:
            with self.lock:
                if component not in self.kept:
                    self.kept[component] = (count, size)
                    self.held += size
                    while len(self.kept) > self.entries or self.held > self.numbers:
                        _key, (_count, gone) = self.kept.popitem(last=False)
                        self.held -= gone
        return count

    def cache_info(self) -> CacheInfo:
        with self.lock:
            return CacheInfo(self.hits, self.misses, self.entries, len(self.kept))

    def cache_clear(self) -> None:
        with self.lock:
            self.kept.clear()
            self.held = self.hits = self.misses = 0


_solve_small = lru_cache(maxsize=SMALL_ENTRIES)(count_component)
_solve_large = SizedCache(count_component, LARGE_ENTRIES, LARGE_NUMBERS)
_split_large = lru_cache(maxsize=LARGE_ENTRIES)(split_certain)


def cached_split(component: Component) -> tuple[dict[int, int], Parts] | None:
    """:func:`~sweepkit.analysis.count.split.split_certain` of a component, as the counting
    splits it; remembered for components beyond :data:`SMALL_TABLE` (a component of thousands of
    boxes takes a tenth of a second to split), so questions asked after the count (dead
    cells) find the parts without splitting again."""
    if _small(component):
        return split_certain(component)
    return _split_large(component)


def _small(component: Component) -> bool:
    return len(component.sizes) * (sum(component.sizes) + 1) <= SMALL_TABLE


def solve_component(component: Component) -> ComponentCount:
    """Count a component's layouts by mine number (cached by its structure: see the module
    doc). Component equality and hash use only the abstract key.
    """
    if _small(component):
        return _solve_small(component)
    return _solve_large(component)


def solve_by_row(component: Component, row: int) -> dict[int, ComponentCount]:
    """The counts of ``component`` for every need k of its equation ``row`` that has
    layouts, by k: :func:`solve_component` of the component with that need, for each k.
    One search that sorts the layouts by the mines in the row's boxes
    (:func:`~sweepkit.analysis.count.box_search.search_by_row`) when it settles the component
    within the node limits of the needs it replaces, else one count per need. Cached by
    structure (the row's own need does not matter)."""
    if _small(component) and len(component.sizes) <= SEARCH_MAX_BOXES:
        return _by_row(component, row)
    return _each_need(component, row)


def with_need(component: Component, row: int, need: int) -> Component:
    """``component`` with its equation ``row`` needing ``need`` mines."""
    bs, _need = component.rows[row]
    return replace(component, rows=(*component.rows[:row], (bs, need),
                                    *component.rows[row + 1:]))


def _each_need(component: Component, row: int) -> dict[int, ComponentCount]:
    bs, _need = component.rows[row]
    found = {}
    for k in range(sum(component.sizes[b] for b in bs) + 1):
        count = solve_component(with_need(component, row, k))
        if count.by_mines:
            found[k] = count
    return found


@lru_cache(maxsize=SMALL_ENTRIES)
def _by_row(component: Component, row: int) -> dict[int, ComponentCount]:
    check()
    bs, _need = component.rows[row]
    needs = sum(component.sizes[b] for b in bs) + 1
    try:
        return search_by_row(component, row, node_limit=SEARCH_NODE_LIMIT * needs)
    except SearchLimitExceeded:
        return _each_need(component, row)


def cache_info() -> CacheInfo:
    """Hits, misses, bound and size of the component caches, both together."""
    small, large = _solve_small.cache_info(), _solve_large.cache_info()
    return CacheInfo(small.hits + large.hits, small.misses + large.misses,
                     SMALL_ENTRIES + LARGE_ENTRIES, small.currsize + large.currsize)


def cache_clear() -> None:
    """Forget every solved component (benchmarks time cold solves with it)."""
    _solve_small.cache_clear()
    _solve_large.cache_clear()
    _split_large.cache_clear()
    _by_row.cache_clear()


solve_component.cache_info = cache_info  # type: ignore[attr-defined]
solve_component.cache_clear = cache_clear  # type: ignore[attr-defined]
