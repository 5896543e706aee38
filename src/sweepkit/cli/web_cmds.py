"""``sweepkit web``: the web app, on this machine, with the database in the user's data
directory (or ``--db``)."""

from __future__ import annotations

import errno
import os
import socket
import threading
import webbrowser
from pathlib import Path
from typing import Annotated

import typer

from sweepkit.cli.common import fail

KEEP_ALIVE = 75
"""Seconds an idle connection stays open (nginx's default)."""


def register(app: typer.Typer) -> None:
    app.command("web")(web)


def web(
    host: Annotated[str, typer.Option(help="Address to listen on (this machine only by "
                                           "default).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="Port (0: any free one).")] = 8000,
    db: Annotated[str | None, typer.Option(
        help="Database: an SQLite file (default: sweepkit.db in the user data directory), "
             "or a PostgreSQL server, postgresql://user@host/db, for many processes on "
             "many machines.")] = None,
    workers: Annotated[int, typer.Option(min=1, max=64, help="Server processes sharing "
                                                             "the database.")] = 1,
    admin_token: Annotated[str | None, typer.Option(
        envvar="SWEEPKIT_ADMIN_TOKEN", show_envvar=True,
        help="A token that lets the operator administer any player's records "
             "(Authorization: Bearer TOKEN); none by default.")] = None,
    open_browser: Annotated[bool, typer.Option("--open", help="Open the page in a "
                                                              "browser.")] = False,
) -> None:
    """Start the web app: play, watch the computer, analyse; prints the address."""
    import uvicorn

    from sweepkit.store.database import ENV_VAR, StoreError, default_path, is_url
    from sweepkit.web.app import ADMIN_ENV, create_app

    path: str | Path = db if db is not None else default_path()
    try:
        application = create_app(path, admin_token=admin_token)
    except StoreError as exc:
        fail(str(exc))
    # IPPROTO_TCP named, so asyncio sets TCP_NODELAY on each connection (with proto 0 it
    # does not, and every keep-alive reply waits 40 ms for a delayed ACK).
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET,
                         socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            fail(f"port {port} on {host} is in use: choose another with --port")
        fail(f"cannot listen on {host} port {port} ({exc.strerror or exc}): check --host "
             "and --port")
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{bound}/"
    processes = f"{workers} processes, " if workers > 1 else ""
    print(f"sweepkit web: {url}  ({processes}database {path}; Ctrl-C stops it)", flush=True)
    if open_browser:
        threading.Timer(0.5, webbrowser.open, (url,)).start()
    # Keep idle connections as long as a browser does: one closed under a client about to
    # reuse it makes that request fail ("connection reset").
    if workers == 1:
        server = uvicorn.Server(uvicorn.Config(application, log_level="warning",
                                               timeout_keep_alive=KEEP_ALIVE))
        server.run(sockets=[sock])
        return
    # Each process makes its own app from the environment (the database is ready: the
    # app above brought it up to date, once).
    from uvicorn.supervisors import Multiprocess

    os.environ[ENV_VAR] = str(path) if is_url(path) else str(Path(path).absolute())
    if admin_token:
        os.environ[ADMIN_ENV] = admin_token
    config = uvicorn.Config("sweepkit.web.app:app_from_env", factory=True, workers=workers,
                            log_level="warning", timeout_keep_alive=KEEP_ALIVE)
    Multiprocess(config, sockets=[sock]).run()
