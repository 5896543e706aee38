"""The runs and games of ``sweepkit bench``, the players, the games they played and their
trainer scores: the schema sweepkit kept in SQLite before it used Alembic (its
``user_version`` 5), written for any database.

Seeds are decimal text: a game seed is an unsigned 64-bit number, beyond SQL integers. A
played game keeps what honest records need: its rules (first-click rule, no-guess board or
not), whether any flag was placed (a game without one is "NF"), every assist used
(``assists``: JSON counts by kind; ``assisted`` is 1 when any count is, or a death), and
its deaths (losing moves taken back in practice). ``uid`` names a game by its content: an
imported game already there is not added twice.

Revision ID: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
"""A row id: 64-bit, and on SQLite the rowid itself (only INTEGER is)."""


def flag(name: str, **kw: object) -> sa.Column:
    """A yes/no column: 0 or 1."""
    return sa.Column(name, sa.Integer, sa.CheckConstraint(f"{name} IN (0, 1)"),
                     nullable=False, **kw)


def upgrade() -> None:
    op.create_table(
        "runs",
        sa.Column("id", ID, primary_key=True),
        sa.Column("created", sa.Text, nullable=False),
        sa.Column("strategy", sa.Text, nullable=False),
        sa.Column("options", sa.Text, nullable=False, server_default="{}"),
        sa.Column("level", sa.Text),
        sa.Column("rows", sa.Integer, nullable=False),
        sa.Column("cols", sa.Integer, nullable=False),
        sa.Column("mines", sa.Integer, nullable=False),
        sa.Column("rule", sa.Text, nullable=False),
        sa.Column("first", sa.Text, nullable=False),
        sa.Column("seed", sa.Text, nullable=False),
        sa.Column("games", sa.Integer, sa.CheckConstraint("games >= 0"), nullable=False),
        sa.Column("status", sa.Text, sa.CheckConstraint(
            "status IN ('running', 'complete', 'interrupted', 'failed')"),
            nullable=False, server_default="running"),
        sa.Column("finished", sa.Text),
        sa.Column("summary", sa.Text),
        sa.Column("host", sa.Text, nullable=False, server_default="{}"),
        flag("no_guess", server_default="0"),
    )
    op.create_index("runs_by_status", "runs", ["status", "created"])
    op.create_table(
        "games",
        sa.Column("id", ID, primary_key=True),
        sa.Column("run_id", ID, sa.ForeignKey("runs.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("idx", sa.Integer, nullable=False),
        sa.Column("seed", sa.Text, nullable=False),
        flag("won"),
        sa.Column("moves", sa.Integer, nullable=False),
        sa.Column("guesses", sa.Integer, nullable=False),
        sa.Column("hardest", sa.Text),
        sa.Column("needed", sa.Text),
        sa.Column("loss_cause", sa.Text),
        flag("first_zero"),
        sa.Column("three_bv", sa.Integer, nullable=False),
        sa.Column("cpu_seconds", sa.Double, nullable=False),
        sa.Column("guess_log", sa.Text, nullable=False, server_default="[]"),
        sa.Column("record", sa.LargeBinary, nullable=False),
        sa.UniqueConstraint("run_id", "idx"),
    )
    op.create_index("games_by_result", "games", ["run_id", "won", "needed"])
    op.create_table(
        "players",
        sa.Column("id", ID, primary_key=True),
        sa.Column("name", sa.Text, sa.CheckConstraint("length(name) BETWEEN 1 AND 40"),
                  nullable=False, unique=True),
        sa.Column("kind", sa.Text, sa.CheckConstraint("kind IN ('human', 'computer')"),
                  nullable=False, server_default="human"),
        sa.Column("created", sa.Text, nullable=False),
    )
    op.create_table(
        "played",
        sa.Column("id", ID, primary_key=True),
        sa.Column("uid", sa.Text, nullable=False, unique=True),
        sa.Column("player_id", ID, sa.ForeignKey("players.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("started", sa.Text, nullable=False),
        sa.Column("finished", sa.Text, nullable=False),
        sa.Column("level", sa.Text),
        sa.Column("rows", sa.Integer, sa.CheckConstraint("rows > 0"), nullable=False),
        sa.Column("cols", sa.Integer, sa.CheckConstraint("cols > 0"), nullable=False),
        sa.Column("mines", sa.Integer, sa.CheckConstraint("mines >= 0"), nullable=False),
        sa.Column("rule", sa.Text, sa.CheckConstraint("rule IN ('none', 'safe', 'opening')"),
                  nullable=False),
        flag("no_guess"),
        flag("won"),
        sa.Column("seconds", sa.Double, sa.CheckConstraint("seconds >= 0"), nullable=False),
        sa.Column("three_bv", sa.Integer, nullable=False),
        sa.Column("three_bv_solved", sa.Integer, nullable=False),
        sa.Column("left_clicks", sa.Integer, nullable=False),
        sa.Column("right_clicks", sa.Integer, nullable=False),
        sa.Column("chord_clicks", sa.Integer, nullable=False),
        sa.Column("wasted_clicks", sa.Integer, nullable=False),
        flag("flagged"),
        sa.Column("assists", sa.Text, nullable=False, server_default="{}"),
        flag("assisted"),
        sa.Column("guesses", sa.Integer),
        sa.Column("hardest", sa.Text),
        sa.Column("source", sa.Text, nullable=False, server_default="web"),
        sa.Column("record", sa.LargeBinary, nullable=False),
        sa.Column("deaths", sa.Integer, sa.CheckConstraint("deaths >= 0"), nullable=False,
                  server_default="0"),
    )
    op.create_index("played_by_player", "played", ["player_id", "level", "won", "finished"])
    op.create_index("played_by_time", "played", ["finished"])
    op.create_table(
        "trainer_scores",
        sa.Column("player_id", ID, sa.ForeignKey("players.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("lesson", sa.Text, primary_key=True),
        sa.Column("right", sa.Integer, sa.CheckConstraint('"right" >= 0'), nullable=False,
                  server_default="0"),
        sa.Column("wrong", sa.Integer, sa.CheckConstraint("wrong >= 0"), nullable=False,
                  server_default="0"),
        sa.Column("streak", sa.Integer, sa.CheckConstraint("streak >= 0"), nullable=False,
                  server_default="0"),
        sa.Column("difficulty", sa.Integer, sa.CheckConstraint("difficulty BETWEEN 1 AND 3"),
                  nullable=False, server_default="1"),
        sa.Column("updated", sa.Text, nullable=False),
    )


def downgrade() -> None:
    for table in ("trainer_scores", "played", "players", "games", "runs"):
        op.drop_table(table)
