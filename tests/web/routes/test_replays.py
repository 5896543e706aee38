"""Replays through the API: the frames of a stored game rebuild its board at every move,
a record sent by another copy of the app replays the same, and "play from here" starts
an assisted game at that moment."""

from __future__ import annotations

import time

import pytest

from sweepkit.game import Game, replay
from sweepkit.moves import Action
from sweepkit.rules import Rules, level
from sweepkit.serialize import record_from_json, record_json
from sweepkit.web.live import board_codes


@pytest.fixture
def stored(client):
    """An expert game played by the computer through watch mode (many moves, a
    finish), stored; its id."""
    session = client.post("/api/watch", json={"level": "expert", "strategy": "exact",
                                              "delay_ms": 0, "games": 1, "seed": 4}).json()
    with client.stream("GET", f"/api/watch/{session['id']}/events") as reply:
        for _ in reply.iter_lines():
            pass
    (game,) = client.get("/api/stats/games").json()["games"]
    return game["id"]


def test_the_frames_rebuild_the_board_at_every_move(client, stored):
    doc = client.get(f"/api/stats/games/{stored}/replay").json()
    full = client.get(f"/api/stats/games/{stored}").json()["record"]
    frames = doc["replay"]["moves"]
    assert len(frames) == len(full["moves"]) > 20
    record = record_from_json(full)
    twin = Game(record.rules, record.seed)
    cells = ["."] * record.rules.size
    for frame, move in zip(frames, record.log, strict=True):
        twin.play(move.action)
        for i, code in frame["changes"]:
            cells[i] = code
        if not twin.over:
            assert "".join(cells) == board_codes(twin)
        assert frame["time"] == move.time
    assert "".join(cells) == board_codes(replay(record))
    # the board's ZiNi comes with the replay and the stored game
    assert doc["replay"]["zini"] == doc["game"]["zini"] == replay(record).zini()
    assert client.get(f"/api/stats/games/{stored}").json()["game"]["zini"] == doc["game"]["zini"]
    shared = client.post("/api/replays", json=full).json()
    assert shared["replay"] == doc["replay"]


def test_play_from_here_starts_an_assisted_game_at_that_moment(client, stored):
    doc = client.get(f"/api/stats/games/{stored}/replay").json()
    middle = len(doc["replay"]["moves"]) // 2
    cells = ["."] * (16 * 30)
    for frame in doc["replay"]["moves"][:middle]:
        for i, code in frame["changes"]:
            cells[i] = code
    state = client.post("/api/replays/play", json={"game_id": stored, "moves": middle,
                                                   "player": "Ada"}).json()
    assert state["cells"] == "".join(cells) and state["status"] == "playing"
    assert state["assists"] == {"from_position": 1} and state["player"] == "Ada"
    assert state["level"] == "expert"
    # the clock waits for the player's first move, then runs on from the moment replayed
    time.sleep(0.3)
    assert client.get(f"/api/games/{state['id']}").json()["elapsed"] == state["elapsed"]
    r, c = next(divmod(i, 30) for i, code in enumerate(state["cells"]) if code == ".")
    client.post(f"/api/games/{state['id']}/moves", json={"kind": "flag", "row": r, "col": c})
    time.sleep(0.3)
    assert client.get(f"/api/games/{state['id']}").json()["elapsed"] > state["elapsed"] + 0.2
    last = len(doc["replay"]["moves"])
    over = client.post("/api/replays/play", json={"game_id": stored, "moves": last})
    assert over.status_code == 422 and "the game is over" in over.json()["detail"]


@pytest.mark.parametrize(("body", "words"), [
    ({"rules": {"rows": 2}}, "not a game record"),
    ({"format": "sweepkit-game/1", "rules": {"rows": 300, "cols": 300, "mines": 1,
                                             "first_click": "safe"},
      "seed": "1", "mine_cells": None, "no_guess": False, "moves": []}, "up to 200x200"),
])
def test_a_bad_replay_gets_a_422(client, body, words):
    reply = client.post("/api/replays", json=body)
    assert reply.status_code == 422 and words in reply.json()["detail"]


def test_an_unfinished_record_does_not_replay(client):
    game = Game(level("beginner"), 3)
    game.reveal(4, 4)
    doc = record_json(game.record(cheat=True))
    reply = client.post("/api/replays", json=doc)
    assert reply.status_code == 422 and "only finished games replay" in reply.json()["detail"]
    both = client.post("/api/replays/play", json={"moves": 0})
    assert both.status_code == 422 and "one of them" in both.json()["detail"]


def test_a_record_of_three_dimensions_is_refused_not_a_500(client):
    # Refused before a live 3-D game starts, whose text replay would fail with a 500.
    rules = Rules.of_shape((3, 3, 3), 3, "safe")
    game = Game(rules, 2)
    for i in (13, *range(rules.size)):
        if not game.over:
            game.play(Action.reveal(i))
    doc = record_json(game.record())
    for path, body in (("/api/replays", doc), ("/api/replays/play", {"record": doc, "moves": 1})):
        reply = client.post(path, json=body)
        assert reply.status_code == 422 and "3 dimensions" in reply.json()["detail"]
    # one saved by an older version still imports, and its text replay names 3 coordinates
    entry = {"player": "p", "started": "2026-11-26T10:00:00+00:00",
             "finished": "2026-11-26T10:01:00+00:00", "record": doc}
    assert client.post("/api/stats/import", json={"format": "sweepkit-games/1",
                                                  "games": [entry]}).json()["added"] == 1
    (saved,) = client.get("/api/stats/games").json()["games"]
    text = client.get(f"/api/stats/games/{saved['id']}/replay.txt")
    assert text.status_code == 200 and "board: 3x3x3, 3 mines" in text.text
    again = client.post("/api/replays/play", json={"game_id": saved["id"], "moves": 1})
    assert again.status_code == 422 and "3 dimensions" in again.json()["detail"]
    assert any(len(line.split()) == 5 for line in text.text.splitlines()[9:])  # t kind z r c


def test_a_record_too_long_to_replay_is_refused_before_it_is_replayed(client):
    # A 2x2 record of a million flag toggles took half a minute and gigabytes to replay.
    game = Game(Rules(2, 2, 1), 1)
    for i in range(4):
        if not game.over:
            game.play(Action.reveal(i))
    doc = record_json(game.record())
    toggles = [{"kind": "flag", "cell": [1, 1], "time": 0.0}] * (10 * 4 + 10_000 + 1)
    doc["moves"] = toggles + doc["moves"]
    reply = client.post("/api/replays", json=doc)
    assert reply.status_code == 422 and "at most 10,040" in reply.json()["detail"]
    entry = {"player": "p", "started": "2026-11-26T10:00:00+00:00",
             "finished": "2026-11-26T10:01:00+00:00", "record": doc}
    # a saved game always comes back, however long (an import is bounded by its size)
    imported = client.post("/api/stats/import", json={"format": "sweepkit-games/1",
                                                      "games": [entry]})
    assert imported.json() == {"added": 1, "skipped": 0}


def test_a_body_over_the_bound_is_refused_unread(client):
    big = b'{"moves": "' + b"x" * (16 * 1024 * 1024) + b'"}'
    reply = client.post("/api/replays", content=big,
                        headers={"content-type": "application/json"})
    assert reply.status_code == 413 and "takes at most 16,777,216" in reply.json()["detail"]
    # without a declared length it is read up to the bound, then refused the same
    chunks = iter([b'{"moves": "'] + [b"x" * 2**20] * 17 + [b'"}'])
    reply = client.post("/api/replays", content=chunks,
                        headers={"content-type": "application/json"})
    assert reply.status_code == 413 and "over the 16,777,216 bytes" in reply.json()["detail"]
    assert client.get("/api/config").status_code == 200
