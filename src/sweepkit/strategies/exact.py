"""The ``exact`` baseline: every certain move from the exact analysis, else the safest guess.

Each turn it analyses the view exactly (with the total mine count unless told not to):
it reveals every cell that is safe in all layouts, each with the simplest technique that
proves it (:mod:`sweepkit.analysis.explain`); when none is, it reveals a cell of lowest
exact mine probability, ties broken uniformly at random. Cells it proves to be mines are
kept in its working view between moves (so they leave the constraints instead of adding
to them); with ``flag_mines`` it also flags them in the game, as a person would.
Components a move did not touch are not counted again: the component solver's cache
(:func:`sweepkit.analysis.component.solve_component`) returns them.

This is the baseline the strongest player is measured against: exact probabilities,
nothing chosen by what a guess may reveal.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from sweepkit.analysis.explain import CellValue, Technique, technique_of
from sweepkit.analysis.probability import Analysis, analyse
from sweepkit.moves import Action, Decision, Reason
from sweepkit.position import MINE, UNKNOWN, Position
from sweepkit.strategies.base import FirstMove, Strategy, StrategyError


class ExactStrategy(Strategy):
    """Certain moves from the exact analysis, else the lowest exact mine probability.

    ``use_mine_count`` weighs layouts by the total mine count (the right probabilities;
    off, every consistent layout of the frontier counts once, as Pedersen's estimates
    do); ``flag_mines`` flags proved mines in the game; ``techniques`` names the technique
    of every certain move (off, each is reported as ``linked``, a little faster).
    """

    name = "exact"

    def __init__(self, first: FirstMove = "corner", *, use_mine_count: bool = True,
                 flag_mines: bool = False, techniques: bool = True) -> None:
        super().__init__(first)
        self.use_mine_count = use_mine_count
        self.flag_mines = flag_mines
        self.techniques = techniques
        self._mines: set[int] = set()

    def start(self, view: Position) -> None:
        self._mines = set()

    def decide(self, view: Position, rng: random.Random) -> Sequence[Decision]:
        cells = view.cells
        marks = {c: MINE for c in self._mines if cells[c] == UNKNOWN}
        work = view.replace(marks) if marks else view
        analysis = analyse(work, self.use_mine_count)
        if not analysis.consistent:
            raise StrategyError("the view has no consistent layout")
        decisions: list[Decision] = []
        new_mines = analysis.mine_cells()
        self._mines.update(new_mines)
        if self.flag_mines:
            decisions += [Decision(Action.flag(c), self._certain(analysis, c, CellValue.MINE))
                          for c in (*new_mines, *marks) if cells[c] == UNKNOWN]
        safe = analysis.safe_cells()
        if safe:
            decisions += [Decision(Action.reveal(c),
                                   self._certain(analysis, c, CellValue.SAFE))
                          for c in safe]
            return decisions
        return [*decisions, self._guess(analysis, rng)]

    def _certain(self, analysis: Analysis, cell: int, value: CellValue) -> Reason:
        technique = technique_of(analysis, cell, value) if self.techniques else Technique.LINKED
        return Reason.certain(technique)

    @staticmethod
    def _guess(analysis: Analysis, rng: random.Random) -> Decision:
        probabilities = analysis.probabilities()
        if not probabilities:
            raise StrategyError("no covered cell left to probe")
        best = min(probabilities.values())
        ties = [c for c, p in probabilities.items() if p == best]
        return Decision(Action.reveal(rng.choice(ties)),
                        Reason.guessed(best, f"lowest exact probability, {len(ties)} tied"))
