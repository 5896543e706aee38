"""The box dynamic programme: a component counted in time that grows with its width, not with
its number of layouts.

Boxes are placed one at a time in a narrow order; the state after a prefix is the remaining
need of every equation still open (touched before and after the step), and equal states
merge, so a long frontier costs its length times the number of distinct states. This is
variable elimination along an elimination order (Dechter, *Bucket elimination: a unifying
framework for reasoning*, Artificial Intelligence 113, 1999, §2–4 [Dechter1999],
docs/bibliography.md), here with count polynomials in the number of mines as the messages.
A forward pass gives the component's count polynomial, a backward pass each box's
mine-weighted counts (each product of a prefix and a suffix polynomial one
:func:`~sweepkit.analysis.count.poly.multiply`), and a walk back, made only when an example is asked
for (:class:`DPExamples`), one box assignment per mine number.

Every polynomial is kept from its lowest term (``(low, coefficients)``), so a state's table
holds only the mine numbers it can reach, and each box's result only the component's range.
The tables are checked against the open budget (:mod:`.budget`) step by step, and
:func:`support_width` sizes a component's box table on bit sets before any counting.

>>> from sweepkit.constraints import Component
>>> two = Component((1, 1, 1), (((0, 1), 1), ((1, 2), 1)), ((0,), (1,), (2,)), (7, 8))
>>> solved = dp_component(two)
>>> solved.low, solved.by_mines, solved.box_mines, solved.examples
(1, (1, 1), ((0, 1), (1, 0), (0, 1)), ((0, 1, 0), (1, 0, 1)))
"""

from __future__ import annotations

from math import comb
from typing import NamedTuple

from sweepkit.analysis.budget import check, check_size
from sweepkit.analysis.count.box_search import Examples, Rows, box_order
from sweepkit.analysis.count.component_count import Assignment, ComponentCount, no_layout
from sweepkit.analysis.count.poly import multiply
from sweepkit.constraints import Component

State = tuple[int, ...]
"""The remaining need of every equation open after a step, in a fixed slot order."""
Shifted = list
"""A mutable polynomial from its lowest term: ``[low, coefficients]``."""


class Step(NamedTuple):
    """What placing one box does: ``sources[j]`` is the slot of its j-th equation in the
    state before (``None``: the equation opens here with need ``full[j]``); ``after[j]`` the
    room the equation has in later boxes; ``layout`` builds the next state, each slot either
    ``(j, -1)`` (the box's j-th equation, less the box's mines) or ``(-1, s)`` (slot s kept)."""

    size: int
    sources: list[int | None]
    full: list[int]
    after: list[int]
    layout: list[tuple[int, int]]
    weights: list[int]


def open_profile(order: list[int], rows: Rows) -> list[int]:
    """The number of equations open (touched before a step and after it) after each step
    of ``order``."""
    pos = {b: i for i, b in enumerate(order)}
    delta = [0] * (len(order) + 1)
    for bs, _need in rows:
        places = [pos[b] for b in bs]
        delta[min(places)] += 1
        delta[max(places)] -= 1
    profile = []
    current = 0
    for d in delta:
        current += d
        profile.append(current)
    return profile


def open_width(order: list[int], rows: Rows) -> int:
    """Most equations open at once (touched before a step and after it) along ``order``."""
    return max(open_profile(order, rows), default=0)


def open_cost(order: list[int], rows: Rows) -> int:
    """Σ 2^(equations open) over the steps of ``order``: a bound on the programme's work
    that, unlike the width alone, sees how long an order stays wide."""
    return sum(1 << min(k, 60) for k in open_profile(order, rows))


def _bfs_order(sizes: tuple[int, ...], rows: Rows) -> list[int]:
    """Cuthill-McKee style: breadth-first over boxes sharing equations, from a box in the
    fewest equations."""
    n = len(sizes)
    nbrs: list[set[int]] = [set() for _ in range(n)]
    for bs, _need in rows:
        for b in bs:
            nbrs[b].update(bs)
    seen = [False] * n
    order: list[int] = []
    for start in sorted(range(n), key=lambda b: len(nbrs[b])):
        if seen[start]:
            continue
        seen[start] = True
        queue = [start]
        for b in queue:
            order.append(b)
            for c in sorted(nbrs[b] - {b}, key=lambda c: len(nbrs[c])):
                if not seen[c]:
                    seen[c] = True
                    queue.append(c)
    return order


STRIPS = (8, 16, 32, 64)
"""Widths of the strips of :func:`strip_orders`, in cells."""

STRIP_MIN_BOXES = 256
"""Components smaller than this (every frontier of play) skip the strip orders."""


def strip_orders(component: Component) -> list[list[int]]:
    """Sweeps of a large component in strips: vertical strips of each width of
    :data:`STRIPS`, left to right, each swept top to bottom, and the same turned (rows
    of strips, each swept left to right); an n-D board slice by slice so. On the drawn
    boards of a reduction (long wires between gadgets: sweeping one gadget at a time)
    they keep far fewer equations open than the connectivity orders; none on a component
    too small or on a line."""
    if (component.shape is None or len(component.shape) < 2
            or len(component.sizes) < STRIP_MIN_BOXES):
        return []
    rows, cols = component.shape[-2:]
    # (slice, row, col) of each box's first cell: an n-D board is swept slice by slice
    corner = [(cell // (rows * cols), *divmod(cell % (rows * cols), cols))
              for cell in (min(cells) for cells in component.boxes)]
    boxes = range(len(component.sizes))
    orders = []
    for w in STRIPS:
        orders.append(sorted(boxes, key=lambda b: (corner[b][0], corner[b][2] // w,
                                                   *corner[b])))
        orders.append(sorted(boxes, key=lambda b: (corner[b][0], corner[b][1] // w,
                                                   corner[b][2], corner[b][1])))
    return orders


def width_order(sizes: tuple[int, ...], rows: Rows,
                component: Component | None = None) -> list[int]:
    """Of a few candidate box orders, the one with the fewest equations open at once; for a
    large ``component``, with its :func:`strip_orders` among them, the one of least
    :func:`open_cost`."""
    candidates = [list(range(len(sizes))), _bfs_order(sizes, rows), box_order(sizes, rows)]
    strips = strip_orders(component) if component is not None else []
    if strips:             # large components: the cheapest order over its whole length
        return min(candidates + strips, key=lambda order: open_cost(order, rows))
    return min(candidates, key=lambda order: open_width(order, rows))


def plan(component: Component, order: list[int]) -> list[Step]:
    """One :class:`Step` per box, in ``order``."""
    sizes, rows = component.sizes, component.rows
    pos = {b: i for i, b in enumerate(order)}
    first = [min(pos[b] for b in bs) for bs, _ in rows]
    last = [max(pos[b] for b in bs) for bs, _ in rows]
    box_rows: list[list[int]] = [[] for _ in sizes]
    for r, (bs, _need) in enumerate(rows):
        for b in bs:
            box_rows[b].append(r)
    active: list[list[int]] = [[] for _ in sizes]  # open after step i
    for r in range(len(rows)):
        for i in range(first[r], last[r]):
            active[i].append(r)
    steps = []
    for i, b in enumerate(order):
        prev_slot = {r: j for j, r in enumerate(active[i - 1])} if i else {}
        rs = box_rows[b]
        index_in_rs = {r: j for j, r in enumerate(rs)}
        steps.append(Step(
            size=sizes[b],
            sources=[prev_slot.get(r) for r in rs],
            full=[rows[r][1] for r in rs],
            after=[sum(sizes[c] for c in rows[r][0] if pos[c] > i) for r in rs],
            layout=[(index_in_rs[r], -1) if r in index_in_rs else (-1, prev_slot[r])
                    for r in active[i]],
            weights=[comb(sizes[b], k) for k in range(sizes[b] + 1)]))
    return steps


def _accumulate(table: dict[State, Shifted], key: State, low: int, poly: list[int],
                factor: int) -> None:
    """``table[key] += factor * poly``, the polynomial starting at ``low`` mines."""
    entry = table.get(key)
    if entry is None:
        table[key] = [low, [w * factor for w in poly]]
        return
    if low < entry[0]:
        entry[1][:0] = [0] * (entry[0] - low)
        entry[0] = low
    coeffs = entry[1]
    offset = low - entry[0]
    end = offset + len(poly)
    if end > len(coeffs):
        coeffs.extend([0] * (end - len(coeffs)))
    for i, w in enumerate(poly, offset):
        if w:
            coeffs[i] += w * factor


Moves = dict[State, list[tuple[int, State]]]
"""For each state before a step, its options: (mines in the box, next state)."""


def _options(step: Step, state: State) -> list[tuple[int, State]]:
    """The moves of one step from one state: (mines in the box, next state), every number
    of mines that keeps each equation of the box within its need and its room."""
    size, sources, full, after, layout, _weights = step
    needs = [state[s] if s is not None else f for s, f in zip(sources, full, strict=True)]
    lo = max([0] + [nd - a for nd, a in zip(needs, after, strict=True)])
    hi = min([size, *needs])
    return [(k, tuple(needs[j] - k if j >= 0 else state[s] for j, s in layout))
            for k in range(lo, hi + 1)]


def _forward(steps: list[Step]) -> tuple[list[dict[State, Shifted]], list[Moves]]:
    """Polynomials of the states reached after each step, and every step's moves. The
    numbers the tables hold so far are checked against the budget after each step."""
    forward: list[dict[State, Shifted]] = [{(): [0, [1]]}]
    transitions: list[Moves] = []
    held = 0
    for step in steps:
        weights = step.weights
        layer: dict[State, Shifted] = {}
        moves: Moves = {}
        for state, (low, poly) in forward[-1].items():
            options = _options(step, state)
            for k, nxt in options:
                _accumulate(layer, nxt, low + k, poly, weights[k])
            moves[state] = options
        held += sum(len(poly) for _low, poly in layer.values()) + len(moves)
        check_size(held, "the tables of the box DP")
        forward.append(layer)
        transitions.append(moves)
    return forward, transitions


def dp_total(component: Component, order: list[int]) -> int:
    """Number of layouts of ``component``: the forward pass with plain integers, no mine
    numbers and no box tables (light where the mine numbers would span widely: a
    contracted drawn circuit, :mod:`.contract`).

    Each state is one integer, every open equation's remaining need in a fixed field of
    bits (fields reused once their equation closes), so placing a box adds one constant
    per number of mines to it and reads only the fields of the box's own equations."""
    sizes, rows = component.sizes, component.rows
    pos = {b: i for i, b in enumerate(order)}
    bits = max((need for _bs, need in rows), default=0).bit_length() or 1
    mask = (1 << bits) - 1
    first = [min(pos[b] for b in bs) for bs, _need in rows]
    last = [max(pos[b] for b in bs) for bs, _need in rows]
    opening: list[list[int]] = [[] for _ in order]
    for r, i in enumerate(first):
        opening[i].append(r)
    box_rows: list[list[int]] = [[] for _ in sizes]
    for r, (bs, _need) in enumerate(rows):
        for b in bs:
            box_rows[b].append(r)
    room = [sum(sizes[b] for b in bs) for bs, _need in rows]
    shift = [0] * len(rows)
    free_fields: list[int] = []
    fields = 0
    layer: dict[int, int] = {0: 1}
    for i, b in enumerate(order):
        check()
        size = sizes[b]
        for r in opening[i]:                         # a field for each equation opening
            if free_fields:
                shift[r] = free_fields.pop()
            else:
                shift[r] = fields * bits
                fields += 1
        lo, hi = 0, size
        held: list[tuple[int, int]] = []             # (shift, room after) of open ones
        unit = 0
        base = 0
        for r in box_rows[b]:
            room[r] -= size
            unit += 1 << shift[r]
            if first[r] == i:                        # need known: bounds the box now
                need = rows[r][1]
                lo, hi = max(lo, need - room[r]), min(hi, need)
                base += need << shift[r]
            else:
                held.append((shift[r], room[r]))
            if last[r] == i:
                free_fields.append(shift[r])
        if lo > hi:
            return 0
        adds = [(k, base - k * unit, comb(size, k)) for k in range(lo, hi + 1)]
        nxt: dict[int, int] = {}
        get = nxt.get
        for state, ways in layer.items():
            low, high = lo, hi
            for sh, after in held:
                left = state >> sh & mask
                if left < high:
                    high = left
                if left - after > low:
                    low = left - after
            for k, add, weight in adds:
                if low <= k <= high:
                    key = state + add
                    nxt[key] = get(key, 0) + ways * weight
        check_size(len(nxt), "the states of the box DP")
        layer = nxt
    return sum(layer.values())


def _box_mines(steps: list[Step], order: list[int], forward: list[dict[State, Shifted]],
               transitions: list[Moves], low: int, width: int) -> list[tuple[int, ...]]:
    """Each box's mine-weighted counts over the component's mine numbers ``low`` ..
    ``low + width - 1``: prefix ⊛ suffix polynomials around its step (each product one
    :func:`~sweepkit.analysis.count.poly.multiply`, fast on long polynomials)."""
    check_size(len(order) * width, "the box table of the box DP")
    box_mines: list[tuple[int, ...]] = [()] * len(order)
    backward: dict[State, Shifted] = {(): [0, [1]]}  # suffix polynomials
    for i in range(len(order) - 1, -1, -1):
        check()
        weights = steps[i].weights
        into: dict[State, Shifted] = {}  # next state -> k-weighted prefixes
        new_back: dict[State, Shifted] = {}
        for state, options in transitions[i].items():
            f_low, f_poly = forward[i][state]
            for k, nxt in options:
                g = backward.get(nxt)
                if g is None:
                    continue
                _accumulate(new_back, state, g[0] + k, g[1], weights[k])
                if k:
                    _accumulate(into, nxt, f_low + k, f_poly, weights[k] * k)
        target = [0] * width
        for nxt, (a_low, acc) in into.items():
            g_low, g = backward[nxt]
            # a non-zero term counts layouts, so it falls within the component's range
            for j, v in enumerate(multiply(acc, g), a_low + g_low - low):
                if v:
                    target[j] += v
        box_mines[order[i]] = tuple(target)
        backward = new_back
    return box_mines


def support_width(steps: list[Step]) -> int:
    """How many mine numbers, from the fewest to the most, the component of these steps has
    layouts for (0: none): the steps run on bit sets (which mine numbers each state can be
    reached with), one layer at a time, so a box table can be sized (and checked against the
    budget) before any counting."""
    layer: dict[State, int] = {(): 1}
    for step in steps:
        check()
        nxt_layer: dict[State, int] = {}
        for state, bits in layer.items():
            for k, nxt in _options(step, state):
                nxt_layer[nxt] = nxt_layer.get(nxt, 0) | bits << k
        layer = nxt_layer
    bits = layer.get((), 0)
    return bits.bit_length() - (bits & -bits).bit_length() + 1 if bits else 0


class DPExamples(Examples):
    """The examples of a component counted by the DP, made on demand: the steps are run
    again on bit sets (which mine numbers each state can be reached with), and a walk back
    from the end picks, step by step, a state and a number of mines that keep the total
    reachable. Only the plan is kept until an example is asked for."""

    def __init__(self, length: int, present: int, steps: list[Step], order: list[int],
                 low: int) -> None:
        super().__init__(length, present)
        self.steps = steps
        self.order = order
        self.low = low
        self.layers: list[dict[State, int]] | None = None

    def make(self, index: int) -> Assignment:
        if self.layers is None:
            layers: list[dict[State, int]] = [{(): 1}]  # bit m: reachable with m mines
            for step in self.steps:
                check()
                layer: dict[State, int] = {}
                for state, bits in layers[-1].items():
                    for k, nxt in _options(step, state):
                        layer[nxt] = layer.get(nxt, 0) | bits << k
                layers.append(layer)
            self.layers = layers
        assign = [0] * len(self.order)
        state: State = ()
        left = self.low + index
        for i in range(len(self.steps), 0, -1):
            step = self.steps[i - 1]
            chosen = next((prev, k) for prev, bits in self.layers[i - 1].items()
                          for k, nxt in _options(step, prev)
                          if nxt == state and left >= k and bits >> (left - k) & 1)
            state, k = chosen
            assign[self.order[i - 1]] = k
            left -= k
        return tuple(assign)


def dp_component(component: Component, order: list[int] | None = None) -> ComponentCount:
    """Count a component by dynamic programming over its boxes in a narrow order.

    ``order`` (a permutation of the boxes) defaults to :func:`width_order`'s. The examples
    are made on demand (:class:`DPExamples`).
    """
    if order is None:
        order = width_order(component.sizes, component.rows, component)
    steps = plan(component, order)
    forward, transitions = _forward(steps)
    final = forward[-1].get(())
    if final is None:
        return no_layout(len(order))
    low, counts = final
    box_mines = _box_mines(steps, order, forward, transitions, low, len(counts))
    del forward, transitions
    first = next(i for i, w in enumerate(counts) if w)
    last = max(i for i, w in enumerate(counts) if w) + 1
    present = 0
    for i, w in enumerate(counts[first:last]):
        if w:
            present |= 1 << i
    examples = DPExamples(last - first, present, steps, order, low + first)
    return ComponentCount(low + first, tuple(counts[first:last]),
                          tuple(tuple(m[first:last]) for m in box_mines), examples)
