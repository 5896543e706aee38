"""Explanations: for every certain safe or mine, the simplest reason that proves it.

Techniques (:class:`Technique`), in the difficulty order used by hints and the trainer
(:data:`TECHNIQUES`):

- ``SINGLE`` (``"single"``): one number alone forces the cell;
- ``SUBSET`` (``"subset"``): two numbers, one's unknown cells inside the other's;
- ``LINKED`` (``"linked"``): a connected set of numbers taken together (two overlapping
  numbers, or more), found by growing a set of equations around the cell until the cell
  is certain, then shrinking it by deletion to an irreducible set;
- ``GLOBAL`` (``"global"``): only the total mine count decides it.

**Locally.** Every reason is found near its cell, so a board of thousands of certain cells
costs about their number, not its square (:func:`explain`): the equations are indexed by
cell once, and one equation, or two, force a cell in closed form
(:mod:`sweepkit.analysis.reasons.equations`); what the cell's whole component forces comes from the
analysis; and the linked set is grown and shrunk with a local prover
(:mod:`sweepkit.analysis.reasons.prover`: a search for a layout with the cell the other way, with
unit propagation, that remembers its proofs and witnesses). Each step gives exactly what the
plain definition gives (the old whole-board route is kept in the tests as the reference:
``tests/analysis/slow_reference.py``).

The first two are the school project's first stages, "simple finder" and "constraint
reduction" (*Minesweeper Solver*, §3 stages 1–2 [SchoolProject]; the single-number rule is
also Pedersen's single-point strategy, *The complexity of Minesweeper and strategies for
game playing*, 2004, §5, Algorithm 1 [Pedersen2004]); "linked" generalises them to any
irreducible set of equations, decided exactly.

``value`` is a :class:`CellValue` (``SAFE`` or ``MINE``). Both enums are StrEnums, so
they compare equal to their plain strings and format as them (sentences and JSON keep the
words). The JSON form of an explanation lives in :mod:`sweepkit.serialize`.

``because`` lists the number cells used: the cell is certain in every layout of those
numbers alone (without the mine count). A ``GLOBAL`` reason says how the mines left split
between the numbers' unknown neighbours and the cells away from every number, and cites
only the numbers that split uses: with the mines the numbers alone make certain taken as
found, the cell is certain in every placement of the mines left that meets them.

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

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from sweepkit.analysis.board.probability import Analysis, analyse
from sweepkit.analysis.budget import check
from sweepkit.analysis.count.component_count import ComponentCount
from sweepkit.analysis.reasons.equations import (
    CellValue,
    Equations,
    certain_alone,
    certain_by,
    certain_in,
    certain_pair,
    example_mines,
    possible,
)
from sweepkit.analysis.reasons.prover import linked_set
from sweepkit.constraints import Component, Constraint
from sweepkit.position import Position


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


def _numbers(position: Position, numbers: Sequence[int], verb: str) -> str:
    """``the numbers at (0, 5), (1, 5) need``, or ``the 2 at (0, 5) needs`` for one."""
    if len(numbers) == 1:
        return f"the {position.cells[numbers[0]]} at {position.coord(numbers[0])} {verb}s"
    return f"the numbers at {', '.join(str(position.coord(n)) for n in numbers)} {verb}"


def _around(numbers: Sequence[int]) -> str:
    return f"among {'its' if len(numbers) == 1 else 'their'} unknown neighbours"


def _mines(n: int) -> str:
    return f"{n} mine{'' if n == 1 else 's'}"


def _away(n: int) -> str:
    return f"the {n} unknown cell{'' if n == 1 else 's'} away from every number"


def _numbers_mines(comp: Component, count: ComponentCount) -> int:
    """The mines of ``comp`` in every one of its layouts, whatever its mine count: those
    its numbers alone make certain."""
    return sum(len(box) for b, box in enumerate(comp.boxes)
               if certain_in(count, b, len(box)) is CellValue.MINE)


def _global_reason(position: Position, analysis: Analysis, cell: int,
                   value: CellValue) -> tuple[tuple[int, ...], str] | None:
    """The mine count's argument for ``cell``: the numbers it uses and its sentence.

    The mines left (less those shown, and those the numbers alone make certain) split
    between the numbers' unknown
    neighbours, whose groups (components) each hold a range of mines besides their certain
    ones, and the cells away from every number; the cell is decided when the ranges leave
    its side only values that decide it. Only the groups whose range the argument needs
    are cited. None when the ranges alone do not show it (a gap inside a group's mine
    numbers decides it)."""
    system = analysis.system
    if system.remaining is None or not analysis.consistent or position.mines is None:
        return None
    fixed = [_numbers_mines(comp, count)
             for comp, count in zip(system.components, analysis.counts, strict=True)]
    spans = [(count.low - f, count.low + len(count.by_mines) - 1 - f)
             for count, f in zip(analysis.counts, fixed, strict=True)]
    left = system.remaining - sum(fixed)
    low, high = sum(lo for lo, _ in spans), sum(hi for _, hi in spans)
    away = len(system.floating)
    found = position.mines - left
    opening = (f"{_mines(left)} {'are' if left != 1 else 'is'} left"
               + (f" ({position.mines} less the {found} shown or certain)" if found else ""))
    where = position.coord(cell)

    def numbers_of(groups: Sequence[int]) -> list[int]:
        return sorted({n for j in groups for n in system.components[j].numbers})

    groups = range(len(spans))
    if cell in system.floating:
        if value is CellValue.SAFE and low >= left:
            used = numbers_of([j for j in groups if spans[j][0]])
            need = (f"; {_numbers(position, used, 'need')} at least {_mines(low)} "
                    f"{_around(used)}" if used else "")
            return tuple(used), f"{opening}{need}, so {_away(away)} hold none: {where} is safe"
        if value is CellValue.MINE and left - high >= away:
            used = numbers_of(groups)  # every group's most is used, a 0 as much as any
            head = (f"{_numbers(position, used, 'hold')} at most {_mines(high)} "
                    f"{_around(used)}, so " if used else "")
            return tuple(used), (
                f"{opening}; {head}{_away(away)} hold all the others: {where} is a mine")
        return None
    i = next((j for j, comp in enumerate(system.components) if cell in comp.cells), None)
    if i is None:
        return None
    comp, count, (lo, hi) = system.components[i], analysis.counts[i], spans[i]
    b = next(b for b, box in enumerate(comp.boxes) if cell in box)
    least = max(lo, left - away - (high - hi))  # the others hold at most the rest
    most = min(hi, left - (low - lo))  # the others need at least theirs
    fits = [k for k in range(least, most + 1) if count.layouts(k + fixed[i])]
    full = len(comp.boxes[b])
    if not fits or any(count.box_mines[b][k + fixed[i] - count.low] != (
            0 if value is CellValue.SAFE else count.layouts(k + fixed[i]) * full)
            for k in fits):
        return None
    others = [j for j in groups if j != i]
    bounds, used = [], [i]
    if most < hi and low > lo:
        used += [j for j in others if spans[j][0]]
        bounds.append(f"the other numbers need at least {_mines(low - lo)}")
    if least > lo:
        used += others
        rest = f"{_away(away)} at most {away}"
        bounds.append(f"the other numbers hold at most {_mines(high - hi)} and {rest}"
                      if others else f"{_away(away)} hold at most {away}")
    mines = (f"exactly {_mines(fits[0])}" if len(fits) == 1 else
             f"{fits[0]} to {_mines(fits[-1])}")
    own = numbers_of([i])
    besides = " besides their certain ones" if fixed[i] else ""
    return tuple(numbers_of(used)), (
        f"{opening}; {_numbers(position, own, 'allow')} {lo} to {_mines(hi)} "
        f"{_around(own)}{besides}; "
        f"{''.join(b + '; ' for b in bounds) or f'with {left} left, '}they hold {mines}, "
        f"and then {where} is {'safe' if value is CellValue.SAFE else 'a mine'} in every "
        "layout")


def explain_cell(position: Position, constraints: Sequence[Constraint], cell: int,
                 value: CellValue | str) -> Explanation:
    """The simplest explanation of one certain cell (``value`` from the exact analysis;
    a plain ``"safe"``/``"mine"`` is accepted too).

    In order: the first equation holding the cell that forces it alone (``SINGLE``); else,
    of the pairs (an equation holding the cell, then another sharing a cell with it, in list
    order) that force it, the first nested one (``SUBSET``) or else the first one
    (``LINKED``); else the irreducible set of :func:`~sweepkit.analysis.reasons.prover.linked_set`
    (``LINKED``); else the mine count (``GLOBAL``, citing the numbers its argument uses,
or every number when the ranges of mines alone do not show it). Only the equations
    near the cell are looked at (see :class:`~sweepkit.analysis.reasons.equations.Equations`); to
    explain many cells of one position, :func:`explain` shares that index.
    """
    return _explain_one(position, Equations(constraints), cell, CellValue(value),
                        lambda: analyse(position))


def _explain_one(position: Position, equations: Equations, cell: int, value: CellValue,
                 analysed: Callable[[], Analysis]) -> Explanation:
    constraints = equations.constraints
    containing = equations.by_cell.get(cell, [])
    for j in containing:
        if certain_alone(constraints[j]) == value:
            return _make(position, cell, value, Technique.SINGLE, [constraints[j]])
    first_pair = None
    for a_index in containing:
        a = constraints[a_index]
        a_cells = None
        for j in equations.overlapping(a_index):
            b = constraints[j]
            if b is a:
                continue
            b_cells = equations.cells_of(j)
            if a_cells is None:
                a_cells = frozenset(a.cells)
            shared = len(a_cells & b_cells)
            if possible(a) and possible(b):
                found = certain_pair(a, b, shared, cell in b_cells)
            else:
                found = certain_by([a, b], cell)
            if found != value:
                continue
            if shared == len(a_cells) or shared == len(b_cells):
                # a nested pair is the simpler reason: the first one found is the answer
                return _make(position, cell, value, Technique.SUBSET, [a, b])
            if first_pair is None:
                first_pair = [a, b]
    if first_pair is not None:
        return _make(position, cell, value, Technique.LINKED, first_pair)
    linked = linked_set(equations, cell)
    if linked is not None and linked[1] == value:
        return _make(position, cell, value, Technique.LINKED, linked[0])
    reason = _global_reason(position, analysed(), cell, value)
    if reason is not None:
        return Explanation(cell, value, Technique.GLOBAL, *reason)
    return Explanation(cell, value, Technique.GLOBAL, equations.all_numbers(),
                       _sentence(position, cell, value, Technique.GLOBAL, ()))


def _make(position: Position, cell: int, value: CellValue, technique: Technique,
          used: Sequence[Constraint]) -> Explanation:
    because = tuple(sorted({c.number for c in used}))
    return Explanation(cell, value, technique, because,
                       _sentence(position, cell, value, technique, used))


def techniques_of(analysis: Analysis, cells: Sequence[int],
                  value: CellValue | str) -> dict[int, Technique]:
    """The technique :func:`explain_cell` would name for each of ``cells`` (certain, of
    one value), without building sentences or re-solving sub-systems: the fast path for
    players that only need the name (a benchmark's "hardest technique").

    A cell of a component that is not the same in every layout of the component alone
    (whatever its mine count), or a floating cell, needs the mine count (``GLOBAL``).
    Otherwise one number forcing it is ``SINGLE``; two numbers, one's cells inside the
    other's, with the difference of their needs forcing the rest, ``SUBSET``; anything
    else ``LINKED``.
    """
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
    """An explanation for every certain cell, by cell (empty when inconsistent).

    Each is :func:`explain_cell`'s, found locally: the equations are indexed by cell once,
    and what a cell's whole component forces comes from the analysis's counts.
    """
    if analysis is None:
        analysis = analyse(position, use_mine_count)
    if not analysis.consistent:
        return []
    certain = [(CellValue.SAFE, analysis.safe_cells()), (CellValue.MINE, analysis.mine_cells())]
    if not any(cells for _value, cells in certain):
        return []
    system = analysis.system
    where = {}
    for i, comp in enumerate(system.components):
        for b, box in enumerate(comp.boxes):
            for c in box:
                where[c] = (i, b)

    layouts: dict[int, frozenset[int]] = {}

    def closure(cell: int) -> tuple[CellValue | None, frozenset[int]]:
        # the equations linked to the cell are exactly those of its component
        i, b = where[cell]
        comp, count = system.components[i], analysis.counts[i]
        if i not in layouts:
            layouts[i] = example_mines(comp, count)
        return certain_in(count, b, comp.sizes[b]), layouts[i]

    equations = Equations([c for c in system.constraints if c.cells], closure)
    result = []
    for value, cells in certain:
        for cell in cells:
            check()
            result.append(_explain_one(position, equations, cell, value,
                                       lambda: analysis))
    return sorted(result, key=lambda e: e.cell)
