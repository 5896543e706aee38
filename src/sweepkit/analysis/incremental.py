"""Per-move analysis during a game: only what a move changed is rebuilt.

A player (or the web app) analyses every view of one game. Between two views only a few
cells change: a click reveals a number or an opening, a flag marks a mine. Rebuilding the
whole constraint system from scratch each time costs the whole board and the whole
frontier (0.1-0.6 s on a 200x200 expert-density game); :class:`IncrementalAnalyser` keeps
the previous view's equations, boxes and components and updates them:

1. the cells that differ from the last view are found in bulk (the two boards as big
   integers, XOR-ed);
2. the equations of the numbers in or next to them are recomputed; those that changed are
   the *changed equations*;
3. only cells of changed equations can change box (a box is the set of cells lying in the
   same possible equations), so only they move;
4. a component can only change if it holds a changed equation or a box that moved; the
   others are kept, with their :class:`~sweepkit.constraints.Component` objects (so
   :func:`~sweepkit.analysis.component.solve_component` finds their counts in its cache
   straight away). Inside the changed region, the new components are found by searching
   from the equations next to the change all at once, one step each in turn: pieces that
   split off are explored to their end, and the search stops as soon as everything left
   is known to hang together, so a component of 8,000 boxes that a move changes at one
   end is not walked again from scratch;
5. a changed component's :class:`~sweepkit.constraints.Component` is patched, not rebuilt:
   only the boxes that changed move in its box order, and only the rows near the change
   are made again. The rows after it are still shifted when the number of boxes before
   them changed (a row names its boxes by position), so a move costs the cells it
   changed plus, in the component it changed, one small tuple per row after the change.

The system it produces is equal to :func:`~sweepkit.constraints.build_system` of the view
(same equations, components, boxes, order): tested on random game sequences. Views that
share nothing with the last one (a new game, another board) are built from scratch; so are
boards that are not 2-D. An analysis stopped by its budget (:mod:`.budget`) leaves nothing
half-updated: the next view is built from scratch.

**Proved mines stay proved.** A player who does not flag leaves every mine he has deduced
covered, and each of them ties the numbers around it into one system: on a 200×200 game
the frontier grows into one component of thousands of boxes that every move changes
(0.2 s a move to count again). But a mine that the analysis of one view proves is a mine
in every layout of every later view of the same game (a later view only opens cells and
adds flags: it keeps every equation of the earlier one), so :meth:`IncrementalAnalyser.
update` flags it before analysing the next view. The layouts are the same, the components
those of a player who flags (a few milliseconds a move). The analysis says which cells it
flagged (:attr:`~sweepkit.analysis.probability.Analysis.marked`) and counts them as
certain mines, so every cell's probability, the count and the certain cells are those of
``analyse(view)``; its ``position`` and ``system`` are those of the view with the marks.
The marks are dropped when a view does not follow from the last one (a cell that was open
or flagged changed, a new mine total, the mine count switched on or off); with
``keep_mines=False`` nothing is marked and ``update(view)`` is ``analyse(view)`` itself.

>>> from sweepkit.position import Position
>>> analyser = IncrementalAnalyser()
>>> first = Position.from_rows(["1??", "???", "???"], mines=2)
>>> analyser.update(first).total
15
>>> second = first.replace({1: 1})  # the click at (0, 1) shows a 1
>>> analyser.update(second).total, analyser.update(second).probability(2)
(6, Fraction(0, 1))
>>> analyser.system(second) == build_system(second)
True
>>> third = Position.from_rows(["?1?", "11?", "???"], mines=1)
>>> analyser.reset(); analyser.update(third).mine_cells()  # the three 1s share one cell
(0,)
>>> after = analyser.update(third.replace({8: 0}))  # (2, 2) opens: the mine stays proved
>>> after.marked, after.position.cells[0] == MINE, after.probability(0), after.total
((0,), True, Fraction(1, 1), 1)
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import deque
from collections.abc import Iterator
from dataclasses import replace
from functools import lru_cache
from itertools import repeat
from operator import itemgetter
from struct import Struct

from sweepkit.analysis.budget import check
from sweepkit.analysis.probability import Analysis, analyse
from sweepkit.constraints import (
    Component,
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
_NEED = itemgetter(2)  # Constraint.need
_ROW, _ROW_NEED = itemgetter(0), itemgetter(1)  # a component row's boxes, its need


@lru_cache(maxsize=8)
def _packer(size: int) -> Struct:
    return Struct(f"{size}b")


class _Group:
    """One component while the analyser keeps it.

    ``eqs`` are its equations (number cells); ``component`` its :class:`Component`, or
    ``None`` while it needs building again. The rest is kept from the last build so the
    next one can start from it: ``numbers`` (sorted) with ``pairs`` (each equation's row),
    ``order`` (the box ids in order of their first cell) with ``firsts`` (those first
    cells) and ``index`` (box id -> position); ``dirty_eqs`` / ``dirty_boxes`` are the
    equations and boxes changed since (``numbers`` is ``None``: build from nothing).
    """

    __slots__ = ("component", "dirty_boxes", "dirty_eqs", "eqs", "first", "firsts", "index",
                 "numbers", "order", "pairs")

    def __init__(self, eqs: set[int]) -> None:
        self.eqs = eqs
        self.component: Component | None = None
        self.first = -1
        self.numbers: list[int] | None = None
        self.pairs: list[tuple[tuple[int, ...], int]] = []
        self.order: list[int] = []
        self.firsts: list[int] = []
        self.index: dict[int, int] = {}
        self.dirty_eqs: set[int] = set()
        self.dirty_boxes: set[int] = set()


class IncrementalAnalyser:
    """The analysis of successive views of one game, updated move by move.

    ``update(view)`` returns the analysis of ``view`` with the mines proved by the views
    before it flagged (``keep_mines``; see the module doc: every cell's answer is that of
    ``analyse(view, use_mine_count)``), and ``system(view)`` ``build_system(view)``, reusing
    what the last view left unchanged. Views may come in any order and differ in any way;
    the closer they are, the less is rebuilt. ``reset()`` forgets the last view (a new
    game). One analyser serves one caller at a time (it is not shared between threads).
    """

    def __init__(self, use_mine_count: bool = True,
                 rebuild_fraction: float = REBUILD_FRACTION, keep_mines: bool = True) -> None:
        self.use_mine_count = use_mine_count
        self.rebuild_fraction = rebuild_fraction
        self.keep_mines = keep_mines
        self.rebuilds = 0
        """Views built from scratch so far (for tests and benchmarks)."""
        self.reset()

    # -- public ----------------------------------------------------------------------------

    def reset(self) -> None:
        """Forget the last view and the mines proved: the next view is built from
        scratch."""
        self._clear()
        self._forget_marks()

    def _clear(self) -> None:
        self._analysis: Analysis | None = None
        self._analysed_with = self.use_mine_count
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
        self._group_of: dict[int, _Group] = {}
        self._groups: set[_Group] = set()
        self._floating: list[int] = []
        self._next_box = 0
        self._dead_sigs: dict[int, tuple[int, ...]] = {}

    def _forget_marks(self) -> None:
        self._caller: Position | None = None  # the last view given to update()
        self._caller_raw = b""
        self._marks: set[int] = set()  # mines proved by the views before
        self._marks_with = self.use_mine_count

    def update(self, view: Position) -> Analysis:
        """The exact analysis of ``view``, with the mines proved by earlier views flagged
        (``keep_mines``, module doc; without it, equal to ``analyse(view,
        use_mine_count)``). The same view twice in a row gives the same object."""
        marks = self._carried_marks(view) if self.keep_mines else ()
        work = view.replace(dict.fromkeys(marks, MINE)) if marks else view
        system = self.system(work)
        last = self._analysis
        if (last is not None and last.system is system and last.position == work
                and last.marked == marks and self._analysed_with == self.use_mine_count):
            return last
        analysis = analyse(work, self.use_mine_count, system=system)
        if marks:
            analysis = replace(analysis, marked=marks)
        self._analysis, self._analysed_with = analysis, self.use_mine_count
        if self.keep_mines and analysis.consistent:
            self._marks.update(analysis.mine_cells())
            self._marks_with = self.use_mine_count
        return analysis

    def _carried_marks(self, view: Position) -> tuple[int, ...]:
        """The proved mines still covered in ``view``, if it follows from the last view
        (every cell that changed was covered, same board and mine total, same use of the
        mine count); else none, and they are forgotten."""
        last, self._caller = self._caller, view
        raw = _packer(len(view.cells)).pack(*view.cells)
        last_raw, self._caller_raw = self._caller_raw, raw
        marks = self._marks
        if not marks:
            return ()
        if (last is None or view.shape != last.shape or view.topology != last.topology
                or view.mines != last.mines or self._marks_with != self.use_mine_count
                or not _only_covered_changed(last_raw, raw)):
            marks.clear()
            return ()
        cells = view.cells
        gone = [c for c in marks if cells[c] != UNKNOWN]
        marks.difference_update(gone)
        if view.mines is not None and len(marks) + cells.count(MINE) > view.mines:
            # Flags on cells the earlier views proved safe: the marks would not fit the
            # mine total, so analyse the view as given (it is inconsistent with the count).
            marks.clear()
            return ()
        return tuple(sorted(marks))

    def system(self, view: Position) -> ConstraintSystem:
        """The constraint system of ``view``: equal to ``build_system(view)``."""
        if view == self._view and self._system is not None:
            return self._system
        try:
            with paused_gc():
                system = self._advance(view)
        except BaseException:
            self._clear()  # a budget stopped us half-way: start afresh next time
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
        raw = _packer(n).pack(*view.cells)
        changed: list[int] = []
        if raw != self._raw:
            limit = self.rebuild_fraction * n
            for run in _changed_runs(self._raw, raw):
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

    def _regroup(self, seeds: set[int], touched: set[int]) -> None:
        """New components of the region around ``seeds`` (every component that changed
        holds one of them): search from all seeds at once, one equation each in turn,
        joining searches that meet; a search that runs out is a whole component, and once
        at most one search is still running, it is the rest of the region (the biggest
        old component there, patched)."""
        linked, group_of = self._linked, self._group_of
        affected = {group_of[k] for k in seeds if k in group_of}
        starts = [k for k in seeds if k in linked]
        eq_boxes, box_sig = self._eq_boxes, self._box_sig
        owner: dict[int, int] = {}
        parent: list[int] = []
        queues: list[deque[int]] = []
        members: list[list[int]] = []
        for k in starts:
            g = len(parent)
            owner[k] = g
            parent.append(g)
            queues.append(deque((k,)))
            members.append([k])
        running = set(range(len(parent)))
        finished: list[list[int]] = []

        def find(g: int) -> int:
            while parent[g] != g:
                parent[g] = parent[parent[g]]
                g = parent[g]
            return g

        rounds = 0
        while len(running) > 1:
            for g in list(running):
                if g not in running:
                    continue
                queue = queues[g]
                if not queue:  # explored to its end: a whole component
                    running.discard(g)
                    finished.append(members[g])
                    if len(running) <= 1:
                        break
                    continue
                k = queue.popleft()
                for b in eq_boxes[k]:
                    for m in box_sig[b]:
                        h = owner.get(m)
                        if h is None:
                            owner[m] = g
                            queue.append(m)
                            members[g].append(m)
                            continue
                        h = find(h)
                        if h == g:
                            continue
                        # two searches met: one search from now on, on the bigger lists
                        if len(members[h]) > len(members[g]):
                            g, h = h, g
                        parent[h] = g
                        running.discard(h)
                        queues[g].extend(queues[h])
                        members[g].extend(members[h])
                        queue = queues[g]
                if len(running) <= 1:
                    break
            rounds += 1
            if not rounds & 255:
                check()
        # The rest: the biggest affected component, less what split off, plus what joined
        # (equations that left the components are changed ones: among the seeds).
        base = max(affected, key=_size, default=None)
        self._groups.difference_update(affected)
        if running:
            if base is None:
                base = _Group(set())
            rest = base.eqs
            joined = [k for group in affected if group is not base for k in group.eqs]
            joined.extend(starts)
            rest.update(joined)
            rest.difference_update([k for k in seeds if k not in linked])
            base.dirty_eqs.update(seeds, joined)
            for part in finished:
                rest.difference_update(part)
                base.dirty_eqs.update(part)
            base.dirty_boxes.update(touched)
            base.component = None
            self._groups.add(base)
            for k in joined:
                if k in rest:
                    group_of[k] = base
        for part in finished:
            group = _Group(set(part))
            self._groups.add(group)
            for k in part:
                group_of[k] = group
        for k in seeds:
            if k not in linked:
                group_of.pop(k, None)

    # -- from scratch and back -------------------------------------------------------------

    def _rebuild(self, view: Position, raw: bytes | None = None) -> ConstraintSystem:
        """Build ``view`` from scratch and take the analyser's state from it."""
        system = build_system(view)
        self._clear()
        self.rebuilds += 1
        if len(view.shape) != 2:
            return system
        self._raw = raw if raw is not None else _packer(len(view.cells)).pack(*view.cells)
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
            group = _Group(set(comp.numbers))
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

    def _build(self, group: _Group, shape: tuple[int, ...] | None) -> None:
        """Make a group's :class:`Component` from nothing: boxes in order of their first
        cell, equations in number order, each row its boxes' indices."""
        first, eq_boxes = self._box_first, self._eq_boxes
        numbers = sorted(group.eqs)
        order = sorted(set().union(*map(eq_boxes.__getitem__, numbers)), key=first.__getitem__)
        group.numbers = numbers
        group.order = order
        group.firsts = list(map(first.__getitem__, order))
        group.pairs = []
        self._finish(group, 0, len(numbers), 0, shape)

    def _patch(self, group: _Group, cols: int, shape: tuple[int, ...] | None) -> bool:
        """Bring a group's last build up to date with its dirty equations and boxes;
        ``False`` (nothing done) when so much changed that building afresh is cheaper.

        Only the boxes that changed move in the box order: those before the first change
        keep their index, those after the last one all shift by the same amount (boxes
        added less boxes removed). A number's boxes start within ``cols + 1`` cells of it,
        so the rows of the equations (other than dirty ones) more than that before the
        first change are kept as they are, those more than that after the last change are
        shifted, and only the rows in between are made again from the box index."""
        numbers, order, firsts = group.numbers, group.order, group.firsts
        assert numbers is not None
        eqs, dirty_eqs = group.eqs, group.dirty_eqs
        if 4 * (len(dirty_eqs) + len(group.dirty_boxes)) > len(numbers) + len(order):
            return False
        box_sig, first, eq_boxes = self._box_sig, self._box_first, self._eq_boxes
        dirty_boxes = set(group.dirty_boxes)
        for k in dirty_eqs:
            boxes = eq_boxes.get(k)
            if boxes:
                dirty_boxes.update(boxes)
        index = group.index
        removals: list[int] = []
        inserts: list[tuple[int, int]] = []
        for b in dirty_boxes:
            at = index.get(b)
            sig = box_sig.get(b)
            inside = sig is not None and sig[0] in eqs
            if at is not None:
                if inside and first[b] == firsts[at]:
                    continue
                removals.append(at)
            if inside:
                inserts.append((first[b], b))
        moved = [firsts[at] for at in removals] + [f for f, _b in inserts]
        for at in sorted(removals, reverse=True):
            del order[at], firsts[at]
        for f, b in sorted(inserts):
            at = bisect_left(firsts, f)
            firsts.insert(at, f)
            order.insert(at, b)
        pairs = group.pairs
        for k in dirty_eqs:
            at = bisect_left(numbers, k)
            present = at < len(numbers) and numbers[at] == k
            if k in eqs and not present:
                numbers.insert(at, k)
                pairs.insert(at, ((), 0))
            elif present and k not in eqs:
                del numbers[at], pairs[at]
        marks = [bisect_left(numbers, k) for k in dirty_eqs if k in eqs]
        keep, stop = min(marks, default=len(numbers)), max(marks, default=-1) + 1
        if moved:
            keep = min(keep, bisect_left(numbers, min(moved) - cols - 1))
            stop = max(stop, bisect_right(numbers, max(moved) + cols + 1))
        self._finish(group, keep, max(keep, stop), len(inserts) - len(removals), shape)
        return True

    def _finish(self, group: _Group, keep: int, stop: int, shift: int,
                shape: tuple[int, ...] | None) -> None:
        """Make the :class:`Component` of a group whose ``numbers``, ``order`` and
        ``firsts`` are up to date: the rows before ``keep`` are kept, those from ``stop``
        on shifted by ``shift``, those in between made again."""
        numbers, order, pairs = group.numbers, group.order, group.pairs
        assert numbers is not None
        index = dict(zip(order, range(len(order)), strict=True))
        middle = numbers[keep:stop]
        rows = map(tuple, map(map, repeat(index.__getitem__), map(self._eq_boxes.__getitem__,
                                                                     middle)))
        needs = map(_NEED, map(self._eq.__getitem__, middle))
        if shift and stop < len(pairs):
            tail = pairs[stop:]
            pairs[stop:] = zip(map(tuple, map(map, repeat(shift.__add__), map(_ROW, tail))),
                               map(_ROW_NEED, tail), strict=True)
        pairs[keep:stop] = zip(rows, needs, strict=True)
        group.index = index
        boxes = tuple(map(self._box_cells.__getitem__, order))
        group.component = Component(tuple(map(len, boxes)), tuple(pairs), boxes,
                                    tuple(numbers), shape)
        group.first = group.firsts[0]


def _changed_runs(old: bytes, new: bytes) -> Iterator[range]:
    """The runs of cells that differ between two packed boards of the same size."""
    n = len(new)
    diff = (int.from_bytes(new, "little") ^ int.from_bytes(old, "little")).to_bytes(n, "little")
    for run in _CHANGED_RUN.finditer(diff):
        yield range(run.start(), run.end())


def _only_covered_changed(old: bytes, new: bytes) -> bool:
    """Whether every cell that differs was covered in ``old`` (opened or flagged since)."""
    if old == new:
        return True
    return all(old[c] == _UNKNOWN_BYTE[0] for run in _changed_runs(old, new) for c in run)


def _first(group: _Group) -> int:
    return group.first


def _size(group: _Group) -> int:
    return len(group.eqs)


