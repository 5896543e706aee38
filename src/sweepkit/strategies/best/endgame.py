"""The exact endgame of ``best``: optimal play once few layouts are left, and what a search
that stopped early proved.

With ``endgame`` layouts or fewer (and the mine count), the move is one that maximises the
probability of winning the whole game, by the memoised search over information states of
:mod:`sweepkit.search.optimal`, within ``endgame_states`` expanded states (a state limit: a
limit of work, not of time, so a game replays exactly whatever the machine's load). The
search is kept for the game's later guesses (:class:`~sweepkit.search.optimal.GameTree`):
their positions are states of it, and the state limit counts only the states a guess expands
anew. Past the limit the heuristic decides, and the game's next search waits until the
layouts left are :data:`RETRY_FACTOR` times fewer. With ``partial``, a search that stopped
still counts: a guess of the heuristic that it proved worse than the best move it found
(:class:`~sweepkit.search.optimal.PartialPlay`) gives way to that move (the Java solver's
``checkForBetterMove``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from sweepkit.moves import Action, Decision, Reason
from sweepkit.search.optimal import GameTree, OptimalPlayError, PartialPlay, fresh_tree
from sweepkit.strategies.best.guesses import Evaluator

RETRY_FACTOR = 2
"""After an endgame search gives up (more than ``endgame_states`` states, or a game tree
too deep to search), the next one in the game waits until the layouts left are this many
times fewer: a search that large would most likely give up again, at the full cost of the
state limit each time."""


class Endgame:
    """The endgame search of one game: its tree, kept for the later guesses, the layouts
    of the last search that gave up, and what the search of the current guess proved
    before it stopped. ``layout_limit`` and ``state_limit`` are the options ``endgame`` and
    ``endgame_states``; with ``partial``, a stopped search is kept for
    :meth:`proved_better`."""

    def __init__(self, layout_limit: int, state_limit: int, partial: bool) -> None:
        self.layout_limit, self.state_limit = layout_limit, state_limit
        self.partial = partial
        self.tree: GameTree | None = None  # the search, kept for later guesses
        self.gave_up: int | None = None  # layouts of the last search past its limit
        self.stopped: PartialPlay | None = None  # what this guess's stopped search proved

    def start(self) -> None:
        """Forget the last game's search."""
        self.gave_up = None
        self.tree = None

    def play(self, evaluator: Evaluator, rng: random.Random) -> Decision | None:
        """The exact optimal move when few layouts are left, else ``None`` (and, with
        ``partial``, what the search proved before it stopped kept for
        :meth:`proved_better`)."""
        self.stopped = None
        analysis = evaluator.analysis
        work = analysis.position
        if (not self.layout_limit or not analysis.uses_mine_count or work.mines is None
                or analysis.total > self.layout_limit):
            return None
        if self.gave_up is not None and analysis.total * RETRY_FACTOR > self.gave_up:
            return None  # a search this large gave up already this game: not again yet
        tree = None  # the tree searched for this position
        try:
            if self.tree is not None and self.tree.layouts_of(work) is not None:
                tree = self.tree
                result = tree.play(work, max_states=self.state_limit)
            else:
                tree, result = fresh_tree(work, self.layout_limit, self.state_limit)
                self.tree = tree
        except OptimalPlayError:
            result = None
        if result is None:  # too many states, or a tree too deep: the heuristic decides,
            self.gave_up = analysis.total  # until the layouts have shrunk
            if self.partial and tree is not None:
                self.stopped = tree.stopped  # what the search proved before it stopped
            return None
        return searched_move(result.best_moves, evaluator, rng,
                             f"exact endgame: optimal play wins {result.wins} of the "
                             f"{result.total} layouts left "
                             f"({result.wins / result.total:.1%})")

    def proved_better(self, decision: Decision, evaluator: Evaluator,
                      rng: random.Random) -> Decision | None:
        """A best move of this guess's stopped search (option ``partial``) when it proved
        the heuristic's cell worse, else ``None``."""
        stopped = self.stopped
        if stopped is None or decision.action.cell not in stopped.worse:
            return None
        return searched_move(stopped.best_moves, evaluator, rng,
                             f"exact endgame, stopped early: this cell wins {stopped.wins} "
                             f"of the {stopped.total} layouts left, more than the "
                             f"heuristic's choice")


def safest(cells: Sequence[int], probabilities: dict[int, float],
           rng: random.Random) -> tuple[int, float]:
    """One of ``cells`` with the lowest mine probability (ties at random), and that
    probability."""
    risk = min(probabilities[c] for c in cells)
    return rng.choice([c for c in cells if probabilities[c] == risk]), risk


def searched_move(moves: Sequence[int], evaluator: Evaluator, rng: random.Random,
                  note: str) -> Decision | None:
    """The safest of an exact search's best ``moves`` that the position can still reveal,
    guessed with ``note``; ``None`` when there is none."""
    live = [c for c in moves if c in evaluator.probabilities]
    if not live:
        return None
    cell, risk = safest(live, evaluator.probabilities, rng)
    return Decision(Action.reveal(cell), Reason.guessed(risk, note))
