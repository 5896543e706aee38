"""The one game loop: a strategy sees only the view, cannot end a game, and the record
replays to the same game."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from sweepkit.game import Game, Status, replay
from sweepkit.moves import Action, Basis, Decision, MoveKind, Reason
from sweepkit.play import STALL_LIMIT, Step, play
from sweepkit.position import MINE, UNKNOWN, Position
from sweepkit.rules import level
from sweepkit.strategies import STRATEGIES, make_strategy
from sweepkit.strategies.base import Strategy, StrategyError


class Spy(Strategy):
    """Wraps a strategy; keeps every view it is handed with the cells open at that time
    (which an observer of the loop reports)."""

    name = "spy"

    def __init__(self, inner: Strategy) -> None:
        super().__init__(inner.first)
        self.inner = inner
        self.opened: set[int] = set()
        self.seen: list[tuple[Position, set[int]]] = []

    def observe(self, step: Step) -> None:
        self.opened.update(step.result.opened)

    def start(self, view: Position) -> None:
        self.inner.start(view)

    def moves(self, view: Position, rng: random.Random) -> Sequence[Decision]:
        self.seen.append((view, set(self.opened)))
        return self.inner.moves(view, rng)

    def decide(self, view: Position, rng: random.Random) -> Sequence[Decision]:
        raise AssertionError("not called: moves() is")


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_a_strategy_sees_only_what_is_open(name):
    for seed in range(5):
        game = Game(level("intermediate"), seed=seed)
        spy = Spy(make_strategy(name))
        play(game, spy, spy.observe, rng=random.Random(seed))
        layout = game.reveal_layout()
        for view, open_then in spy.seen:
            for i, v in enumerate(view.cells):
                if i in open_then:
                    assert v == layout.cells[i]
                else:
                    assert v in (UNKNOWN, MINE)  # covered, or the player's own flag
            assert view.mines == game.rules.mines or view.mines is None


class Quitter(Strategy):
    """Says nothing after the first click."""

    name = "quitter"

    def decide(self, view, rng):
        return []


class Staller(Strategy):
    """Flags and unflags nothing: reveals an open cell forever."""

    name = "staller"

    def decide(self, view, rng):
        opened = next(i for i, v in enumerate(view.cells) if v >= 0)
        return [Decision(Action.reveal(opened), Reason.certain("single"))]


class Liar(Strategy):
    """Tries to end the game by raising what Pedersen's framework used for a win."""

    name = "liar"

    def decide(self, view, rng):
        raise StopIteration("game won")


def test_a_strategy_cannot_end_or_fake_the_end_of_a_game():
    for cls, error in ((Quitter, StrategyError), (Staller, StrategyError),
                       (Liar, StrategyError)):
        game = Game(level("expert"), seed=3)
        with pytest.raises(error):
            play(game, cls(), rng=random.Random(1))
        assert game.status is Status.PLAYING  # still on: only the game decides
    game = Game(level("expert"), seed=3)
    with pytest.raises(StrategyError, match=f"{STALL_LIMIT} turns"):
        play(game, Staller(), rng=random.Random(1))
    assert sum(m.kind is MoveKind.REVEAL for m in game.log) == 1 + STALL_LIMIT


def test_the_record_keeps_reasons_and_replays_the_game():
    game = Game(level("expert"), seed=14)  # a win, with every mine flagged on the way
    steps: list[Step] = []
    record = play(game, make_strategy("exact", flag_mines=True), steps.append,
                  rng=random.Random(14))
    assert [s.number for s in steps] == list(range(len(record.log)))
    assert record.log[0].reason.basis is Basis.FIRST
    assert all(m.reason is not None for m in record.log)
    assert sum(m.kind is MoveKind.FLAG for m in record.log) == game.rules.mines
    again = replay(record)
    assert again.status is game.status and again.view() == game.view()
    assert again.log == game.log


def test_a_batch_skips_cells_an_earlier_move_opened():
    class Twice(Strategy):
        name = "twice"

        def decide(self, view, rng):
            cell = view.unknown_cells()[0]
            reason = Reason.guessed(None)
            return [Decision(Action.reveal(cell), reason)] * 2

    game = Game(level("beginner"), seed=5)
    play(game, Twice(), rng=random.Random(0))
    assert game.clicks.wasted == 0
