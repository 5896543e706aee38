"""A real PostgreSQL server for the tests: Debian's ``postgresql``, started in a temporary
directory as the unprivileged ``postgres`` user (or as the user running the tests, when
that is not root), listening on a Unix socket only, with a fresh database for each test
that asks (``scripts/test.sh`` installs the package)."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

BACKENDS = [pytest.param("sqlite", id="sqlite"),
            pytest.param("postgresql", id="postgresql", marks=pytest.mark.slow)]
"""The databases a test runs on; the PostgreSQL runs are ``slow`` (the fast lane runs
SQLite only, the full suite both)."""

BIN_GLOB = "/usr/lib/postgresql/*/bin"
"""Where Debian keeps the server's programs (initdb, pg_ctl)."""

USER = "sweepkit"
"""The database role the tests connect as."""


def bin_dir() -> Path | None:
    """The newest installed server's programs, if any."""
    found = sorted(glob.glob(BIN_GLOB), key=lambda p: int(Path(p).parent.name))
    return Path(found[-1]) if found else None


def _as_server_user(command: list[str]) -> list[str]:
    """``command`` run as the ``postgres`` user when we are root (initdb refuses root)."""
    if os.geteuid() != 0:
        return command
    return ["runuser", "-u", "postgres", "--", *command]


class PostgresServer:
    """One server for a test session: :meth:`database` makes a fresh database and gives
    its URL."""

    def __init__(self) -> None:
        programs = bin_dir()
        if programs is None:
            raise RuntimeError("PostgreSQL is not installed (apt-get install postgresql; "
                               "scripts/test.sh does)")
        self.programs = programs
        # Not under pytest's root-only temporary folder: the server user must reach it.
        self.dir = Path(tempfile.mkdtemp(prefix="sweepkit-pg-"))
        self.dir.chmod(0o755)
        if os.geteuid() == 0:
            server = pwd.getpwnam("postgres")
            os.chown(self.dir, server.pw_uid, server.pw_gid)
        self.data = self.dir / "data"
        self.port = 5432
        subprocess.run(_as_server_user([
            str(programs / "initdb"), "-D", str(self.data), "-U", USER, "--auth=trust",
            "-E", "UTF8", "--no-sync"]), check=True, capture_output=True, text=True)
        options = (f"-k {self.dir} -p {self.port} -c listen_addresses='' -c fsync=off "
                   "-c synchronous_commit=off -c full_page_writes=off -c max_connections=300")
        subprocess.run(_as_server_user([
            str(programs / "pg_ctl"), "-D", str(self.data), "-o", options, "-l",
            str(self.dir / "server.log"), "-w", "start"]), check=True, capture_output=True,
            text=True)

    def url(self, database: str) -> str:
        return f"postgresql://{USER}@/{database}?host={self.dir}&port={self.port}"

    def database(self) -> str:
        """A new, empty database; its URL."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:16]
        with psycopg.connect(host=str(self.dir), port=self.port, user=USER,
                             dbname="postgres", autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def copy(self, url: str) -> str:
        """A new database, a copy of the one at ``url`` (which nobody may be connected
        to); its URL."""
        import psycopg

        source = url.split("/")[3].split("?")[0]
        name = "t_" + uuid.uuid4().hex[:16]
        with psycopg.connect(host=str(self.dir), port=self.port, user=USER,
                             dbname="postgres", autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{source}"')
        return self.url(name)

    def stop(self) -> None:
        subprocess.run(_as_server_user([
            str(self.programs / "pg_ctl"), "-D", str(self.data), "-m", "immediate",
            "stop"]), capture_output=True)
        shutil.rmtree(self.dir, ignore_errors=True)


@contextmanager
def postgres_server() -> Iterator[PostgresServer]:
    server = PostgresServer()
    try:
        yield server
    finally:
        server.stop()
