"""Rules: presets, validation, and the first-click rules' distributions (chi-square)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from scipy.stats import chisquare

from sweepkit.game import Game
from sweepkit.rules import LEVELS, FirstClick, Rules, first_click_rule, level
from sweepkit.topology import OffBoardError


def test_presets_rows_cols_mines():
    assert (level("beginner").rows, level("beginner").cols, level("beginner").mines) == (9, 9, 10)
    inter = level("intermediate")
    assert (inter.rows, inter.cols, inter.mines) == (16, 16, 40)
    expert = level("expert")
    assert (expert.rows, expert.cols, expert.mines) == (16, 30, 99)  # 16 rows of 30 columns
    pedersen = level("pedersen-beginner")
    assert (pedersen.rows, pedersen.cols, pedersen.mines) == (10, 10, 10)
    assert set(LEVELS) == {"beginner", "intermediate", "expert", "pedersen-beginner"}


def test_level_takes_rule_by_name_or_member():
    assert level("expert", "opening").first_click is FirstClick.OPENING
    assert level("expert", FirstClick.NONE).first_click is FirstClick.NONE
    assert level("expert").first_click is FirstClick.SAFE


@pytest.mark.parametrize(
    ("rows", "cols", "mines", "words"),
    [
        (0, 5, 0, ["rows", "0"]),
        (5, 0, 0, ["cols", "0"]),
        (3, 3, 9, ["9 mines", "3x3", "9 cells"]),
        (3, 3, -1, ["-1 mines"]),
    ],
)
def test_bad_sizes_name_the_numbers(rows, cols, mines, words):
    with pytest.raises(ValueError) as info:
        Rules(rows, cols, mines)
    for word in words:
        assert word in str(info.value)


def test_unknown_names():
    with pytest.raises(ValueError, match="unknown level 'huge'"):
        level("huge")
    with pytest.raises(ValueError, match=r"unknown first-click rule 'lucky'.*none, safe, opening"):
        first_click_rule("lucky")
    with pytest.raises(ValueError, match="unknown first-click rule"):
        Rules(3, 3, 1, "lucky")  # type: ignore[arg-type]


def test_extreme_sizes_are_accepted():
    assert Rules(1, 1, 0).size == 1
    assert Rules(200, 200, 39_999).size == 40_000


def test_mine_free_cells_per_rule():
    assert Rules(4, 4, 3, "none").mine_free_cells(5) == ()
    assert Rules(4, 4, 3, "safe").mine_free_cells(5) == (5,)
    assert Rules(4, 4, 3, "opening").mine_free_cells(5) == (0, 1, 2, 4, 5, 6, 8, 9, 10)
    assert Rules(4, 4, 3, "opening").mine_free_cells(15) == (10, 11, 14, 15)


def test_opening_that_cannot_be_met_names_the_numbers():
    rules = Rules(3, 3, 1, "opening")
    with pytest.raises(ValueError) as info:
        rules.place_mines(4, random.Random(0))  # the 3x3 neighbourhood is the whole board
    message = str(info.value)
    assert "9 cells" in message and "0 cells for 1 mines" in message and "(1, 1)" in message
    # the same board can be met from a corner: 4 cells kept free, 5 left
    assert len(rules.place_mines(0, random.Random(0))) == 1


def test_safe_rule_with_all_but_one_cell_mined():
    rules = Rules(2, 3, 5, "safe")
    for first in range(6):
        assert rules.place_mines(first, random.Random(first)) == frozenset(range(6)) - {first}


def test_index_off_the_board_is_a_value_error_naming_the_cell():
    rules = level("beginner")
    assert rules.index(8, 8) == 80
    with pytest.raises(ValueError, match=r"^cell \(9, 0\) is off the 9x9 board$") as info:
        rules.index(9, 0)
    assert isinstance(info.value, OffBoardError)


def test_place_mines_is_deterministic_in_the_rng():
    rules = level("expert", "opening")
    first = rules.index(7, 11)
    assert rules.place_mines(first, random.Random(3)) == rules.place_mines(first, random.Random(3))
    assert rules.place_mines(first, random.Random(3)) != rules.place_mines(first, random.Random(4))


# -- the first-click rules, statistically, through the game ----------------------------

GAMES = 3000


def layouts_after_first_click(rules: Rules, first: tuple[int, int]) -> list[frozenset[int]]:
    """The layout of seeds 0..GAMES-1 after a first reveal at ``first``, as mine cell sets."""
    layouts = []
    for seed in range(GAMES):
        game = Game(rules, seed=seed)
        game.reveal(*first)
        layout = game.reveal_layout(cheat=True)
        layouts.append(frozenset(layout.known_mines()))
    return layouts


def assert_uniform_over(layouts: list[frozenset[int]], cells: list[int], mines: int) -> None:
    """Every ``mines``-subset of ``cells`` occurs about equally often (chi-square, p > 0.001),
    and nothing else occurs."""
    subsets = [frozenset(c) for c in itertools.combinations(cells, mines)]
    counts = Counter(layouts)
    assert set(counts) <= set(subsets)
    observed = [counts[s] for s in subsets]
    assert chisquare(observed).pvalue > 0.001
    # and per cell (marginals), a second, coarser look
    per_cell = Counter(c for layout in layouts for c in layout)
    assert chisquare([per_cell[c] for c in cells]).pvalue > 0.001


def test_rule_none_is_uniform_over_all_cells():
    rules = Rules(3, 3, 2, "none")
    layouts = layouts_after_first_click(rules, (0, 0))
    assert any(0 in layout for layout in layouts)  # the first click can lose
    assert_uniform_over(layouts, list(range(9)), 2)


def test_rule_safe_never_mines_the_first_cell_and_is_uniform_elsewhere():
    rules = Rules(3, 3, 2, "safe")
    layouts = layouts_after_first_click(rules, (1, 1))
    assert all(4 not in layout for layout in layouts)
    assert_uniform_over(layouts, [0, 1, 2, 3, 5, 6, 7, 8], 2)


def test_rule_opening_makes_a_zero_and_is_uniform_outside_the_neighbourhood():
    rules = Rules(4, 4, 2, "opening")
    for seed in range(200):
        game = Game(rules, seed=seed)
        game.reveal(1, 1)
        assert game.view()[1, 1] == 0
    layouts = layouts_after_first_click(rules, (1, 1))
    assert_uniform_over(layouts, [3, 7, 11, 12, 13, 14, 15], 2)


def test_chi_square_would_notice_a_biased_generator():
    """The check above has teeth: a generator that favours one cell fails it."""
    rng = random.Random(0)
    cells = list(range(8))

    def biased_pair() -> frozenset[int]:  # cell 0 is in the urn twice
        while len(pair := frozenset(rng.sample([*cells, 0], 2))) != 2:
            pass
        return pair

    biased = [biased_pair() for _ in range(GAMES)]
    with pytest.raises(AssertionError):
        assert_uniform_over(biased, cells, 2)
