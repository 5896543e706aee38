"""The logic-only player of the no-guess generators: certain moves only, made as the
view changes, stopping at the first point where no certain move is left.

It reveals every cell proved safe and flags every cell proved mine. A cell proved certain
stays certain when more cells are known (the layouts only shrink), so the cells it reaches
do not depend on the order of its moves: it clears a board exactly when the player that
takes every certain cell of the exact analysis each turn (:func:`~sweepkit.analysis.board.
probability.analyse`, the mine count included) clears it, and the cheap rules go first:

1. **single**: a number whose mines are all flagged makes its other covered neighbours
   safe; one missing as many mines as it has covered neighbours makes them mines (a queue
   of the numbers whose neighbourhood changed);
2. **subset**: two numbers, one's covered cells inside the other's, the difference of
   their needs forcing the rest (the pairs holding a number changed since its last look);
3. **linked**: the connected set of numbers around a changed one, exactly
   (:func:`~sweepkit.analysis.count.component.solve_component`; ``window`` caps the
   numbers taken together, which keeps every deduction sound and gives up completeness);
4. **global**: the mine count. With F covered cells next to a number, I covered cells
   away from every number and R mines left, F <= R <= I means every layout of the numbers'
   cells extends to a whole board (it holds at most F <= R mines, the rest fits in I), so
   the count decides no cell next to a number that rule 3 left open, nor (F > 0) a cell
   away from them; otherwise the whole view is analysed (``count_cells`` skips that on
   views with more covered cells).

``hardest`` (a rank in :data:`~sweepkit.analysis.reasons.explain.TECHNIQUES`) stops the list
there: the cells each rule proves are those :func:`~sweepkit.analysis.reasons.explain.
techniques_of` names that technique or an easier one, so the player is the limited one.

**Tracking** (``track=True``): every deduction keeps the numbers and the cell states it
used. When two covered cells swap sides (:meth:`LogicPlayer.swap`), the deductions that
used a number that changed, or a cell state undone, are undone in turn, and only they: what
is left is a derivation that holds in the new layout, from the first click, so a board
cleared this way needs no replay to prove it (:mod:`sweepkit.generate.perturb`).
"""

from __future__ import annotations

from functools import lru_cache

from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.budget import check
from sweepkit.analysis.count.component import solve_component
from sweepkit.analysis.reasons.explain import TECHNIQUES
from sweepkit.constraints import Constraint, system_from_constraints
from sweepkit.position import MINE, UNKNOWN, Position
from sweepkit.rules import Rules
from sweepkit.topology import neighbours

SINGLE, SUBSET, LINKED, GLOBAL = range(len(TECHNIQUES))
"""The ranks of the techniques (:data:`~sweepkit.analysis.reasons.explain.TECHNIQUES`)."""

COVERED, OPEN, FLAG = 0, 1, 2
"""A cell's state for the player: not known, revealed, proved a mine."""

ROOT = 0
"""The deduction of the first click's cell: never undone."""


@lru_cache(maxsize=8)
def _degrees(shape: tuple[int, ...]) -> tuple[int, ...]:
    """The number of neighbours of every cell."""
    return tuple(len(t) for t in neighbours(shape, "grid"))


@lru_cache(maxsize=8)
def _column_masks(rows: int, cols: int) -> tuple[int, int, int]:
    """Byte masks (0xFF a cell) of a rows x cols board as integers: every cell but those of
    the first column, every cell but those of the last, every cell."""
    def mask(keep: bytes) -> int:
        return int.from_bytes(keep * rows, "little")

    ff = b"\xff"
    return (mask(b"\x00" + ff * (cols - 1)), mask(ff * (cols - 1) + b"\x00"), mask(ff * cols))


def neighbour_counts(is_mine: bytes | bytearray, rows: int, cols: int) -> list[int]:
    """The number of mines next to every cell of a 2-D board, from its 0/1 bytes: the
    board as one integer, a byte a cell, added to itself shifted by a column each way and
    then by a row each way (a few operations on big integers instead of eight additions a
    mine in Python)."""
    not_first, not_last, every = _column_masks(rows, cols)
    x = int.from_bytes(is_mine, "little")
    row = x + ((x << 8) & not_first) + ((x >> 8) & not_last)  # each cell with its row mates
    width = 8 * cols
    box = (row + (row << width) + (row >> width)) & every  # the 3x3 square around each cell
    return list((box - x).to_bytes(rows * cols, "little"))


class LogicPlayer:
    """A layout played by certain moves only (module doc): :meth:`start` reveals the first
    click, :meth:`solve` plays on until the board is cleared or no certain move is left."""

    def __init__(self, rules: Rules, mines: frozenset[int], hardest: int = GLOBAL, *,
                 track: bool = False, window: int | None = None,
                 count_cells: int | None = None) -> None:
        size = rules.size
        table = neighbours(rules.shape, "grid")
        self.rules, self.table, self.size = rules, table, size
        self.rank, self.track, self.window, self.count_cells = hardest, track, window, count_cells
        is_mine = bytearray(size)
        for m in mines:
            is_mine[m] = 1
        self.is_mine = is_mine
        self.count = neighbour_counts(is_mine, rules.rows, rules.cols)
        self.state = bytearray(size)
        self.unk = list(_degrees(rules.shape))  # covered (not flagged) neighbours
        self.flg = [0] * size  # flagged neighbours
        self.near = bytearray(size)  # revealed neighbours
        self.safe_left = size - len(mines)  # safe cells not yet revealed
        self.flags = 0
        self.frontier = 0  # covered cells next to a revealed one
        self.queue: list[int] = []  # numbers for rule 1
        self.queued = bytearray(size)
        self.settled: list[int] = []  # numbers rule 1 looked at and left undecided
        self.pair_dirty: set[int] = set()  # numbers changed since their last rule-2 look
        self.exact_dirty: set[int] = set()  # numbers changed since the last rule-3 step
        # tracking: deduction ids, what each made known, who used what
        self.why = [-1] * size if track else []
        self.made: dict[int, list[int]] = {}
        self.num_users: dict[int, list[int]] = {}
        self.state_users: dict[int, list[int]] = {}
        self.global_ids: list[int] = []
        self.next_id = ROOT + 1

    @property
    def mines(self) -> frozenset[int]:
        return frozenset(i for i, m in enumerate(self.is_mine) if m)

    @property
    def cleared(self) -> bool:
        return not self.safe_left

    def start(self, first: int) -> None:
        """Reveal the first click (a safe cell), the root of every deduction."""
        if self.track:
            self.why[first] = ROOT
        self._open(first)

    def view(self) -> Position:
        """The player's view: revealed numbers, flags, covered cells, the mine total."""
        count = self.count
        cells = tuple(count[c] if s == OPEN else MINE if s == FLAG else UNKNOWN
                      for c, s in enumerate(self.state))
        return Position(self.rules.shape, cells, self.rules.mines)

    # -- the state, kept with its counts ------------------------------------------------

    def _touch(self, n: int) -> None:
        """Number ``n``'s equation changed: rule 1 looks at it again (and the others,
        through :attr:`settled`, if it leaves it undecided)."""
        if not self.queued[n]:
            self.queued[n] = 1
            self.queue.append(n)

    def _open(self, c: int) -> None:
        state, unk, near, queued, queue = self.state, self.unk, self.near, self.queued, self.queue
        state[c] = OPEN
        self.safe_left -= 1
        if near[c]:
            self.frontier -= 1
        for j in self.table[c]:
            unk[j] -= 1
            near[j] += 1
            s = state[j]
            if s == OPEN:
                if not queued[j]:
                    queued[j] = 1
                    queue.append(j)
            elif s == COVERED and near[j] == 1:
                self.frontier += 1
        if not queued[c]:
            queued[c] = 1
            queue.append(c)

    def _flag(self, c: int) -> None:
        state, unk, flg = self.state, self.unk, self.flg
        state[c] = FLAG
        self.flags += 1
        if self.near[c]:
            self.frontier -= 1
        for j in self.table[c]:
            unk[j] -= 1
            flg[j] += 1
            if state[j] == OPEN:
                self._touch(j)

    def _cover(self, c: int) -> None:
        """Undo the knowledge of cell ``c`` (tracking)."""
        state, unk, near = self.state, self.unk, self.near
        was = state[c]
        state[c] = COVERED
        if was == OPEN:
            self.safe_left += 1
            for j in self.table[c]:
                unk[j] += 1
                near[j] -= 1
                s = state[j]
                if s == OPEN:
                    self._touch(j)
                elif s == COVERED and not near[j]:
                    self.frontier -= 1
        else:
            self.flags -= 1
            flg = self.flg
            for j in self.table[c]:
                unk[j] += 1
                flg[j] -= 1
                if state[j] == OPEN:
                    self._touch(j)
        if near[c]:
            self.frontier += 1

    def _deduce(self, safe: list[int], mines: list[int], numbers: list[int] | tuple[int, ...],
                states: list[int] | None) -> None:
        """Apply one deduction: ``safe`` revealed, ``mines`` flagged, from the equations of
        ``numbers`` given the known ``states`` (None: the whole view, the mine count's)."""
        state = self.state
        safe = [c for c in safe if state[c] == COVERED]
        mines = [c for c in mines if state[c] == COVERED]
        if self.track:
            d = self.next_id
            self.next_id += 1
            self.made[d] = safe + mines
            why = self.why
            for c in safe:
                why[c] = d
            for c in mines:
                why[c] = d
            if states is None:
                self.global_ids.append(d)
            else:
                for n in numbers:
                    self.num_users.setdefault(n, []).append(d)
                for s in states:
                    self.state_users.setdefault(s, []).append(d)
        for c in safe:
            self._open(c)
        for c in mines:
            self._flag(c)

    def _known_around(self, numbers: list[int] | tuple[int, ...], kinds: int = 3) -> list[int]:
        """The known neighbours of ``numbers`` (``kinds``: bit 1 revealed, bit 2 flagged),
        for the tracking only."""
        if not self.track:
            return []
        state, table = self.state, self.table
        if kinds == 2:
            return [j for n in numbers for j in table[n] if state[j] == FLAG]
        return list({j for n in numbers for j in table[n] if state[j]})

    # -- the rules ------------------------------------------------------------------------

    def solve(self) -> bool:
        """Play certain moves until the board is cleared (True) or no rule up to the
        player's technique finds one (False)."""
        rank = self.rank
        while self.safe_left:
            check()  # the deadline, and a caller's cancel
            self._singles()
            if not self.safe_left:
                break
            if rank >= SUBSET:
                self.pair_dirty.update(self.settled)
            if rank >= LINKED:
                self.exact_dirty.update(self.settled)
            self.settled.clear()
            if rank >= SUBSET and self._pairs():
                continue
            if rank >= LINKED and self._exact():
                continue
            if rank >= GLOBAL and self._count():
                continue
            return False
        return True

    def _singles(self) -> None:
        """Rule 1 until its queue is empty."""
        queue, queued, state, unk, flg, count, table, settled = (
            self.queue, self.queued, self.state, self.unk, self.flg, self.count, self.table,
            self.settled)
        track = self.track
        pops = 0
        while queue:
            n = queue.pop()
            queued[n] = 0
            pops += 1
            if not pops & 0xFFF:
                check()  # a big board's first opening can take seconds
            u = unk[n]
            if not u or state[n] != OPEN:
                continue
            need = count[n] - flg[n]
            if need and need != u:
                settled.append(n)
                continue
            if not track:  # the same as the tracked path below, without its bookkeeping
                make = self._flag if need else self._open
                for j in table[n]:
                    if not state[j]:
                        make(j)
                continue
            cells = [j for j in table[n] if not state[j]]
            if need:
                self._deduce([], cells, (n,), self._known_around((n,)))
            else:
                self._deduce(cells, [], (n,), self._known_around((n,), 2))

    def _pairs(self) -> bool:
        """Rule 2: the first deduction of a pair holding a changed number (True), or none."""
        state, unk, flg, count, table = self.state, self.unk, self.flg, self.count, self.table
        dirty = self.pair_dirty
        while dirty:
            n = dirty.pop()
            if not unk[n] or state[n] != OPEN:
                continue
            mine_n = [j for j in table[n] if not state[j]]
            cells_n = set(mine_n)
            need_n = count[n] - flg[n]
            others = {m for u in mine_n for m in table[u]
                      if state[m] == OPEN and unk[m] and m != n}
            for m in sorted(others):
                cells_m = {j for j in table[m] if not state[j]}
                if len(cells_m) < len(cells_n) and cells_m < cells_n:
                    rest, diff = cells_n - cells_m, need_n - (count[m] - flg[m])
                elif len(cells_n) < len(cells_m) and cells_n < cells_m:
                    rest, diff = cells_m - cells_n, count[m] - flg[m] - need_n
                else:
                    continue
                if diff and diff != len(rest):
                    continue
                dirty.add(n)  # its other pairs are still to look at
                ordered = sorted(rest)
                states = self._known_around((n, m))
                if diff:
                    self._deduce([], ordered, (n, m), states)
                else:
                    self._deduce(ordered, [], (n, m), states)
                return True
        return False

    def _component(self, start: int, seen: set[int]) -> list[int]:
        """The numbers linked to ``start`` through shared covered cells, nearest first, at
        most ``window`` of them."""
        state, table, unk = self.state, self.table, self.unk
        limit = self.window or self.size
        numbers = [start]
        seen.add(start)
        k = 0
        while k < len(numbers) and len(numbers) < limit:
            for u in table[numbers[k]]:
                if state[u]:
                    continue
                for m in table[u]:
                    if state[m] == OPEN and m not in seen and unk[m]:
                        seen.add(m)
                        numbers.append(m)
            k += 1
        return numbers[:limit]

    def _exact(self) -> bool:
        """Rule 3 on every component holding a changed number; whether it found a cell."""
        state, table, count, flg, unk = self.state, self.table, self.count, self.flg, self.unk
        dirty, self.exact_dirty = self.exact_dirty, set()
        seen: set[int] = set()
        found = False
        for start in sorted(dirty):
            if start in seen or not unk[start] or state[start] != OPEN:
                continue
            numbers = self._component(start, seen)
            constraints = [Constraint(k, tuple(j for j in table[k] if not state[j]),
                                      count[k] - flg[k]) for k in numbers]
            system = system_from_constraints(constraints, shape=self.rules.shape)
            safe: list[int] = []
            mines: list[int] = []
            for comp in system.components:
                solved = solve_component(comp)
                total = solved.total
                for box, size, box_mines in zip(comp.boxes, comp.sizes, solved.box_mines,
                                                strict=True):
                    placed = sum(box_mines)
                    if not placed:
                        safe.extend(box)
                    elif placed == total * size:
                        mines.extend(box)
            if safe or mines:
                self._deduce(safe, mines, numbers, self._known_around(numbers))
                found = True
        return found

    def _count(self) -> bool:
        """Rule 4: what the mine count adds (module doc); whether it found a cell."""
        left = self.rules.mines - self.flags
        near = self.frontier
        away = self.safe_left + left - near
        if near and near <= left <= away:
            return False
        if not near:  # every covered cell is away from the numbers: all safe, or all mines
            if left and left != away:
                return False
            cells = [c for c, s in enumerate(self.state) if s == COVERED]
            self._deduce([] if left else cells, cells if left else [], (), None)
            return True
        if self.count_cells is not None and self.safe_left + left > self.count_cells:
            return False
        analysis = analyse(self.view())
        safe, mines = analysis.safe_cells(), analysis.mine_cells()
        if not safe and not mines:
            return False
        self._deduce(list(safe), list(mines), (), None)
        return True

    # -- changing the layout (tracking) -------------------------------------------------

    def swap(self, x: int, y: int) -> None:
        """Cells ``x`` and ``y`` (covered or flagged, one a mine and the other not) change
        sides; every deduction that used a changed number, or a state undone, is undone."""
        is_mine, count, state, table = self.is_mine, self.count, self.state, self.table
        if is_mine[x] == is_mine[y] or OPEN in (state[x], state[y]):
            raise ValueError(f"cells {x} and {y} cannot swap: they must be a mine and a safe "
                             f"cell, neither revealed")
        undo = list(self.global_ids)  # the mine count's deductions used the whole view
        self.global_ids.clear()
        for c in (x, y):
            if state[c] == FLAG:
                undo.append(self.why[c])
            delta = -1 if is_mine[c] else 1
            is_mine[c] ^= 1
            for j in table[c]:
                count[j] += delta
                if state[j] == OPEN:
                    self._touch(j)
                    undo.extend(self.num_users.pop(j, ()))
        self._undo(undo)

    def _undo(self, stack: list[int]) -> None:
        """Undo the deductions ``stack``, and every one that used what they made known."""
        made, why, state = self.made, self.why, self.state
        num_users, state_users = self.num_users, self.state_users
        while stack:
            cells = made.pop(stack.pop(), None)
            if cells is None:
                continue  # undone already
            for c in cells:
                was_open = state[c] == OPEN
                why[c] = -1
                self._cover(c)
                stack.extend(state_users.pop(c, ()))
                if was_open:
                    stack.extend(num_users.pop(c, ()))
