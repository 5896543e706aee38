"""The guess rules of ``best``, in the order they are tried: the first that gives a move
decides, and the ranking of :mod:`.ranking` decides when none does.

Only the rules whose options are on are tried (:meth:`Rules.decide`): the exact endgame
(:mod:`.endgame`), the opening book (:mod:`.opening`), forced guesses (:mod:`.forced`),
isolated areas (:mod:`.isolated`), then the experimental pseudo and chain 50/50s
(:mod:`.experimental`). The heuristic's guess (:meth:`Rules.heuristic`) gives way to a
move the endgame search proved better before it stopped.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from sweepkit.analysis.tracking.incremental import IncrementalAnalyser
from sweepkit.moves import Action, Decision, Reason
from sweepkit.search.optimal import OptimalPlayError, optimal_play
from sweepkit.strategies.best.descriptions import describe_ranked
from sweepkit.strategies.best.endgame import Endgame, safest, searched_move
from sweepkit.strategies.best.experimental import Pick, chain_move, pseudo_move
from sweepkit.strategies.best.forced import forced_groups
from sweepkit.strategies.best.guesses import Evaluator
from sweepkit.strategies.best.isolated import area_position, isolated_areas
from sweepkit.strategies.best.opening import book
from sweepkit.strategies.best.options import BestOptions
from sweepkit.strategies.best.ranking import Ranked
from sweepkit.strategies.best.ties import break_tie

Rule = Callable[[Evaluator, random.Random], Decision | None]
"""A guess rule: its move for the position, or ``None`` when it has none."""


@dataclass(frozen=True)
class Considered:
    """A guess and how it was found: ``step`` names the rule that chose it (``exact
    endgame``, ``forced guess``, or the guess mode), ``ranked`` the guesses ranked (empty
    when not needed; when the heuristic chose without ``alternatives``, only the guesses
    that could come first, unless
    :attr:`~sweepkit.strategies.best.BestStrategy.full_ranking`)."""

    decision: Decision
    step: str
    ranked: list[Ranked]


class Rules:
    """The rules ``options`` turn on, in order; ``endgame`` is the game's endgame search,
    ``pick`` the ranking's first of some cells (for the chain rule, which ``whatif``
    analyses for)."""

    def __init__(self, options: BestOptions, endgame: Endgame, pick: Pick,
                 whatif: IncrementalAnalyser) -> None:
        self.options = options
        self.endgame = endgame
        x = options.experimental
        rules: list[tuple[str, bool, Rule]] = [
            ("exact endgame", options.endgame > 0, endgame.play),
            ("opening book", options.far_corner, lambda evaluator, _rng: book(evaluator)),
            ("forced guess", options.fifty_fifty, forced_move),
            ("isolated area", options.isolated and options.endgame > 0, self._isolated),
            ("pseudo 50/50", x.pseudo, pseudo_move),
            ("chain 50/50", x.chains,
             lambda evaluator, rng: chain_move(evaluator, whatif, pick, rng)),
        ]
        self.order: list[tuple[str, Rule]] = [(step, rule) for step, on, rule in rules if on]
        """The rules tried, with the step each names, first first."""

    def decide(self, evaluator: Evaluator, rng: random.Random
               ) -> tuple[Decision, str] | None:
        """The move of the first rule that has one, and its step; ``None`` when none has:
        the ranking decides."""
        for step, rule in self.order:
            decision = rule(evaluator, rng)
            if decision is not None:
                return decision, step
        return None

    def heuristic(self, ranked: list[Ranked], evaluator: Evaluator,
                  rng: random.Random) -> tuple[Decision, str]:
        """The guess the ranking puts first (``ranked``; equal ones told apart by the
        option ``ties``), and its step: the guess mode, or the exact endgame when the
        stopped search proved that guess worse (option ``partial``)."""
        options = self.options
        best = ranked[0]
        ties = [r for r in ranked if r.key == best.key]
        cells = [c for r in ties for c in r.candidate.cells]
        decision = Decision(Action.reveal(break_tie(evaluator.position, cells,
                                                    options.ties, rng)),
                            Reason.guessed(1 - best.candidate.safety,
                                           describe_ranked(best, len(cells), options)))
        better = self.endgame.proved_better(decision, evaluator, rng)
        if better is not None:
            return better, "exact endgame"
        return decision, options.guess

    def _isolated(self, evaluator: Evaluator, rng: random.Random) -> Decision | None:
        """The optimal move of the smallest isolated area (:mod:`.isolated`) the exact
        search settles within the endgame's limits (layouts and states), if the position has
        one."""
        layouts, states = self.options.endgame, self.options.endgame_states
        position = evaluator.analysis.position
        for area in isolated_areas(evaluator.analysis):
            board = area_position(position, area) if area.layouts <= layouts else None
            if board is None:
                continue
            try:
                result = optimal_play(board, layouts, max_states=states)
            except OptimalPlayError:
                continue  # past the state limit (or too deep): the next area, or no move
            decision = searched_move(
                result.best_moves, evaluator, rng,
                f"isolated area: {len(area.cells)} cells walled in, {area.mines} "
                f"mine{'s' if area.mines != 1 else ''} in every layout; optimal play clears "
                f"it in {result.wins} of its {result.total} layouts "
                f"({result.wins / result.total:.1%}); taken first, as nothing elsewhere "
                f"tells anything about it")
            if decision is not None:
                return decision
        return None


def forced_move(evaluator: Evaluator, rng: random.Random) -> Decision | None:
    """The safest cell of a forced guess (:mod:`.forced`), if the position has one."""
    groups = forced_groups(evaluator.analysis, lambda c: evaluator.outcome(c).dead)
    probabilities = evaluator.probabilities
    cells = [c for g in groups for c in g if probabilities[c] < 1]
    if not cells:
        return None
    cell, risk = safest(cells, probabilities, rng)
    size = len(next(g for g in groups if cell in g))
    return Decision(Action.reveal(cell), Reason.guessed(
        risk, f"forced guess: {size} cells no other move can inform; taken first"))
