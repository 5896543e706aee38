"""Hints through the API: right (a certain hint is a safe cell of the hidden layout),
recorded as an assist on the stored game, and refused with a reason when there is nothing
to hint."""

from __future__ import annotations

import pytest

from sweepkit.analysis.board.probability import analyse
from sweepkit.game import Game
from sweepkit.rules import FirstClick, Rules, level
from sweepkit.store.played import GameBook


@pytest.mark.slow
def test_hints_are_right_and_the_game_is_stored_as_assisted(client, db):
    # a beginner game played by hints alone, certain ones and guesses: 27 hints, two of them
    # guesses, to a win (an intermediate game took 76 hints, four times the time, for the
    # same checks; the hint after a loss: test_a_lost_game_keeps_its_hint_...)
    seed, first = 14, (4, 4)
    twin = Game(level("beginner"), seed)
    twin.reveal(*first)
    mines = set(twin.reveal_layout(cheat=True).known_mines())
    game = client.post("/api/games", json={"level": "beginner", "seed": seed}).json()
    assert client.post(f"/api/games/{game['id']}/hint").status_code == 409  # no click yet
    reply = client.post(f"/api/games/{game['id']}/moves",
                        json={"kind": "reveal", "row": first[0], "col": first[1]}).json()
    hints = guesses = 0
    while reply["state"]["status"] == "playing" and hints < 480:
        found = client.post(f"/api/games/{game['id']}/hint").json()
        hints += 1
        assert found["assists"] == {"hint": hints, "seeded": 1}
        row, col = found["hint"]["move"]
        assert found["hint"]["reason"]
        guesses += not found["hint"]["certain"]
        if found["hint"]["certain"]:
            assert row * 9 + col not in mines, found["hint"]
            assert found["hint"]["probability"] == 0
        reply = client.post(f"/api/games/{game['id']}/moves",
                            json={"kind": "reveal", "row": row, "col": col}).json()
    assert reply["state"]["status"] in ("won", "lost") and hints > 5
    assert guesses
    after = client.post(f"/api/games/{game['id']}/hint")   # over: a loss keeps its hint
    assert after.status_code == (409 if reply["state"]["status"] == "won" else 200)
    with GameBook(db) as book:
        stored = book.game(reply["state"]["record_id"])
    assert stored.assisted and stored.assists == {"hint": hints, "seeded": 1}


def test_a_hint_for_an_unknown_game_is_a_404(client):
    reply = client.post("/api/games/nothing/hint")
    assert reply.status_code == 404 and "no game" in reply.json()["detail"]


@pytest.mark.slow
def test_the_overlay_and_computer_moves_are_right_and_recorded(client, db):
    seed, first = 12, (8, 15)
    twin = Game(level("expert"), seed)
    twin.reveal(*first)
    mines = set(twin.reveal_layout(cheat=True).known_mines())
    game = client.post("/api/games", json={"level": "expert", "seed": seed}).json()
    client.post(f"/api/games/{game['id']}/moves",
                json={"kind": "reveal", "row": first[0], "col": first[1]})
    heat = client.post(f"/api/games/{game['id']}/overlay").json()
    chances = dict((i, p) for i, p in heat["probabilities"])
    assert all(0 <= p <= 1 for p in chances.values()) and chances
    assert not set(heat["safe"]) & mines and set(heat["mines"]) <= mines
    assert all(chances[i] == 0 for i in heat["safe"])
    moves = 0
    while True:
        reply = client.post(f"/api/games/{game['id']}/computer").json()
        moves += 1
        if reply["hint"]["certain"]:
            r, c = reply["hint"]["move"]
            assert r * 30 + c not in mines
        if reply["state"]["status"] != "playing":
            break
    state = reply["state"]
    expected = {"overlay": 1, "computer": moves, "seeded": 1}
    assert state["assists"] == expected
    with GameBook(db) as book:
        assert book.game(state["record_id"]).assists == expected


def test_a_certain_hint_names_the_numbers_it_uses(client):
    game = client.post("/api/games", json={"level": "beginner", "seed": 6}).json()
    client.post(f"/api/games/{game['id']}/moves", json={"kind": "reveal", "row": 4, "col": 4})
    found = client.post(f"/api/games/{game['id']}/hint").json()["hint"]
    if found["certain"]:
        state = client.get(f"/api/games/{game['id']}").json()
        assert found["because"]
        for r, c in found["because"]:
            assert state["cells"][r * 9 + c] in "012345678"  # open numbers
        assert all(max(abs(r - found["move"][0]), abs(c - found["move"][1])) <= 2
                   for r, c in found["because"]) or found["rule"] == "global"


def test_while_a_hint_is_worked_out_another_for_the_game_is_refused_at_once(client):
    # Queued on the game's lock, a burst of hints on one big game held every server thread.
    game = client.post("/api/games", json={"level": "expert", "seed": 3}).json()
    client.post(f"/api/games/{game['id']}/moves", json={"kind": "reveal", "row": 0, "col": 0})
    live = client.app.state.live.get(game["id"])
    with live.helping:  # as a hint still being analysed holds it
        for what in ("hint", "overlay", "computer"):
            reply = client.post(f"/api/games/{game['id']}/{what}")
            assert reply.status_code == 409 and "still being worked out" in reply.json()[
                "detail"]
        state = client.get(f"/api/games/{game['id']}").json()  # the game itself still answers
        assert state["assists"] == {"seeded": 1}
        moved = client.post(f"/api/games/{game['id']}/moves",
                            json={"kind": "flag", "row": 15, "col": 29})
        assert moved.status_code == 200
    assert client.post(f"/api/games/{game['id']}/hint").status_code == 200


def test_a_lost_game_keeps_its_hint_and_overlay_on_the_position_before_the_loss(client,
                                                                               db):
    seed, first = 5, (4, 4)
    twin = Game(level("beginner"), seed)
    twin.reveal(*first)
    before = twin.view(flags=False)            # the position the fatal cell was chosen in
    mines = sorted(twin.reveal_layout(cheat=True).known_mines())
    game = client.post("/api/games", json={"level": "beginner", "seed": seed}).json()
    client.post(f"/api/games/{game['id']}/moves", json={"kind": "reveal", "row": 4, "col": 4})
    fatal = divmod(mines[0], 9)
    lost = client.post(f"/api/games/{game['id']}/moves",
                       json={"kind": "reveal", "row": fatal[0], "col": fatal[1]}).json()
    assert lost["state"]["status"] == "lost"
    heat = client.post(f"/api/games/{game['id']}/overlay").json()
    analysis = analyse(before)
    # The losing move said at once whether the death was forced, with the safe cells then.
    safe = sorted(analysis.safe_cells())
    assert lost["loss"] == {"forced": not safe, "safe": [list(divmod(c, 9)) for c in safe],
                            "chance": pytest.approx(analysis.probabilities()[mines[0]])}
    assert dict(map(tuple, heat["probabilities"])) == pytest.approx(analysis.probabilities())
    assert heat["safe"] == sorted(analysis.safe_cells())
    assert heat["mines"] == sorted(analysis.mine_cells())
    sentences = dict(map(tuple, heat["reasons"]))   # each certain cell's reason in words
    assert set(sentences) == set(heat["safe"]) | set(heat["mines"])
    assert all(f"({r}, {c})" in sentences[r * 9 + c] for r, c in map(lambda i: divmod(i, 9),
                                                                      sentences))
    found = client.post(f"/api/games/{game['id']}/hint").json()["hint"]
    row, col = found["move"]
    assert analysis.probabilities()[row * 9 + col] == min(analysis.probabilities().values())
    # the game is over and stored: looking back is no assist, and the computer plays no more
    assert client.post(f"/api/games/{game['id']}/computer").status_code == 409
    state = client.get(f"/api/games/{game['id']}").json()
    assert state["assists"] == {"seeded": 1} and state["status"] == "lost"
    with GameBook(db) as book:
        assert book.game(state["record_id"]).assists == {"seeded": 1}


def test_a_forced_death_is_said_forced(client):
    # 2x2, 2 mines: the first click shows a 2, and each other cell is a mine in 2 of 3 ways
    rules = {"rows": 2, "cols": 2, "mines": 2, "rule": "safe", "seed": 1}
    twin = Game(Rules(2, 2, 2, FirstClick.SAFE), 1)
    twin.reveal(0, 0)
    mine = min(twin.reveal_layout(cheat=True).known_mines())
    game = client.post("/api/games", json=rules).json()
    first = client.post(f"/api/games/{game['id']}/moves",
                        json={"kind": "reveal", "row": 0, "col": 0}).json()
    assert "loss" not in first and first["state"]["status"] == "playing"
    lost = client.post(f"/api/games/{game['id']}/moves",
                       json={"kind": "reveal", "row": mine // 2, "col": mine % 2}).json()
    assert lost["state"]["status"] == "lost"
    assert lost["loss"] == {"forced": True, "safe": [], "chance": pytest.approx(2 / 3)}
