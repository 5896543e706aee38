"""MBF boards through the API: a file read into the editor's `.board` text and a position
written back as the same bytes; a malformed file or position answered 422 in words."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.boardfile import parse_board
from sweepkit.mbf import read_mbf
from sweepkit.web.app import create_app
from tests.examples import examples

OCTETS = {"Content-Type": "application/octet-stream"}


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with TestClient(create_app(tmp_path_factory.mktemp("mbf") / "web.db")) as c:
        yield c


def test_a_file_is_read_and_written_back_as_the_same_bytes(client):
    data = bytes([4, 3, 0, 3, 0, 0, 3, 1, 1, 2])
    answer = client.post("/api/mbf/to-board", content=data, headers=OCTETS)
    assert answer.status_code == 200
    doc = answer.json()
    assert doc == {"board": "mines: 3\n*???\n???*\n?*??\n", "rows": 3, "cols": 4, "mines": 3}
    back = client.post("/api/mbf/from-board", json={"board": doc["board"]})
    assert back.status_code == 200 and back.content == data
    assert "position.mbf" in back.headers["content-disposition"]


@settings(max_examples=examples(30), deadline=None)
@given(rows=st.integers(1, 12), cols=st.integers(1, 12), data=st.data())
def test_a_position_goes_out_with_its_known_mines(client, rows, cols, data):
    cells = data.draw(st.lists(st.sampled_from("??*-"), min_size=rows * cols,
                               max_size=rows * cols))
    text = "\n".join("".join(cells[r * cols:(r + 1) * cols]) for r in range(rows)) + "\n"
    out = client.post("/api/mbf/from-board", json={"board": text})
    assert out.status_code == 200
    assert read_mbf(out.content).known_mines() == parse_board(text).known_mines()
    back = client.post("/api/mbf/to-board", content=out.content, headers=OCTETS).json()
    assert parse_board(back["board"]).known_mines() == parse_board(text).known_mines()


def test_malformed_files_are_refused_in_words(client):
    cases = {
        bytes([9, 9]): "the file is not an MBF board: the file is 2 bytes long",
        bytes([9, 9, 0, 2, 1, 1]): "the header says 2 mines",
        bytes([9, 9, 0, 1, 9, 9]): "mine 1 (bytes 4-5) is at x=9, y=9, off the 9x9 board",
        bytes([9, 9, 0, 2, 3, 3, 3, 3]): "mine 2 (bytes 6-7) at x=3, y=3 is mine 1 again",
        bytes([0, 9, 0, 0]): "the board is 0x9",
        bytes([201, 1, 0, 0]): "the MBF board is 1x201; the app edits up to 200x200",
    }
    for data, message in cases.items():
        answer = client.post("/api/mbf/to-board", content=data, headers=OCTETS)
        assert answer.status_code == 422, data
        assert message in answer.json()["detail"]


def test_a_malformed_position_is_refused_in_words(client):
    answer = client.post("/api/mbf/from-board", json={"board": "1?x\n"})
    assert answer.status_code == 422
    assert "line 1, column 3" in answer.json()["detail"]
