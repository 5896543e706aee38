"""Only the browser that started a game plays it: every request that would change a live
game, sent without that browser's key (another client, or a guessed key), gets 403 and
changes nothing, while anyone with the id may still look at the game."""

from __future__ import annotations

import pytest

from sweepkit.web.deps import OWNER_COOKIE


def started(client) -> dict:
    """An expert game with its first reveal made (so every action has something to act on)."""
    game = client.post("/api/games", json={"level": "expert", "seed": 5, "rule": "opening"})
    assert game.status_code == 201
    game_id = game.json()["id"]
    moved = client.post(f"/api/games/{game_id}/moves", json={"kind": "reveal", "row": 8,
                                                             "col": 15})
    assert moved.status_code == 200
    return client.get(f"/api/games/{game_id}").json()


ACTIONS = [
    ("post", "/api/games/{id}/moves", {"kind": "flag", "row": 0, "col": 0}),
    ("post", "/api/games/{id}/moves", {"kind": "reveal", "row": 0, "col": 0}),
    ("post", "/api/games/{id}/undo", None),
    ("post", "/api/games/{id}/show", None),
    ("post", "/api/games/{id}/restart", None),
    ("post", "/api/games/{id}/pause", None),
    ("post", "/api/games/{id}/resume", None),
    ("post", "/api/games/{id}/hint", None),
    ("post", "/api/games/{id}/overlay", None),
    ("post", "/api/games/{id}/computer", None),
    ("post", "/api/games/{id}/share", None),
    ("post", "/api/jobs/hint", {"game_id": "{id}"}),
    ("post", "/api/jobs/move", {"game_id": "{id}", "kind": "flag", "row": 0, "col": 0}),
]


def send(client, method, path, body, game_id):
    if body is not None:
        body = {k: v.format(id=game_id) if isinstance(v, str) else v for k, v in body.items()}
    return client.request(method, path.format(id=game_id), json=body)


@pytest.mark.parametrize(("method", "path", "body"), ACTIONS)
def test_a_request_without_the_key_is_refused_and_changes_nothing(owner, stranger, method,
                                                                  path, body):
    before = started(owner)
    game_id = before["id"]
    refused = send(stranger, method, path, body, game_id)
    assert refused.status_code == 403, refused.text
    assert "another browser" in refused.json()["detail"]
    stranger.cookies.set(OWNER_COOKIE, "x" * 32)  # a guessed key of the right length
    assert send(stranger, method, path, body, game_id).status_code == 403
    after = owner.get(f"/api/games/{game_id}").json()
    before.pop("elapsed"), after.pop("elapsed")  # the clock runs on
    assert after == before  # no move, no assist, no pause, not restarted


def test_the_stranger_may_look_and_the_owner_may_play(owner, stranger):
    game = started(owner)
    assert stranger.get(f"/api/games/{game['id']}").json()["cells"] == game["cells"]
    flagged = owner.post(f"/api/games/{game['id']}/moves",
                         json={"kind": "flag", "row": 0, "col": 0})
    assert flagged.status_code == 200
    restarted = owner.post(f"/api/games/{game['id']}/restart")
    assert restarted.status_code == 201
    fresh = restarted.json()["id"]  # the restarted game is the owner's too
    assert owner.post(f"/api/games/{fresh}/pause").status_code == 200
    assert stranger.post(f"/api/games/{fresh}/resume").status_code == 403


def test_the_key_is_an_http_only_same_site_cookie_given_once(owner):
    first = owner.post("/api/games", json={"level": "beginner"})
    cookie = first.headers["set-cookie"]
    assert cookie.startswith(f"{OWNER_COOKIE}=") and "HttpOnly" in cookie
    assert "samesite=strict" in cookie.lower()
    key = owner.cookies[OWNER_COOKIE]
    assert len(key) == 32
    again = owner.post("/api/games", json={"level": "beginner"})
    assert "set-cookie" not in again.headers and owner.cookies[OWNER_COOKIE] == key
