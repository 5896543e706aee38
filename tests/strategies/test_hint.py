"""Hints: a certain cell when there is one (the easiest to see, with its proof), else the
best strategy's guess, with runners-up that are real alternatives."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.reasons.explain import TECHNIQUES, CellValue, explain
from sweepkit.position import Position
from sweepkit.strategies.hint import hint
from tests.examples import examples
from tests.strategies_boards import consistent_positions


@settings(max_examples=examples(120), deadline=None)
@given(consistent_positions(max_rows=4, max_cols=5, with_mines=True))
def test_a_hint_is_certain_when_it_can_be_and_never_a_mine(position):
    analysis = analyse(position)
    probabilities = analysis.probabilities(exact=True)
    if not any(p < 1 for p in probabilities.values()):
        with pytest.raises(ValueError, match="nothing is left"):
            hint(position)
        return
    found = hint(position, alternatives=3)
    # what a caller found already (the web analysis) gives the same hint
    assert hint(position, alternatives=3, analysis=analysis,
                explained=explain(position, analysis=analysis)) == found
    assert found.action == "reveal" and probabilities[found.cell] < 1
    assert found.certain == bool(analysis.safe_cells())
    if found.certain:
        assert found.cell in analysis.safe_cells()
        safe = [e for e in explain(position, analysis=analysis) if e.value is CellValue.SAFE]
        easiest = min(TECHNIQUES.index(e.technique) for e in safe)
        assert TECHNIQUES.index(found.rule) == easiest
        assert all(a.cells[0] in analysis.safe_cells() for a in found.alternatives)
    else:
        assert found.probability == pytest.approx(float(probabilities[found.cell]))
        for alt in found.alternatives:
            assert found.cell not in alt.cells
            assert all(alt.probability == pytest.approx(float(probabilities[c]))
                       for c in alt.cells)
    assert len(found.alternatives) <= 3


def test_a_fifty_fifty_hint_says_so():
    position = Position.from_rows(["??", "??", "??", "11", "11", "??"], mines=3)
    found = hint(position, strength="fast")
    assert found.rule == "forced guess" and found.cell in (10, 11)
    assert "no other move can inform" in found.reason
    with pytest.warns(DeprecationWarning, match="deprecated name of 'strength'"):
        assert hint(position, budget="fast") == found  # budget: its deprecated name


def test_inconsistent_positions_are_refused():
    with pytest.raises(ValueError, match="inconsistent"):
        hint(Position.from_rows(["2?", "??"], mines=1))


@pytest.mark.parametrize("wanted", [0, 1, 2])
def test_a_guess_lists_as_many_runners_up_as_asked(wanted):
    # 0 lists none: the count is checked before a runner-up is added, not after
    found = hint(Position.from_rows(["????", "?1??", "????"], mines=2), alternatives=wanted)
    assert found.rule != "certain" and len(found.alternatives) == wanted


def test_a_certain_hint_whose_reason_takes_too_long_names_the_exact_count(monkeypatch):
    # On a reduced formula's board every certain cell follows from the one before along
    # wires hundreds of cells long: explaining each step by step took minutes where the
    # analysis took 0.3 s.
    from sweepkit.analysis.board.probability import analyse
    from sweepkit.reductions.layout import reduce_text
    from sweepkit.strategies import hint as hint_module

    position = reduce_text("p cnf 2 2\n1 -2 0\n2 0\n", "cnf")[0].position
    monkeypatch.setattr(hint_module, "EXPLAIN_SECONDS", 0.2)
    found = hint(position)
    assert found.certain and found.rule == "exact" and "exact count" in found.reason
    assert found.cell in analyse(position).safe_cells()
    # a caller whose own search for the reasons gave up says so: no second search
    monkeypatch.setattr(hint_module, "EXPLAIN_SECONDS", 1e9)
    assert hint(position, explained=()) == found
