"""Commands on the ``.board`` format itself."""

from __future__ import annotations

import typer

from sweepkit.boardfile import format_board
from sweepkit.cli.common import load_position
from sweepkit.cli.params import FILE


def register(app: typer.Typer) -> None:
    """Add the board-format commands to ``app``."""

    @app.command("format")
    def format_cmd(
        file: str = typer.Argument(..., click_type=FILE,
                                   help="A .board file, or - for standard input."),
    ) -> None:
        """Check a .board file and print it in canonical form (exit 2 on bad input)."""
        print(format_board(load_position(file)), end="")
