"""Closed patterns: few covered cells whose two ways of holding their mines no number can
ever tell apart once a frame around them is all mines.

A *closed pattern* is two ways M1, M2 of putting the same number of mines on a few covered
cells G = M1 ∪ M2 that no cell outside G can tell apart once its *frame* is all mines: the
frame is the cells outside G that touch more mines of one way than of the other. The shapes
looked for are two neighbouring cells (one mine, on either; the frame is the cells touching
exactly one of them: six beside an inner pair) and four mutually neighbouring cells (a 2×2
block: mines on one diagonal or the other, the frame its four diagonal corner cells; or,
against an edge of the board, on one row or column of it or the other). In a layout where
the frame cells are all mines and M1 holds the mines, swapping to M2 gives a layout every
number agrees with (no revealed cell is in G or the frame), and nothing revealed later
tells the two apart: whoever plays loses half of those layouts, sooner or later.

The long-term safety of :mod:`.long_term` counts these patterns (and the experimental
options of :mod:`.experimental` weigh them too). With n the layouts of one way (the same
for both, by that swap), the counts are exact: n is the number of layouts of the view with
M1 and the frame flagged and M2 marked safe, found by counting again the equations of the
components those cells are in, with them fixed
(:meth:`~sweepkit.analysis.board.outcomes.OutcomeTable.count_fixed`; for a pattern among floating
cells alone, read from the frontier's count polynomial: they are interchangeable). Only
patterns whose frame has at most ``max_missing`` cells still covered and not known mines
are counted (more frame cells needing a mine make the pattern rare and the count not worth
its analysis), and none on boards of more than :data:`MAX_CELLS` cells.

>>> from sweepkit.analysis.board.probability import analyse
>>> from sweepkit.position import Position
>>> view = Position.from_rows(["1???", "1???"], mines=2)

On a board two rows high nothing tells the two cells of a column apart: each column is a
closed pair. Of the 8 layouts, the column next to the 1s holds its mine on top in 4; each
other column, in 2.

>>> sorted((p.cells, n) for p, _missing, n in closed_patterns(analyse(view))
...        if len(p.cells) == 2 and p.cells[1] - p.cells[0] == 4)
[((1, 5), 4), ((2, 6), 2), ((3, 7), 2)]
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import chain, compress
from typing import NamedTuple

from sweepkit.analysis.board.board_count import binomial_sum
from sweepkit.analysis.board.outcomes import OutcomeTable
from sweepkit.analysis.board.probability import Analysis
from sweepkit.analysis.count.poly import product as poly_product
from sweepkit.position import MINE, UNKNOWN
from sweepkit.topology import neighbours


@dataclass(frozen=True)
class Pattern:
    """Two ways of placing mines on ``cells`` (``first`` and ``second``, as many mines each)
    that only the ``frame`` cells can tell apart."""

    first: tuple[int, ...]
    second: tuple[int, ...]
    frame: tuple[int, ...]

    @property
    def cells(self) -> tuple[int, ...]:
        return self.first + self.second

    @cached_property
    def masks(self) -> tuple[int, int]:
        """The cells and the frame as bit sets (bit i: cell i), made once per pattern."""
        return sum(1 << c for c in self.cells), sum(1 << c for c in self.frame)


MAX_CELLS = 10_000
"""The largest board searched for closed patterns: their list and bit sets grow with the
board, and every guess scans them all (the patterns are for boards of the usual levels,
not for the big boards the analysis also answers)."""


@lru_cache(maxsize=16)
def board_patterns(shape: tuple[int, ...], topology: str,
                   max_frame: int = 6) -> tuple[Pattern, ...]:
    """The closed-pattern shapes of an empty board (module doc) whose frames have at most
    ``max_frame`` cells: every pair of neighbours, and every four mutually neighbouring
    cells split into two pairs each of the three ways (on a 2-D board the diagonals, and
    rows or columns against an edge). Cached per board shape."""
    table = neighbours(shape, topology)
    near = [frozenset(n) for n in table]
    found: list[Pattern] = []
    for a, around in enumerate(table):
        for b in around:
            if b > a:
                frame = frame_cells(table, (a,), (b,))
                if len(frame) <= max_frame:
                    found.append(Pattern((a,), (b,), frame))
                for c in around:
                    if c <= b or c not in near[b]:
                        continue
                    for d in around:
                        if d <= c or d not in near[b] or d not in near[c]:
                            continue
                        for first, second in (((a, d), (b, c)), ((a, c), (b, d)),
                                              ((a, b), (c, d))):
                            frame = frame_cells(table, first, second)
                            if len(frame) <= max_frame:
                                found.append(Pattern(first, second, frame))
    return tuple(found)


def frame_cells(table: Sequence[Sequence[int]], first: tuple[int, ...],
                second: tuple[int, ...]) -> tuple[int, ...]:
    """The cells outside both ways that touch more cells of one than of the other (a
    pattern's frame here, a chain's in :mod:`.chains`), ascending."""
    inside = set(first) | set(second)
    seen: dict[int, int] = {}
    for cell in first:
        for j in table[cell]:
            seen[j] = seen.get(j, 0) + 1
    for cell in second:
        for j in table[cell]:
            seen[j] = seen.get(j, 0) - 1
    return tuple(sorted(j for j, d in seen.items() if d and j not in inside))


@dataclass(frozen=True)
class PatternIndex:
    """The closed-pattern shapes of one board (:func:`board_patterns`, in that order) with
    what the search for closed patterns reads of them, made once per board: each
    pattern's cells and frame as bit sets, and, per cell, the patterns it frames and those
    it is a cell of. A pattern
    can be closed only if its frame is all mines but at most a few cells, so only the
    patterns with small frames and those framed by flagged cells need a look."""

    patterns: tuple[Pattern, ...]
    masks: tuple[tuple[int, int], ...]
    framing: tuple[tuple[int, ...], ...]
    """Per cell, the indices of the patterns whose frame holds it, ascending."""
    holding: tuple[tuple[int, ...], ...]
    """Per cell, the indices of the patterns it is a cell of, ascending."""
    frames: tuple[int, ...] = ()
    """Per pattern, the cells of its frame."""
    small: dict[int, tuple[int, ...]] = field(default_factory=dict, compare=False)
    """Per frame size, the patterns whose frames are no larger (filled on first need)."""

    def worth_a_look(self, flagged: Sequence[int], max_missing: int) -> list[int]:
        """The indices (ascending) of the patterns whose frame cells, but for at most
        ``max_missing`` of them, are ``flagged`` cells: the only ones that can be closed
        with that many frame cells still to fill."""
        sizes = self._small(max_missing)
        if not flagged:
            return list(sizes)
        framing = self.framing
        flags = Counter(chain.from_iterable(framing[c] for c in flagged))
        frames = self.frames
        chosen = set(sizes)
        chosen.update(i for i, n in flags.items() if frames[i] - n <= max_missing)
        return sorted(chosen)

    def _small(self, max_missing: int) -> tuple[int, ...]:
        """The patterns whose frames have at most ``max_missing`` cells (remembered)."""
        found = self.small.get(max_missing)
        if found is None:
            found = self.small[max_missing] = tuple(
                i for i, p in enumerate(self.patterns) if len(p.frame) <= max_missing)
        return found


@lru_cache(maxsize=16)
def pattern_index(shape: tuple[int, ...], topology: str) -> PatternIndex:
    """The :class:`PatternIndex` of a board shape (cached)."""
    patterns = board_patterns(shape, topology)
    size = 1
    for n in shape:
        size *= n
    framing: list[list[int]] = [[] for _ in range(size)]
    holding: list[list[int]] = [[] for _ in range(size)]
    for i, p in enumerate(patterns):
        for c in p.frame:
            framing[c].append(i)
        for c in p.cells:
            holding[c].append(i)
    return PatternIndex(patterns, tuple(p.masks for p in patterns),
                        tuple(tuple(f) for f in framing), tuple(tuple(h) for h in holding),
                        tuple(len(p.frame) for p in patterns))


def closed_patterns(analysis: Analysis, max_missing: int = 2, table: OutcomeTable | None = None
                    ) -> list[tuple[Pattern, tuple[int, ...], int]]:
    """The closed patterns of ``analysis``'s view that some layout has (module doc), each
    with its frame cells still to be mines and its layouts n (those of one way); counted
    by ``table`` (an outcome table of the analysis, shared with whoever asks for outcomes;
    made here if not given). None on boards of more than :data:`MAX_CELLS` cells."""
    return [(p.pattern, p.missing, n) for p, n in counted_patterns(analysis, max_missing, table)]


class Possible(NamedTuple):
    """A pattern that may be closed (:func:`possible_patterns`): its place in the board's
    :class:`PatternIndex`, the pattern, its frame cells still to be mines, and whether
    all its cells and those are floating (then its count is the pool's)."""

    index: int
    pattern: Pattern
    missing: tuple[int, ...]
    floating: bool


def counted_patterns(analysis: Analysis, max_missing: int = 2,
                     table: OutcomeTable | None = None) -> list[tuple[Possible, int]]:
    """:func:`closed_patterns` with each pattern's place in the board's index."""
    count = PatternCounter(analysis, table)
    found = []
    for possible in possible_patterns(analysis, max_missing):
        n = count(possible)
        if n:
            found.append((possible, n))
    return found


def possible_patterns(analysis: Analysis, max_missing: int = 2) -> list[Possible]:
    """The patterns of ``analysis``'s view that may be closed, before their layouts are
    counted: their cells covered and neither safe nor mines, no frame cell open or known
    safe, at most ``max_missing`` frame cells not flagged, and enough mines left to fill
    them (:func:`closed_patterns` keeps those with layouts). Empty on boards of more than
    :data:`MAX_CELLS` cells."""
    if analysis.position.size > MAX_CELLS:
        return []
    check = PatternCheck(analysis, max_missing)
    found = []
    for i in check.index.worth_a_look(check.flagged, max_missing):
        possible = check(i)
        if possible is not None:
            found.append(possible)
    return found


def _signed_table(member: Callable[[int], bool], yes: int, no: int) -> bytes:
    """A ``bytes.translate`` table: a cell value as a signed byte -> ``yes`` or ``no``."""
    return bytes(yes if member(b - 256 * (b > 127)) else no for b in range(256))


_COVERED_BIT = _signed_table(lambda v: v == UNKNOWN, 0x31, 0x30)  # "1" or "0"
_OPENED_BIT = _signed_table(lambda v: v not in (UNKNOWN, MINE), 0x31, 0x30)
_FLAGGED = _signed_table(lambda v: v == MINE, 1, 0)


class PatternCheck:
    """``check(i)``: pattern ``i`` of the board's :class:`PatternIndex` as a
    :class:`Possible` when it may be closed in ``analysis``'s view (the test of
    :func:`possible_patterns`, one pattern at a time), else None. Any pattern may be asked
    about: one with more than ``max_missing`` frame cells to fill fails the test, so the
    patterns that pass are those :func:`possible_patterns` finds, whichever way they are
    reached (:attr:`PatternIndex.holding` reaches those of one cell)."""

    def __init__(self, analysis: Analysis, max_missing: int,
                 probabilities: dict[int, float] | None = None) -> None:
        position = analysis.position
        self.max_missing = max_missing
        self.values = values = position.cells
        if probabilities is None:
            probabilities = analysis.probabilities()  # type: ignore[assignment]
        self.probabilities = probabilities
        self.left = position.remaining_mines() if analysis.uses_mine_count else None
        # bit sets (bit c for cell c, from the cells as signed bytes): covered cells;
        # revealed or known-safe cells
        raw = array("b", values).tobytes()
        self.covered = int(raw.translate(_COVERED_BIT)[::-1], 2)
        self.opened = int(raw.translate(_OPENED_BIT)[::-1], 2)
        self.flagged = list(compress(range(len(values)), raw.translate(_FLAGGED)))
        pool = analysis.system.floating
        floating = bytearray(b"0") * len(values)
        for c in pool:
            floating[c] = 0x31
        self.on_frontier = self.covered & ~int(floating[::-1], 2)  # covered, not floating
        # floating cells may be either
        self.pool_open = bool(pool) and 0 < self.probabilities[pool[0]] < 1
        self.index = pattern_index(position.shape, position.topology)

    def __call__(self, i: int) -> Possible | None:
        inside, frame = self.index.masks[i]
        covered = self.covered
        # quick rejections on the bit sets: a cell not covered, a frame cell open, or too
        # many frame cells to fill
        if inside & covered != inside or frame & self.opened:
            return None
        to_fill = frame & covered
        filling = to_fill.bit_count()
        if filling > self.max_missing:
            return None
        pattern = self.index.patterns[i]
        if self.left is not None and len(pattern.first) + filling > self.left:
            return None
        values = self.values
        missing = tuple(j for j in pattern.frame if values[j] == UNKNOWN)
        if not (inside | to_fill) & self.on_frontier:  # floating alone: all as likely
            return Possible(i, pattern, missing, True) if self.pool_open else None
        probabilities = self.probabilities
        if (not all(0 < probabilities[c] < 1 for c in pattern.cells)
                or any(probabilities[j] == 0 for j in missing)):  # a safe cell tells them apart
            return None
        return Possible(i, pattern, missing, False)


class PatternCounter:
    """``count(possible)``: the layouts of ``analysis`` with one way of a possible pattern
    and its frame cells still to fill mines (the layouts n of :func:`closed_patterns`):
    among floating cells alone from the frontier's count polynomial, else by ``table``
    (made on first need)."""

    def __init__(self, analysis: Analysis, table: OutcomeTable | None = None) -> None:
        self.analysis = analysis
        self.table = table
        self.pool = lru_cache(maxsize=None)(_floating_counter(analysis))  # few (mines, safe)

    def __call__(self, possible: Possible) -> int:
        pattern, missing = possible.pattern, possible.missing
        if possible.floating:
            return self.pool(len(pattern.first) + len(missing), len(pattern.second))
        if self.table is None:
            self.table = OutcomeTable(self.analysis)
        return self.table.count_fixed((*pattern.first, *missing), pattern.second)


def _floating_counter(analysis: Analysis) -> Callable[[int, int], int]:
    """``count(mines, safe)``: the layouts of ``analysis`` with that many given floating
    cells mines and that many others safe (floating cells are interchangeable, so only the
    numbers matter): the frontier's count polynomial against the pool's binomials
    (:func:`~sweepkit.analysis.board.board_count.binomial_sum`)."""
    system = analysis.system
    size = len(system.floating)
    if not analysis.uses_mine_count:  # each floating cell free: half the layouts per cell
        return lambda mines, safe: analysis.total >> (mines + safe)
    assert system.remaining is not None
    counts = analysis.counts
    left = system.remaining - sum(c.low for c in counts)
    frontier = poly_product([c.by_mines for c in counts]) if counts else (1,)
    return lambda mines, safe: binomial_sum(frontier, size - mines - safe, left - mines)

