"""The types of the commands' options and arguments: whole numbers, numbers, choices, paths.

Each derives from the type Typer itself gives ``int``, ``float``, a choice or a path, so
``--help`` shows it as Typer shows its own (``<int>``, ``<float>``, ``<file>``; choices
listed, ``<none | safe | opening>``), and reads a value the project's way: a bad one gets
one line naming the option, ``error: --games: expected an integer, got 'x'``, and exit
status 2 rather than a usage box. Whole numbers are ASCII digits (``int`` alone would take
``1_0``, `` 7`` or ``٣``). Ranges are the commands' to check, each with its own message.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable
from enum import Enum
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.main import get_click_type
from typer.models import ParameterInfo

from sweepkit.cli.common import fail

WHOLE = re.compile(r"-?[0-9]+", re.ASCII)
"""A whole number in ASCII digits."""

DECIMAL = re.compile(r"[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?", re.ASCII)
"""A decimal number in ASCII digits, with an exponent or not (no ``nan``, no ``inf``)."""


class _Sample(Enum):
    """An enum for :func:`_typer_type` to find the type Typer reads choices with."""

    ONE = "one"


def _typer_type(annotation: Any) -> type[Any]:
    """The class of the type Typer reads ``annotation`` with (from Click, or from Typer's
    own copy of Click in recent Typers): deriving from it keeps Typer's rendering."""
    return type(get_click_type(annotation=annotation, parameter_info=ParameterInfo()))


def param_name(param: Any) -> str:
    """How a message names a parameter: an option by its long name (``--games``), an
    argument by its metavar (``GAME_ID``)."""
    if param is None:
        return "value"
    if param.param_type_name == "argument":
        return str(param.metavar or param.name.upper())
    long = [opt for opt in param.opts if opt.startswith("--")]
    return str((long or param.opts)[0])


class Integer(_typer_type(int)):
    """A whole number in ASCII digits, shown as Typer shows ``int``."""

    def convert(self, value: Any, param: Any, ctx: Any) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, str) and WHOLE.fullmatch(value):
            return int(value)
        fail(f"{param_name(param)}: expected an integer, got {value!r}")


class Number(_typer_type(float)):
    """A decimal number in ASCII digits, shown as Typer shows ``float``."""

    def convert(self, value: Any, param: Any, ctx: Any) -> float:
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
        if isinstance(value, str) and DECIMAL.fullmatch(value):
            return float(value)
        fail(f"{param_name(param)}: expected a number, got {value!r}")


class Choice(_typer_type(_Sample)):
    """One of a few names, listed in ``--help``; ``what`` names the kind in the message
    (``--level: unknown level 'huge' (expected one of beginner, ...)``), ``note`` adds a
    hint to it."""

    def __init__(self, choices: Iterable[str], what: str, note: str = "") -> None:
        super().__init__(tuple(choices))
        self.what = what
        self.note = note

    def get_metavar(self, param: Any, ctx: Any = None) -> str:
        """The choices as ``--help`` shows them, spaced so a narrow column wraps between
        them rather than inside a name."""
        return "<" + " | ".join(self.choices) + ">"

    def convert(self, value: Any, param: Any, ctx: Any) -> str:
        if value in self.choices:
            return str(value)
        names = list(self.choices)
        expected = names[0] if len(names) == 1 else f"one of {', '.join(names)}"
        note = f"; {self.note}" if self.note else ""
        fail(f"{param_name(param)}: unknown {self.what} {value!r} (expected {expected}{note})")


class FileName(_typer_type(Path)):
    """A file or directory name, shown as Typer shows a path (``<file>``, ``<directory>``)
    and passed on as text: the command reads or writes it and says in one line what went
    wrong (``-``, standard input, is a file name too)."""

    def __init__(self, directory: bool = False) -> None:
        super().__init__(file_okay=not directory, dir_okay=directory)

    def convert(self, value: Any, param: Any, ctx: Any) -> str:
        return os.fsdecode(value)


INTEGER = Integer()
"""The type of every whole-number option and argument."""

NUMBER = Number()
"""The type of every option that takes a number of seconds or another decimal."""

FILE = FileName()
"""The type of a file to read or write (``-``: standard input, where the command says so)."""

DIRECTORY = FileName(directory=True)
"""The type of a directory to write into."""


Rows = Annotated[int | None, typer.Option("--rows", click_type=INTEGER,
                                          help="Rows (overrides the level).")]
Cols = Annotated[int | None, typer.Option("--cols", click_type=INTEGER,
                                          help="Columns (overrides the level).")]
Mines = Annotated[int | None, typer.Option("--mines", click_type=INTEGER,
                                           help="Mines (overrides the level).")]
"""A custom board's options, as every command that makes boards takes them."""

Strength = Annotated[str | None, typer.Option(
    "--strength", help="How strongly best plays, against its speed: fast, normal (the "
    "default), max, or an endgame size in layouts.")]
Budget = Annotated[str | None, typer.Option(
    "--budget", hidden=True, help="The deprecated name of --strength.")]
"""``best``'s preset, as every command that plays it takes it; ``--budget``, its deprecated
name, is still read (:func:`strength_given`) but left out of ``--help``."""


def strength_given(strength: str | None, budget: str | None) -> str | None:
    """The preset the options name: ``--strength``, or ``--budget`` with a one-line notice
    on standard error; exit 2 when both are given and differ."""
    if budget is None:
        return strength
    print("note: --budget is the deprecated name of --strength", file=sys.stderr)
    if strength is not None and strength != budget:
        fail(f"--strength {strength} and --budget {budget} (its deprecated name) given both")
    return budget
