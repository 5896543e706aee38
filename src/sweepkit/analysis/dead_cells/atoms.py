"""Atoms: the independent pieces of an analysed frontier (a component, or a part of one split
by its certain boxes), and whether a few of them, changed, still have a layout: the local
test of :mod:`sweepkit.analysis.dead_cells.dead` (its module doc says how they are used).
"""

from __future__ import annotations

from collections.abc import Sequence

from sweepkit.analysis.board.probability import Analysis
from sweepkit.analysis.count.box_search import SearchLimitExceeded, has_layout
from sweepkit.analysis.count.component import cached_split, count_component, solve_component
from sweepkit.analysis.count.component_count import ComponentCount
from sweepkit.analysis.count.split import split_certain
from sweepkit.analysis.dead_cells.supports import Support, Supports, members, sumset, support_of
from sweepkit.constraints import Component, Constraint, system_from_constraints


class Atom:
    """One independent piece of the frontier: a component, or a part of a split one, with
    its count, and its equations at the cell level (``number`` -1 for a part that lost its
    number cells)."""

    def __init__(self, component: Component, count: ComponentCount) -> None:
        self.component = component
        self.count = count
        numbers = component.numbers if len(component.numbers) == len(component.rows) else ()
        boxes = component.boxes
        self.equations = [
            Constraint(numbers[r] if numbers else -1,
                       tuple(sorted(c for b in bs for c in boxes[b])), need)
            for r, (bs, need) in enumerate(component.rows)]
        self.support = support_of(count)


class AtomTable:
    """The frontier of an analysed position cut into atoms (see the module doc): ``fixed``
    maps the cells of certain boxes to 0 or 1, ``atom_of`` every other frontier cell to its
    atom, and ``supports`` answers for the atoms left out."""

    def __init__(self, analysis: Analysis) -> None:
        self.atoms: list[Atom] = []
        self.fixed: dict[int, int] = {}
        self.atom_of: dict[int, int] = {}
        self.fixed_mines = 0
        for comp, count in zip(analysis.system.components, analysis.counts, strict=True):
            split = cached_split(comp) if len(comp.rows) > 1 else None
            if split is None:
                self._add(comp, count)
                continue
            fixed, parts = split
            for b, k in fixed.items():
                box = comp.boxes[b]
                for c in box:
                    self.fixed[c] = 1 if k else 0
                self.fixed_mines += k
            for part, _boxes in parts:
                self._add(part, solve_component(part))
        self.supports = Supports([a.support for a in self.atoms])
        self.room: dict[tuple[tuple[int, ...], int, int], bool] = {}

    def room_for_any(self, chosen: Sequence[int], spare: int, pool: int) -> bool:
        """Whether, whatever mine number the atoms ``chosen`` hold together, the other atoms
        and a pool of ``pool`` cells can hold the rest of ``spare`` mines."""
        key = (tuple(chosen), spare, pool)
        found = self.room.get(key)
        if found is None:
            together: Support = (0, 1)
            for a in chosen:
                together = sumset(together, self.atoms[a].support)
            low, bits = sumset(self.supports.without(chosen), (0, (1 << (pool + 1)) - 1))
            found = all((bits >> (spare - m - low)) & 1 if spare - m >= low else False
                        for m in members(together))
            self.room[key] = found
        return found

    def _add(self, component: Component, count: ComponentCount) -> None:
        index = len(self.atoms)
        self.atoms.append(Atom(component, count))
        for box in component.boxes:
            for c in box:
                self.atom_of[c] = index


TRIAL_SEARCH_NODES = 20_000
"""Search nodes :func:`satisfiable` spends on one component before counting it instead."""


def box_trial(atoms: Sequence[Atom], cell: int, near: set[int]
               ) -> tuple[list[int], list[tuple[list[int], int]], list[int]]:
    """The atoms' equations in box terms with the cell taken out and every box cut in two
    (its cells among ``near``, the others): ``(sizes, rows, near_boxes)``, the boxes holding
    the ``near`` cells listed last, ready for the equation "``near`` holds k mines"."""
    sizes: list[int] = []
    rows: list[tuple[list[int], int]] = []
    near_boxes: list[int] = []
    for atom in atoms:
        comp = atom.component
        parts = []  # for each box of the atom: its new boxes
        for box in comp.boxes:
            inside = sum(1 for x in box if x in near)
            outside = len(box) - inside - (1 if cell in box else 0)
            new = []
            if inside:
                near_boxes.append(len(sizes))
                new.append(len(sizes))
                sizes.append(inside)
            if outside:
                new.append(len(sizes))
                sizes.append(outside)
            parts.append(new)
        rows.extend(([b for old in bs for b in parts[old]], need) for bs, need in comp.rows)
    return sizes, rows, near_boxes


def exists(sizes: list[int], rows: list[tuple[list[int], int]], near_boxes: list[int],
            k: int, trial: list[Constraint]) -> bool:
    """Whether the trial of :func:`box_trial` with k mines near the cell has a layout: the
    boxes made certain by single equations fixed, each part searched to its first layout
    (:func:`~sweepkit.analysis.count.box_search.has_layout`); the equations ``trial`` (the same, at
    the cell level) decided by :func:`satisfiable` when a search runs past
    :data:`TRIAL_SEARCH_NODES` nodes."""
    every = [*rows, (near_boxes, k)] if near_boxes else rows
    component = Component(tuple(sizes), tuple((tuple(bs), need) for bs, need in every),
                          ((),) * len(sizes), ())
    split = split_certain(component) if len(every) > 1 else None
    if split is not None and split[0].get(-1) == -1:
        return False  # the certain boxes already break an equation
    pieces = [component] if split is None else [part for part, _boxes in split[1]]
    try:
        return all(has_layout(piece, node_limit=TRIAL_SEARCH_NODES) for piece in pieces)
    except SearchLimitExceeded:
        return satisfiable(trial)


def satisfiable(equations: list[Constraint]) -> bool:
    """Whether the equations (cell level) have a layout: the boxes made certain by single
    equations fixed (:func:`~sweepkit.analysis.count.split.split_certain`), each part left
    searched box by box until a first layout
    (:func:`~sweepkit.analysis.count.box_search.has_layout`), counted when that search runs
    past :data:`TRIAL_SEARCH_NODES` nodes."""
    system = system_from_constraints(equations)
    if system.impossible:
        return False
    pieces: list[Component] = []
    for comp in system.components:
        split = split_certain(comp) if len(comp.rows) > 1 else None
        if split is None:
            pieces.append(comp)
        elif split[0].get(-1) == -1:
            return False  # the certain boxes already break an equation
        else:
            pieces.extend(part for part, _boxes in split[1])
    for piece in pieces:
        try:
            found = has_layout(piece, node_limit=TRIAL_SEARCH_NODES)
        except SearchLimitExceeded:
            found = bool(count_component(piece).by_mines)
        if not found:
            return False
    return True


def system_support(equations: list[Constraint]) -> Support | None:
    """The mine numbers a set of equations can hold with all of them met (``None``: none).
    Every component is counted afresh (not cached: these systems are made up once)."""
    system = system_from_constraints(equations)
    if system.impossible:
        return None
    support: Support = (0, 1)
    for comp in system.components:
        count = count_component(comp)
        if not count.by_mines:
            return None
        support = sumset(support, support_of(count))
    return support


__all__ = ["TRIAL_SEARCH_NODES", "Atom", "AtomTable", "box_trial", "exists", "satisfiable",
           "system_support"]
