"""Helpers for the pages' browser tests: games played through the API (won or lost, with
or without a hint), and a page opened on the real server without waiting for a board."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

from sweepkit.game import Game
from sweepkit.position import MINE
from sweepkit.rules import level

SEED_FIRST = (4, 4)
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def call(base: str, method: str, path: str, body: Any = None) -> Any:
    """A JSON call to the server; the parsed answer."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"{base}/api{path}", data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


def layout_of(seed: int, first: tuple[int, int] = SEED_FIRST) -> tuple[int, ...]:
    """The beginner layout (safe rule) a seed gives at the first reveal ``first``."""
    game = Game(level("beginner", "safe"), seed=seed)
    game.reveal(*first)
    return game.reveal_layout(cheat=True).cells


def play_game(base: str, player: str, seed: int, *, win: bool = True, hint: bool = False,
              flags: bool = False) -> dict[str, Any]:
    """A beginner game played through the API to its end: won by revealing every safe
    cell (flagging every mine first when ``flags``; a hint asked first when ``hint``), or
    lost on a mine. The final state."""
    state = call(base, "POST", "/games", {"level": "beginner", "rule": "safe", "seed": seed,
                                          "player": player})
    gid = state["id"]
    cells = layout_of(seed)

    def move(kind: str, i: int) -> dict[str, Any]:
        return call(base, "POST", f"/games/{gid}/moves",
                    {"kind": kind, "row": i // 9, "col": i % 9})

    state = move("reveal", SEED_FIRST[0] * 9 + SEED_FIRST[1])["state"]
    if hint:
        call(base, "POST", f"/games/{gid}/hint")
    if not win:
        return move("reveal", next(i for i, v in enumerate(cells) if v == MINE))["state"]
    if flags:
        for i, v in enumerate(cells):
            if v == MINE:
                state = move("flag", i)["state"]
    shown = call(base, "GET", f"/games/{gid}")["cells"]
    for i, v in enumerate(cells):
        if v != MINE and shown[i] == "." and state["status"] == "playing":
            reply = move("reveal", i)
            state = reply["state"]
            for j, code in reply["changes"]:
                shown = shown[:j] + code + shown[j + 1:]
    assert state["status"] == "won", state
    return state
