"""Helpers for the pages' browser tests: games played through the API (won or lost, with
or without a hint), and a page opened on the real server without waiting for a board."""

from __future__ import annotations

import json
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any

from sweepkit.game import Game
from sweepkit.position import MINE
from sweepkit.rules import level

SEED_FIRST = (4, 4)
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def call(base: str, method: str, path: str, body: Any = None,
         opener: urllib.request.OpenerDirector | None = None) -> Any:
    """A JSON call to the server; the parsed answer. ``opener``: a client that keeps its
    cookies (:func:`browser_like`), as a browser does, to play the games it starts."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"{base}/api{path}", data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    with (opener or urllib.request.build_opener()).open(request, timeout=30) as response:
        return json.load(response)


def browser_like() -> urllib.request.OpenerDirector:
    """A client with a cookie jar: the games it starts are its own to play."""
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))


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
    client = browser_like()
    state = call(base, "POST", "/games", {"level": "beginner", "rule": "safe", "seed": seed,
                                          "player": player}, opener=client)
    gid = state["id"]
    cells = layout_of(seed)

    def move(kind: str, i: int) -> dict[str, Any]:
        return call(base, "POST", f"/games/{gid}/moves",
                    {"kind": kind, "row": i // 9, "col": i % 9}, opener=client)

    state = move("reveal", SEED_FIRST[0] * 9 + SEED_FIRST[1])["state"]
    if hint:
        call(base, "POST", f"/games/{gid}/hint", opener=client)
    if not win:
        return move("reveal", next(i for i, v in enumerate(cells) if v == MINE))["state"]
    if flags:
        for i, v in enumerate(cells):
            if v == MINE:
                state = move("flag", i)["state"]
    shown = call(base, "GET", f"/games/{gid}", opener=client)["cells"]
    for i, v in enumerate(cells):
        if v != MINE and shown[i] == "." and state["status"] == "playing":
            reply = move("reveal", i)
            state = reply["state"]
            for j, code in reply["changes"]:
                shown = shown[:j] + code + shown[j + 1:]
    assert state["status"] == "won", state
    return state


def call_as(page: Any, method: str, path: str, body: Any = None) -> Any:
    """A JSON call to the server from the page's browser, with its cookies: a game it
    starts this way is its own to play (``call`` starts one no browser may play)."""
    response = page.request.fetch(
        f"/api{path}", method=method, headers={"Content-Type": "application/json"},
        data=None if body is None else json.dumps(body))
    assert response.ok, response.text()
    return response.json()
