"""The ``best`` strategy: exact certain moves, then guesses chosen by what they reveal.

Each turn it reveals every cell the exact analysis proves safe, as the ``exact`` baseline
does (:mod:`.exact`, whose certain moves and working state it inherits). When none is
left, the first of these steps that applies chooses the guess:

1. **Exact endgame** (``endgame`` layouts or fewer): the move that wins the most layouts,
   by :func:`sweepkit.search.optimal_play` within ``endgame_states`` expanded states.
2. **Opening book** (``far_corner``): after a first click in a corner that shows a number,
   the corner diagonally opposite (:func:`far_corner`).
3. **Forced guesses** (``fifty_fifty``): a group of cells no move can inform, which must be
   guessed sooner or later (:mod:`.forced`).
4. **Isolated areas** (``isolated``): an area walled in by numbers with the same mines in
   every layout, played optimally on a board of its own, the smallest first (:mod:`.isolated`).
5. **Pseudo 50/50s** (``pseudo``): a cell that is a mine only where a closed 2×1 or 2×2
   pattern loses anyway (:mod:`.owed`).
6. **Chain 50/50s** (``chains``): cells of a chain of "one mine in these two" numbers that
   no cell outside can tell apart (:mod:`.chains`).
7. **The heuristic** (``guess``), over the live cells (a dead cell only when every cell is
   dead), with the values of :mod:`.guesses`.

The exact endgame counts states, not seconds, so a game replays exactly on any machine. Its
search is kept for the rest of the game (:class:`~sweepkit.search.optimal.GameTree`); after
a search runs out of states the next waits until the layouts are :data:`RETRY_FACTOR` times
fewer; with ``partial``, a heuristic guess that a stopped search proved worse than its best
move gives way to that move (:class:`~sweepkit.search.optimal.PartialPlay`).

The heuristic's modes: ``"p"``, the lowest mine probability (the ``exact`` baseline); then,
among exact ties, ``"quick"`` the likeliest to show a number that decides every neighbour,
``"local"`` the likeliest to make a cell of the touched components certainly safe (from the outcome
counts), then as ``"quick"``; ``"ps"`` the likeliest to make any cell certainly safe (S, one
analysis per number), ``"pse"`` then the most cells made safe on average (E); ``"two-step"``,
among the cells within ``tolerance`` (relative) of the safest, the likeliest to survive
this guess and the next, then E. The look-ahead modes evaluate at most ``lookahead`` classes
of cells, the safest first. The options of ``"two-step"``:

- ``blend`` b: the next guess's safety is (1 − b) × the best plus b × the second best;
- ``long_term`` w: a cell's value times (safe + w × influence) / safe, its influence the
  layouts in which it is a mine of a 2×1 or 2×2 pattern that may become a 50/50
  (:mod:`.long_term`);
- ``discount``: the next guess's safety weighed this much when the number makes no cell
  certain (:func:`discounted`);
- ``owed`` w: a cell's value plus w times the share it loses only to a closed 50/50;
- ``progress`` w: a cell's value times 1 + w × S;
- ``pockets`` n: a cell of a walled-in area of fewer than n cells is ranked only when no
  live cell of the window lies outside such areas (:mod:`.pockets`);
- ``off_frontier``: ``"all"`` floating cells, or ``"java"``: only the few David N. Hill's
  Java solver looks at (:mod:`.off_frontier`);
- ``ties``: how cells of equal value (compared to :data:`TIE_DIGITS` decimals) are told
  apart (:mod:`.ties`).

``budget`` picks a preset (:data:`BUDGETS`): ``fast``, ``normal`` (the default) or ``max``;
a number is ``normal`` with an endgame of that many layouts. An option given explicitly
overrides the preset. The first click is the caller's (:func:`recommended_first` gives the
measured best for a first-click rule), or ``"analysed"``: chosen as every guess is, which
is right when the first click has no protection (the small boards of ``docs/optimal.md``).

What each ingredient is worth (paired win-rate differences with their intervals), the
presets' win rates and speeds, and what was tried and left off are in ``docs/results.md``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any

from sweepkit.analysis.incremental import IncrementalAnalyser
from sweepkit.analysis.probability import Analysis
from sweepkit.moves import Action, Decision, Reason
from sweepkit.position import UNKNOWN, Position
from sweepkit.search.optimal import (
    GameTree,
    OptimalPlayError,
    PartialPlay,
    fresh_tree,
    optimal_play,
)
from sweepkit.strategies.base import FirstMove, StrategyError, unopened
from sweepkit.strategies.chains import chain_fifty_fiftys
from sweepkit.strategies.exact import ExactStrategy
from sweepkit.strategies.forced import forced_groups
from sweepkit.strategies.guesses import Candidate, Evaluator
from sweepkit.strategies.isolated import area_position, isolated_areas
from sweepkit.strategies.long_term import LongTerm
from sweepkit.strategies.off_frontier import MODES as OFF_FRONTIER_MODES
from sweepkit.strategies.off_frontier import java_off_frontier
from sweepkit.strategies.pockets import small_pockets
from sweepkit.strategies.ties import MODES as TIE_MODES
from sweepkit.strategies.ties import break_tie

ANALYSED = "analysed"
"""The first click chosen by the same rules as every guess (``first=ANALYSED``)."""

GUESS_MODES = ("p", "quick", "local", "ps", "pse", "two-step")

BUDGETS: dict[str, dict[str, Any]] = {
    "fast": {"guess": "local", "lookahead": 0, "tolerance": 0.0, "fifty_fifty": True,
             "isolated": False, "endgame": 0, "endgame_states": 0, "discount": 1.0,
             "pseudo": False,
             "owed": 0.0, "chains": False, "far_corner": False,
             "long_term": 0.0, "blend": 0.0, "pockets": 0, "progress": 0.0,
             "off_frontier": "all", "ties": "random", "partial": False},
    "normal": {"guess": "two-step", "lookahead": 1_000_000, "tolerance": 0.1,
               "fifty_fifty": True, "isolated": True, "endgame": 400, "endgame_states": 5000,
               "discount": 1.0,
               "pseudo": False, "owed": 0.0, "chains": False, "far_corner": True,
               "long_term": 0.9, "blend": 0.2, "pockets": 8, "progress": 0.0,
               "off_frontier": "java", "ties": "open", "partial": True},
    "max": {"guess": "two-step", "lookahead": 1_000_000, "tolerance": 0.15, "fifty_fifty": True,
            "isolated": True, "endgame": 20_000, "endgame_states": 10_000, "discount": 1.0,
            "pseudo": False,
            "owed": 0.0, "chains": False, "far_corner": True, "long_term": 0.9,
            "blend": 0.2, "pockets": 8, "progress": 0.0, "off_frontier": "all",
            "ties": "open", "partial": True},
}
"""The presets of ``budget``: strength traded for speed (``docs/results.md`` measures
each)."""


def recommended_first(rows: int, cols: int, first_click: str) -> FirstMove:
    """The first click on a rows x cols board under a first-click rule (``"none"``,
    ``"safe"`` or ``"opening"``), as measured (``docs/results.md``): the corner unless the
    first cell always opens (a corner most often shows a 0; at beginner it wins 91.7% of
    20,000 games, (0, 1) 89.6%), else a cell :data:`OPENING_STEPS` rows and columns in:
    two on boards up to 23 cells long (beginner: (2, 2) 97.4% against 96.9% for (3, 3)
    and 97.0% for (1, 1); intermediate: (2, 2) 88.9% and (3, 3) 88.6%, a difference
    30,000 games each do not resolve, (4, 4) 87.5%), three on longer ones (the C++
    solver's authors measured (3, 3) best on expert; (2, 2) was no better over 14,000
    games each). A board too small for it takes its middle. The runs: ``sweepkit bench
    --strategy best --level L --rule R --first ROW,COL --games N --seed S``, with the
    seeds of the first-click table of ``docs/results.md``.

    >>> recommended_first(16, 30, "safe"), recommended_first(16, 30, "opening")
    ('corner', (3, 3))
    >>> recommended_first(9, 9, "opening"), recommended_first(16, 16, "opening")
    ((2, 2), (2, 2))
    """
    if first_click == "opening":
        steps = OPENING_STEPS[max(rows, cols) >= 24]
        return (min(steps, (rows - 1) // 2), min(steps, (cols - 1) // 2))
    return "corner"


OPENING_STEPS = (2, 3)
"""How far in (rows and columns) the first click goes when it always opens: on boards
shorter than 24 cells, and on longer ones (:func:`recommended_first`)."""


def far_corner(view: Position) -> int | None:
    """The corner diagonally opposite the only open cell of ``view`` when that cell is a
    corner of a grid showing a number and the far corner is still covered, else ``None``:
    the position after a first click in the corner (the safe rule's) that did not open.

    >>> view = Position.from_rows(["1???", "????", "????"], mines=3)
    >>> view.coord(far_corner(view))
    (2, 3)
    >>> far_corner(Position.from_rows(["?1??", "????"], mines=2)) is None
    True
    """
    if view.topology != "grid":
        return None
    opened = list(islice((c for c, v in enumerate(view.cells) if v >= 0), 2))  # two are enough
    if len(opened) != 1 or view.cells[opened[0]] <= 0:
        return None
    coord = view.coord(opened[0])
    if any(x not in (0, n - 1) for x, n in zip(coord, view.shape, strict=True)):
        return None
    far = view.index(*(n - 1 - x for x, n in zip(coord, view.shape, strict=True)))
    return far if far != opened[0] and view.cells[far] == UNKNOWN else None


def describe(c: Candidate, tied: int = 1, discount: float = 1.0, blend: float = 0.0,
             scale: float = 1.0) -> str:
    """A guess's values in words (the note of its move, a hint's line); with ``discount``
    below 1, the discounted two-step value the guess was ranked by too; with ``blend``,
    the next guess's safety is the blended one; ``scale`` is the long-term factor."""
    text = f"{c.safety:.1%} safe"
    if c.two_step is not None:
        text += (f"; its number makes some cell certainly safe {c.progress:.0%} of the time "
                 f"({c.expected:.2g} such cells on average); ")
        if blend:
            text += (f"survives this guess and the next {c.two_step:.1%}, the next one's "
                     f"safety weighing the best cell left {1 - blend:.0%} and the second "
                     f"best {blend:.0%}")
        else:
            text += f"survives this guess and the next {c.two_step:.1%}"
        if discount < 1:
            text += (f" ({discounted(c, discount):.1%} with a next guess that is still to "
                     f"come weighed by {discount:g})")
        if scale != 1:
            text += (f"; counted {scale:.3f} times for the 50/50s that may form on it and "
                     f"whose risk is taken anyway (long-term safety)")
    else:
        text += (f"; its number leaves a cell next to it certainly safe {c.local:.0%} of the "
                 f"time, decides all its neighbours {c.quick:.0%}")
    if c.dead:
        text += "; dead (its number is known: it can only lose or tell nothing)"
    return text + (f" ({tied} cells equally good)" if tied > 1 else "")


@dataclass(frozen=True)
class Considered:
    """A guess and how it was found: ``step`` names the rule that chose it (``exact
    endgame``, ``forced guess``, or the guess mode), ``ranked`` the guesses ranked (empty
    when not needed; when the heuristic chose without ``alternatives``, only the guesses
    that could come first, unless :attr:`BestStrategy.full_ranking`)."""

    decision: Decision
    step: str
    ranked: list[Ranked]


@dataclass(frozen=True)
class Ranked:
    """One guess the strategy considered: a class of equivalent cells, its values and the
    key it was ranked by (higher is better)."""

    candidate: Candidate
    key: tuple[float, ...]
    scale: float = 1.0
    """The long-term factor in the key (option ``long_term``; 1 without it)."""


class BestStrategy(ExactStrategy):
    """Exact certain moves, an exact endgame, forced guesses first, then the guess that
    reveals most.

    The module doc says how, with ``budget`` and the options."""

    name = "best"
    full_ranking = False
    """Whether :meth:`consider` ranks every guess it looks at even when only the first is
    needed (a subclass that reads the runners-up sets it); by default it ranks only those
    that can come first (:meth:`_rank_top`)."""

    def __init__(self, first: FirstMove = "corner", *, budget: str | int = "normal",
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
                 flag_mines: bool = False, techniques: bool = True) -> None:
        super().__init__("corner" if first == ANALYSED else first,
                         use_mine_count=use_mine_count, flag_mines=flag_mines,
                         techniques=techniques)
        self.first = first
        options = dict(preset(budget))
        given = {"guess": guess, "tolerance": tolerance, "fifty_fifty": fifty_fifty,
                 "isolated": isolated,
                 "endgame": endgame, "endgame_states": endgame_states,
                 "lookahead": lookahead, "discount": discount, "pseudo": pseudo,
                 "owed": owed, "chains": chains, "far_corner": far_corner,
                 "long_term": long_term, "blend": blend, "pockets": pockets,
                 "progress": progress, "off_frontier": off_frontier, "ties": ties,
                 "partial": partial}
        options.update({k: v for k, v in given.items() if v is not None})
        if options["guess"] not in GUESS_MODES:
            raise ValueError(f"unknown guess mode {options['guess']!r} (expected one of "
                             f"{', '.join(GUESS_MODES)})")
        self.budget = budget
        self.guess: str = options["guess"]
        self.tolerance: float = float(options["tolerance"])
        self.lookahead: int = int(options["lookahead"])
        self.fifty_fifty: bool = bool(options["fifty_fifty"])
        self.isolated: bool = bool(options["isolated"])
        self.endgame: int = int(options["endgame"])
        self.endgame_states: int = int(options["endgame_states"])
        self.discount: float = float(options["discount"])
        self.pseudo: bool = bool(options["pseudo"])
        self.owed: float = float(options["owed"])
        self.chains: bool = bool(options["chains"])
        self.far_corner: bool = bool(options["far_corner"])
        self.long_term: float = float(options["long_term"])
        self.blend: float = float(options["blend"])
        self.pockets: int = int(options["pockets"])
        self.progress: float = float(options["progress"])
        self.off_frontier: str = options["off_frontier"]
        self.ties: str = options["ties"]
        self.partial: bool = bool(options["partial"])
        if self.ties not in TIE_MODES:
            raise ValueError(f"ties: expected one of {', '.join(TIE_MODES)}, got {ties!r}")
        if self.off_frontier not in OFF_FRONTIER_MODES:
            raise ValueError(f"off_frontier: expected one of {', '.join(OFF_FRONTIER_MODES)}, "
                             f"got {off_frontier!r}")
        if not 0 <= self.discount <= 1:
            raise ValueError(f"discount: expected a number from 0 to 1, got {discount!r}")
        if not 0 <= self.owed <= 1:
            raise ValueError(f"owed: expected a weight from 0 to 1, got {owed!r}")
        if not 0 <= self.long_term <= 1:
            raise ValueError(f"long_term: expected a weight from 0 to 1, got {long_term!r}")
        if not 0 <= self.blend < 1:
            raise ValueError(f"blend: expected a weight from 0 to below 1, got {blend!r}")
        if self.progress < 0:
            raise ValueError(f"progress: expected a weight, 0 or more, got {progress!r}")
        if self.pockets < 0:
            raise ValueError(f"pockets: expected a number of cells, 0 or more, got {pockets!r}")
        self._whatif = IncrementalAnalyser(use_mine_count, keep_mines=False)
        self._gave_up: int | None = None  # layouts of the last endgame search past budget
        self._tree: GameTree | None = None  # the endgame's search, kept for later guesses
        self._stopped: PartialPlay | None = None  # what this guess's stopped search proved

    def moves(self, view: Position, rng: random.Random) -> Sequence[Decision]:
        """The next move(s); with ``first="analysed"`` the first click too is chosen as
        every guess is (for boards without first-click protection)."""
        if self.first == ANALYSED and unopened(view):
            return self.decide(view, rng)
        return super().moves(view, rng)

    def start(self, view: Position) -> None:
        super().start(view)
        self._whatif.reset()
        self._gave_up = None
        self._tree = None

    # -- the guess -------------------------------------------------------------------------

    def _guess(self, analysis: Analysis, rng: random.Random) -> Decision:  # type: ignore[override]
        return self.consider(analysis, rng).decision

    def consider(self, analysis: Analysis, rng: random.Random,
                 alternatives: bool = False) -> Considered:
        """The guess for ``analysis`` (a position with no certainly safe cell) and how it
        was found; with ``alternatives``, the ranked guesses even when the endgame or a
        forced guess decided (for hints), every floating cell among them whatever
        ``off_frontier`` leaves out of the choice."""
        if self.guess == "p":
            return Considered(ExactStrategy._guess(analysis, rng), "lowest probability", [])
        evaluator = Evaluator(analysis, self._whatif,
                              self.blend if self.guess == "two-step" else 0.0)
        self._stopped = None
        decision, step = self._endgame(evaluator, rng), "exact endgame"
        if decision is None and self.far_corner:
            decision, step = self._book(evaluator), "opening book"
        if decision is None and self.fifty_fifty:
            decision, step = self._forced(evaluator, rng), "forced guess"
        if decision is None and self.isolated:
            decision, step = self._isolated(evaluator, rng), "isolated area"
        if decision is None and self.pseudo:
            decision, step = self._pseudo(evaluator, rng), "pseudo 50/50"
        if decision is None and self.chains:
            decision, step = self._chain(evaluator, rng), "chain 50/50"
        if decision is not None and not alternatives:
            return Considered(decision, step, [])
        # the runners-up a person may ask about include every floating cell (``every``);
        # a guess still to choose is chosen among the cells ``off_frontier`` looks at
        every = alternatives and decision is not None
        ranked = (self.rank(evaluator, every=every) if alternatives or self.full_ranking
                  or not self._prunable() else self._rank_top(evaluator))
        if decision is None:
            best = ranked[0]
            ties = [r for r in ranked if r.key == best.key]
            cells = [c for r in ties for c in r.candidate.cells]
            decision = Decision(Action.reveal(break_tie(evaluator.position, cells,
                                                        self.ties, rng)),
                                Reason.guessed(1 - best.candidate.safety,
                                               self.describe(best, len(cells))))
            step = self.guess
            better = self._proved_better(decision, evaluator, rng)
            if better is not None:
                decision, step = better, "exact endgame"
        if alternatives and not every and self.off_frontier != "all":
            ranked = self.rank(evaluator, every=True)
        return Considered(decision, step, ranked)

    def rank(self, evaluator: Evaluator, every: bool = False) -> list[Ranked]:
        """The guesses considered, best first (module doc, step 7); with ``every``, the
        floating cells that ``off_frontier`` leaves out too."""
        open_cells = self._open_cells(evaluator)
        levels = sorted(set(open_cells.values()))
        safest = 1 - levels[0]
        floor = safest * (1 - self.tolerance) if self.guess == "two-step" else safest
        owed = self._owed_shares(evaluator)
        lift, sweep = self._influence(evaluator)
        looked_at = (list(open_cells) if every
                     else self._looked_at(evaluator, open_cells, safest, floor, sweep))
        pool = [c for c in looked_at
                if 1 - open_cells[c] + owed.get(c, 0.0) + sweep.get(c, 0.0) >= floor]
        split: dict[int, object] = {c: (owed.get(c, 0.0), lift.get(c, 0.0))
                                    for c in owed.keys() | lift.keys()}
        pockets = self._pockets(evaluator, split)
        candidates = [c for c in evaluator.candidates(pool, split) if not c.dead]
        # cells in small pockets only when no other candidate is left (option ``pockets``)
        candidates = [c for c in candidates if c.cell not in pockets] or candidates
        if not candidates:
            # every cell that safe is dead: the next safest live cells, else the safest dead
            for level in levels:
                if 1 - level >= floor:
                    continue
                candidates = [c for c in evaluator.candidates(
                    [c for c, p in open_cells.items() if p == level], split) if not c.dead]
                if candidates:
                    break
            else:
                candidates = [c for c in evaluator.candidates(pool, split)
                              if c.safety == safest]
        # safest first (with ``owed`` and ``long_term``, counting their shares)
        candidates.sort(key=lambda c: (c.safety + owed.get(c.cell, 0.0)
                                       + self.long_term * lift.get(c.cell, 0.0), c.quick),
                        reverse=True)
        if self.guess == "quick":
            return [Ranked(c, (c.safety, c.quick)) for c in candidates]
        if self.guess == "local":
            candidates.sort(key=lambda c: (c.safety, c.local, c.quick), reverse=True)
            return [Ranked(c, (c.safety, c.local, c.quick)) for c in candidates]
        looked, unlooked = candidates[:self.lookahead], candidates[self.lookahead:]
        for c in looked:
            evaluator.look_ahead(c)
        ranked = [self._ranked(c, lift, owed.get(c.cell, 0.0)) for c in looked]
        ranked.sort(key=lambda r: r.key, reverse=True)
        # the classes not looked at rank after, by the quick values alone
        return ranked + [Ranked(c, (float("-inf"), c.safety, c.quick)) for c in unlooked]

    @staticmethod
    def _open_cells(evaluator: Evaluator) -> dict[int, float]:
        """The covered cells that may be safe, with their mine probabilities (what
        :meth:`rank` and :meth:`_rank_top` choose among); StrategyError when none is left."""
        cells = evaluator.position.cells
        open_cells = {c: p for c, p in evaluator.probabilities.items()
                      if p < 1 and cells[c] == UNKNOWN}
        if not open_cells:
            raise StrategyError("no covered cell left to probe")
        return open_cells

    def _looked_at(self, evaluator: Evaluator, open_cells: dict[int, float], safest: float,
                   floor: float, sweep: dict[int, float]) -> list[int]:
        """The cells of ``open_cells`` the ranking may look at: all of them, or with
        ``off_frontier="java"`` only the floating cells the Java solver looks at
        (:mod:`.off_frontier`) and those with long-term influence, unless that leaves no
        cell within the ``floor`` (then all)."""
        cells = list(open_cells)
        if self.off_frontier == "all":
            return cells
        kept = java_off_frontier(evaluator.analysis, safest)
        if kept is None:
            return cells
        floating = set(evaluator.analysis.system.floating)
        narrowed = [c for c in cells if c not in floating or c in kept or c in sweep]
        if any(1 - open_cells[c] + sweep.get(c, 0.0) >= floor for c in narrowed):
            return narrowed
        return cells

    def _prunable(self) -> bool:
        """Whether :meth:`_rank_top` finds the guess :meth:`rank` would rank first: in the
        two-step mode without ``owed`` (the default budgets)."""
        return self.guess == "two-step" and not self.owed and self.lookahead > 0

    def _rank_top(self, evaluator: Evaluator) -> list[Ranked]:
        """The guesses :meth:`rank` ranks first and those tied with them, in its order, with
        the same values, for less work (the move is the same: ``record_hashes`` checks it).
        Two cuts, both exact:

        - the window: :meth:`rank` counts the outcomes of every class within ``tolerance``
          of the safest, though only the first ``lookahead`` of them (by safety, then
          ``quick``) are looked at. Here the safety levels are taken safest first, and
          the classes of a lower level are not counted once ``lookahead`` live classes are
          found (they would rank after all of those), nor once the level's safety is below
          the best value found (below: their values cannot reach it, and lower classes
          never change which higher ones are looked at);
        - the bound: a class's ranking value (its discounted two-step survival) is at most
          the share of layouts in which it is safe, and each number it can show adds at most
          its own share. The numbers whose outcome already opens a cell next to it
          (:attr:`~sweepkit.analysis.outcomes.Outcome.opens`, which implies that the
          hypothetical makes a cell certainly safe) add exactly their share, with no
          analysis (without a ``blend``: with one, such a number is worth its blended
          safety, and every number is analysed); the others are analysed, heaviest first,
          and the class is dropped as soon as its bound falls below the best value found
          (with a margin of :data:`BOUND_MARGIN` for the floats' rounding): it cannot be
          first nor tie. With ``long_term``, the levels are those of safety plus weighted
          influence (a bound of the scaled value), and the bound is scaled likewise; with
          ``progress`` w, both are multiplied by 1 + w (S is at most 1). The classes whose
          value is the best (:func:`tied`) are then looked at in full, as :meth:`rank`
          does, and ranked by its key.

        With ``pockets``, the cells outside small pockets go through both cuts first, and
        the others only when no live class is found among them, as :meth:`rank` defers
        them. Returns the classes with the best value, ranked as :meth:`rank` ranks them (the
        others it would rank after these are not given)."""
        open_cells = self._open_cells(evaluator)
        safest = 1 - min(open_cells.values())
        floor = safest * (1 - self.tolerance)
        shares = self._long_term_shares(evaluator)
        sweep = shares.sweep if shares is not None else {}
        pockets = self._pockets(evaluator)
        cells = self._looked_at(evaluator, open_cells, safest, floor, sweep)
        passes = [cells]
        if pockets:  # cells in small pockets only when no live class is found outside them
            passes.insert(0, [c for c in cells if c not in pockets])
        for cells in passes:
            looked, values, best, lift = self._window(evaluator, cells, floor, shares, pockets)
            if looked:
                break
        if not looked:
            return self.rank(evaluator)  # every cell that safe is dead: rank's fallback
        top = [c for c, v in zip(looked, values, strict=True)
               if v is not None and tied(v) == tied(best)]
        for c in top:
            evaluator.look_ahead(c)
        ranked = [self._ranked(c, lift) for c in top]
        ranked.sort(key=lambda r: r.key, reverse=True)
        return ranked

    def _window(self, evaluator: Evaluator, cells: list[int], floor: float,
                shares: LongTerm | None, pockets: frozenset[int]
                ) -> tuple[list[Candidate], list[float | None], float, dict[int, float]]:
        """The cuts of :meth:`_rank_top` over ``cells``: the live classes looked at, in
        :meth:`rank`'s order, their values (None: cannot come first), the best value, and
        the influence shares of the cells within the cut-off (the only ones the ranking
        reads, so the only ones ``shares`` counts)."""
        probabilities = evaluator.probabilities
        sweep = shares.sweep if shares is not None else {}
        within = [c for c in cells if 1 - probabilities[c] + sweep.get(c, 0.0) >= floor]
        lift = shares.scores(within) if shares is not None else {}
        split: dict[int, object] = {c: (0.0, share) for c, share in lift.items()}
        _apart(split, pockets)
        # a class's value is at most its safety plus its weighted influence (its reach)
        by_reach: dict[float, list[int]] = {}
        for c in within:
            by_reach.setdefault(1 - probabilities[c] + self.long_term * lift.get(c, 0.0),
                                []).append(c)
        looked: list[Candidate] = []  # the first ``lookahead`` live classes, rank's order
        values: list[float | None] = []  # their values (None: cannot come first)
        discount = self.discount
        best = float("-inf")
        for reach in sorted(by_reach, reverse=True):
            if reach * (1 + self.progress) < best - BOUND_MARGIN:
                break  # a class this safe cannot reach the best value: nor any below it
            level = [c for c in evaluator.candidates(by_reach[reach], split) if not c.dead]
            level.sort(key=lambda c: c.quick, reverse=True)
            for c in level[:self.lookahead - len(looked)]:
                scale = self._scale(c, lift)
                # the progress bonus is at most 1 + ``progress`` (S is at most 1)
                value = _bounded_value(evaluator, c, discount,
                                       (best - BOUND_MARGIN) / (scale * (1 + self.progress)))
                if value is not None:
                    value *= scale
                    if self.progress:  # the bonus as :meth:`_key` reads it
                        evaluator.look_ahead(c)
                        assert c.progress is not None
                        value *= 1 + self.progress * c.progress
                looked.append(c)
                values.append(value)
                if value is not None and value > best:
                    best = value
            if len(looked) >= self.lookahead:
                break
        return looked, values, best, lift

    def _pockets(self, evaluator: Evaluator, split: dict[int, object] | None = None
                 ) -> frozenset[int]:
        """The cells in covered areas of fewer than ``pockets`` cells (:mod:`.pockets`;
        none when the option is off), each marked in ``split`` when given (:func:`_apart`)."""
        if not self.pockets:
            return frozenset()
        found = small_pockets(evaluator.position, self.pockets)
        if split is not None:
            _apart(split, found)
        return found

    def describe(self, ranked: Ranked, tied: int = 1) -> str:
        """A guess this strategy ranked, in words (:func:`describe`, with its options)."""
        return describe(ranked.candidate, tied, self.ranking_discount(),
                        self.blend if self.guess == "two-step" else 0.0, ranked.scale)

    def ranking_discount(self) -> float:
        """The discount the ranking uses (1 unless the guess mode is two-step)."""
        return self.discount if self.guess == "two-step" else 1.0

    def _ranked(self, c: Candidate, lift: dict[int, float], owed: float = 0.0) -> Ranked:
        """``c`` looked at, with its key and its long-term factor."""
        scale = self._scale(c, lift)
        return Ranked(c, self._key(c, owed, scale), scale)

    def _key(self, c: Candidate, owed: float = 0.0, scale: float = 1.0) -> tuple[float, ...]:
        """The ranking key of ``c`` looked at, highest first; its sums rounded
        (:func:`tied`), so that values equal but for the floats' rounding tie."""
        assert c.progress is not None and c.expected is not None and c.two_step is not None
        if self.guess == "ps":
            return (c.safety, tied(c.progress))
        if self.guess == "pse":
            return (c.safety, tied(c.progress), tied(c.expected))
        value = c.two_step if self.discount == 1 else discounted(c, self.discount)
        return (tied(value * scale * (1 + self.progress * c.progress) + owed),
                tied(c.expected), c.safety)

    def _influence(self, evaluator: Evaluator) -> tuple[dict[int, float], dict[int, float]]:
        """Per cell, its long-term influence shares (:mod:`.long_term`): the one that scales
        its value, and the one that lets it join the candidates; both empty when the option
        ``long_term`` is off or the guess mode does not look ahead."""
        if not self._long_term_on():
            return {}, {}
        found = evaluator.influence()
        return found.scores, found.sweep

    def _long_term_shares(self, evaluator: Evaluator) -> LongTerm | None:
        """:meth:`_influence` counted cell by cell, for :meth:`_rank_top` (which reads the
        influence of the cells within its cut-off only); None when it is off."""
        return evaluator.long_term() if self._long_term_on() else None

    def _long_term_on(self) -> bool:
        """Whether the long-term factor is used: the option ``long_term`` is above 0 and the
        guess mode looks ahead."""
        return bool(self.long_term) and self.guess == "two-step"

    def _scale(self, c: Candidate, lift: dict[int, float]) -> float:
        """The long-term factor of ``c``'s value: (safe + w × influence) / safe, the
        Java solver's, with w the option ``long_term`` (1 without influence)."""
        gain = lift.get(c.cell, 0.0)
        return 1.0 + self.long_term * gain / c.safety if gain else 1.0

    def _owed_shares(self, evaluator: Evaluator) -> dict[int, float]:
        """Per cell, the risk its guess owes anyway weighed by ``owed`` (:mod:`.owed`);
        empty when the option is off or the guess mode does not look ahead."""
        if not self.owed or self.guess != "two-step":
            return {}
        found = evaluator.owed()
        return {c: self.owed * found.share(c) for c in found.counts}

    # -- the special cases -----------------------------------------------------------------

    @staticmethod
    def _book(evaluator: Evaluator) -> Decision | None:
        """The far corner after a first click in a corner that showed a number (option
        ``far_corner``), else ``None``: when the only cell open is a corner of a grid, the
        next guess is the corner diagonally opposite (:func:`far_corner`), unless it is
        dead (on a board so small that its number is known: then the ranking decides)."""
        cell = far_corner(evaluator.position)
        if cell is None:
            return None
        risk = evaluator.probabilities[cell]
        if risk >= 1 or evaluator.outcome(cell).dead:
            return None
        return Decision(Action.reveal(cell), Reason.guessed(
            risk, "opening book: after a corner that shows a number, the far corner (it "
                  "opens a new region half the time; measured in docs/results.md)"))

    def _endgame(self, evaluator: Evaluator, rng: random.Random) -> Decision | None:
        """The exact optimal move when few layouts are left, else ``None``."""
        analysis = evaluator.analysis
        work = analysis.position
        if (not self.endgame or not analysis.uses_mine_count or work.mines is None
                or analysis.total > self.endgame):
            return None
        if self._gave_up is not None and analysis.total * RETRY_FACTOR > self._gave_up:
            return None  # a search this large gave up already this game: not again yet
        tree = None  # the tree searched for this position
        try:
            if self._tree is not None and self._tree.layouts_of(work) is not None:
                tree = self._tree
                result = tree.play(work, max_states=self.endgame_states)
            else:
                tree, result = fresh_tree(work, self.endgame, self.endgame_states)
                self._tree = tree
        except OptimalPlayError:
            result = None
        if result is None:  # too many states, or a tree too deep: the heuristic decides,
            self._gave_up = analysis.total  # until the layouts have shrunk
            if self.partial and tree is not None:
                self._stopped = tree.stopped  # what the search proved before it stopped
            return None
        return _searched_move(result.best_moves, evaluator, rng,
                              f"exact endgame: optimal play wins {result.wins} of the "
                              f"{result.total} layouts left "
                              f"({result.wins / result.total:.1%})")

    def _proved_better(self, decision: Decision, evaluator: Evaluator,
                       rng: random.Random) -> Decision | None:
        """A best move of this guess's stopped endgame search (option ``partial``) when it
        proved the heuristic's cell worse, else ``None``."""
        stopped = self._stopped
        if stopped is None or decision.action.cell not in stopped.worse:
            return None
        return _searched_move(stopped.best_moves, evaluator, rng,
                              f"exact endgame, stopped early: this cell wins {stopped.wins} "
                              f"of the {stopped.total} layouts left, more than the "
                              f"heuristic's choice")

    def _forced(self, evaluator: Evaluator, rng: random.Random) -> Decision | None:
        """The safest cell of a forced guess (:mod:`.forced`), if the position has one."""
        groups = forced_groups(evaluator.analysis, lambda c: evaluator.outcome(c).dead)
        probabilities = evaluator.probabilities
        cells = [c for g in groups for c in g if probabilities[c] < 1]
        if not cells:
            return None
        cell, risk = _safest(cells, probabilities, rng)
        size = len(next(g for g in groups if cell in g))
        return Decision(Action.reveal(cell), Reason.guessed(
            risk, f"forced guess: {size} cells no other move can inform; taken first"))

    def _isolated(self, evaluator: Evaluator, rng: random.Random) -> Decision | None:
        """The optimal move of the smallest isolated area (:mod:`.isolated`) the exact
        search settles within the endgame's budgets, if the position has one."""
        if not self.endgame:
            return None
        position = evaluator.analysis.position
        for area in isolated_areas(evaluator.analysis):
            board = area_position(position, area) if area.layouts <= self.endgame else None
            if board is None:
                continue
            try:
                result = optimal_play(board, self.endgame, max_states=self.endgame_states)
            except OptimalPlayError:
                continue  # past the state budget (or too deep): the next area, or no move
            decision = _searched_move(
                result.best_moves, evaluator, rng,
                f"isolated area: {len(area.cells)} cells walled in, {area.mines} "
                f"mine{'s' if area.mines != 1 else ''} in every layout; optimal play clears "
                f"it in {result.wins} of its {result.total} layouts "
                f"({result.wins / result.total:.1%}); taken first, as nothing elsewhere "
                f"tells anything about it")
            if decision is not None:
                return decision
        return None

    def _pseudo(self, evaluator: Evaluator, rng: random.Random) -> Decision | None:
        """The safest pseudo 50/50 that is not dead (:mod:`.owed`), if there is one."""
        cells = [c for c in evaluator.owed().pseudo if not evaluator.outcome(c).dead]
        if not cells:
            return None
        cell, risk = _safest(cells, evaluator.probabilities, rng)
        return Decision(Action.reveal(cell), Reason.guessed(
            risk, "pseudo 50/50: a mine here only in layouts of a 2x1 or 2x2 pattern no "
                  "number can ever tell apart, so the risk is owed anyway; taken first"))

    def _chain(self, evaluator: Evaluator, rng: random.Random) -> Decision | None:
        """A cell of a chain 50/50 (:mod:`.chains`), real chains before pseudo ones, if the
        position has one: among its live cells (all, when every one is dead) the one
        :meth:`_pick` ranks first."""
        found = chain_fifty_fiftys(evaluator.analysis, self._whatif, evaluator.probabilities)
        for real in (True, False):
            group = [ch for ch in found if ch.real == real]
            cells = [c for ch in group for c in ch.guessable
                     if evaluator.probabilities.get(c, 1) < 1]
            if cells:
                break
        else:
            return None
        cell, risk = self._pick(evaluator, cells, rng)
        chain = next(ch for ch in group if cell in ch.guessable)
        kind = ("a real 50/50: no cell outside can ever tell its two ways apart" if real
                else "a pseudo 50/50: a mine here only where its frame is full and no "
                     "cell outside can tell the two ways apart")
        return Decision(Action.reveal(cell), Reason.guessed(
            risk, f"chain 50/50: {len(chain.cells)} cells tied by numbers into two ways, "
                  f"{kind}; the risk is owed anyway; taken first"))

    def _pick(self, evaluator: Evaluator, cells: Sequence[int],
              rng: random.Random) -> tuple[int, float]:
        """The cell of ``cells`` the heuristic ranks first (the safest live class, then
        by the guess mode's values, ties at random), a dead one only when all are dead,
        and its mine probability."""
        candidates = evaluator.candidates(cells)
        live = [c for c in candidates if not c.dead] or candidates
        safest = max(c.safety for c in live)
        live = [c for c in live if c.safety == safest]
        if self.guess in ("ps", "pse", "two-step") and len(live) > 1:
            for c in live:
                evaluator.look_ahead(c)
            keys = {id(c): self._key(c) for c in live}
        else:
            keys = {id(c): (c.safety, c.local, c.quick) for c in live}
        top = max(keys.values())
        cell = rng.choice([x for c in live if keys[id(c)] == top for x in c.cells])
        return cell, evaluator.probabilities[cell]


BOUND_MARGIN = 1e-9
"""How far below the best ranking value a class's upper bound must fall for
:meth:`BestStrategy._rank_top` to drop it: far above the rounding of a sum of a few
floats (about 1e-16), far below any difference of values the ranking sees; ten times
the step of :data:`TIE_DIGITS`, so that a class dropped never ties with the best."""

TIE_DIGITS = 10
"""The decimals the ranking's values are compared to (:func:`tied`)."""


def tied(value: float) -> float:
    """``value`` rounded to :data:`TIE_DIGITS` decimals: two values that are the same sum
    added in different orders (apart by a few units of 1e-16) compare equal, so the next
    part of the ranking key decides between them, not the rounding. Without it, classes
    of equal value were told apart by the last bit in 52 of 1,293 classic guesses and 51
    of 936 modern ones (expert positions of ``best``'s games where it guessed by its
    ranking).

    >>> 0.1 + 0.2 == 0.3, tied(0.1 + 0.2) == tied(0.3)
    (False, True)
    """
    return round(value, TIE_DIGITS)


def _bounded_value(evaluator: Evaluator, c: Candidate, discount: float,
                   beat: float) -> float | None:
    """The discounted two-step value of ``c`` (:func:`discounted`, the same float; with
    ``discount`` 1 the two-step survival, also the same float), or ``None`` as soon as it
    is certain to be below ``beat`` (:meth:`BestStrategy._rank_top`)."""
    outcome = c.outcome
    total = outcome.total
    safe, opens = outcome.safe, outcome.opens
    numbers = outcome.numbers()
    made: dict[int, bool] = {}
    bound = sum(safe[v] for v in numbers) / total
    if bound < beat:
        return None
    factors: dict[int, float] = {}
    # A number whose outcome opens a cell is worth exactly its share (1 - blend of it at
    # least, with a blend: then it is analysed, but last): the others first, heaviest
    # first, as they can lower the bound the most.
    blend = evaluator.blend
    opening = [v < len(opens) and opens[v] for v in range(max(numbers, default=0) + 1)]
    for v in sorted((v for v in numbers if blend or not opening[v]),
                    key=lambda v: (not opening[v], safe[v]), reverse=True):
        count, best = evaluator.hypothetical(c.cell, v)
        made[v] = bool(count)
        factor = best if count or best == 1 else discount * best
        factors[v] = factor
        bound -= safe[v] / total * (1 - factor)
        if bound < beat:
            return None
    return sum(safe[v] / total * factors.get(v, 1.0) for v in numbers)


RETRY_FACTOR = 2
"""After an endgame search gives up (more than ``endgame_states`` states, or a game tree
too deep to search), the next one in the game waits until the layouts left are this many
times fewer: a search that large would most likely give up again, at the full cost of the
budget each time."""


def _apart(split: dict[int, object], pockets: frozenset[int]) -> None:
    """Mark the ``pockets`` cells in ``split`` (the class keys of
    :func:`~.guesses.candidate_classes`), so that no class mixes them with other cells."""
    for c in pockets:
        split[c] = (split.get(c, 0.0), "pocket")


def discounted(c: Candidate, discount: float) -> float:
    """Two-step survival with the second guess's safety weighed by ``discount``: an outcome
    that makes no cell certain (and does not win: best safety 1 with no cell made safe)
    leaves a guess to come, and perhaps more after it."""
    total = c.outcome.total
    return sum(c.outcome.safe[v] / total * (best if made or best == 1 else discount * best)
               for v, (made, best) in c.after.items())


def _safest(cells: Sequence[int], probabilities: dict[int, float],
            rng: random.Random) -> tuple[int, float]:
    """One of ``cells`` with the lowest mine probability (ties at random), and that
    probability."""
    risk = min(probabilities[c] for c in cells)
    return rng.choice([c for c in cells if probabilities[c] == risk]), risk


def _searched_move(moves: Sequence[int], evaluator: Evaluator, rng: random.Random,
                   note: str) -> Decision | None:
    """The safest of an exact search's best ``moves`` that the position can still reveal,
    guessed with ``note``; ``None`` when there is none."""
    live = [c for c in moves if c in evaluator.probabilities]
    if not live:
        return None
    cell, risk = _safest(live, evaluator.probabilities, rng)
    return Decision(Action.reveal(cell), Reason.guessed(risk, note))


def preset(budget: str | int) -> dict[str, Any]:
    """The options of a budget name, or of ``normal`` with an endgame of ``budget``
    layouts (a number, or its digits); ValueError naming the choices otherwise."""
    if isinstance(budget, bool):
        raise ValueError(f"unknown budget {budget!r}")
    if isinstance(budget, int):
        if budget < 0:
            raise ValueError(f"budget: expected a number of layouts of at least 0, got {budget}")
        return {**BUDGETS["normal"], "endgame": budget}
    if isinstance(budget, str) and budget.isdigit():
        return preset(int(budget))
    try:
        return BUDGETS[budget]
    except KeyError:
        raise ValueError(f"unknown budget {budget!r} (expected one of "
                         f"{', '.join(BUDGETS)}, or a number of layouts)") from None

