"""Helpers for the pages' browser tests: games played through the API (won or lost, with
or without a hint) from a page's browser, and names unique to a test.

A player's name belongs to the first browser that plays it, and its games are readable by
its own browsers only (until made public): a test plays its games from the very browser
context that then shows them (:func:`call_as`, :func:`play_game`), under a name of its own
(:func:`unique`), since one server serves every test of a process."""

from __future__ import annotations

import json
import urllib.request
import uuid
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


def unique(name: str) -> str:
    """``name`` with a suffix of its own (``carol-1a2b3c``): a player no other test (nor
    another run on the same server) has claimed."""
    return f"{name}-{uuid.uuid4().hex[:6]}"


def play_game(page: Any, player: str, seed: int, *, win: bool = True, hint: bool = False,
              flags: bool = False) -> dict[str, Any]:
    """A beginner game played through the API from the page's browser (its cookies, so
    ``player`` becomes, or must already be, that browser's own) to its end: won by
    revealing every safe cell (flagging every mine first when ``flags``; a hint asked first
    when ``hint``), or lost on a mine. The final state."""
    state = call_as(page, "POST", "/games", {"level": "beginner", "rule": "safe",
                                             "seed": seed, "player": player})
    gid = state["id"]
    cells = layout_of(seed)

    def move(kind: str, i: int) -> dict[str, Any]:
        return call_as(page, "POST", f"/games/{gid}/moves",
                       {"kind": kind, "row": i // 9, "col": i % 9})

    state = move("reveal", SEED_FIRST[0] * 9 + SEED_FIRST[1])["state"]
    if hint:
        call_as(page, "POST", f"/games/{gid}/hint")
    if not win:
        return move("reveal", next(i for i, v in enumerate(cells) if v == MINE))["state"]
    if flags:
        for i, v in enumerate(cells):
            if v == MINE:
                state = move("flag", i)["state"]
    shown = call_as(page, "GET", f"/games/{gid}")["cells"]
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
