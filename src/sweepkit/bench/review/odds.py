"""The chance of winning before and after one guess of a game, on one layout at a time.

For a guess made from view ``V`` (without flags), layout ``i`` is one of those ``V``
allows, each equally likely. *Before*: the strategy (``best`` by default) plays the game
from ``V`` on that layout. *After*: the guess is made first (the cells it opens, in order:
a chord's too), then the strategy plays on. Both games are played on the same layout with
the same strategy RNG (paired), so the difference of the two win chances, the win chance
the move played lost against the strategy's own move, is measured layout by layout: the
layouts both games win, or both lose, drop out of it.

When the strategy's first move from ``V`` on a layout opens exactly the cells the guess
opens, the *before* game is itself a game in which the guess was made and the strategy
played on: it counts for *after* too, and the two are equal on that layout (a review of a
game the strategy played costs half as much, and its differences are exactly 0 where the
moves agree).

Layouts are drawn uniformly (:func:`~sweepkit.analysis.papers.sample.random_layout`, with
the RNG :func:`~sweepkit.bench.rollout.layout_rng` of the guess's seed and ``i``); a view
with at most :data:`EXACT_LAYOUTS` layouts is played on every one of them instead, in an
order shuffled by the guess's seed (so a part of them is a sample without replacement),
and its chances are exact for the strategy with its RNG seeded per layout.
"""

from __future__ import annotations

import hashlib
import random
import threading
import time
from dataclasses import dataclass, field

from sweepkit.analysis.papers.enumerate import enumerate_layouts
from sweepkit.analysis.papers.sample import random_layout
from sweepkit.bench.result import StrategySpec
from sweepkit.bench.rollout import layout_rng, player_rng, start_game
from sweepkit.bench.stats import paired_newcombe, wilson
from sweepkit.game import Status
from sweepkit.moves import Action, MoveKind
from sweepkit.play import play, steps
from sweepkit.position import Position
from sweepkit.strategies.base import Strategy

BEST = StrategySpec("best")
"""The strategy that finishes each rolled-out game unless another is given."""

EXACT_LAYOUTS = 256
"""A view with at most this many layouts is played on all of them: exact chances, for
no more games than a sample would need to reach ±5 points."""


def derived_seed(*parts: object) -> int:
    """A 64-bit seed made from ``parts`` (their text), the same on every machine."""
    text = "/".join(str(p) for p in parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


@dataclass(frozen=True)
class Guess:
    """A guess to roll out: the view it was made from (without flags), the cells it opens
    (in order), its layouts' seed, and the number of layouts the view allows."""

    view: Position
    opens: tuple[int, ...]
    seed: int
    total: int

    @property
    def exact(self) -> bool:
        """Whether every layout is played (:data:`EXACT_LAYOUTS`)."""
        return self.total <= EXACT_LAYOUTS


@dataclass(frozen=True)
class WinChance:
    """``wins`` games won out of ``games``; ``exact`` when they are every layout of the
    view (no interval), else with the 95% Wilson interval."""

    wins: int
    games: int
    exact: bool = False

    @property
    def rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    def interval(self) -> tuple[float, float]:
        if self.exact and self.games:
            return (self.wins / self.games,) * 2
        return wilson(self.wins, self.games)

    def half_width(self) -> float:
        """Half the interval's width: the ± of the chance."""
        low, high = self.interval()
        return (high - low) / 2


@dataclass(frozen=True)
class Difference:
    """A difference of two win chances with its 95% interval (``low == high`` when exact)."""

    value: float
    low: float
    high: float


@dataclass(frozen=True)
class Pairs:
    """The paired outcomes of one guess over its layouts: won before and after (``both``),
    before only, after only, neither; ``same`` of those layouts are ones on which the
    strategy's own move was the guess (one game for both)."""

    both: int = 0
    before_only: int = 0
    after_only: int = 0
    neither: int = 0
    same: int = 0

    @property
    def layouts(self) -> int:
        return self.both + self.before_only + self.after_only + self.neither

    @property
    def games(self) -> int:
        """The games played for these outcomes (one on a layout where the moves agree)."""
        return 2 * self.layouts - self.same

    def add(self, before: bool, after: bool, same: bool) -> Pairs:
        """These outcomes and one layout's more."""
        return Pairs(self.both + (before and after), self.before_only + (before and not after),
                     self.after_only + (after and not before),
                     self.neither + (not before and not after), self.same + same)


@dataclass(frozen=True)
class GuessOdds:
    """The chance of winning before and after one guess over the same layouts, and the
    chance the guess lost against the strategy's own move. ``exact``: every layout of the
    view was played; ``settled``: the rollouts stopped by their rule (target precision,
    layout cap, every layout), not because the time ran out."""

    pairs: Pairs
    exact: bool = False
    settled: bool = True

    @property
    def before(self) -> WinChance:
        return WinChance(self.pairs.both + self.pairs.before_only, self.pairs.layouts,
                         self.exact)

    @property
    def after(self) -> WinChance:
        return WinChance(self.pairs.both + self.pairs.after_only, self.pairs.layouts,
                         self.exact)

    @property
    def lost(self) -> Difference:
        """Before minus after: the win chance the move played lost against the strategy's
        own move (negative: it gained), with Newcombe's paired interval
        (:func:`~sweepkit.bench.stats.paired_newcombe`); exact when every layout was
        played, and exactly 0 when the strategy's move was the guess on every layout."""
        p = self.pairs
        if p.layouts and (self.exact or p.same == p.layouts):
            d = (p.before_only - p.after_only) / p.layouts
            return Difference(d, d, d)
        return Difference(*paired_newcombe(p.both, p.before_only, p.after_only, p.neither))

    def half_width(self) -> float:
        """The wider ± of the two chances (1 with no layout played yet)."""
        if not self.pairs.layouts:
            return 1.0
        return max(self.before.half_width(), self.after.half_width())


@dataclass
class Layouts:
    """Layout ``i`` of a guess: drawn, or the ``i``-th of every layout in a shuffled
    order (listed once, on first use)."""

    guess: Guess
    _listed: list[frozenset[int]] | None = field(default=None, repr=False)

    def __getitem__(self, index: int) -> frozenset[int]:
        if not self.guess.exact:
            return frozenset(random_layout(self.guess.view, layout_rng(self.guess.seed, index)))
        if self._listed is None:
            listed = sorted(enumerate_layouts(self.guess.view), key=sorted)
            random.Random(f"review-order/{self.guess.seed}").shuffle(listed)
            self._listed = listed
        return self._listed[index]


def play_layout(guess: Guess, layouts: Layouts, player: Strategy, index: int
                ) -> tuple[bool, bool, bool]:
    """On layout ``index``: whether the strategy wins before and after the guess, and
    whether its own first move was the guess (then both are the one game: module doc)."""
    mines = layouts[index]
    before = start_game(guess.view, mines)
    first: tuple[int, ...] | None = None
    for step in steps(before, player, rng=player_rng(guess.seed, index)):
        if first is None and step.result.opened:
            action = step.decision.action
            first = (action.cell,) if action.kind is MoveKind.REVEAL else ()
    won_before = before.status is Status.WON
    if first == guess.opens:
        return won_before, won_before, True
    after = start_game(guess.view, mines)
    for cell in guess.opens:
        if after.over:
            break
        after.play(Action.reveal(cell))
    if not after.over:
        play(after, player, rng=player_rng(guess.seed, index))
    return won_before, after.status is Status.WON, False


def play_batch(strategy: StrategySpec, guess: Guess, indices: range
               ) -> tuple[list[tuple[bool, bool, bool]], float]:
    """:func:`play_layout` on each layout of ``indices`` (in a worker process or here),
    with the strategy built once per process; and the CPU seconds it took."""
    started = time.process_time()
    player = _player(strategy)
    layouts = _layouts(guess)
    found = [play_layout(guess, layouts, player, i) for i in indices]
    return found, time.process_time() - started


_cache = threading.local()
"""This thread's strategy and listed layouts: two reviews running on two threads of one
process (the web app's jobs) never share a strategy's working state."""


def _player(strategy: StrategySpec) -> Strategy:
    """The strategy, built once per thread (its caches kept between batches)."""
    built = getattr(_cache, "player", None)
    if built is None or built[0] != strategy:
        built = _cache.player = (strategy, strategy.build())
    return built[1]


def _layouts(guess: Guess) -> Layouts:
    """The layouts of ``guess``; the last few listed ones are kept (per thread)."""
    listed: list[Layouts] = getattr(_cache, "listed", None) or []
    _cache.listed = listed
    for layouts in listed:
        if layouts.guess == guess:
            return layouts
    layouts = Layouts(guess)
    if guess.exact:
        listed.insert(0, layouts)
        del listed[8:]
    return layouts
