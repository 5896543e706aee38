"""Every command that reads a board, on a 500x500 first-click position (thousands of
components): an answer, or a one-line refusal with exit 2; never a traceback."""

from __future__ import annotations

import subprocess
import sys

import pytest

from sweepkit.boardfile import format_board
from sweepkit.game import Game
from sweepkit.rules import Rules

TIMED = [["analyze"], ["check"], ["count"], ["enumerate", "--limit", "3"],
         ["enumerate", "--limit", "3", "--method", "kadlac"], ["unique"], ["optimal"],
         ["hint"]]
"""The commands that search, each given a time budget."""

COMMANDS = [*([*c, "--timeout", "60"] for c in TIMED), ["format"], ["strip"],
            ["embed", "--dims", "3"]]


@pytest.fixture(scope="module")
def big_board(tmp_path_factory) -> str:
    game = Game(Rules(500, 500, 20_000, "opening"), seed=1)
    game.reveal(250, 250)
    path = tmp_path_factory.mktemp("big") / "first-click.board"
    path.write_text(format_board(game.view()))
    return str(path)


@pytest.mark.slow
@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_a_big_board_gets_an_answer_or_a_one_line_refusal(big_board, command):
    done = subprocess.run([sys.executable, "-m", "sweepkit", *command, big_board],
                          capture_output=True, text=True, timeout=300)
    assert "Traceback" not in done.stderr
    assert done.returncode in (0, 1, 2), done.stderr
    if done.returncode == 2:
        assert len(done.stderr.strip().splitlines()) == 1, done.stderr
        assert done.stderr.startswith("error: ")
    else:
        assert done.stdout
