"""Watch the computer play: start a session, follow its moves as server-sent events
(``game``; ``next``, the move about to be played with its reason and mine probability,
sent before the pace's wait; ``move``, the same move played, with the cells it changed;
``end`` with the figures and the live statistics; ``error``), and pause, step, resume,
change the pace or stop it.

Each finished game is stored as the strategy's (a player of kind ``computer``), with its
guesses and the hardest thing it needed, before its ``end`` event is sent.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from anyio import to_thread
from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.sse import EventSourceResponse, ServerSentEvent
from pydantic import BaseModel, Field

from sweepkit.analysis.budget import SERVICE_TABLE, AnalysisLimit, limits
from sweepkit.bench.result import game_seed, strategy_rng, summarise
from sweepkit.figures import game_figures
from sweepkit.game import Game, Status
from sweepkit.play import Plan, Step, planned_steps
from sweepkit.rules import Rules
from sweepkit.serialize import reason_json, record_json
from sweepkit.store.played import GameBook, PlayedGame
from sweepkit.strategies import (
    STRATEGIES,
    Strategy,
    StrategyError,
    current_options,
    default_first,
    first_cell,
    make_strategy,
)
from sweepkit.web.deps import BoardSpec, Book, rules_of
from sweepkit.web.live import move_changes, shown_elapsed
from sweepkit.web.watch import MAX_DELAY_MS, ThinkClock, WatchSession, WatchSessions

router = APIRouter(prefix="/api", tags=["watch"])
log = logging.getLogger("sweepkit.web")

MOVE_SECONDS = 20.0
"""The longest one move of a watched strategy may think before the session stops with
an ``error`` event."""

OptionValue = str | int | float | bool | None


class NewWatch(BoardSpec):
    """A watch session: a strategy (with options, as ``sweepkit bench --option``), the
    board, the pace and how many games (none: until stopped). An option under its
    deprecated name (``budget`` for ``strength``) is taken under its current one."""

    strategy: str = "best"
    options: dict[str, OptionValue] = Field(default_factory=dict, max_length=16)
    delay_ms: int = Field(300, ge=0, le=MAX_DELAY_MS)
    games: int | None = Field(None, ge=1, le=1_000_000)


class Control(BaseModel):
    """A watcher's control: pause, resume, step (one move, pausing first), stop, or
    ``pace`` to change only the delay."""

    action: Literal["pause", "resume", "step", "stop", "pace"]
    delay_ms: int | None = Field(None, ge=0, le=MAX_DELAY_MS)


async def watch_sessions(request: Request) -> WatchSessions:
    return request.app.state.watch


Sessions = Annotated[WatchSessions, Depends(watch_sessions)]


def find(sessions: WatchSessions, session_id: str) -> WatchSession:
    try:
        return sessions.find(session_id)
    except KeyError:
        raise HTTPException(404, f"no watch session {session_id!r}: start a new one") from None


def build(session: WatchSession) -> Strategy:
    return player(session.strategy, session.options, session.rules)


def player(strategy: str, options: dict[str, Any], rules: Rules) -> Strategy:
    """A fresh ``strategy`` with ``options``, clicking first where :func:`default_first`
    says unless the options say otherwise; ValueError (or TypeError) on a bad option or a
    first cell the rule cannot allow (a first click that is no cell at all fails at the
    first move, ending the stream with an error event)."""
    first = default_first(strategy, rules.rows, rules.cols, rules.first_click)
    made = make_strategy(strategy, **{"first": first, **options})
    try:
        cell = first_cell(rules.shape, made.first)
    except (ValueError, IndexError):  # "analysed", or not a cell: the first move tells
        return made
    rules.check_first_click(cell)
    return made


@router.get("/strategies")
def strategies() -> dict[str, Any]:
    """The strategies the computer can play with, by name, with a line on each."""
    return {"strategies": {name: first_paragraph(cls.__doc__)
                           for name, cls in sorted(STRATEGIES.items())}}


def first_paragraph(doc: str | None) -> str:
    """A docstring's first paragraph as one line (a first line alone can stop mid-sentence).

    >>> first_paragraph('''Probe a cell,
    ...     then stop.
    ...
    ...     Details.''')
    'Probe a cell, then stop.'
    """
    return " ".join((doc or "").strip().split("\n\n")[0].split()).replace("``", "")


@router.post("/watch", status_code=201)
def new_watch(spec: NewWatch, sessions: Sessions) -> dict[str, Any]:
    """Start a watch session (play begins when its events are followed)."""
    rules = rules_of(spec)
    options = current_options(spec.strategy, spec.options)
    try:
        player(spec.strategy, options, rules)
    except (TypeError, ValueError) as exc:
        raise HTTPException(422, str(exc)) from None
    seed = spec.seed if spec.seed is not None else secrets.randbits(64)
    session = sessions.start(strategy=spec.strategy, options=options, rules=rules,
                             level=spec.level, seed=int(seed), delay_ms=spec.delay_ms,
                             games=spec.games)
    return session.as_json()


@router.get("/watch/{session_id}")
def watch_state(session_id: str, sessions: Sessions) -> dict[str, Any]:
    """A session's settings, controls and statistics."""
    return find(sessions, session_id).as_json()


@router.post("/watch/{session_id}/control")
def control(session_id: str, spec: Control, sessions: Sessions) -> dict[str, Any]:
    """Pause, resume, step, stop, or change the pace; the session as it is now."""
    session = find(sessions, session_id)
    session.control(spec.action, spec.delay_ms)
    return session.as_json()


def unwatched(session_id: str, sessions: Sessions) -> WatchSession:
    """The session to stream, checked before the stream starts (afterwards no error
    status can be sent): 404 when unknown, 409 when someone already follows it."""
    session = find(sessions, session_id)
    if not session.claim_stream():  # two requests at once: one of them watches
        raise HTTPException(409, "this session is already being watched")
    return session


@router.get("/watch/{session_id}/events", response_class=EventSourceResponse)
async def events(session: Annotated[WatchSession, Depends(unwatched)], book: Book
                 ) -> AsyncIterator[ServerSentEvent]:
    """The session's games, move by move, as server-sent events; the stream ends when
    the session has played its games or is stopped. One stream at a time."""
    try:
        after_a_game = False
        while not session.finished:
            async for event in play_one(session, book, after_a_game):
                yield event
            after_a_game = True
    finally:
        session.release_stream()


async def play_one(session: WatchSession, book: GameBook, after_a_game: bool = False
                   ) -> AsyncIterator[ServerSentEvent]:
    """One game of the session: a ``game`` event, its moves, its ``end``. Each move is
    thought first and told (``next``: the page outlines it), then played once the turn
    comes (``move``). After a game the last position stays on screen for one turn (the
    pace, or the next step while paused); that turn then makes the new game's first move."""
    turn = False
    if after_a_game:
        turn = await session.wait_turn(first=False)
        if not turn:
            return
    index = session.next_game
    layout_seed = game_seed(session.seed, index)
    clock = ThinkClock()
    game = Game(session.rules, layout_seed, clock=clock)
    moves = planned_steps(game, build(session), rng=strategy_rng(layout_seed))
    started = datetime.now(UTC).isoformat(timespec="milliseconds")
    yield ServerSentEvent(event="game", data={"game": index, "game_seed": str(layout_seed),
                                              "session": session.as_json()})
    while not game.over:
        try:
            plan = await think(clock, moves)
            if plan is None:
                break
            yield ServerSentEvent(event="next", data=plan_json(index, game, plan))
            # a game over waits for no turn: the next one is the next game's
            if not (turn or await session.wait_turn(first=not game.log)):
                return
            turn = False
            step = await think(clock, moves)
        except (StrategyError, AnalysisLimit, ValueError) as exc:
            session.control("stop", None)
            yield ServerSentEvent(event="error", data={"game": index, "message": str(exc)})
            return
        except Exception as exc:  # a bug: the watcher is told, the log keeps the rest
            log.exception("watch %s: game %s", session.id, index)
            session.control("stop", None)
            yield ServerSentEvent(event="error", data={
                "game": index, "message": f"the strategy failed: {type(exc).__name__}"})
            return
        assert isinstance(step, Step)
        yield ServerSentEvent(event="move", data=move_json(index, game, step))
    if not game.over:  # stopped mid-game: nothing to store
        return
    session.next_game = index + 1
    result = summarise(index, layout_seed, game, clock(), record_json(game.record()))
    session.stats.add(result)
    await to_thread.run_sync(session.publish)
    played = PlayedGame(
        player=f"computer: {session.strategy}", kind="computer", record=game.record(),
        level=session.level, won=result.won, figures=game_figures(game), started=started,
        guesses=result.guesses, hardest=result.needed, source="watch")
    record_id = await to_thread.run_sync(book.add, played)
    yield ServerSentEvent(event="end", data={
        "game": index, "status": str(game.status), "won": game.status is Status.WON,
        "figures": game_figures(game).as_json(), "guesses": result.guesses,
        "needed": result.needed, "loss_cause": result.loss_cause, "record_id": record_id,
        "stats": session.stats.as_json()})


async def think(clock: ThinkClock, moves: Iterator[Plan | Step]) -> Plan | Step | None:
    """The next item of a watched game (a move chosen, or played), off the event loop,
    on the game's clock and under the move budget; None at the end."""
    clock.run()
    try:
        return await to_thread.run_sync(next_step, moves)
    finally:
        clock.halt()


def next_step(moves: Iterator[Plan | Step]) -> Plan | Step | None:
    """The next item of a watched game, thought under the move budget; None at the end."""
    with limits(seconds=MOVE_SECONDS, table=SERVICE_TABLE):
        return next(moves, None)


def plan_json(index: int, game: Game, plan: Plan) -> dict[str, Any]:
    """The move about to be played: its number, kind, cell and reason (nothing changed
    yet)."""
    action = plan.decision.action
    return {"game": index, "move": plan.number, "kind": str(action.kind),
            "cell": list(game.rules.coord(action.cell)),
            "reason": reason_json(plan.decision.reason)}


def move_json(index: int, game: Game, step: Step) -> dict[str, Any]:
    action, reason = step.decision.action, step.decision.reason
    rules = game.rules
    return {
        "game": index, "move": step.number, "kind": str(action.kind),
        "cell": list(rules.coord(action.cell)),
        "changes": move_changes(game, step.result, action.cell),
        "reason": reason_json(reason), "status": str(game.status),
        "mines_left": game.mines_left, "elapsed": shown_elapsed(game),
    }
