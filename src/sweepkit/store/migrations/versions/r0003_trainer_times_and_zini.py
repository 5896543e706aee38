"""The trainer's decision times, and a played game's ZiNi.

- ``trainer_scores.seconds``: the seconds a player took over the timed answers of a lesson
  (from the puzzle handed out to the answer received); ``trainer_scores.timed``: how many
  answers those are (the scores kept before answers were timed have none), so the average
  decision time is ``seconds / timed``.
- ``played.zini``: the greedy ZiNi of the game's board (:mod:`sweepkit.zini`); ``NULL``
  for the games stored before it was kept.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("played", sa.Column("zini", sa.Integer))
    with op.batch_alter_table("trainer_scores") as table:
        table.add_column(sa.Column("seconds", sa.Float, sa.CheckConstraint("seconds >= 0"),
                                   nullable=False, server_default="0"))
        table.add_column(sa.Column("timed", sa.Integer, sa.CheckConstraint("timed >= 0"),
                                   nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("trainer_scores") as table:
        table.drop_column("timed")
        table.drop_column("seconds")
    with op.batch_alter_table("played") as table:
        table.drop_column("zini")
