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

from array import array
from bisect import bisect_left, insort
from collections.abc import Iterable, Sequence

from sweepkit.analysis.budget import check
from sweepkit.analysis.tracking.board_state import (
    MINE_BYTE,
    UNKNOWN_BYTE,
    FloatingRows,
    changed_cells,
    only_covered_changed,
    pack,
)
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


class SystemTracker(ComponentKeeper):
    """``system(view)``: ``build_system(view)``, reusing what the last view left unchanged
    (views built from scratch: when nothing follows from the last one, a board that is not
    2-D, or more than ``rebuild_fraction`` of the cells changed). ``clear()`` forgets the
    last view; an update stopped by a budget forgets the system (the next view is built
    from scratch).

    **Marks.** ``mark(cells)`` flags cells the caller proved to be mines on the board of
    the last system; ``system(view, keep_marks=True)`` then gives the system of ``view``
    with every mark still covered flagged (``marked``), as long as the views follow one from
    the other: same board and mine total, and every cell that changed was covered. The
    board with its marks is kept here as one byte per cell, so a move costs the cells it
    changed, not a copy of the board."""

    def __init__(self, rebuild_fraction: float = REBUILD_FRACTION) -> None:
        self.rebuild_fraction = rebuild_fraction
        self.rebuilds = 0
        """Views built from scratch so far (for tests and benchmarks)."""
        self.clear()

    def clear(self) -> None:
        """Forget the last view and the marks: the next view is built from scratch."""
        self._view: Position | None = None  # the caller's last view
        self._raw = b""  # packed
        self._shown_mines = self._shown_unknown = 0  # its flags and covered cells
        self._marks: set[int] = set()
        self._marked: list[int] = []  # the marks, sorted
        self._pending: set[int] = set()  # marks to add with the next view
        self._forget_system()

    def _forget_system(self) -> None:
        """Forget the system (the board with its marks is built from scratch next)."""
        self._work: array | None = None  # the caller's view with the marks, a byte a cell
        self._system: ConstraintSystem | None = None
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
        self._floating: FloatingRows | None = None
        self._next_box = 0
        self._dead_sigs: dict[int, tuple[int, ...]] = {}

    @property
    def marked(self) -> tuple[int, ...]:
        """The cells flagged on top of the last view (sorted)."""
        return tuple(self._marked)

    def mark(self, cells: Iterable[int]) -> None:
        """Flag ``cells`` (mines in every layout of the last system's board) from the next
        view on, if it follows from the last one (class doc)."""
        marks = self._marks
        self._pending.update(c for c in cells if c not in marks)

    def system(self, view: Position, keep_marks: bool = False) -> ConstraintSystem:
        """The constraint system of ``view`` with the marks still covered flagged
        (``keep_marks``, class doc; without it the marks are dropped and the system is
        ``build_system(view)``)."""
        last = self._view
        if (self._system is not None and last is not None
                and not (self._pending if keep_marks else self._marks)
                and (view is last or (view.cells is last.cells and view == last))):
            return self._system
        try:
            with paused_gc():
                system = self._advance(view, keep_marks)
        except BaseException:
            self._forget_system()  # a budget stopped us half-way: start afresh next time
            raise
        self._system = system
        return system

    # -- the update ------------------------------------------------------------------------

    def _advance(self, view: Position, keep_marks: bool) -> ConstraintSystem:
        last, last_raw = self._view, self._raw
        n = len(view.cells)
        raw = pack(view.cells)
        limit = self.rebuild_fraction * n
        changed = None
        same_board = (last is not None and view.shape == last.shape
                      and view.topology == last.topology)
        if same_board:
            if raw == last_raw and view.mines == last.mines and self._system is not None \
                    and not (self._pending if keep_marks else self._marks):
                self._view = view  # the same view again, another tuple: nothing to do
                return self._system
            changed = [] if raw == last_raw else changed_cells(last_raw, raw, int(limit))
        self._view, self._raw = view, raw
        if changed is None:
            self._shown_mines, self._shown_unknown = raw.count(MINE_BYTE), raw.count(
                UNKNOWN_BYTE)
        else:
            for c in changed:
                before, after = last_raw[c], raw[c]
                self._shown_mines += (after == MINE_BYTE) - (before == MINE_BYTE)
                self._shown_unknown += (after == UNKNOWN_BYTE) - (before == UNKNOWN_BYTE)
        follows = (keep_marks and same_board and view.mines == last.mines  # type: ignore[union-attr]
                   and (only_covered_changed(last_raw, raw) if changed is None else
                        all(last_raw[c] == UNKNOWN_BYTE for c in changed)))
        touched = self._carry_marks(view, raw, follows, changed)
        work = self._work
        if changed is None or work is None or len(view.shape) != 2:
            return self._rebuild(view)
        cells = view.cells
        old: dict[int, int] = {}
        marks = self._marks
        for c in (*changed, *touched):
            value = MINE if c in marks else cells[c]
            if work[c] != value:
                old[c] = work[c]
                work[c] = value
        if len(old) > limit:
            return self._rebuild(view)
        if old:
            self._apply(work, view.shape, view.topology, old)
        return self._assemble(view)

    def _carry_marks(self, view: Position, raw: bytes, follows: bool,
                     changed: list[int] | None) -> list[int]:
        """Bring the marks up to ``view``: if it ``follows`` from the last, those no longer
        covered go (among the ``changed`` cells, if listed) and the pending ones still
        covered come; else every mark goes. Returns the cells marked or unmarked."""
        marks, pending = self._marks, self._pending
        self._pending = set()
        if follows:
            gone = ([c for c in changed if c in marks] if changed is not None else
                    [c for c in marks if raw[c] != UNKNOWN_BYTE])
            new = [c for c in pending if raw[c] == UNKNOWN_BYTE]
            if (view.mines is None or self._shown_mines + len(marks) - len(gone) + len(new)
                    <= view.mines):
                marks.difference_update(gone)
                marks.update(new)
                marked = self._marked
                for c in gone:
                    del marked[bisect_left(marked, c)]
                for c in new:
                    insort(marked, c)
                return new
            # Flags on cells the earlier views proved safe: the marks would not fit the
            # mine total, so the view is analysed as given (it is inconsistent with it).
        dropped = list(marks)
        marks.clear()
        self._marked = []
        return dropped

    def _apply(self, cells: array, shape: tuple[int, ...], topology: str,
               old: dict[int, int]) -> None:
        """Update equations, boxes and components for the cells in ``old`` (their values
        before; ``cells`` holds the new ones)."""
        near: set[int] = set(old)
        for c in old:
            near.update(cell_neighbours(shape, topology, c))
        # 1. floating cells: unknown, and no number around
        floating = self._floating
        assert floating is not None
        for c in near:
            floating.set(c, cells[c] == UNKNOWN and not any(
                cells[j] >= 0 for j in cell_neighbours(shape, topology, c)))
        # 2. the equations that changed
        eq, linked = self._eq, self._linked
        moved: set[int] = set()  # cells whose box may change
        changed_eqs: list[int] = []
        for k in near:
            if cells[k] < 0 and not (k in old and old[k] >= 0):
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

    def _move_cells(self, cells: Sequence[int], shape: tuple[int, ...], topology: str,
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

    def _rebuild(self, view: Position) -> ConstraintSystem:
        """Build ``view`` with its marks from scratch and take the state from it."""
        marks = self._marked
        work = view.replace(dict.fromkeys(marks, MINE)) if marks else view
        system = build_system(work)
        self._forget_system()
        self.rebuilds += 1
        if len(view.shape) != 2:
            return system
        board = array("b", self._raw)
        for c in marks:
            board[c] = MINE
        self._work = board
        self._eq = {c.number: c for c in system.constraints}
        self._order = [c.number for c in system.constraints]
        self._eq_list = list(system.constraints)
        self._impossible = set(system.impossible)
        self._floating = FloatingRows(system.floating, *view.shape)
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
        marks = len(self._marks)
        remaining = None if view.mines is None else view.mines - self._shown_mines - marks
        assert self._floating is not None
        return ConstraintSystem(tuple(self._eq_list), components, self._floating.cells(),
                                tuple(sorted(self._impossible)), remaining,
                                self._shown_unknown - marks)


def _first(group: Group) -> int:
    return group.first


__all__ = ["REBUILD_FRACTION", "SystemTracker"]
