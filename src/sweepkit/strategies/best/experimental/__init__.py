"""Experimental options of ``best``: measured, and off or neutral in every preset.

They stay so that their measurements can be replayed (``--option key=value``,
``BestStrategy(key=value)``); ``docs/results.md`` records what each was worth. The
default path calls none of this code: each is looked at only when its option is given
(:class:`~sweepkit.strategies.best.options.Experimental`).

- ``pseudo``: a pseudo 50/50 (:mod:`.owed`) is guessed after the isolated areas, before
  the heuristic (:func:`pseudo_move`);
- ``chains``: a chain 50/50 (:mod:`.chains`) is guessed next (:func:`chain_move`);
- ``owed`` w: a two-step value gains w times the share of layouts in which the guess
  loses only what a closed 50/50 takes anyway, and a cell joins the cells within the
  tolerance when its safety plus that share does (:func:`owed_shares`);
- ``progress`` w: a two-step value is multiplied by 1 + w × S, S the chance that the
  guess is safe and its number makes some cell certain (the Java solver's progress
  bonus, a tie-break at its default 0.001);
- ``discount`` d below 1: the next guess's safety counts d times when the number makes no
  cell certain, as that guess is still to come (:func:`discounted`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from sweepkit.analysis.tracking.incremental import IncrementalAnalyser
from sweepkit.moves import Action, Decision, Reason
from sweepkit.strategies.best.endgame import safest
from sweepkit.strategies.best.experimental.chains import chain_fifty_fiftys
from sweepkit.strategies.best.experimental.owed import Owed, owed_risk
from sweepkit.strategies.best.guesses import Candidate, Evaluator

Pick = Callable[[Evaluator, Sequence[int], random.Random], tuple[int, float]]
"""The cell of some cells the ranking puts first, and its mine probability
(:meth:`~sweepkit.strategies.best.ranking.Ranking.pick`)."""


def owed(evaluator: Evaluator) -> Owed:
    """The risk each guess of the position owes anyway (:mod:`.owed`), counted once a
    position."""
    return evaluator.kept("owed", lambda: owed_risk(evaluator.analysis,
                                                    table=evaluator.outcome_table()))


def owed_shares(evaluator: Evaluator, weight: float) -> dict[int, float]:
    """Per cell, the risk its guess owes anyway weighed by ``weight`` (the option
    ``owed``)."""
    found = owed(evaluator)
    return {c: weight * found.share(c) for c in found.counts}


def pseudo_move(evaluator: Evaluator, rng: random.Random) -> Decision | None:
    """The safest pseudo 50/50 that is not dead (:mod:`.owed`), if there is one."""
    cells = [c for c in owed(evaluator).pseudo if not evaluator.outcome(c).dead]
    if not cells:
        return None
    cell, risk = safest(cells, evaluator.probabilities, rng)
    return Decision(Action.reveal(cell), Reason.guessed(
        risk, "pseudo 50/50: a mine here only in layouts of a 2x1 or 2x2 pattern no "
              "number can ever tell apart, so the risk is owed anyway; taken first"))


def chain_move(evaluator: Evaluator, whatif: IncrementalAnalyser, pick: Pick,
               rng: random.Random) -> Decision | None:
    """A cell of a chain 50/50 (:mod:`.chains`), real chains before pseudo ones, if the
    position has one: among its live cells (all, when every one is dead) the one ``pick``
    ranks first; ``whatif`` analyses the chains' hypotheticals."""
    found = chain_fifty_fiftys(evaluator.analysis, whatif, evaluator.probabilities)
    for real in (True, False):
        group = [ch for ch in found if ch.real == real]
        cells = [c for ch in group for c in ch.guessable
                 if evaluator.probabilities.get(c, 1) < 1]
        if cells:
            break
    else:
        return None
    cell, risk = pick(evaluator, cells, rng)
    chain = next(ch for ch in group if cell in ch.guessable)
    kind = ("a real 50/50: no cell outside can ever tell its two ways apart" if real
            else "a pseudo 50/50: a mine here only where its frame is full and no "
                 "cell outside can tell the two ways apart")
    return Decision(Action.reveal(cell), Reason.guessed(
        risk, f"chain 50/50: {len(chain.cells)} cells tied by numbers into two ways, "
              f"{kind}; the risk is owed anyway; taken first"))


def discounted(c: Candidate, discount: float) -> float:
    """Two-step survival with the second guess's safety weighed by ``discount``: an outcome
    that makes no cell certain (and does not win: best safety 1 with no cell made safe)
    leaves a guess to come, and perhaps more after it."""
    total = c.outcome.total
    return sum(c.outcome.safe[v] / total * (best if made or best == 1 else discount * best)
               for v, (made, best) in c.after.items())
