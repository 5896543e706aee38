"""Entry point of the ``sweepkit`` command: builds the Typer app from the command modules."""

from __future__ import annotations

import gc

import typer

from sweepkit.cli import (
    analysis_cmds,
    bench_cmds,
    board_cmds,
    game_cmds,
    report_cmds,
    search_cmds,
    store_cmds,
    strip_cmds,
)

app = typer.Typer(
    name="sweepkit",
    help="Minesweeper and its mathematics: play, analyse positions, run the automata.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def root() -> None:
    """Minesweeper and its mathematics: play, analyse positions, run the automata."""


for module in (board_cmds, game_cmds, analysis_cmds, strip_cmds, bench_cmds, store_cmds,
               report_cmds, search_cmds):
    module.register(app)


def main() -> None:
    """Run the command line."""
    # What the imports made lives as long as the process: the collector need not walk it
    # again on every collection of a big analysis (a tenth of the time of a 500x500 count).
    gc.freeze()
    app()
