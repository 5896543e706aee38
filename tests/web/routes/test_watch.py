"""Watch mode through the API: the streamed games are the benchmark's games move for move,
the counters add up to what was stored, and pause, step, resume and stop act between
moves; bad sessions get a 4xx that says why."""

from __future__ import annotations

import json
import queue
import threading
import time

import pytest

from sweepkit.bench.result import StrategySpec, game_seed, play_game
from sweepkit.game import Game
from sweepkit.moves import Action
from sweepkit.rules import level
from sweepkit.store.played import GameBook, GameFilter
from sweepkit.web.live import board_codes


def read_events(client, session_id, sink=None):
    """The session's events as (name, data) pairs, read to the end of the stream (or put
    into ``sink`` one by one)."""
    found = []
    with client.stream("GET", f"/api/watch/{session_id}/events") as reply:
        assert reply.status_code == 200
        name = None
        for line in reply.iter_lines():
            if line.startswith("event:"):
                name = line.partition(":")[2].strip()
            elif line.startswith("data:"):
                event = (name, json.loads(line.partition(":")[2]))
                found.append(event)
                if sink is not None:
                    sink.put(event)
    return found


def drain(sink, wait=0.0):
    """The events in ``sink`` now (after ``wait`` seconds), as names."""
    time.sleep(wait)
    names = []
    while not sink.empty():
        names.append(sink.get()[0])
    return names


def next_move(sink):
    """The next ``move`` event from ``sink`` (its ``next`` announcement is skipped)."""
    name, data = sink.get(timeout=30)
    while name == "next":
        name, data = sink.get(timeout=30)
    return name, data


def test_watched_games_are_the_benchmarks_games_and_are_stored(client, db):
    seed, games = 17, 3
    session = client.post("/api/watch", json={"level": "beginner", "strategy": "exact",
                                              "delay_ms": 0, "games": games,
                                              "seed": seed}).json()
    events = read_events(client, session["id"])
    assert [n for n, _ in events if n not in ("next", "move")] == ["game", "end"] * games
    # every move is told before it is played: "next" (nothing changed yet), then "move"
    told = [(n, d) for n, d in events if n in ("next", "move")]
    assert [n for n, _ in told] == ["next", "move"] * (len(told) // 2)
    for (_, plan), (_, played) in zip(told[::2], told[1::2], strict=True):
        assert {k: plan[k] for k in ("game", "move", "kind", "cell", "reason")} == {
            k: played[k] for k in ("game", "move", "kind", "cell", "reason")}
        assert "changes" not in plan
    rules = level("beginner")
    ends = [d for n, d in events if n == "end"]
    for index in range(games):
        # Replay the streamed moves on the same layout: every change agrees.
        twin = Game(rules, game_seed(seed, index))
        moves = [d for n, d in events if n == "move" and d["game"] == index]
        cells = ["."] * rules.size
        for move in moves:
            twin.play(getattr(Action, move["kind"])(rules.index(*move["cell"])))
            for i, code in move["changes"]:
                cells[i] = code
            assert move["reason"]["basis"]
        assert twin.over and "".join(cells) == board_codes(twin)
        bench = play_game(rules, StrategySpec("exact"), seed, index)
        assert ends[index]["won"] == bench.won and ends[index]["guesses"] == bench.guesses
        assert len(moves) == bench.moves
    stats = ends[-1]["stats"]
    assert stats["games"] == games and stats["wins"] == sum(e["won"] for e in ends)
    with GameBook(db) as book:
        stored = book.games(GameFilter(player="computer: exact"))
    assert len(stored) == games
    assert sorted(r.won for r in stored) == sorted(e["won"] for e in ends)
    assert {r.source for r in stored} == {"watch"} and not any(r.assisted for r in stored)
    assert client.get(f"/api/watch/{session['id']}").json()["stats"] == stats


def test_best_clicks_first_where_the_bench_does(client):
    # under the opening rule, best's measured first click (two cells in on beginner)
    session = client.post("/api/watch", json={"level": "beginner", "rule": "opening",
                                              "strategy": "best", "delay_ms": 0,
                                              "games": 1, "seed": 4}).json()
    moves = [d for n, d in read_events(client, session["id"]) if n == "move"]
    assert moves[0]["cell"] == [2, 2]
    assert moves[0]["reason"]["basis"] == "first"


def test_best_takes_its_strength_under_either_name(client):
    """``strength``, or ``budget``, its deprecated name, taken as ``strength``; both
    naming different presets are refused."""
    for given in ("strength", "budget"):
        session = client.post("/api/watch", json={"level": "beginner", "strategy": "best",
                                                  "options": {given: "fast"}, "games": 1})
        assert session.status_code == 201, session.text
        assert session.json()["options"] == {"strength": "fast"}
    with pytest.warns(DeprecationWarning):  # budget given: best warns as it refuses
        both = client.post("/api/watch", json={"level": "beginner", "strategy": "best",
                                               "options": {"strength": "max", "budget": "fast"}})
    assert both.status_code == 422 and "given both" in both.text


def test_pause_step_resume_and_stop_act_between_moves(client):
    session = client.post("/api/watch", json={"level": "expert", "strategy": "best",
                                              "delay_ms": 0, "seed": 5}).json()
    url = f"/api/watch/{session['id']}"
    client.post(url + "/control", json={"action": "pause"})
    sink: queue.Queue = queue.Queue()
    reader = threading.Thread(target=read_events, args=(client, session["id"], sink))
    reader.start()
    assert sink.get(timeout=30)[0] == "game"
    name, data = sink.get(timeout=30)
    assert name == "next" and data["move"] == 0  # the first move is told...
    assert "move" not in drain(sink, 0.5)  # ...but, paused, not played
    for expected in range(3):
        client.post(url + "/control", json={"action": "step"})
        name, data = next_move(sink)
        assert name == "move" and data["move"] == expected
        assert "move" not in drain(sink, 0.2)  # one step, one move
    client.post(url + "/control", json={"action": "resume", "delay_ms": 0})
    seen = [sink.get(timeout=30) for _ in range(5)]
    assert all(name in ("next", "move", "end", "game") for name, _ in seen)
    assert "move" in {name for name, _ in seen}  # resumed: moves come by themselves
    stopped = client.post(url + "/control", json={"action": "stop"}).json()
    assert stopped["stopped"]
    reader.join(timeout=30)
    assert not reader.is_alive()  # the stream ended


def test_each_step_is_one_move_across_the_end_of_a_game(client):
    # the step after a game's last move is the next game's first move, not used up by
    # the game ending; until then the last position stays on screen
    seed, rules = 6, level("beginner")
    session = client.post("/api/watch", json={"level": "beginner", "strategy": "exact",
                                              "delay_ms": 0, "games": 2,
                                              "seed": seed}).json()
    url = f"/api/watch/{session['id']}"
    client.post(url + "/control", json={"action": "pause"})
    sink: queue.Queue = queue.Queue()
    reader = threading.Thread(target=read_events, args=(client, session["id"], sink))
    reader.start()
    for index in range(2):
        for _ in range(play_game(rules, StrategySpec("exact"), seed, index).moves):
            client.post(url + "/control", json={"action": "step"})
            name, data = next_move(sink)
            while name != "move":
                name, data = next_move(sink)
            assert data["game"] == index
        assert sink.get(timeout=30)[0] == "end"
        if index == 0:
            assert drain(sink, 0.3) == []  # no new game before the next step
    reader.join(timeout=30)
    assert not reader.is_alive()  # both games played, step by step


def test_the_pace_changes_at_once(client):
    session = client.post("/api/watch", json={"level": "beginner", "delay_ms": 2000,
                                              "games": 1, "seed": 2}).json()
    url = f"/api/watch/{session['id']}"
    sink: queue.Queue = queue.Queue()
    reader = threading.Thread(target=read_events, args=(client, session["id"], sink))
    reader.start()
    assert sink.get(timeout=30)[0] == "game"
    assert sink.get(timeout=30)[0] == "next"
    assert sink.get(timeout=30)[0] == "move"  # a game's first move waits for nothing
    assert client.post(url + "/control", json={"action": "pace", "delay_ms": 0}
                       ).json()["delay_ms"] == 0
    reader.join(timeout=60)
    assert not reader.is_alive()
    names = []
    while not sink.empty():
        names.append(sink.get()[0])
    assert names[-1] == "end"


@pytest.mark.parametrize(("spec", "words"), [
    ({"level": "expert", "strategy": "psychic"}, "unknown strategy 'psychic'"),
    ({"level": "expert", "strategy": "exact", "options": {"radius": 3}},
     "takes no option radius"),
    ({"level": "expert", "strategy": "best", "options": {"lookahead": "abc"}},
     "option lookahead: expected a whole number, got 'abc'"),
    ({"level": "expert", "strategy": "best", "options": {"pseudo": "false"}},
     "option pseudo: expected true or false, got 'false'"),
    ({"level": "expert", "delay_ms": 2001}, "less than or equal to 2000"),
    ({"level": "expert", "games": 0}, "greater than or equal to 1"),
    ({"level": "expert", "rows": 3}, "not both"),
    ({}, "give a level"),
    # best would click (1, 1) first; the opening rule cannot keep 9 cells free there
    ({"rows": 3, "cols": 3, "mines": 7, "rule": "opening", "strategy": "best"},
     "leaving 0 cells for 7 mines"),
])
def test_a_bad_watch_gets_a_422_that_says_why(client, spec, words):
    reply = client.post("/api/watch", json=spec)
    assert reply.status_code == 422 and words in reply.text


def test_unknown_sessions_and_a_second_stream(client):
    assert client.get("/api/watch/nope").status_code == 404
    assert client.get("/api/watch/nope/events").status_code == 404
    assert client.post("/api/watch/nope/control", json={"action": "pause"}).status_code == 404
    session = client.post("/api/watch", json={"level": "beginner", "games": 1,
                                              "delay_ms": 2000}).json()
    sink: queue.Queue = queue.Queue()
    reader = threading.Thread(target=read_events, args=(client, session["id"], sink))
    reader.start()
    sink.get(timeout=30)
    second = client.get(f"/api/watch/{session['id']}/events")
    assert second.status_code == 409
    client.post(f"/api/watch/{session['id']}/control", json={"action": "stop"})
    reader.join(timeout=30)


def test_the_strategies_are_listed(client):
    names = client.get("/api/strategies").json()["strategies"]
    assert {"best", "exact", "single-point"} <= set(names)
    # each line is a whole sentence (the docstring's first line stopped mid-sentence)
    assert all(line.endswith(".") and "``" not in line for line in names.values()), names


def test_a_strategy_that_fails_at_its_first_move_ends_the_stream_with_an_error(client):
    session = client.post("/api/watch", json={"level": "beginner", "strategy": "exact",
                                              "options": {"first": 5}, "delay_ms": 0,
                                              "games": 1}).json()
    events = read_events(client, session["id"])
    assert [name for name, _ in events] == ["game", "error"]
    assert events[-1][1]["message"]
