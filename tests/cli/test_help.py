"""``--help``: every option shows its type (numbers as numbers, choices listed), every
command's line in ``sweepkit --help`` is one whole sentence, and help paragraphs wrap
where the terminal does."""

from __future__ import annotations

import re
import typing
from collections.abc import Iterator
from typing import Any

import pytest
import typer
import typer.main

from sweepkit.cli.main import build_app
from sweepkit.rules import LEVELS
from sweepkit.strategies import STRATEGIES
from tests.cli.inprocess import sweepkit

WIDE = {"COLUMNS": "200"}

INT = r"(?:<int>|INTEGER)"
FLOAT = r"(?:<float>|FLOAT)"
"""How Typer shows an integer and a decimal option (recent Typers, then older ones)."""

TEXT = {"<str>", "TEXT"}
"""How Typer shows an option that takes any text."""

TEXT_PARAMS = {"--first", "--shape", "--strength", "--budget", "--option", "--scheduler",
               "--db", "--move", "--input", "--host", "--admin-token", "NAME"}
"""The parameters that take text: cells, shapes, addresses, KEY=VALUE items, names that
are not a fixed list. Any other parameter has a type of its own."""


def rows(help_text: str) -> dict[str, str]:
    """The rows of the help's option and argument panels by their first word (``--games``,
    ``file``), each row's lines joined."""
    found: dict[str, str] = {}
    current = None
    for line in help_text.splitlines():
        inner = line.strip().strip("│").strip()
        indent = len(line) - len(line.lstrip("│ "))
        start = re.match(r"(?:\* +)?(-[-\w]+|[A-Za-z_]+)\s", inner)
        if line.startswith("│") and indent <= 6 and start:
            current = start[1]
            found[current] = inner
        elif current and line.startswith("│") and inner:
            found[current] += " " + inner
        else:
            current = None
    return found


def help_of(*command: str) -> dict[str, str]:
    done = sweepkit(*command, "--help", env=WIDE)
    assert done.returncode == 0, done.stderr
    return rows(done.stdout)


def test_bench_help_shows_every_numeric_option_as_a_number_and_lists_the_choices():
    shown = help_of("bench")
    for option in ("--games", "--seed", "--workers", "--radius", "--rows", "--cols", "--mines",
                   "--resume"):
        assert re.match(rf"{option}\s+{INT}\s", shown[option]), shown[option]
    assert re.match(rf"--connect-timeout\s+{FLOAT}\s", shown["--connect-timeout"])
    command = typer.main.get_command(build_app(["bench_cmds"])).commands["bench"]
    params = {max(p.opts, key=len): p for p in command.params}
    for option, names in (("--strategy", sorted(STRATEGIES)), ("--level", list(LEVELS)),
                          ("--rule", ["none", "safe", "opening"]), ("--dask", ["local"])):
        assert params[option].make_metavar(typer.Context(command)) == f"<{' | '.join(names)}>"
        assert re.match(rf"{option}\s+<", shown[option]), shown[option]
        for name in names:  # listed, if wrapped over lines
            assert re.search(rf"(?<![\w-]){name}(?![\w-])", shown[option]), (option, name)
    assert not re.match(r"--no-guess\s+<", shown["--no-guess"])  # a flag takes no value


@pytest.mark.parametrize(("command", "expected"), [
    (("new",), {"--seed": INT, "--rows": INT, "--mines": INT,
                "--level": r"<beginner \| intermediate \| expert \| pedersen-beginner>",
                "--hardest": r"<single \| subset \| linked \| global>",
                "--method": r"<auto \| uniform \| perturb>"}),
    (("check",), {"file": r"<file>", "--mines": INT, "--timeout": FLOAT, "--shrink": FLOAT}),
    (("enumerate",), {"--limit": INT, "--method": r"<fast \| kadlac>"}),
    (("report",), {"--run": INT, "--out": r"<directory>"}),
    (("puzzle",), {"--count": INT, "--time-limit": FLOAT, "--technique": r"<single \|"}),
    (("replay",), {"GAME_ID": INT, "--delay": INT}),
])
def test_other_commands_show_their_types(command, expected):
    shown = help_of(*command)
    for name, pattern in expected.items():
        assert re.match(rf"(?:\* +)?{name}\s+{pattern}", shown[name]), shown[name]


def commands() -> Iterator[tuple[str, Any, typer.models.CommandInfo]]:
    """Each command of the whole app: its name, its Click command and what it was made
    from (the function, whose annotations say which values are numbers)."""
    app = build_app()
    group = typer.main.get_command(app)
    for info in app.registered_commands:
        assert info.name is not None
        yield info.name, group.commands[info.name], info


def number_kind(annotation: Any) -> type | None:
    """``int`` or ``float`` when an annotation is a number (or an optional one, or a list
    of them); None otherwise."""
    while typing.get_origin(annotation) is typing.Annotated:
        annotation = typing.get_args(annotation)[0]
    parts = typing.get_args(annotation) or (annotation,)
    for part in parts:
        part = typing.get_args(part)[0] if typing.get_origin(part) is list else part
        if part in (int, float):
            return part
    return None


def test_no_number_is_shown_or_read_as_text():
    numbers = 0
    for name, command, info in commands():
        hints = typing.get_type_hints(info.callback, include_extras=True)
        ctx = typer.Context(command)
        for param in command.params:
            metavar = param.make_metavar(ctx)
            if param.param_type_name == "argument":
                label = str(param.metavar or param.name.upper())
                metavar = param.type.get_metavar(param, ctx) or f"<{param.type.name}>"
            else:
                label = max(param.opts, key=len)
            kind = number_kind(hints[param.name])
            if kind is not None:
                numbers += 1
                assert metavar not in TEXT, (name, label, metavar)
                assert isinstance(param.type.convert("7", param, ctx), kind), (name, label)
            if metavar in TEXT:
                assert label in TEXT_PARAMS, f"{name} {label}: a number read as text?"
    assert numbers >= 40  # every command's numbers were looked at


def test_every_command_line_in_the_command_list_is_one_whole_sentence():
    done = sweepkit("--help", env=WIDE)
    assert done.returncode == 0, done.stderr
    listed = {}
    for line in done.stdout.splitlines():
        row = re.match(r"│ ([a-z-]+) +(\S.*?) *│$", line)
        if row:
            listed[row[1]] = row[2]
    for name, command, _ in commands():
        short = command.short_help
        assert short.endswith((".", "?")) and "\n" not in short, (name, short)
        assert listed[name] == short, name  # whole, on its one line


def test_help_paragraphs_are_one_line_each_so_the_terminal_wraps_them():
    for name, command, _ in commands():
        for paragraph in (command.help or "").split("\n\n"):
            assert paragraph and "\n" not in paragraph, (name, paragraph)
        for param in command.params:
            assert "\n" not in (getattr(param, "help", None) or ""), (name, param.name)
    narrow = sweepkit("analyze", "--help", env={"COLUMNS": "60"}).stdout
    assert max(map(len, narrow.splitlines())) <= 60
    wide = sweepkit("analyze", "--help", env=WIDE).stdout
    # the source's line breaks are gone: what was two lines is one at 200 columns
    assert any("layouts_log10 (null without layouts)" in line for line in wide.splitlines())
    assert "cells as [coordinates]." in wide
