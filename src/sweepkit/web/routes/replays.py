"""Replays: a stored game's moves for the page's slider, a replay file (or link) from
another copy of the app, and "play from here": a new game from any moment of one."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel, Field

from sweepkit.game import GameRecord
from sweepkit.serialize import RecordError, record_from_json
from sweepkit.store.owners import key_hash
from sweepkit.store.played import MAX_NAME
from sweepkit.web.deps import Book, Live, Owner, Players, Who, check_served, player_for
from sweepkit.web.replays import play_from, replay_frames
from sweepkit.web.routes.stats import GameId, readable

router = APIRouter(prefix="/api", tags=["replays"])


MOVES_PER_CELL = 10
"""With :data:`SPARE_MOVES`, the most moves a record sent to be replayed may have, per cell
of its board: a longer one is refused before it is replayed (a 2x2 record of a million flag
toggles took half a minute and gigabytes). Play needs a reveal, a flag and a chord a cell
at most; the rest is room for a player's second thoughts. (An import of saved games has no
such bound, only its size: a saved game must always come back.)"""

SPARE_MOVES = 10_000


def too_long(record: GameRecord) -> str | None:
    """Why ``record`` has too many moves to replay here, or ``None`` (:data:`MOVES_PER_CELL`)."""
    rules = record.rules
    bound = MOVES_PER_CELL * rules.size + SPARE_MOVES
    if len(record.log) <= bound:
        return None
    return (f"it has {len(record.log):,} moves, and a record of a board of {rules.size:,} "
            f"cells has at most {bound:,}")


def record_of(doc: Any) -> GameRecord:
    """A record document (``record`` of an export entry, or the entry itself); 422 when
    it is unreadable or its board is bigger than the app serves."""
    if isinstance(doc, dict) and "record" in doc and "rules" not in doc:
        doc = doc["record"]
    try:
        record = record_from_json(doc)
    except RecordError as exc:
        raise HTTPException(422, f"not a game record: {exc}") from None
    if (reason := too_long(record)) is not None:
        raise HTTPException(422, f"the record is too long to replay: {reason}")
    check_record_served(record)
    return record


def check_record_served(record: GameRecord) -> None:
    """422 for a record of a board the app does not serve: of three or more dimensions (an
    older version could save one; it stays in the statistics), or bigger than it plays."""
    rules = record.rules
    check_served((*rules.outer, rules.rows, rules.cols), "the board", "plays and replays")


def frames(record: GameRecord) -> dict[str, Any]:
    try:
        return replay_frames(record)
    except ValueError as exc:
        raise HTTPException(422, str(exc)) from None


@router.get("/stats/games/{game_id}/replay")
def stored_replay(game_id: GameId, book: Book, owners: Players, who: Who) -> dict[str, Any]:
    """A stored game's replay: every move with its time, reason and changed cells, and the
    game with its board's ZiNi (403 when its player's games are private)."""
    row = readable(book, owners, who, game_id)
    replay = frames(row.game_record())
    return {"game": {**row.as_json(), "zini": replay["zini"]}, "replay": replay}


@router.post("/replays")
def shared_replay(doc: dict[str, Any]) -> dict[str, Any]:
    """The replay of a record sent by the page (a replay file or link from another copy
    of the app); nothing is stored."""
    return {"replay": frames(record_of(doc))}


class PlayFrom(BaseModel):
    """Where to start: a stored game (``game_id``) or a record, after ``moves`` moves."""

    game_id: int | None = Field(None, ge=1, le=2**63 - 1)
    record: dict[str, Any] | None = None
    moves: int = Field(ge=0)
    player: str | None = Field(None, max_length=MAX_NAME * 4)


@router.post("/replays/play", status_code=201)
def play_from_here(spec: PlayFrom, live: Live, book: Book, owners: Players, who: Who,
                   owner: Owner) -> dict[str, Any]:
    """A new game on a finished game's board from any of its moves (an assisted game:
    the board has been seen); a stored game only when its games may be read."""
    if (spec.game_id is None) == (spec.record is None):
        raise HTTPException(422, "give a stored game's 'game_id' or a 'record', one of them")
    level = None
    if spec.game_id is not None:
        row = readable(book, owners, who, spec.game_id)
        record, level = row.game_record(), row.level
        check_record_served(record)
    else:
        record = record_of(spec.record)
    player = player_for(owners, owner, spec.player)
    try:
        game = play_from(live, record, spec.moves, player, level, key_hash(owner))
    except ValueError as exc:
        raise HTTPException(422, str(exc)) from None
    return game.state_json()
