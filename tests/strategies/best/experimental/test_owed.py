"""The risk a guess owes anyway and pseudo 50/50s
(:mod:`sweepkit.strategies.best.experimental.owed`): the owed counts and pseudo 50/50s
against a brute force over the layouts, and the experimental options ``pseudo`` and
``owed`` of ``best`` that use them."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings

from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.tracking.incremental import IncrementalAnalyser
from sweepkit.position import Position
from sweepkit.strategies.best import BestStrategy, discounted
from sweepkit.strategies.best.experimental.owed import owed_risk
from sweepkit.strategies.best.guesses import Evaluator
from sweepkit.strategies.best.patterns import closed_patterns
from tests import brute
from tests.examples import examples
from tests.strategies_boards import consistent_positions


@settings(max_examples=examples(200), deadline=None)
@given(consistent_positions(max_rows=4, max_cols=4))
def test_owed_counts_and_pseudo_fifty_fiftys_match_the_brute_force(position):
    # one brute-force search: the layouts with the mine count are those of its size
    every_layout = brute.explanations(position, use_mine_count=False)
    for use_mine_count in (True, False):
        layouts = every_layout if not use_mine_count or position.mines is None else [
            m for m in every_layout if len(m) == position.mines]
        analysis = analyse(position, use_mine_count)
        found = closed_patterns(analysis)

        def with_pattern(need, avoid, layouts=layouts) -> list[frozenset[int]]:
            """The layouts with every cell of ``need`` a mine and none of ``avoid``."""
            need, avoid = set(need), set(avoid)
            return [m for m in layouts if need <= m and not avoid & m]

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

def test_the_owed_weight_is_checked():
    with pytest.raises(ValueError, match="owed"):
        BestStrategy(owed=-0.5)
    with pytest.raises(ValueError, match="owed"):
        BestStrategy(owed=2)
