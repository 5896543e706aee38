"""Chain 50/50s (:mod:`sweepkit.strategies.best.experimental.chains`): every chain found
against a brute force over the layouts (real ones are unavoidable 50/50s, pseudo cells risk
only what is owed), hand-made boards, and the ``best`` strategy's option ``chains``."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.tracking.incremental import IncrementalAnalyser
from sweepkit.position import MINE, UNKNOWN, Position
from sweepkit.strategies import make_strategy
from sweepkit.strategies.best import STRENGTHS, BestOptions, BestStrategy
from sweepkit.strategies.best.experimental.chains import chain_fifty_fiftys, links
from sweepkit.strategies.best.forced import forced_groups
from sweepkit.strategies.best.guesses import Evaluator
from tests import brute
from tests.examples import examples


def board(*rows: str) -> Position:
    """A view drawn from its layout: ``x`` a covered mine, ``F`` a flagged one, ``h`` a
    covered safe cell, ``.`` a revealed one (its number computed); the mine count is the
    layout's."""
    cols = len(rows[0])
    mines = [r * cols + c for r, row in enumerate(rows) for c, ch in enumerate(row)
             if ch in "xF"]
    full = Position.unknown(len(rows), cols).layout(mines)
    cells = []
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            v = full.cells[r * cols + c]
            cells.append({"x": UNKNOWN, "h": UNKNOWN, "F": MINE}.get(ch, v))
    return Position((len(rows), cols), tuple(cells), len(mines))


def found(view: Position, use_mine_count: bool = True):
    return chain_fifty_fiftys(analyse(view, use_mine_count),
                              IncrementalAnalyser(use_mine_count, keep_mines=False))


def check_against_brute_force(view: Position, use_mine_count: bool = True) -> list:
    """Every chain of ``view`` against its layouts: a real chain's cells hold one of its
    two ways in every layout, its frame is mines in all of them, and swapping the ways is
    a layout again (so each cell is a mine in exactly half); a pseudo chain's guessable
    cell is a mine only where its way is on the chain and the frame is full, and the swap
    of such a layout is a layout."""
    chains = found(view, use_mine_count)
    layouts = brute.explanations(view, use_mine_count)
    known = set(layouts)
    for chain in chains:
        first, second = set(chain.first), set(chain.second)
        cells, frame = first | second, set(chain.frame)
        assert len(first) == len(second) and not (frame & cells)
        if chain.real:
            assert chain.open is None and set(chain.guessable) == cells
            for m in layouts:
                assert m & cells in (first, second) and frame <= m
                other = second if m & cells == first else first
                assert (m - cells) | other in known
            for c in cells:
                assert 2 * sum(c in m for m in layouts) == len(layouts)
        else:
            assert chain.guessable and set(chain.guessable) <= cells
            for x in chain.guessable:
                way = first if x in first else second
                for m in layouts:
                    if x in m:
                        assert m & cells == way and frame <= m
                        assert (m - way) | (cells - way) in known
    assert [c.real for c in chains] == sorted((c.real for c in chains), reverse=True)
    return chains


@st.composite
def game_views(draw, max_rows: int = 5, max_cols: int = 6, max_unknown: int = 12):
    """Views like a game's: a random layout, about half its safe cells shown with their
    numbers and half its mines flagged, the rest covered (at most ``max_unknown``)."""
    rows, cols = draw(st.integers(2, max_rows)), draw(st.integers(2, max_cols))
    n = rows * cols
    density = draw(st.sampled_from([0.2, 0.3, 0.4, 0.5]))
    rng = random.Random(draw(st.integers(0, 2**32)))
    mines = sorted(c for c in range(n) if rng.random() < density)
    full = Position.unknown(rows, cols).layout(mines)
    cells = [(MINE if rng.random() < 0.5 else UNKNOWN) if v == MINE
             else (v if rng.random() < 0.5 else UNKNOWN) for v in full.cells]
    unknown = [i for i, v in enumerate(cells) if v == UNKNOWN]
    for i in unknown[max_unknown:]:
        cells[i] = full.cells[i]
    return Position((rows, cols), tuple(cells), len(mines) if draw(st.booleans()) else None)


@settings(max_examples=examples(600), deadline=None)
@given(game_views())
def test_every_chain_found_is_a_fifty_fifty_by_the_brute_force(view):
    for use_mine_count in (True, False):
        if view.mines is None and use_mine_count:
            continue
        check_against_brute_force(view, use_mine_count)


def test_a_chain_along_a_wall_closed_by_flags():
    # four cells along the bottom wall, a number between each two, the cells above them
    # flagged but for those the two ways touch alike: one of two ways, nothing can tell
    view = board("........",
                 "F.F.F.FF",
                 "x.h.x.hF")
    chains = check_against_brute_force(view)
    assert len(chains) == 1 and chains[0].real
    cell = view.index
    assert chains[0].cells == (cell(2, 0), cell(2, 2), cell(2, 4), cell(2, 6))
    assert set(chains[0].first) == {cell(2, 0), cell(2, 4)}
    # a revealed number touching one way more than the other (here (1, 2) shown) is no
    # 50/50: the analysis then knows the way
    assert found(board("........",
                       "F...F.FF",
                       "x.h.x.hF")) == []


def test_an_inner_two_by_one_the_forced_guesses_miss_is_taken_first():
    # the pair (1, 1)-(1, 2): one mine by the numbers above, its frame all flags, open
    # below (the cells under it touch both alike): a real 50/50 that is not a closed group
    view = board("F..F",
                 "Fxh F".replace(" ", ""),
                 "FhhF",
                 "xhhh")
    chains = check_against_brute_force(view)
    assert [(c.real, c.cells) for c in chains] == [(True, (view.index(1, 1),
                                                           view.index(1, 2)))]
    analysis = analyse(view)
    evaluator = Evaluator(analysis, IncrementalAnalyser(keep_mines=False))
    assert forced_groups(analysis, lambda c: evaluator.outcome(c).dead) == []
    # the two-step value alone (the presets' long-term factor takes a real 50/50 first too)
    plain = BestStrategy(endgame=0, long_term=0.0, blend=0.0).consider(analysis,
                                                                      random.Random(1))
    taken = BestStrategy(endgame=0, chains=True).consider(analysis, random.Random(1))
    assert taken.step == "chain 50/50" and taken.decision.action.cell in chains[0].cells
    assert plain.decision.action.cell not in chains[0].cells  # a 1-in-6 cell is safer
    assert "real 50/50" in (taken.decision.reason.note or "")


def test_a_two_by_one_at_the_edge():
    # against the left wall, closed by flags: found here, and a forced guess already
    view = board("FF..",
                 "x...",
                 "hF..",
                 "FF..")
    chains = check_against_brute_force(view)
    assert [(c.real, c.cells) for c in chains] == [(True, (view.index(1, 0),
                                                           view.index(2, 0)))]
    analysis = analyse(view)
    taken = BestStrategy(endgame=0, chains=True).consider(analysis, random.Random(1))
    assert taken.step == "forced guess"


def test_a_pseudo_chain_whose_frame_has_one_covered_cell():
    # (0, 1)-(1, 1): at most one mine by the 1 at (0, 0), whose third cell is (1, 0); the
    # frame is the bottom row, flagged but for (2, 0), which is a mine whenever either
    # cell is: each of the two risks only a 50/50 no number can settle
    view = Position.from_rows(["1?3?", "????", "?***"], mines=7)
    chains = check_against_brute_force(view)
    assert len(chains) == 1
    chain = chains[0]
    assert not chain.real and chain.open == view.index(2, 0)
    assert set(chain.guessable) == {view.index(0, 1), view.index(1, 1)}
    taken = BestStrategy(endgame=0, chains=True).consider(analyse(view), random.Random(1))
    assert taken.step == "chain 50/50" and taken.decision.action.cell in chain.guessable
    assert "pseudo 50/50" in (taken.decision.reason.note or "")


def test_a_strict_chain_with_a_covered_frame_cell_is_not_taken():
    # (1, 0)-(1, 1) hold one mine (the 2 above), but (2, 2) touches only (1, 1): revealed
    # safe it would tell the two apart, so it is no 50/50 yet
    view = Position.from_rows(["2**", "??*", "???"], mines=5)
    strict, _loose = links(analyse(view))
    assert (view.index(1, 0), view.index(1, 1)) in strict
    assert check_against_brute_force(view) == []
    layouts = brute.explanations(view)
    f, a, b = view.index(2, 2), view.index(1, 0), view.index(1, 1)
    assert any(f not in m and a in m for m in layouts)
    assert any(f not in m and b in m for m in layouts)


def test_the_option_is_off_by_default_and_parsed():
    assert all(BestOptions.of(name).experimental.chains is False for name in STRENGTHS)
    assert BestStrategy().options.experimental.chains is False
    for made in (make_strategy("best", chains=1),
                 make_strategy("best", strength="fast", chains=True)):
        assert isinstance(made, BestStrategy) and made.options.experimental.chains is True
