"""The editor's analysis: any position in ``.board`` text analysed exactly (layouts,
probabilities, certain cells, explanations, dead cells, the best move), or, when no
layout explains it, the numbers that contradict each other; and a game on a random
layout consistent with it.

Every analysis runs under a time and size budget (:data:`ANALYSIS_SECONDS`,
:data:`~sweepkit.analysis.budget.SERVICE_TABLE`): a position too big to analyse gets a
422 that says so, never a server that stops answering.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel, Field

from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.budget import SERVICE_TABLE, AnalysisLimit, attempt, limits
from sweepkit.analysis.papers.consistency import minimal_contradiction
from sweepkit.analysis.papers.sample import random_layout
from sweepkit.analysis.reasons.explain import explain
from sweepkit.boardfile import BoardFormatError, parse_board
from sweepkit.game import Game
from sweepkit.moves import Action
from sweepkit.position import Position
from sweepkit.rules import FirstClick, Rules
from sweepkit.serialize import analysis_json, hint_json, position_json
from sweepkit.store.owners import key_hash
from sweepkit.store.played import MAX_NAME
from sweepkit.strategies.hint import hint
from sweepkit.web.deps import Live, Owner, Players, check_served, player_for
from sweepkit.web.live import PausableClock

router = APIRouter(prefix="/api", tags=["analysis"])

ANALYSIS_SECONDS = 5.0
"""The longest one analysis request may run."""

MAX_TEXT = 200_000
"""The longest ``.board`` text accepted, in characters (a 200×200 board with headers)."""


class BoardIn(BaseModel):
    """A position as ``.board`` text, with an optional mine count (over the file's)."""

    board: str = Field(max_length=MAX_TEXT)
    mines: int | None = Field(None, ge=0)


class AnalyseIn(BoardIn):
    """What to compute besides counts and probabilities."""

    dead: bool = True
    explanations: bool = True
    best: bool = True


class PlayIn(BoardIn):
    """A game on a random layout consistent with the position."""

    player: str | None = Field(None, max_length=MAX_NAME * 4)
    seed: int | None = Field(None, ge=0, le=2**64 - 1)


def position_of(spec: BoardIn) -> Position:
    """The position of the request; 422 with the format error's line, column and cell,
    or for a board bigger than the app serves."""
    try:
        position = parse_board(spec.board)
        if spec.mines is not None:
            position = position.with_mines(spec.mines)
    except BoardFormatError as exc:
        raise HTTPException(422, f"the board: {exc}") from None
    except ValueError as exc:
        raise HTTPException(422, f"mines: {exc}") from None
    check_served(position.shape, "the board", "analyses", position.topology == "grid")
    return position


EXPLAIN_SECONDS = 2.0
"""Of the analysis's budget, the most its explanations may take (``explanations`` is
``null`` past it)."""


def too_big(exc: AnalysisLimit, position: Position) -> HTTPException:
    """The refusal of a position past the analysis budget (the mine count suggested only
    when it was not given)."""
    advice = "a smaller one" if position.mines is not None else \
        "a smaller one or give the mine count"
    return HTTPException(422, f"this position is too big to analyse here ({exc}); try "
                              f"{advice}")


@router.post("/analyse")
def analyse_position(spec: AnalyseIn) -> dict[str, Any]:
    """The exact analysis of a position; when inconsistent, an irreducible set of numbers
    that contradict each other (and whether the mine count is part of it; ``minimal``
    false when shrinking it ran into the budget, which bounds it like the analysis)."""
    position = position_of(spec)
    try:
        with limits(seconds=ANALYSIS_SECONDS, table=SERVICE_TABLE):
            analysis = analyse(position)
            # Explanations are optional: on a board of long chains (a reduction) they can
            # take far longer than the analysis, which is then still answered without them.
            explained = attempt(EXPLAIN_SECONDS, lambda: explain(
                position, analysis=analysis)) if spec.explanations else None
            doc = analysis_json(position, analysis, dead=spec.dead,
                                explanations=explained if explained is not None else False)
            contradiction = None
            if not analysis.consistent:
                found = minimal_contradiction(position)
                if found is not None:
                    contradiction = {
                        "numbers": [list(position.coord(i)) for i in found.numbers],
                        "uses_mine_count": found.uses_mine_count,
                        "minimal": found.minimal,
                        "text": found.describe(position)}
            best = None
            if spec.best and analysis.consistent and position.unknown_cells():
                try:
                    gave_up = spec.explanations and explained is None
                    best = hint_json(hint(position, analysis=analysis,
                                          explained=() if gave_up else explained), position)
                except ValueError:
                    best = None  # every covered cell is a mine: nothing to reveal
    except AnalysisLimit as exc:
        raise too_big(exc, position) from None
    return {**doc, "position": position_json(position), "contradiction": contradiction,
            "best": best}


@router.post("/analyse/play", status_code=201)
def play_position(spec: PlayIn, live: Live, owners: Players, owner: Owner
                  ) -> dict[str, Any]:
    """A new game on a layout drawn uniformly from those consistent with the position,
    its numbers already open (an assisted game: it starts from a position)."""
    position = position_of(spec)
    if position.mines is None:
        raise HTTPException(422, "give the mine count (a 'mines:' header or 'mines') to "
                                 "play the position")
    try:
        with limits(seconds=ANALYSIS_SECONDS, table=SERVICE_TABLE):
            mines = random_layout(position, random.Random(spec.seed))
    except AnalysisLimit as exc:
        raise too_big(exc, position) from None
    except ValueError as exc:
        raise HTTPException(422, str(exc)) from None
    try:
        rules = Rules(position.rows, position.cols, len(mines), FirstClick.NONE)
    except ValueError as exc:
        raise HTTPException(422, str(exc)) from None
    player = player_for(owners, owner, spec.player)
    clock = PausableClock()
    game = Game(rules, mine_cells=mines, clock=clock)
    for cell in position.number_cells():
        if not game.over:
            game.play(Action.reveal(cell))
    if game.over:
        raise HTTPException(422, "the position is already solved: nothing left to play")
    for cell in position.known_mines():
        game.play(Action.flag(cell))
    clock.hold()  # from the player's first move on
    return live.add_game(game, player, None, Counter(from_position=1), clock=clock,
                         owner=key_hash(owner)).state_json()
