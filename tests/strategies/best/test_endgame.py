"""The exact endgame of ``best`` (:mod:`sweepkit.strategies.best.endgame`): its moves
against a brute-force game tree, its state limit and retries, the tree kept across a game's
guesses, and the moves a stopped search proved better."""

from __future__ import annotations

import random

from hypothesis import assume, given, settings

from sweepkit.analysis.board.probability import analyse
from sweepkit.position import SAFE, UNKNOWN, Position
from sweepkit.search.optimal import GameTree
from sweepkit.strategies.best import BestStrategy
from tests.examples import examples
from tests.search import brute_play
from tests.search.test_optimal import move_wins, tiny_positions


@settings(max_examples=examples(100), deadline=None)
@given(tiny_positions())
def test_endgame_moves_are_optimal_by_the_brute_force_game_tree(position):
    assume(SAFE not in position.cells)  # a game's view has no '-' cells
    analysis = analyse(position)
    if analysis.safe_cells() or not any(v >= 0 for v in position.cells):
        return
    best = brute_play.optimal(position)
    if not best.best_moves:
        return
    strategy = BestStrategy(endgame=10_000, endgame_states=10**9)
    decision = strategy.moves(position, random.Random(0))[0]
    assert decision.action.cell in best.best_moves, str(position)
    assert "exact endgame" in decision.reason.note


def test_an_endgame_search_past_its_state_limit_waits_for_half_the_layouts(monkeypatch):
    import sweepkit.search.optimal as optimal_module

    monkeypatch.setattr(optimal_module, "FRESH_TREES", 0)  # every search is made
    searched: list[int] = []
    real = GameTree.play

    def spy(tree, position, max_states=None):
        searched.append(analyse(position).total)
        return real(tree, position, max_states)

    monkeypatch.setattr(GameTree, "play", spy)
    strategy = BestStrategy(endgame=100_000, endgame_states=20)
    strategy.start(Position.covered((5, 5)))
    rng = random.Random(1)
    big = Position.from_rows(["1????", "?????", "?????", "?????", "????1"], mines=5)
    fewer = Position.from_rows(["12???", "?????", "?????", "?????", "????1"], mines=5)
    strategy.moves(big, rng)  # 6,120 layouts: more than 20 states, the search gives up
    strategy.moves(big, rng)  # not searched again
    strategy.moves(fewer, rng)  # 1,260 layouts, fewer than half: searched
    assert searched == [6120, 1260]
    strategy.start(Position.covered((5, 5)))  # a new game forgets
    strategy.moves(big, rng)
    assert searched == [6120, 1260, 6120]


def test_a_stopped_endgame_search_overrules_a_guess_it_proved_worse():
    """With ``partial``, a guess the heuristic chose is replaced by the stopped search's
    best move only when that search proved it worse: on random 4x6 positions (each a
    search stopped after 30 states), every replacement wins more layouts by the full
    search, and the other guesses are the heuristic's."""
    replaced = 0
    for seed in range(6000):
        rng = random.Random(seed)
        mines = rng.randint(4, 7)
        layout = set(rng.sample(range(24), mines))
        full = Position.unknown(4, 6).layout(layout)
        shown = set(rng.sample([i for i in range(24) if i not in layout], rng.randint(2, 6)))
        position = Position((4, 6), tuple(v if i in shown else UNKNOWN
                                          for i, v in enumerate(full.cells)), mines)
        analysis = analyse(position)
        if analysis.safe_cells() or analysis.total > 400:
            continue
        chosen = {}
        for partial in (False, True):
            strategy = BestStrategy(endgame_states=30, partial=partial)
            strategy.start(position)
            chosen[partial] = strategy.consider(analysis, random.Random(0))
        before, after = (chosen[p].decision.action.cell for p in (False, True))
        if before == after:
            assert chosen[True].step == chosen[False].step
            continue
        replaced += 1
        assert chosen[False].step == "two-step" and chosen[True].step == "exact endgame"
        wins = move_wins(position)
        assert wins[after] > wins[before]
        assert "stopped early" in chosen[True].decision.reason.note
    assert replaced >= 2


def test_the_endgame_search_is_kept_for_the_later_guesses_of_a_game(monkeypatch):
    import sweepkit.search.optimal as optimal_module

    monkeypatch.setattr(optimal_module, "FRESH_TREES", 0)  # every tree is built
    built: list[Position] = []
    real = GameTree.__init__

    def spy(tree, position, **limits):
        built.append(position)
        real(tree, position, **limits)

    monkeypatch.setattr(GameTree, "__init__", spy)
    strategy = BestStrategy(endgame=1000)  # the first position has 660 layouts
    strategy.start(Position.covered((4, 4)))
    rng = random.Random(2)
    first = Position.from_rows(["1???", "????", "????", "????"], mines=4)
    later = Position.from_rows(["1?1?", "????", "????", "????"], mines=4)
    other = Position.from_rows(["2???", "????", "????", "????"], mines=4)
    for position in (first, later):  # the second is a state of the first one's search
        assert "exact endgame" in strategy.moves(position, rng)[0].reason.note
    assert built == [first]
    strategy.moves(other, rng)  # not a later position of that game: searched afresh
    assert built == [first, other]
    strategy.start(Position.covered((4, 4)))  # a new game forgets
    strategy.moves(later, rng)
    assert built == [first, other, later]
