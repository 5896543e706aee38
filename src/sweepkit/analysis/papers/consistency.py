"""CONSISTENCY with a witness, a minimal contradiction, SOLUTION and SAFETY.

The decision problems of Kaye and Pedersen, answered exactly, from the counts or by a SAT
solver (sources:
CONSISTENCY is NP-complete, Kaye, *Minesweeper is NP-complete*, 2000 [Kaye2000]; SOLUTION
and SAFETY are DP-complete, Pedersen, *The complexity of Minesweeper and strategies for game
playing*, 2004, §4.2–4.3, Theorems 4.2.5 and 4.3.6 [Pedersen2004]; docs/bibliography.md):

- :func:`find_witness`: one layout (set of mine cells, known mines included) or None;
- :func:`decide`: that layout, or else the contradicting numbers below, each found once
  (what ``sweepkit check`` asks);
- :func:`minimal_contradiction`: for an inconsistent position, an irreducible set of
  numbers that already contradict each other (every proper subset is consistent);
- :func:`is_unique` (SOLUTION): exactly one explanation;
- :func:`is_safe_move` (SAFETY): probing x is safe iff no layout has a mine at x,
  flagging x is safe iff every layout does.

An inconsistent position has no explanation, so "no layout has a mine at x" would hold
vacuously for every cell and every move; we answer **False** instead (no move is safe
in an impossible position — the view itself is wrong), and ``is_unique`` is False.

>>> from sweepkit.position import Position
>>> p = Position.from_rows(["1?", "??"], mines=1)
>>> p.explains(find_witness(p)), is_unique(p), is_safe_move(p, 1)
(True, False, False)
>>> bad = Position.from_rows(["0?1", "2?5", "???"])
>>> minimal_contradiction(bad).numbers
(5,)
"""

from __future__ import annotations

from dataclasses import dataclass

from sweepkit.analysis.board.board_count import system_count
from sweepkit.analysis.board.probability import Analysis, analyse
from sweepkit.analysis.budget import AnalysisTimeout
from sweepkit.analysis.count.box_search import SearchLimitExceeded
from sweepkit.analysis.count.component import solve_component
from sweepkit.analysis.decide import sat
from sweepkit.analysis.decide.contract import drawn_from_circuit
from sweepkit.analysis.decide.unsat_core import Contradiction, contradiction_core, minimal_core
from sweepkit.constraints import ConstraintSystem, build_system
from sweepkit.position import MINE, UNKNOWN, Position

SAT_FIRST_BOXES = 1_000
"""Components at least this big are decided by the SAT solver (:func:`~sweepkit.analysis.
sat.decide`) when a witness is asked for without the mine count."""

WITNESS_CONFLICTS = 1_000_000
"""Conflicts the SAT solver may spend on a component before the witness is counted out
instead (a 14-variable formula's board takes under 2,000)."""


def find_witness(position: Position, use_mine_count: bool = True,
                 analysis: Analysis | None = None, *,
                 system: ConstraintSystem | None = None) -> frozenset[int] | None:
    """One layout explaining the position (mine cells, known mines included), or None.

    Without the mine count and with a component of :data:`SAT_FIRST_BOXES` boxes or more
    (a board drawn from a circuit, say), the layout is the SAT solver's model
    (:func:`~sweepkit.analysis.decide.sat.decide`); otherwise, or past :data:`WITNESS_CONFLICTS`
    conflicts, it comes from the exact counts.

    ``system``: the position's constraint system (``build_system(position)``) when the
    caller has it already, so a big board is not read into equations twice."""
    if analysis is None and not (use_mine_count and position.mines is not None):
        if system is None:
            system = build_system(position)
        if system.impossible:
            return None
        if any(len(c.sizes) >= SAT_FIRST_BOXES for c in system.components):
            try:
                found = sat.decide(system, use_mine_count=False, conflicts=WITNESS_CONFLICTS)
            except SearchLimitExceeded:
                pass
            else:
                return None if isinstance(found, sat.Refutation) else \
                    found.union(position.known_mines())
    if analysis is not None:
        if not analysis.consistent:
            return None
        system, counts, with_count = analysis.system, analysis.counts, analysis.uses_mine_count
    else:
        # the counts alone, not the probabilities: on a huge board those need every box's
        # table, which a layout does not (:class:`~.split.SplitBoxTable`)
        if system is None:
            system = build_system(position)
        if system.impossible:
            return None
        counts = tuple(solve_component(c) for c in system.components)
        if not all(c.by_mines for c in counts):
            return None
        with_count = use_mine_count and system.remaining is not None
    floating = len(system.floating)
    if with_count:
        remaining = system.remaining
        assert remaining is not None
        # reachable[i]: frontier mine totals achievable with components 0..i-1 -> choice.
        reachable: list[dict[int, int]] = [{0: -1}]
        for c in counts:
            nxt: dict[int, int] = {}
            for total in reachable[-1]:
                for m, w in enumerate(c.by_mines, c.low):
                    if w and total + m not in nxt:
                        nxt[total + m] = m
            reachable.append(nxt)
        target = next((t for t in reachable[-1] if 0 <= remaining - t <= floating), None)
        if target is None:
            return None
        choice = []
        for i in range(len(counts), 0, -1):
            m = reachable[i][target]
            choice.append(m)
            target -= m
        choice.reverse()
        floating_mines = remaining - sum(choice)
    else:
        choice = [c.low for c in counts]  # the fewest mines: by_mines[0] is never 0
        floating_mines = 0
    mines = set(position.known_mines())
    for comp, c, m in zip(system.components, counts, choice, strict=True):
        example = c.example(m)
        assert example is not None
        for box, k in zip(comp.boxes, example, strict=True):
            mines.update(box[:k])
    mines.update(system.floating[:floating_mines])
    return frozenset(mines)


@dataclass(frozen=True)
class Verdict:
    """A position decided: ``witness``, one layout (mine cells, known mines included), or
    None when it has none; ``contradiction``, the numbers that contradict, when they were
    asked for and found within the budget; ``system``, the constraint system it was
    decided on (a drawn board's without its components)."""

    witness: frozenset[int] | None
    contradiction: Contradiction | None
    system: ConstraintSystem


def decide(position: Position, use_mine_count: bool = True, *, why: bool = True,
           seconds: float | None = None) -> Verdict:
    """CONSISTENCY with its evidence, each found once: one layout, or (with ``why``) the
    numbers that contradict, shrunk for at most ``seconds`` (see
    :func:`minimal_contradiction`).

    A board drawn from a circuit (:func:`~sweepkit.analysis.decide.contract.drawn_from_circuit`),
    the mine count not in force, is decided by the SAT solver on its equations alone (its
    components are never built): the layout is the solver's model, the contradiction the
    core of the same refutation. Another position takes :func:`find_witness`, then
    :func:`minimal_contradiction` when it has no layout; a contradiction not found within
    the open budget is left None (the position is decided all the same).
    :class:`~sweepkit.analysis.budget.AnalysisTimeout` when the position itself is not
    decided within the budget.

    >>> decide(Position.from_rows(["1?", "??"])).witness
    frozenset({1})
    >>> decide(Position.from_rows(["0?1", "2?5", "???"])).contradiction.numbers
    (5,)
    """
    with_count = use_mine_count and position.mines is not None
    system = build_system(position, components=with_count)
    if not with_count and drawn_from_circuit(system):
        deadline = sat.Deadline(seconds)
        found = sat.decide(system, use_mine_count=False, cores=why)
        if not isinstance(found, sat.Refutation):
            return Verdict(found.union(position.known_mines()), None, system)
        if not why:
            return Verdict(None, None, system)
        return Verdict(None, minimal_core(found, deadline), system)
    if not system.components and system.constraints:
        system = build_system(position)     # left out above (2-D boards): counting needs them
    witness = find_witness(position, use_mine_count, system=system)
    if witness is not None or not why:
        return Verdict(witness, None, system)
    try:
        contradiction = minimal_contradiction(position, use_mine_count, seconds=seconds,
                                              system=system)
    except AnalysisTimeout:
        contradiction = None
    return Verdict(None, contradiction, system)


def is_consistent(position: Position, use_mine_count: bool = True) -> bool:
    """Whether at least one layout explains the position: :func:`find_witness`, the one
    entry for that question, found one."""
    return find_witness(position, use_mine_count) is not None


def minimal_contradiction(position: Position, use_mine_count: bool = True, *,
                          seconds: float | None = None,
                          system: ConstraintSystem | None = None) -> Contradiction | None:
    """An irreducible set of contradicting numbers, or None when consistent.

    A number impossible on its own is returned alone; otherwise the numbers are refuted by
    a SAT solver under one assumption literal per number, and its unsatisfiable core is
    shrunk by deletion on the core alone (:func:`~sweepkit.analysis.decide.unsat_core.
    contradiction_core`, which says why a SAT solver). When the numbers agree but not with
    the total mine count (and ``use_mine_count``), the count is part of the set.

    Shrinking stops after ``seconds`` or shortly before an open analysis budget
    (:mod:`.budget`) runs out, whichever is first: the smallest contradicting set found so
    far is returned with ``minimal=False`` rather than nothing. A board not refuted at all
    within the open budget raises :class:`~sweepkit.analysis.budget.AnalysisTimeout`.
    ``system``: ``build_system(position)`` when the caller has it already.
    """
    if system is None:
        system = build_system(position)
    found = contradiction_core(system, use_mine_count, seconds=seconds)
    if found is None:
        return None
    return found


def is_unique(position: Position, use_mine_count: bool = True) -> bool:
    """SOLUTION: does the position have exactly one explanation?"""
    return system_count(build_system(position, equations=False), use_mine_count) == 1


def is_safe_move(position: Position, cell: int, flag: bool = False,
                 use_mine_count: bool = True) -> bool:
    """SAFETY: is probing ``cell`` (or flagging it, with ``flag``) safe in every layout?

    A known mine is always a mine and a revealed cell never is; an inconsistent position
    has no safe move (see the module doc).
    """
    analysis = analyse(position, use_mine_count)
    if not analysis.consistent:
        return False
    value = position.cells[cell]
    if value == MINE:
        return flag
    if value != UNKNOWN:
        return not flag
    p = analysis.probability(cell)
    return p == 1 if flag else p == 0
