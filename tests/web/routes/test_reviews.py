"""Reviews through the API, over a real SQLite file: a stored lost game reviewed as a job
gives exactly the library's review (the same layouts rolled out), from its id, its record
or an export entry, and the same numbers reviewed again; the job reports progress and can
be cancelled; the defaults reach their target; bad requests get a 4xx that says why."""

from __future__ import annotations

import pytest

from sweepkit.bench.review import Tolerances, review_game
from sweepkit.game import Game
from sweepkit.rules import level
from sweepkit.serialize import record_from_json, record_json
from sweepkit.web.reviews import review_json
from tests.web.routes.test_jobs import finished_at


def finished(client, job_id):
    return finished_at(client, f"/api/reviews/{job_id}")


def lose(client, name: str, first: tuple[int, int]) -> int:
    """A game of level ``name`` (opening rule, seed 7) lost through the API on its second
    click, after ``first`` opens a 0, stored; its id."""
    twin = Game(level(name, "opening"), 7)
    twin.reveal(*first)
    mine = twin.reveal_layout(cheat=True).known_mines()[0]
    cols = twin.rules.cols
    game = client.post("/api/games", json={"level": name, "seed": 7,
                                           "rule": "opening"}).json()
    url = f"/api/games/{game['id']}/moves"
    client.post(url, json={"kind": "reveal", "row": first[0], "col": first[1]})
    state = client.post(url, json={"kind": "reveal", "row": mine // cols,
                                   "col": mine % cols}).json()["state"]
    assert state["status"] == "lost"
    return client.get("/api/stats/games").json()["games"][0]["id"]


@pytest.fixture
def lost(client):
    """A beginner game lost on its second click, stored; its id."""
    return lose(client, "beginner", (4, 4))


def test_a_stored_loss_reviewed_as_a_job_is_the_librarys_review(client, lost):
    body = {"game_id": lost, "seconds": 20, "games": 6}
    job = client.post("/api/reviews", json=body)
    assert job.status_code == 202 and job.json()["kind"] == "review"
    done = finished(client, job.json()["id"])
    assert done["status"] == "done" and done["progress"]["stage"] == "rollouts"
    review = done["result"]
    first, fatal = review["moves"]
    assert first["verdict"] == "certain" and fatal["lost"] and fatal["guess"]
    assert fatal["win_before"]["games"] == 6 and review["status"] == "lost"
    assert fatal["layouts"] == 6 and fatal["settled"] and fatal["win_lost"]["low"] <= \
        fatal["win_lost"]["value"] <= fatal["win_lost"]["high"]
    death = review["summary"]["death"]
    assert death["move"] == 1 and death["forced"] == (not fatal["safe_cells"])
    record = record_from_json(client.get(f"/api/stats/games/{lost}").json()["record"])
    assert review == review_json(review_game(record, seconds=20, games=6), Tolerances())
    # the same game sent as a record, or as an export entry, reviews the same
    doc = record_json(record)
    for sent in (doc, {"player": "someone", "record": doc}):
        again = client.post("/api/reviews", json={"record": sent, "seconds": 20,
                                                  "games": 6}).json()
        assert finished(client, again["id"])["result"] == review


def test_the_same_game_reviewed_twice_gives_the_same_numbers(client, lost):
    body = {"game_id": lost, "seconds": 60, "games": 64, "target": 0.1}
    first, again = (finished(client, client.post("/api/reviews", json=body).json()["id"])
                    for _ in range(2))
    review = first["result"]
    assert review["settled"] and review == again["result"]
    assert first["progress"]["games"] == review["rollouts"] > 0
    fatal = review["moves"][1]
    assert fatal["win_before"]["high"] - fatal["win_before"]["low"] <= 0.2


@pytest.mark.slow
def test_the_default_review_reaches_its_target(client, lost):
    done = finished(client, client.post("/api/reviews", json={"game_id": lost}).json()["id"])
    review = done["result"]
    assert review["settled"] and review["target"] == 0.05 and review["games"] == 2000
    for move in review["moves"]:
        for chance in (move["win_before"], move["win_after"]):
            assert chance is None or chance["high"] - chance["low"] <= 0.1


def test_a_review_can_be_cancelled(client):
    # An expert guess's 2,000 rollouts, each finished by the solver, take many seconds:
    # the review is still running when the cancel comes, on any machine.
    expert = lose(client, "expert", (8, 15))
    job = client.post("/api/reviews", json={"game_id": expert, "seconds": 20,
                                            "games": 2000}).json()
    assert client.delete(f"/api/jobs/{job['id']}").status_code == 200
    assert finished(client, job["id"])["status"] == "cancelled"


@pytest.mark.parametrize(("body", "code", "words"), [
    ({}, 422, "one of them"),
    ({"game_id": 999}, 404, "no stored game 999"),
    ({"record": {"rules": {}}}, 422, "not a game record"),
    ({"game_id": 1, "seconds": 500}, 422, "seconds"),
    ({"game_id": 1, "target": 0}, 422, "target"),
    ({"game_id": 1, "games": 5000}, 422, "games"),
    ({"game_id": 1, "best": 0.2, "reasonable": 0.1}, 422, "must not be above"),
])
def test_bad_reviews_are_refused_with_a_reason(client, body, code, words):
    reply = client.post("/api/reviews", json=body)
    assert reply.status_code == code and words in reply.json()["detail"]


def test_an_unfinished_game_or_another_job_is_no_review(client):
    game = Game(level("beginner"), 3)
    game.reveal(4, 4)
    reply = client.post("/api/reviews", json={"record": record_json(game.record(cheat=True))})
    assert reply.status_code == 422 and "only finished games" in reply.json()["detail"]
    assert client.get("/api/reviews/nope").status_code == 404
    other = client.post("/api/jobs/analyse", json={"board": "mines: 1\n1?\n??\n"}).json()
    assert client.get(f"/api/reviews/{other['id']}").status_code == 404
