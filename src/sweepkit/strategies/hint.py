"""Hints: for a position, the best move, why, in words, and the runners-up with their scores.

A certainly safe cell is always the hint when there is one: the easiest to see (the
simplest technique of :mod:`sweepkit.analysis.reasons.explain`, then the lowest cell), with the
sentence that proves it; the other certain cells are the runners-up. Otherwise the ``best``
strategy (:mod:`.best`) chooses the guess, and the hint says which rule chose it (the exact
endgame, the opening book, a forced guess, or the scores of :mod:`.best.guesses`) with the
best-ranked other guesses and their scores. The web app's hints and its watch mode read these.

>>> from sweepkit.position import Position
>>> h = hint(Position.from_rows(["001?", "012?", "????"], mines=2))
>>> h.cell, h.certain, h.rule
(8, True, 'single')
>>> h.reason
'the 0 at (1, 0) already has all its mines, so (2, 0) is safe'
>>> h = hint(Position.from_rows(["1?", "1?"], mines=1))  # a 50/50: any cell, no certainty
>>> h.certain, h.probability, h.rule
(False, 0.5, 'exact endgame')
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from sweepkit.analysis.board.probability import Analysis, analyse
from sweepkit.analysis.budget import attempt
from sweepkit.analysis.reasons.explain import TECHNIQUES, CellValue, Explanation, explain
from sweepkit.position import Position
from sweepkit.strategies.best import BestStrategy, discounted
from sweepkit.strategies.best.options import chosen_strength


@dataclass(frozen=True)
class Alternative:
    """A move the hint did not choose: ``cells`` (any of them, they are equivalent), the
    mine probability, the scores it was ranked by and a line in words."""

    cells: tuple[int, ...]
    probability: float
    scores: dict[str, float]
    reason: str


@dataclass(frozen=True)
class Hint:
    """The move to make: reveal ``cell`` (``action``), ``certain`` or a guess with mine
    ``probability``; ``rule`` names what chose it (a technique such as ``single`` for a
    certain cell; ``exact endgame``, ``opening book``, ``forced guess``, ``isolated area``
    or the guess mode for a guess);
    ``reason`` says why in words; ``alternatives`` are the runners-up, best first."""

    cell: int
    action: str
    certain: bool
    probability: float
    rule: str
    reason: str
    alternatives: tuple[Alternative, ...]
    because: tuple[int, ...] = ()
    """The numbers (flat indices) a certain hint's reason uses, to highlight them."""


EXPLAIN_SECONDS = 2.0
"""The longest a certain hint looks for its reason step by step (on most boards a few
milliseconds); past it the hint names the cell the exact count proves safe."""


def hint(position: Position, *, strength: str | int | None = None,
         use_mine_count: bool = True, alternatives: int = 5, seed: int = 0,
         analysis: Analysis | None = None, explained: Sequence[Explanation] | None = None,
         budget: str | int | None = None) -> Hint:
    """The hint for ``position`` (module doc). ValueError when the position is inconsistent
    or nothing is left to reveal; ``seed`` breaks ties between equal guesses; ``strength``
    is ``best``'s preset for a guess (``budget`` its deprecated name).

    A caller that has analysed the position already (with the same ``use_mine_count``), or
    found its explanations (:func:`~sweepkit.analysis.reasons.explain.explain`; empty when finding
    them gave up), passes them on rather than having them found again."""
    strength = chosen_strength(strength, budget)
    if analysis is None:
        analysis = analyse(position, use_mine_count)
    if not analysis.consistent:
        raise ValueError("the position is inconsistent: no layout explains it")
    if analysis.safe_cells():
        if explained is None:
            explained = attempt(EXPLAIN_SECONDS, lambda: explain(position, analysis=analysis))
        if not explained:  # a board of long chains (a reduction): the count alone
            cell = analysis.safe_cells()[0]
            return Hint(cell, "reveal", True, 0.0, "exact",
                        f"{position.coord(cell)} is safe in every layout the exact count "
                        "finds (a reason step by step took too long to find)", ())
        order = {t: i for i, t in enumerate(TECHNIQUES)}
        found = sorted((e for e in explained if e.value is CellValue.SAFE),
                       key=lambda e: (order[e.technique], e.cell))
        first = found[0]
        others = tuple(Alternative((e.cell,), 0.0, {"safety": 1.0},
                                   f"certainly safe ({e.technique}): {e.sentence}")
                       for e in found[1:alternatives + 1])
        return Hint(first.cell, "reveal", True, 0.0, str(first.technique), first.sentence,
                    others, tuple(first.because))
    if not any(p < 1 for p in analysis.probabilities().values()):
        raise ValueError("nothing is left to reveal: " + (
            "every covered cell is a mine" if position.unknown_cells() else "no cell is covered"))
    strategy = BestStrategy(strength=strength, use_mine_count=use_mine_count)
    considered = strategy.consider(analysis, random.Random(seed), alternatives=True)
    decision = considered.decision
    cell = decision.action.cell
    rest = []
    discount = strategy.ranking_discount()
    for ranked in considered.ranked:
        if len(rest) >= alternatives:
            break
        c = ranked.candidate
        cells = tuple(x for x in c.cells if x != cell)
        if not cells:
            continue
        scores = {"safety": c.safety, "quick": c.quick}
        if c.two_step is not None:
            scores.update(progress=c.progress, expected=c.expected, two_step=c.two_step)
            if discount < 1:
                scores["discounted"] = discounted(c, discount)
        rest.append(Alternative(cells, 1 - c.safety, scores, strategy.describe(ranked, len(cells))))
    probability = decision.reason.probability
    return Hint(cell, "reveal", False, 0.0 if probability is None else float(probability),
                considered.step, decision.reason.note, tuple(rest))
