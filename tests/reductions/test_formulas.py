"""The front ends of the reductions: DIMACS CNF and the circuit language read back into
formulas that evaluate as written, a CNF's circuit true exactly on its models, and every
fault named by line and column."""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.reductions.formulas import FormulaError, parse_circuit, parse_cnf
from tests.examples import examples


@st.composite
def cnfs(draw):
    variables = draw(st.integers(1, 6))
    literal = st.integers(1, variables).flatmap(lambda v: st.sampled_from([v, -v]))
    clauses = draw(st.lists(st.lists(literal, min_size=1, max_size=3), min_size=1,
                            max_size=8))
    lines = ["c a random formula", f"p cnf {variables} {len(clauses)}"]
    lines += [" ".join(map(str, clause)) + " 0" for clause in clauses]
    return variables, clauses, "\n".join(lines) + "\n"


@settings(max_examples=examples(60), deadline=None)
@given(cnfs())
def test_a_cnf_reads_back_and_its_circuit_is_true_exactly_on_its_models(case):
    variables, clauses, text = case
    cnf = parse_cnf(text)
    assert cnf.variables == variables and cnf.clauses == tuple(map(tuple, clauses))
    circuit = cnf.circuit()
    assert circuit.inputs == tuple(f"x{v}" for v in range(1, variables + 1))
    for values in itertools.product((False, True), repeat=variables):
        model = dict(enumerate(values, start=1))
        truth = all(any(model[abs(x)] == (x > 0) for x in c) for c in clauses)
        assert cnf.satisfied(model) == truth
        assert circuit.evaluate({f"x{v}": b for v, b in model.items()}) == truth


def test_a_circuit_evaluates_as_written():
    circuit = parse_circuit("""
        # the majority of three, and a parity
        ab = and(a, b)
        m = or(ab, and(b, c), and(a, c))   # three-argument or: chained
        p = xor(a, xor(b, c))
        both = and(m, not(p))
        output both
    """)
    assert circuit.inputs == ("a", "b", "c") and circuit.outputs == ("both",)
    for a, b, c in itertools.product((False, True), repeat=3):
        majority = (a + b + c) >= 2
        parity = (a + b + c) % 2 == 1
        assert circuit.evaluate({"a": a, "b": b, "c": c}) == (majority and not parity)


@pytest.mark.parametrize(("text", "where", "words"), [
    ("t = nand(u, v)\noutput t", (1, 5), "unknown gate 'nand'"),
    ("t = and(u)\n", (1, 5), "and takes 2 arguments, not 1"),
    ("t = and(u, v\n", (1, 13), "expected ',' or ')'"),
    ("a = or(b, c)\nb = not(a)\n", (1, 8), "'b' is used before it is defined (on line 2)"),
    ("a = not(a)\n", (1, 9), "used in its own definition"),
    ("x = not(y)\nx = not(z)\n", (2, 1), "'x' is assigned twice"),
    ("\n\noutput z\n", (3, 8), "output 'z' is never defined"),
    ("t = and(u, v) w\n", (1, 15), "unexpected text"),
    ("t = " + "not(" * 5000 + "u" + ")" * 5000 + "\n", (1, 405),
     "gates nested more than 100 deep"),
])
def test_a_bad_circuit_is_named_by_line_and_column(text, where, words):
    """Each fault by line and column; gates nested thousands deep too (a refusal, not
    the reader running out of stack)."""
    with pytest.raises(FormulaError, match=re.escape(words)) as error:
        parse_circuit(text)
    assert (error.value.line, error.value.column) == where
    assert str(error.value).startswith(f"line {where[0]}, column {where[1]}: ")


@pytest.mark.parametrize(("text", "where", "words"), [
    ("1 2 0\n", (1, 1), "a clause before the 'p cnf' line"),
    ("p cnf 2 1\n1 3 0\n", (2, 3), "variable 3 is beyond the 2"),
    ("p cnf 2 1\n1 2\n", (2, 3), "does not end with 0"),
    ("p cnf 2 2\n1 2 0\n", (2, 5), "declares 2 clauses, the file has 1"),
    ("p cnf 2 1\n1 x 0\n", (2, 3), "'x' is not a literal"),
    ("p cnf two 1\n", (1, 1), "expected 'p cnf VARIABLES CLAUSES'"),
    ("c nothing\n", (1, 1), "no 'p cnf"),
])
def test_a_bad_cnf_is_named_by_line_and_column(text, where, words):
    with pytest.raises(FormulaError, match=re.escape(words)) as error:
        parse_cnf(text)
    assert (error.value.line, error.value.column) == where
