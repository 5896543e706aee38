"""The ``best`` strategy: exact certain moves, then guesses chosen by what they reveal.

Each turn, as the ``exact`` baseline does (:mod:`sweepkit.strategies.exact`), every cell
the exact analysis proves safe is revealed. When none is, the guess is that of the first
of these that has one (:mod:`.rules`; in brackets the options that shape each):

1. the exact endgame (``endgame``, ``endgame_states``): optimal play once few layouts are
   left (:mod:`.endgame`);
2. the opening book (``far_corner``): after a corner showing a number, the far corner
   (:mod:`.opening`);
3. forced guesses (``fifty_fifty``): cells no other move can inform (:mod:`.forced`);
4. isolated areas (``isolated``): a walled-in area played optimally alone (:mod:`.isolated`);
5. the heuristic (``guess``): the guess that reveals most (:mod:`.ranking`, :mod:`.guesses`),

   - among the cells within ``tolerance`` of the safest, ``lookahead`` classes at most;
   - the floating cells: all, or the Java solver's few (``off_frontier``, :mod:`.off_frontier`);
   - weighed by long-term safety (``long_term``, :mod:`.long_term`);
   - with the safety after a number blended from the best two (``blend``);
   - small covered areas left for later (``pockets``, :mod:`.pockets`);
   - equal guesses told apart at random or in a fixed order (``ties``, :mod:`.ties`);
   - overruled by a move a stopped endgame search proved better (``partial``).

``strength`` picks a preset (:mod:`.options`): ``fast``, ``normal`` (the default) or
``max``, or a number (``normal`` with an endgame of that many layouts); an option given
explicitly overrides it. ``budget`` is its deprecated name (a DeprecationWarning). The first
click is the caller's (:func:`recommended_first`), or ``"analysed"``: chosen as every guess
is. The options no preset uses are apart (:mod:`.experimental`). What each ingredient is
worth, measured, is in ``docs/results.md``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from sweepkit.analysis.board.probability import Analysis
from sweepkit.analysis.tracking.incremental import IncrementalAnalyser
from sweepkit.moves import Decision
from sweepkit.position import Position
from sweepkit.strategies.base import FirstMove, unopened
from sweepkit.strategies.best.descriptions import describe, describe_ranked
from sweepkit.strategies.best.endgame import RETRY_FACTOR, Endgame
from sweepkit.strategies.best.experimental import discounted
from sweepkit.strategies.best.guesses import Evaluator
from sweepkit.strategies.best.opening import ANALYSED, far_corner, recommended_first
from sweepkit.strategies.best.options import (
    EXPERIMENTAL,
    GUESS_MODES,
    OPTIONS,
    STRENGTHS,
    BestOptions,
    Experimental,
    chosen_strength,
    preset,
)
from sweepkit.strategies.best.ranking import Ranked, Ranking, tied
from sweepkit.strategies.best.rules import Considered, Rules
from sweepkit.strategies.exact import ExactStrategy


class BestStrategy(ExactStrategy):
    """Exact certain moves, then the guess of the first rule that has one, else the guess
    ranked first (the module doc says which, with ``strength`` and the options:
    :class:`~.options.BestOptions`, kept as :attr:`options`)."""

    name = "best"
    full_ranking = False
    """Whether :meth:`consider` ranks every guess it looks at even when only the first is
    needed (a subclass that reads the runners-up sets it); by default it ranks only those
    that can come first (:meth:`~.ranking.Ranking.top`)."""

    def __init__(self, first: FirstMove = "corner", *, strength: str | int | None = None,
                 guess: str | None = None, tolerance: float | None = None,
                 lookahead: int | None = None, fifty_fifty: bool | None = None,
                 isolated: bool | None = None, endgame: int | None = None,
                 endgame_states: int | None = None,
                 discount: float | None = None, pseudo: bool | None = None,
                 owed: float | None = None, chains: bool | None = None,
                 far_corner: bool | None = None, long_term: float | None = None,
                 blend: float | None = None, pockets: int | None = None,
                 progress: float | None = None, off_frontier: str | None = None,
                 ties: str | None = None, partial: bool | None = None,
                 use_mine_count: bool = True,
                 flag_mines: bool = False, techniques: bool = True,
                 budget: str | int | None = None) -> None:  # deprecated: strength
        # the options by name, as the command line and the web app give them
        # (``make_strategy`` reads this signature); None: the preset's
        given = {"guess": guess, "tolerance": tolerance, "lookahead": lookahead,
                 "fifty_fifty": fifty_fifty, "isolated": isolated, "endgame": endgame,
                 "endgame_states": endgame_states, "far_corner": far_corner,
                 "long_term": long_term, "blend": blend, "pockets": pockets,
                 "off_frontier": off_frontier, "ties": ties, "partial": partial,
                 "discount": discount, "pseudo": pseudo, "owed": owed, "chains": chains,
                 "progress": progress}
        super().__init__("corner" if first == ANALYSED else first,
                         use_mine_count=use_mine_count, flag_mines=flag_mines,
                         techniques=techniques)
        self.first = first
        self.options = BestOptions.of(chosen_strength(strength, budget), **given)
        o = self.options
        self._whatif = IncrementalAnalyser(use_mine_count, keep_mines=False)
        self._endgame = Endgame(o.endgame, o.endgame_states, o.partial)
        self.ranking = Ranking(o)
        self._rules = Rules(o, self._endgame, self.ranking.pick, self._whatif)

    def __getattr__(self, name: str) -> Any:
        """An option read by its name (``strategy.endgame``, ``strategy.discount``), from
        :attr:`options`; AttributeError for any other name."""
        options = self.__dict__.get("options")
        if options is not None:
            if name in OPTIONS:
                return getattr(options, name)
            if name in EXPERIMENTAL:
                return getattr(options.experimental, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def moves(self, view: Position, rng: random.Random) -> Sequence[Decision]:
        """The next move(s); with ``first="analysed"`` the first click too is chosen as
        every guess is (for boards without first-click protection)."""
        if self.first == ANALYSED and unopened(view):
            return self.decide(view, rng)
        return super().moves(view, rng)

    def start(self, view: Position) -> None:
        super().start(view)
        self._whatif.reset()
        self._endgame.start()

    def _guess(self, analysis: Analysis, rng: random.Random) -> Decision:  # type: ignore[override]
        return self.consider(analysis, rng).decision

    def consider(self, analysis: Analysis, rng: random.Random,
                 alternatives: bool = False) -> Considered:
        """The guess for ``analysis`` (a position with no certainly safe cell) and how it
        was found; with ``alternatives``, the ranked guesses even when a rule decided (for
        hints), every floating cell among them whatever ``off_frontier`` leaves out of the
        choice."""
        o = self.options
        if o.guess == "p":
            return Considered(ExactStrategy._guess(analysis, rng), "lowest probability", [])
        evaluator = Evaluator(analysis, self._whatif, o.blend if o.two_step else 0.0)
        found = self._rules.decide(evaluator, rng)
        if found is not None and not alternatives:
            return Considered(*found, [])
        # the runners-up a person may ask about include every floating cell (``every``);
        # a guess still to choose is chosen among the cells ``off_frontier`` looks at
        every = alternatives and found is not None
        ranked = (self.rank(evaluator, every=every)
                  if alternatives or self.full_ranking or not self.ranking.prunable
                  else self.ranking.top(evaluator))
        decision, step = (found if found is not None
                          else self._rules.heuristic(ranked, evaluator, rng))
        if alternatives and not every and o.off_frontier != "all":
            ranked = self.rank(evaluator, every=True)
        return Considered(decision, step, ranked)

    def rank(self, evaluator: Evaluator, every: bool = False) -> list[Ranked]:
        """The guesses considered, best first (:meth:`~.ranking.Ranking.rank`); with
        ``every``, the floating cells that ``off_frontier`` leaves out too."""
        return self.ranking.rank(evaluator, every)

    def describe(self, ranked: Ranked, tied: int = 1) -> str:
        """A guess this strategy ranked, in words (:func:`describe`, with its options)."""
        return describe_ranked(ranked, tied, self.options)

    def ranking_discount(self) -> float:
        """The discount the ranking uses (1 unless the guess mode is two-step)."""
        return self.options.ranking_discount


__all__ = ["ANALYSED", "EXPERIMENTAL", "GUESS_MODES", "RETRY_FACTOR", "STRENGTHS",
           "BestOptions", "BestStrategy", "Considered", "Experimental", "Ranked",
           "describe", "discounted", "far_corner", "preset", "recommended_first", "tied"]
