"""The revisions, in order (Alembic reads each file; this one it skips)."""
