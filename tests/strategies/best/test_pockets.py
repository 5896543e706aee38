"""Small pockets against a union-find read from row and column coordinates, and the
``best`` strategy's deferral of guesses in them (option ``pockets``)."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.tracking.incremental import IncrementalAnalyser
from sweepkit.boardfile import parse_board
from sweepkit.position import UNKNOWN, Position
from sweepkit.strategies.best import BestStrategy
from sweepkit.strategies.best.guesses import Evaluator
from sweepkit.strategies.best.pockets import small_pockets
from tests.examples import examples
from tests.strategies_boards import consistent_positions


def brute_pockets(position: Position, least: int) -> set[int]:
    """The covered cells whose area has fewer than ``least`` cells: a union-find joining two
    covered cells that are neighbours, or that both touch one revealed number (read from
    the coordinates, not from the position's neighbour table)."""
    cols = position.shape[1]
    parent = list(range(position.size))

    def find(a: int) -> int:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    def near(a: int, b: int) -> bool:
        return a != b and abs(a // cols - b // cols) <= 1 and abs(a % cols - b % cols) <= 1

    covered = [c for c, v in enumerate(position.cells) if v == UNKNOWN]
    numbers = [c for c, v in enumerate(position.cells) if v >= 0]
    for a in covered:
        for b in covered:
            if near(a, b) or any(near(a, n) and near(b, n) for n in numbers):
                parent[find(a)] = find(b)
    size: dict[int, int] = {}
    for c in covered:
        size[find(c)] = size.get(find(c), 0) + 1
    return {c for c in covered if size[find(c)] < least}


@st.composite
def views(draw) -> Position:
    """A small view: each cell covered, a number, or a known mine (the numbers need not
    be consistent: the areas depend only on which cells are which)."""
    rows, cols = draw(st.integers(2, 6)), draw(st.integers(2, 7))
    cells = draw(st.lists(st.sampled_from("???12*"), min_size=rows * cols,
                          max_size=rows * cols))
    return Position.from_rows(["".join(cells[r * cols:(r + 1) * cols]) for r in range(rows)])


@settings(max_examples=examples(300), deadline=None)
@given(views(), st.integers(1, 12))
def test_small_pockets_match_a_union_find_from_coordinates(position, least):
    assert small_pockets(position, least) == brute_pockets(position, least)


@settings(max_examples=examples(200), deadline=None)
@given(consistent_positions(max_rows=5, max_cols=6, with_mines=True), st.sampled_from([2, 3, 5]))
def test_best_ranks_pocket_cells_only_when_no_other_live_guess_is_in_its_window(position,
                                                                               least):
    """With ``pockets`` n, the guesses ranked first are those the ranking without the option
    ranks first among the live cells of its window outside areas of fewer than n cells;
    only when every such cell is in a pocket does the ranking look at the pockets, as
    without the option (the values themselves do not change)."""
    analysis = analyse(position, True)
    assume(analysis.consistent and not analysis.safe_cells())
    assume(any(p < 1 for c, p in analysis.probabilities().items()
               if position.cells[c] == UNKNOWN))
    pockets = small_pockets(position, least)

    def ranked(n):
        strategy = BestStrategy(pockets=n, lookahead=1000, endgame=0)
        return strategy.rank(Evaluator(analysis, IncrementalAnalyser(True, keep_mines=False),
                                       strategy.options.blend))

    def top(ranking, keep):
        best = max(r.key for r in ranking if any(keep(c) for c in r.candidate.cells))
        return {c for r in ranking if r.key == best for c in r.candidate.cells if keep(c)}

    plain, deferred = ranked(0), ranked(least)
    outside = [r for r in plain if r.key[0] != float("-inf")
               and any(c not in pockets for c in r.candidate.cells)]
    if outside and not all(r.candidate.dead for r in outside):
        assert top(deferred, lambda c: True) == top(plain, lambda c: c not in pockets)
    else:
        assert top(deferred, lambda c: True) == top(plain, lambda c: True)


LATE_GAME = """\
mines: 99
1**11*101*2???????????????????
12211121224???????????????????
1110123*11**33*???????????????
1*101**2113*23*??3????????????
11101221013322*3111???????????
1101121223**1111001???????????
*112*2*2**321000001???????????
221*221222212221001???????????
*2211012334*3**2111???????????
2*11111*****4322*11???????????
1111*225*533*211122???????????
110112*3*2123*2111*???????????
*2122322111*322*222???????????
23*2**221112*112??1???????????
??2223*3*2011112??????????????
??100113*200001*2?????????????
"""


@pytest.mark.parametrize("pockets", [0, 8])
def test_a_late_guess_leaves_the_four_cells_walled_in_for_later(pockets):
    """A modern expert position where the Java solver guesses (14, 18), at 4% risk: the
    four covered cells in the bottom-left corner are an area of four, each a mine in one
    layout of five, their long-term factor high. With ``pockets=8`` the guess is made
    elsewhere, and safer; the pocket's risk is still there to be taken later."""
    view = parse_board(LATE_GAME)
    corner = {420, 421, 450, 451}
    assert small_pockets(view, 8) == corner
    analysis = analyse(view)
    risks = analysis.probabilities()
    decision = BestStrategy((3, 3), pockets=pockets).consider(analysis, random.Random(1))
    cell = decision.decision.action.cell
    if pockets:
        assert cell not in corner and risks[cell] < 0.05
    else:
        assert cell in corner and risks[cell] > 0.2
