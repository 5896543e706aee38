"""What the web app's routes share: the board and move bodies and their limits, the live
games and the book of played games as FastAPI dependencies (``Live``, ``Book``), and the
helpers that look a game up (:func:`find`), hold it (:func:`locked`) and store it once it
is over (:func:`save`).

Who may play a game: the browser that started it. Its first game gives it a key, an
unguessable token in the ``sweepkit_owner`` cookie (HTTP-only, same-site), and every game
it starts keeps that key; a move, undo, restart, pause or help asked without it is refused
with 403 and changes nothing, while anyone with the game's id may still look at it.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Literal

from fastapi import Cookie, Depends, HTTPException, Request, Response
from pydantic import BaseModel, Field, field_validator

from sweepkit.generate import MAX_DENSITY
from sweepkit.rules import LEVELS, FirstClick, Rules
from sweepkit.store.database import StoreError
from sweepkit.store.played import GameBook
from sweepkit.web.live import LiveGame, LiveGames

log = logging.getLogger("sweepkit.web")

MAX_ROWS = MAX_COLS = 200
"""The largest board the web app serves (the page says so; the API refuses bigger)."""


def check_served(shape: tuple[int, ...], subject: str, use: str, grid: bool = True) -> None:
    """422 unless a board of ``shape`` is one the app serves: 2-D (on a grid) and at most
    :data:`MAX_ROWS` x :data:`MAX_COLS`; the message names the board (``subject``, e.g.
    "the board") and what the app does with one (``use``, e.g. "analyses")."""
    if len(shape) != 2 or not grid:
        kind = f"has {len(shape)} dimensions" if len(shape) != 2 else "is not on a grid"
        raise HTTPException(422, f"{subject} {kind}; the app {use} 2-D grid boards")
    rows, cols = shape
    if rows > MAX_ROWS or cols > MAX_COLS:
        raise HTTPException(422, f"{subject} is {rows}x{cols}; the app {use} up to "
                                 f"{MAX_ROWS}x{MAX_COLS}")


LEVEL_NAMES = ("beginner", "intermediate", "expert")
"""The levels the page offers."""

DEFAULT_PLAYER = "player"

MAX_SEED = 2**64


class BoardSpec(BaseModel):
    """A board: a level, or a custom size; the first-click rule; a seed for boards that
    can be played again (a decimal string or a number)."""

    level: Literal["beginner", "intermediate", "expert"] | None = None
    rows: int | None = Field(None, ge=1, le=MAX_ROWS)
    cols: int | None = Field(None, ge=1, le=MAX_COLS)
    mines: int | None = Field(None, ge=0)
    rule: Literal["none", "safe", "opening"] = "safe"
    seed: int | str | None = None

    @field_validator("seed")
    @classmethod
    def _seed(cls, value: int | str | None) -> int | None:
        if value is None:
            return None
        if isinstance(value, str):
            digits = value.strip()
            # ASCII digits only (str.isdigit takes "²" and "٣"), and few enough for int()
            if not (digits.isascii() and digits.isdigit()) or len(digits) > 20:
                shown = value if len(value) <= 30 else value[:27] + "..."
                raise ValueError(f"a seed is a whole number from 0 to 2^64 - 1, not {shown!r}")
            value = int(digits)
        if not 0 <= value < MAX_SEED:
            raise ValueError("a seed is a whole number from 0 to 2^64 - 1")
        return value


class MoveIn(BaseModel):
    """One move: reveal (left click), flag (right click, toggles) or chord, at a cell."""

    kind: Literal["reveal", "flag", "chord"]
    row: int
    col: int


def live_games(request: Request) -> LiveGames:
    return request.app.state.live


def game_book(request: Request) -> GameBook:
    return request.app.state.book


Live = Annotated[LiveGames, Depends(live_games)]
Book = Annotated[GameBook, Depends(game_book)]

OWNER_COOKIE = "sweepkit_owner"
"""The cookie that holds a browser's key to the games it started."""

KEY_BYTES = 24
"""Random bytes of a key (32 URL-safe characters)."""


def owner_key(response: Response,
              key: Annotated[str | None, Cookie(alias=OWNER_COOKIE)] = None) -> str:
    """The browser's key, given one (in the cookie of the reply) if it has none yet."""
    if key is None or len(key) != 4 * KEY_BYTES // 3:
        key = secrets.token_urlsafe(KEY_BYTES)
        response.set_cookie(OWNER_COOKIE, key, httponly=True, samesite="strict", path="/",
                            max_age=400 * 24 * 3600)
    return key


Owner = Annotated[str, Depends(owner_key)]
"""For a route that starts a game: the key the game will belong to."""

Key = Annotated[str | None, Cookie(alias=OWNER_COOKIE)]
"""For a route that changes a game: the key the request carries (None: none)."""

READ_ONLY = object()
"""``locked(..., key=READ_ONLY)``: the request only looks at the game."""


def rules_of(spec: BoardSpec, no_guess: bool = False) -> Rules:
    """The rules asked for; 422 naming what is wrong."""
    if spec.level is not None:
        if (spec.rows, spec.cols, spec.mines) != (None, None, None):
            raise HTTPException(422, "give a level or rows, cols and mines, not both")
        rows, cols, mines = LEVELS[spec.level]
    else:
        if spec.rows is None or spec.cols is None or spec.mines is None:
            raise HTTPException(422, "give a level, or rows, cols and mines for a custom board")
        rows, cols, mines = spec.rows, spec.cols, spec.mines
    try:
        rules = Rules(rows, cols, mines, FirstClick(spec.rule))
        # Any first click must be possible: an inner cell keeps the most cells free.
        rules.check_first_click(rules.index(min(1, rows - 1), min(1, cols - 1)))
    except ValueError as exc:
        raise HTTPException(422, str(exc)) from None
    if no_guess and mines > MAX_DENSITY * rules.size:
        raise HTTPException(
            422, f"no-guess boards are made with at most {MAX_DENSITY:.0%} mines; this one "
                 f"has {mines / rules.size:.0%}: play a normal board, or fewer mines")
    return rules


def find(live: LiveGames, game_id: str) -> LiveGame:
    try:
        return live.get(game_id)
    except KeyError:
        raise HTTPException(404, f"no game {game_id!r} on this server (it may have "
                                 "ended long ago): start a new one") from None


@contextmanager
def locked(live: LiveGames, game_id: str, book: GameBook | None = None, *,
           key: str | object | None = READ_ONLY) -> Iterator[LiveGame]:
    """The game, held by its lock for the body; 404 also for a game closed meanwhile (a
    restart replaced it while this request waited for the lock), 403 when ``key`` is not
    the key of the browser that started it. With ``book``, a finished game whose saving
    failed is saved again first."""
    game = find(live, game_id)
    if key is not READ_ONLY:
        check_owner(game, key)
    with game.lock:
        if game.closed:
            raise HTTPException(404, f"game {game_id!r} was restarted: play the new one")
        if book is not None and game.game.over and game.saved_id is None:
            save(game, book)
        yield game


def owns(game: LiveGame, key: object) -> bool:
    """Whether ``key`` is the key of the browser that started the game."""
    return bool(isinstance(key, str) and game.owner
                and secrets.compare_digest(key.encode(), game.owner.encode()))


def check_owner(game: LiveGame, key: object) -> None:
    """403, changing nothing, unless ``key`` is the game's: only the browser that
    started a game plays it."""
    if not owns(game, key):
        raise HTTPException(403, "this game was started in another browser: you can watch "
                                 "it here, not play it; start a game of your own, or open "
                                 "a shared link to play the same board")


def save(game: LiveGame, book: GameBook) -> None:
    """Store a finished game (in place of its stored loss when an undo took that back);
    a database error is kept on the game (the page shows it) and logged, and the game
    stays in memory."""
    try:
        if game.replaces is not None:
            game.saved_id = book.replace(game.replaces, game.played())
        else:
            game.saved_id = book.add(game.played())
        game.save_error = None
    except (StoreError, ValueError) as exc:
        game.save_error = f"the game could not be saved: {exc}"
        log.error("game %s: %s", game.id, game.save_error)


__all__ = ["DEFAULT_PLAYER", "LEVEL_NAMES", "MAX_COLS", "MAX_ROWS", "MAX_SEED", "OWNER_COOKIE",
           "BoardSpec", "Book", "Key", "Live", "MoveIn", "Owner", "check_owner", "check_served",
           "find", "game_book", "live_games", "locked", "owns", "rules_of", "save"]
