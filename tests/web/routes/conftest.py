"""The API tests' app: the real app over a fresh SQLite file, driven in process."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from sweepkit.web.app import create_app


@pytest.fixture
def db(tmp_path):
    """The database file of the test's app."""
    return tmp_path / "web.db"


@pytest.fixture
def client(db):
    with TestClient(create_app(db)) as c:
        yield c
