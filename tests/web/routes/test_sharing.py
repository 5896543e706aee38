"""Sharing a board, never a game (the app in process over a real SQLite file, two clients
with their own cookies): a share link deals a fresh game on the same board (by seed for a
random game, by layout otherwise) and never leads into the live game; a share while the
game is on makes it assisted; the seed shows once it can tell nothing; another browser
sees a game read-only and may deal itself the same board; editor links carry a position,
and a malformed or oversized link is refused in words."""

from __future__ import annotations

import base64
import zlib
from urllib.parse import parse_qs, urlsplit

import pytest

from sweepkit.web.links import MAX_TOKEN, encode_board
from tests.web.routes.test_games import layout_of, move, new


def shared(client, game_id, status=200):
    reply = client.post(f"/api/games/{game_id}/share")
    assert reply.status_code == status, reply.text
    return reply.json()


def query_of(link: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(link).query).items()}


def lose(client, state, seed, name="beginner"):
    """Reveal (4, 4), then a mine: the game is lost; the mine cells."""
    mines = layout_of(name, seed, (4, 4))
    move(client, state["id"], "reveal", 4, 4)
    cols = state["cols"]
    reply = move(client, state["id"], "reveal", *divmod(mines[0], cols))
    assert reply["state"]["status"] == "lost"
    return mines


def test_a_random_game_is_shared_by_its_seed_and_the_link_deals_the_same_board(owner,
                                                                                stranger):
    state = new(owner, level="beginner", rule="safe")
    assert state["seed"] is None and state["shareable"]  # the seed would tell the board
    move(owner, state["id"], "reveal", 4, 4)
    reply = shared(owner, state["id"])
    assert reply["by"] == "seed" and reply["link"].startswith("./?")
    query = query_of(reply["link"])
    assert set(query) == {"level", "rule", "seed"} and "game" not in query
    assert state["id"] not in reply["link"]  # never a link into the live game
    assert reply["state"]["assists"] == {"shared": 1}  # shared while on: assisted
    # The link's game, opened by someone else, is a fresh game on the same board.
    theirs = new(stranger, **query)
    assert theirs["id"] != state["id"] and set(theirs["cells"]) == {"."}
    assert theirs["seed"] == query["seed"]  # chosen by its seed: shown
    move(stranger, theirs["id"], "reveal", 4, 4)
    mine = layout_of("beginner", int(query["seed"]), (4, 4))[0]
    boom = move(stranger, theirs["id"], "reveal", *divmod(mine, 9))
    assert boom["state"]["status"] == "lost"
    # The owner's game is untouched by the other game, and shows its seed once over.
    assert owner.get(f"/api/games/{state['id']}").json()["moves"] == 1
    lose(owner, owner.get(f"/api/games/{state['id']}").json(), int(query["seed"]))
    assert owner.get(f"/api/games/{state['id']}").json()["seed"] == query["seed"]


def test_a_board_without_a_seed_is_shared_by_its_layout(owner, stranger):
    board = "mines: 2\n" + "\n".join(["01?", "12?", "???"])
    state = owner.post("/api/analyse/play", json={"board": board, "seed": 4}).json()
    reply = shared(owner, state["id"])
    assert reply["by"] == "layout" and reply["link"].startswith("./#board=")
    token = reply["link"].split("#board=", 1)[1]
    theirs = stranger.post("/api/games/shared", json={"token": token, "player": "Bo"})
    assert theirs.status_code == 201, theirs.text
    fresh = theirs.json()
    assert (fresh["rows"], fresh["cols"], fresh["mines"], fresh["player"]) == (3, 3, 2, "Bo")
    assert set(fresh["cells"]) == {"."} and fresh["assists"] == {"shared": 1}
    # The same layout: opening each cell the position showed as a number gives that number.
    for r, line in enumerate(board.splitlines()[1:]):
        for c, ch in enumerate(line):
            if ch.isdigit():
                opened = move(stranger, fresh["id"], "reveal", r, c)
                assert dict(map(tuple, opened["changes"]))[r * 3 + c] == ch


def test_a_level_board_by_layout_keeps_its_level(owner):
    state = new(owner, level="beginner", seed=3)
    move(owner, state["id"], "reveal", 4, 4)
    restarted = owner.post(f"/api/games/{state['id']}/restart").json()  # no seed now
    link = shared(owner, restarted["id"])["link"]
    fresh = owner.post("/api/games/shared", json={"token": link.split("=", 1)[1]}).json()
    assert fresh["level"] == "beginner" and fresh["rule"] == "none"


def test_a_no_guess_board_has_nothing_to_share_before_its_first_click(owner):
    state = new(owner, level="beginner", no_guess=True)
    assert not state["shareable"]
    reply = owner.post(f"/api/games/{state['id']}/share")
    assert reply.status_code == 409 and "first click" in reply.json()["detail"]


def test_a_share_once_the_game_is_over_leaves_it_unassisted(owner):
    state = new(owner, rows=3, cols=3, mines=8, rule="safe")  # all but the first: mines
    assert move(owner, state["id"], "reveal", 0, 0)["state"]["status"] == "won"
    reply = shared(owner, state["id"])
    assert reply["state"]["assists"] == {} and reply["state"]["seed"] is not None
    assert query_of(reply["link"]) == {"rows": "3", "cols": "3", "mines": "8", "rule": "safe",
                                       "seed": reply["state"]["seed"]}
    # A seeded game shared while on: its seed was known already, nothing is added.
    seeded = new(owner, level="beginner", seed=9)
    assert seeded["seed"] == "9"
    assert shared(owner, seeded["id"])["state"]["assists"] == {"seeded": 1}


def test_the_owner_only_may_share_and_anyone_sees_whose_game_it_is(owner, stranger):
    state = new(owner, level="beginner")
    assert owner.get(f"/api/games/{state['id']}").json()["yours"] is True
    seen = stranger.get(f"/api/games/{state['id']}").json()
    assert seen["yours"] is False and seen["cells"] == state["cells"]
    refused = stranger.post(f"/api/games/{state['id']}/share")
    assert refused.status_code == 403
    assert owner.get(f"/api/games/{state['id']}").json()["assists"] == {}


def test_a_viewer_deals_itself_the_same_board_once_the_game_is_over(owner, stranger):
    state = new(owner, level="beginner", rule="safe", seed=5)
    move(owner, state["id"], "reveal", 4, 4)
    # While the owner plays, nobody else is dealt its board, and the game is untouched.
    early = stranger.post(f"/api/games/{state['id']}/fresh", json={"player": "Bo"})
    assert early.status_code == 409 and "still being played" in early.json()["detail"]
    assert owner.get(f"/api/games/{state['id']}").json()["assists"] == {"seeded": 1}
    mines = layout_of("beginner", 5, (4, 4))
    move(owner, state["id"], "reveal", *divmod(mines[0], state["cols"]))
    reply = stranger.post(f"/api/games/{state['id']}/fresh", json={"player": "Bo"})
    assert reply.status_code == 201, reply.text
    theirs = reply.json()
    assert theirs["id"] != state["id"] and theirs["player"] == "Bo"
    assert set(theirs["cells"]) == {"."} and theirs["assists"] == {"shared": 1}
    assert stranger.get(f"/api/games/{theirs['id']}").json()["yours"] is True
    # The same board: the same first click opens the same cells.
    opened = move(stranger, theirs["id"], "reveal", 4, 4)
    mine = owner.get(f"/api/games/{state['id']}").json()
    for i, code in opened["changes"]:
        if i not in mines:
            assert mine["cells"][i] in (code, "*"), i
    assert mine["assists"] == {"seeded": 1}      # the owner's game: as it was
    # The viewer still cannot play the owner's game.
    assert move(stranger, state["id"], "flag", 0, 0, status=403)


@pytest.mark.parametrize(("token", "words"), [
    ("", "carries no position"),
    ("abc$def", "not URL-safe base64"),
    ("A", "cut short"),
    (base64.urlsafe_b64encode(b"not zlib at all").decode().rstrip("="), "damaged"),
    (base64.urlsafe_b64encode(zlib.compress(b"mines: 1\n*-\n")[:-3]).decode().rstrip("="),
     "cut short"),
    ("A" * (MAX_TOKEN + 1), "at most"),
    (encode_board("0" * 300_000), "200,000"),
    (encode_board("??\n??\n"), "cell (0, 0) unknown"),
    (encode_board("*x\n"), "bad character"),
    (encode_board("-" * 201 + "\n"), "up to 200x200"),
])
def test_a_malformed_board_link_is_refused_in_words(owner, token, words):
    reply = owner.post("/api/games/shared", json={"token": token})
    assert reply.status_code == 422, reply.text
    assert words in reply.json()["detail"]
    assert "Traceback" not in reply.text


def test_an_editor_link_carries_its_position_there_and_back(owner):
    board = "mines: 4\n1??\n???\n"
    made = owner.post("/api/links/position", json={"board": board})
    assert made.status_code == 200, made.text
    link = made.json()["link"]
    assert link.startswith("static/editor.html#position=")
    token = link.split("#position=")[1]
    assert set(token) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    opened = owner.post("/api/links/position/open", json={"token": token})
    assert opened.json() == {"board": board}
    bad = owner.post("/api/links/position", json={"board": "1?\n9?\n"})
    assert bad.status_code == 422 and "the board" in bad.json()["detail"]
    broken = owner.post("/api/links/position/open", json={"token": token[:-4]})
    assert broken.status_code == 422
    assert broken.json()["detail"].startswith("this link's position cannot be read")
    wrong = owner.post("/api/links/position/open", json={"token": encode_board("12\nab\n")})
    assert wrong.status_code == 422 and "line 2" in wrong.json()["detail"]
