"""The ``exact`` baseline: every certain move from the exact analysis, else the safest guess.

Each turn it analyses the view exactly (with the total mine count unless told not to):
it reveals every cell that is safe in all layouts, each with the simplest technique that
proves it (:mod:`sweepkit.analysis.reasons.explain`); when none is, it reveals a cell of lowest
exact mine probability, ties broken uniformly at random. Cells it proves to be mines are
kept in its working view between moves (so they leave the constraints instead of adding
to them); with ``flag_mines`` it also flags them in the game, as a person would.
The analysis goes through an :class:`~sweepkit.analysis.tracking.incremental.IncrementalAnalyser`
kept for the game: each turn only the equations, boxes and components the moves since the
last analysis changed are rebuilt, and the components they did not touch are not counted
again (the component solver's cache, :func:`sweepkit.analysis.count.component.solve_component`,
returns them). The analysis is the same as ``analyse(view)``, so the games are too.

This is the baseline the strongest player is measured against: exact probabilities,
nothing chosen by what a guess may reveal.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import compress
from operator import ne

from sweepkit.analysis.board.probability import Analysis
from sweepkit.analysis.reasons.explain import CellValue, Technique, techniques_of
from sweepkit.analysis.tracking.incremental import IncrementalAnalyser
from sweepkit.constraints import numbers_near_unknown
from sweepkit.moves import Action, Decision, Reason
from sweepkit.position import MINE, UNKNOWN, Position
from sweepkit.strategies.base import FirstMove, Strategy, StrategyError


class ExactStrategy(Strategy):
    """Certain moves from the exact analysis, else the lowest exact mine probability.

    ``use_mine_count`` weighs layouts by the total mine count (the right probabilities;
    off, every consistent layout of the frontier counts once, as Pedersen's estimates
    do); ``flag_mines`` flags proved mines in the game; ``techniques`` names the technique
    of every certain move (off, each is reported as ``linked``, a little faster);
    ``quick`` first tries the single-number rule alone and runs the exact analysis only
    when it finds nothing (same games, fewer analyses).
    """

    name = "exact"

    def __init__(self, first: FirstMove = "corner", *, use_mine_count: bool = True,
                 flag_mines: bool = False, techniques: bool = True, quick: bool = True) -> None:
        super().__init__(first)
        self.quick = quick
        self.use_mine_count = use_mine_count
        self.flag_mines = flag_mines
        self.techniques = techniques
        self._mines: set[int] = set()
        self._analyser = IncrementalAnalyser(use_mine_count)
        self._passed: tuple[int, ...] | None = None  # the view the last pass looked at
        self._passed_mines: set[int] = set()  # and the mines known then

    def start(self, view: Position) -> None:
        self._mines = set()
        self._passed, self._passed_mines = None, set()
        self._analyser.reset()

    def decide(self, view: Position, rng: random.Random) -> Sequence[Decision]:
        cells = view.cells
        if self.quick:
            found = self._single_number_pass(view)
            if found:
                return found
        marks = {c: MINE for c in self._mines if cells[c] == UNKNOWN}
        work = view.replace(marks) if marks else view
        self._analyser.use_mine_count = self.use_mine_count
        analysis = self._analyser.update(work)
        if not analysis.consistent:
            raise StrategyError("the view has no consistent layout")
        decisions: list[Decision] = []
        new_mines = analysis.mine_cells()
        self._mines.update(new_mines)
        if self.flag_mines:
            to_flag = [c for c in (*new_mines, *marks) if cells[c] == UNKNOWN]
            decisions += [Decision(Action.flag(c), reason)
                          for c, reason in self._certain(analysis, to_flag, CellValue.MINE)]
        safe = analysis.safe_cells()
        if safe:
            decisions += [Decision(Action.reveal(c), reason)
                          for c, reason in self._certain(analysis, safe, CellValue.SAFE)]
            return decisions
        return [*decisions, self._guess(analysis, rng)]

    def _single_number_pass(self, view: Position) -> list[Decision]:
        """Safe cells found by single numbers alone (proved mines marked and safe cells
        known as the pass goes, until nothing more follows), without the exact analysis:
        most turns of a game need no more. The cells the
        analysis would have found are found on a later turn instead, so the positions in
        which the strategy guesses are the same."""
        cells = view.cells
        table = view.neighbour_table()
        mines = self._mines
        safe: dict[int, None] = {}
        flags: list[int] = []
        todo = self._pass_numbers(view)
        while todo:
            again = []
            for n in todo:
                unknown = [j for j in table[n]
                           if cells[j] == UNKNOWN and j not in mines and j not in safe]
                if not unknown:
                    continue
                known = sum(1 for j in table[n] if cells[j] == MINE or j in mines)
                need = cells[n] - known
                if need == 0:
                    safe.update(dict.fromkeys(unknown))
                elif need == len(unknown):
                    mines.update(unknown)
                    flags += unknown
                else:
                    continue
                # a cell decided either way can decide its neighbours' other cells: the pass
                # ends at the same cells whatever order it takes the numbers in
                again += {k for j in unknown for k in table[j] if cells[k] > 0}
            todo = sorted(set(again))
        self._passed, self._passed_mines = cells, set(mines)
        if not safe:
            return []
        single = Reason.certain(Technique.SINGLE)
        decisions = [Decision(Action.flag(c), Reason.certain(Technique.SINGLE))
                     for c in flags] if self.flag_mines else []
        return decisions + [Decision(Action.reveal(c), single) for c in safe]

    def _pass_numbers(self, view: Position) -> list[int]:
        """The numbers the single-number pass looks at, ascending: on the first turn every
        number next to a cell neither open nor known to be a mine (the others find nothing
        to do); then only the numbers next to a cell that changed since the last pass (opened
        or flagged) or proved a mine since, and the numbers just opened. Every other number
        found nothing last time and would find the same nothing now."""
        cells, mines = view.cells, self._mines
        last = self._passed
        if last is None or len(last) != len(cells):
            return [i for i in numbers_near_unknown(view, mines) if cells[i] > 0]
        table = view.neighbour_table()
        touched = list(compress(range(len(cells)), map(ne, last, cells)))  # changed cells
        touched += mines - self._passed_mines
        around = {k for c in touched for k in table[c] if cells[k] > 0}
        around.update(c for c in touched if cells[c] > 0)
        return sorted(around)

    def _certain(self, analysis: Analysis, cells: Sequence[int],
                 value: CellValue) -> list[tuple[int, Reason]]:
        if not self.techniques:
            return [(c, Reason.certain(Technique.LINKED)) for c in cells]
        named = techniques_of(analysis, cells, value)
        return [(c, Reason.certain(named[c])) for c in cells]

    @staticmethod
    def _guess(analysis: Analysis, rng: random.Random) -> Decision:
        probabilities = analysis.probabilities()
        if not probabilities:
            raise StrategyError("no covered cell left to probe")
        best = min(probabilities.values())
        ties = [c for c, p in probabilities.items() if p == best]
        return Decision(Action.reveal(rng.choice(ties)),
                        Reason.guessed(best, f"lowest exact probability, {len(ties)} tied"))
