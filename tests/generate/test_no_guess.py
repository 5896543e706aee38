"""No-guess boards: each one is cleared from its first click by an independent logic-only
loop (a real game, the exact analysis from scratch each turn, or the full explanations when
the techniques are limited: :mod:`tests.generate.reference`), not by the generator's own
player; the uniform method is plain rejection from the rules' own draws."""

from __future__ import annotations

import random
import threading

import pytest

from sweepkit.analysis.budget import AnalysisCancelled, AnalysisTimeout, limits
from sweepkit.game import Game, replay
from sweepkit.generate import (
    MAX_DENSITY,
    NoGuessError,
    NoGuessLayouts,
    NoGuessTimeout,
    generate_no_guess,
)
from sweepkit.generate.no_guess import auto_draws
from sweepkit.rules import FirstClick, Rules, level
from sweepkit.serialize import record_from_json, record_json
from tests.generate.reference import logic_clears


def first_cell(rules: Rules) -> int:
    return rules.index(3, 3) if rules.first_click is FirstClick.OPENING else 0


@pytest.mark.parametrize("name", ["beginner", "intermediate", "expert"])
@pytest.mark.parametrize("rule", ["none", "safe", "opening"])
@pytest.mark.parametrize("method", ["uniform", "perturb"])
def test_every_board_is_cleared_without_a_guess(name, rule, method):
    rules = level(name, rule)
    first = first_cell(rules)
    board = generate_no_guess(rules, first, random.Random(len(name)), method=method)
    assert board.method == method and len(board.mines) == rules.mines
    # the first click's promise: never a mine (even under 'none'), a 0 when opening
    kept_free = rules.mine_free_cells(first) or (first,)
    assert not board.mines.intersection(kept_free)
    assert logic_clears(rules, board.mines, first)


@pytest.mark.parametrize("rule", ["none", "safe", "opening"])
@pytest.mark.parametrize(("name", "hardest"), [("intermediate", None), ("beginner", "single"),
                                               ("beginner", "subset")])
def test_the_uniform_method_is_plain_rejection(rule, name, hardest):
    # the board is the first of the rules' own draws (from the same random stream) that
    # the reference player clears, and the draws are counted
    rules = level(name, rule)
    first = first_cell(rules)
    placing = rules if rule != "none" else level(name, "safe")
    for seed in range(3):
        board = generate_no_guess(rules, first, random.Random(seed), hardest=hardest,
                                  method="uniform")
        rng, draws = random.Random(seed), 0
        while True:
            mines = placing.place_mines(first, rng)
            draws += 1
            if logic_clears(rules, mines, first, hardest):
                break
        assert (board.mines, board.draws, board.perturbations) == (mines, draws, 0)


@pytest.mark.slow
def test_the_uniform_method_draws_every_no_guess_board_equally_often():
    # 4x4 with 4 mines, a safe first click in the corner: 270 of the 1,365 layouts need no
    # guess (the reference player decides each); 5,400 boards, 20 a layout expected: each
    # is drawn, none other, and the counts fit the uniform distribution
    import itertools

    from scipy.stats import chisquare

    rules, first = Rules(4, 4, 4), 0
    no_guess = [frozenset(m) for m in itertools.combinations(range(1, 16), 4)
                if logic_clears(rules, frozenset(m), first)]
    assert len(no_guess) == 270
    seen = dict.fromkeys(no_guess, 0)
    rng = random.Random(2024)
    for _ in range(20 * len(no_guess)):
        seen[generate_no_guess(rules, first, rng, method="uniform").mines] += 1  # KeyError
    assert len(seen) == len(no_guess) and min(seen.values()) > 0
    assert chisquare(list(seen.values())).pvalue > 0.001


@pytest.mark.parametrize("hardest", ["single", "subset", "linked"])
@pytest.mark.parametrize("method", ["uniform", "perturb"])
def test_a_limited_player_clears_the_boards_made_for_it(hardest, method):
    for name, seed in (("beginner", 0), ("intermediate", 2)):
        rules = level(name)
        board = generate_no_guess(rules, 0, random.Random(seed), hardest=hardest,
                                  method=method)
        assert logic_clears(rules, board.mines, 0, hardest)


def test_a_limited_board_can_need_a_harder_technique_than_singles():
    # the restriction is real: most boards a full player clears need more than single
    # numbers somewhere (otherwise the option would not do anything)
    rules = level("intermediate")
    boards = [generate_no_guess(rules, 0, random.Random(s)).mines for s in range(6)]
    assert not all(logic_clears(rules, mines, 0, "single") for mines in boards)


@pytest.mark.parametrize("method", ["uniform", "perturb"])
def test_the_seed_fixes_the_board(method):
    rules = level("expert")
    one, two = (generate_no_guess(rules, 0, random.Random(7), method=method)
                for _ in range(2))
    assert (one.mines, one.draws, one.perturbations) == (two.mines, two.draws,
                                                         two.perturbations)


def test_auto_draws_uniformly_where_it_can_and_perturbs_big_boards():
    expert = generate_no_guess(level("expert"), 0, random.Random(3))
    assert expert.method == "uniform" and expert.draws <= auto_draws(level("expert"))
    big = Rules(70, 70, 700, "opening")
    board = generate_no_guess(big, big.index(35, 35), random.Random(3))
    assert auto_draws(big) == 0 and (board.method, board.draws) == ("perturb", 1)
    assert logic_clears(big, board.mines, big.index(35, 35))
    # a limited player at expert rarely clears a drawn layout: the draws run out
    single = generate_no_guess(level("expert"), 0, random.Random(3), hardest="single")
    assert (single.method, single.draws) == ("perturb", auto_draws(level("expert")))


def test_requests_that_cannot_be_met_say_why():
    cases = [
        (dict(rules=Rules(10, 10, 30)), f"made up to {MAX_DENSITY}".replace(".", r"\.")),
        (dict(hardest="pairs"), r"unknown technique 'pairs'.*single, subset"),
        (dict(method="fast"), r"unknown method 'fast' \(expected one of auto, uniform, "
                              r"perturb\)"),
        (dict(rules=Rules(3, 3, 1, "opening"), first=4), "leaving 0 cells for 1 mines"),
        (dict(first=81), r"first click 81 is off the 9x9 board \(cells 0 to 80\)"),
        (dict(seconds=-1), "time budget must be at least 0 s, got -1"),
        (dict(rules=Rules.of_shape((3, 4, 4), 2)), "2-D boards only"),
    ]
    for change, message in cases:
        args = {"rules": level("beginner"), "first": 0, "rng": random.Random(1), **change}
        rules, first, rng = args.pop("rules"), args.pop("first"), args.pop("rng")
        with pytest.raises(NoGuessError, match=message) as caught:
            generate_no_guess(rules, first, rng, **args)
        assert "\n" not in str(caught.value)
    with pytest.raises(NoGuessError, match="unknown technique"):
        NoGuessLayouts(hardest="pairs")
    with pytest.raises(NoGuessError, match="unknown method"):
        NoGuessLayouts(method="fast")


def test_the_time_budget_ends_the_search_with_a_message():
    rules = level("intermediate")
    with pytest.raises(NoGuessTimeout, match=r"within 0 s \(0 layout changes tried\)"):
        generate_no_guess(rules, 0, random.Random(1), method="perturb", seconds=0)
    # 2x2 with one mine: every layout needs a guess; the uniform draws say so
    with pytest.raises(NoGuessTimeout, match=r"of 2x2 with 1 mines found within 0\.2 s: "
                       r"none of the \d+ layouts drawn was cleared without a guess; try "
                       r"method 'perturb'"):
        generate_no_guess(Rules(2, 2, 1), 0, random.Random(1), method="uniform", seconds=0.2)


def test_a_game_on_a_no_guess_board_records_it_and_replays():
    rules = level("intermediate", "opening")
    game = Game(rules, seed=11, layouts=NoGuessLayouts())
    game.reveal(8, 8)
    assert game.no_guess
    mines = game.reveal_layout(cheat=True).known_mines()
    assert logic_clears(rules, frozenset(mines), rules.index(8, 8))
    # the same seed and first click give the same board
    again = Game(rules, seed=11, layouts=NoGuessLayouts())
    again.reveal(8, 8)
    assert again.reveal_layout(cheat=True) == game.reveal_layout(cheat=True)
    record = game.record(cheat=True)
    assert record.no_guess and record.mine_cells == frozenset(mines)
    back = record_from_json(record_json(record))
    assert back == record
    assert replay(back).view() == game.view() and replay(back).no_guess
    ordinary = Game(rules, seed=11)
    ordinary.reveal(8, 8)
    assert not ordinary.record(cheat=True).no_guess
    assert record_json(ordinary.record(cheat=True))["no_guess"] is False


@pytest.mark.parametrize("method", ["uniform", "perturb"])
def test_a_cancelled_budget_stops_the_search_for_a_board(method):
    cancel = threading.Event()
    cancel.set()
    # 2x2 with one mine: every layout needs a guess, so only the cancel can end it early.
    with limits(cancel=cancel), pytest.raises(AnalysisCancelled):
        generate_no_guess(Rules(2, 2, 1, "safe"), 0, random.Random(1), seconds=60,
                          method=method)


def test_the_time_budget_holds_inside_one_solve_of_a_big_board():
    # The deadline is checked inside one solve too, not only between layout changes (a
    # 400x400 board's first opening alone can take longer than the budget), and the
    # solve's timeout comes out as the generator's, with its message.
    with pytest.raises(NoGuessTimeout, match=r"within 0\.5 s"):
        generate_no_guess(Rules(400, 400, 30000), 0, random.Random(1), seconds=0.5)
    with limits(seconds=0.2), pytest.raises(AnalysisTimeout):  # a caller's tighter budget
        generate_no_guess(Rules(400, 400, 30000), 0, random.Random(1), seconds=30)
