"""Fixtures for the play page's browser tests: the real ``sweepkit web`` server in a
subprocess (a fresh database under tmp) and Debian's Chromium driven by Playwright.

One server and one browser serve the whole session; each test gets its own browser
context (storage, viewport, touch) and page, and fails if the page threw an error.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
START_TIMEOUT = 30.0  # seconds for the server to answer /api/config


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1) as response:
            json.load(response)
            return response.status == 200
    except (OSError, ValueError):
        return False


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a real ``sweepkit web`` server, killed at the end of the session."""
    port = _free_port()
    db = tmp_path_factory.mktemp("web") / "web.db"
    log = tmp_path_factory.mktemp("web-log") / "server.log"
    command = [sys.executable, "-m", "sweepkit", "web", "--port", str(port), "--db", str(db)]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with open(log, "w") as out:
        proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=ROOT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while not _answers(f"{base}/api/config"):
            if proc.poll() is not None:
                pytest.fail(f"`sweepkit web` exited with {proc.returncode}:\n{log.read_text()}")
            if time.monotonic() > deadline:
                pytest.fail(f"`sweepkit web` did not answer in {START_TIMEOUT} s:\n"
                            f"{log.read_text()}")
            time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium (Debian's) for the session."""
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True)
        yield browser
        browser.close()


@contextlib.contextmanager
def page_opener(browser, server: str, request, viewport: dict[str, int],
                **defaults) -> Iterator:
    """``open_(path, ready, state="visible", **context_options)``: a new context and page
    on the server, once the selector ``ready`` is there (``state`` as Playwright's). The
    pages' uncaught errors fail the test; each leaves a screenshot in test-artifacts/
    (named after the test), whatever the outcome."""
    ARTIFACTS.mkdir(exist_ok=True)
    opened = []

    def open_(path: str, ready: str, state: str = "visible", **options):
        options.setdefault("viewport", viewport)
        context = browser.new_context(base_url=server, **defaults, **options)
        page = context.new_page()
        page.errors = []  # type: ignore[attr-defined]
        page.on("pageerror", lambda exc: page.errors.append(str(exc)))
        page.goto(path)
        page.wait_for_selector(ready, state=state)
        opened.append((context, page))
        return page

    yield open_
    name = request.node.name.replace("/", "_").replace("[", "-").replace("]", "")
    for n, (context, page) in enumerate(opened):
        with contextlib.suppress(Exception):
            page.screenshot(path=str(ARTIFACTS / f"{name}{'-' + str(n) if n else ''}.png"),
                            full_page=True)
        errors = list(page.errors)
        context.close()
        assert not errors, f"the page threw: {errors}"


@pytest.fixture
def open_page(browser, server, request):
    """``open_page(path="/", **context_options)``: a new context and page on the play page
    (or another), once its board is drawn (:func:`page_opener`)."""
    with page_opener(browser, server, request, {"width": 1100, "height": 850}) as open_:
        yield lambda path="/", **options: open_(path, "#board .cell", **options)
