"""Scoring guesses by what they reveal: the candidates of the ``best`` strategy and their
values.

When no cell is certain, a cell's mine probability p is only the first thing that
matters; the second is what its number will tell. For a candidate x and each number v it
can show (from :func:`sweepkit.analysis.board.outcomes.outcome_table`, with the layouts that
show it), the position with x revealed as v is analysed exactly (a *hypothetical*, kept
cheap by an :class:`~sweepkit.analysis.tracking.incremental.IncrementalAnalyser` that only redoes
the components x touches). From these, per candidate:

- ``safety``: 1 − p;
- ``progress`` (S): the probability that x is safe and its number makes some other cell
  certainly safe;
- ``expected`` (E): the expected number of cells its number makes certainly safe;
- ``two_step``: the probability of surviving this guess and the next one, where an
  outcome with a certain cell needs no next guess: Σ_v P(x safe, shows v) · g(v), with
  g(v) = 1 when v makes a cell certainly safe, else the best safety left after v.

Floating cells (next to no number) are interchangeable in every layout count, so two
floating cells with the same unknown neighbours outside the pool, the same number of
floating neighbours and the same flagged neighbours have the same outcomes and the same
values: one of each such class is evaluated (:func:`candidate_classes`), which turns the
hundreds of equally safe cells of an opening into a few dozen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sweepkit.analysis.board.outcomes import Outcome, OutcomeTable
from sweepkit.analysis.board.probability import Analysis
from sweepkit.analysis.board.risks import lowest_pair, two_lowest
from sweepkit.analysis.tracking.incremental import IncrementalAnalyser
from sweepkit.position import MINE, UNKNOWN
from sweepkit.strategies.best.long_term import Influence, LongTerm, influence

T = TypeVar("T")


@dataclass
class Candidate:
    """One class of equivalent cells (``cells``; ``cell`` the first) and its values (module
    doc). ``dead`` cells can only lose or tell nothing; ``quick`` is the chance that the
    number shown decides every unknown neighbour at once (all safe or all mines), read
    from the outcome counts alone: a cheap stand-in for ``progress`` (``--strength fast``
    ranks by it). The look-ahead values are
    ``None`` until :meth:`Evaluator.look_ahead` fills them."""

    cells: list[int]
    outcome: Outcome
    safety: float
    dead: bool
    quick: float
    local: float = 0.0
    """The chance, if safe, that the number leaves another cell certainly safe in the
    components the cell touches (:attr:`Outcome.opens`): S without a look-ahead, blind
    only to what the mine count alone decides."""
    progress: float | None = None
    expected: float | None = None
    two_step: float | None = None
    after: dict[int, tuple[int, float]] = field(default_factory=dict)
    """Per number shown: (cells it makes certainly safe, best safety left), once looked
    ahead."""

    @property
    def cell(self) -> int:
        return self.cells[0]


def candidate_classes(analysis: Analysis, cells: Iterable[int],
                      split: Mapping[int, object] | None = None) -> list[list[int]]:
    """``cells`` grouped into classes of interchangeable cells (module doc), in the order of
    their first cells; a cell in a component is a class of its own. Cells with different
    ``split`` values (absent: 0) are never in one class."""
    position = analysis.position
    values = position.cells
    floating = bytearray(len(values))
    for c in analysis.system.floating:
        floating[c] = 1
    table = position.neighbour_table()
    classes: dict[object, list[int]] = {}
    for c in cells:
        key: object = c
        if floating[c]:
            around = table[c]
            free = mines = 0
            frontier = []
            for j in around:
                if floating[j]:
                    free += 1
                elif values[j] == MINE:
                    mines += 1
                elif values[j] == UNKNOWN:
                    frontier.append(j)
            key = (len(around), free, mines, tuple(frontier),
                   split.get(c, 0.0) if split else 0.0)
        classes.setdefault(key, []).append(c)
    return list(classes.values())


class Evaluator:
    """Candidates of one analysed position (``analysis``, of the strategy's working view)
    and their look-ahead values; ``whatif`` analyses the hypotheticals (kept by the
    strategy across moves, so consecutive positions share its work). The outcome counts
    share one :class:`~sweepkit.analysis.board.outcomes.OutcomeTable` and are counted once per
    cell, however often a cell is asked for. With ``blend`` b above 0, the safety left
    after a number is (1 − b) × the best plus b × the second best (:meth:`hypothetical`)."""

    def __init__(self, analysis: Analysis, whatif: IncrementalAnalyser,
                 blend: float = 0.0) -> None:
        self.analysis = analysis
        self.blend = blend
        self.position = analysis.position
        self.whatif = whatif
        self.probabilities: dict[int, float] = analysis.probabilities()  # type: ignore[assignment]
        self._table: OutcomeTable | None = None
        self._outcomes: dict[int, Outcome] = {}
        self._influence: Influence | None = None
        self._long_term: LongTerm | None = None
        self._after: dict[tuple[int, int], tuple[int, float]] = {}
        self._kept: dict[str, Any] = {}

    def influence(self) -> Influence:
        """The cells' long-term influence (:mod:`.long_term`), counted on first
        request."""
        if self._influence is None:
            self._influence = influence(self.analysis, table=self.outcome_table())
        return self._influence

    def long_term(self) -> LongTerm:
        """The cells' long-term influence counted cell by cell on request
        (:class:`~sweepkit.strategies.best.long_term.LongTerm`), made on first request."""
        if self._long_term is None:
            self._long_term = LongTerm(self.analysis, table=self.outcome_table(),
                                       probabilities=self.probabilities)
        return self._long_term

    def outcome(self, cell: int) -> Outcome:
        """The outcome counts of ``cell`` (counted on first request)."""
        found = self._outcomes.get(cell)
        if found is None:
            found = self._outcomes[cell] = self.outcome_table().outcome(cell)
        return found

    def outcome_table(self) -> OutcomeTable:
        """The outcome counts of the position's cells, shared by whoever counts outcomes
        of this position (made on first request)."""
        if self._table is None:
            self._table = OutcomeTable(self.analysis)
        return self._table

    def kept(self, name: str, make: Callable[[], T]) -> T:
        """The value ``make`` gives for this position, made on first request under
        ``name`` (for what an optional rule counts, asked for more than once a guess)."""
        if name not in self._kept:
            self._kept[name] = make()
        return self._kept[name]

    def candidates(self, cells: Sequence[int], split: Mapping[int, object] | None = None
                   ) -> list[Candidate]:
        """The classes of ``cells`` (kept apart by ``split``, :func:`candidate_classes`)
        with their outcome counts and quick values."""
        position = self.position
        found = []
        for group in candidate_classes(self.analysis, cells, split):
            outcome = self.outcome(group[0])
            total = outcome.total
            around = position.neighbours(group[0])
            known = sum(1 for j in around if position.cells[j] == MINE)
            unknown = sum(1 for j in around if position.cells[j] == UNKNOWN)
            # a number equal to the flags, or to flags plus every unknown neighbour
            quick = outcome.safe[known] + outcome.safe[known + unknown] if unknown else 0
            safe = sum(outcome.safe)
            local = sum(w for w, o in zip(outcome.safe, outcome.opens, strict=False) if o)
            found.append(Candidate(group, outcome, 1 - self.probabilities[group[0]],
                                   outcome.dead, quick / total if total else 0.0,
                                   local / safe if safe else 0.0))
        return found

    def hypothetical(self, cell: int, number: int) -> tuple[int, float]:
        """What ``cell`` showing ``number`` leaves: (cells it makes certainly safe, best
        safety left), by one exact analysis of the position with it shown; remembered, so
        a class looked at twice (a bound first, then in full: :meth:`look_ahead`) is
        analysed once. The best safety is 1 when some cell is made certain, and when only
        mines are left (``cell`` won the game). With ``blend`` b, the safety is instead
        (1 − b) × the best safety of a cell left plus b × the second best (of another
        cell; a certain cell's is 1; the best again when one cell is left): the Java
        solver's blended safety (which also leaves dead cells out; this does not)."""
        key = (cell, number)
        found = self._after.get(key)
        if found is None:
            quick = self.outcome_table().revealed(cell, number)
            if quick is not None:
                made, lowest, second = quick
            else:
                after = self.whatif.update(self.position.replace({cell: number}))
                made, (lowest, second) = len(after.safe_cells()), lowest_risks(after)
            if self.blend:
                value = (1 - self.blend) * (1 - lowest) + self.blend * (1 - second)
            else:
                value = 1.0 if made else 1 - lowest
            found = self._after[key] = (made, value)
        return found

    def look_ahead(self, candidate: Candidate) -> None:
        """Fill ``progress``, ``expected``, ``two_step`` and ``after`` of ``candidate`` by one
        exact hypothetical analysis per number it can show."""
        outcome = candidate.outcome
        total = outcome.total
        progress = expected = two_step = 0.0
        x = candidate.cell
        candidate.after.clear()  # filled in the order of the numbers (the sums' order)
        for v in outcome.numbers():
            weight = outcome.safe[v] / total
            made, best = self.hypothetical(x, v)
            candidate.after[v] = (made, best)
            if made:
                progress += weight
                expected += weight * made
            two_step += weight * best
        candidate.progress, candidate.expected, candidate.two_step = progress, expected, two_step


def lowest_risks(analysis: Analysis) -> tuple[float, float]:
    """The two lowest mine probabilities below 1 of the unknown cells of a consistent
    analysis (of two different cells, perhaps equal), 0 when every unknown cell is a mine, the
    lowest twice when one cell is left: the two first of ``sorted(p for p in
    analysis.probabilities().values() if p < 1)`` (the same floats), read from the boxes
    without building the per-cell table."""
    boxes = analysis.boxes
    if boxes is None:
        return 0.0, 0.0  # inconsistent: no cell left (what the per-cell table says)
    lowest = second = 1.0
    for i, comp in enumerate(analysis.system.components):
        for b, box in enumerate(comp.boxes):
            if box:
                p = boxes.value(i, b)
                if p < second:
                    lowest, second = two_lowest(lowest, second, p, len(box))
    floating = len(analysis.system.floating)
    if floating:
        p = boxes.floating_value()
        assert p is not None
        if p < second:
            lowest, second = two_lowest(lowest, second, p, floating)
    return lowest_pair(lowest, second)
