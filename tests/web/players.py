"""A player for the web tests that knows nothing hidden: it reads the board the API shows,
reasons with the exact analysis and plays only what is certain; when a guess would be
needed it leaves the game (unfinished games are not stored) and starts another. It wins
unseeded games, whose boards nobody can know in advance (the games that count for best
times), and never stores a loss."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sweepkit.analysis.board.probability import analyse
from sweepkit.position import MINE, UNKNOWN, Position

Send = Callable[[str, str, Any], Any]
"""``send(method, path, body)``: a JSON call to the API (``path`` below ``/api``)."""


def view_of(state: dict[str, Any]) -> Position:
    """The board of a game state as a Position (flags as mines)."""
    cells = tuple(UNKNOWN if ch == "." else MINE if ch == "F" else int(ch)
                  for ch in state["cells"])
    return Position((state["rows"], state["cols"]), cells, state["mines"])


def win_unseeded(send: Send, player: str, *, flags: bool = False, hint: bool = False,
                 level: str = "beginner", rule: str = "opening", tries: int = 100,
                 no_guess: bool = False) -> dict[str, Any]:
    """An unseeded game won through the API (new games until one needs no guess; with
    ``no_guess`` a board made so); with ``flags`` every certain mine is flagged, with
    ``hint`` a hint is asked once. The final state."""
    for _ in range(tries):
        game = send("POST", "/games", {"level": level, "rule": rule, "player": player,
                                       "no_guess": no_guess})
        path = f"/games/{game['id']}"
        state = send("POST", path + "/moves", {"kind": "reveal", "row": game["rows"] // 2,
                                                "col": game["cols"] // 2})["state"]
        if hint and state["status"] == "playing":
            send("POST", path + "/hint", None)
        while state["status"] == "playing":
            board = send("GET", path, None)
            view = view_of(board)
            analysis = analyse(view)
            cols = view.cols
            if flags:
                for cell in analysis.mine_cells():
                    if board["cells"][cell] == ".":
                        send("POST", path + "/moves", {"kind": "flag", "row": cell // cols,
                                                       "col": cell % cols})
            safe = analysis.safe_cells()
            if not safe:
                break  # a guess would be needed: leave this game unfinished
            state = send("POST", path + "/moves", {"kind": "reveal", "row": safe[0] // cols,
                                                   "col": safe[0] % cols})["state"]
        if state["status"] == "won":
            return state
    raise AssertionError(f"no game without a guess in {tries} tries")
