"""Playing: start a game, make moves, restart the same board; a finished game is stored
before the reply that ends it is sent, so killing the server loses no finished game."""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, HTTPException, Request
from pydantic import BaseModel, Field, field_validator

from sweepkit.game import Game, GameOverError, HiddenLayoutError, MoveError
from sweepkit.generate import MAX_DENSITY, NoGuessError, NoGuessLayouts
from sweepkit.moves import MoveKind
from sweepkit.rules import LEVELS, FirstClick, Rules
from sweepkit.store.database import StoreError
from sweepkit.store.played import MAX_NAME, GameBook, player_name
from sweepkit.web.live import LiveGame, LiveGames, PausableClock

router = APIRouter(prefix="/api", tags=["play"])
log = logging.getLogger("sweepkit.web")

MAX_ROWS = MAX_COLS = 200
"""The largest board the web app serves (the page says so; the API refuses bigger)."""

LEVEL_NAMES = ("beginner", "intermediate", "expert")
"""The levels the page offers."""

NO_GUESS_SECONDS = 5.0
"""How long the first click of a no-guess game may spend making its board."""

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


class NewGame(BoardSpec):
    """A new game for a player, on a no-guess board or not."""

    no_guess: bool = False
    player: str | None = Field(None, max_length=MAX_NAME * 4)


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
def locked(live: LiveGames, game_id: str, book: GameBook | None = None
           ) -> Iterator[LiveGame]:
    """The game, held by its lock for the body; 404 also for a game closed meanwhile (a
    restart replaced it while this request waited for the lock). With ``book``, a
    finished game whose saving failed is saved again first."""
    game = find(live, game_id)
    with game.lock:
        if game.closed:
            raise HTTPException(404, f"game {game_id!r} was restarted: play the new one")
        if book is not None and game.game.over and game.saved_id is None:
            save(game, book)
        yield game


@router.get("/config")
def config() -> dict[str, Any]:
    """The levels, the largest board and the first-click rules the server offers."""
    return {
        "levels": {name: dict(zip(("rows", "cols", "mines"), LEVELS[name], strict=True))
                   for name in LEVEL_NAMES},
        "max_rows": MAX_ROWS, "max_cols": MAX_COLS,
        "rules": [str(r) for r in FirstClick], "default_rule": str(FirstClick.SAFE),
        "no_guess_max_density": MAX_DENSITY,
    }


@router.post("/games", status_code=201)
def new_game(spec: NewGame, live: Live) -> dict[str, Any]:
    """Start a game; its state (every cell covered)."""
    rules = rules_of(spec, spec.no_guess)
    try:
        player = player_name(spec.player) if spec.player is not None else DEFAULT_PLAYER
    except ValueError as exc:
        raise HTTPException(422, str(exc)) from None
    layouts = NoGuessLayouts(seconds=NO_GUESS_SECONDS) if spec.no_guess else None
    clock = PausableClock()
    game = Game(rules, spec.seed, layouts=layouts, clock=clock)
    # A board chosen by its seed can be known before it is played: not a record.
    assists = Counter(seeded=1) if spec.seed is not None else None
    return live.add_game(game, player, spec.level, assists, clock=clock).state_json()


@router.get("/games/{game_id}")
def game_state(game_id: str, live: Live, book: Book) -> dict[str, Any]:
    """A game's state: its cells (the mines only once it is over) and figures."""
    with locked(live, game_id, book) as game:
        return game.state_json()


@router.post("/games/{game_id}/moves")
def move(game_id: str, spec: MoveIn, live: Live, book: Book) -> dict[str, Any]:
    """Make a move; the cells it changed and the game's status. The move that ends the
    game stores it first."""
    with locked(live, game_id) as game:
        rules = game.game.rules
        if not (0 <= spec.row < rules.rows and 0 <= spec.col < rules.cols):
            raise HTTPException(422, f"cell ({spec.row}, {spec.col}) is off the "
                                     f"{rules.rows}x{rules.cols} board")
        if game.clock.paused:
            raise HTTPException(409, "the game is paused: resume it first")
        try:
            result, changes = game.move(MoveKind(spec.kind), rules.index(spec.row, spec.col))
        except GameOverError as exc:
            raise HTTPException(409, str(exc)) from None
        except NoGuessError as exc:
            raise HTTPException(422, f"no no-guess board could be made: {exc}; start a "
                                     "normal board instead") from None
        except (MoveError, ValueError) as exc:
            raise HTTPException(422, str(exc)) from None
        if game.game.over and game.saved_id is None:
            save(game, book)
        return {"changes": changes, "wasted": result.wasted, "state": game.status_json()}


def save(game: LiveGame, book: GameBook) -> None:
    """Store a finished game; a database error is kept on the game (the page shows it)
    and logged, and the game stays in memory."""
    try:
        game.saved_id = book.add(game.played())
        game.save_error = None
    except (StoreError, ValueError) as exc:
        game.save_error = f"the game could not be saved: {exc}"
        log.error("game %s: %s", game.id, game.save_error)


@router.post("/games/{game_id}/restart", status_code=201)
def restart(game_id: str, live: Live) -> dict[str, Any]:
    """The same board again, every cell covered, as a new game on its own (recorded with
    the ``restart`` assist: the player has seen this board); the old game is closed.
    Before the board is drawn (no reveal yet) it is the same game, its flags cleared."""
    with locked(live, game_id) as old:
        game = old.game
        try:
            mines = frozenset(game.reveal_layout(cheat=True).known_mines())
        except HiddenLayoutError:
            game.restart()
            return old.state_json()
        # What the player knew of the board stays known: a seeded board stays seeded.
        assists = Counter(restart=1, **({"seeded": 1} if old.assists["seeded"] else {}))
        old.closed = True
        live.drop(old.id)
    clock = PausableClock()
    fresh = Game(game.rules, mine_cells=mines, clock=clock, no_guess=game.no_guess)
    return live.add_game(fresh, old.player, old.level, assists, clock=clock).state_json()


@router.post("/games/{game_id}/undo")
def undo(game_id: str, live: Live) -> dict[str, Any]:
    """Take back the last move (recorded as an assist); the whole state, since a move
    can open thousands of cells."""
    with locked(live, game_id) as game:
        if game.clock.paused:
            raise HTTPException(409, "the game is paused: resume it first")
        try:
            game.undo()
        except MoveError as exc:
            raise HTTPException(409, str(exc)) from None
        return game.state_json()


@router.post("/games/{game_id}/pause")
def pause(game_id: str, live: Live) -> dict[str, Any]:
    """Stop the game's timer (the page hides the board until it resumes); once the game
    has begun, recorded as an assist: the board could be studied off the clock."""
    with locked(live, game_id) as game:
        if not game.game.over and not game.clock.paused:
            game.clock.pause()
            if game.game.log:  # the board could be studied off the clock: an assist
                game.assists["pause"] += 1
        return game.status_json()


@router.post("/games/{game_id}/resume")
def resume_game(game_id: str, live: Live) -> dict[str, Any]:
    """Start the timer again after a pause."""
    with locked(live, game_id) as game:
        game.clock.resume()
        return game.status_json()
