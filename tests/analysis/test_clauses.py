"""The clausal route against brute force: an equation's clauses hold exactly when the
equation does; variable elimination keeps a formula satisfiable exactly when it was, and
the values it rebuilds satisfy every original clause; and on random components (wired
and not, many without a layout) the witness exists exactly when a layout does and
explains every equation."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.clauses import clausal_witness, eliminate, equation_clauses, rebuild
from sweepkit.analysis.learn import satisfy
from sweepkit.constraints import build_system
from tests.analysis.test_contract import brute_total, explains, wired_components
from tests.examples import examples
from tests.strategies_boards import positions


def holds(clause, values) -> bool:
    return any(values[lit >> 1] != lit & 1 for lit in clause)


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.integers(0, 9), min_size=1, max_size=6), st.data())
def test_an_equations_clauses_hold_exactly_when_it_does(literals, data):
    need = data.draw(st.integers(0, len(literals)))
    clauses = equation_clauses(literals, need)
    variables = 1 + max(lit >> 1 for lit in literals)
    for values in itertools.product((0, 1), repeat=variables):
        mines = sum(values[lit >> 1] != lit & 1 for lit in literals)
        assert all(holds(c, values) for c in clauses) == (mines == need)


@st.composite
def formulas(draw):
    n = draw(st.integers(1, 9))
    literal = st.integers(0, 2 * n - 1)
    return n, draw(st.lists(st.lists(literal, min_size=1, max_size=4), max_size=30))


@settings(max_examples=examples(400), deadline=None)
@given(formulas())
def test_elimination_keeps_satisfiability_and_rebuilds_a_model(formula):
    n, clauses = formula
    models = [v for v in itertools.product((0, 1), repeat=n)
              if all(holds(c, v) for c in clauses)]
    simplified = eliminate(n, [tuple(c) for c in clauses])
    if simplified is None:
        assert not models
        return
    left, stack = simplified
    values = satisfy(n, [list(c) for c in left])
    assert (values is not None) == bool(models)
    if values is None:
        return
    value = rebuild(values, stack)
    assert all(holds(c, value) for c in clauses)


@settings(max_examples=examples(300), deadline=None)
@given(wired_components())
def test_the_clausal_witness_of_wired_components(component):
    example = clausal_witness(component)
    assert (example is not None) == (brute_total(component) > 0)
    if example is not None:
        assert explains(component, example)


@settings(max_examples=examples(150), deadline=None)
@given(positions(max_rows=4, max_cols=5, with_mines=False))
def test_the_clausal_witness_of_positions(position):
    for comp in build_system(position).components:
        example = clausal_witness(comp)
        assert (example is not None) == (brute_total(comp) > 0)
        if example is not None:
            assert explains(comp, example)
