"""Played games out of the database and back in, as JSON or CSV: a player's statistics
exported, reset and imported come back the same.

An export holds each game's record (rules, layout or seed, every move with its time) and
what the record cannot tell (who played it and when, the level's name, the assists). On
import every record is replayed and the result, 3BV and clicks are taken from the replay,
never from the file's figures; the level's name must match the board; times are stored
in UTC. What a record itself says (its moves' times, the assists it lists) is trusted:
an import is a player's own games moving between copies of a local app, not a contest.
The whole file is checked before anything is stored: a bad or foreign file gets a
:class:`GamesFileError` naming the game and the field, and changes nothing; a game already
stored is not added twice (games are named by content).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime, timedelta
from typing import Any, Final

from sweepkit.figures import game_figures
from sweepkit.game import Status, replay
from sweepkit.rules import LEVELS
from sweepkit.serialize import RecordError, record_from_json, record_json
from sweepkit.store.played import (
    ASSISTS,
    GameBook,
    GameFilter,
    PlayedGame,
    PlayedRow,
    player_name,
)

FORMAT: Final = "sweepkit-games/1"
"""The ``format`` tag of a JSON export; an import refuses any other."""

MAX_GAMES: Final = 100_000
"""The most games one import takes (a bigger file is refused whole)."""

MAX_CSV_FIELD: Final = 1 << 30
"""The longest CSV field read back: a record's moves are one field, and a long game's
run past the csv module's default 128 KiB (its own export would not import)."""

CSV_COLUMNS: Final = (
    "player", "player_kind", "started", "finished", "level", "rows", "cols", "mines", "rule",
    "no_guess", "won", "seconds", "three_bv", "three_bv_solved", "three_bv_per_s",
    "left_clicks", "right_clicks", "chord_clicks", "wasted_clicks", "efficiency", "flagged",
    "assisted", "assists", "deaths", "guesses", "hardest", "source", "record",
)
"""The CSV export's columns: the figures for a spreadsheet, and the record (as JSON
text) that an import replays; an import reads only player, player_kind, started,
finished, level, assists, deaths, guesses, hardest, source and record."""


class GamesFileError(ValueError):
    """A file that cannot be imported; the message names the game (from 1) and field."""


def game_doc(row: PlayedRow) -> dict[str, Any]:
    """One stored game as an export entry: its row's fields and its record."""
    return {**row.as_json(), "record": record_json(row.game_record())}


def export_json(book: GameBook, where: GameFilter | None = None) -> dict[str, Any]:
    """The games passing ``where`` (all by default), oldest first, as one document."""
    rows = book.games(where, order="id", descending=False, limit=MAX_GAMES)
    return {"format": FORMAT, "exported": datetime.now(UTC).isoformat(timespec="seconds"),
            "games": [game_doc(r) for r in rows]}


def export_csv(book: GameBook, where: GameFilter | None = None) -> str:
    """The same games as CSV text, one row a game (:data:`CSV_COLUMNS`)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, CSV_COLUMNS, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for row in book.games(where, order="id", descending=False, limit=MAX_GAMES):
        doc = row.as_json()
        clicks = doc.pop("clicks")
        writer.writerow({
            **doc, "left_clicks": clicks["left"], "right_clicks": clicks["right"],
            "chord_clicks": clicks["chord"], "wasted_clicks": clicks["wasted"],
            "seconds": row.seconds, "assists": json.dumps(row.assists, sort_keys=True),
            "record": json.dumps(record_json(row.game_record()), separators=(",", ":")),
        })
    return out.getvalue()


def read_json(text: str | bytes, max_side: int | None = None) -> list[PlayedGame]:
    """The games of a JSON export, checked and replayed; GamesFileError when any is bad
    (or, with ``max_side``, on a board with more rows or columns)."""
    try:
        doc = json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:
        raise GamesFileError(f"not a JSON file ({exc})") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise GamesFileError(f"not a sweepkit games file: its 'format' should be {FORMAT!r}")
    games = doc.get("games")
    if not isinstance(games, list):
        raise GamesFileError("the file has no list of 'games'")
    return _checked(games, max_side)


def read_csv(text: str, max_side: int | None = None) -> list[PlayedGame]:
    """The games of a CSV export, checked and replayed; GamesFileError when any is bad
    (or, with ``max_side``, on a board with more rows or columns)."""
    if csv.field_size_limit() < MAX_CSV_FIELD:  # the limit is the csv module's, global
        csv.field_size_limit(MAX_CSV_FIELD)
    reader = csv.DictReader(io.StringIO(text, newline=""))
    needed = {"player", "started", "finished", "record"}
    try:
        header = reader.fieldnames or ()
    except csv.Error as exc:
        raise GamesFileError(f"row 1: {exc}") from None
    missing = needed - set(header)
    if missing:
        raise GamesFileError(f"not a sweepkit games CSV: no column {sorted(missing)[0]!r}")
    entries: list[dict[str, Any]] = []
    try:
        for line in reader:
            entry: dict[str, Any] = dict(line)
            for key in ("record", "assists"):
                if entry.get(key):
                    entry[key] = json.loads(entry[key])
            for key in ("guesses", "deaths"):
                entry[key] = int(entry[key]) if entry.get(key) else None
            entries.append({k: (v if v != "" else None) for k, v in entry.items()})
    except (ValueError, csv.Error) as exc:
        raise GamesFileError(f"row {len(entries) + 2}: {exc}") from None
    return _checked(entries, max_side)


def _checked(entries: list[Any], max_side: int | None) -> list[PlayedGame]:
    if len(entries) > MAX_GAMES:
        raise GamesFileError(f"the file has {len(entries)} games; one import takes at most "
                             f"{MAX_GAMES}")
    return [_game(n, entry, max_side) for n, entry in enumerate(entries, 1)]


def _utc(text: str) -> str:
    """An ISO time in UTC, as the store keeps it: a UTC time as it is written (so a game
    exported and imported keeps its name), another zone's converted, a time without a
    zone taken as UTC."""
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC).isoformat()
    if moment.utcoffset() == timedelta(0):
        return text
    return moment.astimezone(UTC).isoformat()


def _game(n: int, entry: Any, max_side: int | None) -> PlayedGame:
    where = f"game {n}"
    if not isinstance(entry, Mapping):
        raise GamesFileError(f"{where}: expected an object")
    try:
        record = record_from_json(entry.get("record"))
    except RecordError as exc:
        raise GamesFileError(f"{where}: its record: {exc}") from None
    rules = record.rules
    if max_side is not None and max(rules.rows, rules.cols) > max_side:
        raise GamesFileError(f"{where}: its board is {rules.rows}x{rules.cols}; this app "
                             f"keeps boards up to {max_side}x{max_side}")
    try:
        game = replay(record)
    except ValueError as exc:
        raise GamesFileError(f"{where}: its record does not replay ({exc})") from None
    if not game.over:
        raise GamesFileError(f"{where}: its record does not end the game")
    text = {key: entry.get(key) for key in ("player", "started", "finished")}
    for key, value in text.items():
        if not isinstance(value, str) or not value:
            raise GamesFileError(f"{where}: '{key}' should be text")
    for key in ("started", "finished"):
        try:
            text[key] = _utc(text[key])
        except ValueError:
            raise GamesFileError(f"{where}: '{key}' is not an ISO 8601 time: "
                                 f"{text[key]!r}") from None
    level = entry.get("level")
    if level is not None and (not isinstance(level, str) or LEVELS.get(level) != (
            rules.rows, rules.cols, rules.mines)):
        raise GamesFileError(f"{where}: 'level' {level!r} is not the name of its "
                             f"{rules.rows}x{rules.cols} board with {rules.mines} mines")
    assists = entry.get("assists") or {}
    if not isinstance(assists, Mapping) or not all(
            k in ASSISTS and isinstance(v, int) and v >= 0 for k, v in assists.items()):
        raise GamesFileError(f"{where}: 'assists' should map {', '.join(ASSISTS)} to counts")
    kind = entry.get("player_kind") or "human"
    if kind not in ("human", "computer"):
        raise GamesFileError(f"{where}: 'player_kind' should be human or computer")
    guesses = entry.get("guesses")
    if guesses is not None and not isinstance(guesses, int):
        raise GamesFileError(f"{where}: 'guesses' should be a whole number or null")
    deaths = entry.get("deaths") or 0  # none in a file from before deaths were kept
    if not isinstance(deaths, int) or isinstance(deaths, bool) or deaths < 0:
        raise GamesFileError(f"{where}: 'deaths' should be a whole number from 0")
    try:
        return PlayedGame(
            player=text["player"], record=record, level=level,
            won=game.status is Status.WON, figures=game_figures(game),
            started=text["started"], finished=text["finished"], assists=dict(assists),
            kind=kind, guesses=guesses, hardest=_text(entry.get("hardest")),
            source=_text(entry.get("source")) or "import", deaths=deaths)
    except ValueError as exc:
        raise GamesFileError(f"{where}: {exc}") from None


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def import_games(book: GameBook, games: Iterable[PlayedGame]) -> tuple[int, int]:
    """Store checked games in one transaction; ``(added, already there)``. A player
    name is checked here too (ValueError), before anything is stored."""
    games = list(games)
    for n, game in enumerate(games, 1):
        try:
            player_name(game.player)
        except ValueError as exc:
            raise GamesFileError(f"game {n}: {exc}") from None
    return book.add_many(games)
