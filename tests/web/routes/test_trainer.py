"""The trainer through the API: every lesson gives a puzzle without its answer; a right
and a wrong answer are graded against the exact analysis, explained, and counted in the
player's score, whose difficulty follows it."""

from __future__ import annotations

import time

import pytest

from sweepkit.analysis.board.probability import analyse
from sweepkit.generate.patterns import find_patterns
from sweepkit.position import MINE, UNKNOWN, Position
from tests.lanes import fast_first


def position_of(puzzle) -> Position:
    """The puzzle's board as the page gets it, read back into a Position."""
    value = {".": UNKNOWN, "F": MINE}
    cells = tuple(value.get(ch, int(ch) if ch.isdigit() else UNKNOWN)
                  for ch in puzzle["cells"])
    return Position((puzzle["rows"], puzzle["cols"]), cells, puzzle["mines"])


def right_answer(puzzle) -> tuple[int, int, str]:
    """A right answer to a puzzle, found by the exact analysis of the board shown:
    ``(row, col, action)``."""
    position = position_of(puzzle)
    analysis = analyse(position)
    if puzzle["lesson"] == "guess":
        assert not analysis.safe_cells()
        chances = analysis.probabilities()
        cell, action = min(chances, key=lambda c: (chances[c], c)), "reveal"
    else:
        safe, mines = analysis.safe_cells(), analysis.mine_cells()
        cell, action = (safe[0], "reveal") if safe else (mines[0], "flag")
    return cell // position.cols, cell % position.cols, action


def answer(client, puzzle, row, col, action):
    return client.post(f"/api/trainer/puzzles/{puzzle['id']}/answer",
                       json={"row": row, "col": col, "action": action}).json()


@pytest.mark.parametrize("lesson", fast_first(["single", "subset", "linked", "global", "guess"]))
def test_right_and_wrong_answers_are_graded_and_scored(client, lesson):
    puzzle = client.post("/api/trainer/puzzles", json={"lesson": lesson, "player": "Ada"}
                         ).json()
    assert puzzle["lesson"] == lesson and puzzle["prompt"] and "answers" not in puzzle
    assert puzzle["scored"] is True
    reply = answer(client, puzzle, *right_answer(puzzle))
    assert reply["right"] is True and reply["explanation"]
    assert reply["score"]["right"] == 1 and reply["score"]["wrong"] == 0
    again = client.post(f"/api/trainer/puzzles/{puzzle['id']}/answer",
                        json={"row": 0, "col": 0})
    assert again.status_code == 409
    # Another puzzle, its right cell answered the other way round.
    second = client.post("/api/trainer/puzzles", json={"lesson": lesson, "player": "Ada"}
                         ).json()
    row, col, action = right_answer(second)
    wrong = answer(client, second, row, col, "flag" if action == "reveal" else "reveal")
    assert wrong["right"] is False and wrong["answers"] and wrong["explanation"]
    assert {k: v for k, v in wrong["score"].items() if k != "seconds"} == {
        "lesson": lesson, "right": 1, "wrong": 1, "streak": 0, "difficulty": 1, "rate": 0.5}
    # each answer's decision time, and the lesson's average over both
    assert wrong["score"]["seconds"] == pytest.approx((reply["seconds"] + wrong["seconds"]) / 2)
    if lesson in ("single", "subset", "linked"):  # the mine count may decide alone
        assert wrong["because"]  # the numbers of the explanation, to highlight


def test_a_puzzle_asked_for_by_its_seed_is_graded_but_not_scored(client):
    first = client.post("/api/trainer/puzzles", json={"lesson": "single", "player": "Cy",
                                                       "seed": 3}).json()
    again = client.post("/api/trainer/puzzles", json={"lesson": "single", "player": "Cy",
                                                       "seed": 3}).json()
    assert first["cells"] == again["cells"] and first["scored"] is False
    reply = answer(client, first, *right_answer(first))
    assert reply["right"] is True and reply["scored"] is False
    assert reply["score"]["right"] == 0  # the same puzzle could be asked for again and again


def test_the_difficulty_follows_the_score(client):
    for _ in range(3):
        puzzle = client.post("/api/trainer/puzzles", json={"lesson": "single", "player": "Bo"}
                             ).json()
        assert puzzle["difficulty"] == 1 and (puzzle["rows"], puzzle["cols"]) == (9, 9)
        assert answer(client, puzzle, *right_answer(puzzle))["right"]
    harder = client.post("/api/trainer/puzzles", json={"lesson": "single", "player": "Bo"}
                         ).json()
    assert harder["difficulty"] == 2 and (harder["rows"], harder["cols"]) == (16, 16)
    lessons = client.get("/api/trainer/scores", params={"player": "Bo"}).json()["lessons"]
    single = next(s for s in lessons if s["lesson"] == "single")
    assert single["right"] == 3 and single["difficulty"] == 2
    assert {s["lesson"] for s in lessons} == {"single", "subset", "linked", "global", "guess",
                                              "1-2-1", "1-2-2-1", "1-1"}


def test_bad_trainer_requests_get_a_4xx(client):
    assert client.post("/api/trainer/puzzles", json={"lesson": "luck"}).status_code == 422
    assert client.post("/api/trainer/puzzles/nope/answer", json={"row": 0, "col": 0}
                       ).status_code == 404
    puzzle = client.post("/api/trainer/puzzles", json={"lesson": "single", "seed": 1}).json()
    off = client.post(f"/api/trainer/puzzles/{puzzle['id']}/answer", json={"row": 99,
                                                                           "col": 0})
    assert off.status_code == 422 and "off the" in off.json()["detail"]
    position = position_of(puzzle)
    opened = next(c for c in range(position.size) if position.cells[c] != UNKNOWN)
    row, col = divmod(opened, position.cols)
    slip = client.post(f"/api/trainer/puzzles/{puzzle['id']}/answer",
                       json={"row": row, "col": col, "action": "reveal"})
    assert slip.status_code == 422 and "is open" in slip.json()["detail"]
    assert answer(client, puzzle, *right_answer(puzzle))["right"]  # not used up by the slip


def test_the_decision_time_runs_from_the_puzzle_handed_out_to_the_answer(client):
    puzzle = client.post("/api/trainer/puzzles", json={"lesson": "single", "player": "Di"}
                         ).json()
    time.sleep(0.3)
    reply = answer(client, puzzle, *right_answer(puzzle))
    assert 0.3 <= reply["seconds"] < 30
    assert reply["score"]["seconds"] == reply["seconds"]
    lessons = client.get("/api/trainer/scores", params={"player": "Di"}).json()["lessons"]
    single = next(s for s in lessons if s["lesson"] == "single")
    assert single["seconds"] == reply["seconds"]
    assert all(s["seconds"] is None for s in lessons if s["lesson"] != "single")


@pytest.mark.parametrize("lesson", fast_first(["1-2-1", "1-1", "1-2-2-1"]))
def test_a_pattern_lesson_is_graded_by_its_pattern(client, lesson):
    ask = {"lesson": lesson, "player": "Flo", "seed": 2}
    puzzle = client.post("/api/trainer/puzzles", json=ask).json()
    assert puzzle["lesson"] == lesson and lesson in puzzle["prompt"]
    position = position_of(puzzle)
    (match, *_) = find_patterns(position, (lesson,))
    cell = (match.mines or match.safe)[0]
    action = "flag" if match.mines else "reveal"
    reply = answer(client, puzzle, cell // position.cols, cell % position.cols, action)
    assert reply["right"] is True and f"The {lesson}" in reply["explanation"]
    assert lesson in reply["patterns"]
    assert reply["because"] and all(position.cells[r * position.cols + c] > 0
                                    for r, c in reply["because"])
    # the same board again, answered the wrong way: the pattern says why
    again = client.post("/api/trainer/puzzles", json=ask).json()
    wrong = answer(client, again, cell // position.cols, cell % position.cols,
                   "reveal" if action == "flag" else "flag")
    assert wrong["right"] is False and f"The {lesson}" in wrong["explanation"]
    decided = {divmod(c, position.cols) for m in find_patterns(position, (lesson,))
               for c in m.cells}
    assert wrong["answers"] and {tuple(a[:2]) for a in wrong["answers"]} <= decided
