"""Alembic's entry: run the migrations on the connection the caller handed over, inside
the caller's transaction (the whole upgrade is kept, or none of it)."""

from __future__ import annotations

from alembic import context

context.configure(connection=context.config.attributes["connection"],
                  transaction_per_migration=False)
with context.begin_transaction():
    context.run_migrations()
