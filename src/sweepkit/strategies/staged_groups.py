"""The school project's staged solver, stages 2 to 4 as the program computes them: the
reduction of numbers inside others (:func:`subset_reduction`), the groups of numbers and
every solution of each (:func:`program_groups`, :func:`enumerate_solutions`,
:class:`Group`; :func:`component_groups` with the caps lifted), and the weighting of the
groups' solutions by the mine count (:func:`weigh`). The solver that runs them in order is
:mod:`sweepkit.strategies.staged`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from sweepkit.analysis.count.component import solve_component
from sweepkit.analysis.count.poly import product, products_without
from sweepkit.constraints import Constraint, system_from_constraints
from sweepkit.strategies.staged_program import Estimate, Inconsistent, program_ncr

# -- stage 2: the reduction, as the program makes it ------------------------------------------

Row = list
"""One reduced number: ``[number, cells (program order), mines needed, useless]``."""


def subset_reduction(rows: Sequence[Row],
                     on_zero: Callable[[int, set[int]], None] | None = None
                     ) -> tuple[list[int], set[int]]:
    """Stage 2's pass (``FindNonTrivialSolutions``) over numbers already reduced by the
    known mines, in scan order; the rows are changed in place.

    Each number X, in order, is compared with every other number Y in order whose cells
    are all among X's (and no more than X's): X becomes X − Y, cells and mines, on the
    spot, so later comparisons see the new X. When X reaches 0 mines its remaining cells
    are safe, ``on_zero(Y's number, safe cells so far)`` is called (the program's
    ``UpdateMines`` on Y) and X is dropped ("useless"). Afterwards a row with as many
    cells as mines makes them all mines.

    Returns the safe cells, in the order found, and the mines.

    >>> rows = [[0, [1, 2, 3], 1, False], [4, [2, 3], 1, False]]
    >>> subset_reduction(rows), rows[0]
    (([1], set()), [0, [1], 0, True])
    """
    where: dict[int, list[int]] = {}
    for k, row in enumerate(rows):
        for j in row[1]:
            where.setdefault(j, []).append(k)
    safe: list[int] = []
    taken: set[int] = set()
    for ka, a in enumerate(rows):
        if a[3]:
            continue
        # Only a number sharing a cell with X can be inside it (rows are never empty).
        candidates = sorted({kb for j in a[1] for kb in where.get(j, ())} - {ka})
        for kb in candidates:
            b = rows[kb]
            if b[3] or len(a[1]) < len(b[1]) or not b[1]:
                continue
            here = set(a[1])
            if all(j in here for j in b[1]):
                there = set(b[1])
                a[1] = [j for j in a[1] if j not in there]
                a[2] -= b[2]
                if a[2] < 0:
                    raise Inconsistent("a reduction left a negative number")
                if a[2] == 0:
                    for j in a[1]:
                        if j not in taken:
                            taken.add(j)
                            safe.append(j)
                    if on_zero is not None:
                        on_zero(b[0], taken)
                    a[3] = True
    mines: set[int] = set()
    for row in rows:
        if row[1] and len(row[1]) == row[2]:
            mines.update(row[1])
        elif len(row[1]) < row[2]:
            raise Inconsistent("a reduced number needs more mines than it has cells")
    return safe, mines


# -- stage 3: groups, as the program forms them -------------------------------------------

SlotGroup = tuple[list[int], list[tuple[list[int], int]]]
"""A group as the brute force gets it: the cell of each variable ("slot"; a cell can have
two), and the equations as (slot indices, right-hand side)."""


def program_groups(rows: Sequence[tuple[Sequence[int], int]], cap: int
                   ) -> tuple[list[SlotGroup], bool]:
    """The program's groups of equations (``AddToEquation``, ``CombineEquations``), and
    whether it gave up global guessing on the way (``ShortEval``).

    ``rows`` are the reduced numbers in scan order, each ``(cells in the program's order,
    mines needed)``. Reproduced with the program's variables as objects:

    - a number joins the first group that has room (``variables + its cells < cap``) and
      shares one of its cells; a group without room sets ``ShortEval`` (even one sharing
      nothing); a number that joined none opens a new group with **new variable objects**
      for all its cells, also added to the common variable list, so a cell can have two;
    - every equation lists all the variable objects of its cells found in that common list
      when it was made;
    - one merge pass: a group takes in each later-or-smaller group that shares a variable
      object if the union stays within ``cap``; a group already taken in can still take in
      others, which then disappear with it.

    Within a group, equations count the group's own objects; an object of another group
    stands at 0 (each search ends on the all-zero leaf). A cell with two objects in one
    group (a split group merged back) is two variables: the source of the program's
    unsound "safe" moves.

    >>> groups, short = program_groups([([1, 2], 1), ([2, 3], 1)], 20)
    >>> groups, short
    ([([1, 2, 3], [([0, 1], 1), ([1, 2], 1)])], False)
    """
    obj_cell: list[int] = []
    common: list[int] = []  # VariableList, in order (object ids)
    common_of: dict[int, list[int]] = {}  # cell -> its objects in VariableList, in order
    eqs: list[tuple[list[int], list[tuple[list[int], int]]]] = []
    short = False

    def fresh(cell: int) -> int:
        obj_cell.append(cell)
        return len(obj_cell) - 1

    def equation(cells: Sequence[int], need: int) -> tuple[list[int], int]:
        wanted = set(cells)
        return [x for x in common if obj_cell[x] in wanted], need

    have: list[set[int]] = []  # the cells of each group's variables
    for cells, need in rows:
        added = False
        for (variables, constraints), cells_in in zip(eqs, have, strict=True):
            for cell in cells:
                if len(variables) + len(cells) < cap:
                    if cell in cells_in:
                        for c in cells:
                            if c not in cells_in:
                                variables.append(fresh(c))
                                cells_in.add(c)
                        for v in variables:
                            if obj_cell[v] not in common_of:
                                common.append(v)
                                common_of[obj_cell[v]] = [v]
                        constraints.append(equation(cells, need))
                        added = True
                        break
                else:
                    short = True
            if added:
                break
        if not added:
            variables = [fresh(c) for c in cells]
            for v in variables:  # `VariableList.Contains` by identity: always added
                common.append(v)
                common_of.setdefault(obj_cell[v], []).append(v)
            eqs.append((variables, [equation(cells, need)]))
            have.append(set(cells))
    # CombineEquations, first loop: objects missing from VariableList are swapped for the
    # first object of their cell there (the equations already point at that one).
    listed = set(common)
    for variables, _constraints in eqs:
        for k, v in enumerate(variables):
            if v not in listed:
                variables[k] = common_of[obj_cell[v]][0]
    # Second loop: one merge pass.
    removed: list[int] = []
    for a, (avars, acons) in enumerate(eqs):
        for b, (bvars, bcons) in enumerate(eqs):
            if a == b or b in removed or len(avars) < len(bvars):
                continue
            aset = set(avars)
            extra = list(dict.fromkeys(v for v in bvars if v not in aset))
            if len(avars) + len(extra) <= cap and len(extra) < len(set(bvars)):
                avars.extend(extra)
                for con in bcons:
                    if not any(con is c for c in acons):
                        acons.append(con)
                removed.append(b)
    groups: list[SlotGroup] = []
    for k, (variables, constraints) in enumerate(eqs):
        if k in removed:
            continue
        slot = {v: s for s, v in enumerate(variables)}
        groups.append(([obj_cell[v] for v in variables],
                       [([slot[x] for x in objs if x in slot], need)
                        for objs, need in constraints]))
    return groups, short


def two_stack_solutions(variables: int, equations: Sequence[tuple[Sequence[int], int]]
                        ) -> list[tuple[int, ...]]:
    """The published brute force, step for step (``BruteForceSolver.FindSolutions`` and
    ``CreateStack``): every 0/1 assignment of ``variables`` satisfying the equations, in
    the order the program finds them.

    Variables are set in order, each to 1 unless that exceeds a right-hand side (counted
    over the variables not yet fixed: the program's only pruning); a 1 is pushed on the
    return stack. At the bottom every equation is checked; then the variable stack is
    popped back to the top of the return stack, that variable set to 0, and the rest
    redone. Used by the tests as the reference for :func:`enumerate_solutions`.

    >>> two_stack_solutions(3, [([0, 1], 1), ([1, 2], 1)])
    [(1, 0, 1), (0, 1, 0)]
    """
    status = [0] * variables
    of_var: list[list[int]] = [[] for _ in range(variables)]
    for k, (members, _need) in enumerate(equations):
        for v in members:
            of_var[v].append(k)
    var_stack: list[int] = []
    return_stack: list[int] = []
    to_check = list(range(variables))
    found = []
    while True:
        checking = set(to_check)
        for v in to_check:  # CreateStack
            status[v] = 0 if status[v] == 1 else 1
            for k in of_var[v]:
                members, need = equations[k]
                if sum(status[x] for x in members if x in checking) > need:
                    status[v] = 0
            if status[v] == 1:
                return_stack.append(v)
            var_stack.append(v)
        if all(sum(status[x] for x in members) == need for members, need in equations):
            found.append(tuple(status))
        if not return_stack:
            return found
        while var_stack[-1] != return_stack[-1]:
            var_stack.pop()
        return_stack.pop()
        top = var_stack.pop()
        to_check = list(range(top, variables))
        for v in to_check[1:]:
            status[v] = 0


def enumerate_solutions(variables: int, equations: Sequence[tuple[Sequence[int], int]]
                        ) -> list[int]:
    """The solutions :func:`two_stack_solutions` lists, in the same order, as bit masks
    (bit ``v`` = variable ``v``).

    The same depth-first search (variables in order, 1 before 0, never past a right-hand
    side), which also drops a branch once some equation can no longer be reached: that
    only skips leaves that are not solutions (a speed-up; nothing else changes).

    >>> enumerate_solutions(3, [([0, 1], 1), ([1, 2], 1)])
    [5, 2]
    """
    need = [n for _members, n in equations]
    room = [len(members) for members, _n in equations]
    if any(n < 0 or n > r for n, r in zip(need, room, strict=True)):
        return []
    of_var: list[list[int]] = [[] for _ in range(variables)]
    for k, (members, _need) in enumerate(equations):
        for v in members:
            of_var[v].append(k)
    found: list[int] = []

    def search(v: int, mask: int) -> None:
        if v == variables:
            found.append(mask)
            return
        ks = of_var[v]
        if all(need[k] for k in ks):
            for k in ks:
                need[k] -= 1
                room[k] -= 1
            search(v + 1, mask | 1 << v)
            for k in ks:
                need[k] += 1
                room[k] += 1
        if all(need[k] < room[k] for k in ks):
            for k in ks:
                room[k] -= 1
            search(v + 1, mask)
            for k in ks:
                room[k] += 1

    search(0, 0)
    return found


@dataclass(frozen=True)
class Group:
    """One group of the brute force, counted.

    ``cells[s]`` is the cell of variable ("slot") ``s`` (a cell can hold two slots in the
    program's groups); ``by_mines[m]`` the number of solutions with ``m`` mines;
    ``tallies[s][m]`` how many of those have a mine in slot ``s``.
    """

    cells: tuple[int, ...]
    by_mines: tuple[int, ...]
    tallies: tuple[tuple[int, ...], ...]

    @property
    def solutions(self) -> int:
        return sum(self.by_mines)

    def verdict_slots(self) -> dict[int, int]:
        """The slot that speaks for each cell: ``DeduceSafeCells`` looks each cell up in a
        solution stored top of stack first, so a cell's *last* slot wins."""
        return {c: s for s, c in enumerate(self.cells)}

    def mine_count(self, slot: int) -> int:
        """Solutions with a mine in ``slot``."""
        return sum(self.tallies[slot])

    @classmethod
    def from_solutions(cls, cells: Sequence[int], solutions: Sequence[int]) -> Group:
        """Count listed solutions (bit masks over the slots)."""
        width = len(cells) + 1
        by_mines = [0] * width
        tallies = [[0] * width for _ in cells]
        for mask in solutions:
            m = mask.bit_count()
            by_mines[m] += 1
            while mask:
                low = mask & -mask
                tallies[low.bit_length() - 1][m] += 1
                mask ^= low
        top = max((m for m, x in enumerate(by_mines) if x), default=0) + 1
        return cls(tuple(cells), tuple(by_mines[:top]), tuple(tuple(t[:top]) for t in tallies))


def component_groups(rows: Sequence[tuple[int, Sequence[int], int]],
                     rank: Sequence[int]) -> list[Group]:
    """The groups with no cap: the connected components of the equations, counted by the
    exact component counter (same counts as listing every solution, without listing them),
    in the order of their first number in scan order."""
    system = system_from_constraints(
        [Constraint(number, tuple(sorted(cells)), need) for number, cells, need in rows])
    if system.impossible:
        raise Inconsistent("an equation can never hold")
    comps = sorted(system.components, key=lambda comp: min(rank[n] for n in comp.numbers))
    groups = []
    for comp in comps:
        count = solve_component(comp)
        if not count.by_mines:
            raise Inconsistent("a group has no solution")
        low = count.low
        by_mines = (0,) * low + count.by_mines
        cells: list[int] = []
        tallies: list[tuple[int, ...]] = []
        for box, size, mined in zip(comp.boxes, comp.sizes, count.box_mines, strict=True):
            per_cell = (0,) * low + tuple(x // size for x in mined)
            for c in box:
                cells.append(c)
                tallies.append(per_cell)
        groups.append(Group(tuple(cells), by_mines, tuple(tallies)))
    return groups


# -- stage 4: the weighting ----------------------------------------------------------------

@dataclass(frozen=True)
class Weighting:
    """The global weighting of every combination of group solutions.

    ``weights[M]`` is what a combination with ``M`` mines counts for, C(unconstrained,
    remaining − M) (the program's float or exact); ``total`` the sum over combinations;
    ``occurrences[cell]`` the weighted count of combinations with a mine there (summed over
    the cell's slots); ``floating`` the estimated probability that an unconstrained cell
    is *safe* as ``RandomCellChance`` computes it (NaN when the program's arithmetic gives
    NaN; ``None`` when there is no unconstrained cell, in exact mode).
    """

    unconstrained: int
    weights: tuple[Estimate, ...]
    total: Estimate
    occurrences: dict[int, Estimate]
    floating_safe: Estimate | None


def weigh(groups: Sequence[Group], unknown: int, remaining: int,
          float_ncr: bool = True) -> Weighting:
    """Weigh the combinations of the groups' solutions by the mine count (stage 4).

    ``unknown`` is the number of covered cells not known to be mines, ``remaining`` the
    mines among them. Every combination with ``M`` mines is completed in C(unknown − slots,
    remaining − M) ways over the unconstrained cells; the sums over combinations are
    taken by convolution, which adds up the same terms as the program's list of
    combinations. With ``float_ncr`` the weights are :func:`program_ncr` (a combination
    with more mines than remain weighs 0; one with fewer than the cells can take weighs 1)
    and :attr:`Weighting.floating_safe` follows ``RandomCellChance`` to the letter; without
    it, everything is exact.

    >>> w = weigh([Group((1, 2), (0, 2), ((0, 1), (0, 1)))], unknown=4, remaining=2,
    ...           float_ncr=False)
    >>> w.total, w.occurrences, w.floating_safe
    (4, {1: 2, 2: 2}, Fraction(1, 2))
    """
    slots = sum(len(g.cells) for g in groups)
    cells_left = unknown - slots
    polys = [g.by_mines for g in groups]
    everything = product(polys)
    weights: list[Estimate] = []
    for m in range(len(everything)):
        left = remaining - m
        if float_ncr:
            weights.append(0.0 if left < 0 else program_ncr(cells_left, left))
        else:
            weights.append(comb(cells_left, left) if 0 <= left <= cells_left else 0)
    total: Estimate = sum((everything[m] * weights[m] for m in range(len(everything))),
                          0.0 if float_ncr else 0)
    others = products_without(polys) if groups else []
    occurrences: dict[int, Estimate] = {}
    for g, rest in zip(groups, others, strict=True):
        span = len(g.by_mines)
        completion = [sum(x * weights[i + j] for j, x in enumerate(rest) if x)
                      for i in range(span)]
        for cell, tally in zip(g.cells, g.tallies, strict=True):
            occ = sum(t * completion[i] for i, t in enumerate(tally) if t)
            occurrences[cell] = occurrences.get(cell, 0) + occ
    floating: Estimate | None
    if float_ncr:
        chance = 0.0
        for m, count in enumerate(everything):
            if not count:
                continue
            left = remaining - m
            cl = cells_left if left >= 0 else 0  # CellsLeft is never set for left < 0
            ratio = left / cl if cl else (math.copysign(math.inf, left) if left else math.nan)
            chance += ratio * weights[m] * count
        floating = 1 - chance / total if total else math.nan
    elif cells_left > 0 and total:
        mined = sum(everything[m] * weights[m] * (remaining - m)
                    for m in range(len(everything)))
        floating = 1 - Fraction(mined, cells_left * total)
    else:
        floating = None
    return Weighting(cells_left, tuple(weights), total, occurrences, floating)


def best_guess_cell(safety: dict[int, Estimate], rank: Sequence[int], start: bool) -> int | None:
    """``BestGuessCell``: the first cell in scan order with the highest chance of being
    safe. ``start=True`` is ``ShortEval``'s rule (only chances above 0 count)."""
    best = None
    best_chance: Estimate = 0
    for cell in sorted(safety, key=rank.__getitem__):
        chance = safety[cell]
        if (best is None and not start) or chance > best_chance:
            best, best_chance = cell, chance
    return best


__all__ = ["Group", "SlotGroup", "Weighting", "best_guess_cell", "component_groups",
           "enumerate_solutions",
           "program_groups", "subset_reduction", "two_stack_solutions", "weigh"]
