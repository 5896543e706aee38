"""The components an incremental build keeps between views, patched where a move changed
them (steps 4 and 5 of :mod:`sweepkit.analysis.tracking.incremental`'s doc).

:class:`Group` is one component while it is kept; :class:`ComponentKeeper` (a base of
:class:`~sweepkit.analysis.tracking.system_tracker.SystemTracker`, whose equation and box tables it
reads) finds the new components of the region around a change (``_regroup``) and makes each
changed one's :class:`~sweepkit.constraints.Component` again, patching its last build when
little changed (``_patch``).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import deque
from itertools import repeat
from operator import itemgetter

from sweepkit.analysis.budget import check
from sweepkit.constraints import Component, Constraint

_NEED = itemgetter(2)  # Constraint.need
_ROW, _ROW_NEED = itemgetter(0), itemgetter(1)  # a component row's boxes, its need


class Group:
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


class ComponentKeeper:
    """The components kept between views (see the module doc). Its tables are the
    tracker's: the linked equations (``_eq``, ``_linked``), every box's signature, cells and
    first cell, every linked equation's boxes, and the groups."""

    _eq: dict[int, Constraint]
    _linked: set[int]
    _box_sig: dict[int, tuple[int, ...]]
    _box_cells: dict[int, tuple[int, ...]]
    _box_first: dict[int, int]
    _eq_boxes: dict[int, tuple[int, ...]]
    _group_of: dict[int, Group]
    _groups: set[Group]

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
                base = Group(set())
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
            group = Group(set(part))
            self._groups.add(group)
            for k in part:
                group_of[k] = group
        for k in seeds:
            if k not in linked:
                group_of.pop(k, None)

    def _build(self, group: Group, shape: tuple[int, ...] | None) -> None:
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

    def _patch(self, group: Group, cols: int, shape: tuple[int, ...] | None) -> bool:
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

    def _finish(self, group: Group, keep: int, stop: int, shift: int,
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


def _size(group: Group) -> int:
    return len(group.eqs)


__all__ = ["ComponentKeeper", "Group"]
