"""Chain 50/50s: cells tied by numbers into two ways no cell outside can tell apart.
Experimental (``best``'s option ``chains``, off in every preset; ``docs/results.md``
records what it was worth).

A *strict link* is a pair of covered cells {a, b} that holds exactly one mine in every
layout because a revealed number says so: the number, less its known mines (flags and
cells the analysis proves mines), needs one more mine, and a and b are its only neighbours
that may still hold one (cells proved safe do not count). A *loose link* is a pair of
neighbouring cells among three or more that such a number still needs one mine from: at
most one of them is a mine. A *chain* G is a set of cells connected by links, two-coloured
by them (each link's cells on opposite sides; links forming an odd cycle cannot be
coloured: such a set is skipped, and in a consistent position none exists): its two
*ways* are the mines on one side (``first``) with the other side (``second``) safe, and
the reverse. The *frame* is the set of cells outside G that touch more cells of one way
than of the other: the only cells whose number can differ between the ways (the 2×1 and
2×2 patterns of :mod:`..patterns` are the smallest such shapes).

- **Real (unavoidable) 50/50**: a chain of strict links only (a connected set of them,
  taken whole: a path along the frontier as a rule, branches and cycles included), whose
  two ways have as many mines and whose frame is all known mines (walls are no cells).
  Each strict link holds one mine, so every layout fills G in one of the two ways; swapping
  them gives a layout (every number outside G sees the same count, the total is the
  same), and no cell outside G, revealed now or later, ever shows a number that tells the
  two apart. Whoever plays must guess in G sooner or later and loses half the layouts
  there (each cell of G is a mine in exactly half): taking the guess first loses nothing,
  and what it shows may help the other guesses.
- **Pseudo 50/50**: a chain of one loose link joining the strict chains of its two cells
  (or a cell in none), as many mines both ways, and a frame of known mines but for at most
  one covered cell f. A cell x of it is a pseudo 50/50 when every layout with x a mine
  has x's way on G and f a mine: counted exactly (n, the layouts with x's way flagged, the
  other way marked safe and f flagged, one analysis per way, equals x's mine layouts).
  The swap of such a layout is a layout in which x is safe that nothing outside G can
  tell from it: a guess at x loses only layouts lost anyway (the pseudo 50/50 of
  :mod:`.owed`, for longer shapes). Typically the loose link's cells pass, and the cells
  further along the chain do not (they are mines also where the number's other cells
  hold its mine). A chain of strict links whose frame has one covered cell f is never a
  pseudo 50/50: nothing but f's number tells its ways apart, so the layouts with f safe
  have both ways, and f revealed first would settle the chain; it is not searched.

Real chains are taken before pseudo ones. The ``best`` strategy (option ``chains``, after
forced guesses and ``pseudo``) guesses, among the cells found (every cell of the real
chains, else the pseudo 50/50 cells), the one it would rank first by its usual values
(the safest, then the two-step value), never a dead cell if a live one is among them (when
all are dead one is still a fair guess: if safe it settles the chain).

**Where this differs from the Java solver** (D. N. Hill's ``FiftyFiftyHelper`` and
``PseudoHelper``, read, not copied). It walks strict links along a path from a link with
one end closed to one with the other end closed, an end being closed when every neighbour
of its cell that is not a known mine touches the other cell of the link, and accepts the
chain when each "trouble" cell met on the way touches an even number of chain cells. That
parity rule also passes a cell touching two cells two apart in the chain (two mines one
way, none the other) and revealed cells of the frame: not always a 50/50. Here the frame
is exact and must be all mines, so every real chain found is an unavoidable 50/50 (the
tests check it against a brute force), and every link-connected set is tested, not only
the first path found (its circular chains are commented out as not paying, the parity
test letting non-50/50s through; here a cycle is tested like any shape). Its pseudo
chains accept a loose link (a pair in a one-mine number of more cells, rooted at a closed
end) or two open chains joined by such a number by their shape; here the test of each
cell is the exact count, and two chains joined by a loose link are the same search.
Both take real before pseudo, and both prefer living cells (it then picks the best by
its secondary safety; here by ``best``'s ranking).

>>> from sweepkit.analysis.board.probability import analyse
>>> from sweepkit.position import Position
>>> view = Position.from_rows(["*33*", "*??*", "*??*", "????"], mines=8)
>>> [chain] = chain_fifty_fiftys(analyse(view), IncrementalAnalyser(keep_mines=False))

The 3s above need one mine in (1, 1) or (1, 2); the cells beside the pair are flags, the
two below touch both: nothing outside the pair will ever tell where its mine is.

>>> chain.real, [view.coord(c) for c in chain.cells], chain.frame == (0, 3, 4, 7, 8, 11)
(True, [(1, 1), (1, 2)], True)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sweepkit.analysis.board.probability import Analysis
from sweepkit.analysis.tracking.incremental import IncrementalAnalyser
from sweepkit.position import MINE, SAFE, UNKNOWN
from sweepkit.strategies.best.patterns import MAX_CELLS, frame_cells


@dataclass(frozen=True)
class Chain:
    """A chain G of linked cells (module doc): its two ways (``first`` the mines of one,
    ``second`` of the other, each ascending), its ``frame``, the frame cell ``open`` still
    covered and not a known mine (``None``: the chain is a real 50/50), and the cells
    ``guessable`` at owed risk only (every cell of a real chain; the pseudo 50/50 cells of
    a pseudo one)."""

    first: tuple[int, ...]
    second: tuple[int, ...]
    frame: tuple[int, ...]
    open: int | None
    guessable: tuple[int, ...]
    real: bool

    @property
    def cells(self) -> tuple[int, ...]:
        return tuple(sorted(self.first + self.second))


def links(analysis: Analysis, probabilities: dict[int, float] | None = None
          ) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The strict links of ``analysis``'s view and its loose ones (module doc), each as its
    two cells ascending, without repeats, in the order of the numbers that make them
    (``probabilities``: the analysis's, if at hand)."""
    position = analysis.position
    values = position.cells
    table = position.neighbour_table()
    if probabilities is None:
        probabilities = analysis.probabilities()  # type: ignore[assignment]
        assert probabilities is not None
    strict: dict[tuple[int, int], None] = {}
    loose: dict[tuple[int, int], None] = {}
    for r, v in enumerate(values):
        if v < 0:
            continue
        need = v
        open_cells = []
        for j in table[r]:
            w = values[j]
            if w == MINE:
                need -= 1
            elif w == UNKNOWN:
                p = probabilities.get(j, 0.0)
                if p >= 1:
                    need -= 1
                elif p > 0:
                    open_cells.append(j)
        if need != 1 or len(open_cells) < 2:
            continue
        if len(open_cells) == 2:
            strict[(min(open_cells), max(open_cells))] = None
            continue
        for i, a in enumerate(open_cells):
            near = table[a]
            for b in open_cells[i + 1:]:
                if b in near:
                    loose[(min(a, b), max(a, b))] = None
    return list(strict), [pair for pair in loose if pair not in strict]


def _linked_sets(pairs: Iterable[tuple[int, int]]) -> list[dict[int, int]]:
    """The sets of cells connected by ``pairs``, each as its cells' colours in the pairs'
    two-colouring (0 for its smallest cell); sets whose pairs form an odd cycle are left
    out."""
    near: dict[int, list[int]] = {}
    for a, b in pairs:
        near.setdefault(a, []).append(b)
        near.setdefault(b, []).append(a)
    colour: dict[int, int] = {}
    found = []
    for start in sorted(near):
        if start in colour:
            continue
        colour[start] = 0
        members, stack, odd = {start: 0}, [start], False
        while stack:
            c = stack.pop()
            for d in near[c]:
                if d not in colour:
                    colour[d] = members[d] = 1 - colour[c]
                    stack.append(d)
                elif colour[d] == colour[c]:
                    odd = True
        if not odd:
            found.append(members)
    return found


def chain_fifty_fiftys(analysis: Analysis, whatif: IncrementalAnalyser,
                       probabilities: dict[int, float] | None = None) -> list[Chain]:
    """The chains of ``analysis``'s view that are real or pseudo 50/50s (module doc), real
    ones first (each group in the order of its smallest cell); a pseudo chain none of whose
    cells passes the count is left out. ``whatif`` counts the pseudo tests (it must use the
    mine count when the analysis does; ``probabilities``: the analysis's, if at hand).
    Empty on boards of more than :data:`~..patterns.MAX_CELLS` cells and on
    inconsistent views."""
    if analysis.uses_mine_count and not whatif.use_mine_count:
        raise ValueError("the analysis uses the mine count: the analyser must use it too")
    position = analysis.position
    if position.size > MAX_CELLS or not analysis.consistent:
        return []
    if probabilities is None:
        probabilities = analysis.probabilities()  # type: ignore[assignment]
        assert probabilities is not None
    strict, loose = links(analysis, probabilities)
    sets = _linked_sets(strict)
    real = []
    for members in sets:
        chain = _framed(analysis, probabilities, members, True)
        if chain is not None and chain.open is None:
            real.append(chain)
    if not loose:
        return real
    # pseudo chains: one loose link joining the strict sets of its two cells (or a cell
    # in none), the two cells on opposite sides
    set_of = {c: members for members in sets for c in members}
    linked = {c for a, b in strict for c in (a, b)}
    pseudo = []
    tried = set()
    for a, b in loose:
        if (a in linked and a not in set_of) or (b in linked and b not in set_of):
            continue  # a cell of an odd cycle of links
        left, right = set_of.get(a, {a: 0}), set_of.get(b, {b: 0})
        if left is right:
            continue  # already linked: the loose link adds nothing (or contradicts)
        flip = left[a] == right[b]
        members = {**left, **{c: k ^ flip for c, k in right.items()}}
        key = tuple(sorted(members.items()))
        if key in tried:
            continue
        tried.add(key)
        chain = _framed(analysis, probabilities, members, False)
        if chain is None:
            continue
        guessable = _owed_cells(analysis, whatif, chain)
        if guessable:
            pseudo.append(Chain(chain.first, chain.second, chain.frame, chain.open,
                                guessable, False))
    return real + pseudo


def _framed(analysis: Analysis, probabilities: dict[int, float], members: dict[int, int],
            real: bool) -> Chain | None:
    """The chain of ``members`` (cell: side) with its frame, if its two ways have as many
    mines, no frame cell is or will be revealed and at most one is covered and not a known
    mine (``open``); else ``None``. Every cell is ``guessable`` (a real chain's)."""
    position = analysis.position
    values = position.cells
    table = position.neighbour_table()
    first = tuple(sorted(c for c, k in members.items() if k == 0))
    second = tuple(sorted(c for c, k in members.items() if k == 1))
    if len(first) != len(second):
        return None
    frame = frame_cells(table, first, second)
    missing = None
    for j in frame:
        if values[j] == MINE:
            continue
        if values[j] != UNKNOWN or probabilities[j] == 0:
            return None  # a cell that is or will be revealed tells the ways apart
        if probabilities[j] < 1:
            if missing is not None:
                return None
            missing = j
    return Chain(first, second, frame, missing, tuple(sorted(members)), real)


def _owed_cells(analysis: Analysis, whatif: IncrementalAnalyser, chain: Chain
                ) -> tuple[int, ...]:
    """The cells of ``chain`` that are mines only in layouts with their way on the chain
    and the frame full (module doc), by one exact count per way."""
    position = analysis.position
    base = position if analysis.uses_mine_count else position.with_mines(None)
    total = analysis.total
    left = position.remaining_mines() if analysis.uses_mine_count else None
    found: list[int] = []
    for way, other in ((chain.first, chain.second), (chain.second, chain.first)):
        if left is not None and len(way) + (chain.open is not None) > left:
            continue  # not mines enough for the way and the frame
        changes = dict.fromkeys(way, MINE)
        changes.update(dict.fromkeys(other, SAFE))
        if chain.open is not None:
            changes[chain.open] = MINE
        n = whatif.update(base.replace(changes)).total
        if n:
            found.extend(c for c in way if analysis.probability(c) * total == n)
    return tuple(sorted(found))
