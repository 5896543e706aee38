"""A ``sweepkit web`` server in a child process, for the tools that drive the real thing
(the benchmarks, the screenshots script): started on a free port, ready when this
returns."""

from __future__ import annotations

import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

STARTUP_SECONDS = 60.0
"""How long a server may take to answer (a loaded machine)."""


def spawn(db: Path) -> tuple[subprocess.Popen[str], str]:
    """Start ``sweepkit web --port 0 --db DB``; the process and its base URL (no
    trailing slash), once ``/api/config`` answers. RuntimeError when it does not start."""
    process = subprocess.Popen([sys.executable, "-m", "sweepkit", "web", "--port", "0",
                                "--db", str(db)], stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    found = re.search(r"http://\S+/", process.stdout.readline())
    if not found:
        process.kill()
        raise RuntimeError("the server printed no address")
    url = found.group(0).rstrip("/")
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url + "/api/config", timeout=5):
                return process, url
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise RuntimeError(f"the server at {url} did not answer")
