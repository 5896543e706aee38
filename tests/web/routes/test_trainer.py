"""The trainer through the API: every lesson gives a puzzle without its answer; a right
and a wrong answer are graded against the exact analysis, explained, and counted in the
player's score, whose difficulty follows it."""

from __future__ import annotations

import pytest

from sweepkit.analysis.probability import analyse
from sweepkit.position import MINE, UNKNOWN, Position


def position_of(puzzle) -> Position:
    """The puzzle's board as the page gets it, read back into a Position."""
    value = {".": UNKNOWN, "F": MINE}
    cells = tuple(value.get(ch, int(ch) if ch.isdigit() else UNKNOWN)
                  for ch in puzzle["cells"])
    return Position((puzzle["rows"], puzzle["cols"]), cells, puzzle["mines"])


@pytest.mark.parametrize("lesson", ["single", "subset", "linked", "global", "guess"])
def test_right_and_wrong_answers_are_graded_and_scored(client, lesson):
    puzzle = client.post("/api/trainer/puzzles", json={"lesson": lesson, "player": "Ada",
                                                        "seed": 3}).json()
    assert puzzle["lesson"] == lesson and puzzle["prompt"] and "answers" not in puzzle
    position = position_of(puzzle)
    analysis = analyse(position)
    cols = position.cols
    probabilities = analysis.probabilities()
    if lesson == "guess":
        assert not analysis.safe_cells()
        right_cell = min(probabilities, key=lambda c: (probabilities[c], c))
        right_action = "reveal"
    else:
        safe, mines = analysis.safe_cells(), analysis.mine_cells()
        right_cell, right_action = (safe[0], "reveal") if safe else (mines[0], "flag")
    reply = client.post(f"/api/trainer/puzzles/{puzzle['id']}/answer",
                        json={"row": right_cell // cols, "col": right_cell % cols,
                              "action": right_action}).json()
    assert reply["right"] is True and reply["explanation"]
    assert reply["score"]["right"] == 1 and reply["score"]["wrong"] == 0
    again = client.post(f"/api/trainer/puzzles/{puzzle['id']}/answer",
                        json={"row": 0, "col": 0})
    assert again.status_code == 409
    # The same puzzle again (same seed, same difficulty), answered the other way round.
    second = client.post("/api/trainer/puzzles", json={"lesson": lesson, "player": "Ada",
                                                        "seed": 3}).json()
    assert second["cells"] == puzzle["cells"]
    wrong = client.post(f"/api/trainer/puzzles/{second['id']}/answer",
                        json={"row": right_cell // cols, "col": right_cell % cols,
                              "action": "flag" if right_action == "reveal" else "reveal"}
                        ).json()
    assert wrong["right"] is False and wrong["answers"] and wrong["explanation"]
    assert wrong["score"] == {"lesson": lesson, "right": 1, "wrong": 1, "streak": 0,
                              "difficulty": 1, "rate": 0.5}
    if lesson != "guess":
        assert wrong["because"]  # the numbers of the explanation, to highlight


def test_the_difficulty_follows_the_score(client):
    for seed in range(3):
        puzzle = client.post("/api/trainer/puzzles", json={"lesson": "single", "player": "Bo",
                                                            "seed": seed}).json()
        assert puzzle["difficulty"] == 1 and (puzzle["rows"], puzzle["cols"]) == (9, 9)
        position = position_of(puzzle)
        analysis = analyse(position)
        cell, action = ((analysis.safe_cells()[0], "reveal") if analysis.safe_cells()
                        else (analysis.mine_cells()[0], "flag"))
        client.post(f"/api/trainer/puzzles/{puzzle['id']}/answer",
                    json={"row": cell // 9, "col": cell % 9, "action": action})
    harder = client.post("/api/trainer/puzzles", json={"lesson": "single", "player": "Bo"}
                         ).json()
    assert harder["difficulty"] == 2 and (harder["rows"], harder["cols"]) == (16, 16)
    lessons = client.get("/api/trainer/scores", params={"player": "Bo"}).json()["lessons"]
    single = next(s for s in lessons if s["lesson"] == "single")
    assert single["right"] == 3 and single["difficulty"] == 2
    assert {s["lesson"] for s in lessons} == {"single", "subset", "linked", "global", "guess"}


def test_bad_trainer_requests_get_a_4xx(client):
    assert client.post("/api/trainer/puzzles", json={"lesson": "luck"}).status_code == 422
    assert client.post("/api/trainer/puzzles/nope/answer", json={"row": 0, "col": 0}
                       ).status_code == 404
    puzzle = client.post("/api/trainer/puzzles", json={"lesson": "single", "seed": 1}).json()
    off = client.post(f"/api/trainer/puzzles/{puzzle['id']}/answer", json={"row": 99,
                                                                           "col": 0})
    assert off.status_code == 422 and "off the" in off.json()["detail"]
