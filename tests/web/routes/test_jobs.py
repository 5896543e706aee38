"""Jobs through the API: an analysis, a hint and a no-guess first click run off the
request path, give the synchronous endpoints' replies, fail with their messages, and
stop when cancelled, leaving the game as it was."""

from __future__ import annotations

import time

PATIENCE = 120.0
"""Seconds a test waits for a job before calling it hung (not a speed limit)."""



def finished(client, job):
    return finished_at(client, f"/api/jobs/{job['id']}")


def finished_at(client, path: str) -> dict:
    """The state a job's address gives once it is no longer queued or running."""
    deadline = time.monotonic() + PATIENCE
    while True:
        state = client.get(path).json()
        if state["status"] not in ("queued", "running"):
            return state
        assert time.monotonic() < deadline, f"job hung: {state}"
        time.sleep(0.02)


def test_an_analysis_job_gives_the_analysis(client):
    body = {"board": "mines: 2\n1?1\n???\n"}
    job = client.post("/api/jobs/analyse", json=body)
    assert job.status_code == 202
    done = finished(client, job.json())
    assert done["status"] == "done"
    assert done["result"] == client.post("/api/analyse", json=body).json()


def test_a_hint_job_is_an_assist_and_a_failure_keeps_its_message(client):
    game = client.post("/api/games", json={"level": "expert", "seed": 2}).json()
    early = finished(client, client.post("/api/jobs/hint", json={"game_id": game["id"]}).json())
    assert early["status"] == "failed" and early["code"] == 409
    assert "first click" in early["error"]
    client.post(f"/api/games/{game['id']}/moves", json={"kind": "reveal", "row": 8, "col": 15})
    done = finished(client, client.post("/api/jobs/hint", json={"game_id": game["id"]}).json())
    assert done["status"] == "done" and done["result"]["assists"] == {"hint": 1, "seeded": 1}


def test_a_cancelled_no_guess_click_leaves_the_game_unchanged(client):
    # the biggest board (a second or two to make): the cancel comes well before the end
    game = client.post("/api/games", json={"rows": 200, "cols": 200, "mines": 8000,
                                           "no_guess": True, "seed": 1}).json()
    job = client.post("/api/jobs/move", json={"game_id": game["id"], "kind": "reveal",
                                              "row": 100, "col": 100}).json()
    assert client.delete(f"/api/jobs/{job['id']}").status_code == 200
    assert finished(client, job)["status"] == "cancelled"
    state = client.get(f"/api/games/{game['id']}").json()
    assert set(state["cells"]) == {"."} and state["clicks"]["left"] == 0
    assert state["status"] == "ready"
    small = client.post("/api/games", json={"level": "beginner", "no_guess": True,
                                            "seed": 1}).json()
    move = client.post("/api/jobs/move", json={"game_id": small["id"], "kind": "reveal",
                                               "row": 4, "col": 4}).json()
    done = finished(client, move)
    assert done["status"] == "done" and done["result"]["state"]["no_guess"] is True
    assert done["result"]["changes"]


def test_bad_jobs_are_refused_at_once(client):
    assert client.get("/api/jobs/nope").status_code == 404
    assert client.delete("/api/jobs/nope").status_code == 404
    bad = client.post("/api/jobs/analyse", json={"board": "0x\n"})
    assert bad.status_code == 422 and "line 1, column 2" in bad.json()["detail"]
    assert client.post("/api/jobs/hint", json={"game_id": "nope"}).status_code == 404
    assert client.post("/api/jobs/move", json={"game_id": "nope", "kind": "reveal",
                                               "row": 0, "col": 0}).status_code == 404
