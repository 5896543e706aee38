"""The players and the games they finished, in sweepkit's database: what the web app's
statistics, personal bests and replays read.

A player is a name (a local app: no passwords), a person's or the computer's (each
strategy watched in the web app plays under its own name). A played game keeps its
record (to replay it move by move), its figures, its rules and the honest-record fields:
whether any flag was placed ("NF" when none was) and every assist used. A game is named
by its content (:attr:`PlayedGame.uid`), so adding the same game twice, from an import
say, stores it once.

>>> import tempfile
>>> from pathlib import Path
>>> from sweepkit.figures import game_figures
>>> from sweepkit.game import Game
>>> from sweepkit.position import Position
>>> game = Game.from_layout(Position.from_rows(["*1.."]))
>>> _ = game.reveal(0, 3)
>>> done = PlayedGame("ada", game.record(), None, True, game_figures(game),
...                   "2026-11-25T10:00:00+00:00")
>>> with tempfile.TemporaryDirectory() as tmp, GameBook(Path(tmp) / "s.db") as book:
...     first, again = book.add(done), book.add(done)
...     row = book.game(first)
>>> again is None, row.player, row.won, row.three_bv, row.assisted, row.flagged
(True, 'ada', True, 1, False, False)
"""

from __future__ import annotations

import hashlib
import json
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from sweepkit.figures import Figures
from sweepkit.game import ClickCounts, GameRecord
from sweepkit.serialize import RecordError, record_from_json, record_json
from sweepkit.store.database import Database, StoreError, dumps, now
from sweepkit.store.training import Score

PlayerKind = Literal["human", "computer"]

ASSISTS: Final = ("hint", "overlay", "undo", "auto_flag", "computer", "from_position",
                  "restart", "seeded", "pause", "shared")
"""The assists a game can record: a hint asked for, the probability overlay shown, a
move undone, flags placed by the app, a move made by the computer, a game started from
a position (a replay's "play from here", an edited board), a board played again after
it was seen (restart), a board the player chose by its seed (it can be known in
advance), a pause (the board could be studied off the clock), a board shared (a link to
it was made while it was played, or it was opened from someone's link or game: the link
shows it)."""

MAX_NAME: Final = 40
"""The longest player name, in characters."""


def player_name(name: str) -> str:
    """``name`` stripped; ValueError when it is empty, too long or has control characters.

    >>> player_name("  Ada ")
    'Ada'
    """
    clean = name.strip()
    if not clean:
        raise ValueError("a player name cannot be empty")
    if len(clean) > MAX_NAME:
        raise ValueError(f"a player name has at most {MAX_NAME} characters, not {len(clean)}")
    if any(ord(c) < 32 or ord(c) == 127 for c in clean):
        raise ValueError("a player name cannot hold control characters")
    return clean


_ASCII_LOWER: Final = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def name_key(name: str) -> str:
    """A player name as names are compared (stripped, ASCII letters in lower case: two
    names that differ only so are one player).

    >>> name_key(" Ada "), name_key("ÉMILE")
    ('ada', 'Émile')
    """
    return name.strip().translate(_ASCII_LOWER)


@dataclass(frozen=True)
class PlayedGame:
    """A finished game to store: who played it, its record and figures, when, and the
    assists used (counts by kind, from :data:`ASSISTS`)."""

    player: str
    record: GameRecord
    level: str | None
    won: bool
    figures: Figures
    started: str
    """When the first move was made: ISO 8601 with the time zone."""
    finished: str = field(default_factory=now)
    assists: Mapping[str, int] = field(default_factory=dict)
    kind: PlayerKind = "human"
    guesses: int | None = None
    hardest: str | None = None
    source: str = "web"
    deaths: int = 0
    """Losing moves taken back by an undo (practice): a game with one is assisted."""

    def __post_init__(self) -> None:
        unknown = set(self.assists) - set(ASSISTS)
        if unknown:
            raise ValueError(f"unknown assist {sorted(unknown)[0]!r} (expected one of "
                             f"{', '.join(ASSISTS)})")
        if self.deaths < 0:
            raise ValueError(f"deaths is a count, not {self.deaths}")

    @property
    def assisted(self) -> bool:
        """Whether the game had any help (an assist, a death): it sets no record."""
        return any(self.assists.values()) or self.deaths > 0

    @property
    def uid(self) -> str:
        """The game's name by content: player, start time and record."""
        text = "\n".join((self.player.casefold(), self.started,
                          dumps(record_json(self.record))))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


@dataclass(frozen=True)
class PlayerRow:
    id: int
    name: str
    kind: str
    created: str
    public: bool = False
    """Whether anyone may read the player's games (else only its own browsers)."""


@dataclass(frozen=True)
class PlayedRow:
    """One stored game; the record stays compressed until :meth:`game_record` asks."""

    id: int
    uid: str
    player: str
    player_kind: str
    started: str
    finished: str
    level: str | None
    rows: int
    cols: int
    mines: int
    rule: str
    no_guess: bool
    won: bool
    seconds: float
    three_bv: int
    three_bv_solved: int
    clicks: ClickCounts
    flagged: bool
    assists: dict[str, int]
    guesses: int | None
    hardest: str | None
    source: str
    blob: bytes = field(repr=False)
    deaths: int = 0
    zini: int | None = None
    """The board's greedy ZiNi (``None`` for a game stored before it was kept)."""

    @property
    def assisted(self) -> bool:
        """Whether the game had any help (an assist, a death): it sets no record."""
        return any(self.assists.values()) or self.deaths > 0

    @property
    def figures(self) -> Figures:
        return Figures(self.seconds, self.three_bv, self.three_bv_solved, self.clicks,
                       self.flagged, self.zini)

    def game_record(self) -> GameRecord:
        """The record, as :func:`sweepkit.game.replay` takes it."""
        try:
            return record_from_json(json.loads(zlib.decompress(self.blob)))
        except (zlib.error, ValueError, RecordError) as exc:
            raise StoreError(f"played game {self.id}: its record is unreadable ({exc})"
                             ) from None

    def as_json(self) -> dict[str, Any]:
        """The row as plain JSON data (without the record)."""
        return {
            "id": self.id, "uid": self.uid, "player": self.player,
            "player_kind": self.player_kind, "started": self.started,
            "finished": self.finished, "level": self.level, "rows": self.rows,
            "cols": self.cols, "mines": self.mines, "rule": self.rule,
            "no_guess": self.no_guess, "won": self.won, "assisted": self.assisted,
            "assists": self.assists, "guesses": self.guesses, "hardest": self.hardest,
            "source": self.source, "deaths": self.deaths, **self.figures.as_json(),
        }


_COLUMNS: Final = (
    "played.id, uid, players.name AS player, players.kind AS player_kind, started, "
    "finished, level, rows, cols, mines, rule, no_guess, won, seconds, three_bv, "
    "three_bv_solved, left_clicks, right_clicks, chord_clicks, wasted_clicks, flagged, "
    "assists, guesses, hardest, source, record, deaths, zini"
)
_FROM: Final = " FROM played JOIN players ON players.id = played.player_id"

_SCORE: Final = 'lesson, "right", wrong, streak, difficulty, seconds, timed'
"""A trainer score's columns, in the order of :class:`~sweepkit.store.training.Score`."""

_WRITTEN: Final = (
    "uid", "player_id", "started", "finished", "level", "rows", "cols", "mines", "rule",
    "no_guess", "won", "seconds", "three_bv", "three_bv_solved", "left_clicks",
    "right_clicks", "chord_clicks", "wasted_clicks", "flagged", "assists", "assisted",
    "guesses", "hardest", "source", "record", "deaths", "zini",
)
"""The columns a stored game writes, in the order of ``GameBook._values``."""

ORDERS: Final = {"finished": "played.finished", "seconds": "seconds", "three_bv": "three_bv",
                 "level": "level", "player": "players.name", "won": "won", "id": "played.id"}
"""The columns :meth:`GameBook.games` can sort by."""


class GameBook(Database):
    """The players and their finished games in sweepkit's database."""

    # -- players ------------------------------------------------------------------------

    def player_id(self, name: str, kind: PlayerKind = "human") -> int:
        """The id of the player called ``name`` (case-insensitive), added when new;
        ValueError for a name :func:`player_name` refuses."""
        with self.write():
            return self._player_id(name, kind)

    def _player_id(self, name: str, kind: PlayerKind) -> int:
        clean = player_name(name)
        with self.write() as db:
            row = db.execute("SELECT id FROM players WHERE name_key = ?",
                             (name_key(clean),)).fetchone()
            if row is not None:
                return int(row[0])
            return int(db.execute(
                "INSERT INTO players (name, name_key, kind, created, public) VALUES "
                "(?, ?, ?, ?, ?) RETURNING id",
                (clean, name_key(clean), kind, now(), int(kind == "computer"))).scalar_one())

    def players(self) -> list[PlayerRow]:
        """Every player, by name."""
        with self.read() as db:
            rows = db.execute("SELECT id, name, kind, created, public FROM players "
                              "ORDER BY name").fetchall()
        return [PlayerRow(r[0], r[1], r[2], r[3], bool(r[4])) for r in rows]

    # -- trainer scores -------------------------------------------------------------------

    def trainer_scores(self, player: str) -> list[Score]:
        """The player's score in every lesson tried, by lesson."""
        with self.read() as db:
            rows = db.execute(
                f"SELECT {_SCORE} FROM trainer_scores JOIN players ON players.id = "
                "player_id WHERE players.name_key = ? ORDER BY lesson",
                (name_key(player),)).fetchall()
        return [Score(*r) for r in rows]

    def trainer_answer(self, player: str, lesson: str, right: bool,
                       seconds: float | None = None) -> Score:
        """Count one answer in a lesson, which took ``seconds`` to decide (``None``: not
        timed), in one transaction; the new score."""
        with self.write() as db:
            player_id = self._player_id(player, "human")
            row = db.execute(f"SELECT {_SCORE} FROM trainer_scores WHERE player_id = ? AND "
                             "lesson = ?", (player_id, lesson)).fetchone()
            score = (Score(*row) if row is not None else Score(lesson)).answered(right,
                                                                                  seconds)
            db.execute(
                'INSERT INTO trainer_scores (player_id, lesson, "right", wrong, streak, '
                "difficulty, seconds, timed, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
                'ON CONFLICT (player_id, lesson) DO UPDATE SET "right" = excluded."right", '
                "wrong = excluded.wrong, streak = excluded.streak, difficulty = "
                "excluded.difficulty, seconds = excluded.seconds, timed = excluded.timed, "
                "updated = excluded.updated",
                (player_id, lesson, score.right, score.wrong, score.streak, score.difficulty,
                 score.seconds, score.timed, now()))
            return score

    # -- games --------------------------------------------------------------------------

    def add(self, game: PlayedGame) -> int | None:
        """Store a finished game; its id, or ``None`` when that game is already stored."""
        with self.write():
            return self._insert(game)

    def replace(self, game_id: int, game: PlayedGame) -> int:
        """Store ``game`` in place of the stored game ``game_id`` (the same game, played
        on after an undo took back the move that lost it), keeping its id; added anew
        when that game is no longer there (deleted meanwhile). Its id."""
        with self.write() as db:
            values = self._values(game)
            cursor = db.execute(f"UPDATE played SET {', '.join(c + ' = ?' for c in _WRITTEN)}"
                                " WHERE id = ?", (*values, game_id))
            if cursor.rowcount:
                return game_id
            added = self._insert(game)
            if added is None:
                raise StoreError(f"game {game.uid} is already stored")
            return added

    def _values(self, game: PlayedGame) -> tuple[Any, ...]:
        """The values of :data:`_WRITTEN` for ``game`` (its player added when new)."""
        player = self._player_id(game.player, game.kind)
        f, rules, record = game.figures, game.record.rules, game.record
        c = f.clicks
        assists = {k: int(v) for k, v in sorted(game.assists.items()) if v}
        return (
            game.uid, player, game.started, game.finished, game.level, rules.rows,
            rules.cols, rules.mines, str(rules.first_click), int(record.no_guess),
            int(game.won), f.time, f.three_bv, f.three_bv_solved, c.left, c.right, c.chord,
            c.wasted, int(f.flagged), dumps(assists), int(game.assisted), game.guesses,
            game.hardest, game.source,
            zlib.compress(dumps(record_json(record)).encode("utf-8"), 6), game.deaths,
            f.zini,
        )

    def _insert(self, game: PlayedGame) -> int | None:
        """Insert one game inside the caller's transaction; its id, or None when it is
        already stored."""
        with self.write() as db:
            added = db.execute(
                f"INSERT INTO played ({', '.join(_WRITTEN)}) VALUES "
                f"({', '.join('?' * len(_WRITTEN))}) ON CONFLICT (uid) DO NOTHING "
                "RETURNING id", self._values(game)).scalar()
        return None if added is None else int(added)

    def id_of(self, uid: str) -> int | None:
        """The id of the stored game named ``uid`` (:attr:`PlayedGame.uid`), if any."""
        with self.read() as db:
            row = db.execute("SELECT id FROM played WHERE uid = ?", (uid,)).fetchone()
        return None if row is None else int(row[0])

    def game(self, game_id: int) -> PlayedRow:
        """One stored game; StoreError naming the id when there is none."""
        with self.read() as db:
            row = db.execute(f"SELECT {_COLUMNS}{_FROM} WHERE played.id = ?",
                             (game_id,)).mappings().fetchone()
        if row is None:
            raise StoreError(f"no played game {game_id} in {self.path}")
        return _played_row(row)

    def games(self, where: GameFilter | None = None, *, order: str = "finished",
              descending: bool = True, limit: int = 100, offset: int = 0
              ) -> list[PlayedRow]:
        """Stored games that pass ``where``, sorted by a column of :data:`ORDERS`, a page
        of ``limit`` from ``offset``."""
        if order not in ORDERS:
            raise ValueError(f"cannot sort by {order!r} (expected one of {', '.join(ORDERS)})")
        clause, args = (where or GameFilter()).sql()
        way = "DESC" if descending else "ASC"
        sql = (f"SELECT {_COLUMNS}{_FROM}{clause} ORDER BY {ORDERS[order]} {way}, "
               f"played.id {way} LIMIT ? OFFSET ?")
        with self.read() as db:
            rows = db.execute(sql, (*args, int(limit), int(offset))).mappings().fetchall()
        return [_played_row(r) for r in rows]

    def count(self, where: GameFilter | None = None) -> int:
        """How many stored games pass ``where``."""
        clause, args = (where or GameFilter()).sql()
        with self.read() as db:
            return int(db.execute(f"SELECT COUNT(*){_FROM}{clause}", args).scalar_one())

    def results(self, where: GameFilter | None = None) -> list[tuple[Any, ...]]:
        """``(level, rows, cols, mines, rule, no_guess, flagged, assisted, won, seconds,
        three_bv, three_bv_solved, effective clicks)`` of every game passing ``where``,
        oldest first: what the statistics are computed from, without the records."""
        clause, args = (where or GameFilter()).sql()
        with self.read() as db:
            return [tuple(r) for r in db.execute(
                "SELECT level, rows, cols, mines, rule, no_guess, flagged, assisted, won, "
                "seconds, three_bv, "
                "three_bv_solved, left_clicks + right_clicks + chord_clicks - wasted_clicks"
                f"{_FROM}{clause} ORDER BY finished, played.id", args)]

    def daily(self, where: GameFilter | None = None) -> list[tuple[str, int, int, float | None]]:
        """``(day, played, won, mean time of the unassisted wins)`` for each UTC day with
        a game passing ``where``, oldest first: what the charts draw."""
        clause, args = (where or GameFilter()).sql()
        with self.read() as db:
            return [tuple(r) for r in db.execute(
                "SELECT substr(finished, 1, 10) AS day, COUNT(*), SUM(won), "
                "AVG(CASE WHEN won = 1 AND assisted = 0 THEN seconds END)"
                f"{_FROM}{clause} GROUP BY day ORDER BY day", args)]

    def delete(self, where: GameFilter) -> int:
        """Delete the games passing ``where`` in one transaction; how many went."""
        clause, args = where.sql()
        with self.write() as db:
            cursor = db.execute(f"DELETE FROM played WHERE id IN (SELECT played.id{_FROM}"
                                f"{clause})", args)
            return cursor.rowcount

    def add_many(self, games: Iterable[PlayedGame]) -> tuple[int, int]:
        """Store games in one transaction (all or none); ``(added, already there)``."""
        added = skipped = 0
        with self.write():
            for game in games:
                if self._insert(game) is None:
                    skipped += 1
                else:
                    added += 1
        return added, skipped


@dataclass(frozen=True)
class GameFilter:
    """Which stored games: by player, level (``"custom"`` for none), rule, no-guess
    board, flags placed or none (NF), result, assisted or not, finish time (ISO text,
    ``since`` inclusive, ``until`` exclusive) and 3BV range."""

    player: str | None = None
    level: str | None = None
    rule: str | None = None
    no_guess: bool | None = None
    flagged: bool | None = None
    won: bool | None = None
    assisted: bool | None = None
    since: str | None = None
    until: str | None = None
    min_3bv: int | None = None
    max_3bv: int | None = None
    readable_by: tuple[int, ...] | None = None
    """Only the games of public players and of these players (a browser's own); None:
    every game."""

    def sql(self) -> tuple[str, list[Any]]:
        """The ``WHERE`` clause (empty when nothing is asked) and its arguments."""
        where: list[str] = []
        args: list[Any] = []
        player = None if self.player is None else name_key(self.player)
        for test, value in (("players.name_key = ?", player), ("rule = ?", self.rule),
                            ("no_guess = ?", self.no_guess), ("flagged = ?", self.flagged),
                            ("won = ?", self.won),
                            ("assisted = ?", self.assisted), ("finished >= ?", self.since),
                            ("finished < ?", self.until), ("three_bv >= ?", self.min_3bv),
                            ("three_bv <= ?", self.max_3bv)):
            if value is not None:
                where.append(test)
                args.append(int(value) if isinstance(value, bool) else value)
        if self.readable_by is not None:
            marks = ", ".join("?" * len(self.readable_by))
            where.append(f"(players.public = 1 OR players.id IN ({marks}))" if marks else
                         "players.public = 1")
            args.extend(self.readable_by)
        if self.level == "custom":
            where.append("level IS NULL")
        elif self.level is not None:
            where.append("level = ?")
            args.append(self.level)
        return (" WHERE " + " AND ".join(where) if where else ""), args


def _played_row(r: Any) -> PlayedRow:
    return PlayedRow(
        id=r["id"], uid=r["uid"], player=r["player"], player_kind=r["player_kind"],
        started=r["started"], finished=r["finished"], level=r["level"], rows=r["rows"],
        cols=r["cols"], mines=r["mines"], rule=r["rule"], no_guess=bool(r["no_guess"]),
        won=bool(r["won"]), seconds=r["seconds"], three_bv=r["three_bv"],
        three_bv_solved=r["three_bv_solved"],
        clicks=ClickCounts(r["left_clicks"], r["right_clicks"], r["chord_clicks"],
                           r["wasted_clicks"]),
        flagged=bool(r["flagged"]), assists=json.loads(r["assists"]), guesses=r["guesses"],
        hardest=r["hardest"], source=r["source"], blob=bytes(r["record"]),
        deaths=r["deaths"], zini=r["zini"],
    )


__all__ = ["ASSISTS", "MAX_NAME", "ORDERS", "GameBook", "GameFilter", "PlayedGame", "PlayedRow",
           "PlayerRow", "name_key", "player_name"]
