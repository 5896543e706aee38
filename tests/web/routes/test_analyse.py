"""The editor's analysis through the API, checked against the brute-force enumerator:
counts and probabilities, the contradiction of an inconsistent board, format errors that
name line and column, and a game on a consistent random layout."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.boardfile import format_board
from sweepkit.position import UNKNOWN, Position
from sweepkit.web.app import create_app
from tests import brute
from tests.examples import examples


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with TestClient(create_app(tmp_path_factory.mktemp("a") / "web.db")) as c:
        yield c


@settings(max_examples=examples(25), deadline=None)
@given(rows=st.integers(2, 4), cols=st.integers(2, 4), seed=st.integers(0, 10**6),
       with_count=st.booleans())
def test_counts_and_probabilities_match_brute_force(client, rows, cols, seed, with_count):
    position = brute.random_view(rows, cols, seed, with_count)
    doc = client.post("/api/analyse", json={"board": format_board(position)}).json()
    layouts = brute.explanations(position)
    assert doc["consistent"] and doc["layouts"] == str(len(layouts))
    expected = brute.probabilities(position)
    for i, value in enumerate(position.cells):
        r, c = divmod(i, cols)
        if value == UNKNOWN:
            assert doc["probability"][r][c] == pytest.approx(float(expected[i]))
    safe = {tuple(cell) for cell in doc["safe"]}
    assert safe == {divmod(i, cols) for i, p in expected.items() if p == 0}
    if doc["best"] is not None and doc["best"]["certain"]:
        assert tuple(doc["best"]["move"]) in safe


def test_an_inconsistent_board_names_its_contradiction(client):
    doc = client.post("/api/analyse", json={"board": "01\n??\n"}).json()
    assert doc["consistent"] is False and doc["layouts"] == "0"
    assert sorted(doc["contradiction"]["numbers"]) == [[0, 0], [0, 1]]
    assert "contradict" in doc["contradiction"]["text"]
    assert doc["contradiction"]["minimal"] is True
    counted = client.post("/api/analyse", json={"board": "1?1\n???\n", "mines": 3}).json()
    assert counted["contradiction"]["uses_mine_count"] is True


@pytest.mark.parametrize(("body", "words"), [
    ({"board": "0x\n??\n"}, "line 1, column 2, cell (0, 1)"),
    ({"board": "\n".join(["?" * 10] * 201)}, "the board is 201x10; the app analyses up to 200x200"),
    ({"board": "shape: 2x2x2\n? ?\n? ?\n\n? ?\n? ?\n"},
     "the board has 3 dimensions; the app analyses 2-D"),
    ({"board": "??\n??\n", "mines": 9}, "mines:"),
    ({"board": "?" * 200_001}, "at most 200000 characters"),
])
def test_a_bad_board_gets_a_422_that_says_where(client, body, words):
    reply = client.post("/api/analyse", json=body)
    assert reply.status_code == 422 and words in reply.text


def test_a_random_consistent_layout_is_played_from_the_position(client):
    board = "mines: 10\n" + "\n".join([
        "0001?????",
        "0112?????",
        "01???????",
        "?????????",
    ] + ["?????????"] * 5)
    seen = set()
    for seed in range(4):
        state = client.post("/api/analyse/play", json={"board": board, "seed": seed,
                                                        "player": "Ada"}).json()
        assert state["status"] == "playing" and state["assists"] == {"from_position": 1}
        if seed == 0:  # the clock waits for the player's first move
            time.sleep(0.3)
            assert client.get(f"/api/games/{state['id']}").json()["elapsed"] == \
                state["elapsed"] < 0.2
        cells = state["cells"]
        for r, line in enumerate(board.splitlines()[1:]):
            for c, ch in enumerate(line):
                if ch.isdigit():
                    assert cells[r * 9 + c] == ch
        # Play it to the end through the hints: the layout explains the position.
        game_id = state["id"]
        while True:
            found = client.post(f"/api/games/{game_id}/hint").json()
            r, c = found["hint"]["move"]
            reply = client.post(f"/api/games/{game_id}/moves",
                                json={"kind": "reveal", "row": r, "col": c}).json()
            if reply["state"]["status"] != "playing":
                break
        final = client.get(f"/api/games/{game_id}").json()["cells"]
        mines = frozenset(i for i, ch in enumerate(final) if ch in "F*X")
        seen.add(mines)
        shown = Position.from_rows(board.splitlines()[1:], mines=10)
        assert shown.explains(mines)
    assert len(seen) > 1  # the layout is drawn, not fixed
    missing = client.post("/api/analyse/play", json={"board": "1?\n??\n"})
    assert missing.status_code == 422 and "mine count" in missing.json()["detail"]


def test_a_board_of_long_chains_is_analysed_without_its_explanations(client, monkeypatch):
    # Its explanations took minutes, so the whole analysis was refused after 5 s.
    from sweepkit.boardfile import format_board
    from sweepkit.reductions.layout import reduce_text
    from sweepkit.web.routes import analyse as route

    text = format_board(reduce_text("p cnf 2 2\n1 -2 0\n2 0\n", "cnf")[0].position)
    from sweepkit.strategies import hint as hint_module

    monkeypatch.setattr(route, "EXPLAIN_SECONDS", 0.2)
    monkeypatch.setattr(hint_module, "EXPLAIN_SECONDS", 0.2)  # the best move's reason
    reply = client.post("/api/analyse", json={"board": text, "dead": False})
    assert reply.status_code == 200, reply.text
    doc = reply.json()
    assert doc["explanations"] is None and doc["layouts"] == "1" and doc["safe"]
    assert doc["best"]["certain"] is True
