"""Closed 50/50 patterns and the risk a guess owes anyway: frames against coordinates, the
pattern counts and pseudo 50/50s against a brute force over the layouts, and the ``best``
strategy's use of them."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings

from sweepkit.analysis.incremental import IncrementalAnalyser
from sweepkit.analysis.probability import analyse
from sweepkit.position import MINE, UNKNOWN, Position
from sweepkit.strategies.best import BestStrategy, discounted
from sweepkit.strategies.guesses import Evaluator
from sweepkit.strategies.long_term import LongTerm
from sweepkit.strategies.owed import (
    MAX_CELLS,
    board_patterns,
    closed_patterns,
    owed_risk,
    pattern_index,
)
from tests import brute
from tests.examples import examples
from tests.strategies_boards import consistent_positions


def coordinate_frame(shape: tuple[int, int], first, second) -> set[int]:
    """The cells outside both ways touching more cells of one than of the other, counted
    from row and column differences."""
    rows, cols = shape

    def touching(cell: int, group) -> int:
        r, c = divmod(cell, cols)
        return sum(1 for g in group if g != cell and abs(g // cols - r) <= 1
                   and abs(g % cols - c) <= 1)

    return {j for j in range(rows * cols) if j not in first and j not in second
            and touching(j, first) != touching(j, second)}


def test_pattern_frames_match_the_coordinates():
    patterns = board_patterns((5, 6), "grid")
    for p in patterns:
        assert set(p.frame) == coordinate_frame((5, 6), p.first, p.second)
        assert len(p.first) == len(p.second) and len(p.frame) <= 6
    shapes = {(p.first, p.second): p.frame for p in patterns}
    # an inner pair side by side: the three cells left of it and the three right of it
    assert set(shapes[((8,), (9,))]) == {1, 7, 13, 4, 10, 16}
    # a 2x2 block, mines on one diagonal: its four diagonal corners
    assert set(shapes[((8, 15), (9, 14))]) == {1, 4, 19, 22}
    # the same block split by rows or columns has a frame of eight: not a pattern
    assert ((8, 9), (14, 15)) not in shapes and ((8, 14), (9, 15)) not in shapes


@pytest.mark.parametrize("seed", range(5))
def test_the_index_looks_at_every_pattern_a_full_scan_would_keep(seed):
    """PatternIndex.worth_a_look leaves out only patterns with more than ``max_missing``
    frame cells that are not flags (on a board with flags and revealed cells at random)."""
    rng = random.Random(seed)
    shape = (9, 13)
    index = pattern_index(shape, "grid")
    values = [rng.choice([UNKNOWN] * 6 + [MINE] * 3 + [1]) for _ in range(9 * 13)]
    flagged = [c for c, v in enumerate(values) if v == MINE]
    for max_missing in (1, 2, 3):
        looked = index.worth_a_look(flagged, max_missing)
        assert looked == sorted(set(looked))
        kept = [i for i, p in enumerate(board_patterns(shape, "grid"))
                if sum(values[j] != MINE for j in p.frame) <= max_missing]
        assert set(kept) <= set(looked)
    patterns = board_patterns(shape, "grid")
    for c in rng.sample(range(9 * 13), 20):
        assert index.holding[c] == tuple(i for i, p in enumerate(patterns) if c in p.cells)


@settings(max_examples=examples(200), deadline=None)
@given(consistent_positions(max_rows=4, max_cols=4))
def test_pattern_counts_and_pseudo_fifty_fiftys_match_the_brute_force(position):
    # one brute-force search: the layouts with the mine count are those of its size
    every_layout = brute.explanations(position, use_mine_count=False)
    for use_mine_count in (True, False):
        layouts = every_layout if not use_mine_count or position.mines is None else [
            m for m in every_layout if len(m) == position.mines]
        known_layouts = set(layouts)
        analysis = analyse(position, use_mine_count)
        found = closed_patterns(analysis)
        listed = {(p.first, p.second) for p, _missing, _n in found}

        def with_pattern(need, avoid, layouts=layouts) -> list[frozenset[int]]:
            """The layouts with every cell of ``need`` a mine and none of ``avoid``."""
            need, avoid = set(need), set(avoid)
            return [m for m in layouts if need <= m and not avoid & m]

        for pattern, missing, n in found:
            matching = with_pattern({*pattern.first, *missing}, pattern.second)
            assert n == len(matching)
            frame = set(pattern.frame)
            assert all(frame <= m for m in matching)
            # the swap: the other way is a layout too, so no number can tell them apart
            first, second = set(pattern.first), set(pattern.second)
            for m in matching:
                assert (m - first) | second in known_layouts
        # every pattern some layout has (with at most two frame cells to fill) is found
        values = position.cells
        flags = set(position.known_mines())
        for p in board_patterns(position.shape, position.topology):
            missing = [j for j in p.frame if values[j] == UNKNOWN]
            if ((p.first, p.second) in listed or len(missing) > 2
                    or any(values[c] != UNKNOWN for c in p.cells)
                    or any(values[j] != UNKNOWN and j not in flags for j in p.frame)):
                continue
            assert not with_pattern({*p.first, *p.frame}, p.second), (str(position), p)
        # the owed counts and the pseudo 50/50s, from the brute-force layouts alone
        owed = owed_risk(analysis)
        total = len(layouts)
        mines_at = Counter(itertools.chain.from_iterable(layouts))  # layouts with c a mine
        summed: dict[int, int] = {}
        pseudo = set()
        for pattern, missing, _n in found:
            n = len(with_pattern({*pattern.first, *missing}, pattern.second))
            for c in (*pattern.cells, *missing):
                summed[c] = summed.get(c, 0) + n
            pseudo |= {c for c in pattern.cells if mines_at[c] == n}
        capped = {c: min(n, mines_at[c], total - mines_at[c]) for c, n in summed.items()}
        assert owed.counts == {c: n for c, n in capped.items() if n}
        assert set(owed.pseudo) == pseudo
        for cell in owed.pseudo:
            # every layout with a mine there is a layout of one pattern, with it a mine
            with_cell = [m for m in layouts if cell in m]
            assert any(len(with_pattern({*way, *missing}, other, with_cell)) == len(with_cell)
                       for p, missing, _n in found if cell in p.cells
                       for way, other in ((p.first, p.second), (p.second, p.first))
                       if cell in way)


def test_a_pseudo_fifty_fifty_is_taken_before_other_guesses():
    # From a 5x5 game: the top right 2x2 block holds its mines on one diagonal or the
    # other whenever (0, 4) is a mine, with (2, 2) below it a mine too; no number can then
    # tell the diagonals apart, so a guess at (0, 4) risks only what is lost anyway.
    view = Position.from_rows(["001??", "122??", "?3?3?", "?????", "?????"], mines=5)
    analysis = analyse(view)
    assert not analysis.safe_cells()
    owed = owed_risk(analysis)
    assert 4 in owed.pseudo
    block, diagonal, frame = {3, 4, 8, 9}, ({4, 8}, {3, 9}), 12
    for layout in brute.explanations(view):
        if 4 in layout:
            assert frame in layout and layout & block in diagonal
    # the two-step value alone (the presets' long-term factor credits the pattern too)
    plain = BestStrategy(endgame=0, long_term=0.0, blend=0.0).consider(analysis,
                                                                      random.Random(1))
    taken = BestStrategy(endgame=0, pseudo=True).consider(analysis, random.Random(1))
    assert taken.step == "pseudo 50/50" and taken.decision.action.cell in owed.pseudo
    assert plain.step != "pseudo 50/50" and plain.decision.action.cell not in owed.pseudo


def test_the_owed_share_adds_to_a_guess_value_by_its_weight():
    view = Position.from_rows(["001??", "122??", "?3?3?", "?????", "?????"], mines=5)
    analysis = analyse(view)
    owed = owed_risk(analysis)
    strategy = BestStrategy(endgame=0, owed=0.5, discount=0.97, long_term=0.0, blend=0.0)
    ranked = strategy.rank(Evaluator(analysis, IncrementalAnalyser(keep_mines=False)))
    looked = [r for r in ranked if r.key[0] != float("-inf")]
    assert any(owed.share(r.candidate.cell) for r in looked)
    for r in looked:
        c = r.candidate
        assert r.key[0] == pytest.approx(discounted(c, 0.97) + 0.5 * owed.share(c.cell))
        assert len({owed.share(x) for x in c.cells}) == 1  # a class shares its share


def test_options_are_checked_and_huge_boards_are_not_searched():
    with pytest.raises(ValueError, match="owed"):
        BestStrategy(owed=-0.5)
    with pytest.raises(ValueError, match="owed"):
        BestStrategy(owed=2)
    huge = Position.unknown(101, 100, mines=2000)
    assert huge.size > MAX_CELLS
    assert closed_patterns(analyse(huge)) == []
    shares = LongTerm(analyse(huge))  # the long-term influence, counted on demand: none
    assert shares.sweep == {} and shares.scores(range(0, huge.size, 97)) == {}
