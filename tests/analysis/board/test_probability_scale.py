"""The board-level combination at scale: the product-tree route of ``analyse``
against the old prefix × suffix route (tests/analysis/reference_combine.py) and the brute
force, in both of its modes (every ratio exact at once; the windowed floats with exact
ratios on demand), on drawn components, small positions and big first-click boards."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from benchmarks.scale_positions import first_click_view, mines_for
from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.board import combine as combine_module
from sweepkit.analysis.board.board_count import count_layouts
from sweepkit.analysis.board.combine import PRECISION, combine
from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.budget import AnalysisLimit, limits
from sweepkit.analysis.count.component import solve_component
from sweepkit.analysis.count.component_count import ComponentCount
from sweepkit.constraints import build_system
from sweepkit.position import UNKNOWN, Position
from tests import brute
from tests.analysis.board.test_board_count import component_counts
from tests.analysis.reference_combine import old_combine
from tests.examples import examples
from tests.strategies_boards import consistent_positions, positions

BOUND = Fraction(1, 2 ** (PRECISION - 2))
"""How far a windowed float may be from the exact probability, before its own rounding."""


def certainty(ratio: tuple[int, int]) -> bool | None:
    return False if not ratio[0] else True if ratio[0] == ratio[1] else None


def assert_close(value: float, exact: Fraction, correctly_rounded: bool) -> None:
    if correctly_rounded:
        assert value == float(exact)
    else:  # within BOUND, then rounded to the nearest float (half an ulp: 2^-53 relative)
        assert abs(Fraction(value) - exact) <= BOUND + Fraction(value) / 2**53


def exact_mode(counts, sizes, floating, remaining):
    """The new route with every ratio exact at once, in the old route's shape (for wide
    cases, where the old route takes minutes; it is itself checked against the old one)."""
    combined = combine(counts, sizes, floating, remaining, 1 << 62)
    if combined is None:
        return 0, None, None
    total, boxes = combined
    return total, boxes.ratios(), boxes.floating_ratio()


def assert_same_as_old(counts, sizes, floating, remaining, exact_table_bits=None,
                       reference=old_combine):
    """The new combination equals the old one (or ``reference``): totals, every exact ratio
    as a Fraction, the certain boxes; floats correctly rounded (exact mode) or within BOUND
    (windowed)."""
    old_total, old_boxes, old_floating = reference(counts, sizes, floating, remaining)
    combined = combine(counts, sizes, floating, remaining, exact_table_bits)
    if old_boxes is None:
        assert combined is None
        return
    assert combined is not None
    total, boxes = combined
    assert total == old_total
    for i, comp in enumerate(old_boxes):
        for b, ratio in enumerate(comp):
            exact = Fraction(*ratio)
            assert Fraction(*boxes.ratio(i, b)) == exact
            assert boxes.certain(i, b) == certainty(ratio)
            assert_close(boxes.value(i, b), exact, exact_table_bits is None)
    if old_floating is None:
        assert boxes.floating_ratio() is None
    else:
        assert Fraction(*boxes.floating_ratio()) == Fraction(*old_floating)
        assert boxes.floating_certain() == certainty(old_floating)
        assert_close(boxes.floating_value(), Fraction(*old_floating), exact_table_bits is None)


@settings(max_examples=examples(150), deadline=None)
@given(component_counts(), st.integers(0, 200), st.integers(0, 300), st.booleans())
def test_drawn_components_match_the_old_route(drawn, floating, extra, windowed):
    counts, sizes = drawn
    remaining = sum(c.low for c in counts) + extra
    assert_same_as_old(counts, sizes, floating, remaining, 0 if windowed else None)


@settings(max_examples=examples(10), deadline=None)
@given(component_counts(max_components=20, max_len=30, max_bits=80, boxes=3),
       st.integers(0, 20_000), st.data())
def test_wide_drawn_frontiers_match_the_exact_mode(drawn, floating, data):
    counts, sizes = drawn
    low = sum(c.low for c in counts)
    width = sum(len(c.by_mines) - 1 for c in counts)
    remaining = data.draw(st.integers(low, low + width + floating))
    assert_same_as_old(counts, sizes, floating, remaining, 0, exact_mode)


@pytest.mark.slow
def test_a_window_narrower_than_the_frontier_keeps_its_bound():
    """Weights that fall by a factor of ~100 per frontier mine: the window keeps a few dozen
    of 1,400 terms, and the floats are still within the bound."""
    rng = random.Random(15)
    counts, sizes = [], []
    for _ in range(40):
        by = tuple(rng.randint(1, 2**30) for _ in range(36))
        box = tuple(rng.randint(0, 2 * x) for x in by)
        counts.append(ComponentCount(rng.randint(0, 5), by, (box,), (None,) * 36))
        sizes.append((2,))
    low, floating = sum(c.low for c in counts), 100_000
    remaining = low + 700 + 1000
    frontier = combine_module.ProductTree([c.by_mines for c in counts]).root
    first, last = combine_module.window(frontier, floating, remaining - low)
    assert last - first < len(frontier) // 4
    assert_same_as_old(counts, sizes, floating, remaining, 0, exact_mode)
    # and the exact mode against the old route, on a part of it small enough for the old
    assert_same_as_old(counts[:8], sizes[:8], floating, remaining - 1400)


small_positions = st.one_of(
    positions(max_rows=4, max_cols=4, max_unknown=10),
    consistent_positions(max_rows=4, max_cols=4),
).filter(lambda p: len(p.unknown_cells()) <= 10)


@settings(max_examples=examples(400), deadline=None)
@given(small_positions, st.booleans())
def test_windowed_route_against_the_brute_force(monkeypatch_module, position, use_count):
    monkeypatch_module.setattr(combine_module, "EXACT_TABLE_BITS", 0)
    analysis = analyse(position, use_count)
    sols = brute.explanations(position, use_count)
    assert analysis.total == len(sols)
    if not sols:
        assert analysis.probabilities() == {} and analysis.safe_cells() == ()
        return
    expected = brute.probabilities(position, use_count)
    floats = analysis.probabilities()
    assert all(abs(floats[c] - float(p)) < 1e-15 for c, p in expected.items())
    assert analysis.safe_cells() == tuple(c for c, p in expected.items() if p == 0)
    assert analysis.mine_cells() == tuple(c for c, p in expected.items() if p == 1)
    assert analysis.probabilities(exact=True) == expected
    assert {c: analysis.probability(c) for c in expected} == expected
    boxes = analysis.box_probability
    assert boxes is not None
    for comp, probs in zip(analysis.system.components, boxes, strict=True):
        assert all(expected[c] == p for box, p in zip(comp.boxes, probs, strict=True)
                   for c in box)
    if analysis.system.floating:
        assert analysis.floating_probability == expected[analysis.system.floating[0]]


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as patch:
        yield patch


def midgame(rng: random.Random, rows: int, cols: int, mines: int, shown: float) -> Position:
    layout = Position.unknown(rows, cols, mines).layout(rng.sample(range(rows * cols), mines))
    cells = [v if v >= 0 and rng.random() < shown else UNKNOWN for v in layout.cells]
    return Position(layout.shape, tuple(cells), mines)


def assert_position_matches_old(position: Position) -> None:
    system = build_system(position)
    counts = [solve_component(c) for c in system.components]
    sizes = [c.sizes for c in system.components]
    assert system.remaining is not None
    assert_same_as_old(counts, sizes, len(system.floating), system.remaining)
    assert_same_as_old(counts, sizes, len(system.floating), system.remaining, 0)
    analysis = analyse(position)
    _, old_boxes, old_floating = old_combine(counts, sizes, len(system.floating),
                                             system.remaining)
    assert analysis.box_probability == tuple(tuple(Fraction(*r) for r in comp)
                                             for comp in old_boxes)
    assert analysis.floating_ratio is None or analysis.floating_probability == Fraction(
        *old_floating)
    assert count_layouts(position) == analysis.total


@pytest.mark.parametrize("seed", range(4))
def test_random_midgame_boards_match_the_old_route(seed):
    rng = random.Random(seed)
    assert_position_matches_old(midgame(rng, 30, 40, 200, 0.3 + 0.1 * seed))


@pytest.mark.parametrize(("size", "density"), [(150, 0.08), (120, 0.123), (100, 0.206)])
def test_first_click_boards_match_the_old_route(size, density):
    assert_position_matches_old(first_click_view(size, size, mines_for(size, size, density)))


def test_the_analysis_stops_within_its_budget():
    position = first_click_view(150, 150, mines_for(150, 150, 0.08))
    system = build_system(position)
    with limits(seconds=0.0), pytest.raises(AnalysisLimit):
        analyse(position, system=system)
    with limits(table=5), pytest.raises(AnalysisLimit):
        analyse(position, system=system)
    assert analyse(position, system=system).consistent  # nothing half-done was kept
