"""Whose records are whose, and the games being played, shared by every server process.

- ``players.name_key``: the name as compared (ASCII letters in lower case, as SQLite's
  NOCASE compared them), unique; ``players.public``: whether anyone may read the player's
  games (the computer's are). ``player_keys``: the browsers that own a player, by the
  SHA-256 of their key; ``join_codes``: one-time codes, by their SHA-256, that let
  another browser join a player until they expire.
- ``live_games``: each game being played, by its public id: its owner's key hash, its
  start (JSON), the number of its events (``seq``), its state (``playing``, ``over``,
  ``closed`` when a restart replaced it, ``abandoned``); ``live_events``: what was done
  to it, one JSON event a row, appended as it is done (:mod:`sweepkit.store.journal`).
- ``server_beats``: when each server process (``host:pid``) last said it was alive, or
  that it stopped; ``outages``: the spans when none ran, which a game's clock leaves out.
- ``shared``: what one server process runs for a client and any other may be asked about
  (jobs, trainer puzzles handed out, watch sessions; :mod:`sweepkit.store.shared`).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
WALL = sa.Double
"""A Unix time, in seconds."""


def upgrade() -> None:
    op.add_column("players", sa.Column("public", sa.Integer, nullable=False,
                                       server_default="0"))
    op.add_column("players", sa.Column("name_key", sa.Text))
    op.execute("UPDATE players SET public = 1 WHERE kind = 'computer'")
    op.execute("UPDATE players SET name_key = lower(name)")  # as NOCASE: ASCII only
    op.create_index("players_by_key", "players", ["name_key"], unique=True)
    op.create_table(
        "player_keys",
        sa.Column("player_id", ID, sa.ForeignKey("players.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("key_hash", sa.Text, primary_key=True),
        sa.Column("added", sa.Text, nullable=False),
    )
    op.create_index("player_keys_by_key", "player_keys", ["key_hash"])
    op.create_table(
        "join_codes",
        sa.Column("code_hash", sa.Text, primary_key=True),
        sa.Column("player_id", ID, sa.ForeignKey("players.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("expires", sa.Text, nullable=False),
    )
    op.create_table(
        "live_games",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("owner_hash", sa.Text, nullable=False),
        sa.Column("player", sa.Text, nullable=False),
        sa.Column("level", sa.Text),
        sa.Column("state", sa.Text, sa.CheckConstraint(
            "state IN ('playing', 'over', 'closed', 'abandoned')"), nullable=False,
            server_default="playing"),
        sa.Column("seq", sa.Integer, sa.CheckConstraint("seq >= 0"), nullable=False,
                  server_default="0"),
        sa.Column("start", sa.Text, nullable=False),
        sa.Column("started", sa.Text),
        sa.Column("saved_id", ID),
        sa.Column("replaces", ID),
        sa.Column("created", sa.Text, nullable=False),
        sa.Column("touched", sa.Text, nullable=False),
    )
    op.create_index("live_games_by_state", "live_games", ["state", "touched"])
    op.create_table(
        "live_events",
        sa.Column("game_id", sa.Text, sa.ForeignKey("live_games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seq", sa.Integer, sa.CheckConstraint("seq > 0"), primary_key=True),
        sa.Column("event", sa.Text, nullable=False),
        sqlite_with_rowid=False,
    )
    op.create_table(
        "server_beats",
        sa.Column("name", sa.Text, primary_key=True),
        sa.Column("at", WALL, nullable=False),
        sa.Column("stopped", sa.Integer, nullable=False, server_default="0"),
    )
    op.create_table(
        "outages",
        sa.Column("start", WALL, nullable=False),
        sa.Column("stop", WALL, nullable=False),
    )
    op.create_table(
        "shared",
        sa.Column("kind", sa.Text, primary_key=True),
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("doc", sa.Text, nullable=False),
        sa.Column("control", sa.Text, nullable=False, server_default="{}"),
        sa.Column("touched", WALL, nullable=False),
        sqlite_with_rowid=False,
    )


def downgrade() -> None:
    for table in ("shared", "outages", "server_beats", "live_events", "live_games",
                  "join_codes", "player_keys"):
        op.drop_table(table)
    op.drop_index("players_by_key", "players")
    op.drop_column("players", "name_key")
    op.drop_column("players", "public")
