"""The play API in process (FastAPI's TestClient over the real app and a real SQLite file):
seeded games won and lost, what a live game's replies may show, restarts, undo (a loss
taken back in practice too), and every bad request answered with a 4xx that says what is
wrong."""

from __future__ import annotations

import json
import time

import pytest

from sweepkit.figures import game_figures
from sweepkit.game import Game, Status, replay
from sweepkit.position import MINE, Position
from sweepkit.rules import level
from sweepkit.store.played import GameBook, GameFilter
from sweepkit.web.deps import MAX_ROWS
from sweepkit.zini import zini
from tests.web.players import win_unseeded


def layout_of(name: str, seed: int, first: tuple[int, int], rule: str = "safe") -> list[int]:
    """The mine cells the server will draw for this seed and first click (the layout is
    drawn from the seed at the first reveal), found with the library, not the server."""
    game = Game(level(name, rule), seed)
    game.reveal(*first)
    return sorted(game.reveal_layout(cheat=True).known_mines())


def new(client, **spec):
    reply = client.post("/api/games", json=spec)
    assert reply.status_code == 201, reply.text
    return reply.json()


def move(client, game_id, kind, row, col, status=200):
    reply = client.post(f"/api/games/{game_id}/moves", json={"kind": kind, "row": row,
                                                              "col": col})
    assert reply.status_code == status, reply.text
    return reply.json()


SECRET = set("*XW")


def assert_no_secret(doc):
    """A live game's reply: no mine code, no figures (the 3BV tells of the layout)."""
    state = doc.get("state", doc)
    assert state["status"] in ("ready", "playing")
    assert state["figures"] is None
    assert not SECRET & set(doc.get("cells", ""))
    assert not SECRET & {code for _, code in doc.get("changes", [])}


def win(client, name="beginner", seed=11, first=(4, 4), **spec):
    """Play a seeded game to a win through the API, checking every reply on the way."""
    state = new(client, level=name, seed=seed, **spec)
    assert_no_secret(state)
    cols = state["cols"]
    mines = set(layout_of(name, seed, first, spec.get("rule", "safe")))
    cells = list(state["cells"])
    reply = move(client, state["id"], "reveal", *first)
    for index in range(state["rows"] * cols):
        if reply["state"]["status"] == "won":
            break
        assert_no_secret(reply)
        for i, code in reply["changes"]:
            cells[i] = code
        if index not in mines and cells[index] == ".":
            reply = move(client, state["id"], "reveal", *divmod(index, cols))
    return state["id"], reply, mines


def test_a_seeded_game_is_won_and_stored_with_its_figures(client, db):
    game_id, reply, mines = win(client)
    state = reply["state"]
    assert state["status"] == "won" and state["mines_left"] == 0
    figures = state["figures"]
    assert figures["three_bv"] == figures["three_bv_solved"] > 0
    assert figures["clicks"]["left"] == state["clicks"]["left"] >= 1
    assert figures["flagged"] is False
    assert state["record_id"] is not None
    # correctness, throughput and the board's ZiNi come with the figures
    clicks = figures["clicks"]
    total = clicks["left"] + clicks["right"] + clicks["chord"]
    assert figures["correctness"] == (total - clicks["wasted"]) / total
    assert figures["throughput"] == figures["efficiency"]
    board = Position.unknown(9, 9).layout(sorted(mines))
    assert figures["zini"] == zini(board).value <= figures["three_bv"]
    # At a win every mine shows as a flag.
    final = client.get(f"/api/games/{game_id}").json()
    assert {i for i, c in enumerate(final["cells"]) if c == "F"} == mines
    with GameBook(db) as book:
        row = book.game(state["record_id"])
    assert row.won and row.player == "player" and row.level == "beginner"
    assert row.three_bv == figures["three_bv"] and not row.flagged
    assert row.assists == {"seeded": 1}  # a board chosen by its seed is no record


def test_an_unseeded_win_is_stored_unassisted(client, db):
    state = win_unseeded(lambda method, path, body: client.request(
        method, "/api" + path, json=body).json(), "Ada")
    with GameBook(db) as book:
        row = book.game(state["record_id"])
    assert row.won and not row.assisted and row.assists == {}


def test_a_lost_game_shows_the_mine_hit_then_on_asking_the_layout(client, db):
    seed, first = 4, (0, 0)
    mines = layout_of("beginner", seed, first)
    state = new(client, level="beginner", seed=seed, player="Ada")
    game = f"/api/games/{state['id']}"
    move(client, state["id"], "reveal", *first)
    safe_covered = next(i for i in range(81) if i not in mines and i != 0
                        and client.get(game).json()["cells"][i] == ".")
    flagged = move(client, state["id"], "flag", *divmod(safe_covered, 9))
    assert flagged["changes"] == [[safe_covered, "F"]]
    assert flagged["state"]["mines_left"] == 9
    assert client.post(game + "/show").status_code == 409  # not lost: nothing to show
    hit = mines[0]
    reply = move(client, state["id"], "reveal", *divmod(hit, 9))
    assert reply["state"]["status"] == "lost" and reply["state"]["shown"] is False
    codes = dict(reply["changes"])
    assert codes[hit] == "X"  # the mine hit, and nothing of the rest of the layout
    assert not {"*", "W"} & set(codes.values())
    cells = client.get(game).json()["cells"]
    assert cells[hit] == "X" and cells[safe_covered] == "F" and "*" not in cells
    assert reply["state"]["figures"]["flagged"] is True
    with GameBook(db) as book:
        (row,) = book.games(GameFilter(player="Ada"))
    assert not row.won and row.flagged and row.id == reply["state"]["record_id"]
    shown = client.post(game + "/show").json()  # the layout, at the player's asking
    assert shown["shown"] is True and shown["cells"][hit] == "X"
    assert shown["cells"][safe_covered] == "W"
    assert {i for i, c in enumerate(shown["cells"]) if c == "*"} == set(mines) - {hit}
    refused = client.post(game + "/undo")  # the loss stands once the layout is seen
    assert refused.status_code == 409 and "shown" in refused.json()["detail"]
    assert client.get(game).json()["cells"] == shown["cells"]
    # The game is over: no more moves.
    move(client, state["id"], "reveal", 8, 8, status=409)


def test_a_loss_taken_back_before_the_layout_is_shown_plays_on(client):
    seed, first = 4, (0, 0)
    mines = layout_of("beginner", seed, first)
    state = new(client, level="beginner", seed=seed)
    game = f"/api/games/{state['id']}"
    move(client, state["id"], "reveal", *first)
    move(client, state["id"], "reveal", *divmod(mines[0], 9))
    back = client.post(game + "/undo").json()
    assert back["status"] == "playing" and back["deaths"] == 1 and back["shown"] is False
    assert set(back["cells"]) <= set(".F012345678")


def test_every_reply_of_a_live_game_agrees_with_the_players_view(client):
    seed, first = 21, (8, 15)
    state = new(client, level="expert", seed=seed)
    twin = Game(level("expert"), seed)  # the same game, played beside the server's
    cells = list(state["cells"])
    reply = move(client, state["id"], "reveal", *first)
    twin.reveal(*first)
    for index in range(0, 480, 7):
        if twin.over:
            break
        for i, code in reply["changes"]:
            cells[i] = code
        assert_no_secret(reply)
        view = twin.view()
        for i, code in enumerate(cells):
            expected = {MINE: "F", -1: "."}.get(view.cells[i], str(view.cells[i]))
            assert code == expected, (i, code, expected)
        kind = "flag" if index % 3 == 0 else "chord" if index % 3 == 1 else "reveal"
        reply = move(client, state["id"], kind, *divmod(index, 30))
        twin.play(twin_action(kind, index))


def twin_action(kind, index):
    from sweepkit.moves import Action

    return {"flag": Action.flag, "chord": Action.chord, "reveal": Action.reveal}[kind](index)


def test_restart_plays_the_same_board_again_as_an_assisted_game(client, db):
    game_id, _, mines = win(client, seed=5)
    again = client.post(f"/api/games/{game_id}/restart")
    assert again.status_code == 201
    state = again.json()
    assert state["id"] != game_id and set(state["cells"]) == {"."}
    assert state["assists"] == {"restart": 1, "seeded": 1}
    # The same board: a mine of the first game is a mine here, whatever the first click.
    hit = sorted(mines)[0]
    lost = move(client, state["id"], "reveal", *divmod(hit, 9))
    assert lost["state"]["status"] == "lost"
    assert [i for i, c in lost["changes"] if c in "*X"] == [hit]
    shown = client.post(f"/api/games/{state['id']}/show").json()
    assert {i for i, c in enumerate(shown["cells"]) if c in "*X"} == mines
    with GameBook(db) as book:
        row = book.game(lost["state"]["record_id"])
    assert row.assisted and row.assists == {"restart": 1, "seeded": 1}
    assert client.get(f"/api/games/{game_id}").status_code == 404


def test_a_no_guess_game_is_labelled_so_and_a_dense_one_is_refused(client):
    state = new(client, rows=9, cols=9, mines=10, rule="opening", no_guess=True, seed=3)
    reply = move(client, state["id"], "reveal", 4, 4)
    assert reply["state"]["no_guess"] is True and reply["state"]["status"] in ("playing",
                                                                                "won")
    refused = client.post("/api/games", json={"rows": 9, "cols": 9, "mines": 30,
                                               "no_guess": True})
    assert refused.status_code == 422
    assert "no-guess boards are made with at most 25% mines" in refused.json()["detail"]


@pytest.mark.parametrize(("spec", "words"), [
    ({"rows": MAX_ROWS + 1, "cols": 10, "mines": 10}, "less than or equal to 200"),
    ({"rows": 10, "cols": 10, "mines": 100}, "do not fit"),
    ({"rows": 3, "cols": 3, "mines": 1, "rule": "opening"}, "rule 'opening'"),
    ({"level": "expert", "rows": 10}, "not both"),
    ({"rows": 10, "cols": 10}, "rows, cols and mines"),
    ({"level": "huge"}, "beginner"),
    ({"level": "beginner", "rule": "lucky"}, "safe"),
    ({"level": "beginner", "seed": "abc"}, "whole number"),
    ({"level": "beginner", "seed": -1}, "whole number"),
    ({"level": "beginner", "seed": 2**64}, "whole number"),
    ({"level": "beginner", "seed": "\u00b2"}, "whole number from 0 to 2^64 - 1, not"),
    ({"level": "beginner", "seed": "\u0663"}, "whole number from 0 to 2^64 - 1, not"),
    ({"level": "beginner", "seed": "9" * 5000}, "not '99999"),
    ({"level": "beginner", "player": "   "}, "cannot be empty"),
    ({"level": "beginner", "player": "x" * 41}, "at most 40"),
])
def test_a_bad_new_game_gets_a_422_that_says_why(client, spec, words):
    reply = client.post("/api/games", json=spec)
    assert reply.status_code == 422
    assert words in json.dumps(reply.json())


def test_bad_moves_get_a_4xx_that_says_why(client):
    state = new(client, level="beginner", seed=1)
    assert "off the 9x9 board" in move(client, state["id"], "reveal", 9, 0, status=422)["detail"]
    assert "off the 9x9 board" in move(client, state["id"], "flag", 0, -1, status=422)["detail"]
    bad = client.post(f"/api/games/{state['id']}/moves", json={"kind": "dig", "row": 0,
                                                                "col": 0})
    assert bad.status_code == 422 and "reveal" in bad.text
    garbled = client.post(f"/api/games/{state['id']}/moves", content=b"{not json",
                          headers={"content-type": "application/json"})
    assert garbled.status_code == 422
    unknown = client.post("/api/games/nope/moves", json={"kind": "reveal", "row": 0, "col": 0})
    assert unknown.status_code == 404 and "no game 'nope'" in unknown.json()["detail"]
    assert client.get("/api/games/nope").status_code == 404
    assert client.post("/api/games/nope/restart").status_code == 404


def test_the_config_states_the_largest_board_and_the_levels(client):
    config = client.get("/api/config").json()
    assert config["max_rows"] == config["max_cols"] == MAX_ROWS
    assert config["levels"]["expert"] == {"rows": 16, "cols": 30, "mines": 99}


def test_a_200_by_200_first_click_opens_its_cascade_in_one_reply(client):
    state = new(client, rows=200, cols=200, mines=2000, rule="opening", seed=9)
    reply = move(client, state["id"], "reveal", 100, 100)
    opened = {i for i, c in reply["changes"] if c in "012345678"}
    assert len(opened) > 1000
    cells = client.get(f"/api/games/{state['id']}").json()["cells"]
    assert {i for i, c in enumerate(cells) if c != "."} == opened


def test_undo_takes_back_the_last_move_on_the_same_board_as_an_assist(client, db):
    seed, first = 8, (4, 4)
    mines = set(layout_of("beginner", seed, first))
    state = new(client, level="beginner", seed=seed)
    assert client.post(f"/api/games/{state['id']}/undo").status_code == 409  # no move yet
    opened = move(client, state["id"], "reveal", *first)
    before = client.get(f"/api/games/{state['id']}").json()
    flag = move(client, state["id"], "flag", *divmod(min(mines), 9))
    assert flag["state"]["mines_left"] == 9
    undone = client.post(f"/api/games/{state['id']}/undo").json()
    assert undone["cells"] == before["cells"] and undone["mines_left"] == 10
    assert undone["assists"] == {"undo": 1, "seeded": 1}
    assert undone["clicks"]["right"] == 0
    assert undone["elapsed"] >= before["elapsed"]  # an undo gives no time back
    # Undo the first click too: the board stays the one drawn at it.
    client.post(f"/api/games/{state['id']}/undo")
    assert set(client.get(f"/api/games/{state['id']}").json()["cells"]) == {"."}
    assert opened["state"]["status"] == "playing"
    lost = move(client, state["id"], "reveal", *divmod(max(mines), 9))
    assert lost["state"]["status"] == "lost"
    with GameBook(db) as book:
        row = book.game(lost["state"]["record_id"])
    assert row.assists == {"undo": 2, "seeded": 1} and row.assisted and row.deaths == 0


def test_pause_stops_the_timer_and_the_moves(client):
    state = new(client, level="beginner", seed=3)
    move(client, state["id"], "reveal", 4, 4)
    paused = client.post(f"/api/games/{state['id']}/pause").json()
    assert paused["paused"] is True and paused["assists"] == {"seeded": 1, "pause": 1}
    time.sleep(0.3)
    assert client.get(f"/api/games/{state['id']}").json()["elapsed"] == paused["elapsed"]
    assert move(client, state["id"], "flag", 0, 0, status=409)["detail"].startswith(
        "the game is paused")
    resumed = client.post(f"/api/games/{state['id']}/resume").json()
    assert resumed["paused"] is False and resumed["elapsed"] < paused["elapsed"] + 0.2
    move(client, state["id"], "flag", 0, 0)


def test_undo_and_restart_before_any_reveal(client):
    state = new(client, level="beginner")
    move(client, state["id"], "flag", 0, 0)
    undone = client.post(f"/api/games/{state['id']}/undo")
    assert undone.status_code == 200 and undone.json()["mines_left"] == 10
    move(client, state["id"], "flag", 0, 0)
    again = client.post(f"/api/games/{state['id']}/restart").json()
    assert again["id"] == state["id"] and again["mines_left"] == 10  # nothing drawn yet
    assert set(again["cells"]) == {"."}


def test_a_malformed_request_gets_one_line_naming_the_field(client):
    reply = client.post("/api/games", json={"rows": 300, "cols": 10, "mines": 5})
    assert reply.status_code == 422
    assert reply.json()["detail"].startswith("rows: Input should be less than or equal to 200")


def test_a_loss_taken_back_counts_a_death_and_the_game_sets_no_record(client, db):
    """An unseeded game (one that could set a best time), lost, taken back, lost and taken
    back again, then won: one stored game, won, with two deaths, assisted, kept out of the
    best times; its stored loss was replaced, not added to."""
    state = new(client, level="beginner", rule="opening", player="Ada")
    gid = state["id"]
    assert state["moves"] == 0 and state["deaths"] == 0
    assert client.post(f"/api/games/{gid}/undo").status_code == 409  # before the first move
    move(client, gid, "reveal", 4, 4)
    cells = client.get(f"/api/games/{gid}").json()["cells"]
    covered = [i for i, c in enumerate(cells) if c == "."]
    mines: set[int] = set()
    for i in covered:  # reveal covered cells until one is a mine
        reply = move(client, gid, "reveal", *divmod(i, 9))
        assert reply["state"]["status"] != "won"  # mines come before the last safe cell
        if reply["state"]["status"] == "lost":
            with GameBook(db) as book:
                record = book.game(reply["state"]["record_id"]).game_record()
            mines = set(replay(record).reveal_layout().known_mines())
            break
    assert mines, "the game was won without a loss: pick another first click"
    lost = client.get(f"/api/games/{gid}").json()
    loss_id = lost["record_id"]
    assert loss_id is not None and lost["seed"] is not None  # over: the seed is shown
    with GameBook(db) as book:
        assert book.game(loss_id).won is False and book.count() == 1
    back = client.post(f"/api/games/{gid}/undo")
    assert back.status_code == 200, back.text
    state = back.json()
    assert state["status"] == "playing" and state["deaths"] == 1
    assert state["assists"] == {"undo": 1} and state["record_id"] is None
    assert not set("*XW") & set(state["cells"]) and state["figures"] is None  # secret again
    assert state["seed"] is None  # the game is on again: the seed would tell the board
    # Lose again and take it back again: a second death.
    mine = min(mines)
    assert move(client, gid, "reveal", *divmod(mine, 9))["state"]["status"] == "lost"
    assert client.post(f"/api/games/{gid}/undo").json()["deaths"] == 2
    reply = None
    for i in range(81):
        if i not in mines and (reply is None or reply["state"]["status"] == "playing"):
            reply = move(client, gid, "reveal", *divmod(i, 9))
    assert reply is not None and reply["state"]["status"] == "won"
    assert reply["state"]["deaths"] == 2
    assert client.post(f"/api/games/{gid}/undo").status_code == 409  # a win stands
    with GameBook(db) as book:
        assert book.count() == 1  # the loss was replaced by the game, not added to
        row = book.game(reply["state"]["record_id"])
    assert row.id == loss_id and row.won and row.deaths == 2 and row.assisted
    assert row.assists == {"undo": 2}
    summary = client.get("/api/stats/summary", params={"player": "Ada"}).json()
    assert summary["bests"]["beginner"] == []  # no best time from it
    (group,) = summary["groups"]
    assert group["all"]["won"] == 1 and group["all"]["best_time"] is None
    listed = client.get("/api/stats/games", params={"player": "Ada"}).json()["games"]
    assert [(g["deaths"], g["assisted"]) for g in listed] == [(2, True)]


def test_a_finished_games_time_is_one_hundredth_everywhere(client, db):
    # the clock stops on the reply's elapsed, the figures panel shows the figures' time,
    # the statistics the stored seconds: one number, rounded once, to the hundredth
    game_id, reply, _ = win(client, seed=12)
    state = reply["state"]
    time_ = state["figures"]["time"]
    assert time_ == round(time_, 2) and state["elapsed"] == time_
    assert client.get(f"/api/games/{game_id}").json()["elapsed"] == time_
    with GameBook(db) as book:
        assert book.game(state["record_id"]).seconds == time_
    (listed,) = [g for g in client.get("/api/stats/games", params={"player": "player"}
                                       ).json()["games"] if g["id"] == state["record_id"]]
    assert listed["time"] == time_


def test_the_game_time_is_rounded_not_cut():
    now = [10.0]
    game = Game.from_layout(Position.from_rows(["*1", "11"]), clock=lambda: now[0])
    game.reveal(1, 1)  # the clock starts at the first reveal...
    now[0] += 4.7459  # ...and the game is won 4.7459 s later
    game.reveal(0, 1)
    game.reveal(1, 0)
    assert game.status is Status.WON and game.elapsed > 4.745
    assert game_figures(game).time == 4.75  # rounded, not cut to 4.74


def test_auto_flag_flags_what_the_numbers_make_certain_without_a_click(client, db):
    seed, first = 7, (4, 4)
    mines = set(layout_of("beginner", seed, first))
    state = new(client, level="beginner", seed=seed)
    plain = move(client, state["id"], "reveal", *first)
    reply = client.post(f"/api/games/{state['id']}/undo").json()
    assert reply["assists"] == {"seeded": 1, "undo": 1}
    auto = client.post(f"/api/games/{state['id']}/moves", json={
        "kind": "reveal", "row": first[0], "col": first[1], "auto_flag": True}).json()
    flagged = [i for i, code in auto["changes"] if code == "F"]
    assert flagged and set(flagged) <= mines  # the cascade leaves certain mines
    assert auto["changes"][:len(plain["changes"])] == plain["changes"]
    s = auto["state"]
    assert s["clicks"]["right"] == 0 and s["clicks"]["left"] == 1  # no click counted
    assert s["assists"]["auto_flag"] == len(flagged)
    assert s["mines_left"] == 10 - len(flagged)
    # a flag move opens nothing: auto-flag does nothing after it
    other = next(i for i in sorted(mines) if i not in flagged)
    again = client.post(f"/api/games/{state['id']}/moves", json={
        "kind": "flag", "row": other // 9, "col": other % 9, "auto_flag": True}).json()
    assert again["changes"] == [[other, "F"]]
    client.post(f"/api/games/{state['id']}/undo")
    # an undo takes back the move with the flags auto-flag placed after it
    undone = client.post(f"/api/games/{state['id']}/undo").json()
    assert set(undone["cells"]) == {"."} and undone["mines_left"] == 10
    # a game won with auto-flags is a flag game (not NF), assisted, its clicks its own
    reply = client.post(f"/api/games/{state['id']}/moves", json={
        "kind": "reveal", "row": first[0], "col": first[1], "auto_flag": True}).json()
    cells = list(client.get(f"/api/games/{state['id']}").json()["cells"])
    for i in range(81):
        if i not in mines and cells[i] == ".":
            reply = client.post(f"/api/games/{state['id']}/moves", json={
                "kind": "reveal", "row": i // 9, "col": i % 9, "auto_flag": True}).json()
            for j, code in reply["changes"]:
                cells[j] = code
    end = reply["state"]
    assert end["status"] == "won"
    assert end["figures"]["flagged"] is True and end["clicks"]["right"] == 0
    with GameBook(db) as book:
        row = book.game(end["record_id"])
    assert row.flagged and row.assisted and row.assists["auto_flag"] >= len(flagged)
    assert row.clicks.right == 0
    assert replay(row.game_record()).clicks.right == 0  # the record replays the same
