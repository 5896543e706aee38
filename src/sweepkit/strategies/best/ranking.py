"""The heuristic of ``best``: the guesses ranked by what they reveal, when no rule of
:mod:`.rules` chose one.

The values are those of :mod:`.guesses`, over the cells that are not dead (a dead cell can
only lose or tell nothing; it is ranked only when every cell is dead). The options shape
the ranking (the module doc of :mod:`sweepkit.strategies.best` lists them): which cells
are looked at (``tolerance``, ``lookahead``, ``off_frontier``, ``pockets``), the value of
each (``guess``, ``blend``, ``long_term``) and the key it is ranked by, whose float sums are
rounded to :data:`TIE_DIGITS` decimals so that values equal but for the order of a sum
tie. :meth:`Ranking.rank` ranks every guess looked at; :meth:`Ranking.top` finds the same
first guesses for less work (a window over the safety levels and a bound on each value),
which is what a game plays with.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from sweepkit.position import UNKNOWN
from sweepkit.strategies.base import StrategyError
from sweepkit.strategies.best.experimental import discounted, owed_shares
from sweepkit.strategies.best.guesses import Candidate, Evaluator
from sweepkit.strategies.best.long_term import LongTerm
from sweepkit.strategies.best.off_frontier import java_off_frontier
from sweepkit.strategies.best.options import BestOptions
from sweepkit.strategies.best.pockets import small_pockets

TIE_DIGITS = 10
"""The decimals the ranking's values are compared to (:func:`tied`)."""

BOUND_MARGIN = 1e-9
"""How far below the best ranking value a class's upper bound must fall for
:meth:`Ranking.top` to drop it: far above the rounding of a sum of a few floats (about
1e-16), far below any difference of values the ranking sees; ten times the step of
:data:`TIE_DIGITS`, so that a class dropped never ties with the best."""


@dataclass(frozen=True)
class Ranked:
    """One guess the strategy considered: a class of equivalent cells, its values and the
    key it was ranked by (higher is better)."""

    candidate: Candidate
    key: tuple[float, ...]
    scale: float = 1.0
    """The long-term factor in the key (option ``long_term``; 1 without it)."""


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


class Ranking:
    """The ranking of guesses with ``options`` (module doc)."""

    def __init__(self, options: BestOptions) -> None:
        self.options = options

    @property
    def prunable(self) -> bool:
        """Whether :meth:`top` finds the guess :meth:`rank` would rank first: in the
        two-step mode without ``owed`` (every preset that looks ahead)."""
        o = self.options
        return o.two_step and not o.experimental.owed and o.lookahead > 0

    def rank(self, evaluator: Evaluator, every: bool = False) -> list[Ranked]:
        """The guesses considered, best first (module doc); with ``every``, the floating
        cells that ``off_frontier`` leaves out too."""
        o = self.options
        open_cells = open_cells_of(evaluator)
        levels = sorted(set(open_cells.values()))
        safest = 1 - levels[0]
        floor = safest * (1 - o.tolerance) if o.two_step else safest
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
                                       + o.long_term * lift.get(c.cell, 0.0), c.quick),
                        reverse=True)
        if o.guess == "quick":
            return [Ranked(c, (c.safety, c.quick)) for c in candidates]
        if o.guess == "local":
            candidates.sort(key=lambda c: (c.safety, c.local, c.quick), reverse=True)
            return [Ranked(c, (c.safety, c.local, c.quick)) for c in candidates]
        looked, unlooked = candidates[:o.lookahead], candidates[o.lookahead:]
        for c in looked:
            evaluator.look_ahead(c)
        ranked = [self._ranked(c, lift, owed.get(c.cell, 0.0)) for c in looked]
        ranked.sort(key=lambda r: r.key, reverse=True)
        # the classes not looked at rank after, by the quick values alone
        return ranked + [Ranked(c, (float("-inf"), c.safety, c.quick)) for c in unlooked]

    def top(self, evaluator: Evaluator) -> list[Ranked]:
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
          (:attr:`~sweepkit.analysis.board.outcomes.Outcome.opens`, which implies that the
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
        open_cells = open_cells_of(evaluator)
        safest = 1 - min(open_cells.values())
        floor = safest * (1 - self.options.tolerance)
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

    def pick(self, evaluator: Evaluator, cells: Sequence[int],
             rng: random.Random) -> tuple[int, float]:
        """The cell of ``cells`` the heuristic ranks first (the safest live class, then
        by the guess mode's values, ties at random), a dead one only when all are dead,
        and its mine probability."""
        candidates = evaluator.candidates(cells)
        live = [c for c in candidates if not c.dead] or candidates
        safest = max(c.safety for c in live)
        live = [c for c in live if c.safety == safest]
        if self.options.guess in ("ps", "pse", "two-step") and len(live) > 1:
            for c in live:
                evaluator.look_ahead(c)
            keys = {id(c): self._key(c) for c in live}
        else:
            keys = {id(c): (c.safety, c.local, c.quick) for c in live}
        top = max(keys.values())
        cell = rng.choice([x for c in live if keys[id(c)] == top for x in c.cells])
        return cell, evaluator.probabilities[cell]

    # -- the cells looked at ---------------------------------------------------------------

    def _looked_at(self, evaluator: Evaluator, open_cells: dict[int, float], safest: float,
                   floor: float, sweep: dict[int, float]) -> list[int]:
        """The cells of ``open_cells`` the ranking may look at: all of them, or with
        ``off_frontier="java"`` only the floating cells the Java solver looks at
        (:mod:`.off_frontier`) and those with long-term influence, unless that leaves no
        cell within the ``floor`` (then all)."""
        cells = list(open_cells)
        if self.options.off_frontier == "all":
            return cells
        kept = java_off_frontier(evaluator.analysis, safest)
        if kept is None:
            return cells
        floating = set(evaluator.analysis.system.floating)
        narrowed = [c for c in cells if c not in floating or c in kept or c in sweep]
        if any(1 - open_cells[c] + sweep.get(c, 0.0) >= floor for c in narrowed):
            return narrowed
        return cells

    def _window(self, evaluator: Evaluator, cells: list[int], floor: float,
                shares: LongTerm | None, pockets: frozenset[int]
                ) -> tuple[list[Candidate], list[float | None], float, dict[int, float]]:
        """The cuts of :meth:`top` over ``cells``: the live classes looked at, in
        :meth:`rank`'s order, their values (None: cannot come first), the best value, and
        the influence shares of the cells within the cut-off (the only ones the ranking
        reads, so the only ones ``shares`` counts)."""
        o = self.options
        probabilities = evaluator.probabilities
        sweep = shares.sweep if shares is not None else {}
        within = [c for c in cells if 1 - probabilities[c] + sweep.get(c, 0.0) >= floor]
        lift = shares.scores(within) if shares is not None else {}
        split: dict[int, object] = {c: (0.0, share) for c, share in lift.items()}
        apart(split, pockets)
        # a class's value is at most its safety plus its weighted influence (its reach)
        by_reach: dict[float, list[int]] = {}
        for c in within:
            by_reach.setdefault(1 - probabilities[c] + o.long_term * lift.get(c, 0.0),
                                []).append(c)
        looked: list[Candidate] = []  # the first ``lookahead`` live classes, rank's order
        values: list[float | None] = []  # their values (None: cannot come first)
        discount = o.experimental.discount
        progress = o.experimental.progress  # the bonus is at most 1 + progress (S <= 1)
        best = float("-inf")
        for reach in sorted(by_reach, reverse=True):
            if reach * (1 + progress) < best - BOUND_MARGIN:
                break  # a class this safe cannot reach the best value: nor any below it
            level = [c for c in evaluator.candidates(by_reach[reach], split) if not c.dead]
            level.sort(key=lambda c: c.quick, reverse=True)
            for c in level[:o.lookahead - len(looked)]:
                scale = self._scale(c, lift)
                value = bounded_value(evaluator, c, discount,
                                      (best - BOUND_MARGIN) / (scale * (1 + progress)))
                if value is not None:
                    value *= scale
                    if progress:  # the bonus as :meth:`_key` reads it
                        evaluator.look_ahead(c)
                        assert c.progress is not None
                        value *= 1 + progress * c.progress
                looked.append(c)
                values.append(value)
                if value is not None and value > best:
                    best = value
            if len(looked) >= o.lookahead:
                break
        return looked, values, best, lift

    def _pockets(self, evaluator: Evaluator, split: dict[int, object] | None = None
                 ) -> frozenset[int]:
        """The cells in covered areas of fewer than ``pockets`` cells (:mod:`.pockets`;
        none when the option is off), each marked in ``split`` when given (:func:`apart`)."""
        if not self.options.pockets:
            return frozenset()
        found = small_pockets(evaluator.position, self.options.pockets)
        if split is not None:
            apart(split, found)
        return found

    # -- the values and keys ---------------------------------------------------------------

    def _ranked(self, c: Candidate, lift: dict[int, float], owed: float = 0.0) -> Ranked:
        """``c`` looked at, with its key and its long-term factor."""
        scale = self._scale(c, lift)
        return Ranked(c, self._key(c, owed, scale), scale)

    def _key(self, c: Candidate, owed: float = 0.0, scale: float = 1.0) -> tuple[float, ...]:
        """The ranking key of ``c`` looked at, highest first; its sums rounded
        (:func:`tied`), so that values equal but for the floats' rounding tie. ``owed`` and
        the experimental ``discount`` and ``progress`` count only when given."""
        assert c.progress is not None and c.expected is not None and c.two_step is not None
        o = self.options
        if o.guess == "ps":
            return (c.safety, tied(c.progress))
        if o.guess == "pse":
            return (c.safety, tied(c.progress), tied(c.expected))
        x = o.experimental
        value = c.two_step if x.discount == 1 else discounted(c, x.discount)
        value *= scale
        if x.progress:
            value *= 1 + x.progress * c.progress
        return (tied(value + owed), tied(c.expected), c.safety)

    def _scale(self, c: Candidate, lift: dict[int, float]) -> float:
        """The long-term factor of ``c``'s value: (safe + w × influence) / safe, the
        Java solver's, with w the option ``long_term`` (1 without influence)."""
        gain = lift.get(c.cell, 0.0)
        return 1.0 + self.options.long_term * gain / c.safety if gain else 1.0

    def _long_term_on(self) -> bool:
        """Whether the long-term factor is used: the option ``long_term`` is above 0 and the
        guess mode is two-step."""
        return bool(self.options.long_term) and self.options.two_step

    def _influence(self, evaluator: Evaluator) -> tuple[dict[int, float], dict[int, float]]:
        """Per cell, its long-term influence shares (:mod:`.long_term`): the one that scales
        its value, and the one that lets it join the candidates; both empty when the option
        ``long_term`` is off or the guess mode is not two-step."""
        if not self._long_term_on():
            return {}, {}
        found = evaluator.influence()
        return found.scores, found.sweep

    def _long_term_shares(self, evaluator: Evaluator) -> LongTerm | None:
        """:meth:`_influence` counted cell by cell, for :meth:`top` (which reads the
        influence of the cells within its cut-off only); None when it is off."""
        return evaluator.long_term() if self._long_term_on() else None

    def _owed_shares(self, evaluator: Evaluator) -> dict[int, float]:
        """Per cell, the risk its guess owes anyway weighed by the experimental ``owed``
        (:func:`~.experimental.owed_shares`); empty, and not counted, when the option is
        off or the guess mode is not two-step."""
        weight = self.options.experimental.owed
        if not weight or not self.options.two_step:
            return {}
        return owed_shares(evaluator, weight)


def open_cells_of(evaluator: Evaluator) -> dict[int, float]:
    """The covered cells that may be safe, with their mine probabilities (what the ranking
    chooses among); StrategyError when none is left."""
    cells = evaluator.position.cells
    open_cells = {c: p for c, p in evaluator.probabilities.items()
                  if p < 1 and cells[c] == UNKNOWN}
    if not open_cells:
        raise StrategyError("no covered cell left to probe")
    return open_cells


def apart(split: dict[int, object], pockets: frozenset[int]) -> None:
    """Mark the ``pockets`` cells in ``split`` (the class keys of
    :func:`~.guesses.candidate_classes`), so that no class mixes them with other cells."""
    for c in pockets:
        split[c] = (split.get(c, 0.0), "pocket")


def bounded_value(evaluator: Evaluator, c: Candidate, discount: float,
                  beat: float) -> float | None:
    """The two-step value of ``c`` weighed by ``discount`` (:func:`~.experimental.discounted`,
    the same float; with ``discount`` 1 the two-step survival, also the same float), or
    ``None`` as soon as it is certain to be below ``beat`` (:meth:`Ranking.top`)."""
    outcome = c.outcome
    total = outcome.total
    safe, opens = outcome.safe, outcome.opens
    numbers = outcome.numbers()
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
        factor = best if count or best == 1 else discount * best
        factors[v] = factor
        bound -= safe[v] / total * (1 - factor)
        if bound < beat:
            return None
    return sum(safe[v] / total * factors.get(v, 1.0) for v in numbers)
