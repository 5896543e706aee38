"""A contracted component as clauses, its gadgets' inner cells eliminated by resolution,
then decided by clause learning: the quickest route to CONSISTENCY on a drawn board.

After :mod:`.contract`, a board drawn from a circuit is one variable per wire and the
gadgets' equations over their literals. Each equation ``Σ literals = k`` becomes the
clauses "no k + 1 of them" and "no n - k + 1 of them false" (prime, so no weaker than the
equation under unit propagation). Then **bounded variable elimination** (Eén and Biere's
SatELite [EenBiere2005], docs/bibliography.md): a variable whose clauses resolve into no
more clauses than they are is replaced by those resolvents. A gadget's inner cells go
this way, leaving clauses between the wires it joins, close to what the gate means; the
clause learner (:func:`~sweepkit.analysis.learn.satisfy`) then decides a far smaller
formula. The eliminated variables get their values back in reverse order of
elimination, each chosen to satisfy the clauses it had (always possible: that is what
the resolvents guarantee).

>>> from sweepkit.constraints import Component
>>> gadget = Component((1, 1, 1, 1), (((0, 1, 2), 1), ((1, 2, 3), 2)),
...                    ((0,), (1,), (2,), (3,)), (7, 8))
>>> example = clausal_witness(gadget)
>>> sum(example[:3]), sum(example[1:])
(1, 2)
"""

from __future__ import annotations

from itertools import combinations, product
from math import comb

from sweepkit.analysis.budget import check
from sweepkit.analysis.contract import Contraction, contracted, search_contracted
from sweepkit.analysis.learn import satisfy
from sweepkit.constraints import Component

GROWTH = 0
"""Clauses a variable's elimination may add beyond those it removes (SatELite: 0)."""

MAX_RESOLUTIONS = 400
"""A variable whose positive and negative clauses would pair more often is kept."""

MAX_EQUATION_CLAUSES = 1_000
"""An equation that would need more clauses than this (a long one, half its literals
true) is not encoded: the component goes to the equation-level learner instead."""

Clause = tuple[int, ...]


def equation_clauses(literals: list[int], need: int) -> list[Clause] | None:
    """The clauses of ``Σ literals = need`` (literals ``2 * v + negated``, perhaps
    repeated: a repeated literal counts its mines as often); None past
    :data:`MAX_EQUATION_CLAUSES`.

    >>> sorted(equation_clauses([0, 2, 4], 1))
    [(0, 2, 4), (1, 3), (1, 5), (3, 5)]
    """
    distinct = list(dict.fromkeys(literals))
    m = len(distinct)
    if m == len(literals):
        if comb(m, need + 1) + comb(m, m - need + 1) > MAX_EQUATION_CLAUSES:
            return None                       # at most ``need`` true, at least ``need``
        clauses = [tuple(lit ^ 1 for lit in group)
                   for group in combinations(distinct, need + 1)]
        clauses += list(combinations(distinct, len(distinct) - need + 1))
        return clauses
    if 2**m > MAX_EQUATION_CLAUSES:
        return None
    weight = {lit: literals.count(lit) for lit in distinct}
    return [tuple(lit ^ value for lit, value in zip(distinct, values, strict=True))
            for values in product((0, 1), repeat=len(distinct))
            if sum(weight[lit] for lit, v in zip(distinct, values, strict=True) if v)
            != need]   # each wrong assignment forbidden: the clause of its negation


def to_clauses(contraction: Contraction) -> tuple[int, list[Clause]] | None:
    """The variables (one per class) and clauses of a contracted component whose boxes
    are all single cells; None when a box has several cells or an equation is too long
    to encode."""
    literal = contraction.literal
    if any(cls < 0 for cls, _negated in literal):
        return None
    variables = 1 + max((cls for cls, _negated in literal), default=-1)
    clauses: list[Clause] = []
    for bs, need in contraction.component.rows:
        lits = [2 * literal[b][0] + literal[b][1] for b in bs]
        if len(lits) == 2 and need == 1 and lits[0] ^ 1 == lits[1]:
            continue                          # a literal and its negation: always true
        encoded = equation_clauses(lits, need)
        if encoded is None:
            return None
        clauses.extend(encoded)
    return variables, clauses


def eliminate(variables: int, clauses: list[Clause]
              ) -> tuple[list[Clause], list[tuple[int, list[Clause]]]] | None:
    """Bounded variable elimination: the clauses left and, in order, each eliminated
    variable with the clauses it had; None when an empty clause shows there is no
    model."""
    store: dict[int, frozenset[int]] = {}
    occurs: list[set[int]] = [set() for _ in range(2 * variables)]
    seen: set[frozenset[int]] = set()

    def add(clause: frozenset[int]) -> None:
        if clause in seen or any(lit ^ 1 in clause for lit in clause):
            return                              # known already, or always true
        seen.add(clause)
        c = len(store) + len(removed)
        store[c] = clause
        for lit in clause:
            occurs[lit].add(c)

    removed: list[int] = []
    for clause in clauses:
        add(frozenset(clause))
    if frozenset() in seen:
        return None
    stack: list[tuple[int, list[Clause]]] = []
    changed = True
    while changed:
        changed = False
        check()
        for v in sorted(range(variables), key=lambda v: len(occurs[2 * v]) *
                        len(occurs[2 * v + 1])):
            pos, neg = occurs[2 * v], occurs[2 * v + 1]
            if not pos and not neg:
                continue
            if len(pos) * len(neg) > MAX_RESOLUTIONS:
                continue
            limit = len(pos) + len(neg) + GROWTH
            resolvents: set[frozenset[int]] = set()
            for c in pos:
                rest_c = store[c] - {2 * v}
                for d in neg:
                    r = rest_c | (store[d] - {2 * v + 1})
                    if not any(lit ^ 1 in r for lit in r):     # not always true
                        resolvents.add(r)
                    if len(resolvents) > limit:
                        break
                if len(resolvents) > limit:
                    break
            if len(resolvents) > limit:
                continue
            had = [tuple(store[c]) for c in (*pos, *neg)]
            for c in list(pos) + list(neg):
                for lit in store[c]:
                    occurs[lit].discard(c)
                seen.discard(store.pop(c))
                removed.append(c)
            stack.append((v, had))
            for r in resolvents:
                if not r:
                    return None
                add(r)
            changed = True
    return [tuple(c) for c in store.values()], stack


def rebuild(values: tuple[int, ...], stack: list[tuple[int, list[Clause]]]) -> list[int]:
    """A model of the formula before :func:`eliminate` from ``values``, a model of what it
    left: each eliminated variable, last first, set to satisfy the clauses it had (always
    possible: that is what the resolvents guarantee)."""
    value = list(values)
    for v, had in reversed(stack):
        value[v] = 0
        if not all(any(value[lit >> 1] != lit & 1 for lit in c) for c in had):
            value[v] = 1
    return value


def clausal_witness(component: Component, budget: int | None = None
                    ) -> tuple[int, ...] | None:
    """Mines in each box of one layout of ``component`` (None: it has none) by the route
    of the module doc; a component that :func:`to_clauses` cannot encode goes to
    :func:`~sweepkit.analysis.contract.search_contracted` instead (the same
    contraction, searched whole).
    SearchBudgetExceeded after ``budget`` conflicts."""
    contraction = contracted(component)
    if contraction is None:
        return None
    encoded = to_clauses(contraction)
    if encoded is None:
        return search_contracted(contraction, budget)
    variables, clauses = encoded
    simplified = eliminate(variables, clauses)
    if simplified is None:
        return None
    left, stack = simplified
    values = satisfy(variables, [list(c) for c in left], budget)
    if values is None:
        return None
    value = rebuild(values, stack)
    small = tuple(value[cls] ^ negated for cls, negated in contraction.literal)
    return contraction.expand(small)
