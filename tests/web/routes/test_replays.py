"""Replays through the API: the frames of a stored game rebuild its board at every move,
a record sent by another copy of the app replays the same, and "play from here" starts
an assisted game at that moment."""

from __future__ import annotations

import pytest

from sweepkit.game import Game, replay
from sweepkit.rules import level
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
