"""The exact baseline: certain moves are certain, guesses are the lowest exact probability,
the quick single-number pass changes no game, working state resets between games."""

from __future__ import annotations

import random

import pytest

from sweepkit.analysis.board.probability import analyse
from sweepkit.game import Game, Status
from sweepkit.moves import Basis
from sweepkit.play import play
from sweepkit.rules import level
from sweepkit.strategies import make_strategy
from sweepkit.strategies.exact import ExactStrategy


def checked_game(seed: int, strategy: ExactStrategy, rules_name: str = "intermediate"):
    """Play one game, checking every decision against the exact analysis of its view."""
    game = Game(level(rules_name), seed=seed)
    real = strategy.moves

    def moves(view, rng):
        decisions = real(view, rng)
        if any(v >= 0 for v in view.cells):
            analysis = analyse(view)
            probs = analysis.probabilities(exact=True)
            for d in decisions:
                if d.reason.basis is Basis.CERTAIN:
                    expected = 0 if d.action.kind == "reveal" else 1
                    assert probs[d.action.cell] == expected
                else:
                    assert probs[d.action.cell] == min(probs.values())
                    assert d.reason.probability == pytest.approx(float(min(probs.values())))
        return decisions

    strategy.moves = moves  # type: ignore[method-assign]
    play(game, strategy, rng=random.Random(seed))
    return game


def test_certain_moves_are_certain_and_guesses_are_the_safest():
    for seed in range(25):
        game = checked_game(seed, ExactStrategy(flag_mines=seed % 2 == 0))
        if game.status is Status.LOST:
            assert game.log[-1].reason.guess


@pytest.mark.slow
def test_the_quick_pass_changes_no_game():
    # (the pass looks only at the numbers near what changed since the last one; with
    # flag_mines the flags change the view too)
    for seed in range(40):
        flag = seed % 2 == 1
        quick = Game(level("expert"), seed=seed)
        slow = Game(level("expert"), seed=seed)
        play(quick, ExactStrategy(quick=True, flag_mines=flag), rng=random.Random(seed))
        play(slow, ExactStrategy(quick=False, flag_mines=flag), rng=random.Random(seed))
        assert quick.status is slow.status
        assert quick.view(flags=False) == slow.view(flags=False)


def test_one_object_plays_many_games_like_fresh_ones():
    shared = make_strategy("exact")
    for seed in range(10):
        a = Game(level("expert"), seed=seed, clock=lambda: 0.0)
        b = Game(level("expert"), seed=seed, clock=lambda: 0.0)
        play(a, shared, rng=random.Random(seed))
        play(b, make_strategy("exact"), rng=random.Random(seed))
        assert a.log == b.log


@pytest.mark.parametrize(("first", "cell"), [("corner", 0), ("centre", 8 * 30 + 15),
                                             ((3, 3), 93)])
def test_the_first_click_is_the_strategys(first, cell):
    game = Game(level("expert"), seed=1)
    play(game, make_strategy("exact", first=first), rng=random.Random(1))
    assert game.log[0].cell == cell and game.log[0].reason.basis is Basis.FIRST


def test_unknown_options_and_first_clicks_are_refused():
    with pytest.raises(ValueError, match=r"unknown strategy 'nope'.*exact"):
        make_strategy("nope")
    with pytest.raises(ValueError, match="takes no option radius"):
        make_strategy("exact", radius=2)
    with pytest.raises(ValueError, match="unknown first click 'middle'"):
        make_strategy("exact", first="middle")
    # values as JSON brings them: bool("false") would be true, int("abc") names no option
    with pytest.raises(ValueError, match="option use_mine_count: expected true or false"):
        make_strategy("exact", use_mine_count="false")
    with pytest.raises(ValueError, match=r"option radius: expected a whole number, got 2\.5"):
        make_strategy("limited-search", radius=2.5)
    with pytest.raises(ValueError, match="option tolerance: expected a number, got True"):
        make_strategy("best", tolerance=True)
    assert make_strategy("best", tolerance=0, strength=500).tolerance == 0.0
    # as `--option` parses them, and as stored runs replay them: 0/1 and whole floats
    made = make_strategy("best", fifty_fifty=1, pseudo=0, lookahead=1e6)
    assert (made.fifty_fifty, made.pseudo, made.lookahead) == (True, False, 1_000_000)
    assert make_strategy("exact", quick=0).quick is False
    with pytest.raises(ValueError, match="option pseudo: expected true or false, got 2"):
        make_strategy("best", pseudo=2)


@pytest.mark.slow
def test_the_incremental_pass_finds_what_a_full_pass_finds():
    """The pass looks only at numbers near what changed; one that looks at every number
    each turn must find nothing more: the same turns, and as few exact analyses."""

    class FullPass(ExactStrategy):
        def decide(self, view, rng):
            self._passed = None  # every turn a pass over every number
            return super().decide(view, rng)

    for seed in range(30):
        players = [ExactStrategy(flag_mines=seed % 2 == 1), FullPass(flag_mines=seed % 2 == 1)]
        analyses = []
        for player in players:
            calls = []
            real = player._analyser.update
            player._analyser.update = lambda view, real=real, calls=calls: (  # type: ignore
                calls.append(1), real(view))[1]
            game = Game(level("expert"), seed=seed, clock=lambda: 0.0)
            play(game, player, rng=random.Random(seed))
            analyses.append((len(calls), len(game.log), game.status))
        assert analyses[0] == analyses[1]
