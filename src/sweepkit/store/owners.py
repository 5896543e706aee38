"""Whose records are whose: a player belongs to the browsers holding its key.

A browser's key is a random token it keeps (the web app's cookie); the database keeps
only its SHA-256 (:func:`key_hash`), so a copy of the database lets nobody act as a
player. The first browser to use a name owns it; another joins it only with a one-time
code that an owner made (:meth:`Owners.join_code`, valid :data:`CODE_MINUTES`). A name
kept from before owners were (no key yet) goes to the first browser that uses it. The
computer's players belong to nobody and are public; a person's are private until an
owner makes them public.

>>> import tempfile
>>> from pathlib import Path
>>> from sweepkit.store.played import GameBook
>>> with tempfile.TemporaryDirectory() as tmp, GameBook(Path(tmp) / "o.db") as book:
...     owners = Owners(book)
...     alice, bob = key_hash("alice's browser"), key_hash("bob's browser")
...     print(owners.claim(" Alice ", alice))
...     try:
...         owners.claim("alice", bob)
...     except NotYours as refused:
...         print(str(refused)[:45])
...     code, _ = owners.join_code(owners.check("Alice", alice))
...     print(owners.join("ALICE", code, bob), owners.owns("Alice", bob))
Alice
the player 'Alice' belongs to another browser
Alice True
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import UTC, datetime, timedelta
from typing import Final

from sweepkit.store.database import Database, StoreError, now
from sweepkit.store.played import name_key, player_name

CODE_MINUTES: Final = 15
"""How long a join code lets another browser join a player."""

CODE_ALPHABET: Final = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""The letters of a join code: no 0/O or 1/I to misread (5 bits each)."""

CODE_LENGTH: Final = 8
"""Characters of a join code (40 random bits), shown as two groups of four."""

DEFAULT_NAME: Final = "player"
"""The name a browser that chose none plays under: ``player``, or ``player 2``, ``player
3``... when that is another browser's."""


class NotYours(Exception):
    """The player belongs to other browsers (or to the computer): the request may not
    act as it."""


def key_hash(key: str) -> str:
    """The SHA-256 of a browser's key, as the database keeps it."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def _code_hash(code: str) -> str:
    clean = "".join(c for c in code.upper() if c.isalnum())
    return hashlib.sha256(clean.encode("ascii", "replace")).hexdigest()


class Owners:
    """The players' owners and privacy in ``db``'s database."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def claim(self, name: str, key: str) -> str:
        """The player ``name`` for the browser whose key hash is ``key``: made and owned
        when new, taken when it has no owner yet; its stored spelling. NotYours when it
        is another's; ValueError for a name :func:`player_name` refuses."""
        clean = player_name(name)
        with self.db.write() as db:
            row = db.execute("SELECT id, name, kind FROM players WHERE name_key = ?",
                             (name_key(clean),)).fetchone()
            if row is None:
                player = db.execute("INSERT INTO players (name, name_key, kind, created) "
                                    "VALUES (?, ?, 'human', ?) RETURNING id",
                                    (clean, name_key(clean), now())).scalar_one()
                db.execute("INSERT INTO player_keys (player_id, key_hash, added) VALUES "
                           "(?, ?, ?)", (player, key, now()))
                return clean
            player, stored, kind = row
            if kind == "computer":
                raise NotYours(f"the name {stored!r} is the computer's: choose another")
            keys = {k for (k,) in db.execute(
                "SELECT key_hash FROM player_keys WHERE player_id = ?", (player,))}
            if not keys:
                db.execute("INSERT INTO player_keys (player_id, key_hash, added) VALUES "
                           "(?, ?, ?)", (player, key, now()))
            elif key not in keys:
                raise _not_yours(stored)
            return str(stored)

    def default_name(self, key: str, *, claim: bool = True) -> str:
        """The player a browser plays as when it names none: the first it owns, else
        :data:`DEFAULT_NAME`, numbered (``player 2``...) when other browsers have the
        smaller ones, made its own (with ``claim=False`` only named: what it would play
        as). One read of the names taken and one insert, in one short transaction."""
        owned = self.owned(key)
        if owned:
            return owned[0]
        if not claim:
            return self._free_default()
        for _ in range(10):  # on PostgreSQL another browser may take it meanwhile
            try:
                with self.db.write():  # found and taken in one short transaction
                    return self.claim(self._free_default(), key)
            except NotYours:
                continue
        raise StoreError("no free default player name: try again")

    def _free_default(self) -> str:
        """The first of ``player``, ``player 2``, ``player 3``... that nobody has."""
        with self.db.read() as db:
            taken = {r[0] for r in db.execute(
                "SELECT name_key FROM players WHERE name_key = ? OR name_key LIKE ?",
                (DEFAULT_NAME, DEFAULT_NAME + " %"))}
        if DEFAULT_NAME not in taken:
            return DEFAULT_NAME
        numbers = {int(k[len(DEFAULT_NAME) + 1:]) for k in taken
                   if k[len(DEFAULT_NAME) + 1:].isdigit()}
        n = 2
        while n in numbers:
            n += 1
        return f"{DEFAULT_NAME} {n}"

    def owned(self, key: str) -> list[str]:
        """The names of the players the browser owns, oldest first."""
        with self.db.read() as db:
            return [r[0] for r in db.execute(
                "SELECT name FROM players JOIN player_keys ON player_id = players.id "
                "WHERE key_hash = ? ORDER BY players.created, players.id", (key,))]

    def owned_ids(self, key: str | None) -> tuple[int, ...]:
        """The ids of the players the browser owns (none without a key)."""
        if key is None:
            return ()
        with self.db.read() as db:
            return tuple(r[0] for r in db.execute(
                "SELECT player_id FROM player_keys WHERE key_hash = ?", (key,)))

    def _player(self, name: str) -> tuple[int, str, bool]:
        """``(id, stored name, public)``; StoreError when there is no such player."""
        with self.db.read() as db:
            row = db.execute("SELECT id, name, public FROM players WHERE name_key = ?",
                             (name_key(name),)).fetchone()
        if row is None:
            raise StoreError(f"no player {name.strip()!r}")
        return int(row[0]), str(row[1]), bool(row[2])

    def name_of(self, name: str) -> str:
        """The player's stored name; StoreError when there is no such player."""
        return self._player(name)[1]

    def exists(self, name: str) -> bool:
        """Whether there is a player called ``name`` (in any case)."""
        with self.db.read() as db:
            return db.execute("SELECT 1 FROM players WHERE name_key = ?",
                              (name_key(name),)).fetchone() is not None

    def owns(self, name: str, key: str | None) -> bool:
        """Whether the browser owns the player (False when there is no such player)."""
        if key is None:
            return False
        with self.db.read() as db:
            return db.execute(
                "SELECT 1 FROM players JOIN player_keys ON player_id = players.id WHERE "
                "name_key = ? AND key_hash = ?", (name_key(name), key)).fetchone() is not None

    def may_read(self, name: str, key: str | None) -> bool:
        """Whether the browser may read the player's games: public ones, or its own."""
        try:
            _, _, public = self._player(name)
        except StoreError:
            return True  # nobody's: nothing to read
        return public or self.owns(name, key)

    def check(self, name: str, key: str | None) -> str:
        """The player's stored name when the browser owns it; NotYours when not, and
        StoreError when there is no such player."""
        _, stored, _ = self._player(name)
        if not self.owns(stored, key):
            raise _not_yours(stored)
        return stored

    def is_public(self, name: str) -> bool:
        """Whether anyone may read the player's games; StoreError when there is none."""
        return self._player(name)[2]

    def set_public(self, name: str, public: bool) -> None:
        """Let anyone read the player's games, or only its own browsers."""
        player, _, _ = self._player(name)
        with self.db.write() as db:
            db.execute("UPDATE players SET public = ? WHERE id = ?", (int(public), player))

    def join_code(self, name: str) -> tuple[str, str]:
        """A one-time code that lets another browser join the player, and when it expires
        (ISO time). The caller checks who asks (an owner, the operator)."""
        player, _, _ = self._player(name)
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        expires = (datetime.now(UTC) + timedelta(minutes=CODE_MINUTES)).isoformat(
            timespec="seconds")
        with self.db.write() as db:
            db.execute("DELETE FROM join_codes WHERE expires < ?", (now(),))
            db.execute("INSERT INTO join_codes (code_hash, player_id, expires) VALUES "
                       "(?, ?, ?)", (_code_hash(code), player, expires))
        return f"{code[:4]}-{code[4:]}", expires

    def join(self, name: str, code: str, key: str) -> str:
        """Make the browser an owner of the player with a code one of its owners made (the
        code is then used up); the player's stored name. NotYours for a wrong, used or
        expired code (the same words for each, telling a guesser nothing)."""
        with self.db.write() as db:
            row = db.execute(
                "SELECT players.id, players.name FROM join_codes JOIN players ON "
                "players.id = player_id WHERE code_hash = ? AND players.name_key = ? AND "
                f"expires >= ?{db.for_update}", (_code_hash(code), name_key(name), now())
            ).fetchone()
            if row is None:
                raise NotYours("that code does not let this browser join that player: "
                               "codes work once, for 15 minutes; ask for a new one")
            db.execute("DELETE FROM join_codes WHERE code_hash = ?", (_code_hash(code),))
            db.execute("INSERT INTO player_keys (player_id, key_hash, added) VALUES "
                       "(?, ?, ?) ON CONFLICT DO NOTHING", (row[0], key, now()))
            return str(row[1])

    def rename(self, name: str, new: str) -> str:
        """Give the player a new name (its games, scores and owners go with it); the new
        name. ValueError when that name is refused or taken."""
        clean = player_name(new)
        player, stored, _ = self._player(name)
        with self.db.write() as db:
            taken = db.execute("SELECT id FROM players WHERE name_key = ?",
                               (name_key(clean),)).fetchone()
            if taken is not None and taken[0] != player:
                raise ValueError(f"the name {clean!r} is taken: choose another")
            db.execute("UPDATE players SET name = ?, name_key = ? WHERE id = ?",
                       (clean, name_key(clean), player))
            db.execute("UPDATE live_games SET player = ? WHERE player = ?", (clean, stored))
        return clean

    def delete(self, name: str) -> int:
        """Delete the player with its games, scores, owners and codes; how many games
        went."""
        player, stored, _ = self._player(name)
        with self.db.write() as db:
            games = db.execute("DELETE FROM played WHERE player_id = ?", (player,)).rowcount
            db.execute("DELETE FROM players WHERE id = ?", (player,))
            db.execute("UPDATE live_games SET state = 'closed' WHERE player = ? AND "
                       "state = 'playing'", (stored,))
        return games


def _not_yours(name: str) -> NotYours:
    return NotYours(f"the player {name!r} belongs to another browser: open its Statistics "
                    "page there for a code to join it, or choose another name")


__all__ = ["CODE_MINUTES", "DEFAULT_NAME", "NotYours", "Owners", "key_hash"]
