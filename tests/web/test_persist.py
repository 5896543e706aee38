"""Nothing lost: every game being played is read back from the database as it was (its
board, moves, flags, undo history, assists, deaths, owner and clock) by another app on the
same file, as after a restart; a full cache drops no game; two apps on one database (two
server processes) never interleave two moves of one game; a failed write answers 503 with
Retry-After and keeps nothing of the request."""

from __future__ import annotations

import secrets
import sqlite3
import tempfile
import threading
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.game import Game
from sweepkit.moves import MoveKind
from sweepkit.rules import level
from sweepkit.store.journal import JournalEntry
from sweepkit.web.app import create_app
from sweepkit.web.deps import OWNER_COOKIE
from sweepkit.web.persist import restore
from tests.examples import examples

VOLATILE = ("elapsed", "yours")
"""What may differ between two reads of one game: its running clock, who asks."""


TIMED = ("time", "three_bv_per_s", "rqp")
"""The figures that depend on the clock."""


def steady(state: dict) -> dict:
    """A game's state without what depends on when it is read."""
    kept = {k: v for k, v in state.items() if k not in VOLATILE}
    if kept.get("figures"):
        kept["figures"] = {k: v for k, v in kept["figures"].items() if k not in TIMED}
    return kept


def mines_of(name: str, seed: int, first: tuple[int, int], rule: str = "safe") -> list[int]:
    twin = Game(level(name, rule), seed)
    twin.reveal(*first)
    return sorted(twin.reveal_layout(cheat=True).known_mines())


class Browser:
    """A client of an app, its key kept, that can move to another app (a restart)."""

    def __init__(self, app, key: str | None = None) -> None:
        self.client = TestClient(app)
        self.client.__enter__()
        self.client.cookies.set(OWNER_COOKIE, key or secrets.token_urlsafe(24))

    @property
    def key(self) -> str:
        return self.client.cookies[OWNER_COOKIE]

    def call(self, method: str, path: str, body=None):
        return self.client.request(method, "/api" + path, json=body)

    def close(self) -> None:
        self.client.__exit__(None, None, None)


ACTIONS = st.one_of(
    st.tuples(st.sampled_from(["reveal", "flag", "chord", "reveal+auto", "chord+auto"]),
              st.integers(0, 8), st.integers(0, 8)),
    st.tuples(st.sampled_from(["undo", "pause", "resume", "hint", "overlay", "show"]),
              st.just(0), st.just(0)),
)


def act(browser: Browser, game_id: str, action: tuple[str, int, int]):
    kind, row, col = action
    if kind.startswith(("reveal", "flag", "chord")):  # "+auto": with auto-flag
        return browser.call("POST", f"/games/{game_id}/moves",
                            {"kind": kind.split("+")[0], "row": row, "col": col,
                             "auto_flag": kind.endswith("+auto")})
    return browser.call("POST", f"/games/{game_id}/{kind}")


@given(seed=st.integers(0, 2**32), rule=st.sampled_from(["none", "safe", "opening"]),
       no_guess=st.booleans(), actions=st.lists(ACTIONS, max_size=30))
@settings(max_examples=examples(60))
def test_a_game_read_back_after_a_restart_is_the_game_as_played(seed, rule, no_guess,
                                                                  actions):
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "w.db"
        first = create_app(db)
        a = Browser(first)
        spec = {"level": "beginner", "rule": rule, "seed": seed}
        if no_guess:
            spec = {"level": "beginner", "rule": rule, "no_guess": True}
        game_id = a.call("POST", "/games", spec).json()["id"]
        for action in actions:
            assert act(a, game_id, action).status_code < 500
        before = a.call("GET", f"/games/{game_id}").json()
        original = first.state.live.get(game_id)
        a.close()
        second = create_app(db)  # the restart: a new process on the same file
        b = Browser(second, a.key)
        after = b.call("GET", f"/games/{game_id}").json()
        assert steady(after) == steady(before)
        assert after["yours"] is True
        assert after["elapsed"] == pytest.approx(before["elapsed"], abs=1.0)
        # The next move does the same to the game read back as to the one played.
        back = second.state.live.get(game_id)
        for live in (original, back):
            live.clock.resume()
        if not back.game.over:
            cell = next(i for i, c in enumerate(after["cells"]) if c == ".")
            done = [live.move(MoveKind.REVEAL, cell)[1] for live in (original, back)]
            assert done[0] == done[1]
            assert steady(original.state_json()) == steady(back.state_json())
            assert original.game.elapsed == pytest.approx(back.game.elapsed, abs=1.0)
        b.close()


@pytest.fixture
def db(database):
    """The test's database: an SQLite file, or a PostgreSQL database."""
    return database


def test_a_full_cache_drops_no_unfinished_game(db):
    app = create_app(db, max_live=2)
    browser = Browser(app)
    first = browser.call("POST", "/games", {"level": "beginner", "seed": 7}).json()
    moved = browser.call("POST", f"/games/{first['id']}/moves",
                         {"kind": "reveal", "row": 4, "col": 4}).json()
    flagged = browser.call("POST", f"/games/{first['id']}/moves",
                           {"kind": "flag", "row": 0, "col": 0}).json()
    others = [browser.call("POST", "/games", {"level": "expert"}).json()["id"]
              for _ in range(20)]
    assert len(app.state.live) <= 2 and first["id"] not in others
    again = browser.call("GET", f"/games/{first['id']}").json()
    assert again["moves"] == 2 and again["cells"][0] == "F"
    assert again["clicks"] == flagged["state"]["clicks"] != moved["state"]["clicks"]
    assert browser.call("POST", f"/games/{first['id']}/moves",
                        {"kind": "flag", "row": 0, "col": 0}).status_code == 200
    stranger = Browser(app)
    assert stranger.call("POST", f"/games/{first['id']}/moves",
                         {"kind": "flag", "row": 0, "col": 0}).status_code == 403
    for client in (browser, stranger):
        client.close()


def test_a_paused_game_a_held_clock_a_death_and_a_drawn_no_guess_board_come_back(db):
    app = create_app(db)
    a = Browser(app)
    # A loss taken back (a death), then paused.
    game = a.call("POST", "/games", {"level": "beginner", "seed": 11, "rule": "safe"}).json()
    path = f"/games/{game['id']}"
    a.call("POST", path + "/moves", {"kind": "reveal", "row": 4, "col": 4})
    mine = mines_of("beginner", 11, (4, 4))[0]
    lost = a.call("POST", path + "/moves", {"kind": "reveal", "row": mine // 9,
                                            "col": mine % 9}).json()
    assert lost["state"]["status"] == "lost" and lost["state"]["record_id"] is not None
    assert a.call("POST", path + "/undo").json()["deaths"] == 1
    paused = a.call("POST", path + "/pause").json()
    # A game made from a position: its clock waits for the player's first move.
    held = a.call("POST", "/analyse/play", {"board": "??1\n??1\n111\n", "mines": 1,
                                            "seed": 3}).json()
    # A no-guess board, drawn at its first click (it cannot be drawn again).
    ng = a.call("POST", "/games", {"level": "beginner", "no_guess": True}).json()
    ng_state = a.call("POST", f"/games/{ng['id']}/moves",
                      {"kind": "reveal", "row": 4, "col": 4}).json()["state"]
    ng_cells = a.call("GET", f"/games/{ng['id']}").json()["cells"]
    a.close()
    time.sleep(0.3)
    b = Browser(create_app(db), a.key)
    back = b.call("GET", path).json()
    assert back["paused"] and back["deaths"] == 1 and back["status"] == "playing"
    assert back["elapsed"] == paused["elapsed"]  # a paused clock does not run
    assert back["assists"] == {"seeded": 1, "undo": 1, "pause": 1}
    assert b.call("POST", path + "/resume").status_code == 200
    again = b.call("POST", path + "/moves", {"kind": "reveal", "row": mine // 9,
                                             "col": mine % 9}).json()["state"]
    assert again["record_id"] == lost["state"]["record_id"]  # the loss replaced, not added
    stored = b.call("GET", "/stats/games").json()
    assert stored["total"] == 1 and stored["games"][0]["deaths"] == 1
    held_back = b.call("GET", f"/games/{held['id']}").json()
    assert held_back["held"] and held_back["elapsed"] == held["elapsed"]
    ng_back = b.call("GET", f"/games/{ng['id']}").json()
    assert ng_back["cells"] == ng_cells and ng_back["no_guess"] and ng_state["no_guess"]
    b.close()


def test_the_clock_runs_on_from_the_last_event_less_the_outages():
    game = Game(level("beginner"), 5)
    from sweepkit.serialize import record_json
    start = {"record": record_json(game.record(cheat=True)), "seed": 5, "assists": {},
             "held": False, "paused": False, "t": 0.0, "w": 1000.0}
    events = ({"e": "move", "k": "reveal", "c": 40, "t": 0.0, "w": 1000.0},
              {"e": "move", "k": "flag", "c": 0, "t": 12.5, "w": 1012.5})
    entry = JournalEntry("g", "owner", "Ada", "beginner", "playing", 2, start, "t0", None,
                         None, events)
    live = restore(entry, now=1100.0, down=60.0)
    assert live.game.elapsed == pytest.approx(12.5 + 87.5 - 60.0, abs=0.05)
    assert live.seq == 2 and live.game.log[-1].time == 12.5 and not live.pending


def test_two_servers_on_one_database_take_turns_and_a_stale_move_gets_409(db):
    one, two = create_app(db), create_app(db)  # two worker processes' apps
    a = Browser(one)
    b = Browser(two, a.key)
    game = a.call("POST", "/games", {"level": "expert", "seed": 3, "rule": "opening"}).json()
    path = f"/games/{game['id']}/moves"
    first = a.call("POST", path, {"kind": "reveal", "row": 8, "col": 15}).json()["state"]
    flagged = b.call("POST", path, {"kind": "flag", "row": 0, "col": 0}).json()["state"]
    assert flagged["seq"] == first["seq"] + 1
    unflag = a.call("POST", path, {"kind": "flag", "row": 0, "col": 0}).json()["state"]
    assert unflag["seq"] == flagged["seq"] + 1 and unflag["mines_left"] == 99
    stale = b.call("POST", path, {"kind": "flag", "row": 0, "col": 1, "seq": first["seq"]})
    assert stale.status_code == 409 and stale.json()["state"]["seq"] == unflag["seq"]
    assert b.call("GET", f"/games/{game['id']}").json()["cells"][1] == "."
    a.close()
    b.close()


def test_racing_moves_on_two_servers_never_interleave(db):
    one, two = create_app(db), create_app(db)
    a = Browser(one)
    b = Browser(two, a.key)
    game = a.call("POST", "/games", {"level": "expert", "seed": 4, "rule": "opening"}).json()
    a.call("POST", f"/games/{game['id']}/moves", {"kind": "reveal", "row": 8, "col": 15})
    cells = [c for c, v in enumerate(a.call("GET", f"/games/{game['id']}").json()["cells"])
             if v == "."][:40]
    done: list[tuple[int, int]] = []
    refused: list[str] = []
    lock = threading.Lock()

    def flagger(browser: Browser, mine: list[int]) -> None:
        for cell in mine:
            reply = browser.call("POST", f"/games/{game['id']}/moves",
                                 {"kind": "flag", "row": cell // 30, "col": cell % 30})
            if reply.status_code not in (200, 409):
                refused.append(reply.text)
            if reply.status_code == 200:
                with lock:
                    done.append((reply.json()["state"]["seq"], cell))

    threads = [threading.Thread(target=flagger, args=(x, cells[i::2]))
               for i, x in enumerate((a, b))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    final = a.call("GET", f"/games/{game['id']}").json()
    assert refused == []
    assert sorted(seq for seq, _ in done) == list(range(2, final["seq"] + 1))
    assert {c for c, v in enumerate(final["cells"]) if v == "F"} == {c for _, c in done}
    a.close()
    b.close()


def test_a_write_that_fails_answers_503_and_keeps_nothing(tmp_path):
    db = tmp_path / "w.db"
    app = create_app(db)
    a = Browser(app)
    game = a.call("POST", "/games", {"level": "beginner", "seed": 2, "rule": "safe"}).json()
    path = f"/games/{game['id']}"
    a.call("POST", path + "/moves", {"kind": "reveal", "row": 4, "col": 4})
    mine = mines_of("beginner", 2, (4, 4))[0]
    with sqlite3.connect(db) as raw:  # the disk refuses the next event
        raw.execute("CREATE TRIGGER full BEFORE INSERT ON live_events BEGIN "
                    "SELECT RAISE(ABORT, 'database or disk is full'); END")
    refused = a.call("POST", path + "/moves", {"kind": "reveal", "row": mine // 9,
                                               "col": mine % 9})
    assert refused.status_code == 503 and refused.headers["retry-after"]
    assert "nothing was changed" in refused.json()["detail"]
    assert a.call("GET", "/stats/games").json()["total"] == 0  # the loss is not half-kept
    with sqlite3.connect(db) as raw:
        raw.execute("DROP TRIGGER full")
    state = a.call("GET", path).json()
    assert state["status"] == "playing" and state["moves"] == 1
    lost = a.call("POST", path + "/moves", {"kind": "reveal", "row": mine // 9,
                                            "col": mine % 9}).json()["state"]
    assert lost["status"] == "lost" and a.call("GET", "/stats/games").json()["total"] == 1
    a.close()


def test_a_locked_database_answers_503_with_retry_after(tmp_path):
    db = tmp_path / "w.db"
    app = create_app(db, timeout=0.1)
    a = Browser(app)
    game = a.call("POST", "/games", {"level": "beginner", "seed": 2}).json()
    with sqlite3.connect(db, isolation_level=None) as raw:
        raw.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        busy = a.call("POST", f"/games/{game['id']}/moves",
                      {"kind": "reveal", "row": 4, "col": 4})
        raw.execute("ROLLBACK")
    assert busy.status_code == 503 and busy.headers["retry-after"]
    assert "locked" in busy.json()["detail"]
    assert a.call("GET", f"/games/{game['id']}").json()["moves"] == 0
    a.close()


def test_a_move_waiting_for_another_writer_leaves_the_event_loop_free(tmp_path):
    db = tmp_path / "w.db"
    a = Browser(create_app(db, timeout=60))  # one event loop serves all its requests
    first, other = (a.call("POST", "/games", {"level": "beginner", "seed": n}).json()["id"]
                    for n in (2, 3))
    replies = []
    with sqlite3.connect(db, isolation_level=None) as raw:
        raw.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        waiting = threading.Thread(target=lambda: replies.append(a.call(
            "POST", f"/games/{first}/moves", {"kind": "reveal", "row": 4, "col": 4})))
        waiting.start()
        time.sleep(0.3)
        asked = time.monotonic()
        assert a.call("GET", f"/games/{other}").status_code == 200  # answered meanwhile,
        assert time.monotonic() - asked < 20  # not after the move's 60 s busy timeout
        assert waiting.is_alive()  # the move waits on a worker thread
        raw.execute("ROLLBACK")
    waiting.join(10)
    assert replies[0].status_code == 200 and replies[0].json()["state"]["status"] == "playing"
    assert a.call("GET", f"/games/{first}").json()["moves"] == 1
    a.close()


@pytest.mark.slow
def test_twelve_hundred_games_at_once_are_all_still_playable(db):
    app = create_app(db)
    browsers = [Browser(app) for _ in range(4)]
    games = [(b, b.call("POST", "/games", {"level": "beginner", "seed": n}).json()["id"])
             for n in range(300) for b in browsers]
    for b, game_id in games:
        assert b.call("POST", f"/games/{game_id}/moves",
                      {"kind": "flag", "row": 0, "col": 0}).status_code == 200
    assert len(app.state.live) <= 500
    assert app.state.live.journal.playing() == 1200
    for b in browsers:
        b.close()
