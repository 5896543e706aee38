"""Playing: start a game, make moves, restart the same board. Each is written to the
database before its reply is sent (a finished game's record with its last move), so a
restart or a killed server loses no game, finished or not."""

from __future__ import annotations

import secrets
from collections import Counter
from typing import Any

from fastapi import APIRouter, HTTPException
from pydantic import Field
from starlette.concurrency import run_in_threadpool

from sweepkit.game import Game, GameOverError, HiddenLayoutError, MoveError, Status
from sweepkit.generate import MAX_DENSITY, NoGuessError, NoGuessLayouts
from sweepkit.moves import MoveKind
from sweepkit.rules import LEVELS, FirstClick
from sweepkit.store.owners import key_hash
from sweepkit.store.played import MAX_NAME
from sweepkit.web.deps import (
    LEVEL_NAMES,
    MAX_COLS,
    MAX_ROWS,
    BoardSpec,
    Conflict,
    Key,
    Live,
    MoveIn,
    Owner,
    Players,
    locked,
    owns,
    player_for,
    rules_of,
    soon,
)
from sweepkit.web.live import PausableClock
from sweepkit.web.loss import loss_verdict
from sweepkit.web.persist import NO_GUESS_SECONDS, LiveGames

router = APIRouter(prefix="/api", tags=["play"])

class NewGame(BoardSpec):
    """A new game for a player, on a no-guess board or not."""

    no_guess: bool = False
    player: str | None = Field(None, max_length=MAX_NAME * 4)


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
def new_game(spec: NewGame, live: Live, owners: Players, owner: Owner) -> dict[str, Any]:
    """Start a game; its state (every cell covered). The player is the name given (403
    when it is another browser's), or this browser's own default player."""
    rules = rules_of(spec, spec.no_guess)
    player = player_for(owners, owner, spec.player)
    layouts = NoGuessLayouts(seconds=NO_GUESS_SECONDS) if spec.no_guess else None
    clock = PausableClock()
    # The seed is drawn here, as the game would, so that the board can be shared by it.
    seed = spec.seed if spec.seed is not None else secrets.randbelow(2**63)
    game = Game(rules, seed, layouts=layouts, clock=clock)
    # A board chosen by its seed can be known before it is played: not a record.
    assists = Counter(seeded=1) if spec.seed is not None else None
    # A no-guess board is searched for within a time budget: its seed may not deal it again.
    return live.add_game(game, player, spec.level, assists, clock=clock,
                         owner=key_hash(owner),
                         seed=None if spec.no_guess else seed).state_json()


@router.get("/games/{game_id}")
def game_state(game_id: str, live: Live, key: Key = None) -> dict[str, Any]:
    """A game's state: its cells (the mines only once it is over) and figures, and
    whether it is ``yours`` (the asking browser started it: else the page is read-only)."""
    with locked(live, game_id) as game:
        return {**game.state_json(), "yours": owns(game, key)}


@router.post("/games/{game_id}/moves")
async def move(game_id: str, spec: MoveIn, live: Live, key: Key = None) -> dict[str, Any]:
    """Make a move; the cells it changed and the game's status. The move that ends the
    game stores it first; the move that loses it says too whether the death was forced
    (``loss``: :func:`~sweepkit.web.loss.loss_verdict`). With ``seq``, a move made on a
    state the game has left gets 409 and the state now."""
    reply, game = await soon(live.book, lambda: _written_move(game_id, spec, live, key))
    if game.status is Status.LOST:  # the loss's analysis on a worker thread
        return await run_in_threadpool(_with_loss, reply, game)
    return reply


def make_move(game_id: str, spec: MoveIn, live: LiveGames, key: str | None) -> dict[str, Any]:
    """:func:`move` on this thread (a job's)."""
    return _with_loss(*_written_move(game_id, spec, live, key))


def _with_loss(reply: dict[str, Any], game: Game) -> dict[str, Any]:
    """The move's reply, and when it lost what its death was: forced, or avoidable (after
    the game's write: the analysis takes a while)."""
    return {**reply, "loss": loss_verdict(game)} if game.status is Status.LOST else reply


def _written_move(game_id: str, spec: MoveIn, live: LiveGames,
                  key: str | None) -> tuple[dict[str, Any], Game]:
    """The move made and written: its reply but the loss's analysis, and the game."""
    with locked(live, game_id, key=key) as game:
        rules = game.game.rules
        if spec.seq is not None and spec.seq != game.seq:
            raise Conflict(f"the game has moved on (seq {game.seq}, not {spec.seq}): this "
                           "is its state now; the move was not made", game.state_json())
        if not (0 <= spec.row < rules.rows and 0 <= spec.col < rules.cols):
            raise HTTPException(422, f"cell ({spec.row}, {spec.col}) is off the "
                                     f"{rules.rows}x{rules.cols} board")
        if game.clock.paused:
            raise HTTPException(409, "the game is paused: resume it first")
        try:
            result, changes = game.move(MoveKind(spec.kind), rules.index(spec.row, spec.col),
                                        spec.auto_flag)
        except GameOverError as exc:
            raise HTTPException(409, str(exc)) from None
        except NoGuessError as exc:
            raise HTTPException(422, f"no no-guess board could be made: {exc}; start a "
                                     "normal board instead") from None
        except (MoveError, ValueError) as exc:
            raise HTTPException(422, str(exc)) from None
        live.commit(game)  # written, and stored when it ended: the reply names the record
        return ({"changes": changes, "wasted": result.wasted, "state": game.status_json()},
                game.game)


@router.post("/games/{game_id}/restart", status_code=201)
def restart(game_id: str, live: Live, key: Key = None) -> dict[str, Any]:
    """The same board again, every cell covered, as a new game on its own (recorded with
    the ``restart`` assist: the player has seen this board); the old game is closed.
    Before the board is drawn (no reveal yet) it is the same game, its flags cleared."""
    with locked(live, game_id, key=key) as old:
        game = old.game
        try:
            mines = frozenset(game.reveal_layout(cheat=True).known_mines())
        except HiddenLayoutError:
            old.clear()
            return old.state_json()
        # What the player knew of the board stays known: a seeded board stays seeded.
        assists = Counter(restart=1, **({"seeded": 1} if old.assists["seeded"] else {}))
        clock = PausableClock()
        fresh = Game(game.rules, mine_cells=mines, clock=clock, no_guess=game.no_guess)
        new = live.add_game(fresh, old.player, old.level, assists, clock=clock,
                            owner=old.owner)
        live.close(old)
    return new.state_json()


@router.post("/games/{game_id}/undo")
def undo(game_id: str, live: Live, key: Key = None) -> dict[str, Any]:
    """Take back the last move (recorded as an assist); the whole state, since a move
    can open thousands of cells. After a loss it takes back the move that lost (practice):
    the game plays on with one more death, and when it ends it is stored in place of the
    loss, assisted. A win stands (409)."""
    with locked(live, game_id, key=key) as game:
        if game.clock.paused:
            raise HTTPException(409, "the game is paused: resume it first")
        try:
            game.undo()
        except MoveError as exc:
            raise HTTPException(409, str(exc)) from None
        return game.state_json()


@router.post("/games/{game_id}/show")
def show_board(game_id: str, live: Live, key: Key = None) -> dict[str, Any]:
    """Show the whole layout of a lost game: until then a loss shows only the mine that
    was hit, so that an undo may take it back without the layout seen. The loss then
    stands (an undo gets 409); the whole state. 409 unless the game is lost."""
    with locked(live, game_id, key=key) as game:
        try:
            game.show()
        except MoveError as exc:
            raise HTTPException(409, str(exc)) from None
        return game.state_json()


@router.post("/games/{game_id}/pause")
def pause(game_id: str, live: Live, key: Key = None) -> dict[str, Any]:
    """Stop the game's timer (the page hides the board until it resumes); once the game
    has begun, recorded as an assist: the board could be studied off the clock."""
    with locked(live, game_id, key=key) as game:
        game.pause()
        return game.status_json()


@router.post("/games/{game_id}/resume")
def resume_game(game_id: str, live: Live, key: Key = None) -> dict[str, Any]:
    """Start the timer again after a pause."""
    with locked(live, game_id, key=key) as game:
        game.resume()
        return game.status_json()
