"""The entry point: every command is found where :data:`HOMES` says, and a command line
loads only the module of its command (so ``sweepkit count`` starts fast)."""

from __future__ import annotations

import subprocess
import sys

import typer.main

from sweepkit.cli.main import HOMES, MODULES, build_app


def commands(app: typer.Typer) -> set[str]:
    return set(typer.main.get_command(app).commands)


def test_every_command_lives_where_homes_says():
    found = {name: module for module in MODULES for name in commands(build_app([module]))}
    assert found == HOMES
    assert commands(build_app()) == set(HOMES)


PROBE = """
import sys
sys.argv = ["sweepkit", *sys.argv[1:]]
from sweepkit.cli.main import main
try:
    main()
except SystemExit as exit:
    assert not exit.code, exit.code
heavy = ["sweepkit.strategies", "sweepkit.bench.runner", "sweepkit.play", "pydantic",
         "rich.progress"]
print(" ".join(m for m in heavy if m in sys.modules))
"""


def test_count_loads_neither_the_players_nor_the_runner(tmp_path):
    board = tmp_path / "b.board"
    board.write_text("1?\n??\n")
    done = subprocess.run([sys.executable, "-c", PROBE, "count", str(board)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    count, loaded = done.stdout.splitlines()
    assert (count, loaded) == ("3", "")  # one mine among the three cells by the 1


def test_an_unknown_command_gets_the_whole_app_and_its_message():
    done = subprocess.run([sys.executable, "-m", "sweepkit", "cuont"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "No such command" in done.stderr
