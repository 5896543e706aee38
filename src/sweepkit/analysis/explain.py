"""Explanations: for every certain safe or mine, the simplest reason that proves it.

Techniques (:class:`Technique`), in the difficulty order used by hints and the trainer
(:data:`TECHNIQUES`):

- ``SINGLE`` (``"single"``): one number alone forces the cell;
- ``SUBSET`` (``"subset"``): two numbers, one's unknown cells inside the other's;
- ``LINKED`` (``"linked"``): a connected set of numbers taken together (two overlapping
  numbers, or more), found by growing a set of equations around the cell until the cell
  is forced, then shrinking it by deletion to an irreducible set;
- ``GLOBAL`` (``"global"``): only the total mine count decides it.

The first two are the school project's first stages, "simple finder" and "constraint
reduction" (*Minesweeper Solver*, §3 stages 1–2 [SchoolProject]; the single-number rule is
also Pedersen's single-point strategy, *The complexity of Minesweeper and strategies for
game playing*, 2004, §5, Algorithm 1 [Pedersen2004]); "linked" generalises them to any
irreducible set of equations, decided exactly.

``value`` is a :class:`CellValue` (``SAFE`` or ``MINE``). Both enums are StrEnums, so
they compare equal to their plain strings and format as them (sentences and JSON keep the
words). The JSON form of an explanation lives in :mod:`sweepkit.serialize`.

``because`` lists the number cells used: the cell is certain in every layout of those
numbers alone (without the mine count, except for ``GLOBAL``, which uses them all).

>>> from sweepkit.position import Position
>>> found = explain(Position.from_rows(["1??", "???"], mines=1))
>>> [(e.cell, e.value, e.technique) for e in found]
[(2, <CellValue.SAFE: 'safe'>, <Technique.GLOBAL: 'global'>),
 (5, <CellValue.SAFE: 'safe'>, <Technique.GLOBAL: 'global'>)]
>>> found[0].value == "safe" and found[0].technique == "global"
True
>>> print(explain(Position.from_rows(["01?"]))[0].sentence)
the 1 at (0, 1) has exactly as many unknown neighbours as missing mines, so (0, 2) is a mine
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from sweepkit.analysis.component import solve_component
from sweepkit.analysis.probability import Analysis, analyse
from sweepkit.constraints import Constraint, system_from_constraints
from sweepkit.position import Position


class CellValue(StrEnum):
    """What a certain cell is: safe in every layout, or a mine in every layout."""

    SAFE = "safe"
    MINE = "mine"


class Technique(StrEnum):
    """The kind of reasoning an explanation needs (see the module doc)."""

    SINGLE = "single"
    SUBSET = "subset"
    LINKED = "linked"
    GLOBAL = "global"


TECHNIQUES: tuple[Technique, ...] = (Technique.SINGLE, Technique.SUBSET, Technique.LINKED,
                                     Technique.GLOBAL)
"""Techniques from the simplest to the hardest."""


@dataclass(frozen=True)
class Explanation:
    """Why one unknown cell is certain: ``value`` says what it is, ``technique`` how hard
    the reason is, ``because`` which number cells give it, ``sentence`` the reason in words."""

    cell: int
    value: CellValue
    technique: Technique
    because: tuple[int, ...]
    sentence: str


def forced_by(constraints: Sequence[Constraint], cell: int) -> CellValue | None:
    """``SAFE``/``MINE`` if these equations alone (no mine count) fix ``cell``."""
    system = system_from_constraints(constraints)
    for comp in system.components:
        for b, box in enumerate(comp.boxes):
            if cell in box:
                solved = solve_component(comp)
                if solved.total == 0:
                    return None
                mines = sum(solved.box_mines[b])
                if mines == 0:
                    return CellValue.SAFE
                if mines == solved.total * len(box):
                    return CellValue.MINE
                return None
    return None


def _overlap(a: Constraint, b: Constraint) -> bool:
    return not set(a.cells).isdisjoint(b.cells)


def _linked(constraints: Sequence[Constraint], cell: int) -> list[Constraint] | None:
    """Grow equations breadth-first from those containing the cell until it is forced,
    then shrink the set by deletion; None when the whole linked set cannot force it."""
    chosen = [c for c in constraints if cell in c.cells]
    frontier = list(chosen)
    forced = forced_by(chosen, cell) if chosen else None
    while forced is None and frontier:
        nxt = []
        for c in frontier:
            for d in constraints:
                if d not in chosen and _overlap(c, d):
                    chosen.append(d)
                    nxt.append(d)
                    forced = forced_by(chosen, cell)
                    if forced is not None:
                        break
            if forced is not None:
                break
        frontier = nxt
    if forced is None:
        return None
    for c in list(chosen):
        trial = [d for d in chosen if d is not c]
        if trial and forced_by(trial, cell) == forced:
            chosen = trial
    return chosen


def _sentence(position: Position, cell: int, value: CellValue, technique: Technique,
              used: Sequence[Constraint]) -> str:
    where = position.coord(cell)

    def name(c: Constraint) -> str:
        return f"the {position.cells[c.number]} at {position.coord(c.number)}"

    if technique is Technique.SINGLE:
        (c,) = used
        if value is CellValue.SAFE:
            return f"{name(c)} already has all its mines, so {where} is safe"
        return (f"{name(c)} has exactly as many unknown neighbours as missing mines, "
                f"so {where} is a mine")
    if technique is Technique.SUBSET:
        small, big = sorted(used, key=lambda c: len(c.cells))
        return (f"the unknown neighbours of {name(small)} are among those of {name(big)}, "
                f"so the others hold {big.need - small.need} mine(s): {where} is "
                f"{'safe' if value is CellValue.SAFE else 'a mine'}")
    if technique is Technique.LINKED:
        names = ", ".join(name(c) for c in used)
        return f"{names} taken together leave {where} only one way: {value}"
    return (f"only the total of {position.mines} mines decides it: {where} is "
            f"{'safe' if value is CellValue.SAFE else 'a mine'} in every layout")


def explain_cell(position: Position, constraints: Sequence[Constraint], cell: int,
                 value: CellValue | str) -> Explanation:
    """The simplest explanation of one certain cell (``value`` from the exact analysis;
    a plain ``"safe"``/``"mine"`` is accepted too)."""
    value = CellValue(value)
    containing = [c for c in constraints if cell in c.cells]
    for c in containing:
        if forced_by([c], cell) == value:
            return _make(position, cell, value, Technique.SINGLE, [c])
    pairs = [(a, b) for a in containing for b in constraints
             if b is not a and _overlap(a, b) and forced_by([a, b], cell) == value]
    for a, b in pairs:  # a nested pair is the simpler reason: prefer it
        if set(a.cells) <= set(b.cells) or set(b.cells) <= set(a.cells):
            return _make(position, cell, value, Technique.SUBSET, [a, b])
    if pairs:
        return _make(position, cell, value, Technique.LINKED, list(pairs[0]))
    linked = _linked(constraints, cell)
    if linked is not None and forced_by(linked, cell) == value:
        return _make(position, cell, value, Technique.LINKED, linked)
    return _make(position, cell, value, Technique.GLOBAL, list(constraints))


def _make(position: Position, cell: int, value: CellValue, technique: Technique,
          used: Sequence[Constraint]) -> Explanation:
    because = tuple(sorted({c.number for c in used}))
    return Explanation(cell, value, technique, because,
                       _sentence(position, cell, value, technique, used))


def technique_of(analysis: Analysis, cell: int, value: CellValue | str) -> Technique:
    """The technique :func:`explain_cell` would name for a certain cell, without building
    its sentence or re-solving sub-systems: the fast path for players that only need the
    name (a benchmark's "hardest technique").

    A cell of a component that is not forced in every layout of the component alone
    (whatever its mine count), or a floating cell, needs the mine count (``GLOBAL``).
    Otherwise one number forcing it is ``SINGLE``; two numbers, one's cells inside the
    other's, with the difference of their needs forcing the rest, ``SUBSET``; anything
    else ``LINKED``.
    """
    return techniques_of(analysis, [cell], value)[cell]


def techniques_of(analysis: Analysis, cells: Sequence[int],
                  value: CellValue | str) -> dict[int, Technique]:
    """:func:`technique_of` for several cells of one value, sharing the lookups."""
    value = CellValue(value)
    safe = value is CellValue.SAFE
    system = analysis.system
    where: dict[int, tuple[int, int]] = {}
    wanted = set(cells)
    for i, comp in enumerate(system.components):
        for b, box in enumerate(comp.boxes):
            if not wanted.isdisjoint(box):
                where.update((c, (i, b)) for c in box if c in wanted)
    by_cell: dict[int, list[Constraint]] = {}
    for c in system.constraints:
        for x in c.cells:
            if x in wanted:
                by_cell.setdefault(x, []).append(c)
    result = {}
    for cell in cells:
        found = where.get(cell)
        technique = Technique.GLOBAL
        if found is not None:
            i, b = found
            count = analysis.counts[i]
            mines = sum(count.box_mines[b])
            box = system.components[i].boxes[b]
            if mines == 0 if safe else mines == count.total * len(box):
                technique = _local_technique(system.constraints, by_cell.get(cell, []), cell,
                                             safe)
        result[cell] = technique
    return result


def _local_technique(constraints: Sequence[Constraint], containing: Sequence[Constraint],
                     cell: int, safe: bool) -> Technique:
    for c in containing:
        if c.need == (0 if safe else len(c.cells)):
            return Technique.SINGLE
    for big in containing:
        big_cells = set(big.cells)
        for small in constraints:
            if small is big or cell in small.cells or not small.cells:
                continue
            if big_cells.issuperset(small.cells):
                rest = len(big_cells) - len(small.cells)
                if big.need - small.need == (0 if safe else rest):
                    return Technique.SUBSET
    return Technique.LINKED


def explain(position: Position, use_mine_count: bool = True,
            analysis: Analysis | None = None) -> list[Explanation]:
    """An explanation for every certain cell, by cell (empty when inconsistent)."""
    if analysis is None:
        analysis = analyse(position, use_mine_count)
    if not analysis.consistent:
        return []
    constraints = [c for c in analysis.system.constraints if c.cells]
    result = [explain_cell(position, constraints, cell, CellValue.SAFE)
              for cell in analysis.safe_cells()]
    result += [explain_cell(position, constraints, cell, CellValue.MINE)
               for cell in analysis.mine_cells()]
    return sorted(result, key=lambda e: e.cell)
