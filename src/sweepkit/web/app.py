"""The app factory: the API routes, the page and its static files, the database, and
error replies that always say what was wrong (a 4xx with ``{"detail": message}``).

>>> import tempfile
>>> from pathlib import Path
>>> from fastapi.testclient import TestClient
>>> with tempfile.TemporaryDirectory() as tmp, TestClient(create_app(Path(tmp) / "w.db")) as c:
...     c.post("/api/games", json={"level": "beginner", "seed": 3}).json()["cells"]
'.................................................................................'
"""

from __future__ import annotations

import logging
import os
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from fastapi_offline import FastAPIOffline

from sweepkit.bench.store import Store
from sweepkit.store.database import DEFAULT_TIMEOUT, StoreError, default_path
from sweepkit.store.owners import Owners
from sweepkit.store.played import GameBook
from sweepkit.store.shared import Shared
from sweepkit.web.body_limit import BodyLimit
from sweepkit.web.deps import Conflict
from sweepkit.web.jobs import Jobs
from sweepkit.web.owner_cookie import OwnerCookie
from sweepkit.web.persist import MAX_CACHED, Heart, LiveGames
from sweepkit.web.routes import (
    analyse,
    games,
    hints,
    jobs,
    mbf,
    players,
    reductions,
    replays,
    reviews,
    sharing,
    stats,
    trainer,
    watch,
)
from sweepkit.web.trainer import PuzzleStock, TrainerPuzzles
from sweepkit.web.watch import WatchSessions

STATIC = Path(__file__).parent / "static"
"""The pages' scripts and style sheets, shipped in the package."""

TEMPLATES = Jinja2Templates(directory=Path(__file__).parent / "templates")
"""The pages: each a Jinja template, the six besides play on one shell (``page.html``),
all sharing the head's first lines, the nav and the theme menu (``_common.html``)."""

log = logging.getLogger("sweepkit.web")


def validation_text(exc: RequestValidationError) -> str:
    """FastAPI's list of validation errors as one line: ``rows: Input should be ...``."""
    parts = []
    for error in exc.errors():
        if error.get("type") == "json_invalid":
            reason = error.get("ctx", {}).get("error", "")
            parts.append(f"the request body is not valid JSON ({reason})" if reason else
                         "the request body is not valid JSON")
            continue
        where = ".".join(str(p) for p in error.get("loc", ()) if p not in ("body", "query",
                                                                          "path"))
        message = str(error.get("msg"))
        if error.get("type") == "value_error":  # our own validators' words, without
            message = message.removeprefix("Value error, ")  # pydantic's label
        parts.append(f"{where}: {message}" if where else message)
    return "; ".join(parts) or "the request is malformed"


ADMIN_ENV = "SWEEPKIT_ADMIN_TOKEN"
"""The environment variable that gives the operator's admin token (``--admin-token``)."""

RETRY_AFTER = "2"
"""Seconds a client is told to wait when the database is busy or cannot be written."""


def create_app(db_path: str | Path, *, max_live: int = MAX_CACHED,
               admin_token: str | None = None, timeout: float = DEFAULT_TIMEOUT) -> FastAPI:
    """The web app, keeping its games, players and statistics in the database at
    ``db_path`` (created, or brought up to date, at start-up; StoreError when it cannot
    be used). ``max_live``: the games kept in memory too; ``admin_token``: the token that
    lets the operator administer any player's records (none: nobody may); ``timeout``:
    the seconds a request waits for the database's lock before it answers 503."""
    # Fail now, before serving, on a database we cannot use.
    book = GameBook(db_path, timeout=timeout)
    runs = Store(db_path, timeout=timeout)  # the benchmark runs, for the statistics page

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        heart = Heart(app.state.live.journal, app.state.shared)
        yield
        heart.stop()
        app.state.jobs.shutdown()
        app.state.puzzle_stock.close()
        book.close()
        runs.close()

    app = FastAPIOffline(  # /docs from the package's files: it works offline
        title="sweepkit", version="0.1.0", lifespan=lifespan, redoc_url=None,
        description="Play Minesweeper, watch the computer play, analyse positions.",
    )
    app.add_middleware(BodyLimit, exempt=frozenset({"/api/stats/import"}))
    app.add_middleware(OwnerCookie)
    app.state.book = book
    app.state.runs = runs
    app.state.live = LiveGames(book, max_live)
    app.state.owners = Owners(book)
    app.state.admin_token = admin_token or None
    app.state.trainer = TrainerPuzzles()
    app.state.puzzle_stock = PuzzleStock()
    app.state.shared = Shared(book)
    app.state.jobs = Jobs(shared=app.state.shared)
    app.state.watch = WatchSessions(shared=app.state.shared)
    app.include_router(games.router)
    app.include_router(hints.router)
    app.include_router(watch.router)
    app.include_router(stats.router)
    app.include_router(replays.router)
    app.include_router(reviews.router)
    app.include_router(analyse.router)
    app.include_router(trainer.router)
    app.include_router(jobs.router)
    app.include_router(reductions.router)
    app.include_router(sharing.router)
    app.include_router(mbf.router)
    app.include_router(players.router)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        """One line naming each field that is wrong, as every other refusal reads."""
        return JSONResponse({"detail": validation_text(exc)}, status_code=422)

    @app.exception_handler(StoreError)
    async def store_error(request: Request, exc: StoreError) -> JSONResponse:
        """503 with Retry-After: the database is busy or cannot be written; nothing of
        the request was kept (each write is one transaction)."""
        log.error("database: %s", exc)
        return JSONResponse({"detail": f"database error: {exc}; nothing was changed, try "
                                       "again shortly"}, status_code=503,
                            headers={"Retry-After": RETRY_AFTER})

    @app.exception_handler(Conflict)
    async def conflict(request: Request, exc: Conflict) -> JSONResponse:
        """409 with the game's state now: the request was made on a state it has left."""
        return JSONResponse({"detail": exc.detail, "state": exc.state}, status_code=409)

    @app.get("/", include_in_schema=False)
    def index(request: Request) -> HTMLResponse:
        return TEMPLATES.TemplateResponse(request, "index.html")

    for name in PAGES:
        app.add_api_route(f"/static/{name}.html", page_view(name), methods=["GET"],
                          include_in_schema=False)
        app.add_api_route(f"/{name}", page_redirect(name), methods=["GET"],
                          include_in_schema=False)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")  # after the pages

    return app


def app_from_env() -> FastAPI:
    """The app of one server process among several (``sweepkit web --workers N``): its
    database and admin token from the environment (``SWEEPKIT_DB``, :data:`ADMIN_ENV`)."""
    return create_app(default_path(), admin_token=os.environ.get(ADMIN_ENV))


PAGES = ("watch", "editor", "trainer", "stats", "reductions", "help", "review")
"""The pages besides play, each at ``static/NAME.html`` and ``/NAME`` (a redirect)."""


def page_view(name: str) -> Callable[[Request], HTMLResponse]:
    """The route rendering page ``name`` from its template."""
    def view(request: Request) -> HTMLResponse:
        return TEMPLATES.TemplateResponse(request, f"{name}.html", {"page": name})
    return view


def page_redirect(name: str) -> Callable[[], RedirectResponse]:
    """A route sending ``/NAME`` to ``static/NAME.html`` (relative, so it works under a
    path prefix too)."""
    def redirect() -> RedirectResponse:
        return RedirectResponse(f"static/{name}.html")
    return redirect
