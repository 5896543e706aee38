"""The k×n transfer-matrix programme: consistency, exact counts, a witness and per-cell mine
counts of a board with a fixed number of rows, in time linear in the number of columns.

A number in column j sees only columns j−1, j, j+1, so the board is a chain: the
state after column j is the pair of mine masks ``(m[j−1], m[j])`` (at most 4^k
states), and a move to ``(m[j], m[j+1])`` is allowed when ``m[j+1]`` fits column
j+1's known cells and column j's numbers see exactly their count. Virtual
all-safe columns stand left and right of the board. Forward counts times backward
counts give, for every cell, the number of layouts with a mine there, so exact
probabilities follow; with a ``mines:`` total, counts are kept per number of mines
(polynomials in the mine count). Cost O(n·8^k·k) for transitions (cached per pair
of column patterns) and O(n·4^k) arithmetic. A board with more rows than columns
is transposed first (Minesweeper adjacency is symmetric), so k = min(rows, cols).
Since the cost grows as 8^k, k is limited to :data:`MAX_STRIP_ROWS` unless the
caller passes ``max_rows=None`` (or a larger limit).

:func:`count_and_witness` answers only "consistent? how many? one layout" with a
forward pass that keeps, per column, the set of reachable states (no counts, no
backward tables), then walks back from the end: what the CLI needs on long strips.

The column neighbourhood comes from :mod:`sweepkit.topology` (the middle column of
a k×3 grid), like every adjacency in the project.

Sources (docs/bibliography.md):

- the transfer-matrix method: Stanley, *Enumerative Combinatorics, Vol. 1*, 1986 (2nd ed.
  2011), §4.7 "The transfer-matrix method" [Stanley1986]; the states here are the mine masks
  of the last two columns;
- the 2-row case as an automaton, 3×n left open: Hu and Lin, *2×n Minesweeper Consistency
  Problem is in P*, undated, §§3–4 and concluding remarks [HuLin]; this programme covers
  every fixed k;
- the packed products of :func:`strip_polynomials`: Kronecker substitution, in its plain
  one-point form, as in Harvey, *Faster polynomial multiplication via multipoint Kronecker
  substitution*, J. Symbolic Computation 44, 2009 [Harvey2009].

>>> s = solve_strip(Position.from_rows(["?2", "*?"]))
>>> s.consistent, s.count, sorted(s.witness)
(True, 2, [2, 3])
>>> s.cell_mine_counts
(1, 0, 2, 1)
>>> solve_strip(Position.from_rows(["?2", "*?"], mines=3)).count
0
>>> solve_strip(Position.unknown(8, 8))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
sweepkit.automata.errors.StripInputError: the strip is 8 rows high ...
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from sweepkit.automata.errors import StripInputError
from sweepkit.bits import mask_cells
from sweepkit.position import MINE, SAFE, UNKNOWN, Position
from sweepkit.topology import neighbour_masks, shape_text

Column = tuple[int, ...]
"""The cell values of one column, top to bottom."""
MineCounts = dict[int, int]
"""Layout counts by number of mines, a dict ``{mines: layouts}`` (key 0 only when no mine total
is tracked). Not the tuple ``Poly`` of :mod:`sweepkit.analysis.count.poly`."""

MAX_STRIP_ROWS = 6
"""The largest strip height (smaller side of the board) solved by default. Measured with
``python benchmarks/bench_strips.py --heights``: an all-``?`` 6×6 board takes about 0.25 s
to count with a witness (0.7 s with per-cell counts), 7×7 about 2.2 s (6.7 s per-cell); each
extra row multiplies the work per column by about 8, so 8×8 takes minutes and gigabytes."""


@dataclass(frozen=True)
class StripSolution:
    """The exact analysis of a position by the transfer matrix.

    ``count`` layouts explain the position (with exactly ``position.mines`` mines if
    given); ``cell_mine_counts[i]`` of them have a mine on cell i (flat index of the
    original position); ``witness`` is one layout's mine cells, or None.
    """

    position: Position
    count: int
    witness: frozenset[int] | None
    cell_mine_counts: tuple[int, ...]
    transposed: bool

    @property
    def consistent(self) -> bool:
        return self.count > 0

    @property
    def safe(self) -> tuple[int, ...]:
        """Unknown cells that are safe in every layout (none if inconsistent)."""
        if not self.count:
            return ()
        return tuple(i for i in self.position.unknown_cells() if self.cell_mine_counts[i] == 0)

    @property
    def mines(self) -> tuple[int, ...]:
        """Unknown cells that are mines in every layout (none if inconsistent)."""
        if not self.count:
            return ()
        return tuple(i for i in self.position.unknown_cells()
                     if self.cell_mine_counts[i] == self.count)

    def probability(self, cell: int) -> Fraction:
        """Exact probability that ``cell`` holds a mine (all layouts equally likely)."""
        if not self.count:
            raise ValueError("the position is inconsistent: no layout, no probability")
        return Fraction(self.cell_mine_counts[cell], self.count)


# -- columns and their transitions -------------------------------------------------------

@lru_cache(maxsize=16)
def window_masks(k: int) -> tuple[tuple[int, int, int], ...]:
    """For each row i, the rows seen by cell (i, j) in columns j−1, j, j+1 as bit masks.

    >>> window_masks(2)
    ((3, 2, 3), (3, 1, 3))
    """
    masks = neighbour_masks((k, 3), "grid")
    result = []
    for i in range(k):
        seen = masks[i * 3 + 1]
        result.append(tuple(sum(1 << r for r in range(k) if seen >> (r * 3 + c) & 1)
                            for c in range(3)))
    return tuple(result)


def candidate_masks(column: Column) -> tuple[int, ...]:
    """The mine masks a column can hold: known mines set, numbers and ``-`` clear."""
    must = sum(1 << r for r, v in enumerate(column) if v == MINE)
    free = sum(1 << r for r, v in enumerate(column) if v == UNKNOWN)
    result = []
    sub = free
    while True:  # every subset of the free rows
        result.append(must | sub)
        if sub == 0:
            break
        sub = (sub - 1) & free
    return tuple(sorted(result))


@lru_cache(maxsize=4096)
def pair_transitions(left: Column, here: Column, right: Column
                     ) -> dict[int, tuple[tuple[int, int], ...]]:
    """Moves across the boundary after column ``here``: state ``(a, b)`` → ``(b, c)``.

    ``a`` is any mask of the column before ``here`` (compatible with ``left``), ``b`` one
    of ``here``, ``c`` one of ``right``; allowed when ``here``'s numbers see exactly their
    count. Values: ``(next_state, mines in c)``. States pack ``(a, b)`` as ``a << k | b``.
    """
    k = len(here)
    windows = window_masks(k)
    numbers = [(windows[r], v) for r, v in enumerate(here) if v >= 0]
    right_masks = candidate_masks(right)
    moves: dict[int, tuple[tuple[int, int], ...]] = {}
    for a in candidate_masks(left):
        for b in candidate_masks(here):
            found = []
            for c in right_masks:
                if all((a & w0).bit_count() + (b & w1).bit_count() + (c & w2).bit_count() == v
                       for (w0, w1, w2), v in numbers):
                    found.append((b << k | c, c.bit_count()))
            if found:
                moves[a << k | b] = tuple(found)
    return moves


def strip_columns(position: Position, max_rows: int | None = MAX_STRIP_ROWS
                  ) -> tuple[list[Column], bool]:
    """The columns of the position, transposed when it has more rows than columns.

    A strip higher than ``max_rows`` (its smaller side; None: no limit) is refused.
    """
    if len(position.shape) != 2:
        raise StripInputError("the transfer matrix reads 2-D boards, not shape "
                              f"{shape_text(position.shape)}")
    rows, cols = position.shape
    height = min(rows, cols)
    if max_rows is not None and height > max_rows:
        raise StripInputError(f"the strip is {height} rows high (the board's smaller side); "
                              f"the transfer matrix is limited to {max_rows} rows (its work "
                              "grows as 8^rows)")
    cells = position.cells
    lines = [cells[r * cols:(r + 1) * cols] for r in range(rows)]
    if rows > cols:
        return lines, True
    return list(zip(*lines, strict=True)), False


# -- the dynamic programme --------------------------------------------------------------

def _shifted_add(target: MineCounts, poly: MineCounts, shift: int, limit: int | None) -> None:
    for m, c in poly.items():
        m += shift
        if limit is None or m <= limit:
            target[m] = target.get(m, 0) + c


def _steps(columns: list[Column]) -> list[dict[int, tuple[tuple[int, int], ...]]]:
    """Transitions at each boundary: virtual left column → column 0 → … → virtual right."""
    k = len(columns[0])
    safe = (SAFE,) * k
    padded = [safe, safe, *columns, safe]
    ids: dict[Column, int] = {}
    codes = [ids.setdefault(c, len(ids)) for c in padded]  # distinct columns are few
    distinct = list(ids)
    base = len(distinct)
    seen: dict[int, dict[int, tuple[tuple[int, int], ...]]] = {}
    result = []
    for a, b, c in zip(codes, codes[1:], codes[2:], strict=False):
        key = (a * base + b) * base + c
        moves = seen.get(key)
        if moves is None:
            moves = seen[key] = pair_transitions(distinct[a], distinct[b], distinct[c])
        result.append(moves)
    return result


def _tables(steps: list[dict[int, tuple[tuple[int, int], ...]]], track: bool,
            limit: int | None) -> tuple[list[dict[int, MineCounts]], list[dict[int, MineCounts]]]:
    """Forward and backward count tables: ``forward[j][s]`` counts the ways to reach state s
    after boundary j, ``backward[j][s]`` the ways to finish from it (by number of mines when
    ``track``, mines beyond ``limit`` dropped; key 0 only otherwise)."""
    forward: list[dict[int, MineCounts]] = [{0: {0: 1}}]
    for moves in steps:
        nxt: dict[int, MineCounts] = {}
        for s, poly in forward[-1].items():
            for t, added in moves.get(s, ()):
                _shifted_add(nxt.setdefault(t, {}), poly, added if track else 0, limit)
        forward.append({t: p for t, p in nxt.items() if p})
    backward: list[dict[int, MineCounts]] = [{}] * len(forward)
    backward[-1] = {t: {0: 1} for t in forward[-1]}
    for j in range(len(steps) - 1, -1, -1):
        after = backward[j + 1]
        here: dict[int, MineCounts] = {}
        for s in forward[j]:
            poly: MineCounts = {}
            for t, added in steps[j].get(s, ()):
                if t in after:
                    _shifted_add(poly, after[t], added if track else 0, limit)
            if poly:
                here[s] = poly
        backward[j] = here
    return forward, backward


def solve_strip(position: Position, *, max_rows: int | None = MAX_STRIP_ROWS
                ) -> StripSolution:
    """Decide, count, find a witness and per-cell mine counts, column by column.

    Raises :class:`StripInputError` when the strip is higher than ``max_rows``.
    """
    columns, transposed = strip_columns(position, max_rows)
    k, n = len(columns[0]), len(columns)
    track = position.mines is not None
    steps = _steps(columns)  # steps[0]: virtual → column 0; steps[n]: column n−1 → virtual
    forward, backward = _tables(steps, track, position.mines if track else None)
    total_key = position.mines if track else 0

    def through(j: int, s: int) -> int:
        """Layouts passing through state s after position j (with the right total)."""
        f, b = forward[j][s], backward[j].get(s)
        if not b:
            return 0
        return sum(c * b.get(total_key - m, 0) for m, c in f.items())

    count = through(0, 0)
    per_cell = [0] * position.size
    mask = (1 << k) - 1
    for j in range(n):  # forward[j + 1] holds states (m[j−1], m[j])
        for s in forward[j + 1]:
            weight = through(j + 1, s)
            if weight:
                b = s & mask
                for r in range(k):
                    if b >> r & 1:
                        per_cell[_flat(position, transposed, r, j)] += weight
    witness = None
    if count:
        witness = _witness(position, transposed, steps, backward, total_key, track, k)
    return StripSolution(position, count, witness, tuple(per_cell), transposed)


@dataclass(frozen=True)
class StripPolynomials:
    """Layout counts of a strip by their number of mines (any ``mines:`` total ignored).

    ``by_mines[m]``: layouts with m mines on the strip's unknown cells (known mines not
    counted); ``cell_mines[i][m]``: those of them with a mine on unknown cell i (flat index
    of the position). :meth:`witness` gives one layout with a chosen number of mines. This
    is what the general analysis needs from a strip-shaped component
    (:mod:`sweepkit.analysis.count.strip_route`).
    """

    position: Position
    by_mines: dict[int, int]
    cell_mines: dict[int, dict[int, int]]
    transposed: bool
    known: int
    _steps: list = field(repr=False, compare=False)
    _backward: list[dict[int, MineCounts]] = field(repr=False, compare=False)

    def witness(self, mines: int) -> frozenset[int] | None:
        """The mine cells (known mines included) of one layout with ``mines`` mines on
        unknown cells, or None when there is none."""
        if not self.by_mines.get(mines):
            return None
        k = self.position.shape[1] if self.transposed else self.position.shape[0]
        return _witness(self.position, self.transposed, self._steps, self._backward,
                        mines + self.known, True, k)


def strip_polynomials(position: Position, *, max_rows: int | None = MAX_STRIP_ROWS
                      ) -> StripPolynomials:
    """Count a strip's layouts by number of mines, in total and per unknown cell.

    >>> polys = strip_polynomials(Position.from_rows(["?2", "*?"]))
    >>> polys.by_mines, polys.cell_mines[0], polys.cell_mines[3], sorted(polys.witness(1))
    ({1: 2}, {1: 1}, {1: 1}, [2, 3])
    """
    columns, transposed = strip_columns(position, max_rows)
    k, n = len(columns[0]), len(columns)
    steps = _steps(columns)
    forward, backward = _tables(steps, True, None)
    known = sum(column.count(MINE) for column in columns)
    by_mines = {m - known: c for m, c in backward[0].get(0, {}).items() if c}
    cell_mines: dict[int, dict[int, int]] = {}
    mask = (1 << k) - 1
    # Per cell: the sum over the states with a mine there of forward ⊛ backward. The
    # products go through Kronecker substitution [Harvey2009] (a polynomial packed into one
    # integer, a slot of ``width`` bytes per coefficient: no coefficient of a product or of a
    # sum of products over one column's states exceeds the total count), so each is one
    # big-integer multiplication instead of a Python loop over pairs of coefficients.
    width = sum(by_mines.values()).bit_length() // 8 + 1
    unknown = [[r for r, v in enumerate(column) if v == UNKNOWN] for column in columns]
    for j in range(n):  # forward[j + 1] holds states (m[j−1], m[j])
        rows = unknown[j]
        if not rows:
            continue
        wanted = sum(1 << r for r in rows)
        products = []
        for s, f in forward[j + 1].items():
            b = s & mask & wanted
            g = backward[j + 1].get(s)
            if b and g:
                lo_f, packed_f = _pack(f, width)
                lo_g, packed_g = _pack(g, width)
                products.append((b, lo_f + lo_g, packed_f * packed_g))
        base = min((lo for _b, lo, _p in products), default=0)
        for r in rows:
            total = 0
            for b, lo, product in products:
                if b >> r & 1:
                    total += product << ((lo - base) * width * 8)
            cell_mines[_flat(position, transposed, r, j)] = _unpack(total, base - known, width)
    return StripPolynomials(position, by_mines, cell_mines, transposed, known, steps, backward)


def _pack(poly: MineCounts, width: int) -> tuple[int, int]:
    """``(lowest key, packed)``: the coefficients from the lowest key up, ``width`` bytes each,
    as one integer (little-endian)."""
    lo, hi = min(poly), max(poly)
    get = poly.get
    raw = b"".join(get(m, 0).to_bytes(width, "little") for m in range(lo, hi + 1))
    return lo, int.from_bytes(raw, "little")


def _unpack(packed: int, lo: int, width: int) -> MineCounts:
    """The non-zero coefficients of a packed polynomial whose first slot is key ``lo``."""
    raw = packed.to_bytes((packed.bit_length() + 7) // 8 or 1, "little")
    result = {}
    for i in range(0, len(raw), width):
        c = int.from_bytes(raw[i:i + width], "little")
        if c:
            result[lo + i // width] = c
    return result


def _flat(position: Position, transposed: bool, row: int, col: int) -> int:
    """Flat index in the original position of (row, col) of the strip."""
    return position.index(col, row) if transposed else position.index(row, col)


def _witness(position: Position, transposed: bool, steps: list,
             backward: list[dict[int, MineCounts]], total_key: int, track: bool, k: int
             ) -> frozenset[int]:
    """Walk forward choosing moves whose backward count still reaches the total: no dead ends."""
    state, used, mines = 0, 0, set()
    mask = (1 << k) - 1
    for j, moves in enumerate(steps):
        for t, added in moves.get(state, ()):
            b = backward[j + 1].get(t)
            spent = used + (added if track else 0)
            if b and b.get(total_key - spent, 0):
                state, used = t, spent
                break
        else:  # pragma: no cover - backward counts guarantee a move
            raise AssertionError("witness walk dead-ended")
        if j < len(steps) - 1:
            m = state & mask
            mines.update(_flat(position, transposed, r, j) for r in range(k) if m >> r & 1)
    return frozenset(mines)


@dataclass(frozen=True)
class StripCount:
    """Consistency, the number of layouts and one of them (mine cells), without per-cell counts."""

    position: Position
    count: int
    witness: frozenset[int] | None
    transposed: bool

    @property
    def consistent(self) -> bool:
        return self.count > 0


def _forward(position: Position, max_rows: int | None, keep: bool
             ) -> tuple[list[Column], bool, list, dict[int, MineCounts], list]:
    """The forward pass: the final count vector and, if ``keep``, what each boundary reached
    (a bit set of states without a mine total, else state → bit set of mine totals)."""
    columns, transposed = strip_columns(position, max_rows)
    track = position.mines is not None
    limit = position.mines if track else None
    steps = _steps(columns)
    reached: list = []
    if not track:  # plain counts per state: the common case, kept fast
        counts = {0: 1}
        for moves in steps:
            if keep:
                reached.append(sum(1 << s for s in counts))
            nxt_counts: dict[int, int] = {}
            for s, c in counts.items():
                for t, _ in moves.get(s, ()):
                    nxt_counts[t] = nxt_counts.get(t, 0) + c
            counts = nxt_counts
            if not counts:
                break
        return columns, transposed, steps, {t: {0: c} for t, c in counts.items()}, reached
    current: dict[int, MineCounts] = {0: {0: 1}}
    for moves in steps:
        if keep:
            reached.append({s: sum(1 << m for m in poly) for s, poly in current.items()})
        nxt: dict[int, MineCounts] = {}
        for s, poly in current.items():
            for t, added in moves.get(s, ()):
                _shifted_add(nxt.setdefault(t, {}), poly, added, limit)
        current = {t: p for t, p in nxt.items() if p}
        if not current:
            break
    return columns, transposed, steps, current, reached


def count_and_witness(position: Position, *, max_rows: int | None = MAX_STRIP_ROWS
                      ) -> StripCount:
    """Count the layouts and find one: forward pass keeping only the reachable states per
    column, then a walk back from the end through reachable states (never dead-ends).

    >>> found = count_and_witness(Position.from_rows(["2?4??", "???*2"]))
    >>> found.count, Position.from_rows(["2?4??", "???*2"]).explains(found.witness)
    (4, True)
    """
    columns, transposed, steps, final, reached = _forward(position, max_rows, keep=True)
    track = position.mines is not None
    total = position.mines if track else 0
    count = sum(poly.get(total, 0) for poly in final.values())
    if not count:
        return StripCount(position, 0, None, transposed)
    k = len(columns[0])
    mask = (1 << k) - 1
    state = next(t for t, poly in final.items() if poly.get(total, 0))
    need = total
    mines: set[int] = set()
    memo: dict[tuple[int, int, int], int] = {}
    for j in range(len(steps) - 1, -1, -1):
        if j < len(steps) - 1:  # the state after boundary j holds column j's mask
            m = state & mask
            if m:
                mines.update(_flat(position, transposed, r, j) for r in range(k) if m >> r & 1)
        here = reached[j]
        if track:
            state, need = _predecessor(steps[j], here, state, need, track)
        else:  # reached sets and step tables repeat: remember each answer
            key = (here, id(steps[j]), state)
            found = memo.get(key)
            if found is None:
                found = memo[key] = _predecessor(steps[j], dict.fromkeys(mask_cells(here), 1),
                                                 state, 0, track)[0]
            state = found
    return StripCount(position, count, frozenset(mines), transposed)


def _predecessor(moves: dict[int, tuple[tuple[int, int], ...]], here: dict[int, int],
                 state: int, need: int, track: bool) -> tuple[int, int]:
    """A reached state (with ``need`` minus the step's mines among its reachable totals, a bit
    set; totals are all 0 without a mine total) that moves to ``state``, and the mines still
    needed before it."""
    for s, totals in here.items():
        for t, added in moves.get(s, ()):
            rest = need - added if track else 0
            if t == state and rest >= 0 and totals >> rest & 1:
                return s, rest
    raise AssertionError("witness walk dead-ended")  # pragma: no cover - reachability


def count_strip_layouts(position: Position, *, max_rows: int | None = MAX_STRIP_ROWS) -> int:
    """Only the number of layouts (forward pass, O(4^k) memory): for long strips.

    >>> count_strip_layouts(Position.from_rows(["2?4??", "???*2"]))
    4
    >>> count_strip_layouts(Position.from_rows(["2?4??", "???*2"], mines=5))
    3
    """
    _, _, _, final, _ = _forward(position, max_rows, keep=False)
    total = position.mines if position.mines is not None else 0
    return sum(poly.get(total, 0) for poly in final.values())
