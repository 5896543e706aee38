"""The local route of the explanations gives exactly what the old whole-board route gave
(kept in ``tests/analysis/slow_reference.py``): on small random boards, on medium views of
games whose deduced mines stay covered (long chains of deductions: big linked sets), and
question by question for the local prover against the exact count."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.reasons import prover as prover_module
from sweepkit.analysis.reasons.equations import CellValue, Equations, certain_by
from sweepkit.analysis.reasons.explain import Technique, explain, explain_cell
from sweepkit.analysis.reasons.prover import Prover
from sweepkit.boardfile import parse_board
from tests.analysis.dead_cells.test_dead import expert_steps, game_view
from tests.analysis.slow_reference import old_explain, old_explain_cell, same_reasons
from tests.examples import examples
from tests.lanes import fast_first
from tests.strategies_boards import consistent_positions, positions

VIEWS = [(16, 30, 99, 1, 10), (16, 30, 99, 2, 25), (20, 20, 60, 3, 15), (24, 24, 110, 5, 20)]


@settings(max_examples=examples(300), deadline=None)
@given(consistent_positions(max_rows=7, max_cols=7), st.booleans())
def test_explain_matches_the_old_route(position, use_count):
    assert same_reasons(explain(position, use_count), old_explain(position, use_count))


@settings(max_examples=examples(300), deadline=None)
@given(positions(max_rows=5, max_cols=5), st.booleans())
def test_explain_cell_matches_on_any_equations(position, use_count):
    # any position, even an inconsistent one: explain_cell must still agree cell by cell
    analysis = analyse(position, use_count)
    constraints = [c for c in analysis.system.constraints if c.cells]
    for cell in position.unknown_cells():
        for value in ("safe", "mine"):
            assert same_reasons([explain_cell(position, constraints, cell, value)],
                                [old_explain_cell(position, constraints, cell, value)])


@pytest.mark.parametrize("view", VIEWS)
def test_medium_views_match_the_old_route(view):
    position = game_view(*view)
    found = explain(position)
    assert same_reasons(found, old_explain(position))
    assert any(e.technique is Technique.LINKED and len(e.because) > 2 for e in found)


@pytest.mark.parametrize("view", fast_first(VIEWS))
def test_prover_answers_what_the_count_answers(view):
    """One prover per cell, asked about many random subsets of the cell's linked set (its
    memory of proofs and witnesses settles most of them): every answer is the count's."""
    position = game_view(*view)
    analysis = analyse(position)
    system = analysis.system
    rng = random.Random(sum(view))
    equations = Equations([c for c in system.constraints if c.cells])
    asked = 0
    for value, cells in ((CellValue.SAFE, analysis.safe_cells()),
                         (CellValue.MINE, analysis.mine_cells())):
        for cell in cells:
            closure = equations.closure(cell)
            if closure is None or closure[0] is None:
                continue
            start = equations.by_cell[cell]
            linked = [*start, *equations.growth(start)]
            prover = Prover(equations, cell, value, closure[1])
            for _ in range(30):
                size = rng.randint(1, min(len(linked), 40))
                subset = set(rng.sample(linked[:max(size, 2 * size)], size))
                if rng.random() < 0.5:
                    subset.update(start)
                expected = certain_by([equations.constraints[j] for j in sorted(subset)],
                                     cell) is not None
                assert prover.forces(subset) == expected
                asked += 1
    assert asked > 100


def test_prover_falls_back_to_the_count(monkeypatch):
    # with no branching allowed, every search that needs one is settled by the count
    monkeypatch.setattr(prover_module, "PROVER_NODES", 0)
    for view in VIEWS[:2]:
        position = game_view(*view)
        assert same_reasons(explain(position), old_explain(position))


@pytest.mark.slow
@pytest.mark.parametrize("seeds", [range(0, 20), range(20, 40), range(40, 60)])
def test_every_step_of_expert_games_matches_the_old_route(seeds):
    for seed in seeds:
        for view in expert_steps(seed):
            assert same_reasons(explain(view), old_explain(view))


# An expert position where the cell's own equations already force it, with a proof that
# needs fewer of them: the shrink must start from all of them.
STARTS_CERTAIN = """mines: 99
000112*22**21000001*11111*101?
1101*212*33*2101122222*122202?
*21211011123*102*4*11*212*213*
23*21000001*2113**2111113*32*?
??4*10112244422*32100002*33*4?
???4312*3*****2110112123*33*??
???*??4???433221101*3*3*33*4??
????????1?22222*22323*43*23*??
????????112**2*33**224*3123*31
????????1?22223*3222*4*201*210
??????????10002*20123*22132200
?????????1112221212*2111*2*100
??????????12**101*333112332100
?????????????421113**21*2*1122
?????????????3*2014**4322111**
????????????22*201**4**1000122
"""


def test_a_forcing_start_is_shrunk_whole():
    position = parse_board(STARTS_CERTAIN)
    found = {e.cell: e for e in explain(position)}
    assert found[189].because == (158, 218, 220)
    assert same_reasons(explain(position), old_explain(position))
