#!/usr/bin/env bash
# Install sweepkit in .venv and start the main job: the web app on this machine, with its
# SQLite database in the user's data directory. It prints the address to open.
# Arguments go to `sweepkit web` (e.g. --port 8080, --db FILE, --open).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e .
exec .venv/bin/sweepkit web "$@"
