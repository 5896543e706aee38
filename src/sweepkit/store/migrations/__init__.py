"""The database schema's migrations (Alembic), one revision a step, for SQLite and
PostgreSQL alike: ``versions/`` holds them in order, ``env.py`` runs them on the
connection :func:`sweepkit.store.schema.upgrade` hands it, inside its transaction. A
revision is only ever added, never changed, so a database made by any earlier version
comes up to date: a new one is a new file in ``versions/`` whose ``down_revision`` is the
newest one's ``revision``."""
