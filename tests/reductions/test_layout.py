"""Kaye's reduction run end to end: a formula's board is consistent exactly when a SAT
solver (python-sat, used here only) finds the formula satisfiable, a witness layout reads
back as a satisfying assignment, the board's exact layout count is the formula's model
count (brute force), SOLUTION and SAFETY on the board answer "one model?" and "is this
variable certain?", and the same holds for circuits and for the board embedded in 3-D."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.solvers import Minisat22

from sweepkit.analysis import analyse, count_layouts
from sweepkit.analysis.board.board_count import system_count
from sweepkit.analysis.papers.consistency import (
    find_witness,
    is_safe_move,
    is_unique,
    minimal_contradiction,
)
from sweepkit.constraints import build_system
from sweepkit.reductions.embed import embed, original_mines
from sweepkit.reductions.formulas import CNF, Circuit, Gate, parse_circuit
from sweepkit.reductions.layout import reduce_circuit, reduce_cnf
from sweepkit.reductions.reading import (
    _any_inside,
    contradiction_words,
    read_gadgets,
    read_terminals,
)
from sweepkit.reductions.sheet import LayoutError
from tests.examples import examples


def models(cnf: CNF) -> list[dict[int, bool]]:
    return [a for values in itertools.product((False, True), repeat=cnf.variables)
            if cnf.satisfied(a := dict(zip(range(1, cnf.variables + 1), values,
                                           strict=True)))]


def satisfiable(cnf: CNF) -> bool:
    with Minisat22(bootstrap_with=[list(c) for c in cnf.clauses]) as solver:
        return solver.solve()


def variables(assignment: dict[str, bool]) -> dict[int, bool]:
    return {int(name[1:]): value for name, value in assignment.items()}


@st.composite
def small_cnfs(draw):
    n = draw(st.integers(1, 4))
    literal = st.integers(1, n).flatmap(lambda v: st.sampled_from([v, -v]))
    clauses = draw(st.lists(st.lists(literal, min_size=1, max_size=3), min_size=1,
                            max_size=5))
    return CNF(n, tuple(map(tuple, clauses)))


@pytest.mark.slow
@settings(max_examples=examples(100), deadline=None)
@given(small_cnfs())
def test_a_cnf_board_is_consistent_exactly_when_the_formula_is_satisfiable(cnf):
    board = reduce_cnf(cnf)
    system = build_system(board.position)      # read once for the witness and the count
    witness = find_witness(board.position, use_mine_count=False, system=system)
    assert (witness is not None) == satisfiable(cnf)
    if witness is not None:
        assert cnf.satisfied(variables(board.assignment(witness)))
    # a CNF board is parsimonious: one layout a model
    assert system_count(system, use_mine_count=False) == len(models(cnf))


def random_3cnf(n: int, ratio: float, seed: int) -> CNF:
    rng = random.Random(seed)
    m = round(n * ratio)
    return CNF(n, tuple(tuple(v * rng.choice((1, -1)) for v in rng.sample(range(1, n + 1), 3))
                        for _ in range(m)))


@pytest.mark.slow
@pytest.mark.parametrize(("n", "ratio", "seed"), [(3, 4.26, 0), (3, 4.26, 1), (4, 2.0, 4)])
def test_random_3cnf_near_the_threshold(n, ratio, seed):
    """Parsimonious boards of 13 clauses with no model and with one, and of 8 with five."""
    cnf = random_3cnf(n, ratio, seed)
    board = reduce_cnf(cnf, parsimonious=True)
    found = models(cnf)
    assert count_layouts(board.position, use_mine_count=False) == len(found)
    witness = find_witness(board.position, use_mine_count=False)
    assert (witness is not None) == satisfiable(cnf)
    if witness is not None:
        assert variables(board.assignment(witness)) in found


@pytest.mark.slow
@pytest.mark.parametrize("seed", [40, 56])
def test_solution_and_safety_on_the_board_answer_them_for_the_formula(seed):
    """Seed 40: five models, no variable certain; seed 56: three models and a variable
    certain, so one answer of SAFETY is yes (seeds 41 to 43, five or four models and
    nothing certain, asked the same questions with the same answers as 40)."""
    cnf = random_3cnf(3, 1.7, seed)
    board = reduce_cnf(cnf)
    found = models(cnf)
    assert is_unique(board.position, use_mine_count=False) == (len(found) == 1)
    for v in range(1, cnf.variables + 1):
        cell = board.terminals[f"x{v}"]
        always_false = bool(found) and not any(m[v] for m in found)
        always_true = bool(found) and all(m[v] for m in found)
        assert is_safe_move(board.position, cell, use_mine_count=False) == always_false
        assert is_safe_move(board.position, cell, flag=True,
                            use_mine_count=False) == always_true


CIRCUITS = [
    "t = and(u, v)\noutput t\n",
    "t = or(u, not(v))\noutput t\n",
    "t = xor(a, b)\ns = and(t, not(c))\noutput s\n",
    "p = xor(a, b)\nq = or(p, c)\nr = and(q, a)\noutput r\noutput p\n",
    "t = and(a, b, c)\noutput t\n",
    "t = not(u)\noutput t\n",
    "t = or(u, not(v))\noutput t\noutput u\n",
    "t = xor(u, v)\ns = xor(t, w)\noutput s\n",
    "g0 = not(a)\ng1 = not(g0)\ng2 = and(g1, a)\noutput g0\n",   # g2 copies a
]


def circuit_layouts(circuit: Circuit, parsimonious: bool) -> int:
    """The layouts the board should have: each satisfying input assignment once, times
    two for every Kaye AND drawn (one reading two different signals: ``and(u, not(not(u)))``
    is a copy of ``u``) whose inputs are both false (its one non-unique row)."""
    by_output = {g.output: g for g in circuit.gates}

    def signal(name: str) -> tuple[str, bool]:
        g = by_output.get(name)
        if g is None:
            return name, False
        if g.kind == "not":
            base, negated = signal(g.arguments[0])
            return base, not negated
        if g.kind in ("and", "or") and len({signal(a) for a in g.arguments}) == 1:
            return signal(g.arguments[0])
        return name, False

    kaye = [g for g in circuit.gates
            if g.kind == "and" and len({signal(a) for a in g.arguments}) == 2]
    total = 0
    for values in itertools.product((False, True), repeat=len(circuit.inputs)):
        assignment = dict(zip(circuit.inputs, values, strict=True))
        if not circuit.evaluate(assignment):
            continue
        wires = circuit.values(assignment)
        doubled = 0 if parsimonious else sum(
            1 for g in kaye if not wires[g.arguments[0]] and not wires[g.arguments[1]])
        total += 2 ** doubled
    return total


@pytest.mark.parametrize("text", CIRCUITS)
@pytest.mark.parametrize("parsimonious", [False, True])
def test_a_circuit_board_has_one_layout_a_satisfying_input_and_kayes_and_doubles(
        text, parsimonious):
    circuit = parse_circuit(text)
    board = reduce_circuit(circuit, parsimonious)
    assert count_layouts(board.position, use_mine_count=False) == circuit_layouts(
        circuit, parsimonious)
    witness = find_witness(board.position, use_mine_count=False)
    assert witness is not None and circuit.evaluate(board.assignment(witness))


def test_the_normal_mode_keeps_kayes_and_with_its_two_layouts():
    circuit = parse_circuit("t = and(u, v)\ns = or(t, not(u))\noutput s\n")
    normal = count_layouts(reduce_circuit(circuit).position, use_mine_count=False)
    parsimonious = count_layouts(reduce_circuit(circuit, True).position,
                                 use_mine_count=False)
    assert (normal, parsimonious) == (4, 3)      # u = v = 0 counts twice with Kaye's AND


def test_an_unsatisfiable_board_names_its_contradiction():
    board = reduce_cnf(CNF(1, ((1,), (-1,))))
    analysis = analyse(board.position, use_mine_count=False)
    assert not analysis.consistent


def test_a_constant_gate_and_an_empty_clause_are_refused():
    with pytest.raises(LayoutError, match="reads 'u' twice"):
        reduce_circuit(Circuit(("u",), (Gate("t", "xor", ("u", "u")),), ("t",)))
    with pytest.raises(LayoutError, match="clause 1 is empty"):
        reduce_cnf(CNF(1, ((),)))


def test_a_board_over_the_size_limit_is_refused_before_it_is_drawn():
    with pytest.raises(LayoutError, match="over the 100,000 allowed"):
        reduce_cnf(random_3cnf(5, 2, 1), max_cells=100_000)
    with pytest.raises(LayoutError, match="5 variables need more than 1,000 cells"):
        reduce_cnf(random_3cnf(5, 2, 1), max_cells=1_000)


def test_the_input_comments_read_back():
    board = reduce_cnf(CNF(2, ((1, -2),)))
    text = "\n".join(board.comments())
    cols = board.position.cols
    assert read_terminals(text) == {name: divmod(cell, cols)
                                    for name, cell in board.terminals.items()}


def test_the_gadget_comments_read_back():
    board = reduce_cnf(CNF(2, ((1, 2), (1, -2), (-1, 2), (-1, -2))))
    text = "\n".join(board.comments())
    assert read_gadgets(text) == list(board.gates) and len(board.gates) > 3
    assert read_gadgets("# gadget or: 1,2-3\n# input x1: 7,3\n") == []


def test_a_contradiction_in_the_formulas_words():
    board = reduce_cnf(CNF(2, ((1, 2), (1, -2), (-1, 2), (-1, -2))))
    position = board.position
    system = build_system(position)
    found = minimal_contradiction(position, use_mine_count=False, system=system)
    terminals = {name: position.coord(cell) for name, cell in board.terminals.items()}
    exact = contradiction_words(position, found.numbers, system.constraints, terminals,
                                board.gates, board.wires)
    assert exact is not None and "inputs x1, x2" in exact and "gadgets (of 17)" in exact
    # the gadgets named are those with a contradicting number inside
    inside = {(kind, top, left) for kind, top, left, bottom, right in board.gates
              if any(top <= position.coord(n)[0] <= bottom
                     and left <= position.coord(n)[1] <= right for n in found.numbers)}
    assert f"{len(inside)} gadgets" in exact
    lone = contradiction_words(position, found.numbers[:1], system.constraints, {}, [])
    assert lone is None


@pytest.mark.parametrize("seed", range(2))
def test_the_board_embedded_in_3d_has_the_same_layouts(seed):
    cnf = random_3cnf(3, 0.7, 70 + seed)
    board = reduce_cnf(cnf)
    lifted = embed(board.position, 3)
    assert count_layouts(lifted, use_mine_count=False) == len(models(cnf))
    witness = find_witness(lifted, use_mine_count=False)
    assert (witness is not None) == satisfiable(cnf)
    if witness is not None:
        flat = original_mines(witness, board.position.shape, 3)
        assert cnf.satisfied(variables(board.assignment(flat)))


@st.composite
def small_circuits(draw):
    wires = ["a", "b", "c"][:draw(st.integers(1, 3))]
    lines, made = [], []
    for k in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["and", "or", "xor", "not"]))
        if kind == "not":
            args = [draw(st.sampled_from(wires))]
        else:
            if len(wires) < 2:
                continue
            args = draw(st.lists(st.sampled_from(wires), min_size=2, max_size=2,
                                 unique=True))
        name = f"g{k}"
        lines.append(f"{name} = {kind}({', '.join(args)})")
        wires.append(name)
        made.append(name)
    if not made:
        return None
    outputs = draw(st.lists(st.sampled_from(made), min_size=1, max_size=2, unique=True))
    return "\n".join(lines + [f"output {o}" for o in outputs]) + "\n"


@settings(max_examples=examples(30), deadline=None)
@given(small_circuits(), st.booleans())
def test_random_circuits_have_their_layouts(text, parsimonious):
    from hypothesis import assume

    assume(text is not None)
    circuit = parse_circuit(text)
    try:
        board = reduce_circuit(circuit, parsimonious)
    except LayoutError as exc:            # xor(a, not a) and the like: constant gates
        assume("twice" not in str(exc))
        raise
    expected = circuit_layouts(circuit, parsimonious)
    assert count_layouts(board.position, use_mine_count=False) == expected, text
    witness = find_witness(board.position, use_mine_count=False)
    assert (witness is not None) == (expected > 0)
    if witness is not None:
        assert circuit.evaluate(board.assignment(witness))


def decide_and_count(cnf: CNF, parsimonious: bool = False) -> None:
    """The board of ``cnf`` is consistent exactly when Minisat satisfies the formula, its
    witness reads back as a model, and it has one layout per model (brute force)."""
    board = reduce_cnf(cnf, parsimonious)
    system = build_system(board.position)      # read once for the witness and the count
    witness = find_witness(board.position, use_mine_count=False, system=system)
    assert (witness is not None) == satisfiable(cnf)
    if witness is not None:
        assert board.position.explains(witness)
        assert cnf.satisfied(variables(board.assignment(witness)))
    assert system_count(system, use_mine_count=False) == len(models(cnf))


@pytest.mark.slow
@pytest.mark.parametrize(("n", "seed"), [(6, 1), (7, 2)])
def test_threshold_formulas_of_more_variables_are_decided_like_the_sat_solver(n, seed):
    """Decided, read back, and counted: the contracted board's box programme gives the
    model count (brute force) at 6 and 7 variables too (6 unsatisfiable, 7 with three
    models; 9 variables below, without the parsimonious gates)."""
    decide_and_count(random_3cnf(n, 4.26, seed), parsimonious=True)


def test_a_board_embedded_in_4d_keeps_its_layouts_and_its_witness():
    cnf = CNF(2, ((1, -2),))
    board = reduce_cnf(cnf)
    lifted = embed(board.position, 4)
    assert lifted.shape[:2] == (3, 3)
    assert count_layouts(lifted, use_mine_count=False) == len(models(cnf)) == 3
    witness = find_witness(lifted, use_mine_count=False)
    assert witness is not None and lifted.explains(witness)
    assert cnf.satisfied(variables(board.assignment(original_mines(witness,
                                                                   board.position.shape,
                                                                   4))))


@pytest.mark.slow
@pytest.mark.parametrize("batch", range(2))
def test_random_3cnf_around_the_threshold_in_batches(batch):
    """7 formulas a batch, 3 to 5 variables, 3.5 to 5 clauses per variable (4.26 is the
    threshold of large formulas; at 3 to 5 variables most are satisfiable: 12 of these
    14, one unsatisfiable in each batch). With the 100 small formulas above and the larger
    ones, the suite decides about 140 formulas."""
    rng = random.Random(1000 + batch)
    for _ in range(7):
        n = rng.randint(3, 5)
        decide_and_count(random_3cnf(n, rng.uniform(3.5, 5.0), rng.randrange(10**9)))


@pytest.mark.slow
def test_a_formula_of_nine_variables_is_decided_and_counted():
    """Decided, read back, and counted (the box programme on the contracted board, in its
    equation sweep): the largest formula of the suite. Seven variables are decided and
    counted in 3-D and 4-D below, the same programme on bigger boards."""
    decide_and_count(random_3cnf(9, 4.26, 4))


@pytest.mark.slow
@pytest.mark.parametrize(("dims", "n", "seed"), [(3, 7, 1), (4, 7, 2)])
def test_threshold_formulas_embedded_in_more_dimensions_are_decided_and_counted(dims, n,
                                                                               seed):
    """The largest embeddings: 3-CNF of 7 variables in 4-D (16 million cells, satisfiable)
    and in 3-D (5 million cells, unsatisfiable). Ten variables in 3-D (11 million cells)
    took twice the time of seven for the same questions; the largest formula is the
    nine-variable one above, in 2-D."""
    embedded_like_the_formula(random_3cnf(n, 4.26, seed), dims)


@pytest.mark.slow
@pytest.mark.parametrize(("dims", "n"), [(3, 3), (4, 2), (4, 3)])
@pytest.mark.parametrize("seed", range(2))
def test_random_formulas_embedded_in_more_dimensions(dims, n, seed):
    """3-CNF of 3 variables in 3-D; in 4-D (nine times the cells) 3-CNF of 3 variables and
    random 2-CNF of two (four clauses and one model, one clause and three). Bigger 3-CNF
    in 3-D: the threshold formula below."""
    rng = random.Random(2000 + seed)
    if n == 2:
        cnf = CNF(2, tuple(tuple(v * rng.choice((1, -1)) for v in rng.sample((1, 2), 2))
                           for _ in range(rng.randint(1, 4))))
    else:
        cnf = random_3cnf(n, rng.uniform(3.0, 5.0), rng.randrange(10**9))
    embedded_like_the_formula(cnf, dims)


def embedded_like_the_formula(cnf: CNF, dims: int) -> None:
    """The board of ``cnf`` embedded in ``dims`` dimensions has one layout per model, and
    is consistent exactly when the formula is satisfiable, its witness reading back (from
    the embedded cells) as a model."""
    board = reduce_cnf(cnf)
    lifted = embed(board.position, dims)
    system = build_system(lifted)      # read once: millions of cells, neighbour by neighbour
    assert system_count(system, use_mine_count=False) == len(models(cnf))
    witness = find_witness(lifted, use_mine_count=False, system=system)
    assert (witness is not None) == satisfiable(cnf)
    if witness is not None:
        flat = original_mines(witness, board.position.shape, dims)
        assert cnf.satisfied(variables(board.assignment(flat)))


@settings(max_examples=300, deadline=None)
@given(st.sets(st.tuples(st.integers(0, 12), st.integers(0, 12)), max_size=20),
       st.tuples(*[st.integers(-2, 14)] * 4))
def test_the_gadgets_crossed_are_found_row_by_row(cells, rectangle):
    """``contradiction_words`` looks the numbers up row by row: the same answer as trying
    every number against the rectangle."""
    top, left, bottom, right = rectangle
    by_row: dict[int, list[int]] = {}
    for r, c in sorted(cells):
        by_row.setdefault(r, []).append(c)
    naive = any(top <= r <= bottom and left <= c <= right for r, c in cells)
    assert _any_inside(by_row, top, left, bottom, right) == naive
