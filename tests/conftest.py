"""The databases the store and web tests run on: an SQLite file, and a real PostgreSQL
server (:mod:`tests.postgres`). A test that takes ``database`` runs on both; the
PostgreSQL runs are marked ``slow`` (the fast lane runs SQLite only, the full suite
both)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.postgres import BACKENDS, PostgresServer, postgres_server


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """One PostgreSQL server for the session (of this test process)."""
    with postgres_server() as server:
        yield server


@pytest.fixture(params=BACKENDS)
def database(request, tmp_path) -> str:
    """A new, empty database: an SQLite file's path, or a PostgreSQL database's URL."""
    if request.param == "sqlite":
        return str(tmp_path / "test.db")
    return request.getfixturevalue("postgres").database()
