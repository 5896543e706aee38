"""Each player's records are theirs: every route that writes is either a live game's (its
owner's key: ``test_owner.py``), a player's (its owners' keys, or the operator's admin
token), or changes nobody's records; a request without the key gets 403 and changes
nothing in the database; a private player's games are read by its own browsers only,
until they make them public; another device joins a player only with a code."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from sweepkit.web.app import create_app
from sweepkit.web.links import encode_board
from tests.web.players import win_unseeded
from tests.web.routes.test_owner import ACTIONS

ADMIN = "operator-token-of-the-test"

GAME_ROUTES = {(method.upper(), path.replace("{id}", "{game_id}"))
               for method, path, _ in ACTIONS}
"""Routes that change a live game: its owner's key (``test_owner.py``)."""

PLAYER_ROUTES = {
    ("POST", "/api/stats/reset"), ("POST", "/api/stats/import"),
    ("POST", "/api/players/{name}/code"), ("POST", "/api/players/{name}/rename"),
    ("POST", "/api/players/{name}/public"), ("DELETE", "/api/players/{name}"),
    ("POST", "/api/trainer/puzzles/{puzzle_id}/answer"),
    # they start something for a named player: the name must be the browser's own
    ("POST", "/api/games"), ("POST", "/api/games/{game_id}/fresh"),
    ("POST", "/api/games/shared"), ("POST", "/api/analyse/play"),
    ("POST", "/api/replays/play"), ("POST", "/api/trainer/puzzles"),
}
"""Routes that change a player's records: its owners' keys, or the admin token."""

OPEN_ROUTES = {
    ("POST", "/api/analyse"), ("POST", "/api/jobs/analyse"), ("POST", "/api/reviews"),
    ("POST", "/api/replays"), ("POST", "/api/reduce"), ("POST", "/api/links/position"),
    ("POST", "/api/links/position/open"), ("POST", "/api/mbf/to-board"),
    ("POST", "/api/mbf/from-board"), ("POST", "/api/watch"),
    ("POST", "/api/watch/{session_id}/control"), ("DELETE", "/api/jobs/{job_id}"),
    ("POST", "/api/players/join"),
}
"""Routes that change no player's records: they compute, make links, start the
computer's games (watch: a session is whoever holds its unguessable id), cancel a job (by
its unguessable id), or join a player with a code its owner gave."""

TABLES = ("players", "player_keys", "played", "trainer_scores", "join_codes")


def test_every_route_that_writes_is_classified(tmp_path):
    app = create_app(tmp_path / "w.db")
    writes = {(method.upper(), path) for path, methods in app.openapi()["paths"].items()
              for method in methods if method in ("post", "put", "patch", "delete")}
    assert writes == GAME_ROUTES | PLAYER_ROUTES | OPEN_ROUTES
    assert not (GAME_ROUTES & PLAYER_ROUTES or PLAYER_ROUTES & OPEN_ROUTES)


def snapshot(book) -> dict[str, list[tuple]]:
    """Every row of the tables that hold players' records."""
    with book.read() as db:
        return {t: sorted((tuple(r) for r in db.execute(f"SELECT * FROM {t}")), key=repr)
                for t in TABLES}


@pytest.fixture
def app(db):
    return create_app(db, admin_token=ADMIN)


@pytest.fixture
def ada(app):
    """Ada's browser: two won games, a trainer answer; her games are private."""
    with TestClient(app) as client:
        def send(method, path, body):
            return client.request(method, "/api" + path, json=body).json()

        win_unseeded(send, "Ada")
        win_unseeded(send, "Ada")
        puzzle = send("POST", "/trainer/puzzles", {"lesson": "single", "player": "Ada"})
        cell = puzzle["cells"].index(".") if "cells" in puzzle else 0
        send("POST", f"/trainer/puzzles/{puzzle['id']}/answer",
             {"row": cell // puzzle["cols"], "col": cell % puzzle["cols"]})
        yield client


@pytest.fixture
def stranger(app):
    with TestClient(app) as client:
        yield client


def stored_id(client) -> int:
    return client.get("/api/stats/games", params={"player": "Ada"}).json()["games"][0]["id"]


def export_of(client) -> str:
    return client.get("/api/stats/export", params={"player": "Ada"}).text


def requests_as_ada(ada) -> list[tuple[str, str, dict | None, dict | None]]:
    """A request on Ada's records through every player route: method, path, JSON body and
    query parameters."""
    game = ada.post("/api/games", json={"level": "beginner", "seed": 1}).json()
    puzzle = ada.post("/api/trainer/puzzles", json={"lesson": "single", "player": "Ada"}
                      ).json()
    exported = export_of(ada)
    return [
        ("POST", "/api/stats/reset", {"player": "Ada", "confirm": "Ada"}, None),
        ("POST", "/api/stats/import", None, {"format": "json", "_body": exported}),
        ("POST", "/api/players/Ada/code", None, None),
        ("POST", "/api/players/Ada/rename", {"name": "Mallory"}, None),
        ("POST", "/api/players/Ada/public", {"public": True}, None),
        ("DELETE", "/api/players/Ada", None, None),
        ("POST", f"/api/trainer/puzzles/{puzzle['id']}/answer", {"row": 0, "col": 0}, None),
        ("POST", "/api/games", {"level": "beginner", "player": "Ada"}, None),
        ("POST", f"/api/games/{game['id']}/fresh", {"player": "Ada"}, None),
        ("POST", "/api/games/shared", {"token": encode_board("*-\n--\n"), "player": "Ada"},
         None),
        ("POST", "/api/analyse/play", {"board": "??\n11\n", "mines": 1, "player": "Ada"},
         None),
        ("POST", "/api/replays/play", {"game_id": stored_id(ada), "moves": 0,
                                       "player": "Ada"}, None),
        ("POST", "/api/trainer/puzzles", {"lesson": "single", "player": "Ada"}, None),
    ]


def send(client, method, path, body, params, headers=None):
    params = dict(params or {})
    raw = params.pop("_body", None)
    if raw is not None:
        return client.request(method, path, content=raw, params=params, headers={
            "Content-Type": "application/json", **(headers or {})})
    return client.request(method, path, json=body, params=params, headers=headers)


def test_every_player_route_refuses_a_stranger_and_changes_nothing(app, ada, stranger):
    requests = requests_as_ada(ada)
    db = app.state.book
    before = snapshot(db)
    playing = app.state.live.journal.playing()
    for method, path, body, params in requests:
        for headers in (None, {"Authorization": "Bearer not-the-token"}):
            reply = send(stranger, method, path, body, params, headers)
            assert reply.status_code == 403, (method, path, reply.text)
            assert snapshot(db) == before, (method, path)
    assert app.state.live.journal.playing() == playing  # no game started as Ada
    assert ada.get("/api/stats/summary", params={"player": "Ada"}).status_code == 200


def test_the_owner_and_the_operator_may(app, ada, stranger):
    code = ada.post("/api/players/Ada/code").json()
    assert code["minutes"] == 15 and len(code["code"]) == 9
    assert ada.post("/api/players/Ada/public", json={"public": True}).json()["public"]
    admin = {"Authorization": f"Bearer {ADMIN}"}
    renamed = stranger.post("/api/players/Ada/rename", json={"name": "Adele"}, headers=admin)
    assert renamed.json() == {"player": "Adele"}
    reset = stranger.post("/api/stats/reset", json={"player": "Adele", "confirm": "Adele"},
                          headers=admin)
    assert reset.json() == {"deleted": 2}
    assert ada.delete("/api/players/Adele").json() == {"player": "Adele", "deleted": 0}
    assert ada.get("/api/me").json()["players"] != ["Adele"]


def test_a_private_players_games_are_read_by_its_own_browsers_only(app, ada, stranger):
    game_id = stored_id(ada)
    reads = [("/api/stats/summary", {"player": "Ada"}),
             ("/api/stats/games", {"player": "Ada"}), ("/api/stats/daily", {"player": "Ada"}),
             ("/api/stats/export", {"player": "Ada"}), ("/api/trainer/scores", {"player": "Ada"}),
             (f"/api/stats/games/{game_id}", None), (f"/api/stats/games/{game_id}/replay", None),
             (f"/api/stats/games/{game_id}/replay.txt", None)]
    for path, params in reads:
        assert ada.get(path, params=params).status_code == 200, path
        refused = stranger.get(path, params=params)
        assert refused.status_code == 403 and "private" in refused.json()["detail"], path
    assert stranger.post("/api/reviews", json={"game_id": game_id}).status_code == 403
    assert stranger.get("/api/stats/games").json()["total"] == 0  # none listed either
    assert [p["name"] for p in stranger.get("/api/players").json()["players"]] == []
    assert ada.get("/api/players").json()["players"][0]["yours"] is True
    ada.post("/api/players/Ada/public", json={"public": True})
    for path, params in reads:
        assert stranger.get(path, params=params).status_code == 200, path
    assert stranger.get("/api/stats/games").json()["total"] == 2
    summary = stranger.get("/api/stats/summary", params={"player": "Ada"}).json()
    assert summary["public"] and not summary["yours"] and summary["abandoned"] == 0


def test_another_device_joins_with_a_code_once(app, ada, stranger):
    assert stranger.post("/api/players/join", json={"name": "Ada", "code": "AAAA-AAAA"}
                         ).status_code == 403
    code = ada.post("/api/players/Ada/code").json()["code"]
    joined = stranger.post("/api/players/join", json={"name": "ada", "code": code})
    assert joined.json() == {"player": "Ada"}
    assert stranger.get("/api/stats/summary", params={"player": "Ada"}).status_code == 200
    assert stranger.get("/api/me").json()["players"] == ["Ada"]
    with TestClient(app) as third:
        assert third.post("/api/players/join", json={"name": "Ada", "code": code}
                          ).status_code == 403


def test_a_browser_without_a_name_plays_as_its_own_default_player(app, ada, stranger):
    mine = stranger.post("/api/games", json={"level": "beginner"}).json()["player"]
    theirs = ada.post("/api/games", json={"level": "beginner"}).json()["player"]
    assert mine != theirs and mine.startswith("player")
    assert stranger.get("/api/me").json() == {"players": [mine], "default": mine}
    taken = stranger.post("/api/games", json={"level": "beginner", "player": theirs})
    assert taken.status_code == 403 and "another browser" in taken.json()["detail"]
    # The key made by a refused first request still reaches the browser.
    with TestClient(app) as newcomer:
        refused = newcomer.post("/api/games", json={"level": "beginner", "player": "Ada"})
        assert refused.status_code == 403 and "sweepkit_owner=" in refused.headers["set-cookie"]
