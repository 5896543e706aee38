"""Long-term influence against a brute force read from row and column coordinates (the Java
solver's shapes, written out by hand), and the ``best`` strategy's use of it."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings

from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.tracking.incremental import IncrementalAnalyser
from sweepkit.position import MINE, UNKNOWN, Position
from sweepkit.strategies.best import BestStrategy, discounted
from sweepkit.strategies.best.guesses import Evaluator
from sweepkit.strategies.best.long_term import LongTerm, influence
from tests import brute
from tests.examples import examples
from tests.strategies_boards import consistent_positions


def java_shapes(rows: int, cols: int):
    """(kind, first way, second way, frame) of every horizontal and vertical pair and every
    2x2 block split by its diagonals, from the coordinates, as the Java solver lists them."""
    def inside(cells):
        return [r * cols + c for r, c in cells if 0 <= r < rows and 0 <= c < cols]

    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                yield ("h", inside([(r, c)]), inside([(r, c + 1)]),
                       inside([(r + d, c - 1) for d in (-1, 0, 1)]
                              + [(r + d, c + 2) for d in (-1, 0, 1)]))
            if r + 1 < rows:
                yield ("v", inside([(r, c)]), inside([(r + 1, c)]),
                       inside([(r - 1, c + d) for d in (-1, 0, 1)]
                              + [(r + 2, c + d) for d in (-1, 0, 1)]))
            if r + 1 < rows and c + 1 < cols:
                yield ("box", inside([(r, c), (r + 1, c + 1)]), inside([(r, c + 1), (r + 1, c)]),
                       inside([(r - 1, c - 1), (r - 1, c + 2), (r + 2, c - 1), (r + 2, c + 2)]))


def brute_influence(position: Position, layouts: list[frozenset[int]]
                    ) -> tuple[dict[int, float], dict[int, float]]:
    """The scores and the sweep of :func:`influence`, from the position's ``layouts`` (the
    brute force's explanations, with or without the mine count)."""
    total = len(layouts)
    values = position.cells
    bit = [1 << c for c in range(position.size)]
    masks = [sum(map(bit.__getitem__, m)) for m in layouts]  # a layout's mines as bits
    mines_at = Counter(itertools.chain.from_iterable(layouts))  # layouts with a mine at c
    largest: dict[tuple[int, str], int] = {}
    enabled: dict[int, int] = {}
    swept: dict[int, int] = {}
    for kind, first, second, frame in java_shapes(*position.shape):
        if (any(values[c] != UNKNOWN or mines_at[c] in (0, total) for c in first + second)
                or any(values[j] not in (UNKNOWN, MINE) for j in frame)):
            continue
        missing = [j for j in frame if values[j] == UNKNOWN]
        if len(missing) > 3:
            continue
        # the layouts with every cell of first and missing a mine and none of second
        need = sum(bit[c] for c in set(first) | set(missing))
        avoid = sum(bit[c] for c in second)
        n = sum(1 for m in masks if m & need == need and not m & avoid)
        for c in first + second:
            largest[(c, kind)] = max(largest.get((c, kind), 0), n)
        if len(missing) <= 1 and n > 0.025 * total:
            for j in missing:
                enabled[j] = enabled.get(j, 0) + n
            for c in first + second:
                swept[c] = swept.get(c, 0) + n
    tallies = dict(enabled)
    for (c, _kind), n in largest.items():
        tallies[c] = tallies.get(c, 0) + n
    shares = {c: min(n, mines_at[c], total - mines_at[c]) / total for c, n in tallies.items()}
    for c, n in enabled.items():
        swept[c] = swept.get(c, 0) + n
    return {c: s for c, s in shares.items() if s}, {c: n / total for c, n in swept.items()}


@settings(max_examples=examples(120), deadline=None)  # the suite's slowest at 200 (30 s)
@given(consistent_positions(max_rows=4, max_cols=5))
def test_influence_matches_the_brute_force(position):
    # one brute-force search: the layouts with the mine count are those of its size
    # (and without a mine count on the position, the same layouts and influence)
    layouts = brute.explanations(position, use_mine_count=False)
    expected_for = {False: brute_influence(position, layouts)}
    expected_for[True] = expected_for[False] if position.mines is None else brute_influence(
        position, [m for m in layouts if len(m) == position.mines])
    covered = [c for c, v in enumerate(position.cells) if v == UNKNOWN]
    for use_mine_count in (True, False):
        analysis = analyse(position, use_mine_count)
        found = influence(analysis)
        # the same shares counted cell by cell, asked for in a random order and in parts
        lazy = LongTerm(analysis)
        asked = random.Random(str(position)).sample(covered, len(covered))
        lazy_scores = {**lazy.scores(asked[::2]), **lazy.scores(asked[1::2])}
        scores, sweep = expected_for[use_mine_count]
        for shares in (found.scores, lazy_scores):
            assert shares.keys() == scores.keys(), str(position)
            for c, share in scores.items():
                assert shares[c] == pytest.approx(share)
        for swept in (found.sweep, lazy.sweep):
            assert swept.keys() == sweep.keys(), str(position)
            for c, share in sweep.items():
                assert swept[c] == pytest.approx(share)
        assert lazy_scores == found.scores and lazy.sweep == found.sweep  # the very floats


def test_a_cell_between_two_flags_and_the_wall_is_influenced():
    # A 2x1 pair on the top row, framed by two flags and the edge: whichever of the pair is
    # a mine, no number can ever tell, so half of each cell's layouts with the flags filled
    # are in the pattern.
    view = Position.from_rows(["F??F?", "?????", "?????"], mines=5)
    shares = influence(analyse(view)).scores
    assert shares[1] > 0 and shares[2] > 0
    assert all(s <= 0.5 for s in shares.values())


def test_the_long_term_factor_scales_a_guess_value():
    view = Position.from_rows(["001??", "122??", "?3?3?", "?????", "?????"], mines=5)
    analysis = analyse(view)
    shares = influence(analysis).scores
    strategy = BestStrategy(endgame=0, long_term=0.9, discount=0.97, blend=0.0)
    ranked = strategy.rank(Evaluator(analysis, IncrementalAnalyser(keep_mines=False)))
    looked = [r for r in ranked if r.key[0] != float("-inf")]
    assert any(shares.get(r.candidate.cell) for r in looked)
    for r in looked:
        c = r.candidate
        scale = 1 + 0.9 * shares.get(c.cell, 0.0) / c.safety
        assert r.key[0] == pytest.approx(discounted(c, 0.97) * scale)
        assert r.scale == pytest.approx(scale)
        # the words of a hint or a move's note say the factor when there is one
        assert ("long-term safety" in strategy.describe(r)) == (r.scale != 1)
    # the option off: no factor, and the played move is ranked the same way
    off = BestStrategy(endgame=0, long_term=0.0, discount=0.97, blend=0.0).rank(
        Evaluator(analysis, IncrementalAnalyser(keep_mines=False)))
    for r in off:
        if r.key[0] != float("-inf"):
            assert r.key[0] == pytest.approx(discounted(r.candidate, 0.97))
    played = strategy.consider(analysis, random.Random(2))
    assert played.decision.action.cell in ranked[0].candidate.cells or any(
        played.decision.action.cell in r.candidate.cells for r in ranked
        if r.key == ranked[0].key)


def test_the_option_is_checked():
    with pytest.raises(ValueError, match="long_term"):
        BestStrategy(long_term=1.5)
    assert BestStrategy().options.long_term == 0.9
    assert BestStrategy(strength="max").options.long_term == 0.9
    assert BestStrategy(strength="fast").options.long_term == 0


def test_more_layouts_than_a_float_holds():
    """A 50x50 board with 500 mines has about 10^540 layouts, more than a float holds: the
    enablers' threshold is compared exactly there, and the influence, both ways, and
    ``best``'s guess come out (they raised OverflowError before)."""
    rows = ["?" * 50] * 50
    rows[25] = "?" * 25 + "1" + "?" * 24
    view = Position.from_rows(rows, mines=500)
    analysis = analyse(view)
    assert analysis.total.bit_length() > 1100
    found = influence(analysis)
    lazy = LongTerm(analysis)
    assert lazy.sweep == found.sweep
    assert lazy.scores(range(view.size)) == found.scores
    strategy = BestStrategy()
    strategy.start(view)
    (move,) = strategy.moves(view, random.Random(1))
    assert move.reason.guess and view.cells[move.action.cell] == UNKNOWN
