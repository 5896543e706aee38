"""Kaye's reduction through the API: every gadget's truth table as the exact counter
gives it, a formula's board decided as Minisat decides the formula (its assignment a
model), and malformed or oversized formulas refused with line and column."""

from __future__ import annotations

import base64
import random

import pytest
from pysat.solvers import Minisat22

from sweepkit.analysis.papers.consistency import find_witness
from sweepkit.boardfile import parse_board
from sweepkit.position import SAFE
from sweepkit.reductions.formulas import parse_cnf
from sweepkit.reductions.gadgets import GADGETS
from sweepkit.web.routes import reductions as reductions_route


def test_the_gadget_list_names_every_gadget(client):
    listed = client.get("/api/gadgets").json()
    assert [g["name"] for g in listed] == list(GADGETS)
    assert next(g for g in listed if g["name"] == "or")["inputs"] == ["u", "v"]


def test_the_truth_tables_of_kayes_gates(client):
    and_ = client.get("/api/gadgets/and").json()
    rows = {tuple(r["inputs"]): r["outputs"] for r in and_["truth_table"]}
    assert rows[(0, 0)] == [{"values": [0], "layouts": 2}]     # Kaye's AND: not unique
    assert rows[(1, 1)] == [{"values": [1], "layouts": 1}]
    for name, gate in (("or", max), ("xor", lambda u, v: u ^ v)):
        doc = client.get(f"/api/gadgets/{name}").json()
        assert doc["svg"].startswith("<svg")
        assert parse_board(doc["board"]).shape[0] > 2
        for row in doc["truth_table"]:
            assert row["outputs"] == [{"values": [gate(*row["inputs"])], "layouts": 1}]


def test_an_unknown_gadget_is_a_404_listing_them(client):
    response = client.get("/api/gadgets/nand")
    assert response.status_code == 404
    assert "xor" in response.json()["detail"]


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 32])
def test_a_random_3cnf_is_decided_like_minisat(client, seed, monkeypatch):
    """Seed 0: 4 variables, 17 clauses, satisfiable; seed 32: 3 variables, 13 clauses,
    unsatisfiable (seeds 1 to 3 were all 3 variables, 13 clauses and satisfiable). The
    route's time budget is raised for this test: it checks the decision, which a loaded
    machine must not turn into a refusal (the budget itself: tests/analysis/test_budget.py)."""
    monkeypatch.setattr(reductions_route, "ANALYSIS_SECONDS", 60.0)
    rng = random.Random(seed)
    n = rng.randint(3, 4)
    clauses = [[v * rng.choice((1, -1)) for v in rng.sample(range(1, n + 1), 3)]
               for _ in range(round(4.26 * n))]
    text = f"p cnf {n} {len(clauses)}\n" + "".join(
        " ".join(map(str, c)) + " 0\n" for c in clauses)
    doc = client.post("/api/reduce", json={"text": text}).json()
    with Minisat22(bootstrap_with=clauses) as solver:
        satisfiable = solver.solve()
    assert doc["kind"] == "cnf" and doc["decision"]["satisfiable"] == satisfiable
    if satisfiable:
        values = {int(name[1:]): value for name, value in
                  doc["decision"]["assignment"].items()}
        assert parse_cnf(text).satisfied(values)
    png = base64.b64decode(doc["png"])
    assert png.startswith(b"\x89PNG")
    board = parse_board(doc["board"])
    assert board.shape == (doc["rows"], doc["cols"])
    assert "# input x1:" in doc["board"]


def test_a_circuit_is_drawn_and_decided(client):
    doc = client.post("/api/reduce", json={
        "text": "t = and(u, not(v))\noutput t\n", "parsimonious": True}).json()
    assert doc["kind"] == "circuit" and doc["parsimonious"]
    assert doc["decision"] == {"satisfiable": True, "contradiction": None,
                               "assignment": {"u": True, "v": False}}
    assert set(doc["terminals"]) == {"u", "v"}


def test_without_decide_only_the_board_comes_back(client):
    doc = client.post("/api/reduce", json={"text": "p cnf 1 1\n1 0\n",
                                           "decide": False}).json()
    assert doc["decision"] is None and doc["covered"] > 0


@pytest.mark.parametrize(("text", "where"), [
    ("p cnf 2 1\n1 -3 0\n", "line 2, column"),
    ("t = nand(u, v)\noutput t\n", "line 1, column"),
    ("p cnf 2 1\n1 2\n", "line 2"),
    ("", "the formula is empty"),
    ("p cnf 0 0\n", "the formula is empty"),
    ("1 -2 0\n2 0\n", "line 1, column 1: a clause before the 'p cnf' line"),  # not a circuit
])
def test_malformed_formulas_name_line_and_column(client, text, where):
    """Each fault by line and column; an empty formula says so."""
    response = client.post("/api/reduce", json={"text": text})
    assert response.status_code == 422
    assert where in response.json()["detail"]


def test_a_header_declaring_a_billion_variables_is_refused_at_once(client):
    response = client.post("/api/reduce", json={"text": "p cnf 1000000000 0\n"})
    assert response.status_code == 422
    assert "1,000,000,000 variables" in response.json()["detail"]


def test_a_formula_too_big_for_the_app_is_refused_before_it_is_drawn(client):
    rng = random.Random(9)
    n = 40
    clauses = [[v * rng.choice((1, -1)) for v in rng.sample(range(1, n + 1), 3)]
               for _ in range(170)]
    text = f"p cnf {n} {len(clauses)}\n" + "".join(
        " ".join(map(str, c)) + " 0\n" for c in clauses)
    response = client.post("/api/reduce", json={"text": text})
    assert response.status_code == 422
    assert "cannot draw it here" in response.json()["detail"]


def test_an_empty_formula_is_refused_without_pointing_at_bigger_boards(client):
    response = client.post("/api/reduce", json={"text": "\n"})
    detail = response.json()["detail"]
    assert response.status_code == 422 and "nothing to draw" in detail
    assert "bigger boards" not in detail


def test_an_unsatisfiable_formula_names_its_contradiction(client):
    doc = client.post("/api/reduce", json={"text": "p cnf 1 2\n1 0\n-1 0\n"}).json()
    decision = doc["decision"]
    assert decision["satisfiable"] is False and decision["assignment"] is None
    found = decision["contradiction"]
    assert found["minimal"] is True and "no fewer of them" in found["text"]
    assert "On the formula: the numbers reach the wire of input x1" in found["text"]
    board = parse_board(doc["board"])
    numbers = {board.index(r, c) for r, c in found["numbers"]}
    assert numbers and numbers <= set(board.number_cells())
    part = board.replace({i: SAFE for i in board.number_cells() if i not in numbers})
    assert find_witness(part, use_mine_count=False) is None
    # the picture marks those numbers, and only those, in magenta
    assert "magenta in the picture" in found["text"]
    image = _pixels(doc["png"])
    magenta = (0xD5, 0x3F, 0x8C)
    cell = image.shape[0] // board.shape[0]
    marked = {board.index(r // cell, c // cell)
              for r, c in zip(*((image[..., :3] == magenta).all(axis=2)).nonzero(), strict=True)}
    assert marked == numbers


def _pixels(png: str):
    """A base64 PNG's pixels as bytes (rows x cols x channels)."""
    import base64
    import io

    from matplotlib.image import imread

    image = imread(io.BytesIO(base64.b64decode(png)), format="png")
    return (image * 255).round().astype("uint8")


def test_a_satisfiable_formula_marks_nothing(client):
    doc = client.post("/api/reduce", json={"text": "p cnf 1 1\n1 0\n"}).json()
    assert doc["decision"]["satisfiable"] is True
    image = _pixels(doc["png"])
    assert not (image[..., :3] == (0xD5, 0x3F, 0x8C)).all(axis=2).any()
