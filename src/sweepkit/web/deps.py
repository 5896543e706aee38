"""What the web app's routes share: the board and move bodies and their limits, the live
games, the book of played games and the players' owners as FastAPI dependencies
(``Live``, ``Book``, ``Players``), who asks (``Owner``, ``Key``, ``Who``), and the helpers
that look a game up (:func:`find`) and hold it while a request changes it, writing what
changed before the reply (:func:`locked`).

Who may play a game: the browser that started it. Its first request that needs one
gives it a key, an unguessable token in the ``sweepkit_owner`` cookie (HTTP-only,
same-site), and every game it starts keeps that key's hash; a move, undo, restart, pause
or help asked without it is refused with 403 and changes nothing, while anyone with the
game's id may still look at it. Whose records are whose: :class:`Viewer`.
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from typing import Annotated, Any, Final, Literal, TypeVar

from fastapi import Cookie, Depends, Header, HTTPException, Request
from pydantic import BaseModel, Field, field_validator
from starlette.concurrency import run_in_threadpool

from sweepkit.generate import MAX_DENSITY
from sweepkit.rules import LEVELS, FirstClick, Rules
from sweepkit.store.database import Database, StoreError, WouldWait
from sweepkit.store.journal import StaleGame
from sweepkit.store.owners import NotYours, Owners, key_hash
from sweepkit.store.played import GameBook
from sweepkit.web.live import LiveGame
from sweepkit.web.owner_cookie import NEW_KEY, OWNER_COOKIE
from sweepkit.web.persist import LiveGames

log = logging.getLogger("sweepkit.web")

T = TypeVar("T")

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
    seq: int | None = Field(None, ge=0, description=(
        "the game's seq as the page last saw it: when the game has moved on since (a move "
        "from another tab), 409 with its state, and nothing done"))
    auto_flag: bool = Field(False, description=(
        "flag the cells the player's numbers make trivially mines after this move, when "
        "it opens cells (sweepkit.web.autoflag): an assist"))


# The dependencies that only read the app's state are coroutines: FastAPI runs a plain
# function in its thread pool, a hop a request for nothing.
async def live_games(request: Request) -> LiveGames:
    return request.app.state.live


async def game_book(request: Request) -> GameBook:
    return request.app.state.book


async def owners_of(request: Request) -> Owners:
    return request.app.state.owners


Live = Annotated[LiveGames, Depends(live_games)]
Book = Annotated[GameBook, Depends(game_book)]
Players = Annotated[Owners, Depends(owners_of)]


KEY_BYTES = 24
"""Random bytes of a key (32 URL-safe characters)."""


async def owner_key(request: Request,
              key: Annotated[str | None, Cookie(alias=OWNER_COOKIE)] = None) -> str:
    """The browser's key, given one (in the cookie of the reply, whatever it is:
    :class:`~sweepkit.web.owner_cookie.OwnerCookie`) if it has none yet."""
    if key is None or len(key) != 4 * KEY_BYTES // 3:
        key = secrets.token_urlsafe(KEY_BYTES)
        setattr(request.state, NEW_KEY, key)
    return key


Owner = Annotated[str, Depends(owner_key)]
"""For a route that starts a game: the key the game will belong to."""

Key = Annotated[str | None, Cookie(alias=OWNER_COOKIE)]
"""For a route that changes a game: the key the request carries (None: none)."""

READ_ONLY = object()
"""``locked(..., key=READ_ONLY)``: the request only looks at the game."""


@dataclass(frozen=True)
class Viewer:
    """Who asks about players' records: the hash of the browser's key (None without
    one), and whether the request carries the operator's admin token."""

    key: str | None
    admin: bool = False

    def may_act_as(self, owners: Owners, name: str) -> str:
        """The player's stored name when this viewer may change its records (an owner,
        or the operator); 403 when not, 404 when there is no such player."""
        try:
            return owners.name_of(name) if self.admin else owners.check(name, self.key)
        except NotYours as exc:
            raise HTTPException(403, f"{exc}; nothing was changed") from None
        except StoreError:
            raise HTTPException(404, f"no player {name.strip()!r}") from None

    def may_read(self, owners: Owners, name: str) -> None:
        """403 unless this viewer may read the player's games (public, its own, or the
        operator)."""
        if not self.admin and not owners.may_read(name, self.key):
            raise HTTPException(403, f"the games of {name.strip()!r} are private: only "
                                     "its own browsers see them")

    def readable(self, owners: Owners) -> tuple[int, ...] | None:
        """The players whose games this viewer may read besides the public ones (None:
        all, for the operator)."""
        return None if self.admin else owners.owned_ids(self.key)


async def viewer(request: Request, key: Key = None,
           authorization: Annotated[str | None, Header()] = None) -> Viewer:
    """The viewer of a request: its key's hash, and the operator when it carries the
    admin token (``Authorization: Bearer TOKEN``) the server was started with."""
    token: str | None = request.app.state.admin_token
    given = (authorization or "").removeprefix("Bearer ").strip()
    admin = bool(token and given and secrets.compare_digest(given.encode(), token.encode()))
    return Viewer(key_hash(key) if key else None, admin)


Who = Annotated[Viewer, Depends(viewer)]
"""For a route that reads or changes players' records: who asks."""


def player_for(owners: Owners, key: str, name: str | None) -> str:
    """The player a browser (its key) acts as: ``name`` (made its own when new), or its
    default player when ``None``; 403 when the name is another browser's, 422 when it is
    not a name."""
    try:
        if name is None:
            return owners.default_name(key_hash(key))
        return owners.claim(name, key_hash(key))
    except NotYours as exc:
        raise HTTPException(403, str(exc)) from None
    except ValueError as exc:
        raise HTTPException(422, str(exc)) from None


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


class Conflict(HTTPException):
    """409: the request was made on a state of the game that is no longer its state (a
    move from another tab or another server process got there first); the reply carries
    the game's ``state`` now, and nothing was changed."""

    def __init__(self, message: str, state: dict[str, Any]) -> None:
        super().__init__(409, message)
        self.state = state


def find(live: LiveGames, game_id: str, *, fresh: bool = True) -> LiveGame:
    """The game (``fresh``: as the database holds it now); 404 when there is none."""
    try:
        return live.get(game_id, fresh=fresh)
    except KeyError:
        raise HTTPException(404, f"no game {game_id!r} on this server (it may have "
                                 "ended long ago): start a new one") from None


PATIENCE: Final = 0.05
"""Seconds a move done on the event loop (:func:`soon`) may wait for its game or the
database's write lock before it is done on a worker thread instead."""

RETRIES = 3
"""How often a request reads a game again when its copy in memory went out of date while
the request waited for it."""


@contextmanager
def locked(live: LiveGames, game_id: str, *, key: str | object | None = READ_ONLY,
           quick: bool = True) -> Iterator[LiveGame]:
    """The game, held by its lock for the body, and whatever the body did to it written
    before the reply (:meth:`LiveGames.commit`, which also stores a game just finished:
    a body whose reply names the stored game commits before it makes the reply); 404 for
    a game closed meanwhile (a restart replaced it while this request waited for the
    lock), 403 when ``key`` is not the key of the browser that started it.

    A ``quick`` change (a move, an undo, a pause) runs inside one write transaction that
    first checks the copy in memory is the database's game and holds its row, so two
    server processes take turns. Any other (a hint's analysis, a no-guess board's first
    click: seconds) runs outside one, and its write is refused with 409
    (:class:`Conflict`) when another request wrote the game first."""
    writing = key is not READ_ONLY
    for _ in range(RETRIES):
        game = find(live, game_id, fresh=not writing)
        if writing:
            check_owner(game, key)
        with _taken(game.lock, live.book):
            if game.dropped:
                continue
            if game.closed:
                raise HTTPException(404, f"game {game_id!r} was restarted: play the new one")
            in_transaction = writing and quick and (game.game.drawn or not game.game.no_guess)
            if writing and not in_transaction and live.book.patience is not None:
                raise WouldWait(f"game {game_id!r}: this change may take seconds")
            with live.book.write() if in_transaction else nullcontext():
                if in_transaction:
                    hold(live, game)
                    if game.closed:
                        raise HTTPException(404, f"game {game_id!r} was restarted: play the "
                                                 "new one")
                try:
                    try:
                        yield game
                    except BaseException:
                        if game.pending:  # done in memory, not written: read it again
                            live.forget(game)
                        raise
                    live.commit(game)
                except StaleGame:
                    raise Conflict("the game changed meanwhile (a move from another tab?): "
                                   "this is its state now; nothing of this request was "
                                   "done", find(live, game_id).state_json()) from None
            return
    raise HTTPException(503, "the game is busy: try again", headers={"Retry-After": "1"})


@contextmanager
def _taken(lock: threading.Lock, db: Database) -> Iterator[None]:
    """``lock`` held for the body; inside :meth:`Database.briefly`, waited for no longer
    than its patience (:class:`WouldWait`)."""
    patience = db.patience
    if not lock.acquire(timeout=-1 if patience is None else patience):
        raise WouldWait("the game is busy with another request")
    try:
        yield
    finally:
        lock.release()


async def soon(db: Database, change: Callable[[], T]) -> T:
    """``change()`` (a quick change of a game: a move) done on the event loop when it
    need not wait (:data:`PATIENCE`), sparing the hop to a worker thread; else, or on
    PostgreSQL (a round trip to another machine), on a worker thread. A change that would
    wait is refused before anything is written, and made again from the start."""
    if db.dialect == "sqlite":
        try:
            with db.briefly(PATIENCE):
                return change()
        except WouldWait:
            pass
    return await run_in_threadpool(change)


def hold(live: LiveGames, game: LiveGame) -> None:
    """:meth:`LiveGames.hold`, 404 when the game is gone."""
    try:
        live.hold(game)
    except KeyError:
        raise HTTPException(404, f"no game {game.id!r} on this server: start a new one"
                            ) from None


def owns(game: LiveGame, key: object) -> bool:
    """Whether ``key`` is the key of the browser that started the game."""
    return bool(isinstance(key, str) and game.owner
                and secrets.compare_digest(key_hash(key).encode(), game.owner.encode()))


def check_owner(game: LiveGame, key: object) -> None:
    """403, changing nothing, unless ``key`` is the game's: only the browser that
    started a game plays it."""
    if not owns(game, key):
        raise HTTPException(403, "this game was started in another browser: you can watch "
                                 "it here, not play it; start a game of your own, or open "
                                 "a shared link to play the same board")


__all__ = ["LEVEL_NAMES", "MAX_COLS", "MAX_ROWS", "MAX_SEED", "OWNER_COOKIE", "PATIENCE",
           "BoardSpec", "Book", "Conflict", "Key", "Live", "MoveIn", "Owner", "Players",
           "Viewer", "Who", "check_owner", "check_served", "find", "game_book", "live_games",
           "locked", "owners_of", "owns", "player_for", "rules_of", "soon", "viewer"]
