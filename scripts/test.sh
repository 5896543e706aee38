#!/usr/bin/env bash
# Install everything the tests need and run them all: the lint, the test suite, the doctests.
# Works on a fresh machine: makes .venv, installs the package with its test extras from PyPI,
# and the Debian packages listed below (as root, with apt-get) when they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."

# chromium: the browser tests (Playwright drives it); postgresql: the store and web tests
# run on a real server too (tests/postgres.py starts one in a temporary directory).
DEBIAN_PACKAGES=(graphviz chromium postgresql)
missing=()
for pkg in "${DEBIAN_PACKAGES[@]}"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if ((${#missing[@]})); then
    SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[test]'
.venv/bin/ruff check .
.venv/bin/python -m pytest -q --hypothesis-profile=ci "$@"
