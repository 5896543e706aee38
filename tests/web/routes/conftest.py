"""The API tests' app: the real app over a fresh database (an SQLite file, and a
PostgreSQL database: ``tests/conftest.py``), driven in process; two browsers of it
(``owner`` and ``stranger``, each with its own cookies)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from sweepkit.web.app import create_app


@pytest.fixture
def db(database):
    """The database of the test's app: an SQLite file, or a PostgreSQL database."""
    return database


@pytest.fixture
def client(db):
    with TestClient(create_app(db)) as c:
        yield c


@pytest.fixture
def app(db):
    return create_app(db)


@pytest.fixture
def owner(app):
    """A browser: its cookies (the key of each game it starts) kept between requests."""
    with TestClient(app) as c:
        yield c


@pytest.fixture
def stranger(app):
    """Another browser on the same app, with cookies of its own."""
    with TestClient(app) as c:
        yield c
