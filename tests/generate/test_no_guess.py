"""No-guess boards: each one is cleared from its first click by an independent logic-only
loop (a real game, the exact analysis from scratch each turn, or the full explanations when
the techniques are limited), not by the generator's own player."""

from __future__ import annotations

import random
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.budget import AnalysisCancelled, AnalysisTimeout, limits
from sweepkit.analysis.reasons.explain import TECHNIQUES, explain
from sweepkit.game import Game, Status, replay
from sweepkit.generate import (
    MAX_DENSITY,
    NoGuessError,
    NoGuessLayouts,
    NoGuessTimeout,
    generate_no_guess,
)
from sweepkit.moves import Action
from sweepkit.position import MINE, UNKNOWN
from sweepkit.rules import FirstClick, Rules, level
from sweepkit.serialize import record_from_json, record_json
from tests.examples import examples


def logic_clears(rules: Rules, mines: frozenset[int], first: int,
                 hardest: str | None = None) -> bool:
    """Whether certain moves alone clear the layout from a first reveal at ``first``: each
    turn every cell proved safe is revealed and every proved mine flagged (with
    ``hardest``, only the cells whose explanation needs at most that technique)."""
    game = Game(rules, mine_cells=mines)
    game.play(Action.reveal(first))
    allowed = TECHNIQUES if hardest is None else TECHNIQUES[:TECHNIQUES.index(hardest) + 1]
    while game.status is Status.PLAYING:
        view = game.view()
        if hardest is None:
            analysis = analyse(view)
            safe, found = analysis.safe_cells(), analysis.mine_cells()
        else:
            reasons = [e for e in explain(view) if e.technique in allowed]
            safe = [e.cell for e in reasons if e.value == "safe"]
            found = [e.cell for e in reasons if e.value == "mine"]
        for cell in found:
            game.play(Action.flag(cell))
        if not safe:
            if found and hardest is not None:
                continue  # the flags may let an allowed technique decide a cell
            return False
        for cell in safe:
            if game.view().cells[cell] == UNKNOWN:
                game.play(Action.reveal(cell))
    return game.status is Status.WON


def first_cell(rules: Rules) -> int:
    return rules.index(3, 3) if rules.first_click is FirstClick.OPENING else 0


@pytest.mark.parametrize("name", ["beginner", "intermediate", "expert"])
@pytest.mark.parametrize("rule", ["none", "safe", "opening"])
def test_every_board_is_cleared_without_a_guess(name, rule):
    rules = level(name, rule)
    first = first_cell(rules)
    for seed in range(2):
        board = generate_no_guess(rules, first, random.Random(seed))
        assert len(board.mines) == rules.mines
        # the first click's promise: never a mine (even under 'none'), a 0 when opening
        kept_free = rules.mine_free_cells(first) or (first,)
        assert not board.mines.intersection(kept_free)
        assert logic_clears(rules, board.mines, first)


@pytest.mark.parametrize("hardest", ["single", "subset", "linked"])
def test_a_limited_player_clears_the_boards_made_for_it(hardest):
    for name, seed in (("beginner", 0), ("beginner", 1), ("intermediate", 2)):
        rules = level(name)
        board = generate_no_guess(rules, 0, random.Random(seed), hardest=hardest)
        assert logic_clears(rules, board.mines, 0, hardest)


def test_a_limited_board_can_need_a_harder_technique_than_singles():
    # the restriction is real: most boards a full player clears need more than single
    # numbers somewhere (otherwise the option would not do anything)
    rules = level("intermediate")
    boards = [generate_no_guess(rules, 0, random.Random(s)).mines for s in range(6)]
    assert not all(logic_clears(rules, mines, 0, "single") for mines in boards)


def test_the_seed_fixes_the_board():
    rules = level("expert")
    one, two = (generate_no_guess(rules, 0, random.Random(7)) for _ in range(2))
    assert one.mines == two.mines and one.perturbations == two.perturbations


def test_requests_that_cannot_be_met_say_why():
    with pytest.raises(NoGuessError, match=f"made up to {MAX_DENSITY}".replace(".", r"\.")):
        generate_no_guess(Rules(10, 10, 30), 0, random.Random(1))
    with pytest.raises(NoGuessError, match=r"unknown technique 'pairs'.*single, subset"):
        generate_no_guess(level("beginner"), 0, random.Random(1), hardest="pairs")
    with pytest.raises(NoGuessError, match="unknown technique"):
        NoGuessLayouts(hardest="pairs")
    with pytest.raises(NoGuessError, match="leaving 0 cells for 1 mines"):
        generate_no_guess(Rules(3, 3, 1, "opening"), 4, random.Random(1))


def test_the_time_budget_ends_the_search_with_a_message():
    rules = level("intermediate")
    seed = next(s for s in range(50)
                if generate_no_guess(rules, 0, random.Random(s), hardest="single").perturbations)
    with pytest.raises(NoGuessTimeout, match="within 0 s"):
        generate_no_guess(rules, 0, random.Random(seed), hardest="single", seconds=0)


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



def test_a_cancelled_budget_stops_the_search_for_a_board():
    cancel = threading.Event()
    cancel.set()
    # 2x2 with one mine: every layout needs a guess, so only the cancel can end it early.
    with limits(cancel=cancel), pytest.raises(AnalysisCancelled):
        generate_no_guess(Rules(2, 2, 1, "safe"), 0, random.Random(1), seconds=60)


def test_the_time_budget_holds_inside_one_solve_of_a_big_board():
    # The deadline is checked inside the analysis too, not only between layout changes
    # (where one solve of a 1000x1000 board can run 100 s past a budget of 10 s), and the
    # analysis's timeout comes out as the generator's, with its message.
    with pytest.raises(NoGuessTimeout, match=r"within 0\.5 s"):
        generate_no_guess(Rules(400, 400, 30000), 0, random.Random(1), seconds=0.5)
    with limits(seconds=0.2), pytest.raises(AnalysisTimeout):  # a caller's tighter budget
        generate_no_guess(Rules(400, 400, 30000), 0, random.Random(1), seconds=30)


@settings(max_examples=examples(60), deadline=None)
@given(rows=st.integers(2, 9), cols=st.integers(2, 9), seed=st.integers(0, 10**6),
       steps=st.integers(0, 6))
def test_the_frontier_and_the_swaps_are_those_of_their_definitions(rows, cols, seed, steps):
    # they are selected on bytes as integers (a pass over a 200x200 board's cells took
    # 0.13 s a perturbation); here against the plain definitions, cell by cell
    from sweepkit.analysis.tracking.incremental import IncrementalAnalyser
    from sweepkit.generate.no_guess import LogicBoard

    rng = random.Random(seed)
    size = rows * cols
    mines = frozenset(rng.sample(range(size), rng.randint(1, size - 1)))
    board = LogicBoard(Rules(rows, cols, len(mines)), mines, len(TECHNIQUES) - 1,
                       IncrementalAnalyser(use_mine_count=True, keep_mines=False))
    board.reveal(rng.choice([c for c in range(size) if c not in mines]))
    for _ in range(steps):
        if board.solve():
            break
        shown, table = board.shown, board.table
        covered = [c for c in range(size) if shown[c] < 0]
        assert board.undecided == ([c for c in covered
                                    if any(shown[j] >= 0 for j in table[c])] or covered)
        for cell in board.undecided:
            other = [c for c in covered if board.is_mine[c] != board.is_mine[cell]]
            far = [c for c in other if not any(shown[j] >= 0 for j in table[c])]
            assert board.swaps(cell) == (far or other)
        board.perturb(rng)
        assert all(v != MINE for v in board.shown)  # the proved mines are forgotten
