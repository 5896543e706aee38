"""The strongest player as a whole: its certain moves against the analysis, every guess
mode to the end of a game, dead cells, proved mines, and the benchmark scripts that play
it. No test asserts a win rate (the benchmark's job)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings

from sweepkit.analysis.board.probability import analyse
from sweepkit.bench.store import Store
from sweepkit.game import Game, Status
from sweepkit.moves import Basis
from sweepkit.play import play
from sweepkit.position import MINE, UNKNOWN, Position
from sweepkit.rules import level
from sweepkit.strategies import make_strategy
from sweepkit.strategies.best import STRENGTHS, BestStrategy
from tests import brute
from tests.examples import examples
from tests.strategies.best.test_forced import brute_dead
from tests.strategies_boards import consistent_positions


def checked_game(seed: int, strategy: BestStrategy, rules_name: str):
    """Play one game, checking every decision against the exact analysis of its view."""
    game = Game(level(rules_name), seed=seed)
    real = strategy.moves

    def moves(view, rng):
        decisions = real(view, rng)
        if any(v >= 0 for v in view.cells):
            probs = analyse(view).probabilities(exact=True)
            certain = [d for d in decisions if d.reason.basis is Basis.CERTAIN]
            guesses = [d for d in decisions if d.reason.basis is not Basis.CERTAIN]
            for d in certain:
                assert probs[d.action.cell] == (0 if d.action.kind == "reveal" else 1)
            if guesses:  # one guess, only when nothing is certainly safe (flags may come)
                assert len(guesses) == 1
                assert all(d.action.kind == "flag" for d in certain)
                assert 0 not in probs.values()
                assert probs[guesses[0].action.cell] < 1
        return decisions

    strategy.moves = moves  # type: ignore[method-assign]
    play(game, strategy, rng=random.Random(seed))
    return game


@pytest.mark.parametrize("strength", list(STRENGTHS))
def test_certain_moves_are_certain_and_guesses_wait_for_them(strength):
    for seed in range(6):
        game = checked_game(seed, BestStrategy(strength=strength, flag_mines=seed % 2 == 0),
                            "intermediate")
        assert game.status is not Status.PLAYING
        if game.status is Status.LOST:
            assert game.log[-1].reason.guess


@pytest.mark.parametrize("guess", ["p", "quick", "local", "ps", "pse", "two-step"])
def test_every_guess_mode_plays_games_to_the_end(guess):
    strategy = make_strategy("best", guess=guess, lookahead=4, endgame=0)
    for seed in range(3):
        game = checked_game(seed, strategy, "beginner")
        assert game.status is not Status.PLAYING


@settings(max_examples=examples(100), deadline=None)
@given(consistent_positions(max_rows=4, max_cols=4, with_mines=True))
def test_a_dead_cell_is_guessed_only_when_every_cell_is_dead(position):
    analysis = analyse(position)
    if analysis.safe_cells() or not any(v >= 0 for v in position.cells):
        return
    open_cells = [c for c, p in analysis.probabilities().items() if p < 1]
    if not open_cells:  # won already
        return
    layouts = brute.explanations(position)
    for guess in ("quick", "local", "pse", "two-step"):
        strategy = BestStrategy(guess=guess, endgame=0, fifty_fifty=False)
        cell = strategy.moves(position, random.Random(0))[0].action.cell
        if brute_dead(position, cell, layouts):
            assert all(brute_dead(position, c, layouts) for c in open_cells), \
                (str(position), guess)


def test_proved_mines_are_remembered_and_never_revealed():
    view = Position.from_rows(["1?", "??"], mines=1)
    strategy = BestStrategy()
    strategy.start(view)
    assert all(view.cells[d.action.cell] == UNKNOWN and
               analyse(view).probability(d.action.cell) < 1
               for d in strategy.moves(view, random.Random(0)))
    flagged = view.replace({3: MINE})
    assert all(d.action.cell != 3 for d in strategy.moves(flagged, random.Random(0)))


def test_the_ablation_script_plays_each_row_once_and_pairs_them(tmp_path, monkeypatch,
                                                                 capsys):
    from benchmarks import ablation

    db = tmp_path / "a.db"
    argv = ["ablation.py", "--games", "3", "--level", "beginner", "--rows", "p,fast",
            "--workers", "1", "--db", str(db)]
    monkeypatch.setattr("sys.argv", argv)
    ablation.main()
    first = capsys.readouterr().out
    rows = [line for line in first.splitlines() if line.startswith("| ") and "`" in line]
    assert len(rows) == 2 and "—" in rows[0] and "points" in rows[1]
    ablation.main()  # the second time the runs are read back, not played again
    assert capsys.readouterr().out == first
    with Store(db) as store:
        assert len(store.runs()) == 2


def test_the_guess_risk_script_replays_the_bench_games():
    from benchmarks import guess_risk

    from sweepkit.bench.result import StrategySpec, play_game

    rules = level("intermediate")
    for index in range(6):
        won, found = guess_risk.guesses("intermediate", "safe", 9, index)
        bench = play_game(rules, StrategySpec("best"), 9, index)
        assert won == bench.won
        assert sum(lost for *_rest, lost in found) == (not won)  # the losing guess is last
        assert all(kind in guess_risk.KINDS and 0 <= low <= p <= 1
                   for kind, p, low, _lost in found)
    assert guess_risk.kind_of("forced guess: 2 cells") == "forced guess"
    assert guess_risk.kind_of("90.6% safe; its number makes") == "heuristic"
    lines = guess_risk.table([(False, [("heuristic", 0.3, 0.1, True)]),
                              (True, [("heuristic", 0.1, 0.1, False)])])
    assert lines[2] == "| heuristic | 2 | 1 | 0.200 | 1 (50%) | 1 | 0.1000 |"
