"""Statistics through the API on a real database: games played through the API show up
filtered and sorted; best times leave assisted games out; NF wins are told apart; export,
reset and import give back the same tables; a bad import changes nothing and says why;
a stored game replays, also as text."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient

from sweepkit.game import Game
from sweepkit.rules import level
from sweepkit.web.app import create_app
from sweepkit.web.deps import OWNER_COOKIE
from tests.postgres import BACKENDS
from tests.web.players import win_unseeded


def play(client, seed, player, *, lose=False, flag=False, hint=False, name="beginner"):
    """A seeded game through the API, to a win (or a loss), with a flag or a hint when
    asked; its final state."""
    first = (4, 4)
    twin = Game(level(name, "opening"), seed)
    twin.reveal(*first)
    mines = sorted(twin.reveal_layout(cheat=True).known_mines())
    cols = twin.rules.cols
    game = client.post("/api/games", json={"level": name, "seed": seed, "rule": "opening",
                                           "player": player}).json()
    url = f"/api/games/{game['id']}/moves"

    def send(kind, cell):
        return client.post(url, json={"kind": kind, "row": cell // cols,
                                      "col": cell % cols}).json()

    reply = send("reveal", first[0] * cols + first[1])
    if flag:
        send("flag", mines[0])
    if hint and reply["state"]["status"] == "playing":
        assert client.post(f"/api/games/{game['id']}/hint").status_code == 200
    if lose:
        return send("reveal", mines[-1])["state"]
    opened = {i for i, _ in reply["changes"]}
    for cell in range(twin.rules.size):
        if reply["state"]["status"] != "playing":
            break
        if cell not in mines and cell not in opened:
            reply = send("reveal", cell)
            opened.update(i for i, _ in reply["changes"])
    return reply["state"]


def play_history(target) -> tuple[dict, str]:
    """Ada's games: unseeded wins (one NF, one with flags), a seeded win helped by a
    hint, a seeded loss; Bo's unseeded win; played through the API into the database at
    ``target``. What each game's last reply said, and the key of the browser."""
    with TestClient(create_app(target)) as client:
        def send(method, path, body):
            return client.request(method, "/api" + path, json=body).json()

        games = {
            "nf": win_unseeded(send, "Ada"),
            "flag": win_unseeded(send, "Ada", flags=True),
            "hinted": play(client, 3, "Ada", hint=True),
            "lost": play(client, 4, "Ada", lose=True),
            "bo": win_unseeded(send, "Bo"),
        }
        key = client.cookies[OWNER_COOKIE]
    return games, key


@pytest.fixture(scope="module")
def played_sqlite(tmp_path_factory):
    """The history in an SQLite file, played once for the module."""
    path = tmp_path_factory.mktemp("stats-history") / "web.db"
    return (path, *play_history(path))


@pytest.fixture(scope="module")
def played_postgresql(postgres):
    """The history in a PostgreSQL database, played once for the module."""
    url = postgres.database()
    return (url, *play_history(url))


@pytest.fixture(params=BACKENDS)
def backend(request) -> str:
    return request.param


@pytest.fixture
def played(request, backend):
    """``(database, games, key)`` of the history on the test's kind of database."""
    return request.getfixturevalue(f"played_{backend}")


@pytest.fixture
def db(request, tmp_path, backend):
    """The test's database: for a test of the history a copy of :func:`played`'s, else a
    new one; an SQLite file, or a PostgreSQL database."""
    wants_history = "history" in request.fixturenames
    if backend == "postgresql":
        server = request.getfixturevalue("postgres")
        if wants_history:
            return server.copy(request.getfixturevalue("played")[0])
        return server.database()
    path = tmp_path / "web.db"
    if wants_history:
        source = request.getfixturevalue("played")[0]
        for suffix in ("", "-wal", "-shm"):
            if Path(f"{source}{suffix}").exists():
                shutil.copyfile(f"{source}{suffix}", f"{path}{suffix}")
    return path


@pytest.fixture
def history(played, client):
    """What :func:`played` returned of each game, on the test's copy of its database; the
    test's client is the browser that played them (its players' owner)."""
    client.cookies.set(OWNER_COOKIE, played[2])
    return played[1]


def test_the_table_filters_sorts_and_pages(client, history):
    everything = client.get("/api/stats/games").json()
    assert everything["total"] == 5
    ada = client.get("/api/stats/games", params={"player": "Ada", "won": True}).json()
    assert ada["total"] == 3 and all(g["won"] and g["player"] == "Ada" for g in ada["games"])
    by_time = client.get("/api/stats/games", params={"order": "seconds",
                                                      "descending": False}).json()["games"]
    assert [g["time"] for g in by_time] == sorted(g["time"] for g in by_time)
    page = client.get("/api/stats/games", params={"limit": 2, "offset": 1}).json()
    assert page["total"] == 5 and len(page["games"]) == 2
    bvs = sorted(g["three_bv"] for g in everything["games"])
    ranged = client.get("/api/stats/games", params={"min_3bv": bvs[1], "max_3bv": bvs[3]})
    assert all(bvs[1] <= g["three_bv"] <= bvs[3] for g in ranged.json()["games"])
    assert client.get("/api/stats/games", params={"since": "2999-01-01"}).json()["total"] == 0
    names = {p["name"] for p in client.get("/api/players").json()["players"]}
    assert names == {"Ada", "Bo"}


def test_assisted_games_are_kept_out_of_the_bests_and_nf_is_told_apart(client, history):
    hinted = client.get(f"/api/stats/games/{history['hinted']['record_id']}").json()["game"]
    assert hinted["assisted"] and hinted["assists"] == {"hint": 1, "seeded": 1}
    stats = client.get("/api/stats/summary", params={"player": "Ada"}).json()
    bests = stats["bests"]["beginner"]
    assert {g["id"] for g in bests} == {history["nf"]["record_id"],
                                        history["flag"]["record_id"]}
    (group,) = stats["groups"]
    assert group["board"] == "beginner" and group["rule"] == "opening"
    assert group["all"]["played"] == 4 and group["all"]["won"] == 3
    assert group["all"]["assisted"] == 2  # the hinted win and the seeded loss
    assert group["flag"]["played"] == 1 and group["flag"]["won"] == 1
    assert group["nf"]["played"] == 3
    assert group["all"]["current_streak"] == 0 and group["all"]["best_streak"] == 3
    unassisted = [history["nf"]["figures"]["time"], history["flag"]["figures"]["time"]]
    assert group["all"]["best_time"] == min(unassisted)
    assert group["all"]["average_time"] == pytest.approx(sum(unassisted) / 2)
    nf = client.get(f"/api/stats/games/{history['nf']['record_id']}").json()["game"]
    assert nf["flagged"] is False
    flagged = client.get(f"/api/stats/games/{history['flag']['record_id']}").json()["game"]
    assert flagged["flagged"] is True


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_export_reset_and_import_give_back_the_same_tables(client, history, fmt):
    before = client.get("/api/stats/summary", params={"player": "Ada"}).json()
    table = client.get("/api/stats/games", params={"player": "Ada"}).json()["games"]
    exported = client.get("/api/stats/export", params={"player": "Ada", "format": fmt})
    assert exported.status_code == 200 and "attachment" in exported.headers[
        "content-disposition"]
    refused = client.post("/api/stats/reset", json={"player": "Ada", "confirm": "ada?"})
    assert refused.status_code == 422
    assert client.post("/api/stats/reset", json={"player": "Ada", "confirm": "Ada"}
                       ).json() == {"deleted": 4}
    assert client.get("/api/stats/summary", params={"player": "Ada"}).json()["groups"] == []
    imported = client.post("/api/stats/import", params={"format": fmt},
                           content=exported.content)
    assert imported.json() == {"added": 4, "skipped": 0}
    again = client.post("/api/stats/import", params={"format": fmt}, content=exported.content)
    assert again.json() == {"added": 0, "skipped": 4}  # already there: not added twice
    after = client.get("/api/stats/summary", params={"player": "Ada"}).json()
    assert after["groups"] == before["groups"]
    strip = ("id", "finished")

    def same(rows):
        return sorted(tuple(sorted((k, json.dumps(v)) for k, v in r.items() if k not in strip))
                       for r in rows)

    assert same(client.get("/api/stats/games", params={"player": "Ada"}).json()["games"]) == \
        same(table)


@pytest.mark.parametrize(("body", "fmt", "words"), [
    (b"not json", "json", "not a JSON file"),
    (b'{"format": "other/1", "games": []}', "json", "not a sweepkit games file"),
    (b'{"format": "sweepkit-games/1", "games": [{"player": "x"}]}', "json",
     "game 1: its record"),
    (b"a,b\n1,2\n", "csv", "no column"),
    (b"\xff\xfe", "json", "not UTF-8"),
])
def test_a_bad_import_changes_nothing_and_says_why(client, history, body, fmt, words):
    before = client.get("/api/stats/games").json()
    reply = client.post("/api/stats/import", params={"format": fmt}, content=body)
    assert reply.status_code == 422 and words in reply.json()["detail"]
    assert "nothing was imported" in reply.json()["detail"]
    assert client.get("/api/stats/games").json() == before


def test_a_doctored_file_is_refused_whole_and_its_figures_are_not_trusted(client, history):
    doc = client.get("/api/stats/export", params={"player": "Ada"}).json()
    client.post("/api/stats/reset", json={"player": "Ada", "confirm": "Ada"})
    doc["games"][0]["time"] = 0.001  # a better time by hand: the replay decides
    good = client.post("/api/stats/import", content=json.dumps(doc)).json()
    assert good["added"] == 4
    times = {g["time"] for g in client.get("/api/stats/games", params={"player": "Ada"}
                                           ).json()["games"]}
    assert 0.001 not in times
    client.post("/api/stats/reset", json={"player": "Ada", "confirm": "Ada"})
    doc["games"][2]["record"]["moves"] = doc["games"][2]["record"]["moves"][:1]
    bad = client.post("/api/stats/import", content=json.dumps(doc))
    assert bad.status_code == 422 and "game 3" in bad.json()["detail"]
    assert client.get("/api/stats/games", params={"player": "Ada"}).json()["total"] == 0


def test_a_stored_game_replays_and_exports_as_text(client, history):
    game_id = history["flag"]["record_id"]
    doc = client.get(f"/api/stats/games/{game_id}").json()
    assert doc["record"]["moves"][0]["cell"] == [4, 4]
    text = client.get(f"/api/stats/games/{game_id}/replay.txt").text
    lines = text.splitlines()
    assert lines[0] == "# sweepkit replay" and "player: Ada" in lines
    assert sum(1 for line in lines if line.strip().split(" ")[-2:] and
               line[:9].strip().replace(".", "").isdigit()) == len(doc["record"]["moves"])
    assert client.get("/api/stats/games/99999").status_code == 404
    assert client.get("/api/stats/games", params={"level": "huge"}).status_code == 422
    assert client.get("/api/stats/games", params={"since": "yesterday"}).status_code == 422


def test_the_daily_figures_add_up(client, history):
    days = client.get("/api/stats/daily", params={"player": "Ada"}).json()["days"]
    assert sum(d["played"] for d in days) == 4 and sum(d["won"] for d in days) == 3
    if len(days) == 1:  # all played today (unless the test ran across midnight UTC)
        (today,) = days
        unassisted = [history["nf"]["figures"]["time"], history["flag"]["figures"]["time"]]
        assert today["average_time"] == pytest.approx(sum(unassisted) / 2)
        assert today["win_rate"] == 0.75


def test_the_benchmark_runs_of_the_same_database_are_listed(tmp_path):
    from sweepkit.bench.store import Store

    db = tmp_path / "shared.db"
    with Store(db) as store:
        store.begin_run({"strategy": "exact", "options": {}, "level": "beginner", "rows": 9,
                         "cols": 9, "mines": 10, "rule": "safe", "first": "corner",
                         "seed": 1, "games": 2})
    with TestClient(create_app(db)) as c:
        (run,) = c.get("/api/runs").json()["runs"]
    assert run["strategy"] == "exact" and run["games"] == 2 and run["status"] == "running"


@pytest.mark.parametrize("player", ["a\x0bb", "a\x00b", "a\r\nb", 'Zoë "Z"'])
def test_the_export_file_name_is_a_header_any_server_sends(client, player):
    # A control character in the name ended the header: uvicorn sent no reply at all.
    reply = client.get("/api/stats/export", params={"player": player})
    assert reply.status_code == 200
    value = reply.headers["content-disposition"]
    assert all(" " <= ch <= "~" for ch in value), value
    assert value.endswith("''" + quote(f"sweepkit-games-{player}.json".replace(" ", "_")))
