#!/usr/bin/env bash
# Install sweepkit in .venv and start the main job: for now, a game in the terminal.
# Arguments are passed to `sweepkit play-text` (e.g. --level expert --seed 7).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e .
exec .venv/bin/sweepkit play-text "$@"
