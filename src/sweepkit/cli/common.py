"""Helpers shared by the command modules: reading boards and reporting bad input."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import NoReturn

import typer

from sweepkit.analysis.budget import SERVICE_TABLE, AnalysisLimit, AnalysisTimeout, limits
from sweepkit.boardfile import BoardFormatError, board_source, parse_board, read_board_text
from sweepkit.position import Position
from sweepkit.topology import shape_text

EXIT_BAD_INPUT = 2
"""Exit status for malformed input, for every command."""


def fail(message: str, status: int = EXIT_BAD_INPUT) -> NoReturn:
    """Print ``error: message`` on standard error and exit with ``status``."""
    print(f"error: {message}", file=sys.stderr)
    raise typer.Exit(status)


DEFAULT_TIMEOUT = 60.0
"""The time budget of every command that searches, unless ``--timeout`` says otherwise: no
command waits without limit on a hard board (``enumerate``, bound by its output, excepted)."""

TIMEOUT_HELP = ("Give up after this many seconds of analysis with a one-line message "
                "(exit 2); every searching command has this limit by default.")

ENUMERATE_TIMEOUT_HELP = ("Give up after this many seconds with a one-line message (exit 2); "
                          "default: no limit, the output being the bound (use --limit).")


@contextmanager
def analysis_budget(timeout: float | None) -> Iterator[None]:
    """Run the body under a time budget of ``timeout`` seconds (``None``: none) and the
    size budget :data:`~sweepkit.analysis.budget.SERVICE_TABLE`; past either, print one
    line naming the budget and exit 2 (never a memory blow-up)."""
    if timeout is not None and not timeout > 0:
        fail(f"--timeout: expected a positive number of seconds, got {timeout:g}")
    try:
        with limits(seconds=timeout, table=SERVICE_TABLE):
            yield
    except AnalysisTimeout as exc:
        fail(f"{exc}; give it more time with --timeout SECONDS")
    except AnalysisLimit as exc:
        fail(f"{exc}: this position is too large to analyse exactly here")


def load_position(path: str, mines: int | None = None) -> Position:
    """Read a board file (``-`` = stdin); on bad input print one line and exit 2.

    ``mines`` overrides the file's ``mines:`` header when given; Position checks it (see
    :func:`sweepkit.position.check_mine_count`) and the message names ``--mines``.
    """
    return load_position_and_text(path, mines)[0]


def load_position_and_text(path: str, mines: int | None = None) -> tuple[Position, str]:
    """:func:`load_position`, with the file's text (read once) for the commands that also
    read its comment lines."""
    try:
        text = read_board_text(path)
        position = parse_board(text, source=board_source(path))
    except BoardFormatError as exc:
        fail(str(exc))
    if mines is not None:
        try:
            position = position.with_mines(mines)
        except ValueError as exc:
            fail(f"--mines: {exc}")
    return position, text


def need_two_dimensions(position: Position, what: str) -> None:
    """Exit 2 with one line when ``position`` is not a 2-D board: for the commands whose
    algorithm is written for the plane (``what`` names it)."""
    if position.dims != 2:
        fail(f"{what} reads 2-D boards; this one is {position.dims}-D "
             f"(shape {shape_text(position.shape)})")
