"""Entry point of the ``sweepkit`` command: builds the Typer app from the command modules.

A command line names one command, so :func:`main` loads only the module that defines it
(:data:`HOMES`): ``sweepkit count`` does not import the players, the benchmark runner or
rich. Without a known command (``--help``, a typo) the whole app is built.
"""

from __future__ import annotations

import gc
import inspect
import re
import sys
from collections.abc import Iterable
from importlib import import_module

import typer

MODULES = ("board_cmds", "game_cmds", "analysis_cmds", "strip_cmds", "bench_cmds",
           "store_cmds", "report_cmds", "search_cmds", "rollout_cmds", "generate_cmds",
           "reduction_cmds", "embed_cmds", "web_cmds")
"""The command modules, in the order of the help's command list."""

HOMES = {
    "format": "board_cmds",
    "new": "game_cmds", "play-text": "game_cmds",
    "analyze": "analysis_cmds", "check": "analysis_cmds", "count": "analysis_cmds",
    "enumerate": "analysis_cmds", "unique": "analysis_cmds", "safe": "analysis_cmds",
    "strip": "strip_cmds", "automaton": "strip_cmds",
    "bench": "bench_cmds",
    "runs": "store_cmds", "replay": "store_cmds", "watch": "store_cmds",
    "report": "report_cmds",
    "optimal": "search_cmds", "hint": "search_cmds", "rollout": "rollout_cmds",
    "puzzle": "generate_cmds",
    "gadget": "reduction_cmds",
    "reduce": "reduction_cmds",
    "embed": "embed_cmds",
    "web": "web_cmds",
}
"""The module that defines each command (a test checks it against the modules)."""


def build_app(modules: Iterable[str] = MODULES) -> typer.Typer:
    """The command-line app with the commands of ``modules`` (all of them by default).

    A command's docstring is its help, :func:`flowing` so the terminal wraps it; its first
    paragraph, one sentence, is its line in ``sweepkit --help``.
    """
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

    for name in modules:
        import_module(f"sweepkit.cli.{name}").register(app)
    for command in app.registered_commands:
        command.help = flowing(command.help or inspect.getdoc(command.callback) or "")
        command.short_help = command.help.partition("\n\n")[0]
    return app


MARKUP_TAG = re.compile(r"\[(?=[a-z#/@][^\[]*?\])")
"""The opening bracket of what rich would read as a markup tag (``[coordinates]``)."""


def flowing(text: str) -> str:
    r"""A command's help as the terminal should wrap it: each paragraph on one line (the
    docstring's line breaks dropped), brackets kept from rich's markup.

    >>> flowing("Count the layouts of a\n    board.\n\n    Cells as [row, col].")
    'Count the layouts of a board.\n\nCells as \\[row, col].'
    """
    paragraphs = inspect.cleandoc(text).split("\n\n")
    joined = (" ".join(line.strip() for line in p.splitlines()) for p in paragraphs)
    return "\n\n".join(MARKUP_TAG.sub(r"\\[", p) for p in joined)


def main() -> None:
    """Run the command line."""
    command = sys.argv[1] if len(sys.argv) > 1 else None
    app = build_app([HOMES[command]] if command in HOMES else MODULES)
    # What the imports made lives as long as the process: the collector need not walk it
    # again on every collection of a big analysis (a tenth of the time of a 500x500 count).
    gc.freeze()
    app()


def __getattr__(name: str) -> typer.Typer:
    """``app``: the whole app, built on first use (the tests drive it in process)."""
    if name == "app":
        return build_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
