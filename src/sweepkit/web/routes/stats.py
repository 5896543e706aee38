"""Statistics and replays: the players, their finished games (filtered, sorted, a page at
a time), their statistics and best times, one game's record to replay, and export,
import and reset of a player's games.

Whose games may be read: a public player's by anyone, a private player's (a person's,
until made public) only by its own browsers; reset and import act only for a player's
own browsers. The operator's admin token may do both for any player
(:class:`~sweepkit.web.deps.Viewer`)."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime
from typing import Annotated, Any, Literal
from urllib.parse import quote

from fastapi import APIRouter, Depends, HTTPException, Path, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import PlainTextResponse, Response
from pydantic import BaseModel

from sweepkit.game import HiddenLayoutError, replay
from sweepkit.serialize import record_json
from sweepkit.store.database import StoreError
from sweepkit.store.exchange import (
    GamesFileError,
    export_csv,
    export_json,
    import_games,
    read_csv,
    read_json,
)
from sweepkit.store.journal import ABANDON_AFTER, Journal
from sweepkit.store.owners import NotYours, Owners, key_hash
from sweepkit.store.played import ORDERS, GameBook, GameFilter, PlayedRow
from sweepkit.store.statistics import statistics_by_board
from sweepkit.web.deps import (
    LEVEL_NAMES,
    MAX_COLS,
    MAX_ROWS,
    Book,
    Owner,
    Players,
    Viewer,
    Who,
)

router = APIRouter(prefix="/api", tags=["statistics"])

MAX_PAGE = 1000
"""The most games one page of the table lists."""

MAX_IMPORT_BYTES = 64 * 1024 * 1024
"""The largest file an import reads."""

GameId = Annotated[int, Path(ge=1, le=2**63 - 1, description="a stored game's id")]
"""A stored game's id: SQLite's integers stop at 2^63 - 1."""

BESTS = 10
"""How many best times a level's table lists."""


def time_text(value: str | None, name: str) -> str | None:
    if value is None:
        return None
    try:
        datetime.fromisoformat(value)
    except ValueError:
        raise HTTPException(422, f"{name}: expected a date or time such as 2026-11-25, got "
                                 f"{value!r}") from None
    return value


def game_filter(
    player: str | None = None,
    level: Annotated[str | None, Query(description="beginner, intermediate, expert or "
                                                   "custom")] = None,
    rule: Literal["none", "safe", "opening"] | None = None,
    no_guess: bool | None = None,
    flagged: Annotated[bool | None, Query(description="false: the games won or lost "
                                                      "without a flag (NF)")] = None,
    won: bool | None = None,
    assisted: bool | None = None,
    since: Annotated[str | None, Query(description="ISO date or time, inclusive")] = None,
    until: Annotated[str | None, Query(description="ISO date or time, exclusive")] = None,
    min_3bv: Annotated[int | None, Query(ge=0, le=10**9)] = None,
    max_3bv: Annotated[int | None, Query(ge=0, le=10**9)] = None,
) -> GameFilter:
    if level is not None and level not in (*LEVEL_NAMES, "custom"):
        raise HTTPException(422, f"level: expected one of {', '.join(LEVEL_NAMES)}, custom; "
                                 f"got {level!r}")
    return GameFilter(player=player, level=level, rule=rule, no_guess=no_guess,
                      flagged=flagged, won=won,
                      assisted=assisted, since=time_text(since, "since"),
                      until=time_text(until, "until"), min_3bv=min_3bv, max_3bv=max_3bv)


def visible_filter(where: Annotated[GameFilter, Depends(game_filter)], owners: Players,
                   who: Who) -> GameFilter:
    """The request's filters kept to the games ``who`` may read; 403 when they name a
    private player of another browser."""
    if where.player is not None:
        who.may_read(owners, where.player)
    return replace(where, readable_by=who.readable(owners))


Filter = Annotated[GameFilter, Depends(visible_filter)]
"""The filters of a request, kept to the games its browser may read."""


@router.get("/players")
def players(book: Book, owners: Players, who: Who) -> dict[str, Any]:
    """The players whose games this browser may read: the public ones (the computer's
    strategies among them) and its own (``yours``)."""
    own = set(who.readable(owners) or ())
    return {"players": [{"name": p.name, "kind": p.kind, "created": p.created,
                         "public": p.public, "yours": p.id in own}
                        for p in book.players() if who.admin or p.public or p.id in own]}


@router.get("/stats/games")
def games(book: Book, where: Filter,
          order: Literal[tuple(ORDERS)] = "finished",  # type: ignore[valid-type]
          descending: bool = True,
          limit: Annotated[int, Query(ge=1, le=MAX_PAGE)] = 100,
          offset: Annotated[int, Query(ge=0, le=10**9)] = 0) -> dict[str, Any]:
    """Finished games passing the filters, sorted, one page; with the total."""
    rows = book.games(where, order=order, descending=descending, limit=limit, offset=offset)
    return {"total": book.count(where), "games": [r.as_json() for r in rows]}


@router.get("/runs")
def runs(request: Request) -> dict[str, Any]:
    """The computer's benchmark runs (``sweepkit bench``) in the same database: each a
    strategy with its options, rules, games played and won."""
    store = request.app.state.runs
    return {"runs": [r.as_json() for r in store.runs()]}


@router.get("/stats/summary")
def stats_summary(book: Book, owners: Players, who: Who, player: str) -> dict[str, Any]:
    """A player's statistics (see :mod:`sweepkit.store.statistics`) and best times per
    level: unassisted wins on normal boards (``bests``) and on no-guess boards apart
    (``no_guess_bests``), each with its first-click rule; the games left unfinished
    (``abandoned``, :data:`sweepkit.store.journal.ABANDON_AFTER`). 403 for a private
    player of another browser."""
    who.may_read(owners, player)
    exists = owners.exists(player)
    stored = owners.name_of(player) if exists else player.strip()
    bests, no_guess_bests = ({name: [r.as_json() for r in book.games(
        GameFilter(player=stored, level=name, won=True, assisted=False, no_guess=no_guess),
        order="seconds", descending=False, limit=BESTS)] for name in LEVEL_NAMES}
        for no_guess in (False, True))
    return {"player": stored, "exists": exists,
            "groups": statistics_by_board(book, stored), "bests": bests,
            "no_guess_bests": no_guess_bests,
            "abandoned": Journal(book).abandoned(stored) if exists else 0,
            "abandon_days": ABANDON_AFTER.days,
            "yours": owners.owns(stored, who.key),
            "public": exists and owners.is_public(stored)}


@router.get("/stats/daily")
def daily(book: Book, where: Filter) -> dict[str, Any]:
    """Games played and won, win rate and mean winning time (unassisted wins) per day,
    for the charts."""
    return {"days": [{"day": day, "played": played, "won": won,
                      "win_rate": won / played, "average_time": average}
                     for day, played, won, average in book.daily(where)]}


def readable(book: GameBook, owners: Owners, who: Viewer, game_id: int) -> PlayedRow:
    """A stored game that ``who`` may read; 404 when there is none, 403 when its player's
    games are private."""
    try:
        row = book.game(game_id)
    except StoreError:
        raise HTTPException(404, f"no stored game {game_id}") from None
    who.may_read(owners, row.player)
    return row


@router.get("/stats/games/{game_id}")
def stored_game(game_id: GameId, book: Book, owners: Players, who: Who) -> dict[str, Any]:
    """A finished game with its record (layout and every move with its time): what a
    replay plays; the game's figures with its board's ZiNi (worked out from the record
    for a game stored without it)."""
    row = readable(book, owners, who, game_id)
    record = row.game_record()
    zini = row.zini
    if zini is None:
        try:
            zini = replay(record).zini()
        except (ValueError, HiddenLayoutError):  # a record that does not end its game
            zini = None
    return {"game": {**row.as_json(), "zini": zini}, "record": record_json(record)}


@router.get("/stats/games/{game_id}/replay.txt", response_class=PlainTextResponse)
def text_replay(game_id: GameId, book: Book, owners: Players, who: Who) -> str:
    """A finished game as a text replay: who, the board, the mines, then one move a line
    with its time."""
    row = readable(book, owners, who, game_id)
    record = row.game_record()
    rules = record.rules
    game = row.as_json()
    mines = sorted(record.mine_cells or ()) or None
    lines = [
        "# sweepkit replay", f"player: {row.player}", f"played: {row.started}",
        f"board: {'x'.join(map(str, rules.shape))}, {rules.mines} mines, first click "
        f"{rules.first_click}{', no-guess' if record.no_guess else ''}",
        f"seed: {record.seed}" if mines is None else
        "mines: " + " ".join(",".join(map(str, rules.coord(i))) for i in mines),
        f"result: {'won' if row.won else 'lost'} in {row.seconds:.2f} s, 3BV {row.three_bv}"
        f"{', assisted' if row.assisted else ''}{', NF' if not row.flagged else ''}",
        f"3BV/s: {game['three_bv_per_s'] or 0:.3f}, efficiency: {game['efficiency'] or 0:.3f}",
        "",
    ]
    for move in record.log:  # a cell's coordinates, all of them on an n-D board
        where = " ".join(map(str, rules.coord(move.cell)))
        lines.append(f"{move.time:9.3f} {move.kind:<6} {where}")
    return "\n".join(lines) + "\n"


@router.get("/stats/export")
def export(book: Book, where: Filter, format: Literal["json", "csv"] = "json") -> Response:
    """The games passing the filters as a JSON or CSV file to download."""
    name = f"sweepkit-games-{where.player or 'all'}.{format}".replace(" ", "_")
    # A header is printable ASCII here (no quote, no control character, which would end
    # the header): the name itself travels percent-encoded (RFC 6266).
    plain = "".join(ch if " " <= ch <= "~" and ch != '"' else "_" for ch in name)
    headers = {"Content-Disposition": f'attachment; filename="{plain}"; '
                                      f"filename*=UTF-8''{quote(name)}"}
    if format == "csv":
        return Response(export_csv(book, where), media_type="text/csv", headers=headers)
    return Response(json.dumps(export_json(book, where)),
                    media_type="application/json", headers=headers)


@router.post("/stats/import", openapi_extra={"requestBody": {"content": {
    "application/json": {"schema": {"type": "object"}},
    "text/csv": {"schema": {"type": "string"}}}}})
async def import_file(request: Request, book: Book, owners: Players, who: Who, owner: Owner,
                      format: Literal["json", "csv"] = "json") -> dict[str, Any]:
    """Import an exported JSON or CSV file (the request body): every game is checked and
    replayed first; a bad file is refused whole, with the reason; games already stored
    are skipped. Every person the file names must be new (then this browser's) or this
    browser's own: else 403, and nothing is imported."""
    body = bytearray()
    async for chunk in request.stream():  # refused as soon as it is too big
        body += chunk
        if len(body) > MAX_IMPORT_BYTES:
            raise HTTPException(413, f"the file is over {MAX_IMPORT_BYTES // 2**20} MB; "
                                     "nothing was imported")
    # Replaying every record takes time: off the event loop, which serves everyone.
    who = Viewer(key_hash(owner), who.admin)  # a browser new here gets its key now
    return await run_in_threadpool(import_text, bytes(body), format, book, owners, who)


def import_text(body: bytes, format: str, book: GameBook, owners: Owners, who: Viewer
                ) -> dict[str, Any]:
    """Check, replay and store the games of an import, each person it names claimed for
    the browser first (all in one transaction); 422 naming what is wrong, 403 when a
    person is another browser's."""
    try:
        text = body.decode("utf-8-sig")
        read = read_csv if format == "csv" else read_json
        games = read(text, max_side=max(MAX_ROWS, MAX_COLS))
    except UnicodeDecodeError:
        raise HTTPException(422, "the file is not UTF-8 text; nothing was imported") from None
    except GamesFileError as exc:
        raise HTTPException(422, f"{exc}; nothing was imported") from None
    try:
        with book.write():
            if not who.admin:
                assert who.key is not None
                if any(g.kind == "computer" for g in games):
                    raise NotYours("the computer's games are imported by the operator only")
                for name in sorted({g.player for g in games}):
                    owners.claim(name, who.key)
            added, skipped = import_games(book, games)
    except NotYours as exc:
        raise HTTPException(403, f"{exc}; nothing was imported") from None
    except ValueError as exc:
        raise HTTPException(422, f"{exc}; nothing was imported") from None
    return {"added": added, "skipped": skipped}


class Reset(BaseModel):
    """Delete a player's games: ``confirm`` must repeat the player's name."""

    player: str
    confirm: str


@router.post("/stats/reset")
def reset(spec: Reset, book: Book, owners: Players, who: Who) -> dict[str, Any]:
    """Delete every stored game of a player (after confirmation); how many went. Only
    the player's own browsers (or the operator) may: 403, and nothing deleted, else."""
    if spec.confirm != spec.player:
        raise HTTPException(422, "to reset, repeat the player's name in 'confirm'")
    name = who.may_act_as(owners, spec.player)
    return {"deleted": book.delete(GameFilter(player=name))}
