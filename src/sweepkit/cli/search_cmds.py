"""Commands of the search area: ``optimal`` (exact optimal play for small positions) and
``hint`` (the best move for a position, with its reason and the runners-up).

Both read a ``.board`` file or ``-`` (stdin); ``optimal`` needs a mine count (``mines: N``,
or ``--mines N``). Bad input, a position with no layout, one with more layouts than
``--max-layouts`` and a search past ``--timeout`` each print one line and exit 2. The game
searched and the meaning of the numbers are in :mod:`sweepkit.search.optimal`; the hint's
rules in :mod:`sweepkit.strategies.hint`.
"""

from __future__ import annotations

import json

import typer

from sweepkit.cli.common import (
    DEFAULT_TIMEOUT,
    TIMEOUT_HELP,
    analysis_budget,
    fail,
    load_position,
    need_two_dimensions,
)
from sweepkit.cli.params import FILE, INTEGER, NUMBER, Budget, Strength, strength_given
from sweepkit.search.optimal import (
    DEFAULT_MAX_LAYOUTS,
    OptimalPlayError,
    TooManyLayouts,
    optimal_play,
)
from sweepkit.serialize import count_text, hint_json
from sweepkit.strategies.best.options import DEFAULT_STRENGTH, preset
from sweepkit.strategies.hint import hint


def register(app: typer.Typer) -> None:
    """Add the search commands to ``app``."""

    @app.command("optimal")
    def optimal_cmd(
        file: str = typer.Argument(..., click_type=FILE, help="A .board file with a mine "
                                   "count, or - for standard input."),
        mines: int | None = typer.Option(None, "--mines", click_type=INTEGER,
                                         help="Total number of mines (overrides the file's "
                                         "'mines:' header)."),
        as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
        max_layouts: int = typer.Option(
            DEFAULT_MAX_LAYOUTS, "--max-layouts", click_type=INTEGER,
            help="Refuse positions with more consistent layouts than this (exit 2)."),
        timeout: float = typer.Option(DEFAULT_TIMEOUT, "--timeout", click_type=NUMBER,
                                      help=TIMEOUT_HELP),
    ) -> None:
        """Exact optimal play: the layouts the best player wins, and the moves that do it.

        How many of the position's layouts the best player wins, and every first move that
        wins as many. The game: the mine count in the file, every consistent layout equally
        likely, no first-click protection, won when every safe cell is revealed (a 0 opens
        its neighbours).

        --json prints {"best_moves": [[row, col], ...], "wins": "<int>",
        "total": "<int>"} (counts as decimal strings; P(win) = wins / total).
        """
        position = load_position(file, mines)
        need_two_dimensions(position, "optimal play")
        if position.mines is None:
            fail("optimal play needs the mine count: add a 'mines: N' header or pass --mines N")
        if max_layouts < 1:
            fail(f"--max-layouts: expected a positive number, got {max_layouts}")
        with analysis_budget(timeout):
            try:
                result = optimal_play(position, max_layouts=max_layouts)
            except TooManyLayouts as exc:
                fail(f"{exc}; raise it with --max-layouts N")
            except OptimalPlayError as exc:
                fail(str(exc))
        cells = [list(position.coord(c)) for c in result.best_moves]
        if as_json:
            print(json.dumps({"best_moves": cells, "wins": count_text(result.wins),
                              "total": count_text(result.total)}))
            return
        share = 100 * result.wins / result.total
        print(f"wins: {count_text(result.wins)} of {count_text(result.total)} layouts "
              f"({share:.4f}%)")
        moves = " ".join(f"({r}, {c})" for r, c in cells)
        print(f"best moves: {moves if moves else 'none (nothing left to reveal)'}")

    @app.command("hint")
    def hint_cmd(
        file: str = typer.Argument(..., click_type=FILE,
                                   help="A .board file, or - for standard input."),
        mines: int | None = typer.Option(None, "--mines", click_type=INTEGER,
                                         help="Total number of mines (overrides the file's "
                                         "'mines:' header)."),
        strength: Strength = None,
        budget: Budget = None,
        alternatives: int = typer.Option(5, "--alternatives", click_type=INTEGER,
                                         help="How many runners-up to list."),
        as_json: bool = typer.Option(False, "--json", help="Print the hint as JSON."),
        timeout: float = typer.Option(DEFAULT_TIMEOUT, "--timeout", click_type=NUMBER,
                                      help=TIMEOUT_HELP),
    ) -> None:
        """The best move for the position and why, with the runners-up.

        A certainly safe cell with the reason that proves it, else the best strategy's
        guess with its scores.

        --json prints {"move": [row, col], "action", "certain", "probability", "rule",
        "reason", "alternatives": [{"cells": [[row, col], ...], "probability", "scores",
        "reason"}]}.
        """
        position = load_position(file, mines)
        need_two_dimensions(position, "the hint (the best strategy)")
        named = "--budget" if strength is None and budget is not None else "--strength"
        strength = strength_given(strength, budget) or DEFAULT_STRENGTH
        try:
            preset(strength)
        except ValueError as exc:
            fail(f"{named}: {exc}")
        if alternatives < 0:
            fail(f"--alternatives: expected 0 or more, got {alternatives}")
        with analysis_budget(timeout):
            try:
                found = hint(position, strength=strength, alternatives=alternatives)
            except ValueError as exc:
                fail(str(exc))
        if as_json:
            print(json.dumps(hint_json(found, position)))
            return
        r, c = position.coord(found.cell)
        kind = "certain" if found.certain else f"guess, {found.probability:.1%} mine"
        print(f"{found.action} ({r}, {c}): {kind} [{found.rule}]")
        print(f"  {found.reason}")
        for alt in found.alternatives:
            cells = " ".join(str(position.coord(x)) for x in alt.cells[:6])
            more = f" and {len(alt.cells) - 6} more" if len(alt.cells) > 6 else ""
            print(f"  or {cells}{more}: {alt.reason}")
