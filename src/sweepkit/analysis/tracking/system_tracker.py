"""The constraint system of successive views of one game, updated move by move: the
equations, boxes and floating cells that a move changed are made again, the components it
changed patched (:mod:`sweepkit.analysis.tracking.component_keeper`), the rest kept. The steps, and
why the result is :func:`~sweepkit.constraints.build_system` of the view, are in
:mod:`sweepkit.analysis.tracking.incremental`'s doc; :class:`SystemTracker` is what
:class:`~sweepkit.analysis.tracking.incremental.IncrementalAnalyser` builds its systems with.

>>> from sweepkit.constraints import build_system
>>> from sweepkit.position import Position
>>> tracker = SystemTracker(rebuild_fraction=1.0)  # small board: update all the same
>>> first = Position.from_rows(["1??", "???", "???"], mines=2)
>>> tracker.system(first) == build_system(first), tracker.rebuilds
(True, 1)
>>> second = first.replace({1: 1})
>>> tracker.system(second) == build_system(second), tracker.rebuilds
(True, 1)
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator
from functools import lru_cache
from struct import Struct

from sweepkit.analysis.budget import check
from sweepkit.analysis.tracking.component_keeper import ComponentKeeper, Group
from sweepkit.constraints import (
    Constraint,
    ConstraintSystem,
    build_system,
    number_equation,
    paused_gc,
)
from sweepkit.position import MINE, UNKNOWN, Position
from sweepkit.topology import cell_neighbours

REBUILD_FRACTION = 0.1
"""When more than this fraction of the board's cells changed since the last view, the view
is built from scratch (the bulk build is then cheaper than updating cell by cell)."""

_CHANGED_RUN = re.compile(rb"[^\x00]+")
_UNKNOWN_BYTE, _MINE_BYTE = bytes((UNKNOWN & 0xFF,)), bytes((MINE & 0xFF,))  # as packed


@lru_cache(maxsize=8)
def packer(size: int) -> Struct:
    return Struct(f"{size}b")


class SystemTracker(ComponentKeeper):
    """``system(view)``: ``build_system(view)``, reusing what the last view left unchanged
    (views built from scratch: when nothing follows from the last one, a board that is not
    2-D, or more than ``rebuild_fraction`` of the cells changed). ``clear()`` forgets the
    last view; an update stopped by a budget clears it too."""

    def __init__(self, rebuild_fraction: float = REBUILD_FRACTION) -> None:
        self.rebuild_fraction = rebuild_fraction
        self.rebuilds = 0
        """Views built from scratch so far (for tests and benchmarks)."""
        self.clear()

    def clear(self) -> None:
        """Forget the last view: the next one is built from scratch."""
        self._view: Position | None = None
        self._system: ConstraintSystem | None = None
        self._raw = b""
        self._eq: dict[int, Constraint] = {}
        self._order: list[int] = []
        self._eq_list: list[Constraint] = []
        self._impossible: set[int] = set()
        self._linked: set[int] = set()
        self._box_of: dict[int, int] = {}
        self._box_sig: dict[int, tuple[int, ...]] = {}
        self._box_cells: dict[int, tuple[int, ...]] = {}
        self._box_first: dict[int, int] = {}
        self._sig_box: dict[tuple[int, ...], int] = {}
        self._eq_boxes: dict[int, tuple[int, ...]] = {}
        self._group_of: dict[int, Group] = {}
        self._groups: set[Group] = set()
        self._floating: list[int] = []
        self._next_box = 0
        self._dead_sigs: dict[int, tuple[int, ...]] = {}

    def system(self, view: Position) -> ConstraintSystem:
        """The constraint system of ``view``: equal to ``build_system(view)``."""
        if view == self._view and self._system is not None:
            return self._system
        try:
            with paused_gc():
                system = self._advance(view)
        except BaseException:
            self.clear()  # a budget stopped us half-way: start afresh next time
            raise
        self._view = view
        self._system = system
        return system

    # -- the update ------------------------------------------------------------------------

    def _advance(self, view: Position) -> ConstraintSystem:
        last = self._view
        if (last is None or len(view.shape) != 2 or view.shape != last.shape
                or view.topology != last.topology):
            return self._rebuild(view)
        n = len(view.cells)
        raw = packer(n).pack(*view.cells)
        changed: list[int] = []
        if raw != self._raw:
            limit = self.rebuild_fraction * n
            for run in changed_runs(self._raw, raw):
                changed.extend(run)
                if len(changed) > limit:
                    return self._rebuild(view, raw)
        self._raw = raw
        if changed:
            self._apply(view, last.cells, changed)
        return self._assemble(view)

    def _apply(self, view: Position, old: tuple[int, ...], changed: list[int]) -> None:
        """Update equations, boxes and components for the cells in ``changed``."""
        cells, shape, topology = view.cells, view.shape, view.topology
        near: set[int] = set(changed)
        for c in changed:
            near.update(cell_neighbours(shape, topology, c))
        changed_set = set(changed)
        # 1. floating cells: unknown, and no number around
        floating = self._floating
        for c in near:
            free = cells[c] == UNKNOWN and not any(
                cells[j] >= 0 for j in cell_neighbours(shape, topology, c))
            at = bisect_left(floating, c)
            present = at < len(floating) and floating[at] == c
            if free and not present:
                floating.insert(at, c)
            elif present and not free:
                del floating[at]
        # 2. the equations that changed
        eq, linked = self._eq, self._linked
        moved: set[int] = set()  # cells whose box may change
        changed_eqs: list[int] = []
        for k in near:
            if cells[k] < 0 and not (k in changed_set and old[k] >= 0):
                continue
            new = number_equation(cells, shape, topology, k) if cells[k] >= 0 else None
            before = eq.get(k)
            if new == before:
                continue
            changed_eqs.append(k)
            if k in linked:
                moved.update(before.cells)  # type: ignore[union-attr]
                linked.discard(k)
            self._impossible.discard(k)
            at = bisect_left(self._order, k)
            if new is None:
                del eq[k]
                del self._order[at]
                del self._eq_list[at]
                continue
            eq[k] = new
            if before is None:
                self._order.insert(at, k)
                self._eq_list.insert(at, new)
            else:
                self._eq_list[at] = new
            if 0 <= new.need <= len(new.cells):
                if new.cells:
                    linked.add(k)
                    moved.update(new.cells)
            else:
                self._impossible.add(k)
        if not changed_eqs:
            return
        check()
        # 3. boxes: a cell's box is the set of linked equations around it
        touched = self._move_cells(cells, shape, topology, moved)
        # 4. components: every one that changed holds a changed equation or one of a
        # touched box (emptied boxes keep their signature in _dead_sigs till the end)
        seeds: set[int] = set(changed_eqs)
        box_sig, dead = self._box_sig, self._dead_sigs
        for b in touched:
            seeds.update(box_sig[b] if b in box_sig else dead[b])
        eq_boxes, box_of, first = self._eq_boxes, self._box_of, self._box_first
        for k in seeds:
            if k in linked:
                eq_boxes[k] = tuple(sorted(set(map(box_of.__getitem__, eq[k].cells)),
                                           key=first.__getitem__))
            else:
                eq_boxes.pop(k, None)
        self._regroup(seeds, touched)
        dead.clear()

    def _move_cells(self, cells: tuple[int, ...], shape: tuple[int, ...], topology: str,
                    moved: set[int]) -> set[int]:
        """Put every cell of ``moved`` in the box of its new signature (the linked
        equations around it); returns the boxes created, emptied or changed."""
        linked = self._linked
        box_of, box_sig, sig_box = self._box_of, self._box_sig, self._sig_box
        leaving: dict[int, list[int]] = {}
        joining: dict[int, list[int]] = {}
        for c in moved:
            before = box_of.get(c)
            if cells[c] == UNKNOWN:
                sig = tuple(k for k in cell_neighbours(shape, topology, c) if k in linked)
            else:
                sig = ()
            if before is not None:
                if box_sig[before] == sig:
                    continue
                leaving.setdefault(before, []).append(c)
            if sig:
                b = sig_box.get(sig)
                if b is None:
                    b = self._next_box
                    self._next_box += 1
                    sig_box[sig] = b
                    box_sig[b] = sig
                    self._box_cells[b] = ()
                box_of[c] = b
                joining.setdefault(b, []).append(c)
            else:
                box_of.pop(c, None)
        box_cells, first = self._box_cells, self._box_first
        touched = leaving.keys() | joining.keys()
        for b in touched:
            out = leaving.get(b)
            kept = [c for c in box_cells[b] if c not in out] if out else list(box_cells[b])
            kept.extend(joining.get(b, ()))
            if kept:
                kept.sort()
                box_cells[b] = tuple(kept)
                first[b] = kept[0]
            else:
                sig = box_sig.pop(b)
                del sig_box[sig], box_cells[b]
                first.pop(b, None)
                self._dead_sigs[b] = sig
        return touched

    # -- from scratch and back -------------------------------------------------------------

    def _rebuild(self, view: Position, raw: bytes | None = None) -> ConstraintSystem:
        """Build ``view`` from scratch and take the analyser's state from it."""
        system = build_system(view)
        self.clear()
        self.rebuilds += 1
        if len(view.shape) != 2:
            return system
        self._raw = raw if raw is not None else packer(len(view.cells)).pack(*view.cells)
        self._eq = {c.number: c for c in system.constraints}
        self._order = [c.number for c in system.constraints]
        self._eq_list = list(system.constraints)
        self._impossible = set(system.impossible)
        self._floating = list(system.floating)
        for comp in system.components:
            check()
            ids = range(self._next_box, self._next_box + len(comp.sizes))
            self._next_box += len(comp.sizes)
            sigs: list[list[int]] = [[] for _ in ids]
            for (bs, _need), k in zip(comp.rows, comp.numbers, strict=True):
                self._eq_boxes[k] = tuple(ids[b] for b in bs)
                for b in bs:
                    sigs[b].append(k)
            for b, box, sig in zip(ids, comp.boxes, sigs, strict=True):
                key = tuple(sig)
                self._box_sig[b] = key
                self._sig_box[key] = b
                self._box_cells[b] = box
                self._box_first[b] = box[0]
                for c in box:
                    self._box_of[c] = b
            group = Group(set(comp.numbers))
            group.component = comp
            group.first = comp.boxes[0][0]
            group.numbers = list(comp.numbers)
            group.pairs = list(comp.rows)
            group.order = list(ids)
            group.firsts = [box[0] for box in comp.boxes]
            group.index = dict(zip(ids, range(len(ids)), strict=True))
            self._groups.add(group)
            for k in comp.numbers:
                self._group_of[k] = group
        self._linked = set(self._group_of)
        return system

    def _assemble(self, view: Position) -> ConstraintSystem:
        """The system of the current state (components built again where they changed)."""
        shape = view.shape if view.topology == "grid" else None
        for group in self._groups:
            if group.component is None:
                if group.numbers is None or not self._patch(group, view.shape[1], shape):
                    self._build(group, shape)
                group.dirty_eqs.clear()
                group.dirty_boxes.clear()
        groups = sorted(self._groups, key=_first)
        components = tuple(group.component for group in groups)  # type: ignore[misc]
        remaining = None if view.mines is None else view.mines - self._raw.count(_MINE_BYTE)
        return ConstraintSystem(tuple(self._eq_list), components, tuple(self._floating),
                                tuple(sorted(self._impossible)), remaining,
                                self._raw.count(_UNKNOWN_BYTE))


def changed_runs(old: bytes, new: bytes) -> Iterator[range]:
    """The runs of cells that differ between two packed boards of the same size."""
    n = len(new)
    diff = (int.from_bytes(new, "little") ^ int.from_bytes(old, "little")).to_bytes(n, "little")
    for run in _CHANGED_RUN.finditer(diff):
        yield range(run.start(), run.end())


def only_covered_changed(old: bytes, new: bytes) -> bool:
    """Whether every cell that differs was covered in ``old`` (opened or flagged since)."""
    if old == new:
        return True
    return all(old[c] == _UNKNOWN_BYTE[0] for run in changed_runs(old, new) for c in run)


def _first(group: Group) -> int:
    return group.first


__all__ = ["REBUILD_FRACTION", "SystemTracker", "changed_runs", "only_covered_changed"]
